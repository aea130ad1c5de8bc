//! Every game Skald knows, and the erased way to start one. Adding a game is one line in
//! [`visit`] (and one in [`ALL`]); everything else works through the erased
//! [`GameType`] (what any game offers before a game exists: its scenarios, seats, a new
//! game) and [`GameBox`] (a game being played), or goes back to typed code through
//! [`visit`] and a [`GameVisitor`].

use crate::ai::simulate::{play_policies, Policy};
use crate::engine::{
    typed, Chance, Game, GameBox, Notation, OptionalRule, Outcome, Playable, Played, ScenarioInfo,
    Scripted, Seat, StoredPosition,
};
use crate::games::fury::Fury;
use crate::games::g1066::G1066;
use crate::games::v878::V878;
use std::marker::PhantomData;

/// Generic code to run for one game, chosen by its id at run time: `visit::<G>` is
/// called with the game's type.
pub trait GameVisitor {
    type Out;
    fn visit<G: Playable>(self) -> Self::Out;
}

/// The ids of every game, in the order `skald games` lists them.
pub const ALL: [&str; 3] = [Fury::ID, V878::ID, G1066::ID];

/// Runs `visitor` for the game with this id: the one place that maps ids to types.
pub fn visit<V: GameVisitor>(id: &str, visitor: V) -> Result<V::Out, String> {
    match id.trim().to_ascii_lowercase().as_str() {
        Fury::ID => Ok(visitor.visit::<Fury>()),
        V878::ID => Ok(visitor.visit::<V878>()),
        G1066::ID => Ok(visitor.visit::<G1066>()),
        _ => Err(format!("no game '{id}' (there are: {})", ALL.join(", "))),
    }
}

/// What every game offers before a game of it exists, erased: implemented once, for
/// every game, by [`Kind`].
pub trait GameType: Send + Sync {
    fn id(&self) -> &'static str;
    fn name(&self) -> &'static str;
    /// The rules version this build plays (saves record it).
    fn rules_version(&self) -> u32;
    fn scenarios(&self) -> Vec<ScenarioInfo>;
    /// The seat names of a scenario, in seat order.
    fn seat_names(&self, scenario: &str) -> Result<Vec<&'static str>, String>;
    /// A new game of a scenario, its chance stream seeded.
    fn new_game(&self, scenario: &str, seed: u64) -> Result<Box<dyn GameBox>, String> {
        self.new_game_with_rules(scenario, &[], seed)
    }
    /// The optional rules a game may be started with (none are on by default).
    fn optional_rules(&self) -> &'static [OptionalRule];
    /// A new game of a scenario with these optional rules on, its chance stream seeded.
    fn new_game_with_rules(
        &self,
        scenario: &str,
        rules: &[String],
        seed: u64,
    ) -> Result<Box<dyn GameBox>, String>;
    /// A new game of a scenario whose set-up takes these chance outcomes first (a
    /// shuffle's order, a die): for tests and rule case files only.
    fn new_game_scripted(
        &self,
        scenario: &str,
        seed: u64,
        script: &[Scripted],
    ) -> Result<Box<dyn GameBox>, String>;
    /// A game from a position in the game's notation, its chance stream seeded.
    fn game_at_position(&self, text: &str, seed: u64) -> Result<Box<dyn GameBox>, String>;
    /// A game from a stored position (data, or notation in older saves), checked, its
    /// chance stream seeded.
    fn game_from_stored(
        &self,
        stored: &StoredPosition,
        seed: u64,
    ) -> Result<Box<dyn GameBox>, String>;
    /// A new game from options as saves keep them (JSON) and a seed.
    fn game_with_options(&self, options_json: &str, seed: u64) -> Result<Box<dyn GameBox>, String>;
    /// One whole game between computer players, typed inside (no notation round
    /// trips): `policies[i]` plays seat i (a seat past the end plays at random).
    fn simulate(
        &self,
        scenario: &str,
        rules: &[String],
        seed: u64,
        max_decisions: u32,
        policies: &[Policy],
    ) -> Result<SimGame, String>;
}

/// A game's type, erased: `Kind::<Fury>::new()`.
pub struct Kind<G>(PhantomData<fn() -> G>);

impl<G> Kind<G> {
    pub const fn new() -> Self {
        Kind(PhantomData)
    }
}

impl<G> Default for Kind<G> {
    fn default() -> Self {
        Kind::new()
    }
}

/// What `simulate` reports of one game.
#[derive(Clone, Debug)]
pub struct SimGame {
    pub outcome: Option<Outcome>,
    /// The winners by seat name (empty for a draw or an unfinished game).
    pub winners: Vec<&'static str>,
    pub decisions: u32,
    pub stuck: Option<String>,
    /// How long each seat's player took over each of its decisions, by seat index.
    pub thinking: Vec<Vec<std::time::Duration>>,
    /// How long each seat's player took over all its decisions in each phase of the
    /// game (as a person waits for it), by seat index; empty unless some seat searched.
    pub runs: Vec<Vec<std::time::Duration>>,
    /// The victory figures at the end ([`crate::engine::Game::standing`]), with the
    /// seat's name for a seat's figure.
    pub standing: Vec<(Option<&'static str>, crate::engine::Standing)>,
}

/// Every game, in the order `skald games` lists them.
pub fn games() -> Vec<&'static dyn GameType> {
    ALL.iter().filter_map(|id| find(id).ok()).collect()
}

/// The game with this id (any case, spaces around it ignored).
pub fn find(id: &str) -> Result<&'static dyn GameType, String> {
    struct Erase;
    impl GameVisitor for Erase {
        type Out = &'static dyn GameType;
        fn visit<G: Playable>(self) -> &'static dyn GameType {
            // `Kind` has no size: leaking one allocates nothing.
            Box::leak(Box::new(Kind::<G>::new()))
        }
    }
    visit(id, Erase)
}

/// An action in notation as people read it after the name of the seat taking it
/// ([`crate::engine::Presentation::action_words`]), worded from `before`, the game just
/// before the action; the notation itself where the game has no words for it or the
/// text does not read as an action there. It tells no more than the notation: whoever
/// may not see the notation (another seat's secret) may not see this either.
pub fn action_words(before: &dyn GameBox, seat: Seat, notation: &str) -> String {
    struct Words<'a> {
        game: &'a dyn GameBox,
        seat: Seat,
        notation: &'a str,
    }
    impl GameVisitor for Words<'_> {
        type Out = Option<String>;
        fn visit<G: Playable>(self) -> Option<String> {
            let state = typed::<G>(self.game)?;
            let action = G::parse_action(state, self.notation).ok()?;
            G::action_words(state, self.seat, &action)
        }
    }
    let words = Words {
        game: before,
        seat,
        notation,
    };
    visit(before.game_id(), words)
        .ok()
        .flatten()
        .unwrap_or_else(|| notation.to_string())
}

impl<G: Playable> GameType for Kind<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn rules_version(&self) -> u32 {
        G::RULES_VERSION
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        G::scenarios()
    }
    fn seat_names(&self, scenario: &str) -> Result<Vec<&'static str>, String> {
        Ok(G::seat_names(&G::options(scenario)?))
    }
    fn optional_rules(&self) -> &'static [OptionalRule] {
        G::optional_rules()
    }
    fn new_game_with_rules(
        &self,
        scenario: &str,
        rules: &[String],
        seed: u64,
    ) -> Result<Box<dyn GameBox>, String> {
        let options = options_with_rules::<G>(scenario, rules)?;
        Ok(Played::<G>::boxed(G::setup(&options, seed)))
    }
    fn new_game_scripted(
        &self,
        scenario: &str,
        seed: u64,
        script: &[Scripted],
    ) -> Result<Box<dyn GameBox>, String> {
        let options = G::options(scenario)?;
        let mut chance = Chance::new(seed);
        chance.script(script.iter().cloned());
        Ok(Played::<G>::boxed(G::setup_with(&options, chance)))
    }
    fn game_at_position(&self, text: &str, seed: u64) -> Result<Box<dyn GameBox>, String> {
        let state = <G as Notation>::parse_position(text, seed).map_err(|e| e.to_string())?;
        Ok(Played::<G>::boxed(state))
    }
    fn game_from_stored(
        &self,
        stored: &StoredPosition,
        seed: u64,
    ) -> Result<Box<dyn GameBox>, String> {
        match stored {
            StoredPosition::Data(data) => {
                Ok(Played::<G>::boxed(G::from_position_data(data, seed)?))
            }
            StoredPosition::Notation(text) => self.game_at_position(text, seed),
        }
    }
    fn game_with_options(&self, options_json: &str, seed: u64) -> Result<Box<dyn GameBox>, String> {
        let options: G::Options = serde_json::from_str(options_json)
            .map_err(|e| format!("the options of {} could not be read: {e}", G::NAME))?;
        G::check_options(&options)?;
        Ok(Played::<G>::boxed(G::setup(&options, seed)))
    }
    fn simulate(
        &self,
        scenario: &str,
        rules: &[String],
        seed: u64,
        max_decisions: u32,
        policies: &[Policy],
    ) -> Result<SimGame, String> {
        let options = options_with_rules::<G>(scenario, rules)?;
        let names = G::seat_names(&options);
        let policy = |seat: Seat| {
            policies
                .get(seat.0 as usize)
                .copied()
                .unwrap_or(Policy::Random)
        };
        let played = play_policies::<G>(&options, seed, max_decisions, policy);
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
        let mut thinking = vec![Vec::new(); names.len()];
        let mut runs: Vec<Vec<std::time::Duration>> = vec![Vec::new(); names.len()];
        // The phase each seat's last run was in.
        let mut run_phase: Vec<Option<u32>> = vec![None; names.len()];
        for (n, ((seat, _), time)) in played.actions.iter().zip(&played.times).enumerate() {
            let i = seat.0 as usize;
            if let Some(times) = thinking.get_mut(i) {
                times.push(*time);
            }
            let (Some(&phase), Some(seat_runs)) = (played.phases.get(n), runs.get_mut(i)) else {
                continue;
            };
            match seat_runs.last_mut() {
                Some(run) if run_phase[i] == Some(phase) => *run += *time,
                _ => seat_runs.push(*time),
            }
            run_phase[i] = Some(phase);
        }
        let standing = played
            .standing
            .into_iter()
            .map(|s| {
                (
                    s.seat.and_then(|seat| names.get(seat.0 as usize).copied()),
                    s,
                )
            })
            .collect();
        Ok(SimGame {
            outcome: played.outcome,
            winners,
            decisions: played.decisions,
            stuck: played.stuck,
            thinking,
            runs,
            standing,
        })
    }
}

/// A scenario's options with the named optional rules switched on.
fn options_with_rules<G: Game>(scenario: &str, rules: &[String]) -> Result<G::Options, String> {
    let mut options = G::options(scenario)?;
    for rule in rules {
        G::enable_rule(&mut options, rule.trim())?;
    }
    Ok(options)
}
