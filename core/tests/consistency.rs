//! The generic consistency check (engine::consistency) over every game and scenario.
//! Runs in the optimised test profile; thousands of games belong in `skald simulate`.

use skald_core::engine::consistency::{check_random_game, Depth};
use skald_core::engine::Playable;
use skald_core::games::fury::Fury;
use skald_core::games::v878::V878;

fn check_all<G: Playable>(games_per_scenario: u64) {
    check_all_with::<G>(games_per_scenario, 100);
}

/// As `check_all`, with the fewest decisions a finished game may take before it counts
/// as ending oddly.
fn check_all_with<G: Playable>(games_per_scenario: u64, min_decisions: u32) {
    check_scenarios::<G>(games_per_scenario, min_decisions, &[]);
}

/// As `check_all_with`, with these optional rules switched on in every scenario.
fn check_scenarios<G: Playable>(games_per_scenario: u64, min_decisions: u32, rules: &[&str]) {
    let mut failures = Vec::new();
    for scenario in G::scenarios() {
        let mut options = G::options(scenario.id).expect("scenario options");
        for rule in rules {
            G::enable_rule(&mut options, rule).expect("an optional rule of the game");
        }
        for seed in 0..games_per_scenario {
            let depth = Depth {
                every: 7,
                max_decisions: 50_000,
            };
            match check_random_game::<G>(&options, seed, depth) {
                Ok(c) if c.finished && c.decisions > min_decisions => {}
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

#[test]
fn v878_consistency_over_random_games() {
    // An 878 game may end after a handful of decisions: at the close of Round I when the
    // Vikings hold no City (7.0), or in Alfred's Gambit when a Leader falls in his first
    // battle. So any finished game counts here.
    check_all_with::<V878>(400, 0);
}

#[test]
fn g1066_consistency_over_random_games() {
    check_all::<skald_core::games::g1066::G1066>(6);
}

#[test]
fn g1066_consistency_with_every_optional_rule_on() {
    type G = skald_core::games::g1066::G1066;
    let rules: Vec<&str> = <G as skald_core::engine::Game>::optional_rules()
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(rules, ["command_control", "overrun", "sieges"]);
    check_scenarios::<G>(3, 100, &rules);
}
