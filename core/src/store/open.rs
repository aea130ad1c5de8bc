//! Opening the store folder: lock it, clean up what crashes leave behind, open sled, and
//! check sled against the journals. When sled cannot open, or has lost records the
//! journals hold, its folder is moved aside (never deleted) and a new database is built
//! from the journals, with a report of what was recovered and what was lost. A store
//! never starts empty while journals exist.

use super::journal::{self, sync_dir, Journal, JournalRecord, SaveImage, Scan, Stop};
use super::options::{Durability, StoreOptions};
use super::recovery::{JournalLoss, JournalRepair, RecoveryCause, RecoveryReport, SaveRecovery};
use super::write::{commit_new, JournalEnd};
use super::{
    damaged, SaveId, Store, StoreError, FORMAT_VERSION, HEADERS_TREE, LOG_TREE, META_TREE,
};
use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

const JOURNAL_ENDS_TREE: &str = "journal_ends";
const SLED_DIR: &str = "sled";
const REBUILD_DIR: &str = "sled.rebuild";
const JOURNAL_DIR: &str = "journal";
const LOCK_FILE: &str = "lock";
/// The name sled 0.34 gives its data file inside its folder.
const SLED_DATA_FILE: &str = "db";

/// Where everything lives in a store folder.
struct Layout {
    root: PathBuf,
    sled: PathBuf,
    rebuild: PathBuf,
    journal: PathBuf,
}

impl Layout {
    fn of(root: &Path) -> Layout {
        Layout {
            root: root.to_path_buf(),
            sled: root.join(SLED_DIR),
            rebuild: root.join(REBUILD_DIR),
            journal: root.join(JOURNAL_DIR),
        }
    }

    /// The first n with neither `sled.damaged-n` nor `recovery-n.txt` taken.
    fn next_damaged(&self) -> (PathBuf, PathBuf) {
        let mut n = 1u32;
        loop {
            let moved = self.root.join(format!("{SLED_DIR}.damaged-{n}"));
            let report = self.root.join(format!("recovery-{n}.txt"));
            if !moved.exists() && !report.exists() {
                return (moved, report);
            }
            n += 1;
        }
    }
}

impl Store {
    /// Opens (or, for a new folder, creates) the store in `dir`, with the default options
    /// (`Durability::Sync`). See [`Store::open_with`].
    pub fn open(dir: &Path) -> Result<Store, StoreError> {
        Store::open_with(dir, StoreOptions::default())
    }

    /// Opens the store in `dir` only if there is one (for commands that only read, or
    /// change saves that must exist): a missing folder, or one holding no store (no
    /// database, no journal folder), is `StoreError::NoStore` and nothing is created.
    pub fn open_existing(dir: &Path) -> Result<Store, StoreError> {
        let layout = Layout::of(dir);
        let flat = dir.join("conf").is_file();
        if !(layout.sled.is_dir() || layout.journal.is_dir() || flat) {
            return Err(StoreError::NoStore(dir.display().to_string()));
        }
        Store::open(dir)
    }

    /// Opens (or, for a new folder, creates) the store in `dir`. Leftover
    /// `snap.*.generating` files are removed first (sled #1527). If sled cannot open its
    /// database, or it lacks records its journals hold, the database folder is moved
    /// aside and rebuilt from the journals; writes cut short by a crash are completed
    /// from the journal. Either way [`Store::recovery`] then says what was done. Errors
    /// that are not damage (the folder in use, no permission) are returned and nothing
    /// is changed.
    pub fn open_with(dir: &Path, options: StoreOptions) -> Result<Store, StoreError> {
        fs::create_dir_all(dir)?;
        let folder_lock = lock_folder(dir)?;
        let layout = Layout::of(dir);
        move_flat_layout(&layout)?;
        fs::create_dir_all(&layout.journal)?;
        let journal = Journal::new(
            layout.journal.clone(),
            options.durability == Durability::Sync,
        );
        journal.remove_temporary_files()?;
        if layout.rebuild.exists() {
            // A rebuild that was cut short: its output is incomplete and was never used.
            fs::remove_dir_all(&layout.rebuild)?;
        }
        let parts = Parts {
            journal,
            options,
            folder_lock,
        };
        if !layout.sled.exists() {
            if parts.journal.saves()?.is_empty() {
                let db = open_sled(&layout.sled).map_err(SledOpenError::into_error)?;
                return assemble(db, &layout, parts, None);
            }
            return rebuild(&layout, parts, RecoveryCause::DatabaseMissing);
        }
        remove_generating_snapshots(&layout.sled)?;
        let db = match open_sled(&layout.sled) {
            Ok(db) => db,
            Err(SledOpenError::Damaged(reason)) => {
                return rebuild(&layout, parts, RecoveryCause::DatabaseUnopenable(reason))
            }
            Err(SledOpenError::Failed(e)) => return Err(e),
        };
        let fresh = !db.was_recovered();
        let mut store = assemble(db, &layout, parts, None)?;
        match store.survey()? {
            Survey::Behind(what) => {
                let cause = RecoveryCause::DatabaseBehind(if fresh {
                    format!("it opened as a new, empty database; {what}")
                } else {
                    what
                });
                let parts = store.into_parts();
                rebuild(&layout, parts, cause)
            }
            Survey::Fixes(fixes) => {
                let saves = store.apply_fixes(fixes)?;
                if !saves.is_empty() {
                    let cause = if saves.iter().any(|s| s.journal_repair.is_some()) {
                        RecoveryCause::JournalsDamaged
                    } else {
                        RecoveryCause::InterruptedWrites
                    };
                    store.recovery = Some(RecoveryReport {
                        cause,
                        moved_to: None,
                        written_to: None,
                        saves,
                    });
                }
                Ok(store)
            }
        }
    }

    /// What was repaired when the store opened, if anything: the caller should show it
    /// (`Display` gives a text for people). `None` means nothing needed repair.
    pub fn recovery(&self) -> Option<&RecoveryReport> {
        self.recovery.as_ref()
    }

    /// Checks that the save's journal rebuilds exactly what sled holds (header and every
    /// log record); the error says where they differ. Reads the whole journal.
    pub fn check_journal(&self, id: SaveId) -> Result<(), StoreError> {
        let (mut header, log) = self.load(id)?;
        header.format_version = header.format_version.max(FORMAT_VERSION);
        let scan = self
            .journal
            .read(id, 0)
            .map_err(|e| damaged(id, format!("its journal could not be read: {e}")))?;
        let built = journal::build(id, &scan);
        if let Some(stop) = &built.stop {
            return Err(damaged(
                id,
                format!(
                    "its journal cannot be read from byte {}: {}",
                    stop.offset, stop.reason
                ),
            ));
        }
        let Some(image) = built.image else {
            return Err(damaged(id, "its journal holds no header".to_string()));
        };
        if image.header != header {
            return Err(damaged(
                id,
                format!(
                    "its journal's header differs from the database's in {}",
                    header_differences(&image.header, &header)
                ),
            ));
        }
        let longest = image.log.len().max(log.len());
        if let Some(at) = (0..longest).find(|&i| image.log.get(i) != log.get(i)) {
            return Err(damaged(
                id,
                format!(
                    "its journal differs from log record {at} on ({} records in the journal, {} in the database)",
                    image.log.len(),
                    log.len()
                ),
            ));
        }
        Ok(())
    }

    /// Compares sled with the journals: one lookup per save, and every journal read in
    /// full: the part sled has applied is checked record by record (frames and
    /// checksums), the records past it are read.
    fn survey(&self) -> Result<Survey, StoreError> {
        let mut journals: BTreeMap<SaveId, u64> = self.journal.saves()?.into_iter().collect();
        let mut fixes = Vec::new();
        for item in self.headers.iter().keys() {
            let key = item?;
            let Some(id) = super::id_of_key(&key) else {
                continue;
            };
            let file_len = journals.remove(&id);
            let end = self.journal_end(id)?;
            // Read as `load` reads it (older formats converted), so a save of an older
            // format is not written out again at every open.
            let length = self.header(id).ok().map(|h| h.length);
            let (Some(end), Some(file_len), Some(length)) = (end, file_len, length) else {
                fixes.push(Fix::Rewrite(id));
                continue;
            };
            if end.records != length || file_len < end.bytes {
                fixes.push(Fix::Rewrite(id));
                continue;
            }
            let checked = self.journal.read_checked(id, end.bytes)?;
            let scan = checked.tail;
            if checked.damage.is_none() && scan.records.is_empty() && scan.stop.is_none() {
                continue;
            }
            match scan.records.as_slice() {
                [] => {}
                [one] if follows(&one.record, length) => {}
                more => {
                    return Ok(Survey::Behind(format!(
                        "{id}: its journal holds {} more records than the database",
                        more.len()
                    )))
                }
            }
            match checked.damage {
                Some(damage) => fixes.push(Fix::Repair {
                    id,
                    length,
                    damage,
                    tail: scan,
                }),
                None => fixes.push(Fix::Tail { id, length, scan }),
            }
        }
        // Journals of saves sled does not have.
        for id in journals.into_keys() {
            let scan = self.journal.read(id, 0)?;
            let built = journal::build(id, &scan);
            let batch = match scan.records.first().map(|f| &f.record) {
                Some(JournalRecord::Created { batch, .. }) => *batch as usize,
                _ => 0,
            };
            match built.image {
                None => fixes.push(Fix::Unreadable {
                    id,
                    stop: built.stop,
                }),
                Some(image) if image.log.len() == batch => fixes.push(Fix::Create {
                    id,
                    image: Box::new(image),
                    good_end: built.good_end,
                    stop: built.stop,
                }),
                Some(image) => {
                    return Ok(Survey::Behind(format!(
                        "{id} '{}' is missing, and its journal holds {} log records",
                        image.header.name,
                        image.log.len()
                    )))
                }
            }
        }
        Ok(Survey::Fixes(fixes))
    }

    /// Carries out the survey's fixes; returns what to report.
    fn apply_fixes(&self, fixes: Vec<Fix>) -> Result<Vec<SaveRecovery>, StoreError> {
        let mut report = Vec::new();
        for fix in fixes {
            match fix {
                Fix::Rewrite(id) => match self.rewrite_journal(id) {
                    // A save sled cannot read keeps whatever journal it has (it may be
                    // the better copy), and `list` goes on reporting it as damaged.
                    Ok(_) | Err(StoreError::Damaged { .. } | StoreError::TooNew { .. }) => {}
                    Err(e) => return Err(e),
                },
                Fix::Tail { id, length, scan } => {
                    report.push(self.complete_tail(id, length, scan, None)?);
                }
                Fix::Repair {
                    id,
                    length,
                    damage,
                    tail,
                } => {
                    if let Some(line) = self.repair_journal(id, length, damage, tail)? {
                        report.push(line);
                    }
                }
                Fix::Create {
                    id,
                    image,
                    good_end,
                    stop,
                } => {
                    let records = image.header.length;
                    let end = JournalEnd {
                        bytes: good_end,
                        records,
                    };
                    let loss = match &stop {
                        Some(stop) => Some(self.cut_tail(id, stop, good_end, records)?),
                        None => None,
                    };
                    commit_new(
                        &self.headers,
                        &self.log,
                        &self.journal_ends,
                        id,
                        &image.header,
                        &image.log,
                        end,
                    )?;
                    self.settle()?;
                    report.push(SaveRecovery {
                        id,
                        name: Some(image.header.name),
                        records,
                        restored: records,
                        restored_save: true,
                        loss,
                        journal_repair: None,
                    });
                }
                Fix::Unreadable { id, stop } => {
                    let kept = self.journal.set_aside(id, "unreadable")?;
                    report.push(unreadable_save(id, stop, Some(kept)));
                }
            }
        }
        Ok(report)
    }

    /// A journal damaged in the part sled has applied, while sled's copy of the save
    /// reads: the journal as found is kept, a write cut short after sled's end is
    /// completed as usual, and the journal is written again from sled. Returns what to
    /// report; `None` when sled's copy cannot be read either (both copies are damaged:
    /// nothing is changed, and `list` reports the save as damaged).
    fn repair_journal(
        &self,
        id: SaveId,
        length: u32,
        damage: Stop,
        tail: Scan,
    ) -> Result<Option<SaveRecovery>, StoreError> {
        if self.load(id).is_err() {
            return Ok(None);
        }
        let kept = self.journal.copy_aside(id, "damaged")?;
        let mut line = if tail.records.is_empty() && tail.stop.is_none() {
            SaveRecovery {
                id,
                name: None,
                records: length,
                restored: 0,
                restored_save: false,
                loss: None,
                journal_repair: None,
            }
        } else {
            self.complete_tail(id, length, tail, Some(kept.clone()))?
        };
        let end = self.rewrite_journal(id)?;
        line.records = end.records;
        line.name = self.stored_header(id).ok().map(|h| h.name);
        line.journal_repair = Some(JournalRepair {
            offset: damage.offset,
            reason: damage.reason,
            kept_at: Some(kept),
        });
        Ok(Some(line))
    }

    /// Completes the one record past sled's end (a write interrupted after its journal
    /// record), and cuts off what cannot be read after it (keeping a copy first when
    /// that is damage, unless `kept` says where the journal was copied already).
    fn complete_tail(
        &self,
        id: SaveId,
        length: u32,
        scan: Scan,
        kept: Option<PathBuf>,
    ) -> Result<SaveRecovery, StoreError> {
        let mut restored = 0;
        let mut records = length;
        if let Some(framed) = scan.records.first() {
            match &framed.record {
                JournalRecord::Entry {
                    index,
                    entry,
                    progress,
                    updated,
                } => {
                    let end = JournalEnd {
                        bytes: framed.end,
                        records: index.saturating_add(1),
                    };
                    self.commit_entry(id, *index, entry, progress, *updated, end)?;
                    restored = 1;
                    records = end.records;
                }
                JournalRecord::Header { header } => {
                    let end = JournalEnd {
                        bytes: framed.end,
                        records: length,
                    };
                    self.commit_header(id, header, end)?;
                }
                // `survey` sends no creation record here.
                JournalRecord::Created { .. } => {}
            }
        }
        let loss = match (&scan.stop, kept) {
            (Some(stop), None) => Some(self.cut_tail(id, stop, scan.good_end, records)?),
            (Some(stop), Some(kept)) => {
                self.journal.truncate(id, scan.good_end)?;
                Some(loss_of(
                    stop,
                    Some(records),
                    (!stop.incomplete).then_some(kept),
                ))
            }
            (None, _) => None,
        };
        self.settle()?;
        let name = self.stored_header(id).ok().map(|h| h.name);
        Ok(SaveRecovery {
            id,
            name,
            records,
            restored,
            restored_save: false,
            loss,
            journal_repair: None,
        })
    }

    /// Cuts the journal back to `good_end`, first keeping a copy when the bytes after it
    /// are damage rather than a write cut short; returns the loss to report.
    fn cut_tail(
        &self,
        id: SaveId,
        stop: &Stop,
        good_end: u64,
        records: u32,
    ) -> Result<JournalLoss, StoreError> {
        let kept_at = if stop.incomplete {
            None
        } else {
            Some(self.journal.copy_aside(id, "damaged")?)
        };
        self.journal.truncate(id, good_end)?;
        Ok(loss_of(stop, Some(records), kept_at))
    }

    fn into_parts(self) -> Parts {
        Parts {
            journal: self.journal,
            options: self.options,
            folder_lock: self._folder_lock,
        }
    }
}

/// What a store is made of besides sled, carried through a rebuild.
struct Parts {
    journal: Journal,
    options: StoreOptions,
    folder_lock: File,
}

/// What the comparison of sled with the journals found.
enum Survey {
    /// sled lacks records that had been acknowledged: rebuild from the journals.
    Behind(String),
    /// Repairs in place (none when everything agrees).
    Fixes(Vec<Fix>),
}

enum Fix {
    /// The journal is missing, short or stale: write it again from sled.
    Rewrite(SaveId),
    /// The journal holds at most one operation past sled's end: complete it.
    Tail { id: SaveId, length: u32, scan: Scan },
    /// The part of the journal sled has applied is damaged: write it again from sled
    /// (after completing the operation past sled's end, if there is one).
    Repair {
        id: SaveId,
        length: u32,
        damage: Stop,
        tail: Scan,
    },
    /// A save's creation was cut short after its journal was written: complete it.
    Create {
        id: SaveId,
        // Boxed: a whole header and log, far bigger than the other fixes.
        image: Box<SaveImage>,
        good_end: u64,
        stop: Option<Stop>,
    },
    /// A journal, of a save sled lacks, whose header cannot be read.
    Unreadable { id: SaveId, stop: Option<Stop> },
}

/// Whether `record` is the next operation for a save whose log holds `length` records.
fn follows(record: &JournalRecord, length: u32) -> bool {
    match record {
        JournalRecord::Entry { index, .. } => *index == length,
        JournalRecord::Header { .. } => true,
        JournalRecord::Created { .. } => false,
    }
}

fn loss_of(stop: &Stop, from_record: Option<u32>, kept_at: Option<PathBuf>) -> JournalLoss {
    JournalLoss {
        from_record,
        offset: stop.offset,
        unread_bytes: stop.unread,
        reason: stop.reason.clone(),
        interrupted: stop.incomplete && from_record.is_some(),
        kept_at,
    }
}

fn unreadable_save(id: SaveId, stop: Option<Stop>, kept_at: Option<PathBuf>) -> SaveRecovery {
    let stop = stop.unwrap_or(Stop {
        offset: 0,
        unread: 0,
        incomplete: false,
        reason: "the journal holds no records".to_string(),
    });
    SaveRecovery {
        id,
        name: None,
        records: 0,
        restored: 0,
        restored_save: false,
        loss: Some(loss_of(&stop, None, kept_at)),
        journal_repair: None,
    }
}

/// What to do to a journal once the rebuilt database is in place (done after, so a crash
/// during the rebuild leaves every journal as it was for the next attempt).
enum Afterwards {
    /// The save's header cannot be read: move the journal aside.
    SetAside { save: usize, id: SaveId },
    /// Cut the journal after its last usable record, keeping a copy if it is damage.
    Cut {
        save: usize,
        id: SaveId,
        good_end: u64,
        damage: bool,
    },
}

/// Moves the database folder aside (if there is one), builds a new one from every
/// journal, puts it in place, and opens the store with the report.
fn rebuild(layout: &Layout, parts: Parts, cause: RecoveryCause) -> Result<Store, StoreError> {
    let (moved_path, report_path) = layout.next_damaged();
    let moved_to = if layout.sled.exists() {
        fs::rename(&layout.sled, &moved_path)?;
        sync_dir(&layout.root)?;
        Some(moved_path)
    } else {
        None
    };
    let mut saves = Vec::new();
    let mut afterwards = Vec::new();
    {
        let db = open_sled(&layout.rebuild).map_err(SledOpenError::into_error)?;
        let headers = db.open_tree(HEADERS_TREE)?;
        let log = db.open_tree(LOG_TREE)?;
        let ends = db.open_tree(JOURNAL_ENDS_TREE)?;
        for (id, _) in parts.journal.saves()? {
            let scan = parts.journal.read(id, 0)?;
            let built = journal::build(id, &scan);
            let Some(mut image) = built.image else {
                afterwards.push(Afterwards::SetAside {
                    save: saves.len(),
                    id,
                });
                saves.push(unreadable_save(id, built.stop, None));
                continue;
            };
            // Every record is written again in the current format.
            image.header.format_version = image.header.format_version.max(FORMAT_VERSION);
            let records = image.header.length;
            let end = JournalEnd {
                bytes: built.good_end,
                records,
            };
            commit_new(&headers, &log, &ends, id, &image.header, &image.log, end)?;
            let loss = built.stop.as_ref().map(|stop| {
                afterwards.push(Afterwards::Cut {
                    save: saves.len(),
                    id,
                    good_end: built.good_end,
                    damage: !stop.incomplete,
                });
                loss_of(stop, Some(records), None)
            });
            saves.push(SaveRecovery {
                id,
                name: Some(image.header.name),
                records,
                restored: records,
                restored_save: true,
                loss,
                journal_repair: None,
            });
        }
        db.flush()?;
        if parts.options.durability == Durability::Sync {
            File::open(layout.rebuild.join(SLED_DATA_FILE))?.sync_data()?;
        }
    }
    fs::rename(&layout.rebuild, &layout.sled)?;
    sync_dir(&layout.root)?;
    for step in afterwards {
        match step {
            Afterwards::SetAside { save, id } => {
                let kept = parts.journal.set_aside(id, "unreadable")?;
                set_kept(&mut saves[save], kept);
            }
            Afterwards::Cut {
                save,
                id,
                good_end,
                damage,
            } => {
                if damage {
                    let kept = parts.journal.copy_aside(id, "damaged")?;
                    set_kept(&mut saves[save], kept);
                }
                parts.journal.truncate(id, good_end)?;
            }
        }
    }
    let mut report = RecoveryReport {
        cause,
        moved_to,
        written_to: None,
        saves,
    };
    // The report is also left in the folder, for whoever looks later; failing to write
    // it does not stop the saves from opening (the caller has it too).
    if fs::write(&report_path, report.to_string()).is_ok() {
        report.written_to = Some(report_path);
    }
    let db = open_sled(&layout.sled).map_err(SledOpenError::into_error)?;
    assemble(db, layout, parts, Some(report))
}

fn set_kept(save: &mut SaveRecovery, kept: PathBuf) {
    if let Some(loss) = save.loss.as_mut() {
        loss.kept_at = Some(kept);
    }
}

/// A `Store` over an open database.
fn assemble(
    db: sled::Db,
    layout: &Layout,
    parts: Parts,
    recovery: Option<RecoveryReport>,
) -> Result<Store, StoreError> {
    let headers = db.open_tree(HEADERS_TREE)?;
    let log = db.open_tree(LOG_TREE)?;
    let journal_ends = db.open_tree(JOURNAL_ENDS_TREE)?;
    let meta = db.open_tree(META_TREE)?;
    let sled_file = File::open(layout.sled.join(SLED_DATA_FILE)).ok();
    Ok(Store {
        db,
        headers,
        log,
        journal_ends,
        meta,
        next_id: std::sync::Mutex::new(None),
        notices: std::sync::Mutex::new(Vec::new()),
        journal: parts.journal,
        sled_file,
        options: parts.options,
        recovery,
        write_lock: std::sync::Mutex::new(()),
        _folder_lock: parts.folder_lock,
    })
}

/// Why sled did not open.
enum SledOpenError {
    /// Damage inside sled's files (or sled failing on them): rebuild from the journals.
    Damaged(String),
    /// Anything else (the files in use, no permission, no space): returned as is.
    Failed(StoreError),
}

impl SledOpenError {
    fn into_error(self) -> StoreError {
        match self {
            SledOpenError::Damaged(reason) => StoreError::Unusable(reason),
            SledOpenError::Failed(e) => e,
        }
    }
}

fn open_sled(path: &Path) -> Result<sled::Db, SledOpenError> {
    let started = std::time::Instant::now();
    loop {
        match open_sled_once(path) {
            // sled lets go of its file lock only when the last of its internal references
            // goes (background threads, deferred reclamation), which can come a moment
            // after the `Db` was dropped: reopening in the same process (after a rebuild,
            // or an app closing and reopening its store) can find it still held. The folder
            // lock, held here, means no other Skald process has it, so wait a little.
            Err(SledOpenError::Failed(StoreError::Io(e)))
                if is_sled_lock(&e) && started.elapsed() < SLED_LOCK_WAIT =>
            {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            other => return other,
        }
    }
}

/// How long to wait for a lingering sled instance of this process to let go of its lock.
const SLED_LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// sled 0.34's error for a data file another open instance holds.
fn is_sled_lock(e: &io::Error) -> bool {
    e.to_string().contains("could not acquire lock")
}

fn open_sled_once(path: &Path) -> Result<sled::Db, SledOpenError> {
    // sled may panic on files it cannot make sense of; that is damage too, and must not
    // cross into the apps.
    let opened = std::panic::catch_unwind(|| sled::Config::new().path(path).open());
    match opened {
        Ok(Ok(db)) => Ok(db),
        Ok(Err(sled::Error::Io(e))) if !is_damage(&e) => {
            Err(SledOpenError::Failed(StoreError::Io(e)))
        }
        Ok(Err(e)) => Err(SledOpenError::Damaged(super::sled_error_in_words(&e))),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".to_string());
            Err(SledOpenError::Damaged(format!(
                "sled failed while opening: {what}"
            )))
        }
    }
}

/// Input/output errors that mean the files themselves are bad.
fn is_damage(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::UnexpectedEof | io::ErrorKind::InvalidData
    )
}

/// Locks the folder for this process (sled's own lock is taken too late: the clean-up
/// before opening must not touch a database another process has open).
fn lock_folder(dir: &Path) -> Result<File, StoreError> {
    use fs2::FileExt;
    let file = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(LOCK_FILE))?;
    if file.try_lock_exclusive().is_err() {
        return Err(StoreError::InUse(dir.display().to_string()));
    }
    Ok(file)
}

/// A folder written by the first slice of the store held sled's files directly: move
/// them into `sled/` (their saves get journals when the store opens).
fn move_flat_layout(layout: &Layout) -> Result<(), StoreError> {
    let conf = layout.root.join("conf");
    if layout.sled.exists() || !conf.is_file() {
        return Ok(());
    }
    fs::create_dir_all(&layout.sled)?;
    for item in fs::read_dir(&layout.root)? {
        let item = item?;
        let name = item.file_name();
        let name = name.to_string_lossy();
        let is_sled = matches!(name.as_ref(), "conf" | "db" | "blobs") || name.starts_with("snap.");
        if is_sled {
            fs::rename(item.path(), layout.sled.join(name.as_ref()))?;
        }
    }
    sync_dir(&layout.root)?;
    Ok(())
}

/// Deletes every `snap.*.generating` file directly in `dir` (sled #1527: one left by a
/// crash during open makes every later open fail).
fn remove_generating_snapshots(dir: &Path) -> Result<(), StoreError> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with("snap.") && name.ends_with(".generating") && entry.path().is_file() {
            fs::remove_file(entry.path())?;
        }
    }
    Ok(())
}

/// The header fields in which `a` and `b` differ, by name ("name, progress").
fn header_differences(a: &super::Header, b: &super::Header) -> String {
    let mut fields = Vec::new();
    let mut differs = |name: &'static str, different: bool| {
        if different {
            fields.push(name);
        }
    };
    differs("format_version", a.format_version != b.format_version);
    differs("game", a.game != b.game);
    differs("rules_version", a.rules_version != b.rules_version);
    differs("scenario", a.scenario != b.scenario);
    differs("options", a.options != b.options);
    differs("start", a.start != b.start);
    differs("seed", a.seed != b.seed);
    differs("created", a.created != b.created);
    differs("updated", a.updated != b.updated);
    differs("seats", a.seats != b.seats);
    differs("name", a.name != b.name);
    differs("progress", a.progress != b.progress);
    differs("always_pass", a.always_pass != b.always_pass);
    differs("length", a.length != b.length);
    fields.join(", ")
}
