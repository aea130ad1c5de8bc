//! Where a finger is on the board, and what it may mean (issue 12). The core alone says
//! what a tap means ([`super::tap_at`]); this module answers the questions a device asks
//! before and around a tap, so that no app re-implements the board's geometry:
//!
//! - [`aim`]: where a finger taps to reach a target as it is drawn (a counter deep in a
//!   stack shows only a strip; a hex may be half covered by its counters);
//! - [`spread`]: whether a finger-sized tap touches several counters any of which may be
//!   tapped next, and so should open their stack out for the person to choose;
//! - [`describe`]: what a screen reader says of a point, from the words the game gives
//!   every cell, counter and marker, with what the touch layer says of them.
//!
//! All of it reads the board as drawn: a later piece lies on top of an earlier one, a
//! counter is a square of its `size` around its `at`.

use crate::engine::scene::{Board, Cell, Piece, Point};
use crate::engine::Target;

use super::Highlights;

/// A crowded stack opened out: the choices to show side by side near `anchor`.
#[derive(Clone, Debug, PartialEq)]
pub struct Spread {
    /// The middle of the stack, in map units.
    pub anchor: Point,
    /// The counters as drawn (bottom first), then the cell when the next tap may be it.
    pub choices: Vec<Target>,
}

/// How many sample points across a finger's width (odd: one at its centre).
const FINGER_SAMPLES: i32 = 9;

/// How many sample points across a counter or a cell when looking for a clear spot.
const AIM_SAMPLES: i32 = 17;

impl Piece {
    /// Whether a point lies on its counter's square.
    pub fn covers(&self, p: Point) -> bool {
        (p.x - self.at.x).abs() <= self.size / 2.0 && (p.y - self.at.y).abs() <= self.size / 2.0
    }

    /// Whether two counters' squares overlap: one stack to the eye.
    fn overlaps(&self, other: &Piece) -> bool {
        (self.at.x - other.at.x).abs() < (self.size + other.size) / 2.0
            && (self.at.y - other.at.y).abs() < (self.size + other.size) / 2.0
    }
}

/// The counter drawn on top at a point, if any.
pub fn top_piece_at(board: &Board, p: Point) -> Option<&Piece> {
    board.pieces.iter().rev().find(|piece| piece.covers(p))
}

/// The cell a point lies in, if any.
pub fn cell_at(board: &Board, p: Point) -> Option<&Cell> {
    board.cells.iter().find(|c| c.contains(p))
}

/// Where a finger aims to tap `target` on the board: for a counter, the point of its
/// square nearest its centre that no counter drawn after it covers; for a cell (or a
/// waypoint through it), the point of the cell nearest its centre that no counter covers.
/// The centre itself when everything is covered (a tap there then reaches what lies on
/// top, and [`spread`] offers the rest). None when the board has no such piece or cell.
pub fn aim(board: &Board, target: &Target) -> Option<Point> {
    match target {
        Target::Piece(code) => {
            let index = board.pieces.iter().position(|p| &p.code == code)?;
            let piece = &board.pieces[index];
            let above = &board.pieces[index + 1..];
            let half = piece.size / 2.0 - piece.size / 16.0;
            let clear = |p: &Point| !above.iter().any(|o| o.covers(*p));
            Some(nearest(piece.at, grid(piece.at, half, half), clear))
        }
        Target::Cell(label) | Target::Via(label) => {
            let cell = board.cells.iter().find(|c| &c.label == label)?;
            let (min, max) = bounds(&cell.outline)?;
            let middle = Point::new((min.x + max.x) / 2.0, (min.y + max.y) / 2.0);
            let points = grid(middle, (max.x - min.x) / 2.0, (max.y - min.y) / 2.0);
            // Markers are not hit (a tap through one reaches the cell), so only counters count.
            let clear = |p: &Point| cell.contains(*p) && !board.pieces.iter().any(|o| o.covers(*p));
            Some(nearest(cell.centre, points, clear))
        }
        _ => None,
    }
}

/// The spread to open for a tap of a finger `radius` map units wide (half its width) at
/// `at`, or None when the tap is clear and should go to the core as it is. A tap is not
/// clear when the finger touches the visible parts of two or more counters and any
/// counter of their stack may be tapped next (`next`, the touch layer's highlights).
pub fn spread(board: &Board, next: &[Target], at: Point, radius: f32) -> Option<Spread> {
    let touched = pieces_under_finger(board, at, radius);
    if touched.len() < 2 {
        return None;
    }
    let stack = with_stack_mates(board, &touched);
    let piece_target = |p: &Piece| Target::Piece(p.code.clone());
    // Only a choice among counters that may be tapped next is worth asking about.
    if !stack.iter().any(|p| next.contains(&piece_target(p))) {
        return None;
    }
    let mut choices: Vec<Target> = stack.iter().map(|p| piece_target(p)).collect();
    // The cell itself, when the next tap may be it: the finger may have meant it too.
    let mut cells: Vec<&str> = Vec::new();
    for label in cell_at(board, at)
        .map(|c| c.label.as_str())
        .into_iter()
        .chain(stack.iter().map(|p| p.cell.as_str()))
    {
        if !cells.contains(&label) {
            cells.push(label);
        }
    }
    for label in cells {
        let as_cell = Target::Cell(label.to_string());
        let as_via = Target::Via(label.to_string());
        if next.contains(&as_cell) {
            choices.push(as_cell);
        } else if next.contains(&as_via) {
            choices.push(as_via);
        }
    }
    let count = stack.len() as f32;
    let anchor = Point::new(
        stack.iter().map(|p| p.at.x).sum::<f32>() / count,
        stack.iter().map(|p| p.at.y).sum::<f32>() / count,
    );
    Some(Spread { anchor, choices })
}

/// What a screen reader says of a point of the map: the counter on top there first,
/// then the cell and the rest of what stands in it, each with "selected" or "may be
/// tapped next" where the touch layer says so. None where there is nothing.
pub fn describe(board: &Board, highlights: &Highlights, at: Point) -> Option<String> {
    let top = top_piece_at(board, at);
    let cell = cell_at(board, at)
        .or_else(|| top.and_then(|p| board.cells.iter().find(|c| c.label == p.cell)));
    if top.is_none() && cell.is_none() {
        return None;
    }
    let mut sentences: Vec<String> = Vec::new();
    if let Some(piece) = top {
        sentences.push(piece_words(piece, highlights));
    }
    if let Some(cell) = cell {
        sentences.push(cell_words(cell, highlights));
        let others: Vec<String> = board
            .pieces
            .iter()
            .rev()
            .filter(|p| p.cell == cell.label && Some(*p) != top)
            .map(|p| piece_words(p, highlights))
            .collect();
        if !others.is_empty() {
            let lead = if top.is_none() {
                "In it: "
            } else {
                "Also there: "
            };
            sentences.push(format!("{lead}{}", others.join("; ")));
        }
        for marker in board.markers.iter() {
            if marker.cell.as_deref() == Some(cell.label.as_str()) {
                sentences.push(marker.speech.clone());
            }
        }
    }
    let trimmed: Vec<&str> = sentences.iter().map(|s| s.trim_end_matches('.')).collect();
    Some(format!("{}.", trimmed.join(". ")))
}

/// What one target of the board is, in words (a choice of a spread): the counter or the
/// cell with its mark; None when the board has no such piece or cell.
pub fn describe_target(board: &Board, highlights: &Highlights, target: &Target) -> Option<String> {
    match target {
        Target::Piece(code) => board
            .pieces
            .iter()
            .find(|p| &p.code == code)
            .map(|p| piece_words(p, highlights)),
        Target::Cell(label) | Target::Via(label) => board
            .cells
            .iter()
            .find(|c| &c.label == label)
            .map(|c| cell_words(c, highlights)),
        _ => None,
    }
}

fn piece_words(piece: &Piece, highlights: &Highlights) -> String {
    format!(
        "{}{}",
        piece.speech,
        mark(highlights, &Target::Piece(piece.code.clone()))
    )
}

fn cell_words(cell: &Cell, highlights: &Highlights) -> String {
    let as_cell = mark(highlights, &Target::Cell(cell.label.clone()));
    let mark = if as_cell.is_empty() {
        mark(highlights, &Target::Via(cell.label.clone()))
    } else {
        as_cell
    };
    format!("{}{mark}", cell.speech)
}

fn mark(highlights: &Highlights, target: &Target) -> &'static str {
    if highlights.selected.contains(target) {
        ", selected"
    } else if !highlights.next.contains(target) {
        ""
    } else if matches!(target, Target::Via(_)) {
        ", a way to go through"
    } else {
        ", may be tapped next"
    }
}

/// The counters whose visible parts a finger of `radius` at `at` touches: the top
/// counter at each of a grid of points across the finger's disc.
fn pieces_under_finger(board: &Board, at: Point, radius: f32) -> Vec<&Piece> {
    let half = FINGER_SAMPLES / 2;
    let mut found: Vec<&Piece> = Vec::new();
    for i in -half..=half {
        for j in -half..=half {
            if i * i + j * j > half * half {
                continue;
            }
            let p = Point::new(
                at.x + radius * i as f32 / half as f32,
                at.y + radius * j as f32 / half as f32,
            );
            if let Some(piece) = top_piece_at(board, p) {
                if !found.iter().any(|f| std::ptr::eq(*f, piece)) {
                    found.push(piece);
                }
            }
        }
    }
    found
}

/// The counters and every counter of the same cell lying on them, in drawing order: a
/// stack is opened whole, even where the finger missed one of its counters.
fn with_stack_mates<'b>(board: &'b Board, touched: &[&'b Piece]) -> Vec<&'b Piece> {
    let mut stack: Vec<&Piece> = touched.to_vec();
    let mut grown = true;
    while grown {
        grown = false;
        for piece in &board.pieces {
            let member = stack.iter().any(|s| std::ptr::eq(*s, piece));
            if !member
                && stack
                    .iter()
                    .any(|s| s.cell == piece.cell && s.overlaps(piece))
            {
                stack.push(piece);
                grown = true;
            }
        }
    }
    board
        .pieces
        .iter()
        .filter(|p| stack.iter().any(|s| std::ptr::eq(*s, *p)))
        .collect()
}

/// An evenly spaced grid of points over a rectangle `half_w` by `half_h` either side of
/// `middle`.
fn grid(middle: Point, half_w: f32, half_h: f32) -> Vec<Point> {
    let steps = AIM_SAMPLES - 1;
    let mut points = Vec::with_capacity((AIM_SAMPLES * AIM_SAMPLES) as usize);
    for i in 0..=steps {
        for j in 0..=steps {
            points.push(Point::new(
                middle.x - half_w + 2.0 * half_w * i as f32 / steps as f32,
                middle.y - half_h + 2.0 * half_h * j as f32 / steps as f32,
            ));
        }
    }
    points
}

/// Of `points`, the one nearest `centre` that is `clear`; `centre` when none is.
fn nearest(centre: Point, points: Vec<Point>, clear: impl Fn(&Point) -> bool) -> Point {
    let distance = |p: &Point| (p.x - centre.x).powi(2) + (p.y - centre.y).powi(2);
    points
        .into_iter()
        .filter(|p| clear(p))
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))
        .unwrap_or(centre)
}

fn bounds(points: &[Point]) -> Option<(Point, Point)> {
    let first = points.first()?;
    let mut min = *first;
    let mut max = *first;
    for p in points {
        min = Point::new(min.x.min(p.x), min.y.min(p.y));
        max = Point::new(max.x.max(p.x), max.y.max(p.y));
    }
    Some((min, max))
}

#[cfg(test)]
#[path = "reach_tests.rs"]
mod tests;
