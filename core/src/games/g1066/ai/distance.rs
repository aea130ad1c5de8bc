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
    {
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
