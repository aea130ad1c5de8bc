//! Plays random Fury games for profiling: `cargo run --release --example profile_fury -- 20`.
use skald_core::ai::simulate::play_random;
use skald_core::engine::Game;
use skald_core::games::fury::Fury;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let opts = Fury::options("basic").expect("basic scenario");
    let start = std::time::Instant::now();
    let mut decisions = 0u64;
    for seed in 0..n {
        decisions += play_random::<Fury>(&opts, seed, 50_000).decisions as u64;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{n} games, {decisions} decisions, {:.1} games/s, {:.0} decisions/s",
        n as f64 / secs,
        decisions as f64 / secs
    );
}
