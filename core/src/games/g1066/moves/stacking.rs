//! Units per square (12.0). There is no cap on how many units share a square (12.1):
//! what a crowd costs is food, so the only number is the forage excess (9.2, 9.4).
//! Two things are forbidden outright: a player's units of different powers in one
//! square (12.4) and a second castle (12.5).

use super::forage::forage_value;
use super::force::Surroundings;
use super::place::Place;
use crate::board::square::Square;
use crate::engine::error::RuleError;
use crate::games::g1066::data::label;

/// 12.4: units of different powers under one player never share a square, not even in
/// passing. `s.coalition` holds the squares where the mover's player has units of
/// another power.
pub fn check_coalition(sq: Square, s: &Surroundings) -> Result<(), RuleError> {
    if s.coalition.contains(&sq) {
        return Err(RuleError::new(
            "12.4",
            format!(
                "{} holds units of another power you control; they may not share it",
                label(sq)
            ),
        ));
    }
    Ok(())
}

/// 12.5: at most one castle per square.
pub fn check_castle_placement(sq: Square, s: &Surroundings) -> Result<(), RuleError> {
    if s.castles.contains(&sq) {
        return Err(RuleError::new(
            "12.5",
            format!("{} already has a castle", label(sq)),
        ));
    }
    Ok(())
}

/// How many of `counted` units (those [`super::counts_against_forage`]) the place cannot
/// feed: they must be provisioned with gold or be eliminated (9.2, 9.4, 9.6). Off-map
/// boxes feed any number (21.5).
pub fn units_over_forage(place: Place, counted: u16, s: &Surroundings) -> u16 {
    match forage_value(place, s) {
        Some(v) => counted.saturating_sub(u16::from(v)),
        None => 0,
    }
}
