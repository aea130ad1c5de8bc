//! Creating a save together with its whole log (an imported backup), written the way
//! every save is: its journal first, then the header, every record and the journal's
//! end in one sled transaction, flushed (and synced, with `Durability::Sync`) before
//! the call returns. A crash leaves either the whole save or none of it, never a save
//! with half a log.

use super::{Entry, Header, SaveId, Store, StoreError};

impl Store {
    /// Creates a new save holding `header` and every record of `log`, in order. Its
    /// format version is set to this code's and its length to the log's; everything
    /// else in the header is kept as given.
    pub fn create_with_log(&self, header: &Header, log: &[Entry]) -> Result<SaveId, StoreError> {
        self.insert_new(header, log)
    }
}
