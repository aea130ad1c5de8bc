//! Victory (11.0, 12.2, 13.1-13.3): the automatic win for destroyed Ships, and the
//! tally at the end of turn 12.

use super::data::{data, Building, Terrain, VictoryRule};
use super::events::FuryEvent;
use super::state::{Finish, FuryState, Place, UnitId};
use super::units::{Kind, Side};
use crate::board::Hex;
use crate::engine::{GameEvent, Standing};

/// A Ship is destroyed by `rule` (7.11 Divine Wrath or 10.4 Fire); the game may end at
/// once (11.0, 13.1, 13.3).
pub fn destroy_ship(
    state: &mut FuryState,
    hex: Hex,
    rule: &'static str,
) -> Vec<GameEvent<FuryEvent>> {
    let Some(i) = state.ship_at(hex) else {
        return Vec::new();
    };
    state.ships[i as usize].destroyed = true;
    let mut events = vec![GameEvent::public(rule, FuryEvent::ShipDestroyed { hex })];
    if let Some(n) = state.options.scenario().ships_lost_for_auto_win {
        if state.ships_destroyed() >= n && state.finish.is_none() {
            let detail = if n == 1 {
                "the Viking Ship is destroyed".to_string()
            } else {
                format!("{n} Viking Ships are destroyed")
            };
            state.finish = Some(Finish {
                winner: Some(Side::Villager),
                result: "Automatic Villager Victory".into(),
                detail,
            });
            events.push(GameEvent::public("11.0", FuryEvent::VillagerWinsAtOnce));
        }
    }
    events
}

fn returned(state: &FuryState, id: UnitId) -> bool {
    matches!(state.unit(id).place, Place::Embarked(s) if !state.ships[s as usize].destroyed)
}

fn sunk(state: &FuryState, id: UnitId) -> bool {
    matches!(state.unit(id).place, Place::Embarked(s) if state.ships[s as usize].destroyed)
}

fn villager_items_home(state: &FuryState) -> impl Iterator<Item = UnitId> + '_ {
    state
        .ids()
        .filter(move |&id| state.unit(id).side() == Side::Villager && returned(state, id))
}

/// Viking units still ashore at the end: they did not re-embark (GAP-20, H-VC-1).
fn stranded(state: &FuryState) -> u32 {
    state
        .ids()
        .filter(|&id| {
            state.unit(id).side() == Side::Viking && matches!(state.unit(id).place, Place::OnMap(_))
        })
        .count() as u32
}

fn fired_count(state: &FuryState, pred: impl Fn(Terrain) -> bool) -> u32 {
    state
        .fired
        .iter()
        .filter(|h| state.terrain(*h).is_some_and(&pred))
        .count() as u32
}

/// The Basic tally (11.0), also used by Scenario III (13.3).
/// The Basic tally (11.0): loot aboard, and the penalty for Vikings left ashore.
fn basic_tally(state: &FuryState) -> (i32, i32) {
    let mut loot = 0i32;
    for id in villager_items_home(state) {
        loot += match state.unit(id).kind {
            Kind::ChurchTreasure => 3,
            k if k.is_villager_leader() => state.options.leader_value as i32,
            _ => 1,
        };
    }
    let mut penalty = stranded(state) as i32;
    if state.options.unreturned_counts_eliminated {
        penalty += state
            .ids()
            .filter(|&id| {
                state.unit(id).side() == Side::Viking && state.unit(id).place == Place::Eliminated
            })
            .count() as i32;
    }
    (loot, penalty)
}

fn basic(state: &FuryState) -> Finish {
    let (loot, penalty) = basic_tally(state);
    let total = loot - penalty;
    let detail = format!(
        "{loot} units of loot aboard, -{penalty} for Vikings left ashore: {total} (18 needed)"
    );
    if total >= 18 {
        Finish {
            winner: Some(Side::Viking),
            result: "Viking Victory".into(),
            detail,
        }
    } else {
        Finish {
            winner: Some(Side::Villager),
            result: "Villager Victory".into(),
            detail,
        }
    }
}

/// Victory Points, doubled so the half point of a Fired Farmland hex stays whole
/// (12.2, H-VP-2).
pub fn advanced_points(state: &FuryState) -> (u32, u32) {
    let d = data();
    let mut viking = 2 * fired_count(state, |t| t.is_building())
        + fired_count(state, |t| matches!(t, Terrain::Farmland { .. }));
    let mut villager = 0;
    for id in state.ids() {
        let u = state.unit(id);
        let stats = d.stats(u.kind);
        match u.side() {
            Side::Villager => {
                let home = returned(state, id);
                match (u.place, u.kind) {
                    (Place::Eliminated, k) if k.is_villager_leader() => viking += 20,
                    (Place::Eliminated, _) => viking += 2 * stats.attack.unwrap_or(0) as u32,
                    (_, Kind::Animal) if home => viking += 4,
                    (_, Kind::Woman) if home => viking += 8,
                    (_, Kind::Treasure) if home => viking += 12,
                    (_, Kind::ChurchTreasure) if home => viking += 36,
                    (_, k) if home && k.is_villager_leader() => viking += 30,
                    (Place::OnMap(_) | Place::Held(_), Kind::Woman | Kind::Animal) => villager += 2,
                    _ => {}
                }
            }
            Side::Viking => {
                let lost =
                    matches!(u.place, Place::Eliminated | Place::OnMap(_)) || sunk(state, id);
                if lost {
                    villager += 2 * stats.defense.unwrap_or(0) as u32;
                }
            }
        }
    }
    villager += 40 * state.ships_destroyed() as u32;
    (viking, villager)
}

fn advanced(state: &FuryState) -> Finish {
    let (v, w) = advanced_points(state);
    let detail = format!("Viking {} VP, Villager {} VP", half_vp(v), half_vp(w));
    let (winner, result) = if w == 0 {
        if v > 0 {
            (Side::Viking, "Decisive Viking Victory")
        } else {
            (Side::Villager, "Decisive Villager Victory")
        }
    } else if v >= 3 * w {
        (Side::Viking, "Decisive Viking Victory")
    } else if v >= 2 * w {
        (Side::Viking, "Viking Victory")
    } else if v > w {
        (Side::Villager, "Villager Victory")
    } else {
        (Side::Villager, "Decisive Villager Victory")
    };
    Finish {
        winner: Some(winner),
        result: result.into(),
        detail,
    }
}

/// Scenario I's tally (13.1): non-combatants and combatants slain, the penalty for
/// stragglers and Ships lost, and Buildings fired.
pub(crate) fn punitive_tally(state: &FuryState) -> (i32, i32, i32, u32) {
    let mut noncombatants = 0i32;
    let mut combatants = 0i32;
    for id in state.ids() {
        let u = state.unit(id);
        if u.side() != Side::Villager || u.place != Place::Eliminated {
            continue;
        }
        match u.kind {
            Kind::Woman | Kind::Animal | Kind::Priest => noncombatants += 1,
            k if k.is_villager_combatant() => combatants += 1,
            _ => {}
        }
    }
    let penalty = 2 * stranded(state) as i32 + 10 * state.ships_destroyed() as i32;
    let buildings = fired_count(state, |t| t.is_building());
    (noncombatants, combatants, penalty, buildings)
}

fn punitive(state: &FuryState) -> Finish {
    let (noncombatants, combatants, penalty, buildings) = punitive_tally(state);
    let counted = combatants - penalty;
    let detail = format!(
        "{noncombatants} non-combatants (10 needed), {combatants} combatants less {penalty} = {counted} (30 needed), {buildings} Buildings fired (20 needed)"
    );
    if noncombatants >= 10 && counted >= 30 && buildings >= 20 {
        Finish {
            winner: Some(Side::Viking),
            result: "Viking Victory".into(),
            detail,
        }
    } else {
        Finish {
            winner: Some(Side::Villager),
            result: "Villager Victory".into(),
            detail,
        }
    }
}

/// Scenario II's tally (13.2): Leaders aboard less Ships lost and stragglers, and the
/// Major Buildings burned whole.
fn blood_money_tally(state: &FuryState) -> (i32, i32, i32, usize) {
    let leaders = villager_items_home(state)
        .filter(|&id| state.unit(id).kind.is_villager_leader())
        .count() as i32;
    let ships = state.ships_destroyed() as i32;
    let stragglers = (stranded(state) > 4) as i32;
    (leaders, ships, stragglers, major_buildings_burned(state))
}

/// How many Major Buildings (Keep, Church, Monastery, Manor) are burned whole: every
/// one of their hexes on fire (13.2).
pub fn major_buildings_burned(state: &FuryState) -> usize {
    let majors = [
        Building::Keep,
        Building::Church,
        Building::Monastery,
        Building::Manor,
    ];
    majors
        .iter()
        .filter(|b| {
            let hexes = data().hexes_of(**b);
            !hexes.is_empty() && hexes.iter().all(|h| state.fired.contains(*h))
        })
        .count()
}

fn blood_money(state: &FuryState) -> Finish {
    let (leaders, ships, stragglers, burned) = blood_money_tally(state);
    let counted = leaders - ships - stragglers;
    let detail = format!("{leaders} Leaders aboard, less {ships} for Ships lost and {stragglers} for stragglers = {counted} (3 needed); {burned} Major Buildings burned whole");
    if counted >= 3 {
        Finish {
            winner: Some(Side::Viking),
            result: "Viking Victory".into(),
            detail,
        }
    } else if burned >= 3 {
        Finish {
            winner: None,
            result: "Draw".into(),
            detail,
        }
    } else {
        Finish {
            winner: Some(Side::Villager),
            result: "Villager Victory".into(),
            detail,
        }
    }
}

/// The result at the end of turn 12.
pub fn final_result(state: &FuryState) -> Finish {
    match state.options.scenario().victory {
        VictoryRule::Basic => basic(state),
        VictoryRule::Advanced => advanced(state),
        VictoryRule::Punitive => punitive(state),
        VictoryRule::BloodMoney => blood_money(state),
    }
}

/// Doubled Victory Points as read: "14" or "14½".
fn half_vp(doubled: u32) -> String {
    if doubled.is_multiple_of(2) {
        format!("{}", doubled / 2)
    } else {
        format!("{}½", doubled / 2)
    }
}

/// What the scenario's victory rule would count if the game ended now.
pub fn standing(state: &FuryState) -> Vec<Standing> {
    let viking = Some(Side::Viking.seat());
    let figure = |seat, key, value: String, rule| Standing {
        seat,
        key,
        value,
        rule,
    };
    match state.options.scenario().victory {
        VictoryRule::Basic => {
            let (loot, penalty) = basic_tally(state);
            vec![
                figure(viking, "loot", loot.to_string(), "11.0"),
                figure(viking, "ashore", penalty.to_string(), "H-VC-1"),
                figure(viking, "score", (loot - penalty).to_string(), "11.0"),
            ]
        }
        VictoryRule::Advanced => {
            let (v, w) = advanced_points(state);
            vec![
                figure(viking, "vp", half_vp(v), "12.2"),
                figure(Some(Side::Villager.seat()), "vp", half_vp(w), "12.2"),
            ]
        }
        VictoryRule::Punitive => {
            let (noncombatants, combatants, penalty, buildings) = punitive_tally(state);
            vec![
                figure(viking, "noncombatants", noncombatants.to_string(), "13.1"),
                figure(
                    viking,
                    "combatants",
                    (combatants - penalty).to_string(),
                    "13.1",
                ),
                figure(viking, "fired", buildings.to_string(), "13.1"),
            ]
        }
        VictoryRule::BloodMoney => {
            let (leaders, ships, stragglers, burned) = blood_money_tally(state);
            vec![
                figure(
                    viking,
                    "leaders",
                    (leaders - ships - stragglers).to_string(),
                    "13.2",
                ),
                figure(viking, "burned", burned.to_string(), "13.2"),
            ]
        }
    }
}
