//! Small questions about counters and hands that several phases ask: what a counter
//! fights as, its leader value, taking it off the map, and gaining or losing markers
//! within the hand limit (8.6, 8.7, 8.11).

use super::super::chits::{draw, put_back, Chit};
use super::super::data::tables::Season;
use super::super::data::{data, Place, Power, UnitType};
use super::super::moves::Surroundings;
use super::super::state::{Identity, Stack, State, Unit};

/// The type a counter fights and moves as (18.9: a leader as his printed type).
pub fn unit_type(identity: &Identity) -> Option<UnitType> {
    match identity {
        Identity::Unit(t) => Some(*t),
        Identity::Leader(id) => data().units.leader(id).map(|l| l.unit),
        Identity::Unknown => None,
    }
}

/// A leader's value (18.2); 0 for other counters.
pub fn leader_value(identity: &Identity) -> u8 {
    match identity {
        Identity::Leader(id) => data().units.leader(id).map_or(0, |l| l.value),
        _ => 0,
    }
}

/// A true king (not Tostig, who is a king for victory only: 18.10).
pub fn is_king(identity: &Identity) -> bool {
    match identity {
        Identity::Leader(id) => data().units.leader(id).is_some_and(|l| l.king),
        _ => false,
    }
}

pub fn is_fleet(identity: &Identity) -> bool {
    unit_type(identity) == Some(UnitType::Fleet)
}

pub fn summer(state: &State) -> bool {
    data().tables.turns.season(state.turn) == Some(Season::Summer)
}

/// Takes one counter off the map; empty stacks and places are dropped.
pub fn remove_unit(state: &mut State, place: Place, id: u16) -> Option<(Power, Unit)> {
    let stacks = state.forces.get_mut(&place)?;
    let (si, ui) = stacks
        .iter()
        .enumerate()
        .find_map(|(si, s)| s.units.iter().position(|u| u.id == id).map(|ui| (si, ui)))?;
    let stack = stacks.get_mut(si)?;
    let power = stack.power;
    let unit = stack.units.remove(ui);
    stacks.retain(|s| !s.units.is_empty());
    if stacks.is_empty() {
        state.forces.remove(&place);
    }
    Some((power, unit))
}

/// The hand limit for each power (8.6; per power, brief 4.4).
pub fn hand_limit(state: &State) -> usize {
    usize::from(
        data()
            .tables
            .fixed
            .hand_limit(state.options.players)
            .unwrap_or(u8::MAX),
    )
}

/// 8.11: `n` markers chosen at random from the hand go back to the pool; fewer if the
/// hand is smaller. Returns what went back (its owner may see it).
pub fn lose_random(state: &mut State, power: Power, n: usize) -> Vec<Chit> {
    let mut lost = Vec::new();
    for _ in 0..n {
        let held = state.power(power).hand.len();
        let Ok(held32) = u32::try_from(held) else {
            break;
        };
        if held32 == 0 {
            break;
        }
        let i = (state.chance.roll(held32) - 1) as usize;
        let hand = &mut state.power_mut(power).hand;
        if i < hand.len() {
            let c = hand.remove(i);
            put_back(&mut state.pool, c);
            lost.push(c);
        }
    }
    lost
}

/// Draws up to `n` markers into the hand, Events included as drawn (the caller resolves
/// them); stops at an empty pool. Returns them in order.
pub fn draw_n(state: &mut State, n: usize) -> Vec<Chit> {
    (0..n)
        .map_while(|_| draw(&mut state.pool, &mut state.chance))
        .collect()
}

/// What stands around `power`'s forces, as the movement and forage rules ask it.
pub fn surroundings(state: &State, power: Power) -> Surroundings {
    let me = state.controller(power);
    let mut s = Surroundings {
        pillaged: state.pillaged.clone(),
        castles: state.castles.iter().map(|c| c.square).collect(),
        summer: summer(state),
        ..Surroundings::default()
    };
    for (place, stacks) in &state.forces {
        let Place::Square(sq) = *place else {
            continue;
        };
        for stack in stacks
            .iter()
            .filter(|st| st.power != power && !st.units.is_empty())
        {
            match state.controller(stack.power) {
                None => {
                    s.neutral.insert(sq);
                }
                Some(seat) if Some(seat) == me => {
                    s.coalition.insert(sq);
                }
                Some(_) => {
                    if stack.units.iter().any(|u| is_fleet(&u.identity)) {
                        s.enemy_fleets.insert(sq);
                    }
                    if stack.units.iter().any(|u| !is_fleet(&u.identity)) {
                        s.enemy_land.insert(sq);
                    }
                }
            }
        }
    }
    s
}

/// 20.4: a castle belongs to the power whose units stand alone in its square, to nobody
/// when the square is empty, and stays with its last holder while forces share it.
pub fn sync_castles(state: &mut State) {
    let holders: Vec<Option<Option<Power>>> = state
        .castles
        .iter()
        .map(|c| {
            let stacks = state.stacks_at(Place::Square(c.square));
            if stacks.iter().all(|s| s.units.is_empty()) {
                Some(None)
            } else {
                state.occupier(Place::Square(c.square)).map(Some)
            }
        })
        .collect();
    for (c, h) in state.castles.iter_mut().zip(holders) {
        if let Some(h) = h {
            c.holder = h;
        }
    }
}

/// 7.2: every counter in the place is shown to every player.
pub fn reveal_all(state: &mut State, place: Place) {
    let everyone = state.seats();
    if let Some(stacks) = state.forces.get_mut(&place) {
        for u in stacks.iter_mut().flat_map(|s| s.units.iter_mut()) {
            for &seat in &everyone {
                if !u.seen_by.contains(&seat) {
                    u.seen_by.push(seat);
                }
            }
        }
    }
}

/// Puts counters, unchanged, into the power's stack in `place` (made if need be).
pub fn join_stack(state: &mut State, place: Place, power: Power, units: Vec<Unit>) {
    let stacks = state.forces.entry(place).or_default();
    match stacks.iter_mut().find(|s| s.power == power) {
        Some(s) => s.units.extend(units),
        None => {
            stacks.push(Stack { power, units });
            stacks.sort_by_key(|s| s.power);
        }
    }
}
