//! The search levels as seat settings, the computer thinking off the caller's thread,
//! and hints (issue 10).

use super::*;
use crate::ai::search::Decided;
use crate::engine::{typed, Game, StoredPosition};
use crate::games::v878::{Faction, V878};
use crate::session::{Hint, SessionError, Skill, Thought};
use crate::store::Header;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// A budget with no time cap: the search then chooses the same whatever the clock.
fn uncapped(iterations: u32) -> Budget {
    Budget::iterations(iterations)
}

fn seats(players: &[Player]) -> Seating {
    Seating::new(players.to_vec()).unwrap()
}

/// A Fury Basic game with both seats played by the search at easy level, given a small
/// budget with no time cap.
fn fury_between_searches(seed: u64) -> Session {
    let mut s = Session::new(
        "fury",
        "basic",
        seed,
        seats(&[Player::Computer(Skill::Easy), Player::Computer(Skill::Easy)]),
        "t",
        None,
        0,
    )
    .unwrap();
    s.set_search_budget(Level::Easy, uncapped(4));
    s
}

/// Ann plays the Fury Vikings against the search at normal level (a small budget with
/// no time cap), and holds the device; the computer's set-up is played.
fn ann_against_normal(seed: u64) -> Session {
    let mut s = Session::new(
        "fury",
        "basic",
        seed,
        seats(&[Player::person("Ann"), Player::Computer(Skill::Normal)]),
        "t",
        None,
        0,
    )
    .unwrap();
    s.set_search_budget(Level::Normal, uncapped(6));
    s.run_computer(0).unwrap();
    s
}

/// Steps the computer until its next decision is one the search really searches;
/// returns how many decisions it stepped.
fn to_searched_decision(s: &mut Session) -> usize {
    for steps in 0..200 {
        let Screen::ComputerToMove { seats } = s.screen() else {
            panic!("expected the computer to move, got {:?}", s.screen());
        };
        let probe = s
            .game()
            .search(seats[0], &uncapped(1), 0, &AtomicBool::new(false), None)
            .unwrap();
        if probe.decided == Decided::Searched {
            return steps;
        }
        s.step_computer(0).unwrap();
    }
    panic!("no searched decision within 200");
}

/// The last action of the log, in notation.
fn last_action(s: &Session) -> String {
    match s.timeline().log().last() {
        Some(crate::store::Entry::Act { action, .. }) => action.clone(),
        other => panic!("expected an action, got {other:?}"),
    }
}

/// Blocks on a future on this thread (a runtime of the tests' own: core has none).
fn block_on<F: std::future::Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(future)
}

#[test]
fn session_levels_round_trip_through_a_save_and_old_words_open() {
    let dir = TempDir::with_prefix("skald-levels-").unwrap();
    let store = Arc::new(Store::open(dir.path()).unwrap());
    let s = Session::new(
        "v878",
        "standard",
        3,
        seats(&[
            Player::person("Ann"),
            Player::Computer(Skill::Easy),
            Player::Computer(Skill::Hard),
            Player::Computer(Skill::Normal),
        ]),
        "levels",
        Some(Arc::clone(&store)),
        0,
    )
    .unwrap();
    let id = s.save_id().unwrap();
    assert_eq!(
        store.load(id).unwrap().0.seats,
        "housecarl=person:Ann,thegn=computer:easy,norsemen=computer:hard,berserker=computer:normal"
    );
    let opened = Session::open(Arc::clone(&store), id).unwrap();
    assert_eq!(opened.seating(), s.seating());
    assert_eq!(opened.skill_of(Seat(2)), Skill::Hard);

    // A save written before the levels: its words still open, as the players they were
    // (a bare `computer` is now the normal level).
    let mut header = s.header().clone();
    header.seats =
        "housecarl=person:Ann,thegn=computer:simple,norsemen=computer:random,berserker=computer"
            .into();
    let game = crate::session::start_game(&header).unwrap();
    let old = Session::from_save(header, Timeline::new(game), None).unwrap();
    assert_eq!(
        old.seating().players(),
        &[
            Player::person("Ann"),
            Player::Computer(Skill::Simple),
            Player::Computer(Skill::Random),
            Player::Computer(Skill::Normal),
        ]
    );
}

#[test]
fn session_easy_computer_plays_an_878_game_to_its_end() {
    // The Norsemen at the easy level (its real budget, time cap included) against the
    // simple player on the other seats.
    let mut s = Session::new(
        "v878",
        "standard",
        4,
        seats(&[
            Player::Computer(Skill::Simple),
            Player::Computer(Skill::Simple),
            Player::Computer(Skill::Easy),
            Player::Computer(Skill::Simple),
        ]),
        "t",
        None,
        0,
    )
    .unwrap();
    let started = Instant::now();
    let played = s.run_computer(0).unwrap();
    assert!(matches!(s.screen(), Screen::Over { .. }));
    assert_eq!(played.len(), s.timeline().log().len());
    let by_easy = played.iter().filter(|p| p.seat == Seat(2)).count();
    assert!(by_easy > 50, "the easy seat decided only {by_easy} times");
    eprintln!(
        "878 standard, easy Norsemen: {} decisions ({by_easy} theirs) in {:?}",
        played.len(),
        started.elapsed()
    );
}

#[test]
fn session_thinking_chooses_what_step_computer_plays() {
    // Two sessions of the same game: one thinks off its thread and plays the thoughts,
    // the other steps on the caller's thread; they must play the same game.
    let mut thinking = fury_between_searches(21);
    let mut stepping = fury_between_searches(21);
    let mut choices = 0;
    for _ in 0..24 {
        let Some(handle) = thinking.start_thinking().unwrap() else {
            panic!("a computer seat with a search level must think");
        };
        let seat = handle.seat();
        let thought = block_on(handle.outcome()).expect("a thought");
        assert_eq!(thought.seat(), seat);
        let played_by_step = stepping.step_computer(0).unwrap();
        assert_eq!(played_by_step.seat, seat);
        assert_eq!(thought.action(), last_action(&stepping));
        if thinking.game().legal_actions(seat).len() > 1 {
            choices += 1;
        }
        let played = thinking.play_thought(thought, 0).unwrap();
        assert_eq!(played, played_by_step);
        assert_eq!(thinking.game().state_hash(), stepping.game().state_hash());
    }
    assert_eq!(thinking.timeline().log(), stepping.timeline().log());
    assert!(
        choices >= 10,
        "only {choices} real choices were thought over"
    );
    // Blocking on the handle gives the same thought as awaiting it.
    let a = thinking.start_thinking().unwrap().unwrap().wait().unwrap();
    let b = block_on(thinking.start_thinking().unwrap().unwrap().outcome()).unwrap();
    assert_eq!(a, b);
}

#[test]
fn session_cancelled_thinking_gives_nothing_and_changes_nothing() {
    let mut s = fury_between_searches(5);
    let steps = to_searched_decision(&mut s);
    // A budget that would take minutes: only the cancel can end it soon.
    s.set_search_budget(Level::Easy, uncapped(1_000_000));
    let hash = s.game().state_hash();
    let chance = s.game().chance_used();
    let log = s.timeline().log().to_vec();
    let started = Instant::now();
    let handle = s.start_thinking().unwrap().unwrap();
    std::thread::sleep(Duration::from_millis(30));
    let cancelled = Instant::now();
    handle.cancel();
    assert_eq!(block_on(handle.outcome()), None);
    eprintln!(
        "a cancelled Fury search answered {:?} after the cancel",
        cancelled.elapsed()
    );
    // Cancelled from another handle, and waited for on this thread.
    let handle = s.start_thinking().unwrap().unwrap();
    let canceller = handle.canceller();
    std::thread::spawn(move || canceller.cancel())
        .join()
        .unwrap();
    assert_eq!(handle.wait(), None);
    // Dropped: cancelled too.
    let handle = s.start_thinking().unwrap().unwrap();
    let canceller = handle.canceller();
    drop(handle);
    assert!(canceller.is_cancelled());
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "the cancelled searches took {:?}",
        started.elapsed()
    );
    assert_eq!(s.game().state_hash(), hash);
    assert_eq!(s.game().chance_used(), chance);
    assert_eq!(s.timeline().log(), log.as_slice());
    // What the computer then plays is what it would have played had nobody thought.
    s.set_search_budget(Level::Easy, uncapped(4));
    let mut fresh = fury_between_searches(5);
    for _ in 0..steps {
        fresh.step_computer(0).unwrap();
    }
    s.step_computer(0).unwrap();
    fresh.step_computer(0).unwrap();
    assert_eq!(s.timeline().log(), fresh.timeline().log());
}

#[test]
fn session_stale_thought_is_refused_and_changes_nothing() {
    // Someone moved while the computer thought.
    let mut s = fury_between_searches(9);
    let thought = s.start_thinking().unwrap().unwrap().wait().unwrap();
    s.step_computer(0).unwrap();
    let hash = s.game().state_hash();
    let log_len = s.timeline().log().len();
    assert!(matches!(
        s.play_thought(thought, 0),
        Err(SessionError::StaleThought(_))
    ));
    assert_eq!(s.game().state_hash(), hash);
    assert_eq!(s.timeline().log().len(), log_len);

    // The person undid their action while the computer thought about its answer.
    let mut s = ann_against_normal(9);
    let mut thought: Option<Thought> = None;
    for _ in 0..40 {
        let Screen::Decide { seats, .. } = s.screen() else {
            panic!("expected Ann's decision, got {:?}", s.screen());
        };
        let choice = &seats[0];
        // The end of the phase as soon as it may end (it hands the turn to the
        // computer), else a move, which reveals nothing.
        let Some(action) = choice
            .legal
            .iter()
            .find(|a| a.notation == "end")
            .or_else(|| choice.legal.iter().find(|a| a.notation.starts_with("move")))
            .or_else(|| choice.legal.first())
        else {
            panic!("no legal action");
        };
        s.act(choice.seat, &action.notation.clone(), 0).unwrap();
        if matches!(s.screen(), Screen::ComputerToMove { .. }) && s.can_undo() {
            thought = s.start_thinking().unwrap().map(|t| t.wait().unwrap());
            if thought.is_some() {
                break;
            }
        }
        if matches!(s.screen(), Screen::ComputerToMove { .. }) {
            s.run_computer(0).unwrap();
        }
    }
    let thought = thought.expect("a computer decision right after an undoable action");
    s.undo(0).unwrap();
    let hash = s.game().state_hash();
    let log_len = s.timeline().log().len();
    assert!(matches!(
        s.play_thought(thought, 0),
        Err(SessionError::StaleThought(_))
    ));
    assert_eq!(s.game().state_hash(), hash);
    assert_eq!(s.timeline().log().len(), log_len);
}

#[test]
fn session_hint_changes_nothing_and_names_a_legal_action() {
    let dir = TempDir::with_prefix("skald-hint-").unwrap();
    let store = Arc::new(Store::open(dir.path()).unwrap());
    let mut s = Session::new(
        "fury",
        "basic",
        12,
        seats(&[Player::person("Ann"), Player::Computer(Skill::Normal)]),
        "t",
        Some(Arc::clone(&store)),
        0,
    )
    .unwrap();
    s.set_search_budget(Level::Normal, uncapped(12));
    s.set_search_budget(Level::Easy, uncapped(4));
    s.run_computer(0).unwrap();
    let mut searched = 0;
    for _ in 0..12 {
        let Screen::Decide { seats, .. } = s.screen() else {
            break;
        };
        let hash = s.game().state_hash();
        let chance = s.game().chance_used();
        let hidden = s.game().hidden_digest();
        let log_len = s.timeline().log().len();
        let saved = store.load(s.save_id().unwrap()).unwrap().1.len();
        let hint: Hint = s.hint().unwrap();
        assert_eq!(s.game().state_hash(), hash);
        assert_eq!(s.game().chance_used(), chance);
        assert_eq!(s.game().hidden_digest(), hidden);
        assert_eq!(s.timeline().log().len(), log_len);
        assert_eq!(store.load(s.save_id().unwrap()).unwrap().1.len(), saved);
        assert_eq!(hint.seat, seats[0].seat);
        assert!(
            seats[0].legal.iter().any(|a| a.notation == hint.action),
            "{} is not legal",
            hint.action
        );
        for c in &hint.candidates {
            assert!(seats[0].legal.iter().any(|a| a.notation == c.notation));
            assert!((0.0..=1.0).contains(&c.value));
        }
        if hint.decided == Decided::Searched {
            searched += 1;
            // The suggestion is one of the candidates (the most tried, or with a
            // `Budget::confidence` margin the simple player's: `ai::search`).
            assert!(hint.candidates.iter().any(|c| c.notation == hint.action));
            assert_eq!(
                hint.candidates.iter().map(|c| c.visits).sum::<u32>(),
                hint.iterations
            );
        }
        // The same position always gets the same hint.
        assert_eq!(s.hint().unwrap(), hint);
        s.act(seats[0].seat, &hint.action, 0).unwrap();
        s.run_computer(0).unwrap();
    }
    assert!(searched >= 3, "only {searched} hints were searched");
}

#[test]
fn session_hint_is_refused_for_the_computer_and_before_a_handoff() {
    let mut s = Session::new(
        "fury",
        "basic",
        2,
        seats(&[Player::person("Ann"), Player::Computer(Skill::Easy)]),
        "t",
        None,
        0,
    )
    .unwrap();
    // The Villager (the computer) sets up first.
    assert!(matches!(s.screen(), Screen::ComputerToMove { .. }));
    match s.hint() {
        Err(SessionError::HintForComputer { seat }) => assert_eq!(seat, "villager"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    // The computer's thinking is for the computer's seats only: a person's decision has
    // none to start.
    s.set_search_budget(Level::Easy, uncapped(2));
    s.run_computer(0).unwrap();
    assert!(matches!(
        s.start_thinking(),
        Err(SessionError::NoComputerMove)
    ));

    // Two people: nobody holds the device yet, then Bo must take it from Ann.
    let mut s = Session::new(
        "fury",
        "basic",
        2,
        seats(&[Player::person("Ann"), Player::person("Bo")]),
        "t",
        None,
        0,
    )
    .unwrap();
    assert!(matches!(s.hint(), Err(SessionError::NobodyHoldsDevice)));
    s.confirm_handoff().unwrap();
    assert_eq!(s.hint().unwrap().seat, Seat(1));
    // Bo sets up and ends; then the device is to go to Ann.
    s.act(Seat(1), "setup default", 0).unwrap();
    for _ in 0..10 {
        match s.screen() {
            Screen::ComputerToMove { .. } => {
                s.step_computer(0).unwrap();
            }
            Screen::Decide { .. } => {
                s.act(Seat(1), "end", 0).unwrap();
            }
            _ => break,
        }
    }
    assert_eq!(s.screen(), Screen::HandOff { to: "Ann".into() });
    assert!(matches!(
        s.hint(),
        Err(SessionError::HandOffPending { to }) if to == "Ann"
    ));
}

#[test]
fn session_started_hint_gives_what_hint_gives() {
    // Ann's decisions against the computer: the hint worked out off the thread is the
    // one `hint` gives on it, awaited or waited for, and names its position.
    let mut s = ann_against_normal(12);
    s.set_search_budget(Level::Normal, uncapped(12));
    let mut searched = 0;
    for step in 0..10 {
        let Screen::Decide { seats, .. } = s.screen() else {
            break;
        };
        let here = s.hint().unwrap();
        let handle = s.start_hint().unwrap();
        assert_eq!(handle.seat(), here.seat);
        let there = if step % 2 == 0 {
            handle.wait()
        } else {
            block_on(handle.outcome())
        };
        assert_eq!(there.as_ref(), Some(&here));
        assert!(s.is_current(&here));
        if here.decided == Decided::Searched {
            searched += 1;
        }
        s.act(seats[0].seat, &here.action, 0).unwrap();
        // Once Ann has played it, the hint is for a position gone by.
        assert!(!s.is_current(&here));
        s.run_computer(0).unwrap();
    }
    assert!(searched >= 3, "only {searched} hints were searched");
}

#[test]
fn session_cancelled_hint_gives_nothing_and_changes_nothing() {
    let dir = TempDir::with_prefix("skald-hint-cancel-").unwrap();
    let store = Arc::new(Store::open(dir.path()).unwrap());
    let mut s = Session::new(
        "fury",
        "basic",
        12,
        seats(&[Player::person("Ann"), Player::Computer(Skill::Easy)]),
        "t",
        Some(Arc::clone(&store)),
        0,
    )
    .unwrap();
    s.set_search_budget(Level::Easy, uncapped(4));
    s.run_computer(0).unwrap();
    // Ann's first searched decision.
    for _ in 0..40 {
        let Screen::Decide { seats, .. } = s.screen() else {
            panic!("expected Ann's decision, got {:?}", s.screen());
        };
        s.set_search_budget(Level::Normal, uncapped(1));
        if s.hint().unwrap().decided == Decided::Searched {
            break;
        }
        let pick = seats[0].legal[0].notation.clone();
        s.act(seats[0].seat, &pick, 0).unwrap();
        s.run_computer(0).unwrap();
    }
    // A budget that would take minutes: only the cancel can end it soon.
    s.set_search_budget(Level::Normal, uncapped(1_000_000));
    let hash = s.game().state_hash();
    let chance = s.game().chance_used();
    let hidden = s.game().hidden_digest();
    let log = s.timeline().log().to_vec();
    let saved = store.load(s.save_id().unwrap()).unwrap().1.len();
    let started = Instant::now();
    let handle = s.start_hint().unwrap();
    std::thread::sleep(Duration::from_millis(30));
    assert!(!handle.is_finished());
    handle.cancel();
    assert_eq!(block_on(handle.outcome()), None);
    // Cancelled from elsewhere and waited for; dropped.
    let handle = s.start_hint().unwrap();
    let canceller = handle.canceller();
    std::thread::spawn(move || canceller.cancel())
        .join()
        .unwrap();
    assert_eq!(handle.wait(), None);
    let canceller = s.start_hint().unwrap().canceller();
    assert!(canceller.is_cancelled());
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "the cancelled hints took {:?}",
        started.elapsed()
    );
    assert_eq!(s.game().state_hash(), hash);
    assert_eq!(s.game().chance_used(), chance);
    assert_eq!(s.game().hidden_digest(), hidden);
    assert_eq!(s.timeline().log(), log.as_slice());
    assert_eq!(store.load(s.save_id().unwrap()).unwrap().1.len(), saved);
    // A hint asked for afterwards is the one it would have been.
    s.set_search_budget(Level::Normal, uncapped(8));
    let after = s.start_hint().unwrap().wait().unwrap();
    assert_eq!(after, s.hint().unwrap());
    // Refused as `hint` is: not for the computer's decision.
    let Screen::Decide { seats, .. } = s.screen() else {
        panic!("expected Ann's decision");
    };
    s.act(seats[0].seat, &after.action, 0).unwrap();
    if matches!(s.screen(), Screen::ComputerToMove { .. }) {
        assert!(matches!(
            s.start_hint(),
            Err(SessionError::HintForComputer { .. })
        ));
    }
}

/// An 878 session started from `state` with seed 31, the Housecarl Ann's, the others
/// the simple player.
fn v878_session_at(state: &<V878 as Game>::State, options: &str) -> Session {
    let entry = crate::games::registry::find("v878").unwrap();
    let mut header = Header::new("v878", entry.rules_version(), "standard", options, 31, 0);
    header.start = Some(StoredPosition::Data(V878::position_data(state).unwrap()));
    header.seats = "housecarl=person:Ann,thegn=computer:simple,norsemen=computer:simple,berserker=computer:simple".into();
    let game = crate::session::start_game(&header).unwrap();
    let mut s = Session::from_save(header, Timeline::new(game), None).unwrap();
    s.set_search_budget(Level::Normal, uncapped(16));
    s
}

#[test]
fn session_878_hint_is_the_same_whatever_the_seat_cannot_see() {
    // Ann's first decision as the Housecarl, from a fresh game of seed 31.
    let mut s = Session::new(
        "v878",
        "standard",
        31,
        seats(&[
            Player::person("Ann"),
            Player::Computer(Skill::Simple),
            Player::Computer(Skill::Simple),
            Player::Computer(Skill::Simple),
        ]),
        "t",
        None,
        0,
    )
    .unwrap();
    s.run_computer(0).unwrap();
    let truth = typed::<V878>(s.game()).unwrap().clone();
    // The same position with the Norsemen's hand and deck order changed: a card of
    // their hand swapped with one of their deck.
    let mut other = truth.clone();
    let norse = other.faction_mut(Faction::ALL[2]);
    let (hand, deck) = (norse.hand.len(), norse.deck.len());
    assert!(
        hand > 0 && deck > 1,
        "the test needs cards ({hand}, {deck})"
    );
    let swap = (0..deck)
        .find(|&i| norse.deck[i] != norse.hand[0])
        .expect("a different card in the deck");
    let card = norse.hand[0];
    norse.hand[0] = norse.deck[swap];
    norse.deck[swap] = card;
    norse.deck.reverse();

    let options = s.game().options_json();
    let a = v878_session_at(&truth, &options);
    let b = v878_session_at(&other, &options);
    assert_ne!(a.game().position(), b.game().position());
    assert_eq!(
        a.game().view_position(&[Seat(0)]),
        b.game().view_position(&[Seat(0)])
    );
    let (hint_a, hint_b) = (a.hint().unwrap(), b.hint().unwrap());
    assert_eq!(hint_a.decided, Decided::Searched, "{hint_a:?}");
    assert_eq!(hint_a.position.0, hint_b.position.0);
    // Their positions differ (the hands): each hint names its own; all else is equal.
    assert_ne!(hint_a.position, hint_b.position);
    assert_eq!(
        Hint {
            position: hint_b.position,
            ..hint_a.clone()
        },
        hint_b
    );
    // Worked out off the thread, from the Housecarl's view only, it is the same.
    assert_eq!(a.start_hint().unwrap().wait().unwrap(), hint_a);
    assert_eq!(b.start_hint().unwrap().wait().unwrap(), hint_b);
}

/// The session remembers the plan its computer seat chose for a phase (`ai::plans`):
/// the Fury Viking at a halving budget with the portfolio chooses one in his Movement
/// Phase and keeps it through the phase, whether he thinks on the caller's thread or
/// off it; a person's undo forgets it.
#[test]
fn fury_computer_keeps_its_plan_for_the_phase_and_forgets_it_on_undo() {
    use crate::engine::SearchRoot;
    let mut s = Session::new(
        "fury",
        "basic",
        3,
        seats(&[Player::Computer(Skill::Normal), Player::person("Ann")]),
        "t",
        None,
        0,
    )
    .unwrap();
    s.set_search_budget(
        Level::Normal,
        Budget {
            root: Some(SearchRoot::Halving { candidates: 4 }),
            horizon: Some(12),
            ..uncapped(8)
        },
    );
    let viking = Seat(0);
    // A person's undo forgets the computer's plans: at Ann's set-up, with a plan
    // remembered for the Viking, she sets up and takes it back.
    let ann = loop {
        match s.screen() {
            Screen::ComputerToMove { .. } => {
                s.step_computer(0).unwrap();
            }
            Screen::Decide { seats, .. } => break seats[0].seat,
            other => panic!("unexpected screen: {other:?}"),
        }
    };
    s.plans.remember(viking, &s.game().progress(), Some(1));
    s.act(ann, "setup default", 0).unwrap();
    s.undo(0).unwrap();
    assert_eq!(s.plans, PlanMemory::default());
    // The computer plays until it has chosen a plan.
    let mut progress = String::new();
    for _ in 0..400 {
        progress = s.game().progress();
        if s.plans.kept(viking, &progress).is_some() {
            break;
        }
        match s.screen() {
            Screen::ComputerToMove { .. } => {
                s.step_computer(0).unwrap();
            }
            // Ann sets up by the book and ends her phases at once.
            Screen::Decide { seats: ann, .. } => {
                let has = |n: &str| ann[0].legal.iter().any(|a| a.notation == n);
                let pick = ["setup default", "end"].into_iter().find(|n| has(n));
                let pick = pick.map_or_else(|| ann[0].legal[0].notation.clone(), String::from);
                s.act(ann[0].seat, &pick, 0).unwrap();
            }
            other => panic!("unexpected screen: {other:?}"),
        }
    }
    let plan = s.plans.kept(viking, &progress).expect("a plan chosen");
    // Thought out off the thread, the next move follows the same plan.
    let thought = s.start_thinking().unwrap().unwrap().wait().unwrap();
    assert_eq!(thought.plan, Some(plan));
    assert_eq!(thought.progress, progress);
    s.play_thought(thought, 0).unwrap();
    if s.game().progress() == progress {
        assert_eq!(s.plans.kept(viking, &progress), Some(plan));
    }
}
