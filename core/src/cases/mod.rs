//! Rule case files: short plain-text scripts that set up a game, fix its dice, play
//! actions and check what happened. `cargo test` (core/tests/cases.rs) and `skald check`
//! run them with this one runner. The format is documented in `docs/cases.md`.
//!
//! ```text
//! game fury
//!
//! case the Villager sets up by default
//! scenario basic
//! seed 1
//! act villager setup default
//! expect-to-act viking
//! expect-legal ship 0802
//! ```
//!
//! Everything is driven through the erased [`GameBox`], so a case reads exactly like a
//! game played in the terminal. A new game needs one line in [`open_game`].

mod read;
mod run;
#[cfg(test)]
mod tests;
mod text;

use crate::engine::{GameBox, Scripted};
use crate::games::registry;

/// The result of one case of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseResult {
    /// The name after `case`, or `main` for a file without `case` lines.
    pub name: String,
    /// The line of its `case` line (1-based; 0 when the file has no `case` lines).
    pub line: usize,
    pub passed: bool,
    /// Empty when it passed; otherwise what failed, with expected and actual lines.
    pub message: String,
}

/// How a case starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    Scenario(String),
    /// A whole position in the game's notation.
    Position(String),
}

/// Opens a game by id through the registry: `setup(options, seed)` for a scenario,
/// `parse_position` for a position.
/// `setup` takes the `script` outcomes first (shuffles written before the game opens);
/// a position is not set up, so they wait for the first chance events of play.
pub fn open_game(
    game: &str,
    start: &Start,
    seed: u64,
    script: &[Scripted],
) -> Result<Box<dyn GameBox>, String> {
    let entry = registry::find(game)?;
    match start {
        Start::Scenario(id) => entry.new_game_scripted(id, seed, script),
        Start::Position(text) => {
            let mut game = entry.game_at_position(text, seed)?;
            game.chance_script().script(script);
            Ok(game)
        }
    }
}

/// Runs every case of a file, in order. Never panics on bad input: a file that cannot be
/// read as cases gives failed results that say why.
pub fn run_case_file(text: &str) -> Vec<CaseResult> {
    let file = read::parse_file(text);
    file.cases
        .iter()
        .map(|case| {
            let outcome = match (&file.preamble_error, &case.error) {
                (Some(e), _) | (None, Some(e)) => Err(e.clone()),
                (None, None) => {
                    let steps: Vec<&(usize, read::Step)> =
                        file.preamble.iter().chain(case.steps.iter()).collect();
                    run::run_steps(&steps)
                }
            };
            CaseResult {
                name: case.name.clone(),
                line: case.line,
                passed: outcome.is_ok(),
                message: outcome.err().unwrap_or_default(),
            }
        })
        .collect()
}
