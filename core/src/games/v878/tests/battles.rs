//! Rule tests for the Battle Phase (4.0-4.7; brief items 46-60, G15): the order of
//! battles, who rolls and how many dice, Hits, Flees and Commands, the Berserker rule,
//! City markers and the Fyrd; with the rulebook's Elmham battle example in full.
//!
//! Dice faces (data, fill G7), face 1-6: Housecarl H H H C C F; Thegn H H C F F F;
//! Norsemen H H C C F F; Berserker H H H H C F; Fyrd H F F - - -. A side's factions
//! roll in faction order (Housecarl, Thegn, then the Fyrd; Norsemen, Berserker).
//! Every battle opens with the Event window (8.0), which these tests pass.

use super::super::actions::V878Action;
use super::super::data::Side;
use super::super::state::{Pending, Phase, V878State};
use super::support::*;

fn fyrd(call: bool) -> V878Action {
    V878Action::CallFyrd { call }
}

/// Starts the battle in `shire` in the active faction's Battle Phase and passes the
/// Event window.
fn start(s: &mut V878State, shire: &str) -> Vec<Happening> {
    let f = s.active().unwrap();
    let mut events = act(s, f, &fight(shire));
    events.extend(pass_windows(s));
    events
}

// ---------------------------------------------------------------- 4.0

#[test]
fn v878_4_0_rulebook_battle_example_elmham() {
    // The Norsemen move an army of 3 Norsemen and 2 Berserker into ÆLMHĀM, held by 1
    // Housecarl and 2 Thegn; the English draw a Fyrd card for 5 Fyrd. Thetford, next to
    // it, holds Vikings.
    let mut s = moving(2, NO, 2);
    put(&mut s, "sudfolc", NO, 3);
    put(&mut s, "sudfolc", BE, 2);
    put(&mut s, "aelmham", HC, 1);
    put(&mut s, "aelmham", TH, 2);
    put(&mut s, "theodford", NO, 1);
    *s.fyrd_deck = vec![1, 2, 15]; // the top card, 15, calls 5 Fyrd
    act(&mut s, NO, &march(&["sudfolc", "aelmham"], [0, 0, 3, 2]));
    act(&mut s, NO, &END);
    assert_eq!(s.phase, Phase::Battles);
    dice(
        &mut s,
        &[
            1, 4, 3, 1, 2, // 1st English: Housecarl Hit; Thegn Flee, Command; Fyrd Hit, Flee
            5, 3, 1, // 1st Viking: Norsemen Flee, Command; Berserker Hit
            4, 1, 2, 3, // 2nd English: Housecarl Command; Thegn Hit; Fyrd Flee, Flee
            5, // 2nd Viking: Berserker Command
        ],
    );
    start(&mut s, "aelmham");
    // The English are defending a City Shire: the Thegn (more units) call the Fyrd.
    assert_eq!(s.pending, [Pending::Fyrd { faction: TH }]);
    let ev = act(&mut s, TH, &fyrd(true));
    assert_eq!(
        rolls(&ev),
        [roll(HC, "H"), roll(TH, "FC"), fyrd_roll("HF")],
        "5 Fyrd roll only their 2 dice"
    );
    assert!(has(&ev, "4.7", &V878Event::FyrdJoin { card: 15, n: 5 }));
    // The fleeing Fyrd goes back to the Fyrd stockpile at once.
    assert_eq!((at(&s, "aelmham", F), s.fyrd_stock), (4, 6));
    // Hits and Flees first, then Commands (4.4).
    assert_eq!(
        s.pending,
        [
            Pending::Hits {
                faction: NO,
                hits: 2,
                berserker_first: true
            },
            Pending::Flee {
                faction: TH,
                left: 1
            },
            Pending::Command {
                faction: TH,
                left: 1
            }
        ]
    );
    // The Vikings must remove a Berserker as their first Hit (4.5), then choose freely.
    assert_eq!(refuse(&mut s, NO, &hit(N)).rule, "4.5");
    assert_eq!(legal(&s, NO), [hit(B)]);
    act(&mut s, NO, &hit(B));
    act(&mut s, NO, &hit(N));
    act(&mut s, TH, &FLEE);
    // No adjacent English-occupied shire: the Thegn Command cannot be used.
    assert_eq!(legal(&s, TH), [KEEP]);
    let ev = act(&mut s, TH, &KEEP);
    assert_eq!(rolls(&ev), [roll(NO, "FC"), roll(BE, "H")]);
    // The English (a Housecarl and a Thegn: the 3-dice Thegn decide, G15) remove a
    // Fyrd to keep their dice.
    assert_eq!(
        s.pending[0],
        Pending::Hits {
            faction: TH,
            hits: 1,
            berserker_first: false
        }
    );
    act(&mut s, TH, &hit(F));
    act(&mut s, NO, &FLEE);
    // The remaining Norsemen could withdraw to Thetford but chooses not to.
    assert!(is_legal(&s, NO, &command("theodford")));
    let ev = act(&mut s, NO, &KEEP);
    assert_eq!(rolls(&ev), [roll(HC, "C"), roll(TH, "H"), fyrd_roll("FF")]);
    // A Berserker is owed only on the first English roll: the Vikings choose.
    assert_eq!(
        s.pending[0],
        Pending::Hits {
            faction: NO,
            hits: 1,
            berserker_first: false
        }
    );
    assert!(is_legal(&s, NO, &hit(B)));
    act(&mut s, NO, &hit(N));
    assert_eq!(legal(&s, HC), [KEEP]);
    let ev = act(&mut s, HC, &KEEP);
    assert_eq!(rolls(&ev), [roll(BE, "C")]);
    let ev = act(&mut s, BE, &command("theodford"));
    assert!(has(&ev, "4.7", &V878Event::FyrdGoHome { n: 1 }));
    assert!(has(
        &ev,
        "4.0",
        &V878Event::BattleWon {
            side: Side::English,
            shire: sh("aelmham")
        }
    ));
    assert!(s.battle.is_none());
    assert_eq!(s.chance.scripted_left(), 0);
    assert_eq!(
        (
            at(&s, "aelmham", H),
            at(&s, "aelmham", T),
            at(&s, "aelmham", F)
        ),
        (1, 1, 0)
    );
    assert_eq!((at(&s, "theodford", N), at(&s, "theodford", B)), (1, 1));
    assert_eq!(s.fyrd_stock, 10);
    assert_eq!((s.faction(NO).fled, s.faction(TH).fled), (1, 1));
    assert_eq!((s.faction(NO).stock, s.faction(BE).stock), (38, 19));
    assert!(!s.marked[sh("aelmham").0 as usize]);
    assert!(s.marked[sh("theodford").0 as usize]);
    act(&mut s, NO, &END);
}

#[test]
fn v878_4_0_defender_rolls_first_then_the_sides_alternate() {
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "elmet", NO, 2);
    put(&mut s, "elmet", TH, 1);
    dice(&mut s, &[3, 5, 3, 1]);
    let mut ev = start(&mut s, "elmet");
    ev.extend(act(&mut s, TH, &KEEP));
    ev.extend(act(&mut s, NO, &FLEE));
    ev.extend(act(&mut s, NO, &KEEP));
    ev.extend(act(&mut s, NO, &hit(N)));
    assert_eq!(rolls(&ev), [roll(TH, "C"), roll(NO, "FC"), roll(TH, "H")]);
    let last = ev.last().unwrap();
    assert_eq!(
        (last.rule, &last.kind),
        (
            "4.0",
            &V878Event::BattleWon {
                side: Side::English,
                shire: sh("elmet")
            }
        )
    );
    assert!(s.battle.is_none());
    assert_eq!((at(&s, "elmet", N), at(&s, "elmet", T)), (0, 1));
    assert_eq!((s.faction(NO).fled, s.faction(NO).stock), (1, 39));
}

#[test]
fn v878_4_0_every_battle_is_fought_in_the_order_the_active_player_chooses() {
    let mut s = bare(2, NO, Phase::Battles);
    for shire in ["elmet", "grantebrycg"] {
        put(&mut s, shire, NO, 1);
        put(&mut s, shire, TH, 1);
    }
    assert_eq!(legal(&s, NO), [fight("elmet"), fight("grantebrycg")]);
    assert_eq!(refuse(&mut s, NO, &END).rule, "4.0");
    dice(&mut s, &[4, 4]); // each time the Thegn flee
    act(&mut s, NO, &fight("grantebrycg"));
    let b = s.battle.unwrap();
    assert_eq!(
        (b.shire, b.attacker, b.roller),
        (sh("grantebrycg"), Side::Viking, Side::English)
    );
    pass_windows(&mut s);
    act(&mut s, TH, &FLEE);
    assert!(s.battle.is_none());
    assert_eq!(legal(&s, NO), [fight("elmet")]);
    start(&mut s, "elmet");
    act(&mut s, TH, &FLEE);
    assert_eq!(legal(&s, NO), [END]);
}

#[test]
fn v878_4_1_dice_are_capped_at_the_dice_a_faction_owns() {
    let mut s = bare(2, NO, Phase::Battles);
    for f in [HC, TH, NO, BE] {
        put(&mut s, "elmet", f, 5);
    }
    dice(&mut s, &[4, 4, 3, 3, 3, 3, 3, 3, 5, 5]); // Commands only
    let ev = start(&mut s, "elmet");
    assert_eq!(rolls(&ev), [roll(HC, "CC"), roll(TH, "CCC")]);
    act(&mut s, HC, &KEEP);
    let ev = act(&mut s, TH, &KEEP);
    assert_eq!(rolls(&ev), [roll(NO, "CCC"), roll(BE, "CC")]);
}

// ---------------------------------------------------------------- 4.2-4.4

#[test]
fn v878_g15_casualties_chosen_by_receiving_side() {
    // The English attack (a Housecarl Turn): the Vikings roll first, the English Hits
    // go to the Viking faction with more units in the battle.
    let english_attack =
        |active: super::super::data::Faction, norse: u8, bers: u8, english: [u8; 2]| {
            let mut s = bare(2, active, Phase::Battles);
            put(&mut s, "elmet", NO, norse);
            put(&mut s, "elmet", BE, bers);
            put(&mut s, "elmet", HC, english[0]);
            put(&mut s, "elmet", TH, english[1]);
            s
        };
    let mut s = english_attack(HC, 2, 3, [2, 0]);
    dice(&mut s, &[3, 3, 5, 5, 1, 1]);
    start(&mut s, "elmet");
    act(&mut s, NO, &KEEP);
    act(&mut s, BE, &KEEP);
    assert_eq!(
        s.pending[0],
        Pending::Hits {
            faction: BE,
            hits: 2,
            berserker_first: true
        }
    );
    assert_eq!(refuse(&mut s, NO, &hit(B)).rule, "1.2");
    act(&mut s, BE, &hit(B));
    // A tie goes to the 3-dice faction, the Norsemen.
    let mut s = english_attack(HC, 2, 2, [2, 0]);
    dice(&mut s, &[3, 3, 5, 5, 1, 1]);
    start(&mut s, "elmet");
    act(&mut s, NO, &KEEP);
    act(&mut s, BE, &KEEP);
    assert!(matches!(s.pending[0], Pending::Hits { faction: NO, .. }));
    // The receiving side is the active faction's: the active faction decides, even
    // with fewer units there.
    let mut s = english_attack(TH, 1, 0, [3, 1]);
    dice(&mut s, &[1]);
    start(&mut s, "elmet");
    assert!(matches!(
        s.pending[0],
        Pending::Hits {
            faction: TH,
            hits: 1,
            ..
        }
    ));
    act(&mut s, TH, &hit(H));
    // The Vikings attack: the English with more units decide (the Fyrd do not count).
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "lincylene", NO, 2);
    put(&mut s, "lincylene", HC, 2);
    put(&mut s, "lincylene", TH, 1);
    *s.fyrd_deck = vec![16]; // 5 Fyrd
    dice(&mut s, &[4, 4, 3, 4, 5, 1, 1]);
    start(&mut s, "lincylene");
    assert_eq!(s.pending, [Pending::Fyrd { faction: HC }]);
    act(&mut s, HC, &fyrd(true));
    act(&mut s, HC, &KEEP);
    act(&mut s, TH, &KEEP);
    assert_eq!(
        s.pending[0],
        Pending::Hits {
            faction: HC,
            hits: 2,
            berserker_first: false
        }
    );
    // Any unit of the side may be chosen, the Fyrd included.
    let offered = legal(&s, HC);
    for kind in [H, T, F] {
        assert!(offered.contains(&hit(kind)), "{kind}");
    }
    assert_eq!(refuse(&mut s, HC, &hit(N)).rule, "4.2");
    act(&mut s, HC, &hit(F));
    act(&mut s, HC, &hit(T));
    assert_eq!(s.faction(TH).stock, 40, "a Hit goes back to the stockpile");
    assert_eq!(s.faction(TH).fled, 0);
}

#[test]
fn v878_4_4_command_to_an_adjacent_shire_of_its_side() {
    // Around LINCYLENE: Snotingahām holds both sides (a battle to come), Norþhāmtūn-scīr
    // a Berserker, Lygeraceastre a Thegn, Elmet nobody, the Fens (marsh) a Norseman.
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "lincylene", NO, 2);
    put(&mut s, "lincylene", TH, 2);
    put(&mut s, "snotingaham", NO, 1);
    put(&mut s, "snotingaham", TH, 1);
    put(&mut s, "northamtun", BE, 1);
    put(&mut s, "lygeraceastre", TH, 1);
    put(&mut s, "fens", NO, 1);
    dice(&mut s, &[3, 4, 3, 3]);
    start(&mut s, "lincylene");
    act(&mut s, TH, &fyrd(false));
    assert_eq!(
        s.pending,
        [
            Pending::Flee {
                faction: TH,
                left: 1
            },
            Pending::Command {
                faction: TH,
                left: 1
            }
        ]
    );
    act(&mut s, TH, &FLEE);
    let mut offered = legal(&s, TH);
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut ok = vec![KEEP, command("lygeraceastre"), command("snotingaham")];
    ok.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, ok);
    act(&mut s, TH, &KEEP);
    assert_eq!(
        s.pending,
        [Pending::Command {
            faction: NO,
            left: 2
        }]
    );
    assert_eq!(refuse(&mut s, NO, &command("elmet")).rule, "4.4");
    assert_eq!(refuse(&mut s, NO, &command("lygeraceastre")).rule, "4.4");
    assert_eq!(refuse(&mut s, NO, &command("fens")).rule, "4.4");
    // Into a shire with a battle to come.
    act(&mut s, NO, &command("snotingaham"));
    act(&mut s, NO, &command("northamtun"));
    assert!(s.battle.is_none());
    assert_eq!(at(&s, "snotingaham", N), 2);
    assert_eq!((at(&s, "northamtun", N), at(&s, "northamtun", B)), (1, 1));
    assert_eq!((at(&s, "lincylene", N), at(&s, "lincylene", T)), (0, 1));
    assert_eq!(legal(&s, NO), [fight("snotingaham")]);
}

// ---------------------------------------------------------------- 4.5

#[test]
fn v878_4_5_berserker_takes_the_first_english_hit() {
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "elmet", NO, 2);
    put(&mut s, "elmet", BE, 1);
    put(&mut s, "elmet", TH, 2);
    dice(&mut s, &[1, 1]);
    start(&mut s, "elmet");
    assert_eq!(
        s.pending,
        [Pending::Hits {
            faction: NO,
            hits: 2,
            berserker_first: true
        }]
    );
    assert_eq!(legal(&s, NO), [hit(B)]);
    assert_eq!(refuse(&mut s, NO, &hit(N)).rule, "4.5");
    act(&mut s, NO, &hit(B));
    act(&mut s, NO, &hit(N));
    assert_eq!((at(&s, "elmet", N), at(&s, "elmet", B)), (1, 0));
}

#[test]
fn v878_4_5_first_english_roll_without_hits_uses_up_the_rule() {
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "elmet", NO, 2);
    put(&mut s, "elmet", BE, 1);
    put(&mut s, "elmet", TH, 2);
    dice(&mut s, &[3, 3, 3, 3, 5, 1, 3]);
    start(&mut s, "elmet");
    act(&mut s, TH, &KEEP);
    act(&mut s, NO, &KEEP);
    act(&mut s, BE, &KEEP);
    assert_eq!(
        s.pending[0],
        Pending::Hits {
            faction: NO,
            hits: 1,
            berserker_first: false
        }
    );
    act(&mut s, NO, &hit(N));
    assert_eq!((at(&s, "elmet", N), at(&s, "elmet", B)), (1, 1));
}

#[test]
fn v878_4_5_english_attackers_first_roll_is_the_second_of_the_battle() {
    let mut s = bare(2, HC, Phase::Battles);
    put(&mut s, "elmet", NO, 1);
    put(&mut s, "elmet", BE, 1);
    put(&mut s, "elmet", HC, 2);
    dice(&mut s, &[3, 5, 1, 1]);
    start(&mut s, "elmet");
    act(&mut s, NO, &KEEP);
    act(&mut s, BE, &KEEP);
    assert_eq!(
        s.pending,
        [Pending::Hits {
            faction: NO,
            hits: 2,
            berserker_first: true
        }]
    );
    assert_eq!(refuse(&mut s, NO, &hit(N)).rule, "4.5");
    act(&mut s, NO, &hit(B));
    act(&mut s, NO, &hit(N));
    assert!(s.battle.is_none());
}

#[test]
fn v878_4_5_no_berserker_no_rule() {
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "elmet", NO, 2);
    put(&mut s, "elmet", TH, 1);
    dice(&mut s, &[1]);
    start(&mut s, "elmet");
    assert_eq!(
        s.pending,
        [Pending::Hits {
            faction: NO,
            hits: 1,
            berserker_first: false
        }]
    );
}

// ---------------------------------------------------------------- 4.6

#[test]
fn v878_4_6_marker_follows_occupation() {
    let mut s = moving(2, NO, 2);
    put(&mut s, "north_riding", NO, 1);
    put(&mut s, "elmet", NO, 1);
    put(&mut s, "lincylene", TH, 1);
    // Into an empty City Shire: a marker leaves the track.
    let ev = act(
        &mut s,
        NO,
        &march(&["north_riding", "euruic"], [0, 0, 1, 0]),
    );
    assert!(has(
        &ev,
        "4.6",
        &V878Event::MarkerTaken {
            shire: sh("euruic")
        }
    ));
    assert!(s.marked[sh("euruic").0 as usize]);
    // Into a City Shire with English units: no marker while they are there.
    act(&mut s, NO, &march(&["elmet", "lincylene"], [0, 0, 1, 0]));
    assert!(!s.marked[sh("lincylene").0 as usize]);
    assert_eq!(s.markers_on_map(), 1);
    act(&mut s, NO, &END);
    dice(&mut s, &[4]); // the Thegn flee
    start(&mut s, "lincylene");
    act(&mut s, TH, &fyrd(false));
    act(&mut s, TH, &FLEE);
    assert!(s.marked[sh("lincylene").0 as usize]);
    assert_eq!(s.markers_on_map(), 2);
    // A shire without a city takes no marker.
    assert!(!s.marked[sh("north_riding").0 as usize]);
}

#[test]
fn v878_4_6_marker_returns_when_the_city_is_empty_of_vikings() {
    // Marched out.
    let mut s = moving(2, BE, 2);
    put(&mut s, "euruic", BE, 1);
    settle_markers(&mut s);
    assert_eq!(s.markers_on_map(), 1);
    let ev = act(
        &mut s,
        BE,
        &march(&["euruic", "north_riding"], [0, 0, 0, 1]),
    );
    assert!(has(
        &ev,
        "4.6",
        &V878Event::MarkerReturned {
            shire: sh("euruic")
        }
    ));
    assert_eq!(s.markers_on_map(), 0);
    // Beaten: the English march in and win.
    let mut s = moving(3, TH, 2);
    put(&mut s, "euruic", NO, 1);
    put(&mut s, "north_riding", TH, 1);
    settle_markers(&mut s);
    act(
        &mut s,
        TH,
        &march(&["north_riding", "euruic"], [0, 1, 0, 0]),
    );
    assert!(s.marked[sh("euruic").0 as usize]);
    act(&mut s, TH, &END);
    dice(&mut s, &[3, 1]); // Norsemen Command; Thegn Hit
    start(&mut s, "euruic");
    // The English attack: no Fyrd (4.7). The Vikings roll first.
    act(&mut s, NO, &KEEP);
    act(&mut s, NO, &hit(N));
    assert!(s.battle.is_none());
    assert!(!s.marked[sh("euruic").0 as usize]);
    assert_eq!(s.markers_on_map(), 0);
}

// ---------------------------------------------------------------- 4.7

#[test]
fn v878_4_7_fyrd_called_for_a_city() {
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "lincylene", NO, 2);
    put(&mut s, "lincylene", TH, 1);
    *s.fyrd_deck = vec![3, 9, 12]; // the top card, 12, calls 4 Fyrd
    start(&mut s, "lincylene");
    assert_eq!(s.pending, [Pending::Fyrd { faction: TH }]);
    assert_eq!(legal(&s, TH), [fyrd(true), fyrd(false)]);
    assert_eq!(refuse(&mut s, NO, &fyrd(true)).rule, "1.2");
    dice(&mut s, &[3, 4, 4]); // Thegn Command; Fyrd blank, blank
    let ev = act(&mut s, TH, &fyrd(true));
    assert_eq!(
        (ev[0].rule, &ev[0].kind),
        ("4.7", &V878Event::FyrdJoin { card: 12, n: 4 })
    );
    assert_eq!((at(&s, "lincylene", F), s.fyrd_stock), (4, 6));
    assert_eq!(
        (s.fyrd_deck.to_vec(), s.fyrd_discard.clone()),
        (vec![3, 9], vec![12])
    );
    // The Fyrd may be declined.
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "lincylene", NO, 2);
    put(&mut s, "lincylene", TH, 1);
    start(&mut s, "lincylene");
    dice(&mut s, &[4]);
    act(&mut s, TH, &fyrd(false));
    assert_eq!((at(&s, "lincylene", F), s.fyrd_stock), (0, 10));
    assert_eq!(s.fyrd_discard, Vec::<u8>::new());
}

#[test]
fn v878_4_7_no_fyrd_outside_a_city_or_when_the_english_attack() {
    // A shire without a city.
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "elmet", NO, 1);
    put(&mut s, "elmet", TH, 1);
    dice(&mut s, &[4]);
    start(&mut s, "elmet");
    assert_eq!(
        s.pending,
        [Pending::Flee {
            faction: TH,
            left: 1
        }]
    );
    // The English attack a City Shire.
    let mut s = bare(2, TH, Phase::Battles);
    put(&mut s, "lincylene", NO, 1);
    put(&mut s, "lincylene", TH, 2);
    dice(&mut s, &[5]);
    start(&mut s, "lincylene");
    assert_eq!(
        s.pending,
        [Pending::Flee {
            faction: NO,
            left: 1
        }]
    );
    assert_eq!(s.fyrd_stock, 10);
}

#[test]
fn v878_4_7_fyrd_come_for_units_on_alfreds_card_and_are_limited_to_the_stockpile() {
    let mut s = bare(6, NO, Phase::Battles);
    leader(&mut s, 0, on_map("lincylene"), [1, 0, 0, 0]);
    put(&mut s, "lincylene", NO, 2);
    s.fyrd_stock = 3;
    *s.fyrd_deck = vec![15]; // 5 Fyrd on the card, 3 in the stockpile
    dice(&mut s, &[4, 4, 4]); // Housecarl Command; Fyrd blank, blank
    start(&mut s, "lincylene");
    assert_eq!(s.pending, [Pending::Fyrd { faction: HC }]);
    act(&mut s, HC, &fyrd(true));
    assert_eq!((at(&s, "lincylene", F), s.fyrd_stock), (3, 0));
}

#[test]
fn v878_4_7_fyrd_flee_home_and_leave_after_the_battle() {
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "lincylene", NO, 2);
    put(&mut s, "lincylene", TH, 1);
    *s.fyrd_deck = vec![8]; // 3 Fyrd
    dice(
        &mut s,
        &[
            4, 2, 4, // English: Thegn Flee; Fyrd Flee, blank
            1, 1, // Vikings: Norsemen Hit x2 on the 2 Fyrd left
        ],
    );
    start(&mut s, "lincylene");
    act(&mut s, TH, &fyrd(true));
    assert_eq!((at(&s, "lincylene", F), s.fyrd_stock), (2, 8));
    act(&mut s, TH, &FLEE);
    act(&mut s, TH, &hit(F));
    act(&mut s, TH, &hit(F));
    assert!(s.battle.is_none());
    assert_eq!((at(&s, "lincylene", F), s.fyrd_stock), (0, 10));
    // Fyrd never go to the Fled Units space.
    assert_eq!(s.faction(TH).fled, 1);
    assert_eq!(s.faction(HC).fled, 0);
    assert!(s.marked[sh("lincylene").0 as usize]);
}

#[test]
fn v878_g11_fyrd_discards_are_reshuffled_when_the_deck_is_empty() {
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "lincylene", NO, 2);
    put(&mut s, "lincylene", TH, 1);
    *s.fyrd_deck = vec![];
    s.fyrd_discard = vec![5, 9];
    start(&mut s, "lincylene");
    // The discards 05 09 are shuffled into 09 05: card 05 (2 Fyrd) is drawn.
    shuffle_order(&mut s, &[1, 0]);
    dice(&mut s, &[3, 4, 4]);
    let ev = act(&mut s, TH, &fyrd(true));
    assert_eq!(
        (ev[0].rule, &ev[0].kind),
        ("4.7", &V878Event::FyrdJoin { card: 5, n: 2 })
    );
    assert_eq!(
        (s.fyrd_deck.to_vec(), s.fyrd_discard.clone()),
        (vec![9], vec![5])
    );
    assert_eq!(at(&s, "lincylene", F), 2);
}
