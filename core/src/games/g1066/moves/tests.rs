//! Movement rules checked on the real 1066 map (rules cited in each name).

use super::cost::{check_step, Contact, Stop};
use super::force::{Force, HalfMp, Mode, Surroundings};
use super::place::Place;
use super::reach::{land_connected, reachable};
use super::transport::{check_debark, check_embark, Embarkation};
use super::*;
use crate::board::square::Square;
use crate::games::g1066::data::{self, BoxId, Power, UnitType};
use std::collections::BTreeSet;

fn sq(label: &str) -> Square {
    data::square(label).unwrap_or_else(|| panic!("no square {label}"))
}

fn at(label: &str) -> Place {
    Place::Square(sq(label))
}

fn squares(labels: &[&str]) -> BTreeSet<Square> {
    labels.iter().map(|l| sq(l)).collect()
}

/// A land force of `power` with `mp` whole movement points.
fn land(power: Power, mp: u8) -> Force {
    Force {
        power,
        mode: Mode::Land,
        ma: HalfMp::whole(mp),
        box_crossed: None,
    }
}

fn fleet(power: Power, mp: u8) -> Force {
    Force {
        power,
        mode: Mode::Fleet {
            fleets: 1,
            cargo: 0,
        },
        ma: HalfMp::whole(mp),
        box_crossed: None,
    }
}

fn rule_of<T: std::fmt::Debug>(r: Result<T, crate::engine::error::RuleError>) -> String {
    r.expect_err("the step should be refused").rule.into_owned()
}

fn calm() -> Surroundings {
    Surroundings::default()
}

#[test]
fn g1066_14_6_road_step_costs_half_a_point() {
    let s = calm();
    let f = land(Power::AngloSaxons, 3);
    let step = check_step(&f, at("F14"), at("F13"), f.ma, &s).unwrap();
    assert_eq!(step.cost, HalfMp(1));
    assert_eq!(step.mp_left, HalfMp(5));
    // Off the road the same clear-cost square is a whole point: F13 to G13 has no road.
    let off = check_step(&f, at("F13"), at("G13"), f.ma, &s).unwrap();
    assert_eq!(off.cost, HalfMp(2));
}

#[test]
fn g1066_14_6_knight_rides_london_to_york_on_ermine_street() {
    // Six road links F14-F13-F12-F11-F10-E10-E9 at half a point each: 3 MP, a knight's
    // whole winter allowance (T7).
    let f = Force::of_units(Power::Normans, &[UnitType::Knight], &[], false).unwrap();
    assert_eq!(f.ma, HalfMp(6));
    let r = reachable(&f, at("F14"), f.ma, &calm());
    let york = &r[&at("E9")];
    assert_eq!(york.cost, HalfMp(6));
    let path: Vec<String> = york.path.iter().map(|p| p.to_string()).collect();
    assert_eq!(path, ["F14", "F13", "F12", "F11", "F10", "E10", "E9"]);
    // F10 is swamp, entered along the road: no halt (14.6).
    assert_eq!(r[&at("F10")].stop, None);
    assert!(
        !r.contains_key(&at("E8")),
        "Durham is one road step too far"
    );
}

#[test]
fn g1066_14_7_forest_entered_off_road_halts() {
    let s = calm();
    let f = land(Power::AngloSaxons, 2);
    let step = check_step(&f, at("F14"), at("F15"), f.ma, &s).unwrap();
    assert_eq!(step.stop, Some(Stop::Terrain));
    assert_eq!(step.cost, HalfMp(2));
    let r = reachable(&f, at("F14"), f.ma, &s);
    assert_eq!(r[&at("F15")].stop, Some(Stop::Terrain));
    // G15 lies beyond the Weald but is reached round it via G14, never through F15.
    assert_ne!(r[&at("G15")].path[1], at("F15"));
}

#[test]
fn g1066_14_6_road_cancels_the_forest_halt() {
    // Ettrick Forest D7 on Dere Street: entered from E7 along the road, no halt.
    let f = land(Power::Britons, 2);
    let on_road = check_step(&f, at("E7"), at("D7"), f.ma, &calm()).unwrap();
    assert_eq!((on_road.cost, on_road.stop), (HalfMp(1), None));
    // From C7 (no road link) it halts.
    let off_road = check_step(&f, at("C7"), at("D7"), f.ma, &calm()).unwrap();
    assert_eq!(
        (off_road.cost, off_road.stop),
        (HalfMp(2), Some(Stop::Terrain))
    );
}

#[test]
fn g1066_14_12_land_force_cannot_cross_the_firth_of_forth() {
    let f = land(Power::Britons, 3);
    assert_eq!(
        rule_of(check_step(&f, at("C6"), at("C5"), f.ma, &calm())),
        "14.12"
    );
    // The way round, by B6 and B5, is open.
    assert!(check_step(&f, at("C6"), at("B6"), f.ma, &calm()).is_ok());
}

#[test]
fn g1066_14_14_land_force_cannot_enter_the_sea() {
    let f = land(Power::Britons, 3);
    assert_eq!(
        rule_of(check_step(&f, at("D6"), at("E6"), f.ma, &calm())),
        "14.14"
    );
}

#[test]
fn g1066_14_2_steps_are_orthogonal_only() {
    let f = land(Power::AngloSaxons, 3);
    assert_eq!(
        rule_of(check_step(&f, at("F14"), at("E13"), f.ma, &calm())),
        "14.2"
    );
}

#[test]
fn g1066_14_1_a_step_needs_the_points() {
    let f = land(Power::AngloSaxons, 3);
    assert_eq!(
        rule_of(check_step(&f, at("F13"), at("G13"), HalfMp(1), &calm())),
        "14.1"
    );
}

#[test]
fn g1066_17_2_fleet_cannot_enter_an_all_land_square() {
    let f = fleet(Power::AngloSaxons, 8);
    // Leicester E12 touches neither sea nor river.
    assert_eq!(
        rule_of(check_step(&f, at("E13"), at("E12"), f.ma, &calm())),
        "17.2"
    );
    // Canterbury to Dover: two coastal squares, but the side between them is all-land.
    assert_eq!(
        rule_of(check_step(&f, at("H14"), at("H15"), f.ma, &calm())),
        "14.14"
    );
}

#[test]
fn g1066_17_2_fleet_sails_up_the_thames() {
    // From the North Sea at H13 to Essex, across the Thames estuary side to G14, then up
    // the river link by link to Oxford: 5 squares at 1 MP each (ruling M1).
    let f = fleet(Power::Vikings, 8);
    let r = reachable(&f, at("H13"), f.ma, &calm());
    let oxford = &r[&at("E13")];
    assert_eq!(oxford.cost, HalfMp::whole(5));
    let path: Vec<String> = oxford.path.iter().map(|p| p.to_string()).collect();
    assert_eq!(path, ["H13", "G13", "G14", "F14", "E14", "E13"]);
    // A land step off the river is closed: Oxford to Hereford.
    assert_eq!(
        rule_of(check_step(&f, at("E13"), at("D13"), f.ma, &calm())),
        "17.2"
    );
}

#[test]
fn g1066_21_1_only_vikings_enter_norway() {
    let s = calm();
    let norway = Place::Box(BoxId::Norway);
    let viking = fleet(Power::Vikings, 8);
    let step = check_step(&viking, at("J1"), norway, viking.ma, &s).unwrap();
    assert_eq!(
        (step.cost, step.stop),
        (HalfMp::whole(5), Some(Stop::OffMapBox))
    );
    let norman = fleet(Power::Normans, 8);
    assert_eq!(
        rule_of(check_step(&norman, at("J1"), norway, norman.ma, &s)),
        "21.1"
    );
    // Viking land units reach Norway only aboard fleets (21.3).
    let walkers = land(Power::Vikings, 3);
    assert_eq!(
        rule_of(check_step(&walkers, norway, at("J1"), walkers.ma, &s)),
        "21.3"
    );
    // Leaving costs 5 too, and only from the box to a bordering sea square.
    let out = check_step(&viking, norway, at("E1"), viking.ma, &s).unwrap();
    assert_eq!(out.cost, HalfMp::whole(5));
    assert_eq!(
        rule_of(check_step(&viking, norway, at("J11"), viking.ma, &s)),
        "14.2"
    );
}

#[test]
fn g1066_21_2_normandy_costs_one_in_and_terrain_out() {
    let s = calm();
    let normandy = Place::Box(BoxId::Normandy);
    let f = land(Power::Normans, 3);
    let into = check_step(&f, at("E19"), normandy, f.ma, &s).unwrap();
    assert_eq!(
        (into.cost, into.stop),
        (HalfMp::whole(1), Some(Stop::OffMapBox))
    );
    let out = check_step(&f, normandy, at("D19"), f.ma, &s).unwrap();
    assert_eq!((out.cost, out.stop), (HalfMp::whole(1), None));
    let saxons = land(Power::AngloSaxons, 3);
    assert_eq!(
        rule_of(check_step(&saxons, at("E19"), normandy, saxons.ma, &s)),
        "21.1"
    );
    // G3.27: no fleets in Normandy, even from the coastal border square D19.
    let ships = fleet(Power::Normans, 8);
    assert_eq!(
        rule_of(check_step(&ships, at("D19"), normandy, ships.ma, &s)),
        "G3.27"
    );
}

#[test]
fn g1066_21_4_no_going_back_into_a_box_left_this_turn() {
    let s = calm();
    let normandy = Place::Box(BoxId::Normandy);
    let f = land(Power::Normans, 3);
    let moved = f.after_step(normandy, at("E19"));
    assert_eq!(moved.box_crossed, Some(BoxId::Normandy));
    assert_eq!(
        rule_of(check_step(&moved, at("E19"), normandy, HalfMp(4), &s)),
        "21.4"
    );
    let r = reachable(&f, normandy, f.ma, &s);
    assert_eq!(r[&normandy].cost, HalfMp(0));
    assert_eq!(r[&normandy].path, vec![normandy]);
    assert_eq!(r[&at("E19")].cost, HalfMp::whole(1));
}

#[test]
fn g1066_14_9_entering_an_enemy_square_ends_the_move() {
    let s = Surroundings {
        enemy_land: squares(&["F13"]),
        ..calm()
    };
    let f = land(Power::AngloSaxons, 3);
    let step = check_step(&f, at("F14"), at("F13"), f.ma, &s).unwrap();
    assert_eq!(step.stop, Some(Stop::Enemy));
    assert!(step.if_ending.battle);
    assert!(!step.if_ending.violates_neutrality);
    let r = reachable(&f, at("F14"), f.ma, &s);
    // F12 is now reached the long way, not through the enemy on the road.
    assert!(!r[&at("F12")].path.contains(&at("F13")));
}

#[test]
fn g1066_12_3_land_force_stops_for_enemy_fleets_fleet_passes_enemy_land() {
    let s = Surroundings {
        enemy_fleets: squares(&["G13"]),
        enemy_land: squares(&["F14"]),
        ..calm()
    };
    let f = land(Power::Normans, 3);
    assert_eq!(
        check_step(&f, at("F13"), at("G13"), f.ma, &s).unwrap().stop,
        Some(Stop::Enemy)
    );
    let ships = fleet(Power::Normans, 8);
    let past = check_step(&ships, at("G14"), at("F14"), ships.ma, &s).unwrap();
    assert_eq!(past.stop, None);
    assert!(past.if_ending.battle);
    let blocked = check_step(&ships, at("H13"), at("G13"), ships.ma, &s).unwrap();
    assert_eq!(blocked.stop, Some(Stop::Enemy));
}

#[test]
fn g1066_17_4_fleet_passing_a_neutral_square_does_not_violate_neutrality() {
    let s = Surroundings {
        neutral: squares(&["F14"]),
        ..calm()
    };
    let ships = fleet(Power::Normans, 8);
    let step = check_step(&ships, at("G14"), at("F14"), ships.ma, &s).unwrap();
    assert_eq!(step.stop, None);
    assert!(!step.violates_neutrality_now);
    assert!(step.if_ending.violates_neutrality);
    let r = reachable(&ships, at("H13"), ships.ma, &s);
    assert!(r[&at("E14")].path.contains(&at("F14")));
    assert!(!r[&at("E14")].contact.violates_neutrality);
    assert!(r[&at("F14")].contact.violates_neutrality);
    // A land force entering the same square stops and has violated neutrality (14.9).
    let walkers = land(Power::Normans, 3);
    let step = check_step(&walkers, at("F13"), at("F14"), walkers.ma, &s).unwrap();
    assert_eq!(step.stop, Some(Stop::Neutral));
    assert!(step.violates_neutrality_now);
}

#[test]
fn g1066_12_4_coalition_units_never_share_a_square() {
    let s = Surroundings {
        coalition: squares(&["F13"]),
        ..calm()
    };
    let f = land(Power::Vikings, 3);
    assert_eq!(
        rule_of(check_step(&f, at("F14"), at("F13"), f.ma, &s)),
        "12.4"
    );
}

#[test]
fn g1066_12_1_no_stacking_limit_only_forage_excess() {
    // London: town forage 2 + feudal 3 = 5 in winter (erratum), 6 in summer (9.9).
    let winter = calm();
    assert_eq!(units_over_forage(at("F14"), 12, &winter), 7);
    let summer = Surroundings {
        summer: true,
        ..calm()
    };
    assert_eq!(units_over_forage(at("F14"), 12, &summer), 6);
    assert_eq!(units_over_forage(at("F14"), 3, &summer), 0);
    // Off-map boxes feed anyone (21.5).
    assert_eq!(
        units_over_forage(Place::Box(BoxId::Normandy), 40, &winter),
        0
    );
}

#[test]
fn g1066_12_5_one_castle_per_square() {
    let s = Surroundings {
        castles: squares(&["E9"]),
        ..calm()
    };
    assert_eq!(
        check_castle_placement(sq("E9"), &s).unwrap_err().rule,
        "12.5"
    );
    assert!(check_castle_placement(sq("F11"), &s).is_ok());
}

#[test]
fn g1066_9_7_g3_10_pillaged_town_with_castle_forages_one_winter_and_summer() {
    let pillaged = Surroundings {
        pillaged: squares(&["E9"]),
        castles: squares(&["E9"]),
        ..calm()
    };
    assert_eq!(forage_value(at("E9"), &pillaged), Some(1));
    let summer = Surroundings {
        summer: true,
        ..pillaged.clone()
    };
    assert_eq!(forage_value(at("E9"), &summer), Some(1));
    // Unpillaged York with its castle: 2 + 3 + 1 = 6, and 7 in summer (9.3, 9.9).
    let whole = Surroundings {
        castles: squares(&["E9"]),
        ..calm()
    };
    assert_eq!(forage_value(at("E9"), &whole), Some(6));
    let whole_summer = Surroundings {
        summer: true,
        ..whole
    };
    assert_eq!(forage_value(at("E9"), &whole_summer), Some(7));
}

#[test]
fn g1066_9_2_forage_by_terrain() {
    let summer = Surroundings {
        summer: true,
        ..calm()
    };
    // Clear 2, forest 1 (T3); summer +1 on land only.
    assert_eq!(forage_value(at("F13"), &calm()), Some(2));
    assert_eq!(forage_value(at("F15"), &calm()), Some(1));
    assert_eq!(forage_value(at("F15"), &summer), Some(2));
    // 17.18: all-sea forages 0, summer or not.
    assert_eq!(forage_value(at("H13"), &summer), Some(0));
    assert_eq!(forage_value(Place::Box(BoxId::Norway), &summer), None);
}

#[test]
fn g1066_17_18_fleets_count_against_forage_neutrals_and_boxes_do_not() {
    assert!(counts_against_forage(at("H13"), false));
    assert!(!counts_against_forage(at("H13"), true));
    assert!(!counts_against_forage(Place::Box(BoxId::Norway), false));
    // A fleet and its two passengers at sea: all three need gold (forage 0).
    assert_eq!(units_over_forage(at("H13"), 3, &calm()), 3);
    // The same three in Essex (clear, coastal) forage 2 and leave 1 over (9.5).
    assert_eq!(units_over_forage(at("G13"), 3, &calm()), 1);
}

#[test]
fn g1066_5_2_fleets_control_only_coastal_and_river_squares() {
    assert!(
        may_control(UnitType::Fleet, at("E13")),
        "Oxford is on the Thames"
    );
    assert!(may_control(UnitType::Fleet, at("G13")), "Essex is coastal");
    assert!(
        !may_control(UnitType::Fleet, at("E12")),
        "Leicester is inland"
    );
    assert!(may_control(UnitType::Fyrd, at("E12")));
    assert!(
        !may_control(UnitType::Fleet, at("H13")),
        "nobody controls the sea"
    );
    assert!(!may_control(UnitType::Knight, Place::Box(BoxId::Normandy)));
    assert_eq!(
        control::box_controller(Place::Box(BoxId::Normandy)),
        Some(Power::Normans)
    );
}

#[test]
fn g1066_14_5_force_moves_at_its_slowest_unit() {
    let mixed = [UnitType::Knight, UnitType::Fyrd];
    let winter = Force::of_units(Power::Normans, &mixed, &[], false).unwrap();
    assert_eq!(winter.ma, HalfMp::whole(2));
    let summer = Force::of_units(Power::Normans, &mixed, &[], true).unwrap();
    assert_eq!(summer.ma, HalfMp::whole(3));
    // Fleets keep their own allowance whatever they carry, and get no summer bonus.
    let ships = Force::of_units(
        Power::Normans,
        &[UnitType::Fleet],
        &[UnitType::Fyrd, UnitType::Knight],
        true,
    )
    .unwrap();
    assert_eq!(ships.ma, HalfMp::whole(8));
    assert_eq!(
        ships.mode,
        Mode::Fleet {
            fleets: 1,
            cargo: 2
        }
    );
    let mixed_fleet = Force::of_units(
        Power::Normans,
        &[UnitType::Fleet, UnitType::Knight],
        &[],
        false,
    );
    assert_eq!(rule_of(mixed_fleet), "17.5");
    assert_eq!(
        rule_of(Force::of_units(Power::Normans, &[], &[], false)),
        "14.1"
    );
}

#[test]
fn g1066_17_5_two_land_units_per_fleet() {
    let three = [UnitType::Fyrd, UnitType::Fyrd, UnitType::Thegn];
    assert_eq!(
        rule_of(check_embark(
            Power::AngloSaxons,
            at("F14"),
            1,
            &three,
            &calm()
        )),
        "17.5"
    );
    assert_eq!(
        check_embark(Power::AngloSaxons, at("F14"), 2, &three, &calm()),
        Ok(Embarkation::Port)
    );
    assert_eq!(
        rule_of(check_embark(
            Power::AngloSaxons,
            at("F14"),
            1,
            &[UnitType::Fleet],
            &calm()
        )),
        "17.5"
    );
}

#[test]
fn g1066_17_6_17_7_17_8_port_coast_and_contested_port() {
    let cargo = [UnitType::Housecarl];
    let p = Power::AngloSaxons;
    assert_eq!(
        check_embark(p, at("F14"), 1, &cargo, &calm()),
        Ok(Embarkation::Port)
    );
    // Essex G13 is coastal without a port: boarding takes the whole move.
    assert_eq!(
        check_embark(p, at("G13"), 1, &cargo, &calm()),
        Ok(Embarkation::WholeMove)
    );
    // A port shared with enemy units is nobody's (17.8).
    let contested = Surroundings {
        enemy_land: squares(&["F14"]),
        ..calm()
    };
    assert_eq!(
        check_embark(p, at("F14"), 1, &cargo, &contested),
        Ok(Embarkation::WholeMove)
    );
    // A pillaged port has lost its port (19.6).
    let pillaged = Surroundings {
        pillaged: squares(&["F14"]),
        ..calm()
    };
    assert_eq!(
        check_embark(p, at("F14"), 1, &cargo, &pillaged),
        Ok(Embarkation::WholeMove)
    );
    assert_eq!(
        rule_of(check_embark(p, at("E12"), 1, &cargo, &calm())),
        "17.5"
    );
    // Norway has a port (21.7); Normandy has none.
    assert_eq!(
        check_embark(
            Power::Vikings,
            Place::Box(BoxId::Norway),
            1,
            &[UnitType::Berserker],
            &calm()
        ),
        Ok(Embarkation::Port)
    );
    assert_eq!(
        rule_of(check_embark(
            Power::Normans,
            Place::Box(BoxId::Normandy),
            1,
            &[UnitType::Knight],
            &calm()
        )),
        "21.7"
    );
}

#[test]
fn g1066_17_10_debark_on_coast_port_or_river() {
    let c = calm();
    assert_eq!(
        check_debark(at("E13"), &c),
        Ok(Contact::default()),
        "Oxford, on the Thames"
    );
    assert!(check_debark(at("G13"), &c).is_ok(), "Essex, coastal");
    assert_eq!(check_debark(at("E12"), &c).unwrap_err().rule, "17.10");
    assert_eq!(check_debark(at("H13"), &c).unwrap_err().rule, "17.10");
    assert!(check_debark(Place::Box(BoxId::Norway), &c).is_ok());
    assert_eq!(
        check_debark(Place::Box(BoxId::Normandy), &c)
            .unwrap_err()
            .rule,
        "21.7"
    );
}

#[test]
fn g1066_17_12_landing_among_neutrals_violates_neutrality() {
    let s = Surroundings {
        neutral: squares(&["G13"]),
        enemy_land: squares(&["F14"]),
        ..calm()
    };
    let neutral = check_debark(at("G13"), &s).unwrap();
    assert_eq!((neutral.battle, neutral.violates_neutrality), (true, true));
    let enemy = check_debark(at("F14"), &s).unwrap();
    assert_eq!((enemy.battle, enemy.violates_neutrality), (true, false));
}

/// A busy position for the agreement checks: enemies, neutrals and a coalition square
/// scattered over the map, on land, on rivers and at sea.
fn busy() -> Surroundings {
    Surroundings {
        enemy_land: squares(&["F13", "E9", "C7", "G18"]),
        enemy_fleets: squares(&["H13", "E14", "B10"]),
        neutral: squares(&["F10", "D12", "C15", "I2"]),
        coalition: squares(&["E11", "D19"]),
        ..calm()
    }
}

/// `reachable` must agree with `check_step`: every path it reports replays step by step
/// with the reported cost and stop, and no legal step out of a place where the force may
/// go on leads anywhere cheaper than reported (so nothing is missing and every cost is
/// the least).
fn assert_reach_agrees(force: &Force, from: Place, s: &Surroundings) {
    let r = reachable(force, from, force.ma, s);
    assert_eq!(r[&from].cost, HalfMp(0));
    for (place, reach) in &r {
        let mut f = *force;
        let mut spent = HalfMp(0);
        let mut last = None;
        for w in reach.path.windows(2) {
            assert!(last.is_none(), "{from}->{place}: path goes on after a stop");
            let left = force.ma.checked_sub(spent).unwrap();
            let step = check_step(&f, w[0], w[1], left, s).unwrap_or_else(|e| {
                panic!("{from}->{place}: step {}->{} refused: {e}", w[0], w[1])
            });
            spent = spent.saturating_add(step.cost);
            last = step.stop;
            f = f.after_step(w[0], w[1]);
        }
        assert_eq!(spent, reach.cost, "{from}->{place}");
        assert_eq!(last, reach.stop, "{from}->{place}");
        if reach.stop.is_some() {
            continue;
        }
        let left = force.ma.checked_sub(reach.cost).unwrap();
        for next in place.neighbours() {
            if let Ok(step) = check_step(&f, *place, next, left, s) {
                let total = reach.cost.saturating_add(step.cost);
                let got = r.get(&next).map(|x| x.cost);
                assert!(
                    got.is_some_and(|c| c <= total),
                    "{from}: {next} reachable via {place} at {total:?}, reported {got:?}"
                );
            }
        }
    }
}

#[test]
fn g1066_14_reachable_agrees_with_check_step_everywhere() {
    let map = &data::data().map;
    for s in [calm(), busy()] {
        for start in data::grid().squares() {
            if map.is_land(start) {
                assert_reach_agrees(&land(Power::Normans, 3), Place::Square(start), &s);
            }
            if geometry::fleet_may_be_in(start) {
                assert_reach_agrees(&fleet(Power::Vikings, 8), Place::Square(start), &s);
            }
        }
        assert_reach_agrees(&land(Power::Normans, 4), Place::Box(BoxId::Normandy), &s);
        assert_reach_agrees(&fleet(Power::Vikings, 8), Place::Box(BoxId::Norway), &s);
    }
}

#[test]
fn g1066_14_12_towns_reachable_by_land_from_london() {
    let d = data::data();
    let from_london = land_connected(sq("F14"));
    let cut_off: Vec<&str> = d
        .map
        .towns
        .iter()
        .filter(|t| !from_london.contains(&t.square))
        .map(|t| t.name.as_str())
        .collect();
    // Only the Channel cuts towns off: the eight French towns. No all-sea side isolates
    // a British town (each has a way round).
    assert_eq!(
        cut_off,
        [
            "Boulogne",
            "Cherbourg",
            "St. Valery",
            "Treguier",
            "Bayeux",
            "Dives-sur-Mer",
            "Rouen",
            "Avranches"
        ]
    );
    assert_eq!(d.map.towns.len() - cut_off.len(), 32);
}

#[test]
fn g1066_17_2_every_port_is_reachable_by_fleet_from_norway() {
    let d = data::data();
    let ships = fleet(Power::Vikings, 8);
    let r = reachable(&ships, Place::Box(BoxId::Norway), HalfMp(u16::MAX), &calm());
    let missed: Vec<String> = d
        .map
        .ports
        .iter()
        .filter(|&&p| !r.contains_key(&Place::Square(p)))
        .map(|&p| data::label(p))
        .collect();
    assert!(missed.is_empty(), "ports no fleet reaches: {missed:?}");
    // Llandaff is coastal only across the Bristol Channel side from Exeter.
    let llandaff = &r[&at("C14")];
    assert_eq!(llandaff.path[llandaff.path.len() - 2], at("C15"));
}

#[test]
fn g1066_13_1_no_zones_of_control() {
    // Enemies beside the road do not slow or stop a force passing them.
    let s = Surroundings {
        enemy_land: squares(&["F13", "G13", "H14"]),
        ..calm()
    };
    let f = land(Power::Normans, 3);
    let step = check_step(&f, at("F14"), at("G14"), f.ma, &s).unwrap();
    assert_eq!((step.cost, step.stop), (HalfMp(1), None));
    assert!(!step.if_ending.battle);
}

#[test]
fn g1066_14_13_places_off_the_map_are_refused_without_panic() {
    let f = land(Power::Normans, 3);
    let off = Place::Square(Square::new(11, 3));
    assert_eq!(
        rule_of(check_step(&f, at("J3"), off, f.ma, &calm())),
        "14.13"
    );
    assert_eq!(
        rule_of(check_step(&f, off, at("J3"), f.ma, &calm())),
        "14.13"
    );
    assert!(reachable(&f, off, f.ma, &calm()).len() <= 1);
    // A land force cannot start a step at sea, nor a fleet inland.
    assert_eq!(
        rule_of(check_step(&f, at("H13"), at("G13"), f.ma, &calm())),
        "14.14"
    );
    let ships = fleet(Power::Normans, 8);
    assert_eq!(
        rule_of(check_step(&ships, at("E12"), at("E13"), ships.ma, &calm())),
        "17.2"
    );
}

#[test]
fn g1066_17_2_fleets_pass_the_strait_of_dover_through_its_coastal_squares() {
    // The North Sea and the Channel share no sea square: a fleet crosses between them
    // through Dover H15 (or Boulogne I16), touching sea on both sides.
    let ships = fleet(Power::Normans, 8);
    let r = reachable(&ships, at("I15"), ships.ma, &calm());
    let channel = &r[&at("H16")];
    assert_eq!(channel.cost, HalfMp::whole(2));
    assert!(channel.path[1] == at("H15") || channel.path[1] == at("I16"));
}
