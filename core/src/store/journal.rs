//! The journal: one append-only file per save beside sled, from which the store rebuilds
//! a save when sled's own files are damaged.
//!
//! A journal file is `journal/<id>.log`: the 8 bytes `SKJRNL01`, then records, each
//! framed as length (u32 big-endian) ++ CRC-32 (u32 big-endian, over the length bytes and
//! the payload) ++ payload (JSON of [`JournalRecord`]). A record is always written, in one
//! `write`, before the sled transaction it describes, so nothing acknowledged is missing
//! here. sled stores, in the same transaction as the save's records, the byte offset just
//! past the journal record it has applied (the save's "journal end"): a journal longer
//! than that holds a write that was interrupted, a shorter one has lost bytes.
//!
//! New and rewritten files are written whole to `<id>.log.tmp` and renamed into place,
//! so a journal file either does not exist or starts with a complete header record.

use super::{Entry, Header, SaveId};
use serde::{Deserialize, Serialize};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"SKJRNL01";
/// Bytes before each record's payload: its length and its checksum.
const FRAME: usize = 8;
/// No real record comes near this; a larger length field is damage, not a record.
const MAX_PAYLOAD: u32 = 64 << 20;
const LOG_SUFFIX: &str = ".log";
const TMP_SUFFIX: &str = ".log.tmp";

/// One record of a journal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum JournalRecord {
    /// The first record: the save's header as created (length 0), and how many `Entry`
    /// records were written with it as one operation (an imported save's whole log).
    Created {
        save: u64,
        header: Header,
        batch: u32,
    },
    /// One log record, with the progress text and time the header took with it.
    Entry {
        index: u32,
        entry: Entry,
        progress: String,
        updated: u64,
    },
    /// The header replaced (its length is the log's and is not taken from here).
    Header { header: Header },
}

/// A record read back, with where it lies in the file.
#[derive(Clone, Debug)]
pub(crate) struct Framed {
    pub record: JournalRecord,
    /// The offset just past this record.
    pub end: u64,
}

/// Why reading stopped before the end of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Stop {
    /// Where the unreadable bytes start.
    pub offset: u64,
    /// How many bytes from there to the end of the file could not be read.
    pub unread: u64,
    /// The file ends inside this record: a write that was cut short (a crash during
    /// the write, before anything was acknowledged), rather than damage.
    pub incomplete: bool,
    pub reason: String,
}

/// What a journal file holds from some offset on.
#[derive(Clone, Debug)]
pub(crate) struct Scan {
    pub records: Vec<Framed>,
    /// The file's length.
    pub len: u64,
    /// The offset just past the last record read (where reading started, if none was).
    pub good_end: u64,
    pub stop: Option<Stop>,
}

/// The journal folder.
pub(crate) struct Journal {
    dir: PathBuf,
    sync: bool,
}

impl Journal {
    pub fn new(dir: PathBuf, sync: bool) -> Journal {
        Journal { dir, sync }
    }

    pub fn path(&self, id: SaveId) -> PathBuf {
        self.dir.join(format!("{}{LOG_SUFFIX}", id.0))
    }

    /// Writes a new journal for `id` holding exactly `records` (replacing any file of
    /// that name), atomically; returns its length.
    pub fn write_new(&self, id: SaveId, records: &[JournalRecord]) -> io::Result<u64> {
        let mut bytes = MAGIC.to_vec();
        for record in records {
            bytes.extend_from_slice(&frame(record)?);
        }
        let tmp = self.dir.join(format!("{}{TMP_SUFFIX}", id.0));
        let mut file = File::create(&tmp)?;
        file.write_all(&bytes)?;
        if self.sync {
            file.sync_data()?;
        }
        drop(file);
        fs::rename(&tmp, self.path(id))?;
        if self.sync {
            sync_dir(&self.dir)?;
        }
        Ok(bytes.len() as u64)
    }

    /// Writes `record` at offset `end` of the save's journal, cutting off anything after
    /// `end` first (a record whose sled transaction failed in this process). Returns the
    /// new end, or `None` when the file is missing or shorter than `end` (the caller then
    /// rewrites it from sled).
    pub fn append(&self, id: SaveId, end: u64, record: &JournalRecord) -> io::Result<Option<u64>> {
        match self.append_checked(id, end, record, false)? {
            Appended::At(end) => Ok(Some(end)),
            Appended::Missing | Appended::Damaged(_) => Ok(None),
        }
    }

    /// As [`Journal::append`], but first reads the journal's first `end` bytes (every
    /// record sled has applied) and checks every record's frame and checksum when
    /// `check` is set: damaged bytes there are reported and nothing is written.
    pub fn append_checked(
        &self,
        id: SaveId,
        end: u64,
        record: &JournalRecord,
        check: bool,
    ) -> io::Result<Appended> {
        let mut file = match OpenOptions::new()
            .read(true)
            .write(true)
            .open(self.path(id))
        {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Appended::Missing),
            Err(e) => return Err(e),
        };
        let len = file.metadata()?.len();
        if len < end || end < MAGIC.len() as u64 {
            return Ok(Appended::Missing);
        }
        if check {
            let mut bytes = Vec::with_capacity(usize::try_from(end).unwrap_or(0));
            (&mut file).take(end).read_to_end(&mut bytes)?;
            if let Some(stop) = check_frames(&bytes) {
                return Ok(Appended::Damaged(stop));
            }
        }
        if len > end {
            file.set_len(end)?;
        }
        let bytes = frame(record)?;
        file.seek(SeekFrom::Start(end))?;
        file.write_all(&bytes)?;
        if self.sync {
            file.sync_data()?;
        }
        Ok(Appended::At(end + bytes.len() as u64))
    }

    /// Cuts the journal back to `end` (bytes after it were never acknowledged, or are
    /// kept in a copy the caller made).
    pub fn truncate(&self, id: SaveId, end: u64) -> io::Result<()> {
        let file = OpenOptions::new().write(true).open(self.path(id))?;
        file.set_len(end)?;
        if self.sync {
            file.sync_data()?;
        }
        Ok(())
    }

    /// Removes a deleted save's journal; a missing file is not an error.
    pub fn remove(&self, id: SaveId) -> io::Result<()> {
        match fs::remove_file(self.path(id)) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        if self.sync {
            sync_dir(&self.dir)?;
        }
        Ok(())
    }

    /// Moves the save's journal aside as `<id>.log.<tag>` (or `<tag>-2`, ...), keeping it
    /// for inspection; returns the new path.
    pub fn set_aside(&self, id: SaveId, tag: &str) -> io::Result<PathBuf> {
        let to = self.free_name(id, tag);
        fs::rename(self.path(id), &to)?;
        if self.sync {
            sync_dir(&self.dir)?;
        }
        Ok(to)
    }

    /// Copies the save's journal aside as `<id>.log.<tag>` (or `<tag>-2`, ...); returns
    /// the copy's path.
    pub fn copy_aside(&self, id: SaveId, tag: &str) -> io::Result<PathBuf> {
        let to = self.free_name(id, tag);
        fs::copy(self.path(id), &to)?;
        if self.sync {
            File::open(&to)?.sync_data()?;
            sync_dir(&self.dir)?;
        }
        Ok(to)
    }

    fn free_name(&self, id: SaveId, tag: &str) -> PathBuf {
        let base = format!("{}{LOG_SUFFIX}.{tag}", id.0);
        let mut path = self.dir.join(&base);
        let mut n = 2u32;
        while path.exists() {
            path = self.dir.join(format!("{base}-{n}"));
            n += 1;
        }
        path
    }

    /// The saves that have a live journal, in id order, with each file's length.
    pub fn saves(&self) -> io::Result<Vec<(SaveId, u64)>> {
        let mut out = Vec::new();
        for item in fs::read_dir(&self.dir)? {
            let item = item?;
            let name = item.file_name();
            let Some(id) = name.to_str().and_then(id_of_file_name) else {
                continue;
            };
            if item.file_type()?.is_file() {
                out.push((id, item.metadata()?.len()));
            }
        }
        out.sort();
        Ok(out)
    }

    /// Removes half-written `<id>.log.tmp` files: writes that never completed, so never
    /// acknowledged. Other files are left alone.
    pub fn remove_temporary_files(&self) -> io::Result<()> {
        for item in fs::read_dir(&self.dir)? {
            let item = item?;
            let name = item.file_name();
            let is_tmp = name.to_str().is_some_and(|n| {
                n.strip_suffix(".tmp")
                    .is_some_and(|log| id_of_file_name(log).is_some())
            });
            if is_tmp && item.file_type()?.is_file() {
                fs::remove_file(item.path())?;
            }
        }
        Ok(())
    }

    /// Reads the save's journal from `from` (0 = the start, where the file's magic is
    /// checked) to its end. A missing file is an error of kind `NotFound`.
    pub fn read(&self, id: SaveId, from: u64) -> io::Result<Scan> {
        let mut file = File::open(self.path(id))?;
        let len = file.metadata()?.len();
        let start = from.min(len);
        file.seek(SeekFrom::Start(start))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        Ok(scan(&bytes, start))
    }

    /// Reads the whole journal and checks the part sled has applied (its first `end`
    /// bytes: every frame and checksum, and that a record ends exactly at `end`), then
    /// reads the records after it. A missing file is an error of kind `NotFound`.
    pub fn read_checked(&self, id: SaveId, end: u64) -> io::Result<Checked> {
        let bytes = fs::read(self.path(id))?;
        let cut = usize::try_from(end).unwrap_or(usize::MAX).min(bytes.len());
        Ok(Checked {
            damage: check_frames(&bytes[..cut]),
            tail: scan(&bytes[cut..], cut as u64),
        })
    }

    /// The highest save id named by any file in the folder: live journals and those kept
    /// aside (`<id>.log.damaged`, `<id>.log.unreadable`, ...), so that an id is not
    /// given again while a file of an earlier save with that id is kept.
    pub fn highest_id(&self) -> io::Result<Option<SaveId>> {
        let mut highest = None;
        for item in fs::read_dir(&self.dir)? {
            let name = item?.file_name();
            let Some(name) = name.to_str() else { continue };
            let Some(at) = name.find(LOG_SUFFIX) else {
                continue;
            };
            if let Some(id) = id_of_file_name(&name[..at + LOG_SUFFIX.len()]) {
                highest = highest.max(Some(id));
            }
        }
        Ok(highest)
    }
}

/// What [`Journal::append_checked`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Appended {
    /// Written; the journal's new end.
    At(u64),
    /// The file is missing or shorter than sled's end: nothing written.
    Missing,
    /// The part sled has applied is damaged (where and why): nothing written.
    Damaged(Stop),
}

/// What [`Journal::read_checked`] found.
#[derive(Clone, Debug)]
pub(crate) struct Checked {
    /// Damage in the part sled has applied, if any.
    pub damage: Option<Stop>,
    /// The records after that part.
    pub tail: Scan,
}

/// The file name's save id, for names `<digits>.log` only, the digits written as the
/// store writes them (no leading zero, no sign): any other file in the folder is not a
/// journal and is left alone.
fn id_of_file_name(name: &str) -> Option<SaveId> {
    let digits = name.strip_suffix(LOG_SUFFIX)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let id: u64 = digits.parse().ok()?;
    (id.to_string() == digits).then_some(SaveId(id))
}

/// One framed record's bytes.
fn frame(record: &JournalRecord) -> io::Result<Vec<u8>> {
    let payload = serde_json::to_vec(record).map_err(io::Error::other)?;
    let len = u32::try_from(payload.len())
        .ok()
        .filter(|&n| n <= MAX_PAYLOAD)
        .ok_or_else(|| io::Error::other(format!("a journal record of {} bytes", payload.len())))?;
    let len_bytes = len.to_be_bytes();
    let mut out = Vec::with_capacity(FRAME + payload.len());
    out.extend_from_slice(&len_bytes);
    out.extend_from_slice(&checksum(&len_bytes, &payload).to_be_bytes());
    out.extend_from_slice(&payload);
    Ok(out)
}

fn checksum(len_bytes: &[u8], payload: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(len_bytes);
    hasher.update(payload);
    hasher.finalize()
}

/// Checks the frames of a journal's first bytes (`bytes` starts at offset 0): the
/// magic, then records whose lengths and checksums are right, the last ending exactly
/// at the end of `bytes`. These bytes were all applied by sled, so anything wrong in
/// them, a record running past their end included, is damage (never a write cut
/// short). The payloads are not parsed: a record whose checksum is right reads.
pub(crate) fn check_frames(bytes: &[u8]) -> Option<Stop> {
    let total = bytes.len() as u64;
    let damage = |pos: usize, reason: String| Stop {
        offset: pos as u64,
        unread: total - pos as u64,
        incomplete: false,
        reason,
    };
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Some(damage(0, "not a Skald journal (wrong magic)".to_string()));
    }
    let mut pos = MAGIC.len();
    while pos < bytes.len() {
        let rest = &bytes[pos..];
        if rest.len() < FRAME {
            return Some(damage(
                pos,
                format!("{} stray bytes where a record should start", rest.len()),
            ));
        }
        let len = u32::from_be_bytes([rest[0], rest[1], rest[2], rest[3]]);
        let stored = u32::from_be_bytes([rest[4], rest[5], rest[6], rest[7]]);
        if len == 0 || len as usize > rest.len() - FRAME {
            return Some(damage(pos, format!("a record length of {len}")));
        }
        let actual = checksum(&rest[..4], &rest[FRAME..FRAME + len as usize]);
        if actual != stored {
            return Some(damage(
                pos,
                format!("checksum mismatch (stored {stored:08x}, computed {actual:08x})"),
            ));
        }
        pos += FRAME + len as usize;
    }
    None
}

/// Reads records from `bytes`, which start at offset `base` of the file.
fn scan(bytes: &[u8], base: u64) -> Scan {
    let total = base + bytes.len() as u64;
    let stop_at = |pos: usize, incomplete: bool, reason: String| Stop {
        offset: base + pos as u64,
        unread: total - (base + pos as u64),
        incomplete,
        reason,
    };
    let mut pos = 0usize;
    if base == 0 {
        if bytes.len() < MAGIC.len() {
            let reason = format!(
                "the file is {} bytes, too short for its header",
                bytes.len()
            );
            return Scan {
                records: Vec::new(),
                len: total,
                good_end: 0,
                stop: Some(stop_at(0, true, reason)),
            };
        }
        if &bytes[..MAGIC.len()] != MAGIC {
            return Scan {
                records: Vec::new(),
                len: total,
                good_end: 0,
                stop: Some(stop_at(
                    0,
                    false,
                    "not a Skald journal (wrong magic)".to_string(),
                )),
            };
        }
        pos = MAGIC.len();
    }
    let mut records = Vec::new();
    let mut stop = None;
    while pos < bytes.len() {
        let rest = &bytes[pos..];
        if rest.len() < FRAME {
            let reason = format!("{} bytes at the end, too short for a record", rest.len());
            stop = Some(stop_at(pos, true, reason));
            break;
        }
        let len = u32::from_be_bytes([rest[0], rest[1], rest[2], rest[3]]);
        let stored = u32::from_be_bytes([rest[4], rest[5], rest[6], rest[7]]);
        if len == 0 || len > MAX_PAYLOAD {
            stop = Some(stop_at(pos, false, format!("a record length of {len}")));
            break;
        }
        let body = &rest[FRAME..];
        if (len as usize) > body.len() {
            let reason = format!(
                "the record needs {len} bytes but the file ends after {}",
                body.len()
            );
            stop = Some(stop_at(pos, true, reason));
            break;
        }
        let payload = &body[..len as usize];
        let actual = checksum(&rest[..4], payload);
        if actual != stored {
            let reason = format!("checksum mismatch (stored {stored:08x}, computed {actual:08x})");
            stop = Some(stop_at(pos, false, reason));
            break;
        }
        let record = match serde_json::from_slice::<JournalRecord>(payload) {
            Ok(record) => record,
            Err(e) => {
                stop = Some(stop_at(pos, false, format!("unreadable record: {e}")));
                break;
            }
        };
        pos += FRAME + len as usize;
        records.push(Framed {
            record,
            end: base + pos as u64,
        });
    }
    Scan {
        records,
        len: total,
        good_end: base + pos as u64,
        stop,
    }
}

/// A save as its journal records build it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SaveImage {
    pub header: Header,
    pub log: Vec<Entry>,
}

impl SaveImage {
    /// The save as its first record creates it; the error says why it cannot.
    pub fn start(id: SaveId, record: &JournalRecord) -> Result<SaveImage, String> {
        match record {
            JournalRecord::Created { save, header, .. } => {
                if *save != id.0 {
                    return Err(format!("it is the journal of save {save}"));
                }
                let mut header = header.clone();
                header.length = 0;
                Ok(SaveImage {
                    header,
                    log: Vec::new(),
                })
            }
            _ => Err("the first record is not the save's header".to_string()),
        }
    }

    /// The save after one more record; on error (the record does not follow) the image
    /// is unchanged and the error says why.
    pub fn apply(&mut self, record: &JournalRecord) -> Result<(), String> {
        match record {
            JournalRecord::Created { .. } => Err("a second creation record".to_string()),
            JournalRecord::Entry {
                index,
                entry,
                progress,
                updated,
            } => {
                if *index as usize != self.log.len() {
                    return Err(format!(
                        "log record {index} where record {} was expected",
                        self.log.len()
                    ));
                }
                self.log.push(entry.clone());
                self.header.length = index.saturating_add(1);
                self.header.progress = progress.clone();
                self.header.updated = *updated;
                Ok(())
            }
            JournalRecord::Header { header } => {
                let length = self.header.length;
                self.header = header.clone();
                self.header.length = length;
                Ok(())
            }
        }
    }
}

/// A save built from a whole journal: every record that reads and follows.
#[derive(Clone, Debug)]
pub(crate) struct Built {
    /// `None` when not even the first record could be used.
    pub image: Option<SaveImage>,
    /// The offset just past the last record used.
    pub good_end: u64,
    /// Why building stopped before the end of the file, if it did.
    pub stop: Option<Stop>,
}

/// Builds a save from a scan of its whole journal.
pub(crate) fn build(id: SaveId, scan: &Scan) -> Built {
    let mut image: Option<SaveImage> = None;
    let mut good_end = 0u64;
    for framed in &scan.records {
        let result = match image.as_mut() {
            None => SaveImage::start(id, &framed.record).map(|i| image = Some(i)),
            Some(image) => image.apply(&framed.record),
        };
        if let Err(reason) = result {
            let stop = Stop {
                offset: good_end,
                unread: scan.len.saturating_sub(good_end),
                incomplete: false,
                reason,
            };
            return Built {
                image,
                good_end,
                stop: Some(stop),
            };
        }
        good_end = framed.end;
    }
    Built {
        image,
        good_end,
        stop: scan.stop.clone(),
    }
}

/// The records that rebuild exactly `header` and `log` (a journal rewritten from sled).
pub(crate) fn records_of(id: SaveId, header: &Header, log: &[Entry]) -> Vec<JournalRecord> {
    let mut created = header.clone();
    created.length = 0;
    let mut records = vec![JournalRecord::Created {
        save: id.0,
        header: created,
        batch: 0,
    }];
    for (index, entry) in (0u32..).zip(log) {
        records.push(JournalRecord::Entry {
            index,
            entry: entry.clone(),
            progress: header.progress.clone(),
            updated: header.updated,
        });
    }
    records
}

/// Makes a rename or removal in `dir` last (on Unix a directory's entries are synced
/// through the directory itself).
pub(crate) fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        File::open(dir)?.sync_all()?;
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
    }
    Ok(())
}
