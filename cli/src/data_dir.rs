//! Where the terminal keeps its saves: `--data-dir`, else `SKALD_DATA`, else the
//! platform's data folder (XDG on Linux, Application Support on macOS, APPDATA on
//! Windows), in a `skald` folder.

use std::path::PathBuf;

/// The environment variable that moves the saves elsewhere (tests, several profiles).
pub const ENV: &str = "SKALD_DATA";

pub fn resolve(flag: Option<PathBuf>) -> Result<PathBuf, String> {
    if let Some(dir) = flag {
        return Ok(dir);
    }
    if let Some(dir) = non_empty_env(ENV) {
        return Ok(PathBuf::from(dir));
    }
    platform_default().ok_or_else(|| {
        format!("no folder for saves: set {ENV} or pass --data-dir (neither HOME nor a platform data folder is known)")
    })
}

fn non_empty_env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn platform_default() -> Option<PathBuf> {
    if cfg!(target_os = "windows") {
        return non_empty_env("APPDATA").map(|d| PathBuf::from(d).join("Skald"));
    }
    if cfg!(target_os = "macos") {
        return non_empty_env("HOME")
            .map(|h| PathBuf::from(h).join("Library/Application Support/Skald"));
    }
    if let Some(xdg) = non_empty_env("XDG_DATA_HOME") {
        return Some(PathBuf::from(xdg).join("skald"));
    }
    non_empty_env("HOME").map(|h| PathBuf::from(h).join(".local/share/skald"))
}
