//! Full backups: writing one from a save, and importing one as a new save after
//! checking that it replays, under this version's rules, to the state it recorded.

use super::error::{ExportError, ImportError};
use super::format::{
    check_format_version, hash_text, read_as, read_kind, BackupFile, BackupHeader, LogLine,
    BACKUP_WARNING, EXPORT_FORMAT_VERSION, KIND_FULL_BACKUP, KIND_SEAT_REPLAY,
};
use crate::games::registry;
use crate::session::Timeline;
use crate::store::{Entry, SaveId, Store};

/// What is added to an imported save's name, so it is told apart from the original.
const IMPORTED_MARK: &str = " (imported)";

/// The whole save `id` as a full backup (pretty JSON). The log is replayed first, so
/// the file records the state it leads to and a save that does not replay is not
/// exported as if it were sound.
pub fn export_backup(store: &Store, id: SaveId) -> Result<String, ExportError> {
    let (header, log) = store.load(id)?;
    let timeline = Timeline::replay(&header, &log)
        .map_err(|source| ExportError::DoesNotReplay { id, source })?;
    let file = BackupFile {
        skald: KIND_FULL_BACKUP.to_string(),
        warning: BACKUP_WARNING.to_string(),
        format_version: EXPORT_FORMAT_VERSION,
        header: BackupHeader::of(&header),
        log: log.iter().map(LogLine::from).collect(),
        final_state_hash: hash_text(timeline.game().state_hash()),
    };
    serde_json::to_string_pretty(&file).map_err(|e| ExportError::Encode(e.to_string()))
}

/// Imports a full backup as a new save (a new id; the same game, log and times, the
/// name marked as imported), written in one transaction. The file must be a full
/// backup of a format and rules version this code knows, its log must replay under
/// this version's rules, and the replay must reach the state hash it recorded.
pub fn import(store: &Store, text: &str) -> Result<SaveId, ImportError> {
    let (kind, value) = read_kind(text)?;
    if kind == KIND_SEAT_REPLAY {
        return Err(ImportError::SeatReplayNotImportable);
    }
    check_format_version(&value)?;
    let file: BackupFile = read_as(value)?;
    let mut header = file.header.to_header()?;
    let game =
        registry::find(&header.game).map_err(|_| ImportError::UnknownGame(header.game.clone()))?;
    if header.rules_version > game.rules_version() {
        return Err(ImportError::RulesTooNew {
            game: game.name().to_string(),
            found: header.rules_version,
            known: game.rules_version(),
        });
    }
    let log: Vec<Entry> = file.log.iter().map(Entry::from).collect();
    let timeline = Timeline::replay(&header, &log)?;
    let replayed = hash_text(timeline.game().state_hash());
    // Files of format 1 hold the hand-kept state hash of their time, which today's
    // derived hash does not reproduce: their log still replays action by action.
    let comparable = file.format_version >= 2;
    if comparable && !replayed.eq_ignore_ascii_case(file.final_state_hash.trim()) {
        return Err(ImportError::WrongFinalState {
            recorded: file.final_state_hash,
            replayed,
        });
    }
    header.name = marked_as_imported(&header.name);
    Ok(store.create_with_log(&header, &log)?)
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
