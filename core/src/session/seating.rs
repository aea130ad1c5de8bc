//! Who sits where: for each seat of a game, a person (by name) or the computer; and the
//! text a save keeps of it.
//!
//! The text lists every seat in the game's seat order, by the game's seat name:
//! `viking=person:Ann,villager=computer:hard`. The computer's word is its skill:
//! `random`, `simple`, or a level of the search player, `easy`, `normal` or `hard`; a bare
//! `computer` is `normal`. A person's name is trimmed and may not be
//! empty, hold a comma, an equals sign or a control character, or be longer than
//! [`MAX_NAME_CHARS`]; the same name on several seats means one person plays them all.

use crate::ai::search::Level;
use crate::engine::Seat;
use thiserror::Error;

/// The longest name a person may give (in characters).
pub const MAX_NAME_CHARS: usize = 40;

/// Who plays one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    Person(String),
    Computer(Skill),
}

/// Which computer player plays a seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Skill {
    /// A random legal action: the baseline, and a gentle opponent.
    Random,
    /// The game's simple player, rules of thumb ([`crate::engine::Game::simple_action`]).
    Simple,
    /// The search player ([`crate::ai::search`]) at [`Level::Easy`].
    Easy,
    /// The search player at [`Level::Normal`]: what a bare `computer` means.
    #[default]
    Normal,
    /// The search player at [`Level::Hard`].
    Hard,
}

impl Skill {
    pub const ALL: [Skill; 5] = [
        Skill::Random,
        Skill::Simple,
        Skill::Easy,
        Skill::Normal,
        Skill::Hard,
    ];

    /// The word people and saves use: `random`, `simple`, `easy`, `normal`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Skill::Random => "random",
            Skill::Simple => "simple",
            Skill::Easy => Level::Easy.name(),
            Skill::Normal => Level::Normal.name(),
            Skill::Hard => Level::Hard.name(),
        }
    }

    /// A skill by its word, any case.
    pub fn from_name(word: &str) -> Option<Skill> {
        Skill::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(word.trim()))
    }

    /// The search level of a skill played by the search player (None for the random
    /// and the simple player).
    pub fn level(self) -> Option<Level> {
        match self {
            Skill::Random | Skill::Simple => None,
            Skill::Easy => Some(Level::Easy),
            Skill::Normal => Some(Level::Normal),
            Skill::Hard => Some(Level::Hard),
        }
    }

    /// The skill of a search level.
    pub fn of_level(level: Level) -> Skill {
        match level {
            Level::Easy => Skill::Easy,
            Level::Normal => Skill::Normal,
            Level::Hard => Skill::Hard,
        }
    }

    /// Every skill's word, for messages: `random, simple, easy, normal, hard`.
    pub fn words() -> String {
        Skill::ALL.map(Skill::name).join(", ")
    }
}

impl Player {
    /// A person by name (checked when the seating is built).
    pub fn person(name: &str) -> Player {
        Player::Person(name.trim().to_string())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SeatingError {
    #[error("the game has {expected} seats, but {given} players were given")]
    WrongCount { expected: usize, given: usize },
    #[error("a person's name may not be empty")]
    EmptyName,
    #[error("the name '{0}' holds a comma, an equals sign or a control character")]
    BadName(String),
    #[error("the name '{0}' is longer than {MAX_NAME_CHARS} characters")]
    LongName(String),
    #[error("'{part}' does not read as SEAT=person:NAME or SEAT=computer[:SKILL]")]
    BadEntry { part: String },
    #[error("no computer player '{0}' (there are: random, simple, easy, normal, hard)")]
    UnknownSkill(String),
    #[error("no seat '{seat}' (the seats are: {known})")]
    UnknownSeat { seat: String, known: String },
    #[error("the seat '{0}' is given twice")]
    SeatTwice(String),
    #[error("the seat '{0}' is not given")]
    SeatMissing(String),
}

/// The players of every seat, in seat order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    players: Vec<Player>,
}

impl Seating {
    /// One player per seat, in seat order; names are trimmed and checked.
    pub fn new(players: Vec<Player>) -> Result<Seating, SeatingError> {
        let mut checked = Vec::with_capacity(players.len());
        for player in players {
            checked.push(match player {
                Player::Person(name) => Player::Person(check_name(&name)?),
                Player::Computer(skill) => Player::Computer(skill),
            });
        }
        Ok(Seating { players: checked })
    }

    /// Checks that there is one player for each of the game's seats.
    pub fn check_fits(&self, seat_names: &[&str]) -> Result<(), SeatingError> {
        if self.players.len() != seat_names.len() {
            return Err(SeatingError::WrongCount {
                expected: seat_names.len(),
                given: self.players.len(),
            });
        }
        Ok(())
    }

    /// Reads the text a save keeps (see the module comment); every seat must be given
    /// exactly once, in any order.
    pub fn parse(seat_names: &[&str], text: &str) -> Result<Seating, SeatingError> {
        let mut players: Vec<Option<Player>> = vec![None; seat_names.len()];
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let bad = || SeatingError::BadEntry {
                part: part.to_string(),
            };
            let (seat, who) = part.split_once('=').ok_or_else(bad)?;
            let seat = seat.trim().to_ascii_lowercase();
            let index = seat_names
                .iter()
                .position(|n| n.eq_ignore_ascii_case(&seat))
                .ok_or_else(|| SeatingError::UnknownSeat {
                    seat: seat.clone(),
                    known: seat_names.join(", "),
                })?;
            let who = who.trim();
            // A bare `computer` (saves before skills existed, and people) is the
            // default player, the search at its normal level.
            let player =
                if who.eq_ignore_ascii_case("computer") {
                    Player::Computer(Skill::default())
                } else {
                    match who.split_once(':') {
                        Some((kind, name)) if kind.trim().eq_ignore_ascii_case("person") => {
                            Player::Person(check_name(name)?)
                        }
                        Some((kind, skill)) if kind.trim().eq_ignore_ascii_case("computer") => {
                            Player::Computer(Skill::from_name(skill).ok_or_else(|| {
                                SeatingError::UnknownSkill(skill.trim().to_string())
                            })?)
                        }
                        _ => return Err(bad()),
                    }
                };
            // `index` came from `position` over `seat_names`, the length of `players`.
            let Some(slot) = players.get_mut(index) else {
                return Err(bad());
            };
            if slot.is_some() {
                return Err(SeatingError::SeatTwice(seat));
            }
            *slot = Some(player);
        }
        let mut out = Vec::with_capacity(players.len());
        for (player, name) in players.into_iter().zip(seat_names) {
            out.push(player.ok_or_else(|| SeatingError::SeatMissing(name.to_string()))?);
        }
        Ok(Seating { players: out })
    }

    /// The text a save keeps, every seat by name in seat order.
    pub fn to_text(&self, seat_names: &[&str]) -> String {
        self.players
            .iter()
            .enumerate()
            .map(|(i, player)| {
                let seat = seat_names.get(i).copied().unwrap_or("?");
                match player {
                    Player::Person(name) => format!("{seat}=person:{name}"),
                    Player::Computer(skill) => format!("{seat}=computer:{}", skill.name()),
                }
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Who plays a seat (None for a seat the seating does not have).
    pub fn player(&self, seat: Seat) -> Option<&Player> {
        self.players.get(seat.0 as usize)
    }

    /// Every seat's player, in seat order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The person playing a seat, if a person does.
    pub fn person_of(&self, seat: Seat) -> Option<&str> {
        match self.player(seat)? {
            Player::Person(name) => Some(name),
            Player::Computer(_) => None,
        }
    }

    /// Whether the computer plays a seat (a seat the seating lacks counts as the
    /// computer's, so that no person is ever handed a seat by mistake).
    pub fn is_computer(&self, seat: Seat) -> bool {
        !matches!(self.player(seat), Some(Player::Person(_)))
    }

    /// The seats a person plays, in seat order.
    pub fn seats_of(&self, person: &str) -> Vec<Seat> {
        (0u8..)
            .zip(&self.players)
            .filter(|(_, p)| matches!(p, Player::Person(name) if name == person))
            .map(|(i, _)| Seat(i))
            .collect()
    }

    /// Every person, in the order of their first seat.
    pub fn people(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for player in &self.players {
            if let Player::Person(name) = player {
                if !out.contains(name) {
                    out.push(name.clone());
                }
            }
        }
        out
    }
}

fn check_name(name: &str) -> Result<String, SeatingError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(SeatingError::EmptyName);
    }
    if name.chars().any(|c| c == ',' || c == '=' || c.is_control()) {
        return Err(SeatingError::BadName(name.to_string()));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(SeatingError::LongName(name.to_string()));
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FURY: [&str; 2] = ["viking", "villager"];
    const V878: [&str; 4] = ["housecarl", "thegn", "norsemen", "berserker"];

    #[test]
    fn session_seating_text_round_trips() {
        let seating = Seating::new(vec![
            Player::person("Ann"),
            Player::Computer(Skill::Simple),
            Player::person(" Bo Li "),
            Player::person("Ann"),
        ])
        .unwrap();
        let text = seating.to_text(&V878);
        assert_eq!(
            text,
            "housecarl=person:Ann,thegn=computer:simple,norsemen=person:Bo Li,berserker=person:Ann"
        );
        assert_eq!(Seating::parse(&V878, &text).unwrap(), seating);
        assert_eq!(
            seating.people(),
            vec!["Ann".to_string(), "Bo Li".to_string()]
        );
        assert_eq!(seating.seats_of("Ann"), vec![Seat(0), Seat(3)]);
        assert_eq!(seating.person_of(Seat(1)), None);
        assert!(seating.is_computer(Seat(1)));
        assert!(seating.is_computer(Seat(9)));
    }

    #[test]
    fn session_seating_reads_any_order_and_case() {
        let seating = Seating::parse(&FURY, " VILLAGER = Computer , viking=Person:Ann").unwrap();
        assert_eq!(
            seating.players(),
            &[
                Player::Person("Ann".into()),
                Player::Computer(Skill::Normal)
            ]
        );
    }

    #[test]
    fn session_seating_names_the_computers_skill() {
        let seating = Seating::parse(&FURY, "viking=computer:RANDOM,villager=computer").unwrap();
        // A bare `computer` (older saves) is the default player, the search at normal
        // level, written out in full.
        assert_eq!(
            seating.players(),
            &[
                Player::Computer(Skill::Random),
                Player::Computer(Skill::Normal)
            ]
        );
        assert_eq!(
            seating.to_text(&FURY),
            "viking=computer:random,villager=computer:normal"
        );
        assert_eq!(
            Seating::parse(&FURY, "viking=computer:clever,villager=computer"),
            Err(SeatingError::UnknownSkill("clever".into()))
        );
    }

    #[test]
    fn session_seating_refuses_bad_text_by_name() {
        assert_eq!(
            Seating::parse(&FURY, "viking=person:Ann"),
            Err(SeatingError::SeatMissing("villager".into()))
        );
        assert_eq!(
            Seating::parse(&FURY, "viking=computer,viking=computer,villager=computer"),
            Err(SeatingError::SeatTwice("viking".into()))
        );
        assert!(matches!(
            Seating::parse(&FURY, "jarl=computer,villager=computer"),
            Err(SeatingError::UnknownSeat { .. })
        ));
        assert!(matches!(
            Seating::parse(&FURY, "viking=human,villager=computer"),
            Err(SeatingError::BadEntry { .. })
        ));
        assert_eq!(
            Seating::parse(&FURY, "viking=person: ,villager=computer"),
            Err(SeatingError::EmptyName)
        );
    }

    #[test]
    fn session_seating_refuses_names_that_would_break_the_text() {
        assert_eq!(
            Seating::new(vec![Player::person("A=B"), Player::Computer(Skill::Simple)]),
            Err(SeatingError::BadName("A=B".into()))
        );
        assert_eq!(
            Seating::new(vec![Player::person("A,B"), Player::Computer(Skill::Simple)]),
            Err(SeatingError::BadName("A,B".into()))
        );
        let long = "x".repeat(MAX_NAME_CHARS + 1);
        assert_eq!(
            Seating::new(vec![Player::person(&long), Player::Computer(Skill::Simple)]),
            Err(SeatingError::LongName(long))
        );
        let seating = Seating::new(vec![Player::Computer(Skill::Simple)]).unwrap();
        assert_eq!(
            seating.check_fits(&FURY),
            Err(SeatingError::WrongCount {
                expected: 2,
                given: 1
            })
        );
    }

    #[test]
    fn session_seating_levels_round_trip_and_old_words_still_read() {
        for (word, skill, level) in [
            ("easy", Skill::Easy, Some(Level::Easy)),
            ("NORMAL", Skill::Normal, Some(Level::Normal)),
            (" hard ", Skill::Hard, Some(Level::Hard)),
            ("simple", Skill::Simple, None),
            ("random", Skill::Random, None),
        ] {
            assert_eq!(Skill::from_name(word), Some(skill), "{word}");
            assert_eq!(skill.level(), level, "{word}");
            if let Some(level) = level {
                assert_eq!(Skill::of_level(level), skill);
            }
            let text = format!("viking=computer:{word},villager=person:Ann");
            let seating = Seating::parse(&FURY, &text).unwrap();
            assert_eq!(seating.player(Seat(0)), Some(&Player::Computer(skill)));
            let written = seating.to_text(&FURY);
            assert_eq!(
                written,
                format!("viking=computer:{},villager=person:Ann", skill.name())
            );
            assert_eq!(Seating::parse(&FURY, &written).unwrap(), seating);
        }
        assert_eq!(Skill::words(), "random, simple, easy, normal, hard");
        assert_eq!(Skill::default(), Skill::Normal);
        assert_eq!(
            Seating::parse(&FURY, "viking=computer:search,villager=computer"),
            Err(SeatingError::UnknownSkill("search".into()))
        );
    }
}
