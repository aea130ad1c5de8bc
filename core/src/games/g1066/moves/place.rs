//! Where a force can be: a square of the grid or one of the two off-map boxes (21.0).

use crate::board::square::Square;
use crate::games::g1066::data;
use std::fmt;

/// The one place type of the game (a square or a box), defined with the data so that
/// set-up lists, the state and movement all speak of the same thing.
pub use crate::games::g1066::data::Place;

impl Place {
    /// The square, if this place is on the map.
    pub fn square(self) -> Option<Square> {
        match self {
            Place::Square(sq) => Some(sq),
            Place::Box(_) => None,
        }
    }

    /// Whether the place exists: a square inside the grid, or a box.
    pub fn is_on_board(self) -> bool {
        match self {
            Place::Square(sq) => data::grid().contains(sq),
            Place::Box(_) => true,
        }
    }

    /// The places one step away. Steps are orthogonal only (14.2); a box touches each
    /// of its bordering squares (21.2, 21.3) and nothing else. Whether a given force may
    /// take the step is [`super::geometry`]'s question. Squares come before boxes, each
    /// in the grid's clockwise order, so callers see a fixed order.
    pub fn neighbours(self) -> Vec<Place> {
        let map = &data::data().map;
        match self {
            Place::Square(sq) => {
                if !data::grid().contains(sq) {
                    return Vec::new();
                }
                let mut out: Vec<Place> = data::grid()
                    .neighbours(sq, false)
                    .map(Place::Square)
                    .collect();
                out.extend(
                    map.boxes
                        .iter()
                        .filter(|b| b.borders.contains(&sq))
                        .map(|b| Place::Box(b.id)),
                );
                out
            }
            Place::Box(id) => map
                .off_map_box(id)
                .map(|b| b.borders.iter().map(|&sq| Place::Square(sq)).collect())
                .unwrap_or_default(),
        }
    }

    /// Whether `other` is one step away.
    pub fn touches(self, other: Place) -> bool {
        self.neighbours().contains(&other)
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Square(sq) => write!(f, "{}", data::label(*sq)),
            Place::Box(id) => {
                let name = data::data().map.off_map_box(*id).map(|b| b.name.as_str());
                write!(f, "{}", name.unwrap_or(id.key()))
            }
        }
    }
}
