//! The G1 map: a 10 × 19 square grid with terrain, towns, all-sea sides, ports, rivers,
//! roads and the two off-map boxes.

use super::{grid, label, labels, DataError, DataFile, Power};
use crate::board::square::Square;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

/// Terrain of a square (T3). Towns count as clear for movement (14.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Sea,
    Clear,
    Forest,
    Mountain,
    Swamp,
    Town,
    LargeTown,
}

impl Terrain {
    pub fn is_land(self) -> bool {
        self != Terrain::Sea
    }
    pub fn is_town(self) -> bool {
        matches!(self, Terrain::Town | Terrain::LargeTown)
    }
}

/// A named town or large town.
#[derive(Clone, Debug, Deserialize)]
pub struct Town {
    #[serde(deserialize_with = "labels::sq")]
    pub square: Square,
    pub name: String,
    /// `Town` or `LargeTown`; it must match the grid.
    pub size: Terrain,
    pub feudal: u8,
    /// A town the brief adds beyond the set-up towns (G1 [F]), empty at start.
    #[serde(default)]
    pub extra: bool,
    #[serde(default)]
    pub source: Option<String>,
}

/// A named stretch of country without a town (for display only).
#[derive(Clone, Debug, Deserialize)]
pub struct Region {
    #[serde(deserialize_with = "labels::sq")]
    pub square: Square,
    pub name: String,
}

/// A side between two land squares that land units may not cross (14.12).
#[derive(Clone, Debug, Deserialize)]
pub struct SeaSide {
    #[serde(deserialize_with = "labels::pair")]
    pub between: [Square; 2],
    pub name: String,
}

/// A river or road: squares in order, each orthogonally next to the one before.
/// Rivers start at the mouth.
#[derive(Clone, Debug, Deserialize)]
pub struct Chain {
    pub name: String,
    #[serde(deserialize_with = "labels::squares")]
    pub chain: Vec<Square>,
}

impl Chain {
    /// Whether `a` and `b` are consecutive links, in either direction.
    pub fn links(&self, a: Square, b: Square) -> bool {
        self.chain
            .windows(2)
            .any(|w| (w[0] == a && w[1] == b) || (w[0] == b && w[1] == a))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoxId {
    Normandy,
    Norway,
}

impl BoxId {
    pub fn key(self) -> &'static str {
        match self {
            BoxId::Normandy => "normandy",
            BoxId::Norway => "norway",
        }
    }
}

/// What a box's bordering squares are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BorderTerrain {
    Land,
    Sea,
}

/// The cost in MP of leaving a box into a bordering square (21.2, 21.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaveCost {
    /// The terrain cost of the square entered.
    Terrain,
    Fixed(u8),
}

/// Normandy or Norway (21.0).
#[derive(Clone, Debug, Deserialize)]
pub struct OffMapBox {
    pub id: BoxId,
    pub name: String,
    /// The power that always controls it and alone may enter (21.1).
    pub power: Power,
    pub feudal: u8,
    pub port: bool,
    #[serde(deserialize_with = "labels::squares")]
    pub borders: Vec<Square>,
    pub border_terrain: BorderTerrain,
    pub enter_mp: u8,
    pub leave_mp: LeaveCost,
    pub source: String,
}

/// The map file, with the grid read into a dense terrain array by [`Map::check`].
#[derive(Clone, Debug, Deserialize)]
pub struct Map {
    pub source: String,
    pub cols: i16,
    pub rows: i16,
    pub legend: BTreeMap<char, Terrain>,
    pub grid: Vec<String>,
    pub towns: Vec<Town>,
    pub regions: Vec<Region>,
    pub sea_sides: Vec<SeaSide>,
    #[serde(deserialize_with = "labels::squares")]
    pub ports: Vec<Square>,
    pub rivers: Vec<Chain>,
    pub roads: Vec<Chain>,
    pub boxes: Vec<OffMapBox>,
    #[serde(skip)]
    terrain: Vec<Terrain>,
}

fn err(item: impl Into<String>, problem: impl Into<String>) -> DataError {
    DataError::new(DataFile::Map, item, problem)
}

impl Map {
    /// Terrain of an on-map square.
    pub fn terrain(&self, sq: Square) -> Option<Terrain> {
        grid().index(sq).and_then(|i| self.terrain.get(i).copied())
    }
    pub fn is_land(&self, sq: Square) -> bool {
        self.terrain(sq).is_some_and(Terrain::is_land)
    }
    pub fn town(&self, sq: Square) -> Option<&Town> {
        self.towns.iter().find(|t| t.square == sq)
    }
    pub fn town_named(&self, name: &str) -> Option<&Town> {
        self.towns.iter().find(|t| t.name == name)
    }
    pub fn off_map_box(&self, id: BoxId) -> Option<&OffMapBox> {
        self.boxes.iter().find(|b| b.id == id)
    }
    /// Whether the side between two squares is an all-sea side.
    pub fn is_sea_side(&self, a: Square, b: Square) -> bool {
        self.sea_sides
            .iter()
            .any(|s| s.between == [a, b] || s.between == [b, a])
    }
    /// Orthogonal land neighbours a land unit may step to (not across an all-sea side).
    pub fn land_neighbours(&self, sq: Square) -> Vec<Square> {
        grid()
            .neighbours(sq, false)
            .filter(|&n| self.is_land(n) && !self.is_sea_side(sq, n))
            .collect()
    }
    /// A land square next to the sea or to an all-sea side (G1).
    pub fn is_coastal(&self, sq: Square) -> bool {
        self.is_land(sq)
            && grid()
                .neighbours(sq, false)
                .any(|n| !self.is_land(n) || self.is_sea_side(sq, n))
    }
    pub fn is_port(&self, sq: Square) -> bool {
        self.ports.contains(&sq)
    }
    pub fn on_river(&self, sq: Square) -> bool {
        self.rivers.iter().any(|r| r.chain.contains(&sq))
    }
    /// Whether `a` and `b` are consecutive squares of one river (a fleet route, G1).
    pub fn river_link(&self, a: Square, b: Square) -> bool {
        self.rivers.iter().any(|r| r.links(a, b))
    }
    /// Whether `a` and `b` are consecutive squares of one road (14.6).
    pub fn road_link(&self, a: Square, b: Square) -> bool {
        self.roads.iter().any(|r| r.links(a, b))
    }

    /// Reads the grid and checks the map's shape.
    pub fn check(&mut self) -> Result<(), DataError> {
        let g = grid();
        if (self.cols, self.rows) != (g.cols, g.rows) || self.grid.len() != g.rows as usize {
            return Err(err(
                "grid",
                format!("must be {} columns by {} rows", g.cols, g.rows),
            ));
        }
        let mut terrain = vec![Terrain::Sea; g.len()];
        for (r, line) in self.grid.iter().enumerate() {
            if line.chars().count() != g.cols as usize {
                return Err(err(format!("grid row {}", r + 1), "wrong length"));
            }
            for (c, ch) in line.chars().enumerate() {
                let sq = Square::new(c as i16 + 1, r as i16 + 1);
                let t = self.legend.get(&ch).copied().ok_or_else(|| {
                    err(
                        format!("square {}", label(sq)),
                        format!("unknown code {ch:?}"),
                    )
                })?;
                if let Some(i) = g.index(sq) {
                    terrain[i] = t;
                }
            }
        }
        self.terrain = terrain;
        self.check_towns()?;
        self.check_sides_and_ports()?;
        self.check_chains()?;
        self.check_boxes()
    }

    fn check_towns(&self) -> Result<(), DataError> {
        let (mut squares, mut names) = (BTreeSet::new(), BTreeSet::new());
        for t in &self.towns {
            let item = format!("town {}", t.name);
            if !t.size.is_town() || self.terrain(t.square) != Some(t.size) {
                return Err(err(
                    item,
                    format!("{} is not a {:?}", label(t.square), t.size),
                ));
            }
            if !(1..=3).contains(&t.feudal) {
                return Err(err(item, "feudal value must be 1-3"));
            }
            if !squares.insert(t.square) || !names.insert(t.name.as_str()) {
                return Err(err(item, "square or name used twice"));
            }
        }
        if let Some(sq) = grid()
            .squares()
            .find(|&sq| self.terrain(sq).is_some_and(Terrain::is_town) && self.town(sq).is_none())
        {
            return Err(err(format!("square {}", label(sq)), "town without a name"));
        }
        for r in &self.regions {
            if self.town(r.square).is_some() {
                return Err(err(format!("region {}", r.name), "lies on a town"));
            }
        }
        Ok(())
    }

    fn check_sides_and_ports(&self) -> Result<(), DataError> {
        for s in &self.sea_sides {
            let [a, b] = s.between;
            let item = format!("all-sea side {}|{}", label(a), label(b));
            if grid().distance_orthogonal(a, b) != 1 || !self.is_land(a) || !self.is_land(b) {
                return Err(err(item, "must lie between two adjacent land squares"));
            }
        }
        for &p in &self.ports {
            let item = format!("port {}", label(p));
            if self.town(p).is_none() {
                return Err(err(item, "is not a town"));
            }
            if !self.is_coastal(p) && !self.on_river(p) {
                return Err(err(item, "neither coastal nor on a river"));
            }
        }
        Ok(())
    }

    fn check_chains(&self) -> Result<(), DataError> {
        for (kind, chains) in [("river", &self.rivers), ("road", &self.roads)] {
            for c in chains {
                let item = format!("{kind} {}", c.name);
                if c.chain.len() < 2 {
                    return Err(err(item, "needs at least 2 squares"));
                }
                if let Some(sq) = c.chain.iter().find(|&&sq| !self.is_land(sq)) {
                    return Err(err(item, format!("{} is not land", label(*sq))));
                }
                for w in c.chain.windows(2) {
                    if grid().distance_orthogonal(w[0], w[1]) != 1 {
                        return Err(err(
                            item,
                            format!("{} and {} are not adjacent", label(w[0]), label(w[1])),
                        ));
                    }
                    if kind == "road" && self.is_sea_side(w[0], w[1]) {
                        return Err(err(item, "crosses an all-sea side"));
                    }
                }
                if kind == "river" && !self.is_coastal(c.chain[0]) {
                    return Err(err(item, "its mouth is not coastal"));
                }
            }
        }
        Ok(())
    }

    fn check_boxes(&self) -> Result<(), DataError> {
        for id in [BoxId::Normandy, BoxId::Norway] {
            if self.boxes.iter().filter(|b| b.id == id).count() != 1 {
                return Err(err(format!("box {}", id.key()), "must appear exactly once"));
            }
        }
        for b in &self.boxes {
            let item = format!("box {}", b.name);
            let want_land = b.border_terrain == BorderTerrain::Land;
            if b.borders.is_empty() {
                return Err(err(item, "has no bordering square"));
            }
            if let Some(sq) = b.borders.iter().find(|&&sq| self.is_land(sq) != want_land) {
                return Err(err(
                    item,
                    format!("border {} has the wrong terrain", label(*sq)),
                ));
            }
        }
        Ok(())
    }
}
