//! The saves in one folder, as the home and saves screens use them.

use crate::clock::{fresh_seed, now};
use crate::error::SkaldError;
use crate::save_entry::{default_name, SaveEntry};
use crate::table::Table;
use skald_core::session::{Player, ScenarioChoice, Seating, Session, Skill};
use skald_core::store::{SaveId, Store};
use std::path::Path;
use std::sync::Arc;

/// Who plays one seat of a new game.
#[derive(Clone, Debug, PartialEq, uniffi::Enum)]
pub enum SeatPlayer {
    /// A person, by the name the hand-off screen calls them.
    Person { name: String },
    /// The computer: `random`, `simple`, or a level (`easy`, `normal`, `hard`).
    Computer { skill: String },
}

/// A new game as the new-game screen chose it.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct NewGame {
    pub game: String,
    pub scenario: String,
    /// One per seat, in the scenario's seat order ([`crate::ScenarioEntry::seats`]).
    pub seats: Vec<SeatPlayer>,
    /// What the saves list calls it; blank: the game's and the scenario's names.
    pub name: String,
    /// The optional rules switched on: ids of the game's
    /// [`crate::GameEntry::optional_rules`]; none by default.
    #[uniffi(default)]
    pub rules: Vec<String>,
}

/// The saves of one folder; a game started or opened here saves itself after every
/// action.
#[derive(uniffi::Object)]
pub struct SaveFolder {
    store: Arc<Store>,
}

impl SaveFolder {
    pub(crate) fn store(&self) -> &Store {
        &self.store
    }
}

#[uniffi::export]
impl SaveFolder {
    /// Opens (or creates) the saves in `folder`, recovering what a crash left.
    #[uniffi::constructor]
    pub fn open(folder: String) -> Result<Arc<SaveFolder>, SkaldError> {
        let store = Store::open(Path::new(&folder))?;
        if let Some(report) = store.recovery() {
            log::warn!("saves in {folder}: {report}");
        }
        Ok(Arc::new(SaveFolder {
            store: Arc::new(store),
        }))
    }

    /// What was repaired when the folder was opened (after a crash), for the person to
    /// read; None when nothing needed it.
    pub fn recovery(&self) -> Option<String> {
        self.store.recovery().map(|r| r.to_string())
    }

    /// Every save, newest first; damaged ones are listed with the reason.
    pub fn saves(&self) -> Result<Vec<SaveEntry>, SkaldError> {
        let mut out: Vec<SaveEntry> = self.store.list()?.into_iter().map(SaveEntry::of).collect();
        out.sort_by(|a, b| b.updated.cmp(&a.updated).then(b.id.cmp(&a.id)));
        Ok(out)
    }

    /// Starts a new game and its save.
    pub fn new_game(&self, choice: NewGame) -> Result<Arc<Table>, SkaldError> {
        let players = choice
            .seats
            .iter()
            .map(|p| match p {
                SeatPlayer::Person { name } => Ok(Player::person(name)),
                SeatPlayer::Computer { skill } => Skill::from_name(skill)
                    .map(Player::Computer)
                    .ok_or_else(|| {
                        SkaldError::bad_input(format!(
                            "`{skill}` is not a computer player ({})",
                            Skill::words()
                        ))
                    }),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let seating = Seating::new(players).map_err(|e| SkaldError::bad_input(e.to_string()))?;
        let name = match choice.name.trim() {
            "" => default_name(&choice.game, &choice.scenario),
            named => named.to_string(),
        };
        let scenario = ScenarioChoice {
            id: choice.scenario.clone(),
            rules: choice.rules.clone(),
        };
        let session = Session::new(
            &choice.game,
            scenario,
            fresh_seed(),
            seating,
            &name,
            Some(self.store.clone()),
            now(),
        )?;
        Ok(Table::new(session))
    }

    /// Opens a save to go on playing it.
    pub fn open_game(&self, id: u64) -> Result<Arc<Table>, SkaldError> {
        let session = Session::open(self.store.clone(), SaveId(id))?;
        Ok(Table::new(session))
    }

    pub fn rename(&self, id: u64, name: String) -> Result<(), SkaldError> {
        Ok(self.store.rename(SaveId(id), &name)?)
    }

    pub fn delete(&self, id: u64) -> Result<(), SkaldError> {
        Ok(self.store.delete(SaveId(id))?)
    }
}
