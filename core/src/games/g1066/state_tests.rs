//! Tests of the 1066 state, set-up (27.0), initiative (6.0) and views (7.0).

use super::actions::{Action, Event};
use super::chits::{Chit, GOLD, PAPAL};
use super::data::{square, Place, Power, UnitType};
use super::initiative::gold_held;
use super::options::{check_options, G1066Options};
use super::rules::{action_is_secret, apply, legal_actions, to_act};
use super::setup::setup_with;
use super::state::{Bid, Identity, Phase, SealedBid, State};
use super::view::{resample, view};
use crate::engine::position::{digests, masked, same_position};
use crate::engine::{Audience, Chance, Hidden, Seat, Turn};

pub(super) fn at(label: &str) -> Place {
    Place::Square(square(label).unwrap_or_else(|| panic!("no square {label}")))
}

pub(super) fn new_game(scenario: &str, seed: u64) -> State {
    let o = G1066Options::for_scenario(scenario).expect("scenario");
    check_options(&o).expect("valid options");
    setup_with(&o, Chance::new(seed))
}

pub(super) fn unit(t: UnitType) -> Identity {
    Identity::Unit(t)
}

pub(super) fn leader(id: &str) -> Identity {
    Identity::Leader(id.to_string())
}

/// Identities of a power's counters in a place, sorted.
fn ids_at(s: &State, place: Place, power: Power) -> Vec<Identity> {
    let mut v: Vec<Identity> = s
        .stack(place, power)
        .map(|st| st.units.iter().map(|u| (*u.identity).clone()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// How many of a power's counters have this identity anywhere.
fn count_of(s: &State, power: Power, id: &Identity) -> usize {
    s.units()
        .filter(|(_, p, u)| *p == power && *u.identity == *id)
        .count()
}

/// A random legal action of one of the seats to act; None when nobody acts.
pub(super) fn random_step(s: &State, rng: &mut Chance) -> Option<(Seat, Action)> {
    let Turn::Decide(seats) = to_act(s) else {
        return None;
    };
    if seats.is_empty() {
        return None;
    }
    let seat = seats[(rng.roll(seats.len() as u32) - 1) as usize];
    let acts = legal_actions(s, seat);
    if acts.is_empty() {
        return None;
    }
    let a = acts[(rng.roll(acts.len() as u32) - 1) as usize].clone();
    Some((seat, a))
}

/// Plays random legal actions until the phase is no longer `phase`.
pub(super) fn play_out(s: &mut State, phase: Phase, rng: &mut Chance) {
    for _ in 0..500 {
        if s.phase != phase {
            return;
        }
        let Some((seat, a)) = random_step(s, rng) else {
            return;
        };
        apply(s, seat, &a).expect("a legal action applies");
    }
}

fn chit(id: &str) -> Chit {
    let value = if id == GOLD { 1 } else { 0 };
    Chit::of(id, value).expect("marker in data")
}

/// A 2- or 4-player game at its first initiative, with hands set by the test (the
/// markers taken from the pool so that the 80 stay 80).
fn at_initiative(scenario: &str, hands: &[(Power, Vec<Chit>)]) -> State {
    let mut s = new_game(scenario, 7);
    play_out(&mut s, Phase::Setup, &mut Chance::new(1));
    assert_eq!(s.phase, Phase::Initiative);
    for p in Power::ALL {
        let old = std::mem::take(&mut s.power_mut(p).hand.0);
        for c in old {
            super::chits::put_back(&mut s.pool, c);
        }
    }
    for (p, hand) in hands {
        for c in hand {
            let i = s.pool.iter().position(|x| x == c).expect("in pool");
            s.pool.remove(i);
        }
        s.power_mut(*p).hand = Hidden(hand.clone());
    }
    s
}

fn bid(gold: u8, papal: bool) -> Bid {
    Bid { gold, papal }
}

// ---- Options (1.0, 4.4, 27.2) ----

#[test]
fn g1066_1_0_options_refuse_bad_tables() {
    let ok = G1066Options::for_scenario("three_players_britons").expect("scenario");
    assert_eq!(check_options(&ok), Ok(()));
    assert_eq!(
        ok.seat_powers(),
        vec![Power::Normans, Power::AngloSaxons, Power::Britons]
    );
    let bad = |f: &dyn Fn(&mut G1066Options)| {
        let mut o = ok.clone();
        f(&mut o);
        check_options(&o).expect_err("refused")
    };
    assert!(bad(&|o| o.players = 5).starts_with("rule 1.0"));
    assert!(bad(&|o| o.third_power = None).starts_with("rule 4.3"));
    assert!(bad(&|o| o.third_power = Some(Power::Normans)).starts_with("rule 4.3"));
    assert!(bad(&|o| {
        o.players = 2;
    })
    .starts_with("rule 4.3"));
    assert!(bad(&|o| o.last_turn = 13).starts_with("rule 27.2"));
    assert!(bad(&|o| o.last_turn = 0).starts_with("rule 27.2"));
    assert!(G1066Options::for_scenario("five_players").is_err());
    assert_eq!(ok.last_turn, 12);
}

// ---- Set-up (27.0) ----

#[test]
fn g1066_27_5_fixed_pieces_are_down_before_any_choice() {
    let s = new_game("two_players", 3);
    assert_eq!(s.phase, Phase::Setup);
    // 27.5: one fyrd in each of the eight Norman towns, and nothing else yet.
    for t in ["I16", "H17", "H18", "G18", "F18", "E17", "D19", "C18"] {
        assert_eq!(
            ids_at(&s, at(t), Power::Normans),
            vec![unit(UnitType::Fyrd)],
            "{t}"
        );
    }
    // 27.6: Harold in London, Morcar/Edwin in York, each with the town's fyrd.
    assert_eq!(
        ids_at(&s, at("F14"), Power::AngloSaxons),
        vec![unit(UnitType::Fyrd), leader("harold")]
    );
    assert_eq!(
        ids_at(&s, at("E9"), Power::AngloSaxons),
        vec![unit(UnitType::Fyrd), leader("morcar_edwin")]
    );
    // 27.7: Harald, 3 thegns and 3 fleets in Norway.
    assert_eq!(
        ids_at(&s, Place::Box(super::data::BoxId::Norway), Power::Vikings),
        vec![
            unit(UnitType::Thegn),
            unit(UnitType::Thegn),
            unit(UnitType::Thegn),
            unit(UnitType::Fleet),
            unit(UnitType::Fleet),
            unit(UnitType::Fleet),
            leader("harald"),
        ]
    );
    // 27.8: Malcolm with the Edinburgh fyrd.
    assert_eq!(
        ids_at(&s, at("C6"), Power::Britons),
        vec![unit(UnitType::Fyrd), leader("malcolm")]
    );
    let d = s.deploy.as_ref().expect("Normans deploy");
    assert_eq!(
        (d.power, d.seat, d.units.len(), d.castles),
        (Power::Normans, Seat(0), 6, 3)
    );
    assert_eq!(to_act(&s), Turn::Decide(vec![Seat(0)]));
}

#[test]
fn g1066_27_4_setup_puts_exactly_the_t9_pieces() {
    let mut s = new_game("four_players", 11);
    let mut events = Vec::new();
    let mut rng = Chance::new(5);
    while s.phase == Phase::Setup {
        let (seat, a) = random_step(&s, &mut rng).expect("someone deploys");
        events.extend(apply(&mut s, seat, &a).expect("legal"));
    }
    let norman_towns: Vec<Place> = ["I16", "H17", "H18", "G18", "F18", "E17", "D19", "C18"]
        .iter()
        .map(|t| at(t))
        .collect();
    let n = Power::Normans;
    for (id, want) in [
        (leader("william"), 1),
        (leader("odo"), 1),
        (leader("alan"), 1),
        (unit(UnitType::Knight), 2),
        (unit(UnitType::Fyrd), 8),
        (unit(UnitType::Fleet), 1),
    ] {
        assert_eq!(count_of(&s, n, &id), want, "{id:?}");
    }
    assert!(s
        .units()
        .filter(|(_, p, _)| *p == n)
        .all(|(pl, _, _)| norman_towns.contains(&pl)));
    let fleet_at: Vec<Place> = s
        .units()
        .filter(|(_, p, u)| *p == n && *u.identity == unit(UnitType::Fleet))
        .map(|(pl, _, _)| pl)
        .collect();
    assert!([at("I16"), at("H17"), at("E17")].contains(&fleet_at[0]));
    let a = Power::AngloSaxons;
    for (id, want) in [
        (leader("harold"), 1),
        (leader("morcar_edwin"), 1),
        (unit(UnitType::Housecarl), 2),
        (unit(UnitType::Fyrd), 18),
        (unit(UnitType::Fleet), 1),
    ] {
        assert_eq!(count_of(&s, a, &id), want, "{id:?}");
    }
    let per_power = |p: Power| s.units().filter(|(_, q, _)| *q == p).count();
    assert_eq!(
        [
            per_power(n),
            per_power(a),
            per_power(Power::Vikings),
            per_power(Power::Britons)
        ],
        [14, 23, 7, 8]
    );
    // 3 Norman castles in three different Norman towns, 1 Anglo-Saxon castle.
    assert_eq!(s.castles.len(), 4);
    let norman_castles = s
        .castles
        .iter()
        .filter(|c| c.holder == Some(n) && norman_towns.contains(&Place::Square(c.square)))
        .count();
    assert_eq!(norman_castles, 3);
    // Deployment events: one public line per counter placed by choice (6 + 3 = 9),
    // and the private one beside it goes to the deployer alone.
    let public = events
        .iter()
        .filter(|e| matches!(e.kind, Event::Deployed { .. }))
        .count();
    assert_eq!(public, 6 + 3);
    for e in &events {
        if let Event::DeployedAs { power, .. } = e.kind {
            let seat = if power == n { Seat(0) } else { Seat(1) };
            assert_eq!(e.audience, Audience::Only(vec![seat]));
        }
    }
    assert_eq!(s.phase, Phase::Initiative);
}

#[test]
fn g1066_12_5_no_second_castle_in_a_square() {
    let mut s = new_game("two_players", 2);
    apply(
        &mut s,
        Seat(0),
        &Action::DeployCastle {
            square: square("H18").unwrap(),
        },
    )
    .expect("first castle");
    assert_eq!(s.deploy.as_ref().map(|d| d.castles), Some(2));
    let before = digests(&s);
    let err = apply(
        &mut s,
        Seat(0),
        &Action::DeployCastle {
            square: square("H18").unwrap(),
        },
    )
    .expect_err("a second castle in H18");
    assert_eq!(err.rule, "12.5");
    assert_eq!(digests(&s), before);
    assert!(!legal_actions(&s, Seat(0)).contains(&Action::DeployCastle {
        square: square("H18").unwrap()
    }));
    // Not a Norman set-up town (27.5): London.
    let err = apply(
        &mut s,
        Seat(0),
        &Action::DeployCastle {
            square: square("F14").unwrap(),
        },
    )
    .expect_err("London is not on the Norman list");
    assert_eq!(err.rule, "27.5");
    assert_eq!(digests(&s), before);
}

#[test]
fn g1066_27_4_only_the_deploying_seat_places_and_only_listed_places() {
    let mut s = new_game("two_players", 2);
    let before = digests(&s);
    let william = Action::Deploy {
        identity: leader("william"),
        place: at("I16"),
    };
    let err = apply(&mut s, Seat(1), &william).expect_err("the Anglo-Saxons wait");
    assert_eq!(err.rule, "27.4");
    let err = apply(
        &mut s,
        Seat(0),
        &Action::Deploy {
            identity: unit(UnitType::Fleet),
            place: at("H18"),
        },
    )
    .expect_err("27.5: the fleet goes to Boulogne, St. Valery or Cherbourg");
    assert_eq!(err.rule, "27.5");
    let err = apply(
        &mut s,
        Seat(0),
        &Action::Deploy {
            identity: leader("harold"),
            place: at("I16"),
        },
    )
    .expect_err("not a Norman piece");
    assert_eq!(err.rule, "27.5");
    assert_eq!(digests(&s), before);
    assert!(legal_actions(&s, Seat(1)).is_empty());
    // 8 places for each of William, Odo, Alan, the knights; 3 for the fleet; 8 castles.
    assert_eq!(legal_actions(&s, Seat(0)).len(), 8 * 4 + 3 + 8);
    let ev = apply(&mut s, Seat(0), &william).expect("William to Boulogne");
    assert_eq!(
        ids_at(&s, at("I16"), Power::Normans),
        vec![unit(UnitType::Fyrd), leader("william")]
    );
    assert!(action_is_secret(&s, &william));
    assert_eq!(ev[0].audience, Audience::All);
    assert_eq!(
        ev[0].kind,
        Event::Deployed {
            power: Power::Normans,
            place: at("I16")
        }
    );
}

#[test]
fn g1066_27_8_normans_deploy_neutral_britons_in_a_two_player_game() {
    let s = new_game("two_players", 4);
    assert_eq!(s.controller(Power::Britons), None);
    assert_eq!(s.deployer(Power::Britons), Some(Seat(0)));
    assert_eq!(s.deployer(Power::Vikings), Some(Seat(0)));
    // The Norman player placed them, so he has seen them; the Anglo-Saxon has not.
    let malcolm_stack = s.stack(at("C6"), Power::Britons).expect("Edinburgh");
    assert!(malcolm_stack
        .units
        .iter()
        .all(|u| u.seen_by == vec![Seat(0)]));
    let norman_view = view(&s, &[Seat(0)]);
    let saxon_view = view(&s, &[Seat(1)]);
    assert_eq!(
        ids_at(&norman_view.state, at("C6"), Power::Britons),
        vec![unit(UnitType::Fyrd), leader("malcolm")]
    );
    assert_eq!(
        ids_at(&saxon_view.state, at("C6"), Power::Britons),
        vec![Identity::Unknown, Identity::Unknown]
    );
    // With four players the Britons deploy themselves and nobody else sees them.
    let four = new_game("four_players", 4);
    assert_eq!(four.deployer(Power::Britons), Some(Seat(3)));
    assert!(four
        .stack(at("C6"), Power::Britons)
        .expect("C6")
        .units
        .iter()
        .all(|u| u.seen_by.is_empty()));
    // With three players (Vikings) the neutral Britons are again the Normans' to place.
    let three = new_game("three_players_vikings", 4);
    assert_eq!(three.deployer(Power::Britons), Some(Seat(0)));
    assert_eq!(three.deployer(Power::Vikings), Some(Seat(2)));
}

#[test]
fn g1066_27_3_starting_hands_have_the_printed_counts() {
    for (scenario, want) in [
        ("two_players", [6usize, 4, 0, 0]),
        ("three_players_vikings", [6, 4, 3, 0]),
        ("four_players", [6, 4, 3, 2]),
    ] {
        let mut s = new_game(scenario, 9);
        play_out(&mut s, Phase::Setup, &mut Chance::new(2));
        let sizes = Power::ALL.map(|p| s.power(p).hand.len());
        assert_eq!(sizes, want, "{scenario}");
        // 27.3: no Event stays in a starting hand; the pool holds the rest of the 80.
        assert!(s
            .powers
            .iter()
            .all(|p| p.hand.iter().all(|c| !c.is_event())));
        let held: usize = want.iter().sum();
        assert_eq!(s.pool.len(), 80 - held);
    }
}

#[test]
fn g1066_27_3_starting_draws_are_private_and_events_are_replaced() {
    // The draws come when the last set-up piece is down. The pool is sorted, Gold
    // first, so a roll of 1 takes a Gold Point; the first roll takes the first Event.
    let mut s = new_game("two_players", 4);
    play_to_last_piece(&mut s);
    let first_event = s.pool.iter().position(|c| c.is_event()).expect("an event") as u32 + 1;
    // Normans: the Event (put back), then six Gold; Anglo-Saxons: four Gold.
    s.chance
        .script_rolls(&[first_event, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    let (seat, last) = random_step(&s, &mut Chance::new(0)).expect("last piece");
    let events = apply(&mut s, seat, &last).expect("legal");
    assert_eq!(s.chance.scripted_left(), 0);
    let put_back = events
        .iter()
        .find(|e| matches!(e.kind, Event::EventPutBack { .. }))
        .expect("27.3 event replaced");
    assert_eq!(put_back.audience, Audience::Only(vec![Seat(0)]));
    let drawn_n = events
        .iter()
        .filter(|e| {
            matches!(
                e.kind,
                Event::MarkerDrawn {
                    power: Power::Normans,
                    ..
                }
            )
        })
        .count();
    assert_eq!(drawn_n, 7);
    assert!(events.iter().any(|e| e.audience == Audience::All
        && e.kind
            == Event::MarkersDrawn {
                power: Power::Normans,
                count: 6
            }));
    assert_eq!(s.power(Power::Normans).hand.0, vec![chit(GOLD); 6]);
    assert_eq!(s.power(Power::AngloSaxons).hand.0, vec![chit(GOLD); 4]);
    // All ten Event markers (T10) are in the pool again.
    assert_eq!(s.pool.iter().filter(|c| c.is_event()).count(), 10);
    assert_eq!(s.phase, Phase::Initiative);
}

/// Plays the set-up until one piece is left to place.
fn play_to_last_piece(s: &mut State) {
    let mut rng = Chance::new(3);
    loop {
        let d = s.deploy.as_ref().expect("deploying");
        let last_power =
            s.deployer(Power::AngloSaxons) == Some(d.seat) && d.power == Power::AngloSaxons;
        if last_power && d.units.len() + usize::from(d.castles) == 1 {
            return;
        }
        let (seat, a) = random_step(s, &mut rng).expect("a piece");
        apply(s, seat, &a).expect("legal");
    }
}

// ---- Initiative (6.0) ----

#[test]
fn g1066_6_1_a_bid_above_gold_held_is_refused() {
    let mut s = at_initiative(
        "two_players",
        &[
            (Power::Normans, vec![chit(GOLD), chit(GOLD)]),
            (Power::AngloSaxons, vec![chit(GOLD)]),
        ],
    );
    assert_eq!(gold_held(&s, Power::Normans), 2);
    let before = digests(&s);
    let err = apply(
        &mut s,
        Seat(0),
        &Action::Bid {
            power: Power::Normans,
            bid: bid(3, false),
        },
    )
    .expect_err("3 gold from 2");
    assert_eq!(err.rule, "6.1");
    assert_eq!(digests(&s), before);
    let err = apply(
        &mut s,
        Seat(0),
        &Action::Bid {
            power: Power::Normans,
            bid: bid(0, true),
        },
    )
    .expect_err("no Papal marker held");
    assert_eq!(err.rule, "6.3");
    let err = apply(
        &mut s,
        Seat(1),
        &Action::Bid {
            power: Power::Normans,
            bid: bid(0, false),
        },
    )
    .expect_err("not the Anglo-Saxons' power");
    assert_eq!(err.rule, "4.2");
    assert_eq!(digests(&s), before);
    // 0, 1 or 2 gold.
    assert_eq!(legal_actions(&s, Seat(0)).len(), 3);
}

#[test]
fn g1066_6_1_bids_stay_hidden_until_the_last_is_in() {
    let mut s = at_initiative(
        "two_players",
        &[
            (Power::Normans, vec![chit(GOLD), chit(GOLD)]),
            (Power::AngloSaxons, vec![chit(GOLD)]),
        ],
    );
    assert_eq!(to_act(&s), Turn::Decide(vec![Seat(0), Seat(1)]));
    let hidden_before = digests(&s).hidden;
    let a = Action::Bid {
        power: Power::Normans,
        bid: bid(2, false),
    };
    assert!(action_is_secret(&s, &a));
    let ev = apply(&mut s, Seat(0), &a).expect("bid");
    assert_eq!(
        ev,
        vec![crate::engine::GameEvent::public(
            "6.1",
            Event::BidIn {
                power: Power::Normans
            }
        )]
    );
    assert_ne!(digests(&s).hidden, hidden_before);
    assert_eq!(to_act(&s), Turn::Decide(vec![Seat(1)]));
    let saxon = view(&s, &[Seat(1)]);
    assert_eq!(
        saxon.state.bids.get(&Power::Normans).map(|b| b.0),
        Some(SealedBid(None))
    );
    assert_eq!(
        saxon.state.power(Power::Normans).hand.0,
        vec![Chit::UNKNOWN; 2]
    );
    let norman = view(&s, &[Seat(0)]);
    assert_eq!(
        norman.state.bids.get(&Power::Normans).map(|b| b.0),
        Some(SealedBid(Some(bid(2, false))))
    );
    // The hand is untouched until the reveal: its size gives nothing away.
    assert_eq!(s.power(Power::Normans).hand.len(), 2);
    let ev = apply(
        &mut s,
        Seat(1),
        &Action::Bid {
            power: Power::AngloSaxons,
            bid: bid(1, false),
        },
    )
    .expect("last bid");
    assert!(ev.iter().any(|e| e.audience == Audience::All
        && e.kind
            == Event::BidsRevealed {
                bids: vec![
                    (Power::Normans, bid(2, false)),
                    (Power::AngloSaxons, bid(1, false))
                ]
            }));
    assert!(s.bids.is_empty());
    assert_eq!(s.order, vec![Power::Normans, Power::AngloSaxons]);
    assert_eq!(s.phase, Phase::Negotiations);
    // The Normans, first in the order, are the first asked in the negotiations (22.1).
    assert_eq!(to_act(&s), Turn::Decide(vec![Seat(0)]));
}

#[test]
fn g1066_6_2_a_tie_is_rolled_off_by_the_tied_powers_only() {
    let mut s = at_initiative(
        "four_players",
        &[
            (Power::Normans, vec![chit(GOLD)]),
            (Power::AngloSaxons, vec![chit(GOLD)]),
            (Power::Vikings, vec![chit(GOLD)]),
            (Power::Britons, vec![]),
        ],
    );
    // N 3 v AS 3 tie again; then N 2 v AS 5: the Anglo-Saxons lead.
    s.chance.script_rolls(&[3, 3, 2, 5]);
    let mut events = Vec::new();
    for (seat, p, g) in [
        (0, Power::Normans, 1),
        (1, Power::AngloSaxons, 1),
        (2, Power::Vikings, 0),
        (3, Power::Britons, 0),
    ] {
        events.extend(
            apply(
                &mut s,
                Seat(seat),
                &Action::Bid {
                    power: p,
                    bid: bid(g, false),
                },
            )
            .expect("bid"),
        );
    }
    let rolls: Vec<Vec<(Power, u8)>> = events
        .iter()
        .filter_map(|e| match &e.kind {
            Event::TieRoll { rolls } => Some(rolls.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        rolls,
        vec![
            vec![(Power::Normans, 3), (Power::AngloSaxons, 3)],
            vec![(Power::Normans, 2), (Power::AngloSaxons, 5)],
        ]
    );
    assert_eq!(s.chance.scripted_left(), 0);
    // Clockwise from the Anglo-Saxons in the fixed order N, AS, V, B (G3.14).
    assert_eq!(
        s.order,
        vec![
            Power::AngloSaxons,
            Power::Vikings,
            Power::Britons,
            Power::Normans
        ]
    );
}

#[test]
fn g1066_6_1_bid_gold_goes_back_to_the_pool() {
    let spy = chit("spy");
    let mut s = at_initiative(
        "two_players",
        &[
            (
                Power::Normans,
                vec![chit(GOLD), chit(GOLD), chit(GOLD), spy],
            ),
            (Power::AngloSaxons, vec![chit(GOLD)]),
        ],
    );
    let pool_gold = |s: &State| s.pool.iter().filter(|c| c.is(GOLD)).count();
    let (pool_before, gold_before) = (s.pool.len(), pool_gold(&s));
    apply(
        &mut s,
        Seat(0),
        &Action::Bid {
            power: Power::Normans,
            bid: bid(2, false),
        },
    )
    .expect("bid");
    apply(
        &mut s,
        Seat(1),
        &Action::Bid {
            power: Power::AngloSaxons,
            bid: bid(1, false),
        },
    )
    .expect("bid");
    // The winner's 2 and the loser's 1 are all back (6.1).
    assert_eq!(s.power(Power::Normans).hand.0, vec![chit(GOLD), spy]);
    assert!(s.power(Power::AngloSaxons).hand.is_empty());
    assert_eq!(s.pool.len(), pool_before + 3);
    assert_eq!(pool_gold(&s), gold_before + 3);
    assert_eq!(s.order, vec![Power::Normans, Power::AngloSaxons]);
}

#[test]
fn g1066_6_3_a_papal_bid_takes_the_initiative_over_gold() {
    let mut s = at_initiative(
        "two_players",
        &[
            (Power::Normans, vec![chit(PAPAL)]),
            (Power::AngloSaxons, vec![chit(GOLD), chit(GOLD), chit(GOLD)]),
        ],
    );
    assert_eq!(legal_actions(&s, Seat(0)).len(), 2);
    apply(
        &mut s,
        Seat(1),
        &Action::Bid {
            power: Power::AngloSaxons,
            bid: bid(3, false),
        },
    )
    .expect("bid");
    apply(
        &mut s,
        Seat(0),
        &Action::Bid {
            power: Power::Normans,
            bid: bid(0, true),
        },
    )
    .expect("bid");
    assert_eq!(s.order, vec![Power::Normans, Power::AngloSaxons]);
    // G3.26: the Papal marker played goes back to the pool too.
    assert!(s.power(Power::Normans).hand.is_empty());
    assert_eq!(s.pool.iter().filter(|c| c.is(PAPAL)).count(), 2);
}

// ---- Views (7.0) ----

/// What `seats` may not see is concealed in their view.
fn assert_no_leak(s: &State, seats: &[Seat]) {
    let v = view(s, seats);
    let vs = &v.state;
    // AM3: an Oath choosing after a Spy shows its player the target player's hands.
    let spied = s
        .player_turn
        .markers
        .oath
        .filter(|&(by, _)| s.controller(by).is_some_and(|c| seats.contains(&c)))
        .and_then(|(_, target)| s.controller(target));
    for p in Power::ALL {
        let mine = s.controller(p).is_some_and(|c| seats.contains(&c));
        let hand = &vs.power(p).hand;
        assert_eq!(hand.len(), s.power(p).hand.len(), "hand sizes are public");
        if !mine && (spied.is_none() || s.controller(p) != spied) {
            assert!(hand.iter().all(|c| c.is_unknown()), "{p:?} hand leaked");
            if let Some(b) = vs.bids.get(&p) {
                assert_eq!(b.0, SealedBid(None), "{p:?} bid leaked");
            }
        }
    }
    // Only the player sorting through the pool for a Papal exchange sees it (SP2).
    let sorting = s
        .player_turn
        .markers
        .swap
        .and_then(|p| s.controller(p))
        .is_some_and(|c| seats.contains(&c));
    if !sorting {
        assert!(vs.pool.iter().all(|c| c.is_unknown()));
    }
    assert_eq!(vs.pool.len(), s.pool.len());
    if let (Some(d), Some(vd)) = (&s.deploy, &vs.deploy) {
        if !seats.contains(&d.seat) {
            assert!(vd.units.iter().all(|u| *u == Identity::Unknown));
        }
    }
    for ((pl, p, u), (vpl, vp, vu)) in s.units().zip(vs.units()) {
        assert_eq!(
            (pl, p, u.id),
            (vpl, vp, vu.id),
            "places and counts are public"
        );
        if !s.sees_unit(seats, p, u) {
            assert_eq!(*vu.identity, Identity::Unknown, "unit {} leaked", u.id);
        } else {
            assert_eq!(*vu.identity, *u.identity);
        }
    }
    assert_eq!(s.units().count(), vs.units().count());
}

/// resample agrees with the view on everything the seats see, and fills every gap.
fn assert_resample_agrees(s: &State, seats: &[Seat], rng: &mut Chance) {
    let v = view(s, seats);
    let r = resample(&v, rng);
    assert!(
        same_position(&masked(&r, seats), &v.state),
        "resample differs from the view"
    );
    assert!(r
        .powers
        .iter()
        .all(|p| p.hand.iter().all(|c| !c.is_unknown())));
    assert!(r.pool.iter().all(|c| !c.is_unknown()));
    assert!(r.units().all(|(_, _, u)| *u.identity != Identity::Unknown));
    assert!(r.bids.values().all(|b| b.0 .0.is_some()));
    let total: usize = r.powers.iter().map(|p| p.hand.len()).sum::<usize>()
        + r.pool.len()
        + r.events_out.len()
        + r.out_of_game.len()
        + super::view::committed(&r).len();
    assert_eq!(total, 80);
    // Fleets only where fleets may be.
    for (pl, _, u) in r.units() {
        if *u.identity == Identity::Unit(UnitType::Fleet) {
            if let Place::Square(sq) = pl {
                let m = &super::data::data().map;
                assert!(m.is_coastal(sq) || m.is_port(sq) || m.on_river(sq) || !m.is_land(sq));
            }
        }
    }
}

#[test]
fn g1066_7_1_a_view_never_shows_another_players_units_or_hand() {
    let scenarios = [
        "two_players",
        "three_players_vikings",
        "three_players_britons",
        "four_players",
    ];
    let mut rng = Chance::new(2026);
    for game in 0..200u64 {
        let scenario = scenarios[(game % 4) as usize];
        let mut s = new_game(scenario, game);
        // Movement gives a random player many small steps before it ends a phase.
        for _ in 0..8000 {
            let seats = s.seats();
            let who = seats[(rng.roll(seats.len() as u32) - 1) as usize];
            assert_no_leak(&s, &[who]);
            if game % 10 == 0 {
                assert_resample_agrees(&s, &[who], &mut rng);
            }
            let Some((seat, a)) = random_step(&s, &mut rng) else {
                break;
            };
            apply(&mut s, seat, &a).expect("legal");
        }
        // The whole year is played through (3.2, 27.2).
        assert_eq!(s.phase, Phase::GameOver, "game {game}");
        assert_no_leak(&s, &s.seats()[..1]);
    }
}

#[test]
fn g1066_7_0_resample_agrees_with_the_view_on_everything_public() {
    let mut rng = Chance::new(77);
    for seed in 0..20 {
        let mut s = new_game("four_players", seed);
        play_out(&mut s, Phase::Setup, &mut Chance::new(seed));
        // One bid in: the others' resamples must invent it within the gold held.
        let (seat, a) = random_step(&s, &mut rng).expect("a bid");
        apply(&mut s, seat, &a).expect("legal");
        for other in s.seats() {
            assert_resample_agrees(&s, &[other], &mut rng);
            let r = resample(&view(&s, &[other]), &mut rng);
            for (p, b) in &r.bids {
                let b = b.0 .0.expect("guessed");
                assert!(b.gold <= gold_held(&r, *p));
            }
        }
    }
}

#[test]
fn g1066_7_0_position_reads_back_from_json() {
    let mut s = new_game("three_players_britons", 5);
    play_out(&mut s, Phase::Setup, &mut Chance::new(5));
    let json = serde_json::to_string(&s).expect("serializes");
    let back: State = serde_json::from_str(&json).expect("reads back");
    assert!(same_position(&s, &back));
    assert_eq!(back.deploy, None);
    assert_eq!(back.occupier(at("C6")), Some(Power::Britons));
    assert_eq!(back.occupier(at("A1")), None);
}

/// Random play through whole years: battles begin, are fought to their end on the
/// Battle Board, their losers retreat and vassalage attempts are decided, without a
/// seat ever left without a choice.
#[test]
fn g1066_15_2_random_years_fight_every_battle_to_its_end() {
    let mut rng = Chance::new(5);
    let mut battles = 0;
    let mut retreats = 0;
    let mut attempts = 0;
    for game in 0..40u64 {
        let mut s = new_game("two_players", game);
        for _ in 0..8000 {
            let Some((seat, a)) = random_step(&s, &mut rng) else {
                break;
            };
            for e in apply(&mut s, seat, &a).expect("legal") {
                match e.kind {
                    super::actions::Event::Combat(
                        super::turn::combat::CombatEvent::BattleEnds { .. },
                    ) => battles += 1,
                    super::actions::Event::Combat(
                        super::turn::combat::CombatEvent::Retreated { .. },
                    ) => retreats += 1,
                    super::actions::Event::Vassalage(
                        super::turn::vassalage::VassalageEvent::Resolved { .. },
                    ) => attempts += 1,
                    _ => {}
                }
            }
        }
        assert_eq!(s.phase, Phase::GameOver, "game {game}");
    }
    assert!(
        battles > 0 && retreats > 0 && attempts > 0,
        "{battles} battles, {retreats} retreats, {attempts} vassalage attempts"
    );
}

/// VA6 (11.5, 7.1): a Normans counter won as a vassal and moved into an Anglo-Saxon
/// stack stays known to the Normans' player, not to a third player, and a resampled
/// state for the Normans keeps it what it is.
#[test]
fn g1066_11_5_vassal_stays_known_to_its_owner() {
    let mut s = new_game("three_players_vikings", 2);
    play_out(&mut s, Phase::Setup, &mut Chance::new(1));
    let (place, id, identity) = s
        .units()
        .find(|(_, p, _)| *p == Power::Normans)
        .map(|(pl, _, u)| (pl, u.id, (*u.identity).clone()))
        .expect("a Normans counter");
    let stack = s
        .forces
        .get_mut(&place)
        .and_then(|st| st.iter_mut().find(|x| x.power == Power::Normans))
        .expect("stack");
    let i = stack.units.iter().position(|u| u.id == id).expect("unit");
    let unit = stack.units.remove(i);
    s.forces.retain(|_, st| {
        st.retain(|x| !x.units.is_empty());
        !st.is_empty()
    });
    s.add_unit(at("A19"), Power::AngloSaxons, Identity::Unknown, Vec::new());
    let won = s
        .forces
        .get_mut(&at("A19"))
        .and_then(|st| st.first_mut())
        .and_then(|st| st.units.last_mut())
        .expect("placed");
    *won = unit;
    let seen_as = |seat: u8| {
        let v = view(&s, &[Seat(seat)]);
        let found = v
            .state
            .units()
            .find(|(_, _, u)| u.id == id)
            .map(|(_, _, u)| (*u.identity).clone());
        found
    };
    assert_eq!(seen_as(0), Some(identity.clone()));
    assert_eq!(seen_as(2), Some(Identity::Unknown));
    let r = resample(&view(&s, &[Seat(0)]), &mut Chance::new(9));
    let kept = r
        .units()
        .find(|(_, _, u)| u.id == id)
        .map(|(_, _, u)| (*u.identity).clone());
    assert_eq!(kept, Some(identity));
}
