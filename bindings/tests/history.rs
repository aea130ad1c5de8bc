//! History, continuing from a step, standing orders, export and import, and the log,
//! through the exports (issue 12).

use skald_ffi::*;
use std::sync::{Arc, Mutex};

fn library() -> (tempfile::TempDir, Arc<SaveFolder>) {
    let dir = tempfile::tempdir().unwrap();
    let lib = SaveFolder::open(dir.path().to_string_lossy().into_owned()).unwrap();
    (dir, lib)
}

/// Ann's Vikings against the simple Villager, with the Ship placed: three steps
/// (the Villager's set-up and its end, then the Ship).
fn ann_with_her_ship_placed(lib: &SaveFolder) -> Arc<Table> {
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
            name: "Ann's raid".into(),
            rules: Vec::new(),
        })
        .unwrap();
    while let Screen::ComputerToMove { .. } = table.screen() {
        table.computer_step().unwrap();
    }
    table.act("viking".into(), "ship 0802".into()).unwrap();
    table
}

#[test]
fn ffi_history_lists_the_steps_and_draws_the_board_at_each() {
    let (_dir, lib) = library();
    let table = ann_with_her_ship_placed(&lib);
    let history = table.history().unwrap();
    let actions: Vec<Option<&str>> = history.iter().map(|h| h.action.as_deref()).collect();
    assert_eq!(
        actions,
        vec![Some("setup default"), Some("end"), Some("ship 0802")]
    );
    assert_eq!(history[2].number, 3);
    assert_eq!(history[2].seat, "viking");
    assert_eq!(history[2].by, "Ann");
    assert_eq!(history[0].by, "computer");
    // The board after the last step is the live board; no step has buttons.
    let last = table.history_scene(3).unwrap();
    assert_eq!(last.pieces, table.scene().pieces);
    assert!(last.buttons.is_empty());
    assert!(table.history_scene(0).unwrap().log.is_empty());
    let Err(SkaldError::Refused { message }) = table.history_scene(4) else {
        panic!("step 4 of 3 should be refused");
    };
    assert!(message.contains('3'), "{message}");
}

#[test]
fn ffi_continue_from_a_step_starts_a_new_save_and_leaves_this_one() {
    let (_dir, lib) = library();
    let table = ann_with_her_ship_placed(&lib);
    let again = table.continue_from(2, "Ann again".into()).unwrap();
    // The new game stands where the old one did after two steps: the Ship to place.
    assert_eq!(again.history().unwrap().len(), 0);
    assert!(again.scene().buttons.iter().any(|b| b.label == "ship"));
    assert_eq!(table.history().unwrap().len(), 3);
    let names: Vec<String> = lib.saves().unwrap().into_iter().map(|s| s.name).collect();
    assert_eq!(names.len(), 2);
    assert!(names.contains(&"Ann again".to_string()), "{names:?}");
    assert!(matches!(
        table.continue_from(9, String::new()),
        Err(SkaldError::Refused { .. })
    ));
}

#[test]
fn ffi_standing_orders_are_the_holders_seats_and_are_kept() {
    let (_dir, lib) = library();
    let table = ann_with_her_ship_placed(&lib);
    assert_eq!(
        table.standing_orders(),
        vec![StandingOrder {
            seat: "viking".into(),
            always_pass: false
        }]
    );
    table.set_always_pass("viking".into(), true).unwrap();
    assert!(table.standing_orders()[0].always_pass);
    // Not Ann's seat, and not a seat at all.
    assert!(table.set_always_pass("villager".into(), true).is_err());
    assert!(matches!(
        table.set_always_pass("dragon".into(), true),
        Err(SkaldError::BadInput { .. })
    ));
    let id = lib.saves().unwrap()[0].id;
    drop(table);
    let opened = lib.open_game(id).unwrap();
    while let Screen::HandOff { .. } = opened.screen() {
        opened.confirm_handoff().unwrap();
    }
    assert!(opened.standing_orders()[0].always_pass);
}

#[test]
fn ffi_a_backup_exported_imports_as_the_same_game_and_a_replay_does_not() {
    let (_dir, lib) = library();
    let table = ann_with_her_ship_placed(&lib);
    let id = lib.saves().unwrap()[0].id;
    let backup = lib.export_backup(id).unwrap();
    let (_other_dir, other) = library();
    let new_id = other.import_backup(backup).unwrap();
    let imported = other.open_game(new_id).unwrap();
    while let Screen::HandOff { .. } = imported.screen() {
        imported.confirm_handoff().unwrap();
    }
    assert_eq!(imported.history().unwrap(), table.history().unwrap());

    let replay = lib.export_replay(id, vec!["Viking".into()]).unwrap();
    assert!(!replay.contains("\"seed\""), "a replay holds no seed");
    let Err(SkaldError::BadInput { message }) = other.import_backup(replay) else {
        panic!("a seat replay must not import");
    };
    assert!(message.contains("seat replay"), "{message}");
    for garbage in ["", "{", "[1,2]", "{\"skald\":\"nonsense\"}"] {
        assert!(matches!(
            other.import_backup(garbage.into()),
            Err(SkaldError::BadInput { .. })
        ));
    }
    assert!(matches!(
        lib.export_replay(id, vec!["dragon".into()]),
        Err(SkaldError::BadInput { .. })
    ));
    assert!(matches!(
        lib.export_backup(987_654),
        Err(SkaldError::BadInput { .. })
    ));
    assert_eq!(other.saves().unwrap().len(), 1);
}

struct Lines(Mutex<Vec<(LogLevel, String, String)>>);

impl LogSink for Lines {
    fn write(&self, level: LogLevel, target: String, message: String) {
        self.0.lock().unwrap().push((level, target, message));
    }
}

#[test]
fn ffi_log_lines_and_panic_messages_reach_the_apps_sink() {
    let lines = Arc::new(Lines(Mutex::new(Vec::new())));
    set_log_sink(lines.clone(), LogLevel::Info);
    log_line(LogLevel::Info, "hello from the app".into());
    log_line(LogLevel::Debug, "below the level".into());
    let _ = std::panic::catch_unwind(|| panic!("a bug in the core"));
    let got = lines.0.lock().unwrap().clone();
    assert!(got.contains(&(
        LogLevel::Info,
        "app".to_string(),
        "hello from the app".to_string()
    )));
    assert!(!got.iter().any(|l| l.2 == "below the level"));
    let panic = got
        .iter()
        .find(|l| l.1 == "panic")
        .expect("the panic logged");
    assert_eq!(panic.0, LogLevel::Error);
    assert!(panic.2.starts_with("a bug in the core at "), "{}", panic.2);
    assert!(panic.2.contains("history.rs"), "{}", panic.2);
}
