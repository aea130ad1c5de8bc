//! The embedded data files of Fury (map, counters, tables, scenarios), parsed once.

use super::units::{Kind, Stats};
use crate::board::{Hex, HexGrid, HexLabels, LowColumns};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

const MAP_JSON: &str = include_str!("../../../data/fury/map.json");
const UNITS_JSON: &str = include_str!("../../../data/fury/units.json");
const TABLES_JSON: &str = include_str!("../../../data/fury/tables.json");
const SCENARIOS_JSON: &str = include_str!("../../../data/fury/scenarios.json");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Clear,
    Sea,
    Coastline,
    Farmland { starred: bool },
    Woods,
    KeepHill,
    ManorEnclosure,
    Building(Building),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Building {
    Keep,
    Manor,
    Church,
    Monastery,
    Stables,
    Granary,
    House { starred: bool },
}

impl Building {
    /// Major Buildings never generate Treasure (9.2).
    pub fn is_major(self) -> bool {
        matches!(
            self,
            Building::Keep | Building::Manor | Building::Church | Building::Monastery
        )
    }
}

impl Terrain {
    pub fn is_building(self) -> bool {
        matches!(self, Terrain::Building(_))
    }
    /// Entering ends the move (Terrain Effects Chart).
    pub fn stops_movement(self) -> bool {
        matches!(
            self,
            Terrain::Woods | Terrain::KeepHill | Terrain::ManorEnclosure | Terrain::Building(_)
        )
    }
    /// Defence (and Capture Defence) doubled (7.5, 8.2).
    pub fn doubles_defense(self) -> bool {
        matches!(self, Terrain::Woods | Terrain::Building(_))
    }
    /// Blocks an Archery path (7.6; Fired hexes block too).
    pub fn blocks_archery(self) -> bool {
        matches!(self, Terrain::Woods | Terrain::Building(_))
    }
}

/// One Combat Results Table outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
pub enum CrtResult {
    AE,
    AR,
    DR,
    DE,
    EX,
}

impl CrtResult {
    /// The result as people read it, where the table and the notation write its code:
    /// "defenders eliminated" for DE (7.2).
    pub fn words(self) -> &'static str {
        match self {
            CrtResult::AE => "attackers eliminated",
            CrtResult::AR => "attackers retreat",
            CrtResult::DR => "defenders retreat",
            CrtResult::DE => "defenders eliminated",
            CrtResult::EX => "exchange: both sides eliminated",
        }
    }
}

#[derive(Debug)]
pub struct Scenario {
    pub id: String,
    pub name: String,
    pub summary: String,
    pub ships: u8,
    pub ship_capacity: Option<u8>,
    pub mobility_lock: bool,
    pub women_and_animals: bool,
    pub capture_eliminates: bool,
    /// Treasure is no unit here: a Viking who takes it removes it from the game (13.1,
    /// GAP-33), so it is never held and never lies in a hex once found.
    pub treasure_removed: bool,
    pub victory: VictoryRule,
    pub ships_lost_for_auto_win: Option<u8>,
    pub viking: BTreeMap<Kind, u8>,
    pub villager: BTreeMap<Kind, u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VictoryRule {
    Basic,
    Advanced,
    Punitive,
    BloodMoney,
}

/// Where a freely placed Villager unit may start (3.3, H-MIL).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    Keep,
    Manor,
    Monastery,
    KeepHill,
    ManorEnclosure,
    Building,
    Farmland,
    NextToBuilding,
}

#[derive(Debug)]
pub struct FreeSetup {
    pub zones: Vec<Zone>,
    pub default: Vec<Hex>,
}

#[derive(Debug)]
pub struct FuryData {
    pub grid: HexGrid,
    terrain: Vec<Terrain>,
    /// Pairs of hex indices joined by a road polyline, both directions (GAP-22).
    road_links: Vec<(u16, u16)>,
    pub coastline: Vec<Hex>,
    /// Counter values by `Kind as usize` (every kind present: checked at load).
    stats: Vec<Stats>,
    pub crt: [[CrtResult; 7]; 6],
    pub capture_table: [[bool; 4]; 6],
    pub scenarios: Vec<Scenario>,
    pub fixed_setup: BTreeMap<String, Vec<Hex>>,
    pub free_setup: BTreeMap<Kind, FreeSetup>,
    pub monastery_treasure: FreeSetup,
    pub tables: Tables,
    /// For each freely placed kind, the hexes of its set-up zones (3.3, H-MIL).
    zone_hexes: BTreeMap<Kind, Vec<Hex>>,
    monastery_treasure_hexes: Vec<Hex>,
    /// On-map neighbours of each hex, by dense index: the hot loops of movement use
    /// these instead of recomputing offsets.
    neighbour_index: Vec<Vec<u16>>,
}

#[derive(Debug, Deserialize)]
pub struct Tables {
    pub direction_indicator: Vec<String>,
    pub divine_wrath: WrathTable,
    pub leader_separation_stays_max: u32,
    pub treasure_found_max: u32,
    pub fire_building_max: u32,
    pub fire_other_max: u32,
    pub burn_ship_max: u32,
    pub archery_range: u32,
    pub turns: u8,
}

#[derive(Debug, Deserialize)]
pub struct WrathTable {
    pub destroy_max: u32,
    pub retreat_max: u32,
    pub retreat_hexes: u32,
    pub range: u32,
}

impl FuryData {
    pub fn terrain(&self, h: Hex) -> Option<Terrain> {
        self.grid.index(h).map(|i| self.terrain[i])
    }
    /// Terrain of an on-map hex by index.
    pub fn terrain_at(&self, index: usize) -> Terrain {
        self.terrain[index]
    }
    pub fn is_road_link(&self, a: Hex, b: Hex) -> bool {
        match (self.grid.index(a), self.grid.index(b)) {
            (Some(a), Some(b)) => self.road_links.binary_search(&(a as u16, b as u16)).is_ok(),
            _ => false,
        }
    }
    pub fn is_road_link_index(&self, a: usize, b: usize) -> bool {
        self.road_links.binary_search(&(a as u16, b as u16)).is_ok()
    }
    pub fn is_road(&self, h: Hex) -> bool {
        self.grid
            .index(h)
            .map(|i| self.road_links.iter().any(|&(a, _)| a as usize == i))
            .unwrap_or(false)
    }
    pub fn stats(&self, kind: Kind) -> &Stats {
        // Every kind is checked present when the data is loaded.
        &self.stats[kind as usize]
    }
    pub fn scenario(&self, id: &str) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }
    pub fn hexes_of(&self, b: Building) -> Vec<Hex> {
        self.grid
            .hexes()
            .filter(|h| self.terrain(*h) == Some(Terrain::Building(b)))
            .collect()
    }
    /// Dense indices of the on-map neighbours of the hex with dense index `i`.
    pub fn neighbours_of(&self, i: usize) -> &[u16] {
        &self.neighbour_index[i]
    }

    /// Hexes in any of the set-up zones of a freely placed kind (empty for others).
    pub fn setup_hexes(&self, kind: Kind) -> &[Hex] {
        if kind == Kind::Treasure {
            return &self.monastery_treasure_hexes;
        }
        self.zone_hexes
            .get(&kind)
            .map(|v| v.as_slice())
            .unwrap_or(&[])
    }

    pub fn in_zone(&self, h: Hex, zone: Zone) -> bool {
        let Some(t) = self.terrain(h) else {
            return false;
        };
        match zone {
            Zone::Keep => t == Terrain::Building(Building::Keep),
            Zone::Manor => t == Terrain::Building(Building::Manor),
            Zone::Monastery => t == Terrain::Building(Building::Monastery),
            Zone::KeepHill => t == Terrain::KeepHill,
            Zone::ManorEnclosure => t == Terrain::ManorEnclosure,
            Zone::Building => t.is_building(),
            Zone::Farmland => matches!(t, Terrain::Farmland { .. }),
            Zone::NextToBuilding => {
                !t.is_building()
                    && t != Terrain::Sea
                    && self
                        .grid
                        .neighbours(h)
                        .any(|n| self.terrain(n).is_some_and(|t| t.is_building()))
            }
        }
    }
}

pub fn data() -> &'static FuryData {
    static DATA: OnceLock<FuryData> = OnceLock::new();
    DATA.get_or_init(|| match load() {
        Ok(d) => d,
        // The data is compiled in and checked by tests; a failure here is a build defect.
        Err(e) => panic!("embedded Fury data is invalid: {e}"),
    })
}

#[derive(Deserialize)]
struct MapFile {
    cols: i16,
    rows: i16,
    sea: Vec<String>,
    coastline: Vec<String>,
    buildings: BTreeMap<String, Vec<String>>,
    starred_buildings: Vec<String>,
    keep_hill: Vec<String>,
    manor_enclosure: Vec<String>,
    farmland_starred: Vec<String>,
    farmland: Vec<String>,
    woods: Vec<String>,
    roads: Vec<Vec<String>>,
}

#[derive(Deserialize)]
struct UnitsFile {
    kinds: BTreeMap<String, Stats>,
}

#[derive(Deserialize)]
struct TablesFile {
    crt: CrtFile,
    capture: CaptureFile,
    #[serde(flatten)]
    rest: Tables,
}

#[derive(Deserialize)]
struct CrtFile {
    rows: Vec<Vec<CrtResult>>,
}

#[derive(Deserialize)]
struct CaptureFile {
    rows: Vec<Vec<String>>,
}

#[derive(Deserialize)]
struct ScenariosFile {
    scenarios: Vec<ScenarioFile>,
    fixed_setup: BTreeMap<String, serde_json::Value>,
    free_setup: BTreeMap<String, serde_json::Value>,
}

#[derive(Deserialize)]
struct ScenarioFile {
    id: String,
    name: String,
    summary: String,
    ships: u8,
    ship_capacity: Option<u8>,
    mobility_lock: bool,
    women_and_animals: bool,
    capture_eliminates: bool,
    treasure_removed: bool,
    victory: VictoryRule,
    ships_lost_for_auto_win: Option<u8>,
    viking: BTreeMap<String, u8>,
    villager: BTreeMap<String, u8>,
}

#[derive(Deserialize)]
struct FreeSetupFile {
    zones: Vec<Zone>,
    default: Vec<String>,
}

fn load() -> Result<FuryData, String> {
    let map: MapFile = serde_json::from_str(MAP_JSON).map_err(|e| format!("map.json: {e}"))?;
    let grid = HexGrid::new(map.cols, map.rows, LowColumns::Even, HexLabels::ColRow4);
    let hex = |s: &String| grid.parse(s).ok_or(format!("bad hex {s}"));
    let hexes = |v: &Vec<String>| v.iter().map(hex).collect::<Result<Vec<Hex>, String>>();

    let mut terrain = vec![Terrain::Clear; grid.len()];
    let mut set = |list: &Vec<String>, t: Terrain| -> Result<(), String> {
        for h in hexes(list)? {
            let i = grid.index(h).ok_or("off map")?;
            if terrain[i] != Terrain::Clear {
                return Err(format!("hex {h} listed twice"));
            }
            terrain[i] = t;
        }
        Ok(())
    };
    set(&map.sea, Terrain::Sea)?;
    set(&map.coastline, Terrain::Coastline)?;
    set(&map.keep_hill, Terrain::KeepHill)?;
    set(&map.manor_enclosure, Terrain::ManorEnclosure)?;
    set(&map.farmland_starred, Terrain::Farmland { starred: true })?;
    set(&map.farmland, Terrain::Farmland { starred: false })?;
    set(&map.woods, Terrain::Woods)?;
    let starred: Vec<Hex> = hexes(&map.starred_buildings)?;
    for (name, list) in &map.buildings {
        for h in hexes(list)? {
            let b = match name.as_str() {
                "keep" => Building::Keep,
                "manor" => Building::Manor,
                "church" => Building::Church,
                "monastery" => Building::Monastery,
                "stables" => Building::Stables,
                "granary" => Building::Granary,
                "house" => Building::House {
                    starred: starred.contains(&h),
                },
                other => return Err(format!("unknown building {other}")),
            };
            let i = grid.index(h).ok_or("off map")?;
            if terrain[i] != Terrain::Clear {
                return Err(format!("hex {h} listed twice"));
            }
            terrain[i] = Terrain::Building(b);
        }
    }
    let mut road_links = Vec::new();
    for road in &map.roads {
        let road = hexes(road)?;
        for pair in road.windows(2) {
            if grid.distance(pair[0], pair[1]) != 1 {
                return Err(format!("road step {}-{} not adjacent", pair[0], pair[1]));
            }
            let (a, b) = (
                grid.index(pair[0]).unwrap_or(0),
                grid.index(pair[1]).unwrap_or(0),
            );
            road_links.push((a as u16, b as u16));
            road_links.push((b as u16, a as u16));
        }
    }
    road_links.sort_unstable();
    road_links.dedup();
    let coastline = hexes(&map.coastline)?;

    let units: UnitsFile =
        serde_json::from_str(UNITS_JSON).map_err(|e| format!("units.json: {e}"))?;
    let mut stats = BTreeMap::new();
    for (key, s) in units.kinds {
        let kind = Kind::from_key(&key).ok_or(format!("unknown kind {key}"))?;
        stats.insert(kind, s);
    }
    for k in Kind::ALL {
        if !stats.contains_key(&k) {
            return Err(format!("units.json lacks {}", k.key()));
        }
    }

    let tables: TablesFile =
        serde_json::from_str(TABLES_JSON).map_err(|e| format!("tables.json: {e}"))?;
    let mut crt = [[CrtResult::AE; 7]; 6];
    if tables.crt.rows.len() != 6 {
        return Err("CRT needs 6 rows".into());
    }
    for (r, row) in tables.crt.rows.iter().enumerate() {
        if row.len() != 7 {
            return Err("CRT rows need 7 columns".into());
        }
        crt[r].copy_from_slice(row);
    }
    let mut capture_table = [[false; 4]; 6];
    if tables.capture.rows.len() != 6 {
        return Err("capture table needs 6 rows".into());
    }
    for (r, row) in tables.capture.rows.iter().enumerate() {
        if row.len() != 4 {
            return Err("capture rows need 4 columns".into());
        }
        for (c, cell) in row.iter().enumerate() {
            capture_table[r][c] = match cell.as_str() {
                "CAP" => true,
                "--" => false,
                other => return Err(format!("capture cell {other}")),
            };
        }
    }

    let sf: ScenariosFile =
        serde_json::from_str(SCENARIOS_JSON).map_err(|e| format!("scenarios.json: {e}"))?;
    let roster = |m: &BTreeMap<String, u8>| -> Result<BTreeMap<Kind, u8>, String> {
        m.iter()
            .map(|(k, n)| Ok((Kind::from_key(k).ok_or(format!("unknown kind {k}"))?, *n)))
            .collect()
    };
    let mut scenarios = Vec::new();
    for s in sf.scenarios {
        scenarios.push(Scenario {
            viking: roster(&s.viking)?,
            villager: roster(&s.villager)?,
            id: s.id,
            name: s.name,
            summary: s.summary,
            ships: s.ships,
            ship_capacity: s.ship_capacity,
            mobility_lock: s.mobility_lock,
            women_and_animals: s.women_and_animals,
            capture_eliminates: s.capture_eliminates,
            treasure_removed: s.treasure_removed,
            victory: s.victory,
            ships_lost_for_auto_win: s.ships_lost_for_auto_win,
        });
    }
    let mut fixed_setup = BTreeMap::new();
    for (k, v) in sf.fixed_setup {
        if k.starts_with('_') {
            continue;
        }
        let list: Vec<String> = serde_json::from_value(v).map_err(|e| e.to_string())?;
        fixed_setup.insert(k, hexes(&list)?);
    }
    let mut free_setup = BTreeMap::new();
    let mut monastery_treasure = None;
    for (k, v) in sf.free_setup {
        if k.starts_with('_') {
            continue;
        }
        let f: FreeSetupFile = serde_json::from_value(v).map_err(|e| e.to_string())?;
        let fs = FreeSetup {
            zones: f.zones,
            default: hexes(&f.default)?,
        };
        if k == "treasure" {
            monastery_treasure = Some(fs);
        } else {
            let kind = Kind::from_key(&k).ok_or(format!("unknown kind {k}"))?;
            free_setup.insert(kind, fs);
        }
    }
    let mut d = FuryData {
        grid,
        terrain,
        road_links,
        coastline,
        stats: Kind::ALL
            .iter()
            .map(|k| {
                stats
                    .remove(k)
                    .ok_or(format!("units.json lacks {}", k.key()))
            })
            .collect::<Result<Vec<Stats>, String>>()?,
        crt,
        capture_table,
        scenarios,
        fixed_setup,
        free_setup,
        monastery_treasure: monastery_treasure.ok_or("free_setup lacks treasure")?,
        tables: tables.rest,
        zone_hexes: BTreeMap::new(),
        monastery_treasure_hexes: Vec::new(),
        neighbour_index: Vec::new(),
    };
    d.neighbour_index = (0..d.grid.len())
        .map(|i| {
            d.grid
                .neighbours(d.grid.hex_at(i))
                .filter_map(|n| d.grid.index(n).map(|j| j as u16))
                .collect()
        })
        .collect();
    let in_zones = |d: &FuryData, zones: &[Zone]| -> Vec<Hex> {
        d.grid
            .hexes()
            .filter(|h| zones.iter().any(|z| d.in_zone(*h, *z)))
            .collect()
    };
    d.zone_hexes = d
        .free_setup
        .iter()
        .map(|(k, f)| (*k, in_zones(&d, &f.zones)))
        .collect();
    d.monastery_treasure_hexes = in_zones(&d, &d.monastery_treasure.zones);
    Ok(d)
}
