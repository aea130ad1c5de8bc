//! 1066: End of the Dark Ages: four powers (Anglo-Saxons, Normans, Vikings, Britons)
//! fighting over a square-grid map of Britain with campaign markers and a Battle Board.
//!
//! Built so far: the data (`core/data/g1066/*.json`, loaded and checked in [`data`]), the
//! state, set-up, initiative bids, views, the rules of movement ([`moves`]), the Battle
//! Board ([`battle`]) and the game-turn sequence with victory ([`sequence`]). What a
//! player does inside the phases is not built yet, and the game is not in the registry;
//! `RULINGS.md` lists every ruling and what is not yet in the game.

pub mod battle;
pub mod data;

// Game state, options, set-up, initiative and views (rules 1.0-8.5, 27.0, T4).
pub mod actions;
pub mod chits;
pub mod initiative;
pub mod keys;
pub mod moves;
pub mod options;
pub mod rules;
pub mod sequence;
#[cfg(test)]
mod sequence_tests;
pub mod setup;
pub mod state;
#[cfg(test)]
mod state_tests;
pub mod turn;
pub mod view;

#[cfg(test)]
mod tests;
