//! How many steps apart two places are for a land force (14.2: orthogonal steps, 14.12
//! and 14.14: never across an all-sea side or into the sea; 21.2: a box by its bordering
//! squares) and for a power's fleets (17.2, G1, 21.1: the map's own passage rules).
//! Terrain costs are left out: the computer players only need to know which town is
//! nearer, and step tables built once serve every decision.

use super::super::data::Power;
use super::super::data::{self, data, Place};
use super::super::moves::geometry::{check_passage, land_side_open};
use super::super::moves::{Force, HalfMp, Mode};
use std::collections::{BTreeMap, VecDeque};
use std::sync::OnceLock;

/// Steps between places no land force can join.
pub const FAR: u8 = u8::MAX;

struct Table {
    index: BTreeMap<Place, usize>,
    steps: Vec<Vec<u8>>,
}

fn land_step(from: Place, to: Place) -> bool {
    let map = &data().map;
    match (from, to) {
        (Place::Square(a), Place::Square(b)) => land_side_open(a, b),
        (Place::Square(a), Place::Box(_)) | (Place::Box(_), Place::Square(a)) => map.is_land(a),
        (Place::Box(_), Place::Box(_)) => false,
    }
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| build(land_step))
}

/// The fleets of each power (`Power::ALL` order): only Vikings sail into Norway (21.1).
fn sea_tables() -> &'static [Table; 4] {
    static TABLES: OnceLock<[Table; 4]> = OnceLock::new();
    TABLES.get_or_init(|| {
        Power::ALL.map(|power| {
            let fleet = Force {
                power,
                mode: Mode::Fleet {
                    fleets: 1,
                    cargo: 0,
                },
                ma: HalfMp(0),
                box_crossed: None,
            };
            build(move |a, b| check_passage(&fleet, a, b).is_ok())
        })
    })
}

fn build(step: impl Fn(Place, Place) -> bool) -> Table {
    {
        let mut places: Vec<Place> = data::grid().squares().map(Place::Square).collect();
        places.extend(data().map.boxes.iter().map(|b| Place::Box(b.id)));
        let index: BTreeMap<Place, usize> =
            places.iter().enumerate().map(|(i, p)| (*p, i)).collect();
        let steps = places
            .iter()
            .map(|&start| {
                let mut row = vec![FAR; places.len()];
                let mut queue = VecDeque::from([start]);
                row[index[&start]] = 0;
                while let Some(at) = queue.pop_front() {
                    let d = row[index[&at]];
                    for next in at.neighbours() {
                        let Some(&j) = index.get(&next) else { continue };
                        if row[j] == FAR && step(at, next) {
                            row[j] = d.saturating_add(1);
                            queue.push_back(next);
                        }
                    }
                }
                row
            })
            .collect();
        Table { index, steps }
    }
}

/// Land steps from `a` to `b`; [`FAR`] when no land path joins them.
pub fn steps(a: Place, b: Place) -> u8 {
    lookup(table(), a, b)
}

/// Steps of `power`'s fleets from `a` to `b`; [`FAR`] when no water joins them.
pub fn sea_steps(power: Power, a: Place, b: Place) -> u8 {
    lookup(&sea_tables()[power as usize], a, b)
}

fn lookup(t: &Table, a: Place, b: Place) -> u8 {
    match (t.index.get(&a), t.index.get(&b)) {
        (Some(&i), Some(&j)) => t.steps[i][j],
        _ => FAR,
    }
}
