//! Area graphs: named regions joined by borders, as 878's shires of England.

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// An area by its position in the graph's list of names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct AreaId(pub u16);

/// Named areas and their undirected adjacencies, fixed once built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreaGraph {
    names: Vec<String>,
    /// Sorted, deduplicated neighbours of each area.
    adjacent: Vec<Vec<AreaId>>,
    /// Trimmed, lower-cased name to id, for case-insensitive lookup.
    by_name: BTreeMap<String, AreaId>,
}

impl AreaGraph {
    /// Builds a graph from names (the id of a name is its position) and undirected
    /// borders. Repeated borders are merged; self-loops, out-of-range ids, empty names
    /// and names equal but for case are refused, saying which.
    pub fn new(names: Vec<String>, edges: &[(AreaId, AreaId)]) -> Result<AreaGraph, String> {
        if names.len() > u16::MAX as usize {
            return Err(format!(
                "{} areas, at most {} allowed",
                names.len(),
                u16::MAX
            ));
        }
        let mut by_name = BTreeMap::new();
        for (i, name) in names.iter().enumerate() {
            if name.trim().is_empty() {
                return Err(format!("area {i} has an empty name"));
            }
            if by_name
                .insert(name.trim().to_lowercase(), AreaId(i as u16))
                .is_some()
            {
                return Err(format!("area name {name:?} appears twice"));
            }
        }
        let mut adjacent = vec![Vec::new(); names.len()];
        for &(a, b) in edges {
            if a == b {
                return Err(format!("area {} borders itself", a.0));
            }
            for id in [a, b] {
                if id.0 as usize >= names.len() {
                    return Err(format!(
                        "border names area {}, but there are {}",
                        id.0,
                        names.len()
                    ));
                }
            }
            adjacent[a.0 as usize].push(b);
            adjacent[b.0 as usize].push(a);
        }
        for list in &mut adjacent {
            list.sort_unstable();
            list.dedup();
        }
        Ok(AreaGraph {
            names,
            adjacent,
            by_name,
        })
    }

    /// Number of areas, for sizing dense arrays indexed by `AreaId`.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no areas at all.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Every area in id order.
    pub fn ids(&self) -> impl Iterator<Item = AreaId> {
        (0..self.names.len() as u16).map(AreaId)
    }

    /// The area's name as authored, or None for an id not in the graph.
    pub fn name(&self, id: AreaId) -> Option<&str> {
        self.names.get(id.0 as usize).map(String::as_str)
    }

    /// Looks an area up by name, ignoring case and surrounding blanks.
    pub fn find(&self, name: &str) -> Option<AreaId> {
        self.by_name.get(&name.trim().to_lowercase()).copied()
    }

    /// The areas bordering `id`, sorted; empty for an id not in the graph.
    pub fn neighbours(&self, id: AreaId) -> &[AreaId] {
        self.adjacent.get(id.0 as usize).map_or(&[], Vec::as_slice)
    }

    /// Whether two areas share a border (never true of an area and itself).
    pub fn adjacent(&self, a: AreaId, b: AreaId) -> bool {
        self.neighbours(a).binary_search(&b).is_ok()
    }

    /// Fewest border crossings from `a` to `b`, or None if either is not in the graph or
    /// `b` cannot be reached.
    pub fn distance(&self, a: AreaId, b: AreaId) -> Option<u32> {
        if a.0 as usize >= self.len() || b.0 as usize >= self.len() {
            return None;
        }
        let mut dist: Vec<Option<u32>> = vec![None; self.len()];
        dist[a.0 as usize] = Some(0);
        let mut queue = VecDeque::from([a]);
        while let Some(at) = queue.pop_front() {
            let d = dist[at.0 as usize]?;
            if at == b {
                return Some(d);
            }
            for &n in self.neighbours(at) {
                let slot = &mut dist[n.0 as usize];
                if slot.is_none() {
                    *slot = Some(d + 1);
                    queue.push_back(n);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    /// A corner of Wessex: Cornwall - Devon - Somerset - Wiltshire, Devon - Dorset -
    /// Wiltshire, Dorset - Somerset; and an island.
    fn wessex() -> AreaGraph {
        let n = names(&[
            "Cornwall",
            "Devon",
            "Somerset",
            "Dorset",
            "Wiltshire",
            "Wight",
        ]);
        let e = [(0, 1), (1, 2), (2, 4), (1, 3), (3, 4), (3, 2), (2, 1)]
            .map(|(a, b)| (AreaId(a), AreaId(b)));
        AreaGraph::new(n, &e).unwrap()
    }

    #[test]
    fn board_area_neighbours_sorted_and_deduplicated() {
        let g = wessex();
        assert_eq!(g.neighbours(AreaId(1)), [AreaId(0), AreaId(2), AreaId(3)]);
        assert_eq!(g.neighbours(AreaId(2)), [AreaId(1), AreaId(3), AreaId(4)]);
        assert!(g.neighbours(AreaId(5)).is_empty());
        assert!(g.neighbours(AreaId(99)).is_empty());
        assert!(g.adjacent(AreaId(4), AreaId(3)) && g.adjacent(AreaId(3), AreaId(4)));
        assert!(!g.adjacent(AreaId(0), AreaId(2)));
        assert_eq!(g.ids().count(), g.len());
    }

    #[test]
    fn board_area_find_ignores_case() {
        let g = wessex();
        assert_eq!(g.find("devon"), Some(AreaId(1)));
        assert_eq!(g.find(" WILTSHIRE "), Some(AreaId(4)));
        assert_eq!(g.find("Kent"), None);
        assert_eq!(g.name(AreaId(3)), Some("Dorset"));
        assert_eq!(g.name(AreaId(6)), None);
    }

    #[test]
    fn board_area_distance_by_breadth_first_search() {
        let g = wessex();
        assert_eq!(g.distance(AreaId(0), AreaId(0)), Some(0));
        assert_eq!(g.distance(AreaId(0), AreaId(1)), Some(1));
        assert_eq!(g.distance(AreaId(0), AreaId(4)), Some(3));
        assert_eq!(g.distance(AreaId(4), AreaId(0)), Some(3));
        assert_eq!(g.distance(AreaId(0), AreaId(5)), None);
        assert_eq!(g.distance(AreaId(0), AreaId(40)), None);
    }

    #[test]
    fn board_area_new_refuses_bad_input() {
        let two = || names(&["Kent", "Essex"]);
        assert!(AreaGraph::new(two(), &[(AreaId(1), AreaId(1))]).is_err());
        assert!(AreaGraph::new(two(), &[(AreaId(0), AreaId(2))]).is_err());
        assert!(AreaGraph::new(names(&["Kent", "KENT"]), &[]).is_err());
        assert!(AreaGraph::new(names(&["Kent", " "]), &[]).is_err());
        let empty = AreaGraph::new(Vec::new(), &[]).unwrap();
        assert!(empty.is_empty());
        assert_eq!(empty.distance(AreaId(0), AreaId(0)), None);
    }
}
