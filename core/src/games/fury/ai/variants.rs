//! Plans for the simple Viking: the knobs a portfolio search could turn once a Viking
//! turn (issue 10, STRENGTH.md "Plan variants of the simple Viking"). `VikingPlan::
//! default()` is the simple Viking as it always played (choice_digests.txt pins it);
//! each other plan changes one rule of thumb: which raid targets, how far a loot
//! carrier walks alone, where it may end its move, when to turn home.
//!
//! The simple Villager strikes only Vikings carrying loot, and only with one unit that
//! alone reaches 1-1 or better against the carrier (its `villager_movement`): so what
//! exposes a carrier is a Villager fighter with Attack Strength at least the carrier's
//! defence there (doubled in Woods and Buildings, 7.5) that can walk to its hex this
//! turn. `Exposure` gathers that once per decision for the plans that ask.

use super::super::data::{data, Terrain};
use super::super::state::{FuryState, Place};
use super::super::units::{Kind, Side};
use crate::board::Hex;

/// How the simple Viking raids. Every field at its default is today's simple player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VikingPlan {
    /// A Viking carrying one captive goes on raiding unless a Ship is at most this
    /// many steps away (default 2: hand it aboard on the way, 5.6.1); `u16::MAX`: every
    /// carrier walks home at once.
    pub carry_alone: u16,
    /// Carriers do not end a move where a Villager could strike them (see the module
    /// notes), and raid targets where the raider would stand exposed once it has
    /// captured are worth a third.
    pub safe_ends: bool,
    /// Tenths of a loot unit per Attack Strength point of a Villager fighter of
    /// `prey` Attack or more, so that raiders go for the fighters that strike carriers
    /// (Regular Infantry, Cavalry) before the loot (0: only loot counts, AI note 4).
    pub hunt: u32,
    /// The least Attack Strength of a Villager fighter the hunt goes for: 2, those
    /// that can strike a carrier; 1, every fighter (Militia and Monks too, who hold the
    /// Houses and the Church).
    pub prey: u32,
    /// Raid only targets at most this many steps (over land, from a Ship) away.
    pub reach: u16,
    /// Turns added to the walk home before a raider turns back (4.0: 12 turns).
    pub spare_turns: u32,
    /// Cost, in tenths of a hex, of a raider ending its move with no other Viking next
    /// to it (0: never asked).
    pub lone: i64,
    /// While the village sleeps (5.7), take the loot no Villager combatant stands in or
    /// next to first (worth a quarter elsewhere), and walk no path that wakes it except
    /// into the target itself: the Villagers may not move or strike until then.
    pub stealth: bool,
    /// The Chiefs leave the Ship's guard and each goes with a raider: stacked with it
    /// (6.4) it shifts the raider's odds a column (7.4), enough to take a House held by
    /// two Militia (4 against 2 doubled twice, 7.5: 1-1, with the Chief 2-1).
    pub escort: bool,
}

impl Default for VikingPlan {
    fn default() -> Self {
        VikingPlan {
            carry_alone: 2,
            safe_ends: false,
            hunt: 0,
            prey: 2,
            reach: u16::MAX,
            spare_turns: 0,
            lone: 0,
            stealth: false,
            escort: false,
        }
    }
}

/// The plans the Viking's search weighs against each other (`Game::plans`, the halving
/// root): the default first, as the contract asks, then those that carried home the
/// most loot alone against the simple Villager (STRENGTH.md, "Plan variants"). The
/// hunters win a third of their games there but half of them against a Villager whose
/// fighters wander, where the default wins nearly all: which one suits is a question
/// of the opponent, that playouts on the position can answer and one fixed plan cannot.
pub(crate) fn portfolio() -> [VikingPlan; 4] {
    let d = VikingPlan::default();
    [
        d,
        VikingPlan { escort: true, ..d },
        VikingPlan {
            escort: true,
            hunt: 80,
            ..d
        },
        VikingPlan {
            escort: true,
            hunt: 20,
            safe_ends: true,
            ..d
        },
    ]
}

/// The plans measured in STRENGTH.md, by name: the default first. (Only the
/// measurement asks for them until a portfolio player chooses among them.)
#[cfg(test)]
pub fn named_plans() -> Vec<(&'static str, VikingPlan)> {
    let d = VikingPlan::default();
    vec![
        ("default", d),
        (
            "carry-home",
            VikingPlan {
                carry_alone: u16::MAX,
                ..d
            },
        ),
        (
            "safe-ends",
            VikingPlan {
                safe_ends: true,
                ..d
            },
        ),
        ("hunt-5", VikingPlan { hunt: 5, ..d }),
        ("near-10", VikingPlan { reach: 10, ..d }),
        (
            "home-early",
            VikingPlan {
                spare_turns: 2,
                ..d
            },
        ),
        ("pairs", VikingPlan { lone: 30, ..d }),
        ("stealth", VikingPlan { stealth: true, ..d }),
        ("escort", VikingPlan { escort: true, ..d }),
        ("hunt-10", VikingPlan { hunt: 10, ..d }),
        (
            "escort+hunt-5",
            VikingPlan {
                escort: true,
                hunt: 5,
                ..d
            },
        ),
        ("hunt-20", VikingPlan { hunt: 20, ..d }),
        (
            "escort+hunt-10",
            VikingPlan {
                escort: true,
                hunt: 10,
                ..d
            },
        ),
        (
            "escort+hunt-20",
            VikingPlan {
                escort: true,
                hunt: 20,
                ..d
            },
        ),
        ("hunt-40", VikingPlan { hunt: 40, ..d }),
        (
            "escort+hunt-40",
            VikingPlan {
                escort: true,
                hunt: 40,
                ..d
            },
        ),
        ("hunt-80", VikingPlan { hunt: 80, ..d }),
        (
            "escort+hunt-80",
            VikingPlan {
                escort: true,
                hunt: 80,
                ..d
            },
        ),
        (
            "escort+hunt-40-all",
            VikingPlan {
                escort: true,
                hunt: 40,
                prey: 1,
                ..d
            },
        ),
        (
            "escort+hunt-20+carry",
            VikingPlan {
                escort: true,
                hunt: 20,
                carry_alone: u16::MAX,
                ..d
            },
        ),
        (
            "escort+hunt-20+safe",
            VikingPlan {
                escort: true,
                hunt: 20,
                safe_ends: true,
                ..d
            },
        ),
        (
            "escort+carry",
            VikingPlan {
                escort: true,
                carry_alone: u16::MAX,
                ..d
            },
        ),
        (
            "escort+safe",
            VikingPlan {
                escort: true,
                safe_ends: true,
                ..d
            },
        ),
        (
            "safe+hunt-5",
            VikingPlan {
                safe_ends: true,
                hunt: 5,
                ..d
            },
        ),
        (
            "safe+carry",
            VikingPlan {
                safe_ends: true,
                carry_alone: u16::MAX,
                ..d
            },
        ),
    ]
}

/// Cost, in tenths of a hex, of a carrier ending exposed: a strike at 1-1 takes its
/// captives on 4 rolls in 6 (DE, DR, EX: 7.7-c), about six hexes' worth of walk.
pub const EXPOSED_COST: i64 = 60;

/// Half-MP, as the movement rules count them (5.4.1: a road step costs half).
const HALF: u32 = 2;

/// Per hex of the map (dense index): the highest Attack Strength of one Villager
/// fighter that can end its next move there.
pub struct Exposure {
    strike: Vec<u8>,
}

impl Exposure {
    pub fn of(state: &FuryState) -> Exposure {
        let d = data();
        let n = d.grid.len();
        let mut viking = vec![false; n];
        for u in &state.units {
            if let Place::OnMap(h) = u.place {
                if let (Side::Viking, Some(i)) = (u.side(), d.grid.index(h)) {
                    viking[i] = true;
                }
            }
        }
        let mut strike = vec![0u8; n];
        let mut left = vec![-1i32; n];
        let mut stack = Vec::new();
        for u in &state.units {
            let Place::OnMap(h) = u.place else { continue };
            if u.side() != Side::Villager || !u.kind.counts_as_villager_combatant() {
                continue;
            }
            let stats = d.stats(u.kind);
            let attack = stats.attack.unwrap_or(0);
            // Attack 1 never reaches 1-1 against a Viking (Defense 2 or more).
            let Some(from) = d.grid.index(h).filter(|_| attack >= 2) else {
                continue;
            };
            let allowance = (stats.ma as u32 * HALF) as i32;
            reach(
                state,
                from,
                allowance,
                u.kind == Kind::Cavalry,
                &viking,
                &mut left,
                &mut stack,
            );
            for (s, &l) in strike.iter_mut().zip(&left) {
                if l >= 0 {
                    *s = (*s).max(attack);
                }
            }
        }
        Exposure { strike }
    }

    /// Would a Viking of this Defense Strength, ending in `hex`, be struck (1-1 or
    /// better for one Villager unit: the simple Villager's rule)?
    pub fn exposed(&self, state: &FuryState, hex: Hex, defence: u32) -> bool {
        let Some(i) = data().grid.index(hex) else {
            return false;
        };
        let d = defence * if state.doubles_defense(hex) { 2 } else { 1 };
        self.strike[i] as u32 >= d
    }
}

/// The hexes a Villager unit at `from` can end its move in (`left[i] >= 0`), with
/// `allowance` half-MP: every step 1 MP, half along a road, the fraction lost on
/// leaving it (5.4.1); never Sea or a Fired hex (5.4.2, 10.3), nor a Building for
/// Cavalry (5.4.2-c); Woods, hills, enclosures, Buildings (Terrain Effects Chart) and
/// a Viking's hex (5.3) end the move. Stacking limits are not asked.
fn reach(
    state: &FuryState,
    from: usize,
    allowance: i32,
    no_buildings: bool,
    viking: &[bool],
    left: &mut [i32],
    stack: &mut Vec<usize>,
) {
    let d = data();
    left.fill(-1);
    left[from] = allowance;
    stack.clear();
    stack.push(from);
    while let Some(i) = stack.pop() {
        let here = d.terrain_at(i);
        if i != from && (viking[i] || here.stops_movement()) {
            continue;
        }
        let l = left[i];
        for &j in d.neighbours_of(i) {
            let j = j as usize;
            let t = d.terrain_at(j);
            if t == Terrain::Sea
                || (no_buildings && t.is_building())
                || state.fired.contains_index(j)
            {
                continue;
            }
            let next = if d.is_road_link_index(i, j) {
                l - 1
            } else {
                (l & !1) - HALF as i32
            };
            if next > left[j] {
                left[j] = next;
                stack.push(j);
            }
        }
    }
}
