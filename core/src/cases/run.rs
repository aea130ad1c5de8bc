//! Running the steps of one case against a game opened through the registry.

use super::open_game;
use super::read::{split_word, Step};
use super::text::{normalize, normalize_action, push_list};
use super::Start;
use crate::engine::{Event, GameBox, Scripted, Seat, Turn};

struct Runner {
    game_id: Option<String>,
    start: Option<Start>,
    seed: u64,
    game: Option<Box<dyn GameBox>>,
    /// `shuffle` lines read before the game opened: its set-up takes them.
    setup_script: Vec<Scripted>,
    /// The events of the last act, with its line (None: no act yet, or it failed).
    last_events: Option<(usize, Vec<String>)>,
    last_act_line: Option<usize>,
    /// An `expect-error` waiting for its act: (line, words).
    expect_error: Option<(usize, Vec<String>)>,
}

pub(super) fn run_steps(steps: &[&(usize, Step)]) -> Result<(), String> {
    let mut r = Runner {
        game_id: None,
        start: None,
        seed: 0,
        game: None,
        setup_script: Vec::new(),
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
            let g = open_game(id, start, self.seed, &self.setup_script)
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
            Step::Dice(text) => {
                self.game()?
                    .chance_script()
                    .script_dice(text)
                    .map_err(|e| format!("dice {text}: {e}"))?;
            }
            Step::Shuffle(order) => {
                let outcome = Scripted::Order(order.clone());
                match self.game.as_mut() {
                    // Before the game opens, the set-up's shuffles take it.
                    None => self.setup_script.push(outcome),
                    Some(game) => game.chance_script().script(&[outcome]),
                }
            }
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
            Step::ExpectNoEvent(text) => self.expect_no_event(text)?,
            Step::ExpectStanding(wanted) => self.expect_standing(wanted)?,
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

    /// The events of the last act, for `what` (a directive's name) to check.
    fn events_of_last_act(&self, what: &str) -> Result<(usize, &[String]), String> {
        match &self.last_events {
            Some((line, events)) => Ok((*line, events)),
            None => Err(match self.last_act_line {
                None => format!("`{what}` before any `act`"),
                Some(l) => format!("`{what}`: the act at line {l} failed, so it has no events"),
            }),
        }
    }

    fn expect_no_event(&self, text: &str) -> Result<(), String> {
        let (act_line, events) = self.events_of_last_act("expect-no-event")?;
        let w = normalize(text);
        let found: Vec<String> = events
            .iter()
            .filter(|e| normalize(e).contains(&w))
            .cloned()
            .collect();
        if found.is_empty() {
            return Ok(());
        }
        let mut msg = format!(
            "expect-no-event {text}\n  expected: no event of the act at line {act_line} containing it"
        );
        push_list(&mut msg, "actual: events containing it", found.into_iter());
        Err(msg)
    }

    /// Every line `[SEAT] KEY VALUE` is a figure of the standing now.
    fn expect_standing(&mut self, wanted: &[(usize, String)]) -> Result<(), String> {
        let g = self.game()?;
        let names = g.seat_names();
        let actual: Vec<String> = g
            .standing()
            .iter()
            .map(|s| {
                let seat = s.seat.and_then(|seat| names.get(seat.0 as usize).copied());
                match seat {
                    Some(name) => format!("{name} {} {}", s.key, s.value),
                    None => format!("{} {}", s.key, s.value),
                }
            })
            .collect();
        let normal: Vec<String> = actual.iter().map(|l| normalize(l)).collect();
        let missing: Vec<String> = wanted
            .iter()
            .filter(|(_, want)| !normal.contains(&normalize(want)))
            .map(|(line, want)| format!("line {line}: {want}"))
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        let mut msg = "expect-standing: figures not in the standing".to_string();
        push_list(&mut msg, "expected", missing.into_iter());
        push_list(&mut msg, "actual standing", actual.into_iter());
        Err(msg)
    }

    fn expect_events(&mut self, wanted: &[(usize, String)]) -> Result<(), String> {
        let (act_line, events) = self.events_of_last_act("expect-events")?;
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
            if normal.contains(&w) || normal.iter().any(|n| partial_line_matches(&w, n)) {
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

/// A partial position line ends in `...`: it matches a line that starts with its first
/// word and holds each of its other words (`faction housecarl stock=9 ...`).
fn partial_line_matches(want: &str, line: &str) -> bool {
    let Some(words) = want.strip_suffix("...") else {
        return false;
    };
    let mut words = words.split_whitespace();
    let Some(first) = words.next() else {
        return false;
    };
    let mut have = line.split(' ');
    if have.next() != Some(first) {
        return false;
    }
    let have: Vec<&str> = have.collect();
    words.all(|w| have.contains(&w))
}
