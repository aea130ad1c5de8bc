//! A Fury action as people read it after its seat's name (`Fury::action_words`): "end
//! Viking movement (5.0)" where the notation says `end`, "move Infantry from 0802 to
//! 0804" where it says `move VI01 0802-0803-0804`: units by their kinds' names, as the
//! counters show them, never their codes. The apps show it for actions played for a
//! seat (the computer's, a standing order's), the action a person's taps made ready and
//! the hint's; notation stays for saves, case files and the terminal.

use super::actions::{FuryAction, TransferTo};
use super::combat;
use super::data::data;
use super::state::{FuryState, Phase, Place, UnitId};
use super::units::{unit_names, Side};
use crate::board::Hex;

fn label(hex: Hex) -> String {
    data().grid.label(hex)
}

/// A unit by its kind's name ("Infantry"); `?` and its id where it is none of the game's.
fn name(state: &FuryState, id: UnitId) -> String {
    state
        .units
        .get(id.0 as usize)
        .map_or_else(|| format!("?{}", id.0), |u| u.kind.name().to_string())
}

/// Units by their kinds' names: "Infantry and Berserker", "2 Infantry and Chief".
fn names(state: &FuryState, ids: &[UnitId]) -> String {
    if ids
        .iter()
        .any(|id| state.units.get(id.0 as usize).is_none())
    {
        return ids
            .iter()
            .map(|&id| name(state, id))
            .collect::<Vec<_>>()
            .join(" and ");
    }
    unit_names(ids.iter().map(|&id| state.unit(id).kind))
}

/// "Militia in 0404" (the units a normal attack or Archery on the hex would take on),
/// or the hex alone where there are none.
fn targets(state: &FuryState, side: Option<Side>, hex: Hex, spare: &[UnitId]) -> String {
    let defenders = side
        .map(|side| combat::targets_at(state, hex, side, spare))
        .unwrap_or_default();
    if defenders.is_empty() {
        label(hex)
    } else {
        format!("{} in {}", names(state, &defenders), label(hex))
    }
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

/// The words for `action`, taken by `side` in `state` (the game just before it).
pub fn action_words(state: &FuryState, side: Option<Side>, action: &FuryAction) -> String {
    match *action {
        FuryAction::Place { unit, hex } => format!("place {} in {}", name(state, unit), label(hex)),
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
                return format!("land {}", names(state, units.as_slice()));
            };
            let land = format!("land {} at {}", names(state, units.as_slice()), label(at));
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
            names(state, units.as_slice()),
            from_to(&path.to_vec())
        ),
        FuryAction::Move {
            units,
            path,
            embark: true,
        } => format!(
            "re-embark {} on the Ship at {}",
            names(state, units.as_slice()),
            path.last().map(label).unwrap_or_default()
        ),
        FuryAction::Transfer { from, to, items } => {
            let to = match to {
                TransferTo::Unit(u) if name(state, u) == name(state, from) => {
                    format!("another {}", name(state, u))
                }
                TransferTo::Unit(u) => name(state, u),
                TransferTo::Ship(h) => format!("the Ship at {}", label(h)),
            };
            format!(
                "hand {} from {} to {to}",
                names(state, items.as_slice()),
                name(state, from)
            )
        }
        FuryAction::Abandon { item } => format!("abandon {}", name(state, item)),
        FuryAction::Attack { hex, spare } => {
            let attackers = side
                .map(|side| combat::attackers_at(state, hex, side))
                .unwrap_or_default();
            let mut text = format!("attack {}", targets(state, side, hex, spare.as_slice()));
            if !attackers.is_empty() {
                text.push_str(&format!(" with {}", names(state, &attackers)));
            }
            if !spare.is_empty() {
                text.push_str(&format!(
                    ", sparing {} for a Capture",
                    names(state, spare.as_slice())
                ));
            }
            text
        }
        FuryAction::Archery { shooters, target } => format!(
            "shoot arrows at {} with {}",
            targets(state, side, target, &[]),
            names(state, shooters.as_slice())
        ),
        FuryAction::Capture { captor, target } => format!(
            "try to Capture {} with {}",
            state
                .units
                .get(target.0 as usize)
                .map_or_else(|| name(state, target), |u| u.kind.a_name()),
            name(state, captor)
        ),
        FuryAction::Wrath { invoker, target } => format!(
            "call Divine Wrath on {} by {}",
            label(target),
            name(state, invoker)
        ),
        FuryAction::BurnShip { hex } => format!("try to burn the Ship at {}", label(hex)),
        FuryAction::SetFire { hex } => format!("try to set {} on fire", label(hex)),
        FuryAction::Retreat { unit, to: Some(h) } => {
            format!("retreat {} to {}", name(state, unit), label(h))
        }
        FuryAction::Retreat { unit, to: None } => {
            format!("retreat {} off the map", name(state, unit))
        }
        FuryAction::LeaderRoll { leader, roll: true } => {
            format!(
                "roll for {} to stand apart from its stack",
                name(state, leader)
            )
        }
        FuryAction::LeaderRoll {
            leader,
            roll: false,
        } => format!("let {} share its stack's fate", name(state, leader)),
        FuryAction::WrathRetreat {
            unit,
            path,
            off_map,
        } => format!(
            "flee {} {}{}",
            name(state, unit),
            from_to(&path.to_vec()),
            if off_map { " and off the map" } else { "" }
        ),
        FuryAction::End => match state.phase {
            Phase::WrathWindow => "call no Divine Wrath".into(),
            phase => format!("end {}", phase.title()),
        },
    }
}
