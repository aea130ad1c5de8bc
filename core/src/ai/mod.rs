//! Computer players. The generic ones work on any game through the contract only.

pub mod random;
pub mod search;
pub mod simulate;
