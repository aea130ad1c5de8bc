//! Line of sight on hex grids, by the classic rule: a straight line joins the two hex
//! centres; it is blocked by any blocking hex it passes through, and where it runs
//! exactly along the edge between two hexes, only when both of them block.

use super::hex::{Hex, HexGrid};

/// A nudge off the line, not parallel to any hex edge, so that a point lying exactly on
/// an edge rounds to one side with `+` and to the other with `-`. Sample points are at
/// least 1/(2 · distance) from any edge they do not lie on, far beyond this.
const NUDGE: [f64; 3] = [1e-9, 2e-9, -3e-9];

/// The hexes a straight line from the centre of `a` to the centre of `b` passes through,
/// endpoints excluded: one entry per intermediate step, holding the one hex crossed, or
/// the two hexes (in ascending order) whose shared edge the line runs along. Hexes off
/// the map are listed like any other; only the grid's geometry is used. Reversing `a`
/// and `b` reverses the list exactly.
///
/// This is the usual hex line: one sample per step, at the distance-th parts of the
/// line. Where the true line only clips the corner of a hex between two samples, that
/// hex is not listed (0101 to 0207 with even columns low clips 0203).
pub fn hexes_between(grid: &HexGrid, a: Hex, b: Hex) -> Vec<Vec<Hex>> {
    let from = cube(grid, a);
    let to = cube(grid, b);
    let n = grid.distance(a, b) as i64;
    let mut out = Vec::new();
    for i in 1..n {
        // Integer weights, one division: the same point whichever end we start from.
        let p = [0, 1, 2].map(|k| (from[k] * (n - i) + to[k] * i) as f64 / n as f64);
        let plus = round_cube([0, 1, 2].map(|k| p[k] + NUDGE[k]));
        let minus = round_cube([0, 1, 2].map(|k| p[k] - NUDGE[k]));
        let mut step: Vec<Hex> = [plus, minus]
            .into_iter()
            .filter_map(|c| from_cube(grid, c))
            .collect();
        step.sort_unstable();
        step.dedup();
        out.push(step);
    }
    out
}

/// Whether `a` sees `b`: no intermediate step of the line is wholly blocking. The two
/// endpoints never block, so neighbours always see each other.
pub fn line_of_sight(grid: &HexGrid, a: Hex, b: Hex, blocks: impl Fn(Hex) -> bool) -> bool {
    let blocking = |h: Hex| h != a && h != b && blocks(h);
    hexes_between(grid, a, b)
        .iter()
        .all(|step| !step.iter().all(|&h| blocking(h)))
}

fn cube(grid: &HexGrid, h: Hex) -> [i64; 3] {
    let (q, r) = grid.axial(h);
    let (q, r) = (q as i64, r as i64);
    [q, r, -q - r]
}

/// The hex whose cell holds a fractional cube point: round each coordinate, then mend
/// the one that moved furthest so that they sum to zero again.
fn round_cube(p: [f64; 3]) -> [i64; 3] {
    let mut c = p.map(|x| x.round() as i64);
    let d = [0, 1, 2].map(|k| (c[k] as f64 - p[k]).abs());
    if d[0] > d[1] && d[0] > d[2] {
        c[0] = -c[1] - c[2];
    } else if d[1] > d[2] {
        c[1] = -c[0] - c[2];
    } else {
        c[2] = -c[0] - c[1];
    }
    c
}

/// Back from cube to printed coordinates: the column is q, and the row is r plus the
/// column's slip, read off the grid's own axial mapping of row 0.
fn from_cube(grid: &HexGrid, c: [i64; 3]) -> Option<Hex> {
    let col = i16::try_from(c[0]).ok()?;
    let slip = -(grid.axial(Hex::new(col, 0)).1 as i64);
    let row = i16::try_from(c[1] + slip).ok()?;
    Some(Hex::new(col, row))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::hex::{HexDir, HexLabels, LowColumns};

    fn grids() -> [HexGrid; 2] {
        [LowColumns::Even, LowColumns::Odd].map(|low| HexGrid::new(9, 8, low, HexLabels::ColRow4))
    }

    /// A fixed scatter of blockers, about one hex in three.
    fn scatter(h: Hex) -> bool {
        let x = (h.col as u32).wrapping_mul(2_654_435_761) ^ (h.row as u32).wrapping_mul(40_503);
        x.wrapping_mul(2_246_822_519) >> 29 < 3
    }

    #[test]
    fn board_los_adjacent_hexes_always_see_each_other() {
        for g in grids() {
            for a in g.hexes() {
                assert!(line_of_sight(&g, a, a, |_| true));
                for b in g.neighbours(a) {
                    assert!(hexes_between(&g, a, b).is_empty());
                    assert!(line_of_sight(&g, a, b, |_| true), "{a} {b}");
                }
            }
        }
    }

    #[test]
    fn board_los_column_line_blocked_between() {
        let [g, _] = grids();
        let (a, b) = (Hex::new(4, 2), Hex::new(4, 7));
        let between: Vec<Vec<Hex>> = (3..=6).map(|r| vec![Hex::new(4, r)]).collect();
        assert_eq!(hexes_between(&g, a, b), between);
        assert!(!line_of_sight(&g, a, b, |h| h == Hex::new(4, 5)));
        assert!(line_of_sight(&g, a, b, |h| h == Hex::new(5, 5) || h == Hex::new(3, 4)));
        assert!(line_of_sight(&g, a, b, |h| h == a || h == b));
    }

    #[test]
    fn board_los_along_an_edge_needs_both_hexes_blocking() {
        for g in grids() {
            let a = Hex::new(4, 4);
            let (ne, se) = (g.step(a, HexDir::NE), g.step(a, HexDir::SE));
            let b = g.step(ne, HexDir::SE);
            assert_eq!(hexes_between(&g, a, b), [vec![ne.min(se), ne.max(se)]]);
            assert!(line_of_sight(&g, a, b, |h| h == ne));
            assert!(line_of_sight(&g, a, b, |h| h == se));
            assert!(!line_of_sight(&g, a, b, |h| h == ne || h == se));
            // Twice as far along the same line: edge, hex, edge.
            let c = g.step(g.step(b, HexDir::NE), HexDir::SE);
            let steps = hexes_between(&g, a, c);
            assert_eq!(steps.iter().map(Vec::len).collect::<Vec<_>>(), [2, 1, 2]);
            assert_eq!(steps[1], [b]);
        }
    }

    #[test]
    fn board_los_is_symmetric() {
        for g in grids() {
            for a in g.hexes() {
                for b in g.hexes() {
                    let mut back = hexes_between(&g, b, a);
                    back.reverse();
                    assert_eq!(hexes_between(&g, a, b), back, "{a} {b}");
                    assert_eq!(
                        line_of_sight(&g, a, b, scatter),
                        line_of_sight(&g, b, a, scatter),
                        "{a} {b}"
                    );
                }
            }
        }
    }

    #[test]
    fn board_los_steps_walk_hex_by_hex() {
        for g in grids() {
            for a in g.hexes() {
                for b in g.hexes() {
                    let steps = hexes_between(&g, a, b);
                    let n = g.distance(a, b) as usize;
                    assert_eq!(steps.len(), n.saturating_sub(1));
                    for (i, step) in steps.iter().enumerate() {
                        for &h in step {
                            assert_eq!(g.distance(a, h) as usize, i + 1, "{a} {b} {h}");
                            assert_eq!(g.distance(h, b) as usize, n - i - 1, "{a} {b} {h}");
                        }
                        if let [x, y] = step[..] {
                            assert!(g.adjacent(x, y), "{a} {b}");
                        }
                    }
                }
            }
        }
    }
}
