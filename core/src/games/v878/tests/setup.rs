//! Rule tests for the set-up boxes (rulebook pp. 1-2; brief items 1-17): factions,
//! components, decks and opening hands, English units, stockpiles, the Fyrd, the Round
//! Pawn, the first Turn, the Invasion deck, Alfred and the markers.
//!
//! Expected values are worked out by hand from the rulebook, the brief (§2.1, §2.4,
//! §2.7, §2.9) and the map data: 17 Thegn set-up icons (one per city) and 4 Housecarl
//! (York, Lichfield, Thetford, Winchester).

use super::super::cards;
use super::super::data::{data, Back, Face, Faction, Side};
use super::super::state::{LeaderPlace, Pending, Phase, Purpose};
use super::super::V878;
use super::support::*;
use crate::engine::{Audience, Game, Seat, Turn};

#[test]
fn v878_setup_1_four_factions_on_two_sides() {
    assert_eq!(
        V878::seat_names(&options()),
        ["housecarl", "thegn", "norsemen", "berserker"]
    );
    assert_eq!(Side::English.factions(), [HC, TH]);
    assert_eq!(Side::Viking.factions(), [NO, BE]);
    for f in Faction::ALL {
        assert_eq!(f.ally().side(), f.side());
        assert_ne!(f.ally(), f);
    }
}

#[test]
fn v878_setup_1_components_and_stockpiles() {
    let d = data();
    assert_eq!(
        Faction::ALL.map(|f| d.units(f)),
        [20, 40, 40, 20],
        "units in the box"
    );
    assert_eq!(d.fyrd_units(), 10);
    assert_eq!(Faction::ALL.map(|f| d.dice(f).owned), [2, 3, 3, 2]);
    assert_eq!(d.fyrd_dice().owned, 2);
    // 4.1: faction dice are Hit, Command and Flee; the Fyrd die Hit, Flee and blank.
    for f in Faction::ALL {
        assert_eq!(d.dice(f).count(Face::Blank), 0, "{f:?}");
        assert!(d.dice(f).count(Face::Hit) > 0);
    }
    assert_eq!(d.fyrd_dice().count(Face::Command), 0);
    // Setup 5: what is not on the map is the stockpile. Housecarl 20 - 4 icons - 4 extra,
    // Thegn 40 - 17 - 4, Norsemen 40 - 17 on Halfdan's card, Berserker 20 - 8.
    let s = standard(7);
    assert_eq!(Faction::ALL.map(|f| s.faction(f).stock), [12, 19, 23, 12]);
    let on_map = |k: usize| s.map.iter().map(|t| t[k] as u32).sum::<u32>();
    assert_eq!([on_map(H), on_map(T), on_map(N), on_map(B)], [8, 21, 0, 0]);
    for f in Faction::ALL {
        assert_eq!(s.faction(f).fled, 0);
    }
    // Setup 6: 10 Fyrd and the 16 shuffled Fyrd cards.
    assert_eq!(s.fyrd_stock, 10);
    let mut fyrd = s.fyrd_deck.to_vec();
    fyrd.sort();
    assert_eq!(fyrd, (1..=16).collect::<Vec<u8>>());
    assert!(s.fyrd_discard.is_empty());
}

#[test]
fn v878_setup_2_decks_of_cards_01_to_12_and_hands_of_three() {
    // Item 3 with the printed decks (option `printed_decks`, G9).
    let mut options = V878::options("standard").unwrap();
    options.printed_decks = true;
    for seed in 0..40 {
        let s = V878::setup(&options, seed);
        for f in Faction::ALL {
            let fs = s.faction(f);
            assert_eq!(fs.hand.len(), 3, "seed {seed} {f:?}");
            let mut all: Vec<u8> = fs.hand.iter().chain(fs.deck.iter()).copied().collect();
            all.sort();
            assert_eq!(all, (1..=12).collect::<Vec<u8>>(), "seed {seed} {f:?}");
            assert!(fs.discard.is_empty() && !fs.treaty_played);
            // 01 Treaty, 02-07 Movement, 08-12 Events (item 3); a hand holds one of 01-07.
            assert!(
                fs.hand.iter().any(|c| *c <= 7),
                "seed {seed} {f:?}: {:?}",
                fs.hand
            );
        }
    }
    let d = data();
    for f in Faction::ALL {
        assert!(d.card(f, 1).unwrap().kind.is_treaty());
        for c in 2..=7 {
            assert!(d.card(f, c).unwrap().kind.is_movement());
            assert!(!d.card(f, c).unwrap().kind.is_treaty());
        }
        for c in 8..=12 {
            assert!(d.card(f, c).unwrap().kind.event().is_some());
        }
    }
}

#[test]
fn v878_setup_2_event_only_hand_is_shown_and_redrawn() {
    // Setup 2: a hand of Events only is shown to all, shuffled back, and 3 new cards are
    // drawn. The deck's top is its last card: the first draw takes 12, 11 and 10.
    let mut s = standard(3);
    let fs = s.faction_mut(TH);
    fs.hand.clear();
    *fs.deck = (1..=12).collect();
    // Old deck after the show: 1..9 then the hand 12 11 10; new order 12 11 10 1 .. 9.
    shuffle_order(&mut s, &[9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    let ev = cards::draw_up(&mut s, TH);
    assert_eq!(s.faction(TH).hand, [9, 8, 7]);
    assert_eq!(s.faction(TH).deck, [12, 11, 10, 1, 2, 3, 4, 5, 6]);
    let shown = V878Event::EventsOnlyHand {
        faction: TH,
        cards: vec![12, 11, 10],
    };
    assert!(
        ev.iter()
            .any(|e| e.audience == Audience::All && e.kind == shown),
        "the Event hand is shown to all: {:?}",
        kinds(&ev)
    );
    // What the Thegn hold after drawing is told to the Thegn only.
    let mut told = 0;
    for e in &ev {
        if matches!(e.kind, V878Event::HandHolds { .. }) {
            assert_eq!(e.audience, Audience::Only(vec![Seat(TH as u8)]));
            told += 1;
        }
    }
    assert_eq!(told, 2, "once after each draw");
}

#[test]
fn v878_setup_3_english_units_on_their_icons() {
    let s = dealt(5);
    assert_eq!(s.phase, Phase::Setup);
    // The example: 1 Thegn in LEGACÆSTIR (Chester).
    assert_eq!(at(&s, "legacaestir", T), 1);
    assert_eq!(at(&s, "legacaestir", H), 0);
    for city in data().cities() {
        assert_eq!(s.map[city.0 as usize][T], 1);
    }
    for hc in ["euruic", "liccidfeld", "theodford", "uintancaestir"] {
        assert_eq!(at(&s, hc, H), 1, "{hc}");
    }
    let total = |k: usize| s.map.iter().map(|t| t[k] as u32).sum::<u32>();
    assert_eq!((total(H), total(T), total(N), total(B)), (4, 17, 0, 0));
    assert_eq!(s.faction(HC).stock, 16);
    assert_eq!(s.faction(TH).stock, 23);
}

#[test]
fn v878_setup_4_each_english_faction_places_four_units_anywhere() {
    let mut s = dealt(5);
    assert_eq!(
        s.pending,
        [
            Pending::Place {
                faction: HC,
                kind: HC,
                left: 4,
                purpose: Purpose::Extra
            },
            Pending::Place {
                faction: TH,
                kind: TH,
                left: 4,
                purpose: Purpose::Extra
            }
        ]
    );
    assert!(matches!(V878::to_act(&s), Turn::Decide(v) if v == [Seat(HC as u8)]));
    // The Housecarl place first; no Viking places anything.
    assert_eq!(refuse(&mut s, TH, &place("euruic", 1)).rule, "1.2");
    assert_eq!(refuse(&mut s, NO, &place("euruic", 1)).rule, "1.2");
    assert!(refuse(&mut s, HC, &place("euruic", 5))
        .message
        .contains("between 1 and 4"));
    // Every shire may take them, a marsh included (placement is not movement, G36).
    let targets = legal(&s, HC)
        .iter()
        .filter(|a| matches!(a, super::super::actions::V878Action::Place { n: 1, .. }))
        .count();
    assert_eq!(targets, 40);
    act(&mut s, HC, &place("fens", 3));
    act(&mut s, HC, &place("bernicia", 1));
    assert_eq!(at(&s, "fens", H), 3);
    assert_eq!(at(&s, "bernicia", H), 1);
    assert_eq!(s.faction(HC).stock, 12);
    act(&mut s, TH, &place("cornwalas", 4));
    assert_eq!(at(&s, "cornwalas", T), 4);
    assert_eq!(s.faction(TH).stock, 19);
    // Set-up is over: the Norsemen take the first Turn of Round I (Setup 8).
    assert_eq!(s.phase, Phase::Reinforcements);
    assert_eq!((s.round, s.order.clone()), (1, vec![NO]));
}

#[test]
fn v878_setup_7_to_11_round_pawn_cubes_invasion_deck_alfred_markers() {
    for seed in 0..30 {
        let s = standard(seed);
        // Setup 7 and 8: Round I, the Norsemen first.
        assert_eq!(s.round, 1);
        assert_eq!(s.active(), Some(NO));
        // Setup 9: B cards over C cards; card A is not in the deck but laid out.
        assert_eq!(s.invasion.len(), 6);
        let back = |c: &u8| data().invasion_card(*c).unwrap().back;
        assert!(
            s.invasion[..3].iter().all(|c| back(c) == Back::B),
            "{:?}",
            s.invasion
        );
        assert!(
            s.invasion[3..].iter().all(|c| back(c) == Back::C),
            "{:?}",
            s.invasion
        );
        assert!(s.invasion_drawn.is_empty());
        let halfdan = &s.leaders[leader_ix(&s, 1) as usize];
        assert_eq!(halfdan.place, LeaderPlace::OffMap);
        assert_eq!(halfdan.troops, [0, 0, 17, 8, 0]);
        for l in &s.leaders {
            if l.card != 1 {
                assert_eq!(l.place, LeaderPlace::Waiting);
                assert_eq!(l.troops, [0; 5]);
            }
        }
        // Setup 10: Alfred waits for Round V.
        assert_eq!(
            s.leaders[leader_ix(&s, 0) as usize].place,
            LeaderPlace::Waiting
        );
        // Setup 11: 17 markers, all on the track.
        assert_eq!(s.markers, 17);
        assert_eq!(s.markers_on_map(), 0);
    }
    assert_eq!(data().cities().len(), 17);
}

#[test]
fn v878_setup_18_advanced_decks_are_01_to_07_and_five_chosen_events() {
    use super::super::actions::V878Action;
    let opts = V878::options("advanced").unwrap();
    let mut s = V878::setup(&opts, 3);
    assert_eq!(
        s.pending[0],
        Pending::ChooseDeck {
            faction: HC,
            left: 5
        }
    );
    assert_eq!(
        refuse(&mut s, HC, &V878Action::Pick { card: 1 }).rule,
        "Setup 18"
    );
    for card in [13, 19, 9] {
        act(&mut s, HC, &V878Action::Pick { card });
    }
    assert_eq!(
        refuse(&mut s, HC, &V878Action::Pick { card: 13 }).rule,
        "Setup 18"
    );
    for card in [15, 11] {
        act(&mut s, HC, &V878Action::Pick { card });
    }
    for f in [TH, NO, BE] {
        act(&mut s, f, &V878Action::DefaultDeck);
    }
    let deck = |f: Faction| {
        let fs = s.faction(f);
        let mut all: Vec<u8> = fs.hand.iter().chain(fs.deck.iter()).copied().collect();
        all.sort();
        all
    };
    assert_eq!(deck(HC), [1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 15, 19]);
    // The default: the known-text deck of the data.
    assert_eq!(deck(TH), [1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 18, 19]);
    for f in Faction::ALL {
        assert_eq!(s.faction(f).hand.len(), 3);
        assert!(s.faction(f).hand.iter().any(|c| *c <= 7));
    }
    // Then the English place their additional units.
    assert!(matches!(
        s.pending[0],
        Pending::Place {
            faction: Faction::Housecarl,
            purpose: Purpose::Extra,
            ..
        }
    ));
}

#[test]
fn v878_g9_standard_decks_default_to_the_known_text_choice() {
    // G9: by default each faction's deck is the brief's known-text deck: cards 01-07 and
    // five Events whose text is known (a legal Advanced Setup deck).
    let d = data();
    for seed in 0..10 {
        let s = standard(seed);
        for f in Faction::ALL {
            let fs = s.faction(f);
            let mut all: Vec<u8> = fs.hand.iter().chain(fs.deck.iter()).copied().collect();
            all.sort();
            let mut want = d.deck("known_text", f).unwrap().to_vec();
            want.sort();
            assert_eq!(all, want, "seed {seed} {f:?}");
        }
    }
}
