//! The Fury board for the scene (issue 11): every hex of the village map as a polygon
//! with its terrain and building, the roads, every unit on the map as a counter showing
//! its values, the Vikings still aboard and the Villagers not yet placed in trays below
//! the map, and Ships, Fires and sacked Buildings as markers. How it looks (sizes,
//! tints, side colours, the short names) is data: `core/data/fury/scene.json`.

use super::data::{data, Building, Terrain};
use super::state::{FuryState, Place, UnitId};
use super::units::{unit_names, Kind, Side};
use super::FuryView;
use crate::board::Hex;
use crate::engine::scene::{Board, Caption, Cell, Line, Marker, Piece, Point, Rgb, SideKey};
use crate::engine::Game;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

const SCENE_JSON: &str = include_str!("../../../data/fury/scene.json");

#[derive(Deserialize)]
struct TerrainLook {
    fill: String,
    name: String,
    /// A word drawn in every hex of the terrain (the star of starred Farmland, where
    /// the Animals set up: 3.3).
    #[serde(default)]
    caption: Option<String>,
}

#[derive(Deserialize)]
struct RoadLook {
    colour: String,
    width: f32,
}

#[derive(Deserialize)]
struct SideLook {
    fill: String,
    ink: String,
}

#[derive(Deserialize)]
struct LookFile {
    hex_radius: f32,
    counter: f32,
    terrain: BTreeMap<String, TerrainLook>,
    road: RoadLook,
    buildings: BTreeMap<String, String>,
    sides: BTreeMap<String, SideLook>,
    markers: BTreeMap<String, String>,
    titles: BTreeMap<String, String>,
}

/// The look, with every colour read and every key the board needs present.
struct Look {
    radius: f32,
    counter: f32,
    terrain: BTreeMap<String, (Rgb, String, Option<String>)>,
    road: (Rgb, f32),
    buildings: BTreeMap<String, String>,
    sides: BTreeMap<String, (Rgb, Rgb)>,
    markers: BTreeMap<String, Rgb>,
    titles: BTreeMap<String, String>,
}

fn colour(text: &str) -> Result<Rgb, String> {
    Rgb::parse(text).ok_or_else(|| format!("'{text}' is not a #rrggbb colour"))
}

fn read_look(json: &str) -> Result<Look, String> {
    let file: LookFile = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let mut terrain = BTreeMap::new();
    for (key, t) in file.terrain {
        terrain.insert(key, (colour(&t.fill)?, t.name, t.caption));
    }
    let mut sides = BTreeMap::new();
    for (key, s) in file.sides {
        sides.insert(key, (colour(&s.fill)?, colour(&s.ink)?));
    }
    let mut markers = BTreeMap::new();
    for (key, c) in file.markers {
        markers.insert(key, colour(&c)?);
    }
    let look = Look {
        radius: file.hex_radius,
        counter: file.counter,
        terrain,
        road: (colour(&file.road.colour)?, file.road.width),
        buildings: file.buildings,
        sides,
        markers,
        titles: file.titles,
    };
    check_look(&look)?;
    Ok(look)
}

/// Every key the drawing looks up, so that drawing never meets a missing one.
fn check_look(look: &Look) -> Result<(), String> {
    let need = |map_has: bool, what: String| if map_has { Ok(()) } else { Err(what) };
    for key in TERRAIN_KEYS {
        need(look.terrain.contains_key(key), format!("terrain '{key}'"))?;
    }
    for key in BUILDING_KEYS {
        need(
            look.buildings.contains_key(key),
            format!("building '{key}'"),
        )?;
    }
    for key in ["viking", "villager", "treasure"] {
        need(look.sides.contains_key(key), format!("side '{key}'"))?;
    }
    for key in ["ship", "wreck", "fire", "sacked"] {
        need(look.markers.contains_key(key), format!("marker '{key}'"))?;
    }
    for kind in Kind::ALL {
        need(
            look.titles.contains_key(kind.key()),
            format!("title of '{}'", kind.key()),
        )?;
    }
    Ok(())
}

fn look() -> &'static Look {
    static LOOK: OnceLock<Look> = OnceLock::new();
    // The file is embedded and `fury_scene_data_reads` checks it, so this cannot fail
    // in a build whose tests passed.
    LOOK.get_or_init(|| read_look(SCENE_JSON).expect("core/data/fury/scene.json"))
}

const TERRAIN_KEYS: [&str; 9] = [
    "clear",
    "sea",
    "coastline",
    "farmland",
    "farmland_starred",
    "woods",
    "keep_hill",
    "manor_enclosure",
    "building",
];

const BUILDING_KEYS: [&str; 8] = [
    "keep",
    "manor",
    "church",
    "monastery",
    "stables",
    "granary",
    "house",
    "house_starred",
];

fn terrain_key(t: Terrain) -> &'static str {
    match t {
        Terrain::Clear => "clear",
        Terrain::Sea => "sea",
        Terrain::Coastline => "coastline",
        Terrain::Farmland { starred: false } => "farmland",
        Terrain::Farmland { starred: true } => "farmland_starred",
        Terrain::Woods => "woods",
        Terrain::KeepHill => "keep_hill",
        Terrain::ManorEnclosure => "manor_enclosure",
        Terrain::Building(_) => "building",
    }
}

fn building_key(b: Building) -> &'static str {
    match b {
        Building::Keep => "keep",
        Building::Manor => "manor",
        Building::Church => "church",
        Building::Monastery => "monastery",
        Building::Stables => "stables",
        Building::Granary => "granary",
        Building::House { starred: false } => "house",
        Building::House { starred: true } => "house_starred",
    }
}

fn point((x, y): (f32, f32)) -> Point {
    Point::new(x, y)
}

/// The board as the view shows it: Fury hides nothing (3.0), so every seat sees the same.
pub fn board(view: &FuryView) -> Board {
    let state = &view.state;
    let look = look();
    let grid = &data().grid;
    let (width, map_height) = grid.drawn_extent(look.radius);
    let mut board = Board {
        width,
        height: map_height,
        show_labels: true,
        ..Board::default()
    };
    // The map itself never changes: its cells and roads are made once, and only what
    // the state adds to a hex's speech is written here.
    let (cells, roads) = map(look);
    board.cells = cells.clone();
    board.lines = roads.clone();
    // Which units stand in each hex (by the grid's index), in one pass over the units.
    let mut standing: Vec<Vec<UnitId>> = vec![Vec::new(); grid.len()];
    for id in state.ids() {
        if let Place::OnMap(hex) = state.unit(id).place {
            if let Some(i) = grid.index(hex) {
                standing[i].push(id);
            }
        }
    }
    for (i, hex) in grid.hexes().enumerate() {
        let fired = state.fired.contains(hex);
        let sacked = state.sacked.contains(hex);
        if let Some(cell) = board.cells.get_mut(i) {
            if fired {
                cell.speech.push_str(", on fire");
            }
            if sacked {
                cell.speech.push_str(", sacked");
            }
        }
        if fired || sacked || state.ships.iter().any(|s| s.hex == Some(hex)) {
            markers_at(state, look, hex, &mut board.markers);
        }
        if !standing[i].is_empty() {
            stack_at(state, look, hex, &standing[i], &mut board.pieces);
        }
    }
    board.height = trays(state, look, width, map_height, &mut board);
    for (key, name) in [
        ("viking", Side::Viking.name()),
        ("villager", Side::Villager.name()),
        ("treasure", "Treasure"),
    ] {
        board.sides.push(SideKey {
            name: name.to_string(),
            fill: look.sides[key].0,
        });
    }
    board.status = status(state);
    board
}

/// Every hex of the map as a cell, in the grid's order, and the roads: the same for
/// every state.
fn map(look: &'static Look) -> &'static (Vec<Cell>, Vec<Line>) {
    static MAP: OnceLock<(Vec<Cell>, Vec<Line>)> = OnceLock::new();
    MAP.get_or_init(|| {
        let cells = data().grid.hexes().map(|hex| cell(look, hex)).collect();
        (cells, roads(look))
    })
}

/// A hex as drawn, with what a screen reader says of it before the state adds a Fire
/// or a sack.
fn cell(look: &Look, hex: Hex) -> Cell {
    let grid = &data().grid;
    let label = grid.label(hex);
    let terrain = data().terrain(hex).unwrap_or(Terrain::Clear);
    let (fill, terrain_name, terrain_caption) = &look.terrain[terrain_key(terrain)];
    let caption = match terrain {
        Terrain::Building(b) => Some(look.buildings[building_key(b)].clone()),
        _ => terrain_caption.clone(),
    };
    let speech = format!("{label}, {}", caption.as_deref().unwrap_or(terrain_name));
    Cell {
        label,
        outline: grid
            .drawn_corners(hex, look.radius)
            .into_iter()
            .map(point)
            .collect(),
        parts: Vec::new(),
        centre: point(grid.drawn_centre(hex, look.radius)),
        label_at: None,
        terrain: terrain_key(terrain).to_string(),
        fill: *fill,
        caption,
        speech,
    }
}

/// Each road link (GAP-22) as a segment from hex centre to hex centre.
fn roads(look: &Look) -> Vec<Line> {
    let grid = &data().grid;
    let mut out = Vec::new();
    for a in grid.hexes() {
        for b in grid.neighbours(a) {
            if a < b && data().is_road_link(a, b) {
                out.push(Line {
                    kind: "road".into(),
                    points: vec![
                        point(grid.drawn_centre(a, look.radius)),
                        point(grid.drawn_centre(b, look.radius)),
                    ],
                    colour: look.road.0,
                    width: look.road.1,
                });
            }
        }
    }
    out
}

fn markers_at(state: &FuryState, look: &Look, hex: Hex, out: &mut Vec<Marker>) {
    let grid = &data().grid;
    let label = grid.label(hex);
    let (cx, cy) = grid.drawn_centre(hex, look.radius);
    let r = look.radius;
    let small = r * 0.45;
    for ship in state.ships.iter().filter(|s| s.hex == Some(hex)) {
        let (kind, text, speech) = if ship.destroyed {
            (
                "wreck",
                "wreck".to_string(),
                format!("the wreck of a Ship at {label}"),
            )
        } else {
            (
                "ship",
                "Ship".to_string(),
                format!(
                    "a Ship at {label}: {} landed from it, {} re-embarked (12.1)",
                    ship.landed, ship.embarked
                ),
            )
        };
        out.push(Marker {
            cell: Some(label.clone()),
            at: Point::new(cx, cy - r * 0.68),
            size: small,
            kind: kind.into(),
            text,
            fill: look.markers[kind],
            speech,
        });
    }
    if state.fired.contains(hex) {
        out.push(Marker {
            cell: Some(label.clone()),
            at: Point::new(cx - r * 0.5, cy + r * 0.62),
            size: small,
            kind: "fire".into(),
            text: "Fire".into(),
            fill: look.markers["fire"],
            speech: format!("a Fire at {label} (10.0)"),
        });
    }
    if state.sacked.contains(hex) {
        out.push(Marker {
            cell: Some(label.clone()),
            at: Point::new(cx + r * 0.5, cy + r * 0.62),
            size: small,
            kind: "sacked".into(),
            text: "Sacked".into(),
            fill: look.markers["sacked"],
            speech: format!("the Building at {label} is sacked (9.2)"),
        });
    }
}

/// The units standing in a hex, Vikings first, each counter a little up and left of
/// the one under it, so that every counter shows an edge to tap and the top one shows
/// all its values.
fn stack_at(state: &FuryState, look: &Look, hex: Hex, standing: &[UnitId], out: &mut Vec<Piece>) {
    let mut ids = standing.to_vec();
    ids.sort_by_key(|&id| (state.unit(id).side() != Side::Viking, id));
    let grid = &data().grid;
    let label = grid.label(hex);
    let (cx, cy) = grid.drawn_centre(hex, look.radius);
    let n = ids.len();
    let step = if n > 1 {
        (look.radius * 0.6 / (n - 1) as f32).min(look.radius * 0.15)
    } else {
        0.0
    };
    let spread = step * (n - 1) as f32;
    for (i, &id) in ids.iter().enumerate() {
        // The bottom counter sits down and right, the top one up and left.
        let offset = spread / 2.0 - step * i as f32;
        let at = Point::new(cx + offset, cy + offset);
        out.push(counter(state, look, id, &label, at));
    }
    // Captives and loot (5.6) as small counters in a row along the hex's lower edge,
    // over the stack, so each can be tapped to hand over or abandon it. Each shows its
    // kind's title alone ("Animal"), with no values: the painter fits it to the smaller
    // counter, and a person reads what is carried, never a code.
    let held: Vec<UnitId> = ids.iter().flat_map(|&id| state.held_by(id)).collect();
    let small = look.counter * 0.6;
    // Side by side while they fit across the hex, overlapping beyond that.
    let row = (small * 1.05).min(look.radius * 1.6 / held.len().max(1) as f32);
    let first = cx - row * (held.len() as f32 - 1.0) / 2.0;
    for (i, &id) in held.iter().enumerate() {
        let at = Point::new(first + row * i as f32, cy + look.radius * 0.7);
        let mut piece = counter(state, look, id, &label, at);
        piece.size = small;
        piece.values.clear();
        if let Place::Held(escort) = state.unit(id).place {
            let escort = state.unit(escort);
            let by = format!("held by {} {}", escort.side().name(), escort.kind.name());
            piece.speech.push_str(&format!(", {by}"));
            piece.flags.push(by);
        }
        out.push(piece);
    }
}

/// Vikings still aboard the fleet (5.8) and Villagers not yet placed (3.3), in rows
/// below the map; returns the board's new height.
fn trays(state: &FuryState, look: &Look, width: f32, top: f32, board: &mut Board) -> f32 {
    let c = look.counter;
    let gap = c * 0.25;
    let title = c * 0.4;
    let per_row = ((width - gap) / (c + gap)).floor().max(1.0) as usize;
    let mut y = top + gap;
    for (place, tray, name) in [
        (Place::Aboard, "aboard", "Aboard the fleet (5.8)"),
        (Place::Unplaced, "unplaced", "Not yet placed (3.3)"),
    ] {
        let ids: Vec<UnitId> = state
            .ids()
            .filter(|&id| state.unit(id).place == place)
            .collect();
        if ids.is_empty() {
            continue;
        }
        y += title;
        board.captions.push(Caption {
            at: Point::new(gap, y - title * 0.2),
            text: name.to_string(),
            size: title * 0.8,
        });
        let out = &mut board.pieces;
        for (i, &id) in ids.iter().enumerate() {
            let (row, col) = (i / per_row, i % per_row);
            let at = Point::new(
                gap + c / 2.0 + col as f32 * (c + gap),
                y + c / 2.0 + row as f32 * (c + gap),
            );
            out.push(counter(state, look, id, tray, at));
        }
        y += ids.len().div_ceil(per_row) as f32 * (c + gap);
    }
    y
}

fn counter(state: &FuryState, look: &Look, id: UnitId, cell: &str, at: Point) -> Piece {
    let unit = state.unit(id);
    let side_key = if unit.kind.is_treasure() {
        "treasure"
    } else {
        match unit.side() {
            Side::Viking => "viking",
            Side::Villager => "villager",
        }
    };
    let (fill, ink) = look.sides[side_key];
    let stats = data().stats(unit.kind);
    let mut flags = Vec::new();
    if unit.moved {
        flags.push("moved".to_string());
    }
    if unit.attacked {
        flags.push("attacked".to_string());
    }
    if state.is_stunned(id) {
        flags.push("stunned".to_string());
    }
    if unit.wrath_used {
        flags.push("wrath used".to_string());
    }
    if unit.must_leave {
        flags.push("must leave".to_string());
    }
    let held: Vec<Kind> = state.held_by(id).map(|h| state.unit(h).kind).collect();
    if !held.is_empty() {
        flags.push(format!("holds {}", unit_names(held)));
    }
    // The code stays the piece's identity for taps; people hear its side and kind.
    let code = unit.code();
    let mut speech = format!(
        "{} {}, {}",
        unit.side().name(),
        stats.name,
        values_spoken(stats)
    );
    for flag in &flags {
        speech.push_str(", ");
        speech.push_str(flag);
    }
    Piece {
        code,
        cell: cell.to_string(),
        at,
        size: look.counter,
        fill,
        ink,
        title: look.titles[unit.kind.key()].clone(),
        values: values(stats),
        flags,
        speech,
    }
}

/// What the counter prints: attack (archery in brackets)-defence-movement, as the
/// rulebook writes Regular Infantry's 2(2)-2-3 (7.4), then a Capture value as `c3` for
/// the Villager Leaders, Women and Animals (8.1); nothing for Treasure.
fn values(stats: &super::units::Stats) -> String {
    let fight = match (stats.attack, stats.archery, stats.defense) {
        (Some(a), Some(r), Some(d)) => Some(format!("{a}({r})-{d}")),
        (Some(a), None, Some(d)) => Some(format!("{a}-{d}")),
        _ => None,
    };
    match (fight, stats.capture, stats.ma) {
        (_, _, 0) => String::new(),
        (Some(f), Some(c), m) => format!("{f}-{m} c{c}"),
        (Some(f), None, m) => format!("{f}-{m}"),
        (None, Some(c), m) => format!("c{c}-{m}"),
        (None, None, m) => format!("{m}"),
    }
}

fn values_spoken(stats: &super::units::Stats) -> String {
    let mut parts = Vec::new();
    if let Some(a) = stats.attack {
        parts.push(format!("attack {a}"));
    }
    if let Some(r) = stats.archery {
        parts.push(format!("archery {r}"));
    }
    if let Some(d) = stats.defense {
        parts.push(format!("defence {d}"));
    }
    if let Some(c) = stats.capture {
        parts.push(format!("capture {c}"));
    }
    if stats.ma > 0 {
        parts.push(format!("movement {}", stats.ma));
    }
    if parts.is_empty() {
        "carried as loot".to_string()
    } else {
        parts.join(" ")
    }
}

/// Turn and phase, then the victory figures now, each with its rule.
fn status(state: &FuryState) -> Vec<String> {
    let mut out = vec![super::Fury::progress(state)];
    if let Some(finish) = &state.finish {
        out.push(format!("{}: {}", finish.result, finish.detail));
    }
    for s in super::Fury::standing(state) {
        let who = s
            .seat
            .and_then(Side::of_seat)
            .map_or(String::new(), |side| format!("{} ", side.name()));
        out.push(format!("{who}{} {} ({})", s.key, s.value, s.rule));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;
    use crate::games::fury::Fury;

    #[test]
    fn fury_scene_data_reads() {
        let look = read_look(SCENE_JSON).expect("scene.json reads");
        assert_eq!(look.radius, 40.0);
        let broken = SCENE_JSON.replace("\"woods\":", "\"forest\":");
        assert_eq!(
            read_look(&broken).err(),
            Some("terrain 'woods'".to_string())
        );
    }

    #[test]
    fn fury_scene_every_hex_and_unit_on_the_map_is_drawn() {
        let state = Fury::setup(&Fury::options("basic").unwrap(), 1);
        let board = board(&FuryView {
            state: state.clone(),
        });
        assert_eq!(board.cells.len(), 20 * 22);
        let church = board.cells.iter().find(|c| c.label == "0814").unwrap();
        assert_eq!(church.caption.as_deref(), Some("Church"));
        assert_eq!(church.outline.len(), 6);
        // Every unit on the map (held ones too) or waiting in a tray is a piece, once.
        let drawn = state
            .ids()
            .filter(|&id| {
                matches!(
                    state.unit(id).place,
                    Place::OnMap(_) | Place::Held(_) | Place::Aboard | Place::Unplaced
                )
            })
            .count();
        assert_eq!(board.pieces.len(), drawn);
        assert!(board.height > data().grid.drawn_extent(40.0).1);
    }

    #[test]
    fn fury_scene_counters_show_the_printed_values() {
        let stats = |k| data().stats(k);
        assert_eq!(values(stats(Kind::Infantry)), "4-3-4");
        assert_eq!(values(stats(Kind::Regular)), "2(2)-2-3");
        assert_eq!(values(stats(Kind::Knight)), "0-0-4 c3");
        assert_eq!(values(stats(Kind::Woman)), "c1-3");
        assert_eq!(values(stats(Kind::Treasure)), "");
    }

    /// 5.6: what a Viking holds is drawn as small counters under his, each showing its
    /// kind's title and no values, side by side within the hex; the flags and the
    /// speech name kinds, never codes.
    #[test]
    fn fury_5_6_held_counters_show_their_kinds_under_the_escort() {
        let mut s = Fury::setup(&Fury::options("basic").unwrap(), 1);
        let hex = data().grid.parse("0803").expect("hex 0803");
        let vi01 = s.find_code("VI01").expect("VI01");
        s.unit_mut(vi01).place = Place::OnMap(hex);
        for code in ["TR01", "AN03"] {
            let id = s.find_code(code).expect(code);
            s.unit_mut(id).place = Place::Held(vi01);
        }
        let board = board(&FuryView { state: s });
        let piece = |code: &str| board.pieces.iter().find(|p| p.code == code).unwrap();
        let escort = piece("VI01");
        assert_eq!(escort.flags, ["holds Animal and Treasure"]);
        assert_eq!(
            escort.speech,
            "Viking Infantry, attack 4 defence 3 movement 4, holds Animal and Treasure"
        );
        let (tr, an) = (piece("TR01"), piece("AN03"));
        for (held, title) in [(tr, "Treas"), (an, "Animal")] {
            assert_eq!(held.title, title);
            assert_eq!(held.values, "");
            assert_eq!(held.flags, ["held by Viking Infantry"]);
            assert!(held.speech.ends_with(", held by Viking Infantry"));
            assert_eq!(held.cell, "0803");
            assert_eq!(held.size, 24.0);
            assert!(held.at.y > escort.at.y + 20.0);
        }
        assert_eq!(an.at.y, tr.at.y);
        assert!(
            (an.at.x - tr.at.x).abs() >= 24.0,
            "side by side, not overlapping"
        );
        assert!(((tr.at.x + an.at.x) / 2.0 - escort.at.x).abs() < 0.01);
    }
}
