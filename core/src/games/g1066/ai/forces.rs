//! What the computer players count a counter and a stack as worth, and who is a friend:
//! the T7 attack and defense values, leader values (18.2) and kings (23.2 needs one).

use super::super::data::{data, Place, Power};
use super::super::state::{Identity, State, Unit};
use super::super::turn::pieces::{is_fleet, is_king, leader_value, unit_type};

/// What one counter adds to a land battle: its attack and half its defense, a leader's
/// value besides (he adds it to the battle, 18.2). Fleets do not fight on land. A
/// counter whose identity the state does not hold counts as a thegn.
pub fn fighting_worth(identity: &Identity) -> f64 {
    if is_fleet(identity) {
        return 0.0;
    }
    let Some(stats) = unit_type(identity).and_then(|t| data().units.stats(t)) else {
        return 3.0;
    };
    f64::from(stats.attack) + 0.5 * f64::from(stats.defense) + f64::from(leader_value(identity))
}

/// What losing the counter costs: its fighting worth, and a king is the crown (23.2).
pub fn keeping_worth(identity: &Identity) -> f64 {
    fighting_worth(identity) + if is_king(identity) { 20.0 } else { 0.0 }
}

/// The fighting worth of `power`'s land units in `place`.
pub fn strength(state: &State, place: Place, power: Power) -> f64 {
    state
        .stack(place, power)
        .map_or(0.0, |s| units_strength(&s.units))
}

pub fn units_strength(units: &[Unit]) -> f64 {
    units.iter().map(|u| fighting_worth(&u.identity)).sum()
}

/// The land units of `power` in `place` (fleets left out).
pub fn land_units(state: &State, place: Place, power: Power) -> usize {
    state.stack(place, power).map_or(0, |s| {
        s.units.iter().filter(|u| !is_fleet(&u.identity)).count()
    })
}

/// Whether the two powers are played by the same person (their units never fight each
/// other, 4.6).
pub fn same_player(state: &State, a: Power, b: Power) -> bool {
    a == b || (state.controller(a).is_some() && state.controller(a) == state.controller(b))
}

/// The strongest hostile land stack in `place` for `power`: another player's power.
/// Neutral powers are kept apart by [`neutral_in`].
pub fn enemy_strength(state: &State, place: Place, power: Power) -> f64 {
    state
        .stacks_at(place)
        .iter()
        .filter(|s| hostile(state, s.power, power))
        .map(|s| units_strength(&s.units))
        .sum()
}

/// Whether a neutral power stands in `place`: stepping in makes it belligerent and
/// hands it to another player (4.4, 4.5), which no player wants by accident.
pub fn neutral_in(state: &State, place: Place) -> bool {
    state
        .stacks_at(place)
        .iter()
        .any(|s| !s.units.is_empty() && !state.is_belligerent(s.power))
}

/// Whether `other` is a rival of `power`: belligerent and another player's (4.6).
pub fn hostile(state: &State, other: Power, power: Power) -> bool {
    state.is_belligerent(other)
        && !same_player(state, other, power)
        && !super::super::negotiation::at_peace(state, other, power)
}

/// Whether `power`'s stack in `place` holds a king (or Tostig, who counts as one for
/// victory, 18.10).
pub fn holds_king(state: &State, place: Place, power: Power) -> bool {
    state.stack(place, power).is_some_and(|s| {
        s.units.iter().any(|u| {
            matches!(&*u.identity, Identity::Leader(id)
                if data().units.leader(id).is_some_and(|l| l.king || l.victory_king))
        })
    })
}
