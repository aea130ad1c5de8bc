//! Words of an action line, and reading an action by its verb's form.

use super::Fault;
use crate::engine::NotationError;

/// Joiners: whitespace around them is dropped, so they glue their neighbours into one
/// word (`VI03 + VC01` is `VI03+VC01`, `norsemen = 3` is `norsemen=3`).
pub const GLUE: [char; 4] = ['+', ',', '-', '='];
/// Marks that always stand alone as a word (`VI03>VI05:TR02` is five words).
pub const ALONE: [char; 2] = ['>', ':'];

/// One word and the column (in characters, from 1) where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    pub col: usize,
}

/// The words of an action line (see [`GLUE`] and [`ALONE`]).
pub fn action_words(text: &str) -> Vec<Word> {
    // The line with its spacing normalised, and the source column of each character.
    let mut out: Vec<(char, usize)> = Vec::with_capacity(text.len() + 8);
    let mut glued = false;
    for (i, c) in text.chars().enumerate() {
        let col = i + 1;
        if GLUE.contains(&c) {
            while out.last().is_some_and(|(c, _)| c.is_whitespace()) {
                out.pop();
            }
            out.push((c, col));
            glued = true;
        } else if ALONE.contains(&c) {
            out.extend([(' ', col), (c, col), (' ', col)]);
            glued = false;
        } else if c.is_whitespace() {
            if !glued {
                out.push((' ', col));
            }
        } else {
            out.push((c, col));
            glued = false;
        }
    }
    let mut words: Vec<Word> = Vec::new();
    let mut current: Option<Word> = None;
    for (c, col) in out {
        if c.is_whitespace() {
            words.extend(current.take());
        } else {
            current
                .get_or_insert_with(|| Word {
                    text: String::new(),
                    col,
                })
                .text
                .push(c);
        }
    }
    words.extend(current);
    words
}

/// Words split at whitespace only (the lines of a position).
pub fn plain_words(text: &str) -> Vec<Word> {
    let mut words = Vec::new();
    let mut start = None;
    let mut col = 0;
    for (i, c) in text.char_indices() {
        col += 1;
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((i, col)),
            (true, Some((s, sc))) => {
                words.push(Word {
                    text: text[s..i].to_string(),
                    col: sc,
                });
                start = None;
            }
            _ => {}
        }
    }
    if let Some((s, sc)) = start {
        words.push(Word {
            text: text[s..].to_string(),
            col: sc,
        });
    }
    words
}

/// A cursor over words, counting from word `first` (1 when the words are a whole line).
#[derive(Clone, Debug)]
pub struct Words {
    words: Vec<Word>,
    next: usize,
    first: usize,
}

impl Words {
    pub fn new(words: Vec<Word>, first: usize) -> Words {
        Words {
            words,
            next: 0,
            first,
        }
    }
    /// The number (from `first`) of the word read last, or of the next one.
    pub fn number(&self) -> usize {
        self.first + self.next.saturating_sub(1)
    }
    pub fn peek(&self) -> Option<&str> {
        self.words.get(self.next).map(|w| w.text.as_str())
    }
    /// The word `n` places after the next one (0 is the next one).
    pub fn peek_nth(&self, n: usize) -> Option<&str> {
        self.words.get(self.next + n).map(|w| w.text.as_str())
    }
    pub fn peek_is(&self, keyword: &str) -> bool {
        self.peek().is_some_and(|w| w.eq_ignore_ascii_case(keyword))
    }
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<&str> {
        let w = self.words.get(self.next)?;
        self.next += 1;
        Some(w.text.as_str())
    }
    /// Takes the next word if it is `keyword` (any case).
    pub fn keyword(&mut self, keyword: &str) -> bool {
        let hit = self.peek_is(keyword);
        self.next += hit as usize;
        hit
    }
    /// The words not read yet (and reads them).
    pub fn rest(&mut self) -> Vec<&str> {
        let from = std::mem::replace(&mut self.next, self.words.len());
        self.words[from..].iter().map(|w| w.text.as_str()).collect()
    }
    pub fn left(&self) -> usize {
        self.words.len() - self.next
    }
    pub fn all(&self) -> Vec<&str> {
        self.words.iter().map(|w| w.text.as_str()).collect()
    }
    /// Reads the next word with `read`, a fault there naming the word.
    pub fn take<T>(
        &mut self,
        missing: impl FnOnce() -> Fault,
        read: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<T, Fault> {
        let Some(w) = self.words.get(self.next) else {
            return Err(missing());
        };
        self.next += 1;
        let at = self.number();
        read(&w.text).map_err(|e| Fault::at(at, e))
    }
}

/// A verb of a game's action grammar: its word, its written form (for errors and the
/// docs), and the function that reads the words after it.
pub struct Verb<C: ?Sized, A> {
    pub word: &'static str,
    pub usage: &'static str,
    pub read: fn(&mut Form, &C) -> Result<A, Fault>,
}

/// The words after a verb, read against the verb's form: a word that is missing or left
/// over is a fault that quotes the form.
pub struct Form {
    pub words: Words,
    pub verb: String,
    pub usage: &'static str,
}

impl Form {
    /// "'place' is written 'place UNIT HEX', not 'place MI03'".
    pub fn wrong(&self) -> Fault {
        let all = self.words.all().join(" ");
        let text = if all.is_empty() {
            self.verb.clone()
        } else {
            format!("{} {all}", self.verb)
        };
        Fault::new(format!(
            "'{}' is written '{}', not '{text}'",
            self.verb, self.usage
        ))
    }
    /// A message followed by the form.
    pub fn with_usage(&self, e: String) -> Fault {
        Fault::at(
            self.words.number(),
            format!("{e}; '{}' is written '{}'", self.verb, self.usage),
        )
    }
    /// The next word, read by `read`.
    pub fn take<T>(&mut self, read: impl FnOnce(&str) -> Result<T, String>) -> Result<T, Fault> {
        let wrong = self.wrong();
        self.words.take(|| wrong, read)
    }
    /// The next word as it is.
    pub fn word(&mut self) -> Result<String, Fault> {
        self.take(|w| Ok(w.to_string()))
    }
    /// The next word, which must be one of `keywords` (any case): its index there.
    pub fn choose(&mut self, keywords: &[&str]) -> Result<usize, Fault> {
        let found = self
            .words
            .peek()
            .and_then(|w| keywords.iter().position(|k| k.eq_ignore_ascii_case(w)));
        let Some(i) = found else {
            return Err(self.wrong());
        };
        self.words.next();
        Ok(i)
    }
    /// Every word left, at least one, read together by `read` (a name of several words).
    pub fn rest<T>(&mut self, read: impl FnOnce(&[&str]) -> Result<T, String>) -> Result<T, Fault> {
        if self.words.left() == 0 {
            return Err(self.wrong());
        }
        let at = self.words.number() + 1;
        let rest = self.words.rest();
        read(&rest).map_err(|e| Fault::at(at, e))
    }
    /// Nothing may be left over.
    pub fn finish(&self) -> Result<(), Fault> {
        match self.words.left() {
            0 => Ok(()),
            _ => Err(self.wrong()),
        }
    }
}

/// Reads an action line by the form of its verb (the first word, any case). The verb's
/// reader must use every word; nothing may be left over.
pub fn read_action<C: ?Sized, A>(
    text: &str,
    verbs: &[Verb<C, A>],
    context: &C,
) -> Result<A, NotationError> {
    let mut words = action_words(text).into_iter();
    let Some(first) = words.next() else {
        return Err(NotationError::new("empty action"));
    };
    let verb = first.text.to_ascii_lowercase();
    let Some(v) = verbs.iter().find(|v| v.word == verb) else {
        let all: Vec<&str> = verbs.iter().map(|v| v.word).collect();
        return Err(NotationError::new(format!(
            "unknown action '{}' (expected one of: {})",
            first.text,
            all.join(", ")
        )));
    };
    let mut form = Form {
        words: Words::new(words.collect(), 2),
        verb,
        usage: v.usage,
    };
    let action = (v.read)(&mut form, context).and_then(|a| form.finish().map(|_| a));
    action.map_err(|f| NotationError::new(f.to_string()))
}
