//! The search player's speed (issue 10): iterations per second, per game, on positions
//! met in games between simple players (every 25th decision that the search would
//! weigh: more than one legal action, and worth searching). Each measured step is one
//! search of `ITERATIONS` iterations with no time cap, from the deciding seat's view;
//! criterion's throughput line is the iterations per second.
//!
//! `cargo bench -p skald-core --bench search`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use skald_core::ai::search::{search, Budget};
use skald_core::ai::simulate::simple_action;
use skald_core::engine::{Chance, Game, SearchRoot, Seat, Turn};
use skald_core::games::fury::Fury;
use skald_core::games::v878::V878;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const ITERATIONS: u32 = 50;

/// Views met in simple-player games of `scenario`, with the seat to decide.
fn positions<G: Game>(scenario: &str) -> Vec<(G::View, Seat)> {
    let options = G::options(scenario).expect("scenario");
    let mut out = Vec::new();
    for seed in 1..=3u64 {
        let mut state = G::setup(&options, seed);
        let (mut guesses, mut rng) = (Chance::new(seed), Chance::new(seed + 99));
        let mut step = 0u32;
        while let Turn::Decide(seats) = G::to_act(&state) {
            let Some(&seat) = seats.first() else { break };
            let weighed =
                G::legal_actions(&state, seat).len() > 1 && G::worth_searching(&state, seat);
            if weighed {
                if step.is_multiple_of(25) {
                    out.push((G::view(&state, &[seat]), seat));
                }
                step += 1;
            }
            let Some(a) = simple_action::<G>(&state, seat, &mut guesses, &mut rng) else {
                break;
            };
            if G::apply(&mut state, seat, &a).is_err() {
                break;
            }
        }
    }
    out
}

fn bench_game<G: Game>(c: &mut Criterion, name: &str, scenario: &str) {
    let views = positions::<G>(scenario);
    let mut group = c.benchmark_group(format!("search_{name}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    let never = AtomicBool::new(false);
    // The UCB tree and 878's root (16 moves halved on common draws), both over single
    // moves: where Fury's Viking weighs plans instead, a choice is made once a phase
    // and `skald simulate` times it (a phase's decisions, median).
    let own = Budget::iterations(ITERATIONS);
    let tree = Budget {
        root: Some(SearchRoot::Tree),
        ..own
    };
    let halving = Budget {
        root: Some(SearchRoot::Halving { candidates: 16 }),
        weigh_plans: false,
        ..own
    };
    for (root, budget) in [("tree", tree), ("halving16", halving)] {
        let mut next = 0usize;
        group.bench_function(format!("{scenario}_{ITERATIONS}_iterations_{root}"), |b| {
            b.iter(|| {
                let (view, seat) = &views[next % views.len()];
                next += 1;
                black_box(
                    search::<G>(view, *seat, &budget, next as u64, &never).map(|s| s.iterations),
                )
            })
        });
    }
    group.finish();
}

fn iterations(c: &mut Criterion) {
    bench_game::<Fury>(c, "fury", "basic");
    bench_game::<V878>(c, "v878", "standard");
}

criterion_group!(benches, iterations);
criterion_main!(benches);
