//! Tests of counter marches (16.6-16.10).

use super::super::actions::{Action, Event};
use super::super::data::tables::PlayerPhase;
use super::super::data::{Power, UnitType};
use super::super::rules::{apply, legal_actions, to_act};
use super::super::state::State;
use super::super::G1066;
use super::movement::{MovementAction, MovementEvent};
use super::test_position::{at, chit, gold, let_stand, open_phase, position, put, seat, snapshot};
use crate::engine::{Game, GameEvent, RuleError, Turn};

const N: Power = Power::Normans;
const AS: Power = Power::AngloSaxons;

/// The Anglo-Saxons declare a counter march from `from`.
fn march(from: &str) -> MovementAction {
    MovementAction::CounterMarch {
        power: AS,
        from: at(from),
        fleets: false,
    }
}

/// The counter-marching Anglo-Saxons step from `from` into F13.
fn into_f13(from: &str) -> MovementAction {
    MovementAction::Step {
        power: AS,
        from: at(from),
        to: at("F13"),
    }
}

fn act(s: &mut State, p: Power, a: MovementAction) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let by = seat(s, p);
    apply(s, by, &Action::Movement(a))
}

/// The action, and every power asked lets a marker it plays stand (8.13).
fn ok(s: &mut State, p: Power, a: MovementAction) -> Vec<GameEvent<Event>> {
    let mut events = act(s, p, a.clone()).unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
    events.extend(let_stand(s));
    events
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

fn movement(s: &State, p: Power) -> Vec<MovementAction> {
    legal_actions(s, seat(s, p))
        .into_iter()
        .filter_map(|a| match a {
            Action::Movement(m) => Some(m),
            _ => None,
        })
        .collect()
}

fn asked(s: &State) -> Vec<crate::engine::Seat> {
    match to_act(s) {
        Turn::Decide(seats) => seats,
        Turn::Over(_) => Vec::new(),
    }
}

/// Normans with two fyrd in London (F14); Anglo-Saxon housecarls in G13, next to F13
/// but not to London; each power's hand as given.
fn london(norman_hand: &[&str], saxon_hand: &[&str]) -> State {
    let mut s = position(gold(4), |s| {
        put(s, "F14", N, UnitType::Fyrd, 2);
        put(s, "G13", AS, UnitType::Housecarl, 3);
        s.power_mut(N).hand.0 = norman_hand.iter().map(|c| chit(c)).collect();
        s.power_mut(AS).hand.0 = saxon_hand.iter().map(|c| chit(c)).collect();
    });
    open_phase(&mut s, N, PlayerPhase::Movement);
    s
}

#[test]
fn g1066_16_7_a_counter_march_enters_the_square_just_entered_and_stops_the_mover() {
    let mut s = london(&[], &["forced_march"]);
    ok(&mut s, N, step("F14", "F13"));
    // The instant the fyrd stand next to the housecarls, the Anglo-Saxons are asked.
    assert_eq!(asked(&s), vec![seat(&s, AS)]);
    assert_eq!(
        movement(&s, AS),
        vec![MovementAction::NoCounterMarch { power: AS }, march("G13"),]
    );
    assert!(legal_actions(&s, seat(&s, N)).is_empty(), "the mover waits");
    let events = ok(&mut s, AS, march("G13"));
    assert!(events.iter().any(|e| matches!(
        e.kind,
        Event::Movement(MovementEvent::CounterMarched { power: AS, .. })
    )));
    // 16.6: the marker is spent; the triggering force's move is over (16.7).
    assert!(s.power(AS).hand.is_empty());
    assert!(s.pool.iter().any(|c| c.is("forced_march")));
    let ids: Vec<u16> = s
        .stack(at("G13"), AS)
        .expect("housecarls")
        .units
        .iter()
        .map(|u| u.id)
        .collect();
    let mut expected: Vec<MovementAction> = ids
        .iter()
        .map(|&unit| MovementAction::Leave { power: AS, unit })
        .collect();
    expected.push(into_f13("G13"));
    assert_eq!(movement(&s, AS), expected);
    ok(
        &mut s,
        AS,
        MovementAction::Leave {
            power: AS,
            unit: ids[2],
        },
    );
    ok(&mut s, AS, into_f13("G13"));
    assert_eq!(count(&s, "F13", AS), 2);
    assert_eq!(count(&s, "G13", AS), 1);
    assert_eq!(count(&s, "F13", N), 2);
    // The housecarl left in G13 is another force (16.9): the Anglo-Saxons are asked
    // again, and with no marker left can only let it be.
    assert_eq!(
        movement(&s, AS),
        vec![MovementAction::NoCounterMarch { power: AS }]
    );
    ok(&mut s, AS, MovementAction::NoCounterMarch { power: AS });
    // The window is closed and the Normans move on, but not with the stopped fyrd.
    assert_eq!(asked(&s), vec![seat(&s, N)]);
    assert!(s.player_turn.movement.moving.is_none());
    let before = snapshot(&s);
    let e = act(&mut s, N, step("F13", "E13")).expect_err("the fyrd have moved");
    assert_eq!(e.rule, "14.3");
    assert_eq!(snapshot(&s), before);
    // 16.8: no battle yet; the Normans must fight it in their Combat Phase.
    assert!(movement(&s, N)
        .iter()
        .all(|m| !matches!(m, MovementAction::Step { from, .. } if *from == at("F13"))));
}

#[test]
fn g1066_16_7_a_power_without_a_forced_march_is_asked_but_can_only_let_it_pass() {
    // Asking only the holders of a marker would show who holds one (brief 4.2).
    let mut s = london(&[], &[]);
    ok(&mut s, N, step("F14", "F13"));
    assert_eq!(asked(&s), vec![seat(&s, AS)]);
    assert_eq!(
        movement(&s, AS),
        vec![MovementAction::NoCounterMarch { power: AS }]
    );
    let before = snapshot(&s);
    let e = act(&mut s, AS, march("G13")).expect_err("no marker");
    assert_eq!(e.rule, "16.6");
    assert_eq!(snapshot(&s), before);
    // The standing order "always pass" answers it without handing the device over.
    assert_eq!(
        G1066::standing_pass(&s, seat(&s, AS)),
        Some(Action::Movement(MovementAction::NoCounterMarch {
            power: AS
        }))
    );
    ok(&mut s, AS, MovementAction::NoCounterMarch { power: AS });
    // The fyrd's move goes on from where it was.
    assert_eq!(asked(&s), vec![seat(&s, N)]);
    let m = s
        .player_turn
        .movement
        .moving
        .as_ref()
        .expect("still moving");
    assert_eq!((m.place, m.mp_left), (at("F13"), 3));
}

#[test]
fn g1066_16_7_the_counter_march_may_enter_only_the_square_just_entered() {
    let mut s = london(&[], &["forced_march"]);
    ok(&mut s, N, step("F14", "F13"));
    ok(&mut s, AS, march("G13"));
    let before = snapshot(&s);
    let e = act(
        &mut s,
        AS,
        MovementAction::Step {
            power: AS,
            from: at("G13"),
            to: at("G12"),
        },
    )
    .expect_err("only F13");
    assert_eq!(e.rule, "16.7");
    assert_eq!(snapshot(&s), before);
    // Nor may the phasing player act before the counter march is done.
    let e = act(&mut s, N, step("F14", "F15")).expect_err("waits");
    assert_eq!(e.rule, "16.7");
    assert_eq!(snapshot(&s), before);
}

#[test]
fn g1066_16_7_the_stopped_force_resumes_with_its_own_forced_march() {
    let mut s = london(&["forced_march"], &["forced_march"]);
    ok(&mut s, N, step("F14", "F13"));
    ok(&mut s, AS, march("G13"));
    ok(&mut s, AS, into_f13("G13"));
    ok(
        &mut s,
        N,
        MovementAction::ForcedMarch {
            power: N,
            place: at("F13"),
            fleets: false,
        },
    );
    // 16.5: out of the enemy's square without a battle.
    ok(&mut s, N, step("F13", "E13"));
    assert_eq!(count(&s, "E13", N), 2);
    assert_eq!(count(&s, "F13", AS), 3);
}

#[test]
fn g1066_16_9_one_marker_per_force_and_more_than_one_against_a_square() {
    let mut s = position(gold(4), |s| {
        put(s, "F14", N, UnitType::Fyrd, 2);
        put(s, "G13", AS, UnitType::Housecarl, 1);
        put(s, "E13", AS, UnitType::Thegn, 1);
        s.power_mut(AS).hand.0 = vec![chit("forced_march"), chit("forced_march")];
    });
    open_phase(&mut s, N, PlayerPhase::Movement);
    ok(&mut s, N, step("F14", "F13"));
    for from in ["E13", "G13"] {
        assert!(movement(&s, AS).contains(&march(from)));
        ok(&mut s, AS, march(from));
        ok(&mut s, AS, into_f13(from));
    }
    assert_eq!(count(&s, "F13", AS), 2);
    assert!(s.power(AS).hand.is_empty());
    // Both markers spent, the Anglo-Saxons are asked no more.
    assert_eq!(asked(&s), vec![seat(&s, N)]);
}

#[test]
fn g1066_16_10_nobody_counter_marches_against_a_counter_march_or_for_the_phasing_player() {
    // A third power of another player next to F13 is not asked about the Anglo-Saxon
    // counter march; nor is anybody asked about a step next to nobody's force.
    let mut s = london(&[], &["forced_march"]);
    ok(&mut s, N, step("F14", "F15"));
    assert_eq!(
        asked(&s),
        vec![seat(&s, N)],
        "F15 is next to no other force"
    );
    assert!(s.player_turn.counter.window.is_none());
    let mut s = london(&[], &["forced_march"]);
    put(&mut s, "E13", N, UnitType::Fyrd, 1);
    ok(&mut s, N, step("F14", "F13"));
    ok(&mut s, AS, march("G13"));
    ok(&mut s, AS, into_f13("G13"));
    // The Normans' fyrd in E13 stands next to the housecarls now in F13: no window.
    assert!(s.player_turn.counter.window.is_none());
    assert_eq!(asked(&s), vec![seat(&s, N)]);
}
