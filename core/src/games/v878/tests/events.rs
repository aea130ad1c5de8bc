//! Rule tests for the Event cards (8.0, brief items 81-104; rulings G16-G19, G24,
//! G28-G31) and the placeholder events of fill G9: the windows at the start of a
//! battle and of a Viking Turn's moves, the battle Events, the Movement and
//! Reinforcements Events.
//!
//! Dice faces (data, fill G7), face 1-6: Housecarl H H H C C F; Thegn H H C F F F;
//! Norsemen H H C C F F; Berserker H H H H C F; Fyrd H F F - - -. The standard game
//! uses the known-text decks (Housecarl 09 Rebellion, 10 Saxon Navy, 11 Danegeld, 13
//! Archers; Thegn 08 Religious Conversion, 12/18 Spy, 13/19 Ambush; Norsemen 08
//! Feigned Retreat, 10/16 Shield Wall, 12 Viking Ships, 13 Viking Fort; Berserker 10/16
//! Surprise Attack, 12/18 Viking Fort); the placeholder tests switch to the printed
//! decks 01-12 (Housecarl 08 P-Forced March, 12 P-Burh; Thegn 10 P-Levy, 11 P-Saxon
//! Shield Wall; Berserker 11 P-Battle Frenzy).

use super::super::actions::{At, V878Action};
use super::super::data::Side;
use super::super::happenings::Guard;
use super::super::state::{LeaderPlace, Pending, Phase, Purpose, V878State};
use super::support::*;

fn ev(card: u8) -> V878Action {
    V878Action::PlayEvent { card }
}

fn ev_at(card: u8, shire: &str) -> V878Action {
    V878Action::PlayEventAt {
        card,
        at: At::Shire(sh(shire)),
    }
}

fn window(faction: super::super::data::Faction) -> Pending {
    Pending::Window { faction }
}

fn hits(faction: super::super::data::Faction, hits: u8, berserker_first: bool) -> Pending {
    Pending::Hits {
        faction,
        hits,
        berserker_first,
    }
}

fn ignored(events: &[Happening], by: Guard) -> bool {
    has(events, "8.0", &V878Event::HitIgnored { by })
}

/// A bare Battle Phase of `f` in Round II with every hand empty.
fn battles(f: super::super::data::Faction) -> V878State {
    let mut s = bare(2, f, Phase::Battles);
    for g in [HC, TH, NO, BE] {
        hand(&mut s, g, &[]);
    }
    s
}

/// The printed decks 01-12 instead of the known-text decks (G9).
fn printed(s: &mut V878State) {
    s.options.printed_decks = true;
}

// ---------------------------------------------------------------- 8.0

#[test]
fn v878_8_0_every_faction_that_could_hold_an_event_is_asked() {
    // A Viking battle: the Norsemen (Feigned Retreat), the Housecarl (Danegeld) and
    // the Thegn (Spy, Ambush) are asked, active faction first, though no one holds a
    // card; the Berserker have no Event for a Norsemen battle.
    let mut s = battles(NO);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", HC, 1);
    act(&mut s, NO, &fight("grantebrycg"));
    assert_eq!(s.pending, [window(NO), window(HC), window(TH)]);
    assert_eq!(legal(&s, NO), [V878Action::Pass]);
    // An English battle: Housecarl (Archers), Norsemen (Feigned Retreat, Shield Wall,
    // Viking Fort), Berserker (Viking Fort); the Thegn have none.
    let mut s = battles(HC);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", HC, 1);
    act(&mut s, HC, &fight("grantebrycg"));
    assert_eq!(s.pending, [window(HC), window(NO), window(BE)]);
    // Both Berserker Viking Forts face up in the discards: no longer asked.
    let mut s = battles(HC);
    s.faction_mut(BE).discard = vec![12, 18];
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", HC, 1);
    act(&mut s, HC, &fight("grantebrycg"));
    assert_eq!(s.pending, [window(HC), window(NO)]);
}

#[test]
fn v878_8_0_edge_colours_limit_whose_turn() {
    // Shield Wall (Norsemen 10) is an English Battle card: not in a Viking battle.
    let mut s = battles(NO);
    hand(&mut s, NO, &[10, 8]);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", HC, 1);
    act(&mut s, NO, &fight("grantebrycg"));
    assert_eq!(refuse(&mut s, NO, &ev(10)).rule, "8.0");
    // Feigned Retreat (Any Battle) is playable.
    assert_eq!(legal(&s, NO), [ev(8), V878Action::Pass]);
}

#[test]
fn v878_8_0_each_event_type_once_per_battle() {
    // An English battle: the Norsemen play Viking Fort; the Berserker may not play a
    // second Viking Fort in the same battle (item 82).
    let mut s = battles(HC);
    hand(&mut s, NO, &[13]);
    hand(&mut s, BE, &[12]);
    put(&mut s, "grantebrycg", HC, 2);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", BE, 1);
    act(&mut s, HC, &fight("grantebrycg"));
    act(&mut s, HC, &V878Action::Pass);
    act(&mut s, NO, &ev(13));
    act(&mut s, NO, &V878Action::Pass);
    assert_eq!(s.pending, [window(BE)]);
    assert_eq!(refuse(&mut s, BE, &ev(12)).rule, "8.0");
    assert_eq!(legal(&s, BE), [V878Action::Pass]);
    // Vikings defend: Norsemen Command, Command; Berserker Command; then the English
    // Hit, Hit: only one is ignored.
    dice(&mut s, &[3, 3, 5, 1, 1]);
    act(&mut s, BE, &V878Action::Pass);
    act(&mut s, NO, &KEEP);
    act(&mut s, BE, &KEEP);
    assert_eq!(s.pending, [hits(NO, 1, true)]);
    assert_eq!(s.faction(BE).hand, [12]);
}

// ---------------------------------------------------------------- CC items

#[test]
fn v878_cc_94_viking_fort_ignores_one_hit_per_english_roll() {
    let mut s = battles(HC);
    hand(&mut s, NO, &[13]);
    put(&mut s, "grantebrycg", HC, 2);
    put(&mut s, "grantebrycg", NO, 2);
    act(&mut s, HC, &fight("grantebrycg"));
    act(&mut s, HC, &V878Action::Pass);
    act(&mut s, NO, &ev(13));
    assert_eq!(s.faction(NO).discard, [13]);
    act(&mut s, NO, &V878Action::Pass);
    // Norsemen Command, Command; English Hit, Hit (1 ignored).
    dice(&mut s, &[3, 3, 1, 1]);
    act(&mut s, BE, &V878Action::Pass);
    act(&mut s, NO, &KEEP);
    assert_eq!(s.pending, [hits(NO, 1, false)]);
    // Norsemen Command; English Hit, Hit: again one is ignored.
    dice(&mut s, &[3, 1, 1]);
    act(&mut s, NO, &hit(N));
    let ev2 = act(&mut s, NO, &KEEP);
    assert!(ignored(&ev2, Guard::VikingFort));
    assert_eq!(s.pending, [hits(NO, 1, false)]);
    act(&mut s, NO, &hit(N));
    assert!(s.battle.is_none());
    assert_eq!(at(&s, "grantebrycg", H), 2);
}

#[test]
fn v878_cc_95_feigned_retreat_only_flees_count() {
    // A Viking battle; the English roll once before it and only Flees count; the
    // battle then starts with the defenders' (English) roll, and the Feigned Retreat
    // roll did not use up the Berserker rule (G17).
    let mut s = battles(NO);
    hand(&mut s, NO, &[8]);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", BE, 1);
    put(&mut s, "grantebrycg", HC, 2);
    put(&mut s, "grantebrycg", TH, 3);
    act(&mut s, NO, &fight("grantebrycg"));
    act(&mut s, NO, &ev(8));
    act(&mut s, NO, &V878Action::Pass);
    act(&mut s, HC, &V878Action::Pass);
    dice(&mut s, &[1, 6, 1, 3, 4]);
    let e = act(&mut s, TH, &V878Action::Pass);
    assert_eq!(rolls(&e), [roll(HC, "HF"), roll(TH, "HCF")]);
    assert_eq!(
        s.pending,
        [
            Pending::Flee {
                faction: HC,
                left: 1
            },
            Pending::Flee {
                faction: TH,
                left: 1
            }
        ]
    );
    act(&mut s, HC, &FLEE);
    // The normal battle: the English (defenders) roll first: Housecarl Hit; Thegn
    // Flee, Flee.
    dice(&mut s, &[1, 4, 5]);
    let e = act(&mut s, TH, &FLEE);
    assert_eq!((s.faction(HC).fled, s.faction(TH).fled), (1, 1));
    assert_eq!(rolls(&e), [roll(HC, "H"), roll(TH, "FF")]);
    assert_eq!(
        s.pending,
        [
            hits(NO, 1, true),
            Pending::Flee {
                faction: TH,
                left: 2
            }
        ]
    );
}

#[test]
fn v878_cc_97_shield_wall_first_english_hit_ignored_berserker_still_first() {
    let mut s = battles(HC);
    hand(&mut s, NO, &[10]);
    put(&mut s, "grantebrycg", HC, 2);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", BE, 1);
    put(&mut s, "oxnaford", HC, 2);
    put(&mut s, "oxnaford", NO, 1);
    act(&mut s, HC, &fight("grantebrycg"));
    act(&mut s, HC, &V878Action::Pass);
    act(&mut s, NO, &ev(10));
    act(&mut s, NO, &V878Action::Pass);
    // Vikings: Command, Command, Command; English Hit, Hit: the first Hit is ignored,
    // the other must still take the Berserker.
    dice(&mut s, &[3, 3, 5, 1, 1]);
    act(&mut s, BE, &V878Action::Pass);
    act(&mut s, NO, &KEEP);
    let e = act(&mut s, BE, &KEEP);
    assert!(ignored(&e, Guard::ShieldWall));
    assert_eq!(s.pending, [hits(NO, 1, true)]);
    assert_eq!(legal(&s, NO), [hit(B)]);
    // Norsemen Command, Command; English Hit, Hit: both count (1 Hit per battle).
    dice(&mut s, &[3, 3, 1, 1]);
    act(&mut s, NO, &hit(B));
    act(&mut s, NO, &KEEP);
    assert_eq!(s.pending, [hits(NO, 2, false)]);
    act(&mut s, NO, &hit(N));
    act(&mut s, NO, &hit(N));
    assert!(s.battle.is_none());
    // The next battle of the Turn with a Norsemen: again the first Hit is ignored.
    act(&mut s, HC, &fight("oxnaford"));
    dice(&mut s, &[3, 1, 1]);
    pass_windows(&mut s);
    let e = act(&mut s, NO, &KEEP);
    assert!(ignored(&e, Guard::ShieldWall));
    assert_eq!(s.pending, [hits(NO, 1, false)]);
}

#[test]
fn v878_cc_103_danegeld_one_berserker_or_two_norsemen() {
    let mut s = battles(NO);
    hand(&mut s, HC, &[11]);
    put(&mut s, "grantebrycg", NO, 1);
    put(&mut s, "grantebrycg", BE, 1);
    put(&mut s, "grantebrycg", HC, 1);
    put(&mut s, "hwicce", NO, 2);
    put(&mut s, "hwicce", HC, 1);
    let stock = s.faction(NO).stock;
    act(&mut s, NO, &fight("grantebrycg"));
    act(&mut s, NO, &V878Action::Pass);
    act(&mut s, HC, &ev(11));
    act(&mut s, HC, &V878Action::Pass);
    act(&mut s, TH, &V878Action::Pass);
    assert_eq!(s.pending, [Pending::Danegeld { faction: NO }]);
    assert_eq!(
        legal(&s, NO),
        [
            V878Action::PayDanegeld { berserker: true },
            V878Action::PayDanegeld { berserker: false }
        ]
    );
    // With 1 Berserker and 1 Norsemen they may give up just that Norsemen.
    dice(&mut s, &[1]); // the Housecarl: Hit
    act(&mut s, NO, &V878Action::PayDanegeld { berserker: false });
    assert_eq!(at(&s, "grantebrycg", N), 0);
    assert_eq!(s.faction(NO).stock, stock + 1);
    assert_eq!(s.pending, [hits(NO, 1, true)]);
    act(&mut s, NO, &hit(B));
    assert!(s.battle.is_none());
    // Every later battle of the Turn: no card, Danegeld again; with only Norsemen, 2
    // of them go, and with no Viking left there is no battle (G29).
    act(&mut s, NO, &fight("hwicce"));
    pass_windows(&mut s);
    assert_eq!(s.pending, [Pending::Danegeld { faction: NO }]);
    assert_eq!(
        legal(&s, NO),
        [V878Action::PayDanegeld { berserker: false }]
    );
    assert_eq!(
        refuse(&mut s, NO, &V878Action::PayDanegeld { berserker: true }).rule,
        "G29"
    );
    act(&mut s, NO, &V878Action::PayDanegeld { berserker: false });
    assert_eq!(at(&s, "hwicce", N), 0);
    assert_eq!(at(&s, "hwicce", H), 1);
    assert_eq!(s.faction(NO).stock, stock + 3);
    assert!(s.battle.is_none());
    assert!(s.pending.is_empty());
}

/// A Norsemen battle in LINCYLENE (a City Shire, so the Fyrd may come): `norsemen`
/// against 1 Housecarl holding Danegeld (11), the Fyrd deck 03 09 12 (12 on top: 4
/// Fyrd). The Housecarl play Danegeld in the window; everyone else passes.
fn danegeld_at_lincoln(norsemen: u8) -> (V878State, Vec<Happening>) {
    let mut s = battles(NO);
    hand(&mut s, HC, &[11]);
    put(&mut s, "lincylene", NO, norsemen);
    put(&mut s, "lincylene", HC, 1);
    *s.fyrd_deck = vec![3, 9, 12];
    let mut events = act(&mut s, NO, &fight("lincylene"));
    assert_eq!(s.pending, [window(NO), window(HC), window(TH)]);
    events.extend(act(&mut s, NO, &V878Action::Pass));
    events.extend(act(&mut s, HC, &ev(11)));
    events.extend(act(&mut s, HC, &V878Action::Pass));
    events.extend(act(&mut s, TH, &V878Action::Pass));
    (s, events)
}

#[test]
fn v878_g16_danegeld_is_paid_before_the_fyrd_card_is_drawn() {
    let (mut s, _) = danegeld_at_lincoln(3);
    let stock = s.faction(NO).stock;
    // G16 step 2 before step 3: the Vikings pay first; no Fyrd card is drawn yet.
    assert_eq!(s.pending, [Pending::Danegeld { faction: NO }]);
    assert_eq!(s.fyrd_deck, [3, 9, 12]);
    assert_eq!((s.fyrd_discard.len(), s.fyrd_stock), (0, 10));
    assert_eq!(
        refuse(&mut s, HC, &V878Action::CallFyrd { call: true }).rule,
        "1.2"
    );
    act(&mut s, NO, &V878Action::PayDanegeld { berserker: false });
    assert_eq!(
        (at(&s, "lincylene", N), s.faction(NO).stock),
        (1, stock + 2)
    );
    // One Norsemen is left: the battle goes on, and now the English decide on the Fyrd.
    assert_eq!(s.pending, [Pending::Fyrd { faction: HC }]);
    assert_eq!(s.fyrd_deck, [3, 9, 12]);
    dice(&mut s, &[4, 4, 4]); // Housecarl Command; Fyrd blank, blank
    act(&mut s, HC, &V878Action::CallFyrd { call: true });
    assert_eq!(
        (s.fyrd_deck.to_vec(), s.fyrd_discard.clone()),
        (vec![3, 9], vec![12])
    );
    assert_eq!((at(&s, "lincylene", F), s.fyrd_stock), (4, 6));
    assert_eq!(
        s.pending,
        [Pending::Command {
            faction: HC,
            left: 1
        }]
    );
}

#[test]
fn v878_g16_g29_danegeld_that_leaves_no_viking_means_no_battle_and_no_fyrd_card() {
    let (mut s, _) = danegeld_at_lincoln(2);
    let stock = s.faction(NO).stock;
    let used = s.chance.used();
    assert_eq!(s.pending, [Pending::Danegeld { faction: NO }]);
    let ev = act(&mut s, NO, &V878Action::PayDanegeld { berserker: false });
    // Both Norsemen went home: no battle, no Fyrd call, no Fyrd card, no die.
    assert_eq!(
        (at(&s, "lincylene", N), s.faction(NO).stock),
        (0, stock + 2)
    );
    assert_eq!(at(&s, "lincylene", H), 1);
    assert!(s.battle.is_none());
    assert!(s.pending.is_empty());
    assert_eq!(s.fyrd_deck, [3, 9, 12]);
    assert_eq!((s.fyrd_discard.len(), s.fyrd_stock), (0, 10));
    assert_eq!(at(&s, "lincylene", F), 0);
    assert_eq!(s.chance.used(), used);
    assert_eq!(
        ev.iter()
            .map(|e| (e.rule, e.kind.clone()))
            .collect::<Vec<_>>(),
        [
            ("CC-103", V878Event::Danegeld { kind: NO, n: 2 }),
            (
                "G29",
                V878Event::NoBattle {
                    shire: sh("lincylene")
                }
            )
        ]
    );
    assert!(!s.marked[sh("lincylene").0 as usize]);
    // The Battle Phase goes on: nothing is left to fight, so it may end.
    assert!(is_legal(&s, NO, &END));
}

#[test]
fn v878_cc_93_surprise_attack_extra_roll_all_results() {
    let mut s = battles(BE);
    hand(&mut s, BE, &[10]);
    put(&mut s, "grantebrycg", BE, 1);
    put(&mut s, "grantebrycg", NO, 3);
    put(&mut s, "grantebrycg", TH, 2);
    put(&mut s, "grantebrycg", HC, 1);
    act(&mut s, BE, &fight("grantebrycg"));
    assert_eq!(s.pending, [window(BE), window(HC), window(TH), window(NO)]);
    act(&mut s, BE, &ev(10));
    act(&mut s, BE, &V878Action::Pass);
    act(&mut s, HC, &V878Action::Pass);
    act(&mut s, TH, &V878Action::Pass);
    // Both Viking factions roll: Norsemen Hit, Command, Flee; Berserker Hit.
    dice(&mut s, &[1, 3, 5, 1]);
    let e = act(&mut s, NO, &V878Action::Pass);
    assert_eq!(rolls(&e), [roll(NO, "HCF"), roll(BE, "H")]);
    assert_eq!(
        s.pending,
        [
            hits(TH, 2, false),
            Pending::Flee {
                faction: NO,
                left: 1
            },
            Pending::Command {
                faction: NO,
                left: 1
            }
        ]
    );
    act(&mut s, TH, &hit(T));
    act(&mut s, TH, &hit(T));
    act(&mut s, NO, &FLEE);
    assert_eq!(s.faction(NO).fled, 1);
    // Then the normal battle: the English defenders roll first, and it is the first
    // English roll (Berserker rule).
    dice(&mut s, &[1]);
    let e = act(&mut s, NO, &KEEP);
    assert_eq!(rolls(&e), [roll(HC, "H")]);
    assert_eq!(s.pending, [hits(BE, 1, true)]);
}

/// A Viking battle where the Thegn play Ambush: 2 Norsemen and 2 Berserker against 1
/// Housecarl and 2 Thegn; Ambush roll Housecarl Hit, Thegn Hit, Flee.
fn ambush() -> V878State {
    let mut s = battles(NO);
    hand(&mut s, TH, &[13]);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", BE, 2);
    put(&mut s, "grantebrycg", HC, 1);
    put(&mut s, "grantebrycg", TH, 2);
    act(&mut s, NO, &fight("grantebrycg"));
    act(&mut s, NO, &V878Action::Pass);
    act(&mut s, HC, &V878Action::Pass);
    act(&mut s, TH, &ev(13));
    dice(&mut s, &[1, 1, 4]);
    let e = act(&mut s, TH, &V878Action::Pass);
    assert_eq!(rolls(&e), [roll(HC, "H"), roll(TH, "HF")]);
    s
}

#[test]
fn v878_cc_100_ambush() {
    let mut s = ambush();
    // All results apply: 2 Hits, and a Thegn flees.
    assert_eq!(
        s.pending,
        [
            hits(NO, 2, true),
            Pending::Flee {
                faction: TH,
                left: 1
            }
        ]
    );
    act(&mut s, NO, &hit(B));
    act(&mut s, NO, &hit(N));
    // Then the normal battle, the English rolling again as defenders.
    dice(&mut s, &[4, 3]);
    let e = act(&mut s, TH, &FLEE);
    assert_eq!(s.faction(TH).fled, 1);
    assert_eq!(rolls(&e), [roll(HC, "C"), roll(TH, "C")]);
}

#[test]
fn v878_g17_ambush_uses_up_the_berserker_rule() {
    let mut s = ambush();
    assert_eq!(legal(&s, NO), [hit(B)]);
    act(&mut s, NO, &hit(B));
    act(&mut s, NO, &hit(N));
    // The normal English roll (Housecarl Hit, Thegn Hit) no longer forces a Berserker.
    dice(&mut s, &[1, 1]);
    act(&mut s, TH, &FLEE);
    assert_eq!(s.pending, [hits(NO, 2, false)]);
    assert!(is_legal(&s, NO, &hit(N)));
}

#[test]
fn v878_cc_104_archers_flees_ignored() {
    let mut s = battles(HC);
    hand(&mut s, HC, &[13]);
    put(&mut s, "grantebrycg", HC, 2);
    put(&mut s, "grantebrycg", TH, 1);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", BE, 1);
    act(&mut s, HC, &fight("grantebrycg"));
    act(&mut s, HC, &ev(13));
    act(&mut s, HC, &V878Action::Pass);
    act(&mut s, NO, &V878Action::Pass);
    // Housecarl Hit, Flee; Thegn Flee: the Flees are ignored; the Hit is the first
    // English Hit (Berserker rule, G17).
    dice(&mut s, &[1, 6, 4]);
    let e = act(&mut s, BE, &V878Action::Pass);
    assert_eq!(rolls(&e), [roll(HC, "HF"), roll(TH, "F")]);
    assert_eq!(s.pending, [hits(NO, 1, true)]);
    // The normal battle starts with the Viking defenders.
    dice(&mut s, &[3, 3]);
    let e = act(&mut s, NO, &hit(B));
    assert_eq!(rolls(&e), [roll(NO, "CC")]);
    assert_eq!((s.faction(HC).fled, s.faction(TH).fled), (0, 0));
    assert_eq!((at(&s, "grantebrycg", H), at(&s, "grantebrycg", T)), (2, 1));
}

#[test]
fn v878_cc_98_religious_conversion_then_battle() {
    let mut s = bare(2, TH, Phase::Reinforcements);
    hand(&mut s, TH, &[8]);
    put(&mut s, "grantebrycg", NO, 3);
    put(&mut s, "theodford", BE, 2);
    let (ns, ts) = (s.faction(NO).stock, s.faction(TH).stock);
    // G18: the shire must hold a Norsemen.
    assert_eq!(refuse(&mut s, TH, &ev_at(8, "theodford")).rule, "8.0");
    act(&mut s, TH, &ev_at(8, "grantebrycg"));
    assert_eq!(s.faction(TH).discard, [8]);
    assert_eq!((at(&s, "grantebrycg", N), at(&s, "grantebrycg", T)), (1, 2));
    assert_eq!((s.faction(NO).stock, s.faction(TH).stock), (ns + 2, ts - 2));
    // Vikings remain: a battle at once, the Thegn attacking.
    let b = s.battle.expect("a battle at once");
    assert_eq!((b.shire, b.attacker), (sh("grantebrycg"), Side::English));
    // The Vikings defend and roll first: Norsemen Command.
    dice(&mut s, &[3]);
    let e = pass_windows(&mut s);
    assert_eq!(rolls(&e), [roll(NO, "C")]);
}

#[test]
fn v878_cc_98_religious_conversion_places_two_thegn_for_one_norsemen() {
    let mut s = bare(2, TH, Phase::Reinforcements);
    hand(&mut s, TH, &[8]);
    put(&mut s, "grantebrycg", NO, 1);
    act(&mut s, TH, &ev_at(8, "grantebrycg"));
    assert_eq!((at(&s, "grantebrycg", N), at(&s, "grantebrycg", T)), (0, 2));
    assert!(s.battle.is_none());
}

#[test]
fn v878_cc_101_rebellion_fyrd_and_battle() {
    let mut s = bare(2, HC, Phase::Reinforcements);
    hand(&mut s, HC, &[9]);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", BE, 1);
    *s.fyrd_deck = vec![1, 4]; // the top card, 04, calls 2 Fyrd
    let fyrd = s.fyrd_stock;
    act(&mut s, HC, &ev_at(9, "grantebrycg"));
    // The Vikings choose which unit goes.
    let p = Pending::Rebellion {
        faction: NO,
        shire: sh("grantebrycg"),
    };
    assert_eq!(s.pending, [p]);
    assert_eq!(legal(&s, NO), [hit(N), hit(B)]);
    let e = act(&mut s, NO, &hit(N));
    assert!(has(&e, "CC-101", &V878Event::FyrdRise { card: 4, n: 2 }));
    assert_eq!([N, B, F].map(|k| at(&s, "grantebrycg", k)), [1, 1, 2]);
    // G19: the English attack, the Vikings defend and roll first (Command, Command);
    // then the Fyrd (Hit, Flee), the first English roll: Berserker rule.
    let b = s.battle.expect("a battle at once");
    assert_eq!(b.attacker, Side::English);
    dice(&mut s, &[3, 5, 1, 2]);
    pass_windows(&mut s);
    act(&mut s, NO, &KEEP);
    let e = act(&mut s, BE, &KEEP);
    assert_eq!(rolls(&e), [fyrd_roll("HF")]);
    assert_eq!(s.pending, [hits(NO, 1, true)]);
    // Norsemen Command; the last Fyrd: Hit. The Fyrd win and go home.
    dice(&mut s, &[3, 1]);
    act(&mut s, NO, &hit(B));
    act(&mut s, NO, &KEEP);
    act(&mut s, NO, &hit(N));
    assert!(s.battle.is_none());
    assert_eq!(at(&s, "grantebrycg", F), 0);
    assert_eq!(s.fyrd_stock, fyrd);
}

#[test]
fn v878_cc_102_saxon_navy_closes_coastal_shires() {
    let mut s = bare(2, NO, Phase::Reinforcements);
    hand(&mut s, HC, &[10]);
    hand(&mut s, NO, &[2]);
    put(&mut s, "theodford", NO, 2);
    put(&mut s, "sudfolc", NO, 1);
    act(&mut s, NO, &V878Action::PlayCard { card: 2 });
    assert_eq!(s.phase, Phase::Movement);
    assert_eq!(s.pending, [window(HC)]);
    act(&mut s, HC, &ev(10));
    act(&mut s, HC, &V878Action::Pass);
    assert_eq!(
        s.pending,
        [Pending::Blocks {
            faction: HC,
            left: 6
        }]
    );
    let block = |x: &str| V878Action::Block { shire: sh(x) };
    assert_eq!(refuse(&mut s, HC, &block("grantebrycg")).rule, "CC-102");
    for x in [
        "sudfolc",
        "aelmham",
        "eastseaxe",
        "lundenwic",
        "cantuarabyrg",
        "fens",
    ] {
        act(&mut s, HC, &block(x));
    }
    assert!(s.pending.is_empty());
    assert_eq!(s.effects.blocked.count_ones(), 6);
    // Viking armies may not enter (nor pass through) them, but may leave them.
    let two = [0, 0, 2, 0];
    assert_eq!(
        refuse(&mut s, NO, &march(&["theodford", "aelmham"], two)).rule,
        "3.2"
    );
    assert_eq!(
        refuse(
            &mut s,
            NO,
            &march(&["theodford", "sudfolc", "eastseaxe"], two)
        )
        .rule,
        "3.2"
    );
    act(
        &mut s,
        NO,
        &march(&["sudfolc", "grantebrycg"], [0, 0, 1, 0]),
    );
    act(&mut s, NO, &march(&["theodford", "grantebrycg"], two));
    assert_eq!(at(&s, "grantebrycg", N), 3);
}

#[test]
fn v878_cc_96_viking_ships_sea_move() {
    let mut s = moving(2, NO, 2); // 2 armies x 4 shires
    assert_eq!(s.phase, Phase::Movement);
    hand(&mut s, NO, &[12]);
    put(&mut s, "euruic", NO, 2);
    put(&mut s, "dunholm", NO, 1);
    act(&mut s, NO, &ev(12));
    assert!(s.effects.viking_ships);
    // Only along the coast of one sea: York (North Sea) to Winchester (Channel) no.
    assert_eq!(
        refuse(
            &mut s,
            NO,
            &march(&["euruic", "uintancaestir"], [0, 0, 2, 0])
        )
        .rule,
        "3.1"
    );
    // York to Canterbury by sea is one move; the army goes on by land.
    act(
        &mut s,
        NO,
        &march(&["euruic", "cantuarabyrg", "seolesiae"], [0, 0, 2, 0]),
    );
    assert_eq!(at(&s, "seolesiae", N), 2);
    assert!(!s.effects.viking_ships);
    // One army only.
    assert_eq!(
        refuse(&mut s, NO, &march(&["dunholm", "lundenwic"], [0, 0, 1, 0])).rule,
        "3.1"
    );
}

#[test]
fn v878_cc_99_spy_joins_the_battle() {
    let mut s = battles(NO);
    hand(&mut s, TH, &[12]);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", HC, 1);
    put(&mut s, "northamtun", NO, 1);
    put(&mut s, "oxnaford", TH, 3);
    act(&mut s, NO, &fight("grantebrycg"));
    act(&mut s, NO, &V878Action::Pass);
    act(&mut s, HC, &V878Action::Pass);
    act(&mut s, TH, &ev(12));
    act(&mut s, TH, &V878Action::Pass);
    assert_eq!(s.pending, [Pending::Spy { faction: TH }]);
    let army = [0, 3, 0, 0];
    // Not through a Viking-occupied shire.
    assert_eq!(
        refuse(
            &mut s,
            TH,
            &march(&["oxnaford", "northamtun", "grantebrycg"], army)
        )
        .rule,
        "CC-99"
    );
    // The English then roll as defenders: Housecarl Hit; Thegn Hit, Hit, Hit.
    dice(&mut s, &[1, 1, 1, 1]);
    let e = act(
        &mut s,
        TH,
        &march(&["oxnaford", "ciltern", "grantebrycg"], army),
    );
    assert_eq!((at(&s, "oxnaford", T), at(&s, "grantebrycg", T)), (0, 3));
    assert_eq!(rolls(&e), [roll(HC, "H"), roll(TH, "HHH")]);
}

// ---------------------------------------------------------------- placeholders (G9)

#[test]
fn v878_p_burh_english_city_ignores_one_viking_hit_per_roll() {
    let mut s = battles(NO);
    printed(&mut s);
    hand(&mut s, HC, &[12]);
    put(&mut s, "theodford", NO, 2);
    put(&mut s, "theodford", HC, 2);
    act(&mut s, NO, &fight("theodford"));
    assert_eq!(s.pending, [window(NO), window(HC), window(TH)]);
    act(&mut s, NO, &V878Action::Pass);
    act(&mut s, HC, &ev(12));
    act(&mut s, HC, &V878Action::Pass);
    act(&mut s, TH, &V878Action::Pass);
    // English Command, Command; Norsemen Hit, Hit: one is ignored.
    dice(&mut s, &[4, 4, 1, 1]);
    act(&mut s, HC, &V878Action::CallFyrd { call: false });
    let e = act(&mut s, HC, &KEEP);
    assert!(ignored(&e, Guard::Burh));
    assert_eq!(s.pending, [hits(HC, 1, false)]);
}

#[test]
fn v878_p_burh_only_in_a_city() {
    let mut s = battles(NO);
    printed(&mut s);
    hand(&mut s, HC, &[12]);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", HC, 2);
    act(&mut s, NO, &fight("grantebrycg"));
    act(&mut s, NO, &V878Action::Pass);
    assert_eq!(refuse(&mut s, HC, &ev(12)).rule, "8.0");
}

#[test]
fn v878_p_saxon_shield_wall_first_viking_hit_ignored() {
    let mut s = battles(NO);
    printed(&mut s);
    hand(&mut s, TH, &[11]);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", TH, 3);
    act(&mut s, NO, &fight("grantebrycg"));
    act(&mut s, NO, &V878Action::Pass);
    act(&mut s, HC, &V878Action::Pass);
    act(&mut s, TH, &ev(11));
    // Thegn Command x3; Norsemen Hit, Hit: the first is ignored.
    dice(&mut s, &[3, 3, 3, 1, 1]);
    act(&mut s, TH, &V878Action::Pass);
    let e = act(&mut s, TH, &KEEP);
    assert!(ignored(&e, Guard::SaxonShieldWall));
    assert_eq!(s.pending, [hits(TH, 1, false)]);
    // Thegn Command x2; Norsemen Hit, Hit: both count.
    dice(&mut s, &[3, 3, 1, 1]);
    act(&mut s, TH, &hit(T));
    act(&mut s, TH, &KEEP);
    assert_eq!(s.pending, [hits(TH, 2, false)]);
}

#[test]
fn v878_p_battle_frenzy_berserker_extra_roll() {
    let mut s = battles(BE);
    printed(&mut s);
    hand(&mut s, BE, &[11]);
    put(&mut s, "grantebrycg", BE, 1);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", HC, 2);
    act(&mut s, BE, &fight("grantebrycg"));
    act(&mut s, BE, &ev(11));
    act(&mut s, BE, &V878Action::Pass);
    dice(&mut s, &[1]);
    let e = pass_windows(&mut s);
    // Only the Berserker roll.
    assert_eq!(rolls(&e), [roll(BE, "H")]);
    assert_eq!(s.pending, [hits(HC, 1, false)]);
    // Then the English defenders: the first English roll.
    dice(&mut s, &[1]);
    let e = act(&mut s, HC, &hit(H));
    assert_eq!(rolls(&e), [roll(HC, "H")]);
    assert_eq!(s.pending, [hits(BE, 1, true)]);
}

#[test]
fn v878_p_levy_two_thegn_in_an_english_city() {
    let mut s = bare(2, TH, Phase::Reinforcements);
    printed(&mut s);
    hand(&mut s, TH, &[10]);
    put(&mut s, "theodford", NO, 1);
    let stock = s.faction(TH).stock;
    assert_eq!(refuse(&mut s, TH, &ev_at(10, "theodford")).rule, "8.0");
    assert_eq!(refuse(&mut s, TH, &ev_at(10, "grantebrycg")).rule, "8.0");
    act(&mut s, TH, &ev_at(10, "oxnaford"));
    assert_eq!(at(&s, "oxnaford", T), 2);
    assert_eq!(s.faction(TH).stock, stock - 2);
    assert_eq!(s.faction(TH).discard, [10]);
}

#[test]
fn v878_p_forced_march_one_army_one_shire_further() {
    let mut s = moving(2, HC, 2); // 3 armies x 2 shires
    assert_eq!(s.phase, Phase::Movement);
    hand(&mut s, HC, &[8]);
    put(&mut s, "cornwalas", HC, 1);
    put(&mut s, "wiltunscir", HC, 1);
    let far = march(
        &["cornwalas", "exanceaster", "dornsaete", "uintancaestir"],
        [1, 0, 0, 0],
    );
    assert_eq!(refuse(&mut s, HC, &far).rule, "3.1");
    act(&mut s, HC, &ev(8));
    act(&mut s, HC, &far);
    assert_eq!(at(&s, "uintancaestir", H), 1);
    // Once only.
    assert_eq!(
        refuse(
            &mut s,
            HC,
            &march(
                &["wiltunscir", "bearruc", "ciltern", "lundenwic"],
                [1, 0, 0, 0]
            )
        )
        .rule,
        "3.1"
    );
}

// ---------------------------------------------------------------- more rulings

#[test]
fn v878_g30_fyrd_roll_in_feigned_retreat() {
    // The Fyrd are drawn before the Feigned Retreat roll and take part in it; their
    // Flees send them home, their Hits do not count.
    let mut s = battles(NO);
    hand(&mut s, NO, &[8]);
    put(&mut s, "theodford", NO, 2);
    put(&mut s, "theodford", HC, 2);
    *s.fyrd_deck = vec![1, 4]; // the top card, 04, calls 2 Fyrd
    act(&mut s, NO, &fight("theodford"));
    act(&mut s, NO, &ev(8));
    act(&mut s, NO, &V878Action::Pass);
    act(&mut s, HC, &V878Action::Pass);
    act(&mut s, TH, &V878Action::Pass);
    assert_eq!(s.pending, [Pending::Fyrd { faction: HC }]);
    let stock = s.fyrd_stock;
    // Feigned Retreat: Housecarl Hit, Command; Fyrd Flee, Hit. Then the normal
    // English roll: Housecarl Command, Command; Fyrd blank.
    dice(&mut s, &[1, 4, 2, 1, 4, 4, 4]);
    let e = act(&mut s, HC, &V878Action::CallFyrd { call: true });
    assert_eq!(
        rolls(&e),
        [
            roll(HC, "HC"),
            fyrd_roll("FH"),
            roll(HC, "CC"),
            fyrd_roll("-")
        ]
    );
    assert_eq!((at(&s, "theodford", F), s.fyrd_stock), (1, stock - 1));
    assert_eq!(at(&s, "theodford", N), 2);
    assert_eq!(
        s.pending,
        [Pending::Command {
            faction: HC,
            left: 2
        }]
    );
}

#[test]
fn v878_cc_93_surprise_attack_does_not_use_up_a_leader_move() {
    // Halfdan (2 Norsemen, 1 Berserker) attacks 4 Housecarl with the Berserker's card
    // 02 (4 shires): the step costs 1 move; the Surprise Attack roll does not clear the
    // shire, but it is not the Leader's first roll (5.2), which clears it.
    let mut s = bare(2, BE, Phase::Reinforcements);
    for g in [HC, TH, NO, BE] {
        hand(&mut s, g, &[]);
    }
    let halfdan = leader(&mut s, 1, on_map("sudfolc"), [0, 0, 2, 1]);
    put(&mut s, "grantebrycg", HC, 4);
    hand(&mut s, BE, &[2, 10]);
    play(&mut s, BE, 2);
    assert_eq!(s.phase, Phase::Leaders);
    act(&mut s, BE, &step(halfdan, "grantebrycg"));
    assert_eq!(s.leaders[halfdan as usize].moves_left, 3);
    act(&mut s, BE, &ev(10));
    act(&mut s, BE, &V878Action::Pass);
    act(&mut s, HC, &V878Action::Pass);
    act(&mut s, TH, &V878Action::Pass);
    // Surprise Attack: Norsemen Hit, Hit; Berserker Hit.
    dice(&mut s, &[1, 1, 1]);
    act(&mut s, NO, &V878Action::Pass);
    assert_eq!(s.pending, [hits(HC, 3, false)]);
    // The English: Housecarl Command; then the Vikings: Hit, Hit; Hit.
    dice(&mut s, &[4, 1, 1, 1]);
    act(&mut s, HC, &hit(H));
    act(&mut s, HC, &hit(H));
    act(&mut s, HC, &hit(H));
    act(&mut s, HC, &KEEP);
    act(&mut s, HC, &hit(H));
    assert!(s.battle.is_none());
    assert_eq!(at(&s, "grantebrycg", H), 0);
    assert_eq!(s.leaders[halfdan as usize].moves_left, 3);
}

#[test]
fn v878_g24_saxon_navy_at_the_start_of_the_leader_phase_blocks_invasions() {
    let mut s = bare(2, NO, Phase::Reinforcements);
    hand(&mut s, HC, &[10]);
    hand(&mut s, NO, &[2]);
    let halfdan = leader(&mut s, 1, LeaderPlace::OffMap, [0, 0, 3, 0]);
    act(&mut s, NO, &V878Action::PlayCard { card: 2 });
    assert_eq!(s.phase, Phase::Leaders);
    assert_eq!(s.pending, [window(HC)]);
    act(&mut s, HC, &ev(10));
    act(&mut s, HC, &V878Action::Pass);
    for x in [
        "bernicia",
        "dunholm",
        "north_riding",
        "euruic",
        "lincylene",
        "aelmham",
    ] {
        act(&mut s, HC, &V878Action::Block { shire: sh(x) });
    }
    assert_eq!(refuse(&mut s, NO, &step(halfdan, "euruic")).rule, "3.2");
    act(&mut s, NO, &step(halfdan, "sudfolc"));
    assert_eq!(s.leaders[halfdan as usize].place, on_map("sudfolc"));
}

#[test]
fn v878_g31_leader_sails_with_viking_ships_for_one_move() {
    // Item 84: a Movement Event is played in the Leader Phase.
    let mut s = bare(2, NO, Phase::Reinforcements);
    hand(&mut s, NO, &[2, 12]);
    let halfdan = leader(&mut s, 1, on_map("euruic"), [0, 0, 2, 0]);
    play(&mut s, NO, 2);
    assert_eq!(s.phase, Phase::Leaders);
    assert!(is_legal(&s, NO, &ev(12)));
    act(&mut s, NO, &ev(12));
    act(&mut s, NO, &step(halfdan, "cantuarabyrg"));
    assert_eq!(s.leaders[halfdan as usize].moves_left, 3);
    act(&mut s, NO, &step(halfdan, "seolesiae"));
    assert_eq!(s.leaders[halfdan as usize].place, on_map("seolesiae"));
    assert_eq!(s.leaders[halfdan as usize].moves_left, 2);
    // The sea move is used up.
    assert_eq!(
        refuse(&mut s, NO, &step(halfdan, "exanceaster")).rule,
        "5.1"
    );
}

#[test]
fn v878_g28_spy_army_may_include_housecarl_but_needs_a_thegn() {
    let mut s = battles(NO);
    hand(&mut s, TH, &[12]);
    put(&mut s, "grantebrycg", NO, 2);
    put(&mut s, "grantebrycg", HC, 1);
    put(&mut s, "ciltern", HC, 1);
    put(&mut s, "ciltern", TH, 2);
    put(&mut s, "eastseaxe", HC, 2);
    act(&mut s, NO, &fight("grantebrycg"));
    act(&mut s, NO, &V878Action::Pass);
    act(&mut s, HC, &V878Action::Pass);
    act(&mut s, TH, &ev(12));
    act(&mut s, TH, &V878Action::Pass);
    assert_eq!(
        refuse(
            &mut s,
            TH,
            &march(&["eastseaxe", "grantebrycg"], [2, 0, 0, 0])
        )
        .rule,
        "CC-99"
    );
    // The English then roll: Housecarl Command, Command; Thegn Command, Command.
    dice(&mut s, &[4, 4, 3, 3]);
    act(
        &mut s,
        TH,
        &march(&["ciltern", "grantebrycg"], [1, 2, 0, 0]),
    );
    assert_eq!([H, T].map(|k| at(&s, "grantebrycg", k)), [2, 2]);
    assert_eq!([H, T].map(|k| at(&s, "ciltern", k)), [0, 0]);
}

#[test]
fn v878_cc_101_rebellion_frees_a_reinforcement_city() {
    let mut s = bare(2, HC, Phase::Reinforcements);
    hand(&mut s, HC, &[9]);
    put(&mut s, "uintancaestir", NO, 1);
    settle_markers(&mut s);
    s.faction_mut(HC).stock -= 2;
    s.faction_mut(HC).fled = 2;
    *s.fyrd_deck = vec![1, 4];
    let fyrd = s.fyrd_stock;
    act(&mut s, HC, &ev_at(9, "uintancaestir"));
    act(&mut s, NO, &hit(N));
    // No Viking is left: no battle, the Fyrd go home, and the Housecarl reinforce
    // Winchester (2 Housecarl) and may place their fled units there.
    assert!(s.battle.is_none());
    assert_eq!(at(&s, "uintancaestir", F), 0);
    assert_eq!(s.fyrd_stock, fyrd);
    assert_eq!(at(&s, "uintancaestir", H), 2);
    assert_eq!(
        s.pending,
        [Pending::Place {
            faction: HC,
            kind: HC,
            left: 2,
            purpose: Purpose::Fled
        }]
    );
}
