//! What to draw for any game and how taps become actions (issue 11, DESIGN.md "Scene and
//! touch"). Like the search player and the session, it reaches the games through the
//! engine contract only.

pub mod touch;

pub use touch::{Highlights, Outcome, Touch};
