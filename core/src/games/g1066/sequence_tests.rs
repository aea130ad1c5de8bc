//! Tests of the game-turn sequence after the bids (3.2, 22.1) and of victory (23.2).

use super::actions::{Action, Event};
use super::data::tables::PlayerPhase;
use super::data::{Place, Power, UnitType};
use super::rules::{apply, legal_actions, to_act};
use super::sequence::{outcome, victory_checks, VictoryCheck};
use super::state::{Phase, State};
use super::state_tests::{leader, new_game, play_out, unit};
use crate::engine::{Chance, Seat, Turn};

/// A game past set-up and bids, at its first Mutual Negotiations Phase.
pub(super) fn at_negotiations(scenario: &str) -> State {
    let mut s = new_game(scenario, 11);
    let mut rng = Chance::new(3);
    play_out(&mut s, Phase::Setup, &mut rng);
    play_out(&mut s, Phase::Initiative, &mut rng);
    assert_eq!(s.phase, Phase::Negotiations);
    s
}

fn seat_of(s: &State, p: Power) -> Seat {
    s.controller(p).expect("belligerent")
}

/// Applies `action` from the seat that plays `power`.
fn apply_as(
    s: &mut State,
    power: Power,
    action: &Action,
) -> Result<Vec<crate::engine::GameEvent<Event>>, crate::engine::RuleError> {
    let seat = seat_of(s, power);
    apply(s, seat, action)
}

fn decide(s: &State) -> Vec<Seat> {
    match to_act(s) {
        Turn::Decide(seats) => seats,
        Turn::Over(o) => panic!("game over: {}", o.result),
    }
}

/// Clears the board for a test position.
fn empty_map(s: &mut State) {
    s.forces.clear();
}

#[test]
fn g1066_22_1_every_power_passes_in_bid_order_then_the_first_plays() {
    let mut s = at_negotiations("four_players");
    let order = s.order.clone();
    assert_eq!(order.len(), 4);
    for (i, &p) in order.iter().enumerate() {
        let seat = seat_of(&s, p);
        assert_eq!(decide(&s), vec![seat], "power {i} of the order is asked");
        // Pass, or open a deal with each other player's power (22.2).
        let mut offered = vec![Action::Pass { power: p }];
        offered.extend(
            order
                .iter()
                .filter(|&&q| q != p)
                .map(|&q| Action::Deal(super::negotiation::DealAction::Open { power: p, with: q })),
        );
        let mut legal = legal_actions(&s, seat);
        legal.sort_by_key(|a| format!("{a:?}"));
        offered.sort_by_key(|a| format!("{a:?}"));
        assert_eq!(legal, offered);
        // Someone out of turn is refused and nothing changes.
        if let Some(&later) = order.get(i + 1) {
            let before = serde_json::to_string(&s).expect("json");
            let err =
                apply_as(&mut s, later, &Action::Pass { power: later }).expect_err("out of turn");
            assert_eq!(err.rule, "22.1");
            assert_eq!(serde_json::to_string(&s).expect("json"), before);
        }
        let events = apply(&mut s, seat, &Action::Pass { power: p }).expect("pass");
        assert_eq!(events[0].kind, Event::Passed { power: p });
    }
    assert_eq!(
        s.phase,
        Phase::PlayerTurn {
            power: order[0],
            step: PlayerPhase::CampaignMarker
        }
    );
    assert!(s.negotiated.is_empty());
}

#[test]
fn g1066_3_2_a_player_turn_walks_the_seven_phases_then_the_next_power() {
    let mut s = at_negotiations("two_players");
    let order = s.order.clone();
    assert_eq!(order.len(), 2, "two belligerents in a two-player game");
    for &p in &order {
        apply_as(&mut s, p, &Action::Pass { power: p }).expect("pass");
    }
    let first = order[0];
    let mut seen = Vec::new();
    while let Phase::PlayerTurn { power, step } = s.phase {
        if power != first {
            break;
        }
        seen.push(step);
        // The other power may not end the phasing power's phase.
        let other = order[1];
        let err = apply_as(&mut s, other, &Action::EndPhase { power: other })
            .expect_err("not the phasing power");
        assert_eq!(err.rule, "3.2");
        apply_as(&mut s, first, &Action::EndPhase { power: first }).expect("end");
    }
    assert_eq!(
        seen,
        [
            PlayerPhase::CampaignMarker,
            PlayerPhase::Provisioning,
            PlayerPhase::Recruiting,
            PlayerPhase::Vassalage,
            PlayerPhase::Movement,
            PlayerPhase::Combat,
            PlayerPhase::Pillage
        ]
    );
    assert_eq!(
        s.phase,
        Phase::PlayerTurn {
            power: order[1],
            step: PlayerPhase::CampaignMarker
        }
    );
}

#[test]
fn g1066_3_2_the_game_turn_ends_with_the_last_power_and_the_month_advances() {
    let mut s = at_negotiations("two_players");
    let order = s.order.clone();
    for &p in &order {
        apply_as(&mut s, p, &Action::Pass { power: p }).expect("pass");
    }
    let mut events = Vec::new();
    for &p in &order {
        for _ in 0..7 {
            events = apply_as(&mut s, p, &Action::EndPhase { power: p }).expect("end");
        }
    }
    assert_eq!(s.turn, 2);
    assert_eq!(s.phase, Phase::Initiative);
    assert!(s.order.is_empty() && s.bids.is_empty());
    let kinds: Vec<&Event> = events.iter().map(|e| &e.kind).collect();
    assert_eq!(
        kinds,
        [
            &Event::TurnBegins { turn: 2 },
            &Event::PhaseBegins {
                phase: Phase::Initiative
            }
        ]
    );
    // Both powers bid again in the new month.
    assert_eq!(decide(&s).len(), 2);
}

#[test]
fn g1066_27_2_the_game_ends_after_the_last_turn() {
    let mut s = at_negotiations("two_players");
    s.options.last_turn = 1;
    let order = s.order.clone();
    for &p in &order {
        apply_as(&mut s, p, &Action::Pass { power: p }).expect("pass");
    }
    for &p in &order {
        for _ in 0..7 {
            apply_as(&mut s, p, &Action::EndPhase { power: p }).expect("end");
        }
    }
    assert_eq!(s.phase, Phase::GameOver);
    assert_eq!(s.turn, 1);
    let Turn::Over(o) = to_act(&s) else {
        panic!("the game should be over");
    };
    // Judged as the position stands (23.2): no phase moves a unit yet, so this is the
    // set-up's standing.
    assert_eq!(o, outcome(&s));
    assert!(o.detail.contains("feudal points"));
    for seat in s.seats() {
        assert!(legal_actions(&s, seat).is_empty());
        let p = s.powers_of(seat)[0];
        assert!(apply(&mut s, seat, &Action::EndPhase { power: p }).is_err());
    }
}

pub(super) fn town(name: &str) -> Place {
    let t = super::data::data()
        .map
        .town_named(name)
        .unwrap_or_else(|| panic!("no town {name}"));
    Place::Square(t.square)
}

/// A position with the Normans holding `towns` alone and their king in `king_at`.
fn normans_hold(towns: &[&str], king_at: &str) -> State {
    let mut s = at_negotiations("two_players");
    empty_map(&mut s);
    for t in towns {
        s.add_unit(town(t), Power::Normans, unit(UnitType::Knight), Vec::new());
    }
    s.add_unit(town(king_at), Power::Normans, leader("william"), Vec::new());
    s
}

/// Towns worth 20 feudal points: 3 + 3 + 2 + 2 + 2 + 2, and six towns of 1.
const TWENTY: [&str; 12] = [
    "London",
    "York",
    "Winchester",
    "Lincoln",
    "Norwich",
    "Edinburgh",
    "Oxford",
    "Bath",
    "Exeter",
    "Dover",
    "Hastings",
    "Chester",
];

fn normans_check(s: &State) -> VictoryCheck {
    let seat = seat_of(s, Power::Normans);
    victory_checks(s)
        .into_iter()
        .find(|c| c.seat == seat)
        .expect("a check per seat")
}

#[test]
fn g1066_23_2_a_king_in_a_royal_town_with_twenty_feudal_points_wins() {
    let s = normans_hold(&TWENTY, "York");
    let c = normans_check(&s);
    assert_eq!((c.king_placed, c.feudal), (true, 20));
    let o = outcome(&s);
    assert_eq!(o.winners, vec![seat_of(&s, Power::Normans)]);
    assert_eq!(o.result, "Normans win the crown");
}

#[test]
fn g1066_23_2_nineteen_points_or_a_pillaged_town_is_not_enough() {
    let s = normans_hold(&TWENTY[..11], "London");
    assert_eq!(normans_check(&s).feudal, 19);
    assert!(outcome(&s).winners.is_empty());
    let mut s = normans_hold(&TWENTY, "London");
    let Place::Square(dover) = town("Dover") else {
        unreachable!()
    };
    s.pillaged.insert(dover);
    assert_eq!(normans_check(&s).feudal, 19);
    assert!(outcome(&s).winners.is_empty());
}

#[test]
fn g1066_23_2_the_king_must_be_in_a_large_town_of_britain_worth_two_or_three() {
    // Rouen is a large town worth 3, but in France (V1).
    let mut towns = TWENTY.to_vec();
    towns.push("Rouen");
    let s = normans_hold(&towns, "Rouen");
    let c = normans_check(&s);
    assert_eq!((c.king_placed, c.feudal), (false, 23));
    assert!(outcome(&s).winners.is_empty());
    // Oxford is in Britain but a plain town.
    let s = normans_hold(&TWENTY, "Oxford");
    assert!(!normans_check(&s).king_placed);
    // A contested town counts for nobody (8.4).
    let mut s = normans_hold(&TWENTY, "London");
    s.add_unit(
        town("York"),
        Power::AngloSaxons,
        unit(UnitType::Fyrd),
        Vec::new(),
    );
    assert_eq!(normans_check(&s).feudal, 17);
}

#[test]
fn g1066_18_10_tostig_counts_as_a_king_for_victory() {
    let mut s = normans_hold(&TWENTY, "Oxford");
    s.add_unit(town("London"), Power::Normans, leader("tostig"), Vec::new());
    assert!(normans_check(&s).king_placed);
}

#[test]
fn g1066_23_2_extra_towns_count_only_with_the_option() {
    let mut towns = TWENTY[..11].to_vec();
    towns.push("Inverness");
    let mut s = normans_hold(&towns, "London");
    assert_eq!(normans_check(&s).feudal, 20);
    s.options.extra_towns = false;
    assert_eq!(normans_check(&s).feudal, 19);
}

#[test]
fn g1066_g3_12_of_two_who_qualify_the_higher_total_wins_a_tie_none() {
    let mut s = normans_hold(&TWENTY, "London");
    // The Anglo-Saxons take 20 points in the north and France's towns, with Harold.
    let theirs = [
        "Rouen",
        "Bayeux",
        "Cherbourg",
        "Avranches",
        "Boulogne",
        "St. Valery",
        "Treguier",
        "Dives-sur-Mer",
        "Inverness",
        "Aberdeen",
        "Perth",
        "Linlithgow",
        "Ayr",
        "Dumfries",
        "Bamburgh",
        "Carlisle",
        "Durham",
        "Bangor",
    ];
    for t in theirs {
        s.add_unit(
            town(t),
            Power::AngloSaxons,
            unit(UnitType::Fyrd),
            Vec::new(),
        );
    }
    let checks = victory_checks(&s);
    let feudal: Vec<u32> = checks.iter().map(|c| c.feudal).collect();
    assert_eq!(feudal, [20, 20]);
    // Harold is in none of the royal towns yet: the Normans alone qualify.
    assert_eq!(outcome(&s).winners, vec![seat_of(&s, Power::Normans)]);
    // Harold takes Lincoln, a royal town, from the Normans.
    s.forces.remove(&town("Lincoln"));
    s.add_unit(
        town("Lincoln"),
        Power::AngloSaxons,
        leader("harold"),
        Vec::new(),
    );
    let feudal: Vec<u32> = victory_checks(&s).iter().map(|c| c.feudal).collect();
    assert_eq!(feudal, [18, 22]);
    assert_eq!(outcome(&s).winners, vec![seat_of(&s, Power::AngloSaxons)]);
    // Even totals: no winner.
    s.add_unit(
        town("Stamford"),
        Power::Normans,
        unit(UnitType::Knight),
        Vec::new(),
    );
    s.add_unit(
        town("Leicester"),
        Power::Normans,
        unit(UnitType::Knight),
        Vec::new(),
    );
    s.add_unit(
        town("Nottingham"),
        Power::Normans,
        unit(UnitType::Knight),
        Vec::new(),
    );
    s.add_unit(
        town("Worcester"),
        Power::Normans,
        unit(UnitType::Knight),
        Vec::new(),
    );
    let feudal: Vec<u32> = victory_checks(&s).iter().map(|c| c.feudal).collect();
    assert_eq!(feudal, [22, 22]);
    assert!(outcome(&s).winners.is_empty());
}
