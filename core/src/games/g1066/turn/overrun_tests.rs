//! Tests of Overrun (25.0, optional).

use super::super::actions::{Action, Event};
use super::super::data::tables::PlayerPhase;
use super::super::data::{square, Power, UnitType};
use super::super::negotiation::Pact;
use super::super::rules::apply;
use super::super::state::{Castle, State};
use super::movement::{MovementAction, MovementEvent};
use super::test_position::{at, gold, open_phase, position, put, seat};
use crate::engine::{GameEvent, RuleError};

const N: Power = Power::Normans;
const AS: Power = Power::AngloSaxons;

fn act(s: &mut State, p: Power, a: MovementAction) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let by = seat(s, p);
    apply(s, by, &Action::Movement(a))
}

fn step(s: &mut State, from: &str, to: &str) -> Vec<GameEvent<Event>> {
    let a = MovementAction::Step {
        power: N,
        from: at(from),
        to: at(to),
    };
    act(s, N, a).unwrap_or_else(|e| panic!("{from} to {to}: {e:?}"))
}

fn count(s: &State, sq: &str, p: Power) -> usize {
    s.stack(at(sq), p).map_or(0, |st| st.units.len())
}

fn overrun(events: &[GameEvent<Event>]) -> Option<(Vec<u16>, u16)> {
    events.iter().find_map(|e| match &e.kind {
        Event::Movement(MovementEvent::Overrun { units, mp_left, .. }) => {
            Some((units.clone(), *mp_left))
        }
        _ => None,
    })
}

fn ended(events: &[GameEvent<Event>]) -> Option<&'static str> {
    events.iter().find_map(|e| match e.kind {
        Event::Movement(MovementEvent::MoveEnded { rule, .. }) => Some(rule),
        _ => None,
    })
}

/// Overrun on; `normans` of a type in London (F14), `saxons` fyrd in `there`.
fn overrunning(normans: (UnitType, usize), there: &str, saxons: usize) -> (State, Vec<u16>) {
    let mut fyrd = Vec::new();
    let mut s = position(gold(4), |s| {
        put(s, "F14", N, normans.0, normans.1);
        fyrd = put(s, there, AS, UnitType::Fyrd, saxons);
    });
    s.options.overrun = true;
    open_phase(&mut s, N, PlayerPhase::Movement);
    (s, fyrd)
}

#[test]
fn g1066_25_1_ten_times_the_defence_destroys_it_and_the_force_goes_on() {
    // Ten fyrd (attack 10) against one fyrd (defense 1): exactly ten times.
    let (mut s, fyrd) = overrunning((UnitType::Fyrd, 10), "F13", 1);
    let events = step(&mut s, "F14", "F13");
    // The road cost half a point of the four halves; the overrun one point (25.2).
    assert_eq!(overrun(&events), Some((fyrd, 1)));
    assert_eq!(count(&s, "F13", AS), 0);
    assert_eq!(ended(&events), None, "no enemy left to stop for (14.9)");
    assert_eq!(
        s.player_turn.movement.moving.as_ref().map(|m| m.mp_left),
        Some(1)
    );
    // 25.5: not a battle; nothing to fight in the Combat Phase, no markers gained.
    assert!(s.power(N).hand.is_empty());
}

#[test]
fn g1066_25_1_less_than_ten_times_is_no_overrun() {
    let (mut s, _) = overrunning((UnitType::Fyrd, 9), "F13", 1);
    let events = step(&mut s, "F14", "F13");
    assert_eq!(overrun(&events), None);
    assert_eq!(ended(&events), Some("14.9"));
    assert_eq!(count(&s, "F13", AS), 1);
}

#[test]
fn g1066_25_2_without_a_movement_point_to_spare_there_is_no_overrun() {
    // Ten fyrd reach G13 by F13 with one half point left: the overrun needs two.
    let (mut s, _) = overrunning((UnitType::Fyrd, 10), "G13", 1);
    step(&mut s, "F14", "F13");
    // The fyrd in G13 are next to F13: they let the move go on (16.7).
    act(&mut s, AS, MovementAction::NoCounterMarch { power: AS }).expect("no counter march");
    let events = step(&mut s, "F13", "G13");
    assert_eq!(overrun(&events), None);
    assert_eq!(ended(&events), Some("14.9"));
    assert_eq!(count(&s, "G13", AS), 1);
}

#[test]
fn g1066_25_4_a_force_holding_a_castle_is_never_overrun() {
    let (mut s, _) = overrunning((UnitType::Knight, 6), "F13", 1);
    s.castles.push(Castle {
        square: square("F13").expect("square"),
        holder: Some(AS),
    });
    let events = step(&mut s, "F14", "F13");
    assert_eq!(overrun(&events), None);
    assert_eq!(ended(&events), Some("14.9"));
}

#[test]
fn g1066_25_1_the_terrain_still_halts_the_overrunning_force() {
    // Forest off the road (14.7): the defenders are gone, the force stops all the same.
    let (mut s, fyrd) = overrunning((UnitType::Knight, 4), "F15", 1);
    let events = step(&mut s, "F14", "F15");
    assert_eq!(overrun(&events).map(|o| o.0), Some(fyrd));
    assert_eq!(ended(&events), Some("14.7"));
    assert_eq!(count(&s, "F15", N), 4);
}

#[test]
fn g1066_25_1_a_promise_not_to_attack_is_not_broken_by_an_overrun() {
    // OV3: the force stops beside them as it would without the option.
    let (mut s, _) = overrunning((UnitType::Knight, 4), "F13", 1);
    let (n, a) = (seat(&s, N), seat(&s, AS));
    s.pacts.push(Pact {
        seats: [n, a],
        until: s.turn,
    });
    let events = step(&mut s, "F14", "F13");
    assert_eq!(overrun(&events), None);
    assert_eq!(count(&s, "F13", AS), 1);
    assert_eq!(s.pacts.len(), 1);
}

#[test]
fn g1066_25_0_without_the_option_nobody_is_overrun() {
    let (mut s, _) = overrunning((UnitType::Knight, 6), "F13", 1);
    s.options.overrun = false;
    let events = step(&mut s, "F14", "F13");
    assert_eq!(overrun(&events), None);
    assert_eq!(count(&s, "F13", AS), 1);
}

#[test]
fn g1066_25_3_a_force_may_overrun_more_than_once_in_a_move() {
    // In June (summer, 9.9) four knights have 4 MP: the road to F13 (half) and its
    // overrun (1), then clear G13 (1) and its overrun (1), half a point left.
    let (mut s, first) = overrunning((UnitType::Knight, 4), "F13", 1);
    let second = put(&mut s, "G13", AS, UnitType::Fyrd, 1);
    s.turn = 6;
    s.player_turn = Default::default();
    open_phase(&mut s, N, PlayerPhase::Movement);
    let events = step(&mut s, "F14", "F13");
    assert_eq!(overrun(&events), Some((first, 5)));
    // The fyrd in G13, next to F13, let the move go on (16.7).
    act(&mut s, AS, MovementAction::NoCounterMarch { power: AS }).expect("no counter march");
    let events = step(&mut s, "F13", "G13");
    assert_eq!(overrun(&events), Some((second, 1)));
    assert_eq!(count(&s, "G13", N), 4);
    assert_eq!(count(&s, "G13", AS), 0);
}
