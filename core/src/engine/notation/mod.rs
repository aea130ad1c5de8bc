//! The notation toolkit every game's notation is written with.

pub mod record;
