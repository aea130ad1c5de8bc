//! Negating an Action marker (8.13 Papal Intervention, Spy): before a played marker
//! takes effect, every other player may cancel it, Papal Intervention against any
//! Action marker, a Spy against a Spy or an Assassin. A negation may itself be
//! negated, so the plays form a chain resolved last in, first out (brief 4.2).
//!
//! `rules::apply` asks [`negatable`] of every action; a marker play that would be
//! accepted opens a window instead of taking effect, and the marker stays in hand
//! until the chain is settled (PN2). Who is asked rests on public facts only: every
//! belligerent power of another player than the one whose play tops the chain, one at
//! a time in this game turn's order, holding a negating marker or not (PN3).

use super::super::actions::{Action, Event};
use super::super::chits::{put_back, Chit};
use super::super::data::Power;
use super::super::state::State;
use super::movement::{MovementAction, FORCED_MARCH};
use super::phase_markers::{MarkerAction, MarkerEvent, ASSASSIN, HRE, OATH, PAPAL, SPY};
use crate::engine::{GameEvent, RuleError, Seat};
use serde::{Deserialize, Serialize};

/// A marker play waiting on the window, as it will be applied if it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    Marker(MarkerAction),
    Movement(MovementAction),
}

impl Pending {
    pub fn action(&self) -> Action {
        match self {
            Pending::Marker(m) => Action::Marker(m.clone()),
            Pending::Movement(m) => Action::Movement(m.clone()),
        }
    }
}

/// One play in the chain: the power and the marker it played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    pub power: Power,
    pub marker: String,
}

/// An open window (public: the plays are made face up).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// The seat that made the first play, and what it does if it stands.
    pub seat: Seat,
    pub play: Pending,
    /// The first play, then each negation of the one before.
    pub chain: Vec<Link>,
    /// The powers that let the chain's last play stand.
    pub declined: Vec<Power>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NegationState {
    #[serde(default)]
    pub window: Option<Window>,
}

/// The decisions of a window.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NegationAction {
    /// 8.13: the power plays `with` (Papal Intervention or a Spy) against the chain's
    /// last play.
    Negate { power: Power, with: String },
    /// The power lets the last play stand.
    LetStand { power: Power },
}

fn err(why: impl Into<String>) -> RuleError {
    RuleError::new("8.13", why)
}

pub fn is_open(state: &State) -> bool {
    state.player_turn.negation.window.is_some()
}

/// The power and marker of an action that plays an Action marker another player may
/// negate (PN1: Gold Points and Vassalage markers are spent as money and points, not
/// played for an effect; Rally, whose counter is secret, and Tostig are not offered
/// yet).
pub fn negatable(action: &Action) -> Option<(Pending, Link)> {
    let link = |power: Power, marker: &str| Link {
        power,
        marker: marker.to_string(),
    };
    match action {
        Action::Marker(m) => {
            let (power, marker) = match *m {
                MarkerAction::HolyRomanEmpire { power } => (power, HRE),
                MarkerAction::OathOfFealty { power, .. } => (power, OATH),
                MarkerAction::Assassin { power, .. } => (power, ASSASSIN),
                MarkerAction::SpyStacks { power } | MarkerAction::SpyHand { power, .. } => {
                    (power, SPY)
                }
                MarkerAction::PapalSwap { power } => (power, PAPAL),
                MarkerAction::Defection { power, .. } => (power, super::defection::DEFECTION),
                MarkerAction::SwapPick { .. } | MarkerAction::OathPick { .. } => return None,
            };
            Some((Pending::Marker(m.clone()), link(power, marker)))
        }
        Action::Movement(
            m @ (MovementAction::ForcedMarch { power, .. }
            | MovementAction::CounterMarch { power, .. }),
        ) => Some((Pending::Movement(m.clone()), link(*power, FORCED_MARCH))),
        _ => None,
    }
}

/// The powers still to be asked about the chain's last play.
fn still_to_ask(state: &State, w: &Window) -> Vec<Power> {
    let Some(top) = w.chain.last() else {
        return Vec::new();
    };
    let top_seat = state.controller(top.power);
    let mut order: Vec<Power> = state.order.clone();
    order.extend(Power::ALL.into_iter().filter(|p| !state.order.contains(p)));
    if let Some(at) = order.iter().position(|&p| p == top.power) {
        order.rotate_left(at);
    }
    order
        .into_iter()
        .filter(|p| !w.declined.contains(p))
        .filter(|&p| state.controller(p).is_some_and(|c| Some(c) != top_seat))
        .collect()
}

/// Whether anybody would be asked about a play by `power` (a game with one player's
/// powers only has no window).
pub fn anyone_to_ask(state: &State, power: Power) -> bool {
    let me = state.controller(power);
    Power::ALL
        .into_iter()
        .any(|p| state.controller(p).is_some_and(|c| Some(c) != me))
}

pub fn asked(state: &State) -> Option<Power> {
    let w = state.player_turn.negation.window.as_ref()?;
    still_to_ask(state, w).first().copied()
}

pub fn waiting(state: &State) -> Vec<Seat> {
    asked(state)
        .and_then(|p| state.controller(p))
        .into_iter()
        .collect()
}

/// Whether the power holds a `with` marker to play now: the first play's own marker
/// is still in its hand while the window is open, and is not another one.
fn available(state: &State, w: &Window, power: Power, with: &str) -> bool {
    let held = state
        .power(power)
        .hand
        .iter()
        .filter(|c| c.is(with))
        .count();
    let pending = w
        .chain
        .first()
        .is_some_and(|f| f.power == power && f.marker == with);
    held > usize::from(pending)
}

/// What may negate the chain's last play: Papal Intervention anything, a Spy a Spy or
/// an Assassin.
fn negators(top: &Link) -> Vec<&'static str> {
    let mut out = vec![PAPAL];
    if top.marker == SPY || top.marker == ASSASSIN {
        out.push(SPY);
    }
    out
}

pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    let Some(w) = state.player_turn.negation.window.as_ref() else {
        return Vec::new();
    };
    let Some(power) = asked(state) else {
        return Vec::new();
    };
    if state.controller(power) != Some(seat) {
        return Vec::new();
    }
    let mut out = vec![Action::Negation(NegationAction::LetStand { power })];
    if let Some(top) = w.chain.last() {
        for with in negators(top) {
            if available(state, w, power, with) {
                out.push(Action::Negation(NegationAction::Negate {
                    power,
                    with: with.to_string(),
                }));
            }
        }
    }
    out
}

/// Opens the window on a play `rules::apply` has checked it would accept.
pub fn open(state: &mut State, seat: Seat, play: Pending, first: Link) -> Vec<GameEvent<Event>> {
    let event = GameEvent::public(
        "8.13",
        MarkerEvent::Played {
            power: first.power,
            marker: first.marker.clone(),
        },
    );
    state.player_turn.negation.window = Some(Window {
        seat,
        play,
        chain: vec![first],
        declined: Vec::new(),
    });
    vec![event]
}

/// What an answer did: the window goes on, or it closed and the first play stands
/// (to be applied now by the caller, for its seat) or was cancelled.
pub enum Answer {
    Open,
    Stands { seat: Seat, play: Action },
    Cancelled,
}

/// One answer in the window; a negating marker goes to the pool as it is played. When
/// the last power lets the chain's last play stand, the chain is settled: the first
/// play's marker goes back unplayed if negated, or is spent by its own rules.
pub fn answer(
    state: &mut State,
    seat: Seat,
    action: &Action,
) -> Result<(Answer, Vec<GameEvent<Event>>), RuleError> {
    let Some(power) = asked(state) else {
        return Err(err("nobody is asked to negate a marker"));
    };
    let Some(w) = state.player_turn.negation.window.clone() else {
        return Err(err("no marker is being played"));
    };
    let top = w
        .chain
        .last()
        .cloned()
        .ok_or_else(|| err("an empty chain"))?;
    if state.controller(power) != Some(seat) {
        return Err(err(format!(
            "the {} decide first whether to negate the {}' {}",
            power.name(),
            top.power.name(),
            marker_name(&top.marker)
        )));
    }
    let mut events = Vec::new();
    match action {
        Action::Negation(NegationAction::LetStand { power: p }) if *p == power => {
            if let Some(win) = state.player_turn.negation.window.as_mut() {
                win.declined.push(power);
            }
        }
        Action::Negation(NegationAction::Negate { power: p, with }) if *p == power => {
            if !negators(&top).contains(&with.as_str()) {
                return Err(err(format!(
                    "a {} cannot negate a {}",
                    marker_name(with),
                    marker_name(&top.marker)
                )));
            }
            if !available(state, &w, power, with) {
                return Err(err(format!("that needs a {} in hand", marker_name(with))));
            }
            // Played face up, it is gone from the hand whatever the chain does (8.9).
            to_pool(
                state,
                &Link {
                    power,
                    marker: with.clone(),
                },
            );
            events.push(GameEvent::public(
                "8.13",
                MarkerEvent::Negated {
                    power,
                    with: with.clone(),
                    against: top.power,
                    marker: top.marker.clone(),
                },
            ));
            if let Some(win) = state.player_turn.negation.window.as_mut() {
                win.chain.push(Link {
                    power,
                    marker: with.clone(),
                });
                win.declined.clear();
            }
        }
        _ => {
            return Err(err(format!(
                "the {} decide first whether to negate the {}' {}",
                power.name(),
                top.power.name(),
                marker_name(&top.marker)
            )))
        }
    }
    if asked(state).is_some() {
        return Ok((Answer::Open, events));
    }
    Ok((settle(state, &mut events), events))
}

/// Closes the window: the first play stands when an even number of negations follow it.
fn settle(state: &mut State, events: &mut Vec<GameEvent<Event>>) -> Answer {
    let Some(w) = state.player_turn.negation.window.take() else {
        return Answer::Cancelled;
    };
    let stands = w.chain.len() % 2 == 1;
    // A window always holds its first play; a damaged one settles as nothing.
    let Some(first) = w.chain.first() else {
        return Answer::Cancelled;
    };
    events.push(GameEvent::public(
        "8.13",
        MarkerEvent::Settled {
            power: first.power,
            marker: first.marker.clone(),
            stands,
        },
    ));
    if stands {
        return Answer::Stands {
            seat: w.seat,
            play: w.play.action(),
        };
    }
    // A negated marker goes back unplayed (8.13), and the play never happened (a
    // power that lost its counter march is still asked: it may play another).
    to_pool(state, first);
    Answer::Cancelled
}

/// Puts a played marker from the hand into the pool (8.9), with or without its effect.
pub fn to_pool(state: &mut State, link: &Link) {
    let hand = &mut state.power_mut(link.power).hand;
    if let Some(i) = hand.iter().position(|c| c.is(&link.marker)) {
        let c: Chit = hand.remove(i);
        put_back(&mut state.pool, c);
    }
}

pub fn marker_name(id: &str) -> String {
    super::super::data::data()
        .markers
        .markers
        .iter()
        .find(|m| m.id == id)
        .map_or_else(|| id.to_string(), |m| m.name.clone())
}
