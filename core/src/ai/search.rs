//! The search player: Monte Carlo tree search over information sets (single-observer
//! ISMCTS, Cowling, Powley and Whitehouse 2012), generic over the contract.
//!
//! It is given a view, never a state: every iteration draws a full state consistent
//! with that view ([`Game::resample`]), its chance stream included, so that hidden
//! cards and future dice are guesses, different each time. The tree is keyed by actions
//! only (open loop): a node stands for every state reached by the same actions, whatever
//! the dice did, which is how dice are treated as chance.
//!
//! Wargame turns move many pieces, and the games already split a turn into one action
//! per piece (or stack), so each tree edge is one piece's move. A node may have hundreds
//! of legal actions; it grows its children slowly (progressive widening: about
//! `widening * visits^0.5`), trying first what the game's simple player would do there,
//! then others drawn at random. Playouts follow the simple player for `horizon`
//! decisions and are scored by the game's evaluation ([`Game::evaluate`]), each seat of
//! the path by its own score. Decisions with one legal action, and those the game says
//! search cannot improve ([`Game::worth_searching`]), are left to the simple player.
//! The search weighs [`Game::search_actions`], the legal actions less those that only
//! take back what the turn did so far, so that it cannot go to and fro for ever.
//!
//! Deterministic for a fixed seed and iteration budget; a time cap, when it cuts the
//! search short, makes the number of iterations (and so the choice) depend on the clock.

use crate::engine::{Chance, Game, SearchRoot, Seat, Turn};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How much a search may spend on one decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Iterations (determinize, descend, expand, play out, back up) at most.
    pub iterations: u32,
    /// Stop when this much time has passed, even if iterations remain (None: never).
    pub time_cap: Option<Duration>,
    /// Decisions a playout plays (every seat's) before the evaluation scores it (None:
    /// the game's own, [`Game::SEARCH_HORIZON`]).
    pub horizon: Option<u32>,
    /// Children a node may have: `1 + widening * visits^0.5`.
    pub widening: f64,
    /// The UCB exploration constant (scores are from 0 to 1).
    pub exploration: f64,
    /// How sure the search must be to overrule the simple player: the most visited
    /// child is taken only if its mean score is above the simple player's choice's by
    /// this many standard errors of the difference; 0 takes it always. None: the
    /// game's own margin ([`Game::SEARCH_CONFIDENCE`]).
    pub confidence: Option<f64>,
    /// How the root is weighed: a UCB tree, or root candidates (the simple player's
    /// move and others) compared by sequential halving on common draws, where every
    /// candidate still in the running is played out from the same drawn state, with
    /// the same dice and the same playout choices, and the worse half is dropped after
    /// each round ([`super::halving`]). None: the game's own ([`Game::SEARCH_ROOT`]).
    pub root: Option<SearchRoot>,
    /// The time a choice among the game's plans ([`Game::plans`]) may take (None: the
    /// time cap). A plan is chosen once a phase and then moves the phase's pieces
    /// without a search (`search_keeping`), so it may spend what the phase's other
    /// decisions no longer need.
    pub plan_cap: Option<Duration>,
    /// Whether the root weighs the game's plans where the seat has a portfolio (a
    /// computer seat, which keeps the plan for the phase); hints, for a person who will
    /// not follow a plan, weigh single moves instead.
    pub weigh_plans: bool,
}

impl Budget {
    /// A budget of `iterations` with the usual horizon and constants, and no time cap.
    pub const fn iterations(iterations: u32) -> Budget {
        Budget {
            iterations,
            time_cap: None,
            horizon: None,
            widening: 1.0,
            exploration: 0.5,
            confidence: None,
            root: None,
            plan_cap: None,
            weigh_plans: true,
        }
    }

    /// The same budget, stopping after `cap` at the latest.
    pub const fn capped(self, cap: Duration) -> Budget {
        Budget {
            time_cap: Some(cap),
            ..self
        }
    }
}

/// The search's levels, as people choose them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The word people, saves and the command line use.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn from_name(word: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(word.trim()))
    }

    /// The budget of a level: iterations, capped in time so that a phone never waits
    /// long for one decision, with the game's own root ([`Game::SEARCH_ROOT`]). A
    /// choice among plans, once a phase, may take longer (`plan_cap`): the issue's
    /// limits are for a whole phase of the computer's (2 s at normal, 10 s at hard).
    pub fn budget(self) -> Budget {
        let (iterations, cap, plan_cap) = match self {
            Level::Easy => (30, 50, 250),
            Level::Normal => (300, 300, 1_500),
            Level::Hard => (1_500, 1_500, 6_000),
        };
        Budget {
            plan_cap: Some(Duration::from_millis(plan_cap)),
            ..Budget::iterations(iterations).capped(Duration::from_millis(cap))
        }
    }
}

/// Why the search chose what it chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    /// The most visited of the root's children.
    Searched,
    /// The seat had one legal action.
    OnlyAction,
    /// The game says search cannot improve this decision: the simple player's choice.
    LeftToSimple,
    /// The plan the seat chose earlier in this phase took it, without a search
    /// ([`search_keeping`]).
    KeptPlan,
}

/// One action the search weighed at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate<A> {
    pub action: A,
    /// Iterations that went through it.
    pub visits: u32,
    /// Its mean score for the searching seat, 0 (lost) to 1 (won).
    pub value: f64,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched<A> {
    /// The choice: the most visited candidate (with a confidence margin above 0, only
    /// if it beats the simple player's by that margin: see `Tree::choice`).
    pub action: A,
    pub decided: Decided,
    /// The root's children, most visited first (empty unless searched).
    pub candidates: Vec<Candidate<A>>,
    pub iterations: u32,
    /// The plan of the game's portfolio ([`Game::plans`]) the choice follows, for the
    /// caller to keep for the rest of the phase ([`search_keeping`]); None where the
    /// seat has no portfolio here or the choice is a single move's.
    pub plan: Option<u32>,
}

/// The search player's action for `seat`, from `view` (what the seat may see) only.
/// None when the seat has no legal action or `cancel` was set before the search ended
/// (a cancelled search changes nothing and returns nothing).
pub fn search<G: Game>(
    view: &G::View,
    seat: Seat,
    budget: &Budget,
    seed: u64,
    cancel: &AtomicBool,
) -> Option<Searched<G::Action>> {
    search_keeping::<G>(view, seat, budget, seed, cancel, None)
}

/// [`search`], for a seat that chose plan `kept` of the game's portfolio earlier in
/// the same phase: that plan moves now, without a search, so that a turn of many
/// pieces' moves follows one plan to the end. A plan's gain comes over the whole
/// turn; chosen again at every piece, a turn mixes plans and none is played out
/// (`ai/STRENGTH.md`, "Plans kept for a phase"). The memory is the caller's
/// ([`super::plans::PlanMemory`]): the search itself keeps nothing between decisions.
pub fn search_keeping<G: Game>(
    view: &G::View,
    seat: Seat,
    budget: &Budget,
    seed: u64,
    cancel: &AtomicBool,
    kept: Option<u32>,
) -> Option<Searched<G::Action>> {
    let started = Instant::now();
    let mut rng = Chance::new(seed ^ 0x15c7_5ea2_c4ed_0001);
    let first = G::resample(view, &mut rng);
    let legal = G::search_actions(&first, seat);
    // A kept plan stays kept through forced moves, as long as the portfolio lasts.
    let kept = kept.filter(|&k| k < G::plans(&first, seat));
    let quick = |action: G::Action, decided, plan| Searched {
        action,
        decided,
        candidates: Vec::new(),
        iterations: 0,
        plan,
    };
    match legal.as_slice() {
        [] => return None,
        [only] => return Some(quick(only.clone(), Decided::OnlyAction, kept)),
        _ => {}
    }
    if let Some(plan) = kept {
        if let Some(action) = G::plan_action(&first, seat, plan, &mut rng.clone()) {
            if legal.contains(&action) {
                return Some(quick(action, Decided::KeptPlan, kept));
            }
        }
    }
    if !G::worth_searching(&first, seat) {
        let action = G::simple_action(&first, seat, &mut rng)?;
        return Some(quick(action, Decided::LeftToSimple, None));
    }
    // Where the seat has a portfolio, the root weighs its plans (unless the budget
    // asks for the tree), with playouts as long as the game's plans need, the plan
    // choice's own time, and no margin for the simple player's plan: every plan is
    // played on the same draws, to the horizon, so the best mean is the best guess.
    let plans = G::plans(&first, seat);
    if plans > 1 && budget.weigh_plans && budget.root != Some(SearchRoot::Tree) {
        let candidates = match budget.root {
            Some(SearchRoot::Halving { candidates }) => candidates,
            _ => plans,
        };
        let planning = Budget {
            horizon: Some(budget.horizon.unwrap_or(G::PLAN_HORIZON)),
            time_cap: budget.plan_cap.or(budget.time_cap),
            confidence: Some(budget.confidence.unwrap_or(0.0)),
            ..*budget
        };
        return super::halving::search::<G>(
            view, seat, &planning, candidates, &first, &legal, rng, cancel, started,
        );
    }
    if let SearchRoot::Halving { candidates } = budget.root.unwrap_or(G::SEARCH_ROOT) {
        return super::halving::search::<G>(
            view, seat, budget, candidates, &first, &legal, rng, cancel, started,
        );
    }
    let mut tree = Tree::<G>::new(seat);
    let mut iterations = 0;
    while iterations < budget.iterations {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        if budget.time_cap.is_some_and(|cap| started.elapsed() >= cap) {
            break;
        }
        let state = G::resample(view, &mut rng);
        tree.iterate(state, budget, &mut rng);
        iterations += 1;
    }
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    let candidates = tree.root_candidates();
    let confidence = budget.confidence.unwrap_or(G::SEARCH_CONFIDENCE);
    let action = match tree.choice(confidence) {
        Some(best) => best,
        // No iteration ran (a zero budget or an instant cap): the simple player's.
        None => G::simple_action(&first, seat, &mut rng)?,
    };
    Some(Searched {
        action,
        decided: Decided::Searched,
        candidates,
        iterations,
        plan: None,
    })
}

struct Node<A> {
    /// The action that leads here from the parent (None at the root).
    action: Option<A>,
    /// Who took `action`.
    mover: Seat,
    children: Vec<usize>,
    visits: u32,
    /// Iterations in which `action` was legal at the parent (ISMCTS availability).
    available: u32,
    /// The sum of the mover's scores over the visits, and of their squares.
    total: f64,
    total_sq: f64,
}

struct Tree<G: Game> {
    nodes: Vec<Node<G::Action>>,
}

impl<G: Game> Tree<G> {
    fn new(seat: Seat) -> Tree<G> {
        Tree {
            nodes: vec![Node {
                action: None,
                mover: seat,
                children: Vec::new(),
                visits: 0,
                available: 0,
                total: 0.0,
                total_sq: 0.0,
            }],
        }
    }

    /// One iteration on a freshly drawn state: select and expand down the tree, play
    /// out, score, back up.
    fn iterate(&mut self, mut state: G::State, budget: &Budget, rng: &mut Chance) {
        let mut path = vec![0usize];
        let mut node = 0usize;
        let root = self.nodes[0].mover;
        while let Some(first) = seat_to_act::<G>(&state) {
            // At the root the searching seat moves, even where several seats decide at
            // once (1066's sealed bids, 6.1): the root's children are its actions.
            let seat = if node == 0 && seat_decides::<G>(&state, root) {
                root
            } else {
                first
            };
            let legal = G::search_actions(&state, seat);
            if legal.is_empty() {
                break;
            }
            let (child, expanded) = self.select_or_expand(node, seat, &state, &legal, budget, rng);
            let Some(action) = self.nodes[child].action.clone() else {
                break;
            };
            if G::apply(&mut state, seat, &action).is_err() {
                // A listed action refused: a rules bug; score what we have.
                break;
            }
            path.push(child);
            node = child;
            if expanded {
                break;
            }
        }
        playout::<G>(&mut state, budget.horizon.unwrap_or(G::SEARCH_HORIZON), rng);
        let mut scores: Vec<(Seat, f64)> = Vec::new();
        for &n in &path {
            let mover = self.nodes[n].mover;
            let score = match scores.iter().find(|(s, _)| *s == mover) {
                Some(&(_, v)) => v,
                None => {
                    let v = G::evaluate(&state, mover).clamp(0.0, 1.0);
                    scores.push((mover, v));
                    v
                }
            };
            let node = &mut self.nodes[n];
            node.visits += 1;
            node.total += score;
            node.total_sq += score * score;
        }
    }

    /// The child of `node` to follow for `seat` in `state`: a new one when the node may
    /// widen and an untried legal action remains (the simple player's first), else the
    /// best by UCB among the children legal here. Marks the legal children available.
    fn select_or_expand(
        &mut self,
        node: usize,
        seat: Seat,
        state: &G::State,
        legal: &[G::Action],
        budget: &Budget,
        rng: &mut Chance,
    ) -> (usize, bool) {
        let mut here: Vec<usize> = Vec::new();
        for &c in &self.nodes[node].children {
            let child = &self.nodes[c];
            if child.mover == seat && child.action.as_ref().is_some_and(|a| legal.contains(a)) {
                here.push(c);
            }
        }
        let visits = self.nodes[node].visits as f64;
        let allowed = 1 + (budget.widening * visits.sqrt()) as usize;
        if here.len() < allowed && here.len() < legal.len() {
            if let Some(action) = self.untried(node, seat, state, legal, rng) {
                for &c in &here {
                    self.nodes[c].available += 1;
                }
                return self.add_child(node, seat, action);
            }
        }
        // `here` is empty only if the legal list repeats an action; follow the first.
        let Some(&first) = here.first() else {
            return self.add_child(node, seat, legal[0].clone());
        };
        // Scores are compared within the node's range: an evaluation may move only a
        // little between good and bad choices (Fury's early turns sit near 0), and the
        // exploration constant must not drown that.
        let mean = |node: &Node<G::Action>| node.total / node.visits.max(1) as f64;
        let (low, high) = here
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &c| {
                let m = mean(&self.nodes[c]);
                (lo.min(m), hi.max(m))
            });
        let range = if high - low > 1e-9 { high - low } else { 1.0 };
        let mut best = first;
        let mut best_ucb = f64::NEG_INFINITY;
        for &c in &here {
            let child = &mut self.nodes[c];
            let q = (mean(child) - low) / range;
            child.available += 1;
            let n = child.visits.max(1) as f64;
            let ucb = q + budget.exploration * ((child.available as f64).ln() / n).sqrt();
            if ucb > best_ucb {
                best_ucb = ucb;
                best = c;
            }
        }
        (best, false)
    }

    fn add_child(&mut self, node: usize, seat: Seat, action: G::Action) -> (usize, bool) {
        let child = self.nodes.len();
        self.nodes.push(Node {
            action: Some(action),
            mover: seat,
            children: Vec::new(),
            visits: 0,
            available: 1,
            total: 0.0,
            total_sq: 0.0,
        });
        self.nodes[node].children.push(child);
        (child, true)
    }

    /// An action legal here that `node` has no child for: the simple player's choice
    /// if it is untried, else one drawn at random from the untried.
    fn untried(
        &self,
        node: usize,
        seat: Seat,
        state: &G::State,
        legal: &[G::Action],
        rng: &mut Chance,
    ) -> Option<G::Action> {
        let tried = |a: &G::Action| {
            self.nodes[node].children.iter().any(|&c| {
                let child = &self.nodes[c];
                child.mover == seat && child.action.as_ref() == Some(a)
            })
        };
        if let Some(simple) = G::simple_action(state, seat, rng) {
            if !tried(&simple) && legal.contains(&simple) {
                return Some(simple);
            }
        }
        let untried: Vec<&G::Action> = legal.iter().filter(|a| !tried(a)).collect();
        let count = u32::try_from(untried.len()).ok().filter(|&n| n > 0)?;
        Some(untried[rng.roll(count) as usize - 1].clone())
    }

    /// The action to take: the most visited child of the root, unless its mean is not
    /// above the root's first child's (the simple player's choice) by `confidence`
    /// standard errors; then that one. Where moves hardly differ, the most visited child
    /// is partly noise; a margin keeps the simple player's move there.
    fn choice(&self, confidence: f64) -> Option<G::Action> {
        let root = &self.nodes[0];
        let simple = *root.children.first()?;
        let best = root
            .children
            .iter()
            .copied()
            .filter(|&c| self.nodes[c].visits > 0)
            .fold(simple, |best, c| {
                if self.nodes[c].visits > self.nodes[best].visits {
                    c
                } else {
                    best
                }
            });
        let chosen = if best == simple || self.better_by(best, simple, confidence) {
            best
        } else {
            simple
        };
        self.nodes[chosen].action.clone()
    }

    /// Whether child `a`'s mean score is above `b`'s by more than `errors` standard
    /// errors of the difference (and, unless `errors` is 0, both have been tried a few
    /// times).
    fn better_by(&self, a: usize, b: usize, errors: f64) -> bool {
        const FEWEST: u32 = 4;
        if errors <= 0.0 {
            return true;
        }
        let (a, b) = (&self.nodes[a], &self.nodes[b]);
        if a.visits < FEWEST || b.visits < FEWEST {
            return false;
        }
        let stats = |n: &Node<G::Action>| {
            let k = n.visits as f64;
            let mean = n.total / k;
            let var = (n.total_sq / k - mean * mean).max(0.0) * k / (k - 1.0);
            (mean, var / k)
        };
        let ((ma, va), (mb, vb)) = (stats(a), stats(b));
        ma - mb > errors * (va + vb).sqrt()
    }

    /// The root's children, most visited first (ties: the higher value, then the
    /// earlier tried), with their mean scores.
    fn root_candidates(&self) -> Vec<Candidate<G::Action>> {
        let mut out: Vec<Candidate<G::Action>> = self.nodes[0]
            .children
            .iter()
            .filter_map(|&c| {
                let child = &self.nodes[c];
                let action = child.action.clone()?;
                (child.visits > 0).then(|| Candidate {
                    action,
                    visits: child.visits,
                    value: child.total / child.visits as f64,
                })
            })
            .collect();
        most_visited_first(&mut out);
        out
    }
}

/// Orders candidates as [`Searched::candidates`] lists them: most visited first, ties
/// by the higher value, then as they were.
pub(super) fn most_visited_first<A>(candidates: &mut [Candidate<A>]) {
    candidates.sort_by(|a, b| {
        b.visits.cmp(&a.visits).then(
            b.value
                .partial_cmp(&a.value)
                .unwrap_or(std::cmp::Ordering::Equal),
        )
    });
}

/// Plays on with the simple player (every seat, on the drawn state) for `horizon`
/// decisions or to the end of the game.
pub(super) fn playout<G: Game>(state: &mut G::State, horizon: u32, rng: &mut Chance) {
    for _ in 0..horizon {
        let Some(seat) = seat_to_act::<G>(state) else {
            return;
        };
        let Some(action) = G::simple_action(state, seat, rng) else {
            return;
        };
        if G::apply(state, seat, &action).is_err() {
            return;
        }
    }
}

/// Whether `seat` is among the seats to decide now.
fn seat_decides<G: Game>(state: &G::State, seat: Seat) -> bool {
    matches!(G::to_act(state), Turn::Decide(seats) if seats.contains(&seat))
}

/// The first seat to decide, or None once the game is over.
pub(super) fn seat_to_act<G: Game>(state: &G::State) -> Option<Seat> {
    match G::to_act(state) {
        Turn::Decide(seats) => seats.first().copied(),
        Turn::Over(_) => None,
    }
}
