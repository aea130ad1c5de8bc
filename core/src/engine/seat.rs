//! Seats (a faction, power or side) and whose decision it is.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table: a side, faction or power. Numbered from 0 in the game's own order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A seat's (or a power's) id as people read it: each word capitalised, the words
/// of a compound id joined by a hyphen ("viking" is "Viking", "anglo_saxons" is
/// "Anglo-Saxons").
pub fn seat_label(id: &str) -> String {
    id.split('_')
        .map(|word| {
            let mut chars = word.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<String>>()
        .join("-")
}

/// Who must decide now. Several seats at once for simultaneous secret choices and
/// response windows: each of them is asked in the same way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    Decide(Vec<Seat>),
    Over(Outcome),
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Seats that won; empty for a draw.
    pub winners: Vec<Seat>,
    /// The result in the rulebook's words (e.g. "Decisive Viking Victory").
    pub result: String,
    /// How it was reached, with the figures (scores, counts) that decided it.
    pub detail: String,
}

#[cfg(test)]
mod tests {
    use super::seat_label;

    #[test]
    fn seat_labels_read_as_names() {
        assert_eq!(seat_label("viking"), "Viking");
        assert_eq!(seat_label("anglo_saxons"), "Anglo-Saxons");
        assert_eq!(seat_label("Thegn"), "Thegn");
        assert_eq!(seat_label(""), "");
    }
}
