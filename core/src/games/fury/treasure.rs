//! Treasure (9.0): sacking Buildings for new Treasure, and Vikings taking Treasure that
//! lies unguarded in their hex (H-TRS-1); in the Punitive Raid, taking it removes it
//! (13.1, GAP-33).

use super::data::{data, Terrain};
use super::events::FuryEvent;
use super::state::{FuryState, Place, Unit, UnitId};
use super::units::{Kind, Side};
use crate::board::Hex;
use crate::engine::GameEvent;

/// The non-Leader Viking unit of a hex, if any (there is at most one: 6.1).
fn viking_fighter(state: &FuryState, hex: Hex) -> Option<UnitId> {
    state
        .side_at(hex, Side::Viking)
        .find(|&id| !state.unit(id).kind.is_leader())
}

/// Loot held in a hex against the limit of two (6.1, H-ESC-2).
fn held_loot(state: &FuryState, hex: Hex) -> usize {
    state
        .side_at(hex, Side::Viking)
        .map(|v| {
            state
                .held_by(v)
                .filter(|&h| !state.unit(h).kind.is_leader())
                .count()
        })
        .sum()
}

/// What happens when a Viking unit enters a hex, or clears it of Villager combatants:
/// the Treasure lying there is taken first (H-TRS-1, as far as there is room), and only
/// then is the Building sacked for new Treasure (9.2), which stays in the hex if the
/// escort is now full (RULINGS: 9.2, rules version 2).
pub fn on_viking_entry(state: &mut FuryState, hex: Hex) -> Vec<GameEvent<FuryEvent>> {
    let mut events = take_treasure(state, hex);
    events.extend(sack(state, hex));
    events
}

/// 9.2 and GAP-26: each non-Major Building is rolled for once per game, when a Viking
/// is in it with no Villager combatant.
fn sack(state: &mut FuryState, hex: Hex) -> Vec<GameEvent<FuryEvent>> {
    let Some(Terrain::Building(b)) = state.terrain(hex) else {
        return Vec::new();
    };
    let Some(viking) = viking_fighter(state, hex) else {
        return Vec::new();
    };
    if b.is_major() || state.sacked.contains(hex) || state.villager_combatant_at(hex) {
        return Vec::new();
    }
    state.sacked.insert(hex);
    let roll = state.chance.d6();
    if roll <= data().tables.treasure_found_max {
        let ordinal = state
            .units
            .iter()
            .filter(|u| u.kind == Kind::Treasure)
            .map(|u| u.ordinal)
            .max()
            .unwrap_or(0)
            + 1;
        let id = UnitId(state.units.len() as u16);
        // A found Treasure is the finder's if he has room; otherwise it lies in the hex
        // (H-TRS-1). Where Treasure is no unit, he takes it out of the game (GAP-33).
        let removed = state.options.scenario().treasure_removed;
        let place = if removed {
            Place::Eliminated
        } else if held_loot(state, hex) < 2 {
            Place::Held(viking)
        } else {
            Place::OnMap(hex)
        };
        state.units.push(Unit::new(Kind::Treasure, ordinal, place));
        let found = state.code_of(id);
        let mut events = vec![GameEvent::public(
            "9.2",
            FuryEvent::Sacked {
                hex,
                roll,
                found: Some(found),
            },
        )];
        if removed {
            events.push(carried_off(state, viking, id));
        }
        events
    } else {
        vec![GameEvent::public(
            "9.2",
            FuryEvent::Sacked {
                hex,
                roll,
                found: None,
            },
        )]
    }
}

/// H-TRS-1: a Viking in a hex with Treasure and no Villager combatant or Leader takes
/// it, as far as he has room.
pub fn take_treasure(state: &mut FuryState, hex: Hex) -> Vec<GameEvent<FuryEvent>> {
    take_treasure_but(state, hex, None)
}

/// As `take_treasure`, leaving `skip` (a Treasure just let go) where it lies.
pub fn take_treasure_but(
    state: &mut FuryState,
    hex: Hex,
    skip: Option<UnitId>,
) -> Vec<GameEvent<FuryEvent>> {
    let mut events = Vec::new();
    let Some(viking) = viking_fighter(state, hex) else {
        return events;
    };
    if state.villager_combatant_at(hex) {
        return events;
    }
    let lying: Vec<UnitId> = state
        .units_at(hex)
        .filter(|&id| state.unit(id).kind.is_treasure() && Some(id) != skip)
        .collect();
    let removed = state.options.scenario().treasure_removed;
    for t in lying {
        if removed {
            // Not a unit (13.1, GAP-33): no room is needed, and it is gone.
            state.unit_mut(t).place = Place::Eliminated;
            events.push(carried_off(state, viking, t));
            continue;
        }
        if held_loot(state, hex) >= 2 {
            break;
        }
        let u = state.unit_mut(t);
        u.place = Place::Held(viking);
        u.preset = false;
        events.push(GameEvent::public(
            "H-TRS-1",
            FuryEvent::TakesTreasure {
                unit: state.code_of(viking),
                treasure: state.code_of(t),
            },
        ));
    }
    events
}

/// The event of `viking` taking `treasure` out of the game (13.1, GAP-33).
fn carried_off(state: &FuryState, viking: UnitId, treasure: UnitId) -> GameEvent<FuryEvent> {
    GameEvent::public(
        "13.1",
        FuryEvent::CarriesOffTreasure {
            unit: state.code_of(viking),
            treasure: state.code_of(treasure),
        },
    )
}

/// Whether letting held `item` go would only swap it for Treasure of its own kind
/// lying in the escort's hex, which the escort takes at once (H-TRS-1).
pub fn abandon_only_swaps(state: &FuryState, item: UnitId) -> bool {
    let kind = state.unit(item).kind;
    if !kind.is_treasure() {
        return false;
    }
    let Place::Held(escort) = state.unit(item).place else {
        return false;
    };
    let Some(hex) = state.hex_of(escort) else {
        return false;
    };
    !state.villager_combatant_at(hex)
        && state
            .units_at(hex)
            .any(|id| id != item && state.unit(id).kind == kind)
}

/// Held units whose escort is gone revert to the Villager where the escort stood (8.5).
pub fn drop_loot(state: &mut FuryState, escort: UnitId, hex: Hex) -> Vec<GameEvent<FuryEvent>> {
    let held: Vec<UnitId> = state.held_by(escort).collect();
    let mut events = Vec::new();
    for h in held {
        state.unit_mut(h).place = Place::OnMap(hex);
        events.push(GameEvent::public(
            "8.5",
            FuryEvent::LeftBehind {
                unit: state.code_of(h),
                hex,
            },
        ));
    }
    events
}
