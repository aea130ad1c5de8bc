//! The legal-action listing kept exactly as it was (same actions, same order) while the
//! movement search is made faster: random games of every scenario, several seeds, the
//! listing of sampled positions and a digest of every listing and of the game played,
//! compared with `listing_digests.txt`, recorded once from the listing before the speed
//! work (issue 8). `SKALD_WRITE_LISTING_DIGESTS=1 cargo test -p skald-core --lib
//! listing_check` records it again: only do that for a deliberate change of the rules.

use crate::ai::simulate::listing_digest;
use crate::games::fury::Fury;

#[test]
fn fury_listing_order_unchanged_in_random_games() {
    listing_digest::check_against::<Fury>(
        "src/games/fury/listing_digests.txt",
        include_str!("listing_digests.txt"),
        &[1, 2, 3],
        25,
    );
}
