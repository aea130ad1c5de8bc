//! One game being played, behind a handle: the state stays in Rust, and each call
//! carries only what the screen needs now.

use crate::clock::now;
use crate::computer::ComputerMove;
use crate::error::SkaldError;
use skald_core::ai::search::Decided;
use skald_core::session::{self, Session};
use std::sync::{Arc, Mutex, MutexGuard};

/// What the device should show now.
#[derive(Clone, Debug, PartialEq, uniffi::Enum)]
pub enum Screen {
    /// Pass the device to this person: nothing secret is shown until they confirm.
    HandOff { to: String },
    /// The person holding the device decides for these seats.
    Decide { person: String, seats: Vec<String> },
    /// The computer (or a standing order) is to move: call `computer_step`.
    ComputerToMove { seats: Vec<String> },
    /// The game is over: the result in the rulebook's words and how it was reached.
    Over { result: String, detail: String },
    /// The game cannot go on (a rules bug), said in words.
    Stuck { reason: String },
}

/// One action the hint weighed.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct HintCandidate {
    /// The action in notation.
    pub action: String,
    /// The seat's chance to win after it, as the game's evaluation estimates it (0 to 1).
    pub win_chance: f64,
    /// How many of the search's tries went through it.
    pub tries: u32,
}

/// What the computer would do in the holder's place, from the holder's view only.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct Hint {
    pub seat: String,
    pub action: String,
    /// Why this action: `searched`, `only-action` (the only legal one), or
    /// `rule-of-thumb` (the decision is left to the simple player, such as setting up).
    pub why: String,
    /// The actions it weighed, most tried first (empty unless it searched).
    pub candidates: Vec<HintCandidate>,
    pub tries: u32,
}

/// A game in play. Every method may be called from any thread; calls are taken one at
/// a time.
#[derive(uniffi::Object)]
pub struct Table {
    session: Mutex<Session>,
}

impl Table {
    pub(crate) fn new(session: Session) -> Arc<Table> {
        Arc::new(Table {
            session: Mutex::new(session),
        })
    }

    /// The session. A panic inside a call (a bug in the core, which uniffi reports to
    /// the app as an internal error) poisons the lock; later calls still reach the
    /// session rather than failing for ever, and the save holds what was played.
    pub(crate) fn session(&self) -> MutexGuard<'_, Session> {
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn seat_named(
        &self,
        session: &Session,
        name: &str,
    ) -> Result<skald_core::engine::Seat, SkaldError> {
        session
            .seat_names()
            .iter()
            .position(|s| s.eq_ignore_ascii_case(name.trim()))
            .map(|i| skald_core::engine::Seat(i as u8))
            .ok_or_else(|| {
                SkaldError::bad_input(format!(
                    "no seat `{name}` (the seats are {})",
                    session.seat_names().join(", ")
                ))
            })
    }
}

#[uniffi::export]
impl Table {
    pub fn screen(&self) -> Screen {
        let s = self.session();
        let names = |seats: &[skald_core::engine::Seat]| -> Vec<String> {
            seats
                .iter()
                .map(|&seat| s.seat_name(seat).to_string())
                .collect()
        };
        match s.screen() {
            session::Screen::HandOff { to } => Screen::HandOff { to },
            session::Screen::Decide { person, seats } => Screen::Decide {
                person,
                seats: seats.into_iter().map(|c| c.seat_name).collect(),
            },
            session::Screen::ComputerToMove { seats } => Screen::ComputerToMove {
                seats: names(&seats),
            },
            session::Screen::Over { outcome } => Screen::Over {
                result: outcome.result,
                detail: outcome.detail,
            },
            session::Screen::Stuck { reason } => Screen::Stuck { reason },
        }
    }

    /// The person named by the hand-off takes the device; returns their name.
    pub fn confirm_handoff(&self) -> Result<String, SkaldError> {
        Ok(self.session().confirm_handoff()?)
    }

    /// The board and the decision as text, as the viewer may see it.
    pub fn board_text(&self) -> String {
        self.session().render_screen()
    }

    /// The legal actions of `seat` in notation, if the holder decides for it now.
    pub fn legal_actions(&self, seat: String) -> Result<Vec<String>, SkaldError> {
        let s = self.session();
        let seat = self.seat_named(&s, &seat)?;
        match s.screen() {
            session::Screen::Decide { seats, .. } => Ok(seats
                .into_iter()
                .find(|c| c.seat == seat)
                .map(|c| c.legal.into_iter().map(|a| a.notation).collect())
                .unwrap_or_default()),
            _ => Ok(Vec::new()),
        }
    }

    /// Plays an action (in notation) for one of the holder's seats; returns what
    /// happened, as the holder may read it, each line with its rule.
    pub fn act(&self, seat: String, action: String) -> Result<Vec<String>, SkaldError> {
        let mut s = self.session();
        let seat = self.seat_named(&s, &seat)?;
        let events = s.act(seat, &action, now())?;
        Ok(events
            .into_iter()
            .map(|e| format!("[{}] {}", e.rule, e.text))
            .collect())
    }

    /// One automatic action (the computer, a standing order), played at once on the
    /// caller's thread, as the holder may see it. An app calls `think` instead, which
    /// does not block.
    pub fn computer_step(&self) -> Result<Vec<String>, SkaldError> {
        let played = self.session().step_computer(now())?;
        Ok(said(played))
    }

    /// Starts the computer thinking about its move on a thread of its own; None when
    /// the move needs no thought (a standing order, a forced action, the random or the
    /// simple player: `computer_step` plays it at once).
    pub fn think(self: Arc<Self>) -> Result<Option<Arc<ComputerMove>>, SkaldError> {
        let thinking = self.session().start_thinking()?;
        Ok(thinking.map(|t| ComputerMove::new(self.clone(), t)))
    }

    /// What the computer would do for the holder's decision now, at the normal level's
    /// budget (up to about 0.3 s: call it off the UI thread). It changes nothing.
    pub fn hint(&self) -> Result<Hint, SkaldError> {
        let s = self.session();
        let hint = s.hint()?;
        Ok(Hint {
            seat: s.seat_name(hint.seat).to_string(),
            action: hint.action,
            why: match hint.decided {
                Decided::Searched => "searched",
                Decided::OnlyAction => "only-action",
                Decided::LeftToSimple => "rule-of-thumb",
            }
            .to_string(),
            candidates: hint
                .candidates
                .into_iter()
                .map(|c| HintCandidate {
                    action: c.notation,
                    win_chance: c.value,
                    tries: c.visits,
                })
                .collect(),
            tries: hint.iterations,
        })
    }

    pub fn can_undo(&self) -> bool {
        self.session().can_undo()
    }

    /// Takes back the holder's last action (and the computer's after it).
    pub fn undo(&self) -> Result<(), SkaldError> {
        Ok(self.session().undo(now())?)
    }
}

/// An automatic action as the holder may read it: who played what (unless it is a
/// secret of another seat), then what happened, each line with its rule.
pub(crate) fn said(played: session::Played) -> Vec<String> {
    let mut out: Vec<String> = played
        .action
        .map(|a| format!("{}: {a}", played.seat_name))
        .into_iter()
        .collect();
    out.extend(
        played
            .events
            .into_iter()
            .map(|e| format!("[{}] {}", e.rule, e.text)),
    );
    out
}
