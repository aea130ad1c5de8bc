//! Hex grids made of vertical columns of flat-topped hexes, every other column sitting
//! half a hex lower. Columns and rows are numbered from 1 as printed on the maps.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A hex by its printed column and row. Signed so that off-map neighbours can be named.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Hex {
    pub col: i16,
    pub row: i16,
}

impl Hex {
    pub const fn new(col: i16, row: i16) -> Self {
        Hex { col, row }
    }
}

/// The six directions, in the order of a d6 on the Fury direction indicator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HexDir {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl HexDir {
    pub const ALL: [HexDir; 6] = [
        HexDir::N,
        HexDir::NE,
        HexDir::SE,
        HexDir::S,
        HexDir::SW,
        HexDir::NW,
    ];
}

/// Which printed columns are drawn half a hex lower than their neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LowColumns {
    Even,
    Odd,
}

/// How hexes are labelled on the printed map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HexLabels {
    /// Four digits, column then row: `0814`.
    ColRow4,
    /// A column letter then the row number: `C12` (columns A..Z, then AA..).
    LetterNumber,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexGrid {
    pub cols: i16,
    pub rows: i16,
    pub low: LowColumns,
    pub labels: HexLabels,
}

impl HexGrid {
    pub fn new(cols: i16, rows: i16, low: LowColumns, labels: HexLabels) -> Self {
        HexGrid {
            cols,
            rows,
            low,
            labels,
        }
    }

    pub fn len(&self) -> usize {
        (self.cols.max(0) as usize) * (self.rows.max(0) as usize)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn contains(&self, h: Hex) -> bool {
        (1..=self.cols).contains(&h.col) && (1..=self.rows).contains(&h.row)
    }

    /// A dense index for arrays, or None off the map.
    pub fn index(&self, h: Hex) -> Option<usize> {
        if self.contains(h) {
            Some(((h.col - 1) * self.rows + (h.row - 1)) as usize)
        } else {
            None
        }
    }

    pub fn hex_at(&self, index: usize) -> Hex {
        let rows = self.rows as usize;
        Hex::new((index / rows) as i16 + 1, (index % rows) as i16 + 1)
    }

    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.len()).map(|i| self.hex_at(i))
    }

    fn is_low(&self, col: i16) -> bool {
        match self.low {
            LowColumns::Even => col.rem_euclid(2) == 0,
            LowColumns::Odd => col.rem_euclid(2) == 1,
        }
    }

    /// The neighbour in a direction, which may lie off the map.
    pub fn step(&self, h: Hex, dir: HexDir) -> Hex {
        let low = self.is_low(h.col);
        let (dc, dr) = match (dir, low) {
            (HexDir::N, _) => (0, -1),
            (HexDir::S, _) => (0, 1),
            (HexDir::NE, false) => (1, -1),
            (HexDir::SE, false) => (1, 0),
            (HexDir::SW, false) => (-1, 0),
            (HexDir::NW, false) => (-1, -1),
            (HexDir::NE, true) => (1, 0),
            (HexDir::SE, true) => (1, 1),
            (HexDir::SW, true) => (-1, 1),
            (HexDir::NW, true) => (-1, 0),
        };
        Hex::new(h.col + dc, h.row + dr)
    }

    /// All six neighbours in direction order, on or off the map.
    pub fn neighbours_all(&self, h: Hex) -> [Hex; 6] {
        HexDir::ALL.map(|d| self.step(h, d))
    }

    /// The neighbours that lie on the map.
    pub fn neighbours(&self, h: Hex) -> impl Iterator<Item = Hex> + '_ {
        self.neighbours_all(h)
            .into_iter()
            .filter(move |n| self.contains(*n))
    }

    pub fn adjacent(&self, a: Hex, b: Hex) -> bool {
        self.distance(a, b) == 1
    }

    /// Axial coordinates (q, r) of a hex: q is the column, and r drops by one for every
    /// step N, so that distances come from the usual cube formula.
    pub fn axial(&self, h: Hex) -> (i32, i32) {
        let c = h.col as i32;
        // Number of low columns left of c: crossing from a low column to the next one
        // is where the printed row numbering slips half a hex against the axial one.
        let slip = match self.low {
            LowColumns::Even => (c - 1).div_euclid(2),
            LowColumns::Odd => c.div_euclid(2),
        };
        (c, h.row as i32 - slip)
    }

    pub fn distance(&self, a: Hex, b: Hex) -> u32 {
        let (aq, ar) = self.axial(a);
        let (bq, br) = self.axial(b);
        let dq = aq - bq;
        let dr = ar - br;
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }

    /// Every hex within `range` of `h` (including `h`), on the map.
    pub fn within(&self, h: Hex, range: u32) -> Vec<Hex> {
        let r = range as i16;
        let mut out = Vec::new();
        for col in (h.col - r).max(1)..=(h.col + r).min(self.cols) {
            for row in (h.row - r - 1).max(1)..=(h.row + r + 1).min(self.rows) {
                let x = Hex::new(col, row);
                if self.distance(h, x) <= range {
                    out.push(x);
                }
            }
        }
        out
    }

    /// Where a hex's centre is drawn, for hexes of circumradius `radius` with the
    /// top-left hex touching the origin: columns 1.5 radii apart, rows sqrt(3) radii
    /// apart, low columns half a row lower.
    pub fn drawn_centre(&self, h: Hex, radius: f32) -> (f32, f32) {
        let (x, y) = self.centre(h);
        (x as f32 * radius, y as f32 * radius)
    }

    /// A flat-topped hex's six corners, clockwise from the right-hand one.
    pub fn drawn_corners(&self, h: Hex, radius: f32) -> [(f32, f32); 6] {
        let (cx, cy) = self.drawn_centre(h, radius);
        let half = 3f32.sqrt() / 2.0 * radius;
        [
            (cx + radius, cy),
            (cx + radius / 2.0, cy + half),
            (cx - radius / 2.0, cy + half),
            (cx - radius, cy),
            (cx - radius / 2.0, cy - half),
            (cx + radius / 2.0, cy - half),
        ]
    }

    /// The drawn extent of the whole grid (width, height) for that radius.
    pub fn drawn_extent(&self, radius: f32) -> (f32, f32) {
        let row_height = 3f32.sqrt() * radius;
        let width = radius * (2.0 + 1.5 * f32::from(self.cols.max(1) - 1));
        let height = row_height * (f32::from(self.rows.max(1)) + 0.5);
        (width, height)
    }

    pub fn label(&self, h: Hex) -> String {
        let mut out = String::with_capacity(4);
        self.write_label(h, &mut out);
        out
    }

    /// Appends the printed label of `h` to `out`. Labels are written for every legal
    /// action and every hex of a scene, so the common case (two two-digit numbers)
    /// skips the formatting machinery.
    pub fn write_label(&self, h: Hex, out: &mut String) {
        use std::fmt::Write;
        match self.labels {
            HexLabels::ColRow4 => {
                for n in [h.col, h.row] {
                    match u8::try_from(n) {
                        Ok(n) if n < 100 => {
                            out.push(char::from(b'0' + n / 10));
                            out.push(char::from(b'0' + n % 10));
                        }
                        _ => {
                            let _ = write!(out, "{n:02}");
                        }
                    }
                }
            }
            HexLabels::LetterNumber => {
                let _ = write!(out, "{}{}", column_letters(h.col), h.row);
            }
        }
    }

    /// Parses a printed label. Hexes off the map are refused.
    pub fn parse(&self, text: &str) -> Option<Hex> {
        let t = text.trim();
        let h = match self.labels {
            HexLabels::ColRow4 => {
                if t.len() != 4 || !t.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                Hex::new(t[..2].parse().ok()?, t[2..].parse().ok()?)
            }
            HexLabels::LetterNumber => {
                let split = t.find(|c: char| c.is_ascii_digit())?;
                let (letters, digits) = t.split_at(split);
                if letters.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                Hex::new(parse_column_letters(letters)?, digits.parse().ok()?)
            }
        };
        self.contains(h).then_some(h)
    }

    /// Centre of a hex in map units where a hex is 2 units wide corner to corner
    /// (flat-topped): for drawing.
    pub fn centre(&self, h: Hex) -> (f64, f64) {
        let x = 1.5 * (h.col - 1) as f64 + 1.0;
        let half = if self.is_low(h.col) { 0.5 } else { 0.0 };
        let y = 3f64.sqrt() * ((h.row - 1) as f64 + half + 0.5);
        (x, y)
    }
}

fn column_letters(col: i16) -> String {
    let mut n = col as i32;
    let mut s = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        s.push(b'A' + rem as u8);
        n = (n - 1) / 26;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

fn parse_column_letters(text: &str) -> Option<i16> {
    let mut n: i32 = 0;
    for b in text.bytes() {
        let b = b.to_ascii_uppercase();
        if !b.is_ascii_uppercase() {
            return None;
        }
        n = n * 26 + (b - b'A' + 1) as i32;
        if n > i16::MAX as i32 {
            return None;
        }
    }
    Some(n as i16)
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}{:02}", self.col, self.row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_drawn_side_by_side() {
        // A hex and each of its neighbours are exactly one row height apart, corner
        // to corner, so the drawing has neither gaps nor overlaps.
        let grid = HexGrid::new(20, 22, LowColumns::Even, HexLabels::ColRow4);
        let r = 10.0;
        for h in [
            Hex::new(1, 1),
            Hex::new(2, 5),
            Hex::new(7, 8),
            Hex::new(20, 22),
        ] {
            let (x, y) = grid.drawn_centre(h, r);
            for n in grid.neighbours_all(h) {
                let (nx, ny) = grid.drawn_centre(n, r);
                let d = ((nx - x).powi(2) + (ny - y).powi(2)).sqrt();
                assert!((d - 3f32.sqrt() * r).abs() < 1e-3, "{h:?} to {n:?}: {d}");
            }
        }
        let (w, h) = grid.drawn_extent(r);
        let (x, y) = grid.drawn_centre(Hex::new(20, 22), r);
        assert!((w - (x + r)).abs() < 1e-3);
        assert!((h - (y + 3f32.sqrt() / 2.0 * r)).abs() < 1e-3);
    }

    fn fury() -> HexGrid {
        HexGrid::new(20, 22, LowColumns::Even, HexLabels::ColRow4)
    }

    #[test]
    fn board_hex_neighbours_follow_column_parity() {
        let g = fury();
        // Odd column (high): N, NE, SE, S, SW, NW.
        let n: Vec<String> = g
            .neighbours_all(Hex::new(7, 10))
            .iter()
            .map(|h| g.label(*h))
            .collect();
        assert_eq!(n, ["0709", "0809", "0810", "0711", "0610", "0609"]);
        // Even column (low).
        let n: Vec<String> = g
            .neighbours_all(Hex::new(8, 10))
            .iter()
            .map(|h| g.label(*h))
            .collect();
        assert_eq!(n, ["0809", "0910", "0911", "0811", "0711", "0710"]);
    }

    #[test]
    fn board_hex_distance_matches_breadth_first_search() {
        for low in [LowColumns::Even, LowColumns::Odd] {
            let g = HexGrid::new(12, 10, low, HexLabels::ColRow4);
            for start in g.hexes() {
                let mut dist = vec![u32::MAX; g.len()];
                let mut queue = std::collections::VecDeque::new();
                dist[g.index(start).unwrap()] = 0;
                queue.push_back(start);
                while let Some(h) = queue.pop_front() {
                    let d = dist[g.index(h).unwrap()];
                    for n in g.neighbours(h) {
                        let i = g.index(n).unwrap();
                        if dist[i] == u32::MAX {
                            dist[i] = d + 1;
                            queue.push_back(n);
                        }
                    }
                }
                for h in g.hexes() {
                    assert_eq!(
                        g.distance(start, h),
                        dist[g.index(h).unwrap()],
                        "{start} {h}"
                    );
                }
            }
        }
    }

    #[test]
    fn board_hex_labels_round_trip() {
        let g = fury();
        assert_eq!(g.parse("0814"), Some(Hex::new(8, 14)));
        assert_eq!(g.parse("2123"), None);
        assert_eq!(g.parse("08x4"), None);
        let r = HexGrid::new(30, 20, LowColumns::Odd, HexLabels::LetterNumber);
        for h in r.hexes() {
            assert_eq!(r.parse(&r.label(h)), Some(h));
        }
        assert_eq!(r.label(Hex::new(27, 3)), "AA3");
        for h in g.hexes() {
            assert_eq!(g.parse(&g.label(h)), Some(h));
        }
        assert_eq!(g.label(Hex::new(8, 4)), "0804");
        // Off the printed range, still written as the numbers are.
        assert_eq!(g.label(Hex::new(-1, 123)), "-1123");
    }

    #[test]
    fn board_hex_within_range() {
        let g = fury();
        assert_eq!(g.within(Hex::new(10, 10), 1).len(), 7);
        assert_eq!(g.within(Hex::new(10, 10), 2).len(), 19);
        assert_eq!(g.within(Hex::new(1, 1), 1).len(), 3);
    }
}
