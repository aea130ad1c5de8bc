//! The lines of a position: a header line, then one line per part, each starting with
//! its key. Blank lines and lines starting with `#` are skipped; keys are read in any
//! case; an error names the line (counted from 1 in the whole text).

use super::words::{plain_words, Words};
use super::Fault;
use crate::engine::NotationError;

/// One line of a position.
#[derive(Clone, Debug)]
pub struct Line<'t> {
    /// Line number in the text, from 1.
    pub n: usize,
    /// The first word, in lower case.
    pub key: String,
    /// The line after its key, trimmed.
    pub rest: &'t str,
    /// The whole line, trimmed.
    pub text: &'t str,
}

impl<'t> Line<'t> {
    /// The words after the key (numbered from 2).
    pub fn words(&self) -> Words {
        Words::new(plain_words(self.rest), 2)
    }
    /// The words after the key, as text.
    pub fn list(&self) -> Vec<&'t str> {
        self.rest.split_whitespace().collect()
    }
    /// A fault of this line.
    pub fn fault(&self, e: impl Into<Fault>) -> LineFault {
        LineFault {
            line: self.n,
            fault: e.into(),
        }
    }
}

/// A fault on a line of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineFault {
    pub line: usize,
    pub fault: Fault,
}

impl From<LineFault> for NotationError {
    fn from(f: LineFault) -> NotationError {
        NotationError::new(format!("line {}: {}", f.line, f.fault))
    }
}

/// The lines of a position after its header.
pub struct Lines<'t> {
    pub lines: Vec<Line<'t>>,
    /// The number of the text's last line (for a part that is missing).
    pub last: usize,
}

impl<'t> Lines<'t> {
    /// The lines of `text`, which must start with `header` (any case and spacing).
    pub fn read(text: &'t str, header: &str) -> Result<Lines<'t>, LineFault> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let Some((n, first)) = lines.next() else {
            let e = format!("empty position (expected '{header}' first)");
            return Err(LineFault {
                line: 1,
                fault: Fault::new(e),
            });
        };
        let head: Vec<String> = first
            .split_whitespace()
            .map(|w| w.to_ascii_lowercase())
            .collect();
        if head != header.split(' ').collect::<Vec<_>>() {
            return Err(LineFault {
                line: n,
                fault: Fault::new(format!("expected '{header}', found '{first}'")),
            });
        }
        let lines = lines
            .map(|(n, text)| {
                let (key, rest) = match text.split_once(char::is_whitespace) {
                    Some((k, r)) => (k, r.trim()),
                    None => (text, ""),
                };
                let key = key.to_ascii_lowercase();
                Line { n, key, rest, text }
            })
            .collect();
        Ok(Lines {
            lines,
            last: text.lines().count().max(1),
        })
    }

    /// A part every position must have.
    pub fn required<T>(&self, value: Option<T>, key: &str) -> Result<T, LineFault> {
        value.ok_or_else(|| LineFault {
            line: self.last,
            fault: Fault::new(format!("the position has no '{key}' line")),
        })
    }
}

/// The keys of lines that may appear at most once.
#[derive(Debug, Default)]
pub struct Once(Vec<String>);

impl Once {
    /// Refuses a second line with this key.
    pub fn check(&mut self, line: &Line) -> Result<(), LineFault> {
        if self.0.contains(&line.key) {
            return Err(line.fault(format!("'{}' given twice", line.key)));
        }
        self.0.push(line.key.clone());
        Ok(())
    }
}
