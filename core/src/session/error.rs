//! What a session refuses, and why.

use super::resume::{LoadError, SaveError};
use super::seating::SeatingError;
use super::timeline::TimelineError;
use crate::engine::dynamic::PlayError;
use crate::store::StoreError;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum SessionError {
    #[error("the game '{0}' is not known to this version of Skald")]
    UnknownGame(String),
    #[error("the game could not be started: {0}")]
    Start(String),
    #[error("the seating: {0}")]
    Seating(#[from] SeatingError),
    #[error("{0}")]
    Timeline(#[from] TimelineError),
    #[error("the save store: {0}")]
    Store(#[from] StoreError),
    /// The action or undo stands in the game but is not in the save yet; the session
    /// tries again with the next action (or `save_now`).
    #[error("played, but not saved yet: {0}")]
    NotSaved(SaveError),
    #[error("{0}")]
    Load(#[from] LoadError),
    #[error("the device is to be handed to {to}: they must confirm before anyone acts")]
    HandOffPending { to: String },
    #[error("no hand-off is waiting")]
    NoHandOff,
    #[error("nobody holds the device yet")]
    NobodyHoldsDevice,
    #[error("{seat} is played by {player}, not by {person}")]
    NotYourSeat {
        seat: String,
        player: String,
        person: String,
    },
    #[error("{seat}: {error}")]
    Refused { seat: String, error: PlayError },
    #[error("nothing can be undone: {0}")]
    CannotUndo(String),
    #[error(
        "the last action was taken by {seat} ({player}), and only its own person may take it back"
    )]
    UndoNotYours { seat: String, player: String },
    #[error("no decision is due from the computer or a standing order now")]
    NoComputerMove,
    /// A thought for a position other than the game's now (someone undid or moved while
    /// the computer thought): it is not played.
    #[error("the computer's move was thought out for another position ({0}); nothing was played")]
    StaleThought(String),
    #[error("the computer could not start thinking: {0}")]
    Thinking(String),
    /// Hints are for a person's own decisions, not the computer's.
    #[error("{seat} is played by the computer: hints are for a person's own decisions")]
    HintForComputer { seat: String },
    #[error("no person is to decide now: {0}")]
    NoDecision(String),
    #[error("the game cannot go on: {0}")]
    Stuck(String),
    #[error("there is no step {step}: the game has {steps} steps")]
    NoSuchStep { step: u32, steps: u32 },
    #[error("the save's log does not read: {0}")]
    BadLog(String),
}
