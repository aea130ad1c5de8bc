//! The search's root by sequential halving on common draws (Karnin, Koren and Somekh
//! 2013; used at the root of MCTS by Danihelka et al. 2022).
//!
//! A UCB tree gives each root child its own drawn states and dice, so two moves are
//! compared through two different futures: where the dice swing a battle by more than a
//! move changes it, the comparison is mostly noise. Here every candidate still in the
//! running is played out from the same drawn state (the same hidden cards and units,
//! the same chance stream, so the same dice where the moves roll alike) and with the
//! same playout choices: what differs between two scores of one draw is what the move
//! did. After each round the worse half is dropped, so that the budget goes to the
//! moves worth telling apart (simple regret, which is what a choice needs, rather than
//! the cumulative regret UCB keeps low).
//!
//! Below the root it is flat: every playout is the game's simple player. The candidates
//! are the simple player's move and others drawn at random from the legal list.
//!
//! Where the game offers a portfolio of plans for the seat ([`Game::plans`]), the
//! candidates are plans instead (Portfolio Greedy Search, Churchill and Buro 2013, in a
//! light form): each is the move its plan takes now, played out with that plan for
//! the seat's later decisions and the simple player for everyone else. A wargame turn
//! is many single-piece moves; one of them shifts the score by less than the dice,
//! while a plan kept for the whole horizon can shift it by more, so plans are what
//! common draws can tell apart. The search keeps nothing between decisions (it sees a
//! view only); it says which plan it chose ([`super::search::Searched::plan`]), and a
//! caller that remembers it for the rest of the phase ([`super::plans::PlanMemory`])
//! has the pieces moved by that plan without searching again.

use super::search::{
    most_visited_first, playout, seat_to_act, Budget, Candidate, Decided, Searched,
};
use crate::engine::{Chance, Game, Seat};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// One candidate's scores, one per draw it was played on (None where its move was not
/// legal in that draw's state).
struct Entry<A> {
    action: A,
    /// The plan whose playouts score it (None: the simple player's, no portfolio).
    plan: Option<u32>,
    scores: Vec<Option<f64>>,
}

impl<A> Entry<A> {
    fn mean(&self) -> f64 {
        let (sum, n) = self
            .scores
            .iter()
            .flatten()
            .fold((0.0, 0u32), |(s, n), v| (s + v, n + 1));
        if n == 0 {
            f64::NEG_INFINITY
        } else {
            sum / n as f64
        }
    }

    fn played(&self) -> u32 {
        self.scores.iter().flatten().count() as u32
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn search<G: Game>(
    view: &G::View,
    seat: Seat,
    budget: &Budget,
    wanted: u32,
    first: &G::State,
    legal: &[G::Action],
    mut rng: Chance,
    cancel: &AtomicBool,
    started: Instant,
) -> Option<Searched<G::Action>> {
    // No more candidates than a first round can play twice each.
    let wanted = wanted.min((budget.iterations / 2).max(2));
    // Plans are the candidates only where the budget weighs them: a hint weighs single
    // moves, for a person who will not follow the computer's plan.
    let plans = if budget.weigh_plans && G::plans(first, seat) > 1 {
        portfolio::<G>(first, seat, legal, wanted, &rng)
    } else {
        Vec::new()
    };
    // Every plan moves alike now: nothing to weigh, whatever their futures; the
    // rule of thumb (every plan is a variant of it) decides.
    if plans
        .iter()
        .all(|(action, _)| Some(action) == plans.first().map(|(a, _)| a))
    {
        if let Some((action, _)) = plans.first() {
            return Some(Searched {
                action: action.clone(),
                decided: Decided::LeftToSimple,
                candidates: Vec::new(),
                iterations: 0,
                plan: None,
            });
        }
    }
    let chosen_from = if plans.is_empty() {
        candidates::<G>(first, seat, legal, wanted, &mut rng)
            .into_iter()
            .map(|action| (action, None))
            .collect()
    } else {
        plans
    };
    let mut entries: Vec<Entry<G::Action>> = chosen_from
        .into_iter()
        .map(|(action, plan)| Entry {
            action,
            plan,
            scores: Vec::new(),
        })
        .collect();
    let horizon = budget.horizon.unwrap_or(G::SEARCH_HORIZON);
    // Indices into `entries` still in the running; the simple player's move is first.
    let mut running: Vec<usize> = (0..entries.len()).collect();
    let rounds = (entries.len() as f64).log2().ceil().max(1.0) as u32;
    let mut iterations = 0u32;
    let mut draws = 0usize;
    'rounds: for round in 0..rounds {
        let left = budget.iterations.saturating_sub(iterations);
        let per_round = left / (rounds - round);
        let draws_now = (per_round / running.len() as u32).max(1);
        // With a time cap each round also ends at its share of the time, so that a
        // budget of endless iterations (`search:MS`) still halves.
        let round_ends = budget
            .time_cap
            .map(|cap| cap.mul_f64(f64::from(round + 1) / f64::from(rounds)));
        for draw in 0..draws_now {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            if budget.time_cap.is_some_and(|cap| started.elapsed() >= cap)
                || iterations >= budget.iterations
            {
                break 'rounds;
            }
            // Every round plays at least one draw, so that survivors are ranked on
            // something.
            if draw > 0 && round_ends.is_some_and(|end| started.elapsed() >= end) {
                break;
            }
            let state = G::resample(view, &mut rng);
            let playout_seed = u64::from(rng.roll(u32::MAX)) << 32 | u64::from(rng.roll(u32::MAX));
            for &i in &running {
                if iterations >= budget.iterations {
                    break;
                }
                let mut st = state.clone();
                let score = match G::apply(&mut st, seat, &entries[i].action) {
                    Ok(_) => {
                        let mut choices = Chance::new(playout_seed);
                        match entries[i].plan {
                            Some(plan) => {
                                plan_playout::<G>(&mut st, seat, plan, horizon, &mut choices)
                            }
                            None => playout::<G>(&mut st, horizon, &mut choices),
                        }
                        Some(G::evaluate(&st, seat).clamp(0.0, 1.0))
                    }
                    Err(_) => None,
                };
                let entry = &mut entries[i];
                entry.scores.resize(draws, None);
                entry.scores.push(score);
                iterations += u32::from(score.is_some());
            }
            draws += 1;
        }
        if running.len() > 1 && round + 1 < rounds {
            running = keep_better_half(&entries, &running);
        }
    }
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    let best = best_of(&entries, &running)?;
    let confidence = budget.confidence.unwrap_or(G::SEARCH_CONFIDENCE);
    let chosen = if best == 0 || better_by(&entries[best], &entries[0], confidence) {
        best
    } else {
        0
    };
    let mut listed: Vec<Candidate<G::Action>> = Vec::new();
    for e in entries.iter().filter(|e| e.played() > 0) {
        // Two plans that move alike now are one action to the person reading a hint:
        // their tries are pooled.
        let (visits, value) = (e.played(), e.mean());
        match listed.iter_mut().find(|c| c.action == e.action) {
            Some(c) => {
                let total = c.visits + visits;
                c.value =
                    (c.value * f64::from(c.visits) + value * f64::from(visits)) / f64::from(total);
                c.visits = total;
            }
            None => listed.push(Candidate {
                action: e.action.clone(),
                visits,
                value,
            }),
        }
    }
    most_visited_first(&mut listed);
    Some(Searched {
        action: entries[chosen].action.clone(),
        decided: Decided::Searched,
        candidates: listed,
        iterations,
        plan: entries[chosen].plan,
    })
}

/// The simple player's move, then up to `wanted - 1` other legal moves drawn at random.
fn candidates<G: Game>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    wanted: u32,
    rng: &mut Chance,
) -> Vec<G::Action> {
    let mut out: Vec<G::Action> = Vec::new();
    if let Some(simple) = G::simple_action(state, seat, &mut rng.clone()) {
        if legal.contains(&simple) {
            out.push(simple);
        }
    }
    let mut others: Vec<&G::Action> = legal.iter().filter(|a| !out.contains(a)).collect();
    while out.len() < wanted.max(2) as usize && !others.is_empty() {
        let pick = rng.roll(others.len() as u32) as usize - 1;
        out.push(others.swap_remove(pick).clone());
    }
    out
}

/// One candidate a plan: (the move plan k takes now, k) for the first `wanted` of the
/// game's plans whose move is legal here, plan 0 (the simple player) first. Two plans
/// that move alike now both stay: their playouts differ.
fn portfolio<G: Game>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    wanted: u32,
    rng: &Chance,
) -> Vec<(G::Action, Option<u32>)> {
    (0..G::plans(state, seat).min(wanted.max(2)))
        .filter_map(|plan| {
            let action = G::plan_action(state, seat, plan, &mut rng.clone())?;
            legal.contains(&action).then_some((action, Some(plan)))
        })
        .collect()
}

/// Plays on for `horizon` decisions or to the end: `seat` by `plan`, every other seat
/// by the simple player.
fn plan_playout<G: Game>(
    state: &mut G::State,
    seat: Seat,
    plan: u32,
    horizon: u32,
    rng: &mut Chance,
) {
    for _ in 0..horizon {
        let Some(mover) = seat_to_act::<G>(state) else {
            return;
        };
        let action = if mover == seat {
            G::plan_action(state, mover, plan, rng)
        } else {
            G::simple_action(state, mover, rng)
        };
        let Some(action) = action else {
            return;
        };
        if G::apply(state, mover, &action).is_err() {
            return;
        }
    }
}

/// The better half of `running` by mean score over their common draws (ties: the one
/// listed first, so the simple player's move wins a tie).
fn keep_better_half<A>(entries: &[Entry<A>], running: &[usize]) -> Vec<usize> {
    let mut ranked = running.to_vec();
    ranked.sort_by(|&a, &b| {
        entries[b]
            .mean()
            .partial_cmp(&entries[a].mean())
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.cmp(&b))
    });
    ranked.truncate(running.len().div_ceil(2));
    ranked.sort_unstable();
    ranked
}

fn best_of<A>(entries: &[Entry<A>], running: &[usize]) -> Option<usize> {
    running.iter().copied().fold(None, |best, i| match best {
        Some(b) if entries[b].mean() >= entries[i].mean() => Some(b),
        _ => Some(i),
    })
}

/// Whether `a` beats `b` by more than `errors` standard errors of their paired
/// difference over the draws both were played on (0: whenever its mean is higher).
fn better_by<A>(a: &Entry<A>, b: &Entry<A>, errors: f64) -> bool {
    let diffs: Vec<f64> = a
        .scores
        .iter()
        .zip(&b.scores)
        .filter_map(|(x, y)| Some((*x)? - (*y)?))
        .collect();
    let n = diffs.len() as f64;
    if diffs.is_empty() {
        return false;
    }
    let mean = diffs.iter().sum::<f64>() / n;
    if errors <= 0.0 {
        return mean > 0.0;
    }
    if diffs.len() < 4 {
        return false;
    }
    let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
    mean > errors * (var / n).sqrt()
}
