//! The generic consistency check (engine::consistency) over every game and scenario.
//! Runs in the optimised test profile; thousands of games belong in `skald simulate`.

use skald_core::engine::consistency::{check_random_game, Depth};
use skald_core::engine::Game;
use skald_core::games::fury::Fury;

fn check_all<G: Game>(games_per_scenario: u64) {
    let mut failures = Vec::new();
    for scenario in G::scenarios() {
        let options = G::options(scenario.id).expect("scenario options");
        for seed in 0..games_per_scenario {
            let depth = Depth {
                every: 7,
                max_decisions: 50_000,
            };
            match check_random_game::<G>(&options, seed, depth) {
                Ok(c) if c.finished && c.decisions > 100 => {}
                Ok(c) => failures.push(format!(
                    "{} seed {seed}: ended oddly after {} decisions",
                    scenario.id, c.decisions
                )),
                Err(e) => failures.push(format!("{} seed {seed}: {e}", scenario.id)),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fury_consistency_over_random_games() {
    check_all::<Fury>(6);
}
