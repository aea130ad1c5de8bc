//! The computer's move, thought out on a thread of its own (issue 12): the app starts
//! it, awaits it without blocking its UI thread, and can cancel it through the handle,
//! since a Swift `Task.cancel()` does not reach a Rust future in uniffi. Dropping the
//! handle cancels it too. A cancelled move plays nothing and changes nothing.

use crate::clock::now;
use crate::error::SkaldError;
use crate::table::{said, Table};
use skald_core::session::{Canceller, Thinking};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

#[derive(uniffi::Object)]
pub struct ComputerMove {
    table: Arc<Table>,
    thinking: Mutex<Option<Thinking>>,
    cancel: Canceller,
    /// Set by `cancel` only: the thinking's own flag is also set when it ends.
    cancelled: AtomicBool,
}

impl ComputerMove {
    pub(crate) fn new(table: Arc<Table>, thinking: Thinking) -> Arc<ComputerMove> {
        Arc::new(ComputerMove {
            table,
            cancel: thinking.canceller(),
            thinking: Mutex::new(Some(thinking)),
            cancelled: AtomicBool::new(false),
        })
    }
}

#[uniffi::export]
impl ComputerMove {
    /// Stops the thinking: `finish` then plays nothing and answers None.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        self.cancel.cancel();
    }

    /// Waits for the move and plays it: what happened, as the holder may read it. None
    /// if it was cancelled, or if it was already finished once. Refused (and nothing
    /// played) if the game moved on meanwhile, by an undo say.
    pub async fn finish(&self) -> Result<Option<Vec<String>>, SkaldError> {
        let thinking = self
            .thinking
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        let Some(thinking) = thinking else {
            return Ok(None);
        };
        let Some(thought) = thinking.outcome().await else {
            return Ok(None);
        };
        // Cancelled after the search ended, before the move was played: play nothing.
        let mut table = self.table.tabletop();
        if self.cancelled.load(Ordering::SeqCst) {
            return Ok(None);
        }
        let before = table.session().game().clone_box();
        let played = table.play_thought(thought, now())?;
        Ok(Some(said(played, before.as_ref())))
    }
}

impl Drop for ComputerMove {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}
