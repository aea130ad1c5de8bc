//! Scene speed (issue 11; target under 1 ms each on one core, a frame at 120 Hz being
//! 8 ms), per game, over positions of a random game (every 25th decision):
//! - `scene_GAME`: the whole scene for the seat to act (its board from its view, the
//!   legal actions, highlights, buttons, prompt), with nothing selected;
//! - `tap_GAME`: one tap on the board: hit-testing the centre of a cell that some legal
//!   action names, then the touch layer's step (the legal actions listed once, as an
//!   app holding the scene has them).
//!
//! `cargo bench -p skald-core --bench scene`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use skald_core::engine::{ActionEntry, Chance, GameBox, Seat, Target, Turn};
use skald_core::games::registry;
use skald_core::scene::{hit, scene, Touch};
use std::hint::black_box;
use std::time::Duration;

/// Games at every 25th decision of a random game of the game's first scenario.
fn positions(id: &str) -> Vec<(Box<dyn GameBox>, Seat)> {
    let kind = registry::find(id).expect("game");
    let scenario = kind.scenarios()[0].id;
    let mut game = kind.new_game(scenario, 7).expect("scenario");
    let mut rng = Chance::new(7);
    let mut out = Vec::new();
    for step in 0..2_000u32 {
        let Turn::Decide(seats) = game.to_act() else {
            break;
        };
        let seat = seats[0];
        let legal = game.legal_actions(seat);
        if step % 25 == 0 {
            out.push((game.clone_box(), seat));
        }
        let pick = rng.roll(legal.len() as u32) as usize - 1;
        if game.play(seat, &legal[pick].notation).is_err() {
            break;
        }
    }
    out
}

/// For each position: its legal actions, its board, and the centre of a cell that the
/// first action naming a cell names.
fn taps(
    positions: &[(Box<dyn GameBox>, Seat)],
) -> Vec<(
    Vec<ActionEntry>,
    skald_core::engine::scene::Board,
    skald_core::engine::scene::Point,
)> {
    positions
        .iter()
        .filter_map(|(game, seat)| {
            let legal = game.legal_actions(*seat);
            let board = game.board(&[*seat]);
            let label = legal
                .iter()
                .flat_map(|e| &e.targets)
                .find_map(|t| match t {
                    Target::Cell(l) => Some(l.clone()),
                    _ => None,
                })?;
            let at = board.cells.iter().find(|c| c.label == label)?.centre;
            Some((legal, board, at))
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("scene");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for id in registry::ALL {
        let positions = positions(id);
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("scene_{id}"), |b| {
            b.iter(|| {
                for (game, seat) in &positions {
                    black_box(scene(
                        game.as_ref(),
                        &[*seat],
                        Some(*seat),
                        &Touch::new(),
                        &[],
                    ));
                }
            })
        });
        let taps = taps(&positions);
        if taps.is_empty() {
            continue;
        }
        group.throughput(Throughput::Elements(taps.len() as u64));
        group.bench_function(format!("tap_{id}"), |b| {
            b.iter(|| {
                for (legal, board, at) in &taps {
                    let mut touch = Touch::new();
                    let under = hit(board, *at);
                    black_box(touch.tap(legal, &under, |_| false));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
