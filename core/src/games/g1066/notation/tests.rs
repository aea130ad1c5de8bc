//! The 1066 notation, targets, words and board text over random games: every legal
//! action prints and reads back as itself, two actions of one seat never share their
//! taps, every position reads back as the same position, and the screen fits a
//! terminal.

use super::{format_action, format_position, parse_action, parse_position};
use crate::engine::position::same_position;
use crate::engine::{Chance, Game, Seat, Turn};
use crate::games::g1066::actions::Action;
use crate::games::g1066::data::Power;
use crate::games::g1066::options::SCENARIOS;
use crate::games::g1066::state::State;
use crate::games::g1066::state_tests::{new_game, random_step};
use crate::games::g1066::{describe, render, targets, view, G1066};

/// Checks every legal action of every seat to act in `s`.
fn check_actions(s: &State) -> usize {
    let Turn::Decide(seats) = G1066::to_act(s) else {
        return 0;
    };
    let mut checked = 0;
    for seat in seats {
        let legal = G1066::legal_actions(s, seat);
        let mut taps = Vec::new();
        for a in &legal {
            let text = format_action(s, a);
            let back = parse_action(s, &text).unwrap_or_else(|e| panic!("'{text}': {e}"));
            assert_eq!(&back, a, "'{text}' read back as another action");
            let t = targets::targets(s, a);
            assert!(!t.is_empty(), "'{text}' has no targets");
            assert!(
                !taps.contains(&t),
                "two actions of seat {} share the taps {t:?}: '{text}'",
                seat.0
            );
            taps.push(t);
            checked += 1;
        }
    }
    checked
}

#[test]
fn g1066_notation_reads_back_every_action_and_position_of_random_games() {
    let mut rng = Chance::new(11);
    let (mut actions, mut positions) = (0, 0);
    for (n, (scenario, _, _)) in SCENARIOS.iter().enumerate() {
        for game in 0..2u64 {
            let mut s = new_game(scenario, game + 10 * n as u64);
            for step in 0..3000 {
                actions += check_actions(&s);
                if step % 31 == 0 {
                    let text = format_position(&s);
                    let back = parse_position(&text, 1).unwrap_or_else(|e| panic!("{e}"));
                    assert!(same_position(&back, &s), "{scenario} step {step}");
                    positions += 1;
                }
                let Some((seat, a)) = random_step(&s, &mut rng) else {
                    break;
                };
                for e in G1066::apply(&mut s, seat, &a).expect("legal") {
                    assert!(!describe::describe(&e.kind).is_empty());
                    let _ = G1066::marks(&e.kind);
                }
            }
        }
    }
    assert!(actions > 10_000 && positions > 100, "{actions} {positions}");
}

#[test]
fn g1066_notation_refuses_bad_text_with_the_form() {
    let s = new_game("two_players", 1);
    let err = |t: &str| parse_action(&s, t).expect_err(t).to_string();
    assert!(
        err("step normans C6").contains("FROM-TO"),
        "{}",
        err("step normans C6")
    );
    assert!(err("step normans C6-Z99").contains("no place 'Z99'"));
    assert!(err("bid romans 1").contains("unknown power 'romans'"));
    assert!(err("return normans vassalage").contains("vassalage_1"));
    assert!(
        err("fly normans").contains("unknown action 'fly'"),
        "{}",
        err("fly normans")
    );
    assert!(err("end normans now").contains("'end' is written 'end POWER'"));
    assert_eq!(
        parse_action(&s, "STEP Normans c6 - d6").map(|a| format_action(&s, &a)),
        Ok("step normans C6-D6".to_string())
    );
    assert_eq!(
        parse_action(&s, "return anglo_saxons vassalage_2").map(|a| format_action(&s, &a)),
        Ok("return anglo_saxons vassalage_2".to_string())
    );
    assert!(matches!(
        parse_action(&s, "pass vikings"),
        Ok(Action::Pass {
            power: Power::Vikings
        })
    ));
}

#[test]
fn g1066_position_refuses_a_counter_given_twice() {
    let mut s = new_game("two_players", 3);
    s.next_unit = 1;
    let text = format_position(&s);
    let e = parse_position(&text, 1).expect_err("refused").to_string();
    assert!(e.contains("rule 7.1"), "{e}");
    assert!(parse_position("{ not json", 1).is_err());
}

/// 7.1: the board text hides what the seat may not see, and the screen fits an 80x50
/// terminal (47 rows of 80 characters).
#[test]
fn g1066_screen_fits_a_terminal_and_hides_other_counters() {
    let mut rng = Chance::new(3);
    let mut screens = 0;
    for game in 0..3u64 {
        let mut s = new_game("four_players", game);
        for step in 0..3000 {
            if step % 40 == 39 {
                for seat in 0..4u8 {
                    let v = view::view(&s, &[Seat(seat)]);
                    let screen = render::screen(&v);
                    let rows: Vec<&str> = screen.lines().collect();
                    assert!(rows.len() <= 47, "{} rows:\n{screen}", rows.len());
                    for r in &rows {
                        assert!(r.chars().count() <= 80, "too wide: '{r}'");
                    }
                    screens += 1;
                }
            }
            let Some((seat, a)) = random_step(&s, &mut rng) else {
                break;
            };
            G1066::apply(&mut s, seat, &a).expect("legal");
        }
    }
    // After set-up another power's counters are listed as '?' unless revealed.
    let s = new_game("four_players", 1);
    let whole = render::render(&view::view(&s, &[Seat(0)]));
    assert!(whole.contains("? u"), "{whole}");
    assert!(screens > 50, "{screens}");
}
