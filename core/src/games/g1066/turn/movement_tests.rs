//! Tests of the Movement Phase (14.0, 16.2-16.5, 7.2, 4.4).

use super::super::actions::{Action, Event};
use super::super::data::tables::PlayerPhase;
use super::super::data::{square, Place, Power, UnitType};
use super::super::rules::{apply, legal_actions};
use super::super::state::{Castle, State};
use super::super::state_tests::unit;
use super::movement::{MovementAction, MovementEvent};
use super::test_position::{chit, gold, let_stand, open_phase, position, seat, snapshot};
use crate::engine::{GameEvent, RuleError};

fn at(name: &str) -> Place {
    Place::Square(square(name).unwrap_or_else(|| panic!("no square {name}")))
}

fn put(s: &mut State, sq: &str, power: Power, t: UnitType, n: usize) -> Vec<u16> {
    (0..n)
        .map(|_| {
            let id = s.next_unit;
            s.add_unit(at(sq), power, unit(t), Vec::new());
            id
        })
        .collect()
}

fn act(s: &mut State, a: MovementAction) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let n = seat(s, Power::Normans);
    apply(s, n, &Action::Movement(a))
}

fn step(s: &mut State, from: &str, to: &str) -> Vec<GameEvent<Event>> {
    act(
        s,
        MovementAction::Step {
            power: Power::Normans,
            from: at(from),
            to: at(to),
        },
    )
    .unwrap_or_else(|e| panic!("{from} to {to}: {e:?}"))
}

fn ended(events: &[GameEvent<Event>]) -> Option<&'static str> {
    events.iter().find_map(|e| match e.kind {
        Event::Movement(MovementEvent::MoveEnded { rule, .. }) => Some(rule),
        _ => None,
    })
}

fn count(s: &State, sq: &str, p: Power) -> usize {
    s.stack(at(sq), p).map_or(0, |st| st.units.len())
}

fn mp_left(s: &State) -> Option<u16> {
    s.player_turn.movement.moving.as_ref().map(|m| m.mp_left)
}

#[test]
fn g1066_14_6_roads_cost_half_and_the_allowance_runs_out() {
    // Two fyrd (2 MP in winter = 4 halves) leave London (F14) up the road to F13 (half
    // a point), then across clear ground to G13 (one point): one half left, no road.
    let mut s = position(Vec::new(), |s| {
        put(s, "F14", Power::Normans, UnitType::Fyrd, 2);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Movement);
    let events = step(&mut s, "F14", "F13");
    assert_eq!(ended(&events), None);
    assert_eq!(mp_left(&s), Some(3));
    let events = step(&mut s, "F13", "G13");
    assert_eq!(
        ended(&events),
        Some("14.1"),
        "nothing costs half off the road"
    );
    assert_eq!(count(&s, "G13", Power::Normans), 2);
    assert_eq!(count(&s, "F14", Power::Normans), 0);
    // 14.3: the move is made; the fyrd may move again only by Forced March.
    let before = snapshot(&s);
    let err = act(
        &mut s,
        MovementAction::Muster {
            power: Power::Normans,
            place: at("G13"),
            fleets: false,
        },
    )
    .expect_err("moved");
    assert_eq!(err.rule, "14.3");
    assert_eq!(snapshot(&s), before);
    let n = seat(&s, Power::Normans);
    assert_eq!(
        legal_actions(&s, n),
        vec![Action::EndPhase {
            power: Power::Normans
        }]
    );
}

#[test]
fn g1066_14_7_forest_off_the_road_ends_the_move() {
    let mut s = position(Vec::new(), |s| {
        put(s, "F14", Power::Normans, UnitType::Knight, 1);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Movement);
    let events = step(&mut s, "F14", "F15");
    assert_eq!(ended(&events), Some("14.7"));
    assert_eq!(count(&s, "F15", Power::Normans), 1);
    assert!(s.player_turn.movement.moving.is_none());
}

#[test]
fn g1066_14_5_units_left_on_the_way_have_moved_and_the_allowance_stays_the_slowest() {
    let mut s = position(Vec::new(), |s| {
        put(s, "F14", Power::Normans, UnitType::Knight, 1);
        put(s, "F14", Power::Normans, UnitType::Fyrd, 2);
    });
    let ids: Vec<u16> = s
        .stack(at("F14"), Power::Normans)
        .expect("stack")
        .units
        .iter()
        .map(|u| u.id)
        .collect();
    let (knight, fyrd, stay) = (ids[0], ids[1], ids[2]);
    open_phase(&mut s, Power::Normans, PlayerPhase::Movement);
    act(
        &mut s,
        MovementAction::Muster {
            power: Power::Normans,
            place: at("F14"),
            fleets: false,
        },
    )
    .expect("muster");
    // Left before the first step: this fyrd has not moved.
    act(
        &mut s,
        MovementAction::Leave {
            power: Power::Normans,
            unit: stay,
        },
    )
    .expect("leave");
    // The fyrd's 2 MP (4 halves) is the force's allowance, not the knight's 3.
    assert_eq!(mp_left(&s), Some(4));
    step(&mut s, "F14", "F13");
    act(
        &mut s,
        MovementAction::Leave {
            power: Power::Normans,
            unit: fyrd,
        },
    )
    .expect("leave");
    assert_eq!(
        mp_left(&s),
        Some(3),
        "dropping the slow unit keeps the allowance"
    );
    step(&mut s, "F13", "F12");
    let moved = &s.player_turn.movement.moved;
    assert!(moved.contains(&knight) && moved.contains(&fyrd) && !moved.contains(&stay));
    assert_eq!(count(&s, "F13", Power::Normans), 1);
    assert_eq!(count(&s, "F12", Power::Normans), 1);
    // The fyrd left in London may still make its own move.
    act(
        &mut s,
        MovementAction::Halt {
            power: Power::Normans,
        },
    )
    .expect("halt");
    step(&mut s, "F14", "E14");
    assert_eq!(count(&s, "E14", Power::Normans), 1);
}

#[test]
fn g1066_14_9_entering_the_enemy_stops_and_7_2_reveals_everyone_there() {
    let mut s = position(Vec::new(), |s| {
        put(s, "F14", Power::Normans, UnitType::Knight, 1);
        put(s, "F13", Power::AngloSaxons, UnitType::Housecarl, 1);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Movement);
    let events = step(&mut s, "F14", "F13");
    assert_eq!(ended(&events), Some("14.9"));
    assert!(events
        .iter()
        .any(|e| e.kind == Event::Movement(MovementEvent::Revealed { place: at("F13") })));
    let everyone = s.seats();
    for st in s.stacks_at(at("F13")) {
        for u in &st.units {
            assert!(everyone.iter().all(|x| u.seen_by.contains(x)), "{u:?}");
        }
    }
}

#[test]
fn g1066_4_4_marching_into_a_neutral_makes_it_the_other_players() {
    let mut s = position(gold(30), |s| {
        put(s, "F14", Power::Normans, UnitType::Knight, 1);
        put(s, "F13", Power::Vikings, UnitType::Berserker, 1);
    });
    assert!(!s.is_belligerent(Power::Vikings));
    open_phase(&mut s, Power::Normans, PlayerPhase::Movement);
    let events = step(&mut s, "F14", "F13");
    assert_eq!(ended(&events), Some("14.9"));
    assert_eq!(
        s.controller(Power::Vikings),
        Some(seat(&s, Power::AngloSaxons))
    );
    assert!(events.iter().any(|e| matches!(
        e.kind,
        Event::NeutralJoins {
            power: Power::Vikings,
            violator: Power::Normans,
            ..
        }
    )));
    // G3.13: its new player draws its 27.3 starting markers at once.
    let want = super::super::data::data().tables.fixed.starting_markers[&Power::Vikings];
    assert_eq!(s.power(Power::Vikings).hand.len(), usize::from(want));
    assert_eq!(s.pool.len(), 30 - usize::from(want));
}

#[test]
fn g1066_16_2_a_forced_march_moves_a_force_again_for_one_marker() {
    let mut s = position(Vec::new(), |s| {
        put(s, "F14", Power::Normans, UnitType::Knight, 1);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Movement);
    step(&mut s, "F14", "F15");
    let march = MovementAction::ForcedMarch {
        power: Power::Normans,
        place: at("F15"),
        fleets: false,
    };
    let before = snapshot(&s);
    assert_eq!(
        act(&mut s, march.clone()).expect_err("no marker").rule,
        "16.2"
    );
    assert_eq!(snapshot(&s), before);
    s.power_mut(Power::Normans).hand.0 = vec![chit("forced_march")];
    let n = seat(&s, Power::Normans);
    assert!(legal_actions(&s, n).contains(&Action::Movement(march.clone())));
    act(&mut s, march).expect("forced march");
    // 8.13: the Anglo-Saxons may negate it first; they let it stand.
    let_stand(&mut s);
    assert!(s.power(Power::Normans).hand.is_empty());
    assert_eq!(s.pool.iter().filter(|c| c.is("forced_march")).count(), 1);
    // The knight's full 3 MP again (16.2): forest to clear costs 1, twice.
    assert_eq!(mp_left(&s), Some(6));
    step(&mut s, "F15", "G15");
    assert_eq!(count(&s, "G15", Power::Normans), 1);
}

#[test]
fn g1066_20_4_a_castle_serves_whoever_stands_alone_in_its_square() {
    let mut s = position(Vec::new(), |s| {
        put(s, "F14", Power::Normans, UnitType::Knight, 2);
        put(s, "E13", Power::AngloSaxons, UnitType::Fyrd, 1);
        for sq in ["F13", "E13"] {
            s.castles.push(Castle {
                square: square(sq).expect("square"),
                holder: Some(Power::AngloSaxons),
            });
        }
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Movement);
    step(&mut s, "F14", "F13");
    let holder = |s: &State, sq: &str| s.castle_at(square(sq).expect("sq")).and_then(|c| c.holder);
    assert_eq!(holder(&s, "F13"), Some(Power::Normans), "alone in it");
    // The fyrd next door let the knights go on (16.7).
    let saxons = seat(&s, Power::AngloSaxons);
    apply(
        &mut s,
        saxons,
        &Action::Movement(MovementAction::NoCounterMarch {
            power: Power::AngloSaxons,
        }),
    )
    .expect("no counter march");
    step(&mut s, "F13", "E13");
    assert_eq!(
        holder(&s, "E13"),
        Some(Power::AngloSaxons),
        "shared: it stays with its holder"
    );
    assert_eq!(holder(&s, "F13"), None, "left empty");
}

#[test]
fn g1066_21_4_a_force_that_entered_a_box_may_not_leave_it_by_forced_march() {
    let mut s = position(Vec::new(), |s| {
        put(s, "E19", Power::Normans, UnitType::Knight, 1);
        s.power_mut(Power::Normans).hand.0 = vec![chit("forced_march")];
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Movement);
    let normandy = Place::Box(super::super::data::BoxId::Normandy);
    act(
        &mut s,
        MovementAction::Step {
            power: Power::Normans,
            from: at("E19"),
            to: normandy,
        },
    )
    .expect("into Normandy");
    act(
        &mut s,
        MovementAction::ForcedMarch {
            power: Power::Normans,
            place: normandy,
            fleets: false,
        },
    )
    .expect("forced march");
    let_stand(&mut s);
    let before = snapshot(&s);
    let e = act(
        &mut s,
        MovementAction::Step {
            power: Power::Normans,
            from: normandy,
            to: at("E19"),
        },
    )
    .expect_err("in and out in one player turn");
    assert_eq!(e.rule, "21.4");
    assert_eq!(snapshot(&s), before);
}

#[test]
fn g1066_7_1_a_face_down_move_hides_nothing_new_so_undo_may_cross_it_but_not_a_reveal() {
    use crate::engine::Game;
    let mut s = position(Vec::new(), |s| {
        put(s, "F14", Power::Normans, UnitType::Knight, 2);
        put(s, "E13", Power::AngloSaxons, UnitType::Housecarl, 1);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Movement);
    let hidden = super::super::G1066::hidden_digest(&s);
    step(&mut s, "F14", "F13");
    assert_eq!(
        super::super::G1066::hidden_digest(&s),
        hidden,
        "the knights moved face down: nobody learned anything"
    );
    // 7.2: entering the housecarl's square shows everyone both stacks.
    let saxons = seat(&s, Power::AngloSaxons);
    apply(
        &mut s,
        saxons,
        &Action::Movement(MovementAction::NoCounterMarch {
            power: Power::AngloSaxons,
        }),
    )
    .expect("no counter march");
    step(&mut s, "F13", "E13");
    assert_ne!(super::super::G1066::hidden_digest(&s), hidden);
}
