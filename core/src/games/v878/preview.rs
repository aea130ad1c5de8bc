//! What an 878 faction knows before it chooses the next battle, or steps a Leader into one (the contract's
//! `Game::preview`): a battle is many rolls and choices, so its outcome is estimated by
//! fighting it many times over on states drawn from the faction's own view (never the
//! true one: the Fyrd deck and the hands stay unknown), with random choices for the
//! decisions inside it, and reported with a 95% interval (4.0-4.7).

use super::actions::V878Action;
use super::data::{Faction, Side};
use super::state::{LeaderPlace, V878State};
use super::V878;
use crate::engine::preview::{sampled, Preview};

/// Battles fought per estimate: the interval's half-width is then under 3 points.
pub const SAMPLES: u32 = 1_000;

pub fn preview(state: &V878State, faction: Faction, action: &V878Action) -> Option<Preview> {
    // A battle chosen in the Battle Phase (4.0), or one a Leader starts by stepping
    // into a shire the other side holds (5.2).
    let shire = match *action {
        V878Action::Fight { shire } => shire,
        V878Action::LeaderStep { to, .. }
            if state.side_strength(to, faction.side().other()) > 0 =>
        {
            to
        }
        _ => return None,
    };
    let seat = crate::engine::Seat(faction as u8);
    let name = |s: &V878State| {
        let viking = s.side_strength(shire, Side::Viking) > 0;
        let english = s.side_strength(shire, Side::English) > 0;
        match (viking, english) {
            (true, false) => "the Vikings win",
            (false, true) => "the English win",
            (false, false) => "neither side is left",
            (true, true) => "not settled",
        }
        .to_string()
    };
    // The sides as the battle will find them: a stepping Leader brings his card's army.
    let mut arrived = state.clone();
    if let V878Action::LeaderStep { leader, to } = *action {
        if let Some(l) = arrived.leaders.get_mut(leader as usize) {
            l.place = LeaderPlace::OnMap(to);
        }
    }
    let outcomes = sampled::<V878>(
        state,
        seat,
        action,
        SAMPLES,
        state.round as u64 * 1_000 + u64::from(shire.0),
        |s| s.battle.is_none(),
        name,
    )?;
    Some(Preview {
        rule: "4.0",
        odds: format!(
            "English {} against Viking {} units",
            arrived.side_strength(shire, Side::English),
            arrived.side_strength(shire, Side::Viking)
        ),
        outcomes,
    })
}
