//! A Fury game's options: the scenario, and the house rulings that have a named
//! alternative (see RULINGS.md).

use super::data::{data, Scenario};

#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct FuryOptions {
    /// Index into the scenarios of `data/fury/scenarios.json`.
    pub scenario: u8,
    /// GAP-31: units a returned Village Leader counts in the Basic tally (text: 1).
    pub leader_value: u8,
    /// GAP-20 (H-VC-1): false = only Viking units still on the map at the end count -1
    /// (default); true = eliminated Viking units count too (literal reading).
    pub unreturned_counts_eliminated: bool,
}

impl FuryOptions {
    pub fn for_scenario(id: &str) -> Result<FuryOptions, String> {
        let index = data()
            .scenarios
            .iter()
            .position(|s| s.id == id)
            .ok_or_else(|| {
                let ids: Vec<&str> = data().scenarios.iter().map(|s| s.id.as_str()).collect();
                format!("no Fury scenario '{id}' (there are: {})", ids.join(", "))
            })?;
        Ok(FuryOptions {
            scenario: index as u8,
            leader_value: 1,
            unreturned_counts_eliminated: false,
        })
    }

    pub fn scenario(&self) -> &'static Scenario {
        let all = &data().scenarios;
        &all[(self.scenario as usize).min(all.len() - 1)]
    }
}

impl Default for FuryOptions {
    fn default() -> Self {
        FuryOptions {
            scenario: 0,
            leader_value: 1,
            unreturned_counts_eliminated: false,
        }
    }
}
