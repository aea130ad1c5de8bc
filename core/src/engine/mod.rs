//! What every game shares: seats, turns, chance, events, errors and the game contract.

pub mod chance;
pub mod consistency;
pub mod contract;
pub mod dynamic;
pub mod error;
pub mod event;
pub mod hash;
pub mod notation;
pub mod position;
pub mod preview;
pub mod scene;
pub mod seat;
pub mod target;
pub mod text;

pub use chance::{Chance, Scripted};
pub use contract::{
    Game, Notation, OptionalRule, Playable, Presentation, ScenarioInfo, SearchRoot, Standing,
};
pub use dynamic::{
    typed, ActionEntry, AdviceCandidate, ChanceScript, GameBox, PlayError, Played, SearchAdvice,
    SeatSearch,
};
pub use error::{NotationError, RuleError};
pub use event::{Arrow, Audience, Event, GameEvent, Marks};
pub use position::{Conceal, Hidden, PositionData, Secrets, StoredPosition};
pub use preview::{OutcomeOdds, Preview, Probability};
pub use seat::{seat_label, Outcome, Seat, Turn};
pub use target::Target;
