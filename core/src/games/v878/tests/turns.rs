//! Rule tests for the game flow (1.0-1.2; brief items 19-23): Rounds, the random Turn
//! order with the Norsemen first in Round I, and the phases of a Turn.

use super::super::actions::V878Action;
use super::super::state::{LeaderPlace, Phase};
use super::support::*;

#[test]
fn v878_1_0_each_faction_takes_one_turn_a_round_in_random_order() {
    let mut s = standard(11);
    assert_eq!((s.round, s.order.clone()), (1, vec![NO]));
    // A Viking-held city, so that the game goes on after Round I (7.0).
    s.map[sh("dunholm").0 as usize][T] = 0;
    s.faction_mut(TH).stock += 1;
    put(&mut s, "dunholm", NO, 1);
    settle_markers(&mut s);
    assert_eq!(s.markers_on_map(), 1);
    // Cubes drawn from the bag: after the Norsemen, face 3 of Housecarl, Thegn,
    // Berserker draws the Berserker, then face 1 of Housecarl, Thegn the Housecarl.
    dice(&mut s, &[3, 1]);
    pass_turn(&mut s);
    assert_eq!(s.order, [NO, BE]);
    pass_turn(&mut s);
    assert_eq!(s.order, [NO, BE, HC]);
    pass_turn(&mut s);
    assert_eq!(s.order, [NO, BE, HC, TH]);
    assert_eq!(s.round, 1);
    // 1.0: a new Round puts all four cubes back; face 2 of the four is the Thegn.
    dice(&mut s, &[2]);
    pass_turn(&mut s);
    assert_eq!((s.round, s.order.clone()), (2, vec![TH]));
    assert_eq!(s.phase, Phase::Reinforcements);
    assert_eq!(s.chance.scripted_left(), 0);
    // Halfdan was never moved: he is still off the map with his army (G21).
    let halfdan = &s.leaders[leader_ix(&s, 1) as usize];
    assert_eq!(halfdan.place, LeaderPlace::OffMap);
    assert_eq!(halfdan.troops, [0, 0, 17, 8, 0]);
}

#[test]
fn v878_1_0_round_one_every_faction_once_norsemen_first() {
    // Without scripted cubes each faction takes exactly one Turn in the Round. Nobody
    // moves, so no marker is on the map at its end and the English win at once (7.0).
    let mut s = standard(4);
    let mut seen = Vec::new();
    while s.round == 1 && s.finish.is_none() {
        if seen.last() != s.active().as_ref() {
            seen.push(s.active().unwrap());
        }
        pass_turn(&mut s);
    }
    let mut sorted = seen.clone();
    sorted.sort();
    assert_eq!(sorted, [HC, TH, NO, BE]);
    assert_eq!(seen[0], NO);
    let finish = s.finish.expect("the game ends after Round I");
    assert_eq!(finish.winner, super::super::data::Side::English);
}

#[test]
fn v878_1_2_turn_phases_in_order() {
    let mut s = standard(2);
    assert_eq!(s.phase, Phase::Reinforcements);
    // The Norsemen have Halfdan's card with Norsemen on it: a Leader Phase.
    let card = *s
        .faction(NO)
        .hand
        .iter()
        .find(|c| **c <= 7)
        .expect("a Movement card");
    act(&mut s, NO, &V878Action::PlayCard { card });
    pass_windows(&mut s);
    assert_eq!(s.phase, Phase::Leaders);
    act(&mut s, NO, &END);
    assert_eq!(s.phase, Phase::Movement);
    act(&mut s, NO, &END);
    assert_eq!(s.phase, Phase::Battles);
    act(&mut s, NO, &END);
    assert_eq!(s.order.len(), 2);
    assert_eq!(s.phase, Phase::Reinforcements);
}

#[test]
fn v878_1_2_side_without_leader_skips_the_leader_phase() {
    // The English have no Leader before Alfred (1.2 note).
    let s = moving(2, HC, 2);
    assert_eq!(s.phase, Phase::Movement);
    // Vikings with no Leader in play.
    let s = moving(2, BE, 2);
    assert_eq!(s.phase, Phase::Movement);
    // A Leader only the Norsemen can move (no Berserker on his card) gives the
    // Berserker no Leader Phase (5.1).
    let mut s = bare(2, BE, Phase::Reinforcements);
    leader(&mut s, 1, LeaderPlace::OffMap, [0, 0, 5, 0]);
    play(&mut s, BE, 2);
    assert_eq!(s.phase, Phase::Movement);
    let mut s = bare(2, BE, Phase::Reinforcements);
    leader(&mut s, 1, on_map("sudfolc"), [0, 0, 5, 1]);
    play(&mut s, BE, 2);
    assert_eq!(s.phase, Phase::Leaders);
}
