//! Every place a force can end one move in, with its cheapest cost and a path: for the
//! computer players and the apps' highlights. Built from [`check_step`] alone, so it
//! can never disagree with it.

use super::cost::{check_step, Contact, Stop};
use super::force::{Force, HalfMp, Surroundings};
use super::geometry::land_side_open;
use super::place::Place;
use crate::board::square::Square;
use crate::games::g1066::data;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};

/// One place a force can end its move in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Movement spent on the cheapest way there.
    pub cost: HalfMp,
    /// From the start to this place, both included.
    pub path: Vec<Place>,
    /// Why the move ends here on that path, if it must.
    pub stop: Option<Stop>,
    /// What ending here brings about.
    pub contact: Contact,
}

/// A search node: a place, and whether the force arrived stopped. Terrain halts depend
/// on how a square is entered (a road step does not halt, 14.6), so the same square can
/// be a dead end one way and a waypoint another.
type Node = (Place, bool);

struct Seen {
    cost: HalfMp,
    prev: Option<Node>,
    force: Force,
    stop: Option<Stop>,
    contact: Contact,
}

/// Every place `force` can end this move in, starting at `from` with `mp` to spend
/// (normally its allowance, 14.5). The start is included at cost 0. Dijkstra's search
/// over single steps; ties keep the first path found in [`Place::neighbours`] order,
/// so the answer is the same on every run.
pub fn reachable(
    force: &Force,
    from: Place,
    mp: HalfMp,
    s: &Surroundings,
) -> BTreeMap<Place, Reach> {
    let start: Node = (from, false);
    let mut seen: BTreeMap<Node, Seen> = BTreeMap::new();
    seen.insert(
        start,
        Seen {
            cost: HalfMp(0),
            prev: None,
            force: *force,
            stop: None,
            contact: Contact::default(),
        },
    );
    let mut queue = BinaryHeap::from([Reverse((HalfMp(0), start))]);
    let mut done: BTreeSet<Node> = BTreeSet::new();
    while let Some(Reverse((cost, node))) = queue.pop() {
        if !done.insert(node) || node.1 {
            continue;
        }
        let Some(here) = seen.get(&node) else {
            continue;
        };
        let here_force = here.force;
        let Some(left) = mp.checked_sub(cost) else {
            continue;
        };
        for next in node.0.neighbours() {
            let Ok(step) = check_step(&here_force, node.0, next, left, s) else {
                continue;
            };
            let key = (next, step.stop.is_some());
            let total = cost.saturating_add(step.cost);
            if seen.get(&key).is_some_and(|old| old.cost <= total) {
                continue;
            }
            seen.insert(
                key,
                Seen {
                    cost: total,
                    prev: Some(node),
                    force: here_force.after_step(node.0, next),
                    stop: step.stop,
                    contact: step.if_ending,
                },
            );
            queue.push(Reverse((total, key)));
        }
    }
    let mut out: BTreeMap<Place, Reach> = BTreeMap::new();
    for (&node, entry) in &seen {
        // The cheapest way to end in a place; at equal cost the free-moving arrival
        // (BTreeMap order puts it first).
        if out.get(&node.0).is_some_and(|r| r.cost <= entry.cost) {
            continue;
        }
        out.insert(
            node.0,
            Reach {
                cost: entry.cost,
                path: path_to(&seen, node),
                stop: entry.stop,
                contact: entry.contact,
            },
        );
    }
    out
}

fn path_to(seen: &BTreeMap<Node, Seen>, node: Node) -> Vec<Place> {
    let mut path = vec![node.0];
    let mut at = seen.get(&node).and_then(|e| e.prev);
    while let Some(n) = at {
        path.push(n.0);
        at = seen.get(&n).and_then(|e| e.prev);
        if path.len() > seen.len() {
            break;
        }
    }
    path.reverse();
    path
}

/// The land squares a land force could walk to from `from` over any number of moves,
/// ignoring costs, halts and other units: the map's land geometry alone (14.12, 14.14).
pub fn land_connected(from: Square) -> BTreeSet<Square> {
    let map = &data::data().map;
    if !map.is_land(from) {
        return BTreeSet::new();
    }
    let mut seen = BTreeSet::from([from]);
    let mut todo = vec![from];
    while let Some(sq) = todo.pop() {
        for n in data::grid().neighbours(sq, false) {
            if land_side_open(sq, n) && seen.insert(n) {
                todo.push(n);
            }
        }
    }
    seen
}
