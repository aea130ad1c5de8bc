//! The rules every 1066 position reached by play obeys, checked on every position read
//! from outside (notation, stored data): a position that breaks one is refused with the
//! rule, never played on.

use super::chits::{all_chits, Chit};
use super::options::check_options;
use super::state::State;
use super::view::committed;
use std::collections::{BTreeMap, BTreeSet};

pub fn check(state: &State) -> Result<(), String> {
    check_options(&state.options)?;
    if state.turn == 0 || state.turn > state.options.last_turn {
        return Err(format!(
            "rule 3.1: game turn {} is not on the chart (1-{})",
            state.turn, state.options.last_turn
        ));
    }
    counters(state)?;
    markers(state)
}

/// 7.1: each counter is in one place, under one id the game gave out, in the stack of
/// one power per place.
fn counters(state: &State) -> Result<(), String> {
    let mut ids = BTreeSet::new();
    for (place, stacks) in &state.forces {
        let mut powers = BTreeSet::new();
        for stack in stacks {
            if !powers.insert(stack.power) {
                return Err(format!(
                    "rule 7.1: {} has two stacks of the {}",
                    super::keys::place_key(*place),
                    stack.power.name()
                ));
            }
            for u in &stack.units {
                if u.id >= state.next_unit || !ids.insert(u.id) {
                    return Err(format!(
                        "rule 7.1: counter u{} is given twice or was never given out",
                        u.id
                    ));
                }
            }
        }
    }
    Ok(())
}

/// 8.0, T10: no more of any campaign marker in hands, the pool and on the table than
/// the game has.
fn markers(state: &State) -> Result<(), String> {
    let mut count: BTreeMap<Chit, i64> = BTreeMap::new();
    for c in all_chits() {
        *count.entry(c).or_default() += 1;
    }
    let held = state
        .powers
        .iter()
        .flat_map(|p| p.hand.iter().copied())
        .chain(state.pool.iter().copied())
        .chain(state.events_out.iter().copied())
        .chain(state.out_of_game.iter().copied())
        .chain(committed(state));
    for c in held.filter(|c| !c.is_unknown()) {
        let left = count.entry(c).or_default();
        *left -= 1;
        if *left < 0 {
            return Err(format!(
                "rule 8.0: more '{}' markers than the game has",
                super::notation::chit_text(c)
            ));
        }
    }
    Ok(())
}
