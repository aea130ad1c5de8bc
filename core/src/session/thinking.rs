//! The computer thinking off the caller's thread, and hints for a person.
//!
//! [`super::Session::start_thinking`] gives the search a copy of the game and a plain
//! thread of its own, and hands back a [`Thinking`]: the caller goes on (draws, takes
//! taps, undoes) and later awaits [`Thinking::outcome`] from any async runtime (the
//! answer comes through a `tokio::sync::oneshot`; core runs no runtime itself) or blocks
//! on [`Thinking::wait`]. Cancelling, or dropping the handle, stops the search at its
//! next iteration; a cancelled search gives nothing. The [`Thought`] it gives names the
//! position it was for, and [`super::Session::play_thought`] refuses it for any other,
//! so a thought that arrives after an undo, or after someone moved, changes nothing.
//!
//! A hint for a person runs the same way ([`super::Session::start_hint`]): a
//! `Thinking<Hint>` ([`HintThinking`]) whose search holds the person's seat's view only
//! and whose [`Hint`] names the position it was for ([`super::Session::is_current`]).

use crate::ai::search::Decided;
use crate::engine::{AdviceCandidate, Seat};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use tokio::sync::oneshot;

/// The computer's action for one position, thought out off the caller's thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    pub(crate) seat: Seat,
    pub(crate) action: String,
    pub(crate) log_len: usize,
    pub(crate) state_hash: u64,
    /// The plan it follows and the phase it was chosen in, for the session to keep
    /// once the thought is played (`ai::plans`).
    pub(crate) plan: Option<u32>,
    pub(crate) progress: String,
}

impl Thought {
    /// The seat it is for.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The action, in notation: it may be the seat's secret, so show it to nobody
    /// ([`super::Played`] says what may be shown once it is played).
    pub fn action(&self) -> &str {
        &self.action
    }

    /// How many records the game's log held, and the game's state hash, when the
    /// thinking started: the position it is for.
    pub fn position(&self) -> (usize, u64) {
        (self.log_len, self.state_hash)
    }
}

/// Stops a search from anywhere (another task, the UI thread) while someone else awaits
/// its outcome.
#[derive(Clone, Debug)]
pub struct Canceller(Arc<AtomicBool>);

impl Canceller {
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A search about one decision on a thread of its own: the computer's move (a
/// [`Thought`]) or a person's hint (a [`Hint`]: [`HintThinking`]). Dropping the handle
/// cancels the search.
#[derive(Debug)]
pub struct Thinking<T = Thought> {
    seat: Seat,
    cancel: Canceller,
    answer: Option<oneshot::Receiver<Option<T>>>,
    worker: Option<JoinHandle<()>>,
}

/// A hint being worked out off the caller's thread ([`super::Session::start_hint`]).
pub type HintThinking = Thinking<Hint>;

impl<T: Send + 'static> Thinking<T> {
    /// Starts `think` on a new thread; what it returns is the outcome unless the
    /// thinking is cancelled first. `think` is given the cancel flag to watch.
    pub(crate) fn spawn(
        seat: Seat,
        think: impl FnOnce(&AtomicBool) -> Option<T> + Send + 'static,
    ) -> std::io::Result<Thinking<T>> {
        let flag = Arc::new(AtomicBool::new(false));
        let (sender, answer) = oneshot::channel();
        let watched = Arc::clone(&flag);
        let worker = std::thread::Builder::new()
            .name("skald-thinking".to_string())
            .spawn(move || {
                let thought = think(&watched);
                let cancelled = watched.load(Ordering::Relaxed);
                // Nobody may be waiting any more (the handle was dropped): that is fine.
                let _ = sender.send(thought.filter(|_| !cancelled));
            })?;
        Ok(Thinking {
            seat,
            cancel: Canceller(flag),
            answer: Some(answer),
            worker: Some(worker),
        })
    }

    /// The seat being thought for.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Stops the search: its outcome is then None, whenever it is asked for.
    pub fn cancel(&self) {
        self.cancel.cancel();
    }

    /// A handle that cancels this search, for whoever else may need to.
    pub fn canceller(&self) -> Canceller {
        self.cancel.clone()
    }

    /// Whether the search has ended (its outcome is ready, or it was cancelled).
    pub fn is_finished(&self) -> bool {
        self.worker.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// The thought (or hint), once the search ends; None if it was cancelled (before or
    /// after it ended), found no action, or its thread failed.
    pub async fn outcome(mut self) -> Option<T> {
        let answer = self.answer.take()?;
        let thought = answer.await.ok().flatten();
        self.checked(thought)
    }

    /// [`Thinking::outcome`], blocking the calling thread until the search ends.
    pub fn wait(mut self) -> Option<T> {
        if let Some(worker) = self.worker.take() {
            // A worker that panicked sent nothing: the answer below is then None.
            let _ = worker.join();
        }
        let thought = self.answer.take()?.try_recv().ok().flatten();
        self.checked(thought)
    }

    fn checked(&self, thought: Option<T>) -> Option<T> {
        thought.filter(|_| !self.cancel.is_cancelled())
    }
}

impl<T> Drop for Thinking<T> {
    fn drop(&mut self) {
        // The thread is left to end by itself at the search's next iteration.
        self.cancel.cancel();
    }
}

/// What the search player would do for a person's seat, from that seat's view only, and
/// what it thinks of the actions it weighed ([`super::Session::hint`],
/// [`super::Session::start_hint`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub seat: Seat,
    /// The position it is for: how many records the game's log held, and the game's
    /// state hash ([`super::Session::is_current`]). Not public: the hash of the whole
    /// state could be matched against guesses at the hidden parts.
    pub(crate) position: (usize, u64),
    /// The action it suggests, in notation.
    pub action: String,
    /// Why: searched, the only legal action, or left to the simple player.
    pub decided: Decided,
    /// The actions it weighed, most tried first: how many of its tries went through
    /// each, and its mean score after it (the seat's win chance as the game's evaluation
    /// estimates it, 0 to 1). Empty unless it searched.
    pub candidates: Vec<AdviceCandidate>,
    /// Its tries (iterations) in all.
    pub iterations: u32,
}
