//! A Fury action as people read it after its seat's name (`Fury::action_words`): "end
//! Viking movement (5.0)" where the notation says `end`. The apps show it for actions
//! played for a seat (the computer's, a standing order's), the action a person's taps
//! made ready and the hint's; notation stays for saves, case files and the terminal.

use super::actions::{FuryAction, TransferTo};
use super::data::data;
use super::state::{FuryState, Phase, Place, UnitId};
use crate::board::Hex;

fn label(hex: Hex) -> String {
    data().grid.label(hex)
}

fn code(state: &FuryState, id: UnitId) -> String {
    state
        .units
        .get(id.0 as usize)
        .map_or_else(|| format!("?{}", id.0), |u| u.code())
}

fn codes(state: &FuryState, ids: &[UnitId]) -> String {
    ids.iter()
        .map(|&id| code(state, id))
        .collect::<Vec<_>>()
        .join("+")
}

/// "from 0802 to 0804": where a path starts and ends (the arrows draw the way between).
fn from_to(path: &[Hex]) -> String {
    match (path.first(), path.last()) {
        (Some(&a), Some(&b)) if a != b => format!("from {} to {}", label(a), label(b)),
        (Some(&a), _) => format!("in {}", label(a)),
        _ => String::new(),
    }
}

/// Whether these units are still aboard the fleet: their move is a landing (5.8).
fn landing(state: &FuryState, ids: &[UnitId]) -> bool {
    ids.first()
        .and_then(|id| state.units.get(id.0 as usize))
        .is_some_and(|u| u.place == Place::Aboard)
}

/// The words for `action`, taken in `state` (the game just before it).
pub fn action_words(state: &FuryState, action: &FuryAction) -> String {
    match *action {
        FuryAction::Place { unit, hex } => format!("place {} in {}", code(state, unit), label(hex)),
        FuryAction::SetupDefault => "set up the rest of the village by the default layout".into(),
        FuryAction::PlaceShip { hex } => format!("beach a Ship at {}", label(hex)),
        FuryAction::Move {
            units,
            path,
            embark: false,
        } if landing(state, units.as_slice()) => {
            // From aboard the fleet: the path starts at the Ship they land from (5.8).
            let path = path.to_vec();
            let (Some(&at), Some(&to)) = (path.first(), path.last()) else {
                return format!("land {}", codes(state, units.as_slice()));
            };
            let land = format!("land {} at {}", codes(state, units.as_slice()), label(at));
            if at == to {
                land
            } else {
                format!("{land} and move to {}", label(to))
            }
        }
        FuryAction::Move {
            units,
            path,
            embark: false,
        } => format!(
            "move {} {}",
            codes(state, units.as_slice()),
            from_to(&path.to_vec())
        ),
        FuryAction::Move {
            units,
            path,
            embark: true,
        } => format!(
            "re-embark {} on the Ship at {}",
            codes(state, units.as_slice()),
            path.last().map(label).unwrap_or_default()
        ),
        FuryAction::Transfer { from, to, items } => {
            let to = match to {
                TransferTo::Unit(u) => code(state, u),
                TransferTo::Ship(h) => format!("the Ship at {}", label(h)),
            };
            format!(
                "hand {} from {} to {to}",
                codes(state, items.as_slice()),
                code(state, from)
            )
        }
        FuryAction::Abandon { item } => format!("abandon {}", code(state, item)),
        FuryAction::Attack { hex, spare } if spare.is_empty() => {
            format!("attack {}", label(hex))
        }
        FuryAction::Attack { hex, spare } => format!(
            "attack {}, sparing {} for a Capture",
            label(hex),
            codes(state, spare.as_slice())
        ),
        FuryAction::Archery { shooters, target } => format!(
            "shoot arrows at {} with {}",
            label(target),
            codes(state, shooters.as_slice())
        ),
        FuryAction::Capture { captor, target } => format!(
            "try to Capture {} with {}",
            code(state, target),
            code(state, captor)
        ),
        FuryAction::Wrath { invoker, target } => format!(
            "call Divine Wrath on {} by {}",
            label(target),
            code(state, invoker)
        ),
        FuryAction::BurnShip { hex } => format!("try to burn the Ship at {}", label(hex)),
        FuryAction::SetFire { hex } => format!("try to set {} on fire", label(hex)),
        FuryAction::Retreat { unit, to: Some(h) } => {
            format!("retreat {} to {}", code(state, unit), label(h))
        }
        FuryAction::Retreat { unit, to: None } => {
            format!("retreat {} off the map", code(state, unit))
        }
        FuryAction::LeaderRoll { leader, roll: true } => {
            format!(
                "roll for {} to stand apart from its stack",
                code(state, leader)
            )
        }
        FuryAction::LeaderRoll {
            leader,
            roll: false,
        } => format!("let {} share its stack's fate", code(state, leader)),
        FuryAction::WrathRetreat {
            unit,
            path,
            off_map,
        } => format!(
            "flee {} {}{}",
            code(state, unit),
            from_to(&path.to_vec()),
            if off_map { " and off the map" } else { "" }
        ),
        FuryAction::End => match state.phase {
            Phase::WrathWindow => "call no Divine Wrath".into(),
            phase => format!("end {}", phase.title()),
        },
    }
}
