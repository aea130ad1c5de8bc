//! The random legal player. Enough to play every game to its end in `skald simulate`,
//! and the baseline other players must beat.

use crate::engine::{Chance, Game, Seat};

/// A random legal action (see [`Game::random_action`]), or None if the seat has none.
pub fn random_action<G: Game>(state: &G::State, seat: Seat, rng: &mut Chance) -> Option<G::Action> {
    G::random_action(state, seat, rng)
}
