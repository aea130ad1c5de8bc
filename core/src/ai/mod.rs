//! Computer players. The generic ones work on any game through the contract only.

mod halving;
pub mod random;
pub mod search;
pub mod simulate;
