//! Forage values (9.2-9.9, 17.18, the T3 erratum and G3.10) and who eats.

use super::force::Surroundings;
use super::place::Place;
use crate::games::g1066::data;

/// How many units the place feeds this provisioning phase, or None where nobody needs
/// feeding (off-map boxes, 21.5).
///
/// All-sea squares feed nobody (17.18) and summer does not help them (9.9 speaks of land
/// squares). A land square forages its T3 value, towns 2 + printed feudal value (the
/// erratum); summer adds 1 (9.9) and a castle 1 (9.3). A pillaged square forages 0
/// (9.7); a castle still adds its 1 and summer adds nothing (G3.10), as the data says.
pub fn forage_value(place: Place, s: &Surroundings) -> Option<u8> {
    let sq = place.square()?;
    let d = data::data();
    let table = &d.tables.terrain;
    let t = d.map.terrain(sq)?;
    if !t.is_land() {
        return table.forage(t, 0);
    }
    let castle = s.castles.contains(&sq);
    if s.pillaged.contains(&sq) {
        let p = &table.pillaged;
        let mut v = p.forage;
        if castle && p.castle_still_adds {
            v = v.saturating_add(table.castle.forage_plus);
        }
        if s.summer && p.summer_adds {
            v = v.saturating_add(table.summer.land_forage_plus);
        }
        return Some(v);
    }
    let feudal = d.map.town(sq).map_or(0, |town| town.feudal);
    let mut v = table.forage(t, feudal)?;
    if castle {
        v = v.saturating_add(table.castle.forage_plus);
    }
    if s.summer {
        v = v.saturating_add(table.summer.land_forage_plus);
    }
    Some(v)
}

/// Whether a unit in `place` counts against the place's forage value. Neutral units
/// never forage (9.8) and nobody in an off-map box needs food (21.5); every other unit
/// does, fleets included (17.18), and land units aboard a fleet eat from the square
/// the fleet is in (9.5, 17.18). Castles are markers, not units, and never count (9.3).
pub fn counts_against_forage(place: Place, neutral: bool) -> bool {
    !neutral && matches!(place, Place::Square(_))
}
