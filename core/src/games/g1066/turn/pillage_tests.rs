//! Tests of the Pillage Phase (19.0).

use super::super::actions::{Action, Event};
use super::super::data::tables::PlayerPhase;
use super::super::data::{Place, Power, UnitType};
use super::super::rules::{apply, legal_actions};
use super::super::sequence_tests::town;
use super::super::state::{Castle, State};
use super::super::state_tests::unit;
use super::campaign::{CampaignAction, CampaignEvent, PendingEvent};
use super::pillage::{PillageAction, PillageEvent};
use super::test_position::{chit, gold, open_phase, position, seat, snapshot};
use crate::board::square::Square;
use crate::engine::GameEvent;

fn square(name: &str) -> Square {
    match town(name) {
        Place::Square(sq) => sq,
        Place::Box(_) => panic!("{name} is a box"),
    }
}

fn put(s: &mut State, name: &str, power: Power, t: UnitType, n: usize) {
    for _ in 0..n {
        s.add_unit(town(name), power, unit(t), Vec::new());
    }
}

fn pillage(s: &mut State, name: &str, burn_castle: bool) -> Vec<GameEvent<Event>> {
    let n = seat(s, Power::Normans);
    apply(
        s,
        n,
        &Action::Pillage(PillageAction::Pillage {
            power: Power::Normans,
            square: square(name),
            burn_castle,
        }),
    )
    .expect("legal")
}

fn attempts(events: &[GameEvent<Event>]) -> Vec<(u8, bool)> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            Event::Pillage(PillageEvent::Attempt { roll, pillaged, .. }) => {
                Some((*roll, *pillaged))
            }
            _ => None,
        })
        .collect()
}

fn hand(s: &State, p: Power) -> usize {
    s.power(p).hand.len()
}

#[test]
fn g1066_19_2_a_die_at_most_the_attack_factors_pillages_and_loots_the_town() {
    // Two fyrd (attack 1 each) in London (feudal 3): a 2 pillages.
    let mut s = position(gold(10), |s| {
        put(s, "London", Power::Normans, UnitType::Fyrd, 2)
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Pillage);
    s.chance.script_rolls(&[2]);
    let events = pillage(&mut s, "London", false);
    assert_eq!(attempts(&events), vec![(2, true)]);
    assert!(s.pillaged.contains(&square("London")));
    // G3.8: the printed feudal value in loot; each other player picks one.
    assert_eq!(hand(&s, Power::Normans), 3);
    assert_eq!(hand(&s, Power::AngloSaxons), 1);
    assert_eq!(s.pool.len(), 6);
    assert!(s.player_turn.pillage.picks.is_empty());
    // The marker picked is its player's to see; that a pick happened is public.
    let private: Vec<_> = events
        .iter()
        .filter(|e| matches!(e.kind, Event::Campaign(CampaignEvent::PickedChit { .. })))
        .collect();
    assert_eq!(private.len(), 4);
    let n = seat(&s, Power::Normans);
    let a = seat(&s, Power::AngloSaxons);
    for e in private {
        let Event::Campaign(CampaignEvent::PickedChit { power, .. }) = e.kind else {
            unreachable!()
        };
        let (owner, other) = if power == Power::Normans {
            (n, a)
        } else {
            (a, n)
        };
        assert!(e.audience.admits(&[owner]) && !e.audience.admits(&[other]));
    }
}

#[test]
fn g1066_19_4_a_failed_attempt_is_the_only_one_this_phase() {
    let mut s = position(gold(10), |s| {
        put(s, "London", Power::Normans, UnitType::Fyrd, 2)
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Pillage);
    s.chance.script_rolls(&[3]);
    let events = pillage(&mut s, "London", false);
    assert_eq!(attempts(&events), vec![(3, false)]);
    assert!(s.pillaged.is_empty());
    assert_eq!(hand(&s, Power::Normans), 0);
    assert_eq!(
        hand(&s, Power::AngloSaxons),
        0,
        "no reaction to a failure (G3.8)"
    );
    let n = seat(&s, Power::Normans);
    assert_eq!(
        legal_actions(&s, n),
        vec![Action::EndPhase {
            power: Power::Normans
        }]
    );
    let before = snapshot(&s);
    let err = apply(
        &mut s,
        n,
        &Action::Pillage(PillageAction::Pillage {
            power: Power::Normans,
            square: square("London"),
            burn_castle: false,
        }),
    )
    .expect_err("tried already");
    assert_eq!(err.rule, "19.4");
    assert_eq!(snapshot(&s), before);
}

#[test]
fn g1066_19_5_no_pillage_beside_the_enemy_or_where_already_pillaged() {
    let mut s = position(gold(10), |s| {
        put(s, "London", Power::Normans, UnitType::Knight, 1);
        put(s, "London", Power::AngloSaxons, UnitType::Fyrd, 1);
        put(s, "Oxford", Power::Normans, UnitType::Knight, 1);
        s.pillaged.insert(square("Oxford"));
        // A fleet has no attack factors (T1): it cannot pillage.
        put(s, "Dover", Power::Normans, UnitType::Fleet, 1);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Pillage);
    let n = seat(&s, Power::Normans);
    let before = snapshot(&s);
    for (name, rule) in [("London", "19.5"), ("Oxford", "19.5"), ("Dover", "19.2")] {
        let err = apply(
            &mut s,
            n,
            &Action::Pillage(PillageAction::Pillage {
                power: Power::Normans,
                square: square(name),
                burn_castle: false,
            }),
        )
        .expect_err(name);
        assert_eq!(err.rule, rule, "{name}");
        assert_eq!(snapshot(&s), before);
    }
    assert_eq!(
        legal_actions(&s, n),
        vec![Action::EndPhase {
            power: Power::Normans
        }]
    );
}

#[test]
fn g1066_19_2_the_pillager_may_burn_the_castle() {
    let mut s = position(gold(10), |s| {
        put(s, "London", Power::Normans, UnitType::Knight, 1);
        put(s, "Oxford", Power::Normans, UnitType::Knight, 1);
        for name in ["London", "Oxford"] {
            s.castles.push(Castle {
                square: square(name),
                holder: None,
            });
        }
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Pillage);
    let n = seat(&s, Power::Normans);
    // Both choices are offered where a castle stands, and ending the phase.
    assert_eq!(legal_actions(&s, n).len(), 5);
    s.chance.script_rolls(&[1]);
    let events = pillage(&mut s, "London", true);
    assert!(events.iter().any(|e| e.kind
        == Event::Pillage(PillageEvent::CastleBurned {
            square: square("London")
        })));
    s.chance.script_rolls(&[3]);
    pillage(&mut s, "Oxford", false);
    let castles: Vec<Square> = s.castles.iter().map(|c| c.square).collect();
    assert_eq!(castles, vec![square("Oxford")]);
    // Oxford (feudal 1) and London (3): the knight's 3 took both.
    assert_eq!(hand(&s, Power::Normans), 4);
    assert_eq!(hand(&s, Power::AngloSaxons), 2);
}

#[test]
fn g1066_8_8_an_event_in_the_loot_is_resolved_before_the_rest_is_picked() {
    let mut pool = gold(6);
    pool.push(chit("attrition"));
    let mut s = position(pool, |s| {
        put(s, "London", Power::Normans, UnitType::Fyrd, 2)
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Pillage);
    let at = s
        .pool
        .iter()
        .position(|c| c.is("attrition"))
        .expect("in pool") as u32;
    // Pillage on a 1; the first loot pick is Attrition; London's die is a 1: one lost.
    s.chance.script_rolls(&[1, at + 1, 1]);
    pillage(&mut s, "London", false);
    let london = town("London");
    assert_eq!(
        s.player_turn.campaign.pending,
        Some(PendingEvent::Attrition {
            power: Power::Normans,
            places: vec![london]
        })
    );
    assert_eq!(
        s.player_turn.pillage.picks.len(),
        3,
        "two loot and one reaction"
    );
    let n = seat(&s, Power::Normans);
    let err = apply(
        &mut s,
        n,
        &Action::EndPhase {
            power: Power::Normans,
        },
    )
    .expect_err("Event unresolved");
    assert_eq!(err.rule, "8.8");
    let offered = legal_actions(&s, n);
    assert_eq!(offered.len(), 2, "either fyrd");
    let Action::Campaign(CampaignAction::AttritionLoss { unit, .. }) = offered[0] else {
        panic!("{offered:?}");
    };
    apply(&mut s, n, &offered[0]).expect("legal");
    assert!(s
        .stack(london, Power::Normans)
        .is_some_and(|st| st.units.len() == 1 && st.units[0].id != unit));
    assert_eq!(hand(&s, Power::Normans), 2);
    assert_eq!(hand(&s, Power::AngloSaxons), 1);
    assert_eq!(s.events_out, vec![chit("attrition")]);
    assert!(legal_actions(&s, n).contains(&Action::EndPhase {
        power: Power::Normans
    }));
}

#[test]
fn g1066_8_6_a_full_hand_gains_no_loot() {
    let mut s = position(gold(30), |s| {
        put(s, "London", Power::Normans, UnitType::Knight, 1);
        s.power_mut(Power::Normans).hand.0 = gold(18);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Pillage);
    s.chance.script_rolls(&[1]);
    let events = pillage(&mut s, "London", false);
    let full = events
        .iter()
        .filter(|e| matches!(e.kind, Event::Campaign(CampaignEvent::HandFull { .. })))
        .count();
    assert_eq!(full, 3);
    assert_eq!(hand(&s, Power::Normans), 18);
    assert_eq!(hand(&s, Power::AngloSaxons), 1);
}
