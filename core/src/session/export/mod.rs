//! One save as a self-describing JSON file, in two kinds (`docs/export.md` describes
//! both for engineers):
//!
//! - a **full backup** ([`export_backup`], [`import`]): the whole save, seed and every
//!   secret included, labelled as such; importing it replays the log under this
//!   version's rules and checks the recorded final state before a new save is made;
//! - a **seat replay** ([`export_replay`], [`read_replay`]): what one seat (or the
//!   seats of one person) saw, step by step, to share with other players. It holds no
//!   seed, no secret of another seat and nothing of future dice or draws, so it can be
//!   viewed but never continued.

mod backup;
mod error;
mod format;
mod replay;

pub use backup::{export_backup, import};
pub use error::{ExportError, ImportError};
pub use format::{
    ReplayEvent, ReplaySeat, ReplayStep, SeatReplay, EXPORT_FORMAT_VERSION, KIND_FULL_BACKUP,
    KIND_SEAT_REPLAY,
};
pub use replay::{export_replay, read_replay};
