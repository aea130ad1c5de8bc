//! A game for people: the timeline, who plays which seat, who holds the device, the
//! standing orders, and the save it autosaves to.
//!
//! Pass-the-device: the session works out from the game whose decision is next. When it
//! belongs to a person other than the one holding the device, the screen is a hand-off
//! and every view is the public one (no seat's secrets) until the new person confirms.
//! A decision due from several seats at once is collected one person at a time; the
//! computer's seats, and a person's seats whose "always pass" standing order answers the
//! decision, are played without handing the device over.
//!
//! Undo is for the person holding the device, and only for their own seats' actions (the
//! timeline keeps it from crossing a die roll, a card draw or another reveal). Right
//! after their action the hand-off to the next person is shown; undo still works there,
//! since the next person has not taken the device yet.

use super::computer::{position_seed, Computers, HINT_SALT};
use super::error::SessionError;
use super::history::{self, action_hidden, game_at, standing_actions, History, HistoryStep};
use super::resume::{load_save, save_progress};
use super::seating::{Player, Seating, Skill};
use super::thinking::{Hint, HintThinking, Thinking, Thought};
use super::timeline::{start_game, Timeline, TimelineError};
use crate::ai::plans::PlanMemory;
use crate::ai::search::{Budget, Level};
use crate::engine::{ActionEntry, Event, GameBox, Outcome, Seat, SeatSearch, StoredPosition, Turn};
use crate::games::registry;
use crate::store::{Header, SaveId, Store};
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The most automatic decisions `run_computer` plays in one call before it reports the
/// game stuck (a game between computer seats that never ends is a rules bug).
pub const MAX_AUTOMATIC_DECISIONS: u32 = 1_000_000;

/// Where a session saves: the store and the save's id in it.
#[derive(Clone)]
pub struct SaveHandle {
    pub store: Arc<Store>,
    pub id: SaveId,
}

/// One seat a person is to decide for, with its legal actions (notation and targets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatChoice {
    pub seat: Seat,
    pub seat_name: String,
    pub legal: Vec<ActionEntry>,
}

/// What the device should show now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Pass the device to this person; nothing secret is shown until they confirm
    /// ([`Session::confirm_handoff`]).
    HandOff {
        to: String,
    },
    /// The person holding the device decides for these seats ([`Session::act`]).
    Decide {
        person: String,
        seats: Vec<SeatChoice>,
    },
    /// The computer, or a standing order, answers for these seats
    /// ([`Session::run_computer`] or [`Session::step_computer`]).
    ComputerToMove {
        seats: Vec<Seat>,
    },
    Over {
        outcome: Outcome,
    },
    /// The game cannot go on (nobody to act, or a seat with no legal action): a rules
    /// bug, said in words.
    Stuck {
        reason: String,
    },
}

/// Who played an automatic action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    Computer,
    /// A person's "always pass" standing order.
    StandingOrder,
    /// A person's only legal action, taken for them because it reveals nothing
    /// ([`GameBox::forced_action`]).
    Forced,
}

/// One automatic action, as the person holding the device may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub seat: Seat,
    pub seat_name: String,
    pub by: Mover,
    /// The action in notation; None when it is a secret of a seat that is not the
    /// viewer's.
    pub action: Option<String>,
    /// The events the person holding the device may read.
    pub events: Vec<Event>,
}

/// Whose decision is next, as the session sees it.
enum Next {
    Over(Outcome),
    Stuck(String),
    /// Seats the computer, a standing order or a forced action answers.
    Automatic(Vec<Seat>),
    /// A person's seats.
    Person {
        person: String,
        seats: Vec<Seat>,
    },
}

/// A game for people.
pub struct Session {
    timeline: Timeline,
    /// The save's header as it was created (its start, seed, options and seats).
    header: Header,
    seating: Seating,
    seat_names: Vec<&'static str>,
    save: Option<SaveHandle>,
    /// How many log records the save holds (the rest are retried on the next save).
    saved_len: usize,
    always_pass: BTreeSet<Seat>,
    holder: Option<String>,
    computers: Computers,
    /// The plan each computer seat chose for the phase it is in (`ai::plans`).
    plans: PlanMemory,
    /// What the person should be told that is not an error (how a save was opened, a
    /// snapshot that could not be written).
    notices: Vec<String>,
}

/// The scenario a new game starts from, and the optional rules its players switched on
/// (ids of the game's `optional_rules`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScenarioChoice {
    pub id: String,
    pub rules: Vec<String>,
}

impl From<&str> for ScenarioChoice {
    fn from(id: &str) -> ScenarioChoice {
        ScenarioChoice {
            id: id.to_string(),
            rules: Vec::new(),
        }
    }
}

impl From<&String> for ScenarioChoice {
    fn from(id: &String) -> ScenarioChoice {
        ScenarioChoice::from(id.as_str())
    }
}

impl Session {
    /// A new game of a scenario, and its save when a store is given. A blank `name`
    /// becomes the game's and the scenario's (`The Fury of the Norsemen basic`).
    pub fn new(
        game_id: &str,
        scenario: impl Into<ScenarioChoice>,
        seed: u64,
        seating: Seating,
        name: &str,
        store: Option<Arc<Store>>,
        now: u64,
    ) -> Result<Session, SessionError> {
        let ScenarioChoice {
            id: scenario,
            rules,
        } = scenario.into();
        let scenario = scenario.as_str();
        let entry =
            registry::find(game_id).map_err(|_| SessionError::UnknownGame(game_id.to_string()))?;
        let game = entry
            .new_game_with_rules(scenario, &rules, seed)
            .map_err(SessionError::Start)?;
        let names = game.seat_names();
        seating.check_fits(&names)?;
        let mut header = Header::new(
            entry.id(),
            entry.rules_version(),
            scenario,
            &game.options_json(),
            seed,
            now,
        );
        header.seats = seating.to_text(&names);
        // A game nobody named is listed by its game and scenario.
        header.name = match name.trim() {
            "" => format!("{} {}", entry.name(), scenario),
            named => named.to_string(),
        };
        header.progress = game.progress();
        Session::start(header, Timeline::new(game), seating, store)
    }

    /// A session for a loaded save: its header and its timeline (brought to the end of
    /// its log). The seating is read from the header; `save` is where further actions
    /// go (None: not saved).
    pub fn from_save(
        header: Header,
        timeline: Timeline,
        save: Option<SaveHandle>,
    ) -> Result<Session, SessionError> {
        let seating = Seating::parse(&timeline.game().seat_names(), &header.seats)?;
        let saved_len = timeline.log().len();
        Ok(Session::assemble(
            header, timeline, seating, save, saved_len,
        ))
    }

    /// Opens a save of `store` (from its newest good snapshot, or by replaying its log)
    /// and continues it, saving there. What the person should be told about how it was
    /// opened is in [`Session::take_notices`].
    pub fn open(store: Arc<Store>, id: SaveId) -> Result<Session, SessionError> {
        let loaded = load_save(&store, id)?;
        let mut session = Session::from_save(
            loaded.header,
            loaded.timeline,
            Some(SaveHandle { store, id }),
        )?;
        session.notices = loaded.notices;
        Ok(session)
    }

    /// What the person should be told that is not an error, since last asked.
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    /// Creates the save (when there is a store) and the session of a fresh timeline.
    fn start(
        header: Header,
        timeline: Timeline,
        seating: Seating,
        store: Option<Arc<Store>>,
    ) -> Result<Session, SessionError> {
        let save = match store {
            Some(store) => {
                let id = store.create(&header)?;
                Some(SaveHandle { store, id })
            }
            None => None,
        };
        Ok(Session::assemble(header, timeline, seating, save, 0))
    }

    /// A session with the header's standing orders (those of seats a person plays),
    /// held by the only person if there is one, whose save holds the first `saved_len`
    /// records of the timeline.
    fn assemble(
        header: Header,
        timeline: Timeline,
        seating: Seating,
        save: Option<SaveHandle>,
        saved_len: usize,
    ) -> Session {
        let seat_names = timeline.game().seat_names();
        let holder = sole_person(&seating);
        let computers = Computers::from_session_seed(header.seed);
        let always_pass = header
            .always_pass
            .iter()
            .map(|&s| Seat(s))
            .filter(|&s| seating.person_of(s).is_some())
            .collect();
        Session {
            timeline,
            header,
            seating,
            seat_names,
            save,
            saved_len,
            always_pass,
            holder,
            computers,
            plans: PlanMemory::default(),
            notices: Vec::new(),
        }
    }

    pub fn header(&self) -> &Header {
        &self.header
    }

    pub fn seating(&self) -> &Seating {
        &self.seating
    }

    pub fn seat_names(&self) -> &[&'static str] {
        &self.seat_names
    }

    /// A seat's name ("viking"), or "?" for a seat the game does not have.
    pub fn seat_name(&self, seat: Seat) -> &'static str {
        self.seat_names.get(seat.0 as usize).copied().unwrap_or("?")
    }

    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// The true game, every secret in it: for the session's own checks and tests, never
    /// for showing to a person (use [`Session::view`] and [`Session::render`]).
    pub fn game(&self) -> &dyn GameBox {
        self.timeline.game()
    }

    pub fn save_id(&self) -> Option<SaveId> {
        self.save.as_ref().map(|s| s.id)
    }

    /// The person holding the device (who last confirmed a hand-off), if any.
    pub fn holder(&self) -> Option<&str> {
        self.holder.as_deref()
    }

    /// The seats whose secrets the screen may show now: the holder's, unless a hand-off
    /// is waiting or nobody holds the device (then none: the public view).
    pub fn viewer_seats(&self) -> Vec<Seat> {
        match (&self.holder, self.next()) {
            (Some(holder), Next::Person { person, .. }) if *holder != person => Vec::new(),
            (Some(holder), _) => self.seating.seats_of(holder),
            (None, _) => Vec::new(),
        }
    }

    /// The position as the viewer may see it ([`Session::viewer_seats`]), in notation.
    pub fn view(&self) -> String {
        self.game().view_position(&self.viewer_seats())
    }

    /// The board as the viewer may see it ([`Session::viewer_seats`]).
    pub fn render(&self) -> String {
        self.game().render(&self.viewer_seats())
    }

    /// The board as a terminal shows it before each decision, as the viewer may see it.
    pub fn render_screen(&self) -> String {
        self.game().render_screen(&self.viewer_seats())
    }

    /// What the device should show now.
    pub fn screen(&self) -> Screen {
        match self.next() {
            Next::Over(outcome) => Screen::Over { outcome },
            Next::Stuck(reason) => Screen::Stuck { reason },
            Next::Automatic(seats) => Screen::ComputerToMove { seats },
            Next::Person { person, seats } => {
                if self.holder.as_deref() != Some(person.as_str()) {
                    return Screen::HandOff { to: person };
                }
                let mut choices = Vec::with_capacity(seats.len());
                for seat in seats {
                    let legal = self.game().legal_actions(seat);
                    if legal.is_empty() {
                        return Screen::Stuck {
                            reason: format!(
                                "{} is to act but has no legal action",
                                self.seat_name(seat)
                            ),
                        };
                    }
                    choices.push(SeatChoice {
                        seat,
                        seat_name: self.seat_name(seat).to_string(),
                        legal,
                    });
                }
                Screen::Decide {
                    person,
                    seats: choices,
                }
            }
        }
    }

    /// The seats the holder decides for now, without their legal actions ([`Session::screen`]
    /// lists those): empty unless the screen is the holder's decision.
    pub fn deciding_seats(&self) -> Vec<Seat> {
        match self.next() {
            Next::Person { person, seats } if self.holder.as_deref() == Some(person.as_str()) => {
                seats
            }
            _ => Vec::new(),
        }
    }

    /// The person named by the hand-off takes the device; returns their name.
    pub fn confirm_handoff(&mut self) -> Result<String, SessionError> {
        match self.next() {
            Next::Person { person, .. } if self.holder.as_deref() != Some(person.as_str()) => {
                self.holder = Some(person.clone());
                Ok(person)
            }
            _ => Err(SessionError::NoHandOff),
        }
    }

    /// The person holding the device plays one action for one of their seats; it is
    /// autosaved. Returns the events that person may read.
    pub fn act(&mut self, seat: Seat, action: &str, now: u64) -> Result<Vec<Event>, SessionError> {
        let holder = self.holder_without_handoff()?;
        if self.seating.person_of(seat) != Some(holder.as_str()) {
            return Err(SessionError::NotYourSeat {
                seat: self.seat_name(seat).to_string(),
                player: self.player_text(seat),
                person: holder,
            });
        }
        let events = self
            .timeline
            .act(seat, action)
            .map_err(|error| SessionError::Refused {
                seat: self.seat_name(seat).to_string(),
                error,
            })?;
        let viewer = self.seating.seats_of(&holder);
        let shown = self.deliver(events, &viewer);
        self.autosave(now)?;
        Ok(shown)
    }

    /// Plays one automatic decision (a computer seat, or a standing order), autosaved.
    /// A computer seat with a search level thinks here, on the caller's thread, and
    /// chooses exactly what [`Session::start_thinking`] would for the same position (for
    /// a budget whose time cap does not cut the search short).
    pub fn step_computer(&mut self, now: u64) -> Result<Played, SessionError> {
        let seat = self.automatic_seat()?;
        let (action, by) = if let Some(level) = self.search_level(seat) {
            (self.search_here(seat, level)?, Mover::Computer)
        } else if self.seating.is_computer(seat) {
            let skill = self.skill_of(seat);
            let legal = self.game().legal_actions(seat);
            let place = self.timeline.standing_count();
            let game = self.timeline.game();
            let Some(pick) = self.computers.of(skill).choose(game, seat, &legal, place) else {
                return Err(SessionError::Stuck(format!(
                    "{} is to act but has no legal action",
                    self.seat_name(seat)
                )));
            };
            let Some(entry) = legal.into_iter().nth(pick) else {
                return Err(SessionError::Stuck(format!(
                    "the computer chose action {pick}, which is not on the list of {}",
                    self.seat_name(seat)
                )));
            };
            (entry.notation, Mover::Computer)
        } else if let Some(pass) = self.standing_pass(seat) {
            (pass, Mover::StandingOrder)
        } else {
            match self.game().forced_action(seat) {
                Some(only) => (only, Mover::Forced),
                None => return Err(SessionError::NoComputerMove),
            }
        };
        self.play_automatic(seat, action, by, now)
    }

    /// The computer starts thinking about the next decision on a thread of its own, when
    /// it is a computer seat's with a search level; the game is copied, so the session
    /// may be used (drawn, undone, left) meanwhile. Ok(None) when the next automatic
    /// decision needs no thought (a standing order, a forced action, the random or the
    /// simple player: [`Session::step_computer`] plays it at once). The thought is
    /// played with [`Session::play_thought`], which refuses it if the game has moved
    /// on meanwhile.
    pub fn start_thinking(&self) -> Result<Option<Thinking>, SessionError> {
        let seat = self.automatic_seat()?;
        if !self.seating.is_computer(seat) {
            return Ok(None);
        }
        let Some(level) = self.skill_of(seat).level() else {
            return Ok(None);
        };
        let player = self.computers.search(level);
        let place = self.timeline.standing_count();
        let game = self.game().clone_box();
        let log_len = self.timeline.log().len();
        let state_hash = game.state_hash();
        let progress = game.progress();
        let kept = self.plans.kept(seat, &progress);
        let thinking = Thinking::spawn(seat, move |cancel| {
            let advice = player.advise(game.as_ref(), seat, place, cancel, kept)?;
            Some(Thought {
                seat,
                action: advice.action,
                log_len,
                state_hash,
                plan: advice.plan,
                progress,
            })
        })
        .map_err(|e| SessionError::Thinking(e.to_string()))?;
        Ok(Some(thinking))
    }

    /// Plays a thought of [`Session::start_thinking`] as [`Session::step_computer`]
    /// would have played it (autosaved, hidden from those who may not see it). A thought
    /// for another position than the game's now (someone undid or moved meanwhile) is
    /// refused and nothing changes.
    pub fn play_thought(&mut self, thought: Thought, now: u64) -> Result<Played, SessionError> {
        if thought.log_len != self.timeline.log().len()
            || thought.state_hash != self.game().state_hash()
        {
            return Err(SessionError::StaleThought(format!(
                "it was for the game after {} log records, which now has {}",
                thought.log_len,
                self.timeline.log().len()
            )));
        }
        let seat = self.automatic_seat()?;
        if seat != thought.seat || !self.seating.is_computer(seat) {
            return Err(SessionError::StaleThought(format!(
                "it was for {}, and {} is to decide now",
                self.seat_name(thought.seat),
                self.seat_name(seat)
            )));
        }
        let played = self.play_automatic(seat, thought.action, Mover::Computer, now)?;
        self.plans.remember(seat, &thought.progress, thought.plan);
        Ok(played)
    }

    /// The search level of a computer seat (None: a person's, or the random or simple
    /// player's).
    fn search_level(&self, seat: Seat) -> Option<Level> {
        if self.seating.is_computer(seat) {
            self.skill_of(seat).level()
        } else {
            None
        }
    }

    /// The search player's action for a computer seat, on the caller's thread, with the
    /// plan the seat chose earlier in this phase (and the plan it follows now kept for
    /// the next decision).
    fn search_here(&mut self, seat: Seat, level: Level) -> Result<String, SessionError> {
        let player = self.computers.search(level);
        let place = self.timeline.standing_count();
        let game = self.timeline.game();
        let progress = game.progress();
        let kept = self.plans.kept(seat, &progress);
        let advice = player
            .advise(game, seat, place, &AtomicBool::new(false), kept)
            .ok_or_else(|| self.no_legal_action(seat))?;
        self.plans.remember(seat, &progress, advice.plan);
        Ok(advice.action)
    }

    /// What the search player would do for the decision the person holding the device
    /// must take now (the first of their seats to decide, as [`Screen::Decide`] lists
    /// them), from that seat's view only, at the normal level's budget, on the caller's
    /// thread (up to the budget's time cap: an app calls [`Session::start_hint`]). It
    /// changes nothing: no log record, no save, and the game's chance stream is not
    /// touched (the search draws its guesses from a seed of its own, fixed for the
    /// position).
    pub fn hint(&self) -> Result<Hint, SessionError> {
        let question = self.hint_question()?;
        question
            .answer(&AtomicBool::new(false))
            .ok_or_else(|| self.no_legal_action(question.seat))
    }

    /// [`Session::hint`] worked out on a thread of its own: the search is given the
    /// seat's view only (not a copy of the game) and the session stays usable. The
    /// handle's outcome is the hint `hint` gives for this position, or None if it was
    /// cancelled (or the seat has no legal action, which `hint` reports). A hint names
    /// its position: [`Session::is_current`] says whether it still applies.
    pub fn start_hint(&self) -> Result<HintThinking, SessionError> {
        let question = self.hint_question()?;
        let seat = question.seat;
        Thinking::spawn(seat, move |cancel| question.answer(cancel))
            .map_err(|e| SessionError::Thinking(e.to_string()))
    }

    /// Whether a hint is for the game as it stands now (nobody has moved or undone
    /// since it was asked for).
    pub fn is_current(&self, hint: &Hint) -> bool {
        hint.position == (self.timeline.log().len(), self.game().state_hash())
    }

    /// Everything a hint needs, taken from the session on the caller's thread: whose it
    /// is, the search with the seat's view, its budget and its seed.
    fn hint_question(&self) -> Result<HintQuestion, SessionError> {
        let seat = match self.next() {
            Next::Person { person, seats } => {
                let holder = self
                    .holder
                    .as_deref()
                    .ok_or(SessionError::NobodyHoldsDevice)?;
                if holder != person {
                    return Err(SessionError::HandOffPending { to: person });
                }
                seats.first().copied().ok_or_else(|| {
                    SessionError::NoDecision("nobody's seat is listed".to_string())
                })?
            }
            Next::Automatic(seats) => {
                return Err(match seats.iter().find(|&&s| self.seating.is_computer(s)) {
                    Some(&seat) => SessionError::HintForComputer {
                        seat: self.seat_name(seat).to_string(),
                    },
                    None => SessionError::NoDecision(
                        "a standing order or an only legal action answers next".to_string(),
                    ),
                })
            }
            Next::Over(_) => return Err(SessionError::NoDecision("the game is over".into())),
            Next::Stuck(reason) => return Err(SessionError::Stuck(reason)),
        };
        let player = self.computers.search(Level::Normal);
        let place = self.timeline.standing_count();
        Ok(HintQuestion {
            seat,
            search: self.game().seat_search(seat),
            // A person follows no plan of the computer's: the hint weighs single moves.
            budget: Budget {
                weigh_plans: false,
                ..*player.budget()
            },
            seed: position_seed(self.header.seed, HINT_SALT, place, seat),
            position: (self.timeline.log().len(), self.game().state_hash()),
        })
    }

    fn no_legal_action(&self, seat: Seat) -> SessionError {
        SessionError::Stuck(format!(
            "{} is to act but has no legal action",
            self.seat_name(seat)
        ))
    }

    /// Gives a search level another budget for this session's computer seats (and, for
    /// the normal level, its hints): for tests (a budget with no time cap chooses the
    /// same whatever the clock) and for devices faster or slower than the levels assume.
    pub fn set_search_budget(&mut self, level: Level, budget: Budget) {
        self.computers.set_budget(level, budget);
    }

    /// The skill of a seat the computer plays (the default for a seat the seating
    /// lacks).
    pub fn skill_of(&self, seat: Seat) -> Skill {
        match self.seating.player(seat) {
            Some(Player::Computer(skill)) => *skill,
            _ => Skill::default(),
        }
    }

    /// The first seat of the next automatic decision.
    fn automatic_seat(&self) -> Result<Seat, SessionError> {
        match self.next() {
            Next::Automatic(seats) => seats.first().copied().ok_or(SessionError::NoComputerMove),
            Next::Stuck(reason) => Err(SessionError::Stuck(reason)),
            _ => Err(SessionError::NoComputerMove),
        }
    }

    /// Plays an automatic action (chosen by the computer, a standing order, or forced),
    /// as the person holding the device may see it, and autosaves.
    fn play_automatic(
        &mut self,
        seat: Seat,
        action: String,
        by: Mover,
        now: u64,
    ) -> Result<Played, SessionError> {
        let viewer = self.viewer_seats();
        let hidden = action_hidden(self.game(), seat, &action, &viewer);
        let events = self
            .timeline
            .act(seat, &action)
            .map_err(|error| SessionError::Refused {
                seat: self.seat_name(seat).to_string(),
                error,
            })?;
        let played = Played {
            seat,
            seat_name: self.seat_name(seat).to_string(),
            by,
            action: (!hidden).then_some(action),
            events: self.deliver(events, &viewer),
        };
        self.autosave(now)?;
        Ok(played)
    }

    /// Plays automatic decisions until a person must decide or the game is over.
    pub fn run_computer(&mut self, now: u64) -> Result<Vec<Played>, SessionError> {
        let mut played = Vec::new();
        for _ in 0..MAX_AUTOMATIC_DECISIONS {
            match self.next() {
                Next::Automatic(_) => played.push(self.step_computer(now)?),
                Next::Stuck(reason) => return Err(SessionError::Stuck(reason)),
                _ => return Ok(played),
            }
        }
        Err(SessionError::Stuck(format!(
            "no person was asked to decide after {MAX_AUTOMATIC_DECISIONS} automatic decisions"
        )))
    }

    /// Whether the person holding the device may take back the last action now.
    pub fn can_undo(&self) -> bool {
        self.undo_plan().is_ok()
    }

    /// The person holding the device takes back their last action, which must be after
    /// the last die roll, card draw or reveal, together with the forced actions taken
    /// for anybody since (alone, a forced action would only be taken again at once).
    /// The undos are logged and autosaved.
    pub fn undo(&mut self, now: u64) -> Result<(), SessionError> {
        for seat in self.undo_plan()? {
            self.timeline.undo(seat)?;
        }
        // The computer's plans were chosen for the phase as it went; it chooses again.
        self.plans.forget();
        self.autosave(now)
    }

    /// The seats of the actions an undo takes back now, newest first: the forced ones,
    /// then the holder's own choice.
    fn undo_plan(&self) -> Result<Vec<Seat>, SessionError> {
        let holder = self.holder.clone().ok_or(SessionError::NobodyHoldsDevice)?;
        let mut plan = Vec::new();
        for (seat, before) in self.timeline.undoable() {
            plan.push(seat);
            let forced = !self.seating.is_computer(seat) && before.forced_action(seat).is_some();
            if forced {
                continue;
            }
            if self.seating.person_of(seat) != Some(holder.as_str()) {
                return Err(SessionError::UndoNotYours {
                    seat: self.seat_name(seat).to_string(),
                    player: self.player_text(seat),
                });
            }
            return Ok(plan);
        }
        Err(SessionError::CannotUndo(
            "no action is left to take back since the last die roll, card draw or reveal"
                .to_string(),
        ))
    }

    /// Sets or clears the "always pass" standing order of one of the holder's seats: it
    /// then declines that seat's response windows without handing the device over.
    pub fn set_always_pass(&mut self, seat: Seat, on: bool) -> Result<(), SessionError> {
        let holder = self.holder_without_handoff()?;
        if self.seating.person_of(seat) != Some(holder.as_str()) {
            return Err(SessionError::NotYourSeat {
                seat: self.seat_name(seat).to_string(),
                player: self.player_text(seat),
                person: holder,
            });
        }
        if on {
            self.always_pass.insert(seat);
        } else {
            self.always_pass.remove(&seat);
        }
        let seats: Vec<u8> = self.always_pass.iter().map(|s| s.0).collect();
        self.header.always_pass = seats.clone();
        // On a store error the order holds for this sitting and the error says it was
        // not kept.
        if let Some(save) = &self.save {
            save.store.set_always_pass(save.id, &seats)?;
        }
        Ok(())
    }

    pub fn always_pass(&self, seat: Seat) -> bool {
        self.always_pass.contains(&seat)
    }

    /// The game from its start, step by step, as `viewer` may see it.
    pub fn history(&self, viewer: &[Seat]) -> Result<History, SessionError> {
        history::history(&self.header, self.timeline.log(), &self.seating, viewer)
    }

    /// The board after `step` actions (0: the start) as `viewer` may see it.
    pub fn history_render(&self, viewer: &[Seat], step: u32) -> Result<String, SessionError> {
        let standing = standing_actions(self.timeline.log())?;
        Ok(game_at(&self.header, &standing, step)?.render(viewer))
    }

    /// The game after `step` actions (0: the start) and the events of that step, for a
    /// history screen's board; the caller shows only what its viewer may see.
    pub fn history_position(
        &self,
        step: u32,
    ) -> Result<(Box<dyn GameBox>, Vec<Event>), SessionError> {
        let standing = standing_actions(self.timeline.log())?;
        history::game_and_events_at(&self.header, &standing, step)
    }

    /// A new game (and a new save, when this one has a store) from this game after
    /// `step` actions: what no seat knew is dealt again and later dice come from
    /// `fresh_seed`, so the old game's future is not carried over. The same people sit
    /// at the same seats; this save is untouched.
    pub fn continue_from(
        &self,
        step: u32,
        fresh_seed: u64,
        name: &str,
        now: u64,
    ) -> Result<Session, SessionError> {
        let standing = standing_actions(self.timeline.log())?;
        let at = game_at(&self.header, &standing, step)?;
        let mut header = self.header.clone();
        let start = at.redealt_data(fresh_seed).map_err(TimelineError::Start)?;
        header.start = Some(StoredPosition::Data(start));
        header.seed = fresh_seed;
        header.name = name.trim().to_string();
        header.created = now;
        header.updated = now;
        header.length = 0;
        let game = start_game(&header)?;
        header.progress = game.progress();
        let session = Session::start(
            header,
            Timeline::new(game),
            self.seating.clone(),
            self.save.as_ref().map(|s| Arc::clone(&s.store)),
        )?;
        // The standing orders come with the header.
        Ok(session)
    }

    /// Writes any log records the save does not hold yet (after a failed autosave).
    pub fn save_now(&mut self, now: u64) -> Result<(), SessionError> {
        self.autosave(now)
    }

    /// Whether every log record is in the save (always true for an unsaved session).
    pub fn is_saved(&self) -> bool {
        self.save.is_none() || self.saved_len == self.timeline.log().len()
    }

    /// Appends the records the save lacks, oldest first; on failure the rest wait for
    /// the next call.
    fn autosave(&mut self, now: u64) -> Result<(), SessionError> {
        let Some(save) = &self.save else {
            self.saved_len = self.timeline.log().len();
            return Ok(());
        };
        let log = self.timeline.log();
        let progress = self.timeline.game().progress();
        while self.saved_len < log.len() {
            if self.saved_len + 1 == log.len() {
                // The last record: the save decides whether a snapshot is due too.
                let saved = save_progress(&save.store, save.id, &self.timeline, now)
                    .map_err(SessionError::NotSaved)?;
                self.notices.extend(saved.notice);
            } else if let Some(entry) = log.get(self.saved_len) {
                // Records left over from a failed save come first, without snapshots.
                save.store
                    .append(save.id, entry, &progress, now)
                    .map_err(|e| SessionError::NotSaved(e.into()))?;
            }
            self.saved_len += 1;
        }
        // A journal the store found damaged (and wrote again from sled) on the way.
        self.notices.extend(save.store.take_notices());
        Ok(())
    }

    /// The person holding the device, when no hand-off is waiting.
    fn holder_without_handoff(&self) -> Result<String, SessionError> {
        if let Next::Person { person, .. } = self.next() {
            if self.holder.as_deref() != Some(person.as_str()) {
                return Err(SessionError::HandOffPending { to: person });
            }
        }
        self.holder.clone().ok_or(SessionError::NobodyHoldsDevice)
    }

    /// What the person holding the device has not seen: every step since their own
    /// last choice (all of them if they have not chosen yet; a forced action taken for
    /// them while someone else held the device is not a choice), as their seats may see it:
    /// the others' actions, rolls, results and cards played, and their own private
    /// events (a card drawn into their hand in someone else's turn). It is read from
    /// the log, so a game resumed after a quit or a crash recaps the same. Call it after
    /// [`Session::confirm_handoff`]; an error while a hand-off is waiting.
    pub fn recap(&self) -> Result<Vec<HistoryStep>, SessionError> {
        let holder = self.holder_without_handoff()?;
        let seats = self.seating.seats_of(&holder);
        let mut steps = self.history(&seats)?.steps;
        let from = steps
            .iter()
            .rposition(|step| seats.contains(&step.seat) && !step.forced)
            .map_or(0, |mine| mine + 1);
        Ok(steps.split_off(from))
    }

    /// The events of an action that `viewer` may read; the others' private events are
    /// not lost: each person's [`Session::recap`] reads them from the log.
    fn deliver(&self, events: Vec<Event>, viewer: &[Seat]) -> Vec<Event> {
        events
            .into_iter()
            .filter(|event| event.audience.admits(viewer))
            .collect()
    }

    /// The pass a seat's standing order answers with now, if it has one that applies.
    fn standing_pass(&self, seat: Seat) -> Option<String> {
        if self.always_pass.contains(&seat) {
            self.game().standing_pass(seat)
        } else {
            None
        }
    }

    /// Who plays a seat, in words.
    fn player_text(&self, seat: Seat) -> String {
        match self.seating.player(seat) {
            Some(Player::Person(name)) => name.clone(),
            _ => "the computer".to_string(),
        }
    }

    /// Whose decision is next: automatic seats first (the computer's, and standing
    /// orders that answer now), then the holder's own seats, then the first other
    /// person's.
    fn next(&self) -> Next {
        let seats = match self.game().to_act() {
            Turn::Over(outcome) => return Next::Over(outcome),
            Turn::Decide(seats) => seats,
        };
        if seats.is_empty() {
            return Next::Stuck("nobody is to act, yet the game is not over".to_string());
        }
        let automatic: Vec<Seat> = seats
            .iter()
            .copied()
            .filter(|&s| {
                self.seating.is_computer(s)
                    || self.standing_pass(s).is_some()
                    || self.game().forced_action(s).is_some()
            })
            .collect();
        if !automatic.is_empty() {
            return Next::Automatic(automatic);
        }
        let person = match &self.holder {
            Some(holder)
                if seats
                    .iter()
                    .any(|&s| self.seating.person_of(s) == Some(holder)) =>
            {
                holder.clone()
            }
            _ => match seats.iter().find_map(|&s| self.seating.person_of(s)) {
                Some(name) => name.to_string(),
                None => return Next::Stuck("no person plays the seats to act".to_string()),
            },
        };
        let mine = seats
            .into_iter()
            .filter(|&s| self.seating.person_of(s) == Some(person.as_str()))
            .collect();
        Next::Person {
            person,
            seats: mine,
        }
    }
}

/// With only one person at the table there is nobody to hide anything from: they hold
/// the device from the start.
fn sole_person(seating: &Seating) -> Option<String> {
    match seating.people().as_slice() {
        [only] => Some(only.clone()),
        _ => None,
    }
}

/// A hint to work out: the seat's search (its view only), its budget and seed, and the
/// position it is for. It moves to the hint's thread whole.
struct HintQuestion {
    seat: Seat,
    search: Box<dyn SeatSearch>,
    budget: Budget,
    seed: u64,
    position: (usize, u64),
}

impl HintQuestion {
    /// The hint; None if `cancel` was set or the seat has no legal action.
    fn answer(&self, cancel: &AtomicBool) -> Option<Hint> {
        let advice = self.search.search(&self.budget, self.seed, cancel, None)?;
        Some(Hint {
            seat: self.seat,
            position: self.position,
            action: advice.action,
            decided: advice.decided,
            candidates: advice.candidates,
            iterations: advice.iterations,
        })
    }
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "thinking_tests.rs"]
mod thinking_tests;
