//! Rule tests for the Movement Phase (3.0-3.3; brief items 38-45, G23, G36): armies,
//! Movement cards, moving once, stopping on enemies, marshes, Leaders as armies.
//!
//! Movement cards used: Housecarl and Thegn 02 move 3 armies up to 2 shires, Norsemen
//! and Berserker 02 move 2 armies up to 4 shires (the rulebook anchors).

use super::super::actions::V878Action;
use super::super::state::{LeaderPlace, MoveBudget, Phase};
use super::support::*;

#[test]
fn v878_3_0_army_needs_an_active_faction_unit() {
    // The example: the Thegn forms an army of 4 Housecarl and 1 Thegn in Shire B and
    // moves it to Shire C.
    let mut s = moving(2, TH, 2);
    assert_eq!(s.phase, Phase::Movement);
    put(&mut s, "liccidfeld", HC, 4);
    put(&mut s, "liccidfeld", TH, 1);
    put(&mut s, "hwicce", HC, 2);
    assert_eq!(
        refuse(&mut s, TH, &march(&["hwicce", "oxnaford"], [2, 0, 0, 0])).rule,
        "3.0"
    );
    assert_eq!(
        refuse(&mut s, TH, &march(&["liccidfeld", "hwicce"], [4, 0, 0, 0])).rule,
        "3.0"
    );
    act(&mut s, TH, &march(&["liccidfeld", "hwicce"], [4, 1, 0, 0]));
    assert_eq!((at(&s, "hwicce", H), at(&s, "hwicce", T)), (6, 1));
    assert_eq!((at(&s, "liccidfeld", H), at(&s, "liccidfeld", T)), (0, 0));
    // Only the side's own units.
    let mut s = moving(2, NO, 2);
    put(&mut s, "elmet", NO, 1);
    put(&mut s, "elmet", BE, 1);
    act(&mut s, NO, &march(&["elmet", "pecsaetan"], [0, 0, 1, 1]));
    assert_eq!((at(&s, "pecsaetan", N), at(&s, "pecsaetan", B)), (1, 1));
}

#[test]
fn v878_3_1_movement_card_limits_armies_and_shires_housecarl_example() {
    // The Housecarl example on card 3x2: an army from B to C leaving 3 units behind; a
    // second from A through B to C; a third from D through E to F that cannot pick up
    // the Thegn in E; the army in G cannot move any more.
    let mut s = moving(2, HC, 2);
    assert_eq!(
        s.budget,
        Some(MoveBudget {
            card: 2,
            armies_left: 3,
            shires: 2
        })
    );
    put(&mut s, "bearruc", HC, 4); // B
    put(&mut s, "wiltunscir", HC, 1); // A
    put(&mut s, "dornsaete", HC, 1); // D
    put(&mut s, "uintancaestir", TH, 1); // E
    put(&mut s, "sudrige", HC, 1); // G
    act(&mut s, HC, &march(&["bearruc", "oxnaford"], [1, 0, 0, 0]));
    act(
        &mut s,
        HC,
        &march(&["wiltunscir", "bearruc", "oxnaford"], [1, 0, 0, 0]),
    );
    let too_far = march(
        &["dornsaete", "uintancaestir", "seolesiae", "cantuarabyrg"],
        [1, 0, 0, 0],
    );
    assert_eq!(refuse(&mut s, HC, &too_far).rule, "3.1");
    act(
        &mut s,
        HC,
        &march(&["dornsaete", "uintancaestir", "seolesiae"], [1, 0, 0, 0]),
    );
    assert_eq!(s.budget.unwrap().armies_left, 0);
    assert_eq!(
        refuse(&mut s, HC, &march(&["sudrige", "lundenwic"], [1, 0, 0, 0])).rule,
        "3.1"
    );
    assert_eq!(at(&s, "bearruc", H), 3);
    assert_eq!(at(&s, "oxnaford", H), 2);
    assert_eq!(at(&s, "wiltunscir", H), 0);
    assert_eq!(
        (at(&s, "uintancaestir", T), at(&s, "uintancaestir", H)),
        (1, 0)
    );
    assert_eq!((at(&s, "seolesiae", H), at(&s, "seolesiae", T)), (1, 0));
    assert_eq!(at(&s, "sudrige", H), 1);
    assert!(legal(&s, HC)
        .iter()
        .all(|a| !matches!(a, V878Action::March { .. })));
    act(&mut s, HC, &END);
    assert_eq!(s.phase, Phase::Battles);
}

#[test]
fn v878_3_1_a_unit_moves_once_per_turn() {
    let mut s = moving(2, NO, 2);
    put(&mut s, "elmet", NO, 2);
    put(&mut s, "snotingaham", NO, 1);
    act(&mut s, NO, &march(&["elmet", "snotingaham"], [0, 0, 2, 0]));
    // The two that moved may not move again in another army.
    assert_eq!(
        refuse(
            &mut s,
            NO,
            &march(&["snotingaham", "lincylene"], [0, 0, 2, 0])
        )
        .rule,
        "3.1"
    );
    // The one that was there may.
    act(
        &mut s,
        NO,
        &march(&["snotingaham", "lincylene"], [0, 0, 1, 0]),
    );
    assert_eq!((at(&s, "snotingaham", N), at(&s, "lincylene", N)), (2, 1));
}

#[test]
fn v878_3_1_army_stops_on_entering_enemy_shire() {
    let mut s = moving(2, NO, 2);
    put(&mut s, "eastseaxe", NO, 3);
    put(&mut s, "lundenwic", TH, 1);
    put(&mut s, "sudfolc", BE, 1);
    assert_eq!(
        refuse(
            &mut s,
            NO,
            &march(&["eastseaxe", "lundenwic", "sudrige"], [0, 0, 3, 0])
        )
        .rule,
        "3.1"
    );
    // No offered path goes on through London.
    let london = sh("lundenwic");
    for a in legal(&s, NO) {
        if let V878Action::March { path, .. } = a {
            assert!(!path[..path.len() - 1].contains(&london), "{path:?}");
        }
    }
    // Through a shire of its own side it goes on.
    act(
        &mut s,
        NO,
        &march(&["eastseaxe", "sudfolc", "aelmham"], [0, 0, 1, 0]),
    );
    act(
        &mut s,
        NO,
        &march(&["eastseaxe", "lundenwic"], [0, 0, 2, 0]),
    );
    assert_eq!((at(&s, "lundenwic", N), at(&s, "lundenwic", T)), (2, 1));
    assert_eq!(at(&s, "aelmham", N), 1);
}

#[test]
fn v878_3_1_moving_is_optional() {
    let mut s = moving(2, BE, 2);
    put(&mut s, "elmet", BE, 2);
    // One shire of four, one army of two.
    act(&mut s, BE, &march(&["elmet", "pecsaetan"], [0, 0, 0, 2]));
    act(&mut s, BE, &END);
    assert_eq!(s.phase, Phase::Battles);
    let mut s = moving(2, HC, 3);
    act(&mut s, HC, &END);
    assert_eq!(s.phase, Phase::Battles);
}

#[test]
fn v878_3_2_no_marsh() {
    let mut s = moving(2, NO, 2);
    put(&mut s, "lincylene", NO, 2);
    assert_eq!(
        refuse(&mut s, NO, &march(&["lincylene", "fens"], [0, 0, 1, 0])).rule,
        "3.2"
    );
    assert_eq!(
        refuse(
            &mut s,
            NO,
            &march(&["lincylene", "fens", "aelmham"], [0, 0, 1, 0])
        )
        .rule,
        "3.2"
    );
    let fens = sh("fens");
    for a in legal(&s, NO) {
        if let V878Action::March { path, .. } = a {
            assert!(!path.contains(&fens), "{path:?}");
        }
    }
    // The English neither; but units standing in a marsh may leave it (G36).
    let mut s = moving(2, TH, 2);
    put(&mut s, "theodford", TH, 1);
    put(&mut s, "fens", TH, 1);
    assert_eq!(
        refuse(&mut s, TH, &march(&["theodford", "fens"], [0, 1, 0, 0])).rule,
        "3.2"
    );
    act(&mut s, TH, &march(&["fens", "aelmham"], [0, 1, 0, 0]));
    assert_eq!(at(&s, "aelmham", T), 1);
    // Nor may a Leader land in one (G36).
    let mut s = bare(2, NO, Phase::Reinforcements);
    let halfdan = leader(&mut s, 1, LeaderPlace::OffMap, [0, 0, 3, 0]);
    play(&mut s, NO, 2);
    assert_eq!(refuse(&mut s, NO, &step(halfdan, "fens")).rule, "3.2");
    assert!(!is_legal(&s, NO, &step(halfdan, "fens")));
}

#[test]
fn v878_3_3_leader_is_one_of_the_card_armies_and_moves_first() {
    let mut s = bare(2, NO, Phase::Reinforcements);
    let halfdan = leader(&mut s, 1, LeaderPlace::OffMap, [0, 0, 5, 0]);
    put(&mut s, "elmet", NO, 1);
    put(&mut s, "pecsaetan", NO, 1);
    play(&mut s, NO, 2);
    assert_eq!(s.phase, Phase::Leaders);
    // Armies without a Leader wait for the Movement Phase.
    assert_eq!(
        refuse(&mut s, NO, &march(&["elmet", "snotingaham"], [0, 0, 1, 0])).rule,
        "3.0"
    );
    act(&mut s, NO, &step(halfdan, "bernicia"));
    assert_eq!(s.budget.unwrap().armies_left, 1);
    assert_eq!(s.leaders[halfdan as usize].moves_left, 3);
    act(&mut s, NO, &V878Action::Halt { leader: halfdan });
    act(&mut s, NO, &END);
    assert_eq!(s.phase, Phase::Movement);
    // Leaders move in the Leader Phase only (5.0).
    assert_eq!(refuse(&mut s, NO, &step(halfdan, "dunholm")).rule, "5.0");
    act(&mut s, NO, &march(&["elmet", "snotingaham"], [0, 0, 1, 0]));
    assert_eq!(
        refuse(
            &mut s,
            NO,
            &march(&["pecsaetan", "snotingaham"], [0, 0, 1, 0])
        )
        .rule,
        "3.1"
    );
}

#[test]
fn v878_g23_army_passing_through_a_city_places_no_marker() {
    let mut s = moving(2, NO, 2);
    put(&mut s, "north_riding", NO, 1);
    act(
        &mut s,
        NO,
        &march(&["north_riding", "euruic", "elmet"], [0, 0, 1, 0]),
    );
    assert_eq!(s.markers_on_map(), 0);
    assert!(!s.marked[sh("euruic").0 as usize]);
}
