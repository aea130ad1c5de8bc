//! The simple player on the Battle Board (15.0): fill the three front boxes evenly and
//! keep leaders in the reserve (a king lost is the crown lost, 23.2); fill a front box
//! left empty from the reserve (an empty box lets the enemy strike the flanks, 15.11);
//! play Charge, Shield Wall, Feigned Flight and a Maneuver cancel when offered (8.13);
//! attack with every unit, strongest first, at the target easiest to kill, a leader
//! first when two are alike; pursue (15.17).

use super::super::battle::{Battle, BattleAction, BoardBox, DecisionKind, Side, UnitId};
use super::super::state::State;

const FRONT: [BoardBox; 3] = [BoardBox::Left, BoardBox::Centre, BoardBox::Right];

fn is_leader(b: &Battle, id: UnitId) -> bool {
    b.unit(id).is_some_and(|(_, u, _, _)| u.leader.is_some())
}

/// Live units of `side` in `bx`.
fn in_box(b: &Battle, side: Side, bx: BoardBox) -> usize {
    b.units(side)
        .iter()
        .filter(|u| u.alive && u.at == Some(bx))
        .count()
}

fn empty_front(b: &Battle, side: Side) -> Option<BoardBox> {
    let live_front: usize = FRONT.iter().map(|&f| in_box(b, side, f)).sum();
    let in_reserve = in_box(b, side, BoardBox::Reserve);
    if live_front + in_reserve < 2 {
        return None;
    }
    FRONT.into_iter().find(|&f| in_box(b, side, f) == 0)
}

/// A target's appeal: low defense dies more often on the CRT (15.9), a leader takes
/// his value out of the enemy's battle.
fn target_score(b: &Battle, id: UnitId) -> f64 {
    match b.unit(id) {
        Some((_, u, _, true)) => {
            10.0 - f64::from(u.defense) + u.leader.map_or(0.0, |l| 0.5 + f64::from(l.value) * 0.1)
        }
        _ => 0.0,
    }
}

/// The score of one Battle Board action for the side deciding now.
pub fn score(state: &State, action: &BattleAction) -> f64 {
    let Some(fight) = &state.player_turn.combat.fight else {
        return 0.0;
    };
    let b = &fight.battle;
    let Some(decision) = b.to_decide() else {
        return 0.0;
    };
    let side = decision.side;
    match (decision.kind, action) {
        (DecisionKind::Deploy { unit }, BattleAction::Deploy(to)) => {
            if is_leader(b, unit) {
                return if *to == BoardBox::Reserve { 2.0 } else { 0.0 };
            }
            match to {
                BoardBox::Reserve => -1.0,
                // The emptiest front box, the centre first among equals.
                _ => {
                    -(in_box(b, side, *to) as f64) + if *to == BoardBox::Centre { 0.1 } else { 0.0 }
                }
            }
        }
        (DecisionKind::Move, BattleAction::Select(id)) => {
            let from_reserve = b
                .unit(*id)
                .is_some_and(|(_, _, at, alive)| alive && at == Some(BoardBox::Reserve));
            if from_reserve && !is_leader(b, *id) && empty_front(b, side).is_some() {
                1.0
            } else {
                -1.0
            }
        }
        (DecisionKind::MoveTo { .. }, BattleAction::MoveTo(to)) => {
            if empty_front(b, side) == Some(*to) {
                2.0
            } else if *to == BoardBox::Reserve {
                0.5
            } else {
                0.0
            }
        }
        (_, BattleAction::Charge(bx)) => 1.0 + 0.1 * in_box(b, side, *bx) as f64,
        (
            _,
            BattleAction::ShieldWall | BattleAction::FeignedFlight | BattleAction::CancelManeuver,
        ) => 1.0,
        (_, BattleAction::Maneuver(_)) => -0.5,
        (DecisionKind::Attack | DecisionKind::Pursue, BattleAction::Select(id)) => {
            1.0 + b
                .unit(*id)
                .map_or(0.0, |(_, u, _, _)| 0.1 * f64::from(u.attack))
        }
        (_, BattleAction::Target(id)) => target_score(b, *id),
        _ => 0.0,
    }
}
