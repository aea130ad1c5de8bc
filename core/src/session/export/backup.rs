//! Full backups: writing one from a save, and importing one as a new save after
//! checking that it replays, under this version's rules, to the state it recorded.

use super::error::{ExportError, ImportError};
use super::format::{
    check_format_version, hash_text, integrity_digest, read_as, read_kind, BackupFile,
    BackupHeader, LogLine, BACKUP_WARNING, EXPORT_FORMAT_VERSION, KIND_FULL_BACKUP,
    KIND_SEAT_REPLAY,
};
use crate::engine::GameBox;
use crate::games::registry;
use crate::session::{start_game, Seating, Timeline, TimelineError};
use crate::store::{Entry, Header, SaveId, Store};

/// What is added to an imported save's name, so it is told apart from the original.
const IMPORTED_MARK: &str = " (imported)";

/// The whole save `id` as a full backup (pretty JSON). The log is replayed first, so
/// the file records the state it leads to and a save that does not replay is not
/// exported as if it were sound.
pub fn export_backup(store: &Store, id: SaveId) -> Result<String, ExportError> {
    let (header, log) = store.load(id)?;
    let timeline = Timeline::replay(&header, &log)
        .map_err(|source| ExportError::DoesNotReplay { id, source })?;
    let game = timeline.game();
    let integrity = integrity_digest(header.seed, game.chance_point(), game.state_hash());
    let file = BackupFile {
        skald: KIND_FULL_BACKUP.to_string(),
        warning: BACKUP_WARNING.to_string(),
        format_version: EXPORT_FORMAT_VERSION,
        header: BackupHeader::of(&header),
        log: log.iter().map(LogLine::from).collect(),
        final_state_hash: hash_text(game.state_hash()),
        integrity: Some(hash_text(integrity)),
    };
    serde_json::to_string_pretty(&file).map_err(|e| ExportError::Encode(e.to_string()))
}

/// Imports a full backup as a new save (a new id; the same game, log and times, the
/// name marked as imported), written in one transaction. The file must be a full
/// backup of a format and rules version this code knows; every header field must be
/// one a save can be loaded and resumed with (the scenario one of the game's, the
/// options or start position one the game starts from, the seating one for the game's
/// seats); its log must replay under this version's rules, and the replay must reach
/// the state hash it recorded, and (format 2) the integrity digest of its seed, chance
/// stream and state. The progress text is the replayed game's.
pub fn import(store: &Store, text: &str) -> Result<SaveId, ImportError> {
    let (kind, value) = read_kind(text)?;
    if kind == KIND_SEAT_REPLAY {
        return Err(ImportError::SeatReplayNotImportable);
    }
    check_format_version(&value)?;
    let file: BackupFile = read_as(value)?;
    // Files of format 1 hold the hand-kept state hash of their time, which today's
    // derived hash does not reproduce, and no integrity digest: their log still
    // replays action by action.
    let comparable = file.format_version >= 2;
    let recorded_integrity = match (&file.integrity, comparable) {
        (Some(digest), true) => Some(digest.trim().to_string()),
        (None, true) => {
            return Err(ImportError::Malformed(
                "the file has no integrity field (a backup of export format 2 always has one)"
                    .to_string(),
            ))
        }
        (_, false) => None,
    };
    let mut header = file.header.to_header()?;
    let started = check_header(&header)?;
    let log: Vec<Entry> = file.log.iter().map(Entry::from).collect();
    let mut timeline = Timeline::new(started);
    for (index, entry) in (0u32..).zip(&log) {
        timeline
            .record(entry)
            .map_err(|message| ImportError::from(TimelineError::Record { index, message }))?;
    }
    let game = timeline.game();
    let replayed = hash_text(game.state_hash());
    if comparable && !replayed.eq_ignore_ascii_case(file.final_state_hash.trim()) {
        return Err(ImportError::WrongFinalState {
            recorded: file.final_state_hash,
            replayed,
        });
    }
    if let Some(recorded) = recorded_integrity {
        let digest = hash_text(integrity_digest(
            header.seed,
            game.chance_point(),
            game.state_hash(),
        ));
        if !digest.eq_ignore_ascii_case(&recorded) {
            return Err(ImportError::WrongIntegrity {
                recorded,
                replayed: digest,
            });
        }
    }
    header.progress = game.progress();
    header.name = marked_as_imported(&header.name);
    Ok(store.create_with_log(&header, &log)?)
}

/// Checks every header field as loading and resuming a save use it, and starts the
/// game: the game and its rules version known, the scenario one of the game's, the
/// options (or the start position) one the game starts from, the seating one for the
/// game's seats. The error names the field.
fn check_header(header: &Header) -> Result<Box<dyn GameBox>, ImportError> {
    let entry =
        registry::find(&header.game).map_err(|_| ImportError::UnknownGame(header.game.clone()))?;
    if header.rules_version > entry.rules_version() {
        return Err(ImportError::RulesTooNew {
            game: entry.name().to_string(),
            found: header.rules_version,
            known: entry.rules_version(),
        });
    }
    let scenarios = entry.scenarios();
    if !scenarios.iter().any(|s| s.id == header.scenario) {
        let known: Vec<&str> = scenarios.iter().map(|s| s.id).collect();
        return Err(ImportError::bad_field(
            "scenario",
            format!(
                "'{}' is not a scenario of {} (its scenarios are {})",
                header.scenario,
                entry.name(),
                known.join(", ")
            ),
        ));
    }
    let field = if header.start.is_some() {
        "start"
    } else {
        "options"
    };
    let game = start_game(header).map_err(|e| match e {
        TimelineError::Start(message) => ImportError::bad_field(field, message),
        other => ImportError::from(other),
    })?;
    Seating::parse(&game.seat_names(), &header.seats)
        .map_err(|e| ImportError::bad_field("seats", format!("'{}': {e}", header.seats)))?;
    Ok(game)
}

/// "Name (imported)"; a name marked already (a backup of an imported save) is kept.
fn marked_as_imported(name: &str) -> String {
    if name.ends_with(IMPORTED_MARK) {
        name.to_string()
    } else {
        format!("{}{IMPORTED_MARK}", name.trim_end())
            .trim_start()
            .to_string()
    }
}
