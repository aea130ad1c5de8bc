//! The Movement Phase (3.2 e, 14.0, 16.2-16.5): the phasing power moves its forces one
//! at a time, square by square, with the rules of `moves/` pricing each step and saying
//! where a force must stop. A force is mustered in a place (all its unmoved land units,
//! or all its unmoved fleets), may leave units behind (14.5), and steps until it halts,
//! must stop (14.7, 14.9, 21.4) or another force starts. A Forced March moves a force
//! that has moved once more (16.2). Entering a square of enemy units reveals everyone
//! there (7.2); entering a neutral's square by land makes it belligerent (4.4, 14.9).
//!
//! Fleets mustered in a port take land units aboard before they sail, carry them at
//! the fleets' allowance and land them on a coast, port or river square (17.5-17.10);
//! the cargo is ashore by the end of the move (NT1-NT3).
//!
//! Counter marches (16.6-16.10) answer a step from `turn/counter_march.rs`, which
//! uses this module's muster, step and finish.
//!
//! Not built yet (RULINGS "Not yet"): boarding on an open coast (17.7, 17.8) and
//! staying embarked (17.11).

use super::super::actions::{Action, Event};
use super::super::chits::put_back;
use super::super::data::tables::PlayerPhase;
use super::super::data::{BoxId, Place, Power, UnitType};
use super::super::moves::{
    check_debark, check_embark, check_step, Embarkation, Force, HalfMp, Mode,
};
use super::super::state::{State, Unit};
use super::command::{self, Command};
use super::neutral::violate;
use super::overrun;
use super::phasing;
use super::pieces::{
    is_fleet, join_stack, remove_unit, reveal_all, summer, surroundings, sync_castles, unit_type,
};
use crate::engine::{GameEvent, RuleError, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub(super) const FORCED_MARCH: &str = "forced_march";

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovementState {
    /// Units that have made their move this phase, or were left on the way (14.3,
    /// 14.5): only a Forced March moves them again.
    pub moved: Vec<u16>,
    /// The force now moving, if any.
    pub moving: Option<Moving>,
    /// Units that crossed a box's edge this player turn, and the box: they may not
    /// cross it again, not even by a Forced March (21.4).
    #[serde(default)]
    pub crossed: Vec<(u16, BoxId)>,
    /// Leaders whose value modified a command check this phase (24.3).
    #[serde(default)]
    pub commanded: Vec<u16>,
}

/// A force in the middle of its move (public: everyone watches it go).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moving {
    pub power: Power,
    pub place: Place,
    pub units: Vec<u16>,
    pub fleets: bool,
    /// Half movement points left of the allowance fixed at muster (14.5).
    pub mp_left: u16,
    /// A box whose edge it crossed (21.4).
    pub box_crossed: Option<BoxId>,
    /// Steps taken so far in this move.
    pub steps: u8,
    /// Moving by a Forced March (16.2): units may be left only where it began (16.4).
    pub forced: bool,
    /// Land units aboard the moving fleets (17.5), carried in the fleets' place until
    /// they land (17.10).
    #[serde(default)]
    pub cargo: Vec<u16>,
}

/// The phase's own decisions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MovementAction {
    /// Gathers every unmoved land unit (or, with `fleets`, every unmoved fleet) of the
    /// power in `place` into a force, ending any other force's move.
    Muster {
        power: Power,
        place: Place,
        fleets: bool,
    },
    /// 16.2: plays a Forced March to move the units in `place` that have moved already,
    /// land units (or fleets) together.
    ForcedMarch {
        power: Power,
        place: Place,
        fleets: bool,
    },
    /// 14.5: the moving force leaves `unit` where it stands. Before the first step the
    /// unit simply stays out of the force and may still move.
    Leave { power: Power, unit: u16 },
    /// 14.1: one step of the moving force into `to`; from a place with no moving force,
    /// musters its land units (its fleets if it has no land units) first.
    Step {
        power: Power,
        from: Place,
        to: Place,
    },
    /// 14.3: the moving force ends its move where it is.
    Halt { power: Power },
    /// 17.5, 17.6: an unmoved land unit in the port boards the fleets mustered there,
    /// before they sail.
    Board { power: Power, unit: u16 },
    /// 17.10: every land unit aboard the moving fleets lands where they are; the fleets
    /// may sail on.
    Land { power: Power },
    /// 16.6, 16.7: a power of another player plays a Forced March to march its land
    /// units (or fleets) in `from` into the square a phasing force just entered next to
    /// them (`turn/counter_march.rs`).
    CounterMarch {
        power: Power,
        from: Place,
        fleets: bool,
    },
    /// 16.7: the power asked lets the phasing force's move go on.
    NoCounterMarch { power: Power },
}

/// What the phase's decisions did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovementEvent {
    Mustered {
        power: Power,
        place: Place,
        units: Vec<u16>,
        forced: bool,
    },
    Stepped {
        power: Power,
        from: Place,
        to: Place,
        units: Vec<u16>,
        /// Half movement points left.
        mp_left: u16,
    },
    LeftBehind {
        power: Power,
        place: Place,
        unit: u16,
    },
    /// The move is over: `rule` says why (14.3 halted by choice, 14.7 terrain, 14.9
    /// enemy or neutral, 21.4 a box, 14.1 no step left).
    MoveEnded {
        power: Power,
        place: Place,
        rule: &'static str,
    },
    /// 7.2: every counter in the square is shown to every player.
    Revealed { place: Place },
    /// 17.5: a land unit went aboard the moving fleets.
    Boarded {
        power: Power,
        place: Place,
        unit: u16,
    },
    /// 17.10: the cargo went ashore and has moved for this phase.
    Landed {
        power: Power,
        place: Place,
        units: Vec<u16>,
    },
    /// 16.7: a Forced March played against the force that entered `to`: the units in
    /// `from` march into it, and the triggering force's move is over.
    CounterMarched {
        power: Power,
        from: Place,
        to: Place,
        units: Vec<u16>,
    },
    /// 16.7: the power asked did not counter march.
    NoCounterMarch { power: Power },
    /// 24.2, to the power's own seat: the command check's die and the leader whose
    /// value modified it.
    CommandRoll {
        power: Power,
        roll: u8,
        leader: Option<u16>,
        modifier: u8,
    },
    /// 24.1: the command check's result for the force mustered in `place`.
    Commanded {
        power: Power,
        place: Place,
        result: Command,
    },
    /// 25.1: the moving force destroyed every defender in `place`.
    Overrun {
        power: Power,
        place: Place,
        units: Vec<u16>,
        mp_left: u16,
    },
}

pub fn begin(_state: &mut State, _power: Power, _events: &mut Vec<GameEvent<Event>>) {}

pub fn waiting(_state: &State, _power: Power) -> Option<Vec<Seat>> {
    None
}

fn err(rule: &'static str, why: impl Into<String>) -> RuleError {
    RuleError::new(rule, why)
}

/// The power's units in `place` a muster (or, `forced`, a Forced March) would take.
fn musterable(state: &State, power: Power, place: Place, fleets: bool, forced: bool) -> Vec<u16> {
    let moved = &state.player_turn.movement.moved;
    let aboard = aboard(state);
    state.stack(place, power).map_or(Vec::new(), |s| {
        s.units
            .iter()
            .filter(|u| !aboard.contains(&u.id))
            .filter(|u| is_fleet(&u.identity) == fleets)
            .filter(|u| moved.contains(&u.id) == forced)
            .map(|u| u.id)
            .collect()
    })
}

/// The force as `moves/` sees it, allowance fixed from its units' types (14.5, 9.9).
pub(super) fn force_of(
    state: &State,
    power: Power,
    place: Place,
    units: &[u16],
) -> Result<Force, RuleError> {
    let stack = state
        .stack(place, power)
        .ok_or_else(|| err("14.1", format!("no units of theirs in {place}")))?;
    let types: Vec<UnitType> = units
        .iter()
        .filter_map(|id| stack.units.iter().find(|u| u.id == *id))
        .filter_map(|u| unit_type(&u.identity))
        .collect();
    Force::of_units(power, &types, &[], summer(state))
}

/// The moving force rebuilt for the next step.
fn moving_force(m: &Moving) -> Force {
    let fleets = u8::try_from(m.units.len()).unwrap_or(u8::MAX);
    Force {
        power: m.power,
        mode: if m.fleets {
            Mode::Fleet {
                fleets,
                cargo: u8::try_from(m.cargo.len()).unwrap_or(u8::MAX),
            }
        } else {
            Mode::Land
        },
        ma: HalfMp(m.mp_left),
        box_crossed: m.box_crossed,
    }
}

/// The places the moving force may step into now. Fleets with cargo aboard keep a
/// landing place within reach (NT2: cargo never ends a move at sea) and keep clear of
/// enemy fleets (NT3: no sea battle with cargo aboard yet).
fn next_steps(state: &State, m: &Moving) -> Vec<Place> {
    let force = moving_force(m);
    let around = surroundings(state, m.power);
    m.place
        .neighbours()
        .into_iter()
        .filter(|&to| {
            let Ok(outcome) = check_step(&force, m.place, to, HalfMp(m.mp_left), &around) else {
                return false;
            };
            if m.cargo.is_empty() {
                return true;
            }
            let into_fleets = to
                .square()
                .is_some_and(|sq| around.enemy_fleets.contains(&sq));
            !into_fleets
                && (outcome.stop.is_none() || landable(state, m.power, to))
                && landing_within(state, m, to, outcome.mp_left)
        })
        .collect()
}

/// The land units aboard the moving fleets (none when no fleets move).
pub fn aboard(state: &State) -> &[u16] {
    state
        .player_turn
        .movement
        .moving
        .as_ref()
        .map_or(&[], |m| m.cargo.as_slice())
}

/// Whether the cargo of `power` may land in `place` (17.10, M10).
fn landable(state: &State, power: Power, place: Place) -> bool {
    check_debark(place, &surroundings(state, power)).is_ok()
}

/// Whether fleets carrying cargo, having stepped into `from` with `mp` left, can still
/// reach a square where the cargo may land (that square itself counting).
fn landing_within(state: &State, m: &Moving, from: Place, mp: HalfMp) -> bool {
    let force = moving_force(m);
    let around = surroundings(state, m.power);
    let mut best: BTreeMap<Place, u16> = BTreeMap::from([(from, mp.0)]);
    let mut todo = vec![(from, mp)];
    while let Some((at, left)) = todo.pop() {
        if landable(state, m.power, at) {
            return true;
        }
        for to in at.neighbours() {
            if to
                .square()
                .is_some_and(|sq| around.enemy_fleets.contains(&sq))
            {
                continue;
            }
            let Ok(out) = check_step(&force, at, to, left, &around) else {
                continue;
            };
            if best.get(&to).is_none_or(|&b| out.mp_left.0 > b) {
                best.insert(to, out.mp_left.0);
                if out.stop.is_none() {
                    todo.push((to, out.mp_left));
                } else if landable(state, m.power, to) {
                    return true;
                }
            }
        }
    }
    false
}

/// Cargo aboard fleets in a place where it cannot land: the move may not end here.
fn stranded(state: &State, power: Power) -> bool {
    is_moving(state, power).is_some_and(|m| !m.cargo.is_empty() && !landable(state, power, m.place))
}

/// The power's unmoved land units in the moving fleets' place that may go aboard now
/// (17.5, 17.6): in a port, before the fleets' first step. Boarding on an open coast
/// (17.7, 17.8) is not built yet.
fn boardable(state: &State, m: &Moving) -> Vec<u16> {
    if !m.fleets || m.steps > 0 {
        return Vec::new();
    }
    let around = surroundings(state, m.power);
    let Some(stack) = state.stack(m.place, m.power) else {
        return Vec::new();
    };
    let fleets = u8::try_from(m.units.len()).unwrap_or(u8::MAX);
    let aboard: Vec<UnitType> = m
        .cargo
        .iter()
        .filter_map(|id| stack.units.iter().find(|u| u.id == *id))
        .filter_map(|u| unit_type(&u.identity))
        .collect();
    let moved = &state.player_turn.movement.moved;
    stack
        .units
        .iter()
        .filter(|u| !is_fleet(&u.identity) && !m.cargo.contains(&u.id) && !moved.contains(&u.id))
        .filter(|u| {
            let Some(t) = unit_type(&u.identity) else {
                return false;
            };
            let mut cargo = aboard.clone();
            cargo.push(t);
            check_embark(m.power, m.place, fleets, &cargo, &around) == Ok(Embarkation::Port)
        })
        .map(|u| u.id)
        .collect()
}

/// The force `power` is moving now, if any.
pub(super) fn is_moving(state: &State, power: Power) -> Option<&Moving> {
    state
        .player_turn
        .movement
        .moving
        .as_ref()
        .filter(|m| m.power == power)
}

pub fn legal_actions(state: &State, power: Power, _seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    let moving = is_moving(state, power);
    if let Some(m) = moving {
        out.extend(
            next_steps(state, m)
                .into_iter()
                .map(|to| MovementAction::Step {
                    power,
                    from: m.place,
                    to,
                }),
        );
        // Fleets left behind must leave room for the cargo (17.5).
        let room = m.fleets && !m.cargo.is_empty() && !room_without_one(m);
        if m.units.len() > 1 && (!m.forced || m.steps == 0) && !room {
            out.extend(
                m.units
                    .iter()
                    .map(|&unit| MovementAction::Leave { power, unit }),
            );
        }
        out.extend(
            boardable(state, m)
                .into_iter()
                .map(|unit| MovementAction::Board { power, unit }),
        );
        if !m.cargo.is_empty() && landable(state, power, m.place) {
            out.push(MovementAction::Land { power });
        }
        // Halting before the first step would undo nothing but the muster (14.3).
        if m.steps > 0 && !stranded(state, power) {
            out.push(MovementAction::Halt { power });
        }
        if stranded(state, power) {
            return out.into_iter().map(Action::from).collect();
        }
    }
    let has_march = state.power(power).hand.iter().any(|c| c.is(FORCED_MARCH));
    let places: Vec<Place> = state
        .forces
        .iter()
        .filter(|(_, stacks)| stacks.iter().any(|s| s.power == power))
        .map(|(&p, _)| p)
        .collect();
    for place in places {
        if moving.is_some_and(|m| m.place == place) {
            continue;
        }
        for fleets in [false, true] {
            if !musterable(state, power, place, fleets, false).is_empty() {
                out.push(MovementAction::Muster {
                    power,
                    place,
                    fleets,
                });
            }
            if has_march && !musterable(state, power, place, fleets, true).is_empty() {
                out.push(MovementAction::ForcedMarch {
                    power,
                    place,
                    fleets,
                });
            }
        }
        if let Some(m) = shortcut(state, power, place) {
            out.extend(
                next_steps(state, &m)
                    .into_iter()
                    .map(|to| MovementAction::Step {
                        power,
                        from: place,
                        to,
                    }),
            );
        }
    }
    out.into_iter().map(Action::from).collect()
}

/// The force a Step from a place with no moving force takes: the unmoved land units,
/// or the unmoved fleets where there are no land units to move.
fn shortcut(state: &State, power: Power, place: Place) -> Option<Moving> {
    let land = musterable(state, power, place, false, false);
    let (units, fleets) = if land.is_empty() {
        (musterable(state, power, place, true, false), true)
    } else {
        (land, false)
    };
    if units.is_empty() {
        return None;
    }
    let force = force_of(state, power, place, &units).ok()?;
    Some(Moving {
        power,
        place,
        units,
        fleets,
        mp_left: force.ma.0,
        box_crossed: None,
        steps: 0,
        forced: false,
        cargo: Vec::new(),
    })
}

pub fn may_end(state: &State, power: Power) -> Result<(), RuleError> {
    if stranded(state, power) {
        return Err(err(
            "17.10",
            "the fleets' cargo is at sea: sail on to where it may land",
        ));
    }
    Ok(())
}

/// Whether the moving fleets, one fewer, would still hold their cargo (17.5, T6).
fn room_without_one(m: &Moving) -> bool {
    let per_fleet = usize::from(super::super::data::data().tables.fixed.fleet_capacity);
    m.cargo.len() <= m.units.len().saturating_sub(1) * per_fleet
}

pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &MovementAction,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let named = match *action {
        MovementAction::Muster { power, .. }
        | MovementAction::ForcedMarch { power, .. }
        | MovementAction::Leave { power, .. }
        | MovementAction::Step { power, .. }
        | MovementAction::Halt { power }
        | MovementAction::Board { power, .. }
        | MovementAction::Land { power } => power,
        MovementAction::CounterMarch { .. } | MovementAction::NoCounterMarch { .. } => {
            return Err(err(
                "16.7",
                "a counter march is declared only the instant a phasing force moves next \
                 to the power's force",
            ))
        }
    };
    let power = phasing(state, seat, PlayerPhase::Movement, "14.1")?;
    if power != named {
        return Err(err(
            "14.1",
            format!("it is the {}' movement phase", power.name()),
        ));
    }
    let mut events = Vec::new();
    let elsewhere = match *action {
        MovementAction::Muster { place, .. } | MovementAction::ForcedMarch { place, .. } => {
            Some(place)
        }
        MovementAction::Step { from, .. } => Some(from),
        _ => None,
    };
    if let Some(place) = elsewhere {
        if stranded(state, power) && is_moving(state, power).is_some_and(|m| m.place != place) {
            return Err(err(
                "17.10",
                "the fleets' cargo is at sea: land it before another force moves",
            ));
        }
    }
    match *action {
        MovementAction::Board { unit, .. } => board(state, power, unit, &mut events)?,
        MovementAction::Land { .. } => {
            let Some(m) = is_moving(state, power).cloned() else {
                return Err(err("17.10", "no fleets are moving"));
            };
            if m.cargo.is_empty() {
                return Err(err("17.10", "the fleets carry nobody"));
            }
            check_debark(m.place, &surroundings(state, power))?;
            land(state, &mut events);
        }
        MovementAction::Muster { place, fleets, .. } => {
            muster(state, power, place, fleets, false, &mut events)?;
        }
        MovementAction::ForcedMarch { place, fleets, .. } => {
            if !state.power(power).hand.iter().any(|c| c.is(FORCED_MARCH)) {
                return Err(err("16.2", "that needs a Forced March marker in hand"));
            }
            muster(state, power, place, fleets, true, &mut events)?;
            let hand = &mut state.power_mut(power).hand;
            if let Some(i) = hand.iter().position(|c| c.is(FORCED_MARCH)) {
                let c = hand.remove(i);
                put_back(&mut state.pool, c);
            }
        }
        MovementAction::Leave { unit, .. } => leave(state, power, unit, &mut events)?,
        MovementAction::Step { from, to, .. } => {
            if is_moving(state, power).is_none_or(|m| m.place != from) {
                let m = shortcut(state, power, from).ok_or_else(|| {
                    err("14.3", format!("nothing of theirs in {from} may move now"))
                })?;
                muster(state, power, from, m.fleets, false, &mut events)?;
                if is_moving(state, power).is_none() {
                    // 24.1: the command check said No Move; the force stays.
                    return Ok(events);
                }
            }
            step(state, power, to, &mut events)?;
        }
        MovementAction::CounterMarch { .. } | MovementAction::NoCounterMarch { .. } => {}
        MovementAction::Halt { .. } => {
            if is_moving(state, power).is_none_or(|m| m.steps == 0) {
                return Err(err("14.3", "no force has begun to move"));
            }
            if stranded(state, power) {
                return Err(err(
                    "17.10",
                    "the fleets' cargo is at sea: sail on to where it may land",
                ));
            }
            finish(state, "14.3", &mut events);
        }
    }
    Ok(events)
}

fn muster(
    state: &mut State,
    power: Power,
    place: Place,
    fleets: bool,
    forced: bool,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    let units = musterable(state, power, place, fleets, forced);
    if units.is_empty() {
        return Err(if forced {
            err(
                "16.2",
                format!("a Forced March moves a force that has moved; none in {place}"),
            )
        } else {
            err(
                "14.3",
                format!("no unit of theirs in {place} is still to move"),
            )
        });
    }
    let force = force_of(state, power, place, &units)?;
    let box_crossed = state
        .player_turn
        .movement
        .crossed
        .iter()
        .find(|(u, _)| units.contains(u))
        .map(|&(_, b)| b);
    finish(state, "14.3", events);
    events.push(GameEvent::public(
        if forced { "16.2" } else { "14.1" },
        MovementEvent::Mustered {
            power,
            place,
            units: units.clone(),
            forced,
        },
    ));
    let mut mp_left = force.ma.0;
    if command::applies(state) {
        match command::check(state, power, place, &units, forced, events) {
            Command::NoMove => {
                stay(state, power, place, &units, events);
                return Ok(());
            }
            Command::Move => {}
            Command::Enhanced => {
                let plus = super::super::data::data()
                    .tables
                    .fixed
                    .command_control
                    .enhanced_ma_plus;
                mp_left = mp_left.saturating_add(HalfMp::whole(plus).0);
            }
        }
    }
    state.player_turn.movement.moving = Some(Moving {
        power,
        place,
        units,
        fleets,
        mp_left,
        box_crossed,
        steps: 0,
        forced,
        cargo: Vec::new(),
    });
    Ok(())
}

/// 24.1 No Move: the force may not move this phase; only a Forced March moves it, with
/// a check of its own (24.4).
fn stay(
    state: &mut State,
    power: Power,
    place: Place,
    units: &[u16],
    events: &mut Vec<GameEvent<Event>>,
) {
    let moved = &mut state.player_turn.movement.moved;
    for &u in units {
        if !moved.contains(&u) {
            moved.push(u);
        }
    }
    events.push(GameEvent::public(
        "24.1",
        MovementEvent::MoveEnded {
            power,
            place,
            rule: "24.1",
        },
    ));
}

pub(super) fn leave(
    state: &mut State,
    power: Power,
    unit: u16,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    let Some(m) = is_moving(state, power) else {
        return Err(err("14.5", "no force is moving"));
    };
    if !m.units.contains(&unit) {
        return Err(err(
            "14.5",
            format!("unit {unit} is not in the moving force"),
        ));
    }
    if m.units.len() == 1 {
        return Err(err("14.5", "a force needs at least one unit: halt instead"));
    }
    if m.fleets && !m.cargo.is_empty() && !room_without_one(m) {
        return Err(err(
            "17.5",
            "the fleets left would not hold the cargo (2 land units a fleet)",
        ));
    }
    if m.forced && m.steps > 0 {
        return Err(err(
            "16.4",
            "a forced march leaves units only where it began",
        ));
    }
    let (place, steps) = (m.place, m.steps);
    let mv = &mut state.player_turn.movement;
    if let Some(m) = mv.moving.as_mut() {
        m.units.retain(|&u| u != unit);
    }
    // Left before the first step, the unit has not moved; on the way, it has (14.5).
    if steps > 0 && !mv.moved.contains(&unit) {
        mv.moved.push(unit);
    }
    events.push(GameEvent::public(
        "14.5",
        MovementEvent::LeftBehind { power, place, unit },
    ));
    Ok(())
}

pub(super) fn step(
    state: &mut State,
    power: Power,
    to: Place,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    let Some(m) = is_moving(state, power).cloned() else {
        return Err(err("14.1", "no force is moving"));
    };
    let force = moving_force(&m);
    let around = surroundings(state, power);
    let outcome = check_step(&force, m.place, to, HalfMp(m.mp_left), &around)?;
    if !m.cargo.is_empty() && !next_steps(state, &m).contains(&to) {
        return Err(err(
            "17.10",
            "with cargo aboard the fleets keep a landing place in reach and avoid enemy fleets",
        ));
    }
    // Neutral powers in the square entered, before the units arrive.
    let neutrals: Vec<Power> = state
        .stacks_at(to)
        .iter()
        .filter(|s| s.power != power && state.controller(s.power).is_none())
        .map(|s| s.power)
        .collect();
    let enemy_there = state
        .stacks_at(to)
        .iter()
        .any(|s| s.power != power && !s.units.is_empty());
    let carried: Vec<u16> = m.units.iter().chain(&m.cargo).copied().collect();
    transfer(state, power, m.place, to, &carried);
    sync_castles(state);
    let after = force.after_step(m.place, to);
    let mv = &mut state.player_turn.movement;
    for &u in &m.units {
        if !mv.moved.contains(&u) {
            mv.moved.push(u);
        }
    }
    if let (Place::Box(b), _) | (_, Place::Box(b)) = (m.place, to) {
        for &u in &carried {
            if !mv.crossed.iter().any(|(c, _)| *c == u) {
                mv.crossed.push((u, b));
            }
        }
    }
    if let Some(mm) = mv.moving.as_mut() {
        mm.place = to;
        mm.mp_left = outcome.mp_left.0;
        mm.box_crossed = after.box_crossed;
        mm.steps = mm.steps.saturating_add(1);
    }
    events.push(GameEvent::public(
        "14.1",
        MovementEvent::Stepped {
            power,
            from: m.place,
            to,
            units: carried.clone(),
            mp_left: outcome.mp_left.0,
        },
    ));
    if enemy_there {
        reveal_all(state, to);
        events.push(GameEvent::public(
            "7.2",
            MovementEvent::Revealed { place: to },
        ));
    }
    if outcome.violates_neutrality_now {
        for n in neutrals {
            violate(state, power, n, events);
        }
    }
    let mut stop = outcome.stop;
    if let Some(after) =
        overrun::attempt(state, power, m.place, to, &force, HalfMp(m.mp_left), events)
    {
        stop = after;
    }
    if let Some(stop) = stop {
        finish(state, stop.rule(), events);
    } else if let Some(mm) = state.player_turn.movement.moving.clone() {
        if next_steps(state, &mm).is_empty() {
            finish(state, "14.1", events);
        }
    }
    Ok(())
}

/// Ends the move under way as the phase ends (nothing if no force is moving).
pub fn close(state: &mut State, events: &mut Vec<GameEvent<Event>>) {
    finish(state, "14.3", events);
}

/// Carries `units` from one place to another, counters unchanged.
fn transfer(state: &mut State, power: Power, from: Place, to: Place, units: &[u16]) {
    let taken: Vec<Unit> = units
        .iter()
        .filter_map(|&id| remove_unit(state, from, id).map(|(_, u)| u))
        .collect();
    join_stack(state, to, power, taken);
}

/// Ends the moving force's move, if there is one. A fleet violates a neutral only by
/// ending its move in the neutral's square (17.4).
pub(super) fn finish(state: &mut State, rule: &'static str, events: &mut Vec<GameEvent<Event>>) {
    // Cargo still aboard goes ashore with the end of the move (17.10; NT2).
    land(state, events);
    if let Some(m) = state.player_turn.movement.moving.take() {
        if m.fleets {
            let neutrals: Vec<Power> = state
                .stacks_at(m.place)
                .iter()
                .filter(|s| state.controller(s.power).is_none())
                .map(|s| s.power)
                .collect();
            for n in neutrals {
                violate(state, m.power, n, events);
            }
        }
        events.push(GameEvent::public(
            rule,
            MovementEvent::MoveEnded {
                power: m.power,
                place: m.place,
                rule,
            },
        ));
    }
}

/// 17.5, 17.6: `unit` boards the fleets mustered in its port.
fn board(
    state: &mut State,
    power: Power,
    unit: u16,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    let Some(m) = is_moving(state, power).cloned() else {
        return Err(err("17.5", "muster the fleets first; then units go aboard"));
    };
    if !m.fleets {
        return Err(err(
            "17.5",
            "land units board fleets, and the moving force is on land",
        ));
    }
    if m.steps > 0 {
        return Err(err("17.5", "units board before the fleets sail"));
    }
    if !boardable(state, &m).contains(&unit) {
        let around = surroundings(state, power);
        let fleets = u8::try_from(m.units.len()).unwrap_or(u8::MAX);
        if let Ok(Embarkation::WholeMove) =
            check_embark(power, m.place, fleets, &[UnitType::Fyrd], &around)
        {
            return Err(err(
                "17.7",
                "boarding on an open coast takes a whole move; only ports are built yet",
            ));
        }
        return Err(err(
            "17.5",
            format!(
                "u{unit} cannot board here: an unmoved land unit of theirs in the fleets' \
                 port, 2 to a fleet"
            ),
        ));
    }
    if let Some(mm) = state.player_turn.movement.moving.as_mut() {
        mm.cargo.push(unit);
    }
    events.push(GameEvent::public(
        "17.5",
        MovementEvent::Boarded {
            power,
            place: m.place,
            unit,
        },
    ));
    Ok(())
}

/// 17.10: the cargo of the moving fleets goes ashore where they are and has moved; a
/// neutral's square so entered wakes its power (17.12, M10).
fn land(state: &mut State, events: &mut Vec<GameEvent<Event>>) {
    let Some(m) = state.player_turn.movement.moving.as_mut() else {
        return;
    };
    if m.cargo.is_empty() {
        return;
    }
    let units = std::mem::take(&mut m.cargo);
    let (power, place) = (m.power, m.place);
    let mv = &mut state.player_turn.movement;
    for &u in &units {
        if !mv.moved.contains(&u) {
            mv.moved.push(u);
        }
    }
    events.push(GameEvent::public(
        "17.10",
        MovementEvent::Landed {
            power,
            place,
            units,
        },
    ));
    let neutrals: Vec<Power> = state
        .stacks_at(place)
        .iter()
        .filter(|s| s.power != power && state.controller(s.power).is_none())
        .map(|s| s.power)
        .collect();
    for n in neutrals {
        violate(state, power, n, events);
    }
}
