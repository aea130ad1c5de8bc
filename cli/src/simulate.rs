//! `skald simulate`: whole games between computer players, with a summary per scenario.

use skald_core::ai::simulate::Policy;
use skald_core::games::registry::{GameType, SimGame};
use std::collections::BTreeMap;
use std::time::Instant;

/// A game that has not ended after this many decisions is reported as stuck.
pub const MAX_DECISIONS: u32 = 200_000;

pub struct SimulateArgs {
    pub scenario: Option<String>,
    /// Who plays each seat, `SIDE=PLAYER,...` (players: random, simple); seats not
    /// named play at random.
    pub seats: Option<String>,
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
        "simulate {}: {} game(s) per scenario, seeds from {}",
        game.id(),
        args.games,
        args.seed
    );
    let mut all_ok = true;
    for scenario in &scenarios {
        let seats = game.seat_names(scenario)?;
        let policies = parse_players(&seats, args.seats.as_deref())?;
        let players: Vec<String> = seats
            .iter()
            .zip(&policies)
            .map(|(s, p)| format!("{s}={}", policy_name(*p)))
            .collect();
        println!("{scenario}: {}", players.join(", "));
        let mut tally = Tally::default();
        let started = Instant::now();
        for i in 0..args.games {
            let seed = args.seed.wrapping_add(i as u64);
            let played = game.simulate(scenario, seed, MAX_DECISIONS, &policies)?;
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

/// The player of each seat from `SIDE=PLAYER,...`: every side named must be a seat of
/// the scenario, at most once.
fn parse_players(seats: &[&'static str], spec: Option<&str>) -> Result<Vec<Policy>, String> {
    let mut policies = vec![Policy::Random; seats.len()];
    let mut named = vec![false; seats.len()];
    for part in spec
        .unwrap_or("")
        .split(',')
        .filter(|p| !p.trim().is_empty())
    {
        let Some((side, player)) = part.split_once('=') else {
            return Err(format!(
                "`{part}` is not SIDE=PLAYER (e.g. {}=simple)",
                seats[0]
            ));
        };
        let side = side.trim().to_ascii_lowercase();
        let Some(i) = seats.iter().position(|s| *s == side) else {
            return Err(format!(
                "`{side}` is not a side of this game; the sides are {}",
                seats.join(", ")
            ));
        };
        if std::mem::replace(&mut named[i], true) {
            return Err(format!("`{side}` is named twice in --seats"));
        }
        policies[i] = match player.trim().to_ascii_lowercase().as_str() {
            "random" => Policy::Random,
            "simple" => Policy::Simple,
            other => {
                return Err(format!(
                    "`{other}` is not a computer player; the players are random, simple"
                ))
            }
        };
    }
    Ok(policies)
}

fn policy_name(policy: Policy) -> &'static str {
    match policy {
        Policy::Random => "random",
        Policy::Simple => "simple",
    }
}

/// A 95% interval for a rate of `k` in `n` (Wilson's score interval, which stays inside
/// 0..1 and is fair for rates near either end).
fn wilson_interval(k: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (n as f64, k as f64 / n as f64, 1.96_f64);
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z * z / n;
    (
        ((centre - spread) / scale).max(0.0),
        ((centre + spread) / scale).min(1.0),
    )
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
        let rates: Vec<String> = seats
            .iter()
            .map(|s| {
                let k = self.wins.get(s).copied().unwrap_or(0);
                let (lo, hi) = wilson_interval(k, self.games);
                let rate = if self.games == 0 {
                    0.0
                } else {
                    k as f64 / self.games as f64
                };
                format!(
                    "{s} {:.1}% (95%: {:.1}-{:.1}%)",
                    rate * 100.0,
                    lo * 100.0,
                    hi * 100.0
                )
            })
            .collect();
        out.push_str(&format!(
            "summary {scenario}: win rates: {}\n",
            rates.join(", ")
        ));
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
