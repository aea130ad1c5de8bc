//! Whole games between computer seats: for `skald simulate`, benchmarks and the
//! generic consistency tests.

use super::plans::PlanMemory;
use super::random::random_action;
use super::search::{search_keeping, Budget};
use crate::engine::{Chance, Game, Outcome, Seat, Turn};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// One finished (or abandoned) game.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    pub outcome: Option<Outcome>,
    pub decisions: u32,
    pub actions: Vec<(crate::engine::Seat, G::Action)>,
    /// Why the game stopped without an outcome, if it did.
    pub stuck: Option<String>,
    /// How long each decision took its player, in the order of `actions`.
    pub times: Vec<Duration>,
    /// For each action, which phase of the game it was taken in (a count that goes up
    /// whenever [`Game::progress`] changes), so that a seat's decisions in one phase
    /// can be timed together; empty unless some seat searched (reading the progress
    /// costs more than a random decision).
    pub phases: Vec<u32>,
    /// The victory figures where the game stopped ([`Game::standing`]).
    pub standing: Vec<crate::engine::Standing>,
}

/// Who plays a seat in a simulated game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Policy {
    /// A random legal action ([`Game::random_action`]).
    Random,
    /// The game's simple player ([`Game::simple_action`]), given a state drawn from
    /// the seat's own view, never the true one.
    Simple,
    /// The search player ([`super::search`]) with this budget, given the seat's view.
    Search(Budget),
}

/// Plays a game with random legal players. `max_decisions` guards against a rules bug
/// that would loop for ever: reaching it is reported as stuck.
pub fn play_random<G: Game>(options: &G::Options, seed: u64, max_decisions: u32) -> Played<G> {
    play_policies::<G>(options, seed, max_decisions, |_| Policy::Random)
}

/// Plays a game with each seat's player given by `policy`.
pub fn play_policies<G: Game>(
    options: &G::Options,
    seed: u64,
    max_decisions: u32,
    policy: impl Fn(Seat) -> Policy,
) -> Played<G> {
    let mut state = G::setup(options, seed);
    // The players' own dice are a separate stream from the game's, and the guesses
    // at what a seat may not see a third one, so that random players choose the same
    // whatever the other seats are.
    let mut rng = Chance::new(seed ^ 0x5eed_f00d_u64);
    let mut guesses = Chance::new(seed ^ 0x6e55_5e5d_u64);
    let mut actions = Vec::new();
    let mut times = Vec::new();
    let mut decisions = 0;
    let never = AtomicBool::new(false);
    let searching = (0..G::seat_names(options).len())
        .any(|i| matches!(policy(Seat(i as u8)), Policy::Search(_)));
    let mut phases = Vec::new();
    let mut progress = String::new();
    let mut memory = PlanMemory::default();
    loop {
        let stop = |decisions, actions, times, phases, why: String| Played {
            outcome: None,
            decisions,
            actions,
            stuck: Some(why),
            times,
            phases,
            standing: Vec::new(),
        };
        match G::to_act(&state) {
            Turn::Over(outcome) => {
                return Played {
                    outcome: Some(outcome),
                    decisions,
                    actions,
                    stuck: None,
                    times,
                    phases,
                    standing: G::standing(&state),
                };
            }
            Turn::Decide(seats) => {
                let Some(&seat) = seats.first() else {
                    return stop(decisions, actions, times, phases, "nobody is to act".into());
                };
                if decisions >= max_decisions {
                    let why = format!("no end after {decisions} decisions");
                    return stop(decisions, actions, times, phases, why);
                }
                if searching {
                    let now = G::progress(&state);
                    if now != progress || phases.is_empty() {
                        progress = now;
                        phases.push(phases.last().map_or(0, |p| p + 1));
                    } else {
                        phases.push(*phases.last().unwrap_or(&0));
                    }
                }
                let started = Instant::now();
                let chosen = match policy(seat) {
                    Policy::Random => random_action::<G>(&state, seat, &mut rng),
                    Policy::Simple => simple_action::<G>(&state, seat, &mut guesses, &mut rng),
                    Policy::Search(budget) => {
                        let view = G::view(&state, &[seat]);
                        let seed =
                            u64::from(rng.roll(u32::MAX)) << 32 | u64::from(rng.roll(u32::MAX));
                        let kept = memory.kept(seat, &progress);
                        search_keeping::<G>(&view, seat, &budget, seed, &never, kept).map(|s| {
                            memory.remember(seat, &progress, s.plan);
                            s.action
                        })
                    }
                };
                times.push(started.elapsed());
                let Some(action) = chosen else {
                    let why = format!("seat {} has no legal action", seat.0);
                    return stop(decisions, actions, times, phases, why);
                };
                if let Err(e) = G::apply(&mut state, seat, &action) {
                    let why = format!("a legal action was refused: {action:?}: {e}");
                    return stop(decisions, actions, times, phases, why);
                }
                actions.push((seat, action));
                decisions += 1;
            }
        }
    }
}

/// The simple player's action for `seat` in `state`, decided on a state drawn (with
/// `guesses`) from the seat's view, so that it never reads another seat's secret.
pub fn simple_action<G: Game>(
    state: &G::State,
    seat: Seat,
    guesses: &mut Chance,
    rng: &mut Chance,
) -> Option<G::Action> {
    let view = G::view(state, &[seat]);
    let guess = G::resample(&view, guesses);
    G::simple_action(&guess, seat, rng)
}

/// Digests of the legal-action lists met in random games, so that a faster listing can
/// be checked against the one it replaces: the same actions in the same order (saves,
/// recorded games and the random players depend on that order).
#[cfg(test)]
pub mod listing_digest {
    use crate::engine::hash::StableHasher;
    use crate::engine::{Chance, Game, Notation, Turn};
    use std::hash::Hasher;

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
        let (mut all, mut played) = (StableHasher::default(), StableHasher::default());
        let mut lines = Vec::new();
        let mut step = 0u32;
        while let Turn::Decide(seats) = G::to_act(&state) {
            let Some(&seat) = seats.first() else { break };
            if step >= max_decisions {
                break;
            }
            let listed = G::legal_actions(&state, seat);
            let mut h = StableHasher::default();
            for a in &listed {
                h.write(G::format_action(&state, a).as_bytes());
                h.write(b"\n");
            }
            let h = h.finish();
            all.write(&h.to_le_bytes());
            if step.is_multiple_of(every) {
                lines.push(format!("{step} {} {} {h:016x}", seat.0, listed.len()));
            }
            let Some(action) = super::random_action::<G>(&state, seat, &mut rng) else {
                break;
            };
            played.write(G::format_action(&state, &action).as_bytes());
            played.write(b"\n");
            if G::apply(&mut state, seat, &action).is_err() {
                break;
            }
            step += 1;
        }
        lines.push(format!(
            "game {step} {:016x} {:016x}",
            all.finish(),
            played.finish()
        ));
        lines
    }

    /// Records every scenario of `G` (each seed, every `every`-th decision) and compares
    /// it line by line with `recorded`, the text of `file` (relative to the crate);
    /// with `SKALD_WRITE_LISTING_DIGESTS` set, writes the file instead.
    pub fn check_against<G: Game + Notation>(
        file: &str,
        recorded: &str,
        seeds: &[u64],
        every: u32,
    ) {
        let mut now = String::from(
            "# scenario seed, then: step seat count hash; game decisions all played\n",
        );
        for s in G::scenarios() {
            let options = G::options(s.id).expect("scenario");
            for &seed in seeds {
                now.push_str(&format!("== {} {seed}\n", s.id));
                for line in record::<G>(&options, seed, 20_000, every) {
                    now.push_str(&line);
                    now.push('\n');
                }
            }
        }
        if std::env::var_os("SKALD_WRITE_LISTING_DIGESTS").is_some() {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
            std::fs::write(&path, &now).expect("write digests");
            return;
        }
        let sampled = recorded
            .lines()
            .filter(|l| !l.starts_with(['#', '=', 'g']))
            .count();
        assert!(sampled >= 300, "only {sampled} positions recorded");
        for (n, (want, got)) in recorded.lines().zip(now.lines()).enumerate() {
            assert_eq!(want, got, "line {} of {file}", n + 1);
        }
        assert_eq!(recorded.lines().count(), now.lines().count());
    }
}
