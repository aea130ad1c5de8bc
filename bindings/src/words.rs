//! The apps' own words, the few that are not the game's: how the saves list says a save,
//! how the new-game screen says a seat and why it cannot start, and what a tap says when
//! it is not the holder's turn. Here once, so that Kotlin and Swift show the same text
//! and carry none of it (issue 13).

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

/// A seat as people read it, from its id: the id with a capital (`Viking`, `Norsemen`), as
/// the game's prompts write it. The saves list and the new-game screen both name a seat so.
pub(crate) fn seat_name(seat: &str) -> String {
    let mut chars = seat.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
