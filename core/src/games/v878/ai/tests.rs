//! Tests of the simple player and the evaluation: legal at every decision of many
//! games, deterministic, a few rules of thumb in set positions, and an evaluation that
//! stays in 0..=1 and moves the right way.

use super::super::actions::{Spot, V878Action};
use super::super::data::{data, Faction, Side};
use super::super::state::{
    Battle, LeaderPlace, MoveBudget, Pending, Phase, Stage, V878State, FYRD,
};
use super::super::tests::support::{self, sh};
use super::super::{V878Options, V878};
use super::{evaluate, simple_action};
use crate::ai::simulate::{self, play_policies, Policy};
use crate::engine::{Chance, Game, Seat, Turn};

const HC: Faction = Faction::Housecarl;
const TH: Faction = Faction::Thegn;
const NO: Faction = Faction::Norsemen;
const BE: Faction = Faction::Berserker;

fn options(scenario: &str) -> V878Options {
    V878::options(scenario).unwrap()
}

/// The standard game of seed 1 with an empty board (`support::clear`); Round `round`,
/// `active` the only faction to have had its Turn this Round, in `phase`.
fn bare(round: u8, active: Faction, phase: Phase) -> V878State {
    let mut s = V878::setup(&options("standard"), 1);
    support::clear(&mut s);
    s.round = round;
    s.order = vec![active];
    s.phase = phase;
    s
}

/// Puts `n` units of a kind (a faction's index, or `FYRD`) in a shire, from its stock.
fn put(s: &mut V878State, shire: &str, kind: usize, n: u8) {
    match Faction::ALL.get(kind) {
        Some(&f) => support::put(s, shire, f, n),
        None => support::put_fyrd(s, shire, n),
    }
}

fn mark(s: &mut V878State, shire: &str) {
    s.marked[sh(shire).0 as usize] = true;
}

fn budget(s: &mut V878State, card: u8, armies: u8, shires: u8) {
    s.budget = Some(MoveBudget {
        card,
        armies_left: armies,
        shires,
    });
}

fn battle(s: &mut V878State, shire: &str, attacker: Side) {
    s.battle = Some(Battle {
        roller: attacker,
        english_rolled: true,
        attacker_rolled: true,
        stage: Stage::Exchange,
        ..Battle::opening(sh(shire), attacker, None)
    });
}

fn decide(s: &V878State, f: Faction) -> V878Action {
    let a = simple_action(s, f, &mut Chance::new(7)).expect("an action");
    assert!(
        V878::legal_actions(s, Seat(f as u8)).contains(&a),
        "not legal: {a:?}"
    );
    a
}

/// Plays a game with the given seats simple (the others random), checking at every
/// decision of a simple seat that its action, chosen on a state drawn from its own
/// view, is legal in the true state; returns the decisions made.
fn checked_game(scenario: &str, seed: u64, simple: &[Faction]) -> u32 {
    let mut state = V878::setup(&options(scenario), seed);
    let mut rng = Chance::new(seed ^ 0x5eed);
    let mut guesses = Chance::new(seed ^ 0x6e55);
    let mut decisions = 0u32;
    loop {
        match V878::to_act(&state) {
            Turn::Over(_) => return decisions,
            Turn::Decide(seats) => {
                let seat = seats[0];
                let f = Faction::ALL[seat.0 as usize];
                let action = if simple.contains(&f) {
                    let a = simulate::simple_action::<V878>(&state, seat, &mut guesses, &mut rng)
                        .expect("the simple player has an action");
                    assert!(
                        V878::legal_actions(&state, seat).contains(&a),
                        "{scenario} seed {seed}: illegal {a:?} at decision {decisions}"
                    );
                    a
                } else {
                    V878::random_action(&state, seat, &mut rng).expect("random action")
                };
                V878::apply(&mut state, seat, &action).expect("a legal action applies");
                decisions += 1;
                assert!(decisions < 200_000, "{scenario} seed {seed}: stuck");
            }
        }
    }
}

#[test]
fn simple_player_is_legal_at_every_decision_of_every_scenario() {
    let sides: [&[Faction]; 3] = [&[HC, TH, NO, BE], &[NO, BE], &[HC, TH]];
    for sc in V878::scenarios() {
        for seed in 1..=4u64 {
            for simple in sides {
                assert!(checked_game(sc.id, seed, simple) > 10);
            }
        }
    }
}

#[test]
fn simple_player_single_seats_are_legal_and_finish() {
    for sc in V878::scenarios() {
        for f in Faction::ALL {
            for seed in 10..=11u64 {
                assert!(checked_game(sc.id, seed, &[f]) > 10);
            }
        }
    }
}

#[test]
fn simple_player_is_deterministic_for_a_fixed_rng() {
    let o = options("standard");
    let a = play_policies::<V878>(&o, 5, 200_000, |_| Policy::Simple);
    let b = play_policies::<V878>(&o, 5, 200_000, |_| Policy::Simple);
    assert!(a.stuck.is_none());
    assert_eq!(a.actions, b.actions);
    let s = V878::setup(&o, 3);
    let seat = match V878::to_act(&s) {
        Turn::Decide(v) => v[0],
        Turn::Over(_) => panic!("over at once"),
    };
    let x = V878::simple_action(&s, seat, &mut Chance::new(9));
    let y = V878::simple_action(&s, seat, &mut Chance::new(9));
    assert_eq!(x, y);
}

// ---------------------------------------------------------------- rules of thumb

#[test]
fn halfdan_lands_on_the_lightly_held_city_not_the_strong_one() {
    let mut s = bare(1, NO, Phase::Leaders);
    let h = s.leaders.iter().position(|l| l.card == 1).unwrap();
    s.leaders[h].place = LeaderPlace::OffMap;
    s.leaders[h].troops = [0, 0, 17, 8, 0];
    s.faction_mut(NO).stock -= 17;
    s.faction_mut(BE).stock -= 8;
    budget(&mut s, 2, 2, 4);
    // Every North Sea coastal city held: one Thegn in Lincoln, eight units elsewhere.
    for c in ["dunholm", "euruic", "aelmham", "lundenwic", "cantuarabyrg"] {
        put(&mut s, c, TH as usize, 5);
        put(&mut s, c, HC as usize, 3);
    }
    put(&mut s, "lincylene", TH as usize, 1);
    assert_eq!(
        decide(&s, NO),
        V878Action::LeaderStep {
            leader: h as u8,
            to: sh("lincylene")
        }
    );
}

#[test]
fn norsemen_take_an_empty_city_with_one_unit_and_keep_their_own() {
    // Norsemen hold York with 4 units; Durham next door is empty and English.
    let mut s = bare(2, NO, Phase::Movement);
    put(&mut s, "euruic", NO as usize, 4);
    mark(&mut s, "euruic");
    budget(&mut s, 3, 2, 2);
    let a = decide(&s, NO);
    let V878Action::March { path, army } = a else {
        panic!("a march, not {a:?}")
    };
    assert_eq!(army, [0, 0, 1, 0]);
    assert_eq!(path.first(), Some(&sh("euruic")));
    assert!(data().is_city(*path.last().unwrap()));
}

#[test]
fn english_do_not_attack_a_stack_three_times_their_size() {
    // Thegn turn: 3 Thegn in Elmet next to 10 Norsemen in York (a Viking city).
    let mut s = bare(2, TH, Phase::Movement);
    put(&mut s, "elmet", TH as usize, 3);
    put(&mut s, "euruic", NO as usize, 10);
    mark(&mut s, "euruic");
    budget(&mut s, 3, 3, 2);
    let a = decide(&s, TH);
    let into_york =
        matches!(&a, V878Action::March { path, .. } if path.last() == Some(&sh("euruic")));
    assert!(!into_york, "attacked York with 3 against 10: {a:?}");
    // With 12 Thegn and Housecarl against 2 Norsemen it attacks.
    let mut s = bare(2, TH, Phase::Movement);
    put(&mut s, "elmet", TH as usize, 8);
    put(&mut s, "elmet", HC as usize, 4);
    put(&mut s, "euruic", NO as usize, 2);
    mark(&mut s, "euruic");
    budget(&mut s, 3, 3, 2);
    let a = decide(&s, TH);
    assert!(
        matches!(&a, V878Action::March { path, .. } if path.last() == Some(&sh("euruic"))),
        "{a:?}"
    );
}

#[test]
fn vikings_lose_norsemen_beyond_their_dice_before_berserkers() {
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "euruic", NO as usize, 6);
    put(&mut s, "euruic", BE as usize, 2);
    put(&mut s, "euruic", TH as usize, 3);
    battle(&mut s, "euruic", Side::Viking);
    s.pending = vec![Pending::Hits {
        faction: NO,
        hits: 1,
        berserker_first: false,
    }];
    assert_eq!(
        decide(&s, NO),
        V878Action::TakeHit {
            kind: NO as u8,
            spot: Spot::Map
        }
    );
}

#[test]
fn english_lose_the_fyrd_first() {
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "euruic", NO as usize, 6);
    put(&mut s, "euruic", TH as usize, 2);
    put(&mut s, "euruic", HC as usize, 1);
    put(&mut s, "euruic", FYRD, 2);
    battle(&mut s, "euruic", Side::Viking);
    s.pending = vec![Pending::Hits {
        faction: TH,
        hits: 1,
        berserker_first: false,
    }];
    assert_eq!(
        decide(&s, TH),
        V878Action::TakeHit {
            kind: FYRD as u8,
            spot: Spot::Map
        }
    );
}

#[test]
fn english_always_call_the_fyrd() {
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "euruic", NO as usize, 6);
    put(&mut s, "euruic", TH as usize, 2);
    battle(&mut s, "euruic", Side::Viking);
    s.pending = vec![Pending::Fyrd { faction: TH }];
    assert_eq!(decide(&s, TH), V878Action::CallFyrd { call: true });
}

#[test]
fn losing_side_commands_out_and_winning_side_stays() {
    // 1 Thegn against 9 Vikings, with English next door: the Thegn leaves.
    let mut s = bare(2, NO, Phase::Battles);
    put(&mut s, "euruic", NO as usize, 6);
    put(&mut s, "euruic", BE as usize, 3);
    put(&mut s, "euruic", TH as usize, 1);
    put(&mut s, "elmet", TH as usize, 2);
    battle(&mut s, "euruic", Side::Viking);
    s.pending = vec![Pending::Command {
        faction: TH,
        left: 1,
    }];
    assert_eq!(
        decide(&s, TH),
        V878Action::Command {
            spot: Spot::Map,
            to: Some(sh("elmet"))
        }
    );
    // The Vikings, winning, decline their Command.
    s.pending = vec![Pending::Command {
        faction: NO,
        left: 1,
    }];
    put(&mut s, "north_riding", NO as usize, 1);
    assert_eq!(
        decide(&s, NO),
        V878Action::Command {
            spot: Spot::Map,
            to: None
        }
    );
}

#[test]
fn english_play_the_treaty_when_ahead_late_and_keep_it_early() {
    let mut s = bare(5, HC, Phase::Reinforcements);
    *s.faction_mut(HC).hand = vec![1, 2, 8];
    put(&mut s, "euruic", NO as usize, 2);
    mark(&mut s, "euruic");
    assert_eq!(decide(&s, HC), V878Action::PlayCard { card: 1 });
    s.round = 2;
    assert_eq!(decide(&s, HC), V878Action::PlayCard { card: 2 });
}

// ---------------------------------------------------------------- evaluation

#[test]
fn evaluation_stays_in_range_and_is_one_or_zero_when_over() {
    for sc in V878::scenarios() {
        for seed in 1..=3u64 {
            let mut state = V878::setup(&options(sc.id), seed);
            let mut rng = Chance::new(seed);
            loop {
                for f in Faction::ALL {
                    let v = V878::evaluate(&state, Seat(f as u8));
                    assert!((0.0..=1.0).contains(&v), "{v}");
                }
                match V878::to_act(&state) {
                    Turn::Over(outcome) => {
                        for f in Faction::ALL {
                            let won = outcome.winners.contains(&Seat(f as u8));
                            let v = V878::evaluate(&state, Seat(f as u8));
                            assert_eq!(v, if won { 1.0 } else { 0.0 });
                        }
                        break;
                    }
                    Turn::Decide(seats) => {
                        let a = V878::random_action(&state, seats[0], &mut rng).unwrap();
                        V878::apply(&mut state, seats[0], &a).unwrap();
                    }
                }
            }
        }
    }
}

#[test]
fn evaluation_rises_for_the_vikings_with_each_city_they_mark() {
    let mut s = bare(5, NO, Phase::Movement);
    let mut last = evaluate(&s, Seat(NO as u8));
    for c in [
        "euruic",
        "dunholm",
        "lincylene",
        "aelmham",
        "lundenwic",
        "carleol",
    ] {
        put(&mut s, c, NO as usize, 2);
        mark(&mut s, c);
        let v = evaluate(&s, Seat(NO as u8));
        assert!(v > last, "{c}: {v} after {last}");
        let e = evaluate(&s, Seat(HC as u8));
        assert!((v + e - 1.0).abs() < 1e-9);
        last = v;
    }
    // More English units elsewhere make it worse for the Vikings.
    put(&mut s, "uintancaestir", TH as usize, 10);
    assert!(evaluate(&s, Seat(NO as u8)) < last);
}

/// Strength figures for STRENGTH.md: `cargo test --release -p skald-core --lib
/// games::v878::ai::tests::margins -- --ignored --nocapture`. Per scenario and
/// seating, the wins of each side and the mean of the victory figure at the end.
#[test]
#[ignore]
fn margins() {
    let games: u64 = std::env::var("SKALD_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(200);
    let seatings: [(&str, &[Faction]); 7] = [
        ("random", &[]),
        ("english", &[HC, TH]),
        ("housecarl", &[HC]),
        ("thegn", &[TH]),
        ("vikings", &[NO, BE]),
        ("norsemen", &[NO]),
        ("berserker", &[BE]),
    ];
    for sc in V878::scenarios() {
        let o = options(sc.id);
        for (name, simple) in seatings {
            let (mut english, mut figure, mut stuck) = (0u32, 0f64, 0u32);
            for g in 0..games {
                let p = play_policies::<V878>(&o, 1 + g, 200_000, |seat| {
                    if simple.contains(&Faction::ALL[seat.0 as usize]) {
                        Policy::Simple
                    } else {
                        Policy::Random
                    }
                });
                let Some(outcome) = &p.outcome else {
                    stuck += 1;
                    continue;
                };
                if outcome.winners.contains(&Seat(0)) {
                    english += 1;
                }
                // Replay to read the final figure (markers on the map, or plundered).
                let mut s = V878::setup(&o, 1 + g);
                for (seat, a) in &p.actions {
                    V878::apply(&mut s, *seat, a).unwrap();
                }
                let st = V878::standing(&s);
                figure += st
                    .get(1)
                    .and_then(|x| x.value.parse::<f64>().ok())
                    .unwrap_or(0.0);
            }
            println!(
                "{} {name}: english wins {english}/{games}, mean {} {:.2}, stuck {stuck}",
                sc.id,
                V878::standing(&V878::setup(&o, 1))
                    .get(1)
                    .map(|x| x.key)
                    .unwrap_or("-"),
                figure / games as f64
            );
        }
    }
}

/// Issue 10, the 878 portfolio's first step: each Viking `Plan` played by both Viking
/// factions against the simple English, every scenario (or those in `SKALD_SCENARIOS`,
/// comma-separated), seeds 1..=`SKALD_GAMES`, with the dice and player streams of
/// `simulate::play_policies` (so the default's line repeats simple against simple).
/// Prints per plan: Viking wins with a 95% Wilson interval and the mean of the
/// scenario's victory figure at the end. Run in release:
/// `SKALD_GAMES=200 cargo test --release -p skald-core --lib v878_viking_plan_variants -- --ignored --nocapture`.
#[test]
#[ignore]
fn v878_viking_plan_variants() {
    use super::simple::simple_action_with;
    use super::variants::named_plans;
    let games: u64 = std::env::var("SKALD_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(40);
    let wanted = std::env::var("SKALD_SCENARIOS").ok();
    for sc in V878::scenarios() {
        if wanted
            .as_deref()
            .is_some_and(|w| !w.split(',').any(|n| n == sc.id))
        {
            continue;
        }
        let o = options(sc.id);
        for (name, plan) in named_plans() {
            let (mut wins, mut figure) = (0u64, 0f64);
            for seed in 1..=games {
                let mut state = V878::setup(&o, seed);
                let mut rng = Chance::new(seed ^ 0x5eed_f00d_u64);
                let mut guesses = Chance::new(seed ^ 0x6e55_5e5d_u64);
                for _ in 0..200_000 {
                    let Turn::Decide(seats) = V878::to_act(&state) else {
                        break;
                    };
                    let seat = seats[0];
                    let f = Faction::ALL[seat.0 as usize];
                    let guess = V878::resample(&V878::view(&state, &[seat]), &mut guesses);
                    let a = if f.side() == Side::Viking {
                        simple_action_with(&guess, f, &plan, &mut rng)
                    } else {
                        simple_action(&guess, f, &mut rng)
                    }
                    .expect("an action");
                    V878::apply(&mut state, seat, &a).unwrap();
                }
                let Turn::Over(outcome) = V878::to_act(&state) else {
                    panic!("{} seed {seed}: no end", sc.id);
                };
                wins += outcome.winners.contains(&Seat(Faction::Norsemen as u8)) as u64;
                figure += V878::standing(&state)
                    .get(1)
                    .and_then(|x| x.value.parse::<f64>().ok())
                    .unwrap_or(0.0);
            }
            let n = games as f64;
            let (lo, hi) = crate::engine::preview::wilson_interval(wins as u32, games as u32);
            println!(
                "{} {name:>12}: Vikings {:5.1}% ({:.1}-{:.1}%), figure {:.2}",
                sc.id,
                100.0 * wins as f64 / n,
                100.0 * lo,
                100.0 * hi,
                figure / n
            );
        }
    }
}

/// The bold plan (Vikings offer battle for 6 more) attacks Durham's garrison at odds the
/// default declines, and never declines a battle the default offers. Every other city
/// is held by a Berserker, so Durham is the only city in reach to want.
#[test]
fn v878_bold_plan_offers_battle_at_odds_the_default_declines() {
    use super::simple::simple_action_with;
    use super::variants::{named_plans, Plan};
    let bold = named_plans()
        .into_iter()
        .find(|(n, _)| *n == "dare-6")
        .map(|(_, p)| p)
        .unwrap();
    let durham = sh("dunholm");
    let mut only_bold = Vec::new();
    for garrison in 1..=8u8 {
        let mut s = bare(2, NO, Phase::Movement);
        put(&mut s, "euruic", NO as usize, 5);
        for &c in data().cities() {
            if c != durham {
                s.marked[c.0 as usize] = true;
                if c != sh("euruic") {
                    s.faction_mut(BE).stock -= 1;
                    s.map[c.0 as usize][BE as usize] += 1;
                }
            }
        }
        put(&mut s, "dunholm", TH as usize, garrison);
        budget(&mut s, 3, 2, 2);
        let attacks = |plan: &Plan| {
            let a = simple_action_with(&s, NO, plan, &mut Chance::new(7)).unwrap();
            assert!(V878::legal_actions(&s, Seat(NO as u8)).contains(&a));
            matches!(&a, V878Action::March { path, .. } if path.last() == Some(&durham))
        };
        let (default, bold) = (attacks(&Plan::default()), attacks(&bold));
        assert!(
            !default || bold,
            "{garrison} Thegn: the default attacks, bold does not"
        );
        if bold && !default {
            only_bold.push(garrison);
        }
    }
    // Five Norsemen against one to eight Thegn (and the Fyrd the English may call, 4.7):
    // the default only edges closer, bold attacks at every size.
    assert_eq!(only_bold, (1..=8).collect::<Vec<u8>>());
}
