//! Fury's computer players: the simple player (rules of thumb from the brief's "Notes
//! for the AI", section 4) and the evaluation of a position for a side.
//!
//! Both are given states drawn from a seat's view (`Game::simple_action`,
//! `Game::evaluate`); Fury hides nothing but the dice to come, so they read the
//! position and never the chance stream's future.

pub mod evaluate;
pub mod simple;
mod variants;

#[cfg(test)]
mod choice_check;
#[cfg(test)]
mod tests;
