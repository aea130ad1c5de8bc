//! Which steps the map allows: orthogonal only (14.2), land units never into all-sea
//! squares or across all-sea sides (14.12, 14.14), fleets only on water (17.2, G1), and
//! the off-map boxes (21.1-21.4, G3.27).

use super::force::{Force, Mode};
use super::place::Place;
use crate::board::square::Square;
use crate::engine::error::RuleError;
use crate::games::g1066::data::map::{BorderTerrain, OffMapBox};
use crate::games::g1066::data::{self, label, BoxId};

/// Whether a fleet may be in a square at all (17.2): all-sea, coastal (D6: next to sea
/// or across an all-sea side; ports are coastal or on a river by the data check) or on
/// a river.
pub fn fleet_may_be_in(sq: Square) -> bool {
    let map = &data::data().map;
    match map.terrain(sq) {
        None => false,
        Some(t) if !t.is_land() => true,
        Some(_) => map.is_coastal(sq) || map.on_river(sq),
    }
}

/// Whether a fleet may cross the side between two adjacent squares (G1): when one of
/// them is all-sea, when the side itself is all-sea, or when the two are consecutive
/// squares of one river. So a fleet goes up a river one chain link at a time, from the
/// mouth (a coastal square) inland, and never along a coast from one land square to the
/// next (that side is all-land, 14.14).
pub fn fleet_side_open(a: Square, b: Square) -> bool {
    let map = &data::data().map;
    !map.is_land(a) || !map.is_land(b) || map.is_sea_side(a, b) || map.river_link(a, b)
}

/// Whether a land unit may cross between two adjacent squares: both land (14.14) and the
/// side between them not all-sea (14.12).
pub fn land_side_open(a: Square, b: Square) -> bool {
    let map = &data::data().map;
    map.is_land(a) && map.is_land(b) && !map.is_sea_side(a, b)
}

fn off_map_box(id: BoxId) -> Result<&'static OffMapBox, RuleError> {
    data::data()
        .map
        .off_map_box(id)
        .ok_or_else(|| RuleError::new("21.1", format!("no box {}", id.key())))
}

/// The box rules for a step into or out of `id`: only its own power's units (21.1,
/// 14.13), land forces through a land border (Normandy, 21.2; no fleets, G3.27), fleets
/// and their cargo through a sea border (Norway, 21.3), and not across the same edge
/// twice in a player turn (21.4).
fn check_box_edge(force: &Force, id: BoxId) -> Result<(), RuleError> {
    let b = off_map_box(id)?;
    if force.power != b.power {
        return Err(RuleError::new(
            "21.1",
            format!(
                "only {} units may enter or leave {}",
                b.power.name(),
                b.name
            ),
        ));
    }
    match (b.border_terrain, force.mode) {
        (BorderTerrain::Land, Mode::Fleet { .. }) => {
            return Err(RuleError::new(
                "G3.27",
                format!("{} has no port: fleets may not enter or leave it", b.name),
            ))
        }
        (BorderTerrain::Sea, Mode::Land) => {
            return Err(RuleError::new(
                "21.3",
                format!("only fleets and their cargo reach {}", b.name),
            ))
        }
        _ => {}
    }
    if force.box_crossed == Some(id) {
        return Err(RuleError::new(
            "21.4",
            format!(
                "this force has already crossed into or out of {} this turn",
                b.name
            ),
        ));
    }
    Ok(())
}

/// Whether the map lets `force` step from `from` to `to`, whatever it costs.
pub fn check_passage(force: &Force, from: Place, to: Place) -> Result<(), RuleError> {
    if !from.is_on_board() || !to.is_on_board() {
        return Err(RuleError::new("14.13", "that place is not on the map"));
    }
    if !from.touches(to) {
        return Err(RuleError::new(
            "14.2",
            format!("{to} is not orthogonally next to {from}"),
        ));
    }
    if let Some(sq) = from.square() {
        check_standing(force, sq)?;
    }
    match (from, to) {
        (Place::Box(id), _) | (_, Place::Box(id)) => {
            check_box_edge(force, id)?;
            // The bordering square must still be open to the force (Normandy's borders
            // are land, Norway's sea, checked by the data).
            let sq = from.square().or(to.square());
            match (force.mode, sq) {
                (Mode::Fleet { .. }, Some(sq)) if !fleet_may_be_in(sq) => Err(fleet_error(sq)),
                (Mode::Land, Some(sq)) if !data::data().map.is_land(sq) => Err(sea_error(sq)),
                _ => Ok(()),
            }
        }
        (Place::Square(a), Place::Square(b)) => match force.mode {
            Mode::Land => check_land_side(a, b),
            Mode::Fleet { .. } => check_fleet_side(a, b),
        },
    }
}

/// A force can only step out of a square it may stand in: a land force on land (an
/// embarked one moves as its fleet), a fleet on water (17.2).
fn check_standing(force: &Force, sq: Square) -> Result<(), RuleError> {
    match force.mode {
        Mode::Land if !data::data().map.is_land(sq) => Err(sea_error(sq)),
        Mode::Fleet { .. } if !fleet_may_be_in(sq) => Err(fleet_error(sq)),
        _ => Ok(()),
    }
}

fn sea_error(sq: Square) -> RuleError {
    RuleError::new(
        "14.14",
        format!("land units may not enter the all-sea square {}", label(sq)),
    )
}

fn fleet_error(sq: Square) -> RuleError {
    RuleError::new(
        "17.2",
        format!("{} is all-land: fleets may not enter it", label(sq)),
    )
}

fn check_land_side(a: Square, b: Square) -> Result<(), RuleError> {
    let map = &data::data().map;
    if !map.is_land(b) {
        return Err(sea_error(b));
    }
    if map.is_sea_side(a, b) {
        return Err(RuleError::new(
            "14.12",
            format!(
                "land units may not cross the all-sea side {}|{}",
                label(a),
                label(b)
            ),
        ));
    }
    Ok(())
}

fn check_fleet_side(a: Square, b: Square) -> Result<(), RuleError> {
    if !fleet_may_be_in(b) {
        return Err(fleet_error(b));
    }
    if !fleet_side_open(a, b) {
        return Err(RuleError::new(
            "14.14",
            format!(
                "fleets may not cross the all-land side {}|{} (no river link)",
                label(a),
                label(b)
            ),
        ));
    }
    Ok(())
}
