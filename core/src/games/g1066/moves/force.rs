//! What the caller tells these functions: the moving force and what stands around it.

use super::place::Place;
use crate::board::square::Square;
use crate::engine::error::RuleError;
use crate::games::g1066::data::{self, BoxId, Power, UnitType};
use std::collections::BTreeSet;

/// Movement points counted in halves, so that a road step (14.6, half a point) is exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HalfMp(pub u16);

impl HalfMp {
    /// Whole movement points as halves.
    pub fn whole(mp: u8) -> HalfMp {
        HalfMp(u16::from(mp) * 2)
    }
    pub fn checked_sub(self, other: HalfMp) -> Option<HalfMp> {
        self.0.checked_sub(other.0).map(HalfMp)
    }
    pub fn saturating_add(self, other: HalfMp) -> HalfMp {
        HalfMp(self.0.saturating_add(other.0))
    }
}

/// How a force moves: on foot, or as fleets with `cargo` land units aboard (17.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Land,
    Fleet { fleets: u8, cargo: u8 },
}

/// A force about to move or moving (14.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Force {
    /// The power whose units these are (not the player controlling them): 21.1 lets only
    /// Normans into Normandy and only Vikings into Norway.
    pub power: Power,
    pub mode: Mode,
    /// The allowance fixed at the start of the move (14.5), summer included.
    pub ma: HalfMp,
    /// The box whose edge this force has already crossed this player turn, in or out: it
    /// may not cross that edge again (21.4).
    pub box_crossed: Option<BoxId>,
}

impl Force {
    /// The force made of `units` (fleets, or land units) carrying `cargo` (land units,
    /// only with fleets). Its allowance is the slowest unit's (14.5), land units +1 in
    /// summer (9.9); fleets always move with their own allowance, whatever they carry
    /// (14.5 note, 17.9).
    pub fn of_units(
        power: Power,
        units: &[UnitType],
        cargo: &[UnitType],
        summer: bool,
    ) -> Result<Force, RuleError> {
        let d = data::data();
        let fleets = units.iter().filter(|&&u| u == UnitType::Fleet).count();
        if units.is_empty() {
            return Err(RuleError::new("14.1", "a force needs at least one unit"));
        }
        if fleets != 0 && fleets != units.len() {
            return Err(RuleError::new(
                "17.5",
                "land units move with fleets only as their cargo",
            ));
        }
        let mut slowest: Option<u8> = None;
        for &u in units {
            let stats = d
                .units
                .stats(u)
                .ok_or_else(|| RuleError::new("2.12", format!("no statistics for {u:?}")))?;
            let bonus = if summer && !stats.naval {
                d.tables.terrain.summer.land_ma_plus
            } else {
                0
            };
            let ma = stats.ma.saturating_add(bonus);
            slowest = Some(slowest.map_or(ma, |s| s.min(ma)));
        }
        let ma = HalfMp::whole(slowest.unwrap_or(0));
        if fleets == 0 {
            if !cargo.is_empty() {
                return Err(RuleError::new("17.5", "only fleets carry land units"));
            }
            return Ok(Force {
                power,
                mode: Mode::Land,
                ma,
                box_crossed: None,
            });
        }
        let fleets = u8::try_from(fleets)
            .map_err(|_| RuleError::new("17.5", "too many fleets in one force"))?;
        super::transport::check_cargo(fleets, cargo)?;
        Ok(Force {
            power,
            mode: Mode::Fleet {
                fleets,
                cargo: u8::try_from(cargo.len()).unwrap_or(u8::MAX),
            },
            ma,
            box_crossed: None,
        })
    }

    pub fn is_fleet(&self) -> bool {
        matches!(self.mode, Mode::Fleet { .. })
    }

    /// The force after stepping from `from` to `to`: crossing a box's edge is
    /// remembered for 21.4.
    pub fn after_step(self, from: Place, to: Place) -> Force {
        let crossed = match (from, to) {
            (Place::Box(b), _) | (_, Place::Box(b)) => Some(b),
            _ => self.box_crossed,
        };
        Force {
            box_crossed: crossed,
            ..self
        }
    }
}

/// What the position holds around a moving force, seen from the mover's side. Squares
/// only: off-map boxes hold nobody else's units (21.1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Surroundings {
    /// Squares holding land units of other players (12.2, 14.9).
    pub enemy_land: BTreeSet<Square>,
    /// Squares holding fleets of other players (12.3, 14.9).
    pub enemy_fleets: BTreeSet<Square>,
    /// Squares holding neutral units (4.4, 14.9, 17.4).
    pub neutral: BTreeSet<Square>,
    /// Squares holding units of another power the same player controls (12.4).
    pub coalition: BTreeSet<Square>,
    pub pillaged: BTreeSet<Square>,
    pub castles: BTreeSet<Square>,
    /// Summer turn (9.9): forage +1 on land.
    pub summer: bool,
}

impl Surroundings {
    /// Whether units of another player stand in the square.
    pub fn has_enemy(&self, sq: Square) -> bool {
        self.enemy_land.contains(&sq) || self.enemy_fleets.contains(&sq)
    }
}
