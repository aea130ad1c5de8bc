use super::*;
use crate::engine::{Game, Seat, Turn};
use crate::games::fury::Fury;
use crate::games::registry;
use tempfile::TempDir;

/// A fresh folder for one test, removed when dropped.
pub(super) fn temp_dir(tag: &str) -> TempDir {
    TempDir::with_prefix(format!("skald-{tag}-")).expect("a temporary folder")
}

pub(super) fn header(name: &str, seed: u64) -> Header {
    let mut h = Header::new("fury", Fury::RULES_VERSION, "test", "{}", seed, 1_000);
    h.seats = "0:human 1:computer".to_string();
    h.name = name.to_string();
    h
}

/// Appends one action record with a fixed progress text and time.
pub(super) fn put(store: &Store, id: SaveId, seat: u8, action: &str) -> Result<u32, StoreError> {
    store.append(id, &Entry::act(seat, action), "Turn 1", 2_000)
}

fn acts(pairs: &[(u8, &str)]) -> Vec<Entry> {
    pairs.iter().map(|(s, a)| Entry::act(*s, a)).collect()
}

fn flip_last_byte(tree: &sled::Tree, key: &[u8]) {
    let mut bytes = tree.get(key).unwrap().unwrap().to_vec();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x01;
    tree.insert(key, bytes).unwrap();
}

#[test]
fn store_create_append_load_round_trip() {
    let dir = temp_dir("round");
    let id = {
        let store = Store::open(dir.path()).unwrap();
        let id = store.create(&header("first", 7)).unwrap();
        assert_eq!(put(&store, id, 0, "pass").unwrap(), 0);
        assert_eq!(put(&store, id, 1, "move a b").unwrap(), 1);
        id
    };
    // Re-opened: everything acknowledged is there.
    let store = Store::open(dir.path()).unwrap();
    let (h, log) = store.load(id).unwrap();
    assert_eq!(h.format_version, FORMAT_VERSION);
    assert_eq!(h.length, 2);
    assert_eq!(h.seed, 7);
    assert_eq!(h.name, "first");
    assert_eq!(log, acts(&[(0, "pass"), (1, "move a b")]));
    assert_eq!(h.progress, "Turn 1");
    assert_eq!(h.updated, 2_000);
    assert_eq!(
        store.list().unwrap(),
        vec![Listed::Ok {
            id,
            header: Box::new(h)
        }]
    );
}

#[test]
fn store_unknown_id_and_delete() {
    let dir = temp_dir("delete");
    let store = Store::open(dir.path()).unwrap();
    let missing = SaveId(9_999);
    assert!(matches!(store.load(missing), Err(StoreError::NotFound(_))));
    assert!(matches!(
        put(&store, missing, 0, "x"),
        Err(StoreError::NotFound(_))
    ));
    assert!(matches!(
        store.delete(missing),
        Err(StoreError::NotFound(_))
    ));
    let a = store.create(&header("a", 1)).unwrap();
    let b = store.create(&header("b", 2)).unwrap();
    put(&store, a, 0, "x").unwrap();
    put(&store, b, 0, "y").unwrap();
    store.delete(a).unwrap();
    assert!(matches!(store.load(a), Err(StoreError::NotFound(_))));
    assert_eq!(store.log.scan_prefix(a.0.to_be_bytes()).count(), 0);
    assert_eq!(store.load(b).unwrap().1, acts(&[(0, "y")]));
    assert_eq!(store.list().unwrap().len(), 1);
}

#[test]
fn store_delete_removes_the_saves_snapshots() {
    let dir = temp_dir("delete-snapshots");
    let store = Store::open(dir.path()).unwrap();
    let a = store.create(&header("a", 1)).unwrap();
    let b = store.create(&header("b", 2)).unwrap();
    let mut game = registry::find("fury")
        .unwrap()
        .new_game("basic", 1)
        .unwrap();
    for id in [a, b] {
        put(&store, id, 0, "x").unwrap();
        let log = store.load(id).unwrap().1;
        let snapshot = Snapshot::of(game.as_mut(), &log, Fury::RULES_VERSION).unwrap();
        store.put_snapshot(id, &snapshot).unwrap();
    }
    store.delete(a).unwrap();
    assert_eq!(store.delete_snapshots(a).unwrap(), 0);
    assert_eq!(store.last_snapshot_length(b).unwrap(), Some(1));
}

#[test]
fn store_flipped_byte_is_reported_and_others_still_list() {
    let dir = temp_dir("flip");
    let store = Store::open(dir.path()).unwrap();
    let a = store.create(&header("a", 1)).unwrap();
    let b = store.create(&header("b", 2)).unwrap();
    let c = store.create(&header("c", 3)).unwrap();
    for id in [a, b, c] {
        put(&store, id, 0, "first").unwrap();
        put(&store, id, 1, "second").unwrap();
    }
    // Damage a log record of b and the header of c.
    flip_last_byte(&store.log, &log_key(b, 1));
    flip_last_byte(&store.headers, &c.0.to_be_bytes());

    let listed = store.list().unwrap();
    assert_eq!(listed.len(), 3);
    assert!(matches!(&listed[0], Listed::Ok { id, .. } if *id == a));
    match &listed[1] {
        Listed::Damaged { id, reason } => {
            assert_eq!(*id, b);
            assert!(reason.contains("log record 1"), "{reason}");
            assert!(reason.contains("checksum"), "{reason}");
        }
        other => panic!("expected b damaged, got {other:?}"),
    }
    match &listed[2] {
        Listed::Damaged { id, reason } => {
            assert_eq!(*id, c);
            assert!(reason.contains("header"), "{reason}");
        }
        other => panic!("expected c damaged, got {other:?}"),
    }
    assert_eq!(store.load(a).unwrap().1.len(), 2);
    assert!(matches!(store.load(b), Err(StoreError::Damaged { id, .. }) if id == b));
    assert!(matches!(
        put(&store, c, 0, "x"),
        Err(StoreError::Damaged { .. })
    ));

    // Garbage of any length never panics.
    for junk in [
        &b""[..],
        &b"\x00"[..],
        &b"\x00\x00\x00\x00"[..],
        &b"\xff\xff\xff\xff{}"[..],
    ] {
        store.log.insert(log_key(a, 0), junk).unwrap();
        assert!(matches!(store.load(a), Err(StoreError::Damaged { .. })));
    }
    // A damaged save can still be deleted.
    store.delete(b).unwrap();
    assert_eq!(store.list().unwrap().len(), 2);
}

#[test]
fn store_newer_format_is_refused_and_left_unchanged() {
    let dir = temp_dir("newer");
    let store = Store::open(dir.path()).unwrap();
    let old = store.create(&header("old", 1)).unwrap();
    let id = store.create(&header("future", 2)).unwrap();
    let mut h = header("future", 2);
    h.format_version = FORMAT_VERSION + 1;
    let key = id.0.to_be_bytes();
    store.headers.insert(key, encode(&h).unwrap()).unwrap();
    let before = store.headers.get(key).unwrap().unwrap();

    match store.load(id) {
        Err(StoreError::TooNew { found, known, .. }) => {
            assert_eq!(found, FORMAT_VERSION + 1);
            assert_eq!(known, FORMAT_VERSION);
        }
        other => panic!("expected TooNew, got {other:?}"),
    }
    assert!(matches!(
        put(&store, id, 0, "x"),
        Err(StoreError::TooNew { .. })
    ));
    let listed = store.list().unwrap();
    assert!(matches!(&listed[0], Listed::Ok { id, .. } if *id == old));
    assert!(matches!(&listed[1], Listed::Damaged { reason, .. } if reason.contains("newer")));
    assert_eq!(store.headers.get(key).unwrap().unwrap(), before);
    assert_eq!(store.log.scan_prefix(key).count(), 0);
}

#[test]
fn store_leftover_generating_snapshot_is_removed_before_open() {
    let dir = temp_dir("snap");
    let id = {
        let store = Store::open(dir.path()).unwrap();
        let id = store.create(&header("kept", 5)).unwrap();
        put(&store, id, 0, "pass").unwrap();
        id
    };
    let leftover = dir.path().join("sled").join("snap.0000.generating");
    std::fs::write(&leftover, b"half a snapshot").unwrap();
    let store = Store::open(dir.path()).unwrap();
    assert!(!leftover.exists());
    assert_eq!(store.load(id).unwrap().1, acts(&[(0, "pass")]));
}

#[test]
fn store_replay_of_loaded_log_matches_live_play() {
    let dir = temp_dir("replay");
    let store = Store::open(dir.path()).unwrap();
    let entry = registry::find("fury").unwrap();
    let scenario = entry.scenarios()[0].id;
    let seed = 42;
    let mut live = entry.new_game(scenario, seed).unwrap();
    let id = store
        .create(&Header::new(
            entry.id(),
            Fury::RULES_VERSION,
            scenario,
            &live.options_json(),
            seed,
            0,
        ))
        .unwrap();

    let mut rng: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let mut played = 0;
    for _ in 0..40 {
        let seats = match live.to_act() {
            Turn::Decide(seats) => seats,
            Turn::Over(_) => break,
        };
        let seat: Seat = seats[next(seats.len())];
        let legal = live.legal_actions(seat);
        if legal.is_empty() {
            break;
        }
        let notation = legal[next(legal.len())].notation.clone();
        live.play(seat, &notation).unwrap();
        put(&store, id, seat.0, &notation).unwrap();
        played += 1;
    }
    assert!(played > 0);

    let (h, log) = store.load(id).unwrap();
    assert_eq!(log.len(), played);
    let mut replay = registry::find(&h.game)
        .unwrap()
        .game_with_options(&h.options, h.seed)
        .unwrap();
    for entry in &log {
        let Entry::Act { seat, action } = entry else {
            panic!("only actions were written");
        };
        replay.play(Seat(*seat), action).unwrap();
    }
    assert_eq!(replay.state_hash(), live.state_hash());
}
