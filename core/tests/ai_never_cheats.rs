//! The computer players never read what their seat may not see: the simple player is
//! given a position drawn from its seat's view, so two true positions that look the
//! same to the seat (other hands, deck orders and the seed all different) get the same
//! choice for the same streams of the player's own.

use skald_core::ai::simulate::simple_action;
use skald_core::engine::{Chance, Game, Notation, Turn};
use skald_core::games::v878::V878;

#[test]
fn v878_simple_player_choice_ignores_what_its_seat_cannot_see() {
    let mut compared = 0;
    let mut differed_hidden = 0;
    for scenario in V878::scenarios() {
        let options = V878::options(scenario.id).unwrap();
        for seed in 0..4u64 {
            let mut truth = V878::setup(&options, seed);
            let mut rng = Chance::new(seed + 40);
            for step in 0..600 {
                let Turn::Decide(seats) = V878::to_act(&truth) else {
                    break;
                };
                let seat = seats[0];
                if step % 5 == 0 {
                    // Another true position the seat cannot tell apart from this one,
                    // with its own seed.
                    let view = V878::view(&truth, &[seat]);
                    let other = V878::resample(&view, &mut Chance::new(seed * 1000 + step));
                    assert_eq!(
                        V878::format_view(&V878::view(&other, &[seat])),
                        V878::format_view(&view)
                    );
                    if V878::hidden_digest(&other) != V878::hidden_digest(&truth) {
                        differed_hidden += 1;
                    }
                    let pick = |state| {
                        let mut guesses = Chance::new(7);
                        let mut own = Chance::new(9);
                        simple_action::<V878>(state, seat, &mut guesses, &mut own)
                    };
                    assert_eq!(
                        pick(&truth),
                        pick(&other),
                        "{} seed {seed} step {step}",
                        scenario.id
                    );
                    compared += 1;
                }
                let action = V878::random_action(&truth, seat, &mut rng).unwrap();
                V878::apply(&mut truth, seat, &action).unwrap();
            }
        }
    }
    assert!(compared > 200, "{compared}");
    assert!(
        differed_hidden > compared / 2,
        "{differed_hidden} of {compared}"
    );
}
