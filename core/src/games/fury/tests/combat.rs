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
use super::super::state::{FuryState, Pending, Phase, Place, UnitId};
use super::super::units::{Kind, Side};
use super::super::victory;
use super::super::{notation, rules};
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
        happened(&ev),
        [(
            "7.2",
            FuryEvent::Attack {
                attackers: vec![u("VI01")],
                defenders: vec![u("RI01")],
                hex: hex("1010"),
                attack: 4,
                defence: 2,
                doubled: false,
                odds: Odds::TwoToOne,
                shifted: None,
                roll: 3,
                result: CrtResult::DR
            }
        )]
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
        happened(&ev),
        [
            (
                "7.2",
                FuryEvent::Attack {
                    attackers: vec![u("VI01")],
                    defenders: vec![u("MI01")],
                    hex: hex("1010"),
                    attack: 4,
                    defence: 1,
                    doubled: false,
                    odds: Odds::FourToOne,
                    shifted: None,
                    roll: 1,
                    result: CrtResult::DE
                }
            ),
            ("7.2", FuryEvent::Eliminated { unit: u("MI01") })
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
        happened(&ev),
        [(
            "7.2",
            FuryEvent::Attack {
                attackers: vec![u("MI01")],
                defenders: vec![u("VI01")],
                hex: hex("1010"),
                attack: 1,
                defence: 3,
                doubled: false,
                odds: Odds::OneToThree,
                shifted: None,
                roll: 3,
                result: CrtResult::AR
            }
        )]
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
        happened(&ev),
        [
            (
                "7.9",
                FuryEvent::AttackUndefended {
                    attackers: vec![u("VI01")],
                    defenders: vec![u("PR01"), u("BI01")],
                    hex: hex("1010")
                }
            ),
            ("7.9", FuryEvent::Eliminated { unit: u("PR01") }),
            ("7.9", FuryEvent::Eliminated { unit: u("BI01") })
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
        happened(&ev),
        [
            (
                "7.9",
                FuryEvent::AttackUndefended {
                    attackers: vec![u("VI01")],
                    defenders: vec![u("PR01")],
                    hex: hex("1010")
                }
            ),
            ("7.9", FuryEvent::Eliminated { unit: u("PR01") })
        ]
    );
    assert_eq!(place(&s, "BI01"), on("1010"));
    // The spared Leader must still be tried: the mandatory combat is not yet met.
    assert_eq!(refuse(&mut s, VIK, "end").rule, "7.1");
    // Bishop Capture Defense 2: 4 to 2 = 2-1; roll 3 captures.
    dice(&mut s, &[3]);
    let ev = act(&mut s, VIK, "capture VI01 BI01");
    assert_eq!(
        happened(&ev),
        [(
            "8.1",
            FuryEvent::Capture {
                captor: u("VI01"),
                target: u("BI01"),
                attack: 4,
                defence: 2,
                odds: Odds::TwoToOne,
                roll: 3,
                captured: true
            }
        )]
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
        happened(&ev),
        [
            (
                "7.6",
                FuryEvent::Archery {
                    shooters: vec![u("VA01")],
                    defenders: vec![u("MI01")],
                    hex: hex("1009"),
                    attack: 3,
                    defence: 1,
                    doubled: false,
                    odds: Odds::ThreeToOne,
                    roll: 6,
                    result: CrtResult::EX
                }
            ),
            (
                "7.6",
                FuryEvent::ArcheryIgnores {
                    result: CrtResult::EX
                }
            )
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
        happened(&ev),
        [(
            "7.2",
            FuryEvent::Attack {
                attackers: vec![u("MI01"), u("RI01")],
                defenders: vec![u("VI01")],
                hex: hex("1010"),
                attack: 3,
                defence: 3,
                doubled: false,
                odds: Odds::OneToOne,
                shifted: None,
                roll: 2,
                result: CrtResult::DR
            }
        )]
    );
    assert_eq!(s.pending, [retreat_of(&s, "VI01")]);
    let ev = act(&mut s, VIK, "retreat VI01 0910");
    assert_eq!(
        happened(&ev),
        [
            (
                "8.5",
                FuryEvent::LeftBehind {
                    unit: u("WO01"),
                    hex: hex("1010")
                }
            ),
            (
                "7.7",
                FuryEvent::Retreated {
                    unit: u("VI01"),
                    to: hex("0910")
                }
            )
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
        happened(&ev),
        [
            (
                "7.4",
                FuryEvent::Attack {
                    attackers: vec![u("VI01"), u("VC01")],
                    defenders: vec![u("MI01"), u("MI02")],
                    hex: hex("1010"),
                    attack: 4,
                    defence: 2,
                    doubled: false,
                    odds: Odds::TwoToOne,
                    shifted: Some(Odds::ThreeToOne),
                    roll: 3,
                    result: CrtResult::DE
                }
            ),
            ("7.2", FuryEvent::Eliminated { unit: u("MI01") }),
            ("7.2", FuryEvent::Eliminated { unit: u("MI02") })
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
        happened(&ev),
        [(
            "7.4",
            FuryEvent::Attack {
                attackers: vec![u("VI01")],
                defenders: vec![u("MI01"), u("MI02"), u("KN01")],
                hex: hex("1010"),
                attack: 4,
                defence: 2,
                doubled: false,
                odds: Odds::TwoToOne,
                shifted: Some(Odds::OneToOne),
                roll: 2,
                result: CrtResult::DR
            }
        )]
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
        happened(&ev)[0],
        (
            "7.4",
            FuryEvent::Attack {
                attackers: vec![u("VI01"), u("VC01"), u("VC02")],
                defenders: vec![u("MI01"), u("MI02")],
                hex: hex("1010"),
                attack: 4,
                defence: 2,
                doubled: false,
                odds: Odds::TwoToOne,
                shifted: Some(Odds::ThreeToOne),
                roll: 3,
                result: CrtResult::DE
            }
        )
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
        happened(&ev),
        [(
            "7.2",
            FuryEvent::Attack {
                attackers: vec![u("VI01"), u("VC01")],
                defenders: vec![u("MI01"), u("MI02"), u("KN01")],
                hex: hex("1010"),
                attack: 4,
                defence: 2,
                doubled: false,
                odds: Odds::TwoToOne,
                shifted: None,
                roll: 3,
                result: CrtResult::DR
            }
        )]
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
        happened(&ev),
        [(
            "7.4",
            FuryEvent::Attack {
                attackers: vec![u("MI01"), u("KN01")],
                defenders: vec![u("VI01")],
                hex: hex("1504"),
                attack: 1,
                defence: 6,
                doubled: true,
                odds: Odds::OneToFour,
                shifted: Some(Odds::OneToThree),
                roll: 1,
                result: CrtResult::DR
            }
        )]
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
        happened(&ev),
        [(
            "7.4",
            FuryEvent::Attack {
                attackers: vec![u("VB01"), u("VC01")],
                defenders: vec![u("MI01")],
                hex: hex("1010"),
                attack: 6,
                defence: 1,
                doubled: false,
                odds: Odds::FourToOne,
                shifted: Some(Odds::FourToOne),
                roll: 5,
                result: CrtResult::DR
            }
        )]
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
        happened(&ev),
        [(
            "7.6",
            FuryEvent::Archery {
                shooters: vec![u("VA01")],
                defenders: vec![u("MI01"), u("MI02"), u("KN01")],
                hex: hex("1009"),
                attack: 3,
                defence: 2,
                doubled: false,
                odds: Odds::OneToOne,
                roll: 2,
                result: CrtResult::DR
            }
        )]
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
        happened(&ev)[0],
        (
            "8.1",
            FuryEvent::Capture {
                captor: u("VI01"),
                target: u("LO01"),
                attack: 4,
                defence: 2,
                odds: Odds::TwoToOne,
                roll: 4,
                captured: false
            }
        )
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
        happened(&ev),
        [
            (
                "7.2",
                FuryEvent::Attack {
                    attackers: vec![u("VI01")],
                    defenders: vec![u("RI01")],
                    hex: hex("0909"),
                    attack: 4,
                    defence: 4,
                    doubled: true,
                    odds: Odds::OneToOne,
                    shifted: None,
                    roll: 1,
                    result: CrtResult::DE
                }
            ),
            ("7.2", FuryEvent::Eliminated { unit: u("RI01") }),
            (
                "9.2",
                FuryEvent::Sacked {
                    hex: hex("0909"),
                    roll: 3,
                    found: None
                }
            )
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
        happened(&ev),
        [(
            "7.2",
            FuryEvent::Attack {
                attackers: vec![u("VI01")],
                defenders: vec![u("RI01")],
                hex: hex("1504"),
                attack: 4,
                defence: 4,
                doubled: true,
                odds: Odds::OneToOne,
                shifted: None,
                roll: 2,
                result: CrtResult::DR
            }
        )]
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
            happened(&ev)[0],
            (
                "7.2",
                FuryEvent::Attack {
                    attackers: vec![u("VI01")],
                    defenders: vec![u("RI01")],
                    hex: hex(h),
                    attack: 4,
                    defence: 2,
                    doubled: false,
                    odds: Odds::TwoToOne,
                    shifted: None,
                    roll: 2,
                    result: CrtResult::DE
                }
            )
        );
    }
}

// ---------------------------------------------------------------- 7.6 Archery

/// The legal actions of a side, in notation, sorted.
fn legal(s: &FuryState, side: Side) -> Vec<String> {
    let mut v: Vec<String> = rules::legal_actions(s, side)
        .iter()
        .map(|a| notation::format_action(s, a))
        .collect();
    v.sort();
    v
}

#[test]
fn fury_7_6_archers_in_different_hexes_combine() {
    // VA01 (1010) is adjacent to 1009; VA02 (1108) is 2 away through the Clear 1008
    // and 1109. 3 + 3 to 1 + 1 = 3-1; roll 1: DE.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "1010");
    put(&mut s, "VA02", "1108");
    put(&mut s, "MI01", "1009");
    put(&mut s, "MI02", "1009");
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIK, "archery VA01+VA02 1009");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.6",
                FuryEvent::Archery {
                    shooters: vec![u("VA01"), u("VA02")],
                    defenders: vec![u("MI01"), u("MI02")],
                    hex: hex("1009"),
                    attack: 6,
                    defence: 2,
                    doubled: false,
                    odds: Odds::ThreeToOne,
                    roll: 1,
                    result: CrtResult::DE
                }
            ),
            ("7.2", FuryEvent::Eliminated { unit: u("MI01") }),
            ("7.2", FuryEvent::Eliminated { unit: u("MI02") })
        ]
    );
}

#[test]
fn fury_7_6_archery_range_is_two_hexes() {
    // 1007 is 3 hexes from 1010.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "1010");
    put(&mut s, "MI01", "1007");
    assert_eq!(refuse(&mut s, VIK, "archery VA01 1007").rule, "7.6");
    assert!(!is_legal(&s, VIK, "archery VA01 1007"));
}

#[test]
fn fury_h_los_one_clear_hex_between_is_enough() {
    // 1010 to 1112: the hexes between are the house 1111 and the Clear 1011.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "1010");
    put(&mut s, "MI01", "1112");
    assert!(is_legal(&s, VIK, "archery VA01 1112"));
    // Fire in 1011 closes the last clear way.
    s.fired.insert(hex("1011"));
    assert!(!is_legal(&s, VIK, "archery VA01 1112"));
    assert_eq!(refuse(&mut s, VIK, "archery VA01 1112").rule, "7.6");
}

#[test]
fn fury_h_los_woods_and_buildings_block_range_two() {
    let mut s = basic(Phase::VikingCombat);
    // 0710 to 0712: the only hex between is the house 0711.
    put(&mut s, "VA01", "0710");
    put(&mut s, "MI01", "0712");
    assert_eq!(refuse(&mut s, VIK, "archery VA01 0712").rule, "7.6");
    // 0714 to 0815: both hexes between are Buildings (the Church 0814, the house 0715).
    put(&mut s, "VA02", "0714");
    put(&mut s, "MI02", "0815");
    assert_eq!(refuse(&mut s, VIK, "archery VA02 0815").rule, "7.6");
    // Range 1 is never blocked: into the house 0711 from 0710.
    put(&mut s, "MI03", "0711");
    assert!(is_legal(&s, VIK, "archery VA01 0711"));
}

#[test]
fn fury_h_los_shooter_in_a_building_and_target_doubling() {
    // From inside the house 0909 to 0911 (between: the Clear 0910).
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "0909");
    put(&mut s, "MI01", "0911");
    assert!(is_legal(&s, VIK, "archery VA01 0911"));
    // Into the house 1111 from 1010: the Militia's 1 is doubled: 3 to 2 = 1-1; roll 1:
    // DE.
    put(&mut s, "VA02", "1010");
    put(&mut s, "MI02", "1111");
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIK, "archery VA02 1111");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.6",
                FuryEvent::Archery {
                    shooters: vec![u("VA02")],
                    defenders: vec![u("MI02")],
                    hex: hex("1111"),
                    attack: 3,
                    defence: 2,
                    doubled: true,
                    odds: Odds::OneToOne,
                    roll: 1,
                    result: CrtResult::DE
                }
            ),
            ("7.2", FuryEvent::Eliminated { unit: u("MI02") })
        ]
    );
}

#[test]
fn fury_7_6_archery_ignores_ae_ar_ex() {
    // 3 to 4 = 1-2: rolls 2-3 EX, 4-5 AR, 6 AE; all no effect for Archery.
    for roll in 2..=6 {
        let mut s = basic(Phase::VikingCombat);
        put(&mut s, "VA01", "1010");
        put(&mut s, "RI01", "1009");
        put(&mut s, "RI02", "1009");
        dice(&mut s, &[roll]);
        let ev = act(&mut s, VIK, "archery VA01 1009");
        let result = [
            CrtResult::EX,
            CrtResult::EX,
            CrtResult::AR,
            CrtResult::AR,
            CrtResult::AE,
        ][roll as usize - 2];
        assert_eq!(
            happened(&ev),
            [
                (
                    "7.6",
                    FuryEvent::Archery {
                        shooters: vec![u("VA01")],
                        defenders: vec![u("RI01"), u("RI02")],
                        hex: hex("1009"),
                        attack: 3,
                        defence: 4,
                        doubled: false,
                        odds: Odds::OneToTwo,
                        roll,
                        result
                    }
                ),
                ("7.6", FuryEvent::ArcheryIgnores { result })
            ]
        );
        assert_eq!(place(&s, "VA01"), on("1010"));
        assert_eq!(place(&s, "RI01"), on("1009"));
        assert_eq!(place(&s, "RI02"), on("1009"));
        assert!(s.pending.is_empty());
    }
}

#[test]
fn fury_7_6_no_archery_into_a_hex_under_normal_attack() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "1010");
    put(&mut s, "VI01", "1009");
    put(&mut s, "MI01", "1009");
    assert_eq!(refuse(&mut s, VIK, "archery VA01 1009").rule, "7.6");
    // Once the Infantry has attacked there (4 to 1 = 4-1; roll 5: DR) the hex has been
    // under normal attack this phase, even with a fresh Militia in it.
    dice(&mut s, &[5]);
    act(&mut s, VIK, "attack 1009");
    act(&mut s, VIL, "retreat MI01 0909");
    put(&mut s, "MI02", "1009");
    assert_eq!(refuse(&mut s, VIK, "archery VA01 1009").rule, "7.6");
}

#[test]
fn fury_7_6_archer_with_enemies_in_its_hex_fights_them() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "MI02", "1009");
    assert_eq!(refuse(&mut s, VIK, "archery VA01 1009").rule, "7.1");
}

#[test]
fn fury_h_los_lone_zero_defense_shot_is_eliminated() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "1010");
    put(&mut s, "PR01", "1009");
    dice(&mut s, &[6]);
    let ev = act(&mut s, VIK, "archery VA01 1009");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.9",
                FuryEvent::ArcheryUndefended {
                    shooters: vec![u("VA01")],
                    defenders: vec![u("PR01")],
                    hex: hex("1009")
                }
            ),
            ("7.9", FuryEvent::Eliminated { unit: u("PR01") })
        ]
    );
    assert_eq!(s.chance.scripted_left(), 1);
}

#[test]
fn fury_7_6_archery_cannot_capture_or_hit_women() {
    // A Woman has no Defense Strength: Archery has nothing to shoot at.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "1010");
    put(&mut s, "WO01", "1009");
    assert_eq!(refuse(&mut s, VIK, "archery VA01 1009").rule, "7.6");
    // Capture needs the captor in the target's hex (8.1).
    assert_eq!(refuse(&mut s, VIK, "capture VA01 WO01").rule, "8.0");
}

#[test]
fn fury_7_6_villager_regular_infantry_shoot() {
    // RI01 Archery 2 against VI01's 3: 1-2; roll 1: DR.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "RI01", "1010");
    put(&mut s, "VI01", "1009");
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIL, "archery RI01 1009");
    assert_eq!(
        happened(&ev),
        [(
            "7.6",
            FuryEvent::Archery {
                shooters: vec![u("RI01")],
                defenders: vec![u("VI01")],
                hex: hex("1009"),
                attack: 2,
                defence: 3,
                doubled: false,
                odds: Odds::OneToTwo,
                roll: 1,
                result: CrtResult::DR
            }
        )]
    );
    assert_eq!(s.pending, [retreat_of(&s, "VI01")]);
    act(&mut s, VIK, "retreat VI01 1008");
    assert_eq!(place(&s, "VI01"), on("1008"));
}

#[test]
fn fury_10_3_no_archery_into_a_fired_hex() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "1010");
    put(&mut s, "MI01", "1009");
    s.fired.insert(hex("1009"));
    assert_eq!(refuse(&mut s, VIK, "archery VA01 1009").rule, "10.3");
}

// ---------------------------------------------------------------- 7.7 retreats

#[test]
fn fury_h_ret_retreat_hexes_and_split() {
    // VI01 against MI01 + CA01 in 1010: 4 to 3 = 1-1; roll 2: DR. Around 1010: VI02 in
    // 1009 (enemy), Fire in 1110, two Militia in 0910 (full), the house 1111 (closed
    // to Cavalry), Clear 1011 and 0911.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "CA01", "1010");
    put(&mut s, "VI02", "1009");
    put(&mut s, "MI02", "0910");
    put(&mut s, "MI03", "0910");
    s.fired.insert(hex("1110"));
    dice(&mut s, &[2]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        happened(&ev),
        [(
            "7.2",
            FuryEvent::Attack {
                attackers: vec![u("VI01")],
                defenders: vec![u("MI01"), u("CA01")],
                hex: hex("1010"),
                attack: 4,
                defence: 3,
                doubled: false,
                odds: Odds::OneToOne,
                shifted: None,
                roll: 2,
                result: CrtResult::DR
            }
        )]
    );
    assert_eq!(
        legal(&s, VIL),
        [
            "retreat MI01 0911",
            "retreat MI01 1011",
            "retreat MI01 1111"
        ]
    );
    for bad in ["1009", "1110", "0910", "1010"] {
        assert_eq!(
            refuse(&mut s, VIL, &format!("retreat MI01 {bad}")).rule,
            "7.7"
        );
    }
    act(&mut s, VIL, "retreat MI01 1111");
    assert_eq!(legal(&s, VIL), ["retreat CA01 0911", "retreat CA01 1011"]);
    assert_eq!(refuse(&mut s, VIL, "retreat CA01 1111").rule, "7.7");
    act(&mut s, VIL, "retreat CA01 1011");
    assert_eq!(place(&s, "MI01"), on("1111"));
    assert_eq!(place(&s, "CA01"), on("1011"));
    assert!(s.pending.is_empty());
}

#[test]
fn fury_7_7_unit_that_cannot_retreat_is_eliminated() {
    // Every hex around 1010 is on fire. 4 to 1 = 4-1; roll 5: DR.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    for h in ["1009", "1110", "1111", "1011", "0911", "0910"] {
        s.fired.insert(hex(h));
    }
    dice(&mut s, &[5]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.2",
                FuryEvent::Attack {
                    attackers: vec![u("VI01")],
                    defenders: vec![u("MI01")],
                    hex: hex("1010"),
                    attack: 4,
                    defence: 1,
                    doubled: false,
                    odds: Odds::FourToOne,
                    shifted: None,
                    roll: 5,
                    result: CrtResult::DR
                }
            ),
            ("7.7", FuryEvent::CannotRetreat { unit: u("MI01") }),
            ("7.7", FuryEvent::Eliminated { unit: u("MI01") })
        ]
    );
    assert_eq!(place(&s, "MI01"), Place::Eliminated);
    assert!(s.pending.is_empty());
}

#[test]
fn fury_h_ret_retreat_off_the_map_is_lost() {
    // 2010 is on the east edge: its NE and SE neighbours are off the map.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "2010");
    put(&mut s, "MI01", "2010");
    dice(&mut s, &[5]);
    act(&mut s, VIK, "attack 2010");
    assert!(is_legal(&s, VIL, "retreat MI01 off"));
    let ev = act(&mut s, VIL, "retreat MI01 off");
    assert_eq!(
        happened(&ev),
        [("5.4.2", FuryEvent::RetreatedOffMap { unit: u("MI01") })]
    );
    assert_eq!(place(&s, "MI01"), Place::Eliminated);
}

#[test]
fn fury_7_7_attacker_retreat_leaves_its_loot() {
    // VI01 (holding TR01) against RI01 + RI02: 4 to 4 = 1-1; roll 5: AR. VI02 stands in
    // 1009 (no Viking stacking); the Chief in 0911 does not bar the hex (6.4).
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "TR01", "1010");
    hold(&mut s, "VI01", "TR01");
    put(&mut s, "RI01", "1010");
    put(&mut s, "RI02", "1010");
    put(&mut s, "VI02", "1009");
    put(&mut s, "VC01", "0911");
    dice(&mut s, &[5]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        happened(&ev),
        [(
            "7.2",
            FuryEvent::Attack {
                attackers: vec![u("VI01")],
                defenders: vec![u("RI01"), u("RI02")],
                hex: hex("1010"),
                attack: 4,
                defence: 4,
                doubled: false,
                odds: Odds::OneToOne,
                shifted: None,
                roll: 5,
                result: CrtResult::AR
            }
        )]
    );
    assert_eq!(s.pending, [retreat_of(&s, "VI01")]);
    assert_eq!(refuse(&mut s, VIK, "retreat VI01 1009").rule, "7.7");
    let ev = act(&mut s, VIK, "retreat VI01 0911");
    assert_eq!(
        happened(&ev),
        [
            (
                "8.5",
                FuryEvent::LeftBehind {
                    unit: u("TR01"),
                    hex: hex("1010")
                }
            ),
            (
                "7.7",
                FuryEvent::Retreated {
                    unit: u("VI01"),
                    to: hex("0911")
                }
            )
        ]
    );
    assert_eq!(place(&s, "TR01"), on("1010"));
    assert_eq!(place(&s, "VI01"), on("0911"));
}

// ---------------------------------------------------------------- 7.8 Ship hex

#[test]
fn fury_7_8_combat_in_a_ship_hex() {
    // VI01 guards the Ship at 0802; VI02 is aboard and takes no part. MI01 + RI01:
    // 3 to 3 = 1-1; roll 1: DE. The Ship is not harmed by combat (H-SHIP).
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VI01", "0802");
    s.unit_mut(id(&s, "VI02")).place = Place::Embarked(0);
    put(&mut s, "MI01", "0802");
    put(&mut s, "RI01", "0802");
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIL, "attack 0802");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.2",
                FuryEvent::Attack {
                    attackers: vec![u("MI01"), u("RI01")],
                    defenders: vec![u("VI01")],
                    hex: hex("0802"),
                    attack: 3,
                    defence: 3,
                    doubled: false,
                    odds: Odds::OneToOne,
                    shifted: None,
                    roll: 1,
                    result: CrtResult::DE
                }
            ),
            ("7.2", FuryEvent::Eliminated { unit: u("VI01") })
        ]
    );
    assert_eq!(place(&s, "VI02"), Place::Embarked(0));
    assert!(!s.ships[0].destroyed);
    assert!(s.finish.is_none());
    // Those that fought this turn may not also burn the Ship (H-SHIP-2).
    assert_eq!(refuse(&mut s, VIL, "burn 0802").rule, "H-SHIP-2");
}

// ---------------------------------------------------------------- 7.9 zero strengths

#[test]
fn fury_7_9_zero_attack_cannot_attack_alone() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VC01", "1010");
    put(&mut s, "MI01", "1010");
    assert_eq!(refuse(&mut s, VIK, "attack 1010").rule, "7.9");
    act(&mut s, VIK, "end");

    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "PR01", "1010");
    put(&mut s, "BI01", "1010");
    assert_eq!(refuse(&mut s, VIL, "attack 1010").rule, "7.9");
    act(&mut s, VIL, "end");
}

#[test]
fn fury_7_9_zero_defense_alone_is_eliminated() {
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VC01", "1010");
    put(&mut s, "MI01", "1010");
    dice(&mut s, &[6]);
    let ev = act(&mut s, VIL, "attack 1010");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.9",
                FuryEvent::AttackUndefended {
                    attackers: vec![u("MI01")],
                    defenders: vec![u("VC01")],
                    hex: hex("1010")
                }
            ),
            ("7.9", FuryEvent::Eliminated { unit: u("VC01") })
        ]
    );
    assert_eq!(s.chance.scripted_left(), 1, "no die is rolled");
}

#[test]
fn fury_7_9_zero_defense_shares_its_stacks_fate() {
    // MI01 + PR01: 4 to 1 = 4-1; roll 5: DR; the Priest retreats too.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "PR01", "1010");
    dice(&mut s, &[5]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        happened(&ev),
        [(
            "7.2",
            FuryEvent::Attack {
                attackers: vec![u("VI01")],
                defenders: vec![u("MI01"), u("PR01")],
                hex: hex("1010"),
                attack: 4,
                defence: 1,
                doubled: false,
                odds: Odds::FourToOne,
                shifted: None,
                roll: 5,
                result: CrtResult::DR
            }
        )]
    );
    assert_eq!(s.pending, [retreat_of(&s, "MI01"), retreat_of(&s, "PR01")]);
}

#[test]
fn fury_rt_crt_exchange_eliminates_leaders_too() {
    // RI01 + CA01 (5) against VI01 + VC01 (3): 1-1, the Chief shifts it to 1-2; roll 2:
    // EX. Everyone goes, the Chief included.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "VC01", "1010");
    put(&mut s, "RI01", "1010");
    put(&mut s, "CA01", "1010");
    dice(&mut s, &[2]);
    let ev = act(&mut s, VIL, "attack 1010");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.4",
                FuryEvent::Attack {
                    attackers: vec![u("RI01"), u("CA01")],
                    defenders: vec![u("VI01"), u("VC01")],
                    hex: hex("1010"),
                    attack: 5,
                    defence: 3,
                    doubled: false,
                    odds: Odds::OneToOne,
                    shifted: Some(Odds::OneToTwo),
                    roll: 2,
                    result: CrtResult::EX
                }
            ),
            ("7.2", FuryEvent::Eliminated { unit: u("RI01") }),
            ("7.2", FuryEvent::Eliminated { unit: u("CA01") }),
            ("7.2", FuryEvent::Eliminated { unit: u("VI01") }),
            ("7.2", FuryEvent::Eliminated { unit: u("VC01") })
        ]
    );
}

#[test]
fn fury_h_nc_1_women_stay_when_their_stack_is_beaten() {
    // The Woman adds nothing to the defence (4 to 1 = 4-1) and stays when the Militia
    // is eliminated (roll 1: DE); then she may be Captured: 4 to 1 = 3-1, roll 4.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "WO01", "1010");
    assert_eq!(refuse(&mut s, VIK, "capture VI01 WO01").rule, "8.0");
    dice(&mut s, &[1, 4]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.2",
                FuryEvent::Attack {
                    attackers: vec![u("VI01")],
                    defenders: vec![u("MI01")],
                    hex: hex("1010"),
                    attack: 4,
                    defence: 1,
                    doubled: false,
                    odds: Odds::FourToOne,
                    shifted: None,
                    roll: 1,
                    result: CrtResult::DE
                }
            ),
            ("7.2", FuryEvent::Eliminated { unit: u("MI01") })
        ]
    );
    assert_eq!(place(&s, "WO01"), on("1010"));
    let ev = act(&mut s, VIK, "capture VI01 WO01");
    assert_eq!(
        happened(&ev),
        [(
            "8.1",
            FuryEvent::Capture {
                captor: u("VI01"),
                target: u("WO01"),
                attack: 4,
                defence: 1,
                odds: Odds::ThreeToOne,
                roll: 4,
                captured: true
            }
        )]
    );
    assert_eq!(place(&s, "WO01"), held(&s, "VI01"));
}

// ---------------------------------------------------------------- 7.10-7.11 Divine Wrath

#[test]
fn fury_7_11_wrath_1_2_destroys_every_viking_in_the_hex() {
    // PR01 (1010) is 2 hexes from 1012. Roll 2: the Infantry and the Chief are
    // destroyed; the Woman VI01 held reverts (8.5).
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "1010");
    put(&mut s, "VI01", "1012");
    put(&mut s, "VC01", "1012");
    put(&mut s, "WO01", "1012");
    hold(&mut s, "VI01", "WO01");
    dice(&mut s, &[2]);
    let ev = act(&mut s, VIL, "wrath PR01 1012");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.11",
                FuryEvent::Wrath {
                    invoker: u("PR01"),
                    target: hex("1012"),
                    roll: 2,
                    result: WrathResult::Destroyed
                }
            ),
            (
                "8.5",
                FuryEvent::LeftBehind {
                    unit: u("WO01"),
                    hex: hex("1012")
                }
            ),
            ("7.11", FuryEvent::Eliminated { unit: u("VI01") }),
            ("7.11", FuryEvent::Eliminated { unit: u("VC01") })
        ]
    );
    assert_eq!(place(&s, "WO01"), on("1012"));
    assert!(s.unit(id(&s, "PR01")).wrath_used);
}

#[test]
fn fury_7_11_wrath_on_the_ship_ends_the_basic_game() {
    // R7.11-b, GAP-36: the Ship at 0802 is 2 hexes from PR01 (0804). It may be targeted
    // with no Viking in its hex (7.10). Roll 1: it is destroyed and the Villager wins.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "0804");
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIL, "wrath PR01 0802");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.11",
                FuryEvent::Wrath {
                    invoker: u("PR01"),
                    target: hex("0802"),
                    roll: 1,
                    result: WrathResult::Destroyed
                }
            ),
            ("7.11", FuryEvent::ShipDestroyed { hex: hex("0802") }),
            ("11.0", FuryEvent::VillagerWinsAtOnce)
        ]
    );
    assert!(s.ships[0].destroyed);
    assert_eq!(s.phase, Phase::Over);
    let f = s.finish.clone().unwrap();
    assert_eq!(f.winner, Some(Side::Villager));
    assert_eq!(f.result, "Automatic Villager Victory");
}

#[test]
fn fury_7_11_wrath_5_6_no_effect_and_once_per_game() {
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "1010");
    put(&mut s, "VI01", "1012");
    put(&mut s, "VI02", "1009");
    dice(&mut s, &[5]);
    let ev = act(&mut s, VIL, "wrath PR01 1012");
    assert_eq!(
        happened(&ev),
        [(
            "7.11",
            FuryEvent::Wrath {
                invoker: u("PR01"),
                target: hex("1012"),
                roll: 5,
                result: WrathResult::NoEffect
            }
        )]
    );
    assert_eq!(place(&s, "VI01"), on("1012"));
    assert_eq!(refuse(&mut s, VIL, "wrath PR01 1009").rule, "7.10");
    // Not even in a later turn.
    s.turn = 5;
    for u in s.units.iter_mut() {
        u.attacked = false;
    }
    assert_eq!(refuse(&mut s, VIL, "wrath PR01 1009").rule, "7.10");
}

#[test]
fn fury_7_10_only_priests_the_bishop_and_the_abbot() {
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VI01", "1012");
    for code in ["MI01", "KN01", "LO01", "RI01", "PR01", "BI01", "AB01"] {
        put(&mut s, code, "1011");
    }
    for code in ["MI01", "KN01", "LO01", "RI01"] {
        assert_eq!(
            refuse(&mut s, VIL, &format!("wrath {code} 1012")).rule,
            "7.10"
        );
    }
    for code in ["PR01", "BI01", "AB01"] {
        assert!(is_legal(&s, VIL, &format!("wrath {code} 1012")));
    }
}

#[test]
fn fury_7_11_wrath_range_is_two_hexes() {
    // 1013 is 3 hexes from 1010.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "1010");
    put(&mut s, "VI01", "1013");
    assert_eq!(refuse(&mut s, VIL, "wrath PR01 1013").rule, "7.11");
    // Range 0: a Viking in the invoker's own hex.
    put(&mut s, "VI02", "1010");
    assert!(is_legal(&s, VIL, "wrath PR01 1010"));
}

#[test]
fn fury_7_11_wrath_3_4_six_hex_flight() {
    // PR01 in 1010, VI01 (holding WO01) in 1012, 2 away. Roll 3: VI01 drops the Woman
    // and flees 6 hexes, each farther from 1010: 1013 (3), 1014 (4), 1015 (5), 1016 (6),
    // 1017 (7), 1018 (8).
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "1010");
    put(&mut s, "VI01", "1012");
    put(&mut s, "WO01", "1012");
    hold(&mut s, "VI01", "WO01");
    dice(&mut s, &[3]);
    let ev = act(&mut s, VIL, "wrath PR01 1012");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.11",
                FuryEvent::Wrath {
                    invoker: u("PR01"),
                    target: hex("1012"),
                    roll: 3,
                    result: WrathResult::Flee
                }
            ),
            (
                "8.5",
                FuryEvent::LeftBehind {
                    unit: u("WO01"),
                    hex: hex("1012")
                }
            )
        ]
    );
    assert_eq!(
        s.pending,
        [Pending::WrathRetreat {
            unit: id(&s, "VI01"),
            from: hex("1010")
        }]
    );
    // 0912 is no farther (2) while farther hexes are open; 5 hexes is too short.
    assert_eq!(
        refuse(
            &mut s,
            VIK,
            "wrath-retreat VI01 1012-0912-0913-0914-0915-0916-0917"
        )
        .rule,
        "H-DW"
    );
    assert_eq!(
        refuse(
            &mut s,
            VIK,
            "wrath-retreat VI01 1012-1013-1014-1015-1016-1017"
        )
        .rule,
        "H-DW"
    );
    let ev = act(
        &mut s,
        VIK,
        "wrath-retreat VI01 1012-1013-1014-1015-1016-1017-1018",
    );
    assert_eq!(
        happened(&ev),
        [(
            "7.11",
            FuryEvent::Flight {
                unit: u("VI01"),
                path: hexes("1012-1013-1014-1015-1016-1017-1018"),
                end: FlightEnd::Safe
            }
        )]
    );
    assert_eq!(place(&s, "VI01"), on("1018"));
    assert_eq!(place(&s, "WO01"), on("1012"));
    assert!(s.pending.is_empty());
}

#[test]
fn fury_h_dw_stun_lasts_one_full_turn() {
    // Stunned in the Villager Combat Phase of turn 3: until that of turn 4. It may not
    // move, attack or set a Fire meanwhile, but still defends.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "1010");
    put(&mut s, "VI01", "1012");
    dice(&mut s, &[4]);
    act(&mut s, VIL, "wrath PR01 1012");
    act(
        &mut s,
        VIK,
        "wrath-retreat VI01 1012-1013-1014-1015-1016-1017-1018",
    );
    let vi = id(&s, "VI01");
    assert_eq!(s.unit(vi).stunned_until, Some((4, Phase::VillagerCombat)));
    act(&mut s, VIL, "end");
    assert_eq!((s.turn, s.phase), (4, Phase::VikingMovement));
    assert!(s.is_stunned(vi));
    assert_eq!(refuse(&mut s, VIK, "move VI01 1018-1019").rule, "7.11");
    act(&mut s, VIK, "end");
    assert_eq!(s.phase, Phase::VikingCombat);
    // A Militia in its hex: the stunned unit does not attack, and owes no attack.
    put(&mut s, "MI01", "1018");
    assert!(!is_legal(&s, VIK, "attack 1018"));
    act(&mut s, VIK, "end");
    assert_eq!(s.phase, Phase::VikingFire);
    s.unit_mut(id(&s, "MI01")).place = Place::Eliminated;
    assert_eq!(refuse(&mut s, VIK, "fire 1018").rule, "10.1");
    act(&mut s, VIK, "end");
    assert!(s.is_stunned(vi));
    act(&mut s, VIL, "end");
    assert_eq!((s.turn, s.phase), (4, Phase::VillagerCombat));
    assert!(!s.is_stunned(vi));
}

#[test]
fn fury_h_dw_stunned_unit_defends_normally() {
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    s.unit_mut(id(&s, "VI01")).stunned_until = Some((4, Phase::VillagerCombat));
    dice(&mut s, &[3]);
    let ev = act(&mut s, VIL, "attack 1010");
    assert_eq!(
        happened(&ev),
        [(
            "7.2",
            FuryEvent::Attack {
                attackers: vec![u("MI01")],
                defenders: vec![u("VI01")],
                hex: hex("1010"),
                attack: 1,
                defence: 3,
                doubled: false,
                odds: Odds::OneToThree,
                shifted: None,
                roll: 3,
                result: CrtResult::AR
            }
        )]
    );
}

#[test]
fn fury_h_dw_flight_with_no_way_out_eliminates() {
    // Around 1012 the hexes farther from 1010 (1113, 1013, 0913) and as far (1112, 0912)
    // are on fire; only the nearer 1011 is open: VI01 is eliminated where it stands.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "1010");
    put(&mut s, "VI01", "1012");
    for h in ["1113", "1013", "0913", "1112", "0912"] {
        s.fired.insert(hex(h));
    }
    dice(&mut s, &[3]);
    act(&mut s, VIL, "wrath PR01 1012");
    assert_eq!(legal(&s, VIK), ["wrath-retreat VI01 1012"]);
    let ev = act(&mut s, VIK, "wrath-retreat VI01 1012");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.11",
                FuryEvent::Flight {
                    unit: u("VI01"),
                    path: hexes("1012"),
                    end: FlightEnd::Trapped
                }
            ),
            ("H-DW", FuryEvent::Eliminated { unit: u("VI01") })
        ]
    );
    assert_eq!(place(&s, "VI01"), Place::Eliminated);
}

#[test]
fn fury_h_dw_flight_may_step_to_an_equal_distance() {
    // Farther hexes from 1012 on fire; the equal ones 1112 and 0912 are open. From 0912
    // (2) the farther 0913 is Fired, 0812 (3) is open; and so on.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "1010");
    put(&mut s, "VI01", "1012");
    for h in ["1113", "1013", "0913"] {
        s.fired.insert(hex(h));
    }
    dice(&mut s, &[3]);
    act(&mut s, VIL, "wrath PR01 1012");
    act(
        &mut s,
        VIK,
        "wrath-retreat VI01 1012-0912-0812-0813-0814-0815-0816",
    );
    assert_eq!(place(&s, "VI01"), on("0816"));
}

#[test]
fn fury_7_11_wrath_flight_along_the_coast() {
    // H-DW (d): VI01 guards the Ship at 0802 on the north-west coast; PR01 prays from
    // 0804. Roll 4: the Ship is unharmed (7.11) and VI01 flees from 0804: 0902 (3),
    // 1001 (4), 1101 (5). From 1101 only off-map hexes are farther; they are not legal
    // flight hexes, so the equal-distance step along the coast to 1201 (5) is open,
    // then 1301 (6) and 1401 (6 again: nothing on the map is farther).
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "0804");
    put(&mut s, "VI01", "0802");
    dice(&mut s, &[4]);
    act(&mut s, VIL, "wrath PR01 0802");
    assert!(!s.ships[0].destroyed);
    // One safe flight per end hex, and no doomed one while a safe one exists.
    assert_eq!(
        legal(&s, VIK),
        [
            "wrath-retreat VI01 0802-0902-0901-1001-1101-1201-1301",
            "wrath-retreat VI01 0802-0902-1001-1101-1201-1301-1401",
        ]
    );
    let ev = act(
        &mut s,
        VIK,
        "wrath-retreat VI01 0802-0902-1001-1101-1201-1301-1401",
    );
    assert_eq!(
        happened(&ev),
        [(
            "7.11",
            FuryEvent::Flight {
                unit: u("VI01"),
                path: hexes("0802-0902-1001-1101-1201-1301-1401"),
                end: FlightEnd::Safe
            }
        )]
    );
    assert_eq!(place(&s, "VI01"), on("1401"));
    let vi = id(&s, "VI01");
    assert_eq!(s.unit(vi).stunned_until, Some((4, Phase::VillagerCombat)));
    assert!(s.pending.is_empty());
    assert!(s.finish.is_none());
}

#[test]
fn fury_h_dw_running_off_the_map_stays_the_vikings_choice() {
    // The same flight as along the coast: at 1101 the Viking may still choose to run
    // off the map (5.4.2, H-DW d: the unit is lost), since the off-map hex is as far
    // as the step the rule asks for. It is never offered while a safe flight exists.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "0804");
    put(&mut s, "VI01", "0802");
    dice(&mut s, &[4]);
    act(&mut s, VIL, "wrath PR01 0802");
    assert!(!is_legal(
        &s,
        VIK,
        "wrath-retreat VI01 0802-0902-1001-1101 off"
    ));
    // Stopping short on the map is no flight: the unit must go its 6 hexes.
    assert_eq!(
        refuse(&mut s, VIK, "wrath-retreat VI01 0802-0902-1001-1101").rule,
        "H-DW"
    );
    let ev = act(&mut s, VIK, "wrath-retreat VI01 0802-0902-1001-1101 off");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.11",
                FuryEvent::Flight {
                    unit: u("VI01"),
                    path: hexes("0802-0902-1001-1101"),
                    end: FlightEnd::OffMap
                }
            ),
            ("H-DW", FuryEvent::Eliminated { unit: u("VI01") })
        ]
    );
    assert_eq!(place(&s, "VI01"), Place::Eliminated);
    assert!(!s.ships[0].destroyed);
    assert!(s.finish.is_none());
}

#[test]
fn fury_h_dw_off_the_map_only_from_a_hex_on_the_edge() {
    // 0902 has no off-map neighbour: a flight may not end "off" there. 0901, on the
    // top edge, has: from it (4 from 0804, with no farther hex on the map) running off
    // is a choice.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "0804");
    put(&mut s, "VI01", "0802");
    dice(&mut s, &[3]);
    act(&mut s, VIL, "wrath PR01 0802");
    assert_eq!(
        refuse(&mut s, VIK, "wrath-retreat VI01 0802-0902 off").rule,
        "H-DW"
    );
    let ev = act(&mut s, VIK, "wrath-retreat VI01 0802-0902-0901 off");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.11",
                FuryEvent::Flight {
                    unit: u("VI01"),
                    path: hexes("0802-0902-0901"),
                    end: FlightEnd::OffMap
                }
            ),
            ("H-DW", FuryEvent::Eliminated { unit: u("VI01") })
        ]
    );
}

#[test]
fn fury_h_dw_interior_flight_unchanged() {
    // Every end hex within reach of a path that goes farther at each step (none of
    // them near an edge, so none of them changed with the fix).
    const INTERIOR_FLIGHTS: [&str; 13] = [
        "wrath-retreat VI01 1012-0913-0813-0714-0614-0515-0415",
        "wrath-retreat VI01 1012-1013-0914-0814-0715-0615-0516",
        "wrath-retreat VI01 1012-1013-1014-0915-0815-0716-0616",
        "wrath-retreat VI01 1012-1013-1014-1015-0916-0816-0717",
        "wrath-retreat VI01 1012-1013-1014-1015-1016-0917-0817",
        "wrath-retreat VI01 1012-1013-1014-1015-1016-1017-0918",
        "wrath-retreat VI01 1012-1013-1014-1015-1016-1017-1018",
        "wrath-retreat VI01 1012-1113-1114-1115-1116-1117-1118",
        "wrath-retreat VI01 1012-1113-1213-1214-1215-1216-1217",
        "wrath-retreat VI01 1012-1113-1213-1314-1315-1316-1317",
        "wrath-retreat VI01 1012-1113-1213-1314-1414-1415-1416",
        "wrath-retreat VI01 1012-1113-1213-1314-1414-1515-1516",
        "wrath-retreat VI01 1012-1113-1213-1314-1414-1515-1615",
    ];
    // Far from every edge the coast fix changes nothing: from 1012, 2 from PR01 in
    // 1010, each step must go farther, and the flights offered are the same as before.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "1010");
    put(&mut s, "VI01", "1012");
    dice(&mut s, &[3]);
    act(&mut s, VIL, "wrath PR01 1012");
    let flights = legal(&s, VIK);
    assert_eq!(flights, INTERIOR_FLIGHTS);
    assert!(flights.iter().all(|f| !f.ends_with(" off")));
}

#[test]
fn fury_h_dw_not_in_conjunction_with_a_normal_attack() {
    let mut s = basic(Phase::VillagerCombat);
    // The Bishop joins MI01's attack on VI01 (1 to 3, Leader shift: 1-3 -> 1-2; roll 4:
    // AR): he may not pray in the same phase.
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "BI01", "1010");
    put(&mut s, "VI02", "1012");
    dice(&mut s, &[4]);
    let ev = act(&mut s, VIL, "attack 1010");
    assert_eq!(
        happened(&ev),
        [(
            "7.4",
            FuryEvent::Attack {
                attackers: vec![u("MI01"), u("BI01")],
                defenders: vec![u("VI01")],
                hex: hex("1010"),
                attack: 1,
                defence: 3,
                doubled: false,
                odds: Odds::OneToThree,
                shifted: Some(Odds::OneToTwo),
                roll: 4,
                result: CrtResult::AR
            }
        )]
    );
    act(&mut s, VIL, "retreat MI01 1011");
    act(&mut s, VIL, "retreat BI01 1011");
    assert_eq!(refuse(&mut s, VIL, "wrath BI01 1012").rule, "7.10");
    // A hex attacked this phase may not be the target.
    put(&mut s, "PR01", "1011");
    assert_eq!(refuse(&mut s, VIL, "wrath PR01 1010").rule, "H-DW");
    // And a hex under Wrath may not then be attacked normally.
    put(&mut s, "MI02", "1012");
    dice(&mut s, &[6]);
    act(&mut s, VIL, "wrath PR01 1012");
    assert_eq!(refuse(&mut s, VIL, "attack 1012").rule, "7.2");
    act(&mut s, VIL, "end");
}

#[test]
fn fury_h_dw_barred_while_the_lock_holds() {
    let mut s = basic(Phase::VillagerCombat);
    s.lock_lifted = false;
    put(&mut s, "PR01", "1010");
    put(&mut s, "VI01", "1012");
    assert_eq!(refuse(&mut s, VIL, "wrath PR01 1012").rule, "H-DW");
}

#[test]
fn fury_h_dw_window_after_the_viking_movement_phase() {
    let mut s = basic(Phase::VikingMovement);
    put(&mut s, "PR01", "1010");
    put(&mut s, "VI01", "1012");
    act(&mut s, VIK, "end");
    assert_eq!(s.phase, Phase::WrathWindow);
    assert_eq!(refuse(&mut s, VIK, "end").rule, "4.0");
    dice(&mut s, &[6]);
    let ev = act(&mut s, VIL, "wrath PR01 1012");
    assert_eq!(
        happened(&ev),
        [(
            "7.11",
            FuryEvent::Wrath {
                invoker: u("PR01"),
                target: hex("1012"),
                roll: 6,
                result: WrathResult::NoEffect
            }
        )]
    );
    act(&mut s, VIL, "end");
    assert_eq!(s.phase, Phase::VikingCombat);
    // With no one able to pray, there is no window.
    let mut s = basic(Phase::VikingMovement);
    put(&mut s, "VI01", "1012");
    act(&mut s, VIK, "end");
    assert_eq!(s.phase, Phase::VikingCombat);
}

// ---------------------------------------------------------------- 8.0 Capture

#[test]
fn fury_8_1_capture_odds_and_roll() {
    // An Animal (Capture Defense 2) in the open: 4 to 2 = 2-1; roll 3 captures.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "AN03", "1010");
    dice(&mut s, &[3]);
    let ev = act(&mut s, VIK, "capture VI01 AN03");
    assert_eq!(
        happened(&ev),
        [(
            "8.1",
            FuryEvent::Capture {
                captor: u("VI01"),
                target: u("AN03"),
                attack: 4,
                defence: 2,
                odds: Odds::TwoToOne,
                roll: 3,
                captured: true
            }
        )]
    );
    assert_eq!(place(&s, "AN03"), held(&s, "VI01"));
}

#[test]
fn fury_8_2_capture_defense_doubled_and_8_3_no_effect() {
    // A Woman in the house 0909: 1 doubled, 4 to 2 = 2-1; roll 4: no effect, all stay.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "0909");
    put(&mut s, "WO01", "0909");
    dice(&mut s, &[4]);
    let ev = act(&mut s, VIK, "capture VI01 WO01");
    assert_eq!(
        happened(&ev),
        [(
            "8.1",
            FuryEvent::Capture {
                captor: u("VI01"),
                target: u("WO01"),
                attack: 4,
                defence: 2,
                odds: Odds::TwoToOne,
                roll: 4,
                captured: false
            }
        )]
    );
    assert_eq!(place(&s, "WO01"), on("0909"));
    assert_eq!(place(&s, "VI01"), on("0909"));
    // An Animal in the Woods 1504: 2 doubled, 4 to 4 = 1-1; roll 2 captures.
    put(&mut s, "VI02", "1504");
    put(&mut s, "AN03", "1504");
    dice(&mut s, &[2]);
    let ev = act(&mut s, VIK, "capture VI02 AN03");
    assert_eq!(
        happened(&ev),
        [(
            "8.1",
            FuryEvent::Capture {
                captor: u("VI02"),
                target: u("AN03"),
                attack: 4,
                defence: 4,
                odds: Odds::OneToOne,
                roll: 2,
                captured: true
            }
        )]
    );
}

#[test]
fn fury_8_0_combatants_must_be_beaten_first() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "KN01", "1010");
    put(&mut s, "WO01", "1010");
    assert_eq!(refuse(&mut s, VIK, "capture VI01 WO01").rule, "8.0");
    assert_eq!(refuse(&mut s, VIK, "capture VI01 KN01").rule, "8.0");
    // Militia and Priests are not capturable at all.
    put(&mut s, "VI02", "1009");
    put(&mut s, "PR01", "1009");
    assert_eq!(refuse(&mut s, VIK, "capture VI02 PR01").rule, "8.0");
}

#[test]
fn fury_8_0_only_vikings_capture() {
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "RI01", "1010");
    put(&mut s, "WO01", "1010");
    assert_eq!(refuse(&mut s, VIL, "capture RI01 WO01").rule, "8.0");
}

#[test]
fn fury_h_cap_1_one_attempt_per_target_per_phase() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "WO01", "1010");
    put(&mut s, "WO02", "1010");
    dice(&mut s, &[5, 1]);
    let ev = act(&mut s, VIK, "capture VI01 WO01");
    assert_eq!(
        happened(&ev),
        [(
            "8.1",
            FuryEvent::Capture {
                captor: u("VI01"),
                target: u("WO01"),
                attack: 4,
                defence: 1,
                odds: Odds::ThreeToOne,
                roll: 5,
                captured: false
            }
        )]
    );
    assert_eq!(refuse(&mut s, VIK, "capture VI01 WO01").rule, "H-CAP-1");
    // Another target is a separate attempt (8.0).
    act(&mut s, VIK, "capture VI01 WO02");
    assert_eq!(place(&s, "WO02"), held(&s, "VI01"));
}

#[test]
fn fury_8_1_capture_odds_below_1_2_not_permitted() {
    // An Archer (2) against the Knight (3): 2 to 3 = 1-2, permitted; roll 1 captures.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "1010");
    put(&mut s, "KN01", "1010");
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIK, "capture VA01 KN01");
    assert_eq!(
        happened(&ev),
        [(
            "8.1",
            FuryEvent::Capture {
                captor: u("VA01"),
                target: u("KN01"),
                attack: 2,
                defence: 3,
                odds: Odds::OneToTwo,
                roll: 1,
                captured: true
            }
        )]
    );
    // In the house 0909 the Knight's 3 doubles to 6: 2 to 6 is below 1-2.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VA01", "0909");
    put(&mut s, "KN01", "0909");
    assert_eq!(refuse(&mut s, VIK, "capture VA01 KN01").rule, "8.1");
    assert!(!is_legal(&s, VIK, "capture VA01 KN01"));
    // The Abbot (2, doubled 4): 2 to 4 = 1-2, permitted.
    put(&mut s, "AB01", "0909");
    assert!(is_legal(&s, VIK, "capture VA01 AB01"));
}

#[test]
fn fury_h_esc_2_escort_capacity_is_two_and_leaders_are_exempt() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "TR01", "1010");
    hold(&mut s, "VI01", "TR01");
    put(&mut s, "WO02", "1010");
    hold(&mut s, "VI01", "WO02");
    put(&mut s, "WO01", "1010");
    put(&mut s, "LO01", "1010");
    assert_eq!(refuse(&mut s, VIK, "capture VI01 WO01").rule, "H-ESC-2");
    assert!(!is_legal(&s, VIK, "capture VI01 WO01"));
    // The Lord: 4 to 2 = 2-1; roll 1 captures, although two are already held.
    dice(&mut s, &[1]);
    act(&mut s, VIK, "capture VI01 LO01");
    assert_eq!(place(&s, "LO01"), held(&s, "VI01"));
    // The Church Treasure is one marker.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "CT01", "1010");
    hold(&mut s, "VI01", "CT01");
    put(&mut s, "WO01", "1010");
    assert!(is_legal(&s, VIK, "capture VI01 WO01"));
}

#[test]
fn fury_8_6_leader_roll_1_4_the_leader_stays_to_be_captured() {
    // VI01 against MI01 + KN01: 4 to 1 = 4-1, the Knight shifts it to 3-1; roll 1: DE.
    // Leader roll 4: the Knight stays. Capture: 4 to 3 = 1-1; roll 2 captures.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "KN01", "1010");
    dice(&mut s, &[1, 4, 2]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.4",
                FuryEvent::Attack {
                    attackers: vec![u("VI01")],
                    defenders: vec![u("MI01"), u("KN01")],
                    hex: hex("1010"),
                    attack: 4,
                    defence: 1,
                    doubled: false,
                    odds: Odds::FourToOne,
                    shifted: Some(Odds::ThreeToOne),
                    roll: 1,
                    result: CrtResult::DE
                }
            ),
            ("7.2", FuryEvent::Eliminated { unit: u("MI01") })
        ]
    );
    assert_eq!(
        s.pending,
        [Pending::LeaderRoll {
            leader: id(&s, "KN01"),
            result: CrtResult::DE
        }]
    );
    assert_eq!(
        legal(&s, VIK),
        ["leader-roll KN01 no", "leader-roll KN01 yes"]
    );
    let ev = act(&mut s, VIK, "leader-roll KN01 yes");
    assert_eq!(
        happened(&ev),
        [(
            "8.6",
            FuryEvent::LeaderRoll {
                leader: u("KN01"),
                roll: 4,
                stays: true
            }
        )]
    );
    assert_eq!(place(&s, "KN01"), on("1010"));
    let ev = act(&mut s, VIK, "capture VI01 KN01");
    assert_eq!(
        happened(&ev),
        [(
            "8.1",
            FuryEvent::Capture {
                captor: u("VI01"),
                target: u("KN01"),
                attack: 4,
                defence: 3,
                odds: Odds::OneToOne,
                roll: 2,
                captured: true
            }
        )]
    );
    assert_eq!(place(&s, "KN01"), held(&s, "VI01"));
    act(&mut s, VIK, "end");
}

#[test]
fn fury_8_6_leader_roll_5_6_shares_the_stacks_fate() {
    // DE, Leader roll 5: the Knight is eliminated with the Militia.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "KN01", "1010");
    dice(&mut s, &[1, 5]);
    act(&mut s, VIK, "attack 1010");
    let ev = act(&mut s, VIK, "leader-roll KN01 yes");
    assert_eq!(
        happened(&ev),
        [
            (
                "8.6",
                FuryEvent::LeaderRoll {
                    leader: u("KN01"),
                    roll: 5,
                    stays: false
                }
            ),
            ("8.6", FuryEvent::Eliminated { unit: u("KN01") })
        ]
    );
    // DR (3-1, roll 4) and no Leader roll: the Knight retreats with the Militia.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "KN01", "1010");
    dice(&mut s, &[4]);
    act(&mut s, VIK, "attack 1010");
    assert_eq!(
        s.pending,
        [
            Pending::LeaderRoll {
                leader: id(&s, "KN01"),
                result: CrtResult::DR
            },
            retreat_of(&s, "MI01")
        ]
    );
    let ev = act(&mut s, VIK, "leader-roll KN01 no");
    assert_eq!(
        happened(&ev),
        [("8.6", FuryEvent::LeaderRollDeclined { leader: u("KN01") })]
    );
    assert_eq!(s.pending, [retreat_of(&s, "KN01"), retreat_of(&s, "MI01")]);
    act(&mut s, VIL, "retreat KN01 1011");
    act(&mut s, VIL, "retreat MI01 1011");
    assert_eq!(place(&s, "KN01"), on("1011"));
}

#[test]
fn fury_8_6_dr_leader_roll_stays_while_the_stack_retreats() {
    // DR (3-1, roll 5), Leader roll 2: the Knight stays in 1010 alone; the Militia falls
    // back. Capture: 4 to 3 = 1-1; roll 3: no effect.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "KN01", "1010");
    dice(&mut s, &[5, 2, 3]);
    act(&mut s, VIK, "attack 1010");
    act(&mut s, VIK, "leader-roll KN01 yes");
    assert_eq!(s.pending, [retreat_of(&s, "MI01")]);
    act(&mut s, VIL, "retreat MI01 0911");
    assert_eq!(place(&s, "KN01"), on("1010"));
    let ev = act(&mut s, VIK, "capture VI01 KN01");
    assert_eq!(
        happened(&ev),
        [(
            "8.1",
            FuryEvent::Capture {
                captor: u("VI01"),
                target: u("KN01"),
                attack: 4,
                defence: 3,
                odds: Odds::OneToOne,
                roll: 3,
                captured: false
            }
        )]
    );
    // The Knight was part of the attack and tried once: nothing more is owed.
    act(&mut s, VIK, "end");
}

#[test]
fn fury_8_5_captives_of_a_beaten_escort_revert() {
    // RI01 + CA01 (5) against VI01 (3) holding WO01, AN03: 1-1; roll 1: DE. Both
    // captives revert in 1010; the Woman may then move (8.5), the Animal with an
    // escort.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "WO01", "1010");
    put(&mut s, "AN03", "1010");
    hold(&mut s, "VI01", "WO01");
    hold(&mut s, "VI01", "AN03");
    put(&mut s, "RI01", "1010");
    put(&mut s, "CA01", "1010");
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIL, "attack 1010");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.2",
                FuryEvent::Attack {
                    attackers: vec![u("RI01"), u("CA01")],
                    defenders: vec![u("VI01")],
                    hex: hex("1010"),
                    attack: 5,
                    defence: 3,
                    doubled: false,
                    odds: Odds::OneToOne,
                    shifted: None,
                    roll: 1,
                    result: CrtResult::DE
                }
            ),
            (
                "8.5",
                FuryEvent::LeftBehind {
                    unit: u("WO01"),
                    hex: hex("1010")
                }
            ),
            (
                "8.5",
                FuryEvent::LeftBehind {
                    unit: u("AN03"),
                    hex: hex("1010")
                }
            ),
            ("7.2", FuryEvent::Eliminated { unit: u("VI01") })
        ]
    );
    assert_eq!(place(&s, "WO01"), on("1010"));
    assert_eq!(place(&s, "AN03"), on("1010"));
    s.phase = Phase::VillagerMovement;
    act(&mut s, VIL, "move WO01 1010-1011");
    act(&mut s, VIL, "move CA01+AN03 1010-0911");
    assert_eq!(place(&s, "AN03"), on("0911"));
}

#[test]
fn fury_gap_29_recovered_treasure_may_be_escorted_by_the_villager() {
    // TR01 (Keep Treasure) taken by VI01, which is then eliminated (1-1, roll 1: DE):
    // it is "recovered" (9.3) and the Villager may escort it away.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "TR01", "1010");
    hold(&mut s, "VI01", "TR01");
    put(&mut s, "RI01", "1010");
    put(&mut s, "CA01", "1010");
    dice(&mut s, &[1]);
    act(&mut s, VIL, "attack 1010");
    assert_eq!(place(&s, "TR01"), on("1010"));
    s.phase = Phase::VillagerMovement;
    act(&mut s, VIL, "move RI01+TR01 1010-1011");
    assert_eq!(place(&s, "TR01"), on("1011"));
}

#[test]
fn fury_9_3_preset_major_treasure_stays_put() {
    let mut s = basic(Phase::VillagerMovement);
    put(&mut s, "RI01", "0211");
    put(&mut s, "TR01", "0211");
    s.unit_mut(id(&s, "TR01")).preset = true;
    assert_eq!(refuse(&mut s, VIL, "move RI01+TR01 0211-0210").rule, "9.3");
    act(&mut s, VIL, "move RI01 0211-0210");
    assert_eq!(place(&s, "TR01"), on("0211"));
}

#[test]
fn fury_h_trig_capturing_a_leader_rouses_the_village() {
    let mut s = basic(Phase::VikingCombat);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1010");
    put(&mut s, "WO01", "1010");
    put(&mut s, "VI02", "1009");
    put(&mut s, "LO01", "1009");
    dice(&mut s, &[1, 5]);
    act(&mut s, VIK, "capture VI01 WO01");
    assert!(!s.lock_lifted, "a Woman is no combatant (GAP-30)");
    let ev = act(&mut s, VIK, "capture VI02 LO01");
    assert_eq!(
        happened(&ev),
        [
            (
                "5.7",
                FuryEvent::Roused {
                    by: Rouser::LeaderCapture
                }
            ),
            (
                "8.1",
                FuryEvent::Capture {
                    captor: u("VI02"),
                    target: u("LO01"),
                    attack: 4,
                    defence: 2,
                    odds: Odds::TwoToOne,
                    roll: 5,
                    captured: false
                }
            )
        ]
    );
    assert!(s.lock_lifted);
}

#[test]
fn fury_13_1_captured_units_are_eliminated() {
    let mut s = bare("punitive-raid", &["0802", "0603"], 3, Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "WO01", "1010");
    put(&mut s, "WO02", "1010");
    put(&mut s, "WO03", "1010");
    put(&mut s, "AN03", "1010");
    dice(&mut s, &[1, 1, 1, 1]);
    let ev = act(&mut s, VIK, "capture VI01 WO01");
    assert_eq!(
        happened(&ev),
        [
            (
                "8.1",
                FuryEvent::Capture {
                    captor: u("VI01"),
                    target: u("WO01"),
                    attack: 4,
                    defence: 1,
                    odds: Odds::ThreeToOne,
                    roll: 1,
                    captured: true
                }
            ),
            ("13.1", FuryEvent::PutToTheSword { unit: u("WO01") })
        ]
    );
    assert_eq!(place(&s, "WO01"), Place::Eliminated);
    // No captives are held, so the escort limit never bites.
    act(&mut s, VIK, "capture VI01 WO02");
    act(&mut s, VIK, "capture VI01 WO03");
    act(&mut s, VIK, "capture VI01 AN03");
    assert_eq!(place(&s, "AN03"), Place::Eliminated);
    assert_eq!(s.held_by(id(&s, "VI01")).count(), 0);
}

#[test]
fn fury_13_1_treasure_taken_leaves_the_game() {
    // GAP-33: in the Punitive Raid Treasure is not a unit. VI01 enters the house 0909
    // and a 1 finds Treasure (9.2): he removes it instead of holding it, so nothing lies
    // in the hex to bar a Fire (H-FIRE) and nothing fills his hands.
    let mut s = bare("punitive-raid", &["0802", "0603"], 3, Phase::VikingMovement);
    put(&mut s, "VI01", "0908");
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIK, "move VI01 0908-0909");
    let found = s.code_of(UnitId(s.units.len() as u16 - 1));
    assert_eq!(
        happened(&ev),
        [
            (
                "5.1",
                FuryEvent::Moved {
                    units: vec![u("VI01")],
                    path: hexes("0908-0909"),
                    landing: false
                }
            ),
            (
                "9.2",
                FuryEvent::Sacked {
                    hex: hex("0909"),
                    roll: 1,
                    found: Some(found)
                }
            ),
            (
                "13.1",
                FuryEvent::CarriesOffTreasure {
                    unit: u("VI01"),
                    treasure: found
                }
            )
        ]
    );
    let treasure = s.ids().find(|&t| s.code_of(t) == found).unwrap();
    assert_eq!(s.unit(treasure).place, Place::Eliminated);
    assert_eq!(s.held_by(id(&s, "VI01")).count(), 0);
    s.phase = Phase::VikingFire;
    dice(&mut s, &[3]);
    act(&mut s, VIK, "fire 0909");
    assert!(s.fired.contains(hex("0909")));

    // Treasure lying in a hex is removed on entry in the same way, however much the
    // Viking already took.
    let mut s = bare("punitive-raid", &["0802", "0603"], 3, Phase::VikingMovement);
    put(&mut s, "VI01", "1201");
    put(&mut s, "TR01", "1203");
    put(&mut s, "TR02", "1203");
    put(&mut s, "TR03", "1203");
    let ev = act(&mut s, VIK, "move VI01 1201-1202-1203");
    let carried: Vec<_> = happened(&ev)
        .into_iter()
        .filter(|(rule, _)| *rule == "13.1")
        .collect();
    assert_eq!(carried.len(), 3);
    for t in ["TR01", "TR02", "TR03"] {
        assert_eq!(place(&s, t), Place::Eliminated);
    }
}

// ---------------------------------------------------------------- 9.0 Treasure

#[test]
fn fury_9_2_entering_an_empty_building_sacks_it() {
    // 1111 is a house next to 1010. Roll 2: Treasure found, held by the finder. The
    // Basic game has TR01-TR08, so the new marker is TR09.
    let mut s = basic(Phase::VikingMovement);
    put(&mut s, "VI01", "1010");
    dice(&mut s, &[2]);
    let ev = act(&mut s, VIK, "move VI01 1010-1111");
    assert_eq!(
        happened(&ev),
        [
            (
                "5.1",
                FuryEvent::Moved {
                    units: vec![u("VI01")],
                    path: hexes("1010-1111"),
                    landing: false
                }
            ),
            (
                "9.2",
                FuryEvent::Sacked {
                    hex: hex("1111"),
                    roll: 2,
                    found: Some(u("TR09"))
                }
            )
        ]
    );
    assert_eq!(place(&s, "TR09"), held(&s, "VI01"));
    assert!(s.sacked.contains(hex("1111")));
}

#[test]
fn fury_9_2_roll_3_6_finds_nothing_and_gap_26_once_per_game() {
    let mut s = basic(Phase::VikingMovement);
    put(&mut s, "VI01", "1010");
    put(&mut s, "VI02", "1110");
    dice(&mut s, &[3]);
    let ev = act(&mut s, VIK, "move VI01 1010-1111");
    assert_eq!(
        happened(&ev),
        [
            (
                "5.1",
                FuryEvent::Moved {
                    units: vec![u("VI01")],
                    path: hexes("1010-1111"),
                    landing: false
                }
            ),
            (
                "9.2",
                FuryEvent::Sacked {
                    hex: hex("1111"),
                    roll: 3,
                    found: None
                }
            )
        ]
    );
    assert!(s.find_code("TR09").is_none());
    // Sacked once: the next Viking in is not rolled for.
    put(&mut s, "VI01", "1011");
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIK, "move VI02 1110-1111");
    assert_eq!(
        happened(&ev),
        [(
            "5.1",
            FuryEvent::Moved {
                units: vec![u("VI02")],
                path: hexes("1110-1111"),
                landing: false
            }
        )]
    );
    assert_eq!(s.chance.scripted_left(), 1);
}

#[test]
fn fury_9_2_major_buildings_never_generate_treasure() {
    // The Manor 0407 (from its enclosure 0406) and the Church 0814 (from 0813).
    let mut s = basic(Phase::VikingMovement);
    put(&mut s, "VI01", "0406");
    put(&mut s, "VI02", "0813");
    put(&mut s, "CT01", "0814");
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIK, "move VI01 0406-0407");
    assert_eq!(
        happened(&ev),
        [(
            "5.1",
            FuryEvent::Moved {
                units: vec![u("VI01")],
                path: hexes("0406-0407"),
                landing: false
            }
        )]
    );
    // H-TRS-1: the Church Treasure is taken on entry; the Church is not sacked.
    let ev = act(&mut s, VIK, "move VI02 0813-0814");
    assert_eq!(
        happened(&ev),
        [
            (
                "5.1",
                FuryEvent::Moved {
                    units: vec![u("VI02")],
                    path: hexes("0813-0814"),
                    landing: false
                }
            ),
            (
                "H-TRS-1",
                FuryEvent::TakesTreasure {
                    unit: u("VI02"),
                    treasure: u("CT01")
                }
            )
        ]
    );
    assert_eq!(place(&s, "CT01"), held(&s, "VI02"));
    assert!(s.sacked.is_empty());
    assert_eq!(s.chance.scripted_left(), 1);
}

#[test]
fn fury_9_2_building_sacked_once_its_combatants_are_beaten() {
    // VI01 enters 0909 held by MI01: no roll yet. In combat 4 to 2 (doubled) = 2-1;
    // roll 3: DR. Once the Militia has retreated the house is sacked: roll 1, TR09.
    let mut s = basic(Phase::VikingMovement);
    put(&mut s, "VI01", "0908");
    put(&mut s, "MI01", "0909");
    let ev = act(&mut s, VIK, "move VI01 0908-0909");
    assert_eq!(
        happened(&ev),
        [(
            "5.1",
            FuryEvent::Moved {
                units: vec![u("VI01")],
                path: hexes("0908-0909"),
                landing: false
            }
        )]
    );
    assert!(s.sacked.is_empty());
    s.phase = Phase::VikingCombat;
    dice(&mut s, &[3, 1]);
    act(&mut s, VIK, "attack 0909");
    assert!(s.sacked.is_empty());
    let ev = act(&mut s, VIL, "retreat MI01 0910");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.7",
                FuryEvent::Retreated {
                    unit: u("MI01"),
                    to: hex("0910")
                }
            ),
            (
                "9.2",
                FuryEvent::Sacked {
                    hex: hex("0909"),
                    roll: 1,
                    found: Some(u("TR09"))
                }
            )
        ]
    );
    assert_eq!(place(&s, "TR09"), held(&s, "VI01"));
}

#[test]
fn fury_h_trs_1_taking_treasure() {
    // The Keep hex 0211 holds TR01 and the Knight: the Leader keeps it from being taken.
    let mut s = basic(Phase::VikingMovement);
    put(&mut s, "VI01", "0210");
    put(&mut s, "TR01", "0211");
    put(&mut s, "KN01", "0211");
    let ev = act(&mut s, VIK, "move VI01 0210-0211");
    assert_eq!(
        happened(&ev),
        [(
            "5.1",
            FuryEvent::Moved {
                units: vec![u("VI01")],
                path: hexes("0210-0211"),
                landing: false
            }
        )]
    );
    assert_eq!(place(&s, "TR01"), on("0211"));
    // The Knight alone is Captured (3 doubled = 6: 4 to 6 = 1-2, roll 1): the
    // Treasure is taken at once.
    s.phase = Phase::VikingCombat;
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIK, "capture VI01 KN01");
    assert_eq!(
        happened(&ev),
        [
            (
                "8.1",
                FuryEvent::Capture {
                    captor: u("VI01"),
                    target: u("KN01"),
                    attack: 4,
                    defence: 6,
                    odds: Odds::OneToTwo,
                    roll: 1,
                    captured: true
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
    assert_eq!(place(&s, "TR01"), held(&s, "VI01"));
}

#[test]
fn fury_h_trs_1_treasure_found_when_full_lies_in_the_hex() {
    // VI01 holds TR01 and WO01 and enters the house 0909: roll 1 finds TR09, which it
    // has no room for.
    let mut s = basic(Phase::VikingMovement);
    put(&mut s, "VI01", "0908");
    put(&mut s, "TR01", "0908");
    put(&mut s, "WO01", "0908");
    hold(&mut s, "VI01", "TR01");
    hold(&mut s, "VI01", "WO01");
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIK, "move VI01 0908-0909");
    assert_eq!(
        happened(&ev),
        [
            (
                "5.1",
                FuryEvent::Moved {
                    units: vec![u("VI01")],
                    path: hexes("0908-0909"),
                    landing: false
                }
            ),
            (
                "9.2",
                FuryEvent::Sacked {
                    hex: hex("0909"),
                    roll: 1,
                    found: Some(u("TR09"))
                }
            )
        ]
    );
    assert_eq!(place(&s, "TR09"), on("0909"));
    // Villager-owned Treasure stops a Viking that enters its hex (H-TRS-1, 5.3).
    put(&mut s, "VI02", "0808");
    assert_eq!(refuse(&mut s, VIK, "move VI02 0808-0909-1009").rule, "5.3");
}

/// The Granary (1320) with its pre-set Treasure TR06, and VI01 next to it in 1319.
fn granary(phase: Phase) -> FuryState {
    let mut s = basic(phase);
    put(&mut s, "TR06", "1320");
    s.unit_mut(id(&s, "TR06")).preset = true;
    put(&mut s, "VI01", "1319");
    s
}

#[test]
fn fury_9_2_granary_preset_treasure_taken_before_the_roll_escort_then_full() {
    // VI01 holds WO01: room for one more. Entering the Granary it takes TR06 first
    // (H-TRS-1), which fills its escort; only then is the Granary sacked (9.2): a 2
    // finds TR09, which stays in the hex, unescorted (H-TRS-1).
    let mut s = granary(Phase::VikingMovement);
    put(&mut s, "WO01", "1319");
    hold(&mut s, "VI01", "WO01");
    dice(&mut s, &[2]);
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
                    roll: 2,
                    found: Some(u("TR09"))
                }
            )
        ]
    );
    assert_eq!(place(&s, "TR06"), held(&s, "VI01"));
    assert!(!s.unit(id(&s, "TR06")).preset);
    assert_eq!(place(&s, "WO01"), held(&s, "VI01"));
    assert_eq!(place(&s, "TR09"), on("1320"));
    assert!(s.sacked.contains(hex("1320")));
}

#[test]
fn fury_9_2_granary_with_room_for_both_takes_both() {
    // VI01 holds nothing: it takes TR06, then the sack (roll 1) finds TR09, which it
    // also has room for.
    let mut s = granary(Phase::VikingMovement);
    dice(&mut s, &[1]);
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
                    roll: 1,
                    found: Some(u("TR09"))
                }
            )
        ]
    );
    assert_eq!(place(&s, "TR06"), held(&s, "VI01"));
    assert_eq!(place(&s, "TR09"), held(&s, "VI01"));
}

#[test]
fn fury_9_2_granary_already_full_escort_takes_nothing_and_still_rolls() {
    // VI01 holds WO01 and WO02: no room. TR06 stays; the Granary is still sacked, and
    // the Treasure found (roll 1) lies beside TR06.
    let mut s = granary(Phase::VikingMovement);
    for w in ["WO01", "WO02"] {
        put(&mut s, w, "1319");
        hold(&mut s, "VI01", w);
    }
    dice(&mut s, &[1]);
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
                "9.2",
                FuryEvent::Sacked {
                    hex: hex("1320"),
                    roll: 1,
                    found: Some(u("TR09"))
                }
            )
        ]
    );
    assert_eq!(place(&s, "TR06"), on("1320"));
    assert!(s.unit(id(&s, "TR06")).preset);
    assert_eq!(place(&s, "TR09"), on("1320"));
}

// ---------------------------------------------------------------- 10.0 Fire

#[test]
fn fury_10_2_fire_in_a_building_needs_1_3() {
    for (roll, burns) in [(3, true), (4, false)] {
        let mut s = basic(Phase::VikingFire);
        put(&mut s, "VI01", "0909");
        dice(&mut s, &[roll]);
        let ev = act(&mut s, VIK, "fire 0909");
        assert_eq!(
            happened(&ev),
            [(
                "10.2",
                FuryEvent::Fire {
                    hex: hex("0909"),
                    roll,
                    need: 3,
                    burns
                }
            )]
        );
        assert_eq!(s.fired.contains(hex("0909")), burns);
        assert_eq!(s.unit(id(&s, "VI01")).must_leave, burns);
    }
}

#[test]
fn fury_10_2_fire_in_other_terrain_needs_1_4() {
    // Clear, Farmland, Woods, Keep hill (H-FIRE: every non-Building hex).
    for h in ["1010", "0906", "1504", "0411"] {
        for (roll, burns) in [(4, true), (5, false)] {
            let mut s = basic(Phase::VikingFire);
            put(&mut s, "VI01", h);
            dice(&mut s, &[roll]);
            let ev = act(&mut s, VIK, &format!("fire {h}"));
            assert_eq!(
                happened(&ev),
                [(
                    "10.2",
                    FuryEvent::Fire {
                        hex: hex(h),
                        roll,
                        need: 4,
                        burns
                    }
                )]
            );
            assert_eq!(s.fired.contains(hex(h)), burns);
        }
    }
}

#[test]
fn fury_10_1_chiefs_may_not_set_fires() {
    let mut s = basic(Phase::VikingFire);
    put(&mut s, "VC01", "1010");
    assert_eq!(refuse(&mut s, VIK, "fire 1010").rule, "10.1");
    // A Chief with an Infantry: the stack tries once.
    put(&mut s, "VI01", "1010");
    assert!(is_legal(&s, VIK, "fire 1010"));
}

#[test]
fn fury_10_1_units_that_fought_may_not_set_fires() {
    // An attack (4 to 1, roll 1: DE)...
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    // ...and a Capture attempt (4 to 1 = 3-1, roll 1) both count as combat (H-CAP-1).
    put(&mut s, "VI02", "1009");
    put(&mut s, "WO01", "1009");
    dice(&mut s, &[1, 1]);
    act(&mut s, VIK, "attack 1010");
    act(&mut s, VIK, "capture VI02 WO01");
    act(&mut s, VIK, "end");
    assert_eq!(s.phase, Phase::VikingFire);
    assert_eq!(refuse(&mut s, VIK, "fire 1010").rule, "10.1");
    assert_eq!(refuse(&mut s, VIK, "fire 1009").rule, "10.1");
}

#[test]
fn fury_10_1_one_attempt_per_unit_per_turn_in_the_fire_phase() {
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    assert_eq!(refuse(&mut s, VIK, "fire 1010").rule, "10.1");
    act(&mut s, VIK, "end");
    dice(&mut s, &[5]);
    act(&mut s, VIK, "fire 1010");
    assert_eq!(refuse(&mut s, VIK, "fire 1010").rule, "10.1");
    // Only the Viking sets Fires (10.4).
    act(&mut s, VIK, "end");
    act(&mut s, VIL, "end");
    assert_eq!(refuse(&mut s, VIL, "fire 1010").rule, "10.4");
}

#[test]
fn fury_h_fire_not_where_villager_units_or_treasure_lie() {
    let mut s = basic(Phase::VikingFire);
    put(&mut s, "VI01", "1010");
    put(&mut s, "WO01", "1010");
    assert_eq!(refuse(&mut s, VIK, "fire 1010").rule, "H-FIRE");
    // VI02 is full; TR03 lies in its hex, unescorted.
    put(&mut s, "VI02", "1009");
    put(&mut s, "TR01", "1009");
    put(&mut s, "TR02", "1009");
    hold(&mut s, "VI02", "TR01");
    hold(&mut s, "VI02", "TR02");
    put(&mut s, "TR03", "1009");
    assert_eq!(refuse(&mut s, VIK, "fire 1009").rule, "H-FIRE");
    // The Viking does not burn his own Ship's hex (H-SHIP).
    put(&mut s, "VI03", "0802");
    assert_eq!(refuse(&mut s, VIK, "fire 0802").rule, "H-SHIP");
}

#[test]
fn fury_10_3_no_movement_or_combat_in_a_fired_hex() {
    let mut s = basic(Phase::VikingMovement);
    put(&mut s, "VI01", "1010");
    s.fired.insert(hex("1009"));
    assert_eq!(refuse(&mut s, VIK, "move VI01 1010-1009").rule, "10.3");
    assert_eq!(refuse(&mut s, VIK, "move VI01 1010-1009-1008").rule, "10.3");
    // Units caught together in a Fired hex do not fight.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    s.fired.insert(hex("1010"));
    assert_eq!(refuse(&mut s, VIK, "attack 1010").rule, "10.3");
    act(&mut s, VIK, "end");
}

#[test]
fn fury_10_3_the_setter_must_leave_next_movement_phase() {
    let mut s = basic(Phase::VikingFire);
    put(&mut s, "VI01", "1010");
    put(&mut s, "VC01", "1010");
    dice(&mut s, &[1]);
    act(&mut s, VIK, "fire 1010");
    assert!(s.unit(id(&s, "VC01")).must_leave);
    act(&mut s, VIK, "end");
    act(&mut s, VIL, "end");
    act(&mut s, VIL, "end");
    assert_eq!((s.turn, s.phase), (4, Phase::VikingMovement));
    assert_eq!(refuse(&mut s, VIK, "end").rule, "10.3");
    act(&mut s, VIK, "move VI01+VC01 1010-1011");
    act(&mut s, VIK, "end");
}

#[test]
fn fury_h_fire_a_setter_that_cannot_leave_perishes_with_its_loot() {
    // VI01 (holding TR01) set the Fire in 1010, and every hex around is burning too.
    let mut s = basic(Phase::VikingMovement);
    put(&mut s, "VI01", "1010");
    put(&mut s, "TR01", "1010");
    hold(&mut s, "VI01", "TR01");
    s.unit_mut(id(&s, "VI01")).must_leave = true;
    for h in ["1010", "1009", "1110", "1111", "1011", "0911", "0910"] {
        s.fired.insert(hex(h));
    }
    let ev = act(&mut s, VIK, "end");
    assert_eq!(
        happened(&ev)[0],
        ("H-FIRE", FuryEvent::PerishedInFire { unit: u("VI01") })
    );
    assert_eq!(place(&s, "VI01"), Place::Eliminated);
    assert_eq!(place(&s, "TR01"), Place::Lost);
}

#[test]
fn fury_10_4_villagers_burn_the_ship() {
    // Cavalry in the unguarded Ship hex 0802 at the Villager Combat Phase: roll 5 fails;
    // (next turn) roll 4 burns it and the Basic game ends (11.0).
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "CA01", "0802");
    dice(&mut s, &[5]);
    let ev = act(&mut s, VIL, "burn 0802");
    assert_eq!(
        happened(&ev),
        [(
            "10.4",
            FuryEvent::ShipFired {
                hex: hex("0802"),
                roll: 5,
                burns: false
            }
        )]
    );
    // One attempt per turn (H-SHIP-2).
    assert_eq!(refuse(&mut s, VIL, "burn 0802").rule, "H-SHIP-2");
    s.unit_mut(id(&s, "CA01")).engaged = false;
    dice(&mut s, &[4]);
    let ev = act(&mut s, VIL, "burn 0802");
    assert_eq!(
        happened(&ev),
        [
            (
                "10.4",
                FuryEvent::ShipFired {
                    hex: hex("0802"),
                    roll: 4,
                    burns: true
                }
            ),
            ("10.4", FuryEvent::ShipDestroyed { hex: hex("0802") }),
            ("11.0", FuryEvent::VillagerWinsAtOnce)
        ]
    );
    assert!(s.ships[0].destroyed);
    assert!(
        !s.fired.contains(hex("0802")),
        "only the Ship burns (H-SHIP-2)"
    );
    assert_eq!(s.phase, Phase::Over);
    let f = s.finish.clone().unwrap();
    assert_eq!(
        (f.winner, f.result.as_str()),
        (Some(Side::Villager), "Automatic Villager Victory")
    );
}

#[test]
fn fury_h_ship_2_who_may_burn_the_ship() {
    let mut s = basic(Phase::VillagerCombat);
    // A guarded Ship cannot be burned.
    put(&mut s, "VI01", "0802");
    put(&mut s, "CA01", "0802");
    assert_eq!(refuse(&mut s, VIL, "burn 0802").rule, "H-SHIP-2");
    // Non-combatants may not try (10.4); a Leader may.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "WO01", "0802");
    put(&mut s, "PR01", "0802");
    assert_eq!(refuse(&mut s, VIL, "burn 0802").rule, "10.4");
    put(&mut s, "BI01", "0802");
    assert!(is_legal(&s, VIL, "burn 0802"));
    // Only in the Villager Combat Phase.
    s.phase = Phase::VillagerMovement;
    assert_eq!(refuse(&mut s, VIL, "burn 0802").rule, "H-SHIP-2");
    // Not where there is no Ship.
    s.phase = Phase::VillagerCombat;
    put(&mut s, "CA02", "0803");
    assert_eq!(refuse(&mut s, VIL, "burn 0803").rule, "10.4");
}

// ---------------------------------------------------------------- the tables

/// The CRT as the brief gives it: rows 1-3 printed, rows 4-6 H-CRT (GAP-04); columns
/// 1-4, 1-3, 1-2, 1-1, 2-1, 3-1, 4-1.
const CRT: [[&str; 7]; 6] = [
    ["EX", "DR", "DR", "DE", "DE", "DE", "DE"],
    ["AR", "EX", "EX", "DR", "DE", "DE", "DE"],
    ["AE", "AR", "EX", "DR", "DR", "DE", "DE"],
    ["AE", "AE", "AR", "EX", "DR", "DR", "DE"],
    ["AE", "AE", "AR", "AR", "EX", "DR", "DR"],
    ["AE", "AE", "AE", "AR", "AR", "EX", "DR"],
];

fn crt_result(text: &str) -> CrtResult {
    match text {
        "AE" => CrtResult::AE,
        "AR" => CrtResult::AR,
        "DR" => CrtResult::DR,
        "DE" => CrtResult::DE,
        _ => CrtResult::EX,
    }
}

#[test]
fn fury_rt_crt_every_column_and_roll() {
    // One Viking attacker against Villager defenders, chosen so the odds fall in each
    // column: (attacker, defenders, hex, attack, defence, doubled).
    type Column<'a> = (&'a str, &'a [&'a str], &'a str, u32, u32, bool);
    let columns: [Column; 7] = [
        ("VA01", &["RI01", "RI02"], "1504", 2, 8, true),
        ("VA01", &["MI01", "RI01"], "1504", 2, 6, true),
        ("VA01", &["RI01", "RI02"], "1010", 2, 4, false),
        ("VA01", &["RI01"], "1010", 2, 2, false),
        ("VI01", &["RI01"], "1010", 4, 2, false),
        ("VB01", &["RI01"], "1010", 6, 2, false),
        ("VI01", &["MI01"], "1010", 4, 1, false),
    ];
    for (col, &(attacker, defenders, h, attack, defence, doubled)) in columns.iter().enumerate() {
        for roll in 1..=6u32 {
            let result = CRT[roll as usize - 1][col];
            let mut s = basic(Phase::VikingCombat);
            put(&mut s, attacker, h);
            for d in defenders.iter() {
                put(&mut s, d, h);
            }
            dice(&mut s, &[roll]);
            let ev = act(&mut s, VIK, &format!("attack {h}"));
            let what = format!("{attacker} column {col} roll {roll}");
            assert_eq!(
                happened(&ev)[0],
                (
                    "7.2",
                    FuryEvent::Attack {
                        attackers: vec![u(attacker)],
                        defenders: defenders.iter().map(|d| u(d)).collect(),
                        hex: hex(h),
                        attack,
                        defence,
                        doubled,
                        odds: Odds::ALL[col],
                        shifted: None,
                        roll,
                        result: crt_result(result),
                    }
                ),
                "{what}"
            );
            let gone = |s: &FuryState, c: &str| place(s, c) == Place::Eliminated;
            let retreats: Vec<Pending> = defenders.iter().map(|d| retreat_of(&s, d)).collect();
            match result {
                "DE" => {
                    assert!(defenders.iter().all(|d| gone(&s, d)), "{what}");
                    assert_eq!(place(&s, attacker), on(h), "{what}");
                    assert!(s.pending.is_empty(), "{what}");
                }
                "DR" => {
                    assert_eq!(s.pending, retreats, "{what}");
                    assert_eq!(place(&s, attacker), on(h), "{what}");
                }
                "EX" => {
                    assert!(gone(&s, attacker), "{what}");
                    assert!(defenders.iter().all(|d| gone(&s, d)), "{what}");
                }
                "AR" => {
                    assert_eq!(s.pending, [retreat_of(&s, attacker)], "{what}");
                    assert!(defenders.iter().all(|d| place(&s, d) == on(h)), "{what}");
                }
                "AE" => {
                    assert!(gone(&s, attacker), "{what}");
                    assert!(defenders.iter().all(|d| place(&s, d) == on(h)), "{what}");
                    assert!(s.pending.is_empty(), "{what}");
                }
                _ => unreachable!(),
            }
        }
    }
}

/// The Capture Results Table (2.4), row 6 blank in the text and filled "--" (GAP-05);
/// columns 1-2, 1-1, 2-1, 3-1.
const CAPTURE: [[bool; 4]; 6] = [
    [true, true, true, true],
    [false, true, true, true],
    [false, false, true, true],
    [false, false, false, true],
    [false, false, false, false],
    [false, false, false, false],
];

#[test]
fn fury_rt_cap_every_column_and_roll() {
    // (captor, target, hex, attack, defence). AN03 has Capture Defense 2, doubled in
    // Woods; WO01 1, so 4 to 1 is above 3-1 and counts as 3-1.
    type Case<'a> = (&'a str, &'a str, &'a str, u32, u32);
    let columns: [&[Case]; 4] = [
        &[("VA01", "AN03", "1504", 2, 4)],
        &[("VA01", "AN03", "1010", 2, 2)],
        &[("VI01", "AN03", "1010", 4, 2)],
        &[
            ("VB01", "AN03", "1010", 6, 2),
            ("VI01", "WO01", "1010", 4, 1),
        ],
    ];
    for (col, cases) in columns.iter().enumerate() {
        for &(captor, target, h, attack, defence) in cases.iter() {
            for roll in 1..=6u32 {
                let caught = CAPTURE[roll as usize - 1][col];
                let mut s = basic(Phase::VikingCombat);
                put(&mut s, captor, h);
                put(&mut s, target, h);
                dice(&mut s, &[roll]);
                let ev = act(&mut s, VIK, &format!("capture {captor} {target}"));
                assert_eq!(
                    happened(&ev),
                    [(
                        "8.1",
                        FuryEvent::Capture {
                            captor: u(captor),
                            target: u(target),
                            attack,
                            defence,
                            odds: Odds::capture(col),
                            roll,
                            captured: caught
                        }
                    )]
                );
                let expected = if caught { held(&s, captor) } else { on(h) };
                assert_eq!(place(&s, target), expected, "{captor} {target} roll {roll}");
            }
        }
    }
}

// ---------------------------------------------------------------- 11.0-13.3 Victory

/// The end of the last turn of a game, every Viking back aboard Ship 1 and every
/// Villager unit still in play (on 1010; where does not matter to the count), except
/// Women and Animals, which are lost off the map (they count for nobody).
fn endgame(scenario: &str, ships: &[&str]) -> FuryState {
    let mut s = bare(scenario, ships, 12, Phase::VillagerCombat);
    for u in s.units.iter_mut() {
        u.place = match u.side() {
            Side::Viking => Place::Embarked(0),
            Side::Villager => match u.kind {
                Kind::Woman | Kind::Animal => Place::Lost,
                _ => on("1010"),
            },
        };
    }
    s
}

fn set(s: &mut FuryState, codes: &[&str], p: Place) {
    for c in codes {
        let u = id(s, c);
        s.unit_mut(u).place = p;
    }
}

fn result(s: &FuryState) -> (Option<Side>, String, String) {
    let f = victory::final_result(s);
    (f.winner, f.result, f.detail)
}

fn win(side: Option<Side>, result: &str, detail: &str) -> (Option<Side>, String, String) {
    (side, result.to_string(), detail.to_string())
}

const LOOT_18: [&str; 16] = [
    "CT01", "TR01", "TR02", "TR03", "TR04", "TR05", "TR06", "TR07", "TR08", "WO01", "WO02", "WO03",
    "WO04", "WO05", "WO06", "WO07",
];

#[test]
fn fury_11_basic_count_18_units_aboard_wins() {
    // Church Treasure 3 + 8 Treasure + 7 Women = 18.
    let mut s = endgame("basic", &["0802"]);
    set(&mut s, &LOOT_18, Place::Embarked(0));
    assert_eq!(
        result(&s),
        win(
            Some(VIK),
            "Viking Victory",
            "18 units of loot aboard, -0 for Vikings left ashore: 18 (18 needed)"
        )
    );
    // A Viking (even a Chief) still ashore counts -1.
    set(&mut s, &["VC01"], on("0803"));
    assert_eq!(
        result(&s),
        win(
            Some(VIL),
            "Villager Victory",
            "18 units of loot aboard, -1 for Vikings left ashore: 17 (18 needed)"
        )
    );
}

#[test]
fn fury_gap_20_eliminated_vikings_do_not_count_minus_one() {
    let mut s = endgame("basic", &["0802"]);
    set(&mut s, &LOOT_18, Place::Embarked(0));
    set(&mut s, &["VI01", "VI02"], Place::Eliminated);
    assert_eq!(result(&s).0, Some(VIK));
    // The literal reading, as an option: they count too.
    s.options.unreturned_counts_eliminated = true;
    assert_eq!(
        result(&s),
        win(
            Some(VIL),
            "Villager Victory",
            "18 units of loot aboard, -2 for Vikings left ashore: 16 (18 needed)"
        )
    );
}

#[test]
fn fury_11_only_loot_aboard_counts() {
    // WO07 is still held ashore by VI01: it does not count, and VI01 costs 1.
    let mut s = endgame("basic", &["0802"]);
    set(&mut s, &LOOT_18, Place::Embarked(0));
    set(&mut s, &["VI01"], on("0803"));
    hold(&mut s, "VI01", "WO07");
    assert_eq!(
        result(&s).2,
        "17 units of loot aboard, -1 for Vikings left ashore: 16 (18 needed)"
    );
}

#[test]
fn fury_gap_31_a_leader_counts_one_unit_or_three_by_option() {
    // 4 Leaders + Church Treasure 3 + 8 Treasure + 2 Women = 17.
    let mut s = endgame("basic", &["0802"]);
    let loot = [
        "KN01", "LO01", "BI01", "AB01", "CT01", "TR01", "TR02", "TR03", "TR04", "TR05", "TR06",
        "TR07", "TR08", "WO01", "WO02",
    ];
    set(&mut s, &loot, Place::Embarked(0));
    assert_eq!(
        result(&s),
        win(
            Some(VIL),
            "Villager Victory",
            "17 units of loot aboard, -0 for Vikings left ashore: 17 (18 needed)"
        )
    );
    s.options.leader_value = 3;
    assert_eq!(
        result(&s),
        win(
            Some(VIK),
            "Viking Victory",
            "25 units of loot aboard, -0 for Vikings left ashore: 25 (18 needed)"
        )
    );
}

#[test]
fn fury_11_the_game_ends_after_turn_12() {
    let mut s = endgame("basic", &["0802"]);
    set(&mut s, &LOOT_18, Place::Embarked(0));
    s.turn = 11;
    act(&mut s, VIL, "end");
    assert_eq!((s.turn, s.phase), (12, Phase::VikingMovement));
    assert!(s.finish.is_none());
    s.phase = Phase::VillagerCombat;
    let ev = act(&mut s, VIL, "end");
    assert_eq!(
        happened(&ev),
        [(
            "11.0",
            FuryEvent::GameOver {
                winner: Some(Side::Viking),
                result: "Viking Victory".into(),
                detail: "18 units of loot aboard, -0 for Vikings left ashore: 18 (18 needed)"
                    .into()
            }
        )]
    );
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.finish.as_ref().unwrap().winner, Some(VIK));
}

#[test]
fn fury_12_2_advanced_victory_points() {
    let mut s = endgame("advanced", &["0802", "0603"]);
    // Viking: Fired houses 0909 and 1111 (1 each), Fired Farmland 0906 (1/2), a Fired
    // Clear hex (nothing); eliminated MI01, MI02 (1 each), RI01 (2), CA01 (3), PR01 (0);
    // aboard AN01 2, WO01 4, TR01 6, CT01 18, LO01 15; eliminated KN01 10.
    // 2 + 1/2 + 7 + 2 + 4 + 6 + 18 + 15 + 10 = 64 1/2.
    for h in ["0909", "1111", "0906", "1010"] {
        s.fired.insert(hex(h));
    }
    set(
        &mut s,
        &["MI01", "MI02", "RI01", "CA01", "PR01", "KN01"],
        Place::Eliminated,
    );
    set(
        &mut s,
        &["AN01", "WO01", "TR01", "CT01", "LO01"],
        Place::Embarked(0),
    );
    // Villager: WO02, AN03 retained (1 each); WO03 held ashore by the stranded VI05
    // counts as retained (1); VI05 stranded counts as eliminated (3); eliminated VI02
    // (3), VA01 (2), VC01 (0); AN04 lost off the map (nothing). 2 + 1 + 3 + 5 = 11.
    set(&mut s, &["WO02", "AN03"], on("1012"));
    set(&mut s, &["VI05"], on("1013"));
    hold(&mut s, "VI05", "WO03");
    set(&mut s, &["VI02", "VA01", "VC01"], Place::Eliminated);
    assert_eq!(victory::advanced_points(&s), (129, 22));
    // 64.5 / 11 >= 3.
    assert_eq!(
        result(&s),
        win(
            Some(VIK),
            "Decisive Viking Victory",
            "Viking 64½ VP, Villager 11 VP"
        )
    );
}

#[test]
fn fury_12_2_advanced_ratio_levels() {
    // (Fired Building hexes, Fired Farmland hexes, Women retained, result): Viking VP is
    // buildings + farmland / 2, Villager VP the Women.
    let houses = ["0609", "0711", "0713", "0715", "0816", "0909"];
    let fields = ["0906", "1005"];
    let cases = [
        (6, 0, 2, "Decisive Viking Victory"),   // 3
        (5, 1, 2, "Viking Victory"),            // 2.75
        (6, 0, 3, "Viking Victory"),            // 2
        (5, 1, 3, "Villager Victory"),          // 1.83
        (3, 1, 3, "Villager Victory"),          // 1.17
        (3, 0, 3, "Decisive Villager Victory"), // 1: "less than a majority"
        (2, 0, 3, "Decisive Villager Victory"),
        (1, 0, 0, "Decisive Viking Victory"), // Villager 0
        (0, 1, 0, "Decisive Viking Victory"),
        (0, 0, 0, "Decisive Villager Victory"),
    ];
    for (b, f, w, expected) in cases {
        let mut s = endgame("advanced", &["0802", "0603"]);
        for h in &houses[..b] {
            s.fired.insert(hex(h));
        }
        for h in &fields[..f] {
            s.fired.insert(hex(h));
        }
        for i in 1..=w {
            set(&mut s, &[&format!("WO{i:02}")], on("1012"));
        }
        let winner = if expected.contains("Viking") {
            VIK
        } else {
            VIL
        };
        let (who, res, _) = result(&s);
        assert_eq!((who, res.as_str()), (Some(winner), expected), "{b} {f} {w}");
    }
}

#[test]
fn fury_12_2_destroyed_ship_scores_and_loses_its_cargo() {
    // Ship 2 is destroyed with VI03, TR01 and WO01 aboard: the Treasure and the Woman
    // count for nobody, VI03 is lost (3), and the Ship gives the Villager 20.
    let mut s = endgame("advanced", &["0802", "0603"]);
    s.ships[1].destroyed = true;
    set(&mut s, &["VI03", "TR01", "WO01"], Place::Embarked(1));
    assert_eq!(
        result(&s),
        win(
            Some(VIL),
            "Decisive Villager Victory",
            "Viking 0 VP, Villager 23 VP"
        )
    );
}

#[test]
fn fury_12_1_sixteen_units_per_ship() {
    let mut s = bare("advanced", &["0802", "0603"], 3, Phase::VikingMovement);
    s.ships[0].landed = 16;
    s.ships[0].embarked = 16;
    set(&mut s, &["VI17", "VC01"], Place::Aboard);
    assert_eq!(refuse(&mut s, VIK, "move VI17 0802-0803").rule, "12.1");
    // Chiefs do not count.
    act(&mut s, VIK, "move VC01 0802-0803");
    // Nor may more than 16 re-embark on a Ship.
    put(&mut s, "VI01", "0703");
    assert_eq!(refuse(&mut s, VIK, "embark VI01 0703-0802").rule, "12.1");
    act(&mut s, VIK, "embark VI01 0703-0603");
    assert_eq!(place(&s, "VI01"), Place::Embarked(1));
    put(&mut s, "VC02", "0703");
    act(&mut s, VIK, "embark VC02 0703-0802");
    assert_eq!(place(&s, "VC02"), Place::Embarked(0));
}

// ---- Scenarios

#[test]
fn fury_13_1_punitive_raid_three_counts() {
    let base = || {
        let mut s = endgame("punitive-raid", &["0802", "0603"]);
        let women: Vec<String> = (1..=10).map(|i| format!("WO{i:02}")).collect();
        let militia: Vec<String> = (1..=28).map(|i| format!("MI{i:02}")).collect();
        for c in women.iter().chain(&militia) {
            set(&mut s, &[c.as_str()], Place::Eliminated);
        }
        set(&mut s, &["RI01", "RI02"], Place::Eliminated);
        let buildings = [
            "0211", "0212", "0312", "0407", "0814", "1716", "1717", "1816", "1518", "1320", "0609",
            "0711", "0713", "0715", "0816", "0909", "0913", "0915", "1013", "1014",
        ];
        for h in buildings {
            s.fired.insert(hex(h));
        }
        s
    };
    let s = base();
    assert_eq!(
        result(&s),
        win(
            Some(VIK),
            "Viking Victory",
            "10 non-combatants (10 needed), 30 combatants less 0 = 30 (30 needed), 20 Buildings fired (20 needed)"
        )
    );
    // A Priest counts as a non-combatant, a Leader as a combatant (GAP-33).
    let mut s = base();
    set(&mut s, &["WO10", "RI02"], on("1010"));
    set(&mut s, &["PR01", "KN01"], Place::Eliminated);
    assert_eq!(result(&s).0, Some(VIK));
    // Nine: the Animals lost off the map were not eliminated and do not count.
    let mut s = base();
    set(&mut s, &["WO10"], on("1010"));
    assert_eq!(result(&s).0, Some(VIL));
    // 19 Buildings Fired.
    let mut s = base();
    let mut f = s.fired;
    f.clear();
    for h in s.fired.iter().skip(1) {
        f.insert(h);
    }
    s.fired = f;
    assert_eq!(
        result(&s).2,
        "10 non-combatants (10 needed), 30 combatants less 0 = 30 (30 needed), 19 Buildings fired (20 needed)"
    );
    // Each Viking left ashore is -2 combatants; a Ship destroyed -10.
    let mut s = base();
    set(&mut s, &["VI01"], on("0803"));
    assert_eq!(
        result(&s),
        win(
            Some(VIL),
            "Villager Victory",
            "10 non-combatants (10 needed), 30 combatants less 2 = 28 (30 needed), 20 Buildings fired (20 needed)"
        )
    );
    let mut s = base();
    s.ships[1].destroyed = true;
    set(
        &mut s,
        &[
            "RI03", "RI04", "RI05", "RI06", "RI07", "RI08", "RI09", "RI10", "CA01", "CA02",
        ],
        Place::Eliminated,
    );
    assert_eq!(
        result(&s),
        win(
            Some(VIK),
            "Viking Victory",
            "10 non-combatants (10 needed), 40 combatants less 10 = 30 (30 needed), 20 Buildings fired (20 needed)"
        )
    );
}

#[test]
fn fury_13_1_and_13_3_both_ships_destroyed_is_an_automatic_win() {
    for scenario in ["punitive-raid", "hagars-folly"] {
        let mut s = bare(scenario, &["0802", "0603"], 5, Phase::VillagerCombat);
        put(&mut s, "CA01", "0802");
        put(&mut s, "CA02", "0603");
        dice(&mut s, &[1, 1]);
        let ev = act(&mut s, VIL, "burn 0802");
        assert_eq!(
            happened(&ev),
            [
                (
                    "10.4",
                    FuryEvent::ShipFired {
                        hex: hex("0802"),
                        roll: 1,
                        burns: true
                    }
                ),
                ("10.4", FuryEvent::ShipDestroyed { hex: hex("0802") })
            ]
        );
        assert!(s.finish.is_none(), "{scenario}: one Ship is not enough");
        let ev = act(&mut s, VIL, "burn 0603");
        assert_eq!(happened(&ev)[2], ("11.0", FuryEvent::VillagerWinsAtOnce));
        let f = s.finish.clone().unwrap();
        assert_eq!(
            (f.winner, f.result.as_str(), f.detail.as_str()),
            (
                Some(VIL),
                "Automatic Villager Victory",
                "2 Viking Ships are destroyed"
            ),
            "{scenario}"
        );
    }
    // The Advanced game and Blood-Money have no automatic win: the Ship only scores.
    for scenario in ["advanced", "blood-money"] {
        let mut s = bare(scenario, &["0802", "0603"], 5, Phase::VillagerCombat);
        put(&mut s, "CA01", "0802");
        put(&mut s, "CA02", "0603");
        dice(&mut s, &[1, 1]);
        act(&mut s, VIL, "burn 0802");
        act(&mut s, VIL, "burn 0603");
        assert!(s.finish.is_none(), "{scenario}");
    }
}

#[test]
fn fury_13_2_blood_money_has_no_women_or_animals() {
    let s = ready("blood-money", &["0802", "0603"]);
    assert!(s
        .units
        .iter()
        .all(|u| !matches!(u.kind, Kind::Woman | Kind::Animal)));
    assert!(s.find_code("WO01").is_none());
}

#[test]
fn fury_13_2_blood_money_leaders_and_draw() {
    let mut s = endgame("blood-money", &["0802", "0603"]);
    set(&mut s, &["KN01", "LO01", "BI01"], Place::Embarked(0));
    assert_eq!(
        result(&s),
        win(
            Some(VIK),
            "Viking Victory",
            "3 Leaders aboard, less 0 for Ships lost and 0 for stragglers = 3 (3 needed); 0 Major Buildings burned whole"
        )
    );
    // Four Vikings ashore cost nothing; a fifth costs a Leader.
    set(&mut s, &["VI01", "VI02", "VI03", "VI04"], on("0803"));
    assert_eq!(result(&s).0, Some(VIK));
    set(&mut s, &["VI05"], on("0803"));
    assert_eq!(
        result(&s).2,
        "3 Leaders aboard, less 0 for Ships lost and 1 for stragglers = 2 (3 needed); 0 Major Buildings burned whole"
    );
    // A Ship lost costs a Leader too.
    let mut s = endgame("blood-money", &["0802", "0603"]);
    set(&mut s, &["KN01", "LO01", "BI01"], Place::Embarked(0));
    s.ships[1].destroyed = true;
    assert_eq!(
        result(&s),
        win(
            Some(VIL),
            "Villager Victory",
            "3 Leaders aboard, less 1 for Ships lost and 0 for stragglers = 2 (3 needed); 0 Major Buildings burned whole"
        )
    );
    // Draw: the Keep (3 hexes), the Church and the Manor all Fired.
    for h in ["0211", "0212", "0312", "0814", "0407"] {
        s.fired.insert(hex(h));
    }
    assert_eq!(
        result(&s),
        win(
            None,
            "Draw",
            "3 Leaders aboard, less 1 for Ships lost and 0 for stragglers = 2 (3 needed); 3 Major Buildings burned whole"
        )
    );
    // Two of the three Monastery hexes do not make a fourth; two of the Keep's three
    // leave only two.
    s.fired.insert(hex("1716"));
    s.fired.insert(hex("1717"));
    let mut f = s.fired;
    f.clear();
    for h in s.fired.iter().filter(|h| *h != hex("0312")) {
        f.insert(h);
    }
    s.fired = f;
    assert_eq!(
        result(&s),
        win(
            Some(VIL),
            "Villager Victory",
            "3 Leaders aboard, less 1 for Ships lost and 0 for stragglers = 2 (3 needed); 2 Major Buildings burned whole"
        )
    );
}

#[test]
fn fury_13_3_hagars_folly_lock_suspended() {
    assert!(ready("hagars-folly", &["0802", "0603"]).lock_lifted);
    assert!(!ready("basic", &["0802"]).lock_lifted);
    assert!(!ready("advanced", &["0802", "0603"]).lock_lifted);
}

#[test]
fn fury_13_3_hagars_folly_uses_the_basic_count() {
    let mut s = endgame("hagars-folly", &["0802", "0603"]);
    set(&mut s, &LOOT_18, Place::Embarked(1));
    assert_eq!(
        result(&s),
        win(
            Some(VIK),
            "Viking Victory",
            "18 units of loot aboard, -0 for Vikings left ashore: 18 (18 needed)"
        )
    );
    // Loot aboard a Ship since destroyed is lost (GAP-35).
    s.ships[1].destroyed = true;
    assert_eq!(
        result(&s).2,
        "0 units of loot aboard, -0 for Vikings left ashore: 0 (18 needed)"
    );
}

// ---------------------------------------------------------------- depth

#[test]
fn fury_h_trig_attacks_and_arrows_on_combatants_rouse_the_village() {
    // An attack on a lone Priest (no combatant, GAP-30) leaves the village asleep.
    let mut s = basic(Phase::VikingCombat);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1010");
    put(&mut s, "PR01", "1010");
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        happened(&ev)[0],
        (
            "7.9",
            FuryEvent::AttackUndefended {
                attackers: vec![u("VI01")],
                defenders: vec![u("PR01")],
                hex: hex("1010")
            }
        )
    );
    assert!(!s.lock_lifted);
    // Archery at a Militia rouses it: 3 to 1 = 3-1, roll 6: EX (ignored).
    put(&mut s, "VA01", "1110");
    put(&mut s, "MI01", "1210");
    dice(&mut s, &[6]);
    let ev = act(&mut s, VIK, "archery VA01 1210");
    assert_eq!(
        happened(&ev)[..2],
        [
            (
                "5.7",
                FuryEvent::Roused {
                    by: Rouser::Archery
                }
            ),
            (
                "7.6",
                FuryEvent::Archery {
                    shooters: vec![u("VA01")],
                    defenders: vec![u("MI01")],
                    hex: hex("1210"),
                    attack: 3,
                    defence: 1,
                    doubled: false,
                    odds: Odds::ThreeToOne,
                    roll: 6,
                    result: CrtResult::EX
                }
            )
        ]
    );
    assert!(s.lock_lifted);
    // A normal attack on a combatant.
    let mut s = basic(Phase::VikingCombat);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1010");
    put(&mut s, "MO01", "1010");
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIK, "attack 1010");
    assert_eq!(
        happened(&ev)[..2],
        [
            ("5.7", FuryEvent::Roused { by: Rouser::Attack }),
            (
                "7.2",
                FuryEvent::Attack {
                    attackers: vec![u("VI01")],
                    defenders: vec![u("MO01")],
                    hex: hex("1010"),
                    attack: 4,
                    defence: 2,
                    doubled: false,
                    odds: Odds::TwoToOne,
                    shifted: None,
                    roll: 1,
                    result: CrtResult::DE
                }
            )
        ]
    );
}

#[test]
fn fury_gap_37_locked_villagers_defend_but_do_not_attack() {
    let mut s = basic(Phase::VillagerCombat);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "VI02", "1012");
    put(&mut s, "RI01", "1011");
    assert_eq!(refuse(&mut s, VIL, "attack 1010").rule, "5.7");
    assert_eq!(refuse(&mut s, VIL, "archery RI01 1012").rule, "5.7");
    // No attack is owed while locked.
    act(&mut s, VIL, "end");
}

#[test]
fn fury_h_trig_only_a_fire_that_burns_rouses_the_village() {
    let mut s = basic(Phase::VikingFire);
    s.lock_lifted = false;
    put(&mut s, "VI01", "1010");
    put(&mut s, "VI02", "1110");
    dice(&mut s, &[5, 4]);
    act(&mut s, VIK, "fire 1010");
    assert!(!s.lock_lifted);
    let ev = act(&mut s, VIK, "fire 1110");
    assert_eq!(
        happened(&ev),
        [
            (
                "10.2",
                FuryEvent::Fire {
                    hex: hex("1110"),
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
fn fury_h_dw_the_invoker_takes_no_part_in_a_later_attack() {
    // The Bishop prays at 1012 (roll 6, nothing); MI01 then attacks VI01 without him:
    // 1 to 3 = 1-3, no Leader shift. Roll 3: AR.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "BI01", "1010");
    put(&mut s, "VI02", "1012");
    dice(&mut s, &[6, 3]);
    act(&mut s, VIL, "wrath BI01 1012");
    let ev = act(&mut s, VIL, "attack 1010");
    assert_eq!(
        happened(&ev),
        [(
            "7.2",
            FuryEvent::Attack {
                attackers: vec![u("MI01")],
                defenders: vec![u("VI01")],
                hex: hex("1010"),
                attack: 1,
                defence: 3,
                doubled: false,
                odds: Odds::OneToThree,
                shifted: None,
                roll: 3,
                result: CrtResult::AR
            }
        )]
    );
    assert_eq!(s.pending, [retreat_of(&s, "MI01")]);
}

#[test]
fn fury_h_dw_who_and_where_not() {
    let mut s = basic(Phase::VillagerCombat);
    // A captured Bishop cannot pray.
    put(&mut s, "VI01", "1010");
    put(&mut s, "BI01", "1010");
    hold(&mut s, "VI01", "BI01");
    put(&mut s, "VI02", "1011");
    assert_eq!(refuse(&mut s, VIL, "wrath BI01 1011").rule, "7.10");
    // Not at a Fired hex (10.3), nor at a hex with no Viking unit or Ship.
    put(&mut s, "PR01", "1009");
    s.fired.insert(hex("1011"));
    assert_eq!(refuse(&mut s, VIL, "wrath PR01 1011").rule, "H-DW");
    assert_eq!(refuse(&mut s, VIL, "wrath PR01 1008").rule, "7.11");
    // Not in the Villager Movement Phase.
    s.phase = Phase::VillagerMovement;
    assert_eq!(refuse(&mut s, VIL, "wrath PR01 1010").rule, "H-DW");
}

#[test]
fn fury_h_dw_every_viking_in_the_hex_flees_and_chiefs_may_end_together() {
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "1010");
    put(&mut s, "VI01", "1012");
    put(&mut s, "VC01", "1012");
    dice(&mut s, &[3]);
    act(&mut s, VIL, "wrath PR01 1012");
    let from = hex("1010");
    assert_eq!(
        s.pending,
        [
            Pending::WrathRetreat {
                unit: id(&s, "VI01"),
                from
            },
            Pending::WrathRetreat {
                unit: id(&s, "VC01"),
                from
            }
        ]
    );
    let path = "1012-1013-1014-1015-1016-1017-1018";
    act(&mut s, VIK, &format!("wrath-retreat VI01 {path}"));
    act(&mut s, VIK, &format!("wrath-retreat VC01 {path}"));
    assert_eq!(place(&s, "VI01"), on("1018"));
    assert_eq!(place(&s, "VC01"), on("1018"));
    assert!(s.is_stunned(id(&s, "VC01")));
}

#[test]
fn fury_h_dw_flight_ending_overstacked_eliminates() {
    // VI02 already stands in 1018: a flight that ends there breaks 6.1.
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "PR01", "1010");
    put(&mut s, "VI01", "1012");
    put(&mut s, "VI02", "1018");
    dice(&mut s, &[3]);
    act(&mut s, VIL, "wrath PR01 1012");
    let path = "1012-1013-1014-1015-1016-1017-1018";
    assert!(!is_legal(&s, VIK, &format!("wrath-retreat VI01 {path}")));
    // The flights offered all end somewhere safe.
    let offered = legal(&s, VIK);
    assert!(!offered.is_empty());
    assert!(offered.iter().all(|a| !a.ends_with("1018")), "{offered:?}");
    let ev = act(&mut s, VIK, &format!("wrath-retreat VI01 {path}"));
    assert_eq!(
        happened(&ev),
        [
            (
                "7.11",
                FuryEvent::Flight {
                    unit: u("VI01"),
                    path: hexes(path),
                    end: FlightEnd::Trapped
                }
            ),
            ("H-DW", FuryEvent::Eliminated { unit: u("VI01") })
        ]
    );
    assert_eq!(place(&s, "VI02"), on("1018"));
}

#[test]
fn fury_7_3_a_captured_leader_gives_no_shift() {
    // VI01 holds the Knight: the Villager attack is 3 to 3 = 1-1 with no shift either
    // way. Roll 4: EX; the Knight reverts (8.5).
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "KN01", "1010");
    hold(&mut s, "VI01", "KN01");
    put(&mut s, "MI01", "1010");
    put(&mut s, "RI01", "1010");
    dice(&mut s, &[4]);
    let ev = act(&mut s, VIL, "attack 1010");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.2",
                FuryEvent::Attack {
                    attackers: vec![u("MI01"), u("RI01")],
                    defenders: vec![u("VI01")],
                    hex: hex("1010"),
                    attack: 3,
                    defence: 3,
                    doubled: false,
                    odds: Odds::OneToOne,
                    shifted: None,
                    roll: 4,
                    result: CrtResult::EX
                }
            ),
            ("7.2", FuryEvent::Eliminated { unit: u("MI01") }),
            ("7.2", FuryEvent::Eliminated { unit: u("RI01") }),
            (
                "8.5",
                FuryEvent::LeftBehind {
                    unit: u("KN01"),
                    hex: hex("1010")
                }
            ),
            ("7.2", FuryEvent::Eliminated { unit: u("VI01") })
        ]
    );
    assert_eq!(place(&s, "KN01"), on("1010"));
}

#[test]
fn fury_h_nc_1_exchange_leaves_the_captives_to_their_owner() {
    // VI01 (holding WO01) against RI01: 2-1, roll 5: EX. Nobody is left; the Woman
    // reverts to the Villager.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "WO01", "1010");
    hold(&mut s, "VI01", "WO01");
    put(&mut s, "RI01", "1010");
    dice(&mut s, &[5]);
    act(&mut s, VIK, "attack 1010");
    assert_eq!(place(&s, "VI01"), Place::Eliminated);
    assert_eq!(place(&s, "RI01"), Place::Eliminated);
    assert_eq!(place(&s, "WO01"), on("1010"));
}

#[test]
fn fury_8_6_exchange_takes_the_leader_without_a_roll() {
    // VI01 against MI01 + KN01: 4-1 shifted to 3-1; roll 6: EX.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "KN01", "1010");
    dice(&mut s, &[6]);
    act(&mut s, VIK, "attack 1010");
    assert!(s.pending.is_empty());
    for c in ["VI01", "MI01", "KN01"] {
        assert_eq!(place(&s, c), Place::Eliminated, "{c}");
    }
}

#[test]
fn fury_h_trs_1_treasure_taken_when_combat_clears_the_hex() {
    // The Keep hex 0211 (Major: never sacked): RI01 4 to 4 (doubled) = 1-1; roll 1:
    // DE. VI01 then takes TR01.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "0211");
    put(&mut s, "RI01", "0211");
    put(&mut s, "TR01", "0211");
    s.unit_mut(id(&s, "TR01")).preset = true;
    dice(&mut s, &[1]);
    let ev = act(&mut s, VIK, "attack 0211");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.2",
                FuryEvent::Attack {
                    attackers: vec![u("VI01")],
                    defenders: vec![u("RI01")],
                    hex: hex("0211"),
                    attack: 4,
                    defence: 4,
                    doubled: true,
                    odds: Odds::OneToOne,
                    shifted: None,
                    roll: 1,
                    result: CrtResult::DE
                }
            ),
            ("7.2", FuryEvent::Eliminated { unit: u("RI01") }),
            (
                "H-TRS-1",
                FuryEvent::TakesTreasure {
                    unit: u("VI01"),
                    treasure: u("TR01")
                }
            )
        ]
    );
    assert_eq!(place(&s, "TR01"), held(&s, "VI01"));
    assert!(!s.unit(id(&s, "TR01")).preset);
    assert!(s.sacked.is_empty());
}

#[test]
fn fury_9_2_women_do_not_stop_the_sack() {
    let mut s = basic(Phase::VikingMovement);
    put(&mut s, "VI01", "1010");
    put(&mut s, "WO05", "1111");
    dice(&mut s, &[4]);
    let ev = act(&mut s, VIK, "move VI01 1010-1111");
    assert_eq!(
        happened(&ev),
        [
            (
                "5.1",
                FuryEvent::Moved {
                    units: vec![u("VI01")],
                    path: hexes("1010-1111"),
                    landing: false
                }
            ),
            (
                "9.2",
                FuryEvent::Sacked {
                    hex: hex("1111"),
                    roll: 4,
                    found: None
                }
            )
        ]
    );
}

#[test]
fn fury_h_ret_no_retreat_onto_the_ship() {
    // MI01 beaten in 0803 (4 to 1 = 4-1, roll 5: DR) may not fall back onto the Ship
    // hex 0802, which stops Villagers like an enemy unit (H-SHIP).
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "0803");
    put(&mut s, "MI01", "0803");
    dice(&mut s, &[5]);
    act(&mut s, VIK, "attack 0803");
    assert_eq!(
        legal(&s, VIL),
        [
            "retreat MI01 0703",
            "retreat MI01 0704",
            "retreat MI01 0804",
            "retreat MI01 0903",
            "retreat MI01 0904"
        ]
    );
    // A Viking may retreat onto its own Ship's hex (7.8).
    let mut s = basic(Phase::VillagerCombat);
    put(&mut s, "VI01", "0803");
    put(&mut s, "RI01", "0803");
    put(&mut s, "CA01", "0803");
    // 5 to 3 = 1-1; roll 2: DR.
    dice(&mut s, &[2]);
    act(&mut s, VIL, "attack 0803");
    act(&mut s, VIK, "retreat VI01 0802");
    assert_eq!(place(&s, "VI01"), on("0802"));
}

#[test]
fn fury_7_2_results_apply_before_the_next_combat() {
    // A DR leaves the Villager's retreat due: nothing else happens until it is made.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "VI02", "1210");
    put(&mut s, "MI02", "1210");
    dice(&mut s, &[5]);
    act(&mut s, VIK, "attack 1010");
    assert_eq!(refuse(&mut s, VIK, "attack 1210").rule, "4.0");
    assert_eq!(refuse(&mut s, VIL, "end").rule, "4.0");
    act(&mut s, VIL, "retreat MI01 1011");
    assert!(is_legal(&s, VIK, "attack 1210"));
}

#[test]
fn fury_7_7_the_first_retreat_can_leave_no_room_for_the_second() {
    // MI01 + MI02 beaten in 1010 (4 to 2 = 2-1, roll 3: DR). Vikings stand in 1009,
    // 1110, 1111, 1011 and 0911; 0910 holds MI03, room for one more. MI01 takes it, and
    // MI02, with nowhere left, is eliminated.
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "MI01", "1010");
    put(&mut s, "MI02", "1010");
    for (v, h) in [
        ("VI02", "1009"),
        ("VI03", "1110"),
        ("VI04", "1111"),
        ("VI05", "1011"),
        ("VI06", "0911"),
    ] {
        put(&mut s, v, h);
    }
    put(&mut s, "MI03", "0910");
    dice(&mut s, &[3]);
    act(&mut s, VIK, "attack 1010");
    assert_eq!(legal(&s, VIL), ["retreat MI01 0910"]);
    let ev = act(&mut s, VIL, "retreat MI01 0910");
    assert_eq!(
        happened(&ev),
        [
            (
                "7.7",
                FuryEvent::Retreated {
                    unit: u("MI01"),
                    to: hex("0910")
                }
            ),
            ("7.7", FuryEvent::CannotRetreat { unit: u("MI02") }),
            ("7.7", FuryEvent::Eliminated { unit: u("MI02") })
        ]
    );
    assert!(s.pending.is_empty());
}

#[test]
fn fury_h_trs_1_abandon_a_captive_to_make_room() {
    // VI01, full with TR01 and WO01, finds TR09 in 0909 (roll 1): it lies there. Letting
    // the Woman go makes room, and the Treasure is taken at once.
    let mut s = basic(Phase::VikingMovement);
    put(&mut s, "VI01", "0908");
    put(&mut s, "TR01", "0908");
    put(&mut s, "WO01", "0908");
    hold(&mut s, "VI01", "TR01");
    hold(&mut s, "VI01", "WO01");
    dice(&mut s, &[1]);
    act(&mut s, VIK, "move VI01 0908-0909");
    assert_eq!(place(&s, "TR09"), on("0909"));
    let ev = act(&mut s, VIK, "abandon WO01");
    assert_eq!(
        happened(&ev),
        [
            ("5.6", FuryEvent::Abandoned { item: u("WO01") }),
            (
                "H-TRS-1",
                FuryEvent::TakesTreasure {
                    unit: u("VI01"),
                    treasure: u("TR09")
                }
            )
        ]
    );
    assert_eq!(place(&s, "TR09"), held(&s, "VI01"));
    assert_eq!(place(&s, "WO01"), on("0909"));
    // A Treasure let go is not picked straight up again.
    let ev = act(&mut s, VIK, "abandon TR01");
    assert_eq!(
        happened(&ev),
        [("5.6", FuryEvent::Abandoned { item: u("TR01") })]
    );
    assert_eq!(place(&s, "TR01"), on("0909"));
}

#[test]
fn fury_h_trs_1_search_leaves_out_swapping_treasure_for_an_equal_one() {
    // VI01 in 0908 holds TR01 and WO01; TR02 lies there too. Letting TR01 go would only
    // make VI01 take TR02 instead, and letting TR02 go would take TR01 back: people may,
    // the search does not weigh it (it found the swap as good as anything and went to
    // and fro for ever). Letting the Woman go, which makes room for TR02, stays.
    use crate::engine::{Game, Seat};
    let mut s = basic(Phase::VikingMovement);
    put(&mut s, "VI01", "0908");
    put(&mut s, "TR01", "0908");
    put(&mut s, "WO01", "0908");
    put(&mut s, "TR02", "0908");
    hold(&mut s, "VI01", "TR01");
    hold(&mut s, "VI01", "WO01");
    let abandons = |actions: Vec<super::super::actions::FuryAction>| -> Vec<String> {
        let mut v: Vec<String> = actions
            .iter()
            .map(|a| notation::format_action(&s, a))
            .filter(|a| a.starts_with("abandon"))
            .collect();
        v.sort();
        v
    };
    let viking = Seat(0);
    assert_eq!(
        abandons(super::super::Fury::legal_actions(&s, viking)),
        ["abandon TR01", "abandon WO01"]
    );
    assert_eq!(
        abandons(super::super::Fury::search_actions(&s, viking)),
        ["abandon WO01"]
    );
}

#[test]
fn fury_h_trs_1_treasure_abandoned_after_a_fight_stays_abandoned() {
    // VI01 clears 0812 of a Militia (4 to 1 = 4-1, roll 1: DE), then lets TR01 go in
    // the same Combat Phase: it stays on the ground (pick-up happens on entry or when
    // combat clears the hex, not after every later action).
    let mut s = basic(Phase::VikingCombat);
    put(&mut s, "VI01", "0812");
    put(&mut s, "TR01", "0812");
    hold(&mut s, "VI01", "TR01");
    put(&mut s, "MI01", "0812");
    dice(&mut s, &[1]);
    act(&mut s, VIK, "attack 0812");
    assert_eq!(place(&s, "MI01"), Place::Eliminated);
    assert_eq!(place(&s, "TR01"), held(&s, "VI01"));
    act(&mut s, VIK, "abandon TR01");
    assert_eq!(place(&s, "TR01"), on("0812"));
    act(&mut s, VIK, "end");
    assert_eq!(place(&s, "TR01"), on("0812"));
}

#[test]
fn fury_h_dw_standing_order_passes_the_wrath_window() {
    // "Always pass" ends the Divine Wrath window for the Villager, and answers nothing
    // else.
    let mut s = basic(Phase::WrathWindow);
    put(&mut s, "PR01", "0806");
    put(&mut s, "VI01", "0805");
    use crate::engine::{Game, Seat};
    assert_eq!(
        super::super::Fury::standing_pass(&s, Seat(1)),
        Some(super::super::FuryAction::End)
    );
    assert_eq!(super::super::Fury::standing_pass(&s, Seat(0)), None);
    s.phase = Phase::VillagerCombat;
    assert_eq!(super::super::Fury::standing_pass(&s, Seat(1)), None);
}

/// 7.6: the listing asks Archery's checks in parts (once per archer, once per target);
/// together they must say what the whole check says of every archer shooting alone,
/// at every hex within three of it, in the Combat Phases of random games.
#[test]
fn rule_7_6_archery_parts_agree_with_the_whole_check() {
    use super::super::actions::Units;
    use super::super::combat;
    use super::super::data::data;
    use crate::ai::simulate::play_random;
    use crate::engine::Game;
    let options = super::super::Fury::options("basic").expect("basic");
    let mut checked = 0;
    for seed in 1..=4u64 {
        let played = play_random::<super::super::Fury>(&options, seed, 20_000);
        let mut state = super::super::Fury::setup(&options, seed);
        for (seat, action) in &played.actions {
            if matches!(state.phase, Phase::VikingCombat | Phase::VillagerCombat) {
                let side = Side::of_seat(*seat).expect("a Fury seat");
                for id in state.ids() {
                    let Place::OnMap(from) = state.unit(id).place else {
                        continue;
                    };
                    let Some(shooter) = Units::from_slice(&[id]) else {
                        continue;
                    };
                    for target in data().grid.within(from, 3) {
                        let whole = combat::archery_legal(&state, side, &shooter, target);
                        let parts = combat::may_shoot_now(&state, side)
                            && combat::archer_may_shoot(&state, side, id)
                            && combat::archer_reaches(&state, from, target)
                            && combat::archery_target_ok(&state, side, target);
                        assert_eq!(whole, parts, "{} at {target:?}", state.unit(id).code());
                        checked += whole as u32;
                    }
                }
            }
            super::super::Fury::apply(&mut state, *seat, action).expect("replays");
        }
    }
    assert!(checked > 0, "no legal Archery met");
}
