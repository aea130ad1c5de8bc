//! Tests of Command Control (24.0, optional): the check before each force moves.

use super::super::actions::{Action, Event};
use super::super::data::tables::PlayerPhase;
use super::super::data::{Power, UnitType};
use super::super::rules::{apply, legal_actions};
use super::super::state::State;
use super::super::state_tests::leader;
use super::command::Command;
use super::movement::{MovementAction, MovementEvent};
use super::test_position::{at, chit, gold, let_stand, open_phase, position, put, seat, snapshot};
use crate::engine::{Audience, GameEvent, RuleError};

const N: Power = Power::Normans;
const AS: Power = Power::AngloSaxons;

fn act(s: &mut State, p: Power, a: MovementAction) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let by = seat(s, p);
    apply(s, by, &Action::Movement(a))
}

fn step(from: &str, to: &str) -> MovementAction {
    MovementAction::Step {
        power: N,
        from: at(from),
        to: at(to),
    }
}

fn count(s: &State, sq: &str, p: Power) -> usize {
    s.stack(at(sq), p).map_or(0, |st| st.units.len())
}

fn result(events: &[GameEvent<Event>]) -> Option<Command> {
    events.iter().find_map(|e| match e.kind {
        Event::Movement(MovementEvent::Commanded { result, .. }) => Some(result),
        _ => None,
    })
}

/// The check's die and modifier, and who was told them.
fn roll(events: &[GameEvent<Event>]) -> Option<(u8, Option<u16>, u8, Audience)> {
    events.iter().find_map(|e| match e.kind {
        Event::Movement(MovementEvent::CommandRoll {
            roll,
            leader,
            modifier,
            ..
        }) => Some((roll, leader, modifier, e.audience.clone())),
        _ => None,
    })
}

fn mp_left(s: &State) -> Option<u16> {
    s.player_turn.movement.moving.as_ref().map(|m| m.mp_left)
}

/// Command Control on; the Normans' Movement Phase with `setup`'s units.
fn commanded(setup: impl FnOnce(&mut State)) -> State {
    let mut s = position(gold(4), setup);
    s.options.command_control = true;
    open_phase(&mut s, N, PlayerPhase::Movement);
    s
}

#[test]
fn g1066_24_1_no_move_keeps_the_force_where_it_is_for_the_phase() {
    let mut s = commanded(|s| {
        put(s, "F14", N, UnitType::Fyrd, 2);
    });
    s.chance.script_rolls(&[2]);
    // The tap on London then F13 tries the move: the check comes first and says no.
    let events = act(&mut s, N, step("F14", "F13")).expect("the attempt is legal");
    assert_eq!(result(&events), Some(Command::NoMove));
    assert_eq!(count(&s, "F14", N), 2);
    assert_eq!(count(&s, "F13", N), 0);
    assert!(s.player_turn.movement.moving.is_none());
    // The force may not move again this phase but by a Forced March (24.4).
    let n = seat(&s, N);
    assert!(!legal_actions(&s, n)
        .iter()
        .any(|a| matches!(a, Action::Movement(MovementAction::Step { .. }))));
    let before = snapshot(&s);
    assert_eq!(
        act(&mut s, N, step("F14", "F13"))
            .expect_err("no move")
            .rule,
        "14.3"
    );
    assert_eq!(snapshot(&s), before);
}

#[test]
fn g1066_24_4_a_forced_march_tries_again_with_a_check_of_its_own() {
    let mut s = commanded(|s| {
        put(s, "F14", N, UnitType::Fyrd, 2);
        s.power_mut(N).hand.0 = vec![chit("forced_march")];
    });
    s.chance.script_rolls(&[1, 3]);
    let march = MovementAction::Muster {
        power: N,
        place: at("F14"),
        fleets: false,
    };
    assert_eq!(
        result(&act(&mut s, N, march).expect("muster")),
        Some(Command::NoMove)
    );
    let again = MovementAction::ForcedMarch {
        power: N,
        place: at("F14"),
        fleets: false,
    };
    act(&mut s, N, again).expect("forced march");
    let events = let_stand(&mut s);
    assert_eq!(result(&events), Some(Command::Move));
    assert!(s.power(N).hand.is_empty(), "the marker is spent");
    // Two fyrd in winter: 2 MP, four halves, as printed.
    assert_eq!(mp_left(&s), Some(4));
    act(&mut s, N, step("F14", "F13")).expect("step");
    assert_eq!(count(&s, "F13", N), 2);
}

#[test]
fn g1066_24_2_the_king_modifies_the_roll_and_only_his_player_sees_by_how_much() {
    let mut s = commanded(|s| {
        put(s, "F14", N, UnitType::Knight, 1);
        s.add_unit(at("F14"), N, leader("alan"), Vec::new());
        s.add_unit(at("F14"), N, leader("william"), Vec::new());
    });
    let william = s.next_unit - 1;
    s.chance.script_rolls(&[3]);
    let events = act(&mut s, N, step("F14", "F13")).expect("step");
    // 3 + William's 3 (the King, though Alan is there too) = 6: Enhanced Move, the
    // knights' 3 MP become 4; the road to F13 cost half a point.
    assert_eq!(result(&events), Some(Command::Enhanced));
    assert_eq!(
        roll(&events),
        Some((3, Some(william), 3, Audience::Only(vec![seat(&s, N)])))
    );
    assert_eq!(mp_left(&s), Some(7));
    let public = events
        .iter()
        .find(|e| matches!(e.kind, Event::Movement(MovementEvent::Commanded { .. })))
        .expect("the result");
    assert_eq!(public.audience, Audience::All);
}

#[test]
fn g1066_24_3_a_leader_lends_his_value_once_a_phase() {
    let mut s = commanded(|s| {
        put(s, "F14", N, UnitType::Fyrd, 1);
        s.add_unit(at("F14"), N, leader("alan"), Vec::new());
    });
    let alan = s.next_unit - 1;
    s.chance.script_rolls(&[2, 2]);
    let muster = MovementAction::Muster {
        power: N,
        place: at("F14"),
        fleets: false,
    };
    let events = act(&mut s, N, muster.clone()).expect("muster");
    // 2 + Alan's 2 = 4: Move.
    assert_eq!(result(&events), Some(Command::Move));
    assert_eq!(roll(&events).map(|r| (r.1, r.2)), Some((Some(alan), 2)));
    // Alan stays behind before the first step (24.3 allows it) and the fyrd march.
    act(
        &mut s,
        N,
        MovementAction::Leave {
            power: N,
            unit: alan,
        },
    )
    .expect("leave");
    act(&mut s, N, step("F14", "F13")).expect("step");
    act(&mut s, N, MovementAction::Halt { power: N }).expect("halt");
    // Alan alone is a new force; his value is spent: 2 + 0 is No Move.
    let events = act(&mut s, N, muster).expect("muster again");
    assert_eq!(roll(&events).map(|r| (r.0, r.2)), Some((2, 0)));
    assert_eq!(result(&events), Some(Command::NoMove));
    assert_eq!(count(&s, "F14", N), 1);
}

#[test]
fn g1066_24_4_a_leader_lends_his_value_to_every_forced_march() {
    let mut s = commanded(|s| {
        put(s, "F14", N, UnitType::Knight, 1);
        s.add_unit(at("F14"), N, leader("alan"), Vec::new());
        s.power_mut(N).hand.0 = vec![chit("forced_march")];
    });
    s.chance.script_rolls(&[3, 1]);
    act(&mut s, N, step("F14", "F13")).expect("first move");
    act(&mut s, N, MovementAction::Halt { power: N }).expect("halt");
    let again = MovementAction::ForcedMarch {
        power: N,
        place: at("F13"),
        fleets: false,
    };
    act(&mut s, N, again).expect("forced march");
    let events = let_stand(&mut s);
    // 1 + Alan's 2 again = 3: Move.
    assert_eq!(roll(&events).map(|r| (r.0, r.2)), Some((1, 2)));
    assert_eq!(result(&events), Some(Command::Move));
}

#[test]
fn g1066_24_4_a_counter_march_needs_its_check_and_may_try_again() {
    let mut s = position(gold(4), |s| {
        put(s, "F14", N, UnitType::Fyrd, 2);
        put(s, "G13", AS, UnitType::Housecarl, 3);
        s.power_mut(AS).hand.0 = vec![chit("forced_march"), chit("forced_march")];
    });
    s.options.command_control = true;
    open_phase(&mut s, N, PlayerPhase::Movement);
    // The Normans' check (3, Move), then the Anglo-Saxons' first (1) and second (5).
    s.chance.script_rolls(&[3, 1, 5]);
    act(&mut s, N, step("F14", "F13")).expect("step");
    let march = MovementAction::CounterMarch {
        power: AS,
        from: at("G13"),
        fleets: false,
    };
    act(&mut s, AS, march.clone()).expect("counter march");
    let events = let_stand(&mut s);
    assert_eq!(result(&events), Some(Command::NoMove));
    assert_eq!(s.power(AS).hand.len(), 1, "the first marker is spent");
    assert_eq!(count(&s, "G13", AS), 3);
    // Still asked: a second marker tries again.
    let a = seat(&s, AS);
    assert!(legal_actions(&s, a).contains(&Action::Movement(march.clone())));
    act(&mut s, AS, march).expect("again");
    let events = let_stand(&mut s);
    assert_eq!(result(&events), Some(Command::Move));
    act(
        &mut s,
        AS,
        MovementAction::Step {
            power: AS,
            from: at("G13"),
            to: at("F13"),
        },
    )
    .expect("counter march steps");
    assert_eq!(count(&s, "F13", AS), 3);
}

#[test]
fn g1066_24_0_without_the_option_nobody_rolls() {
    let mut s = position(gold(4), |s| {
        put(s, "F14", N, UnitType::Fyrd, 2);
    });
    open_phase(&mut s, N, PlayerPhase::Movement);
    let used = s.chance.used();
    let events = act(&mut s, N, step("F14", "F13")).expect("step");
    assert_eq!(result(&events), None);
    assert_eq!(s.chance.used(), used);
    assert_eq!(count(&s, "F13", N), 2);
}
