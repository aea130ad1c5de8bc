use super::text::normalize_action;
use super::*;

fn one(text: &str) -> CaseResult {
    let results = run_case_file(text);
    assert_eq!(results.len(), 1, "{results:?}");
    results.into_iter().next().unwrap()
}

#[test]
fn cases_file_without_case_lines_is_one_case() {
    let r = one("game fury\nscenario basic\nseed 3\n");
    assert_eq!(r.name, "main");
    assert!(r.passed, "{}", r.message);
}

#[test]
fn cases_preamble_applies_to_every_case() {
    let results =
        run_case_file("game fury\n\ncase a\nscenario basic\n\ncase b\nscenario advanced\n");
    assert_eq!(results.len(), 2);
    assert!(results.iter().all(|r| r.passed), "{results:?}");
    assert_eq!(results[1].name, "b");
    assert_eq!(results[1].line, 6);
}

#[test]
fn cases_unknown_directive_and_missing_end_fail_with_line() {
    let r = one("game fury\nscenario basic\nfrobnicate 3\n");
    assert!(!r.passed);
    assert!(
        r.message.contains("line 3") && r.message.contains("frobnicate"),
        "{}",
        r.message
    );
    let r = one("game fury\nscenario basic\nexpect-position\nturn 0 villager-setup\n");
    assert!(!r.passed);
    assert!(r.message.contains("no `end`"), "{}", r.message);
}

#[test]
fn cases_missing_game_or_start_is_reported() {
    let r = one("scenario basic\nact viking end\n");
    assert!(
        !r.passed && r.message.contains("no `game` line"),
        "{}",
        r.message
    );
    let r = one("game fury\nact viking end\n");
    assert!(
        !r.passed && r.message.contains("no `scenario`"),
        "{}",
        r.message
    );
    let r = one("game chess\nscenario basic\n");
    assert!(
        !r.passed && r.message.contains("no game 'chess'"),
        "{}",
        r.message
    );
    let r = one("game fury\nscenario nowhere\n");
    assert!(!r.passed && r.message.contains("nowhere"), "{}", r.message);
}

#[test]
fn cases_header_after_play_is_refused() {
    let r = one("game fury\nscenario basic\nexpect-to-act villager\nseed 4\n");
    assert!(!r.passed && r.message.contains("line 4"), "{}", r.message);
}

#[test]
fn cases_unused_dice_fail() {
    let r = one("game fury\nscenario basic\ndice 6 6\n");
    assert!(
        !r.passed && r.message.contains("2 scripted"),
        "{}",
        r.message
    );
}

#[test]
fn cases_expect_error_without_act_fails() {
    let r = one("game fury\nscenario basic\nexpect-error 5.8\n");
    assert!(
        !r.passed && r.message.contains("has no `act`"),
        "{}",
        r.message
    );
}

#[test]
fn cases_action_text_is_compared_loosely() {
    assert_eq!(
        normalize_action("MOVE vi01+vc01 0802 - 0803"),
        "move vi01+vc01 0802-0803"
    );
    assert_eq!(
        normalize_action("transfer VI03 > VI05 : TR02,AN05"),
        normalize_action("transfer VI03>VI05:TR02+AN05")
    );
    assert_eq!(normalize_action("setup   default"), "setup default");
}

#[test]
fn cases_position_subset_diff_names_the_close_line() {
    let r = one("game fury\nscenario basic\nexpect-position\nturn 9 viking-fire\nend\n");
    assert!(!r.passed);
    assert!(
        r.message.contains("expected: turn 9 viking-fire"),
        "{}",
        r.message
    );
    assert!(r.message.contains("actual:   turn 0"), "{}", r.message);
}

const FURY_ATTACK: &str = "game fury
seed 1
position
fury position
scenario basic
turn 1 viking-combat
ships 0802 landed=1 embarked=0
units
VI01 0915
MI05 0915
end
dice 1 2
act viking attack 0915
";

#[test]
fn cases_expect_no_event_passes_when_no_event_holds_the_text() {
    let r = one(&format!(
        "{FURY_ATTACK}expect-no-event [7.7]\nexpect-no-event retreats\n"
    ));
    assert!(r.passed, "{}", r.message);
}

#[test]
fn cases_expect_no_event_fails_naming_the_event_found() {
    let r = one(&format!("{FURY_ATTACK}expect-no-event is eliminated\n"));
    assert!(!r.passed);
    assert!(
        r.message.contains("[7.2] MI05 is eliminated"),
        "{}",
        r.message
    );
}

#[test]
fn cases_expect_no_event_needs_an_act() {
    let r = one("game fury\nscenario basic\nexpect-no-event roll\n");
    assert!(
        !r.passed && r.message.contains("before any `act`"),
        "{}",
        r.message
    );
}

#[test]
fn cases_shuffle_before_the_game_opens_orders_the_setup_shuffle() {
    // The first shuffle of 878's set-up is the Fyrd deck (4.7): 16 cards, kept in the
    // order drawn from the end of the list.
    let order: Vec<String> = (0..16).rev().map(|i| i.to_string()).collect();
    let r = one(&format!(
        "game v878\nscenario standard\nshuffle {}\nexpect-position\nfyrd deck=16,15,14,13,12,11,10,09,08,07,06,05,04,03,02,01 ...\nend\n",
        order.join(" ")
    ));
    assert!(r.passed, "{}", r.message);
}

#[test]
fn cases_shuffle_line_must_be_numbers() {
    let r = one("game v878\nscenario standard\nshuffle 0 x\n");
    assert!(
        !r.passed && r.message.contains("line 3") && r.message.contains("'x'"),
        "{}",
        r.message
    );
}

#[test]
fn cases_partial_position_line_matches_the_words_it_names() {
    let r = one("game v878\nscenario standard\nexpect-position\nfyrd stock=10 ...\nfaction housecarl treaty=no ...\nend\n");
    assert!(r.passed, "{}", r.message);
    let r = one("game v878\nscenario standard\nexpect-position\nfyrd stock=11 ...\nend\n");
    assert!(!r.passed, "{}", r.message);
    assert!(r.message.contains("stock=10"), "{}", r.message);
}

#[test]
fn cases_expect_standing_reads_the_score_now() {
    let r = one("game fury\nscenario basic\nexpect-standing\nviking loot 0\nviking score 0\nend\n");
    assert!(r.passed, "{}", r.message);
    let r = one("game fury\nscenario basic\nexpect-standing\nviking loot 3\nend\n");
    assert!(!r.passed);
    assert!(
        r.message.contains("line 4: viking loot 3") && r.message.contains("viking loot 0"),
        "{}",
        r.message
    );
}

#[test]
fn cases_dice_by_face_name_use_the_game_notation() {
    // Norsemen dice: hit, hit, command, command, flee, flee (data, G7).
    let mut game = open_game("v878", &Start::Scenario("standard".into()), 1, &[]).unwrap();
    let n = game
        .chance_script()
        .script_dice("norsemen hit flee fyrd blank 6")
        .unwrap();
    assert_eq!(n, 4);
    assert_eq!(game.chance_script().scripted_left(), 4);
    let r = one("game v878\nscenario standard\ndice hit\n");
    assert!(
        !r.passed && r.message.contains("name the die"),
        "{}",
        r.message
    );
    let r = one("game fury\nscenario basic\ndice hit\n");
    assert!(
        !r.passed && r.message.contains("numbers from 1"),
        "{}",
        r.message
    );
}
