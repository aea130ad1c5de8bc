//! Which squares a unit may control (5.2, 17.3).

use super::geometry::fleet_may_be_in;
use super::place::Place;
use crate::games::g1066::data::{self, Power, UnitType};

/// Whether a unit of this type, alone in the place, controls it. Land units control any
/// land square; fleets only coastal and river squares (5.2), never all-sea squares,
/// which have nothing to control. Each box is controlled by its own power whoever is
/// there (21.1), so no unit controls one by being in it.
pub fn may_control(unit: UnitType, place: Place) -> bool {
    let Some(sq) = place.square() else {
        return false;
    };
    let map = &data::data().map;
    if !map.is_land(sq) {
        return false;
    }
    unit != UnitType::Fleet || fleet_may_be_in(sq)
}

/// The power that always controls an off-map box (21.1), or None for a square.
pub fn box_controller(place: Place) -> Option<Power> {
    match place {
        Place::Box(id) => data::data().map.off_map_box(id).map(|b| b.power),
        Place::Square(_) => None,
    }
}
