//! Counter marches (16.6-16.10): the instant a phasing force steps next to a force of
//! another player, that player may play a Forced March and march the force into the
//! square just entered. The triggering force's move is over (16.7); the battle, if the
//! forces stay together, is the phasing player's to fight in his Combat Phase (16.8).
//!
//! After every step of a phasing force (its cargo ashore, CX3) a window opens. The
//! powers of other players with a force next to the square are asked one at a time, in
//! this game turn's order after the phasing power, whether or not they hold a Forced
//! March (brief 4.2: asking only holders would show their hands): CX1. A power may
//! counter march several forces in turn, one marker each (16.9); the window closes when
//! every power asked has let the move go on. Counter-marching forces trigger nothing
//! (16.10), and retreats are not movement, so they never open one.

use super::super::actions::{Action, Event};
use super::super::chits::put_back;
use super::super::data::tables::PlayerPhase;
use super::super::data::{Place, Power};
use super::super::moves::{check_step, Force, HalfMp, Mode};
use super::super::state::State;
use super::command::{self, Command};
use super::movement::{self, MovementAction, MovementEvent, Moving, FORCED_MARCH};
use super::pieces::{is_fleet, surroundings};
use crate::engine::{GameEvent, RuleError, Seat};
use serde::{Deserialize, Serialize};

/// The counter-march window of the current Movement Phase, if one is open (public).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterState {
    #[serde(default)]
    pub window: Option<CounterWindow>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterWindow {
    /// The square the triggering force just entered: the only one a counter march may
    /// enter (16.7).
    pub square: Place,
    /// The phasing power whose force stepped.
    pub trigger: Power,
    /// The powers that let the move go on.
    pub declined: Vec<Power>,
    /// The power whose counter-marching force is on its way, if one is.
    pub marching: Option<Power>,
}

fn err(rule: &'static str, why: impl Into<String>) -> RuleError {
    RuleError::new(rule, why)
}

pub fn is_open(state: &State) -> bool {
    state.player_turn.counter.window.is_some()
}

/// The units of `power` in `from` that would march: its land units, or its fleets.
fn marchers(state: &State, power: Power, from: Place, fleets: bool) -> Vec<u16> {
    state.stack(from, power).map_or(Vec::new(), |s| {
        s.units
            .iter()
            .filter(|u| is_fleet(&u.identity) == fleets)
            .map(|u| u.id)
            .collect()
    })
}

/// Where `power` could counter march from into `square`: `real` prices the step with
/// the force's true allowance (which its hidden unit types set); otherwise only public
/// facts count (the kind of force, the terrain, who stands where), so that whether a
/// power is asked shows nothing hidden (CX1).
fn sources(state: &State, power: Power, square: Place, real: bool) -> Vec<(Place, bool)> {
    let around = surroundings(state, power);
    let mut out = Vec::new();
    for from in square.neighbours() {
        for fleets in [false, true] {
            let units = marchers(state, power, from, fleets);
            if units.is_empty() {
                continue;
            }
            let force = if real {
                match movement::force_of(state, power, from, &units) {
                    Ok(f) => f,
                    Err(_) => continue,
                }
            } else {
                Force {
                    power,
                    mode: if fleets {
                        Mode::Fleet {
                            fleets: u8::try_from(units.len()).unwrap_or(u8::MAX),
                            cargo: 0,
                        }
                    } else {
                        Mode::Land
                    },
                    ma: HalfMp(u16::MAX / 2),
                    box_crossed: None,
                }
            };
            if check_step(&force, from, square, force.ma, &around).is_ok() {
                out.push((from, fleets));
            }
        }
    }
    out
}

/// The powers still to be asked, in this game turn's order after the phasing power:
/// another player's belligerent powers with a force that may enter the square.
fn still_to_ask(state: &State, w: &CounterWindow) -> Vec<Power> {
    let phasing_seat = state.controller(w.trigger);
    let mut order: Vec<Power> = state.order.clone();
    order.extend(Power::ALL.into_iter().filter(|p| !state.order.contains(p)));
    let at = order.iter().position(|&p| p == w.trigger).unwrap_or(0);
    order.rotate_left(at);
    order
        .into_iter()
        .filter(|&p| p != w.trigger && !w.declined.contains(&p))
        .filter(|&p| state.controller(p).is_some_and(|c| Some(c) != phasing_seat))
        .filter(|&p| !sources(state, p, w.square, false).is_empty())
        .collect()
}

/// The power that decides now while a window is open.
pub fn asked(state: &State) -> Option<Power> {
    let w = state.player_turn.counter.window.as_ref()?;
    w.marching
        .or_else(|| still_to_ask(state, w).first().copied())
}

/// The seat asked now, while a window is open.
pub fn waiting(state: &State) -> Option<Vec<Seat>> {
    if !is_open(state) {
        return None;
    }
    Some(
        asked(state)
            .and_then(|p| state.controller(p))
            .into_iter()
            .collect(),
    )
}

/// Closes the window once nobody is left to ask.
fn settle(state: &mut State) {
    if is_open(state) && asked(state).is_none() {
        state.player_turn.counter.window = None;
    }
}

/// Opens a window after the phasing force's step into `to`, if anybody is to be asked.
/// Not while cargo is at sea (CX3: a counter march is a move into the square, and a
/// sea battle with cargo aboard is not built, NT3).
pub fn open(state: &mut State, trigger: Power, to: Place) {
    if !movement::aboard(state).is_empty() || is_open(state) {
        return;
    }
    if state.stack(to, trigger).is_none_or(|s| s.units.is_empty()) {
        return;
    }
    state.player_turn.counter.window = Some(CounterWindow {
        square: to,
        trigger,
        declined: Vec::new(),
        marching: None,
    });
    settle(state);
}

/// What `seat` may do while the window is open.
pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    let Some(w) = state.player_turn.counter.window.as_ref() else {
        return Vec::new();
    };
    let Some(power) = asked(state) else {
        return Vec::new();
    };
    if state.controller(power) != Some(seat) {
        return Vec::new();
    }
    let mut out = Vec::new();
    if w.marching.is_some() {
        if let Some(m) = movement::is_moving(state, power) {
            if m.steps == 0 && m.units.len() > 1 {
                out.extend(
                    m.units
                        .iter()
                        .map(|&unit| MovementAction::Leave { power, unit }),
                );
            }
            out.push(MovementAction::Step {
                power,
                from: m.place,
                to: w.square,
            });
        }
        return out.into_iter().map(Action::from).collect();
    }
    out.push(MovementAction::NoCounterMarch { power });
    if state.power(power).hand.iter().any(|c| c.is(FORCED_MARCH)) {
        out.extend(
            sources(state, power, w.square, true)
                .into_iter()
                .map(|(from, fleets)| MovementAction::CounterMarch {
                    power,
                    from,
                    fleets,
                }),
        );
    }
    out.into_iter().map(Action::from).collect()
}

/// One decision while the window is open: every other movement action waits.
pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &MovementAction,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    if super::current(state).map(|(_, step)| step) != Some(PlayerPhase::Movement) {
        return Err(err("16.6", "counter marches belong to a Movement Phase"));
    }
    let Some(w) = state.player_turn.counter.window.clone() else {
        return Err(err("16.7", "no counter march is open"));
    };
    let Some(power) = asked(state) else {
        return Err(err("16.7", "nobody is asked to counter march"));
    };
    if state.controller(power) != Some(seat) {
        return Err(err(
            "16.7",
            format!(
                "the {} are asked whether to counter march into {}",
                power.name(),
                w.square
            ),
        ));
    }
    let mut events = Vec::new();
    match *action {
        MovementAction::NoCounterMarch { power: p } if p == power && w.marching.is_none() => {
            if let Some(win) = state.player_turn.counter.window.as_mut() {
                win.declined.push(power);
            }
            events.push(GameEvent::public(
                "16.7",
                MovementEvent::NoCounterMarch { power },
            ));
        }
        MovementAction::CounterMarch {
            power: p,
            from,
            fleets,
        } if p == power && w.marching.is_none() => {
            declare(state, power, from, fleets, w.square, &mut events)?;
        }
        MovementAction::Leave { power: p, unit } if p == power && w.marching.is_some() => {
            if movement::is_moving(state, power).is_some_and(|m| m.steps > 0) {
                return Err(err("16.7", "the counter march has already entered"));
            }
            movement::leave(state, power, unit, &mut events)?;
        }
        MovementAction::Step { power: p, from, to } if p == power && w.marching.is_some() => {
            let at = movement::is_moving(state, power).map(|m| m.place);
            if at != Some(from) || to != w.square {
                return Err(err(
                    "16.7",
                    format!("the counter march enters {} and nowhere else", w.square),
                ));
            }
            movement::step(state, power, to, &mut events)?;
            movement::finish(state, "16.7", &mut events);
            if let Some(win) = state.player_turn.counter.window.as_mut() {
                win.marching = None;
            }
        }
        _ => {
            return Err(err(
                "16.7",
                if w.marching.is_some() {
                    format!(
                        "the {}' counter march into {} goes first",
                        power.name(),
                        w.square
                    )
                } else {
                    format!(
                        "the {} decide first whether to counter march into {}",
                        power.name(),
                        w.square
                    )
                },
            ))
        }
    }
    settle(state);
    Ok(events)
}

/// 16.7: the Forced March is spent, the triggering force's move ends, and the force in
/// `from` is mustered to march into `square`.
fn declare(
    state: &mut State,
    power: Power,
    from: Place,
    fleets: bool,
    square: Place,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    let Some(i) = state
        .power(power)
        .hand
        .iter()
        .position(|c| c.is(FORCED_MARCH))
    else {
        return Err(err("16.6", "a counter march needs a Forced March marker"));
    };
    if !sources(state, power, square, true).contains(&(from, fleets)) {
        return Err(err(
            "16.7",
            format!(
                "no {} of theirs in {from} can enter {square} in one move",
                if fleets { "fleets" } else { "land units" }
            ),
        ));
    }
    let units = marchers(state, power, from, fleets);
    let force = movement::force_of(state, power, from, &units)?;
    let chit = state.power_mut(power).hand.remove(i);
    put_back(&mut state.pool, chit);
    events.push(GameEvent::public(
        "16.7",
        MovementEvent::CounterMarched {
            power,
            from,
            to: square,
            units: units.clone(),
        },
    ));
    movement::finish(state, "16.7", events);
    // Brief ruling 20: a counter march is a Forced March and needs its command check;
    // on No Move the force stays and the power may try again with another marker (24.4).
    if command::applies(state)
        && command::check(state, power, from, &units, true, events) == Command::NoMove
    {
        return Ok(());
    }
    state.player_turn.movement.moving = Some(Moving {
        power,
        place: from,
        units,
        fleets,
        mp_left: force.ma.0,
        box_crossed: None,
        steps: 0,
        forced: true,
        cargo: Vec::new(),
    });
    if let Some(win) = state.player_turn.counter.window.as_mut() {
        win.marching = Some(power);
    }
    Ok(())
}
