//! 1066 notation (docs/notation.md, "1066"): the words for powers, places, counters and
//! markers, one line per action (`actions`), and positions as the state's data written
//! as JSON (`position`).

pub mod actions;
pub mod position;
#[cfg(test)]
mod tests;

pub use actions::{format_action, parse_action};
pub use position::{format_position, parse_position};

use super::battle::types::{BattleMarker, BoardBox};
use super::chits::Chit;
use super::data::{data, label, square, BoxId, Place, Power, UnitType};
use super::keys::{place_key, unit_key};
use super::state::Identity;
use crate::board::square::Square;
use crate::engine::notation::{number, one_of};

/// The powers by their keys (`normans`, `anglo_saxons`, `vikings`, `britons`).
pub fn parse_power(tok: &str) -> Result<Power, String> {
    let names: Vec<(&str, Power)> = Power::ALL.iter().map(|p| (p.key(), *p)).collect();
    one_of(tok, &names, "power")
}

/// A square by its printed label (`C6`).
pub fn parse_square(tok: &str) -> Result<Square, String> {
    square(tok).ok_or_else(|| format!("no square '{tok}' on the map (columns A-J, rows 1-19)"))
}

pub fn square_text(sq: Square) -> String {
    label(sq)
}

/// A place: a square's label or an off-map box's key (`normandy`, `norway`).
pub fn parse_place(tok: &str) -> Result<Place, String> {
    match tok.to_ascii_lowercase().as_str() {
        "normandy" => Ok(Place::Box(BoxId::Normandy)),
        "norway" => Ok(Place::Box(BoxId::Norway)),
        _ => square(tok).map(Place::Square).ok_or_else(|| {
            format!("no place '{tok}' (a square such as C6, or normandy or norway)")
        }),
    }
}

pub fn place_text(place: Place) -> String {
    place_key(place)
}

/// A counter on the map by its public id (`u12`, 7.1: the id says nothing of what it
/// is).
pub fn parse_unit(tok: &str) -> Result<u16, String> {
    let digits = tok
        .strip_prefix('u')
        .or_else(|| tok.strip_prefix('U'))
        .ok_or_else(|| format!("bad counter '{tok}' (expected u and its number, as u12)"))?;
    number(digits, "counter number")
}

pub fn unit_text(id: u16) -> String {
    format!("u{id}")
}

fn unit_types() -> Vec<(&'static str, UnitType)> {
    UnitType::ALL.iter().map(|u| (unit_key(*u), *u)).collect()
}

pub fn parse_unit_type(tok: &str) -> Result<UnitType, String> {
    one_of(tok, &unit_types(), "unit type")
}

/// What a counter is: a unit type's key (`knight`) or a leader's id (`william`).
pub fn parse_identity(tok: &str) -> Result<Identity, String> {
    let lower = tok.to_ascii_lowercase();
    if let Ok(unit) = parse_unit_type(&lower) {
        return Ok(Identity::Unit(unit));
    }
    if data().units.leader(&lower).is_some() {
        return Ok(Identity::Leader(lower));
    }
    let mut known: Vec<&str> = unit_types().iter().map(|(k, _)| *k).collect();
    known.extend(data().units.leaders.rows.iter().map(|l| l.id.as_str()));
    Err(format!(
        "unknown counter '{tok}' (expected one of {})",
        known.join(", ")
    ))
}

pub fn identity_text(identity: &Identity) -> String {
    match identity {
        Identity::Unknown => "unknown".to_string(),
        Identity::Unit(u) => unit_key(*u).to_string(),
        Identity::Leader(id) => id.clone(),
    }
}

/// A campaign marker: its id, with `_` and its printed value for the markers that have
/// one (`gold_point_1`, `vassalage_2`, `rally`).
pub fn chit_text(chit: Chit) -> String {
    match chit.marker() {
        Some(m) if m.values.is_empty() => m.id.clone(),
        Some(m) => format!("{}_{}", m.id, chit.value),
        None => "unknown".to_string(),
    }
}

pub fn parse_chit(tok: &str) -> Result<Chit, String> {
    let lower = tok.to_ascii_lowercase();
    let markers = &data().markers.markers;
    if let Some(m) = markers.iter().find(|m| m.id == lower) {
        if m.values.is_empty() {
            return Chit::of(&m.id, 0).ok_or_else(|| format!("no marker '{tok}'"));
        }
        let values: Vec<String> = m.values.iter().map(|v| v.value.to_string()).collect();
        return Err(format!(
            "the marker '{tok}' is written with its value ({}_{})",
            m.id,
            values.join(&format!(" or {}_", m.id))
        ));
    }
    let valued = lower.rsplit_once('_').and_then(|(id, value)| {
        let m = markers
            .iter()
            .find(|m| m.id == id && !m.values.is_empty())?;
        let value: u8 = number(value, "marker value").ok()?;
        m.values
            .iter()
            .any(|v| v.value == value)
            .then(|| Chit::of(&m.id, value))
            .flatten()
    });
    valued.ok_or_else(|| {
        let ids: Vec<&str> = markers.iter().map(|m| m.id.as_str()).collect();
        format!(
            "unknown campaign marker '{tok}' (expected one of {}, with _ and the value for gold_point and vassalage)",
            ids.join(", ")
        )
    })
}

pub const BOXES: [(&str, BoardBox); 4] = [
    ("left", BoardBox::Left),
    ("centre", BoardBox::Centre),
    ("right", BoardBox::Right),
    ("reserve", BoardBox::Reserve),
];

pub fn board_box_text(b: BoardBox) -> &'static str {
    BOXES
        .iter()
        .find(|(_, x)| *x == b)
        .map(|(k, _)| *k)
        .unwrap_or("?")
}

pub fn parse_board_box(tok: &str) -> Result<BoardBox, String> {
    one_of(tok, &BOXES, "Battle Board box")
}

pub fn battle_marker_text(m: BattleMarker) -> &'static str {
    match m {
        BattleMarker::Charge => "charge",
        BattleMarker::Maneuver => "maneuver",
        BattleMarker::ShieldWall => "shield-wall",
        BattleMarker::FeignedFlight => "feigned-flight",
    }
}
