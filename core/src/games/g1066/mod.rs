//! 1066: End of the Dark Ages: four powers (Anglo-Saxons, Normans, Vikings, Britons)
//! fighting over a square-grid map of Britain with campaign markers and a Battle Board.
//!
//! So far only the foundation exists: the game's data (`core/data/g1066/*.json`: map,
//! tables T1-T6, units and leaders T7-T8, set-up T9, campaign markers T10) and its typed,
//! checked loader in [`data`]. There is no rules engine yet and the game is not in the
//! registry. The data rulings taken are listed in `RULINGS.md`.

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
pub mod setup;
pub mod state;
#[cfg(test)]
mod state_tests;
pub mod view;

#[cfg(test)]
mod tests;
