//! What happens in a game of Fury, as values: one variant per kind of event, with the
//! units (by code), hexes, dice, odds columns and results it concerns. The rules make
//! these; `describe.rs` is the one place that words them.

use super::data::CrtResult;
use super::state::{FuryState, Phase, UnitId};
use super::units::{Kind, Side};
use crate::board::Hex;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A unit by its printed code (`VI03`: kind and number within the kind), the same in
/// every save, log and replay of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UnitCode {
    pub kind: Kind,
    pub ordinal: u8,
}

impl UnitCode {
    pub fn new(kind: Kind, ordinal: u8) -> UnitCode {
        UnitCode { kind, ordinal }
    }

    /// Reads `VI03` (any case); None if it is not a unit code.
    pub fn parse(text: &str) -> Option<UnitCode> {
        let text = text.trim();
        if text.len() < 3 || !text.is_ascii() {
            return None;
        }
        let kind = Kind::from_code(&text[..2].to_ascii_uppercase())?;
        let digits = &text[2..];
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(UnitCode::new(kind, digits.parse().ok()?))
    }
}

impl fmt::Display for UnitCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:02}", self.kind.code(), self.ordinal)
    }
}

impl Serialize for UnitCode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for UnitCode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UnitCode, D::Error> {
        let text = String::deserialize(d)?;
        UnitCode::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not a Fury unit code: {text:?}")))
    }
}

impl FuryState {
    /// The code of a unit, as events name it.
    pub fn code_of(&self, id: UnitId) -> UnitCode {
        let u = self.unit(id);
        UnitCode::new(u.kind, u.ordinal)
    }

    pub fn codes_of(&self, ids: &[UnitId]) -> Vec<UnitCode> {
        ids.iter().map(|&id| self.code_of(id)).collect()
    }
}

/// A column of the Combat Results Table (7.2); the Capture table (8.1) uses the middle
/// four, 1-2 to 3-1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Odds {
    #[serde(rename = "1-4")]
    OneToFour,
    #[serde(rename = "1-3")]
    OneToThree,
    #[serde(rename = "1-2")]
    OneToTwo,
    #[serde(rename = "1-1")]
    OneToOne,
    #[serde(rename = "2-1")]
    TwoToOne,
    #[serde(rename = "3-1")]
    ThreeToOne,
    #[serde(rename = "4-1")]
    FourToOne,
}

impl Odds {
    /// In the order of the Combat Results Table's columns.
    pub const ALL: [Odds; 7] = [
        Odds::OneToFour,
        Odds::OneToThree,
        Odds::OneToTwo,
        Odds::OneToOne,
        Odds::TwoToOne,
        Odds::ThreeToOne,
        Odds::FourToOne,
    ];

    /// The column of the Combat Results Table with this index (clamped to the table).
    pub fn crt(column: usize) -> Odds {
        Odds::ALL[column.min(6)]
    }

    /// The column of the Capture table with this index (clamped to the table).
    pub fn capture(column: usize) -> Odds {
        Odds::ALL[column.min(3) + 2]
    }

    pub fn label(self) -> &'static str {
        match self {
            Odds::OneToFour => "1-4",
            Odds::OneToThree => "1-3",
            Odds::OneToTwo => "1-2",
            Odds::OneToOne => "1-1",
            Odds::TwoToOne => "2-1",
            Odds::ThreeToOne => "3-1",
            Odds::FourToOne => "4-1",
        }
    }
}

/// What roused the village, lifting the mobility lock (5.7, H-TRIG).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rouser {
    /// A Viking moved next to a Villager combatant.
    Move,
    /// A normal attack on a Villager combatant.
    Attack,
    /// Archery at a Villager combatant.
    Archery,
    /// A Capture attempt on a Villager Leader (H-CAP-1), whatever its result.
    LeaderCapture,
    /// A Fire was set.
    Fire,
}

/// Where a transfer put its captives (5.6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Receiver {
    Unit(UnitCode),
    /// Aboard the Ship in this hex.
    Ship(Hex),
}

/// Where a wandering Animal went (5.5, 5.5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wander {
    To(Hex),
    /// The way rolled is closed to it: it stays in this hex.
    Stays(Hex),
    /// Off the map: lost.
    OffMap,
}

/// The Divine Wrath table (7.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WrathResult {
    /// 1-2: every Viking unit in the hex is destroyed (and a Ship there, R7.11-b).
    Destroyed,
    /// 3-4: they flee 6 hexes and are stunned for a turn.
    Flee,
    /// 5-6.
    NoEffect,
}

/// How a 6-hex flight from Divine Wrath ended (H-DW d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlightEnd {
    /// On the last hex of the path, which holds it.
    Safe,
    /// It ran off the map and is lost.
    OffMap,
    /// It found no legal step, or its last hex breaks stacking: eliminated.
    Trapped,
}

/// One thing that happened in a game of Fury. The rule that made it happen travels
/// beside it, in the `GameEvent`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum FuryEvent {
    // ---- set-up (3.3)
    /// A Villager unit placed at set-up.
    Placed {
        unit: UnitCode,
        hex: Hex,
    },
    /// The rest of the village set up by the default layout.
    DefaultLayout,
    ShipBeached {
        hex: Hex,
    },

    // ---- the turn (4.0, 11.0)
    PhaseBegins {
        turn: u8,
        phase: Phase,
    },
    GameOver {
        winner: Option<Side>,
        result: String,
        detail: String,
    },

    // ---- movement (5.x)
    /// A unit or stack moved along `path` (from its hex, or from a Ship it lands from).
    Moved {
        units: Vec<UnitCode>,
        path: Vec<Hex>,
        landing: bool,
    },
    /// The village wakes: the mobility lock is lifted (5.7).
    Roused {
        by: Rouser,
    },
    /// A Viking unit re-embarked with what it carried (5.8).
    Reembarked {
        unit: UnitCode,
        hex: Hex,
        loot: Vec<UnitCode>,
    },
    /// A Viking unit could not leave the Fire it set (H-FIRE).
    PerishedInFire {
        unit: UnitCode,
    },
    Transferred {
        from: UnitCode,
        items: Vec<UnitCode>,
        to: Receiver,
    },
    /// A captive let go; it reverts to the Villager (5.6).
    Abandoned {
        item: UnitCode,
    },
    /// An unescorted Animal's random move (5.5): the die and where it went.
    AnimalWanders {
        animal: UnitCode,
        roll: u32,
        went: Wander,
    },

    // ---- combat (7.x)
    /// A normal attack on the CRT: the strengths, the column before and after a Leader
    /// shift, the die and the result.
    Attack {
        attackers: Vec<UnitCode>,
        defenders: Vec<UnitCode>,
        hex: Hex,
        attack: u32,
        defence: u32,
        doubled: bool,
        odds: Odds,
        shifted: Option<Odds>,
        roll: u32,
        result: CrtResult,
    },
    /// A normal attack on units whose defence totals 0: all eliminated, no roll (7.9).
    AttackUndefended {
        attackers: Vec<UnitCode>,
        defenders: Vec<UnitCode>,
        hex: Hex,
    },
    /// Archery (7.6).
    Archery {
        shooters: Vec<UnitCode>,
        defenders: Vec<UnitCode>,
        hex: Hex,
        attack: u32,
        defence: u32,
        doubled: bool,
        odds: Odds,
        roll: u32,
        result: CrtResult,
    },
    /// Archery on units whose defence totals 0 (7.9).
    ArcheryUndefended {
        shooters: Vec<UnitCode>,
        defenders: Vec<UnitCode>,
        hex: Hex,
    },
    /// A result Archery does not apply to its shooters (7.6).
    ArcheryIgnores {
        result: CrtResult,
    },
    Eliminated {
        unit: UnitCode,
    },
    Retreated {
        unit: UnitCode,
        to: Hex,
    },
    RetreatedOffMap {
        unit: UnitCode,
    },
    /// No hex to retreat to: eliminated (7.7).
    CannotRetreat {
        unit: UnitCode,
    },
    /// The 8.6 roll for a Villager Leader.
    LeaderRoll {
        leader: UnitCode,
        roll: u32,
        stays: bool,
    },
    /// The Viking did not roll: the Leader shares its stack's fate (8.6).
    LeaderRollDeclined {
        leader: UnitCode,
    },

    // ---- Divine Wrath (7.10, 7.11)
    Wrath {
        invoker: UnitCode,
        target: Hex,
        roll: u32,
        result: WrathResult,
    },
    /// The flight of one unit (H-DW d), from its hex.
    Flight {
        unit: UnitCode,
        path: Vec<Hex>,
        end: FlightEnd,
    },

    // ---- Capture (8.0) and what reverts (8.5)
    Capture {
        captor: UnitCode,
        target: UnitCode,
        attack: u32,
        defence: u32,
        odds: Odds,
        roll: u32,
        captured: bool,
    },
    /// Captured in a scenario where Capture kills (13.1).
    PutToTheSword {
        unit: UnitCode,
    },
    /// A captive or Treasure whose escort is gone reverts where it stood (8.5).
    LeftBehind {
        unit: UnitCode,
        hex: Hex,
    },

    // ---- Treasure (9.2, H-TRS-1)
    /// A Building sacked: the die, and the Treasure found if any.
    Sacked {
        hex: Hex,
        roll: u32,
        found: Option<UnitCode>,
    },
    TakesTreasure {
        unit: UnitCode,
        treasure: UnitCode,
    },
    /// Treasure a Viking takes where it is not a unit (13.1, GAP-33): it leaves the game
    /// at once instead of being held.
    CarriesOffTreasure {
        unit: UnitCode,
        treasure: UnitCode,
    },

    // ---- Fire (10.x) and the Ship
    /// A Viking Fire: the die and what it needed.
    Fire {
        hex: Hex,
        roll: u32,
        need: u32,
        burns: bool,
    },
    /// The Villager tries to burn the Ship (10.4, H-SHIP-2).
    ShipFired {
        hex: Hex,
        roll: u32,
        burns: bool,
    },
    ShipDestroyed {
        hex: Hex,
    },
    /// The Ships the scenario counts are gone: the Villager wins at once (11.0).
    VillagerWinsAtOnce,
}
