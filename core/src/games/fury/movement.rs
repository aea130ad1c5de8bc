//! Movement (5.0): paths with terrain stops and the road bonus, stacking at the end of
//! a move, landing from the Ships, re-embarking, transfers of captured units, the
//! Villager mobility lock and the random movement of Animals.

use super::actions::{FuryAction, Path, Small, Step, TransferTo, Units};
use super::data::{data, Building, Terrain};
use super::events::{FuryEvent, Receiver, Rouser, Wander};
use super::occupancy::{Adds, Occupancy};
use super::state::{FuryState, HexSet, Phase, Place, UnitId};
use super::treasure;
use super::units::{Kind, Side};
use crate::board::Hex;
use crate::engine::{GameEvent, RuleError};

/// Movement is counted in half Movement Points so the road's double speed is exact.
const HALF: u32 = 2;

/// Where a moving group starts: a hex, or a Ship it lands from (5.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Start {
    Hex(Hex),
    Ship(Hex),
}

impl Default for Start {
    fn default() -> Self {
        Start::Hex(Hex::default())
    }
}

/// The cost of one step in half-MP, given what is left: along a road polyline half a
/// point (5.4.1); any other step a whole point, after dropping a half point left over
/// from the road (5.4.1: fractions are lost on leaving the road). None if unaffordable.
fn after_step(from: Hex, to: Hex, left: u32) -> Option<u32> {
    let grid = &data().grid;
    match (grid.index(from), grid.index(to)) {
        (Some(a), Some(b)) => step_cost(a, b, left),
        _ => None,
    }
}

/// `after_step` by dense hex indices.
fn step_cost(from: usize, to: usize, left: u32) -> Option<u32> {
    road_step(data().is_road_link_index(from, to), left)
}

/// The cost of one step in half-MP, knowing whether it follows a road link.
#[inline]
fn road_step(road: bool, left: u32) -> Option<u32> {
    if road {
        left.checked_sub(1)
    } else {
        (left & !1).checked_sub(HALF)
    }
}

/// What the movement search asks of each hex of the map, gathered once from the data
/// in flat arrays: its neighbours (in `FuryData::neighbours_of` order) with the road
/// links among them, and its terrain's effects on movement (5.3, 5.4).
struct MoveMap {
    /// The steps out of each hex, read together by the search.
    cells: Vec<HexMoves>,
    /// The neighbours as bit sets over dense indices.
    neighbour_bits: Vec<[u64; WORDS]>,
    /// Sea: never entered (5.4.2).
    sea: Vec<bool>,
    building: Vec<bool>,
    /// Entering ends the move (Terrain Effects Chart).
    stops: Vec<bool>,
    /// The hex at each index.
    hexes: Vec<Hex>,
    /// `sea`, `building` and `stops` as bit sets over dense indices.
    sea_bits: [u64; WORDS],
    building_bits: [u64; WORDS],
    stops_bits: [u64; WORDS],
}

/// The steps out of one hex.
#[derive(Clone, Copy, Default)]
struct HexMoves {
    /// Up to six neighbours; `count` of them are used.
    neighbours: [u16; 6],
    /// The step to each neighbour, as a path holds it.
    steps: [Step; 6],
    count: u8,
    /// Bit k: the step to neighbour k follows a road link (5.4.1).
    roads: u8,
}

fn move_map() -> &'static MoveMap {
    static MAP: std::sync::OnceLock<MoveMap> = std::sync::OnceLock::new();
    MAP.get_or_init(|| {
        let d = data();
        let n = d.grid.len();
        let mut m = MoveMap {
            cells: vec![HexMoves::default(); n],
            neighbour_bits: vec![[0; WORDS]; n],
            sea: vec![false; n],
            building: vec![false; n],
            stops: vec![false; n],
            hexes: (0..n).map(|i| d.grid.hex_at(i)).collect(),
            sea_bits: [0; WORDS],
            building_bits: [0; WORDS],
            stops_bits: [0; WORDS],
        };
        for i in 0..n {
            // A hex grid has at most six neighbours; more would be a data defect, and
            // the search then sees the first six (never the case on the Fury map).
            let cell = &mut m.cells[i];
            for (k, &j) in d.neighbours_of(i).iter().take(6).enumerate() {
                cell.neighbours[k] = j;
                cell.count += 1;
                // Neighbours are always a step apart (pinned by the tests in actions.rs).
                cell.steps[k] =
                    Step::between(d.grid.hex_at(i), d.grid.hex_at(j as usize)).unwrap_or_default();
                if d.is_road_link_index(i, j as usize) {
                    cell.roads |= 1 << k;
                }
                let j = j as usize;
                if let Some(word) = m.neighbour_bits[i].get_mut(j / 64) {
                    *word |= 1 << (j % 64);
                }
            }
            let t = d.terrain_at(i);
            m.sea[i] = t == Terrain::Sea;
            m.building[i] = t.is_building();
            m.stops[i] = t.stops_movement();
            // (A map of more hexes than the bit sets hold would be a data defect: the
            // data tests pin the Fury map at 440.)
            if let Some(word) = m.sea_bits.get_mut(i / 64) {
                let bit = 1u64 << (i % 64);
                *word |= if m.sea[i] { bit } else { 0 };
                m.building_bits[i / 64] |= if m.building[i] { bit } else { 0 };
                m.stops_bits[i / 64] |= if m.stops[i] { bit } else { 0 };
            }
        }
        m
    })
}

/// Movement allowance of a group in half-MP: the slowest unit (6.0); held units do not
/// count; a Treasure carried by Villagers has no allowance of its own.
fn group_allowance(state: &FuryState, units: &[UnitId]) -> u32 {
    units
        .iter()
        .filter(|&&id| !state.unit(id).kind.is_treasure())
        .map(|&id| data().stats(state.unit(id).kind).ma as u32 * HALF)
        .min()
        .unwrap_or(0)
}

/// What the movement rules need to know about a moving group, gathered once.
struct Group<'a> {
    units: &'a [UnitId],
    side: Side,
    allowance: u32,
    /// Cavalry, Animals, or escorts of captured Animals: no Buildings (5.4.2, 5.6).
    no_buildings: bool,
    /// What the group adds to a hex's stacking counts (6.1-6.3).
    adds: Adds,
}

impl<'a> Group<'a> {
    fn of(state: &FuryState, side: Side, units: &'a [UnitId]) -> Group<'a> {
        let mut g = Group {
            units,
            side,
            allowance: group_allowance(state, units),
            no_buildings: false,
            adds: Adds {
                fighters: 0,
                others: 0,
                loot: 0,
                attack: 0,
            },
        };
        for &id in units {
            let u = state.unit(id);
            g.no_buildings |= matches!(u.kind, Kind::Cavalry | Kind::Animal);
            g.adds.attack += state.attack_of(id) as u16;
            match side {
                Side::Viking => {
                    g.adds.fighters += !u.kind.is_leader() as u8;
                    for h in state.held_by(id) {
                        let k = state.unit(h).kind;
                        g.no_buildings |= k == Kind::Animal;
                        g.adds.loot += !k.is_leader() as u8;
                    }
                }
                Side::Villager => {
                    g.adds.fighters += u.kind.counts_as_villager_combatant() as u8;
                    g.adds.others += u.kind.is_villager_noncombatant() as u8;
                }
            }
        }
        g
    }

    /// May the group step into this hex by terrain (5.4.2, 10.3)?
    fn may_enter(&self, state: &FuryState, i: usize) -> bool {
        let m = move_map();
        !(m.sea[i] || (self.no_buildings && m.building[i]) || state.fired.contains_index(i))
    }

    /// Entering ends the move (5.3, Terrain Effects Chart).
    fn stops(&self, occ: &Occupancy, i: usize) -> bool {
        move_map().stops[i] || occ.enemy(i, self.side)
    }

    /// The rule that forbids ending the move in this hex, if one does (6.0, H-MAND-1):
    /// the limit broken by Vikings (6.1), Villager combatants (6.2), Villager
    /// non-combatants and Treasure (6.3, 6.5); or no Attack Strength on the enemy.
    fn end_rule(&self, occ: &Occupancy, i: usize) -> Option<&'static str> {
        occ.end_rule(i, self.side, &self.adds)
    }

    /// May the move end in this hex (the listing's question: no message is made)?
    fn end_ok(&self, occ: &Occupancy, i: usize) -> bool {
        self.end_rule(occ, i).is_none()
    }

    /// Why the move may not end in this hex (6.0, H-MAND-1).
    fn end_error(&self, occ: &Occupancy, i: usize) -> Option<RuleError> {
        let rule = self.end_rule(occ, i)?;
        let label = data().grid.label(data().grid.hex_at(i));
        let message = if rule == "H-MAND-1" {
            format!("units with no Attack Strength may not end their move on the enemy in {label}")
        } else {
            format!("the move would overstack {label}")
        };
        Some(RuleError::new(rule, message))
    }
}

/// Why this group may not be moved at all now, if it may not.
fn group_error(state: &FuryState, side: Side, units: &[UnitId]) -> Option<RuleError> {
    group_check(state, side, units, true)
}

/// May this group be moved at all now (the listing's question: no message is made)?
fn group_ok(state: &FuryState, side: Side, units: &[UnitId]) -> bool {
    group_check(state, side, units, false).is_none()
}

/// `group_error`, with its message written only if `explain` (a refusal the listing
/// drops needs none, and an empty message costs no allocation).
fn group_check(
    state: &FuryState,
    side: Side,
    units: &[UnitId],
    explain: bool,
) -> Option<RuleError> {
    let refuse = |rule: &'static str, message: &dyn Fn() -> String| {
        Some(RuleError::new(
            rule,
            if explain { message() } else { String::new() },
        ))
    };
    if units.is_empty() {
        return refuse("5.1", &|| "no unit to move".into());
    }
    let first = state.unit(units[0]).place;
    for (i, &id) in units.iter().enumerate() {
        if units[..i].contains(&id) {
            return refuse("5.1", &|| "a unit is listed twice".into());
        }
        let u = state.unit(id);
        if u.side() != side {
            return refuse("5.1", &|| format!("{} is not yours", u.code()));
        }
        if u.place != first || !matches!(u.place, Place::OnMap(_) | Place::Aboard) {
            return refuse("6.0", &|| {
                format!("{} is not in the moving stack", u.code())
            });
        }
        if u.moved {
            return refuse("5.1", &|| {
                format!("{} has already moved this phase", u.code())
            });
        }
        if state.is_stunned(id) {
            return refuse("7.11", &|| {
                format!("{} is stunned by Divine Wrath", u.code())
            });
        }
    }
    match side {
        Side::Viking => {
            let fighters = units
                .iter()
                .filter(|&&id| !state.unit(id).kind.is_leader())
                .count();
            if fighters > 1 {
                return refuse("6.1", &|| "Viking units may not stack".into());
            }
        }
        Side::Villager => {
            if !state.lock_lifted {
                return refuse("5.7", &|| {
                    "the Villagers may not move until the Vikings strike".into()
                });
            }
            let escort = units.iter().any(|&id| {
                let k = state.unit(id).kind;
                k != Kind::Animal && !k.is_treasure()
            });
            for &id in units {
                let u = state.unit(id);
                if (u.kind == Kind::Animal || u.kind.is_treasure()) && !escort {
                    let rule = if u.kind == Kind::Animal { "5.5" } else { "9.3" };
                    return refuse(rule, &|| format!("{} moves only with an escort", u.code()));
                }
                if u.kind.is_treasure() && u.preset {
                    if let Place::OnMap(h) = u.place {
                        if matches!(state.terrain(h), Some(Terrain::Building(b)) if b.is_major()) {
                            return refuse("9.3", &|| {
                                format!("{} may not leave its Major Building", u.code())
                            });
                        }
                    }
                }
            }
        }
    }
    None
}

fn start_of(state: &FuryState, units: &[UnitId], path: &[Hex]) -> Option<Start> {
    match state.unit(*units.first()?).place {
        Place::OnMap(h) => Some(Start::Hex(h)),
        Place::Aboard => path.first().map(|h| Start::Ship(*h)),
        _ => None,
    }
}

/// Ship landing capacity (12.1).
fn can_land(state: &FuryState, ship_hex: Hex, units: &[UnitId]) -> Result<u8, RuleError> {
    let Some(ship) = state.ship_at(ship_hex) else {
        return Err(RuleError::new(
            "5.8",
            format!("there is no Ship at {}", data().grid.label(ship_hex)),
        ));
    };
    let fighters = units
        .iter()
        .filter(|&&id| !state.unit(id).kind.is_leader())
        .count() as u8;
    if let Some(cap) = state.options.scenario().ship_capacity {
        if state.ships[ship as usize].landed + fighters > cap {
            return Err(RuleError::new(
                "12.1",
                format!("no more than {cap} units may land from one Ship"),
            ));
        }
    }
    Ok(ship)
}

fn can_embark(state: &FuryState, hex: Hex, units: &[UnitId]) -> Result<u8, RuleError> {
    let Some(ship) = state.ship_at(hex) else {
        return Err(RuleError::new(
            "5.8",
            format!("there is no Ship at {}", data().grid.label(hex)),
        ));
    };
    let fighters = units
        .iter()
        .filter(|&&id| !state.unit(id).kind.is_leader())
        .count() as u8;
    if let Some(cap) = state.options.scenario().ship_capacity {
        if state.ships[ship as usize].embarked + fighters > cap {
            return Err(RuleError::new(
                "12.1",
                format!("no more than {cap} units may re-embark on one Ship"),
            ));
        }
    }
    Ok(ship)
}

/// Checks a whole path; returns whether it lifts the mobility lock.
fn path_error(
    state: &FuryState,
    group: &Group,
    occ: &Occupancy,
    path: &[Hex],
) -> Result<bool, RuleError> {
    let (side, units) = (group.side, group.units);
    let grid = &data().grid;
    let start = start_of(state, units, path).ok_or(RuleError::new("5.1", "no start hex"))?;
    let (mut left, mut prev, rest) = match start {
        Start::Hex(h) => {
            if path.first() != Some(&h) {
                return Err(RuleError::new(
                    "5.1",
                    format!("the path must start at the units' hex {}", grid.label(h)),
                ));
            }
            (group.allowance, h, &path[1..])
        }
        Start::Ship(h) => {
            can_land(state, h, units)?;
            // 5.8: the Ship hex is the first hex of movement and costs its point.
            let left = group
                .allowance
                .checked_sub(HALF)
                .ok_or(RuleError::new("5.8", "no movement left to land"))?;
            (left, h, &path[1..])
        }
    };
    let rouses = |h: Hex| grid.index(h).is_some_and(|i| occ.rouses(i));
    let mut lifts = matches!(start, Start::Ship(h) if side == Side::Viking && rouses(h));
    if let Start::Ship(h) = start {
        if rest.is_empty() && !grid.index(h).is_some_and(|i| group.may_enter(state, i)) {
            return Err(RuleError::new(
                "5.4.2",
                "the units may not stand on the Ship's hex",
            ));
        }
        // Landing enters the Ship hex like any other: enemy units there end the move
        // (5.3, 5.8).
        if let Some(i) = grid
            .index(h)
            .filter(|&i| !rest.is_empty() && group.stops(occ, i))
        {
            return Err(RuleError::new(
                if occ.enemy(i, side) { "5.3" } else { "5.4" },
                format!("movement ends on entering {}", grid.label(h)),
            ));
        }
    }
    for (i, &next) in rest.iter().enumerate() {
        // The label only for a refusal: every move applied checks every step.
        let label = || grid.label(next);
        if !grid.contains(next) {
            return Err(RuleError::new("5.4.2", "moving off the map is not offered"));
        }
        if grid.distance(prev, next) != 1 {
            return Err(RuleError::new(
                "5.1",
                format!("{} to {} skips hexes", grid.label(prev), label()),
            ));
        }
        if state.fired.contains(next) {
            return Err(RuleError::new("10.3", format!("{} is on fire", label())));
        }
        let Some(ni) = grid.index(next) else {
            return Err(RuleError::new("5.4.2", "moving off the map is not offered"));
        };
        if !group.may_enter(state, ni) {
            // A Viking is barred from a Building only by the captured Animals he
            // escorts (5.6); everything else is a terrain prohibition (5.4.2).
            let rule = if side == Side::Viking && data().terrain_at(ni).is_building() {
                "5.6"
            } else {
                "5.4.2"
            };
            return Err(RuleError::new(rule, format!("may not enter {}", label())));
        }
        left = after_step(prev, next, left).ok_or_else(|| {
            RuleError::new("5.1", format!("not enough movement to reach {}", label()))
        })?;
        if i + 1 < rest.len() && group.stops(occ, ni) {
            return Err(RuleError::new(
                if occ.enemy(ni, side) { "5.3" } else { "5.4" },
                format!("movement ends on entering {}", label()),
            ));
        }
        if side == Side::Viking && occ.rouses(ni) {
            lifts = true;
        }
        prev = next;
    }
    Ok(lifts && !state.lock_lifted)
}

pub fn move_units(
    state: &mut FuryState,
    side: Side,
    units: &Units,
    path: &Path,
    embark: bool,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    if !matches!(
        (state.phase, side),
        (Phase::VikingMovement, Side::Viking) | (Phase::VillagerMovement, Side::Villager)
    ) {
        return Err(RuleError::new(
            "4.0",
            "units move only in their own Movement Phase",
        ));
    }
    let units = units.as_slice();
    if let Some(e) = group_error(state, side, units) {
        return Err(e);
    }
    let path = path.to_vec();
    let end = *path.last().ok_or(RuleError::new("5.1", "empty path"))?;
    let landing = state.unit(units[0]).place == Place::Aboard;
    if path.len() < 2 && !landing && !embark {
        return Err(RuleError::new("5.1", "a move must leave its hex"));
    }
    if landing && embark {
        return Err(RuleError::new(
            "5.8",
            "a unit coming ashore may not re-embark in the same move: every unit is brought onto the map",
        ));
    }
    // The whole-map snapshot if the move was just drawn from this position (see
    // `Occupancy::lend`); else one of what the path's check reads: its hexes'
    // occupants, and whether they rouse the village, which their neighbours'
    // occupants decide. Both say the same of those hexes.
    let whole = Occupancy::reclaim(state);
    let mut follow = whole.is_some() && !embark;
    let mut occ = whole.unwrap_or_else(|| path_occupancy(state, &path));
    let group = Group::of(state, side, units);
    let lifts = path_error(state, &group, &occ, &path)?;
    if embark {
        if side != Side::Viking {
            return Err(RuleError::new("5.8", "only Vikings embark"));
        }
        can_embark(state, end, units)?;
    } else if let Some(e) = data()
        .grid
        .index(end)
        .and_then(|i| group.end_error(&occ, i))
    {
        return Err(e);
    }

    let mut events = Vec::new();
    let codes = state.codes_of(units);
    if landing {
        let ship = can_land(state, path[0], units)?;
        let fighters = units
            .iter()
            .filter(|&&id| !state.unit(id).kind.is_leader())
            .count() as u8;
        state.ships[ship as usize].landed += fighters;
    }
    // A whole-map snapshot is kept true of the position the move makes, for the next
    // move drawn from it: the group leaves its hex and enters the last one. Not when
    // it lifts the lock or re-embarks (the snapshot would change in other ways).
    let grid = &data().grid;
    if follow && !lifts {
        follow = match start_of(state, units, &path) {
            Some(Start::Hex(h)) => grid.index(h).is_some_and(|i| occ.take_out(state, units, i)),
            // Units aboard are counted nowhere.
            Some(Start::Ship(_)) => true,
            None => false,
        };
    } else {
        follow = false;
    }
    for &id in units {
        let u = state.unit_mut(id);
        u.place = Place::OnMap(end);
        u.moved = true;
        u.must_leave = false;
        // Treasure that leaves its setup hex counts for stacking from now on (H-STK-1).
        u.preset = false;
    }
    if follow && grid.index(end).is_some_and(|i| occ.put_in(state, units, i)) {
        occ.lend(state);
    }
    events.push(GameEvent::public(
        if landing { "5.8" } else { "5.1" },
        FuryEvent::Moved {
            units: codes,
            path,
            landing,
        },
    ));
    if lifts {
        state.lock_lifted = true;
        events.push(GameEvent::public(
            "5.7",
            FuryEvent::Roused { by: Rouser::Move },
        ));
    }
    if embark {
        events.extend(embark_units(state, units, end));
    } else if side == Side::Viking {
        events.extend(treasure::on_viking_entry(state, end));
    }
    Ok(events)
}

/// The occupancy of a path's hexes and their neighbours (see `Occupancy::within`).
fn path_occupancy(state: &FuryState, path: &[Hex]) -> Occupancy {
    let mut near = [0u64; WORDS];
    let map = move_map();
    for &h in path {
        if let Some(i) = data()
            .grid
            .index(h)
            .filter(|&i| i < map.neighbour_bits.len())
        {
            near[i / 64] |= 1 << (i % 64);
            for (w, n) in near.iter_mut().zip(&map.neighbour_bits[i]) {
                *w |= n;
            }
        }
    }
    Occupancy::within(state, &near)
}

fn embark_units(state: &mut FuryState, units: &[UnitId], hex: Hex) -> Vec<GameEvent<FuryEvent>> {
    let Some(ship) = state.ship_at(hex) else {
        return Vec::new();
    };
    let mut events = Vec::new();
    for &id in units {
        let held: Vec<UnitId> = state.held_by(id).collect();
        for h in &held {
            state.unit_mut(*h).place = Place::Embarked(ship);
        }
        if !state.unit(id).kind.is_leader() {
            state.ships[ship as usize].embarked += 1;
        }
        state.unit_mut(id).place = Place::Embarked(ship);
        events.push(GameEvent::public(
            "5.8",
            FuryEvent::Reembarked {
                unit: state.code_of(id),
                hex,
                loot: state.codes_of(&held),
            },
        ));
    }
    events
}

/// Scratch space of the movement search, made once per listing and reused for every
/// group searched (each search leaves its per-hex marks and buckets empty again).
pub struct Scratch {
    /// Per hex: the kept way there from the origin (empty if longer than a path
    /// holds); read only for the hexes the search reached, each written first.
    paths: Vec<Path>,
    /// Per hex: 1 + the most movement left (half-MP) found there so far, 0 where the
    /// search has not been; put back to 0 for every hex a search reached.
    best: Vec<u8>,
    /// Per movement left (half-MP): the hexes reached with that much left, as bit
    /// sets (so in hex order); some since reached with more, which are passed over.
    levels: Vec<[u64; WORDS]>,
    /// Destinations already found in this state, as ranges of `arena`: groups that
    /// differ only in what the end of a move checks (their stacking counts) search
    /// alike.
    found: Vec<(SearchKey, u32, u32)>,
    /// Every search's destinations, one after another, in hex order within each.
    arena: Vec<(u16, Path)>,
    /// The two passes of a careful search (H-TRIG) before they are merged.
    careful: Vec<(u16, Path)>,
    rousing: Vec<(u16, Path)>,
    /// Searches already made on this thread, by everything a search reads (so kept
    /// from one state to the next): the positions of one phase differ only where a
    /// side has moved its own units, which most searches of either side do not read
    /// (a Villager's search reads the Vikings, the Ships, the Fires and the map).
    /// Emptied when it holds `MEMO_MAX` searches.
    memo: std::collections::HashMap<SearchInput, Vec<(u16, Path)>, WordHash>,
}

/// Searches the memo of one thread holds at most (some 400 bytes each).
const MEMO_MAX: usize = 256;

/// Everything `search` reads besides the map: where it starts (on a hex or landing),
/// the movement it has there, the hexes it may not enter and those that end a move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct SearchInput {
    origin: u16,
    from_ship: bool,
    left: u8,
    barred: [u64; WORDS],
    stops: [u64; WORDS],
}

/// A fast hash of a few machine words (the memo's keys): the memo is only looked
/// into, never walked, so its order reaches nothing.
type WordHash = std::hash::BuildHasherDefault<WordHasher>;

#[derive(Default)]
struct WordHasher(u64);

impl std::hash::Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u16(&mut self, word: u16) {
        self.write_u64(word as u64);
    }
    fn write_u8(&mut self, word: u8) {
        self.write_u64(word as u64);
    }
}

/// Words of a bit set over the map's hexes (the Fury map has 440).
const WORDS: usize = super::state::HEX_WORDS;

/// What the search depends on besides the state (a Scratch serves one state only).
#[derive(Clone, Copy, PartialEq, Eq)]
struct SearchKey {
    start: Start,
    side: Side,
    allowance: u32,
    no_buildings: bool,
}

impl Scratch {
    pub fn new() -> Scratch {
        let n = data().grid.len();
        Scratch {
            paths: vec![Path::new(); n],
            best: vec![0; n],
            levels: Vec::new(),
            found: Vec::new(),
            arena: Vec::new(),
            careful: Vec::new(),
            rousing: Vec::new(),
            memo: Default::default(),
        }
    }

    /// Forgets the findings of another state.
    fn forget(&mut self) {
        self.found.clear();
        self.arena.clear();
    }
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch::new()
    }
}

thread_local! {
    /// The scratch space `with_scratch` lends, kept from one call to the next so that
    /// each listing does not make (and fill) its per-hex table anew.
    static SCRATCH: std::cell::RefCell<Option<Scratch>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with scratch space for searches of one state: this thread's kept one
/// (emptied of another state's findings), or a new one if it is lent already.
pub fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    let mut scratch = SCRATCH.with(|s| s.borrow_mut().take()).unwrap_or_default();
    scratch.forget();
    let result = f(&mut scratch);
    scratch.forget();
    SCRATCH.with(|s| *s.borrow_mut() = Some(scratch));
    result
}

/// The set bits of a bit set, lowest first.
fn each_bit(words: &[u64; WORDS], mut f: impl FnMut(usize)) {
    for (w, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

/// Every destination of a group, with the path offered for it, appended to the
/// scratch's arena (its range is returned): when the lock still holds, a path that
/// does not rouse the village if there is one (H-TRIG).
fn destinations(
    state: &FuryState,
    group: &Group,
    occ: &Occupancy,
    start: Start,
    scratch: &mut Scratch,
) -> (u32, u32) {
    let grid = &data().grid;
    let from = scratch.arena.len() as u32;
    let careful = group.side == Side::Viking
        && !state.lock_lifted
        && !matches!(start, Start::Ship(h) if grid.index(h).is_some_and(|i| occ.rouses(i)));
    if !careful {
        let mut arena = std::mem::take(&mut scratch.arena);
        search(state, group, occ, start, false, scratch, &mut arena);
        scratch.arena = arena;
        return (from, scratch.arena.len() as u32);
    }
    let mut first = std::mem::take(&mut scratch.careful);
    let mut second = std::mem::take(&mut scratch.rousing);
    first.clear();
    second.clear();
    search(state, group, occ, start, true, scratch, &mut first);
    search(state, group, occ, start, false, scratch, &mut second);
    // Second pass (lock-rousing paths): only hexes the careful pass could not reach.
    // Both lists are in hex order, so they merge in that order.
    let out = &mut scratch.arena;
    out.reserve(first.len() + second.len());
    let mut rest = second.iter().copied().peekable();
    for &kept in &first {
        while let Some(next) = rest.next_if(|(i, _)| *i < kept.0) {
            out.push(next);
        }
        if rest.peek().is_some_and(|(i, _)| *i == kept.0) {
            rest.next();
        }
        out.push(kept);
    }
    out.extend(rest);
    scratch.careful = first;
    scratch.rousing = second;
    (from, scratch.arena.len() as u32)
}

/// Dijkstra over hexes, keeping the most movement left at each (more left is never
/// worse, even with the road's fractions). Every step costs at least a half point, so
/// the hexes are expanded level by level of movement left, most first, and within a
/// level in hex order; the first way found to the best value is the one kept (a later
/// way replaces it only if it leaves strictly more). Appends the destinations to
/// `out` in hex order.
fn search(
    state: &FuryState,
    group: &Group,
    occ: &Occupancy,
    start: Start,
    avoid_lock: bool,
    scratch: &mut Scratch,
    out: &mut Vec<(u16, Path)>,
) {
    let grid = &data().grid;
    let map = move_map();
    let (origin, left) = match start {
        Start::Hex(h) => (h, group.allowance),
        Start::Ship(h) => match group.allowance.checked_sub(HALF) {
            Some(l) => (h, l),
            None => return,
        },
    };
    // The bit sets below cover the map (a test pins that): a bigger map is a data
    // defect, and offers no moves rather than reading past them. So does an allowance
    // past what the per-hex marks hold (no unit has one).
    let Some(oi) = grid
        .index(origin)
        .filter(|_| map.hexes.len() <= WORDS * 64 && left < u8::MAX as u32)
    else {
        return;
    };
    let from_ship = matches!(start, Start::Ship(_));
    // What bars a step into a hex: Sea and Fire always (5.4.2, 10.3), Buildings for
    // some groups (5.4.2, 5.6), the hexes that rouse the village on a careful pass;
    // and the hexes whose entry ends the move (terrain, or the enemy: 5.3, 5.4).
    let mut barred = map.sea_bits;
    let mut stops = map.stops_bits;
    let enemy = occ.enemy_bits(group.side);
    for w in 0..WORDS {
        barred[w] |= state.fired.words()[w];
        if group.no_buildings {
            barred[w] |= map.building_bits[w];
        }
        if avoid_lock {
            barred[w] |= occ.rouses_bits()[w];
        }
        stops[w] |= enemy[w];
    }
    let input = SearchInput {
        origin: oi as u16,
        from_ship,
        left: left as u8,
        barred,
        stops,
    };
    if let Some(found) = scratch.memo.get(&input) {
        out.extend_from_slice(found);
        return;
    }
    let first = out.len();
    let has = |bits: &[u64; WORDS], i: usize| bits[i / 64] & (1 << (i % 64)) != 0;
    let Scratch {
        paths,
        best,
        levels,
        memo,
        ..
    } = scratch;
    let top = left as usize;
    if levels.len() <= top {
        levels.resize(top + 1, [0; WORDS]);
    }
    best[oi] = top as u8 + 1;
    paths[oi] = Path::from_slice(&[origin]).unwrap_or_default();
    levels[top][oi / 64] |= 1 << (oi % 64);
    // The hexes expanded or passed over so far: a hex put at a level is done there,
    // and left where it was put before with less.
    let mut done = [0u64; WORDS];
    for level in (0..=top).rev() {
        let mut go = [0u64; WORDS];
        let mut any = 0;
        for w in 0..WORDS {
            let at = levels[level][w] & !done[w];
            levels[level][w] = 0;
            done[w] |= at;
            // Entering a hex that ends the move, it goes no further.
            go[w] = at & !stops[w];
            any |= go[w];
        }
        // The origin of a move from a hex always goes on (a landing enters the Ship
        // hex like any other, 5.3, 5.8).
        if level == top && !from_ship {
            go[oi / 64] |= 1 << (oi % 64);
            any = 1;
        }
        if any == 0 {
            continue;
        }
        // The value a step from this level leaves: along a road, and otherwise.
        let by_road = road_step(true, level as u32);
        let by_plain = road_step(false, level as u32);
        each_bit(&go, |i| {
            let cell = &map.cells[i];
            let way = paths[i];
            for k in 0..cell.count as usize {
                let n = cell.neighbours[k] as usize;
                let road = cell.roads & (1 << k) != 0;
                let Some(v) = (if road { by_road } else { by_plain }) else {
                    continue;
                };
                if best[n] > v as u8 || has(&barred, n) {
                    continue;
                }
                best[n] = v as u8 + 1;
                // A way longer than a path holds is kept as the empty path, and so
                // are the ways through it: they are not offered.
                paths[n] = way.then(cell.steps[k]).unwrap_or_default();
                levels[v as usize][n / 64] |= 1 << (n % 64);
            }
        });
    }
    let reached = done;
    let count: u32 = reached.iter().map(|w| w.count_ones()).sum();
    out.reserve(count as usize);
    each_bit(&reached, |i| {
        best[i] = 0;
        if (i != oi || from_ship) && !paths[i].is_empty() {
            out.push((i as u16, paths[i]));
        }
    });
    if memo.len() >= MEMO_MAX {
        memo.clear();
    }
    memo.insert(input, out[first..].to_vec());
}

/// Legal moves of one group.
fn moves_of(
    state: &FuryState,
    occ: &Occupancy,
    side: Side,
    units: &[UnitId],
    scratch: &mut Scratch,
    out: &mut Vec<FuryAction>,
) {
    if !group_ok(state, side, units) {
        return;
    }
    let facts = Group::of(state, side, units);
    let Some(group) = Units::from_slice(units) else {
        return;
    };
    let mut starts: Small<Start, 8> = Small::new();
    match state.unit(units[0]).place {
        Place::OnMap(h) => {
            let _ = starts.push(Start::Hex(h));
        }
        Place::Aboard => {
            for h in state
                .ships
                .iter()
                .filter(|s| !s.destroyed)
                .filter_map(|s| s.hex)
            {
                if can_land(state, h, units).is_ok() && starts.push(Start::Ship(h)).is_none() {
                    // More Ships than the list holds: never the case (at most 4).
                    break;
                }
            }
        }
        _ => {}
    }
    let map = move_map();
    for &start in starts.as_slice() {
        let key = SearchKey {
            start,
            side,
            allowance: facts.allowance,
            no_buildings: facts.no_buildings,
        };
        let (from, to) = match scratch.found.iter().find(|(k, ..)| *k == key) {
            Some(&(_, from, to)) => (from, to),
            None => {
                let (from, to) = destinations(state, &facts, occ, start, scratch);
                scratch.found.push((key, from, to));
                (from, to)
            }
        };
        let found = &scratch.arena[from as usize..to as usize];
        out.reserve(found.len());
        for &(i, path) in found {
            let i = i as usize;
            if facts.end_ok(occ, i) {
                out.push(FuryAction::Move {
                    units: group,
                    path,
                    embark: false,
                });
            }
            if side == Side::Viking
                && matches!(start, Start::Hex(_))
                && occ.ship(i)
                && can_embark(state, map.hexes[i], units).is_ok()
            {
                out.push(FuryAction::Move {
                    units: group,
                    path,
                    embark: true,
                });
            }
        }
        if let Start::Hex(h) = start {
            let ship_here = data().grid.index(h).is_some_and(|i| occ.ship(i));
            if side == Side::Viking && ship_here && can_embark(state, h, units).is_ok() {
                if let Some(path) = Path::from_slice(&[h]) {
                    out.push(FuryAction::Move {
                        units: group,
                        path,
                        embark: true,
                    });
                }
            }
        }
    }
}

/// The groups worth offering: each unit alone, a Viking with the Chiefs in its hex,
/// a Villager escort with the Animals and Treasure it may take along. Units still
/// aboard are interchangeable within a kind, so only the first of each is offered.
fn groups(state: &FuryState, side: Side) -> Vec<Units> {
    let mut out: Vec<Units> = Vec::with_capacity(state.units.len());
    let mut aboard_kinds: Vec<Kind> = Vec::new();
    // The units that may go along with another, with their hexes, in unit order:
    // Viking Leaders; Villager Animals and Treasure no longer in its setup place.
    let mates: Vec<(Hex, UnitId)> = state
        .ids()
        .filter_map(|id| {
            let u = state.unit(id);
            let k = u.kind;
            let may = match side {
                Side::Viking => k.is_leader(),
                Side::Villager => k == Kind::Animal || (k.is_treasure() && !u.preset),
            };
            match u.place {
                Place::OnMap(h) if may && u.side() == side && !u.moved => Some((h, id)),
                _ => None,
            }
        })
        .collect();
    // The hexes holding a mate: most units stand in none, and then the list of mates
    // need not be read for them. (A hex off the map, which the set cannot hold, is
    // always read.)
    let mut mate_hexes = HexSet::default();
    for &(h, _) in &mates {
        mate_hexes.insert(h);
    }
    let may_have_mates = |h: Hex| mate_hexes.contains(h) || !data().grid.contains(h);
    for id in state.ids() {
        let u = state.unit(id);
        if u.side() != side || u.moved {
            continue;
        }
        match u.place {
            Place::Aboard if !aboard_kinds.contains(&u.kind) => {
                aboard_kinds.push(u.kind);
                out.extend(Units::from_slice(&[id]));
            }
            Place::OnMap(h) => {
                if side == Side::Villager && (u.kind == Kind::Animal || u.kind.is_treasure()) {
                    continue;
                }
                let mut g = Units::new();
                let _ = g.push(id);
                out.push(g);
                // A Viking Leader is offered alone; a non-Leader takes the Leaders in
                // its hex along.
                if !(side == Side::Viking && u.kind.is_leader()) && may_have_mates(h) {
                    let along = mates
                        .iter()
                        .filter(|&&(mh, m)| mh == h && m != id)
                        .map(|&(_, m)| m)
                        .take(6);
                    for m in along {
                        let _ = g.push(m);
                    }
                }
                if g.len() > 1 {
                    out.push(g);
                }
            }
            _ => {}
        }
    }
    out
}

/// The groups that may be offered moves now (see `groups`).
pub fn movable_groups(state: &FuryState, side: Side) -> Vec<Units> {
    let mut g = groups(state, side);
    g.retain(|units| group_ok(state, side, units.as_slice()));
    g
}

/// The legal moves of one group.
pub fn moves_of_group(
    state: &FuryState,
    occ: &Occupancy,
    side: Side,
    units: &[UnitId],
    scratch: &mut Scratch,
    out: &mut Vec<FuryAction>,
) {
    moves_of(state, occ, side, units, scratch, out);
}

pub fn legal_moves(state: &FuryState, side: Side, out: &mut Vec<FuryAction>) {
    legal_moves_in(state, &Occupancy::of(state), side, out);
}

/// As `legal_moves`, with the occupancy of this state.
pub fn legal_moves_in(state: &FuryState, occ: &Occupancy, side: Side, out: &mut Vec<FuryAction>) {
    with_scratch(|scratch| legal_moves_with(state, occ, side, scratch, out));
}

/// As `legal_moves_in`, with scratch space for searches of this state.
pub fn legal_moves_with(
    state: &FuryState,
    occ: &Occupancy,
    side: Side,
    scratch: &mut Scratch,
    out: &mut Vec<FuryAction>,
) {
    let groups = groups(state, side);
    // Room for the whole listing at once (a group has some 30 moves, a Villager
    // listing about a thousand): growing it a group at a time copied it again and
    // again.
    out.reserve(groups.len() * MOVES_PER_GROUP);
    for g in groups {
        moves_of(state, occ, side, g.as_slice(), scratch, out);
    }
}

/// The moves a listing makes room for per group before searching.
const MOVES_PER_GROUP: usize = 48;

/// Units that still must land: any unit aboard with a legal landing (5.8, H-LAND).
pub fn landing_due(state: &FuryState) -> Option<UnitId> {
    landing_due_in(state, None)
}

/// As `landing_due`, with the occupancy of this state if the caller has it.
pub fn landing_due_in(state: &FuryState, known: Option<&Occupancy>) -> Option<UnitId> {
    with_scratch(|scratch| landing_due_with(state, known, scratch))
}

/// As `landing_due_in`, with scratch space for searches of this state.
pub fn landing_due_with(
    state: &FuryState,
    known: Option<&Occupancy>,
    scratch: &mut Scratch,
) -> Option<UnitId> {
    let mut seen: Vec<Kind> = Vec::new();
    let mut own: Option<Occupancy> = None;
    let mut v = Vec::new();
    for id in state.ids() {
        let u = state.unit(id);
        if u.place != Place::Aboard || seen.contains(&u.kind) || u.moved {
            continue;
        }
        seen.push(u.kind);
        let occ = match known {
            Some(o) => o,
            None => own.get_or_insert_with(|| Occupancy::of(state)),
        };
        v.clear();
        moves_of(state, occ, Side::Viking, &[id], scratch, &mut v);
        // Only a move that ends ashore is a landing: a unit whose one option is to
        // step onto the Ship hex and re-embark at once stays aboard (H-LAND).
        if v.iter()
            .any(|a| matches!(a, FuryAction::Move { embark: false, .. }))
        {
            return Some(id);
        }
    }
    None
}

/// Units that set a Fire and are still in it (10.3).
pub fn fire_leavers(state: &FuryState) -> Vec<UnitId> {
    state
        .ids()
        .filter(|&id| {
            let u = state.unit(id);
            u.must_leave && matches!(u.place, Place::OnMap(h) if state.fired.contains(h))
        })
        .collect()
}

/// A unit that must leave its Fired hex and still can.
pub fn fire_leaver_stuck_ok(state: &FuryState) -> Option<UnitId> {
    fire_leaver_stuck_in(state, None)
}

/// As `fire_leaver_stuck_ok`, with the occupancy of this state if the caller has it.
pub fn fire_leaver_stuck_in(state: &FuryState, known: Option<&Occupancy>) -> Option<UnitId> {
    with_scratch(|scratch| fire_leaver_stuck_with(state, known, scratch))
}

/// As `fire_leaver_stuck_in`, with scratch space for searches of this state.
pub fn fire_leaver_stuck_with(
    state: &FuryState,
    known: Option<&Occupancy>,
    scratch: &mut Scratch,
) -> Option<UnitId> {
    let leavers = fire_leavers(state);
    if leavers.is_empty() {
        return None;
    }
    let own;
    let occ = match known {
        Some(o) => o,
        None => {
            own = Occupancy::of(state);
            &own
        }
    };
    let mut v = Vec::new();
    leavers.into_iter().find(|&id| {
        v.clear();
        moves_of(state, occ, Side::Viking, &[id], scratch, &mut v);
        !v.is_empty()
    })
}

/// H-FIRE: at the end of the Viking Movement Phase a unit still in its Fire is lost,
/// with what it carries.
pub fn burn_trapped(state: &mut FuryState) -> Vec<GameEvent<FuryEvent>> {
    let mut events = Vec::new();
    for id in fire_leavers(state) {
        let held: Vec<UnitId> = state.held_by(id).collect();
        for h in held {
            state.unit_mut(h).place = Place::Lost;
        }
        state.unit_mut(id).place = Place::Eliminated;
        events.push(GameEvent::public(
            "H-FIRE",
            FuryEvent::PerishedInFire {
                unit: state.code_of(id),
            },
        ));
    }
    events
}

// ---- transfers and abandoning (5.6, 5.6.1) ----

/// A transfer of captives (5.6.1). A refused one may leave the state part-changed:
/// `apply` plays it on a copy it then drops, and the listing on a probe copy.
pub fn transfer(
    state: &mut FuryState,
    side: Side,
    from: UnitId,
    to: TransferTo,
    items: &Units,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    if side != Side::Viking || state.phase != Phase::VikingMovement {
        return Err(RuleError::new(
            "5.6.1",
            "transfers happen in the Viking Movement Phase",
        ));
    }
    if state.transfers >= 1 {
        return Err(RuleError::new("H-XFER", "one transfer per Movement Phase"));
    }
    let grid = &data().grid;
    let from_hex = match state.unit(from).place {
        Place::OnMap(h) if state.unit(from).side() == Side::Viking => h,
        _ => {
            return Err(RuleError::new(
                "5.6.1",
                "the giver must be a Viking unit on the map",
            ))
        }
    };
    if items.is_empty() {
        return Err(RuleError::new("5.6.1", "nothing to transfer"));
    }
    for &i in items.as_slice() {
        if state.unit(i).place != Place::Held(from) {
            return Err(RuleError::new(
                "5.6.1",
                format!(
                    "{} is not held by {}",
                    state.unit(i).code(),
                    state.unit(from).code()
                ),
            ));
        }
    }
    let next = &mut *state;
    let receiver;
    match to {
        TransferTo::Unit(r) => {
            let to_hex = match next.unit(r).place {
                Place::OnMap(h) if next.unit(r).side() == Side::Viking && r != from => h,
                _ => {
                    return Err(RuleError::new(
                        "5.6.1",
                        "the receiver must be another Viking unit on the map",
                    ))
                }
            };
            if grid.distance(from_hex, to_hex) != 1 {
                return Err(RuleError::new("5.6.1", "transfers go to an adjacent unit"));
            }
            for &i in items.as_slice() {
                next.unit_mut(i).place = Place::Held(r);
            }
            let animal = items
                .as_slice()
                .iter()
                .any(|&i| next.unit(i).kind == Kind::Animal);
            if animal && next.terrain(to_hex).is_some_and(|t| t.is_building()) {
                return Err(RuleError::new(
                    "5.6",
                    "captured Animals may not be taken into a Building",
                ));
            }
            if !next.stacking_ok(to_hex, Side::Viking, &[]) || !next.may_enter(r, to_hex) {
                return Err(RuleError::new("5.6.1", "the transfer would break stacking"));
            }
            // The transferred units may move no further: neither may the unit now
            // carrying them (RULINGS: 5.6.1).
            next.unit_mut(r).moved = true;
            receiver = Receiver::Unit(next.code_of(r));
        }
        TransferTo::Ship(h) => {
            let Some(ship) = next.ship_at(h) else {
                return Err(RuleError::new("5.6.1", "no Ship there"));
            };
            if grid.distance(from_hex, h) > 1 {
                return Err(RuleError::new("5.6.1", "the Ship must be adjacent"));
            }
            for &i in items.as_slice() {
                next.unit_mut(i).place = Place::Embarked(ship);
            }
            receiver = Receiver::Ship(h);
        }
    }
    next.transfers += 1;
    let items = next.codes_of(items.as_slice());
    Ok(vec![GameEvent::public(
        "5.6.1",
        FuryEvent::Transferred {
            from: state.code_of(from),
            items,
            to: receiver,
        },
    )])
}

pub fn legal_transfers(state: &FuryState, out: &mut Vec<FuryAction>) {
    if state.transfers >= 1 {
        return;
    }
    let grid = &data().grid;
    // Every held unit with its escort, in unit order, found in one pass: most of the
    // time nobody holds anything, and there is nothing to transfer.
    let holds: Vec<(UnitId, UnitId)> = state
        .ids()
        .filter_map(|id| match state.unit(id).place {
            Place::Held(escort) => Some((escort, id)),
            _ => None,
        })
        .collect();
    if holds.is_empty() {
        return;
    }
    let mut probe: Option<FuryState> = None;
    for from in state.ids() {
        let Place::OnMap(h) = state.unit(from).place else {
            continue;
        };
        if state.unit(from).side() != Side::Viking {
            continue;
        }
        let held: Vec<UnitId> = holds
            .iter()
            .filter(|&&(escort, _)| escort == from)
            .map(|&(_, id)| id)
            .collect();
        let Some(all) = Units::from_slice(&held[..held.len().min(8)]) else {
            continue;
        };
        if held.is_empty() {
            continue;
        }
        let mut targets: Vec<TransferTo> = Vec::new();
        for n in grid.neighbours(h) {
            targets.extend(state.side_at(n, Side::Viking).map(TransferTo::Unit));
            if state.ship_at(n).is_some() {
                targets.push(TransferTo::Ship(n));
            }
        }
        if state.ship_at(h).is_some() {
            targets.push(TransferTo::Ship(h));
        }
        for to in targets {
            let a = FuryAction::Transfer {
                from,
                to,
                items: all,
            };
            // Each transfer is tried on a copy of the state, made in the allocations
            // of the one tried before.
            let probe = match &mut probe {
                Some(p) => {
                    p.copy_from(state);
                    p
                }
                None => probe.insert(state.clone()),
            };
            if transfer(probe, Side::Viking, from, to, &all).is_ok() {
                out.push(a);
            }
        }
    }
}

pub fn abandon(
    state: &mut FuryState,
    side: Side,
    item: UnitId,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    if side != Side::Viking || !matches!(state.phase, Phase::VikingMovement | Phase::VikingCombat) {
        return Err(RuleError::new(
            "5.6",
            "the Viking lets go of captives in his own phases",
        ));
    }
    let Place::Held(escort) = state.unit(item).place else {
        return Err(RuleError::new(
            "5.6",
            format!("{} is not held", state.unit(item).code()),
        ));
    };
    let Some(hex) = state.hex_of(escort) else {
        return Err(RuleError::new("5.6", "its escort is not on the map"));
    };
    state.unit_mut(item).place = Place::OnMap(hex);
    let mut events = vec![GameEvent::public(
        "5.6",
        FuryEvent::Abandoned {
            item: state.code_of(item),
        },
    )];
    // H-TRS-1: letting a captive go makes room for Treasure lying in the hex.
    events.extend(treasure::take_treasure_but(state, hex, Some(item)));
    Ok(events)
}

// ---- random Animal movement (5.5) ----

/// An Animal counts as escorted when a Villager unit other than an Animal or Treasure
/// stands with it (H-ESC).
fn escorted(state: &FuryState, hex: Hex) -> bool {
    state.side_at(hex, Side::Villager).any(|id| {
        let k = state.unit(id).kind;
        k != Kind::Animal && !k.is_treasure()
    })
}

/// At the start of the Villager Movement Phase each unescorted Animal moves one hex in
/// the direction rolled (5.5, H-DIR), in hex order, then unit order.
pub fn wander_animals(state: &mut FuryState) -> Vec<GameEvent<FuryEvent>> {
    let d = data();
    let grid = &d.grid;
    let mut animals: Vec<(usize, UnitId)> = state
        .ids()
        .filter_map(|id| {
            let u = state.unit(id);
            match u.place {
                Place::OnMap(h) if u.kind == Kind::Animal && !u.from_stables => {
                    Some((grid.index(h).unwrap_or(0), id))
                }
                _ => None,
            }
        })
        .collect();
    animals.sort();
    let mut events = Vec::new();
    for (_, id) in animals {
        let Place::OnMap(from) = state.unit(id).place else {
            continue;
        };
        if escorted(state, from) {
            continue;
        }
        let face = state.chance.d6();
        let dir = crate::board::HexDir::ALL[(face as usize - 1).min(5)];
        let to = grid.step(from, dir);
        let went = if !grid.contains(to) {
            state.unit_mut(id).place = Place::Lost;
            Wander::OffMap
        } else if matches!(
            state.terrain(to),
            Some(Terrain::Sea) | Some(Terrain::Building(_))
        ) || state.fired.contains(to)
            || !state.stacking_ok(to, Side::Villager, &[id])
        {
            Wander::Stays(from)
        } else {
            state.unit_mut(id).place = Place::OnMap(to);
            Wander::To(to)
        };
        events.push(GameEvent::public(
            "5.5",
            FuryEvent::AnimalWanders {
                animal: state.code_of(id),
                roll: face,
                went,
            },
        ));
    }
    events
}

/// The Stables hex never loses its two Animals' exemption even if they leave (5.5.1);
/// kept here so tests can name the hex.
pub fn stables() -> Vec<Hex> {
    data().hexes_of(Building::Stables)
}
