//! The battle's public values: its input, decisions, actions, events and result.

use crate::games::g1066::data::{Leader, Power, UnitType};
use serde::{Deserialize, Serialize};

/// The two sides of a battle: the phasing player attacks (15.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    Attacker,
    Defender,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Attacker, Side::Defender];

    pub fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }

    pub(super) fn index(self) -> usize {
        match self {
            Side::Attacker => 0,
            Side::Defender => 1,
        }
    }
}

/// The four boxes of each half of the board (15.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum BoardBox {
    Left,
    Centre,
    Right,
    Reserve,
}

impl BoardBox {
    pub const ALL: [BoardBox; 4] = [
        BoardBox::Left,
        BoardBox::Centre,
        BoardBox::Right,
        BoardBox::Reserve,
    ];
    /// The boxes that fight (15.9).
    pub const FRONT: [BoardBox; 3] = [BoardBox::Left, BoardBox::Centre, BoardBox::Right];
}

/// The caller's id of a unit (a counter on the map).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UnitId(pub u32);

/// A leader's part of a unit (18.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderTag {
    pub value: u8,
    /// A king must command (18.4); Tostig is not one for this (18.10).
    pub king: bool,
}

/// A land unit carried by a fleet (17.16): it fights and dies with the fleet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cargo {
    pub id: UnitId,
    pub unit_type: UnitType,
    pub attack: u8,
    pub leader: Option<LeaderTag>,
}

/// One unit on the Battle Board. A fleet with cargo is one board unit (17.13, 17.16):
/// its attack is its own (0) plus its cargo's, its defense the fleet's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleUnit {
    pub id: UnitId,
    pub power: Power,
    pub unit_type: UnitType,
    pub attack: u8,
    pub defense: u8,
    pub knight: bool,
    pub leader: Option<LeaderTag>,
    pub cargo: Vec<Cargo>,
}

impl BattleUnit {
    /// A unit of a type with the T7 values from the data; None if the data lacks it.
    pub fn of_type(id: UnitId, power: Power, unit_type: UnitType) -> Option<BattleUnit> {
        let stats = crate::games::g1066::data::data().units.stats(unit_type)?;
        Some(BattleUnit {
            id,
            power,
            unit_type,
            attack: stats.attack,
            defense: stats.defense,
            knight: unit_type == UnitType::Knight,
            leader: None,
            cargo: Vec::new(),
        })
    }

    /// A leader counter, fighting as its printed type (18.9).
    pub fn of_leader(id: UnitId, power: Power, leader: &Leader) -> Option<BattleUnit> {
        let mut unit = BattleUnit::of_type(id, power, leader.unit)?;
        unit.leader = Some(LeaderTag {
            value: leader.value,
            king: leader.king,
        });
        Some(unit)
    }

    /// Attack on the board: the unit's own plus its cargo's (17.16).
    pub fn board_attack(&self) -> u8 {
        self.cargo
            .iter()
            .fold(self.attack, |sum, c| sum.saturating_add(c.attack))
    }

    /// Leader values carried by this board unit, its cargo's included.
    pub fn leader_values(&self) -> u8 {
        self.cargo
            .iter()
            .filter_map(|c| c.leader)
            .chain(self.leader)
            .fold(0u8, |sum, l| sum.saturating_add(l.value))
    }

    pub fn is_fleet(&self) -> bool {
        self.unit_type == UnitType::Fleet
    }

    /// A knight for 15.6, 15.17 and Maneuver; a fleet never is, whatever it carries.
    pub fn fights_as_knight(&self) -> bool {
        self.knight && !self.is_fleet()
    }
}

/// Battle markers a side holds (8.13, 15.21). Secret to its owner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerHand {
    pub charge: u8,
    pub maneuver: u8,
    pub shield_wall: u8,
    pub feigned_flight: u8,
}

impl MarkerHand {
    pub fn count(&self, marker: BattleMarker) -> u8 {
        match marker {
            BattleMarker::Charge => self.charge,
            BattleMarker::Maneuver => self.maneuver,
            BattleMarker::ShieldWall => self.shield_wall,
            BattleMarker::FeignedFlight => self.feigned_flight,
        }
    }

    pub(super) fn take(&mut self, marker: BattleMarker) {
        let n = match marker {
            BattleMarker::Charge => &mut self.charge,
            BattleMarker::Maneuver => &mut self.maneuver,
            BattleMarker::ShieldWall => &mut self.shield_wall,
            BattleMarker::FeignedFlight => &mut self.feigned_flight,
        };
        *n = n.saturating_sub(1);
    }
}

/// The battle markers of 8.13.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum BattleMarker {
    Charge,
    Maneuver,
    ShieldWall,
    FeignedFlight,
}

impl BattleMarker {
    /// The marker's id in `markers.json`.
    pub fn data_id(self) -> &'static str {
        match self {
            BattleMarker::Charge => "charge",
            BattleMarker::Maneuver => "maneuver",
            BattleMarker::ShieldWall => "shield_wall",
            BattleMarker::FeignedFlight => "feigned_flight",
        }
    }
}

/// One side as it comes to the board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleSide {
    pub units: Vec<BattleUnit>,
    pub markers: MarkerHand,
    /// The commander the player names (18.3); None: the king if present, else the
    /// highest leader value, the first listed on a tie (ruling B1).
    pub commander: Option<UnitId>,
}

/// Everything the battle needs from the map.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleSetup {
    pub attacker: BattleSide,
    pub defender: BattleSide,
    /// The defender's one chosen terrain or castle bonus (15.13), computed by the caller.
    pub defense_bonus: u8,
    /// The defender controls a castle in the square (20.5): save die and no panic.
    pub castle: bool,
    /// Summer turn (9.9): +1 battle turn.
    pub summer: bool,
    /// A battle in an all-sea square (17.15): the attacker first rolls for contact.
    pub all_sea: bool,
}

/// Who decides now, and what kind of choice it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub side: Side,
    pub kind: DecisionKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DecisionKind {
    /// Roll for contact at sea (17.15).
    HighSeasRoll,
    /// Place this unit in a box (15.2, 15.5).
    Deploy { unit: UnitId },
    /// Roll the number of battle turns (15.2 step 4).
    LengthRoll,
    /// Pick a unit to move, or end the movement round (15.6).
    Move,
    /// Pick the box the chosen unit moves to.
    MoveTo { unit: UnitId },
    /// Open the combat round with Charge or Maneuver, or pass (8.13, 15.21).
    OpeningMarker,
    /// Answer the enemy's combat round with Shield Wall or a Maneuver cancel, or pass.
    AnswerMarker,
    /// Cancel the enemy's Shield Wall with Feigned Flight, or pass.
    FeignedFlightWindow,
    /// Pick a unit to attack with, or end the combat round (15.8).
    Attack,
    /// Pick the chosen unit's target.
    AttackTarget { unit: UnitId },
    /// Pick a unit to pursue with, or end the pursuit (15.17).
    Pursue,
    /// Pick the pursuer's target.
    PursueTarget { unit: UnitId },
}

/// One decision of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleAction {
    /// Roll the die the rules call for now.
    Roll,
    /// Place the unit named by the decision in this box.
    Deploy(BoardBox),
    /// Choose the unit to move, attack or pursue with.
    Select(UnitId),
    MoveTo(BoardBox),
    Target(UnitId),
    /// Done moving, attacking or pursuing this round.
    EndRound,
    /// Charge for one front box of one's own (8.13).
    Charge(BoardBox),
    /// Maneuver for one's own Left or Right box (8.13 use 1).
    Maneuver(BoardBox),
    /// Maneuver played to cancel the enemy's (8.13 use 2).
    CancelManeuver,
    ShieldWall,
    FeignedFlight,
    /// Play nothing in a marker window.
    Pass,
}

/// What a unit is doing when it rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackKind {
    /// Against the box opposite (15.9).
    Front,
    /// Against a box next to the empty one opposite (15.11).
    Flank,
    /// Against the reserve when the enemy front is empty (15.12).
    Reserve,
    /// In the pursuit round (15.17).
    Pursuit,
}

/// The three chances a hit unit may have to shrug it off, in the order of G3.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Save {
    LeaderRally,
    ShieldWall,
    Castle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundKind {
    Movement,
    Combat,
}

/// What happened, as values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleEvent {
    HighSeasRolled {
        die: u8,
        contact: bool,
    },
    Deployed {
        side: Side,
        unit: UnitId,
        to: BoardBox,
    },
    LengthRolled {
        die: u8,
        summer_bonus: u8,
        turns: u8,
    },
    RoundBegan {
        turn: u8,
        side: Side,
        kind: RoundKind,
    },
    Moved {
        side: Side,
        unit: UnitId,
        from: BoardBox,
        to: BoardBox,
    },
    MarkerPlayed {
        side: Side,
        marker: BattleMarker,
        into: Option<BoardBox>,
    },
    /// `side`'s `marker` was cancelled by the other side's `by`.
    MarkerCancelled {
        side: Side,
        marker: BattleMarker,
        by: BattleMarker,
    },
    Passed {
        side: Side,
    },
    AttackBegan {
        side: Side,
        attacker: UnitId,
        target: UnitId,
        dice: u8,
        defense: u8,
        kind: AttackKind,
    },
    AttackDie {
        face: u8,
        hit: bool,
    },
    ConfirmDie {
        face: u8,
        confirmed: bool,
    },
    SaveDie {
        unit: UnitId,
        save: Save,
        face: u8,
        saved: bool,
    },
    /// `cargo`: carried units lost with their fleet (17.16); `loss`: what it adds to the
    /// side's running total (G3.2).
    Eliminated {
        side: Side,
        unit: UnitId,
        cargo: Vec<UnitId>,
        loss: u16,
        losses: u16,
    },
    Panicked {
        side: Side,
        losses: u16,
        level: u16,
    },
    PursuitBegan {
        winner: Side,
    },
    BattleOver {
        outcome: Outcome,
    },
}

/// How a battle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The fleets missed each other at sea (17.15): the attacker's fleets move away.
    Missed,
    /// The other side was wiped out (15.16 case 1).
    Destroyed { winner: Side },
    /// The other side panicked (15.16 case 2) and was pursued (15.17).
    Panic { winner: Side },
    /// Time ran out (15.16 case 3).
    Draw,
}

impl Outcome {
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Destroyed { winner } | Outcome::Panic { winner } => Some(winner),
            Outcome::Missed | Outcome::Draw => None,
        }
    }
}

/// A marker a side played; `cancelled` ones went to the pool without effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedMarker {
    pub marker: BattleMarker,
    pub cancelled: bool,
}

/// A unit as the board shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitView {
    pub id: UnitId,
    pub at: Option<BoardBox>,
    pub alive: bool,
}

/// One side's account after the battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideReport {
    /// Units eliminated, carried units included (17.16).
    pub lost: Vec<UnitId>,
    /// Units that go back to the map, carried units included.
    pub survivors: Vec<UnitId>,
    /// Markers played, for the pool (8.9).
    pub markers_played: Vec<PlayedMarker>,
    /// Starting attack plus leader values (15.16, 15.18).
    pub strength: u16,
    pub panic_level: Option<u16>,
    pub losses: u16,
}

/// Campaign markers that change hands (15.18, T5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spoils {
    pub winner_picks: u8,
    pub loser_loses: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleResult {
    pub outcome: Outcome,
    /// The side that must retreat one square on the map (15.18, 15.19), if any
    /// survivors must; after 17.15's miss the attacker's fleets move instead.
    pub retreat: Option<Side>,
    pub spoils: Spoils,
    pub attacker: SideReport,
    pub defender: SideReport,
}

impl BattleResult {
    pub fn side(&self, side: Side) -> &SideReport {
        match side {
            Side::Attacker => &self.attacker,
            Side::Defender => &self.defender,
        }
    }
}
