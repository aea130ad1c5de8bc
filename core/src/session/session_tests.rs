use super::*;
use crate::engine::Game;
use crate::games::v878::state::UNKNOWN;
use crate::games::v878::{Faction, V878};
use crate::session::{HistoryStep, SeatingError, Skill};
use crate::store::Entry;
use tempfile::TempDir;

/// A fresh folder for one test, removed when dropped.
fn temp_dir(tag: &str) -> TempDir {
    TempDir::with_prefix(format!("skald-{tag}-")).expect("a temporary folder")
}

fn seating(players: &[Option<&str>]) -> Seating {
    Seating::new(
        players
            .iter()
            .map(|p| match p {
                Some(name) => Player::person(name),
                None => Player::Computer(Skill::Random),
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
                let action = choice.legal[(i * 7) % choice.legal.len()].notation.clone();
                let probe = session.game().clone_box();
                let chance = probe.chance_used();
                let hidden = probe.hidden_digest();
                session.act(choice.seat, &action, 0).unwrap();
                let after = session.game().clone_box();
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
    let state = <V878 as crate::engine::Notation>::parse_position(view, 0).unwrap();
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
                let truth =
                    <V878 as crate::engine::Notation>::parse_position(&s.game().position(), 0)
                        .unwrap();
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
                s.act(choice.seat, &choice.legal[0].notation, 0).unwrap();
            }
            // A seat's only legal action, taken for it without a hand-off.
            Screen::ComputerToMove { .. } => {
                s.step_computer(0).unwrap();
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
    let dir = temp_dir("undo");
    let store = Arc::new(Store::open(dir.path()).unwrap());
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
    let before_setup = s.game().state_hash();
    s.act(Seat(1), "setup default", 11).unwrap();
    // With every piece placed, ending the set-up is Bo's only legal action: it is
    // taken for him.
    assert_eq!(
        s.screen(),
        Screen::ComputerToMove {
            seats: vec![Seat(1)]
        }
    );
    let played = s.step_computer(12).unwrap();
    assert_eq!(
        (played.by, played.action.as_deref()),
        (Mover::Forced, Some("end"))
    );
    // Bo notices the slip while the device is on its way to Ann: the undo takes back
    // his choice and the forced end with it (alone it would be taken again at once).
    assert_eq!(s.screen(), Screen::HandOff { to: "Ann".into() });
    assert!(s.can_undo());
    s.undo(13).unwrap();
    assert_eq!(s.game().state_hash(), before_setup);
    assert!(matches!(s.screen(), Screen::Decide { ref person, .. } if person == "Bo"));
    let expected = vec![
        Entry::act(1, "setup default"),
        Entry::act(1, "end"),
        Entry::Undo { seat: 1 },
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
    assert_eq!(resumed.game().state_hash(), before_setup);
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
            Screen::ComputerToMove { .. } => {
                // Ann's standing order, or anybody's only legal action.
                let played = s.step_computer(0).unwrap();
                match played.by {
                    Mover::StandingOrder => {
                        assert_eq!(played.seat, Seat(0), "only Ann has a standing order");
                        passes += 1;
                    }
                    Mover::Forced => {}
                    Mover::Computer => panic!("no seat is the computer's"),
                }
            }
            Screen::Decide { seats, .. } => {
                let choice = &seats[0];
                assert!(
                    choice.seat != Seat(0) || s.game().standing_pass(Seat(0)).is_none(),
                    "Ann was asked about a window her standing order answers"
                );
                s.act(
                    choice.seat,
                    &choice.legal[(i * 7) % choice.legal.len()].notation,
                    0,
                )
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
    let dir = temp_dir("continue");
    let store = Arc::new(Store::open(dir.path()).unwrap());
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
        s.act(seats[0].seat, &seats[0].legal[0].notation, 2)
            .unwrap();
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
    // The start is stored as data, in the game's current data format.
    match &header.start {
        Some(crate::engine::StoredPosition::Data(data)) => assert_eq!(data.format, 1),
        other => panic!("the start is not stored as data: {other:?}"),
    }
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
            .find(|a| a.notation.starts_with("pick"))
            .unwrap()
            .notation
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
        assert_eq!(step.words, None, "Bo reads Ann's step {}", step.number);
        assert_eq!(step.by, "Ann");
        assert!(step.events.iter().all(|e| !e.text.contains("pick")));
    }
    for step in for_ann.steps.iter().filter(|st| st.seat == Seat(0)) {
        assert!(step.action.as_deref().unwrap().starts_with("pick"));
        // Her own picks in words: the card by its number and title.
        let words = step.words.as_deref().unwrap();
        assert!(words.starts_with("add card ") && words.ends_with(") to the deck"));
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
    s.step_computer(0).unwrap(); // the forced end of the set-up
    s.undo(0).unwrap(); // both
    s.act(Seat(1), "setup default", 0).unwrap();
    s.step_computer(0).unwrap();
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
    let dir = temp_dir("open");
    let store = Arc::new(Store::open(dir.path()).unwrap());
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

/// A tiny game with a decision due from several seats at once: three seats bid in
/// secret, all at the same time; then seats a and b may object, both at once.
mod bids {
    use crate::engine::{
        Chance, Conceal, Game, GameEvent, Notation, NotationError, Outcome, Presentation,
        RuleError, ScenarioInfo, Seat, Secrets, Target, Turn,
    };

    pub struct Bids;

    #[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
    pub struct State {
        pub bids: [Option<u32>; 3],
        pub window: Vec<Seat>,
        #[serde(skip)]
        pub chance: Chance,
    }

    /// The bids are kept plain: this double's view, hash and digest are its own.
    impl Secrets for State {
        fn secrets(&mut self, _: &[Seat], _: &mut dyn FnMut(bool, &mut dyn Conceal)) {}
    }

    #[derive(Clone, Debug, PartialEq)]
    pub enum Action {
        Bid(u32),
        Pass,
        Object,
    }

    const NAMES: [&str; 3] = ["a", "b", "c"];

    impl Game for Bids {
        const ID: &'static str = "bids";
        const NAME: &'static str = "Bids";
        const RULES_VERSION: u32 = 1;
        type Options = ();
        type State = State;
        type Action = Action;
        type View = String;
        type Event = String;

        fn scenarios() -> Vec<ScenarioInfo> {
            Vec::new()
        }
        fn options(_: &str) -> Result<(), String> {
            Ok(())
        }
        fn seat_names(_: &()) -> Vec<&'static str> {
            NAMES.to_vec()
        }
        fn options_of(_: &State) -> &() {
            &()
        }
        fn setup_with(_: &(), chance: Chance) -> State {
            State {
                bids: [None; 3],
                window: Vec::new(),
                chance,
            }
        }
        fn to_act(state: &State) -> Turn {
            let bidding: Vec<Seat> = (0u8..3)
                .filter(|&i| state.bids[i as usize].is_none())
                .map(Seat)
                .collect();
            if !bidding.is_empty() {
                Turn::Decide(bidding)
            } else if !state.window.is_empty() {
                Turn::Decide(state.window.clone())
            } else {
                Turn::Over(Outcome {
                    winners: Vec::new(),
                    result: "done".into(),
                    detail: String::new(),
                })
            }
        }
        fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
            match state.bids.get(seat.0 as usize) {
                Some(None) => (1..=3).map(Action::Bid).collect(),
                Some(Some(_)) if state.window.contains(&seat) => {
                    vec![Action::Pass, Action::Object]
                }
                _ => Vec::new(),
            }
        }
        fn describe(event: &String) -> String {
            event.clone()
        }
        fn targets(_: &State, action: &Action) -> Vec<Target> {
            match action {
                Action::Bid(n) => vec![Target::Count(*n), Target::Word("bid")],
                Action::Pass => vec![Target::Word("pass")],
                Action::Object => vec![Target::Word("object")],
            }
        }
        fn apply(
            state: &mut State,
            seat: Seat,
            action: &Action,
        ) -> Result<Vec<GameEvent>, RuleError> {
            if !Self::legal_actions(state, seat).contains(action) {
                return Err(RuleError::new("B1", "not now"));
            }
            let name = NAMES[seat.0 as usize];
            match action {
                Action::Bid(n) => {
                    state.bids[seat.0 as usize] = Some(*n);
                    if state.bids.iter().all(Option::is_some) {
                        state.window = vec![Seat(0), Seat(1)];
                    }
                    Ok(vec![
                        GameEvent::private(vec![seat], "B1", format!("{name} bids {n}")),
                        GameEvent::public("B1", format!("{name} has bid")),
                    ])
                }
                Action::Pass | Action::Object => {
                    state.window.retain(|s| *s != seat);
                    Ok(vec![GameEvent::public("B2", format!("{name}: {action:?}"))])
                }
            }
        }
        fn view(state: &State, seats: &[Seat]) -> String {
            let bids: Vec<String> = (0u8..3)
                .map(|i| match state.bids[i as usize] {
                    None => "-".to_string(),
                    Some(n) if seats.contains(&Seat(i)) => n.to_string(),
                    Some(_) => "?".to_string(),
                })
                .collect();
            format!("bids {}", bids.join(" "))
        }
        fn resample(_: &String, rng: &mut Chance) -> State {
            Self::setup(&(), u64::from(rng.roll(1000)))
        }
        fn chance(state: &State) -> &Chance {
            &state.chance
        }
        fn chance_mut(state: &mut State) -> &mut Chance {
            &mut state.chance
        }
        fn state_hash(state: &State) -> u64 {
            let bids = state
                .bids
                .iter()
                .fold(0u64, |h, b| h * 5 + u64::from(b.unwrap_or(4)));
            bids * 10 + state.window.len() as u64
        }
        fn hidden_digest(state: &State) -> u64 {
            state
                .bids
                .iter()
                .fold(0u64, |h, b| h * 5 + u64::from(b.unwrap_or(4)))
        }
        fn standing_pass(state: &State, seat: Seat) -> Option<Action> {
            state.window.contains(&seat).then_some(Action::Pass)
        }
        fn action_is_secret(_: &State, action: &Action) -> bool {
            matches!(action, Action::Bid(_))
        }
    }

    impl Notation for Bids {
        fn format_action(_: &State, action: &Action) -> String {
            match action {
                Action::Bid(n) => format!("bid {n}"),
                Action::Pass => "pass".into(),
                Action::Object => "object".into(),
            }
        }
        fn parse_action(_: &State, text: &str) -> Result<Action, NotationError> {
            match text.split_whitespace().collect::<Vec<_>>().as_slice() {
                ["bid", n] => n
                    .parse()
                    .map(Action::Bid)
                    .map_err(|_| NotationError::new("bid N")),
                ["pass"] => Ok(Action::Pass),
                ["object"] => Ok(Action::Object),
                _ => Err(NotationError::new("bid N, pass or object")),
            }
        }
        fn format_position(state: &State) -> String {
            Self::view(state, &[Seat(0), Seat(1), Seat(2)])
        }
        fn parse_position(_: &str, _: u64) -> Result<State, NotationError> {
            Err(NotationError::new("not needed"))
        }
        fn format_view(view: &String) -> String {
            view.clone()
        }
    }

    impl Presentation for Bids {
        fn render(view: &String) -> String {
            view.clone()
        }
    }
}

#[test]
fn session_simultaneous_bids_are_collected_one_person_at_a_time() {
    use crate::engine::Played;
    let mut header = Header::new("bids", 1, "only", "null", 1, 0);
    header.seats = "a=person:Ann,b=person:Bo,c=computer".to_string();
    let game = Played::<bids::Bids>::boxed(<bids::Bids as Game>::setup(&(), 1));
    let mut s = Session::from_save(header, Timeline::new(game), None).unwrap();
    // All three bid at once: the computer first, without a hand-off.
    assert_eq!(
        s.screen(),
        Screen::ComputerToMove {
            seats: vec![Seat(2)]
        }
    );
    let played = s.step_computer(0).unwrap();
    assert_eq!(played.seat, Seat(2));
    assert_eq!(played.action, None, "the computer's bid is its secret");
    assert_eq!(played.events.len(), 1, "only the public event");
    // Then each person behind a hand-off, never seeing another's bid.
    assert_eq!(s.screen(), Screen::HandOff { to: "Ann".into() });
    assert_eq!(s.view(), "bids - - ?");
    s.confirm_handoff().unwrap();
    match s.screen() {
        Screen::Decide { person, seats } => {
            assert_eq!(person, "Ann");
            assert_eq!(seats.len(), 1);
            assert_eq!(seats[0].seat, Seat(0));
            assert_eq!(
                seats[0]
                    .legal
                    .iter()
                    .map(|a| a.notation.as_str())
                    .collect::<Vec<_>>(),
                vec!["bid 1", "bid 2", "bid 3"]
            );
        }
        other => panic!("expected Ann's decision, got {other:?}"),
    }
    let events = s.act(Seat(0), "bid 3", 0).unwrap();
    assert_eq!(events.len(), 2, "Ann reads her own bid");
    assert_eq!(s.screen(), Screen::HandOff { to: "Bo".into() });
    assert_eq!(s.view(), "bids ? - ?");
    assert!(matches!(
        s.act(Seat(1), "bid 1", 0),
        Err(SessionError::HandOffPending { .. })
    ));
    assert!(
        matches!(s.recap(), Err(SessionError::HandOffPending { .. })),
        "no recap while the hand-off waits"
    );
    s.confirm_handoff().unwrap();
    assert_eq!(s.view(), "bids ? - ?");
    // Bo's standing order will answer his side of the window.
    s.set_always_pass(Seat(1), true).unwrap();
    s.act(Seat(1), "bid 1", 0).unwrap();
    assert_eq!(s.view(), "bids ? 1 ?");
    // The window asks a and b at once: Bo's standing order answers without a hand-off,
    // then the device goes back to Ann.
    assert_eq!(
        s.screen(),
        Screen::ComputerToMove {
            seats: vec![Seat(1)]
        }
    );
    let played = s.step_computer(0).unwrap();
    assert_eq!(played.by, Mover::StandingOrder);
    assert_eq!(played.action.as_deref(), Some("pass"));
    assert_eq!(s.screen(), Screen::HandOff { to: "Ann".into() });
    s.confirm_handoff().unwrap();
    s.act(Seat(0), "object", 0).unwrap();
    assert!(matches!(s.screen(), Screen::Over { .. }));
    assert_eq!(s.view(), "bids 3 ? ?");
}

/// Four people play 878 (a fixed spread of legal actions): after every hand-off the new
/// holder's recap is every step since their own last one, with only what their seat may
/// read; a resume recaps the same.
#[test]
fn session_recap_shows_what_the_holder_missed_and_survives_a_resume() {
    let dir = TempDir::with_prefix("skald-recap-").unwrap();
    let store = Arc::new(Store::open(dir.path()).unwrap());
    let people = ["Ann", "Bo", "Cy", "Di"];
    let seating = Seating::new(people.iter().map(|n| Player::person(n)).collect()).unwrap();
    let mut s = Session::new(
        "v878",
        "standard",
        9,
        seating,
        "recap",
        Some(store.clone()),
        0,
    )
    .unwrap();
    let id = s.save_id().unwrap();
    let (mut handoffs, mut told, mut resumed) = (0, 0, false);
    let mut pick = 7u64;
    for _ in 0..3_000 {
        if handoffs == 40 {
            break;
        }
        match s.screen() {
            Screen::HandOff { to } => {
                s.confirm_handoff().unwrap();
                handoffs += 1;
                // One seat each, in seat order.
                let seat = Seat(people.iter().position(|n| *n == to).unwrap() as u8);
                let recap = s.recap().unwrap();
                told += recap.len();
                let log_len = s.timeline().log().len() as u32;
                if let Some(last) = recap.last() {
                    assert_eq!(last.number, log_len, "the recap reaches the present");
                }
                for (k, step) in recap.iter().enumerate() {
                    assert!(
                        step.seat != seat || step.forced,
                        "{to}'s own choice in their recap"
                    );
                    assert_eq!(step.number, log_len - (recap.len() - 1 - k) as u32);
                    for e in &step.events {
                        assert!(e.audience.admits(&[seat]), "{to} reads {e:?}");
                    }
                }
                let first = log_len + 1 - recap.len() as u32;
                if first > 1 {
                    let before = s.history(&[seat]).unwrap().steps[first as usize - 2].seat;
                    assert_eq!(before, seat, "the recap starts after {to}'s last step");
                }
                if handoffs == 5 {
                    // Quit and open the save again: the same recap, read from the log.
                    drop(s);
                    s = Session::open(Arc::clone(&store), id).unwrap();
                    assert_eq!(s.screen(), Screen::HandOff { to: to.clone() });
                    s.confirm_handoff().unwrap();
                    assert_eq!(s.recap().unwrap(), recap);
                    resumed = true;
                }
            }
            Screen::Decide { seats, .. } => {
                // A fixed spread of picks (always the first could board and alight a
                // Leader's card for ever).
                let choice = &seats[0];
                pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let n = (pick >> 33) as usize % choice.legal.len();
                s.act(choice.seat, &choice.legal[n].notation, 0).unwrap();
            }
            Screen::ComputerToMove { .. } => {
                s.step_computer(0).unwrap();
            }
            Screen::Over { .. } => break,
            other => panic!("the game cannot go on: {other:?}"),
        }
    }
    assert!(handoffs >= 8, "only {handoffs} hand-offs");
    assert!(resumed);
    assert!(told >= handoffs, "the recaps told of only {told} steps");
}

/// A journal damaged while the game is played is repaired from sled by the next save,
/// and the session passes the store's word on to the person.
#[test]
fn session_tells_of_a_journal_repaired_while_playing() {
    let dir = TempDir::with_prefix("skald-session-journal-").unwrap();
    let store = Arc::new(Store::open(dir.path()).unwrap());
    let seating =
        Seating::new(vec![Player::person("Ann"), Player::Computer(Skill::Random)]).unwrap();
    let mut s = Session::new("fury", "basic", 4, seating, "j", Some(store), 0).unwrap();
    s.run_computer(0).unwrap();
    s.confirm_handoff().ok();
    let id = s.save_id().unwrap();
    let journal = dir.path().join("journal").join(format!("{}.log", id.0));
    let mut bytes = std::fs::read(&journal).unwrap();
    let at = bytes.len() - 2;
    bytes[at] ^= 0x55;
    std::fs::write(&journal, &bytes).unwrap();
    assert!(s.take_notices().is_empty());
    let (seat, action) = match s.screen() {
        Screen::Decide { seats, .. } => (seats[0].seat, seats[0].legal[0].notation.clone()),
        other => panic!("expected a decision, got {other:?}"),
    };
    s.act(seat, &action, 0).unwrap();
    let notices = s.take_notices();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(notices[0].contains("journal was damaged"), "{notices:?}");
}

#[test]
fn session_is_send() {
    fn send<T: Send>() {}
    send::<Session>();
}

#[test]
fn session_standing_orders_are_kept_when_the_game_is_resumed() {
    let dir = temp_dir("standing");
    let store = Arc::new(Store::open(dir.path()).unwrap());
    let mut s = Session::new(
        "v878",
        "standard",
        5,
        seating(&[Some("Ann"), Some("Bo"), Some("Bo"), Some("Bo")]),
        "t",
        Some(Arc::clone(&store)),
        0,
    )
    .unwrap();
    let (person, _) = to_decision(&mut s);
    assert_eq!(person, "Ann");
    s.set_always_pass(Seat(0), true).unwrap();
    let id = s.save_id().unwrap();
    assert_eq!(store.load(id).unwrap().0.always_pass, vec![0]);
    drop(s);

    let resumed = Session::open(Arc::clone(&store), id).unwrap();
    assert!(resumed.always_pass(Seat(0)));
    assert!(!resumed.always_pass(Seat(1)));
    // A game continued from an earlier point keeps them too.
    let branch = resumed.continue_from(0, 99, "branch", 1).unwrap();
    assert!(branch.always_pass(Seat(0)));
    let branch_id = branch.save_id().unwrap();
    assert_eq!(store.load(branch_id).unwrap().0.always_pass, vec![0]);
}
