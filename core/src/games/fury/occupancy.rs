//! A snapshot of who stands where, built in one pass over the units, so that movement
//! searches ask "what is in this hex" in constant time instead of scanning every unit.
//! Random play hands a whole-map snapshot from one move to the next (`lend`,
//! `reclaim`, see `super::loan`), moving the group's counts rather than counting again
//! (`take_out`, `put_in`).

use super::data::data;
use super::loan::{self, Loan};
use super::state::{FuryState, Place, Unit, UnitId, HEX_WORDS};
use super::units::{Kind, Side};
use std::cell::RefCell;

/// What one hex holds, counted for both sides. Aligned to 16 bytes (its size then),
/// so that the listing finds a hex's counts by a shift rather than a multiplication.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(16))]
struct Cell {
    /// Units of each side standing there in their own right.
    units: [u8; 2],
    /// Those of them with a Defense Strength.
    defenders: [u8; 2],
    attack: [u16; 2],
    viking_fighters: u8,
    viking_loot: u8,
    villager_fighters: u8,
    villager_others: u8,
    combatant: bool,
}

/// What a moving group adds to the counts of the hex it ends in (6.1-6.3).
pub struct Adds {
    pub fighters: u8,
    pub others: u8,
    pub loot: u8,
    pub attack: u16,
}

/// What one unit standing in a hex adds to its counts.
#[derive(Clone, Copy)]
struct Share {
    side: usize,
    defender: u8,
    attack: u16,
    viking_fighter: u8,
    villager_fighter: u8,
    villager_other: u8,
}

impl Share {
    /// The share of a unit standing in its own right, given the shares by kind.
    #[inline(always)]
    fn of(u: &Unit, table: &[Share]) -> Share {
        let mut share = table
            .get(u.kind as usize)
            .copied()
            .unwrap_or_else(|| Share::work_out(u.kind));
        if u.preset {
            // Pre-set Treasure does not count for stacking (H-STK-1).
            share.villager_other = 0;
        }
        share
    }

    /// The share of a unit of each kind (by `Kind as usize`), not pre-set: worked out
    /// once.
    fn table() -> &'static [Share] {
        static SHARES: std::sync::OnceLock<Vec<Share>> = std::sync::OnceLock::new();
        SHARES.get_or_init(|| Kind::ALL.iter().map(|&k| Share::work_out(k)).collect())
    }

    fn work_out(kind: Kind) -> Share {
        let stats = data().stats(kind);
        let viking = kind.side() == Side::Viking;
        Share {
            side: kind.side() as usize,
            defender: stats.defense.is_some() as u8,
            attack: stats.attack.unwrap_or(0) as u16,
            viking_fighter: (viking && !kind.is_leader()) as u8,
            villager_fighter: (!viking && kind.counts_as_villager_combatant()) as u8,
            villager_other: (!viking && kind.is_villager_noncombatant()) as u8,
        }
    }
}

impl Cell {
    #[inline]
    fn add(&mut self, s: Share) {
        self.units[s.side] += 1;
        self.defenders[s.side] += s.defender;
        self.attack[s.side] += s.attack;
        self.viking_fighters += s.viking_fighter;
        self.villager_fighters += s.villager_fighter;
        self.villager_others += s.villager_other;
    }

    /// Takes back what `add` of the same share put in (so nothing goes below zero;
    /// saturating all the same, as a count is never worth a panic).
    fn remove(&mut self, s: Share) {
        self.units[s.side] = self.units[s.side].saturating_sub(1);
        self.defenders[s.side] = self.defenders[s.side].saturating_sub(s.defender);
        self.attack[s.side] = self.attack[s.side].saturating_sub(s.attack);
        self.viking_fighters = self.viking_fighters.saturating_sub(s.viking_fighter);
        self.villager_fighters = self.villager_fighters.saturating_sub(s.villager_fighter);
        self.villager_others = self.villager_others.saturating_sub(s.villager_other);
    }
}

/// Who is in each hex: the counts of the hexes holding units (and loot), found through
/// a per-hex slot (0: nothing there) so that only those hexes are counted and cleared;
/// and as bit sets over the dense indices, the hexes holding each side, the hexes that
/// rouse the village and the Ships (the movement search reads them a word at a time).
#[derive(Clone, Debug)]
pub struct Occupancy {
    slot: Vec<u16>,
    /// `cells[0]` is the empty hex.
    cells: Vec<Cell>,
    any_bits: [[u64; HEX_WORDS]; 2],
    rouses_bits: [u64; HEX_WORDS],
    ship_bits: [u64; HEX_WORDS],
}

fn set_bit(bits: &mut [u64; HEX_WORDS], i: usize) {
    if let Some(w) = bits.get_mut(i / 64) {
        *w |= 1 << (i % 64);
    }
}

fn has_bit(bits: &[u64; HEX_WORDS], i: usize) -> bool {
    bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
}

impl Occupancy {
    pub fn of(state: &FuryState) -> Occupancy {
        Occupancy::within(state, &[u64::MAX; HEX_WORDS])
    }

    /// The occupancy of the hexes in `keep` (a bit set over dense indices) only: what
    /// it says of any other hex is as if nobody stood there, except the Ships; whether
    /// a hex rouses the village is right for a hex whose neighbours are all kept too.
    /// (A move checks its path with this: counting only the path's neighbourhood is
    /// much less work than the whole map.)
    pub fn within(state: &FuryState, keep: &[u64; HEX_WORDS]) -> Occupancy {
        let d = data();
        let mut occ = Occupancy {
            slot: vec![0; d.grid.len()],
            cells: Vec::with_capacity(state.units.len() + 1),
            any_bits: [[0; HEX_WORDS]; 2],
            rouses_bits: [0; HEX_WORDS],
            ship_bits: [0; HEX_WORDS],
        };
        occ.cells.push(Cell::default());
        // Hexes holding a Villager combatant, each once: they and their neighbours
        // rouse the village (5.7). Once roused it stays so, and nothing asks again.
        let mut combatants: Vec<u16> = Vec::new();
        let lock_holds = !state.lock_lifted;
        let table = Share::table();
        for u in &state.units {
            match u.place {
                Place::OnMap(h) => {
                    let Some(i) = d.grid.index(h).filter(|&i| has_bit(keep, i)) else {
                        continue;
                    };
                    occ.add_unit(i, u, table);
                    if lock_holds && u.kind.is_villager_combatant() {
                        let c = occ.cell_mut(i);
                        if !c.combatant {
                            c.combatant = true;
                            combatants.push(i as u16);
                        }
                    }
                }
                Place::Held(escort) if !u.kind.is_leader() => {
                    if let Some(i) = state
                        .hex_of(escort)
                        .and_then(|h| d.grid.index(h))
                        .filter(|&i| has_bit(keep, i))
                    {
                        occ.cell_mut(i).viking_loot += 1;
                    }
                }
                _ => {}
            }
        }
        for ship in &state.ships {
            if let (Some(h), false) = (ship.hex, ship.destroyed) {
                if let Some(i) = d.grid.index(h) {
                    set_bit(&mut occ.ship_bits, i);
                }
            }
        }
        for &i in &combatants {
            let i = i as usize;
            set_bit(&mut occ.rouses_bits, i);
            for &j in d.neighbours_of(i) {
                set_bit(&mut occ.rouses_bits, j as usize);
            }
        }
        occ
    }

    #[inline(always)]
    fn add_unit(&mut self, i: usize, u: &Unit, table: &[Share]) {
        let share = Share::of(u, table);
        self.cell_mut(i).add(share);
        set_bit(&mut self.any_bits[share.side], i);
    }

    fn remove_unit(&mut self, i: usize, u: &Unit) {
        let share = Share::of(u, Share::table());
        let c = self.cell_mut(i);
        c.remove(share);
        if c.units[share.side] == 0 {
            if let Some(w) = self.any_bits[share.side].get_mut(i / 64) {
                *w &= !(1 << (i % 64));
            }
        }
    }

    /// Units held by the unit and counted as loot where it stands (see `within`).
    fn loot_of(state: &FuryState, escort: UnitId) -> u8 {
        state
            .units
            .iter()
            .filter(|u| u.place == Place::Held(escort) && !u.kind.is_leader())
            .count() as u8
    }

    /// Takes the units out of the hex of index `i` where they stand, with what they
    /// hold: a whole-map snapshot kept true of a position where a group moves, read
    /// before the move (see `put_in`). False if that cannot be done: units that rouse
    /// the village are not followed (no unit moves while they do, 5.7).
    pub fn take_out(&mut self, state: &FuryState, ids: &[UnitId], i: usize) -> bool {
        if i >= self.slot.len() || !self.followable(state, ids) {
            return false;
        }
        for &id in ids {
            self.remove_unit(i, state.unit(id));
            let loot = Occupancy::loot_of(state, id);
            let c = self.cell_mut(i);
            c.viking_loot = c.viking_loot.saturating_sub(loot);
        }
        true
    }

    /// Puts the units in the hex of index `i`, as they stand after the move (see
    /// `take_out`).
    pub fn put_in(&mut self, state: &FuryState, ids: &[UnitId], i: usize) -> bool {
        if i >= self.slot.len() || !self.followable(state, ids) {
            return false;
        }
        for &id in ids {
            self.add_unit(i, state.unit(id), Share::table());
            let loot = Occupancy::loot_of(state, id);
            self.cell_mut(i).viking_loot += loot;
        }
        true
    }

    /// Units whose moves a snapshot can follow: none that rouses the village while the
    /// lock holds (those hexes are not counted back).
    fn followable(&self, state: &FuryState, ids: &[UnitId]) -> bool {
        state.lock_lifted
            || ids
                .iter()
                .all(|&id| !state.unit(id).kind.is_villager_combatant())
    }

    /// The counts of the hex, made on first use.
    fn cell_mut(&mut self, i: usize) -> &mut Cell {
        let at = match self.slot[i] {
            0 => {
                self.cells.push(Cell::default());
                let at = (self.cells.len() - 1) as u16;
                self.slot[i] = at;
                at
            }
            at => at,
        };
        &mut self.cells[at as usize]
    }

    fn cell(&self, i: usize) -> &Cell {
        &self.cells[self.slot[i] as usize]
    }

    /// Any unit of the side stands in the hex.
    pub fn any(&self, side: Side, i: usize) -> bool {
        has_bit(&self.any_bits[side as usize], i)
    }
    /// A unit of the side with a Defense Strength stands there (H-MAND-1).
    pub fn defenders(&self, side: Side, i: usize) -> bool {
        self.cell(i).defenders[side as usize] > 0
    }
    /// Attack Strength of the side standing in the hex.
    pub fn attack(&self, side: Side, i: usize) -> u16 {
        self.cell(i).attack[side as usize]
    }
    /// Whether a group with these counts may end its move in the hex (6.1-6.3,
    /// H-MAND-1): the rule it would break, if any. Read from one look at the hex's
    /// counts, as the listing asks it of every destination.
    pub fn end_rule(&self, i: usize, side: Side, adds: &Adds) -> Option<&'static str> {
        let c = self.cell(i);
        let overstack = match side {
            Side::Viking => (c.viking_fighters + adds.fighters > 1
                || c.viking_loot + adds.loot > 2)
                .then_some("6.1"),
            Side::Villager if c.villager_fighters + adds.fighters > 2 => Some("6.2"),
            Side::Villager => (c.villager_others + adds.others > 2).then_some("6.3"),
        };
        if overstack.is_some() {
            return overstack;
        }
        let (own, other) = (side as usize, side.other() as usize);
        (c.defenders[other] > 0 && c.attack[own] + adds.attack == 0).then_some("H-MAND-1")
    }

    /// Non-Leader Viking units (6.1).
    pub fn viking_fighters(&self, i: usize) -> u8 {
        self.cell(i).viking_fighters
    }
    /// Captives and Treasure held by Vikings, Leaders excepted (6.1, H-ESC-2).
    pub fn viking_loot(&self, i: usize) -> u8 {
        self.cell(i).viking_loot
    }
    /// Villager combatants other than Leaders (6.2).
    pub fn villager_fighters(&self, i: usize) -> u8 {
        self.cell(i).villager_fighters
    }
    /// Villager non-combatants and Treasure, pre-set Treasure excepted (6.3, H-STK-1).
    pub fn villager_others(&self, i: usize) -> u8 {
        self.cell(i).villager_others
    }
    /// The hex or one next to it holds a Villager combatant (5.7, H-TRIG). Only
    /// while the village is not yet roused: once it is, no hex rouses it (again).
    pub fn rouses(&self, i: usize) -> bool {
        has_bit(&self.rouses_bits, i)
    }

    /// Is there room for one more Villager unit of this kind in the hex (6.2, 6.3,
    /// H-STK-1; Leaders are exempt, 6.4)?
    pub fn villager_room(&self, hex: crate::board::Hex, kind: Kind, preset: bool) -> bool {
        let Some(i) = data().grid.index(hex) else {
            return false;
        };
        let fighters = self.villager_fighters(i) + kind.counts_as_villager_combatant() as u8;
        let others = self.villager_others(i) + (kind.is_villager_noncombatant() && !preset) as u8;
        fighters <= 2 && others <= 2
    }

    /// A Ship (not destroyed) is in the hex.
    pub fn ship(&self, i: usize) -> bool {
        has_bit(&self.ship_bits, i)
    }

    /// Something of the enemy of `side` is in the hex, which stops movement (5.3;
    /// a Ship stops Villagers, H-SHIP).
    pub fn enemy(&self, i: usize, side: Side) -> bool {
        self.any(side.other(), i) || (side == Side::Villager && self.ship(i))
    }

    /// `enemy` for every hex, as a bit set over the dense indices.
    pub fn enemy_bits(&self, side: Side) -> [u64; HEX_WORDS] {
        let mut bits = self.any_bits[side.other() as usize];
        if side == Side::Villager {
            for (w, s) in bits.iter_mut().zip(self.ship_bits) {
                *w |= s;
            }
        }
        bits
    }

    /// `rouses` for every hex, as a bit set over the dense indices.
    pub fn rouses_bits(&self) -> &[u64; HEX_WORDS] {
        &self.rouses_bits
    }
}

thread_local! {
    /// The whole-map snapshot a random move was drawn with (see `super::loan`).
    static LENT: RefCell<Loan<Occupancy>> = const { RefCell::new(Loan::new()) };
}

impl Occupancy {
    /// Keeps this snapshot, which must be `Occupancy::of(state)`, for `reclaim` on
    /// this thread.
    pub fn lend(self, state: &FuryState) {
        loan::lend(&LENT, state, self);
    }

    /// The snapshot lent last on this thread if it is one of `state` (taken: it
    /// serves once).
    pub fn reclaim(state: &FuryState) -> Option<Occupancy> {
        loan::reclaim(&LENT, state)
    }
}
