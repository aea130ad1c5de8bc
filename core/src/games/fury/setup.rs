//! Preparation for play (3.0): the rosters, the Villager's placement with its default
//! layout, and the Viking's Ships.

use super::data::{data, Building, Terrain, Zone};
use super::events::FuryEvent;
use super::occupancy::Occupancy;
use super::options::FuryOptions;
use super::state::{FuryState, HexSet, Phase, Place, Ship, Unit, UnitId};
use super::units::Kind;
use crate::board::Hex;
use crate::engine::{Chance, GameEvent, RuleError};

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

/// The zones a freely placed unit may start in; None if the rulebook fixes its hex.
fn zones_for(state: &FuryState, id: UnitId) -> Option<&'static [Zone]> {
    let kind = state.unit(id).kind;
    if kind == Kind::Treasure {
        return Some(&data().monastery_treasure.zones);
    }
    data().free_setup.get(&kind).map(|f| f.zones.as_slice())
}

pub fn unplaced(state: &FuryState) -> impl Iterator<Item = UnitId> + '_ {
    state
        .ids()
        .filter(|&id| state.unit(id).place == Place::Unplaced)
}

/// Is `hex` a legal starting hex for this unit now (3.3A, H-MIL, 6.0)?
pub fn placement_error(state: &FuryState, id: UnitId, hex: Hex) -> Option<RuleError> {
    let occ = Occupancy::of(state);
    placement_error_in(state, &occ, &Reserve::of(state, &occ), id, hex)
}

/// As `placement_error`, with the occupancy of the board already counted.
fn placement_error_in(
    state: &FuryState,
    occ: &Occupancy,
    reserve: &Reserve,
    id: UnitId,
    hex: Hex,
) -> Option<RuleError> {
    let u = state.unit(id);
    if u.place != Place::Unplaced {
        return Some(RuleError::new(
            "3.3",
            format!("{} is already placed", u.code()),
        ));
    }
    let Some(zones) = zones_for(state, id) else {
        return Some(RuleError::new(
            "3.3",
            format!("{} has a fixed hex", u.code()),
        ));
    };
    let d = data();
    // The terrain prohibitions come first: Cavalry is "within one hex" of a Building
    // when in it, but may never enter one (5.4.2).
    if !state.may_enter(id, hex) {
        return Some(RuleError::new(
            "5.4.2",
            format!("{} may not stand in {}", u.code(), d.grid.label(hex)),
        ));
    }
    if !zones.iter().any(|z| d.in_zone(hex, *z)) {
        let rule = if u.kind == Kind::Militia {
            "H-MIL"
        } else {
            "3.3"
        };
        return Some(RuleError::new(
            rule,
            format!("{} may not start in {}", u.code(), d.grid.label(hex)),
        ));
    }
    if !occ.villager_room(hex, u.kind, u.preset) {
        return Some(RuleError::new(
            "6.2",
            format!("{} would overstack {}", u.code(), d.grid.label(hex)),
        ));
    }
    if let Some(short) = reserve.crowded_out(state, occ, id, hex) {
        return Some(RuleError::new(
            "3.3",
            format!(
                "{} in {} would leave no room for the {} still to be placed",
                u.code(),
                d.grid.label(hex),
                short.key()
            ),
        ));
    }
    None
}

/// For each combatant kind still waiting to be placed: one of its units, how many
/// wait, and how many combatant places are free in its set-up zones.
struct Reserve(Vec<(Kind, UnitId, u32, u32)>);

impl Reserve {
    fn of(state: &FuryState, occ: &Occupancy) -> Reserve {
        let d = data();
        let mut waiting: Vec<(Kind, UnitId, u32, u32)> = Vec::new();
        for id in unplaced(state) {
            let kind = state.unit(id).kind;
            if !kind.counts_as_villager_combatant() {
                continue;
            }
            match waiting.iter_mut().find(|w| w.0 == kind) {
                Some(w) => w.2 += 1,
                None => waiting.push((kind, id, 1, 0)),
            }
        }
        for w in waiting.iter_mut() {
            w.3 = d
                .setup_hexes(w.0)
                .iter()
                .filter(|h| state.may_enter(w.1, **h))
                .filter_map(|h| d.grid.index(*h))
                .map(|i| 2u32.saturating_sub(occ.villager_fighters(i) as u32))
                .sum();
        }
        Reserve(waiting)
    }

    /// A kind whose waiting units would no longer all fit in their zones if `id` took
    /// a combatant place in `hex` (e.g. Militia filling the Monastery before the Monks
    /// are placed). Checked kind by kind.
    fn crowded_out(
        &self,
        state: &FuryState,
        occ: &Occupancy,
        id: UnitId,
        hex: Hex,
    ) -> Option<Kind> {
        if !state.unit(id).kind.counts_as_villager_combatant() {
            return None;
        }
        let i = data().grid.index(hex)?;
        let own = state.unit(id).kind;
        for &(kind, sample, count, room) in &self.0 {
            let count = count - (kind == own) as u32;
            let takes = data().setup_hexes(kind).contains(&hex)
                && state.may_enter(sample, hex)
                && occ.villager_fighters(i) < 2;
            if room.saturating_sub(takes as u32) < count {
                return Some(kind);
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
    let occ = Occupancy::of(state);
    let reserve = Reserve::of(state, &occ);
    data()
        .setup_hexes(state.unit(id).kind)
        .iter()
        .copied()
        .filter(|h| placement_error_in(state, &occ, &reserve, id, *h).is_none())
        .collect()
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
