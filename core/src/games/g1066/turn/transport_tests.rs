//! Tests of naval transport in the Movement Phase (17.5-17.11; rulings NT1-NT3).

use super::super::actions::{Action, Event};
use super::super::data::tables::PlayerPhase;
use super::super::data::{square, Place, Power, UnitType};
use super::super::rules::{apply, legal_actions};
use super::super::state::State;
use super::super::state_tests::unit;
use super::movement::{MovementAction, MovementEvent};
use super::test_position::{gold, open_phase, position, seat, snapshot};
use crate::engine::{GameEvent, RuleError};

const N: Power = Power::Normans;

fn at(name: &str) -> Place {
    Place::Square(square(name).unwrap_or_else(|| panic!("no square {name}")))
}

fn put(s: &mut State, sq: &str, power: Power, t: UnitType) -> u16 {
    let id = s.next_unit;
    s.add_unit(at(sq), power, unit(t), Vec::new());
    id
}

fn act(s: &mut State, a: MovementAction) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let n = seat(s, N);
    apply(s, n, &Action::Movement(a))
}

fn ok(s: &mut State, a: MovementAction) -> Vec<GameEvent<Event>> {
    act(s, a.clone()).unwrap_or_else(|e| panic!("{a:?}: {e:?}"))
}

fn step(from: &str, to: &str) -> MovementAction {
    MovementAction::Step {
        power: N,
        from: at(from),
        to: at(to),
    }
}

fn ids(s: &State, sq: &str) -> Vec<u16> {
    s.stack(at(sq), N)
        .map_or(Vec::new(), |st| st.units.iter().map(|u| u.id).collect())
}

fn legal(s: &State) -> Vec<Action> {
    legal_actions(s, seat(s, N))
}

/// One Norman fleet in St. Valery (H17, a port) with two knights and a fyrd.
fn st_valery() -> (State, u16, [u16; 3]) {
    let mut s = position(Vec::new(), |s| {
        put(s, "H17", N, UnitType::Fleet);
        put(s, "H17", N, UnitType::Knight);
        put(s, "H17", N, UnitType::Knight);
        put(s, "H17", N, UnitType::Fyrd);
    });
    open_phase(&mut s, N, PlayerPhase::Movement);
    let all = ids(&s, "H17");
    ok(
        &mut s,
        MovementAction::Muster {
            power: N,
            place: at("H17"),
            fleets: true,
        },
    );
    (s, all[0], [all[1], all[2], all[3]])
}

#[test]
fn g1066_17_5_two_land_units_board_a_fleet_in_a_port_and_no_more() {
    let (mut s, _, [k1, k2, fyrd]) = st_valery();
    let boards: Vec<u16> = legal(&s)
        .iter()
        .filter_map(|a| match a {
            Action::Movement(MovementAction::Board { unit, .. }) => Some(*unit),
            _ => None,
        })
        .collect();
    assert_eq!(boards, vec![k1, k2, fyrd]);
    let events = ok(&mut s, MovementAction::Board { power: N, unit: k1 });
    assert!(events.iter().any(|e| matches!(
        e.kind,
        Event::Movement(MovementEvent::Boarded { unit, .. }) if unit == k1
    )));
    ok(&mut s, MovementAction::Board { power: N, unit: k2 });
    assert_eq!(
        s.player_turn
            .movement
            .moving
            .as_ref()
            .map(|m| m.cargo.clone()),
        Some(vec![k1, k2])
    );
    // T6: a fleet carries two land units.
    let before = snapshot(&s);
    let e = act(
        &mut s,
        MovementAction::Board {
            power: N,
            unit: fyrd,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "17.5");
    assert_eq!(snapshot(&s), before);
}

#[test]
fn g1066_17_10_the_cargo_sails_with_the_fleet_lands_and_the_fleet_sails_on() {
    let (mut s, fleet, [k1, k2, fyrd]) = st_valery();
    ok(&mut s, MovementAction::Board { power: N, unit: k1 });
    ok(&mut s, MovementAction::Board { power: N, unit: k2 });
    ok(&mut s, step("H17", "H16"));
    assert_eq!(ids(&s, "H16"), vec![fleet, k1, k2]);
    assert_eq!(ids(&s, "H17"), vec![fyrd]);
    // At sea the cargo may not stay: no halt, no end of the phase, no other force (NT2).
    assert!(!legal(&s).iter().any(|a| matches!(
        a,
        Action::Movement(MovementAction::Halt { .. }) | Action::EndPhase { .. }
    )));
    let before = snapshot(&s);
    let e = act(&mut s, MovementAction::Land { power: N }).unwrap_err();
    assert_eq!(e.rule, "17.10");
    let e = act(
        &mut s,
        MovementAction::Muster {
            power: N,
            place: at("H17"),
            fleets: false,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "17.10");
    assert_eq!(snapshot(&s), before);
    // Dover (H15) is a coastal town: the knights land there and have moved.
    ok(&mut s, step("H16", "H15"));
    let events = ok(&mut s, MovementAction::Land { power: N });
    assert!(events.iter().any(|e| matches!(
        &e.kind,
        Event::Movement(MovementEvent::Landed { units, .. }) if *units == vec![k1, k2]
    )));
    let moved = &s.player_turn.movement.moved;
    assert!(moved.contains(&k1) && moved.contains(&k2));
    // 17.10: the fleet may continue, empty.
    ok(&mut s, step("H15", "H16"));
    assert_eq!(ids(&s, "H15"), vec![k1, k2]);
    assert_eq!(ids(&s, "H16"), vec![fleet]);
}

#[test]
fn g1066_17_10_cargo_lands_when_the_move_ends() {
    let (mut s, fleet, [k1, _, _]) = st_valery();
    ok(&mut s, MovementAction::Board { power: N, unit: k1 });
    ok(&mut s, step("H17", "H16"));
    ok(&mut s, step("H16", "H15"));
    let events = ok(&mut s, MovementAction::Halt { power: N });
    assert!(events.iter().any(|e| matches!(
        &e.kind,
        Event::Movement(MovementEvent::Landed { units, .. }) if *units == vec![k1]
    )));
    assert_eq!(ids(&s, "H15"), vec![fleet, k1]);
    assert!(s.player_turn.movement.moving.is_none());
}

#[test]
fn g1066_17_13_loaded_fleets_do_not_sail_into_enemy_fleets() {
    // NT3: an Anglo-Saxon fleet in H16 bars the loaded Norman fleet's way (no sea battle
    // with cargo aboard is built); an empty fleet may go in and fight.
    let (mut s, _, [k1, _, _]) = st_valery();
    put(&mut s, "H16", Power::AngloSaxons, UnitType::Fleet);
    let empty_may = legal(&s).contains(&Action::Movement(step("H17", "H16")));
    assert!(empty_may);
    ok(&mut s, MovementAction::Board { power: N, unit: k1 });
    assert!(!legal(&s).contains(&Action::Movement(step("H17", "H16"))));
    let before = snapshot(&s);
    let e = act(&mut s, step("H17", "H16")).unwrap_err();
    assert_eq!(e.rule, "17.10");
    assert_eq!(snapshot(&s), before);
}

#[test]
fn g1066_17_12_landing_among_enemies_brings_a_battle() {
    let (mut s, _, [k1, k2, _]) = st_valery();
    put(&mut s, "H15", Power::AngloSaxons, UnitType::Fyrd);
    ok(&mut s, MovementAction::Board { power: N, unit: k1 });
    ok(&mut s, MovementAction::Board { power: N, unit: k2 });
    ok(&mut s, step("H17", "H16"));
    ok(&mut s, step("H16", "H15"));
    ok(&mut s, MovementAction::Land { power: N });
    let n = seat(&s, N);
    apply(&mut s, n, &Action::EndPhase { power: N }).unwrap();
    assert_eq!(
        super::combat::owed(&s, N),
        vec![at("H15")],
        "combat is owed where the knights landed (15.1)"
    );
}

#[test]
fn g1066_17_4_a_fleet_still_in_a_neutral_square_when_the_phase_ends_wakes_it() {
    // An empty Norman fleet sails into Dover, where a neutral Viking stands, and the
    // player ends the phase with movement points left: the move ends there (17.4).
    let mut s = position(gold(30), |s| {
        put(s, "H17", N, UnitType::Fleet);
        put(s, "H15", Power::Vikings, UnitType::Berserker);
    });
    open_phase(&mut s, N, PlayerPhase::Movement);
    ok(&mut s, step("H17", "H16"));
    ok(&mut s, step("H16", "H15"));
    assert!(
        !s.is_belligerent(Power::Vikings),
        "passing through wakes nobody"
    );
    assert!(s.player_turn.movement.moving.is_some());
    let n = seat(&s, N);
    let events = apply(&mut s, n, &Action::EndPhase { power: N }).unwrap();
    assert!(events.iter().any(|e| matches!(
        e.kind,
        Event::NeutralJoins {
            power: Power::Vikings,
            violator: Power::Normans,
            ..
        }
    )));
    assert_eq!(
        s.controller(Power::Vikings),
        Some(seat(&s, Power::AngloSaxons))
    );
}
