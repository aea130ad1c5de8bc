//! What the store did at open to repair itself from the journals, for the caller to show.

use super::SaveId;
use std::fmt;
use std::path::PathBuf;

/// Why the store repaired itself when it opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecoveryCause {
    /// sled refused to open its database (the error it gave).
    DatabaseUnopenable(String),
    /// There was no database folder, but there were journals.
    DatabaseMissing,
    /// sled opened, but held less than the journals: records or saves that had been
    /// acknowledged were missing (sled drops everything after a damaged spot of its log
    /// and opens anyway). Says what was missing first.
    DatabaseBehind(String),
    /// Only writes cut short by a crash were found: a journal record written just before
    /// the process died, whose sled transaction had not committed. Such a write was never
    /// acknowledged; it is completed from the journal (the journal is written ahead of
    /// sled, so its complete records are the truth), and a torn record is dropped.
    InterruptedWrites,
}

/// What happened to one save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveRecovery {
    pub id: SaveId,
    /// The save's name, when its header could be read.
    pub name: Option<String>,
    /// Log records the save holds now.
    pub records: u32,
    /// Of those, how many were taken from the journal (missing from the database).
    pub restored: u32,
    /// The save was not in the database and was restored whole from its journal.
    pub restored_save: bool,
    /// What could not be read, when something could not.
    pub loss: Option<JournalLoss>,
}

/// Bytes of a journal that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalLoss {
    /// The first log record that could not be recovered (`None` when the save's header
    /// itself was unreadable, so the whole save is lost).
    pub from_record: Option<u32>,
    /// Where in the journal file the unreadable bytes start, and how many there are.
    pub offset: u64,
    pub unread_bytes: u64,
    /// Why they could not be read.
    pub reason: String,
    /// True when the bytes were a write cut short by a crash (never acknowledged),
    /// false when they were damage.
    pub interrupted: bool,
    /// Where the journal as found was kept (damage is never deleted).
    pub kept_at: Option<PathBuf>,
}

/// What [`super::Store::open`] repaired. `None` from [`super::Store::recovery`] means the
/// store opened with nothing to repair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecoveryReport {
    pub cause: RecoveryCause,
    /// Where the damaged database folder was moved (it is kept, never deleted), when the
    /// database was rebuilt.
    pub moved_to: Option<PathBuf>,
    /// Where this report was written as text, when the database was rebuilt.
    pub written_to: Option<PathBuf>,
    /// Every save whose journal was used, in id order.
    pub saves: Vec<SaveRecovery>,
}

impl RecoveryReport {
    /// Whether anything that had been acknowledged may be lost (damage was found), as
    /// opposed to everything being recovered.
    pub fn lost_anything(&self) -> bool {
        self.saves
            .iter()
            .any(|s| s.loss.as_ref().is_some_and(|l| !l.interrupted))
    }

    /// Whether the database was rebuilt from the journals (rather than completed in place).
    pub fn rebuilt(&self) -> bool {
        !matches!(self.cause, RecoveryCause::InterruptedWrites)
    }
}

impl fmt::Display for RecoveryCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecoveryCause::DatabaseUnopenable(e) => {
                write!(f, "the save database could not be opened ({e})")
            }
            RecoveryCause::DatabaseMissing => write!(f, "the save database was missing"),
            RecoveryCause::DatabaseBehind(what) => {
                write!(f, "the save database had lost saved records ({what})")
            }
            RecoveryCause::InterruptedWrites => {
                write!(f, "a save was interrupted by a crash")
            }
        }
    }
}

impl fmt::Display for SaveRecovery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.id)?;
        if let Some(name) = &self.name {
            write!(f, " '{name}'")?;
        }
        match &self.loss {
            Some(loss) if loss.from_record.is_none() => {
                write!(f, ": lost, its header could not be read")?;
            }
            _ => {
                write!(f, ": {} log records", self.records)?;
                if self.restored_save {
                    write!(f, ", restored whole from its journal")?;
                } else if self.restored > 0 {
                    write!(f, ", {} of them restored from its journal", self.restored)?;
                }
            }
        }
        if let Some(loss) = &self.loss {
            if let Some(record) = loss.from_record {
                if loss.interrupted {
                    write!(
                        f,
                        "; a write cut short by a crash (log record {record}, never acknowledged) was dropped"
                    )?;
                } else {
                    write!(f, "; lost from log record {record} on")?;
                }
            }
            write!(
                f,
                " ({} at byte {} of its journal, {} bytes unread",
                loss.reason, loss.offset, loss.unread_bytes
            )?;
            if let Some(kept) = &loss.kept_at {
                write!(f, "; kept at {}", kept.display())?;
            }
            write!(f, ")")?;
        }
        Ok(())
    }
}

impl fmt::Display for RecoveryReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Saves recovered: {}.", self.cause)?;
        if let Some(moved) = &self.moved_to {
            writeln!(f, "The damaged database was kept at {}.", moved.display())?;
        }
        for save in &self.saves {
            writeln!(f, "- {save}")?;
        }
        if self.lost_anything() {
            writeln!(f, "Some saved records could not be recovered (see above).")?;
        } else {
            writeln!(f, "Nothing that had been saved was lost.")?;
        }
        Ok(())
    }
}
