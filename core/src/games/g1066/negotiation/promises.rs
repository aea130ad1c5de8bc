//! Promises not to attack in force, and the price of breaking one (22.2 (5), 22.3; NG4).

use super::super::actions::Event;
use super::super::data::Power;
use super::super::state::State;
use super::super::turn::phase_markers::extra_picks;
use super::super::turn::pieces::{hand_limit, lose_random};
use super::{public, DealEvent};
use crate::engine::{GameEvent, Seat};

/// Whether the players of `a` and `b` promised not to attack each other, in force now.
pub fn at_peace(state: &State, a: Power, b: Power) -> bool {
    let (Some(x), Some(y)) = (state.controller(a), state.controller(b)) else {
        return false;
    };
    state
        .pacts
        .iter()
        .any(|p| p.until >= state.turn && p.binds(x, y))
}

/// 22.3: a battle begins; if the attacker's player promised the defenders' not to
/// attack, the promise is broken and its price taken at once.
pub fn check_attack(
    state: &mut State,
    attacker: Power,
    defenders: &[Power],
    events: &mut Vec<GameEvent<Event>>,
) {
    let Some(violator) = state.controller(attacker) else {
        return;
    };
    let turn = state.turn;
    state.pacts.retain(|p| p.until >= turn);
    for &d in defenders {
        let Some(victim) = state.controller(d) else {
            continue;
        };
        let Some(i) = state.pacts.iter().position(|p| p.binds(violator, victim)) else {
            continue;
        };
        let pact = state.pacts.remove(i);
        events.push(public(
            "22.3",
            DealEvent::PactBroken {
                pact,
                violator,
                by: attacker,
                against: d,
            },
        ));
        penalty(state, violator, events);
    }
}

/// 22.3: the violator's powers lose half their markers at random (rounded down, NG3);
/// every other player rolls a die and picks that many for its first power in this
/// game turn's order, within the hand limit.
fn penalty(state: &mut State, violator: Seat, events: &mut Vec<GameEvent<Event>>) {
    for p in state.powers_of(violator) {
        let half = state.power(p).hand.len() / 2;
        let lost = lose_random(state, p, half);
        let count = u8::try_from(lost.len()).unwrap_or(u8::MAX);
        events.push(public("22.3", DealEvent::PenaltyLost { power: p, count }));
    }
    let mut paid: Vec<Seat> = vec![violator];
    let order: Vec<Power> = if state.order.is_empty() {
        state.belligerents()
    } else {
        state.order.clone()
    };
    for p in order {
        let Some(seat) = state.controller(p) else {
            continue;
        };
        if paid.contains(&seat) {
            continue;
        }
        paid.push(seat);
        let roll = u8::try_from(state.chance.roll(6)).unwrap_or(u8::MAX);
        events.push(public("22.3", DealEvent::PenaltyRoll { power: p, roll }));
        let room = hand_limit(state).saturating_sub(state.power(p).hand.len());
        extra_picks(state, p, usize::from(roll).min(room), "22.3", events);
    }
}
