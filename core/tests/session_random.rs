//! Random games through the Session, for every game and scenario: random seatings (one
//! to four people, some computer seats), random undo attempts (also on the hand-off
//! screen), random "always pass" orders. At every step it checks that:
//! - a person decides only while holding the device, and the screen's view is the
//!   game's own view of that person's seats (the public view during a hand-off);
//! - in 878, no view the session shows holds a card of a hand that is not the viewer's,
//!   and no other seat's `pick` reaches the holder by name;
//! - undo succeeds exactly when the last action standing is the holder's and crossed no
//!   die roll, draw or reveal; after it, the state hash, chance count and hidden digest
//!   are those from before the undone action.
//!
//! At the end of each game it checks that replaying the log (read back from a real store for some games)
//! gives the state hash recorded live after every record (one replay: linear), that the
//! history agrees with the game, and that a game continued from a random step starts
//! from the same public position.
//!
//! `SKALD_SESSION_GAMES` sets the number of games per scenario (default: 6 per Fury
//! scenario, 50 per 878 scenario).

use skald_core::engine::{Audience, Chance, GameBox, Seat};
use skald_core::games::registry::{self, GameType};
use skald_core::games::v878::state::UNKNOWN;
use skald_core::games::v878::{Faction, V878};
use skald_core::session::history::standing_actions;
use skald_core::session::Skill;
use skald_core::session::{start_game, Player, Screen, Seating, Session, SessionError, Timeline};
use skald_core::store::{Entry, Store};
use std::sync::Arc;
use tempfile::TempDir;

/// The state before one action still standing, and whether the action crossed a die
/// roll, draw or reveal.
struct Before {
    seat: Seat,
    hash: u64,
    chance: u64,
    hidden: u64,
    crossed: bool,
    /// A person's only legal action, taken for them (an undo takes it back with the
    /// choice before it).
    forced: bool,
}

/// A fresh folder for one test, removed when dropped.
fn temp_dir(tag: &str) -> TempDir {
    TempDir::with_prefix(format!("skald-{tag}-")).expect("a temporary folder")
}

/// What the random games covered, to make sure the test tested something.
#[derive(Default, Debug)]
struct Tally {
    games: u32,
    finished: u32,
    decisions: u32,
    handoffs: u32,
    undos: u32,
    undos_refused: u32,
    standing_passes: u32,
    saved_games: u32,
    missed_events: u32,
}

const NAMES: [&str; 4] = ["Ann", "Bo", "Cy", "Di"];
const MAX_DECISIONS: u32 = 20_000;

fn random_seating(seats: usize, rng: &mut Chance) -> Seating {
    let people = rng.roll(4) as usize;
    let players = (0..seats)
        .map(|_| {
            if rng.roll(4) == 1 {
                Player::Computer(Skill::Random)
            } else {
                Player::person(NAMES[rng.roll(people as u32) as usize - 1])
            }
        })
        .collect();
    Seating::new(players).expect("valid names")
}

fn probe(game: &dyn GameBox) -> (u64, u64, u64) {
    let copy = game.clone_box();
    (copy.state_hash(), copy.chance_used(), copy.hidden_digest())
}

/// Checks that an 878 position text shows no card of a hand outside `seats`.
fn no_other_hand(view: &str, seats: &[Seat]) -> Result<(), String> {
    let state = <V878 as skald_core::engine::Notation>::parse_position(view, 0)
        .map_err(|e| format!("view does not read: {e}"))?;
    for f in Faction::ALL {
        if seats.contains(&Seat(f as u8)) {
            continue;
        }
        if state.faction(f).hand.iter().any(|&c| c != UNKNOWN) {
            return Err(format!("a view for {seats:?} shows the {f:?} hand"));
        }
    }
    Ok(())
}

/// The checks every screen must pass.
fn check_screen(s: &Session, screen: &Screen, is_878: bool, deep: bool) -> Result<(), String> {
    let viewer = s.viewer_seats();
    match screen {
        Screen::HandOff { to } if !viewer.is_empty() => {
            return Err(format!("hand-off to {to} shows the seats {viewer:?}"));
        }
        Screen::Decide { person, seats } => {
            if s.holder() != Some(person.as_str()) {
                return Err(format!(
                    "{person} decides while {:?} holds the device",
                    s.holder()
                ));
            }
            if viewer != s.seating().seats_of(person) {
                return Err(format!("{person}'s screen shows the seats {viewer:?}"));
            }
            if seats
                .iter()
                .any(|c| s.seating().person_of(c.seat) != Some(person.as_str()))
            {
                return Err(format!("{person} is asked for a seat not theirs"));
            }
        }
        _ => {}
    }
    if deep {
        let view = s.view();
        if view != s.game().view_position(&viewer) {
            return Err("the screen's view is not the game's view of its seats".into());
        }
        if is_878 {
            no_other_hand(&view, &viewer)?;
            for person in s.seating().people() {
                let seats = s.seating().seats_of(&person);
                no_other_hand(&s.game().view_position(&seats), &seats)?;
            }
        }
    }
    Ok(())
}

/// Tries an undo and checks it against what the test knows of the actions standing.
fn try_undo(
    s: &mut Session,
    standing: &mut Vec<Before>,
    hashes: &mut Vec<u64>,
    tally: &mut Tally,
) -> Result<(), String> {
    let (_, chance_now, hidden_now) = probe(s.game());
    let holder = s.holder().map(str::to_string);
    // What an undo takes back: the forced actions on top, then the choice under them;
    // it may not reach past a roll or a reveal.
    let mut count = 0;
    let mut chosen: Option<&Before> = None;
    for b in standing.iter().rev() {
        if b.crossed {
            break;
        }
        count += 1;
        if !b.forced {
            chosen = Some(b);
            break;
        }
    }
    let top = chosen;
    let expected_ok = match (&holder, chosen) {
        (Some(h), Some(b)) => s.seating().person_of(b.seat) == Some(h.as_str()),
        _ => false,
    };
    match s.undo(0) {
        Ok(()) => {
            if !expected_ok {
                return Err(format!(
                    "undo allowed for {holder:?} (choice under the forced actions: {:?})",
                    chosen.map(|b| b.seat)
                ));
            }
            let taken: Vec<Before> = standing.split_off(standing.len() - count);
            let Some(before) = taken.first() else {
                return Err("undo succeeded with no action standing".into());
            };
            let (hash, chance, hidden) = probe(s.game());
            if hash != before.hash {
                return Err("undo did not restore the state".into());
            }
            if chance != before.chance || chance != chance_now {
                return Err("undo crossed a chance outcome".into());
            }
            if hidden != before.hidden || hidden != hidden_now {
                return Err("undo crossed a reveal".into());
            }
            // One undo record per action taken back, newest first.
            let log = s.timeline().log();
            let undos: Vec<Entry> = taken
                .iter()
                .rev()
                .map(|b| Entry::Undo { seat: b.seat.0 })
                .collect();
            if log.len() < count || log[log.len() - count..] != undos[..] {
                return Err("the undos are not the last log records".into());
            }
            // The position after each undo record: the one before each action taken back.
            hashes.extend(taken.iter().rev().map(|b| b.hash));
            tally.undos += 1;
        }
        Err(e) => {
            if expected_ok {
                return Err(format!("undo refused though allowed: {e}"));
            }
            match (&e, &holder, top) {
                (SessionError::NobodyHoldsDevice, None, _) => {}
                (SessionError::CannotUndo(_), Some(_), None) => {}
                (SessionError::UndoNotYours { .. }, Some(_), Some(_)) => {}
                _ => return Err(format!("undo refused for the wrong reason: {e}")),
            }
            tally.undos_refused += 1;
        }
    }
    Ok(())
}

/// Records one action just played.
fn after_action(
    s: &Session,
    seat: Seat,
    forced: bool,
    before: (u64, u64, u64),
    standing: &mut Vec<Before>,
    hashes: &mut Vec<u64>,
) {
    let (hash, chance, hidden) = probe(s.game());
    standing.push(Before {
        seat,
        hash: before.0,
        chance: before.1,
        hidden: before.2,
        crossed: chance != before.1 || hidden != before.2,
        forced,
    });
    hashes.push(hash);
}

fn play_one(
    game: &dyn GameType,
    scenario: &str,
    seed: u64,
    store: Option<&Arc<Store>>,
    tally: &mut Tally,
) -> Result<(), String> {
    let is_878 = game.id() == "v878";
    let mut rng = Chance::new(seed ^ 0x5e55_1011);
    let seat_count = game.seat_names(scenario)?.len();
    let seating = random_seating(seat_count, &mut rng);
    let mut s = Session::new(
        game.id(),
        scenario,
        seed,
        seating,
        &format!("random {seed}"),
        store.cloned(),
        seed,
    )
    .map_err(|e| e.to_string())?;
    let mut standing: Vec<Before> = Vec::new();
    let mut hashes: Vec<u64> = Vec::new();
    let mut asked_orders: Vec<String> = Vec::new();
    let mut decisions = 0u32;
    loop {
        if decisions >= MAX_DECISIONS {
            break;
        }
        let screen = s.screen();
        // Fury has no secrets and costly positions: look at its views now and then.
        let deep = is_878 || decisions.is_multiple_of(16);
        check_screen(&s, &screen, is_878, deep).map_err(|e| format!("step {decisions}: {e}"))?;
        match screen {
            Screen::HandOff { .. } => {
                tally.handoffs += 1;
                // Someone may notice a slip before passing the device on.
                if rng.roll(4) == 1 {
                    try_undo(&mut s, &mut standing, &mut hashes, tally)?;
                    continue;
                }
                let person = s.confirm_handoff().map_err(|e| e.to_string())?;
                let seats = s.seating().seats_of(&person);
                // The recap: only what this person's seats may read, none of their
                // choices (a forced action taken for them while away is news to them).
                for step in s.recap().map_err(|e| e.to_string())? {
                    if seats.contains(&step.seat) && !step.forced {
                        return Err(format!("{person}'s recap holds their own step"));
                    }
                    for e in &step.events {
                        if !e.audience.admits(&seats) {
                            return Err(format!("{person} is given an event not theirs: {e}"));
                        }
                        if e.audience != Audience::All {
                            tally.missed_events += 1;
                        }
                    }
                }
                if !asked_orders.contains(&person) {
                    asked_orders.push(person.clone());
                    for seat in s.seating().seats_of(&person) {
                        if rng.roll(3) == 1 {
                            s.set_always_pass(seat, true).map_err(|e| e.to_string())?;
                        }
                    }
                }
            }
            Screen::ComputerToMove { .. } => {
                let before = probe(s.game());
                let game_before = s.game().clone_box();
                let viewer = s.viewer_seats();
                let played = s.step_computer(seed).map_err(|e| e.to_string())?;
                if played.by == skald_core::session::Mover::StandingOrder {
                    tally.standing_passes += 1;
                }
                if played.events.iter().any(|e| !e.audience.admits(&viewer)) {
                    return Err("an automatic move shows a private event".into());
                }
                if let (Some(shown), false) = (&played.action, viewer.contains(&played.seat)) {
                    if is_878 && shown.starts_with("pick") {
                        return Err(format!("another seat's secret '{shown}' is shown"));
                    }
                }
                // Any person's lone legal action counts (a standing order's pass too):
                // an undo takes it back with the choice under it.
                let forced = s.seating().person_of(played.seat).is_some()
                    && game_before.forced_action(played.seat).is_some();
                if (played.by == skald_core::session::Mover::Forced) && !forced {
                    return Err("an action taken as forced had a choice".into());
                }
                after_action(&s, played.seat, forced, before, &mut standing, &mut hashes);
                decisions += 1;
            }
            Screen::Decide { seats, .. } => {
                if rng.roll(8) == 1 {
                    try_undo(&mut s, &mut standing, &mut hashes, tally)?;
                    continue;
                }
                let choice = &seats[rng.roll(seats.len() as u32) as usize - 1];
                let action =
                    &choice.legal[rng.roll(choice.legal.len() as u32) as usize - 1].notation;
                let before = probe(s.game());
                let forced = s.game().forced_action(choice.seat).is_some();
                let events = s
                    .act(choice.seat, action, seed)
                    .map_err(|e| format!("step {decisions}: legal '{action}' refused: {e}"))?;
                let mine = s.seating().seats_of(s.holder().unwrap_or(""));
                if events.iter().any(|e| !e.audience.admits(&mine)) {
                    return Err("an action shows its person another seat's event".into());
                }
                after_action(&s, choice.seat, forced, before, &mut standing, &mut hashes);
                decisions += 1;
            }
            Screen::Over { .. } => {
                tally.finished += 1;
                break;
            }
            Screen::Stuck { reason } => return Err(format!("stuck: {reason}")),
        }
    }
    tally.games += 1;
    tally.decisions += decisions;
    check_replay(&s, &hashes, store)?;
    if store.is_some() {
        tally.saved_games += 1;
    }
    if seed.is_multiple_of(4) {
        check_history(&s, is_878, &mut rng)?;
    }
    Ok(())
}

/// Replays the log once, from the save when there is one, comparing every record's
/// state hash with the one recorded live.
fn check_replay(s: &Session, hashes: &[u64], store: Option<&Arc<Store>>) -> Result<(), String> {
    let log = s.timeline().log();
    if hashes.len() != log.len() {
        return Err(format!(
            "{} hashes recorded for {} log records",
            hashes.len(),
            log.len()
        ));
    }
    let (header, log) = match (store, s.save_id()) {
        (Some(store), Some(id)) => {
            let (header, saved) = store.load(id).map_err(|e| e.to_string())?;
            if saved != log {
                return Err("the saved log differs from the live one".into());
            }
            (header, saved)
        }
        _ => (s.header().clone(), log.to_vec()),
    };
    let mut replay = Timeline::new(start_game(&header).map_err(|e| e.to_string())?);
    for (i, entry) in log.iter().enumerate() {
        replay
            .record(entry)
            .map_err(|e| format!("replay record {i}: {e}"))?;
        if replay.game().state_hash() != hashes[i] {
            return Err(format!("replay diverges at record {i} ({entry:?})"));
        }
    }
    Ok(())
}

/// The history of a random person agrees with the game and keeps other seats' secrets;
/// a game continued from a random step starts from that step's public position.
fn check_history(s: &Session, is_878: bool, rng: &mut Chance) -> Result<(), String> {
    let people = s.seating().people();
    let viewer = match people.len() {
        0 => Vec::new(),
        n => s
            .seating()
            .seats_of(&people[rng.roll(n as u32) as usize - 1]),
    };
    let history = s.history(&viewer).map_err(|e| e.to_string())?;
    let standing = standing_actions(s.timeline().log()).map_err(|e| e.to_string())?;
    if history.steps.len() != standing.len() {
        return Err("the history's steps are not the actions standing".into());
    }
    if let Some(last) = history.steps.last() {
        if last.view != s.game().view_position(&viewer) {
            return Err("the history ends elsewhere than the game".into());
        }
    }
    for (step, (seat, action)) in history.steps.iter().zip(&standing) {
        if step.seat != *seat {
            return Err(format!("step {} names the wrong seat", step.number));
        }
        if viewer.contains(seat) && step.action.as_ref() != Some(action) {
            return Err(format!(
                "step {}: the viewer's own action is hidden",
                step.number
            ));
        }
        if is_878 {
            if !viewer.contains(seat) && action.starts_with("pick") && step.action.is_some() {
                return Err(format!(
                    "step {}: another seat's pick is shown",
                    step.number
                ));
            }
            no_other_hand(&step.view, &viewer).map_err(|e| format!("step {}: {e}", step.number))?;
        }
        if step.events.iter().any(|e| !e.audience.admits(&viewer)) {
            return Err(format!("step {}: a private event is shown", step.number));
        }
    }
    let public = s.history(&[]).map_err(|e| e.to_string())?;
    let step = rng.roll(standing.len() as u32 + 1) - 1;
    let then = match step {
        0 => public.start_view.clone(),
        k => public.steps[k as usize - 1].view.clone(),
    };
    let continued = s
        .continue_from(step, rng.roll(1_000_000) as u64, "continued", 0)
        .map_err(|e| format!("continue from step {step}: {e}"))?;
    if continued.game().view_position(&[]) != then {
        return Err(format!(
            "the game continued from step {step} starts elsewhere in public"
        ));
    }
    Ok(())
}

fn games_per_scenario(default: u64) -> u64 {
    std::env::var("SKALD_SESSION_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn run_all(game_id: &str, default_games: u64, store_every: u64) -> Tally {
    let game = registry::find(game_id).expect("game");
    let dir = temp_dir(game_id);
    let store = Arc::new(Store::open(dir.path()).expect("store opens"));
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    let mut index = 0u64;
    for scenario in game.scenarios() {
        for seed in 0..games_per_scenario(default_games) {
            // Saving flushes to disk after every record: only some games go to the store.
            let saved = index.is_multiple_of(store_every).then_some(&store);
            index += 1;
            if let Err(e) = play_one(game, scenario.id, seed, saved, &mut tally) {
                failures.push(format!("{} seed {seed}: {e}", scenario.id));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("{game_id}: {tally:?}");
    tally
}

#[test]
fn session_random_fury_games_keep_undo_views_and_replay_sound() {
    let t = run_all("fury", 6, 15);
    assert!(t.finished * 2 >= t.games, "too few games ended: {t:?}");
    assert!(
        t.handoffs > 0 && t.undos > 0 && t.undos_refused > 0,
        "{t:?}"
    );
    assert!(t.saved_games > 0, "{t:?}");
}

#[test]
fn session_random_878_games_keep_secrets_undo_and_replay_sound() {
    let t = run_all("v878", 50, 10);
    assert!(t.finished * 2 >= t.games, "too few games ended: {t:?}");
    assert!(
        t.handoffs > 0 && t.undos > 0 && t.undos_refused > 0,
        "{t:?}"
    );
    assert!(t.standing_passes > 0, "no standing order answered: {t:?}");
    assert!(t.saved_games > 0, "{t:?}");
}
