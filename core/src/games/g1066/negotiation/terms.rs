//! Which terms a draft may take (22.2, 22.4, 4.6; NG2).

use super::super::data::{Place, Power};
use super::super::state::State;
use super::{err, Deal, Term, LONGEST_PROMISE, MOST_MARKERS};
use crate::engine::RuleError;

/// The terms the draft may still take: one of each kind, a power moved once.
pub(super) fn terms_open(state: &State, deal: &Deal) -> Vec<Term> {
    let has = |kind: u8| deal.terms.iter().any(|t| t.kind() == kind);
    let held = |p: Power| u8::try_from(state.power(p).hand.len()).unwrap_or(u8::MAX);
    let mut out = Vec::new();
    if !has(0) {
        out.extend((1..=MOST_MARKERS.min(held(deal.from))).map(Term::Give));
    }
    if !has(1) {
        out.extend((1..=MOST_MARKERS.min(held(deal.to))).map(Term::Ask));
    }
    for p in state.belligerents() {
        for term in [Term::Transfer(p), Term::Neutral(p)] {
            if check_term(state, deal, term).is_ok() {
                out.push(term);
            }
        }
    }
    if !has(4) {
        out.extend((1..=LONGEST_PROMISE).map(Term::NoAttack));
    }
    if !has(5) {
        out.push(Term::EndGame(None));
        out.extend(
            state
                .belligerents()
                .into_iter()
                .map(|p| Term::EndGame(Some(p))),
        );
    }
    out
}

/// Whether `term` may join the draft (22.2, 22.4, 4.6).
pub(super) fn check_term(state: &State, deal: &Deal, term: Term) -> Result<(), RuleError> {
    if deal
        .terms
        .iter()
        .any(|t| t.kind() == term.kind() && term.power().is_none())
    {
        return Err(err("22.2", "the deal already has a term of that kind"));
    }
    let held = |p: Power| state.power(p).hand.len();
    let parties = [state.controller(deal.from), state.controller(deal.to)];
    match term {
        Term::Give(n) | Term::Ask(n) => {
            let giver = if matches!(term, Term::Give(_)) {
                deal.from
            } else {
                deal.to
            };
            if n == 0 || n > MOST_MARKERS {
                return Err(err(
                    "22.2",
                    format!("a deal trades 1 to {MOST_MARKERS} markers each way"),
                ));
            }
            if usize::from(n) > held(giver) {
                return Err(err(
                    "22.2",
                    format!("the {} hold only {} markers", giver.name(), held(giver)),
                ));
            }
        }
        Term::Transfer(p) | Term::Neutral(p) => {
            if deal.terms.iter().any(|t| t.power() == Some(p)) {
                return Err(err(
                    "22.2",
                    format!("the deal already moves the {}", p.name()),
                ));
            }
            let seat = state.controller(p);
            if seat.is_none() || !parties.contains(&seat) {
                return Err(err(
                    "22.2",
                    format!("the {} are not played by either party", p.name()),
                ));
            }
            let Some(seat) = seat else {
                return Err(err("4.3", "a neutral power cannot be traded"));
            };
            let moving = deal
                .terms
                .iter()
                .filter_map(|t| t.power())
                .chain([p])
                .filter(|&q| state.controller(q) == Some(seat))
                .count();
            if moving >= state.powers_of(seat).len() {
                return Err(err("22.2", "each party keeps at least one power"));
            }
            if matches!(term, Term::Transfer(_)) {
                let other = if Some(seat) == parties[0] {
                    parties[1]
                } else {
                    parties[0]
                };
                if let Some(other) = other {
                    if shares_square(state, p, |q| state.controller(q) == Some(other)) {
                        return Err(err(
                            "4.6",
                            format!(
                                "the {} share a square with a power of the player they would pass to",
                                p.name()
                            ),
                        ));
                    }
                }
            } else if shares_square(state, p, |q| q != p) {
                return Err(err(
                    "4.3",
                    format!(
                        "the {} share a square with another power: they cannot stand aside",
                        p.name()
                    ),
                ));
            }
        }
        Term::NoAttack(n) => {
            if n == 0 || n > LONGEST_PROMISE {
                return Err(err(
                    "22.2",
                    format!("a promise lasts 1 to {LONGEST_PROMISE} game turns"),
                ));
            }
        }
        Term::EndGame(Some(p)) if !state.is_belligerent(p) => {
            return Err(err(
                "22.2",
                format!("the {} are played by nobody", p.name()),
            ));
        }
        Term::EndGame(_) => {}
    }
    Ok(())
}

/// Whether a unit of `power` stands in a place with a unit of a power `other` picks.
fn shares_square(state: &State, power: Power, other: impl Fn(Power) -> bool) -> bool {
    state.forces.iter().any(|(place, stacks)| {
        matches!(place, Place::Square(_))
            && stacks
                .iter()
                .any(|s| s.power == power && !s.units.is_empty())
            && stacks
                .iter()
                .any(|s| s.power != power && other(s.power) && !s.units.is_empty())
    })
}
