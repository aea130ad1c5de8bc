//! Export and import of one save (issue 4): a full backup imports to the same game; a
//! tampered, newer or junk file is refused without panicking; a seat replay holds no
//! other seat's secret and no seed, and cannot be imported.

use skald_core::engine::{Chance, Seat, Turn};
use skald_core::games::registry;
use skald_core::games::v878::state::{Pending, UNKNOWN};
use skald_core::games::v878::{Faction, V878};
use skald_core::session::export::{
    export_backup, export_replay, import, read_replay, ImportError, SeatReplay,
};
use skald_core::session::{load_save, start_game, Player, Seating, Timeline};
use skald_core::store::{Entry, Header, SaveId, Store};
use tempfile::TempDir;

/// A seed whose decimal text (19 digits) cannot turn up in a file by chance.
const SEED: u64 = 0x5EED_1234_ABCD_9876;

/// A fresh folder for one test, removed when dropped.
fn temp_dir(tag: &str) -> TempDir {
    TempDir::with_prefix(format!("skald-{tag}-")).expect("a temporary folder")
}

fn new_header(game: &str, scenario: &str, seed: u64) -> Header {
    let entry = registry::find(game).unwrap();
    let started = entry.new_game(scenario, seed).unwrap();
    let mut header = Header::new(
        game,
        entry.rules_version(),
        scenario,
        &started.options_json(),
        seed,
        1_000,
    );
    // Ann and Bo take turns round the table, as a resumed game reads the seating.
    let names = started.seat_names();
    let players = (0..names.len())
        .map(|i| Player::person(["Ann", "Bo"][i % 2]))
        .collect();
    header.seats = Seating::new(players).unwrap().to_text(&names);
    header.name = format!("{game} {scenario}");
    header
}

/// Plays up to `actions` random actions (taking one back now and then, as people do),
/// autosaving every record as a session does. Returns the save and its live timeline.
fn played_save(store: &Store, header: &Header, actions: u32, seed: u64) -> (SaveId, Timeline) {
    let id = store.create(header).unwrap();
    let mut timeline = Timeline::new(start_game(header).unwrap());
    let mut rng = Chance::new(seed);
    let mut now = 2_000;
    for _ in 0..actions {
        now += 1;
        if let Some(seat) = timeline.undoable_seat() {
            if rng.roll(5) == 1 {
                timeline.undo(seat).unwrap();
                let progress = timeline.game().progress();
                store
                    .append(id, &Entry::Undo { seat: seat.0 }, &progress, now)
                    .unwrap();
                continue;
            }
        }
        let seat = match timeline.game().to_act() {
            Turn::Decide(seats) if !seats.is_empty() => seats[0],
            _ => break,
        };
        let legal = timeline.game().legal_actions(seat);
        let pick = rng.roll(legal.len() as u32) as usize - 1;
        let action = legal[pick].notation.clone();
        timeline.act(seat, &action).unwrap();
        let progress = timeline.game().progress();
        store
            .append(id, &Entry::act(seat.0, &action), &progress, now)
            .unwrap();
    }
    (id, timeline)
}

fn without_name(mut header: Header) -> Header {
    header.name.clear();
    header
}

fn check_backup_round_trip(game: &str, scenario: &str) {
    let dir = temp_dir("round");
    let store = Store::open(dir.path()).unwrap();
    let (id, live) = played_save(&store, &new_header(game, scenario, SEED), 300, 7);
    assert!(
        live.log().iter().any(|e| matches!(e, Entry::Undo { .. })),
        "the game should hold an undo to carry over"
    );
    let text = export_backup(&store, id).unwrap();
    assert!(text.contains("\"skald\": \"full-backup\""));
    assert!(text.contains("do not share it with other players"));

    let copy = import(&store, &text).unwrap();
    assert_ne!(copy, id);
    let (original, original_log) = store.load(id).unwrap();
    let (imported, imported_log) = store.load(copy).unwrap();
    assert_eq!(imported.name, format!("{} (imported)", original.name));
    assert_eq!(without_name(imported.clone()), without_name(original));
    assert_eq!(imported_log, original_log);
    assert_eq!(imported_log, live.log());
    let replayed = Timeline::replay(&imported, &imported_log).unwrap();
    assert_eq!(replayed.game().state_hash(), live.game().state_hash());
}

#[test]
fn export_backup_of_fury_imports_to_the_same_game() {
    check_backup_round_trip("fury", "basic");
}

#[test]
fn export_backup_of_878_imports_to_the_same_game() {
    check_backup_round_trip("v878", "standard");
    check_backup_round_trip("v878", "advanced");
}

#[test]
fn export_imported_save_is_journaled_and_survives_a_rebuild() {
    let dir = temp_dir("journal");
    let (copy, imported) = {
        let store = Store::open(dir.path()).unwrap();
        let (id, _) = played_save(&store, &new_header("v878", "advanced", 21), 120, 4);
        let copy = import(&store, &export_backup(&store, id).unwrap()).unwrap();
        store.check_journal(copy).unwrap();
        (copy, store.load(copy).unwrap())
    };
    // sled's files lost: the store rebuilds every save from the journals beside it.
    std::fs::remove_dir_all(dir.path().join("sled")).unwrap();
    let store = Store::open(dir.path()).unwrap();
    assert!(store.recovery().is_some(), "the rebuild is reported");
    assert_eq!(store.load(copy).unwrap(), imported);
}

#[test]
fn export_backup_of_an_imported_save_keeps_one_mark() {
    let dir = temp_dir("twice");
    let store = Store::open(dir.path()).unwrap();
    let (id, _) = played_save(&store, &new_header("fury", "basic", 5), 20, 1);
    let first = import(&store, &export_backup(&store, id).unwrap()).unwrap();
    let second = import(&store, &export_backup(&store, first).unwrap()).unwrap();
    assert_eq!(store.load(second).unwrap().0.name, "fury basic (imported)");
}

/// The backup as JSON, for tampering.
fn backup_json(store: &Store, id: SaveId) -> serde_json::Value {
    serde_json::from_str(&export_backup(store, id).unwrap()).unwrap()
}

/// The index of the first `act` record that `pred` accepts.
fn act_index(file: &serde_json::Value, pred: impl Fn(&str) -> bool) -> usize {
    file["log"]
        .as_array()
        .unwrap()
        .iter()
        .position(|r| r["kind"] == "act" && pred(r["action"].as_str().unwrap()))
        .unwrap()
}

#[test]
fn export_tampered_action_is_rejected_naming_the_record() {
    let dir = temp_dir("tamper");
    let store = Store::open(dir.path()).unwrap();
    let (id, _) = played_save(&store, &new_header("fury", "basic", 11), 60, 3);
    let mut file = backup_json(&store, id);
    let index = act_index(&file, |_| true) + 3;
    file["log"][index]["kind"] = "act".into();
    file["log"][index]["action"] = "move nowhere".into();
    let before = store.list().unwrap().len();
    match import(&store, &file.to_string()) {
        Err(ImportError::DoesNotReplay { index: at, .. }) => assert_eq!(at as usize, index),
        other => panic!("expected a refused record, got {other:?}"),
    }
    let message = import(&store, &file.to_string()).unwrap_err().to_string();
    assert!(
        message.contains(&format!("log record {index}")),
        "{message}"
    );
    assert_eq!(store.list().unwrap().len(), before, "nothing was created");
}

#[test]
fn export_tampered_action_that_is_legal_is_still_rejected() {
    // Another legal first move: every record may still replay, but not to the
    // recorded game.
    let dir = temp_dir("legal");
    let store = Store::open(dir.path()).unwrap();
    let (id, _) = played_save(&store, &new_header("fury", "basic", 11), 60, 3);
    let mut file = backup_json(&store, id);
    let header = store.load(id).unwrap().0;
    let game = start_game(&header).unwrap();
    let Turn::Decide(seats) = game.to_act() else {
        panic!("the game is over at the start")
    };
    let first = act_index(&file, |_| true);
    let recorded = file["log"][first]["action"].as_str().unwrap().to_string();
    let other = game
        .legal_actions(seats[0])
        .into_iter()
        .map(|a| a.notation)
        .find(|a| *a != recorded)
        .expect("a second legal action");
    file["log"][first]["action"] = other.into();
    let err = import(&store, &file.to_string()).unwrap_err();
    assert!(
        matches!(
            err,
            ImportError::DoesNotReplay { .. } | ImportError::WrongFinalState { .. }
        ),
        "{err:?}"
    );
}

#[test]
fn export_wrong_final_hash_is_rejected() {
    let dir = temp_dir("hash");
    let store = Store::open(dir.path()).unwrap();
    let (id, _) = played_save(&store, &new_header("fury", "basic", 2), 30, 3);
    let mut file = backup_json(&store, id);
    file["final_state_hash"] = "0000000000000000".into();
    assert!(matches!(
        import(&store, &file.to_string()),
        Err(ImportError::WrongFinalState { .. })
    ));
}

/// A backup of format 1 carries the hand-kept state hash of its time, which the derived
/// hash of today does not reproduce: it imports on its log replaying, and a start
/// position in notation still reads.
#[test]
fn export_format_1_backup_still_imports() {
    let dir = temp_dir("format1");
    let store = Store::open(dir.path()).unwrap();
    let (id, _) = played_save(&store, &new_header("fury", "basic", 2), 30, 3);
    let mut file = backup_json(&store, id);
    assert_eq!(file["format_version"], 2);
    file["format_version"] = 1.into();
    file["final_state_hash"] = "0123456789abcdef".into();
    let imported = import(&store, &file.to_string()).unwrap();
    let (_, log) = store.load(imported).unwrap();
    assert_eq!(log, store.load(id).unwrap().1);
}

#[test]
fn export_newer_format_is_refused() {
    let dir = temp_dir("newer");
    let store = Store::open(dir.path()).unwrap();
    let (id, _) = played_save(&store, &new_header("fury", "basic", 2), 10, 3);
    let mut file = backup_json(&store, id);
    file["format_version"] = 3.into();
    let err = import(&store, &file.to_string()).unwrap_err();
    assert!(
        matches!(err, ImportError::TooNew { found: 3, known: 2 }),
        "{err:?}"
    );
    assert!(err.to_string().contains("newer version of Skald"));
    file["header"]["rules_version"] = 999.into();
    file["format_version"] = 2.into();
    assert!(matches!(
        import(&store, &file.to_string()),
        Err(ImportError::RulesTooNew { found: 999, .. })
    ));
}

#[test]
fn export_unknown_game_is_refused() {
    let dir = temp_dir("game");
    let store = Store::open(dir.path()).unwrap();
    let (id, _) = played_save(&store, &new_header("fury", "basic", 2), 10, 3);
    let mut file = backup_json(&store, id);
    file["header"]["game"] = "chess".into();
    assert!(matches!(
        import(&store, &file.to_string()),
        Err(ImportError::UnknownGame(g)) if g == "chess"
    ));
}

/// Which seats' hands `viewers` may see in 878 (hands are secret in these games).
fn may_see_hand(viewers: &[Seat], owner: Faction) -> bool {
    viewers.iter().any(|s| s.0 == owner as u8)
}

/// Checks one 878 position from a replay: no hand of a faction the viewers may not
/// see, no deck order (a faction's own picks while decks are built excepted).
fn check_878_view(text: &str, viewers: &[Seat], context: &str) {
    let state = <V878 as skald_core::engine::Notation>::parse_position(text, 0)
        .unwrap_or_else(|e| panic!("{context}: the view does not read: {e}"));
    let building = state
        .pending
        .iter()
        .any(|p| matches!(p, Pending::ChooseDeck { .. }));
    for owner in Faction::ALL {
        let f = state.faction(owner);
        let sees = may_see_hand(viewers, owner);
        if !sees {
            assert!(
                f.hand.iter().all(|c| *c == UNKNOWN),
                "{context}: the {owner:?} hand shows"
            );
        }
        if !(sees && building) {
            assert!(
                f.deck.iter().all(|c| *c == UNKNOWN),
                "{context}: the {owner:?} deck order shows"
            );
        }
    }
    assert!(state.invasion.iter().all(|c| *c == UNKNOWN), "{context}");
    assert!(state.fyrd_deck.iter().all(|c| *c == UNKNOWN), "{context}");
}

/// The texts of the events of each action still standing that `viewers` may not read,
/// from the true game.
fn private_texts(header: &Header, log: &[Entry], viewers: &[Seat]) -> Vec<Vec<String>> {
    let mut timeline = Timeline::new(start_game(header).unwrap());
    let mut steps: Vec<Vec<String>> = Vec::new();
    for entry in log {
        let events = timeline.record(entry).unwrap();
        match entry {
            Entry::Act { .. } => steps.push(
                events
                    .iter()
                    .filter(|e| !e.audience.admits(viewers))
                    .map(|e| e.text.clone())
                    .collect(),
            ),
            Entry::Undo { .. } => {
                steps.pop();
            }
        }
    }
    steps
}

fn check_878_replay(scenario: &str, viewer: Faction, seed: u64) -> SeatReplay {
    let dir = temp_dir("replay");
    let store = Store::open(dir.path()).unwrap();
    let (id, live) = played_save(
        &store,
        &new_header("v878", scenario, SEED ^ seed),
        400,
        seed,
    );
    let viewers = [Seat(viewer as u8)];
    let text = export_replay(&store, id, &viewers).unwrap();
    let seed_text = (SEED ^ seed).to_string();
    assert!(!text.contains(&seed_text), "the replay holds the seed");
    assert!(!text.contains("\"seed\""), "the replay has a seed field");

    let replay = read_replay(&text).unwrap();
    assert_eq!(replay.skald, "seat-replay");
    assert_eq!(replay.viewers.len(), 1);
    assert_eq!(replay.viewers[0].number, viewer as u8);
    assert_eq!(replay.viewers[0].name, viewer.key());
    check_878_view(&replay.start, &viewers, "start");

    let header = store.load(id).unwrap().0;
    let private = private_texts(&header, live.log(), &viewers);
    let standing = live
        .log()
        .iter()
        .filter(|e| matches!(e, Entry::Act { .. }))
        .count()
        - live
            .log()
            .iter()
            .filter(|e| matches!(e, Entry::Undo { .. }))
            .count();
    assert_eq!(replay.steps.len(), standing, "undone actions are not steps");
    assert_eq!(private.len(), standing);
    for (i, step) in replay.steps.iter().enumerate() {
        let context = format!("{scenario} step {i}");
        check_878_view(&step.position, &viewers, &context);
        for event in &step.events {
            assert!(
                !private[i].contains(&event.text),
                "{context}: a private event shows: {}",
                event.text
            );
        }
        if let Some(action) = &step.action {
            let secret = action.starts_with("pick ") || action == "default-deck";
            assert!(
                !secret || step.seat == viewer as u8,
                "{context}: another faction's deck choice shows: {action}"
            );
        }
    }
    // The final step's view is the live game's view.
    if let Some(last) = replay.steps.last() {
        assert_eq!(last.position, live.game().view_position(&viewers));
    }
    // And it can be looked at, never imported.
    assert!(matches!(
        import(&store, &text),
        Err(ImportError::SeatReplayNotImportable)
    ));
    replay
}

#[test]
fn export_seat_replay_of_878_standard_holds_no_other_seats_secrets() {
    for (seed, viewer) in [(3, Faction::Housecarl), (4, Faction::Norsemen)] {
        let replay = check_878_replay("standard", viewer, seed);
        assert!(replay.steps.len() > 50, "too short to test much");
    }
}

#[test]
fn export_seat_replay_of_878_advanced_hides_other_factions_picks() {
    for (seed, viewer) in [(3, Faction::Thegn), (4, Faction::Berserker)] {
        let replay = check_878_replay("advanced", viewer, seed);
        let hidden = replay.steps.iter().filter(|s| s.action.is_none()).count();
        let own_picks = replay
            .steps
            .iter()
            .filter(|s| s.seat == viewer as u8)
            .filter(|s| {
                s.action
                    .as_deref()
                    .is_some_and(|a| a.starts_with("pick ") || a == "default-deck")
            })
            .count();
        assert!(hidden >= 3, "the other three factions' picks are hidden");
        assert!(own_picks >= 1, "the viewer's own picks show");
        assert!(
            replay
                .steps
                .iter()
                .all(|s| s.action.is_some() || s.seat != viewer as u8),
            "the viewer's own actions are never hidden"
        );
    }
}

#[test]
fn export_878_deck_choices_are_secret_actions() {
    let entry = registry::find("v878").unwrap();
    let advanced = entry.new_game("advanced", 1).unwrap();
    let Turn::Decide(seats) = advanced.to_act() else {
        panic!("over at the start")
    };
    let legal = advanced.legal_actions(seats[0]);
    assert!(legal.iter().any(|a| a.notation.starts_with("pick ")));
    for a in &legal {
        assert!(advanced.action_is_secret(&a.notation), "{}", a.notation);
    }
    let standard = entry.new_game("standard", 1).unwrap();
    let Turn::Decide(seats) = standard.to_act() else {
        panic!("over at the start")
    };
    for a in standard.legal_actions(seats[0]) {
        assert!(!standard.action_is_secret(&a.notation), "{}", a.notation);
    }
    assert!(
        standard.action_is_secret("not an action"),
        "unread text counts as secret"
    );
}

#[test]
fn export_seat_replay_of_fury_shows_every_standing_action() {
    let dir = temp_dir("fury-replay");
    let store = Store::open(dir.path()).unwrap();
    let (id, live) = played_save(&store, &new_header("fury", "basic", SEED), 80, 9);
    let text = export_replay(&store, id, &[Seat(1)]).unwrap();
    let replay = read_replay(&text).unwrap();
    let mut standing: Vec<String> = Vec::new();
    for entry in live.log() {
        match entry {
            Entry::Act { action, .. } => standing.push(action.clone()),
            Entry::Undo { .. } => {
                standing.pop();
            }
        }
    }
    let shown: Vec<String> = replay
        .steps
        .iter()
        .map(|s| s.action.clone().unwrap())
        .collect();
    assert_eq!(shown, standing);
    assert!(!text.contains(&SEED.to_string()));
}

#[test]
fn export_replay_refuses_a_seat_that_does_not_exist() {
    let dir = temp_dir("seat");
    let store = Store::open(dir.path()).unwrap();
    let (id, _) = played_save(&store, &new_header("fury", "basic", 1), 5, 9);
    let err = export_replay(&store, id, &[Seat(2)]).unwrap_err();
    assert!(err.to_string().contains("seat 2 does not exist"), "{err}");
    assert!(export_replay(&store, id, &[]).is_err());
}

#[test]
fn export_read_replay_refuses_a_full_backup() {
    let dir = temp_dir("view");
    let store = Store::open(dir.path()).unwrap();
    let (id, _) = played_save(&store, &new_header("fury", "basic", 1), 5, 9);
    let backup = export_backup(&store, id).unwrap();
    assert!(matches!(
        read_replay(&backup),
        Err(ImportError::BackupNotReplay)
    ));
}

/// Every way a file can be cut, damaged or edited: import and read_replay answer with
/// an error or (for an edit that keeps the file sound) a save that loads; never a panic.
#[test]
fn export_junk_input_never_panics() {
    let dir = temp_dir("junk");
    let store = Store::open(dir.path()).unwrap();
    let (id, _) = played_save(&store, &new_header("v878", "advanced", 3), 40, 9);
    let backup = export_backup(&store, id).unwrap();
    let replay = export_replay(&store, id, &[Seat(0)]).unwrap();
    for text in [&backup, &replay] {
        // Cut anywhere: never a whole file.
        for end in (0..text.len()).step_by(97) {
            if let Some(cut) = text.get(..end) {
                assert!(import(&store, cut).is_err());
                assert!(read_replay(cut).is_err());
            }
        }
        // Bytes changed here and there.
        let mut rng = Chance::new(17);
        for _ in 0..300 {
            let mut bytes = text.as_bytes().to_vec();
            for _ in 0..rng.roll(3) {
                let at = rng.roll(bytes.len() as u32) as usize - 1;
                bytes[at] = b" {}[]\":,0123456789-eE.xnull"[rng.roll(27) as usize - 1];
            }
            if let Ok(mutated) = String::from_utf8(bytes) {
                if let Ok(copy) = import(&store, &mutated) {
                    // What imports can be resumed: it loads, and its seating reads.
                    let loaded = load_save(&store, copy).unwrap();
                    let names = loaded.timeline.game().seat_names();
                    Seating::parse(&names, &loaded.header.seats).unwrap();
                }
                let _ = read_replay(&mutated);
            }
        }
    }
    // Fields of the wrong type, huge numbers, absurd values.
    let file: serde_json::Value = serde_json::from_str(&backup).unwrap();
    let edits: [(&str, serde_json::Value); 10] = [
        ("/format_version", "one".into()),
        ("/format_version", serde_json::json!(1e300)),
        ("/format_version", serde_json::json!(-1)),
        ("/header/rules_version", serde_json::json!(u64::MAX)),
        ("/header/seed", "99999999999999999999999".into()),
        ("/header/seed", serde_json::json!(12)),
        ("/header/options", "{\"scenario\": 4000000000}".into()),
        ("/log", serde_json::json!({"kind": "act"})),
        ("/log/0/seat", serde_json::json!(300)),
        ("/final_state_hash", serde_json::json!(null)),
    ];
    for (path, value) in edits {
        let mut edited = file.clone();
        *edited.pointer_mut(path).unwrap() = value;
        let err = import(&store, &edited.to_string());
        assert!(err.is_err(), "{path}: {err:?}");
    }
    for junk in [
        "",
        "null",
        "[]",
        "{}",
        "{\"skald\": 5}",
        "{\"skald\": \"x\"}",
        "\u{0}",
    ] {
        assert!(import(&store, junk).is_err(), "{junk:?}");
        assert!(read_replay(junk).is_err(), "{junk:?}");
    }
}

mod proptests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn export_any_text_is_refused_without_panic(text in "\\PC{0,200}") {
            let dir = temp_dir("prop");
            let store = Store::open(dir.path()).unwrap();
            prop_assert!(import(&store, &text).is_err());
            prop_assert!(read_replay(&text).is_err());
        }
    }
}

/// The number of saves in a store.
fn count(store: &Store) -> usize {
    store.list().unwrap().len()
}

#[test]
fn export_backup_with_a_garbage_seating_is_refused_naming_the_field() {
    let dir = temp_dir("seats");
    let store = Store::open(dir.path()).unwrap();
    let (id, _) = played_save(&store, &new_header("v878", "standard", 2), 10, 3);
    let before = count(&store);
    for seats in ["garbage!!", "", "housecarl=person:Ann", "nobody=computer"] {
        let mut file = backup_json(&store, id);
        file["header"]["seats"] = seats.into();
        let err = import(&store, &file.to_string()).unwrap_err();
        assert!(
            matches!(err, ImportError::BadField { field: "seats", .. }),
            "{seats}: {err:?}"
        );
        assert!(
            err.to_string()
                .starts_with("the backup's header field 'seats' is not valid"),
            "{err}"
        );
    }
    assert_eq!(count(&store), before, "nothing was written");
}

#[test]
fn export_backup_with_an_edited_seed_is_refused_before_any_roll() {
    let dir = temp_dir("seed");
    let store = Store::open(dir.path()).unwrap();
    let header = new_header("fury", "basic", SEED);
    let (id, live) = played_save(&store, &header, 1, 3);
    assert_eq!(live.game().chance_point().used, 0, "no die rolled yet");
    let mut file = backup_json(&store, id);
    let edited = SEED ^ 1;
    file["header"]["seed"] = edited.to_string().into();
    // The position alone does not tell: the edited seed replays to the same state hash.
    let mut edited_header = header.clone();
    edited_header.seed = edited;
    let replayed = Timeline::replay(&edited_header, live.log()).unwrap();
    assert_eq!(replayed.game().state_hash(), live.game().state_hash());

    let before = count(&store);
    let err = import(&store, &file.to_string()).unwrap_err();
    assert!(matches!(err, ImportError::WrongIntegrity { .. }), "{err:?}");
    assert!(err.to_string().contains("header field 'seed'"), "{err}");
    assert_eq!(count(&store), before, "nothing was written");
    // The file as exported imports.
    file["header"]["seed"] = SEED.to_string().into();
    import(&store, &file.to_string()).unwrap();
}

#[test]
fn export_backup_with_a_bad_scenario_options_or_start_is_refused_naming_the_field() {
    let dir = temp_dir("fields");
    let store = Store::open(dir.path()).unwrap();
    let (id, _) = played_save(&store, &new_header("fury", "basic", 2), 5, 3);
    let file = backup_json(&store, id);
    let cases: [(&str, serde_json::Value, &str); 5] = [
        ("scenario", "no such scenario".into(), "scenario"),
        ("options", "not json".into(), "options"),
        ("options", "{\"scenario\": 4000000000}".into(), "options"),
        (
            "start",
            serde_json::json!({"format": 1, "data": 7}),
            "start",
        ),
        ("seed", "-5".into(), "seed"),
    ];
    for (key, value, field) in cases {
        let mut edited = file.clone();
        edited["header"][key] = value;
        let err = import(&store, &edited.to_string()).unwrap_err();
        assert!(
            matches!(&err, ImportError::BadField { field: f, .. } if *f == field),
            "{key}: {err:?}"
        );
        assert!(
            err.to_string().contains(&format!("header field '{field}'")),
            "{err}"
        );
    }
}

#[test]
fn export_format_2_backup_without_its_integrity_digest_is_refused() {
    let dir = temp_dir("integrity");
    let store = Store::open(dir.path()).unwrap();
    let (id, _) = played_save(&store, &new_header("fury", "basic", 2), 5, 3);
    let mut file = backup_json(&store, id);
    assert_eq!(file["integrity"].as_str().map(str::len), Some(16));
    file.as_object_mut().unwrap().remove("integrity");
    let err = import(&store, &file.to_string()).unwrap_err();
    assert!(
        matches!(&err, ImportError::Malformed(m) if m.contains("integrity")),
        "{err:?}"
    );
    // A file of format 1 never had one: it imports as before.
    file["format_version"] = 1.into();
    import(&store, &file.to_string()).unwrap();
}

#[test]
fn export_imported_progress_is_the_replayed_games() {
    let dir = temp_dir("progress");
    let store = Store::open(dir.path()).unwrap();
    let (id, live) = played_save(&store, &new_header("fury", "basic", 2), 20, 3);
    let mut file = backup_json(&store, id);
    file["header"]["progress"] = "Turn 99, nowhere".into();
    let copy = import(&store, &file.to_string()).unwrap();
    assert_eq!(store.load(copy).unwrap().0.progress, live.game().progress());
}
