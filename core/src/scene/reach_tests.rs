//! Where a finger is and what it may mean, on a map laid out as Fury's: square cells 80
//! map units wide, counters 40 wide, a stack drawn six units apart (`stack_at` in
//! core/src/games/fury/scene.rs). A small phone shows 800 map units in 600 pixels: a
//! finger 40 pixels wide is then 53 map units wide (radius 26.7); zoomed in six times,
//! 8.9 units wide (radius 4.4).

use super::*;
use crate::engine::scene::{palette, Marker};

const PHONE_RADIUS: f32 = 20.0 / 0.75;
const ZOOMED_RADIUS: f32 = 20.0 / 4.5;

fn cell(label: &str, col: u32, row: u32) -> Cell {
    let (x, y) = (col as f32 * 80.0, row as f32 * 80.0);
    Cell {
        label: label.into(),
        outline: vec![
            Point::new(x, y),
            Point::new(x + 80.0, y),
            Point::new(x + 80.0, y + 80.0),
            Point::new(x, y + 80.0),
        ],
        parts: Vec::new(),
        centre: Point::new(x + 40.0, y + 40.0),
        label_at: None,
        terrain: "clear".into(),
        fill: palette::WHITE,
        caption: None,
        speech: format!("{label}, clear"),
    }
}

fn counter(code: &str, cell: &Cell, offset: f32) -> Piece {
    Piece {
        code: code.into(),
        cell: cell.label.clone(),
        at: Point::new(cell.centre.x + offset, cell.centre.y + offset),
        size: 40.0,
        fill: palette::BLUE,
        ink: palette::WHITE,
        title: code.into(),
        values: "2-4".into(),
        flags: Vec::new(),
        speech: format!("Warrior {code}"),
    }
}

/// Ten by ten cells; a stack of `n` in 0101 (bottom first, up and left), a lone counter
/// VA01 in 0301.
fn board(n: usize) -> Board {
    let cells: Vec<Cell> = (0..10)
        .flat_map(|c| (0..10).map(move |r| cell(&format!("{c:02}{r:02}"), c, r)))
        .collect();
    let stack_cell = cell("0101", 1, 1);
    let lone_cell = cell("0301", 3, 1);
    let spread = 6.0 * (n as f32 - 1.0);
    let mut pieces: Vec<Piece> = (0..n)
        .map(|i| {
            counter(
                &format!("VI0{}", i + 1),
                &stack_cell,
                spread / 2.0 - 6.0 * i as f32,
            )
        })
        .collect();
    pieces.push(counter("VA01", &lone_cell, 0.0));
    Board {
        width: 800.0,
        height: 800.0,
        cells,
        pieces,
        ..Board::default()
    }
}

fn pieces(codes: &[&str]) -> Vec<Target> {
    codes.iter().map(|c| Target::Piece(c.to_string())).collect()
}

fn at_piece(board: &Board, code: &str) -> Point {
    board.pieces.iter().find(|p| p.code == code).unwrap().at
}

#[test]
fn a_tap_on_a_crowded_stack_opens_the_whole_stack_and_the_cell_if_it_may_be_tapped() {
    let board = board(4);
    let mut next = pieces(&["VI01", "VI02", "VI03", "VI04"]);
    next.push(Target::Cell("0101".into()));
    let top = at_piece(&board, "VI04");
    let spread = spread(&board, &next, top, PHONE_RADIUS).unwrap();
    // Bottom first as drawn, then the cell; a finger on the top counter reached them all.
    assert_eq!(spread.choices, next);
    assert_eq!(spread.anchor, Point::new(120.0, 120.0));
    // The counters only: the cell is no choice unless the next tap may be it.
    let only = spread_for(&board, &pieces(&["VI02"]), top, PHONE_RADIUS);
    assert_eq!(only, Some(pieces(&["VI01", "VI02", "VI03", "VI04"])));
}

fn spread_for(board: &Board, next: &[Target], at: Point, radius: f32) -> Option<Vec<Target>> {
    spread(board, next, at, radius).map(|s| s.choices)
}

#[test]
fn a_clear_tap_opens_nothing() {
    let board = board(4);
    let next = pieces(&["VI01", "VI02", "VI03", "VI04", "VA01"]);
    // A lone counter, anywhere on it.
    let lone = at_piece(&board, "VA01");
    assert_eq!(spread_for(&board, &next, lone, PHONE_RADIUS), None);
    let corner = Point::new(lone.x + 15.0, lone.y - 15.0);
    assert_eq!(spread_for(&board, &next, corner, PHONE_RADIUS), None);
    // An empty cell.
    assert_eq!(
        spread_for(&board, &next, Point::new(600.0, 600.0), PHONE_RADIUS),
        None
    );
    // A stack none of whose counters may be tapped next: only the cell can be meant.
    let top = at_piece(&board, "VI04");
    let cell_only = [Target::Cell("0101".into())];
    assert_eq!(spread_for(&board, &cell_only, top, PHONE_RADIUS), None);
    // Zoomed in, a finger in the middle of the top counter touches no other counter...
    assert_eq!(spread_for(&board, &next, top, ZOOMED_RADIUS), None);
    // ...but at its corner, over the next counter's strip, it still asks.
    let edge = Point::new(top.x + 20.0, top.y + 20.0);
    assert!(spread_for(&board, &next, edge, ZOOMED_RADIUS).is_some());
}

#[test]
fn a_counter_deep_in_a_stack_is_aimed_at_its_visible_strip() {
    let board = board(4);
    // The top counter: its centre.
    let top = aim(&board, &Target::Piece("VI04".into())).unwrap();
    assert_eq!(top, at_piece(&board, "VI04"));
    // The bottom one shows only a strip along its top and left edges: the aim is on it,
    // on no counter drawn over it, and the core's hit-test takes it first there.
    let bottom = aim(&board, &Target::Piece("VI01".into())).unwrap();
    let piece = &board.pieces[0];
    assert!(piece.covers(bottom));
    assert_eq!(
        top_piece_at(&board, bottom).map(|p| p.code.as_str()),
        Some("VI01")
    );
    assert_eq!(
        super::super::hit(&board, bottom)[0],
        Target::Piece("VI01".into())
    );
    assert_eq!(aim(&board, &Target::Piece("XX99".into())), None);
}

#[test]
fn a_cell_is_aimed_where_no_counter_covers_it() {
    let board = board(4);
    // An empty cell: its centre.
    assert_eq!(
        aim(&board, &Target::Cell("0505".into())),
        Some(Point::new(440.0, 440.0))
    );
    // The stack's cell: a point inside it that hits the cell and no counter, as near the
    // centre as that allows.
    let at = aim(&board, &Target::Cell("0101".into())).unwrap();
    assert_eq!(
        super::super::hit(&board, at),
        vec![Target::Cell("0101".into())]
    );
    assert!(board
        .cells
        .iter()
        .find(|c| c.label == "0101")
        .unwrap()
        .contains(at));
    // A waypoint through a cell is aimed at as the cell.
    assert_eq!(aim(&board, &Target::Via("0101".into())), Some(at));
    assert_eq!(aim(&board, &Target::Cell("9999".into())), None);
    assert_eq!(aim(&board, &Target::Word("ship")), None);
}

#[test]
fn a_cell_wholly_covered_is_aimed_at_its_centre() {
    let mut board = board(1);
    let covered = cell("0505", 5, 5);
    let mut blanket = counter("BIG1", &covered, 0.0);
    blanket.size = 100.0;
    board.pieces.push(blanket);
    assert_eq!(
        aim(&board, &Target::Cell("0505".into())),
        Some(covered.centre)
    );
}

#[test]
fn a_counter_is_said_first_then_its_cell_and_what_else_stands_there() {
    let mut board = board(3);
    let stack_cell = board.cells.iter().find(|c| c.label == "0101").unwrap();
    board.markers.push(Marker {
        cell: Some(stack_cell.label.clone()),
        at: stack_cell.centre,
        size: 10.0,
        kind: "fire".into(),
        text: "F".into(),
        fill: palette::VERMILLION,
        speech: "On fire.".into(),
    });
    let highlights = Highlights {
        selected: pieces(&["VI01"]),
        next: pieces(&["VI03"]),
        ready: None,
    };
    let top = at_piece(&board, "VI03");
    assert_eq!(
        describe(&board, &highlights, top).as_deref(),
        Some(
            "Warrior VI03, may be tapped next. 0101, clear. \
             Also there: Warrior VI02; Warrior VI01, selected. On fire."
        )
    );
    assert_eq!(
        describe(&board, &highlights, Point::new(-50.0, -50.0)),
        None
    );
    // An empty cell, and one whose counters are listed as what is in it.
    let empty = Point::new(440.0, 440.0);
    assert_eq!(
        describe(&board, &Highlights::default(), empty).as_deref(),
        Some("0505, clear.")
    );
    let corner = Point::new(81.0, 159.0);
    assert_eq!(
        describe(&board, &Highlights::default(), corner).as_deref(),
        Some("0101, clear. In it: Warrior VI03; Warrior VI02; Warrior VI01. On fire.")
    );
    let via = Highlights {
        next: vec![Target::Via("0505".into())],
        ..Highlights::default()
    };
    assert_eq!(
        describe_target(&board, &via, &Target::Cell("0505".into())).as_deref(),
        Some("0505, clear, a way to go through")
    );
}
