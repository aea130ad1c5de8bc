//! The simple player's choices kept exactly as they were while it is made faster
//! (issue 10): whole games of every scenario, simple against simple and simple against
//! random in each seat, a few seeds, the chosen actions hashed in notation, compared
//! with `choice_digests.txt`, recorded once before the speed work. The search player's
//! playouts and STRENGTH.md's figures rest on these choices.
//!
//! `SKALD_WRITE_CHOICE_DIGESTS=1 cargo test -p skald-core --lib choice_check` records
//! the file again: only do that for a deliberate change of the player's play.

use super::super::notation;
use super::super::units::Side;
use super::super::{Fury, FuryOptions};
use super::simple::simple_action;
use crate::engine::hash::StableHasher;
use crate::engine::{Chance, Game, Turn};
use std::hash::Hasher;

/// A running hash of the game's actions every this many decisions, so that a change
/// is found near where the games part.
const EVERY: u32 = 100;

/// One game: `true` seats play the simple player (on the true state: Fury hides
/// nothing the player reads), the others at random. Lines `step hash` every `EVERY`
/// decisions, then `game decisions hash`.
fn record(scenario: &str, seed: u64, simple: [bool; 2]) -> Vec<String> {
    let options = FuryOptions::for_scenario(scenario).expect("scenario");
    let mut state = Fury::setup(&options, seed);
    let mut rng = Chance::new(seed ^ 0x5eed_f00d);
    let mut h = StableHasher::default();
    let mut lines = Vec::new();
    let mut step = 0u32;
    while let Turn::Decide(seats) = Fury::to_act(&state) {
        let Some(&seat) = seats.first() else { break };
        if step >= 20_000 {
            break;
        }
        let action = if simple[seat.0 as usize] {
            let Some(side) = Side::of_seat(seat) else {
                break;
            };
            simple_action(&state, side, &mut rng)
        } else {
            Fury::random_action(&state, seat, &mut rng)
        };
        let Some(action) = action else { break };
        h.write(notation::format_action(&state, &action).as_bytes());
        h.write(b"\n");
        if Fury::apply(&mut state, seat, &action).is_err() {
            break;
        }
        step += 1;
        if step.is_multiple_of(EVERY) {
            lines.push(format!("{step} {:016x}", h.finish()));
        }
    }
    lines.push(format!("game {step} {:016x}", h.finish()));
    lines
}

#[test]
fn fury_simple_player_choices_unchanged() {
    let mut now = String::from("# scenario seed seats, then: step hash; game decisions hash\n");
    for s in Fury::scenarios() {
        for seed in [1u64, 2, 3] {
            for (name, seats) in [
                ("simple-simple", [true, true]),
                ("simple-random", [true, false]),
                ("random-simple", [false, true]),
            ] {
                now.push_str(&format!("== {} {seed} {name}\n", s.id));
                for line in record(s.id, seed, seats) {
                    now.push_str(&line);
                    now.push('\n');
                }
            }
        }
    }
    let file = "src/games/fury/ai/choice_digests.txt";
    if std::env::var_os("SKALD_WRITE_CHOICE_DIGESTS").is_some() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        std::fs::write(&path, &now).expect("write digests");
        return;
    }
    let recorded = include_str!("choice_digests.txt");
    let games = recorded.lines().filter(|l| l.starts_with("game")).count();
    assert_eq!(games, 45, "games recorded in {file}");
    for (n, (want, got)) in recorded.lines().zip(now.lines()).enumerate() {
        assert_eq!(want, got, "line {} of {file}", n + 1);
    }
    assert_eq!(recorded.lines().count(), now.lines().count());
}
