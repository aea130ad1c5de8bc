//! The hint (issue 12): what the computer would do in the holder's place, from the
//! holder's seat's view only. An app asks for it with `Table::start_hint`, which does not
//! block: the search runs on a thread of its own and the app awaits the handle's
//! `outcome` or cancels it (a Swift `Task.cancel()` does not reach a Rust future, so the
//! handle has its own `cancel`; dropping it cancels too). A hint that arrives after the
//! game moved on (an action, an undo) is dropped: `outcome` answers None.

use crate::table::Table;
use crate::words;
use skald_core::ai::search::Decided;
use skald_core::games::registry;
use skald_core::session::{self, Canceller, HintThinking, Session};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// One action the hint weighed.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct HintCandidate {
    /// The action in notation: to play it (`Table::act`), never to show.
    pub action: String,
    /// The action as people read it ("move Infantry from 0802 to 0804"): what to show.
    pub words: String,
    /// The seat's chance to win after it, as the game's evaluation estimates it (0 to 1).
    pub win_chance: f64,
    /// How many of the search's tries went through it.
    pub tries: u32,
}

/// What the computer would do in the holder's place, from the holder's view only.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct Hint {
    pub seat: String,
    /// The suggested action in notation: to play it, never to show.
    pub action: String,
    /// The suggested action as people read it: what to show.
    pub words: String,
    /// Why this action: `searched`, `only-action` (the only legal one), or
    /// `rule-of-thumb` (the decision is left to the simple player, such as setting up).
    pub why: String,
    /// The actions it weighed, most tried first (empty unless it searched).
    pub candidates: Vec<HintCandidate>,
    pub tries: u32,
    /// What to show above all: "The computer would move Infantry from 0802 to 0804".
    pub headline: String,
    /// The lines to show under it: each candidate in words with its chance to win and
    /// its tries ("move Infantry from 0802 to 0804: 55% to win (120 tries)"), most tried
    /// first; or, when nothing was weighed, the action with why ("end (the only legal
    /// action)").
    pub lines: Vec<String>,
}

/// The core's hint as the apps read it, worded in the session's game now (the position
/// the hint is for: the caller checks). The seat is the holder's, so its actions may be
/// shown to them in words.
pub(crate) fn hint_record(s: &Session, hint: session::Hint) -> Hint {
    let words = |notation: &str| registry::action_words(s.game(), hint.seat, notation);
    let mut candidates: Vec<HintCandidate> = hint
        .candidates
        .into_iter()
        .map(|c| HintCandidate {
            words: words(&c.notation),
            action: c.notation,
            win_chance: c.value,
            tries: c.visits,
        })
        .collect();
    // Two actions the same in words (two ways to the same cell, if a game lists both)
    // are told apart by their notation.
    let shared: Vec<String> = candidates
        .iter()
        .filter(|c| candidates.iter().filter(|d| d.words == c.words).count() > 1)
        .map(|c| c.words.clone())
        .collect();
    for c in candidates.iter_mut().filter(|c| shared.contains(&c.words)) {
        c.words = format!("{} ({})", c.words, c.action);
    }
    let said = words(&hint.action);
    let lines = if candidates.is_empty() {
        vec![words::hint_alone(&said, hint.decided)]
    } else {
        candidates
            .iter()
            .map(|c| words::hint_candidate(&c.words, c.win_chance, c.tries))
            .collect()
    };
    Hint {
        seat: s.seat_name(hint.seat).to_string(),
        headline: words::hint_headline(&said),
        lines,
        words: said,
        action: hint.action,
        why: match hint.decided {
            Decided::Searched => "searched",
            Decided::OnlyAction => "only-action",
            // Hints keep no plan between decisions, so KeptPlan does not come here;
            // a kept plan is a variant of the rule of thumb in any case.
            Decided::LeftToSimple | Decided::KeptPlan => "rule-of-thumb",
        }
        .to_string(),
        candidates,
        tries: hint.iterations,
    }
}

/// A hint being worked out on a thread of its own (`Table::start_hint`).
#[derive(uniffi::Object)]
pub struct HintRequest {
    table: Arc<Table>,
    thinking: Mutex<Option<HintThinking>>,
    cancel: Canceller,
    /// Set by `cancel` only: the search's own flag is also set when it ends.
    cancelled: AtomicBool,
}

impl HintRequest {
    pub(crate) fn new(table: Arc<Table>, thinking: HintThinking) -> Arc<HintRequest> {
        Arc::new(HintRequest {
            table,
            cancel: thinking.canceller(),
            thinking: Mutex::new(Some(thinking)),
            cancelled: AtomicBool::new(false),
        })
    }
}

#[uniffi::export]
impl HintRequest {
    /// Stops the search: `outcome` then answers None.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        self.cancel.cancel();
    }

    /// Waits for the hint. None if it was cancelled, if it was already taken once, or if
    /// the game has moved on since it was asked for (an action, an undo): a hint is
    /// only for the position it was asked in.
    pub async fn outcome(&self) -> Option<Hint> {
        let thinking = self
            .thinking
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()?;
        let hint = thinking.outcome().await?;
        let table = self.table.tabletop();
        let s = table.session();
        if self.cancelled.load(Ordering::SeqCst) || !s.is_current(&hint) {
            return None;
        }
        Some(hint_record(s, hint))
    }
}

impl Drop for HintRequest {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}
