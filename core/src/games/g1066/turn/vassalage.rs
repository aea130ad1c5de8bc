//! The Vassalage Phase (3.2 d, 11.0): the phasing power names a square of another
//! player's (or a neutral's, 4.4) units; both sides put Vassalage markers face down at
//! once, the attacker at least one (11.2, 11.3); the attacker rolls a die per point, the
//! defender one die more; a higher attacking sum puts every unit there under the
//! attacker's control marker (11.8), otherwise the defender picks a marker. A square
//! with a king cannot be taken: the king is shown and the attempt lapses (11.7).

use super::super::actions::{Action, Event};
use super::super::chits::{put_back, Chit};
use super::super::data::tables::PlayerPhase;
use super::super::data::{data, Place, Power};
use super::super::state::State;
use super::campaign::{pending_actions, pick_one};
use super::neutral::violate;
use super::phasing;
use super::pieces::{is_king, join_stack};
use crate::board::square::Square;
use crate::engine::position::Hidden;
use crate::engine::{GameEvent, RuleError, Seat};
use serde::{Deserialize, Serialize};

const VASSALAGE: &str = "vassalage";

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VassalageState {
    pub attempt: Option<Attempt>,
}

/// One attempt under way (11.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attempt {
    pub attacker: Power,
    pub defender: Power,
    pub square: Square,
    /// The markers each side put face down; None until it has. How many is public (they
    /// lie on the table), their values are their player's (V-1).
    pub attack: Option<Hidden<Vec<Chit>>>,
    pub defence: Option<Hidden<Vec<Chit>>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VassalageAction {
    /// 11.1: the phasing power names the square it tries to win.
    Declare { power: Power, square: Square },
    /// 11.2: a side's face-down markers, as counts of 1- and 2-point Vassalage markers.
    Commit { power: Power, ones: u8, twos: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VassalageEvent {
    Declared {
        attacker: Power,
        defender: Power,
        square: Square,
    },
    /// 11.7: a king stands there; he is shown and the attempt lapses.
    KingShown { square: Square, unit: u16 },
    /// A side has put `count` markers face down.
    Committed { power: Power, count: u8 },
    /// 11.2: the markers shown and the dice.
    Resolved {
        attack_points: u8,
        defence_points: u8,
        attack_dice: Vec<u8>,
        defence_dice: Vec<u8>,
        won: bool,
    },
    /// 11.8: the units now under the attacker's control marker.
    Vassals {
        power: Power,
        square: Square,
        units: Vec<u16>,
    },
}

fn err(rule: &'static str, why: impl Into<String>) -> RuleError {
    RuleError::new(rule, why)
}

fn vassalage_held(state: &State, power: Power) -> (u8, u8) {
    let hand = &state.power(power).hand;
    let n = |v: u8| {
        u8::try_from(
            hand.iter()
                .filter(|c| c.is(VASSALAGE) && c.value == v)
                .count(),
        )
        .unwrap_or(u8::MAX)
    };
    (n(1), n(2))
}

/// 11.8, counter mix: control markers in use are the stacks of the power holding
/// another power's units.
fn control_markers_used(state: &State, power: Power) -> usize {
    state
        .forces
        .values()
        .filter(|stacks| {
            stacks
                .iter()
                .any(|s| s.power == power && s.units.iter().any(|u| u.owner != power))
        })
        .count()
}

/// The one other power whose units stand in `square`, if the phasing power may name it.
fn target(state: &State, power: Power, square: Square) -> Result<Power, RuleError> {
    let me = state.controller(power);
    let others: Vec<Power> = state
        .stacks_at(Place::Square(square))
        .iter()
        .filter(|s| s.power != power && !s.units.is_empty())
        .map(|s| s.power)
        .collect();
    match others.as_slice() {
        [] => Err(err(
            "11.1",
            "vassalage needs another player's units in the square",
        )),
        [one] if me.is_some() && state.controller(*one) == me => {
            Err(err("11.1", "those units are already the player's own"))
        }
        [one] => Ok(*one),
        _ => Err(err(
            "11.6",
            "only one player may be targeted at a time (V-2)",
        )),
    }
}

fn may_declare(state: &State, power: Power, square: Square) -> Result<Power, RuleError> {
    if state.player_turn.vassalage.attempt.is_some() {
        return Err(err("11.2", "finish the attempt under way first"));
    }
    if state.player_turn.campaign.pending.is_some() {
        return Err(err("8.8", "an Event is still being resolved"));
    }
    if vassalage_held(state, power) == (0, 0) {
        return Err(err(
            "11.3",
            "the attacker needs at least one Vassalage marker",
        ));
    }
    let limit = usize::from(data().units.counter_mix.control_per_power);
    if control_markers_used(state, power) >= limit {
        return Err(err(
            "11.8",
            format!(
                "all {limit} control markers of the {} are in use",
                power.name()
            ),
        ));
    }
    let defender = target(state, power, square)?;
    // 11.7: once the attacker's player has seen a king there, naming it again is refused
    // (it reveals nothing he does not know).
    let me = state.controller(power);
    let known_king = state
        .stack(Place::Square(square), defender)
        .is_some_and(|s| {
            s.units
                .iter()
                .any(|u| is_king(&u.identity) && me.is_some_and(|m| u.seen_by.contains(&m)))
        });
    if known_king {
        return Err(err("11.7", "a king stands there: it cannot be targeted"));
    }
    Ok(defender)
}

pub fn begin(_state: &mut State, _power: Power, _events: &mut Vec<GameEvent<Event>>) {}

/// The sides still to commit, both at once (11.2); or an Event's answer.
pub fn waiting(state: &State, power: Power) -> Option<Vec<Seat>> {
    if let Some(seats) = super::campaign::waiting(state, power) {
        return Some(seats);
    }
    let a = state.player_turn.vassalage.attempt.as_ref()?;
    let mut seats: Vec<Seat> = Vec::new();
    if a.attack.is_none() {
        seats.extend(state.controller(a.attacker));
    }
    if a.defence.is_none() {
        seats.extend(state.controller(a.defender));
    }
    seats.sort();
    seats.dedup();
    Some(seats)
}

pub fn legal_actions(state: &State, power: Power, seat: Seat) -> Vec<Action> {
    if let Some(acts) = pending_actions(state, seat) {
        return acts;
    }
    if let Some(a) = &state.player_turn.vassalage.attempt {
        let mut out = Vec::new();
        for (side, done, least) in [
            (a.attacker, a.attack.is_some(), 1),
            (a.defender, a.defence.is_some(), 0),
        ] {
            if done || state.controller(side) != Some(seat) {
                continue;
            }
            let (ones, twos) = vassalage_held(state, side);
            for o in 0..=ones {
                for t in 0..=twos {
                    if o + t >= least {
                        out.push(Action::from(VassalageAction::Commit {
                            power: side,
                            ones: o,
                            twos: t,
                        }));
                    }
                }
            }
        }
        return out;
    }
    if state.controller(power) != Some(seat) {
        return Vec::new();
    }
    let squares: Vec<Square> = state
        .forces
        .keys()
        .filter_map(|p| p.square())
        .filter(|&sq| may_declare(state, power, sq).is_ok())
        .collect();
    squares
        .into_iter()
        .map(|square| Action::from(VassalageAction::Declare { power, square }))
        .collect()
}

pub fn may_end(state: &State, _power: Power) -> Result<(), RuleError> {
    if state.player_turn.campaign.pending.is_some() {
        return Err(err("8.8", "an Event is still being resolved"));
    }
    if state.player_turn.vassalage.attempt.is_some() {
        return Err(err("11.2", "an attempt is under way"));
    }
    Ok(())
}

pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &VassalageAction,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    if !matches!(super::current(state), Some((_, PlayerPhase::Vassalage))) {
        return Err(err("11.1", "this is not a vassalage phase"));
    }
    let mut events = Vec::new();
    match *action {
        VassalageAction::Declare { power, square } => {
            let p = phasing(state, seat, PlayerPhase::Vassalage, "11.1")?;
            if p != power {
                return Err(err(
                    "11.1",
                    format!("it is the {}' vassalage phase", p.name()),
                ));
            }
            let defender = may_declare(state, power, square)?;
            declare(state, power, defender, square, &mut events);
        }
        VassalageAction::Commit { power, ones, twos } => {
            commit(state, seat, power, ones, twos, &mut events)?;
            if state
                .player_turn
                .vassalage
                .attempt
                .as_ref()
                .is_some_and(|a| a.attack.is_some() && a.defence.is_some())
            {
                resolve(state, &mut events);
            }
        }
    }
    Ok(events)
}

fn declare(
    state: &mut State,
    power: Power,
    defender: Power,
    square: Square,
    events: &mut Vec<GameEvent<Event>>,
) {
    // 11.1, 4.4: naming a neutral's square wakes it; it defends for its new player.
    if state.controller(defender).is_none() {
        violate(state, power, defender, events);
    }
    events.push(GameEvent::public(
        "11.1",
        VassalageEvent::Declared {
            attacker: power,
            defender,
            square,
        },
    ));
    let place = Place::Square(square);
    let king = state
        .stack(place, defender)
        .and_then(|s| s.units.iter().find(|u| is_king(&u.identity)))
        .map(|u| u.id);
    if let Some(unit) = king {
        let everyone = state.seats();
        if let Some(u) = state
            .forces
            .get_mut(&place)
            .and_then(|stacks| stacks.iter_mut().find(|s| s.power == defender))
            .and_then(|s| s.units.iter_mut().find(|u| u.id == unit))
        {
            u.seen_by = everyone;
        }
        events.push(GameEvent::public(
            "11.7",
            VassalageEvent::KingShown { square, unit },
        ));
        return;
    }
    state.player_turn.vassalage.attempt = Some(Attempt {
        attacker: power,
        defender,
        square,
        attack: None,
        defence: None,
    });
}

fn commit(
    state: &mut State,
    seat: Seat,
    power: Power,
    ones: u8,
    twos: u8,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    let Some(a) = state.player_turn.vassalage.attempt.clone() else {
        return Err(err("11.2", "no vassalage attempt is under way"));
    };
    let attacking = power == a.attacker;
    if !attacking && power != a.defender {
        return Err(err(
            "11.6",
            "only the attacker and the targeted player commit",
        ));
    }
    if state.controller(power) != Some(seat) {
        return Err(err(
            "11.2",
            format!("the {}' player commits for them", power.name()),
        ));
    }
    if (attacking && a.attack.is_some()) || (!attacking && a.defence.is_some()) {
        return Err(err("11.2", "that side has committed already"));
    }
    if attacking && ones + twos == 0 {
        return Err(err("11.3", "the attacker commits at least one marker"));
    }
    let (held1, held2) = vassalage_held(state, power);
    if ones > held1 || twos > held2 {
        return Err(err("11.2", "those Vassalage markers are not in hand"));
    }
    let mut chits = Vec::new();
    for (value, n) in [(1u8, ones), (2u8, twos)] {
        for _ in 0..n {
            let hand = &mut state.power_mut(power).hand;
            if let Some(i) = hand
                .iter()
                .position(|c| c.is(VASSALAGE) && c.value == value)
            {
                chits.push(hand.remove(i));
            }
        }
    }
    let count = u8::try_from(chits.len()).unwrap_or(u8::MAX);
    if let Some(at) = state.player_turn.vassalage.attempt.as_mut() {
        if attacking {
            at.attack = Some(Hidden(chits));
        } else {
            at.defence = Some(Hidden(chits));
        }
    }
    events.push(GameEvent::public(
        "11.2",
        VassalageEvent::Committed { power, count },
    ));
    Ok(())
}

fn points(chits: &[Chit]) -> u8 {
    chits
        .iter()
        .filter(|c| c.is(VASSALAGE))
        .fold(0u8, |sum, c| sum.saturating_add(c.value))
}

fn dice(state: &mut State, n: u8) -> Vec<u8> {
    (0..n)
        .map(|_| u8::try_from(state.chance.roll(6)).unwrap_or(u8::MAX))
        .collect()
}

fn sum(d: &[u8]) -> u32 {
    d.iter().map(|&x| u32::from(x)).sum()
}

/// 11.2-11.4, 11.8: both sides shown, the dice rolled, the defender's pick if he held,
/// then the markers back in the pool.
fn resolve(state: &mut State, events: &mut Vec<GameEvent<Event>>) {
    let Some(a) = state.player_turn.vassalage.attempt.take() else {
        return;
    };
    let attack: Vec<Chit> = a.attack.map(|h| h.0).unwrap_or_default();
    let defence: Vec<Chit> = a.defence.map(|h| h.0).unwrap_or_default();
    let (ap, dp) = (points(&attack), points(&defence));
    let attack_dice = dice(state, ap);
    // 11.4: the defender always has one die of his own.
    let defence_dice = dice(state, dp.saturating_add(1));
    let won = sum(&attack_dice) > sum(&defence_dice);
    events.push(GameEvent::public(
        "11.2",
        VassalageEvent::Resolved {
            attack_points: ap,
            defence_points: dp,
            attack_dice,
            defence_dice,
            won,
        },
    ));
    let place = Place::Square(a.square);
    if won {
        let taken = state
            .forces
            .get_mut(&place)
            .and_then(|stacks| {
                let i = stacks.iter().position(|s| s.power == a.defender)?;
                Some(stacks.remove(i).units)
            })
            .unwrap_or_default();
        let ids: Vec<u16> = taken.iter().map(|u| u.id).collect();
        join_stack(state, place, a.attacker, taken);
        super::pieces::sync_castles(state);
        events.push(GameEvent::public(
            "11.8",
            VassalageEvent::Vassals {
                power: a.attacker,
                square: a.square,
                units: ids,
            },
        ));
    } else {
        pick_one(state, a.defender, "11.2", events);
    }
    // 11.2: last of all, after the defender's pick, the committed markers go back.
    for c in attack.into_iter().chain(defence) {
        put_back(&mut state.pool, c);
    }
}
