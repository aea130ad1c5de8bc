//! The random legal player: picks uniformly among the legal actions. Enough to play
//! every game to its end in `skald simulate`, and the baseline other players must beat.

use crate::engine::{Chance, Game, Seat};

/// A uniformly random legal action, or None if the seat has none.
pub fn random_action<G: Game>(state: &G::State, seat: Seat, rng: &mut Chance) -> Option<G::Action> {
    let mut actions = G::legal_actions(state, seat);
    if actions.is_empty() {
        return None;
    }
    let i = rng.roll(actions.len() as u32) as usize - 1;
    Some(actions.swap_remove(i))
}
