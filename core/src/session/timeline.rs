//! A game and the log of what was done to it, with undo: the one piece that live play,
//! loading a save, importing a file and the random-play checks all share, so a log means
//! the same thing everywhere.
//!
//! Undo takes back the last action still standing, and only while nothing hidden has
//! come out since: an action after which the chance stream has moved (a die, a shuffle)
//! or the game's hidden digest has changed (a card drawn, played, shown or a secret
//! choice made) is a boundary, and nothing before it can be undone. Who may undo (the
//! same person, not another) is the session's business; the timeline only checks that
//! the undone action belongs to the seat named in the record.

use crate::engine::{Event, GameBox, Seat};
use crate::games::registry;
use crate::store::{Entry, Header};
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TimelineError {
    #[error("the game '{0}' is not known to this version of Skald")]
    UnknownGame(String),
    #[error("the game could not be started: {0}")]
    Start(String),
    #[error("log record {index}: {message}")]
    Record { index: u32, message: String },
    #[error("nothing can be undone: {0}")]
    CannotUndo(String),
}

/// One action that may still be taken back: who took it, and the game before it.
struct Undoable {
    seat: Seat,
    before: Box<dyn GameBox>,
}

/// A running game and its log.
pub struct Timeline {
    game: Box<dyn GameBox>,
    log: Vec<Entry>,
    /// The actions since the last boundary, oldest first.
    undoable: Vec<Undoable>,
}

/// The game a save starts from: its scenario's set-up, or the position it was continued
/// from; the seed drives every later die and shuffle.
pub fn start_game(header: &Header) -> Result<Box<dyn GameBox>, TimelineError> {
    let entry = registry::find(&header.game)
        .map_err(|_| TimelineError::UnknownGame(header.game.clone()))?;
    match &header.start {
        Some(position) => entry.game_from_stored(position, header.seed),
        None => entry.game_with_options(&header.options, header.seed),
    }
    .map_err(TimelineError::Start)
}

impl Timeline {
    pub fn new(game: Box<dyn GameBox>) -> Timeline {
        Timeline {
            game,
            log: Vec::new(),
            undoable: Vec::new(),
        }
    }

    /// A game already brought to the end of `log` some other way (resumed from a
    /// snapshot): nothing before this point can be undone.
    pub fn from_parts(game: Box<dyn GameBox>, log: Vec<Entry>) -> Timeline {
        Timeline {
            game,
            log,
            undoable: Vec::new(),
        }
    }

    /// Replays a save's log from its start. A record that the rules refuse, or an undo
    /// the log had no right to, is reported by its index.
    pub fn replay(header: &Header, log: &[Entry]) -> Result<Timeline, TimelineError> {
        let mut timeline = Timeline::new(start_game(header)?);
        for (index, entry) in (0u32..).zip(log) {
            timeline
                .record(entry)
                .map_err(|message| TimelineError::Record { index, message })?;
        }
        Ok(timeline)
    }

    pub fn game(&self) -> &dyn GameBox {
        self.game.as_ref()
    }

    /// Every record so far, undos included.
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// How many actions stand (those logged less those taken back): the place in the
    /// game of the position now, the same however it was reached (after an undo, the
    /// count before the action taken back).
    pub fn standing_count(&self) -> u64 {
        let (acts, undos) = self
            .log
            .iter()
            .fold((0u64, 0u64), |(a, u), entry| match entry {
                Entry::Act { .. } => (a + 1, u),
                Entry::Undo { .. } => (a, u + 1),
            });
        acts.saturating_sub(undos)
    }

    /// Applies one log record (an action or an undo); on error nothing changes.
    pub fn record(&mut self, entry: &Entry) -> Result<Vec<Event>, String> {
        match entry {
            Entry::Act { seat, action } => self.act(Seat(*seat), action).map_err(|e| e.to_string()),
            Entry::Undo { seat } => self
                .undo(Seat(*seat))
                .map(|()| Vec::new())
                .map_err(|e| e.to_string()),
        }
    }

    /// Plays one action in notation and logs it. On error nothing changes.
    pub fn act(
        &mut self,
        seat: Seat,
        action: &str,
    ) -> Result<Vec<Event>, crate::engine::dynamic::PlayError> {
        let before = self.game.clone_box();
        let chance_before = self.game.chance_used();
        let hidden_before = self.game.hidden_digest();
        let events = self.game.play(seat, action)?;
        let boundary =
            self.game.chance_used() != chance_before || self.game.hidden_digest() != hidden_before;
        if boundary {
            self.undoable.clear();
        } else {
            self.undoable.push(Undoable { seat, before });
        }
        self.log.push(Entry::act(seat.0, action));
        Ok(events)
    }

    /// The seat whose action an undo would take back now, if any.
    pub fn undoable_seat(&self) -> Option<Seat> {
        self.undoable.last().map(|u| u.seat)
    }

    /// The actions that may be taken back, newest first: each one's seat and the game
    /// just before it.
    pub fn undoable(&self) -> impl Iterator<Item = (Seat, &dyn GameBox)> {
        self.undoable
            .iter()
            .rev()
            .map(|u| (u.seat, u.before.as_ref()))
    }

    /// How many actions in a row, counting back from the last, belong to seats in
    /// `seats` and may be taken back.
    pub fn undoable_by(&self, seats: &[Seat]) -> usize {
        self.undoable
            .iter()
            .rev()
            .take_while(|u| seats.contains(&u.seat))
            .count()
    }

    /// Takes back the last action still standing, which must be `seat`'s, and logs it.
    pub fn undo(&mut self, seat: Seat) -> Result<(), TimelineError> {
        let Some(last) = self.undoable.pop() else {
            return Err(TimelineError::CannotUndo(
                "every action since the last die roll, card draw or reveal has been taken back, or none was taken".to_string(),
            ));
        };
        if last.seat != seat {
            let error = TimelineError::CannotUndo(format!(
                "the last action was taken by seat {}, not seat {}",
                last.seat.0, seat.0
            ));
            self.undoable.push(last);
            return Err(error);
        }
        self.game = last.before;
        self.log.push(Entry::Undo { seat: seat.0 });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fury_header(seed: u64) -> Header {
        let entry = registry::find("fury").unwrap();
        let game = entry.new_game("basic", seed).unwrap();
        Header::new(
            "fury",
            entry.rules_version(),
            "basic",
            &game.options_json(),
            seed,
            0,
        )
    }

    /// Plays the first legal action of whoever is to act.
    fn first_action(t: &Timeline) -> (Seat, String) {
        let seat = match t.game().to_act() {
            crate::engine::Turn::Decide(seats) => seats[0],
            crate::engine::Turn::Over(_) => panic!("game over"),
        };
        (seat, t.game().legal_actions(seat)[0].notation.clone())
    }

    #[test]
    fn session_undo_restores_the_game_and_is_logged() {
        let header = fury_header(3);
        let mut t = Timeline::new(start_game(&header).unwrap());
        let start = t.game().state_hash();
        let (seat, action) = first_action(&t);
        t.act(seat, &action).unwrap();
        assert_ne!(t.game().state_hash(), start);
        assert_eq!(t.undoable_seat(), Some(seat));
        assert_eq!(t.standing_count(), 1);
        t.undo(seat).unwrap();
        assert_eq!(t.standing_count(), 0);
        assert_eq!(t.game().state_hash(), start);
        assert_eq!(
            t.log(),
            &[Entry::act(seat.0, &action), Entry::Undo { seat: seat.0 }]
        );
        // Replaying the log, undo included, gives the same game.
        let again = Timeline::replay(&header, t.log()).unwrap();
        assert_eq!(again.game().state_hash(), start);
    }

    #[test]
    fn session_undo_of_another_seats_action_is_refused() {
        let header = fury_header(3);
        let mut t = Timeline::new(start_game(&header).unwrap());
        let (seat, action) = first_action(&t);
        t.act(seat, &action).unwrap();
        let other = Seat(1 - seat.0);
        assert!(matches!(t.undo(other), Err(TimelineError::CannotUndo(_))));
        assert_eq!(t.log().len(), 1);
    }

    #[test]
    fn session_replay_names_the_refused_record() {
        let header = fury_header(3);
        let log = vec![Entry::act(0, "no such action"), Entry::Undo { seat: 0 }];
        match Timeline::replay(&header, &log) {
            Err(TimelineError::Record { index, .. }) => assert_eq!(index, 0),
            other => panic!("expected a refused record, got {:?}", other.err()),
        }
        let undo_first = vec![Entry::Undo { seat: 0 }];
        assert!(matches!(
            Timeline::replay(&header, &undo_first),
            Err(TimelineError::Record { index: 0, .. })
        ));
    }
}
