//! How well a side stands, from 0.0 (lost) to 1.0 (won): the search player's score for
//! a playout cut short at a horizon.
//!
//! Cheap (a few passes over the units), smooth (a logistic curve of the Viking's
//! progress towards the scenario's goal), and honest: loot counts fully only once aboard
//! (11.0, 12.2), loot still carried counts part of its worth (more the nearer a Ship it
//! is), and the penalty for Vikings still ashore (H-VC-1, H-VP-2) weighs more as the
//! turns run out.
//!
//! Two things a player weighs long before the tally:
//!
//! - **Ships in danger.** A Ship that Villager combatants can reach and burn before a
//!   Viking stands on it (10.4, H-SHIP-2), or that a Priest, the Bishop or the Abbot can
//!   bring within Divine Wrath range (7.10, 7.11: 1-2 destroys it, guard or no guard),
//!   may be lost in the next turn. Where losing it ends the game (11.0 in the Basic
//!   Game, both Ships in Scenarios I and III) the Viking's chance is scaled by the
//!   chance that it survives; elsewhere the loss costs what the scenario counts for it
//!   (12.2: 20 VP; 13.1: 10 combatants; 13.2: one Leader).
//! - **Prospects.** Before any raid has succeeded the tally does not move, so the
//!   Vikings' reach counts a little: loot in the open near a raider with room for it,
//!   less when Villager combatants stand with it, and unsacked ordinary Buildings (9.2:
//!   Treasure on 1-2). Prospects fade as the game runs out.
//!
//! The Villager's score is one minus the Viking's, so the same terms push the search
//! Villager towards unguarded Ships and away from raiders. A game over is scored
//! exactly: 1 won, 0 lost, 0.5 drawn.

use super::super::data::{data, VictoryRule};
use super::super::state::{FuryState, Phase, Place, UnitId};
use super::super::units::{Kind, Side};
use super::super::victory;
use super::super::victory::major_buildings_burned;
use super::super::Fury;
use super::simple::buildings;
use crate::board::Hex;
use crate::engine::{Game, Seat, Turn};

/// Loot carried ashore counts between these shares of its worth (far from a Ship, next
/// to one): it still has to reach a Ship.
const CARRIED_FAR: f64 = 0.5;
const CARRIED_NEAR: f64 = 0.9;
/// Hexes from a Ship beyond which carried loot counts only `CARRIED_FAR`.
const CARRIED_SPAN: f64 = 10.0;

/// Prospects (loot a raider may reach) count this share of their worth at the start.
const PROSPECT: f64 = 0.3;
/// Hexes from the nearest raider beyond which loot is no prospect (two turns' march).
const PROSPECT_SPAN: f64 = 8.0;
/// A prospect guarded by Villager combatants (they must be beaten first, 8.0).
const GUARDED_PROSPECT: f64 = 0.35;

/// While the village is locked (5.7) nothing of it moves or burns until the Viking
/// rouses it; he will, so its threats count this share.
const LOCKED: f64 = 0.35;

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

/// The Ships still afloat, with their hexes.
fn afloat(state: &FuryState) -> impl Iterator<Item = (usize, Hex)> + '_ {
    state
        .ships
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.destroyed)
        .filter_map(|(i, s)| s.hex.map(|h| (i, h)))
}

fn distance(a: Hex, b: Hex) -> u32 {
    data().grid.distance(a, b)
}

/// Hexes from `hex` to the nearest Ship afloat (99 when none is).
fn to_ship(state: &FuryState, hex: Hex) -> u32 {
    afloat(state)
        .map(|(_, s)| distance(s, hex))
        .min()
        .unwrap_or(99)
}

/// The Ship a unit is aboard, if it is afloat.
fn aboard_ship(state: &FuryState, id: UnitId) -> Option<usize> {
    match state.unit(id).place {
        Place::Embarked(s) if !state.ships[s as usize].destroyed => Some(s as usize),
        _ => None,
    }
}

/// The share of its worth loot counts for now: all of it aboard, part of it carried
/// (more the nearer a Ship its escort stands), none otherwise.
fn loot_share(state: &FuryState, id: UnitId) -> f64 {
    if aboard_ship(state, id).is_some() {
        return 1.0;
    }
    let Place::Held(escort) = state.unit(id).place else {
        return 0.0;
    };
    if state.unit(escort).side() != Side::Viking {
        return 0.0;
    }
    let near = match state.unit(escort).place {
        Place::OnMap(h) => (1.0 - to_ship(state, h) as f64 / CARRIED_SPAN).max(0.0),
        _ => 0.0,
    };
    CARRIED_FAR + (CARRIED_NEAR - CARRIED_FAR) * near
}

/// Viking units still on the map (each one costs the Viking if it stays: H-VC-1).
fn ashore(state: &FuryState) -> f64 {
    state
        .units
        .iter()
        .filter(|u| u.side() == Side::Viking && matches!(u.place, Place::OnMap(_)))
        .count() as f64
}

/// How likely a Ship is to be lost in the turn to come, by fire (10.4) and by Divine
/// Wrath (7.11). A rough chance, from where the threats stand, not a forecast.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShipDanger {
    pub burn: f64,
    pub wrath: f64,
}

impl ShipDanger {
    pub fn lost(&self) -> f64 {
        1.0 - (1.0 - self.burn) * (1.0 - self.wrath)
    }
}

/// The chance a unit of movement allowance `ma` standing `d` hexes away gets to a hex
/// in its next Movement Phase (roads double the allowance, 5.4.1; terrain may stop it,
/// 5.4), or in the one after.
fn reach(d: u32, ma: u32) -> f64 {
    if d == 0 {
        1.0
    } else if d <= ma {
        0.8
    } else if d <= 2 * ma {
        0.4
    } else if d <= 3 * ma {
        0.1
    } else {
        0.0
    }
}

/// The danger to the Ship in `ship` (see the module notes).
pub fn ship_danger(state: &FuryState, ship: Hex) -> ShipDanger {
    let d = data();
    let burn_chance = d.tables.burn_ship_max as f64 / 6.0;
    let wrath_chance = d.tables.divine_wrath.destroy_max as f64 / 6.0;
    let range = d.tables.divine_wrath.range;
    // The Viking may still put a guard on it before the Villagers move (5.0 order).
    let viking_first = matches!(
        state.phase,
        Phase::VillagerSetup | Phase::VikingSetup | Phase::VikingMovement
    );
    let (mut fighter_guard, mut chief_guard, mut could_guard) = (false, false, false);
    let (mut no_burn, mut no_wrath) = (1.0f64, 1.0f64);
    for u in &state.units {
        match (u.side(), u.place) {
            (Side::Viking, Place::OnMap(h)) if h == ship => {
                if u.kind.is_leader() {
                    chief_guard = true;
                } else {
                    fighter_guard = true;
                }
            }
            (Side::Viking, Place::OnMap(h)) => {
                could_guard |= viking_first
                    && !u.moved
                    && !u.kind.is_leader()
                    && distance(h, ship) <= d.stats(u.kind).ma as u32;
            }
            (Side::Viking, Place::Aboard) => could_guard |= viking_first,
            (Side::Villager, Place::OnMap(h)) => {
                let dist = distance(h, ship);
                let ma = d.stats(u.kind).ma as u32;
                if u.kind.is_villager_combatant() {
                    // A unit that fought this turn cannot burn it this turn (H-SHIP-2);
                    // it still can the next.
                    no_burn *= 1.0 - reach(dist, ma);
                }
                if u.kind.can_invoke_wrath() && !u.wrath_used {
                    no_wrath *= 1.0 - wrath_chance * reach(dist.saturating_sub(range), ma);
                }
            }
            _ => {}
        }
    }
    let guard = if fighter_guard {
        // Only if the guard is beaten and no Viking comes back in time.
        0.05
    } else if chief_guard {
        // A Chief alone has no defence (7.9): he blocks one turn at most.
        0.5
    } else if could_guard {
        0.5
    } else {
        1.0
    };
    let lock = if state.lock_lifted { 1.0 } else { LOCKED };
    ShipDanger {
        burn: (1.0 - no_burn) * burn_chance * guard * lock,
        wrath: (1.0 - no_wrath) * lock,
    }
}

/// The chance that the Villager wins at once by destroying Ships (11.0, 13.1, 13.3) in
/// the turn to come; 0 in the scenarios without that rule.
fn automatic_loss(state: &FuryState, lost: &[(usize, f64)]) -> f64 {
    let Some(needed) = state.options.scenario().ships_lost_for_auto_win else {
        return 0.0;
    };
    let more = needed.saturating_sub(state.ships_destroyed()) as usize;
    if more == 0 || lost.len() < more {
        return 0.0;
    }
    if more == 1 {
        1.0 - lost.iter().map(|(_, l)| 1.0 - l).product::<f64>()
    } else {
        lost.iter().map(|(_, l)| l).product()
    }
}

/// Loot still on the map that raiders could take, and Buildings they could sack, in
/// units of the scenario's worth (`worth`), before fading with time.
fn prospects(state: &FuryState, worth: impl Fn(Kind) -> f64) -> f64 {
    let d = data();
    // Raiders with room for loot (two items each, 5.6, AI note 6).
    let mut held = vec![0u8; state.units.len()];
    for u in &state.units {
        if let Place::Held(e) = u.place {
            if let Some(h) = held.get_mut(e.0 as usize) {
                *h = h.saturating_add(1);
            }
        }
    }
    let raiders: Vec<Hex> = state
        .units
        .iter()
        .enumerate()
        .filter(|(k, u)| u.side() == Side::Viking && !u.kind.is_leader() && held[*k] < 2)
        .filter_map(|(_, u)| match u.place {
            Place::OnMap(h) => Some(h),
            _ => None,
        })
        .collect();
    if raiders.is_empty() {
        return 0.0;
    }
    let near = |h: Hex| {
        let steps = raiders.iter().map(|&r| distance(r, h)).min().unwrap_or(99);
        (1.0 - steps as f64 / PROSPECT_SPAN).max(0.0)
    };
    let mut total = 0.0;
    for u in &state.units {
        let Place::OnMap(h) = u.place else { continue };
        if u.side() != Side::Villager || state.fired.contains(h) {
            continue;
        }
        let w = worth(u.kind);
        if w == 0.0 {
            continue;
        }
        let guarded = state
            .side_at(h, Side::Villager)
            .any(|id| state.unit(id).kind.counts_as_villager_combatant());
        let odds = if guarded { GUARDED_PROSPECT } else { 1.0 };
        total += w * odds * near(h);
    }
    for &(h, b) in buildings() {
        if b.is_major() || state.sacked.contains(h) || state.fired.contains(h) {
            continue;
        }
        let chance = d.tables.treasure_found_max as f64 / 6.0;
        total += worth(Kind::Treasure) * chance * near(h);
    }
    total * PROSPECT * (1.0 - elapsed(state))
}

/// The Viking's progress towards the scenario's goal: 1.0 is the goal just met.
/// `lost` holds the danger to each Ship afloat (index, chance of its loss).
fn viking_progress(state: &FuryState, lost: &[(usize, f64)]) -> f64 {
    let t = elapsed(state);
    let leader = state.options.leader_value as f64;
    let expected_lost: f64 = lost.iter().map(|(_, l)| l).sum();
    let auto = state.options.scenario().ships_lost_for_auto_win;
    // Where one more Ship lost ends the game, its danger is counted by
    // `automatic_loss`; otherwise what is aboard it may sink with it.
    let one_more_ends = auto.is_some_and(|n| n.saturating_sub(state.ships_destroyed()) <= 1);
    let keeps = |id: UnitId| match aboard_ship(state, id) {
        Some(s) if !one_more_ends => lost
            .iter()
            .find(|(i, _)| *i == s)
            .map_or(1.0, |(_, l)| 1.0 - l),
        _ => 1.0,
    };
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
                let share = loot_share(state, id);
                if share > 0.0 {
                    loot += share * keeps(id) * worth(state.unit(id).kind);
                }
            }
            (loot + prospects(state, worth) - t * ashore(state)) / 18.0
        }
        VictoryRule::Advanced => {
            // Doubled VP as 12.2 counts them now; Vikings still ashore count against
            // the Viking only as the end nears; a Ship lost is 40 (20 VP doubled).
            let (v, w) = victory::advanced_points(state);
            let d = data();
            let stranded: f64 = state
                .units
                .iter()
                .filter(|u| u.side() == Side::Viking && matches!(u.place, Place::OnMap(_)))
                .map(|u| 2.0 * d.stats(u.kind).defense.unwrap_or(0) as f64)
                .sum();
            let worth = |k: Kind| match k {
                Kind::ChurchTreasure => 36.0,
                k if k.is_villager_leader() => 30.0,
                Kind::Treasure => 12.0,
                Kind::Woman => 8.0,
                Kind::Animal => 4.0,
                _ => 0.0,
            };
            let mut held = 0.0;
            for id in state.ids() {
                if aboard_ship(state, id).is_none() {
                    held += loot_share(state, id) * worth(state.unit(id).kind);
                }
            }
            let w = (w as f64 - (1.0 - t) * stranded + 40.0 * expected_lost).max(1.0);
            (v as f64 + held + prospects(state, worth)) / (2.0 * w)
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
            let ships_lost = state.ships_destroyed() as f64 + expected_lost;
            let fighters = fighters - 2.0 * t * ashore(state) - 10.0 * ships_lost;
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
                if state.unit(id).kind.is_villager_leader() {
                    leaders += loot_share(state, id) * keeps(id);
                }
            }
            let burned = major_buildings_burned(state) as f64;
            let ships_lost = state.ships_destroyed() as f64 + expected_lost;
            let leaders = leaders - ships_lost - (t * ashore(state) > 4.0) as u8 as f64;
            // A draw by fire (13.2) is half a win.
            (leaders / 3.0).max(0.5 * burned / 3.0)
        }
    }
}

/// The Viking's chance: a logistic curve of progress that sharpens as the game nears
/// its end (early on much can still change), centred a little short of the goal so
/// that the goal met exactly (the rules' "at least") counts as winning; times the
/// chance that no automatic loss comes first.
fn viking_chance(state: &FuryState) -> f64 {
    let lost: Vec<(usize, f64)> = afloat(state)
        .map(|(i, h)| (i, ship_danger(state, h).lost()))
        .collect();
    let x = viking_progress(state, &lost);
    let t = elapsed(state);
    let k = 3.0 + 27.0 * t * t;
    let p = 1.0 / (1.0 + (-k * (x - 0.9)).exp());
    p * (1.0 - automatic_loss(state, &lost))
}

#[cfg(test)]
pub(super) fn progress_for_tests(state: &FuryState) -> f64 {
    let lost: Vec<(usize, f64)> = afloat(state)
        .map(|(i, h)| (i, ship_danger(state, h).lost()))
        .collect();
    viking_progress(state, &lost)
}
