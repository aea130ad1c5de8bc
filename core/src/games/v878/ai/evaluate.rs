//! How well a faction stands, from 0 (lost) to 1 (won): what the victory check of the
//! scenario will count (city markers for 7.0 and 7.1, plunder for NR 111, markers for
//! AG 123-124), weighed more the nearer the game is to its end, and the units each
//! side has to change it (on the map, on Leader cards, still to land or to re-enter).

use super::super::data::{data, Faction, Side, Victory};
use super::super::state::{LeaderPlace, V878State};
use crate::engine::Seat;

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Units of a side that can still fight: on the map, on Leader cards in play, waiting
/// in the raid army, or fled (they come back, 2.3). The Fyrd are not counted.
pub fn units(state: &V878State, side: Side) -> u32 {
    let mut n = 0u32;
    for f in side.factions() {
        let k = f as usize;
        n += state.map.iter().map(|t| t[k] as u32).sum::<u32>();
        n += state
            .leaders
            .iter()
            .filter(|l| matches!(l.place, LeaderPlace::OnMap(_) | LeaderPlace::OffMap))
            .map(|l| l.troops[k] as u32)
            .sum::<u32>();
        n += state.raiders[k] as u32 + state.faction(f).fled as u32;
    }
    n
}

/// The Vikings' standing as a number on the real line: positive when they are ahead.
fn viking_lead(state: &V878State) -> f64 {
    let d = data();
    let sc = &d.scenarios()[state.options.scenario as usize];
    let rounds = sc.rounds.max(1) as f64;
    // How far through the game we are: 0 at the start, 1 in the last Round.
    let late = ((state.round as f64 - 1.0) / (rounds - 1.0).max(1.0)).clamp(0.0, 1.0);
    let (v, e) = (
        units(state, Side::Viking) as f64,
        units(state, Side::English) as f64,
    );
    let share = if v + e > 0.0 { v / (v + e) } else { 0.5 };
    let army = (share - 0.5) * 4.0 * (1.0 - 0.6 * late);
    let m = state.markers_on_map() as f64;
    match sc.victory {
        Victory::Standard {
            conquest_markers,
            treaty_markers,
            ..
        } => {
            // Below the Treaty count the English win at the Treaty; at none they win at
            // once; near the conquest count the Vikings are close to winning at once.
            let treaty = treaty_markers as f64 - 0.5;
            let conquest = conquest_markers as f64;
            let mut x = (m - treaty) * (0.35 + 0.45 * late) + army;
            if m >= conquest - 3.0 {
                x += (m - (conquest - 3.0)) * 0.5;
            }
            if m < 1.0 {
                x -= 1.5;
            }
            x
        }
        Victory::Plunder { markers } => {
            // Each Round's end takes a marker per Viking city (NR 111).
            let held = d
                .cities()
                .iter()
                .filter(|c| state.occupies(**c, Side::Viking))
                .count() as f64;
            let ends_left = (sc.rounds as f64 - state.round as f64 + 1.0).max(0.0);
            let projected = state.plundered as f64 + held * ends_left;
            (projected - markers as f64 + 0.5) * 0.6 + army
        }
        Victory::Gambit { markers_at_end } => {
            let need = markers_at_end as f64 - 0.5;
            (m - need) * (0.6 + 0.8 * late) + army
        }
    }
}

/// `seat`'s standing in 0..=1: 1 or 0 once the game is over, else the logistic of
/// the side's lead.
pub fn evaluate(state: &V878State, seat: Seat) -> f64 {
    let Some(&f) = Faction::ALL.get(seat.0 as usize) else {
        return 0.0;
    };
    if let Some(finish) = &state.finish {
        return if finish.winner == f.side() { 1.0 } else { 0.0 };
    }
    let v = logistic(viking_lead(state));
    match f.side() {
        Side::Viking => v,
        Side::English => 1.0 - v,
    }
}
