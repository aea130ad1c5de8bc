//! The wording of events (`Fury::describe`, `describe.rs`): what people read in the
//! terminal, the history and the `expect-events` lines of case files. Rule tests check
//! event values; these check only the words.

use super::super::state::Phase;
use super::super::units::Side;
use super::super::Fury;
use super::support::*;
use crate::engine::Game;

fn words(event: FuryEvent) -> String {
    Fury::describe(&event)
}

#[test]
fn fury_describe_attack_with_doubling_and_a_leader_shift() {
    let attack = |doubled, shifted| FuryEvent::Attack {
        attackers: vec![u("VI01"), u("VC01")],
        defenders: vec![u("RI01"), u("MI01")],
        hex: hex("0915"),
        attack: 4,
        defence: 6,
        doubled,
        odds: Odds::OneToTwo,
        shifted,
        roll: 3,
        result: CrtResult::EX,
    };
    assert_eq!(
        words(attack(false, None)),
        "VI01+VC01 attack RI01+MI01 in 0915: 4 to 6 = 1-2; roll 3: EX"
    );
    assert_eq!(
        words(attack(true, Some(Odds::OneToOne))),
        "VI01+VC01 attack RI01+MI01 in 0915: 4 to 6 (defence doubled) = 1-2, Leader shift to 1-1; roll 3: EX"
    );
    assert_eq!(
        words(FuryEvent::AttackUndefended {
            attackers: vec![u("VI01")],
            defenders: vec![u("PR01"), u("PR02")],
            hex: hex("0814"),
        }),
        "VI01 attack PR01+PR02 in 0814: no defence, all eliminated"
    );
}

#[test]
fn fury_describe_archery_says_when_the_defence_is_doubled() {
    // Fixed in the move to event values: Archery into a Building said "3 to 2" without
    // saying the 2 was doubled, unlike a normal attack.
    let shot = |doubled| FuryEvent::Archery {
        shooters: vec![u("VA02")],
        defenders: vec![u("MI02")],
        hex: hex("1111"),
        attack: 3,
        defence: 2,
        doubled,
        odds: Odds::OneToOne,
        roll: 1,
        result: CrtResult::DE,
    };
    assert_eq!(
        words(shot(true)),
        "VA02 shoot at MI02 in 1111: 3 to 2 (defence doubled) = 1-1; roll 1: DE"
    );
    assert_eq!(
        words(shot(false)),
        "VA02 shoot at MI02 in 1111: 3 to 2 = 1-1; roll 1: DE"
    );
    assert_eq!(
        words(FuryEvent::ArcheryIgnores {
            result: CrtResult::AR
        }),
        "Archery ignores that result: no effect"
    );
}

#[test]
fn fury_describe_capture_wrath_and_flight() {
    assert_eq!(
        words(FuryEvent::Capture {
            captor: u("VI01"),
            target: u("KN01"),
            attack: 4,
            defence: 6,
            odds: Odds::OneToTwo,
            roll: 1,
            captured: true,
        }),
        "VI01 tries to Capture KN01: 4 to 6 = 1-2; roll 1: Captured"
    );
    let wrath = |roll, result| {
        words(FuryEvent::Wrath {
            invoker: u("PR01"),
            target: hex("1012"),
            roll,
            result,
        })
    };
    assert_eq!(
        wrath(2, WrathResult::Destroyed),
        "PR01 calls Divine Wrath on 1012: roll 2, all Vikings there are destroyed"
    );
    assert_eq!(
        wrath(3, WrathResult::Flee),
        "PR01 calls Divine Wrath on 1012: roll 3, the Vikings there flee 6 hexes, stunned for a turn"
    );
    assert_eq!(
        wrath(6, WrathResult::NoEffect),
        "PR01 calls Divine Wrath on 1012: roll 6, no effect"
    );
    let flight = |path: &str, end| {
        words(FuryEvent::Flight {
            unit: u("VI01"),
            path: hexes(path),
            end,
        })
    };
    assert_eq!(
        flight("0802-0902-1001", FlightEnd::Safe),
        "VI01 flees 0802-0902-1001"
    );
    assert_eq!(
        flight("0802-0902-1001-1101", FlightEnd::OffMap),
        "VI01 flees 0802-0902-1001-1101 off the map"
    );
    assert_eq!(
        flight("1012", FlightEnd::Trapped),
        "VI01 flees 1012 and finds nowhere to stop"
    );
}

#[test]
fn fury_describe_the_village_waking() {
    let woken = |by| words(FuryEvent::Roused { by });
    assert_eq!(
        woken(Rouser::Move),
        "a Viking moved next to a Villager combatant: the village is roused"
    );
    assert_eq!(
        woken(Rouser::Attack),
        "the Vikings attack: the village is roused"
    );
    assert_eq!(
        woken(Rouser::Archery),
        "Viking arrows fall on the village: it is roused"
    );
    assert_eq!(
        woken(Rouser::Fire),
        "the village sees the smoke and is roused"
    );
    // Fixed in the move to event values: this used to say the Leader "is seized",
    // though it comes before the roll and the Capture may fail.
    assert_eq!(
        woken(Rouser::LeaderCapture),
        "a Capture is tried on a Villager Leader: the village is roused"
    );
}

#[test]
fn fury_describe_movement_transfers_and_animals() {
    assert_eq!(
        words(FuryEvent::Moved {
            units: vec![u("VI01"), u("VC01")],
            path: hexes("0802-0803"),
            landing: true,
        }),
        "VI01+VC01 lands and moves 0802-0803"
    );
    assert_eq!(
        words(FuryEvent::Reembarked {
            unit: u("VI01"),
            hex: hex("0802"),
            loot: vec![u("WO01"), u("TR01")],
        }),
        "VI01 re-embarks at 0802 with WO01, TR01"
    );
    assert_eq!(
        words(FuryEvent::Reembarked {
            unit: u("VC01"),
            hex: hex("0802"),
            loot: vec![],
        }),
        "VC01 re-embarks at 0802"
    );
    assert_eq!(
        words(FuryEvent::Transferred {
            from: u("VI01"),
            items: vec![u("WO01"), u("AN02")],
            to: Receiver::Unit(u("VI02")),
        }),
        "VI01 hands WO01, AN02 to VI02"
    );
    assert_eq!(
        words(FuryEvent::Transferred {
            from: u("VI01"),
            items: vec![u("TR01")],
            to: Receiver::Ship(hex("0802")),
        }),
        "VI01 hands TR01 aboard the Ship at 0802"
    );
    // The direction indicator's names (H-DIR): 1 N, 2 NE, 3 SE, 4 S, 5 SW, 6 NW.
    let names: Vec<String> = (1..=6)
        .map(|roll| {
            words(FuryEvent::AnimalWanders {
                animal: u("AN03"),
                roll,
                went: Wander::Stays(hex("1103")),
            })
        })
        .collect();
    let expected: Vec<String> = ["N", "NE", "SE", "S", "SW", "NW"]
        .iter()
        .zip(1..)
        .map(|(n, roll)| format!("AN03 rolls {roll} ({n}) and stays in 1103"))
        .collect();
    assert_eq!(names, expected);
    assert_eq!(
        words(FuryEvent::AnimalWanders {
            animal: u("AN03"),
            roll: 2,
            went: Wander::OffMap,
        }),
        "AN03 rolls 2 (NE) and wanders off the map"
    );
    assert_eq!(
        words(FuryEvent::AnimalWanders {
            animal: u("AN03"),
            roll: 4,
            went: Wander::To(hex("1104")),
        }),
        "AN03 rolls 4 (S) and wanders to 1104"
    );
}

#[test]
fn fury_describe_treasure_fire_and_the_end() {
    let sacked = |found| {
        words(FuryEvent::Sacked {
            hex: hex("1320"),
            roll: 2,
            found,
        })
    };
    assert_eq!(
        sacked(Some(u("TR09"))),
        "1320 is sacked: roll 2, Treasure found (TR09)"
    );
    assert_eq!(sacked(None), "1320 is sacked: roll 2, nothing found");
    assert_eq!(
        words(FuryEvent::Fire {
            hex: hex("0909"),
            roll: 3,
            need: 3,
            burns: true,
        }),
        "Fire in 0909: roll 3 (needs 1-3), it burns"
    );
    assert_eq!(
        words(FuryEvent::ShipFired {
            hex: hex("0802"),
            roll: 5,
            burns: false,
        }),
        "the Ship at 0802 is fired: roll 5, it does not catch"
    );
    assert_eq!(
        words(FuryEvent::PhaseBegins {
            turn: 4,
            phase: Phase::VillagerMovement,
        }),
        "turn 4: villager-movement"
    );
    assert_eq!(
        words(FuryEvent::GameOver {
            winner: Some(Side::Villager),
            result: "Villager Victory".into(),
            detail: "3 units of loot aboard, -0 for Vikings left ashore: 3 (18 needed)".into(),
        }),
        "game over: Villager Victory (3 units of loot aboard, -0 for Vikings left ashore: 3 (18 needed))"
    );
}

#[test]
fn fury_a_phase_reads_by_its_title_for_people_and_by_its_id_for_case_files() {
    let phase = |turn, phase| FuryEvent::PhaseBegins { turn, phase };
    let people = |e: FuryEvent| Fury::describe_for_people(&e);
    assert_eq!(
        people(phase(1, Phase::VikingMovement)).as_deref(),
        Some("Turn 1, Viking movement (5.0)")
    );
    assert_eq!(
        people(phase(2, Phase::WrathWindow)).as_deref(),
        Some("Turn 2, Divine Wrath (7.10)")
    );
    assert_eq!(
        people(phase(0, Phase::VikingSetup)).as_deref(),
        Some("Set-up, Viking set-up")
    );
    assert_eq!(
        words(phase(1, Phase::VikingMovement)),
        "turn 1: viking-movement"
    );
    // Events whose text reads well have no other words.
    assert_eq!(people(FuryEvent::ShipDestroyed { hex: hex("0802") }), None);
}

#[test]
fn fury_a_move_reads_by_where_it_began_and_ended_for_people() {
    let moved = |units: &[&str], path: &str, landing| FuryEvent::Moved {
        units: units.iter().map(|c| u(c)).collect(),
        path: hexes(path),
        landing,
    };
    let people = |e: FuryEvent| Fury::describe_for_people(&e);
    assert_eq!(
        people(moved(&["VI01", "VC01"], "0802-0803-0804", true)).as_deref(),
        Some("Infantry and Chief land at 0802 and move to 0804")
    );
    assert_eq!(
        people(moved(&["VI01"], "0802", true)).as_deref(),
        Some("Infantry lands at 0802")
    );
    assert_eq!(
        people(moved(&["MI03"], "0913-0914-1014", false)).as_deref(),
        Some("Militia moves from 0913 to 1014")
    );
    assert_eq!(
        people(moved(&["VI01", "VB01", "VI02"], "0803-0804", false)).as_deref(),
        Some("2 Infantry and Berserker move from 0803 to 0804")
    );
    // Case files still match the route.
    assert_eq!(
        words(moved(&["MI03"], "0913-0914-1014", false)),
        "MI03 moves 0913-0914-1014"
    );
}

fn people(event: FuryEvent) -> String {
    Fury::describe_for_people(&event).unwrap_or_else(|| panic!("no words for {event:?}"))
}

#[test]
fn fury_an_attack_reads_with_kind_names_and_result_words_for_people() {
    let attack = FuryEvent::Attack {
        attackers: vec![u("VI01"), u("VB01")],
        defenders: vec![u("MI10")],
        hex: hex("0404"),
        attack: 10,
        defence: 2,
        doubled: false,
        odds: Odds::FourToOne,
        shifted: None,
        roll: 1,
        result: CrtResult::DE,
    };
    assert_eq!(
        people(attack.clone()),
        "Infantry and Berserker attack Militia in 0404: 10 to 2 = 4-1; roll 1: defenders eliminated"
    );
    // Case files still match the codes.
    assert_eq!(
        words(attack),
        "VI01+VB01 attack MI10 in 0404: 10 to 2 = 4-1; roll 1: DE"
    );
    // Repeated kinds are counted; one attacker attacks; doubling and the shift stay.
    assert_eq!(
        people(FuryEvent::Attack {
            attackers: vec![u("VI01"), u("VI02"), u("VC01")],
            defenders: vec![u("RI01"), u("MI01"), u("KN01")],
            hex: hex("0915"),
            attack: 8,
            defence: 6,
            doubled: true,
            odds: Odds::OneToTwo,
            shifted: Some(Odds::OneToOne),
            roll: 3,
            result: CrtResult::EX,
        }),
        "2 Infantry and Chief attack Regular Infantry, Militia and Knight in 0915: 8 to 6 (defence doubled) = 1-2, Leader shift to 1-1; roll 3: exchange: both sides eliminated"
    );
    assert_eq!(
        people(FuryEvent::Attack {
            attackers: vec![u("MI01"), u("MI02")],
            defenders: vec![u("VI01")],
            hex: hex("1010"),
            attack: 2,
            defence: 3,
            doubled: false,
            odds: Odds::OneToTwo,
            shifted: None,
            roll: 6,
            result: CrtResult::AE,
        }),
        "2 Militia attack Infantry in 1010: 2 to 3 = 1-2; roll 6: attackers eliminated"
    );
    assert_eq!(
        people(FuryEvent::AttackUndefended {
            attackers: vec![u("VI01")],
            defenders: vec![u("PR01"), u("WO01"), u("WO02")],
            hex: hex("0814"),
        }),
        "Infantry attacks Priest and 2 Women in 0814: no defence, all eliminated"
    );
}

#[test]
fn fury_combat_results_read_as_words() {
    let all = [
        (CrtResult::AE, "attackers eliminated"),
        (CrtResult::AR, "attackers retreat"),
        (CrtResult::DR, "defenders retreat"),
        (CrtResult::DE, "defenders eliminated"),
        (CrtResult::EX, "exchange: both sides eliminated"),
    ];
    for (result, words) in all {
        assert_eq!(result.words(), words);
    }
}

#[test]
fn fury_an_archery_attack_reads_its_result_in_words_and_the_ignored_result_as_before() {
    let shot = FuryEvent::Archery {
        shooters: vec![u("VA01"), u("VA02")],
        defenders: vec![u("MI02")],
        hex: hex("1111"),
        attack: 6,
        defence: 2,
        doubled: true,
        odds: Odds::OneToOne,
        roll: 4,
        result: CrtResult::EX,
    };
    assert_eq!(
        people(shot.clone()),
        "2 Archers shoot at Militia in 1111: 6 to 2 (defence doubled) = 1-1; roll 4: exchange: both sides eliminated"
    );
    assert_eq!(
        words(shot),
        "VA01+VA02 shoot at MI02 in 1111: 6 to 2 (defence doubled) = 1-1; roll 4: EX"
    );
    // Archery ignores an exchange (7.6): that line names no unit and no code.
    let ignored = FuryEvent::ArcheryIgnores {
        result: CrtResult::EX,
    };
    assert_eq!(Fury::describe_for_people(&ignored), None);
    assert_eq!(words(ignored), "Archery ignores that result: no effect");
    assert_eq!(
        people(FuryEvent::ArcheryUndefended {
            shooters: vec![u("VA01")],
            defenders: vec![u("PR01")],
            hex: hex("1111"),
        }),
        "Archer shoots at Priest in 1111: no defence, all eliminated"
    );
}

#[test]
fn fury_a_capture_reads_with_kind_names_for_people() {
    let capture = |target: &str, roll, captured| FuryEvent::Capture {
        captor: u("VI01"),
        target: u(target),
        attack: 4,
        defence: 2,
        odds: Odds::TwoToOne,
        roll,
        captured,
    };
    assert_eq!(
        people(capture("AN03", 3, true)),
        "Infantry tries to Capture an Animal: 4 to 2 = 2-1; roll 3: Captured"
    );
    assert_eq!(
        people(capture("KN01", 6, false)),
        "Infantry tries to Capture a Knight: 4 to 2 = 2-1; roll 6: no effect"
    );
    assert_eq!(
        words(capture("AN03", 3, true)),
        "VI01 tries to Capture AN03: 4 to 2 = 2-1; roll 3: Captured"
    );
    assert_eq!(
        people(FuryEvent::PutToTheSword { unit: u("WO02") }),
        "Woman is put to the sword"
    );
    assert_eq!(
        people(FuryEvent::LeaderRoll {
            leader: u("BI01"),
            roll: 2,
            stays: true,
        }),
        "Leader roll for Bishop: 2, it stays and may be Captured"
    );
}

#[test]
fn fury_an_elimination_and_a_retreat_read_by_kind_name_for_people() {
    assert_eq!(
        people(FuryEvent::Eliminated { unit: u("MI10") }),
        "Militia is eliminated"
    );
    assert_eq!(
        words(FuryEvent::Eliminated { unit: u("MI10") }),
        "MI10 is eliminated"
    );
    assert_eq!(
        people(FuryEvent::Retreated {
            unit: u("RI01"),
            to: hex("1011"),
        }),
        "Regular Infantry retreats to 1011"
    );
    assert_eq!(
        people(FuryEvent::CannotRetreat { unit: u("CA01") }),
        "Cavalry cannot retreat"
    );
    assert_eq!(
        people(FuryEvent::Flight {
            unit: u("VB01"),
            path: hexes("0802-0902-1001"),
            end: FlightEnd::Safe,
        }),
        "Berserker flees from 0802 to 1001"
    );
}

#[test]
fn fury_a_reembark_with_loot_reads_by_kind_names_for_people() {
    assert_eq!(
        people(FuryEvent::Reembarked {
            unit: u("VI01"),
            hex: hex("0802"),
            loot: vec![u("WO01"), u("TR01"), u("CT01"), u("TR02")],
        }),
        "Infantry re-embarks at 0802 with Woman, 2 Treasure and Church Treasure"
    );
    assert_eq!(
        people(FuryEvent::Reembarked {
            unit: u("VC01"),
            hex: hex("0802"),
            loot: vec![],
        }),
        "Chief re-embarks at 0802"
    );
    assert_eq!(
        people(FuryEvent::Sacked {
            hex: hex("1320"),
            roll: 2,
            found: Some(u("TR09")),
        }),
        "1320 is sacked: roll 2, Treasure found"
    );
    assert_eq!(
        people(FuryEvent::TakesTreasure {
            unit: u("VA01"),
            treasure: u("CT01"),
        }),
        "Archer takes Church Treasure"
    );
}

#[test]
fn fury_a_transfer_reads_by_kind_names_for_people() {
    assert_eq!(
        people(FuryEvent::Transferred {
            from: u("VI01"),
            items: vec![u("WO01"), u("AN02")],
            to: Receiver::Unit(u("VI02")),
        }),
        "Infantry hands Woman and Animal to another Infantry"
    );
    assert_eq!(
        people(FuryEvent::Transferred {
            from: u("VI01"),
            items: vec![u("TR01")],
            to: Receiver::Unit(u("VC01")),
        }),
        "Infantry hands Treasure to Chief"
    );
    assert_eq!(
        people(FuryEvent::Transferred {
            from: u("VB01"),
            items: vec![u("TR01"), u("TR02")],
            to: Receiver::Ship(hex("0802")),
        }),
        "Berserker hands 2 Treasure aboard the Ship at 0802"
    );
}

/// Whether `text` has a unit's code (two capitals and two digits) or a combat result's.
fn has_code(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| UnitCode::parse(w).is_some() || ["AE", "AR", "DR", "DE", "EX"].contains(&w))
}

#[test]
fn fury_every_event_naming_a_unit_reads_without_codes_for_people() {
    let events = [
        FuryEvent::Placed {
            unit: u("MI03"),
            hex: hex("0913"),
        },
        FuryEvent::Moved {
            units: vec![u("VI01")],
            path: hexes("0802-0803"),
            landing: false,
        },
        FuryEvent::Reembarked {
            unit: u("VI01"),
            hex: hex("0802"),
            loot: vec![u("WO01")],
        },
        FuryEvent::PerishedInFire { unit: u("VI01") },
        FuryEvent::Transferred {
            from: u("VI01"),
            items: vec![u("WO01")],
            to: Receiver::Unit(u("VI02")),
        },
        FuryEvent::Abandoned { item: u("AN05") },
        FuryEvent::AnimalWanders {
            animal: u("AN03"),
            roll: 4,
            went: Wander::To(hex("1104")),
        },
        FuryEvent::Attack {
            attackers: vec![u("VI01")],
            defenders: vec![u("MI05")],
            hex: hex("0915"),
            attack: 4,
            defence: 2,
            doubled: false,
            odds: Odds::TwoToOne,
            shifted: None,
            roll: 5,
            result: CrtResult::DR,
        },
        FuryEvent::AttackUndefended {
            attackers: vec![u("VI01")],
            defenders: vec![u("PR01")],
            hex: hex("0814"),
        },
        FuryEvent::Archery {
            shooters: vec![u("VA01")],
            defenders: vec![u("MI02")],
            hex: hex("1111"),
            attack: 3,
            defence: 1,
            doubled: false,
            odds: Odds::ThreeToOne,
            roll: 6,
            result: CrtResult::AR,
        },
        FuryEvent::ArcheryUndefended {
            shooters: vec![u("VA01")],
            defenders: vec![u("PR01")],
            hex: hex("1111"),
        },
        FuryEvent::Eliminated { unit: u("VI01") },
        FuryEvent::Retreated {
            unit: u("VI01"),
            to: hex("0910"),
        },
        FuryEvent::RetreatedOffMap { unit: u("VI01") },
        FuryEvent::CannotRetreat { unit: u("VI01") },
        FuryEvent::LeaderRoll {
            leader: u("KN01"),
            roll: 5,
            stays: false,
        },
        FuryEvent::LeaderRollDeclined { leader: u("LO01") },
        FuryEvent::Wrath {
            invoker: u("AB01"),
            target: hex("1012"),
            roll: 2,
            result: WrathResult::Destroyed,
        },
        FuryEvent::Flight {
            unit: u("VI01"),
            path: hexes("0802-0902"),
            end: FlightEnd::OffMap,
        },
        FuryEvent::Capture {
            captor: u("VI01"),
            target: u("WO04"),
            attack: 4,
            defence: 1,
            odds: Odds::ThreeToOne,
            roll: 1,
            captured: true,
        },
        FuryEvent::PutToTheSword { unit: u("WO04") },
        FuryEvent::LeftBehind {
            unit: u("TR01"),
            hex: hex("0913"),
        },
        FuryEvent::Sacked {
            hex: hex("1320"),
            roll: 2,
            found: Some(u("CT01")),
        },
        FuryEvent::TakesTreasure {
            unit: u("VI01"),
            treasure: u("TR01"),
        },
        FuryEvent::CarriesOffTreasure {
            unit: u("VI01"),
            treasure: u("TR01"),
        },
    ];
    for e in events {
        assert!(has_code(&words(e.clone())), "{e:?} has no code to replace");
        let text = people(e.clone());
        assert!(!has_code(&text), "{e:?}: {text}");
    }
    assert_eq!(
        people(FuryEvent::Wrath {
            invoker: u("AB01"),
            target: hex("1012"),
            roll: 2,
            result: WrathResult::Destroyed,
        }),
        "Abbot calls Divine Wrath on 1012: roll 2, all Vikings there are destroyed"
    );
    assert_eq!(
        people(FuryEvent::LeftBehind {
            unit: u("TR01"),
            hex: hex("0913"),
        }),
        "Treasure is left behind in 0913 and reverts to the Villager"
    );
}

#[test]
fn fury_units_are_named_by_kind_and_counted_in_one_place() {
    use super::super::units::{unit_names, Kind};
    assert_eq!(unit_names([]), "");
    assert_eq!(unit_names([Kind::Militia]), "Militia");
    assert_eq!(
        unit_names([Kind::Infantry, Kind::Berserker]),
        "Infantry and Berserker"
    );
    assert_eq!(
        unit_names([Kind::Infantry, Kind::Berserker, Kind::Infantry, Kind::Chief]),
        "2 Infantry, Berserker and Chief"
    );
    assert_eq!(
        unit_names([Kind::Woman, Kind::Woman, Kind::Woman]),
        "3 Women"
    );
    assert_eq!(Kind::Animal.a_name(), "an Animal");
    assert_eq!(Kind::Lord.a_name(), "a Lord");
    // The names are the unit data's, as the counters and rulebook write them.
    for kind in Kind::ALL {
        assert_eq!(kind.name(), super::super::data::data().stats(kind).name);
    }
    assert_eq!(Kind::Regular.name(), "Regular Infantry");
    assert_eq!(Kind::ChurchTreasure.name(), "Church Treasure");
}

#[test]
fn fury_events_as_data_round_trip_through_json() {
    // Events are plain data (for saves, replays and the FFI): units by code, hexes by
    // column and row, odds by column name.
    let events = [
        FuryEvent::Eliminated { unit: u("VI01") },
        FuryEvent::Attack {
            attackers: vec![u("VI01")],
            defenders: vec![u("MI05")],
            hex: hex("0915"),
            attack: 4,
            defence: 2,
            doubled: true,
            odds: Odds::TwoToOne,
            shifted: None,
            roll: 1,
            result: CrtResult::DE,
        },
        FuryEvent::Transferred {
            from: u("VI01"),
            items: vec![u("TR01")],
            to: Receiver::Ship(hex("0802")),
        },
        FuryEvent::PhaseBegins {
            turn: 2,
            phase: Phase::WrathWindow,
        },
        FuryEvent::VillagerWinsAtOnce,
    ];
    for e in &events {
        let json = serde_json::to_string(e).unwrap();
        assert_eq!(
            &serde_json::from_str::<FuryEvent>(&json).unwrap(),
            e,
            "{json}"
        );
    }
    assert_eq!(
        serde_json::to_value(&events[0]).unwrap(),
        serde_json::json!({"event": "eliminated", "unit": "VI01"})
    );
    assert_eq!(
        serde_json::to_value(&events[1]).unwrap()["odds"],
        serde_json::json!("2-1")
    );
    assert_eq!(
        serde_json::to_value(&events[3]).unwrap()["phase"],
        serde_json::json!("wrath-window")
    );
    // A unit code that is not one is refused, never trusted.
    assert!(serde_json::from_str::<FuryEvent>(r#"{"event":"eliminated","unit":"XX01"}"#).is_err());
}
