//! Checks a position read from text against the rules that every position reached by
//! play obeys, so that a hand-written position (a case file, a bug report) that breaks
//! them is refused with the rule instead of being played on. Each error starts with
//! `rule N:` and says what is wrong where.
//!
//! - stacking (6.1-6.3, H-STK-1, H-ESC-2), by the movement rules' own test; Treasure
//!   beyond the Villager limit is let stand, since H-TRS-1 leaves a found Treasure in
//!   the hex when its finder's escort is full;
//! - the Ship counters (12.1): `embarked=` counts the non-Leader Viking units re-embarked
//!   on that Ship, and the `landed=` counts together never exceed the non-Leader Viking
//!   units that have left the fleet; neither above the scenario's Ship capacity;
//! - held units (5.6, 9.0): a Villager unit or Treasure, escorted by a Viking unit on the
//!   map.

use super::data::data;
use super::state::{FuryState, Place, UnitId};
use super::units::Side;
use crate::board::Hex;

/// Ok, or the first rule the position breaks.
pub fn check(state: &FuryState) -> Result<(), String> {
    held(state)?;
    stacking(state)?;
    ships(state)
}

fn label(h: Hex) -> String {
    data().grid.label(h)
}

fn held(state: &FuryState) -> Result<(), String> {
    for id in state.ids() {
        let u = state.unit(id);
        let Place::Held(escort) = u.place else {
            continue;
        };
        let code = u.code();
        if u.side() != Side::Villager {
            return Err(format!(
                "rule 5.6: {code} is held, but only Villager units and Treasure can be \
                 captured or carried"
            ));
        }
        let Some(e) = state.units.get(escort.0 as usize) else {
            return Err(format!(
                "rule 5.6: {code} is held by a unit that does not exist"
            ));
        };
        if e.side() != Side::Viking {
            return Err(format!(
                "rule 5.6: {code} is held by {}, which is not a Viking unit",
                e.code()
            ));
        }
        if !matches!(e.place, Place::OnMap(_)) {
            return Err(format!(
                "rule 5.6: {code} is held by {}, which is not on the map",
                e.code()
            ));
        }
    }
    Ok(())
}

fn stacking(state: &FuryState) -> Result<(), String> {
    let mut hexes: Vec<Hex> = state
        .units
        .iter()
        .filter_map(|u| match u.place {
            Place::OnMap(h) => Some(h),
            _ => None,
        })
        .collect();
    hexes.sort();
    hexes.dedup();
    for hex in hexes {
        for side in [Side::Viking, Side::Villager] {
            if state.stacking_ok(hex, side, &[]) {
                continue;
            }
            if let Some(e) = overstack(state, hex, side) {
                return Err(e);
            }
        }
    }
    Ok(())
}

/// What breaks stacking in a hex that does not satisfy it; None when the excess is
/// Treasure left in the hex by H-TRS-1 (found by a Viking whose escort was full, or
/// dropped), which play itself produces.
fn overstack(state: &FuryState, hex: Hex, side: Side) -> Option<String> {
    let here: Vec<UnitId> = state.side_at(hex, side).collect();
    let count = |f: &dyn Fn(UnitId) -> bool| here.iter().filter(|&&id| f(id)).count();
    let at = label(hex);
    match side {
        Side::Viking => {
            let fighters = count(&|id| !state.unit(id).kind.is_leader());
            if fighters > 1 {
                return Some(format!(
                    "rule 6.1: {at} holds {fighters} Viking units, at most 1 may stack \
                     (with Leaders)"
                ));
            }
            let loot: usize = here
                .iter()
                .map(|&id| {
                    state
                        .held_by(id)
                        .filter(|&h| !state.unit(h).kind.is_leader())
                        .count()
                })
                .sum();
            Some(format!(
                "rule 6.1: the Vikings in {at} hold {loot} captives and Treasure, at most 2"
            ))
        }
        Side::Villager => {
            let fighters = count(&|id| state.unit(id).kind.counts_as_villager_combatant());
            if fighters > 2 {
                return Some(format!(
                    "rule 6.2: {at} holds {fighters} Villager combatant units, at most 2 may \
                     stack"
                ));
            }
            let others = count(&|id| {
                let k = state.unit(id).kind;
                k.is_villager_noncombatant() && !k.is_treasure()
            });
            (others > 2).then(|| {
                format!(
                    "rule 6.3: {at} holds {others} Villager non-combatant units, at most 2 \
                     may stack"
                )
            })
        }
    }
}

fn ships(state: &FuryState) -> Result<(), String> {
    let fighter = |id: UnitId| {
        let u = state.unit(id);
        u.side() == Side::Viking && !u.kind.is_leader()
    };
    let cap = state
        .options
        .scenario()
        .ship_capacity
        .map_or(u32::MAX, u32::from);
    for (i, ship) in state.ships.iter().enumerate() {
        let n = i + 1;
        let on = state
            .ids()
            .filter(|&id| fighter(id) && state.unit(id).place == Place::Embarked(i as u8))
            .count();
        if ship.embarked as usize != on {
            return Err(format!(
                "rule 12.1: ship {n} counts embarked={}, but {on} non-Leader Viking units are \
                 embarked on it",
                ship.embarked
            ));
        }
        if ship.landed as u32 > cap || ship.embarked as u32 > cap {
            return Err(format!(
                "rule 12.1: ship {n} counts landed={} embarked={}, at most {cap} units each",
                ship.landed, ship.embarked
            ));
        }
    }
    let landed: usize = state.ships.iter().map(|s| s.landed as usize).sum();
    let left = state
        .ids()
        .filter(|&id| fighter(id) && state.unit(id).place != Place::Aboard)
        .count();
    if landed > left {
        return Err(format!(
            "rule 12.1: the ships count {landed} landed units, but only {left} non-Leader \
             Viking units have left the fleet"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::notation::{format_position, parse_position};
    use super::super::{Fury, FuryOptions};
    use crate::engine::Game;

    fn base() -> String {
        "fury position\nscenario basic\nturn 1 viking-combat\nships 0802 landed=1 \
         embarked=0\nunits\n"
            .to_string()
    }

    fn refused(units: &str) -> String {
        parse_position(&format!("{}{units}", base()), 0)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_else(|| panic!("accepted:\n{units}"))
    }

    #[test]
    fn fury_6_1_two_viking_units_in_a_hex_are_refused() {
        let e = refused("VI01 0915\nVI02 0915\n");
        assert!(e.contains("rule 6.1: 0915 holds 2 Viking units"), "{e}");
        // A Chief stacks with one unit.
        let ok = format!("{}VI01 0915\nVC01 0915\n", base());
        assert!(parse_position(&ok, 0).is_ok());
    }

    #[test]
    fn fury_6_1_a_viking_unit_escorts_at_most_two() {
        let e = refused("VI01 0915\nTR01 held VI01\nTR02 held VI01\nWO01 held VI01\n");
        assert!(e.contains("rule 6.1: the Vikings in 0915 hold 3"), "{e}");
    }

    #[test]
    fn fury_6_2_three_villager_combatants_are_refused() {
        let e = refused("VI01 0915\nMI01 0917\nMI02 0917\nRI01 0917\n");
        assert!(
            e.contains("rule 6.2: 0917 holds 3 Villager combatant units"),
            "{e}"
        );
    }

    #[test]
    fn fury_6_3_three_villager_non_combatants_are_refused() {
        let e = refused("VI01 0915\nWO01 0917\nWO02 0917\nAN01 0917\n");
        assert!(e.contains("rule 6.3: 0917 holds 3"), "{e}");
        // Treasure never moved from its setup hex does not count (H-STK-1).
        let ok = format!(
            "{}VI01 0915\nWO01 0917\nWO02 0917\nTR01 0917 preset\n",
            base()
        );
        assert!(parse_position(&ok, 0).is_ok());
    }

    #[test]
    fn fury_12_1_embarked_counter_must_match_the_units_embarked() {
        let e = refused("VI01 embarked 1\n");
        assert!(
            e.contains("rule 12.1: ship 1 counts embarked=0, but 1"),
            "{e}"
        );
        let text = base().replace("embarked=0", "embarked=1") + "VI01 embarked 1\n";
        assert!(parse_position(&text, 0).is_ok());
        // Held loot taken aboard does not count.
        let text = base() + "VI01 0915\nTR01 embarked 1\n";
        assert!(parse_position(&text, 0).is_ok());
    }

    #[test]
    fn fury_12_1_landed_counters_cannot_exceed_the_units_ashore() {
        let text = base().replace("landed=1", "landed=2") + "VI01 0915\nVI02 aboard\n";
        let e = parse_position(&text, 0).unwrap_err().to_string();
        assert!(
            e.contains("rule 12.1: the ships count 2 landed units, but only 1"),
            "{e}"
        );
    }

    #[test]
    fn fury_5_6_a_held_unit_needs_a_viking_escort_on_the_map() {
        let e = refused("VI01 aboard\nTR01 held VI01\n");
        assert!(
            e.contains("rule 5.6: TR01 is held by VI01, which is not on the map"),
            "{e}"
        );
        let e = refused("VI01 0915\nMI01 0916\nTR01 held MI01\n");
        assert!(
            e.contains("rule 5.6: TR01 is held by MI01, which is not a Viking"),
            "{e}"
        );
        let e = refused("VI01 0915\nVI02 held VI01\n");
        assert!(e.contains("rule 5.6: VI02 is held"), "{e}");
    }

    #[test]
    fn fury_positions_the_game_prints_are_accepted() {
        for s in Fury::scenarios() {
            let state = Fury::setup(&FuryOptions::for_scenario(s.id).unwrap(), 1);
            assert!(
                parse_position(&format_position(&state), 0).is_ok(),
                "{}",
                s.id
            );
        }
    }
}
