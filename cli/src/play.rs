//! `skald play`: hot-seat play in the terminal, through a [`Session`].
//!
//! Each seat is played by a person (by name; the same name on several seats means one
//! person plays them all) or by the computer. When the next decision belongs to another
//! person the screen is cleared and shows only "pass to ...", until that person presses
//! Enter: nothing secret is on the screen in between. Every action is saved before the
//! next prompt (unless `--no-save`); `skald play --resume ID` goes on from a save. Bad
//! input is answered with a message and the prompt again; the end of the input leaves
//! the game where it stands.

use crate::actions;
use crate::clock;
use crate::saves;
use skald_core::ai::search::Decided;
use skald_core::engine::{ActionEntry, PlayError};
use skald_core::games::registry::GameType;
use skald_core::session::{
    HistoryStep, Mover, Played, Player, ScenarioChoice, Screen, SeatChoice, Seating, Session,
    SessionError, Skill,
};
use skald_core::store::{SaveId, Store};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;

/// How to start a new game.
pub struct NewGame {
    pub scenario: String,
    pub seats: Option<String>,
    pub seed: u64,
    /// Whether the person typed the seed (`--seed`): only then is it printed. A seed
    /// drawn from the clock is a secret of the device: anyone who saw it could start a
    /// second game with it and read every hand and every die to come.
    pub seed_typed: bool,
    pub name: Option<String>,
    /// Optional rules switched on (ids of the game's optional rules).
    pub rules: Vec<String>,
}

/// Reads `viking=Ann,villager=computer:hard`: each seat a person's name, `human` (a
/// person named after the seat), `computer` (the search at its normal level),
/// `computer:SKILL` or the skill alone (`random`, `simple`, `easy`, `normal`, `hard`).
/// Seats left out keep their defaults: the first seat a person, the others the computer.
pub fn parse_seats(names: &[&'static str], spec: Option<&str>) -> Result<Seating, String> {
    let mut players: Vec<Player> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            if i == 0 {
                Player::person(name)
            } else {
                Player::Computer(Skill::default())
            }
        })
        .collect();
    let mut named = std::collections::BTreeSet::new();
    for part in spec
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let Some((seat, who)) = part.split_once('=') else {
            return Err(format!(
                "bad --seats entry '{part}': write SEAT=NAME, SEAT=human or SEAT=computer[:SKILL] (skills: {}), e.g. {}=Ann",
                Skill::words(),
                names.first().copied().unwrap_or("viking")
            ));
        };
        let seat = seat.trim().to_ascii_lowercase();
        let index = names.iter().position(|n| *n == seat).ok_or_else(|| {
            format!(
                "bad --seats entry '{part}': no seat '{seat}' (the seats are: {})",
                names.join(", ")
            )
        })?;
        if !named.insert(index) {
            return Err(format!(
                "bad --seats: the seat '{seat}' is given twice; say once who plays it"
            ));
        }
        let who = who.trim();
        players[index] = match who.to_ascii_lowercase().as_str() {
            "" => return Err(format!("bad --seats entry '{part}': who plays {seat}?")),
            "human" | "person" => Player::person(names[index]),
            "computer" => Player::Computer(Skill::default()),
            skill if skill.starts_with("computer:") => {
                let word = &skill["computer:".len()..];
                Player::Computer(Skill::from_name(word).ok_or_else(|| {
                    format!(
                        "bad --seats entry '{part}': no computer player '{word}' (there are: {})",
                        Skill::words()
                    )
                })?)
            }
            // A skill's word alone is the computer at that skill, as `random` always
            // was: here a person cannot be called by one of those words.
            word => match Skill::from_name(word) {
                Some(skill) => Player::Computer(skill),
                None => Player::person(who),
            },
        };
    }
    Seating::new(players).map_err(|e| format!("bad --seats: {e}"))
}

/// A seed from the clock, for games started without `--seed`.
pub fn clock_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let d = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    d.as_secs().wrapping_mul(1_000_000_007) ^ d.subsec_nanos() as u64
}

/// Why a game stopped, for the exit code.
pub enum Ending {
    /// Played to its end, or the people left it (quit or end of input).
    Done,
    /// The game could not go on (nobody to act, no legal action): a rules bug.
    Stuck(String),
}

/// Starts a new game, saved in `data_dir` unless it is None.
pub fn start(
    game: &dyn GameType,
    args: &NewGame,
    data_dir: Option<&Path>,
) -> Result<Ending, String> {
    let names = game.seat_names(&args.scenario)?;
    let seating = parse_seats(&names, args.seats.as_deref())?;
    let store = match data_dir {
        Some(dir) => Some(Arc::new(saves::open(dir)?)),
        None => None,
    };
    let now = clock::now();
    let name = args.name.clone().unwrap_or_default();
    let choice = ScenarioChoice {
        id: args.scenario.clone(),
        rules: args.rules.clone(),
    };
    let session = Session::new(game.id(), choice, args.seed, seating, &name, store, now)
        .map_err(|e| e.to_string())?;
    let seed = if args.seed_typed {
        format!(" | seed {}", args.seed)
    } else {
        String::new()
    };
    println!(
        "{} | scenario {}{seed} | seats {}",
        game.name(),
        args.scenario,
        session.header().seats
    );
    match session.save_id() {
        Some(id) => println!(
            "Saved as {id} after every action; go on later with `skald play --resume {}`.",
            id.0
        ),
        None => println!("Not saved (--no-save)."),
    }
    play(session)
}

/// Goes on with a saved game.
pub fn resume(dir: &Path, id: SaveId) -> Result<Ending, String> {
    let store = Arc::new(saves::open_existing(dir)?);
    let session = load(&store, id)?;
    println!(
        "{id}: {} | {} {} | {} | seats {}",
        session.header().name,
        session.header().game,
        session.header().scenario,
        session.game().progress(),
        session.header().seats
    );
    play(session)
}

/// A saved game as a session that goes on saving to the same save.
pub fn load(store: &Arc<Store>, id: SaveId) -> Result<Session, String> {
    let mut session = Session::open(Arc::clone(store), id).map_err(|e| e.to_string())?;
    for notice in session.take_notices() {
        println!("Note: {notice}");
    }
    Ok(session)
}

fn play(mut session: Session) -> Result<Ending, String> {
    if session.seating().people().is_empty() {
        return watch(&mut session);
    }
    println!("Type a number or an action in notation; `help` lists the commands.");
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut show = true;
    // What happened since the board was last drawn: printed under the next drawing, by
    // the prompt, so that the map and the news are on screen together.
    let mut news: Vec<String> = Vec::new();
    // The last news printed, whole, for the `news` command.
    let mut last_news: Vec<String> = Vec::new();
    // Just after a hand-off the news is the recap, printed whole: the new holder must
    // read it, even if the top of the board scrolls away this once.
    let mut room = SCREEN_NEWS_LINES;
    // Whether "... is thinking" was said since a person last decided: once is enough.
    let mut thinking_said = false;
    loop {
        // What the saves had to say (a damaged journal repaired), with the news.
        news.extend(
            session
                .take_notices()
                .into_iter()
                .map(|n| format!("Note: {n}")),
        );
        match session.screen() {
            Screen::Over { outcome } => {
                print!("{}", session.render_screen());
                print_news(&mut news, usize::MAX);
                print_outcome(&session, &outcome);
                return Ok(Ending::Done);
            }
            Screen::Stuck { reason } => return Ok(Ending::Stuck(reason)),
            Screen::ComputerToMove { seats } => {
                if !thinking_said {
                    thinking_said = say_thinking(&session, &seats);
                }
                let played = session
                    .step_computer(clock::now())
                    .map_err(|e| e.to_string())?;
                news.extend(played_lines(&played));
                show = true;
            }
            Screen::HandOff { to } => {
                // The one who just played reads what their last action did before the
                // screen is hidden for the next person.
                if !news.is_empty() {
                    last_news = print_news(&mut news, usize::MAX);
                    let who = session.holder().unwrap_or("you").to_string();
                    let undo = if session.can_undo() {
                        " (or `undo`)"
                    } else {
                        ""
                    };
                    print!("{who}: press Enter to hide this and pass the device to {to}{undo}. ");
                    let _ = io::stdout().flush();
                    match read_line(&mut input) {
                        Input::End => return Ok(left_unfinished(&session)),
                        Input::Line(line) if line == "quit" || line == "exit" => {
                            return Ok(left_unfinished(&session))
                        }
                        Input::Line(line) if line == "undo" => {
                            match session.undo(clock::now()) {
                                Ok(()) => println!("Taken back."),
                                Err(e) => println!("error: {e}"),
                            }
                            show = true;
                            continue;
                        }
                        _ => {}
                    }
                }
                clear_screen();
                println!("Pass the device to {to}.");
                let undo_hint = if session.can_undo() {
                    format!(
                        " ({} may still type `undo` to take back their last action.)",
                        session.holder().unwrap_or("")
                    )
                } else {
                    String::new()
                };
                print!("{to}: press Enter when you hold it.{undo_hint} ");
                let _ = io::stdout().flush();
                let line = match read_line(&mut input) {
                    Input::Line(line) => line,
                    Input::TooLong => continue,
                    Input::End => return Ok(left_unfinished(&session)),
                };
                match line.as_str() {
                    "" => {
                        session.confirm_handoff().map_err(|e| e.to_string())?;
                        clear_screen();
                        println!("{to} holds the device.");
                        news.clear();
                        news.extend(recap_lines(&session));
                        room = usize::MAX;
                        show = true;
                    }
                    "undo" => match session.undo(clock::now()) {
                        Ok(()) => {
                            println!("Taken back.");
                            show = true;
                        }
                        Err(e) => println!("error: {e}"),
                    },
                    "quit" | "exit" => return Ok(left_unfinished(&session)),
                    _ => println!("(press Enter when {to} holds the device)"),
                }
            }
            Screen::Decide { person, seats } => {
                let Some(choice) = seats.first() else {
                    return Ok(Ending::Stuck("a decision with no seat".into()));
                };
                thinking_said = false;
                if show {
                    print!("{}", session.render_screen());
                    last_news = print_news(&mut news, room);
                    room = SCREEN_NEWS_LINES;
                    show = false;
                }
                let prompt = if seats.len() > 1 {
                    format!("{person} as {}", choice.seat_name)
                } else {
                    choice.seat_name.clone()
                };
                print!("{prompt} [{}]> ", actions_summary(&choice.legal));
                let _ = io::stdout().flush();
                let line = match read_line(&mut input) {
                    Input::Line(line) => line,
                    Input::TooLong => continue,
                    Input::End => {
                        println!();
                        return Ok(left_unfinished(&session));
                    }
                };
                if line.eq_ignore_ascii_case("news") {
                    last_news.iter().for_each(|l| println!("{l}"));
                    continue;
                }
                match command(&mut session, choice, &line, &mut news) {
                    Step::Again => {}
                    Step::Changed => show = true,
                    Step::Switch(next) => {
                        session = *next;
                        show = true;
                    }
                    Step::Quit => return Ok(left_unfinished(&session)),
                }
            }
        }
    }
}

/// Only computers at the table: play to the end, printing every action.
fn watch(session: &mut Session) -> Result<Ending, String> {
    loop {
        match session.screen() {
            Screen::Over { outcome } => {
                print_outcome(session, &outcome);
                return Ok(Ending::Done);
            }
            Screen::Stuck { reason } => return Ok(Ending::Stuck(reason)),
            _ => match session.step_computer(clock::now()) {
                Ok(played) => print_played(&played),
                Err(e) => return Ok(Ending::Stuck(e.to_string())),
            },
        }
    }
}

enum Step {
    /// Nothing changed: prompt again.
    Again,
    /// The game moved (an action, an undo): draw it again.
    Changed,
    /// Play goes on in another session (continued from an earlier point).
    Switch(Box<Session>),
    Quit,
}

fn command(session: &mut Session, choice: &SeatChoice, line: &str, news: &mut Vec<String>) -> Step {
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let seat = choice.seat;
    match word.to_ascii_lowercase().as_str() {
        "" => {}
        "help" | "?" => print_help(),
        "quit" | "exit" => return Step::Quit,
        // Everything: the legend and the lists of what stands where too.
        "board" => print!("{}", session.render()),
        // Only what this person may see: the full position holds the others' secrets.
        "position" => print!("{}", ensure_newline(session.view())),
        "list" | "actions" => {
            print_actions(&choice.legal, rest);
            explain_no_end(session, choice);
        }
        "undo" => match session.undo(clock::now()) {
            Ok(()) => {
                println!("Taken back.");
                return Step::Changed;
            }
            Err(e) => println!("error: {e}"),
        },
        "history" => show_history(session, rest),
        "odds" => show_odds(session, choice, rest),
        "hint" => show_hint(session),
        "continue-from" => return continue_from(session, rest),
        "always-pass" => match rest {
            "on" | "off" => match session.set_always_pass(seat, rest == "on") {
                Ok(()) if rest == "on" => println!(
                    "{} will pass every response window from now on",
                    choice.seat_name
                ),
                Ok(()) => println!(
                    "{} will be asked at every response window again",
                    choice.seat_name
                ),
                Err(e) => println!("error: {e}"),
            },
            _ => println!("usage: always-pass on|off"),
        },
        // A piece (or the place an army starts from) opens its group of actions.
        _ if actions::opened(&choice.legal, line).is_some() => print_actions(&choice.legal, line),
        _ => {
            let notation = match line.parse::<usize>() {
                Ok(n) => match choice.legal.get(n.wrapping_sub(1)) {
                    Some(a) => a.notation.clone(),
                    None => {
                        println!(
                            "error: no action numbered {n}: choose from 1 to {}",
                            choice.legal.len()
                        );
                        return Step::Again;
                    }
                },
                Err(_) => line.to_string(),
            };
            match session.act(seat, &notation, clock::now()) {
                Ok(events) => {
                    news.push(format!("{}: {notation}", choice.seat_name));
                    news.extend(events.iter().map(|e| format!("  {}", e.line())));
                    return Step::Changed;
                }
                // A piece on the board typed to open its actions, when it has none.
                Err(SessionError::Refused {
                    error: PlayError::Notation(_),
                    ..
                }) if is_piece_on_board(session, line) => println!(
                    "{line} has no legal action now; `list` shows the pieces and places that have some"
                ),
                Err(e) => println!("error: {e}"),
            }
        }
    }
    Step::Again
}

/// `odds ACTION` (a number from the list, or notation): what is known before committing
/// to an action chance decides, from the game's preview (its rule, the odds, and the
/// chance of each outcome).
fn show_odds(session: &Session, choice: &SeatChoice, rest: &str) {
    let notation = match rest.parse::<usize>() {
        Ok(n) => match choice.legal.get(n.wrapping_sub(1)) {
            Some(a) => a.notation.clone(),
            None => {
                println!("error: no action numbered {n}");
                return;
            }
        },
        Err(_) if rest.is_empty() => {
            println!("usage: odds ACTION (a number from the list, or notation)");
            return;
        }
        Err(_) => rest.to_string(),
    };
    let Some(preview) = session.game().preview(choice.seat, &notation) else {
        println!("no odds for '{notation}': it is not a legal action that chance decides");
        return;
    };
    println!("{notation} (rule {}): {}", preview.rule, preview.odds);
    let width = preview
        .outcomes
        .iter()
        .map(|o| o.outcome.chars().count())
        .max()
        .unwrap_or(0);
    for o in &preview.outcomes {
        let chance = o.probability.to_string();
        println!("  {:width$}  {chance}", o.outcome);
    }
}

/// How many of the actions the search weighed `hint` shows (the suggested one included).
const HINT_SHOWN: usize = 5;

/// `hint`: what the search player would do in this person's place, from what their seat
/// may see, and what it thinks each action it weighed is worth.
fn show_hint(session: &Session) {
    let hint = match session.hint() {
        Ok(hint) => hint,
        Err(e) => {
            println!("error: {e}");
            return;
        }
    };
    let best = hint.candidates.iter().find(|c| c.notation == hint.action);
    match (hint.decided, best) {
        (Decided::Searched, Some(best)) => {
            // The search keeps the simple player's move unless another is clearly
            // better, so the suggestion need not be the most tried: say so.
            let most_tried = hint.candidates.first().map(|c| c.notation == hint.action);
            let kept = if most_tried == Some(false) {
                "; the rule of thumb's move, as none tried more is clearly better"
            } else {
                ""
            };
            let first = format!(
                "hint: {} (win chance {}, tried {} of {} times{kept})",
                hint.action,
                percent(best.value),
                best.visits,
                hint.iterations
            );
            for (i, line) in wrapped(&first, 78).into_iter().enumerate() {
                println!("{}{line}", if i == 0 { "" } else { "  " });
            }
            let also: Vec<String> = hint
                .candidates
                .iter()
                .filter(|c| c.notation != hint.action)
                .take(HINT_SHOWN - 1)
                .map(|c| format!("{} ({}, {} times)", c.notation, percent(c.value), c.visits))
                .collect();
            if !also.is_empty() {
                for line in wrapped(&format!("also: {}", also.join("; ")), 76) {
                    println!("  {line}");
                }
            }
            for line in wrapped(HINT_REASON, 76) {
                println!("  {line}");
            }
        }
        (Decided::OnlyAction, _) => println!("hint: {} (your only legal action)", hint.action),
        (Decided::KeptPlan, _) => println!(
            "hint: {} (the plan the search chose at the start of this phase)",
            hint.action
        ),
        (Decided::LeftToSimple, _) | (Decided::Searched, None) => println!(
            "hint: {} (the simple player's rule of thumb: the search leaves this kind of decision to it)",
            hint.action
        ),
    }
}

/// What the numbers of a hint are.
const HINT_REASON: &str = "(the search's estimates from what you can see: each try guesses anew what is hidden from you and the dice, plays on with the simple player and scores the position; a win chance is the mean score of the tries through that action, 0% lost to 100% won)";

/// Words in lines of at most `width` characters (a longer word on a line of its own).
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

fn percent(value: f64) -> String {
    format!("{:.0}%", 100.0 * value.clamp(0.0, 1.0))
}

/// Says, before a computer seat that searches moves, that it is thinking (its decisions
/// take up to a fraction of a second each); returns whether it said so.
fn say_thinking(session: &Session, seats: &[skald_core::engine::Seat]) -> bool {
    let Some(&seat) = seats.first() else {
        return false;
    };
    if !session.seating().is_computer(seat) {
        return false;
    }
    let Some(level) = session.skill_of(seat).level() else {
        return false;
    };
    println!(
        "{} (computer, {}) is thinking...",
        session.seat_name(seat),
        level.name()
    );
    let _ = io::stdout().flush();
    true
}

/// `history` lists the steps as this person may see them; `history N` draws the board
/// after step N.
fn show_history(session: &Session, rest: &str) {
    let viewer = session.viewer_seats();
    if !rest.is_empty() {
        match rest.parse::<u32>() {
            Ok(step) => match session.history_render(&viewer, step) {
                Ok(board) => print!("{board}"),
                Err(e) => println!("error: {e}"),
            },
            Err(_) => println!("usage: history [STEP]"),
        }
        return;
    }
    match session.history(&viewer) {
        Ok(history) => {
            if history.steps.is_empty() {
                println!("No action yet.");
            }
            for step in &history.steps {
                let action = step.action.as_deref().unwrap_or("(secret)");
                println!(
                    "{:>5}. {} ({}): {action}",
                    step.number,
                    step.seat_name,
                    step_by(step)
                );
                for e in &step.events {
                    println!("         {}", e.line());
                }
            }
        }
        Err(e) => println!("error: {e}"),
    }
}

/// `continue-from STEP [NAME]`: a new save from the game after STEP actions, with what
/// nobody knew dealt again and fresh dice; this save is left as it is.
fn continue_from(session: &Session, rest: &str) -> Step {
    let (step, name) = match rest.split_once(char::is_whitespace) {
        Some((s, n)) => (s, n.trim().to_string()),
        None => (rest, String::new()),
    };
    let Ok(step) = step.parse::<u32>() else {
        println!("usage: continue-from STEP [NAME] (see `history` for the steps)");
        return Step::Again;
    };
    let name = if name.is_empty() {
        format!("{} (from step {step})", session.header().name)
    } else {
        name
    };
    match session.continue_from(step, clock_seed(), &name, clock::now()) {
        Ok(next) => {
            match next.save_id() {
                Some(id) => println!(
                    "Continuing from step {step} as {id} '{name}' (dice and hidden cards drawn afresh); the old save is unchanged."
                ),
                None => println!("Continuing from step {step} (not saved)."),
            }
            Step::Switch(Box::new(next))
        }
        Err(e) => {
            println!("error: {e}");
            Step::Again
        }
    }
}

/// The longest line read as a command; anything longer is refused unread (no action's
/// notation comes near it), so a pasted page is not echoed back in an error.
const MAX_LINE: usize = 1_000;

/// A line of input, trimmed; one refused for its length (said already); or the end.
enum Input {
    Line(String),
    TooLong,
    End,
}

fn read_line(input: &mut dyn BufRead) -> Input {
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) | Err(_) => Input::End,
        Ok(_) if line.trim().chars().count() > MAX_LINE => {
            println!(
                "error: that line has {} characters; type a number from the list or an action (at most {MAX_LINE})",
                line.trim().chars().count()
            );
            Input::TooLong
        }
        Ok(_) => Input::Line(line.trim().to_string()),
    }
}

fn left_unfinished(session: &Session) -> Ending {
    match session.save_id() {
        Some(id) => println!(
            "The game is left unfinished; it is saved: `skald play --resume {}`.",
            id.0
        ),
        None => println!("The game is left unfinished."),
    }
    Ending::Done
}

/// Clears the screen and the terminal's scrollback (`ESC[3J`), so that scrolling up after
/// a hand-off shows nothing of the previous person's screen.
const CLEAR_ALL: &str = "\x1b[2J\x1b[3J\x1b[H";

/// A terminal is cleared, scrollback included; piped output gets a visible marker
/// instead.
fn clear_screen() {
    if io::stdout().is_terminal() {
        print!("{CLEAR_ALL}");
    } else {
        println!("\n----------------------------------------");
    }
}

fn print_outcome(session: &Session, outcome: &skald_core::engine::Outcome) {
    println!("Game over: {}", outcome.result);
    if !outcome.detail.is_empty() {
        println!("{}", outcome.detail);
    }
    let winners: Vec<&str> = outcome
        .winners
        .iter()
        .map(|s| session.seat_name(*s))
        .collect();
    if winners.is_empty() {
        println!("Winner: none (a draw)");
    } else {
        println!("Winner: {}", winners.join(", "));
    }
}

/// At most this many steps of a recap are printed; the rest are in `history`.
const RECAP_STEPS: usize = 12;

/// What the new holder missed since their last action ([`Session::recap`]): the
/// others' actions and results, and their own private events, as they may see them.
/// Who took a step of the history: the person, marked when the step was their only
/// legal action, taken for them.
fn step_by(step: &HistoryStep) -> String {
    if step.forced {
        format!("{}, only legal action", step.by)
    } else {
        step.by.clone()
    }
}

fn recap_lines(session: &Session) -> Vec<String> {
    let steps = match session.recap() {
        Ok(steps) => steps,
        Err(e) => return vec![format!("(no recap: {e})")],
    };
    if steps.is_empty() {
        return Vec::new();
    }
    let mut lines = vec!["Since your last move:".to_string()];
    let skipped = steps.len().saturating_sub(RECAP_STEPS);
    if skipped > 0 {
        lines.push(format!("  ({skipped} earlier steps: see `history`)"));
    }
    for step in &steps[skipped..] {
        let action = step.action.as_deref().unwrap_or("(secret)");
        lines.push(format!(
            "  {} ({}): {action}",
            step.seat_name,
            step_by(step)
        ));
        lines.extend(step.events.iter().map(|e| format!("    {}", e.line())));
    }
    lines
}

/// Lines of news printed under the board before a decision: with the board's 47 rows
/// and the prompt, an 80x50 terminal holds it all. Longer news ends with its last line
/// after a count; `news` prints it whole.
const SCREEN_NEWS_LINES: usize = 2;

/// Prints the news (at most `room` lines) and returns it whole.
fn print_news(news: &mut Vec<String>, room: usize) -> Vec<String> {
    let all = std::mem::take(news);
    if all.len() <= room {
        all.iter().for_each(|l| println!("{l}"));
    } else {
        let shown = room.saturating_sub(1);
        println!("({} more lines of news: type `news`)", all.len() - shown);
        all[all.len() - shown..]
            .iter()
            .for_each(|l| println!("{l}"));
    }
    all
}

/// The legal actions for the prompt: a short list in full ("1 end, 2 pass"), else how
/// many there are and how to see them.
fn actions_summary(legal: &[ActionEntry]) -> String {
    let inline: Vec<String> = legal
        .iter()
        .enumerate()
        .map(|(i, a)| format!("{} {}", i + 1, a.notation))
        .collect();
    let inline = inline.join(", ");
    match legal.len() {
        0 => "no legal action".to_string(),
        _ if inline.chars().count() <= 48 => inline,
        n => format!("{n} actions: `list`"),
    }
}

fn played_lines(played: &Played) -> Vec<String> {
    let by = match played.by {
        Mover::Computer => "computer",
        Mover::StandingOrder => "standing order",
        Mover::Forced => "only legal action",
    };
    let action = played.action.as_deref().unwrap_or("(secret)");
    let mut lines = vec![format!("{} ({by}): {action}", played.seat_name)];
    lines.extend(played.events.iter().map(|e| format!("  {}", e.line())));
    lines
}

fn print_played(played: &Played) {
    for line in played_lines(played) {
        println!("{line}");
    }
}

fn ensure_newline(mut s: String) -> String {
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s
}

/// Whether `word` (one word, no action) names a piece or place the full board shows:
/// its code in a list of what stands where.
fn is_piece_on_board(session: &Session, word: &str) -> bool {
    let word = word.trim();
    !word.is_empty()
        && !word.contains(char::is_whitespace)
        && word.parse::<usize>().is_err()
        && session
            .render()
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .any(|w| w.eq_ignore_ascii_case(word))
}

/// When ending the phase or turn is not on the list, says which rule holds it back
/// (Fury's first turn: Vikings still aboard must land, 5.8), so that nobody has to type
/// `end` to find out.
fn explain_no_end(session: &Session, choice: &SeatChoice) {
    if choice.legal.iter().any(|a| a.notation == "end") {
        return;
    }
    let mut probe = session.game().clone_box();
    if let Err(PlayError::Rule(e)) = probe.play(choice.seat, "end") {
        println!("(`end` is not allowed now: {e})");
    }
}

/// The legal actions for `list WORDS`. Without words: a short list numbered whole, a
/// long one by its groups (kind and piece, with counts). A piece or place opens its
/// group (stacked moves included); other words number the actions containing them all.
fn print_actions(legal: &[ActionEntry], words: &str) {
    if legal.is_empty() {
        println!("(no legal action)");
        return;
    }
    let words = words.trim();
    let shown: Vec<usize> = if words.is_empty() {
        if legal.len() > actions::LIST_LIMIT {
            actions::summary_lines(legal)
                .iter()
                .for_each(|l| println!("{l}"));
            return;
        }
        (0..legal.len()).collect()
    } else if let Some(lines) = actions::opened_lines(legal, words) {
        lines.iter().for_each(|l| println!("{l}"));
        return;
    } else {
        let wanted: Vec<String> = words
            .split_whitespace()
            .map(|w| w.to_ascii_lowercase())
            .collect();
        let matching: Vec<usize> = (0..legal.len())
            .filter(|&i| {
                let text = legal[i].notation.to_ascii_lowercase();
                wanted.iter().all(|w| text.contains(w.as_str()))
            })
            .collect();
        if matching.is_empty() {
            println!("(no legal action contains '{words}')");
            return;
        }
        matching
    };
    actions::numbered_lines(legal, &shown)
        .iter()
        .for_each(|l| println!("{l}"));
}

fn print_help() {
    println!(
        "Commands:
  NUMBER          play the legal action with that number
  NOTATION        play an action written in notation (e.g. `move VI01 0802-0803`, `end`)
  list [WORDS]    the legal actions: numbered, or by piece when they are many;
                  WORDS: only those containing every one of them
  PIECE           the legal actions of one piece or place (e.g. `VI01`), stacked
                  moves included
  board           the whole board: the map, its legend and every list
  news            everything that happened since your last decision
  position        print the position in notation, as you may see it
  undo            take back your last action (not past a die roll, a card drawn or
                  another reveal, and never another person's action)
  odds ACTION     the odds of an attack, capture, fire or battle before you commit
                  (a number from the list, or notation)
  hint            what the computer (the search, normal level) would do in your place,
                  from what you can see, with its win chance for a few actions
  history [STEP]  the game so far as you may see it; with STEP, the board after it
  continue-from STEP [NAME]
                  a new save from the game after STEP, with fresh dice and hidden
                  cards dealt again; this save stays as it is
  always-pass on|off
                  a private standing order: pass every response window (Events,
                  Divine Wrath) without being asked
  help            this list
  quit            leave the game (so does the end of the input); it stays saved"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_hint_lines_fit_the_terminal() {
        let lines = wrapped(HINT_REASON, 76);
        assert!(lines.len() >= 3);
        assert!(lines.iter().all(|l| l.chars().count() <= 76), "{lines:?}");
        assert_eq!(lines.join(" "), HINT_REASON);
        assert_eq!(wrapped("", 10), Vec::<String>::new());
        assert_eq!(percent(0.536), "54%");
        assert_eq!(percent(1.7), "100%");
    }

    #[test]
    fn cli_seats_default_and_override() {
        let names = ["viking", "villager"];
        let default = parse_seats(&names, None).unwrap();
        assert_eq!(
            default.players(),
            &[Player::person("viking"), Player::Computer(Skill::Normal)]
        );
        let both = parse_seats(&names, Some("viking=Ann, villager=human")).unwrap();
        assert_eq!(
            both.players(),
            &[Player::person("Ann"), Player::person("villager")]
        );
        let computers = parse_seats(&names, Some("viking=random,villager=computer")).unwrap();
        assert!(computers.people().is_empty());
        assert_eq!(
            computers.players(),
            &[
                Player::Computer(Skill::Random),
                Player::Computer(Skill::Normal)
            ]
        );
        for (spec, skill) in [
            ("viking=Ann,villager=computer:hard", Skill::Hard),
            ("viking=Ann,villager=hard", Skill::Hard),
            ("viking=Ann,villager=Easy", Skill::Easy),
            ("viking=Ann,villager=computer:normal", Skill::Normal),
            ("viking=Ann,villager=simple", Skill::Simple),
            ("viking=Ann,villager=computer:random", Skill::Random),
        ] {
            let seating = parse_seats(&names, Some(spec)).unwrap();
            assert_eq!(
                seating.players(),
                &[Player::person("Ann"), Player::Computer(skill)],
                "{spec}"
            );
        }
        let unknown = parse_seats(&names, Some("villager=computer:clever")).unwrap_err();
        assert!(
            unknown.contains(
                "no computer player 'clever' (there are: random, simple, easy, normal, hard)"
            ),
            "{unknown}"
        );
        assert!(parse_seats(&names, Some("saxon=human")).is_err());
        assert!(parse_seats(&names, Some("viking")).is_err());
        assert!(parse_seats(&names, Some("viking=")).is_err());
        let twice = parse_seats(&names, Some("viking=Ann,villager=Bo,viking=Cy")).unwrap_err();
        assert!(twice.contains("'viking' is given twice"), "{twice}");
    }
}
