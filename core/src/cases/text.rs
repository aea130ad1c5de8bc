//! How case files compare text: loosely, as people write it.

pub(super) fn push_list(msg: &mut String, title: &str, items: impl Iterator<Item = String>) {
    msg.push_str(&format!("\n  {title}:"));
    let mut any = false;
    for item in items {
        msg.push_str(&format!("\n    {item}"));
        any = true;
    }
    if !any {
        msg.push_str(" (none)");
    }
}

/// Lower case, single spaces.
pub(super) fn normalize(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// An action's text compared loosely: case, spacing around `+ , - > :` and `,` versus
/// `+` in lists do not matter (as when the notation is read).
pub(super) fn normalize_action(text: &str) -> String {
    let mut out = String::new();
    for word in text.split_whitespace() {
        let glue = |c: char| matches!(c, '+' | ',' | '-' | '>' | ':');
        let starts_glued = word.starts_with(glue);
        if !out.is_empty() && !starts_glued && !out.ends_with(glue) {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.replace(',', "+").to_lowercase()
}
