//! `skald`: the terminal client of Skald. Plays, simulates and checks any game of the
//! registry through the engine's erased interface.

mod actions;
mod check;
mod clock;
mod data_dir;
mod play;
mod render;
mod saves;
mod simulate;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "skald",
    version,
    about = "Skald: Viking board wargames in the terminal",
    long_about = "Skald: Viking board wargames in the terminal.\n\nList the games with `skald games`, play one with `skald play fury`, run random games with `skald simulate fury`, and check rule case files with `skald check FILE...`."
)]
struct Cli {
    /// The folder of the saves [default: $SKALD_DATA, else the platform's data folder].
    #[arg(long, global = true, value_name = "DIR")]
    data_dir: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum SavesCommand {
    /// List every save (damaged ones too, with what is wrong).
    List,
    /// Show a save: its details and the board as nobody in particular sees it.
    Show {
        /// The save's id (see `skald saves list`).
        id: String,
    },
    /// Write one save to a file: a seat's replay to share (--seat, only what those seats
    /// saw), or a full backup (--backup: the seed and every secret; keep it to yourself).
    #[command(
        after_help = "Examples:\n  skald saves export 3 --seat viking -o game3-viking.json\n  skald saves export 3 --backup -o game3-backup.json"
    )]
    Export {
        id: String,
        /// The seats the replay is seen through (repeat for several).
        #[arg(long, required_unless_present = "backup", conflicts_with = "backup")]
        seat: Vec<String>,
        /// A full backup, with the seed and every secret.
        #[arg(long)]
        backup: bool,
        /// The file to write [default: print it].
        #[arg(long, short)]
        output: Option<std::path::PathBuf>,
    },
    /// Add a save from a full backup file; it is replayed first, and refused if it does
    /// not replay to the game it recorded.
    Import { file: std::path::PathBuf },
    /// Step through a seat's replay file: every action as those seats saw it.
    Replay {
        file: std::path::PathBuf,
        /// Print the position after this step (0: the start) instead of the steps.
        #[arg(long)]
        step: Option<u32>,
    },
    /// Give a save a new name.
    Rename { id: String, name: String },
    /// Delete a save (asks first).
    Delete {
        id: String,
        /// Do not ask.
        #[arg(long)]
        yes: bool,
    },
}

#[derive(Subcommand)]
enum Command {
    /// List the games and their scenarios.
    Games,
    /// Play a game in the terminal, hot-seat, against the computer or alone; it is saved
    /// after every action.
    #[command(
        after_help = "Examples:\n  skald play fury\n  skald play fury --scenario advanced --seats viking=computer:hard,villager=Ann\n  skald play v878 --seats housecarl=Ann,thegn=Ann,norsemen=Bo,berserker=Bo\n  skald play --resume 3\n\nDuring play, type `help` for the commands."
    )]
    Play {
        /// The game id (see `skald games`); not needed with --resume.
        #[arg(required_unless_present = "resume")]
        game: Option<String>,
        /// The scenario id (see `skald games`) [default: the game's first scenario].
        #[arg(long)]
        scenario: Option<String>,
        /// Who plays each seat: SEAT=NAME (a person; the same name on several seats is one
        /// person), SEAT=human (a person named after the seat) or SEAT=computer (the
        /// search player at its normal level; SEAT=computer:LEVEL or SEAT=LEVEL for easy,
        /// normal or hard; simple for the game's simple player, random for random legal
        /// moves), comma-separated [default: the first seat a person, the others the
        /// computer].
        #[arg(long)]
        seats: Option<String>,
        /// Seed of the game's dice, a whole number from 0 [default: from the clock, kept
        /// secret in the save].
        #[arg(long, allow_hyphen_values = true)]
        seed: Option<u64>,
        /// The save's name [default: the game and scenario].
        #[arg(long)]
        name: Option<String>,
        /// Switch an optional rule on (see `skald games`); repeat it, or separate ids by
        /// commas, for several.
        #[arg(long = "rule", value_name = "ID", value_delimiter = ',')]
        rules: Vec<String>,
        /// Do not save the game.
        #[arg(long, conflicts_with = "resume")]
        no_save: bool,
        /// Go on with a saved game (its id from `skald saves list`).
        #[arg(long, value_name = "ID", conflicts_with_all = ["game", "scenario", "seats", "seed", "name"])]
        resume: Option<String>,
    },
    /// Play whole games between random players and summarise them.
    #[command(
        after_help = "Game i (from 0) of each scenario uses seed SEED+i. Exits with status 1 if a game got stuck (a rules bug)."
    )]
    Simulate {
        /// The game id (see `skald games`).
        game: String,
        /// Only this scenario [default: every scenario of the game].
        #[arg(long)]
        scenario: Option<String>,
        /// Who plays each side, e.g. `viking=hard,villager=simple` (players: random,
        /// simple, the search at a level: easy, normal, hard, or search:MS with a time
        /// cap of MS milliseconds a decision) [default: random for every side].
        #[arg(long)]
        seats: Option<String>,
        /// Games per scenario (at least 1).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
        games: u32,
        /// First seed, a whole number from 0 [default: from the clock; printed at the start].
        #[arg(long, allow_hyphen_values = true)]
        seed: Option<u64>,
        /// Print only the summaries (and stuck games).
        #[arg(long)]
        quiet: bool,
        /// Switch an optional rule on (see `skald games`); repeat it, or separate ids by
        /// commas, for several.
        #[arg(long = "rule", value_name = "ID", value_delimiter = ',')]
        rules: Vec<String>,
    },
    /// The saved games: list, show, delete, export, import.
    Saves {
        #[command(subcommand)]
        command: SavesCommand,
    },
    /// Draw a game's scene as a picture: a new game, a position or a saved game, as one
    /// seat sees it.
    #[command(
        after_help = "Examples:\n  skald render fury --png fury.png\n  skald render v878 --scenario alfreds-gambit --seat danes --svg board.svg\n  skald render fury --position case.txt --png case.png\n  skald render fury --position case.txt --after moves.txt --png moves.png\n  skald render fury --position case.txt --zoom 0811 --png close.png\n  skald render --save 3 --png save.png",
        group(clap::ArgGroup::new("out").required(true).args(["svg", "png"]))
    )]
    Render {
        /// The game id (see `skald games`); not needed with --save.
        #[arg(required_unless_present = "save")]
        game: Option<String>,
        /// The scenario of a new game [default: the game's first].
        #[arg(long, conflicts_with_all = ["save", "position"])]
        scenario: Option<String>,
        /// Seed of a new game's set-up.
        #[arg(long, default_value_t = 1, conflicts_with_all = ["save", "position"])]
        seed: u64,
        /// A position in notation (docs/notation.md), read from this file.
        #[arg(long, value_name = "FILE", conflicts_with = "save")]
        position: Option<std::path::PathBuf>,
        /// A saved game (its id from `skald saves list`).
        #[arg(long, value_name = "ID", conflicts_with = "game")]
        save: Option<String>,
        /// The seat whose view is drawn [default: the seat to act].
        #[arg(long)]
        seat: Option<String>,
        /// Actions in notation, one a line, read from this file and taken in turn by the
        /// seat to act: what they did is drawn (the dice log, the last move and attack).
        #[arg(long, value_name = "FILE")]
        after: Option<std::path::PathBuf>,
        /// Draw only the part of the map around this cell (a hex such as 0811, a shire's
        /// id), 2.5 times larger, as a phone shows it zoomed in.
        #[arg(long, value_name = "CELL")]
        zoom: Option<String>,
        /// Write an SVG picture here.
        #[arg(long, value_name = "FILE")]
        svg: Option<std::path::PathBuf>,
        /// Write a PNG picture here.
        #[arg(long, value_name = "FILE")]
        png: Option<std::path::PathBuf>,
    },
    /// Run rule case files (see docs/cases.md); a folder runs every *.case file in it.
    #[command(after_help = "Exits with status 1 if any case fails or a file cannot be read.")]
    Check {
        /// Case files or folders.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = Cli::parse();
    match run(cli.command, cli.data_dir) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("skald: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command, data_dir: Option<std::path::PathBuf>) -> Result<bool, String> {
    match command {
        Command::Games => {
            for game in skald_core::games::registry::games() {
                println!("{}  {}", game.id(), game.name());
                for s in game.scenarios() {
                    println!("  {:<16} {}: {}", s.id, s.name, s.summary);
                }
                for r in game.optional_rules() {
                    println!(
                        "  --rule {:<9} {} ({}, optional): {}",
                        r.id, r.name, r.rule, r.summary
                    );
                }
            }
            Ok(true)
        }
        Command::Play {
            game,
            scenario,
            seats,
            seed,
            name,
            rules,
            no_save,
            resume,
        } => {
            let ending = match (resume, game) {
                (Some(id), _) => {
                    let dir = data_dir::resolve(data_dir)?;
                    play::resume(&dir, saves::parse_id(&id)?)?
                }
                (None, Some(game)) => {
                    let game = skald_core::games::registry::find(&game)?;
                    let scenario = match scenario {
                        Some(s) => s,
                        None => game
                            .scenarios()
                            .first()
                            .map(|s| s.id.to_string())
                            .ok_or("the game has no scenario")?,
                    };
                    let args = play::NewGame {
                        scenario,
                        seats,
                        seed: seed.unwrap_or_else(play::clock_seed),
                        seed_typed: seed.is_some(),
                        name,
                        rules,
                    };
                    let dir = if no_save {
                        None
                    } else {
                        Some(data_dir::resolve(data_dir)?)
                    };
                    play::start(game, &args, dir.as_deref())?
                }
                (None, None) => return Err("name a game to play, or --resume ID".into()),
            };
            match ending {
                play::Ending::Done => Ok(true),
                play::Ending::Stuck(why) => {
                    eprintln!("skald: the game is stuck: {why}");
                    Ok(false)
                }
            }
        }
        Command::Simulate {
            game,
            scenario,
            seats,
            games,
            seed,
            quiet,
            rules,
        } => {
            let game = skald_core::games::registry::find(&game)?;
            let args = simulate::SimulateArgs {
                scenario,
                seats,
                games,
                seed: seed.unwrap_or_else(play::clock_seed),
                quiet,
                rules,
            };
            simulate::run(game, &args)
        }
        Command::Check { files } => check::run(&files),
        Command::Render {
            game,
            scenario,
            seed,
            position,
            save,
            seat,
            after,
            zoom,
            svg,
            png,
        } => {
            let source = match (save, position, game) {
                (Some(id), _, _) => render::Source::Save { data_dir, id },
                (None, Some(file), Some(game)) => render::Source::Position { game, file },
                (None, None, Some(game)) => render::Source::New {
                    game,
                    scenario,
                    seed,
                },
                (None, _, None) => return Err("say which game to draw, or --save ID".into()),
            };
            let output = match (svg, png) {
                (Some(path), _) => render::Output::Svg(path),
                (None, Some(path)) => render::Output::Png(path),
                (None, None) => return Err("say where to draw it: --svg FILE or --png FILE".into()),
            };
            render::render(
                source,
                after.as_deref(),
                seat.as_deref(),
                zoom.as_deref(),
                output,
            )?;
            Ok(true)
        }
        Command::Saves {
            command: SavesCommand::Replay { file, step },
        } => {
            saves::view_replay(&file, step)?;
            Ok(true)
        }
        Command::Saves { command } => {
            let dir = data_dir::resolve(data_dir)?;
            let store = match command {
                SavesCommand::Import { .. } => saves::open(&dir)?,
                _ => saves::open_existing(&dir)?,
            };
            match command {
                SavesCommand::List => saves::list(&store)?,
                SavesCommand::Show { id } => saves::show(&store, saves::parse_id(&id)?)?,
                SavesCommand::Export {
                    id,
                    seat,
                    backup,
                    output,
                } => saves::export(&store, saves::parse_id(&id)?, &seat, backup, output)?,
                SavesCommand::Import { file } => saves::import(&store, &file)?,
                SavesCommand::Rename { id, name } => {
                    let id = saves::parse_id(&id)?;
                    store.rename(id, &name).map_err(|e| e.to_string())?;
                    println!("Renamed {id} to '{}'.", name.trim());
                }
                // Handled above: a replay file needs no store.
                SavesCommand::Replay { .. } => {}
                SavesCommand::Delete { id, yes } => {
                    let stdin = std::io::stdin();
                    saves::delete(&store, saves::parse_id(&id)?, yes, &mut stdin.lock())?
                }
            }
            Ok(true)
        }
    }
}

/// `skald saves show 1 | head -1`: when the reader goes away, stop quietly, as other
/// command-line tools do, instead of panicking on the next print. Rust ignores SIGPIPE
/// by default; putting back the default action ends the process at the closed pipe.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called first in `main`, before any thread exists; it only resets the
    // signal's disposition to the system default.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
