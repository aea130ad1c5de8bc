//! An 878 game's options: the scenario and the table options.

use super::data::data;

#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct V878Options {
    /// Index into the scenarios of `data/v878/scenarios.json`.
    pub scenario: u8,
    /// Allies show each other their hands (Setup 2 allows it; off by default).
    pub share_allied_hands: bool,
    /// G9: the standard game's decks are the printed cards 01-12, several of whose
    /// Event texts are unknown placeholders. Off by default: each faction's deck is the
    /// brief's known-text choice (cards 01-07 and five Events of known text, a legal
    /// Advanced Setup deck).
    pub printed_decks: bool,
}

impl V878Options {
    pub fn for_scenario(id: &str) -> Result<V878Options, String> {
        let all = data().scenarios();
        let index = all.iter().position(|s| s.id == id).ok_or_else(|| {
            let ids: Vec<&str> = all.iter().map(|s| s.id.as_str()).collect();
            format!("no 878 scenario '{id}' (there are: {})", ids.join(", "))
        })?;
        Ok(V878Options {
            scenario: index as u8,
            share_allied_hands: false,
            printed_decks: false,
        })
    }
}
