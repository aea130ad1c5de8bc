//! Runs every rule case file under `tests/cases/` (see docs/cases.md) and fails listing
//! every failing case.

use skald_core::cases::run_case_file;
use std::path::{Path, PathBuf};

fn case_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            case_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "case") {
            out.push(p);
        }
    }
}

#[test]
fn every_case_file_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/cases");
    let mut files = Vec::new();
    case_files(&root, &mut files);
    assert!(
        !files.is_empty(),
        "no *.case files under {}",
        root.display()
    );
    let mut failures = Vec::new();
    let mut count = 0;
    for file in &files {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        let shown = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .display()
            .to_string();
        for result in run_case_file(&text) {
            count += 1;
            if !result.passed {
                failures.push(format!(
                    "FAIL {shown}: {} (line {})\n    {}",
                    result.name,
                    result.line,
                    result.message.replace('\n', "\n    ")
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    eprintln!("{count} cases in {} files passed", files.len());
}
