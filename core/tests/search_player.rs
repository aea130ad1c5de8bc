//! The search player (issue 10) through the erased interface the session uses: it
//! returns a legal action, repeats itself for a seed and an iteration budget, stops when
//! cancelled, and never reads what its seat may not see.

use skald_core::ai::search::{Budget, Decided};
use skald_core::engine::{Chance, GameBox, Played, SearchRoot, Turn};
use skald_core::games::fury::Fury;
use skald_core::games::v878::V878;
use std::sync::atomic::AtomicBool;

/// Positions of a game between random players, every `every`-th decision with more
/// than one legal action.
fn positions<G: skald_core::engine::Playable>(
    scenario: &str,
    seed: u64,
    every: u32,
    most: usize,
) -> Vec<G::State> {
    let options = G::options(scenario).unwrap();
    let mut state = G::setup(&options, seed);
    let mut rng = Chance::new(seed + 40);
    let mut out = Vec::new();
    let mut step = 0;
    while let Turn::Decide(seats) = G::to_act(&state) {
        let seat = seats[0];
        if G::legal_actions(&state, seat).len() > 1 {
            if step % every == 0 {
                out.push(state.clone());
                if out.len() >= most {
                    break;
                }
            }
            step += 1;
        }
        let action = G::random_action(&state, seat, &mut rng).unwrap();
        G::apply(&mut state, seat, &action).unwrap();
    }
    out
}

fn seat_to_act(game: &dyn GameBox) -> skald_core::engine::Seat {
    match game.to_act() {
        Turn::Decide(seats) => seats[0],
        Turn::Over(_) => panic!("game over"),
    }
}

/// The two ways the search weighs its root: the UCB tree, and sequential halving of
/// candidates on common draws.
fn both_roots(iterations: u32) -> [Budget; 2] {
    let tree = Budget::iterations(iterations);
    let tree = Budget {
        root: Some(SearchRoot::Tree),
        ..tree
    };
    let halving = Budget {
        root: Some(SearchRoot::Halving { candidates: 8 }),
        ..tree
    };
    [tree, halving]
}

#[test]
fn search_player_returns_a_legal_action_and_repeats_for_a_seed() {
    let never = AtomicBool::new(false);
    for budget in both_roots(12) {
        let mut searched = 0;
        for state in positions::<V878>("standard", 3, 40, 8)
            .into_iter()
            .map(Played::<V878>::boxed)
            .chain(
                positions::<Fury>("basic", 3, 40, 6)
                    .into_iter()
                    .map(Played::<Fury>::boxed),
            )
        {
            let seat = seat_to_act(state.as_ref());
            let advice = state.search(seat, &budget, 5, &never, None).unwrap();
            let legal = state.legal_actions(seat);
            assert!(legal.iter().any(|a| a.notation == advice.action));
            assert_eq!(
                state.search(seat, &budget, 5, &never, None),
                Some(advice.clone())
            );
            if advice.decided == Decided::Searched {
                searched += 1;
                match budget.root {
                    Some(SearchRoot::Tree) | None => assert_eq!(advice.iterations, 12),
                    // Halving's last round may have fewer left than it has candidates.
                    Some(_) => assert!((10..=12).contains(&advice.iterations)),
                }
                let visits: u32 = advice.candidates.iter().map(|c| c.visits).sum();
                assert_eq!(
                    visits, advice.iterations,
                    "every iteration plays one root candidate"
                );
                assert!(advice
                    .candidates
                    .iter()
                    .any(|c| c.notation == advice.action));
                for c in &advice.candidates {
                    assert!((0.0..=1.0).contains(&c.value), "{}", c.value);
                    assert!(legal.iter().any(|a| a.notation == c.notation));
                }
            }
        }
        assert!(searched >= 8, "{searched}");
    }
}

#[test]
fn search_player_cancelled_returns_nothing() {
    let cancelled = AtomicBool::new(true);
    let state = positions::<V878>("standard", 4, 30, 2).pop().unwrap();
    let game = Played::<V878>::boxed(state);
    let seat = seat_to_act(game.as_ref());
    let before = game.state_hash();
    for budget in both_roots(50) {
        assert_eq!(game.search(seat, &budget, 1, &cancelled, None), None);
    }
    assert_eq!(game.state_hash(), before);
}

/// Two true positions the seat cannot tell apart (other hands, deck orders and the
/// seed drawn again) get the same search, choice and figures alike.
fn search_ignores_hidden<G: skald_core::engine::Playable>(
    scenario: &str,
    every: u32,
    iterations: u32,
) -> (u32, u32) {
    let never = AtomicBool::new(false);
    let (mut compared, mut differed_hidden) = (0, 0);
    for seed in 0..2u64 {
        for (i, truth) in positions::<G>(scenario, seed, every, 12)
            .into_iter()
            .enumerate()
        {
            let Turn::Decide(seats) = G::to_act(&truth) else {
                continue;
            };
            let seat = seats[0];
            let view = G::view(&truth, &[seat]);
            let other = G::resample(&view, &mut Chance::new(seed * 1000 + i as u64));
            assert_eq!(
                G::format_view(&G::view(&other, &[seat])),
                G::format_view(&view)
            );
            if G::hidden_digest(&other) != G::hidden_digest(&truth) {
                differed_hidden += 1;
            }
            let truth = Played::<G>::boxed(truth);
            let other = Played::<G>::boxed(other);
            for budget in both_roots(iterations) {
                let a = truth.search(seat, &budget, 17, &never, None);
                let b = other.search(seat, &budget, 17, &never, None);
                assert_eq!(a, b, "{scenario} seed {seed} position {i} {budget:?}");
            }
            compared += 1;
        }
    }
    (compared, differed_hidden)
}

#[test]
fn v878_search_player_choice_ignores_what_its_seat_cannot_see() {
    let (mut compared, mut differed) = (0, 0);
    for scenario in ["standard", "advanced"] {
        let (c, d) = search_ignores_hidden::<V878>(scenario, 9, 16);
        compared += c;
        differed += d;
    }
    assert!(compared >= 40, "{compared}");
    assert!(differed > compared / 2, "{differed} of {compared}");
}

#[test]
fn fury_search_player_choice_ignores_the_seed() {
    // Fury hides nothing but the chance stream: the seed and the dice to come.
    let (compared, _) = search_ignores_hidden::<Fury>("basic", 25, 6);
    assert!(compared >= 20, "{compared}");
}

/// A search with endless iterations and a time cap (`search:MS`) still halves: each
/// round ends at its share of the time and plays at least one draw, so the finalists
/// have been played more often than the first round's losers, however slow the machine.
#[test]
fn search_player_halving_under_a_time_cap_alone_still_halves() {
    let never = AtomicBool::new(false);
    let budget = Budget {
        root: Some(SearchRoot::Halving { candidates: 8 }),
        ..Budget::iterations(u32::MAX).capped(std::time::Duration::from_millis(30))
    };
    let mut searched = 0;
    let games = positions::<V878>("standard", 5, 10, 12)
        .into_iter()
        .map(Played::<V878>::boxed)
        .chain(
            positions::<Fury>("basic", 5, 30, 4)
                .into_iter()
                .map(Played::<Fury>::boxed),
        );
    for game in games {
        let seat = seat_to_act(game.as_ref());
        let advice = game.search(seat, &budget, 3, &never, None).unwrap();
        if advice.decided != Decided::Searched || advice.candidates.len() < 3 {
            continue;
        }
        searched += 1;
        let most = advice.candidates.iter().map(|c| c.visits).max().unwrap();
        let least = advice.candidates.iter().map(|c| c.visits).min().unwrap();
        assert!(most >= 3 && least < most, "{:?}", advice.candidates);
    }
    assert!(searched >= 3, "{searched}");
}

/// Where several seats decide at once (1066's sealed initiative bids, 6.1), the search
/// for each seat returns that seat's own action, by the tree and by halving.
#[test]
fn search_player_acts_for_its_own_seat_when_seats_decide_together() {
    use skald_core::engine::Game;
    use skald_core::games::g1066::G1066;
    let never = AtomicBool::new(false);
    let options = G1066::options("two_players").unwrap();
    let mut state = G1066::setup(&options, 2);
    let mut rng = Chance::new(8);
    // Random set-up until the first initiative, where both players bid.
    let together = loop {
        let Turn::Decide(seats) = G1066::to_act(&state) else {
            panic!("the game ended in set-up");
        };
        if seats.len() > 1 {
            break seats;
        }
        let action = G1066::random_action(&state, seats[0], &mut rng).unwrap();
        G1066::apply(&mut state, seats[0], &action).unwrap();
    };
    for budget in both_roots(16) {
        for &seat in &together {
            let view = G1066::view(&state, &[seat]);
            let found =
                skald_core::ai::search::search::<G1066>(&view, seat, &budget, 5, &never).unwrap();
            assert!(
                G1066::legal_actions(&state, seat).contains(&found.action),
                "seat {} was given {:?}",
                seat.0,
                found.action
            );
        }
    }
}
