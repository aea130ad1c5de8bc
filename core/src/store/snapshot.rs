//! Snapshots: a long game's whole position every so often, so that loading replays only
//! the records after the newest one instead of the whole log.
//!
//! A snapshot is derived data: the log stays the truth. A damaged snapshot is skipped
//! with a notice, never an error, and the load falls back to an older snapshot or to the
//! start of the log.
//!
//! Layout: tree `snapshots`, key = save id (u64 big-endian) ++ the log length the
//! snapshot stands at (u32 big-endian), so one save's snapshots list oldest first; value
//! = CRC-32 + JSON, as every other record of the store.

use super::{decode, encode, Entry, SaveId, Store, StoreError};
use crate::engine::chance::ChancePoint;
use crate::engine::hash::StableHasher;
use crate::engine::{GameBox, StoredPosition};
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};

const SNAPSHOTS_TREE: &str = "snapshots";

/// A game as it stood after the first `length` records of its log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// How many log records had been played (undos included).
    pub length: u32,
    /// The rules version the position was reached under.
    pub rules_version: u32,
    /// The whole position, secrets included: data (`GameBox::position_data`); the
    /// game's notation in snapshots written before positions were data.
    pub position: StoredPosition,
    /// Where the chance stream stood (of the stream seeded with the save's seed).
    pub chance: ChancePoint,
    /// The game's state hash, to check that the position reads back as the same game.
    pub state_hash: u64,
    /// [`log_digest`] of the records before it: a snapshot is used only with the very
    /// log it was taken from (never a stale one of a deleted save whose id came back).
    pub log_digest: u64,
}

impl Snapshot {
    /// The snapshot of `game` standing after the records `log`, played under
    /// `rules_version`. `None` for a log too long to count in a save, or a position
    /// that cannot be written as data.
    pub fn of(game: &mut dyn GameBox, log: &[Entry], rules_version: u32) -> Option<Snapshot> {
        Some(Snapshot {
            length: u32::try_from(log.len()).ok()?,
            rules_version,
            position: StoredPosition::Data(game.position_data().ok()?),
            chance: game.chance_point(),
            state_hash: game.state_hash(),
            log_digest: log_digest(log),
        })
    }
}

/// A fixed digest of log records (same on every run and build).
pub fn log_digest(log: &[Entry]) -> u64 {
    let mut h = StableHasher::default();
    for entry in log {
        match entry {
            Entry::Act { seat, action } => {
                0u8.hash(&mut h);
                seat.hash(&mut h);
                action.hash(&mut h);
            }
            Entry::Undo { seat } => {
                1u8.hash(&mut h);
                seat.hash(&mut h);
            }
        }
    }
    h.finish()
}

/// What a walk over a save's snapshots found: the first one accepted (newest first), and
/// a notice for each one that was damaged or refused on the way.
pub struct Found<T> {
    pub accepted: Option<T>,
    pub notices: Vec<String>,
}

impl Store {
    fn snapshots_tree(&self) -> Result<sled::Tree, StoreError> {
        Ok(self.db.open_tree(SNAPSHOTS_TREE)?)
    }

    /// Writes a snapshot of a save (replacing one at the same length), flushed.
    pub fn put_snapshot(&self, id: SaveId, snapshot: &Snapshot) -> Result<(), StoreError> {
        if !self.headers.contains_key(id.0.to_be_bytes())? {
            return Err(StoreError::NotFound(id));
        }
        let tree = self.snapshots_tree()?;
        tree.insert(snapshot_key(id, snapshot.length), encode(snapshot)?)?;
        self.db.flush()?;
        Ok(())
    }

    /// The newest intact snapshot of a save, with a notice for each damaged one skipped.
    pub fn latest_snapshot(&self, id: SaveId) -> Result<Found<Snapshot>, StoreError> {
        self.find_snapshot(id, |snapshot| Ok(Some(snapshot.clone())))
    }

    /// Walks a save's snapshots newest first and returns the first that `accept` takes.
    /// `accept` answers `Ok(Some(t))` to take it, `Ok(None)` to pass over it without a
    /// word (not wanted here), or `Err(reason)` to refuse it with a notice. A snapshot
    /// that cannot be read is passed over with a notice.
    pub fn find_snapshot<T>(
        &self,
        id: SaveId,
        mut accept: impl FnMut(&Snapshot) -> Result<Option<T>, String>,
    ) -> Result<Found<T>, StoreError> {
        let tree = self.snapshots_tree()?;
        let mut notices = Vec::new();
        // Keys forward, then newest first: sled's reverse iteration carries a 1 MiB
        // constant into the apps' library (its upper bound key), for a few keys a save.
        let keys = tree
            .scan_prefix(id.0.to_be_bytes())
            .keys()
            .collect::<Result<Vec<_>, _>>()?;
        for key in keys.into_iter().rev() {
            let Some(value) = tree.get(&key)? else {
                continue;
            };
            let Some(length) = length_of_key(&key) else {
                notices.push(format!(
                    "a snapshot of {id} has a key of {} bytes, not 12; it was skipped",
                    key.len()
                ));
                continue;
            };
            let snapshot: Snapshot = match decode(&value) {
                Ok(snapshot) => snapshot,
                Err(reason) => {
                    notices.push(skipped(id, length, &reason));
                    continue;
                }
            };
            if snapshot.length != length {
                let reason = format!("it says it stands at record {}", snapshot.length);
                notices.push(skipped(id, length, &reason));
                continue;
            }
            match accept(&snapshot) {
                Ok(Some(taken)) => {
                    return Ok(Found {
                        accepted: Some(taken),
                        notices,
                    })
                }
                Ok(None) => {}
                Err(reason) => notices.push(skipped(id, length, &reason)),
            }
        }
        Ok(Found {
            accepted: None,
            notices,
        })
    }

    /// The log length of a save's newest snapshot, read from its key alone (intact or
    /// not: it only says when the next one is due).
    pub fn last_snapshot_length(&self, id: SaveId) -> Result<Option<u32>, StoreError> {
        let tree = self.snapshots_tree()?;
        // The last key forward (see `find_snapshot` on reverse iteration).
        let mut last = None;
        for key in tree.scan_prefix(id.0.to_be_bytes()).keys() {
            last = Some(key?);
        }
        Ok(last.and_then(|key| length_of_key(&key)))
    }

    /// Removes every snapshot of a save, flushed; returns how many there were.
    /// `delete` calls it (snapshots are useless without their log).
    pub fn delete_snapshots(&self, id: SaveId) -> Result<usize, StoreError> {
        let tree = self.snapshots_tree()?;
        self.remove_save_keys(&tree, id)
    }

    /// The keys of a save's snapshots standing after `length` records.
    pub(super) fn snapshot_keys_after(
        &self,
        id: SaveId,
        length: u32,
    ) -> Result<Vec<sled::IVec>, StoreError> {
        let tree = self.snapshots_tree()?;
        let mut keys = Vec::new();
        for key in tree.range(snapshot_key(id, length)..) {
            let key = key?.0;
            if !key.starts_with(&id.0.to_be_bytes()) {
                break;
            }
            let after = match length_of_key(&key) {
                Some(l) => l > length,
                // A malformed key is no snapshot anyone can use.
                None => true,
            };
            if after {
                keys.push(key);
            }
        }
        Ok(keys)
    }

    pub(super) fn snapshots(&self) -> Result<sled::Tree, StoreError> {
        self.snapshots_tree()
    }
}

fn skipped(id: SaveId, length: u32, reason: &str) -> String {
    format!("the snapshot of {id} at record {length} was skipped ({reason}); the log is replayed from an earlier point instead")
}

pub(super) fn snapshot_key(id: SaveId, length: u32) -> [u8; 12] {
    let mut key = [0u8; 12];
    key[..8].copy_from_slice(&id.0.to_be_bytes());
    key[8..].copy_from_slice(&length.to_be_bytes());
    key
}

fn length_of_key(key: &[u8]) -> Option<u32> {
    if key.len() != 12 {
        return None;
    }
    let bytes: [u8; 4] = key[8..].try_into().ok()?;
    Some(u32::from_be_bytes(bytes))
}
