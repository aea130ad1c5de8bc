//! One line of the saves list, with the names people read beside the ids the calls take:
//! the saves screen shows "The Fury of the Norsemen, Basic Game" and "Viking: Ann", and
//! passes `fury`, `basic` and `viking` back. The lines themselves are worded in
//! [`crate::words`], so that every app shows the same.

use crate::words;
use skald_core::games::registry;
use skald_core::session::{Player, Seating};
use skald_core::store::{Header, Listed};

/// One seat of a saved game.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct SavedSeat {
    /// The seat's id, as the replay export takes it (`viking`).
    pub seat: String,
    /// The seat as people read it (`Viking`), as the game's prompt names it.
    pub name: String,
    /// Who plays it, as people read it: a person's name (`Ann`) or `Computer (hard)`.
    pub player: String,
    /// The seat and who plays it, as the seats line and a replay's chooser say it
    /// (`Viking: Ann`): what to show.
    pub choice: String,
}

/// One line of the saves list.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct SaveEntry {
    pub id: u64,
    pub name: String,
    /// The game's id (`fury`); [`SaveEntry::game_name`] is what to show.
    pub game: String,
    /// The scenario's id (`basic`); [`SaveEntry::scenario_name`] is what to show.
    pub scenario: String,
    /// The game as the catalogue names it (`The Fury of the Norsemen`); the id when this
    /// build does not know the game.
    pub game_name: String,
    /// The scenario as the catalogue names it (`Basic Game`); the id when unknown.
    pub scenario_name: String,
    /// Who sits where as the save keeps it (`viking=person:Ann,villager=computer:normal`);
    /// [`SaveEntry::seat_list`] is what to show.
    pub seats: String,
    /// Every seat in seat order, with who plays it; empty when the save's seating does
    /// not read (then show `seats`).
    pub seat_list: Vec<SavedSeat>,
    /// Where the game stands (`Turn 3, Viking movement (5.0)`).
    pub progress: String,
    /// Seconds since 1970.
    pub updated: u64,
    /// Why the save cannot be opened, when it is damaged (the others still open).
    pub damaged: Option<String>,
    /// The game and scenario as one line (`The Fury of the Norsemen, Basic Game`); empty
    /// when damaged.
    pub game_line: String,
    /// Where the game stands, after the game line (`The Fury of the Norsemen, Basic Game:
    /// Turn 3, Viking movement (5.0)`), or alone when the save is named after its game
    /// line (as an unnamed game is); empty when damaged.
    pub progress_line: String,
    /// Who sits where (`Viking: Ann, Villager: Computer (hard)`), or `seats` when the
    /// seating does not read; empty when damaged.
    pub seats_line: String,
}

impl SaveEntry {
    pub(crate) fn of(listed: Listed) -> SaveEntry {
        match listed {
            Listed::Ok { id, header } => {
                let (game_name, scenario_name, seat_list) = names(&header);
                let game_line = words::game_line(&game_name, &scenario_name);
                let progress_line =
                    words::progress_line(&header.name, &game_line, &header.progress);
                let choices: Vec<String> = seat_list.iter().map(|s| s.choice.clone()).collect();
                let seats_line = words::seats_line(&choices, &header.seats);
                SaveEntry {
                    id: id.0,
                    name: header.name,
                    game: header.game,
                    scenario: header.scenario,
                    game_name,
                    scenario_name,
                    seats: header.seats,
                    seat_list,
                    progress: header.progress,
                    updated: header.updated,
                    damaged: None,
                    game_line,
                    progress_line,
                    seats_line,
                }
            }
            Listed::Damaged { id, reason } => SaveEntry {
                id: id.0,
                name: String::new(),
                game: String::new(),
                scenario: String::new(),
                game_name: String::new(),
                scenario_name: String::new(),
                seats: String::new(),
                seat_list: Vec::new(),
                progress: String::new(),
                updated: 0,
                damaged: Some(reason),
                game_line: String::new(),
                progress_line: String::new(),
                seats_line: String::new(),
            },
        }
    }
}

/// What a new game nobody named is called: its game and scenario as the catalogue names
/// them (`The Fury of the Norsemen, Basic Game`). The core's own default, for the
/// terminal, uses the scenario's id.
pub(crate) fn default_name(game: &str, scenario: &str) -> String {
    let (game, scenario) = titles(game, scenario);
    words::game_line(&game, &scenario)
}

/// The game's and the scenario's names; each its id when this build does not know it (a
/// newer app's save, moved here), so the list still says something.
fn titles(game: &str, scenario: &str) -> (String, String) {
    let Ok(entry) = registry::find(game) else {
        return (game.to_string(), scenario.to_string());
    };
    let scenario_name = entry
        .scenarios()
        .into_iter()
        .find(|s| s.id == scenario)
        .map_or_else(|| scenario.to_string(), |s| s.name.to_string());
    (entry.name().to_string(), scenario_name)
}

/// The game's and the scenario's names and the seats as people read them.
fn names(header: &Header) -> (String, String, Vec<SavedSeat>) {
    let (game_name, scenario_name) = titles(&header.game, &header.scenario);
    let Ok(game) = registry::find(&header.game) else {
        return (game_name, scenario_name, Vec::new());
    };
    let seats = game
        .seat_names(&header.scenario)
        .ok()
        .and_then(|names| {
            let seating = Seating::parse(&names, &header.seats).ok()?;
            Some(
                names
                    .iter()
                    .zip(seating.players())
                    .map(|(seat, player)| {
                        let name = words::seat_name(seat);
                        let player = player_words(player);
                        SavedSeat {
                            seat: seat.to_string(),
                            choice: words::seat_choice(&name, &player),
                            name,
                            player,
                        }
                    })
                    .collect(),
            )
        })
        .unwrap_or_default();
    (game_name, scenario_name, seats)
}

fn player_words(player: &Player) -> String {
    match player {
        Player::Person(name) => name.clone(),
        Player::Computer(skill) => format!("Computer ({})", skill.name()),
    }
}
