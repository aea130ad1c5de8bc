//! Initiative Determination (6.0; brief 4.1, G3.14, G3.26). Every belligerent power
//! puts down a sealed bid at the same time: Gold Point markers from its hand, 0 up to
//! all it holds, and optionally a Papal Intervention marker face down (6.3, 8.13). When
//! the last bid is in they are turned up together. A Papal bid beats any gold; among
//! several Papal bids, or with none, the most gold wins; a tie is rolled off by the
//! tied powers alone, again and again until one is highest (6.2). The others follow
//! "clockwise", which is the fixed order N, AS, V, B from the winner (G3.14). Every
//! marker bid goes back to the pool, the winner's too (6.1).

use super::actions::{Action, Event};
use super::chits::{gold_in, put_back, take, Chit, GOLD, PAPAL};
use super::data::Power;
use super::state::{Bid, Phase, SealedBid, State};
use crate::engine::{GameEvent, Hidden, RuleError, Seat};

/// The table's clockwise order (G3.14): the seat order of the powers.
pub const CLOCKWISE: [Power; 4] = Power::ALL;

/// Belligerent powers that have not bid yet.
fn unbid(state: &State) -> Vec<Power> {
    state
        .belligerents()
        .into_iter()
        .filter(|p| !state.bids.contains_key(p))
        .collect()
}

/// Seats with a power still to bid: they decide at once, in secret.
pub fn waiting(state: &State) -> Vec<Seat> {
    let mut seats: Vec<Seat> = unbid(state)
        .into_iter()
        .filter_map(|p| state.controller(p))
        .collect();
    seats.sort();
    seats.dedup();
    seats
}

/// Gold Point markers a power holds (6.1: the most it may bid).
pub fn gold_held(state: &State, power: Power) -> u8 {
    let n = state
        .power(power)
        .hand
        .iter()
        .filter(|c| c.is(GOLD))
        .count();
    u8::try_from(n).unwrap_or(u8::MAX)
}

fn holds_papal(state: &State, power: Power) -> bool {
    state.power(power).hand.iter().any(|c| c.is(PAPAL))
}

/// Every bid the seat may put down now.
pub fn legal_bids(state: &State, seat: Seat) -> Vec<Action> {
    if state.phase != Phase::Initiative {
        return Vec::new();
    }
    let mut out = Vec::new();
    for power in unbid(state) {
        if state.controller(power) != Some(seat) {
            continue;
        }
        let papal_options: &[bool] = if holds_papal(state, power) {
            &[false, true]
        } else {
            &[false]
        };
        for gold in 0..=gold_held(state, power) {
            for &papal in papal_options {
                out.push(Action::Bid {
                    power,
                    bid: Bid { gold, papal },
                });
            }
        }
    }
    out
}

/// Puts down one power's sealed bid; the last one in resolves the phase.
pub fn place_bid(
    state: &mut State,
    seat: Seat,
    power: Power,
    bid: Bid,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    if state.phase != Phase::Initiative {
        return Err(RuleError::new(
            "6.1",
            "bids are made in the initiative phase",
        ));
    }
    if state.controller(power) != Some(seat) {
        return Err(RuleError::new(
            "4.2",
            format!("seat {} does not play the {}", seat.0, power.name()),
        ));
    }
    if state.bids.contains_key(&power) {
        return Err(RuleError::new(
            "6.1",
            format!("the {} have already bid", power.name()),
        ));
    }
    let held = gold_held(state, power);
    if bid.gold > held {
        return Err(RuleError::new(
            "6.1",
            format!(
                "the {} hold {held} gold and cannot bid {}",
                power.name(),
                bid.gold
            ),
        ));
    }
    if bid.papal && !holds_papal(state, power) {
        return Err(RuleError::new(
            "6.3",
            format!("the {} hold no Papal Intervention", power.name()),
        ));
    }
    state.bids.insert(power, Hidden(SealedBid(Some(bid))));
    let mut events = vec![GameEvent::public("6.1", Event::BidIn { power })];
    if unbid(state).is_empty() {
        events.extend(resolve(state));
    }
    Ok(events)
}

/// Turns the bids up, settles the first player and the order, returns the markers.
fn resolve(state: &mut State) -> Vec<GameEvent<Event>> {
    let bids: Vec<(Power, Bid)> = std::mem::take(&mut state.bids)
        .into_iter()
        .filter_map(|(p, sealed)| sealed.0 .0.map(|b| (p, b)))
        .collect();
    let mut events = vec![GameEvent::public(
        "6.1",
        Event::BidsRevealed { bids: bids.clone() },
    )];
    // The markers put down, taken from the hands now that nothing is secret.
    let mut totals: Vec<(Power, Bid, u32)> = Vec::new();
    for &(power, bid) in &bids {
        let hand = &mut state.power_mut(power).hand;
        let gold: Vec<Chit> = take(hand, usize::from(bid.gold), |c| c.is(GOLD)).unwrap_or_default();
        let papal: Vec<Chit> = if bid.papal {
            take(hand, 1, |c| c.is(PAPAL)).unwrap_or_default()
        } else {
            Vec::new()
        };
        totals.push((power, bid, gold_in(&gold)));
        for chit in gold.into_iter().chain(papal) {
            put_back(&mut state.pool, chit);
        }
    }
    // 6.3 / G3.26: Papal bids come first; then the most gold.
    let papal_bidders = totals.iter().any(|t| t.1.papal);
    let contenders: Vec<&(Power, Bid, u32)> = totals
        .iter()
        .filter(|t| !papal_bidders || t.1.papal)
        .collect();
    let top = contenders.iter().map(|t| t.2).max().unwrap_or(0);
    let tied: Vec<Power> = contenders
        .iter()
        .filter(|t| t.2 == top)
        .map(|t| t.0)
        .collect();
    let first = roll_off(state, tied, &mut events);
    let order = clockwise_from(state, first);
    events.push(GameEvent::public(
        "6.1",
        Event::Initiative {
            first,
            order: order.clone(),
        },
    ));
    for (power, bid, _) in totals {
        events.push(GameEvent::public(
            "6.1",
            Event::BidReturned {
                power,
                gold: bid.gold,
                papal: bid.papal,
            },
        ));
    }
    state.order = order;
    state.phase = Phase::Negotiations;
    events.push(GameEvent::public(
        "3.2",
        Event::PhaseBegins {
            phase: Phase::Negotiations,
        },
    ));
    events
}

/// 6.2: the tied powers roll a die each; the highest goes first; a tie for highest
/// rolls again among those only (R-6.2 fill).
fn roll_off(state: &mut State, mut tied: Vec<Power>, events: &mut Vec<GameEvent<Event>>) -> Power {
    // Bounded so that no script can loop for ever; 64 tied rounds never happen by
    // chance, and then the first in table order wins.
    for _ in 0..64 {
        if tied.len() <= 1 {
            break;
        }
        let rolls: Vec<(Power, u8)> = tied
            .iter()
            .map(|&p| (p, u8::try_from(state.chance.d6()).unwrap_or(6)))
            .collect();
        let best = rolls.iter().map(|r| r.1).max().unwrap_or(0);
        tied = rolls.iter().filter(|r| r.1 == best).map(|r| r.0).collect();
        events.push(GameEvent::public("6.2", Event::TieRoll { rolls }));
    }
    tied.first().copied().unwrap_or(Power::Normans)
}

/// The belligerent powers clockwise from `first` (G3.14).
pub fn clockwise_from(state: &State, first: Power) -> Vec<Power> {
    let at = CLOCKWISE.iter().position(|&p| p == first).unwrap_or(0);
    CLOCKWISE
        .iter()
        .cycle()
        .skip(at)
        .take(CLOCKWISE.len())
        .copied()
        .filter(|&p| state.is_belligerent(p))
        .collect()
}
