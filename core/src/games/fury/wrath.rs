//! Divine Wrath (7.10, 7.11, H-DW): Priests, the Bishop and the Abbot call down
//! destruction on a Viking hex within 2 hexes, once each per game.

use super::actions::{FuryAction, Path};
use super::combat::eliminate;
use super::data::data;
use super::events::{FlightEnd, FuryEvent, WrathResult};
use super::state::{FuryState, Pending, Phase, Place, UnitId};
use super::treasure;
use super::units::Side;
use super::victory;
use crate::board::Hex;
use crate::engine::{GameEvent, RuleError};

pub fn wrath_error(state: &FuryState, invoker: UnitId, target: Hex) -> Option<RuleError> {
    let u = state.unit(invoker);
    if !matches!(state.phase, Phase::VillagerCombat | Phase::WrathWindow) {
        return Some(RuleError::new(
            "H-DW",
            "Divine Wrath is called in the Villager Combat Phase or right after the Viking moves",
        ));
    }
    if !state.lock_lifted {
        return Some(RuleError::new(
            "H-DW",
            "Divine Wrath is a mode of combat, barred while the village sleeps (5.7)",
        ));
    }
    let Place::OnMap(from) = u.place else {
        return Some(RuleError::new(
            "7.10",
            format!("{} is not free on the map", u.code()),
        ));
    };
    if !u.kind.can_invoke_wrath() {
        return Some(RuleError::new(
            "7.10",
            format!("{} cannot call Divine Wrath", u.code()),
        ));
    }
    if u.wrath_used {
        return Some(RuleError::new(
            "7.10",
            format!("{} has called Divine Wrath already", u.code()),
        ));
    }
    if u.attacked {
        return Some(RuleError::new(
            "7.10",
            format!("{} has fought this phase", u.code()),
        ));
    }
    // Labels only for a refusal: legal-action listing calls this for every hex in range.
    let label = || data().grid.label(target);
    if data().grid.distance(from, target) > data().tables.divine_wrath.range {
        return Some(RuleError::new(
            "7.11",
            format!("{} is more than 2 hexes away", label()),
        ));
    }
    if state.fired.contains(target) {
        return Some(RuleError::new(
            "H-DW",
            format!("no combat in the Fired hex {}", label()),
        ));
    }
    if state.attacked_hexes.contains(target) {
        return Some(RuleError::new(
            "H-DW",
            format!("{} has been attacked this phase", label()),
        ));
    }
    if state.side_at(target, Side::Viking).next().is_none() && state.ship_at(target).is_none() {
        return Some(RuleError::new(
            "7.11",
            format!("no Viking unit or Ship in {}", label()),
        ));
    }
    None
}

pub fn wrath(
    state: &mut FuryState,
    side: Side,
    invoker: UnitId,
    target: Hex,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    if side != Side::Villager {
        return Err(RuleError::new(
            "7.10",
            "only the Villager prays for Divine Wrath",
        ));
    }
    if let Some(e) = wrath_error(state, invoker, target) {
        return Err(e);
    }
    let from = state.hex_of(invoker).unwrap_or(target);
    let u = state.unit_mut(invoker);
    u.wrath_used = true;
    u.attacked = true;
    u.engaged = true;
    state.attacked_hexes.insert(target);
    let vikings: Vec<UnitId> = state.side_at(target, Side::Viking).collect();
    for &v in &vikings {
        state.unit_mut(v).defended = true;
    }
    let roll = state.chance.d6();
    let t = &data().tables.divine_wrath;
    let invoker = state.code_of(invoker);
    let called = |result| FuryEvent::Wrath {
        invoker,
        target,
        roll,
        result,
    };
    let mut events = Vec::new();
    if roll <= t.destroy_max {
        events.push(GameEvent::public("7.11", called(WrathResult::Destroyed)));
        for v in vikings {
            events.extend(eliminate(state, v, "7.11"));
        }
        events.extend(victory::destroy_ship(state, target, "7.11"));
    } else if roll <= t.retreat_max {
        events.push(GameEvent::public("7.11", called(WrathResult::Flee)));
        let until = (state.turn + 1, state.phase);
        for v in vikings {
            events.extend(treasure::drop_loot(state, v, target));
            state.unit_mut(v).stunned_until = Some(until);
            state.pending.push(Pending::WrathRetreat { unit: v, from });
        }
    } else {
        events.push(GameEvent::public("7.11", called(WrathResult::NoEffect)));
    }
    Ok(events)
}

/// A hex a fleeing unit may pass through (H-DW d): on the map, not Sea, not Fired,
/// no enemy, not barred to it; terrain stops do not apply.
fn may_flee_to(state: &FuryState, unit: UnitId, hex: Hex) -> bool {
    state.may_enter(unit, hex) && !state.enemy_present(hex, Side::Viking)
}

/// Every way the 6-hex retreat can go: (path from the unit's hex, leaves the map,
/// unit survives). Each step goes to a legal hex on the map (H-DW d) farther from the
/// invoker if one exists, else to one at an equal distance; with neither, the unit is
/// eliminated where it stands. A step off the map edge is the Viking's own choice (the
/// unit is lost, 5.4.2) wherever it would be as far as the step the rule asks for; it
/// never takes the place of an on-map step (RULINGS: H-DW d).
pub fn flight_paths(state: &FuryState, unit: UnitId, from: Hex) -> Vec<(Vec<Hex>, bool, bool)> {
    let Some(start) = state.hex_of(unit) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut path = vec![start];
    extend(state, unit, from, &mut path, &mut out);
    out
}

fn extend(
    state: &FuryState,
    unit: UnitId,
    from: Hex,
    path: &mut Vec<Hex>,
    out: &mut Vec<(Vec<Hex>, bool, bool)>,
) {
    let grid = &data().grid;
    let steps = data().tables.divine_wrath.retreat_hexes as usize;
    let here = *path.last().unwrap_or(&from);
    if path.len() > steps {
        let ok = state.stacking_ok(here, Side::Viking, &[unit]);
        out.push((path.clone(), false, ok));
        return;
    }
    let d0 = grid.distance(from, here);
    let mut farther: Vec<Hex> = Vec::new();
    let mut equal: Vec<Hex> = Vec::new();
    let mut off_map: Vec<(Hex, u32)> = Vec::new();
    for n in grid.neighbours_all(here) {
        let d = grid.distance(from, n);
        if d < d0 {
            continue;
        }
        if !grid.contains(n) {
            off_map.push((n, d));
        } else if !path.contains(&n) && may_flee_to(state, unit, n) {
            if d > d0 {
                farther.push(n);
            } else {
                equal.push(n);
            }
        }
    }
    // The distance every step must reach: farther if a legal hex there exists, else
    // equal (H-DW d). Off-map hexes are not legal hexes and never decide it.
    let need = if farther.is_empty() { d0 } else { d0 + 1 };
    let chosen = if farther.is_empty() { equal } else { farther };
    let off = off_map.iter().any(|&(_, d)| d >= need);
    if chosen.is_empty() && !off {
        out.push((path.clone(), false, false));
        return;
    }
    if off {
        out.push((path.clone(), true, false));
    }
    for n in chosen {
        path.push(n);
        extend(state, unit, from, path, out);
        path.pop();
    }
}

pub fn wrath_retreat(
    state: &mut FuryState,
    side: Side,
    unit: UnitId,
    path: &Path,
    off_map: bool,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    let Some(Pending::WrathRetreat { unit: u, from }) = state.pending.first().copied() else {
        return Err(RuleError::new("H-DW", "no flight from Divine Wrath is due"));
    };
    if u != unit || side != Side::Viking {
        return Err(RuleError::new("H-DW", "that unit is not fleeing now"));
    }
    let found = flight_paths(state, unit, from)
        .into_iter()
        .find(|(p, off, _)| path.hexes().eq(p.iter().copied()) && *off == off_map);
    let Some((p, off, survives)) = found else {
        return Err(RuleError::new(
            "H-DW",
            "not a legal 6-hex flight away from the invoker",
        ));
    };
    state.pending.remove(0);
    let code = state.code_of(unit);
    let end = *p.last().unwrap_or(&from);
    if survives {
        state.unit_mut(unit).place = Place::OnMap(end);
        Ok(vec![GameEvent::public(
            "7.11",
            FuryEvent::Flight {
                unit: code,
                path: p,
                end: FlightEnd::Safe,
            },
        )])
    } else {
        let end_of = if off {
            FlightEnd::OffMap
        } else {
            FlightEnd::Trapped
        };
        let mut events = vec![GameEvent::public(
            "7.11",
            FuryEvent::Flight {
                unit: code,
                path: p,
                end: end_of,
            },
        )];
        state.unit_mut(unit).place = Place::OnMap(end);
        events.extend(eliminate(state, unit, "H-DW"));
        Ok(events)
    }
}

/// One flight per distinct outcome: each safe end hex, or else one doomed path.
pub fn legal_flights(state: &FuryState, unit: UnitId, from: Hex, out: &mut Vec<FuryAction>) {
    let mut ends: Vec<Option<Hex>> = Vec::new();
    let all = flight_paths(state, unit, from);
    let any_safe = all.iter().any(|(_, _, ok)| *ok);
    for (p, off, ok) in all {
        if any_safe && !ok {
            continue;
        }
        let key = if ok { p.last().copied() } else { None };
        if ends.contains(&key) {
            continue;
        }
        ends.push(key);
        if let Some(path) = Path::from_slice(&p) {
            out.push(FuryAction::WrathRetreat {
                unit,
                path,
                off_map: off,
            });
        }
    }
}

/// Villager units that could call Divine Wrath at something now.
pub fn legal_wraths(state: &FuryState, out: &mut Vec<FuryAction>) {
    // What `wrath_error` refuses for every target, checked once here, and a target
    // holding neither a Viking unit nor a Ship, skipped before any message is made.
    if !matches!(state.phase, Phase::VillagerCombat | Phase::WrathWindow) || !state.lock_lifted {
        return;
    }
    let mut vikings = super::combat::standing_hexes(state, Side::Viking);
    for ship in &state.ships {
        if let (Some(h), false) = (ship.hex, ship.destroyed) {
            vikings.insert(h);
        }
    }
    for id in state.ids() {
        let u = state.unit(id);
        let Place::OnMap(h) = u.place else { continue };
        if !u.kind.can_invoke_wrath() || u.wrath_used || u.attacked {
            continue;
        }
        for target in data().grid.within(h, data().tables.divine_wrath.range) {
            if vikings.contains(target) && wrath_error(state, id, target).is_none() {
                out.push(FuryAction::Wrath {
                    invoker: id,
                    target,
                });
            }
        }
    }
}
