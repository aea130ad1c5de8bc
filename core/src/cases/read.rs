//! Reading a case file into its cases and their steps.

use super::Start;

#[derive(Clone, Debug)]
pub(super) enum Step {
    Game(String),
    Start(Start),
    Seed(u64),
    /// Die faces as written (numbers, or the game's face names): read by the game.
    Dice(String),
    /// The order the next shuffle leaves its list in, as indices into the list before it.
    Shuffle(Vec<u32>),
    Act {
        seat: String,
        notation: String,
    },
    ExpectError(Vec<String>),
    ExpectEvents(Vec<(usize, String)>),
    /// No event of the last act contains this text.
    ExpectNoEvent(String),
    ExpectStanding(Vec<(usize, String)>),
    ExpectPosition(Vec<(usize, String)>),
    ExpectLegal {
        /// `[SEAT] NOTATION`.
        text: String,
        legal: bool,
    },
    ExpectToAct(String),
}

#[derive(Debug, Default)]
pub(super) struct Case {
    pub(super) name: String,
    pub(super) line: usize,
    pub(super) steps: Vec<(usize, Step)>,
    /// The first line of this case that could not be read.
    pub(super) error: Option<String>,
}

#[derive(Debug, Default)]
pub(super) struct File {
    /// Lines before the first `case` line: they apply to every case.
    pub(super) preamble: Vec<(usize, Step)>,
    pub(super) preamble_error: Option<String>,
    pub(super) cases: Vec<Case>,
}

const DIRECTIVES: &str = "case, game, scenario, position, seed, dice, shuffle, act, \
expect-events, expect-no-event, expect-error, expect-position, expect-standing, expect-legal, \
expect-not-legal, expect-to-act";

pub(super) fn parse_file(text: &str) -> File {
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
        "dice" => Step::Dice(needs_arg(
            "die faces, e.g. `dice 3 5 1` (or the game's face names, e.g. `dice norsemen hit flee`)",
        )?),
        "shuffle" => {
            let arg = needs_arg("the new order as positions in the old list, e.g. `shuffle 2 0 1`")?;
            let order = arg
                .split_whitespace()
                .map(|w| {
                    w.parse::<u32>().map_err(|_| {
                        format!("`shuffle` takes positions in the list from 0, not '{w}'")
                    })
                })
                .collect::<Result<Vec<u32>, String>>()?;
            Step::Shuffle(order)
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
        "expect-no-event" => Step::ExpectNoEvent(needs_arg(
            "the text no event may contain, e.g. `expect-no-event [9.2]`",
        )?),
        "expect-standing" => {
            no_arg()?;
            Step::ExpectStanding(read_block(lines, next, number, true)?)
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

pub(super) fn split_word(line: &str) -> (&str, &str) {
    match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    }
}
