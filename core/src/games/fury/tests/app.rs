//! What the app asks of Fury beyond the rules of play: the chance count that undo may
//! not cross (a die roll), the progress line of a save, and checking options read from
//! a save before set-up.

use super::super::state::Phase;
use super::super::units::Side;
use super::super::{Fury, FuryOptions};
use super::support::*;
use crate::engine::Game;

#[test]
fn fury_7_2_a_combat_roll_moves_the_chance_count_and_a_move_does_not() {
    let mut s = bare("basic", &["0802"], 1, Phase::VikingMovement);
    put(&mut s, "VI01", "0803");
    let before = Fury::chance(&s).used();
    act(&mut s, Side::Viking, "move VI01 0803-0804");
    // No die in a move: it may be taken back.
    assert_eq!(Fury::chance(&s).used(), before);
    assert_eq!(Fury::hidden_digest(&s), 0, "Fury hides nothing");

    let mut s = bare("basic", &["0802"], 1, Phase::VikingCombat);
    put(&mut s, "VI01", "1010");
    put(&mut s, "RI01", "1010");
    dice(&mut s, &[3]);
    let before = Fury::chance(&s).used();
    let events = act(&mut s, Side::Viking, "attack 1010");
    assert_eq!(
        happened(&events),
        [(
            "7.2",
            FuryEvent::Attack {
                attackers: vec![u("VI01")],
                defenders: vec![u("RI01")],
                hex: hex("1010"),
                attack: 4,
                defence: 2,
                doubled: false,
                odds: Odds::TwoToOne,
                shifted: None,
                roll: 3,
                result: CrtResult::DR
            }
        )]
    );
    // One die was rolled: undo may not cross this action.
    assert_eq!(Fury::chance(&s).used(), before + 1);
}

#[test]
fn fury_4_0_progress_names_the_turn_and_phase() {
    let s = bare("basic", &["0802"], 3, Phase::VikingMovement);
    assert_eq!(Fury::progress(&s), "Turn 3, Viking movement (5.0)");
    let set_up = Fury::setup(&FuryOptions::for_scenario("basic").unwrap(), 1);
    assert_eq!(Fury::progress(&set_up), "Set-up, Villager set-up");
}

#[test]
fn fury_options_from_a_save_name_a_scenario_that_exists() {
    let mut options = FuryOptions::for_scenario("advanced").unwrap();
    assert_eq!(Fury::check_options(&options), Ok(()));
    options.scenario = 200;
    assert_eq!(
        Fury::check_options(&options),
        Err("Fury scenario number 200 does not exist (there are 5)".to_string())
    );
}
