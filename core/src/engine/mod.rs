//! What every game shares: seats, turns, chance, events, errors and the game contract.

pub mod chance;
pub mod consistency;
pub mod contract;
pub mod dynamic;
pub mod error;
pub mod event;
pub mod hash;
pub mod notation;
pub mod seat;
pub mod text;

pub use chance::{Chance, Scripted};
pub use contract::{Game, ScenarioInfo};
pub use dynamic::{ActionEntry, DynGame, GameBox};
pub use error::{NotationError, RuleError};
pub use event::{Audience, Event, GameEvent};
pub use seat::{Outcome, Seat, Turn};
