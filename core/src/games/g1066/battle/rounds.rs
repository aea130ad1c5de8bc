//! Movement rounds (15.6) and combat rounds (15.8-15.12), one unit at a time.

use super::board::opposite;
use super::numbers::{charge_dice, maneuver_dice};
use super::{
    AttackKind, Battle, BattleAction, BattleEvent, BoardBox, Phase, RuleError, Side, UnitId,
};
use crate::engine::chance::Chance;

impl Battle {
    /// Boxes a unit may move to this round (15.6): from the reserve to any front box;
    /// from the front to the reserve, a knight always, anyone else only when nobody
    /// faces him. Nothing else, and one box a round.
    pub(super) fn move_options(&self, side: Side, unit: UnitId, moved: &[UnitId]) -> Vec<BoardBox> {
        let Some(p) = self.piece(side, unit) else {
            return Vec::new();
        };
        if !p.alive || moved.contains(&unit) {
            return Vec::new();
        }
        match p.at {
            Some(BoardBox::Reserve) => BoardBox::FRONT.to_vec(),
            Some(front) => {
                let unopposed = opposite(front).is_some_and(|o| self.box_empty(side.other(), o));
                if p.unit.fights_as_knight() || unopposed {
                    vec![BoardBox::Reserve]
                } else {
                    Vec::new()
                }
            }
            None => Vec::new(),
        }
    }

    pub(super) fn anyone_may_move(&self, side: Side, moved: &[UnitId]) -> bool {
        self.side(side)
            .pieces
            .iter()
            .any(|p| !self.move_options(side, p.unit.id, moved).is_empty())
    }

    pub(super) fn check_movement(
        &self,
        side: Side,
        action: &BattleAction,
    ) -> Result<(), RuleError> {
        let Phase::Movement { moved, picked, .. } = &self.phase else {
            return Err(RuleError::new("15.6", "not a movement round"));
        };
        match (picked, action) {
            (None, BattleAction::EndRound) => Ok(()),
            (None, BattleAction::Select(u)) => {
                let p = self.own_living(side, *u, "15.6")?;
                if moved.contains(u) {
                    return Err(RuleError::new(
                        "15.6",
                        "a unit moves one box a round at most",
                    ));
                }
                if p.at.is_none() || self.move_options(side, *u, moved).is_empty() {
                    return Err(RuleError::new(
                        "15.6",
                        "only a knight, or a unit nobody faces, may leave the front",
                    ));
                }
                Ok(())
            }
            (Some(u), BattleAction::MoveTo(to)) => {
                if self.move_options(side, *u, moved).contains(to) {
                    Ok(())
                } else {
                    Err(RuleError::new(
                        "15.6",
                        "units move between the reserve and the front only, never sideways",
                    ))
                }
            }
            (Some(_), _) => Err(RuleError::new("15.6", "say where the chosen unit moves")),
            (None, _) => Err(RuleError::new(
                "15.6",
                "pick a unit to move or end the round",
            )),
        }
    }

    pub(super) fn perform_movement(
        &mut self,
        side: Side,
        action: &BattleAction,
        ev: &mut Vec<BattleEvent>,
    ) {
        match action {
            BattleAction::EndRound => self.begin_combat(side, ev),
            BattleAction::Select(u) => {
                if let Phase::Movement { picked, .. } = &mut self.phase {
                    *picked = Some(*u);
                }
            }
            BattleAction::MoveTo(to) => {
                let Phase::Movement { moved, picked, .. } = &mut self.phase else {
                    return;
                };
                let Some(unit) = picked.take() else {
                    return;
                };
                moved.push(unit);
                let moved = moved.clone();
                if let Some(p) = self
                    .side_mut(side)
                    .pieces
                    .iter_mut()
                    .find(|p| p.unit.id == unit)
                {
                    let from = p.at.unwrap_or(BoardBox::Reserve);
                    p.at = Some(*to);
                    ev.push(BattleEvent::Moved {
                        side,
                        unit,
                        from,
                        to: *to,
                    });
                }
                if !self.anyone_may_move(side, &moved) {
                    self.begin_combat(side, ev);
                }
            }
            _ => {}
        }
    }

    /// Targets, kind and extra dice for a unit about to attack in a combat round; None
    /// if it cannot (in the reserve, no attack strength, already attacked, or nobody in
    /// reach).
    pub(super) fn attack_options(
        &self,
        side: Side,
        unit: UnitId,
        attacked: &[UnitId],
    ) -> Option<(Vec<UnitId>, AttackKind, u8)> {
        let p = self.piece(side, unit)?;
        let from = p.at?;
        if !p.alive
            || from == BoardBox::Reserve
            || p.unit.board_attack() == 0
            || attacked.contains(&unit)
        {
            return None;
        }
        let (targets, kind, bonus) = self.targets_from(side, from);
        (!targets.is_empty()).then_some((targets, kind, bonus))
    }

    pub(super) fn anyone_may_attack(&self, side: Side, attacked: &[UnitId]) -> bool {
        self.side(side)
            .pieces
            .iter()
            .any(|p| self.attack_options(side, p.unit.id, attacked).is_some())
    }

    pub(super) fn check_combat(&self, side: Side, action: &BattleAction) -> Result<(), RuleError> {
        let Phase::Combat {
            attacked, picked, ..
        } = &self.phase
        else {
            return Err(RuleError::new("15.8", "not a combat round"));
        };
        match (picked, action) {
            (None, BattleAction::EndRound) => Ok(()),
            (None, BattleAction::Select(u)) => {
                let p = self.own_living(side, *u, "15.8")?;
                if attacked.contains(u) {
                    return Err(RuleError::new("15.10", "each unit attacks once a round"));
                }
                if p.at == Some(BoardBox::Reserve) {
                    return Err(RuleError::new("15.12", "units in the reserve never attack"));
                }
                if p.unit.board_attack() == 0 {
                    return Err(RuleError::new(
                        "17.13",
                        "a unit without attack strength cannot attack",
                    ));
                }
                if self.attack_options(side, *u, attacked).is_none() {
                    return Err(RuleError::new("15.9", "no enemy unit in reach of that box"));
                }
                Ok(())
            }
            (Some(u), BattleAction::Target(t)) => match self.attack_options(side, *u, attacked) {
                Some((targets, _, _)) if targets.contains(t) => Ok(()),
                _ => Err(RuleError::new(
                    "15.9",
                    "attack the box opposite, a flank next to it if it is empty (15.11), \
                     or the reserve if the whole front is empty (15.12)",
                )),
            },
            (Some(_), _) => Err(RuleError::new(
                "15.8",
                "choose the target of the chosen unit",
            )),
            (None, _) => Err(RuleError::new(
                "15.8",
                "pick a unit to attack with or end the round",
            )),
        }
    }

    /// Dice for a unit's attack this round: its strength, the flank or reserve die, and
    /// Charge or Maneuver if played for its box (15.22: they add up).
    fn attack_dice(&self, side: Side, unit: UnitId, bonus: u8) -> u8 {
        let Some(p) = self.piece(side, unit) else {
            return 0;
        };
        let mut dice = p.unit.board_attack().saturating_add(bonus);
        if let (Some(r), Some(at)) = (&self.round, p.at) {
            if r.charge == Some(at) {
                dice = dice.saturating_add(charge_dice());
            }
            if r.maneuver == Some(at) && !r.maneuver_negated {
                dice = dice.saturating_add(maneuver_dice(p.unit.fights_as_knight()));
            }
        }
        dice
    }

    pub(super) fn perform_combat(
        &mut self,
        side: Side,
        action: &BattleAction,
        chance: &mut Chance,
        ev: &mut Vec<BattleEvent>,
    ) {
        match action {
            BattleAction::EndRound => self.end_combat(side, ev),
            BattleAction::Select(u) => {
                if let Phase::Combat { picked, .. } = &mut self.phase {
                    *picked = Some(*u);
                }
            }
            BattleAction::Target(target) => {
                let Phase::Combat {
                    attacked, picked, ..
                } = &mut self.phase
                else {
                    return;
                };
                let Some(unit) = picked.take() else {
                    return;
                };
                let before = attacked.clone();
                attacked.push(unit);
                let Some((_, kind, bonus)) = self.attack_options(side, unit, &before) else {
                    return;
                };
                let dice = self.attack_dice(side, unit, bonus);
                self.attack(side, unit, *target, dice, kind, chance, ev);
                // The attack may have ended the battle or started a pursuit (15.17).
                if let Phase::Combat { attacked, .. } = &self.phase {
                    let attacked = attacked.clone();
                    if !self.anyone_may_attack(side, &attacked) {
                        self.end_combat(side, ev);
                    }
                }
            }
            _ => {}
        }
    }

    /// A living unit of the side's own, or the error of `rule`.
    pub(super) fn own_living(
        &self,
        side: Side,
        unit: UnitId,
        rule: &'static str,
    ) -> Result<&super::Piece, RuleError> {
        match self.piece(side, unit) {
            Some(p) if p.alive => Ok(p),
            Some(_) => Err(RuleError::new(rule, "that unit has been eliminated")),
            None => Err(RuleError::new(rule, "not a unit of this side")),
        }
    }
}
