//! What an action touches, in the order a person taps them: one touch layer for every
//! game narrows the legal actions tap by tap from these lists (no game writes touch
//! code). Ids are the stable ones of the notation and the scene: a piece's code, a
//! cell's label, a card's number.

use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Target {
    /// A piece, by its code ("VI01", "L03", "alfred").
    Piece(String),
    /// A cell, hex or area, by its label ("0802", "uintancaestir"): where to go, what
    /// to attack, where to place.
    Cell(String),
    /// A cell a path passes through: not a tap the person must make (the touch layer
    /// offers a default path), but one they may make to choose another path.
    Via(String),
    /// A card, by its number ("11").
    Card(String),
    /// How many (units to move, to place).
    Count(u32),
    /// Which way a piece faces.
    Direction(String),
    /// A button, by its word ("end", "attack", "pass").
    Word(&'static str),
}

impl Target {
    /// Whether a person must tap it: every target but a path's waypoints.
    pub fn is_required(&self) -> bool {
        !matches!(self, Target::Via(_))
    }
}
