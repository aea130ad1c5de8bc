//! The Pillage Phase (3.2 g, 19.0): the phasing power tries squares it holds, once each;
//! a die at or under the attack factors there pillages the square for good (19.6, 19.7),
//! may burn its castle, loots as many markers as the town's printed feudal value, and
//! every other player picks one in reaction (19.2, G3.8). Events drawn are resolved as
//! in the Campaign Marker Phase (8.8), through its pending Event.

use super::super::actions::{Action, Event};
use super::super::data::tables::PlayerPhase;
use super::super::data::{data, Place, Power};
use super::super::state::State;
use super::campaign::{pending_actions, pick_one, Pick};
use super::phasing;
use super::pieces::unit_type;
use crate::board::square::Square;
use crate::engine::{GameEvent, RuleError, Seat};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PillageState {
    /// Squares tried this phase (19.4: once each).
    pub tried: Vec<Square>,
    /// Picks still to draw, in order: the loot, then one per other player (19.2).
    pub picks: Vec<Power>,
}

/// The phase's own decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PillageAction {
    /// 19.2: try to pillage `square`; on success its castle, if any, is destroyed when
    /// `burn_castle` (the choice only matters if the square falls, so it is made up front).
    Pillage {
        power: Power,
        square: Square,
        burn_castle: bool,
    },
}

/// What the phase's decisions did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PillageEvent {
    /// The die against the attack factors (their total stays the pillager's: it tells
    /// what the face-down counters are, PL4).
    Attempt {
        power: Power,
        square: Square,
        roll: u8,
        pillaged: bool,
    },
    CastleBurned {
        square: Square,
    },
}

pub fn begin(_state: &mut State, _power: Power, _events: &mut Vec<GameEvent<Event>>) {}

/// The attack factors of the power's units in `place` (19.2), leaders by their type.
pub fn attack_factors(state: &State, power: Power, place: Place) -> u32 {
    state.stack(place, power).map_or(0, |s| {
        s.units
            .iter()
            .filter_map(|u| unit_type(&u.identity))
            .filter_map(|t| data().units.stats(t))
            .map(|st| u32::from(st.attack))
            .sum()
    })
}

/// Why `power` may not try `square` now, or None when it may (19.4, 19.5).
fn refusal(state: &State, power: Power, square: Square) -> Option<(&'static str, String)> {
    let place = Place::Square(square);
    if state.player_turn.pillage.tried.contains(&square) {
        return Some(("19.4", format!("{place} was already tried this phase")));
    }
    if !data().map.is_land(square) {
        return Some(("19.5", format!("{place} is all sea")));
    }
    if state.pillaged.contains(&square) {
        return Some(("19.5", format!("{place} is already pillaged")));
    }
    if attack_factors(state, power, place) == 0 {
        return Some((
            "19.2",
            format!("the {} have no attack factors in {place}", power.name()),
        ));
    }
    let me = state.controller(power);
    let others = state
        .stacks_at(place)
        .iter()
        .any(|s| s.power != power && !s.units.is_empty() && state.controller(s.power) != me);
    if others {
        return Some(("19.5", format!("{place} holds enemy or neutral units")));
    }
    None
}

pub fn waiting(state: &State, power: Power) -> Option<Vec<Seat>> {
    super::campaign::waiting(state, power)
}

pub fn legal_actions(state: &State, power: Power, seat: Seat) -> Vec<Action> {
    if let Some(acts) = pending_actions(state, seat) {
        return acts;
    }
    if !state.player_turn.pillage.picks.is_empty() {
        return Vec::new();
    }
    let squares: Vec<Square> = state
        .forces
        .keys()
        .filter_map(|p| match p {
            Place::Square(sq) => Some(*sq),
            Place::Box(_) => None,
        })
        .filter(|&sq| refusal(state, power, sq).is_none())
        .collect();
    let mut out = Vec::new();
    for square in squares {
        out.push(PillageAction::Pillage {
            power,
            square,
            burn_castle: false,
        });
        if state.castle_at(square).is_some() {
            out.push(PillageAction::Pillage {
                power,
                square,
                burn_castle: true,
            });
        }
    }
    out.into_iter().map(Action::from).collect()
}

pub fn may_end(state: &State, _power: Power) -> Result<(), RuleError> {
    if state.player_turn.campaign.pending.is_some() {
        return Err(RuleError::new("8.8", "an Event is still being resolved"));
    }
    if !state.player_turn.pillage.picks.is_empty() {
        return Err(RuleError::new("19.2", "the loot is not all picked yet"));
    }
    Ok(())
}

pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &PillageAction,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let PillageAction::Pillage {
        power,
        square,
        burn_castle,
    } = *action;
    let phasing_power = phasing(state, seat, PlayerPhase::Pillage, "19.2")?;
    if phasing_power != power {
        return Err(RuleError::new(
            "19.2",
            format!("it is the {}' pillage phase", phasing_power.name()),
        ));
    }
    if state.player_turn.campaign.pending.is_some() || !state.player_turn.pillage.picks.is_empty() {
        return Err(RuleError::new(
            "19.2",
            "finish the last pillage's picks first",
        ));
    }
    if let Some((rule, why)) = refusal(state, power, square) {
        return Err(RuleError::new(rule, why));
    }
    if burn_castle && state.castle_at(square).is_none() {
        return Err(RuleError::new(
            "19.2",
            format!("there is no castle in {}", Place::Square(square)),
        ));
    }
    let place = Place::Square(square);
    let total = attack_factors(state, power, place);
    let roll = u8::try_from(state.chance.roll(6)).unwrap_or(u8::MAX);
    let pillaged = u32::from(roll) <= total;
    state.player_turn.pillage.tried.push(square);
    let mut events = vec![GameEvent::public(
        "19.2",
        PillageEvent::Attempt {
            power,
            square,
            roll,
            pillaged,
        },
    )];
    if !pillaged {
        return Ok(events);
    }
    // The loot is the printed value (G3.8), read before the marker zeroes it (19.6).
    let loot = data()
        .map
        .town(square)
        .filter(|t| state.options.extra_towns || !t.extra)
        .map_or(0, |t| t.feudal);
    state.pillaged.insert(square);
    if burn_castle {
        state.castles.retain(|c| c.square != square);
        events.push(GameEvent::public(
            "19.2",
            PillageEvent::CastleBurned { square },
        ));
    }
    let mut picks = vec![power; usize::from(loot)];
    picks.extend(reacting_powers(state, power));
    state.player_turn.pillage.picks = picks;
    continue_draws(state, &mut events);
    Ok(events)
}

/// One power for each other player (19.2): the first of his belligerent powers in this
/// game turn's order, then any not in the order, in board order (PL3).
fn reacting_powers(state: &State, pillager: Power) -> Vec<Power> {
    let me = state.controller(pillager);
    let mut seen: Vec<Seat> = me.into_iter().collect();
    let mut out = Vec::new();
    let ordered = state.order.iter().copied().chain(Power::ALL);
    for p in ordered {
        let Some(seat) = state.controller(p) else {
            continue;
        };
        if !seen.contains(&seat) {
            seen.push(seat);
            out.push(p);
        }
    }
    out
}

/// Draws the owed picks one at a time until done or an Event needs an answer.
pub fn continue_draws(state: &mut State, events: &mut Vec<GameEvent<Event>>) {
    while state.player_turn.campaign.pending.is_none()
        && !state.player_turn.pillage.picks.is_empty()
    {
        let power = state.player_turn.pillage.picks.remove(0);
        if pick_one(state, power, "19.2", events) == Pick::PoolEmpty {
            state.player_turn.pillage.picks.clear();
        }
    }
}
