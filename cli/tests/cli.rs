//! The `skald` binary end to end: commands, exit codes, and play driven through stdin.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use tempfile::TempDir;

/// A fresh data folder for one test's saves, removed when dropped.
fn data_dir(tag: &str) -> TempDir {
    TempDir::with_prefix(format!("skald-cli-{tag}-")).expect("a temporary folder")
}

/// Runs skald with its saves in a throw-away folder.
fn skald(args: &[&str], stdin: &str) -> Output {
    let data = data_dir("run");
    skald_in(&data, args, stdin)
}

fn skald_in(data: &TempDir, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_skald"))
        .args(args)
        .env("SKALD_DATA", data.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("skald starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("skald runs")
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn cli_games_lists_fury_and_its_scenarios() {
    let o = skald(&["games"], "");
    assert!(o.status.success());
    let out = text(&o);
    for s in [
        "fury",
        "basic",
        "advanced",
        "punitive-raid",
        "blood-money",
        "hagars-folly",
    ] {
        assert!(out.contains(s), "{s} missing from:\n{out}");
    }
    // Every scenario line says what the scenario is.
    for line in out.lines().filter(|l| l.starts_with("  ")) {
        let (_, summary) = line.split_once(": ").expect("name: summary");
        assert!(summary.trim().len() > 10, "no summary: {line}");
    }
}

#[test]
fn cli_play_between_computers_reaches_the_end() {
    let o = skald(
        &[
            "play",
            "fury",
            "--seats",
            "viking=random,villager=random",
            "--seed",
            "11",
        ],
        "",
    );
    let out = text(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains("Game over: "),
        "{}",
        &out[out.len().saturating_sub(2000)..]
    );
    assert!(out.contains("Winner: "));
}

#[test]
fn cli_play_survives_bad_input_and_ends_on_eof() {
    let input = "setup default\nVI01\nhelp\nfrobnicate\n0\n999\nship 1010\nboard\nposition\nlist ship 08\nship 0802\nnews\nmove VI01 0802-0801\nmove VI01+VC01 0802-0803-0804\n";
    let o = skald(
        &[
            "play",
            "fury",
            "--seats",
            "viking=Ann,villager=Ann",
            "--seed",
            "1",
        ],
        input,
    );
    let out = text(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("[3.3] a Viking Ship beaches at 0802"), "{out}");
    // A piece typed to open its actions, while it has none (the Ships come first).
    assert!(
        out.contains(
            "VI01 has no legal action now; `list` shows the pieces and places that have some"
        ),
        "{out}"
    );
    // With the Ship placed, ending the set-up was the Viking's only action: taken.
    assert!(out.contains("viking (only legal action): end"), "{out}");
    assert!(
        out.contains("error: viking: notation: unknown action 'frobnicate'"),
        "{out}"
    );
    assert!(out.contains("error: no action numbered 0"), "{out}");
    assert!(
        out.contains("error: viking: not allowed by rule 3.3"),
        "{out}"
    );
    assert!(
        out.contains("error: viking: not allowed by rule 5.4.2"),
        "{out}"
    );
    assert!(out.contains("fury position"), "{out}");
    assert!(
        out.contains("[5.8] Infantry and Chief land at 0802 and move to 0804"),
        "{out}"
    );
    assert!(out.contains("The game is left unfinished"), "{out}");
}

#[test]
fn cli_play_hint_and_a_search_level_seat() {
    // Ann's Vikings against the search at easy level: it says once that it is thinking
    // (its set-up), then Ann asks for hints at her first two decisions.
    let o = skald(
        &[
            "play",
            "fury",
            "--seats",
            "viking=Ann,villager=easy",
            "--seed",
            "3",
            "--no-save",
        ],
        "hint\nship 0802\nhint\nquit\n",
    );
    let out = text(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains("| seats viking=person:Ann,villager=computer:easy"),
        "{out}"
    );
    assert_eq!(
        out.matches("villager (computer, easy) is thinking...")
            .count(),
        1,
        "{out}"
    );
    assert_eq!(out.matches("> hint: ").count(), 2, "{out}");
    assert!(out.contains("> hint: ship "), "{out}");
    assert!(out.contains("win chance "), "{out}");
    assert!(out.contains("  also: "), "{out}");
    assert!(
        out.contains("(the search's estimates from what you can see:"),
        "{out}"
    );
}

#[test]
fn cli_play_quit_and_bad_seats() {
    let o = skald(&["play", "fury", "--seed", "2"], "quit\n");
    assert!(o.status.success());
    assert!(text(&o).contains("The game is left unfinished; it is saved"));
    let o = skald(&["play", "fury", "--seats", "saxon=human"], "");
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("no seat 'saxon'"));
}

#[test]
fn cli_simulate_prints_lines_and_summaries() {
    let o = skald(
        &[
            "simulate",
            "fury",
            "--scenario",
            "basic",
            "--games",
            "3",
            "--seed",
            "5",
        ],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = text(&o);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("basic ")).count(),
        3,
        "{out}"
    );
    assert!(out.contains("summary basic: 3 games"), "{out}");
    let o = skald(
        &["simulate", "fury", "--games", "1", "--seed", "5", "--quiet"],
        "",
    );
    assert!(o.status.success());
    let out = text(&o);
    // Five summary lines per scenario: the counts, the win rates, how the games ended,
    // the players' decision times and the mean victory figures at the end.
    assert_eq!(
        out.lines().filter(|l| l.starts_with("summary ")).count(),
        25,
        "{out}"
    );
    assert!(
        out.lines().any(
            |l| l.starts_with("summary basic: decision time: viking mean ")
                && l.contains("ms, 95th percentile ")
        ),
        "{out}"
    );
    assert!(
        out.contains("summary basic: mean figures at the end: viking ashore "),
        "{out}"
    );
    assert!(
        out.contains("summary basic: win rates: viking 0.0% (95%: 0.0-79.3%), villager 100.0% (95%: 20.7-100.0%)"),
        "{out}"
    );
    assert!(
        out.contains("summary basic: ends: Villager Victory 1"),
        "{out}"
    );
    assert!(!out.lines().any(|l| l.starts_with("basic ")), "{out}");
}

#[test]
fn cli_simulate_seats_name_each_sides_player() {
    let o = skald(
        &[
            "simulate",
            "v878",
            "--scenario",
            "standard",
            "--games",
            "2",
            "--seed",
            "3",
            "--quiet",
            "--seats",
            "norsemen=simple,thegn=random,berserker=search:2,housecarl=EASY",
        ],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        text(&o).contains(
            "standard: housecarl=easy, thegn=random, norsemen=simple, berserker=search:2"
        ),
        "{}",
        text(&o)
    );
    for (seats, error) in [
        ("danes=simple", "`danes` is not a side of this game; the sides are housecarl, thegn, norsemen, berserker"),
        ("thegn=simple,thegn=random", "`thegn` is named twice in --seats"),
        ("thegn=clever", "`clever` is not a computer player; the players are random, simple, easy, normal, hard, search (normal) and search:MS"),
        ("thegn=search:0", "`0` is not a time for search:MS"),
        ("thegn=search:soon", "`soon` is not a time for search:MS"),
        ("thegn", "`thegn` is not SIDE=PLAYER (e.g. housecarl=simple)"),
    ] {
        let o = skald(&["simulate", "v878", "--games", "1", "--seats", seats], "");
        assert!(!o.status.success(), "{seats}");
        assert!(String::from_utf8_lossy(&o.stderr).contains(error), "{seats}: {}", String::from_utf8_lossy(&o.stderr));
    }
}

#[test]
fn cli_check_passes_the_repository_cases_and_fails_a_wrong_one() {
    let cases = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/cases");
    let o = skald(&["check", cases], "");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains(" 0 failed"));

    let dir = std::env::temp_dir().join(format!("skald-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wrong.case");
    std::fs::write(
        &file,
        "game fury\ncase wrong on purpose\nscenario basic\nexpect-position\nturn 5 viking-fire\nend\n",
    )
    .unwrap();
    let o = skald(&["check", file.to_str().unwrap()], "");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o);
    assert!(out.contains("FAIL"), "{out}");
    assert!(out.contains("expected: turn 5 viking-fire"), "{out}");
    assert!(out.contains("actual:   turn 0 villager-setup"), "{out}");
}

#[test]
fn cli_position_shows_only_what_the_seat_may_see() {
    // In 878 the first decision is the Housecarl's; `position` must not print the other
    // factions' hands.
    let o = skald(
        &[
            "play",
            "v878",
            "--seats",
            "housecarl=human,thegn=human,norsemen=human,berserker=human",
            "--seed",
            "3",
        ],
        "\nposition\nquit\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = text(&o);
    assert!(out.contains("??"), "{out}");
}

#[test]
fn cli_hot_seat_never_prints_another_persons_hand() {
    // Three people share the terminal; the computer Berserker completes the Advanced
    // decks last, which deals every hand: no one's cards may be printed as an event.
    let o = skald(
        &[
            "play",
            "v878",
            "--scenario",
            "advanced",
            "--seats",
            "housecarl=human,thegn=human,norsemen=human,berserker=computer",
            "--seed",
            "5",
        ],
        // Each person: confirms holding the device, picks, then hides their screen.
        "\ndefault-deck\n\n\ndefault-deck\n\n\ndefault-deck\n\n\nquit\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = text(&o);
    assert!(out.contains("berserker (computer)"), "{out}");
    // The computer's secret picks are not printed.
    assert!(out.contains("berserker (computer): (secret)"), "{out}");
    // The hands are dealt while the Norsemen's person holds the device: they read their
    // own cards then; the Housecarl's person reads theirs only once they hold it.
    let mut holder = "";
    let mut hands = 0;
    for line in out.lines() {
        if let Some(name) = line.strip_suffix(" holds the device.") {
            holder = name;
        }
        if line.contains("] the ") && line.contains(" hold ") {
            hands += 1;
            let faction = holder[..1].to_uppercase() + &holder[1..];
            assert!(
                line.contains(&format!("the {faction} hold ")),
                "{holder} holds the device but reads: {line}\n{out}"
            );
        }
    }
    assert_eq!(hands, 2, "{out}");
    assert!(out.contains("Since your last move:"), "{out}");
}

#[test]
fn cli_hand_off_shows_nothing_until_enter_and_allows_undo() {
    // Two people: the Villager (Bo) sets up first, then the device goes to Ann.
    let o = skald(
        &[
            "play",
            "fury",
            "--seats",
            "viking=Ann,villager=Bo",
            "--seed",
            "1",
        ],
        // Bo sets up (the end of the set-up, his only action then, is taken for him),
        // reads what it did and hides it; then takes it back.
        "\nsetup default\n\nundo\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = text(&o);
    let handoff = out
        .find("Pass the device to Ann.")
        .expect("a hand-off to Ann");
    // Nothing of the board is printed between the hand-off and Bo's undo.
    let undo = out[handoff..].find("Taken back.").expect("Bo's undo") + handoff;
    assert!(!out[handoff..undo].contains("r01 "), "{out}");
    assert!(
        out[handoff..undo].contains("Bo may still type `undo`"),
        "{out}"
    );
    // After the undo, Bo decides again (the hand-off is gone).
    assert!(out[undo..].contains("villager ["), "{out}");
}

#[test]
fn cli_saves_list_resume_history_and_delete() {
    let data = data_dir("saves");
    let o = skald_in(
        &data,
        &[
            "play",
            "fury",
            "--seats",
            "viking=Ann,villager=Ann",
            "--seed",
            "4",
            "--name",
            "evening game",
        ],
        "setup default\nundo\nsetup default\nquit\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(text(&o).contains("Taken back."), "{}", text(&o));

    let list = text(&skald_in(&data, &["saves", "list"], ""));
    let line = list
        .lines()
        .find(|l| l.contains("evening game"))
        .unwrap_or_else(|| panic!("{list}"));
    let id = line.split_whitespace().next().unwrap().to_string();
    // Six records: the set-up and its forced end, two undos, both again.
    assert!(line.contains(" 6 "), "{line}");

    let o = skald_in(&data, &["play", "--resume", &id], "history\nquit\n");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = text(&o);
    assert!(out.contains("1. villager (Ann): setup default"), "{out}");
    assert!(
        out.contains("2. villager (Ann, only legal action): end"),
        "{out}"
    );
    assert!(!out.contains("3. villager"), "{out}");

    let o = skald_in(&data, &["saves", "rename", &id, "late game"], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let show = text(&skald_in(&data, &["saves", "show", &id], ""));
    assert!(show.contains("late game"), "{show}");
    assert!(show.contains("seats     viking=person:Ann"), "{show}");

    let o = skald_in(&data, &["saves", "delete", &id], "no\n");
    assert!(text(&o).contains("Not deleted."));
    let o = skald_in(&data, &["saves", "delete", &id, "--yes"], "");
    assert!(o.status.success());
    assert!(text(&skald_in(&data, &["saves", "list"], "")).contains("No saves yet"));
    let o = skald_in(&data, &["play", "--resume", &id], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn cli_saves_export_import_and_replay() {
    let data = data_dir("export");
    let o = skald_in(
        &data,
        &[
            "play",
            "fury",
            "--seats",
            "viking=Ann,villager=Ann",
            "--seed",
            "6",
        ],
        "setup default\nend\nquit\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let backup = data.path().join("backup.json");
    let replay = data.path().join("replay.json");
    let backup_text = backup.to_str().unwrap();
    let replay_text = replay.to_str().unwrap();

    let o = skald_in(
        &data,
        &["saves", "export", "1", "--backup", "-o", backup_text],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(text(&o).contains("keep it to yourself"));
    let o = skald_in(&data, &["saves", "import", backup_text], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let list = text(&skald_in(&data, &["saves", "list"], ""));
    assert_eq!(
        list.lines().filter(|l| l.contains(" fury ")).count(),
        2,
        "{list}"
    );

    let o = skald_in(
        &data,
        &[
            "saves",
            "export",
            "1",
            "--seat",
            "viking",
            "-o",
            replay_text,
        ],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = skald_in(&data, &["saves", "replay", replay_text], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = text(&o);
    assert!(out.contains("as viking saw it: 2 steps"), "{out}");
    assert!(out.contains("1. villager: setup default"), "{out}");
    // A replay is for viewing: it cannot become a save.
    let o = skald_in(&data, &["saves", "import", replay_text], "");
    assert_eq!(o.status.code(), Some(2));
    // Neither seats nor --backup: refused, nothing written.
    let o = skald_in(&data, &["saves", "export", "1"], "");
    assert!(!o.status.success());
}

/// `skald simulate fury | head -1`: the reader leaves after one line; skald stops
/// without a panic message (and without exit code 101).
#[test]
fn cli_closed_pipe_ends_quietly() {
    use std::io::{BufRead, BufReader};
    for args in [
        &["simulate", "fury", "--games", "200", "--seed", "1"][..],
        &["games"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_skald"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("skald starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut first)
            .unwrap();
        // The pipe's reading end is closed here, as `head -1` does.
        let out = child.wait_with_output().expect("skald ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_ne!(out.status.code(), Some(101), "{args:?}: {stderr}");
        assert!(!first.is_empty());
    }
}

#[test]
fn cli_small_refusals_name_what_is_wrong() {
    let o = skald(&["simulate", "fury", "--games", "0"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--games"));
    let o = skald(&["play", "fury", "--seed", "-1", "--no-save"], "");
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("'-1'") && !err.contains("-- -1"), "{err}");
    let o = skald(
        &[
            "play",
            "fury",
            "--seats",
            "viking=Ann,viking=Bo",
            "--no-save",
        ],
        "",
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("given twice"));
}

/// A seed drawn from the clock is never printed by `play`; one typed is.
#[test]
fn cli_play_prints_only_a_typed_seed() {
    let o = skald(&["play", "fury", "--no-save"], "quit\n");
    let out = text(&o);
    assert!(
        out.starts_with("The Fury of the Norsemen | scenario basic | seats"),
        "{out}"
    );
    assert!(!out.contains("seed"), "{out}");
    let o = skald(&["play", "fury", "--no-save", "--seed", "77"], "quit\n");
    assert!(text(&o).contains("| seed 77 |"), "{}", text(&o));
}

/// A pasted page is refused by its length, not echoed back.
#[test]
fn cli_play_refuses_a_long_line_without_echoing_it() {
    let long = "x".repeat(100_000);
    let o = skald(
        &["play", "fury", "--no-save", "--seed", "1"],
        &format!("{long}\nquit\n"),
    );
    let out = text(&o);
    assert!(
        out.contains("that line has 100000 characters"),
        "{}",
        &out[..out.len().min(2000)]
    );
    assert!(out.len() < 20_000, "{} bytes of output", out.len());
}

/// Fury's first turn: `end` is not on the list while Vikings are still aboard, and
/// `list` says which rule holds it back.
#[test]
fn cli_list_says_why_end_is_missing() {
    let o = skald(
        &[
            "play",
            "fury",
            "--seats",
            "viking=Ann,villager=Ann",
            "--seed",
            "3",
            "--no-save",
        ],
        "setup default\nend\nship 0802\nend\nlist end\nquit\n",
    );
    let out = text(&o);
    assert!(
        out.contains("(`end` is not allowed now: not allowed by rule 5.8: "),
        "{out}"
    );
}

#[test]
fn cli_simulate_and_games_take_optional_rules() {
    let o = skald(&["games"], "");
    let out = text(&o);
    assert!(
        out.contains("--rule overrun") && out.contains("--rule sieges"),
        "{out}"
    );
    let o = skald(
        &[
            "simulate",
            "g1066",
            "--scenario",
            "two_players",
            "--games",
            "1",
            "--seed",
            "3",
            "--quiet",
            "--rule",
            "command_control,overrun",
        ],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        text(&o).contains("(optional rules: command_control, overrun)"),
        "{}",
        text(&o)
    );
    let o = skald(
        &["simulate", "g1066", "--games", "1", "--rule", "catapults"],
        "",
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no optional rule 'catapults'") && err.contains("overrun"),
        "{err}"
    );
}
