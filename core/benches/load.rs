//! Loading a full-length game through `load_save`, per game, with and without snapshots
//! (target: at most 50 ms).

use criterion::{criterion_group, criterion_main, Criterion};
use skald_core::engine::Turn;
use skald_core::games::registry;
use skald_core::session::{load_save, save_progress, start_game, Timeline};
use skald_core::store::{Header, SaveId, Store};
use std::hint::black_box;
use std::path::PathBuf;

/// A fixed pseudo-random sequence (SplitMix64), so every run benchmarks the same game.
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

/// Plays a whole random game of a scenario into a new save, autosaving each action (so
/// snapshots are written as in play); returns its id and length.
fn full_game(store: &Store, game: &str, scenario: &str, seed: u64) -> (SaveId, usize) {
    let entry = registry::find(game).expect("known game");
    let options = entry
        .new_game(scenario, seed)
        .expect("scenario")
        .options_json();
    let header = Header::new(game, entry.rules_version(), scenario, &options, seed, 0);
    let id = store.create(&header).expect("create");
    let mut timeline = Timeline::new(start_game(&header).expect("start"));
    let mut picker = Picker(seed);
    while let Turn::Decide(seats) = timeline.game().to_act() {
        let seat = seats[picker.next(seats.len())];
        let actions = timeline.game().legal_actions(seat);
        let action = actions[picker.next(actions.len())].notation.clone();
        timeline.act(seat, &action).expect("legal action");
        save_progress(store, id, &timeline, 1).expect("save");
    }
    (id, timeline.log().len())
}

/// The same save again, without snapshots.
fn copy_without_snapshots(store: &Store, id: SaveId) -> SaveId {
    let (header, log) = store.load(id).expect("load");
    let copy = store.create(&header).expect("create");
    for entry in &log {
        store.append(copy, entry, "", 1).expect("append");
    }
    copy
}

fn bench_load(c: &mut Criterion) {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("skald-bench-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = Store::open(&dir).expect("open");
    for (game, scenario, seed) in [("fury", "basic", 4), ("v878", "standard", 4)] {
        let (id, length) = full_game(&store, game, scenario, seed);
        let plain = copy_without_snapshots(&store, id);
        let mut group = c.benchmark_group(format!("load {game} {scenario} ({length} records)"));
        group.sample_size(20);
        group.bench_function("with snapshots", |b| {
            b.iter(|| black_box(load_save(&store, id).expect("load")))
        });
        group.bench_function("without snapshots", |b| {
            b.iter(|| black_box(load_save(&store, plain).expect("load")))
        });
        group.finish();
    }
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench_load);
criterion_main!(benches);
