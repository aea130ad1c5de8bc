//! The words a game draws its board with (issue 11): cells as polygons, pieces with the
//! values their counters show, markers and status lines, in map units, from a view.
//! Each game's presentation module builds a [`Board`] (`Presentation::board`); the
//! shared scene (`core/src/scene/`) adds what the touch layer highlights, the buttons
//! and the prompt, hit-tests taps and draws SVG. No rule reads any of it.

use serde::Serialize;

/// A point in map units: x to the right, y down, as SVG has them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

impl Point {
    pub const fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }
}

/// A colour, 8 bits a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb` or `rrggbb`; None for anything else.
    pub fn parse(text: &str) -> Option<Rgb> {
        let hex = text.trim().trim_start_matches('#');
        if hex.len() != 6 || !hex.is_ascii() {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        Some(Rgb(byte(0)?, byte(2)?, byte(4)?))
    }

    /// `#rrggbb`.
    pub fn css(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// The Okabe-Ito palette (Okabe and Ito, "Color Universal Design", 2008): eight colours
/// that people with the common colour-vision deficiencies still tell apart. Sides and
/// markers take their colours from it; terrain uses light tints behind them.
pub mod palette {
    use super::Rgb;
    pub const BLACK: Rgb = Rgb(0x00, 0x00, 0x00);
    pub const ORANGE: Rgb = Rgb(0xe6, 0x9f, 0x00);
    pub const SKY_BLUE: Rgb = Rgb(0x56, 0xb4, 0xe9);
    pub const BLUISH_GREEN: Rgb = Rgb(0x00, 0x9e, 0x73);
    pub const YELLOW: Rgb = Rgb(0xf0, 0xe4, 0x42);
    pub const BLUE: Rgb = Rgb(0x00, 0x72, 0xb2);
    pub const VERMILLION: Rgb = Rgb(0xd5, 0x5e, 0x00);
    pub const REDDISH_PURPLE: Rgb = Rgb(0xcc, 0x79, 0xa7);
    pub const WHITE: Rgb = Rgb(0xff, 0xff, 0xff);
}

/// What a game draws: its whole board as the view's seats may see it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Board {
    /// The map's extent, from (0, 0).
    pub width: f32,
    pub height: f32,
    pub cells: Vec<Cell>,
    /// Whether each cell shows its label: hex numbers people read off a printed map
    /// (Fury), not ids that only the notation uses (878's shires show their names).
    pub show_labels: bool,
    /// Roads, rivers, coasts: drawn over the cells, under the pieces.
    pub lines: Vec<Line>,
    /// In drawing order: a later piece lies on top of an earlier one.
    pub pieces: Vec<Piece>,
    pub markers: Vec<Marker>,
    /// Words on the map itself: a tray's title, a sea's name.
    pub captions: Vec<Caption>,
    /// The sides and what their colours are, for the legend.
    pub sides: Vec<SideKey>,
    /// What stands beside the map: turn and phase, the score, each with its rule.
    pub status: Vec<String>,
    /// The cards in the hands the view's seats may see, each with what it does.
    pub hand: Vec<HandCard>,
    /// Cards a seat of the view may choose from now that are in no hand (878's Advanced
    /// Setup deck, Setup 18), described as the hand's are; tapping one picks it.
    pub offered: Vec<HandCard>,
    /// How buttons show words of the game's notation that are ids, not words people
    /// read (1066's `alan` is "Alan"); a word not listed is shown as it is.
    pub word_labels: Vec<(String, String)>,
}

/// One card in a hand: tapping it is the target `Target::Card(code)`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HandCard {
    /// Its id in the notation and the targets (`11`).
    pub code: String,
    /// Whose hand it is in (`norsemen`).
    pub owner: String,
    /// Its name as printed (`Danegeld`).
    pub title: String,
    /// What kind of card it is, as a key (`movement`, `event`, `treaty`).
    pub kind: String,
    /// What it does and when it may be played, in our own words, with its rule.
    pub text: String,
    pub speech: String,
    /// Whether the next tap may be this card: set by the shared scene from the touch
    /// layer for the deciding seat's own cards (two hands in one view may hold the same
    /// number); a game leaves it false.
    pub tappable: bool,
}

/// Whether a point lies inside a polygon (even-odd rule; a point on an edge may go
/// either way).
pub fn polygon_contains(polygon: &[Point], p: Point) -> bool {
    let mut inside = false;
    let n = polygon.len();
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + n - 1) % n]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
    }
    inside
}

impl Board {
    /// What a button for the notation word `word` says.
    pub fn word_label<'a>(&'a self, word: &'a str) -> &'a str {
        self.word_labels
            .iter()
            .find(|(w, _)| w == word)
            .map_or(word, |(_, label)| label.as_str())
    }

    /// Where the pieces of the cell labelled `label` stand, if the board has it.
    pub fn centre_of(&self, label: &str) -> Option<Point> {
        self.cells
            .iter()
            .find(|c| c.label == label)
            .map(|c| c.centre)
    }
}

/// The flags that say a unit has done its part this phase.
const SPENT_FLAGS: [&str; 3] = ["moved", "attacked", "stunned"];

impl Piece {
    /// Whether the unit has done its part this phase (moved, attacked, stunned): every
    /// painter marks it with a white dot, so the apps need not know the games' flags.
    pub fn is_spent(&self) -> bool {
        self.flags.iter().any(|f| SPENT_FLAGS.contains(&f.as_str()))
    }

    /// Whether it holds something (loot, a captive: a `holds N` flag): a yellow dot.
    pub fn is_holding(&self) -> bool {
        self.flags.iter().any(|f| f.starts_with("holds"))
    }
}

impl Cell {
    /// Whether a point lies in the cell: in its outline or any of its other parts.
    pub fn contains(&self, p: Point) -> bool {
        polygon_contains(&self.outline, p)
            || self.parts.iter().any(|part| polygon_contains(part, p))
    }
}

/// One cell of the map: a hex, an area, a square.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// The label the notation and the targets use (`0802`, `wessex`).
    pub label: String,
    /// Corners in order around the cell.
    pub outline: Vec<Point>,
    /// More polygons of the same cell, drawn and tapped like its outline: an island
    /// that belongs to a shire (the Isle of Wight). Empty for most cells.
    pub parts: Vec<Vec<Point>>,
    /// Where what stands in it is drawn.
    pub centre: Point,
    /// Where its name or caption is drawn, when not at `centre` (a coastal shire whose
    /// name would sit under its counters).
    pub label_at: Option<Point>,
    /// The terrain's key in the game's data (`clear`, `woods`, `sea`).
    pub terrain: String,
    pub fill: Rgb,
    /// A word drawn in the cell (a building's name), if any.
    pub caption: Option<String>,
    /// What a screen reader says for the cell.
    pub speech: String,
}

/// A line across the map: a road, a river, a coast.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    /// What it is, as a key (`road`).
    pub kind: String,
    pub points: Vec<Point>,
    pub colour: Rgb,
    pub width: f32,
}

/// One piece on the map: a counter, a Leader, a block.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Piece {
    /// Its code in the notation and the targets (`VI01`).
    pub code: String,
    /// The cell it stands in.
    pub cell: String,
    /// The centre of its counter, and the counter's side length.
    pub at: Point,
    pub size: f32,
    pub fill: Rgb,
    /// The colour its text is drawn in.
    pub ink: Rgb,
    /// The short name on the counter (`Inf`).
    pub title: String,
    /// The values the counter shows (`4-3-4`), empty when it has none.
    pub values: String,
    /// How it stands now (`moved`, `stunned`, `holds 2`): drawn as marks.
    pub flags: Vec<String>,
    pub speech: String,
}

/// Anything else on the map: a Fire, a Ship, a sacked building, a control marker.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Marker {
    /// The cell it is in, if it is in one.
    pub cell: Option<String>,
    pub at: Point,
    pub size: f32,
    /// What it is, as a key (`fire`, `ship`, `sacked`).
    pub kind: String,
    /// The word or figure drawn on it.
    pub text: String,
    pub fill: Rgb,
    pub speech: String,
}

/// Words drawn on the map, starting at `at` (the left end of their baseline).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Caption {
    pub at: Point,
    pub text: String,
    pub size: f32,
}

/// A side, its colour, and a word about it for the legend.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideKey {
    pub name: String,
    pub fill: Rgb,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_read_and_write_as_css() {
        assert_eq!(Rgb::parse("#d55e00"), Some(palette::VERMILLION));
        assert_eq!(Rgb::parse("0072B2"), Some(palette::BLUE));
        assert_eq!(Rgb::parse("#12345"), None);
        assert_eq!(Rgb::parse("#gg0000"), None);
        assert_eq!(Rgb::parse("#é00000"), None);
        assert_eq!(palette::ORANGE.css(), "#e69f00");
    }

    #[test]
    fn a_piece_is_spent_when_it_moved_attacked_or_is_stunned_and_holding_when_it_holds() {
        let piece = |flags: &[&str]| Piece {
            code: "VI01".into(),
            cell: "0915".into(),
            at: Point::new(0.0, 0.0),
            size: 40.0,
            fill: palette::VERMILLION,
            ink: palette::BLACK,
            title: "Inf".into(),
            values: "4-3-4".into(),
            flags: flags.iter().map(|f| f.to_string()).collect(),
            speech: String::new(),
        };
        let marks = |p: Piece| (p.is_spent(), p.is_holding());
        assert_eq!(marks(piece(&[])), (false, false));
        assert_eq!(marks(piece(&["moved"])), (true, false));
        assert_eq!(marks(piece(&["attacked", "holds 2"])), (true, true));
        assert_eq!(marks(piece(&["stunned"])), (true, false));
        assert_eq!(marks(piece(&["holds 1"])), (false, true));
        assert_eq!(marks(piece(&["sacked"])), (false, false));
    }
}
