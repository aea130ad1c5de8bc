//! The order of a battle (15.2): contact at sea (17.15), deployment, the length roll,
//! then battle turns of four rounds each until a side is destroyed, panics or time runs
//! out (15.16). Each step that needs nobody's choice is taken at once.

use super::{
    Battle, BattleAction, BattleEvent, BoardBox, Decision, DecisionKind, Outcome, Phase,
    RoundEffects, RoundKind, RuleError, Side, Stage,
};
use crate::engine::chance::Chance;
use crate::games::g1066::data::data;

pub(super) fn to_decide(b: &Battle) -> Option<Decision> {
    let (side, kind) = match &b.phase {
        Phase::HighSeas => (Side::Attacker, DecisionKind::HighSeasRoll),
        Phase::Deploy(side) => (
            *side,
            DecisionKind::Deploy {
                unit: b.next_to_deploy(*side)?,
            },
        ),
        Phase::Length => (Side::Attacker, DecisionKind::LengthRoll),
        Phase::Movement { side, picked, .. } => match picked {
            None => (*side, DecisionKind::Move),
            Some(unit) => (*side, DecisionKind::MoveTo { unit: *unit }),
        },
        Phase::Window { side, stage } => match stage {
            Stage::Open => (*side, DecisionKind::OpeningMarker),
            Stage::Answer => (side.other(), DecisionKind::AnswerMarker),
            Stage::Feign => (*side, DecisionKind::FeignedFlightWindow),
        },
        Phase::Combat { side, picked, .. } => match picked {
            None => (*side, DecisionKind::Attack),
            Some(unit) => (*side, DecisionKind::AttackTarget { unit: *unit }),
        },
        Phase::Pursuit { winner, picked, .. } => match picked {
            None => (*winner, DecisionKind::Pursue),
            Some(unit) => (*winner, DecisionKind::PursueTarget { unit: *unit }),
        },
        Phase::Over(_) => return None,
    };
    Some(Decision { side, kind })
}

/// Every action that could make sense in the current kind of decision; `legal` keeps
/// those `check` accepts, so the two can never disagree.
fn candidates(b: &Battle, side: Side) -> Vec<BattleAction> {
    use BattleAction as A;
    let own = || b.side(side).pieces.iter().map(|p| A::Select(p.unit.id));
    let enemy = || {
        b.side(side.other())
            .pieces
            .iter()
            .map(|p| A::Target(p.unit.id))
    };
    match &b.phase {
        Phase::HighSeas | Phase::Length => vec![A::Roll],
        Phase::Deploy(_) => BoardBox::ALL.iter().map(|&x| A::Deploy(x)).collect(),
        Phase::Movement { picked: None, .. }
        | Phase::Combat { picked: None, .. }
        | Phase::Pursuit { picked: None, .. } => own().chain([A::EndRound]).collect(),
        Phase::Movement {
            picked: Some(_), ..
        } => BoardBox::ALL.iter().map(|&x| A::MoveTo(x)).collect(),
        Phase::Combat {
            picked: Some(_), ..
        }
        | Phase::Pursuit {
            picked: Some(_), ..
        } => enemy().collect(),
        Phase::Window { stage, .. } => match stage {
            Stage::Open => BoardBox::FRONT
                .iter()
                .map(|&x| A::Charge(x))
                .chain([
                    A::Maneuver(BoardBox::Left),
                    A::Maneuver(BoardBox::Right),
                    A::Pass,
                ])
                .collect(),
            Stage::Answer => vec![A::ShieldWall, A::CancelManeuver, A::Pass],
            Stage::Feign => vec![A::FeignedFlight, A::Pass],
        },
        Phase::Over(_) => Vec::new(),
    }
}

pub(super) fn legal(b: &Battle, side: Side) -> Vec<BattleAction> {
    candidates(b, side)
        .into_iter()
        .filter(|a| check(b, side, a).is_ok())
        .collect()
}

/// Whether `side` may take `action` now; the error names the rule that forbids it.
pub(super) fn check(b: &Battle, side: Side, action: &BattleAction) -> Result<(), RuleError> {
    let Some(decision) = to_decide(b) else {
        return Err(RuleError::new("15.16", "the battle is over"));
    };
    if decision.side != side {
        return Err(RuleError::new("15.2", "the other side decides now"));
    }
    match (&b.phase, action) {
        (Phase::HighSeas | Phase::Length, BattleAction::Roll) => Ok(()),
        (Phase::Deploy(s), BattleAction::Deploy(to)) => b.check_deploy(*s, *to),
        (Phase::Movement { .. }, _) => b.check_movement(side, action),
        (Phase::Window { .. }, _) => b.check_marker(side, action),
        (Phase::Combat { .. }, _) => b.check_combat(side, action),
        (Phase::Pursuit { .. }, _) => b.check_pursuit(side, action),
        _ => Err(RuleError::new("15.2", "that is not the choice to make now")),
    }
}

/// Carries out an action `check` accepted.
pub(super) fn perform(
    b: &mut Battle,
    side: Side,
    action: &BattleAction,
    chance: &mut Chance,
    ev: &mut Vec<BattleEvent>,
) {
    match &b.phase {
        Phase::HighSeas => b.roll_contact(chance, ev),
        Phase::Deploy(s) => {
            if let BattleAction::Deploy(to) = action {
                b.deploy(*s, *to, ev);
            }
        }
        Phase::Length => b.roll_length(chance, ev),
        Phase::Movement { .. } => b.perform_movement(side, action, ev),
        Phase::Window { .. } => b.perform_marker(side, action, ev),
        Phase::Combat { .. } => b.perform_combat(side, action, chance, ev),
        Phase::Pursuit { .. } => b.perform_pursuit(side, action, chance, ev),
        Phase::Over(_) => {}
    }
}

impl Battle {
    /// 17.15: at sea the attacker rolls first; a high roll means the fleets miss.
    fn roll_contact(&mut self, chance: &mut Chance, ev: &mut Vec<BattleEvent>) {
        let die = d6(chance);
        let contact = die <= data().tables.fixed.high_seas_battle_max;
        ev.push(BattleEvent::HighSeasRolled { die, contact });
        if contact {
            self.phase = Phase::Deploy(Side::Defender);
        } else {
            self.finish(Outcome::Missed, ev);
        }
    }

    /// 15.2 step 4 with 9.9: one die, +1 in summer, never more than the maximum.
    fn roll_length(&mut self, chance: &mut Chance, ev: &mut Vec<BattleEvent>) {
        let tables = &data().tables;
        let die = d6(chance);
        let summer_bonus = if self.summer {
            tables.terrain.summer.battle_turns_plus
        } else {
            0
        };
        let turns = die
            .saturating_add(summer_bonus)
            .min(tables.fixed.battle_turns_max);
        self.turns = Some(turns);
        ev.push(BattleEvent::LengthRolled {
            die,
            summer_bonus,
            turns,
        });
        self.begin_turn(ev);
    }

    /// The next unit of `side` to place, in the order the caller listed them.
    pub(super) fn next_to_deploy(&self, side: Side) -> Option<super::UnitId> {
        self.side(side)
            .pieces
            .iter()
            .find(|p| p.at.is_none())
            .map(|p| p.unit.id)
    }

    /// 15.5: the centre must not be left empty, so the last unit to place goes there if
    /// no earlier one did.
    fn check_deploy(&self, side: Side, to: BoardBox) -> Result<(), RuleError> {
        let undeployed = self
            .side(side)
            .pieces
            .iter()
            .filter(|p| p.at.is_none())
            .count();
        let centre_taken = self
            .side(side)
            .pieces
            .iter()
            .any(|p| p.at == Some(BoardBox::Centre));
        if undeployed == 1 && !centre_taken && to != BoardBox::Centre {
            return Err(RuleError::new(
                "15.5",
                "at least one unit must stand in the centre",
            ));
        }
        Ok(())
    }

    fn deploy(&mut self, side: Side, to: BoardBox, ev: &mut Vec<BattleEvent>) {
        let Some(piece) = self
            .side_mut(side)
            .pieces
            .iter_mut()
            .find(|p| p.at.is_none())
        else {
            return;
        };
        piece.at = Some(to);
        let unit = piece.unit.id;
        ev.push(BattleEvent::Deployed { side, unit, to });
        if self.next_to_deploy(side).is_none() {
            // The defender sets up first, then the attacker (15.2 steps 2-3, G3.23).
            self.phase = match side {
                Side::Defender => Phase::Deploy(Side::Attacker),
                Side::Attacker => Phase::Length,
            };
        }
    }

    fn begin_turn(&mut self, ev: &mut Vec<BattleEvent>) {
        self.turn += 1;
        self.begin_movement(Side::Attacker, ev);
    }

    pub(super) fn begin_movement(&mut self, side: Side, ev: &mut Vec<BattleEvent>) {
        ev.push(BattleEvent::RoundBegan {
            turn: self.turn,
            side,
            kind: RoundKind::Movement,
        });
        self.phase = Phase::Movement {
            side,
            moved: Vec::new(),
            picked: None,
        };
        if !self.anyone_may_move(side, &[]) {
            self.begin_combat(side, ev);
        }
    }

    /// A combat round: marker windows first (8.13, G3.3), then the attacks. A round in
    /// which the side has nobody able to attack is skipped whole.
    pub(super) fn begin_combat(&mut self, side: Side, ev: &mut Vec<BattleEvent>) {
        ev.push(BattleEvent::RoundBegan {
            turn: self.turn,
            side,
            kind: RoundKind::Combat,
        });
        if !self.anyone_may_attack(side, &[]) {
            self.end_combat(side, ev);
            return;
        }
        self.round = Some(RoundEffects::default());
        self.next_window(side, None);
    }

    /// Moves on to the first marker window after `after` that is open to its side, or
    /// to the attacks.
    pub(super) fn next_window(&mut self, side: Side, after: Option<Stage>) {
        let order = [Stage::Open, Stage::Answer, Stage::Feign];
        let start = after.map_or(0, |s| {
            order.iter().position(|&x| x == s).map_or(3, |i| i + 1)
        });
        for &stage in &order[start.min(3)..] {
            if self.window_open(side, stage) {
                self.phase = Phase::Window { side, stage };
                return;
            }
        }
        self.phase = Phase::Combat {
            side,
            attacked: Vec::new(),
            picked: None,
        };
    }

    /// Ends a combat round; after the defender's, the battle turn is over (15.2), and
    /// after the last one the battle is drawn (15.16 case 3).
    pub(super) fn end_combat(&mut self, side: Side, ev: &mut Vec<BattleEvent>) {
        self.round = None;
        match side {
            Side::Attacker => self.begin_movement(Side::Defender, ev),
            Side::Defender => {
                if self.turn < self.turns.unwrap_or(0) {
                    self.begin_turn(ev);
                } else {
                    self.finish(Outcome::Draw, ev);
                }
            }
        }
    }

    pub(super) fn finish(&mut self, outcome: Outcome, ev: &mut Vec<BattleEvent>) {
        self.round = None;
        self.phase = Phase::Over(outcome);
        ev.push(BattleEvent::BattleOver { outcome });
    }
}

/// One die as a small number for the events.
pub(super) fn d6(chance: &mut Chance) -> u8 {
    u8::try_from(chance.d6()).unwrap_or(6)
}
