//! Capture (8.0): Vikings take Women, Animals and Villager Leaders alive.

use super::data::data;
use super::events::{FuryEvent, Odds, Rouser};
use super::state::{FuryState, Phase, Place, UnitId};
use super::treasure;
use super::units::Side;
use crate::engine::{GameEvent, RuleError};

/// The Capture table column, or None below 1-2, where Capture is not permitted (8.1).
pub fn capture_column(a: u32, d: u32) -> Option<usize> {
    if a >= 3 * d {
        Some(3)
    } else if a >= 2 * d {
        Some(2)
    } else if a >= d {
        Some(1)
    } else if 2 * a >= d {
        Some(0)
    } else {
        None
    }
}

/// Why this Capture attempt may not be made, or its odds column.
pub fn capture_check(
    state: &FuryState,
    captor: UnitId,
    target: UnitId,
) -> Result<(usize, u32, u32), RuleError> {
    let c = state.unit(captor);
    let t = state.unit(target);
    if state.phase != Phase::VikingCombat {
        return Err(RuleError::new(
            "8.0",
            "Capture happens in the Viking Combat Phase",
        ));
    }
    let Place::OnMap(hex) = c.place else {
        return Err(RuleError::new(
            "8.0",
            format!("{} is not on the map", c.code()),
        ));
    };
    if c.side() != Side::Viking || state.attack_of(captor) == 0 {
        return Err(RuleError::new(
            "8.0",
            format!("{} cannot Capture", c.code()),
        ));
    }
    if state.is_stunned(captor) {
        return Err(RuleError::new("7.11", format!("{} is stunned", c.code())));
    }
    if !state.is_capturable_now(target) || t.place != Place::OnMap(hex) {
        return Err(RuleError::new(
            "8.0",
            format!("{} cannot be Captured by {}", t.code(), c.code()),
        ));
    }
    if t.capture_tried {
        return Err(RuleError::new(
            "H-CAP-1",
            format!("{} has already been tried this phase", t.code()),
        ));
    }
    if state.fired.contains(hex) {
        return Err(RuleError::new("10.3", "no combat in a Fired hex"));
    }
    if state.villager_fighter_at(hex) {
        return Err(RuleError::new(
            "8.0",
            "the Villager combatants here must be beaten first",
        ));
    }
    let eliminates = state.options.scenario().capture_eliminates;
    if !t.kind.is_leader() && !eliminates {
        let held: usize = state
            .side_at(hex, Side::Viking)
            .map(|v| {
                state
                    .held_by(v)
                    .filter(|&h| !state.unit(h).kind.is_leader())
                    .count()
            })
            .sum();
        if held >= 2 {
            return Err(RuleError::new(
                "H-ESC-2",
                "no room to escort another captive here",
            ));
        }
    }
    let a = state.attack_of(captor);
    let base = data().stats(t.kind).capture.unwrap_or(0) as u32;
    let d = if state.doubles_defense(hex) {
        base * 2
    } else {
        base
    };
    match capture_column(a, d.max(1)) {
        Some(col) => Ok((col, a, d)),
        None => Err(RuleError::new("8.1", "odds below 1-2 are not permitted")),
    }
}

pub fn capture(
    state: &mut FuryState,
    side: Side,
    captor: UnitId,
    target: UnitId,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    if side != Side::Viking {
        return Err(RuleError::new("8.0", "only Vikings Capture"));
    }
    let (col, a, d) = capture_check(state, captor, target)?;
    let Some(hex) = state.hex_of(captor) else {
        return Err(RuleError::new("8.0", "the captor is not on the map"));
    };
    let mut events = Vec::new();
    state.unit_mut(captor).engaged = true;
    let t = state.unit_mut(target);
    t.capture_tried = true;
    t.defended = true;
    let leader = t.kind.is_leader();
    if leader && !state.lock_lifted {
        state.lock_lifted = true;
        events.push(GameEvent::public(
            "5.7",
            FuryEvent::Roused {
                by: Rouser::LeaderCapture,
            },
        ));
    }
    let roll = state.chance.d6();
    let success = data().capture_table[(roll as usize - 1).min(5)][col];
    events.push(GameEvent::public(
        "8.1",
        FuryEvent::Capture {
            captor: state.code_of(captor),
            target: state.code_of(target),
            attack: a,
            defence: d,
            odds: Odds::capture(col),
            roll,
            captured: success,
        },
    ));
    if success {
        if state.options.scenario().capture_eliminates {
            state.unit_mut(target).place = Place::Eliminated;
            events.push(GameEvent::public(
                "13.1",
                FuryEvent::PutToTheSword {
                    unit: state.code_of(target),
                },
            ));
        } else {
            state.unit_mut(target).place = Place::Held(captor);
        }
        events.extend(treasure::take_treasure(state, hex));
    }
    Ok(events)
}

pub fn legal_captures(state: &FuryState, out: &mut Vec<super::actions::FuryAction>) {
    for captor in state.ids() {
        let Place::OnMap(hex) = state.unit(captor).place else {
            continue;
        };
        if state.unit(captor).side() != Side::Viking {
            continue;
        }
        // Only a unit that may be Captured at all passes the check: the others are
        // left out before it words its refusal.
        for target in state.units_at(hex) {
            if state.is_capturable_now(target) && capture_check(state, captor, target).is_ok() {
                out.push(super::actions::FuryAction::Capture { captor, target });
            }
        }
    }
}
