//! The two file kinds as serde types, and reading a file's kind and format version
//! before anything else of it (so that a file of the wrong kind or a newer format is
//! named as such, not reported as "malformed"). `docs/export.md` is the description.
//!
//! The files have their own types rather than the store's: the store's format may
//! change without changing what an exported file looks like, and the other way round.

use super::error::ImportError;
use crate::engine::chance::ChancePoint;
use crate::engine::hash::StableHasher;
use crate::engine::StoredPosition;
use crate::store::{Entry, Header};
use serde::{Deserialize, Serialize};
use std::hash::Hasher;

/// The newest export format this code writes and reads (both kinds share it).
pub const EXPORT_FORMAT_VERSION: u32 = 2;
/// The `skald` field of a full backup.
pub const KIND_FULL_BACKUP: &str = "full-backup";
/// The `skald` field of a seat replay.
pub const KIND_SEAT_REPLAY: &str = "seat-replay";

pub(super) const BACKUP_WARNING: &str = "FULL BACKUP: this file holds the game's seed and \
every secret of every seat (all hands, deck orders, and so every future die roll and \
card draw). Keep it to restore the game; do not share it with other players. To share a \
game, export a seat replay instead.";

pub(super) const REPLAY_NOTE: &str = "Seat replay: the game as the seats named here saw it, \
step by step. It holds no seed and no other seat's secrets, and cannot be continued.";

/// A full backup: everything needed to restore a save exactly.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct BackupFile {
    /// Always [`KIND_FULL_BACKUP`].
    pub skald: String,
    pub warning: String,
    pub format_version: u32,
    pub header: BackupHeader,
    /// Every record of the log, undos included, in order.
    pub log: Vec<LogLine>,
    /// The state hash after the whole log, as 16 hexadecimal digits.
    pub final_state_hash: String,
    /// A digest of the seed, where the chance stream stands after the whole log, and
    /// the state hash ([`integrity_digest`]), as 16 hexadecimal digits: what the state
    /// hash alone does not cover (an edited seed changes no position until a die is
    /// rolled). Written since export format 2; required in files of format 2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub integrity: Option<String>,
}

/// The save's header as the file keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct BackupHeader {
    pub game: String,
    pub rules_version: u32,
    pub scenario: String,
    /// The game's options, as JSON text exactly as the save keeps them.
    pub options: String,
    /// Where the game started when not at the scenario's set-up (a whole position, as
    /// data; in notation in files of format 1).
    pub start: Option<StoredPosition>,
    /// Decimal text: JSON readers that hold numbers as doubles would round a 64-bit seed.
    pub seed: String,
    pub seats: String,
    pub name: String,
    pub created: u64,
    pub updated: u64,
    pub progress: String,
}

/// One log record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(super) enum LogLine {
    Act { seat: u8, action: String },
    Undo { seat: u8 },
}

impl From<&Entry> for LogLine {
    fn from(entry: &Entry) -> LogLine {
        match entry {
            Entry::Act { seat, action } => LogLine::Act {
                seat: *seat,
                action: action.clone(),
            },
            Entry::Undo { seat } => LogLine::Undo { seat: *seat },
        }
    }
}

impl From<&LogLine> for Entry {
    fn from(line: &LogLine) -> Entry {
        match line {
            LogLine::Act { seat, action } => Entry::Act {
                seat: *seat,
                action: action.clone(),
            },
            LogLine::Undo { seat } => Entry::Undo { seat: *seat },
        }
    }
}

impl BackupHeader {
    pub fn of(header: &Header) -> BackupHeader {
        BackupHeader {
            game: header.game.clone(),
            rules_version: header.rules_version,
            scenario: header.scenario.clone(),
            options: header.options.clone(),
            start: header.start.clone(),
            seed: header.seed.to_string(),
            seats: header.seats.clone(),
            name: header.name.clone(),
            created: header.created,
            updated: header.updated,
            progress: header.progress.clone(),
        }
    }

    /// The store's header (its format version and length are the store's business).
    /// Only the seed is read here; the other fields are checked against the game by
    /// the importer.
    pub fn to_header(&self) -> Result<Header, ImportError> {
        let seed = parse_seed(&self.seed)?;
        let mut header = Header::new(
            &self.game,
            self.rules_version,
            &self.scenario,
            &self.options,
            seed,
            self.created,
        );
        header.start = self.start.clone();
        header.updated = self.updated;
        header.seats = self.seats.clone();
        header.name = self.name.clone();
        header.progress = self.progress.clone();
        Ok(header)
    }
}

fn parse_seed(text: &str) -> Result<u64, ImportError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ImportError::bad_field(
            "seed",
            format!("'{text}' is not a whole number"),
        ));
    }
    text.parse().map_err(|_| {
        ImportError::bad_field("seed", format!("'{text}' is too large (at most 64 bits)"))
    })
}

/// A state hash as the files write it: 16 lowercase hexadecimal digits.
pub(super) fn hash_text(hash: u64) -> String {
    format!("{hash:016x}")
}

/// The backup's integrity digest: FNV-1a (the engine's stable hash) over a fixed tag,
/// then the seed, the chance point (words consumed, outcomes drawn) and the state
/// hash, each little-endian. Not a secret: it tells an edited or damaged file, not a
/// forged one.
pub(super) fn integrity_digest(seed: u64, chance: ChancePoint, state_hash: u64) -> u64 {
    let mut hasher = StableHasher::default();
    hasher.write(b"skald full-backup integrity 1");
    hasher.write(&seed.to_le_bytes());
    hasher.write(&chance.word_pos.to_le_bytes());
    hasher.write(&chance.used.to_le_bytes());
    hasher.write(&state_hash.to_le_bytes());
    hasher.finish()
}

/// A seat replay: what a seat saw, to view step by step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatReplay {
    /// Always [`KIND_SEAT_REPLAY`].
    pub skald: String,
    pub note: String,
    pub format_version: u32,
    pub game: String,
    pub rules_version: u32,
    pub scenario: String,
    /// The save's name, as its owner gave it.
    pub name: String,
    /// The seats the game is seen through.
    pub viewers: Vec<ReplaySeat>,
    /// The name of every seat of the game, in seat order.
    pub seat_names: Vec<String>,
    /// The starting position as the viewers saw it (the game's view notation).
    pub start: String,
    /// Every action still standing at the end (undone ones are left out), in order.
    pub steps: Vec<ReplayStep>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplaySeat {
    pub number: u8,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayStep {
    /// The seat that acted.
    pub seat: u8,
    /// The action in the game's notation, or `None` (JSON null) when it was a secret of
    /// a seat that is not a viewer.
    pub action: Option<String>,
    /// What happened that the viewers may see.
    pub events: Vec<ReplayEvent>,
    /// The position after the step as the viewers see it.
    pub position: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayEvent {
    /// The rule that made it happen ("7.4").
    pub rule: String,
    pub text: String,
}

/// Reads a file far enough to know its kind, and checks its format version: the
/// parsed JSON comes back for reading as that kind.
pub(super) fn read_kind(text: &str) -> Result<(String, serde_json::Value), ImportError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| ImportError::NotJson(e.to_string()))?;
    let kind = match value.get("skald") {
        Some(serde_json::Value::String(kind)) => kind.clone(),
        _ => return Err(ImportError::NotSkald),
    };
    if kind != KIND_FULL_BACKUP && kind != KIND_SEAT_REPLAY {
        return Err(ImportError::UnknownKind(kind));
    }
    Ok((kind, value))
}

/// Refuses a file of a newer export format, and one whose version is not a number.
pub(super) fn check_format_version(value: &serde_json::Value) -> Result<(), ImportError> {
    let version = value.get("format_version").ok_or_else(|| {
        ImportError::Malformed("the file has no format_version field".to_string())
    })?;
    match version.as_u64() {
        Some(v) if v > u64::from(EXPORT_FORMAT_VERSION) => Err(ImportError::TooNew {
            found: v,
            known: EXPORT_FORMAT_VERSION,
        }),
        Some(0) => Err(ImportError::Malformed(
            "format_version 0 does not exist".to_string(),
        )),
        Some(_) => Ok(()),
        None => Err(ImportError::Malformed(format!(
            "format_version {version} is not a whole number"
        ))),
    }
}

/// Reads the parsed JSON as a file kind; a field of the wrong type or a missing one is
/// named.
pub(super) fn read_as<T: serde::de::DeserializeOwned>(
    value: serde_json::Value,
) -> Result<T, ImportError> {
    serde_json::from_value(value).map_err(|e| ImportError::Malformed(e.to_string()))
}
