//! The notation's proof over random play: every legal action and every position (and
//! each seat's view) that random games reach prints, reads back to the same value and
//! prints again to the same text. The recorder also digests all that text, and can
//! write it to a folder (`SKALD_NOTATION_DUMP`), so that two versions of a notation
//! can be compared text for text.

use crate::engine::{Chance, Notation, Turn};
use std::hash::Hasher;
use std::io::Write;

/// What one recording saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    pub games: u32,
    pub positions: u64,
    pub views: u64,
    pub actions: u64,
    /// A digest of every text, in order.
    pub digest: u64,
}

/// Plays `games` random games of every scenario of `G` (at most `max` decisions each)
/// and checks every text on the way. `out`, when given, receives every text, one per
/// line group.
pub fn record<G: Notation>(
    games: u32,
    max: u32,
    mut out: Option<&mut dyn Write>,
) -> Result<Recorded, String> {
    let mut rec = Recorded::default();
    let mut digest = crate::engine::hash::StableHasher::default();
    for info in G::scenarios() {
        let options = G::options(info.id)?;
        for seed in 0..games as u64 {
            let mut sink = |text: &str| {
                digest.write(text.as_bytes());
                digest.write_u8(0xff);
                if let Some(w) = out.as_mut() {
                    let _ = writeln!(w, "{text}");
                }
            };
            sink(&format!("== {} {} seed {seed}", G::ID, info.id));
            play::<G>(&options, seed, max, &mut rec, &mut sink)
                .map_err(|e| format!("{} {} seed {seed}: {e}", G::ID, info.id))?;
            rec.games += 1;
        }
    }
    rec.digest = digest.finish();
    Ok(rec)
}

fn play<G: Notation>(
    options: &G::Options,
    seed: u64,
    max: u32,
    rec: &mut Recorded,
    sink: &mut dyn FnMut(&str),
) -> Result<(), String> {
    let mut state = G::setup(options, seed);
    let mut rng = Chance::new(seed ^ 0x5eed_f00d_u64);
    for step in 0..max {
        position::<G>(&state, seed).map_err(|e| format!("step {step}: {e}"))?;
        let text = G::format_position(&state);
        sink(&text);
        rec.positions += 1;
        let seats = match G::to_act(&state) {
            Turn::Over(_) => return Ok(()),
            Turn::Decide(seats) => seats,
        };
        for &seat in &seats {
            let view = G::format_view(&G::view(&state, &[seat]));
            let back = G::parse_position(&view, seed)
                .map_err(|e| format!("step {step}: view does not read: {e}\n{view}"))?;
            if G::format_position(&back) != view {
                return Err(format!("step {step}: view does not print back:\n{view}"));
            }
            sink(&view);
            rec.views += 1;
            for a in G::legal_actions(&state, seat) {
                let text = G::format_action(&state, &a);
                let back = G::parse_action(&state, &text)
                    .map_err(|e| format!("step {step}: action '{text}' does not read: {e}"))?;
                if back != a {
                    return Err(format!(
                        "step {step}: '{text}' reads as {back:?}, not {a:?}"
                    ));
                }
                sink(&text);
                rec.actions += 1;
            }
        }
        let Some(&seat) = seats.first() else {
            return Err(format!("step {step}: nobody is to act"));
        };
        let Some(a) = G::random_action(&state, seat, &mut rng) else {
            return Err(format!("step {step}: no action for {seat}"));
        };
        G::apply(&mut state, seat, &a).map_err(|e| format!("step {step}: {e}"))?;
    }
    Ok(())
}

/// The position prints, reads back to a state with the same hash, and prints the same.
fn position<G: Notation>(state: &G::State, seed: u64) -> Result<(), String> {
    let text = G::format_position(state);
    let back = G::parse_position(&text, seed)
        .map_err(|e| format!("position does not read: {e}\n{text}"))?;
    if G::state_hash(&back) != G::state_hash(state) || G::format_position(&back) != text {
        return Err(format!("position does not round-trip:\n{text}"));
    }
    Ok(())
}

/// Runs [`record`] for a test: `SKALD_NOTATION_GAMES` games per scenario (default
/// `games`), and the texts to `SKALD_NOTATION_DUMP/<game>.txt` when that is set.
pub fn record_for_test<G: Notation>(games: u32, max: u32) -> Recorded {
    let games = std::env::var("SKALD_NOTATION_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(games);
    let mut file = std::env::var_os("SKALD_NOTATION_DUMP").map(|dir| {
        let path = std::path::Path::new(&dir).join(format!("{}.txt", G::ID));
        std::io::BufWriter::new(std::fs::File::create(path).expect("dump file"))
    });
    let out = file.as_mut().map(|f| f as &mut dyn Write);
    let rec = record::<G>(games, max, out).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{} notation over random play: {rec:?}", G::ID);
    rec
}
