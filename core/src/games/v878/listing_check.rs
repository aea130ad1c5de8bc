//! The legal-action listing kept exactly as it was (same actions, same order) while the
//! march and battle code is made faster: random games of every scenario, several seeds, the
//! listing of sampled positions and a digest of every listing and of the game played,
//! compared with `listing_digests.txt`, recorded once from the listing before the speed
//! work (issue 8). `SKALD_WRITE_LISTING_DIGESTS=1 cargo test -p skald-core --lib
//! listing_check` records it again: only do that for a deliberate change of the rules.

use crate::ai::simulate::listing_digest;
use crate::engine::Game;
use crate::games::v878::V878;

const FILE: &str = "src/games/v878/listing_digests.txt";
const SEEDS: [u64; 6] = [1, 2, 3, 4, 5, 6];
const EVERY: u32 = 5;

fn current() -> String {
    let mut text =
        String::from("# scenario seed, then: step seat count hash; game decisions all played\n");
    for s in V878::scenarios() {
        let options = V878::options(s.id).expect("scenario");
        for seed in SEEDS {
            text.push_str(&format!("== {} {seed}\n", s.id));
            for line in listing_digest::record::<V878>(&options, seed, 20_000, EVERY) {
                text.push_str(&line);
                text.push('\n');
            }
        }
    }
    text
}

#[test]
fn v878_listing_order_unchanged_in_random_games() {
    let now = current();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE);
    if std::env::var_os("SKALD_WRITE_LISTING_DIGESTS").is_some() {
        std::fs::write(&path, &now).expect("write digests");
        return;
    }
    let recorded = include_str!("listing_digests.txt");
    let sampled = recorded
        .lines()
        .filter(|l| !l.starts_with(['#', '=', 'g']))
        .count();
    assert!(sampled >= 300, "only {sampled} positions recorded");
    for (n, (want, got)) in recorded.lines().zip(now.lines()).enumerate() {
        assert_eq!(want, got, "line {} of {FILE}", n + 1);
    }
    assert_eq!(recorded.lines().count(), now.lines().count());
}
