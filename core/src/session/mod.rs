//! A game for people: the log with undo ([`timeline`]), who sits where ([`seating`]),
//! the session itself with hand-off, undo, standing orders and autosave ([`session`]),
//! the history of a game ([`history`]), the computer's seats ([`computer`]), and the
//! computer thinking off the caller's thread and hints for people ([`thinking`]), and the session with its touch layer, taps in and
//! scenes out ([`tabletop`]).

pub mod computer;
pub mod error;
pub mod export;
pub mod history;
pub mod resume;
pub mod seating;
// The session module is named as the design names it, inside `session/`.
#[allow(clippy::module_inception)]
pub mod session;
pub mod tabletop;
pub mod thinking;
pub mod timeline;

pub use computer::{ComputerPlayer, Computers, RandomPlayer, SearchPlayer, SimplePlayer};
pub use error::SessionError;
pub use history::{History, HistoryStep};
pub use resume::{load_save, save_progress, LoadError, Loaded, SaveError, Saved};
pub use seating::{Player, Seating, SeatingError, Skill};
pub use session::{Mover, Played, SaveHandle, ScenarioChoice, Screen, SeatChoice, Session};
pub use tabletop::{Tabletop, TapResult};
pub use thinking::{Canceller, Hint, HintThinking, Thinking, Thought};
pub use timeline::{start_game, Timeline, TimelineError};
