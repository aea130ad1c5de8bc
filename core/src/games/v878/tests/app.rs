//! What the app asks of 878 beyond the rules of play: which changes reveal something
//! (undo may not cross them), which actions are secret to the other seats (history and
//! shared replays hide them), the progress line of a save, and checking options read
//! from a save before set-up. See RULINGS.md, "In the app".

use super::super::actions::V878Action;
use super::super::state::Phase;
use super::super::{V878Options, V878};
use super::support::*;
use crate::engine::Game;

#[test]
fn v878_3_0_a_march_keeps_the_hidden_digest_and_a_card_play_changes_it() {
    let mut s = moving(2, TH, 2);
    put(&mut s, "liccidfeld", TH, 1);
    let before = V878::hidden_digest(&s);
    act(&mut s, TH, &march(&["liccidfeld", "hwicce"], [0, 1, 0, 0]));
    // Nothing hidden moved: the march may be taken back.
    assert_eq!(V878::hidden_digest(&s), before);

    let mut s = bare(2, TH, Phase::Reinforcements);
    hand(&mut s, TH, &[2, 5]);
    let before = V878::hidden_digest(&s);
    play(&mut s, TH, 2);
    // The card left the hand face up: undo may not take it back.
    assert_eq!(s.faction(TH).hand, vec![5]);
    assert_ne!(V878::hidden_digest(&s), before);
}

#[test]
fn v878_setup_18_deck_choices_are_secret_actions() {
    let s = V878::setup(&V878::options("advanced").unwrap(), 3);
    assert!(V878::action_is_secret(&s, &V878Action::Pick { card: 8 }));
    assert!(V878::action_is_secret(&s, &V878Action::DefaultDeck));
    assert!(!V878::action_is_secret(
        &s,
        &V878Action::PlayCard { card: 2 }
    ));
    assert!(!V878::action_is_secret(&s, &V878Action::End));
}

#[test]
fn v878_1_0_progress_names_the_round_the_faction_and_the_phase() {
    let s = bare(3, NO, Phase::Movement);
    assert_eq!(
        V878::progress(&s),
        "Round III, Norsemen, Movement Phase (3.0)"
    );
}

#[test]
fn v878_options_from_a_save_name_a_playable_scenario() {
    assert_eq!(V878::check_options(&options()), Ok(()));
    let missing = V878Options {
        scenario: 200,
        ..options()
    };
    let refused = V878::check_options(&missing).unwrap_err();
    assert!(
        refused.starts_with("878 scenario number 200 does not exist"),
        "{refused}"
    );
}
