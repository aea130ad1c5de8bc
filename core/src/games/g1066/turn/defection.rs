//! Defection (8.13): in his own player turn a player removes one control marker (11.8)
//! from a force: the units under it go back to the powers that own them. Defectors
//! left in a square with units of the power they served attack them at once, in a
//! battle fought as in the Combat Phase (DF1).

use super::super::actions::Event;
use super::super::chits::put_back;
use super::super::data::{Place, Power};
use super::super::state::{State, Unit};
use super::combat;
use super::pieces::join_stack;
use crate::engine::{GameEvent, RuleError};

pub const DEFECTION: &str = "defection";

fn err(why: impl Into<String>) -> RuleError {
    RuleError::new("8.13", why)
}

/// The owners of the vassals in the stack `controller` holds in `place`.
fn owners(state: &State, place: Place, controller: Power) -> Vec<Power> {
    state.stack(place, controller).map_or(Vec::new(), |s| {
        owners_of(s.units.iter().filter(|u| u.owner != controller))
    })
}

/// Whether units of the controller would stay beside the defectors.
fn others_stay(state: &State, place: Place, controller: Power) -> bool {
    state
        .stack(place, controller)
        .is_some_and(|s| s.units.iter().any(|u| u.owner == controller))
}

/// The control markers a Defection may lift: (place, the power holding the vassals).
/// Not a neutral's units beside their master's own (DF2: a neutral has no player to
/// lead the attack that would follow).
pub fn targets(state: &State) -> Vec<(Place, Power)> {
    let mut out = Vec::new();
    for (&place, stacks) in &state.forces {
        for s in stacks {
            let vassals = owners(state, place, s.power);
            if vassals.is_empty() {
                continue;
            }
            let neutral = vassals.iter().any(|&o| !state.is_belligerent(o));
            if neutral && others_stay(state, place, s.power) {
                continue;
            }
            out.push((place, s.power));
        }
    }
    out
}

/// 8.13 Defection, by `power` on the control marker of `controller` in `place`.
pub fn defect(
    state: &mut State,
    power: Power,
    place: Place,
    controller: Power,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    if !targets(state).contains(&(place, controller)) {
        return Err(err(format!(
            "there is no control marker of the {} to lift in {place}",
            controller.name()
        )));
    }
    let hand = &mut state.power_mut(power).hand;
    let Some(i) = hand.iter().position(|c| c.is(DEFECTION)) else {
        return Err(err("that needs a Defection marker in hand"));
    };
    let played = hand.remove(i);
    put_back(&mut state.pool, played);
    let mut defectors: Vec<Unit> = Vec::new();
    if let Some(stacks) = state.forces.get_mut(&place) {
        if let Some(s) = stacks.iter_mut().find(|s| s.power == controller) {
            let (going, staying): (Vec<Unit>, Vec<Unit>) =
                s.units.drain(..).partition(|u| u.owner != controller);
            s.units = staying;
            defectors = going;
        }
        stacks.retain(|s| !s.units.is_empty());
    }
    let ids: Vec<u16> = defectors.iter().map(|u| u.id).collect();
    let mut back: Vec<Power> = Vec::new();
    for owner in owners_of(defectors.iter()) {
        let theirs: Vec<Unit> = defectors
            .iter()
            .filter(|u| u.owner == owner)
            .cloned()
            .collect();
        join_stack(state, place, owner, theirs);
        back.push(owner);
    }
    super::pieces::sync_castles(state);
    events.push(GameEvent::public(
        "8.13",
        super::phase_markers::MarkerEvent::Defected {
            power,
            place,
            from: controller,
            units: ids,
        },
    ));
    // DF1: beside the units they served, the defectors attack them at once (the first
    // owner's, should one stack hold vassals of two powers).
    if others_stay(state, place, controller) {
        if let Some(&attacker) = back.iter().find(|&&o| state.is_belligerent(o)) {
            // A side with nothing that can stand on the Battle Board (15.1: fleets
            // only at sea, say) has no battle; the defectors simply stand apart.
            let mut trial = state.clone();
            let mut more = Vec::new();
            if combat::start_now(&mut trial, attacker, place, &mut more).is_ok() {
                *state = trial;
                events.extend(more);
            }
        }
    }
    Ok(())
}

fn owners_of<'a>(units: impl Iterator<Item = &'a Unit>) -> Vec<Power> {
    let mut out: Vec<Power> = units.map(|u| u.owner).collect();
    out.sort();
    out.dedup();
    out
}
