//! The wording of 878 events (`V878::describe`): the text case files' `expect-events`
//! lines match. Rule tests assert event values; these check only that each value reads
//! as the game has always printed it (one fix: Setup 18's "Event card(s)").

use super::super::data::{Event as Card, Face, Side};
use super::super::happenings::{Guard, Onto, Unit, V878Event as E};
use super::super::state::Phase;
use super::super::V878;
use super::support::*;
use crate::engine::Game;

fn words(e: E) -> String {
    V878::describe(&e)
}

#[test]
fn v878_describe_battle_dice_and_casualties_word_as_before() {
    assert_eq!(
        words(roll(HC, "HC-F")),
        "the Housecarl roll 4 dice: Hit, Command, blank, Flee"
    );
    assert_eq!(words(fyrd_roll("F-")), "the Fyrd roll 2 dice: Flee, blank");
    assert_eq!(
        words(E::Roll {
            faction: BE,
            faces: vec![Face::Hit]
        }),
        "the Berserker roll 1 die: Hit"
    );
    assert_eq!(words(E::UnitHit { unit: Unit::Fyrd }), "a Fyrd unit is hit");
    assert_eq!(
        words(E::UnitHit {
            unit: Unit::Faction(NO)
        }),
        "a Norsemen unit is hit"
    );
    assert_eq!(
        words(E::HitIgnored {
            by: Guard::SaxonShieldWall
        }),
        "Saxon Shield Wall: one Hit is ignored"
    );
    assert_eq!(
        words(E::Withdraws {
            faction: TH,
            to: sh("euruic")
        }),
        "a Thegn unit withdraws to EURUIC"
    );
}

#[test]
fn v878_describe_shires_by_their_printed_names_and_leaders_by_name() {
    assert_eq!(
        words(E::BattleWon {
            side: Side::English,
            shire: sh("aelmham")
        }),
        "the English hold ÆLMHĀM"
    );
    assert_eq!(
        words(E::BattleBegins {
            shire: sh("lincylene"),
            attacker: Side::Viking
        }),
        "battle in LINCYLENE: the Vikings attack"
    );
    assert_eq!(
        words(E::LeaderMoves {
            leader: 1,
            to: sh("euruic"),
            landing: true
        }),
        "Halfdan lands at EURUIC"
    );
    assert_eq!(
        words(E::LeaderDefeated { leader: 0 }),
        "Alfred the Great is defeated"
    );
    assert_eq!(
        words(E::Placed {
            kind: NO,
            n: 2,
            onto: Onto::Card(1)
        }),
        "2 Norsemen placed on the card of Halfdan"
    );
    assert_eq!(
        words(E::March {
            faction: NO,
            path: vec![sh("euruic"), sh("north_riding")],
            army: [0, 0, 3, 1]
        }),
        "the Norsemen march EURUIC - Norþ Riding (3 Norsemen, 1 Berserker)"
    );
}

#[test]
fn v878_describe_cards_and_turns_word_as_before() {
    assert_eq!(
        words(E::MovementCard {
            faction: TH,
            card: 1,
            treaty: true,
            armies: 2,
            shires: 2
        }),
        "the Thegn play the Treaty card (01): 2 armies, 2 shires each"
    );
    assert_eq!(
        words(E::EventPlayed {
            faction: HC,
            event: Card::Danegeld,
            card: 11
        }),
        "the Housecarl play Danegeld (11)"
    );
    // Saxon Navy's own line of version 1 is the same words from the card's name.
    assert_eq!(
        words(E::EventPlayed {
            faction: HC,
            event: Card::SaxonNavy,
            card: 10
        }),
        "the Housecarl play Saxon Navy (10)"
    );
    assert_eq!(
        words(E::HandHolds {
            faction: BE,
            cards: vec![3, 11, 7]
        }),
        "the Berserker hold 03 11 07"
    );
    assert_eq!(
        words(E::PhaseBegins {
            phase: Phase::Battles
        }),
        "battles phase"
    );
    assert_eq!(
        words(E::TurnBegins {
            round: 1,
            turn: 1,
            faction: NO
        }),
        "Round 1, Turn 1: the Norsemen"
    );
    assert_eq!(
        words(E::RaidGathers {
            norsemen: 3,
            berserker: 1
        }),
        "a raid army gathers at sea: 3 Norsemen, 1 Berserker"
    );
    // Fixed in rules version 2: version 1 printed "GameEvent card(s)".
    assert_eq!(
        words(E::DeckChosen { faction: TH, n: 1 }),
        "the Thegn choose 1 Event card(s)"
    );
}

#[test]
fn v878_a_phase_reads_by_its_title_for_people_and_by_its_id_for_case_files() {
    let people = |e: E| V878::describe_for_people(&e);
    let movement = || E::PhaseBegins {
        phase: Phase::Movement,
    };
    assert_eq!(people(movement()).as_deref(), Some("Movement Phase (3.0)"));
    assert_eq!(words(movement()), "movement phase");
    assert_eq!(people(E::RoundEnds { round: 2 }), None);
}

/// 2.4, 6.0, 4.7: people read cards by their titles and a Fyrd card by what it raises;
/// the case files' text keeps the numbers.
#[test]
fn v878_cards_read_by_their_titles_for_people_and_by_number_for_case_files() {
    let people = |e: E| V878::describe_for_people(&e);
    let hand = || E::HandHolds {
        faction: NO,
        cards: vec![1, 2, 9],
    };
    let said = people(hand()).expect("words for people");
    assert_eq!(words(hand()), "the Norsemen hold 01 02 09");
    assert!(
        said.starts_with("the Norsemen hold Treaty of Wedmore, Movement "),
        "{said}"
    );
    assert!(!said.contains("02") && said.contains(" and "), "{said}");
    let play = E::MovementCard {
        faction: HC,
        card: 2,
        treaty: false,
        armies: 3,
        shires: 2,
    };
    assert_eq!(
        people(play).as_deref(),
        Some("the Housecarl play Movement 3x2: 3 armies, 2 shires each")
    );
    assert_eq!(
        people(E::FyrdRise { card: 3, n: 4 }).as_deref(),
        Some("a Fyrd card: 4 Fyrd rise")
    );
    assert_eq!(
        words(E::FyrdRise { card: 3, n: 4 }),
        "Fyrd card 03: 4 Fyrd rise"
    );
}

#[test]
fn v878_describe_g29_no_battle_and_the_game_over_line() {
    assert_eq!(
        words(E::NoBattle {
            shire: sh("lincylene")
        }),
        "Danegeld leaves no Viking in LINCYLENE: no battle is fought"
    );
    assert_eq!(
        words(E::GameOver {
            winner: Side::Viking,
            result: "Viking victory".into(),
            detail: "the English Leader is defeated".into()
        }),
        "Viking victory: the English Leader is defeated"
    );
}

#[test]
fn v878_describe_events_travel_as_data_and_read_back_the_same() {
    // Event values are plain data (serde), so a log of them can be stored and read back.
    let e = E::SpyArrives {
        faction: TH,
        army: [1, 2, 0, 0],
    };
    let json = serde_json::to_string(&e).unwrap();
    let back: E = serde_json::from_str(&json).unwrap();
    assert_eq!(back, e);
    assert_eq!(
        words(back),
        "the Thegn Spy brings 1 Housecarl, 2 Thegn into the battle"
    );
}
