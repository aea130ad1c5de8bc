//! The Campaign Marker Phase (3.2 a, 8.3-8.9): the phasing power draws one marker per
//! five points (or part) of its campaign value, making room under the hand limit first,
//! and every Event drawn is resolved at once: Attrition, Comet, Rebellion, Storms and
//! Troops Demand More Pay (8.13).

use super::super::actions::{Action, Event};
use super::super::chits::{put_back, Chit};
use super::super::data::{data, Place, Power, Terrain};
use super::super::state::State;
use super::phasing;
use super::pieces::{
    draw_n, hand_limit, is_fleet, is_king, leader_value, lose_random, remove_unit, summer,
};
use crate::engine::{GameEvent, RuleError, Seat};
use crate::games::g1066::data::tables::PlayerPhase;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignState {
    /// Picks still to draw this phase (8.5), capped at the hand limit (CM1).
    pub owed: u8,
    /// Markers the player must put back before drawing (8.7).
    pub to_return: u8,
    /// An Event waiting for a player's choice.
    pub pending: Option<PendingEvent>,
    /// Troops Demand More Pay: an unpaid stack the other players bid for (8.13).
    #[serde(default)]
    pub takeover: Option<Takeover>,
}

/// An Event that needs a decision before the draws go on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PendingEvent {
    /// Attrition: in each place the drawer loses one unit of his choice (kings immune).
    Attrition { power: Power, places: Vec<Place> },
    /// Rebellion: the power struck may spend a Vassalage marker to stop it.
    Rebellion { power: Power },
    /// Troops Demand More Pay: the stacks of five or more the drawer must pay for.
    Pay { power: Power, places: Vec<Place> },
}

/// Troops Demand More Pay: the drawer would not pay for a stack on the map holding no
/// king; the other players may pay for it instead and gain its control, bidding openly
/// (8.13, TD1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Takeover {
    pub drawer: Power,
    pub place: Place,
    /// The powers still bidding, in this game turn's order after the drawer.
    pub bidders: Vec<Power>,
    /// The highest bid so far: the power and its gold.
    pub best: Option<(Power, u8)>,
    /// Where the asking goes on in `bidders`.
    pub next: usize,
}

impl Takeover {
    /// The power to bid or pass now: the next one still bidding, not the highest.
    pub fn asked(&self) -> Option<Power> {
        let n = self.bidders.len();
        (0..n)
            .map(|i| self.bidders[(self.next + i) % n])
            .find(|&p| self.best.is_none_or(|(b, _)| b != p))
    }
}

impl PendingEvent {
    /// The power whose player answers: the drawer, or the power a Rebellion struck.
    pub fn power(&self) -> Power {
        match self {
            PendingEvent::Attrition { power, .. }
            | PendingEvent::Rebellion { power }
            | PendingEvent::Pay { power, .. } => *power,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CampaignAction {
    /// 8.7: put one marker of the hand back in the pool to make room.
    Return { power: Power, chit: Chit },
    /// Attrition: the unit lost in `place`.
    AttritionLoss {
        power: Power,
        place: Place,
        unit: u16,
    },
    /// Rebellion: spend a Vassalage marker to stop it (`negate`), or let it happen.
    Rebellion { power: Power, negate: bool },
    /// Troops Demand More Pay: pay 1 gold for the stack in `place`, or let it mutiny.
    Pay {
        power: Power,
        place: Place,
        pay: bool,
    },
    /// Troops Demand More Pay: bid `gold` (openly) to pay the unpaid stack and gain it.
    TakeOver { power: Power, gold: u8 },
    /// Troops Demand More Pay: bid no more for the unpaid stack.
    NoTakeOver { power: Power },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CampaignEvent {
    /// 8.4, 8.5: the power's campaign value and the picks it gives.
    Value {
        power: Power,
        leaders: u8,
        feudal: u8,
        picks: u8,
    },
    /// 8.7: markers to put back before drawing.
    MustReturn {
        power: Power,
        count: u8,
    },
    /// One marker went back to the pool (the count is public; the marker its player's).
    Returned {
        power: Power,
    },
    ReturnedChit {
        power: Power,
        chit: Chit,
    },
    /// One marker picked (public: that a pick happened).
    Picked {
        power: Power,
    },
    /// Which marker it was (its player only).
    PickedChit {
        power: Power,
        chit: Chit,
    },
    /// A power at its hand limit gains nothing from a pick outside this phase (8.6, PL5).
    HandFull {
        power: Power,
    },
    /// An Event was picked: it is shown and resolved (8.8).
    EventPicked {
        power: Power,
        chit: Chit,
    },
    /// Storms: one die per fleet.
    Storm {
        power: Power,
        place: Place,
        unit: u16,
        roll: u8,
        sunk: bool,
    },
    /// Comet: a power's whole hand went back and it drew `count` anew.
    CometRedraw {
        power: Power,
        returned: u8,
        count: u8,
    },
    /// Attrition: one die per place with two or more of the drawer's units.
    AttritionRoll {
        place: Place,
        roll: u8,
        loss: bool,
    },
    /// A unit was lost to an Event (the counter is shown as it leaves the map).
    UnitLost {
        power: Power,
        place: Place,
        unit: u16,
        rule_event: &'static str,
    },
    /// Rebellion strikes the power with the highest feudal total.
    RebellionStrikes {
        power: Power,
        feudal: u8,
        tie_rolls: Vec<(Power, u8)>,
    },
    RebellionStopped {
        power: Power,
    },
    /// Rebellion: the die and how many random markers went back.
    RebellionLoss {
        power: Power,
        roll: u8,
        lost: u8,
    },
    /// Troops Demand More Pay: the drawer paid for a stack.
    Paid {
        power: Power,
        place: Place,
    },
    /// The unpaid stack may be paid by another player (8.13): the bidding opens.
    ForHire {
        power: Power,
        place: Place,
    },
    /// An open bid for the unpaid stack.
    HireBid {
        power: Power,
        gold: u8,
    },
    /// A power out of the bidding.
    HireDeclined {
        power: Power,
    },
    /// The highest bidder paid and took the stack under its control.
    Hired {
        power: Power,
        from: Power,
        place: Place,
        gold: u8,
        units: Vec<u16>,
    },
    /// A mutiny die for one unit of an unpaid stack.
    Mutiny {
        place: Place,
        unit: u16,
        roll: u8,
        lost: bool,
    },
}

const ATTRITION: &str = "attrition";
const COMET: &str = "comet";
const REBELLION: &str = "rebellion";
const STORMS: &str = "storms";
const PAY: &str = "troops_demand_more_pay";
const VASSALAGE: &str = "vassalage";
const GOLD: &str = super::super::chits::GOLD;

fn number(marker: &str, name: &str, fallback: u8) -> u8 {
    data().markers.number(marker, name).unwrap_or(fallback)
}

fn public(rule: &'static str, e: CampaignEvent) -> GameEvent<Event> {
    GameEvent::public(rule, e)
}

fn private(state: &State, power: Power, rule: &'static str, e: CampaignEvent) -> GameEvent<Event> {
    GameEvent::private(state.controller(power).into_iter().collect(), rule, e)
}

/// 8.4 and 21.8: the leader values of every leader the power controls, anywhere, and
/// the feudal values of the squares it alone occupies (pillaged ones 0) and of its own
/// off-map box, which it always controls (21.1).
pub fn campaign_value(state: &State, power: Power) -> (u8, u8) {
    let leaders: u32 = state
        .units()
        .filter(|(_, p, _)| *p == power)
        .map(|(_, _, u)| u32::from(leader_value(&u.identity)))
        .sum();
    (clamp(leaders), feudal_held(state, power))
}

/// Feudal points of the towns the power alone occupies, unpillaged, plus its box.
pub fn feudal_held(state: &State, power: Power) -> u8 {
    let d = data();
    let towns: u32 = d
        .map
        .towns
        .iter()
        .filter(|t| state.options.extra_towns || !t.extra)
        .filter(|t| !state.pillaged.contains(&t.square))
        .filter(|t| state.occupier(Place::Square(t.square)) == Some(power))
        .map(|t| u32::from(t.feudal))
        .sum();
    let boxes: u32 = d
        .map
        .boxes
        .iter()
        .filter(|b| b.power == power)
        .map(|b| u32::from(b.feudal))
        .sum();
    clamp(towns + boxes)
}

fn clamp(n: u32) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// 8.5: one pick per `picks_divisor` points or part of them.
pub fn picks_for(value: u8) -> u8 {
    let div = data().tables.fixed.picks_divisor.max(1);
    value.div_ceil(div)
}

pub fn begin(state: &mut State, power: Power, events: &mut Vec<GameEvent<Event>>) {
    let (leaders, feudal) = campaign_value(state, power);
    let picks = picks_for(leaders.saturating_add(feudal));
    // The breakdown is the player's: the leader sum tells which face-down leaders are
    // where. The picks themselves are seen by all as they are drawn.
    events.push(private(
        state,
        power,
        "8.5",
        CampaignEvent::Value {
            power,
            leaders,
            feudal,
            picks,
        },
    ));
    let limit = hand_limit(state);
    let owed = usize::from(picks).min(limit);
    let held = state.power(power).hand.len();
    let to_return = clamp((held + owed).saturating_sub(limit) as u32);
    state.player_turn.campaign = CampaignState {
        owed: clamp(owed as u32),
        to_return,
        pending: None,
        takeover: None,
    };
    if to_return > 0 {
        events.push(public(
            "8.7",
            CampaignEvent::MustReturn {
                power,
                count: to_return,
            },
        ));
    }
    continue_draws(state, power, events);
}

/// Draws the owed picks one at a time until done or an Event needs a choice.
pub fn continue_draws(state: &mut State, power: Power, events: &mut Vec<GameEvent<Event>>) {
    loop {
        let c = &state.player_turn.campaign;
        if c.pending.is_some() || c.to_return > 0 || c.owed == 0 {
            return;
        }
        state.player_turn.campaign.owed -= 1;
        let Some(&chit) = draw_n(state, 1).first() else {
            // 8.2: an empty pool gives nothing more.
            state.player_turn.campaign.owed = 0;
            return;
        };
        if chit.is_event() {
            events.push(public("8.8", CampaignEvent::EventPicked { power, chit }));
            resolve_event(state, power, chit, events);
        } else {
            put_back(&mut state.power_mut(power).hand, chit);
            events.push(public("8.5", CampaignEvent::Picked { power }));
            events.push(private(
                state,
                power,
                "8.5",
                CampaignEvent::PickedChit { power, chit },
            ));
        }
    }
}

/// What a single pick outside the draws of this phase came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    Drawn,
    /// The hand was at its limit: nothing drawn (PL5).
    HandFull,
    /// 8.2: the pool is empty.
    PoolEmpty,
}

/// One marker picked by `power` under `rule` (loot, spoils, a failed vassalage attempt,
/// a spared leader): nothing at the hand limit (PL5); an Event is shown and resolved at
/// once (8.8), anything else goes to the hand, seen by its player only.
pub fn pick_one(
    state: &mut State,
    power: Power,
    rule: &'static str,
    events: &mut Vec<GameEvent<Event>>,
) -> Pick {
    if state.power(power).hand.len() >= hand_limit(state) {
        events.push(public("8.6", CampaignEvent::HandFull { power }));
        return Pick::HandFull;
    }
    let Some(&chit) = draw_n(state, 1).first() else {
        return Pick::PoolEmpty;
    };
    if chit.is_event() {
        events.push(public("8.8", CampaignEvent::EventPicked { power, chit }));
        resolve_event(state, power, chit, events);
    } else {
        put_back(&mut state.power_mut(power).hand, chit);
        events.push(public(rule, CampaignEvent::Picked { power }));
        events.push(private(
            state,
            power,
            rule,
            CampaignEvent::PickedChit { power, chit },
        ));
    }
    Pick::Drawn
}

/// 8.8, 8.9: an Event takes effect at once and stays out of the pool until the next
/// player turn begins; the Comet leaves the game.
pub fn resolve_event(
    state: &mut State,
    power: Power,
    chit: Chit,
    events: &mut Vec<GameEvent<Event>>,
) {
    if chit.is(COMET) {
        state.out_of_game.push(chit);
    } else {
        state.events_out.push(chit);
    }
    if chit.is(STORMS) {
        storms(state, events);
    } else if chit.is(COMET) {
        comet(state, events);
    } else if chit.is(REBELLION) {
        rebellion(state, events);
    } else if chit.is(ATTRITION) {
        attrition(state, power, events);
    } else if chit.is(PAY) {
        troops_want_pay(state, power);
    }
}

/// Storms (8.13, G3.21): a die for every fleet of every power, neutrals too. At sea a
/// fleet sinks on 4-6 in winter and 6 in summer; on a coast, port or river on 6 in
/// winter only; in a box (Norway) on 6 in winter only.
fn storms(state: &mut State, events: &mut Vec<GameEvent<Event>>) {
    let summer = summer(state);
    let fleets: Vec<(Place, Power, u16)> = state
        .units()
        .filter(|(_, _, u)| is_fleet(&u.identity))
        .map(|(place, power, u)| (place, power, u.id))
        .collect();
    for (place, power, unit) in fleets {
        let at_sea = match place {
            Place::Square(sq) => data().map.terrain(sq) == Some(Terrain::Sea),
            Place::Box(_) => false,
        };
        let sinks_from = match (at_sea, summer) {
            (true, false) => number(STORMS, "winter_sea_loss_from", 4),
            (true, true) => number(STORMS, "summer_sea_loss_from", 6),
            (false, false) => number(STORMS, "winter_coast_loss_from", 6),
            // Summer storms spare every fleet off the high seas.
            (false, true) => u8::MAX,
        };
        let roll = roll6(state);
        let sunk = roll >= sinks_from;
        events.push(public(
            "8.13",
            CampaignEvent::Storm {
                power,
                place,
                unit,
                roll,
                sunk,
            },
        ));
        if sunk {
            remove_unit(state, place, unit);
        }
    }
}

fn roll6(state: &mut State) -> u8 {
    u8::try_from(state.chance.roll(6)).unwrap_or(6)
}

/// Comet (8.13): every belligerent power puts its whole hand back, then each draws its
/// 27.3 starting count, the first player of this game turn last. Events drawn count as
/// "no event": the pick is spent and they go back once all have drawn (CM2).
fn comet(state: &mut State, events: &mut Vec<GameEvent<Event>>) {
    let mut order: Vec<Power> = state.order.iter().copied().skip(1).collect();
    order.extend(state.order.first().copied());
    for p in state.belligerents() {
        if !order.contains(&p) {
            order.push(p);
        }
    }
    let mut returned_counts = Vec::new();
    for &p in &order {
        let hand = std::mem::take(&mut state.power_mut(p).hand.0);
        returned_counts.push(clamp(hand.len() as u32));
        for c in hand {
            put_back(&mut state.pool, c);
        }
    }
    let mut no_events = Vec::new();
    for (&p, returned) in order.iter().zip(returned_counts) {
        let want = data()
            .tables
            .fixed
            .starting_markers
            .get(&p)
            .copied()
            .unwrap_or(0);
        let drawn = draw_n(state, usize::from(want));
        let mut kept = 0u8;
        for chit in drawn {
            if chit.is_event() {
                no_events.push(chit);
                events.push(public(
                    "8.13",
                    CampaignEvent::EventPicked { power: p, chit },
                ));
            } else {
                put_back(&mut state.power_mut(p).hand, chit);
                kept += 1;
                events.push(private(
                    state,
                    p,
                    "8.13",
                    CampaignEvent::PickedChit { power: p, chit },
                ));
            }
        }
        events.push(public(
            "8.13",
            CampaignEvent::CometRedraw {
                power: p,
                returned,
                count: kept,
            },
        ));
    }
    for c in no_events {
        put_back(&mut state.pool, c);
    }
}

/// Rebellion (8.13): the belligerent power with the most feudal points (towns it alone
/// occupies and its box) is struck; a tie is rolled off among the tied.
fn rebellion(state: &mut State, events: &mut Vec<GameEvent<Event>>) {
    let totals: Vec<(Power, u8)> = state
        .belligerents()
        .into_iter()
        .map(|p| (p, feudal_held(state, p)))
        .collect();
    let Some(best) = totals.iter().map(|t| t.1).max() else {
        return;
    };
    let mut tied: Vec<Power> = totals.iter().filter(|t| t.1 == best).map(|t| t.0).collect();
    let mut tie_rolls = Vec::new();
    while tied.len() > 1 {
        let rolls: Vec<(Power, u8)> = tied.iter().map(|&p| (p, roll6(state))).collect();
        let top = rolls.iter().map(|r| r.1).max().unwrap_or(0);
        tied = rolls.iter().filter(|r| r.1 == top).map(|r| r.0).collect();
        tie_rolls.extend(rolls);
    }
    let Some(&power) = tied.first() else {
        return;
    };
    events.push(public(
        "8.13",
        CampaignEvent::RebellionStrikes {
            power,
            feudal: best,
            tie_rolls,
        },
    ));
    // Asked whether or not it holds a Vassalage marker (brief 4.2), so asking tells
    // nobody anything.
    state.player_turn.campaign.pending = Some(PendingEvent::Rebellion { power });
}

/// Attrition (8.13): a die for each place with at least two of the drawer's units; a 1
/// (1-2 once the power has called to arms, 10.4) costs one unit of his choice there,
/// never a king, who still counts toward the two.
fn attrition(state: &mut State, power: Power, events: &mut Vec<GameEvent<Event>>) {
    let min_stack = usize::from(number(ATTRITION, "min_stack", 2));
    let loss_max = if state.power(power).called_to_arms {
        number(ATTRITION, "loss_max_after_call_to_arms", 2)
    } else {
        number(ATTRITION, "loss_max", 1)
    };
    let places: Vec<Place> = state
        .forces
        .iter()
        .filter(|(_, stacks)| {
            stacks
                .iter()
                .any(|s| s.power == power && s.units.len() >= min_stack)
        })
        .map(|(&p, _)| p)
        .collect();
    let mut struck = Vec::new();
    for place in places {
        let roll = roll6(state);
        let loss = roll <= loss_max;
        events.push(public(
            "8.13",
            CampaignEvent::AttritionRoll { place, roll, loss },
        ));
        if loss && !attrition_candidates(state, power, place).is_empty() {
            struck.push(place);
        }
    }
    if !struck.is_empty() {
        state.player_turn.campaign.pending = Some(PendingEvent::Attrition {
            power,
            places: struck,
        });
    }
}

fn attrition_candidates(state: &State, power: Power, place: Place) -> Vec<u16> {
    state
        .stack(place, power)
        .map(|s| {
            s.units
                .iter()
                .filter(|u| !is_king(&u.identity))
                .map(|u| u.id)
                .collect()
        })
        .unwrap_or_default()
}

/// Troops Demand More Pay (8.13, G3.11): every place holding five or more of the
/// drawer's units (kings count) must be paid 1 gold or mutiny.
fn troops_want_pay(state: &mut State, power: Power) {
    let min_stack = usize::from(number(PAY, "min_stack", 5));
    let places: Vec<Place> = state
        .forces
        .iter()
        .filter(|(_, stacks)| {
            stacks
                .iter()
                .any(|s| s.power == power && s.units.len() >= min_stack)
        })
        .map(|(&p, _)| p)
        .collect();
    if !places.is_empty() {
        state.player_turn.campaign.pending = Some(PendingEvent::Pay { power, places });
    }
}

/// The seat asked about an Event being resolved: the drawer's, or that of the power a
/// Rebellion struck. Events drawn outside this phase (pillage loot) wait here too.
pub fn waiting(state: &State, _power: Power) -> Option<Vec<Seat>> {
    if let Some(t) = &state.player_turn.campaign.takeover {
        return Some(
            t.asked()
                .and_then(|p| state.controller(p))
                .into_iter()
                .collect(),
        );
    }
    let pending = state.player_turn.campaign.pending.as_ref()?;
    Some(state.controller(pending.power()).into_iter().collect())
}

pub fn legal_actions(state: &State, power: Power, seat: Seat) -> Vec<Action> {
    if let Some(acts) = pending_actions(state, seat) {
        return acts;
    }
    let c = &state.player_turn.campaign;
    if c.to_return > 0 {
        let mut kinds: Vec<Chit> = state.power(power).hand.0.clone();
        kinds.dedup();
        return kinds
            .into_iter()
            .map(|chit| Action::from(CampaignAction::Return { power, chit }))
            .collect();
    }
    Vec::new()
}

/// The answers an Event waiting for `seat` allows, or None when no Event waits.
pub fn pending_actions(state: &State, seat: Seat) -> Option<Vec<Action>> {
    if let Some(t) = &state.player_turn.campaign.takeover {
        let Some(power) = t.asked().filter(|&p| state.controller(p) == Some(seat)) else {
            return Some(Vec::new());
        };
        let least = t.best.map_or(hire_price(), |(_, g)| g.saturating_add(1));
        let held = u8::try_from(gold_held(state, power)).unwrap_or(u8::MAX);
        let mut acts = vec![Action::from(CampaignAction::NoTakeOver { power })];
        acts.extend(
            (least..=held).map(|gold| Action::from(CampaignAction::TakeOver { power, gold })),
        );
        return Some(acts);
    }
    let pending = state.player_turn.campaign.pending.as_ref()?;
    let power = pending.power();
    if state.controller(power) != Some(seat) {
        return Some(Vec::new());
    }
    Some(match pending {
        PendingEvent::Rebellion { power: struck } => {
            let mut acts = vec![CampaignAction::Rebellion {
                power: *struck,
                negate: false,
            }];
            if state.power(*struck).hand.iter().any(|c| c.is(VASSALAGE)) {
                acts.push(CampaignAction::Rebellion {
                    power: *struck,
                    negate: true,
                });
            }
            acts.into_iter().map(Action::from).collect()
        }
        PendingEvent::Attrition { places, .. } => places
            .first()
            .map(|&place| {
                attrition_candidates(state, power, place)
                    .into_iter()
                    .map(|unit| Action::from(CampaignAction::AttritionLoss { power, place, unit }))
                    .collect()
            })
            .unwrap_or_default(),
        PendingEvent::Pay { places, .. } => {
            let Some(&place) = places.first() else {
                return Some(Vec::new());
            };
            let mut acts = vec![Action::from(CampaignAction::Pay {
                power,
                place,
                pay: false,
            })];
            if state.power(power).hand.iter().any(|c| c.is(GOLD)) {
                acts.push(Action::from(CampaignAction::Pay {
                    power,
                    place,
                    pay: true,
                }));
            }
            acts
        }
    })
}

pub fn may_end(state: &State, _power: Power) -> Result<(), RuleError> {
    let c = &state.player_turn.campaign;
    if c.pending.is_some() || c.takeover.is_some() {
        return Err(RuleError::new("8.8", "an Event is still being resolved"));
    }
    if c.to_return > 0 {
        return Err(RuleError::new(
            "8.7",
            format!(
                "put back {} marker(s) to make room before drawing",
                c.to_return
            ),
        ));
    }
    if c.owed > 0 {
        return Err(RuleError::new("8.5", "the picks are not all drawn yet"));
    }
    Ok(())
}

pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &CampaignAction,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let mut events = Vec::new();
    match *action {
        CampaignAction::Return { power, chit } => {
            let p = phasing(state, seat, PlayerPhase::CampaignMarker, "8.7")?;
            check_power(p, power, "8.7")?;
            if state.player_turn.campaign.pending.is_some()
                || state.player_turn.campaign.to_return == 0
            {
                return Err(RuleError::new(
                    "8.7",
                    "there is no need to put a marker back now",
                ));
            }
            let hand = &mut state.power_mut(power).hand;
            let Some(i) = hand.iter().position(|c| *c == chit) else {
                return Err(RuleError::new("8.7", "that marker is not in the hand"));
            };
            hand.remove(i);
            put_back(&mut state.pool, chit);
            state.player_turn.campaign.to_return -= 1;
            events.push(public("8.7", CampaignEvent::Returned { power }));
            events.push(private(
                state,
                power,
                "8.7",
                CampaignEvent::ReturnedChit { power, chit },
            ));
        }
        CampaignAction::Rebellion { power, negate } => {
            if state.player_turn.campaign.pending != Some(PendingEvent::Rebellion { power }) {
                return Err(RuleError::new("8.13", "no Rebellion waits on that power"));
            }
            if state.controller(power) != Some(seat) {
                return Err(RuleError::new(
                    "8.13",
                    "only the struck power's player answers the Rebellion",
                ));
            }
            if negate {
                let hand = &mut state.power_mut(power).hand;
                // The smallest Vassalage marker is spent: either value stops it.
                let Some(i) = hand.iter().position(|c| c.is(VASSALAGE)) else {
                    return Err(RuleError::new(
                        "8.13",
                        "stopping a Rebellion needs a Vassalage marker",
                    ));
                };
                let c = hand.remove(i);
                put_back(&mut state.pool, c);
                events.push(public("8.13", CampaignEvent::RebellionStopped { power }));
            } else {
                let roll = roll6(state);
                let lost = lose_random(state, power, usize::from(roll));
                events.push(public(
                    "8.13",
                    CampaignEvent::RebellionLoss {
                        power,
                        roll,
                        lost: clamp(lost.len() as u32),
                    },
                ));
                for chit in lost {
                    events.push(private(
                        state,
                        power,
                        "8.11",
                        CampaignEvent::ReturnedChit { power, chit },
                    ));
                }
            }
            state.player_turn.campaign.pending = None;
        }
        CampaignAction::AttritionLoss { power, place, unit } => {
            answering(state, seat, power)?;
            let Some(PendingEvent::Attrition { places, .. }) = &state.player_turn.campaign.pending
            else {
                return Err(RuleError::new("8.13", "no Attrition loss is owed"));
            };
            if places.first() != Some(&place) {
                return Err(RuleError::new(
                    "8.13",
                    "the Attrition loss owed is in another place",
                ));
            }
            if !attrition_candidates(state, power, place).contains(&unit) {
                return Err(RuleError::new(
                    "8.13",
                    "that unit cannot be the loss (kings are immune)",
                ));
            }
            remove_unit(state, place, unit);
            events.push(public(
                "8.13",
                CampaignEvent::UnitLost {
                    power,
                    place,
                    unit,
                    rule_event: ATTRITION,
                },
            ));
            pop_place(state);
        }
        CampaignAction::Pay { power, place, pay } => {
            answering(state, seat, power)?;
            let Some(PendingEvent::Pay { places, .. }) = &state.player_turn.campaign.pending else {
                return Err(RuleError::new("8.13", "no pay is demanded"));
            };
            if places.first() != Some(&place) {
                return Err(RuleError::new(
                    "8.13",
                    "the pay demanded is for another place",
                ));
            }
            if pay {
                let gold = usize::from(number(PAY, "gold_per_stack", 1));
                let hand = &mut state.power_mut(power).hand;
                let Some(spent) = super::super::chits::take(hand, gold, |c| c.is(GOLD)) else {
                    return Err(RuleError::new("8.13", "not enough gold to pay the troops"));
                };
                for c in spent {
                    put_back(&mut state.pool, c);
                }
                events.push(public("8.13", CampaignEvent::Paid { power, place }));
            } else if let Some(t) = open_takeover(state, power, place) {
                // The place stays first in the list until the bidding is settled.
                state.player_turn.campaign.takeover = Some(t);
                events.push(public("8.13", CampaignEvent::ForHire { power, place }));
                return Ok(events);
            } else {
                mutiny(state, power, place, &mut events);
            }
            pop_place(state);
        }
        CampaignAction::TakeOver { power, gold } => {
            bidding(state, seat, power)?;
            let Some(t) = state.player_turn.campaign.takeover.as_mut() else {
                return Err(RuleError::new("8.13", "no stack is for hire"));
            };
            let least = t.best.map_or(hire_price(), |(_, g)| g.saturating_add(1));
            if gold < least {
                return Err(RuleError::new(
                    "8.13",
                    format!("the bid must be at least {least} gold"),
                ));
            }
            t.best = Some((power, gold));
            t.next = t
                .bidders
                .iter()
                .position(|&p| p == power)
                .map_or(0, |i| i + 1);
            // Checked last, the takeover borrowed mutably above; an error undoes all.
            if gold_held(state, power) < usize::from(gold) {
                return Err(RuleError::new(
                    "8.13",
                    format!("the {} hold less than {gold} gold", power.name()),
                ));
            }
            events.push(public("8.13", CampaignEvent::HireBid { power, gold }));
            settle_takeover(state, &mut events);
        }
        CampaignAction::NoTakeOver { power } => {
            bidding(state, seat, power)?;
            if let Some(t) = state.player_turn.campaign.takeover.as_mut() {
                if let Some(i) = t.bidders.iter().position(|&p| p == power) {
                    t.bidders.remove(i);
                    if i < t.next {
                        t.next -= 1;
                    }
                    if t.bidders.is_empty() {
                        t.next = 0;
                    } else {
                        t.next %= t.bidders.len();
                    }
                }
            }
            events.push(public("8.13", CampaignEvent::HireDeclined { power }));
            settle_takeover(state, &mut events);
        }
    }
    Ok(events)
}

/// `power` has the Event waiting and `seat` plays it.
fn answering(state: &State, seat: Seat, power: Power) -> Result<(), RuleError> {
    match &state.player_turn.campaign.pending {
        Some(p) if p.power() == power && state.controller(power) == Some(seat) => Ok(()),
        Some(p) => Err(RuleError::new(
            "8.13",
            format!("the Event waits on the {}' player", p.power().name()),
        )),
        None => Err(RuleError::new("8.13", "no Event is being resolved")),
    }
}

/// The gold an unpaid stack costs the drawer, and so the least bid for it.
fn hire_price() -> u8 {
    number(PAY, "gold_per_stack", 1)
}

fn gold_held(state: &State, power: Power) -> usize {
    state
        .power(power)
        .hand
        .iter()
        .filter(|c| c.is(GOLD))
        .count()
}

/// The bidding for an unpaid stack, if anybody may bid: a stack on the map (not in a
/// box) holding no king; every belligerent power of another player is asked, with gold
/// or without (TD1: the question shows no hand).
fn open_takeover(state: &State, drawer: Power, place: Place) -> Option<Takeover> {
    place.square()?;
    let stack = state.stack(place, drawer)?;
    if stack.units.iter().any(|u| is_king(&u.identity)) {
        return None;
    }
    let me = state.controller(drawer);
    let mut order: Vec<Power> = state.order.clone();
    order.extend(Power::ALL.into_iter().filter(|p| !state.order.contains(p)));
    if let Some(at) = order.iter().position(|&p| p == drawer) {
        order.rotate_left(at);
    }
    let bidders: Vec<Power> = order
        .into_iter()
        .filter(|&p| state.controller(p).is_some_and(|c| Some(c) != me))
        .collect();
    if bidders.is_empty() {
        return None;
    }
    Some(Takeover {
        drawer,
        place,
        bidders,
        best: None,
        next: 0,
    })
}

/// The power asked in the bidding is `power`, played by `seat`.
fn bidding(state: &State, seat: Seat, power: Power) -> Result<(), RuleError> {
    let Some(t) = &state.player_turn.campaign.takeover else {
        return Err(RuleError::new("8.13", "no stack is for hire"));
    };
    match t.asked() {
        Some(p) if p == power && state.controller(p) == Some(seat) => Ok(()),
        Some(p) => Err(RuleError::new(
            "8.13",
            format!("the {} bid for the troops now", p.name()),
        )),
        None => Err(RuleError::new("8.13", "the bidding is over")),
    }
}

/// Once nobody is left to outbid the highest bid: he pays and takes the stack under
/// his control (its counters keep their owner, 11.8); with no bid, it mutinies.
fn settle_takeover(state: &mut State, events: &mut Vec<GameEvent<Event>>) {
    let Some(t) = state.player_turn.campaign.takeover.as_ref() else {
        return;
    };
    if t.asked().is_some() {
        return;
    }
    let Some(t) = state.player_turn.campaign.takeover.take() else {
        return;
    };
    match t.best {
        Some((winner, gold)) => {
            let hand = &mut state.power_mut(winner).hand;
            if let Some(spent) = super::super::chits::take(hand, usize::from(gold), |c| c.is(GOLD))
            {
                for c in spent {
                    put_back(&mut state.pool, c);
                }
            }
            let units = state
                .forces
                .get_mut(&t.place)
                .and_then(|stacks| {
                    let i = stacks.iter().position(|s| s.power == t.drawer)?;
                    Some(stacks.remove(i).units)
                })
                .unwrap_or_default();
            let ids: Vec<u16> = units.iter().map(|u| u.id).collect();
            super::pieces::join_stack(state, t.place, winner, units);
            super::pieces::sync_castles(state);
            events.push(public(
                "8.13",
                CampaignEvent::Hired {
                    power: winner,
                    from: t.drawer,
                    place: t.place,
                    gold,
                    units: ids,
                },
            ));
        }
        None => mutiny(state, t.drawer, t.place, events),
    }
    pop_place(state);
}

/// Each unit of an unpaid stack rolls: 1-3 it deserts; kings are immune.
fn mutiny(state: &mut State, power: Power, place: Place, events: &mut Vec<GameEvent<Event>>) {
    let lose_max = number(PAY, "mutiny_loss_max", 3);
    let units: Vec<u16> = state
        .stack(place, power)
        .map(|s| {
            s.units
                .iter()
                .filter(|u| !is_king(&u.identity))
                .map(|u| u.id)
                .collect()
        })
        .unwrap_or_default();
    for unit in units {
        let roll = roll6(state);
        let lost = roll <= lose_max;
        events.push(public(
            "8.13",
            CampaignEvent::Mutiny {
                place,
                unit,
                roll,
                lost,
            },
        ));
        if lost {
            remove_unit(state, place, unit);
        }
    }
}

/// Drops the first place of a pending Attrition or pay list; clears it when done.
fn pop_place(state: &mut State) {
    let c = &mut state.player_turn.campaign;
    match &mut c.pending {
        Some(PendingEvent::Attrition { places, .. }) | Some(PendingEvent::Pay { places, .. }) => {
            if !places.is_empty() {
                places.remove(0);
            }
            if places.is_empty() {
                c.pending = None;
            }
        }
        _ => {}
    }
}

fn check_power(phasing: Power, named: Power, rule: &'static str) -> Result<(), RuleError> {
    if phasing == named {
        Ok(())
    } else {
        Err(RuleError::new(
            rule,
            format!(
                "it is the {}' phase, not the {}'",
                phasing.name(),
                named.name()
            ),
        ))
    }
}
