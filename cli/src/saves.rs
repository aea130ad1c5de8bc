//! `skald saves list|show|delete|export|import`: the saves in the data folder.
//!
//! Nothing here prints a secret: `show` draws the board as no seat in particular sees
//! it (the public view), and an export meant for other people is one seat's replay.

use crate::clock;
use skald_core::store::{Header, Listed, SaveId, Store};
use std::io::BufRead;
use std::path::Path;

/// Reads a save id as the list prints it (`12`).
pub fn parse_id(text: &str) -> Result<SaveId, String> {
    text.trim()
        .parse::<u64>()
        .map(SaveId)
        .map_err(|_| format!("'{text}' is not a save id (see `skald saves list`)"))
}

/// Opens the saves; if the store had to repair itself from its journals, says what it
/// recovered and what (if anything) was lost before anything else happens.
pub fn open(dir: &Path) -> Result<Store, String> {
    opened(dir, Store::open(dir))
}

/// As [`open`], for commands that only use saves already there: a missing folder (a
/// mistyped `--data-dir`) is an error and is not created.
pub fn open_existing(dir: &Path) -> Result<Store, String> {
    opened(dir, Store::open_existing(dir))
}

fn opened(
    dir: &Path,
    store: Result<Store, skald_core::store::StoreError>,
) -> Result<Store, String> {
    let store = store.map_err(|e| match e {
        skald_core::store::StoreError::NoStore(_) => e.to_string(),
        e => format!("the saves in {} cannot be opened: {e}", dir.display()),
    })?;
    if let Some(report) = store.recovery() {
        eprint!("{report}");
    }
    Ok(store)
}

/// One line per save, damaged ones included (by id, with the reason).
pub fn list(store: &Store) -> Result<(), String> {
    let listed = store.list().map_err(|e| e.to_string())?;
    if listed.is_empty() {
        println!("No saves yet. Start one with `skald play GAME`.");
        return Ok(());
    }
    println!(
        "{:>6}  {:<6} {:<20} {:<24} {:<28} {:>7}  updated",
        "id", "game", "scenario", "name", "where", "records"
    );
    for item in listed {
        match item {
            Listed::Ok { id, header } => println!(
                "{:>6}  {:<6} {:<20} {:<24} {:<28} {:>7}  {}",
                id.0,
                header.game,
                header.scenario,
                shorten(&header.name, 24),
                shorten(&header.progress, 28),
                header.length,
                clock::format(header.updated)
            ),
            Listed::Damaged { id, reason } => {
                println!("{:>6}  DAMAGED: {reason}", id.0);
            }
        }
    }
    Ok(())
}

/// A save's header and its board as nobody in particular sees it.
pub fn show(store: &Store, id: SaveId) -> Result<(), String> {
    let loaded = skald_core::session::load_save(store, id).map_err(|e| e.to_string())?;
    print_header(id, &loaded.header);
    for notice in &loaded.notices {
        println!("Note: {notice}");
    }
    println!("Board (public view, no seat's secrets):");
    print!("{}", loaded.timeline.game().render(&[]));
    Ok(())
}

fn print_header(id: SaveId, h: &Header) {
    println!("{id}: {}", h.name);
    println!("  game      {} (rules version {})", h.game, h.rules_version);
    println!("  scenario  {}", h.scenario);
    println!("  seats     {}", h.seats);
    println!("  where     {}", h.progress);
    println!("  records   {}", h.length);
    println!("  created   {}", clock::format(h.created));
    println!("  updated   {}", clock::format(h.updated));
    if h.start.is_some() {
        println!("  started   from a point of another game (continued)");
    }
}

/// Deletes a save after asking (unless `yes`); the answer is read from `input`.
pub fn delete(store: &Store, id: SaveId, yes: bool, input: &mut dyn BufRead) -> Result<(), String> {
    let name = match store.load(id) {
        Ok((header, _)) => format!("'{}' ({} {})", header.name, header.game, header.scenario),
        Err(skald_core::store::StoreError::NotFound(_)) => return Err(format!("there is no {id}")),
        Err(e) => format!("(unreadable: {e})"),
    };
    if !yes {
        println!("Delete {id} {name}? This cannot be undone. Type yes to delete:");
        let mut line = String::new();
        let _ = input.read_line(&mut line);
        if line.trim() != "yes" {
            println!("Not deleted.");
            return Ok(());
        }
    }
    store.delete(id).map_err(|e| e.to_string())?;
    println!("Deleted {id} {name}.");
    Ok(())
}

fn shorten(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut out: String = text.chars().take(width.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Writes a seat replay (`seats` by name) or, with `backup`, a full backup.
pub fn export(
    store: &Store,
    id: SaveId,
    seats: &[String],
    backup: bool,
    output: Option<std::path::PathBuf>,
) -> Result<(), String> {
    use skald_core::session::export;
    let text = if backup {
        export::export_backup(store, id).map_err(|e| e.to_string())?
    } else {
        let (header, _) = store.load(id).map_err(|e| e.to_string())?;
        let game = skald_core::games::registry::find(&header.game)?;
        let names = game.seat_names(&header.scenario)?;
        let mut viewers = Vec::new();
        for seat in seats {
            let wanted = seat.trim().to_ascii_lowercase();
            let index = names
                .iter()
                .position(|n| *n == wanted)
                .ok_or_else(|| format!("no seat '{seat}' (the seats are: {})", names.join(", ")))?;
            viewers.push(skald_core::engine::Seat(index as u8));
        }
        export::export_replay(store, id, &viewers).map_err(|e| e.to_string())?
    };
    match output {
        Some(path) => {
            std::fs::write(&path, text.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            if backup {
                println!(
                    "Wrote a full backup of {id} to {}. It holds the seed and every secret (hands, deck orders): keep it to yourself.",
                    path.display()
                );
            } else {
                println!(
                    "Wrote the replay of {id} as {} saw it to {}.",
                    seats.join(", "),
                    path.display()
                );
            }
        }
        None => println!("{text}"),
    }
    Ok(())
}

/// Adds a save from a full backup file (replayed and checked first).
pub fn import(store: &Store, file: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let id = skald_core::session::export::import(store, &text)
        .map_err(|e| format!("{} was not imported: {e}", file.display()))?;
    println!(
        "Imported {} as {id}: `skald play --resume {}`.",
        file.display(),
        id.0
    );
    Ok(())
}

/// Prints a seat replay file step by step, or the position after one step.
pub fn view_replay(file: &Path, step: Option<u32>) -> Result<(), String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let replay = skald_core::session::export::read_replay(&text)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    let viewers: Vec<&str> = replay.viewers.iter().map(|v| v.name.as_str()).collect();
    if let Some(step) = step {
        let position = match step {
            0 => Some(&replay.start),
            n => replay.steps.get(n as usize - 1).map(|s| &s.position),
        };
        let position = position.ok_or_else(|| {
            format!(
                "there is no step {step}: the replay has {} steps",
                replay.steps.len()
            )
        })?;
        println!("{position}");
        return Ok(());
    }
    println!(
        "{} ({} {}) as {} saw it: {} steps",
        replay.name,
        replay.game,
        replay.scenario,
        viewers.join(", "),
        replay.steps.len()
    );
    for (i, step) in replay.steps.iter().enumerate() {
        let seat = replay
            .seat_names
            .get(step.seat as usize)
            .map(String::as_str)
            .unwrap_or("?");
        let action = step.action.as_deref().unwrap_or("(secret)");
        println!("{:>5}. {seat}: {action}", i + 1);
        for e in &step.events {
            println!("         [{}] {}", e.rule, e.text);
        }
    }
    Ok(())
}
