//! Building positions for rule tests.
#![allow(dead_code)] // each test file uses some of these helpers

use super::super::actions::FuryAction;
pub use super::super::data::CrtResult;
pub use super::super::events::{
    FlightEnd, FuryEvent, Odds, Receiver, Rouser, UnitCode, Wander, WrathResult,
};
use super::super::notation;
use super::super::rules;
use super::super::state::{FuryState, Phase, Place, UnitId};
use super::super::units::Side;
use super::super::{Fury, FuryOptions};
use crate::board::Hex;
use crate::engine::{Game, GameEvent, RuleError};

/// A hex from its label, e.g. `hex("0814")`.
pub fn hex(label: &str) -> Hex {
    super::super::data::data()
        .grid
        .parse(label)
        .unwrap_or_else(|| panic!("bad hex {label}"))
}

pub fn id(state: &FuryState, code: &str) -> UnitId {
    state
        .find_code(code)
        .unwrap_or_else(|| panic!("no unit {code}"))
}

/// A scenario set up by the default layout, its Ships on `ships`, at the start of
/// turn 1 with every Viking aboard.
pub fn ready(scenario: &str, ships: &[&str]) -> FuryState {
    let opts = FuryOptions::for_scenario(scenario).unwrap();
    let mut s = Fury::setup(&opts, 1);
    act(&mut s, Side::Villager, "setup default");
    act(&mut s, Side::Villager, "end");
    for sh in ships {
        act(&mut s, Side::Viking, &format!("ship {sh}"));
    }
    act(&mut s, Side::Viking, "end");
    assert_eq!(s.phase, Phase::VikingMovement);
    s
}

/// A bare board: every unit of the scenario off the board (eliminated, which no rule
/// test depends on unless it says so), Ships placed, at `phase` of turn `turn`. Tests
/// then put on the board only the units they need.
pub fn bare(scenario: &str, ships: &[&str], turn: u8, phase: Phase) -> FuryState {
    let mut s = ready(scenario, ships);
    for u in s.units.iter_mut() {
        u.place = Place::Eliminated;
        u.preset = false;
    }
    s.turn = turn;
    s.phase = phase;
    s.lock_lifted = true;
    s
}

/// Puts a unit on a hex.
pub fn put(state: &mut FuryState, code: &str, label: &str) -> UnitId {
    let u = id(state, code);
    state.unit_mut(u).place = Place::OnMap(hex(label));
    u
}

/// Makes `item` held by `escort`.
pub fn hold(state: &mut FuryState, escort: &str, item: &str) {
    let e = id(state, escort);
    let i = id(state, item);
    state.unit_mut(i).place = Place::Held(e);
}

pub fn dice(state: &mut FuryState, faces: &[u32]) {
    state.chance.script_rolls(faces);
}

pub fn parse(state: &FuryState, text: &str) -> FuryAction {
    notation::parse_action(state, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Applies an action in notation; panics with the rule if it is refused.
pub fn act(state: &mut FuryState, side: Side, text: &str) -> Vec<GameEvent<FuryEvent>> {
    let a = parse(state, text);
    rules::apply(state, side, &a).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Applies an action that must be refused; checks nothing changed and returns the error.
pub fn refuse(state: &mut FuryState, side: Side, text: &str) -> RuleError {
    let before = notation::format_position(state);
    let a = parse(state, text);
    let e = rules::apply(state, side, &a).expect_err(text);
    assert_eq!(
        before,
        notation::format_position(state),
        "refused action changed the state"
    );
    e
}

pub fn is_legal(state: &FuryState, side: Side, text: &str) -> bool {
    let a = parse(state, text);
    rules::legal_actions(state, side).contains(&a)
}

/// A unit code, e.g. `u("VI01")`, as events name units.
pub fn u(code: &str) -> UnitCode {
    UnitCode::parse(code).unwrap_or_else(|| panic!("bad unit code {code}"))
}

/// A route of hexes from its labels, e.g. `hexes("1012-1013-1014")`.
pub fn hexes(route: &str) -> Vec<Hex> {
    route.split('-').map(hex).collect()
}

/// What an action made happen: each event's rule and value, in order.
pub fn happened(events: &[GameEvent<FuryEvent>]) -> Vec<(&'static str, FuryEvent)> {
    events.iter().map(|e| (e.rule, e.kind.clone())).collect()
}
