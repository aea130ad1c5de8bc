//! One folder per game.

pub mod fury;
pub mod registry;
pub mod v878;
