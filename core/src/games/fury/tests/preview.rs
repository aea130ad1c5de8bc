//! Odds before committing (the contract's `preview`): exact for one roll.

use crate::engine::{Game, Notation, Probability, Seat};
use crate::games::fury::actions::{FuryAction, Units};
use crate::games::fury::data::data;
use crate::games::fury::Fury;

const HOUSE_FIGHT: &str = "fury position
scenario basic
turn 1 viking-combat
ships 0802 landed=1 embarked=0
units
VI01 0915
MI05 0915
";

fn attack_0915() -> FuryAction {
    FuryAction::Attack {
        hex: data().grid.parse("0915").unwrap(),
        spare: Units::new(),
    }
}

#[test]
fn fury_7_2_preview_of_a_2_1_attack_gives_each_crt_result_its_share_of_six() {
    let state = <Fury as Notation>::parse_position(HOUSE_FIGHT, 3).unwrap();
    let before = Fury::state_hash(&state);
    let used = Fury::chance(&state).used();
    let p = Fury::preview(&state, Seat(0), &attack_0915()).expect("an attack has odds");
    assert_eq!(p.rule, "7.2");
    assert_eq!(p.odds, "4 to 2 (defence doubled) = 2-1");
    // The 2-1 column of the CRT (data), face by face, counted.
    let mut expected: Vec<(String, u32)> = Vec::new();
    for row in &data().crt {
        let name = format!("{:?}", row[4]);
        match expected.iter_mut().find(|(n, _)| *n == name) {
            Some((_, k)) => *k += 1,
            None => expected.push((name, 1)),
        }
    }
    expected.sort_by_key(|e| std::cmp::Reverse(e.1));
    let got: Vec<(String, u32)> = p
        .outcomes
        .iter()
        .map(|o| match o.probability {
            Probability::Exact { favourable, total } => {
                assert_eq!(total, 6);
                (o.outcome.clone(), favourable)
            }
            other => panic!("an attack is one roll, not {other:?}"),
        })
        .collect();
    assert_eq!(got, expected);
    // Looking never moves the game or its dice.
    assert_eq!(Fury::state_hash(&state), before);
    assert_eq!(Fury::chance(&state).used(), used);
}

#[test]
fn fury_4_0_a_move_has_no_preview() {
    let state = <Fury as Notation>::parse_position(HOUSE_FIGHT, 3).unwrap();
    assert_eq!(Fury::preview(&state, Seat(0), &FuryAction::End), None);
}
