//! Every legal action can be made by taps alone (issue 11): random games of every
//! scenario of every game, and at each decision the chosen action made by tapping its
//! targets as the touch layer asks, which must yield exactly that action; and taps on
//! anything (other actions' targets, cells no action names, nothing) never panic.

use skald_core::engine::{ActionEntry, Chance, GameBox, Seat, Target, Turn};
use skald_core::games::registry;
use skald_core::scene::{Outcome, Touch};

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
fn tap_out(
    legal: &[ActionEntry],
    chosen: usize,
    confirm_all: bool,
    ways: &mut Ways,
) -> Result<usize, String> {
    let confirm = |_: usize| confirm_all;
    let target = &legal[chosen];
    let required: Vec<&Target> = target.targets.iter().filter(|t| t.is_required()).collect();
    let mut touch = Touch::new();
    for (k, t) in required.iter().enumerate() {
        match touch.tap(legal, &[(*t).clone()], confirm) {
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
            match touch.tap(legal, &[Target::Cell(label.clone())], confirm) {
                Outcome::Ready { .. } => ways.waypoints += 1,
                other => return Err(format!("waypoint {label}: {other:?}")),
            }
        }
    }
    let Some(last) = required.last() else {
        return Err("an action with nothing to tap".into());
    };
    match touch.tap(legal, &[(*last).clone()], confirm) {
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
        match tap_out(&legal, chosen, confirm_all, ways) {
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
        // Every game has moves taken on one tap, moves along one of several paths, and
        // actions that wait to be confirmed.
        assert!(
            ways.at_once > 0 && ways.confirmed > 0 && ways.waypoints > 0,
            "{}: {ways:?}",
            kind.id()
        );
    }
}
