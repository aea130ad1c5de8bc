//! Combat (7.0): odds and the Combat Results Table, Leader shifts, terrain doubling,
//! normal attacks, Archery, retreats and the Leader roll of 8.6.

use super::actions::Units;
use super::capture;
use super::data::{data, CrtResult};
use super::events::{FuryEvent, Odds, Rouser};
use super::state::{FuryState, HexSet, Pending, Phase, Place, UnitId};
use super::treasure;
use super::units::{Kind, Side};
use crate::board::Hex;
use crate::engine::{GameEvent, RuleError};

pub const CRT_COLUMNS: [&str; 7] = ["1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1"];

/// The CRT column for attack `a` against defence `d` (d > 0), rounded down in the
/// defender's favour and clamped to the table (7.2, RT-CRT).
pub fn crt_column(a: u32, d: u32) -> usize {
    if a >= 4 * d {
        6
    } else if a >= 3 * d {
        5
    } else if a >= 2 * d {
        4
    } else if a >= d {
        3
    } else if 2 * a >= d {
        2
    } else if 3 * a >= d {
        1
    } else {
        0
    }
}

pub fn combat_phase_of(side: Side) -> Phase {
    match side {
        Side::Viking => Phase::VikingCombat,
        Side::Villager => Phase::VillagerCombat,
    }
}

fn check_phase(state: &FuryState, side: Side) -> Result<(), RuleError> {
    if state.phase != combat_phase_of(side) {
        return Err(RuleError::new(
            "4.0",
            "attacks happen only in your own Combat Phase",
        ));
    }
    if side == Side::Villager && !state.lock_lifted {
        return Err(RuleError::new(
            "5.7",
            "the Villagers may not attack until the Vikings strike",
        ));
    }
    Ok(())
}

/// Removes a unit from play; what it held reverts where it stood (8.5).
pub fn eliminate(
    state: &mut FuryState,
    id: UnitId,
    rule: &'static str,
) -> Vec<GameEvent<FuryEvent>> {
    let mut events = Vec::new();
    if let Some(hex) = state.hex_of(id) {
        events.extend(treasure::drop_loot(state, id, hex));
    }
    state.unit_mut(id).place = Place::Eliminated;
    events.push(GameEvent::public(
        rule,
        FuryEvent::Eliminated {
            unit: state.code_of(id),
        },
    ));
    events
}

/// Units of `side` in the hex that would join a normal attack now: those with an
/// Attack Strength above 0, and Leaders with them (7.4, 7.9).
pub fn attackers_at(state: &FuryState, hex: Hex, side: Side) -> Vec<UnitId> {
    let ready: Vec<UnitId> = state
        .side_at(hex, side)
        .filter(|&id| state.ready(id))
        .collect();
    let strong = ready.iter().any(|&id| state.attack_of(id) > 0);
    if !strong {
        return Vec::new();
    }
    ready
        .into_iter()
        .filter(|&id| state.attack_of(id) > 0 || state.unit(id).kind.is_leader())
        .collect()
}

/// Enemy units a normal attack on the hex would include.
pub fn targets_at(state: &FuryState, hex: Hex, side: Side, spare: &[UnitId]) -> Vec<UnitId> {
    state
        .defenders_at(hex, side.other())
        .into_iter()
        .filter(|&id| !state.unit(id).defended && !spare.contains(&id))
        .collect()
}

fn leader_shift(state: &FuryState, units: &[UnitId]) -> bool {
    let leader = units.iter().any(|&id| state.unit(id).kind.is_leader());
    let other = units.iter().any(|&id| !state.unit(id).kind.is_leader());
    leader && other
}

/// H-MAND-1: the Viking may leave out a Villager Leader standing without a non-Leader
/// combatant, to Capture it instead.
pub fn spare_error(state: &FuryState, hex: Hex, side: Side, spare: &[UnitId]) -> Option<RuleError> {
    for &id in spare {
        let u = state.unit(id);
        if side != Side::Viking
            || !u.kind.is_villager_leader()
            || u.place != Place::OnMap(hex)
            || state.villager_fighter_at(hex)
        {
            return Some(RuleError::new(
                "H-MAND-1",
                format!("{} cannot be left out of the attack", u.code()),
            ));
        }
        // Left out only to be Captured instead: the Capture must be possible.
        if !capturable_by_someone(state, hex, id) {
            return Some(RuleError::new(
                "H-MAND-1",
                format!(
                    "{} cannot be Captured here, so it must be attacked",
                    u.code()
                ),
            ));
        }
    }
    None
}

/// Could a Viking in the hex make a Capture attempt on this unit now (8.1)?
fn capturable_by_someone(state: &FuryState, hex: Hex, target: UnitId) -> bool {
    state
        .side_at(hex, Side::Viking)
        .any(|c| capture::capture_check(state, c, target).is_ok())
}

pub fn attack(
    state: &mut FuryState,
    side: Side,
    hex: Hex,
    spare: &Units,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    check_phase(state, side)?;
    let label = data().grid.label(hex);
    if state.fired.contains(hex) {
        return Err(RuleError::new(
            "10.3",
            format!("no combat in the Fired hex {label}"),
        ));
    }
    if let Some(e) = spare_error(state, hex, side, spare.as_slice()) {
        return Err(e);
    }
    let attackers = attackers_at(state, hex, side);
    if attackers.is_empty() {
        return Err(RuleError::new(
            "7.9",
            format!("none of your units in {label} can attack"),
        ));
    }
    let defenders = targets_at(state, hex, side, spare.as_slice());
    if defenders.is_empty() {
        return Err(RuleError::new(
            "7.2",
            format!("no enemy unit in {label} is left to attack"),
        ));
    }
    let mut events = Vec::new();
    mark_engaged(state, &attackers, &defenders, hex);
    if side == Side::Viking
        && !state.lock_lifted
        && defenders
            .iter()
            .any(|&d| state.unit(d).kind.is_villager_combatant())
    {
        state.lock_lifted = true;
        events.push(GameEvent::public(
            "5.7",
            FuryEvent::Roused { by: Rouser::Attack },
        ));
    }
    let a: u32 = attackers.iter().map(|&id| state.attack_of(id)).sum();
    let base: u32 = defenders.iter().map(|&id| state.defense_of(id)).sum();
    let d = if state.doubles_defense(hex) {
        base * 2
    } else {
        base
    };
    if d == 0 {
        events.push(GameEvent::public(
            "7.9",
            FuryEvent::AttackUndefended {
                attackers: state.codes_of(&attackers),
                defenders: state.codes_of(&defenders),
                hex,
            },
        ));
        for id in defenders {
            events.extend(eliminate(state, id, "7.9"));
        }
        events.extend(settle(state, side, hex));
        return Ok(events);
    }
    let raw = crt_column(a, d);
    let shift = leader_shift(state, &attackers) as i32 - leader_shift(state, &defenders) as i32;
    let col = (raw as i32 + shift).clamp(0, 6) as usize;
    let roll = state.chance.d6();
    let result = data().crt[(roll as usize - 1).min(5)][col];
    events.push(GameEvent::public(
        if shift != 0 { "7.4" } else { "7.2" },
        FuryEvent::Attack {
            attackers: state.codes_of(&attackers),
            defenders: state.codes_of(&defenders),
            hex,
            attack: a,
            defence: d,
            doubled: state.doubles_defense(hex),
            odds: Odds::crt(raw),
            shifted: (shift != 0).then(|| Odds::crt(col)),
            roll,
            result,
        },
    ));
    events.extend(apply_result(
        state, side, hex, &attackers, &defenders, result, true,
    ));
    events.extend(settle(state, side, hex));
    Ok(events)
}

fn mark_engaged(state: &mut FuryState, attackers: &[UnitId], defenders: &[UnitId], hex: Hex) {
    for &id in attackers {
        let u = state.unit_mut(id);
        u.attacked = true;
        u.engaged = true;
    }
    for &id in defenders {
        let u = state.unit_mut(id);
        u.defended = true;
        u.engaged = true;
    }
    state.attacked_hexes.insert(hex);
}

/// Applies a CRT result. `normal`: false for Archery, where AE, AR and EX do nothing
/// (7.6) and no Leader roll is offered.
fn apply_result(
    state: &mut FuryState,
    side: Side,
    hex: Hex,
    attackers: &[UnitId],
    defenders: &[UnitId],
    result: CrtResult,
    normal: bool,
) -> Vec<GameEvent<FuryEvent>> {
    let mut events = Vec::new();
    // 8.6 applies to a Villager Leader stacked with a combatant, hit by a Viking.
    let leader_roll = normal
        && side == Side::Viking
        && defenders
            .iter()
            .any(|&d| state.unit(d).kind.counts_as_villager_combatant());
    match result {
        CrtResult::DE | CrtResult::DR => {
            let mut later = Vec::new();
            for &id in defenders {
                if leader_roll && state.unit(id).kind.is_villager_leader() {
                    state
                        .pending
                        .push(Pending::LeaderRoll { leader: id, result });
                } else if result == CrtResult::DE {
                    events.extend(eliminate(state, id, "7.2"));
                } else {
                    later.push(Pending::Retreat { unit: id });
                }
            }
            state.pending.extend(later);
        }
        CrtResult::AE if normal => {
            for &id in attackers {
                events.extend(eliminate(state, id, "7.2"));
            }
        }
        CrtResult::AR if normal => {
            for &id in attackers {
                state.pending.push(Pending::Retreat { unit: id });
            }
        }
        CrtResult::EX if normal => {
            for &id in attackers.iter().chain(defenders) {
                events.extend(eliminate(state, id, "7.2"));
            }
        }
        _ => events.push(GameEvent::public(
            "7.6",
            FuryEvent::ArcheryIgnores { result },
        )),
    }
    let _ = hex;
    events
}

/// After a Viking attack has been fully resolved: the hex may now be sacked and its
/// Treasure taken (9.2, H-TRS-1).
pub fn settle(state: &mut FuryState, side: Side, hex: Hex) -> Vec<GameEvent<FuryEvent>> {
    if side == Side::Viking && state.pending.is_empty() {
        treasure::on_viking_entry(state, hex)
    } else {
        Vec::new()
    }
}

// ---- Archery (7.6) ----

/// H-LOS: range 1 always sees; at range 2 at least one of the hexes between must be
/// free of Woods, Buildings and Fire.
pub fn archery_path_clear(state: &FuryState, from: Hex, to: Hex) -> bool {
    let grid = &data().grid;
    match grid.distance(from, to) {
        1 => true,
        2 => grid
            .neighbours(from)
            .filter(|n| grid.distance(*n, to) == 1)
            .any(|n| {
                !state.fired.contains(n) && !state.terrain(n).is_some_and(|t| t.blocks_archery())
            }),
        _ => false,
    }
}

fn archer_error(state: &FuryState, side: Side, id: UnitId, target: Hex) -> Option<RuleError> {
    archer_check(state, side, id, target, true)
}

/// `archer_error`, with its message written only if `explain` (the listing probes
/// every archer against every target and drops the refusals).
fn archer_check(
    state: &FuryState,
    side: Side,
    id: UnitId,
    target: Hex,
    explain: bool,
) -> Option<RuleError> {
    let u = state.unit(id);
    let refuse = |rule: &'static str, message: &dyn Fn(String) -> String| {
        Some(RuleError::new(
            rule,
            if explain {
                message(u.code())
            } else {
                String::new()
            },
        ))
    };
    let Place::OnMap(from) = u.place else {
        return refuse("7.6", &|code| format!("{code} is not on the map"));
    };
    if u.side() != side || data().stats(u.kind).archery.is_none() {
        return refuse("7.6", &|code| format!("{code} cannot shoot"));
    }
    if !state.ready(id) {
        return refuse("7.2", &|code| {
            format!("{code} has already attacked or is stunned")
        });
    }
    if held_at_home(state, side, from) {
        return refuse("7.1", &|code| {
            format!("{code} must fight the enemy in its own hex")
        });
    }
    if !within_bowshot(state, from, target) {
        return refuse("7.6", &|code| {
            format!("{code} has no clear path within 2 hexes")
        });
    }
    None
}

/// An enemy unit with a Defense Strength shares the hex: the archers there must fight
/// it instead of shooting (7.1).
fn held_at_home(state: &FuryState, side: Side, from: Hex) -> bool {
    state
        .side_at(from, side.other())
        .any(|e| data().stats(state.unit(e).kind).defense.is_some())
}

/// The target is in range with a clear path (7.6).
fn within_bowshot(state: &FuryState, from: Hex, target: Hex) -> bool {
    data().grid.distance(from, target) <= data().tables.archery_range
        && archery_path_clear(state, from, target)
}

/// `archery_legal` of one archer, split by what depends on the target so that a
/// listing asks each archer and each target once instead of every pair: the phase
/// allows Archery and there is a shooter (`may_shoot_now`), the archer may shoot at
/// all (`archer_may_shoot`), it reaches the target (`archer_reaches`), and the target
/// may be shot at (`archery_target_ok`). `archery_legal` of the archer alone is all
/// four.
pub fn may_shoot_now(state: &FuryState, side: Side) -> bool {
    check_phase(state, side).is_ok()
}

/// See `may_shoot_now`: the archer's own checks, whatever the target.
pub fn archer_may_shoot(state: &FuryState, side: Side, id: UnitId) -> bool {
    let u = state.unit(id);
    let Place::OnMap(from) = u.place else {
        return false;
    };
    u.side() == side
        && data().stats(u.kind).archery.is_some()
        && state.ready(id)
        && !held_at_home(state, side, from)
}

/// See `may_shoot_now`: the archer standing in `from` reaches the target.
pub fn archer_reaches(state: &FuryState, from: Hex, target: Hex) -> bool {
    within_bowshot(state, from, target)
}

/// See `may_shoot_now`: the target hex may be shot at by the side.
pub fn archery_target_ok(state: &FuryState, side: Side, target: Hex) -> bool {
    archery_target_check(state, side, target, false).is_none()
}

fn archery_target_error(state: &FuryState, side: Side, target: Hex) -> Option<RuleError> {
    archery_target_check(state, side, target, true)
}

/// `archery_target_error`, with its message written only if `explain`.
fn archery_target_check(
    state: &FuryState,
    side: Side,
    target: Hex,
    explain: bool,
) -> Option<RuleError> {
    let refuse = |rule: &'static str, message: &dyn Fn(String) -> String| {
        Some(RuleError::new(
            rule,
            if explain {
                message(data().grid.label(target))
            } else {
                String::new()
            },
        ))
    };
    if state.fired.contains(target) {
        return refuse("10.3", &|label| {
            format!("no combat in the Fired hex {label}")
        });
    }
    if state.side_at(target, side).next().is_some() || state.attacked_hexes.contains(target) {
        return refuse("7.6", &|label| format!("{label} is already under attack"));
    }
    // The units a normal attack on the hex would include (`targets_at`): none.
    let other = side.other();
    if !state
        .side_at(target, other)
        .any(|id| data().stats(state.unit(id).kind).defense.is_some() && !state.unit(id).defended)
    {
        return refuse("7.6", &|label| format!("nothing in {label} can be shot at"));
    }
    None
}

pub fn archery(
    state: &mut FuryState,
    side: Side,
    shooters: &Units,
    target: Hex,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    check_phase(state, side)?;
    let shooters = shooters.as_slice();
    if shooters.is_empty() {
        return Err(RuleError::new("7.6", "no archers named"));
    }
    for (i, &id) in shooters.iter().enumerate() {
        if shooters[..i].contains(&id) {
            return Err(RuleError::new("7.6", "an archer is named twice"));
        }
        if let Some(e) = archer_error(state, side, id, target) {
            return Err(e);
        }
    }
    if let Some(e) = archery_target_error(state, side, target) {
        return Err(e);
    }
    let defenders = targets_at(state, target, side, &[]);
    let mut events = Vec::new();
    mark_engaged(state, shooters, &defenders, target);
    if side == Side::Viking
        && !state.lock_lifted
        && defenders
            .iter()
            .any(|&d| state.unit(d).kind.is_villager_combatant())
    {
        state.lock_lifted = true;
        events.push(GameEvent::public(
            "5.7",
            FuryEvent::Roused {
                by: Rouser::Archery,
            },
        ));
    }
    let a: u32 = shooters
        .iter()
        .map(|&id| data().stats(state.unit(id).kind).archery.unwrap_or(0) as u32)
        .sum();
    let base: u32 = defenders.iter().map(|&id| state.defense_of(id)).sum();
    let d = if state.doubles_defense(target) {
        base * 2
    } else {
        base
    };
    if d == 0 {
        events.push(GameEvent::public(
            "7.9",
            FuryEvent::ArcheryUndefended {
                shooters: state.codes_of(shooters),
                defenders: state.codes_of(&defenders),
                hex: target,
            },
        ));
        for id in defenders {
            events.extend(eliminate(state, id, "7.9"));
        }
        return Ok(events);
    }
    let col = crt_column(a, d);
    let roll = state.chance.d6();
    let result = data().crt[(roll as usize - 1).min(5)][col];
    events.push(GameEvent::public(
        "7.6",
        FuryEvent::Archery {
            shooters: state.codes_of(shooters),
            defenders: state.codes_of(&defenders),
            hex: target,
            attack: a,
            defence: d,
            doubled: state.doubles_defense(target),
            odds: Odds::crt(col),
            roll,
            result,
        },
    ));
    events.extend(apply_result(
        state, side, target, shooters, &defenders, result, false,
    ));
    Ok(events)
}

// ---- retreats (7.7) and the Leader roll (8.6) ----

/// The hexes a unit may retreat to, and whether it may retreat off the map.
pub fn retreat_options(state: &FuryState, id: UnitId) -> (Vec<Hex>, bool) {
    let grid = &data().grid;
    let Place::OnMap(from) = state.unit(id).place else {
        return (Vec::new(), false);
    };
    let side = state.unit(id).side();
    let mut hexes = Vec::new();
    let mut off = false;
    for n in grid.neighbours_all(from) {
        if !grid.contains(n) {
            off = true;
            continue;
        }
        // What it held stays behind (7.7), so captured Animals do not bar Buildings.
        let kind = state.unit(id).kind;
        let barred = matches!(kind, Kind::Cavalry | Kind::Animal)
            && state.terrain(n).is_some_and(|t| t.is_building());
        if barred
            || state.terrain(n) == Some(super::data::Terrain::Sea)
            || state.fired.contains(n)
            || state.enemy_present(n, side)
            || !state.stacking_ok(n, side, &[id])
        {
            continue;
        }
        hexes.push(n);
    }
    (hexes, off)
}

pub fn retreat(
    state: &mut FuryState,
    side: Side,
    unit: UnitId,
    to: Option<Hex>,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    if state.pending.first() != Some(&Pending::Retreat { unit }) || state.unit(unit).side() != side
    {
        return Err(RuleError::new(
            "7.7",
            format!("{} is not retreating now", state.unit(unit).code()),
        ));
    }
    let (hexes, off) = retreat_options(state, unit);
    let from = state.hex_of(unit);
    let mut events = Vec::new();
    if let Some(hex) = from {
        events.extend(treasure::drop_loot(state, unit, hex));
    }
    match to {
        None if off => {
            state.unit_mut(unit).place = Place::Eliminated;
            events.push(GameEvent::public(
                "5.4.2",
                FuryEvent::RetreatedOffMap {
                    unit: state.code_of(unit),
                },
            ));
        }
        Some(h) if hexes.contains(&h) => {
            state.unit_mut(unit).place = Place::OnMap(h);
            events.push(GameEvent::public(
                "7.7",
                FuryEvent::Retreated {
                    unit: state.code_of(unit),
                    to: h,
                },
            ));
        }
        _ => return Err(RuleError::new("7.7", "not a hex this unit may retreat to")),
    }
    state.pending.remove(0);
    Ok(events)
}

pub fn leader_roll(
    state: &mut FuryState,
    side: Side,
    leader: UnitId,
    roll: bool,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    let Some(Pending::LeaderRoll { leader: l, result }) = state.pending.first().copied() else {
        return Err(RuleError::new("8.6", "no Leader roll is due"));
    };
    if l != leader || side != Side::Viking {
        return Err(RuleError::new("8.6", "no Leader roll is due for that unit"));
    }
    state.pending.remove(0);
    let code = state.code_of(leader);
    let mut events = Vec::new();
    let stays = if roll {
        let r = state.chance.d6();
        let stays = r <= data().tables.leader_separation_stays_max;
        events.push(GameEvent::public(
            "8.6",
            FuryEvent::LeaderRoll {
                leader: code,
                roll: r,
                stays,
            },
        ));
        stays
    } else {
        events.push(GameEvent::public(
            "8.6",
            FuryEvent::LeaderRollDeclined { leader: code },
        ));
        false
    };
    if !stays {
        match result {
            CrtResult::DE => events.extend(eliminate(state, leader, "8.6")),
            _ => state.pending.insert(0, Pending::Retreat { unit: leader }),
        }
    }
    Ok(events)
}

/// Hexes that still owe a mandatory attack (7.1, 7.2, H-MAND-1).
/// Hexes where units of `side` stand (held units are not standing), in one pass.
pub fn standing_hexes(state: &FuryState, side: Side) -> HexSet {
    let mut set = HexSet::default();
    for u in &state.units {
        if let Place::OnMap(h) = u.place {
            if u.side() == side {
                set.insert(h);
            }
        }
    }
    set
}

pub fn mandatory_left(state: &FuryState, side: Side) -> Option<Hex> {
    if side == Side::Villager && !state.lock_lifted {
        return None;
    }
    // Without an enemy unit in the hex there is nothing to attack or Capture there.
    let enemy = standing_hexes(state, side.other());
    if enemy.is_empty() {
        return None;
    }
    let mut seen: Vec<Hex> = Vec::new();
    for id in state.ids() {
        let Place::OnMap(hex) = state.unit(id).place else {
            continue;
        };
        if state.unit(id).side() != side || seen.contains(&hex) {
            continue;
        }
        seen.push(hex);
        if state.fired.contains(hex) || !enemy.contains(hex) {
            continue;
        }
        if !attackers_at(state, hex, side).is_empty()
            && !targets_at(state, hex, side, &[]).is_empty()
        {
            return Some(hex);
        }
        // H-MAND-1: a Leader left out of the attack must still be tried for Capture.
        if side == Side::Viking
            && state.side_at(hex, Side::Villager).any(|l| {
                state.unit(l).kind.is_villager_leader()
                    && !state.unit(l).defended
                    && capturable_by_someone(state, hex, l)
            })
        {
            return Some(hex);
        }
    }
    None
}

/// Would this Archery be legal now? Nothing is rolled.
pub fn archery_legal(state: &FuryState, side: Side, shooters: &Units, target: Hex) -> bool {
    check_phase(state, side).is_ok()
        && !shooters.is_empty()
        && shooters
            .as_slice()
            .iter()
            .all(|&id| archer_check(state, side, id, target, false).is_none())
        && archery_target_check(state, side, target, false).is_none()
}
