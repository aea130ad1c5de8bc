//! The price of one step and whether it ends the move (14.6, 14.7, 14.9, 12.2, 12.3,
//! 17.4, 21.2, 21.3).

use super::force::{Force, HalfMp, Mode, Surroundings};
use super::geometry::check_passage;
use super::place::Place;
use super::stacking::check_coalition;
use crate::board::square::Square;
use crate::engine::error::RuleError;
use crate::games::g1066::data::map::LeaveCost;
use crate::games::g1066::data::{self, label, Terrain};

/// Why a step ends the force's move for this phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stop {
    /// Forest, mountain or swamp entered off the road (14.7).
    Terrain,
    /// A square holding units of another player (12.2, 14.9); for a fleet only when it
    /// holds enemy fleets (12.3).
    Enemy,
    /// A square holding neutral units, entered by land (14.9).
    Neutral,
    /// An off-map box: a force that enters one stays there for the player turn (21.4, G1).
    OffMapBox,
}

impl Stop {
    pub fn rule(self) -> &'static str {
        match self {
            Stop::Terrain => "14.7",
            Stop::Enemy => "14.9",
            Stop::Neutral => "14.9",
            Stop::OffMapBox => "21.4",
        }
    }
}

/// What ending the move in a place brings about.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Contact {
    /// Units of other players or neutrals share the square: a battle in the coming
    /// combat phase (12.2, 12.3, 17.12).
    pub battle: bool,
    /// Neutral units share the square: their power becomes belligerent (4.4). A land
    /// force has done this as soon as it entered; a fleet only if it stays (17.4).
    pub violates_neutrality: bool,
}

/// One legal step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepOutcome {
    pub cost: HalfMp,
    pub mp_left: HalfMp,
    /// Why the move must end here, if it must.
    pub stop: Option<Stop>,
    /// What happens if the move ends here.
    pub if_ending: Contact,
    /// A land force that entered a neutral square has violated neutrality whether or
    /// not it could go on (14.9, 4.4); a fleet passing through never has (17.4).
    pub violates_neutrality_now: bool,
}

fn terrain_of(sq: Square) -> Result<Terrain, RuleError> {
    data::data()
        .map
        .terrain(sq)
        .ok_or_else(|| RuleError::new("14.13", format!("{} is not on the map", label(sq))))
}

/// Whole-MP cost of a land unit entering a terrain (T3; towns cost as clear, 14.11,
/// which the table itself says).
fn terrain_cost(t: Terrain) -> Result<HalfMp, RuleError> {
    let row = data::data()
        .tables
        .terrain
        .row(t)
        .ok_or_else(|| RuleError::new("T3", format!("no terrain row for {t:?}")))?;
    row.move_cost
        .map(HalfMp::whole)
        .ok_or_else(|| RuleError::new("14.14", format!("land units may not enter {t:?}")))
}

/// What a fleet pays per square (ruling M1): the base price of a square, T3's clear
/// cost. Water is water: land terrain neither slows nor halts a fleet.
fn fleet_square_cost() -> Result<HalfMp, RuleError> {
    terrain_cost(Terrain::Clear)
}

/// Cost of one step the map allows (passage checked by the caller).
pub fn step_cost(force: &Force, from: Place, to: Place) -> Result<HalfMp, RuleError> {
    let map = &data::data().map;
    let table = &data::data().tables.terrain;
    match (from, to) {
        (_, Place::Box(id)) => map
            .off_map_box(id)
            .map(|b| HalfMp::whole(b.enter_mp))
            .ok_or_else(|| RuleError::new("21.1", "no such box")),
        (Place::Box(id), Place::Square(sq)) => {
            let b = map
                .off_map_box(id)
                .ok_or_else(|| RuleError::new("21.1", "no such box"))?;
            match b.leave_mp {
                LeaveCost::Fixed(mp) => Ok(HalfMp::whole(mp)),
                LeaveCost::Terrain => terrain_cost(terrain_of(sq)?),
            }
        }
        (Place::Square(a), Place::Square(b)) => match force.mode {
            Mode::Fleet { .. } => fleet_square_cost(),
            // 14.6: entering a road square along the road from the previous one costs
            // half; each link counts on its own, so nothing about earlier steps matters.
            Mode::Land if map.road_link(a, b) => Ok(HalfMp(u16::from(table.road_move_halves))),
            Mode::Land => terrain_cost(terrain_of(b)?),
        },
    }
}

/// Whether entering `to` off the road halts a land force (14.7; a road step keeps going,
/// 14.6).
fn terrain_halts(force: &Force, from: Place, to: Square) -> Result<bool, RuleError> {
    if force.is_fleet() {
        return Ok(false);
    }
    let table = &data::data().tables.terrain;
    let t = terrain_of(to)?;
    let halts = table.row(t).is_some_and(|r| r.halts);
    let on_road = match from {
        Place::Square(a) => data::data().map.road_link(a, to),
        Place::Box(_) => false,
    };
    Ok(halts && !(on_road && table.road_cancels_halt))
}

/// Checks one step of `force` from `from` to `to` with `mp_left` to spend, and says
/// what it costs and whether the move must end there. Refused steps name the rule.
/// The caller moves no further once a step reports a `stop`.
pub fn check_step(
    force: &Force,
    from: Place,
    to: Place,
    mp_left: HalfMp,
    s: &Surroundings,
) -> Result<StepOutcome, RuleError> {
    check_passage(force, from, to)?;
    if let Place::Square(sq) = to {
        check_coalition(sq, s)?;
    }
    let cost = step_cost(force, from, to)?;
    let left = mp_left.checked_sub(cost).ok_or_else(|| {
        RuleError::new(
            "14.1",
            format!(
                "entering {to} costs {} half MP; only {} left",
                cost.0, mp_left.0
            ),
        )
    })?;
    let sq = match to {
        Place::Box(_) => {
            return Ok(StepOutcome {
                cost,
                mp_left: left,
                stop: Some(Stop::OffMapBox),
                if_ending: Contact::default(),
                violates_neutrality_now: false,
            })
        }
        Place::Square(sq) => sq,
    };
    let neutral = s.neutral.contains(&sq);
    let if_ending = Contact {
        battle: s.has_enemy(sq) || neutral,
        violates_neutrality: neutral,
    };
    let stop = if force.is_fleet() {
        // 12.3: fleets sail past land units of others and past anything neutral (17.4);
        // only enemy fleets make them stop (14.9).
        s.enemy_fleets.contains(&sq).then_some(Stop::Enemy)
    } else if s.has_enemy(sq) {
        Some(Stop::Enemy)
    } else if neutral {
        Some(Stop::Neutral)
    } else if terrain_halts(force, from, sq)? {
        Some(Stop::Terrain)
    } else {
        None
    };
    Ok(StepOutcome {
        cost,
        mp_left: left,
        stop,
        if_ending,
        violates_neutrality_now: neutral && !force.is_fleet(),
    })
}
