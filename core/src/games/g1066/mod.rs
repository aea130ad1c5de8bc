//! 1066: End of the Dark Ages: four powers (Anglo-Saxons, Normans, Vikings, Britons)
//! fighting over a square-grid map of Britain with campaign markers and a Battle Board.
//!
//! So far only the foundation exists: the game's data (`core/data/g1066/*.json`: map,
//! tables T1-T6, units and leaders T7-T8, set-up T9, campaign markers T10) and its typed,
//! checked loader in [`data`]. There is no rules engine yet and the game is not in the
//! registry. The data rulings taken are listed in `RULINGS.md`.

pub mod data;

#[cfg(test)]
mod tests;
