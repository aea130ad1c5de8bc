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
