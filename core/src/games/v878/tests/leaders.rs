//! Rule tests for the Leader Phase (5.0-5.2; brief items 61-70, G21, G23, G32): who
//! moves a Leader, landing from the sea, picking up and dropping off, battles on the
//! way and their move cost, Commands off the card, defeat, and the Ivar example.
//!
//! Dice faces (data, fill G7), face 1-6: Housecarl H H H C C F; Thegn H H C F F F;
//! Norsemen H H C C F F; Berserker H H H H C F; Fyrd H F F - - -. The defender rolls
//! first; a side's factions roll in faction order (Housecarl, Thegn, then the Fyrd;
//! Norsemen, Berserker).

use super::super::actions::{Spot, V878Action};
use super::super::data::data;
use super::super::state::{LeaderPlace, Pending, Phase};
use super::support::*;

fn halt(leader: u8) -> V878Action {
    V878Action::Halt { leader }
}

fn alight(leader: u8, faction: super::super::data::Faction, n: u8) -> V878Action {
    V878Action::Alight { leader, faction, n }
}

fn board(leader: u8, faction: super::super::data::Faction, n: u8) -> V878Action {
    V878Action::Board { leader, faction, n }
}

/// A bare Norsemen Turn of Round `round` with Halfdan off the map carrying `troops`,
/// card 02 (2 armies, 4 shires) played: the Leader Phase.
fn halfdan_turn(round: u8, troops: [u8; 4]) -> (super::super::state::V878State, u8) {
    let mut s = bare(round, NO, Phase::Reinforcements);
    let halfdan = leader(&mut s, 1, LeaderPlace::OffMap, troops);
    play(&mut s, NO, 2);
    assert_eq!(s.phase, Phase::Leaders);
    (s, halfdan)
}

// ---------------------------------------------------------------- 5.1

#[test]
fn v878_5_1_invading_leader_lands_on_his_sea_coast() {
    let (mut s, halfdan) = halfdan_turn(1, [0, 0, 17, 8]);
    // Halfdan invades from the North Sea: its 11 coastal shires less the Fens (marsh).
    let mut offered: Vec<String> = legal(&s, NO)
        .iter()
        .filter_map(|a| match a {
            V878Action::LeaderStep { to, .. } => Some(data().shires()[to.0 as usize].id.clone()),
            _ => None,
        })
        .collect();
    offered.sort();
    assert_eq!(
        offered,
        [
            "aelmham",
            "bernicia",
            "cantuarabyrg",
            "dunholm",
            "eastseaxe",
            "euruic",
            "lincylene",
            "lundenwic",
            "north_riding",
            "sudfolc"
        ]
    );
    assert_eq!(
        refuse(&mut s, NO, &step(halfdan, "legacaestir")).rule,
        "5.1"
    );
    assert_eq!(refuse(&mut s, NO, &step(halfdan, "elmet")).rule, "5.1");
    assert_eq!(refuse(&mut s, NO, &step(halfdan, "seolesiae")).rule, "5.1");
    let ev = act(&mut s, NO, &step(halfdan, "euruic"));
    assert_eq!(
        (ev[0].rule, &ev[0].kind),
        (
            "5.1",
            &V878Event::LeaderMoves {
                leader: 1,
                to: sh("euruic"),
                landing: true
            }
        )
    );
    // Landing costs one of the card's four shire moves.
    assert_eq!(s.leaders[halfdan as usize].moves_left, 3);
    assert_eq!(s.leaders[halfdan as usize].place, on_map("euruic"));
    // From the map he moves to adjacent shires only.
    assert_eq!(refuse(&mut s, NO, &step(halfdan, "lincylene")).rule, "5.1");
    act(&mut s, NO, &step(halfdan, "north_riding"));
    assert_eq!(s.leaders[halfdan as usize].moves_left, 2);
}

#[test]
fn v878_5_1_any_coast_leader_lands_on_any_coast() {
    let mut s = bare(5, NO, Phase::Reinforcements);
    let guthrum = leader(&mut s, 5, LeaderPlace::OffMap, [0, 0, 3, 1]);
    play(&mut s, NO, 2);
    act(&mut s, NO, &step(guthrum, "exanceaster"));
    assert_eq!(s.leaders[guthrum as usize].place, on_map("exanceaster"));
    assert_eq!(s.markers_on_map(), 1);
}

#[test]
fn v878_5_1_only_a_faction_with_units_on_the_card_moves_the_leader() {
    let mut s = bare(2, BE, Phase::Reinforcements);
    let halfdan = leader(&mut s, 1, on_map("sudfolc"), [0, 0, 3, 0]);
    let ivar = leader(&mut s, 2, on_map("north_riding"), [0, 0, 1, 1]);
    play(&mut s, BE, 2);
    assert_eq!(s.phase, Phase::Leaders);
    assert_eq!(refuse(&mut s, BE, &step(halfdan, "eastseaxe")).rule, "5.1");
    assert!(!legal(&s, BE)
        .iter()
        .any(|a| matches!(a, V878Action::LeaderStep { leader, .. } if *leader == halfdan)));
    act(&mut s, BE, &step(ivar, "dunholm"));
    assert_eq!(s.leaders[ivar as usize].place, on_map("dunholm"));
}

#[test]
fn v878_5_1_both_viking_factions_may_move_the_same_leader_each_in_its_turn() {
    let mut s = bare(2, NO, Phase::Reinforcements);
    let halfdan = leader(&mut s, 1, on_map("sudfolc"), [0, 0, 2, 2]);
    settle_markers(&mut s);
    play(&mut s, NO, 2);
    act(&mut s, NO, &step(halfdan, "eastseaxe"));
    act(&mut s, NO, &END);
    act(&mut s, NO, &END);
    // The Berserker's cube is drawn next (face 3 of Housecarl, Thegn, Berserker).
    dice(&mut s, &[3]);
    act(&mut s, NO, &END);
    assert_eq!(s.active(), Some(BE));
    play(&mut s, BE, 2);
    assert_eq!(s.phase, Phase::Leaders);
    act(&mut s, BE, &step(halfdan, "lundenwic"));
    assert_eq!(s.leaders[halfdan as usize].place, on_map("lundenwic"));
    assert_eq!(s.leaders[halfdan as usize].moves_left, 3);
}

#[test]
fn v878_5_1_pick_up_and_drop_off_as_he_moves() {
    let mut s = bare(2, NO, Phase::Reinforcements);
    let halfdan = leader(&mut s, 1, on_map("sudfolc"), [0, 0, 4, 0]);
    put(&mut s, "sudfolc", NO, 1);
    put(&mut s, "aelmham", BE, 2);
    play(&mut s, NO, 2);
    // Before he moves he picks up the Norsemen standing with him.
    act(&mut s, NO, &board(halfdan, NO, 1));
    act(&mut s, NO, &step(halfdan, "aelmham"));
    // On the way he picks up allied units [Rx] and drops off some of his own.
    act(&mut s, NO, &board(halfdan, BE, 2));
    act(&mut s, NO, &alight(halfdan, NO, 2));
    act(&mut s, NO, &step(halfdan, "theodford"));
    assert_eq!(s.leaders[halfdan as usize].troops, [0, 0, 3, 2, 0]);
    assert_eq!((at(&s, "aelmham", N), at(&s, "aelmham", B)), (2, 0));
    assert_eq!(
        s.markers_on_map(),
        2,
        "Elmham held by the dropped units, Thetford by him"
    );
    // Units that moved and were dropped off may not move again this Turn.
    act(&mut s, NO, &END);
    assert_eq!(
        refuse(&mut s, NO, &march(&["aelmham", "sudfolc"], [0, 0, 1, 0])).rule,
        "3.1"
    );
}

#[test]
fn v878_5_1_leader_drops_off_units_before_he_moves() {
    // 5.1: "A Leader may drop off and pick up Units before he moves, as he moves, or
    // after he moves."
    let mut s = bare(2, NO, Phase::Reinforcements);
    let halfdan = leader(&mut s, 1, on_map("sudfolc"), [0, 0, 4, 0]);
    play(&mut s, NO, 2);
    assert!(is_legal(&s, NO, &alight(halfdan, NO, 4)));
    act(&mut s, NO, &alight(halfdan, NO, 2));
    act(&mut s, NO, &step(halfdan, "aelmham"));
    assert_eq!(at(&s, "sudfolc", N), 2);
    assert_eq!(s.leaders[halfdan as usize].troops, [0, 0, 2, 0, 0]);
    act(&mut s, NO, &END);
    // They did not move: they may march as the card's second army.
    act(&mut s, NO, &march(&["sudfolc", "eastseaxe"], [0, 0, 2, 0]));
    assert_eq!(at(&s, "eastseaxe", N), 2);
}

#[test]
fn v878_5_1_units_shift_between_card_and_shire_in_the_movement_phase() {
    // 5.1: "A player may move Units between a Leader's Card and the Shire the Leader
    // occupies at any time during the Movement Phase."
    let mut s = bare(2, NO, Phase::Reinforcements);
    let halfdan = leader(&mut s, 1, on_map("sudfolc"), [0, 0, 3, 0]);
    let ivar = leader(&mut s, 2, on_map("eastseaxe"), [0, 0, 2, 1]);
    put(&mut s, "eastseaxe", NO, 1);
    play(&mut s, NO, 2);
    act(&mut s, NO, &step(halfdan, "aelmham"));
    act(&mut s, NO, &END);
    assert_eq!(s.phase, Phase::Movement);
    // Halfdan moved: units he drops have moved and may not march.
    assert!(is_legal(&s, NO, &alight(halfdan, NO, 3)));
    act(&mut s, NO, &alight(halfdan, NO, 1));
    assert_eq!(
        refuse(&mut s, NO, &march(&["aelmham", "theodford"], [0, 0, 1, 0])).rule,
        "3.1"
    );
    assert_eq!(refuse(&mut s, NO, &board(halfdan, NO, 1)).rule, "5.1");
    // Ivar did not: units shift both ways, and those put down may still march.
    act(&mut s, NO, &board(ivar, NO, 1));
    act(&mut s, NO, &alight(ivar, NO, 3));
    act(&mut s, NO, &alight(ivar, BE, 1));
    assert_eq!(s.leaders[ivar as usize].troops, [0; 5]);
    act(
        &mut s,
        NO,
        &march(&["eastseaxe", "lundenwic"], [0, 0, 3, 1]),
    );
    assert_eq!((at(&s, "lundenwic", N), at(&s, "lundenwic", B)), (3, 1));
    // Not in the Battle Phase.
    act(&mut s, NO, &END);
    assert_eq!(refuse(&mut s, NO, &alight(halfdan, NO, 1)).rule, "5.0");
}

#[test]
fn v878_5_1_shifts_before_he_moves_go_one_way_for_the_search() {
    // 5.1 lets units shift both ways before the Leader moves; the search weighs each
    // faction one way only until he moves (`Shifted`), people keep both.
    use super::super::V878;
    use crate::engine::{Game, Seat};
    let mut s = bare(2, NO, Phase::Reinforcements);
    let halfdan = leader(&mut s, 1, on_map("sudfolc"), [0, 0, 2, 1]);
    put(&mut s, "sudfolc", NO, 3);
    put(&mut s, "sudfolc", BE, 1);
    play(&mut s, NO, 2);
    act(&mut s, NO, &board(halfdan, NO, 3));
    act(&mut s, NO, &alight(halfdan, BE, 1));
    let l = &s.leaders[halfdan as usize];
    assert_eq!(l.troops, [0, 0, 5, 0, 0]);
    assert!(l.shifted.boarded.contains(NO) && l.shifted.alighted.contains(BE));
    // People may still put the Norsemen back and take the Berserkers up again...
    assert!(is_legal(&s, NO, &alight(halfdan, NO, 5)));
    assert!(is_legal(&s, NO, &board(halfdan, BE, 2)));
    // ...the search may not.
    let seat = Seat(NO as u8);
    let weighed = V878::search_actions(&s, seat);
    let legal = V878::legal_actions(&s, seat);
    let left_out: Vec<&V878Action> = legal.iter().filter(|a| !weighed.contains(a)).collect();
    assert_eq!(
        left_out,
        vec![&alight(halfdan, NO, 5), &board(halfdan, BE, 2)],
        "only the two take-backs are left out"
    );
    // Once he has moved, units he drops have moved (5.1): nothing is left out.
    act(&mut s, NO, &step(halfdan, "aelmham"));
    assert_eq!(
        V878::search_actions(&s, seat),
        V878::legal_actions(&s, seat)
    );
    // A new Turn forgets the shifts.
    pass_turn(&mut s);
    assert!(s.leaders.iter().all(|l| l.shifted.is_empty()));
}

#[test]
fn v878_3_1_unit_commanded_off_a_moving_leaders_card_may_not_march_again() {
    // Halfdan lands at Norþ Riding; one of his Norsemen withdraws by Command to EURUIC,
    // held by a Berserker. It has moved with a Leader this Turn: it may not move again
    // with another army (3.1: "Units may not move multiple times during the same Turn
    // with different Armies or Leaders").
    let (mut s, halfdan) = halfdan_turn(2, [0, 0, 2, 0]);
    put(&mut s, "north_riding", TH, 2);
    put(&mut s, "euruic", BE, 1);
    dice(
        &mut s,
        &[
            3, 3, // English: Thegn Command x2
            3, 1, // Vikings: Norsemen Command, Hit
            4, // English: Thegn Flee
        ],
    );
    act(&mut s, NO, &step(halfdan, "north_riding"));
    pass_windows(&mut s);
    act(&mut s, TH, &KEEP);
    act(&mut s, TH, &hit(T));
    act(
        &mut s,
        NO,
        &V878Action::Command {
            spot: Spot::Card(halfdan),
            to: Some(sh("euruic")),
        },
    );
    act(&mut s, TH, &FLEE);
    assert!(s.battle.is_none());
    assert_eq!(at(&s, "euruic", N), 1);
    act(&mut s, NO, &halt(halfdan));
    act(&mut s, NO, &END);
    assert_eq!(
        refuse(&mut s, NO, &march(&["euruic", "elmet"], [0, 0, 1, 0])).rule,
        "3.1"
    );
}

// ---------------------------------------------------------------- 5.2

#[test]
fn v878_5_2_leader_battles_on_entering_an_enemy_shire() {
    let (mut s, halfdan) = halfdan_turn(2, [0, 0, 5, 0]);
    put(&mut s, "dunholm", TH, 1);
    act(&mut s, NO, &step(halfdan, "dunholm"));
    let b = s.battle.expect("a battle at once");
    assert_eq!((b.shire, b.leader), (sh("dunholm"), Some(halfdan)));
    pass_windows(&mut s);
    // A City Shire with a Thegn: the English may call the Fyrd.
    assert_eq!(s.pending, [Pending::Fyrd { faction: TH }]);
}

#[test]
fn v878_5_2_leader_loses_a_move_if_first_roll_does_not_clear() {
    let (mut s, halfdan) = halfdan_turn(2, [0, 0, 17, 8]);
    put(&mut s, "north_riding", TH, 3);
    dice(
        &mut s,
        &[
            3, 3, 3, // English: Thegn Command x3
            1, 3, 3, 5, 5, // Vikings: Norsemen Hit, Command x2; Berserker Command x2
            3, 3, // English: Thegn Command x2
            1, 1, 3, 1, 5, // Vikings: Norsemen Hit x2, Command; Berserker Hit, Command
        ],
    );
    act(&mut s, NO, &step(halfdan, "north_riding"));
    assert_eq!(s.leaders[halfdan as usize].moves_left, 3);
    pass_windows(&mut s);
    assert_eq!(
        s.pending,
        [Pending::Command {
            faction: TH,
            left: 3
        }]
    );
    act(&mut s, TH, &KEEP);
    assert_eq!(
        s.pending,
        [
            Pending::Hits {
                faction: TH,
                hits: 1,
                berserker_first: false
            },
            Pending::Command {
                faction: NO,
                left: 2
            },
            Pending::Command {
                faction: BE,
                left: 2
            }
        ]
    );
    act(&mut s, TH, &hit(T));
    act(&mut s, NO, &KEEP);
    let ev = act(&mut s, BE, &KEEP);
    assert!(has(&ev, "5.2", &V878Event::LeaderMoveSpent { leader: 1 }));
    assert_eq!(s.leaders[halfdan as usize].moves_left, 2);
    act(&mut s, TH, &KEEP);
    act(&mut s, TH, &hit(T));
    act(&mut s, TH, &hit(T));
    act(&mut s, NO, &KEEP);
    act(&mut s, BE, &KEEP);
    assert!(s.battle.is_none());
    assert_eq!(s.chance.scripted_left(), 0);
    // One move per battle, not per roll; he won and goes on.
    assert_eq!(s.leaders[halfdan as usize].moves_left, 2);
    assert_eq!(s.faction(TH).stock, 40);
    act(&mut s, NO, &step(halfdan, "elmet"));
    assert_eq!(s.leaders[halfdan as usize].moves_left, 1);
}

#[test]
fn v878_5_2_no_move_lost_when_the_defenders_leave_before_the_leader_rolls() {
    let (mut s, halfdan) = halfdan_turn(2, [0, 0, 5, 0]);
    put(&mut s, "north_riding", TH, 1);
    dice(&mut s, &[4]); // Thegn Flee
    act(&mut s, NO, &step(halfdan, "north_riding"));
    pass_windows(&mut s);
    act(&mut s, TH, &FLEE);
    assert!(s.battle.is_none());
    assert_eq!(s.faction(TH).fled, 1);
    assert_eq!(s.leaders[halfdan as usize].moves_left, 3);
}

#[test]
fn v878_5_2_units_on_the_card_and_in_the_shire_all_fight() {
    let (mut s, halfdan) = halfdan_turn(2, [0, 0, 2, 0]);
    put(&mut s, "north_riding", NO, 1);
    put(&mut s, "north_riding", TH, 3);
    dice(
        &mut s,
        &[
            1, 3, 3, // English: Thegn Hit, Command x2
            1, 1, // Vikings: Norsemen (1 on the map, 1 on the card) Hit x2
            4, // English: Thegn Flee
        ],
    );
    act(&mut s, NO, &step(halfdan, "north_riding"));
    pass_windows(&mut s);
    // The Hit may be taken on the map or on the card.
    let offered = legal(&s, NO);
    assert!(offered.contains(&hit(N)));
    assert!(offered.contains(&hit_on(N, halfdan)));
    act(&mut s, NO, &hit_on(N, halfdan));
    let ev = act(&mut s, TH, &KEEP);
    assert!(rolls(&ev).contains(&roll(NO, "HH")));
    act(&mut s, TH, &hit(T));
    act(&mut s, TH, &hit(T));
    act(&mut s, TH, &FLEE);
    assert!(s.battle.is_none());
    assert_eq!(at(&s, "north_riding", N), 1);
    assert_eq!(s.leaders[halfdan as usize].troops, [0, 0, 1, 0, 0]);
    assert_eq!(s.chance.scripted_left(), 0);
}

#[test]
fn v878_5_2_leader_goes_on_only_with_active_faction_units_on_his_card() {
    let (mut s, halfdan) = halfdan_turn(2, [0, 0, 1, 2]);
    put(&mut s, "north_riding", TH, 2);
    dice(
        &mut s,
        &[
            1, 1, // English: Thegn Hit x2 (the first must take a Berserker, 4.5)
            1, // Vikings: Berserker Hit
            4, // English: Thegn Flee
        ],
    );
    act(&mut s, NO, &step(halfdan, "north_riding"));
    pass_windows(&mut s);
    assert_eq!(refuse(&mut s, NO, &hit_on(N, halfdan)).rule, "4.5");
    act(&mut s, NO, &hit_on(B, halfdan));
    act(&mut s, NO, &hit_on(N, halfdan));
    act(&mut s, TH, &hit(T));
    act(&mut s, TH, &FLEE);
    assert!(s.battle.is_none());
    assert_eq!(s.leaders[halfdan as usize].troops, [0, 0, 0, 1, 0]);
    assert_eq!(s.leaders[halfdan as usize].place, on_map("north_riding"));
    // He won and has moves left, but no Norsemen on his card.
    assert_eq!(refuse(&mut s, NO, &step(halfdan, "elmet")).rule, "5.1");
    act(&mut s, NO, &halt(halfdan));
}

#[test]
fn v878_5_2_last_unit_on_the_card_commands_out_and_the_leader_goes_with_it() {
    let (mut s, halfdan) = halfdan_turn(2, [0, 0, 1, 0]);
    put(&mut s, "north_riding", TH, 2);
    put(&mut s, "euruic", BE, 1);
    dice(&mut s, &[3, 3, 3]); // English: Thegn Command x2; Vikings: Norsemen Command
    act(&mut s, NO, &step(halfdan, "north_riding"));
    pass_windows(&mut s);
    act(&mut s, TH, &KEEP);
    let out = V878Action::Command {
        spot: Spot::Card(halfdan),
        to: Some(sh("euruic")),
    };
    assert!(is_legal(&s, NO, &out));
    let ev = act(&mut s, NO, &out);
    assert!(has(&ev, "5.2", &V878Event::LeaderWithdraws { leader: 1 }));
    assert!(s.battle.is_none());
    assert_eq!(s.leaders[halfdan as usize].place, on_map("euruic"));
    assert_eq!((at(&s, "euruic", N), at(&s, "euruic", B)), (1, 1));
    assert_eq!(at(&s, "north_riding", T), 2);
}

#[test]
fn v878_5_2_leader_stays_while_his_side_still_holds_the_shire() {
    // Our reading of "may move with it": he goes with the last unit of his card only
    // when nothing of his side is left in the battle; otherwise he stays with them.
    let (mut s, halfdan) = halfdan_turn(2, [0, 0, 1, 0]);
    put(&mut s, "north_riding", BE, 1);
    put(&mut s, "north_riding", TH, 2);
    put(&mut s, "euruic", BE, 1);
    dice(&mut s, &[3, 3, 3, 5]); // Thegn Command x2; Norsemen Command, Berserker Command
    act(&mut s, NO, &step(halfdan, "north_riding"));
    pass_windows(&mut s);
    act(&mut s, TH, &KEEP);
    act(
        &mut s,
        NO,
        &V878Action::Command {
            spot: Spot::Card(halfdan),
            to: Some(sh("euruic")),
        },
    );
    assert_eq!(s.leaders[halfdan as usize].place, on_map("north_riding"));
    assert_eq!(s.leaders[halfdan as usize].troops, [0; 5]);
}

#[test]
fn v878_5_2_leader_without_units_is_defeated() {
    let (mut s, halfdan) = halfdan_turn(2, [0, 0, 1, 0]);
    put(&mut s, "north_riding", TH, 1);
    dice(&mut s, &[1]); // Thegn Hit
    act(&mut s, NO, &step(halfdan, "north_riding"));
    pass_windows(&mut s);
    let ev = act(&mut s, NO, &hit_on(N, halfdan));
    assert!(has(&ev, "5.2", &V878Event::LeaderDefeated { leader: 1 }));
    assert_eq!(s.leaders[halfdan as usize].place, LeaderPlace::Defeated);
    assert!(s.battle.is_none());
    assert_eq!(s.faction(NO).stock, 40);
    assert_eq!(refuse(&mut s, NO, &step(halfdan, "elmet")).rule, "5.1");
}

#[test]
fn v878_5_2_ivar_example() {
    // Round III: the Norsemen draw Ivar (14 Norsemen, 6 Berserker) and add their 2 fled
    // Norsemen to his card. Card 02 moves 2 armies or Leaders 4 shires each. Shire A is
    // DŪNHOLM, B Norþ Riding, C EURUIC (the brief's mapping of the example).
    let mut s = bare(3, HC, Phase::Battles);
    *s.invasion = vec![2, 3, 4, 5, 6, 7];
    s.faction_mut(NO).stock -= 2;
    s.faction_mut(NO).fled = 2;
    put(&mut s, "dunholm", TH, 2);
    put(&mut s, "north_riding", BE, 1);
    put(&mut s, "euruic", HC, 1);
    put(&mut s, "euruic", TH, 1);
    put(&mut s, "bernicia", NO, 1);
    *s.fyrd_deck = vec![1, 16, 4]; // the top card, 04, calls 2 Fyrd
    begin(&mut s, &[], NO);
    let ivar = leader_ix(&s, 2);
    act(
        &mut s,
        NO,
        &V878Action::PlaceOnLeader { leader: ivar, n: 2 },
    );
    assert_eq!(s.leaders[ivar as usize].troops, [0, 0, 16, 6, 0]);
    hand(&mut s, NO, &[2, 8, 9]);
    play(&mut s, NO, 2);
    assert_eq!(s.phase, Phase::Leaders);
    dice(
        &mut s,
        &[
            3, 3, 4, 5, // A: Thegn Command x2, Fyrd blank x2
            1, 1, 1, 1, 1, // A: Norsemen Hit x3, Berserker Hit x2
            4, 3, // C: Housecarl Command, Thegn Command
            1, 3, 3, 5, 5, // C: Norsemen Hit, Command x2; Berserker Command x2
            3, // C: Thegn Command
            1, 3, 3, 5, 5, // C: Norsemen Hit, Command x2; Berserker Command x2
        ],
    );
    // Ivar's first move is into Shire A, where he battles the English and 2 Fyrd.
    act(&mut s, NO, &step(ivar, "dunholm"));
    pass_windows(&mut s);
    act(&mut s, TH, &V878Action::CallFyrd { call: true });
    assert_eq!(at(&s, "dunholm", F), 2);
    // The two Commands cannot be carried out: no adjacent English-occupied shire.
    assert_eq!(legal(&s, TH), [KEEP]);
    act(&mut s, TH, &KEEP);
    // He eliminates all the English in his first roll.
    for kind in [T, T, F, F] {
        act(&mut s, TH, &hit(kind));
    }
    assert!(s.battle.is_none());
    assert_eq!(s.leaders[ivar as usize].moves_left, 3, "no move used up");
    assert!(s.marked[sh("dunholm").0 as usize]);
    assert_eq!(s.fyrd_stock, 10);
    // He leaves 2 Norsemen in A to keep it, moves to B and picks up the Berserker.
    act(&mut s, NO, &alight(ivar, NO, 2));
    act(&mut s, NO, &step(ivar, "north_riding"));
    act(&mut s, NO, &board(ivar, BE, 1));
    assert!(s.marked[sh("dunholm").0 as usize]);
    // In C he needs two rolls: the second uses his fourth and last move.
    act(&mut s, NO, &step(ivar, "euruic"));
    pass_windows(&mut s);
    act(&mut s, TH, &V878Action::CallFyrd { call: false });
    act(&mut s, HC, &KEEP);
    act(&mut s, TH, &KEEP);
    act(&mut s, TH, &hit(H));
    act(&mut s, NO, &KEEP);
    act(&mut s, BE, &KEEP);
    assert_eq!(s.leaders[ivar as usize].moves_left, 0);
    act(&mut s, TH, &KEEP);
    act(&mut s, TH, &hit(T));
    act(&mut s, NO, &KEEP);
    act(&mut s, BE, &KEEP);
    assert!(s.battle.is_none());
    assert_eq!(s.chance.scripted_left(), 0);
    assert_eq!(s.leaders[ivar as usize].place, on_map("euruic"));
    assert_eq!(s.leaders[ivar as usize].troops, [0, 0, 14, 7, 0]);
    assert!(s.marked[sh("euruic").0 as usize]);
    assert_eq!(refuse(&mut s, NO, &step(ivar, "elmet")).rule, "5.1");
    // No more Leaders: the card's second move goes to an army without a Leader.
    act(&mut s, NO, &END);
    act(&mut s, NO, &march(&["bernicia", "carleol"], [0, 0, 1, 0]));
    assert_eq!(s.budget.unwrap().armies_left, 0);
    assert_eq!(s.markers_on_map(), 3);
    assert_eq!(s.faction(TH).stock, 40);
    assert_eq!(s.faction(HC).stock, 20);
}

#[test]
fn v878_5_2_leader_who_withdrew_by_command_does_not_move_on() {
    // 5.2: a Leader moves on after a battle only if he won it. Halfdan withdraws from
    // Norþ Riding with his last unit to EURUIC, where a Norseman stands.
    let (mut s, halfdan) = halfdan_turn(2, [0, 0, 1, 0]);
    put(&mut s, "north_riding", TH, 2);
    put(&mut s, "euruic", NO, 1);
    dice(&mut s, &[3, 3, 3]); // English: Thegn Command x2; Vikings: Norsemen Command
    act(&mut s, NO, &step(halfdan, "north_riding"));
    pass_windows(&mut s);
    act(&mut s, TH, &KEEP);
    act(
        &mut s,
        NO,
        &V878Action::Command {
            spot: Spot::Card(halfdan),
            to: Some(sh("euruic")),
        },
    );
    assert!(s.battle.is_none());
    assert_eq!(s.leaders[halfdan as usize].place, on_map("euruic"));
    // He lost (5.2), so his moves are spent: he may still pick up units (5.1), but
    // the refused step names the move rule.
    assert_eq!(s.leaders[halfdan as usize].moves_left, 0);
    act(&mut s, NO, &board(halfdan, NO, 1));
    assert_eq!(refuse(&mut s, NO, &step(halfdan, "elmet")).rule, "5.1");
}

#[test]
fn v878_5_2_alfred_attacks_the_vikings_roll_first_and_no_fyrd() {
    let mut s = bare(5, HC, Phase::Reinforcements);
    let alfred = leader(&mut s, 0, on_map("sudrige"), [2, 1, 0, 0]);
    put(&mut s, "cantuarabyrg", NO, 1);
    put(&mut s, "cantuarabyrg", BE, 1);
    settle_markers(&mut s);
    play(&mut s, HC, 2);
    assert_eq!(s.phase, Phase::Leaders);
    dice(
        &mut s,
        &[
            3, 5, // Vikings: Norsemen Command, Berserker Command
            1, 1, 3, // English: Housecarl Hit x2, Thegn Command
        ],
    );
    act(&mut s, HC, &step(alfred, "cantuarabyrg"));
    assert_eq!(s.leaders[alfred as usize].moves_left, 1);
    pass_windows(&mut s);
    assert_eq!(
        s.pending,
        [
            Pending::Command {
                faction: NO,
                left: 1
            },
            Pending::Command {
                faction: BE,
                left: 1
            }
        ]
    );
    act(&mut s, NO, &KEEP);
    act(&mut s, BE, &KEEP);
    // The first English roll of the battle, though the second roll: a Berserker first.
    assert_eq!(
        s.pending,
        [
            Pending::Hits {
                faction: NO,
                hits: 2,
                berserker_first: true
            },
            Pending::Command {
                faction: TH,
                left: 1
            }
        ]
    );
    act(&mut s, NO, &hit(B));
    act(&mut s, NO, &hit(N));
    act(&mut s, TH, &KEEP);
    assert!(s.battle.is_none());
    assert_eq!(s.fyrd_stock, 10);
    assert_eq!(s.markers_on_map(), 0);
    // He cleared the shire with his first roll: his last move is left.
    assert_eq!(s.leaders[alfred as usize].moves_left, 1);
    act(&mut s, HC, &step(alfred, "seolesiae"));
}

#[test]
fn v878_5_2_viking_leader_defeated_in_an_english_battle() {
    let mut s = bare(3, TH, Phase::Reinforcements);
    let halfdan = leader(&mut s, 1, on_map("elmet"), [0, 0, 1, 0]);
    put(&mut s, "pecsaetan", TH, 2);
    play(&mut s, TH, 2);
    assert_eq!(s.phase, Phase::Movement);
    act(&mut s, TH, &march(&["pecsaetan", "elmet"], [0, 2, 0, 0]));
    act(&mut s, TH, &END);
    dice(&mut s, &[3, 1, 3]); // Vikings: Norsemen Command; English: Thegn Hit, Command
    act(&mut s, TH, &fight("elmet"));
    pass_windows(&mut s);
    act(&mut s, NO, &KEEP);
    let mut ev = act(&mut s, NO, &hit_on(N, halfdan));
    ev.extend(act(&mut s, TH, &KEEP));
    assert!(has(&ev, "5.2", &V878Event::LeaderDefeated { leader: 1 }));
    assert!(s.battle.is_none());
    assert_eq!(s.leaders[halfdan as usize].place, LeaderPlace::Defeated);
}

#[test]
fn v878_g21_invading_leader_not_moved_waits_off_the_map() {
    // The Norsemen leave Halfdan off the map in Round I; the Berserker land him later.
    let mut s = standard(6);
    let halfdan = leader_ix(&s, 1);
    let card = *s.faction(NO).hand.iter().find(|c| **c <= 7).unwrap();
    play(&mut s, NO, card);
    assert_eq!(s.phase, Phase::Leaders);
    act(&mut s, NO, &END);
    act(&mut s, NO, &END);
    dice(&mut s, &[3]); // the Berserker's cube
    act(&mut s, NO, &END);
    assert_eq!(s.active(), Some(BE));
    assert_eq!(s.leaders[halfdan as usize].place, LeaderPlace::OffMap);
    let card = *s.faction(BE).hand.iter().find(|c| **c <= 7).unwrap();
    play(&mut s, BE, card);
    assert_eq!(s.phase, Phase::Leaders);
    act(&mut s, BE, &step(halfdan, "bernicia"));
    assert_eq!(s.leaders[halfdan as usize].place, on_map("bernicia"));
}

#[test]
fn v878_g23_leader_passing_through_a_city_takes_it_only_while_there() {
    let (mut s, halfdan) = halfdan_turn(2, [0, 0, 3, 0]);
    act(&mut s, NO, &step(halfdan, "euruic"));
    assert!(s.marked[sh("euruic").0 as usize]);
    act(&mut s, NO, &step(halfdan, "elmet"));
    assert!(!s.marked[sh("euruic").0 as usize]);
    assert_eq!(s.markers_on_map(), 0);
}

#[test]
fn v878_g32_two_viking_leaders_may_share_a_shire() {
    let mut s = bare(2, NO, Phase::Reinforcements);
    let halfdan = leader(&mut s, 1, LeaderPlace::OffMap, [0, 0, 3, 0]);
    let ivar = leader(&mut s, 2, LeaderPlace::OffMap, [0, 0, 3, 0]);
    play(&mut s, NO, 2);
    act(&mut s, NO, &step(halfdan, "sudfolc"));
    act(&mut s, NO, &step(ivar, "sudfolc"));
    assert_eq!(s.leaders[halfdan as usize].place, on_map("sudfolc"));
    assert_eq!(s.leaders[ivar as usize].place, on_map("sudfolc"));
    assert_eq!(s.budget.unwrap().armies_left, 0);
}
