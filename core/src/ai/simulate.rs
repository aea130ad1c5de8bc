//! Whole games between computer seats: for `skald simulate`, benchmarks and the
//! generic consistency tests.

use super::random::random_action;
use crate::engine::{Chance, Game, Outcome, Turn};

/// One finished (or abandoned) game.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    pub outcome: Option<Outcome>,
    pub decisions: u32,
    pub actions: Vec<(crate::engine::Seat, G::Action)>,
    /// Why the game stopped without an outcome, if it did.
    pub stuck: Option<String>,
}

/// Plays a game with random legal players. `max_decisions` guards against a rules bug
/// that would loop for ever: reaching it is reported as stuck.
pub fn play_random<G: Game>(options: &G::Options, seed: u64, max_decisions: u32) -> Played<G> {
    let mut state = G::setup(options, seed);
    // The players' own dice are a separate stream from the game's.
    let mut rng = Chance::new(seed ^ 0x5eed_f00d_u64);
    let mut actions = Vec::new();
    let mut decisions = 0;
    loop {
        match G::to_act(&state) {
            Turn::Over(outcome) => {
                return Played {
                    outcome: Some(outcome),
                    decisions,
                    actions,
                    stuck: None,
                };
            }
            Turn::Decide(seats) => {
                let Some(&seat) = seats.first() else {
                    return Played {
                        outcome: None,
                        decisions,
                        actions,
                        stuck: Some("nobody is to act".into()),
                    };
                };
                if decisions >= max_decisions {
                    return Played {
                        outcome: None,
                        decisions,
                        actions,
                        stuck: Some(format!("no end after {decisions} decisions")),
                    };
                }
                let Some(action) = random_action::<G>(&state, seat, &mut rng) else {
                    return Played {
                        outcome: None,
                        decisions,
                        actions,
                        stuck: Some(format!("seat {} has no legal action", seat.0)),
                    };
                };
                if let Err(e) = G::apply(&mut state, seat, &action) {
                    return Played {
                        outcome: None,
                        decisions,
                        actions,
                        stuck: Some(format!("a legal action was refused: {action:?}: {e}")),
                    };
                }
                actions.push((seat, action));
                decisions += 1;
            }
        }
    }
}
