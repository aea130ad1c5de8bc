//! The exports as an app calls them (issue 12): the catalogue, a two-person game
//! started, handed over, played, undone, saved, renamed, reopened and deleted, and
//! garbage answered with errors that say what is wrong.

use skald_ffi::*;

fn library() -> (tempfile::TempDir, std::sync::Arc<SaveFolder>) {
    let dir = tempfile::tempdir().unwrap();
    let lib = SaveFolder::open(dir.path().to_string_lossy().into_owned()).unwrap();
    (dir, lib)
}

fn two_people(game: &str, scenario: &str, seats: usize) -> NewGame {
    NewGame {
        game: game.into(),
        scenario: scenario.into(),
        seats: (0..seats)
            .map(|i| SeatPlayer::Person {
                name: ["Ann", "Bo"][i % 2].into(),
            })
            .collect(),
        name: "test".into(),
        rules: Vec::new(),
    }
}

#[test]
fn ffi_catalogue_lists_every_game_its_scenarios_and_seats() {
    let games = catalogue();
    let ids: Vec<&str> = games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["fury", "v878", "g1066"]);
    let basic = &games[0].scenarios.iter().find(|s| s.id == "basic").unwrap();
    assert_eq!(basic.seats, ["viking", "villager"]);
    let standard = &games[1]
        .scenarios
        .iter()
        .find(|s| s.id == "standard")
        .unwrap();
    assert_eq!(
        standard.seats,
        ["housecarl", "thegn", "norsemen", "berserker"]
    );
    assert_eq!(levels(), ["easy", "normal", "hard"]);
    // Optional rules, with the rulebook section each comes from.
    assert!(games[0].optional_rules.is_empty());
    let rules: Vec<(&str, &str)> = games[2]
        .optional_rules
        .iter()
        .map(|r| (r.id.as_str(), r.rule.as_str()))
        .collect();
    assert_eq!(
        rules,
        [
            ("command_control", "24.0"),
            ("overrun", "25.0"),
            ("sieges", "26.0")
        ]
    );
    assert!(games[2].optional_rules.iter().all(|r| r.summary.len() > 20));
}

#[test]
fn ffi_a_game_is_handed_over_played_undone_saved_and_reopened() {
    let (_dir, lib) = library();
    let table = lib.new_game(two_people("fury", "basic", 2)).unwrap();
    let Screen::HandOff { to } = table.screen() else {
        panic!(
            "a game of two people starts with a hand-off: {:?}",
            table.screen()
        );
    };
    // Nothing but the board's public face before the hand-off is confirmed.
    assert!(table.legal_actions("villager".into()).unwrap().is_empty());
    assert_eq!(table.confirm_handoff().unwrap(), to);
    let Screen::Decide { person, seats } = table.screen() else {
        panic!("{:?}", table.screen());
    };
    assert_eq!(person, to);
    let seat = seats[0].clone();
    let legal = table.legal_actions(seat.clone()).unwrap();
    assert!(!legal.is_empty());
    let said = table.act(seat.clone(), legal[0].clone()).unwrap();
    assert!(said.iter().all(|line| line.starts_with('[')), "{said:?}");
    assert!(table.can_undo());
    table.undo().unwrap();
    assert_eq!(table.legal_actions(seat.clone()).unwrap(), legal);
    table.act(seat, legal[0].clone()).unwrap();

    let saves = lib.saves().unwrap();
    assert_eq!(saves.len(), 1);
    assert_eq!(
        (saves[0].name.as_str(), saves[0].game.as_str()),
        ("test", "fury")
    );
    assert_eq!(saves[0].damaged, None);
    lib.rename(saves[0].id, "Ann and Bo".into()).unwrap();
    assert_eq!(lib.saves().unwrap()[0].name, "Ann and Bo");
    let before = table.screen();
    drop(table);
    // Opened again, it stands where it stood; whoever decides must take the device.
    let again = lib.open_game(saves[0].id).unwrap();
    match before {
        Screen::Decide { person, .. } => {
            assert_eq!(again.screen(), Screen::HandOff { to: person })
        }
        other => assert_eq!(again.screen(), other),
    }
    lib.delete(saves[0].id).unwrap();
    assert!(lib.saves().unwrap().is_empty());
}

#[test]
fn ffi_a_save_names_its_game_scenario_and_seats_as_people_read_them() {
    let (_dir, lib) = library();
    let choice = NewGame {
        game: "fury".into(),
        scenario: "basic".into(),
        seats: vec![
            SeatPlayer::Person { name: "Ann".into() },
            SeatPlayer::Computer {
                skill: "hard".into(),
            },
        ],
        name: String::new(),
        rules: Vec::new(),
    };
    drop(lib.new_game(choice).unwrap());
    let save = lib.saves().unwrap().remove(0);
    // The ids stay for the calls that take them; the names are the catalogue's.
    assert_eq!(
        (save.game.as_str(), save.scenario.as_str()),
        ("fury", "basic")
    );
    assert_eq!(save.seats, "viking=person:Ann,villager=computer:hard");
    let fury = catalogue().remove(0);
    assert_eq!(save.game_name, "The Fury of the Norsemen");
    assert_eq!(save.game_name, fury.name);
    let basic = fury.scenarios.iter().find(|s| s.id == "basic").unwrap();
    assert_eq!(save.scenario_name, basic.name);
    assert_ne!(save.scenario_name, "basic");
    // Nobody named it: it is called by those names too, not by the ids.
    assert_eq!(
        save.name,
        format!("{}, {}", save.game_name, save.scenario_name)
    );
    let seat = |seat: &str, name: &str, player: &str| SavedSeat {
        seat: seat.into(),
        name: name.into(),
        player: player.into(),
        choice: format!("{name}: {player}"),
    };
    assert_eq!(
        save.seat_list,
        [
            seat("viking", "Viking", "Ann"),
            seat("villager", "Villager", "Computer (hard)")
        ]
    );
    assert_eq!(save.seat_list[0].choice, "Viking: Ann");
    // The lines the saves list shows, worded here for every app.
    assert_eq!(save.game_line, "The Fury of the Norsemen, Basic Game");
    assert_eq!(save.seats_line, "Viking: Ann, Villager: Computer (hard)");
    // Named after its game line: the progress alone.
    assert_eq!(save.progress_line, save.progress);
    lib.rename(save.id, "Ann's raid".into()).unwrap();
    let renamed = lib.saves().unwrap().remove(0);
    assert_eq!(
        renamed.progress_line,
        format!("The Fury of the Norsemen, Basic Game: {}", save.progress)
    );
    // A seat from the list is what the replay export takes.
    let replay = lib.export_replay(save.id, vec![save.seat_list[0].seat.clone()]);
    assert!(replay.is_ok(), "{replay:?}");

    drop(lib.new_game(two_people("v878", "standard", 4)).unwrap());
    let four = lib
        .saves()
        .unwrap()
        .into_iter()
        .find(|s| s.game == "v878")
        .unwrap();
    assert_eq!(four.game_name, "878 Vikings: Invasions of England");
    let seats: Vec<(&str, &str, &str)> = four
        .seat_list
        .iter()
        .map(|s| (s.seat.as_str(), s.name.as_str(), s.player.as_str()))
        .collect();
    assert_eq!(
        seats,
        [
            ("housecarl", "Housecarl", "Ann"),
            ("thegn", "Thegn", "Bo"),
            ("norsemen", "Norsemen", "Ann"),
            ("berserker", "Berserker", "Bo")
        ]
    );
}

#[test]
fn ffi_garbage_is_an_error_that_says_what_is_wrong() {
    let (_dir, lib) = library();
    let bad = |r: Result<std::sync::Arc<Table>, SkaldError>| match r {
        Err(e) => e,
        Ok(_) => panic!("accepted"),
    };
    assert!(matches!(
        bad(lib.new_game(two_people("chess", "basic", 2))),
        SkaldError::BadInput { .. }
    ));
    assert!(matches!(
        bad(lib.new_game(two_people("fury", "no-such", 2))),
        SkaldError::BadInput { .. }
    ));
    assert!(matches!(
        bad(lib.new_game(two_people("fury", "basic", 3))),
        SkaldError::BadInput { .. }
    ));
    let mut computer = two_people("fury", "basic", 2);
    computer.seats[1] = SeatPlayer::Computer {
        skill: "grandmaster".into(),
    };
    let SkaldError::BadInput { message } = bad(lib.new_game(computer)) else {
        panic!("not bad input");
    };
    assert!(message.contains("grandmaster"), "{message}");
    assert!(matches!(
        bad(lib.open_game(999)),
        SkaldError::BadInput { .. }
    ));
    assert!(matches!(lib.delete(999), Err(SkaldError::BadInput { .. })));
    assert!(matches!(
        lib.rename(999, "x".into()),
        Err(SkaldError::BadInput { .. })
    ));
    let mut unknown_rule = two_people("g1066", "two_players", 2);
    unknown_rule.rules = vec!["catapults".into()];
    let SkaldError::BadInput { message } = bad(lib.new_game(unknown_rule)) else {
        panic!("not bad input");
    };
    assert!(message.contains("catapults"), "{message}");
    let mut nameless = two_people("fury", "basic", 2);
    nameless.seats[0] = SeatPlayer::Person { name: "  ".into() };
    assert!(matches!(
        bad(lib.new_game(nameless)),
        SkaldError::BadInput { .. }
    ));
    // Nothing was saved by any of the refused games.
    assert!(lib.saves().unwrap().is_empty());

    let table = lib.new_game(two_people("v878", "standard", 4)).unwrap();
    // Before the hand-off nobody may act.
    assert!(matches!(
        table.act("norsemen".into(), "pass".into()),
        Err(SkaldError::Refused { .. })
    ));
    table.confirm_handoff().unwrap();
    let Screen::Decide { seats, .. } = table.screen() else {
        panic!("{:?}", table.screen());
    };
    assert!(matches!(
        table.act("nobody".into(), "pass".into()),
        Err(SkaldError::BadInput { .. })
    ));
    let before = table.board_text();
    let Err(SkaldError::Refused { message }) =
        table.act(seats[0].clone(), "fly to the moon".into())
    else {
        panic!("an action that is no action was not refused");
    };
    assert!(!message.is_empty());
    assert_eq!(
        table.board_text(),
        before,
        "a refused action changes nothing"
    );
    assert!(matches!(
        table.confirm_handoff(),
        Err(SkaldError::Refused { .. })
    ));
}

/// Ann plays the Vikings against the computer's Villagers at the easy level.
fn against_the_computer() -> NewGame {
    NewGame {
        game: "fury".into(),
        scenario: "basic".into(),
        seats: vec![
            SeatPlayer::Person { name: "Ann".into() },
            SeatPlayer::Computer {
                skill: "easy".into(),
            },
        ],
        name: String::new(),
        rules: Vec::new(),
    }
}

#[test]
fn ffi_the_computers_moves_read_as_words_not_notation() {
    let (_dir, lib) = library();
    let mut game = against_the_computer();
    game.seats[1] = SeatPlayer::Computer {
        skill: "simple".into(),
    };
    let table = lib.new_game(game).unwrap();
    let mut said = Vec::new();
    while let Screen::ComputerToMove { .. } = table.screen() {
        said.extend(table.computer_step().unwrap());
        assert!(said.len() < 200, "the Villager's set-up never ends");
    }
    // "Just now": the action in words, read from the game before it, then its events
    // with a phase by its title.
    assert_eq!(
        said,
        [
            "Villager: set up the rest of the village by the default layout",
            "[3.3] the Villager sets up the rest of the village by the default layout",
            "Villager: end Villager set-up",
            "[4.0] Set-up, Viking set-up",
        ],
    );
    // The recap and the history say the same words, and keep the notation beside them.
    let history = table.history().unwrap();
    let words: Vec<_> = history.iter().map(|l| l.words.as_deref()).collect();
    assert_eq!(
        words,
        [
            Some("set up the rest of the village by the default layout"),
            Some("end Villager set-up"),
        ]
    );
    let notation: Vec<_> = history.iter().map(|l| l.action.as_deref()).collect();
    assert_eq!(notation, [Some("setup default"), Some("end")]);
    let recap = table.recap().unwrap();
    assert_eq!(recap[1].words.as_deref(), Some("end Villager set-up"));
    assert_eq!(recap[1].said, ["[4.0] Set-up, Viking set-up"]);
    // What the hand-off screen shows of each step, worded by the core.
    assert_eq!(recap[1].who, "computer (Villager)");
    assert_eq!(recap[1].action_line, "end Villager set-up");
}

#[tokio::test(flavor = "current_thread")]
async fn ffi_the_computer_thinks_off_the_callers_thread_and_moves() {
    let (_dir, lib) = library();
    let table = lib.new_game(against_the_computer()).unwrap();
    let mut moves = 0;
    while let Screen::ComputerToMove { seats } = table.screen() {
        assert_eq!(seats, ["villager"]);
        let said = match table.clone().think().unwrap() {
            Some(thinking) => thinking.finish().await.unwrap().expect("not cancelled"),
            None => table.computer_step().unwrap(),
        };
        assert!(said[0].starts_with("Villager: "), "{said:?}");
        moves += 1;
        assert!(moves < 100, "the Villager's set-up never ends");
    }
    assert!(moves > 0);
    // Nobody named it: the saves list calls it by its game and scenario, as people read them.
    let save = lib.saves().unwrap().remove(0);
    assert_eq!(
        save.name,
        format!("The Fury of the Norsemen, {}", save.scenario_name)
    );
    // The Villager has set up; Ann, the only person, decides for the Vikings at once.
    assert_eq!(
        table.screen(),
        Screen::Decide {
            person: "Ann".into(),
            seats: vec!["viking".into()]
        }
    );
}

#[tokio::test(flavor = "current_thread")]
async fn ffi_a_cancelled_computer_move_plays_nothing() {
    let (_dir, lib) = library();
    let table = lib.new_game(against_the_computer()).unwrap();
    let before = (table.screen(), table.board_text());
    let thinking = table.clone().think().unwrap().expect("the Villager thinks");
    thinking.cancel();
    assert_eq!(thinking.finish().await.unwrap(), None);
    assert_eq!((table.screen(), table.board_text()), before);
    // Finished once, a handle answers None again; a new one plays.
    assert_eq!(thinking.finish().await.unwrap(), None);
    let again = table.clone().think().unwrap().unwrap();
    assert!(again.finish().await.unwrap().is_some());
    assert_ne!(table.board_text(), before.1);
}

#[test]
fn ffi_a_hint_names_a_legal_action_and_changes_nothing() {
    let (_dir, lib) = library();
    let table = lib.new_game(two_people("v878", "standard", 4)).unwrap();
    // No hint for a device nobody holds yet: it would show the holder's secrets.
    assert!(matches!(table.hint(), Err(SkaldError::Refused { .. })));
    table.confirm_handoff().unwrap();
    let before = table.board_text();
    let hint = table.hint().unwrap();
    let legal = table.legal_actions(hint.seat.clone()).unwrap();
    assert!(legal.contains(&hint.action), "{hint:?}");
    assert!(["searched", "only-action", "rule-of-thumb"].contains(&hint.why.as_str()));
    for c in &hint.candidates {
        assert!((0.0..=1.0).contains(&c.win_chance));
        assert!(legal.contains(&c.action));
    }
    assert_eq!(table.board_text(), before);
}

/// Ann's Vikings against the simple Villager, at her first decision (the Ship to place).
fn ann_to_decide(lib: &SaveFolder) -> std::sync::Arc<Table> {
    let mut game = against_the_computer();
    game.seats[1] = SeatPlayer::Computer {
        skill: "simple".into(),
    };
    let table = lib.new_game(game).unwrap();
    while let Screen::ComputerToMove { .. } = table.screen() {
        table.computer_step().unwrap();
    }
    table
}

#[tokio::test(flavor = "current_thread")]
async fn ffi_a_hint_is_awaited_off_the_callers_thread_in_words() {
    let (_dir, lib) = library();
    let table = ann_to_decide(&lib);
    let before = table.board_text();
    let here = table.hint().unwrap();
    let request = table.clone().start_hint().unwrap();
    let there = request.outcome().await.expect("not cancelled");
    // Placing the Ship is left to the rule of thumb: the same hint, whatever the clock.
    assert_eq!(there, here);
    assert_eq!(there.seat, "viking");
    assert!(there.action.starts_with("ship "), "{there:?}");
    // Shown in words; the notation stays, to play it.
    assert_eq!(
        there.words,
        format!("beach a Ship at {}", &there.action["ship ".len()..])
    );
    for c in &there.candidates {
        assert_ne!(c.words, c.action);
    }
    // What to show, worded by the core: the headline, and why when nothing was weighed.
    assert_eq!(
        there.headline,
        format!("The computer would {}", there.words)
    );
    assert_eq!(there.lines, [format!("{} (by rule of thumb)", there.words)]);
    assert_eq!(table.board_text(), before);
    // Taken once, the handle answers None again.
    assert_eq!(request.outcome().await, None);
    table.act(there.seat.clone(), there.action.clone()).unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn ffi_a_hint_cancelled_or_overtaken_answers_none() {
    let (_dir, lib) = library();
    let table = ann_to_decide(&lib);
    let before = (table.screen(), table.board_text(), table.can_undo());
    let request = table.clone().start_hint().unwrap();
    request.cancel();
    assert_eq!(request.outcome().await, None);
    assert_eq!(
        (table.screen(), table.board_text(), table.can_undo()),
        before
    );
    // Ann plays before the hint arrives: it was for a position gone by, and is dropped.
    let request = table.clone().start_hint().unwrap();
    let legal = table.legal_actions("viking".into()).unwrap();
    table.act("viking".into(), legal[0].clone()).unwrap();
    assert_eq!(request.outcome().await, None);
    // Undone, the position is Ann's again; a new request answers.
    table.undo().unwrap();
    let again = table.clone().start_hint().unwrap();
    assert!(again.outcome().await.is_some());
    // Refused as `hint` is: nobody holds a two-person game's device yet.
    let two = lib.new_game(two_people("fury", "basic", 2)).unwrap();
    assert!(matches!(
        two.clone().start_hint(),
        Err(SkaldError::Refused { .. })
    ));
}

#[test]
fn ffi_the_ready_action_reads_in_words() {
    let (_dir, lib) = library();
    let table = ann_to_decide(&lib);
    // The Ship: the `ship` button, then a cell; a move of the fleet's first counter.
    let press = |target: Target| table.press(Press::Tap { target }).unwrap();
    press(Target::Word {
        word: "ship".into(),
    });
    let cell = table
        .scene()
        .highlights
        .next
        .iter()
        .find_map(|t| match t {
            Target::Cell { label } => Some(label.clone()),
            _ => None,
        })
        .unwrap();
    press(Target::Cell { label: cell });
    while let Screen::ComputerToMove { .. } = table.screen() {
        table.computer_step().unwrap();
    }
    // Taps spread over what the scene offers, until an action waits for a confirm.
    let mut ready = None;
    for turn in 0..400usize {
        let scene = table.scene();
        if let Some(r) = scene.ready.clone() {
            ready = Some((r, scene.prompt));
            break;
        }
        let next: Vec<Target> = scene
            .highlights
            .next
            .iter()
            .filter(|t| !matches!(t, Target::Via { .. }) && !scene.highlights.selected.contains(t))
            .cloned()
            .collect();
        match next.len() {
            0 => table.press(Press::Clear).unwrap(),
            n => press(next[turn * 7 % n].clone()),
        };
        while let Screen::ComputerToMove { .. } = table.screen() {
            table.computer_step().unwrap();
        }
    }
    let (ready, prompt) = ready.expect("an action waiting for a confirm");
    assert_ne!(ready.words, ready.action);
    assert_eq!(
        prompt,
        format!("Viking: {}? Tap again or confirm", ready.words)
    );
    // The lines the apps show of it, worded by the core: the action, then any odds with
    // their rule and each outcome indented.
    let mut lines = vec![format!("Ready: {}", ready.words)];
    if let Some(odds) = &ready.odds {
        lines.push(format!("Odds ({}): {}", odds.rule, odds.reckoning));
        lines.extend(
            odds.outcomes
                .iter()
                .map(|o| format!("   {}: {}", o.outcome, o.said)),
        );
    }
    assert_eq!(ready.lines, lines);
}
