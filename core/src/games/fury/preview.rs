//! What a Fury player knows before committing to an action decided by a die (the
//! contract's `Game::preview`): the odds as the rules reckon them and the chance of each
//! result, exactly, by trying every face of the one d6 that decides it (the CRT 7.2,
//! Archery 7.6, Capture 8.1, Divine Wrath 7.11, Fire 10.2, burning a Ship 10.4).

use super::actions::FuryAction;
use super::events::FuryEvent;
use super::state::FuryState;
use super::units::Side;
use super::Fury;
use crate::engine::preview::{one_roll, Preview};
use crate::engine::GameEvent;

pub fn preview(state: &FuryState, side: Side, action: &FuryAction) -> Option<Preview> {
    let rule = match action {
        FuryAction::Attack { .. } => "7.2",
        FuryAction::Archery { .. } => "7.6",
        FuryAction::Capture { .. } => "8.1",
        FuryAction::Wrath { .. } => "7.11",
        FuryAction::SetFire { .. } => "10.2",
        FuryAction::BurnShip { .. } => "10.4",
        _ => return None,
    };
    let (odds, outcomes) = one_roll::<Fury>(state, side.seat(), action, 6, read)?;
    Some(Preview {
        rule,
        odds,
        outcomes,
    })
}

/// The odds and the result of the roll, from the event that reports it.
fn read(events: &[GameEvent<FuryEvent>]) -> Option<(String, String)> {
    events.iter().find_map(|e| match &e.kind {
        FuryEvent::Attack {
            attack,
            defence,
            doubled,
            odds,
            shifted,
            result,
            ..
        } => {
            let mut how = format!(
                "{attack} to {defence}{} = {}",
                if *doubled { " (defence doubled)" } else { "" },
                odds.label()
            );
            if let Some(to) = shifted {
                how.push_str(&format!(", Leader shift to {}", to.label()));
            }
            Some((how, format!("{result:?}")))
        }
        FuryEvent::Archery {
            attack,
            defence,
            doubled,
            odds,
            result,
            ..
        } => Some((
            format!(
                "{attack} to {defence}{} = {}",
                if *doubled { " (defence doubled)" } else { "" },
                odds.label()
            ),
            format!("{result:?}"),
        )),
        FuryEvent::Capture {
            attack,
            defence,
            odds,
            captured,
            ..
        } => Some((
            format!("{attack} to {defence} = {}", odds.label()),
            if *captured { "captured" } else { "fails" }.to_string(),
        )),
        FuryEvent::Wrath { result, .. } => {
            Some(("Divine Wrath table".to_string(), format!("{result:?}")))
        }
        FuryEvent::Fire { need, burns, .. } => Some((
            format!("needs 1-{need}"),
            if *burns { "burns" } else { "fails" }.to_string(),
        )),
        FuryEvent::ShipFired { burns, .. } => Some((
            "the Ship burning table (10.4)".to_string(),
            if *burns { "burns" } else { "fails" }.to_string(),
        )),
        _ => None,
    })
}
