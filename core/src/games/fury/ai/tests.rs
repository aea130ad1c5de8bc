//! Tests of the simple player and the evaluation: legality at every decision of whole
//! games, determinism, rules of thumb in set positions, and the evaluation's range and
//! direction.

use super::super::actions::{FuryAction, TransferTo};
use super::super::notation;
use super::super::state::{FuryState, Phase, Place};
use super::super::tests::support::{act, bare, hex, hold, id, put, ready};
use super::super::units::Side;
use super::super::{Fury, FuryOptions};
use super::evaluate::evaluate;
use super::simple::simple_action;
use crate::ai::simulate;
use crate::engine::{Chance, Game, Seat, Turn};

fn simple(state: &FuryState, side: Side) -> FuryAction {
    let mut rng = Chance::new(7);
    simple_action(state, side, &mut rng).expect("an action")
}

fn said(state: &FuryState, a: &FuryAction) -> String {
    notation::format_action(state, a)
}

/// Plays a game with the given seats (true: simple) and checks that every action the
/// simple player chose was in the legal list; returns the actions taken, in notation.
fn checked_game(scenario: &str, seed: u64, simple_seats: [bool; 2]) -> Vec<String> {
    let options = FuryOptions::for_scenario(scenario).unwrap();
    let mut state = Fury::setup(&options, seed);
    let mut rng = Chance::new(seed ^ 0x5eed_f00d);
    let mut guesses = Chance::new(seed ^ 0x6e55_5e5d);
    let mut log = Vec::new();
    for _ in 0..20_000 {
        let Turn::Decide(seats) = Fury::to_act(&state) else {
            return log;
        };
        let seat = seats[0];
        let action = if simple_seats[seat.0 as usize] {
            let a = simulate::simple_action::<Fury>(&state, seat, &mut guesses, &mut rng)
                .expect("the simple player always has an action");
            assert!(
                Fury::legal_actions(&state, seat).contains(&a),
                "{scenario} seed {seed}: {} is not legal",
                said(&state, &a)
            );
            a
        } else {
            Fury::random_action(&state, seat, &mut rng).unwrap()
        };
        log.push(said(&state, &action));
        Fury::apply(&mut state, seat, &action).unwrap();
    }
    panic!("{scenario} seed {seed}: no end after 20,000 decisions");
}

#[test]
fn simple_player_is_legal_at_every_decision_of_every_scenario() {
    for s in Fury::scenarios() {
        checked_game(s.id, 11, [true, false]);
        checked_game(s.id, 12, [false, true]);
        checked_game(s.id, 13, [true, true]);
    }
}

#[test]
fn simple_player_is_deterministic_for_a_fixed_seed() {
    let a = checked_game("basic", 5, [true, true]);
    let b = checked_game("basic", 5, [true, true]);
    assert_eq!(a, b);
    let c = checked_game("basic", 6, [true, true]);
    assert_ne!(a, c);
}

#[test]
fn viking_ship_goes_to_the_road_head() {
    let mut s = Fury::setup(&FuryOptions::for_scenario("advanced").unwrap(), 1);
    act(&mut s, Side::Villager, "setup default");
    act(&mut s, Side::Villager, "end");
    assert_eq!(said(&s, &simple(&s, Side::Viking)), "ship 0802");
    act(&mut s, Side::Viking, "ship 0802");
    assert_eq!(said(&s, &simple(&s, Side::Viking)), "ship 0603");
}

#[test]
fn viking_first_unit_ashore_guards_the_ship() {
    let s = ready("basic", &["0802"]);
    let a = simple(&s, Side::Viking);
    match a {
        FuryAction::Move { path, embark, .. } => {
            assert_eq!(path.to_vec(), [hex("0802")]);
            assert!(!embark);
        }
        other => panic!("expected a landing, got {}", said(&s, &other)),
    }
}

#[test]
fn viking_attacks_at_the_best_odds_first() {
    // VI01 faces a lone Militia in the open (4 against 1: 4-1); VB01 two Regulars in
    // the Manor (6 against 8: 1-2). Both are mandatory; the sure one goes first.
    let mut s = bare("basic", &["0802"], 3, Phase::VikingCombat);
    put(&mut s, "VI01", "0905");
    put(&mut s, "MI01", "0905");
    put(&mut s, "VB01", "0407");
    put(&mut s, "RI01", "0407");
    put(&mut s, "RI02", "0407");
    assert_eq!(said(&s, &simple(&s, Side::Viking)), "attack 0905");
}

#[test]
fn viking_captures_the_woman_in_the_open_before_the_one_in_a_house() {
    // 4 against 1 in the open is 3-1 (4 in 6); in a Building her defence doubles:
    // 2-1 (3 in 6), 8.1, 8.2.
    let mut s = bare("basic", &["0802"], 3, Phase::VikingCombat);
    put(&mut s, "VI01", "0711");
    put(&mut s, "WO01", "0711");
    put(&mut s, "VI02", "0905");
    put(&mut s, "WO02", "0905");
    assert_eq!(said(&s, &simple(&s, Side::Viking)), "capture VI02 WO02");
}

#[test]
fn viking_hands_loot_aboard_from_next_to_the_ship() {
    let mut s = bare("basic", &["0802"], 4, Phase::VikingMovement);
    put(&mut s, "VI01", "0802");
    put(&mut s, "VI02", "0803");
    put(&mut s, "WO01", "0803");
    hold(&mut s, "VI02", "WO01");
    let a = simple(&s, Side::Viking);
    assert_eq!(
        a,
        FuryAction::Transfer {
            from: id(&s, "VI02"),
            to: TransferTo::Ship(hex("0802")),
            items: super::super::actions::Units::from_slice(&[id(&s, "WO01")]).unwrap(),
        },
        "{}",
        said(&s, &a)
    );
}

#[test]
fn viking_with_two_captives_walks_aboard() {
    let mut s = bare("basic", &["0802"], 4, Phase::VikingMovement);
    s.transfers = 1;
    put(&mut s, "VI01", "0802");
    put(&mut s, "VI02", "0805");
    put(&mut s, "WO01", "0805");
    put(&mut s, "WO02", "0805");
    hold(&mut s, "VI02", "WO01");
    hold(&mut s, "VI02", "WO02");
    match simple(&s, Side::Viking) {
        FuryAction::Move {
            units,
            path,
            embark,
        } => {
            assert_eq!(units.as_slice(), &[id(&s, "VI02")]);
            assert_eq!(path.last(), Some(hex("0802")));
            assert!(embark);
        }
        other => panic!("expected the walk aboard, got {}", said(&s, &other)),
    }
}

#[test]
fn viking_guard_stays_on_the_ship_until_the_last_turn() {
    let mut s = bare("basic", &["0802"], 6, Phase::VikingMovement);
    put(&mut s, "VI01", "0802");
    assert_eq!(simple(&s, Side::Viking), FuryAction::End);
    s.turn = 12;
    assert_eq!(said(&s, &simple(&s, Side::Viking)), "embark VI01 0802");
}

#[test]
fn villager_prays_at_the_ship_within_range() {
    let mut s = bare("basic", &["0802"], 5, Phase::VillagerCombat);
    put(&mut s, "VI01", "0802");
    put(&mut s, "PR01", "0804");
    put(&mut s, "VI02", "0905");
    assert_eq!(said(&s, &simple(&s, Side::Villager)), "wrath PR01 0802");
}

#[test]
fn villager_cavalry_rides_for_an_unguarded_ship() {
    let mut s = bare("basic", &["0802"], 5, Phase::VillagerMovement);
    put(&mut s, "CA01", "0806");
    put(&mut s, "VI02", "1012");
    match simple(&s, Side::Villager) {
        FuryAction::Move { path, .. } => assert_eq!(path.last(), Some(hex("0802"))),
        other => panic!("expected the ride, got {}", said(&s, &other)),
    }
}

#[test]
fn evaluation_is_between_0_and_1_at_every_decision() {
    for sc in Fury::scenarios() {
        let played = simulate::play_policies::<Fury>(
            &FuryOptions::for_scenario(sc.id).unwrap(),
            3,
            20_000,
            |_| simulate::Policy::Random,
        );
        let mut state = Fury::setup(&FuryOptions::for_scenario(sc.id).unwrap(), 3);
        for (seat, a) in &played.actions {
            for s in [Seat(0), Seat(1)] {
                let v = evaluate(&state, s);
                assert!((0.0..=1.0).contains(&v), "{}: {v}", sc.id);
            }
            Fury::apply(&mut state, *seat, a).unwrap();
        }
        let outcome = played.outcome.expect("finished");
        for s in [Seat(0), Seat(1)] {
            let want = if outcome.winners.contains(&s) {
                1.0
            } else if outcome.winners.is_empty() {
                0.5
            } else {
                0.0
            };
            assert_eq!(evaluate(&state, s), want, "{}", sc.id);
        }
    }
}

#[test]
fn evaluation_rises_with_loot_aboard_and_falls_with_vikings_stranded() {
    let mut s = bare("basic", &["0802"], 10, Phase::VikingMovement);
    put(&mut s, "VI01", "0802");
    let base = evaluate(&s, Seat(0));
    // Loot carried counts for something; loot aboard for more.
    put(&mut s, "VI02", "0905");
    put(&mut s, "TR01", "0905");
    hold(&mut s, "VI02", "TR01");
    let carried = evaluate(&s, Seat(0));
    s.unit_mut(id(&s, "TR01")).place = Place::Embarked(0);
    let aboard = evaluate(&s, Seat(0));
    assert!(base < aboard, "{base} {aboard}");
    assert!(carried < aboard, "{carried} {aboard}");
    assert!((evaluate(&s, Seat(1)) - (1.0 - aboard)).abs() < 1e-12);
    // More Vikings ashore near the end: a worse standing for the Viking.
    put(&mut s, "VI03", "1012");
    put(&mut s, "VI04", "1013");
    assert!(evaluate(&s, Seat(0)) < aboard);
    // Eighteen units aboard near the end: the Viking is almost sure to win.
    let mut rich = bare("basic", &["0802"], 12, Phase::VillagerCombat);
    for k in 1..=10 {
        rich.unit_mut(id(&rich, &format!("WO{k:02}"))).place = Place::Embarked(0);
    }
    for k in 1..=8 {
        rich.unit_mut(id(&rich, &format!("AN{k:02}"))).place = Place::Embarked(0);
    }
    assert!(evaluate(&rich, Seat(0)) > 0.9);
    assert!(evaluate(&rich, Seat(1)) < 0.1);
}

/// The strength figures of STRENGTH.md beyond the win rates `skald simulate` prints:
/// the mean victory figures (`Game::standing`) at the end of each matchup, and the
/// median time of one simple decision. Slow; run in release:
/// `cargo test --release -p skald-core --lib strength_figures -- --ignored --nocapture`.
#[test]
#[ignore]
fn strength_figures() {
    use simulate::Policy::{Random, Simple};
    let games: u64 = std::env::var("FURY_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(200);
    let mut times: Vec<u128> = Vec::new();
    for sc in Fury::scenarios() {
        let options = FuryOptions::for_scenario(sc.id).unwrap();
        for (name, seats) in [
            ("random-random", [Random, Random]),
            ("random-simple", [Random, Simple]),
            ("simple-random", [Simple, Random]),
        ] {
            let mut sums: Vec<(String, f64)> = Vec::new();
            for seed in 1..=games {
                let played = simulate::play_policies::<Fury>(&options, seed, 200_000, |s| {
                    seats[s.0 as usize]
                });
                assert!(
                    played.stuck.is_none(),
                    "{} seed {seed}: {:?}",
                    sc.id,
                    played.stuck
                );
                let mut state = Fury::setup(&options, seed);
                let mut guesses = Chance::new(1);
                let mut rng = Chance::new(2);
                for (i, (seat, a)) in played.actions.iter().enumerate() {
                    if seed <= 5 && i % 7 == 0 && seats[seat.0 as usize] == Simple {
                        let t = std::time::Instant::now();
                        let _ =
                            simulate::simple_action::<Fury>(&state, *seat, &mut guesses, &mut rng);
                        times.push(t.elapsed().as_micros());
                    }
                    Fury::apply(&mut state, *seat, a).unwrap();
                }
                for f in Fury::standing(&state) {
                    let who = match f.seat {
                        Some(Seat(0)) => "viking",
                        Some(_) => "villager",
                        None => "all",
                    };
                    let key = format!("{who} {}", f.key);
                    let v: f64 = f.value.replace('½', ".5").parse().unwrap_or(0.0);
                    match sums.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, s)) => *s += v,
                        None => sums.push((key, v)),
                    }
                }
            }
            let means: Vec<String> = sums
                .iter()
                .map(|(k, s)| format!("{k} {:.2}", s / games as f64))
                .collect();
            println!("{} {name}: {}", sc.id, means.join(", "));
        }
    }
    times.sort_unstable();
    println!(
        "simple decisions timed: {}, median {} us, 90th percentile {} us, max {} us",
        times.len(),
        times[times.len() / 2],
        times[times.len() * 9 / 10],
        times[times.len() - 1]
    );
}
