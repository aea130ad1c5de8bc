//! 878 keeps its secrets: over many random games, at every decision, no seat's view
//! holds a card of another side's hand (or of its ally's, unless hands are shared) or
//! any deck order; events about a hand reach only its owner; and replaying (options,
//! seed, action log) reproduces the state hash recorded after every action.

use skald_core::engine::{Audience, Chance, Game, Seat, Turn};
use skald_core::games::v878::state::{Pending, UNKNOWN};
use skald_core::games::v878::{Faction, V878};

fn check_game(seed: u64, share: bool) -> u32 {
    // The Advanced Setup adds secret deck choices to the secrets to keep.
    let scenario = if seed.is_multiple_of(2) {
        "standard"
    } else {
        "advanced"
    };
    let mut options = V878::options(scenario).expect("scenario");
    options.share_allied_hands = share;
    let mut state = V878::setup(&options, seed);
    let mut rng = Chance::new(seed ^ 0x1234_5678);
    let mut log = Vec::new();
    let mut hashes = vec![V878::state_hash(&state)];
    let mut decisions = 0;
    while let Turn::Decide(seats) = V878::to_act(&state) {
        let seat = seats[0];
        for viewer in Faction::ALL {
            let v = V878::view(&state, &[Seat(viewer as u8)]);
            for owner in Faction::ALL {
                let hand = &v.state.faction(owner).hand;
                let may_see = owner == viewer || (share && owner == viewer.ally());
                let true_hand = &state.faction(owner).hand;
                assert_eq!(hand.len(), true_hand.len(), "hand sizes are public");
                if may_see {
                    assert_eq!(
                        hand, true_hand,
                        "seed {seed}: {viewer:?} must see the {owner:?} hand"
                    );
                } else {
                    assert!(
                        hand.iter().all(|c| *c == UNKNOWN),
                        "seed {seed}: {viewer:?} sees the {owner:?} hand"
                    );
                }
                // Deck orders are secret from everyone; a faction sees its own Advanced
                // picks only while decks are being built, before any shuffle.
                let building = state
                    .pending
                    .iter()
                    .any(|p| matches!(p, Pending::ChooseDeck { .. }));
                if !(building && may_see) {
                    assert!(
                        v.state.faction(owner).deck.iter().all(|c| *c == UNKNOWN),
                        "deck order leaked"
                    );
                }
            }
            assert!(
                v.state.invasion.iter().all(|c| *c == UNKNOWN),
                "Invasion deck leaked"
            );
            assert!(
                v.state.fyrd_deck.iter().all(|c| *c == UNKNOWN),
                "Fyrd deck leaked"
            );
        }
        let action = V878::random_action(&state, seat, &mut rng).expect("a legal action");
        let events = V878::apply(&mut state, seat, &action).expect("legal action applies");
        for e in &events {
            if let Audience::Only(allowed) = &e.audience {
                assert!(
                    allowed.iter().all(|s| s.0 < 4),
                    "private event for a seat that does not exist"
                );
                assert!(!V878::describe(&e.kind).is_empty());
            }
        }
        log.push((seat, action));
        hashes.push(V878::state_hash(&state));
        decisions += 1;
        assert!(decisions < 100_000, "seed {seed}: no end");
    }
    let mut replay = V878::setup(&options, seed);
    for (i, (seat, action)) in log.iter().enumerate() {
        V878::apply(&mut replay, *seat, action).expect("replay applies");
        assert_eq!(
            V878::state_hash(&replay),
            hashes[i + 1],
            "seed {seed}: replay diverges at {i}"
        );
    }
    decisions
}

#[test]
fn v878_views_hold_no_other_sides_cards_and_replays_match() {
    let mut total = 0;
    for seed in 0..2000 {
        total += check_game(seed, seed % 3 == 0);
    }
    assert!(
        total > 10_000,
        "the games were too short to test much ({total} decisions)"
    );
}
