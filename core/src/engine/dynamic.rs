//! The type-erased game: one interface over every game, speaking notation, so that the
//! terminal, sessions, saves and the FFI are written once.

use super::chance::{Chance, ChancePoint};
use super::contract::Game;
use super::error::RuleError;
use super::event::{Event, GameEvent};
use super::seat::{Seat, Turn};
use thiserror::Error;

/// A legal action as notation, ready to show in a list or send back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionEntry {
    pub notation: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    #[error("{0}")]
    Notation(#[from] super::error::NotationError),
    #[error("{0}")]
    Rule(#[from] RuleError),
    #[error("no decision is due from seat {0}")]
    NotYourTurn(u8),
}

/// Any game, erased.
pub trait GameBox: Send {
    fn game_id(&self) -> &'static str;
    fn seat_names(&self) -> Vec<&'static str>;
    fn to_act(&self) -> Turn;
    fn legal_actions(&self, seat: Seat) -> Vec<ActionEntry>;
    /// Parses and applies one action in notation.
    fn play(&mut self, seat: Seat, notation: &str) -> Result<Vec<Event>, PlayError>;
    fn position(&self) -> String;
    /// The position as these seats may see it (no secret of another seat).
    fn view_position(&self, seats: &[Seat]) -> String;
    /// The notation of the action a seat's "always pass" standing order takes now.
    fn standing_pass(&self, seat: Seat) -> Option<String>;
    fn render(&self, seats: &[Seat]) -> String;
    fn script_rolls(&mut self, faces: &[u32]);
    fn scripted_left(&mut self) -> usize;
    fn state_hash(&self) -> u64;
    fn clone_box(&self) -> Box<dyn GameBox>;
    /// How many chance outcomes (rolls, shuffles) the game has drawn so far.
    fn chance_used(&mut self) -> u64;
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
    /// Whether the action in notation, taken now, is a secret of the seat taking it
    /// ([`Game::action_is_secret`]). Text that does not read as an action counts as
    /// secret, so nothing unread is ever shown to another seat.
    fn action_is_secret(&self, notation: &str) -> bool;
    /// Where the game's chance stream stands (a snapshot keeps it with the position).
    fn chance_point(&mut self) -> ChancePoint;
    /// Puts the chance stream at `point` of the stream seeded with `seed` (the save's
    /// seed): with the position, the game continues exactly as it would have.
    fn restore_chance(&mut self, seed: u64, point: ChancePoint);
}

/// The erased wrapper of one game's state.
pub struct DynGame<G: Game> {
    pub state: G::State,
}

impl<G: Game> Clone for DynGame<G> {
    fn clone(&self) -> Self {
        DynGame {
            state: self.state.clone(),
        }
    }
}

impl<G: Game> DynGame<G>
where
    G::State: Send,
{
    pub fn boxed(state: G::State) -> Box<dyn GameBox> {
        Box::new(DynGame::<G> { state })
    }
}

impl<G: Game> GameBox for DynGame<G>
where
    G::State: Send,
{
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
            })
            .collect()
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
    fn script_rolls(&mut self, faces: &[u32]) {
        G::chance(&mut self.state).script_rolls(faces);
    }
    fn scripted_left(&mut self) -> usize {
        G::chance(&mut self.state).scripted_left()
    }
    fn state_hash(&self) -> u64 {
        G::state_hash(&self.state)
    }
    fn clone_box(&self) -> Box<dyn GameBox> {
        Box::new(self.clone())
    }
    fn chance_used(&mut self) -> u64 {
        G::chance(&mut self.state).used()
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
        let everyone: Vec<Seat> = (0..G::seat_names(G::options_of(&self.state)).len())
            .map(|i| Seat(i as u8))
            .collect();
        let view = G::view(&self.state, &everyone);
        let redealt = G::resample(&view, &mut Chance::new(seed));
        G::format_position(&redealt)
    }
    fn action_is_secret(&self, notation: &str) -> bool {
        match G::parse_action(&self.state, notation) {
            Ok(action) => G::action_is_secret(&self.state, &action),
            Err(_) => true,
        }
    }
    fn chance_point(&mut self) -> ChancePoint {
        G::chance(&mut self.state).point()
    }
    fn restore_chance(&mut self, seed: u64, point: ChancePoint) {
        *G::chance(&mut self.state) = Chance::at_point(seed, point);
    }
}

/// An event as people read it: its text from the game's `describe`.
pub fn describe<G: Game>(event: GameEvent<G::Event>) -> Event {
    Event {
        text: G::describe(&event.kind),
        audience: event.audience,
        rule: event.rule,
    }
}
