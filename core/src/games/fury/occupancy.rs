//! A snapshot of who stands where, built in one pass over the units, so that movement
//! searches ask "what is in this hex" in constant time instead of scanning every unit.

use super::data::data;
use super::state::{FuryState, Place};
use super::units::Side;

#[derive(Clone, Debug)]
pub struct Occupancy {
    /// Any unit of the side standing in the hex (index by `Side as usize`).
    pub any: [Vec<bool>; 2],
    /// A unit of the side with a Defense Strength (H-MAND-1).
    pub defenders: [Vec<bool>; 2],
    /// Attack Strength of the side standing in the hex.
    pub attack: [Vec<u16>; 2],
    /// Non-Leader Viking units (6.1).
    pub viking_fighters: Vec<u8>,
    /// Captives and Treasure held by Vikings, Leaders excepted (6.1, H-ESC-2).
    pub viking_loot: Vec<u8>,
    /// Villager combatants other than Leaders (6.2).
    pub villager_fighters: Vec<u8>,
    /// Villager non-combatants and Treasure, pre-set Treasure excepted (6.3, H-STK-1).
    pub villager_others: Vec<u8>,
    /// The hex or one next to it holds a Villager combatant (5.7, H-TRIG).
    pub rouses: Vec<bool>,
    pub ship: Vec<bool>,
}

impl Occupancy {
    pub fn of(state: &FuryState) -> Occupancy {
        let d = data();
        let n = d.grid.len();
        let mut o = Occupancy {
            any: [vec![false; n], vec![false; n]],
            defenders: [vec![false; n], vec![false; n]],
            attack: [vec![0; n], vec![0; n]],
            viking_fighters: vec![0; n],
            viking_loot: vec![0; n],
            villager_fighters: vec![0; n],
            villager_others: vec![0; n],
            rouses: vec![false; n],
            ship: vec![false; n],
        };
        let mut combatant_at = vec![false; n];
        for u in &state.units {
            let stats = d.stats(u.kind);
            match u.place {
                Place::OnMap(h) => {
                    let Some(i) = d.grid.index(h) else { continue };
                    let s = u.side() as usize;
                    o.any[s][i] = true;
                    o.defenders[s][i] |= stats.defense.is_some();
                    o.attack[s][i] += stats.attack.unwrap_or(0) as u16;
                    match u.side() {
                        Side::Viking => o.viking_fighters[i] += !u.kind.is_leader() as u8,
                        Side::Villager => {
                            o.villager_fighters[i] += u.kind.counts_as_villager_combatant() as u8;
                            o.villager_others[i] +=
                                (u.kind.is_villager_noncombatant() && !u.preset) as u8;
                            combatant_at[i] |= u.kind.is_villager_combatant();
                        }
                    }
                }
                Place::Held(escort) => {
                    if u.kind.is_leader() {
                        continue;
                    }
                    if let Some(i) = state.hex_of(escort).and_then(|h| d.grid.index(h)) {
                        o.viking_loot[i] += 1;
                    }
                }
                _ => {}
            }
        }
        for ship in &state.ships {
            if let (Some(h), false) = (ship.hex, ship.destroyed) {
                if let Some(i) = d.grid.index(h) {
                    o.ship[i] = true;
                }
            }
        }
        for (i, _) in combatant_at.iter().enumerate().filter(|(_, c)| **c) {
            o.rouses[i] = true;
            for m in d.grid.neighbours(d.grid.hex_at(i)) {
                if let Some(j) = d.grid.index(m) {
                    o.rouses[j] = true;
                }
            }
        }
        o
    }

    /// Something of the enemy of `side` is in the hex, which stops movement (5.3;
    /// a Ship stops Villagers, H-SHIP).
    pub fn enemy(&self, i: usize, side: Side) -> bool {
        self.any[side.other() as usize][i] || (side == Side::Villager && self.ship[i])
    }
}
