//! The 878 board for the scene (issue 11): every shire as its outline from
//! `core/data/v878/shapes.json` (England drawn from Natural Earth's coastline by
//! `tools/v878-shapes/`), tinted by kingdom, marsh shires darker and hatched, the four
//! sea zones and the land off the board; one counter per faction in a shire showing how
//! many units it has there (878 counts units, it has no individual counters), each
//! Leader on the map as his own piece showing the units on his card, Viking Control
//! Markers on the cities, and the Round, Turn, phase and Victory Track beside the map.
//! Everything on the map is public (brief §4.2). The hand lists only the cards of the
//! hands the view's seats may see (`view::sees_hand`), each with what it does; of any
//! other hand only its size shows, in the status lines; no deck is read.
//!
//! How it looks (tints, faction colours, sizes) is data: `core/data/v878/scene.json`;
//! what each card does, in our own words, is `core/data/v878/card_texts.json`.

use super::data::{data, CardKind, Faction, Kingdom, Sea, Side};
use super::notation::leader_name;
use super::render::{leader_title, plural, roman};
use super::state::{LeaderPlace, Pending, V878State, FYRD, UNKNOWN};
use super::view::sees_hand;
use super::V878View;
use crate::board::area::AreaId;
use crate::engine::scene::{
    Board, Caption, Cell, HandCard, Line, Marker, Piece, Point, Rgb, SideKey,
};
use crate::engine::{Game, Seat};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

const SHAPES_JSON: &str = include_str!("../../../data/v878/shapes.json");
const SCENE_JSON: &str = include_str!("../../../data/v878/scene.json");
const CARD_TEXTS_JSON: &str = include_str!("../../../data/v878/card_texts.json");

// ---------------------------------------------------------------------------------------
// The outlines

/// One area of shapes.json: its polygons, largest first (the rest are islands), and
/// where its name, its town and its pieces go.
#[derive(Deserialize)]
struct AreaShape {
    polygons: Vec<Vec<[f32; 2]>>,
    label: [f32; 2],
    #[serde(default)]
    town: Option<[f32; 2]>,
    #[serde(default)]
    pieces: Option<[f32; 2]>,
    #[serde(default)]
    name: Option<String>,
}

#[derive(Deserialize)]
struct ShapesFile {
    width: f32,
    height: f32,
    shires: BTreeMap<String, AreaShape>,
    off_board: BTreeMap<String, AreaShape>,
    seas: BTreeMap<String, AreaShape>,
    other_land: Vec<Vec<[f32; 2]>>,
}

/// The outlines, with every shire and sea of the map present and every polygon usable.
struct Shapes {
    width: f32,
    height: f32,
    /// By `AreaId`.
    shires: Vec<AreaShape>,
    /// By `Sea as usize`.
    seas: Vec<AreaShape>,
    off_board: Vec<(String, AreaShape)>,
    other_land: Vec<Vec<[f32; 2]>>,
}

fn read_shapes(json: &str) -> Result<Shapes, String> {
    let mut file: ShapesFile = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let d = data();
    let mut shires = Vec::new();
    for id in d.ids() {
        let key = &d.shire(id).ok_or("a shire id without a shire")?.id;
        let shape = file
            .shires
            .remove(key)
            .ok_or_else(|| format!("no outline for shire '{key}'"))?;
        shires.push(shape);
    }
    if let Some(extra) = file.shires.keys().next() {
        return Err(format!("an outline for '{extra}', which is no shire"));
    }
    let mut seas = Vec::new();
    for sea in Sea::ALL {
        let shape = file
            .seas
            .remove(sea.key())
            .ok_or_else(|| format!("no outline for the sea '{}'", sea.key()))?;
        seas.push(shape);
    }
    let areas = shires
        .iter()
        .chain(&seas)
        .chain(file.off_board.values())
        .flat_map(|a| &a.polygons);
    for polygon in areas.chain(&file.other_land) {
        if polygon.len() < 3 {
            return Err("a polygon with fewer than 3 corners".into());
        }
    }
    if shires.iter().chain(&seas).any(|a| a.polygons.is_empty()) {
        return Err("an area without a polygon".into());
    }
    Ok(Shapes {
        width: file.width,
        height: file.height,
        shires,
        seas,
        off_board: file.off_board.into_iter().collect(),
        other_land: file.other_land,
    })
}

fn shapes() -> &'static Shapes {
    static SHAPES: OnceLock<Shapes> = OnceLock::new();
    // Embedded, and `v878_scene_data_reads` checks it: this cannot fail in a build
    // whose tests passed.
    SHAPES.get_or_init(|| read_shapes(SHAPES_JSON).expect("core/data/v878/shapes.json"))
}

// ---------------------------------------------------------------------------------------
// The look

#[derive(Deserialize)]
struct TintLook {
    fill: String,
    marsh: String,
}

#[derive(Deserialize)]
struct CounterLook {
    fill: String,
    ink: String,
    #[serde(default)]
    title: String,
}

#[derive(Deserialize)]
struct StrokeLook {
    colour: String,
    width: f32,
}

#[derive(Deserialize)]
struct LookFile {
    counter: f32,
    leader: f32,
    kingdoms: BTreeMap<String, TintLook>,
    sea: String,
    off_board: String,
    marsh_line: StrokeLook,
    factions: BTreeMap<String, CounterLook>,
    leaders: BTreeMap<String, CounterLook>,
    markers: BTreeMap<String, String>,
    /// Where a shire's name goes when its own point would put it under the markers
    /// on its town (by shire id).
    #[serde(default)]
    names_at: BTreeMap<String, [f32; 2]>,
}

struct Look {
    counter: f32,
    leader: f32,
    /// Plain and marsh tints, by `Kingdom as usize`.
    kingdoms: Vec<(Rgb, Rgb)>,
    sea: Rgb,
    off_board: Rgb,
    marsh_line: (Rgb, f32),
    /// Fill, ink and title by unit kind (`Troops` order: the factions, then the Fyrd).
    units: Vec<(Rgb, Rgb, String)>,
    /// By side: English, Viking.
    leaders: [(Rgb, Rgb); 2],
    markers: BTreeMap<String, Rgb>,
    /// By `AreaId`: where the shire's name goes, when not at its label point.
    names_at: Vec<Option<Point>>,
}

const MARKER_KEYS: [&str; 4] = ["city", "control", "blocked", "battle"];

fn colour(text: &str) -> Result<Rgb, String> {
    Rgb::parse(text).ok_or_else(|| format!("'{text}' is not a #rrggbb colour"))
}

fn read_look(json: &str) -> Result<Look, String> {
    let file: LookFile = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let mut kingdoms = Vec::new();
    for k in Kingdom::ALL {
        let t = file
            .kingdoms
            .get(k.key())
            .ok_or_else(|| format!("kingdom '{}'", k.key()))?;
        kingdoms.push((colour(&t.fill)?, colour(&t.marsh)?));
    }
    let mut units = Vec::new();
    for key in Faction::ALL.iter().map(|f| f.key()).chain(["fyrd"]) {
        let c = file
            .factions
            .get(key)
            .ok_or_else(|| format!("faction '{key}'"))?;
        units.push((colour(&c.fill)?, colour(&c.ink)?, c.title.clone()));
    }
    let leader = |key: &str| -> Result<(Rgb, Rgb), String> {
        let c = file
            .leaders
            .get(key)
            .ok_or_else(|| format!("leaders of side '{key}'"))?;
        Ok((colour(&c.fill)?, colour(&c.ink)?))
    };
    let leaders = [leader(Side::English.key())?, leader(Side::Viking.key())?];
    let mut markers = BTreeMap::new();
    for key in MARKER_KEYS {
        let c = file
            .markers
            .get(key)
            .ok_or_else(|| format!("marker '{key}'"))?;
        markers.insert(key.to_string(), colour(c)?);
    }
    let d = data();
    let mut names_at = vec![None; d.ids().count()];
    for (key, at) in &file.names_at {
        let id = d
            .ids()
            .find(|&id| d.shire(id).is_some_and(|s| &s.id == key))
            .ok_or_else(|| format!("a name place for '{key}', which is no shire"))?;
        names_at[id.0 as usize] = Some(point(*at));
    }
    Ok(Look {
        counter: file.counter,
        leader: file.leader,
        kingdoms,
        sea: colour(&file.sea)?,
        off_board: colour(&file.off_board)?,
        marsh_line: (colour(&file.marsh_line.colour)?, file.marsh_line.width),
        units,
        leaders,
        markers,
        names_at,
    })
}

fn look() -> &'static Look {
    static LOOK: OnceLock<Look> = OnceLock::new();
    LOOK.get_or_init(|| read_look(SCENE_JSON).expect("core/data/v878/scene.json"))
}

// ---------------------------------------------------------------------------------------
// What the cards do

#[derive(Deserialize)]
struct CardWords {
    title: String,
    text: String,
}

#[derive(Deserialize)]
struct CardTextFile {
    /// The word for one and for many.
    army: [String; 2],
    shire: [String; 2],
    movement: CardWords,
    treaty: CardWords,
    /// By event key (`cards.json`).
    events: BTreeMap<String, String>,
}

/// One faction card as the hand shows it.
struct CardText {
    kind: &'static str,
    title: String,
    text: String,
}

/// Every faction card's kind, title and text: by faction, then card number less one.
fn read_card_texts(json: &str) -> Result<Vec<Vec<CardText>>, String> {
    let mut file: CardTextFile = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let fill = |words: &CardWords, armies: u8, shires: u8| -> [String; 2] {
        let word = |w: &[String; 2], n: u8| w[usize::from(n != 1)].clone();
        [&words.title, &words.text].map(|t| {
            t.replace("{armies}", &armies.to_string())
                .replace("{shires}", &shires.to_string())
                .replace("{army}", &word(&file.army, armies))
                .replace("{shire}", &word(&file.shire, shires))
        })
    };
    let d = data();
    let mut out = Vec::new();
    for f in Faction::ALL {
        let mut cards = Vec::new();
        for card in d.cards(f) {
            let (kind, [title, text]) = match card.kind {
                CardKind::Movement { armies, shires } => {
                    ("movement", fill(&file.movement, armies, shires))
                }
                CardKind::Treaty { armies, shires } => {
                    ("treaty", fill(&file.treaty, armies, shires))
                }
                CardKind::Event { event, .. } => {
                    let text = file
                        .events
                        .get(event.key())
                        .ok_or_else(|| format!("no text for the event '{}'", event.key()))?;
                    ("event", [d.event_info(event).name.clone(), text.clone()])
                }
            };
            if text.trim().is_empty() {
                return Err(format!(
                    "an empty text for {} card {:02}",
                    f.key(),
                    card.number
                ));
            }
            cards.push(CardText { kind, title, text });
        }
        out.push(cards);
    }
    // A text for an event no card carries is a misspelt key.
    file.events.retain(|key, _| {
        !Faction::ALL.iter().any(|&f| {
            d.cards(f)
                .iter()
                .any(|c| c.kind.event().is_some_and(|e| e.key() == key))
        })
    });
    if let Some(extra) = file.events.keys().next() {
        return Err(format!("a text for '{extra}', which no card carries"));
    }
    Ok(out)
}

fn card_texts() -> &'static [Vec<CardText>] {
    static TEXTS: OnceLock<Vec<Vec<CardText>>> = OnceLock::new();
    // Embedded, and `v878_scene_every_card_has_a_text` checks it.
    TEXTS.get_or_init(|| read_card_texts(CARD_TEXTS_JSON).expect("core/data/v878/card_texts.json"))
}

/// The cards of every hand the view's seats may see, faction by faction in hand order.
fn hand(view: &V878View) -> Vec<HandCard> {
    let state = &view.state;
    let mut out = Vec::new();
    for f in Faction::ALL {
        if sees_hand(state, &view.seats, f) {
            out.extend(
                state
                    .faction(f)
                    .hand
                    .iter()
                    .filter_map(|&c| described(f, c)),
            );
        }
    }
    out
}

/// The Event cards a faction of the view may still pick for its Advanced deck while it
/// builds it (Setup 18): which ones are left tells its picks so far, so only the
/// picking faction's own view lists them.
fn offered(view: &V878View) -> Vec<HandCard> {
    let state = &view.state;
    let Some(&Pending::ChooseDeck { faction, .. }) = state.pending.first() else {
        return Vec::new();
    };
    if !view.seats.contains(&Seat(faction as u8)) {
        return Vec::new();
    }
    super::cards::pickable(state, faction)
        .into_iter()
        .filter_map(|c| described(faction, c))
        .collect()
}

/// A card of `f`'s as the scene shows it, with what it does; None for a card the view
/// does not know.
/// A faction card's title as its hand shows it ("Movement 3x3", "Saxon Navy").
pub fn card_title(f: Faction, c: u8) -> Option<&'static str> {
    let words = card_texts()
        .get(f as usize)?
        .get(usize::from(c).checked_sub(1)?)?;
    Some(words.title.as_str())
}

fn described(f: Faction, c: u8) -> Option<HandCard> {
    if c == UNKNOWN {
        return None;
    }
    let words = card_texts()
        .get(f as usize)?
        .get(usize::from(c).checked_sub(1)?)?;
    let code = format!("{c:02}");
    Some(HandCard {
        speech: format!(
            "{}'s card {code}, {}: {}",
            f.name(),
            words.title,
            words.text
        ),
        code,
        owner: f.key().to_string(),
        title: words.title.clone(),
        kind: words.kind.to_string(),
        text: words.text.clone(),
        tappable: false,
    })
}

// ---------------------------------------------------------------------------------------
// The board

fn point([x, y]: [f32; 2]) -> Point {
    Point::new(x, y)
}

fn outline(polygon: &[[f32; 2]]) -> Vec<Point> {
    polygon.iter().copied().map(point).collect()
}

/// The board as the view's seats see it; every part of it is public.
pub fn board(view: &V878View) -> Board {
    let state = &view.state;
    let shapes = shapes();
    let look = look();
    let mut board = Board {
        width: shapes.width,
        height: shapes.height,
        ..Board::default()
    };
    // Shires first, so that a tap finds a shire before anything drawn around it.
    for id in data().ids() {
        shire_cell(state, look, id, &mut board);
    }
    for sea in Sea::ALL {
        let shape = &shapes.seas[sea as usize];
        let naming = data().sea_naming(sea);
        board.cells.push(Cell {
            label: sea.key().to_string(),
            outline: outline(&shape.polygons[0]),
            parts: Vec::new(),
            centre: point(shape.label),
            label_at: None,
            terrain: "sea".into(),
            fill: look.sea,
            caption: Some(naming.modern.clone()),
            speech: format!("the {} ({}), a sea zone", naming.modern, naming.name),
        });
    }
    for (key, shape) in &shapes.off_board {
        let name = shape.name.clone().unwrap_or_else(|| key.clone());
        // Its islands (Anglesey) are cells of their own, each with its own label.
        for (i, polygon) in shape.polygons.iter().enumerate() {
            board.cells.push(Cell {
                label: if i == 0 {
                    key.clone()
                } else {
                    format!("{key}_{i}")
                },
                outline: outline(polygon),
                parts: Vec::new(),
                label_at: None,
                centre: if i == 0 {
                    point(shape.label)
                } else {
                    polygon_centre(polygon)
                },
                terrain: "off_board".into(),
                fill: look.off_board,
                caption: (i == 0).then(|| name.clone()),
                speech: format!("{name}, off the board"),
            });
        }
    }
    for (i, polygon) in shapes.other_land.iter().enumerate() {
        let centre = polygon_centre(polygon);
        board.cells.push(Cell {
            label: format!("off_board_{}", i + 1),
            outline: outline(polygon),
            parts: Vec::new(),
            centre,
            label_at: None,
            terrain: "off_board".into(),
            fill: look.off_board,
            caption: None,
            speech: "land off the board".into(),
        });
    }
    for id in data().ids() {
        markers_at(state, look, id, &mut board.markers);
        pieces_at(state, look, id, &mut board.pieces);
    }
    if let Some(battle) = state.battle {
        battle_marker(look, battle.shire, &mut board);
    }
    off_map_leaders(state, look, &mut board);
    for (i, f) in Faction::ALL.iter().enumerate() {
        board.sides.push(SideKey {
            name: format!("{} ({})", f.name(), f.side().name()),
            fill: look.units[i].0,
        });
    }
    board.sides.push(SideKey {
        name: "Fyrd (English)".into(),
        fill: look.units[FYRD].0,
    });
    board.sides.push(SideKey {
        name: "Viking Control Marker".into(),
        fill: look.markers["control"],
    });
    board.status = status(state);
    board.hand = hand(view);
    board.offered = offered(view);
    board
}

fn shire_cell(state: &V878State, look: &Look, id: AreaId, board: &mut Board) {
    let d = data();
    let (Some(shire), Some(shape)) = (d.shire(id), shapes().shires.get(id.0 as usize)) else {
        return;
    };
    let (plain, marsh) = look.kingdoms[shire.kingdom as usize];
    let naming = d.kingdom_naming(shire.kingdom);
    let mut speech = format!("{} ({}), {}", shire.name, shire.modern, naming.modern);
    if shire.city {
        speech.push_str(", a City Shire");
        if d.is_reinforcement_city(id) {
            speech.push_str(" with reinforcements");
        }
    }
    if shire.marsh {
        speech.push_str(", marsh");
    }
    if !shire.seas.is_empty() {
        let seas: Vec<&str> = shire
            .seas
            .iter()
            .map(|&s| d.sea_naming(s).modern.as_str())
            .collect();
        speech.push_str(&format!(", on the coast of the {}", seas.join(" and the ")));
    }
    if state.marked.get(id.0 as usize).copied().unwrap_or(false) {
        speech.push_str(", held by the Vikings (a Control Marker)");
    }
    board.cells.push(Cell {
        label: shire.id.clone(),
        outline: outline(&shape.polygons[0]),
        // Islands (the Isle of Wight) belong to their shire: drawn and tapped as it is.
        parts: shape.polygons[1..].iter().map(|p| outline(p)).collect(),
        centre: point(shape.label),
        label_at: look.names_at.get(id.0 as usize).copied().flatten(),
        terrain: if shire.marsh { "marsh" } else { "land" }.into(),
        fill: if shire.marsh { marsh } else { plain },
        caption: Some(shire.name.clone()),
        speech,
    });
    if shire.marsh {
        // Three short strokes under the name, as maps mark a marsh.
        let (colour, width) = look.marsh_line;
        let Point { x, y } = look
            .names_at
            .get(id.0 as usize)
            .copied()
            .flatten()
            .unwrap_or(point(shape.label));
        for (dx, dy, half) in [(0.0, 9.0, 9.0), (-6.0, 14.0, 5.0), (6.0, 14.0, 5.0)] {
            board.lines.push(Line {
                kind: "marsh".into(),
                points: vec![
                    Point::new(x + dx - half, y + dy),
                    Point::new(x + dx + half, y + dy),
                ],
                colour,
                width,
            });
        }
    }
}

/// A point to hang a label on for a polygon that has none given: its corners' mean.
fn polygon_centre(polygon: &[[f32; 2]]) -> Point {
    let n = polygon.len().max(1) as f32;
    let (x, y) = polygon
        .iter()
        .fold((0.0, 0.0), |(x, y), p| (x + p[0], y + p[1]));
    Point::new(x / n, y / n)
}

fn markers_at(state: &V878State, look: &Look, id: AreaId, out: &mut Vec<Marker>) {
    let d = data();
    let (Some(shire), Some(shape)) = (d.shire(id), shapes().shires.get(id.0 as usize)) else {
        return;
    };
    let small = look.counter * 0.6;
    // Where the name is drawn (moved clear of the counters in some shires).
    let name = look
        .names_at
        .get(id.0 as usize)
        .copied()
        .flatten()
        .unwrap_or(point(shape.label));
    // A City's markers are on its town; any other shire's (the Saxon Navy's) above its
    // name, clear of it.
    let town = match (shire.city, shape.town) {
        (true, Some(town)) => point(town),
        _ => Point::new(name.x, name.y - small),
    };
    if shire.city {
        out.push(Marker {
            cell: Some(shire.id.clone()),
            at: town,
            size: small * 0.6,
            kind: "city".into(),
            text: if d.is_reinforcement_city(id) { "R" } else { "" }.into(),
            fill: look.markers["city"],
            speech: format!("the city of {}", shire.name),
        });
    }
    if state.marked.get(id.0 as usize).copied().unwrap_or(false) {
        out.push(Marker {
            cell: Some(shire.id.clone()),
            at: Point::new(town.x + small, town.y - small * 0.5),
            size: small,
            kind: "control".into(),
            text: "V".into(),
            fill: look.markers["control"],
            speech: format!("a Viking Control Marker on {} (4.6)", shire.name),
        });
    }
    if state.effects.is_blocked(id) {
        out.push(Marker {
            cell: Some(shire.id.clone()),
            at: Point::new(town.x - small, town.y - small * 0.5),
            size: small,
            kind: "blocked".into(),
            text: "Navy".into(),
            fill: look.markers["blocked"],
            speech: format!("Saxon Navy: Vikings may not enter {} this Turn", shire.name),
        });
    }
}

/// A box as (left, top, right, bottom).
type Box4 = [f32; 4];

/// Where a shire's name is drawn: 11 units bold, about 0.7 em a letter for a City's
/// capitals and 0.62 for other names, centred on its point.
fn name_box(at: Point, name: &str) -> Box4 {
    let em = if name.chars().all(|c| !c.is_lowercase()) {
        0.7
    } else {
        0.62
    };
    let half = name.chars().count() as f32 * 11.0 * em / 2.0;
    [at.x - half, at.y - 5.0, at.x + half, at.y + 5.0]
}

/// Where a marker is drawn: a rounded box 1.8 by 0.8 of its size.
fn marker_box(m: &Marker) -> Box4 {
    let (w, h) = (m.size * 1.8, m.size * 0.8);
    [
        m.at.x - w / 2.0,
        m.at.y - h / 2.0,
        m.at.x + w / 2.0,
        m.at.y + h / 2.0,
    ]
}

fn piece_box(p: &Piece) -> Box4 {
    let half = p.size / 2.0;
    [p.at.x - half, p.at.y - half, p.at.x + half, p.at.y + half]
}

fn overlap(a: Box4, b: Box4) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// The battle's marker (4.0): in the shire fought over, at the free spot nearest above
/// its name: wholly inside the shire and over no name, marker or counter; in a small
/// shire full of counters, with only its centre inside; failing both, above the name.
fn battle_marker(look: &Look, id: AreaId, board: &mut Board) {
    let d = data();
    let Some(shire) = d.shire(id) else { return };
    let Some(cell) = board.cells.iter().find(|c| c.label == shire.id) else {
        return;
    };
    let name = cell.label_at.unwrap_or(cell.centre);
    let size = look.counter * 0.6;
    let taken: Vec<Box4> = board
        .cells
        .iter()
        .filter_map(|c| {
            Some(name_box(
                c.label_at.unwrap_or(c.centre),
                c.caption.as_deref()?,
            ))
        })
        .chain(board.markers.iter().map(marker_box))
        .chain(board.pieces.iter().map(piece_box))
        .collect();
    let wanted = Point::new(name.x, name.y - look.counter * 0.8);
    let mut marker = Marker {
        cell: Some(shire.id.clone()),
        at: wanted,
        size,
        kind: "battle".into(),
        text: "Battle".into(),
        fill: look.markers["battle"],
        speech: format!("a battle is being fought in {} (4.0)", shire.name),
    };
    // Whether the marker at `at` covers nothing, and lies wholly (or, failing that, by
    // its centre) in the shire.
    let free = |at: Point, wholly: bool| {
        let b = marker_box(&Marker {
            at,
            ..marker.clone()
        });
        let corners = [(b[0], b[1]), (b[2], b[1]), (b[0], b[3]), (b[2], b[3])];
        let inside = if wholly {
            corners
                .iter()
                .all(|&(x, y)| cell.contains(Point::new(x, y)))
        } else {
            cell.contains(at)
        };
        inside && !taken.iter().any(|&t| overlap(t, b))
    };
    // Rings around the wanted spot, a quarter counter apart, nearest first.
    let step = look.counter * 0.25;
    let spots: Vec<Point> = (0..=16)
        .flat_map(|ring| {
            let points = if ring == 0 { 1 } else { 8 * ring };
            (0..points).map(move |k| {
                let angle = std::f32::consts::TAU * k as f32 / points as f32;
                let r = step * ring as f32;
                Point::new(wanted.x + r * angle.sin(), wanted.y - r * angle.cos())
            })
        })
        .collect();
    let found = [true, false]
        .into_iter()
        .find_map(|wholly| spots.iter().copied().find(|&at| free(at, wholly)));
    if let Some(at) = found {
        marker.at = at;
    }
    board.markers.push(marker);
}

/// Units on a Leader's card, short: `N6 B3`.
fn card_units(troops: &[u8; 5]) -> String {
    let letters = ["H", "T", "N", "B", "F"];
    let parts: Vec<String> = letters
        .iter()
        .zip(troops)
        .filter(|(_, n)| **n > 0)
        .map(|(l, n)| format!("{l}{n}"))
        .collect();
    parts.join(" ")
}

/// One counter a faction (and one for the Fyrd) with units in the shire, in a row
/// where the shire's pieces stand, then its Leaders in a row under them.
fn pieces_at(state: &V878State, look: &Look, id: AreaId, out: &mut Vec<Piece>) {
    let d = data();
    let (Some(shire), Some(shape), Some(troops)) = (
        d.shire(id),
        shapes().shires.get(id.0 as usize),
        state.map.get(id.0 as usize),
    ) else {
        return;
    };
    let moved = state.moved.get(id.0 as usize).copied().unwrap_or([0; 5]);
    let [x, y] = shape.pieces.unwrap_or(shape.label);
    let kinds: Vec<usize> = (0..troops.len()).filter(|&k| troops[k] > 0).collect();
    let c = look.counter;
    let gap = c * 0.12;
    let row = |n: usize, size: f32, i: usize| {
        let span = n as f32 * size + (n.saturating_sub(1)) as f32 * gap;
        x - span / 2.0 + size / 2.0 + i as f32 * (size + gap)
    };
    for (i, &k) in kinds.iter().enumerate() {
        let (fill, ink, title) = &look.units[k];
        let (key, name) = match Faction::ALL.get(k) {
            Some(f) => (f.key(), f.name()),
            None => ("fyrd", "Fyrd"),
        };
        let n = troops[k];
        let mut flags = Vec::new();
        if moved[k] > 0 {
            flags.push(format!("{} moved", moved[k]));
        }
        let mut speech = format!(
            "{n} {name} {} in {}",
            if n == 1 { "unit" } else { "units" },
            shire.name
        );
        for f in &flags {
            speech.push_str(", ");
            speech.push_str(f);
        }
        out.push(Piece {
            code: format!("{}/{key}", shire.id),
            cell: shire.id.clone(),
            at: Point::new(row(kinds.len(), c, i), y),
            size: c,
            fill: *fill,
            ink: *ink,
            title: title.clone(),
            values: n.to_string(),
            flags,
            speech,
        });
    }
    let leaders: Vec<_> = state
        .leaders
        .iter()
        .filter(|l| l.place == LeaderPlace::OnMap(id))
        .collect();
    let size = look.leader;
    let ly = if kinds.is_empty() {
        y
    } else {
        y + c / 2.0 + gap + size / 2.0
    };
    for (i, l) in leaders.iter().enumerate() {
        let side = l.side();
        let (fill, ink) = look.leaders[side as usize];
        let mut flags = Vec::new();
        if l.moving {
            flags.push(format!("moving, {} left", l.moves_left));
        }
        if l.done {
            flags.push("done".to_string());
        }
        let units = card_units(&l.troops);
        let title = leader_title(l.card);
        let mut speech = format!("{title}, a {} Leader, in {}", side.name(), shire.name);
        if !units.is_empty() {
            speech.push_str(&format!(", his card holds {units}"));
        }
        for f in &flags {
            speech.push_str(", ");
            speech.push_str(f);
        }
        out.push(Piece {
            code: leader_name(l.card),
            cell: shire.id.clone(),
            at: Point::new(row(leaders.len(), size, i), ly),
            size,
            fill,
            ink,
            title: short_title(&title),
            values: units,
            flags,
            speech,
        });
    }
}

/// Leaders in play but not landed yet (5.1, G21), in a row below the map, so that a
/// person can tap one to bring him on.
fn off_map_leaders(state: &V878State, look: &Look, board: &mut Board) {
    let waiting: Vec<_> = state
        .leaders
        .iter()
        .filter(|l| l.place == LeaderPlace::OffMap)
        .collect();
    if waiting.is_empty() {
        return;
    }
    let size = look.leader;
    let gap = size * 0.25;
    let title_size = size * 0.4;
    board.captions.push(Caption {
        at: Point::new(gap, board.height + title_size),
        text: "Off the map (5.1)".into(),
        size: title_size,
    });
    let y = board.height + title_size + gap + size / 2.0;
    for (i, l) in waiting.iter().enumerate() {
        let side = l.side();
        let (fill, ink) = look.leaders[side as usize];
        let title = leader_title(l.card);
        let units = card_units(&l.troops);
        let mut speech = format!("{title}, a {} Leader, off the map", side.name());
        if !units.is_empty() {
            speech.push_str(&format!(", his card holds {units}"));
        }
        board.pieces.push(Piece {
            code: leader_name(l.card),
            cell: "off the map".into(),
            at: Point::new(gap + size / 2.0 + i as f32 * (size + gap), y),
            size,
            fill,
            ink,
            title: short_title(&title),
            values: units,
            flags: Vec::new(),
            speech,
        });
    }
    board.height = y + size / 2.0 + gap;
}

/// A Leader's name short enough for his counter: the first word (`Guthrum`, `Alfred`).
fn short_title(title: &str) -> String {
    title.split_whitespace().next().unwrap_or(title).to_string()
}

/// Round, Turn and phase, the Victory Track and the end, each with its rule.
fn status(state: &V878State) -> Vec<String> {
    let scenario = data().scenarios().get(state.options.scenario as usize);
    let rounds = scenario.map_or(7, |s| s.rounds);
    let mut out = vec![format!(
        "Round {} of {} (1.0)",
        roman(state.round),
        roman(rounds)
    )];
    out.push(match state.active() {
        Some(f) => format!(
            "Turn {} of 4 (1.2): the {} ({}), {}",
            state.order.len(),
            f.name(),
            f.side().name(),
            state.phase.title()
        ),
        None => format!("{} (1.2)", super::V878::progress(state)),
    });
    out.push(format!(
        "Victory Track: {} of {} Viking Control Markers on the map (4.6, 7.0)",
        state.markers_on_map(),
        state.markers
    ));
    if state.plundered > 0 {
        out.push(format!(
            "{} markers pulled from the track by raids (NR 111)",
            state.plundered
        ));
    }
    for f in Faction::ALL {
        let fs = state.faction(f);
        out.push(format!(
            "{}: stockpile {}, fled {}, {} in hand (2.0, 4.3, 6.0)",
            f.name(),
            fs.stock,
            fs.fled,
            plural(fs.hand.len() as u32, "card", "cards")
        ));
    }
    for l in &state.leaders {
        if l.place == LeaderPlace::OffMap {
            let units = card_units(&l.troops);
            out.push(format!(
                "{} ({}) off the map{}{} (5.1)",
                leader_title(l.card),
                leader_name(l.card),
                if units.is_empty() {
                    ""
                } else {
                    ", card holds "
                },
                units
            ));
        }
    }
    if let Some(finish) = &state.finish {
        out.push(format!(
            "{} ({} win): {}",
            finish.result,
            finish.winner.name(),
            finish.detail
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Hidden, Seat, Target, Turn};
    use crate::games::v878::actions::V878Action;
    use crate::games::v878::V878;

    /// Length (map units) along which two areas' outlines run together: segments that
    /// lie on one line within a small tolerance, measured where they overlap.
    fn shared_length(a: &[Vec<[f32; 2]>], b: &[Vec<[f32; 2]>]) -> f64 {
        const TOL: f64 = 0.25;
        let segments = |polys: &[Vec<[f32; 2]>]| -> Vec<([f64; 2], [f64; 2])> {
            let mut out = Vec::new();
            for ring in polys {
                for i in 0..ring.len() {
                    let (p, q) = (ring[i], ring[(i + 1) % ring.len()]);
                    out.push((
                        [f64::from(p[0]), f64::from(p[1])],
                        [f64::from(q[0]), f64::from(q[1])],
                    ));
                }
            }
            out
        };
        let (sa, sb) = (segments(a), segments(b));
        let mut total = 0.0;
        for (p, q) in &sa {
            let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
            let len = (dx * dx + dy * dy).sqrt();
            if len < 1e-9 {
                continue;
            }
            let (ux, uy) = (dx / len, dy / len);
            for (r, s) in &sb {
                if r[0].min(s[0]) > p[0].max(q[0]) + TOL
                    || r[0].max(s[0]) < p[0].min(q[0]) - TOL
                    || r[1].min(s[1]) > p[1].max(q[1]) + TOL
                    || r[1].max(s[1]) < p[1].min(q[1]) - TOL
                {
                    continue;
                }
                // Both ends of r-s on the line through p-q...
                let off = |v: &[f64; 2]| ((v[0] - p[0]) * uy - (v[1] - p[1]) * ux).abs();
                if off(r) > TOL || off(s) > TOL {
                    continue;
                }
                // ...then the overlap of their spans along it.
                let along = |v: &[f64; 2]| (v[0] - p[0]) * ux + (v[1] - p[1]) * uy;
                let (t0, t1) = (along(r), along(s));
                let lo = t0.min(t1).max(0.0);
                let hi = t0.max(t1).min(len);
                if hi > lo {
                    total += hi - lo;
                }
            }
        }
        total
    }

    /// Shorter than this is a corner, not a border.
    const BORDER: f64 = 5.0;

    #[test]
    fn v878_scene_data_reads() {
        let shapes = read_shapes(SHAPES_JSON).expect("shapes.json reads");
        assert_eq!(shapes.shires.len(), 40);
        assert_eq!(shapes.seas.len(), 4);
        assert_eq!(shapes.width, 1000.0);
        let broken = SHAPES_JSON.replace("\"aelmham\":", "\"elmham\":");
        assert_eq!(
            read_shapes(&broken).err(),
            Some("no outline for shire 'aelmham'".to_string())
        );
        let look = read_look(SCENE_JSON).expect("scene.json reads");
        assert_eq!(
            look.units[Faction::Berserker as usize].0,
            Rgb(0xd5, 0x5e, 0x00)
        );
        let broken = SCENE_JSON.replace("\"thegn\":", "\"thane\":");
        assert_eq!(
            read_look(&broken).err(),
            Some("faction 'thegn'".to_string())
        );
    }

    /// G1 (house fill: the 40-shire graph): in the drawing two shires share a border of
    /// real length exactly when the rules make them adjacent; any other two meet at a
    /// corner at most.
    #[test]
    fn v878_g1_shires_share_a_border_in_the_drawing_exactly_when_adjacent() {
        let d = data();
        let shapes = shapes();
        let mut wrong = Vec::new();
        for a in d.ids() {
            for b in d.ids().filter(|&b| b > a) {
                let len = shared_length(
                    &shapes.shires[a.0 as usize].polygons,
                    &shapes.shires[b.0 as usize].polygons,
                );
                let adjacent = d.adjacent(a, b);
                if adjacent != (len >= BORDER) || (!adjacent && len > 1.0) {
                    wrong.push(format!(
                        "{}-{}: adjacent {adjacent}, drawn border {len:.1}",
                        d.shire(a).unwrap().id,
                        d.shire(b).unwrap().id
                    ));
                }
            }
        }
        assert_eq!(wrong, Vec::<String>::new());
        // The count the brief gives: 87 borders, every one drawn.
        let borders = d.ids().map(|a| d.neighbours(a).len()).sum::<usize>() / 2;
        assert_eq!(borders, 87);
    }

    /// G3 (house fill: the coasts, with the North Sea/Channel line at Dover): a sea zone
    /// touches exactly the shires on its coast.
    #[test]
    fn v878_g3_a_sea_zone_touches_exactly_its_coastal_shires() {
        let d = data();
        let shapes = shapes();
        let mut wrong = Vec::new();
        for sea in Sea::ALL {
            for a in d.ids() {
                let len = shared_length(
                    &shapes.seas[sea as usize].polygons,
                    &shapes.shires[a.0 as usize].polygons,
                );
                let coast = d.on_coast(a, sea);
                if coast != (len >= BORDER) || (!coast && len > 1.0) {
                    wrong.push(format!(
                        "{}-{}: on the coast {coast}, drawn {len:.1}",
                        sea.key(),
                        d.shire(a).unwrap().id
                    ));
                }
            }
        }
        assert_eq!(wrong, Vec::<String>::new());
        // Kent lies on both sides of the Dover line, Devon and Cornwall on both sides of
        // Land's End.
        let on = |id: &str| d.seas(d.find(id).unwrap()).len();
        assert_eq!(
            (on("cantuarabyrg"), on("exanceaster"), on("cornwalas")),
            (2, 2, 2)
        );
    }

    #[test]
    fn v878_scene_every_shire_is_a_cell_with_its_target_label_and_its_point_inside() {
        let state = V878::setup(&V878::options("standard").unwrap(), 1);
        let view = V878::view(&state, &[Seat(0)]);
        let board = board(&view);
        let off_board: usize = shapes()
            .off_board
            .iter()
            .map(|(_, a)| a.polygons.len())
            .sum();
        assert_eq!(
            board.cells.len(),
            40 + 4 + off_board + shapes().other_land.len()
        );
        let mut labels: Vec<&str> = board.cells.iter().map(|c| c.label.as_str()).collect();
        labels.sort_unstable();
        labels.dedup();
        assert_eq!(
            labels.len(),
            board.cells.len(),
            "every cell has a label of its own"
        );
        let inside = crate::engine::scene::polygon_contains;
        for (id, cell) in data().ids().zip(&board.cells) {
            let shire = data().shire(id).unwrap();
            assert_eq!(cell.label, shire.id);
            assert_eq!(cell.caption.as_deref(), Some(shire.name.as_str()));
            assert!(inside(&cell.outline, cell.centre), "{}", cell.label);
            let shape = &shapes().shires[id.0 as usize];
            assert!(
                inside(&cell.outline, point(shape.pieces.unwrap())),
                "{}",
                cell.label
            );
            assert_eq!(cell.terrain, if shire.marsh { "marsh" } else { "land" });
        }
        // Every shire a legal action names is a cell of the board.
        let labels: Vec<&str> = board.cells.iter().map(|c| c.label.as_str()).collect();
        let Turn::Decide(seats) = V878::to_act(&state) else {
            panic!("the set-up is decided by someone")
        };
        let seat = seats[0];
        let legal = V878::legal_actions(&state, seat);
        assert!(!legal.is_empty());
        for action in &legal {
            for t in V878::targets(&state, action) {
                if let Target::Cell(label) = t {
                    assert!(labels.contains(&label.as_str()), "{label}");
                }
            }
        }
        // The English set-up: one Thegn in every city (G6), shown as counters of 1.
        let lincylene = board
            .pieces
            .iter()
            .find(|p| p.code == "lincylene/thegn")
            .expect("the Thegn counter at Lincylene");
        assert_eq!(
            (lincylene.values.as_str(), lincylene.fill),
            ("1", look().units[1].0)
        );
    }

    #[test]
    fn v878_scene_counters_count_units_and_leaders_stand_apart() {
        let mut state = V878::setup(&V878::options("standard").unwrap(), 1);
        let euruic = data().find("euruic").unwrap();
        state.map[euruic.0 as usize] = [1, 2, 6, 3, 4];
        state.marked[euruic.0 as usize] = true;
        let leader = state.leaders.iter().position(|l| l.card != 0).unwrap();
        state.leaders[leader].place = LeaderPlace::OnMap(euruic);
        state.leaders[leader].troops = [0, 0, 5, 2, 0];
        let card = state.leaders[leader].card;
        let board = board(&V878::view(&state, &[]));
        let here: Vec<(&str, &str)> = board
            .pieces
            .iter()
            .filter(|p| p.cell == "euruic")
            .map(|p| (p.code.as_str(), p.values.as_str()))
            .collect();
        let code = leader_name(card);
        assert_eq!(
            here,
            vec![
                ("euruic/housecarl", "1"),
                ("euruic/thegn", "2"),
                ("euruic/norsemen", "6"),
                ("euruic/berserker", "3"),
                ("euruic/fyrd", "4"),
                (code.as_str(), "N5 B2"),
            ]
        );
        // The Leader's code is the one the targets use for him.
        let lead = board.pieces.iter().find(|p| p.code == code).unwrap();
        let housecarl = board
            .pieces
            .iter()
            .find(|p| p.code == "euruic/housecarl")
            .unwrap();
        assert!(lead.at.y > housecarl.at.y);
        let control = board
            .markers
            .iter()
            .filter(|m| m.kind == "control")
            .map(|m| m.cell.clone().unwrap())
            .collect::<Vec<_>>();
        assert_eq!(control, vec!["euruic".to_string()]);
        assert!(board
            .status
            .iter()
            .any(|s| s.starts_with("Victory Track: 1 of 17")));
        // Faction colours differ from each other and from every kingdom tint.
        let look = look();
        let mut colours: Vec<Rgb> = look.units.iter().map(|u| u.0).collect();
        colours.extend(look.kingdoms.iter().flat_map(|k| [k.0, k.1]));
        colours.push(look.markers["control"]);
        let n = colours.len();
        colours.sort_by_key(|c| (c.0, c.1, c.2));
        colours.dedup();
        assert_eq!(colours.len(), n);
    }

    /// Brief §4.2: hands and decks are hidden. The board of a seat's view is the same
    /// whatever another seat holds (hand sizes are public, so they stay), and whatever
    /// lies in the hidden decks; the seat's own hand does show.
    #[test]
    fn v878_scene_board_of_a_view_ignores_what_the_seat_may_not_see() {
        let state = V878::setup(&V878::options("standard").unwrap(), 1);
        let mut other = state.clone();
        // Other cards of the same number in every hand but the Housecarl's (seat 0).
        for (f, cards) in [
            (Faction::Thegn, [7, 6, 5, 4]),
            (Faction::Norsemen, [1, 2, 3, 4]),
            (Faction::Berserker, [12, 10, 8, 6]),
        ] {
            let n = state.faction(f).hand.len();
            assert!(n <= cards.len());
            let hand = cards[..n].to_vec();
            assert_ne!(*state.faction(f).hand, hand, "{}", f.name());
            other.factions[f as usize].hand = Hidden(hand);
        }
        other.factions[Faction::Berserker as usize].deck = Hidden(vec![19, 18]);
        other.factions[Faction::Housecarl as usize].deck = Hidden(
            state
                .faction(Faction::Housecarl)
                .deck
                .iter()
                .rev()
                .copied()
                .collect(),
        );
        other.invasion = Hidden(other.invasion.iter().rev().copied().collect());
        other.fyrd_deck = Hidden(vec![16, 15, 14]);
        assert_ne!(
            format!("{:?}", state.factions),
            format!("{:?}", other.factions)
        );
        for seats in [vec![Seat(0)], vec![]] {
            assert_eq!(
                board(&V878::view(&state, &seats)),
                board(&V878::view(&other, &seats))
            );
        }
        // The Thegn's view shows its own hand: there the change shows.
        assert_ne!(
            board(&V878::view(&state, &[Seat(1)])).hand,
            board(&V878::view(&other, &[Seat(1)])).hand
        );
    }

    /// Setup 2 and brief §4.2: a seat's board lists exactly the cards of the hands it may
    /// see (its own; its ally's too when hands are shared), in hand order, each under the
    /// code the targets tap it by; nobody's view lists any.
    #[test]
    fn v878_setup_2_a_seats_board_lists_exactly_the_hands_it_may_see() {
        let mut state = V878::setup(&V878::options("standard").unwrap(), 1);
        state.factions[Faction::Norsemen as usize].hand = Hidden(vec![12, 3, 8]);
        let listed = |state: &V878State, seats: &[Seat]| -> Vec<(String, String)> {
            board(&V878::view(state, seats))
                .hand
                .into_iter()
                .map(|c| (c.owner, c.code))
                .collect()
        };
        let held = |state: &V878State, f: Faction| -> Vec<(String, String)> {
            state
                .faction(f)
                .hand
                .iter()
                .map(|c| (f.key().to_string(), format!("{c:02}")))
                .collect()
        };
        for f in Faction::ALL {
            assert!(!state.faction(f).hand.is_empty());
            assert_eq!(
                listed(&state, &[Seat(f as u8)]),
                held(&state, f),
                "{}",
                f.name()
            );
        }
        assert_eq!(
            listed(&state, &[Seat(2)]),
            [("norsemen", "12"), ("norsemen", "03"), ("norsemen", "08")]
                .map(|(f, c)| (f.to_string(), c.to_string()))
        );
        assert_eq!(listed(&state, &[]), Vec::new());
        let mut both = held(&state, Faction::Housecarl);
        both.extend(held(&state, Faction::Norsemen));
        assert_eq!(listed(&state, &[Seat(0), Seat(2)]), both);
        state.options.share_allied_hands = true;
        let mut english = held(&state, Faction::Housecarl);
        english.extend(held(&state, Faction::Thegn));
        assert_eq!(listed(&state, &[Seat(0)]), english);
        // The code is the one `Target::Card` taps, and the card is described.
        state.options.share_allied_hands = false;
        let b = board(&V878::view(&state, &[Seat(2)]));
        for (card, n) in b.hand.iter().zip([12u8, 3, 8]) {
            let play = super::super::targets::targets(&state, &V878Action::PlayCard { card: n });
            assert_eq!(play.first(), Some(&Target::Card(card.code.clone())));
        }
        let kinds: Vec<(&str, &str)> = b
            .hand
            .iter()
            .map(|c| (c.kind.as_str(), c.title.as_str()))
            .collect();
        assert_eq!(
            kinds,
            [
                ("event", "Viking Ships"),
                ("movement", "Movement 3x3"),
                ("event", "Feigned Retreat")
            ]
        );
        assert!(b.hand[1]
            .text
            .contains("up to 3 armies may each go up to 3 shires"));
        assert!(b.hand[1].text.ends_with("(2.4, 3.1, 3.3)."));
        // Hidden hands show their size only, in the status lines.
        assert!(b
            .status
            .iter()
            .any(|s| s.starts_with("Thegn: ") && s.contains(", 3 cards in hand")));
    }

    /// G9 and the card clarifications: every card of cards.json has a title and a text
    /// (data, in our own words); a missing or misspelt event text is refused.
    #[test]
    fn v878_g9_every_card_has_a_text() {
        let texts = read_card_texts(CARD_TEXTS_JSON).expect("card_texts.json reads");
        assert_eq!(texts.len(), 4);
        for (f, cards) in Faction::ALL.iter().zip(&texts) {
            assert_eq!(cards.len(), data().cards(*f).len());
            assert_eq!(cards.len(), 19);
            for (card, words) in data().cards(*f).iter().zip(cards) {
                let kind = match card.kind {
                    CardKind::Movement { .. } => "movement",
                    CardKind::Treaty { .. } => "treaty",
                    CardKind::Event { .. } => "event",
                };
                assert_eq!(words.kind, kind);
                assert!(!words.title.is_empty() && !words.text.contains('{'));
                // Every text cites a rule.
                assert!(words.text.ends_with(").") && words.text.contains(" ("));
            }
        }
        let housecarl = &texts[Faction::Housecarl as usize];
        assert_eq!(housecarl[0].title, "Treaty of Wedmore");
        assert!(housecarl[0]
            .text
            .contains("up to 2 armies, each up to 2 shires"));
        assert_eq!(housecarl[3].title, "Movement 1x4");
        assert!(housecarl[3]
            .text
            .contains("up to 1 army may each go up to 4 shires"));
        assert_eq!(housecarl[10].title, "Danegeld");
        assert!(housecarl[10].text.contains("(8.0, CC-103, G29)"));
        let thegn = &texts[Faction::Thegn as usize];
        assert_eq!(thegn[5].title, "Movement 3x1");
        assert!(thegn[5].text.contains("go up to 1 shire by land"));
        assert_eq!(thegn[9].title, "P-Levy");
        assert!(thegn[9].text.contains("(G9)"));
        let missing = CARD_TEXTS_JSON.replace("\"danegeld\":", "\"dangeld\":");
        assert_eq!(
            read_card_texts(&missing).err(),
            Some("no text for the event 'danegeld'".to_string())
        );
        let extra =
            CARD_TEXTS_JSON.replace("\"spy\":", "\"spies\": \"Someone else's.\",\n    \"spy\":");
        assert_eq!(
            read_card_texts(&extra).err(),
            Some("a text for 'spies', which no card carries".to_string())
        );
    }

    /// Issue 11 (names clear of counters): with every town marked and closed, and a
    /// counter of each faction in every shire, no shire's name meets a marker or a
    /// counter of its own shire, and a name moved off its point stays in its shire.
    #[test]
    fn v878_scene_every_name_clears_its_markers_and_counters() {
        let mut state = V878::setup(&V878::options("standard").unwrap(), 1);
        let d = data();
        for id in d.ids() {
            let shire = d.shire(id).unwrap();
            state.map[id.0 as usize] = [1, 1, 1, 1, 1];
            state.marked[id.0 as usize] = shire.city;
            if !shire.seas.is_empty() {
                state.effects.blocked |= 1 << id.0;
            }
        }
        let board = board(&V878::view(&state, &[]));
        let inside = crate::engine::scene::polygon_contains;
        let mut wrong = Vec::new();
        let mut moved = 0;
        for cell in board.cells.iter().take(40) {
            let at = cell.label_at.unwrap_or(cell.centre);
            if cell.label_at.is_some() {
                moved += 1;
                assert!(inside(&cell.outline, at), "{}", cell.label);
            }
            let name = name_box(at, cell.caption.as_deref().unwrap_or(""));
            let markers = board
                .markers
                .iter()
                .filter(|m| m.cell.as_ref() == Some(&cell.label));
            for m in markers {
                if overlap(name, marker_box(m)) {
                    wrong.push(format!("{} under its {} marker", cell.label, m.kind));
                }
            }
            for p in board.pieces.iter().filter(|p| p.cell == cell.label) {
                if overlap(name, piece_box(p)) {
                    wrong.push(format!("{} under its {} counter", cell.label, p.code));
                }
            }
        }
        assert_eq!(wrong, Vec::<String>::new());
        assert_eq!(moved, look().names_at.iter().flatten().count());
        // A battle's marker, in each shire in turn, lies inside it and meets neither the
        // name nor any other marker or counter there.
        for (cell, id) in board.cells.iter().take(40).zip(d.ids()) {
            state.battle = Some(crate::games::v878::state::Battle::opening(
                id,
                Side::Viking,
                None,
            ));
            let board = super::board(&V878::view(&state, &[]));
            let ours = |m: &&Marker| m.cell.as_ref() == Some(&cell.label);
            let battle = board
                .markers
                .iter()
                .filter(ours)
                .find(|m| m.kind == "battle")
                .map(marker_box)
                .expect("a battle marker");
            let name = name_box(
                cell.label_at.unwrap_or(cell.centre),
                cell.caption.as_deref().unwrap_or(""),
            );
            if overlap(name, battle) {
                wrong.push(format!("{}'s name under the battle", cell.label));
            }
            let centre = Point::new((battle[0] + battle[2]) / 2.0, (battle[1] + battle[3]) / 2.0);
            if !cell.contains(centre) {
                wrong.push(format!(
                    "{}'s battle marker is not in the shire",
                    cell.label
                ));
            }
            for m in board
                .markers
                .iter()
                .filter(ours)
                .filter(|m| m.kind != "battle")
            {
                if overlap(marker_box(m), battle) {
                    wrong.push(format!(
                        "{}'s {} marker under the battle",
                        cell.label, m.kind
                    ));
                }
            }
            for p in board.pieces.iter().filter(|p| p.cell == cell.label) {
                if overlap(piece_box(p), battle) {
                    wrong.push(format!(
                        "{}'s {} counter under the battle",
                        cell.label, p.code
                    ));
                }
            }
        }
        assert_eq!(wrong, Vec::<String>::new());
        assert!(moved > 0);
        let broken = SCENE_JSON.replace("\"carleol\":", "\"carlisle\":");
        assert_eq!(
            read_look(&broken).err(),
            Some("a name place for 'carlisle', which is no shire".to_string())
        );
    }

    /// Not a check: writes the board as a rough SVG for a person to look at
    /// (`cargo test -p skald-core --lib v878_scene_sketch -- --ignored`).
    #[test]
    #[ignore]
    fn v878_scene_sketch() {
        let mut state = V878::setup(&V878::options("standard").unwrap(), 1);
        let euruic = data().find("euruic").unwrap();
        state.map[euruic.0 as usize] = [1, 2, 6, 3, 4];
        state.marked[euruic.0 as usize] = true;
        let leader = state.leaders.iter().position(|l| l.card != 0).unwrap();
        state.leaders[leader].place = LeaderPlace::OnMap(euruic);
        state.leaders[leader].troops = [0, 0, 5, 2, 0];
        let b = board(&V878::view(&state, &[]));
        let mut svg = format!(
            "<svg xmlns='http://www.w3.org/2000/svg' width='{}' height='{}' font-family='sans-serif'>",
            b.width, b.height
        );
        let pts = |ps: &[Point]| {
            ps.iter()
                .map(|p| format!("{},{}", p.x, p.y))
                .collect::<Vec<_>>()
                .join(" ")
        };
        for c in b.cells.iter().rev() {
            svg += &format!(
                "<polygon points='{}' fill='{}' stroke='#666' stroke-width='0.8'/>",
                pts(&c.outline),
                c.fill.css()
            );
        }
        for l in &b.lines {
            svg += &format!(
                "<polyline points='{}' fill='none' stroke='{}' stroke-width='{}'/>",
                pts(&l.points),
                l.colour.css(),
                l.width
            );
        }
        for c in &b.cells {
            if let Some(t) = &c.caption {
                svg += &format!(
                    "<text x='{}' y='{}' font-size='9' text-anchor='middle'>{t}</text>",
                    c.centre.x, c.centre.y
                );
            }
        }
        for m in &b.markers {
            svg += &format!(
                "<circle cx='{}' cy='{}' r='{}' fill='{}' stroke='#000'/>",
                m.at.x,
                m.at.y,
                m.size / 2.0,
                m.fill.css()
            );
        }
        for p in &b.pieces {
            svg += &format!(
                "<rect x='{}' y='{}' width='{}' height='{}' fill='{}' stroke='#000'/>\
                 <text x='{}' y='{}' font-size='{}' fill='{}' text-anchor='middle'>{}</text>",
                p.at.x - p.size / 2.0,
                p.at.y - p.size / 2.0,
                p.size,
                p.size,
                p.fill.css(),
                p.at.x,
                p.at.y + p.size * 0.2,
                p.size * 0.45,
                p.ink.css(),
                p.values
            );
        }
        for (i, s) in b.status.iter().enumerate() {
            svg += &format!("<text x='10' y='{}' font-size='12'>{s}</text>", 20 + 15 * i);
        }
        svg += "</svg>";
        std::fs::write("/tmp/v878_board.svg", svg).unwrap();
    }
}
