//! Placeholder until the 878 board drawing lands.
use super::view::V878View;
pub fn render(v: &V878View) -> String {
    format!("round {} {:?}", v.state.round, v.state.phase)
}
