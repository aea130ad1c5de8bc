//! Tests of the Mutual Negotiations Phase's deals (22.1-22.4; NG1-NG5 in RULINGS.md).

use super::actions::{Action, Event};
use super::chits::{Chit, GOLD};
use super::data::tables::PlayerPhase;
use super::data::{Power, UnitType};
use super::negotiation::{DealAction, DealEvent, Pact, Term};
use super::rules::{apply, legal_actions, to_act};
use super::sequence_tests::at_negotiations;
use super::state::{Phase, State};
use super::turn::combat::CombatAction;
use super::turn::test_position::{at, chit, gold, open_phase, position, put, seat, snapshot};
use crate::engine::{Audience, GameEvent, RuleError, Seat, Turn};

const N: Power = Power::Normans;
const AS: Power = Power::AngloSaxons;
const V: Power = Power::Vikings;

fn deal(a: DealAction) -> Action {
    Action::Deal(a)
}

fn act(s: &mut State, power: Power, a: DealAction) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let by = seat(s, power);
    apply(s, by, &deal(a))
}

fn ok(s: &mut State, power: Power, a: DealAction) -> Vec<GameEvent<Event>> {
    act(s, power, a).unwrap_or_else(|e| panic!("refused: {e:?}"))
}

fn hand(s: &State, p: Power) -> Vec<Chit> {
    let mut h = s.power(p).hand.to_vec();
    h.sort();
    h
}

/// Drafts and offers a deal of `from` with `to`.
fn offer(s: &mut State, from: Power, to: Power, terms: &[Term]) {
    ok(
        s,
        from,
        DealAction::Open {
            power: from,
            with: to,
        },
    );
    for &term in terms {
        ok(s, from, DealAction::Add { power: from, term });
    }
    ok(s, from, DealAction::Offer { power: from });
}

fn answer(s: &mut State, power: Power, accept: bool) -> Vec<GameEvent<Event>> {
    ok(s, power, DealAction::Answer { power, accept })
}

/// Three players (Normans, Anglo-Saxons, Vikings) at their negotiations, in that
/// order, hands empty.
fn three_players() -> State {
    let mut s = at_negotiations("three_players_vikings");
    s.order = vec![N, AS, V];
    for p in Power::ALL {
        s.power_mut(p).hand.0.clear();
    }
    s
}

fn decide(s: &State) -> Vec<Seat> {
    match to_act(s) {
        Turn::Decide(seats) => seats,
        Turn::Over(_) => Vec::new(),
    }
}

/// 22.2 (3): a trade of markers, each giver choosing which; only the two parties learn
/// which markers changed hands, the third player only that they did.
#[test]
fn g1066_22_2_markers_traded_are_seen_by_the_two_parties_only() {
    let mut s = three_players();
    s.power_mut(N).hand.0 = vec![chit("assassin"), chit(GOLD)];
    s.power_mut(AS).hand.0 = vec![chit("spy"), chit(GOLD), chit(GOLD)];
    offer(&mut s, N, AS, &[Term::Give(1), Term::Ask(2)]);
    assert_eq!(decide(&s), vec![seat(&s, AS)]);
    answer(&mut s, AS, true);
    // The Normans choose first: only their hand's markers are offered.
    assert_eq!(decide(&s), vec![seat(&s, N)]);
    assert_eq!(
        legal_actions(&s, seat(&s, N)),
        vec![
            deal(DealAction::HandOver {
                power: N,
                chit: chit(GOLD)
            }),
            deal(DealAction::HandOver {
                power: N,
                chit: chit("assassin")
            }),
        ]
    );
    let events = ok(
        &mut s,
        N,
        DealAction::HandOver {
            power: N,
            chit: chit("assassin"),
        },
    );
    let vikings = seat(&s, V);
    let private: Vec<&GameEvent<Event>> = events
        .iter()
        .filter(|e| matches!(e.kind, Event::Deal(DealEvent::HandedOverChit { .. })))
        .collect();
    assert_eq!(private.len(), 1);
    assert_eq!(
        private[0].audience,
        Audience::Only(vec![seat(&s, N), seat(&s, AS)])
    );
    assert!(!matches!(&private[0].audience, Audience::Only(v) if v.contains(&vikings)));
    // Then the Anglo-Saxons hand over two of theirs.
    ok(
        &mut s,
        AS,
        DealAction::HandOver {
            power: AS,
            chit: chit("spy"),
        },
    );
    ok(
        &mut s,
        AS,
        DealAction::HandOver {
            power: AS,
            chit: chit(GOLD),
        },
    );
    assert_eq!(hand(&s, N), {
        let mut h = vec![chit(GOLD), chit("spy"), chit(GOLD)];
        h.sort();
        h
    });
    assert_eq!(hand(&s, AS), {
        let mut h = vec![chit(GOLD), chit("assassin")];
        h.sort();
        h
    });
    assert!(s.talks.deal.is_none());
    // The Normans had their say this round: the Anglo-Saxons are asked next.
    assert_eq!(s.negotiated, vec![N]);
    assert_eq!(decide(&s), vec![seat(&s, AS)]);
    // The Vikings' view shows the hand sizes, not the markers (7.1, 8.2).
    let v = super::view::view(&s, &[vikings]);
    assert_eq!(v.state.power(N).hand.len(), 3);
    assert!(v.state.power(N).hand.iter().all(|c| c.is_unknown()));
}

/// 22.4: no trade between two powers of one player; nothing changes.
#[test]
fn g1066_22_4_no_deal_between_powers_of_one_player() {
    let mut s = position(Vec::new(), |s| {
        let normans = s.controller(N);
        s.power_mut(V).controller = normans;
        s.power_mut(N).hand.0 = gold(2);
    });
    let before = snapshot(&s);
    let err = act(&mut s, N, DealAction::Open { power: N, with: V }).expect_err("same player");
    assert_eq!(err.rule, "22.4");
    assert_eq!(snapshot(&s), before);
    assert!(!legal_actions(&s, seat(&s, N)).contains(&deal(DealAction::Open { power: N, with: V })));
}

/// 22.2: a declined deal changes nothing but the round; a deal cannot ask for more
/// markers than the other holds.
#[test]
fn g1066_22_2_declined_deal_changes_nothing() {
    let mut s = position(Vec::new(), |s| {
        s.power_mut(N).hand.0 = gold(2);
        s.power_mut(AS).hand.0 = gold(1);
    });
    ok(&mut s, N, DealAction::Open { power: N, with: AS });
    let err = act(
        &mut s,
        N,
        DealAction::Add {
            power: N,
            term: Term::Ask(2),
        },
    )
    .expect_err("holds one");
    assert_eq!(err.rule, "22.2");
    ok(
        &mut s,
        N,
        DealAction::Add {
            power: N,
            term: Term::Ask(1),
        },
    );
    ok(&mut s, N, DealAction::Offer { power: N });
    answer(&mut s, AS, false);
    assert_eq!(hand(&s, N), gold(2));
    assert_eq!(hand(&s, AS), gold(1));
    assert!(s.talks.deal.is_none());
    assert_eq!(s.negotiated, vec![N]);
    assert!(s.talks.offers);
}

/// 22.2 (2): control of a power passes to the other party's player, hand and all.
#[test]
fn g1066_22_2_transfer_passes_control() {
    let mut s = position(Vec::new(), |s| {
        let normans = s.controller(N);
        s.power_mut(V).controller = normans;
        s.power_mut(V).hand.0 = gold(2);
    });
    // The Normans' player plays two powers; the Vikings go to the Anglo-Saxons'.
    offer(&mut s, N, AS, &[Term::Transfer(V)]);
    answer(&mut s, AS, true);
    assert_eq!(s.controller(V), s.controller(AS));
    assert_eq!(hand(&s, V), gold(2));
}

/// 22.2: a party keeps at least one power, so the Normans cannot give themselves away.
#[test]
fn g1066_22_2_each_party_keeps_a_power() {
    let mut s = position(Vec::new(), |_| {});
    ok(&mut s, N, DealAction::Open { power: N, with: AS });
    let err = act(
        &mut s,
        N,
        DealAction::Add {
            power: N,
            term: Term::Transfer(N),
        },
    )
    .expect_err("their only power");
    assert_eq!(err.rule, "22.2");
    let err = act(
        &mut s,
        N,
        DealAction::Add {
            power: N,
            term: Term::Neutral(AS),
        },
    )
    .expect_err("their only power");
    assert_eq!(err.rule, "22.2");
}

/// 22.2 (1): a power back to neutrality holds no markers (4.3) and takes no player
/// turn this game turn; its say in the negotiations is over.
#[test]
fn g1066_22_2_power_back_to_neutrality() {
    let mut s = three_players();
    let normans = seat(&s, N);
    s.power_mut(V).controller = Some(normans);
    s.power_mut(V).hand.0 = gold(3);
    let pool_before = s.pool.len();
    offer(&mut s, N, AS, &[Term::Neutral(V)]);
    answer(&mut s, AS, true);
    assert_eq!(s.controller(V), None);
    assert!(s.power(V).hand.is_empty());
    assert_eq!(s.pool.len(), pool_before + 3);
    assert_eq!(s.order, vec![N, AS]);
}

/// NG1: the phase ends after a round with no offers; a round with an offer is
/// followed by another, three at most.
#[test]
fn g1066_22_1_rounds_end_when_nobody_offers_or_after_three() {
    let mut s = position(Vec::new(), |s| {
        s.power_mut(N).hand.0 = gold(3);
    });
    for round in 0..3 {
        offer(&mut s, N, AS, &[Term::Give(1)]);
        answer(&mut s, AS, false);
        assert_eq!(s.phase, Phase::Negotiations, "round {round}");
        let by = seat(&s, AS);
        apply(&mut s, by, &Action::Pass { power: AS }).expect("pass");
    }
    // After the third round the Normans' player turn begins.
    assert!(matches!(s.phase, Phase::PlayerTurn { power: N, .. }));

    let mut s = position(Vec::new(), |_| {});
    for p in [N, AS] {
        let by = seat(&s, p);
        apply(&mut s, by, &Action::Pass { power: p }).expect("pass");
    }
    assert!(matches!(s.phase, Phase::PlayerTurn { power: N, .. }));
}

/// 22.2 (4): the game ends at once when every player agrees, with the victor named.
#[test]
fn g1066_22_2_game_ended_by_agreement() {
    let mut s = three_players();
    offer(&mut s, N, AS, &[Term::EndGame(Some(AS))]);
    answer(&mut s, AS, true);
    // The Vikings' player must agree too.
    assert_eq!(decide(&s), vec![seat(&s, V)]);
    assert_eq!(s.phase, Phase::Negotiations);
    answer(&mut s, V, true);
    assert_eq!(s.phase, Phase::GameOver);
    let Turn::Over(outcome) = to_act(&s) else {
        panic!("game over")
    };
    assert_eq!(outcome.winners, vec![seat(&s, AS)]);

    // One player declining keeps the game going.
    let mut s = three_players();
    offer(&mut s, N, AS, &[Term::EndGame(None)]);
    answer(&mut s, AS, true);
    answer(&mut s, V, false);
    assert_eq!(s.phase, Phase::Negotiations);
    assert!(s.talks.ended.is_none());
}

/// 22.2 (5), 22.3: a promise not to attack, then a battle against the promised power:
/// the violator's powers lose half their markers at random (rounded down, NG3), and
/// every other player rolls a die and picks that many.
#[test]
fn g1066_22_3_broken_promise_costs_half_the_hand() {
    let mut s = position(gold(10), |s| {
        s.power_mut(N).hand.0 = gold(5);
        s.power_mut(AS).hand.0 = gold(1);
    });
    offer(&mut s, N, AS, &[Term::NoAttack(1)]);
    answer(&mut s, AS, true);
    assert_eq!(
        s.pacts,
        vec![Pact {
            seats: [seat(&s, N), seat(&s, AS)],
            until: s.turn
        }]
    );
    put(&mut s, "F13", N, UnitType::Knight, 1);
    put(&mut s, "F13", AS, UnitType::Fyrd, 1);
    open_phase(&mut s, N, PlayerPhase::Combat);
    // Two losses from a hand of 5 (the 1st and 1st marker), then the Anglo-Saxons' die: 3.
    s.chance.script_rolls(&[1, 1, 3, 1, 1, 1]);
    let by = seat(&s, N);
    let events = apply(
        &mut s,
        by,
        &Action::Combat(CombatAction::Fight {
            power: N,
            place: at("F13"),
        }),
    )
    .expect("a broken promise is a legal move");
    assert!(events.iter().any(|e| matches!(
        e.kind,
        Event::Deal(DealEvent::PactBroken {
            by: N,
            against: AS,
            ..
        })
    )));
    assert_eq!(hand(&s, N).len(), 3);
    assert_eq!(hand(&s, AS).len(), 4);
    assert!(events.iter().any(|e| matches!(
        e.kind,
        Event::Deal(DealEvent::PenaltyRoll { power: AS, roll: 3 })
    )));
    assert!(s.pacts.is_empty());
}

/// The simple player (ai/deals.rs) takes markers given for nothing and refuses to give
/// markers for nothing.
#[test]
fn g1066_22_2_simple_player_weighs_what_it_gets_against_what_it_gives() {
    let simple = |s: &State, p: Power| {
        super::ai::simple_action(s, seat(s, p), &mut crate::engine::Chance::new(1))
    };
    let mut s = position(Vec::new(), |s| {
        s.power_mut(N).hand.0 = gold(2);
        s.power_mut(AS).hand.0 = gold(2);
    });
    offer(&mut s, N, AS, &[Term::Give(2)]);
    assert_eq!(
        simple(&s, AS),
        Some(deal(DealAction::Answer {
            power: AS,
            accept: true
        }))
    );
    answer(&mut s, AS, false);
    let by = seat(&s, AS);
    apply(&mut s, by, &Action::Pass { power: AS }).expect("pass");
    // Round two: asked to give for nothing, it declines.
    offer(&mut s, N, AS, &[Term::Ask(1)]);
    assert_eq!(
        simple(&s, AS),
        Some(deal(DealAction::Answer {
            power: AS,
            accept: false
        }))
    );
    // Its own turn to speak: it passes.
    answer(&mut s, AS, false);
    assert_eq!(simple(&s, AS), Some(Action::Pass { power: AS }));
}

/// Games in which every choice, deals included, is drawn uniformly from the legal
/// list (the random player makes no deals, so this is where drawn deals are played):
/// every action applies, reads back from its notation, every game ends, and which
/// markers changed hands reaches only the two parties' seats.
#[test]
fn g1066_22_2_random_deals_apply_read_back_and_stay_between_the_parties() {
    use super::notation::{format_action, parse_action};
    use crate::engine::Game;
    let mut deals_made = 0;
    for scenario in ["two_players", "three_players_britons", "four_players"] {
        for seed in 0..3u64 {
            let options = super::G1066::options(scenario).expect("scenario");
            let mut s = super::G1066::setup(&options, seed);
            let mut rng = crate::engine::Chance::new(seed + 40);
            let mut decisions = 0;
            while let Turn::Decide(seats) = to_act(&s) {
                let by = seats[0];
                let legal = legal_actions(&s, by);
                let i = rng.roll(u32::try_from(legal.len()).expect("few")) as usize - 1;
                let a = legal[i].clone();
                if let Action::Deal(_) = a {
                    let text = format_action(&s, &a);
                    assert_eq!(parse_action(&s, &text).ok(), Some(a.clone()), "{text}");
                }
                let before = s.clone();
                let events = apply(&mut s, by, &a).unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
                for e in &events {
                    if let Event::Deal(DealEvent::HandedOverChit { from, to, .. }) = e.kind {
                        deals_made += 1;
                        let parties: Vec<Seat> = [from, to]
                            .iter()
                            .filter_map(|&p| before.controller(p))
                            .collect();
                        assert_eq!(e.audience, Audience::Only(parties));
                    }
                }
                decisions += 1;
                assert!(decisions < 60_000, "{scenario} seed {seed} stuck");
            }
        }
    }
    assert!(deals_made > 0, "no markers changed hands in these games");
}

/// 8.13 Spy "any time in the game turn" (SP1): in its say of the negotiations a power
/// may look at another player's hand; the other player may negate it first (PN3), and
/// the look reaches the spying player alone. The say goes on: it may still pass.
#[test]
fn g1066_8_13_spy_played_in_ones_negotiation_say() {
    use super::turn::phase_markers::{MarkerAction, MarkerEvent};
    let mut s = three_players();
    s.power_mut(N).hand.0 = vec![chit("spy")];
    s.power_mut(AS).hand.0 = vec![chit("assassin"), chit(GOLD)];
    let normans = seat(&s, N);
    let look = Action::Marker(MarkerAction::SpyHand {
        power: N,
        target: AS,
    });
    assert!(legal_actions(&s, normans).contains(&look));
    apply(&mut s, normans, &look).expect("a Spy in one's say");
    // The Anglo-Saxons, then the Vikings, are asked whether to negate it.
    assert_eq!(decide(&s), vec![seat(&s, AS)]);
    let events = super::turn::test_position::let_stand(&mut s);
    let shown: Vec<&GameEvent<Event>> = events
        .iter()
        .filter(|e| matches!(e.kind, Event::Marker(MarkerEvent::SpiedHandChits { .. })))
        .collect();
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].audience, Audience::Only(vec![normans]));
    assert!(s.power(N).hand.is_empty());
    assert_eq!(decide(&s), vec![normans]);
    assert!(legal_actions(&s, normans).contains(&Action::Pass { power: N }));
    // Not in another power's say.
    let mut s = three_players();
    s.power_mut(AS).hand.0 = vec![chit("spy")];
    let before = snapshot(&s);
    let by = seat(&s, AS);
    let err = apply(
        &mut s,
        by,
        &Action::Marker(MarkerAction::SpyStacks { power: AS }),
    )
    .expect_err("the Normans' say");
    assert_eq!(err.rule, "8.13");
    assert_eq!(snapshot(&s), before);
}
