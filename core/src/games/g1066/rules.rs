//! Whose turn it is, what each seat may do and what doing it changes: set-up,
//! initiative, negotiations, then each player turn's phases (`turn/`).

use super::actions::{Action, Event};
use super::initiative;
use super::sequence;
use super::setup;
use super::state::{Phase, State};
use super::turn;
use crate::engine::{GameEvent, RuleError, Seat, Turn};

/// The seats to decide now: the deploying seat in set-up; every seat with a power still
/// to bid in the initiative phase (one simultaneous, secret choice).
pub fn to_act(state: &State) -> Turn {
    match state.phase {
        Phase::Setup => Turn::Decide(state.deploy.iter().map(|d| d.seat).collect()),
        Phase::Initiative => Turn::Decide(initiative::waiting(state)),
        Phase::PlayerTurn { .. } | Phase::Negotiations if turn::negation::is_open(state) => {
            Turn::Decide(turn::negation::waiting(state))
        }
        Phase::Negotiations | Phase::PlayerTurn { .. } => Turn::Decide(sequence::to_act(state)),
        Phase::GameOver => Turn::Over(sequence::outcome(state)),
    }
}

/// Every action `apply` accepts from `seat` now.
pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    match state.phase {
        Phase::Setup => setup::legal_deployments(state, seat),
        Phase::Initiative => initiative::legal_bids(state, seat),
        Phase::PlayerTurn { .. } | Phase::Negotiations if turn::negation::is_open(state) => {
            turn::negation::legal_actions(state, seat)
        }
        Phase::PlayerTurn { .. } if turn::phase_markers::swap_pending(state).is_some() => {
            if turn::phase_markers::swap_pending(state).and_then(|p| state.controller(p))
                == Some(seat)
            {
                turn::phase_markers::swap_picks(state)
            } else {
                Vec::new()
            }
        }
        Phase::Negotiations | Phase::PlayerTurn { .. } => sequence::legal_actions(state, seat),
        Phase::GameOver => Vec::new(),
    }
}

/// Applies one action; on error nothing changes. An Action marker play that another
/// player may negate opens a window first and takes effect, if it stands, when the
/// window closes (`turn/negation.rs`).
pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let mut next = state.clone();
    let events = if turn::negation::is_open(&next) {
        let (answer, mut events) = turn::negation::answer(&mut next, seat, action)?;
        if let turn::negation::Answer::Stands { seat, play } = answer {
            events.extend(take_effect(&mut next, seat, &play));
        }
        events
    } else if let Some((pending, first)) = turn::negation::negatable(action) {
        // Refused as it would be without the window; accepted, it waits on it.
        dispatch(&mut next.clone(), seat, action)?;
        if turn::negation::anyone_to_ask(&next, first.power) {
            turn::negation::open(&mut next, seat, pending, first)
        } else {
            dispatch(&mut next, seat, action)?
        }
    } else {
        dispatch(&mut next, seat, action)?
    };
    *state = next;
    Ok(events)
}

/// A play that stood its window. What it needed may have changed meanwhile (a hand
/// emptied by a negation): then the marker is spent for nothing (PN2).
fn take_effect(state: &mut State, seat: Seat, play: &Action) -> Vec<GameEvent<Event>> {
    let mut trial = state.clone();
    match dispatch(&mut trial, seat, play) {
        Ok(events) => {
            *state = trial;
            events
        }
        Err(e) => {
            let Some((_, first)) = turn::negation::negatable(play) else {
                return Vec::new();
            };
            turn::negation::to_pool(state, &first);
            vec![GameEvent::public(
                "8.13",
                turn::phase_markers::MarkerEvent::Fizzled {
                    power: first.power,
                    marker: first.marker,
                    why: e.message,
                },
            )]
        }
    }
}

/// The action's own rules, with no window.
fn dispatch(
    next: &mut State,
    seat: Seat,
    action: &Action,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    if let Some(power) = turn::phase_markers::swap_pending(next) {
        if !matches!(
            action,
            Action::Marker(
                turn::phase_markers::MarkerAction::SwapPick { .. }
                    | turn::phase_markers::MarkerAction::OathPick { .. }
            )
        ) {
            return Err(RuleError::new(
                "8.13",
                format!(
                    "the {} first pick the marker their Papal Intervention or Oath takes",
                    power.name()
                ),
            ));
        }
    }
    let events = match action {
        Action::Negation(_) => {
            return Err(RuleError::new("8.13", "no marker is being played"));
        }
        Action::Deploy { identity, place } => setup::deploy(next, seat, identity, *place)?,
        Action::DeployCastle { square } => setup::deploy_castle(next, seat, *square)?,
        Action::Bid { power, bid } => initiative::place_bid(next, seat, *power, *bid)?,
        Action::Pass { power } => sequence::pass(next, seat, *power)?,
        Action::EndPhase { power } => sequence::end_phase(next, seat, *power)?,
        Action::Deal(a) => sequence::deal(next, seat, a)?,
        Action::Campaign(a) => {
            let mut events = turn::campaign::apply(next, seat, a)?;
            turn::resume_draws(next, &mut events);
            events
        }
        Action::Marker(a) => turn::phase_markers::apply(next, seat, a)?,
        Action::Provision(a) => turn::provision::apply(next, seat, a)?,
        Action::Recruit(a) => turn::recruit::apply(next, seat, a)?,
        Action::Vassalage(a) => turn::vassalage::apply(next, seat, a)?,
        Action::Movement(a) => turn::apply_movement(next, seat, a)?,
        Action::Combat(a) => turn::combat::apply(next, seat, a)?,
        Action::Pillage(a) => turn::pillage::apply(next, seat, a)?,
    };
    Ok(events)
}

/// Actions other seats must never see named: which counter went where, and bids.
pub fn action_is_secret(_: &State, action: &Action) -> bool {
    use super::turn::campaign::CampaignAction;
    use super::turn::recruit::RecruitAction;
    use super::turn::vassalage::VassalageAction;
    matches!(
        action,
        Action::Deploy { .. }
            | Action::Bid { .. }
            // 8.7: which marker went back; 10.2, 8.13: which counter was placed.
            | Action::Campaign(CampaignAction::Return { .. })
            | Action::Recruit(RecruitAction::Buy { .. } | RecruitAction::Rally { .. })
            // 8.13: which marker the Papal Intervention was exchanged for.
            | Action::Marker(
                super::turn::phase_markers::MarkerAction::SwapPick { .. }
                    | super::turn::phase_markers::MarkerAction::OathPick { .. }
            )
            // 22.2: which markers changed hands is the two parties' own.
            | Action::Deal(super::negotiation::DealAction::HandOver { .. })
            // 11.2: the markers put face down.
            | Action::Vassalage(VassalageAction::Commit { .. })
    )
}
