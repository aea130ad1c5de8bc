//! The game-turn sequence after the bids (3.2, T4): Mutual Negotiations, then each
//! belligerent power's player turn in the order the bids set, its seven phases in the
//! T4 order, then the End of Game Turn; after the last turn, victory (23.0).
//!
//! The negotiations' deals are `negotiation.rs`; this module says whose say it is and
//! when the rounds are over (NG1). What a player does inside a phase is `turn/`.

use super::actions::{Action, Event};
use super::chits::put_back;
use super::data::{data, Place, Power};
use super::moves::land_connected;
use super::negotiation;
use super::state::{Identity, Phase, State};
use super::turn;
use crate::engine::{GameEvent, Outcome, RuleError, Seat};
use std::collections::BTreeSet;

/// The power to act now in negotiations or in a player turn.
pub fn acting_power(state: &State) -> Option<Power> {
    match state.phase {
        Phase::Negotiations => state
            .order
            .iter()
            .copied()
            .find(|p| !state.negotiated.contains(p)),
        Phase::PlayerTurn { power, .. } => Some(power),
        _ => None,
    }
}

/// The seats that decide now in this part of the sequence.
pub fn to_act(state: &State) -> Vec<Seat> {
    if matches!(state.phase, Phase::PlayerTurn { .. }) {
        return turn::to_act(state);
    }
    if let Some(seats) = negotiation::waiting(state) {
        return seats;
    }
    acting_power(state)
        .and_then(|p| state.controller(p))
        .into_iter()
        .collect()
}

pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    if matches!(state.phase, Phase::PlayerTurn { .. }) {
        return turn::legal_actions(state, seat);
    }
    if state.talks.deal.is_some() {
        return negotiation::legal_actions(state, seat);
    }
    let Some(power) = acting_power(state) else {
        return Vec::new();
    };
    if state.controller(power) != Some(seat) {
        return Vec::new();
    }
    match state.phase {
        Phase::Negotiations => negotiation::openings(state, power),
        _ => Vec::new(),
    }
}

fn check_acting(
    state: &State,
    seat: Seat,
    power: Power,
    rule: &'static str,
) -> Result<(), RuleError> {
    match acting_power(state) {
        Some(p) if p == power && state.controller(p) == Some(seat) => Ok(()),
        Some(p) => Err(RuleError::new(
            rule,
            format!("it is the {}' turn, not the {}'", p.name(), power.name()),
        )),
        None => Err(RuleError::new("3.2", "nobody acts in this phase")),
    }
}

/// 22.1: the power makes no deal in this round of the Mutual Negotiations Phase.
pub fn pass(
    state: &mut State,
    seat: Seat,
    power: Power,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    if state.phase != Phase::Negotiations {
        return Err(RuleError::new(
            "3.2",
            "negotiations are over for this game turn",
        ));
    }
    if state.talks.deal.is_some() {
        return Err(RuleError::new(
            "22.2",
            "a deal on the table is answered first",
        ));
    }
    check_acting(state, seat, power, "22.1")?;
    let mut events = vec![GameEvent::public("22.1", Event::Passed { power })];
    had_say(state, power, &mut events);
    Ok(events)
}

/// 22.2: one step of drafting, offering, answering or carrying out a deal.
pub fn deal(
    state: &mut State,
    seat: Seat,
    action: &negotiation::DealAction,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    if state.phase != Phase::Negotiations {
        return Err(RuleError::new(
            "22.1",
            "deals are made in the Mutual Negotiations Phase",
        ));
    }
    let Some(power) = acting_power(state) else {
        return Err(RuleError::new("22.1", "nobody negotiates now"));
    };
    let (mut events, settled) = negotiation::apply(state, seat, action)?;
    if state.talks.ended.is_some() {
        // 22.2 (4): the game ends at once, its victor as agreed (`outcome`).
        state.phase = Phase::GameOver;
        events.push(GameEvent::public("22.2", Event::GameOver));
        return Ok(events);
    }
    if settled {
        had_say(state, power, &mut events);
    }
    Ok(events)
}

/// The power has had its say this round. After a round in which nobody offered a
/// deal, or after the last round, the first player turn begins (3.2, NG1).
fn had_say(state: &mut State, power: Power, events: &mut Vec<GameEvent<Event>>) {
    if !state.negotiated.contains(&power) {
        state.negotiated.push(power);
    }
    if acting_power(state).is_some() {
        return;
    }
    state.negotiated.clear();
    let talks = &mut state.talks;
    talks.rounds_done += 1;
    if talks.offers && talks.rounds_done < negotiation::ROUNDS {
        talks.offers = false;
        return;
    }
    state.talks = Default::default();
    match state.order.first().copied() {
        Some(first) => begin_player_turn(state, first, events),
        None => end_game_turn(state, events),
    }
}

/// 3.2: the phasing power ends its current phase; after Pillage its player turn is over
/// and the next power in the order begins, or the game turn ends.
pub fn end_phase(
    state: &mut State,
    seat: Seat,
    power: Power,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let Phase::PlayerTurn { step, .. } = state.phase else {
        return Err(RuleError::new("3.2", "no player turn is under way"));
    };
    check_acting(state, seat, power, "3.2")?;
    turn::may_end(state)?;
    let steps = &data().tables.turns.player_turn_phases;
    let at = steps.iter().position(|s| *s == step).unwrap_or(steps.len());
    let mut events = Vec::new();
    // The force still moving ends its move: cargo lands (17.10), fleets staying in a
    // neutral's square wake it (17.4).
    turn::movement::close(state, &mut events);
    if let Some(&next) = steps.get(at + 1) {
        state.phase = Phase::PlayerTurn { power, step: next };
        events.push(GameEvent::public(
            "3.2",
            Event::PhaseBegins { phase: state.phase },
        ));
        turn::begin(state, &mut events);
        return Ok(events);
    }
    let next_power = state
        .order
        .iter()
        .position(|&p| p == power)
        .and_then(|i| state.order.get(i + 1))
        .copied();
    match next_power {
        Some(p) => begin_player_turn(state, p, &mut events),
        None => end_game_turn(state, &mut events),
    }
    Ok(events)
}

fn begin_player_turn(state: &mut State, power: Power, events: &mut Vec<GameEvent<Event>>) {
    let first = data().tables.turns.player_turn_phases.first().copied();
    match first {
        Some(step) => {
            // 8.9: the Events played go back to the pool as a player turn begins.
            for chit in std::mem::take(&mut state.events_out) {
                put_back(&mut state.pool, chit);
            }
            state.player_turn = Default::default();
            state.phase = Phase::PlayerTurn { power, step };
            events.push(GameEvent::public(
                "3.2",
                Event::PhaseBegins { phase: state.phase },
            ));
            turn::begin(state, events);
        }
        // A turn chart without phases (never in the shipped data) skips the player turn.
        None => end_game_turn(state, events),
    }
}

/// 3.2 (4): the month advances; after the last turn (27.2) the game is over.
fn end_game_turn(state: &mut State, events: &mut Vec<GameEvent<Event>>) {
    state.order.clear();
    state.bids.clear();
    if state.turn >= state.options.last_turn {
        state.phase = Phase::GameOver;
        events.push(GameEvent::public("23.2", Event::GameOver));
        return;
    }
    state.turn += 1;
    state.phase = Phase::Initiative;
    events.push(GameEvent::public(
        "3.2",
        Event::TurnBegins { turn: state.turn },
    ));
    events.push(GameEvent::public(
        "3.2",
        Event::PhaseBegins {
            phase: Phase::Initiative,
        },
    ));
}

/// What 23.2 asks of one seat, with its powers and their vassals together (23.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VictoryCheck {
    pub seat: Seat,
    /// A king the seat controls (Tostig counts, 18.10) stands in a large town of
    /// Britain with a printed feudal value of 2 or 3.
    pub king_placed: bool,
    /// Feudal points of the towns and large towns its powers occupy (5.1), pillaged
    /// squares and the off-map boxes counting 0 (23.2).
    pub feudal: u32,
}

impl VictoryCheck {
    pub fn qualifies(&self) -> bool {
        self.king_placed && self.feudal >= u32::from(VICTORY_FEUDAL)
    }
}

/// 23.2 (2): the feudal points a winner must occupy.
pub const VICTORY_FEUDAL: u8 = 20;

/// The large towns a king may win in (23.2 (1)): feudal 2 or 3 and on Britain's land,
/// which France's squares are not joined to (G1; V1 in RULINGS.md).
pub fn royal_towns() -> &'static BTreeSet<crate::board::square::Square> {
    static ROYAL: std::sync::OnceLock<BTreeSet<crate::board::square::Square>> =
        std::sync::OnceLock::new();
    ROYAL.get_or_init(find_royal_towns)
}

fn find_royal_towns() -> BTreeSet<crate::board::square::Square> {
    let d = data();
    let britain = d
        .map
        .town_named("London")
        .map(|t| land_connected(t.square))
        .unwrap_or_default();
    d.map
        .towns
        .iter()
        .filter(|t| {
            t.size == super::data::Terrain::LargeTown
                && (2..=3).contains(&t.feudal)
                && britain.contains(&t.square)
        })
        .map(|t| t.square)
        .collect()
}

fn counts_as_king(identity: &Identity) -> bool {
    match identity {
        Identity::Leader(id) => data()
            .units
            .leader(id)
            .is_some_and(|l| l.king || l.victory_king),
        _ => false,
    }
}

/// 23.2 for every seat as the position stands.
pub fn victory_checks(state: &State) -> Vec<VictoryCheck> {
    let royal = royal_towns();
    let d = data();
    state
        .seats()
        .into_iter()
        .map(|seat| {
            let mine = |p: Power| state.controller(p) == Some(seat);
            let king_placed = state.units().any(|(place, power, unit)| {
                mine(power)
                    && matches!(place, Place::Square(sq) if royal.contains(&sq))
                    && counts_as_king(&unit.identity.0)
            });
            let feudal = d
                .map
                .towns
                .iter()
                .filter(|t| {
                    (state.options.extra_towns || !t.extra) && !state.pillaged.contains(&t.square)
                })
                .filter(|t| state.occupier(Place::Square(t.square)).is_some_and(mine))
                .map(|t| u32::from(t.feudal))
                .sum();
            VictoryCheck {
                seat,
                king_placed,
                feudal,
            }
        })
        .collect()
}

/// The result at the end of the last game turn (23.2, 23.3; G3.12: of several who
/// qualify the highest feudal total wins, a tie leaves no winner).
pub fn outcome(state: &State) -> Outcome {
    if let Some(agreed) = state.talks.ended {
        return agreed_outcome(state, agreed.victor);
    }
    let checks = victory_checks(state);
    let qualified: Vec<&VictoryCheck> = checks.iter().filter(|c| c.qualifies()).collect();
    let best = qualified.iter().map(|c| c.feudal).max();
    let top: Vec<&VictoryCheck> = qualified
        .iter()
        .copied()
        .filter(|c| Some(c.feudal) == best)
        .collect();
    let detail = checks
        .iter()
        .map(|c| {
            let names: Vec<&str> = state.powers_of(c.seat).iter().map(|p| p.name()).collect();
            format!(
                "{}: {} feudal points, {}",
                names.join(" and "),
                c.feudal,
                if c.king_placed {
                    "a king in a royal town"
                } else {
                    "no king in a royal town"
                }
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    match top.as_slice() {
        [one] => Outcome {
            winners: vec![one.seat],
            result: format!(
                "{} win the crown",
                state
                    .powers_of(one.seat)
                    .first()
                    .map(|p| p.name())
                    .unwrap_or("nobody")
            ),
            detail,
        },
        _ => Outcome {
            winners: Vec::new(),
            result: "Nobody wins the crown".to_string(),
            detail,
        },
    }
}

/// 22.2 (4): the players ended the game and named its victor, or nobody.
fn agreed_outcome(state: &State, victor: Option<Power>) -> Outcome {
    let seat = victor.and_then(|p| state.controller(p));
    Outcome {
        winners: seat.into_iter().collect(),
        result: match (victor, seat) {
            (Some(p), Some(_)) => format!("{} win the crown by agreement", p.name()),
            _ => "Nobody wins the crown: the game was ended by agreement".to_string(),
        },
        detail: "every player agreed to end the game (22.2)".to_string(),
    }
}
