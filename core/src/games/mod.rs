//! One folder per game.

pub mod fury;
pub mod g1066;
pub mod registry;
pub mod v878;
