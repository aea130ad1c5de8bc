//! A game for people: the log with undo ([`timeline`]), and (to come) seats, hand-off,
//! history and autosave.

pub mod timeline;

pub use timeline::{start_game, Timeline, TimelineError};
