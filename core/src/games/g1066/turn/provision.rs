//! The Provisioning Phase (3.2 b, 9.0): every place holding more of the phasing
//! power's units than its forage feeds (9.2, with castles, summer and pillage in
//! `moves::forage_value`) is fed with one gold (9.4) or loses units of its player's
//! choice until it is fed (9.6). Boxes need no food (21.5).

use super::super::actions::{Action, Event};
use super::super::chits::{put_back, take, GOLD};
use super::super::data::tables::PlayerPhase;
use super::super::data::{data, Place, Power};
use super::super::moves::units_over_forage;
use super::super::state::State;
use super::phasing;
use super::pieces::{remove_unit, surroundings};
use crate::engine::{GameEvent, RuleError, Seat};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProvisionState {
    /// Places fed with gold this phase (9.4): everyone there eats.
    pub paid: Vec<Place>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProvisionAction {
    /// 9.4: one gold feeds every unit over the forage value in `place`.
    Pay { power: Power, place: Place },
    /// 9.6: the player names a unit in `place` that starves.
    Starve {
        power: Power,
        place: Place,
        unit: u16,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProvisionEvent {
    /// As the phase opens: a place holds `over` units more than it feeds.
    Hungry {
        power: Power,
        place: Place,
        over: u16,
    },
    Paid {
        power: Power,
        place: Place,
    },
    Starved {
        power: Power,
        place: Place,
        unit: u16,
    },
}

/// The places where the power has units beyond the forage and has not paid, with how
/// many are over.
pub fn hungry(state: &State, power: Power) -> Vec<(Place, u16)> {
    let around = surroundings(state, power);
    state
        .forces
        .iter()
        .filter(|(place, _)| !state.player_turn.provision.paid.contains(place))
        .filter_map(|(&place, stacks)| {
            let mine = stacks.iter().find(|s| s.power == power)?;
            let counted = u16::try_from(mine.units.len()).unwrap_or(u16::MAX);
            let over = units_over_forage(place, counted, &around);
            (over > 0).then_some((place, over))
        })
        .collect()
}

pub fn begin(state: &mut State, power: Power, events: &mut Vec<GameEvent<Event>>) {
    for (place, over) in hungry(state, power) {
        events.push(GameEvent::public(
            "9.2",
            ProvisionEvent::Hungry { power, place, over },
        ));
    }
}

pub fn waiting(_state: &State, _power: Power) -> Option<Vec<Seat>> {
    None
}

pub fn legal_actions(state: &State, power: Power, _seat: Seat) -> Vec<Action> {
    let has_gold = state.power(power).hand.iter().any(|c| c.is(GOLD));
    let mut out = Vec::new();
    for (place, _) in hungry(state, power) {
        if has_gold {
            out.push(Action::from(ProvisionAction::Pay { power, place }));
        }
        if let Some(stack) = state.stack(place, power) {
            out.extend(stack.units.iter().map(|u| {
                Action::from(ProvisionAction::Starve {
                    power,
                    place,
                    unit: u.id,
                })
            }));
        }
    }
    out
}

pub fn may_end(state: &State, power: Power) -> Result<(), RuleError> {
    match hungry(state, power).first() {
        None => Ok(()),
        Some((place, over)) => Err(RuleError::new(
            "9.1",
            format!("{over} unit(s) in {place} are not fed: pay 1 gold or choose who starves"),
        )),
    }
}

pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &ProvisionAction,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let (power, place) = match *action {
        ProvisionAction::Pay { power, place } | ProvisionAction::Starve { power, place, .. } => {
            (power, place)
        }
    };
    let phasing_power = phasing(state, seat, PlayerPhase::Provisioning, "9.1")?;
    if phasing_power != power {
        return Err(RuleError::new(
            "9.1",
            format!("it is the {}' provisioning", phasing_power.name()),
        ));
    }
    if !hungry(state, power).iter().any(|h| h.0 == place) {
        return Err(RuleError::new(
            "9.2",
            format!("the units in {place} are fed"),
        ));
    }
    let (rule, event) = match *action {
        ProvisionAction::Pay { .. } => {
            let gold = usize::from(data().tables.fixed.provision_gold_per_square);
            let hand = &mut state.power_mut(power).hand;
            let Some(spent) = take(hand, gold, |c| c.is(GOLD)) else {
                return Err(RuleError::new(
                    "9.4",
                    "no gold to pay for food (no deficit spending)",
                ));
            };
            for c in spent {
                put_back(&mut state.pool, c);
            }
            state.player_turn.provision.paid.push(place);
            ("9.4", ProvisionEvent::Paid { power, place })
        }
        ProvisionAction::Starve { unit, .. } => {
            let mine = state
                .stack(place, power)
                .is_some_and(|s| s.units.iter().any(|u| u.id == unit));
            if !mine {
                return Err(RuleError::new(
                    "9.6",
                    format!("no unit {unit} of theirs in {place}"),
                ));
            }
            remove_unit(state, place, unit);
            ("9.6", ProvisionEvent::Starved { power, place, unit })
        }
    };
    Ok(vec![GameEvent::public(rule, event)])
}
