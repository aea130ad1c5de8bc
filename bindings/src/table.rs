//! One game being played, behind a handle: the state stays in Rust, and each call
//! carries only what the screen needs now.

use crate::clock::now;
use crate::computer::ComputerMove;
use crate::error::SkaldError;
use crate::hint::{hint_record, Hint, HintRequest};
use crate::scene::{core_press, Press, Scene};
use crate::words;
use skald_core::engine::scene::Point;
use skald_core::engine::{GameBox, Target as CoreTarget};
use skald_core::games::registry;
use skald_core::session::{self, Session, Tabletop, TapResult};
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

/// What a tap or a button press did. Draw the scene again after any of them.
#[derive(Clone, Debug, PartialEq, uniffi::Enum)]
pub enum TapOutcome {
    /// Taken in: the scene highlights what may come next.
    Narrowed,
    /// Every target of this action is tapped: tap the last again or confirm. The
    /// action in notation (an identifier) and as people read it (what to show).
    Ready { action: String, words: String },
    /// The action was played; what happened, as the holder may read it, each line with
    /// its rule.
    Played { action: String, said: Vec<String> },
    /// Nothing can be done there (the selection was cleared), and why.
    Nothing { why: String },
}

/// One step the person taking the device missed, as their seats may see it.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct RecapStep {
    pub seat: String,
    /// The person's name, or "computer".
    pub by: String,
    /// The action in notation; None when it is another seat's secret.
    pub action: Option<String>,
    /// The action as people read it after the seat's name ("end Viking movement (5.0)"
    /// where the notation says `end`): what to show. None when it is another seat's
    /// secret.
    pub words: Option<String>,
    /// What happened, each line with its rule.
    pub said: Vec<String>,
    /// Who made the step, to show, the seat named as the saves list names it: "Ann
    /// (Viking)".
    pub who: String,
    /// The step to show: `words`, or "a hidden choice" for another seat's secret.
    pub action_line: String,
}

/// A game in play. Every method may be called from any thread; calls are taken one at
/// a time.
#[derive(uniffi::Object)]
pub struct Table {
    table: Mutex<Tabletop>,
}

impl Table {
    pub(crate) fn new(session: Session) -> Arc<Table> {
        Arc::new(Table {
            table: Mutex::new(Tabletop::new(session)),
        })
    }

    /// The session with its touch layer. A panic inside a call (a bug in the core,
    /// which uniffi reports to the app as an internal error) poisons the lock; later
    /// calls still reach the game rather than failing for ever, and the save holds what
    /// was played.
    pub(crate) fn tabletop(&self) -> MutexGuard<'_, Tabletop> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn seat_named(
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
        let t = self.tabletop();
        let s = t.session();
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
        Ok(self.tabletop().confirm_handoff()?)
    }

    /// What the person who just took the device missed since their own last choice.
    pub fn recap(&self) -> Result<Vec<RecapStep>, SkaldError> {
        let steps = self.tabletop().session().recap()?;
        Ok(steps
            .into_iter()
            .map(|step| RecapStep {
                who: words::recap_who(&step.by, &words::seat_name(&step.seat_name)),
                action_line: words::recap_action(step.words.as_deref()),
                seat: step.seat_name,
                by: step.by,
                action: step.action,
                words: step.words,
                said: step.events.into_iter().map(line).collect(),
            })
            .collect())
    }

    /// The board and the decision as text, as the viewer may see it.
    pub fn board_text(&self) -> String {
        self.tabletop().session().render_screen()
    }

    /// What to draw now for whoever holds the device (the public board while a
    /// hand-off waits).
    pub fn scene(&self) -> Scene {
        let t = self.tabletop();
        Scene::from_core(t.scene(), t.session().seat_names())
    }

    /// A tap at a point of the map, in the scene's map units. A tap anywhere is safe:
    /// off the map, on nothing, or when nobody may tap, it does nothing and says why.
    pub fn tap(&self, x: f32, y: f32) -> Result<TapOutcome, SkaldError> {
        if !x.is_finite() || !y.is_finite() {
            return Ok(TapOutcome::Nothing {
                why: "nothing there to tap".into(),
            });
        }
        let result = self.tabletop().tap(Point::new(x, y), now())?;
        Ok(outcome(result))
    }

    /// A button of the scene pressed (its `press`, as the scene gave it).
    pub fn press(&self, press: Press) -> Result<TapOutcome, SkaldError> {
        let mut t = self.tabletop();
        let words = words_now(&t);
        let Some(press) = core_press(press, &words) else {
            return Ok(TapOutcome::Nothing {
                why: "that is not a choice now".into(),
            });
        };
        Ok(outcome(t.press(&press, now())?))
    }

    /// The legal actions of `seat` in notation, if the holder decides for it now.
    pub fn legal_actions(&self, seat: String) -> Result<Vec<String>, SkaldError> {
        let t = self.tabletop();
        let s = t.session();
        let seat = Table::seat_named(s, &seat)?;
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
        let mut t = self.tabletop();
        let seat = Table::seat_named(t.session(), &seat)?;
        let events = t.act(seat, &action, now())?;
        Ok(events.into_iter().map(line).collect())
    }

    /// One automatic action (the computer, a standing order), played at once on the
    /// caller's thread, as the holder may see it. An app calls `think` instead, which
    /// does not block.
    pub fn computer_step(&self) -> Result<Vec<String>, SkaldError> {
        let mut t = self.tabletop();
        let before = t.session().game().clone_box();
        let played = t.step_computer(now())?;
        Ok(said(played, before.as_ref()))
    }

    /// Starts the computer thinking about its move on a thread of its own; None when
    /// the move needs no thought (a standing order, a forced action, the random or the
    /// simple player: `computer_step` plays it at once).
    pub fn think(self: Arc<Self>) -> Result<Option<Arc<ComputerMove>>, SkaldError> {
        let thinking = self.tabletop().session().start_thinking()?;
        Ok(thinking.map(|t| ComputerMove::new(self.clone(), t)))
    }

    /// What the computer would do for the holder's decision now, at the normal level's
    /// budget, worked out on the caller's thread (up to about 0.3 s, longer on a slow
    /// phone). It changes nothing. An app calls `start_hint` instead, which does not
    /// block and can be cancelled.
    pub fn hint(&self) -> Result<Hint, SkaldError> {
        let t = self.tabletop();
        let s = t.session();
        let hint = s.hint()?;
        Ok(hint_record(s, hint))
    }

    /// Starts working out the hint `hint` would give, on a thread of its own, from the
    /// holder's seat's view only; await its `outcome`, or `cancel` it when the person
    /// acts, undoes or leaves. Refused as `hint` is (no hint for the computer's seat,
    /// before a hand-off, when nobody is to decide).
    pub fn start_hint(self: Arc<Self>) -> Result<Arc<HintRequest>, SkaldError> {
        let thinking = self.tabletop().session().start_hint()?;
        Ok(HintRequest::new(self.clone(), thinking))
    }

    /// What the person should be told that is not an error, since last asked: a save
    /// repaired on opening, a journal written again. Each is in the log as well.
    pub fn notices(&self) -> Vec<String> {
        let notices = self.tabletop().take_notices();
        for notice in &notices {
            log::warn!("{notice}");
        }
        notices
    }

    pub fn can_undo(&self) -> bool {
        self.tabletop().session().can_undo()
    }

    /// Takes back the holder's last action (and the computer's after it).
    pub fn undo(&self) -> Result<(), SkaldError> {
        Ok(self.tabletop().undo(now())?)
    }
}

/// An event as a line a person reads, with its rule: its words for people, not the text
/// case files match ("[4.0] Turn 1, Viking movement (5.0)", not "turn 1:
/// viking-movement").
pub(crate) fn line(e: skald_core::engine::Event) -> String {
    e.line()
}

fn outcome(result: TapResult) -> TapOutcome {
    match result {
        TapResult::Narrowed => TapOutcome::Narrowed,
        TapResult::Ready { action, words } => TapOutcome::Ready { action, words },
        TapResult::Played { action, events } => TapOutcome::Played {
            action,
            said: events.into_iter().map(line).collect(),
        },
        TapResult::Nothing { why } => TapOutcome::Nothing { why },
    }
}

/// The button words the deciding seat's actions use now: an app's word is matched
/// against them (the core's words are constants, not strings from outside). The
/// table's own list of legal actions is used, so a press lists them no more often.
pub(crate) fn words_now(t: &Tabletop) -> Vec<&'static str> {
    let mut words = Vec::new();
    for entry in t.legal() {
        for target in &entry.targets {
            if let CoreTarget::Word(w) = target {
                if !words.contains(w) {
                    words.push(*w);
                }
            }
        }
    }
    words
}

/// An automatic action as the holder may read it: who played what, in words (unless it
/// is a secret of another seat: then neither words nor notation), then what happened,
/// each line with its rule. `before` is the game just before the action, which the
/// words are read from ("Villager: end Villager movement (5.0)", not "villager: end"),
/// the seat named as the saves list names it.
pub(crate) fn said(played: session::Played, before: &dyn GameBox) -> Vec<String> {
    let mut out: Vec<String> = played
        .action
        .map(|a| {
            let words = registry::action_words(before, played.seat, &a);
            words::seat_choice(&words::seat_name(&played.seat_name), &words)
        })
        .into_iter()
        .collect();
    out.extend(played.events.into_iter().map(line));
    out
}

#[cfg(test)]
mod tests {
    use super::line;
    use skald_core::engine::dynamic::describe;
    use skald_core::engine::GameEvent;
    use skald_core::games::fury::{state::Phase as FuryPhase, Fury, FuryEvent};
    use skald_core::games::v878::{happenings::V878Event, state::Phase as V878Phase, V878};

    #[test]
    fn a_phase_event_reads_as_the_phases_title_not_its_id() {
        let fury = describe::<Fury>(GameEvent::public(
            "4.0",
            FuryEvent::PhaseBegins {
                turn: 1,
                phase: FuryPhase::VikingMovement,
            },
        ));
        assert_eq!(line(fury), "[4.0] Turn 1, Viking movement (5.0)");
        let v878 = describe::<V878>(GameEvent::public(
            "1.2",
            V878Event::PhaseBegins {
                phase: V878Phase::Battles,
            },
        ));
        assert_eq!(line(v878), "[1.2] Battle Phase (4.0)");
    }
}
