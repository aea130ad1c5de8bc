//! The simple player: rules of thumb a new player finds sensible, after the brief's
//! "Notes for the AI" (shared/rules/fury.md, section 4).
//!
//! Viking: land from the Ship and leave one fighter on it as a guard (AI note 2); send
//! each raider to the loot worth most for the way (note 4), fighting only at good odds
//! (note 5); hand loot aboard from next to the Ship, walk aboard when full, and turn
//! home in time to re-embark before turn 12 ends (note 6); set Fires only where the
//! scenario counts them (note 7).
//!
//! Villager: the default set-up (3.3); once roused, Priests walk to within Divine
//! Wrath range of a Ship and pray at it (note 5), Cavalry ride for an unguarded Ship
//! and burn it, fighters strike Vikings carrying loot at even odds or better (note 4),
//! Women flee the Vikings (note 3); every Archery shot is taken (it cannot hurt the
//! archers, 7.6).
//!
//! Nothing here lists every legal action in a Movement Phase (hundreds of moves): the
//! player picks a unit, asks only that unit's moves (one search), and takes the best
//! of them. In the other phases the lists are short and are read whole.
//!
//! What a decision asks of the position again and again (who stands in a hex, its
//! defence, the attack next to it, what a Viking holds) is gathered once per decision
//! in a `Board`, in one pass over the units, so that scoring a move costs a few array
//! reads instead of scans of every unit.

use super::super::actions::{FuryAction, Path, TransferTo};
use super::super::capture::capture_column;
use super::super::combat::{attackers_at, crt_column};
use super::super::data::{data, Building, CrtResult, Terrain, VictoryRule};
use super::super::flow;
use super::super::movement::{self, Scratch};
use super::super::occupancy::Occupancy;
use super::super::rules;
use super::super::state::{FuryState, HexSet, Pending, Phase, Place, UnitId};
use super::super::units::{Kind, Side};
use super::super::victory;
use super::variants::{Exposure, VikingPlan, EXPOSED_COST};
use crate::board::Hex;
use crate::engine::Chance;

/// Turns in a game (4.0).
fn last_turn() -> u8 {
    data().tables.turns
}

/// The simple player's action for `side`, or None when no decision is due from it.
/// Every action it returns is one `legal_actions` lists.
pub fn simple_action(state: &FuryState, side: Side, rng: &mut Chance) -> Option<FuryAction> {
    simple_action_with(state, side, &VikingPlan::default(), rng)
}

/// `simple_action`, the Viking raiding by `plan` (the Villager plays as ever).
pub fn simple_action_with(
    state: &FuryState,
    side: Side,
    plan: &VikingPlan,
    rng: &mut Chance,
) -> Option<FuryAction> {
    if rules::deciding(state) != Some(side) {
        return None;
    }
    let board = Board::of(state);
    let chosen = if state.pending.is_empty() {
        match side {
            Side::Viking => viking(state, &board, plan),
            Side::Villager => villager(state, &board),
        }
    } else {
        pending(state, &board, side)
    };
    chosen.or_else(|| fallback(state, side, rng))
}

/// How many Viking plans a search may weigh here (`Game::plans`): the portfolio in the
/// Viking's Movement and Combat Phases, where the plans differ; none elsewhere (set-up,
/// fire) and for the Villager.
pub fn plans(state: &FuryState, side: Side) -> u32 {
    let raiding = matches!(state.phase, Phase::VikingMovement | Phase::VikingCombat);
    if side == Side::Viking && raiding {
        super::variants::portfolio().len() as u32
    } else {
        0
    }
}

/// The action plan `plan` of the portfolio takes (`Game::plan_action`): the Viking by
/// that plan, the Villager (and a plan out of range) as the simple player.
pub fn plan_action(
    state: &FuryState,
    side: Side,
    plan: u32,
    rng: &mut Chance,
) -> Option<FuryAction> {
    let portfolio = super::variants::portfolio();
    match portfolio.get(plan as usize) {
        Some(p) if side == Side::Viking => simple_action_with(state, side, p, rng),
        _ => simple_action(state, side, rng),
    }
}

/// When no rule of thumb applies: end the phase if that is allowed, else any legal
/// action (so the game always moves on).
fn fallback(state: &FuryState, side: Side, rng: &mut Chance) -> Option<FuryAction> {
    if state.pending.is_empty()
        && state.phase.owner() == Some(side)
        && flow::end_error(state).is_none()
    {
        return Some(FuryAction::End);
    }
    rules::random_action(state, side, rng)
}

// ---------------------------------------------------------------------------------
// What both sides ask of a position.

/// Steps over land from every Ship still afloat (Sea and Fire are barred), by dense
/// hex index; `u16::MAX` where no Ship can be reached.
pub fn home_field(state: &FuryState) -> Vec<u16> {
    let d = data();
    let n = d.grid.len();
    let mut dist = vec![u16::MAX; n];
    let mut queue: Vec<usize> = Vec::with_capacity(n);
    for s in state.ships.iter().filter(|s| !s.destroyed) {
        if let Some(i) = s.hex.and_then(|h| d.grid.index(h)) {
            dist[i] = 0;
            queue.push(i);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let i = queue[head];
        head += 1;
        for &j in d.neighbours_of(i) {
            let j = j as usize;
            if dist[j] != u16::MAX
                || d.terrain_at(j) == Terrain::Sea
                || state.fired.contains_index(j)
            {
                continue;
            }
            dist[j] = dist[i] + 1;
            queue.push(j);
        }
    }
    dist
}

fn index(h: Hex) -> usize {
    data().grid.index(h).unwrap_or(0)
}

/// What stands in one hex, for one side: the units standing there in their own right
/// (held ones are not), counted as the rules count them.
#[derive(Clone, Copy, Default)]
struct Stand {
    /// The first of the units, in unit order (index + 1; 0: none), the rest linked
    /// through `Board::next`.
    first: u16,
    /// Defense Strengths of the units that have one (7.3), not yet doubled.
    defence: u16,
    /// A Leader / a non-Leader with a Defense Strength is there (H-LDR-2, H-MAND-1).
    leader: bool,
    other: bool,
    /// Attack Strengths.
    attack: u16,
}

/// One hex: both sides, and two facts about the Villagers there.
#[derive(Clone, Copy, Default)]
struct Cell {
    side: [Stand; 2],
    /// A non-Leader Villager combatant (8.0).
    villager_fighter: bool,
    /// A Villager Leader.
    villager_leader: bool,
}

/// Who stands where, gathered in one pass over the units (see the module notes).
struct Board {
    /// By dense hex index; `empty` for a hex off the map.
    cells: Vec<Cell>,
    empty: Cell,
    /// The next unit of the same side in the same hex, in unit order (index + 1).
    next: Vec<u16>,
    /// Per unit: non-Leader units it holds, and whether it holds anything.
    held: Vec<u8>,
    holds: Vec<bool>,
    /// What the Punitive Raid still asks for (13.1); all true in other scenarios.
    needs: Needs,
}

/// Which of the Punitive Raid's three counts (13.1) are still short, so that raiders go
/// for what is missing rather than pile up what is already enough.
#[derive(Clone, Copy)]
struct Needs {
    noncombatants: bool,
    combatants: bool,
    fires: bool,
}

impl Needs {
    /// Six combatants over the 30 the rule asks, for the Vikings a game leaves ashore
    /// (13.1: each costs two).
    const COMBATANTS: i32 = 36;

    fn of(state: &FuryState) -> Needs {
        if state.options.scenario().victory != VictoryRule::Punitive {
            return Needs {
                noncombatants: true,
                combatants: true,
                fires: true,
            };
        }
        let (noncombatants, combatants, _, fired) = victory::punitive_tally(state);
        Needs {
            noncombatants: noncombatants < 10,
            combatants: combatants < Self::COMBATANTS,
            fires: fired < 20,
        }
    }
}

impl Board {
    fn of(state: &FuryState) -> Board {
        let d = data();
        let n = state.units.len();
        let mut b = Board {
            cells: vec![Cell::default(); d.grid.len()],
            empty: Cell::default(),
            next: vec![0; n],
            held: vec![0; n],
            holds: vec![false; n],
            needs: Needs::of(state),
        };
        // Backwards, each unit put first, so that the lists run in unit order.
        for k in (0..n).rev() {
            let u = &state.units[k];
            match u.place {
                Place::OnMap(h) => {
                    let Some(i) = d.grid.index(h) else { continue };
                    let stats = d.stats(u.kind);
                    let side = u.side();
                    let c = &mut b.cells[i];
                    if side == Side::Villager {
                        c.villager_fighter |= u.kind.counts_as_villager_combatant();
                        c.villager_leader |= u.kind.is_villager_leader();
                    }
                    let s = &mut c.side[side as usize];
                    b.next[k] = s.first;
                    s.first = k as u16 + 1;
                    if let Some(def) = stats.defense {
                        s.defence = s.defence.saturating_add(def as u16);
                        if u.kind.is_leader() {
                            s.leader = true;
                        } else {
                            s.other = true;
                        }
                    }
                    s.attack = s.attack.saturating_add(stats.attack.unwrap_or(0) as u16);
                }
                Place::Held(escort) => {
                    if let Some(e) = b.holds.get_mut(escort.0 as usize) {
                        *e = true;
                        if !u.kind.is_leader() {
                            b.held[escort.0 as usize] += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        b
    }

    fn cell(&self, hex: Hex) -> &Cell {
        match data().grid.index(hex) {
            Some(i) => &self.cells[i],
            None => &self.empty,
        }
    }

    fn stand(&self, hex: Hex, side: Side) -> &Stand {
        &self.cell(hex).side[side as usize]
    }

    /// Units of `side` standing in the hex, in unit order (as `FuryState::side_at`).
    fn at(&self, hex: Hex, side: Side) -> impl Iterator<Item = UnitId> + '_ {
        let mut k = self.stand(hex, side).first;
        std::iter::from_fn(move || {
            let at = k.checked_sub(1)?;
            k = self.next[at as usize];
            Some(UnitId(at))
        })
    }

    fn any(&self, hex: Hex, side: Side) -> bool {
        self.stand(hex, side).first != 0
    }

    /// Any unit of `side` with a Defense Strength in the hex (`defenders_at` not empty).
    fn defended(&self, hex: Hex, side: Side) -> bool {
        let s = self.stand(hex, side);
        s.leader || s.other
    }

    /// Non-Leader units held by a unit (`held_count`).
    fn held(&self, id: UnitId) -> usize {
        self.held.get(id.0 as usize).map_or(0, |&h| h as usize)
    }

    /// Attack Strength of `side`'s units in a hex and its neighbours.
    fn attack_around(&self, hex: Hex, side: Side) -> u32 {
        let d = data();
        let Some(i) = d.grid.index(hex) else {
            return 0;
        };
        let mut total = self.cells[i].side[side as usize].attack as u32;
        for &j in d.neighbours_of(i) {
            total += self.cells[j as usize].side[side as usize].attack as u32;
        }
        total
    }
}

fn distance(a: Hex, b: Hex) -> u32 {
    data().grid.distance(a, b)
}

/// The defence of the units of `side` in a hex against a normal attack: their Defense
/// Strengths, doubled in Woods and Buildings (7.3, 7.5), and whether a Leader shifts it.
fn defence_at(state: &FuryState, board: &Board, hex: Hex, side: Side) -> (u32, bool) {
    let s = board.stand(hex, side);
    let (mut total, leader, other) = (s.defence as u32, s.leader, s.other);
    if state.doubles_defense(hex) {
        total *= 2;
    }
    (total, leader && other)
}

/// The CRT column of `attack` (with a Leader shift if `shift`) against the defenders
/// of `side` in `hex` (7.2, 7.4, H-LDR-2), or None when nothing there can be attacked.
/// A defence of 0 is a sure kill (7.9): the best column.
fn odds_against(
    state: &FuryState,
    board: &Board,
    hex: Hex,
    side: Side,
    attack: u32,
    shift: bool,
) -> Option<usize> {
    let (d, their_leader) = defence_at(state, board, hex, side);
    if attack == 0 {
        return None;
    }
    if d == 0 {
        return board.defended(hex, side).then_some(6);
    }
    let col = crt_column(attack, d) as i32 + shift as i32 - their_leader as i32;
    Some(col.clamp(0, 6) as usize)
}

/// Sixths of the CRT column that are good for the attacker: the defender eliminated or
/// retreated (DE, DR).
fn good_sixths(col: usize) -> u32 {
    static SIXTHS: std::sync::OnceLock<[u32; 7]> = std::sync::OnceLock::new();
    let sixths = SIXTHS.get_or_init(|| {
        std::array::from_fn(|c| {
            data()
                .crt
                .iter()
                .filter(|row| matches!(row[c], CrtResult::DE | CrtResult::DR))
                .count() as u32
        })
    });
    sixths[col]
}

/// Sixths of the Capture column that Capture (8.1).
fn capture_sixths(col: usize) -> u32 {
    static SIXTHS: std::sync::OnceLock<[u32; 4]> = std::sync::OnceLock::new();
    let sixths = SIXTHS.get_or_init(|| {
        std::array::from_fn(|c| data().capture_table.iter().filter(|row| row[c]).count() as u32)
    });
    sixths[col]
}

fn is_viking_fighter(state: &FuryState, id: UnitId) -> bool {
    let u = state.unit(id);
    u.side() == Side::Viking && !u.kind.is_leader()
}

fn ship_hexes(state: &FuryState) -> Vec<Hex> {
    state
        .ships
        .iter()
        .filter(|s| !s.destroyed)
        .filter_map(|s| s.hex)
        .collect()
}

// ---------------------------------------------------------------------------------
// Decisions due from a result (retreats, the Leader roll, Divine Wrath flights).

fn pending(state: &FuryState, board: &Board, side: Side) -> Option<FuryAction> {
    let acts = rules::legal_actions(state, side);
    match *state.pending.first()? {
        // 8.6: the roll can only help the Viking (a Leader left behind can be Captured).
        Pending::LeaderRoll { leader, .. } => acts
            .into_iter()
            .find(|a| *a == FuryAction::LeaderRoll { leader, roll: true }),
        Pending::Retreat { unit } => {
            if side == Side::Viking {
                // Back towards the Ship, away from the Villagers.
                let home = home_field(state);
                best_by(acts, |a| match a {
                    FuryAction::Retreat { to: Some(h), .. } => Some(
                        home[index(*h)] as i64 * 10 + threat_to_viking(state, board, *h) as i64,
                    ),
                    _ => None,
                })
            } else {
                let _ = unit;
                // Away from the Vikings, into cover if there is any (7.5).
                best_by(acts, |a| match a {
                    FuryAction::Retreat { to: Some(h), .. } => {
                        let near = nearest_viking(state, *h).unwrap_or(9) as i64;
                        Some(-near * 10 - 5 * state.doubles_defense(*h) as i64)
                    }
                    _ => None,
                })
            }
        }
        // The flight that ends nearest the Ship.
        Pending::WrathRetreat { .. } => {
            let home = home_field(state);
            best_by(acts, |a| match a {
                FuryAction::WrathRetreat {
                    path,
                    off_map: false,
                    ..
                } => path.last().map(|h| home[index(h)] as i64),
                _ => None,
            })
        }
    }
}

/// The action with the lowest score (None scores are not taken); the first of equals.
fn best_by(
    acts: Vec<FuryAction>,
    score: impl Fn(&FuryAction) -> Option<i64>,
) -> Option<FuryAction> {
    let mut best: Option<(i64, FuryAction)> = None;
    for a in acts {
        if let Some(s) = score(&a) {
            if best.as_ref().is_none_or(|(b, _)| s < *b) {
                best = Some((s, a));
            }
        }
    }
    best.map(|(_, a)| a)
}

/// Attack Strength of the Villager combatants next to or in a hex: what could strike
/// a Viking ending there (once the village is roused).
fn threat_to_viking(state: &FuryState, board: &Board, hex: Hex) -> u32 {
    if !state.lock_lifted {
        return 0;
    }
    board.attack_around(hex, Side::Villager)
}

/// Hex distance to the nearest Viking unit standing on the map.
fn nearest_viking(state: &FuryState, hex: Hex) -> Option<u32> {
    state
        .units
        .iter()
        .filter_map(|u| match u.place {
            Place::OnMap(h) if u.side() == Side::Viking => Some(distance(h, hex)),
            _ => None,
        })
        .min()
}

// ---------------------------------------------------------------------------------
// The Viking.

fn viking(state: &FuryState, board: &Board, plan: &VikingPlan) -> Option<FuryAction> {
    match state.phase {
        Phase::VikingSetup => viking_ships(state),
        Phase::VikingMovement => viking_movement(state, board, plan),
        Phase::VikingCombat => viking_combat(state, board),
        Phase::VikingFire => viking_fire(state),
        _ => None,
    }
}

/// AI note 1: the road head 0802 first, then 0603 (the Manor side) for a second Ship.
fn viking_ships(state: &FuryState) -> Option<FuryAction> {
    let acts = rules::legal_actions(state, Side::Viking);
    let grid = &data().grid;
    for label in ["0802", "0603", "0703", "0902"] {
        let hex = grid.parse(label)?;
        let a = FuryAction::PlaceShip { hex };
        if acts.contains(&a) {
            return Some(a);
        }
    }
    acts.into_iter()
        .find(|a| matches!(a, FuryAction::PlaceShip { .. }))
}

/// What a captured or taken piece is worth to the Viking in this scenario (11.0,
/// 12.2, 13.1, 13.2), in tenths.
fn loot_value(state: &FuryState, kind: Kind) -> u32 {
    let leader = state.options.leader_value as u32;
    match state.options.scenario().victory {
        VictoryRule::Basic => match kind {
            Kind::ChurchTreasure => 30,
            k if k.is_villager_leader() => 10 * leader,
            Kind::Woman | Kind::Animal | Kind::Treasure => 10,
            _ => 0,
        },
        VictoryRule::Advanced => match kind {
            Kind::ChurchTreasure => 36,
            k if k.is_villager_leader() => 30,
            Kind::Treasure => 12,
            Kind::Woman => 8,
            Kind::Animal => 4,
            _ => 0,
        },
        // A captive is slain at once (13.1): it counts among the non-combatants.
        VictoryRule::Punitive => match kind {
            Kind::Woman | Kind::Animal => 10,
            k if k.is_villager_leader() => 10,
            _ => 0,
        },
        VictoryRule::BloodMoney => match kind {
            k if k.is_villager_leader() => 30,
            _ => 0,
        },
    }
}

/// What a Villager combatant slain and a Building fired are worth in the Punitive Raid
/// while its count is short (13.1), in tenths of a loot unit.
/// (Measured against a random Villager, 200 games: slain 4 and fire 12, the values of
/// the loot-carrying scenarios, burned 16.1 hexes and slew 16.3 net combatants; 20 and
/// 20 burned 19.0 and slew 19.5, with the stay below. STRENGTH.md.)
const PUNITIVE_SLAIN: u32 = 20;
const PUNITIVE_FIRE: u32 = 20;

/// Land steps from a Ship from which a Punitive raider no longer turns home.
const PUNITIVE_STAY_STEPS: u16 = 14;

/// Whether a raider this many land steps from a Ship raids to the end instead of
/// walking home. Only in the Punitive Raid, and only from the far side of the village
/// (the Monastery, Granary and Stables, four turns' walk and more from the Ships): there
/// a raider left ashore costs two combatants (13.1), while its Buildings are needed for
/// the twenty Fires, and a raider that turned home in time would leave them unburned.
fn stays_to_the_end(state: &FuryState, steps: u16) -> bool {
    state.options.scenario().victory == VictoryRule::Punitive && steps >= PUNITIVE_STAY_STEPS
}

/// A hex worth going to, for a raider with `room` places for loot and this attack.
fn hex_value(
    state: &FuryState,
    board: &Board,
    hex: Hex,
    attack: u32,
    room: usize,
    shift: bool,
) -> u32 {
    let punitive = state.options.scenario().victory == VictoryRule::Punitive;
    let mut items: Vec<u32> = Vec::new();
    let mut leaders = 0;
    let mut fighters = false;
    for id in board.at(hex, Side::Villager) {
        let u = state.unit(id);
        let v = loot_value(state, u.kind);
        if u.kind.counts_as_villager_combatant() {
            fighters = true;
        }
        // Enough non-combatants slain (13.1): more are worth little.
        let v = if punitive && !board.needs.noncombatants {
            v / 5
        } else {
            v
        };
        if v == 0 {
            continue;
        }
        // The chance of taking it: Treasure is simply taken (H-TRS-1); a Capture is
        // tried once a turn (8.1), so a fair chance is worth most of it.
        let chance = match data().stats(u.kind).capture {
            Some(c) => {
                let c = c as u32 * if state.doubles_defense(hex) { 2 } else { 1 };
                capture_column(attack, c).map_or(0, capture_sixths) + 2
            }
            None => 6,
        };
        let v = v * chance.min(6) / 6;
        if u.kind.is_villager_leader() {
            leaders += v;
        } else {
            items.push(v);
        }
    }
    items.sort_unstable_by(|a, b| b.cmp(a));
    // Slain captives need no room (13.1).
    let room = if punitive { items.len() } else { room };
    let mut value: u32 = items.iter().take(room).sum::<u32>() + leaders;
    // An unsacked ordinary Building may hold Treasure (9.2: 1-2 on a die).
    if let Some(Terrain::Building(b)) = state.terrain(hex) {
        if !b.is_major() && !state.sacked.contains(hex) && room > 0 {
            value += loot_value(state, Kind::Treasure) / 3;
        }
    }
    if punitive {
        // Villager combatants slain count (13.1), and a Building to burn, each while
        // the count is short.
        let needs = board.needs;
        let slain: u32 = board
            .at(hex, Side::Villager)
            .filter(|&id| state.unit(id).kind.is_villager_combatant())
            .count() as u32;
        value += if needs.combatants { PUNITIVE_SLAIN } else { 1 } * slain;
        if needs.fires
            && state.terrain(hex).is_some_and(|t| t.is_building())
            && !state.fired.contains(hex)
        {
            value += PUNITIVE_FIRE;
        }
    }
    if state.options.scenario().victory == VictoryRule::BloodMoney {
        if let Some(Terrain::Building(b)) = state.terrain(hex) {
            if b.is_major() && !state.fired.contains(hex) {
                value += 3;
            }
        }
    }
    value += wrath_threat_value(state, hex);
    if value == 0 {
        return 0;
    }
    if fighters {
        // Combat first (8.0): worth it only at good odds (AI note 5).
        match odds_against(state, board, hex, Side::Villager, attack, shift) {
            Some(col) if col >= least_odds(state, board, hex) => value * good_sixths(col) / 6,
            _ => 0,
        }
    } else {
        value
    }
}

/// Rule of thumb "kill the Priests": a Priest, the Bishop or the Abbot with its Divine
/// Wrath unused destroys every Viking in a hex within 2 of it on 1-2 (7.10, 7.11), a
/// Ship too, which loses the Basic Game at once (11.0, GAP-36); Priests are 0-Defense,
/// so a Viking that ends in their hex (or an Archer that shoots it) kills them without
/// a roll while no combatant stands with them (7.9, AI note 2). Worth four loot units
/// while it is within a turn's walk (3, or 6 along a road) of Wrath range of a Ship,
/// nothing further off (chasing it there cost more loot than its Wrath at raiders
/// saves: against a random Villager the Basic Viking won 95.5% instead of 98%).
fn wrath_threat_value(state: &FuryState, hex: Hex) -> u32 {
    let casters = state
        .side_at(hex, Side::Villager)
        .filter(|&id| {
            let u = state.unit(id);
            u.kind.can_invoke_wrath() && !u.wrath_used
        })
        .count() as u32;
    if casters == 0 {
        return 0;
    }
    let range = data().tables.divine_wrath.range;
    let near = ship_hexes(state)
        .iter()
        .any(|&s| distance(s, hex) <= range + 7);
    if near {
        casters * 40
    } else {
        0
    }
}

/// The worst CRT column a raider accepts to fight its way into a hex (AI note 5:
/// 2-1), or 1-1 for a Leader in Blood-Money, where nothing else counts (13.2).
fn least_odds(state: &FuryState, board: &Board, hex: Hex) -> usize {
    let leader = board.cell(hex).villager_leader;
    if leader && state.options.scenario().victory == VictoryRule::BloodMoney {
        3
    } else {
        4
    }
}

/// What a raid target's worth depends on in a raider: its Attack Strength, its room
/// for loot (6.1), its Defense Strength (for a plan that asks) and whether a Chief
/// goes with it (7.4).
#[derive(Clone, Copy, PartialEq, Eq)]
struct RaiderTraits {
    attack: u32,
    room: usize,
    defence: u32,
    shift: bool,
}

/// A Viking plan with what it asks of the position, gathered once per decision.
struct Planned<'a> {
    plan: &'a VikingPlan,
    exposure: Option<Exposure>,
    /// For a stealthy plan while the village sleeps: the hexes that wake it (5.7).
    quiet: Option<Occupancy>,
}

impl<'a> Planned<'a> {
    fn new(state: &FuryState, plan: &'a VikingPlan) -> Planned<'a> {
        Planned {
            plan,
            exposure: plan.safe_ends.then(|| Exposure::of(state)),
            quiet: (plan.stealth && !state.lock_lifted).then(|| Occupancy::of(state)),
        }
    }

    /// Would entering the hex wake the village (5.7-b 3, H-TRIG)?
    fn wakes(&self, hex: Hex) -> bool {
        self.quiet
            .as_ref()
            .is_some_and(|occ| data().grid.index(hex).is_some_and(|i| occ.rouses(i)))
    }

    /// A move a stealthy raider does not make: one whose path wakes the village on the
    /// way to anything but its target.
    fn wakes_on_the_way(&self, path: &Path, target: Hex) -> bool {
        self.quiet.is_some() && path.last() != Some(target) && path.hexes().any(|h| self.wakes(h))
    }

    /// Is the hex near enough a Ship to be raided?
    fn within_reach(&self, hex: Hex, home: &[u16]) -> bool {
        self.plan.reach == u16::MAX || home[index(hex)] <= self.plan.reach
    }

    /// What a raid target is worth under the plan, `loot` being its worth to the
    /// default (`hex_value`) for a raider of this attack, defence and room for loot.
    fn target_value(
        &self,
        state: &FuryState,
        board: &Board,
        hex: Hex,
        loot: u32,
        raider: RaiderTraits,
    ) -> u32 {
        let RaiderTraits {
            attack,
            room,
            defence,
            shift,
        } = raider;
        let mut value = loot;
        // Quiet loot first: once the village wakes, its fighters strike carriers.
        if self.wakes(hex) {
            value /= 4;
        }
        // Loot taken where a Villager can strike the taker is likely lost again (7.7-c).
        if let Some(x) = &self.exposure {
            if room > 0 && x.exposed(state, hex, defence) {
                value /= 3;
            }
        }
        value + self.hunt_value(state, board, hex, (attack, shift))
    }

    /// The strikers in a hex as prey (`VikingPlan::hunt`): worth their Attack Strength
    /// at the chance of beating them, at the odds a raid accepts (AI note 5).
    fn hunt_value(
        &self,
        state: &FuryState,
        board: &Board,
        hex: Hex,
        (attack, shift): (u32, bool),
    ) -> u32 {
        if self.plan.hunt == 0 {
            return 0;
        }
        let strikers: u32 = board
            .at(hex, Side::Villager)
            .filter(|&id| state.unit(id).kind.counts_as_villager_combatant())
            .map(|id| state.attack_of(id))
            .filter(|&a| a >= self.plan.prey)
            .sum();
        if strikers == 0 {
            return 0;
        }
        match odds_against(state, board, hex, Side::Villager, attack, shift) {
            Some(col) if col >= least_odds(state, board, hex) => {
                self.plan.hunt * strikers * good_sixths(col) / 6
            }
            _ => 0,
        }
    }

    /// A raider that moves with a Chief (`VikingPlan::escort`): one not yet moved
    /// stands in its hex, and they move as one stack (6.0), the Chief shifting the
    /// odds a column (7.4).
    fn escorted(&self, state: &FuryState, board: &Board, id: UnitId) -> bool {
        self.plan.escort
            && match state.unit(id).place {
                Place::OnMap(h) => board
                    .at(h, Side::Viking)
                    .any(|c| state.unit(c).kind.is_leader() && !state.unit(c).moved),
                _ => false,
            }
    }

    /// What the plan asks of the end hexes of a unit leaving `from`.
    fn risk(&self, state: &FuryState, id: UnitId, from: Option<Hex>) -> EndRisk<'_> {
        EndRisk {
            lone: self.plan.lone,
            exposure: self.exposure.as_ref(),
            defence: defence_of(state, id),
            from,
        }
    }
}

/// What a plan adds to the cost of a Viking's end hex (nothing, for the default).
struct EndRisk<'a> {
    lone: i64,
    exposure: Option<&'a Exposure>,
    /// The moving unit's Defense Strength and the hex it leaves.
    defence: u32,
    from: Option<Hex>,
}

impl EndRisk<'_> {
    /// In tenths of a hex, as `raid_cost`: a carrier (`held` > 0) ending where a
    /// Villager can strike it, a raider ending with no Viking next to it.
    fn cost(&self, state: &FuryState, board: &Board, end: Hex, held: usize) -> i64 {
        let mut cost = 0;
        if held > 0 && self.exposed(state, end) {
            cost += EXPOSED_COST;
        }
        if self.lone > 0 && !self.next_to_viking(board, end) {
            cost += self.lone;
        }
        cost
    }

    fn exposed(&self, state: &FuryState, hex: Hex) -> bool {
        self.exposure
            .is_some_and(|x| x.exposed(state, hex, self.defence))
    }

    /// A carrier safe where it stands does not walk into a strike.
    fn better_to_stay(&self, state: &FuryState, end: Hex) -> bool {
        self.from
            .is_some_and(|h| self.exposed(state, end) && !self.exposed(state, h))
    }

    /// Another Viking (not the mover itself, still in `from`) next to `end`.
    fn next_to_viking(&self, board: &Board, end: Hex) -> bool {
        let d = data();
        let Some(i) = d.grid.index(end) else {
            return false;
        };
        d.neighbours_of(i).iter().any(|&j| {
            let h = d.grid.hex_at(j as usize);
            Some(h) != self.from && board.any(h, Side::Viking)
        })
    }
}

fn defence_of(state: &FuryState, id: UnitId) -> u32 {
    data().stats(state.unit(id).kind).defense.unwrap_or(0) as u32
}

/// A raider and the hex it is sent to.
struct Raid {
    unit: UnitId,
    target: Hex,
}

/// Every free raider is given the best target for the way (value against hexes to
/// walk), greedily, one raider per target; targets beyond the plan's reach from a
/// Ship (`home`) are not raided.
fn assign_raids(
    state: &FuryState,
    board: &Board,
    raiders: &[(UnitId, Hex)],
    plan: &Planned,
    home: &[u16],
) -> Vec<Raid> {
    // The hexes worth a raid: those of Villager units, in unit order, then the
    // Buildings the scenario counts, in map order; each once.
    let mut hexes: Vec<Hex> = Vec::new();
    let mut listed = HexSet::default();
    for u in &state.units {
        if u.side() != Side::Villager {
            continue;
        }
        if let Place::OnMap(h) = u.place {
            if !listed.contains(h) && !state.fired.contains(h) && plan.within_reach(h, home) {
                listed.insert(h);
                hexes.push(h);
            }
        }
    }
    let rule = state.options.scenario().victory;
    for &(h, b) in buildings() {
        let wanted = match rule {
            VictoryRule::Punitive => !state.fired.contains(h),
            VictoryRule::BloodMoney => b.is_major() && !state.fired.contains(h),
            _ => !b.is_major() && !state.sacked.contains(h),
        };
        if wanted && !listed.contains(h) && !state.fired.contains(h) && plan.within_reach(h, home) {
            listed.insert(h);
            hexes.push(h);
        }
    }
    // A hex's worth depends on the raider only through `RaiderTraits`: worked out
    // once for each kind of raider met.
    let mut worth: Vec<(RaiderTraits, Vec<u32>)> = Vec::new();
    // Raider and target, best score first, then in raider and target order: packed in
    // one key, so that the sort compares plain numbers (raiders are units and targets
    // hexes: both fewer than 2^16).
    let mut pairs: Vec<u64> = Vec::new();
    for (r, &(id, at)) in raiders.iter().enumerate() {
        let attack = state.attack_of(id);
        let room = 2usize.saturating_sub(board.held(id));
        let shift = plan.escorted(state, board, id);
        let raider = RaiderTraits {
            attack,
            room,
            defence: defence_of(state, id),
            shift,
        };
        let w = match worth.iter().position(|(k, _)| *k == raider) {
            Some(w) => w,
            None => {
                let values = hexes
                    .iter()
                    .map(|&h| {
                        let loot = hex_value(state, board, h, attack, room, shift);
                        plan.target_value(state, board, h, loot, raider)
                    })
                    .collect();
                worth.push((raider, values));
                worth.len() - 1
            }
        };
        let values = &worth[w].1;
        for (t, &h) in hexes.iter().enumerate() {
            let v = values[t];
            if v == 0 {
                continue;
            }
            let steps = distance(at, h);
            // Worth per turn of walking, a turn being about 4 hexes.
            let score = v * 100 / (4 + steps);
            pairs.push(
                u64::from(u32::MAX - score) << 32 | (r as u64 & 0xffff) << 16 | (t as u64 & 0xffff),
            );
        }
    }
    pairs.sort_unstable();
    let mut taken_r = vec![false; raiders.len()];
    let mut taken_t = vec![false; hexes.len()];
    let mut out = Vec::new();
    for key in pairs {
        let (r, t) = ((key >> 16 & 0xffff) as usize, (key & 0xffff) as usize);
        if taken_r[r] || taken_t[t] {
            continue;
        }
        taken_r[r] = true;
        taken_t[t] = true;
        out.push(Raid {
            unit: raiders[r].0,
            target: hexes[t],
        });
    }
    out
}

/// The Buildings of the map, in map order.
pub(super) fn buildings() -> &'static [(Hex, Building)] {
    static BUILDINGS: std::sync::OnceLock<Vec<(Hex, Building)>> = std::sync::OnceLock::new();
    BUILDINGS.get_or_init(|| {
        let d = data();
        d.grid
            .hexes()
            .filter_map(|h| match d.terrain(h) {
                Some(Terrain::Building(b)) => Some((h, b)),
                _ => None,
            })
            .collect()
    })
}

/// Turns a unit needs to walk `steps` hexes home and still re-embark: about 4 hexes a
/// turn (MA 4, 5.1), one turn to spare for stops and detours.
fn turns_home(steps: u16) -> u32 {
    if steps == u16::MAX {
        return 99;
    }
    (steps as u32).div_ceil(4) + 1
}

/// Rule of thumb "the last guard stays": the Villager still moves and fights after the
/// Viking's last Movement Phase (4.0: turn 12 ends with the Villager phases), and an
/// unguarded Ship can be burned on 1-4 (10.4, H-SHIP-2), which in the Basic Game loses
/// at once (11.0) and elsewhere costs the Ship and all aboard (12.2, 13.1-13.3). A
/// guard left ashore costs one unit (11.0, GAP-20) or its Defense VP (12.2): far less.
/// So on turn 12 the guard stays on the Ship while any Villager that may burn it
/// (a combatant or Leader, 10.4) could move onto it in its coming Movement Phase, as
/// the units stand now. (Counting twice its movement in hexes instead, for roads
/// (5.4.1), kept guards ashore against Villagers that Woods, Buildings and the walk
/// could never bring there: against a random Villager, 200 Punitive Raids, 19.5 net
/// combatants slain before, 21.1 after, no Ship more lost; STRENGTH.md.)
fn burner_in_reach(state: &FuryState, ship: Option<Hex>) -> bool {
    let Some(ship) = ship else { return false };
    let occ = Occupancy::of(state);
    let mut scratch = Scratch::new();
    let mut moves = Vec::new();
    state.ids().any(|id| {
        let u = state.unit(id);
        let Place::OnMap(h) = u.place else {
            return false;
        };
        if !u.kind.is_villager_combatant() {
            return false;
        }
        if h == ship {
            return true;
        }
        // Beyond twice its movement it cannot get there, road or not (5.4.1).
        if distance(h, ship) > 2 * data().stats(u.kind).ma as u32 + 1 {
            return false;
        }
        moves.clear();
        movement::moves_of_group(state, &occ, Side::Villager, &[id], &mut scratch, &mut moves);
        moves
            .iter()
            .any(|a| matches!(a, FuryAction::Move { path, .. } if path.last() == Some(ship)))
    })
}

/// The hex a guard stands on (its Ship), or the first Ship.
fn here_or_ship(state: &FuryState, id: UnitId, ships: &[Hex]) -> Option<Hex> {
    match state.unit(id).place {
        Place::OnMap(h) => Some(h),
        _ => ships.first().copied(),
    }
}

fn viking_movement(state: &FuryState, board: &Board, plan: &VikingPlan) -> Option<FuryAction> {
    let home = home_field(state);
    let plan = Planned::new(state, plan);
    let ships = ship_hexes(state);
    let turns_left = (last_turn() + 1).saturating_sub(state.turn) as u32;
    let last = state.turn >= last_turn();

    // Loot next to a Ship goes aboard at once (5.6.1: once a phase), and the raider
    // goes on raiding.
    if state.transfers == 0 {
        let mut transfers = Vec::new();
        movement::legal_transfers(state, &mut transfers);
        if let Some(t) = transfers.into_iter().find(|t| {
            matches!(
                t,
                FuryAction::Transfer {
                    to: TransferTo::Ship(_),
                    ..
                }
            )
        }) {
            return Some(t);
        }
    }

    let groups = movement::movable_groups(state, Side::Viking);
    let occ = Occupancy::of(state);
    let mut scratch = Scratch::new();

    // The guard of each Ship: the first non-Leader Viking standing on it (AI note 2).
    let guards: Vec<UnitId> = ships
        .iter()
        .filter_map(|&h| {
            board
                .at(h, Side::Viking)
                .find(|&id| is_viking_fighter(state, id))
        })
        .collect();
    let unguarded: Vec<Hex> = ships
        .iter()
        .copied()
        .filter(|&h| {
            !board
                .at(h, Side::Viking)
                .any(|id| is_viking_fighter(state, id))
        })
        .collect();

    // Raiders: fighters ashore (or still aboard) that are not guards and are not
    // going home.
    let mut raiders: Vec<(UnitId, Hex)> = Vec::new();
    let mut going_home: Vec<UnitId> = Vec::new();
    for g in &groups {
        let id = g.as_slice()[0];
        if g.len() != 1 || !is_viking_fighter(state, id) || guards.contains(&id) {
            continue;
        }
        let (at, steps) = match state.unit(id).place {
            Place::OnMap(h) => (h, home[index(h)]),
            _ => match ships.first() {
                Some(&h) => (h, 0),
                None => continue,
            },
        };
        let held = board.held(id);
        // A captured Leader is worth the trip home at once (GAP-31, 13.2).
        let leader = board.holds[id.0 as usize] && held == 0;
        if state.unit(id).place != Place::Aboard
            && (held >= 2
                || leader
                || (turns_left <= turns_home(steps) + plan.plan.spare_turns
                    && !stays_to_the_end(state, steps))
                || (held > 0 && steps <= plan.plan.carry_alone))
        {
            going_home.push(id);
        } else {
            raiders.push((id, at));
        }
    }
    // Made when a raider is first reached (an earlier group may already have moved).
    let mut raids: Option<Vec<Raid>> = None;
    let mut moves = Vec::new();

    for g in &groups {
        let units = g.as_slice();
        let id = units[0];
        let u = state.unit(id);
        moves.clear();
        let must = u.place == Place::Aboard || u.must_leave;
        // A Chief stays with the guard on the Ship and goes aboard at the end; an
        // escorting one is decided below, once the raiders have moved.
        if u.kind.is_leader() {
            if g.len() != 1 || (plan.plan.escort && !last) {
                continue;
            }
            movement::moves_of_group(state, &occ, Side::Viking, units, &mut scratch, &mut moves);
            if let Some(a) = chief_move(state, board, &moves, &home, &ships, (u.place, last)) {
                return Some(a);
            }
            continue;
        }
        // An escorted raider moves with its Chief (the group after its own); one going
        // home leaves the Chief to escort another.
        let escorted = !going_home.contains(&id) && plan.escorted(state, board, id);
        if (g.len() == 1) == escorted {
            continue;
        }
        // Guards decide last (below), once every other unit has done what it will.
        if guards.contains(&id) {
            continue;
        }
        movement::moves_of_group(state, &occ, Side::Viking, units, &mut scratch, &mut moves);
        if moves.is_empty() {
            continue;
        }
        // The first to land guards an unguarded Ship (AI note 2).
        if u.place == Place::Aboard && !unguarded.is_empty() && !last {
            if let Some(a) = moves.iter().find(|a| match a {
                FuryAction::Move {
                    path,
                    embark: false,
                    ..
                } => path.len() == 1 && path.first().is_some_and(|h| unguarded.contains(&h)),
                _ => false,
            }) {
                return Some(*a);
            }
        }
        let here = match u.place {
            Place::OnMap(h) => Some(h),
            _ => None,
        };
        let held = board.held(id);
        let risk = plan.risk(state, id, here);
        let carrier = (held > 0 && !must).then_some(&risk);
        if going_home.contains(&id) {
            if let Some(a) = pick_home(state, board, &moves, &home, true, carrier) {
                return Some(a);
            }
            continue;
        }
        let target = raids
            .get_or_insert_with(|| assign_raids(state, board, &raiders, &plan, &home))
            .iter()
            .find(|r| r.unit == id)
            .map(|r| r.target);
        match target {
            Some(t) => {
                let attack = state.attack_of(id);
                // (Only an escorted raider moves as more than one unit, see below.)
                let shift = units.len() > 1;
                let now =
                    here.map(|h| distance(h, t) as i64 * 10 + risk.cost(state, board, h, held));
                let mut best: Option<(i64, FuryAction)> = None;
                for a in &moves {
                    let FuryAction::Move {
                        path,
                        embark: false,
                        ..
                    } = a
                    else {
                        continue;
                    };
                    let Some(end) = path.last() else { continue };
                    if plan.wakes_on_the_way(path, t) {
                        continue;
                    }
                    let Some(cost) = raid_cost(state, board, end, t, attack, held, shift) else {
                        continue;
                    };
                    let cost = cost + risk.cost(state, board, end, held);
                    if best.as_ref().is_none_or(|(b, _)| cost < *b) {
                        best = Some((cost, *a));
                    }
                }
                match (best, now) {
                    (Some((c, a)), Some(n)) if c < n || must => return Some(a),
                    (Some((_, a)), None) => return Some(a),
                    _ => {}
                }
                if must {
                    if let Some(a) = pick_home(state, board, &moves, &home, false, None) {
                        return Some(a);
                    }
                }
            }
            None => {
                // Nothing worth the walk: go home if there is loot or time is short,
                // else wait near the Ship.
                if held > 0 || must || turns_left <= 3 {
                    let embark = held > 0 || turns_left <= 3;
                    if let Some(a) = pick_home(state, board, &moves, &home, embark, carrier) {
                        return Some(a);
                    }
                }
            }
        }
    }
    if plan.plan.escort && !last {
        for g in groups.iter().filter(|g| g.len() == 1) {
            let units = g.as_slice();
            let u = state.unit(units[0]);
            if !u.kind.is_leader() {
                continue;
            }
            moves.clear();
            movement::moves_of_group(state, &occ, Side::Viking, units, &mut scratch, &mut moves);
            let steps = match u.place {
                Place::OnMap(h) => home[index(h)],
                _ => 0,
            };
            // Home in time, as a raider (4.0, 11.0: a Viking left ashore costs one).
            let late = turns_left <= turns_home(steps);
            let join = (!late)
                .then(|| join_raider(state, board, &moves, &guards, &home))
                .flatten();
            let place = u.place;
            if let Some(a) =
                join.or_else(|| chief_move(state, board, &moves, &home, &ships, (place, late)))
            {
                return Some(a);
            }
        }
    }
    if last {
        let sail = last_guard_may_sail(state, guards.len());
        for &id in &guards {
            if burner_in_reach(state, here_or_ship(state, id, &ships)) && !sail {
                continue;
            }
            moves.clear();
            movement::moves_of_group(state, &occ, Side::Viking, &[id], &mut scratch, &mut moves);
            if let Some(a) = moves
                .iter()
                .find(|a| matches!(a, FuryAction::Move { embark: true, .. }))
            {
                return Some(*a);
            }
        }
    }
    None
}

/// The default Chief's move: stay with the guard on the Ship, going aboard at the end
/// (`home_now`) or when still aboard; back to the Ship from anywhere else.
fn chief_move(
    state: &FuryState,
    board: &Board,
    moves: &[FuryAction],
    home: &[u16],
    ships: &[Hex],
    (place, home_now): (Place, bool),
) -> Option<FuryAction> {
    if home_now || place == Place::Aboard {
        if let Some(a) = pick_home(state, board, moves, home, true, None) {
            return Some(a);
        }
    }
    if place == Place::Aboard || !matches!(place, Place::OnMap(h) if ships.contains(&h)) {
        return pick_home(state, board, moves, home, false, None);
    }
    None
}

/// An escorting Chief's move (`VikingPlan::escort`): into the hex of a raider that
/// has moved this phase and carries nothing, the one furthest from the Ship, where no
/// other Chief stands. Stacked with it the Chief adds a column to its attack now and
/// next turn (6.4, 7.4), and is never left alone, where it would fall without a roll
/// (7.9).
fn join_raider(
    state: &FuryState,
    board: &Board,
    moves: &[FuryAction],
    guards: &[UnitId],
    home: &[u16],
) -> Option<FuryAction> {
    best_by(moves.to_vec(), |a| {
        let FuryAction::Move {
            path,
            embark: false,
            ..
        } = a
        else {
            return None;
        };
        let end = path.last()?;
        let stand = board.stand(end, Side::Viking);
        let raider = board.at(end, Side::Viking).find(|&f| {
            let u = state.unit(f);
            !u.kind.is_leader() && u.moved && !guards.contains(&f) && board.held(f) == 0
        });
        (raider.is_some() && !stand.leader).then(|| -(home[index(end)] as i64))
    })
}

/// Where the last guards' staying ashore (-1 each, 11.0) is what stands between the
/// Viking and 18 units of loot aboard (11.0, 13.3), they sail and risk the burn: with
/// them ashore the game is lost for sure.
fn last_guard_may_sail(state: &FuryState, guards: usize) -> bool {
    if !matches!(state.options.scenario().victory, VictoryRule::Basic) {
        return false;
    }
    let mut loot = 0i32;
    let mut ashore = 0i32;
    for u in &state.units {
        match u.place {
            Place::Embarked(s)
                if u.side() == Side::Villager
                    && !state.ships.get(s as usize).is_some_and(|s| s.destroyed) =>
            {
                loot += match u.kind {
                    Kind::ChurchTreasure => 3,
                    k if k.is_villager_leader() => state.options.leader_value as i32,
                    _ => 1,
                };
            }
            Place::OnMap(_) if u.side() == Side::Viking => ashore += 1,
            _ => {}
        }
    }
    let needed = 18;
    loot - ashore < needed && loot - ashore + guards as i32 >= needed
}

/// The cost of ending a raider's move at `end` on its way to `target`: hexes still to
/// go, and what ending there risks. None when the end hex is not acceptable (a
/// mandatory combat at poor odds, 7.1).
fn raid_cost(
    state: &FuryState,
    board: &Board,
    end: Hex,
    target: Hex,
    attack: u32,
    held: usize,
    shift: bool,
) -> Option<i64> {
    let mut cost = distance(end, target) as i64 * 10;
    if board.cell(end).villager_fighter || board.defended(end, Side::Villager) {
        let col = odds_against(state, board, end, Side::Villager, attack, shift)?;
        let least = if end == target {
            least_odds(state, board, end)
        } else {
            4
        };
        if col < least {
            return None;
        }
        cost += 6 - good_sixths(col) as i64;
    }
    let threat = threat_to_viking(state, board, end) as i64;
    cost += threat * if held > 0 { 3 } else { 1 };
    Some(cost)
}

/// The move that brings a unit nearest a Ship: aboard if `embark` allows and it can,
/// else to the hex nearest home (never one where it must fight). A loot carrier whose
/// plan weighs its end hexes (`carrier`) stays where it is rather than walk from a safe
/// hex into an exposed one.
fn pick_home(
    state: &FuryState,
    board: &Board,
    moves: &[FuryAction],
    home: &[u16],
    embark: bool,
    carrier: Option<&EndRisk>,
) -> Option<FuryAction> {
    if embark {
        if let Some(a) = moves
            .iter()
            .find(|a| matches!(a, FuryAction::Move { embark: true, .. }))
        {
            return Some(*a);
        }
    }
    let mut best: Option<(i64, FuryAction)> = None;
    for a in moves {
        let FuryAction::Move {
            path,
            embark: false,
            ..
        } = a
        else {
            continue;
        };
        let Some(end) = path.last() else { continue };
        if board.defended(end, Side::Villager) {
            continue;
        }
        let mut cost = home[index(end)] as i64 * 10 + threat_to_viking(state, board, end) as i64;
        if let Some(risk) = carrier {
            cost += risk.cost(state, board, end, 1);
        }
        if best.as_ref().is_none_or(|(b, _)| cost < *b) {
            best = Some((cost, *a));
        }
    }
    let (_, chosen) = best?;
    let end = match chosen {
        FuryAction::Move { path, .. } => path.last(),
        _ => None,
    };
    match (carrier, end) {
        (Some(risk), Some(end)) if risk.better_to_stay(state, end) => None,
        _ => Some(chosen),
    }
}

fn viking_combat(state: &FuryState, board: &Board) -> Option<FuryAction> {
    let acts = rules::legal_actions(state, Side::Viking);
    // Where captive Leaders are the goal (13.2: Blood-Money is won by three of the
    // four), a Villager Leader with no fighter beside him is tried for Capture before
    // any attack: the attempt answers the hex's mandatory attack (H-MAND-1), where the
    // attack would slay him (no defence) and a slain Leader counts for nothing. In the
    // other scenarios the sure kill stays first: measured, capturing first there cost
    // the Advanced Game's Viking 8 VP a game (core/src/games/fury/ai/STRENGTH.md).
    if leaders_wanted_alive(state) {
        if let Some(a) = best_capture(state, &acts, |kind| kind.is_villager_leader()) {
            return Some(a);
        }
    }
    // Attacks first, best odds first (they are mandatory, 7.1); a lone Leader is
    // spared to be Captured when the rules allow it (H-MAND-1, AI note 5).
    let mut best: Option<(i64, FuryAction)> = None;
    for a in &acts {
        let FuryAction::Attack { hex, spare } = a else {
            continue;
        };
        let attackers = attackers_at(state, *hex, Side::Viking);
        let attack: u32 = attackers.iter().map(|&id| state.attack_of(id)).sum();
        let shift = attackers.iter().any(|&id| state.unit(id).kind.is_leader());
        let col =
            odds_against(state, board, *hex, Side::Viking.other(), attack, shift).unwrap_or(0);
        let score = -(col as i64) * 10 - spare.len() as i64;
        if best.as_ref().is_none_or(|(b, _)| score < *b) {
            best = Some((score, *a));
        }
    }
    if let Some((_, a)) = best {
        return Some(a);
    }
    if let Some(a) = best_capture(state, &acts, |_| true) {
        return Some(a);
    }
    // Archery cannot hurt the archers (7.6): shoot once the village is roused, with the
    // most archers at the softest target.
    if state.lock_lifted {
        if let Some(a) = best_archery(state, board, &acts, Side::Viking) {
            return Some(a);
        }
    }
    acts.into_iter().find(|a| *a == FuryAction::End)
}

/// Whether the scenario is won by Leaders taken alive (13.2, Blood-Money).
fn leaders_wanted_alive(state: &FuryState) -> bool {
    state.options.scenario().victory == VictoryRule::BloodMoney
}

/// A Villager Leader stands in the hex with no fighter to shield him, where a Capture
/// is what wins (13.2): arrows would slay him (no defence, 7.9), so the Viking holds
/// them for a Capture (8.0).
fn leader_to_take_alive(state: &FuryState, hex: Hex) -> bool {
    leaders_wanted_alive(state)
        && !state.villager_fighter_at(hex)
        && state
            .side_at(hex, Side::Villager)
            .any(|id| state.unit(id).kind.is_villager_leader())
}

/// The Capture among `acts` whose target `wanted` accepts: the best chance, then the
/// most valuable target.
fn best_capture(
    state: &FuryState,
    acts: &[FuryAction],
    wanted: impl Fn(Kind) -> bool,
) -> Option<FuryAction> {
    let mut best: Option<(i64, FuryAction)> = None;
    for a in acts {
        let FuryAction::Capture { captor, target } = a else {
            continue;
        };
        let kind = state.unit(*target).kind;
        let Some(hex) = state.hex_of(*target).filter(|_| wanted(kind)) else {
            continue;
        };
        let c = data().stats(kind).capture.unwrap_or(1) as u32
            * if state.doubles_defense(hex) { 2 } else { 1 };
        let chance = capture_column(state.attack_of(*captor), c).map_or(0, capture_sixths);
        let value = loot_value(state, kind).max(1);
        let score = -(chance as i64 * 1000 + value as i64);
        if best.as_ref().is_none_or(|(b, _)| score < *b) {
            best = Some((score, *a));
        }
    }
    best.map(|(_, a)| a)
}

fn best_archery(
    state: &FuryState,
    board: &Board,
    acts: &[FuryAction],
    side: Side,
) -> Option<FuryAction> {
    let mut best: Option<(i64, FuryAction)> = None;
    for a in acts {
        let FuryAction::Archery { shooters, target } = a else {
            continue;
        };
        if side == Side::Viking && leader_to_take_alive(state, *target) {
            continue;
        }
        let shot: u32 = shooters
            .as_slice()
            .iter()
            .map(|&id| data().stats(state.unit(id).kind).archery.unwrap_or(0) as u32)
            .sum();
        let col = odds_against(state, board, *target, side.other(), shot, false).unwrap_or(0);
        let score = -(good_sixths(col) as i64 * 10 + shooters.len() as i64);
        if good_sixths(col) == 0 {
            continue;
        }
        if best.as_ref().is_none_or(|(b, _)| score < *b) {
            best = Some((score, *a));
        }
    }
    best.map(|(_, a)| a)
}

/// AI note 7: Fire only where the scenario counts it, never next to a Ship.
fn viking_fire(state: &FuryState) -> Option<FuryAction> {
    let rule = state.options.scenario().victory;
    let acts = rules::legal_actions(state, Side::Viking);
    let ships = ship_hexes(state);
    let wanted = |h: Hex| -> bool {
        if ships.iter().any(|&s| distance(s, h) <= 1) {
            return false;
        }
        match (rule, state.terrain(h)) {
            (VictoryRule::Advanced | VictoryRule::Punitive, Some(t)) => t.is_building(),
            (VictoryRule::BloodMoney, Some(Terrain::Building(b))) => matches!(
                b,
                Building::Keep | Building::Church | Building::Monastery | Building::Manor
            ),
            _ => false,
        }
    };
    acts.iter()
        .find(|a| matches!(a, FuryAction::SetFire { hex } if wanted(*hex)))
        .copied()
        .or_else(|| acts.into_iter().find(|a| *a == FuryAction::End))
}

// ---------------------------------------------------------------------------------
// The Villager.

fn villager(state: &FuryState, board: &Board) -> Option<FuryAction> {
    match state.phase {
        Phase::VillagerSetup => {
            let acts = rules::legal_actions(state, Side::Villager);
            acts.iter()
                .find(|a| **a == FuryAction::SetupDefault)
                .or_else(|| acts.iter().find(|a| **a == FuryAction::End))
                .copied()
        }
        Phase::WrathWindow => {
            let acts = rules::legal_actions(state, Side::Villager);
            best_wrath(state, board, &acts).or(Some(FuryAction::End))
        }
        Phase::VillagerCombat => villager_combat(state, board),
        Phase::VillagerMovement => villager_movement(state, board),
        _ => None,
    }
}

/// Divine Wrath at a Ship (1-2 sinks it: AI note 5), else at a Viking carrying loot
/// (3-4 strips it, 7.7).
fn best_wrath(state: &FuryState, board: &Board, acts: &[FuryAction]) -> Option<FuryAction> {
    let ships = ship_hexes(state);
    let mut best: Option<(i64, FuryAction)> = None;
    for a in acts {
        let FuryAction::Wrath { target, .. } = a else {
            continue;
        };
        let loot: usize = board
            .at(*target, Side::Viking)
            .map(|id| board.held(id))
            .sum();
        let score = if ships.contains(target) {
            100
        } else if loot > 0 {
            10 * loot as i64
        } else {
            0
        };
        if score == 0 {
            continue;
        }
        if best.as_ref().is_none_or(|(b, _)| -score < *b) {
            best = Some((-score, *a));
        }
    }
    best.map(|(_, a)| a)
}

fn villager_combat(state: &FuryState, board: &Board) -> Option<FuryAction> {
    let acts = rules::legal_actions(state, Side::Villager);
    if let Some(a) = acts
        .iter()
        .find(|a| matches!(a, FuryAction::BurnShip { .. }))
    {
        return Some(*a);
    }
    if let Some(a) = best_wrath(state, board, &acts) {
        return Some(a);
    }
    let mut best: Option<(i64, FuryAction)> = None;
    for a in &acts {
        let FuryAction::Attack { hex, .. } = a else {
            continue;
        };
        let attackers = attackers_at(state, *hex, Side::Villager);
        let attack: u32 = attackers.iter().map(|&id| state.attack_of(id)).sum();
        let shift = attackers.iter().any(|&id| state.unit(id).kind.is_leader());
        let col = odds_against(state, board, *hex, Side::Viking, attack, shift).unwrap_or(0);
        if best.as_ref().is_none_or(|(b, _)| -(col as i64) < *b) {
            best = Some((-(col as i64), *a));
        }
    }
    if let Some((_, a)) = best {
        return Some(a);
    }
    if let Some(a) = best_archery(state, board, &acts, Side::Villager) {
        return Some(a);
    }
    acts.into_iter().find(|a| *a == FuryAction::End)
}

fn villager_movement(state: &FuryState, board: &Board) -> Option<FuryAction> {
    if !state.lock_lifted {
        return None;
    }
    let ships = ship_hexes(state);
    let unguarded: Vec<Hex> = ships
        .iter()
        .copied()
        .filter(|&h| !board.any(h, Side::Viking))
        .collect();
    // Vikings carrying loot, where they stand.
    let carriers: Vec<Hex> = state
        .ids()
        .filter(|&id| is_viking_fighter(state, id) && board.held(id) > 0)
        .filter_map(|id| match state.unit(id).place {
            Place::OnMap(h) => Some(h),
            _ => None,
        })
        .collect();
    let vikings: Vec<Hex> = state
        .units
        .iter()
        .filter_map(|u| match u.place {
            Place::OnMap(h) if u.side() == Side::Viking => Some(h),
            _ => None,
        })
        .collect();
    let near_viking = |h: Hex| vikings.iter().map(|&v| distance(v, h)).min().unwrap_or(99);
    let groups = movement::movable_groups(state, Side::Villager);
    let occ = Occupancy::of(state);
    let mut scratch = Scratch::new();
    let mut moves = Vec::new();
    for g in &groups {
        if g.len() != 1 {
            continue;
        }
        let id = g.as_slice()[0];
        let u = state.unit(id);
        let Place::OnMap(at) = u.place else { continue };
        let reach = 2 * data().stats(u.kind).ma as u32;
        let prays = u.kind.can_invoke_wrath() && !u.wrath_used;
        let rides = u.kind == Kind::Cavalry && unguarded.iter().any(|&s| distance(s, at) <= reach);
        let strikes = u.kind.counts_as_villager_combatant()
            && carriers.iter().any(|&c| distance(c, at) <= reach);
        let flees = u.kind == Kind::Woman && near_viking(at) <= 3;
        let range = data().tables.divine_wrath.range;
        let far = ships.iter().map(|&s| distance(s, at)).min().unwrap_or(0) > range;
        if !(rides || strikes || flees || (prays && far)) {
            continue;
        }
        moves.clear();
        movement::moves_of_group(
            state,
            &occ,
            Side::Villager,
            g.as_slice(),
            &mut scratch,
            &mut moves,
        );
        let end_of = |a: &FuryAction| match a {
            FuryAction::Move { path, .. } => path.last(),
            _ => None,
        };
        if rides {
            if let Some(a) = moves
                .iter()
                .find(|a| end_of(a).is_some_and(|e| unguarded.contains(&e)))
            {
                return Some(*a);
            }
        }
        if strikes {
            let mine = state.attack_of(id);
            let mut best: Option<(i64, FuryAction)> = None;
            for a in &moves {
                let Some(e) = end_of(a) else { continue };
                if !carriers.contains(&e) {
                    continue;
                }
                let ours = board.stand(e, Side::Villager).attack as u32;
                let Some(col) = odds_against(state, board, e, Side::Viking, mine + ours, false)
                else {
                    continue;
                };
                if col >= 3 && best.as_ref().is_none_or(|(b, _)| -(col as i64) < *b) {
                    best = Some((-(col as i64), *a));
                }
            }
            if let Some((_, a)) = best {
                return Some(a);
            }
        }
        if prays && far {
            // Towards the nearest Ship, stopping short of the Vikings.
            let now = ships.iter().map(|&s| distance(s, at)).min().unwrap_or(0) as i64;
            let mut best: Option<(i64, FuryAction)> = None;
            for a in &moves {
                let Some(e) = end_of(a) else { continue };
                if board.any(e, Side::Viking) {
                    continue;
                }
                let d = ships.iter().map(|&s| distance(s, e)).min().unwrap_or(0) as i64;
                let cost = d * 10 + board.attack_around(e, Side::Viking) as i64;
                if d < now && best.as_ref().is_none_or(|(b, _)| cost < *b) {
                    best = Some((cost, *a));
                }
            }
            if let Some((_, a)) = best {
                return Some(a);
            }
        }
        if flees {
            let now = near_viking(at) as i64;
            let mut best: Option<(i64, FuryAction)> = None;
            for a in &moves {
                let Some(e) = end_of(a) else { continue };
                let guarded = board.cell(e).villager_fighter as i64;
                let near = near_viking(e) as i64;
                let score = -near * 10 - guarded * 15;
                if near > now && best.as_ref().is_none_or(|(b, _)| score < *b) {
                    best = Some((score, *a));
                }
            }
            if let Some((_, a)) = best {
                return Some(a);
            }
        }
    }
    None
}
