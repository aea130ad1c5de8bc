//! The new-game screen's starting seating and its words (issue 13): the seats a game
//! starts from, how a seat's row reads and why the game cannot start yet. Here once, so
//! that the Kotlin and Swift view-models only map these onto their widgets.

use crate::catalogue::levels;
use crate::words;
use skald_core::games::registry;

/// One seat of a new game as the new-game screen shows and edits it.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct NewSeat {
    /// The seat's id (`viking`), as [`crate::ScenarioEntry::seats`] lists it; what the
    /// calls take, never what to show.
    pub seat: String,
    /// The seat as people read it (`Viking`), as the saves list names it
    /// ([`crate::SavedSeat::name`]): what to show.
    pub label: String,
    /// A person plays it (by `name`); else the computer (at `level`).
    pub person: bool,
    /// The person's name when `person`; kept while the seat is the computer's, for going
    /// back.
    pub name: String,
    /// The computer's level (one of [`crate::levels`]) when not `person`; kept while the
    /// seat is a person's.
    pub level: String,
}

/// The name the first seat's person starts with.
const FIRST_PLAYER: &str = "Player 1";

/// The seats a new game of this game and scenario starts from: one person, "Player 1", in
/// the first seat, and the computer at the middle of [`crate::levels`] in the others
/// (the most common game). Empty for a game or a scenario this build does not know.
#[uniffi::export]
pub fn new_game_seats(game: String, scenario: String) -> Vec<NewSeat> {
    let Ok(entry) = registry::find(&game) else {
        return Vec::new();
    };
    let all = levels();
    let level = all.get(all.len() / 2).cloned().unwrap_or_default();
    entry
        .seat_names(&scenario)
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(i, seat)| NewSeat {
            seat: seat.to_string(),
            label: words::seat_name(seat),
            person: i == 0,
            name: if i == 0 { FIRST_PLAYER } else { "" }.to_string(),
            level: level.clone(),
        })
        .collect()
}

/// The seat's row as it reads, the seat named as the saves list names it: "Viking: Ann"
/// or "Villager: computer (normal)".
#[uniffi::export]
pub fn new_seat_summary(seat: NewSeat) -> String {
    let label = label(&seat);
    if seat.person {
        words::seat_summary_person(&label, &seat.name)
    } else {
        words::seat_summary_computer(&label, &seat.level)
    }
}

/// Why a new game with these seats cannot start yet, in words ("Who plays Viking? Type a
/// name or choose the computer": the first person's seat with a blank name); None when it
/// can, as far as the screen can tell (starting it may still be refused, with the reason).
#[uniffi::export]
pub fn new_game_problem(seats: Vec<NewSeat>) -> Option<String> {
    seats
        .iter()
        .find(|s| s.person && s.name.trim().is_empty())
        .map(|s| words::who_plays(&label(s)))
}

/// The seat's label; named from its id as [`new_game_seats`] names it when the label is
/// blank (a seat an app made up itself), so that a row never reads ": Ann".
fn label(seat: &NewSeat) -> String {
    if seat.label.trim().is_empty() {
        words::seat_name(&seat.seat)
    } else {
        seat.label.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(seat: &str, label: &str, person: bool, name: &str, level: &str) -> NewSeat {
        NewSeat {
            seat: seat.to_string(),
            label: label.to_string(),
            person,
            name: name.to_string(),
            level: level.to_string(),
        }
    }

    #[test]
    fn a_new_game_is_one_person_against_the_computer_at_the_middle_level() {
        assert_eq!(
            new_game_seats("fury".into(), "basic".into()),
            vec![
                seat("viking", "Viking", true, "Player 1", "normal"),
                seat("villager", "Villager", false, "", "normal"),
            ]
        );
        // Every scenario of every game has its seats, the first a person's, each named as
        // the saves list names it.
        for game in crate::catalogue() {
            for scenario in game.scenarios {
                let seats = new_game_seats(game.id.clone(), scenario.id.clone());
                let ids: Vec<&str> = seats.iter().map(|s| s.seat.as_str()).collect();
                assert_eq!(ids, scenario.seats, "{} {}", game.id, scenario.id);
                let first = &scenario.seats[0];
                assert_eq!(
                    seats[0],
                    seat(first, &words::seat_name(first), true, "Player 1", "normal")
                );
                assert!(seats[1..]
                    .iter()
                    .all(|s| !s.person && s.name.is_empty() && s.level == "normal"));
                assert!(seats.iter().all(|s| s.label == words::seat_name(&s.seat)));
            }
        }
    }

    #[test]
    fn the_four_seats_of_878_start_with_one_person_against_three_computers() {
        let seats = new_game_seats("v878".into(), "standard".into());
        assert_eq!(
            seats,
            vec![
                seat("housecarl", "Housecarl", true, "Player 1", "normal"),
                seat("thegn", "Thegn", false, "", "normal"),
                seat("norsemen", "Norsemen", false, "", "normal"),
                seat("berserker", "Berserker", false, "", "normal"),
            ]
        );
        let rows: Vec<String> = seats.into_iter().map(new_seat_summary).collect();
        assert_eq!(
            rows,
            [
                "Housecarl: Player 1",
                "Thegn: computer (normal)",
                "Norsemen: computer (normal)",
                "Berserker: computer (normal)",
            ]
        );
    }

    #[test]
    fn unknown_games_and_scenarios_have_no_seats() {
        assert_eq!(new_game_seats("chess".into(), "basic".into()), vec![]);
        assert_eq!(new_game_seats("fury".into(), "no-such".into()), vec![]);
        assert_eq!(new_game_seats(String::new(), String::new()), vec![]);
    }

    #[test]
    fn a_seat_reads_as_its_person_or_the_computer_at_its_level() {
        assert_eq!(
            new_seat_summary(seat("viking", "Viking", true, " Ann ", "normal")),
            "Viking: Ann"
        );
        assert_eq!(
            new_seat_summary(seat("villager", "Villager", false, "Bo", "normal")),
            "Villager: computer (normal)"
        );
        assert_eq!(
            new_seat_summary(seat("villager", "Villager", false, "Bo", "hard")),
            "Villager: computer (hard)"
        );
        // The rows of a new Fury game, as new_game_seats gives them.
        let rows: Vec<String> = new_game_seats("fury".into(), "basic".into())
            .into_iter()
            .map(new_seat_summary)
            .collect();
        assert_eq!(rows, ["Viking: Player 1", "Villager: computer (normal)"]);
        // A seat without a label is named from its id all the same.
        assert_eq!(
            new_seat_summary(seat("norsemen", "", true, "Ann", "normal")),
            "Norsemen: Ann"
        );
    }

    #[test]
    fn the_first_person_without_a_name_stops_the_start() {
        let ready = vec![
            seat("viking", "Viking", true, "Ann", "normal"),
            seat("villager", "Villager", false, "", "normal"),
        ];
        assert_eq!(new_game_problem(ready), None);
        let blank = vec![
            seat("viking", "Viking", false, "", "normal"),
            seat("villager", "Villager", true, "  ", "normal"),
            seat("thegn", "Thegn", true, "", "normal"),
        ];
        assert_eq!(
            new_game_problem(blank).as_deref(),
            Some("Who plays Villager? Type a name or choose the computer")
        );
        let mut four = new_game_seats("v878".into(), "standard".into());
        four[0].name = String::new();
        assert_eq!(
            new_game_problem(four).as_deref(),
            Some("Who plays Housecarl? Type a name or choose the computer")
        );
        assert_eq!(
            new_game_problem(vec![seat("thegn", "", true, " ", "normal")]).as_deref(),
            Some("Who plays Thegn? Type a name or choose the computer")
        );
        assert_eq!(new_game_problem(vec![]), None);
    }
}
