//! The save store's write path: autosave of one action (`append`: journal record, sled
//! transaction, flush, and with `Durability::Sync` an fdatasync of both files) and
//! `create`, per durability setting (target: autosave at most 5 ms median); and opening
//! a store of 20 saves (sled's open plus the check of every journal).
//!
//! `cargo bench -p skald-core --bench store`

use criterion::{criterion_group, criterion_main, Criterion};
use skald_core::store::{Durability, Entry, Header, Store, StoreOptions};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

fn bench_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skald-bench-store-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn header(name: &str) -> Header {
    let mut header = Header::new("fury", 1, "basic", "{\"scenario\":\"basic\"}", 42, 1_000);
    header.name = name.to_string();
    header.seats = "0:human 1:computer".to_string();
    header
}

fn settings() -> [(&'static str, Durability); 2] {
    [("flush", Durability::Flush), ("sync", Durability::Sync)]
}

fn autosave(c: &mut Criterion) {
    let mut group = c.benchmark_group("store_autosave");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for (name, durability) in settings() {
        let dir = bench_dir(name);
        let store = Store::open_with(&dir, StoreOptions { durability }).expect("open");
        let id = store.create(&header("autosave")).expect("create");
        // A save well into its game, as autosave meets it.
        for i in 0..100u64 {
            let entry = Entry::act((i % 2) as u8, "move 0304 0405");
            store.append(id, &entry, "Turn 3", i).expect("append");
        }
        let entry = Entry::act(1, "move 0304 0405 0506");
        let mut now = 1_000u64;
        group.bench_function(format!("append_{name}"), |b| {
            b.iter(|| {
                now += 1;
                black_box(store.append(id, &entry, "Turn 4, Viking Movement", now)).expect("append")
            })
        });
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
    group.finish();
}

fn create(c: &mut Criterion) {
    let mut group = c.benchmark_group("store_create");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for (name, durability) in settings() {
        let dir = bench_dir(&format!("create-{name}"));
        let store = Store::open_with(&dir, StoreOptions { durability }).expect("open");
        let header = header("new game");
        group.bench_function(format!("create_{name}"), |b| {
            b.iter(|| black_box(store.create(&header)).expect("create"))
        });
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
    group.finish();
}

fn open(c: &mut Criterion) {
    let dir = bench_dir("open");
    {
        let store = Store::open(&dir).expect("open");
        for s in 0..20 {
            let id = store.create(&header(&format!("save {s}"))).expect("create");
            for i in 0..150u64 {
                let entry = Entry::act((i % 2) as u8, "move 0304 0405");
                store.append(id, &entry, "Turn 3", i).expect("append");
            }
        }
    }
    let mut group = c.benchmark_group("store_open");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    group.bench_function("open_20_saves_of_150_records", |b| {
        b.iter(|| {
            let store = Store::open(&dir).expect("open");
            assert!(store.recovery().is_none());
            black_box(store)
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, autosave, create, open);
criterion_main!(benches);
