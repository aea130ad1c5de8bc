//! Tests of the Recruiting Phase (10.0, 20.2, 19.7) and the Rally and Tostig markers.

use super::super::actions::{Action, Event};
use super::super::data::tables::PlayerPhase;
use super::super::data::{BoxId, Place, Power, UnitType};
use super::super::rules::{action_is_secret, apply, legal_actions};
use super::super::sequence_tests::town;
use super::super::state::{Identity, State};
use super::super::state_tests::{leader, unit};
use super::recruit::{RecruitAction, RecruitEvent};
use super::test_position::{chit, gold, open_phase, position, seat, snapshot};
use crate::board::square::Square;
use crate::engine::{Audience, GameEvent, RuleError};

fn sq(name: &str) -> Square {
    match town(name) {
        Place::Square(s) => s,
        Place::Box(_) => unreachable!(),
    }
}

fn recruiting(power: Power, setup: impl FnOnce(&mut State)) -> State {
    let mut s = position(gold(10), setup);
    open_phase(&mut s, power, PlayerPhase::Recruiting);
    s
}

fn try_act(
    s: &mut State,
    power: Power,
    a: RecruitAction,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let seat = seat(s, power);
    apply(s, seat, &Action::Recruit(a))
}

fn refused(s: &mut State, power: Power, a: RecruitAction) -> String {
    let before = snapshot(s);
    let e = try_act(s, power, a).expect_err("refused");
    assert_eq!(snapshot(s), before, "a refused action changes nothing");
    e.rule.to_string()
}

fn buy(power: Power, unit: UnitType, place: Place) -> RecruitAction {
    RecruitAction::Buy { power, unit, place }
}

fn count(s: &State, place: Place, power: Power) -> usize {
    s.stack(place, power).map_or(0, |st| st.units.len())
}

#[test]
fn g1066_10_2_gold_buys_units_at_the_t1_price_face_down() {
    let mut s = recruiting(Power::Normans, |s| {
        s.add_unit(
            town("London"),
            Power::Normans,
            unit(UnitType::Fyrd),
            Vec::new(),
        );
        s.power_mut(Power::Normans).hand.0 = gold(3);
    });
    let a = buy(Power::Normans, UnitType::Knight, town("London"));
    assert!(action_is_secret(&s, &Action::Recruit(a.clone())));
    let events = try_act(&mut s, Power::Normans, a).expect("buy");
    assert_eq!(count(&s, town("London"), Power::Normans), 2);
    assert_eq!(s.power(Power::Normans).hand.0, gold(1));
    assert_eq!(s.pool.len(), 12);
    let public: Vec<&GameEvent<Event>> = events
        .iter()
        .filter(|e| e.audience == Audience::All)
        .collect();
    assert_eq!(public.len(), 1);
    assert!(matches!(
        public[0].kind,
        Event::Recruit(RecruitEvent::Placed {
            gold: 2,
            call_points: 0,
            ..
        })
    ));
    // What it is, only its player is told.
    assert!(events.iter().any(|e| e.audience
        == Audience::Only(vec![seat(&s, Power::Normans)])
        && matches!(&e.kind, Event::Recruit(RecruitEvent::PlacedAs { identity, .. }) if *identity == unit(UnitType::Knight))));
}

#[test]
fn g1066_10_2_one_gold_buys_two_fyrd_for_two_towns() {
    let mut s = recruiting(Power::Normans, |s| {
        s.add_unit(
            town("London"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.add_unit(
            town("York"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.add_unit(
            town("Oxford"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.power_mut(Power::Normans).hand.0 = gold(2);
    });
    try_act(
        &mut s,
        Power::Normans,
        buy(Power::Normans, UnitType::Fyrd, town("London")),
    )
    .expect("buy");
    assert_eq!(s.power(Power::Normans).hand.len(), 1);
    // The second fyrd of that gold point is already paid.
    try_act(
        &mut s,
        Power::Normans,
        buy(Power::Normans, UnitType::Fyrd, town("York")),
    )
    .expect("free");
    assert_eq!(s.power(Power::Normans).hand.len(), 1);
    try_act(
        &mut s,
        Power::Normans,
        buy(Power::Normans, UnitType::Fyrd, town("Oxford")),
    )
    .expect("paid");
    assert_eq!(s.power(Power::Normans).hand.len(), 0);
}

#[test]
fn g1066_10_6_one_reinforcement_per_square_never_into_pillage() {
    let mut s = recruiting(Power::Normans, |s| {
        s.add_unit(
            town("London"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.add_unit(
            town("York"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.pillaged.insert(sq("York"));
        s.power_mut(Power::Normans).hand.0 = gold(6);
    });
    try_act(
        &mut s,
        Power::Normans,
        buy(Power::Normans, UnitType::Knight, town("London")),
    )
    .expect("buy");
    assert_eq!(
        refused(
            &mut s,
            Power::Normans,
            buy(Power::Normans, UnitType::Knight, town("London"))
        ),
        "10.6"
    );
    assert_eq!(
        refused(
            &mut s,
            Power::Normans,
            buy(Power::Normans, UnitType::Knight, town("York"))
        ),
        "10.6"
    );
    // The box takes any number.
    let normandy = Place::Box(BoxId::Normandy);
    try_act(
        &mut s,
        Power::Normans,
        buy(Power::Normans, UnitType::Knight, normandy),
    )
    .expect("box");
    try_act(
        &mut s,
        Power::Normans,
        buy(Power::Normans, UnitType::Thegn, normandy),
    )
    .expect("box");
    assert_eq!(count(&s, normandy, Power::Normans), 2);
}

#[test]
fn g1066_10_5_who_recruits_what_and_where() {
    let mut s = recruiting(Power::Normans, |s| {
        s.add_unit(
            town("London"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.add_unit(
            town("Oxford"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.add_unit(
            super::super::state_tests::at("F13"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.power_mut(Power::Normans).hand.0 = gold(6);
    });
    // Only the Anglo-Saxons raise housecarls.
    assert_eq!(
        refused(
            &mut s,
            Power::Normans,
            buy(Power::Normans, UnitType::Housecarl, town("London"))
        ),
        "10.5"
    );
    // Land units in towns only; fleets in ports only (Oxford is none).
    assert_eq!(
        refused(
            &mut s,
            Power::Normans,
            buy(
                Power::Normans,
                UnitType::Knight,
                super::super::state_tests::at("F13")
            )
        ),
        "10.5"
    );
    assert_eq!(
        refused(
            &mut s,
            Power::Normans,
            buy(Power::Normans, UnitType::Fleet, town("Oxford"))
        ),
        "10.5"
    );
    // Not where they have nobody; not in another power's box; no fleet in Normandy.
    assert_eq!(
        refused(
            &mut s,
            Power::Normans,
            buy(Power::Normans, UnitType::Knight, town("York"))
        ),
        "10.5"
    );
    assert_eq!(
        refused(
            &mut s,
            Power::Normans,
            buy(Power::Normans, UnitType::Knight, Place::Box(BoxId::Norway))
        ),
        "21.1"
    );
    assert_eq!(
        refused(
            &mut s,
            Power::Normans,
            buy(Power::Normans, UnitType::Fleet, Place::Box(BoxId::Normandy))
        ),
        "21.7"
    );
    try_act(
        &mut s,
        Power::Normans,
        buy(Power::Normans, UnitType::Fleet, town("London")),
    )
    .expect("London is a port");
    // Every offer applies.
    let n = seat(&s, Power::Normans);
    for a in legal_actions(&s, n) {
        let mut t = s.clone();
        apply(&mut t, n, &a).unwrap_or_else(|e| panic!("{a:?} offered but refused: {e:?}"));
    }
}

#[test]
fn g1066_10_7_the_counter_mix_is_a_hard_limit() {
    // The Normans have 6 knights; 6 in play leave none to buy.
    let mut s = recruiting(Power::Normans, |s| {
        for _ in 0..6 {
            s.add_unit(
                Place::Box(BoxId::Normandy),
                Power::Normans,
                unit(UnitType::Knight),
                Vec::new(),
            );
        }
        s.power_mut(Power::Normans).hand.0 = gold(4);
    });
    assert_eq!(
        refused(
            &mut s,
            Power::Normans,
            buy(
                Power::Normans,
                UnitType::Knight,
                Place::Box(BoxId::Normandy)
            )
        ),
        "10.7"
    );
}

#[test]
fn g1066_10_3_call_to_arms_adds_a_die_for_a_lost_town_and_the_king() {
    // Harold (3) in London; a Norman stands in York? No: in F12, an Anglo-Saxon set-up town.
    let mut s = recruiting(Power::AngloSaxons, |s| {
        s.add_unit(
            town("London"),
            Power::AngloSaxons,
            leader("harold"),
            Vec::new(),
        );
        s.add_unit(
            super::super::state_tests::at("F12"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.chance.script_rolls(&[4, 2]);
    });
    let events = try_act(
        &mut s,
        Power::AngloSaxons,
        RecruitAction::CallToArms {
            power: Power::AngloSaxons,
        },
    )
    .expect("call");
    assert!(events.iter().any(|e| e.kind
        == Event::Recruit(RecruitEvent::CalledToArms {
            power: Power::AngloSaxons,
            roll: 4,
            occupied_roll: Some(2),
            king: 3,
            points: 9
        })));
    assert!(s.power(Power::AngloSaxons).called_to_arms);
    assert_eq!(s.player_turn.recruit.call_points, 9);
    // Points pay before gold: a housecarl (2) from the points, no gold held at all.
    try_act(
        &mut s,
        Power::AngloSaxons,
        buy(Power::AngloSaxons, UnitType::Housecarl, town("London")),
    )
    .expect("paid by points");
    assert_eq!(s.player_turn.recruit.call_points, 7);
    assert_eq!(
        refused(
            &mut s,
            Power::AngloSaxons,
            RecruitAction::CallToArms {
                power: Power::AngloSaxons
            }
        ),
        "10.3"
    );
}

#[test]
fn g1066_20_2_one_castle_a_turn_where_the_power_has_a_unit() {
    let mut s = recruiting(Power::Normans, |s| {
        s.add_unit(
            town("London"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.add_unit(
            town("Oxford"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.add_unit(
            town("Oxford"),
            Power::AngloSaxons,
            unit(UnitType::Fyrd),
            Vec::new(),
        );
        s.power_mut(Power::Normans).hand.0 = gold(3);
    });
    let castle = |name: &str| RecruitAction::Castle {
        power: Power::Normans,
        square: sq(name),
    };
    // 20.3: no Norman unit in York.
    assert_eq!(refused(&mut s, Power::Normans, castle("York")), "20.3");
    // 20.2: one friendly unit is enough, even with an enemy in the square.
    try_act(&mut s, Power::Normans, castle("Oxford")).expect("castle");
    assert!(s.castle_at(sq("Oxford")).is_some());
    assert_eq!(s.power(Power::Normans).hand.len(), 2);
    assert_eq!(refused(&mut s, Power::Normans, castle("London")), "20.2");
}

#[test]
fn g1066_10_2_clearing_pillage_costs_one_plus_the_feudal_value() {
    let mut s = recruiting(Power::Normans, |s| {
        s.add_unit(
            town("York"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.pillaged.insert(sq("York"));
        s.power_mut(Power::Normans).hand.0 = gold(4);
    });
    let clear = RecruitAction::ClearPillage {
        power: Power::Normans,
        square: sq("York"),
    };
    try_act(&mut s, Power::Normans, clear.clone()).expect("clear");
    assert!(!s.pillaged.contains(&sq("York")));
    assert_eq!(s.power(Power::Normans).hand.len(), 0);
    assert_eq!(refused(&mut s, Power::Normans, clear), "10.2");
}

#[test]
fn g1066_8_13_rally_brings_a_leader_back_near_a_home_town() {
    // Morcar/Edwin fell; the Anglo-Saxons rally him next to E9, their set-up town.
    let mut s = recruiting(Power::AngloSaxons, |s| {
        s.add_unit(
            town("London"),
            Power::AngloSaxons,
            leader("harold"),
            Vec::new(),
        );
        s.power_mut(Power::AngloSaxons).hand.0 = vec![chit("rally")];
    });
    let rally = |place: Place| RecruitAction::Rally {
        power: Power::AngloSaxons,
        identity: leader("morcar_edwin"),
        place,
    };
    // Harold is in play: he cannot be rallied.
    assert_eq!(
        refused(
            &mut s,
            Power::AngloSaxons,
            RecruitAction::Rally {
                power: Power::AngloSaxons,
                identity: leader("harold"),
                place: town("London")
            }
        ),
        "8.13"
    );
    // Far from any set-up town.
    assert_eq!(
        refused(
            &mut s,
            Power::AngloSaxons,
            rally(super::super::state_tests::at("B3"))
        ),
        "8.13"
    );
    try_act(
        &mut s,
        Power::AngloSaxons,
        rally(super::super::state_tests::at("E10")),
    )
    .expect("rally");
    let back = s
        .stack(super::super::state_tests::at("E10"), Power::AngloSaxons)
        .is_some_and(|st| {
            st.units
                .iter()
                .any(|u| *u.identity == leader("morcar_edwin"))
        });
    assert!(back);
    assert!(s.power(Power::AngloSaxons).hand.is_empty());
    assert_eq!(s.pool.iter().filter(|c| c.is("rally")).count(), 1);
}

#[test]
fn g1066_18_8_a_fallen_king_rallies_only_above_his_value() {
    let setup = |s: &mut State| {
        s.add_unit(
            town("London"),
            Power::AngloSaxons,
            unit(UnitType::Fyrd),
            Vec::new(),
        );
        s.power_mut(Power::AngloSaxons).hand.0 = vec![chit("rally")];
    };
    let rally = RecruitAction::Rally {
        power: Power::AngloSaxons,
        identity: leader("harold"),
        place: town("London"),
    };
    let mut s = recruiting(Power::AngloSaxons, setup);
    s.chance.script_rolls(&[3]);
    try_act(&mut s, Power::AngloSaxons, rally.clone()).expect("tried");
    assert_eq!(
        count(&s, town("London"), Power::AngloSaxons),
        1,
        "3 is not above 3"
    );
    assert!(
        s.power(Power::AngloSaxons).hand.is_empty(),
        "the marker is spent"
    );
    let mut s = recruiting(Power::AngloSaxons, setup);
    s.chance.script_rolls(&[4]);
    try_act(&mut s, Power::AngloSaxons, rally).expect("rallied");
    assert_eq!(count(&s, town("London"), Power::AngloSaxons), 2);
}

#[test]
fn g1066_18_10_tostig_joins_a_friendly_unit_and_never_returns() {
    let mut s = recruiting(Power::Normans, |s| {
        s.add_unit(
            town("York"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.power_mut(Power::Normans).hand.0 = vec![chit("tostig")];
    });
    let tostig = |place: Place| RecruitAction::Tostig {
        power: Power::Normans,
        place,
    };
    assert_eq!(
        refused(&mut s, Power::Normans, tostig(town("London"))),
        "8.13"
    );
    try_act(&mut s, Power::Normans, tostig(town("York"))).expect("tostig");
    let t = s
        .stack(town("York"), Power::Normans)
        .and_then(|st| {
            st.units
                .iter()
                .find(|u| *u.identity == Identity::Leader("tostig".into()))
        })
        .expect("tostig on the map");
    assert_eq!(t.seen_by, s.seats(), "played face up");
    assert!(s.power(Power::Normans).hand.is_empty());
    assert!(!s.pool.iter().any(|c| c.is("tostig")));
    assert_eq!(
        s.out_of_game,
        vec![chit("tostig")],
        "his marker is now the leader"
    );
}
