//! Rolling an attack (15.8, 15.10, T2): one die at a time against the target's modified
//! defense (15.13, 15.14, 17.17), the saves a hit unit may have (G3.4: leader rally
//! 18.6, Shield Wall 8.13, castle 20.5), elimination (17.16) and what a loss may end
//! (15.16).

use super::flow::d6;
use super::numbers::{shield_wall_save_max, SHIELD_WALL_TYPES};
use super::{AttackKind, Battle, BattleEvent, Outcome, Phase, Save, Side, UnitId};
use crate::engine::chance::Chance;
use crate::games::g1066::data::data;

impl Battle {
    /// The target's defense: printed, plus the defender's one terrain bonus unless it is
    /// a fleet (17.17), never above the cap (15.14).
    pub(super) fn modified_defense(&self, side: Side, unit: UnitId) -> u8 {
        let Some(p) = self.piece(side, unit) else {
            return 0;
        };
        let bonus = if p.unit.is_fleet() {
            0
        } else {
            self.side(side).bonus
        };
        p.unit
            .defense
            .saturating_add(bonus)
            .min(data().tables.crt.defense_cap)
    }

    /// `unit` of `side` attacks `target` with `dice` dice. Rolling stops when the
    /// target dies (15.10); a saved hit does not stop it (T2).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn attack(
        &mut self,
        side: Side,
        unit: UnitId,
        target: UnitId,
        dice: u8,
        kind: AttackKind,
        chance: &mut Chance,
        ev: &mut Vec<BattleEvent>,
    ) {
        let enemy = side.other();
        let defense = self.modified_defense(enemy, target);
        ev.push(BattleEvent::AttackBegan {
            side,
            attacker: unit,
            target,
            dice,
            defense,
            kind,
        });
        let Some(row) = data().tables.crt.row(defense) else {
            return;
        };
        for _ in 0..dice {
            let face = d6(chance);
            let hit = face >= row.hit_from;
            ev.push(BattleEvent::AttackDie { face, hit });
            if !hit {
                continue;
            }
            // T2: at the top defense a hit is a D that a second die must confirm.
            if let Some(confirm_from) = row.confirm_from {
                let face = d6(chance);
                let confirmed = face >= confirm_from;
                ev.push(BattleEvent::ConfirmDie { face, confirmed });
                if !confirmed {
                    continue;
                }
            }
            if self.saved(enemy, target, chance, ev) {
                continue;
            }
            self.eliminate(enemy, target, ev);
            return;
        }
    }

    /// The saves of G3.4, in order, each a die of its own.
    fn saved(
        &self,
        side: Side,
        unit: UnitId,
        chance: &mut Chance,
        ev: &mut Vec<BattleEvent>,
    ) -> bool {
        let Some(p) = self.piece(side, unit) else {
            return false;
        };
        let fleet = p.unit.is_fleet();
        // 18.6: a leader rallies himself on a die up to his value. A fleet's carried
        // leader does not (ruling B4): the fleet is the unit hit.
        if let (Some(leader), false) = (p.unit.leader, fleet) {
            let face = d6(chance);
            let saved = face <= leader.value;
            ev.push(BattleEvent::SaveDie {
                unit,
                save: Save::LeaderRally,
                face,
                saved,
            });
            if saved {
                return true;
            }
        }
        // 8.13 Shield Wall: this round, for the foot it names.
        let wall = self
            .round
            .as_ref()
            .is_some_and(|r| r.shield_wall && !r.shield_wall_negated);
        if wall && SHIELD_WALL_TYPES.contains(&p.unit.unit_type) {
            let face = d6(chance);
            let saved = face <= shield_wall_save_max();
            ev.push(BattleEvent::SaveDie {
                unit,
                save: Save::ShieldWall,
                face,
                saved,
            });
            if saved {
                return true;
            }
        }
        // 20.5 with 17.17: the defender's castle shelters its land units.
        if self.castle && side == Side::Defender && !fleet {
            let face = d6(chance);
            let saved = face >= data().tables.terrain.castle.save_from;
            ev.push(BattleEvent::SaveDie {
                unit,
                save: Save::Castle,
                face,
                saved,
            });
            if saved {
                return true;
            }
        }
        false
    }

    /// Removes a unit with its cargo (17.16), adds its attack and leader values to the
    /// running loss total (G3.2), then ends the battle or starts the pursuit if that
    /// loss destroyed or panicked the side (15.16).
    fn eliminate(&mut self, side: Side, unit: UnitId, ev: &mut Vec<BattleEvent>) {
        let s = self.side_mut(side);
        let Some(p) = s.pieces.iter_mut().find(|p| p.unit.id == unit) else {
            return;
        };
        p.alive = false;
        let loss = u16::from(p.unit.board_attack()) + u16::from(p.unit.leader_values());
        let cargo: Vec<UnitId> = p.unit.cargo.iter().map(|c| c.id).collect();
        s.losses += loss;
        s.units_lost += 1;
        let losses = s.losses;
        ev.push(BattleEvent::Eliminated {
            side,
            unit,
            cargo,
            loss,
            losses,
        });
        let winner = side.other();
        let pursuing = matches!(self.phase, Phase::Pursuit { .. });
        let s = self.side(side);
        if !s.pieces.iter().any(|p| p.alive) {
            let outcome = if pursuing {
                Outcome::Panic { winner }
            } else {
                Outcome::Destroyed { winner }
            };
            self.finish(outcome, ev);
            return;
        }
        if pursuing {
            return;
        }
        // G3.25: a side whose level is 0 panics at its first loss, not before.
        if let Some(level) = s.panic_level {
            if s.losses >= level && s.units_lost > 0 {
                ev.push(BattleEvent::Panicked {
                    side,
                    losses: s.losses,
                    level,
                });
                self.begin_pursuit(winner, ev);
            }
        }
    }
}
