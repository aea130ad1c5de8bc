//! What happened, and who may know it.
//!
//! A game's rules produce [`GameEvent`]s: a value of the game's own event type (a kind
//! with its fields: pieces, places, dice, odds, result), the rule that made it happen,
//! and its audience. Text is made from that value by the game's one `describe`
//! function only when someone reads it; the erased interface hands readers an
//! [`Event`], that text with its rule and audience.

use super::seat::Seat;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Audience {
    All,
    Only(Vec<Seat>),
}

impl Audience {
    pub fn admits(&self, seats: &[Seat]) -> bool {
        match self {
            Audience::All => true,
            Audience::Only(allowed) => seats.iter().any(|s| allowed.contains(s)),
        }
    }
}

/// One thing that happened, as the rules produced it: `kind` is the game's own event
/// value. (A game whose events are still text uses the default, `String`.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEvent<K = String> {
    pub audience: Audience,
    /// The rule that made it happen ("7.4", "H-CRT").
    pub rule: &'static str,
    pub kind: K,
}

impl<K> GameEvent<K> {
    /// An event every seat may know.
    pub fn public(rule: &'static str, kind: impl Into<K>) -> Self {
        GameEvent {
            audience: Audience::All,
            rule,
            kind: kind.into(),
        }
    }

    /// An event only these seats may know (a card drawn into a hand).
    pub fn private(seats: Vec<Seat>, rule: &'static str, kind: impl Into<K>) -> Self {
        GameEvent {
            audience: Audience::Only(seats),
            rule,
            kind: kind.into(),
        }
    }

    /// The same event with its value turned into text (or any other form).
    pub fn map<T>(self, f: impl FnOnce(K) -> T) -> GameEvent<T> {
        GameEvent {
            audience: self.audience,
            rule: self.rule,
            kind: f(self.kind),
        }
    }
}

/// One thing that happened, as people read it: the text of a [`GameEvent`] from its
/// game's `describe`, with its rule and audience, and what a picture of the board shows
/// of it (its game's `marks`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub audience: Audience,
    /// The rule that made it happen ("7.4", "H-CRT").
    pub rule: &'static str,
    /// The game's `describe`: what case files match, word for word, and what `Display`
    /// prints. Not to be changed lightly (rule cases outside the repository read it).
    pub text: String,
    /// Other words for people where `text` carries notation (a phase by its id): its
    /// game's `describe_for_people`. None where `text` reads well as it is.
    pub words: Option<String>,
    pub marks: Marks,
}

impl Event {
    pub fn public(rule: &'static str, text: impl Into<String>) -> Self {
        Event {
            audience: Audience::All,
            rule,
            text: text.into(),
            words: None,
            marks: Marks::default(),
        }
    }

    /// What people read of it (the apps, the scene's log, the terminal's news): its
    /// words, else its text.
    pub fn for_people(&self) -> &str {
        self.words.as_deref().unwrap_or(&self.text)
    }

    /// The line people read: its rule, then [`Event::for_people`] ("[4.0] Turn 1,
    /// Viking movement (5.0)"). `Display` keeps `text`, which case files match.
    pub fn line(&self) -> String {
        format!("[{}] {}", self.rule, self.for_people())
    }
}

/// What the scene draws of an event besides its words: the dice it rolled (for the dice
/// log) and the move or attack it was (for the arrows of the last move and attack). In
/// the scene's ids: pieces by their codes, cells by their labels.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Marks {
    /// Each die rolled, in the order rolled, as its face reads ("4", "hit").
    pub dice: Vec<String>,
    pub arrow: Option<Arrow>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Arrow {
    /// Pieces went along `path`, from the cell they started in to the one they ended in.
    Move {
        pieces: Vec<String>,
        path: Vec<String>,
    },
    /// Pieces attacked a cell from where they stand (an attack, a volley of arrows).
    Attack { pieces: Vec<String>, cell: String },
}

impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}] {}", self.rule, self.text)
    }
}

impl<K: std::fmt::Display> std::fmt::Display for GameEvent<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}] {}", self.rule, self.kind)
    }
}
