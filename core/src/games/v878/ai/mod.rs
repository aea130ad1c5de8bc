//! 878's computer players (issue 10): the simple player's rules of thumb
//! (`simple.rs`), the weights they use, which plan variants change (`variants.rs`), and the evaluation of a position for a faction (`evaluate.rs`), both
//! reading only what the rules already answer (`odds.rs` adds battle odds and map
//! distances of their own).

mod evaluate;
mod odds;
mod simple;
#[cfg(test)]
mod tests;
mod variants;

pub use evaluate::evaluate;
pub use simple::simple_action;
