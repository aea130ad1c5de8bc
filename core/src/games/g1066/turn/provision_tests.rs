//! Tests of the Provisioning Phase (9.0).

use super::super::actions::Action;
use super::super::data::tables::PlayerPhase;
use super::super::data::{Power, UnitType};
use super::super::rules::{apply, legal_actions};
use super::super::sequence_tests::town;
use super::super::state::State;
use super::super::state_tests::unit;
use super::provision::{hungry, ProvisionAction};
use super::test_position::{chit, gold, open_phase, position, seat, snapshot};

fn fyrds(s: &mut State, name: &str, power: Power, n: usize) {
    for _ in 0..n {
        s.add_unit(town(name), power, unit(UnitType::Fyrd), Vec::new());
    }
}

fn count(s: &State, name: &str, power: Power) -> usize {
    s.stack(town(name), power).map_or(0, |st| st.units.len())
}

#[test]
fn g1066_9_2_a_town_feeds_two_plus_its_feudal_value() {
    // London (3) feeds 5 in winter; Oxford (1) feeds 3.
    let mut s = position(Vec::new(), |s| {
        fyrds(s, "London", Power::Normans, 7);
        fyrds(s, "Oxford", Power::Normans, 3);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Provisioning);
    assert_eq!(hungry(&s, Power::Normans), vec![(town("London"), 2)]);
    let n = seat(&s, Power::Normans);
    let err = apply(
        &mut s,
        n,
        &Action::EndPhase {
            power: Power::Normans,
        },
    )
    .expect_err("unfed");
    assert_eq!(err.rule, "9.1");
    // No gold: only starving is offered, one choice per unit in London.
    assert_eq!(legal_actions(&s, n).len(), 7);
}

#[test]
fn g1066_9_9_summer_feeds_one_more() {
    let mut s = position(Vec::new(), |s| {
        s.turn = 6;
        fyrds(s, "London", Power::Normans, 6);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Provisioning);
    assert!(hungry(&s, Power::Normans).is_empty());
}

#[test]
fn g1066_9_4_one_gold_feeds_every_extra_unit_in_a_place() {
    let mut s = position(Vec::new(), |s| {
        fyrds(s, "London", Power::Normans, 9);
        s.power_mut(Power::Normans).hand.0 = gold(2);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Provisioning);
    let n = seat(&s, Power::Normans);
    apply(
        &mut s,
        n,
        &Action::Provision(ProvisionAction::Pay {
            power: Power::Normans,
            place: town("London"),
        }),
    )
    .expect("pay");
    assert_eq!(count(&s, "London", Power::Normans), 9);
    assert_eq!(s.power(Power::Normans).hand.0, gold(1));
    assert_eq!(s.pool.0, gold(1));
    assert!(hungry(&s, Power::Normans).is_empty());
    assert_eq!(
        legal_actions(&s, n),
        vec![Action::EndPhase {
            power: Power::Normans
        }]
    );
    // Paying twice is refused.
    let before = snapshot(&s);
    let err = apply(
        &mut s,
        n,
        &Action::Provision(ProvisionAction::Pay {
            power: Power::Normans,
            place: town("London"),
        }),
    )
    .expect_err("fed");
    assert_eq!(err.rule, "9.2");
    assert_eq!(snapshot(&s), before);
}

#[test]
fn g1066_9_6_the_player_chooses_who_starves() {
    let mut s = position(Vec::new(), |s| {
        fyrds(s, "London", Power::Normans, 5);
        s.add_unit(
            town("London"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.power_mut(Power::Normans).hand.0 = vec![chit("spy")];
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Provisioning);
    let n = seat(&s, Power::Normans);
    let fyrd = s
        .stack(town("London"), Power::Normans)
        .and_then(|st| st.units.first())
        .map(|u| u.id)
        .expect("a fyrd");
    // A spy is not gold (9.4).
    let err = apply(
        &mut s,
        n,
        &Action::Provision(ProvisionAction::Pay {
            power: Power::Normans,
            place: town("London"),
        }),
    )
    .expect_err("no gold");
    assert_eq!(err.rule, "9.4");
    apply(
        &mut s,
        n,
        &Action::Provision(ProvisionAction::Starve {
            power: Power::Normans,
            place: town("London"),
            unit: fyrd,
        }),
    )
    .expect("starve");
    assert_eq!(count(&s, "London", Power::Normans), 5);
    let knight_left = s.stack(town("London"), Power::Normans).is_some_and(|st| {
        st.units
            .iter()
            .any(|u| *u.identity == unit(UnitType::Knight))
    });
    assert!(knight_left);
    apply(
        &mut s,
        n,
        &Action::EndPhase {
            power: Power::Normans,
        },
    )
    .expect("fed now");
}

#[test]
fn g1066_9_3_a_castle_feeds_one_more_and_the_other_power_is_not_counted() {
    let mut s = position(Vec::new(), |s| {
        fyrds(s, "Oxford", Power::Normans, 4);
        fyrds(s, "Oxford", Power::AngloSaxons, 3);
        let super::super::data::Place::Square(sq) = town("Oxford") else {
            unreachable!()
        };
        s.castles.push(super::super::state::Castle {
            square: sq,
            holder: Some(Power::Normans),
        });
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Provisioning);
    assert!(hungry(&s, Power::Normans).is_empty());
}

#[test]
fn g1066_21_5_a_box_needs_no_food() {
    let mut s = position(Vec::new(), |s| {
        for _ in 0..30 {
            s.add_unit(
                super::super::data::Place::Box(super::super::data::BoxId::Normandy),
                Power::Normans,
                unit(UnitType::Knight),
                Vec::new(),
            );
        }
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Provisioning);
    assert!(hungry(&s, Power::Normans).is_empty());
}
