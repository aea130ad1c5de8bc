//! Naval transport geometry (17.5-17.11, 21.7).

use super::cost::Contact;
use super::force::Surroundings;
use super::geometry::fleet_may_be_in;
use super::place::Place;
use crate::engine::error::RuleError;
use crate::games::g1066::data::{self, Power, UnitType};

/// How land units get aboard where they stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Embarkation {
    /// In a port the fleets take the cargo and move on at once (17.6).
    Port,
    /// On a coast or river without a usable port, boarding is a whole move: fleets and
    /// cargo stay put, and only a further move (Forced March) sails (17.7).
    WholeMove,
}

/// Checks what `fleets` fleets may carry: land units only (17.5), at most the data's
/// capacity per fleet (T6: 2), each with an allowance of at least the data's minimum
/// (T6: 1).
pub fn check_cargo(fleets: u8, cargo: &[UnitType]) -> Result<(), RuleError> {
    let d = data::data();
    let fixed = &d.tables.fixed;
    if cargo.contains(&UnitType::Fleet) {
        return Err(RuleError::new(
            "17.5",
            "fleets carry land units, not fleets",
        ));
    }
    let room = usize::from(fleets) * usize::from(fixed.fleet_capacity);
    if cargo.len() > room {
        return Err(RuleError::new(
            "17.5",
            format!(
                "{fleets} fleet(s) carry at most {room} land units, not {}",
                cargo.len()
            ),
        ));
    }
    for &u in cargo {
        let ma = d.units.stats(u).map_or(0, |st| st.ma);
        if ma < fixed.cargo_min_ma {
            return Err(RuleError::new(
                "17.5",
                format!(
                    "a {u:?} cannot be carried: its allowance is below {}",
                    fixed.cargo_min_ma
                ),
            ));
        }
    }
    Ok(())
}

/// Whether `power`'s land units may board `fleets` fleets in `place`, where both began
/// this move (the caller checks that, 17.5), and how. A port works as a port unless it
/// is pillaged (19.6, which takes away its port) or holds enemy units too (17.8); then
/// it is only a coast. Norway has a port (21.7) and admits only Vikings (21.1);
/// Normandy has none and takes no fleets (G3.27).
pub fn check_embark(
    power: Power,
    place: Place,
    fleets: u8,
    cargo: &[UnitType],
    s: &Surroundings,
) -> Result<Embarkation, RuleError> {
    if fleets == 0 {
        return Err(RuleError::new("17.5", "boarding needs a friendly fleet"));
    }
    if cargo.is_empty() {
        return Err(RuleError::new("17.5", "nobody to embark"));
    }
    check_cargo(fleets, cargo)?;
    let map = &data::data().map;
    match place {
        Place::Box(id) => {
            let b = map
                .off_map_box(id)
                .ok_or_else(|| RuleError::new("21.1", "no such box"))?;
            if b.power != power {
                return Err(RuleError::new(
                    "21.1",
                    format!("only {} units are in {}", b.power.name(), b.name),
                ));
            }
            if b.port {
                Ok(Embarkation::Port)
            } else {
                Err(RuleError::new(
                    "21.7",
                    format!("{} has no port and no fleets", b.name),
                ))
            }
        }
        Place::Square(sq) => {
            if !map.is_land(sq) {
                return Err(RuleError::new("17.5", "land units cannot stand at sea"));
            }
            if !fleet_may_be_in(sq) {
                return Err(RuleError::new(
                    "17.5",
                    "fleets cannot reach an inland square",
                ));
            }
            let port = map.is_port(sq) && !s.pillaged.contains(&sq) && !s.has_enemy(sq);
            Ok(if port {
                Embarkation::Port
            } else {
                Embarkation::WholeMove
            })
        }
    }
}

/// Whether cargo may land here (17.10): a coastal, port or river square, or Norway's
/// port (21.7); where units may land is the same set of land squares a fleet may be in.
/// Landing among enemy or neutral units brings a battle, and landing among neutrals
/// makes their power belligerent (17.12, 4.4): the answer says so.
pub fn check_debark(place: Place, s: &Surroundings) -> Result<Contact, RuleError> {
    let map = &data::data().map;
    match place {
        Place::Box(id) if map.off_map_box(id).is_some_and(|b| b.port) => Ok(Contact::default()),
        Place::Box(_) => Err(RuleError::new("21.7", "that box has no port")),
        Place::Square(sq) if map.is_land(sq) && fleet_may_be_in(sq) => {
            let neutral = s.neutral.contains(&sq);
            Ok(Contact {
                battle: neutral || s.has_enemy(sq),
                violates_neutrality: neutral,
            })
        }
        Place::Square(_) => Err(RuleError::new(
            "17.10",
            "units land only on coastal, port or river squares",
        )),
    }
}
