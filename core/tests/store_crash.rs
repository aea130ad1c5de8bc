//! The save store under SIGKILL, for real: a child process (this test binary run again,
//! in child mode) opens a store and autosaves real game actions in a loop, printing one
//! line after each call returns; the parent kills it at random moments, some aimed at
//! start-up, reopens the store and checks that every save lists, loads, replays and
//! matches its journal, and that every acknowledged record is there with its exact
//! content. Now and then the parent also damages sled's files between runs, so that the
//! next child opens by rebuilding from the journals (and may be killed while doing so),
//! and, at other times, flips bytes in the middle of a save's journal while sled is
//! sound, so that the next open finds the damage and writes the journal again from sled:
//! neither kind of damage may lose an acknowledged record.
//!
//! `cargo test -p skald-core --test store_crash -- --nocapture` shows the summary line.
//! `SKALD_CRASH_KILLS` and `SKALD_CRASH_SEED` change the number of kills and the seed.

use skald_core::engine::{Seat, Turn};
use skald_core::games::registry;
use skald_core::session::Timeline;
use skald_core::store::{
    Durability, Entry, Header, Listed, RecoveryReport, SaveId, Store, StoreOptions,
};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CHILD_DIR: &str = "SKALD_CRASH_CHILD_DIR";
const CHILD_SEED: &str = "SKALD_CRASH_CHILD_SEED";
const CHILD_DURABILITY: &str = "SKALD_CRASH_CHILD_DURABILITY";
const CHILD_TEST: &str = "crash_child_writer";
/// Starts each line the child prints for the parent (the test harness prints its own
/// text on the same stream, sometimes on the same line).
const MARK: &str = "@@skald@@ ";
/// Saves the child keeps playing at once.
const ACTIVE_SAVES: usize = 3;
/// A save is left alone (and a new one started) at this length, so replays stay short.
const MAX_LOG: usize = 150;
/// Damage sled's files before every this-many-th run.
const DAMAGE_EVERY: u32 = 30;
/// Journal damage falls half-way between two sled damages (the journals are whole again
/// long before sled is damaged: both copies damaged at once may lose records).
const JOURNAL_DAMAGE_AT: u32 = DAMAGE_EVERY / 2;

/// A small xorshift generator: the test needs no statistical quality, only variety.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// The child: autosaves until killed. Spawned by the parent only (it is ignored in
/// ordinary runs, and refuses to run without the parent's settings).
#[test]
#[ignore = "child process of store_sigkill_never_loses_an_acknowledged_record"]
fn crash_child_writer() {
    let dir = std::env::var(CHILD_DIR).expect("run only by the parent test");
    let seed: u64 = std::env::var(CHILD_SEED).unwrap().parse().unwrap();
    let durability = match std::env::var(CHILD_DURABILITY).unwrap().as_str() {
        "flush" => Durability::Flush,
        _ => Durability::Sync,
    };
    let mut rng = Rng(seed | 1);
    let mut out = std::io::stdout();
    let store = Store::open_with(Path::new(&dir), StoreOptions { durability }).unwrap();
    writeln!(out, "{MARK}opened").unwrap();
    out.flush().unwrap();

    // Continue every save that is still going (the journal may have completed a record
    // that was never acknowledged: it is part of the log now).
    let mut active: Vec<(SaveId, Timeline)> = Vec::new();
    for listed in store.list().unwrap() {
        let Listed::Ok { id, .. } = listed else {
            panic!("a damaged save: {listed:?}");
        };
        let (header, log) = store.load(id).unwrap();
        if log.len() < MAX_LOG && active.len() < ACTIVE_SAVES {
            let timeline = Timeline::replay(&header, &log).unwrap();
            if matches!(timeline.game().to_act(), Turn::Decide(_)) {
                active.push((id, timeline));
            }
        }
    }
    let games = ["fury", "v878"];
    let mut now = 1_000_000;
    for step in 0..100_000u64 {
        while active.len() < ACTIVE_SAVES {
            let game = registry::find(games[rng.below(2) as usize]).unwrap();
            let scenario = game.scenarios()[0].id;
            let game_seed = rng.next();
            let live = game.new_game(scenario, game_seed).unwrap();
            let mut header = Header::new(
                game.id(),
                game.rules_version(),
                scenario,
                &live.options_json(),
                game_seed,
                now,
            );
            header.name = format!("crash test {step}");
            header.seats = "0:human 1:human".to_string();
            let id = store.create(&header).unwrap();
            writeln!(out, "{MARK}created {}", id.0).unwrap();
            out.flush().unwrap();
            active.push((id, Timeline::new(live)));
        }
        let pick = rng.below(active.len() as u64) as usize;
        let (id, timeline) = &mut active[pick];
        let entry = match (timeline.undoable_seat(), rng.below(8)) {
            (Some(seat), 0) => Entry::Undo { seat: seat.0 },
            _ => {
                let Turn::Decide(seats) = timeline.game().to_act() else {
                    unreachable!("finished games are dropped below");
                };
                let seat: Seat = seats[rng.below(seats.len() as u64) as usize];
                let legal = timeline.game().legal_actions(seat);
                let action = &legal[rng.below(legal.len() as u64) as usize];
                Entry::act(seat.0, &action.notation)
            }
        };
        timeline.record(&entry).unwrap();
        now += 1;
        let progress = timeline.game().progress();
        let index = store.append(*id, &entry, &progress, now).unwrap();
        let json = serde_json::to_string(&entry).unwrap();
        writeln!(out, "{MARK}ack {} {index} {json}", id.0).unwrap();
        out.flush().unwrap();
        let over = !matches!(timeline.game().to_act(), Turn::Decide(_));
        if over || timeline.log().len() >= MAX_LOG {
            active.swap_remove(pick);
        }
    }
}

/// What one child run printed.
#[derive(Default)]
struct Printed {
    opened: bool,
    created: Vec<SaveId>,
    acks: Vec<(SaveId, u32, Entry)>,
}

fn parse(lines: &[String]) -> Printed {
    let mut printed = Printed::default();
    for line in lines {
        let Some(at) = line.find(MARK) else {
            continue;
        };
        let mut words = line[at + MARK.len()..].splitn(4, ' ');
        match words.next() {
            Some("opened") => printed.opened = true,
            Some("created") => {
                let id = words.next().unwrap().parse().unwrap();
                printed.created.push(SaveId(id));
            }
            Some("ack") => {
                let id = words.next().unwrap().parse().unwrap();
                let index = words.next().unwrap().parse().unwrap();
                let entry = serde_json::from_str(words.next().unwrap()).unwrap();
                printed.acks.push((SaveId(id), index, entry));
            }
            // The test harness's own lines.
            _ => {}
        }
    }
    printed
}

/// Tallies for the summary line.
#[derive(Default, Debug)]
struct Tally {
    kills: u32,
    kills_before_open: u32,
    children_exited_early: u32,
    saves_created: u32,
    acknowledged: u64,
    lost: u64,
    damaged: u64,
    interrupted_writes_completed: u32,
    rebuilds_seen_by_parent: u32,
    sled_damage_injected: u32,
    journal_damage_injected: u32,
    /// Damaged journals found and written again from sled (each leaves its copy).
    journals_repaired: u32,
    reports_with_loss: u32,
}

/// Damages sled's files the way disks and crashes do: a garbled configuration, or bytes
/// overwritten near the start of each of its log segments (sled 0.34's segments are
/// 512 KiB; it opens such a log as a shorter or empty database, without an error).
fn damage_sled(dir: &Path, round: u32) {
    use std::io::{Seek, SeekFrom};
    let sled = dir.join("sled");
    if round % 2 != 1 {
        std::fs::write(sled.join("conf"), b"this is not sled's configuration file").unwrap();
        return;
    }
    let path = sled.join("db");
    let len = std::fs::metadata(&path).unwrap().len();
    let mut file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    for segment in (0..len).step_by(512 * 1024) {
        file.seek(SeekFrom::Start(segment + 100)).unwrap();
        file.write_all(&[0x5a; 256]).unwrap();
    }
}

/// Flips bytes in the middle of the longest journal (well inside the part sled has
/// applied: at most the last record can be past it); returns the file damaged.
fn damage_journal(dir: &Path, rng: &mut Rng) -> Option<PathBuf> {
    let journals = dir.join("journal");
    let longest = std::fs::read_dir(&journals)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".log"))
        .map(|e| (e.metadata().unwrap().len(), e.path()))
        .filter(|(len, _)| *len > 4096)
        .max()?;
    let (len, path) = longest;
    let mut bytes = std::fs::read(&path).unwrap();
    let at = (len / 4 + rng.below(len / 4)) as usize;
    for byte in &mut bytes[at..at + 3] {
        *byte ^= 0x41;
    }
    std::fs::write(&path, bytes).unwrap();
    Some(path)
}

/// How many damaged journals the store has kept (`<id>.log.damaged`, `-2`, ...).
fn kept_damaged_journals(dir: &Path) -> usize {
    std::fs::read_dir(dir.join("journal"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains(".log.damaged"))
        .count()
}

/// Reopens the store and checks every save against what was acknowledged. Returns the
/// problems found (empty when all is well).
fn check(
    dir: &Path,
    acked: &BTreeMap<SaveId, BTreeMap<u32, Entry>>,
    tally: &mut Tally,
) -> Vec<String> {
    let mut problems = Vec::new();
    let store = match Store::open(dir) {
        Ok(store) => store,
        Err(e) => return vec![format!("the store did not open: {e}")],
    };
    if let Some(report) = store.recovery() {
        note_report(report, tally, &mut problems);
    }
    let listed = match store.list() {
        Ok(listed) => listed,
        Err(e) => return vec![format!("the saves did not list: {e}")],
    };
    let mut present = BTreeMap::new();
    for item in listed {
        match item {
            Listed::Ok { id, .. } => {
                present.insert(id, ());
            }
            Listed::Damaged { id, reason } => {
                tally.damaged += 1;
                problems.push(format!("{id} is listed as damaged: {reason}"));
            }
        }
    }
    for (id, entries) in acked {
        if !present.contains_key(id) {
            tally.lost += entries.len() as u64 + 1;
            problems.push(format!(
                "{id} is missing ({} acknowledged records)",
                entries.len()
            ));
            continue;
        }
        let (header, log) = match store.load(*id) {
            Ok(loaded) => loaded,
            Err(e) => {
                tally.damaged += 1;
                problems.push(format!("{id} does not load: {e}"));
                continue;
            }
        };
        for (index, entry) in entries {
            if log.get(*index as usize) != Some(entry) {
                tally.lost += 1;
                problems.push(format!(
                    "{id} record {index}: acknowledged {entry:?}, stored {:?}",
                    log.get(*index as usize)
                ));
            }
        }
        if let Err(e) = Timeline::replay(&header, &log) {
            tally.damaged += 1;
            problems.push(format!("{id} does not replay: {e}"));
        }
        if let Err(e) = store.check_journal(*id) {
            tally.damaged += 1;
            problems.push(format!("{id}: {e}"));
        }
    }
    problems
}

fn note_report(report: &RecoveryReport, tally: &mut Tally, problems: &mut Vec<String>) {
    if report.rebuilt() {
        tally.rebuilds_seen_by_parent += 1;
    } else {
        let completed = report.saves.iter().filter(|s| s.journal_repair.is_none());
        tally.interrupted_writes_completed += completed.count() as u32;
    }
    if report.lost_anything() {
        tally.reports_with_loss += 1;
        problems.push(format!("the store reported a loss:\n{report}"));
    }
}

/// The texts of rebuild reports in `dir` not seen before.
fn new_reports(dir: &Path, seen: &mut BTreeSet<String>) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("recovery-") && name.ends_with(".txt"))
        .collect();
    names.sort();
    names
        .into_iter()
        .filter(|name| seen.insert(name.clone()))
        .map(|name| std::fs::read_to_string(dir.join(name)).unwrap_or_default())
        .collect()
}

/// One child run: spawn, kill at a moment chosen by `round`, return what it printed.
fn run_child(dir: &Path, round: u32, rng: &mut Rng, tally: &mut Tally) -> Printed {
    let durability = ["sync", "flush"][(round % 2) as usize];
    let stderr_path = dir.with_extension("child-stderr.txt");
    let stderr = std::fs::File::create(&stderr_path).unwrap();
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--ignored",
            "--exact",
            CHILD_TEST,
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_DIR, dir)
        .env(CHILD_SEED, rng.next().to_string())
        .env(CHILD_DURABILITY, durability)
        .stdout(Stdio::piped())
        .stderr(Stdio::from(stderr))
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (sender, receiver) = std::sync::mpsc::channel::<String>();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let started = Instant::now();
    let mut lines = Vec::new();
    // A quarter of the kills aim at start-up (process start, open, journal checks,
    // rebuilds); the rest fall while saves are being written.
    let (wait_for_open, delay_ms) = match round % 4 {
        0 => (false, rng.below(25)),
        1 => (true, rng.below(3)),
        _ => (true, 1 + rng.below(60)),
    };
    let mut deadline = if wait_for_open {
        None
    } else {
        Some(started + Duration::from_millis(delay_ms))
    };
    loop {
        let now = Instant::now();
        if let Some(at) = deadline {
            if now >= at {
                break;
            }
        }
        if now.duration_since(started) > Duration::from_secs(20) {
            panic!("the child neither opened nor wrote for 20 s");
        }
        let wait = deadline.map_or(Duration::from_millis(50), |at| at - now);
        match receiver.recv_timeout(wait) {
            Ok(line) => {
                if line.contains(&format!("{MARK}opened")) && deadline.is_none() {
                    deadline = Some(Instant::now() + Duration::from_millis(delay_ms));
                }
                lines.push(line);
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    let exited_before = child.try_wait().unwrap();
    let _ = child.kill();
    let status = child.wait().unwrap();
    reader.join().unwrap();
    lines.extend(receiver.try_iter());
    tally.kills += 1;
    if let Some(status) = exited_before {
        tally.children_exited_early += 1;
        let stderr = std::fs::read_to_string(&stderr_path).unwrap_or_default();
        panic!("the child exited by itself ({status}) before the kill:\n{stderr}");
    }
    assert!(!status.success(), "a killed child reports no success");
    let printed = parse(&lines);
    if !printed.opened {
        tally.kills_before_open += 1;
    }
    printed
}

#[test]
fn store_sigkill_never_loses_an_acknowledged_record() {
    let kills: u32 = std::env::var("SKALD_CRASH_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let seed: u64 = std::env::var("SKALD_CRASH_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(7)
        });
    let dir: PathBuf =
        std::env::temp_dir().join(format!("skald-store-crash-{}-{seed}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(seed | 1);
    let mut tally = Tally::default();
    let mut acked: BTreeMap<SaveId, BTreeMap<u32, Entry>> = BTreeMap::new();
    let mut problems = Vec::new();
    // Rebuilds the test did not cause (sled failing by itself), with their reports.
    let mut unprovoked = Vec::new();
    let mut injection_pending = false;
    let mut rebuilds = 0;
    let mut reports_seen = BTreeSet::new();
    // The journal damaged last, and how many damaged copies were kept before it.
    let mut journal_pending: Option<(PathBuf, usize)> = None;
    let started = Instant::now();
    for round in 0..kills {
        let printed = run_child(&dir, round, &mut rng, &mut tally);
        for id in printed.created {
            tally.saves_created += 1;
            acked.entry(id).or_default();
        }
        for (id, index, entry) in printed.acks {
            tally.acknowledged += 1;
            acked.entry(id).or_default().insert(index, entry);
        }
        let found = check(&dir, &acked, &mut tally);
        for problem in found {
            problems.push(format!("after kill {}: {problem}", round + 1));
        }
        // The child's open or the parent's has found the damaged journal and kept it.
        if let Some((path, kept_before)) = journal_pending.take() {
            if kept_damaged_journals(&dir) > kept_before {
                tally.journals_repaired += 1;
            } else {
                problems.push(format!(
                    "after kill {}: the damage injected into {} was not found",
                    round + 1,
                    path.display()
                ));
            }
        }
        // A rebuild (by the child or the parent) leaves a recovery-<n>.txt (a rebuild
        // killed half-way leaves none, and the next one takes a later n).
        for report in new_reports(&dir, &mut reports_seen) {
            rebuilds += 1;
            if injection_pending {
                injection_pending = false;
            } else {
                unprovoked.push(format!("after kill {}: {report}", round + 1));
            }
        }
        if round % DAMAGE_EVERY == DAMAGE_EVERY - 1 && round + 1 < kills {
            damage_sled(&dir, round / DAMAGE_EVERY);
            tally.sled_damage_injected += 1;
            injection_pending = true;
        }
        if round % DAMAGE_EVERY == JOURNAL_DAMAGE_AT && round + 1 < kills {
            let kept_before = kept_damaged_journals(&dir);
            if let Some(path) = damage_journal(&dir, &mut rng) {
                tally.journal_damage_injected += 1;
                journal_pending = Some((path, kept_before));
            }
        }
    }
    for report in &unprovoked {
        eprintln!("sled failed without injected damage, and the journals rebuilt it: {report}");
    }
    eprintln!(
        "store crash test (seed {seed}): {} kills ({} before the store had opened), {} saves created, \
         {} records acknowledged, {} lost, {} damaged; recoveries: {} databases rebuilt from journals \
         ({} by the parent; {} injected sled damages; {} rebuilds not caused by the test), {} \
         interrupted writes completed at the parent's open; {} journals damaged in their middle, \
         {} found and written again from sled; {} reports of loss; {:.1} s",
        tally.kills,
        tally.kills_before_open,
        tally.saves_created,
        tally.acknowledged,
        tally.lost,
        tally.damaged,
        rebuilds,
        tally.rebuilds_seen_by_parent,
        tally.sled_damage_injected,
        unprovoked.len(),
        tally.interrupted_writes_completed,
        tally.journal_damage_injected,
        tally.journals_repaired,
        tally.reports_with_loss,
        started.elapsed().as_secs_f64(),
    );
    assert!(
        problems.is_empty(),
        "{} problems (store kept in {}):\n{}",
        problems.len(),
        dir.display(),
        problems.join("\n")
    );
    assert!(
        tally.acknowledged > u64::from(kills),
        "the children wrote too little to test anything"
    );
    assert!(
        kills < 2 * DAMAGE_EVERY || tally.journal_damage_injected > 0,
        "no journal was long enough to damage"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(dir.with_extension("child-stderr.txt"));
}
