//! The journal beside sled: damaged or missing databases rebuilt from it, writes cut
//! short by a crash completed or dropped, damaged journal records reported precisely.

use super::journal::{JournalRecord, Stop};
use super::tests::{header, put, temp_dir};
use super::*;
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// Three saves with logs of different lengths; returns their ids and contents.
fn three_saves(store: &Store) -> Vec<(SaveId, Header, Vec<Entry>)> {
    let mut out = Vec::new();
    for (name, length) in [("Lindisfarne", 3u32), ("York", 0), ("Wessex", 7)] {
        let id = store.create(&header(name, u64::from(length))).unwrap();
        for i in 0..length {
            let seat = (i % 2) as u8;
            let action = format!("move {i} to {}", i + 1);
            store
                .append(
                    id,
                    &Entry::act(seat, &action),
                    &format!("Turn {i}"),
                    5_000 + u64::from(i),
                )
                .unwrap();
        }
        let (h, log) = store.load(id).unwrap();
        out.push((id, h, log));
    }
    out
}

fn assert_saves_are(store: &Store, saves: &[(SaveId, Header, Vec<Entry>)]) {
    let listed = store.list().unwrap();
    assert_eq!(listed.len(), saves.len(), "{listed:?}");
    for (id, h, log) in saves {
        assert_eq!(&store.load(*id).unwrap(), &(h.clone(), log.clone()));
        store.check_journal(*id).unwrap();
    }
}

fn sled_dir(dir: &TempDir) -> PathBuf {
    dir.path().join("sled")
}

fn journal_file(dir: &TempDir, id: SaveId) -> PathBuf {
    dir.path().join("journal").join(format!("{}.log", id.0))
}

fn overwrite(path: &Path, offset: u64, bytes: &[u8]) {
    let mut file = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    file.seek(SeekFrom::Start(offset)).unwrap();
    file.write_all(bytes).unwrap();
}

/// The offset of the framed record holding log record `index` in a save's journal.
fn record_offset(store: &Store, id: SaveId, index: u32) -> u64 {
    let scan = store.journal.read(id, 0).unwrap();
    let mut start = 8;
    for framed in &scan.records {
        if matches!(framed.record, JournalRecord::Entry { index: i, .. } if i == index) {
            return start;
        }
        start = framed.end;
    }
    panic!("no record {index}");
}

/// Checks each save's line of a rebuild report: restored whole, with this many records
/// and no loss.
fn assert_restored_whole(report: &RecoveryReport, saves: &[(SaveId, Header, Vec<Entry>)]) {
    assert_eq!(report.saves.len(), saves.len());
    for (line, (id, h, log)) in report.saves.iter().zip(saves) {
        assert_eq!(
            line,
            &SaveRecovery {
                id: *id,
                name: Some(h.name.clone()),
                records: log.len() as u32,
                restored: log.len() as u32,
                restored_save: true,
                loss: None,
                journal_repair: None,
            }
        );
    }
    assert!(!report.lost_anything());
}

#[test]
fn store_garbage_sled_conf_is_rebuilt_from_journals() {
    let dir = temp_dir("conf");
    let saves = three_saves(&Store::open(dir.path()).unwrap());
    std::fs::write(
        sled_dir(&dir).join("conf"),
        b"not a sled configuration at all",
    )
    .unwrap();

    let store = Store::open(dir.path()).unwrap();
    let report = store.recovery().expect("a recovery report").clone();
    assert!(
        matches!(report.cause, RecoveryCause::DatabaseUnopenable(_)),
        "{report}"
    );
    assert!(report.rebuilt());
    let moved = report.moved_to.clone().unwrap();
    assert_eq!(moved, dir.path().join("sled.damaged-1"));
    assert_eq!(
        std::fs::read(moved.join("conf")).unwrap(),
        b"not a sled configuration at all"
    );
    assert_restored_whole(&report, &saves);
    let written = std::fs::read_to_string(report.written_to.clone().unwrap()).unwrap();
    assert_eq!(written, report.to_string());
    assert!(
        written.contains("save 1 'Lindisfarne': 3 log records, restored whole"),
        "{written}"
    );
    assert_saves_are(&store, &saves);

    // The rebuilt store takes new records and new saves, and opens clean afterwards.
    let wessex = saves[2].0;
    assert_eq!(put(&store, wessex, 0, "end phase").unwrap(), 7);
    let new = store.create(&header("Mercia", 9)).unwrap();
    assert!(saves.iter().all(|(id, _, _)| *id != new));
    drop(store);
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.recovery(), None);
    assert_eq!(store.load(wessex).unwrap().1.len(), 8);
    assert_eq!(store.list().unwrap().len(), 4);
}

#[test]
fn store_overwritten_sled_data_is_rebuilt_from_journals() {
    // sled opens a log damaged near its start as an empty database, without an error.
    let dir = temp_dir("data");
    let saves = three_saves(&Store::open(dir.path()).unwrap());
    overwrite(&sled_dir(&dir).join("db"), 100, &[0xab; 64]);

    let store = Store::open(dir.path()).unwrap();
    let report = store.recovery().expect("a recovery report").clone();
    assert!(
        matches!(report.cause, RecoveryCause::DatabaseBehind(_)),
        "{report}"
    );
    assert_eq!(report.moved_to, Some(dir.path().join("sled.damaged-1")));
    assert_restored_whole(&report, &saves);
    assert_saves_are(&store, &saves);
}

#[test]
fn store_missing_sled_folder_is_rebuilt_from_journals() {
    let dir = temp_dir("missing");
    let saves = three_saves(&Store::open(dir.path()).unwrap());
    std::fs::remove_dir_all(sled_dir(&dir)).unwrap();

    let store = Store::open(dir.path()).unwrap();
    let report = store.recovery().expect("a recovery report").clone();
    assert_eq!(report.cause, RecoveryCause::DatabaseMissing);
    assert_eq!(report.moved_to, None);
    assert_restored_whole(&report, &saves);
    assert_saves_are(&store, &saves);
}

#[test]
fn store_damaged_journal_record_reports_that_saves_loss() {
    let dir = temp_dir("jdamage");
    let (saves, offset, journal_len) = {
        let store = Store::open(dir.path()).unwrap();
        let saves = three_saves(&store);
        let wessex = saves[2].0;
        let offset = record_offset(&store, wessex, 4);
        let len = std::fs::metadata(journal_file(&dir, wessex)).unwrap().len();
        (saves, offset, len)
    };
    let wessex = saves[2].0;
    // A flipped byte inside Wessex's log record 4, and sled unopenable.
    overwrite(&journal_file(&dir, wessex), offset + 20, b"X");
    std::fs::write(sled_dir(&dir).join("conf"), b"a garbled sled configuration").unwrap();

    let store = Store::open(dir.path()).unwrap();
    let report = store.recovery().unwrap().clone();
    assert!(report.lost_anything(), "{report}");
    let kept = dir
        .path()
        .join("journal")
        .join(format!("{}.log.damaged", wessex.0));
    assert_eq!(
        report.saves[2],
        SaveRecovery {
            id: wessex,
            name: Some("Wessex".to_string()),
            records: 4,
            restored: 4,
            restored_save: true,
            loss: Some(JournalLoss {
                from_record: Some(4),
                offset,
                unread_bytes: journal_len - offset,
                reason: report.saves[2].loss.as_ref().unwrap().reason.clone(),
                interrupted: false,
                kept_at: Some(kept.clone()),
            }),
            journal_repair: None,
        }
    );
    let loss = report.saves[2].loss.as_ref().unwrap();
    assert!(
        loss.reason.starts_with("checksum mismatch"),
        "{}",
        loss.reason
    );
    let text = report.to_string();
    let wessex_line = text.lines().find(|l| l.contains("'Wessex'")).unwrap();
    assert!(
        wessex_line.contains("log records 0 to 3 (4 records) restored from its journal")
            && wessex_line.contains("any records from log record 4 on are lost")
            && !wessex_line.contains("restored whole"),
        "{report}"
    );
    // The other saves are whole; Wessex holds its first 4 records.
    assert_eq!(report.saves[0].loss, None);
    assert_eq!(report.saves[1].loss, None);
    assert_eq!(store.load(saves[0].0).unwrap().1, saves[0].2);
    let (h, log) = store.load(wessex).unwrap();
    assert_eq!(log, saves[2].2[..4].to_vec());
    assert_eq!(h.length, 4);
    assert_eq!(h.progress, "Turn 3");
    // The damaged journal was kept as found; the live one goes on from record 4.
    assert_eq!(std::fs::metadata(&kept).unwrap().len(), journal_len);
    assert_eq!(put(&store, wessex, 1, "again").unwrap(), 4);
    store.check_journal(wessex).unwrap();
}

#[test]
fn store_unreadable_journal_header_reports_the_save_lost() {
    let dir = temp_dir("jheader");
    let saves = three_saves(&Store::open(dir.path()).unwrap());
    let york = saves[1].0;
    overwrite(&journal_file(&dir, york), 14, b"#");
    std::fs::remove_dir_all(sled_dir(&dir)).unwrap();

    let store = Store::open(dir.path()).unwrap();
    let report = store.recovery().unwrap();
    let line = &report.saves[1];
    assert_eq!(line.id, york);
    assert_eq!(line.name, None);
    assert_eq!(line.records, 0);
    let loss = line.loss.as_ref().unwrap();
    assert_eq!(loss.from_record, None);
    assert_eq!(loss.offset, 8);
    assert!(loss.reason.contains("checksum"), "{}", loss.reason);
    let kept = dir
        .path()
        .join("journal")
        .join(format!("{}.log.unreadable", york.0));
    assert_eq!(loss.kept_at.as_ref(), Some(&kept));
    assert!(kept.exists());
    assert!(report.to_string().contains(&format!(
        "{york}: lost, its journal's first record (the save's header) could not be read"
    )));
    assert!(matches!(store.load(york), Err(StoreError::NotFound(_))));
    assert_eq!(store.list().unwrap().len(), 2);
    drop(store);
    // Nothing is left to repair at the next open.
    assert_eq!(Store::open(dir.path()).unwrap().recovery(), None);
}

#[test]
fn store_interrupted_append_is_completed_from_the_journal() {
    let dir = temp_dir("tail");
    let (id, before) = {
        let store = Store::open(dir.path()).unwrap();
        let id = store.create(&header("a", 1)).unwrap();
        put(&store, id, 0, "first").unwrap();
        // The journal record of a second append is written, then the process dies
        // before sled's transaction.
        let end = store.journal_end(id).unwrap().unwrap();
        let record = JournalRecord::Entry {
            index: 1,
            entry: Entry::act(1, "second"),
            progress: "Turn 2".to_string(),
            updated: 9_000,
        };
        store
            .journal
            .append(id, end.bytes, &record)
            .unwrap()
            .unwrap();
        (id, store.load(id).unwrap().0)
    };
    let store = Store::open(dir.path()).unwrap();
    let report = store.recovery().unwrap();
    assert_eq!(report.cause, RecoveryCause::InterruptedWrites);
    assert!(!report.rebuilt());
    assert_eq!(report.moved_to, None);
    assert_eq!(
        report.saves,
        vec![SaveRecovery {
            id,
            name: Some("a".to_string()),
            records: 2,
            restored: 1,
            restored_save: false,
            loss: None,
            journal_repair: None,
        }]
    );
    let (h, log) = store.load(id).unwrap();
    assert_eq!(log, vec![Entry::act(0, "first"), Entry::act(1, "second")]);
    assert_eq!(
        (h.length, h.progress.as_str(), h.updated),
        (2, "Turn 2", 9_000)
    );
    assert_eq!(h.name, before.name);
    store.check_journal(id).unwrap();
}

#[test]
fn store_torn_journal_record_is_dropped_as_never_acknowledged() {
    let dir = temp_dir("torn");
    let (id, len) = {
        let store = Store::open(dir.path()).unwrap();
        let id = store.create(&header("a", 1)).unwrap();
        put(&store, id, 0, "first").unwrap();
        (id, std::fs::metadata(journal_file(&dir, id)).unwrap().len())
    };
    // Half a record: a length that promises more bytes than follow.
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(journal_file(&dir, id))
        .unwrap();
    file.write_all(&[0, 0, 0, 90, 1, 2, 3, 4, b'{']).unwrap();
    drop(file);

    let store = Store::open(dir.path()).unwrap();
    let report = store.recovery().unwrap();
    assert_eq!(report.cause, RecoveryCause::InterruptedWrites);
    let loss = report.saves[0].loss.as_ref().unwrap();
    assert!(loss.interrupted);
    assert_eq!(
        (loss.from_record, loss.offset, loss.unread_bytes),
        (Some(1), len, 9)
    );
    assert!(!report.lost_anything());
    assert_eq!(
        std::fs::metadata(journal_file(&dir, id)).unwrap().len(),
        len
    );
    assert_eq!(store.load(id).unwrap().1, vec![Entry::act(0, "first")]);
    store.check_journal(id).unwrap();
}

#[test]
fn store_interrupted_create_is_completed_from_the_journal() {
    let dir = temp_dir("create");
    let id = SaveId(77);
    {
        let store = Store::open(dir.path()).unwrap();
        let h = header("half made", 3);
        store
            .journal
            .write_new(id, &journal::records_of(id, &h, &[]))
            .unwrap();
    }
    let store = Store::open(dir.path()).unwrap();
    let report = store.recovery().unwrap();
    assert_eq!(report.cause, RecoveryCause::InterruptedWrites);
    assert_eq!(report.saves[0].id, id);
    assert!(report.saves[0].restored_save);
    let (h, log) = store.load(id).unwrap();
    assert_eq!((h.name.as_str(), h.seed, log.len()), ("half made", 3, 0));
}

#[test]
fn store_journal_ahead_by_several_records_rebuilds_the_database() {
    // sled rolled back while its journal kept going: that is acknowledged data sled lost.
    let dir = temp_dir("behind");
    let id = {
        let store = Store::open(dir.path()).unwrap();
        let id = store.create(&header("a", 1)).unwrap();
        put(&store, id, 0, "first").unwrap();
        let mut end = store.journal_end(id).unwrap().unwrap().bytes;
        for index in 1..3 {
            let record = JournalRecord::Entry {
                index,
                entry: Entry::act(0, &format!("more {index}")),
                progress: String::new(),
                updated: 0,
            };
            end = store.journal.append(id, end, &record).unwrap().unwrap();
        }
        id
    };
    let store = Store::open(dir.path()).unwrap();
    let report = store.recovery().unwrap();
    match &report.cause {
        RecoveryCause::DatabaseBehind(what) => {
            assert!(what.contains("2 more records"), "{what}")
        }
        other => panic!("expected DatabaseBehind, got {other:?}"),
    }
    assert!(dir.path().join("sled.damaged-1").is_dir());
    assert_eq!(store.load(id).unwrap().1.len(), 3);
}

#[test]
fn store_missing_journal_is_written_again_from_sled() {
    let dir = temp_dir("nojournal");
    let saves = three_saves(&Store::open(dir.path()).unwrap());
    std::fs::remove_file(journal_file(&dir, saves[2].0)).unwrap();
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.recovery(), None);
    assert_saves_are(&store, &saves);
}

#[test]
fn store_stale_journal_tail_is_cut_by_the_next_append() {
    // A journal record whose sled transaction failed in this process must not survive
    // as record 1 when another record 1 is saved.
    let dir = temp_dir("stale");
    let store = Store::open(dir.path()).unwrap();
    let id = store.create(&header("a", 1)).unwrap();
    put(&store, id, 0, "first").unwrap();
    let end = store.journal_end(id).unwrap().unwrap();
    let stale = JournalRecord::Entry {
        index: 1,
        entry: Entry::act(0, "never saved"),
        progress: String::new(),
        updated: 0,
    };
    store
        .journal
        .append(id, end.bytes, &stale)
        .unwrap()
        .unwrap();
    put(&store, id, 1, "second").unwrap();
    store.check_journal(id).unwrap();
    assert_eq!(
        store.load(id).unwrap().1,
        vec![Entry::act(0, "first"), Entry::act(1, "second")]
    );
}

#[test]
fn store_delete_removes_the_journal() {
    let dir = temp_dir("deljournal");
    let store = Store::open(dir.path()).unwrap();
    let saves = three_saves(&store);
    store.delete(saves[0].0).unwrap();
    assert!(!journal_file(&dir, saves[0].0).exists());
    assert!(journal_file(&dir, saves[1].0).exists());
    drop(store);
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.recovery(), None);
    assert_saves_are(&store, &saves[1..]);
}

#[test]
fn store_folder_open_twice_is_refused() {
    let dir = temp_dir("twice");
    let _store = Store::open(dir.path()).unwrap();
    assert!(matches!(Store::open(dir.path()), Err(StoreError::InUse(_))));
}

#[test]
fn store_flush_durability_round_trip() {
    let dir = temp_dir("flush");
    let options = StoreOptions {
        durability: Durability::Flush,
    };
    let saves = three_saves(&Store::open_with(dir.path(), options).unwrap());
    let store = Store::open_with(dir.path(), options).unwrap();
    assert_eq!(store.recovery(), None);
    assert_saves_are(&store, &saves);
}

#[test]
fn store_folder_of_the_first_slice_is_moved_into_place() {
    // The first slice kept sled's files directly in the folder, without journals.
    let dir = temp_dir("flat");
    let h = header("old", 4);
    {
        let db = sled::Config::new().path(dir.path()).open().unwrap();
        let headers = db.open_tree(HEADERS_TREE).unwrap();
        let log = db.open_tree(LOG_TREE).unwrap();
        let mut stored = h.clone();
        stored.length = 1;
        headers
            .insert(5u64.to_be_bytes(), encode(&stored).unwrap())
            .unwrap();
        let record = LogRecord {
            index: 0,
            entry: Entry::act(0, "pass"),
        };
        log.insert(log_key(SaveId(5), 0), encode(&record).unwrap())
            .unwrap();
        db.flush().unwrap();
    }
    let store = Store::open(dir.path()).unwrap();
    assert!(!dir.path().join("conf").exists());
    assert_eq!(
        store.load(SaveId(5)).unwrap().1,
        vec![Entry::act(0, "pass")]
    );
    store.check_journal(SaveId(5)).unwrap();
}

#[test]
fn journal_scan_tells_a_cut_write_from_damage() {
    let dir = temp_dir("scan");
    let store = Store::open(dir.path()).unwrap();
    let id = store.create(&header("a", 1)).unwrap();
    put(&store, id, 0, "first").unwrap();
    let path = journal_file(&dir, id);
    let good = std::fs::read(&path).unwrap();
    let whole = store.journal.read(id, 0).unwrap();
    assert_eq!((whole.records.len(), whole.stop.clone()), (2, None));

    // Three bytes of a frame: cut short.
    std::fs::write(&path, [&good[..], &[0, 0, 1][..]].concat()).unwrap();
    let scan = store.journal.read(id, 0).unwrap();
    assert_eq!(scan.records.len(), 2);
    assert!(matches!(
        scan.stop,
        Some(Stop {
            incomplete: true,
            unread: 3,
            ..
        })
    ));

    // A zero length: damage.
    std::fs::write(&path, [&good[..], &[0u8; 12][..]].concat()).unwrap();
    let scan = store.journal.read(id, 0).unwrap();
    assert!(matches!(
        scan.stop,
        Some(Stop {
            incomplete: false,
            unread: 12,
            ..
        })
    ));

    // Not a journal at all.
    std::fs::write(&path, b"hello, world").unwrap();
    let scan = store.journal.read(id, 0).unwrap();
    assert_eq!(scan.records.len(), 0);
    assert!(scan.stop.unwrap().reason.contains("magic"));
}

#[test]
fn store_rebuilt_again_and_again_reopens_each_time() {
    // Each rebuild drops one sled instance and opens another on the same files at once.
    let dir = temp_dir("again");
    let saves = three_saves(&Store::open(dir.path()).unwrap());
    for round in 1..=8u32 {
        std::fs::write(sled_dir(&dir).join("conf"), b"garbled again and again").unwrap();
        let store = Store::open(dir.path()).unwrap();
        let report = store.recovery().unwrap();
        assert_eq!(
            report.moved_to,
            Some(dir.path().join(format!("sled.damaged-{round}")))
        );
        assert_saves_are(&store, &saves);
    }
}

#[test]
fn store_renamed_header_and_standing_orders_survive_a_rebuild() {
    let dir = temp_dir("rename");
    let (id, renamed) = {
        let store = Store::open(dir.path()).unwrap();
        let id = store.create(&header("before", 1)).unwrap();
        put(&store, id, 0, "first").unwrap();
        store.rename(id, " after ").unwrap();
        store.set_always_pass(id, &[1]).unwrap();
        put(&store, id, 1, "second").unwrap();
        (id, store.load(id).unwrap().0)
    };
    assert_eq!(
        (
            renamed.name.as_str(),
            renamed.always_pass.as_slice(),
            renamed.length
        ),
        ("after", &[1u8][..], 2)
    );
    std::fs::remove_dir_all(sled_dir(&dir)).unwrap();
    let store = Store::open(dir.path()).unwrap();
    assert!(store.recovery().unwrap().rebuilt());
    assert_eq!(store.load(id).unwrap().0, renamed);
    store.check_journal(id).unwrap();
}

/// Flips one byte of a file in place.
fn flip_byte(path: &Path, offset: u64) {
    let mut bytes = std::fs::read(path).unwrap();
    bytes[offset as usize] ^= 0x20;
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn store_journal_damaged_in_its_middle_is_found_at_open_and_repaired_from_sled() {
    let dir = temp_dir("jmiddle");
    let (saves, offset, journal) = {
        let store = Store::open(dir.path()).unwrap();
        let saves = three_saves(&store);
        let wessex = saves[2].0;
        (
            saves.clone(),
            record_offset(&store, wessex, 3),
            std::fs::read(journal_file(&dir, wessex)).unwrap(),
        )
    };
    let wessex = saves[2].0;
    // One byte inside Wessex's log record 3 of 7, sled untouched.
    flip_byte(&journal_file(&dir, wessex), offset + 30);

    let store = Store::open(dir.path()).unwrap();
    let report = store.recovery().expect("the damage is reported").clone();
    assert_eq!(report.cause, RecoveryCause::JournalsDamaged);
    assert!(!report.rebuilt());
    assert!(!report.lost_anything(), "{report}");
    assert_eq!(report.journals_repaired(), 1);
    let kept = dir
        .path()
        .join("journal")
        .join(format!("{}.log.damaged", wessex.0));
    let line = &report.saves[0];
    assert_eq!(
        (line.id, line.records, line.loss.as_ref()),
        (wessex, 7, None)
    );
    let repair = line.journal_repair.as_ref().unwrap();
    assert_eq!(repair.offset, offset);
    assert!(
        repair.reason.starts_with("checksum mismatch"),
        "{}",
        repair.reason
    );
    assert_eq!(repair.kept_at.as_ref(), Some(&kept));
    // The damaged journal is kept as found; the live one is whole again.
    let mut as_found = journal.clone();
    as_found[(offset + 30) as usize] ^= 0x20;
    assert!(std::fs::read(&kept).unwrap() == as_found, "kept as found");
    let text = report.to_string();
    assert!(
        text.contains("written again from the database, so nothing was lost"),
        "{text}"
    );
    assert_saves_are(&store, &saves);
    drop(store);

    // Then sled is damaged: the rebuild from the repaired journals loses nothing.
    std::fs::write(sled_dir(&dir).join("conf"), b"garbled after the repair").unwrap();
    let store = Store::open(dir.path()).unwrap();
    let report = store.recovery().unwrap().clone();
    assert!(report.rebuilt());
    assert_restored_whole(&report, &saves);
    assert_saves_are(&store, &saves);
}

#[test]
fn store_journal_record_length_damaged_in_its_middle_is_damage_not_a_torn_write() {
    // A length field grown past the end of the file looks like a write cut short; inside
    // the part sled has applied it is damage, repaired from sled.
    let dir = temp_dir("jlength");
    let (saves, offset) = {
        let store = Store::open(dir.path()).unwrap();
        let saves = three_saves(&store);
        (saves.clone(), record_offset(&store, saves[2].0, 2))
    };
    let wessex = saves[2].0;
    overwrite(&journal_file(&dir, wessex), offset, &[0x00, 0x7f]);
    let store = Store::open(dir.path()).unwrap();
    let report = store.recovery().unwrap();
    assert_eq!(report.cause, RecoveryCause::JournalsDamaged);
    assert!(!report.lost_anything());
    let repair = report.saves[0].journal_repair.as_ref().unwrap();
    assert_eq!(repair.offset, offset);
    assert!(repair.reason.contains("record length"), "{}", repair.reason);
    assert_saves_are(&store, &saves);
}

#[test]
fn store_journal_damaged_near_its_end_is_found_by_the_next_append() {
    let dir = temp_dir("jappend");
    let store = Store::open(dir.path()).unwrap();
    let mut saves = three_saves(&store);
    let wessex = saves[2].0;
    let path = journal_file(&dir, wessex);
    let len = std::fs::metadata(&path).unwrap().len();
    // The last byte of the last record, while the store is open.
    flip_byte(&path, len - 2);
    assert!(store.take_notices().is_empty());

    assert_eq!(put(&store, wessex, 1, "after the damage").unwrap(), 7);
    let notices = store.take_notices();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].starts_with(&format!(
            "{wessex} 'Wessex': its journal was damaged from byte "
        )),
        "{}",
        notices[0]
    );
    assert!(store.take_notices().is_empty(), "a notice is given once");
    let kept = path.with_extension("log.damaged");
    assert_eq!(std::fs::metadata(&kept).unwrap().len(), len);
    saves[2] = {
        let (h, log) = store.load(wessex).unwrap();
        assert_eq!(log.len(), 8);
        assert_eq!(log[7], Entry::act(1, "after the damage"));
        (wessex, h, log)
    };
    assert_saves_are(&store, &saves);
    drop(store);
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.recovery(), None, "nothing left to repair");
    assert_saves_are(&store, &saves);
}

#[test]
fn store_stray_files_in_the_journal_folder_are_not_saves() {
    let dir = temp_dir("stray");
    let saves = three_saves(&Store::open(dir.path()).unwrap());
    let journal = dir.path().join("journal");
    let strays = [
        "notes.txt",
        "007.log",
        "+5.log",
        "1.log.bak",
        "readme.log",
        "x.log.tmp",
    ];
    for name in strays {
        std::fs::write(journal.join(name), b"not a journal").unwrap();
    }
    std::fs::create_dir(journal.join("9.log")).unwrap();

    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.recovery(), None);
    assert_saves_are(&store, &saves);
    for name in strays {
        assert_eq!(std::fs::read(journal.join(name)).unwrap(), b"not a journal");
    }
    drop(store);
    // Still nothing to report after a rebuild.
    std::fs::remove_dir_all(sled_dir(&dir)).unwrap();
    let store = Store::open(dir.path()).unwrap();
    let report = store.recovery().unwrap().clone();
    assert_restored_whole(&report, &saves);
}

#[test]
fn store_three_saves_in_a_fresh_store_get_ids_1_2_3_and_keep_them() {
    let dir = temp_dir("ids");
    let ids: Vec<SaveId> = {
        let store = Store::open(dir.path()).unwrap();
        three_saves(&store).iter().map(|s| s.0).collect()
    };
    assert_eq!(ids, vec![SaveId(1), SaveId(2), SaveId(3)]);
    // Reopened: the next one is 4; a deleted last id is not given again.
    {
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(store.create(&header("fourth", 4)).unwrap(), SaveId(4));
        store.delete(SaveId(4)).unwrap();
    }
    {
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(store.create(&header("fifth", 5)).unwrap(), SaveId(5));
    }
    // Rebuilt from the journals: the same ids, and the count goes on after them.
    std::fs::remove_dir_all(sled_dir(&dir)).unwrap();
    let store = Store::open(dir.path()).unwrap();
    assert!(store.recovery().unwrap().rebuilt());
    let listed: Vec<(SaveId, String)> = store
        .list()
        .unwrap()
        .into_iter()
        .map(|l| match l {
            Listed::Ok { id, header } => (id, header.name),
            other => panic!("{other:?}"),
        })
        .collect();
    let names = |pairs: &[(u64, &str)]| -> Vec<(SaveId, String)> {
        pairs
            .iter()
            .map(|(id, n)| (SaveId(*id), n.to_string()))
            .collect()
    };
    assert_eq!(
        listed,
        names(&[(1, "Lindisfarne"), (2, "York"), (3, "Wessex"), (5, "fifth")])
    );
    assert_eq!(store.create(&header("sixth", 6)).unwrap(), SaveId(6));
}

#[test]
fn store_existing_large_ids_are_kept_and_new_ones_follow_them() {
    // A store of an earlier version gave ids from sled's counter (2000000 per process).
    let dir = temp_dir("oldids");
    let old = SaveId(2_000_000);
    {
        let store = Store::open(dir.path()).unwrap();
        store
            .journal
            .write_new(old, &journal::records_of(old, &header("old", 1), &[]))
            .unwrap();
    }
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.load(old).unwrap().0.name, "old");
    assert_eq!(store.create(&header("new", 2)).unwrap(), SaveId(2_000_001));
}

#[test]
fn store_rename_to_a_blank_name_is_refused() {
    let dir = temp_dir("blank");
    let store = Store::open(dir.path()).unwrap();
    let id = store.create(&header("Saturday", 1)).unwrap();
    for blank in ["", "   ", "\t\n"] {
        assert!(
            matches!(store.rename(id, blank), Err(StoreError::BlankName(i)) if i == id),
            "{blank:?}"
        );
    }
    assert_eq!(store.load(id).unwrap().0.name, "Saturday");
    store.rename(id, "  Sunday ").unwrap();
    assert_eq!(store.load(id).unwrap().0.name, "Sunday");
    store.check_journal(id).unwrap();
}

#[test]
fn store_open_existing_creates_nothing_where_there_is_no_store() {
    let dir = temp_dir("existing");
    let missing = dir.path().join("mistyped");
    assert!(matches!(
        Store::open_existing(&missing),
        Err(StoreError::NoStore(_))
    ));
    assert!(!missing.exists());
    // A folder without a store in it is left as it is.
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    assert!(matches!(
        Store::open_existing(&empty),
        Err(StoreError::NoStore(_))
    ));
    assert_eq!(std::fs::read_dir(&empty).unwrap().count(), 0);
    // A real store opens.
    let real = dir.path().join("real");
    let id = Store::open(&real).unwrap().create(&header("a", 1)).unwrap();
    assert_eq!(
        Store::open_existing(&real)
            .unwrap()
            .load(id)
            .unwrap()
            .0
            .name,
        "a"
    );
}

#[test]
fn store_sled_errors_are_told_in_words() {
    let corruption = sled::Error::Corruption { at: None, bt: () };
    let text = StoreError::Sled(corruption).to_string();
    assert_eq!(
        text,
        "the save database could not be used: the database's files hold damaged data"
    );
    // A rebuild's report names sled's refusal without Rust debug text.
    let dir = temp_dir("words");
    three_saves(&Store::open(dir.path()).unwrap());
    std::fs::write(sled_dir(&dir).join("conf"), b"not a configuration").unwrap();
    let store = Store::open(dir.path()).unwrap();
    let cause = store.recovery().unwrap().cause.to_string();
    assert!(
        cause.starts_with("the save database could not be opened ("),
        "{cause}"
    );
    for debug in ["None", "backtrace", "Some(", "{", "\\\""] {
        assert!(!cause.contains(debug), "{cause}");
    }
}
