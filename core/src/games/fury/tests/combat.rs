//! Rule tests for combat and what follows from it: 7.0 Combat (odds, Leaders, terrain,
//! Archery, retreats, zero strengths, Divine Wrath), 8.0 Capture, 9.0 Treasure,
//! 10.0 Fire, 11.0-13.0 Victory, and the full CRT and Capture tables.
//!
//! Expected values are worked out by hand from the rulebook, the brief (tables 2.3,
//! 2.4, GAP-04, GAP-05 and the house rulings) and the FN-H1 map (GAP-01). Hexes used
//! often: 1010 is Clear with Clear neighbours 1009 (N), 1110 (NE), 1011 (S), 0911 (SW)
//! and 0910 (NW), and the starred house 1111 (SE).

use super::super::combat::{crt_column, CRT_COLUMNS};
use super::super::data::CrtResult;
use super::super::state::{FuryState, Pending, Phase, Place};
use super::super::units::Side;
use super::support::*;

const VIK: Side = Side::Viking;
const VIL: Side = Side::Villager;

fn place(s: &FuryState, code: &str) -> Place {
    s.unit(id(s, code)).place
}

fn on(label: &str) -> Place {
    Place::OnMap(hex(label))
}

fn held(s: &FuryState, escort: &str) -> Place {
    Place::Held(id(s, escort))
}

/// A Basic game with the Ship at 0802, turn 3, at `phase`.
fn basic(phase: Phase) -> FuryState {
    bare("basic", &["0802"], 3, phase)
}

fn retreat_of(s: &FuryState, code: &str) -> Pending {
    Pending::Retreat { unit: id(s, code) }
}

// ---------------------------------------------------------------- 7.1-7.3

#[test]
fn fury_7_2_odds_rounded_down_rulebook_example() {
    // 7.2: "A Viking 4-3-4 Infantry unit attacks a Villager 2(2)-2-3 Regular Infantry
    // unit ... 4 to 2 ... a 2 to 1 attack." Roll 3 on 2-1 is DR.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "RI01", "1010");
    dice(&mut s, &[3]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        texts(&ev),
        ["[7.2] VI01 attack RI01 in 1010: 4 to 2 = 2-1; roll 3: DR"]
    );
    // The owner of the retreating unit chooses its hex (7.7).
    assert_eq!(s.pending, [retreat_of(&s, "RI01")]);
    refuse(&mut s, VIK, "retreat RI01 1011");
    act(&mut s, VIL, "retreat RI01 1011");
    assert_eq!(place(&s, "RI01"), on("1011"));
    assert_eq!(place(&s, "VI01"), on("1010"));
    assert!(s.pending.is_empty());
}

#[test]
fn fury_7_2_odds_columns_round_down_and_clamp() {
    // (attack, defence, column), worked out from 7.2 and the thresholds of table 2.3.
    let cases = [
        (4, 2, "2-1"),
        (5, 2, "2-1"),
        (7, 2, "3-1"),
        (8, 2, "4-1"),
        (20, 1, "4-1"), // above 4-1 counts as 4-1
        (4, 4, "1-1"),
        (7, 4, "1-1"),
        (11, 4, "2-1"),
        (12, 4, "3-1"),
        (3, 4, "1-2"),
        (1, 2, "1-2"),
        (2, 5, "1-3"),
        (2, 6, "1-3"),
        (1, 3, "1-3"),
        (2, 7, "1-4"),
        (1, 4, "1-4"),
        (1, 6, "1-4"), // below 1-4 counts as 1-4
        (1, 30, "1-4"),
    ];
    for (a, d, col) in cases {
        assert_eq!(CRT_COLUMNS[crt_column(a, d)], col, "{a} to {d}");
    }
}

#[test]
fn fury_7_1_combat_is_mandatory() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    assert_eq!(refuse(&mut s, VIK, "end").rule, "7.1");
    assert!(!is_legal(&s, VIK, "end"));
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        texts(&ev),
        [
            "[7.2] VI01 attack MI01 in 1010: 4 to 1 = 4-1; roll 1: DE",
            "[7.2] MI01 is eliminated"
        ]
    );
    assert_eq!(place(&s, "MI01"), Place::Eliminated);
    act(&mut s, VIK, "end");
    assert_eq!(s.phase, Phase::VikingFire);
}

#[test]
fn fury_7_1_villager_combat_is_mandatory_too() {
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    assert_eq!(refuse(&mut s, VIL, "end").rule, "7.1");
    // 1 to 3 = 1-3; roll 3 is AR: the Militia falls back.
    dice(&mut s, &[3]);
    let ev = act(&mut s, VIL, "attack 1010");
    assert_eq!(
        texts(&ev),
        ["[7.2] MI01 attack VI01 in 1010: 1 to 3 = 1-3; roll 3: AR"]
    );
    act(&mut s, VIL, "retreat MI01 1011");
    assert_eq!(place(&s, "MI01"), on("1011"));
    act(&mut s, VIL, "end");
    assert_eq!((s.turn, s.phase), (4, Phase::VikingMovement));
}

#[test]
fn fury_h_mand_1_women_impose_no_combat() {
    // A hex holding only Women (no Defense Strength) imposes no mandatory combat, and
    // cannot be attacked normally.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "WO01", "1010");
    assert!(!is_legal(&s, VIK, "attack 1010"));
    assert_eq!(refuse(&mut s, VIK, "attack 1010").rule, "7.2");
    act(&mut s, VIK, "end");
    assert_eq!(place(&s, "WO01"), on("1010"));
}

#[test]
fn fury_h_mand_1_lone_leader_attacked_with_the_priests() {
    // The Bishop with only Priests: the defending total is 0, so all are eliminated
    // without a roll (7.9, H-LDR-1).
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "PR01", "1010");
    put(&mut s, "BI01", "1010");
    dice(&mut s, &[6]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        texts(&ev),
        [
            "[7.9] VI01 attack PR01+BI01 in 1010: no defence, all eliminated",
            "[7.9] PR01 is eliminated",
            "[7.9] BI01 is eliminated"
        ]
    );
    assert_eq!(s.chance.scripted_left(), 1, "no die is rolled");
    act(&mut s, VIK, "end");
}

#[test]
fn fury_h_mand_1_lone_leader_spared_for_capture() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "PR01", "1010");
    put(&mut s, "BI01", "1010");
    assert!(is_legal(&s, VIK, "attack 1010 spare BI01"));
    let ev = act(&mut s, VIK, "attack 1010 spare BI01");
    assert_eq!(
        texts(&ev),
        [
            "[7.9] VI01 attack PR01 in 1010: no defence, all eliminated",
            "[7.9] PR01 is eliminated"
        ]
    );
    assert_eq!(place(&s, "BI01"), on("1010"));
    // The spared Leader must still be tried: the mandatory combat is not yet met.
    assert_eq!(refuse(&mut s, VIK, "end").rule, "7.1");
    // Bishop Capture Defense 2: 4 to 2 = 2-1; roll 3 captures.
    dice(&mut s, &[3]);
    let ev = act(&mut s, VIK, "capture VI01 BI01");
    assert_eq!(
        texts(&ev),
        ["[8.1] VI01 tries to Capture BI01: 4 to 2 = 2-1; roll 3: Captured"]
    );
    assert_eq!(place(&s, "BI01"), held(&s, "VI01"));
    act(&mut s, VIK, "end");
}

#[test]
fn fury_h_mand_1_leader_cannot_be_spared_when_capture_is_impossible() {
    // An Archer (Attack 2) against the Knight (Capture Defense 3, doubled in the house
    // 0909: 6): 2 to 6 is below 1-2, so no Capture is permitted (8.1) and the Knight
    // cannot be left out of the attack.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "0909");
    put(&mut s, "PR01", "0909");
    put(&mut s, "KN01", "0909");
    assert!(!is_legal(&s, VIK, "attack 0909 spare KN01"));
    assert_eq!(
        refuse(&mut s, VIK, "attack 0909 spare KN01").rule,
        "H-MAND-1"
    );
    assert!(is_legal(&s, VIK, "attack 0909"));
}

#[test]
fn fury_h_mand_1_leader_with_a_combatant_cannot_be_spared() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "KN01", "1010");
    assert_eq!(
        refuse(&mut s, VIK, "attack 1010 spare KN01").rule,
        "H-MAND-1"
    );
}

#[test]
fn fury_7_2_no_unit_attacks_or_is_attacked_twice_per_phase() {
    // VA01 (1010) shoots MI01 (1009): 3 to 1 = 3-1; roll 6 is EX, ignored by Archery.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "1010");
    put(&mut s, "VA02", "1110");
    put(&mut s, "MI01", "1009");
    put(&mut s, "MI02", "0910");
    dice(&mut s, &[6]);
    let ev = act(&mut s, VIK, "archery VA01 1009");
    assert_eq!(
        texts(&ev),
        [
            "[7.6] VA01 shoot at MI01 in 1009: 3 to 1 = 3-1; roll 6: EX",
            "[7.6] Archery ignores that result: no effect"
        ]
    );
    assert_eq!(place(&s, "MI01"), on("1009"));
    assert_eq!(place(&s, "VA01"), on("1010"));
    // VA01 has attacked: not again.
    assert_eq!(refuse(&mut s, VIK, "archery VA01 0910").rule, "7.2");
    // MI01 has been attacked: not again, even by another Archer in range.
    assert_eq!(refuse(&mut s, VIK, "archery VA02 1009").rule, "7.6");
    assert!(is_legal(&s, VIK, "archery VA02 0910"));
}

#[test]
fn fury_7_3_stack_totals_and_captured_units_do_not_count() {
    // MI01 + RI01 (1 + 2) attack VI01 (3), which escorts a captured Woman: 3 to 3 = 1-1;
    // roll 2 is DR. The Woman neither defends nor retreats (7.3, 7.7).
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "WO01", "1010");
    hold(&mut s, "VI01", "WO01");
    put(&mut s, "MI01", "1010");
    put(&mut s, "RI01", "1010");
    dice(&mut s, &[2]);
    let ev = act(&mut s, VIL, "attack 1010");
    assert_eq!(
        texts(&ev),
        ["[7.2] MI01+RI01 attack VI01 in 1010: 3 to 3 = 1-1; roll 2: DR"]
    );
    assert_eq!(s.pending, [retreat_of(&s, "VI01")]);
    let ev = act(&mut s, VIK, "retreat VI01 0910");
    assert_eq!(
        texts(&ev),
        [
            "[8.5] WO01 is left behind in 1010 and reverts to the Villager",
            "[7.7] VI01 retreats to 0910"
        ]
    );
    assert_eq!(place(&s, "VI01"), on("0910"));
    assert_eq!(place(&s, "WO01"), on("1010"));
}

// ---------------------------------------------------------------- 7.4 Leaders

#[test]
fn fury_7_4_leader_shift_rulebook_example_chief() {
    // 7.4: a 4-3-4 with a Chief attacks two 1-1-3s: 4 to 2 = 2-1, shifted to 3-1.
    // Roll 3: DE on 3-1 (it would be DR on 2-1).
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "VC01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "MI02", "1010");
    dice(&mut s, &[3]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        texts(&ev),
        [
            "[7.4] VI01+VC01 attack MI01+MI02 in 1010: 4 to 2 = 2-1, Leader shift to 3-1; roll 3: DE",
            "[7.2] MI01 is eliminated",
            "[7.2] MI02 is eliminated"
        ]
    );
}

#[test]
fn fury_7_4_leader_shift_rulebook_example_villager_leader() {
    // 7.4: "... stacked with a Leader instead ... reduced ... to a 1-1". Roll 2: DR on
    // 1-1 (it would be DE on 2-1). The Knight is stacked with combatants: 8.6 roll due.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "MI02", "1010");
    put(&mut s, "KN01", "1010");
    dice(&mut s, &[2]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        texts(&ev),
        ["[7.4] VI01 attack MI01+MI02+KN01 in 1010: 4 to 2 = 2-1, Leader shift to 1-1; roll 2: DR"]
    );
    assert_eq!(
        s.pending,
        [
            Pending::LeaderRoll {
                leader: id(&s, "KN01"),
                result: CrtResult::DR
            },
            retreat_of(&s, "MI01"),
            retreat_of(&s, "MI02"),
        ]
    );
}

#[test]
fn fury_7_4_leader_shift_is_not_cumulative() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "VC01", "1010");
    put(&mut s, "VC02", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "MI02", "1010");
    dice(&mut s, &[3]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        texts(&ev)[0],
        "[7.4] VI01+VC01+VC02 attack MI01+MI02 in 1010: 4 to 2 = 2-1, Leader shift to 3-1; roll 3: DE"
    );
}

#[test]
fn fury_h_ldr_2_leaders_on_both_sides_cancel() {
    // Chief and Knight both present: net shift 0, the raw 2-1 stands. Roll 3: DR.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "VC01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "MI02", "1010");
    put(&mut s, "KN01", "1010");
    dice(&mut s, &[3]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        texts(&ev),
        ["[7.2] VI01+VC01 attack MI01+MI02+KN01 in 1010: 4 to 2 = 2-1; roll 3: DR"]
    );
}

#[test]
fn fury_h_odds_1_clamp_then_shift() {
    // MI01 + KN01 (1) attack VI01 in Woods (3 doubled: 6): 1 to 6 clamps to 1-4, then
    // the Knight shifts it to 1-3 (not 1-6 -> 1-5 -> 1-4). Roll 1: DR on 1-3 (EX on
    // 1-4).
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VI01", "1504");
    put(&mut s, "MI01", "1504");
    put(&mut s, "KN01", "1504");
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIL, "attack 1504");
    assert_eq!(
        texts(&ev),
        ["[7.4] MI01+KN01 attack VI01 in 1504: 1 to 6 (defence doubled) = 1-4, Leader shift to 1-3; roll 1: DR"]
    );
    assert_eq!(s.pending, [retreat_of(&s, "VI01")]);
}

#[test]
fn fury_h_odds_1_shift_beyond_4_1_stays_4_1() {
    // VB01 + VC01: 6 to 1 = 4-1; the shift has no column to go to. Roll 5: DR on 4-1.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VB01", "1010");
    put(&mut s, "VC01", "1010");
    put(&mut s, "MI01", "1010");
    dice(&mut s, &[5]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        texts(&ev),
        ["[7.4] VB01+VC01 attack MI01 in 1010: 6 to 1 = 4-1, Leader shift to 4-1; roll 5: DR"]
    );
}

#[test]
fn fury_7_4_leaders_do_not_shift_archery() {
    // VA01 with a Chief shoots MI01 + MI02 + the Knight: 3 to 2 = 1-1, no shift either
    // way. Roll 2: DR; no 8.6 roll after Archery, all three fall back.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "1010");
    put(&mut s, "VC01", "1010");
    put(&mut s, "MI01", "1009");
    put(&mut s, "MI02", "1009");
    put(&mut s, "KN01", "1009");
    dice(&mut s, &[2]);
    let ev = act(&mut s, VIK, "archery VA01 1009");
    assert_eq!(
        texts(&ev),
        ["[7.6] VA01 shoot at MI01+MI02+KN01 in 1009: 3 to 2 = 1-1; roll 2: DR"]
    );
    assert_eq!(
        s.pending,
        [
            retreat_of(&s, "MI01"),
            retreat_of(&s, "MI02"),
            retreat_of(&s, "KN01")
        ]
    );
}

#[test]
fn fury_7_4_leaders_do_not_shift_capture() {
    // VI01 with a Chief tries the Lord (Capture Defense 2): 4 to 2 = 2-1, no shift.
    // Roll 4 fails on 2-1 (it would capture on 3-1).
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "VC01", "1010");
    put(&mut s, "LO01", "1010");
    dice(&mut s, &[4]);
    let ev = act(&mut s, VIK, "capture VI01 LO01");
    assert_eq!(
        texts(&ev)[0],
        "[8.1] VI01 tries to Capture LO01: 4 to 2 = 2-1; roll 4: no effect"
    );
    assert_eq!(place(&s, "LO01"), on("1010"));
}

// ---------------------------------------------------------------- 7.5 terrain

#[test]
fn fury_7_5_buildings_double_defense() {
    // RI01 in the house 0909: 4 to 4 = 1-1; roll 1: DE. The house is then clear of
    // Villager combatants and is sacked (9.2): roll 3, nothing.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "0909");
    put(&mut s, "RI01", "0909");
    dice(&mut s, &[1, 3]);
    let ev = act(&mut s, VIK, "attack 0909");
    assert_eq!(
        texts(&ev),
        [
            "[7.2] VI01 attack RI01 in 0909: 4 to 4 (defence doubled) = 1-1; roll 1: DE",
            "[7.2] RI01 is eliminated",
            "[9.2] 0909 is sacked: roll 3, nothing found"
        ]
    );
    assert!(s.sacked.contains(hex("0909")));
}

#[test]
fn fury_7_5_woods_double_defense() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1504");
    put(&mut s, "RI01", "1504");
    dice(&mut s, &[2]);
    let ev = act(&mut s, VIK, "attack 1504");
    assert_eq!(
        texts(&ev),
        ["[7.2] VI01 attack RI01 in 1504: 4 to 4 (defence doubled) = 1-1; roll 2: DR"]
    );
}

#[test]
fn fury_7_5_keep_hill_and_enclosure_do_not_double() {
    for h in ["0411", "0507"] {
        let mut s = basic(Phase::VikingCombat);
        put(&mut s, "VI01", h);
        put(&mut s, "RI01", h);
        dice(&mut s, &[2]);
        let ev = act(&mut s, VIK, &format!("attack {h}"));
        assert_eq!(
            texts(&ev)[0],
            format!("[7.2] VI01 attack RI01 in {h}: 4 to 2 = 2-1; roll 2: DE")
        );
    }
}
