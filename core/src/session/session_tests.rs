use super::*;
use crate::engine::Game;
use crate::games::v878::state::UNKNOWN;
use crate::games::v878::{Faction, V878};
use crate::session::{HistoryStep, SeatingError};
use crate::store::Entry;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

/// A fresh folder under the system temp dir, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("skald-session-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn seating(players: &[Option<&str>]) -> Seating {
    Seating::new(
        players
            .iter()
            .map(|p| match p {
                Some(name) => Player::person(name),
                None => Player::Computer,
            })
            .collect(),
    )
    .unwrap()
}

/// Plays, as whoever must decide (confirming hand-offs and running the computer on
/// the way), a spread of legal actions until one satisfies `stop` (given whether the
/// action moved chance and whether it changed the hidden digest). Returns the seat and
/// the action that did.
fn play_until(session: &mut Session, stop: impl Fn(bool, bool) -> bool) -> (Seat, String) {
    for i in 0..2_000usize {
        match session.screen() {
            Screen::HandOff { .. } => {
                session.confirm_handoff().unwrap();
            }
            Screen::ComputerToMove { .. } => {
                session.step_computer(0).unwrap();
            }
            Screen::Decide { seats, .. } => {
                let choice = &seats[0];
                let action = choice.legal[(i * 7) % choice.legal.len()].clone();
                let mut probe = session.game().clone_box();
                let chance = probe.chance_used();
                let hidden = probe.hidden_digest();
                session.act(choice.seat, &action, 0).unwrap();
                let mut after = session.game().clone_box();
                if stop(
                    after.chance_used() != chance,
                    after.hidden_digest() != hidden,
                ) {
                    return (choice.seat, action);
                }
            }
            other => panic!("unexpected screen {other:?}"),
        }
    }
    panic!("no such action within 2000 decisions");
}

/// Brings the screen to the holder's decision, confirming hand-offs and running the
/// computer.
fn to_decision(session: &mut Session) -> (String, Vec<SeatChoice>) {
    for _ in 0..1_000 {
        match session.screen() {
            Screen::HandOff { .. } => {
                session.confirm_handoff().unwrap();
            }
            Screen::ComputerToMove { .. } => {
                session.run_computer(0).unwrap();
            }
            Screen::Decide { person, seats } => return (person, seats),
            other => panic!("unexpected screen {other:?}"),
        }
    }
    panic!("no decision reached");
}

fn hands_hidden_in(view: &str, except: &[Faction]) -> bool {
    let state = V878::parse_position(view, 0).unwrap();
    Faction::ALL
        .iter()
        .filter(|f| !except.contains(f))
        .all(|&f| state.faction(f).hand.iter().all(|&c| c == UNKNOWN))
}

#[test]
fn session_handoff_shows_only_the_public_view() {
    let mut s = Session::new(
        "fury",
        "basic",
        3,
        seating(&[Some("Ann"), Some("Bo")]),
        "t",
        None,
        0,
    )
    .unwrap();
    // The villager sets up first: the device goes to Bo.
    assert_eq!(s.screen(), Screen::HandOff { to: "Bo".into() });
    assert_eq!(s.viewer_seats(), Vec::<Seat>::new());
    assert_eq!(s.view(), s.game().view_position(&[]));
    assert_eq!(s.render(), s.game().render(&[]));
    assert!(matches!(
        s.act(Seat(1), "end", 0),
        Err(SessionError::HandOffPending { .. })
    ));
    assert_eq!(s.confirm_handoff().unwrap(), "Bo");
    assert_eq!(s.viewer_seats(), vec![Seat(1)]);
    assert_eq!(s.render(), s.game().render(&[Seat(1)]));
    assert!(matches!(s.confirm_handoff(), Err(SessionError::NoHandOff)));
}

#[test]
fn session_878_handoff_view_holds_no_hand() {
    let mut s = Session::new(
        "v878",
        "standard",
        9,
        seating(&[Some("Ann"), Some("Bo"), Some("Cy"), Some("Di")]),
        "t",
        None,
        0,
    )
    .unwrap();
    let mut handoffs = 0;
    for _ in 0..300 {
        match s.screen() {
            Screen::HandOff { to } => {
                handoffs += 1;
                let view = s.view();
                assert_eq!(view, s.game().view_position(&[]));
                assert!(
                    hands_hidden_in(&view, &[]),
                    "a hand shows before {to} confirms"
                );
                let truth = V878::parse_position(&s.game().position(), 0).unwrap();
                assert!(
                    Faction::ALL.iter().any(|&f| truth
                        .faction(f)
                        .hand
                        .iter()
                        .any(|&c| c != UNKNOWN)),
                    "the test needs cards in hands"
                );
                s.confirm_handoff().unwrap();
            }
            Screen::Decide { person, seats } => {
                let mine: Vec<Faction> = s
                    .seating()
                    .seats_of(&person)
                    .iter()
                    .map(|seat| Faction::ALL[seat.0 as usize])
                    .collect();
                let view = s.view();
                assert_eq!(view, s.game().view_position(&s.seating().seats_of(&person)));
                assert!(hands_hidden_in(&view, &mine));
                let choice = &seats[0];
                s.act(choice.seat, &choice.legal[0], 0).unwrap();
            }
            Screen::Over { .. } => break,
            other => panic!("unexpected screen {other:?}"),
        }
    }
    assert!(handoffs >= 4, "only {handoffs} hand-offs seen");
}

#[test]
fn session_undo_is_refused_across_a_fury_die_roll() {
    let mut s = Session::new(
        "fury",
        "basic",
        5,
        seating(&[Some("Ann"), Some("Ann")]),
        "t",
        None,
        0,
    )
    .unwrap();
    let (_, action) = play_until(&mut s, |chance, _| chance);
    let hash = s.game().state_hash();
    let log_len = s.timeline().log().len();
    assert!(!s.can_undo(), "after '{action}'");
    assert!(matches!(s.undo(0), Err(SessionError::CannotUndo(_))));
    assert_eq!(s.game().state_hash(), hash);
    assert_eq!(s.timeline().log().len(), log_len);
}

#[test]
fn session_undo_is_refused_across_an_878_card_draw_or_play() {
    // A card played (hidden digest moves, no dice), then a turn's draw (chance moves).
    for stop in [
        (|chance: bool, hidden: bool| hidden && !chance) as fn(bool, bool) -> bool,
        |chance, hidden| hidden && chance,
    ] {
        let mut s = Session::new(
            "v878",
            "standard",
            5,
            seating(&[Some("Ann"), Some("Ann"), Some("Ann"), Some("Ann")]),
            "t",
            None,
            0,
        )
        .unwrap();
        let (_, action) = play_until(&mut s, stop);
        let hash = s.game().state_hash();
        assert!(!s.can_undo(), "after '{action}'");
        assert!(matches!(s.undo(0), Err(SessionError::CannotUndo(_))));
        assert_eq!(s.game().state_hash(), hash);
    }
}

#[test]
fn session_undo_of_another_persons_action_is_refused() {
    let mut s = Session::new(
        "fury",
        "basic",
        3,
        seating(&[Some("Ann"), Some("Bo")]),
        "t",
        None,
        0,
    )
    .unwrap();
    s.confirm_handoff().unwrap();
    s.act(Seat(1), "setup default", 0).unwrap();
    s.act(Seat(1), "end", 0).unwrap();
    assert_eq!(s.screen(), Screen::HandOff { to: "Ann".into() });
    assert_eq!(s.confirm_handoff().unwrap(), "Ann");
    let hash = s.game().state_hash();
    assert!(!s.can_undo());
    match s.undo(0) {
        Err(SessionError::UndoNotYours { seat, player }) => {
            assert_eq!(seat, "villager");
            assert_eq!(player, "Bo");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(s.game().state_hash(), hash);
    assert_eq!(s.timeline().log().len(), 2);
}

#[test]
fn session_undo_of_a_computer_action_is_refused() {
    let mut s = Session::new(
        "fury",
        "basic",
        3,
        seating(&[Some("Ann"), None]),
        "t",
        None,
        0,
    )
    .unwrap();
    assert_eq!(
        s.screen(),
        Screen::ComputerToMove {
            seats: vec![Seat(1)]
        }
    );
    let played = s.step_computer(0).unwrap();
    assert_eq!(played.by, Mover::Computer);
    assert!(matches!(s.undo(0), Err(SessionError::UndoNotYours { .. })));
}

#[test]
fn session_undo_on_the_handoff_screen_takes_back_own_action_and_is_saved() {
    let dir = TempDir::new("undo");
    let store = Arc::new(Store::open(&dir.0).unwrap());
    let mut s = Session::new(
        "fury",
        "basic",
        3,
        seating(&[Some("Ann"), Some("Bo")]),
        "undo test",
        Some(Arc::clone(&store)),
        10,
    )
    .unwrap();
    s.confirm_handoff().unwrap();
    s.act(Seat(1), "setup default", 11).unwrap();
    let before_end = s.game().state_hash();
    s.act(Seat(1), "end", 12).unwrap();
    // Bo notices the slip while the device is on its way to Ann.
    assert_eq!(s.screen(), Screen::HandOff { to: "Ann".into() });
    assert!(s.can_undo());
    s.undo(13).unwrap();
    assert_eq!(s.game().state_hash(), before_end);
    assert!(matches!(s.screen(), Screen::Decide { ref person, .. } if person == "Bo"));
    let expected = vec![
        Entry::act(1, "setup default"),
        Entry::act(1, "end"),
        Entry::Undo { seat: 1 },
    ];
    assert_eq!(s.timeline().log(), expected.as_slice());
    let (header, log) = store.load(s.save_id().unwrap()).unwrap();
    assert_eq!(log, expected);
    assert_eq!(header.updated, 13);
    assert_eq!(header.seats, "viking=person:Ann,villager=person:Bo");
    assert_eq!(header.name, "undo test");
    // The save resumes to the same game, with the same seating.
    let timeline = Timeline::replay(&header, &log).unwrap();
    let resumed = Session::from_save(header, timeline, None).unwrap();
    assert_eq!(resumed.game().state_hash(), before_end);
    assert_eq!(resumed.seating(), s.seating());
}

#[test]
fn session_standing_order_answers_without_a_handoff() {
    let mut s = Session::new(
        "v878",
        "standard",
        5,
        seating(&[Some("Ann"), Some("Bo"), Some("Bo"), Some("Bo")]),
        "t",
        None,
        0,
    )
    .unwrap();
    let (person, _) = to_decision(&mut s);
    assert_eq!(person, "Ann");
    assert!(matches!(
        s.set_always_pass(Seat(1), true),
        Err(SessionError::NotYourSeat { .. })
    ));
    s.set_always_pass(Seat(0), true).unwrap();
    // Play Bo's seats and Ann's non-window decisions; Ann's windows must never be shown.
    let mut passes = 0;
    for i in 0..3_000usize {
        match s.screen() {
            Screen::HandOff { .. } => {
                s.confirm_handoff().unwrap();
            }
            Screen::ComputerToMove { seats } => {
                assert_eq!(
                    seats,
                    vec![Seat(0)],
                    "only Ann's standing order is automatic"
                );
                let played = s.step_computer(0).unwrap();
                assert_eq!(played.by, Mover::StandingOrder);
                passes += 1;
            }
            Screen::Decide { seats, .. } => {
                let choice = &seats[0];
                assert!(
                    choice.seat != Seat(0) || s.game().standing_pass(Seat(0)).is_none(),
                    "Ann was asked about a window her standing order answers"
                );
                s.act(choice.seat, &choice.legal[(i * 7) % choice.legal.len()], 0)
                    .unwrap();
            }
            Screen::Over { .. } => break,
            other => panic!("unexpected screen {other:?}"),
        }
    }
    assert!(passes > 0, "no window came up");
}

#[test]
fn session_continue_from_starts_a_new_save_with_the_same_public_position() {
    let dir = TempDir::new("continue");
    let store = Arc::new(Store::open(&dir.0).unwrap());
    let mut s = Session::new(
        "v878",
        "standard",
        21,
        seating(&[Some("Ann"), Some("Bo"), None, None]),
        "old",
        Some(Arc::clone(&store)),
        1,
    )
    .unwrap();
    for _ in 0..40 {
        let (_, seats) = to_decision(&mut s);
        s.act(seats[0].seat, &seats[0].legal[0], 2).unwrap();
    }
    let old_id = s.save_id().unwrap();
    let (_, old_log) = store.load(old_id).unwrap();
    let history = s.history(&[]).unwrap();
    let step = 25u32;
    let then = history.steps[step as usize - 1].view.clone();
    let new = s.continue_from(step, 777, "new", 3).unwrap();
    let new_id = new.save_id().unwrap();
    assert_ne!(new_id, old_id);
    assert_eq!(new.game().view_position(&[]), then);
    assert!(new.timeline().log().is_empty());
    let (header, log) = store.load(new_id).unwrap();
    assert!(log.is_empty());
    assert_eq!(header.seed, 777);
    assert_eq!(header.name, "new");
    assert_eq!(header.seats, s.header().seats);
    assert!(header.start.is_some());
    // The old save is untouched.
    assert_eq!(store.load(old_id).unwrap().1, old_log);
    // A step past the end is refused by name.
    assert!(matches!(
        s.continue_from(10_000, 1, "x", 4),
        Err(SessionError::NoSuchStep { step: 10_000, .. })
    ));
}

#[test]
fn session_history_hides_another_seats_secret_pick() {
    let mut s = Session::new(
        "v878",
        "advanced",
        4,
        seating(&[Some("Ann"), Some("Bo"), None, None]),
        "t",
        None,
        0,
    )
    .unwrap();
    // Ann (housecarl) builds her deck first, then Bo (thegn).
    while s.game().legal_actions(Seat(2)).is_empty() {
        let (_, seats) = to_decision(&mut s);
        let pick = seats[0]
            .legal
            .iter()
            .find(|a| a.starts_with("pick"))
            .unwrap()
            .clone();
        s.act(seats[0].seat, &pick, 0).unwrap();
    }
    let for_bo = s.history(&[Seat(1)]).unwrap();
    let for_ann = s.history(&[Seat(0)]).unwrap();
    let ann_steps: Vec<&HistoryStep> = for_bo
        .steps
        .iter()
        .filter(|st| st.seat == Seat(0))
        .collect();
    assert!(!ann_steps.is_empty());
    for step in &ann_steps {
        assert_eq!(step.action, None, "Bo sees Ann's step {}", step.number);
        assert_eq!(step.by, "Ann");
        assert!(step.events.iter().all(|e| !e.text.contains("pick")));
    }
    for step in for_ann.steps.iter().filter(|st| st.seat == Seat(0)) {
        assert!(step.action.as_deref().unwrap().starts_with("pick"));
    }
    for step in for_bo.steps.iter().filter(|st| st.seat == Seat(1)) {
        assert!(step.action.as_deref().unwrap().starts_with("pick"));
    }
}

#[test]
fn session_history_leaves_out_what_was_taken_back() {
    let mut s = Session::new(
        "fury",
        "basic",
        3,
        seating(&[Some("Ann"), Some("Ann")]),
        "t",
        None,
        0,
    )
    .unwrap();
    s.act(Seat(1), "setup default", 0).unwrap();
    s.act(Seat(1), "end", 0).unwrap();
    s.undo(0).unwrap();
    s.act(Seat(1), "end", 0).unwrap();
    let history = s.history(&[Seat(0)]).unwrap();
    let actions: Vec<Option<String>> = history.steps.iter().map(|st| st.action.clone()).collect();
    assert_eq!(
        actions,
        vec![Some("setup default".to_string()), Some("end".to_string())]
    );
    assert_eq!(history.steps[1].number, 2);
    assert_eq!(history.steps[1].view, s.game().view_position(&[Seat(0)]));
}

#[test]
fn session_refuses_an_unknown_game_and_a_seating_that_does_not_fit() {
    assert!(matches!(
        Session::new("chess", "basic", 1, seating(&[None, None]), "t", None, 0),
        Err(SessionError::UnknownGame(_))
    ));
    assert!(matches!(
        Session::new("fury", "basic", 1, seating(&[None]), "t", None, 0),
        Err(SessionError::Seating(SeatingError::WrongCount { .. }))
    ));
    assert!(matches!(
        Session::new("fury", "no-such", 1, seating(&[None, None]), "t", None, 0),
        Err(SessionError::Start(_))
    ));
}

#[test]
fn session_act_refuses_another_persons_seat_and_bad_actions() {
    let mut s = Session::new(
        "fury",
        "basic",
        3,
        seating(&[Some("Ann"), Some("Bo")]),
        "t",
        None,
        0,
    )
    .unwrap();
    s.confirm_handoff().unwrap();
    assert!(matches!(
        s.act(Seat(0), "end", 0),
        Err(SessionError::NotYourSeat { .. })
    ));
    assert!(matches!(
        s.act(Seat(1), "fly to the moon", 0),
        Err(SessionError::Refused { .. })
    ));
    assert!(s.timeline().log().is_empty());
}

#[test]
fn session_computer_only_game_runs_to_its_end() {
    let mut s = Session::new("fury", "basic", 8, seating(&[None, None]), "t", None, 0).unwrap();
    let played = s.run_computer(0).unwrap();
    assert!(matches!(s.screen(), Screen::Over { .. }));
    assert_eq!(played.len(), s.timeline().log().len());
    assert!(matches!(s.undo(0), Err(SessionError::NobodyHoldsDevice)));
}

#[test]
fn session_open_resumes_a_saved_game_where_it_stood() {
    let dir = TempDir::new("open");
    let store = Arc::new(Store::open(&dir.0).unwrap());
    let mut s = Session::new(
        "fury",
        "basic",
        6,
        seating(&[None, None]),
        "long",
        Some(Arc::clone(&store)),
        1,
    )
    .unwrap();
    // Past the snapshot interval, so that opening starts from a snapshot.
    for _ in 0..250 {
        s.step_computer(2).unwrap();
    }
    assert!(s.is_saved());
    assert!(s.take_notices().is_empty());
    let id = s.save_id().unwrap();
    let mut opened = Session::open(Arc::clone(&store), id).unwrap();
    assert_eq!(opened.game().state_hash(), s.game().state_hash());
    assert_eq!(opened.timeline().log(), s.timeline().log());
    assert_eq!(opened.seating(), s.seating());
    assert!(opened.take_notices().is_empty());
    // It goes on saving to the same save.
    opened.step_computer(3).unwrap();
    assert_eq!(store.load(id).unwrap().1.len(), 251);
}
