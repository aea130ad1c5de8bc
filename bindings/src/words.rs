//! The apps' own words, the few that are not the game's: how the saves list says a save,
//! how the new-game screen says a seat and why it cannot start, and what a tap says when
//! it is not the holder's turn, how the hint and the hand-off's recap read. Here once,
//! so that Kotlin and Swift show the same text and carry none of it (issue 13).

use skald_core::ai::search::Decided;

/// A save's game and scenario as one line: "The Fury of the Norsemen, Basic Game". Also
/// what a new game nobody named is called.
pub(crate) fn game_line(game_name: &str, scenario_name: &str) -> String {
    format!("{game_name}, {scenario_name}")
}

/// Where a save stands, after its game line: "The Fury of the Norsemen, Basic Game: Turn
/// 3, Viking movement (5.0)"; only where it stands when the save is named after its game
/// line (as an unnamed game is), which the list shows already.
pub(crate) fn progress_line(name: &str, game_line: &str, progress: &str) -> String {
    if name.trim() == game_line {
        progress.to_string()
    } else {
        format!("{game_line}: {progress}")
    }
}

/// One seat and who plays it, as the seats line and a replay's chooser say it: "Viking: Ann".
pub(crate) fn seat_choice(seat_name: &str, player: &str) -> String {
    format!("{seat_name}: {player}")
}

/// Every seat and who plays it: "Viking: Ann, Villager: Computer (hard)", from the seats'
/// choices; the saved seating's own text when the list is empty (it did not read).
pub(crate) fn seats_line(choices: &[String], saved: &str) -> String {
    if choices.is_empty() {
        saved.to_string()
    } else {
        choices.join(", ")
    }
}

/// A seat as people read it, from its id (`Viking`, `Anglo-Saxons`: `seat_label`), as
/// the game's prompts write it. The saves list and the new-game screen both name a seat so.
pub(crate) fn seat_name(seat: &str) -> String {
    skald_core::engine::seat_label(seat)
}

/// A new game's seat played by a person, as its row reads, the seat named as
/// [`seat_name`] names it: "Viking: Ann".
pub(crate) fn seat_summary_person(seat_name: &str, name: &str) -> String {
    seat_choice(seat_name, name.trim())
}

/// A new game's seat played by the computer, as its row reads: "Villager: computer
/// (normal)".
pub(crate) fn seat_summary_computer(seat_name: &str, level: &str) -> String {
    seat_choice(seat_name, &format!("computer ({level})"))
}

/// Why a new game cannot start while a person's seat has no name: "Who plays Viking?
/// Type a name or choose the computer".
pub(crate) fn who_plays(seat_name: &str) -> String {
    format!("Who plays {seat_name}? Type a name or choose the computer")
}

/// What a tap or a button press says when the screen does not take them now: the device
/// is being passed, the recap is being read, the computer is moving, the game is over.
#[uniffi::export]
pub fn words_not_your_turn() -> String {
    "not your turn to choose".to_string()
}

/// The hint's headline, the suggested action in words after it: "The computer would
/// move Infantry from 0802 to 0804".
pub(crate) fn hint_headline(words: &str) -> String {
    format!("The computer would {words}")
}

/// One action the hint weighed: "move Infantry from 0802 to 0804: 55% to win (120 tries)".
pub(crate) fn hint_candidate(words: &str, win_chance: f64, tries: u32) -> String {
    format!("{words}: {} to win ({tries} tries)", percent(win_chance))
}

/// The hint's one line when nothing was weighed, with why: "end (the only legal action)".
pub(crate) fn hint_alone(words: &str, decided: Decided) -> String {
    let why = match decided {
        Decided::Searched => "searched",
        Decided::OnlyAction => "the only legal action",
        Decided::LeftToSimple | Decided::KeptPlan => "by rule of thumb",
    };
    format!("{words} ({why})")
}

/// A chance as a whole percentage, rounded: 0.554 is "55%".
fn percent(p: f64) -> String {
    let p = if p.is_finite() {
        p.clamp(0.0, 1.0)
    } else {
        0.0
    };
    format!("{}%", (p * 100.0).round() as u32)
}

/// Who made a step of the recap: "Ann (Viking)", "computer (Villager)".
pub(crate) fn recap_who(by: &str, seat_name: &str) -> String {
    format!("{by} ({seat_name})")
}

/// A step of the recap in words; another seat's secret action only as that something was
/// done.
pub(crate) fn recap_action(words: Option<&str>) -> String {
    words.unwrap_or("a hidden choice").to_string()
}

/// The ready action's first line: "Ready: move Infantry from 0802 to 0804".
pub(crate) fn ready(action_words: &str) -> String {
    format!("Ready: {action_words}")
}

/// How its odds are reckoned, with the rule: "Odds (7.3): 4 against 2, 2-1".
pub(crate) fn odds_line(rule: &str, reckoning: &str) -> String {
    format!("Odds ({rule}): {reckoning}")
}

/// One outcome and its chance, indented under the odds: "   DE: 2 in 6 (33%)".
pub(crate) fn outcome_line(outcome: &str, said: &str) -> String {
    format!("   {outcome}: {said}")
}

/// A line of the dice log with its rule and the dice as they fell: "[7.2] Infantry
/// attacks Militia in 0905: 4 to 1 = 4-1; roll 5: defenders eliminated (dice: 5)".
pub(crate) fn log_line(rule: &str, text: &str, dice: &[String]) -> String {
    if dice.is_empty() {
        format!("[{rule}] {text}")
    } else {
        format!("[{rule}] {text} (dice: {})", dice.join(", "))
    }
}

/// What the play screen says above everything else while the game is at `screen`: "Pass
/// the device to Bo", "Ann: Viking", "The computer is moving (Villager)…", the result,
/// or why the game cannot go on. Seats are named as the saves list names them.
#[uniffi::export]
pub fn screen_heading(screen: crate::Screen) -> String {
    let seats = |seats: &[String]| {
        seats
            .iter()
            .map(|s| seat_name(s))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match screen {
        crate::Screen::HandOff { to } => format!("Pass the device to {to}"),
        crate::Screen::Decide { person, seats: s } => format!("{person}: {}", seats(&s)),
        crate::Screen::ComputerToMove { seats: s } => {
            format!("The computer is moving ({})…", seats(&s))
        }
        crate::Screen::Over { result, .. } => result,
        crate::Screen::Stuck { reason } => format!("The game cannot go on: {reason}"),
    }
}

/// The heading of the recap a person reads once the device is theirs: "Bo, since your
/// last move".
#[uniffi::export]
pub fn recap_heading(person: String) -> String {
    format!("{person}, since your last move")
}

/// What a screen reader says of the spot that closes an open spread of counters without
/// choosing any (a tap beside the tiles does the same for a finger).
#[uniffi::export]
pub fn words_close_spread() -> String {
    "Close, choosing none of these".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hint_reads_as_what_the_computer_would_do_and_each_candidate_with_its_chance() {
        assert_eq!(
            hint_headline("move Infantry from 0802 to 0804"),
            "The computer would move Infantry from 0802 to 0804"
        );
        assert_eq!(
            hint_candidate("move Infantry from 0802 to 0804", 0.554, 120),
            "move Infantry from 0802 to 0804: 55% to win (120 tries)"
        );
        assert_eq!(hint_candidate("end", 1.7, 1), "end: 100% to win (1 tries)");
        assert_eq!(
            hint_candidate("end", f64::NAN, 0),
            "end: 0% to win (0 tries)"
        );
        assert_eq!(
            hint_alone("end", Decided::OnlyAction),
            "end (the only legal action)"
        );
        assert_eq!(
            hint_alone("place a Ship at 0802", Decided::LeftToSimple),
            "place a Ship at 0802 (by rule of thumb)"
        );
        assert_eq!(hint_alone("end", Decided::Searched), "end (searched)");
    }

    #[test]
    fn the_play_screen_heads_each_phase_in_words_with_seats_as_people_read_them() {
        use crate::Screen;
        let seats = |s: &[&str]| s.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            screen_heading(Screen::HandOff { to: "Bo".into() }),
            "Pass the device to Bo"
        );
        assert_eq!(
            screen_heading(Screen::Decide {
                person: "Ann".into(),
                seats: seats(&["norsemen", "berserker"])
            }),
            "Ann: Norsemen, Berserker"
        );
        assert_eq!(
            screen_heading(Screen::ComputerToMove {
                seats: seats(&["villager"])
            }),
            "The computer is moving (Villager)…"
        );
        assert_eq!(
            screen_heading(Screen::Over {
                result: "Viking Victory".into(),
                detail: "18 loot".into()
            }),
            "Viking Victory"
        );
        assert_eq!(
            screen_heading(Screen::Stuck {
                reason: "no action".into()
            }),
            "The game cannot go on: no action"
        );
        assert_eq!(recap_heading("Bo".into()), "Bo, since your last move");
    }

    #[test]
    fn the_ready_action_and_the_dice_log_read_as_lines() {
        assert_eq!(ready("end"), "Ready: end");
        assert_eq!(
            odds_line("7.3", "4 against 2, 2-1"),
            "Odds (7.3): 4 against 2, 2-1"
        );
        assert_eq!(outcome_line("DE", "2 in 6 (33%)"), "   DE: 2 in 6 (33%)");
        assert_eq!(
            log_line("5.1", "Infantry moves", &[]),
            "[5.1] Infantry moves"
        );
        assert_eq!(
            log_line("7.3", "Infantry attacks", &["5".into(), "2".into()]),
            "[7.3] Infantry attacks (dice: 5, 2)"
        );
    }

    #[test]
    fn a_recap_step_reads_by_whom_and_hides_a_secret() {
        assert_eq!(recap_who("Ann", "Viking"), "Ann (Viking)");
        assert_eq!(
            recap_action(Some("end Viking movement (5.0)")),
            "end Viking movement (5.0)"
        );
        assert_eq!(recap_action(None), "a hidden choice");
    }

    #[test]
    fn the_game_line_is_the_game_then_the_scenario() {
        assert_eq!(
            game_line("The Fury of the Norsemen", "Basic Game"),
            "The Fury of the Norsemen, Basic Game"
        );
    }

    #[test]
    fn the_progress_line_names_the_game_unless_the_save_is_named_after_it() {
        let game = "The Fury of the Norsemen, Basic Game";
        let progress = "Turn 3, Viking movement (5.0)";
        assert_eq!(
            progress_line("Ann's raid", game, progress),
            "The Fury of the Norsemen, Basic Game: Turn 3, Viking movement (5.0)"
        );
        assert_eq!(
            progress_line(game, game, progress),
            "Turn 3, Viking movement (5.0)"
        );
        // A name typed with spaces around it is still the game line.
        assert_eq!(
            progress_line(" The Fury of the Norsemen, Basic Game ", game, progress),
            "Turn 3, Viking movement (5.0)"
        );
    }

    #[test]
    fn the_seats_line_lists_each_choice_or_falls_back_on_the_saved_text() {
        assert_eq!(seat_choice("Viking", "Ann"), "Viking: Ann");
        let choices = [
            seat_choice("Viking", "Ann"),
            seat_choice("Villager", "Computer (hard)"),
        ];
        assert_eq!(
            seats_line(&choices, "viking=person:Ann,villager=computer:hard"),
            "Viking: Ann, Villager: Computer (hard)"
        );
        assert_eq!(
            seats_line(&[], "viking=person:Ann,villager=robot"),
            "viking=person:Ann,villager=robot"
        );
    }

    #[test]
    fn a_seat_is_named_by_its_id_with_a_capital() {
        assert_eq!(seat_name("viking"), "Viking");
        assert_eq!(seat_name("norsemen"), "Norsemen");
        assert_eq!(seat_name("Thegn"), "Thegn");
        assert_eq!(seat_name(""), "");
        assert_eq!(seat_name("anglo_saxons"), "Anglo-Saxons");
    }

    #[test]
    fn a_new_game_seat_reads_as_its_person_or_the_computer() {
        assert_eq!(seat_summary_person("Viking", " Ann "), "Viking: Ann");
        assert_eq!(
            seat_summary_computer("Villager", "normal"),
            "Villager: computer (normal)"
        );
        assert_eq!(
            who_plays("Viking"),
            "Who plays Viking? Type a name or choose the computer"
        );
    }

    #[test]
    fn a_tap_out_of_turn_says_so() {
        assert_eq!(words_not_your_turn(), "not your turn to choose");
        assert_eq!(words_close_spread(), "Close, choosing none of these");
    }
}
