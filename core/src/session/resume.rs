//! Opening a save, and saving progress: the one way every caller (session, terminal,
//! import, benchmarks) reads a save into a running game and writes it back.
//!
//! Loading starts from the newest snapshot that reads back as the same game and replays
//! the records after it; without one, it replays the whole log. A save of an older
//! format is converted and written back; a save played under older rules is replayed
//! under the current ones, and if its log no longer replays, it continues from its last
//! snapshot before the refused record. Every such step is reported in a notice.

use super::timeline::{Timeline, TimelineError};
use crate::engine::{GameBox, StoredPosition};
use crate::games::registry;
use crate::store::{
    log_digest, Entry, Header, SaveId, Snapshot, Store, StoreError, FORMAT_VERSION,
};
use thiserror::Error;

/// A snapshot is written once at least this many records have been added since the last.
pub const SNAPSHOT_EVERY: u32 = 100;

/// An opened save: its header, the game brought to the end of its log, and what the
/// player should be told about how it was opened.
pub struct Loaded {
    pub header: Header,
    pub timeline: Timeline,
    pub notices: Vec<String>,
    /// The log length of the snapshot the game was resumed from (`None`: replayed from
    /// the start).
    pub resumed_at: Option<u32>,
}

#[derive(Debug, Error)]
pub enum LoadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{id} is of the game '{game}', which this version of Skald does not know")]
    UnknownGame { id: SaveId, game: String },
    #[error("{id} was played under rules version {saved} of {game}, newer than this version plays ({current}); it is left unchanged")]
    RulesTooNew {
        id: SaveId,
        game: String,
        saved: u32,
        current: u32,
    },
    #[error("{id} was saved under rules version {saved}; this version plays {current}, and log record {index} no longer replays ({message}); there is no snapshot before it to continue from, so the save is left unchanged")]
    RulesChanged {
        id: SaveId,
        saved: u32,
        current: u32,
        index: u32,
        message: String,
    },
    #[error("{id} does not replay: {source}")]
    Replay { id: SaveId, source: TimelineError },
}

#[derive(Debug, Error)]
pub enum SaveError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("there is nothing to save: the game's log is empty")]
    NothingToSave,
    #[error("{id} holds {saved} records but the game has {played}: only the last record can be saved, so the save and the game are out of step")]
    OutOfStep {
        id: SaveId,
        saved: u32,
        played: usize,
    },
}

/// What `save_progress` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The index of the record written.
    pub index: u32,
    /// Whether a snapshot was written too.
    pub snapshot: bool,
    /// Why a snapshot that was due could not be written (the record itself is saved).
    pub notice: Option<String>,
}

/// Opens a save: header, log, and the game brought to its end.
pub fn load_save(store: &Store, id: SaveId) -> Result<Loaded, LoadError> {
    let (header, log) = store.load(id)?;
    let entry = registry::find(&header.game).map_err(|_| LoadError::UnknownGame {
        id,
        game: header.game.clone(),
    })?;
    let current = entry.rules_version();
    if header.rules_version > current {
        return Err(LoadError::RulesTooNew {
            id,
            game: header.game.clone(),
            saved: header.rules_version,
            current,
        });
    }
    let mut notices = Vec::new();
    let old_format = header.format_version < FORMAT_VERSION;
    let mut loaded = if header.rules_version == current {
        resume(store, id, header, log, current, &mut notices)?
    } else {
        notices.push(format!(
            "{id} was played under rules version {} of {}; this version plays {current}, and the game goes on under the current rules",
            header.rules_version, entry.name()
        ));
        resume_older_rules(store, id, header, log, current, &mut notices)?
    };
    if old_format {
        // The converted save replays: write it back so that it can be added to.
        upgrade(store, id, &mut notices)?;
        loaded.header.format_version = FORMAT_VERSION;
    }
    loaded.notices = notices;
    Ok(loaded)
}

/// Saves the last record of `timeline` (just played) to save `id`, flushed, and a
/// snapshot when one is due: at least [`SNAPSHOT_EVERY`] records after the last, and
/// only when nothing can be undone (so undo never needs a state before a snapshot).
pub fn save_progress(
    store: &Store,
    id: SaveId,
    timeline: &Timeline,
    now: u64,
) -> Result<Saved, SaveError> {
    let log = timeline.log();
    let Some(entry) = log.last() else {
        return Err(SaveError::NothingToSave);
    };
    let saved = store.header(id)?.length;
    if saved as usize + 1 != log.len() {
        return Err(SaveError::OutOfStep {
            id,
            saved,
            played: log.len(),
        });
    }
    let index = store.append(id, entry, &timeline.game().progress(), now)?;
    let mut done = Saved {
        index,
        snapshot: false,
        notice: None,
    };
    let length = index + 1;
    if timeline.undoable_seat().is_some() {
        return Ok(done);
    }
    let since = store.last_snapshot_length(id)?.unwrap_or(0);
    if length.saturating_sub(since) < SNAPSHOT_EVERY {
        return Ok(done);
    }
    match write_snapshot(store, id, timeline) {
        Ok(()) => done.snapshot = true,
        Err(e) => done.notice = Some(format!("no snapshot was written: {e}")),
    }
    Ok(done)
}

fn write_snapshot(store: &Store, id: SaveId, timeline: &Timeline) -> Result<(), StoreError> {
    let mut game = timeline.game().clone_box();
    let rules_version = registry::find(game.game_id())
        .map(|e| e.rules_version())
        .map_err(StoreError::Encode)?;
    let snapshot = Snapshot::of(game.as_mut(), timeline.log(), rules_version)
        .ok_or_else(|| StoreError::Encode("the log is too long for a save".to_string()))?;
    store.put_snapshot(id, &snapshot)
}

/// A save played under the current rules: from its newest good snapshot, or from the
/// start.
fn resume(
    store: &Store,
    id: SaveId,
    header: Header,
    log: Vec<Entry>,
    current: u32,
    notices: &mut Vec<String>,
) -> Result<Loaded, LoadError> {
    let end = log.len();
    let found = store.find_snapshot(id, |s| {
        if s.rules_version != current || s.length as usize > end {
            return Ok(None);
        }
        game_at(&header, &log, s, true).map(Some)
    })?;
    notices.extend(found.notices);
    if let Some((game, at)) = found.accepted {
        let at = at as usize;
        let mut timeline = Timeline::from_parts(game, log[..at].to_vec());
        match play_on(&mut timeline, &log[at..], at) {
            Ok(()) => {
                let mut done = loaded(header, timeline);
                done.resumed_at = Some(at as u32);
                return Ok(done);
            }
            Err(e) => notices.push(format!(
                "{id} did not replay from its snapshot at record {at} ({e}); it was replayed from the start"
            )),
        }
    }
    let timeline =
        Timeline::replay(&header, &log).map_err(|source| LoadError::Replay { id, source })?;
    Ok(loaded(header, timeline))
}

/// A save played under older rules: replayed under the current rules; if a record is
/// refused, continued from the last snapshot before it, with the records from there on
/// set aside.
fn resume_older_rules(
    store: &Store,
    id: SaveId,
    header: Header,
    log: Vec<Entry>,
    current: u32,
    notices: &mut Vec<String>,
) -> Result<Loaded, LoadError> {
    // Snapshots taken under the current rules come from a replay under them: use them.
    let has_current = store
        .find_snapshot(id, |s| Ok((s.rules_version == current).then_some(())))?
        .accepted
        .is_some();
    if has_current {
        return resume(store, id, header, log, current, notices);
    }
    let (index, message) = match Timeline::replay(&header, &log) {
        Ok(timeline) => return Ok(loaded(header, timeline)),
        Err(TimelineError::Record { index, message }) => (index, message),
        Err(source) => return Err(LoadError::Replay { id, source }),
    };
    let found = store.find_snapshot(id, |s| {
        if s.length > index {
            return Ok(None);
        }
        // Reached under other rules: the position must read, its hash may differ.
        let same_rules = s.rules_version == current;
        game_at(&header, &log, s, same_rules).map(|(game, _)| Some((game, s.clone())))
    })?;
    notices.extend(found.notices);
    let Some((mut game, old)) = found.accepted else {
        return Err(LoadError::RulesChanged {
            id,
            saved: header.rules_version,
            current,
            index,
            message,
        });
    };
    let at = old.length;
    if header.format_version < FORMAT_VERSION {
        upgrade(store, id, notices)?;
    }
    let kept = &log[..at as usize];
    let adopted = Snapshot::of(game.as_mut(), kept, current)
        .ok_or_else(|| StoreError::Encode("the log is too long for a save".to_string()))?;
    let moved = store.continue_from_snapshot(id, &adopted, &game.progress())?;
    notices.push(format!(
        "{id} was saved under rules version {}; this version plays {current}; log record {index} no longer replays ({message}), so the game continues from record {at}, the last point both agree on; the {moved} records from there on were set aside",
        header.rules_version
    ));
    let mut header = header;
    header.length = at;
    header.progress = game.progress();
    header.format_version = FORMAT_VERSION;
    let timeline = Timeline::from_parts(game, kept.to_vec());
    let mut done = loaded(header, timeline);
    done.resumed_at = Some(at);
    Ok(done)
}

/// Writes an older-format save back in the current format, saying so when its content
/// changed shape (format 2 differs from 3 in its number alone: nothing to tell).
fn upgrade(store: &Store, id: SaveId, notices: &mut Vec<String>) -> Result<(), StoreError> {
    if let Some(format) = store.upgrade_format(id)? {
        if format == 2 {
            return Ok(());
        }
        notices.push(format!(
            "{id} was stored in save format {format}; it was converted to format {FORMAT_VERSION} and written back"
        ));
    }
    Ok(())
}

/// The game a snapshot of a save with log `log` stands for, with its chance stream
/// restored. The snapshot must have been taken from this log; when `check_hash`, its
/// position must read back as the game that was saved.
fn game_at(
    header: &Header,
    log: &[Entry],
    snapshot: &Snapshot,
    check_hash: bool,
) -> Result<(Box<dyn GameBox>, u32), String> {
    let Some(before) = log.get(..snapshot.length as usize) else {
        return Err("it stands past the end of the log".to_string());
    };
    if log_digest(before) != snapshot.log_digest {
        return Err("it was taken from a different log".to_string());
    }
    let entry = registry::find(&header.game)?;
    let mut game = entry
        .game_from_stored(&snapshot.position, header.seed)
        .map_err(|e| format!("its position does not read: {e}"))?;
    // A snapshot in notation was written before positions were data, and its hash by
    // the hand-kept hash of that time: only the log digest above ties it to its save.
    let hashed_alike = matches!(snapshot.position, StoredPosition::Data(_));
    if check_hash && hashed_alike && game.state_hash() != snapshot.state_hash {
        return Err(format!(
            "its position reads as a different game (state hash {:016x}, saved {:016x})",
            game.state_hash(),
            snapshot.state_hash
        ));
    }
    game.restore_chance(header.seed, snapshot.chance);
    Ok((game, snapshot.length))
}

fn play_on(timeline: &mut Timeline, rest: &[Entry], first: usize) -> Result<(), TimelineError> {
    for (offset, entry) in rest.iter().enumerate() {
        timeline
            .record(entry)
            .map_err(|message| TimelineError::Record {
                index: u32::try_from(first + offset).unwrap_or(u32::MAX),
                message,
            })?;
    }
    Ok(())
}

fn loaded(header: Header, timeline: Timeline) -> Loaded {
    Loaded {
        header,
        timeline,
        notices: Vec::new(),
        resumed_at: None,
    }
}
