//! `skald render`: a picture of any game's scene, as SVG or PNG, so that every board can
//! be looked at without an app. The PNG is the SVG drawn by resvg with Noto Sans
//! embedded, so that it looks the same on every machine, 1080 pixels wide (a phone).

use crate::{play, saves};
use skald_core::engine::{Event, GameBox, Seat, Turn};
use skald_core::games::registry;
use skald_core::scene::{scene, svg_zoomed, Touch, Zoom};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How much `--zoom` enlarges the map: about what a person spreads two fingers to on a
/// phone to read the counters.
const ZOOM: f32 = 2.5;

/// Where the game to draw comes from.
pub enum Source {
    /// A new game of a scenario (the game's first when None), with this seed.
    New {
        game: String,
        scenario: Option<String>,
        seed: u64,
    },
    /// A position in notation, read from a file.
    Position { game: String, file: PathBuf },
    /// A saved game, by its id.
    Save {
        data_dir: Option<PathBuf>,
        id: String,
    },
}

/// Where the picture goes.
pub enum Output {
    Svg(PathBuf),
    Png(PathBuf),
}

/// Draws the scene as `seat` sees it (the seat to act when None: never every seat, so
/// that a picture of a game with secrets shows only one seat's). With `after`, a file of
/// actions (one a line) taken first, each by the seat to act, whose events are drawn.
pub fn render(
    source: Source,
    after: Option<&Path>,
    seat: Option<&str>,
    zoom: Option<&str>,
    output: Output,
) -> Result<(), String> {
    let (mut game, steps) = open(source)?;
    let mut steps = steps;
    if let Some(file) = after {
        steps.extend(take_actions(game.as_mut(), file)?);
    }
    let names = game.seat_names();
    let seat = match seat {
        Some(name) => Seat(
            names
                .iter()
                .position(|n| n.eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| format!("no seat '{name}': the seats are {}", names.join(", ")))?
                as u8,
        ),
        None => match game.to_act() {
            Turn::Decide(seats) => seats.first().copied().unwrap_or(Seat(0)),
            Turn::Over(_) => Seat(0),
        },
    };
    let deciding = matches!(game.to_act(), Turn::Decide(ref s) if s.contains(&seat));
    let drawn = scene(
        game.as_ref(),
        &[seat],
        deciding.then_some(seat),
        &Touch::new(),
        &since_last_choice(&steps, seat),
    );
    let zoom = match zoom {
        None => None,
        Some(label) => {
            let cell = drawn
                .board
                .cells
                .iter()
                .find(|c| c.label.eq_ignore_ascii_case(label.trim()))
                .ok_or_else(|| {
                    format!("no cell '{label}' on this map (a hex such as 0811, a shire's id)")
                })?;
            Some(Zoom {
                centre: cell.centre,
                factor: ZOOM,
            })
        }
    };
    let picture = svg_zoomed(&drawn, zoom);
    match output {
        Output::Svg(path) => write(&path, picture.as_bytes()),
        Output::Png(path) => write(&path, &png(&picture)?),
    }
}

/// One action taken: by which seat, whether it was the seat's choice, what happened.
struct Step {
    seat: Seat,
    chosen: bool,
    events: Vec<Event>,
}

/// What the seat has not seen: the events of every step since its own last choice (of
/// the last step, when that was its own), as a person handed the device would read them.
fn since_last_choice(steps: &[Step], seat: Seat) -> Vec<Event> {
    let mine = steps.iter().rposition(|s| s.seat == seat && s.chosen);
    let from = match mine {
        Some(i) if i + 1 == steps.len() => i,
        Some(i) => i + 1,
        None => 0,
    };
    steps[from..]
        .iter()
        .flat_map(|s| s.events.iter().cloned())
        .collect()
}

/// Takes each line of `file` as an action of the seat to act.
fn take_actions(game: &mut dyn GameBox, file: &Path) -> Result<Vec<Step>, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let mut steps = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let action = line.trim();
        if action.is_empty() || action.starts_with('#') {
            continue;
        }
        let Turn::Decide(seats) = game.to_act() else {
            return Err(format!("{}:{}: the game is over", file.display(), n + 1));
        };
        let seat = seats.first().copied().unwrap_or(Seat(0));
        let events = game
            .play(seat, action)
            .map_err(|e| format!("{}:{}: '{action}': {e}", file.display(), n + 1))?;
        steps.push(Step {
            seat,
            chosen: true,
            events,
        });
    }
    Ok(steps)
}

fn open(source: Source) -> Result<(Box<dyn GameBox>, Vec<Step>), String> {
    let game = match source {
        Source::New {
            game,
            scenario,
            seed,
        } => {
            let kind = registry::find(&game)?;
            let scenario = match scenario {
                Some(s) => s,
                None => kind
                    .scenarios()
                    .first()
                    .map(|s| s.id.to_string())
                    .ok_or("the game has no scenario")?,
            };
            kind.new_game(&scenario, seed)
        }
        Source::Position { game, file } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            registry::find(&game)?.game_at_position(&text, 1)
        }
        Source::Save { data_dir, id } => {
            let dir = crate::data_dir::resolve(data_dir)?;
            let store = Arc::new(saves::open_existing(&dir)?);
            let session = play::load(&store, saves::parse_id(&id)?)?;
            // Every seat's history, so that each event keeps its audience; the scene
            // shows only what the drawn seat may know.
            let every: Vec<Seat> = (0..session.seat_names().len() as u8).map(Seat).collect();
            let history = session.history(&every).map_err(|e| e.to_string())?;
            let steps = history
                .steps
                .into_iter()
                .map(|s| Step {
                    seat: s.seat,
                    chosen: !s.forced,
                    events: s.events,
                })
                .collect();
            return Ok((session.game().clone_box(), steps));
        }
    };
    Ok((game?, Vec::new()))
}

const PHONE_WIDTH: f32 = 1080.0;

/// The SVG drawn to PNG 1080 pixels wide, with Noto Sans as every font.
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    {
        let fonts = options.fontdb_mut();
        fonts.load_font_data(notosans::REGULAR_TTF.to_vec());
        fonts.load_font_data(notosans::BOLD_TTF.to_vec());
        fonts.set_sans_serif_family("Noto Sans");
        fonts.set_serif_family("Noto Sans");
    }
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("the SVG: {e}"))?;
    // A phone's width (1080 pixels, as on a 1080x2400 screen), so that the picture
    // shows how large a counter's values are there.
    let scale = PHONE_WIDTH / tree.size().width();
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or("the picture has no size")?;
    let mut pixmap =
        tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("the picture has no size")?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| format!("PNG: {e}"))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("{}", path.display());
    Ok(())
}
