//! How well a side stands, from 0.0 (lost) to 1.0 (won): the search player's score for
//! a playout cut short at a horizon.
//!
//! Cheap (one pass over the units), smooth (a logistic curve of the Viking's progress
//! towards the scenario's goal), and honest: loot counts fully only once aboard
//! (11.0, 12.2), loot still carried counts part of its worth, and the penalty for
//! Vikings still ashore (H-VC-1, H-VP-2) weighs more as the turns run out.

use super::super::data::{data, VictoryRule};
use super::super::state::{FuryState, Place, UnitId};
use super::super::units::{Kind, Side};
use super::super::victory;
use super::super::victory::major_buildings_burned;
use super::super::Fury;
use crate::engine::{Game, Seat, Turn};

/// Loot carried ashore counts this share of its worth: it still has to reach a Ship.
const CARRIED: f64 = 0.6;

pub fn evaluate(state: &FuryState, seat: Seat) -> f64 {
    match Fury::to_act(state) {
        Turn::Over(outcome) if outcome.winners.is_empty() => return 0.5,
        Turn::Over(outcome) => {
            return if outcome.winners.contains(&seat) {
                1.0
            } else {
                0.0
            }
        }
        Turn::Decide(_) => {}
    }
    let p = viking_chance(state);
    match Side::of_seat(seat) {
        Some(Side::Viking) => p,
        Some(Side::Villager) => 1.0 - p,
        None => 0.5,
    }
}

/// The share of the game played, 0 at the start of turn 1 and 1 at the end of turn 12.
fn elapsed(state: &FuryState) -> f64 {
    let turns = data().tables.turns as f64;
    ((state.turn as f64 - 1.0).max(0.0) / turns).clamp(0.0, 1.0)
}

fn aboard(state: &FuryState, id: UnitId) -> bool {
    matches!(state.unit(id).place, Place::Embarked(s) if !state.ships[s as usize].destroyed)
}

fn carried(state: &FuryState, id: UnitId) -> bool {
    matches!(state.unit(id).place, Place::Held(v) if state.unit(v).side() == Side::Viking)
}

/// Viking units still on the map (each one costs the Viking if it stays: H-VC-1).
fn ashore(state: &FuryState) -> f64 {
    state
        .units
        .iter()
        .filter(|u| u.side() == Side::Viking && matches!(u.place, Place::OnMap(_)))
        .count() as f64
}

/// The Viking's progress towards the scenario's goal: 1.0 is the goal just met.
pub fn viking_progress(state: &FuryState) -> f64 {
    let t = elapsed(state);
    let leader = state.options.leader_value as f64;
    match state.options.scenario().victory {
        VictoryRule::Basic => {
            let worth = |k: Kind| match k {
                Kind::ChurchTreasure => 3.0,
                k if k.is_villager_leader() => leader,
                Kind::Woman | Kind::Animal | Kind::Treasure => 1.0,
                _ => 0.0,
            };
            let mut loot = 0.0;
            for id in state.ids() {
                let k = state.unit(id).kind;
                if aboard(state, id) {
                    loot += worth(k);
                } else if carried(state, id) {
                    loot += CARRIED * worth(k);
                }
            }
            (loot - t * ashore(state)) / 18.0
        }
        VictoryRule::Advanced => {
            // Doubled VP as 12.2 counts them now; Vikings still ashore count against
            // the Viking only as the end nears.
            let (v, w) = victory::advanced_points(state);
            let d = data();
            let stranded: f64 = state
                .units
                .iter()
                .filter(|u| u.side() == Side::Viking && matches!(u.place, Place::OnMap(_)))
                .map(|u| 2.0 * d.stats(u.kind).defense.unwrap_or(0) as f64)
                .sum();
            let held: f64 = state
                .ids()
                .filter(|&id| carried(state, id))
                .map(|id| match state.unit(id).kind {
                    Kind::ChurchTreasure => 36.0,
                    k if k.is_villager_leader() => 30.0,
                    Kind::Treasure => 12.0,
                    Kind::Woman => 8.0,
                    Kind::Animal => 4.0,
                    _ => 0.0,
                })
                .sum();
            let w = (w as f64 - (1.0 - t) * stranded).max(1.0);
            (v as f64 + CARRIED * held) / (2.0 * w)
        }
        VictoryRule::Punitive => {
            let (mut non, mut fighters) = (0.0f64, 0.0f64);
            for u in &state.units {
                if u.side() != Side::Villager || u.place != Place::Eliminated {
                    continue;
                }
                match u.kind {
                    Kind::Woman | Kind::Animal | Kind::Priest => non += 1.0,
                    k if k.is_villager_combatant() => fighters += 1.0,
                    _ => {}
                }
            }
            let fighters =
                fighters - 2.0 * t * ashore(state) - 10.0 * state.ships_destroyed() as f64;
            let fired = state
                .fired
                .iter()
                .filter(|h| state.terrain(*h).is_some_and(|t| t.is_building()))
                .count() as f64;
            (non / 10.0).min(fighters / 30.0).min(fired / 20.0)
        }
        VictoryRule::BloodMoney => {
            let mut leaders = 0.0;
            for id in state.ids() {
                if !state.unit(id).kind.is_villager_leader() {
                    continue;
                }
                if aboard(state, id) {
                    leaders += 1.0;
                } else if carried(state, id) {
                    leaders += CARRIED;
                }
            }
            let burned = major_buildings_burned(state) as f64;
            let leaders =
                leaders - state.ships_destroyed() as f64 - (t * ashore(state) > 4.0) as u8 as f64;
            // A draw by fire (13.2) is half a win.
            (leaders / 3.0).max(0.5 * burned / 3.0)
        }
    }
}

/// The Viking's chance, as a logistic curve of progress that sharpens as the game
/// nears its end (early on much can still change). It is centred a little short of
/// the goal, so that the goal met exactly (the rules' "at least") counts as winning.
fn viking_chance(state: &FuryState) -> f64 {
    let x = viking_progress(state);
    let t = elapsed(state);
    let k = 3.0 + 27.0 * t * t;
    1.0 / (1.0 + (-k * (x - 0.9)).exp())
}
