//! The notation toolkit every game's notation is written with: words (with the column
//! each starts at), whole numbers, labels, lists, `key=value` fields, the lines of a
//! position, and faults that say where the text went wrong and what was expected.
//! Quoted free text is in [`crate::engine::text`]. A game's notation module keeps only
//! its grammar: which words, in which order, mean which value.
//!
//! One policy for every game (docs/notation.md, "Shared rules"):
//! - a whole number is written in ASCII digits only: no sign, no spaces, no `_`; leading
//!   zeros are allowed (`03` is 3), and a number too large for its field is refused;
//! - an action line is split into words at whitespace; whitespace around the joiners
//!   `+ , - =` is dropped (they glue their neighbours into one word), and `>` and `:`
//!   always stand alone;
//! - keywords are read in any case.

pub mod fields;
pub mod lines;
pub mod record;
pub mod words;

pub use fields::{FieldSpec, Fields};
pub use lines::{Line, LineFault, Lines, Once};
pub use words::{action_words, plain_words, read_action, Form, Verb, Word, Words};

use std::fmt;

/// What is wrong with a text, and where: the word (counted from 1) when it is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub word: Option<usize>,
    pub message: String,
}

impl Fault {
    pub fn new(message: impl Into<String>) -> Fault {
        Fault {
            word: None,
            message: message.into(),
        }
    }
    pub fn at(word: usize, message: impl Into<String>) -> Fault {
        Fault {
            word: Some(word),
            message: message.into(),
        }
    }
    /// Places a fault that does not know its word yet.
    pub fn or_at(mut self, word: usize) -> Fault {
        self.word.get_or_insert(word);
        self
    }
}

impl From<String> for Fault {
    fn from(message: String) -> Fault {
        Fault::new(message)
    }
}

impl From<&str> for Fault {
    fn from(message: &str) -> Fault {
        Fault::new(message)
    }
}

impl fmt::Display for Fault {
    /// The message, then the word it is about (the first word, the verb or the line's
    /// key, is not named: the message quotes it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.word {
            Some(w) if w > 1 => write!(f, "{} (word {w})", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

/// A whole number in ASCII digits (no sign); `what` names it in the error.
pub fn number<T: std::str::FromStr>(tok: &str, what: &str) -> Result<T, String> {
    let digits = !tok.is_empty() && tok.bytes().all(|b| b.is_ascii_digit());
    match tok.parse::<T>() {
        Ok(n) if digits => Ok(n),
        _ => Err(format!(
            "bad {what} '{tok}' (expected a small whole number)"
        )),
    }
}

/// A label made of `letters` ASCII letters then `digits` ASCII digits (`VI03`, `L01`):
/// the letters in upper case and the digits, or None when the word has another shape.
pub fn label(
    tok: &str,
    letters: std::ops::RangeInclusive<usize>,
    digits: std::ops::RangeInclusive<usize>,
) -> Option<(String, &str)> {
    if !tok.is_ascii() {
        return None;
    }
    let split = tok.bytes().take_while(u8::is_ascii_alphabetic).count();
    let (head, tail) = tok.split_at(split);
    let shaped = letters.contains(&head.len())
        && digits.contains(&tail.len())
        && tail.bytes().all(|b| b.is_ascii_digit());
    shaped.then(|| (head.to_ascii_uppercase(), tail))
}

/// A value named by one of `names` (any case); `what` names the kind in the error.
pub fn one_of<T: Copy>(tok: &str, names: &[(&str, T)], what: &str) -> Result<T, String> {
    let lower = tok.to_ascii_lowercase();
    names
        .iter()
        .find(|(n, _)| *n == lower)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let all: Vec<&str> = names.iter().map(|(n, _)| *n).collect();
            format!(
                "unknown {what} '{tok}' (expected one of {})",
                all.join(", ")
            )
        })
}

/// `yes` or `no` (any case).
pub fn yes_no(tok: &str) -> Option<bool> {
    match tok.to_ascii_lowercase().as_str() {
        "yes" => Some(true),
        "no" => Some(false),
        _ => None,
    }
}

/// How a list is written: its separators, how many items it may hold, and the words
/// for its items in errors (`items` plural, `item` for one empty part).
#[derive(Clone, Copy, Debug)]
pub struct ListOf {
    pub seps: &'static [char],
    pub max: usize,
    pub items: &'static str,
    pub item: &'static str,
}

impl ListOf {
    /// The parts of a list. Refuses a list longer than `max` before reading any item,
    /// and an empty (or blank) part.
    pub fn split<'t>(&self, tok: &'t str) -> Result<Vec<&'t str>, String> {
        let parts: Vec<&str> = tok.split(self.seps).collect();
        if parts.len() > self.max {
            return Err(format!(
                "too many {} in '{tok}': {} given, at most {}",
                self.items,
                parts.len(),
                self.max
            ));
        }
        if parts.iter().any(|p| p.trim().is_empty()) {
            return Err(format!("empty {} in '{tok}'", self.item));
        }
        Ok(parts)
    }

    /// The items of a list, each read by `read`.
    pub fn read<T>(
        &self,
        tok: &str,
        read: impl FnMut(&str) -> Result<T, String>,
    ) -> Result<Vec<T>, String> {
        self.split(tok)?.into_iter().map(read).collect()
    }
}

/// Items joined by `sep`, or `empty` when there are none.
pub fn join_or<T>(items: &[T], sep: &str, empty: &str, text: impl Fn(&T) -> String) -> String {
    if items.is_empty() {
        return empty.to_string();
    }
    items.iter().map(text).collect::<Vec<_>>().join(sep)
}

#[cfg(test)]
mod tests;
