//! What people read where notation would be a code (issue 12): an action in words
//! (`registry::action_words`, each game's `Presentation::action_words`), read from the
//! game just before the action, and the event that starts a phase by the phase's title
//! (`Event::for_people`) while its text, which case files match, stays as it was.

use skald_core::engine::{GameBox, Seat};
use skald_core::games::registry;

/// Plays `notation` for `seat` and returns its words, read just before, and the events'
/// lines as people read them.
fn play(game: &mut Box<dyn GameBox>, seat: Seat, notation: &str) -> (String, Vec<String>) {
    let words = registry::action_words(game.as_ref(), seat, notation);
    let events = game
        .play(seat, notation)
        .unwrap_or_else(|e| panic!("{notation}: {e}"));
    (words, events.iter().map(|e| e.line()).collect())
}

const VIKING: Seat = Seat(0);
const VILLAGER: Seat = Seat(1);

#[test]
fn fury_actions_read_as_words_and_a_phase_by_its_title() {
    let mut game = registry::find("fury")
        .unwrap()
        .new_game("basic", 1)
        .unwrap();
    let (words, _) = play(&mut game, VILLAGER, "setup default");
    assert_eq!(
        words,
        "set up the rest of the village by the default layout"
    );
    let (words, lines) = play(&mut game, VILLAGER, "end");
    assert_eq!(words, "end Villager set-up");
    assert!(
        lines.contains(&"[4.0] Set-up, Viking set-up".to_string()),
        "{lines:?}"
    );
    let (words, _) = play(&mut game, VIKING, "ship 0802");
    assert_eq!(words, "beach a Ship at 0802");
    let (words, lines) = play(&mut game, VIKING, "end");
    assert_eq!(words, "end Viking set-up");
    assert!(
        lines.contains(&"[4.0] Turn 1, Viking movement (5.0)".to_string()),
        "{lines:?}"
    );
    // From aboard the fleet, a move is a landing (5.8): at the Ship's hex, then on.
    assert_eq!(
        registry::action_words(game.as_ref(), VIKING, "move VI01 0802"),
        "land Infantry at 0802"
    );
    let (words, lines) = play(&mut game, VIKING, "move VI01 0802-0803-0804");
    assert_eq!(words, "land Infantry at 0802 and move to 0804");
    assert!(
        lines.contains(&"[5.8] Infantry lands at 0802 and moves to 0804".to_string()),
        "{lines:?}"
    );
    // Read before it is taken (every Viking must land first, H-LAND).
    assert_eq!(
        registry::action_words(game.as_ref(), VIKING, "end"),
        "end Viking movement (5.0)"
    );
}

#[test]
fn fury_a_phase_event_keeps_its_text_for_case_files() {
    let mut game = registry::find("fury")
        .unwrap()
        .new_game("basic", 1)
        .unwrap();
    game.play(VILLAGER, "setup default").unwrap();
    game.play(VILLAGER, "end").unwrap();
    game.play(VIKING, "ship 0802").unwrap();
    let events = game.play(VIKING, "end").unwrap();
    let phase = events
        .iter()
        .find(|e| e.rule == "4.0")
        .expect("the Viking movement phase begins");
    assert_eq!(phase.to_string(), "[4.0] turn 1: viking-movement");
    assert_eq!(phase.for_people(), "Turn 1, Viking movement (5.0)");
}

const HOUSE_FIGHT: &str = "fury position
scenario basic
turn 1 viking-combat
ships 0802 landed=1 embarked=0
units
VI01 0915
MI05 0915
";

#[test]
fn fury_an_attack_and_the_end_of_combat_read_as_words() {
    let game = registry::find("fury")
        .unwrap()
        .game_at_position(HOUSE_FIGHT, 1)
        .unwrap();
    assert_eq!(
        registry::action_words(game.as_ref(), VIKING, "attack 0915"),
        "attack Militia in 0915 with Infantry"
    );
    assert_eq!(
        registry::action_words(game.as_ref(), VIKING, "end"),
        "end Viking combat (7.0)"
    );
    // Text that is no action here stays as it was written.
    assert_eq!(
        registry::action_words(game.as_ref(), VIKING, "dance 0915"),
        "dance 0915"
    );
}

const RAID: &str = "fury position
scenario basic
turn 1 viking-combat
ships 0802 landed=3 embarked=0
units
VB01 0915
VC01 0915
VI01 0914
VI02 0916
MI05 0915
KN01 0915
WO01 held VI02
AN02 held VI02
";

#[test]
fn fury_actions_name_units_by_their_kinds_not_their_codes() {
    let mut game = registry::find("fury")
        .unwrap()
        .game_at_position(RAID, 1)
        .unwrap();
    let words = |notation| registry::action_words(game.as_ref(), VIKING, notation);
    assert_eq!(
        words("attack 0915"),
        "attack Militia and Knight in 0915 with Berserker and Chief"
    );
    assert_eq!(
        words("attack 0915 spare KN01"),
        "attack Militia in 0915 with Berserker and Chief, sparing Knight for a Capture"
    );
    assert_eq!(
        words("capture VI01 KN01"),
        "try to Capture a Knight with Infantry"
    );
    assert_eq!(
        words("transfer VI02 > VI01 : WO01,AN02"),
        "hand Woman and Animal from Infantry to another Infantry"
    );
    assert_eq!(
        words("transfer VI02 > VC01 : AN02"),
        "hand Animal from Infantry to Chief"
    );
    assert_eq!(words("abandon AN02"), "abandon Animal");
    // The dice log names them the same way, and the result in words; case files still
    // read the codes.
    let events = game.play(VIKING, "attack 0915").unwrap();
    let attack = events
        .iter()
        .find(|e| e.rule == "7.2" && e.to_string().contains(" attack "))
        .unwrap_or_else(|| panic!("{events:?}"));
    assert_eq!(
        attack.line(),
        "[7.2] Berserker and Chief attack Militia and Knight in 0915: 6 to 2 (defence doubled) = 3-1; roll 1: defenders eliminated"
    );
    assert_eq!(
        attack.to_string(),
        "[7.2] VB01+VC01 attack MI05+KN01 in 0915: 6 to 2 (defence doubled) = 3-1; roll 1: DE"
    );
}

#[test]
fn v878_actions_read_as_words_and_a_phase_by_its_title() {
    let mut game = registry::find("v878")
        .unwrap()
        .new_game("standard", 7)
        .unwrap();
    let (housecarl, thegn, norsemen) = (Seat(0), Seat(1), Seat(2));
    // Setup 4: each English faction places its additional units.
    for (seat, words) in [
        (housecarl, "place 1 Housecarl in Gyrwe"),
        (thegn, "place 1 Thegn in Gyrwe"),
    ] {
        for _ in 0..4 {
            assert_eq!(play(&mut game, seat, "place fens 1").0, words);
        }
    }
    let (words, lines) = play(&mut game, norsemen, "play 02");
    assert_eq!(words, "play card 02 (Movement 2x4)");
    assert!(
        lines.contains(&"[1.2] Leader Phase (5.0)".to_string()),
        "{lines:?}"
    );
    assert_eq!(play(&mut game, housecarl, "pass").0, "play no Event");
    assert_eq!(
        play(&mut game, norsemen, "step L01 aelmham").0,
        "move Halfdan to ÆLMHĀM"
    );
}

#[test]
fn g1066_actions_read_as_words_with_towns_by_name() {
    let entry = registry::find("g1066").unwrap();
    // Set-up: a castle is public, and named with its town where it has one.
    let game = entry.new_game("two_players", 1).unwrap();
    let seat = match game.to_act() {
        skald_core::engine::Turn::Decide(seats) => seats[0],
        other => panic!("{other:?}"),
    };
    let castle = game
        .legal_actions(seat)
        .into_iter()
        .find(|a| a.notation.starts_with("deploy-castle "))
        .map(|a| a.notation)
        .expect("a castle to place");
    let square = castle.trim_start_matches("deploy-castle ");
    let words = registry::action_words(game.as_ref(), seat, &castle);
    assert!(
        words.starts_with("place a castle in ") && words.contains(square),
        "{words}"
    );
    // A march, from a position: a Norman knight in Rouen (H18) in January.
    let position = r#"{
      "options": {"players": 2, "third_power": null, "last_turn": 12, "command_control": false,
                  "overrun": false, "sieges": false, "extra_towns": true},
      "turn": 1,
      "phase": {"player_turn": {"power": "normans", "step": "movement"}},
      "order": ["normans", "anglo_saxons"],
      "powers": [{"controller": 0, "hand": []}, {"controller": 1, "hand": []},
                 {"controller": null, "hand": []}, {"controller": null, "hand": []}],
      "forces": {
        "H18": [{"power": "normans", "units": [
          {"id": 1, "owner": "normans", "identity": {"unit": "knight"}, "seen_by": []}]}]
      },
      "next_unit": 20, "castles": [], "pillaged": [], "pool": [], "deploy": null, "bids": {}
    }"#;
    let mut game = entry.game_at_position(position, 1).unwrap();
    let (words, _) = play(&mut game, Seat(0), "step normans H18-I18");
    assert_eq!(words, "the Normans march from Rouen (H18) to I18 (14.1)");
    let (words, _) = play(&mut game, Seat(0), "halt normans");
    assert_eq!(words, "the Normans halt (14.3)");
    let words = registry::action_words(game.as_ref(), Seat(0), "end normans");
    assert_eq!(words, "end the Normans Movement Phase (3.2)");
}
