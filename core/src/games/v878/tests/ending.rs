//! Rule tests for the Draw Phase and the end of the game (6.0-7.1; brief items 71-80,
//! G13, G14): drawing back up to three, the re-draw rule, conquest, the English win,
//! the Treaty of Wedmore and the last Round.

use super::super::data::{data, Side};
use super::super::state::{Phase, V878State};
use super::super::turn;
use super::super::V878;
use super::support::*;
use crate::engine::{Audience, Game, Seat, Turn};

// ---------------------------------------------------------------- 6.0

/// The Thegn's Battle Phase, third Turn of Round II, nothing to fight; the Berserker's
/// cube is the last in the bag.
fn thegn_ending_turn() -> V878State {
    let mut s = bare(2, TH, Phase::Battles);
    s.order = vec![HC, NO, TH];
    s
}

#[test]
fn v878_6_0_only_the_active_faction_draws_back_up_to_three() {
    let mut s = thegn_ending_turn();
    hand(&mut s, TH, &[8]);
    *s.faction_mut(TH).deck = vec![5, 6, 7, 9];
    // The Berserker played a card in another faction's Turn: 2 in hand until its own
    // Turn ends (the Viking Fort example).
    hand(&mut s, BE, &[10, 11]);
    let ev = act(&mut s, TH, &END);
    assert_eq!(s.faction(TH).hand, [8, 9, 7]);
    assert_eq!(s.faction(TH).deck, [5, 6]);
    assert_eq!(s.faction(BE).hand, [10, 11]);
    assert_eq!(s.active(), Some(BE));
    assert!(has(&ev, "6.0", &V878Event::Drew { faction: TH, n: 2 }));
    // What was drawn is told to the Thegn only.
    let private: Vec<_> = ev
        .iter()
        .filter(|e| matches!(e.kind, V878Event::HandHolds { .. }))
        .collect();
    assert_eq!(private.len(), 1);
    assert_eq!(private[0].audience, Audience::Only(vec![Seat(TH as u8)]));
    assert_eq!(
        private[0].kind,
        V878Event::HandHolds {
            faction: TH,
            cards: vec![8, 9, 7]
        }
    );
}

#[test]
fn v878_6_0_short_deck_draws_what_remains_and_discards_stay() {
    let mut s = thegn_ending_turn();
    hand(&mut s, TH, &[8]);
    *s.faction_mut(TH).deck = vec![7];
    s.faction_mut(TH).discard = vec![2, 3, 4];
    act(&mut s, TH, &END);
    let fs = s.faction(TH);
    assert_eq!(fs.hand, [8, 7]);
    assert!(fs.deck.is_empty());
    assert_eq!(fs.discard, [2, 3, 4]);
}

#[test]
fn v878_6_0_redraw_when_hand_has_no_movement_card() {
    let mut s = thegn_ending_turn();
    hand(&mut s, TH, &[8]);
    *s.faction_mut(TH).deck = vec![2, 3, 1, 4, 9, 10];
    // Drawn: 10 and 9, with 8 all Events. Shown, shuffled back (2 3 1 4 8 10 9 put in
    // the order 8 10 9 2 3 1 4), three new cards: 4, 1 and 3.
    shuffle_order(&mut s, &[4, 5, 6, 0, 1, 2, 3]);
    let ev = act(&mut s, TH, &END);
    assert_eq!(s.faction(TH).hand, [4, 1, 3]);
    assert_eq!(s.faction(TH).deck, [8, 10, 9, 2]);
    let shown: Vec<_> = ev
        .iter()
        .filter(|e| matches!(e.kind, V878Event::EventsOnlyHand { .. }))
        .collect();
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].audience, Audience::All);
    assert_eq!(
        shown[0].kind,
        V878Event::EventsOnlyHand {
            faction: TH,
            cards: vec![8, 10, 9]
        }
    );
}

#[test]
fn v878_g13_no_movement_card_left_stops_the_redraw_and_moves_nothing() {
    let mut s = thegn_ending_turn();
    hand(&mut s, TH, &[]);
    *s.faction_mut(TH).deck = vec![11, 12];
    let ev = act(&mut s, TH, &END);
    assert_eq!(s.faction(TH).hand, [12, 11]);
    assert!(ev
        .iter()
        .all(|e| !matches!(e.kind, V878Event::EventsOnlyHand { .. })));
    // Its next Turn: no card to play; it ends the phase and moves nothing.
    let mut s = bare(3, TH, Phase::Reinforcements);
    hand(&mut s, TH, &[11, 12]);
    s.faction_mut(TH).deck.clear();
    put(&mut s, "elmet", TH, 1);
    assert!(legal(&s, TH).contains(&END));
    assert!(!legal(&s, TH)
        .iter()
        .any(|a| matches!(a, super::super::actions::V878Action::PlayCard { .. })));
    let ev = act(&mut s, TH, &END);
    assert!(has(&ev, "G13", &V878Event::NoMovementCard { faction: TH }));
    assert_eq!(s.phase, Phase::Battles);
    assert_eq!(s.budget, None);
}

// ---------------------------------------------------------------- 7.0, 7.1

/// The last Turn of Round `round` (the Berserker's), in its Battle Phase, with Viking
/// units alone in the first `cities` City Shires.
fn round_ending(round: u8, cities: usize) -> V878State {
    let mut s = bare(round, BE, Phase::Battles);
    s.order = vec![HC, TH, NO, BE];
    for &c in &data().cities()[..cities] {
        s.map[c.0 as usize][N] += 1;
        s.faction_mut(NO).stock -= 1;
    }
    settle_markers(&mut s);
    assert_eq!(s.markers_on_map() as usize, cities);
    s
}

#[test]
fn v878_7_0_fourteen_markers_is_conquest() {
    let mut s = round_ending(2, 14);
    act(&mut s, BE, &END);
    let f = s.finish.clone().expect("the game is over");
    assert_eq!(
        (f.winner, f.result.as_str()),
        (Side::Viking, "Viking conquest")
    );
    assert_eq!(s.phase, Phase::Over);
    match V878::to_act(&s) {
        Turn::Over(o) => assert_eq!(o.winners, [Seat(NO as u8), Seat(BE as u8)]),
        other => panic!("{other:?}"),
    }
    // 13 are not enough before Round V.
    let mut s = round_ending(2, 13);
    act(&mut s, BE, &END);
    assert!(s.finish.is_none());
    assert_eq!(s.round, 3);
}

#[test]
fn v878_7_0_no_marker_on_the_map_is_an_english_win_even_in_round_one() {
    let mut s = round_ending(1, 0);
    // Vikings on the map but in no City Shire.
    put(&mut s, "elmet", NO, 3);
    act(&mut s, BE, &END);
    let f = s.finish.clone().expect("the game is over");
    assert_eq!(
        (f.winner, f.result.as_str()),
        (Side::English, "English victory: no Viking city")
    );
    match V878::to_act(&s) {
        Turn::Over(o) => assert_eq!(o.winners, [Seat(HC as u8), Seat(TH as u8)]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn v878_7_1_treaty_check_from_round_v() {
    let treaty = |s: &mut V878State, fs: &[super::super::data::Faction]| {
        for f in fs {
            s.faction_mut(*f).treaty_played = true;
        }
    };
    // Both Viking Treaty cards out, 9 markers: nothing before Round V.
    let mut s = round_ending(4, 9);
    treaty(&mut s, &[NO, BE]);
    assert!(turn::round_end_result(&s).is_none());
    act(&mut s, BE, &END);
    assert!(s.finish.is_none());
    assert_eq!(s.round, 5);
    // The same at the end of Round V: 9 or more markers, the Vikings win.
    let mut s = round_ending(5, 9);
    treaty(&mut s, &[NO, BE]);
    act(&mut s, BE, &END);
    let f = s.finish.clone().expect("the Treaty ends the game");
    assert_eq!(
        (f.winner, f.result.as_str()),
        (Side::Viking, "Viking victory by Treaty")
    );
    assert!(f.detail.starts_with("Treaty of Wedmore"), "{}", f.detail);
    // 8 or fewer: the English win.
    let mut s = round_ending(6, 8);
    treaty(&mut s, &[HC, TH]);
    let f = turn::round_end_result(&s).expect("the Treaty ends the game");
    assert_eq!(
        (f.winner, f.result.as_str()),
        (Side::English, "English victory by Treaty")
    );
    // One Treaty card of each side is not enough.
    let mut s = round_ending(6, 12);
    treaty(&mut s, &[TH, NO]);
    assert!(turn::round_end_result(&s).is_none());
}

#[test]
fn v878_7_1_rulebook_treaty_example() {
    // The Berserker played her Treaty in Round I, the Thegn his in Round IV; in Round V
    // the Norsemen take the first Turn and play theirs: the game ends with Round V,
    // after every faction has had its Turn.
    let mut s = bare(5, NO, Phase::Reinforcements);
    s.order = vec![];
    for f in [BE, TH] {
        s.faction_mut(f).treaty_played = true;
    }
    for &c in &data().cities()[..10] {
        s.map[c.0 as usize][N] += 1;
        s.faction_mut(NO).stock -= 1;
    }
    settle_markers(&mut s);
    begin(&mut s, &[], NO);
    hand(&mut s, NO, &[1, 8, 9]);
    play(&mut s, NO, 1);
    assert!(s.faction(NO).treaty_played);
    dice(&mut s, &[1, 1]); // then the Housecarl, then the Thegn
    pass_turn(&mut s);
    assert!(s.finish.is_none());
    pass_turn(&mut s);
    pass_turn(&mut s);
    assert!(s.finish.is_none());
    assert_eq!(s.order, [NO, HC, TH, BE]);
    pass_turn(&mut s);
    let f = s
        .finish
        .clone()
        .expect("the Treaty ends the game after Round V");
    assert_eq!(s.round, 5);
    assert_eq!(f.winner, Side::Viking);
}

#[test]
fn v878_g14_after_round_vii_the_treaty_test_decides() {
    let mut s = round_ending(7, 9);
    act(&mut s, BE, &END);
    let f = s
        .finish
        .clone()
        .expect("the game never goes past Round VII");
    assert_eq!(
        (f.winner, f.result.as_str()),
        (Side::Viking, "Viking victory after Round VII")
    );
    let mut s = round_ending(7, 8);
    act(&mut s, BE, &END);
    let f = s
        .finish
        .clone()
        .expect("the game never goes past Round VII");
    assert_eq!(f.winner, Side::English);
}
