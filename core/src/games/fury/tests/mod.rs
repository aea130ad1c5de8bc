//! Rule tests, named after the rule they check: each sets a position, fixes the dice,
//! acts, and asserts the exact result.

mod app;
mod combat;
mod describe;
mod movement;
mod preview;
mod random;
/// Set-up helpers, shared with the simple player's tests (`ai/tests.rs`).
pub(super) mod support;
