//! 878 rules version 2 (G16 revised: Danegeld before the Fyrd draw) and the saves made
//! under version 1. The fixture `v878_rules1_danegeld_after_fyrd.json` was written by
//! main's code before the change (72bbdaf): a standard game continued from a Battle
//! Phase position and saved record by record, in which the English call the Fyrd and
//! the Vikings then pay the Danegeld, an order version 2 no longer plays, with a
//! snapshot before it. Opening it continues from that snapshot, with notices; a
//! version-1 save that stops before the Fyrd call replays whole; one without a snapshot
//! is refused. (The fixture helpers are copied from store_migration.rs.)

use skald_core::engine::{Seat, Turn};
use skald_core::games::registry;
use skald_core::session::{load_save, save_progress, LoadError, Timeline};
use skald_core::store::{Entry, Store};

mod common;
use common::{chance_of, install_fixture, temp_dir};

const FIXTURE: &str = "v878_rules1_danegeld_after_fyrd.json";

/// The index of the first record of `log` that the current rules refuse, replaying
/// from the start (None: the whole log replays).
fn first_refused(log: &[Entry], header: &skald_core::store::Header) -> Option<u32> {
    match Timeline::replay(header, log) {
        Ok(_) => None,
        Err(skald_core::session::TimelineError::Record { index, .. }) => Some(index),
        Err(e) => panic!("the log does not replay for another reason: {e}"),
    }
}

/// Where in the fixture's log the English call the Fyrd with a Danegeld due after it.
fn fyrd_then_danegeld(log: &[Entry]) -> u32 {
    let at = log
        .windows(2)
        .position(|w| match (&w[0], &w[1]) {
            (Entry::Act { action: a, .. }, Entry::Act { action: b, .. }) => {
                a.starts_with("fyrd ") && b.starts_with("danegeld ")
            }
            _ => false,
        })
        .expect("the fixture has a Fyrd call followed by a Danegeld payment");
    at as u32
}

#[test]
fn v878_rules_version_is_2_since_g16_was_revised() {
    let entry = registry::find("v878").unwrap();
    assert_eq!(entry.rules_version(), 2);
}

#[test]
fn v878_g16_rules_1_save_with_the_fyrd_before_danegeld_continues_from_its_snapshot() {
    let dir = temp_dir("v878-rules1");
    let id = install_fixture(dir.path(), FIXTURE);
    let store = Store::open(dir.path()).unwrap();
    let (header, log) = store.load(id).unwrap();
    assert_eq!((header.game.as_str(), header.rules_version), ("v878", 1));
    let length = header.length;
    assert_eq!(log.len() as u32, length);
    // Under version 2 the Fyrd call is refused: the Vikings pay the Danegeld first.
    let fyrd = fyrd_then_danegeld(&log);
    assert_eq!(first_refused(&log, &header), Some(fyrd));
    let mut snapshots = Vec::new();
    store
        .find_snapshot(id, |s| {
            snapshots.push(s.length);
            Ok(None::<()>)
        })
        .unwrap();
    let at = snapshots
        .iter()
        .copied()
        .filter(|s| *s <= fyrd)
        .max()
        .expect("a snapshot before the refused record");

    let loaded = load_save(&store, id).unwrap();
    assert_eq!(loaded.resumed_at, Some(at));
    assert_eq!(
        loaded.notices.len(),
        2,
        "one notice for the rules, one for the cut: {:?}",
        loaded.notices
    );
    assert_eq!(
        loaded.notices[0],
        format!(
            "{id} was played under rules version 1 of 878 Vikings: Invasions of England; this version plays 2, and the game goes on under the current rules"
        )
    );
    let cut = &loaded.notices[1];
    let opening = format!(
        "{id} was saved under rules version 1; this version plays 2; log record {fyrd} no longer replays ("
    );
    let close = format!(
        "), so the game continues from record {at}, the last point both agree on; the {} records from there on were set aside",
        length - at
    );
    assert!(cut.starts_with(&opening), "{cut}");
    assert!(cut.ends_with(&close), "{cut}");
    // The game stands where the first `at` records leave it under the new rules (no
    // battle step differs before the refused record), chance stream included.
    let replayed = Timeline::replay(&header, &log[..at as usize]).unwrap();
    assert_eq!(loaded.timeline.log(), replayed.log());
    assert_eq!(
        loaded.timeline.game().state_hash(),
        replayed.game().state_hash()
    );
    assert_eq!(chance_of(&loaded.timeline), chance_of(&replayed));
    // The save now ends there, its journal agrees, and it opens there again with only
    // the cut's notice.
    assert_eq!(store.header(id).unwrap().length, at);
    store.check_journal(id).unwrap();
    let again = load_save(&store, id).unwrap();
    assert_eq!(again.resumed_at, Some(at));
    assert_eq!(again.notices.len(), 1, "{:?}", again.notices);
    // Play goes on under version 2 and is saved.
    let mut timeline = again.timeline;
    let seat = match timeline.game().to_act() {
        Turn::Decide(seats) => seats[0],
        Turn::Over(_) => panic!("the game is over at the snapshot"),
    };
    let action = timeline.game().legal_actions(seat)[0].notation.clone();
    timeline.act(seat, &action).unwrap();
    let saved = save_progress(&store, id, &timeline, 1_800_000_000).unwrap();
    assert_eq!(saved.index, at);
    let last = load_save(&store, id).unwrap();
    assert_eq!(last.timeline.log(), timeline.log());
}

#[test]
fn v878_g16_rules_1_save_that_stops_before_the_fyrd_call_replays_whole_with_a_notice() {
    let dir = temp_dir("v878-rules1-short");
    let id = install_fixture(dir.path(), FIXTURE);
    let store = Store::open(dir.path()).unwrap();
    let (header, log) = store.load(id).unwrap();
    let fyrd = fyrd_then_danegeld(&log) as usize;
    // The same game, saved without snapshots and ending before the refused record.
    let short = store.create(&header).unwrap();
    for entry in &log[..fyrd] {
        store.append(short, entry, "", 1_700_000_001).unwrap();
    }
    let loaded = load_save(&store, short).unwrap();
    assert_eq!(loaded.resumed_at, None);
    assert_eq!(
        loaded.notices,
        vec![format!(
            "{short} was played under rules version 1 of 878 Vikings: Invasions of England; this version plays 2, and the game goes on under the current rules"
        )]
    );
    assert_eq!(loaded.timeline.log(), &log[..fyrd]);
    // Nothing was cut, and the next decision is the Danegeld, now before the Fyrd.
    assert_eq!(store.header(short).unwrap().length, fyrd as u32);
    let Turn::Decide(seats) = loaded.timeline.game().to_act() else {
        panic!("the game is over");
    };
    let viking: Vec<Seat> = vec![Seat(2), Seat(3)];
    assert!(viking.contains(&seats[0]), "{seats:?}");
    let actions = loaded.timeline.game().legal_actions(seats[0]);
    assert!(
        actions.iter().all(|a| a.notation.starts_with("danegeld ")),
        "{:?}",
        actions.iter().map(|a| &a.notation).collect::<Vec<_>>()
    );
}

#[test]
fn v878_rules_1_save_without_a_snapshot_before_the_refused_record_is_refused() {
    let dir = temp_dir("v878-rules1-nosnap");
    let id = install_fixture(dir.path(), FIXTURE);
    let store = Store::open(dir.path()).unwrap();
    let (header, log) = store.load(id).unwrap();
    let fyrd = fyrd_then_danegeld(&log);
    let plain = store.create(&header).unwrap();
    for entry in &log {
        store.append(plain, entry, "", 1_700_000_001).unwrap();
    }
    match load_save(&store, plain) {
        Err(LoadError::RulesChanged { index, .. }) => assert_eq!(index, fyrd),
        Err(e) => panic!("expected a rules change, got {e}"),
        Ok(_) => panic!("expected a rules change, the save opened"),
    }
    assert_eq!(store.header(plain).unwrap().length, log.len() as u32);
}
