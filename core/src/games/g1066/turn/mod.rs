//! Inside a player turn (3.2 a-g): one module per phase says who decides now, what each
//! seat may do, what doing it changes, and whether the phasing power may end the phase.
//! `sequence` walks from phase to phase; this module only dispatches.
//!
//! Each phase module offers the same functions, so the dispatch below stays a table:
//! - `begin(state, power, events)`: what happens by itself as the phase opens;
//! - `waiting(state, power) -> Option<Vec<Seat>>`: seats other than the phasing player's
//!   asked now (counter marches, battles), or None when the phasing player decides;
//! - `legal_actions(state, power, seat)`: the phase's own actions for that seat;
//! - `may_end(state, power)`: whether the phasing power may end the phase now;
//! - `apply(state, seat, action)`: one of the phase's actions, checked.

pub mod campaign;
pub mod combat;
pub mod command;
pub mod counter_march;
pub mod defection;
pub mod movement;
pub mod negation;
pub mod neutral;
pub mod overrun;
pub mod phase_markers;
pub mod pieces;
pub mod pillage;
pub mod provision;
pub mod recruit;
pub mod vassalage;

#[cfg(test)]
mod campaign_tests;
#[cfg(test)]
mod combat_tests;
#[cfg(test)]
mod command_tests;
#[cfg(test)]
mod counter_march_tests;
#[cfg(test)]
mod defection_tests;
#[cfg(test)]
mod movement_tests;
#[cfg(test)]
mod negation_tests;
#[cfg(test)]
mod overrun_tests;
#[cfg(test)]
mod phase_markers_tests;
#[cfg(test)]
mod pillage_tests;
#[cfg(test)]
mod provision_tests;
#[cfg(test)]
mod recruit_tests;
#[cfg(test)]
pub(crate) mod test_position;
#[cfg(test)]
mod transport_tests;
#[cfg(test)]
mod vassalage_tests;

use super::actions::{Action, Event};
use super::data::tables::PlayerPhase;
use super::data::Power;
use super::state::{Phase, State};
use crate::engine::{GameEvent, RuleError, Seat};
use serde::{Deserialize, Serialize};

/// What the current player turn has done so far, phase by phase; cleared when a player
/// turn begins. Every part is public (what is secret lives in hands and counters).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerTurnState {
    #[serde(default)]
    pub campaign: campaign::CampaignState,
    #[serde(default)]
    pub provision: provision::ProvisionState,
    #[serde(default)]
    pub recruit: recruit::RecruitState,
    #[serde(default)]
    pub vassalage: vassalage::VassalageState,
    #[serde(default)]
    pub movement: movement::MovementState,
    /// An open counter-march window (16.7), inside the Movement Phase.
    #[serde(default)]
    pub counter: counter_march::CounterState,
    /// An Action marker play the other players may still negate (8.13).
    #[serde(default)]
    pub negation: negation::NegationState,
    /// A Papal Intervention waiting for its exchange (8.13).
    #[serde(default)]
    pub markers: phase_markers::MarkerState,
    #[serde(default)]
    pub combat: combat::CombatState,
    #[serde(default)]
    pub pillage: pillage::PillageState,
}

/// The phasing power and its phase, if a player turn is under way.
pub fn current(state: &State) -> Option<(Power, PlayerPhase)> {
    match state.phase {
        Phase::PlayerTurn { power, step } => Some((power, step)),
        _ => None,
    }
}

/// The phasing power when `seat` plays it and the turn is in `step`; otherwise the
/// error a person should read, under `rule`.
pub fn phasing(
    state: &State,
    seat: Seat,
    step: PlayerPhase,
    rule: &'static str,
) -> Result<Power, RuleError> {
    match current(state) {
        Some((power, now)) if now == step => {
            if state.controller(power) == Some(seat) {
                Ok(power)
            } else {
                Err(RuleError::new(
                    rule,
                    format!("only the {}' player acts in this phase", power.name()),
                ))
            }
        }
        Some((_, now)) => Err(RuleError::new(
            rule,
            format!("that belongs to the {step:?} phase, and this is the {now:?} phase"),
        )),
        None => Err(RuleError::new("3.2", "no player turn is under way")),
    }
}

/// Called as each phase opens.
pub fn begin(state: &mut State, events: &mut Vec<GameEvent<Event>>) {
    let Some((power, step)) = current(state) else {
        return;
    };
    match step {
        PlayerPhase::CampaignMarker => campaign::begin(state, power, events),
        PlayerPhase::Provisioning => provision::begin(state, power, events),
        PlayerPhase::Recruiting => recruit::begin(state, power, events),
        PlayerPhase::Vassalage => vassalage::begin(state, power, events),
        PlayerPhase::Movement => movement::begin(state, power, events),
        PlayerPhase::Combat => combat::begin(state, power, events),
        PlayerPhase::Pillage => pillage::begin(state, power, events),
    }
}

/// After an Event's answer: the phase that was drawing markers goes on drawing.
pub fn resume_draws(state: &mut State, events: &mut Vec<GameEvent<Event>>) {
    // A Defection's battle draws its spoils in whatever phase it was fought (DF1).
    if combat::busy(state) {
        combat::continue_draws(state, events);
        return;
    }
    match current(state) {
        Some((power, PlayerPhase::CampaignMarker)) => {
            campaign::continue_draws(state, power, events)
        }
        Some((_, PlayerPhase::Pillage)) => pillage::continue_draws(state, events),
        Some((_, PlayerPhase::Combat)) => combat::continue_draws(state, events),
        _ => {}
    }
}

/// The seats asked now.
pub fn to_act(state: &State) -> Vec<Seat> {
    let Some((power, step)) = current(state) else {
        return Vec::new();
    };
    let others = match step {
        // A Defection's battle is fought at once, whatever the phase (DF1).
        _ if combat::busy(state) && step != PlayerPhase::Combat => combat::waiting(state, power),
        PlayerPhase::CampaignMarker => campaign::waiting(state, power),
        PlayerPhase::Movement => {
            counter_march::waiting(state).or_else(|| movement::waiting(state, power))
        }
        PlayerPhase::Combat => combat::waiting(state, power),
        PlayerPhase::Pillage => pillage::waiting(state, power),
        PlayerPhase::Vassalage => vassalage::waiting(state, power),
        _ => None,
    };
    others.unwrap_or_else(|| state.controller(power).into_iter().collect())
}

/// Everything `seat` may do now, ending the phase included when that is allowed.
pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    let Some((power, step)) = current(state) else {
        return Vec::new();
    };
    if !to_act(state).contains(&seat) {
        return Vec::new();
    }
    if combat::busy(state) && step != PlayerPhase::Combat {
        return combat::legal_actions(state, power, seat);
    }
    let mut actions = match step {
        PlayerPhase::CampaignMarker => {
            let mut acts = campaign::legal_actions(state, power, seat);
            if state.controller(power) == Some(seat) {
                acts.extend(phase_markers::offered(state, power));
            }
            acts
        }
        PlayerPhase::Provisioning => provision::legal_actions(state, power, seat),
        PlayerPhase::Recruiting => recruit::legal_actions(state, power, seat),
        PlayerPhase::Vassalage => vassalage::legal_actions(state, power, seat),
        PlayerPhase::Movement if counter_march::is_open(state) => {
            counter_march::legal_actions(state, seat)
        }
        PlayerPhase::Movement => movement::legal_actions(state, power, seat),
        PlayerPhase::Combat => combat::legal_actions(state, power, seat),
        PlayerPhase::Pillage => pillage::legal_actions(state, power, seat),
    };
    if state.controller(power) == Some(seat) {
        actions.extend(phase_markers::offered_any_time(state, power));
    }
    if state.controller(power) == Some(seat) && may_end(state).is_ok() {
        actions.push(Action::EndPhase { power });
    }
    actions
}

/// A movement decision: the open counter-march window's, or the phasing power's; a
/// phasing force's step may open a window (16.7).
pub fn apply_movement(
    state: &mut State,
    seat: Seat,
    action: &movement::MovementAction,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    if counter_march::is_open(state) {
        return counter_march::apply(state, seat, action);
    }
    let events = movement::apply(state, seat, action)?;
    if let movement::MovementAction::Step { power, to, .. } = *action {
        counter_march::open(state, power, to);
    }
    Ok(events)
}

/// Whether the phasing power may end its current phase (e.g. 15.1: not while a battle
/// is owed; 9.1: not while units are unfed).
pub fn may_end(state: &State) -> Result<(), RuleError> {
    let Some((power, step)) = current(state) else {
        return Err(RuleError::new("3.2", "no player turn is under way"));
    };
    if to_act(state) != state.controller(power).into_iter().collect::<Vec<_>>() {
        return Err(RuleError::new(
            "3.2",
            "another player has a decision to make first",
        ));
    }
    if combat::busy(state) {
        return Err(RuleError::new("15.2", "a battle is being fought"));
    }
    match step {
        PlayerPhase::CampaignMarker => campaign::may_end(state, power),
        PlayerPhase::Provisioning => provision::may_end(state, power),
        PlayerPhase::Recruiting => recruit::may_end(state, power),
        PlayerPhase::Vassalage => vassalage::may_end(state, power),
        PlayerPhase::Movement => movement::may_end(state, power),
        PlayerPhase::Combat => combat::may_end(state, power),
        PlayerPhase::Pillage => pillage::may_end(state, power),
    }
}
