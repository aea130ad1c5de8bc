//! Seat replays: the game as some seats saw it, step by step, made by replaying the
//! save's log through a [`Timeline`] (so undo means what it means everywhere) and
//! keeping, at each step, only what those seats may see.

use super::error::{ExportError, ImportError};
use super::format::{
    check_format_version, read_as, read_kind, ReplayEvent, ReplaySeat, ReplayStep, SeatReplay,
    EXPORT_FORMAT_VERSION, KIND_FULL_BACKUP, KIND_SEAT_REPLAY, REPLAY_NOTE,
};
use crate::engine::{Event, Seat};
use crate::games::registry;
use crate::session::{start_game, Timeline, TimelineError};
use crate::store::{Entry, SaveId, Store};

/// Save `id` as `seats` saw it (pretty JSON): no seed, no start position beyond what
/// the seats saw of it, the text of another seat's secret actions left out, only the
/// events they may read, and each position as their view.
pub fn export_replay(store: &Store, id: SaveId, seats: &[Seat]) -> Result<String, ExportError> {
    let (header, log) = store.load(id)?;
    let not_replayable = |source| ExportError::DoesNotReplay { id, source };
    let game = start_game(&header).map_err(not_replayable)?;
    let seat_names: Vec<String> = game.seat_names().iter().map(|s| s.to_string()).collect();
    let viewers = viewers(seats, &seat_names)?;
    let start = game.view_position(seats);
    let mut timeline = Timeline::new(game);
    let mut steps: Vec<ReplayStep> = Vec::new();
    for (index, entry) in (0u32..).zip(&log) {
        let refused = |message| not_replayable(TimelineError::Record { index, message });
        match entry {
            Entry::Act { seat, action } => {
                // Asked before the action is taken: secrecy depends on the position.
                let secret = timeline.game().action_is_secret(action);
                let events = timeline.record(entry).map_err(refused)?;
                let shown = !secret || seats.contains(&Seat(*seat));
                steps.push(ReplayStep {
                    seat: *seat,
                    action: shown.then(|| action.clone()),
                    events: visible_events(&events, seats),
                    position: timeline.game().view_position(seats),
                });
            }
            Entry::Undo { .. } => {
                timeline.record(entry).map_err(refused)?;
                // Undo takes back the last action still standing, which is the last
                // step kept: the steps are exactly the actions still standing.
                steps.pop();
            }
        }
    }
    let file = SeatReplay {
        skald: KIND_SEAT_REPLAY.to_string(),
        note: REPLAY_NOTE.to_string(),
        format_version: EXPORT_FORMAT_VERSION,
        game: header.game.clone(),
        rules_version: header.rules_version,
        scenario: header.scenario.clone(),
        name: header.name.clone(),
        viewers,
        seat_names,
        start,
        steps,
    };
    serde_json::to_string_pretty(&file).map_err(|e| ExportError::Encode(e.to_string()))
}

/// Reads a seat replay for viewing. A full backup is refused (it is imported, not
/// viewed), as are a newer format and a game this version does not know.
pub fn read_replay(text: &str) -> Result<SeatReplay, ImportError> {
    let (kind, value) = read_kind(text)?;
    if kind == KIND_FULL_BACKUP {
        return Err(ImportError::BackupNotReplay);
    }
    check_format_version(&value)?;
    let replay: SeatReplay = read_as(value)?;
    if registry::find(&replay.game).is_err() {
        return Err(ImportError::UnknownGame(replay.game));
    }
    check_seats(&replay)?;
    Ok(replay)
}

/// The viewing seats, checked against the game's seats, in the order given (once each).
fn viewers(seats: &[Seat], names: &[String]) -> Result<Vec<ReplaySeat>, ExportError> {
    if seats.is_empty() {
        return Err(ExportError::NoSeats);
    }
    let mut out: Vec<ReplaySeat> = Vec::new();
    for seat in seats {
        let Some(name) = names.get(usize::from(seat.0)) else {
            return Err(ExportError::UnknownSeat {
                seat: seat.0,
                names: numbered(names),
            });
        };
        if out.iter().all(|v| v.number != seat.0) {
            out.push(ReplaySeat {
                number: seat.0,
                name: name.clone(),
            });
        }
    }
    Ok(out)
}

/// "0 fury, 1 norse": seat numbers with their names.
fn numbered(names: &[String]) -> String {
    (0u8..)
        .zip(names)
        .map(|(i, n)| format!("{i} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn visible_events(events: &[Event], seats: &[Seat]) -> Vec<ReplayEvent> {
    events
        .iter()
        .filter(|e| e.audience.admits(seats))
        .map(|e| ReplayEvent {
            rule: e.rule.to_string(),
            text: e.text.clone(),
        })
        .collect()
}

/// Every seat number in a replay read from outside must name one of its seats, so
/// that whoever shows it can index the names without checking.
fn check_seats(replay: &SeatReplay) -> Result<(), ImportError> {
    let count = replay.seat_names.len();
    if replay.viewers.is_empty() {
        return Err(ImportError::Malformed(
            "the replay names no seat it is seen through".to_string(),
        ));
    }
    let named = replay
        .viewers
        .iter()
        .map(|v| v.number)
        .chain(replay.steps.iter().map(|s| s.seat));
    for seat in named {
        if usize::from(seat) >= count {
            return Err(ImportError::Malformed(format!(
                "seat {seat} does not exist (the replay lists {count} seats)"
            )));
        }
    }
    Ok(())
}
