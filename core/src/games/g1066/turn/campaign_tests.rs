//! Tests of the Campaign Marker Phase (8.3-8.9) and its Events (8.13).

use super::super::actions::{Action, Event};
use super::super::chits::GOLD;
use super::super::data::tables::PlayerPhase;
use super::super::data::{Place, Power, UnitType};
use super::super::rules::{apply, legal_actions, to_act};
use super::super::sequence_tests::town;
use super::super::state::{Phase, State};
use super::super::state_tests::{at, leader, unit};
use super::campaign::{CampaignAction, CampaignEvent, PendingEvent};
use super::test_position::{chit, gold, position, seat};
use crate::engine::{GameEvent, Turn};

/// Both pass in the negotiations: the Normans' Campaign Marker Phase begins.
fn start_campaign(s: &mut State) -> Vec<GameEvent<Event>> {
    let n = seat(s, Power::Normans);
    apply(
        s,
        n,
        &Action::Pass {
            power: Power::Normans,
        },
    )
    .expect("pass");
    let a = seat(s, Power::AngloSaxons);
    let events = apply(
        s,
        a,
        &Action::Pass {
            power: Power::AngloSaxons,
        },
    )
    .expect("pass");
    assert_eq!(
        s.phase,
        Phase::PlayerTurn {
            power: Power::Normans,
            step: PlayerPhase::CampaignMarker
        }
    );
    events
}

fn campaign_events(events: &[GameEvent<Event>]) -> Vec<CampaignEvent> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            Event::Campaign(c) => Some(c.clone()),
            _ => None,
        })
        .collect()
}

fn act(s: &mut State, p: Power, a: CampaignAction) -> Vec<GameEvent<Event>> {
    let seat = seat(s, p);
    apply(s, seat, &Action::Campaign(a)).expect("legal")
}

#[test]
fn g1066_8_5_picks_are_one_per_five_points_or_part() {
    // William 3 + London 3 + Normandy 5 (21.8) = 11 points: 3 picks.
    let mut s = position(gold(10), |s| {
        s.add_unit(
            town("London"),
            Power::Normans,
            leader("william"),
            Vec::new(),
        );
    });
    let events = start_campaign(&mut s);
    let camp = campaign_events(&events);
    assert!(camp.contains(&CampaignEvent::Value {
        power: Power::Normans,
        leaders: 3,
        feudal: 8,
        picks: 3
    }));
    assert_eq!(s.power(Power::Normans).hand.0, gold(3));
    assert_eq!(s.pool.len(), 7);
    // The breakdown is private; the three picks are seen by all.
    let value = events
        .iter()
        .find(|e| matches!(e.kind, Event::Campaign(CampaignEvent::Value { .. })))
        .expect("value event");
    assert_eq!(
        value.audience,
        crate::engine::Audience::Only(vec![seat(&s, Power::Normans)])
    );
    let picked = camp
        .iter()
        .filter(|c| {
            **c == CampaignEvent::Picked {
                power: Power::Normans,
            }
        })
        .count();
    assert_eq!(picked, 3);
    // Drawing is done: ending the phase is offered.
    let n = seat(&s, Power::Normans);
    assert_eq!(
        legal_actions(&s, n),
        vec![Action::EndPhase {
            power: Power::Normans
        }]
    );
}

#[test]
fn g1066_8_4_a_contested_or_pillaged_town_gives_nothing() {
    let mut s = position(gold(10), |s| {
        s.add_unit(
            town("London"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.add_unit(
            town("London"),
            Power::AngloSaxons,
            unit(UnitType::Fyrd),
            Vec::new(),
        );
        s.add_unit(
            town("York"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        let Place::Square(york) = town("York") else {
            unreachable!()
        };
        s.pillaged.insert(york);
    });
    let camp = campaign_events(&start_campaign(&mut s));
    // Only Normandy's 5 counts: one pick.
    assert!(camp.contains(&CampaignEvent::Value {
        power: Power::Normans,
        leaders: 0,
        feudal: 5,
        picks: 1
    }));
}

#[test]
fn g1066_8_7_a_full_hand_puts_back_before_drawing() {
    // Hand limit 18 with two players (8.6); 17 held and 3 picks (11 points): 2 go back.
    let mut s = position(gold(10), |s| {
        s.add_unit(
            town("London"),
            Power::Normans,
            leader("william"),
            Vec::new(),
        );
        let mut hand = gold(16);
        hand.push(chit("spy"));
        hand.sort();
        s.power_mut(Power::Normans).hand.0 = hand;
    });
    let camp = campaign_events(&start_campaign(&mut s));
    assert!(camp.contains(&CampaignEvent::MustReturn {
        power: Power::Normans,
        count: 2
    }));
    assert_eq!(s.power(Power::Normans).hand.len(), 17);
    let n = seat(&s, Power::Normans);
    let offered = legal_actions(&s, n);
    // One choice per kind of marker held, and no ending yet.
    assert_eq!(offered.len(), 2);
    let before = serde_json::to_string(&s).expect("json");
    let err = apply(
        &mut s,
        n,
        &Action::EndPhase {
            power: Power::Normans,
        },
    )
    .expect_err("must return");
    assert_eq!(err.rule, "8.7");
    let err = apply(
        &mut s,
        n,
        &Action::Campaign(CampaignAction::Return {
            power: Power::Normans,
            chit: chit("rally"),
        }),
    )
    .expect_err("not held");
    assert_eq!(err.rule, "8.7");
    assert_eq!(serde_json::to_string(&s).expect("json"), before);
    act(
        &mut s,
        Power::Normans,
        CampaignAction::Return {
            power: Power::Normans,
            chit: chit("spy"),
        },
    );
    assert_eq!(s.power(Power::Normans).hand.len(), 16);
    act(
        &mut s,
        Power::Normans,
        CampaignAction::Return {
            power: Power::Normans,
            chit: chit(GOLD),
        },
    );
    // Room made: the three picks come at once, to the limit.
    assert_eq!(s.power(Power::Normans).hand.len(), 18);
    assert_eq!(s.player_turn.campaign.owed, 0);
}

/// Scripts one die per fleet in the order the Storms roll them (the board's order).
fn script_storm_dice(s: &mut State, faces: &[(Place, u32)]) {
    let order: Vec<Place> = s.units().map(|(p, _, _)| p).collect();
    let dice: Vec<u32> = order
        .iter()
        .map(|p| faces.iter().find(|f| f.0 == *p).map_or(1, |f| f.1))
        .collect();
    // The first roll is the pick from the one-marker pool.
    s.chance.script_rolls(&[1]);
    s.chance.script_rolls(&dice);
}

#[test]
fn g1066_8_13_storms_sink_fleets_by_sea_and_season() {
    // One pick (Normandy 5): the Storms. January is winter.
    let mut s = position(vec![chit("storms")], |s| {
        s.add_unit(at("J5"), Power::Normans, unit(UnitType::Fleet), Vec::new());
        s.add_unit(at("J6"), Power::Normans, unit(UnitType::Fleet), Vec::new());
        s.add_unit(
            town("Dover"),
            Power::AngloSaxons,
            unit(UnitType::Fleet),
            Vec::new(),
        );
        s.add_unit(
            town("London"),
            Power::AngloSaxons,
            unit(UnitType::Fleet),
            Vec::new(),
        );
    });
    // At sea a fleet sinks on 4-6, on a coast or river only on 6.
    script_storm_dice(
        &mut s,
        &[
            (at("J5"), 4),
            (at("J6"), 3),
            (town("Dover"), 5),
            (town("London"), 6),
        ],
    );
    let camp = campaign_events(&start_campaign(&mut s));
    let storms = camp
        .iter()
        .filter(|c| matches!(c, CampaignEvent::Storm { .. }))
        .count();
    assert_eq!(storms, 4);
    let mut left: Vec<Place> = s.units().map(|(p, _, _)| p).collect();
    left.sort();
    let mut want = vec![at("J6"), town("Dover")];
    want.sort();
    assert_eq!(left, want);
    // The Storms are out of the pool until the next player turn (8.9).
    assert_eq!(s.events_out, vec![chit("storms")]);
    assert!(s.pool.is_empty());
}

#[test]
fn g1066_8_13_summer_storms_spare_the_coasts() {
    let mut s = position(vec![chit("storms")], |s| {
        s.turn = 5;
        s.add_unit(at("J5"), Power::Normans, unit(UnitType::Fleet), Vec::new());
        s.add_unit(
            town("Dover"),
            Power::AngloSaxons,
            unit(UnitType::Fleet),
            Vec::new(),
        );
    });
    // 5 at sea is not a 6: kept; Dover rolls 6 but summer coasts are immune.
    script_storm_dice(&mut s, &[(at("J5"), 5), (town("Dover"), 6)]);
    start_campaign(&mut s);
    let mut left: Vec<Place> = s.units().map(|(p, _, _)| p).collect();
    left.sort();
    let mut want = vec![at("J5"), town("Dover")];
    want.sort();
    assert_eq!(left, want);
}

#[test]
fn g1066_8_13_comet_redraws_every_hand_first_player_last() {
    let mut pool = vec![chit("comet")];
    pool.extend(gold(20));
    let mut s = position(pool, |s| {
        s.power_mut(Power::Normans).hand.0 = vec![chit("spy"); 2];
        s.power_mut(Power::AngloSaxons).hand.0 = vec![chit("rally"); 7];
    });
    let comet_at = s
        .pool
        .iter()
        .position(|c| *c == chit("comet"))
        .expect("comet");
    s.chance.script_rolls(&[comet_at as u32 + 1]);
    let camp = campaign_events(&start_campaign(&mut s));
    let redraws: Vec<CampaignEvent> = camp
        .into_iter()
        .filter(|c| matches!(c, CampaignEvent::CometRedraw { .. }))
        .collect();
    assert_eq!(
        redraws,
        vec![
            CampaignEvent::CometRedraw {
                power: Power::AngloSaxons,
                returned: 7,
                count: 4
            },
            CampaignEvent::CometRedraw {
                power: Power::Normans,
                returned: 2,
                count: 6
            },
        ]
    );
    // The Comet is gone for good; 80 markers less it are in hands and pool.
    assert_eq!(s.out_of_game, vec![chit("comet")]);
    assert!(s.events_out.is_empty());
    assert_eq!(s.power(Power::Normans).hand.len(), 6);
    assert_eq!(s.power(Power::AngloSaxons).hand.len(), 4);
    assert_eq!(s.pool.len(), 20 + 9 - 10);
}

#[test]
fn g1066_8_13_rebellion_strikes_the_highest_feudal_and_can_be_stopped() {
    // The Anglo-Saxons hold London and York (6) against Normandy's 5.
    let setup = |s: &mut State| {
        s.add_unit(
            town("London"),
            Power::AngloSaxons,
            unit(UnitType::Fyrd),
            Vec::new(),
        );
        s.add_unit(
            town("York"),
            Power::AngloSaxons,
            unit(UnitType::Fyrd),
            Vec::new(),
        );
        let mut hand = gold(4);
        hand.push(chit("vassalage"));
        hand.sort();
        s.power_mut(Power::AngloSaxons).hand.0 = hand;
    };
    let mut s = position(vec![chit("rebellion")], setup);
    let camp = campaign_events(&start_campaign(&mut s));
    assert!(camp.contains(&CampaignEvent::RebellionStrikes {
        power: Power::AngloSaxons,
        feudal: 6,
        tie_rolls: vec![]
    }));
    // The Anglo-Saxons' player is asked, during the Normans' phase.
    let a = seat(&s, Power::AngloSaxons);
    assert_eq!(to_act(&s), Turn::Decide(vec![a]));
    assert_eq!(legal_actions(&s, a).len(), 2);
    assert!(legal_actions(&s, seat(&s, Power::Normans)).is_empty());
    act(
        &mut s,
        Power::AngloSaxons,
        CampaignAction::Rebellion {
            power: Power::AngloSaxons,
            negate: true,
        },
    );
    assert_eq!(s.power(Power::AngloSaxons).hand.0, gold(4));
    assert_eq!(s.player_turn.campaign.pending, None);

    // Without stopping it: a 3 sends three random markers back.
    let mut s = position(vec![chit("rebellion")], setup);
    start_campaign(&mut s);
    s.chance.script_rolls(&[3]);
    let camp = campaign_events(&act(
        &mut s,
        Power::AngloSaxons,
        CampaignAction::Rebellion {
            power: Power::AngloSaxons,
            negate: false,
        },
    ));
    assert!(camp.contains(&CampaignEvent::RebellionLoss {
        power: Power::AngloSaxons,
        roll: 3,
        lost: 3
    }));
    assert_eq!(s.power(Power::AngloSaxons).hand.len(), 2);
}

#[test]
fn g1066_8_13_attrition_costs_a_unit_of_the_drawers_choice_never_the_king() {
    let mut s = position(vec![chit("attrition")], |s| {
        s.add_unit(town("Rouen"), Power::Normans, leader("william"), Vec::new());
        s.add_unit(
            town("Rouen"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.add_unit(
            town("Rouen"),
            Power::Normans,
            unit(UnitType::Fyrd),
            Vec::new(),
        );
        s.add_unit(
            town("Bayeux"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.add_unit(
            town("Bayeux"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
        s.add_unit(
            town("Avranches"),
            Power::Normans,
            unit(UnitType::Knight),
            Vec::new(),
        );
    });
    // William 3 + Rouen 3 + Bayeux 1 + Avranches 1 + Normandy 5 = 13: three picks, but
    // the pool holds only the Attrition. Rolls: Rouen 1 (loss), Bayeux 2 (none).
    let order: Vec<Place> = s.forces.keys().copied().collect();
    let rouen_first = order.iter().position(|p| *p == town("Rouen"))
        < order.iter().position(|p| *p == town("Bayeux"));
    s.chance.script_rolls(&[1]);
    s.chance
        .script_rolls(if rouen_first { &[1, 2] } else { &[2, 1] });
    start_campaign(&mut s);
    assert_eq!(
        s.player_turn.campaign.pending,
        Some(PendingEvent::Attrition {
            power: Power::Normans,
            places: vec![town("Rouen")]
        })
    );
    let n = seat(&s, Power::Normans);
    let offered = legal_actions(&s, n);
    // The knight and the fyrd, not William; no ending the phase yet.
    assert_eq!(offered.len(), 2);
    let william = s
        .stack(town("Rouen"), Power::Normans)
        .and_then(|st| st.units.iter().find(|u| *u.identity == leader("william")))
        .map(|u| u.id)
        .expect("william");
    let err = apply(
        &mut s,
        n,
        &Action::Campaign(CampaignAction::AttritionLoss {
            power: Power::Normans,
            place: town("Rouen"),
            unit: william,
        }),
    )
    .expect_err("kings are immune");
    assert_eq!(err.rule, "8.13");
    let Action::Campaign(choice) = offered[1].clone() else {
        panic!("a campaign action")
    };
    apply(&mut s, n, &Action::Campaign(choice)).expect("legal");
    assert_eq!(
        s.stack(town("Rouen"), Power::Normans)
            .map(|st| st.units.len()),
        Some(2)
    );
    assert_eq!(
        s.stack(town("Bayeux"), Power::Normans)
            .map(|st| st.units.len()),
        Some(2)
    );
    assert_eq!(s.player_turn.campaign.pending, None);
}

#[test]
fn g1066_8_9_a_played_event_returns_to_the_pool_next_player_turn() {
    let mut pool = vec![chit("storms")];
    pool.extend(gold(5));
    let mut s = position(pool, |_| {});
    let storms_at = s
        .pool
        .iter()
        .position(|c| *c == chit("storms"))
        .expect("storms");
    s.chance.script_rolls(&[storms_at as u32 + 1]);
    start_campaign(&mut s);
    assert_eq!(s.events_out, vec![chit("storms")]);
    let n = seat(&s, Power::Normans);
    for _ in 0..7 {
        apply(
            &mut s,
            n,
            &Action::EndPhase {
                power: Power::Normans,
            },
        )
        .expect("end");
    }
    // The Anglo-Saxons' turn began: the Storms are back.
    assert!(matches!(
        s.phase,
        Phase::PlayerTurn {
            power: Power::AngloSaxons,
            ..
        }
    ));
    assert!(s.events_out.is_empty());
    // The Anglo-Saxons hold nothing, so drew nothing: the Storms are in the pool.
    assert!(s.pool.contains(&chit("storms")));
}

#[test]
fn g1066_8_13_troops_demand_pay_or_mutiny() {
    let mut s = position(vec![chit("troops_demand_more_pay")], |s| {
        for _ in 0..5 {
            s.add_unit(
                town("Rouen"),
                Power::Normans,
                unit(UnitType::Fyrd),
                Vec::new(),
            );
        }
        for _ in 0..4 {
            s.add_unit(
                town("Bayeux"),
                Power::Normans,
                unit(UnitType::Fyrd),
                Vec::new(),
            );
        }
        s.power_mut(Power::Normans).hand.0 = gold(1);
    });
    // Rouen 3 + Bayeux 1 + Normandy 5 = 9: two picks, one Event in the pool.
    start_campaign(&mut s);
    assert_eq!(
        s.player_turn.campaign.pending,
        Some(PendingEvent::Pay {
            power: Power::Normans,
            places: vec![town("Rouen")]
        })
    );
    let n = seat(&s, Power::Normans);
    assert_eq!(legal_actions(&s, n).len(), 2);
    // Unpaid: the Anglo-Saxons may pay instead (8.13); holding no gold, they pass.
    act(
        &mut s,
        Power::Normans,
        CampaignAction::Pay {
            power: Power::Normans,
            place: town("Rouen"),
            pay: false,
        },
    );
    let a = seat(&s, Power::AngloSaxons);
    assert_eq!(
        legal_actions(&s, a),
        vec![Action::Campaign(CampaignAction::NoTakeOver {
            power: Power::AngloSaxons
        })]
    );
    // Five mutiny dice, 1-3 desert.
    s.chance.script_rolls(&[1, 4, 3, 6, 5]);
    act(
        &mut s,
        Power::AngloSaxons,
        CampaignAction::NoTakeOver {
            power: Power::AngloSaxons,
        },
    );
    assert_eq!(
        s.stack(town("Rouen"), Power::Normans)
            .map(|st| st.units.len()),
        Some(3)
    );
    assert_eq!(s.power(Power::Normans).hand.0, gold(1));
}

#[test]
fn g1066_8_13_an_enemy_may_pay_unpaid_troops_and_take_them_over() {
    let mut s = position(vec![chit("troops_demand_more_pay")], |s| {
        for _ in 0..5 {
            s.add_unit(
                town("Rouen"),
                Power::Normans,
                unit(UnitType::Fyrd),
                Vec::new(),
            );
        }
        s.power_mut(Power::AngloSaxons).hand.0 = gold(3);
    });
    start_campaign(&mut s);
    act(
        &mut s,
        Power::Normans,
        CampaignAction::Pay {
            power: Power::Normans,
            place: town("Rouen"),
            pay: false,
        },
    );
    // Open bidding from the 1 gold the drawer owed, up to the gold held.
    let a = seat(&s, Power::AngloSaxons);
    let bids: Vec<Action> = legal_actions(&s, a);
    assert_eq!(bids.len(), 4, "pass, or bid 1, 2 or 3: {bids:?}");
    let events = act(
        &mut s,
        Power::AngloSaxons,
        CampaignAction::TakeOver {
            power: Power::AngloSaxons,
            gold: 1,
        },
    );
    // Nobody outbids them: they pay 1 and the five fyrd are theirs to command, still
    // Norman counters (11.8); nobody mutinies.
    assert!(campaign_events(&events)
        .iter()
        .any(|e| matches!(e, CampaignEvent::Hired { gold: 1, .. })));
    assert!(!campaign_events(&events)
        .iter()
        .any(|e| matches!(e, CampaignEvent::Mutiny { .. })));
    assert!(s.stack(town("Rouen"), Power::Normans).is_none());
    let st = s
        .stack(town("Rouen"), Power::AngloSaxons)
        .expect("taken over");
    assert_eq!(st.units.len(), 5);
    assert!(st.units.iter().all(|u| u.owner == Power::Normans));
    assert_eq!(s.power(Power::AngloSaxons).hand.0, gold(2));
    assert!(s.player_turn.campaign.takeover.is_none());
}

#[test]
fn g1066_8_13_hired_troops_bidding_goes_round_until_nobody_outbids() {
    use super::campaign::Takeover;
    let (n, a, v, b) = (
        Power::Normans,
        Power::AngloSaxons,
        Power::Vikings,
        Power::Britons,
    );
    let mut t = Takeover {
        drawer: n,
        place: town("Rouen"),
        bidders: vec![a, v, b],
        best: None,
        next: 0,
    };
    assert_eq!(t.asked(), Some(a));
    // The Anglo-Saxons bid 1: the Vikings answer next, then the Britons.
    t.best = Some((a, 1));
    t.next = 1;
    assert_eq!(t.asked(), Some(v));
    t.bidders.remove(1);
    assert_eq!(t.asked(), Some(b));
    // The Britons raise to 2: the asking comes round to the Anglo-Saxons again.
    t.best = Some((b, 2));
    t.next = 2;
    assert_eq!(t.asked(), Some(a));
    // The Anglo-Saxons drop out: only the best bidder is left, nobody is asked.
    t.bidders.remove(0);
    t.next = 0;
    assert_eq!(t.asked(), None);
}
