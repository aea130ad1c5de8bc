//! The 1066 position: turn and phase (3.2), who controls each power (4.0), the forces on
//! the map and in the boxes with their identities face down (7.1), hands, the pool,
//! castles and pillage, the sealed initiative bids (6.1) and the chance stream.
//!
//! Seats are players. Seat `i` is named after the power it starts with
//! (`G1066Options::seat_powers`); which powers a seat controls is state
//! ([`PowerState::controller`]), because a neutral power passes to a player when it
//! becomes belligerent (4.5) and then has its own turn and hand (4.6).
//!
//! Who sees each `Hidden` part is said in `view.rs`.

use super::chits::Chit;
use super::data::tables::PlayerPhase;
use super::data::{Place, Power, UnitType};
use super::options::G1066Options;
use crate::board::square::Square;
use crate::engine::{Chance, Conceal, Hidden, Seat};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Where the game is in its sequence (3.2, T4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Deployment (27.4): `State::deploy` says which power and who places it.
    Setup,
    /// Initiative Determination (6.0): the belligerent powers bid.
    Initiative,
    /// Mutual Negotiations (22.0).
    Negotiations,
    /// One power's player turn, in the order the bids set (3.2 a-g).
    PlayerTurn { power: Power, step: PlayerPhase },
    /// After the last game turn (27.2): victory is judged (23.0).
    GameOver,
}

/// What a face-down counter is. `Unknown` is what a seat that may not look sees.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Identity {
    #[default]
    Unknown,
    Unit(UnitType),
    /// A leader by his id in `units.json` (18.0); he fights as his type (18.9).
    Leader(String),
}

impl Conceal for Identity {
    fn conceal(&mut self) {
        *self = Identity::Unknown;
    }
}

/// One combat unit or leader counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Public and stable for the counter's life: play can follow a counter it watched
    /// move, not what it is.
    pub id: u16,
    /// The power whose counter it is (its colour, public). A unit under another power's
    /// control marker (11.0) sits in that power's stack.
    pub owner: Power,
    /// Face down (7.1): seen by the stack's controller and by `seen_by`.
    pub identity: Hidden<Identity>,
    /// Seats that have seen it besides its controller (7.2 reveals, a neutral's deployer).
    pub seen_by: Vec<Seat>,
}

/// One power's units in one place. The place and the count are public (brief 4.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stack {
    /// The power that controls these units.
    pub power: Power,
    pub units: Vec<Unit>,
}

/// A castle on the map (20.0). No nationality: it serves whoever last held its square
/// alone (20.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Castle {
    pub square: Square,
    pub holder: Option<Power>,
}

/// A power's standing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerState {
    /// The seat playing it; None while it is neutral (4.2, 4.3).
    pub controller: Option<Seat>,
    /// Campaign markers held (8.2): secret, the count public. Gold is Gold Point markers
    /// in the hand (8.13).
    pub hand: Hidden<Vec<Chit>>,
    /// The power has declared its once-a-game Call to Arms (10.3, 10.4).
    #[serde(default)]
    pub called_to_arms: bool,
}

/// An initiative bid (6.1, 6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bid {
    /// Gold Point markers put down.
    pub gold: u8,
    /// A Papal Intervention marker put down face down as well.
    pub papal: bool,
}

/// A bid as it lies on the table: None to those who may not look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedBid(pub Option<Bid>);

impl Conceal for SealedBid {
    fn conceal(&mut self) {
        self.0 = None;
    }
}

/// The set-up pieces a power still has to place (27.4-27.8, D4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deployment {
    pub power: Power,
    /// Who places them: the power's player, or the Normans' for a neutral (27.7, 27.8).
    pub seat: Seat,
    /// Counters still to place, face down (their count is public).
    pub units: Hidden<Vec<Identity>>,
    /// Castles still to place (public).
    pub castles: u8,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    pub options: G1066Options,
    /// Game turn on the T4 chart, 1 = January 1066.
    pub turn: u8,
    pub phase: Phase,
    /// This game turn's order of player turns, set by the bids (6.1); empty until then.
    pub order: Vec<Power>,
    /// Indexed in `Power::ALL` order (N, AS, V, B).
    pub powers: [PowerState; 4],
    /// Stacks by place; a place may hold several powers' stacks (before combat).
    pub forces: BTreeMap<Place, Vec<Stack>>,
    /// The next unit id to give out.
    pub next_unit: u16,
    pub castles: Vec<Castle>,
    pub pillaged: BTreeSet<Square>,
    /// The pool (8.2): nobody sees it; kept sorted, since only what is in it matters.
    pub pool: Hidden<Vec<Chit>>,
    /// Pieces left to deploy during set-up, one power at a time (27.4).
    pub deploy: Option<Deployment>,
    /// Initiative bids in this phase (6.1); that a bid is in is public, what it is not.
    pub bids: BTreeMap<Power, Hidden<SealedBid>>,
    /// The powers that have had their say in this round of the negotiations (22.1).
    #[serde(default)]
    pub negotiated: Vec<Power>,
    /// This game turn's deals (22.2).
    #[serde(default)]
    pub talks: super::negotiation::Talks,
    /// Promises not to attack in force (22.2 (5), 22.3).
    #[serde(default)]
    pub pacts: Vec<super::negotiation::Pact>,
    /// Events played, out of the pool until the next player turn begins (8.9).
    #[serde(default)]
    pub events_out: Vec<Chit>,
    /// Markers gone for the rest of the game: the Comet once it struck (8.9).
    #[serde(default)]
    pub out_of_game: Vec<Chit>,
    /// What the current player turn has done, phase by phase (3.2 a-g).
    #[serde(default)]
    pub player_turn: super::turn::PlayerTurnState,
    #[serde(skip)]
    pub chance: Chance,
}

impl State {
    pub fn power(&self, p: Power) -> &PowerState {
        &self.powers[p as usize]
    }
    pub fn power_mut(&mut self, p: Power) -> &mut PowerState {
        &mut self.powers[p as usize]
    }
    pub fn controller(&self, p: Power) -> Option<Seat> {
        self.power(p).controller
    }
    pub fn is_belligerent(&self, p: Power) -> bool {
        self.controller(p).is_some()
    }
    /// The powers a seat plays (4.6: more than one once a neutral has joined it).
    pub fn powers_of(&self, seat: Seat) -> Vec<Power> {
        Power::ALL
            .into_iter()
            .filter(|&p| self.controller(p) == Some(seat))
            .collect()
    }
    pub fn belligerents(&self) -> Vec<Power> {
        Power::ALL
            .into_iter()
            .filter(|&p| self.is_belligerent(p))
            .collect()
    }
    pub fn seats(&self) -> Vec<Seat> {
        (0..self.options.players).map(Seat).collect()
    }

    pub fn stacks_at(&self, place: Place) -> &[Stack] {
        self.forces.get(&place).map(Vec::as_slice).unwrap_or(&[])
    }
    pub fn stack(&self, place: Place, power: Power) -> Option<&Stack> {
        self.stacks_at(place).iter().find(|s| s.power == power)
    }
    /// Every unit with its place and controlling power.
    pub fn units(&self) -> impl Iterator<Item = (Place, Power, &Unit)> {
        self.forces.iter().flat_map(|(&place, stacks)| {
            stacks
                .iter()
                .flat_map(move |s| s.units.iter().map(move |u| (place, s.power, u)))
        })
    }

    /// Puts a new counter of `power` in `place`, seen also by `seen_by`.
    pub fn add_unit(&mut self, place: Place, power: Power, identity: Identity, seen_by: Vec<Seat>) {
        let unit = Unit {
            id: self.next_unit,
            owner: power,
            identity: Hidden(identity),
            seen_by,
        };
        self.next_unit = self.next_unit.saturating_add(1);
        let stacks = self.forces.entry(place).or_default();
        match stacks.iter_mut().find(|s| s.power == power) {
            Some(s) => s.units.push(unit),
            None => {
                stacks.push(Stack {
                    power,
                    units: vec![unit],
                });
                stacks.sort_by_key(|s| s.power);
            }
        }
    }

    /// The power occupying a square (5.1): the one power with units there; None when it
    /// is empty or contested (8.4: then nobody gets its feudal value). Derived, never
    /// stored.
    pub fn occupier(&self, place: Place) -> Option<Power> {
        match self.stacks_at(place) {
            [only] if !only.units.is_empty() => Some(only.power),
            _ => None,
        }
    }

    pub fn castle_at(&self, square: Square) -> Option<&Castle> {
        self.castles.iter().find(|c| c.square == square)
    }

    /// Whether any of `seats` may look at this unit (7.1, 7.2; VA6: its owner's player
    /// still knows a counter won from him as a vassal; VA7: a fleet is a fleet to all).
    pub fn sees_unit(&self, seats: &[Seat], power: Power, unit: &Unit) -> bool {
        if *unit.identity == Identity::Unit(UnitType::Fleet) {
            return true;
        }
        seats.iter().any(|s| {
            self.controller(power) == Some(*s)
                || self.controller(unit.owner) == Some(*s)
                || unit.seen_by.contains(s)
        })
    }

    /// The seat that acts for a power in set-up: its player, or for a neutral the
    /// player of the power the set-up file names (27.7, 27.8: the Normans).
    pub fn deployer(&self, power: Power) -> Option<Seat> {
        if let Some(seat) = self.controller(power) {
            return Some(seat);
        }
        let by = super::data::data()
            .setup
            .of(power)
            .and_then(|p| p.neutral_set_up_by)?;
        self.controller(by)
    }
}
