//! What happened lately, as the scene shows it: the dice log (each event's words with its
//! rule and dice) and the arrows of the last move and the last attack, from the events'
//! marks (`Game::marks`). Only events the holder's seats may know are shown.

use crate::engine::scene::{Board, Point};
use crate::engine::{Arrow, Event, Seat};
use serde::Serialize;

/// One line of the dice log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogLine {
    /// The rule that made it happen ("7.4").
    pub rule: String,
    /// What people read of it ([`Event::for_people`]).
    pub text: String,
    /// The dice it rolled, as their faces read, in the order rolled.
    pub dice: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ArrowKind {
    Move,
    Attack,
}

/// An arrow to draw over the map, from its first point to its last; one point alone is
/// an attack fought inside that cell, drawn as a ring.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SceneArrow {
    pub kind: ArrowKind,
    pub points: Vec<Point>,
}

/// The events `seats` may know, as log lines, oldest first.
pub fn log(events: &[Event], seats: &[Seat]) -> Vec<LogLine> {
    events
        .iter()
        .filter(|e| e.audience.admits(seats))
        .map(|e| LogLine {
            rule: e.rule.to_string(),
            text: e.for_people().to_string(),
            dice: e.marks.dice.clone(),
        })
        .collect()
}

/// The arrows of the last move and the last attack among the events `seats` may know:
/// a move along its path's cells; an attack from every other cell its attackers stand in
/// now to the cell attacked, or a ring on that cell when none stands elsewhere.
pub fn arrows(board: &Board, events: &[Event], seats: &[Seat]) -> Vec<SceneArrow> {
    let known = || events.iter().rev().filter(|e| e.audience.admits(seats));
    let centre = |label: &str| board.centre_of(label);
    let mut out = Vec::new();
    let last_move = known().find_map(|e| match &e.marks.arrow {
        Some(Arrow::Move { path, .. }) => Some(path),
        _ => None,
    });
    if let Some(path) = last_move {
        let points: Vec<Point> = path.iter().filter_map(|l| centre(l)).collect();
        if points.len() >= 2 {
            out.push(SceneArrow {
                kind: ArrowKind::Move,
                points,
            });
        }
    }
    let last_attack = known().find_map(|e| match &e.marks.arrow {
        Some(Arrow::Attack { pieces, cell }) => Some((pieces, cell)),
        _ => None,
    });
    if let Some((pieces, cell)) = last_attack {
        if let Some(to) = centre(cell) {
            let mut from: Vec<&str> = Vec::new();
            for code in pieces {
                if let Some(p) = board.pieces.iter().find(|p| &p.code == code) {
                    if p.cell != *cell && !from.contains(&p.cell.as_str()) {
                        from.push(&p.cell);
                    }
                }
            }
            let starts: Vec<Point> = from.into_iter().filter_map(centre).collect();
            if starts.is_empty() {
                // Fought inside the cell (Fury's attacks are within a hex), or by
                // attackers gone from the board: a ring on the cell.
                out.push(SceneArrow {
                    kind: ArrowKind::Attack,
                    points: vec![to],
                });
            }
            for start in starts {
                out.push(SceneArrow {
                    kind: ArrowKind::Attack,
                    points: vec![start, to],
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::scene::{palette, Cell, Piece};
    use crate::engine::{Audience, Marks};

    fn cell(label: &str, x: f32) -> Cell {
        Cell {
            label: label.into(),
            outline: Vec::new(),
            parts: Vec::new(),
            centre: Point::new(x, 0.0),
            label_at: None,
            terrain: "clear".into(),
            fill: palette::WHITE,
            caption: None,
            speech: String::new(),
        }
    }

    fn piece(code: &str, at: &str) -> Piece {
        Piece {
            code: code.into(),
            cell: at.into(),
            at: Point::default(),
            size: 10.0,
            fill: palette::WHITE,
            ink: palette::BLACK,
            title: String::new(),
            values: String::new(),
            flags: Vec::new(),
            speech: String::new(),
        }
    }

    fn event(audience: Audience, text: &str, dice: &[&str], arrow: Option<Arrow>) -> Event {
        Event {
            audience,
            rule: "7.4",
            text: text.into(),
            words: None,
            marks: Marks {
                dice: dice.iter().map(|d| d.to_string()).collect(),
                arrow,
            },
        }
    }

    fn board() -> Board {
        Board {
            cells: vec![cell("a", 0.0), cell("b", 10.0), cell("c", 20.0)],
            pieces: vec![piece("X1", "a"), piece("X2", "c"), piece("Y1", "b")],
            ..Board::default()
        }
    }

    fn moved(path: &[&str]) -> Option<Arrow> {
        Some(Arrow::Move {
            pieces: vec!["X1".into()],
            path: path.iter().map(|c| c.to_string()).collect(),
        })
    }

    fn attacked(pieces: &[&str], cell: &str) -> Option<Arrow> {
        Some(Arrow::Attack {
            pieces: pieces.iter().map(|c| c.to_string()).collect(),
            cell: cell.into(),
        })
    }

    #[test]
    fn the_log_holds_only_what_the_seats_may_know_with_its_dice() {
        let events = [
            event(Audience::All, "rolled", &["5"], None),
            event(Audience::Only(vec![Seat(1)]), "drew a card", &[], None),
        ];
        let mine = log(&events, &[Seat(0)]);
        assert_eq!(
            mine,
            vec![LogLine {
                rule: "7.4".into(),
                text: "rolled".into(),
                dice: vec!["5".into()]
            }]
        );
        assert_eq!(log(&events, &[Seat(1)]).len(), 2);
    }

    #[test]
    fn the_log_reads_an_events_words_for_people_where_it_has_them() {
        let mut phase = event(Audience::All, "turn 1: viking-movement", &[], None);
        phase.words = Some("Turn 1, Viking movement (5.0)".into());
        assert_eq!(
            log(&[phase], &[Seat(0)])[0].text,
            "Turn 1, Viking movement (5.0)"
        );
    }

    #[test]
    fn arrows_show_the_last_move_and_the_last_attack_only() {
        let events = [
            event(Audience::All, "first move", &[], moved(&["c", "b"])),
            event(Audience::All, "second move", &[], moved(&["a", "b", "c"])),
            event(
                Audience::All,
                "first attack",
                &["1"],
                attacked(&["X2"], "a"),
            ),
            event(
                Audience::All,
                "second attack",
                &["6"],
                attacked(&["X1", "X2"], "b"),
            ),
        ];
        let drawn = arrows(&board(), &events, &[Seat(0)]);
        let at = |x: f32| Point::new(x, 0.0);
        assert_eq!(
            drawn,
            vec![
                SceneArrow {
                    kind: ArrowKind::Move,
                    points: vec![at(0.0), at(10.0), at(20.0)]
                },
                SceneArrow {
                    kind: ArrowKind::Attack,
                    points: vec![at(0.0), at(10.0)]
                },
                SceneArrow {
                    kind: ArrowKind::Attack,
                    points: vec![at(20.0), at(10.0)]
                },
            ]
        );
    }

    #[test]
    fn an_attack_inside_its_cell_is_a_ring_and_a_secret_move_draws_nothing() {
        let events = [
            event(
                Audience::Only(vec![Seat(1)]),
                "hidden",
                &[],
                moved(&["a", "b"]),
            ),
            event(Audience::All, "melee", &["3"], attacked(&["Y1"], "b")),
        ];
        assert_eq!(
            arrows(&board(), &events, &[Seat(0)]),
            vec![SceneArrow {
                kind: ArrowKind::Attack,
                points: vec![Point::new(10.0, 0.0)]
            }]
        );
        assert_eq!(arrows(&board(), &events, &[Seat(1)]).len(), 2);
    }
}
