//! SKELETON: the movement phase, to be built.

use super::super::actions::{Action, Event};
use super::super::data::Power;
use super::super::state::State;
use crate::engine::{GameEvent, RuleError, Seat};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovementState {}

/// The phase's own decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovementAction {}

/// What the phase's decisions did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovementEvent {}

pub fn begin(_state: &mut State, _power: Power, _events: &mut Vec<GameEvent<Event>>) {}

pub fn waiting(_state: &State, _power: Power) -> Option<Vec<Seat>> {
    None
}

pub fn legal_actions(_state: &State, _power: Power, _seat: Seat) -> Vec<Action> {
    Vec::new()
}

pub fn may_end(_state: &State, _power: Power) -> Result<(), RuleError> {
    Ok(())
}

pub fn apply(
    _state: &mut State,
    _seat: Seat,
    action: &MovementAction,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    match *action {}
}
