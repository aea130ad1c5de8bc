//! Movement over the 1066 map as pure functions of the map data and a few facts about
//! the position (rules 5.2, 9.x, 12.0, 13.0, 14.0, 17.2-17.11, 21.0).
//!
//! The game state is not read here: the caller describes the moving [`Force`] and what
//! stands around it ([`Surroundings`]), and these functions answer with costs, stops and
//! the rule that forbids a step. Movement points are counted in halves ([`HalfMp`]) so
//! that a road step (14.6) is an exact integer.
//!
//! 13.1: the game has no zones of control, so nothing here looks at the squares next to
//! a moving force; only the square it enters matters.

pub mod control;
pub mod cost;
pub mod forage;
pub mod force;
pub mod geometry;
pub mod place;
pub mod reach;
pub mod stacking;
pub mod transport;

pub use control::may_control;
pub use cost::{check_step, Contact, StepOutcome, Stop};
pub use forage::{counts_against_forage, forage_value};
pub use force::{Force, HalfMp, Mode, Surroundings};
pub use place::Place;
pub use reach::{land_connected, reachable, Reach};
pub use stacking::{check_castle_placement, check_coalition, units_over_forage};
pub use transport::{check_debark, check_embark, Embarkation};

#[cfg(test)]
mod tests;
