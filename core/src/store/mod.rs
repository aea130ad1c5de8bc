//! The save store: one folder per app install, holding a sled database with each save's
//! header and its append-only action log, and beside it a journal per save from which
//! the database is rebuilt when sled's own files are damaged (`docs/saves.md`).
//!
//! Rules followed (docs/saves.md, "What sled 0.34 does under SIGKILL"): leftover
//! `snap.*.generating` files are removed before every open and an open error is never
//! answered with an empty database; a log
//! record and its header's new length are written in one sled transaction and flushed
//! (and, by default, synced) before the call returns, after the same record reached the
//! journal; every record is stored as a CRC-32 checksum followed by JSON and checked on
//! read, and a damaged record is reported by name without hiding the other saves; a
//! save of a newer format than this code knows is refused, never rewritten.
//!
//! Folder layout: `sled/` the database, `journal/<id>.log` the journals, `lock` held
//! while a store is open. Trees: `headers`, key = save id (u64 big-endian); `log`, key =
//! save id (u64 big-endian) ++ record index (u32 big-endian), so one save's records list
//! in order; `journal_ends`, key = save id, value = the journal's length (u64) ++ the log
//! length (u32) as of the last record sled applied.

use crate::engine::StoredPosition;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

mod import;
mod journal;
mod migrate;
mod open;
mod options;
mod recovery;
#[cfg(test)]
mod recovery_tests;
mod snapshot;
#[cfg(test)]
mod tests;
mod write;

pub use options::{Durability, StoreOptions};
pub use recovery::{JournalLoss, JournalRepair, RecoveryCause, RecoveryReport, SaveRecovery};
pub use snapshot::{log_digest, Found, Snapshot};

/// The newest save format this code reads and writes.
pub const FORMAT_VERSION: u32 = 3;

const HEADERS_TREE: &str = "headers";
const LOG_TREE: &str = "log";
const META_TREE: &str = "meta";

/// A save's id, unique within one database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SaveId(pub u64);

impl fmt::Display for SaveId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "save {}", self.0)
    }
}

/// What a save is: everything needed to start its game again, plus what a list shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Set by the store on `create`.
    pub format_version: u32,
    pub game: String,
    pub rules_version: u32,
    pub scenario: String,
    /// The game's options as JSON (`GameBox::options_json`).
    pub options: String,
    /// Where the game started, when it is not the scenario's set-up (a game continued
    /// from an earlier point of another one): a position as data; in notation in saves
    /// of format 2 and before.
    pub start: Option<StoredPosition>,
    pub seed: u64,
    /// Times as given by the caller (the core has no clock).
    pub created: u64,
    pub updated: u64,
    /// Who sits where, as text.
    pub seats: String,
    pub name: String,
    /// Where the game stands ("Turn 3, Viking Movement"), as of the last record.
    pub progress: String,
    /// Seats whose person set the standing order "always pass" (kept across a resume;
    /// absent in saves written before it existed, which read as none).
    #[serde(default)]
    pub always_pass: Vec<u8>,
    /// How many log records the save holds; kept by the store.
    pub length: u32,
}

impl Header {
    /// A header for a new save of a scenario's set-up (format version and length are
    /// filled in by the store; name and seats may be set afterwards).
    pub fn new(
        game: &str,
        rules_version: u32,
        scenario: &str,
        options: &str,
        seed: u64,
        created: u64,
    ) -> Header {
        Header {
            format_version: FORMAT_VERSION,
            game: game.to_string(),
            rules_version,
            scenario: scenario.to_string(),
            options: options.to_string(),
            start: None,
            seed,
            created,
            updated: created,
            seats: String::new(),
            name: String::new(),
            progress: String::new(),
            always_pass: Vec::new(),
            length: 0,
        }
    }
}

/// One record of a save's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    /// A seat took an action, in the game's notation.
    Act { seat: u8, action: String },
    /// A seat took back its last action still standing (never past a die roll, a card
    /// draw or another reveal: the session checks that before recording it).
    Undo { seat: u8 },
}

impl Entry {
    pub fn act(seat: u8, action: &str) -> Entry {
        Entry::Act {
            seat,
            action: action.to_string(),
        }
    }
}

/// What is stored under one log key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct LogRecord {
    index: u32,
    entry: Entry,
}

/// One entry of [`Store::list`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Listed {
    // Boxed: a header is large next to a damage report.
    Ok { id: SaveId, header: Box<Header> },
    Damaged { id: SaveId, reason: String },
}

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("the save database could not be used: {}", sled_error_in_words(.0))]
    Sled(#[from] sled::Error),
    /// The database files were found damaged where no rebuild can help (the new
    /// database a rebuild writes could not be opened); the reason in words.
    #[error("the save database could not be used: {0}")]
    Unusable(String),
    #[error("the save folder could not be prepared: {0}")]
    Io(#[from] std::io::Error),
    #[error("there is no {0}")]
    NotFound(SaveId),
    #[error("{id} is damaged: {reason}")]
    Damaged { id: SaveId, reason: String },
    #[error("{id} was written by a newer version of Skald (save format {found}, this version knows up to {known}); it is left unchanged")]
    TooNew { id: SaveId, found: u32, known: u32 },
    #[error("a record could not be encoded: {0}")]
    Encode(String),
    #[error("the save folder {0} is in use by another Skald process")]
    InUse(String),
    #[error("there are no saves in {0} (no such folder, or no save store in it)")]
    NoStore(String),
    #[error("{0} cannot be renamed to a blank name: give it a name that is not only spaces")]
    BlankName(SaveId),
}

/// What a sled error means, in words for people (sled's own text for damage is Rust
/// debug output).
pub(crate) fn sled_error_in_words(e: &sled::Error) -> String {
    match e {
        sled::Error::CollectionNotFound(name) => format!(
            "part of the database is missing (its tree '{}')",
            String::from_utf8_lossy(name)
        ),
        sled::Error::Unsupported(what) => format!("the database refused its files: {what}"),
        sled::Error::ReportableBug(what) => {
            format!("the database failed with an internal error: {what}")
        }
        sled::Error::Io(e) => format!("reading or writing the database's files failed: {e}"),
        sled::Error::Corruption { at, .. } => match at {
            Some(sled::DiskPtr::Inline(offset) | sled::DiskPtr::Blob(offset, _)) => format!(
                "the database's files hold damaged data (found at byte {offset} of its log)"
            ),
            None => "the database's files hold damaged data".to_string(),
        },
    }
}

/// The save store.
pub struct Store {
    db: sled::Db,
    headers: sled::Tree,
    log: sled::Tree,
    /// Per save, how far sled has applied its journal (see the module comment).
    journal_ends: sled::Tree,
    journal: journal::Journal,
    /// sled's data file, for `fdatasync` after a flush (`Durability::Sync`).
    sled_file: Option<std::fs::File>,
    options: StoreOptions,
    recovery: Option<RecoveryReport>,
    /// Small facts about the store as a whole (the next save id).
    meta: sled::Tree,
    /// The next save id to try, once the first `create` has worked it out.
    next_id: std::sync::Mutex<Option<u64>>,
    /// Repairs made after open, for [`Store::take_notices`].
    notices: std::sync::Mutex<Vec<String>>,
    /// Held by `create`, `append` and `delete`: a journal write and its sled transaction
    /// go together.
    write_lock: std::sync::Mutex<()>,
    /// The folder's lock file, held while the store is open; dropped last.
    _folder_lock: std::fs::File,
}

impl Store {
    /// Every save, in id order. A damaged save is listed as such, by id; the others
    /// still list. A save's header and every log record are checked.
    pub fn list(&self) -> Result<Vec<Listed>, StoreError> {
        let mut out = Vec::new();
        for item in self.headers.iter() {
            let (key, _) = item?;
            let Some(id) = id_of_key(&key) else {
                out.push(Listed::Damaged {
                    id: SaveId(u64::MAX),
                    reason: format!("a header key of {} bytes, not 8", key.len()),
                });
                continue;
            };
            match self.read(id) {
                Ok((header, _)) => out.push(Listed::Ok {
                    id,
                    header: Box::new(header),
                }),
                Err(StoreError::Damaged { id, reason }) => out.push(Listed::Damaged { id, reason }),
                Err(StoreError::TooNew { id, found, known }) => out.push(Listed::Damaged {
                    id,
                    reason: format!(
                        "save format {found} is newer than this version knows ({known})"
                    ),
                }),
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }

    /// A save's header and its log, in order. Refuses a save of a newer format, and a
    /// damaged one (naming the damaged record).
    pub fn load(&self, id: SaveId) -> Result<(Header, Vec<Entry>), StoreError> {
        self.read(id)
    }

    fn read(&self, id: SaveId) -> Result<(Header, Vec<Entry>), StoreError> {
        let raw = self
            .headers
            .get(id.0.to_be_bytes())?
            .ok_or(StoreError::NotFound(id))?;
        // Older formats are converted in memory (store/migrate.rs); newer ones refused.
        let header = migrate::decode_header(id, &raw)?;
        let mut actions = Vec::with_capacity(header.length.min(1 << 16) as usize);
        for (expected, item) in (0u32..).zip(self.log.scan_prefix(id.0.to_be_bytes())) {
            let (key, value) = item?;
            let index = index_of_key(&key)
                .ok_or_else(|| damaged(id, format!("a log key of {} bytes, not 12", key.len())))?;
            if index != expected {
                return Err(damaged(
                    id,
                    format!("log record {expected} is missing (found {index})"),
                ));
            }
            let record = migrate::decode_record(header.format_version, &value)
                .map_err(|reason| damaged(id, format!("log record {index}: {reason}")))?;
            if record.index != index {
                return Err(damaged(
                    id,
                    format!("log record {index} says it is record {}", record.index),
                ));
            }
            actions.push(record.entry);
        }
        if actions.len() != header.length as usize {
            return Err(damaged(
                id,
                format!(
                    "the header counts {} log records but {} are stored",
                    header.length,
                    actions.len()
                ),
            ));
        }
        Ok((header, actions))
    }
}

fn damaged(id: SaveId, reason: String) -> StoreError {
    StoreError::Damaged { id, reason }
}

fn check_version(id: SaveId, header: &Header) -> Result<(), StoreError> {
    if header.format_version > FORMAT_VERSION {
        return Err(StoreError::TooNew {
            id,
            found: header.format_version,
            known: FORMAT_VERSION,
        });
    }
    Ok(())
}

fn log_key(id: SaveId, index: u32) -> [u8; 12] {
    let mut key = [0u8; 12];
    key[..8].copy_from_slice(&id.0.to_be_bytes());
    key[8..].copy_from_slice(&index.to_be_bytes());
    key
}

fn id_of_key(key: &[u8]) -> Option<SaveId> {
    let bytes: [u8; 8] = key.try_into().ok()?;
    Some(SaveId(u64::from_be_bytes(bytes)))
}

fn index_of_key(key: &[u8]) -> Option<u32> {
    if key.len() != 12 {
        return None;
    }
    let bytes: [u8; 4] = key[8..].try_into().ok()?;
    Some(u32::from_be_bytes(bytes))
}

/// Bytes = CRC-32 (big-endian) of the JSON, then the JSON.
fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    let json = serde_json::to_vec(value).map_err(|e| StoreError::Encode(e.to_string()))?;
    let mut out = Vec::with_capacity(json.len() + 4);
    out.extend_from_slice(&crc32fast::hash(&json).to_be_bytes());
    out.extend_from_slice(&json);
    Ok(out)
}

/// Checks the checksum, then reads the JSON; the error says what was wrong.
fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    if bytes.len() < 4 {
        return Err(format!("{} bytes, too short for a record", bytes.len()));
    }
    let (sum, json) = bytes.split_at(4);
    let stored = u32::from_be_bytes([sum[0], sum[1], sum[2], sum[3]]);
    let actual = crc32fast::hash(json);
    if stored != actual {
        return Err(format!(
            "checksum mismatch (stored {stored:08x}, computed {actual:08x})"
        ));
    }
    serde_json::from_slice(json).map_err(|e| format!("unreadable record: {e}"))
}
