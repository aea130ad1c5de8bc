//! Computer players. The generic ones work on any game through the contract only.

mod halving;
pub mod plans;
pub mod random;
pub mod search;
pub mod simulate;
