//! Tests of Holy Roman Empire Intervenes and Oath of Fealty (8.13).

use super::super::actions::{Action, Event};
use super::super::chits::Chit;
use super::super::data::tables::PlayerPhase;
use super::super::data::Power;
use super::super::rules::{apply, legal_actions};
use super::super::state::State;
use super::phase_markers::{MarkerAction, MarkerEvent};
use super::test_position::{chit, gold, let_stand, open_phase, position, seat, snapshot};
use crate::engine::GameEvent;

/// The Normans' Campaign Marker Phase with its picks drawn, hands and pool as given.
fn after_picks(normans: Vec<Chit>, saxons: Vec<Chit>, pool: Vec<Chit>) -> State {
    let mut s = position(Vec::new(), |_| {});
    open_phase(&mut s, Power::Normans, PlayerPhase::CampaignMarker);
    s.player_turn.campaign = Default::default();
    s.power_mut(Power::Normans).hand.0 = normans;
    s.power_mut(Power::AngloSaxons).hand.0 = saxons;
    let mut pool = pool;
    pool.sort();
    s.pool.0 = pool;
    s
}

/// Plays the marker and lets every other player let it stand (8.13).
fn play(s: &mut State, a: MarkerAction) -> Vec<GameEvent<Event>> {
    let n = seat(s, Power::Normans);
    let mut events = apply(s, n, &Action::Marker(a)).expect("legal");
    events.extend(let_stand(s));
    events
}

#[test]
fn g1066_8_13_holy_roman_empire_picks_a_die_of_markers_events_are_no_event() {
    let mut pool = gold(4);
    pool.push(chit("attrition"));
    let mut s = after_picks(vec![chit("holy_roman_empire")], Vec::new(), pool);
    let at = s.pool.iter().position(|c| c.is("attrition")).expect("pool") as u32;
    // A 3, then Attrition first and two gold.
    s.chance.script_rolls(&[3, at + 1, 1, 1]);
    let n = seat(&s, Power::Normans);
    let hre = Action::Marker(MarkerAction::HolyRomanEmpire {
        power: Power::Normans,
    });
    assert!(legal_actions(&s, n).contains(&hre));
    let events = play(
        &mut s,
        MarkerAction::HolyRomanEmpire {
            power: Power::Normans,
        },
    );
    assert!(events.iter().any(|e| e.kind
        == Event::Marker(MarkerEvent::ExtraPicks {
            power: Power::Normans,
            roll: 3
        })));
    assert!(events.iter().any(|e| e.kind
        == Event::Marker(MarkerEvent::NoEvent {
            power: Power::Normans,
            chit: chit("attrition")
        })));
    assert_eq!(s.power(Power::Normans).hand.0, gold(2));
    assert!(s.events_out.is_empty(), "no event: nothing resolved");
    let mut left: Vec<Chit> = s.pool.0.clone();
    left.sort();
    let mut want = vec![
        chit("attrition"),
        chit("holy_roman_empire"),
        chit("gold_point"),
        chit("gold_point"),
    ];
    want.sort();
    assert_eq!(left, want);
}

#[test]
fn g1066_8_13_oath_of_fealty_takes_a_random_marker_from_a_rival() {
    let mut saxons = vec![chit("gold_point"), chit("vassalage")];
    saxons.sort();
    let second = saxons[1];
    let mut s = after_picks(vec![chit("oath_of_fealty")], saxons, Vec::new());
    s.chance.script_rolls(&[2]);
    let events = play(
        &mut s,
        MarkerAction::OathOfFealty {
            power: Power::Normans,
            target: Power::AngloSaxons,
        },
    );
    assert_eq!(s.power(Power::Normans).hand.0, vec![second]);
    assert_eq!(s.power(Power::AngloSaxons).hand.len(), 1);
    assert_eq!(s.pool.0, vec![chit("oath_of_fealty")]);
    // Which marker moved is told to the two players concerned only.
    let (n, a) = (seat(&s, Power::Normans), seat(&s, Power::AngloSaxons));
    let told = events
        .iter()
        .find(|e| matches!(e.kind, Event::Marker(MarkerEvent::OathTakenChit { .. })))
        .expect("told");
    assert!(told.audience.admits(&[n]) && told.audience.admits(&[a]));
}

#[test]
fn g1066_8_13_markers_wait_until_the_picks_are_drawn() {
    let mut s = after_picks(
        vec![chit("oath_of_fealty")],
        vec![chit("gold_point")],
        gold(3),
    );
    s.player_turn.campaign.owed = 1;
    let n = seat(&s, Power::Normans);
    let oath = Action::Marker(MarkerAction::OathOfFealty {
        power: Power::Normans,
        target: Power::AngloSaxons,
    });
    assert!(!legal_actions(&s, n).contains(&oath));
    let before = snapshot(&s);
    assert_eq!(
        apply(&mut s, n, &oath).expect_err("picks owed").rule,
        "8.13"
    );
    assert_eq!(snapshot(&s), before);
    // Nor against the player's own powers, nor an empty hand.
    let mut s = after_picks(vec![chit("oath_of_fealty")], Vec::new(), gold(3));
    let offered = legal_actions(&s, n);
    assert!(!offered.iter().any(|a| matches!(a, Action::Marker(_))));
    assert_eq!(
        apply(&mut s, n, &oath).expect_err("empty hand").rule,
        "8.13"
    );
}

/// The Normans in their Movement Phase with an Assassin; Harold in F13, seen by them
/// when `seen`.
fn assassin_position(seen: bool) -> (State, u16) {
    let mut s = position(gold(5), |_| {});
    let n = seat(&s, Power::Normans);
    let id = s.next_unit;
    let f13 = super::super::data::Place::Square(super::super::data::square("F13").expect("F13"));
    s.add_unit(
        f13,
        Power::AngloSaxons,
        super::super::state_tests::leader("harold"),
        if seen { vec![n] } else { Vec::new() },
    );
    s.power_mut(Power::Normans).hand.0 = vec![chit("assassin")];
    open_phase(&mut s, Power::Normans, PlayerPhase::Movement);
    (s, id)
}

#[test]
fn g1066_8_13_the_assassin_kills_a_known_leader_on_a_six() {
    let (mut s, harold) = assassin_position(true);
    let n = seat(&s, Power::Normans);
    let strike = MarkerAction::Assassin {
        power: Power::Normans,
        unit: harold,
    };
    assert!(legal_actions(&s, n).contains(&Action::Marker(strike.clone())));
    s.chance.script_rolls(&[6]);
    play(&mut s, strike);
    assert!(s.units().all(|(_, _, u)| u.id != harold));
    assert!(s.power(Power::Normans).hand.is_empty());
    assert_eq!(s.pool.iter().filter(|c| c.is("assassin")).count(), 1);
}

#[test]
fn g1066_8_13_a_spared_leader_s_power_picks_a_marker() {
    let (mut s, harold) = assassin_position(true);
    s.chance.script_rolls(&[5]);
    let events = play(
        &mut s,
        MarkerAction::Assassin {
            power: Power::Normans,
            unit: harold,
        },
    );
    assert!(events.iter().any(|e| e.kind
        == Event::Marker(MarkerEvent::Assassination {
            power: Power::Normans,
            unit: harold,
            roll: 5,
            killed: false
        })));
    assert!(s.units().any(|(_, _, u)| u.id == harold));
    assert_eq!(s.power(Power::AngloSaxons).hand.0, gold(1));
}

#[test]
fn g1066_8_13_the_assassin_needs_a_leader_it_has_seen() {
    let (mut s, harold) = assassin_position(false);
    let n = seat(&s, Power::Normans);
    assert!(!legal_actions(&s, n)
        .iter()
        .any(|a| matches!(a, Action::Marker(_))));
    let before = snapshot(&s);
    let err = apply(
        &mut s,
        n,
        &Action::Marker(MarkerAction::Assassin {
            power: Power::Normans,
            unit: harold,
        }),
    )
    .expect_err("unseen");
    assert_eq!(err.rule, "8.13");
    assert_eq!(snapshot(&s), before);
}

#[test]
fn g1066_8_13_an_oath_after_a_spy_chooses_the_marker_it_takes() {
    // AM3: the Spy shows the Anglo-Saxons' hand; the Oath then takes the Assassin by
    // choice, with no die.
    let mut saxons = vec![chit("gold_point"), chit("assassin"), chit("vassalage")];
    saxons.sort();
    let mut s = after_picks(
        vec![chit("spy"), chit("oath_of_fealty")],
        saxons,
        Vec::new(),
    );
    let (n, a) = (seat(&s, Power::Normans), seat(&s, Power::AngloSaxons));
    play(
        &mut s,
        MarkerAction::SpyHand {
            power: Power::Normans,
            target: Power::AngloSaxons,
        },
    );
    let used = s.chance.used();
    play(
        &mut s,
        MarkerAction::OathOfFealty {
            power: Power::Normans,
            target: Power::AngloSaxons,
        },
    );
    // The choice is all the Normans may do now, and the view shows them the hand.
    let offered = legal_actions(&s, n);
    assert_eq!(offered.len(), 3, "{offered:?}");
    assert!(offered
        .iter()
        .all(|x| matches!(x, Action::Marker(MarkerAction::OathPick { .. }))));
    let view = super::super::view::view(&s, &[n]);
    assert!(view
        .state
        .power(Power::AngloSaxons)
        .hand
        .iter()
        .any(|c| c.is("assassin")));
    let pick = Action::Marker(MarkerAction::OathPick {
        power: Power::Normans,
        chit: chit("assassin"),
    });
    assert!(super::super::rules::action_is_secret(&s, &pick));
    let events = apply(&mut s, n, &pick).expect("choose");
    assert_eq!(s.chance.used(), used, "chosen, not drawn");
    assert_eq!(s.power(Power::Normans).hand.0, vec![chit("assassin")]);
    assert_eq!(s.power(Power::AngloSaxons).hand.len(), 2);
    assert!(s.player_turn.markers.oath.is_none());
    let told = events
        .iter()
        .find(|e| matches!(e.kind, Event::Marker(MarkerEvent::OathTakenChit { .. })))
        .expect("told");
    assert!(told.audience.admits(&[n]) && told.audience.admits(&[a]));
}

#[test]
fn g1066_8_13_without_a_spy_the_oath_draws_at_random() {
    let mut s = after_picks(
        vec![chit("oath_of_fealty")],
        vec![chit("gold_point"), chit("assassin")],
        Vec::new(),
    );
    s.chance.script_rolls(&[1]);
    play(
        &mut s,
        MarkerAction::OathOfFealty {
            power: Power::Normans,
            target: Power::AngloSaxons,
        },
    );
    assert!(s.player_turn.markers.oath.is_none());
    assert_eq!(s.power(Power::Normans).hand.len(), 1);
}
