//! Placeholder until the 878 notation lands: Debug text, no parsing.
use super::actions::V878Action;
use super::state::V878State;
use crate::engine::NotationError;
pub fn format_action(_s: &V878State, a: &V878Action) -> String {
    format!("{a:?}")
}
pub fn parse_action(_s: &V878State, _t: &str) -> Result<V878Action, NotationError> {
    Err(NotationError::new("878 notation is not written yet"))
}
pub fn format_position(s: &V878State) -> String {
    format!("{:?} {:?}", s.round, s.phase)
}
pub fn parse_position(_t: &str, _seed: u64) -> Result<V878State, NotationError> {
    Err(NotationError::new("878 notation is not written yet"))
}
