//! The platform's clock: the core has none (saves take times from their caller), and a
//! new game's seed comes from here so that the app never sees or chooses it.

use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since 1970, as saves record times.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default()
}

/// A seed for a new game, from the clock's nanoseconds.
pub fn fresh_seed() -> u64 {
    let d = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    d.as_secs().wrapping_mul(1_000_000_007) ^ u64::from(d.subsec_nanos())
}
