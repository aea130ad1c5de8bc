//! Random play: every scenario finishes.

use super::super::*;
use crate::ai::simulate::play_random;

#[test]
fn fury_random_games_finish_in_every_scenario() {
    for s in Fury::scenarios() {
        let opts = Fury::options(s.id).unwrap();
        for seed in 0..3 {
            let played = play_random::<Fury>(&opts, seed, 20_000);
            assert!(
                played.stuck.is_none(),
                "{} seed {seed}: {:?}",
                s.id,
                played.stuck
            );
            println!(
                "{} seed {seed}: {:?} in {} decisions",
                s.id,
                played.outcome.map(|o| o.result),
                played.decisions
            );
        }
    }
}
