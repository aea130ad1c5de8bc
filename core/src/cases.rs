//! Rule case files: short plain-text scripts that set up a game, fix its dice, play
//! actions and check what happened. `cargo test` (core/tests/cases.rs) and `skald check`
//! run them with this one runner. The format is documented in `docs/cases.md`.
//!
//! ```text
//! game fury
//!
//! case the Villager sets up by default
//! scenario basic
//! seed 1
//! act villager setup default
//! expect-to-act viking
//! expect-legal ship 0802
//! ```
//!
//! Everything is driven through the erased [`GameBox`], so a case reads exactly like a
//! game played in the terminal. A new game needs one line in [`open_game`].

use crate::engine::{Event, GameBox, Scripted, Seat, Turn};
use crate::games::registry;

/// The result of one case of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseResult {
    /// The name after `case`, or `main` for a file without `case` lines.
    pub name: String,
    /// The line of its `case` line (1-based; 0 when the file has no `case` lines).
    pub line: usize,
    pub passed: bool,
    /// Empty when it passed; otherwise what failed, with expected and actual lines.
    pub message: String,
}

/// How a case starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    Scenario(String),
    /// A whole position in the game's notation.
    Position(String),
}

/// Opens a game by id through the registry: `setup(options, seed)` for a scenario,
/// `parse_position` for a position.
pub fn open_game(game: &str, start: &Start, seed: u64) -> Result<Box<dyn GameBox>, String> {
    let entry = registry::find(game)?;
    match start {
        Start::Scenario(id) => entry.new_game(id, seed),
        Start::Position(text) => entry.game_at_position(text, seed),
    }
}

/// Runs every case of a file, in order. Never panics on bad input: a file that cannot be
/// read as cases gives failed results that say why.
pub fn run_case_file(text: &str) -> Vec<CaseResult> {
    let file = parse_file(text);
    file.cases
        .iter()
        .map(|case| {
            let outcome = match (&file.preamble_error, &case.error) {
                (Some(e), _) | (None, Some(e)) => Err(e.clone()),
                (None, None) => {
                    let steps: Vec<&(usize, Step)> =
                        file.preamble.iter().chain(case.steps.iter()).collect();
                    run_steps(&steps)
                }
            };
            CaseResult {
                name: case.name.clone(),
                line: case.line,
                passed: outcome.is_ok(),
                message: outcome.err().unwrap_or_default(),
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Reading

#[derive(Clone, Debug)]
enum Step {
    Game(String),
    Start(Start),
    Seed(u64),
    Dice(Vec<u32>),
    Act {
        seat: String,
        notation: String,
    },
    ExpectError(Vec<String>),
    ExpectEvents(Vec<(usize, String)>),
    ExpectPosition(Vec<(usize, String)>),
    ExpectLegal {
        /// `[SEAT] NOTATION`.
        text: String,
        legal: bool,
    },
    ExpectToAct(String),
}

#[derive(Debug, Default)]
struct Case {
    name: String,
    line: usize,
    steps: Vec<(usize, Step)>,
    /// The first line of this case that could not be read.
    error: Option<String>,
}

#[derive(Debug, Default)]
struct File {
    /// Lines before the first `case` line: they apply to every case.
    preamble: Vec<(usize, Step)>,
    preamble_error: Option<String>,
    cases: Vec<Case>,
}

const DIRECTIVES: &str = "case, game, scenario, position, seed, dice, act, expect-events, \
expect-error, expect-position, expect-legal, expect-not-legal, expect-to-act";

fn parse_file(text: &str) -> File {
    let lines: Vec<&str> = text.lines().collect();
    let mut file = File::default();
    // None while in the preamble.
    let mut current: Option<Case> = None;
    let mut i = 0;
    while i < lines.len() {
        let number = i + 1;
        let line = lines[i].trim();
        i += 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = split_word(line);
        if word == "case" {
            if let Some(done) = current.take() {
                file.cases.push(done);
            }
            current = Some(Case {
                name: if rest.is_empty() {
                    format!("case at line {number}")
                } else {
                    rest.to_string()
                },
                line: number,
                ..Case::default()
            });
            continue;
        }
        let parsed = parse_step(word, rest, number, &lines, &mut i);
        let (steps, error) = match current.as_mut() {
            Some(c) => (&mut c.steps, &mut c.error),
            None => (&mut file.preamble, &mut file.preamble_error),
        };
        match parsed {
            Ok(step) => steps.push((number, step)),
            Err(e) => {
                error.get_or_insert(format!("line {number}: {e}"));
            }
        }
    }
    match current {
        Some(c) => file.cases.push(c),
        None if file.cases.is_empty() => file.cases.push(Case {
            name: "main".into(),
            line: 0,
            steps: std::mem::take(&mut file.preamble),
            error: file.preamble_error.take(),
        }),
        None => {}
    }
    file
}

/// One directive; a block directive consumes its lines up to `end` (advancing `next`).
fn parse_step(
    word: &str,
    rest: &str,
    number: usize,
    lines: &[&str],
    next: &mut usize,
) -> Result<Step, String> {
    let needs_arg = |what: &str| -> Result<String, String> {
        if rest.is_empty() {
            Err(format!("`{word}` needs {what}"))
        } else {
            Ok(rest.to_string())
        }
    };
    let no_arg = || -> Result<(), String> {
        if rest.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "`{word}` starts a block: write it alone on its line, then the block's lines, then `end`"
            ))
        }
    };
    Ok(match word {
        "game" => Step::Game(needs_arg("a game id, e.g. `game fury`")?.to_ascii_lowercase()),
        "scenario" => Step::Start(Start::Scenario(needs_arg(
            "a scenario id, e.g. `scenario basic`",
        )?)),
        "position" => {
            no_arg()?;
            let block = read_block(lines, next, number, false)?;
            let text: Vec<&str> = block.iter().map(|(_, l)| l.as_str()).collect();
            Step::Start(Start::Position(text.join("\n") + "\n"))
        }
        "seed" => {
            let arg = needs_arg("a number, e.g. `seed 7`")?;
            Step::Seed(
                arg.parse()
                    .map_err(|_| format!("`seed` needs a whole number from 0, not '{arg}'"))?,
            )
        }
        "dice" => {
            let arg = needs_arg("die faces, e.g. `dice 3 5 1`")?;
            let faces = arg
                .split_whitespace()
                .map(|f| match f.parse::<u32>() {
                    Ok(n) if n >= 1 => Ok(n),
                    _ => Err(format!("`dice` takes die faces from 1 up, not '{f}'")),
                })
                .collect::<Result<Vec<u32>, String>>()?;
            Step::Dice(faces)
        }
        "act" => {
            let (seat, notation) = split_word(rest);
            if seat.is_empty() || notation.is_empty() {
                return Err("`act` is written `act SEAT NOTATION`, e.g. `act viking end`".into());
            }
            Step::Act {
                seat: seat.to_ascii_lowercase(),
                notation: notation.to_string(),
            }
        }
        "expect-error" => Step::ExpectError(
            needs_arg("words the error must contain, e.g. `expect-error 5.8 land`")?
                .split_whitespace()
                .map(str::to_string)
                .collect(),
        ),
        "expect-events" => {
            no_arg()?;
            Step::ExpectEvents(read_block(lines, next, number, true)?)
        }
        "expect-position" => {
            no_arg()?;
            Step::ExpectPosition(read_block(lines, next, number, true)?)
        }
        "expect-legal" | "expect-not-legal" => Step::ExpectLegal {
            // A seat name may come first; that is settled when the game is known.
            text: needs_arg("an action in notation")?,
            legal: word == "expect-legal",
        },
        "expect-to-act" => {
            Step::ExpectToAct(needs_arg("a seat name, or `over`")?.to_ascii_lowercase())
        }
        "end" => return Err("`end` outside a block".into()),
        other => {
            return Err(format!(
                "unknown directive '{other}' (expected one of: {DIRECTIVES})"
            ))
        }
    })
}

/// The lines of a block up to its `end` line. `skip_comments`: drop blank and `#` lines.
fn read_block(
    lines: &[&str],
    next: &mut usize,
    start: usize,
    skip_comments: bool,
) -> Result<Vec<(usize, String)>, String> {
    let mut out = Vec::new();
    while *next < lines.len() {
        let number = *next + 1;
        let line = lines[*next].trim();
        *next += 1;
        if line == "end" {
            return Ok(out);
        }
        if skip_comments && (line.is_empty() || line.starts_with('#')) {
            continue;
        }
        out.push((number, line.to_string()));
    }
    Err(format!(
        "the block started at line {start} has no `end` line"
    ))
}

fn split_word(line: &str) -> (&str, &str) {
    match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    }
}

// ---------------------------------------------------------------------------------------
// Running

struct Runner {
    game_id: Option<String>,
    start: Option<Start>,
    seed: u64,
    game: Option<Box<dyn GameBox>>,
    /// The events of the last act, with its line (None: no act yet, or it failed).
    last_events: Option<(usize, Vec<String>)>,
    last_act_line: Option<usize>,
    /// An `expect-error` waiting for its act: (line, words).
    expect_error: Option<(usize, Vec<String>)>,
}

fn run_steps(steps: &[&(usize, Step)]) -> Result<(), String> {
    let mut r = Runner {
        game_id: None,
        start: None,
        seed: 0,
        game: None,
        last_events: None,
        last_act_line: None,
        expect_error: None,
    };
    for (line, step) in steps.iter().map(|s| (s.0, &s.1)) {
        r.step(line, step)
            .map_err(|e| format!("line {line}: {e}"))?;
    }
    if let Some((line, words)) = &r.expect_error {
        return Err(format!(
            "line {line}: `expect-error {}` has no `act` after it",
            words.join(" ")
        ));
    }
    let g = r.game()?;
    let left = g.chance_script().scripted_left();
    if left > 0 {
        return Err(format!(
            "{left} scripted chance outcome(s) from `dice` were never used: the case rolled fewer dice than it scripted"
        ));
    }
    Ok(())
}

impl Runner {
    fn game(&mut self) -> Result<&mut Box<dyn GameBox>, String> {
        if self.game.is_none() {
            let id = self
                .game_id
                .as_deref()
                .ok_or("no `game` line before the first action or check (e.g. `game fury`)")?;
            let start = self
                .start
                .as_ref()
                .ok_or("no `scenario` line or `position` block before the first action or check")?;
            let g = open_game(id, start, self.seed)
                .map_err(|e| format!("cannot start the game: {e}"))?;
            self.game = Some(g);
        }
        Ok(self.game.as_mut().expect("just opened"))
    }

    fn seat(&mut self, name: &str) -> Result<Seat, String> {
        let names = self.game()?.seat_names();
        names
            .iter()
            .position(|n| *n == name)
            .map(|i| Seat(i as u8))
            .ok_or_else(|| format!("no seat '{name}' (the seats are: {})", names.join(", ")))
    }

    fn header(&mut self, what: &str) -> Result<(), String> {
        if self.game.is_some() {
            return Err(format!(
                "`{what}` must come before the first `dice`, `act` or `expect-...` line"
            ));
        }
        Ok(())
    }

    fn step(&mut self, line: usize, step: &Step) -> Result<(), String> {
        match step {
            Step::Game(id) => {
                self.header("game")?;
                self.game_id = Some(id.clone());
            }
            Step::Start(start) => {
                self.header("scenario` or `position")?;
                if self.start.is_some() {
                    return Err("the case already has a `scenario` or `position`".into());
                }
                self.start = Some(start.clone());
            }
            Step::Seed(seed) => {
                self.header("seed")?;
                self.seed = *seed;
            }
            Step::Dice(faces) => self
                .game()?
                .chance_script()
                .script(&faces.iter().map(|&f| Scripted::Roll(f)).collect::<Vec<_>>()),
            Step::Act { seat, notation } => self.act(line, seat, notation)?,
            Step::ExpectError(words) => {
                if let Some((earlier, _)) = &self.expect_error {
                    return Err(format!(
                        "`expect-error` at line {earlier} is still waiting for its `act`"
                    ));
                }
                self.expect_error = Some((line, words.clone()));
            }
            Step::ExpectEvents(wanted) => self.expect_events(wanted)?,
            Step::ExpectPosition(wanted) => self.expect_position(wanted)?,
            Step::ExpectLegal { text, legal } => self.expect_legal(text, *legal)?,
            Step::ExpectToAct(who) => self.expect_to_act(who)?,
        }
        Ok(())
    }

    fn act(&mut self, line: usize, seat_name: &str, notation: &str) -> Result<(), String> {
        let seat = self.seat(seat_name)?;
        let expect_error = self.expect_error.take();
        let g = self.game()?;
        let result = g.play(seat, notation);
        self.last_act_line = Some(line);
        match (result, expect_error) {
            (Ok(events), None) => {
                self.last_events = Some((line, events.iter().map(Event::to_string).collect()));
                Ok(())
            }
            (Ok(events), Some((_, words))) => {
                let mut msg = format!(
                    "act {seat_name} {notation}\n  expected: an error containing: {}\n  actual:   it was accepted",
                    words.join(" ")
                );
                push_list(&mut msg, "events", events.iter().map(Event::to_string));
                Err(msg)
            }
            (Err(e), None) => {
                self.last_events = None;
                let mut msg = format!("act {seat_name} {notation}\n  refused: {e}");
                msg.push_str(&self.turn_note());
                Err(msg)
            }
            (Err(e), Some((_, words))) => {
                self.last_events = None;
                let text = e.to_string();
                let lower = text.to_lowercase();
                let missing: Vec<&String> = words
                    .iter()
                    .filter(|w| !lower.contains(&w.to_lowercase()))
                    .collect();
                if missing.is_empty() {
                    Ok(())
                } else {
                    Err(format!(
                        "act {seat_name} {notation}\n  expected: an error containing: {}\n  actual:   {text}\n  missing:  {}",
                        words.join(" "),
                        missing.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
                    ))
                }
            }
        }
    }

    /// Who is to act now, to explain a refused action.
    fn turn_note(&mut self) -> String {
        let Ok(g) = self.game() else {
            return String::new();
        };
        let names = g.seat_names();
        match g.to_act() {
            Turn::Over(o) => format!("\n  (the game is over: {})", o.result),
            Turn::Decide(seats) => {
                let who: Vec<&str> = seats
                    .iter()
                    .map(|s| names.get(s.0 as usize).copied().unwrap_or("?"))
                    .collect();
                format!("\n  (to act: {})", who.join(", "))
            }
        }
    }

    fn expect_events(&mut self, wanted: &[(usize, String)]) -> Result<(), String> {
        let Some((act_line, events)) = &self.last_events else {
            return Err(match self.last_act_line {
                None => "`expect-events` before any `act`".into(),
                Some(l) => {
                    format!("`expect-events`: the act at line {l} failed, so it has no events")
                }
            });
        };
        // Each wanted line must be found in a later event than the one before it.
        let normal: Vec<String> = events.iter().map(|e| normalize(e)).collect();
        let mut from = 0;
        let mut report = String::new();
        let mut failed = false;
        for (_, want) in wanted {
            if failed {
                report.push_str(&format!("\n  not checked: {want}"));
                continue;
            }
            let w = normalize(want);
            match normal[from..].iter().position(|e| e.contains(&w)) {
                Some(k) => {
                    report.push_str(&format!("\n  found:    {want}"));
                    from += k + 1;
                }
                None => {
                    failed = true;
                    let earlier = normal[..from].iter().any(|e| e.contains(&w));
                    report.push_str(&format!(
                        "\n  missing:  {want}{}",
                        if earlier {
                            " (it appears, but before the line above: out of order)"
                        } else {
                            ""
                        }
                    ));
                }
            }
        }
        if !failed {
            return Ok(());
        }
        let mut msg =
            format!("expect-events: the events of the act at line {act_line} do not match{report}");
        push_list(&mut msg, "actual events", events.iter().cloned());
        Err(msg)
    }

    fn expect_position(&mut self, wanted: &[(usize, String)]) -> Result<(), String> {
        let position = self.game()?.position();
        let actual: Vec<&str> = position.lines().map(str::trim).collect();
        let normal: Vec<String> = actual.iter().map(|l| normalize(l)).collect();
        let mut report = String::new();
        let mut unmatched = false;
        for (line, want) in wanted {
            let w = normalize(want);
            if normal.contains(&w) {
                continue;
            }
            // The closest line: the same first word (a unit code, a header name).
            let key = w.split(' ').next().unwrap_or("");
            let close: Vec<&str> = actual
                .iter()
                .zip(&normal)
                .filter(|(_, n)| n.split(' ').next() == Some(key))
                .map(|(a, _)| *a)
                .collect();
            report.push_str(&format!("\n  line {line}\n    expected: {want}"));
            if close.is_empty() {
                unmatched = true;
                report.push_str("\n    actual:   (no line starting with that word)");
            }
            for c in close {
                report.push_str(&format!("\n    actual:   {c}"));
            }
        }
        if report.is_empty() {
            return Ok(());
        }
        let mut msg = format!("expect-position: lines not in the position{report}");
        // The whole position only helps when a line had nothing close to compare with.
        if unmatched {
            push_list(
                &mut msg,
                "actual position",
                actual.iter().map(|s| s.to_string()),
            );
        }
        Err(msg)
    }

    fn expect_legal(&mut self, text: &str, legal: bool) -> Result<(), String> {
        let (first, after) = split_word(text);
        let first = first.to_ascii_lowercase();
        let named = self.game()?.seat_names().contains(&first.as_str()) && !after.is_empty();
        let (seats, notation): (Vec<Seat>, &str) = if named {
            (vec![self.seat(&first)?], after)
        } else {
            let seats = match self.game()?.to_act() {
                Turn::Decide(seats) => seats,
                Turn::Over(_) => Vec::new(),
            };
            (seats, text)
        };
        let g = self.game()?;
        let actions: Vec<String> = seats
            .iter()
            .flat_map(|&s| g.legal_actions(s))
            .map(|a| a.notation)
            .collect();
        let want = normalize_action(notation);
        let found = actions.iter().any(|a| normalize_action(a) == want);
        match (legal, found) {
            (true, true) | (false, false) => Ok(()),
            (true, false) => {
                let mut msg = format!(
                    "expect-legal {notation}\n  expected: among the legal actions\n  actual:   not among them ({} legal)",
                    actions.len()
                );
                let verb = want.split(' ').next().unwrap_or("");
                let similar: Vec<String> = actions
                    .iter()
                    .filter(|a| normalize_action(a).split(' ').next() == Some(verb))
                    .take(20)
                    .cloned()
                    .collect();
                if similar.is_empty() {
                    push_list(&mut msg, "legal actions (first 20)", actions.iter().take(20).cloned());
                } else {
                    push_list(&mut msg, "legal actions with that verb (first 20)", similar.into_iter());
                }
                msg.push_str(&self.turn_note());
                Err(msg)
            }
            (false, true) => Err(format!(
                "expect-not-legal {notation}\n  expected: not among the legal actions\n  actual:   it is legal"
            )),
        }
    }

    fn expect_to_act(&mut self, who: &str) -> Result<(), String> {
        let g = self.game()?;
        let names = g.seat_names();
        let actual = match g.to_act() {
            Turn::Over(o) => format!("over ({})", o.result),
            Turn::Decide(seats) => seats
                .iter()
                .map(|s| names.get(s.0 as usize).copied().unwrap_or("?"))
                .collect::<Vec<_>>()
                .join(" "),
        };
        let matches = if who == "over" {
            actual.starts_with("over")
        } else {
            actual.split(' ').any(|s| s == who)
        };
        if matches {
            Ok(())
        } else {
            Err(format!(
                "expect-to-act {who}\n  expected: {who}\n  actual:   {actual}"
            ))
        }
    }
}

fn push_list(msg: &mut String, title: &str, items: impl Iterator<Item = String>) {
    msg.push_str(&format!("\n  {title}:"));
    let mut any = false;
    for item in items {
        msg.push_str(&format!("\n    {item}"));
        any = true;
    }
    if !any {
        msg.push_str(" (none)");
    }
}

/// Lower case, single spaces.
fn normalize(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// An action's text compared loosely: case, spacing around `+ , - > :` and `,` versus
/// `+` in lists do not matter (as when the notation is read).
fn normalize_action(text: &str) -> String {
    let mut out = String::new();
    for word in text.split_whitespace() {
        let glue = |c: char| matches!(c, '+' | ',' | '-' | '>' | ':');
        let starts_glued = word.starts_with(glue);
        if !out.is_empty() && !starts_glued && !out.ends_with(glue) {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.replace(',', "+").to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> CaseResult {
        let results = run_case_file(text);
        assert_eq!(results.len(), 1, "{results:?}");
        results.into_iter().next().unwrap()
    }

    #[test]
    fn cases_file_without_case_lines_is_one_case() {
        let r = one("game fury\nscenario basic\nseed 3\n");
        assert_eq!(r.name, "main");
        assert!(r.passed, "{}", r.message);
    }

    #[test]
    fn cases_preamble_applies_to_every_case() {
        let results =
            run_case_file("game fury\n\ncase a\nscenario basic\n\ncase b\nscenario advanced\n");
        assert_eq!(results.len(), 2);
        assert!(results.iter().all(|r| r.passed), "{results:?}");
        assert_eq!(results[1].name, "b");
        assert_eq!(results[1].line, 6);
    }

    #[test]
    fn cases_unknown_directive_and_missing_end_fail_with_line() {
        let r = one("game fury\nscenario basic\nfrobnicate 3\n");
        assert!(!r.passed);
        assert!(
            r.message.contains("line 3") && r.message.contains("frobnicate"),
            "{}",
            r.message
        );
        let r = one("game fury\nscenario basic\nexpect-position\nturn 0 villager-setup\n");
        assert!(!r.passed);
        assert!(r.message.contains("no `end`"), "{}", r.message);
    }

    #[test]
    fn cases_missing_game_or_start_is_reported() {
        let r = one("scenario basic\nact viking end\n");
        assert!(
            !r.passed && r.message.contains("no `game` line"),
            "{}",
            r.message
        );
        let r = one("game fury\nact viking end\n");
        assert!(
            !r.passed && r.message.contains("no `scenario`"),
            "{}",
            r.message
        );
        let r = one("game chess\nscenario basic\n");
        assert!(
            !r.passed && r.message.contains("no game 'chess'"),
            "{}",
            r.message
        );
        let r = one("game fury\nscenario nowhere\n");
        assert!(!r.passed && r.message.contains("nowhere"), "{}", r.message);
    }

    #[test]
    fn cases_header_after_play_is_refused() {
        let r = one("game fury\nscenario basic\nexpect-to-act villager\nseed 4\n");
        assert!(!r.passed && r.message.contains("line 4"), "{}", r.message);
    }

    #[test]
    fn cases_unused_dice_fail() {
        let r = one("game fury\nscenario basic\ndice 6 6\n");
        assert!(
            !r.passed && r.message.contains("2 scripted"),
            "{}",
            r.message
        );
    }

    #[test]
    fn cases_expect_error_without_act_fails() {
        let r = one("game fury\nscenario basic\nexpect-error 5.8\n");
        assert!(
            !r.passed && r.message.contains("has no `act`"),
            "{}",
            r.message
        );
    }

    #[test]
    fn cases_action_text_is_compared_loosely() {
        assert_eq!(
            normalize_action("MOVE vi01+vc01 0802 - 0803"),
            "move vi01+vc01 0802-0803"
        );
        assert_eq!(
            normalize_action("transfer VI03 > VI05 : TR02,AN05"),
            normalize_action("transfer VI03>VI05:TR02+AN05")
        );
        assert_eq!(normalize_action("setup   default"), "setup default");
    }

    #[test]
    fn cases_position_subset_diff_names_the_close_line() {
        let r = one("game fury\nscenario basic\nexpect-position\nturn 9 viking-fire\nend\n");
        assert!(!r.passed);
        assert!(
            r.message.contains("expected: turn 9 viking-fire"),
            "{}",
            r.message
        );
        assert!(r.message.contains("actual:   turn 0"), "{}", r.message);
    }
}
