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
    /// sled was sound, but the journal of one or more saves was damaged in the part sled
    /// had applied (found by checking every journal in full): each was written again
    /// from sled, and the damaged file kept. Writes cut short may be listed too.
    JournalsDamaged,
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
    /// The save's journal was damaged while sled's copy was sound, and was written again
    /// from sled (nothing lost).
    pub journal_repair: Option<JournalRepair>,
}

/// A damaged journal written again from sled's copy of the save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalRepair {
    /// Where the damage starts in the journal, and what it was.
    pub offset: u64,
    pub reason: String,
    /// Where the journal as found was kept (damage is never deleted).
    pub kept_at: Option<PathBuf>,
}

impl fmt::Display for JournalRepair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "its journal was damaged from byte {} ({}) and was written again from the database, so nothing was lost",
            self.offset, self.reason
        )?;
        if let Some(kept) = &self.kept_at {
            write!(f, "; the damaged journal is kept at {}", kept.display())?;
        }
        Ok(())
    }
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
        !matches!(
            self.cause,
            RecoveryCause::InterruptedWrites | RecoveryCause::JournalsDamaged
        )
    }

    /// How many damaged journals were written again from the database.
    pub fn journals_repaired(&self) -> usize {
        self.saves
            .iter()
            .filter(|s| s.journal_repair.is_some())
            .count()
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
            RecoveryCause::JournalsDamaged => {
                write!(
                    f,
                    "the journal kept beside the save database was damaged (the database itself was sound)"
                )
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
        let damage = self.loss.as_ref().filter(|l| !l.interrupted);
        match (&self.loss, damage) {
            (Some(loss), _) if loss.from_record.is_none() => {
                write!(
                    f,
                    ": lost, its journal's first record (the save's header) could not be read"
                )?;
            }
            (_, Some(loss)) => {
                // Damage stops the journal: what comes before is restored, the rest lost.
                let first_lost = loss.from_record.unwrap_or(self.records);
                if self.records == 0 {
                    write!(f, ": only partly recovered: its header was restored from its journal but no log record")?;
                } else {
                    write!(
                        f,
                        ": only partly recovered: log records 0 to {} ({} records) restored from its journal",
                        self.records - 1,
                        self.records
                    )?;
                }
                write!(
                    f,
                    "; the journal is damaged after them, so any records from log record {first_lost} on are lost"
                )?;
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
            if let (Some(record), true) = (loss.from_record, loss.interrupted) {
                write!(
                    f,
                    "; a write cut short by a crash (log record {record}, never acknowledged) was dropped"
                )?;
            }
            write!(
                f,
                " ({} at byte {} of its journal, {} bytes unread",
                loss.reason, loss.offset, loss.unread_bytes
            )?;
            if let Some(kept) = &loss.kept_at {
                write!(f, "; the journal as found is kept at {}", kept.display())?;
            }
            write!(f, ")")?;
        }
        if let Some(repair) = &self.journal_repair {
            write!(f, "; {repair}")?;
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
