//! Every legal action can be made by taps alone (issue 11): random games of every
//! scenario of every game, and at each decision the chosen action made by tapping its
//! targets as the touch layer asks (every fourth decision at the scene coordinates of
//! the seat's board, through hit-testing), which must yield exactly that action; and
//! taps on anything (other actions' targets, cells no action names, random points on
//! and off the map, nothing) never panic.

use skald_core::engine::scene::{Board, Point};
use skald_core::engine::{ActionEntry, Chance, GameBox, Seat, Target, Turn};
use skald_core::games::registry;
use skald_core::scene::{hit, Outcome, Touch};

/// Decisions played per game: enough to reach every phase of a turn several times.
const DECISIONS: u32 = 1_500;

/// How the actions were made: so that the test shows it went every way.
#[derive(Default, Debug)]
struct Ways {
    /// Taken on the last required tap.
    at_once: u32,
    /// Made ready, then confirmed by tapping the last target again.
    confirmed: u32,
    /// Waypoint taps (each choosing a path).
    waypoints: u32,
}

/// Makes `legal[chosen]` by taps: its required targets in order, then (if it waits for
/// a confirmation or another path is the default) its waypoints and the last target
/// again. Returns the index the touch layer committed.
/// What is under the finger when a person taps `target`: on the map (a piece at its
/// counter's centre, a cell at its centre, where counters may lie on top), through the
/// scene's hit-testing; a button for everything else. Without a board, the target alone.
fn under(board: Option<&Board>, target: &Target) -> Result<Vec<Target>, String> {
    let Some(board) = board else {
        return Ok(vec![target.clone()]);
    };
    let at = match target {
        Target::Piece(code) => {
            let piece = board
                .pieces
                .iter()
                .find(|p| &p.code == code)
                .ok_or_else(|| format!("piece {code} is not on the board"))?;
            // The part of its counter that no counter above it covers.
            let half = piece.size / 2.0;
            let steps = 8;
            (0..=steps)
                .flat_map(|i| (0..=steps).map(move |j| (i, j)))
                .map(|(i, j)| {
                    Point::new(
                        piece.at.x - half + piece.size * i as f32 / steps as f32,
                        piece.at.y - half + piece.size * j as f32 / steps as f32,
                    )
                })
                .find(|&p| hit(board, p).first() == Some(target))
                .ok_or_else(|| format!("piece {code} is covered by the counters above it"))?
        }
        Target::Cell(label) | Target::Via(label) => {
            // Clear of the counters if the cell has room (a tap on a selected counter
            // takes it out of the selection), else its centre.
            let cell = board
                .cells
                .iter()
                .find(|c| &c.label == label)
                .ok_or_else(|| format!("cell {label} is not on the board"))?;
            let only = vec![Target::Cell(label.clone())];
            cell.outline
                .iter()
                .flat_map(|corner| {
                    [0.15f32, 0.3].map(|f| {
                        Point::new(
                            corner.x + (cell.centre.x - corner.x) * f,
                            corner.y + (cell.centre.y - corner.y) * f,
                        )
                    })
                })
                .find(|&p| hit(board, p) == only)
                .unwrap_or(cell.centre)
        }
        other => return Ok(vec![other.clone()]),
    };
    let found = hit(board, at);
    if !found.contains(target) && !matches!(target, Target::Via(_)) {
        return Err(format!("a tap on {target:?} finds {found:?}"));
    }
    Ok(found)
}

fn tap_out(
    legal: &[ActionEntry],
    chosen: usize,
    confirm_all: bool,
    board: Option<&Board>,
    ways: &mut Ways,
) -> Result<usize, String> {
    let confirm = |_: usize| confirm_all;
    let target = &legal[chosen];
    let required: Vec<&Target> = target.targets.iter().filter(|t| t.is_required()).collect();
    let mut touch = Touch::new();
    for (k, t) in required.iter().enumerate() {
        match touch.tap(legal, &under(board, t)?, confirm) {
            Outcome::Commit { action } if k + 1 == required.len() => {
                ways.at_once += 1;
                return Ok(action);
            }
            Outcome::Commit { action } => {
                return Err(format!(
                    "tap {k} ({t:?}) committed '{}' before every target was tapped",
                    legal[action].notation
                ))
            }
            Outcome::Nothing { why } => return Err(format!("tap {k} ({t:?}): {why}")),
            Outcome::Narrowed | Outcome::Ready { .. } => {}
        }
    }
    for t in &target.targets {
        if let Target::Via(label) = t {
            let cell = Target::Cell(label.clone());
            match touch.tap(legal, &under(board, &cell)?, confirm) {
                Outcome::Ready { .. } => ways.waypoints += 1,
                other => return Err(format!("waypoint {label}: {other:?}")),
            }
        }
    }
    let Some(last) = required.last() else {
        return Err("an action with nothing to tap".into());
    };
    match touch.tap(legal, &under(board, last)?, confirm) {
        Outcome::Commit { action } => {
            ways.confirmed += 1;
            Ok(action)
        }
        other => Err(format!("confirming with {last:?}: {other:?}")),
    }
}

/// Taps at things that may or may not lead anywhere: nothing may panic, and a tap that
/// does nothing leaves nothing selected.
fn tap_at_random(legal: &[ActionEntry], rng: &mut Chance) {
    let mut touch = Touch::new();
    for _ in 0..6 {
        let under = match rng.roll(5) {
            1 => vec![],
            2 => vec![Target::Cell("9999".into()), Target::Word("frobnicate")],
            3 => vec![Target::Count(rng.roll(20))],
            _ => {
                let e = &legal[rng.roll(legal.len() as u32) as usize - 1];
                if e.targets.is_empty() {
                    vec![]
                } else {
                    vec![e.targets[rng.roll(e.targets.len() as u32) as usize - 1].clone()]
                }
            }
        };
        if let Outcome::Nothing { .. } = touch.tap(legal, &under, |_| false) {
            assert!(touch.selected().is_empty());
        }
        let _ = touch.highlights(legal);
    }
    let _ = touch.confirm(legal);
}

/// Taps at random points on and around the board: nothing may panic.
fn tap_points_at_random(board: &Board, legal: &[ActionEntry], rng: &mut Chance) {
    let mut touch = Touch::new();
    for _ in 0..4 {
        let x = rng.roll(1000) as f32 / 1000.0 * (board.width + 200.0) - 100.0;
        let y = rng.roll(1000) as f32 / 1000.0 * (board.height + 200.0) - 100.0;
        let found = hit(board, Point::new(x, y));
        let _ = touch.tap(legal, &found, |_| false);
    }
}

fn play_by_taps(game: &mut Box<dyn GameBox>, label: &str, seed: u64, ways: &mut Ways) {
    let mut rng = Chance::new(seed);
    for step in 0..DECISIONS {
        let Turn::Decide(seats) = game.to_act() else {
            return;
        };
        let seat: Seat = seats[0];
        let legal = game.legal_actions(seat);
        assert!(!legal.is_empty(), "{label} step {step}: no legal action");
        let chosen = rng.roll(legal.len() as u32) as usize - 1;
        let confirm_all = step % 3 == 0;
        // Every fourth decision is tapped on the scene's board, through hit-testing.
        let board = (step % 4 == 1).then(|| game.board(&[seat]));
        if let Some(board) = &board {
            tap_points_at_random(board, &legal, &mut rng);
        }
        match tap_out(&legal, chosen, confirm_all, board.as_ref(), ways) {
            Ok(made) => assert_eq!(
                legal[made].notation, legal[chosen].notation,
                "{label} step {step}: the taps of one action made another"
            ),
            Err(why) => panic!(
                "{label} step {step}: '{}' cannot be made by taps: {why}",
                legal[chosen].notation
            ),
        }
        if step % 5 == 0 {
            tap_at_random(&legal, &mut rng);
        }
        game.play(seat, &legal[chosen].notation)
            .unwrap_or_else(|e| panic!("{label} step {step}: {e:?}"));
    }
}

#[test]
fn every_legal_action_can_be_made_by_taps_alone() {
    for kind in registry::games() {
        let mut ways = Ways::default();
        for scenario in kind.scenarios() {
            for seed in 1..=2u64 {
                let mut game = kind.new_game(scenario.id, seed).expect("scenario");
                let label = format!("{} {} seed {seed}", kind.id(), scenario.id);
                play_by_taps(&mut game, &label, seed, &mut ways);
            }
        }
        eprintln!("{}: {ways:?}", kind.id());
        // Every game has moves taken on one tap and actions that wait to be confirmed;
        // a game whose moves go along paths (Fury, 878) has moves along one of several.
        // 1066 moves square by square (14.1), so it has no paths to choose.
        let paths = kind.id() != "g1066";
        assert!(
            ways.at_once > 0 && ways.confirmed > 0 && (ways.waypoints > 0 || !paths),
            "{}: {ways:?}",
            kind.id()
        );
    }
}
