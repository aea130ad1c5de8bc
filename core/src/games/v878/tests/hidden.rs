//! Hidden information (Setup 2, brief §4.2): a seat sees its own faction's hand and no
//! card of another side's hand; hand and deck sizes are public, deck orders secret to
//! all, discards public. Checked over many positions of random play.

use super::super::data::Faction;
use super::super::state::{Pending, V878State, UNKNOWN};
use super::super::{rules, view, V878};
use crate::engine::{Chance, Game, Seat, Turn};

/// Checks one view of `state` for `seats`; `sees` is the set of hands it must show.
fn check(state: &V878State, seats: &[Seat], sees: &[Faction]) {
    let v = view::view(state, seats);
    for f in Faction::ALL {
        let truth = state.faction(f);
        let seen = v.state.faction(f);
        if sees.contains(&f) {
            assert_eq!(seen.hand, truth.hand, "{seats:?} sees the {f:?} hand");
        } else {
            assert_eq!(seen.hand.len(), truth.hand.len(), "hand sizes are public");
            assert!(
                seen.hand.iter().all(|c| *c == UNKNOWN),
                "{seats:?} sees a card of the {f:?} hand: {:?}",
                seen.hand
            );
        }
        assert_eq!(seen.deck.len(), truth.deck.len());
        // Only a faction's own Advanced picks, before any shuffle, are shown (item 18).
        let building = state
            .pending
            .iter()
            .any(|p| matches!(p, Pending::ChooseDeck { .. }));
        if building && sees.contains(&f) {
            assert_eq!(seen.deck, truth.deck, "its own picks");
        } else {
            assert!(
                seen.deck.iter().all(|c| *c == UNKNOWN),
                "a deck order leaks"
            );
        }
        assert_eq!(seen.discard, truth.discard);
        assert_eq!(seen.treaty_played, truth.treaty_played);
    }
    assert_eq!(v.state.invasion.len(), state.invasion.len());
    assert!(v.state.invasion.iter().all(|c| *c == UNKNOWN));
    assert_eq!(v.state.fyrd_deck.len(), state.fyrd_deck.len());
    assert!(v.state.fyrd_deck.iter().all(|c| *c == UNKNOWN));
    assert_eq!(v.state.invasion_drawn, state.invasion_drawn);
    assert_eq!(v.state.fyrd_discard, state.fyrd_discard);
}

fn check_all(state: &V878State) {
    let shared = state.options.share_allied_hands;
    for f in Faction::ALL {
        let mut sees = vec![f];
        if shared {
            sees.push(f.ally());
        }
        check(state, &[Seat(f as u8)], &sees);
    }
    // A seat playing both factions of a side sees both its hands, none of the other.
    check(
        state,
        &[Seat(0), Seat(1)],
        &[Faction::Housecarl, Faction::Thegn],
    );
    check(
        state,
        &[Seat(2), Seat(3)],
        &[Faction::Norsemen, Faction::Berserker],
    );
}

#[test]
fn v878_4_2_no_view_shows_another_sides_hand() {
    let mut positions = 0;
    for seed in 0..120 {
        // Standard decks, and Advanced Setup decks picked in secret (item 18).
        let mut opts = V878::options(if seed % 2 == 0 {
            "standard"
        } else {
            "advanced"
        })
        .unwrap();
        opts.share_allied_hands = seed % 3 == 0;
        let mut s = V878::setup(&opts, seed);
        let mut rng = Chance::new(seed ^ 0x0878);
        for step in 0..4000 {
            if step % 2 == 0 {
                check_all(&s);
                positions += 1;
            }
            let Turn::Decide(seats) = V878::to_act(&s) else {
                break;
            };
            let f = Faction::ALL[seats[0].0 as usize];
            let options = rules::legal_actions(&s, f);
            let a = &options[rng.roll(options.len() as u32) as usize - 1];
            rules::apply(&mut s, f, a).unwrap_or_else(|e| panic!("seed {seed}: {a:?}: {e}"));
        }
        check_all(&s);
    }
    assert!(positions > 4000, "{positions} positions");
}

#[test]
fn v878_4_3_standing_order_always_pass_declines_only_open_windows() {
    // Brief §4.3: a person may set "always pass" so that the Event window at every
    // battle does not need the device; it answers only a window open to that seat.
    let mut asked = 0;
    for seed in 0..40 {
        let options = V878::options("standard").unwrap();
        let mut s = V878::setup(&options, seed);
        let mut rng = Chance::new(seed);
        while let Turn::Decide(seats) = V878::to_act(&s) {
            for f in Faction::ALL {
                let seat = Seat(f as u8);
                let open =
                    matches!(s.pending.first(), Some(Pending::Window { faction }) if *faction == f);
                match V878::standing_pass(&s, seat) {
                    Some(a) => {
                        assert!(open, "a standing order answered a closed window");
                        assert_eq!(a, super::super::V878Action::Pass);
                        assert!(V878::legal_actions(&s, seat).contains(&a));
                        asked += 1;
                    }
                    None => assert!(!open, "an open window was not answered"),
                }
            }
            let a = V878::random_action(&s, seats[0], &mut rng).unwrap();
            rules::apply(&mut s, Faction::ALL[seats[0].0 as usize], &a).unwrap();
        }
    }
    assert!(asked > 50, "too few windows seen ({asked})");
}
