//! 878 speed: whole random games per second of the standard game, with increasing
//! seeds (random players for all four factions, every decision through the contract).
//!
//! `cargo bench -p skald-core --bench v878`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use skald_core::ai::simulate::play_random;
use skald_core::engine::Game;
use skald_core::games::v878::V878;
use std::hint::black_box;
use std::time::Duration;

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("v878");
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

criterion_group!(benches, games);
criterion_main!(benches);
