//! Random play: every playable scenario finishes, and random players reach the Events.

use super::super::*;
use crate::ai::simulate::play_random;
use std::collections::BTreeMap;

#[test]
fn v878_random_games_finish() {
    let mut kinds: BTreeMap<String, u32> = BTreeMap::new();
    for s in V878::scenarios() {
        let opts = V878::options(s.id).unwrap();
        for seed in 0..60 {
            let played = play_random::<V878>(&opts, seed, 200_000);
            assert!(
                played.stuck.is_none(),
                "{} seed {seed}: {:?}",
                s.id,
                played.stuck
            );
            assert!(played.outcome.is_some());
            for (_, a) in &played.actions {
                let name = format!("{a:?}");
                let kind = name.split([' ', '{', '(']).next().unwrap_or("").to_string();
                *kinds.entry(kind).or_default() += 1;
            }
        }
    }
    println!("{kinds:?}");
    for kind in [
        "PlayEvent",
        "PlayEventAt",
        "PayDanegeld",
        "Block",
        "March",
        "LeaderStep",
        "TakeHit",
        "Command",
    ] {
        assert!(
            kinds.get(kind).copied().unwrap_or(0) > 0,
            "random play never took a {kind} action"
        );
    }
}

#[test]
fn v878_every_scenario_ends_with_a_named_result() {
    // 7.0, 7.1, NR 112, AG 123-125: every game ends with one of the results the rules
    // name, and the winner named is the side of that result.
    for s in V878::scenarios() {
        let opts = V878::options(s.id).unwrap();
        for seed in 0..60 {
            let played = play_random::<V878>(&opts, seed, 200_000);
            let outcome = played.outcome.expect("finished");
            let viking = outcome.winners.iter().any(|w| w.0 >= 2);
            let named = [
                "Viking victory",
                "Viking conquest",
                "Viking victory by Treaty",
                "Viking victory after Round VII",
                "English victory",
                "English victory: no Viking city",
                "English victory by Treaty",
                "English victory after Round VII",
            ];
            assert!(
                named.contains(&outcome.result.as_str()),
                "{} seed {seed}: unnamed result {}",
                s.id,
                outcome.result
            );
            assert_eq!(
                viking,
                outcome.result.starts_with("Viking"),
                "{} seed {seed}",
                s.id
            );
            assert!(!outcome.winners.is_empty());
        }
    }
}
