//! Square grids labelled by column letter(s) then row number, as on 1066's map of
//! Britain (`C6` is Edinburgh). Columns and rows are numbered from 1 as printed.

use serde::{Deserialize, Serialize};

/// A square by its printed column and row. Signed so that off-map neighbours can be named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square {
    pub col: i16,
    pub row: i16,
}

impl Square {
    /// A square by printed column and row, on the map or not.
    pub const fn new(col: i16, row: i16) -> Self {
        Square { col, row }
    }
}

/// The eight steps clockwise from north; the even entries are the orthogonal ones.
const STEPS: [(i16, i16); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// A rectangle of `cols` × `rows` squares; columns are lettered A, B, .., Z, AA, ..
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquareGrid {
    pub cols: i16,
    pub rows: i16,
}

impl SquareGrid {
    /// A grid of `cols` columns (A, B, ..) and `rows` rows (1, 2, ..).
    pub fn new(cols: i16, rows: i16) -> Self {
        SquareGrid { cols, rows }
    }

    /// Number of squares, for sizing dense arrays.
    pub fn len(&self) -> usize {
        (self.cols.max(0) as usize) * (self.rows.max(0) as usize)
    }

    /// Whether the grid has no squares at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether a square lies on the map.
    pub fn contains(&self, sq: Square) -> bool {
        (1..=self.cols).contains(&sq.col) && (1..=self.rows).contains(&sq.row)
    }

    /// A dense index for arrays (column by column), or None off the map.
    pub fn index(&self, sq: Square) -> Option<usize> {
        if !self.contains(sq) {
            return None;
        }
        let (col, row) = ((sq.col - 1) as usize, (sq.row - 1) as usize);
        Some(col * self.rows as usize + row)
    }

    /// The square with a dense index: the inverse of [`SquareGrid::index`].
    pub fn square_at(&self, index: usize) -> Option<Square> {
        if index >= self.len() {
            return None;
        }
        let rows = self.rows as usize;
        Some(Square::new(
            (index / rows) as i16 + 1,
            (index % rows) as i16 + 1,
        ))
    }

    /// Every square in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.len()).filter_map(|i| self.square_at(i))
    }

    /// On-map neighbours clockwise from north: the 4 orthogonal ones, or all 8 with
    /// `diagonal` (games differ on whether a corner touch counts as adjacent).
    pub fn neighbours(&self, sq: Square, diagonal: bool) -> impl Iterator<Item = Square> + '_ {
        STEPS
            .iter()
            .enumerate()
            .filter(move |(i, _)| diagonal || i % 2 == 0)
            .filter_map(move |(_, &(dc, dr))| {
                Some(Square::new(
                    sq.col.checked_add(dc)?,
                    sq.row.checked_add(dr)?,
                ))
            })
            .filter(move |n| self.contains(*n))
    }

    /// Orthogonal steps between two squares (Manhattan distance).
    pub fn distance_orthogonal(&self, a: Square, b: Square) -> u32 {
        let (dc, dr) = deltas(a, b);
        dc + dr
    }

    /// Steps between two squares when diagonal steps are allowed (Chebyshev distance).
    pub fn distance_king(&self, a: Square, b: Square) -> u32 {
        let (dc, dr) = deltas(a, b);
        dc.max(dr)
    }

    /// The printed label: column letters then row number, `C12`.
    pub fn label(&self, sq: Square) -> String {
        format!("{}{}", column_letters(sq.col), sq.row)
    }

    /// Parses a printed label (letters in either case). Malformed labels and squares off
    /// the map are refused.
    pub fn parse(&self, text: &str) -> Option<Square> {
        let t = text.trim();
        let split = t.find(|c: char| c.is_ascii_digit())?;
        let (letters, digits) = t.split_at(split);
        if letters.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let sq = Square::new(parse_column_letters(letters)?, digits.parse().ok()?);
        self.contains(sq).then_some(sq)
    }
}

fn deltas(a: Square, b: Square) -> (u32, u32) {
    let dc = (a.col as i32 - b.col as i32).unsigned_abs();
    let dr = (a.row as i32 - b.row as i32).unsigned_abs();
    (dc, dr)
}

/// Bijective base 26: 1 → A, 26 → Z, 27 → AA. Nothing for columns below 1.
fn column_letters(col: i16) -> String {
    let mut n = col as i32;
    let mut out = Vec::new();
    while n > 0 {
        out.push(char::from(b'A' + ((n - 1) % 26) as u8));
        n = (n - 1) / 26;
    }
    out.into_iter().rev().collect()
}

fn parse_column_letters(text: &str) -> Option<i16> {
    let mut n: i32 = 0;
    for b in text.bytes() {
        if !b.is_ascii_alphabetic() {
            return None;
        }
        n = n * 26 + (b.to_ascii_uppercase() - b'A' + 1) as i32;
        if n > i16::MAX as i32 {
            return None;
        }
    }
    Some(n as i16)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn britain() -> SquareGrid {
        SquareGrid::new(12, 16)
    }

    fn labels(g: &SquareGrid, sqs: impl Iterator<Item = Square>) -> Vec<String> {
        sqs.map(|s| g.label(s)).collect()
    }

    #[test]
    fn board_square_neighbours_in_the_middle() {
        let g = britain();
        let c6 = Square::new(3, 6);
        assert_eq!(
            labels(&g, g.neighbours(c6, false)),
            ["C5", "D6", "C7", "B6"]
        );
        assert_eq!(
            labels(&g, g.neighbours(c6, true)),
            ["C5", "D5", "D6", "D7", "C7", "B7", "B6", "B5"]
        );
    }

    #[test]
    fn board_square_neighbours_at_edge() {
        let g = britain();
        assert_eq!(
            labels(&g, g.neighbours(Square::new(1, 1), false)),
            ["B1", "A2"]
        );
        assert_eq!(
            labels(&g, g.neighbours(Square::new(1, 1), true)),
            ["B1", "B2", "A2"]
        );
        assert_eq!(g.neighbours(Square::new(12, 16), true).count(), 3);
        assert_eq!(g.neighbours(Square::new(12, 8), true).count(), 5);
        // Extreme coordinates neither overflow nor reach the map.
        let far = Square::new(i16::MAX, i16::MIN);
        assert_eq!(g.neighbours(far, true).count(), 0);
    }

    #[test]
    fn board_square_distances() {
        let g = britain();
        let (a, b) = (Square::new(2, 3), Square::new(7, 1));
        assert_eq!(g.distance_orthogonal(a, b), 7);
        assert_eq!(g.distance_king(a, b), 5);
        assert_eq!(g.distance_king(a, a), 0);
        let (lo, hi) = (
            Square::new(i16::MIN, i16::MIN),
            Square::new(i16::MAX, i16::MAX),
        );
        assert_eq!(g.distance_orthogonal(lo, hi), 2 * u16::MAX as u32);
    }

    #[test]
    fn board_square_index_round_trips() {
        let g = britain();
        for (i, sq) in g.squares().enumerate() {
            assert_eq!(g.index(sq), Some(i));
        }
        assert_eq!(g.squares().count(), g.len());
        assert_eq!(g.square_at(g.len()), None);
        assert_eq!(g.index(Square::new(0, 1)), None);
        assert_eq!(SquareGrid::new(0, 0).square_at(0), None);
        assert_eq!(SquareGrid::new(-3, 5).squares().count(), 0);
    }

    #[test]
    fn board_square_labels_round_trip() {
        let g = SquareGrid::new(30, 12);
        for sq in g.squares() {
            assert_eq!(g.parse(&g.label(sq)), Some(sq));
        }
        assert_eq!(g.label(Square::new(3, 12)), "C12");
        assert_eq!(g.label(Square::new(27, 1)), "AA1");
        assert_eq!(g.parse(" c6 "), Some(Square::new(3, 6)));
    }

    #[test]
    fn board_square_parse_refuses_bad_labels() {
        let g = britain();
        for bad in [
            "",
            "C",
            "6",
            "M1",
            "A17",
            "A0",
            "A06",
            "A-1",
            "C 6",
            "C6x",
            "Ä6",
            "ZZZZZ1",
            "A99999999",
        ] {
            assert_eq!(g.parse(bad), None, "{bad:?}");
        }
    }
}
