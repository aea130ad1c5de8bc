//! Battle marker windows at the start of a combat round (8.13, 15.21, G3.3).
//!
//! The acting side may open with Charge or Maneuver; the other side may then play
//! Shield Wall and, or, cancel a Maneuver with its own; the acting side may then cancel
//! a Shield Wall with Feigned Flight. A window opens on public facts only (the
//! commander lives, the marker limit is not reached, the round's slot is free, a
//! Shield Wall or Maneuver is on the table), never on what the side holds, so being
//! asked reveals nothing of a hand (brief 4.2).

use super::{
    Battle, BattleAction, BattleEvent, BattleMarker, BoardBox, Phase, PlayedMarker, RuleError,
    Side, Stage,
};

impl Battle {
    /// Whether the window `stage` of `side`'s combat round is open to the side that
    /// answers there.
    pub(super) fn window_open(&self, side: Side, stage: Stage) -> bool {
        let Some(r) = &self.round else {
            return false;
        };
        match stage {
            Stage::Open => self.side(side).may_play_marker() && !r.slot_used[side.index()],
            Stage::Answer => {
                let o = side.other();
                let maneuver_live = r.maneuver.is_some() && !r.maneuver_negated;
                self.side(o).may_play_marker() && (!r.slot_used[o.index()] || maneuver_live)
            }
            Stage::Feign => {
                r.shield_wall && !r.shield_wall_negated && self.side(side).may_play_marker()
            }
        }
    }

    pub(super) fn check_marker(&self, who: Side, action: &BattleAction) -> Result<(), RuleError> {
        let (Phase::Window { stage, .. }, Some(r)) = (&self.phase, &self.round) else {
            return Err(RuleError::new("15.21", "no marker window is open"));
        };
        let me = self.side(who);
        let need = |m: BattleMarker| {
            if me.holds(m) {
                Ok(())
            } else {
                Err(RuleError::new("15.21", "that marker is not in hand"))
            }
        };
        match (stage, action) {
            (_, BattleAction::Pass) => Ok(()),
            (Stage::Open, BattleAction::Charge(b)) => {
                if *b == BoardBox::Reserve {
                    return Err(RuleError::new(
                        "8.13",
                        "Charge names the left, centre or right box",
                    ));
                }
                need(BattleMarker::Charge)
            }
            (Stage::Open, BattleAction::Maneuver(b)) => {
                if !matches!(b, BoardBox::Left | BoardBox::Right) {
                    return Err(RuleError::new(
                        "8.13",
                        "Maneuver names the left or right box",
                    ));
                }
                need(BattleMarker::Maneuver)
            }
            (Stage::Answer, BattleAction::ShieldWall) => {
                if r.slot_used[who.index()] {
                    return Err(RuleError::new("15.21", "one battle marker a combat round"));
                }
                need(BattleMarker::ShieldWall)
            }
            (Stage::Answer, BattleAction::CancelManeuver) => {
                if r.maneuver.is_none() || r.maneuver_negated {
                    return Err(RuleError::new("8.13", "there is no Maneuver to cancel"));
                }
                need(BattleMarker::Maneuver)
            }
            (Stage::Feign, BattleAction::FeignedFlight) => need(BattleMarker::FeignedFlight),
            _ => Err(RuleError::new(
                "8.13",
                "that marker cannot be played at this moment",
            )),
        }
    }

    pub(super) fn perform_marker(
        &mut self,
        who: Side,
        action: &BattleAction,
        ev: &mut Vec<BattleEvent>,
    ) {
        let Phase::Window { side, stage } = self.phase else {
            return;
        };
        let (marker, into) = match action {
            BattleAction::Pass => {
                ev.push(BattleEvent::Passed { side: who });
                self.next_window(side, Some(stage));
                return;
            }
            BattleAction::Charge(b) => (BattleMarker::Charge, Some(*b)),
            BattleAction::Maneuver(b) => (BattleMarker::Maneuver, Some(*b)),
            BattleAction::CancelManeuver => (BattleMarker::Maneuver, None),
            BattleAction::ShieldWall => (BattleMarker::ShieldWall, None),
            BattleAction::FeignedFlight => (BattleMarker::FeignedFlight, None),
            _ => return,
        };
        let s = self.side_mut(who);
        s.hand.take(marker);
        s.played.push(PlayedMarker {
            marker,
            cancelled: false,
        });
        ev.push(BattleEvent::MarkerPlayed {
            side: who,
            marker,
            into,
        });
        let Some(r) = self.round.as_mut() else {
            return;
        };
        let cancelled = match action {
            BattleAction::Charge(b) => {
                r.charge = Some(*b);
                r.slot_used[who.index()] = true;
                None
            }
            BattleAction::Maneuver(b) => {
                r.maneuver = Some(*b);
                r.slot_used[who.index()] = true;
                None
            }
            BattleAction::ShieldWall => {
                r.shield_wall = true;
                r.slot_used[who.index()] = true;
                None
            }
            // Answers cancel a marker and take no slot of their own (G3.3).
            BattleAction::CancelManeuver => {
                r.maneuver_negated = true;
                Some(BattleMarker::Maneuver)
            }
            BattleAction::FeignedFlight => {
                r.shield_wall_negated = true;
                Some(BattleMarker::ShieldWall)
            }
            _ => None,
        };
        if let Some(gone) = cancelled {
            let owner = who.other();
            if let Some(m) = self
                .side_mut(owner)
                .played
                .iter_mut()
                .rev()
                .find(|m| m.marker == gone && !m.cancelled)
            {
                m.cancelled = true;
            }
            ev.push(BattleEvent::MarkerCancelled {
                side: owner,
                marker: gone,
                by: marker,
            });
        }
        // The other side may still answer in this window (Shield Wall and a Maneuver
        // cancel are both answers); otherwise move on.
        if stage == Stage::Answer && self.window_open(side, Stage::Answer) {
            return;
        }
        self.next_window(side, Some(stage));
    }
}
