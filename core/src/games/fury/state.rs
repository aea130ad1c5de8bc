//! The state of a Fury game: every counter and marker, the turn and phase, pending
//! decisions, and the chance stream.

use super::data::{data, CrtResult};
use super::options::FuryOptions;
use super::units::{Kind, Side};
use crate::board::Hex;
use crate::engine::Chance;

/// Index of a unit in `FuryState::units`. Stable for the whole game.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct UnitId(pub u16);

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Place {
    /// Villager unit not yet placed at setup.
    Unplaced,
    /// Viking unit still aboard the fleet, never landed (3.3B, 5.8, H-LAND).
    Aboard,
    OnMap(Hex),
    /// A captured unit or Treasure escorted by this Viking unit (5.6); it is where its
    /// escort is.
    Held(UnitId),
    /// Re-embarked on this Ship (index into `ships`): out of play (5.8).
    Embarked(u8),
    Eliminated,
    /// An Animal that wandered off the map (5.5.1): scores for nobody (GAP-32). Also
    /// loot removed with a unit trapped in a Fire (H-FIRE).
    Lost,
}

/// Copy, so that copying a state's units (every `apply` does) is one block copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Unit {
    pub kind: Kind,
    /// Number within its kind, from 1: the unit's code is kind code + ordinal (`VI03`).
    pub ordinal: u8,
    pub place: Place,
    /// Moved (or landed, or received a transfer) this Movement Phase.
    pub moved: bool,
    /// Attacked this phase (normal, Archery or Divine Wrath): 7.2 "no unit may attack
    /// more than once per Combat Phase".
    pub attacked: bool,
    /// Was attacked this phase (7.2), or chosen for Capture instead (H-MAND-1).
    pub defended: bool,
    /// Took part in any combat or Capture this turn (10.1: no Fire afterwards; H-SHIP-2).
    pub engaged: bool,
    /// A Capture attempt was made against it this phase (H-CAP-1).
    pub capture_tried: bool,
    /// Divine Wrath already called by this unit (7.10: once per game).
    pub wrath_used: bool,
    /// Set a Fire in its hex: must leave in its next Movement Phase (10.3).
    pub must_leave: bool,
    /// An Animal that began the game in the Stables never moves at random (5.5.1).
    pub from_stables: bool,
    /// Treasure still in its setup hex, never taken: does not count for stacking
    /// (H-STK-1) and the Villager may not move it if in a Major Building (9.3).
    pub preset: bool,
    /// Stunned by Divine Wrath until this (turn, phase) point (H-DW e).
    pub stunned_until: Option<(u8, Phase)>,
}

impl Unit {
    pub fn new(kind: Kind, ordinal: u8, place: Place) -> Unit {
        Unit {
            kind,
            ordinal,
            place,
            moved: false,
            attacked: false,
            defended: false,
            engaged: false,
            capture_tried: false,
            wrath_used: false,
            must_leave: false,
            from_stables: false,
            preset: false,
            stunned_until: None,
        }
    }
    pub fn side(&self) -> Side {
        self.kind.side()
    }
    pub fn code(&self) -> String {
        let mut out = String::with_capacity(4);
        self.write_code(&mut out);
        out
    }

    /// Appends the code (`VI03`) to `out`: written for every listed action's units, so
    /// without the formatting machinery.
    pub fn write_code(&self, out: &mut String) {
        out.push_str(self.kind.code());
        if self.ordinal < 10 {
            out.push('0');
        }
        if self.ordinal >= 100 {
            out.push(char::from(b'0' + self.ordinal / 100));
        }
        if self.ordinal >= 10 {
            out.push(char::from(b'0' + self.ordinal / 10 % 10));
        }
        out.push(char::from(b'0' + self.ordinal % 10));
    }
}

/// A Viking Ship. It never moves (H-SHIP).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Ship {
    /// None until placed at setup.
    pub hex: Option<Hex>,
    pub destroyed: bool,
    /// Non-Chief units that have landed from it (12.1).
    pub landed: u8,
    /// Non-Chief units that have re-embarked on it (12.1).
    pub embarked: u8,
}

/// The phases of a turn (4.0), plus setup and the Divine Wrath window of H-DW (a).
/// As data (events), by the names of the notation (`viking-movement`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    VillagerSetup,
    VikingSetup,
    VikingMovement,
    /// After the Viking Movement Phase: the Villager may call Divine Wrath (H-DW a).
    WrathWindow,
    VikingCombat,
    VikingFire,
    VillagerMovement,
    VillagerCombat,
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::VillagerSetup => "villager-setup",
            Phase::VikingSetup => "viking-setup",
            Phase::VikingMovement => "viking-movement",
            Phase::WrathWindow => "wrath-window",
            Phase::VikingCombat => "viking-combat",
            Phase::VikingFire => "viking-fire",
            Phase::VillagerMovement => "villager-movement",
            Phase::VillagerCombat => "villager-combat",
            Phase::Over => "over",
        }
    }
    /// The phase as a person reads it, with its rule (4.0): a list of saves and the
    /// status line show it, where the notation's name would be a code.
    pub fn title(self) -> &'static str {
        match self {
            Phase::VillagerSetup => "Villager set-up",
            Phase::VikingSetup => "Viking set-up",
            Phase::VikingMovement => "Viking movement (5.0)",
            Phase::WrathWindow => "Divine Wrath (7.10)",
            Phase::VikingCombat => "Viking combat (7.0)",
            Phase::VikingFire => "Viking fire-setting (10.0)",
            Phase::VillagerMovement => "Villager movement (5.0)",
            Phase::VillagerCombat => "Villager combat (7.0)",
            Phase::Over => "Game over",
        }
    }
    pub const ALL: [Phase; 9] = [
        Phase::VillagerSetup,
        Phase::VikingSetup,
        Phase::VikingMovement,
        Phase::WrathWindow,
        Phase::VikingCombat,
        Phase::VikingFire,
        Phase::VillagerMovement,
        Phase::VillagerCombat,
        Phase::Over,
    ];
    pub fn from_name(name: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.name() == name)
    }
    /// The side that acts in this phase when nothing is pending.
    pub fn owner(self) -> Option<Side> {
        match self {
            Phase::VillagerSetup
            | Phase::WrathWindow
            | Phase::VillagerMovement
            | Phase::VillagerCombat => Some(Side::Villager),
            Phase::VikingSetup
            | Phase::VikingMovement
            | Phase::VikingCombat
            | Phase::VikingFire => Some(Side::Viking),
            Phase::Over => None,
        }
    }
}

/// A decision that arose from a result and must be taken before play goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Pending {
    /// The owner picks the hex this unit retreats to (7.7, H-RET).
    Retreat { unit: UnitId },
    /// 8.6: the Viking may roll to separate this Leader from its stack, which suffered
    /// this result (DE or DR).
    LeaderRoll { leader: UnitId, result: CrtResult },
    /// H-DW (d): the Viking moves this unit 6 hexes away from the hex `from`.
    WrathRetreat { unit: UnitId, from: Hex },
}

impl Pending {
    pub fn decider(&self, state: &FuryState) -> Side {
        match *self {
            Pending::Retreat { unit } => state.unit(unit).side(),
            Pending::LeaderRoll { .. } | Pending::WrathRetreat { .. } => Side::Viking,
        }
    }
}

/// Words of a `HexSet`.
pub const HEX_WORDS: usize = 7;

/// A set of hexes of the Fury map, as a bit set (the map has 440 hexes).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct HexSet([u64; HEX_WORDS]);

impl HexSet {
    /// The bits, by dense hex index (see `HexGrid::index`).
    pub fn words(&self) -> &[u64; HEX_WORDS] {
        &self.0
    }
    pub fn insert(&mut self, h: Hex) {
        if let Some(i) = data().grid.index(h) {
            self.0[i / 64] |= 1 << (i % 64);
        }
    }
    pub fn contains(&self, h: Hex) -> bool {
        data()
            .grid
            .index(h)
            .is_some_and(|i| self.0[i / 64] & (1 << (i % 64)) != 0)
    }
    /// By dense hex index (see `HexGrid::index`).
    pub fn contains_index(&self, i: usize) -> bool {
        i < 448 && self.0[i / 64] & (1 << (i % 64)) != 0
    }
    pub fn clear(&mut self) {
        self.0 = [0; 7];
    }
    pub fn iter(&self) -> impl Iterator<Item = Hex> + '_ {
        let grid = &data().grid;
        (0..grid.len())
            .filter(|i| self.0[i / 64] & (1 << (i % 64)) != 0)
            .map(|i| grid.hex_at(i))
    }
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
}

/// How the game ended, once it has.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Finish {
    pub winner: Option<Side>,
    pub result: String,
    pub detail: String,
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct FuryState {
    pub options: FuryOptions,
    /// 1..=12 in play; 0 during setup.
    pub turn: u8,
    pub phase: Phase,
    /// 5.7: the Villager mobility lock has been lifted (always true in Scenario III).
    pub lock_lifted: bool,
    pub units: Vec<Unit>,
    pub ships: Vec<Ship>,
    pub fired: HexSet,
    pub sacked: HexSet,
    /// Hexes attacked this phase (normal, Archery or Divine Wrath): 7.6 and H-DW (c).
    pub attacked_hexes: HexSet,
    /// Transfers made this Movement Phase (5.6.1, H-XFER).
    pub transfers: u8,
    /// Decisions due before play goes on, first one first.
    pub pending: Vec<Pending>,
    pub finish: Option<Finish>,
    #[serde(skip)]
    pub chance: Chance,
}

impl FuryState {
    /// Makes this state a copy of `source`, reusing this state's allocations (apply
    /// works on a copy it keeps from one action to the next). Every field is named,
    /// so a new field cannot be left out.
    pub fn copy_from(&mut self, source: &FuryState) {
        let FuryState {
            options,
            turn,
            phase,
            lock_lifted,
            units,
            ships,
            fired,
            sacked,
            attacked_hexes,
            transfers,
            pending,
            finish,
            chance,
        } = source;
        self.options.clone_from(options);
        self.turn = *turn;
        self.phase = *phase;
        self.lock_lifted = *lock_lifted;
        self.units.clone_from(units);
        self.ships.clone_from(ships);
        self.fired = *fired;
        self.sacked = *sacked;
        self.attacked_hexes = *attacked_hexes;
        self.transfers = *transfers;
        self.pending.clone_from(pending);
        self.finish.clone_from(finish);
        self.chance.clone_from(chance);
    }

    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id.0 as usize]
    }
    pub fn unit_mut(&mut self, id: UnitId) -> &mut Unit {
        &mut self.units[id.0 as usize]
    }
    pub fn ids(&self) -> impl Iterator<Item = UnitId> {
        (0..self.units.len() as u16).map(UnitId)
    }
    /// The hex a unit is in: its own, or its escort's for a held unit.
    pub fn hex_of(&self, id: UnitId) -> Option<Hex> {
        match self.unit(id).place {
            Place::OnMap(h) => Some(h),
            Place::Held(escort) => match self.unit(escort).place {
                Place::OnMap(h) => Some(h),
                _ => None,
            },
            _ => None,
        }
    }
    /// Units standing in a hex in their own right (not held ones).
    pub fn units_at(&self, hex: Hex) -> impl Iterator<Item = UnitId> + '_ {
        self.ids()
            .filter(move |&id| self.unit(id).place == Place::OnMap(hex))
    }
    /// Units held by an escort.
    pub fn held_by(&self, escort: UnitId) -> impl Iterator<Item = UnitId> + '_ {
        self.ids()
            .filter(move |&id| self.unit(id).place == Place::Held(escort))
    }
    pub fn find_code(&self, code: &str) -> Option<UnitId> {
        let code = code.trim().to_ascii_uppercase();
        if code.len() < 3 || !code.is_ascii() {
            return None;
        }
        let kind = Kind::from_code(code.get(..2)?)?;
        let ordinal: u8 = code.get(2..)?.parse().ok()?;
        self.ids()
            .find(|&id| self.unit(id).kind == kind && self.unit(id).ordinal == ordinal)
    }
    pub fn is_stunned(&self, id: UnitId) -> bool {
        match self.unit(id).stunned_until {
            Some((turn, phase)) => (self.turn, self.phase) < (turn, phase),
            None => false,
        }
    }
    pub fn ship_at(&self, hex: Hex) -> Option<u8> {
        self.ships
            .iter()
            .position(|s| s.hex == Some(hex) && !s.destroyed)
            .map(|i| i as u8)
    }
    pub fn ships_destroyed(&self) -> u8 {
        self.ships.iter().filter(|s| s.destroyed).count() as u8
    }
}
