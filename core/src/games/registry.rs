//! Every game Skald knows, for everything above the games (the terminal, rule case
//! files, later sessions and the FFI). Adding a game is one line in [`games`];
//! everything else works through the erased [`GameBox`] or the generic functions below.

use crate::ai::simulate::play_random;
use crate::engine::{DynGame, Game, GameBox, Outcome, ScenarioInfo};
use crate::games::fury::Fury;
use crate::games::v878::V878;

/// Starts a game of a scenario with a seed, erased.
pub type NewGame = fn(scenario: &str, seed: u64) -> Result<Box<dyn GameBox>, String>;
/// Reads a position in the game's notation, erased.
pub type FromPosition = fn(text: &str, seed: u64) -> Result<Box<dyn GameBox>, String>;
/// Starts a game from options in JSON (as [`GameBox::options_json`] gives them), erased.
pub type FromOptions = fn(options_json: &str, seed: u64) -> Result<Box<dyn GameBox>, String>;
/// Plays one whole random game of a scenario (typed inside).
pub type Simulate = fn(scenario: &str, seed: u64, max_decisions: u32) -> Result<SimGame, String>;

/// How the terminal reaches one game.
pub struct GameEntry {
    pub id: &'static str,
    pub name: &'static str,
    pub scenarios: fn() -> Vec<ScenarioInfo>,
    /// The seat names of a scenario, in seat order.
    pub seat_names: fn(scenario: &str) -> Result<Vec<&'static str>, String>,
    /// A new game of a scenario, erased.
    pub new_game: NewGame,
    /// A game from a position in the game's notation, its chance stream seeded.
    pub from_position: FromPosition,
    /// One whole game between random players, typed inside (no notation round trips).
    pub simulate: Simulate,
    /// A new game from options as saves keep them (JSON) and a seed.
    pub from_options: FromOptions,
    /// The rules version this build plays (saves record it).
    pub rules_version: u32,
}

/// What `simulate` reports of one game.
#[derive(Clone, Debug)]
pub struct SimGame {
    pub outcome: Option<Outcome>,
    /// The winners by seat name (empty for a draw or an unfinished game).
    pub winners: Vec<&'static str>,
    pub decisions: u32,
    pub stuck: Option<String>,
}

/// Every game, in the order `skald games` lists them.
pub fn games() -> Vec<GameEntry> {
    vec![entry::<Fury>(), entry::<V878>()]
}

pub fn find(id: &str) -> Result<GameEntry, String> {
    let all = games();
    let ids: Vec<&str> = all.iter().map(|g| g.id).collect();
    let wanted = id.trim().to_ascii_lowercase();
    let listed = ids.join(", ");
    all.into_iter()
        .find(|g| g.id == wanted)
        .ok_or_else(|| format!("no game '{id}' (there are: {listed})"))
}

fn entry<G: Game>() -> GameEntry
where
    G::State: Send,
{
    GameEntry {
        id: G::ID,
        name: G::NAME,
        scenarios: G::scenarios,
        seat_names: seat_names::<G>,
        new_game: new_game::<G>,
        from_position: from_position::<G>,
        simulate: simulate::<G>,
        from_options: from_options::<G>,
        rules_version: G::RULES_VERSION,
    }
}

fn seat_names<G: Game>(scenario: &str) -> Result<Vec<&'static str>, String> {
    Ok(G::seat_names(&G::options(scenario)?))
}

fn new_game<G: Game>(scenario: &str, seed: u64) -> Result<Box<dyn GameBox>, String>
where
    G::State: Send,
{
    let options = G::options(scenario)?;
    Ok(DynGame::<G>::boxed(G::setup(&options, seed)))
}

fn from_options<G: Game>(options_json: &str, seed: u64) -> Result<Box<dyn GameBox>, String>
where
    G::State: Send,
{
    let options: G::Options = serde_json::from_str(options_json)
        .map_err(|e| format!("the {} options could not be read: {e}", G::NAME))?;
    G::check_options(&options)?;
    Ok(DynGame::<G>::boxed(G::setup(&options, seed)))
}

fn from_position<G: Game>(text: &str, seed: u64) -> Result<Box<dyn GameBox>, String>
where
    G::State: Send,
{
    let state = G::parse_position(text, seed).map_err(|e| e.to_string())?;
    Ok(DynGame::<G>::boxed(state))
}

fn simulate<G: Game>(scenario: &str, seed: u64, max_decisions: u32) -> Result<SimGame, String> {
    let options = G::options(scenario)?;
    let names = G::seat_names(&options);
    let played = play_random::<G>(&options, seed, max_decisions);
    let winners = played
        .outcome
        .as_ref()
        .map(|o| {
            o.winners
                .iter()
                .map(|s| names.get(s.0 as usize).copied().unwrap_or("?"))
                .collect()
        })
        .unwrap_or_default();
    Ok(SimGame {
        outcome: played.outcome,
        winners,
        decisions: played.decisions,
        stuck: played.stuck,
    })
}
