//! What to draw for any game and how taps become actions (issue 11, DESIGN.md "Scene and
//! touch"). Like the search player and the session, it reaches the games through the
//! engine contract only: each game describes its board (`Presentation::board`, in the
//! words of `engine::scene`), and this module adds the rest.
//!
//! - `touch`: the one touch model, taps narrowing the legal actions by their targets;
//! - `compose`: the whole scene for a device holder (board, highlights, buttons,
//!   prompt, odds) and hit-testing, a map point to the pieces and cell under it;
//! - `reach`: where a finger aims, whether a tap on a crowded stack should open it out
//!   first, and what a screen reader says of a point;
//! - `recent`: the dice log and the arrows of the last move and attack, from events;
//! - `svg`: a scene as an SVG picture (`skald render`; the PNG is drawn from it).

pub mod compose;
pub mod reach;
pub mod recent;
pub mod svg;
pub mod touch;

pub use compose::{hit, scene, scene_with_legal, tap_at, Button, Press, Ready, Scene};
pub use reach::{aim, describe, describe_target, spread, Spread};
pub use recent::{ArrowKind, LogLine, SceneArrow};
pub use svg::{svg, svg_zoomed, Zoom};
pub use touch::{Highlights, Outcome, Touch};
