//! Counts which kinds of action random Fury games take, and how games end:
//! `cargo run --release --example action_mix -- SCENARIO GAMES`.
use skald_core::ai::simulate::play_random;
use skald_core::engine::Game;
use skald_core::games::fury::Fury;
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let scenario = args.get(1).map(String::as_str).unwrap_or("basic");
    let n: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let opts = Fury::options(scenario).expect("scenario");
    let mut kinds: BTreeMap<String, u32> = BTreeMap::new();
    let mut results: BTreeMap<String, u32> = BTreeMap::new();
    for seed in 0..n {
        let p = play_random::<Fury>(&opts, seed, 50_000);
        for (_, a) in &p.actions {
            let name = format!("{a:?}");
            let kind = name.split([' ', '{', '(']).next().unwrap_or("").to_string();
            *kinds.entry(kind).or_default() += 1;
        }
        let r = p
            .outcome
            .map(|o| o.result)
            .unwrap_or_else(|| "stuck".into());
        *results.entry(r).or_default() += 1;
    }
    println!("{results:?}");
    println!("{kinds:?}");
}
