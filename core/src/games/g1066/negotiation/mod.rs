//! Mutual Negotiations (22.0) as typed deals that a pass-the-device table and a computer
//! player can both handle (brief 4.3). In this game turn's order each belligerent power
//! may draft one deal with a power of another player, term by term, and offer it, or
//! pass. The other power answers; a deal that ends the game asks every other player
//! too. An accepted deal is carried out at once: the markers to hand over are chosen by
//! their givers (only giver and receiver learn which, 22.2), then control passes, powers
//! go back to neutrality and promises not to attack start. A round in which every power
//! passed ends the phase, and so does the third round (NG1).
//!
//! A broken promise is a legal move whose price is 22.3: the engine watches the
//! promises it can check (no attack) and takes the price when a battle breaks one
//! ([`check_attack`]).

use super::actions::{Action, Event};
pub use promises::{at_peace, check_attack};
use terms::{check_term, terms_open};

mod promises;
mod terms;
use super::chits::{put_back, Chit};
use super::data::Power;
use super::state::{Phase, State};
use crate::engine::{GameEvent, RuleError, Seat};
use serde::{Deserialize, Serialize};

/// The most markers one term gives or asks (what a table trades in one deal).
pub const MOST_MARKERS: u8 = 3;
/// The longest promise not to attack, in game turns counting this one.
pub const LONGEST_PROMISE: u8 = 2;
/// Rounds of offers a game turn (brief 4.3).
pub const ROUNDS: u8 = 3;

/// One term of a deal between the power that drafts it (`from`) and the other (`to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Term {
    /// `from` gives this many campaign markers of its choice to `to` (22.2 (3)).
    Give(u8),
    /// `to` gives this many markers of its choice to `from` (22.2 (3)).
    Ask(u8),
    /// Control of the power passes from its player to the other party's (22.2 (2)).
    Transfer(Power),
    /// The power, controlled by a party, goes back to neutrality (22.2 (1), over 4.7).
    Neutral(Power),
    /// Neither party's powers attack the other's until the end of this many game turns,
    /// this one counted (22.2 (5), the rulebook's own example).
    NoAttack(u8),
    /// The game ends now and this power's player wins it, or nobody (22.2 (4)); every
    /// player must agree.
    EndGame(Option<Power>),
}

impl Term {
    pub(super) fn kind(self) -> u8 {
        match self {
            Term::Give(_) => 0,
            Term::Ask(_) => 1,
            Term::Transfer(_) => 2,
            Term::Neutral(_) => 3,
            Term::NoAttack(_) => 4,
            Term::EndGame(_) => 5,
        }
    }

    /// The power a term moves, if any.
    pub(super) fn power(self) -> Option<Power> {
        match self {
            Term::Transfer(p) | Term::Neutral(p) => Some(p),
            _ => None,
        }
    }
}

/// A deal as drafted and offered: open to everyone (22.2 "openly").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub from: Power,
    pub to: Power,
    pub terms: Vec<Term>,
    /// Offered: the powers still to answer, the first asked now.
    pub answering: Vec<Power>,
    /// Accepted: the markers still to hand over (giver, receiver, count), in order.
    pub owed: Vec<(Power, Power, u8)>,
}

impl Deal {
    pub fn offered(&self) -> bool {
        !self.answering.is_empty()
    }

    pub fn accepted(&self) -> bool {
        !self.owed.is_empty()
    }
}

/// A promise in force between two players: their powers attack each other not until
/// the end of game turn `until` (22.2 (5)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pact {
    pub seats: [Seat; 2],
    pub until: u8,
}

impl Pact {
    pub(super) fn binds(&self, a: Seat, b: Seat) -> bool {
        self.seats == [a, b] || self.seats == [b, a]
    }
}

/// 22.2 (4): how the players agreed the game ends (a struct, so that "nobody wins"
/// survives a round trip through JSON, where `Some(None)` would read back as `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agreed {
    pub victor: Option<Power>,
}

/// This game turn's negotiations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Talks {
    /// Rounds of offers over in this game turn (NG1).
    pub rounds_done: u8,
    /// Whether some power offered a deal in this round.
    pub offers: bool,
    pub deal: Option<Deal>,
    /// 22.2 (4): the game was ended by agreement, with this power's player the victor.
    pub ended: Option<Agreed>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DealAction {
    /// The acting power begins a deal with a power of another player.
    Open {
        power: Power,
        with: Power,
    },
    Add {
        power: Power,
        term: Term,
    },
    /// The deal is offered to the other power (and for an end of the game to everyone).
    Offer {
        power: Power,
    },
    /// The draft is dropped; the power has had its say this round.
    Withdraw {
        power: Power,
    },
    Answer {
        power: Power,
        accept: bool,
    },
    /// A marker of the giver's choice goes to the other party (secret: it names it).
    HandOver {
        power: Power,
        chit: Chit,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DealEvent {
    Opened {
        from: Power,
        to: Power,
    },
    Added {
        power: Power,
        term: Term,
    },
    Offered {
        deal: Deal,
    },
    Withdrawn {
        power: Power,
    },
    Answered {
        power: Power,
        accept: bool,
    },
    /// One marker changed hands (everyone sees that it did).
    HandedOver {
        from: Power,
        to: Power,
    },
    /// Which marker (the two parties only).
    HandedOverChit {
        from: Power,
        to: Power,
        chit: Chit,
    },
    ControlPasses {
        power: Power,
        seat: Seat,
    },
    BackToNeutral {
        power: Power,
        returned: u8,
    },
    PactMade {
        pact: Pact,
    },
    EndedByAgreement {
        victor: Option<Power>,
    },
    /// 22.3: a promise was broken by the attacker's player.
    PactBroken {
        pact: Pact,
        violator: Seat,
        by: Power,
        against: Power,
    },
    /// 22.3: markers the violator lost at random (count: everyone).
    PenaltyLost {
        power: Power,
        count: u8,
    },
    /// 22.3: another player's die for picks.
    PenaltyRoll {
        power: Power,
        roll: u8,
    },
}

pub(super) fn err(rule: &'static str, why: impl Into<String>) -> RuleError {
    RuleError::new(rule, why)
}

pub(super) fn public(rule: &'static str, e: DealEvent) -> GameEvent<Event> {
    GameEvent::public(rule, Event::Deal(e))
}

/// The seats that decide now in the negotiations: the acting power's while it drafts,
/// the answering power's, or the giver's while markers are handed over.
pub fn waiting(state: &State) -> Option<Vec<Seat>> {
    let deal = state.talks.deal.as_ref()?;
    let power = if let Some(&(giver, _, _)) = deal.owed.first() {
        giver
    } else if let Some(&p) = deal.answering.first() {
        p
    } else {
        deal.from
    };
    Some(state.controller(power).into_iter().collect())
}

/// Whether the action makes no deal: a pass, a declined offer, a withdrawn draft.
pub fn refuses(action: &Action) -> bool {
    matches!(
        action,
        Action::Pass { .. }
            | Action::Deal(DealAction::Answer { accept: false, .. })
            | Action::Deal(DealAction::Withdraw { .. })
    )
}

/// What the acting power's player may do with no deal on the table.
pub fn openings(state: &State, power: Power) -> Vec<Action> {
    let me = state.controller(power);
    let mut out = vec![Action::Pass { power }];
    // 8.13: a Spy may be played any time in the game turn, so in one's say too (SP1).
    out.extend(super::turn::phase_markers::spy_plays(state, power));
    for with in state.belligerents() {
        if state.controller(with) != me {
            out.push(Action::Deal(DealAction::Open { power, with }));
        }
    }
    out
}

/// Every action the seat may take while a deal is on the table.
pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    let Some(deal) = state.talks.deal.as_ref() else {
        return Vec::new();
    };
    if waiting(state).is_none_or(|w| !w.contains(&seat)) {
        return Vec::new();
    }
    let deal_action = |a| Action::Deal(a);
    if let Some(&(giver, _, _)) = deal.owed.first() {
        let mut hand: Vec<Chit> = state.power(giver).hand.to_vec();
        hand.sort();
        hand.dedup();
        return hand
            .into_iter()
            .map(|chit| deal_action(DealAction::HandOver { power: giver, chit }))
            .collect();
    }
    if let Some(&power) = deal.answering.first() {
        return [true, false]
            .map(|accept| deal_action(DealAction::Answer { power, accept }))
            .to_vec();
    }
    let power = deal.from;
    let mut out: Vec<Action> = terms_open(state, deal)
        .into_iter()
        .map(|term| deal_action(DealAction::Add { power, term }))
        .collect();
    if !deal.terms.is_empty() {
        out.push(deal_action(DealAction::Offer { power }));
    }
    out.push(deal_action(DealAction::Withdraw { power }));
    out
}

fn check_seat_acting(state: &State, seat: Seat, power: Power) -> Result<(), RuleError> {
    if state.controller(power) == Some(seat) {
        Ok(())
    } else {
        Err(err(
            "22.1",
            format!("the {} are not this seat's", power.name()),
        ))
    }
}

fn check_seat(state: &State, seat: Seat, power: Power) -> Result<(), RuleError> {
    if waiting(state).is_some_and(|w| w.contains(&seat)) && state.controller(power) == Some(seat) {
        Ok(())
    } else {
        Err(err(
            "22.1",
            format!("the {} do not decide now", power.name()),
        ))
    }
}

/// Applies one negotiation action. `next_power` is called once the acting power has
/// had its say in this round (the deal settled or dropped).
pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &DealAction,
) -> Result<(Vec<GameEvent<Event>>, bool), RuleError> {
    if state.phase != Phase::Negotiations {
        return Err(err(
            "22.1",
            "deals are made in the Mutual Negotiations Phase",
        ));
    }
    let mut events = Vec::new();
    let mut done = false;
    match *action {
        DealAction::Open { power, with } => {
            if state.talks.deal.is_some() {
                return Err(err("22.1", "a deal is already on the table"));
            }
            if !openings(state, power).contains(&Action::Deal(action.clone())) {
                return Err(err(
                    "22.4",
                    format!(
                        "the {} may deal now only with a power of another player",
                        power.name()
                    ),
                ));
            }
            check_seat_acting(state, seat, power)?;
            state.talks.deal = Some(Deal {
                from: power,
                to: with,
                terms: Vec::new(),
                answering: Vec::new(),
                owed: Vec::new(),
            });
            events.push(public(
                "22.2",
                DealEvent::Opened {
                    from: power,
                    to: with,
                },
            ));
        }
        DealAction::Add { power, term } => {
            let deal = drafting(state, seat, power)?;
            check_term(state, deal, term)?;
            if let Some(d) = state.talks.deal.as_mut() {
                d.terms.push(term);
                d.terms.sort();
            }
            events.push(public("22.2", DealEvent::Added { power, term }));
        }
        DealAction::Offer { power } => {
            let deal = drafting(state, seat, power)?;
            if deal.terms.is_empty() {
                return Err(err("22.2", "the deal has no terms yet"));
            }
            let answering = answerers(state, deal);
            if let Some(d) = state.talks.deal.as_mut() {
                d.answering = answering;
                events.push(public("22.2", DealEvent::Offered { deal: d.clone() }));
            }
            state.talks.offers = true;
        }
        DealAction::Withdraw { power } => {
            drafting(state, seat, power)?;
            state.talks.deal = None;
            events.push(public("22.2", DealEvent::Withdrawn { power }));
            done = true;
        }
        DealAction::Answer { power, accept } => {
            check_seat(state, seat, power)?;
            let Some(deal) = state.talks.deal.as_mut() else {
                return Err(err("22.2", "no deal is on the table"));
            };
            if deal.answering.first() != Some(&power) {
                return Err(err(
                    "22.2",
                    format!("the {} are not asked now", power.name()),
                ));
            }
            deal.answering.remove(0);
            events.push(public("22.2", DealEvent::Answered { power, accept }));
            let all_said = deal.answering.is_empty();
            if !accept {
                state.talks.deal = None;
                done = true;
            } else if all_said {
                if let Some(d) = state.talks.deal.clone() {
                    let owing = owed(&d, |p| state.power(p).hand.len());
                    if let Some(d) = state.talks.deal.as_mut() {
                        d.owed = owing;
                    }
                }
                done = settle_if_handed(state, &mut events);
            }
        }
        DealAction::HandOver { power, chit } => {
            check_seat(state, seat, power)?;
            let Some(&(giver, receiver, n)) =
                state.talks.deal.as_ref().and_then(|d| d.owed.first())
            else {
                return Err(err("22.2", "no markers are owed"));
            };
            if giver != power {
                return Err(err("22.2", format!("the {} hand over now", giver.name())));
            }
            let hand = &mut state.power_mut(giver).hand;
            let Some(i) = hand.iter().position(|&c| c == chit) else {
                return Err(err(
                    "22.2",
                    format!("the {} hold no such marker", giver.name()),
                ));
            };
            let c = hand.remove(i);
            put_back(&mut state.power_mut(receiver).hand, c);
            events.push(public(
                "22.2",
                DealEvent::HandedOver {
                    from: giver,
                    to: receiver,
                },
            ));
            let seats: Vec<Seat> = [giver, receiver]
                .iter()
                .filter_map(|&p| state.controller(p))
                .collect();
            events.push(GameEvent::private(
                seats,
                "22.2",
                Event::Deal(DealEvent::HandedOverChit {
                    from: giver,
                    to: receiver,
                    chit: c,
                }),
            ));
            let emptied = state.power(giver).hand.is_empty();
            if let Some(d) = state.talks.deal.as_mut() {
                let left = n - 1;
                if left == 0 || emptied {
                    d.owed.remove(0);
                } else if let Some(first) = d.owed.first_mut() {
                    first.2 = left;
                }
            }
            done = settle_if_handed(state, &mut events);
        }
    }
    Ok((events, done))
}

/// What each side hands over, never more than it holds (a term was checked against
/// the hand when it was added; nothing spends markers in this phase, but a deal never
/// waits on markers that are not there).
fn owed(deal: &Deal, held: impl Fn(Power) -> usize) -> Vec<(Power, Power, u8)> {
    let mut out = Vec::new();
    for t in &deal.terms {
        let (giver, receiver, n) = match *t {
            Term::Give(n) => (deal.from, deal.to, n),
            Term::Ask(n) => (deal.to, deal.from, n),
            _ => continue,
        };
        let n = n.min(u8::try_from(held(giver)).unwrap_or(u8::MAX));
        if n > 0 {
            out.push((giver, receiver, n));
        }
    }
    out
}

/// Who must accept: the other power; for an end of the game every other player too,
/// each asked once through its first power in this game turn's order.
fn answerers(state: &State, deal: &Deal) -> Vec<Power> {
    let mut out = vec![deal.to];
    if deal.terms.iter().any(|t| matches!(t, Term::EndGame(_))) {
        let mut asked: Vec<Option<Seat>> =
            vec![state.controller(deal.from), state.controller(deal.to)];
        for &p in &state.order {
            let seat = state.controller(p);
            if seat.is_some() && !asked.contains(&seat) {
                asked.push(seat);
                out.push(p);
            }
        }
    }
    out
}

fn drafting(state: &State, seat: Seat, power: Power) -> Result<&Deal, RuleError> {
    match state.talks.deal.as_ref() {
        Some(d) if d.from == power && !d.offered() && !d.accepted() => {
            check_seat(state, seat, power)?;
            Ok(d)
        }
        _ => Err(err(
            "22.2",
            format!("the {} have no deal in draft", power.name()),
        )),
    }
}

/// Once every marker is handed over the rest of the deal is carried out. Returns
/// whether the deal is settled.
fn settle_if_handed(state: &mut State, events: &mut Vec<GameEvent<Event>>) -> bool {
    let Some(deal) = state.talks.deal.clone() else {
        return true;
    };
    if deal.accepted() {
        return false;
    }
    state.talks.deal = None;
    let seat_of = |s: &State, p: Power| s.controller(p);
    let (Some(a), Some(b)) = (seat_of(state, deal.from), seat_of(state, deal.to)) else {
        return true;
    };
    for term in &deal.terms {
        match *term {
            Term::Transfer(p) => {
                let to = if state.controller(p) == Some(a) { b } else { a };
                state.power_mut(p).controller = Some(to);
                events.push(public(
                    "22.2",
                    DealEvent::ControlPasses { power: p, seat: to },
                ));
            }
            Term::Neutral(p) => {
                // 4.3: a neutral holds no markers; it takes no player turn.
                let hand = std::mem::take(&mut *state.power_mut(p).hand);
                let returned = u8::try_from(hand.len()).unwrap_or(u8::MAX);
                for c in hand {
                    put_back(&mut state.pool, c);
                }
                state.power_mut(p).controller = None;
                state.order.retain(|&q| q != p);
                state.negotiated.retain(|&q| q != p);
                events.push(public(
                    "22.2",
                    DealEvent::BackToNeutral { power: p, returned },
                ));
            }
            Term::NoAttack(n) => {
                let pact = Pact {
                    seats: [a, b],
                    until: state.turn.saturating_add(n - 1),
                };
                state.pacts.retain(|p| !p.binds(a, b));
                state.pacts.push(pact.clone());
                events.push(public("22.2", DealEvent::PactMade { pact }));
            }
            Term::EndGame(victor) => {
                state.talks.ended = Some(Agreed { victor });
                events.push(public("22.2", DealEvent::EndedByAgreement { victor }));
            }
            Term::Give(_) | Term::Ask(_) => {}
        }
    }
    true
}
