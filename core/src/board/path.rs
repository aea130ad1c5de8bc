//! Cheapest paths with movement costs over any board: hexes, squares or areas. The
//! board speaks through a `neighbours` function, so terrain, roads and enemy pieces stay
//! with the game that knows them.

use std::cmp::Reverse;
use std::collections::{btree_map::Entry, BTreeMap, BTreeSet, BinaryHeap};

/// One way out of a node: where it leads, what entering costs, and whether entering
/// ends the move (the node can be entered but not left, as next to an enemy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step<N> {
    pub to: N,
    pub cost: u32,
    pub stops: bool,
}

impl<N> Step<N> {
    /// A step after which movement may go on.
    pub fn new(to: N, cost: u32) -> Self {
        Step {
            to,
            cost,
            stops: false,
        }
    }

    /// A step that ends movement on entry.
    pub fn stopping(to: N, cost: u32) -> Self {
        Step {
            to,
            cost,
            stops: true,
        }
    }
}

/// How a node was first reached at its cheapest, in one of its two states.
#[derive(Clone, Copy, Debug)]
struct Label<N> {
    cost: u32,
    /// The node moved from, itself in the moving state; None for the start.
    parent: Option<N>,
}

/// Every node reachable within a budget, with its cheapest cost and one cheapest path.
///
/// A node is tracked in two states: entered and still moving, or entered by a stopping
/// step. A cheap stopping entry must not hide a dearer entry that may go on.
#[derive(Clone, Debug)]
pub struct Reached<N> {
    start: N,
    labels: BTreeMap<(N, bool), Label<N>>,
}

impl<N: Copy + Ord> Reached<N> {
    /// Where the movement started (cost 0).
    pub fn start(&self) -> N {
        self.start
    }

    /// The cheapest of a node's two labels; the moving one on a tie.
    fn best(&self, n: N) -> Option<Label<N>> {
        let moving = self.labels.get(&(n, false));
        let stopped = self.labels.get(&(n, true));
        match (moving, stopped) {
            (Some(m), Some(s)) => Some(if s.cost < m.cost { *s } else { *m }),
            (m, s) => m.or(s).copied(),
        }
    }

    /// The cheapest cost to enter `n`, or None if it is out of reach.
    pub fn cost(&self, n: N) -> Option<u32> {
        self.best(n).map(|l| l.cost)
    }

    /// Whether `n` can be entered within the budget.
    pub fn contains(&self, n: N) -> bool {
        self.best(n).is_some()
    }

    /// One cheapest path from the start to `n`, both included; None if out of reach.
    /// Among equally cheap ways into a node the smallest predecessor is kept, so with
    /// positive costs the answer does not depend on the order neighbours are listed in.
    pub fn path_to(&self, n: N) -> Option<Vec<N>> {
        let mut label = self.best(n)?;
        let mut path = vec![n];
        // Each parent was settled before its child, so the chain is at most this long.
        for _ in 0..self.labels.len() {
            let Some(parent) = label.parent else {
                path.reverse();
                return Some(path);
            };
            label = *self.labels.get(&(parent, false))?;
            path.push(parent);
        }
        None
    }

    /// Every reachable node, start included, in ascending order.
    pub fn nodes(&self) -> Vec<N> {
        let mut out: Vec<N> = self.labels.keys().map(|k| k.0).collect();
        out.dedup();
        out
    }
}

/// Dijkstra from `start`, spending at most `budget`. `neighbours(n)` lists the steps out
/// of `n`; leave out what cannot be entered at all. Nodes come off the heap by (cost,
/// node), so the result is the same on every run and platform.
pub fn cheapest_paths<N, I>(start: N, budget: u32, mut neighbours: impl FnMut(N) -> I) -> Reached<N>
where
    N: Copy + Ord,
    I: IntoIterator<Item = Step<N>>,
{
    let mut labels = BTreeMap::new();
    let mut settled = BTreeSet::new();
    let mut heap = BinaryHeap::new();
    labels.insert(
        (start, false),
        Label {
            cost: 0,
            parent: None,
        },
    );
    heap.push(Reverse((0u32, start, false)));
    while let Some(Reverse((cost, node, stopped))) = heap.pop() {
        if !settled.insert((node, stopped)) || stopped {
            continue;
        }
        for step in neighbours(node) {
            let Some(total) = cost.checked_add(step.cost) else {
                continue;
            };
            let key = (step.to, step.stops);
            if total > budget || settled.contains(&key) {
                continue;
            }
            let label = Label {
                cost: total,
                parent: Some(node),
            };
            match labels.entry(key) {
                Entry::Vacant(e) => {
                    e.insert(label);
                    heap.push(Reverse((total, step.to, step.stops)));
                }
                Entry::Occupied(mut e) => {
                    let old = e.get_mut();
                    if total < old.cost {
                        *old = label;
                        heap.push(Reverse((total, step.to, step.stops)));
                    } else if total == old.cost && label.parent < old.parent {
                        old.parent = label.parent;
                    }
                }
            }
        }
    }
    Reached { start, labels }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::area::{AreaGraph, AreaId};
    use crate::board::hex::{Hex, HexGrid, HexLabels, LowColumns};
    use crate::board::square::{Square, SquareGrid};

    fn grid() -> HexGrid {
        HexGrid::new(9, 8, LowColumns::Even, HexLabels::ColRow4)
    }

    /// Clear 1, woods 2, hills 3 by a fixed pattern; a lake (None) in 0504 and 0505.
    fn hex_cost(h: Hex) -> Option<u32> {
        if h.col == 5 && (h.row == 4 || h.row == 5) {
            return None;
        }
        Some(1 + ((h.col * 7 + h.row * 3) % 5).clamp(0, 2) as u32)
    }

    fn hex_steps(g: &HexGrid, h: Hex) -> Vec<Step<Hex>> {
        g.neighbours(h)
            .filter_map(|n| Some(Step::new(n, hex_cost(n)?)))
            .collect()
    }

    /// Bellman-Ford over the whole grid: the slow, obvious answer.
    fn slow_costs(g: &HexGrid, start: Hex) -> Vec<Option<u32>> {
        let mut dist = vec![None; g.len()];
        dist[g.index(start).unwrap()] = Some(0);
        loop {
            let mut changed = false;
            for h in g.hexes() {
                let Some(d) = dist[g.index(h).unwrap()] else {
                    continue;
                };
                for s in hex_steps(g, h) {
                    let slot = &mut dist[g.index(s.to).unwrap()];
                    if !matches!(*slot, Some(old) if old <= d + s.cost) {
                        *slot = Some(d + s.cost);
                        changed = true;
                    }
                }
            }
            if !changed {
                return dist;
            }
        }
    }

    #[test]
    fn board_path_hex_costs_match_slow_search() {
        let g = grid();
        for start in [Hex::new(1, 1), Hex::new(4, 5), Hex::new(9, 8)] {
            let slow = slow_costs(&g, start);
            for budget in [0, 3, 7, 40] {
                let r = cheapest_paths(start, budget, |h| hex_steps(&g, h));
                for h in g.hexes() {
                    let want = slow[g.index(h).unwrap()].filter(|&c| c <= budget);
                    assert_eq!(r.cost(h), want, "{start} to {h} within {budget}");
                    let Some(path) = r.path_to(h) else {
                        assert!(want.is_none());
                        continue;
                    };
                    assert_eq!(path.first(), Some(&start));
                    assert_eq!(path.last(), Some(&h));
                    let spent: u32 = path[1..].iter().map(|&x| hex_cost(x).unwrap()).sum();
                    assert_eq!(Some(spent), want);
                    assert!(path.windows(2).all(|w| g.adjacent(w[0], w[1])));
                }
            }
        }
    }

    #[test]
    fn board_path_hex_around_the_lake() {
        let g = grid();
        let r = cheapest_paths(Hex::new(5, 3), 20, |h| hex_steps(&g, h));
        assert!(!r.contains(Hex::new(5, 4)));
        let path = r.path_to(Hex::new(5, 6)).unwrap();
        let labels: Vec<String> = path.iter().map(|&h| g.label(h)).collect();
        assert_eq!(labels, ["0503", "0403", "0404", "0405", "0506"]);
        assert_eq!(r.cost(Hex::new(5, 6)), Some(3 + 1 + 3 + 3));
        assert_eq!(r.path_to(Hex::new(5, 3)), Some(vec![Hex::new(5, 3)]));
        assert_eq!(r.cost(Hex::new(5, 3)), Some(0));
        assert_eq!(r.start(), Hex::new(5, 3));
    }

    #[test]
    fn board_path_ties_do_not_depend_on_neighbour_order() {
        let g = grid();
        let start = Hex::new(2, 2);
        let a = cheapest_paths(start, 12, |h| hex_steps(&g, h));
        let b = cheapest_paths(start, 12, |h| hex_steps(&g, h).into_iter().rev());
        assert_eq!(a.nodes(), b.nodes());
        for h in a.nodes() {
            assert_eq!(a.path_to(h), b.path_to(h), "{h}");
        }
    }

    #[test]
    fn board_path_stopping_nodes_are_entered_not_left() {
        // 0 -> 1 stops (a river crossing ends the move); 0 -> 2 -> 1 does not; 1 -> 3.
        let steps = |n: u8| match n {
            0 => vec![Step::stopping(1, 1), Step::new(2, 1)],
            2 => vec![Step::new(1, 1)],
            1 => vec![Step::new(3, 1)],
            _ => vec![],
        };
        let r = cheapest_paths(0u8, 10, steps);
        assert_eq!(r.cost(1), Some(1));
        assert_eq!(r.path_to(1), Some(vec![0, 1]));
        assert_eq!(r.cost(3), Some(3));
        assert_eq!(r.path_to(3), Some(vec![0, 2, 1, 3]));
        assert_eq!(r.nodes(), [0, 1, 2, 3]);
        // Within 2, node 3 is out of reach: the only cheap entry to 1 stops there.
        let r = cheapest_paths(0u8, 2, steps);
        assert_eq!(r.nodes(), [0, 1, 2]);
    }

    #[test]
    fn board_path_hex_stops_next_to_enemy() {
        let g = grid();
        let enemy = Hex::new(5, 5);
        let zoc = |h: Hex| g.adjacent(h, enemy);
        let steps = |h: Hex| -> Vec<Step<Hex>> {
            g.neighbours(h)
                .filter(|&n| n != enemy)
                .map(|n| Step {
                    to: n,
                    cost: 1,
                    stops: zoc(n),
                })
                .collect()
        };
        let (start, beyond) = (Hex::new(5, 3), Hex::new(5, 7));
        // Straight south is one hex into the enemy's zone, and no further: four hexes
        // away, but the way round is six.
        let r = cheapest_paths(start, 4, steps);
        assert_eq!(r.cost(Hex::new(5, 4)), Some(1));
        assert_eq!(g.distance(start, beyond), 4);
        assert!(!r.contains(beyond));
        let r = cheapest_paths(start, 6, steps);
        assert_eq!(r.cost(beyond), Some(6));
        let path = r.path_to(beyond).unwrap();
        assert!(path[1..path.len() - 1].iter().all(|&h| !zoc(h)), "{path:?}");
        assert!(!r.contains(enemy));
    }

    #[test]
    fn board_path_square_grid() {
        let g = SquareGrid::new(8, 8);
        let start = Square::new(1, 1);
        let orth = |s: Square| {
            g.neighbours(s, false)
                .map(|n| Step::new(n, 1))
                .collect::<Vec<_>>()
        };
        let r = cheapest_paths(start, 3, orth);
        let within: Vec<Square> = g
            .squares()
            .filter(|&s| g.distance_orthogonal(start, s) <= 3)
            .collect();
        assert_eq!(r.nodes(), within);
        for s in &within {
            assert_eq!(r.cost(*s), Some(g.distance_orthogonal(start, *s)));
        }
        let king = |s: Square| {
            g.neighbours(s, true)
                .map(|n| Step::new(n, 1))
                .collect::<Vec<_>>()
        };
        let r = cheapest_paths(Square::new(4, 4), 2, king);
        assert_eq!(r.nodes().len(), 25);
        assert_eq!(
            r.path_to(Square::new(6, 6)),
            Some(vec![
                Square::new(4, 4),
                Square::new(5, 5),
                Square::new(6, 6)
            ])
        );
    }

    #[test]
    fn board_path_area_graph() {
        let names = [
            "Kent",
            "Sussex",
            "Surrey",
            "Essex",
            "Middlesex",
            "Hampshire",
        ];
        let edges = [(0, 1), (0, 2), (1, 2), (2, 4), (4, 3), (1, 5), (2, 5)]
            .map(|(a, b)| (AreaId(a), AreaId(b)));
        let g = AreaGraph::new(names.iter().map(|s| s.to_string()).collect(), &edges).unwrap();
        let r = cheapest_paths(AreaId(0), 10, |a| {
            g.neighbours(a).iter().map(|&n| Step::new(n, 1))
        });
        for id in g.ids() {
            assert_eq!(r.cost(id), g.distance(AreaId(0), id), "{id:?}");
        }
        assert_eq!(
            r.path_to(AreaId(3)),
            Some([0, 2, 4, 3].map(AreaId).to_vec())
        );
        assert_eq!(r.path_to(AreaId(5)), Some([0, 1, 5].map(AreaId).to_vec()));
    }

    #[test]
    fn board_path_huge_costs_do_not_overflow() {
        let steps = |n: u8| {
            if n < 3 {
                vec![Step::new(n + 1, u32::MAX)]
            } else {
                vec![]
            }
        };
        let r = cheapest_paths(0u8, u32::MAX, steps);
        assert_eq!(r.nodes(), [0, 1]);
        assert_eq!(r.cost(2), None);
        assert_eq!(r.path_to(2), None);
    }
}
