//! Skald's core as the apps see it (issue 12): uniffi exports shaped for an app, not a
//! mirror of the core's types. Kotlin and Swift are generated from the built library
//! (`bindings/uniffi-bindgen`); the apps hold no rule and call only what is here.
//!
//! - [`catalogue`]: the games, their scenarios and seats, and the computer's levels;
//! - [`new_game_seats`]: the seats a new game starts from ([`NewSeat`]), and how the
//!   new-game screen says a seat ([`new_seat_summary`]) and why it cannot start yet
//!   ([`new_game_problem`]);
//! - [`SaveFolder`]: the saves in a folder (not "Library": the generated Kotlin imports
//!   JNA's `Library`): list (each [`SaveEntry`] with the names people read beside its
//!   ids), start, open, rename, delete;
//! - [`Table`]: one game being played, behind a handle: what the device shows now,
//!   the actions of the person holding it, the hand-off and its recap, undo;
//! - [`Scene`]: what to draw, for taps (`Table::tap`) and buttons (`Table::press`);
//! - the board's geometry for a point (`Table::spread_at`, `aim`, `describe_at`): what
//!   a finger may mean and what a screen reader says, so no app re-implements it;
//! - history, the board at any step, continuing from a step, standing orders
//!   ([`HistoryLine`], `Table::history_scene`, `Table::continue_from`);
//! - export and import of saves (`SaveFolder::export_backup`, `export_replay`,
//!   `import_backup`);
//! - [`set_log_sink`]: the core's log and panic messages into the platform's log;
//! - [`words_not_your_turn`], [`words_close_spread`]: the apps' few words of their own,
//!   worded once;
//! - [`ComputerMove`]: the computer's move, thought out off the caller's thread, to be
//!   awaited or cancelled; [`HintRequest`]: the hint, the same way
//!   (`Table::start_hint`), each action with its words for people.
//!
//! Every call is safe on any input: a bad id, a closed game or a refused action is a
//! [`SkaldError`] with a message a person can read, never a panic across the boundary.

mod catalogue;
mod clock;
mod computer;
mod error;
mod exchange;
mod hint;
mod history;
mod logging;
mod new_game;
mod reach;
mod save_entry;
mod save_folder;
mod scene;
mod table;
mod words;

pub use catalogue::{catalogue, levels, GameEntry, OptionalRuleEntry, ScenarioEntry};
pub use computer::ComputerMove;
pub use error::SkaldError;
pub use hint::{Hint, HintCandidate, HintRequest};
pub use history::{HistoryLine, StandingOrder};
pub use logging::{log_line, set_log_sink, LogLevel, LogSink};
pub use new_game::{new_game_problem, new_game_seats, new_seat_summary, NewSeat};
pub use reach::{CellSpeech, StackSpread};
pub use save_entry::{SaveEntry, SavedSeat};
pub use save_folder::{NewGame, SaveFolder, SeatPlayer};
pub use scene::*;
pub use table::{RecapStep, Screen, Table, TapOutcome};
pub use words::{recap_heading, screen_heading, words_close_spread, words_not_your_turn};

uniffi::setup_scaffolding!();
