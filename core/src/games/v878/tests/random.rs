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

/// `rules::random_action` (speed, issue 8) takes the action the default draw takes:
/// one roll over the whole listing, from the same stream. Checked at every decision of
/// random games of every scenario, marches with their paths included; the games are
/// played on with the default draw.
#[test]
fn v878_fast_random_action_is_the_default_draw() {
    use crate::engine::{Chance, Turn};
    let mut marches = 0;
    for s in V878::scenarios() {
        let opts = V878::options(s.id).unwrap();
        for seed in 0..8 {
            let mut state = V878::setup(&opts, seed);
            let mut rng = Chance::new(seed ^ 0x5eed);
            while let Turn::Decide(seats) = V878::to_act(&state) {
                let Some(&seat) = seats.first() else { break };
                let f = data::Faction::ALL[seat.0 as usize];
                let mut fast_rng = rng.clone();
                let fast = rules::random_action(&state, f, &mut fast_rng);
                let mut all = V878::legal_actions(&state, seat);
                let Some(action) = (!all.is_empty()).then(|| {
                    let i = rng.roll(all.len() as u32) as usize - 1;
                    all.swap_remove(i)
                }) else {
                    assert_eq!(fast, None);
                    break;
                };
                assert_eq!(fast.as_ref(), Some(&action), "{} seed {seed}", s.id);
                assert_eq!(fast_rng.point(), rng.point());
                marches += matches!(action, V878Action::March { .. }) as u32;
                V878::apply(&mut state, seat, &action).unwrap();
            }
        }
    }
    assert!(marches > 100, "{marches} marches drawn");
}
