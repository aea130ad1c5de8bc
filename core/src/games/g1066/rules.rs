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
        Phase::Negotiations | Phase::PlayerTurn { .. } => Turn::Decide(sequence::to_act(state)),
        Phase::GameOver => Turn::Over(sequence::outcome(state)),
    }
}

/// Every action `apply` accepts from `seat` now.
pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    match state.phase {
        Phase::Setup => setup::legal_deployments(state, seat),
        Phase::Initiative => initiative::legal_bids(state, seat),
        Phase::Negotiations | Phase::PlayerTurn { .. } => sequence::legal_actions(state, seat),
        Phase::GameOver => Vec::new(),
    }
}

/// Applies one action; on error nothing changes.
pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let mut next = state.clone();
    let events = match action {
        Action::Deploy { identity, place } => setup::deploy(&mut next, seat, identity, *place)?,
        Action::DeployCastle { square } => setup::deploy_castle(&mut next, seat, *square)?,
        Action::Bid { power, bid } => initiative::place_bid(&mut next, seat, *power, *bid)?,
        Action::Pass { power } => sequence::pass(&mut next, seat, *power)?,
        Action::EndPhase { power } => sequence::end_phase(&mut next, seat, *power)?,
        Action::Campaign(a) => {
            let mut events = turn::campaign::apply(&mut next, seat, a)?;
            turn::resume_draws(&mut next, &mut events);
            events
        }
        Action::Marker(a) => turn::phase_markers::apply(&mut next, seat, a)?,
        Action::Provision(a) => turn::provision::apply(&mut next, seat, a)?,
        Action::Recruit(a) => turn::recruit::apply(&mut next, seat, a)?,
        Action::Vassalage(a) => turn::vassalage::apply(&mut next, seat, a)?,
        Action::Movement(a) => turn::movement::apply(&mut next, seat, a)?,
        Action::Combat(a) => turn::combat::apply(&mut next, seat, a)?,
        Action::Pillage(a) => turn::pillage::apply(&mut next, seat, a)?,
    };
    *state = next;
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
            // 11.2: the markers put face down.
            | Action::Vassalage(VassalageAction::Commit { .. })
    )
}
