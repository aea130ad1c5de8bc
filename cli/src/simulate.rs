//! `skald simulate`: whole games between computer players, with a summary per scenario.

use skald_core::ai::search::{Budget, Level};
use skald_core::ai::simulate::Policy;
use skald_core::engine::SearchRoot;
use skald_core::games::registry::{GameType, SimGame};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// A game that has not ended after this many decisions is reported as stuck.
pub const MAX_DECISIONS: u32 = 200_000;

pub struct SimulateArgs {
    pub scenario: Option<String>,
    /// Who plays each seat, `SIDE=PLAYER,...` (players: random, simple, easy, normal,
    /// hard, search:MS); seats not named play at random.
    pub seats: Option<String>,
    pub games: u32,
    pub seed: u64,
    pub quiet: bool,
    /// Optional rules switched on in every game.
    pub rules: Vec<String>,
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
        if args.rules.is_empty() {
            println!("{scenario}: {}", players.join(", "));
        } else {
            println!(
                "{scenario}: {} (optional rules: {})",
                players.join(", "),
                args.rules.join(", ")
            );
        }
        let mut tally = Tally::default();
        let started = Instant::now();
        for i in 0..args.games {
            let seed = args.seed.wrapping_add(i as u64);
            let played = game.simulate(scenario, &args.rules, seed, MAX_DECISIONS, &policies)?;
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
        policies[i] = parse_player(player)?;
    }
    Ok(policies)
}

/// One player: `random`, `simple`, a level (`easy`, `normal`, `hard`), `search:MS`, the
/// search with no iteration limit but a time cap of MS milliseconds a decision, or
/// `search-it:N`, N iterations a decision and no time cap (the same games on any
/// machine, for comparing versions of the search), or `search-it:N:hH`, the same with
/// playouts of H decisions instead of the game's horizon; `:pK` compares K root
/// candidates by sequential halving on common draws and `:tree` grows the UCB tree
/// (instead of the game's own root), `:cZ` asks Z standard errors before overruling
/// the simple player.
fn parse_player(player: &str) -> Result<Policy, String> {
    let word = player.trim().to_ascii_lowercase();
    if let Some(level) = Level::from_name(&word) {
        return Ok(Policy::Search(level.budget()));
    }
    if let Some(ms) = word.strip_prefix("search:") {
        return match ms.trim().parse::<u64>() {
            Ok(ms) if (1..=600_000).contains(&ms) => Ok(Policy::Search(
                Budget::iterations(u32::MAX).capped(Duration::from_millis(ms)),
            )),
            _ => Err(format!(
                "`{ms}` is not a time for search:MS (whole milliseconds, 1 to 600000)"
            )),
        };
    }
    if let Some(rest) = word.strip_prefix("search-it:") {
        // `search-it:N`, then optional `:hH` (the playout horizon in decisions) and
        // `:pK` (K root candidates by sequential halving on common draws), `:tree` (the
        // UCB tree), `:cZ` (the margin), `:moves` (single moves weighed, never plans).
        let mut parts = rest.split(':');
        let n = parts.next().unwrap_or_default();
        let mut budget = match n.trim().parse::<u32>() {
            Ok(n) if n >= 1 => Budget::iterations(n),
            _ => {
                return Err(format!(
                    "`{n}` is not a count for search-it:N (whole iterations, at least 1)"
                ))
            }
        };
        for part in parts {
            let part = part.trim();
            if let Some(h) = part.strip_prefix('h') {
                budget.horizon = match h.parse::<u32>() {
                    Ok(h) if (1..=10_000).contains(&h) => Some(h),
                    _ => {
                        return Err(format!(
                        "`{h}` is not a horizon for search-it:N:hH (whole decisions, 1 to 10000)"
                    ))
                    }
                };
            } else if part == "tree" {
                budget.root = Some(SearchRoot::Tree);
            } else if part == "moves" {
                budget.weigh_plans = false;
            } else if let Some(k) = part.strip_prefix('p') {
                budget.root = match k.parse::<u32>() {
                    Ok(k) if (2..=1_000).contains(&k) => {
                        Some(SearchRoot::Halving { candidates: k })
                    }
                    _ => {
                        return Err(format!(
                            "`{k}` is not a candidate count for search-it:N:pK (2 to 1000)"
                        ))
                    }
                };
            } else if let Some(z) = part.strip_prefix('c') {
                budget.confidence = match z.parse::<f64>() {
                    Ok(z) if (0.0..=10.0).contains(&z) => Some(z),
                    _ => {
                        return Err(format!(
                            "`{z}` is not a margin for search-it:N:cZ (standard errors, 0 to 10)"
                        ))
                    }
                };
            } else {
                return Err(format!(
                    "`{part}` is not a search-it setting: :hH sets the horizon, :pK the candidates, :tree the tree, :cZ the margin, :moves single moves only"
                ));
            }
        }
        return Ok(Policy::Search(budget));
    }
    match word.as_str() {
        "random" => Ok(Policy::Random),
        "simple" => Ok(Policy::Simple),
        "search" => Ok(Policy::Search(Level::Normal.budget())),
        other => Err(format!(
            "`{other}` is not a computer player; the players are random, simple, easy, normal, hard, search (normal) and search:MS"
        )),
    }
}

fn policy_name(policy: Policy) -> String {
    match policy {
        Policy::Random => "random".into(),
        Policy::Simple => "simple".into(),
        Policy::Search(budget) => match Level::ALL.into_iter().find(|l| l.budget() == budget) {
            Some(level) => level.name().into(),
            None => match budget.time_cap {
                Some(cap) => format!("search:{}", cap.as_millis()),
                None => {
                    let mut name = format!("search-it:{}", budget.iterations);
                    if let Some(h) = budget.horizon {
                        name.push_str(&format!(":h{h}"));
                    }
                    match budget.root {
                        Some(SearchRoot::Halving { candidates }) => {
                            name.push_str(&format!(":p{candidates}"))
                        }
                        Some(SearchRoot::Tree) => name.push_str(":tree"),
                        None => {}
                    }
                    if let Some(z) = budget.confidence {
                        name.push_str(&format!(":c{z}"));
                    }
                    name
                }
            },
        },
    }
}

/// The mean and the 95th percentile (nearest rank) of some times, in milliseconds.
fn mean_and_p95(times: &[Duration]) -> (f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0);
    }
    let mut ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let mean = ms.iter().sum::<f64>() / ms.len() as f64;
    let rank = ((ms.len() as f64 * 0.95).ceil() as usize).clamp(1, ms.len());
    (mean, ms[rank - 1])
}

/// The median of some times, in milliseconds (0 for none).
fn median(times: &[Duration]) -> f64 {
    let mut ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    match ms.len() {
        0 => 0.0,
        n if n % 2 == 1 => ms[n / 2],
        n => (ms[n / 2 - 1] + ms[n / 2]) / 2.0,
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
    /// Every decision's time, by seat index.
    thinking: Vec<Vec<Duration>>,
    /// Every run of decisions in a row, by seat index.
    runs: Vec<Vec<Duration>>,
    /// The sum of each victory figure at the end, by seat name (or none) and key, and
    /// the games it was counted in.
    figures: BTreeMap<(Option<&'static str>, &'static str), (f64, u32)>,
}

impl Tally {
    fn add(&mut self, played: &SimGame) {
        self.games += 1;
        self.decisions += played.decisions as u64;
        if self.thinking.len() < played.thinking.len() {
            self.thinking.resize(played.thinking.len(), Vec::new());
        }
        for (all, times) in self.thinking.iter_mut().zip(&played.thinking) {
            all.extend_from_slice(times);
        }
        if self.runs.len() < played.runs.len() {
            self.runs.resize(played.runs.len(), Vec::new());
        }
        for (all, runs) in self.runs.iter_mut().zip(&played.runs) {
            all.extend_from_slice(runs);
        }
        for (seat, figure) in &played.standing {
            if let Ok(value) = figure.value.parse::<f64>() {
                let sum = self.figures.entry((*seat, figure.key)).or_default();
                sum.0 += value;
                sum.1 += 1;
            }
        }
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
        let thinking: Vec<String> = seats
            .iter()
            .zip(&self.thinking)
            .filter(|(_, times)| !times.is_empty())
            .zip(&self.runs)
            .map(|((s, times), runs)| {
                let (mean, p95) = mean_and_p95(times);
                let mut line = format!("{s} mean {mean:.2} ms, 95th percentile {p95:.2} ms");
                if !runs.is_empty() {
                    line.push_str(&format!(
                        ", a phase's decisions median {:.1} ms",
                        median(runs)
                    ));
                }
                line
            })
            .collect();
        if !thinking.is_empty() {
            out.push_str(&format!(
                "summary {scenario}: decision time: {}\n",
                thinking.join("; ")
            ));
        }
        let figures: Vec<String> = self
            .figures
            .iter()
            .map(|((seat, key), (sum, n))| {
                let mean = sum / f64::from((*n).max(1));
                match seat {
                    Some(seat) => format!("{seat} {key} {mean:.2}"),
                    None => format!("{key} {mean:.2}"),
                }
            })
            .collect();
        if !figures.is_empty() {
            out.push_str(&format!(
                "summary {scenario}: mean figures at the end: {}\n",
                figures.join(", ")
            ));
        }
        if self.stuck > 0 {
            out.push_str(&format!(
                "summary {scenario}: {} game(s) STUCK\n",
                self.stuck
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `search-it:N:hH` sets the playout horizon; the name reads back the same.
    #[test]
    fn search_it_with_a_horizon_reads_and_names_itself() {
        let Ok(Policy::Search(b)) = parse_player("search-it:300:h60") else {
            panic!("search-it:300:h60 is a player");
        };
        assert_eq!((b.iterations, b.horizon, b.time_cap), (300, Some(60), None));
        assert_eq!(policy_name(Policy::Search(b)), "search-it:300:h60");
        let Ok(Policy::Search(plain)) = parse_player("search-it:300") else {
            panic!("search-it:300 is a player");
        };
        assert_eq!(plain, Budget::iterations(300));
        assert_eq!(policy_name(Policy::Search(plain)), "search-it:300");
        assert!(parse_player("search-it:300:h0").is_err());
        assert!(parse_player("search-it:300:hx").is_err());
    }

    /// `search-it:N:pK` compares K root candidates by halving; with a horizon too, in
    /// either order, and the name reads back in one order.
    #[test]
    fn search_it_with_halving_reads_and_names_itself() {
        let Ok(Policy::Search(b)) = parse_player("search-it:300:p8:h40") else {
            panic!("search-it:300:p8:h40 is a player");
        };
        assert_eq!(
            (b.iterations, b.horizon, b.root),
            (300, Some(40), Some(SearchRoot::Halving { candidates: 8 }))
        );
        assert_eq!(policy_name(Policy::Search(b)), "search-it:300:h40:p8");
        assert!(parse_player("search-it:300:p1").is_err());
        let Ok(Policy::Search(t)) = parse_player("search-it:300:tree") else {
            panic!("search-it:300:tree is a player");
        };
        assert_eq!(t.root, Some(SearchRoot::Tree));
        assert_eq!(policy_name(Policy::Search(t)), "search-it:300:tree");
        let Ok(Policy::Search(c)) = parse_player("search-it:100:p8:c0.5") else {
            panic!("search-it:100:p8:c0.5 is a player");
        };
        assert_eq!(c.confidence, Some(0.5));
        assert_eq!(policy_name(Policy::Search(c)), "search-it:100:p8:c0.5");
        assert!(parse_player("search-it:300:q4").is_err());
    }
}
