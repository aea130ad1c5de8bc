//! Overrun (25.0, optional): a phasing land force that enters a square with at least
//! ten times the defenders' strength (attack factors plus leader values against their
//! printed defense factors plus leader values, no terrain: brief ruling 20) destroys
//! them at once for one more movement point, and may go on if the terrain lets it. Not
//! a battle: no markers change hands (25.5). A force holding a castle is never overrun
//! (25.4). RULINGS OV1-OV3.

use super::super::actions::Event;
use super::super::data::{data, Place, Power};
use super::super::moves::{check_step, Force, HalfMp, Mode, Stop};
use super::super::negotiation::at_peace;
use super::super::state::State;
use super::movement::MovementEvent;
use super::pieces::{leader_value, remove_unit, surroundings, sync_castles, unit_type};
use crate::engine::GameEvent;

/// A counter's part of a force's strength: its printed attack (or defense) factor
/// plus its leader value (25.1).
fn strength(identity: &super::super::state::Identity, attack: bool) -> u32 {
    let printed = unit_type(identity)
        .and_then(|t| data().units.stats(t))
        .map_or(0, |s| if attack { s.attack } else { s.defense });
    u32::from(printed) + u32::from(leader_value(identity))
}

/// The powers in `place` that `power`'s force would overrun: every other player's
/// and every neutral's units there.
fn defenders(state: &State, power: Power, place: Place) -> Vec<Power> {
    let me = state.controller(power);
    state
        .stacks_at(place)
        .iter()
        .filter(|s| !s.units.is_empty() && s.power != power)
        .filter(|s| me.is_none() || state.controller(s.power) != me)
        .map(|s| s.power)
        .collect()
}

/// After the moving force of `power` stepped from `from` into `to` (its step priced
/// as `force` with `mp_before`), destroys the defenders there if 25.1 lets it. Returns
/// the step's stop as it now stands (None when the force may go on), or None when
/// there was no overrun.
pub fn attempt(
    state: &mut State,
    power: Power,
    from: Place,
    to: Place,
    force: &Force,
    mp_before: HalfMp,
    events: &mut Vec<GameEvent<Event>>,
) -> Option<Option<Stop>> {
    let phasing = super::current(state).map(|(p, _)| p) == Some(power);
    if !state.options.overrun || !phasing || !matches!(force.mode, Mode::Land) {
        return None;
    }
    let square = to.square()?;
    let against = defenders(state, power, to);
    if against.is_empty() || against.iter().any(|&d| at_peace(state, power, d)) {
        return None;
    }
    let castle = state.castle_at(square).and_then(|c| c.holder);
    if castle.is_some_and(|h| against.contains(&h)) {
        return None;
    }
    let moving = state.player_turn.movement.moving.as_ref()?;
    let stacks = state.stacks_at(to);
    let own = stacks.iter().find(|s| s.power == power)?;
    let attack: u32 = own
        .units
        .iter()
        .filter(|u| moving.units.contains(&u.id))
        .map(|u| strength(&u.identity, true))
        .sum();
    let lost: Vec<u16> = stacks
        .iter()
        .filter(|s| against.contains(&s.power))
        .flat_map(|s| s.units.iter().map(|u| u.id))
        .collect();
    let defence: u32 = stacks
        .iter()
        .filter(|s| against.contains(&s.power))
        .flat_map(|s| s.units.iter())
        .map(|u| strength(&u.identity, false))
        .sum();
    let rule = &data().tables.fixed.overrun;
    if attack < u32::from(rule.ratio) * defence {
        return None;
    }
    // Priced again without the defenders: the terrain may still halt the force (14.7).
    let mut clear = surroundings(state, power);
    clear.enemy_land.remove(&square);
    clear.enemy_fleets.remove(&square);
    clear.neutral.remove(&square);
    let after = check_step(force, from, to, mp_before, &clear).ok()?;
    // 25.2: without the movement point to spare there is no overrun.
    let left = after.mp_left.checked_sub(HalfMp::whole(rule.extra_mp))?;
    for &id in &lost {
        remove_unit(state, to, id);
    }
    sync_castles(state);
    if let Some(m) = state.player_turn.movement.moving.as_mut() {
        m.mp_left = left.0;
    }
    events.push(GameEvent::public(
        "25.1",
        MovementEvent::Overrun {
            power,
            place: to,
            units: lost,
            mp_left: left.0,
        },
    ));
    Some(after.stop)
}
