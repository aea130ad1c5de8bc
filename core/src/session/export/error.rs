//! What can go wrong writing or reading an export file; every message says what is
//! wrong in words a player (or the engineer they send it to) can act on.

use crate::session::TimelineError;
use crate::store::{SaveId, StoreError};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ExportError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{id} cannot be exported, its log does not replay: {source}")]
    DoesNotReplay { id: SaveId, source: TimelineError },
    #[error("a replay is seen through at least one seat; none was given")]
    NoSeats,
    #[error("seat {seat} does not exist in this game (its seats are {names})")]
    UnknownSeat { seat: u8, names: String },
    #[error("the file could not be written: {0}")]
    Encode(String),
}

#[derive(Debug, Error)]
pub enum ImportError {
    #[error("the file is not readable JSON (is it complete?): {0}")]
    NotJson(String),
    #[error("this is not a Skald export file (it has no \"skald\" kind field)")]
    NotSkald,
    #[error("this Skald file is of a kind this version does not know: \"{0}\"")]
    UnknownKind(String),
    #[error("this file is a seat replay: it is for viewing what one seat saw and cannot be imported or continued as a save (it holds no seed and none of the other seats' secrets)")]
    SeatReplayNotImportable,
    #[error(
        "this file is a full backup, not a seat replay: import it as a save instead of viewing it"
    )]
    BackupNotReplay,
    #[error("this file was written by a newer version of Skald (export format {found}, this version reads up to {known}); update Skald to import it")]
    TooNew { found: u64, known: u32 },
    #[error("the file is damaged or was edited: {0}")]
    Malformed(String),
    #[error("the backup's header field '{field}' is not valid: {message}")]
    BadField {
        field: &'static str,
        message: String,
    },
    #[error("the game '{0}' is not known to this version of Skald")]
    UnknownGame(String),
    #[error("this game was played under rules version {found} of {game}, newer than this version of Skald knows ({known}); update Skald to import it")]
    RulesTooNew {
        game: String,
        found: u32,
        known: u32,
    },
    #[error("the game could not be started from the file: {0}")]
    Start(String),
    #[error("the file does not replay: log record {index} is refused by the rules ({message})")]
    DoesNotReplay { index: u32, message: String },
    #[error("the file does not replay to the game it recorded (state hash {recorded}, replayed {replayed}): it was edited, damaged, or made under different rules")]
    WrongFinalState { recorded: String, replayed: String },
    #[error("the backup's header field 'seed' (or the chance stream) is not the one the game was played with: the file's integrity digest is {recorded}, the replayed game's {replayed}; it was edited or damaged")]
    WrongIntegrity { recorded: String, replayed: String },
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl ImportError {
    pub(super) fn bad_field(field: &'static str, message: impl Into<String>) -> ImportError {
        ImportError::BadField {
            field,
            message: message.into(),
        }
    }
}

impl From<TimelineError> for ImportError {
    fn from(e: TimelineError) -> ImportError {
        match e {
            TimelineError::UnknownGame(game) => ImportError::UnknownGame(game),
            TimelineError::Start(message) => ImportError::Start(message),
            TimelineError::Record { index, message } => {
                ImportError::DoesNotReplay { index, message }
            }
            // Replaying a log only ever reports its records; kept for completeness.
            TimelineError::CannotUndo(message) => ImportError::Malformed(message),
        }
    }
}
