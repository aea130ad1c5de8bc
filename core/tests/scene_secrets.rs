//! The scene of a seat holds no secret of another seat (issue 11): over random games of
//! every scenario, at every few decisions and for every seat, the scene (board, hands,
//! highlights, buttons, prompt, dice log, arrows) drawn from the true state is the one
//! drawn from a state resampled from that seat's view (everything it may not see dealt
//! again: other hands, deck orders, the seed); and the latest events' private parts do
//! not reach a seat they are not for.

use skald_core::engine::{Chance, Event, Playable, Played, Seat, Turn};
use skald_core::games::fury::Fury;
use skald_core::games::v878::V878;
use skald_core::scene::{scene, Scene, Touch};

/// Decisions a game, and how often a scene is checked.
const DECISIONS: u32 = 600;
const EVERY: u32 = 7;

fn scene_of<G: Playable>(state: &G::State, seat: Seat, events: &[Event]) -> Scene {
    let game = Played::<G>::boxed(state.clone());
    let deciding = matches!(G::to_act(state), Turn::Decide(ref s) if s.contains(&seat));
    scene(
        game.as_ref(),
        &[seat],
        deciding.then_some(seat),
        &Touch::new(),
        events,
    )
}

/// Plays one random game, checking the scenes; returns how many were compared.
fn check_game<G: Playable>(scenario: &str, seed: u64) -> u32 {
    let options = G::options(scenario).expect("scenario");
    let seats = G::seat_names(&options).len() as u8;
    let mut game = Played::<G>::boxed(G::setup(&options, seed));
    let mut rng = Chance::new(seed ^ 0x5eed);
    let mut events: Vec<Event> = Vec::new();
    let mut compared = 0;
    for step in 0..DECISIONS {
        let Turn::Decide(deciders) = game.to_act() else {
            break;
        };
        if step % EVERY == 0 {
            let state = skald_core::engine::typed::<G>(game.as_ref()).expect("typed");
            for seat in (0..seats).map(Seat) {
                let truth = scene_of::<G>(state, seat, &events);
                for _ in 0..2 {
                    let view = G::view(state, &[seat]);
                    let dealt = G::resample(&view, &mut rng);
                    assert_eq!(
                        scene_of::<G>(&dealt, seat, &events),
                        truth,
                        "{scenario} seed {seed} step {step}: seat {seat:?}'s scene shows a secret"
                    );
                }
                let known: Vec<Event> = events
                    .iter()
                    .filter(|e| e.audience.admits(&[seat]))
                    .cloned()
                    .collect();
                assert_eq!(
                    scene_of::<G>(state, seat, &known),
                    truth,
                    "{scenario} seed {seed} step {step}: another seat's event reached {seat:?}"
                );
                compared += 1;
            }
        }
        let seat = deciders[0];
        let legal = game.legal_actions(seat);
        let pick = rng.roll(legal.len() as u32) as usize - 1;
        events = game
            .play(seat, &legal[pick].notation)
            .unwrap_or_else(|e| panic!("{scenario} seed {seed}: a legal action refused: {e}"));
    }
    compared
}

fn check_every_scenario<G: Playable>() -> u32 {
    G::scenarios()
        .iter()
        .enumerate()
        .map(|(i, s)| check_game::<G>(s.id, 40 + i as u64))
        .sum()
}

#[test]
fn v878_a_seats_scene_is_the_same_whatever_it_may_not_see() {
    assert!(check_every_scenario::<V878>() > 200);
}

#[test]
fn fury_a_seats_scene_is_the_same_whatever_it_may_not_see() {
    assert!(check_every_scenario::<Fury>() > 200);
}
