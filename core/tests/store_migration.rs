//! Opening saves: resuming long games from snapshots, older save formats (fixtures under
//! tests/fixtures/saves/) and saves played under older rules.

use skald_core::engine::{Seat, StoredPosition, Turn};
use skald_core::games::registry;
use skald_core::session::{load_save, save_progress, start_game, LoadError, SaveError, Timeline};
use skald_core::store::{
    Entry, Header, Listed, SaveId, Snapshot, Store, StoreError, FORMAT_VERSION,
};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

mod common;
use common::{chance_of, fixture_records, install_fixture, temp_dir};

/// A small fixed pseudo-random sequence (SplitMix64), so every run plays the same game.
struct Picker(u64);

impl Picker {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z % n as u64) as usize
    }
}

/// A new save of a scenario's set-up; returns its id and header.
fn new_save(store: &Store, game: &str, scenario: &str, seed: u64, rules_version: u32) -> SaveId {
    let entry = registry::find(game).unwrap();
    let options = entry.new_game(scenario, seed).unwrap().options_json();
    let header = Header::new(game, rules_version, scenario, &options, seed, 1_000);
    store.create(&header).unwrap()
}

/// Plays one random record (now and then an undo, when one is allowed); false when the
/// game is over.
fn play_one(timeline: &mut Timeline, picker: &mut Picker) -> bool {
    if let Some(seat) = timeline.undoable_seat() {
        if picker.next(8) == 0 {
            timeline.undo(seat).unwrap();
            return true;
        }
    }
    let seats = match timeline.game().to_act() {
        Turn::Decide(seats) => seats,
        Turn::Over(_) => return false,
    };
    let seat: Seat = seats[picker.next(seats.len())];
    let actions = timeline.game().legal_actions(seat);
    let action = actions[picker.next(actions.len())].notation.clone();
    timeline.act(seat, &action).unwrap();
    true
}

/// Plays a random game of up to `max_records` records, saving each through
/// `save_progress`; returns the live timeline.
fn play_and_save(store: &Store, id: SaveId, seed: u64, max_records: usize) -> (Timeline, Vec<u32>) {
    let header = store.header(id).unwrap();
    let mut timeline = Timeline::new(start_game(&header).unwrap());
    let mut picker = Picker(seed);
    let mut snapshots = Vec::new();
    while timeline.log().len() < max_records && play_one(&mut timeline, &mut picker) {
        let saved = save_progress(store, id, &timeline, 2_000).unwrap();
        assert_eq!(saved.index as usize + 1, timeline.log().len());
        assert_eq!(saved.notice, None);
        if saved.snapshot {
            assert_eq!(timeline.undoable_seat(), None);
            snapshots.push(saved.index + 1);
        }
    }
    (timeline, snapshots)
}

/// Copies a save's header and log into a new save without snapshots.
fn copy_without_snapshots(store: &Store, id: SaveId) -> SaveId {
    let (header, log) = store.load(id).unwrap();
    let copy = store.create(&header).unwrap();
    for entry in &log {
        store.append(copy, entry, "", 2_000).unwrap();
    }
    copy
}

/// Loads a save and checks it stands exactly where the live game stands, then plays on
/// a few records in both and checks they still agree (the chance stream included).
fn assert_loads_as_live(
    store: &Store,
    id: SaveId,
    live: &Timeline,
    seed: u64,
    resumed_at: Option<u32>,
) -> Vec<String> {
    let loaded = load_save(store, id).unwrap();
    assert_eq!(loaded.resumed_at, resumed_at);
    let mut timeline = loaded.timeline;
    assert_eq!(timeline.log(), live.log());
    assert_eq!(timeline.game().state_hash(), live.game().state_hash());
    assert_eq!(chance_of(&timeline), chance_of(live));
    assert_eq!(timeline.undoable_seat(), live.undoable_seat());
    let mut live = Timeline::replay(&loaded.header, live.log()).unwrap();
    let (mut a, mut b) = (Picker(seed ^ 0xabc), Picker(seed ^ 0xabc));
    for _ in 0..30 {
        let more = play_one(&mut timeline, &mut a);
        assert_eq!(play_one(&mut live, &mut b), more);
        assert_eq!(timeline.game().state_hash(), live.game().state_hash());
    }
    loaded.notices
}

fn resume_long_game(game: &str, scenario: &str, seed: u64, min_records: usize) {
    let dir = temp_dir(game);
    let store = Store::open(dir.path()).unwrap();
    let rules = registry::find(game).unwrap().rules_version();
    let id = new_save(&store, game, scenario, seed, rules);
    let (live, snapshots) = play_and_save(&store, id, seed, 5_000);
    assert!(
        live.log().len() >= min_records,
        "a game of {} records is too short for this test",
        live.log().len()
    );
    assert!(snapshots.len() >= 2, "snapshots at {snapshots:?}");
    assert_eq!(
        store.last_snapshot_length(id).unwrap(),
        snapshots.last().copied()
    );
    // Snapshots keep the position as data (format 1), hidden parts and all.
    let latest = store.latest_snapshot(id).unwrap().accepted.unwrap();
    match &latest.position {
        StoredPosition::Data(data) => {
            assert_eq!(data.format, 1);
            assert!(data.data.is_object(), "{:?}", data.data);
        }
        StoredPosition::Notation(text) => panic!("a snapshot in notation: {text}"),
    }
    let newest = snapshots.last().copied();
    let notices = assert_loads_as_live(&store, id, &live, seed, newest);
    assert_eq!(notices, Vec::<String>::new());
    let plain = copy_without_snapshots(&store, id);
    assert_eq!(store.last_snapshot_length(plain).unwrap(), None);
    let notices = assert_loads_as_live(&store, plain, &live, seed, None);
    assert_eq!(notices, Vec::<String>::new());
}

#[test]
fn resume_long_878_game_from_snapshots_equals_live_play() {
    resume_long_game("v878", "standard", 1, 400);
}

#[test]
fn resume_long_fury_game_from_snapshots_equals_live_play() {
    resume_long_game("fury", "basic", 4, 500);
}

/// A snapshot written before positions were data holds the position in notation and a
/// state hash of the hand-kept kind: it still resumes the save, tied to its log by the
/// log digest alone.
#[test]
fn resume_from_a_notation_snapshot_of_before_positions_were_data() {
    for (game, scenario, seed) in [("fury", "basic", 4), ("v878", "standard", 1)] {
        let dir = temp_dir("notation-snapshot");
        let store = Store::open(dir.path()).unwrap();
        let rules = registry::find(game).unwrap().rules_version();
        let id = new_save(&store, game, scenario, seed, rules);
        let (live, _) = play_and_save(&store, id, seed, 5_000);
        let mut latest = store.latest_snapshot(id).unwrap().accepted.unwrap();
        // The position the data stands for, in notation, as older Skald wrote it.
        let header = store.header(id).unwrap();
        let (log_header, log) = store.load(id).unwrap();
        assert_eq!(log_header, header);
        let at = Timeline::replay(&header, &log[..latest.length as usize]).unwrap();
        latest.position = StoredPosition::Notation(at.game().position());
        latest.state_hash ^= 0x5a5a; // not the derived hash of today
        store.put_snapshot(id, &latest).unwrap();
        let notices = assert_loads_as_live(&store, id, &live, seed, Some(latest.length));
        assert_eq!(notices, Vec::<String>::new(), "{game}");
    }
}

/// Flips one byte in the newest snapshot of a save, through sled directly.
fn damage_latest_snapshot(dir: &Path, id: SaveId) -> u32 {
    let db = sled::open(sled_dir(dir)).unwrap();
    let tree = db.open_tree("snapshots").unwrap();
    let (key, value) = tree
        .scan_prefix(id.0.to_be_bytes())
        .next_back()
        .unwrap()
        .unwrap();
    let mut bytes = value.to_vec();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x20;
    tree.insert(&key, bytes).unwrap();
    db.flush().unwrap();
    u32::from_be_bytes(key[8..12].try_into().unwrap())
}

#[test]
fn resume_damaged_snapshot_is_skipped_with_a_notice() {
    let dir = temp_dir("damaged");
    let seed = 1;
    let (id, live, snapshots) = {
        let store = Store::open(dir.path()).unwrap();
        let rules = registry::find("v878").unwrap().rules_version();
        let id = new_save(&store, "v878", "standard", seed, rules);
        let (live, snapshots) = play_and_save(&store, id, seed, 5_000);
        (id, live, snapshots)
    };
    let at = damage_latest_snapshot(dir.path(), id);
    assert_eq!(Some(&at), snapshots.last());
    let store = Store::open(dir.path()).unwrap();
    // The snapshot before the damaged one is used instead.
    let before = snapshots[snapshots.len() - 2];
    let notices = assert_loads_as_live(&store, id, &live, seed, Some(before));
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].starts_with(&format!(
            "the snapshot of {id} at record {at} was skipped (checksum mismatch"
        )),
        "{}",
        notices[0]
    );
}

#[test]
fn resume_snapshot_taken_from_another_log_is_skipped_with_a_notice() {
    let dir = temp_dir("foreign");
    let store = Store::open(dir.path()).unwrap();
    let rules = registry::find("fury").unwrap().rules_version();
    let seed = 4;
    let id = new_save(&store, "fury", "basic", seed, rules);
    let (live, _) = play_and_save(&store, id, seed, 250);
    let other = new_save(&store, "fury", "basic", seed, rules);
    let mut picker = Picker(77);
    let header = store.header(other).unwrap();
    let mut timeline = Timeline::new(start_game(&header).unwrap());
    while timeline.log().len() < 250 && play_one(&mut timeline, &mut picker) {
        save_progress(&store, other, &timeline, 2_000).unwrap();
    }
    // The other save's snapshots, as if they had been left behind under this id.
    store.delete_snapshots(id).unwrap();
    let mut foreign = Vec::new();
    store
        .find_snapshot(other, |s| {
            foreign.push(s.clone());
            Ok(None::<()>)
        })
        .unwrap();
    assert!(!foreign.is_empty());
    for snapshot in &foreign {
        store.put_snapshot(id, snapshot).unwrap();
    }
    let notices = assert_loads_as_live(&store, id, &live, seed, None);
    assert_eq!(notices.len(), foreign.len(), "{notices:?}");
    for (notice, snapshot) in notices.iter().zip(foreign.iter()) {
        assert_eq!(
            notice,
            &format!(
                "the snapshot of {id} at record {} was skipped (it was taken from a different log); the log is replayed from an earlier point instead",
                snapshot.length
            )
        );
    }
}

#[test]
fn save_progress_refuses_a_game_out_of_step_with_its_save() {
    let dir = temp_dir("step");
    let store = Store::open(dir.path()).unwrap();
    let rules = registry::find("fury").unwrap().rules_version();
    let id = new_save(&store, "fury", "basic", 3, rules);
    let header = store.header(id).unwrap();
    let mut timeline = Timeline::new(start_game(&header).unwrap());
    let mut picker = Picker(3);
    play_one(&mut timeline, &mut picker);
    play_one(&mut timeline, &mut picker);
    match save_progress(&store, id, &timeline, 5) {
        Err(SaveError::OutOfStep { saved, played, .. }) => assert_eq!((saved, played), (0, 2)),
        other => panic!("expected out of step, got {other:?}"),
    }
    assert_eq!(store.header(id).unwrap().length, 0);
}

// ---- Format 1 ----------------------------------------------------------------------

/// Where the store keeps sled's own files inside its folder.
fn sled_dir(dir: &Path) -> PathBuf {
    dir.join("sled")
}

fn stored_value(dir: &Path, tree: &str, key: &[u8]) -> Vec<u8> {
    let db = sled::open(sled_dir(dir)).unwrap();
    let value = db.open_tree(tree).unwrap().get(key).unwrap().unwrap();
    value.to_vec()
}

const FORMAT1_ACTIONS: [(u8, &str); 6] = [
    (1, "setup default"),
    (1, "end"),
    (0, "ship 0107"),
    (0, "end"),
    (0, "move VI01 0107-0108"),
    (0, "move VA01 0107-0206"),
];

#[test]
fn migration_format1_save_lists_without_being_rewritten() {
    let dir = temp_dir("format1-list");
    let id = install_fixture(dir.path(), "format1_fury_basic.json");
    let listed = Store::open(dir.path()).unwrap().list().unwrap();
    let [Listed::Ok {
        id: listed_id,
        header,
    }] = &listed[..]
    else {
        panic!("expected one intact save, got {listed:?}");
    };
    assert_eq!(*listed_id, id);
    assert_eq!(header.format_version, 1);
    assert_eq!(header.name, "Raid on the coast");
    assert_eq!((header.length, header.seed), (6, 11));
    let basic = registry::find("fury")
        .unwrap()
        .new_game("basic", 0)
        .unwrap();
    assert_eq!(header.options, basic.options_json());
    assert_eq!(header.start, None);
    // Listing read the save; it wrote nothing back.
    let (_, records) = fixture_records("format1_fury_basic.json");
    assert_eq!(records[0].tree, "headers");
    let stored = stored_value(dir.path(), "headers", &records[0].key);
    assert_eq!(stored, records[0].value);
}

#[test]
fn migration_format1_save_loads_replays_and_is_written_back_with_a_notice() {
    let dir = temp_dir("format1-load");
    let id = install_fixture(dir.path(), "format1_fury_basic.json");
    let store = Store::open(dir.path()).unwrap();
    let loaded = load_save(&store, id).unwrap();
    let expected: Vec<Entry> = FORMAT1_ACTIONS
        .iter()
        .map(|(seat, action)| Entry::act(*seat, action))
        .collect();
    assert_eq!(loaded.timeline.log(), &expected[..]);
    assert_eq!(loaded.header.format_version, FORMAT_VERSION);
    // The fixture was played under Fury rules version 1 (before the 7.11 and 9.2 fixes).
    assert_eq!(
        loaded.notices,
        vec![
            format!("{id} was played under rules version 1 of The Fury of the Norsemen; this version plays 3, and the game goes on under the current rules"),
            format!("{id} was stored in save format 1; it was converted to format {FORMAT_VERSION} and written back"),
        ]
    );
    let replayed = Timeline::replay(&loaded.header, &expected).unwrap();
    assert_eq!(
        loaded.timeline.game().state_hash(),
        replayed.game().state_hash()
    );
    // Written back: it reads as format 2 now, and play goes on.
    let header = store.header(id).unwrap();
    assert_eq!((header.format_version, header.length), (FORMAT_VERSION, 6));
    // Its journal (kept beside sled to rebuild saves) says the same.
    store.check_journal(id).unwrap();
    let mut timeline = loaded.timeline;
    assert!(play_one(&mut timeline, &mut Picker(1)));
    let saved = save_progress(&store, id, &timeline, 3_000).unwrap();
    assert_eq!(saved.index, 6);
    let again = load_save(&store, id).unwrap();
    // The format is not converted again; the save still says which rules it began under.
    assert_eq!(again.notices.len(), 1, "{:?}", again.notices);
    assert!(
        again.notices[0].contains("rules version 1"),
        "{:?}",
        again.notices
    );
    assert_eq!(again.timeline.log(), timeline.log());
}

// ---- Rules versions ----------------------------------------------------------------

/// A save of `game` played under the current rules with snapshots, and a copy of it
/// labelled as played under the previous rules version (snapshots relabelled too when
/// `with_snapshots`), with record `refused` replaced by one the current rules refuse.
struct OldRules {
    dir: TempDir,
    live_id: SaveId,
    old_id: SaveId,
    snapshots: Vec<u32>,
    length: u32,
}

fn old_rules_save(tag: &str, with_snapshots: bool, refuse_after_first: Option<u32>) -> OldRules {
    let dir = temp_dir(tag);
    let store = Store::open(dir.path()).unwrap();
    let current = registry::find("fury").unwrap().rules_version();
    let seed = 4;
    let live_id = new_save(&store, "fury", "basic", seed, current);
    let (live, snapshots) = play_and_save(&store, live_id, seed, 400);
    let (mut header, mut log) = store.load(live_id).unwrap();
    header.rules_version = current - 1;
    if let Some(offset) = refuse_after_first {
        let at = (snapshots[0] + offset) as usize;
        let Entry::Act { seat, .. } = log[at].clone() else {
            panic!("record {at} is an undo; pick another offset");
        };
        log[at] = Entry::act(seat, "raze 0107");
    }
    let old_id = store.create(&header).unwrap();
    for entry in &log {
        store.append(old_id, entry, "", 2_000).unwrap();
    }
    if with_snapshots {
        let mut all = Vec::new();
        store
            .find_snapshot(live_id, |s| {
                all.push(s.clone());
                Ok(None::<()>)
            })
            .unwrap();
        for snapshot in all {
            let old = Snapshot {
                rules_version: current - 1,
                ..snapshot
            };
            store.put_snapshot(old_id, &old).unwrap();
        }
    }
    OldRules {
        dir,
        live_id,
        old_id,
        snapshots,
        length: live.log().len() as u32,
    }
}

#[test]
fn rules_older_save_that_still_replays_opens_with_a_notice() {
    let old = old_rules_save("rules-replays", true, None);
    let store = Store::open(old.dir.path()).unwrap();
    let current = registry::find("fury").unwrap().rules_version();
    let live = load_save(&store, old.live_id).unwrap();
    let loaded = load_save(&store, old.old_id).unwrap();
    // Old-rules snapshots are not trusted: the whole log is replayed.
    assert_eq!(loaded.resumed_at, None);
    assert_eq!(
        loaded.notices,
        vec![format!(
            "{} was played under rules version {} of The Fury of the Norsemen; this version plays {current}, and the game goes on under the current rules",
            old.old_id,
            current - 1
        )]
    );
    assert_eq!(loaded.timeline.log().len() as u32, old.length);
    assert_eq!(
        loaded.timeline.game().state_hash(),
        live.timeline.game().state_hash()
    );
    // Nothing was cut.
    assert_eq!(store.header(old.old_id).unwrap().length, old.length);
}

#[test]
fn rules_older_save_that_no_longer_replays_continues_from_its_last_snapshot() {
    let old = old_rules_save("rules-cut", true, Some(5));
    let store = Store::open(old.dir.path()).unwrap();
    let current = registry::find("fury").unwrap().rules_version();
    let at = old.snapshots[0];
    let refused = at + 5;
    let loaded = load_save(&store, old.old_id).unwrap();
    assert_eq!(loaded.resumed_at, Some(at));
    assert_eq!(loaded.notices.len(), 2, "{:?}", loaded.notices);
    let notice = &loaded.notices[1];
    let opening = format!(
        "{} was saved under rules version {}; this version plays {current}; log record {refused} no longer replays (",
        old.old_id,
        current - 1
    );
    let close = format!(
        "), so the game continues from record {at}, the last point both agree on; the {} records from there on were set aside",
        old.length - at
    );
    assert!(notice.starts_with(&opening), "{notice}");
    assert!(notice.ends_with(&close), "{notice}");
    assert!(notice.contains("'raze'"), "{notice}");
    // The game stands where the live game stood at the snapshot.
    let (header, log) = store.load(old.live_id).unwrap();
    let live_then = Timeline::replay(&header, &log[..at as usize]).unwrap();
    assert_eq!(loaded.timeline.log().len() as u32, at);
    assert_eq!(
        loaded.timeline.game().state_hash(),
        live_then.game().state_hash()
    );
    assert_eq!(chance_of(&loaded.timeline), chance_of(&live_then));
    // The save now ends there, and opens there again without the cut.
    assert_eq!(store.header(old.old_id).unwrap().length, at);
    store.check_journal(old.old_id).unwrap();
    let again = load_save(&store, old.old_id).unwrap();
    assert_eq!(again.resumed_at, Some(at));
    assert_eq!(again.notices.len(), 1, "{:?}", again.notices);
    assert_eq!(
        again.timeline.game().state_hash(),
        live_then.game().state_hash()
    );
    // And play goes on from there.
    let mut timeline = again.timeline;
    assert!(play_one(&mut timeline, &mut Picker(9)));
    assert_eq!(
        save_progress(&store, old.old_id, &timeline, 5)
            .unwrap()
            .index,
        at
    );
}

#[test]
fn rules_older_save_without_a_snapshot_before_the_refused_record_is_refused() {
    let old = old_rules_save("rules-refused", false, Some(5));
    let store = Store::open(old.dir.path()).unwrap();
    let refused = old.snapshots[0] + 5;
    match load_save(&store, old.old_id) {
        Err(LoadError::RulesChanged { index, .. }) => assert_eq!(index, refused),
        Err(e) => panic!("expected a rules change, got {e}"),
        Ok(_) => panic!("expected a rules change, the save opened"),
    }
    assert_eq!(store.header(old.old_id).unwrap().length, old.length);
}

#[test]
fn rules_newer_save_is_refused_and_unchanged() {
    let dir = temp_dir("rules-newer");
    let store = Store::open(dir.path()).unwrap();
    let current = registry::find("fury").unwrap().rules_version();
    let id = new_save(&store, "fury", "basic", 2, current + 1);
    store
        .append(id, &Entry::act(1, "setup default"), "", 5)
        .unwrap();
    match load_save(&store, id) {
        Err(LoadError::RulesTooNew {
            saved, current: c, ..
        }) => {
            assert_eq!((saved, c), (current + 1, current))
        }
        Err(e) => panic!("expected newer rules, got {e}"),
        Ok(_) => panic!("expected newer rules, the save opened"),
    }
    assert_eq!(store.header(id).unwrap().length, 1);
}

#[test]
fn rules_fixture_older_save_continues_from_its_snapshot_with_a_notice() {
    let dir = temp_dir("rules-fixture");
    let id = install_fixture(dir.path(), "older_rules_fury_basic.json");
    let store = Store::open(dir.path()).unwrap();
    let (header, log) = store.load(id).unwrap();
    let current = registry::find("fury").unwrap().rules_version();
    // The fixture fakes a rules version 0 whose record 28 the current rules refuse.
    assert_eq!((header.rules_version, header.length), (0, 30));
    let loaded = load_save(&store, id).unwrap();
    assert_eq!(loaded.resumed_at, Some(26));
    assert_eq!(loaded.notices.len(), 2, "{:?}", loaded.notices);
    let notice = &loaded.notices[1];
    let opening = format!(
        "{id} was saved under rules version 0; this version plays {current}; log record 28 no longer replays ("
    );
    let close = "), so the game continues from record 26, the last point both agree on; the 4 records from there on were set aside";
    assert!(notice.starts_with(&opening), "{notice}");
    assert!(notice.ends_with(close), "{notice}");
    // The snapshot's game is the one its first 26 records give, chance stream included.
    let replayed = Timeline::replay(&header, &log[..26]).unwrap();
    assert_eq!(loaded.timeline.log(), replayed.log());
    assert_eq!(
        loaded.timeline.game().state_hash(),
        replayed.game().state_hash()
    );
    assert_eq!(chance_of(&loaded.timeline), chance_of(&replayed));
    assert_eq!(chance_of(&loaded.timeline).used, 3);
    assert_eq!(store.header(id).unwrap().length, 26);
    store.check_journal(id).unwrap();
}

#[test]
fn migration_newer_format_save_is_refused_by_load_save_and_left_unchanged() {
    let dir = temp_dir("format-newer");
    let (id, mut records) = fixture_records("format1_fury_basic.json");
    // The same save, marked with a format newer than this code knows.
    let json = String::from_utf8(records[0].value[4..].to_vec()).unwrap();
    let newer = json.replace(
        "\"format_version\":1",
        &format!("\"format_version\":{}", FORMAT_VERSION + 1),
    );
    assert_ne!(newer, json);
    let mut value = crc32fast::hash(newer.as_bytes()).to_be_bytes().to_vec();
    value.extend_from_slice(newer.as_bytes());
    records[0].value = value.clone();
    {
        let db = sled::open(dir.path()).unwrap();
        for record in records {
            let tree = db.open_tree(record.tree).unwrap();
            tree.insert(record.key, record.value).unwrap();
        }
        db.flush().unwrap();
    }
    {
        let store = Store::open(dir.path()).unwrap();
        match load_save(&store, id) {
            Err(LoadError::Store(StoreError::TooNew { found, known, .. })) => {
                assert_eq!((found, known), (FORMAT_VERSION + 1, FORMAT_VERSION))
            }
            Err(e) => panic!("expected a newer format, got {e}"),
            Ok(_) => panic!("expected a newer format, the save opened"),
        }
    }
    let stored = stored_value(dir.path(), "headers", &id.0.to_be_bytes());
    assert_eq!(stored, value);
}
