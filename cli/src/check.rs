//! `skald check`: runs rule case files with the same runner as `cargo test`.

use skald_core::cases::run_case_file;
use std::path::{Path, PathBuf};

/// Runs every file (folders: every `*.case` file inside, recursively). True if all pass.
pub fn run(paths: &[PathBuf]) -> Result<bool, String> {
    let mut files = Vec::new();
    for p in paths {
        collect(p, &mut files)?;
    }
    if files.is_empty() {
        return Err("no case files found".into());
    }
    let (mut passed, mut failed) = (0, 0);
    for file in &files {
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                println!("FAIL {}: cannot read it: {e}", file.display());
                failed += 1;
                continue;
            }
        };
        for result in run_case_file(&text) {
            if result.passed {
                passed += 1;
                println!("PASS {}: {}", file.display(), result.name);
            } else {
                failed += 1;
                println!("FAIL {}: {}", file.display(), result.name);
                for line in result.message.lines() {
                    println!("    {line}");
                }
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(failed == 0)
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("cannot read folder {}: {e}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() || p.extension().is_some_and(|x| x == "case") {
                collect(&p, out)?;
            }
        }
        Ok(())
    } else if path.exists() {
        out.push(path.to_path_buf());
        Ok(())
    } else {
        Err(format!("no such file or folder: {}", path.display()))
    }
}
