//! Rule tests for 878, named after the rule they check: each sets a position, fixes
//! the dice, acts through `rules::apply`, and asserts the exact result.

mod app;
mod battles;
mod describe;
mod ending;
mod events;
mod hidden;
mod leaders;
mod movement;
mod preview;
mod random;
mod reinforcements;
mod scenarios;
mod setup;
/// Set-up helpers, shared with the simple player's tests (`ai/tests.rs`).
pub(super) mod support;
mod turns;
