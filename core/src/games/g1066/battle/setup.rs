//! Bringing both forces to the board (15.2 step 1): checking the input, naming each
//! side's commander (18.3, 18.4) and working out the panic levels (15.16, 20.5).

use super::{
    Battle, BattleSetup, BattleSide, LeaderTag, Phase, Piece, RuleError, Side, SideState, UnitId,
};
use crate::games::g1066::data::{data, UnitType};
use std::collections::BTreeSet;

impl Battle {
    /// A battle about to begin: the defender deploys first (15.2, G3.23), after the
    /// contact roll at sea (17.15). Refuses a side without units, an id used twice,
    /// cargo anywhere but in a fleet or beyond its capacity, and a commander who is not
    /// a leader of that side or passes over a king present.
    pub fn new(setup: BattleSetup) -> Result<Battle, RuleError> {
        check_ids(&setup)?;
        let tables = &data().tables;
        let attacker = side_state(&setup.attacker, false, 0)?;
        let defender = side_state(
            &setup.defender,
            setup.castle && tables.terrain.castle.no_panic,
            setup.defense_bonus,
        )?;
        Ok(Battle {
            sides: [attacker, defender],
            castle: setup.castle,
            summer: setup.summer,
            turns: None,
            turn: 0,
            round: None,
            phase: if setup.all_sea {
                Phase::HighSeas
            } else {
                Phase::Deploy(Side::Defender)
            },
        })
    }
}

fn check_ids(setup: &BattleSetup) -> Result<(), RuleError> {
    let mut seen = BTreeSet::new();
    for side in [&setup.attacker, &setup.defender] {
        if side.units.is_empty() {
            return Err(RuleError::new("15.1", "each side of a battle needs a unit"));
        }
        for u in &side.units {
            for id in std::iter::once(u.id).chain(u.cargo.iter().map(|c| c.id)) {
                if !seen.insert(id) {
                    return Err(RuleError::new(
                        "15.2",
                        format!("unit id {} is used twice", id.0),
                    ));
                }
            }
        }
    }
    Ok(())
}

fn side_state(side: &BattleSide, no_panic: bool, bonus: u8) -> Result<SideState, RuleError> {
    let fixed = &data().tables.fixed;
    for u in &side.units {
        if !u.cargo.is_empty() && u.unit_type != UnitType::Fleet {
            return Err(RuleError::new("17.16", "only a fleet carries units"));
        }
        if u.cargo.len() > usize::from(fixed.fleet_capacity) {
            return Err(RuleError::new("17.5", "a fleet carries more than it may"));
        }
        if u.cargo.iter().any(|c| c.unit_type == UnitType::Fleet) {
            return Err(RuleError::new("17.5", "a fleet cannot carry a fleet"));
        }
    }
    let strength: u16 = side
        .units
        .iter()
        .map(|u| u16::from(u.board_attack()) + u16::from(u.leader_values()))
        .sum();
    let divisor = u16::from(fixed.panic_divisor.max(1));
    Ok(SideState {
        pieces: side
            .units
            .iter()
            .map(|u| Piece {
                unit: u.clone(),
                at: None,
                alive: true,
            })
            .collect(),
        hand: side.markers,
        commander: commander(side)?,
        played: Vec::new(),
        strength,
        panic_level: (!no_panic).then(|| strength.div_ceil(divisor)),
        losses: 0,
        units_lost: 0,
        bonus,
    })
}

/// Every leader of a side, carried ones too, in the order listed.
fn leaders(side: &BattleSide) -> Vec<(UnitId, LeaderTag)> {
    side.units
        .iter()
        .flat_map(|u| {
            u.leader
                .map(|l| (u.id, l))
                .into_iter()
                .chain(u.cargo.iter().filter_map(|c| c.leader.map(|l| (c.id, l))))
        })
        .collect()
}

/// The leaders a side's player chooses its commander from (18.3): none when there is no
/// choice, a king present (he must command, 18.4) or fewer than two leaders.
pub fn commander_choices(side: &BattleSide) -> Vec<UnitId> {
    let all = leaders(side);
    if all.len() < 2 || all.iter().any(|(_, l)| l.king) {
        return Vec::new();
    }
    all.into_iter().map(|(id, _)| id).collect()
}

/// The commander (18.3): the one named, who must be the king if a king is present
/// (18.4); else the king; else the highest leader value, the first listed on a tie
/// (ruling B1). No leader: no commander, so no battle markers.
fn commander(side: &BattleSide) -> Result<Option<(UnitId, u8)>, RuleError> {
    let all = leaders(side);
    let king = all.iter().find(|(_, l)| l.king);
    if let Some(named) = side.commander {
        let Some(&(id, tag)) = all.iter().find(|(id, _)| *id == named) else {
            return Err(RuleError::new(
                "18.3",
                "the commander must be a leader in the battle",
            ));
        };
        if king.is_some_and(|(k, _)| *k != id) {
            return Err(RuleError::new("18.4", "a king in the battle must command"));
        }
        return Ok(Some((id, tag.value)));
    }
    if let Some(&(id, tag)) = king {
        return Ok(Some((id, tag.value)));
    }
    let mut best: Option<(UnitId, u8)> = None;
    for &(id, tag) in &all {
        if best.is_none_or(|(_, v)| tag.value > v) {
            best = Some((id, tag.value));
        }
    }
    Ok(best)
}

impl SideState {
    /// Public knowledge: whether this side may still play a battle marker at all (15.21:
    /// no more than the commander's value; 18.5: none once he is gone).
    pub(super) fn may_play_marker(&self) -> bool {
        let Some((id, value)) = self.commander else {
            return false;
        };
        let alive = self
            .pieces
            .iter()
            .any(|p| p.alive && (p.unit.id == id || p.unit.cargo.iter().any(|c| c.id == id)));
        alive && self.played.len() < usize::from(value)
    }

    pub(super) fn holds(&self, marker: super::BattleMarker) -> bool {
        self.hand.count(marker) > 0
    }
}
