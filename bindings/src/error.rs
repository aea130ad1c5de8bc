//! The one error the apps see: what kind of thing went wrong, and a message a person
//! can read (the core's own wording, which names the rule for a refused action).

use skald_core::session::{LoadError, SessionError};
use skald_core::store::StoreError;

/// Flat across the boundary: Kotlin and Swift get the kind as the exception's type and
/// the message as its text (a field named `message` would clash with Kotlin's own).
/// Swift gets each case with its message, so `words(_:)` there matches the cases: uniffi
/// (0.32) cannot lift a flat error back into Rust (the message is not sent), so an
/// exported method or `Display` on it could not give the message.
#[derive(Debug, thiserror::Error, uniffi::Error)]
#[uniffi(flat_error)]
pub enum SkaldError {
    /// Something the app passed does not exist or does not fit: an unknown game,
    /// scenario or save, a seating that does not match the seats.
    #[error("{message}")]
    BadInput { message: String },
    /// The rules, or the state of play, refuse it now: an illegal action (with its
    /// rule), an undo past what may be undone, acting before the hand-off.
    #[error("{message}")]
    Refused { message: String },
    /// The saves could not be read or written; the others are untouched.
    #[error("{message}")]
    Storage { message: String },
}

impl SkaldError {
    pub(crate) fn bad_input(message: impl Into<String>) -> SkaldError {
        SkaldError::BadInput {
            message: message.into(),
        }
    }
}

impl From<StoreError> for SkaldError {
    fn from(e: StoreError) -> SkaldError {
        let message = e.to_string();
        match e {
            // The app named a save that is not there, or a blank name.
            StoreError::NotFound(_) | StoreError::BlankName(_) => SkaldError::BadInput { message },
            _ => SkaldError::Storage { message },
        }
    }
}

impl From<SessionError> for SkaldError {
    fn from(e: SessionError) -> SkaldError {
        let message = e.to_string();
        match e {
            SessionError::UnknownGame(_) | SessionError::Start(_) | SessionError::Seating(_) => {
                SkaldError::BadInput { message }
            }
            SessionError::Store(e) => e.into(),
            SessionError::Load(LoadError::Store(e)) => e.into(),
            SessionError::NotSaved(_) | SessionError::Load(_) => SkaldError::Storage { message },
            _ => SkaldError::Refused { message },
        }
    }
}
