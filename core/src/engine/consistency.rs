//! The generic consistency check every game must pass, written once for the contract:
//! random play to the end, and at each decision the invariants that hold for any game.
//!
//! - every listed legal action prints to notation and parses back to itself;
//! - the action drawn by the random player is one of the listed legal actions;
//! - an action from a seat that is not to act is refused and changes nothing;
//! - the position prints, parses and prints again to the same text;
//! - the view of each seat carries no chance stream, and its resample replays the
//!   same legal actions, writes them the same and looks the same to that seat;
//! - every hidden part of the state is visited by the game's `Secrets` (so none can
//!   reach a view unmasked), and the position as stored data reads back the same;
//! - replaying (options, seed, action log) from scratch gives the same state hash after
//!   every action as live play did (one replay at the end: linear, not quadratic).

use super::position::{check_secrets, digests, masked};
use super::{Chance, Playable, Seat, Target, Turn};

/// What one checked game did.
#[derive(Clone, Debug, Default)]
pub struct Checked {
    pub decisions: u32,
    pub finished: bool,
}

/// How thoroughly to look at each decision. Listing and round-tripping every legal
/// action is the slow part; `every` checks that part on one decision in `every`.
#[derive(Clone, Copy, Debug)]
pub struct Depth {
    pub every: u32,
    pub max_decisions: u32,
}

pub fn check_random_game<G: Playable>(
    options: &G::Options,
    seed: u64,
    depth: Depth,
) -> Result<Checked, String> {
    let mut state = G::setup(options, seed);
    let mut rng = Chance::new(seed.rotate_left(17) ^ 0x00c0_ffee);
    let mut log: Vec<(Seat, G::Action)> = Vec::new();
    let mut hashes: Vec<u64> = vec![G::state_hash(&state)];
    let seats: Vec<Seat> = (0..G::seat_names(options).len() as u8).map(Seat).collect();
    let mut checked = Checked::default();
    loop {
        let deciders = match G::to_act(&state) {
            Turn::Over(_) => {
                checked.finished = true;
                break;
            }
            Turn::Decide(s) => s,
        };
        let Some(&seat) = deciders.first() else {
            return Err(format!("decision {}: nobody is to act", checked.decisions));
        };
        if checked.decisions >= depth.max_decisions {
            return Err(format!("no end after {} decisions", checked.decisions));
        }
        let deep = checked.decisions % depth.every.max(1) == 0;
        if deep {
            deep_checks::<G>(&state, seat, &seats, &deciders, seed)
                .map_err(|e| format!("decision {}: {e}", checked.decisions))?;
        }
        let Some(action) = G::random_action(&state, seat, &mut rng) else {
            return Err(format!(
                "decision {}: seat {} has no legal action",
                checked.decisions, seat.0
            ));
        };
        if deep && !G::legal_actions(&state, seat).contains(&action) {
            return Err(format!(
                "decision {}: the random player chose an unlisted action {action:?}",
                checked.decisions
            ));
        }
        G::apply(&mut state, seat, &action).map_err(|e| {
            format!(
                "decision {}: legal action {action:?} refused: {e}",
                checked.decisions
            )
        })?;
        log.push((seat, action));
        hashes.push(G::state_hash(&state));
        checked.decisions += 1;
    }
    // Replay from (options, seed, log) and compare every step.
    let mut replay = G::setup(options, seed);
    if G::state_hash(&replay) != hashes[0] {
        return Err("replay: setup differs".into());
    }
    for (i, (seat, action)) in log.iter().enumerate() {
        G::apply(&mut replay, *seat, action).map_err(|e| format!("replay {i}: {e}"))?;
        if G::state_hash(&replay) != hashes[i + 1] {
            return Err(format!("replay diverges after action {i} ({action:?})"));
        }
    }
    Ok(checked)
}

fn deep_checks<G: Playable>(
    state: &G::State,
    seat: Seat,
    seats: &[Seat],
    deciders: &[Seat],
    seed: u64,
) -> Result<(), String> {
    let actions = G::legal_actions(state, seat);
    if actions.is_empty() {
        return Err(format!("seat {} is to act but has no legal action", seat.0));
    }
    for a in &actions {
        let text = G::format_action(state, a);
        let back = G::parse_action(state, &text)
            .map_err(|e| format!("action '{text}' does not parse: {e}"))?;
        if &back != a {
            return Err(format!("action '{text}' parses to {back:?}, not {a:?}"));
        }
    }
    check_targets::<G>(state, &actions)?;
    // A seat that is not deciding is refused, and nothing changes.
    if let Some(other) = seats.iter().find(|s| !deciders.contains(s)) {
        let mut probe = state.clone();
        let before = G::state_hash(&probe);
        if G::apply(&mut probe, *other, &actions[0]).is_ok() {
            return Err(format!("seat {} acted out of turn", other.0));
        }
        if G::state_hash(&probe) != before {
            return Err("a refused action changed the state".into());
        }
    }
    let text = G::format_position(state);
    let parsed = G::parse_position(&text, seed)
        .map_err(|e| format!("position does not parse: {e}\n{text}"))?;
    if G::state_hash(&parsed) != G::state_hash(state) || G::format_position(&parsed) != text {
        return Err(format!("position does not round-trip:\n{text}"));
    }
    // The search player's road to a state: view, then resample. It must agree with
    // the true state on everything that seat may know; for a game with no secrets
    // that is the whole position.
    let view = G::view(state, &[seat]);
    let mut rng = Chance::new(seed);
    let guess = G::resample(&view, &mut rng);
    if G::legal_actions(&guess, seat) != actions {
        return Err("a resampled state offers different actions".into());
    }
    // ...and writes them the same: a hint searched from the view alone is written in a
    // state drawn from it (`GameBox::seat_search`).
    if let Some(a) = actions
        .iter()
        .find(|a| G::format_action(&guess, a) != G::format_action(state, a))
    {
        return Err(format!(
            "a resampled state writes '{}' as '{}'",
            G::format_action(state, a),
            G::format_action(&guess, a)
        ));
    }
    // What the seat sees of the guess is what it sees of the truth: masking hides
    // exactly what resampling redraws.
    if digests(&masked(&guess, &[seat])).whole != digests(&masked(state, &[seat])).whole {
        return Err(format!(
            "seat {} sees a resampled state differently from the true one",
            seat.0
        ));
    }
    check_secrets(state)?;
    check_position_data::<G>(state, seed)
}

/// The position as stored data reads back as the same position.
fn check_position_data<G: Playable>(state: &G::State, seed: u64) -> Result<(), String> {
    let stored = G::position_data(state)?;
    let back = G::from_position_data(&stored, seed)
        .map_err(|e| format!("the position's data does not read back: {e}"))?;
    if G::state_hash(&back) != G::state_hash(state)
        || G::format_position(&back) != G::format_position(state)
    {
        return Err(format!(
            "the position's data reads back as another position:\n{}",
            G::format_position(state)
        ));
    }
    Ok(())
}

/// Every legal action lists what it touches, and no two of a seat's actions list the
/// same, so that taps always lead to one action.
fn check_targets<G: Playable>(state: &G::State, actions: &[G::Action]) -> Result<(), String> {
    let mut seen: Vec<(Vec<Target>, &G::Action)> = Vec::with_capacity(actions.len());
    for a in actions {
        let targets = G::targets(state, a);
        if !targets.iter().any(Target::is_required) {
            return Err(format!("action {a:?} lists nothing to tap"));
        }
        seen.push((targets, a));
    }
    seen.sort_by(|x, y| x.0.cmp(&y.0));
    for pair in seen.windows(2) {
        if pair[0].0 == pair[1].0 {
            return Err(format!(
                "actions {:?} and {:?} have the same targets {:?}",
                pair[0].1, pair[1].1, pair[0].0
            ));
        }
    }
    Ok(())
}
