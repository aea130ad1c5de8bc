//! Helpers shared by the save tests: temporary folders, and the fixture saves under
//! tests/fixtures/saves/ installed into sled as an older Skald left them. Each test file
//! uses some of them, so the others would be dead code there.
#![allow(dead_code)]

use skald_core::session::Timeline;
use skald_core::store::SaveId;
use std::path::Path;
use tempfile::TempDir;

/// A fresh folder for one test, removed when dropped.
pub fn temp_dir(tag: &str) -> TempDir {
    TempDir::with_prefix(format!("skald-{tag}-")).expect("a temporary folder")
}

/// Where a timeline's chance stream stands.
pub fn chance_of(timeline: &Timeline) -> skald_core::engine::chance::ChancePoint {
    timeline.game().chance_point()
}

fn hex(text: &str) -> Vec<u8> {
    assert_eq!(text.len() % 2, 0, "odd hex: {text}");
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

/// One stored record of a fixture: its tree, key and value bytes.
pub struct RawRecord {
    pub tree: String,
    pub key: Vec<u8>,
    pub value: Vec<u8>,
}

/// The save id and raw records of a fixture.
pub fn fixture_records(name: &str) -> (SaveId, Vec<RawRecord>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/saves")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let fixture: serde_json::Value = serde_json::from_str(&text).unwrap();
    let id = SaveId(fixture["save_id"].as_u64().unwrap());
    let mut records = Vec::new();
    for (tree, list) in fixture["trees"].as_object().unwrap() {
        for record in list.as_array().unwrap() {
            let value = hex(record["value"].as_str().unwrap());
            // The readable copy must say what the bytes say.
            assert_eq!(&value[4..], record["reads"].as_str().unwrap().as_bytes());
            records.push(RawRecord {
                tree: tree.clone(),
                key: hex(record["key"].as_str().unwrap()),
                value,
            });
        }
    }
    (id, records)
}

/// Writes a fixture's records into a fresh sled database in `dir`, as an older
/// version of Skald left them (sled's files directly in the folder, no journals).
pub fn install_fixture(dir: &Path, name: &str) -> SaveId {
    let (id, records) = fixture_records(name);
    let db = sled::open(dir).unwrap();
    for record in records {
        let tree = db.open_tree(record.tree).unwrap();
        tree.insert(record.key, record.value).unwrap();
    }
    db.flush().unwrap();
    id
}
