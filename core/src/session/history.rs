//! A game step by step from its start, as one viewer may see it: who acted, what they
//! did (unless it is another seat's secret), the events the viewer may read, and the
//! position as the viewer sees it after each action.
//!
//! The steps are the actions still standing: an action later taken back is not a step.
//! Each step's view is computed from the game at that step only, so the history can
//! never show a die or a card that was not yet rolled or drawn.

use super::error::SessionError;
use super::seating::{Player, Seating};
use super::timeline::start_game;
use crate::engine::{Event, GameBox, Seat};
use crate::games::registry;
use crate::store::{Entry, Header};

/// One action of the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryStep {
    /// 1 for the first action: the game after this step has had `number` actions.
    pub number: u32,
    pub seat: Seat,
    pub seat_name: String,
    /// The person's name, or "computer".
    pub by: String,
    /// Whether it was the seat's only legal action, taken for the person
    /// ([`GameBox::forced_action`]).
    pub forced: bool,
    /// The action in notation; None when it is another seat's secret.
    pub action: Option<String>,
    /// The action as people read it after the seat's name ("end Viking movement (5.0)",
    /// [`registry::action_words`]); None when it is another seat's secret.
    pub words: Option<String>,
    /// The events of this action the viewer may read.
    pub events: Vec<Event>,
    /// The position after this action as the viewer sees it.
    pub view: String,
}

/// A game from its start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// The start position as the viewer sees it.
    pub start_view: String,
    pub steps: Vec<HistoryStep>,
}

/// The actions of a log still standing, in order: every undo removes the last one.
pub fn standing_actions(log: &[Entry]) -> Result<Vec<(Seat, String)>, SessionError> {
    let mut standing: Vec<(Seat, String)> = Vec::new();
    for (index, entry) in log.iter().enumerate() {
        match entry {
            Entry::Act { seat, action } => standing.push((Seat(*seat), action.clone())),
            Entry::Undo { seat } => match standing.last() {
                Some((last, _)) if last.0 == *seat => {
                    standing.pop();
                }
                _ => {
                    return Err(SessionError::BadLog(format!(
                        "record {index} takes back an action seat {seat} did not take last"
                    )))
                }
            },
        }
    }
    Ok(standing)
}

/// Whether another seat's action must be hidden from `viewer`: when the game says the
/// action, taken in `before` (the game just before it), is a secret of the seat taking
/// it (878's Advanced Setup deck choices). What was public about any action still
/// reaches the viewer through the events, filtered by their audience.
pub fn action_hidden(before: &dyn GameBox, seat: Seat, action: &str, viewer: &[Seat]) -> bool {
    !viewer.contains(&seat) && before.action_is_secret(action)
}

/// The game of a save after its first `step` standing actions.
pub fn game_at(
    header: &Header,
    standing: &[(Seat, String)],
    step: u32,
) -> Result<Box<dyn GameBox>, SessionError> {
    let steps = u32::try_from(standing.len()).unwrap_or(u32::MAX);
    if step > steps {
        return Err(SessionError::NoSuchStep { step, steps });
    }
    let mut game = start_game(header)?;
    for (index, (seat, action)) in standing.iter().take(step as usize).enumerate() {
        game.play(*seat, action)
            .map_err(|e| SessionError::BadLog(format!("step {}: {e}", index + 1)))?;
    }
    Ok(game)
}

/// The game of a save after its first `step` standing actions, with every event of the
/// last of them (none at step 0): what a history screen shows for that step. The events
/// are all of them: whoever shows them filters by their audience.
pub fn game_and_events_at(
    header: &Header,
    standing: &[(Seat, String)],
    step: u32,
) -> Result<(Box<dyn GameBox>, Vec<Event>), SessionError> {
    let Some(before) = step.checked_sub(1) else {
        return Ok((game_at(header, standing, 0)?, Vec::new()));
    };
    let Some((seat, action)) = standing.get(before as usize) else {
        let steps = u32::try_from(standing.len()).unwrap_or(u32::MAX);
        return Err(SessionError::NoSuchStep { step, steps });
    };
    let mut game = game_at(header, standing, before)?;
    let events = game
        .play(*seat, action)
        .map_err(|e| SessionError::BadLog(format!("step {step}: {e}")))?;
    Ok((game, events))
}

/// The whole history of a save as `viewer` may see it.
pub fn history(
    header: &Header,
    log: &[Entry],
    seating: &Seating,
    viewer: &[Seat],
) -> Result<History, SessionError> {
    let standing = standing_actions(log)?;
    let mut game = start_game(header)?;
    let names = game.seat_names();
    let start_view = game.view_position(viewer);
    let mut steps = Vec::with_capacity(standing.len());
    for (number, (seat, action)) in (1u32..).zip(standing) {
        let hidden = action_hidden(game.as_ref(), seat, &action, viewer);
        let is_person = matches!(seating.player(seat), Some(Player::Person(_)));
        let forced = is_person && game.forced_action(seat).is_some();
        let words = (!hidden).then(|| registry::action_words(game.as_ref(), seat, &action));
        let events = game
            .play(seat, &action)
            .map_err(|e| SessionError::BadLog(format!("step {number}: {e}")))?;
        steps.push(HistoryStep {
            number,
            seat,
            seat_name: names
                .get(seat.0 as usize)
                .copied()
                .unwrap_or("?")
                .to_string(),
            by: match seating.player(seat) {
                Some(Player::Person(name)) => name.clone(),
                _ => "computer".to_string(),
            },
            forced,
            action: (!hidden).then_some(action),
            words,
            events: events
                .into_iter()
                .filter(|e| e.audience.admits(viewer))
                .collect(),
            view: game.view_position(viewer),
        });
    }
    Ok(History { start_view, steps })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_standing_actions_drop_what_was_taken_back() {
        let log = vec![
            Entry::act(0, "a"),
            Entry::act(1, "b"),
            Entry::Undo { seat: 1 },
            Entry::act(1, "c"),
        ];
        assert_eq!(
            standing_actions(&log).unwrap(),
            vec![(Seat(0), "a".to_string()), (Seat(1), "c".to_string())]
        );
        let bad = vec![Entry::act(0, "a"), Entry::Undo { seat: 1 }];
        assert!(matches!(
            standing_actions(&bad),
            Err(SessionError::BadLog(_))
        ));
    }
}
