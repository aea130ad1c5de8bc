//! What each Fury action touches, in tap order (the contract's `Game::targets`): the
//! unit or units first, then the hex, then the button that confirms.

use super::actions::{FuryAction, Path, TransferTo};
use super::data::data;
use super::state::{FuryState, UnitId};
use crate::board::Hex;
use crate::engine::Target;

fn piece(state: &FuryState, id: UnitId) -> Target {
    Target::Piece(state.unit(id).code())
}

fn cell(hex: Hex) -> Target {
    Target::Cell(data().grid.label(hex))
}

/// A path's hexes between its first and last: waypoints a person may tap.
fn waypoints(path: &Path) -> impl Iterator<Item = Target> {
    let inner = path.len().saturating_sub(2);
    path.hexes()
        .skip(1)
        .take(inner)
        .map(|h| Target::Via(data().grid.label(h)))
}

pub fn targets(state: &FuryState, action: &FuryAction) -> Vec<Target> {
    let mut out = Vec::new();
    match action {
        FuryAction::Place { unit, hex } => out.extend([piece(state, *unit), cell(*hex)]),
        FuryAction::SetupDefault => out.push(Target::Word("setup default")),
        FuryAction::PlaceShip { hex } => out.extend([Target::Word("ship"), cell(*hex)]),
        FuryAction::Move {
            units,
            path,
            embark,
        } => {
            out.extend(units.as_slice().iter().map(|&u| piece(state, u)));
            if let Some(end) = path.last() {
                out.push(cell(end));
            }
            if *embark {
                out.push(Target::Word("embark"));
            }
            // Units still aboard land at the path's first hex: which Ship they land
            // from is a waypoint too (5.8).
            let here = units.first().and_then(|u| state.hex_of(u));
            match path.first() {
                Some(start) if path.len() > 1 && here != Some(start) => {
                    out.push(Target::Via(data().grid.label(start)))
                }
                _ => {}
            }
            out.extend(waypoints(path));
        }
        FuryAction::Transfer { from, to, items } => {
            out.push(piece(state, *from));
            out.extend(items.as_slice().iter().map(|&u| piece(state, u)));
            out.push(match to {
                TransferTo::Unit(u) => piece(state, *u),
                TransferTo::Ship(h) => cell(*h),
            });
            out.push(Target::Word("transfer"));
        }
        FuryAction::Abandon { item } => out.extend([piece(state, *item), Target::Word("abandon")]),
        FuryAction::Attack { hex, spare } => {
            out.push(cell(*hex));
            out.extend(spare.as_slice().iter().map(|&u| piece(state, u)));
            out.push(Target::Word("attack"));
        }
        FuryAction::Archery { shooters, target } => {
            out.extend(shooters.as_slice().iter().map(|&u| piece(state, u)));
            out.extend([cell(*target), Target::Word("archery")]);
        }
        FuryAction::Capture { captor, target } => out.extend([
            piece(state, *captor),
            piece(state, *target),
            Target::Word("capture"),
        ]),
        FuryAction::Wrath { invoker, target } => out.extend([
            piece(state, *invoker),
            cell(*target),
            Target::Word("divine wrath"),
        ]),
        FuryAction::BurnShip { hex } => out.extend([cell(*hex), Target::Word("burn ship")]),
        FuryAction::SetFire { hex } => out.extend([cell(*hex), Target::Word("set fire")]),
        FuryAction::Retreat { unit, to } => {
            out.push(piece(state, *unit));
            out.push(match to {
                Some(h) => cell(*h),
                None => Target::Word("off the map"),
            });
        }
        FuryAction::LeaderRoll { leader, roll } => out.extend([
            piece(state, *leader),
            Target::Word(if *roll { "roll" } else { "stay" }),
        ]),
        FuryAction::WrathRetreat {
            unit,
            path,
            off_map,
        } => {
            out.push(piece(state, *unit));
            if let Some(end) = path.last() {
                out.push(cell(end));
            }
            if *off_map {
                out.push(Target::Word("off the map"));
            }
            out.extend(waypoints(path));
        }
        FuryAction::End => out.push(Target::Word("end")),
    }
    out
}
