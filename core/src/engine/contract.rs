//! The contract every game implements: a value type for the state plus pure functions,
//! in the spirit of OpenSpiel. Everything above the games (simulation, the terminal,
//! sessions, saves, the FFI) works through this trait or its type-erased form
//! [`super::dynamic::GameBox`].

use super::chance::Chance;
use super::error::{NotationError, RuleError};
use super::event::GameEvent;
use super::position::{digests, PositionData, Secrets};
use super::preview::Preview;
use super::seat::{Seat, Turn};
use super::target::Target;

/// One figure of where the game stands for victory now (loot aboard, Victory Points,
/// markers on the track): what the victory rule will count, before the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The seat it counts for; None for a figure of the whole table (the round).
    pub seat: Option<Seat>,
    /// A short key, one word in lower case ("loot", "vp", "markers").
    pub key: &'static str,
    /// The figure as it is read ("12", "14.5").
    pub value: String,
    /// The rule that counts it ("11.0", "7.0").
    pub rule: &'static str,
}

/// A scenario (or game variant) a player can choose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub summary: &'static str,
}

/// An optional rule of the rulebook that the players may switch on when a game starts
/// (off by default; a save keeps it in its options).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionalRule {
    /// The id the terminal and the apps use (`overrun`).
    pub id: &'static str,
    pub name: &'static str,
    /// The rulebook's section (`25.0`).
    pub rule: &'static str,
    /// What it changes, in a line of our own.
    pub summary: &'static str,
}

/// How the search player weighs the moves at its root (`ai::search`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchRoot {
    /// A UCB tree grown by progressive widening (ISMCTS).
    Tree,
    /// This many candidates (the simple player's move and others) halved round by
    /// round on common draws (`ai::halving`).
    Halving { candidates: u32 },
}

pub trait Game: 'static {
    /// Short id used on the command line and in saves ("fury").
    const ID: &'static str;
    const NAME: &'static str;
    /// Bumped whenever a rule change would make an old action log replay differently.
    const RULES_VERSION: u32;
    /// The version of the state's data shape ([`PositionData`]): bumped when a field
    /// changes type or meaning, so that stored positions of the old shape are refused
    /// (a snapshot is then skipped and its log replayed) instead of misread.
    const POSITION_FORMAT: u32 = 1;
    /// How many standard errors the search's most visited move must beat the simple
    /// player's by before the search plays it (`ai::search::Budget::confidence`, when a
    /// budget does not say). 0 plays the most visited move. A game whose evaluation is
    /// noisy next to the differences between moves asks for a margin: there the most
    /// visited move is often noise, and the simple player's is the better guess.
    const SEARCH_CONFIDENCE: f64 = 0.0;
    /// How many decisions (every seat's) a search playout plays before the evaluation
    /// scores it (`ai::search::Budget::horizon`, when a budget does not say): long enough
    /// to reach what the evaluation cannot see coming, such as a battle's outcome.
    const SEARCH_HORIZON: u32 = 24;
    /// How the search weighs its root (`ai::search::Budget::root`, when a budget does
    /// not say): the UCB tree, or sequential halving of candidates on common draws.
    /// Measured per game (`core/src/ai/STRENGTH.md`): halving plays 878 better at the
    /// easy level and as well at normal; in Fury it overruled the simple player for
    /// worse, so Fury keeps the tree.
    const SEARCH_ROOT: SearchRoot = SearchRoot::Tree;
    /// How many decisions a playout plays when the search compares plans
    /// ([`Game::plans`]; `ai::search::Budget::horizon`, when a budget does not say).
    /// A plan is chosen once a phase and its gain comes over turns, so a game may ask
    /// for playouts to its end (`u32::MAX`), where the score is the result itself.
    const PLAN_HORIZON: u32 = Self::SEARCH_HORIZON;

    /// Stored in saves as JSON, so a save can start its game again exactly.
    type Options: Clone + std::fmt::Debug + serde::Serialize + serde::de::DeserializeOwned;
    /// A position as plain data (serde; the chance stream is skipped) whose hidden
    /// parts are [`Hidden`](super::position::Hidden) and visited by its [`Secrets`]:
    /// hashes, equality, stored form and view masking derive from that
    /// ([`super::position`]).
    type State: Clone
        + std::fmt::Debug
        + Send
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Secrets;
    type Action: Clone + PartialEq + std::fmt::Debug;
    /// What a set of seats may see. Holds no secret of any other seat, nor the RNG.
    type View: Clone + std::fmt::Debug + Send + 'static;
    /// What happened, as values (kind and fields); text only from [`Game::describe`].
    type Event: Clone + PartialEq + std::fmt::Debug;

    fn scenarios() -> Vec<ScenarioInfo>;
    /// Options for a scenario id, with every house ruling at its default.
    fn options(scenario: &str) -> Result<Self::Options, String>;
    /// The seats of a game with these options, in seat order.
    fn seat_names(options: &Self::Options) -> Vec<&'static str>;
    /// The optional rules a game may be started with.
    fn optional_rules() -> &'static [OptionalRule] {
        &[]
    }
    /// Switches the optional rule `id` of [`Game::optional_rules`] on.
    fn enable_rule(options: &mut Self::Options, id: &str) -> Result<(), String> {
        let _ = options;
        Err(format!("this game has no optional rule '{id}'"))
    }

    /// Checks options read from outside (a save, an imported file) before `setup` sees
    /// them: an index out of range must be refused here, not panic later.
    fn check_options(options: &Self::Options) -> Result<(), String> {
        let _ = options;
        Ok(())
    }
    /// The options a state was set up with.
    fn options_of(state: &Self::State) -> &Self::Options;

    /// The starting state, drawing every chance outcome (now and later) from `chance`.
    fn setup_with(options: &Self::Options, chance: Chance) -> Self::State;
    /// The starting state of a game seeded with `seed`.
    fn setup(options: &Self::Options, seed: u64) -> Self::State {
        Self::setup_with(options, Chance::new(seed))
    }

    fn to_act(state: &Self::State) -> Turn;
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action>;
    /// Applies an action. On error the state is unchanged.
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<GameEvent<Self::Event>>, RuleError>;

    /// What an action touches, in the order a person taps them (pieces, cells, cards,
    /// a count, a button's word). Two legal actions of one seat never have the same
    /// list, so taps always lead to one action.
    fn targets(state: &Self::State, action: &Self::Action) -> Vec<Target>;

    /// What is known before committing to an action decided by chance: the odds and
    /// the probability of each outcome (exact for one roll, estimated for many), from
    /// what `seat` may see. None for an action chance does not decide.
    fn preview(state: &Self::State, seat: Seat, action: &Self::Action) -> Option<Preview> {
        let _ = (state, seat, action);
        None
    }

    /// The text people read for an event: the one place a game words what happened.
    /// Case files match it word for word, so it stays as it is once written.
    fn describe(event: &Self::Event) -> String;

    /// Other words for an event where `describe` carries notation people should not
    /// have to read (a phase by its id, `viking-movement`): the apps, the scene's log and
    /// the terminal's news show these ([`super::Event::for_people`]), case files keep
    /// matching `describe`. The default, None, keeps `describe`.
    fn describe_for_people(event: &Self::Event) -> Option<String> {
        let _ = event;
        None
    }

    /// What a picture of the board shows of an event: its dice and the move or attack
    /// it was, for the scene's dice log and arrows. The default shows nothing.
    fn marks(event: &Self::Event) -> super::Marks {
        let _ = event;
        super::Marks::default()
    }

    /// A random legal action, for the random player. Every action it returns must be
    /// in `legal_actions`; games whose lists are long may override it to draw in two
    /// steps (which piece, then which move) instead of listing everything. The default
    /// draws uniformly from the whole list.
    fn random_action(state: &Self::State, seat: Seat, rng: &mut Chance) -> Option<Self::Action> {
        let mut actions = Self::legal_actions(state, seat);
        if actions.is_empty() {
            return None;
        }
        let i = rng.roll(actions.len() as u32) as usize - 1;
        Some(actions.swap_remove(i))
    }

    /// The simple player's action for `seat` (issue 10): rules of thumb a new player
    /// finds sensible, a few milliseconds a decision. `state` is never the true state:
    /// callers pass one drawn from the seat's own view ([`Game::resample`]), so whatever
    /// it reads that the seat may not see (another hand, a deck's order) is a guess.
    /// Every action it returns must be in `legal_actions`; None only when there is none.
    /// The default is the random player.
    fn simple_action(state: &Self::State, seat: Seat, rng: &mut Chance) -> Option<Self::Action> {
        Self::random_action(state, seat, rng)
    }

    /// How many playout policies (plans) the search may compare for `seat` here, plan 0
    /// being the simple player: a portfolio of whole ways to play, which the halving
    /// root weighs against each other on common draws instead of single moves
    /// (Portfolio Greedy Search, Churchill and Buro 2013). Where one move changes the
    /// evaluation by less than the dice do, a plan followed for many decisions may
    /// still differ by more. 0 or 1: no portfolio, the root weighs moves as ever.
    /// The default: none.
    fn plans(state: &Self::State, seat: Seat) -> u32 {
        let _ = (state, seat);
        0
    }

    /// The action plan `plan` (below [`Game::plans`]) takes for `seat`: like
    /// [`Game::simple_action`], given states drawn from a view, every action legal, None
    /// only when there is none. Plan 0, and the default for every plan, is the simple
    /// player.
    fn plan_action(
        state: &Self::State,
        seat: Seat,
        plan: u32,
        rng: &mut Chance,
    ) -> Option<Self::Action> {
        let _ = plan;
        Self::simple_action(state, seat, rng)
    }

    /// How well `seat` stands, from 0.0 (lost) to 1.0 (won): the search player's score
    /// for a playout cut short, and the simple player's yardstick. Like
    /// [`Game::simple_action`] it is given states drawn from a view. The default knows
    /// only finished games (1 for a winner, 0 for a loser, 0.5 for a draw or a game
    /// still going).
    fn evaluate(state: &Self::State, seat: Seat) -> f64 {
        match Self::to_act(state) {
            Turn::Over(outcome) if outcome.winners.is_empty() => 0.5,
            Turn::Over(outcome) if outcome.winners.contains(&seat) => 1.0,
            Turn::Over(_) => 0.0,
            Turn::Decide(_) => 0.5,
        }
    }

    /// Whether the search player should weigh this decision of `seat`, or leave it to
    /// the simple player: false where the evaluation cannot tell the choices apart
    /// within a search's horizon (setting up the board). The default: always search.
    fn worth_searching(state: &Self::State, seat: Seat) -> bool {
        let _ = (state, seat);
        true
    }

    /// The legal actions the search player weighs for `seat`: all of them unless the
    /// game leaves out moves that only take back, at no cost, what was done earlier in
    /// the same turn (878: units put back on or off a Leader's card before he moves).
    /// Choosing between near-equal moves, a search may follow noise; where a move can be
    /// taken back for free, it could go to and fro for ever. People keep every legal
    /// action. Never empty while `legal_actions` is not.
    fn search_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action> {
        Self::legal_actions(state, seat)
    }

    fn view(state: &Self::State, seats: &[Seat]) -> Self::View;
    /// A full state consistent with a view, drawing the unseen parts from `rng`:
    /// the only way the search player may obtain a state.
    fn resample(view: &Self::View, rng: &mut Chance) -> Self::State;

    /// The chance stream of a state (how much it has drawn, where it stands).
    fn chance(state: &Self::State) -> &Chance;
    /// The chance stream, to script outcomes (tests, case files) or to restore it from a
    /// snapshot: never called by the rules' callers in play.
    fn chance_mut(state: &mut Self::State) -> &mut Chance;

    /// The action a seat's private standing order "always pass" takes now, if the
    /// decision due from it is a response window it may decline (so that being asked
    /// at every battle need not hand the device over). None otherwise.
    fn standing_pass(state: &Self::State, seat: Seat) -> Option<Self::Action> {
        let _ = (state, seat);
        None
    }
    /// Whether `action`, taken in `state`, is a secret of the seat taking it (a hidden
    /// choice, such as 878's Advanced Setup deck picks): anything shown to other seats
    /// (a seat's replay) must not name it. A game without secret choices keeps the
    /// default.
    fn action_is_secret(state: &Self::State, action: &Self::Action) -> bool {
        let _ = (state, action);
        false
    }
    /// A hash of everything in the state that the rules depend on (for replay checks):
    /// its data, derived from the serde shape.
    fn state_hash(state: &Self::State) -> u64 {
        digests(state).whole
    }

    /// A hash of everything some seat may not see (hands, deck orders, face-down pieces,
    /// secret choices) and of what each seat sees of it. When it changes, something
    /// hidden was drawn, played, shown or chosen, and undo may not cross that point (the
    /// chance stream's count covers dice and shuffles); face-down pieces that only move
    /// leave it alone. Derived from the state's [`Hidden`](super::position::Hidden)
    /// parts ([`knowledge_digest`](super::position::knowledge_digest)).
    fn hidden_digest(state: &Self::State) -> u64 {
        let seats =
            u8::try_from(Self::seat_names(Self::options_of(state)).len()).unwrap_or(u8::MAX);
        super::position::knowledge_digest(state, seats)
    }

    /// Refuses a position that breaks the rules (stacking, counters that disagree):
    /// every position read from outside (notation, stored data) passes through it.
    fn check_position(state: &Self::State) -> Result<(), String> {
        let _ = state;
        Ok(())
    }

    /// The position as stored data (snapshots, games continued from a point).
    fn position_data(state: &Self::State) -> Result<PositionData, String> {
        PositionData::of(Self::POSITION_FORMAT, state)
    }

    /// A position read from stored data, checked, its chance stream seeded with `seed`.
    fn from_position_data(stored: &PositionData, seed: u64) -> Result<Self::State, String> {
        let mut state: Self::State = stored.read(Self::POSITION_FORMAT)?;
        Self::check_position(&state)?;
        *Self::chance_mut(&mut state) = Chance::new(seed);
        Ok(state)
    }

    /// The score and victory standing now, figure by figure (empty for a game that
    /// counts nothing before its end).
    fn standing(state: &Self::State) -> Vec<Standing> {
        let _ = state;
        Vec::new()
    }

    /// Where the game stands, in a few words for a list of saves ("Turn 3, Viking
    /// Movement").
    fn progress(state: &Self::State) -> String {
        let _ = state;
        String::new()
    }
}

/// The stable text form of a game's actions and positions (saves' logs, case files, bug
/// reports, the terminal): `docs/notation.md`.
pub trait Notation: Game {
    fn format_action(state: &Self::State, action: &Self::Action) -> String;
    fn parse_action(state: &Self::State, text: &str) -> Result<Self::Action, NotationError>;
    /// The whole position (everything but the chance stream) in notation.
    fn format_position(state: &Self::State) -> String;
    /// Parses a position; its chance stream is seeded with `seed`.
    fn parse_position(text: &str, seed: u64) -> Result<Self::State, NotationError>;
    /// A view in position notation: hidden parts are marked, never printed.
    fn format_view(view: &Self::View) -> String;
    /// Die faces to script, as case files write them after `dice`: numbers from 1, or
    /// whatever names the game gives its faces (878: a die kind, then face names).
    fn parse_dice(text: &str) -> Result<Vec<u32>, NotationError> {
        text.split_whitespace()
            .map(|word| match word.parse::<u32>() {
                Ok(face) if face >= 1 => Ok(face),
                _ => Err(NotationError::new(format!(
                    "die faces are numbers from 1, not '{word}'"
                ))),
            })
            .collect()
    }
}

/// How a game is shown to people: the terminal's board text, the apps' scene, an action
/// in words. Kept out of [`Game`]: no rule depends on it.
pub trait Presentation: Game {
    /// The board as a person reads it in a terminal, as the view's seats may see it:
    /// everything (the terminal's `board`).
    fn render(view: &Self::View) -> String;
    /// What a terminal shows before each decision: the board and its status in at most
    /// 47 rows of 80 characters, so that with two lines of news and the prompt it fits
    /// an 80x50 terminal. The default is the whole `render`.
    fn render_screen(view: &Self::View) -> String {
        Self::render(view)
    }
    /// The board as the view's seats may see it, for the scene (issue 11): cells,
    /// pieces with their counters' values, markers, status (`engine::scene`). The
    /// default draws nothing: for test games without a map.
    fn board(_view: &Self::View) -> crate::engine::scene::Board {
        crate::engine::scene::Board::default()
    }
    /// An action as people read it after the name of the seat that took it ("end Viking
    /// movement (5.0)", "march 2 Thegn from LUNDENWIC to Ciltern-sǣtan"): the apps' line
    /// for an action played for a seat, made ready by taps or suggested by a hint, where
    /// notation would be a code. `state` is the
    /// game just before the action. The words tell nothing the notation does not (the
    /// caller hides another seat's secret action, words and notation alike). The
    /// default, None, leaves the notation.
    fn action_words(state: &Self::State, seat: Seat, action: &Self::Action) -> Option<String> {
        let _ = (state, seat, action);
        None
    }
}

/// A game the erased interface can carry: rules, notation and presentation.
pub trait Playable: Game + Notation + Presentation {}

impl<G: Game + Notation + Presentation> Playable for G {}
