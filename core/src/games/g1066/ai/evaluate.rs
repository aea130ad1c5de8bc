//! How well a seat stands, from 0 (lost) to 1 (won): what 23.2 will judge at the end of
//! the last game turn (a king in a royal town and 20 feudal points, the most points
//! among those who qualify), counted more the nearer that end is, and what the seat has
//! to change it with: its land forces and its campaign markers (8.0).

use super::super::data::Power;
use super::super::sequence::{victory_checks, VictoryCheck, VICTORY_FEUDAL};
use super::super::state::{Phase, State};
use super::forces::units_strength;
use crate::engine::Seat;

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// How far through the game we are: 0 in January 1066, 1 in the last game turn.
pub fn lateness(state: &State) -> f64 {
    let last = f64::from(state.options.last_turn.max(2));
    ((f64::from(state.turn) - 1.0) / (last - 1.0)).clamp(0.0, 1.0)
}

/// The fighting worth of every land counter of the seat's powers.
fn army(state: &State, powers: &[Power]) -> f64 {
    state
        .forces
        .values()
        .flatten()
        .filter(|s| powers.contains(&s.power))
        .map(|s| units_strength(&s.units))
        .sum()
}

fn hand_size(state: &State, powers: &[Power]) -> usize {
    powers.iter().map(|&p| state.power(p).hand.len()).sum()
}

/// One seat's prospects as a number: feudal points against the 20 of 23.2, the king,
/// the army and the hand. The weights grow the feudal part and the king towards the
/// end, when armies can no longer change them.
fn prospects(state: &State, check: &VictoryCheck) -> f64 {
    let late = lateness(state);
    let powers = state.powers_of(check.seat);
    let feudal = f64::from(check.feudal.min(30)) / f64::from(VICTORY_FEUDAL);
    let king = if check.king_placed { 1.0 } else { 0.0 };
    feudal * (1.0 + 1.5 * late)
        + king * (0.3 + 0.9 * late)
        + army(state, &powers) / 40.0 * (1.0 - 0.6 * late)
        + hand_size(state, &powers) as f64 / 30.0 * (1.0 - 0.7 * late)
}

/// `seat`'s standing in 0..=1: at the end 1 for the winner, 0 for the others and 0.5
/// for everyone when nobody wins the crown; before it the logistic of its lead over
/// the best placed rival.
pub fn evaluate(state: &State, seat: Seat) -> f64 {
    let checks = victory_checks(state);
    if state.phase == Phase::GameOver {
        let outcome = super::super::sequence::outcome(state);
        return if outcome.winners.is_empty() {
            0.5
        } else if outcome.winners.contains(&seat) {
            1.0
        } else {
            0.0
        };
    }
    let Some(mine) = checks.iter().find(|c| c.seat == seat) else {
        return 0.0;
    };
    let me = prospects(state, mine);
    let best_rival = checks
        .iter()
        .filter(|c| c.seat != seat)
        .map(|c| prospects(state, c))
        .fold(f64::NEG_INFINITY, f64::max);
    if best_rival == f64::NEG_INFINITY {
        return logistic(me);
    }
    logistic(2.5 * (me - best_rival))
}
