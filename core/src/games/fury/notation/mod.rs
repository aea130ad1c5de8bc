//! The text form of Fury actions and positions: what saves, logs, tests, the terminal and
//! the FFI exchange. `docs/notation.md` describes it for people; this module is the
//! reference. It keeps only Fury's grammar: words, numbers, lists, fields and errors come
//! from the shared toolkit [`crate::engine::notation`].
//!
//! Nothing here panics, whatever the input: every malformed text is a [`NotationError`]
//! that says what is wrong (and, for a position, on which line). A position that reads
//! but breaks the rules is refused by [`super::position_check`].

mod actions;
mod position;

pub use actions::{format_action, parse_action};
pub use position::{format_position, parse_position, read_position};

use super::actions::{Path, Units, MAX_PATH};
use super::data::{data, CrtResult};
use super::state::{FuryState, Phase, UnitId};
use super::units::Kind;
use crate::board::Hex;
use crate::engine::notation::{label as split_label, ListOf};
#[cfg(test)]
use {
    super::actions::{FuryAction, TransferTo},
    super::options::FuryOptions,
    super::state::{Finish, HexSet, Pending, Place, Ship, Unit},
    super::units::Side,
    crate::engine::Chance,
};

fn label(h: Hex) -> String {
    data().grid.label(h)
}

fn parse_hex(tok: &str) -> Result<Hex, String> {
    data().grid.parse(tok).ok_or_else(|| {
        format!("bad hex label '{tok}' (expected four digits CCRR of a hex on the map, like 0814)")
    })
}

/// The code of a unit; a unit id the state does not have is written `?N` (which no parser
/// accepts), so that formatting never panics.
fn code_of(state: &FuryState, id: UnitId) -> String {
    match state.units.get(id.0 as usize) {
        Some(u) => u.code(),
        None => format!("?{}", id.0),
    }
}

// The two below are written for every legal action an app lists (`GameBox::legal_actions`),
// so they write into one string instead of joining a vector of strings.
fn codes_of(state: &FuryState, ids: &[UnitId], sep: &str) -> String {
    let mut out = String::with_capacity(ids.len() * 5);
    for (i, &id) in ids.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        match state.units.get(id.0 as usize) {
            Some(u) => u.write_code(&mut out),
            None => out.push_str(&code_of(state, id)),
        }
    }
    out
}

fn path_text(path: &Path) -> String {
    let grid = &data().grid;
    let mut out = String::with_capacity(path.len() * 5);
    for (i, h) in path.hexes().enumerate() {
        if i > 0 {
            out.push('-');
        }
        grid.write_label(h, &mut out);
    }
    out
}

/// Splits a unit code (`VI03`, any case) into its kind and ordinal.
fn split_code(tok: &str) -> Result<(Kind, u8), String> {
    let Some((letters, digits)) = split_label(tok, 2..=2, 1..=3) else {
        return Err(format!(
            "bad unit code '{tok}' (expected two letters and a number, like VI03)"
        ));
    };
    let kind = Kind::from_code(&letters)
        .ok_or_else(|| format!("unknown unit kind '{letters}' in '{tok}'"))?;
    let ordinal = digits
        .parse::<u8>()
        .map_err(|_| format!("unit number too large in '{tok}'"))?;
    Ok((kind, ordinal))
}

/// A unit of this state by its code.
fn parse_unit(state: &FuryState, tok: &str) -> Result<UnitId, String> {
    let (kind, ordinal) = split_code(tok)?;
    state
        .ids()
        .find(|&id| {
            let u = state.unit(id);
            u.kind == kind && u.ordinal == ordinal
        })
        .ok_or_else(|| format!("unknown unit code '{tok}': this game has no such unit"))
}

/// A list of units, joined by `+` (or `,`).
const UNIT_LIST: ListOf = ListOf {
    seps: &['+', ','],
    max: 8,
    items: "units",
    item: "unit code",
};

/// A path: hex labels joined by `-`.
const PATH: ListOf = ListOf {
    seps: &['-'],
    max: MAX_PATH,
    items: "hexes",
    item: "step",
};

fn parse_units(state: &FuryState, tok: &str) -> Result<Units, String> {
    let ids = UNIT_LIST.read(tok, |p| parse_unit(state, p))?;
    Units::from_slice(&ids).ok_or_else(|| format!("too many units in '{tok}'"))
}

fn parse_path(tok: &str) -> Result<Path, String> {
    let hexes = PATH.read(tok, parse_hex)?;
    // The list reader has already refused more than MAX_PATH hexes: what is left to
    // refuse is a step of more than one column or row, which a path cannot hold. The
    // message cites 5.1 as the rules' own refusal of such a move did before paths were
    // packed, so that what a person (or a case's `expect-error 5.1`) reads is the same.
    Path::from_slice(&hexes).ok_or_else(|| {
        let jump = hexes
            .windows(2)
            .find(|w| (w[0].col - w[1].col).abs() > 1 || (w[0].row - w[1].row).abs() > 1);
        match jump {
            Some(w) => format!(
                "not allowed by rule 5.1: {} to {} skips hexes in '{tok}' (a path goes from each hex to a neighbour)",
                label(w[0]),
                label(w[1])
            ),
            None => format!("too many hexes in '{tok}'"),
        }
    })
}

const CRT: [(&str, CrtResult); 5] = [
    ("AE", CrtResult::AE),
    ("AR", CrtResult::AR),
    ("DR", CrtResult::DR),
    ("DE", CrtResult::DE),
    ("EX", CrtResult::EX),
];

fn crt_name(r: CrtResult) -> &'static str {
    CRT.iter().find(|(_, c)| *c == r).map_or("?", |(n, _)| n)
}

fn parse_crt(tok: &str) -> Result<CrtResult, String> {
    let upper = tok.to_ascii_uppercase();
    CRT.iter()
        .find(|(n, _)| *n == upper)
        .map(|(_, c)| *c)
        .ok_or_else(|| format!("bad combat result '{tok}' (expected AE, AR, DR, DE or EX)"))
}

fn parse_phase(tok: &str) -> Result<Phase, String> {
    Phase::from_name(&tok.to_ascii_lowercase()).ok_or_else(|| {
        let names: Vec<&str> = Phase::ALL.iter().map(|p| p.name()).collect();
        format!(
            "unknown phase '{tok}' (expected one of {})",
            names.join(", ")
        )
    })
}

#[cfg(test)]
mod tests;
