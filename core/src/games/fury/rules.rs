//! The two entry points of the contract for Fury: the legal actions of a seat, and
//! applying an action (all or nothing).

use super::actions::{FuryAction, Units};
use super::capture;
use super::combat;
use super::data::data;
use super::events::FuryEvent;
use super::fire;
use super::flow;
use super::movement;
use super::setup;
use super::state::{FuryState, Pending, Phase, Place, UnitId};
use super::units::{Kind, Side};
use super::wrath;
use crate::board::Hex;
use crate::engine::{Chance, GameEvent, RuleError};

/// The side whose decision is due, if any.
pub fn deciding(state: &FuryState) -> Option<Side> {
    if state.finish.is_some() {
        return None;
    }
    match state.pending.first() {
        Some(p) => Some(p.decider(state)),
        None => state.phase.owner(),
    }
}

pub fn legal_actions(state: &FuryState, side: Side) -> Vec<FuryAction> {
    let mut out = Vec::new();
    if deciding(state) != Some(side) {
        return out;
    }
    if let Some(&p) = state.pending.first() {
        pending_options(state, p, &mut out);
        return out;
    }
    movement::with_scratch(|scratch| phase_options(state, side, scratch, &mut out));
    out
}

/// The legal actions of the side whose phase it is, nothing being pending; `scratch`
/// serves the movement searches, shared by the moves and the end check.
fn phase_options(
    state: &FuryState,
    side: Side,
    scratch: &mut movement::Scratch,
    out: &mut Vec<FuryAction>,
) {
    // The occupancy of the Movement Phases, shared by the moves and the end check.
    let mut occ = None;
    match state.phase {
        Phase::VillagerSetup => setup_options(state, out),
        Phase::VikingSetup => {
            for &h in &data().coastline {
                if setup::ship_error(state, h).is_none() {
                    out.push(FuryAction::PlaceShip { hex: h });
                }
            }
        }
        Phase::VikingMovement => {
            let o = occ.insert(super::occupancy::Occupancy::of(state));
            movement::legal_moves_with(state, o, side, scratch, out);
            movement::legal_transfers(state, out);
            abandons(state, out);
        }
        Phase::WrathWindow => wrath::legal_wraths(state, out),
        Phase::VikingCombat => {
            attacks(state, side, out);
            archery(state, side, out);
            capture::legal_captures(state, out);
            abandons(state, out);
        }
        Phase::VikingFire => {
            for hex in fire::fire_hexes(state) {
                out.push(FuryAction::SetFire { hex });
            }
        }
        Phase::VillagerMovement => {
            let o = occ.insert(super::occupancy::Occupancy::of(state));
            movement::legal_moves_with(state, o, side, scratch, out);
        }
        Phase::VillagerCombat => {
            attacks(state, side, out);
            archery(state, side, out);
            wrath::legal_wraths(state, out);
            for hex in fire::burn_hexes(state) {
                out.push(FuryAction::BurnShip { hex });
            }
        }
        Phase::Over => {}
    }
    if flow::may_end(state, occ.as_ref(), scratch) {
        out.push(FuryAction::End);
    }
}

fn pending_options(state: &FuryState, p: Pending, out: &mut Vec<FuryAction>) {
    match p {
        Pending::Retreat { unit } => {
            let (hexes, off) = combat::retreat_options(state, unit);
            for h in hexes {
                out.push(FuryAction::Retreat { unit, to: Some(h) });
            }
            if off {
                out.push(FuryAction::Retreat { unit, to: None });
            }
        }
        Pending::LeaderRoll { leader, .. } => {
            out.push(FuryAction::LeaderRoll { leader, roll: true });
            out.push(FuryAction::LeaderRoll {
                leader,
                roll: false,
            });
        }
        Pending::WrathRetreat { unit, from } => wrath::legal_flights(state, unit, from, out),
    }
}

/// A random legal action drawn in two steps in the Movement Phases: first a moving
/// group or "something else" (end, transfer, abandon), uniformly; then one of its
/// actions. Listing every move of every unit for each decision would make random play
/// many times slower.
pub fn random_action(state: &FuryState, side: Side, rng: &mut Chance) -> Option<FuryAction> {
    let moving = matches!(state.phase, Phase::VikingMovement | Phase::VillagerMovement);
    if !moving || !state.pending.is_empty() || deciding(state) != Some(side) {
        let mut all = legal_actions(state, side);
        if all.is_empty() {
            return None;
        }
        let i = rng.roll(all.len() as u32) as usize - 1;
        return Some(all.swap_remove(i));
    }
    movement::with_scratch(|scratch| random_move(state, side, rng, scratch))
}

/// `random_action` in a Movement Phase, nothing being pending.
fn random_move(
    state: &FuryState,
    side: Side,
    rng: &mut Chance,
    scratch: &mut movement::Scratch,
) -> Option<FuryAction> {
    let mut groups = movement::movable_groups(state, side);
    // The snapshot the move before left true of this position, if it did.
    let occ = super::occupancy::Occupancy::reclaim(state)
        .unwrap_or_else(|| super::occupancy::Occupancy::of(state));
    // The other actions: transfers, abandons, the end. A Viking holding a captive may
    // always let it go, so then there are some, and they are listed only if drawn.
    let holding = side == Side::Viking
        && state
            .units
            .iter()
            .any(|u| matches!(u.place, Place::Held(_)));
    let mut others = None;
    let list_others = |scratch: &mut movement::Scratch| {
        let mut others = Vec::new();
        if side == Side::Viking {
            movement::legal_transfers(state, &mut others);
            abandons(state, &mut others);
        }
        if flow::may_end(state, Some(&occ), scratch) {
            others.push(FuryAction::End);
        }
        others
    };
    if !holding {
        others = Some(list_others(scratch));
    }
    let mut moves = Vec::new();
    loop {
        let some_other = others
            .as_ref()
            .is_none_or(|o: &Vec<FuryAction>| !o.is_empty());
        let choices = groups.len() as u32 + some_other as u32;
        if choices == 0 {
            return None;
        }
        let pick = rng.roll(choices) as usize - 1;
        if pick == groups.len() {
            let mut others = match others.take() {
                Some(o) => o,
                None => list_others(scratch),
            };
            if others.is_empty() {
                return None;
            }
            let i = rng.roll(others.len() as u32) as usize - 1;
            return Some(others.swap_remove(i));
        }
        moves.clear();
        movement::moves_of_group(
            state,
            &occ,
            side,
            groups[pick].as_slice(),
            scratch,
            &mut moves,
        );
        if moves.is_empty() {
            groups.swap_remove(pick);
            continue;
        }
        let i = rng.roll(moves.len() as u32) as usize - 1;
        let drawn = moves.swap_remove(i);
        // Applying the move counts this same position again: lend it the snapshot.
        occ.lend(state);
        return Some(drawn);
    }
}

/// Units of one kind waiting to be placed are interchangeable: offer the first of each.
fn setup_options(state: &FuryState, out: &mut Vec<FuryAction>) {
    let mut kinds: Vec<Kind> = Vec::new();
    let waiting: Vec<UnitId> = setup::unplaced(state).collect();
    let mut placing = None;
    if !waiting.is_empty() {
        out.push(FuryAction::SetupDefault);
    }
    for id in waiting {
        let kind = state.unit(id).kind;
        if kinds.contains(&kind) {
            continue;
        }
        kinds.push(kind);
        let placing = placing.get_or_insert_with(|| setup::Placing::of(state));
        placing.hexes_for(state, id, |hex| {
            out.push(FuryAction::Place { unit: id, hex })
        });
    }
    // Placing the unit drawn from this listing checks it against the same counts.
    if let Some(placing) = placing {
        placing.lend(state);
    }
}

fn abandons(state: &FuryState, out: &mut Vec<FuryAction>) {
    for id in state.ids() {
        if let Place::Held(_) = state.unit(id).place {
            out.push(FuryAction::Abandon { item: id });
        }
    }
}

fn occupied_hexes(state: &FuryState, side: Side) -> Vec<Hex> {
    let mut hexes: Vec<Hex> = Vec::new();
    for id in state.ids() {
        if let Place::OnMap(h) = state.unit(id).place {
            if state.unit(id).side() == side && !hexes.contains(&h) {
                hexes.push(h);
            }
        }
    }
    hexes
}

fn attacks(state: &FuryState, side: Side, out: &mut Vec<FuryAction>) {
    if side == Side::Villager && !state.lock_lifted {
        return;
    }
    // Without an enemy unit in the hex there is nothing to attack there.
    let enemy = combat::standing_hexes(state, side.other());
    if enemy.is_empty() {
        return;
    }
    for hex in occupied_hexes(state, side) {
        if !enemy.contains(hex)
            || state.fired.contains(hex)
            || combat::attackers_at(state, hex, side).is_empty()
        {
            continue;
        }
        let targets: Vec<UnitId> = state
            .defenders_at(hex, side.other())
            .into_iter()
            .filter(|&id| !state.unit(id).defended)
            .collect();
        if targets.is_empty() {
            continue;
        }
        out.push(FuryAction::Attack {
            hex,
            spare: Units::new(),
        });
        if side == Side::Viking && !state.villager_fighter_at(hex) {
            let leaders: Vec<UnitId> = targets
                .iter()
                .copied()
                .filter(|&id| {
                    state.unit(id).kind.is_villager_leader()
                        && combat::spare_error(state, hex, side, &[id]).is_none()
                })
                .collect();
            let rest = targets.len() - leaders.len();
            if let (false, Some(spare)) =
                (leaders.is_empty() || rest == 0, Units::from_slice(&leaders))
            {
                out.push(FuryAction::Attack { hex, spare });
            }
        }
    }
}

fn archery(state: &FuryState, side: Side, out: &mut Vec<FuryAction>) {
    if side == Side::Villager && !state.lock_lifted {
        return;
    }
    let grid = &data().grid;
    let range = data().tables.archery_range;
    let archers: Vec<(UnitId, Hex)> = state
        .ids()
        .filter_map(|id| match state.unit(id).place {
            Place::OnMap(h)
                if state.unit(id).side() == side
                    && data().stats(state.unit(id).kind).archery.is_some()
                    && state.ready(id) =>
            {
                Some((id, h))
            }
            _ => None,
        })
        .collect();
    if archers.is_empty() {
        return;
    }
    // Only hexes holding the enemy and none of ours can be shot at (7.6).
    let occ = super::occupancy::Occupancy::of(state);
    let mut targets: Vec<Hex> = Vec::new();
    for &(_, h) in &archers {
        for t in grid.within(h, range) {
            let Some(i) = grid.index(t) else { continue };
            if occ.defenders(side.other(), i) && !occ.any(side, i) && !targets.contains(&t) {
                targets.push(t);
            }
        }
    }
    targets.sort_by_key(|h| grid.index(*h));
    // Each archer alone is offered where `combat::archery_legal` would accept it; its
    // parts are asked once per archer and once per target, not for every pair.
    if !combat::may_shoot_now(state, side) {
        return;
    }
    let ready: Vec<bool> = archers
        .iter()
        .map(|&(id, _)| combat::archer_may_shoot(state, side, id))
        .collect();
    let mut able: Vec<UnitId> = Vec::with_capacity(archers.len());
    for t in targets {
        able.clear();
        if combat::archery_target_ok(state, side, t) {
            able.extend(
                archers
                    .iter()
                    .zip(&ready)
                    .filter(|&(&(_, h), &ready)| ready && combat::archer_reaches(state, h, t))
                    .map(|(&(id, _), _)| id),
            );
        }
        for &a in &able {
            if let Some(u) = Units::from_slice(&[a]) {
                out.push(FuryAction::Archery {
                    shooters: u,
                    target: t,
                });
            }
        }
        if able.len() > 1 {
            if let Some(u) = Units::from_slice(&able[..able.len().min(8)]) {
                out.push(FuryAction::Archery {
                    shooters: u,
                    target: t,
                });
            }
        }
    }
}

/// Applies an action atomically: on error the state is untouched.
pub fn apply(
    state: &mut FuryState,
    side: Side,
    action: &FuryAction,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    if deciding(state) != Some(side) {
        return Err(RuleError::new(
            "4.0",
            format!("no decision is due from the {}", side.name()),
        ));
    }
    let pending_kind = state.pending.first().copied();
    let fits_pending = matches!(
        (pending_kind, action),
        (None, _)
            | (Some(Pending::Retreat { .. }), FuryAction::Retreat { .. })
            | (
                Some(Pending::LeaderRoll { .. }),
                FuryAction::LeaderRoll { .. }
            )
            | (
                Some(Pending::WrathRetreat { .. }),
                FuryAction::WrathRetreat { .. }
            )
    );
    if !fits_pending {
        return Err(RuleError::new("4.0", "another decision is due first"));
    }
    check_ids(state, action)?;
    // All or nothing: the action is played on a copy, which replaces the state only if
    // the rules accept it. The copy is made in the allocations of the one kept from
    // the previous action (the old state, or a refused copy), not in new ones.
    let mut next = match SPARE.with(|s| s.borrow_mut().take()) {
        Some(mut spare) => {
            spare.copy_from(state);
            spare
        }
        None => state.clone(),
    };
    let result = dispatch(&mut next, side, action).map(|mut events| {
        let combat_decisions = !state.pending.is_empty() || !next.pending.is_empty();
        events.extend(flow::normalize(&mut next, combat_decisions));
        std::mem::swap(state, &mut next);
        events
    });
    SPARE.with(|s| *s.borrow_mut() = Some(next));
    result
}

thread_local! {
    /// A state whose allocations the next `apply` on this thread reuses for its copy.
    /// What it holds is never read: `copy_from` overwrites every field.
    static SPARE: std::cell::RefCell<Option<FuryState>> = const { std::cell::RefCell::new(None) };
}

fn dispatch(
    state: &mut FuryState,
    side: Side,
    action: &FuryAction,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    let phase = state.phase;
    let need = |p: Phase, rule: &'static str| -> Result<(), RuleError> {
        if phase == p {
            Ok(())
        } else {
            Err(RuleError::new(
                rule,
                format!("not allowed in the {} phase", phase.name()),
            ))
        }
    };
    match *action {
        FuryAction::Place { unit, hex } => {
            need(Phase::VillagerSetup, "3.3")?;
            setup::place(state, unit, hex)
        }
        FuryAction::SetupDefault => {
            need(Phase::VillagerSetup, "3.3")?;
            setup::place_default(state)
        }
        FuryAction::PlaceShip { hex } => {
            need(Phase::VikingSetup, "3.3")?;
            setup::place_ship(state, hex)
        }
        FuryAction::Move {
            units,
            path,
            embark,
        } => movement::move_units(state, side, &units, &path, embark),
        FuryAction::Transfer { from, to, items } => {
            movement::transfer(state, side, from, to, &items)
        }
        FuryAction::Abandon { item } => movement::abandon(state, side, item),
        FuryAction::Attack { hex, spare } => combat::attack(state, side, hex, &spare),
        FuryAction::Archery { shooters, target } => combat::archery(state, side, &shooters, target),
        FuryAction::Capture { captor, target } => capture::capture(state, side, captor, target),
        FuryAction::Wrath { invoker, target } => wrath::wrath(state, side, invoker, target),
        FuryAction::BurnShip { hex } => fire::burn_ship(state, side, hex),
        FuryAction::SetFire { hex } => fire::set_fire(state, side, hex),
        FuryAction::Retreat { unit, to } => combat::retreat(state, side, unit, to),
        FuryAction::LeaderRoll { leader, roll } => combat::leader_roll(state, side, leader, roll),
        FuryAction::WrathRetreat {
            unit,
            path,
            off_map,
        } => wrath::wrath_retreat(state, side, unit, &path, off_map),
        FuryAction::End => flow::end_phase(state, side),
    }
}

/// Refuses an action naming a unit that does not exist, before any rule looks at it
/// (bad input from a caller must never reach an index). Hexes off the map are left to
/// the rules, which refuse them by name.
fn check_ids(state: &FuryState, action: &FuryAction) -> Result<(), RuleError> {
    use super::actions::TransferTo;
    let n = state.units.len();
    let ok = |id: &UnitId| (id.0 as usize) < n;
    let all = |u: &super::actions::Units| u.as_slice().iter().all(ok);
    let fine = match action {
        FuryAction::Place { unit, .. }
        | FuryAction::Retreat { unit, .. }
        | FuryAction::WrathRetreat { unit, .. } => ok(unit),
        FuryAction::Move { units, .. } => all(units),
        FuryAction::Transfer { from, to, items } => {
            ok(from) && all(items) && !matches!(to, TransferTo::Unit(u) if !ok(u))
        }
        FuryAction::Abandon { item } => ok(item),
        FuryAction::Attack { spare, .. } => all(spare),
        FuryAction::Archery { shooters, .. } => all(shooters),
        FuryAction::Capture { captor, target } => ok(captor) && ok(target),
        FuryAction::Wrath { invoker, .. } => ok(invoker),
        FuryAction::LeaderRoll { leader, .. } => ok(leader),
        _ => true,
    };
    if fine {
        Ok(())
    } else {
        Err(RuleError::new(
            "1.0",
            "the action names a unit that does not exist",
        ))
    }
}

#[cfg(test)]
#[path = "listing_check.rs"]
mod listing_check;
