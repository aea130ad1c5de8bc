//! `skald simulate`: whole games between random players, with a summary per scenario.

use skald_core::games::registry::{GameType, SimGame};
use std::collections::BTreeMap;
use std::time::Instant;

/// A game that has not ended after this many decisions is reported as stuck.
pub const MAX_DECISIONS: u32 = 200_000;

pub struct SimulateArgs {
    pub scenario: Option<String>,
    pub games: u32,
    pub seed: u64,
    pub quiet: bool,
}

/// Runs the games and prints; returns false if any game got stuck.
pub fn run(game: &dyn GameType, args: &SimulateArgs) -> Result<bool, String> {
    let scenarios: Vec<String> = match &args.scenario {
        Some(s) => {
            // Validate the name up front, with the game's own message.
            game.seat_names(s)?;
            vec![s.clone()]
        }
        None => game.scenarios().iter().map(|s| s.id.to_string()).collect(),
    };
    println!(
        "simulate {}: {} random game(s) per scenario, seeds from {}",
        game.id(),
        args.games,
        args.seed
    );
    let mut all_ok = true;
    for scenario in &scenarios {
        let seats = game.seat_names(scenario)?;
        let mut tally = Tally::default();
        let started = Instant::now();
        for i in 0..args.games {
            let seed = args.seed.wrapping_add(i as u64);
            let played = game.simulate(scenario, seed, MAX_DECISIONS)?;
            if !args.quiet || played.stuck.is_some() {
                println!("{}", game_line(scenario, seed, &played));
            }
            if let Some(why) = &played.stuck {
                all_ok = false;
                eprintln!("STUCK: {scenario} seed {seed}: {why}");
            }
            tally.add(&played);
        }
        let secs = started.elapsed().as_secs_f64();
        print!("{}", tally.summary(scenario, &seats, secs));
    }
    Ok(all_ok)
}

fn game_line(scenario: &str, seed: u64, played: &SimGame) -> String {
    let (result, winner) = match (&played.outcome, &played.stuck) {
        (Some(o), _) => {
            let winner = if played.winners.is_empty() {
                "none (draw)".to_string()
            } else {
                played.winners.join("+")
            };
            (o.result.clone(), winner)
        }
        (None, Some(why)) => (format!("STUCK: {why}"), "-".to_string()),
        (None, None) => ("unfinished".to_string(), "-".to_string()),
    };
    format!(
        "{scenario:<14} seed {seed:<20} {result:<36} winner {winner:<12} decisions {}",
        played.decisions
    )
}

#[derive(Default)]
struct Tally {
    games: u32,
    wins: BTreeMap<&'static str, u32>,
    /// How games ended, by the result the rules name (conquest, treaty, ...).
    ends: BTreeMap<String, u32>,
    draws: u32,
    stuck: u32,
    decisions: u64,
}

impl Tally {
    fn add(&mut self, played: &SimGame) {
        self.games += 1;
        self.decisions += played.decisions as u64;
        if let Some(o) = &played.outcome {
            *self.ends.entry(o.result.clone()).or_default() += 1;
        }
        if played.outcome.is_none() {
            self.stuck += 1;
        } else if played.winners.is_empty() {
            self.draws += 1;
        } else {
            for w in &played.winners {
                *self.wins.entry(w).or_default() += 1;
            }
        }
    }

    fn summary(&self, scenario: &str, seats: &[&'static str], secs: f64) -> String {
        let wins: Vec<String> = seats
            .iter()
            .map(|s| format!("{s} {}", self.wins.get(s).copied().unwrap_or(0)))
            .collect();
        let mean = if self.games == 0 {
            0.0
        } else {
            self.decisions as f64 / self.games as f64
        };
        let per_sec = |n: f64| if secs > 0.0 { n / secs } else { 0.0 };
        let mut out = format!(
            "summary {scenario}: {} games | wins: {} | draws {} | stuck {} | mean {:.1} decisions | {:.1} games/s | {:.0} decisions/s\n",
            self.games,
            wins.join(", "),
            self.draws,
            self.stuck,
            mean,
            per_sec(self.games as f64),
            per_sec(self.decisions as f64),
        );
        let ends: Vec<String> = self.ends.iter().map(|(r, n)| format!("{r} {n}")).collect();
        out.push_str(&format!("summary {scenario}: ends: {}\n", ends.join(", ")));
        if self.stuck > 0 {
            out.push_str(&format!(
                "summary {scenario}: {} game(s) STUCK\n",
                self.stuck
            ));
        }
        out
    }
}
