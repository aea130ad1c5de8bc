//! How many steps apart two places are for a land force (14.2: orthogonal steps, 14.12
//! and 14.14: never across an all-sea side or into the sea; 21.2: a box by its bordering
//! squares) and for a power's fleets (17.2, G1, 21.1: the map's own passage rules).
//! Terrain costs are left out: the computer players only need to know which town is
//! nearer, and step tables built once serve every decision.

use super::super::data::Power;
use super::super::data::{self, data, Place};
use super::super::moves::geometry::{check_passage, land_side_open};
use super::super::moves::{Force, HalfMp, Mode};
use std::collections::VecDeque;
use std::sync::OnceLock;

/// Steps between places no land force can join.
pub const FAR: u8 = u8::MAX;

/// Steps from every place to every place, rows and columns by [`dense`]: the simple
/// player asks this thousands of times a decision, so it is a plain array look-up.
struct Table {
    steps: Vec<Vec<u8>>,
}

/// A place's row in a [`Table`]: the grid's own dense index for squares, then the boxes
/// in the map's order.
fn dense(place: Place) -> Option<usize> {
    match place {
        Place::Square(sq) => data::grid().index(sq),
        Place::Box(id) => data()
            .map
            .boxes
            .iter()
            .position(|b| b.id == id)
            .map(|i| data::grid().len() + i),
    }
}

fn land_step(from: Place, to: Place) -> bool {
    let map = &data().map;
    match (from, to) {
        (Place::Square(a), Place::Square(b)) => land_side_open(a, b),
        (Place::Square(a), Place::Box(_)) | (Place::Box(_), Place::Square(a)) => map.is_land(a),
        (Place::Box(_), Place::Box(_)) => false,
    }
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| build(land_step))
}

/// The fleets of each power (`Power::ALL` order): only Vikings sail into Norway (21.1).
fn sea_tables() -> &'static [Table; 4] {
    static TABLES: OnceLock<[Table; 4]> = OnceLock::new();
    TABLES.get_or_init(|| {
        Power::ALL.map(|power| {
            let fleet = Force {
                power,
                mode: Mode::Fleet {
                    fleets: 1,
                    cargo: 0,
                },
                ma: HalfMp(0),
                box_crossed: None,
            };
            build(move |a, b| check_passage(&fleet, a, b).is_ok())
        })
    })
}

fn build(step: impl Fn(Place, Place) -> bool) -> Table {
    let size = data::grid().len() + data().map.boxes.len();
    let mut places: Vec<Place> = data::grid().squares().map(Place::Square).collect();
    places.extend(data().map.boxes.iter().map(|b| Place::Box(b.id)));
    let mut steps = vec![vec![FAR; size]; size];
    for &start in &places {
        let Some(i) = dense(start) else { continue };
        let row = &mut steps[i];
        let mut queue = VecDeque::from([start]);
        row[i] = 0;
        while let Some(at) = queue.pop_front() {
            let Some(a) = dense(at) else { continue };
            let d = row[a];
            for next in at.neighbours() {
                let Some(j) = dense(next) else { continue };
                if row[j] == FAR && step(at, next) {
                    row[j] = d.saturating_add(1);
                    queue.push_back(next);
                }
            }
        }
    }
    Table { steps }
}

/// Land steps from `a` to `b`; [`FAR`] when no land path joins them.
pub fn steps(a: Place, b: Place) -> u8 {
    lookup(table(), a, b)
}

/// Steps of `power`'s fleets from `a` to `b`; [`FAR`] when no water joins them.
pub fn sea_steps(power: Power, a: Place, b: Place) -> u8 {
    lookup(&sea_tables()[power as usize], a, b)
}

fn lookup(t: &Table, a: Place, b: Place) -> u8 {
    match (dense(a), dense(b)) {
        (Some(i), Some(j)) => t.steps[i][j],
        _ => FAR,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::g1066::data::BoxId;

    fn land_places() -> Vec<Place> {
        let mut out: Vec<Place> = data::grid()
            .squares()
            .filter(|&sq| data().map.is_land(sq))
            .map(Place::Square)
            .collect();
        out.extend(data().map.boxes.iter().map(|b| Place::Box(b.id)));
        out
    }

    /// 14.2: the table is the walking distance. Each place is 0 from itself only, a step
    /// over an open side (14.12, 14.14) changes the distance to anywhere by one at
    /// most, and every place that is not the goal has a neighbour one step nearer.
    /// Those three pin the shortest-path distance exactly.
    #[test]
    fn g1066_14_2_land_steps_are_the_walking_distance() {
        let places = land_places();
        for &goal in &places {
            assert_eq!(steps(goal, goal), 0, "{goal:?}");
            for &from in &places {
                let d = steps(from, goal);
                assert_eq!(d, steps(goal, from), "{from:?} {goal:?}");
                assert_eq!(d == 0, from == goal, "{from:?} {goal:?}");
                let open: Vec<Place> = from
                    .neighbours()
                    .into_iter()
                    .filter(|&n| land_step(from, n))
                    .collect();
                for &n in &open {
                    let e = steps(n, goal);
                    assert!(d == FAR && e == FAR || d.abs_diff(e) <= 1, "{from:?} {n:?}");
                }
                if d != 0 && d != FAR {
                    assert!(open.iter().any(|&n| steps(n, goal) == d - 1), "{from:?}");
                }
            }
        }
    }

    /// 14.14: no land force walks into the sea; a place off the map is never reached.
    #[test]
    fn g1066_14_14_the_sea_and_off_map_places_are_far() {
        let sea = data::grid()
            .squares()
            .find(|&sq| !data().map.is_land(sq))
            .expect("the map has sea squares");
        let land = land_places()[0];
        assert_eq!(steps(land, Place::Square(sea)), FAR);
        let off = crate::board::square::Square { col: 99, row: 99 };
        assert_eq!(steps(land, Place::Square(off)), FAR);
        assert_eq!(sea_steps(Power::Vikings, land, Place::Square(off)), FAR);
    }

    /// 21.1: only Viking fleets sail into Norway.
    #[test]
    fn g1066_21_1_only_viking_fleets_reach_norway() {
        let norway = Place::Box(BoxId::Norway);
        let sea = data::grid()
            .squares()
            .map(Place::Square)
            .filter(|&p| sea_steps(Power::Vikings, p, norway) != FAR)
            .find(|p| p.square().is_some_and(|sq| !data().map.is_land(sq)))
            .expect("Viking fleets sail from some sea square to Norway");
        for power in [Power::Normans, Power::AngloSaxons, Power::Britons] {
            assert_eq!(sea_steps(power, sea, norway), FAR, "{power:?}");
        }
    }
}
