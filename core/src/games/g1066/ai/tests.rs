//! Tests of the simple player and the evaluation: legal at every decision of whole
//! games, deterministic, the rules of thumb in set positions, an evaluation in 0..=1
//! that moves the right way.

use super::super::actions::Action;
use super::super::battle::{BattleAction, BoardBox, Decision, DecisionKind, UnitId};
use super::super::data::tables::PlayerPhase;
use super::super::data::{square, Place, Power, UnitType};
use super::super::sequence::victory_checks;
use super::super::state::{Identity, Phase, State};
use super::super::turn::combat::CombatAction;
use super::super::turn::movement::MovementAction;
use super::super::turn::provision::ProvisionAction;
use super::super::turn::test_position::{gold, open_phase, position, seat};
use super::super::{G1066Options, G1066};
use super::{evaluate, simple_action};
use crate::ai::simulate::{self, play_policies, Policy};
use crate::engine::{Chance, Game, Seat, Turn};

fn options(scenario: &str) -> G1066Options {
    G1066::options(scenario).unwrap()
}

fn at(name: &str) -> Place {
    Place::Square(square(name).unwrap_or_else(|| panic!("no square {name}")))
}

fn put(s: &mut State, sq: &str, power: Power, t: UnitType, n: usize) -> Vec<u16> {
    (0..n)
        .map(|_| {
            let id = s.next_unit;
            s.add_unit(at(sq), power, Identity::Unit(t), Vec::new());
            id
        })
        .collect()
}

fn count(s: &State, sq: &str, p: Power) -> usize {
    s.stack(at(sq), p).map_or(0, |st| st.units.len())
}

/// The simple player's action for the seat of `power`, checked legal.
fn decide(s: &State, power: Power) -> Action {
    let who = seat(s, power);
    let a = simple_action(s, who, &mut Chance::new(7)).expect("an action");
    assert!(
        G1066::legal_actions(s, who).contains(&a),
        "not legal: {a:?}"
    );
    a
}

/// Lets the simple player of `power` act until the phase ends (or `limit` decisions).
fn play_phase(s: &mut State, power: Power, limit: usize) {
    let phase = s.phase;
    for _ in 0..limit {
        if s.phase != phase {
            return;
        }
        let a = decide(s, power);
        G1066::apply(s, seat(s, power), &a).unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
    }
    panic!("the phase did not end in {limit} decisions");
}

/// Plays a game with the seats in `simple` played by the simple player (given a state
/// drawn from their own view) and the others random, checking every simple action is
/// legal in the true state. Returns the decisions made.
fn checked_game(scenario: &str, seed: u64, simple: &[Seat]) -> u32 {
    let mut state = G1066::setup(&options(scenario), seed);
    let mut rng = Chance::new(seed ^ 0x5eed);
    let mut guesses = Chance::new(seed ^ 0x6e55);
    let mut decisions = 0u32;
    loop {
        match G1066::to_act(&state) {
            Turn::Over(_) => return decisions,
            Turn::Decide(seats) => {
                let seat = seats[0];
                let action = if simple.contains(&seat) {
                    let a = simulate::simple_action::<G1066>(&state, seat, &mut guesses, &mut rng)
                        .expect("the simple player has an action");
                    assert!(
                        G1066::legal_actions(&state, seat).contains(&a),
                        "{scenario} seed {seed}: illegal {a:?} at decision {decisions}"
                    );
                    a
                } else {
                    G1066::random_action(&state, seat, &mut rng).expect("random action")
                };
                G1066::apply(&mut state, seat, &action).expect("a legal action applies");
                decisions += 1;
                assert!(decisions < 100_000, "{scenario} seed {seed}: stuck");
            }
        }
    }
}

#[test]
fn g1066_simple_player_is_legal_and_finishes_every_scenario() {
    for sc in G1066::scenarios() {
        let n = options(sc.id).players;
        let all: Vec<Seat> = (0..n).map(Seat).collect();
        assert!(checked_game(sc.id, 1, &all) > 100);
        assert!(checked_game(sc.id, 2, &[Seat(n - 1)]) > 100);
    }
}

#[test]
fn g1066_simple_player_is_deterministic_for_a_fixed_rng() {
    let o = options("three_players_britons");
    let a = play_policies::<G1066>(&o, 5, 100_000, |_| Policy::Simple);
    let b = play_policies::<G1066>(&o, 5, 100_000, |_| Policy::Simple);
    assert!(a.stuck.is_none());
    assert_eq!(a.actions, b.actions);
}

// ---------------------------------------------------------------- rules of thumb

#[test]
fn g1066_simple_27_4_a_king_is_set_up_in_a_royal_town() {
    // Every power sets up by the simple player: Harold ends in a royal town (23.2 (1)).
    let mut s = G1066::setup(&options("two_players"), 3);
    let mut rng = Chance::new(1);
    while s.phase == Phase::Setup {
        let Turn::Decide(seats) = G1066::to_act(&s) else {
            panic!("over in set-up")
        };
        let a = simple_action(&s, seats[0], &mut rng).expect("a deployment");
        G1066::apply(&mut s, seats[0], &a).unwrap();
    }
    let anglo_saxons = seat(&s, Power::AngloSaxons);
    let check = victory_checks(&s)
        .into_iter()
        .find(|c| c.seat == anglo_saxons)
        .unwrap();
    assert!(check.king_placed);
    assert!(check.feudal >= 20, "feudal {}", check.feudal);
}

#[test]
fn g1066_simple_14_9_a_small_force_does_not_march_into_a_strong_stack() {
    // Two Norman fyrd in Southampton (E15); four housecarls hold Winchester next door.
    let mut s = position(Vec::new(), |s| {
        put(s, "E15", Power::Normans, UnitType::Fyrd, 2);
        put(s, "E14", Power::AngloSaxons, UnitType::Housecarl, 4);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Movement);
    play_phase(&mut s, Power::Normans, 20);
    assert_eq!(count(&s, "E14", Power::Normans), 0);
    assert_eq!(count(&s, "E14", Power::AngloSaxons), 4);
}

#[test]
fn g1066_simple_14_5_a_force_leaves_a_garrison_in_the_town_it_marches_from() {
    // Three Norman knights hold London (F14); Winchester (E14) next door is empty.
    let mut s = position(Vec::new(), |s| {
        put(s, "F14", Power::Normans, UnitType::Knight, 2);
        put(s, "F14", Power::Normans, UnitType::Fyrd, 1);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Movement);
    let first = decide(&s, Power::Normans);
    assert_eq!(
        first,
        Action::Movement(MovementAction::Muster {
            power: Power::Normans,
            place: at("F14"),
            fleets: false
        })
    );
    play_phase(&mut s, Power::Normans, 20);
    // The fyrd, the weakest, stays in London; the knights have gone to take a town.
    let london = s.stack(at("F14"), Power::Normans).expect("a garrison");
    assert_eq!(london.units.len(), 1);
    assert_eq!(*london.units[0].identity, Identity::Unit(UnitType::Fyrd));
    let checks = victory_checks(&s);
    let normans = checks
        .iter()
        .find(|c| c.seat == seat(&s, Power::Normans))
        .unwrap();
    assert!(normans.feudal > 3, "feudal {}", normans.feudal);
}

#[test]
fn g1066_simple_9_4_pays_to_feed_a_big_stack() {
    // Eight Norman fyrd in a clear square with gold: one gold feeds them all (9.4).
    let mut s = position(Vec::new(), |s| {
        put(s, "F13", Power::Normans, UnitType::Fyrd, 8);
        s.power_mut(Power::Normans).hand.0 = gold(3);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Provisioning);
    let hungry = super::super::turn::provision::hungry(&s, Power::Normans);
    assert!(
        hungry.iter().any(|(_, over)| *over >= 2),
        "the test needs a hungry stack: {hungry:?}"
    );
    assert_eq!(
        decide(&s, Power::Normans),
        Action::Provision(ProvisionAction::Pay {
            power: Power::Normans,
            place: at("F13")
        })
    );
}

// ---------------------------------------------------------------- evaluation

#[test]
fn g1066_evaluation_is_in_range_and_prefers_holding_towns() {
    let s = position(Vec::new(), |s| {
        put(s, "F14", Power::AngloSaxons, UnitType::Housecarl, 2);
        put(s, "E9", Power::AngloSaxons, UnitType::Thegn, 2);
        put(s, "H18", Power::Normans, UnitType::Knight, 4);
    });
    let anglo_saxons = seat(&s, Power::AngloSaxons);
    let normans = seat(&s, Power::Normans);
    let before = evaluate(&s, anglo_saxons);
    assert!((0.0..=1.0).contains(&before));
    assert!((before + evaluate(&s, normans) - 1.0).abs() < 1e-9);
    // York lost to the Normans: worse for the Anglo-Saxons.
    let mut after = s.clone();
    after.forces.remove(&at("E9"));
    put(&mut after, "E9", Power::Normans, UnitType::Thegn, 2);
    assert!(evaluate(&after, anglo_saxons) < before);
    assert!(evaluate(&after, normans) > evaluate(&s, normans));
}

#[test]
fn g1066_evaluation_of_a_finished_game_is_its_result() {
    let o = options("two_players");
    let p = play_policies::<G1066>(&o, 4, 100_000, |_| Policy::Simple);
    let mut s = G1066::setup(&o, 4);
    for (seat, a) in &p.actions {
        G1066::apply(&mut s, *seat, a).unwrap();
    }
    let outcome = p.outcome.expect("finished");
    for seat in [Seat(0), Seat(1)] {
        let want = if outcome.winners.is_empty() {
            0.5
        } else if outcome.winners.contains(&seat) {
            1.0
        } else {
            0.0
        };
        assert_eq!(evaluate(&s, seat), want);
    }
}

/// Plays whole games between simple players and hands every Battle Board decision to
/// `check` with the legal actions and the choice.
fn battle_decisions(
    scenario: &str,
    seeds: std::ops::Range<u64>,
    check: &mut dyn FnMut(&State, &[Action], &Action),
) {
    for seed in seeds {
        let mut s = G1066::setup(&options(scenario), seed);
        let mut rng = Chance::new(seed);
        for _ in 0..100_000 {
            let Turn::Decide(seats) = G1066::to_act(&s) else {
                break;
            };
            let legal = G1066::legal_actions(&s, seats[0]);
            // The "always pass" standing order declines exactly the marker windows and
            // the counter-march windows (16.7).
            let pass = Action::Combat(CombatAction::Battle(BattleAction::Pass));
            let want = legal
                .iter()
                .find(|a| {
                    **a == pass
                        || matches!(a, Action::Movement(MovementAction::NoCounterMarch { .. }))
                })
                .cloned();
            assert_eq!(G1066::standing_pass(&s, seats[0]), want);
            let a = simple_action(&s, seats[0], &mut rng).expect("an action");
            if matches!(a, Action::Combat(CombatAction::Battle(_))) {
                check(&s, &legal, &a);
            }
            G1066::apply(&mut s, seats[0], &a).unwrap();
        }
    }
}

fn battle_unit(s: &State, id: UnitId) -> Option<(Option<BoardBox>, u8, bool)> {
    let f = s.player_turn.combat.fight.as_ref()?;
    f.battle
        .unit(id)
        .map(|(_, u, at, _)| (at, u.defense, u.leader.is_some()))
}

#[test]
fn g1066_simple_15_9_attacks_the_easiest_target_and_keeps_leaders_in_reserve_8_13_always_pass() {
    let (mut targets, mut leaders) = (0, 0);
    battle_decisions("two_players", 1..3, &mut |s, legal, chosen| {
        let defense = |id: UnitId| battle_unit(s, id).map_or(u8::MAX, |(_, d, _)| d);
        match chosen {
            Action::Combat(CombatAction::Battle(BattleAction::Target(id))) => {
                let least = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Combat(CombatAction::Battle(BattleAction::Target(t))) => {
                            Some(defense(*t))
                        }
                        _ => None,
                    })
                    .min();
                assert_eq!(Some(defense(*id)), least, "the easiest target (15.9)");
                targets += 1;
            }
            Action::Combat(CombatAction::Battle(BattleAction::Deploy(to))) => {
                let unit = match s
                    .player_turn
                    .combat
                    .fight
                    .as_ref()
                    .and_then(|f| f.battle.to_decide())
                {
                    Some(Decision {
                        kind: DecisionKind::Deploy { unit },
                        ..
                    }) => unit,
                    _ => return,
                };
                let reserve = Action::Combat(CombatAction::Battle(BattleAction::Deploy(
                    BoardBox::Reserve,
                )));
                if battle_unit(s, unit).is_some_and(|(_, _, leader)| leader)
                    && legal.contains(&reserve)
                {
                    assert_eq!(*to, BoardBox::Reserve, "a leader deploys in the reserve");
                    leaders += 1;
                }
            }
            _ => {}
        }
    });
    assert!(targets > 5, "{targets} targets chosen");
    assert!(leaders > 0, "{leaders} leaders deployed");
}

#[test]
fn g1066_simple_16_7_counter_marches_only_with_twice_the_strength() {
    for (kind, n, want) in [(UnitType::Housecarl, 4, true), (UnitType::Fyrd, 1, false)] {
        let mut s = position(gold(4), |s| {
            put(s, "F14", Power::Normans, UnitType::Fyrd, 1);
            put(s, "G13", Power::AngloSaxons, kind, n);
            s.power_mut(Power::AngloSaxons).hand.0 =
                vec![super::super::turn::test_position::chit("forced_march")];
        });
        open_phase(&mut s, Power::Normans, PlayerPhase::Movement);
        let normans = seat(&s, Power::Normans);
        let step = Action::Movement(MovementAction::Step {
            power: Power::Normans,
            from: at("F14"),
            to: at("F13"),
        });
        G1066::apply(&mut s, normans, &step).expect("step");
        let a = decide(&s, Power::AngloSaxons);
        let marches = matches!(a, Action::Movement(MovementAction::CounterMarch { .. }));
        assert_eq!(marches, want, "{n} {kind:?} against a fyrd: {a:?}");
    }
}
