//! Creating a save together with its whole log (an imported backup): the header and
//! every record go in one sled transaction, flushed before the call returns, so a crash
//! leaves either the whole save or no trace of it, never a save with half a log.

use super::{encode, log_key, Entry, Header, LogRecord, SaveId, Store, StoreError, FORMAT_VERSION};
use sled::Transactional;

impl Store {
    /// Creates a new save holding `header` and every record of `log`, in order. Its
    /// format version is set to this code's and its length to the log's; everything
    /// else in the header is kept as given.
    pub fn create_with_log(&self, header: &Header, log: &[Entry]) -> Result<SaveId, StoreError> {
        use sled::transaction::TransactionError;
        let length = u32::try_from(log.len()).map_err(|_| {
            StoreError::Encode(format!(
                "a log of {} records is longer than a save can hold",
                log.len()
            ))
        })?;
        let id = SaveId(self.db.generate_id()?);
        let mut header = header.clone();
        header.format_version = FORMAT_VERSION;
        header.length = length;
        let header_bytes = encode(&header)?;
        let mut records = Vec::with_capacity(log.len());
        for (index, entry) in (0u32..).zip(log) {
            let record = LogRecord {
                index,
                entry: entry.clone(),
            };
            records.push((log_key(id, index), encode(&record)?));
        }
        let result: Result<(), TransactionError<()>> =
            (&self.headers, &self.log).transaction(|(headers, log)| {
                for (key, bytes) in &records {
                    log.insert(&key[..], &bytes[..])?;
                }
                headers.insert(&id.0.to_be_bytes()[..], &header_bytes[..])?;
                Ok(())
            });
        match result {
            Ok(()) => {}
            Err(TransactionError::Storage(e)) => return Err(e.into()),
            // This transaction never aborts.
            Err(TransactionError::Abort(())) => {}
        }
        self.db.flush()?;
        Ok(id)
    }
}
