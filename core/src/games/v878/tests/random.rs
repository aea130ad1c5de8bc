//! Random play: every playable scenario finishes, and random players reach the
//! battle Events.

use super::super::*;
use crate::ai::simulate::play_random;

#[test]
fn v878_random_games_finish() {
    let mut events_played = 0;
    let mut danegeld_paid = 0;
    for s in V878::scenarios() {
        let opts = V878::options(s.id).unwrap();
        for seed in 0..40 {
            let played = play_random::<V878>(&opts, seed, 200_000);
            assert!(
                played.stuck.is_none(),
                "{} seed {seed}: {:?}",
                s.id,
                played.stuck
            );
            assert!(played.outcome.is_some());
            for (_, a) in &played.actions {
                match a {
                    V878Action::PlayEvent { .. } => events_played += 1,
                    V878Action::PayDanegeld { .. } => danegeld_paid += 1,
                    _ => {}
                }
            }
        }
    }
    assert!(events_played > 0, "random play never played a battle Event");
    println!("{events_played} battle Events played, {danegeld_paid} Danegeld paid");
}
