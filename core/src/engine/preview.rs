//! What is known about an action decided by chance before a person commits to it: the
//! odds and column the rules will use, and the probability of each outcome. Exact for an
//! action decided by one roll (every face tried in turn); estimated by sampling, with its
//! interval, for one decided by many rolls (a battle).

use super::chance::Chance;
use super::contract::Game;
use super::event::GameEvent;
use super::seat::Seat;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Preview {
    /// The rule that decides it ("7.2", "4.1").
    pub rule: &'static str,
    /// How the odds are reckoned, in the game's words ("4 to 2 (defence doubled) = 2-1").
    pub odds: String,
    /// Every outcome that can happen, most likely first.
    pub outcomes: Vec<OutcomeOdds>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutcomeOdds {
    /// The outcome, as the game names it ("DE", "captured", "Vikings win").
    pub outcome: String,
    pub probability: Probability,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum Probability {
    /// `favourable` of `total` equally likely cases (faces of a die).
    Exact { favourable: u32, total: u32 },
    /// The share `p` of `samples` sampled games, with its 95% interval.
    Estimated {
        p: f64,
        low: f64,
        high: f64,
        samples: u32,
    },
}

/// As people read it: "4 in 6 (67%)", or "55% (52.0-58.1%, estimated from 1000 tries)".
impl std::fmt::Display for Probability {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Probability::Exact { favourable, total } => write!(
                f,
                "{favourable} in {total} ({:.0}%)",
                100.0 * f64::from(favourable) / f64::from(total.max(1))
            ),
            Probability::Estimated {
                p,
                low,
                high,
                samples,
            } => write!(
                f,
                "{:.0}% ({:.1}-{:.1}%, estimated from {samples} tries)",
                100.0 * p,
                100.0 * low,
                100.0 * high
            ),
        }
    }
}

impl Probability {
    pub fn value(&self) -> f64 {
        match *self {
            Probability::Exact { favourable, total } => favourable as f64 / total.max(1) as f64,
            Probability::Estimated { p, .. } => p,
        }
    }
}

/// The outcomes of an action decided by its first roll of a die with `sides` faces,
/// exactly: each face is scripted in turn on a copy of the state whose chance stream is
/// a blank one (so the real dice to come are never read), the action applied, and
/// `read` gives the odds and the outcome from its events. None when the action is
/// refused, rolls nothing, or `read` finds no outcome of chance in its events. It reads
/// the state as it is: use it only where the outcome depends on nothing the seat may not
/// see (a game with hidden parts that matter resamples from the view, as [`sampled`]).
pub fn one_roll<G: Game>(
    state: &G::State,
    seat: Seat,
    action: &G::Action,
    sides: u32,
    read: impl Fn(&[GameEvent<G::Event>]) -> Option<(String, String)>,
) -> Option<(String, Vec<OutcomeOdds>)> {
    let mut odds = String::new();
    let mut counts: Vec<(String, u32)> = Vec::new();
    for face in 1..=sides {
        let mut probe = state.clone();
        let chance = G::chance_mut(&mut probe);
        *chance = Chance::new(0);
        chance.script_rolls(&[face]);
        let events = G::apply(&mut probe, seat, action).ok()?;
        if G::chance(&probe).used() == 0 {
            return None;
        }
        let (how, outcome) = read(&events)?;
        odds = how;
        count(&mut counts, outcome);
    }
    counts.sort_by_key(|c| std::cmp::Reverse(c.1));
    let outcomes = counts
        .into_iter()
        .map(|(outcome, favourable)| OutcomeOdds {
            outcome,
            probability: Probability::Exact {
                favourable,
                total: sides,
            },
        })
        .collect();
    Some((odds, outcomes))
}

/// Counts one more of `outcome`, in the order outcomes first appear.
fn count(counts: &mut Vec<(String, u32)>, outcome: String) {
    match counts.iter_mut().find(|(o, _)| *o == outcome) {
        Some((_, n)) => *n += 1,
        None => counts.push((outcome, 1)),
    }
}

/// The 95% Wilson score interval of `hits` in `samples` draws.
pub fn wilson_interval(hits: u32, samples: u32) -> (f64, f64) {
    if samples == 0 {
        return (0.0, 1.0);
    }
    let n = samples as f64;
    let p = hits as f64 / n;
    let z = 1.96f64;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    (
        ((centre - spread) / denominator).max(0.0),
        ((centre + spread) / denominator).min(1.0),
    )
}

/// Estimated outcomes of an action decided by many rolls: `samples` times, a state is
/// drawn from what `seat` may see (`Game::view`, then `resample`: the true state's
/// secrets never enter), the action applied and play continued by random legal actions
/// until `settled` says the chance part is over, and `name` gives the outcome.
pub fn sampled<G: Game>(
    state: &G::State,
    seat: Seat,
    action: &G::Action,
    samples: u32,
    seed: u64,
    settled: impl Fn(&G::State) -> bool,
    name: impl Fn(&G::State) -> String,
) -> Option<Vec<OutcomeOdds>> {
    let view = G::view(state, &[seat]);
    let mut rng = Chance::new(seed);
    let mut counts: Vec<(String, u32)> = Vec::new();
    for _ in 0..samples {
        let mut probe = G::resample(&view, &mut rng);
        G::apply(&mut probe, seat, action).ok()?;
        // A battle is a few dozen decisions at most; the cap keeps a bad game finite.
        for _ in 0..10_000 {
            if settled(&probe) {
                break;
            }
            let super::seat::Turn::Decide(seats) = G::to_act(&probe) else {
                break;
            };
            let Some(&next) = seats.first() else { break };
            let Some(a) = G::random_action(&probe, next, &mut rng) else {
                break;
            };
            if G::apply(&mut probe, next, &a).is_err() {
                break;
            }
        }
        let outcome = name(&probe);
        count(&mut counts, outcome);
    }
    counts.sort_by_key(|c| std::cmp::Reverse(c.1));
    Some(
        counts
            .into_iter()
            .map(|(outcome, hits)| {
                let (low, high) = wilson_interval(hits, samples);
                OutcomeOdds {
                    outcome,
                    probability: Probability::Estimated {
                        p: hits as f64 / samples.max(1) as f64,
                        low,
                        high,
                        samples,
                    },
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_preview_wilson_interval_holds_the_share_and_narrows_with_samples() {
        let (low, high) = wilson_interval(500, 1_000);
        assert!((low - 0.469).abs() < 0.001 && (high - 0.531).abs() < 0.001);
        let (low, high) = wilson_interval(0, 100);
        assert_eq!(low, 0.0);
        assert!((high - 0.037).abs() < 0.001, "{high}");
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
    }
}
