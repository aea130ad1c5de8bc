//! Cards in the scene (issue 11): the buttons for a card name it as the deciding seat's
//! own card, the cards to pick an Advanced deck from are shown to the picking faction
//! only, and when one view holds two hands that share a card number, only the deciding
//! seat's card is the one a tap may be.

use skald_core::engine::scene::HandCard;
use skald_core::engine::{typed, Chance, Game, GameBox, Hidden, Played, Seat, Target, Turn};
use skald_core::games::v878::V878;
use skald_core::scene::{scene, Press, Scene, Touch};

fn deciding(game: &dyn GameBox) -> Seat {
    match game.to_act() {
        Turn::Decide(seats) => seats[0],
        Turn::Over(_) => panic!("the game is over"),
    }
}

fn scene_for(game: &dyn GameBox, seats: &[Seat], decider: Seat) -> Scene {
    scene(game, seats, Some(decider), &Touch::new(), &[])
}

/// The labels of the buttons that tap a card, with the card they tap.
fn card_buttons(scene: &Scene) -> Vec<(String, String)> {
    scene
        .buttons
        .iter()
        .filter_map(|b| match &b.press {
            Press::Tap(Target::Card(code)) => Some((code.clone(), b.label.clone())),
            _ => None,
        })
        .collect()
}

fn codes(cards: &[HandCard]) -> Vec<String> {
    cards.iter().map(|c| c.code.clone()).collect()
}

/// Setup 18: the faction building its Advanced deck sees the Event cards it may still
/// pick, each named on its button, one fewer after each pick; no other seat sees them.
#[test]
fn v878_setup_18_deck_pick_offers_the_cards_by_name() {
    let mut game = Played::<V878>::boxed(V878::setup(&V878::options("advanced").unwrap(), 3));
    let picker = deciding(game.as_ref());
    let offered_numbers: Vec<String> = (8..=19).map(|n| format!("{n:02}")).collect();
    let first = scene_for(game.as_ref(), &[picker], picker);
    assert_eq!(codes(&first.board.offered), offered_numbers);
    let buttons = card_buttons(&first);
    assert_eq!(buttons.len(), 12);
    for ((code, label), card) in buttons.iter().zip(&first.board.offered) {
        assert_eq!(code, &card.code);
        assert!(!card.title.is_empty() && !card.text.is_empty());
        assert_eq!(label, &format!("card {code} {}", card.title));
        assert!(card.tappable, "card {code} may be picked");
    }
    for other in (0..4).map(Seat).filter(|&s| s != picker) {
        let theirs = scene(game.as_ref(), &[other], None, &Touch::new(), &[]);
        assert!(theirs.board.offered.is_empty(), "{other:?} sees the picks");
    }
    // Pick card 11: it leaves the offer.
    game.play(picker, "pick 11").expect("card 11 may be picked");
    assert_eq!(deciding(game.as_ref()), picker, "four more picks to make");
    let second = scene_for(game.as_ref(), &[picker], picker);
    let left: Vec<String> = offered_numbers.into_iter().filter(|c| c != "11").collect();
    assert_eq!(codes(&second.board.offered), left);
    assert_eq!(card_buttons(&second).len(), 11);
}

/// Two hands in one view that hold the same card number (a person playing two factions):
/// the card buttons carry the deciding faction's titles, and only its cards are marked
/// tappable.
#[test]
fn v878_setup_2_two_hands_sharing_a_number_name_the_deciders_card() {
    let mut game = Played::<V878>::boxed(V878::setup(&V878::options("standard").unwrap(), 5));
    let mut rng = Chance::new(5);
    // Play on until the decider may play a card.
    let (decider, state) = loop {
        let seat = deciding(game.as_ref());
        let legal = game.legal_actions(seat);
        if legal
            .iter()
            .any(|a| matches!(a.targets.first(), Some(Target::Card(_))))
        {
            break (seat, typed::<V878>(game.as_ref()).unwrap().clone());
        }
        let pick = rng.roll(legal.len() as u32) as usize - 1;
        game.play(seat, &legal[pick].notation).expect("legal");
    };
    let other = Seat((decider.0 + 1) % 4);
    let mut state = state;
    let held = state.factions[decider.0 as usize].hand.clone();
    state.factions[other.0 as usize].hand = Hidden(held.0.clone());
    let game = Played::<V878>::boxed(state);
    let names = V878::seat_names(&V878::options("standard").unwrap());
    let scene = scene_for(game.as_ref(), &[decider, other], decider);
    let (mine, theirs): (Vec<&HandCard>, Vec<&HandCard>) = scene
        .board
        .hand
        .iter()
        .partition(|c| c.owner == names[decider.0 as usize]);
    assert_eq!(mine.len(), held.0.len());
    assert_eq!(theirs.len(), held.0.len());
    assert!(
        theirs.iter().all(|c| !c.tappable),
        "another hand's card is marked"
    );
    let buttons = card_buttons(&scene);
    assert!(!buttons.is_empty());
    for (code, label) in &buttons {
        let card = mine
            .iter()
            .find(|c| &c.code == code)
            .expect("the decider's card");
        assert_eq!(label, &format!("card {code} {}", card.title));
        assert!(card.tappable);
    }
    // The check has teeth: some card the decider may play is another card in the other hand.
    assert!(buttons.iter().any(|(code, _)| {
        let title = |cards: &[&HandCard]| {
            cards
                .iter()
                .find(|c| &c.code == code)
                .map(|c| c.title.clone())
        };
        title(&mine) != title(&theirs)
    }));
}
