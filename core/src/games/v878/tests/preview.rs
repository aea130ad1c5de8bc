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
    assert_eq!(p.odds, "English 1 units against Viking 5");
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
