//! Neutral powers waking up (4.4, 4.5): the instant a player moves into a neutral's
//! square or declares vassalage against it, the neutral becomes belligerent and passes to
//! a player other than the violator.

use super::super::actions::Event;
use super::super::data::Power;
use super::super::setup::draw_starting_markers;
use super::super::state::State;
use crate::engine::{GameEvent, Seat};

/// 4.4, 4.5: `violator` has attacked neutral `target`. In a two-player game the other
/// player takes it; with three, a die chooses between the two who did not violate (1-3
/// the first in seat order, 4-6 the second); with four there are no neutrals. Nothing
/// happens if `target` is not neutral (4.7: a belligerent never reverts).
pub fn violate(
    state: &mut State,
    violator: Power,
    target: Power,
    events: &mut Vec<GameEvent<Event>>,
) {
    if state.is_belligerent(target) {
        return;
    }
    let Some(violating_seat) = state.controller(violator) else {
        return;
    };
    let others: Vec<Seat> = state
        .seats()
        .into_iter()
        .filter(|&s| s != violating_seat)
        .collect();
    let (taker, roll) = match others.as_slice() {
        [] => return,
        [only] => (*only, None),
        [first, second, ..] => {
            let r = state.chance.roll(6) as u8;
            (if r <= 3 { *first } else { *second }, Some(r))
        }
    };
    state.power_mut(target).controller = Some(taker);
    events.push(GameEvent::public(
        "4.5",
        Event::NeutralJoins {
            power: target,
            violator,
            seat: taker,
            roll,
        },
    ));
    // G3.13: its new player draws its starting markers at once.
    draw_starting_markers(state, target, events);
}
