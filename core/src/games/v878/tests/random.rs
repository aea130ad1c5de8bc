//! Random play: every playable scenario finishes.

use super::super::*;
use crate::ai::simulate::play_random;

#[test]
fn v878_random_games_finish() {
    for s in V878::scenarios() {
        let opts = V878::options(s.id).unwrap();
        for seed in 0..20 {
            let played = play_random::<V878>(&opts, seed, 200_000);
            assert!(
                played.stuck.is_none(),
                "{} seed {seed}: {:?}",
                s.id,
                played.stuck
            );
            println!(
                "{} seed {seed}: {:?} in {} decisions",
                s.id,
                played.outcome.map(|o| (o.result, o.detail)),
                played.decisions
            );
        }
    }
}
