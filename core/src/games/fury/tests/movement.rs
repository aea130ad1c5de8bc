//! Rule tests for setup (3.0), movement (5.0, with 12.1's Ship capacity), stacking (6.0)
//! and leaving a Fire (10.3, H-FIRE). Expected values are worked out by hand from the
//! rulebook, the brief and the map FN-H1 (GAP-01): odd columns' neighbours are
//! N (c,r-1), NE (c+1,r-1), SE (c+1,r), S (c,r+1), SW (c-1,r), NW (c-1,r-1); even
//! columns' are N (c,r-1), NE (c+1,r), SE (c+1,r+1), S (c,r+1), SW (c-1,r+1), NW (c-1,r).

use super::super::state::{FuryState, Phase, Place};
use super::super::units::{Kind, Side};
use super::super::{Fury, FuryOptions};
use super::support::*;
use crate::engine::Game;

const VIK: Side = Side::Viking;
const VIL: Side = Side::Villager;

fn place_of(s: &FuryState, code: &str) -> Place {
    s.unit(id(s, code)).place
}

fn on(label: &str) -> Place {
    Place::OnMap(hex(label))
}

fn held_by(s: &FuryState, escort: &str) -> Place {
    Place::Held(id(s, escort))
}

/// A bare Basic board at `phase` of turn 2, its Ship out of the way at 0107.
fn board(phase: Phase) -> FuryState {
    bare("basic", &["0107"], 2, phase)
}

/// A fresh Basic game in the Villager's setup, nothing placed by hand yet.
fn fresh(scenario: &str) -> FuryState {
    Fury::setup(&FuryOptions::for_scenario(scenario).unwrap(), 1)
}

fn count(s: &FuryState, kind: Kind) -> usize {
    s.units.iter().filter(|u| u.kind == kind).count()
}

fn hexes_of(s: &FuryState, kind: Kind) -> Vec<String> {
    let mut v: Vec<String> = s
        .units
        .iter()
        .filter(|u| u.kind == kind)
        .map(|u| match u.place {
            Place::OnMap(h) => format!("{:02}{:02}", h.col, h.row),
            other => format!("{other:?}"),
        })
        .collect();
    v.sort();
    v
}

/// Ends the Viking Fire-setting Phase, which starts the Villager Movement Phase and its
/// random Animal movement; returns the Animals' events (rule 5.5).
fn wander(s: &mut FuryState) -> Vec<FuryEvent> {
    assert_eq!(s.phase, Phase::VikingFire);
    let ev = act(s, VIK, "end");
    assert_eq!(s.phase, Phase::VillagerMovement);
    ev.into_iter()
        .filter(|e| e.rule == "5.5")
        .map(|e| e.kind)
        .collect()
}

/// An Animal's random move, as the event says it.
fn wanders(animal: &str, roll: u32, went: Wander) -> FuryEvent {
    FuryEvent::AnimalWanders {
        animal: u(animal),
        roll,
        went,
    }
}

/// Ends phases until the next Viking Movement Phase.
fn next_viking_movement(s: &mut FuryState) {
    loop {
        let side = if matches!(
            s.phase,
            Phase::VikingMovement | Phase::VikingCombat | Phase::VikingFire
        ) {
            VIK
        } else {
            VIL
        };
        act(s, side, "end");
        if s.phase == Phase::VikingMovement {
            return;
        }
    }
}

// ---------------------------------------------------------------- 3.0 Preparation

#[test]
fn fury_3_1_the_game_is_chosen_from_basic_advanced_and_three_scenarios() {
    let ids: Vec<&str> = Fury::scenarios().iter().map(|s| s.id).collect();
    assert_eq!(
        ids,
        [
            "basic",
            "advanced",
            "punitive-raid",
            "blood-money",
            "hagars-folly"
        ]
    );
    assert!(FuryOptions::for_scenario("chess").is_err());
}

#[test]
fn fury_3_2_basic_rosters() {
    let s = fresh("basic");
    assert_eq!(s.ships.len(), 1);
    let expect = [
        (Kind::Chief, 2),
        (Kind::Archer, 5),
        (Kind::Berserker, 2),
        (Kind::Infantry, 16),
        (Kind::Knight, 1),
        (Kind::Lord, 1),
        (Kind::Bishop, 1),
        (Kind::Abbot, 1),
        (Kind::Priest, 2),
        (Kind::Monk, 3),
        (Kind::Cavalry, 3),
        (Kind::Regular, 8),
        (Kind::Militia, 26),
        (Kind::Woman, 10),
        (Kind::Animal, 15),
        (Kind::Treasure, 8),
        (Kind::ChurchTreasure, 1),
    ];
    for (kind, n) in expect {
        assert_eq!(count(&s, kind), n, "{kind:?}");
    }
    assert_eq!(s.units.len(), 105);
    // Every Viking starts aboard (3.3B).
    assert!(s
        .units
        .iter()
        .filter(|u| u.side() == VIK)
        .all(|u| u.place == Place::Aboard));
}

#[test]
fn fury_3_3_a_the_villager_sets_up_first_obeying_stacking() {
    let mut s = fresh("basic");
    assert_eq!(s.phase, Phase::VillagerSetup);
    assert_eq!(s.turn, 0);
    let e = refuse(&mut s, VIK, "ship 0802");
    assert_eq!(e.rule, "4.0");
    act(&mut s, VIL, "place MI01 0913");
    act(&mut s, VIL, "place MI02 0913");
    let e = refuse(&mut s, VIL, "place MI03 0913");
    assert_eq!(e.rule, "6.2");
    assert!(!is_legal(&s, VIL, "place MI03 0913"));
    // The Viking's turn comes only once everything is placed.
    let e = refuse(&mut s, VIL, "end");
    assert_eq!(e.rule, "3.3");
    act(&mut s, VIL, "setup default");
    act(&mut s, VIL, "end");
    assert_eq!(s.phase, Phase::VikingSetup);
}

#[test]
fn fury_3_3_b_animals_in_each_starred_farmland_hex_and_two_in_the_stables() {
    let s = fresh("basic");
    assert_eq!(
        hexes_of(&s, Kind::Animal),
        [
            "0905", "0918", "1006", "1019", "1107", "1119", "1208", "1219", "1309", "1409", "1510",
            "1518", "1518", "1619", "1720"
        ]
    );
    for code in ["AN01", "AN02"] {
        assert_eq!(place_of(&s, code), on("1518"));
        assert!(s.unit(id(&s, code)).from_stables);
    }
    assert!(!s.unit(id(&s, "AN03")).from_stables);
}

#[test]
fn fury_3_3_c_women_in_each_starred_building_hex() {
    let s = fresh("basic");
    assert_eq!(
        hexes_of(&s, Kind::Woman),
        ["0711", "0713", "0715", "0816", "0913", "0915", "1013", "1014", "1111", "1215"]
    );
}

#[test]
fn fury_3_3_d_treasure_in_church_keep_manor_monastery_and_granary() {
    let mut s = fresh("basic");
    assert_eq!(place_of(&s, "CT01"), on("0814"));
    // Three Keep hexes, two in the Manor, one in the Granary; the two Monastery
    // Treasures are the Villager's to place.
    assert_eq!(
        hexes_of(&s, Kind::Treasure),
        ["0211", "0212", "0312", "0407", "0407", "1320", "Unplaced", "Unplaced"]
    );
    let e = refuse(&mut s, VIL, "place TR07 0913");
    assert_eq!(e.rule, "3.3");
    act(&mut s, VIL, "place TR07 1816");
    act(&mut s, VIL, "place TR08 1816");
    assert!(s
        .units
        .iter()
        .filter(|u| u.kind.is_treasure())
        .all(|u| u.preset));
}

#[test]
fn fury_3_3_e_priests_in_the_church_monks_in_the_monastery() {
    let mut s = fresh("basic");
    assert_eq!(place_of(&s, "PR01"), on("0814"));
    assert_eq!(place_of(&s, "PR02"), on("0814"));
    let e = refuse(&mut s, VIL, "place PR01 0913");
    assert_eq!(e.rule, "3.3");
    let e = refuse(&mut s, VIL, "place MO01 0913");
    assert_eq!(e.rule, "3.3");
    act(&mut s, VIL, "place MO01 1716");
    act(&mut s, VIL, "place MO02 1717");
    act(&mut s, VIL, "place MO03 1816");
    assert_eq!(place_of(&s, "MO03"), on("1816"));
}

#[test]
fn fury_3_3_f_regular_infantry_in_keep_or_manor_with_hill_and_enclosure() {
    let mut s = fresh("basic");
    act(&mut s, VIL, "place RI01 0211"); // Keep
    act(&mut s, VIL, "place RI02 0407"); // Manor
    act(&mut s, VIL, "place RI03 0411"); // Keep hill
    act(&mut s, VIL, "place RI04 0507"); // Manor enclosure
    for code in ["RI01", "RI02", "RI03", "RI04"] {
        assert!(matches!(place_of(&s, code), Place::OnMap(_)));
    }
    let e = refuse(&mut s, VIL, "place RI05 0609"); // a house
    assert_eq!(e.rule, "3.3");
    let e = refuse(&mut s, VIL, "place RI05 0506"); // clear, next to the enclosure
    assert_eq!(e.rule, "3.3");
}

#[test]
fn fury_3_3_g_cavalry_within_one_hex_of_a_building() {
    let mut s = fresh("basic");
    act(&mut s, VIL, "place CA01 0813"); // next to the Church
    assert_eq!(place_of(&s, "CA01"), on("0813"));
    // The Building itself is within one hex, but Cavalry may not enter Buildings.
    let e = refuse(&mut s, VIL, "place CA02 0814");
    assert_eq!(e.rule, "5.4.2");
    // 0805: its neighbours 0804 0905 0906 0806 0706 0705 hold no Building.
    let e = refuse(&mut s, VIL, "place CA02 0805");
    assert_eq!(e.rule, "3.3");
}

#[test]
fn fury_3_3_h_leaders_start_in_their_buildings() {
    let mut s = fresh("basic");
    assert_eq!(place_of(&s, "LO01"), on("0407"));
    assert_eq!(place_of(&s, "BI01"), on("0814"));
    let e = refuse(&mut s, VIL, "place KN01 0411"); // Keep hill, not the Keep
    assert_eq!(e.rule, "3.3");
    act(&mut s, VIL, "place KN01 0312");
    let e = refuse(&mut s, VIL, "place AB01 1915");
    assert_eq!(e.rule, "3.3");
    act(&mut s, VIL, "place AB01 1816");
    assert_eq!(place_of(&s, "KN01"), on("0312"));
    assert_eq!(place_of(&s, "AB01"), on("1816"));
    let e = refuse(&mut s, VIL, "place LO01 0211");
    assert_eq!(e.rule, "3.3");
}

#[test]
fn fury_3_3_i_ships_go_on_the_northwest_coastline() {
    let mut s = fresh("basic");
    act(&mut s, VIL, "setup default");
    act(&mut s, VIL, "end");
    assert_eq!(s.phase, Phase::VikingSetup);
    let mut offered: Vec<String> = rules_texts(&s, VIK);
    offered.sort();
    let coast = [
        "0107", "0206", "0305", "0306", "0404", "0503", "0504", "0603", "0702", "0703", "0802",
        "0901", "0902",
    ];
    let mut want: Vec<String> = coast.iter().map(|h| format!("ship {h}")).collect();
    want.sort();
    assert_eq!(offered, want);
    let e = refuse(&mut s, VIK, "ship 0805");
    assert_eq!(e.rule, "3.3");
    let e = refuse(&mut s, VIK, "ship 0801"); // all-Sea
    assert_eq!(e.rule, "3.3");
    let e = refuse(&mut s, VIK, "end");
    assert_eq!(e.rule, "3.3");
    act(&mut s, VIK, "ship 0107");
    act(&mut s, VIK, "end");
    assert_eq!((s.turn, s.phase), (1, Phase::VikingMovement));
}

/// The Viking's legal actions other than `end`, in notation.
fn rules_texts(s: &FuryState, side: Side) -> Vec<String> {
    super::super::rules::legal_actions(s, side)
        .iter()
        .map(|a| super::super::notation::format_action(s, a))
        .filter(|t| t != "end")
        .collect()
}

#[test]
fn fury_3_3_j_h_mil_militia_start_in_or_next_to_buildings_farmland_hill_or_enclosure() {
    let mut s = fresh("basic");
    act(&mut s, VIL, "place MI01 0609"); // a house
    act(&mut s, VIL, "place MI02 0906"); // farmland
    act(&mut s, VIL, "place MI03 0411"); // Keep hill
    act(&mut s, VIL, "place MI04 0507"); // Manor enclosure
    act(&mut s, VIL, "place MI05 0808"); // next to the house 0909
    assert_eq!(place_of(&s, "MI05"), on("0808"));
    let e = refuse(&mut s, VIL, "place MI06 0805");
    assert_eq!(e.rule, "H-MIL");
}

#[test]
fn fury_gap_07_h_stk_1_the_church_setup_is_legal_with_its_preset_treasure() {
    let s = ready("basic", &["0802"]);
    // The Church holds the Church Treasure and both Priests: three non-combatants,
    // legal only because preset Treasure does not count (H-STK-1).
    let church: Vec<String> = s
        .units_at(hex("0814"))
        .filter(|&u| s.unit(u).kind.is_villager_noncombatant())
        .map(|u| s.unit(u).code())
        .collect();
    assert_eq!(church, ["PR01", "PR02", "CT01"]);
    assert!(s.unit(id(&s, "CT01")).preset);
    // Every hex of the default layout obeys stacking.
    for h in super::super::data::data().grid.hexes() {
        assert!(s.stacking_ok(h, VIL, &[]), "{h:?}");
    }
    assert!(s
        .units
        .iter()
        .filter(|u| u.side() == VIL)
        .all(|u| matches!(u.place, Place::OnMap(_))));
}

// ---------------------------------------------------------------- 5.1-5.3 General

#[test]
fn fury_5_1_a_unit_moves_up_to_its_allowance_through_contiguous_hexes() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    // Infantry MA 4: four Clear hexes, not five.
    let e = refuse(&mut s, VIK, "move VI01 1201-1202-1203-1204-1205-1206");
    assert_eq!(e.rule, "5.1");
    // No skipping: 1201 to 1203 is two hexes apart, which a path cannot even hold,
    // so the text is refused as it is read, naming the two hexes.
    let e = super::super::notation::parse_action(&s, "move VI01 1201-1203-1204")
        .expect_err("a path that jumps");
    assert!(e.0.contains("1201 to 1203 skips hexes"), "{e}");
    assert!(e.0.contains("rule 5.1"), "{e}");
    // Nor standing still on the way: a path holds that, and the rules refuse it.
    let e = refuse(&mut s, VIK, "move VI01 1201-1201-1202");
    assert_eq!(e.rule, "5.1");
    assert!(e.message.contains("1201 to 1201 skips hexes"), "{e:?}");
    let ev = act(&mut s, VIK, "move VI01 1201-1202-1203-1204-1205");
    assert_eq!(
        happened(&ev),
        [(
            "5.1",
            FuryEvent::Moved {
                units: vec![u("VI01")],
                path: hexes("1201-1202-1203-1204-1205"),
                landing: false
            }
        )]
    );
    assert_eq!(place_of(&s, "VI01"), on("1205"));
}

#[test]
fn fury_5_1_units_move_only_in_their_owners_movement_phase() {
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "VI01", "1201");
    put(&mut s, "MI01", "1205");
    let e = refuse(&mut s, VIK, "move VI01 1201-1202");
    assert_eq!(e.rule, "4.0");
    act(&mut s, VIL, "move MI01 1205-1206");
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    put(&mut s, "MI01", "1205");
    let e = refuse(&mut s, VIL, "move MI01 1205-1206");
    assert_eq!(e.rule, "4.0");
    assert!(!is_legal(&s, VIL, "move MI01 1205-1206"));
    // Moving none of his units is allowed too.
    act(&mut s, VIK, "end");
    assert_eq!(place_of(&s, "VI01"), on("1201"));
}

#[test]
fn fury_5_1_unused_movement_is_neither_kept_nor_passed_on() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    put(&mut s, "VI02", "1301");
    act(&mut s, VIK, "move VI01 1201-1202");
    let e = refuse(&mut s, VIK, "move VI01 1202-1203");
    assert_eq!(e.rule, "5.1");
    // VI02 gets nothing of VI01's three unused points.
    let e = refuse(&mut s, VIK, "move VI02 1301-1302-1303-1304-1305-1306");
    assert_eq!(e.rule, "5.1");
    next_viking_movement(&mut s);
    assert_eq!(s.turn, 3);
    // Next turn VI01 has its 4 again, not 7.
    let e = refuse(&mut s, VIK, "move VI01 1202-1203-1204-1205-1206-1207");
    assert_eq!(e.rule, "5.1");
    act(&mut s, VIK, "move VI01 1202-1203-1204-1205-1206");
    assert_eq!(place_of(&s, "VI01"), on("1206"));
}

#[test]
fn fury_5_2_units_pass_through_friends_but_may_not_end_overstacked() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    put(&mut s, "VI02", "1203");
    let e = refuse(&mut s, VIK, "move VI01 1201-1202-1203");
    assert_eq!(e.rule, "6.1");
    act(&mut s, VIK, "move VI01 1201-1202-1203-1204");
    assert_eq!(place_of(&s, "VI01"), on("1204"));

    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "MI01", "1201");
    put(&mut s, "MI02", "1202");
    put(&mut s, "MI03", "1202");
    let e = refuse(&mut s, VIL, "move MI01 1201-1202");
    assert_eq!(e.rule, "6.2");
    act(&mut s, VIL, "move MI01 1201-1202-1203");
    assert_eq!(place_of(&s, "MI01"), on("1203"));
}

#[test]
fn fury_5_3_entering_an_enemy_hex_ends_the_move() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    put(&mut s, "MI01", "1203");
    let e = refuse(&mut s, VIK, "move VI01 1201-1202-1203-1204");
    assert_eq!(e.rule, "5.3");
    act(&mut s, VIK, "move VI01 1201-1202-1203");
    assert_eq!(place_of(&s, "VI01"), on("1203"));
}

#[test]
fn fury_5_3_an_enemy_of_any_type_ends_the_move() {
    // A lone Woman (a non-combatant) stops a Viking.
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    put(&mut s, "WO01", "1203");
    let e = refuse(&mut s, VIK, "move VI01 1201-1202-1203-1204");
    assert_eq!(e.rule, "5.3");
    // An Animal too.
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    put(&mut s, "AN03", "1203");
    let e = refuse(&mut s, VIK, "move VI01 1201-1202-1203-1204");
    assert_eq!(e.rule, "5.3");
    // A lone Viking Chief stops a Villager.
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "MI01", "1201");
    put(&mut s, "VC01", "1202");
    let e = refuse(&mut s, VIL, "move MI01 1201-1202-1203");
    assert_eq!(e.rule, "5.3");
}

#[test]
fn fury_h_ship_a_villager_entering_the_ship_hex_stops() {
    let mut s = bare("basic", &["0802"], 2, Phase::VillagerMovement);
    put(&mut s, "MI01", "0903");
    // 0903 is SE of 0802, and 0803 is S of 0802.
    let e = refuse(&mut s, VIL, "move MI01 0903-0802-0803");
    assert_eq!(e.rule, "5.3");
    act(&mut s, VIL, "move MI01 0903-0802");
    assert_eq!(place_of(&s, "MI01"), on("0802"));
}

#[test]
fn fury_h_trs_1_a_viking_entering_unguarded_treasure_stops_and_takes_it() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    put(&mut s, "TR01", "1203");
    let e = refuse(&mut s, VIK, "move VI01 1201-1202-1203-1204");
    assert_eq!(e.rule, "5.3");
    let ev = act(&mut s, VIK, "move VI01 1201-1202-1203");
    assert_eq!(
        happened(&ev),
        [
            (
                "5.1",
                FuryEvent::Moved {
                    units: vec![u("VI01")],
                    path: hexes("1201-1202-1203"),
                    landing: false
                }
            ),
            (
                "H-TRS-1",
                FuryEvent::TakesTreasure {
                    unit: u("VI01"),
                    treasure: u("TR01")
                }
            )
        ]
    );
    assert_eq!(place_of(&s, "TR01"), held_by(&s, "VI01"));
}

#[test]
fn fury_5_3_there_are_no_zones_of_control() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    // MI01 at 1303 (col 13 odd) is next to 1202 (its NW) and 1203 (its SW).
    put(&mut s, "MI01", "1303");
    act(&mut s, VIK, "move VI01 1201-1202-1203-1204-1205");
    assert_eq!(place_of(&s, "VI01"), on("1205"));
}

// ---------------------------------------------------------------- 5.4 Terrain

#[test]
fn fury_5_4_woods_stop_movement() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1401");
    let e = refuse(&mut s, VIK, "move VI01 1401-1501-1502");
    assert_eq!(e.rule, "5.4");
    act(&mut s, VIK, "move VI01 1401-1501");
    assert_eq!(place_of(&s, "VI01"), on("1501"));
}

#[test]
fn fury_5_4_keep_hill_stops_movement() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "0511");
    let e = refuse(&mut s, VIK, "move VI01 0511-0411-0410");
    assert_eq!(e.rule, "5.4");
    act(&mut s, VIK, "move VI01 0511-0411");
    assert_eq!(place_of(&s, "VI01"), on("0411"));
}

#[test]
fn fury_5_4_manor_enclosure_stops_movement() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "0607");
    let e = refuse(&mut s, VIK, "move VI01 0607-0507-0506");
    assert_eq!(e.rule, "5.4");
    act(&mut s, VIK, "move VI01 0607-0507");
    assert_eq!(place_of(&s, "VI01"), on("0507"));
}

#[test]
fn fury_5_4_buildings_stop_movement() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "0610");
    let e = refuse(&mut s, VIK, "move VI01 0610-0609-0608");
    assert_eq!(e.rule, "5.4");
    // The house is sacked on entry (9.2): a 4 finds nothing.
    dice(&mut s, &[4]);
    act(&mut s, VIK, "move VI01 0610-0609");
    assert_eq!(place_of(&s, "VI01"), on("0609"));
}

#[test]
fn fury_5_4_terrain_costs_on_entering_never_on_leaving() {
    let mut s = board(Phase::VikingMovement);
    // Starting in Woods: the unit leaves with its full 4.
    put(&mut s, "VI01", "1501");
    act(&mut s, VIK, "move VI01 1501-1401-1402-1403-1404");
    assert_eq!(place_of(&s, "VI01"), on("1404"));
    // A stop hex costs only its point: with one point left a unit may still enter it.
    put(&mut s, "VI02", "1304");
    act(&mut s, VIK, "move VI02 1304-1303-1302-1401-1501");
    assert_eq!(place_of(&s, "VI02"), on("1501"));
}

#[test]
fn fury_tec_woods_are_open_to_cavalry_and_animals() {
    // The Woods row of the TEC repeats the Building prohibition by a copy error.
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "CA01", "1401");
    act(&mut s, VIL, "move CA01 1401-1501");
    assert_eq!(place_of(&s, "CA01"), on("1501"));
    put(&mut s, "MI01", "1402");
    put(&mut s, "AN03", "1402");
    act(&mut s, VIL, "move MI01+AN03 1402-1502");
    assert_eq!(place_of(&s, "AN03"), on("1502"));
}

// ---------------------------------------------------------------- 5.4.1 Road

#[test]
fn fury_5_4_1_road_bonus_doubles_speed() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "0803");
    // MA 4 is 8 steps along the road.
    let e = refuse(
        &mut s,
        VIK,
        "move VI01 0803-0804-0805-0806-0807-0808-0809-0810-0811-0812",
    );
    assert_eq!(e.rule, "5.1");
    act(
        &mut s,
        VIK,
        "move VI01 0803-0804-0805-0806-0807-0808-0809-0810-0811",
    );
    assert_eq!(place_of(&s, "VI01"), on("0811"));
}

#[test]
fn fury_5_4_1_no_bonus_for_entering_the_road() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "0704");
    // 0704 to 0804 costs 1, then six road steps cost 3.
    let e = refuse(
        &mut s,
        VIK,
        "move VI01 0704-0804-0805-0806-0807-0808-0809-0810-0811",
    );
    assert_eq!(e.rule, "5.1");
    act(
        &mut s,
        VIK,
        "move VI01 0704-0804-0805-0806-0807-0808-0809-0810",
    );
    assert_eq!(place_of(&s, "VI01"), on("0810"));
}

#[test]
fn fury_5_4_1_no_bonus_for_leaving_the_road() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "0803");
    // Seven road steps leave half a point: not enough to step off the road to 0911.
    let e = refuse(
        &mut s,
        VIK,
        "move VI01 0803-0804-0805-0806-0807-0808-0809-0810-0911",
    );
    assert_eq!(e.rule, "5.1");
    act(
        &mut s,
        VIK,
        "move VI01 0803-0804-0805-0806-0807-0808-0809-0810",
    );
    assert_eq!(place_of(&s, "VI01"), on("0810"));
}

#[test]
fn fury_5_4_1_no_bonus_for_crossing_the_road() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "0704");
    // Across the road at 0804: every step costs 1.
    let e = refuse(&mut s, VIK, "move VI01 0704-0804-0904-1004-1104-1204");
    assert_eq!(e.rule, "5.1");
    act(&mut s, VIK, "move VI01 0704-0804-0904-1004-1104");
    assert_eq!(place_of(&s, "VI01"), on("1104"));
}

#[test]
fn fury_5_4_1_fractions_are_lost_on_leaving_the_road() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "0803");
    // Three road steps cost 1.5 and leave 2.5; stepping off to 0907 drops the half
    // (2 left, then 1); back onto the road at 0807 costs the last point, so there is
    // nothing left for the road step to 0808. Kept, the half would have paid for it.
    let e = refuse(&mut s, VIK, "move VI01 0803-0804-0805-0806-0907-0807-0808");
    assert_eq!(e.rule, "5.1");
    act(&mut s, VIK, "move VI01 0803-0804-0805-0806-0907-0807");
    assert_eq!(place_of(&s, "VI01"), on("0807"));
}

#[test]
fn fury_gap_22_only_consecutive_hexes_of_one_road_are_linked() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "0802");
    // 0806 and 0707 are adjacent road hexes of different polylines: that step costs
    // 1 and drops the fraction. 0802-0806 is 2, 0806-0707 is 1 (3), 0707-0607 is 0.5,
    // leaving 0.5, which is lost on stepping off to 0608.
    let e = refuse(
        &mut s,
        VIK,
        "move VI01 0802-0803-0804-0805-0806-0707-0607-0608",
    );
    assert_eq!(e.rule, "5.1");
    // By 0807 the spur is road all the way: seven half-points, one half left.
    act(
        &mut s,
        VIK,
        "move VI01 0802-0803-0804-0805-0806-0807-0707-0607",
    );
    assert_eq!(place_of(&s, "VI01"), on("0607"));
}

// ---------------------------------------------------------------- 5.4.2 Prohibitions

#[test]
fn fury_5_4_2_no_unit_may_enter_all_sea() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "0802");
    let e = refuse(&mut s, VIK, "move VI01 0802-0801");
    assert_eq!(e.rule, "5.4.2");
    assert!(!is_legal(&s, VIK, "move VI01 0802-0801"));
}

#[test]
fn fury_5_4_2_cavalry_and_animals_may_not_enter_buildings() {
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "CA01", "0608");
    let e = refuse(&mut s, VIL, "move CA01 0608-0609");
    assert_eq!(e.rule, "5.4.2");
    // Nor through one, on the way elsewhere.
    let e = refuse(&mut s, VIL, "move CA01 0608-0609-0610");
    assert_eq!(e.rule, "5.4.2");
    // An Animal escorted by Militia may not go in either (the Militia alone may).
    put(&mut s, "MI01", "0610");
    put(&mut s, "AN03", "0610");
    let e = refuse(&mut s, VIL, "move MI01+AN03 0610-0609");
    assert_eq!(e.rule, "5.4.2");
    act(&mut s, VIL, "move MI01 0610-0609");
    assert_eq!(place_of(&s, "MI01"), on("0609"));
    assert_eq!(place_of(&s, "AN03"), on("0610"));
}

// ---------------------------------------------------------------- 5.5 Animals

#[test]
fn fury_5_5_animal_moves_by_direction_indicator() {
    // An odd column (1103) and an even one (1204): 1 N, 2 NE, 3 SE, 4 S, 5 SW, 6 NW.
    let cases = [
        ("1103", ["1102", "1202", "1203", "1104", "1003", "1002"]),
        ("1204", ["1203", "1304", "1305", "1205", "1105", "1104"]),
    ];
    for (from, tos) in cases {
        for face in 1..=6u32 {
            let to = tos[face as usize - 1];
            let mut s = board(Phase::VikingFire);
            put(&mut s, "AN03", from);
            dice(&mut s, &[face]);
            let ev = wander(&mut s);
            assert_eq!(ev, [wanders("AN03", face, Wander::To(hex(to)))]);
            assert_eq!(place_of(&s, "AN03"), on(to));
            assert_eq!(s.chance.scripted_left(), 0);
        }
    }
}

#[test]
fn fury_5_5_h_esc_escorted_or_captured_animals_do_not_wander() {
    let mut s = board(Phase::VikingFire);
    // With Militia, with a Woman, or held by a Viking: no roll. With only another
    // Animal or a Treasure: it rolls.
    put(&mut s, "AN03", "1103");
    put(&mut s, "MI01", "1103");
    put(&mut s, "AN04", "1106");
    put(&mut s, "WO01", "1106");
    put(&mut s, "VI01", "1301");
    hold(&mut s, "VI01", "AN05");
    put(&mut s, "AN06", "1204");
    put(&mut s, "AN07", "1204");
    put(&mut s, "AN08", "1402");
    put(&mut s, "TR01", "1402");
    dice(&mut s, &[4, 4, 4]);
    let ev = wander(&mut s);
    assert_eq!(
        ev,
        [
            wanders("AN06", 4, Wander::To(hex("1205"))),
            wanders("AN07", 4, Wander::To(hex("1205"))),
            wanders("AN08", 4, Wander::To(hex("1403"))),
        ]
    );
    assert_eq!(place_of(&s, "AN03"), on("1103"));
    assert_eq!(place_of(&s, "AN04"), on("1106"));
    assert_eq!(place_of(&s, "AN05"), held_by(&s, "VI01"));
    assert_eq!(s.chance.scripted_left(), 0);
}

#[test]
fn fury_5_5_the_villager_may_not_move_an_animal_alone() {
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "AN03", "1201");
    let e = refuse(&mut s, VIL, "move AN03 1201-1202");
    assert_eq!(e.rule, "5.5");
}

#[test]
fn fury_gap_28_an_escorted_animal_moves_with_its_escort_at_most_three() {
    let mut s = board(Phase::VillagerMovement);
    // Cavalry has MA 6, but the Animal it escorts counts for the slowest-unit rule.
    put(&mut s, "CA01", "1201");
    put(&mut s, "AN03", "1201");
    let e = refuse(&mut s, VIL, "move CA01+AN03 1201-1202-1203-1204-1205");
    assert_eq!(e.rule, "5.1");
    act(&mut s, VIL, "move CA01+AN03 1201-1202-1203-1204");
    assert_eq!(place_of(&s, "CA01"), on("1204"));
    assert_eq!(place_of(&s, "AN03"), on("1204"));
}

#[test]
fn fury_5_5_1_animal_stays_put_rather_than_enter_sea_building_fire_or_a_full_hex() {
    // All-Sea: 0702's N is 0701.
    let mut s = board(Phase::VikingFire);
    put(&mut s, "AN03", "0702");
    dice(&mut s, &[1]);
    assert_eq!(
        wander(&mut s),
        [wanders("AN03", 1, Wander::Stays(hex("0702")))]
    );
    assert_eq!(place_of(&s, "AN03"), on("0702"));
    // A Building: 1010's SE is the house 1111.
    let mut s = board(Phase::VikingFire);
    put(&mut s, "AN03", "1010");
    dice(&mut s, &[3]);
    assert_eq!(
        wander(&mut s),
        [wanders("AN03", 3, Wander::Stays(hex("1010")))]
    );
    // A Fired hex.
    let mut s = board(Phase::VikingFire);
    put(&mut s, "AN03", "1103");
    s.fired.insert(hex("1102"));
    dice(&mut s, &[1]);
    assert_eq!(
        wander(&mut s),
        [wanders("AN03", 1, Wander::Stays(hex("1103")))]
    );
    // A hex already holding two Villager non-combatants.
    let mut s = board(Phase::VikingFire);
    put(&mut s, "AN03", "1103");
    put(&mut s, "WO01", "1102");
    put(&mut s, "WO02", "1102");
    dice(&mut s, &[1]);
    assert_eq!(
        wander(&mut s),
        [wanders("AN03", 1, Wander::Stays(hex("1103")))]
    );
    assert_eq!(place_of(&s, "AN03"), on("1103"));
}

#[test]
fn fury_5_5_1_stables_animals_never_wander() {
    let mut s = board(Phase::VikingFire);
    // AN01 began the game in the Stables; even out in the open it never rolls.
    put(&mut s, "AN01", "1103");
    dice(&mut s, &[1]);
    assert_eq!(wander(&mut s), Vec::<FuryEvent>::new());
    assert_eq!(place_of(&s, "AN01"), on("1103"));
    assert_eq!(s.chance.scripted_left(), 1);
}

#[test]
fn fury_5_5_1_an_animal_forced_off_the_map_is_lost() {
    let mut s = board(Phase::VikingFire);
    // 2010 is in an even column: NE is (+1, 0), off the map.
    put(&mut s, "AN03", "2010");
    dice(&mut s, &[2]);
    assert_eq!(wander(&mut s), [wanders("AN03", 2, Wander::OffMap)]);
    assert_eq!(place_of(&s, "AN03"), Place::Lost);
}

#[test]
fn fury_5_5_1_an_animal_wandering_onto_vikings_is_not_captured() {
    let mut s = board(Phase::VikingFire);
    put(&mut s, "AN03", "1103");
    put(&mut s, "VI01", "1102");
    dice(&mut s, &[1]);
    assert_eq!(
        wander(&mut s),
        [wanders("AN03", 1, Wander::To(hex("1102")))]
    );
    assert_eq!(place_of(&s, "AN03"), on("1102"));
    assert_eq!(s.unit(id(&s, "AN03")).side(), VIL);
}

#[test]
fn fury_h_dir_animals_roll_in_hex_order_each_applied_before_the_next() {
    let mut s = board(Phase::VikingFire);
    // 1304 holds one Woman: room for one more non-combatant. AN05 at 1204 rolls
    // before AN04 at 1303: 1204 is the lower hex number (column first), though AN04
    // has the lower unit number and 1303 the lower row. AN05 takes the room; AN04
    // then finds 1304 full.
    put(&mut s, "WO01", "1304");
    put(&mut s, "AN05", "1204");
    put(&mut s, "AN04", "1303");
    dice(&mut s, &[2, 4]);
    assert_eq!(
        wander(&mut s),
        [
            wanders("AN05", 2, Wander::To(hex("1304"))),
            wanders("AN04", 4, Wander::Stays(hex("1303"))),
        ]
    );
    assert_eq!(place_of(&s, "AN05"), on("1304"));
    assert_eq!(place_of(&s, "AN04"), on("1303"));
}

// ---------------------------------------------------------------- 5.6 Escorting

#[test]
fn fury_5_6_captured_units_move_with_their_escort_and_do_not_slow_it() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    hold(&mut s, "VI01", "WO01");
    hold(&mut s, "VI01", "AN03");
    // Women and Animals have MA 3; the Infantry still moves its 4.
    act(&mut s, VIK, "move VI01 1201-1202-1203-1204-1205");
    assert_eq!(place_of(&s, "WO01"), held_by(&s, "VI01"));
    assert_eq!(place_of(&s, "AN03"), held_by(&s, "VI01"));
    assert_eq!(s.hex_of(id(&s, "AN03")), Some(hex("1205")));
}

#[test]
fn fury_5_6_captured_animals_may_not_be_escorted_into_buildings() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "0608");
    hold(&mut s, "VI01", "AN03");
    let e = refuse(&mut s, VIK, "move VI01 0608-0609");
    assert_eq!(e.rule, "5.6");
    // A captured Woman may be taken in.
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "0608");
    hold(&mut s, "VI01", "WO01");
    dice(&mut s, &[6]);
    act(&mut s, VIK, "move VI01 0608-0609");
    assert_eq!(s.hex_of(id(&s, "WO01")), Some(hex("0609")));
}

#[test]
fn fury_5_6_an_abandoned_captive_reverts_to_the_villager() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1203");
    hold(&mut s, "VI01", "WO01");
    let ev = act(&mut s, VIK, "abandon WO01");
    assert_eq!(
        happened(&ev),
        [("5.6", FuryEvent::Abandoned { item: u("WO01") })]
    );
    assert_eq!(place_of(&s, "WO01"), on("1203"));
    act(&mut s, VIK, "move VI01 1203-1204");
    assert_eq!(place_of(&s, "WO01"), on("1203"));
}

// ---------------------------------------------------------------- 5.6.1 Transfer

#[test]
fn fury_5_6_1_transfer_to_an_adjacent_unit_costs_no_movement() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    hold(&mut s, "VI01", "WO01");
    put(&mut s, "VI02", "1206");
    // VI01 spends all 4 points, then still hands over.
    act(&mut s, VIK, "move VI01 1201-1202-1203-1204-1205");
    let ev = act(&mut s, VIK, "transfer VI01 > VI02 : WO01");
    assert_eq!(
        happened(&ev),
        [(
            "5.6.1",
            FuryEvent::Transferred {
                from: u("VI01"),
                items: vec![u("WO01")],
                to: Receiver::Unit(u("VI02"))
            }
        )]
    );
    assert_eq!(place_of(&s, "WO01"), held_by(&s, "VI02"));
    assert_eq!(s.transfers, 1);
    // The transferred captive moves no further this phase, so neither does VI02.
    let e = refuse(&mut s, VIK, "move VI02 1206-1207");
    assert_eq!(e.rule, "5.1");
}

#[test]
fn fury_5_6_1_the_giver_may_still_move_after_a_transfer() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    hold(&mut s, "VI01", "WO01");
    put(&mut s, "VI02", "1202");
    act(&mut s, VIK, "transfer VI01 > VI02 : WO01");
    act(&mut s, VIK, "move VI01 1201-1301-1302-1303-1304");
    assert_eq!(place_of(&s, "VI01"), on("1304"));
}

#[test]
fn fury_5_6_1_transfer_only_to_an_adjacent_friendly_unit() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    hold(&mut s, "VI01", "WO01");
    put(&mut s, "VI02", "1203");
    let e = refuse(&mut s, VIK, "transfer VI01 > VI02 : WO01");
    assert_eq!(e.rule, "5.6.1");
    assert!(!is_legal(&s, VIK, "transfer VI01 > VI02 : WO01"));
    // A Chief may receive captives.
    put(&mut s, "VC01", "1202");
    act(&mut s, VIK, "transfer VI01 > VC01 : WO01");
    assert_eq!(place_of(&s, "WO01"), held_by(&s, "VC01"));
}

#[test]
fn fury_h_xfer_one_transfer_per_player_per_movement_phase() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    hold(&mut s, "VI01", "WO01");
    put(&mut s, "VI02", "1202");
    put(&mut s, "VI03", "1401");
    hold(&mut s, "VI03", "WO02");
    put(&mut s, "VI04", "1402");
    act(&mut s, VIK, "transfer VI01 > VI02 : WO01");
    let e = refuse(&mut s, VIK, "transfer VI03 > VI04 : WO02");
    assert_eq!(e.rule, "H-XFER");
    assert!(!is_legal(&s, VIK, "transfer VI03 > VI04 : WO02"));
    next_viking_movement(&mut s);
    act(&mut s, VIK, "transfer VI03 > VI04 : WO02");
    assert_eq!(place_of(&s, "WO02"), held_by(&s, "VI04"));
}

#[test]
fn fury_5_6_1_transfer_onto_an_adjacent_ship_puts_them_aboard() {
    let mut s = bare("basic", &["0802"], 2, Phase::VikingMovement);
    put(&mut s, "VI01", "0803");
    hold(&mut s, "VI01", "WO01");
    hold(&mut s, "VI01", "TR01");
    put(&mut s, "VI02", "0804");
    hold(&mut s, "VI02", "WO02");
    // From 0804 the Ship (0802) is two hexes away.
    let e = refuse(&mut s, VIK, "transfer VI02 > ship 0802 : WO02");
    assert_eq!(e.rule, "5.6.1");
    let ev = act(&mut s, VIK, "transfer VI01 > ship 0802 : WO01,TR01");
    assert_eq!(
        happened(&ev),
        [(
            "5.6.1",
            FuryEvent::Transferred {
                from: u("VI01"),
                items: vec![u("WO01"), u("TR01")],
                to: Receiver::Ship(hex("0802"))
            }
        )]
    );
    assert_eq!(place_of(&s, "WO01"), Place::Embarked(0));
    assert_eq!(place_of(&s, "TR01"), Place::Embarked(0));
    // That was the phase's one transfer (H-XFER).
    let e = refuse(&mut s, VIK, "transfer VI02 > VI01 : WO02");
    assert_eq!(e.rule, "H-XFER");
}

#[test]
fn fury_5_6_1_a_transfer_may_not_break_stacking() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    hold(&mut s, "VI01", "WO01");
    put(&mut s, "VI02", "1202");
    hold(&mut s, "VI02", "WO02");
    hold(&mut s, "VI02", "TR01");
    let e = refuse(&mut s, VIK, "transfer VI01 > VI02 : WO01");
    assert_eq!(e.rule, "5.6.1");
    assert_eq!(s.transfers, 0);
}

#[test]
fn fury_5_6_1_no_transfer_of_a_captured_animal_into_a_building() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "0608");
    hold(&mut s, "VI01", "AN03");
    put(&mut s, "VI02", "0609");
    let e = refuse(&mut s, VIK, "transfer VI01 > VI02 : AN03");
    assert_eq!(e.rule, "5.6");
}

#[test]
fn fury_h_esc_2_captured_leaders_do_not_count_against_the_two() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    hold(&mut s, "VI01", "KN01");
    put(&mut s, "VI02", "1202");
    hold(&mut s, "VI02", "WO02");
    hold(&mut s, "VI02", "TR01");
    act(&mut s, VIK, "transfer VI01 > VI02 : KN01");
    assert_eq!(place_of(&s, "KN01"), held_by(&s, "VI02"));
}

// ---------------------------------------------------------------- 5.7 Mobility lock

#[test]
fn fury_5_7_locked_villagers_may_not_move_but_animals_wander() {
    let mut s = board(Phase::VikingFire);
    s.lock_lifted = false;
    put(&mut s, "MI01", "1201");
    put(&mut s, "AN03", "1103");
    dice(&mut s, &[1]);
    assert_eq!(
        wander(&mut s),
        [wanders("AN03", 1, Wander::To(hex("1102")))]
    );
    let e = refuse(&mut s, VIL, "move MI01 1201-1202");
    assert_eq!(e.rule, "5.7");
    assert!(!is_legal(&s, VIL, "move MI01 1201-1202"));
    act(&mut s, VIL, "end");
    assert_eq!(place_of(&s, "MI01"), on("1201"));
}

#[test]
fn fury_5_7_locked_villagers_may_not_attack() {
    let mut s = board(Phase::VillagerCombat);
    s.lock_lifted = false;
    put(&mut s, "MI01", "1201");
    put(&mut s, "MI02", "1201");
    put(&mut s, "VA01", "1201");
    let e = refuse(&mut s, VIL, "attack 1201");
    assert_eq!(e.rule, "5.7");
    // Nor is the combat in the hex mandatory while locked.
    act(&mut s, VIL, "end");
    assert_eq!(place_of(&s, "VA01"), on("1201"));
}

#[test]
fn fury_5_7_a_fire_rouses_the_village() {
    let mut s = board(Phase::VikingFire);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1201");
    dice(&mut s, &[4]);
    let ev = act(&mut s, VIK, "fire 1201");
    assert_eq!(
        happened(&ev),
        [
            (
                "10.2",
                FuryEvent::Fire {
                    hex: hex("1201"),
                    roll: 4,
                    need: 4,
                    burns: true
                }
            ),
            ("5.7", FuryEvent::Roused { by: Rouser::Fire })
        ]
    );
    assert!(s.lock_lifted);
}

#[test]
fn fury_5_7_a_failed_fire_does_not_rouse_the_village() {
    let mut s = board(Phase::VikingFire);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1201");
    dice(&mut s, &[5]);
    act(&mut s, VIK, "fire 1201");
    assert!(!s.lock_lifted);
}

#[test]
fn fury_5_7_an_attack_on_a_villager_combatant_rouses_the_village() {
    let mut s = board(Phase::VikingCombat);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1201");
    put(&mut s, "MI01", "1201");
    dice(&mut s, &[1]);
    let ev = happened(&act(&mut s, VIK, "attack 1201"));
    assert!(ev.contains(&("5.7", FuryEvent::Roused { by: Rouser::Attack })));
    assert!(s.lock_lifted);
}

#[test]
fn fury_gap_30_archery_at_a_combatant_rouses_the_village() {
    let mut s = board(Phase::VikingCombat);
    s.lock_lifted = false;
    put(&mut s, "VA01", "1201");
    put(&mut s, "MI01", "1203");
    dice(&mut s, &[6]);
    let ev = happened(&act(&mut s, VIK, "archery VA01 1203"));
    assert!(ev.contains(&(
        "5.7",
        FuryEvent::Roused {
            by: Rouser::Archery
        }
    )));
    assert!(s.lock_lifted);
}

#[test]
fn fury_gap_13_capturing_a_woman_does_not_rouse_the_village_but_a_leader_does() {
    let mut s = board(Phase::VikingCombat);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1201");
    put(&mut s, "WO01", "1201");
    dice(&mut s, &[1]);
    act(&mut s, VIK, "capture VI01 WO01");
    assert_eq!(place_of(&s, "WO01"), held_by(&s, "VI01"));
    assert!(!s.lock_lifted);

    let mut s = board(Phase::VikingCombat);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1201");
    put(&mut s, "LO01", "1201");
    dice(&mut s, &[5]);
    let ev = happened(&act(&mut s, VIK, "capture VI01 LO01"));
    assert!(ev.contains(&(
        "5.7",
        FuryEvent::Roused {
            by: Rouser::LeaderCapture
        }
    )));
    assert!(s.lock_lifted);
}

#[test]
fn fury_5_7_a_viking_moved_next_to_a_villager_combatant_rouses_the_village() {
    let mut s = board(Phase::VikingMovement);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1201");
    put(&mut s, "MI01", "1205");
    // 1203 is not next to 1205; 1204 is.
    act(&mut s, VIK, "move VI01 1201-1202-1203");
    assert!(!s.lock_lifted);
    // 1305 is (col 13 odd) SW-adjacent to 1205.
    put(&mut s, "VI02", "1301");
    let ev = act(&mut s, VIK, "move VI02 1301-1302-1303-1304-1305");
    assert_eq!(
        happened(&ev),
        [
            (
                "5.1",
                FuryEvent::Moved {
                    units: vec![u("VI02")],
                    path: hexes("1301-1302-1303-1304-1305"),
                    landing: false
                }
            ),
            ("5.7", FuryEvent::Roused { by: Rouser::Move })
        ]
    );
    assert!(s.lock_lifted);
    // The lock lifts at once: the Villager moves in this same turn (H-TRIG).
    act(&mut s, VIK, "end");
    act(&mut s, VIK, "end");
    act(&mut s, VIK, "end");
    act(&mut s, VIL, "move MI01 1205-1206");
    assert_eq!(place_of(&s, "MI01"), on("1206"));
}

#[test]
fn fury_h_trig_passing_next_to_a_combatant_is_enough() {
    let mut s = board(Phase::VikingMovement);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1201");
    // MI01 at 1102 is next to 1202 only among 1202-1205.
    put(&mut s, "MI01", "1102");
    act(&mut s, VIK, "move VI01 1201-1202-1203-1204-1205");
    assert!(s.lock_lifted);
}

#[test]
fn fury_h_trig_leaders_count_but_women_and_priests_do_not() {
    for (code, rouses) in [("WO01", false), ("PR01", false), ("KN01", true)] {
        let mut s = board(Phase::VikingMovement);
        s.lock_lifted = false;
        put(&mut s, "VI01", "1201");
        put(&mut s, code, "1204");
        act(&mut s, VIK, "move VI01 1201-1202-1203");
        assert_eq!(s.lock_lifted, rouses, "{code}");
    }
}

#[test]
fn fury_h_trig_landing_counts_and_so_does_the_ship_hex_itself() {
    let mut s = bare("basic", &["0802"], 1, Phase::VikingMovement);
    s.lock_lifted = false;
    s.unit_mut(id(&s, "VI01")).place = Place::Aboard;
    // MI01 at 0702 is next to the Ship hex 0802, not to 0803 or 0804.
    put(&mut s, "MI01", "0702");
    let ev = act(&mut s, VIK, "move VI01 0802-0803-0804");
    assert_eq!(
        happened(&ev),
        [
            (
                "5.8",
                FuryEvent::Moved {
                    units: vec![u("VI01")],
                    path: hexes("0802-0803-0804"),
                    landing: true
                }
            ),
            ("5.7", FuryEvent::Roused { by: Rouser::Move })
        ]
    );
    assert!(s.lock_lifted);
}

#[test]
fn fury_5_7_once_lifted_the_lock_stays_lifted() {
    let mut s = board(Phase::VikingMovement);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1201");
    put(&mut s, "MI01", "1204");
    act(&mut s, VIK, "move VI01 1201-1202-1203");
    assert!(s.lock_lifted);
    next_viking_movement(&mut s);
    // The Viking walks away; the village stays roused.
    act(&mut s, VIK, "move VI01 1203-1202-1201");
    act(&mut s, VIK, "end");
    act(&mut s, VIK, "end");
    act(&mut s, VIK, "end");
    assert!(s.lock_lifted);
    act(&mut s, VIL, "move MI01 1204-1205");
    assert_eq!(place_of(&s, "MI01"), on("1205"));
}

#[test]
fn fury_h_dw_no_divine_wrath_while_the_village_sleeps() {
    let mut s = board(Phase::VillagerCombat);
    s.lock_lifted = false;
    put(&mut s, "PR01", "1201");
    put(&mut s, "VI01", "1203");
    let e = refuse(&mut s, VIL, "wrath PR01 1203");
    assert_eq!(e.rule, "H-DW");
    s.lock_lifted = true;
    assert!(is_legal(&s, VIL, "wrath PR01 1203"));
}

#[test]
fn fury_h_mand_1_units_without_attack_may_not_end_a_move_on_enemy_fighters() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VC01", "1201");
    put(&mut s, "MI01", "1203");
    let e = refuse(&mut s, VIK, "move VC01 1201-1202-1203");
    assert_eq!(e.rule, "H-MAND-1");
    // A lone Woman has no Defense Strength: the Chief may end on her.
    put(&mut s, "VC02", "1301");
    put(&mut s, "WO01", "1303");
    act(&mut s, VIK, "move VC02 1301-1302-1303");
    assert_eq!(place_of(&s, "VC02"), on("1303"));

    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "WO01", "1201");
    put(&mut s, "VI01", "1203");
    let e = refuse(&mut s, VIL, "move WO01 1201-1202-1203");
    assert_eq!(e.rule, "H-MAND-1");
}

// ---------------------------------------------------------------- 5.8 Ships

#[test]
fn fury_5_8_every_unit_must_land_in_the_first_movement_phase() {
    let mut s = ready("basic", &["0802"]);
    let e = refuse(&mut s, VIK, "end");
    assert_eq!(e.rule, "5.8");
}

#[test]
fn fury_5_8_the_ship_hex_is_the_first_hex_of_movement() {
    let mut s = ready("basic", &["0802"]);
    // The Ship hex costs 1, then six road steps cost 3.
    let e = refuse(
        &mut s,
        VIK,
        "move VI02 0802-0803-0804-0805-0806-0807-0808-0809",
    );
    assert_eq!(e.rule, "5.1");
    let ev = act(&mut s, VIK, "move VI01 0802-0803-0804-0805-0806-0807-0808");
    assert_eq!(
        happened(&ev),
        [(
            "5.8",
            FuryEvent::Moved {
                units: vec![u("VI01")],
                path: hexes("0802-0803-0804-0805-0806-0807-0808"),
                landing: true
            }
        )]
    );
    assert_eq!(place_of(&s, "VI01"), on("0808"));
    assert_eq!(s.ships[0].landed, 1);
    // Off the road: the Ship hex and three Clear hexes.
    let e = refuse(&mut s, VIK, "move VI02 0802-0903-1003-1103-1203");
    assert_eq!(e.rule, "5.1");
    act(&mut s, VIK, "move VI02 0802-0903-1003-1103");
    assert_eq!(place_of(&s, "VI02"), on("1103"));
}

#[test]
fn fury_5_8_units_land_only_from_a_ship() {
    let mut s = ready("basic", &["0802"]);
    let e = refuse(&mut s, VIK, "move VI01 0803-0804");
    assert_eq!(e.rule, "5.8");
}

#[test]
fn fury_5_8_a_unit_may_land_and_stay_on_the_ship_hex() {
    let mut s = ready("basic", &["0802"]);
    act(&mut s, VIK, "move VI01 0802");
    assert_eq!(place_of(&s, "VI01"), on("0802"));
    // One guard only (6.1); the next unit passes through.
    let e = refuse(&mut s, VIK, "move VI02 0802");
    assert_eq!(e.rule, "6.1");
    act(&mut s, VIK, "move VI02 0802-0803");
    assert_eq!(place_of(&s, "VI02"), on("0803"));
}

#[test]
fn fury_5_8_chiefs_land_with_a_unit_and_do_not_count() {
    let mut s = ready("basic", &["0802"]);
    act(&mut s, VIK, "move VI01+VC01 0802-0803");
    assert_eq!(place_of(&s, "VI01"), on("0803"));
    assert_eq!(place_of(&s, "VC01"), on("0803"));
    assert_eq!(s.ships[0].landed, 1);
}

#[test]
fn fury_h_land_units_that_cannot_land_stay_aboard_until_they_can() {
    let mut s = bare("basic", &["0107"], 1, Phase::VikingMovement);
    // The Ship hex 0107 holds a guard and every land hex next to it (0206, 0207,
    // 0108) is on fire: VI01 has nowhere to end its move.
    s.unit_mut(id(&s, "VI01")).place = Place::Aboard;
    put(&mut s, "VI02", "0107");
    for h in ["0206", "0207", "0108"] {
        s.fired.insert(hex(h));
    }
    assert!(!is_legal(&s, VIK, "move VI01 0107"));
    act(&mut s, VIK, "end");
    assert_eq!(place_of(&s, "VI01"), Place::Aboard);
    next_viking_movement(&mut s);
    // The guard re-embarks: now VI01 can land, so it must; the Ship hex costs 1 again.
    act(&mut s, VIK, "embark VI02 0107");
    let e = refuse(&mut s, VIK, "end");
    assert_eq!(e.rule, "5.8");
    let ev = act(&mut s, VIK, "move VI01 0107");
    assert_eq!(
        happened(&ev),
        [(
            "5.8",
            FuryEvent::Moved {
                units: vec![u("VI01")],
                path: hexes("0107"),
                landing: true
            }
        )]
    );
    act(&mut s, VIK, "end");
}

#[test]
fn fury_5_8_re_embarking_takes_the_unit_and_its_loot_out_of_play() {
    let mut s = bare("basic", &["0802"], 5, Phase::VikingMovement);
    put(&mut s, "VI01", "0804");
    hold(&mut s, "VI01", "WO01");
    hold(&mut s, "VI01", "TR01");
    let ev = act(&mut s, VIK, "embark VI01 0804-0803-0802");
    assert_eq!(
        happened(&ev),
        [
            (
                "5.1",
                FuryEvent::Moved {
                    units: vec![u("VI01")],
                    path: hexes("0804-0803-0802"),
                    landing: false
                }
            ),
            (
                "5.8",
                FuryEvent::Reembarked {
                    unit: u("VI01"),
                    hex: hex("0802"),
                    loot: vec![u("WO01"), u("TR01")]
                }
            )
        ]
    );
    for code in ["VI01", "WO01", "TR01"] {
        assert_eq!(place_of(&s, code), Place::Embarked(0), "{code}");
    }
    assert_eq!(s.ships[0].embarked, 1);
    // Out of play: not even next turn may it come back.
    next_viking_movement(&mut s);
    assert!(!is_legal(&s, VIK, "move VI01 0802-0803"));
    assert!(parse_refused(&mut s, "move VI01 0802-0803"));
}

/// The action is refused (whatever the rule).
fn parse_refused(s: &mut FuryState, text: &str) -> bool {
    let a = parse(s, text);
    super::super::rules::apply(s, VIK, &a).is_err()
}

#[test]
fn fury_5_8_a_unit_on_the_ship_hex_may_re_embark_where_it_stands() {
    let mut s = bare("basic", &["0802"], 5, Phase::VikingMovement);
    put(&mut s, "VI01", "0802");
    act(&mut s, VIK, "embark VI01 0802");
    assert_eq!(place_of(&s, "VI01"), Place::Embarked(0));
}

#[test]
fn fury_5_8_re_embarking_needs_a_ship() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    let e = refuse(&mut s, VIK, "embark VI01 1201-1202");
    assert_eq!(e.rule, "5.8");
}

#[test]
fn fury_7_8_h_ship_a_guard_stands_on_the_ship_and_others_pass_it_to_embark() {
    let mut s = bare("basic", &["0802"], 5, Phase::VikingMovement);
    put(&mut s, "VI02", "0802");
    put(&mut s, "VI03", "0804");
    let e = refuse(&mut s, VIK, "move VI03 0804-0803-0802");
    assert_eq!(e.rule, "6.1");
    act(&mut s, VIK, "embark VI03 0804-0803-0802");
    assert_eq!(place_of(&s, "VI03"), Place::Embarked(0));
    assert_eq!(place_of(&s, "VI02"), on("0802"));
}

// ---------------------------------------------------------------- 12.1 Ship capacity

#[test]
fn fury_12_1_at_most_16_units_land_from_one_ship() {
    let mut s = ready("advanced", &["0802", "0603"]);
    s.ships[0].landed = 16;
    let e = refuse(&mut s, VIK, "move VI01 0802-0803");
    assert_eq!(e.rule, "12.1");
    assert!(!is_legal(&s, VIK, "move VI01 0802-0803"));
    // Chiefs do not count; the other Ship still has room.
    act(&mut s, VIK, "move VC01 0802-0803");
    act(&mut s, VIK, "move VI01 0603-0604");
    assert_eq!(s.ships[0].landed, 16);
    assert_eq!(s.ships[1].landed, 1);
}

#[test]
fn fury_12_1_at_most_16_units_re_embark_on_one_ship() {
    let mut s = bare("advanced", &["0802", "0603"], 6, Phase::VikingMovement);
    s.ships[0].embarked = 16;
    put(&mut s, "VI01", "0803");
    put(&mut s, "VC01", "0803");
    let e = refuse(&mut s, VIK, "embark VI01 0803-0802");
    assert_eq!(e.rule, "12.1");
    act(&mut s, VIK, "embark VC01 0803-0802");
    assert_eq!(place_of(&s, "VC01"), Place::Embarked(0));
    // 0803 to 0703 (NW) to 0603 (SW): the other Ship.
    act(&mut s, VIK, "embark VI01 0803-0703-0603");
    assert_eq!(place_of(&s, "VI01"), Place::Embarked(1));
    assert_eq!((s.ships[0].embarked, s.ships[1].embarked), (16, 1));
}

#[test]
fn fury_12_1_no_limit_on_captives_and_treasure_aboard() {
    let mut s = bare("advanced", &["0802", "0603"], 6, Phase::VikingMovement);
    s.ships[0].embarked = 16;
    put(&mut s, "VI01", "0803");
    hold(&mut s, "VI01", "WO01");
    hold(&mut s, "VI01", "CT01");
    act(&mut s, VIK, "transfer VI01 > ship 0802 : WO01,CT01");
    assert_eq!(place_of(&s, "CT01"), Place::Embarked(0));
}

#[test]
fn fury_12_1_the_basic_ship_has_no_capacity_limit() {
    let mut s = bare("basic", &["0802"], 6, Phase::VikingMovement);
    s.ships[0].landed = 23;
    s.ships[0].embarked = 23;
    put(&mut s, "VI01", "0803");
    act(&mut s, VIK, "embark VI01 0803-0802");
    assert_eq!(s.ships[0].embarked, 24);
}

// ---------------------------------------------------------------- 6.0 Stacking

#[test]
fn fury_6_0_a_stack_moves_at_the_speed_of_its_slowest_unit() {
    let mut s = board(Phase::VillagerMovement);
    // Cavalry MA 6 with Regular Infantry MA 3.
    put(&mut s, "CA01", "1201");
    put(&mut s, "RI01", "1201");
    let e = refuse(&mut s, VIL, "move CA01+RI01 1201-1202-1203-1204-1205");
    assert_eq!(e.rule, "5.1");
    act(&mut s, VIL, "move CA01+RI01 1201-1202-1203-1204");
    assert_eq!(place_of(&s, "CA01"), on("1204"));
    assert_eq!(place_of(&s, "RI01"), on("1204"));
    // Alone, Cavalry goes six.
    put(&mut s, "CA02", "1301");
    act(&mut s, VIL, "move CA02 1301-1302-1303-1304-1305-1306-1307");
    assert_eq!(place_of(&s, "CA02"), on("1307"));
}

#[test]
fn fury_6_0_stacks_form_and_split_freely() {
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "MI01", "1201");
    put(&mut s, "MI02", "1201");
    put(&mut s, "MI03", "1203");
    act(&mut s, VIL, "move MI01 1201-1202");
    act(&mut s, VIL, "move MI03 1203-1202");
    assert_eq!(place_of(&s, "MI01"), on("1202"));
    assert_eq!(place_of(&s, "MI02"), on("1201"));
    assert_eq!(place_of(&s, "MI03"), on("1202"));
}

#[test]
fn fury_6_1_vikings_may_not_stack() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    put(&mut s, "VI02", "1203");
    put(&mut s, "VA01", "1301");
    put(&mut s, "VB01", "1301");
    let e = refuse(&mut s, VIK, "move VI01 1201-1202-1203");
    assert_eq!(e.rule, "6.1");
    // Nor may two of them move as one stack.
    let e = refuse(&mut s, VIK, "move VA01+VB01 1301-1302");
    assert_eq!(e.rule, "6.1");
}

#[test]
fn fury_6_4_chiefs_stack_with_any_viking() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1203");
    put(&mut s, "VC01", "1201");
    put(&mut s, "VC02", "1205");
    act(&mut s, VIK, "move VC01 1201-1202-1203");
    act(&mut s, VIK, "move VC02 1205-1204-1203");
    let here: Vec<String> = s.units_at(hex("1203")).map(|u| s.unit(u).code()).collect();
    assert_eq!(here, ["VI01", "VC01", "VC02"]);
}

#[test]
fn fury_6_1_a_viking_escort_obeys_the_non_combatant_limit() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI02", "1203");
    hold(&mut s, "VI02", "WO02");
    put(&mut s, "VC01", "1201");
    hold(&mut s, "VC01", "WO01");
    hold(&mut s, "VC01", "WO03");
    let e = refuse(&mut s, VIK, "move VC01 1201-1202-1203");
    assert_eq!(e.rule, "6.1");
    // A captured Leader does not count (6.4, H-ESC-2).
    put(&mut s, "VC02", "1205");
    hold(&mut s, "VC02", "KN01");
    hold(&mut s, "VC02", "WO04");
    act(&mut s, VIK, "move VC02 1205-1204-1203");
    assert_eq!(s.hex_of(id(&s, "KN01")), Some(hex("1203")));
}

#[test]
fn fury_6_1_ships_may_not_stack() {
    let mut s = fresh("advanced");
    act(&mut s, VIL, "setup default");
    act(&mut s, VIL, "end");
    act(&mut s, VIK, "ship 0802");
    let e = refuse(&mut s, VIK, "ship 0802");
    assert_eq!(e.rule, "6.1");
    assert!(!is_legal(&s, VIK, "ship 0802"));
    act(&mut s, VIK, "ship 0902");
}

#[test]
fn fury_6_1_units_aboard_do_not_count_for_stacking() {
    let mut s = bare("basic", &["0802"], 5, Phase::VikingMovement);
    s.unit_mut(id(&s, "VI01")).place = Place::Embarked(0);
    s.unit_mut(id(&s, "VI03")).place = Place::Aboard;
    put(&mut s, "VI02", "0803");
    act(&mut s, VIK, "move VI02 0803-0802");
    assert_eq!(place_of(&s, "VI02"), on("0802"));
}

#[test]
fn fury_6_2_at_most_two_villager_combatants_of_any_type() {
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "MI01", "1203");
    put(&mut s, "RI01", "1203");
    put(&mut s, "CA01", "1201");
    put(&mut s, "MO01", "1205");
    let e = refuse(&mut s, VIL, "move CA01 1201-1202-1203");
    assert_eq!(e.rule, "6.2");
    let e = refuse(&mut s, VIL, "move MO01 1205-1204-1203");
    assert_eq!(e.rule, "6.2");
    act(&mut s, VIL, "move CA01 1201-1202");
    assert_eq!(place_of(&s, "CA01"), on("1202"));
}

#[test]
fn fury_6_3_at_most_two_villager_non_combatants_of_any_type() {
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "WO01", "1203");
    put(&mut s, "PR01", "1203");
    put(&mut s, "WO02", "1201");
    let e = refuse(&mut s, VIL, "move WO02 1201-1202-1203");
    assert_eq!(e.rule, "6.3");
    // An escorted Animal counts as a non-combatant too.
    put(&mut s, "MI01", "1205");
    put(&mut s, "AN03", "1205");
    let e = refuse(&mut s, VIL, "move MI01+AN03 1205-1204-1203");
    assert_eq!(e.rule, "6.3");
}

#[test]
fn fury_6_3_two_combatants_and_two_non_combatants_may_share_a_hex() {
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "MI01", "1203");
    put(&mut s, "MI02", "1203");
    put(&mut s, "WO01", "1203");
    put(&mut s, "WO02", "1201");
    act(&mut s, VIL, "move WO02 1201-1202-1203");
    assert_eq!(place_of(&s, "WO02"), on("1203"));
    put(&mut s, "MI03", "1205");
    let e = refuse(&mut s, VIL, "move MI03 1205-1204-1203");
    assert_eq!(e.rule, "6.2");
    put(&mut s, "PR01", "1205");
    let e = refuse(&mut s, VIL, "move PR01 1205-1204-1203");
    assert_eq!(e.rule, "6.3");
}

#[test]
fn fury_6_4_villager_leaders_always_stack() {
    let mut s = board(Phase::VillagerMovement);
    for code in ["MI01", "MI02", "WO01", "WO02"] {
        put(&mut s, code, "1203");
    }
    put(&mut s, "KN01", "1201");
    put(&mut s, "LO01", "1205");
    act(&mut s, VIL, "move KN01 1201-1202-1203");
    act(&mut s, VIL, "move LO01 1205-1204-1203");
    assert_eq!(s.units_at(hex("1203")).count(), 6);
}

#[test]
fn fury_6_5_treasure_counts_as_a_villager_non_combatant() {
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "WO01", "1203");
    put(&mut s, "WO02", "1203");
    // TR01 was recovered from the Vikings: the Militia may escort it.
    put(&mut s, "MI01", "1201");
    put(&mut s, "TR01", "1201");
    let e = refuse(&mut s, VIL, "move MI01+TR01 1201-1202-1203");
    assert_eq!(e.rule, "6.3");
    act(&mut s, VIL, "move MI01+TR01 1201-1202");
    assert_eq!(place_of(&s, "TR01"), on("1202"));
}

#[test]
fn fury_h_stk_1_preset_treasure_does_not_count_until_taken() {
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "TR06", "1320");
    s.unit_mut(id(&s, "TR06")).preset = true;
    put(&mut s, "WO01", "1320");
    put(&mut s, "WO02", "1319");
    act(&mut s, VIL, "move WO02 1319-1320");
    assert_eq!(place_of(&s, "WO02"), on("1320"));
    // Once the Treasure has been through Viking hands it counts.
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "TR06", "1320");
    put(&mut s, "WO01", "1320");
    put(&mut s, "WO02", "1319");
    let e = refuse(&mut s, VIL, "move WO02 1319-1320");
    assert_eq!(e.rule, "6.3");
}

#[test]
fn fury_h_stk_1_a_viking_taking_preset_treasure_makes_it_count() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "TR06", "1320");
    s.unit_mut(id(&s, "TR06")).preset = true;
    put(&mut s, "VI01", "1319");
    // VI01 takes the Treasure, then the Granary is sacked: a 6 finds nothing new.
    dice(&mut s, &[6]);
    let ev = act(&mut s, VIK, "move VI01 1319-1320");
    assert_eq!(
        happened(&ev),
        [
            (
                "5.1",
                FuryEvent::Moved {
                    units: vec![u("VI01")],
                    path: hexes("1319-1320"),
                    landing: false
                }
            ),
            (
                "H-TRS-1",
                FuryEvent::TakesTreasure {
                    unit: u("VI01"),
                    treasure: u("TR06")
                }
            ),
            (
                "9.2",
                FuryEvent::Sacked {
                    hex: hex("1320"),
                    roll: 6,
                    found: None
                }
            )
        ]
    );
    assert!(!s.unit(id(&s, "TR06")).preset);
}

// ---------------------------------------------------------------- 10.3 Fire, H-FIRE

#[test]
fn fury_10_3_no_movement_into_or_through_a_fired_hex() {
    let mut s = board(Phase::VikingMovement);
    s.fired.insert(hex("1203"));
    put(&mut s, "VI01", "1201");
    let e = refuse(&mut s, VIK, "move VI01 1201-1202-1203");
    assert_eq!(e.rule, "10.3");
    let e = refuse(&mut s, VIK, "move VI01 1201-1202-1203-1204");
    assert_eq!(e.rule, "10.3");
    let mut s = board(Phase::VillagerMovement);
    s.fired.insert(hex("1203"));
    put(&mut s, "MI01", "1202");
    let e = refuse(&mut s, VIL, "move MI01 1202-1203");
    assert_eq!(e.rule, "10.3");
}

#[test]
fn fury_10_3_the_fire_setter_must_leave_in_its_next_movement_phase() {
    let mut s = board(Phase::VikingFire);
    put(&mut s, "VI01", "1203");
    hold(&mut s, "VI01", "WO01");
    dice(&mut s, &[2]);
    let ev = act(&mut s, VIK, "fire 1203");
    assert_eq!(
        happened(&ev),
        [(
            "10.2",
            FuryEvent::Fire {
                hex: hex("1203"),
                roll: 2,
                need: 4,
                burns: true
            }
        )]
    );
    assert!(s.unit(id(&s, "VI01")).must_leave);
    next_viking_movement(&mut s);
    let e = refuse(&mut s, VIK, "end");
    assert_eq!(e.rule, "10.3");
    // It leaves with its captive.
    act(&mut s, VIK, "move VI01 1203-1204");
    assert_eq!(s.hex_of(id(&s, "WO01")), Some(hex("1204")));
    assert!(!s.unit(id(&s, "VI01")).must_leave);
    act(&mut s, VIK, "end");
}

#[test]
fn fury_h_fire_chiefs_with_the_setter_must_leave_too() {
    let mut s = board(Phase::VikingFire);
    put(&mut s, "VI01", "1203");
    put(&mut s, "VC01", "1203");
    dice(&mut s, &[1]);
    act(&mut s, VIK, "fire 1203");
    next_viking_movement(&mut s);
    act(&mut s, VIK, "move VI01 1203-1204");
    let e = refuse(&mut s, VIK, "end");
    assert_eq!(e.rule, "10.3");
    act(&mut s, VIK, "move VC01 1203-1202");
    act(&mut s, VIK, "end");
    assert_eq!(place_of(&s, "VC01"), on("1202"));
}

#[test]
fn fury_h_fire_a_unit_that_cannot_leave_its_fire_perishes_with_its_loot() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1203");
    hold(&mut s, "VI01", "WO01");
    hold(&mut s, "VI01", "TR01");
    s.unit_mut(id(&s, "VI01")).must_leave = true;
    // The hex and all six around it burn.
    for h in ["1203", "1202", "1303", "1304", "1204", "1104", "1103"] {
        s.fired.insert(hex(h));
    }
    let ev = act(&mut s, VIK, "end");
    assert_eq!(
        happened(&ev),
        [
            ("H-FIRE", FuryEvent::PerishedInFire { unit: u("VI01") }),
            (
                "4.0",
                FuryEvent::PhaseBegins {
                    turn: 2,
                    phase: Phase::VikingCombat
                }
            )
        ]
    );
    assert_eq!(place_of(&s, "VI01"), Place::Eliminated);
    assert_eq!(place_of(&s, "WO01"), Place::Lost);
    assert_eq!(place_of(&s, "TR01"), Place::Lost);
}

#[test]
fn fury_h_fire_no_fire_where_villager_units_or_loose_treasure_lie() {
    let mut s = board(Phase::VikingFire);
    put(&mut s, "VI01", "1203");
    put(&mut s, "WO01", "1203");
    let e = refuse(&mut s, VIK, "fire 1203");
    assert_eq!(e.rule, "H-FIRE");
    // A full Viking next to a Treasure he could not take.
    put(&mut s, "VI02", "1205");
    hold(&mut s, "VI02", "WO02");
    hold(&mut s, "VI02", "WO03");
    put(&mut s, "TR01", "1205");
    let e = refuse(&mut s, VIK, "fire 1205");
    assert_eq!(e.rule, "H-FIRE");
    // Treasure he escorts is no obstacle.
    put(&mut s, "VI03", "1401");
    hold(&mut s, "VI03", "TR02");
    dice(&mut s, &[4]);
    act(&mut s, VIK, "fire 1401");
    assert!(s.fired.contains(hex("1401")));
}

#[test]
fn fury_h_fire_a_stunned_unit_may_not_set_a_fire() {
    let mut s = board(Phase::VikingFire);
    put(&mut s, "VI01", "1203");
    s.unit_mut(id(&s, "VI01")).stunned_until = Some((3, Phase::VikingMovement));
    let e = refuse(&mut s, VIK, "fire 1203");
    assert_eq!(e.rule, "10.1");
    assert!(!is_legal(&s, VIK, "fire 1203"));
}

#[test]
fn fury_h_fire_a_fired_building_cannot_be_entered_so_yields_no_treasure() {
    let mut s = board(Phase::VikingMovement);
    s.fired.insert(hex("0609"));
    put(&mut s, "VI01", "0608");
    let e = refuse(&mut s, VIK, "move VI01 0608-0609");
    assert_eq!(e.rule, "10.3");
    assert!(!s.sacked.contains(hex("0609")));
}

// ---------------------------------------------------------------- depth

#[test]
fn fury_5_4_1_cavalry_goes_twelve_hexes_along_the_road() {
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "CA01", "0803");
    let road = "0803-0804-0805-0806-0807-0808-0809-0810-0811-0812-0912-1012-1112";
    let e = refuse(&mut s, VIL, &format!("move CA01 {road}-1113"));
    assert_eq!(e.rule, "5.1");
    act(&mut s, VIL, &format!("move CA01 {road}"));
    assert_eq!(place_of(&s, "CA01"), on("1112"));
}

#[test]
fn fury_5_1_no_movement_in_the_combat_phases() {
    let mut s = board(Phase::VikingCombat);
    put(&mut s, "VI01", "1201");
    let e = refuse(&mut s, VIK, "move VI01 1201-1202");
    assert_eq!(e.rule, "4.0");
    let mut s = board(Phase::VillagerCombat);
    put(&mut s, "MI01", "1201");
    let e = refuse(&mut s, VIL, "move MI01 1201-1202");
    assert_eq!(e.rule, "4.0");
}

#[test]
fn fury_h_dw_e_a_stunned_unit_may_not_move() {
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    s.unit_mut(id(&s, "VI01")).stunned_until = Some((2, Phase::VikingCombat));
    let e = refuse(&mut s, VIK, "move VI01 1201-1202");
    assert_eq!(e.rule, "7.11");
    // Stunned until turn 2's Viking Combat Phase: free again by turn 3.
    next_viking_movement(&mut s);
    act(&mut s, VIK, "move VI01 1201-1202");
}

#[test]
fn fury_6_0_a_villager_leader_stack_moves_at_its_slowest() {
    let mut s = board(Phase::VillagerMovement);
    // Knight MA 4, Lord MA 3.
    put(&mut s, "KN01", "1201");
    put(&mut s, "LO01", "1201");
    let e = refuse(&mut s, VIL, "move KN01+LO01 1201-1202-1203-1204-1205");
    assert_eq!(e.rule, "5.1");
    act(&mut s, VIL, "move KN01+LO01 1201-1202-1203-1204");
    assert_eq!(place_of(&s, "LO01"), on("1204"));
}

#[test]
fn fury_5_5_an_animal_with_vikings_but_no_villager_escort_still_wanders() {
    let mut s = board(Phase::VikingFire);
    put(&mut s, "AN03", "1103");
    put(&mut s, "VI01", "1103");
    dice(&mut s, &[4]);
    assert_eq!(
        wander(&mut s),
        [wanders("AN03", 4, Wander::To(hex("1104")))]
    );
}

#[test]
fn fury_5_7_the_offered_path_avoids_rousing_the_village() {
    let mut s = board(Phase::VikingMovement);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1201");
    // MI01 at 1102 is next to 1202 but not to 1302, 1303 or 1203.
    put(&mut s, "MI01", "1102");
    assert!(is_legal(&s, VIK, "move VI01 1201-1302-1303-1203"));
    assert!(!is_legal(&s, VIK, "move VI01 1201-1202-1203"));
    act(&mut s, VIK, "move VI01 1201-1302-1303-1203");
    assert!(!s.lock_lifted);
}

#[test]
fn fury_13_3_a_hagars_folly_has_no_mobility_lock() {
    let s = ready("hagars-folly", &["0802", "0902"]);
    assert!(s.lock_lifted);
    let s = ready("basic", &["0802"]);
    assert!(!s.lock_lifted);
}

#[test]
fn fury_10_3_a_failed_fire_need_not_be_left() {
    let mut s = board(Phase::VikingFire);
    put(&mut s, "VI01", "1203");
    dice(&mut s, &[5]);
    let ev = act(&mut s, VIK, "fire 1203");
    assert_eq!(
        happened(&ev),
        [(
            "10.2",
            FuryEvent::Fire {
                hex: hex("1203"),
                roll: 5,
                need: 4,
                burns: false
            }
        )]
    );
    assert!(!s.unit(id(&s, "VI01")).must_leave);
    next_viking_movement(&mut s);
    act(&mut s, VIK, "end");
    assert_eq!(place_of(&s, "VI01"), on("1203"));
}

#[test]
fn fury_5_3_landing_on_a_ship_hex_held_by_the_enemy_ends_the_move_there() {
    let mut s = bare("basic", &["0802"], 3, Phase::VikingMovement);
    // Militia stand on the unguarded Ship's hex; VI01 is still aboard.
    s.unit_mut(id(&s, "VI01")).place = Place::Aboard;
    put(&mut s, "MI01", "0802");
    let e = refuse(&mut s, VIK, "move VI01 0802-0803");
    assert_eq!(e.rule, "5.3");
    assert!(!is_legal(&s, VIK, "move VI01 0802-0803"));
    assert!(is_legal(&s, VIK, "move VI01 0802"));
    act(&mut s, VIK, "move VI01 0802");
    assert_eq!(place_of(&s, "VI01"), on("0802"));
}

#[test]
fn fury_gap_21_h_land_from_0107_only_fifteen_units_can_land_and_the_rest_stay_aboard() {
    let mut s = ready("basic", &["0107"]);
    // The 15 hexes an MA-4 unit reaches from 0107 (the Ship hex costs 1), each by a
    // cheapest path; the Keep hill and the Manor enclosure stop movement.
    let paths = [
        "0107",
        "0107-0108",
        "0107-0108-0109",
        "0107-0108-0109-0110",
        "0107-0206",
        "0107-0207",
        "0107-0108-0208",
        "0107-0108-0109-0209",
        "0107-0206-0306-0305",
        "0107-0206-0306",
        "0107-0206-0307",
        "0107-0207-0308",
        "0107-0108-0208-0309",
        "0107-0206-0306-0405",
        "0107-0206-0306-0406",
    ];
    for (n, path) in paths.iter().enumerate() {
        act(&mut s, VIK, &format!("move VI{:02} {path}", n + 1));
    }
    // Nowhere is left for a sixteenth (0110 and 0305 were reached with nothing to spare).
    let e = refuse(&mut s, VIK, "move VI16 0107-0108-0109-0110-0111");
    assert_eq!(e.rule, "5.1");
    // Chiefs stack with anyone, so they can and must still land.
    let e = refuse(&mut s, VIK, "end");
    assert_eq!(e.rule, "5.8");
    act(&mut s, VIK, "move VC01 0107");
    act(&mut s, VIK, "move VC02 0107-0108");
    act(&mut s, VIK, "end");
    let aboard: Vec<String> = s
        .units
        .iter()
        .filter(|u| u.place == Place::Aboard)
        .map(|u| u.code())
        .collect();
    assert_eq!(
        aboard,
        ["VI16", "VA01", "VA02", "VA03", "VA04", "VA05", "VB01", "VB02"]
    );
    assert_eq!(s.ships[0].landed, 15);
}

#[test]
fn fury_3_3_the_default_layout_is_legal_in_every_scenario() {
    for sc in Fury::scenarios() {
        let mut s2 = fresh(sc.id);
        act(&mut s2, VIL, "setup default");
        for u in s2.units.iter().filter(|u| u.side() == VIL) {
            assert!(matches!(u.place, Place::OnMap(_)), "{} {}", sc.id, u.code());
        }
        for h in super::super::data::data().grid.hexes() {
            assert!(s2.stacking_ok(h, VIL, &[]), "{} {h:?}", sc.id);
            // The two Stables Animals start inside as a setup exception (GAP-27).
            for u in s2.units_at(h).filter(|&u| !s2.unit(u).from_stables) {
                assert!(s2.may_enter(u, h), "{} {}", sc.id, s2.unit(u).code());
            }
        }
    }
}

#[test]
fn fury_gap_27_stables_animals_may_be_led_out_but_not_back_in() {
    let mut s = board(Phase::VillagerMovement);
    put(&mut s, "AN01", "1518");
    put(&mut s, "MI01", "1518");
    act(&mut s, VIL, "move MI01+AN01 1518-1517");
    assert_eq!(place_of(&s, "AN01"), on("1517"));
    next_viking_movement(&mut s);
    act(&mut s, VIK, "end");
    act(&mut s, VIK, "end");
    act(&mut s, VIK, "end");
    let e = refuse(&mut s, VIL, "move MI01+AN01 1517-1518");
    assert_eq!(e.rule, "5.4.2");
}

#[test]
fn fury_5_7_locked_villagers_may_not_move_women_or_leaders_either() {
    let mut s = board(Phase::VillagerMovement);
    s.lock_lifted = false;
    put(&mut s, "WO01", "1201");
    put(&mut s, "KN01", "1301");
    let e = refuse(&mut s, VIL, "move WO01 1201-1202");
    assert_eq!(e.rule, "5.7");
    let e = refuse(&mut s, VIL, "move KN01 1301-1302");
    assert_eq!(e.rule, "5.7");
}

#[test]
fn fury_5_6_the_viking_abandons_captives_in_his_movement_or_combat_phase() {
    let mut s = board(Phase::VikingCombat);
    put(&mut s, "VI01", "1203");
    hold(&mut s, "VI01", "WO01");
    hold(&mut s, "VI01", "TR01");
    act(&mut s, VIK, "abandon TR01");
    assert_eq!(place_of(&s, "TR01"), on("1203"));
    act(&mut s, VIK, "end");
    assert_eq!(s.phase, Phase::VikingFire);
    let e = refuse(&mut s, VIK, "abandon WO01");
    assert_eq!(e.rule, "5.6");
}

#[test]
fn fury_5_4_2_a_voluntary_move_off_the_map_cannot_be_written() {
    // Off-map moves only lose the unit, so they are not offered (RULINGS 5.4.2): the
    // notation has no hex beyond column 20 and nothing in the legal list leaves.
    let mut s = board(Phase::VikingMovement);
    put(&mut s, "VI01", "2010");
    assert!(super::super::notation::parse_action(&s, "move VI01 2010-2110").is_err());
    assert!(rules_texts(&s, VIK).iter().all(|t| !t.starts_with("move")
        || t.split(' ').nth(2).is_some_and(|p| p
            .split('-')
            .all(|h| h.len() == 4 && &h[..2] <= "20" && &h[2..] <= "22"))));
}

#[test]
fn fury_3_3_placement_keeps_room_for_units_still_to_place() {
    // The Monastery's three hexes hold six combatants; three Monks must go there. Once
    // Militia have taken three places, no more Militia may enter it while the Monks
    // wait, and each Monk still finds a place.
    let mut s = fresh("basic");
    for (m, h) in [("MI01", "1716"), ("MI02", "1716"), ("MI03", "1717")] {
        act(&mut s, VIL, &format!("place {m} {h}"));
    }
    let e = refuse(&mut s, VIL, "place MI04 1717");
    assert_eq!(e.rule, "3.3");
    assert!(e.message.contains("no room for the monk"), "{}", e.message);
    assert!(!is_legal(&s, VIL, "place MI04 1816"));
    act(&mut s, VIL, "place MO01 1717");
    act(&mut s, VIL, "place MO02 1816");
    act(&mut s, VIL, "place MO03 1816");
    // With the Monks placed the Monastery's last place is open to anyone again.
    assert_eq!(place_of(&s, "MO03"), on("1816"));
    act(&mut s, VIL, "setup default");
    act(&mut s, VIL, "end");
}

#[test]
fn fury_3_3_default_layout_fills_the_listed_hexes_in_order() {
    // scenarios.json lists one hex per unit: the n-th Cavalry, Monk and Monastery
    // Treasure go to the n-th hex of their list.
    let mut s = fresh("basic");
    act(&mut s, VIL, "setup default");
    for (code, hex) in [
        ("CA01", "1219"),
        ("CA02", "0813"),
        ("CA03", "1517"),
        ("MO01", "1716"),
        ("MO02", "1717"),
        ("MO03", "1816"),
        ("TR07", "1716"),
        ("TR08", "1717"),
        ("KN01", "0212"),
        ("AB01", "1716"),
    ] {
        assert_eq!(place_of(&s, code), on(hex), "{code}");
    }
}

#[test]
fn fury_5_8_a_landing_unit_may_not_re_embark_in_the_same_move() {
    // 5.8: every unit is brought onto the map; stepping onto the Ship hex and straight
    // back aboard would keep it off the map.
    let mut s = ready("basic", &["0802"]);
    let e = refuse(&mut s, VIK, "embark VI01 0802");
    assert_eq!(e.rule, "5.8");
    assert!(!is_legal(&s, VIK, "embark VI01 0802"));
    act(&mut s, VIK, "move VI01 0802-0803");
    assert_eq!(place_of(&s, "VI01"), on("0803"));
}

/// The movement search and the occupancy keep hexes in bit sets of `HEX_WORDS` words
/// (speed, issue 8): the map (FN-H1, 20 x 22 hexes) must fit in them.
#[test]
fn fury_map_fits_the_hex_bit_sets() {
    let grid = &super::super::data::data().grid;
    assert_eq!(grid.len(), 440);
    assert!(grid.len() <= super::super::state::HEX_WORDS * 64);
}

/// 6.0-6.5, 5.3, 5.7: the counts of who stands where that a move keeps up to date for
/// the next one (instead of counting again) say of every hex what a fresh count says,
/// all through random games of every scenario.
#[test]
fn rule_6_0_counts_kept_through_moves_match_a_fresh_count() {
    use super::super::data::data;
    use super::super::occupancy::Occupancy;
    use crate::engine::{Chance, Turn};
    let mut compared = 0;
    for sc in Fury::scenarios() {
        let options = Fury::options(sc.id).expect("scenario");
        for seed in 1..=3u64 {
            let mut state = Fury::setup(&options, seed);
            let mut rng = Chance::new(seed);
            for _ in 0..20_000 {
                let Turn::Decide(seats) = Fury::to_act(&state) else {
                    break;
                };
                let Some(&seat) = seats.first() else { break };
                let Some(action) = Fury::random_action(&state, seat, &mut rng) else {
                    break;
                };
                Fury::apply(&mut state, seat, &action).expect("a drawn action applies");
                let Some(kept) = Occupancy::reclaim(&state) else {
                    continue;
                };
                let fresh = Occupancy::of(&state);
                for i in 0..data().grid.len() {
                    for side in [Side::Viking, Side::Villager] {
                        assert_eq!(kept.any(side, i), fresh.any(side, i), "{i}");
                        assert_eq!(kept.defenders(side, i), fresh.defenders(side, i));
                        assert_eq!(kept.attack(side, i), fresh.attack(side, i));
                    }
                    assert_eq!(kept.viking_fighters(i), fresh.viking_fighters(i));
                    assert_eq!(kept.viking_loot(i), fresh.viking_loot(i));
                    assert_eq!(kept.villager_fighters(i), fresh.villager_fighters(i));
                    assert_eq!(kept.villager_others(i), fresh.villager_others(i));
                    assert_eq!(kept.rouses(i), fresh.rouses(i));
                    assert_eq!(kept.ship(i), fresh.ship(i));
                }
                compared += 1;
                // Handed back, so the next draw finds it as it would have.
                kept.lend(&state);
            }
        }
    }
    assert!(compared > 100, "only {compared} kept counts met");
}
