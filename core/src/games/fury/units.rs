//! The kinds of counter, their sides and classes. Strengths live in `data/fury/units.json`.

use super::data::data;
use serde::{Deserialize, Serialize};

/// The two sides; also the seat numbers (Viking is seat 0, Villager seat 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Viking,
    Villager,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Viking => Side::Villager,
            Side::Villager => Side::Viking,
        }
    }
    pub fn seat(self) -> crate::engine::Seat {
        crate::engine::Seat(self as u8)
    }
    pub fn of_seat(seat: crate::engine::Seat) -> Option<Side> {
        match seat.0 {
            0 => Some(Side::Viking),
            1 => Some(Side::Villager),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Viking => "Viking",
            Side::Villager => "Villager",
        }
    }
}

/// Every kind of counter that is a unit (the Ship and the Fire and Sacked markers are
/// kept apart in the state).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Infantry,
    Archer,
    Berserker,
    Chief,
    Militia,
    Regular,
    Cavalry,
    Monk,
    Priest,
    Knight,
    Lord,
    Bishop,
    Abbot,
    Woman,
    Animal,
    Treasure,
    ChurchTreasure,
}

impl Kind {
    pub const ALL: [Kind; 17] = [
        Kind::Infantry,
        Kind::Archer,
        Kind::Berserker,
        Kind::Chief,
        Kind::Militia,
        Kind::Regular,
        Kind::Cavalry,
        Kind::Monk,
        Kind::Priest,
        Kind::Knight,
        Kind::Lord,
        Kind::Bishop,
        Kind::Abbot,
        Kind::Woman,
        Kind::Animal,
        Kind::Treasure,
        Kind::ChurchTreasure,
    ];

    pub fn side(self) -> Side {
        match self {
            Kind::Infantry | Kind::Archer | Kind::Berserker | Kind::Chief => Side::Viking,
            _ => Side::Villager,
        }
    }

    /// Leaders: exempt from stacking (6.4), shift the odds (7.4).
    pub fn is_leader(self) -> bool {
        matches!(
            self,
            Kind::Chief | Kind::Knight | Kind::Lord | Kind::Bishop | Kind::Abbot
        )
    }

    pub fn is_villager_leader(self) -> bool {
        self.is_leader() && self.side() == Side::Villager
    }

    /// Villager combatants for 5.7, 8.0 and 9.2 (GAP-30): Militia, RI, Cavalry, Monks
    /// and the Leaders.
    pub fn is_villager_combatant(self) -> bool {
        matches!(
            self,
            Kind::Militia
                | Kind::Regular
                | Kind::Cavalry
                | Kind::Monk
                | Kind::Knight
                | Kind::Lord
                | Kind::Bishop
                | Kind::Abbot
        )
    }

    /// Combatants that count against the two-per-hex limit of 6.2 (Leaders are exempt).
    pub fn counts_as_villager_combatant(self) -> bool {
        self.is_villager_combatant() && !self.is_leader()
    }

    /// Villager non-combatants for the two-per-hex limit of 6.3 and 6.5.
    pub fn is_villager_noncombatant(self) -> bool {
        matches!(
            self,
            Kind::Priest | Kind::Woman | Kind::Animal | Kind::Treasure | Kind::ChurchTreasure
        )
    }

    pub fn is_treasure(self) -> bool {
        matches!(self, Kind::Treasure | Kind::ChurchTreasure)
    }

    /// Units a Viking must Capture before controlling them (8.0).
    pub fn is_capturable(self) -> bool {
        matches!(self, Kind::Woman | Kind::Animal) || self.is_villager_leader()
    }

    /// Units that may call down Divine Wrath (7.10).
    pub fn can_invoke_wrath(self) -> bool {
        matches!(self, Kind::Priest | Kind::Bishop | Kind::Abbot)
    }

    /// Two-letter code used in the notation.
    pub fn code(self) -> &'static str {
        match self {
            Kind::Infantry => "VI",
            Kind::Archer => "VA",
            Kind::Berserker => "VB",
            Kind::Chief => "VC",
            Kind::Militia => "MI",
            Kind::Regular => "RI",
            Kind::Cavalry => "CA",
            Kind::Monk => "MO",
            Kind::Priest => "PR",
            Kind::Knight => "KN",
            Kind::Lord => "LO",
            Kind::Bishop => "BI",
            Kind::Abbot => "AB",
            Kind::Woman => "WO",
            Kind::Animal => "AN",
            Kind::Treasure => "TR",
            Kind::ChurchTreasure => "CT",
        }
    }

    pub fn from_code(code: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.code() == code)
    }

    /// The key of this kind in the data files.
    pub fn key(self) -> &'static str {
        match self {
            Kind::Infantry => "infantry",
            Kind::Archer => "archer",
            Kind::Berserker => "berserker",
            Kind::Chief => "chief",
            Kind::Militia => "militia",
            Kind::Regular => "regular",
            Kind::Cavalry => "cavalry",
            Kind::Monk => "monk",
            Kind::Priest => "priest",
            Kind::Knight => "knight",
            Kind::Lord => "lord",
            Kind::Bishop => "bishop",
            Kind::Abbot => "abbot",
            Kind::Woman => "woman",
            Kind::Animal => "animal",
            Kind::Treasure => "treasure",
            Kind::ChurchTreasure => "church_treasure",
        }
    }

    pub fn from_key(key: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.key() == key)
    }

    /// The kind's name as the counters and the rulebook write it ("Regular Infantry"):
    /// how people read a unit where the notation writes its code (units.json "name").
    pub fn name(self) -> &'static str {
        &data().stats(self).name
    }

    /// More than one of the kind ("Women", "Infantry"; units.json "plural").
    pub fn plural(self) -> &'static str {
        &data().stats(self).plural
    }

    /// One of the kind with its article, where a sentence reads better with one: "an
    /// Animal", "a Knight".
    pub fn a_name(self) -> String {
        let name = self.name();
        let article = match name.chars().next() {
            Some('A' | 'E' | 'I' | 'O' | 'U') => "an",
            _ => "a",
        };
        format!("{article} {name}")
    }
}

/// Units as people read them, by their kinds' names in the order first met, a kind met
/// more than once counted: "Militia", "Infantry and Berserker", "2 Infantry, Berserker
/// and Chief", "3 Women". The one place words for people name Fury units (the dice
/// log's events, the words for actions); the notation names them by code.
pub fn unit_names(kinds: impl IntoIterator<Item = Kind>) -> String {
    let mut counted: Vec<(Kind, usize)> = Vec::new();
    for kind in kinds {
        match counted.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => counted.push((kind, 1)),
        }
    }
    let names: Vec<String> = counted
        .into_iter()
        .map(|(kind, n)| match n {
            1 => kind.name().to_string(),
            n => format!("{n} {}", kind.plural()),
        })
        .collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// A counter's printed (or house-filled) values. `None`: the counter has no such strength.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Stats {
    pub name: String,
    pub plural: String,
    pub attack: Option<u8>,
    pub archery: Option<u8>,
    pub defense: Option<u8>,
    pub ma: u8,
    pub capture: Option<u8>,
}
