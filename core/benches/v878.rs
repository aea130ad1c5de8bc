//! 878 speed: whole random games per second of the standard game, with increasing
//! seeds (random players for all four factions, every decision through the contract).
//!
//! `simple_decision`: one decision of the simple player (issue 10), on positions
//! met in random games of every scenario, each drawn from the deciding seat's view
//! as `skald simulate` does; the median is the figure to keep under 5 ms.
//!
//! `cargo bench -p skald-core --bench v878`.
//!
//! With `SKALD_BENCH_CPU=1` every time is this thread's CPU time instead of wall-clock
//! time (Linux), so that figures from a machine shared with other work compare: the
//! benches are the same, in the groups `v878_cpu` and `simple_decision_cpu`.

#[path = "common/cpu.rs"]
mod cpu;

use cpu::{group_name, ThreadCpu};
use criterion::measurement::Measurement;
use criterion::{criterion_group, Criterion, Throughput};
use skald_core::ai::simulate::{play_random, simple_action};
use skald_core::engine::{Chance, Game, Seat, Turn};
use skald_core::games::v878::V878;
use std::hint::black_box;
use std::time::Duration;

fn games<M: Measurement + 'static>(c: &mut Criterion<M>) {
    let mut group = c.benchmark_group(group_name::<M>("v878"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(6));
    group.throughput(Throughput::Elements(1));
    for scenario in ["standard", "advanced"] {
        let options = V878::options(scenario).expect("scenario");
        let mut seed = 1_000u64;
        group.bench_function(format!("random_{scenario}_games"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(play_random::<V878>(&options, seed, 200_000).decisions)
            })
        });
    }
    group.finish();
}

/// Positions of random games (every 7th decision) with the seat to decide.
fn positions() -> Vec<(<V878 as Game>::State, Seat)> {
    let mut out = Vec::new();
    for sc in V878::scenarios() {
        let options = V878::options(sc.id).expect("scenario");
        for seed in 1..=5u64 {
            let mut state = V878::setup(&options, seed);
            let mut rng = Chance::new(seed);
            let mut step = 0u32;
            while let Turn::Decide(seats) = V878::to_act(&state) {
                let Some(&seat) = seats.first() else { break };
                if step.is_multiple_of(7) {
                    out.push((state.clone(), seat));
                }
                let Some(a) = V878::random_action(&state, seat, &mut rng) else {
                    break;
                };
                if V878::apply(&mut state, seat, &a).is_err() {
                    break;
                }
                step += 1;
            }
        }
    }
    out
}

fn simple_decision<M: Measurement + 'static>(c: &mut Criterion<M>) {
    let all = positions();
    let mut group = c.benchmark_group(group_name::<M>("simple_decision"));
    group
        .sample_size(50)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let mut i = 0usize;
    let mut guesses = Chance::new(1);
    let mut rng = Chance::new(2);
    group.bench_function("v878_one_decision", |b| {
        b.iter(|| {
            i = (i + 1) % all.len();
            let (state, seat) = &all[i];
            black_box(simple_action::<V878>(state, *seat, &mut guesses, &mut rng))
        })
    });
    group.finish();
}

criterion_group!(benches, games, simple_decision);
criterion_group! {
    name = cpu_benches;
    config = Criterion::default().with_measurement(ThreadCpu);
    targets = games, simple_decision
}

fn main() {
    cpu::run(benches, cpu_benches);
}
