//! Odds before committing (the contract's `preview`): a battle is estimated.

use crate::board::area::AreaId;
use crate::engine::{Game, Notation, Probability, Seat};
use crate::games::v878::actions::V878Action;
use crate::games::v878::data::data;
use crate::games::v878::preview::SAMPLES;
use crate::games::v878::V878;

fn battle(troops: &str) -> (crate::games::v878::V878State, AreaId) {
    let text = format!(
        "v878 position\nscenario standard\nround 2\norder norsemen\nphase battles\ntroops {troops}\n"
    );
    let state = <V878 as Notation>::parse_position(&text, 9).unwrap();
    (state, data().find("elmet").unwrap())
}

fn share(p: &crate::engine::Preview, outcome: &str) -> (f64, f64, f64) {
    let o = p
        .outcomes
        .iter()
        .find(|o| o.outcome == outcome)
        .unwrap_or_else(|| panic!("no outcome {outcome}: {p:?}"));
    match o.probability {
        Probability::Estimated {
            p,
            low,
            high,
            samples,
        } => {
            assert_eq!(samples, SAMPLES);
            (p, low, high)
        }
        other => panic!("a battle is estimated, not {other:?}"),
    }
}

#[test]
fn v878_4_0_preview_of_a_battle_is_estimated_with_its_interval() {
    let (state, elmet) = battle("elmet thegn=1 norsemen=5");
    let before = V878::state_hash(&state);
    let p = V878::preview(&state, Seat(2), &V878Action::Fight { shire: elmet })
        .expect("a battle has odds");
    assert_eq!(p.rule, "4.0");
    assert_eq!(p.odds, "English 1 against Viking 5 units");
    let (win, low, high) = share(&p, "the Vikings win");
    assert!(low <= win && win <= high && high - low < 0.1, "{p:?}");
    // Five Norsemen against one Thegn: the Vikings win far more often than not.
    assert!(win > 0.6, "{p:?}");
    let total: f64 = p.outcomes.iter().map(|o| o.probability.value()).sum();
    assert!((total - 1.0).abs() < 1e-9, "{p:?}");
    assert_eq!(V878::state_hash(&state), before);
}

#[test]
fn v878_4_0_the_stronger_side_is_favoured_either_way() {
    let (state, elmet) = battle("elmet thegn=6 norsemen=1");
    let p = V878::preview(&state, Seat(2), &V878Action::Fight { shire: elmet }).unwrap();
    let (english, _, _) = share(&p, "the English win");
    assert!(english > 0.6, "{p:?}");
}

#[test]
fn v878_4_0_only_a_battle_has_a_preview() {
    let (state, _) = battle("elmet thegn=1 norsemen=5");
    assert_eq!(V878::preview(&state, Seat(2), &V878Action::End), None);
}

#[test]
fn v878_5_2_a_leader_stepping_into_an_english_shire_has_battle_odds() {
    // Random play from a fixed seed until a Viking Leader may step into a shire the
    // English hold, which starts a battle there (5.1, 5.2).
    let options = V878::options("standard").unwrap();
    let mut state = V878::setup(&options, 4);
    let mut rng = crate::engine::Chance::new(4);
    for _ in 0..5_000 {
        let crate::engine::Turn::Decide(seats) = V878::to_act(&state) else {
            break;
        };
        let seat = seats[0];
        let step = V878::legal_actions(&state, seat).into_iter().find(|a| {
            matches!(a, V878Action::LeaderStep { to, .. }
                if state.side_strength(*to, crate::games::v878::data::Side::English) > 0
                    && seat.0 >= 2)
        });
        if let Some(step) = step {
            let p = V878::preview(&state, seat, &step).expect("a Leader's battle has odds");
            assert_eq!(p.rule, "4.0");
            // The Leader's army on his card counts: the Vikings are not 0.
            assert!(!p.odds.ends_with("Viking 0 units"), "{p:?}");
            let total: f64 = p.outcomes.iter().map(|o| o.probability.value()).sum();
            assert!((total - 1.0).abs() < 1e-9, "{p:?}");
            return;
        }
        let a = V878::random_action(&state, seat, &mut rng).unwrap();
        V878::apply(&mut state, seat, &a).unwrap();
    }
    panic!("no Viking Leader stepped into an English shire in this game");
}
