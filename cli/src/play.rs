//! `skald play`: hot-seat play in the terminal, through the erased [`GameBox`].
//!
//! Each seat is played by a person at the keyboard (`human`) or by the random legal
//! player (`random`, with its own seeded dice). Bad input is answered with a message and
//! the prompt again; the end of the input ends the game cleanly.

use skald_core::engine::{ActionEntry, Chance, Event, GameBox, Seat, Turn};
use skald_core::games::registry::GameEntry;
use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};

/// With more legal actions than this, the list is summarised by verb instead of printed.
const LIST_LIMIT: usize = 60;
/// A game between computer seats that runs longer than this is stopped (a rules bug).
const MAX_COMPUTER_DECISIONS: u32 = 200_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    Random,
}

pub struct PlayArgs {
    pub scenario: String,
    pub seats: Option<String>,
    pub seed: u64,
}

/// Reads `viking=human,villager=random`. Seats left out keep their defaults: the first
/// seat human, the others random.
pub fn parse_seats(names: &[&'static str], spec: Option<&str>) -> Result<Vec<Player>, String> {
    let mut players: Vec<Player> = (0..names.len())
        .map(|i| {
            if i == 0 {
                Player::Human
            } else {
                Player::Random
            }
        })
        .collect();
    let Some(spec) = spec else {
        return Ok(players);
    };
    for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((seat, who)) = part.split_once('=') else {
            return Err(format!(
                "bad --seats entry '{part}': write SEAT=human or SEAT=random, e.g. {}=human",
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
        players[index] = match who.trim().to_ascii_lowercase().as_str() {
            "human" => Player::Human,
            "random" | "computer" => Player::Random,
            other => {
                return Err(format!(
                    "bad --seats entry '{part}': '{other}' is not a player (use human or random)"
                ))
            }
        };
    }
    Ok(players)
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

pub fn run(game: &GameEntry, args: &PlayArgs) -> Result<Ending, String> {
    let mut g = (game.new_game)(&args.scenario, args.seed)?;
    let names = g.seat_names();
    let players = parse_seats(&names, args.seats.as_deref())?;
    let seats_text: Vec<String> = names
        .iter()
        .zip(&players)
        .map(|(n, p)| {
            format!(
                "{n}={}",
                if *p == Player::Human {
                    "human"
                } else {
                    "random"
                }
            )
        })
        .collect();
    println!(
        "{} | scenario {} | seed {} | seats {}",
        game.name,
        args.scenario,
        args.seed,
        seats_text.join(",")
    );
    let humans: Vec<Seat> = (0..players.len())
        .filter(|&i| players[i] == Player::Human)
        .map(|i| Seat(i as u8))
        .collect();
    if !humans.is_empty() {
        println!("Type a number or an action in notation; `help` lists the commands.");
    }
    // Each computer seat rolls its own dice, apart from the game's stream.
    let mut dice: Vec<Chance> = (0..players.len())
        .map(|i| Chance::new(args.seed ^ 0xc0ff_ee00_u64 ^ ((i as u64 + 1) << 40)))
        .collect();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut show = true;
    let mut computer_decisions = 0u32;
    // Private standing orders: seats whose person chose "always pass" (brief §4.3).
    let mut always_pass: Vec<Seat> = Vec::new();
    loop {
        let seat = match g.to_act() {
            Turn::Over(outcome) => {
                if !humans.is_empty() {
                    print!("{}", g.render(&humans));
                }
                let winners: Vec<&str> = outcome
                    .winners
                    .iter()
                    .map(|s| names.get(s.0 as usize).copied().unwrap_or("?"))
                    .collect();
                println!("Game over: {}", outcome.result);
                if !outcome.detail.is_empty() {
                    println!("{}", outcome.detail);
                }
                if winners.is_empty() {
                    println!("Winner: none (a draw)");
                } else {
                    println!("Winner: {}", winners.join(", "));
                }
                return Ok(Ending::Done);
            }
            Turn::Decide(seats) => match seats.first() {
                Some(&s) => s,
                None => {
                    return Ok(Ending::Stuck(
                        "nobody is to act, yet the game is not over".into(),
                    ))
                }
            },
        };
        let name = names.get(seat.0 as usize).copied().unwrap_or("?");
        match players
            .get(seat.0 as usize)
            .copied()
            .unwrap_or(Player::Random)
        {
            Player::Random => {
                computer_decisions += 1;
                if humans.is_empty() && computer_decisions > MAX_COMPUTER_DECISIONS {
                    return Ok(Ending::Stuck(format!(
                        "no end after {MAX_COMPUTER_DECISIONS} decisions"
                    )));
                }
                let legal = g.legal_actions(seat);
                if legal.is_empty() {
                    return Ok(Ending::Stuck(format!(
                        "{name} is to act but has no legal action"
                    )));
                }
                let pick = dice[seat.0 as usize].roll(legal.len() as u32) as usize - 1;
                let notation = &legal[pick].notation;
                match g.play(seat, notation) {
                    Ok(events) => {
                        println!("{name} (random): {notation}");
                        print_events(&events, &humans);
                        show = true;
                    }
                    Err(e) => {
                        return Ok(Ending::Stuck(format!(
                            "the legal action '{notation}' of {name} was refused: {e}"
                        )))
                    }
                }
            }
            Player::Human => {
                if always_pass.contains(&seat) {
                    if let Some(pass) = g.standing_pass(seat) {
                        if let Ok(events) = g.play(seat, &pass) {
                            println!("{name}: {pass} (standing order)");
                            print_events(&events, &humans);
                            continue;
                        }
                    }
                }
                let legal = g.legal_actions(seat);
                if legal.is_empty() {
                    return Ok(Ending::Stuck(format!(
                        "{name} is to act but has no legal action"
                    )));
                }
                if show {
                    print!("{}", g.render(&[seat]));
                    print_actions(&legal, None);
                    show = false;
                }
                print!("{name}> ");
                let _ = io::stdout().flush();
                let mut line = String::new();
                match input.read_line(&mut line) {
                    Ok(0) => {
                        println!();
                        println!("End of input: the game is left unfinished.");
                        return Ok(Ending::Done);
                    }
                    Ok(_) => {}
                    Err(e) => {
                        println!();
                        println!("Cannot read the input ({e}): the game is left unfinished.");
                        return Ok(Ending::Done);
                    }
                }
                let line = line.trim();
                if let Some(rest) = line.strip_prefix("always-pass") {
                    match rest.trim() {
                        "on" => {
                            if !always_pass.contains(&seat) {
                                always_pass.push(seat);
                            }
                            println!("{name} will pass every response window from now on");
                        }
                        "off" => {
                            always_pass.retain(|s| *s != seat);
                            println!("{name} will be asked at every response window again");
                        }
                        _ => println!("usage: always-pass on|off"),
                    }
                    continue;
                }
                match human_turn(g.as_mut(), seat, name, &legal, line) {
                    Step::Again => {}
                    Step::Played => show = true,
                    Step::Quit => {
                        println!("Game left unfinished.");
                        return Ok(Ending::Done);
                    }
                }
            }
        }
    }
}

enum Step {
    /// Nothing was played: prompt again.
    Again,
    Played,
    Quit,
}

fn human_turn(
    g: &mut dyn GameBox,
    seat: Seat,
    name: &str,
    legal: &[ActionEntry],
    line: &str,
) -> Step {
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    match word.to_ascii_lowercase().as_str() {
        "" => {}
        "help" | "?" => print_help(),
        "quit" | "exit" => return Step::Quit,
        "board" => print!("{}", g.render(&[seat])),
        // Only what this seat may see: the full position holds the other seats' secrets.
        "position" => print!("{}", ensure_newline(g.view_position(&[seat]))),
        "list" | "actions" => print_actions(legal, Some(rest)),
        _ => {
            let notation = if let Ok(n) = line.parse::<usize>() {
                match legal.get(n.wrapping_sub(1)) {
                    Some(a) => a.notation.clone(),
                    None if legal.is_empty() => {
                        println!("error: there is no legal action to choose");
                        return Step::Again;
                    }
                    None => {
                        println!(
                            "error: no action numbered {n}: choose from 1 to {}",
                            legal.len()
                        );
                        return Step::Again;
                    }
                }
            } else {
                line.to_string()
            };
            match g.play(seat, &notation) {
                Ok(events) => {
                    println!("{name}: {notation}");
                    print_events(&events, &[seat]);
                    return Step::Played;
                }
                Err(e) => println!("error: {e}"),
            }
        }
    }
    Step::Again
}

fn ensure_newline(mut s: String) -> String {
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s
}

/// Events that the people at the table may see: everything when nobody is human; a
/// private event only when the single person at the table may see it. With several
/// people sharing the screen, private events (a hand drawn, a secret pick) are never
/// printed outside that person's own action: they see their cards on their board.
fn print_events(events: &[Event], humans: &[Seat]) {
    for e in events {
        let shown = match humans {
            [] => true,
            [one] => e.audience.admits(&[*one]),
            _ => e.audience == skald_core::engine::Audience::All,
        };
        if shown {
            println!("  {e}");
        }
    }
}

/// The legal actions, numbered. Long lists are summarised by verb unless `filter` asks
/// for them (an empty filter lists them all).
fn print_actions(legal: &[ActionEntry], filter: Option<&str>) {
    if legal.is_empty() {
        println!("(no legal action)");
        return;
    }
    let wanted = filter.map(|f| f.to_ascii_lowercase());
    match wanted.as_deref() {
        None if legal.len() > LIST_LIMIT => {
            let mut by_verb: BTreeMap<&str, usize> = BTreeMap::new();
            for a in legal {
                let verb = a.notation.split_whitespace().next().unwrap_or("");
                *by_verb.entry(verb).or_default() += 1;
            }
            let counts: Vec<String> = by_verb.iter().map(|(v, n)| format!("{v} {n}")).collect();
            println!(
                "{} legal actions ({}). `list` numbers them all, `list WORDS` only those containing WORDS (e.g. `list move VI01`).",
                legal.len(),
                counts.join(", ")
            );
        }
        _ => {
            let words: Vec<&str> = wanted
                .as_deref()
                .map(|w| w.split_whitespace().collect())
                .unwrap_or_default();
            let mut shown = 0;
            for (i, a) in legal.iter().enumerate() {
                let text = a.notation.to_ascii_lowercase();
                if words.iter().all(|w| text.contains(w)) {
                    println!("{:>4}. {}", i + 1, a.notation);
                    shown += 1;
                }
            }
            if shown == 0 {
                println!("(no legal action contains '{}')", words.join(" "));
            }
        }
    }
}

fn print_help() {
    println!(
        "Commands:
  NUMBER          play the legal action with that number
  NOTATION        play an action written in notation (e.g. `move VI01 0802-0803`, `end`)
  list [WORDS]    number the legal actions (only those containing every one of WORDS)
  board           draw the board again
  position        print the position in notation, as this seat may see it
  always-pass on|off
                  a private standing order: pass every response window (Events,
                  Divine Wrath) without being asked
  help            this list
  quit            leave the game (so does the end of the input)"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_default_and_override() {
        let names = ["viking", "villager"];
        assert_eq!(
            parse_seats(&names, None).unwrap(),
            vec![Player::Human, Player::Random]
        );
        assert_eq!(
            parse_seats(&names, Some("viking=random, villager=human")).unwrap(),
            vec![Player::Random, Player::Human]
        );
        assert!(parse_seats(&names, Some("saxon=human")).is_err());
        assert!(parse_seats(&names, Some("viking")).is_err());
        assert!(parse_seats(&names, Some("viking=robot")).is_err());
    }
}
