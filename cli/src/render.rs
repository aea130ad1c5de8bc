//! `skald render`: a picture of any game's scene, as SVG or PNG, so that every board can
//! be looked at without an app. The PNG is the SVG drawn by resvg with Noto Sans
//! embedded, so that it looks the same on every machine, 1080 pixels wide (a phone).

use crate::{play, saves};
use skald_core::engine::{GameBox, Seat, Turn};
use skald_core::games::registry;
use skald_core::scene::{scene, svg, Touch};
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
/// that a picture of a game with secrets shows only one seat's).
pub fn render(source: Source, seat: Option<&str>, output: Output) -> Result<(), String> {
    let game = open(source)?;
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
        &[],
    );
    let picture = svg(&drawn);
    match output {
        Output::Svg(path) => write(&path, picture.as_bytes()),
        Output::Png(path) => write(&path, &png(&picture)?),
    }
}

fn open(source: Source) -> Result<Box<dyn GameBox>, String> {
    match source {
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
            Ok(session.game().clone_box())
        }
    }
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
