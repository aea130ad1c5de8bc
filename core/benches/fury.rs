//! Fury speed: (a) decisions per second, replaying one pre-recorded random Basic game
//! (legal actions listed, then the recorded action applied, for every decision), and
//! (b) whole random Basic games per second, with increasing seeds, and (c) listing the
//! legal actions of a position: every position of that recorded game in turn, so the
//! time per element is the mean over a whole game's positions (target: 20 µs).
//!
//! `simple_action_per_position` (issue 10): the simple player's decision on positions
//! met in simple-against-simple games of every scenario (every 3rd decision, seeds
//! 1-3), the positions the search player's playouts meet; the time per element is the
//! mean decision over all of them.
//!
//! `cargo bench -p skald-core` (small samples: about a minute on 2 cores).
//!
//! With `SKALD_BENCH_CPU=1` every time is this thread's CPU time instead of wall-clock
//! time (Linux), so that figures from a machine shared with other work compare: the
//! benches are the same, in the group `fury_cpu`.

#[path = "common/cpu.rs"]
mod cpu;

use cpu::{group_name, ThreadCpu};
use criterion::measurement::Measurement;
use criterion::{criterion_group, Criterion, Throughput};
use skald_core::ai::simulate::play_random;
use skald_core::engine::{Chance, Game, Seat, Turn};
use skald_core::games::fury::Fury;
use std::hint::black_box;
use std::time::Duration;

const MAX_DECISIONS: u32 = 200_000;
const RECORDED_SEED: u64 = 1;

fn decisions<M: Measurement + 'static>(c: &mut Criterion<M>) {
    let options = Fury::options("basic").expect("basic scenario");
    let played = play_random::<Fury>(&options, RECORDED_SEED, MAX_DECISIONS);
    assert!(
        played.stuck.is_none(),
        "recorded game stuck: {:?}",
        played.stuck
    );
    let mut group = c.benchmark_group(group_name::<M>("fury"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    group.throughput(Throughput::Elements(played.actions.len() as u64));
    group.bench_function("replay_basic_decisions", |b| {
        b.iter(|| {
            // Same seed, so the game's own dice fall as they did when it was recorded.
            let mut state = Fury::setup(&options, RECORDED_SEED);
            for (seat, action) in &played.actions {
                black_box(Fury::legal_actions(&state, *seat));
                Fury::apply(&mut state, *seat, action).expect("recorded action replays");
            }
            state
        })
    });
    group.finish();
}

fn games<M: Measurement + 'static>(c: &mut Criterion<M>) {
    let options = Fury::options("basic").expect("basic scenario");
    let mut group = c.benchmark_group(group_name::<M>("fury"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    group.throughput(Throughput::Elements(1));
    let mut seed = 1_000u64;
    group.bench_function("random_basic_games", |b| {
        b.iter(|| {
            seed += 1;
            let played = play_random::<Fury>(&options, seed, MAX_DECISIONS);
            black_box(played.decisions)
        })
    });
    group.finish();
}

fn listing<M: Measurement + 'static>(c: &mut Criterion<M>) {
    let options = Fury::options("basic").expect("basic scenario");
    let played = play_random::<Fury>(&options, RECORDED_SEED, MAX_DECISIONS);
    let mut state = Fury::setup(&options, RECORDED_SEED);
    let mut positions = Vec::with_capacity(played.actions.len());
    for (seat, action) in &played.actions {
        positions.push((state.clone(), *seat));
        Fury::apply(&mut state, *seat, action).expect("recorded action replays");
    }
    let mut group = c.benchmark_group(group_name::<M>("fury"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_actions_per_position", |b| {
        b.iter(|| {
            for (state, seat) in &positions {
                black_box(Fury::legal_actions(state, *seat));
            }
        })
    });
    group.finish();
}

/// Positions of simple-against-simple games of every scenario, with the seat to decide.
fn simple_positions() -> Vec<(<Fury as Game>::State, Seat)> {
    let mut out = Vec::new();
    for sc in Fury::scenarios() {
        let options = Fury::options(sc.id).expect("scenario");
        for seed in 1..=3u64 {
            let mut state = Fury::setup(&options, seed);
            let mut rng = Chance::new(seed);
            let mut step = 0u32;
            while let Turn::Decide(seats) = Fury::to_act(&state) {
                let Some(&seat) = seats.first() else { break };
                if step.is_multiple_of(3) {
                    out.push((state.clone(), seat));
                }
                let Some(a) = Fury::simple_action(&state, seat, &mut rng) else {
                    break;
                };
                if Fury::apply(&mut state, seat, &a).is_err() || step > 20_000 {
                    break;
                }
                step += 1;
            }
        }
    }
    out
}

fn simple<M: Measurement + 'static>(c: &mut Criterion<M>) {
    let positions = simple_positions();
    let mut group = c.benchmark_group(group_name::<M>("fury"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut rng = Chance::new(2);
    group.bench_function("simple_action_per_position", |b| {
        b.iter(|| {
            for (state, seat) in &positions {
                black_box(Fury::simple_action(state, *seat, &mut rng));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, decisions, games, listing, simple);
criterion_group! {
    name = cpu_benches;
    config = Criterion::default().with_measurement(ThreadCpu);
    targets = decisions, games, listing, simple
}

fn main() {
    cpu::run(benches, cpu_benches);
}
