//! The play screen through the exports (issue 12): the scene an app paints, taps and
//! buttons in, and nothing secret on a scene drawn while the device waits to be passed.

use skald_ffi::*;
use std::sync::Arc;

fn library() -> (tempfile::TempDir, Arc<SaveFolder>) {
    let dir = tempfile::tempdir().unwrap();
    let lib = SaveFolder::open(dir.path().to_string_lossy().into_owned()).unwrap();
    (dir, lib)
}

/// Ann's Vikings against the simple Villager, brought to Ann's first decision.
fn ann_against_the_computer(lib: &SaveFolder) -> Arc<Table> {
    let table = lib
        .new_game(NewGame {
            game: "fury".into(),
            scenario: "basic".into(),
            seats: vec![
                SeatPlayer::Person { name: "Ann".into() },
                SeatPlayer::Computer {
                    skill: "simple".into(),
                },
            ],
            name: String::new(),
            rules: Vec::new(),
        })
        .unwrap();
    while let Screen::ComputerToMove { .. } = table.screen() {
        table.computer_step().unwrap();
    }
    table
}

fn word(w: &str) -> Press {
    Press::Tap {
        target: Target::Word { word: w.into() },
    }
}

#[test]
fn ffi_scene_the_ship_is_placed_by_its_button_and_a_tap_on_its_hex() {
    let (_dir, lib) = library();
    let table = ann_against_the_computer(&lib);
    let scene = table.scene();
    assert_eq!(scene.seat.as_deref(), Some("viking"));
    assert!(scene.width > 0.0 && scene.height > 0.0);
    assert!(scene.cells.iter().any(|c| c.label == "0802"));
    assert!(scene.cells.iter().all(|c| c.fill <= 0xff_ff_ff));
    // The one thing to do: the `ship` button, which the scene offers as it is.
    assert_eq!(
        scene.highlights.next,
        [Target::Word {
            word: "ship".into()
        }]
    );
    let ship = scene
        .buttons
        .iter()
        .find(|b| b.label == "ship")
        .expect("a ship button");
    assert_eq!(
        table.press(ship.press.clone()).unwrap(),
        TapOutcome::Narrowed
    );
    let scene = table.scene();
    assert!(scene.highlights.next.contains(&Target::Cell {
        label: "0802".into()
    }));
    let hex = scene.cells.iter().find(|c| c.label == "0802").unwrap();
    let TapOutcome::Played { action, said } = table.tap(hex.centre.x, hex.centre.y).unwrap() else {
        panic!("the ship was not placed");
    };
    assert_eq!(action, "ship 0802");
    assert!(said.iter().all(|l| l.starts_with('[')), "{said:?}");
    let scene = table.scene();
    assert!(scene.highlights.selected.is_empty());
    assert!(
        scene
            .log
            .iter()
            .any(|l| said.contains(&format!("[{}] {}", l.rule, l.text))),
        "the log shows what the tap did"
    );
    // Each log line as the apps show it, worded by the core: its rule, its text, its dice.
    for l in &scene.log {
        let dice = if l.dice.is_empty() {
            String::new()
        } else {
            format!(" (dice: {})", l.dice.join(", "))
        };
        assert_eq!(l.line, format!("[{}] {}{dice}", l.rule, l.text));
    }
}

#[test]
fn ffi_taps_anywhere_and_made_up_buttons_change_nothing() {
    let (_dir, lib) = library();
    let table = ann_against_the_computer(&lib);
    let before = table.board_text();
    for (x, y) in [
        (f32::NAN, 0.0),
        (0.0, f32::INFINITY),
        (-1e30, 1e30),
        (-5.0, -5.0),
    ] {
        assert!(matches!(
            table.tap(x, y).unwrap(),
            TapOutcome::Nothing { .. }
        ));
    }
    for press in [
        word("fly"),
        word("end"),
        Press::Confirm,
        Press::Tap {
            target: Target::Piece {
                code: "XX99".into(),
            },
        },
        Press::Tap {
            target: Target::Count { count: u32::MAX },
        },
    ] {
        let outcome = table.press(press.clone()).unwrap();
        assert!(
            matches!(outcome, TapOutcome::Nothing { .. }),
            "{press:?}: {outcome:?}"
        );
    }
    assert_eq!(table.press(Press::Clear).unwrap(), TapOutcome::Narrowed);
    assert_eq!(table.board_text(), before);
}

#[test]
fn ffi_scene_while_the_device_waits_shows_no_hand_and_the_recap_follows() {
    let (_dir, lib) = library();
    let table = lib
        .new_game(NewGame {
            game: "v878".into(),
            scenario: "standard".into(),
            seats: ["Ann", "Ann", "Bo", "Bo"]
                .iter()
                .map(|n| SeatPlayer::Person {
                    name: n.to_string(),
                })
                .collect(),
            name: String::new(),
            rules: Vec::new(),
        })
        .unwrap();
    let Screen::HandOff { to } = table.screen() else {
        panic!("{:?}", table.screen());
    };
    let waiting = table.scene();
    assert!(waiting.hand.is_empty());
    assert!(waiting.offered.is_empty());
    assert_eq!(waiting.seat, None);
    assert!(waiting.buttons.is_empty());
    assert!(matches!(
        table
            .tap(waiting.width / 2.0, waiting.height / 2.0)
            .unwrap(),
        TapOutcome::Nothing { .. }
    ));
    table.confirm_handoff().unwrap();
    // Nothing happened before the first choice: nothing to recap.
    assert_eq!(table.recap().unwrap(), Vec::<RecapStep>::new());
    let holding = table.scene();
    assert!(!holding.hand.is_empty());
    // Ann plays the first two seats, the English: only their cards are shown.
    assert_eq!(to, "Ann");
    assert!(holding
        .hand
        .iter()
        .all(|card| card.owner == "housecarl" || card.owner == "thegn"));
}

#[test]
fn ffi_aim_reaches_each_counter_and_a_finger_between_two_asks_which() {
    let (_dir, lib) = library();
    let table = ann_against_the_computer(&lib);
    table.press(word("ship")).unwrap();
    table.tap_target_at_aim(&Target::Cell {
        label: "0802".into(),
    });
    while let Screen::ComputerToMove { .. } = table.screen() {
        table.computer_step().unwrap();
    }
    let scene = table.scene();
    let movable: Vec<&ScenePiece> = scene
        .pieces
        .iter()
        .filter(|p| {
            scene.highlights.next.contains(&Target::Piece {
                code: p.code.clone(),
            })
        })
        .collect();
    assert!(
        movable.len() >= 2,
        "{}: {:?}",
        scene.prompt,
        scene.highlights
    );
    // Every counter, however deep in its stack, has a point where it is the one on top:
    // the screen reader names it first there.
    for piece in &movable {
        let target = Target::Piece {
            code: piece.code.clone(),
        };
        let at = table.aim(target.clone()).expect("a counter on the board");
        let said = table.describe_at(at.x, at.y).unwrap();
        assert!(said.starts_with(&piece.speech), "{said}");
        assert!(said.contains("may be tapped next"), "{said}");
        assert_eq!(
            table.describe_target(target).as_deref(),
            Some(format!("{}, may be tapped next", piece.speech).as_str())
        );
    }
    // Aboard, the counters stand in a row 50 map units apart: a phone's finger (27 units
    // either side) between two of them touches both, and, one of them movable, asks which
    // was meant, tapping nothing.
    let a = movable[0];
    let b = scene
        .pieces
        .iter()
        .find(|b| b.at.y == a.at.y && b.at.x - a.at.x == 50.0)
        .expect("the counter beside it aboard");
    let spread = table
        .spread_at((a.at.x + b.at.x) / 2.0, a.at.y, 27.0)
        .expect("a spread");
    let both: Vec<Target> = [a, b]
        .iter()
        .map(|p| Target::Piece {
            code: p.code.clone(),
        })
        .collect();
    assert_eq!(spread.choices, both);
    assert_eq!(spread.anchor.x, (a.at.x + b.at.x) / 2.0);
    assert_eq!(table.scene().highlights, scene.highlights);
    // On one counter's middle the finger is clear, and garbage is no spread.
    assert_eq!(table.spread_at(a.at.x, a.at.y, 27.0), None);
    assert_eq!(table.spread_at(f32::NAN, 0.0, 27.0), None);
    assert_eq!(table.aim(word_target("ship")), None);
    // One line for each cell, for explore by touch.
    assert_eq!(table.cell_speech().len(), scene.cells.len());
}

fn word_target(w: &str) -> Target {
    Target::Word { word: w.into() }
}

trait TapAtAim {
    fn tap_target_at_aim(&self, target: &Target);
}

impl TapAtAim for Table {
    /// A tap where a finger reaches `target` as drawn.
    fn tap_target_at_aim(&self, target: &Target) {
        let at = self.aim(target.clone()).expect("on the board");
        self.tap(at.x, at.y).unwrap();
    }
}
