//! A 1066 position as text: the state's data (the very fields saves store) as JSON,
//! one field per line, the chance stream left out. Counters keep their public ids, and
//! powers and places are written with the keys the action words use. A position read
//! back is checked (`position_check`) before it is played.

use super::super::position_check;
use super::super::state::State;
use crate::engine::{Chance, NotationError};

pub fn format_position(state: &State) -> String {
    serde_json::to_string_pretty(state).unwrap_or_else(|e| format!("unwritable position: {e}"))
}

pub fn parse_position(text: &str, seed: u64) -> Result<State, NotationError> {
    let mut state: State = serde_json::from_str(text)
        .map_err(|e| NotationError::new(format!("line {}: not a 1066 position: {e}", e.line())))?;
    position_check::check(&state).map_err(NotationError::new)?;
    state.chance = Chance::new(seed);
    Ok(state)
}
