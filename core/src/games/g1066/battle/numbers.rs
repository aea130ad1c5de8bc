//! The numbers the battle reads.
//!
//! Most come from the data files (CRT T2, castle T3, spoils T5, fixed T6, marker numbers
//! 8.13). The handful below are printed in 15.11, 15.12 and 15.17 and have no place in
//! `tables.json` yet; they are named here, once, so that moving them to the data later
//! touches only this file.

use crate::games::g1066::data::{data, UnitType};

/// Extra die for a flank attack (15.11).
pub(super) const FLANK_DICE: u8 = 1;
/// Extra die for an attack on the reserve (15.12).
pub(super) const RESERVE_DICE: u8 = 1;
/// A non-knight in pursuit rolls this many times its usual dice (15.17).
pub(super) const PURSUIT_TIMES: u8 = 2;
/// A knight in pursuit rolls this many times its usual dice (15.17).
pub(super) const KNIGHT_PURSUIT_TIMES: u8 = 3;
/// Dice a knight rolls against a panicking knight, in all (15.17, G3.6).
pub(super) const KNIGHT_ON_KNIGHT_DICE: u8 = 2;
/// The foot the Shield Wall protects (8.13): housecarls, thegns and fyrd.
pub(super) const SHIELD_WALL_TYPES: [UnitType; 3] =
    [UnitType::Housecarl, UnitType::Thegn, UnitType::Fyrd];

/// A marker's number from `markers.json` (D7); the data tests pin that each exists,
/// so 0 (no effect) only stands in for a broken file.
pub(super) fn marker_number(id: &str, name: &str) -> u8 {
    data().markers.number(id, name).unwrap_or(0)
}

/// Extra dice Charge gives each attacker in its box.
pub(super) fn charge_dice() -> u8 {
    marker_number("charge", "dice_per_unit")
}

/// Extra dice Maneuver gives a knight, or another unit, in its box.
pub(super) fn maneuver_dice(knight: bool) -> u8 {
    marker_number(
        "maneuver",
        if knight {
            "dice_per_knight"
        } else {
            "dice_per_other"
        },
    )
}

/// Highest Shield Wall die that cancels a loss.
pub(super) fn shield_wall_save_max() -> u8 {
    marker_number("shield_wall", "save_max")
}
