//! The pursuit round (15.17): the winner's units, wherever they stand, fall on the
//! panicking side; no battle markers (15.21).

use super::numbers::{KNIGHT_ON_KNIGHT_DICE, KNIGHT_PURSUIT_TIMES, PURSUIT_TIMES};
use super::{
    AttackKind, Battle, BattleAction, BattleEvent, Outcome, Phase, RuleError, Side, UnitId,
};
use crate::engine::chance::Chance;

impl Battle {
    /// The combat round ends at once and the winner pursues (15.17); with nobody able
    /// to, the battle is over.
    pub(super) fn begin_pursuit(&mut self, winner: Side, ev: &mut Vec<BattleEvent>) {
        self.round = None;
        ev.push(BattleEvent::PursuitBegan { winner });
        self.phase = Phase::Pursuit {
            winner,
            attacked: Vec::new(),
            picked: None,
        };
        if !self.anyone_may_pursue(winner, &[]) {
            self.finish(Outcome::Panic { winner }, ev);
        }
    }

    /// Whom a pursuer may strike: any living enemy, but a panicking knight only by a
    /// knight (15.17).
    pub(super) fn pursuit_targets(
        &self,
        winner: Side,
        unit: UnitId,
        attacked: &[UnitId],
    ) -> Vec<UnitId> {
        let Some(p) = self.piece(winner, unit) else {
            return Vec::new();
        };
        if !p.alive || p.unit.board_attack() == 0 || attacked.contains(&unit) {
            return Vec::new();
        }
        let knight = p.unit.fights_as_knight();
        self.side(winner.other())
            .pieces
            .iter()
            .filter(|t| t.alive && (knight || !t.unit.fights_as_knight()))
            .map(|t| t.unit.id)
            .collect()
    }

    fn anyone_may_pursue(&self, winner: Side, attacked: &[UnitId]) -> bool {
        self.side(winner)
            .pieces
            .iter()
            .any(|p| !self.pursuit_targets(winner, p.unit.id, attacked).is_empty())
    }

    /// 15.17 dice: twice the usual for a non-knight, three times for a knight, and
    /// exactly two for a knight against a panicking knight (G3.6). The usual dice are
    /// the unit's attack strength: flank and reserve dice need positions, which no
    /// longer count.
    fn pursuit_dice(&self, winner: Side, unit: UnitId, target: UnitId) -> u8 {
        let (Some(p), Some(t)) = (self.piece(winner, unit), self.piece(winner.other(), target))
        else {
            return 0;
        };
        if t.unit.fights_as_knight() {
            return KNIGHT_ON_KNIGHT_DICE;
        }
        let times = if p.unit.fights_as_knight() {
            KNIGHT_PURSUIT_TIMES
        } else {
            PURSUIT_TIMES
        };
        p.unit.board_attack().saturating_mul(times)
    }

    pub(super) fn check_pursuit(&self, side: Side, action: &BattleAction) -> Result<(), RuleError> {
        let Phase::Pursuit {
            attacked, picked, ..
        } = &self.phase
        else {
            return Err(RuleError::new("15.17", "not a pursuit round"));
        };
        match (picked, action) {
            (None, BattleAction::EndRound) => Ok(()),
            (None, BattleAction::Select(u)) => {
                self.own_living(side, *u, "15.17")?;
                if attacked.contains(u) {
                    return Err(RuleError::new("15.17", "each unit pursues once"));
                }
                if self.pursuit_targets(side, *u, attacked).is_empty() {
                    return Err(RuleError::new(
                        "15.17",
                        "that unit has nobody it may pursue (panicking knights fall only to knights)",
                    ));
                }
                Ok(())
            }
            (Some(u), BattleAction::Target(t)) => {
                if self.pursuit_targets(side, *u, attacked).contains(t) {
                    Ok(())
                } else {
                    Err(RuleError::new(
                        "15.17",
                        "pursue a living enemy; a panicking knight only with a knight",
                    ))
                }
            }
            (Some(_), _) => Err(RuleError::new("15.17", "choose whom the pursuer strikes")),
            (
                None,
                BattleAction::Charge(_) | BattleAction::Maneuver(_) | BattleAction::ShieldWall,
            ) => Err(RuleError::new(
                "15.21",
                "no battle markers in a pursuit round",
            )),
            (None, _) => Err(RuleError::new("15.17", "pick a pursuer or end the pursuit")),
        }
    }

    pub(super) fn perform_pursuit(
        &mut self,
        side: Side,
        action: &BattleAction,
        chance: &mut Chance,
        ev: &mut Vec<BattleEvent>,
    ) {
        match action {
            BattleAction::EndRound => self.finish(Outcome::Panic { winner: side }, ev),
            BattleAction::Select(u) => {
                if let Phase::Pursuit { picked, .. } = &mut self.phase {
                    *picked = Some(*u);
                }
            }
            BattleAction::Target(target) => {
                let Phase::Pursuit {
                    attacked, picked, ..
                } = &mut self.phase
                else {
                    return;
                };
                let Some(unit) = picked.take() else {
                    return;
                };
                attacked.push(unit);
                let dice = self.pursuit_dice(side, unit, *target);
                self.attack(side, unit, *target, dice, AttackKind::Pursuit, chance, ev);
                if let Phase::Pursuit { attacked, .. } = &self.phase {
                    let attacked = attacked.clone();
                    if !self.anyone_may_pursue(side, &attacked) {
                        self.finish(Outcome::Panic { winner: side }, ev);
                    }
                }
            }
            _ => {}
        }
    }
}
