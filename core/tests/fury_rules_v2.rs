//! Fury rules version 2 (the Divine Wrath flight of 7.11 / H-DW (d) and the Granary of
//! 9.2 / H-TRS-1): saves written under version 1 still open, either replayed under the
//! current rules or continued from their last snapshot, each with a notice. Version 3
//! (Treasure removed when taken in the Punitive Raid, 13.1 / GAP-33) changed nothing these
//! Basic-game saves hold, so what they show under version 2 they show under 3.
//!
//! The fixtures under tests/fixtures/saves/ (`fury_rules1_*.json`) were written by the
//! code of main at 72bbdaf, which plays rules version 1; their descriptions say what is
//! in them.

use skald_core::games::registry;
use skald_core::session::{load_save, save_progress, Timeline};
use skald_core::store::Store;

mod common;
use common::{fixture_records, install_fixture, temp_dir};

/// The line of unit `code` in a position ("TR07 1320", "TR07 held VI01").
fn unit_line(position: &str, code: &str) -> String {
    position
        .lines()
        .find(|l| l.split_whitespace().next() == Some(code))
        .unwrap_or_else(|| panic!("no {code} in\n{position}"))
        .to_string()
}

fn the_snapshot_position(name: &str) -> String {
    let (_, records) = fixture_records(name);
    let snapshot = records
        .iter()
        .find(|r| r.tree == "snapshots")
        .expect("a snapshot in the fixture");
    let json: serde_json::Value = serde_json::from_slice(&snapshot.value[4..]).unwrap();
    json["position"].as_str().unwrap().to_string()
}

#[test]
fn fury_rules_version_is_3() {
    assert_eq!(registry::find("fury").unwrap().rules_version(), 3);
}

#[test]
fn fury_rules1_save_replays_under_the_current_rules_with_a_notice() {
    let name = "fury_rules1_granary_replays.json";
    // What version 1 made of the Granary entry (its own snapshot, after record 1): the
    // new Treasure held, the pre-set one left.
    let old = the_snapshot_position(name);
    assert_eq!(unit_line(&old, "TR07"), "TR07 held VI01");
    assert_eq!(unit_line(&old, "TR06"), "TR06 1320 preset");

    let dir = temp_dir("fury-rules1-replays");
    let id = install_fixture(dir.path(), name);
    let store = Store::open(dir.path()).unwrap();
    let (header, log) = store.load(id).unwrap();
    assert_eq!((header.rules_version, header.length), (1, 3));
    let loaded = load_save(&store, id).unwrap();
    // A snapshot of older rules is not trusted: the whole log is replayed, and every
    // record still replays.
    assert_eq!(loaded.resumed_at, None);
    assert_eq!(
        loaded.notices,
        vec![format!(
            "{id} was played under rules version 1 of The Fury of the Norsemen; this version plays 3, and the game goes on under the current rules"
        )]
    );
    assert_eq!(loaded.timeline.log(), &log[..]);
    // Under version 2 and later, VI01 took TR06 first; the new TR07 stays in the Granary.
    let now = loaded.timeline.game().position();
    assert_eq!(unit_line(&now, "TR06"), "TR06 held VI01");
    assert_eq!(unit_line(&now, "TR07"), "TR07 1320");
    assert_eq!(unit_line(&now, "WO01"), "WO01 held VI01");
    assert!(now.contains("\nturn 3 viking-fire\n"), "{now}");
    // The same as replaying the log under the current rules from the save's start.
    let replayed = Timeline::replay(&loaded.header, &log).unwrap();
    assert_eq!(
        loaded.timeline.game().state_hash(),
        replayed.game().state_hash()
    );
    // Nothing was cut, and play goes on.
    assert_eq!(store.header(id).unwrap().length, 3);
    let mut timeline = loaded.timeline;
    timeline.act(skald_core::engine::Seat(0), "end").unwrap();
    assert_eq!(save_progress(&store, id, &timeline, 5).unwrap().index, 3);
}

#[test]
fn fury_rules1_save_that_no_longer_replays_continues_from_its_snapshot() {
    let name = "fury_rules1_granary_snapshot.json";
    let dir = temp_dir("fury-rules1-snapshot");
    let id = install_fixture(dir.path(), name);
    let store = Store::open(dir.path()).unwrap();
    let (header, log) = store.load(id).unwrap();
    assert_eq!((header.rules_version, header.length), (1, 4));
    let loaded = load_save(&store, id).unwrap();
    assert_eq!(loaded.resumed_at, Some(2));
    assert_eq!(loaded.notices.len(), 2, "{:?}", loaded.notices);
    assert_eq!(
        loaded.notices[0],
        format!(
            "{id} was played under rules version 1 of The Fury of the Norsemen; this version plays 3, and the game goes on under the current rules"
        )
    );
    // Record 2 abandons TR07, which VI01 never held under version 2 and later.
    let notice = &loaded.notices[1];
    let opening = format!(
        "{id} was saved under rules version 1; this version plays 3; log record 2 no longer replays ("
    );
    let close = "), so the game continues from record 2, the last point both agree on; the 2 records from there on were set aside";
    assert!(notice.starts_with(&opening), "{notice}");
    assert!(notice.ends_with(close), "{notice}");
    assert!(notice.contains("TR07"), "{notice}");
    // The game stands where the snapshot says: the version 1 outcome is kept.
    let now = loaded.timeline.game().position();
    assert_eq!(now, the_snapshot_position(name));
    assert_eq!(unit_line(&now, "TR07"), "TR07 held VI01");
    assert_eq!(unit_line(&now, "TR06"), "TR06 1320 preset");
    assert_eq!(loaded.timeline.log(), &log[..2]);
    // The save now ends there, and opens there again.
    assert_eq!(store.header(id).unwrap().length, 2);
    store.check_journal(id).unwrap();
    let again = load_save(&store, id).unwrap();
    assert_eq!(again.resumed_at, Some(2));
    assert_eq!(again.timeline.game().position(), now);
    // And play goes on under the current rules from there.
    let mut timeline = again.timeline;
    timeline.act(skald_core::engine::Seat(0), "end").unwrap();
    assert_eq!(save_progress(&store, id, &timeline, 5).unwrap().index, 2);
}
