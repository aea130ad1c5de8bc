//! The erased game: one interface over every game, written once as a generic adapter
//! ([`Played`]) over the typed contract, so that the terminal, sessions, saves, case
//! files and the FFI are written once. Generic code (`fn f<G: Game>`) gets back to the
//! typed game with [`typed`], or through the registry's visitor.
//!
//! What people and the app call is [`GameBox`]; the hooks that script chance for tests
//! and case files are apart, in [`ChanceScript`].

use super::chance::{Chance, ChancePoint, Scripted};
use super::contract::{Game, Playable, Standing};
use super::error::{NotationError, RuleError};
use super::event::{Event, GameEvent};
use super::position::PositionData;
use super::preview::Preview;
use super::seat::{Seat, Turn};
use super::target::Target;
use crate::ai::search::{Budget, Decided};
use std::any::Any;
use std::sync::atomic::AtomicBool;
use thiserror::Error;

/// A legal action as notation, ready to show in a list or send back, with what it
/// touches ([`Game::targets`]), so that lists can be grouped by piece and taps narrowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionEntry {
    pub notation: String,
    pub targets: Vec<Target>,
}

/// The search player's advice for a seat, in notation ([`GameBox::search`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchAdvice {
    /// The action it would take.
    pub action: String,
    pub decided: Decided,
    /// The actions it weighed, most tried first: how often, and the mean score the seat
    /// reached after them (0 lost, 1 won: a win chance as the evaluation sees it).
    pub candidates: Vec<AdviceCandidate>,
    pub iterations: u32,
    /// The plan of the game's portfolio it follows, to keep for the rest of the phase
    /// ([`crate::ai::plans::PlanMemory`]); None where there is none.
    pub plan: Option<u32>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AdviceCandidate {
    pub notation: String,
    pub visits: u32,
    pub value: f64,
}

/// How many positions redrawn from the other seats' view must agree before a single
/// legal action counts as forced ([`GameBox::forced_action`]).
const FORCED_SAMPLES: u64 = 4;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    #[error("{0}")]
    Notation(#[from] super::error::NotationError),
    #[error("{0}")]
    Rule(#[from] RuleError),
    #[error("no decision is due from seat {0}")]
    NotYourTurn(u8),
}

/// The search player for one seat of one position, holding only that seat's view
/// ([`GameBox::seat_search`]): what a hint searches with off the caller's thread.
pub trait SeatSearch: Send {
    /// As [`GameBox::search`] for the seat and position it was made from.
    fn search(
        &self,
        budget: &Budget,
        seed: u64,
        cancel: &AtomicBool,
        kept: Option<u32>,
    ) -> Option<SearchAdvice>;
}

/// A seat's view and a state drawn from it, in which the seat's own actions are written
/// as in the true state (`engine::consistency` checks it).
struct ViewSearch<G: Game> {
    seat: Seat,
    view: G::View,
    drawn: G::State,
}

impl<G: Playable> SeatSearch for ViewSearch<G> {
    fn search(
        &self,
        budget: &Budget,
        seed: u64,
        cancel: &AtomicBool,
        kept: Option<u32>,
    ) -> Option<SearchAdvice> {
        let found = crate::ai::search::search_keeping::<G>(
            &self.view, self.seat, budget, seed, cancel, kept,
        )?;
        Some(advice::<G>(&self.drawn, found))
    }
}

/// The search's choice in notation, written in `state` (the seat's own legal actions
/// read the same in any state its view allows).
fn advice<G: Playable>(
    state: &G::State,
    found: crate::ai::search::Searched<G::Action>,
) -> SearchAdvice {
    let text = |a: &G::Action| G::format_action(state, a);
    SearchAdvice {
        action: text(&found.action),
        decided: found.decided,
        candidates: found
            .candidates
            .iter()
            .map(|c| AdviceCandidate {
                notation: text(&c.action),
                visits: c.visits,
                value: c.value,
            })
            .collect(),
        iterations: found.iterations,
        plan: found.plan,
    }
}

/// Any game, erased. Every method that only reads takes `&self`.
pub trait GameBox: Send {
    fn game_id(&self) -> &'static str;
    fn seat_names(&self) -> Vec<&'static str>;
    fn to_act(&self) -> Turn;
    fn legal_actions(&self, seat: Seat) -> Vec<ActionEntry>;
    /// The seat's only legal action, in notation, when taking it for the person reveals
    /// nothing: it is not a secret choice, and the other seats could tell it was the
    /// only one from what they see (the same single action in positions redrawn from
    /// their view), so that taking it without asking gives away no hand or hidden
    /// piece. None when the seat has a real choice (or no action).
    fn forced_action(&self, seat: Seat) -> Option<String>;
    /// The game's simple player's action for `seat`, in notation, decided on a position
    /// drawn (with `guesses`) from the seat's own view ([`Game::simple_action`]).
    fn simple_action(&self, seat: Seat, guesses: &mut Chance, rng: &mut Chance) -> Option<String>;
    /// What the search player ([`crate::ai::search`]) would do for `seat`, and what it
    /// thinks of the actions it weighed, decided from the seat's own view only. None
    /// when the seat has no legal action or `cancel` was set (nothing changes either way).
    /// `kept` is the plan the seat chose earlier in this phase, if any
    /// ([`crate::ai::search::search_keeping`]).
    fn search(
        &self,
        seat: Seat,
        budget: &Budget,
        seed: u64,
        cancel: &AtomicBool,
        kept: Option<u32>,
    ) -> Option<SearchAdvice>;
    /// The search for `seat` as a value to run on any thread: it holds that seat's view
    /// only (no secret of another seat, no chance stream) and chooses, and words, what
    /// [`GameBox::search`] would for this position.
    fn seat_search(&self, seat: Seat) -> Box<dyn SeatSearch>;
    /// Parses and applies one action in notation; on error nothing changes.
    fn play(&mut self, seat: Seat, notation: &str) -> Result<Vec<Event>, PlayError>;
    fn position(&self) -> String;
    /// The position as these seats may see it (no secret of another seat).
    fn view_position(&self, seats: &[Seat]) -> String;
    /// The notation of the action a seat's "always pass" standing order takes now.
    fn standing_pass(&self, seat: Seat) -> Option<String>;
    /// The board as terminal text, as these seats may see it.
    fn render(&self, seats: &[Seat]) -> String;
    /// The board as a terminal shows it before each decision (fits 80x47).
    fn render_screen(&self, seats: &[Seat]) -> String;
    /// The board for the scene, as these seats may see it ([`crate::engine::scene`]).
    fn board(&self, seats: &[Seat]) -> crate::engine::scene::Board;
    fn state_hash(&self) -> u64;
    fn clone_box(&self) -> Box<dyn GameBox>;
    /// How many chance outcomes (rolls, shuffles) the game has drawn so far.
    fn chance_used(&self) -> u64;
    /// Changes whenever something hidden is drawn, played, shown or chosen.
    fn hidden_digest(&self) -> u64;
    /// Where the game stands, in a few words.
    fn progress(&self) -> String;
    /// The game's options as JSON, as saves keep them.
    fn options_json(&self) -> String;
    /// The whole position with everything no seat knows drawn again (deck orders and
    /// the like, from a chance stream seeded with `seed`), for continuing a game from
    /// an earlier point without its recorded future: what any seat could see is kept.
    fn redealt_position(&self, seed: u64) -> String;
    /// The whole position as stored data ([`Game::position_data`]), secrets included.
    fn position_data(&self) -> Result<PositionData, String>;
    /// [`GameBox::redealt_position`] as stored data.
    fn redealt_data(&self, seed: u64) -> Result<PositionData, String>;
    /// Whether the action in notation, taken now, is a secret of the seat taking it
    /// ([`Game::action_is_secret`]). Text that does not read as an action counts as
    /// secret, so nothing unread is ever shown to another seat.
    fn action_is_secret(&self, notation: &str) -> bool;
    /// Where the game's chance stream stands (a snapshot keeps it with the position).
    fn chance_point(&self) -> ChancePoint;
    /// Puts the chance stream at `point` of the stream seeded with `seed` (the save's
    /// seed): with the position, the game continues exactly as it would have.
    fn restore_chance(&mut self, seed: u64, point: ChancePoint);
    /// The odds of an action in notation before committing to it ([`Game::preview`]);
    /// None when chance does not decide it or the text is not a legal action.
    fn preview(&self, seat: Seat, notation: &str) -> Option<Preview>;
    /// The score and victory standing now ([`Game::standing`]).
    fn standing(&self) -> Vec<Standing>;
    /// The hooks that fix chance outcomes, for tests and rule case files only.
    fn chance_script(&mut self) -> &mut dyn ChanceScript;
    /// The typed game inside, for [`typed`].
    fn as_any(&self) -> &dyn Any;
}

/// Fixing chance outcomes from outside the rules: tests and case files, never play.
pub trait ChanceScript {
    /// Queues outcomes that the next chance events take, in order.
    fn script(&mut self, outcomes: &[Scripted]);
    /// Queues die faces written as the game's notation reads them
    /// ([`super::contract::Notation::parse_dice`]); returns how many.
    fn script_dice(&mut self, text: &str) -> Result<usize, NotationError>;
    /// Scripted outcomes not yet used.
    fn scripted_left(&self) -> usize;
}

impl<G: Playable> ChanceScript for Played<G> {
    fn script(&mut self, outcomes: &[Scripted]) {
        G::chance_mut(&mut self.state).script(outcomes.iter().cloned());
    }
    fn script_dice(&mut self, text: &str) -> Result<usize, NotationError> {
        let faces = G::parse_dice(text)?;
        G::chance_mut(&mut self.state).script_rolls(&faces);
        Ok(faces.len())
    }
    fn scripted_left(&self) -> usize {
        G::chance(&self.state).scripted_left()
    }
}

/// The one adapter from a typed game to [`GameBox`].
pub struct Played<G: Game> {
    pub state: G::State,
}

impl<G: Game> Clone for Played<G> {
    fn clone(&self) -> Self {
        Played {
            state: self.state.clone(),
        }
    }
}

impl<G: Playable> Played<G> {
    pub fn boxed(state: G::State) -> Box<dyn GameBox> {
        Box::new(Played::<G> { state })
    }
}

/// The typed state inside an erased game, if it is a game of `G`: the way back from the
/// erased interface to generic code.
pub fn typed<G: Game>(game: &dyn GameBox) -> Option<&G::State> {
    game.as_any()
        .downcast_ref::<Played<G>>()
        .map(|played| &played.state)
}

/// An event as people read it: its text from the game's `describe`, and other words
/// for people from its `describe_for_people` where the text carries notation.
pub fn describe<G: Game>(event: GameEvent<G::Event>) -> Event {
    Event {
        text: G::describe(&event.kind),
        words: G::describe_for_people(&event.kind),
        marks: G::marks(&event.kind),
        audience: event.audience,
        rule: event.rule,
    }
}

/// The state with everything no seat knows drawn again from a stream seeded `seed`.
fn redealt<G: Game>(state: &G::State, seed: u64) -> G::State {
    let view = G::view(state, &every_seat::<G>(state));
    G::resample(&view, &mut Chance::new(seed))
}

fn every_seat<G: Game>(state: &G::State) -> Vec<Seat> {
    (0..G::seat_names(G::options_of(state)).len())
        .map(|i| Seat(i as u8))
        .collect()
}

impl<G: Playable> GameBox for Played<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }
    fn seat_names(&self) -> Vec<&'static str> {
        G::seat_names(G::options_of(&self.state))
    }
    fn to_act(&self) -> Turn {
        G::to_act(&self.state)
    }
    fn legal_actions(&self, seat: Seat) -> Vec<ActionEntry> {
        G::legal_actions(&self.state, seat)
            .iter()
            .map(|a| ActionEntry {
                notation: G::format_action(&self.state, a),
                targets: G::targets(&self.state, a),
            })
            .collect()
    }
    fn simple_action(&self, seat: Seat, guesses: &mut Chance, rng: &mut Chance) -> Option<String> {
        crate::ai::simulate::simple_action::<G>(&self.state, seat, guesses, rng)
            .map(|a| G::format_action(&self.state, &a))
    }
    fn forced_action(&self, seat: Seat) -> Option<String> {
        let legal = G::legal_actions(&self.state, seat);
        let [only] = legal.as_slice() else {
            return None;
        };
        if G::action_is_secret(&self.state, only) {
            return None;
        }
        let others: Vec<Seat> = every_seat::<G>(&self.state)
            .into_iter()
            .filter(|&s| s != seat)
            .collect();
        let view = G::view(&self.state, &others);
        // Fixed seeds: whether an action is forced must not depend on the game's seed.
        let same_everywhere = (1..=FORCED_SAMPLES).all(|k| {
            let guess = G::resample(&view, &mut Chance::new(k));
            G::legal_actions(&guess, seat).as_slice() == std::slice::from_ref(only)
        });
        same_everywhere.then(|| G::format_action(&self.state, only))
    }
    fn search(
        &self,
        seat: Seat,
        budget: &Budget,
        seed: u64,
        cancel: &AtomicBool,
        kept: Option<u32>,
    ) -> Option<SearchAdvice> {
        // The search gets the seat's view, never the state.
        let view = G::view(&self.state, &[seat]);
        let found =
            crate::ai::search::search_keeping::<G>(&view, seat, budget, seed, cancel, kept)?;
        Some(advice::<G>(&self.state, found))
    }
    fn seat_search(&self, seat: Seat) -> Box<dyn SeatSearch> {
        let view = G::view(&self.state, &[seat]);
        // Formatting needs a state: one drawn from the view, with a fixed seed.
        let drawn = G::resample(&view, &mut Chance::new(0));
        Box::new(ViewSearch::<G> { seat, view, drawn })
    }
    fn play(&mut self, seat: Seat, notation: &str) -> Result<Vec<Event>, PlayError> {
        match G::to_act(&self.state) {
            Turn::Decide(seats) if seats.contains(&seat) => {}
            _ => return Err(PlayError::NotYourTurn(seat.0)),
        }
        let action = G::parse_action(&self.state, notation)?;
        let events = G::apply(&mut self.state, seat, &action)?;
        Ok(events.into_iter().map(describe::<G>).collect())
    }
    fn position(&self) -> String {
        G::format_position(&self.state)
    }
    fn view_position(&self, seats: &[Seat]) -> String {
        G::format_view(&G::view(&self.state, seats))
    }
    fn standing_pass(&self, seat: Seat) -> Option<String> {
        G::standing_pass(&self.state, seat).map(|a| G::format_action(&self.state, &a))
    }
    fn render(&self, seats: &[Seat]) -> String {
        G::render(&G::view(&self.state, seats))
    }
    fn render_screen(&self, seats: &[Seat]) -> String {
        G::render_screen(&G::view(&self.state, seats))
    }
    fn board(&self, seats: &[Seat]) -> crate::engine::scene::Board {
        G::board(&G::view(&self.state, seats))
    }
    fn state_hash(&self) -> u64 {
        G::state_hash(&self.state)
    }
    fn clone_box(&self) -> Box<dyn GameBox> {
        Box::new(self.clone())
    }
    fn chance_used(&self) -> u64 {
        G::chance(&self.state).used()
    }
    fn hidden_digest(&self) -> u64 {
        G::hidden_digest(&self.state)
    }
    fn progress(&self) -> String {
        G::progress(&self.state)
    }
    fn options_json(&self) -> String {
        // Options are plain data (numbers, flags); encoding them cannot fail.
        serde_json::to_string(G::options_of(&self.state)).unwrap_or_default()
    }
    fn redealt_position(&self, seed: u64) -> String {
        G::format_position(&redealt::<G>(&self.state, seed))
    }
    fn position_data(&self) -> Result<PositionData, String> {
        G::position_data(&self.state)
    }
    fn redealt_data(&self, seed: u64) -> Result<PositionData, String> {
        G::position_data(&redealt::<G>(&self.state, seed))
    }
    fn action_is_secret(&self, notation: &str) -> bool {
        match G::parse_action(&self.state, notation) {
            Ok(action) => G::action_is_secret(&self.state, &action),
            Err(_) => true,
        }
    }
    fn chance_point(&self) -> ChancePoint {
        G::chance(&self.state).point()
    }
    fn restore_chance(&mut self, seed: u64, point: ChancePoint) {
        *G::chance_mut(&mut self.state) = Chance::at_point(seed, point);
    }
    fn chance_script(&mut self) -> &mut dyn ChanceScript {
        self
    }
    fn standing(&self) -> Vec<Standing> {
        G::standing(&self.state)
    }
    fn preview(&self, seat: Seat, notation: &str) -> Option<Preview> {
        let action = G::parse_action(&self.state, notation).ok()?;
        if !G::legal_actions(&self.state, seat).contains(&action) {
            return None;
        }
        G::preview(&self.state, seat, &action)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}
