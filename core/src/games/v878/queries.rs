//! Questions about a position that several rule modules ask (battles, marches, Event
//! cards), kept below all of them so that none has to reach into another.

use super::data::{data, Faction, Side};
use super::state::{V878State, FYRD};
use crate::board::area::AreaId;

impl V878State {
    /// Who of a side decides for it (G15): the active faction if it is on that side,
    /// else the faction with more units in the battle, the 3-dice faction on a tie.
    pub fn decider(&self, shire: AreaId, side: Side) -> Faction {
        if let Some(a) = self.active() {
            if a.side() == side {
                return a;
            }
        }
        let [small, big] = match side {
            Side::English => [Faction::Housecarl, Faction::Thegn],
            Side::Viking => [Faction::Berserker, Faction::Norsemen],
        };
        if self.present(shire, small) > self.present(shire, big) {
            small
        } else {
            big
        }
    }

    /// May an army of `side` enter this shire at all (3.2, marshes; scenario regions)?
    pub fn may_enter(&self, side: Side, shire: AreaId) -> bool {
        let d = data();
        let sc = &d.scenarios()[self.options.scenario as usize];
        if d.is_marsh(shire) && !sc.marsh_access.allows(side) {
            return false;
        }
        d.kingdom(shire).is_some_and(|k| sc.region_allows(k))
    }
}

/// The most shires `Presence` (and the rules' bit sets of shires) keep: the map has
/// `data::SHIRE_COUNT`.
pub const MAX_SHIRES: usize = 64;
const _: () = assert!(super::data::SHIRE_COUNT as usize <= MAX_SHIRES);

/// Each side's strength in every shire (units on the map and on Leader cards there,
/// the Fyrd counted for the English: `V878State::side_strength`) and whether a Leader
/// of the side is there, found in one pass, for rules that ask it of every shire.
/// Kept in arrays (no allocation): the rules ask for it after every action.
pub struct Presence {
    /// By shire, then `Side as usize`.
    pub strength: [[u32; 2]; MAX_SHIRES],
    pub leader: [[bool; 2]; MAX_SHIRES],
}

impl Presence {
    pub fn of(state: &V878State) -> Presence {
        let mut p = Presence {
            strength: [[0; 2]; MAX_SHIRES],
            leader: [[false; 2]; MAX_SHIRES],
        };
        let add = |row: &mut [u32; 2], troops: &[u8; 5]| {
            for f in Faction::ALL {
                row[f.side() as usize] += troops[f as usize] as u32;
            }
        };
        for (row, troops) in p.strength.iter_mut().zip(&state.map) {
            add(row, troops);
            row[Side::English as usize] += troops[FYRD] as u32;
        }
        let n = state.map.len().min(MAX_SHIRES);
        for l in &state.leaders {
            if let Some(i) = l.shire().map(|s| s.0 as usize).filter(|&i| i < n) {
                add(&mut p.strength[i], &l.troops);
                p.leader[i][l.side() as usize] = true;
            }
        }
        p
    }
    /// `V878State::side_strength(shire, side) > 0`.
    pub fn holds(&self, shire: AreaId, side: Side) -> bool {
        self.strength
            .get(shire.0 as usize)
            .is_some_and(|r| r[side as usize] > 0)
    }
    /// `V878State::occupies`: units or a Leader of the side.
    pub fn occupies(&self, shire: AreaId, side: Side) -> bool {
        self.holds(shire, side)
            || self
                .leader
                .get(shire.0 as usize)
                .is_some_and(|r| r[side as usize])
    }
}
