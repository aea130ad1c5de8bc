//! The 1066 board for the scene (issue 11), as a view's seats may see it: the squares
//! of the map with their terrain, roads and rivers, the two off-map boxes beside the
//! grid, every counter (face down as `?` where the seats may not look, 7.1), castles,
//! pillage and the square of a battle under way, the status with its rules, and the
//! campaign markers in the seats' own hands.
//!
//! How it looks (sizes, tints, the powers' colours) is data: `core/data/g1066/scene.json`.

use super::chits::Chit;
use super::data::{data, label, BoxId, Place, Power};
use super::describe::{month, phase_title};
use super::keys::place_key;
use super::notation::{chit_text, identity_text};
use super::sequence::victory_checks;
use super::state::{Identity, State};
use super::view::G1066View;
use crate::board::square::Square;
use crate::engine::scene::{Board, Cell, HandCard, Line, Marker, Piece, Point, Rgb, SideKey};
use crate::engine::Seat;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

const SCENE_JSON: &str = include_str!("../../../data/g1066/scene.json");

#[derive(Deserialize)]
struct Tint {
    fill: String,
    name: String,
}

#[derive(Deserialize)]
struct Ink {
    fill: String,
    ink: String,
}

#[derive(Deserialize)]
struct Stroke {
    colour: String,
    width: f32,
}

#[derive(Deserialize)]
struct BoxSize {
    width: f32,
    height: f32,
}

/// Where the Battle Board is drawn beside the grid, and the size of one of its boxes.
#[derive(Deserialize, Clone, Copy)]
pub(super) struct BattleBoardAt {
    pub(super) at: [f32; 2],
    pub(super) width: f32,
    pub(super) height: f32,
}

#[derive(Deserialize)]
struct LookFile {
    square: f32,
    counter: f32,
    gap: f32,
    #[serde(rename = "box")]
    box_size: BoxSize,
    boxes_at: BTreeMap<String, [f32; 2]>,
    battle_board: BattleBoardAt,
    terrains: BTreeMap<String, Tint>,
    powers: BTreeMap<String, Ink>,
    titles: BTreeMap<String, String>,
    road: Stroke,
    river: Stroke,
    markers: BTreeMap<String, String>,
}

/// The look, its colours read.
pub(super) struct Look {
    pub(super) square: f32,
    pub(super) counter: f32,
    pub(super) gap: f32,
    box_size: (f32, f32),
    boxes_at: BTreeMap<String, [f32; 2]>,
    pub(super) battle_board: BattleBoardAt,
    terrains: BTreeMap<String, (Rgb, String)>,
    powers: BTreeMap<String, (Rgb, Rgb)>,
    titles: BTreeMap<String, String>,
    road: (Rgb, f32),
    river: (Rgb, f32),
    markers: BTreeMap<String, Rgb>,
}

fn colour(text: &str) -> Result<Rgb, String> {
    Rgb::parse(text).ok_or_else(|| format!("bad colour '{text}'"))
}

fn read_look(json: &str) -> Result<Look, String> {
    let f: LookFile = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let mut terrains = BTreeMap::new();
    for (k, t) in &f.terrains {
        terrains.insert(k.clone(), (colour(&t.fill)?, t.name.clone()));
    }
    let mut powers = BTreeMap::new();
    for p in Power::ALL {
        let ink = f
            .powers
            .get(p.key())
            .ok_or_else(|| format!("no colour for the {}", p.name()))?;
        powers.insert(p.key().to_string(), (colour(&ink.fill)?, colour(&ink.ink)?));
    }
    let mut markers = BTreeMap::new();
    for (k, c) in &f.markers {
        markers.insert(k.clone(), colour(c)?);
    }
    for b in [BoxId::Normandy, BoxId::Norway] {
        if !f.boxes_at.contains_key(b.key()) {
            return Err(format!("no place for the {} box", b.key()));
        }
    }
    Ok(Look {
        square: f.square,
        counter: f.counter,
        gap: f.gap,
        box_size: (f.box_size.width, f.box_size.height),
        boxes_at: f.boxes_at,
        battle_board: f.battle_board,
        terrains,
        powers,
        titles: f.titles,
        road: (colour(&f.road.colour)?, f.road.width),
        river: (colour(&f.river.colour)?, f.river.width),
        markers,
    })
}

fn look() -> &'static Look {
    static LOOK: OnceLock<Look> = OnceLock::new();
    LOOK.get_or_init(|| read_look(SCENE_JSON).expect("core/data/g1066/scene.json"))
}

const GREY: Rgb = Rgb(0x99, 0x99, 0x99);

pub(super) fn tint(look: &Look, key: &str) -> (Rgb, String) {
    look.terrains
        .get(key)
        .cloned()
        .unwrap_or((GREY, key.to_string()))
}

pub(super) fn power_ink(look: &Look, p: Power) -> (Rgb, Rgb) {
    look.powers
        .get(p.key())
        .copied()
        .unwrap_or((GREY, Rgb(0, 0, 0)))
}

fn terrain_key(t: super::data::Terrain) -> &'static str {
    use super::data::Terrain::*;
    match t {
        Sea => "sea",
        Clear => "clear",
        Forest => "forest",
        Mountain => "mountain",
        Swamp => "swamp",
        Town => "town",
        LargeTown => "large_town",
    }
}

/// A square's top-left corner on the board.
fn corner(look: &Look, sq: Square) -> Point {
    Point::new(
        f32::from(sq.col - 1) * look.square,
        f32::from(sq.row - 1) * look.square,
    )
}

/// A place's rectangle: (left, top, width, height).
fn rect(look: &Look, place: Place) -> (f32, f32, f32, f32) {
    match place {
        Place::Square(sq) => {
            let c = corner(look, sq);
            (c.x, c.y, look.square, look.square)
        }
        Place::Box(b) => {
            let [x, y] = look.boxes_at.get(b.key()).copied().unwrap_or([0.0, 0.0]);
            let left = f32::from(data().map.cols) * look.square + look.gap + x;
            (left, y, look.box_size.0, look.box_size.1)
        }
    }
}

pub(super) fn outline((x, y, w, h): (f32, f32, f32, f32)) -> Vec<Point> {
    vec![
        Point::new(x, y),
        Point::new(x + w, y),
        Point::new(x + w, y + h),
        Point::new(x, y + h),
    ]
}

pub(super) fn centre((x, y, w, h): (f32, f32, f32, f32)) -> Point {
    Point::new(x + w / 2.0, y + h / 2.0)
}

/// Where a place's name goes: along its bottom edge, below its counters.
pub(super) fn name_at((x, y, w, h): (f32, f32, f32, f32)) -> Point {
    Point::new(x + w / 2.0, y + h - 9.0)
}

/// The room above the counters (the square's label) and below them (its name).
pub(super) const TOP: f32 = 14.0;
const BOTTOM: f32 = 16.0;

pub fn board(view: &G1066View) -> Board {
    let s = &view.state;
    let look = look();
    let d = data();
    let (box_w, box_h) = look.box_size;
    let mut board = Board {
        width: f32::from(d.map.cols) * look.square + look.gap + box_w,
        height: (f32::from(d.map.rows) * look.square).max(box_h),
        show_labels: true,
        // Leaders are named by id in the notation (`deploy william F14`).
        word_labels: d
            .units
            .leaders
            .rows
            .iter()
            .map(|l| (l.id.clone(), l.name.clone()))
            .collect(),
        ..Board::default()
    };
    for r in 1..=d.map.rows {
        for c in 1..=d.map.cols {
            let sq = Square::new(c, r);
            let Some(terrain) = d.map.terrain(sq) else {
                continue;
            };
            let (fill, name) = tint(look, terrain_key(terrain));
            let town = d.map.town(sq);
            let r = rect(look, Place::Square(sq));
            let caption = town.map(|t| t.name.clone());
            let speech = match town {
                Some(t) => format!(
                    "{}, {} {name}, feudal value {}",
                    label(sq),
                    t.name,
                    t.feudal
                ),
                None => format!("{}, {name}", label(sq)),
            };
            board.cells.push(Cell {
                label: label(sq),
                outline: outline(r),
                parts: Vec::new(),
                centre: centre(r),
                label_at: Some(name_at(r)),
                terrain: terrain_key(terrain).to_string(),
                fill,
                caption,
                speech,
            });
        }
    }
    for b in &d.map.boxes {
        let place = Place::Box(b.id);
        let r = rect(look, place);
        let (fill, _) = tint(look, "box");
        board.cells.push(Cell {
            label: b.id.key().to_string(),
            outline: outline(r),
            parts: Vec::new(),
            centre: centre(r),
            label_at: Some(name_at(r)),
            terrain: "box".into(),
            fill,
            caption: Some(b.name.clone()),
            speech: format!(
                "{}, the {}' home box, feudal value {} (21.0)",
                b.name,
                b.power.name(),
                b.feudal
            ),
        });
    }
    let half = look.square / 2.0;
    for (chains, (colour, width), kind) in [
        (&d.map.roads, look.road, "road"),
        (&d.map.rivers, look.river, "river"),
    ] {
        for chain in chains {
            board.lines.push(Line {
                kind: kind.into(),
                points: chain
                    .chain
                    .iter()
                    .map(|sq| {
                        let c = corner(look, *sq);
                        Point::new(c.x + half, c.y + half)
                    })
                    .collect(),
                colour,
                width,
            });
        }
    }
    for castle in &s.castles {
        let r = rect(look, Place::Square(castle.square));
        board.markers.push(Marker {
            cell: Some(label(castle.square)),
            at: Point::new(r.0 + r.2 - 7.0, r.1 + 7.0),
            size: 10.0,
            kind: "castle".into(),
            text: "#".into(),
            fill: look.markers.get("castle").copied().unwrap_or(GREY),
            speech: format!(
                "a castle in {}{} (20.0)",
                label(castle.square),
                castle
                    .holder
                    .map(|p| format!(", serving the {}", p.name()))
                    .unwrap_or_default()
            ),
        });
    }
    for sq in &s.pillaged {
        let r = rect(look, Place::Square(*sq));
        board.markers.push(Marker {
            cell: Some(label(*sq)),
            at: Point::new(r.0 + r.2 - 7.0, r.1 + r.3 - 7.0),
            size: 10.0,
            kind: "pillaged".into(),
            text: "*".into(),
            fill: look.markers.get("pillaged").copied().unwrap_or(GREY),
            speech: format!("{} is pillaged (19.0)", label(*sq)),
        });
    }
    if let Some(f) = &s.player_turn.combat.fight {
        let r = rect(look, f.place);
        board.markers.push(Marker {
            cell: Some(place_key(f.place)),
            at: Point::new(r.0 + 7.0, r.1 + r.3 - 7.0),
            size: 10.0,
            kind: "battle".into(),
            text: "!".into(),
            fill: look.markers.get("battle").copied().unwrap_or(GREY),
            speech: format!("a battle in {} (15.0)", place_key(f.place)),
        });
    }
    for place in s.forces.keys() {
        pieces_in(s, &view.seats, look, *place, &mut board.pieces);
    }
    for p in Power::ALL {
        board.sides.push(SideKey {
            name: p.name().to_string(),
            fill: power_ink(look, p).0,
        });
    }
    board.status = status(s);
    super::scene_battle::draw(s, look, &mut board);
    board.hand = hand(view);
    board
}

/// A counter's short title and the values it shows, where the seats may look.
pub(super) fn face(look: &Look, identity: &Identity) -> (String, String) {
    let d = data();
    match identity {
        Identity::Unknown => ("?".into(), String::new()),
        Identity::Unit(u) => {
            let key = super::keys::unit_key(*u);
            let title = look
                .titles
                .get(key)
                .cloned()
                .unwrap_or_else(|| key.to_string());
            let values = d
                .units
                .stats(*u)
                .map(|st| format!("{}-{}", st.attack, st.defense))
                .unwrap_or_default();
            (title, values)
        }
        Identity::Leader(id) => match d.units.leader(id) {
            Some(l) => (l.name.chars().take(3).collect(), format!("L{}", l.value)),
            None => (id.clone(), String::new()),
        },
    }
}

/// The counters in a place, every power's, laid out on a grid of slots in its square
/// (a later layer a little down and right of the one below, so each counter keeps an
/// edge to tap).
fn pieces_in(s: &State, seats: &[Seat], look: &Look, place: Place, out: &mut Vec<Piece>) {
    let (x, y, w, h) = rect(look, place);
    let size = look.counter;
    let per_row = ((w - 4.0) / size).floor().max(1.0) as usize;
    let rows = ((h - TOP - BOTTOM) / size).floor().max(1.0) as usize;
    let slots = per_row * rows;
    let moved = &s.player_turn.movement.moved;
    let mut k = 0usize;
    for stack in s.stacks_at(place) {
        let (fill, ink) = power_ink(look, stack.power);
        for u in &stack.units {
            let seen = s.sees_unit(seats, stack.power, u) || *u.identity != Identity::Unknown;
            let identity = if seen {
                (*u.identity).clone()
            } else {
                Identity::Unknown
            };
            let (title, values) = face(look, &identity);
            let slot = k % slots;
            let layer = (k / slots) as f32 * 3.0;
            let at = Point::new(
                x + 2.0 + size / 2.0 + (slot % per_row) as f32 * size + layer,
                y + TOP + size / 2.0 + (slot / per_row) as f32 * size + layer,
            );
            let mut flags = Vec::new();
            if moved.contains(&u.id) {
                flags.push("moved".to_string());
            }
            if u.owner != stack.power {
                flags.push(format!("vassal of the {}", stack.power.name()));
            }
            let what = if seen {
                identity_text(&identity)
            } else {
                "counter face down".to_string()
            };
            let mut speech = format!(
                "the {}' u{} {what} in {}",
                u.owner.name(),
                u.id,
                place_key(place)
            );
            for f in &flags {
                speech.push_str(", ");
                speech.push_str(f);
            }
            out.push(Piece {
                code: format!("u{}", u.id),
                cell: place_key(place),
                at,
                size,
                fill,
                ink,
                title,
                values,
                flags,
                speech,
            });
            k += 1;
        }
    }
}

/// Turn and phase, the order of play, and each player's feudal points, with rules.
fn status(s: &State) -> Vec<String> {
    let mut out = vec![
        format!(
            "{}, game turn {} of {} (3.1)",
            month(s.turn),
            s.turn,
            s.options.last_turn
        ),
        format!("{} (3.2)", phase_title(&s.phase)),
    ];
    // What the bare numbers of the secret choices mean.
    if s.phase == super::state::Phase::Initiative {
        out.push(
            "Initiative: each player puts down gold markers in secret, the buttons say how \
             many; the highest total plays first (6.1)"
                .into(),
        );
    }
    if let Some(a) = &s.player_turn.vassalage.attempt {
        if a.attack.is_none() || a.defence.is_none() {
            out.push(format!(
                "Vassalage in {}: each side lays Vassalage markers face down, first how \
                 many 1s, then how many 2s (11.2)",
                super::data::Place::Square(a.square)
            ));
        }
    }
    if let Some(n) = &s.player_turn.combat.naming {
        out.push(format!(
            "Battle in {}: the commanders are being named (18.3)",
            n.place
        ));
    }
    if let Some(w) = &s.player_turn.negation.window {
        if let Some(first) = w.chain.first() {
            out.push(format!(
                "The {} play {}: {} (8.13)",
                first.power.name(),
                super::turn::negation::marker_name(&first.marker),
                match super::turn::negation::asked(s) {
                    Some(p) => format!("the {} may negate it", p.name()),
                    None => "it is being settled".into(),
                }
            ));
        }
    }
    if let Some(w) = &s.player_turn.counter.window {
        let asked = super::turn::counter_march::asked(s)
            .map(|p| format!("the {}", p.name()))
            .unwrap_or_else(|| "nobody".into());
        let what = if w.marching.is_some() {
            "march into it"
        } else {
            "decide whether to counter march into it"
        };
        out.push(format!(
            "The {}' force entered {}: {asked} {what} (16.7)",
            w.trigger.name(),
            w.square
        ));
    }
    out.extend(super::describe::deal_line(s));
    out.extend(super::describe::pact_lines(s));
    if !s.order.is_empty() {
        let order: Vec<&str> = s.order.iter().map(|p| p.name()).collect();
        out.push(format!("Order of play: {} (6.1)", order.join(", ")));
    }
    for c in victory_checks(s) {
        let powers: Vec<&str> = s.powers_of(c.seat).iter().map(|p| p.name()).collect();
        out.push(format!(
            "Player {} ({}): feudal {}, a king in a large town {} (at the end, {} and a \
             king win: 23.2)",
            c.seat.0 + 1,
            powers.join(", "),
            c.feudal,
            if c.king_placed { "yes" } else { "no" },
            data().tables.fixed.victory.min_feudal
        ));
    }
    for p in Power::ALL {
        out.push(format!(
            "{}: {} campaign markers in hand (8.2)",
            p.name(),
            s.power(p).hand.len()
        ));
    }
    out
}

/// The campaign markers in the hands the view's seats may see, each with what it does
/// (8.13).
fn hand(view: &G1066View) -> Vec<HandCard> {
    let s = &view.state;
    let names = s.options.seat_powers();
    let mut out = Vec::new();
    for p in Power::ALL {
        let Some(seat) = s.controller(p).filter(|c| view.seats.contains(c)) else {
            continue;
        };
        let owner = names
            .get(seat.0 as usize)
            .map(|q| q.key().to_string())
            .unwrap_or_default();
        for c in s.power(p).hand.iter().filter(|c| !c.is_unknown()) {
            out.push(hand_card(*c, p, &owner));
        }
    }
    out
}

fn hand_card(c: Chit, power: Power, owner: &str) -> HandCard {
    let (title, kind, text) = match c.marker() {
        Some(m) => (
            if m.values.is_empty() {
                m.name.clone()
            } else {
                format!("{} {}", m.name, c.value)
            },
            format!("{:?}", m.kind).to_ascii_lowercase(),
            format!("{} (8.13)", m.label),
        ),
        None => ("?".into(), "unknown".into(), String::new()),
    };
    HandCard {
        code: chit_text(c),
        owner: owner.to_string(),
        speech: format!("the {}' {title}: {text}", power.name()),
        title,
        kind,
        text,
        tappable: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::g1066::state_tests::new_game;
    use crate::games::g1066::view::view;

    #[test]
    fn g1066_scene_look_reads() {
        let look = read_look(SCENE_JSON).expect("scene.json reads");
        assert_eq!(look.powers.len(), 4);
        assert!(read_look("{}").is_err());
    }

    /// 7.1: every counter is on the board, and another power's face-down counters
    /// show nothing of what they are.
    #[test]
    fn g1066_7_1_scene_shows_every_counter_and_hides_the_others() {
        let s = new_game("two_players", 4);
        let b = board(&view(&s, &[Seat(0)]));
        assert_eq!(b.pieces.len(), s.units().count());
        assert_eq!(b.cells.len(), 10 * 19 + 2);
        for (place, power, u) in s.units() {
            let piece = b
                .pieces
                .iter()
                .find(|p| p.code == format!("u{}", u.id))
                .expect("on the board");
            assert_eq!(piece.cell, place_key(place));
            if s.controller(power) != Some(Seat(0)) && u.seen_by.is_empty() {
                assert_eq!((piece.title.as_str(), piece.values.as_str()), ("?", ""));
                assert!(piece.speech.contains("face down"), "{}", piece.speech);
            }
        }
        assert_eq!(b.hand.len(), s.power(Power::Normans).hand.len());
    }
}
