//! Positions for the phase tests: a two-player game past its bids, the board and hands
//! cleared, the pool as the test sets it, put straight into the phase under test.

use super::super::actions::Event;
use super::super::chits::{Chit, GOLD};
use super::super::data::tables::PlayerPhase;
use super::super::data::Power;
use super::super::sequence_tests::at_negotiations;
use super::super::state::{Phase, State};
use crate::engine::{GameEvent, Seat};

/// A square by its label, as a place.
pub fn at(name: &str) -> super::super::data::Place {
    super::super::data::Place::Square(
        super::super::data::square(name).unwrap_or_else(|| panic!("no square {name}")),
    )
}

/// Puts `n` face-down counters of a type in a square; their ids.
pub fn put(
    s: &mut State,
    sq: &str,
    power: Power,
    t: super::super::data::UnitType,
    n: usize,
) -> Vec<u16> {
    (0..n)
        .map(|_| {
            let id = s.next_unit;
            s.add_unit(
                at(sq),
                power,
                super::super::state::Identity::Unit(t),
                Vec::new(),
            );
            id
        })
        .collect()
}

pub fn chit(id: &str) -> Chit {
    let value = u8::from(id == GOLD || id == "vassalage");
    Chit::of(id, value).expect("marker in data")
}

pub fn gold(n: usize) -> Vec<Chit> {
    vec![chit(GOLD); n]
}

/// Normans first, then Anglo-Saxons; nothing on the board, nothing in hand.
pub fn position(pool: Vec<Chit>, setup: impl FnOnce(&mut State)) -> State {
    let mut s = at_negotiations("two_players");
    s.order = vec![Power::Normans, Power::AngloSaxons];
    s.forces.clear();
    s.castles.clear();
    for p in Power::ALL {
        s.power_mut(p).hand.0.clear();
    }
    let mut pool = pool;
    pool.sort();
    s.pool.0 = pool;
    setup(&mut s);
    s
}

pub fn seat(s: &State, p: Power) -> Seat {
    s.controller(p).expect("belligerent")
}

/// Opens `step` of `power`'s player turn as the sequence would.
pub fn open_phase(s: &mut State, power: Power, step: PlayerPhase) -> Vec<GameEvent<Event>> {
    s.player_turn = Default::default();
    s.phase = Phase::PlayerTurn { power, step };
    let mut events = Vec::new();
    super::begin(s, &mut events);
    events
}

/// Every power asked whether to negate a played marker lets it stand (8.13).
pub fn let_stand(s: &mut State) -> Vec<GameEvent<Event>> {
    let mut events = Vec::new();
    while let Some(p) = super::negation::asked(s) {
        let by = seat(s, p);
        let answer =
            super::super::actions::Action::Negation(super::negation::NegationAction::LetStand {
                power: p,
            });
        match super::super::rules::apply(s, by, &answer) {
            Ok(e) => events.extend(e),
            Err(e) => panic!("let stand: {e:?}"),
        }
    }
    events
}

/// The state as JSON, to show that a refused action changed nothing.
pub fn snapshot(s: &State) -> String {
    serde_json::to_string(s).expect("state serializes")
}
