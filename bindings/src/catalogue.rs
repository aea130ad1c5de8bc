//! What the new-game screen offers: every game, its scenarios and their seats, and the
//! computer's levels.

use skald_core::ai::search::Level;
use skald_core::games::registry;

#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct ScenarioEntry {
    /// The id saves and the new-game call use (`basic`).
    pub id: String,
    pub name: String,
    /// A line about it, in our own words.
    pub summary: String,
    /// Its seats in seat order (`viking`, `villager`): each is played by a person or
    /// the computer.
    pub seats: Vec<String>,
}

/// An optional rule of the rulebook a new game may switch on (off by default).
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct OptionalRuleEntry {
    /// The id [`crate::NewGame::rules`] takes (`overrun`).
    pub id: String,
    pub name: String,
    /// The rulebook's section (`25.0`).
    pub rule: String,
    /// What it changes, in a line.
    pub summary: String,
}

#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct GameEntry {
    pub id: String,
    pub name: String,
    pub scenarios: Vec<ScenarioEntry>,
    /// The optional rules a new game of it may switch on.
    pub optional_rules: Vec<OptionalRuleEntry>,
}

/// Every game this build plays, in the order a menu lists them.
#[uniffi::export]
pub fn catalogue() -> Vec<GameEntry> {
    registry::ALL
        .iter()
        .filter_map(|id| registry::find(id).ok())
        .map(|game| GameEntry {
            id: game.id().to_string(),
            name: game.name().to_string(),
            scenarios: game
                .scenarios()
                .into_iter()
                .map(|s| ScenarioEntry {
                    id: s.id.to_string(),
                    name: s.name.to_string(),
                    summary: s.summary.to_string(),
                    seats: game
                        .seat_names(s.id)
                        .unwrap_or_default()
                        .into_iter()
                        .map(String::from)
                        .collect(),
                })
                .collect(),
            optional_rules: game
                .optional_rules()
                .iter()
                .map(|r| OptionalRuleEntry {
                    id: r.id.to_string(),
                    name: r.name.to_string(),
                    rule: r.rule.to_string(),
                    summary: r.summary.to_string(),
                })
                .collect(),
        })
        .collect()
}

/// The computer's levels, gentlest first, as a seat's player names them.
#[uniffi::export]
pub fn levels() -> Vec<String> {
    Level::ALL.iter().map(|l| l.name().to_string()).collect()
}
