//! Rule tests for the 878 scenarios (brief items 105-125, G25, G26) and the Advanced
//! Setup (item 18): Northumbrian Raids, Alfred's Gambit, secret deck picks.

use super::super::actions::V878Action;
use super::super::data::{data, Faction, Side};
use super::super::rules;
use super::super::state::{LeaderPlace, Pending, Phase, Purpose, V878State};
use super::super::turn;
use super::super::view;
use super::super::V878;
use super::support::*;
use crate::engine::Game;

const NR: &str = "northumbrian_raids";

fn setup(id: &str, seed: u64) -> V878State {
    V878::setup(&V878::options(id).unwrap(), seed)
}

/// A scenario after set-up, every set-up decision taken by the first legal action.
fn ready(id: &str, seed: u64) -> V878State {
    let mut s = setup(id, seed);
    while s.phase == Phase::Setup {
        let who = rules::deciding(&s).expect("someone sets up");
        let a = legal(&s, who)[0].clone();
        act(&mut s, who, &a);
    }
    s
}

/// As `bare`, for a scenario: an empty map, every unit in its stockpile, every Leader
/// waiting with an empty card, no marker on the map, no raid army, nothing plundered.
fn empty(id: &str, round: u8, active: Faction, phase: Phase) -> V878State {
    let mut s = ready(id, 1);
    clear(&mut s);
    s.plundered = 0;
    s.round = round;
    s.order = vec![active];
    s.phase = phase;
    s
}

fn sorted_deck(s: &V878State, f: Faction) -> Vec<u8> {
    let fs = s.faction(f);
    let mut all: Vec<u8> = fs
        .hand
        .iter()
        .chain(fs.deck.iter())
        .chain(fs.discard.iter())
        .copied()
        .collect();
    all.sort();
    all
}

fn names(ids: &[&str]) -> Vec<crate::board::area::AreaId> {
    let mut v: Vec<_> = ids.iter().map(|i| sh(i)).collect();
    v.sort();
    v
}

/// English units of a faction on the map, by shire id.
fn english_on_map(s: &V878State, f: Faction) -> Vec<(String, u8)> {
    let d = data();
    d.ids()
        .filter(|id| s.map[id.0 as usize][f as usize] > 0)
        .map(|id| {
            (
                d.shires()[id.0 as usize].id.clone(),
                s.map[id.0 as usize][f as usize],
            )
        })
        .collect()
}

// ============================================================ Northumbrian Raids

#[test]
fn v878_nr_105_decks_are_cards_02_03_04_08_09() {
    for seed in 0..5 {
        let s = setup(NR, seed);
        for f in Faction::ALL {
            assert_eq!(sorted_deck(&s, f), [2, 3, 4, 8, 9], "seed {seed} {f:?}");
            assert_eq!(s.faction(f).hand.len(), 3);
            assert!(!s.faction(f).treaty_played);
        }
    }
}

#[test]
fn v878_nr_106_english_only_in_northumbria() {
    let mut s = setup(NR, 2);
    assert_eq!(
        english_on_map(&s, TH),
        [
            ("carleol".to_string(), 1),
            ("dunholm".to_string(), 1),
            ("euruic".to_string(), 1),
            ("mameceaster".to_string(), 1)
        ]
    );
    assert_eq!(english_on_map(&s, HC), [("euruic".to_string(), 1)]);
    // The Fyrd deck is cards 07-14.
    let mut fyrd = s.fyrd_deck.to_vec();
    fyrd.sort();
    assert_eq!(fyrd, [7, 8, 9, 10, 11, 12, 13, 14]);
    // No Leaders: no Invasion deck, no Leader card in play, Alfred never comes.
    assert!(s.invasion.is_empty());
    assert!(s.leaders.iter().all(|l| l.place == LeaderPlace::Waiting));
    assert!(s.leaders.iter().all(|l| l.card == 0));
    // G25: the 4 additional units go to Northumbria only.
    assert_eq!(
        s.pending[0],
        Pending::Place {
            faction: HC,
            kind: HC,
            left: 4,
            purpose: Purpose::Extra
        }
    );
    refuse(&mut s, HC, &place("lundenwic", 1));
    refuse(&mut s, HC, &place("legacaestir", 1));
    for a in legal(&s, HC) {
        let V878Action::Place { shire, .. } = a else {
            panic!("{a:?}")
        };
        assert_eq!(
            data().kingdom(shire).map(|k| k.key()),
            Some("northumbria"),
            "{a:?}"
        );
    }
    act(&mut s, HC, &place("bernicia", 4));
    act(&mut s, TH, &place("elmet", 4));
    assert_eq!(s.phase, Phase::Reinforcements);
    assert_eq!(s.active(), Some(NO));
    for round in 1..=3 {
        s.round = round;
        assert!(!turn::alfred_due(&s));
    }
}

#[test]
fn v878_nr_107_seven_markers_on_track_spaces_1_to_7() {
    let s = ready(NR, 4);
    assert_eq!(s.markers, 7);
    assert_eq!(s.plundered, 0);
    assert_eq!(s.markers_on_map(), 0);
}

#[test]
fn v878_nr_108_armies_only_into_northumbria() {
    let mut s = empty(NR, 1, TH, Phase::Reinforcements);
    put(&mut s, "elmet", TH, 3);
    play(&mut s, TH, 3); // Thegn 03: 2 armies, 2 shires
    assert_eq!(s.phase, Phase::Movement);
    // Elmet borders Mercia (Chester, Lincoln, the Peak, Nottingham): all closed.
    for m in ["legacaestir", "lincylene", "pecsaetan", "snotingaham"] {
        assert_eq!(
            refuse(&mut s, TH, &march(&["elmet", m], [0, 1, 0, 0])).rule,
            "3.2",
            "{m}"
        );
    }
    for a in legal(&s, TH) {
        if let V878Action::March { path, .. } = a {
            for p in path {
                assert_eq!(data().kingdom(p).map(|k| k.key()), Some("northumbria"));
            }
        }
    }
    act(&mut s, TH, &march(&["elmet", "euruic"], [0, 1, 0, 0]));
    assert_eq!(at(&s, "euruic", T), 1);
    // The raid army, too, stays in Northumbria after landing.
    let mut s = empty(NR, 1, NO, Phase::Reinforcements);
    begin(&mut s, &[], NO);
    play(&mut s, NO, 2); // Norsemen 02: 2 armies, 4 shires
    refuse(
        &mut s,
        NO,
        &V878Action::Raid {
            path: vec![sh("mameceaster"), sh("legacaestir")],
        },
    );
    for a in legal(&s, NO) {
        if let V878Action::Raid { path } = a {
            for p in path {
                assert_eq!(data().kingdom(p).map(|k| k.key()), Some("northumbria"));
            }
        }
    }
}

#[test]
fn v878_nr_109_english_levy_per_controlled_city() {
    let mut s = empty(NR, 2, HC, Phase::Reinforcements);
    // The Vikings hold Durham and Lincoln (a Mercian city: not counted, G25).
    put(&mut s, "dunholm", NO, 1);
    put(&mut s, "lincylene", NO, 1);
    settle_markers(&mut s);
    let stock = s.faction(TH).stock;
    begin(&mut s, &[HC, NO], TH);
    // +1 in each controlled Northumbrian city, on top of Carlisle's and York's Thegn.
    assert_eq!(at(&s, "carleol", T), 2);
    assert_eq!(at(&s, "euruic", T), 2);
    assert_eq!(at(&s, "mameceaster", T), 1);
    assert_eq!(at(&s, "dunholm", T), 0);
    assert_eq!(at(&s, "lincylene", T), 0);
    assert_eq!(at(&s, "legacaestir", T), 0);
    assert_eq!(s.faction(TH).stock, stock - 5);
    // The Housecarl: York's pictured Housecarl, and one levy per city.
    let mut s = empty(NR, 2, HC, Phase::Reinforcements);
    put(&mut s, "dunholm", NO, 1);
    settle_markers(&mut s);
    begin(&mut s, &[], HC);
    assert_eq!(at(&s, "euruic", H), 2);
    assert_eq!(at(&s, "carleol", H), 1);
    assert_eq!(at(&s, "mameceaster", H), 1);
    assert_eq!(at(&s, "dunholm", H), 0);
    assert_eq!(at(&s, "lundenwic", H), 0);
}

#[test]
fn v878_nr_110_raid_army_lands_from_north_or_irish_sea() {
    let mut s = empty(NR, 1, NO, Phase::Reinforcements);
    s.order.clear();
    let (n, b) = (s.faction(NO).stock, s.faction(BE).stock);
    begin(&mut s, &[], NO);
    assert_eq!(s.raiders, [0, 0, 4, 2, 0]);
    assert_eq!((s.faction(NO).stock, s.faction(BE).stock), (n - 4, b - 2));
    play(&mut s, NO, 4); // Norsemen 04: 1 army, 4 shires
                         // Landing places: Northumbrian shires on the North Sea or Irish Sea coast.
    let mut lands: Vec<_> = legal(&s, NO)
        .into_iter()
        .filter_map(|a| match a {
            V878Action::Raid { path } if path.len() == 1 => Some(path[0]),
            _ => None,
        })
        .collect();
    lands.sort();
    assert_eq!(
        lands,
        names(&[
            "bernicia",
            "carleol",
            "dunholm",
            "westmorland",
            "north_riding",
            "euruic",
            "mameceaster"
        ])
    );
    refuse(
        &mut s,
        NO,
        &V878Action::Raid {
            path: vec![sh("elmet")],
        },
    );
    // Landing costs one of the card's 4 moves: 3 more shires, not 4.
    refuse(
        &mut s,
        NO,
        &V878Action::Raid {
            path: ["bernicia", "carleol", "westmorland", "elmet", "euruic"]
                .iter()
                .map(|p| sh(p))
                .collect(),
        },
    );
    act(
        &mut s,
        NO,
        &V878Action::Raid {
            path: ["bernicia", "carleol", "westmorland", "elmet"]
                .iter()
                .map(|p| sh(p))
                .collect(),
        },
    );
    assert_eq!(at(&s, "elmet", N), 4);
    assert_eq!(at(&s, "elmet", B), 2);
    assert_eq!(s.raiders, [0; 5]);
    // G25: the raid army took the card's only army.
    assert_eq!(s.budget.map(|b| b.armies_left), Some(0));
    assert!(!legal(&s, NO)
        .iter()
        .any(|a| matches!(a, V878Action::March { .. } | V878Action::Raid { .. })));
}

/// The last Turn of Round `round` (the Berserker's), Battle Phase, Northumbrian Raids,
/// with Viking units alone in `cities`.
fn nr_round_ending(round: u8, plundered: u8, cities: &[&str]) -> V878State {
    let mut s = empty(NR, round, BE, Phase::Battles);
    s.order = vec![HC, TH, NO, BE];
    s.plundered = plundered;
    for c in cities {
        put(&mut s, c, NO, 1);
    }
    settle_markers(&mut s);
    s
}

#[test]
fn v878_nr_111_plunder_per_viking_city_at_round_end() {
    // Durham + Carlisle: 2 markers taken; none is ever put on the map.
    let mut s = nr_round_ending(1, 0, &["dunholm", "carleol"]);
    assert_eq!(s.markers_on_map(), 0);
    let ev = act(&mut s, BE, &END);
    assert_eq!(s.plundered, 2);
    assert_eq!(s.markers_on_map(), 0);
    assert_eq!(s.finish, None);
    assert_eq!(s.round, 2);
    assert!(has(
        &ev,
        "NR-111",
        &V878Event::Plundered {
            cities: 2,
            taken: 2,
            markers: 7
        }
    ));
    // The next Round, Durham + York: 2 more, 4 in all.
    clear(&mut s);
    s.order = vec![HC, TH, NO, BE];
    s.phase = Phase::Battles;
    put(&mut s, "dunholm", NO, 1);
    put(&mut s, "euruic", BE, 1);
    settle_markers(&mut s);
    act(&mut s, BE, &END);
    assert_eq!(s.plundered, 4);
    assert_eq!(s.round, 3);
    assert_eq!(s.finish, None);
    // Nothing is plundered between Round ends.
    let mut s = empty(NR, 1, NO, Phase::Battles);
    s.order = vec![HC, NO];
    put(&mut s, "dunholm", BE, 1);
    act(&mut s, NO, &END);
    assert_eq!(s.plundered, 0);
}

#[test]
fn v878_nr_112_all_seven_plundered_is_a_viking_win() {
    // All 7 taken by the end of Round II: the Vikings win at once.
    let mut s = nr_round_ending(2, 5, &["dunholm", "carleol", "euruic"]);
    act(&mut s, BE, &END);
    assert_eq!(s.plundered, 7);
    let f = s.finish.clone().expect("the game is over");
    assert_eq!(f.winner, Side::Viking);
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.round, 2);
    // 6 of 7 after Round III: the English win.
    let mut s = nr_round_ending(3, 4, &["dunholm", "carleol"]);
    act(&mut s, BE, &END);
    assert_eq!(s.plundered, 6);
    assert_eq!(s.finish.clone().expect("over").winner, Side::English);
    // 7 of 7 after Round III: the Vikings.
    let mut s = nr_round_ending(3, 4, &["dunholm", "carleol", "mameceaster"]);
    act(&mut s, BE, &END);
    assert_eq!(s.finish.clone().expect("over").winner, Side::Viking);
    // Fewer than 7 after Round II: play goes on (no standard §7 check).
    let mut s = nr_round_ending(2, 0, &["dunholm", "carleol", "euruic", "mameceaster"]);
    act(&mut s, BE, &END);
    assert_eq!(s.finish, None);
    assert_eq!(s.round, 3);
}

// ============================================================ Alfred's Gambit

const AG: &str = "alfreds_gambit";

#[test]
fn v878_ag_113_decks_fyrd_04_13_and_no_invasion_deck() {
    let s = setup(AG, 3);
    for f in Faction::ALL {
        assert_eq!(sorted_deck(&s, f), [4, 5, 6, 10, 12]);
    }
    let mut fyrd = s.fyrd_deck.to_vec();
    fyrd.sort();
    assert_eq!(fyrd, (4..=13).collect::<Vec<u8>>());
    assert!(s.invasion.is_empty());
}

#[test]
fn v878_ag_114_english_setup_in_wessex_without_winchester() {
    let mut s = setup(AG, 1);
    assert_eq!(
        english_on_map(&s, TH),
        [
            ("cantuarabyrg".to_string(), 1),
            ("seolesiae".to_string(), 1),
            ("oxnaford".to_string(), 1),
            ("exanceaster".to_string(), 1)
        ]
    );
    assert_eq!(english_on_map(&s, HC), []);
    act(
        &mut s,
        HC,
        &V878Action::PlaceAlfred {
            shire: sh("athelney"),
        },
    );
    // 3 extra units each: Exeter and Canterbury (Winchester is Guthrum's), or Alfred.
    assert_eq!(
        s.pending[0],
        Pending::Place {
            faction: HC,
            kind: HC,
            left: 3,
            purpose: Purpose::Extra
        }
    );
    let mut shires = Vec::new();
    let mut cards = Vec::new();
    for a in legal(&s, HC) {
        match a {
            V878Action::Place { shire, .. } => shires.push(shire),
            V878Action::PlaceOnLeader { leader, .. } => cards.push(leader),
            _ => panic!("{a:?}"),
        }
    }
    shires.sort();
    shires.dedup();
    cards.dedup();
    assert_eq!(shires, names(&["cantuarabyrg", "exanceaster"]));
    assert_eq!(cards, [leader_ix(&s, 0)]);
    refuse(&mut s, HC, &place("uintancaestir", 1));
    refuse(&mut s, HC, &place("seolesiae", 1));
    refuse(&mut s, HC, &place("lundenwic", 1));
    act(&mut s, HC, &place("exanceaster", 2));
    let alfred = leader_ix(&s, 0);
    act(
        &mut s,
        HC,
        &V878Action::PlaceOnLeader {
            leader: alfred,
            n: 1,
        },
    );
    assert_eq!(at(&s, "exanceaster", H), 2);
    assert_eq!(s.leaders[alfred as usize].troops[H], 5);
    assert_eq!(
        s.pending[0],
        Pending::Place {
            faction: TH,
            kind: TH,
            left: 3,
            purpose: Purpose::Extra
        }
    );
}

#[test]
fn v878_ag_115_guthrum_starts_in_winchester() {
    let s = setup(AG, 5);
    let g = leader_ix(&s, 5);
    let l = &s.leaders[g as usize];
    assert_eq!(l.place, on_map("uintancaestir"));
    assert_eq!((l.troops[N], l.troops[B]), (17, 8));
    assert_eq!(s.faction(NO).stock, 40 - 17);
    assert_eq!(s.faction(BE).stock, 20 - 8);
    assert_eq!(turn::leader_name(&s, g), "Guthrum");
    // The only other Leader is Alfred.
    assert_eq!(s.leaders.len(), 2);
    assert!(s.leaders.iter().any(|l| l.card == 0));
}

#[test]
fn v878_ag_116_alfred_starts_in_a_somerset_marsh() {
    let mut s = setup(AG, 6);
    assert_eq!(s.pending[0], Pending::PlaceAlfred { faction: HC });
    let mut offered: Vec<_> = legal(&s, HC)
        .into_iter()
        .map(|a| match a {
            V878Action::PlaceAlfred { shire } => shire,
            _ => panic!("{a:?}"),
        })
        .collect();
    offered.sort();
    assert_eq!(offered, names(&["athelney", "glastingaburh"]));
    refuse(
        &mut s,
        HC,
        &V878Action::PlaceAlfred {
            shire: sh("exanceaster"),
        },
    );
    let (h, t) = (s.faction(HC).stock, s.faction(TH).stock);
    act(
        &mut s,
        HC,
        &V878Action::PlaceAlfred {
            shire: sh("glastingaburh"),
        },
    );
    let a = &s.leaders[leader_ix(&s, 0) as usize];
    assert_eq!(a.place, on_map("glastingaburh"));
    assert_eq!((a.troops[H], a.troops[T]), (4, 3));
    assert_eq!((s.faction(HC).stock, s.faction(TH).stock), (h - 4, t - 3));
}

#[test]
fn v878_ag_117_five_markers_one_on_winchester() {
    let s = ready(AG, 7);
    assert_eq!(s.markers, 5);
    assert_eq!(s.markers_on_map(), 1);
    assert!(s.marked[sh("uintancaestir").0 as usize]);
    // Wessex has 5 City Shires: all 5 markers can go on the map.
    assert_eq!(
        data()
            .cities()
            .iter()
            .filter(|c| data().kingdom(**c).map(|k| k.key()) == Some("wessex"))
            .count(),
        5
    );
}

#[test]
fn v878_ag_118_armies_only_into_wessex() {
    let mut s = empty(AG, 1, TH, Phase::Reinforcements);
    put(&mut s, "bearruc", TH, 2);
    play(&mut s, TH, 5); // Thegn 05: 2 armies, 3 shires
    refuse(&mut s, TH, &march(&["bearruc", "ciltern"], [0, 1, 0, 0]));
    refuse(
        &mut s,
        TH,
        &march(&["bearruc", "gleawceaster"], [0, 1, 0, 0]),
    );
    act(&mut s, TH, &march(&["bearruc", "oxnaford"], [0, 1, 0, 0]));
    assert_eq!(at(&s, "oxnaford", T), 1);
}

#[test]
fn v878_ag_119_viking_income() {
    // The Vikings hold Winchester (Guthrum) and Selsey: 2 Norsemen on their Turn.
    let mut s = empty(AG, 2, NO, Phase::Reinforcements);
    let g = leader(&mut s, 5, on_map("uintancaestir"), [0, 0, 3, 1]);
    put(&mut s, "seolesiae", NO, 1);
    put(&mut s, "wiltunscir", BE, 1);
    settle_markers(&mut s);
    let stock = s.faction(NO).stock;
    begin(&mut s, &[HC], NO);
    assert!(s.invasion_drawn.is_empty());
    assert_eq!(
        s.pending[0],
        Pending::Place {
            faction: NO,
            kind: NO,
            left: 2,
            purpose: Purpose::Income
        }
    );
    // On Guthrum's card or in any shire with Viking units.
    refuse(&mut s, NO, &place("exanceaster", 1));
    act(&mut s, NO, &place("wiltunscir", 1));
    act(&mut s, NO, &V878Action::PlaceOnLeader { leader: g, n: 1 });
    assert_eq!(at(&s, "wiltunscir", N), 1);
    assert_eq!(s.leaders[g as usize].troops[N], 4);
    assert_eq!(s.faction(NO).stock, stock - 2);
    assert!(s.pending.is_empty());
    // The Berserker: 1 unit, whatever the Vikings hold.
    let mut s = empty(AG, 2, NO, Phase::Reinforcements);
    leader(&mut s, 5, on_map("uintancaestir"), [0, 0, 3, 1]);
    put(&mut s, "seolesiae", NO, 1);
    put(&mut s, "oxnaford", NO, 1);
    settle_markers(&mut s);
    begin(&mut s, &[HC], BE);
    assert_eq!(
        s.pending[0],
        Pending::Place {
            faction: BE,
            kind: BE,
            left: 1,
            purpose: Purpose::Income
        }
    );
}

#[test]
fn v878_ag_120_only_the_english_enter_marshes() {
    let mut s = empty(AG, 1, NO, Phase::Reinforcements);
    put(&mut s, "sumorsaete", NO, 3);
    play(&mut s, NO, 5); // Norsemen 05: 2 armies, 3 shires
    refuse(
        &mut s,
        NO,
        &march(&["sumorsaete", "athelney"], [0, 0, 1, 0]),
    );
    refuse(
        &mut s,
        NO,
        &march(&["sumorsaete", "glastingaburh"], [0, 0, 1, 0]),
    );
    assert!(!legal(&s, NO).iter().any(|a| match a {
        V878Action::March { path, .. } => path.iter().any(|p| data().is_marsh(*p)),
        _ => false,
    }));
    let mut s = empty(AG, 1, TH, Phase::Reinforcements);
    put(&mut s, "sumorsaete", TH, 3);
    play(&mut s, TH, 5);
    // The English enter and pass through the marshes.
    act(
        &mut s,
        TH,
        &march(&["sumorsaete", "glastingaburh", "athelney"], [0, 1, 0, 0]),
    );
    assert_eq!(at(&s, "athelney", T), 1);
    // In the standard game no one enters a marsh.
    let mut s = moving(1, TH, 5);
    put(&mut s, "northamtun", TH, 1);
    refuse(&mut s, TH, &march(&["northamtun", "fens"], [0, 1, 0, 0]));
}

/// Passes every Event window and declines the Fyrd until someone must decide more.
fn to_decision(s: &mut V878State) {
    loop {
        match s.pending.first().copied() {
            Some(Pending::Window { faction }) => {
                act(s, faction, &V878Action::Pass);
            }
            Some(Pending::Fyrd { faction }) => {
                act(s, faction, &V878Action::CallFyrd { call: false });
            }
            _ => break,
        }
    }
}

#[test]
fn v878_ag_121_leader_retreat_turns_hits_into_flees() {
    // The English attack Guthrum in Wiltshire; the Vikings roll first: 3 Hits.
    let mut s = empty(AG, 1, TH, Phase::Battles);
    let g = leader(&mut s, 5, on_map("wiltunscir"), [0, 0, 2, 0]);
    put(&mut s, "wiltunscir", NO, 2);
    put(&mut s, "wiltunscir", TH, 3);
    put(&mut s, "dornsaete", TH, 1);
    dice(&mut s, &[1, 1, 1]);
    act(&mut s, TH, &fight("wiltunscir"));
    to_decision(&mut s);
    assert!(matches!(
        s.pending[0],
        Pending::LeaderRetreat {
            faction: Faction::Norsemen,
            hits: 3,
            ..
        }
    ));
    // G26: a next Wessex shire free of the enemy (not Dorset, not Mercian Gloucester).
    let mut to: Vec<_> = legal(&s, NO)
        .into_iter()
        .filter_map(|a| match a {
            V878Action::LeaderRetreat { to } => to,
            _ => None,
        })
        .collect();
    to.sort();
    assert_eq!(to, names(&["bearruc", "sumorsaete", "uintancaestir"]));
    act(
        &mut s,
        NO,
        &V878Action::LeaderRetreat {
            to: Some(sh("uintancaestir")),
        },
    );
    // The Hits become Flees of the Vikings' own units left in the battle.
    assert_eq!(
        s.pending[0],
        Pending::Flee {
            faction: NO,
            left: 3
        }
    );
    act(&mut s, NO, &FLEE);
    act(&mut s, NO, &FLEE);
    assert_eq!(s.leaders[g as usize].place, on_map("uintancaestir"));
    assert_eq!(s.leaders[g as usize].troops[N], 2);
    assert_eq!(at(&s, "wiltunscir", N), 0);
    assert_eq!(at(&s, "wiltunscir", T), 3);
    assert_eq!(s.faction(NO).fled, 2);
    assert!(s.battle.is_none());
    assert_eq!(s.finish, None);
}

#[test]
fn v878_ag_122_alfred_plus_one_move_and_saxon_navy_one_shire() {
    let mut s = empty(AG, 1, HC, Phase::Reinforcements);
    let a = leader(&mut s, 0, on_map("athelney"), [2, 0, 0, 0]);
    play(&mut s, HC, 4); // Housecarl 04: 1 army, 4 shires
    assert_eq!(s.phase, Phase::Leaders);
    act(&mut s, HC, &step(a, "sumorsaete"));
    assert_eq!(s.leaders[a as usize].moves_left, 4);
    // Guthrum gets no bonus.
    let mut s = empty(AG, 1, NO, Phase::Reinforcements);
    let g = leader(&mut s, 5, on_map("uintancaestir"), [0, 0, 2, 0]);
    play(&mut s, NO, 4); // Norsemen 04: 1 army, 4 shires
    act(&mut s, NO, &step(g, "wiltunscir"));
    assert_eq!(s.leaders[g as usize].moves_left, 3);
    // Saxon Navy (Housecarl 10) closes 1 coastal shire.
    let mut s = empty(AG, 1, NO, Phase::Reinforcements);
    hand(&mut s, HC, &[10]);
    put(&mut s, "sumorsaete", NO, 2);
    s.faction_mut(NO).hand.push(4);
    act(&mut s, NO, &V878Action::PlayCard { card: 4 });
    assert_eq!(s.pending[0], Pending::Window { faction: HC });
    act(&mut s, HC, &V878Action::PlayEvent { card: 10 });
    while s.pending.first() == Some(&Pending::Window { faction: HC }) {
        act(&mut s, HC, &V878Action::Pass);
    }
    assert_eq!(
        s.pending[0],
        Pending::Blocks {
            faction: HC,
            left: 1
        }
    );
    act(
        &mut s,
        HC,
        &V878Action::Block {
            shire: sh("dornsaete"),
        },
    );
    assert!(s.pending.is_empty());
    assert!(s.effects.is_blocked(sh("dornsaete")));
    refuse(
        &mut s,
        NO,
        &march(&["sumorsaete", "dornsaete"], [0, 0, 1, 0]),
    );
    act(
        &mut s,
        NO,
        &march(&["sumorsaete", "exanceaster"], [0, 0, 1, 0]),
    );
}

/// The last Turn of Round `round` in Alfred's Gambit (the Berserker's, Battle Phase),
/// Viking units alone in `cities`, both Leaders on the map.
fn ag_round_ending(round: u8, cities: &[&str]) -> V878State {
    let mut s = empty(AG, round, BE, Phase::Battles);
    s.order = vec![HC, TH, NO, BE];
    leader(&mut s, 5, on_map("wiltunscir"), [0, 0, 2, 0]);
    leader(&mut s, 0, on_map("athelney"), [1, 0, 0, 0]);
    for c in cities {
        put(&mut s, c, NO, 1);
    }
    settle_markers(&mut s);
    assert_eq!(s.markers_on_map() as usize, cities.len());
    s
}

#[test]
fn v878_ag_123_three_markers_after_round_iii() {
    let mut s = ag_round_ending(3, &["uintancaestir", "seolesiae", "oxnaford"]);
    act(&mut s, BE, &END);
    assert_eq!(s.finish.clone().expect("over").winner, Side::Viking);
    let mut s = ag_round_ending(3, &["uintancaestir", "seolesiae"]);
    act(&mut s, BE, &END);
    assert_eq!(s.finish.clone().expect("over").winner, Side::English);
    // After Round II, 3 markers decide nothing.
    let mut s = ag_round_ending(2, &["uintancaestir", "seolesiae", "oxnaford"]);
    act(&mut s, BE, &END);
    assert_eq!(s.finish, None);
    assert_eq!(s.round, 3);
}

#[test]
fn v878_ag_124_all_five_on_the_map() {
    let all = [
        "uintancaestir",
        "seolesiae",
        "oxnaford",
        "exanceaster",
        "cantuarabyrg",
    ];
    let mut s = ag_round_ending(1, &all);
    act(&mut s, BE, &END);
    assert_eq!(s.finish.clone().expect("over").winner, Side::Viking);
    assert_eq!(s.round, 1);
    // All 5 on the track: the English win.
    let mut s = ag_round_ending(1, &[]);
    act(&mut s, BE, &END);
    assert_eq!(s.finish.clone().expect("over").winner, Side::English);
    // 4 of 5 after Round I: play goes on.
    let mut s = ag_round_ending(1, &all[..4]);
    act(&mut s, BE, &END);
    assert_eq!(s.finish, None);
    assert_eq!(s.round, 2);
}

#[test]
fn v878_ag_125_a_defeated_leader_loses_at_once() {
    // The Norsemen attack Alfred, alone with 1 Housecarl on his card, in Surrey.
    let mut s = empty(AG, 1, NO, Phase::Battles);
    let a = leader(&mut s, 0, on_map("sudrige"), [1, 0, 0, 0]);
    put(&mut s, "sudrige", NO, 2);
    dice(&mut s, &[6]); // the Housecarl die: Flee
    act(&mut s, NO, &fight("sudrige"));
    to_decision(&mut s);
    if matches!(s.pending.first(), Some(Pending::LeaderRetreat { .. })) {
        act(&mut s, HC, &V878Action::LeaderRetreat { to: None });
    }
    assert_eq!(
        s.pending[0],
        Pending::Flee {
            faction: HC,
            left: 1
        }
    );
    let ev = act(
        &mut s,
        HC,
        &V878Action::Flee {
            spot: super::super::actions::Spot::Card(a),
        },
    );
    assert_eq!(s.leaders[a as usize].place, LeaderPlace::Defeated);
    let f = s.finish.clone().expect("over at once");
    assert_eq!(f.winner, Side::Viking);
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.round, 1);
    assert!(has(
        &ev,
        "AG-125",
        &V878Event::GameOver {
            winner: Side::Viking,
            result: f.result.clone(),
            detail: f.detail.clone()
        }
    ));
    assert_eq!(
        f.detail,
        "Alfred the Great, Leader of the English, is defeated"
    );
}

// ============================================================ Advanced Setup

#[test]
fn v878_18_advanced_picks_are_secret_and_dealt_after_all_four() {
    use super::super::state::UNKNOWN;
    use crate::engine::{Audience, Seat};
    let mut s = setup("advanced", 9);
    let mut ev = Vec::new();
    for card in [13, 19, 9, 15, 11] {
        ev = act(&mut s, HC, &V878Action::Pick { card });
    }
    // Only the Housecarl are told what they added.
    let told: Vec<_> = ev
        .iter()
        .filter(|e| matches!(e.kind, V878Event::DeckAdded { .. }))
        .collect();
    assert_eq!(told.len(), 1);
    assert_eq!(told[0].audience, Audience::Only(vec![Seat(HC as u8)]));
    assert_eq!(
        told[0].kind,
        V878Event::DeckAdded {
            faction: HC,
            cards: vec![11]
        }
    );
    // The others learn how many, never which.
    let public: Vec<_> = ev.iter().filter(|e| e.audience == Audience::All).collect();
    assert_eq!(public[0].kind, V878Event::DeckChosen { faction: HC, n: 1 });
    assert!(public
        .iter()
        .all(|e| !matches!(e.kind, V878Event::DeckAdded { .. })));
    // The Housecarl see their own picks; no one else does.
    let own = view::view(&s, &[Seat(HC as u8)]);
    assert!(own.state.faction(HC).deck.contains(&13));
    for seat in [TH, NO, BE] {
        let v = view::view(&s, &[Seat(seat as u8)]);
        assert_eq!(v.state.faction(HC).deck.len(), 12);
        assert!(v.state.faction(HC).deck.iter().all(|c| *c == UNKNOWN));
    }
    // No hand is dealt until all four decks are complete.
    act(&mut s, TH, &V878Action::DefaultDeck);
    act(&mut s, NO, &V878Action::DefaultDeck);
    for f in Faction::ALL {
        assert!(s.faction(f).hand.is_empty(), "{f:?}");
    }
    act(&mut s, BE, &V878Action::DefaultDeck);
    for f in Faction::ALL {
        assert_eq!(s.faction(f).hand.len(), 3);
        assert_eq!(s.faction(f).deck.len(), 9);
    }
    assert_eq!(
        sorted_deck(&s, HC),
        [1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 15, 19]
    );
}
