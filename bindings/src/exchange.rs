//! Saves leaving and entering the device (issue 12): a full backup to keep or move to
//! another device, a seat's replay to share with the other players, and the import of
//! a backup. The files are the core's JSON formats (`docs/export.md`); the app only
//! moves the text (a share sheet, a file picker).

use crate::error::SkaldError;
use crate::save_folder::SaveFolder;
use skald_core::engine::Seat;
use skald_core::session::export::{self, ExportError, ImportError};
use skald_core::store::SaveId;

#[uniffi::export]
impl SaveFolder {
    /// The whole save as a file: the seed and every secret (hands, deck orders)
    /// included. For the owner's own keeping, never for the other players: share a
    /// seat replay with them instead.
    pub fn export_backup(&self, id: u64) -> Result<String, SkaldError> {
        Ok(export::export_backup(self.store(), SaveId(id))?)
    }

    /// The game as `seats` (by name) saw it, step by step: no seed and nothing the
    /// other seats kept secret, so it can be shared; it can be viewed, not continued.
    pub fn export_replay(&self, id: u64, seats: Vec<String>) -> Result<String, SkaldError> {
        let (header, _) = self.store().load(SaveId(id))?;
        let game =
            skald_core::games::registry::find(&header.game).map_err(SkaldError::bad_input)?;
        let names = game
            .seat_names(&header.scenario)
            .map_err(SkaldError::bad_input)?;
        let viewers = seats
            .iter()
            .map(|wanted| {
                names
                    .iter()
                    .position(|n| n.eq_ignore_ascii_case(wanted.trim()))
                    .map(|i| Seat(i as u8))
                    .ok_or_else(|| {
                        SkaldError::bad_input(format!(
                            "no seat `{wanted}` (the seats are {})",
                            names.join(", ")
                        ))
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(export::export_replay(self.store(), SaveId(id), &viewers)?)
    }

    /// Adds a save from a full backup, after replaying it under this version's rules and
    /// checking it reaches the game it recorded; returns the new save's id. A seat
    /// replay, a damaged or edited file is refused with the reason.
    pub fn import_backup(&self, text: String) -> Result<u64, SkaldError> {
        let id = export::import(self.store(), &text)?;
        log::info!("imported a backup as save {}", id.0);
        Ok(id.0)
    }
}

impl From<ExportError> for SkaldError {
    fn from(e: ExportError) -> SkaldError {
        match e {
            ExportError::Store(e) => e.into(),
            ExportError::NoSeats | ExportError::UnknownSeat { .. } => {
                SkaldError::bad_input(e.to_string())
            }
            ExportError::DoesNotReplay { .. } | ExportError::Encode(_) => SkaldError::Storage {
                message: e.to_string(),
            },
        }
    }
}

impl From<ImportError> for SkaldError {
    fn from(e: ImportError) -> SkaldError {
        match e {
            ImportError::Store(e) => e.into(),
            // Everything else is about the file the app passed in.
            _ => SkaldError::bad_input(e.to_string()),
        }
    }
}
