//! One folder per game.

pub mod fury;
