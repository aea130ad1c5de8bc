//! Tests of the Vassalage Phase (11.0).

use super::super::actions::{Action, Event};
use super::super::chits::Chit;
use super::super::data::tables::PlayerPhase;
use super::super::data::{square, Place, Power, UnitType};
use super::super::rules::{action_is_secret, apply, legal_actions, to_act};
use super::super::state::State;
use super::super::state_tests::{leader, unit};
use super::super::view::view;
use super::test_position::{gold, open_phase, position, seat, snapshot};
use super::vassalage::{VassalageAction, VassalageEvent};
use crate::board::square::Square;
use crate::engine::{GameEvent, Turn};

fn sq(name: &str) -> Square {
    square(name).unwrap_or_else(|| panic!("no square {name}"))
}

fn vassalage(value: u8) -> Chit {
    Chit::of("vassalage", value).expect("marker")
}

/// Normans holding a 1 and a 2 point Vassalage marker; two Anglo-Saxon fyrd in F13.
fn attempt_position() -> State {
    let mut s = position(gold(10), |s| {
        for _ in 0..2 {
            s.add_unit(
                Place::Square(sq("F13")),
                Power::AngloSaxons,
                unit(UnitType::Fyrd),
                Vec::new(),
            );
        }
        s.power_mut(Power::Normans).hand.0 = vec![vassalage(1), vassalage(2)];
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Vassalage);
    s
}

fn act(s: &mut State, p: Power, a: VassalageAction) -> Vec<GameEvent<Event>> {
    let who = seat(s, p);
    apply(s, who, &Action::Vassalage(a)).expect("legal")
}

fn declare(s: &mut State) -> Vec<GameEvent<Event>> {
    act(
        s,
        Power::Normans,
        VassalageAction::Declare {
            power: Power::Normans,
            square: sq("F13"),
        },
    )
}

fn commit(s: &mut State, p: Power, ones: u8, twos: u8) -> Vec<GameEvent<Event>> {
    act(
        s,
        p,
        VassalageAction::Commit {
            power: p,
            ones,
            twos,
        },
    )
}

fn resolved(events: &[GameEvent<Event>]) -> Option<(Vec<u8>, Vec<u8>, bool)> {
    events.iter().find_map(|e| match &e.kind {
        Event::Vassalage(VassalageEvent::Resolved {
            attack_dice,
            defence_dice,
            won,
            ..
        }) => Some((attack_dice.clone(), defence_dice.clone(), *won)),
        _ => None,
    })
}

#[test]
fn g1066_11_2_a_higher_attacking_sum_takes_every_unit_in_the_square() {
    let mut s = attempt_position();
    declare(&mut s);
    // Both sides commit at once (11.2).
    let (n, a) = (seat(&s, Power::Normans), seat(&s, Power::AngloSaxons));
    let Turn::Decide(mut seats) = to_act(&s) else {
        panic!("over")
    };
    seats.sort();
    let mut both = vec![n, a];
    both.sort();
    assert_eq!(seats, both);
    // 11.3: the attacker must put down at least one: (1,0), (0,1), (1,1).
    assert_eq!(legal_actions(&s, n).len(), 3);
    // The defender may put down none: he holds nothing.
    assert_eq!(legal_actions(&s, a).len(), 1);
    commit(&mut s, Power::Normans, 0, 1);
    // The other side sees that one marker lies face down, not its value.
    let seen = view(&s, &[a]);
    let at = seen.state.player_turn.vassalage.attempt.expect("attempt");
    let laid = at.attack.expect("committed");
    assert_eq!(laid.len(), 1);
    assert!(laid.iter().all(|c| c.is_unknown()));
    s.chance.script_rolls(&[6, 5, 3]);
    let events = commit(&mut s, Power::AngloSaxons, 0, 0);
    assert_eq!(resolved(&events), Some((vec![6, 5], vec![3], true)));
    let place = Place::Square(sq("F13"));
    assert!(s.stack(place, Power::AngloSaxons).is_none());
    let held = s.stack(place, Power::Normans).expect("vassals");
    assert_eq!(held.units.len(), 2);
    assert!(held.units.iter().all(|u| u.owner == Power::AngloSaxons));
    // The marker spent goes back to the pool; the 1-point one stays in hand.
    assert_eq!(s.power(Power::Normans).hand.0, vec![vassalage(1)]);
    assert_eq!(s.pool.iter().filter(|c| c.is("vassalage")).count(), 1);
    assert!(s.player_turn.vassalage.attempt.is_none());
}

#[test]
fn g1066_11_2_a_tie_keeps_the_square_and_the_defender_picks_a_marker() {
    let mut s = attempt_position();
    declare(&mut s);
    commit(&mut s, Power::Normans, 0, 1);
    s.chance.script_rolls(&[2, 2, 4]);
    let events = commit(&mut s, Power::AngloSaxons, 0, 0);
    assert_eq!(resolved(&events), Some((vec![2, 2], vec![4], false)));
    assert_eq!(
        s.stack(Place::Square(sq("F13")), Power::AngloSaxons)
            .map(|st| st.units.len()),
        Some(2)
    );
    assert_eq!(s.power(Power::AngloSaxons).hand.len(), 1);
}

#[test]
fn g1066_11_3_no_attempt_without_a_marker_and_none_committed_empty() {
    let mut s = attempt_position();
    s.power_mut(Power::Normans).hand.0.clear();
    let n = seat(&s, Power::Normans);
    let before = snapshot(&s);
    let err = apply(
        &mut s,
        n,
        &Action::Vassalage(VassalageAction::Declare {
            power: Power::Normans,
            square: sq("F13"),
        }),
    )
    .expect_err("no marker");
    assert_eq!(err.rule, "11.3");
    assert_eq!(snapshot(&s), before);
    let mut s = attempt_position();
    declare(&mut s);
    let empty = Action::Vassalage(VassalageAction::Commit {
        power: Power::Normans,
        ones: 0,
        twos: 0,
    });
    let before = snapshot(&s);
    assert_eq!(apply(&mut s, n, &empty).expect_err("empty").rule, "11.3");
    assert_eq!(snapshot(&s), before);
    assert!(action_is_secret(
        &s,
        &Action::Vassalage(VassalageAction::Commit {
            power: Power::Normans,
            ones: 1,
            twos: 0,
        })
    ));
}

#[test]
fn g1066_11_7_a_king_is_shown_and_the_attempt_lapses() {
    let mut s = attempt_position();
    s.add_unit(
        Place::Square(sq("F13")),
        Power::AngloSaxons,
        leader("harold"),
        Vec::new(),
    );
    let events = declare(&mut s);
    let king = events
        .iter()
        .find_map(|e| match e.kind {
            Event::Vassalage(VassalageEvent::KingShown { unit, .. }) => Some(unit),
            _ => None,
        })
        .expect("king shown");
    assert!(s.player_turn.vassalage.attempt.is_none());
    // The attacker keeps his markers; everyone has now seen Harold.
    assert_eq!(s.power(Power::Normans).hand.len(), 2);
    let n = seat(&s, Power::Normans);
    let harold = s
        .stack(Place::Square(sq("F13")), Power::AngloSaxons)
        .and_then(|st| st.units.iter().find(|u| u.id == king))
        .expect("harold");
    assert!(harold.seen_by.contains(&n));
    // Now that it is known, the square cannot be named again.
    let again = Action::Vassalage(VassalageAction::Declare {
        power: Power::Normans,
        square: sq("F13"),
    });
    assert_eq!(apply(&mut s, n, &again).expect_err("king").rule, "11.7");
    assert!(!legal_actions(&s, n).contains(&again));
}

#[test]
fn g1066_4_4_naming_a_neutral_square_wakes_it_for_the_other_player() {
    let mut s = position(gold(10), |s| {
        s.add_unit(
            Place::Square(sq("F13")),
            Power::Vikings,
            unit(UnitType::Berserker),
            Vec::new(),
        );
        s.power_mut(Power::Normans).hand.0 = vec![vassalage(1)];
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Vassalage);
    assert!(!s.is_belligerent(Power::Vikings));
    declare(&mut s);
    assert_eq!(
        s.controller(Power::Vikings),
        Some(seat(&s, Power::AngloSaxons))
    );
    let a = s.player_turn.vassalage.attempt.clone().expect("attempt");
    assert_eq!((a.attacker, a.defender), (Power::Normans, Power::Vikings));
    // The Vikings' new player answers for them (11.6), holding their 27.3 markers now.
    let who = seat(&s, Power::Vikings);
    assert!(!legal_actions(&s, who).is_empty());
    assert_eq!(s.power(Power::Vikings).hand.len(), 3);
}
