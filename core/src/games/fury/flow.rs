//! The turn sequence (4.0): which phase follows which, what each phase start does, what
//! must be done before a phase may end, and the end of the game.

use super::combat;
use super::data::data;
use super::events::FuryEvent;
use super::movement::{self, Scratch};
use super::occupancy::Occupancy;
use super::setup;
use super::state::{FuryState, Pending, Phase, Place, UnitId};
use super::treasure;
use super::units::Side;
use super::victory;
use super::wrath;
use crate::board::Hex;
use crate::engine::{GameEvent, RuleError};

/// Why the phase may not end yet.
pub fn end_error(state: &FuryState) -> Option<RuleError> {
    end_error_in(state, None)
}

/// As `end_error`, with the occupancy of this state if the caller has it.
pub fn end_error_in(state: &FuryState, known: Option<&Occupancy>) -> Option<RuleError> {
    movement::with_scratch(|scratch| end_block(state, known, scratch)).map(|b| b.error(state))
}

/// May the phase end now (the listing's question: no message is made)? `scratch`
/// serves searches of this state only.
pub fn may_end(state: &FuryState, known: Option<&Occupancy>, scratch: &mut Scratch) -> bool {
    end_block(state, known, scratch).is_none()
}

/// What keeps the phase from ending.
enum Block {
    Pending,
    Unplaced(UnitId),
    ShipsUnplaced,
    Landing(UnitId),
    FireLeaver(UnitId),
    Mandatory(Hex),
    Over,
}

impl Block {
    fn error(self, state: &FuryState) -> RuleError {
        match self {
            Block::Pending => RuleError::new("4.0", "a decision is still due"),
            Block::Unplaced(id) => RuleError::new(
                "3.3",
                format!("{} is not placed yet", state.unit(id).code()),
            ),
            Block::ShipsUnplaced => RuleError::new("3.3", "every Ship must be placed"),
            Block::Landing(id) => RuleError::new(
                "5.8",
                format!(
                    "{} must still land: every unit comes ashore when it can (H-LAND)",
                    state.unit(id).code()
                ),
            ),
            Block::FireLeaver(id) => RuleError::new(
                "10.3",
                format!("{} must leave the Fire it set", state.unit(id).code()),
            ),
            Block::Mandatory(h) => RuleError::new(
                "7.1",
                format!("combat in {} is mandatory", data().grid.label(h)),
            ),
            Block::Over => RuleError::new("11.0", "the game is over"),
        }
    }
}

fn end_block(state: &FuryState, known: Option<&Occupancy>, scratch: &mut Scratch) -> Option<Block> {
    if !state.pending.is_empty() {
        return Some(Block::Pending);
    }
    match state.phase {
        Phase::VillagerSetup => setup::unplaced(state).next().map(Block::Unplaced),
        Phase::VikingSetup => state
            .ships
            .iter()
            .any(|s| s.hex.is_none())
            .then_some(Block::ShipsUnplaced),
        Phase::VikingMovement => {
            if let Some(id) = movement::landing_due_with(state, known, scratch) {
                return Some(Block::Landing(id));
            }
            movement::fire_leaver_stuck_with(state, known, scratch).map(Block::FireLeaver)
        }
        Phase::VikingCombat | Phase::VillagerCombat => {
            let side = if state.phase == Phase::VikingCombat {
                Side::Viking
            } else {
                Side::Villager
            };
            combat::mandatory_left(state, side).map(Block::Mandatory)
        }
        Phase::Over => Some(Block::Over),
        _ => None,
    }
}

pub fn end_phase(
    state: &mut FuryState,
    side: Side,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    if state.phase.owner() != Some(side) {
        return Err(RuleError::new("4.0", "it is not your phase"));
    }
    if let Some(e) = end_error(state) {
        return Err(e);
    }
    let mut events = Vec::new();
    let next = match state.phase {
        Phase::VillagerSetup => Phase::VikingSetup,
        Phase::VikingSetup => {
            state.turn = 1;
            Phase::VikingMovement
        }
        Phase::VikingMovement => {
            events.extend(movement::burn_trapped(state));
            let mut probe = Vec::new();
            let mut window = state.clone();
            window.phase = Phase::WrathWindow;
            wrath::legal_wraths(&window, &mut probe);
            if probe.is_empty() {
                Phase::VikingCombat
            } else {
                Phase::WrathWindow
            }
        }
        Phase::WrathWindow => Phase::VikingCombat,
        Phase::VikingCombat => Phase::VikingFire,
        Phase::VikingFire => Phase::VillagerMovement,
        Phase::VillagerMovement => Phase::VillagerCombat,
        Phase::VillagerCombat => {
            if state.turn >= data().tables.turns {
                state.finish = Some(victory::final_result(state));
                Phase::Over
            } else {
                state.turn += 1;
                Phase::VikingMovement
            }
        }
        Phase::Over => Phase::Over,
    };
    events.extend(begin(state, next));
    Ok(events)
}

fn begin(state: &mut FuryState, phase: Phase) -> Vec<GameEvent<FuryEvent>> {
    state.phase = phase;
    state.attacked_hexes.clear();
    state.transfers = 0;
    let new_turn = phase == Phase::VikingMovement;
    for u in state.units.iter_mut() {
        u.moved = false;
        u.attacked = false;
        u.defended = false;
        u.capture_tried = false;
        if new_turn {
            u.engaged = false;
        }
    }
    let mut events = Vec::new();
    if phase == Phase::Over {
        if let Some(f) = &state.finish {
            events.push(GameEvent::public(
                "11.0",
                FuryEvent::GameOver {
                    winner: f.winner,
                    result: f.result.clone(),
                    detail: f.detail.clone(),
                },
            ));
        }
        return events;
    }
    events.push(GameEvent::public(
        "4.0",
        FuryEvent::PhaseBegins {
            turn: state.turn,
            phase,
        },
    ));
    if phase == Phase::VillagerMovement {
        events.extend(movement::wander_animals(state));
    }
    events
}

/// Resolves what needs no decision: a retreat with nowhere to go eliminates the unit
/// (7.7); when the decisions a Viking combat raised (`combat_decisions`) are all taken,
/// the Vikings sack and take Treasure in the hexes they fought in (9.2, H-TRS-1); a
/// finished game moves to Over.
pub fn normalize(state: &mut FuryState, combat_decisions: bool) -> Vec<GameEvent<FuryEvent>> {
    let mut events = Vec::new();
    while let Some(&Pending::Retreat { unit }) = state.pending.first() {
        let (hexes, off) = combat::retreat_options(state, unit);
        if !hexes.is_empty() || off || !matches!(state.unit(unit).place, Place::OnMap(_)) {
            if !matches!(state.unit(unit).place, Place::OnMap(_)) {
                state.pending.remove(0);
                continue;
            }
            break;
        }
        state.pending.remove(0);
        events.push(GameEvent::public(
            "7.7",
            FuryEvent::CannotRetreat {
                unit: state.code_of(unit),
            },
        ));
        events.extend(combat::eliminate(state, unit, "7.7"));
    }
    if combat_decisions && state.pending.is_empty() && state.phase == Phase::VikingCombat {
        let hexes: Vec<_> = state.attacked_hexes.iter().collect();
        for h in hexes {
            events.extend(treasure::on_viking_entry(state, h));
        }
    }
    if state.finish.is_some() && state.phase != Phase::Over {
        state.phase = Phase::Over;
        state.pending.clear();
    }
    events
}
