//! 1066's computer players (issues 10 and 14): the simple player's rules of thumb
//! (`simple.rs`, the Battle Board in `battle.rs`) and the evaluation of a position for
//! a seat (`evaluate.rs`), reading land distances (`distance.rs`) and what counters
//! are worth (`forces.rs`); crossing the sea is `sea.rs`.

mod battle;
mod deals;
mod distance;
mod evaluate;
mod forces;
mod sea;
mod simple;
#[cfg(test)]
mod tests;

pub use evaluate::evaluate;
pub use simple::simple_action;
