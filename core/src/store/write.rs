//! Writing saves: every change goes to the save's journal first, then to sled in one
//! transaction that also records how far the journal has been applied, then sled is
//! flushed (and synced, with `Durability::Sync`) before the call returns.

use super::journal::{self, Appended, JournalRecord};
use super::options::Durability;
use super::recovery::JournalRepair;
use super::{
    check_version, damaged, decode, encode, log_key, Entry, Header, LogRecord, SaveId, Store,
    StoreError, FORMAT_VERSION,
};
use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::Transactional;
use std::sync::MutexGuard;

/// The key, in tree `meta`, of the next save id to give.
const NEXT_ID_KEY: &[u8] = b"next_save_id";

/// How far sled has applied a save's journal: the journal's length and the log's length
/// after the last record applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct JournalEnd {
    pub bytes: u64,
    pub records: u32,
}

impl JournalEnd {
    pub fn to_bytes(self) -> [u8; 12] {
        let mut out = [0u8; 12];
        out[..8].copy_from_slice(&self.bytes.to_be_bytes());
        out[8..].copy_from_slice(&self.records.to_be_bytes());
        out
    }

    /// `None` for a value that is not 12 bytes (treated as no value: the journal is then
    /// rewritten from sled).
    pub fn from_bytes(bytes: &[u8]) -> Option<JournalEnd> {
        let bytes: [u8; 12] = bytes.try_into().ok()?;
        let (a, b) = bytes.split_at(8);
        Some(JournalEnd {
            bytes: u64::from_be_bytes(a.try_into().ok()?),
            records: u32::from_be_bytes(b.try_into().ok()?),
        })
    }
}

impl Store {
    /// Starts a new save; its format version is set to this code's and its log is empty.
    pub fn create(&self, header: &Header) -> Result<SaveId, StoreError> {
        self.insert_new(header, &[])
    }

    /// Creates a save holding `header` and every record of `log` as one operation: the
    /// journal is written whole, then sled in one transaction, flushed. Its format
    /// version is set to this code's and its length to the log's; every record gets the
    /// header's progress and time.
    pub(super) fn insert_new(&self, header: &Header, log: &[Entry]) -> Result<SaveId, StoreError> {
        let length = u32::try_from(log.len()).map_err(|_| {
            StoreError::Encode(format!(
                "a log of {} records is longer than a save can hold",
                log.len()
            ))
        })?;
        let _guard = self.write_guard();
        let id = self.fresh_id()?;
        let mut header = header.clone();
        header.format_version = FORMAT_VERSION;
        header.length = length;
        let bytes = self
            .journal
            .write_new(id, &journal::records_of(id, &header, log))?;
        let end = JournalEnd {
            bytes,
            records: length,
        };
        commit_new(
            &self.headers,
            &self.log,
            &self.journal_ends,
            id,
            &header,
            log,
            end,
        )?;
        self.settle()?;
        Ok(id)
    }

    /// Appends one record to a save's log: first to its journal, then the record and the
    /// header's new length, progress and time in one sled transaction, flushed (and
    /// synced, by default) before returning. Returns the record's index.
    pub fn append(
        &self,
        id: SaveId,
        entry: &Entry,
        progress: &str,
        now: u64,
    ) -> Result<u32, StoreError> {
        let _guard = self.write_guard();
        let header = self.stored_header(id)?;
        let index = header.length;
        if index.checked_add(1).is_none() {
            return Err(damaged(id, "the log is full".to_string()));
        }
        let record = JournalRecord::Entry {
            index,
            entry: entry.clone(),
            progress: progress.to_string(),
            updated: now,
        };
        let end = self.journal_record(id, &header, &record)?;
        self.commit_entry(id, index, entry, progress, now, end)?;
        self.settle()?;
        Ok(index)
    }

    /// Renames a save (journal first, then sled, flushed). The name is trimmed; a blank
    /// one is refused (`StoreError::BlankName`), and the save keeps its name.
    pub fn rename(&self, id: SaveId, name: &str) -> Result<(), StoreError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(StoreError::BlankName(id));
        }
        self.update_header(id, |h| h.name = name.to_string())
    }

    /// Records the seats whose standing order "always pass" is on (journal first, then
    /// sled, flushed), so that a resumed game keeps them.
    pub fn set_always_pass(&self, id: SaveId, seats: &[u8]) -> Result<(), StoreError> {
        self.update_header(id, |h| h.always_pass = seats.to_vec())
    }

    /// Changes a save's header outside `append` (journal first, then sled, flushed),
    /// under the write lock so no append in between is overwritten; its length stays
    /// the store's.
    fn update_header(
        &self,
        id: SaveId,
        change: impl FnOnce(&mut Header),
    ) -> Result<(), StoreError> {
        let _guard = self.write_guard();
        let stored = self.stored_header(id)?;
        let mut header = stored.clone();
        change(&mut header);
        header.length = stored.length;
        let record = JournalRecord::Header {
            header: header.clone(),
        };
        let end = self.journal_record(id, &stored, &record)?;
        self.commit_header(id, &header, end)?;
        self.settle()
    }

    /// A replaced header (length as sled holds it) and the journal end, in one transaction.
    pub(super) fn commit_header(
        &self,
        id: SaveId,
        header: &Header,
        end: JournalEnd,
    ) -> Result<(), StoreError> {
        let mut header = header.clone();
        header.length = end.records;
        let bytes = encode(&header)?;
        let result: Result<(), TransactionError<()>> = (&self.headers, &self.journal_ends)
            .transaction(|(headers, ends)| {
                headers.insert(&id.0.to_be_bytes()[..], &bytes[..])?;
                ends.insert(&id.0.to_be_bytes()[..], &end.to_bytes()[..])?;
                Ok(())
            });
        never_aborts(result)
    }

    /// Removes a save: its journal first, then its header, log and journal end in one
    /// transaction, flushed. Works on damaged saves too. A crash between the two leaves
    /// the save in sled, and the next open writes its journal again: a delete is either
    /// done or not. Its snapshots and set-aside records go last (a leftover snapshot is
    /// never used: it names the log it was taken from).
    pub fn delete(&self, id: SaveId) -> Result<(), StoreError> {
        let _guard = self.write_guard();
        let key = id.0.to_be_bytes();
        if !self.headers.contains_key(key)? {
            return Err(StoreError::NotFound(id));
        }
        let mut log_keys = Vec::new();
        for item in self.log.scan_prefix(key) {
            log_keys.push(item?.0);
        }
        self.journal.remove(id)?;
        let result: Result<(), TransactionError<()>> =
            (&self.headers, &self.log, &self.journal_ends).transaction(|(headers, log, ends)| {
                headers.remove(&key[..])?;
                ends.remove(&key[..])?;
                for k in &log_keys {
                    log.remove(k.clone())?;
                }
                Ok(())
            });
        never_aborts(result)?;
        self.settle()?;
        self.delete_snapshots(id)?;
        self.delete_set_aside(id)?;
        Ok(())
    }

    /// Removes every key of one save from a side tree (snapshots, set-aside records) in
    /// one batch, flushed; returns how many there were.
    pub(super) fn remove_save_keys(
        &self,
        tree: &sled::Tree,
        id: SaveId,
    ) -> Result<usize, StoreError> {
        let mut batch = sled::Batch::default();
        let mut count = 0;
        for key in tree.scan_prefix(id.0.to_be_bytes()).keys() {
            batch.remove(key?);
            count += 1;
        }
        tree.apply_batch(batch)?;
        self.db.flush()?;
        Ok(count)
    }

    /// Writes the save's journal again from what sled holds (for a save whose journal is
    /// missing, short, or was bypassed by a writer that changed sled alone), and records
    /// its new end. Returns that end.
    pub(super) fn rewrite_journal(&self, id: SaveId) -> Result<JournalEnd, StoreError> {
        let (mut header, log) = self.load(id)?;
        // The journal is always written in the current format (records are re-encoded
        // from what was read, converted if the save was older).
        header.format_version = header.format_version.max(FORMAT_VERSION);
        // sled's end of the old journal is forgotten (flushed) before the new file takes
        // its place: a crash after the rename must not leave an end that falls inside a
        // record of the new file, which the next open would take for damage. Without an
        // end, the next open writes the journal again from sled.
        if self.journal_ends.remove(id.0.to_be_bytes())?.is_some() {
            self.db.flush()?;
        }
        let bytes = self
            .journal
            .write_new(id, &journal::records_of(id, &header, &log))?;
        let end = JournalEnd {
            bytes,
            records: header.length,
        };
        self.journal_ends
            .insert(id.0.to_be_bytes(), &end.to_bytes()[..])?;
        self.settle()?;
        Ok(end)
    }

    /// Writes `record` to the end of the save's journal; returns the new end. The part
    /// of the journal sled has applied is checked first (every frame and checksum): when
    /// it is damaged, it is kept aside and the journal written again from sled (with a
    /// notice, [`Store::take_notices`]), as it is when it is missing or behind.
    fn journal_record(
        &self,
        id: SaveId,
        stored: &Header,
        record: &JournalRecord,
    ) -> Result<JournalEnd, StoreError> {
        let records = match record {
            JournalRecord::Entry { index, .. } => index.saturating_add(1),
            _ => stored.length,
        };
        let known = self
            .journal_end(id)?
            .filter(|end| end.records == stored.length);
        let mut repaired = None;
        if let Some(end) = known {
            match self.journal.append_checked(id, end.bytes, record, true)? {
                Appended::At(bytes) => return Ok(JournalEnd { bytes, records }),
                Appended::Missing => {}
                Appended::Damaged(stop) => {
                    let kept = self.journal.copy_aside(id, "damaged")?;
                    repaired = Some(JournalRepair {
                        offset: stop.offset,
                        reason: stop.reason,
                        kept_at: Some(kept),
                    });
                }
            }
        }
        let end = self.rewrite_journal(id)?;
        if let Some(repair) = repaired {
            self.notice(format!("{id} '{}': {repair}", stored.name));
        }
        match self.journal.append(id, end.bytes, record)? {
            Some(bytes) => Ok(JournalEnd { bytes, records }),
            None => Err(damaged(
                id,
                "its journal could not be written after being rewritten".to_string(),
            )),
        }
    }

    /// The record and the header's new length, progress and time, in one transaction.
    pub(super) fn commit_entry(
        &self,
        id: SaveId,
        index: u32,
        entry: &Entry,
        progress: &str,
        now: u64,
        end: JournalEnd,
    ) -> Result<(), StoreError> {
        let record = encode(&LogRecord {
            index,
            entry: entry.clone(),
        })?;
        let result =
            (&self.headers, &self.log, &self.journal_ends).transaction(|(headers, log, ends)| {
                let abort = ConflictableTransactionError::Abort;
                let raw = headers
                    .get(id.0.to_be_bytes())?
                    .ok_or(abort(StoreError::NotFound(id)))?;
                let mut header: Header = decode(&raw)
                    .map_err(|reason| abort(damaged(id, format!("header: {reason}"))))?;
                check_version(id, &header).map_err(abort)?;
                if header.length != index {
                    return Err(abort(damaged(
                        id,
                        format!(
                            "its log grew to {} records while record {index} was being saved",
                            header.length
                        ),
                    )));
                }
                header.length = index.saturating_add(1);
                header.progress = progress.to_string();
                header.updated = now;
                log.insert(&log_key(id, index)[..], &record[..])?;
                headers.insert(&id.0.to_be_bytes()[..], encode(&header).map_err(abort)?)?;
                ends.insert(&id.0.to_be_bytes()[..], &end.to_bytes()[..])?;
                Ok(())
            });
        match result {
            Ok(()) => Ok(()),
            Err(TransactionError::Abort(e)) => Err(e),
            Err(TransactionError::Storage(e)) => Err(e.into()),
        }
    }

    /// The save's header as sled holds it, checked and of a format this code writes.
    pub(super) fn stored_header(&self, id: SaveId) -> Result<Header, StoreError> {
        let raw = self
            .headers
            .get(id.0.to_be_bytes())?
            .ok_or(StoreError::NotFound(id))?;
        let header: Header =
            decode(&raw).map_err(|reason| damaged(id, format!("header: {reason}")))?;
        check_version(id, &header)?;
        Ok(header)
    }

    pub(super) fn journal_end(&self, id: SaveId) -> Result<Option<JournalEnd>, StoreError> {
        Ok(self
            .journal_ends
            .get(id.0.to_be_bytes())?
            .and_then(|raw| JournalEnd::from_bytes(&raw)))
    }

    /// The next save id: 1 in a new store, then 2, 3 ...: one more than the highest id
    /// that any save, journal (live or kept aside) or earlier `create` used, so an id is
    /// never given twice while anything of its save is kept. The counter is kept in
    /// sled; after a rebuild (which starts a new database) the journals' names give it
    /// back. Called under the write lock.
    fn fresh_id(&self) -> Result<SaveId, StoreError> {
        let mut cached = self
            .next_id
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut next = match *cached {
            Some(next) => next,
            None => self.first_free_id()?,
        };
        // Only a stray file or key named near u64::MAX gets here: look for a free id.
        if next == u64::MAX {
            next = 1;
        }
        while self.headers.contains_key(next.to_be_bytes())?
            || self.journal.path(SaveId(next)).exists()
        {
            next = next
                .checked_add(1)
                .ok_or_else(|| StoreError::Encode("no save id is left".to_string()))?;
        }
        let after = next.saturating_add(1);
        self.meta.insert(NEXT_ID_KEY, encode(&after)?)?;
        *cached = Some(after);
        Ok(SaveId(next))
    }

    /// The counter kept in sled, raised past every save and every journal file's id
    /// (read once per opened store: the folder's listing costs more than a create).
    fn first_free_id(&self) -> Result<u64, StoreError> {
        let stored = match self.meta.get(NEXT_ID_KEY)? {
            Some(raw) => decode::<u64>(&raw).unwrap_or(0),
            None => 0,
        };
        let mut highest = self.journal.highest_id()?.map_or(0, |id| id.0);
        // Every header forward, not the last one backward: sled's reverse iteration
        // carries a 1 MiB constant into the apps' library.
        for key in self.headers.iter().keys() {
            if let Some(id) = super::id_of_key(&key?) {
                highest = highest.max(id.0);
            }
        }
        Ok(stored.max(highest.saturating_add(1)).max(1))
    }

    /// Keeps a text for [`Store::take_notices`].
    pub(super) fn notice(&self, text: String) {
        self.notices
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(text);
    }

    /// What the store repaired by itself since it opened (or since last asked), apart
    /// from what [`Store::recovery`] reports: a damaged journal found by a write and
    /// written again from the database. The app should show these to the person.
    pub fn take_notices(&self) -> Vec<String> {
        std::mem::take(
            &mut *self
                .notices
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        )
    }

    /// Flushes sled, and with `Durability::Sync` also syncs its data file.
    pub(super) fn settle(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        if self.options.durability == Durability::Sync {
            if let Some(file) = &self.sled_file {
                file.sync_data()?;
            }
        }
        Ok(())
    }

    pub(super) fn write_guard(&self) -> MutexGuard<'_, ()> {
        // The lock guards no data, so a panic elsewhere while holding it leaves nothing
        // inconsistent: carry on.
        self.write_lock
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A new save's header, log and journal end in one transaction (not flushed).
pub(super) fn commit_new(
    headers: &sled::Tree,
    log_tree: &sled::Tree,
    ends: &sled::Tree,
    id: SaveId,
    header: &Header,
    log: &[Entry],
    end: JournalEnd,
) -> Result<(), StoreError> {
    let header_bytes = encode(header)?;
    let mut records = Vec::with_capacity(log.len());
    for (index, entry) in (0u32..).zip(log) {
        let record = LogRecord {
            index,
            entry: entry.clone(),
        };
        records.push((log_key(id, index), encode(&record)?));
    }
    let result: Result<(), TransactionError<()>> =
        (headers, log_tree, ends).transaction(|(headers, log, ends)| {
            for (key, bytes) in &records {
                log.insert(&key[..], &bytes[..])?;
            }
            headers.insert(&id.0.to_be_bytes()[..], &header_bytes[..])?;
            ends.insert(&id.0.to_be_bytes()[..], &end.to_bytes()[..])?;
            Ok(())
        });
    never_aborts(result)
}

fn never_aborts(result: Result<(), TransactionError<()>>) -> Result<(), StoreError> {
    match result {
        // These transactions never abort.
        Ok(()) | Err(TransactionError::Abort(())) => Ok(()),
        Err(TransactionError::Storage(e)) => Err(e.into()),
    }
}
