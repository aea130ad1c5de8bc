//! Preparation for play (3.0): the rosters, the Villager's placement with its default
//! layout, and the Viking's Ships.

use super::data::{data, Building, Terrain};
use super::events::FuryEvent;
use super::loan::{self, Loan};
use super::occupancy::Occupancy;
use super::options::FuryOptions;
use super::state::{FuryState, HexSet, Phase, Place, Ship, Unit, UnitId};
use super::units::Kind;
use crate::board::Hex;
use crate::engine::{Chance, GameEvent, RuleError};
use std::cell::RefCell;

/// The starting state: every unit of both rosters, the Villager units whose hexes the
/// rulebook fixes already placed (3.3A), the rest waiting for the Villager.
pub fn initial_state(options: &FuryOptions, chance: Chance) -> FuryState {
    let scenario = options.scenario();
    let d = data();
    let mut units = Vec::new();
    for (kind, n) in &scenario.viking {
        for i in 1..=*n {
            units.push(Unit::new(*kind, i, Place::Aboard));
        }
    }
    let fixed = |key: &str| d.fixed_setup.get(key).cloned().unwrap_or_default();
    for (kind, n) in &scenario.villager {
        let hexes: Vec<Hex> = match kind {
            Kind::Priest => fixed("priest"),
            Kind::Lord => fixed("lord"),
            Kind::Bishop => fixed("bishop"),
            Kind::Woman => starred_buildings(),
            Kind::Animal => {
                let mut v = fixed("stables_animals");
                v.extend(starred_farmland());
                v
            }
            _ => Vec::new(),
        };
        for i in 1..=*n {
            let place = hexes
                .get(i as usize - 1)
                .map(|h| Place::OnMap(*h))
                .unwrap_or(Place::Unplaced);
            let mut u = Unit::new(*kind, i, place);
            u.from_stables = *kind == Kind::Animal && i <= 2;
            units.push(u);
        }
    }
    // 3.3A: Church Treasure and the pre-set Treasure markers; two of the Treasures go
    // where the Villager chooses in the Monastery.
    let mut ct = Unit::new(Kind::ChurchTreasure, 1, Place::OnMap(Hex::new(8, 14)));
    if let Some(h) = fixed("church_treasure").first() {
        ct.place = Place::OnMap(*h);
    }
    ct.preset = true;
    units.push(ct);
    let mut ordinal = 0;
    for h in fixed("treasure") {
        ordinal += 1;
        let mut t = Unit::new(Kind::Treasure, ordinal, Place::OnMap(h));
        t.preset = true;
        units.push(t);
    }
    for _ in 0..d.monastery_treasure.default.len() {
        ordinal += 1;
        let mut t = Unit::new(Kind::Treasure, ordinal, Place::Unplaced);
        t.preset = true;
        units.push(t);
    }
    FuryState {
        options: options.clone(),
        turn: 0,
        phase: Phase::VillagerSetup,
        lock_lifted: !scenario.mobility_lock,
        units,
        ships: (0..scenario.ships)
            .map(|_| Ship {
                hex: None,
                destroyed: false,
                landed: 0,
                embarked: 0,
            })
            .collect(),
        fired: HexSet::default(),
        sacked: HexSet::default(),
        attacked_hexes: HexSet::default(),
        transfers: 0,
        pending: Vec::new(),
        finish: None,
        chance,
    }
}

fn starred_buildings() -> Vec<Hex> {
    let d = data();
    d.grid
        .hexes()
        .filter(|h| d.terrain(*h) == Some(Terrain::Building(Building::House { starred: true })))
        .collect()
}

fn starred_farmland() -> Vec<Hex> {
    let d = data();
    d.grid
        .hexes()
        .filter(|h| d.terrain(*h) == Some(Terrain::Farmland { starred: true }))
        .collect()
}

/// Does the rulebook leave this unit's hex to the Villager (its kind has set-up zones)?
fn placed_freely(state: &FuryState, id: UnitId) -> bool {
    let kind = state.unit(id).kind;
    kind == Kind::Treasure || data().free_setup.contains_key(&kind)
}

/// The hexes of each kind's set-up zones as a bit set, by `Kind as usize`: the same
/// hexes as `FuryData::setup_hexes`, which are the hexes in any of the kind's zones
/// (3.3, H-MIL).
fn setup_set(kind: Kind) -> &'static HexSet {
    static SETS: std::sync::OnceLock<Vec<HexSet>> = std::sync::OnceLock::new();
    let sets = SETS.get_or_init(|| {
        Kind::ALL
            .iter()
            .map(|&k| {
                let mut set = HexSet::default();
                for &h in data().setup_hexes(k) {
                    set.insert(h);
                }
                set
            })
            .collect()
    });
    &sets[kind as usize]
}

pub fn unplaced(state: &FuryState) -> impl Iterator<Item = UnitId> + '_ {
    state
        .ids()
        .filter(|&id| state.unit(id).place == Place::Unplaced)
}

/// `FuryState::may_enter` for one unit, with what it holds looked up once: the
/// set-up checks ask it of many hexes.
#[derive(Clone, Copy)]
struct Entry {
    /// Barred from Buildings: Cavalry, Animals, escorts of captured Animals (5.4.2, 5.6).
    no_buildings: bool,
}

impl Entry {
    fn of(state: &FuryState, id: UnitId) -> Entry {
        let kind = state.unit(id).kind;
        Entry {
            no_buildings: matches!(kind, Kind::Cavalry | Kind::Animal)
                || state
                    .held_by(id)
                    .any(|h| state.unit(h).kind == Kind::Animal),
        }
    }

    /// As `FuryState::may_enter(id, hex)`, by dense hex index.
    fn may_enter(self, state: &FuryState, i: usize) -> bool {
        let t = data().terrain_at(i);
        !(t == Terrain::Sea
            || state.fired.contains_index(i)
            || (self.no_buildings && t.is_building()))
    }
}

/// Why a unit may not be placed in a hex, before any message is made (3.3A, H-MIL, 6.0).
enum Refusal {
    Placed,
    Fixed,
    Terrain,
    Zone,
    Overstack,
    Crowds(Kind),
}

/// Is `hex` a legal starting hex for this unit now (3.3A, H-MIL, 6.0)?
pub fn placement_error(state: &FuryState, id: UnitId, hex: Hex) -> Option<RuleError> {
    let Placing { occ, reserve } = Placing::reclaim(state).unwrap_or_else(|| Placing::of(state));
    let refusal = placement_refusal(state, &occ, &reserve, id, Entry::of(state, id), hex)?;
    let u = state.unit(id);
    let label = data().grid.label(hex);
    Some(match refusal {
        Refusal::Placed => RuleError::new("3.3", format!("{} is already placed", u.code())),
        Refusal::Fixed => RuleError::new("3.3", format!("{} has a fixed hex", u.code())),
        // The terrain prohibitions come first: Cavalry is "within one hex" of a
        // Building when in it, but may never enter one (5.4.2).
        Refusal::Terrain => {
            RuleError::new("5.4.2", format!("{} may not stand in {label}", u.code()))
        }
        Refusal::Zone => RuleError::new(
            if u.kind == Kind::Militia {
                "H-MIL"
            } else {
                "3.3"
            },
            format!("{} may not start in {label}", u.code()),
        ),
        Refusal::Overstack => {
            RuleError::new("6.2", format!("{} would overstack {label}", u.code()))
        }
        Refusal::Crowds(short) => RuleError::new(
            "3.3",
            format!(
                "{} in {label} would leave no room for the {} still to be placed",
                u.code(),
                short.key()
            ),
        ),
    })
}

/// The check of `placement_error`, with the occupancy of the board, the reserve and
/// the unit's entry already worked out; no message is made.
fn placement_refusal(
    state: &FuryState,
    occ: &Occupancy,
    reserve: &Reserve,
    id: UnitId,
    entry: Entry,
    hex: Hex,
) -> Option<Refusal> {
    let u = state.unit(id);
    if u.place != Place::Unplaced {
        return Some(Refusal::Placed);
    }
    if !placed_freely(state, id) {
        return Some(Refusal::Fixed);
    }
    let Some(i) = data().grid.index(hex) else {
        return Some(Refusal::Terrain);
    };
    if !entry.may_enter(state, i) {
        return Some(Refusal::Terrain);
    }
    if !setup_set(u.kind).contains_index(i) {
        return Some(Refusal::Zone);
    }
    if !occ.villager_room(hex, u.kind, u.preset) {
        return Some(Refusal::Overstack);
    }
    reserve.crowded_out(state, occ, id, i).map(Refusal::Crowds)
}

/// For each combatant kind still waiting to be placed: how many wait, how many
/// combatant places are free in its set-up zones, and the hexes of those zones one of
/// its units may stand in.
struct Reserve(Vec<Waiting>);

struct Waiting {
    kind: Kind,
    count: u32,
    room: u32,
    open: HexSet,
}

impl Reserve {
    fn of(state: &FuryState, occ: &Occupancy) -> Reserve {
        let d = data();
        let mut waiting: Vec<(Kind, UnitId, u32)> = Vec::new();
        for id in unplaced(state) {
            let kind = state.unit(id).kind;
            if !kind.counts_as_villager_combatant() {
                continue;
            }
            match waiting.iter_mut().find(|w| w.0 == kind) {
                Some(w) => w.2 += 1,
                None => waiting.push((kind, id, 1)),
            }
        }
        let reserve = waiting
            .into_iter()
            .map(|(kind, sample, count)| {
                let entry = Entry::of(state, sample);
                let mut open = HexSet::default();
                let mut room = 0;
                for &h in d.setup_hexes(kind) {
                    let Some(i) = d.grid.index(h) else { continue };
                    if entry.may_enter(state, i) {
                        open.insert(h);
                        room += 2u32.saturating_sub(occ.villager_fighters(i) as u32);
                    }
                }
                Waiting {
                    kind,
                    count,
                    room,
                    open,
                }
            })
            .collect();
        Reserve(reserve)
    }

    /// A kind whose waiting units would no longer all fit in their zones if `id` took
    /// a combatant place in the hex of index `i` (e.g. Militia filling the Monastery
    /// before the Monks are placed). Checked kind by kind.
    fn crowded_out(
        &self,
        state: &FuryState,
        occ: &Occupancy,
        id: UnitId,
        i: usize,
    ) -> Option<Kind> {
        let own = state.unit(id).kind;
        if !own.counts_as_villager_combatant() {
            return None;
        }
        let free = occ.villager_fighters(i) < 2;
        for w in &self.0 {
            let count = w.count - (w.kind == own) as u32;
            let takes = free && w.open.contains_index(i);
            if w.room.saturating_sub(takes as u32) < count {
                return Some(w.kind);
            }
        }
        None
    }
}

pub fn place(
    state: &mut FuryState,
    id: UnitId,
    hex: Hex,
) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    if let Some(e) = placement_error(state, id, hex) {
        return Err(e);
    }
    state.unit_mut(id).place = Place::OnMap(hex);
    Ok(vec![GameEvent::public(
        "3.3",
        FuryEvent::Placed {
            unit: state.code_of(id),
            hex,
        },
    )])
}

/// Places every unplaced unit by the default layout of the data file, skipping hexes
/// that are now full; falls back to the first legal hex in map order.
pub fn place_default(state: &mut FuryState) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    let d = data();
    let todo: Vec<UnitId> = unplaced(state).collect();
    for id in todo {
        let kind = state.unit(id).kind;
        let defaults: &[Hex] = if kind == Kind::Treasure {
            &d.monastery_treasure.default
        } else {
            d.free_setup
                .get(&kind)
                .map(|f| f.default.as_slice())
                .unwrap_or(&[])
        };
        // The n-th unit of a kind goes to the n-th default hex if it still can; then
        // to any default hex, then to any legal hex.
        let nth = if kind == Kind::Treasure {
            let fixed = d.fixed_setup.get("treasure").map(|v| v.len()).unwrap_or(0);
            (state.unit(id).ordinal as usize).saturating_sub(fixed + 1)
        } else {
            (state.unit(id).ordinal as usize).saturating_sub(1)
        };
        let hex = defaults
            .get(nth)
            .into_iter()
            .chain(defaults.iter())
            .copied()
            .find(|h| placement_error(state, id, *h).is_none())
            .or_else(|| placement_hexes(state, id).first().copied());
        match hex {
            Some(h) => state.unit_mut(id).place = Place::OnMap(h),
            None => {
                return Err(RuleError::new(
                    "3.3",
                    format!("no legal hex left for {}", state.unit(id).code()),
                ))
            }
        }
    }
    Ok(vec![GameEvent::public("3.3", FuryEvent::DefaultLayout)])
}

/// Legal hexes for placing a unit (for the action list).
pub fn placement_hexes(state: &FuryState, id: UnitId) -> Vec<Hex> {
    let mut out = Vec::new();
    Placing::of(state).hexes_for(state, id, |h| out.push(h));
    out
}

/// What the placement checks of one position share: the occupancy and the reserve,
/// counted once for every unit and hex the listing asks about.
pub struct Placing {
    occ: Occupancy,
    reserve: Reserve,
}

thread_local! {
    /// The counts a set-up listing made, for placing the unit drawn from it.
    static LENT: RefCell<Loan<Placing>> = const { RefCell::new(Loan::new()) };
}

impl Placing {
    pub fn of(state: &FuryState) -> Placing {
        let occ = Occupancy::of(state);
        let reserve = Reserve::of(state, &occ);
        Placing { occ, reserve }
    }

    /// Keeps these counts, which must be `Placing::of(state)`, for the placement
    /// checked next on this thread (see `super::loan`).
    pub fn lend(self, state: &FuryState) {
        loan::lend(&LENT, state, self);
    }

    /// The counts lent last on this thread if they are those of `state` (taken).
    fn reclaim(state: &FuryState) -> Option<Placing> {
        loan::reclaim(&LENT, state)
    }

    /// Each legal hex for placing the unit, in the order of its set-up hexes.
    pub fn hexes_for(&self, state: &FuryState, id: UnitId, mut found: impl FnMut(Hex)) {
        let entry = Entry::of(state, id);
        for &h in data().setup_hexes(state.unit(id).kind) {
            if placement_refusal(state, &self.occ, &self.reserve, id, entry, h).is_none() {
                found(h);
            }
        }
    }
}

pub fn ship_error(state: &FuryState, hex: Hex) -> Option<RuleError> {
    let d = data();
    if !d.coastline.contains(&hex) {
        return Some(RuleError::new(
            "3.3",
            format!("{} is not on the northwest coastline", d.grid.label(hex)),
        ));
    }
    if state.ships.iter().any(|s| s.hex == Some(hex)) {
        return Some(RuleError::new("6.1", "Ships may not stack"));
    }
    if !state.ships.iter().any(|s| s.hex.is_none()) {
        return Some(RuleError::new("3.3", "every Ship is already placed"));
    }
    None
}

pub fn place_ship(state: &mut FuryState, hex: Hex) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
    if let Some(e) = ship_error(state, hex) {
        return Err(e);
    }
    if let Some(ship) = state.ships.iter_mut().find(|s| s.hex.is_none()) {
        ship.hex = Some(hex);
    }
    Ok(vec![GameEvent::public(
        "3.3",
        FuryEvent::ShipBeached { hex },
    )])
}
