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
pub type Units = Small<UnitId, 8>;

/// A path of up to [`MAX_PATH`] hexes, each within one column and one row of the one
/// before it, kept small: its first hex, then every step as the change of column and of
/// row (each -1, 0 or +1), four bits a step. Every step between two neighbouring hexes
/// fits, and so do the few near misses a text may name (the same hex twice, or a hex
/// two away across a column), which the rules then refuse by name (5.1); a path that
/// jumps farther cannot be made (`push` and `from_slice` say None).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Path {
    start: Hex,
    /// Step `i` (0..15) in bits `4i..4i+4`, its code being `3 * (dc + 1) + (dr + 1)`;
    /// the top four bits count the steps. The empty path is [`EMPTY`]: no steps, and
    /// the unused code 15 in the first step's place. Bits past the last step are 0, so
    /// equal paths are equal values. Held as four u16 so that the path (and so an
    /// action) is aligned as its hexes are.
    packed: [u16; 4],
}

/// `Path::packed` of the empty path.
const EMPTY: u64 = 0xF;
const STEP_BITS: u32 = 4;
const COUNT_SHIFT: u32 = 60;
const MAX_STEPS: usize = MAX_PATH - 1;

impl Path {
    pub const fn new() -> Self {
        Path {
            start: Hex::new(0, 0),
            packed: [EMPTY as u16, 0, 0, 0],
        }
    }

    fn bits(&self) -> u64 {
        let [a, b, c, d] = self.packed;
        a as u64 | (b as u64) << 16 | (c as u64) << 32 | (d as u64) << 48
    }

    fn set_bits(&mut self, bits: u64) {
        self.packed = [
            bits as u16,
            (bits >> 16) as u16,
            (bits >> 32) as u16,
            (bits >> 48) as u16,
        ];
    }

    fn steps(&self) -> usize {
        (self.bits() >> COUNT_SHIFT) as usize
    }

    /// None when the hexes would not fit, or one jumps too far from the one before.
    pub fn from_slice(hexes: &[Hex]) -> Option<Self> {
        let (&start, rest) = match hexes.split_first() {
            Some(split) => split,
            None => return Some(Path::new()),
        };
        if rest.len() > MAX_STEPS {
            return None;
        }
        let mut bits = 0u64;
        let mut prev = start;
        for (i, &h) in rest.iter().enumerate() {
            bits |= step_code(prev, h)? << (STEP_BITS * i as u32);
            prev = h;
        }
        bits |= (rest.len() as u64) << COUNT_SHIFT;
        let mut p = Path {
            start,
            packed: [0; 4],
        };
        p.set_bits(bits);
        Some(p)
    }

    /// Adds a hex at the end; None (and the path unchanged) when it is full or the hex
    /// jumps too far from the last one.
    pub fn push(&mut self, hex: Hex) -> Option<()> {
        let Some(last) = self.last() else {
            self.start = hex;
            self.set_bits(0);
            return Some(());
        };
        let n = self.steps();
        if n >= MAX_STEPS {
            return None;
        }
        let code = step_code(last, hex)?;
        let bits = self.bits() & !(0xFu64 << COUNT_SHIFT)
            | code << (STEP_BITS * n as u32)
            | ((n as u64 + 1) << COUNT_SHIFT);
        self.set_bits(bits);
        Some(())
    }

    /// This path with one more step; None when it is full or empty (a step goes from
    /// somewhere). The movement search grows its paths so, without their hexes.
    #[inline]
    pub fn then(self, step: Step) -> Option<Path> {
        let n = self.steps();
        if n >= MAX_STEPS || self.is_empty() {
            return None;
        }
        let bits = (self.bits() + (1 << COUNT_SHIFT)) | ((step.0 as u64) << (STEP_BITS * n as u32));
        let mut p = self;
        p.set_bits(bits);
        Some(p)
    }

    /// The hexes, first to last.
    pub fn hexes(&self) -> Hexes {
        let bits = self.bits();
        Hexes {
            next: self.start,
            codes: bits & !(0xFu64 << COUNT_SHIFT),
            left: self.len() as u8,
        }
    }

    pub fn to_vec(&self) -> Vec<Hex> {
        self.hexes().collect()
    }

    pub fn len(&self) -> usize {
        if self.is_empty() {
            0
        } else {
            self.steps() + 1
        }
    }

    pub fn is_empty(&self) -> bool {
        self.bits() == EMPTY
    }

    pub fn first(&self) -> Option<Hex> {
        (!self.is_empty()).then_some(self.start)
    }

    pub fn last(&self) -> Option<Hex> {
        self.hexes().last()
    }
}

impl Default for Path {
    fn default() -> Self {
        Path::new()
    }
}

impl std::fmt::Debug for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.hexes()).finish()
    }
}

/// One step of a path: from a hex to one within a column and a row of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Step(u8);

impl Step {
    /// None when `b` is more than one column or one row away from `a`.
    pub fn between(a: Hex, b: Hex) -> Option<Step> {
        step_code(a, b).map(|c| Step(c as u8))
    }
}

/// The code of the step from `a` to `b`, or None when `b` is more than one column or
/// one row away.
fn step_code(a: Hex, b: Hex) -> Option<u64> {
    let dc = b.col as i32 - a.col as i32;
    let dr = b.row as i32 - a.row as i32;
    ((-1..=1).contains(&dc) && (-1..=1).contains(&dr)).then(|| (3 * (dc + 1) + (dr + 1)) as u64)
}

/// The hexes of a [`Path`], first to last.
#[derive(Clone)]
pub struct Hexes {
    next: Hex,
    /// The codes of the steps still to take, the next one lowest.
    codes: u64,
    left: u8,
}

impl Iterator for Hexes {
    type Item = Hex;

    fn next(&mut self) -> Option<Hex> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let here = self.next;
        let code = (self.codes & 0xF) as i16;
        self.codes >>= STEP_BITS;
        // Every step was made from two hexes that exist, so this never overflows; it
        // wraps rather than panics all the same.
        self.next = Hex::new(
            here.col.wrapping_add(code / 3 - 1),
            here.row.wrapping_add(code % 3 - 1),
        );
        Some(here)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left as usize, Some(self.left as usize))
    }
}

impl ExactSizeIterator for Hexes {}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::HexDir;
    use crate::games::fury::data::data;

    #[test]
    fn fury_actions_stay_small() {
        // A listing holds about a thousand moves: each is copied, so its size is speed.
        assert_eq!(std::mem::size_of::<Path>(), 12);
        assert_eq!(std::mem::size_of::<FuryAction>(), 32);
    }

    #[test]
    fn fury_5_1_path_gives_back_every_hex_it_was_made_of() {
        let g = &data().grid;
        // From every hex, each of the six neighbours (on or off the map), and back.
        for h in g.hexes() {
            for d in HexDir::ALL {
                let n = g.step(h, d);
                let hexes = [h, n, h, n];
                let p = Path::from_slice(&hexes).unwrap();
                assert_eq!(p.to_vec(), hexes);
                assert_eq!((p.len(), p.first(), p.last()), (4, Some(h), Some(n)));
            }
        }
        // The longest path, made by pushing.
        let mut p = Path::new();
        let mut at = Hex::new(3, 3);
        let mut all = Vec::new();
        for i in 0..MAX_PATH {
            assert_eq!(p.push(at), Some(()));
            all.push(at);
            at = g.step(at, HexDir::ALL[i % 6]);
        }
        assert_eq!(p.to_vec(), all);
        assert_eq!(p.hexes().len(), MAX_PATH);
        assert_eq!(p.push(at), None, "full");
        assert_eq!(p.to_vec(), all, "unchanged when full");
        assert_eq!(Path::from_slice(&[Hex::new(3, 3); MAX_PATH + 1]), None);
    }

    #[test]
    fn fury_5_1_path_refuses_a_jump_and_keeps_near_misses_for_the_rules() {
        let a = Hex::new(5, 5);
        assert_eq!(Path::from_slice(&[a, Hex::new(7, 5)]), None);
        assert_eq!(Path::from_slice(&[a, Hex::new(5, 3)]), None);
        let mut p = Path::from_slice(&[a]).unwrap();
        assert_eq!(p.push(Hex::new(5, 8)), None);
        assert_eq!(p.to_vec(), [a]);
        // The same hex twice, and a diagonal that is no neighbour, are held (the
        // rules refuse them with 5.1).
        let near = [a, a, Hex::new(6, 6), Hex::new(5, 5)];
        assert_eq!(Path::from_slice(&near).unwrap().to_vec(), near);
        // Extreme coordinates neither overflow nor panic.
        let edge = [
            Hex::new(i16::MAX, i16::MIN),
            Hex::new(i16::MAX - 1, i16::MIN + 1),
        ];
        assert_eq!(Path::from_slice(&edge).unwrap().to_vec(), edge);
        assert_eq!(
            Path::from_slice(&[Hex::new(i16::MIN, 0), Hex::new(i16::MAX, 0)]),
            None
        );
    }

    #[test]
    fn fury_5_1_empty_path_is_empty_and_equal_paths_are_equal() {
        let e = Path::new();
        assert!(e.is_empty());
        assert_eq!(
            (e.len(), e.first(), e.last(), e.to_vec()),
            (0, None, None, vec![])
        );
        assert_eq!(Path::from_slice(&[]), Some(e));
        assert_eq!(Path::default(), e);
        // A one-hex path at (0, 0) is not the empty one.
        let zero = Path::from_slice(&[Hex::new(0, 0)]).unwrap();
        assert_ne!(zero, e);
        assert_eq!(zero.len(), 1);
        // Built by pushing or from a slice: the same value.
        let hexes = [Hex::new(2, 2), Hex::new(2, 3), Hex::new(3, 3)];
        let mut pushed = Path::new();
        for h in hexes {
            pushed.push(h).unwrap();
        }
        assert_eq!(pushed, Path::from_slice(&hexes).unwrap());
        assert_ne!(pushed, Path::from_slice(&hexes[..2]).unwrap());
    }
}
