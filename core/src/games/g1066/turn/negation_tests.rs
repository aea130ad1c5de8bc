//! Tests of negating Action markers, the Spy and the Papal exchange (8.13).

use super::super::actions::{Action, Event};
use super::super::chits::Chit;
use super::super::data::tables::PlayerPhase;
use super::super::data::{BoxId, Place, Power, UnitType};
use super::super::rules::{action_is_secret, apply, legal_actions};
use super::super::state::{Identity, State};
use super::super::state_tests::unit;
use super::super::view::view;
use super::movement::MovementAction;
use super::negation::{self, NegationAction};
use super::phase_markers::{MarkerAction, MarkerEvent};
use super::test_position::{at, chit, gold, let_stand, open_phase, position, seat, snapshot};
use crate::engine::{GameEvent, RuleError};

const N: Power = Power::Normans;
const AS: Power = Power::AngloSaxons;

/// The Normans' Campaign Marker Phase with its picks drawn, hands and pool as given.
fn after_picks(normans: &[&str], saxons: &[&str], pool: Vec<Chit>) -> State {
    let mut s = position(Vec::new(), |_| {});
    open_phase(&mut s, N, PlayerPhase::CampaignMarker);
    s.player_turn.campaign = Default::default();
    s.power_mut(N).hand.0 = normans.iter().map(|c| chit(c)).collect();
    s.power_mut(AS).hand.0 = saxons.iter().map(|c| chit(c)).collect();
    let mut pool = pool;
    pool.sort();
    s.pool.0 = pool;
    s
}

fn act(s: &mut State, p: Power, a: Action) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let by = seat(s, p);
    apply(s, by, &a)
}

fn ok(s: &mut State, p: Power, a: Action) -> Vec<GameEvent<Event>> {
    act(s, p, a.clone()).unwrap_or_else(|e| panic!("{a:?}: {e:?}"))
}

fn negate(power: Power, with: &str) -> Action {
    Action::Negation(NegationAction::Negate {
        power,
        with: with.to_string(),
    })
}

fn stand(power: Power) -> Action {
    Action::Negation(NegationAction::LetStand { power })
}

fn hre() -> Action {
    Action::Marker(MarkerAction::HolyRomanEmpire { power: N })
}

fn held(s: &State, p: Power) -> Vec<Chit> {
    let mut h = s.power(p).hand.0.clone();
    h.sort();
    h
}

fn in_pool(s: &State, id: &str) -> usize {
    s.pool.iter().filter(|c| c.is(id)).count()
}

fn rolled_extra(events: &[GameEvent<Event>]) -> bool {
    events
        .iter()
        .any(|e| matches!(e.kind, Event::Marker(MarkerEvent::ExtraPicks { .. })))
}

#[test]
fn g1066_8_13_papal_intervention_negates_an_action_marker_before_it_takes_effect() {
    let mut s = after_picks(&["holy_roman_empire"], &["papal_intervention"], gold(6));
    let events = ok(&mut s, N, hre());
    assert!(!rolled_extra(&events), "nothing happens yet");
    // The Anglo-Saxons are asked; holding a Papal Intervention, they may negate.
    assert_eq!(negation::asked(&s), Some(AS));
    assert_eq!(
        legal_actions(&s, seat(&s, AS)),
        vec![stand(AS), negate(AS, "papal_intervention")]
    );
    assert!(legal_actions(&s, seat(&s, N)).is_empty());
    ok(&mut s, AS, negate(AS, "papal_intervention"));
    // The Normans may answer the negation; with no marker of their own, only let it be.
    assert_eq!(legal_actions(&s, seat(&s, N)), vec![stand(N)]);
    let events = ok(&mut s, N, stand(N));
    assert!(!rolled_extra(&events));
    assert!(events.iter().any(|e| e.kind
        == Event::Marker(MarkerEvent::Settled {
            power: N,
            marker: "holy_roman_empire".into(),
            stands: false
        })));
    // Both markers are back in the pool and nobody drew anything.
    assert!(held(&s, N).is_empty());
    assert!(held(&s, AS).is_empty());
    assert_eq!(in_pool(&s, "holy_roman_empire"), 1);
    assert_eq!(in_pool(&s, "papal_intervention"), 1);
    assert_eq!(in_pool(&s, "gold_point"), 6);
    assert!(negation::asked(&s).is_none());
}

#[test]
fn g1066_8_13_a_negation_may_itself_be_negated_last_in_first_out() {
    let mut s = after_picks(
        &["holy_roman_empire", "papal_intervention"],
        &["papal_intervention"],
        gold(6),
    );
    s.chance.script_rolls(&[2, 1, 1]);
    ok(&mut s, N, hre());
    ok(&mut s, AS, negate(AS, "papal_intervention"));
    ok(&mut s, N, negate(N, "papal_intervention"));
    // The Anglo-Saxons, asked again, have nothing left to answer with.
    assert_eq!(legal_actions(&s, seat(&s, AS)), vec![stand(AS)]);
    let events = ok(&mut s, AS, stand(AS));
    assert!(events
        .iter()
        .any(|e| e.kind == Event::Marker(MarkerEvent::ExtraPicks { power: N, roll: 2 })));
    assert_eq!(held(&s, N), gold(2));
    assert_eq!(in_pool(&s, "papal_intervention"), 2);
    assert_eq!(in_pool(&s, "holy_roman_empire"), 1);
}

#[test]
fn g1066_8_13_a_spy_negates_a_spy_or_an_assassin_and_nothing_else() {
    let mut s = after_picks(&["oath_of_fealty"], &["spy", "gold_point"], gold(2));
    ok(
        &mut s,
        N,
        Action::Marker(MarkerAction::OathOfFealty {
            power: N,
            target: AS,
        }),
    );
    assert_eq!(legal_actions(&s, seat(&s, AS)), vec![stand(AS)]);
    let before = snapshot(&s);
    let e = act(&mut s, AS, negate(AS, "spy")).expect_err("not against an Oath");
    assert_eq!(e.rule, "8.13");
    assert_eq!(snapshot(&s), before);

    let mut s = after_picks(&["spy"], &["spy"], gold(2));
    ok(
        &mut s,
        N,
        Action::Marker(MarkerAction::SpyHand {
            power: N,
            target: AS,
        }),
    );
    assert_eq!(
        legal_actions(&s, seat(&s, AS)),
        vec![stand(AS), negate(AS, "spy")]
    );
    ok(&mut s, AS, negate(AS, "spy"));
    // The Normans' own Spy is the one being played: it cannot answer for itself, and a
    // negating Spy is gone from the hand as it is played.
    assert_eq!(legal_actions(&s, seat(&s, N)), vec![stand(N)]);
    assert!(held(&s, AS).is_empty());
    let events = ok(&mut s, N, stand(N));
    assert!(!events
        .iter()
        .any(|e| matches!(e.kind, Event::Marker(MarkerEvent::SpiedHandChits { .. }))));
    assert_eq!(in_pool(&s, "spy"), 2);
}

#[test]
fn g1066_8_13_a_spy_shows_the_spying_player_every_enemy_counter_on_the_map() {
    let mut s = position(gold(2), |s| {
        s.power_mut(N).hand.0 = vec![chit("spy")];
        s.add_unit(at("F14"), AS, unit(UnitType::Housecarl), Vec::new());
        s.add_unit(at("G13"), AS, unit(UnitType::Fyrd), Vec::new());
        s.add_unit(
            Place::Box(BoxId::Norway),
            AS,
            unit(UnitType::Thegn),
            Vec::new(),
        );
    });
    open_phase(&mut s, N, PlayerPhase::Movement);
    let n = seat(&s, N);
    let hidden = |s: &State| {
        view(s, &[n])
            .state
            .units()
            .filter(|(_, p, u)| *p == AS && *u.identity == Identity::Unknown)
            .count()
    };
    assert_eq!(hidden(&s), 3);
    let spy = Action::Marker(MarkerAction::SpyStacks { power: N });
    assert!(legal_actions(&s, n).contains(&spy));
    ok(&mut s, N, spy);
    let_stand(&mut s);
    // The two counters on the map are known; the one in a box (off the map) is not.
    assert_eq!(hidden(&s), 1);
    assert!(held(&s, N).is_empty());
    assert_eq!(in_pool(&s, "spy"), 1);
}

#[test]
fn g1066_8_13_a_spy_on_a_hand_tells_the_spying_player_alone() {
    let mut s = after_picks(&["spy"], &["assassin", "gold_point"], gold(2));
    ok(
        &mut s,
        N,
        Action::Marker(MarkerAction::SpyHand {
            power: N,
            target: AS,
        }),
    );
    let events = let_stand(&mut s);
    let seen = events
        .iter()
        .find(|e| matches!(e.kind, Event::Marker(MarkerEvent::SpiedHandChits { .. })))
        .expect("what the spy saw");
    let mut want = vec![chit("assassin"), chit("gold_point")];
    want.sort();
    assert_eq!(
        seen.kind,
        Event::Marker(MarkerEvent::SpiedHandChits {
            power: N,
            target: AS,
            chits: want
        })
    );
    assert!(seen.audience.admits(&[seat(&s, N)]));
    assert!(!seen.audience.admits(&[seat(&s, AS)]));
}

#[test]
fn g1066_8_13_papal_intervention_fetches_a_chosen_action_marker_from_the_pool() {
    let mut pool = gold(3);
    pool.extend([chit("forced_march"), chit("rally"), chit("attrition")]);
    let mut s = after_picks(&["papal_intervention"], &[], pool);
    ok(
        &mut s,
        N,
        Action::Marker(MarkerAction::PapalSwap { power: N }),
    );
    let_stand(&mut s);
    // The pick is all the Normans may do: one of each Action marker in the pool.
    let picks = legal_actions(&s, seat(&s, N));
    let mut want: Vec<Action> = [chit("gold_point"), chit("forced_march"), chit("rally")]
        .into_iter()
        .map(|chit| Action::Marker(MarkerAction::SwapPick { power: N, chit }))
        .collect();
    want.sort_by_key(|a| format!("{a:?}"));
    let mut got = picks.clone();
    got.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(got, want);
    let before = snapshot(&s);
    let e = act(&mut s, N, Action::EndPhase { power: N }).expect_err("pick first");
    assert_eq!(e.rule, "8.13");
    assert_eq!(snapshot(&s), before);
    let pick = Action::Marker(MarkerAction::SwapPick {
        power: N,
        chit: chit("forced_march"),
    });
    assert!(
        action_is_secret(&s, &pick),
        "which marker is the player's secret"
    );
    ok(&mut s, N, pick);
    assert_eq!(held(&s, N), vec![chit("forced_march")]);
    assert_eq!(in_pool(&s, "papal_intervention"), 1);
    assert_eq!(in_pool(&s, "forced_march"), 0);
    assert!(legal_actions(&s, seat(&s, N)).contains(&Action::EndPhase { power: N }));
}

#[test]
fn g1066_8_13_a_negated_counter_march_leaves_the_power_still_asked() {
    let mut s = position(gold(2), |s| {
        s.add_unit(at("F14"), N, unit(UnitType::Fyrd), Vec::new());
        s.add_unit(at("G13"), AS, unit(UnitType::Housecarl), Vec::new());
        s.power_mut(N).hand.0 = vec![chit("papal_intervention")];
        s.power_mut(AS).hand.0 = vec![chit("forced_march"), chit("forced_march")];
    });
    open_phase(&mut s, N, PlayerPhase::Movement);
    ok(
        &mut s,
        N,
        Action::Movement(MovementAction::Step {
            power: N,
            from: at("F14"),
            to: at("F13"),
        }),
    );
    let march = Action::Movement(MovementAction::CounterMarch {
        power: AS,
        from: at("G13"),
        fleets: false,
    });
    ok(&mut s, AS, march.clone());
    ok(&mut s, N, negate(N, "papal_intervention"));
    ok(&mut s, AS, stand(AS));
    // One Forced March spent for nothing; the fyrd is still on its way.
    assert_eq!(held(&s, AS), vec![chit("forced_march")]);
    assert_eq!(s.stack(at("G13"), AS).map(|st| st.units.len()), Some(1));
    assert!(s
        .player_turn
        .movement
        .moving
        .as_ref()
        .is_some_and(|m| m.power == N));
    // Still asked, the Anglo-Saxons march with their second marker.
    assert!(legal_actions(&s, seat(&s, AS)).contains(&march));
    ok(&mut s, AS, march);
    ok(&mut s, N, stand(N));
    assert!(s
        .player_turn
        .movement
        .moving
        .as_ref()
        .is_some_and(|m| m.power == AS));
}
