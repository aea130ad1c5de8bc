//! The simple player's answers in the Mutual Negotiations Phase (22.2; brief 4.3's AI
//! notes, the first of them): it offers nothing, and accepts a deal only when what it
//! gets is worth more than what it gives, on a rough value table. A promise not to
//! attack is kept: `forces::hostile` treats the other player's powers as friends while
//! it holds (so it never pays 22.3's price).

use super::super::chits::{Chit, GOLD};
use super::super::data::Power;
use super::super::negotiation::{DealAction, Term};
use super::super::sequence::victory_checks;
use super::super::state::State;
use crate::engine::Seat;

/// A marker's worth when trading: gold is its value in gold, anything else is an
/// Action or battle marker worth about two gold.
fn marker_worth(chit: Chit) -> f64 {
    if chit.is(GOLD) {
        f64::from(chit.value)
    } else {
        2.0
    }
}

/// A marker of unknown kind (one the other party will choose).
const UNKNOWN_MARKER: f64 = 1.0;
/// A power of one's own, or gained: armies, towns and a hand (4.6).
const POWER_WORTH: f64 = 20.0;
/// A promise not to attack is worth a little to whoever is behind, and costs the one
/// ahead (its rivals are spared its armies).
const PEACE_WORTH: f64 = 1.0;

/// The score of one negotiation action for `seat`; ending the talks scores 0.
pub fn score(state: &State, seat: Seat, action: &DealAction) -> f64 {
    match action {
        // It drafts no deals of its own (RULINGS.md, "Not yet").
        DealAction::Open { .. } | DealAction::Add { .. } | DealAction::Offer { .. } => -1.0,
        DealAction::Withdraw { .. } => 0.0,
        DealAction::Answer { accept: false, .. } => 0.0,
        DealAction::Answer { accept: true, .. } => worth_of_deal(state, seat),
        // The cheapest marker goes.
        DealAction::HandOver { chit, .. } => -marker_worth(*chit),
    }
}

fn worth_of_deal(state: &State, seat: Seat) -> f64 {
    let Some(deal) = state.talks.deal.as_ref() else {
        return -1.0;
    };
    let mine = |p: Power| state.controller(p) == Some(seat);
    let ahead = leading(state, seat);
    let from_me = mine(deal.from);
    let to_me = mine(deal.to);
    let mut worth = 0.0;
    for term in &deal.terms {
        if !from_me && !to_me && !matches!(term, Term::EndGame(_)) {
            // Asked only to agree to the end of the game (22.2 (4)).
            continue;
        }
        worth += match *term {
            Term::Give(n) if to_me => f64::from(n) * UNKNOWN_MARKER,
            Term::Ask(n) if from_me => f64::from(n) * UNKNOWN_MARKER,
            Term::Give(n) | Term::Ask(n) => -f64::from(n) * 2.0,
            Term::Transfer(p) if mine(p) => -POWER_WORTH,
            Term::Transfer(_) => POWER_WORTH,
            Term::Neutral(p) if mine(p) => -POWER_WORTH,
            Term::Neutral(_) => POWER_WORTH / 4.0,
            Term::NoAttack(n) if ahead => -PEACE_WORTH * f64::from(n),
            Term::NoAttack(n) => PEACE_WORTH * f64::from(n),
            Term::EndGame(Some(p)) if mine(p) => 100.0,
            Term::EndGame(_) => -100.0,
        };
    }
    worth
}

/// Whether the seat has the most feudal points of all (23.2).
fn leading(state: &State, seat: Seat) -> bool {
    let checks = victory_checks(state);
    let mine = checks
        .iter()
        .find(|c| c.seat == seat)
        .map_or(0, |c| c.feudal);
    checks.iter().all(|c| c.seat == seat || c.feudal < mine)
}
