//! Rule tests for the Reinforcements Phase (2.0-2.4; brief items 27-37): the Invasion
//! card, English reinforcements, Alfred the Great, fled units and the Movement card.
//!
//! Reinforcement Cities (map data, fill G5): Housecarl in York, Lichfield, London (1
//! each) and Winchester (2), 5 in all; Thegn 1 in each of Carlisle, York, Chester,
//! Lincoln, Lichfield, Elmham, London, Canterbury, Winchester and Exeter, 10 in all.
//! A bare position has every unit in its stockpile (Housecarl 20, Thegn 40, Norsemen
//! 40, Berserker 20).

use super::super::actions::V878Action;
use super::super::data::data;
use super::super::state::{LeaderPlace, MoveBudget, Pending, Phase, Purpose};
use super::support::*;

const HC_CITIES: [(&str, u8); 4] = [
    ("euruic", 1),
    ("liccidfeld", 1),
    ("lundenwic", 1),
    ("uintancaestir", 2),
];

const TH_CITIES: [&str; 10] = [
    "carleol",
    "euruic",
    "legacaestir",
    "lincylene",
    "liccidfeld",
    "aelmham",
    "lundenwic",
    "cantuarabyrg",
    "uintancaestir",
    "exanceaster",
];

// ---------------------------------------------------------------- 2.0

#[test]
fn v878_2_0_first_viking_faction_draws_the_invasion_card() {
    let mut s = bare(2, HC, Phase::Battles);
    *s.invasion = vec![3, 2, 4, 5, 6, 7];
    let ev = begin(&mut s, &[HC], BE);
    // Björn Ironside: 11 Norsemen and 4 Berserker, from both stockpiles, on his card.
    let bjorn = &s.leaders[leader_ix(&s, 3) as usize];
    assert_eq!(bjorn.place, LeaderPlace::OffMap);
    assert_eq!(bjorn.troops, [0, 0, 11, 4, 0]);
    assert_eq!((s.faction(NO).stock, s.faction(BE).stock), (29, 16));
    assert_eq!(s.invasion, [2, 4, 5, 6, 7]);
    assert_eq!(s.invasion_drawn, [3]);
    assert!(
        has(
            &ev,
            "2.0",
            &V878Event::LeaderReady {
                leader: 3,
                norsemen: 11,
                berserker: 4
            }
        ),
        "{:?}",
        kinds(&ev)
    );
    // Only the first Viking faction of the Round draws.
    begin(&mut s, &[HC, BE, TH], NO);
    assert_eq!(s.invasion, [2, 4, 5, 6, 7]);
    assert_eq!(
        s.leaders[leader_ix(&s, 2) as usize].place,
        LeaderPlace::Waiting
    );
}

#[test]
fn v878_2_0_no_invasion_card_drawn_in_round_one() {
    let mut s = bare(1, NO, Phase::Battles);
    let deck = s.invasion.to_vec();
    begin(&mut s, &[NO, HC], BE);
    assert_eq!(s.invasion, deck);
    assert!(s.invasion_drawn.is_empty());
    let standard = standard(9);
    assert_eq!(standard.invasion.len(), 6);
}

#[test]
fn v878_2_0_short_viking_stockpile_places_what_is_left() {
    let mut s = bare(3, NO, Phase::Battles);
    *s.invasion = vec![2, 3, 4, 5, 6, 7];
    s.faction_mut(NO).stock = 5;
    begin(&mut s, &[], NO);
    // Ivar's card lists 14 Norsemen and 6 Berserker; only 5 Norsemen are left.
    assert_eq!(s.leaders[leader_ix(&s, 2) as usize].troops, [0, 0, 5, 6, 0]);
    assert_eq!((s.faction(NO).stock, s.faction(BE).stock), (0, 14));
}

#[test]
fn v878_2_0_viking_reinforcements_card_goes_to_leaders_on_the_map_and_coastal_shires() {
    // Card 04 (CC item 91): 9 Norsemen and 2 Berserker, split among the cards of
    // Leaders on the map and Viking-held shires on any coast.
    let mut s = bare(2, HC, Phase::Battles);
    *s.invasion = vec![4, 2, 3, 5, 6, 7];
    let halfdan = leader(&mut s, 1, on_map("sudfolc"), [0, 0, 2, 0]);
    let bjorn = leader(&mut s, 3, LeaderPlace::OffMap, [0, 0, 1, 0]);
    put(&mut s, "euruic", BE, 1); // coastal city
    put(&mut s, "north_riding", NO, 1); // coastal, no city
    put(&mut s, "liccidfeld", NO, 1); // inland city
    begin(&mut s, &[HC], NO);
    assert_eq!(s.invasion_drawn, [4]);
    assert_eq!(
        s.pending,
        [
            Pending::Place {
                faction: NO,
                kind: NO,
                left: 9,
                purpose: Purpose::Invaders
            },
            Pending::Place {
                faction: NO,
                kind: BE,
                left: 2,
                purpose: Purpose::Invaders
            }
        ]
    );
    let mut ok = vec![
        V878Action::PlaceOnLeader {
            leader: halfdan,
            n: 1,
        },
        place("north_riding", 1),
        place("euruic", 1),
        place("sudfolc", 1),
    ];
    let mut offered: Vec<V878Action> = legal(&s, NO)
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                V878Action::Place { n: 1, .. } | V878Action::PlaceOnLeader { n: 1, .. }
            )
        })
        .collect();
    let key = |a: &V878Action| format!("{a:?}");
    ok.sort_by_key(key);
    offered.sort_by_key(key);
    assert_eq!(offered, ok);
    refuse(&mut s, NO, &place("liccidfeld", 1));
    refuse(
        &mut s,
        NO,
        &V878Action::PlaceOnLeader {
            leader: bjorn,
            n: 1,
        },
    );
    act(
        &mut s,
        NO,
        &V878Action::PlaceOnLeader {
            leader: halfdan,
            n: 5,
        },
    );
    act(&mut s, NO, &place("north_riding", 4));
    act(&mut s, NO, &place("euruic", 2));
    assert!(s.pending.is_empty());
    assert_eq!(s.leaders[halfdan as usize].troops, [0, 0, 7, 0, 0]);
    assert_eq!(at(&s, "north_riding", N), 5);
    assert_eq!(at(&s, "euruic", B), 3);
    assert_eq!(
        (s.faction(NO).stock, s.faction(BE).stock),
        (40 - 5 - 9, 20 - 1 - 2)
    );
    // No Leader is drawn this Round.
    assert!(s
        .leaders
        .iter()
        .filter(|l| l.place != LeaderPlace::Waiting)
        .all(|l| l.card == 1 || l.card == 3));
}

#[test]
fn v878_g22_viking_reinforcements_with_nowhere_to_go_stay_in_the_stockpiles() {
    let mut s = bare(2, HC, Phase::Battles);
    *s.invasion = vec![4, 2, 3, 5, 6, 7];
    // An off-map Leader's card does not take them; an inland city does not either.
    leader(&mut s, 1, LeaderPlace::OffMap, [0, 0, 3, 0]);
    put(&mut s, "liccidfeld", NO, 1);
    let ev = begin(&mut s, &[HC], BE);
    assert!(s.pending.is_empty());
    assert_eq!((s.faction(NO).stock, s.faction(BE).stock), (36, 20));
    let stayed: Vec<_> = ev.iter().filter(|e| e.rule == "G22").collect();
    assert_eq!(
        stayed.iter().map(|e| e.kind.clone()).collect::<Vec<_>>(),
        [
            V878Event::NoPlaceForReinforcements { kind: NO },
            V878Event::NoPlaceForReinforcements { kind: BE }
        ],
        "{:?}",
        kinds(&ev)
    );
}

// ---------------------------------------------------------------- 2.1

#[test]
fn v878_2_1_english_reinforcements_on_their_own_turn() {
    let mut s = bare(2, NO, Phase::Battles);
    begin(&mut s, &[NO], HC);
    for (city, n) in HC_CITIES {
        assert_eq!(at(&s, city, H), n, "{city}");
    }
    // The rulebook example: 2 Housecarl in Winchester.
    assert_eq!(at(&s, "uintancaestir", H), 2);
    assert_eq!(s.faction(HC).stock, 15);
    // Only the active faction places: no Thegn yet.
    assert_eq!(s.faction(TH).stock, 40);
    begin(&mut s, &[NO, HC], TH);
    for city in TH_CITIES {
        assert_eq!(at(&s, city, T), 1, "{city}");
    }
    assert_eq!(s.faction(TH).stock, 30);
    assert_eq!(s.faction(HC).stock, 15);
    assert!(s.pending.is_empty());
}

#[test]
fn v878_2_1_english_reinforcements_not_into_viking_cities() {
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "uintancaestir", NO, 1);
    // A city where both sides stand is occupied by Viking units too.
    put(&mut s, "euruic", NO, 1);
    put(&mut s, "euruic", TH, 1);
    begin(&mut s, &[NO], HC);
    assert_eq!(at(&s, "uintancaestir", H), 0);
    assert_eq!(at(&s, "euruic", H), 0);
    assert_eq!(at(&s, "liccidfeld", H), 1);
    assert_eq!(at(&s, "lundenwic", H), 1);
    assert_eq!(s.faction(HC).stock, 18);
}

#[test]
fn v878_2_1_short_english_stockpile_chooses_the_cities() {
    let mut s = bare(2, NO, Phase::Battles);
    s.faction_mut(HC).stock = 3;
    put(&mut s, "liccidfeld", BE, 1);
    begin(&mut s, &[NO], HC);
    assert_eq!(
        s.pending,
        [Pending::Place {
            faction: HC,
            kind: HC,
            left: 3,
            purpose: Purpose::Short
        }]
    );
    let mut shires: Vec<String> = legal(&s, HC)
        .iter()
        .filter_map(|a| match a {
            V878Action::Place { shire, n: 1 } => Some(data().shires()[shire.0 as usize].id.clone()),
            _ => None,
        })
        .collect();
    shires.sort();
    // Cities picturing Housecarl, not held by Vikings (not Lichfield; not Carlisle,
    // which pictures only a Thegn).
    assert_eq!(shires, ["euruic", "lundenwic", "uintancaestir"]);
    assert_eq!(refuse(&mut s, HC, &place("carleol", 1)).rule, "2.1");
    assert_eq!(refuse(&mut s, HC, &place("liccidfeld", 1)).rule, "2.1");
    act(&mut s, HC, &place("euruic", 1));
    act(&mut s, HC, &place("uintancaestir", 2));
    assert!(s.pending.is_empty());
    assert_eq!(s.faction(HC).stock, 0);
    assert_eq!((at(&s, "euruic", H), at(&s, "uintancaestir", H)), (1, 2));
    assert_eq!(at(&s, "lundenwic", H), 0);
}

// ---------------------------------------------------------------- 2.2

#[test]
fn v878_2_2_alfred_enters_round_v() {
    let mut s = bare(5, NO, Phase::Battles);
    put(&mut s, "uintancaestir", NO, 1);
    settle_markers(&mut s);
    begin(&mut s, &[NO], HC);
    // The Housecarl reinforce York, Lichfield and London first (Winchester is held).
    assert_eq!(s.faction(HC).stock, 17);
    assert_eq!(s.pending, [Pending::PlaceAlfred { faction: HC }]);
    let offered = legal(&s, HC).len();
    assert_eq!(offered, 9, "the English-controlled Reinforcement Cities");
    assert_eq!(
        refuse(
            &mut s,
            HC,
            &V878Action::PlaceAlfred {
                shire: sh("uintancaestir")
            }
        )
        .rule,
        "2.2"
    );
    assert_eq!(
        refuse(
            &mut s,
            HC,
            &V878Action::PlaceAlfred {
                shire: sh("dunholm")
            }
        )
        .rule,
        "2.2"
    );
    assert_eq!(
        refuse(
            &mut s,
            TH,
            &V878Action::PlaceAlfred {
                shire: sh("lundenwic")
            }
        )
        .rule,
        "1.2"
    );
    let ev = act(
        &mut s,
        HC,
        &V878Action::PlaceAlfred {
            shire: sh("lundenwic"),
        },
    );
    assert_eq!(
        kinds(&ev),
        [V878Event::AlfredEnters {
            shire: sh("lundenwic"),
            housecarl: 4,
            thegn: 3
        }]
    );
    assert_eq!(ev[0].rule, "2.2");
    let alfred = &s.leaders[leader_ix(&s, 0) as usize];
    assert_eq!(alfred.place, on_map("lundenwic"));
    assert_eq!(alfred.troops, [4, 3, 0, 0, 0]);
    assert_eq!((s.faction(HC).stock, s.faction(TH).stock), (13, 37));
    // With Alfred the English have a Leader Phase.
    play(&mut s, HC, 2);
    assert_eq!(s.phase, Phase::Leaders);
    // The second English faction gains nothing more.
    begin(&mut s, &[NO, HC], TH);
    assert!(s.pending.is_empty());
    play(&mut s, TH, 2);
    assert_eq!(s.phase, Phase::Leaders);
}

#[test]
fn v878_2_2_alfred_does_not_come_before_round_v() {
    let mut s = bare(4, NO, Phase::Battles);
    begin(&mut s, &[NO], HC);
    assert!(s.pending.is_empty());
    assert_eq!(
        s.leaders[leader_ix(&s, 0) as usize].place,
        LeaderPlace::Waiting
    );
}

#[test]
fn v878_g33_alfred_enters_as_soon_as_a_reinforcement_city_is_free() {
    let mut s = bare(5, NO, Phase::Battles);
    for city in TH_CITIES {
        put(&mut s, city, NO, 1);
    }
    begin(&mut s, &[], HC);
    assert!(s.pending.is_empty());
    assert_eq!(
        s.leaders[leader_ix(&s, 0) as usize].place,
        LeaderPlace::Waiting
    );
    // The Vikings leave Exeter; the next English faction places Alfred there.
    s.map[sh("exanceaster").0 as usize][N] = 0;
    s.faction_mut(NO).stock += 1;
    begin(&mut s, &[HC, NO], TH);
    assert_eq!(at(&s, "exanceaster", T), 1, "its Thegn reinforcement");
    assert_eq!(s.pending, [Pending::PlaceAlfred { faction: TH }]);
    assert_eq!(
        legal(&s, TH),
        [V878Action::PlaceAlfred {
            shire: sh("exanceaster")
        }]
    );
    act(
        &mut s,
        TH,
        &V878Action::PlaceAlfred {
            shire: sh("exanceaster"),
        },
    );
    let alfred = &s.leaders[leader_ix(&s, 0) as usize];
    assert_eq!(alfred.place, on_map("exanceaster"));
    assert_eq!(alfred.troops, [4, 3, 0, 0, 0]);
}

#[test]
fn v878_g27_alfred_with_short_stockpiles_takes_what_is_left() {
    let mut s = bare(5, NO, Phase::Battles);
    s.faction_mut(HC).stock = 7;
    begin(&mut s, &[NO], HC);
    // 5 Housecarl reinforce first, leaving 2 for Alfred's card.
    assert_eq!(s.faction(HC).stock, 2);
    act(
        &mut s,
        HC,
        &V878Action::PlaceAlfred {
            shire: sh("euruic"),
        },
    );
    assert_eq!(s.leaders[leader_ix(&s, 0) as usize].troops, [2, 3, 0, 0, 0]);
    assert_eq!(s.faction(HC).stock, 0);
}

// ---------------------------------------------------------------- 2.3

#[test]
fn v878_2_3_fled_units_return() {
    let mut s = bare(2, NO, Phase::Battles);
    for (f, n) in [(TH, 3), (HC, 2)] {
        s.faction_mut(f).stock -= n;
        s.faction_mut(f).fled = n;
    }
    put(&mut s, "uintancaestir", NO, 1);
    begin(&mut s, &[NO], TH);
    assert_eq!(s.faction(TH).stock, 40 - 3 - 9);
    assert_eq!(
        s.pending,
        [Pending::Place {
            faction: TH,
            kind: TH,
            left: 3,
            purpose: Purpose::Fled
        }]
    );
    // Any English-controlled Reinforcement City: not Winchester (held), not Durham.
    // Each of the 9 cities, with 1, 2 or 3 of the units.
    assert_eq!(legal(&s, TH).len(), 9 * 3);
    assert_eq!(refuse(&mut s, TH, &place("uintancaestir", 1)).rule, "2.3");
    assert_eq!(refuse(&mut s, TH, &place("dunholm", 1)).rule, "2.3");
    // They may be split (G35).
    act(&mut s, TH, &place("euruic", 2));
    act(&mut s, TH, &place("carleol", 1));
    assert!(s.pending.is_empty());
    assert_eq!(s.faction(TH).fled, 0);
    assert_eq!((at(&s, "euruic", T), at(&s, "carleol", T)), (3, 2));
    // Only the active faction's fled units return.
    assert_eq!(s.faction(HC).fled, 2);
}

#[test]
fn v878_2_3_viking_fled_units_onto_a_leader_card_or_a_coastal_city() {
    // The Ivar example: the Norsemen draw Ivar and put their 2 fled Norsemen on his card,
    // which is in play though still off the map.
    let mut s = bare(3, HC, Phase::Battles);
    *s.invasion = vec![2, 3, 4, 5, 6, 7];
    s.faction_mut(NO).stock -= 2;
    s.faction_mut(NO).fled = 2;
    put(&mut s, "euruic", BE, 1); // Viking-held coastal city
    put(&mut s, "liccidfeld", BE, 1); // inland city
    put(&mut s, "north_riding", BE, 1); // coastal, no city
    begin(&mut s, &[HC], NO);
    let ivar = leader_ix(&s, 2);
    let mut offered: Vec<String> = legal(&s, NO).iter().map(|a| format!("{a:?}")).collect();
    offered.sort();
    let mut ok: Vec<String> = [
        V878Action::PlaceOnLeader { leader: ivar, n: 1 },
        V878Action::PlaceOnLeader { leader: ivar, n: 2 },
        place("euruic", 1),
        place("euruic", 2),
    ]
    .iter()
    .map(|a| format!("{a:?}"))
    .collect();
    ok.sort();
    assert_eq!(offered, ok);
    assert_eq!(refuse(&mut s, NO, &place("liccidfeld", 1)).rule, "2.3");
    assert_eq!(refuse(&mut s, NO, &place("north_riding", 1)).rule, "2.3");
    act(
        &mut s,
        NO,
        &V878Action::PlaceOnLeader { leader: ivar, n: 2 },
    );
    assert_eq!(s.leaders[ivar as usize].troops, [0, 0, 16, 6, 0]);
    assert_eq!(s.faction(NO).fled, 0);
    assert_eq!(s.faction(NO).stock, 40 - 2 - 14);
}

#[test]
fn v878_2_3_fled_units_stay_without_a_destination() {
    let mut s = bare(2, NO, Phase::Battles);
    s.faction_mut(BE).stock -= 3;
    s.faction_mut(BE).fled = 3;
    begin(&mut s, &[NO], BE);
    assert!(s.pending.is_empty());
    assert_eq!(s.faction(BE).fled, 3);
    // The English with every Reinforcement City held and no Alfred.
    let mut s = bare(2, NO, Phase::Battles);
    s.faction_mut(HC).stock -= 2;
    s.faction_mut(HC).fled = 2;
    for city in TH_CITIES {
        put(&mut s, city, BE, 1);
    }
    begin(&mut s, &[NO], HC);
    assert!(s.pending.is_empty());
    assert_eq!(s.faction(HC).fled, 2);
}

#[test]
fn v878_2_3_english_fled_units_onto_alfreds_card() {
    let mut s = bare(6, NO, Phase::Battles);
    s.faction_mut(HC).stock -= 1;
    s.faction_mut(HC).fled = 1;
    let alfred = leader(&mut s, 0, on_map("sudrige"), [2, 0, 0, 0]);
    begin(&mut s, &[NO], HC);
    assert!(is_legal(
        &s,
        HC,
        &V878Action::PlaceOnLeader {
            leader: alfred,
            n: 1
        }
    ));
    act(
        &mut s,
        HC,
        &V878Action::PlaceOnLeader {
            leader: alfred,
            n: 1,
        },
    );
    assert_eq!(s.leaders[alfred as usize].troops, [3, 0, 0, 0, 0]);
}

// ---------------------------------------------------------------- 2.4

#[test]
fn v878_2_4_exactly_one_movement_card_ends_the_reinforcements_phase() {
    let mut s = bare(2, HC, Phase::Reinforcements);
    hand(&mut s, HC, &[8, 2, 3]);
    assert_eq!(
        legal(&s, HC),
        [
            V878Action::PlayCard { card: 2 },
            V878Action::PlayCard { card: 3 }
        ]
    );
    assert_eq!(refuse(&mut s, HC, &END).rule, "2.4");
    assert_eq!(
        refuse(&mut s, HC, &V878Action::PlayCard { card: 8 }).rule,
        "2.4"
    );
    assert_eq!(
        refuse(&mut s, HC, &V878Action::PlayCard { card: 4 }).rule,
        "2.4"
    );
    let ev = act(&mut s, HC, &V878Action::PlayCard { card: 2 });
    assert_eq!(
        (ev[0].rule, &ev[0].kind),
        (
            "2.4",
            &V878Event::MovementCard {
                faction: HC,
                card: 2,
                treaty: false,
                armies: 3,
                shires: 2
            }
        )
    );
    assert_eq!(
        s.budget,
        Some(MoveBudget {
            card: 2,
            armies_left: 3,
            shires: 2
        })
    );
    assert_eq!(s.faction(HC).hand, [8, 3]);
    assert_eq!(s.faction(HC).discard, [2]);
    assert_eq!(s.phase, Phase::Movement);
    // One card only.
    assert_eq!(
        refuse(&mut s, HC, &V878Action::PlayCard { card: 3 }).rule,
        "2.4"
    );
}

#[test]
fn v878_7_1_treaty_card_counts_as_the_movement_card_and_is_laid_face_up() {
    let mut s = bare(2, BE, Phase::Reinforcements);
    hand(&mut s, BE, &[1, 9, 10]);
    assert_eq!(legal(&s, BE), [V878Action::PlayCard { card: 1 }]);
    let ev = act(&mut s, BE, &V878Action::PlayCard { card: 1 });
    assert_eq!(
        (ev[0].rule, &ev[0].kind),
        (
            "7.1",
            &V878Event::MovementCard {
                faction: BE,
                card: 1,
                treaty: true,
                armies: 2,
                shires: 4
            }
        )
    );
    // The Berserker Treaty card moves 2 armies up to 4 shires each.
    assert_eq!(
        s.budget,
        Some(MoveBudget {
            card: 1,
            armies_left: 2,
            shires: 4
        })
    );
    let fs = s.faction(BE);
    assert!(fs.treaty_played);
    assert_eq!(fs.hand, [9, 10]);
    assert!(fs.discard.is_empty() && !fs.deck.contains(&1));
}
