//! Every decision a Fury player can take, as a small value (its text form is in
//! `notation.rs`).

use super::state::UnitId;
use crate::board::Hex;

/// A short list held inline, so that legal-action lists do not allocate per action.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Small<T: Copy + Default, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> Small<T, N> {
    pub fn new() -> Self {
        Small {
            len: 0,
            items: [T::default(); N],
        }
    }
    /// None when the list would not fit.
    pub fn from_slice(items: &[T]) -> Option<Self> {
        let mut s = Self::new();
        for &i in items {
            s.push(i)?;
        }
        Some(s)
    }
    /// The first `len` of `items`; None when `len` is over the capacity.
    pub fn from_parts(items: [T; N], len: usize) -> Option<Self> {
        (len <= N).then_some(Small {
            len: len as u8,
            items,
        })
    }
    /// Makes the list `len` long and hands out its items to be filled in place; None
    /// when `len` is over the capacity.
    pub fn fill(&mut self, len: usize) -> Option<&mut [T]> {
        let items = self.items.get_mut(..len)?;
        self.len = len as u8;
        Some(items)
    }
    pub fn push(&mut self, item: T) -> Option<()> {
        let slot = self.items.get_mut(self.len as usize)?;
        *slot = item;
        self.len += 1;
        Some(())
    }
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
    pub fn len(&self) -> usize {
        self.len as usize
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn first(&self) -> Option<T> {
        self.as_slice().first().copied()
    }
    pub fn last(&self) -> Option<T> {
        self.as_slice().last().copied()
    }
}

impl<T: Copy + Default, const N: usize> Default for Small<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default + std::fmt::Debug, const N: usize> std::fmt::Debug for Small<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// Longest path: a Cavalry's 6 MA on the road is 12 steps, plus the start hex.
pub const MAX_PATH: usize = 16;
pub type Path = Small<Hex, MAX_PATH>;
pub type Units = Small<UnitId, 8>;

/// Where captured units are transferred to (5.6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TransferTo {
    Unit(UnitId),
    /// The Ship in this hex: the units are then aboard (5.6.1).
    Ship(Hex),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuryAction {
    /// Villager setup: put a unit on a hex (3.3).
    Place { unit: UnitId, hex: Hex },
    /// Villager setup: place every unit not yet placed by the default layout.
    SetupDefault,
    /// Viking setup: put a Ship on a coastline hex (3.3B).
    PlaceShip { hex: Hex },
    /// Move units together along a path that starts at their hex (or, for units still
    /// aboard, at the Ship they land from: 5.8). With `embark`, the path ends on a Ship
    /// and the units re-embark there (5.8).
    Move {
        units: Units,
        path: Path,
        embark: bool,
    },
    /// Hand captured units to an adjacent friendly unit or Ship (5.6.1).
    Transfer {
        from: UnitId,
        to: TransferTo,
        items: Units,
    },
    /// Let go of a captured unit or Treasure: it reverts to the Villager (5.6).
    Abandon { item: UnitId },
    /// A normal attack on every enemy unit in a hex (7.2, 7.3), leaving out the
    /// Villager Leaders listed in `spare`, which are to be Captured instead (H-MAND-1).
    Attack { hex: Hex, spare: Units },
    /// Archery by these units at a hex up to 2 away (7.6).
    Archery { shooters: Units, target: Hex },
    /// A Capture attempt (8.1).
    Capture { captor: UnitId, target: UnitId },
    /// Divine Wrath on a hex (7.10, 7.11).
    Wrath { invoker: UnitId, target: Hex },
    /// The Villager tries to burn the Ship in this hex (10.4).
    BurnShip { hex: Hex },
    /// The Viking tries to set a Fire in this hex (10.1, 10.2).
    SetFire { hex: Hex },
    /// Where a unit retreats (7.7); `to: None` is off the map, and the unit is lost.
    Retreat { unit: UnitId, to: Option<Hex> },
    /// 8.6: roll to separate a Leader from its stack (`roll: true`), or let it share
    /// the stack's fate.
    LeaderRoll { leader: UnitId, roll: bool },
    /// H-DW (d): the 6-hex retreat; `off_map`: the path then leaves the map.
    WrathRetreat {
        unit: UnitId,
        path: Path,
        off_map: bool,
    },
    /// End the phase (in the Divine Wrath window: pass).
    End,
}
