//! Fire (10.0): Vikings burn hexes; Villagers can burn only a Ship.

use super::data::data;
use super::events::{FuryEvent, Rouser};
use super::state::{FuryState, Phase, Place};
use super::units::Side;
use super::victory;
use crate::board::Hex;
use crate::engine::{GameEvent, RuleError};

/// Why the Viking may not try to set a Fire here.
pub fn fire_error(state: &FuryState, hex: Hex) -> Option<RuleError> {
    // Labels only for a refusal: legal-action listing calls this for many hexes.
    let label = || data().grid.label(hex);
    if state.phase != Phase::VikingFire {
        return Some(RuleError::new(
            "10.1",
            "Fires are set in the Fire-setting Phase",
        ));
    }
    if state.fired.contains(hex) {
        return Some(RuleError::new(
            "10.2",
            format!("{} is already burning", label()),
        ));
    }
    let setter = state.side_at(hex, Side::Viking).any(|id| {
        let u = state.unit(id);
        !u.kind.is_leader() && !u.engaged && !state.is_stunned(id)
    });
    if !setter {
        return Some(RuleError::new(
            "10.1",
            format!("no Viking in {} may set a Fire (Chiefs may not; nor units that fought or tried this turn)", label()),
        ));
    }
    if state.ship_at(hex).is_some() {
        return Some(RuleError::new(
            "H-SHIP",
            "the Viking does not burn his own Ship's hex",
        ));
    }
    if state.side_at(hex, Side::Villager).next().is_some() {
        return Some(RuleError::new(
            "H-FIRE",
            format!("Villager units or Treasure lie in {}", label()),
        ));
    }
    None
}

pub fn set_fire(
    state: &mut FuryState,
    side: Side,
    hex: Hex,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    if side != Side::Viking {
        return Err(RuleError::new("10.4", "Villagers may only burn a Ship"));
    }
    if let Some(e) = fire_error(state, hex) {
        return Err(e);
    }
    let setters: Vec<_> = state.side_at(hex, Side::Viking).collect();
    for &id in &setters {
        state.unit_mut(id).engaged = true;
    }
    let building = state.terrain(hex).is_some_and(|t| t.is_building());
    let t = &data().tables;
    let need = if building {
        t.fire_building_max
    } else {
        t.fire_other_max
    };
    let roll = state.chance.d6();
    let mut events = Vec::new();
    if roll <= need {
        state.fired.insert(hex);
        for &id in &setters {
            state.unit_mut(id).must_leave = true;
        }
        events.push(GameEvent::public(
            "10.2",
            FuryEvent::Fire {
                hex,
                roll,
                need,
                burns: true,
            },
        ));
        if !state.lock_lifted {
            state.lock_lifted = true;
            events.push(GameEvent::public(
                "5.7",
                FuryEvent::Roused { by: Rouser::Fire },
            ));
        }
    } else {
        events.push(GameEvent::public(
            "10.2",
            FuryEvent::Fire {
                hex,
                roll,
                need,
                burns: false,
            },
        ));
    }
    Ok(events)
}

/// Why the Villager may not try to burn the Ship here (10.4, H-SHIP-2).
pub fn burn_error(state: &FuryState, hex: Hex) -> Option<RuleError> {
    if state.phase != Phase::VillagerCombat || !state.lock_lifted {
        return Some(RuleError::new(
            "H-SHIP-2",
            "Ships are burned in the Villager Combat Phase",
        ));
    }
    if state.ship_at(hex).is_none() {
        return Some(RuleError::new("10.4", "there is no Ship there"));
    }
    if state.side_at(hex, Side::Viking).next().is_some() {
        return Some(RuleError::new("H-SHIP-2", "Vikings still guard the Ship"));
    }
    let burners: Vec<_> = state
        .side_at(hex, Side::Villager)
        .filter(|&id| state.unit(id).kind.is_villager_combatant())
        .collect();
    if burners.is_empty() {
        return Some(RuleError::new(
            "10.4",
            "only Villager combatants and Leaders may burn a Ship",
        ));
    }
    if burners.iter().any(|&id| state.unit(id).engaged) {
        return Some(RuleError::new(
            "H-SHIP-2",
            "these units fought or tried already this turn",
        ));
    }
    None
}

pub fn burn_ship(
    state: &mut FuryState,
    side: Side,
    hex: Hex,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    if side != Side::Villager {
        return Err(RuleError::new("10.4", "only the Villager burns Ships"));
    }
    if let Some(e) = burn_error(state, hex) {
        return Err(e);
    }
    let burners: Vec<_> = state.side_at(hex, Side::Villager).collect();
    for id in burners {
        state.unit_mut(id).engaged = true;
    }
    let roll = state.chance.d6();
    let need = data().tables.burn_ship_max;
    let mut events = Vec::new();
    if roll <= need {
        events.push(GameEvent::public(
            "10.4",
            FuryEvent::ShipFired {
                hex,
                roll,
                burns: true,
            },
        ));
        events.extend(victory::destroy_ship(state, hex, "10.4"));
    } else {
        events.push(GameEvent::public(
            "10.4",
            FuryEvent::ShipFired {
                hex,
                roll,
                burns: false,
            },
        ));
    }
    Ok(events)
}

/// Every hex where the Viking may try a Fire now.
pub fn fire_hexes(state: &FuryState) -> Vec<Hex> {
    let mut out: Vec<Hex> = Vec::new();
    for id in state.ids() {
        let u = state.unit(id);
        // Only a Viking that has not fought this turn can start a Fire: check that
        // cheaply before the full test.
        if u.side() != Side::Viking || u.kind.is_leader() || u.engaged {
            continue;
        }
        if let Place::OnMap(h) = u.place {
            if !out.contains(&h) && fire_error(state, h).is_none() {
                out.push(h);
            }
        }
    }
    out
}

pub fn burn_hexes(state: &FuryState) -> Vec<Hex> {
    state
        .ships
        .iter()
        .filter_map(|s| s.hex.filter(|_| !s.destroyed))
        .filter(|h| burn_error(state, *h).is_none())
        .collect()
}
