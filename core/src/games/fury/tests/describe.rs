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
    assert_eq!(people(FuryEvent::Eliminated { unit: u("VI01") }), None);
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
        Some("VI01 and VC01 land at 0802 and move to 0804")
    );
    assert_eq!(
        people(moved(&["VI01"], "0802", true)).as_deref(),
        Some("VI01 lands at 0802")
    );
    assert_eq!(
        people(moved(&["MI03"], "0913-0914-1014", false)).as_deref(),
        Some("MI03 moves from 0913 to 1014")
    );
    // Case files still match the route.
    assert_eq!(
        words(moved(&["MI03"], "0913-0914-1014", false)),
        "MI03 moves 0913-0914-1014"
    );
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
