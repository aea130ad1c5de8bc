//! A session with its touch layer (issue 12): what an app holds for one game. Taps and
//! button presses come in, scenes go out; the selection and the latest events live
//! here, in the core, so that no app keeps any state but the picture on its screen.
//!
//! The selection belongs to the person holding the device and is forgotten whenever
//! the game changes (an action by anyone, an undo, a hand-off). The latest events are
//! what the scene's dice log and arrows show: from the holder's own last choice on (so
//! that they see the dice of their own attack and everything the others did after it),
//! read from the log when they take the device or undo, and added to as the game goes.

use super::error::SessionError;
use super::session::{Played, Screen, Session};
use super::thinking::Thought;
use crate::engine::scene::{Board, Point};
use crate::engine::{ActionEntry, Event, Seat, Target};
use crate::games::registry;
use crate::scene::{self, Highlights, Outcome, Press, Scene, Touch};
use std::cell::OnceCell;

/// The most events the scene's log keeps: a phone shows a few lines; a long computer
/// turn must not make every scene heavier.
pub const LATELY_LIMIT: usize = 60;

/// What a tap or a button press did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TapResult {
    /// The tap was taken in; the scene says what may come next.
    Narrowed,
    /// Every target of this action is tapped: tap again or confirm to take it. The
    /// action in notation, and as people read it (the seat's own: the person deciding
    /// for it may read it).
    Ready { action: String, words: String },
    /// The action was taken: these are its events, as the holder may read them.
    Played { action: String, events: Vec<Event> },
    /// Nothing could be done there; the selection was cleared.
    Nothing { why: String },
}

/// A game in play on one device.
pub struct Tabletop {
    session: Session,
    touch: Touch,
    lately: Vec<Event>,
    /// The deciding seat's legal actions, listed once per position: a tap and the scene
    /// after it both need them, and listing them is most of a scene's cost (Fury's
    /// hundreds of moves with their paths). Forgotten whenever the game changes.
    legal: OnceCell<Vec<ActionEntry>>,
    /// Who decides and whose view is shown, worked out once per position for the same
    /// reason (asking whether a seat's move is forced lists its actions).
    seats: OnceCell<Seats>,
}

/// The seats the device's holder decides for, and those whose secrets it may show.
struct Seats {
    deciding: Vec<Seat>,
    viewer: Vec<Seat>,
}

impl Tabletop {
    pub fn new(session: Session) -> Tabletop {
        let mut table = Tabletop {
            session,
            touch: Touch::new(),
            lately: Vec::new(),
            legal: OnceCell::new(),
            seats: OnceCell::new(),
        };
        table.reread_lately();
        table
    }

    /// The session, for what the table does not wrap (hints, thinking, history); it
    /// cannot change the game behind the table's back.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// What the person should be told that is not an error ([`Session::take_notices`]).
    pub fn take_notices(&mut self) -> Vec<String> {
        self.session.take_notices()
    }

    /// The seat whose actions taps choose among: the first seat the holder decides
    /// for now (one person deciding for two seats at once taps for the first; the
    /// other's actions stay open to `act`).
    pub fn deciding_seat(&self) -> Option<Seat> {
        self.seats().deciding.first().copied()
    }

    /// The seats whose secrets the scene may show now ([`Session::viewer_seats`]).
    pub fn viewer_seats(&self) -> &[Seat] {
        &self.seats().viewer
    }

    fn seats(&self) -> &Seats {
        self.seats.get_or_init(|| Seats {
            deciding: self.session.deciding_seats(),
            viewer: self.session.viewer_seats(),
        })
    }

    /// The deciding seat's legal actions (none when nobody holding the device decides).
    pub fn legal(&self) -> &[ActionEntry] {
        self.legal.get_or_init(|| match self.deciding_seat() {
            Some(seat) => self.session.game().legal_actions(seat),
            None => Vec::new(),
        })
    }

    /// What to draw now for whoever holds the device: only what their seats may see (the
    /// public view while a hand-off waits).
    pub fn scene(&self) -> Scene {
        scene::scene_with_legal(
            self.session.game(),
            self.viewer_seats(),
            self.deciding_seat(),
            self.legal(),
            &self.touch,
            &self.lately,
        )
    }

    /// The board as the scene draws it now, with what the touch layer highlights on it:
    /// what a device's questions about a point of it read (`scene::reach`: where to aim,
    /// whether a tap should open a stack out, what a screen reader says), without the
    /// rest of a scene's cost.
    pub fn board_now(&self) -> (Board, Highlights) {
        let board = self.session.game().board(self.viewer_seats());
        (board, self.touch.highlights(self.legal()))
    }

    /// The board after `step` actions of the history (0: the start), as the holder may
    /// see it (the public board while a hand-off waits), with the dice log and arrows of
    /// that step. Nothing is tappable: it is a picture of the past.
    pub fn history_scene(&self, step: u32) -> Result<Scene, SessionError> {
        let (game, events) = self.session.history_position(step)?;
        let seats = self.viewer_seats();
        let events: Vec<Event> = events
            .into_iter()
            .filter(|e| e.audience.admits(seats))
            .collect();
        Ok(scene::scene_with_legal(
            game.as_ref(),
            seats,
            None,
            &[],
            &Touch::new(),
            &events,
        ))
    }

    /// A tap at a point of the map, in map units.
    pub fn tap(&mut self, at: Point, now: u64) -> Result<TapResult, SessionError> {
        let Some(seat) = self.deciding_seat() else {
            return Ok(self.nobody_to_tap_for());
        };
        // The same board the scene drew, so that the pieces are where the person saw them.
        let board = self.session.game().board(self.viewer_seats());
        let under = scene::hit(&board, at);
        self.take_tap(seat, &under, now)
    }

    /// A button of the scene pressed.
    pub fn press(&mut self, press: &Press, now: u64) -> Result<TapResult, SessionError> {
        let Some(seat) = self.deciding_seat() else {
            return Ok(self.nobody_to_tap_for());
        };
        match press {
            Press::Tap(target) => self.take_tap(seat, std::slice::from_ref(target), now),
            Press::Confirm => {
                let legal = self.legal().to_vec();
                let outcome = self.touch.confirm(&legal);
                self.settle(seat, outcome, &legal, now)
            }
            Press::Clear => {
                self.touch.clear();
                Ok(TapResult::Narrowed)
            }
        }
    }

    /// Plays an action in notation for one of the holder's seats.
    pub fn act(&mut self, seat: Seat, action: &str, now: u64) -> Result<Vec<Event>, SessionError> {
        let events = self.session.act(seat, action, now)?;
        self.changed();
        // A person's own choice starts the log afresh: its events, then what follows.
        self.lately = events.clone();
        Ok(events)
    }

    pub fn confirm_handoff(&mut self) -> Result<String, SessionError> {
        let person = self.session.confirm_handoff()?;
        self.changed();
        self.reread_lately();
        Ok(person)
    }

    pub fn step_computer(&mut self, now: u64) -> Result<Played, SessionError> {
        let played = self.session.step_computer(now)?;
        self.after_automatic(&played);
        Ok(played)
    }

    pub fn play_thought(&mut self, thought: Thought, now: u64) -> Result<Played, SessionError> {
        let played = self.session.play_thought(thought, now)?;
        self.after_automatic(&played);
        Ok(played)
    }

    pub fn undo(&mut self, now: u64) -> Result<(), SessionError> {
        self.session.undo(now)?;
        self.changed();
        self.reread_lately();
        Ok(())
    }

    pub fn set_always_pass(&mut self, seat: Seat, on: bool) -> Result<(), SessionError> {
        self.session.set_always_pass(seat, on)?;
        // A standing order may make the seat automatic: who decides may change.
        self.changed();
        Ok(())
    }

    fn take_tap(
        &mut self,
        seat: Seat,
        under: &[Target],
        now: u64,
    ) -> Result<TapResult, SessionError> {
        // The list is taken out while the touch layer holds the selection mutably.
        self.legal();
        let legal = self.legal.take().unwrap_or_default();
        let game = self.session.game();
        // Actions with odds to look at wait for a confirmation, as on the board.
        let outcome = self.touch.tap(&legal, under, |i| {
            legal
                .get(i)
                .is_some_and(|e| game.preview(seat, &e.notation).is_some())
        });
        let result = self.settle(seat, outcome, &legal, now);
        // Still the list of the position, unless the tap played an action.
        if !matches!(result, Ok(TapResult::Played { .. })) {
            let _ = self.legal.set(legal);
        }
        result
    }

    fn settle(
        &mut self,
        seat: Seat,
        outcome: Outcome,
        legal: &[ActionEntry],
        now: u64,
    ) -> Result<TapResult, SessionError> {
        let notation = |i: usize| legal.get(i).map(|e| e.notation.clone());
        Ok(match outcome {
            Outcome::Narrowed => TapResult::Narrowed,
            Outcome::Nothing { why } => TapResult::Nothing { why },
            Outcome::Ready { action } => match notation(action) {
                Some(action) => TapResult::Ready {
                    words: registry::action_words(self.session.game(), seat, &action),
                    action,
                },
                None => TapResult::Narrowed,
            },
            Outcome::Commit { action } => {
                let Some(action) = notation(action) else {
                    return Ok(TapResult::Nothing {
                        why: "that action is no longer legal".into(),
                    });
                };
                let events = self.act(seat, &action, now)?;
                TapResult::Played { action, events }
            }
        })
    }

    fn nobody_to_tap_for(&mut self) -> TapResult {
        self.changed();
        let why = match self.session.screen() {
            Screen::HandOff { to } => format!("the device is to be passed to {to} first"),
            Screen::ComputerToMove { .. } => "the computer is to move".to_string(),
            Screen::Over { .. } => "the game is over".to_string(),
            Screen::Stuck { reason } => reason,
            Screen::Decide { .. } => "nothing to decide".to_string(),
        };
        TapResult::Nothing { why }
    }

    /// The game changed (or who holds the device): forget the selection and the list.
    fn changed(&mut self) {
        self.touch.clear();
        self.legal = OnceCell::new();
        self.seats = OnceCell::new();
    }

    fn after_automatic(&mut self, played: &Played) {
        self.changed();
        self.lately.extend(played.events.iter().cloned());
        self.trim_lately();
    }

    /// The events from the holder's own last choice on, read from the log (none while
    /// nobody holds the device).
    fn reread_lately(&mut self) {
        self.lately.clear();
        let Some(holder) = self.session.holder().map(str::to_string) else {
            return;
        };
        let seats = self.session.seating().seats_of(&holder);
        let Ok(history) = self.session.history(&seats) else {
            return;
        };
        let steps = history.steps;
        let from = steps
            .iter()
            .rposition(|step| seats.contains(&step.seat) && !step.forced)
            .unwrap_or(0);
        self.lately = steps
            .into_iter()
            .skip(from)
            .flat_map(|step| step.events)
            .collect();
        self.trim_lately();
    }

    fn trim_lately(&mut self) {
        if self.lately.len() > LATELY_LIMIT {
            let extra = self.lately.len() - LATELY_LIMIT;
            self.lately.drain(..extra);
        }
    }
}

#[cfg(test)]
#[path = "tabletop_tests.rs"]
mod tests;
