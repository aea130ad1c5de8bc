//! The Recruiting Phase (3.2 c, 10.0, 20.2, 19.7): buying units with gold (T1), the
//! once-a-game Call to Arms (10.3), castles (20.2, 20.3), paying to clear a pillaged
//! square (10.2, G3.9), and the Rally and Tostig markers (8.13, 18.8, 18.10).

use super::super::actions::{Action, Event};
use super::super::chits::{put_back, take, GOLD};
use super::super::data::tables::PlayerPhase;
use super::super::data::{data, Place, Power, UnitType};
use super::super::moves::geometry::land_side_open;
use super::super::state::{Castle, Identity, State};
use super::phasing;
use super::pieces::{is_king, leader_value};
use crate::board::square::Square;
use crate::engine::{GameEvent, RuleError, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

const RALLY: &str = "rally";
const TOSTIG: &str = "tostig";

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecruitState {
    /// Squares that took a reinforcement this phase (10.6: one each; boxes unlimited).
    pub placed: Vec<Place>,
    /// Units bought but not yet placed: the second fyrd of a gold point (T1).
    pub prepaid: BTreeMap<UnitType, u8>,
    /// Call to Arms points left to spend this phase (10.3); lost when it ends.
    pub call_points: u8,
    /// Castles built this player turn (20.2: one at most).
    pub castles_built: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecruitAction {
    /// 10.2: a unit of `unit` placed in `place`, paid with Call to Arms points first,
    /// then gold (or already paid: the second fyrd).
    Buy {
        power: Power,
        unit: UnitType,
        place: Place,
    },
    /// 10.3: the once-a-game Call to Arms.
    CallToArms { power: Power },
    /// 20.2: a castle in a square the power occupies.
    Castle { power: Power, square: Square },
    /// 10.2, G3.9: pay 1 + the printed feudal value to clear a pillaged square.
    ClearPillage { power: Power, square: Square },
    /// 8.13 Rally: one counter, leaders included, near a set-up town or in the box.
    Rally {
        power: Power,
        identity: Identity,
        place: Place,
    },
    /// 8.13, 18.10: Tostig from the hand onto the map with a friendly unit, or the box.
    Tostig { power: Power, place: Place },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecruitEvent {
    /// A face-down counter placed (what all see): its place, id and the gold spent.
    Placed {
        power: Power,
        place: Place,
        unit: u16,
        gold: u8,
        call_points: u8,
    },
    /// What it was (its player only).
    PlacedAs {
        power: Power,
        unit: u16,
        identity: Identity,
    },
    /// 10.3: the Call to Arms and its dice.
    CalledToArms {
        power: Power,
        roll: u8,
        occupied_roll: Option<u8>,
        king: u8,
        points: u8,
    },
    CastleBuilt {
        power: Power,
        square: Square,
    },
    PillageCleared {
        power: Power,
        square: Square,
        gold: u8,
    },
    /// A Rally marker spent (public) and, for a fallen king, the die (18.8).
    Rallied {
        power: Power,
        place: Place,
        king_roll: Option<u8>,
        restored: bool,
    },
    TostigEnters {
        power: Power,
        place: Place,
        unit: u16,
    },
}

fn err(rule: &'static str, msg: impl Into<String>) -> RuleError {
    RuleError::new(rule, msg)
}

pub fn begin(_state: &mut State, _power: Power, _events: &mut Vec<GameEvent<Event>>) {}

pub fn waiting(_state: &State, _power: Power) -> Option<Vec<Seat>> {
    None
}

/// The power's own units stand there (10.5: "at least one friendly unit").
fn has_own_unit(state: &State, power: Power, place: Place) -> bool {
    state
        .stack(place, power)
        .is_some_and(|s| !s.units.is_empty())
}

/// 10.7: the counters of `unit` the power has in play, against its counter-mix.
fn mix_left(state: &State, power: Power, unit: UnitType) -> usize {
    let in_play = state
        .units()
        .filter(|(_, _, u)| u.owner == power && *u.identity == Identity::Unit(unit))
        .count();
    usize::from(data().units.counter_mix.limit(power, unit)).saturating_sub(in_play)
}

/// 10.5, 10.6, G3.27: where a bought unit of `unit` may be placed.
fn check_placement(
    state: &State,
    power: Power,
    unit: UnitType,
    place: Place,
) -> Result<(), RuleError> {
    let map = &data().map;
    match place {
        Place::Box(b) => {
            let Some(bx) = map.off_map_box(b) else {
                return Err(err("10.5", "no such box"));
            };
            if bx.power != power {
                return Err(err("21.1", format!("{} is not theirs", bx.name)));
            }
            if unit == UnitType::Fleet && !bx.port {
                return Err(err("21.7", format!("{} has no port for a fleet", bx.name)));
            }
            Ok(())
        }
        Place::Square(sq) => {
            if !super::super::data::grid().contains(sq) {
                return Err(err("10.5", "that square is off the map"));
            }
            if state.pillaged.contains(&sq) {
                return Err(err("10.6", "nothing is recruited in a pillaged square"));
            }
            if !has_own_unit(state, power, place) {
                return Err(err("10.5", format!("{place} holds none of their units")));
            }
            if state.player_turn.recruit.placed.contains(&place) {
                return Err(err(
                    "10.6",
                    format!("{place} already took a reinforcement this phase"),
                ));
            }
            if unit == UnitType::Fleet {
                if !map.is_port(sq) {
                    return Err(err(
                        "10.5",
                        format!("a fleet is placed in a port; {place} is not one"),
                    ));
                }
            } else if map.town(sq).is_none() {
                return Err(err(
                    "10.5",
                    format!("land units are placed in towns; {place} is not one"),
                ));
            }
            Ok(())
        }
    }
}

/// Call to Arms points first, then gold markers: `cost` points in all.
fn pay(state: &mut State, power: Power, cost: u8) -> Result<(u8, u8), RuleError> {
    let points = state.player_turn.recruit.call_points.min(cost);
    let gold = cost - points;
    let hand = &mut state.power_mut(power).hand;
    let Some(spent) = take(hand, usize::from(gold), |c| c.is(GOLD)) else {
        return Err(err(
            "10.2",
            format!("that costs {cost} gold and they cannot pay it"),
        ));
    };
    for c in spent {
        put_back(&mut state.pool, c);
    }
    state.player_turn.recruit.call_points -= points;
    Ok((gold, points))
}

fn purse(state: &State, power: Power) -> u32 {
    super::super::chits::gold_in(&state.power(power).hand)
        + u32::from(state.player_turn.recruit.call_points)
}

/// The places the power might recruit in (its squares and its box), for the offers.
fn own_places(state: &State, power: Power) -> Vec<Place> {
    let mut out: Vec<Place> = state
        .forces
        .iter()
        .filter(|(_, stacks)| {
            stacks
                .iter()
                .any(|s| s.power == power && !s.units.is_empty())
        })
        .map(|(&p, _)| p)
        .collect();
    for b in &data().map.boxes {
        if b.power == power && !out.contains(&Place::Box(b.id)) {
            out.push(Place::Box(b.id));
        }
    }
    out
}

pub fn legal_actions(state: &State, power: Power, _seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    let purse = purse(state, power);
    let r = &state.player_turn.recruit;
    let prices = &data().tables.recruiting;
    for stats in &data().units.types.rows {
        let unit = stats.unit;
        let prepaid = r.prepaid.get(&unit).copied().unwrap_or(0) > 0;
        let affordable = prepaid
            || prices
                .units
                .get(&unit)
                .is_some_and(|p| u32::from(p.gold) <= purse);
        if !affordable || !stats.may_recruit(power) || mix_left(state, power, unit) == 0 {
            continue;
        }
        for place in own_places(state, power) {
            if check_placement(state, power, unit, place).is_ok() {
                out.push(RecruitAction::Buy { power, unit, place });
            }
        }
    }
    if !state.power(power).called_to_arms {
        out.push(RecruitAction::CallToArms { power });
    }
    for place in own_places(state, power) {
        let Place::Square(square) = place else {
            continue;
        };
        if check_castle(state, power, square).is_ok() {
            out.push(RecruitAction::Castle { power, square });
        }
        if check_clear(state, power, square).is_ok() {
            out.push(RecruitAction::ClearPillage { power, square });
        }
    }
    if state.power(power).hand.iter().any(|c| c.is(TOSTIG)) {
        for place in own_places(state, power) {
            out.push(RecruitAction::Tostig { power, place });
        }
    }
    // Rally offers: each kind of counter the power may bring back, at each place.
    if state.power(power).hand.iter().any(|c| c.is(RALLY)) {
        let places = rally_places(state, power);
        for identity in rally_candidates(state, power) {
            for &place in &places {
                if rally_fits(&identity, place) {
                    out.push(RecruitAction::Rally {
                        power,
                        identity: identity.clone(),
                        place,
                    });
                }
            }
        }
    }
    out.into_iter().map(Action::from).collect()
}

fn castle_cost() -> u8 {
    data().tables.recruiting.castle.gold
}

fn check_castle(state: &State, power: Power, square: Square) -> Result<(), RuleError> {
    let rule = &data().tables.recruiting.castle;
    if state.player_turn.recruit.castles_built >= rule.max_per_turn {
        return Err(err("20.2", "one castle per player turn"));
    }
    if state.castle_at(square).is_some() {
        return Err(err("20.3", "that square has its castle already"));
    }
    // 20.2, 20.3: at least one unit of the power there, whoever else is.
    if state
        .stack(Place::Square(square), power)
        .is_none_or(|s| s.units.is_empty())
    {
        return Err(err("20.3", "a castle is built where the power has a unit"));
    }
    if state.castles.len() >= usize::from(data().units.counter_mix.castles) {
        return Err(err("10.7", "every castle counter is on the map"));
    }
    if purse(state, power) < u32::from(castle_cost()) {
        return Err(err("20.2", "a castle costs 1 gold"));
    }
    Ok(())
}

fn clear_cost(square: Square) -> u8 {
    let rule = &data().tables.recruiting.remove_pillage;
    let feudal = data().map.town(square).map_or(0, |t| t.feudal);
    rule.gold
        .saturating_add(if rule.plus_feudal { feudal } else { 0 })
}

fn check_clear(state: &State, power: Power, square: Square) -> Result<(), RuleError> {
    if !state.pillaged.contains(&square) {
        return Err(err("10.2", "that square is not pillaged"));
    }
    // G3.9: a power clears what it holds (RC3).
    if state.occupier(Place::Square(square)) != Some(power) {
        return Err(err(
            "10.2",
            "a pillaged square is cleared by the power holding it alone",
        ));
    }
    if purse(state, power) < u32::from(clear_cost(square)) {
        return Err(err(
            "10.2",
            format!("clearing it costs {} gold", clear_cost(square)),
        ));
    }
    Ok(())
}

/// 8.13 Rally, G3.18: in or next to (orthogonally, not across an all-sea side) one of
/// the power's set-up towns, or its own box; never a pillaged square or one holding
/// another power's units.
fn rally_places(state: &State, power: Power) -> Vec<Place> {
    let map = &data().map;
    let homes: Vec<Square> = data()
        .setup
        .squares_held(power)
        .into_iter()
        .filter(|sq| map.town(*sq).is_some())
        .collect();
    let mut out: Vec<Place> = Vec::new();
    for home in homes {
        let mut near = vec![home];
        near.extend(
            map.land_neighbours(home)
                .into_iter()
                .filter(|n| land_side_open(home, *n)),
        );
        for sq in near {
            let place = Place::Square(sq);
            let others = state.stacks_at(place).iter().any(|s| s.power != power);
            if !state.pillaged.contains(&sq) && !others && !out.contains(&place) {
                out.push(place);
            }
        }
    }
    for b in &map.boxes {
        if b.power == power {
            out.push(Place::Box(b.id));
        }
    }
    out.sort();
    out
}

/// The counters a Rally may bring: the power's leaders not in play (Tostig never,
/// 18.10) and any unit type with counters left in the mix.
fn rally_candidates(state: &State, power: Power) -> Vec<Identity> {
    let mut out = Vec::new();
    for l in &data().units.leaders.rows {
        if l.power != Some(power) {
            continue;
        }
        let id = Identity::Leader(l.id.clone());
        let in_play = state.units().any(|(_, _, u)| *u.identity == id);
        let set_up_later = state.deploy.as_ref().is_some_and(|d| d.units.contains(&id));
        if !in_play && !set_up_later {
            out.push(id);
        }
    }
    for t in UnitType::ALL {
        let may = data().units.stats(t).is_some_and(|s| s.may_recruit(power));
        if may && mix_left(state, power, t) > 0 {
            out.push(Identity::Unit(t));
        }
    }
    out
}

/// A fleet rallies only where a fleet may be: a port square or a box with a port.
fn rally_fits(identity: &Identity, place: Place) -> bool {
    if super::pieces::unit_type(identity) != Some(UnitType::Fleet) {
        return true;
    }
    let map = &data().map;
    match place {
        Place::Square(sq) => map.is_port(sq),
        Place::Box(b) => map.off_map_box(b).is_some_and(|x| x.port),
    }
}

pub fn may_end(_state: &State, _power: Power) -> Result<(), RuleError> {
    Ok(())
}

pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &RecruitAction,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let named = match action {
        RecruitAction::Buy { power, .. }
        | RecruitAction::CallToArms { power }
        | RecruitAction::Castle { power, .. }
        | RecruitAction::ClearPillage { power, .. }
        | RecruitAction::Rally { power, .. }
        | RecruitAction::Tostig { power, .. } => *power,
    };
    let power = phasing(state, seat, PlayerPhase::Recruiting, "10.1")?;
    if power != named {
        return Err(err(
            "10.1",
            format!("it is the {}' recruiting", power.name()),
        ));
    }
    let mut events = Vec::new();
    match action {
        RecruitAction::Buy { unit, place, .. } => buy(state, power, *unit, *place, &mut events)?,
        RecruitAction::CallToArms { .. } => call_to_arms(state, power, &mut events)?,
        RecruitAction::Castle { square, .. } => {
            check_castle(state, power, *square)?;
            pay(state, power, castle_cost())?;
            state.castles.push(Castle {
                square: *square,
                holder: Some(power),
            });
            state.player_turn.recruit.castles_built += 1;
            events.push(GameEvent::public(
                "20.2",
                RecruitEvent::CastleBuilt {
                    power,
                    square: *square,
                },
            ));
        }
        RecruitAction::ClearPillage { square, .. } => {
            check_clear(state, power, *square)?;
            let cost = clear_cost(*square);
            pay(state, power, cost)?;
            state.pillaged.remove(square);
            events.push(GameEvent::public(
                "10.2",
                RecruitEvent::PillageCleared {
                    power,
                    square: *square,
                    gold: cost,
                },
            ));
        }
        RecruitAction::Rally {
            identity, place, ..
        } => rally(state, power, identity, *place, &mut events)?,
        RecruitAction::Tostig { place, .. } => tostig(state, power, *place, &mut events)?,
    }
    Ok(events)
}

fn place_counter(
    state: &mut State,
    power: Power,
    identity: Identity,
    place: Place,
    gold: u8,
    call_points: u8,
    events: &mut Vec<GameEvent<Event>>,
) {
    let id = state.next_unit;
    state.add_unit(place, power, identity.clone(), Vec::new());
    if matches!(place, Place::Square(_)) {
        state.player_turn.recruit.placed.push(place);
    }
    events.push(GameEvent::public(
        "10.2",
        RecruitEvent::Placed {
            power,
            place,
            unit: id,
            gold,
            call_points,
        },
    ));
    events.push(GameEvent::private(
        state.controller(power).into_iter().collect(),
        "7.1",
        RecruitEvent::PlacedAs {
            power,
            unit: id,
            identity,
        },
    ));
}

fn buy(
    state: &mut State,
    power: Power,
    unit: UnitType,
    place: Place,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    let Some(stats) = data().units.stats(unit) else {
        return Err(err("10.2", "no such unit type"));
    };
    if !stats.may_recruit(power) {
        return Err(err(
            "10.5",
            format!("the {} cannot recruit that type", power.name()),
        ));
    }
    if mix_left(state, power, unit) == 0 {
        return Err(err("10.7", "every counter of that type is in play"));
    }
    check_placement(state, power, unit, place)?;
    let prepaid = state.player_turn.recruit.prepaid.entry(unit).or_default();
    let (gold, points) = if *prepaid > 0 {
        *prepaid -= 1;
        (0, 0)
    } else {
        let Some(price) = data().tables.recruiting.units.get(&unit).copied() else {
            return Err(err("10.2", "that type has no price"));
        };
        let paid = pay(state, power, price.gold)?;
        let extra = price.buys.saturating_sub(1);
        if extra > 0 {
            *state.player_turn.recruit.prepaid.entry(unit).or_default() += extra;
        }
        paid
    };
    place_counter(
        state,
        power,
        Identity::Unit(unit),
        place,
        gold,
        points,
        events,
    );
    Ok(())
}

/// 10.3: 1d6, another 1d6 if another power holds one of the power's set-up towns, and
/// the king's value if he is on the map; spent this phase as gold.
fn call_to_arms(
    state: &mut State,
    power: Power,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    if state.power(power).called_to_arms {
        return Err(err("10.3", "Call to Arms is once a game"));
    }
    let homes = data().setup.squares_held(power);
    let home_taken = homes.iter().any(|sq| {
        data().map.town(*sq).is_some()
            && state
                .stacks_at(Place::Square(*sq))
                .iter()
                .any(|s| s.power != power && !s.units.is_empty())
    });
    let king: u8 = state
        .units()
        .filter(|(place, p, u)| {
            *p == power && matches!(place, Place::Square(_)) && is_king(&u.identity)
        })
        .map(|(_, _, u)| leader_value(&u.identity))
        .max()
        .unwrap_or(0);
    let roll = roll6(state);
    let occupied_roll = home_taken.then(|| roll6(state));
    let points = roll
        .saturating_add(occupied_roll.unwrap_or(0))
        .saturating_add(king);
    state.power_mut(power).called_to_arms = true;
    state.player_turn.recruit.call_points =
        state.player_turn.recruit.call_points.saturating_add(points);
    events.push(GameEvent::public(
        "10.3",
        RecruitEvent::CalledToArms {
            power,
            roll,
            occupied_roll,
            king,
            points,
        },
    ));
    Ok(())
}

fn roll6(state: &mut State) -> u8 {
    u8::try_from(state.chance.roll(6)).unwrap_or(6)
}

fn spend_marker(
    state: &mut State,
    power: Power,
    id: &str,
    rule: &'static str,
) -> Result<(), RuleError> {
    let hand = &mut state.power_mut(power).hand;
    let Some(i) = hand.iter().position(|c| c.is(id)) else {
        return Err(err(rule, format!("that needs a {id} marker in hand")));
    };
    let c = hand.remove(i);
    if c.is(TOSTIG) {
        // Tostig's marker becomes the leader on the map (8.13): it leaves the
        // draw for good, and stays counted so hidden hands resample correctly.
        state.out_of_game.push(c);
    } else {
        put_back(&mut state.pool, c);
    }
    Ok(())
}

fn rally(
    state: &mut State,
    power: Power,
    identity: &Identity,
    place: Place,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    if !rally_candidates(state, power).contains(identity) {
        return Err(err(
            "8.13",
            "that counter cannot be rallied (in play, another power's, or none left)",
        ));
    }
    if !rally_places(state, power).contains(&place) || !rally_fits(identity, place) {
        return Err(err("8.13", format!("a Rally may not place it in {place}")));
    }
    spend_marker(state, power, RALLY, "8.13")?;
    // 18.8: a fallen king comes back only on a die above his value.
    let (king_roll, restored) = if is_king(identity) {
        let r = roll6(state);
        (Some(r), r > leader_value(identity))
    } else {
        (None, true)
    };
    events.push(GameEvent::public(
        "8.13",
        RecruitEvent::Rallied {
            power,
            place,
            king_roll,
            restored,
        },
    ));
    if restored {
        let id = state.next_unit;
        state.add_unit(place, power, identity.clone(), Vec::new());
        events.push(GameEvent::private(
            state.controller(power).into_iter().collect(),
            "7.1",
            RecruitEvent::PlacedAs {
                power,
                unit: id,
                identity: identity.clone(),
            },
        ));
    }
    Ok(())
}

/// 8.13 Tostig: with any of the power's units on the map, or in its own box; once in
/// play he never goes back to the pool (18.10).
fn tostig(
    state: &mut State,
    power: Power,
    place: Place,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    let ok = match place {
        Place::Square(_) => has_own_unit(state, power, place),
        Place::Box(b) => data().map.off_map_box(b).is_some_and(|x| x.power == power),
    };
    if !ok {
        return Err(err(
            "8.13",
            format!("Tostig joins a friendly unit; {place} has none"),
        ));
    }
    spend_marker(state, power, TOSTIG, "8.13")?;
    let id = state.next_unit;
    // The marker is played face up: everyone knows this counter is Tostig.
    let everyone = state.seats();
    state.add_unit(place, power, Identity::Leader(TOSTIG.to_string()), everyone);
    events.push(GameEvent::public(
        "8.13",
        RecruitEvent::TostigEnters {
            power,
            place,
            unit: id,
        },
    ));
    Ok(())
}
