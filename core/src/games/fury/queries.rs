//! Questions about a position that many rules ask: who is where, stacking (6.0),
//! strengths and terrain doubling (7.5, 8.2).

use super::data::{data, Terrain};
use super::state::{FuryState, Place, UnitId};
use super::units::{Kind, Side};
use crate::board::Hex;

impl FuryState {
    pub fn terrain(&self, hex: Hex) -> Option<Terrain> {
        data().terrain(hex)
    }

    /// Units of a side standing in a hex (held units are not counted as standing).
    pub fn side_at(&self, hex: Hex, side: Side) -> impl Iterator<Item = UnitId> + '_ {
        self.units_at(hex)
            .filter(move |&id| self.unit(id).side() == side)
    }

    /// Does the hex hold anything of the enemy of `side` that stops movement (5.3)?
    /// For a Villager that includes a Ship (H-SHIP); for a Viking, Villager-owned
    /// Treasure (H-TRS-1).
    pub fn enemy_present(&self, hex: Hex, side: Side) -> bool {
        if self.side_at(hex, side.other()).next().is_some() {
            return true;
        }
        side == Side::Villager && self.ship_at(hex).is_some()
    }

    /// Enemy units in the hex that have a Defense Strength: the ones a normal attack
    /// must include (H-MAND-1).
    pub fn defenders_at(&self, hex: Hex, side: Side) -> Vec<UnitId> {
        self.side_at(hex, side)
            .filter(|&id| data().stats(self.unit(id).kind).defense.is_some())
            .collect()
    }

    pub fn attack_of(&self, id: UnitId) -> u32 {
        data().stats(self.unit(id).kind).attack.unwrap_or(0) as u32
    }

    pub fn defense_of(&self, id: UnitId) -> u32 {
        data().stats(self.unit(id).kind).defense.unwrap_or(0) as u32
    }

    pub fn doubles_defense(&self, hex: Hex) -> bool {
        self.terrain(hex).is_some_and(|t| t.doubles_defense())
    }

    /// Is there a Villager combatant (GAP-30, Leaders included) standing in the hex?
    pub fn villager_combatant_at(&self, hex: Hex) -> bool {
        self.side_at(hex, Side::Villager)
            .any(|id| self.unit(id).kind.is_villager_combatant())
    }

    /// Is there a non-Leader Villager combatant in the hex (8.0, 8.6)?
    pub fn villager_fighter_at(&self, hex: Hex) -> bool {
        self.side_at(hex, Side::Villager)
            .any(|id| self.unit(id).kind.counts_as_villager_combatant())
    }

    /// Does the hex satisfy stacking (6.0) for `side`, if `arriving` units joined it?
    /// Units in `arriving` that are already there are not counted twice.
    pub fn stacking_ok(&self, hex: Hex, side: Side, arriving: &[UnitId]) -> bool {
        let mut present: Vec<UnitId> = self.side_at(hex, side).collect();
        for &a in arriving {
            if !present.contains(&a) {
                present.push(a);
            }
        }
        match side {
            Side::Viking => {
                // 6.1: one non-Leader Viking per hex; what they hold obeys the
                // Villager non-combatant limit (6.1, H-ESC-2).
                let fighters = present
                    .iter()
                    .filter(|&&id| !self.unit(id).kind.is_leader())
                    .count();
                let held: usize = present
                    .iter()
                    .map(|&id| {
                        self.held_by(id)
                            .filter(|&h| !self.unit(h).kind.is_leader())
                            .count()
                    })
                    .sum();
                fighters <= 1 && held <= 2
            }
            Side::Villager => {
                let fighters = present
                    .iter()
                    .filter(|&&id| self.unit(id).kind.counts_as_villager_combatant())
                    .count();
                let others = present
                    .iter()
                    .filter(|&&id| {
                        let u = self.unit(id);
                        u.kind.is_villager_noncombatant() && !u.preset
                    })
                    .count();
                fighters <= 2 && others <= 2
            }
        }
    }

    /// May this unit ever enter this hex, by terrain (5.4.2, 10.3, 5.6)?
    pub fn may_enter(&self, id: UnitId, hex: Hex) -> bool {
        let d = data();
        let Some(i) = d.grid.index(hex) else {
            return false;
        };
        let t = d.terrain_at(i);
        if t == Terrain::Sea || self.fired.contains_index(i) {
            return false;
        }
        if t.is_building() {
            let kind = self.unit(id).kind;
            if matches!(kind, Kind::Cavalry | Kind::Animal) {
                return false;
            }
            // 5.6: captured Animals may not be escorted into Buildings.
            if self.held_by(id).any(|h| self.unit(h).kind == Kind::Animal) {
                return false;
            }
        }
        true
    }

    /// A Villager Leader, Woman or Animal a Viking may try to Capture here (8.0).
    pub fn is_capturable_now(&self, id: UnitId) -> bool {
        let u = self.unit(id);
        u.kind.is_capturable() && matches!(u.place, Place::OnMap(_))
    }

    /// Viking units of a hex that are still able to act this phase.
    pub fn ready(&self, id: UnitId) -> bool {
        !self.unit(id).attacked && !self.is_stunned(id)
    }
}
