//! How hard the store works to make a write last before a call returns.

/// What "saved" means when `create`, `append` or `delete` returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Durability {
    /// The journal record is written and sled's log is flushed: the write survives the
    /// process being killed (SIGKILL, the app swiped away), as both sit in the operating
    /// system's cache. It may not survive power loss: on Linux sled's flush ends in
    /// `sync_file_range`, which does not empty the drive's own cache.
    Flush,
    /// As `Flush`, then `fdatasync` of the journal file and of sled's data file, so the
    /// write also survives the battery running out. The default: a phone may lose power
    /// at any moment, and the cost is small next to a player's move.
    #[default]
    Sync,
}

/// Settings for [`super::Store::open_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct StoreOptions {
    pub durability: Durability,
}
