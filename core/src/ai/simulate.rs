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

/// Digests of the legal-action lists met in random games, so that a faster listing can
/// be checked against the one it replaces: the same actions in the same order (saves,
/// recorded games and the random players depend on that order).
#[cfg(test)]
pub mod listing_digest {
    use crate::engine::{Chance, Game, Notation, Turn};

    /// FNV-1a, 64 bits: stable across platforms and Rust versions.
    fn fnv(hash: &mut u64, bytes: &[u8]) {
        for &b in bytes {
            *hash ^= b as u64;
            *hash = hash.wrapping_mul(0x100_0000_01b3);
        }
    }
    const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

    /// One line per sampled position (every `every`-th decision): `step seat count
    /// hash`, the hash over the listed actions' notation in order; then one summary
    /// line: the decisions, a hash of every listing of the game and of the actions the
    /// random players took.
    pub fn record<G: Game + Notation>(
        options: &G::Options,
        seed: u64,
        max_decisions: u32,
        every: u32,
    ) -> Vec<String> {
        let mut state = G::setup(options, seed);
        let mut rng = Chance::new(seed ^ 0x5eed_f00d_u64);
        let (mut all, mut played) = (FNV_START, FNV_START);
        let mut lines = Vec::new();
        let mut step = 0u32;
        while let Turn::Decide(seats) = G::to_act(&state) {
            let Some(&seat) = seats.first() else { break };
            if step >= max_decisions {
                break;
            }
            let listed = G::legal_actions(&state, seat);
            let mut h = FNV_START;
            for a in &listed {
                fnv(&mut h, G::format_action(&state, a).as_bytes());
                fnv(&mut h, b"\n");
            }
            fnv(&mut all, &h.to_le_bytes());
            if step.is_multiple_of(every) {
                lines.push(format!("{step} {} {} {h:016x}", seat.0, listed.len()));
            }
            let Some(action) = super::random_action::<G>(&state, seat, &mut rng) else {
                break;
            };
            fnv(&mut played, G::format_action(&state, &action).as_bytes());
            fnv(&mut played, b"\n");
            if G::apply(&mut state, seat, &action).is_err() {
                break;
            }
            step += 1;
        }
        lines.push(format!("game {step} {all:016x} {played:016x}"));
        lines
    }
}
