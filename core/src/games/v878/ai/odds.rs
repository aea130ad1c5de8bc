//! What the simple player and the evaluation reckon with: each side's forces in a
//! shire, a quick estimate of who wins a battle between two forces (from the dice
//! faces in the data and the dice each faction owns, 4.0-4.3), and distances on the map.

use super::super::data::{data, Face, Faction, Side};
use super::super::state::{V878State, FYRD};
use crate::board::area::AreaId;
use std::sync::OnceLock;

/// Units by kind (Housecarl, Thegn, Norsemen, Berserker, Fyrd), as in `Troops`.
pub type Forces = [u32; 5];

pub fn total(f: &Forces) -> u32 {
    f.iter().sum()
}

/// The units of `side` in a shire, on the map and on the Leader cards there.
pub fn forces(state: &V878State, shire: AreaId, side: Side) -> Forces {
    let mut out = [0u32; 5];
    let i = shire.0 as usize;
    let Some(row) = state.map.get(i) else {
        return out;
    };
    for &k in kinds(side) {
        out[k] += row[k] as u32;
    }
    for l in &state.leaders {
        if l.shire() == Some(shire) {
            for &k in kinds(side) {
                out[k] += l.troops[k] as u32;
            }
        }
    }
    out
}

/// The unit kinds of a side (the Fyrd fight for the English).
pub fn kinds(side: Side) -> &'static [usize] {
    match side {
        Side::English => &[0, 1, FYRD],
        Side::Viking => &[2, 3],
    }
}

/// Per kind: dice owned, and the chance of a Hit and of a Flee on one die.
struct DiceTable {
    owned: [u32; 5],
    hit: [f64; 5],
    flee: [f64; 5],
}

fn table() -> &'static DiceTable {
    static T: OnceLock<DiceTable> = OnceLock::new();
    T.get_or_init(|| {
        let d = data();
        let mut t = DiceTable {
            owned: [0; 5],
            hit: [0.0; 5],
            flee: [0.0; 5],
        };
        for k in 0..5 {
            let dice = if k == FYRD {
                d.fyrd_dice()
            } else {
                d.dice(Faction::ALL[k])
            };
            t.owned[k] = dice.owned as u32;
            t.hit[k] = dice.count(Face::Hit) as f64 / 6.0;
            t.flee[k] = dice.count(Face::Flee) as f64 / 6.0;
        }
        t
    })
}

/// Dice a faction (or the Fyrd, kind 4) owns: the most it rolls (4.0).
pub fn owned(kind: usize) -> u32 {
    table().owned.get(kind).copied().unwrap_or(0)
}

/// What one die of a kind is worth in a battle: its chance of a Hit, less half its
/// chance of a Flee (a Flee takes one of the roller's own units away, 4.3).
pub fn die_value(kind: usize) -> f64 {
    let t = table();
    match (t.hit.get(kind), t.flee.get(kind)) {
        (Some(h), Some(f)) => h - 0.5 * f,
        _ => 0.0,
    }
}

/// Expected Hits scored and Flees suffered by one roll of these forces.
fn rates(x: &Forces) -> (f64, f64) {
    let t = table();
    let (mut hits, mut flees) = (0.0, 0.0);
    for (k, n) in x.iter().enumerate() {
        let dice = (*n).min(t.owned[k]) as f64;
        hits += dice * t.hit[k];
        flees += dice * t.flee[k];
    }
    (hits, flees)
}

/// The chance that forces `x` are left in the shire when a battle against `y` ends:
/// each side lasts about its units over what it loses per exchange (the other's Hits
/// and its own Flees), and the side that lasts longer usually wins. Smooth, cheap and
/// rough; enough to tell a sure attack from a gamble.
pub fn win_chance(x: &Forces, y: &Forces) -> f64 {
    let (nx, ny) = (total(x) as f64, total(y) as f64);
    if ny == 0.0 {
        return 1.0;
    }
    if nx == 0.0 {
        return 0.0;
    }
    let (hx, fx) = rates(x);
    let (hy, fy) = rates(y);
    let tx = nx / (hy + fx + 0.05);
    let ty = ny / (hx + fy + 0.05);
    let (a, b) = (tx * tx, ty * ty);
    a / (a + b)
}

/// The fewest land moves between two shires, ignoring who holds what (255 when one
/// cannot reach the other).
pub fn dist(a: AreaId, b: AreaId) -> u8 {
    static D: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    let all = D.get_or_init(|| {
        let d = data();
        let n = d.shires().len();
        let mut out = vec![vec![u8::MAX; n]; n];
        for (from, row) in out.iter_mut().enumerate() {
            row[from] = 0;
            let mut frontier = vec![AreaId(from as u16)];
            let mut step = 0u8;
            while !frontier.is_empty() {
                step = step.saturating_add(1);
                let mut next = Vec::new();
                for s in frontier {
                    for &m in d.neighbours(s) {
                        let mi = m.0 as usize;
                        if mi < n && row[mi] == u8::MAX {
                            row[mi] = step;
                            next.push(m);
                        }
                    }
                }
                frontier = next;
            }
        }
        out
    });
    all.get(a.0 as usize)
        .and_then(|r| r.get(b.0 as usize))
        .copied()
        .unwrap_or(u8::MAX)
}
