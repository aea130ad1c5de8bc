//! Text helpers shared by the games' notations: double-quoted strings with escapes,
//! so that free text (a result, a detail) fits on one line and reads back unchanged.

/// A string in double quotes, with `\\`, `\"`, `\n`, `\r`, `\t` and `\u{..}` escapes so
/// that any text fits on one line and reads back exactly.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Words of a line, honouring double-quoted parts (which may hold spaces and escapes).
pub fn quoted_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '"' {
            in_word = true;
            loop {
                match chars.next() {
                    None => return Err("a quoted text is not closed".to_string()),
                    Some('"') => break,
                    Some('\\') => word.push(unescape(&mut chars)?),
                    Some(c) => word.push(c),
                }
            }
        } else if c.is_whitespace() {
            if in_word {
                words.push(std::mem::take(&mut word));
                in_word = false;
            }
        } else {
            word.push(c);
            in_word = true;
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

pub fn unescape(chars: &mut std::str::Chars) -> Result<char, String> {
    match chars.next() {
        Some('\\') => Ok('\\'),
        Some('"') => Ok('"'),
        Some('n') => Ok('\n'),
        Some('r') => Ok('\r'),
        Some('t') => Ok('\t'),
        Some('u') => {
            if chars.next() != Some('{') {
                return Err("bad escape: expected \\u{HEX}".to_string());
            }
            let mut hex = String::new();
            loop {
                match chars.next() {
                    Some('}') => break,
                    Some(c) if c.is_ascii_hexdigit() && hex.len() < 6 => hex.push(c),
                    _ => return Err("bad escape: expected \\u{HEX}".to_string()),
                }
            }
            u32::from_str_radix(&hex, 16)
                .ok()
                .and_then(char::from_u32)
                .ok_or_else(|| format!("bad escape: \\u{{{hex}}} is not a character"))
        }
        Some(c) => Err(format!("bad escape '\\{c}' in a quoted text")),
        None => Err("a quoted text is not closed".to_string()),
    }
}

/// The fields of a `finish winner=… result="…" detail="…"` line, or None for
/// `finish none`. `winner` reads the game's own winner value; `expected` names its
/// forms for the error message.
pub fn finish_fields<W>(
    rest: &str,
    winner: impl Fn(&str) -> Option<W>,
    expected: &str,
) -> Result<Option<(W, String, String)>, String> {
    let words = quoted_words(rest)?;
    if words.len() == 1 && words[0].eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let mut who: Option<W> = None;
    let mut result: Option<String> = None;
    let mut detail: Option<String> = None;
    for w in &words {
        let Some((key, value)) = w.split_once('=') else {
            return Err(format!(
                "finish field '{w}' is not written key=value (or write 'finish none')"
            ));
        };
        let twice = || format!("finish field '{key}' given twice");
        let fresh = match key.to_ascii_lowercase().as_str() {
            "winner" => {
                let v = winner(&value.to_ascii_lowercase())
                    .ok_or_else(|| format!("bad winner '{value}' (expected {expected})"))?;
                who.replace(v).is_none()
            }
            "result" => result.replace(value.to_string()).is_none(),
            "detail" => detail.replace(value.to_string()).is_none(),
            _ => {
                return Err(format!(
                    "unknown finish field '{key}' (expected winner, result, detail)"
                ))
            }
        };
        if !fresh {
            return Err(twice());
        }
    }
    let who =
        who.ok_or_else(|| format!("finish needs winner={expected} (or write 'finish none')"))?;
    Ok(Some((
        who,
        result.unwrap_or_default(),
        detail.unwrap_or_default(),
    )))
}
