//! Tests of Defection (8.13, DF1, DF2).

use super::super::actions::{Action, Event};
use super::super::data::tables::PlayerPhase;
use super::super::data::{Power, UnitType};
use super::super::rules::{apply, legal_actions, to_act};
use super::super::state::{Identity, Stack, State, Unit};
use super::super::state_tests::unit;
use super::combat::CombatAction;
use super::phase_markers::{MarkerAction, MarkerEvent};
use super::test_position::{at, chit, gold, let_stand, open_phase, position, seat, snapshot};
use crate::engine::{Hidden, Turn};

const N: Power = Power::Normans;
const AS: Power = Power::AngloSaxons;

fn counter(id: u16, owner: Power, t: UnitType) -> Unit {
    Unit {
        id,
        owner,
        identity: Hidden(Identity::Unit(t)),
        seen_by: Vec::new(),
    }
}

/// Two Anglo-Saxon fyrd won as vassals by the Normans in H15 (11.8), with a Norman
/// knight beside them if `knight`; the Anglo-Saxons' Movement Phase, a Defection in
/// their hand.
fn vassals(knight: bool) -> State {
    let mut s = position(gold(2), |s| {
        let mut units = vec![
            counter(1, AS, UnitType::Fyrd),
            counter(2, AS, UnitType::Fyrd),
        ];
        if knight {
            units.push(counter(3, N, UnitType::Knight));
        }
        s.forces.insert(at("H15"), vec![Stack { power: N, units }]);
        s.next_unit = 10;
        s.add_unit(at("F14"), AS, unit(UnitType::Fyrd), Vec::new());
        s.power_mut(AS).hand.0 = vec![chit("defection")];
    });
    s.order = vec![AS, N];
    open_phase(&mut s, AS, PlayerPhase::Movement);
    s
}

fn defection() -> Action {
    Action::Marker(MarkerAction::Defection {
        power: AS,
        place: at("H15"),
        from: N,
    })
}

#[test]
fn g1066_8_13_defection_returns_the_vassals_to_their_owner() {
    let mut s = vassals(false);
    let a = seat(&s, AS);
    assert!(legal_actions(&s, a).contains(&defection()));
    apply(&mut s, a, &defection()).expect("defection");
    let events = let_stand(&mut s);
    assert!(events.iter().any(|e| e.kind
        == Event::Marker(MarkerEvent::Defected {
            power: AS,
            place: at("H15"),
            from: N,
            units: vec![1, 2]
        })));
    assert!(s.stack(at("H15"), N).is_none());
    let back: Vec<u16> = s
        .stack(at("H15"), AS)
        .expect("back")
        .units
        .iter()
        .map(|u| u.id)
        .collect();
    assert_eq!(back, vec![1, 2]);
    assert!(s.power(AS).hand.is_empty());
    assert_eq!(s.pool.iter().filter(|c| c.is("defection")).count(), 1);
    assert!(s.player_turn.combat.fight.is_none(), "nobody to fight");
}

#[test]
fn g1066_8_13_defectors_beside_the_units_they_served_attack_them_at_once() {
    let mut s = vassals(true);
    let a = seat(&s, AS);
    apply(&mut s, a, &defection()).expect("defection");
    let_stand(&mut s);
    // The battle is on, in the Movement Phase, the defectors attacking (DF1).
    let f = s.player_turn.combat.fight.as_ref().expect("a battle");
    assert_eq!(
        (f.place, f.attacker, f.defenders.clone()),
        (at("H15"), AS, vec![N])
    );
    let Turn::Decide(seats) = to_act(&s) else {
        panic!("over")
    };
    assert_eq!(seats.len(), 1);
    let offered = legal_actions(&s, seats[0]);
    assert!(!offered.is_empty());
    assert!(offered
        .iter()
        .all(|a| matches!(a, Action::Combat(CombatAction::Battle(_)))));
    let before = snapshot(&s);
    let e = apply(&mut s, a, &Action::EndPhase { power: AS }).expect_err("battle first");
    assert_eq!(e.rule, "3.2");
    assert_eq!(snapshot(&s), before);
}

#[test]
fn g1066_8_13_df2_no_defection_of_a_neutrals_units_beside_their_master() {
    let mut s = vassals(true);
    // The vassals' owner is the Vikings, neutral in a two-player game.
    if let Some(stacks) = s.forces.get_mut(&at("H15")) {
        for u in stacks[0].units.iter_mut().filter(|u| u.owner == AS) {
            u.owner = Power::Vikings;
        }
    }
    assert!(!legal_actions(&s, seat(&s, AS)).contains(&defection()));
}
