//! Which single legal actions a session takes for a person (`GameBox::forced_action`):
//! only those that tell the other seats nothing they could not see already.

use skald_core::engine::{Seat, Turn};
use skald_core::games::registry;
use std::collections::BTreeMap;

/// Walks random 878 games and sorts every decision with one legal action by its verb
/// and whether it counts as forced.
fn single_actions_of_878(seeds: std::ops::Range<u64>) -> BTreeMap<(String, bool), u32> {
    let entry = registry::find("v878").unwrap();
    let mut seen = BTreeMap::new();
    for seed in seeds {
        let mut game = entry.new_game("standard", seed).unwrap();
        let mut pick = seed;
        for _ in 0..3_000 {
            let Turn::Decide(seats) = game.to_act() else {
                break;
            };
            let seat = seats[0];
            let legal = game.legal_actions(seat);
            if let [only] = legal.as_slice() {
                let forced = game.forced_action(seat);
                if let Some(forced) = &forced {
                    assert_eq!(forced, &only.notation);
                }
                let verb = only.notation.split_whitespace().next().unwrap().to_string();
                if verb == "play" && forced.is_some() {
                    // Only when the others can tell the hand: its deck is used up and
                    // (with decks known, 878's default) what is left is the hand.
                    let others: Vec<Seat> = (0..4u8).filter(|&s| s != seat.0).map(Seat).collect();
                    let view = game.view_position(&others);
                    let name = game.seat_names()[seat.0 as usize];
                    let line = view
                        .lines()
                        .find(|l| l.starts_with(&format!("faction {name} ")))
                        .unwrap();
                    assert!(
                        line.contains(" deck=- "),
                        "seed {seed}: {}: {line}",
                        only.notation
                    );
                }
                *seen.entry((verb, forced.is_some())).or_default() += 1;
            } else {
                assert_eq!(
                    game.forced_action(seat),
                    None,
                    "a choice of {}",
                    legal.len()
                );
            }
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let action = legal[(pick >> 33) as usize % legal.len()].notation.clone();
            game.play(seat, &action).unwrap();
        }
    }
    seen
}

#[test]
fn v878_forced_actions_are_the_ones_no_hand_decides() {
    let seen = single_actions_of_878(0..12);
    let count = |verb: &str, forced: bool| seen.get(&(verb.to_string(), forced)).copied();
    // Losses and flights after a battle (4.x) depend on the units on the map only.
    for verb in ["hit", "flee"] {
        assert!(count(verb, true).unwrap_or(0) > 10, "{verb}: {seen:?}");
        assert_eq!(count(verb, false), None, "{verb}: {seen:?}");
    }
    // A lone card play, or a lone pass at a window, would tell the others what the hand
    // holds (that card, or nothing playable): not taken for the person unless the
    // others can tell the hand anyway (checked above)...
    assert!(count("play", false).unwrap_or(0) > 0, "{seen:?}");
    assert!(count("pass", false).unwrap_or(0) > 0, "{seen:?}");
    // ...but a pass nobody's hand could change (no card fits the window) is.
    assert!(count("pass", true).unwrap_or(0) > 0, "{seen:?}");
}

#[test]
fn fury_forced_actions_are_every_single_action() {
    // Fury hides nothing: any single legal action is taken for the person.
    let entry = registry::find("fury").unwrap();
    let mut game = entry.new_game("basic", 4).unwrap();
    let villager = Seat(1);
    assert_eq!(game.forced_action(villager), None, "set-up is a choice");
    game.play(villager, "setup default").unwrap();
    assert_eq!(game.legal_actions(villager).len(), 1);
    assert_eq!(game.forced_action(villager).as_deref(), Some("end"));
}
