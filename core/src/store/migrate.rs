//! Older saves: reading earlier formats, and the two write-backs that let an old save go
//! on being played.
//!
//! Reading never writes. Both write-backs change sled in one transaction under the
//! store's write lock and then write the save's journal again from sled, so a rebuild
//! from the journals gives the written-back save (a crash in between is found by the
//! next open, which rewrites the journal from sled).
//!
//! Reading itself never writes. A save of an older format is converted in memory each time it
//! is read (so it lists and loads as it is); the session's `load_save` then writes the
//! converted save back once it has replayed, and says so in a notice. Nothing here
//! changes a save without the caller asking for it by name.
//!
//! Format 2 (before positions were data): as format 3, with `start` in the game's
//! notation; it reads as it is (`StoredPosition::Notation`).
//!
//! Format 1 (before undo and continued games): header {format_version, game,
//! rules_version, scenario, seed, created, updated, seats, name, length}, log records
//! {index, seat, action}. Converted: options are the scenario's defaults, no start
//! position, empty progress, every record an `Entry::Act`.

use super::snapshot::{snapshot_key, Snapshot};
use super::{
    damaged, decode, encode, log_key, Entry, Header, LogRecord, SaveId, Store, StoreError,
    FORMAT_VERSION,
};
use crate::games::registry;
use serde::Deserialize;

/// Where records taken out of a log by a rules change are kept (same keys as the log).
const SET_ASIDE_TREE: &str = "set_aside";

#[derive(Deserialize)]
struct HeaderV1 {
    format_version: u32,
    game: String,
    rules_version: u32,
    scenario: String,
    seed: u64,
    created: u64,
    updated: u64,
    seats: String,
    name: String,
    length: u32,
}

#[derive(Deserialize)]
struct RecordV1 {
    index: u32,
    seat: u8,
    action: String,
}

/// Reads a stored header of any format this code knows, converted to the current shape;
/// its `format_version` stays the stored one. A newer format is refused.
pub(super) fn decode_header(id: SaveId, raw: &[u8]) -> Result<Header, StoreError> {
    let value: serde_json::Value =
        decode(raw).map_err(|reason| damaged(id, format!("header: {reason}")))?;
    let Some(format) = value.get("format_version").and_then(|v| v.as_u64()) else {
        return Err(damaged(id, "header: no format version".to_string()));
    };
    let format = u32::try_from(format).unwrap_or(u32::MAX);
    if format > FORMAT_VERSION {
        return Err(StoreError::TooNew {
            id,
            found: format,
            known: FORMAT_VERSION,
        });
    }
    let unreadable = |e: serde_json::Error| damaged(id, format!("header: unreadable record: {e}"));
    match format {
        1 => {
            let old: HeaderV1 = serde_json::from_value(value).map_err(unreadable)?;
            header_from_v1(old).map_err(|reason| damaged(id, format!("header: {reason}")))
        }
        // Format 2 differs only in `start`, notation text then, which still reads.
        2 | FORMAT_VERSION => serde_json::from_value(value).map_err(unreadable),
        other => Err(damaged(
            id,
            format!("header: save format {other} was never written by Skald"),
        )),
    }
}

/// Reads one stored log record of a save whose header has format `format`.
pub(super) fn decode_record(format: u32, raw: &[u8]) -> Result<LogRecord, String> {
    if format == 1 {
        let old: RecordV1 = decode(raw)?;
        return Ok(LogRecord {
            index: old.index,
            entry: Entry::Act {
                seat: old.seat,
                action: old.action,
            },
        });
    }
    decode(raw)
}

fn header_from_v1(old: HeaderV1) -> Result<Header, String> {
    let entry = registry::find(&old.game)?;
    let options = entry
        .new_game(&old.scenario, 0)
        .map_err(|e| format!("the scenario of a format-1 save could not be set up: {e}"))?
        .options_json();
    Ok(Header {
        format_version: old.format_version,
        game: old.game,
        rules_version: old.rules_version,
        scenario: old.scenario,
        options,
        start: None,
        seed: old.seed,
        created: old.created,
        updated: old.updated,
        seats: old.seats,
        name: old.name,
        progress: String::new(),
        always_pass: Vec::new(),
        length: old.length,
    })
}

impl Store {
    /// A save's header alone (converted in memory if it is of an older format).
    pub fn header(&self, id: SaveId) -> Result<Header, StoreError> {
        let raw = self
            .headers
            .get(id.0.to_be_bytes())?
            .ok_or(StoreError::NotFound(id))?;
        decode_header(id, &raw)
    }

    /// Writes a save of an older format back in the current one (header and every log
    /// record, in one transaction, flushed). Returns the format it had, or `None` when
    /// it was already current and nothing was written.
    pub fn upgrade_format(&self, id: SaveId) -> Result<Option<u32>, StoreError> {
        use sled::transaction::TransactionError;
        use sled::Transactional;
        let _guard = self.write_guard();
        let (mut header, log) = self.load(id)?;
        let old = header.format_version;
        if old == FORMAT_VERSION {
            return Ok(None);
        }
        header.format_version = FORMAT_VERSION;
        let header_bytes = encode(&header)?;
        let mut records = Vec::with_capacity(log.len());
        for (index, entry) in (0u32..).zip(log) {
            let bytes = encode(&LogRecord { index, entry })?;
            records.push((log_key(id, index), bytes));
        }
        let result: Result<(), TransactionError<()>> =
            (&self.headers, &self.log).transaction(|(headers, log)| {
                for (key, bytes) in &records {
                    log.insert(&key[..], bytes.clone())?;
                }
                headers.insert(&id.0.to_be_bytes()[..], header_bytes.clone())?;
                Ok(())
            });
        match result {
            Ok(()) | Err(TransactionError::Abort(())) => {}
            Err(TransactionError::Storage(e)) => return Err(e.into()),
        }
        // sled was written alone: bring the save's journal up to it (this flushes).
        self.rewrite_journal(id)?;
        Ok(Some(old))
    }

    /// After a rules change, continues a save from `snapshot`: the log records from
    /// `snapshot.length` on are moved to the `set_aside` tree (kept, not deleted), the
    /// header's length and progress follow, later snapshots are removed and `snapshot`
    /// is stored as the one the save now continues from. One transaction, flushed.
    /// Returns how many records were set aside.
    pub fn continue_from_snapshot(
        &self,
        id: SaveId,
        snapshot: &Snapshot,
        progress: &str,
    ) -> Result<u32, StoreError> {
        use sled::transaction::{ConflictableTransactionError, TransactionError};
        use sled::Transactional;
        let _guard = self.write_guard();
        let mut header = self.header(id)?;
        if header.format_version != FORMAT_VERSION {
            return Err(damaged(
                id,
                "its format must be brought up to date before it is cut".to_string(),
            ));
        }
        let from = snapshot.length;
        if from > header.length {
            return Err(damaged(
                id,
                format!(
                    "a snapshot at record {from} is past the end of its log ({} records)",
                    header.length
                ),
            ));
        }
        let moved = header.length - from;
        header.length = from;
        header.progress = progress.to_string();
        let header_bytes = encode(&header)?;
        let snapshot_bytes = encode(snapshot)?;
        let later = self.snapshot_keys_after(id, from)?;
        let snapshots = self.snapshots()?;
        let set_aside = self.db.open_tree(SET_ASIDE_TREE)?;
        let result = (&self.headers, &self.log, &snapshots, &set_aside).transaction(
            |(headers, log, snapshots, set_aside)| {
                for index in from..from + moved {
                    let key = log_key(id, index);
                    let Some(bytes) = log.remove(&key[..])? else {
                        return Err(ConflictableTransactionError::Abort(index));
                    };
                    set_aside.insert(&key[..], bytes)?;
                }
                for key in &later {
                    snapshots.remove(key.clone())?;
                }
                snapshots.insert(&snapshot_key(id, from)[..], snapshot_bytes.clone())?;
                headers.insert(&id.0.to_be_bytes()[..], header_bytes.clone())?;
                Ok(())
            },
        );
        match result {
            Ok(()) => {}
            Err(TransactionError::Abort(index)) => {
                return Err(damaged(id, format!("log record {index} is missing")))
            }
            Err(TransactionError::Storage(e)) => return Err(e.into()),
        }
        // sled was written alone: bring the save's journal up to it (this flushes).
        self.rewrite_journal(id)?;
        Ok(moved)
    }

    /// Removes the records a rules change set aside from a save's log, flushed; returns
    /// how many there were. `delete` calls it.
    pub fn delete_set_aside(&self, id: SaveId) -> Result<usize, StoreError> {
        let tree = self.db.open_tree(SET_ASIDE_TREE)?;
        self.remove_save_keys(&tree, id)
    }
}
