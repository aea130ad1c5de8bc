//! What happened, for the players to read, and who may read it.

use super::seat::Seat;

#[derive(Clone, Debug, PartialEq, Eq)]
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

/// One thing that happened: a roll, an odds calculation, a result, a phase change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub audience: Audience,
    /// The rule that made it happen ("7.4", "H-CRT").
    pub rule: &'static str,
    pub text: String,
}

impl Event {
    pub fn public(rule: &'static str, text: impl Into<String>) -> Self {
        Event {
            audience: Audience::All,
            rule,
            text: text.into(),
        }
    }
}

impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}] {}", self.rule, self.text)
    }
}
