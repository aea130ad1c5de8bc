//! Command Control (24.0, optional): before a force moves, its player rolls a die and
//! adds the value of one leader in the force (the King's if he is in it); 1-2 the
//! force may not move this phase, 3-5 it moves, 6 or more its allowance is one more
//! (T6's `command_control` row). A leader lends his value once a phase, but to every
//! Forced March he goes with (24.3, 24.4); a counter march is a Forced March (brief
//! ruling 20). RULINGS CC1-CC3.

use super::super::actions::Event;
use super::super::data::{data, Place, Power};
use super::super::state::State;
use super::movement::MovementEvent;
use super::pieces::{is_king, leader_value};
use crate::engine::{GameEvent, Seat};
use serde::{Deserialize, Serialize};

/// The Command Control Table's three results (24.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// The force may not move this movement phase.
    NoMove,
    Move,
    /// The force moves with its printed allowance one higher.
    Enhanced,
}

impl Command {
    pub fn name(self) -> &'static str {
        match self {
            Command::NoMove => "No Move",
            Command::Move => "Move",
            Command::Enhanced => "Enhanced Move",
        }
    }
}

/// Whether forces need a command check in this game.
pub fn applies(state: &State) -> bool {
    state.options.command_control
}

/// The leader whose value modifies the check, and that value: the King when he is in
/// the force, else its best leader whose value is unspent this phase (CC1). `forced`:
/// a Forced March, where every leader may lend his value again (24.4).
fn commander(state: &State, place: Place, units: &[u16], forced: bool) -> Option<(u16, u8)> {
    let spent = &state.player_turn.movement.commanded;
    let usable = |id: u16| forced || !spent.contains(&id);
    let leaders: Vec<(u16, u8, bool)> = state
        .forces
        .get(&place)
        .into_iter()
        .flatten()
        .flat_map(|s| s.units.iter())
        .filter(|u| units.contains(&u.id))
        .map(|u| (u.id, leader_value(&u.identity), is_king(&u.identity)))
        .filter(|&(_, value, king)| value > 0 || king)
        .collect();
    if let Some(&(id, value, _)) = leaders.iter().find(|l| l.2) {
        return Some((id, if usable(id) { value } else { 0 }));
    }
    leaders
        .iter()
        .filter(|l| usable(l.0))
        .max_by_key(|l| (l.1, std::cmp::Reverse(l.0)))
        .map(|&(id, value, _)| (id, value))
}

/// The table's result for a modified roll (24.1).
pub fn result(modified: u8) -> Command {
    let t = &data().tables.fixed.command_control;
    if modified <= t.no_move_max {
        Command::NoMove
    } else if modified <= t.move_max {
        Command::Move
    } else {
        Command::Enhanced
    }
}

/// Rolls the check for the force of `units` in `place` (24.2) and says the result to
/// everyone; the die, the leader and his value only to the power's own seat (CC3), since
/// the modifier would tell the others which leader stands in a face-down stack.
pub fn check(
    state: &mut State,
    power: Power,
    place: Place,
    units: &[u16],
    forced: bool,
    events: &mut Vec<GameEvent<Event>>,
) -> Command {
    let leader = commander(state, place, units, forced);
    let roll = u8::try_from(state.chance.roll(6)).unwrap_or(6);
    let modifier = leader.map_or(0, |l| l.1);
    let outcome = result(roll.saturating_add(modifier));
    if let Some((id, value)) = leader {
        let spent = &mut state.player_turn.movement.commanded;
        if value > 0 && !spent.contains(&id) {
            spent.push(id);
        }
    }
    let owner: Vec<Seat> = state.controller(power).into_iter().collect();
    events.push(GameEvent::private(
        owner,
        "24.2",
        MovementEvent::CommandRoll {
            power,
            roll,
            leader: leader.map(|l| l.0),
            modifier,
        },
    ));
    events.push(GameEvent::public(
        "24.1",
        MovementEvent::Commanded {
            power,
            place,
            result: outcome,
        },
    ));
    outcome
}
