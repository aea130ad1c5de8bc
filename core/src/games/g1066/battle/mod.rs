//! The 1066 Battle Board (R-2.2, 15.0) as a closed subgame.
//!
//! The main engine hands a [`BattleSetup`] (both forces as they stand in the square) to
//! [`Battle::new`], then asks [`Battle::to_decide`] who decides what, offers that side
//! [`Battle::legal`], and passes its choice to [`Battle::apply`] with the game's
//! [`Chance`]. Every die the battle needs is drawn inside `apply`. When
//! [`Battle::result`] is `Some`, the battle is over and the result says who won, what
//! each side lost, which markers were spent and the spoils of 15.18 / T5; retreats on the
//! map are the caller's business.
//!
//! Decisions are kept small: units deploy one at a time, and a movement, combat or
//! pursuit choice is two steps (pick the unit, then its box or target), so a person
//! always picks among a handful of options.
//!
//! Module map: [`types`] (the public values), `setup` (checking the input, commander,
//! panic level), `board` (which box faces which), `flow` (the sequence of 15.2),
//! `rounds` (movement and combat rounds), `markers` (battle marker windows, 15.21),
//! `fire` (dice, CRT and saves), `pursuit` (15.17), `outcome` (15.16, 15.18),
//! `numbers` (the battle's numbers).

mod board;
mod fire;
mod flow;
mod markers;
mod numbers;
mod outcome;
mod pursuit;
mod rounds;
mod setup;
pub mod types;

#[cfg(test)]
mod tests;

pub use setup::commander_choices;
pub use types::*;

use crate::engine::chance::Chance;
use crate::engine::error::RuleError;
use serde::{Deserialize, Serialize};

/// One battle in progress. Cloning it is cheap enough for a search to copy it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    sides: [SideState; 2],
    castle: bool,
    summer: bool,
    /// Battle turns rolled (15.2 step 4); None before the roll.
    turns: Option<u8>,
    /// The battle turn being fought, from 1; 0 before the first.
    turn: u8,
    /// Marker effects of the combat round being fought.
    round: Option<RoundEffects>,
    phase: Phase,
}

/// One side's pieces and bookkeeping.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct SideState {
    pieces: Vec<Piece>,
    hand: MarkerHand,
    /// The commander's id and leader value (18.3); None when no leader is present.
    commander: Option<(UnitId, u8)>,
    played: Vec<PlayedMarker>,
    /// Starting attack plus leader values (15.16, 15.18).
    strength: u16,
    /// None: the side cannot panic (20.5, defending in its castle).
    panic_level: Option<u16>,
    /// Running loss total in the units of the panic level (G3.2).
    losses: u16,
    units_lost: u16,
    /// Defense bonus for this side's units (15.13): the defender's only.
    bonus: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Piece {
    unit: BattleUnit,
    /// None until deployed.
    at: Option<BoardBox>,
    alive: bool,
}

/// Marker effects for one combat round (8.13: they last that round).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct RoundEffects {
    charge: Option<BoardBox>,
    maneuver: Option<BoardBox>,
    maneuver_negated: bool,
    shield_wall: bool,
    shield_wall_negated: bool,
    /// The one marker each side may open with this round (15.21, G3.3), by side index.
    slot_used: [bool; 2],
}

/// Where a marker window stands in a combat round (G3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Stage {
    /// The acting side may open with Charge or Maneuver.
    Open,
    /// The other side may play Shield Wall or cancel a Maneuver.
    Answer,
    /// The acting side may cancel a Shield Wall with Feigned Flight.
    Feign,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Phase {
    HighSeas,
    Deploy(Side),
    Length,
    Movement {
        side: Side,
        moved: Vec<UnitId>,
        picked: Option<UnitId>,
    },
    Window {
        side: Side,
        stage: Stage,
    },
    Combat {
        side: Side,
        attacked: Vec<UnitId>,
        picked: Option<UnitId>,
    },
    Pursuit {
        winner: Side,
        attacked: Vec<UnitId>,
        picked: Option<UnitId>,
    },
    Over(Outcome),
}

impl Battle {
    /// Who must decide now, and what kind of choice; None once the battle is over.
    pub fn to_decide(&self) -> Option<Decision> {
        flow::to_decide(self)
    }

    /// Every action `apply` accepts from `side` now (empty if it is not that side's turn).
    pub fn legal(&self, side: Side) -> Vec<BattleAction> {
        flow::legal(self, side)
    }

    /// Applies one decision, drawing dice from `chance`. On error nothing changes and the
    /// error names the rule.
    pub fn apply(
        &mut self,
        side: Side,
        action: &BattleAction,
        chance: &mut Chance,
    ) -> Result<Vec<BattleEvent>, RuleError> {
        flow::check(self, side, action)?;
        let mut events = Vec::new();
        flow::perform(self, side, action, chance, &mut events);
        Ok(events)
    }

    /// The result, once the battle is over.
    pub fn result(&self) -> Option<BattleResult> {
        outcome::result(self)
    }

    /// Battle turns rolled (15.2 step 4), once rolled.
    pub fn turns(&self) -> Option<u8> {
        self.turns
    }

    /// The battle turn being fought (1 for the first; 0 before it starts).
    pub fn turn(&self) -> u8 {
        self.turn
    }

    /// Each unit of a side with its box (None: not yet deployed) and whether it lives.
    pub fn units(&self, side: Side) -> Vec<UnitView> {
        self.side(side)
            .pieces
            .iter()
            .map(|p| UnitView {
                id: p.unit.id,
                at: p.at,
                alive: p.alive,
            })
            .collect()
    }

    /// A unit of either side by its id, with its box and whether it lives: what both
    /// sides see on the board (every counter in a battle is face up, 7.2).
    pub fn unit(&self, id: UnitId) -> Option<(Side, &BattleUnit, Option<BoardBox>, bool)> {
        [Side::Attacker, Side::Defender]
            .into_iter()
            .find_map(|side| {
                self.side(side)
                    .pieces
                    .iter()
                    .find(|p| p.unit.id == id)
                    .map(|p| (side, &p.unit, p.at, p.alive))
            })
    }

    /// A side's panic level (None: it cannot panic, 20.5) and its losses so far (15.16).
    pub fn panic_state(&self, side: Side) -> (Option<u16>, u16) {
        let s = self.side(side);
        (s.panic_level, s.losses)
    }

    /// The side's commander (18.3), if it has a leader.
    pub fn commander(&self, side: Side) -> Option<UnitId> {
        self.side(side).commander.map(|c| c.0)
    }

    /// Battle markers the side still holds. Secret: only for that side's own view.
    pub fn hand(&self, side: Side) -> MarkerHand {
        self.side(side).hand
    }

    /// Sets the markers a side holds. The game keeps them in the power's hand, where views
    /// hide them, and lends them to the battle for each decision.
    pub fn set_hand(&mut self, side: Side, hand: MarkerHand) {
        self.side_mut(side).hand = hand;
    }

    /// Markers the side has played so far (public).
    pub fn played(&self, side: Side) -> &[PlayedMarker] {
        &self.side(side).played
    }

    fn side(&self, side: Side) -> &SideState {
        &self.sides[side.index()]
    }

    fn side_mut(&mut self, side: Side) -> &mut SideState {
        &mut self.sides[side.index()]
    }

    fn piece(&self, side: Side, id: UnitId) -> Option<&Piece> {
        self.side(side).pieces.iter().find(|p| p.unit.id == id)
    }
}
