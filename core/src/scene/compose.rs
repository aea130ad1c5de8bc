//! A whole scene: the game's board as the holder's seats may see it, with what the touch
//! layer highlights, the buttons for the decision, the prompt, the odds of the ready
//! action and the latest events; and hit-testing, a map point to what is under it.

use super::recent::{self, LogLine, SceneArrow};
use super::touch::{Highlights, Outcome, Touch};
use crate::engine::scene::{Board, HandCard, Point};
use crate::engine::{ActionEntry, Event, GameBox, Preview, Seat, Target, Turn};
use crate::games::registry;
use serde::Serialize;

/// What a button does when pressed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Press {
    /// A target that is not on the map: a word, a count, a card, a facing.
    Tap(Target),
    /// Take the ready action.
    Confirm,
    /// Forget the selection.
    Clear,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Button {
    pub label: String,
    pub press: Press,
}

/// The ready action and its odds, if chance decides it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ready {
    /// The action in notation: what a confirm plays.
    pub notation: String,
    /// The action as people read it ("move Infantry from 0802 to 0804"): what to show. It is
    /// the deciding seat's own action, shown to the person deciding for it.
    pub words: String,
    pub preview: Option<Preview>,
}

/// Everything to draw for one device holder at one moment.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scene {
    pub board: Board,
    /// The seat deciding now, if the holder decides for it.
    pub seat: Option<Seat>,
    /// What the touch layer has selected and what a next tap may be.
    pub highlights: Highlights,
    /// A path to draw for the ready action: the cells from the first selected piece's
    /// cell through its waypoints to its destination (empty when it has none).
    pub path: Vec<Point>,
    pub buttons: Vec<Button>,
    pub prompt: String,
    pub ready: Option<Ready>,
    /// The events given that the holder may know, oldest first, with their dice.
    pub log: Vec<LogLine>,
    /// The last move and the last attack among them.
    pub arrows: Vec<SceneArrow>,
}

/// The scene for a device holder who may see `seats`; `decider` is the seat they decide
/// for now (None while nobody holding the device is to act); `events` what happened
/// lately (since the holder's last turn, say), of which only what `seats` may know is
/// shown.
pub fn scene(
    game: &dyn GameBox,
    seats: &[Seat],
    decider: Option<Seat>,
    touch: &Touch,
    events: &[Event],
) -> Scene {
    let legal = decider.map(|s| game.legal_actions(s)).unwrap_or_default();
    scene_with_legal(game, seats, decider, &legal, touch, events)
}

/// [`scene`] for a caller that holds the decider's legal actions already (listing them
/// is most of a scene's cost for a game of many pieces); `legal` must be the decider's
/// now, empty when there is no decider.
pub fn scene_with_legal(
    game: &dyn GameBox,
    seats: &[Seat],
    decider: Option<Seat>,
    legal: &[ActionEntry],
    touch: &Touch,
    events: &[Event],
) -> Scene {
    let mut board = game.board(seats);
    let names = game.seat_names();
    let highlights = touch.highlights(legal);
    let owner = decider.and_then(|s| names.get(s.0 as usize)).copied();
    mark_tappable_cards(&mut board, owner, &highlights);
    let ready = highlights
        .ready
        .and_then(|i| legal.get(i))
        .map(|entry| Ready {
            notation: entry.notation.clone(),
            words: match decider {
                Some(s) => registry::action_words(game, s, &entry.notation),
                None => entry.notation.clone(),
            },
            preview: decider.and_then(|s| game.preview(s, &entry.notation)),
        });
    let path = highlights
        .ready
        .and_then(|i| legal.get(i))
        .map(|entry| path_of(&board, &highlights, entry))
        .unwrap_or_default();
    let mut buttons: Vec<Button> = highlights
        .next
        .iter()
        .filter_map(|t| {
            let label = match t {
                Target::Word(w) => board.word_label(w).to_string(),
                Target::Count(n) => n.to_string(),
                Target::Card(c) => match deciders_card(&board, owner, c) {
                    Some(card) => format!("card {c} {}", card.title),
                    None => format!("card {c}"),
                },
                Target::Direction(d) => format!("face {d}"),
                Target::Piece(_) | Target::Cell(_) | Target::Via(_) => return None,
            };
            Some(Button {
                label,
                press: Press::Tap(t.clone()),
            })
        })
        .collect();
    if highlights.ready.is_some() {
        buttons.push(Button {
            label: "confirm".into(),
            press: Press::Confirm,
        });
    }
    if !highlights.selected.is_empty() {
        buttons.push(Button {
            label: "clear".into(),
            press: Press::Clear,
        });
    }
    let prompt = prompt(game, decider, &names, &highlights, ready.as_ref());
    let arrows = recent::arrows(&board, events, seats);
    Scene {
        board,
        seat: decider,
        highlights,
        path,
        buttons,
        prompt,
        ready,
        log: recent::log(events, seats),
        arrows,
    }
}

/// The deciding seat's card `code`, in its hand or among the cards it may pick: only
/// its own cards are its targets, and another hand in the view may hold that number.
fn deciders_card<'a>(board: &'a Board, owner: Option<&str>, code: &str) -> Option<&'a HandCard> {
    let owner = owner?;
    board
        .hand
        .iter()
        .chain(&board.offered)
        .find(|card| card.owner == owner && card.code == code)
}

/// Marks the deciding seat's cards that the next tap may be.
fn mark_tappable_cards(board: &mut Board, owner: Option<&str>, highlights: &Highlights) {
    for card in board.hand.iter_mut().chain(board.offered.iter_mut()) {
        card.tappable = owner == Some(card.owner.as_str())
            && highlights.next.contains(&Target::Card(card.code.clone()));
    }
}

fn prompt(
    game: &dyn GameBox,
    decider: Option<Seat>,
    names: &[&'static str],
    highlights: &Highlights,
    ready: Option<&Ready>,
) -> String {
    let progress = game.progress();
    let Some(seat) = decider else {
        return match game.to_act() {
            Turn::Over(_) => format!("{progress}: the game is over"),
            Turn::Decide(_) => format!("{progress}: waiting for another player"),
        };
    };
    let name = capitalised(names.get(seat.0 as usize).copied().unwrap_or("?"));
    if let Some(ready) = ready {
        return format!("{name}: {}? Tap again or confirm", ready.words);
    }
    let mut kinds = Vec::new();
    let has = |f: fn(&Target) -> bool| highlights.next.iter().any(f);
    if has(|t| matches!(t, Target::Piece(_))) {
        kinds.push("a piece");
    }
    if has(|t| matches!(t, Target::Cell(_))) {
        kinds.push("a highlighted cell");
    }
    if has(|t| !matches!(t, Target::Piece(_) | Target::Cell(_) | Target::Via(_))) {
        kinds.push("a button");
    }
    match kinds.len() {
        0 => format!("{name}, {progress}"),
        _ => format!("{name}, {progress}: tap {}", kinds.join(" or ")),
    }
}

/// A seat's id as people read it (`crate::engine::seat_label`).
pub(crate) fn capitalised(word: &str) -> String {
    crate::engine::seat_label(word)
}

/// The ready action's path: from the first selected piece's cell through its waypoints
/// to its destination, as points to draw.
fn path_of(board: &Board, highlights: &Highlights, entry: &ActionEntry) -> Vec<Point> {
    let centre = |label: &str| board.centre_of(label);
    let mut labels: Vec<&str> = Vec::new();
    let start = highlights.selected.iter().find_map(|t| match t {
        Target::Piece(code) => board.pieces.iter().find(|p| &p.code == code),
        _ => None,
    });
    if let Some(piece) = start {
        labels.push(&piece.cell);
    }
    let mut destination = None;
    for t in &entry.targets {
        match t {
            Target::Via(label) => labels.push(label),
            Target::Cell(label) => destination = Some(label.as_str()),
            _ => {}
        }
    }
    let Some(end) = destination else {
        return Vec::new();
    };
    labels.push(end);
    let points: Vec<Point> = labels.into_iter().filter_map(centre).collect();
    if points.len() < 2 {
        Vec::new()
    } else {
        points
    }
}

/// What lies under a map point, most specific first: the pieces there, topmost first,
/// then the cell.
pub fn hit(board: &Board, at: Point) -> Vec<Target> {
    let mut out: Vec<Target> = board
        .pieces
        .iter()
        .rev()
        .filter(|p| p.covers(at))
        .map(|p| Target::Piece(p.code.clone()))
        .collect();
    if let Some(cell) = board.cells.iter().find(|c| c.contains(at)) {
        out.push(Target::Cell(cell.label.clone()));
    }
    out
}

/// A tap at a map point for the deciding seat: hit-test, then the touch layer. Actions
/// that have odds to show wait for a confirmation.
pub fn tap_at(
    game: &dyn GameBox,
    seat: Seat,
    touch: &mut Touch,
    board: &Board,
    at: Point,
) -> Outcome {
    let legal = game.legal_actions(seat);
    let under = hit(board, at);
    touch.tap(&legal, &under, |i| {
        legal
            .get(i)
            .is_some_and(|e| game.preview(seat, &e.notation).is_some())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::registry;

    #[test]
    fn a_point_in_a_hex_hits_that_hex_and_a_counter_hits_its_piece_first() {
        let position = "fury position\nscenario basic\nturn 1 viking-combat\n\
                        ships 0802 landed=1 embarked=0\nunits\nVI01 0915\nMI05 0915\n";
        let game = registry::find("fury")
            .unwrap()
            .game_at_position(position, 1)
            .unwrap();
        let board = game.board(&[Seat(0), Seat(1)]);
        let church = board.cells.iter().find(|c| c.label == "0814").unwrap();
        // Just inside the right-hand corner, clear of any counter.
        let corner = church.outline[0];
        let near = Point::new(
            corner.x + (church.centre.x - corner.x) * 0.1,
            corner.y + (church.centre.y - corner.y) * 0.1,
        );
        assert_eq!(hit(&board, near), vec![Target::Cell("0814".into())]);
        // Two counters in 0915: the top one (drawn last) first, then the one under it
        // where they overlap, then the hex.
        let top = board.pieces.iter().find(|p| p.code == "MI05").unwrap();
        assert_eq!(
            hit(&board, top.at),
            vec![
                Target::Piece("MI05".into()),
                Target::Piece("VI01".into()),
                Target::Cell("0915".into())
            ]
        );
        assert_eq!(hit(&board, Point::new(-10.0, -10.0)), Vec::<Target>::new());
    }

    #[test]
    fn a_point_on_an_island_hits_the_cell_the_island_belongs_to() {
        let square = |x: f32, y: f32, side: f32| {
            vec![
                Point::new(x, y),
                Point::new(x + side, y),
                Point::new(x + side, y + side),
                Point::new(x, y + side),
            ]
        };
        let board = Board {
            width: 100.0,
            height: 100.0,
            cells: vec![crate::engine::scene::Cell {
                label: "hamtunscir".into(),
                outline: square(0.0, 0.0, 40.0),
                parts: vec![square(60.0, 60.0, 20.0)],
                centre: Point::new(20.0, 20.0),
                label_at: None,
                terrain: "land".into(),
                fill: crate::engine::scene::palette::WHITE,
                caption: None,
                speech: String::new(),
            }],
            ..Board::default()
        };
        let shire = vec![Target::Cell("hamtunscir".into())];
        assert_eq!(hit(&board, Point::new(70.0, 70.0)), shire);
        assert_eq!(hit(&board, Point::new(10.0, 10.0)), shire);
        assert_eq!(hit(&board, Point::new(50.0, 50.0)), Vec::<Target>::new());
    }
}
