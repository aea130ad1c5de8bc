//! The computer players never read what their seat may not see: the simple player is
//! given a position drawn from its seat's view, so two true positions that look the
//! same to the seat (other hands, deck orders and the seed all different) get the same
//! choice for the same streams of the player's own.

use skald_core::ai::simulate::simple_action;
use skald_core::engine::{Chance, Notation, Turn};
use skald_core::games::g1066::G1066;
use skald_core::games::v878::V878;

#[test]
fn v878_simple_player_choice_ignores_what_its_seat_cannot_see() {
    choice_ignores_what_the_seat_cannot_see::<V878>(600);
}

/// 1066: other hands, the pool, sealed bids and face-down counters (7.1) are hidden.
#[test]
fn g1066_simple_player_choice_ignores_what_its_seat_cannot_see() {
    choice_ignores_what_the_seat_cannot_see::<G1066>(400);
}

fn choice_ignores_what_the_seat_cannot_see<G: Notation>(steps: u64) {
    let mut compared = 0;
    let mut differed_hidden = 0;
    for scenario in G::scenarios() {
        let options = G::options(scenario.id).unwrap();
        for seed in 0..4u64 {
            let mut truth = G::setup(&options, seed);
            let mut rng = Chance::new(seed + 40);
            for step in 0..steps {
                let Turn::Decide(seats) = G::to_act(&truth) else {
                    break;
                };
                let seat = seats[0];
                if step % 5 == 0 {
                    // Another true position the seat cannot tell apart from this one,
                    // with its own seed.
                    let view = G::view(&truth, &[seat]);
                    let other = G::resample(&view, &mut Chance::new(seed * 1000 + step));
                    assert_eq!(
                        G::format_view(&G::view(&other, &[seat])),
                        G::format_view(&view)
                    );
                    if G::hidden_digest(&other) != G::hidden_digest(&truth) {
                        differed_hidden += 1;
                    }
                    let pick = |state| {
                        let mut guesses = Chance::new(7);
                        let mut own = Chance::new(9);
                        simple_action::<G>(state, seat, &mut guesses, &mut own)
                    };
                    assert_eq!(
                        pick(&truth),
                        pick(&other),
                        "{} seed {seed} step {step}",
                        scenario.id
                    );
                    compared += 1;
                }
                let action = G::random_action(&truth, seat, &mut rng).unwrap();
                G::apply(&mut truth, seat, &action).unwrap();
            }
        }
    }
    assert!(compared > 200, "{compared}");
    assert!(
        differed_hidden > compared / 2,
        "{differed_hidden} of {compared}"
    );
}
