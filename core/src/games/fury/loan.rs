//! A value worked out from one position, handed on this thread to the next entry
//! point that needs it of the same position. Drawing a random move counts who stands
//! where; applying that move checks it on a copy of the very same position, then keeps
//! the counts true of the position the move makes, for the next draw. A set-up listing
//! works out the room left for each kind, and placing the unit drawn from it asks the
//! same. A position is recognised by everything such a value reads (every unit's
//! kind, place and pre-set mark, the Ships, the mobility lock, the Fires), compared in
//! full, so a value is only ever used for a position it is true of.

use super::state::{FuryState, HexSet, Ship, Unit};
use std::cell::RefCell;
use std::thread::LocalKey;

/// What the lent value was worked out from.
struct Key {
    units: Vec<Unit>,
    ships: Vec<Ship>,
    lock_lifted: bool,
    fired: HexSet,
}

impl Key {
    fn of(state: &FuryState) -> Key {
        Key {
            units: state.units.clone(),
            ships: state.ships.clone(),
            lock_lifted: state.lock_lifted,
            fired: state.fired,
        }
    }

    /// Made again for `state` in the allocations of this one.
    fn refill(&mut self, state: &FuryState) {
        self.units.clone_from(&state.units);
        self.ships.clone_from(&state.ships);
        self.lock_lifted = state.lock_lifted;
        self.fired = state.fired;
    }

    fn matches(&self, state: &FuryState) -> bool {
        self.lock_lifted == state.lock_lifted
            && self.fired == state.fired
            && self.ships.len() == state.ships.len()
            && self
                .ships
                .iter()
                .zip(&state.ships)
                .all(|(a, b)| a.hex == b.hex && a.destroyed == b.destroyed)
            && self.units.len() == state.units.len()
            && self
                .units
                .iter()
                .zip(&state.units)
                .all(|(a, b)| a.place == b.place && a.kind == b.kind && a.preset == b.preset)
    }
}

/// The value lent last on a thread, with its position.
pub struct Loan<T> {
    key: Option<Key>,
    value: Option<T>,
}

impl<T> Loan<T> {
    pub const fn new() -> Loan<T> {
        Loan {
            key: None,
            value: None,
        }
    }
}

/// A thread's loan of one kind of value.
pub type Lender<T> = LocalKey<RefCell<Loan<T>>>;

/// Keeps `value`, worked out from `state`, for `reclaim` (replacing any kept).
pub fn lend<T>(lender: &'static Lender<T>, state: &FuryState, value: T) {
    lender.with(|l| {
        let mut l = l.borrow_mut();
        match l.key.as_mut() {
            Some(key) => key.refill(state),
            None => l.key = Some(Key::of(state)),
        }
        l.value = Some(value);
    });
}

/// The value lent last if it was worked out from a position like `state` in all it
/// reads. Taken either way: it serves once, and a value one position did not want
/// is not compared again with the next.
pub fn reclaim<T>(lender: &'static Lender<T>, state: &FuryState) -> Option<T> {
    lender.with(|l| {
        let mut l = l.borrow_mut();
        let value = l.value.take()?;
        l.key
            .as_ref()
            .is_some_and(|k| k.matches(state))
            .then_some(value)
    })
}
