//! The simple player at sea (17.5-17.11): a power whose towns to win lie over the water
//! (the Normans in France, the Vikings in Norway) walks its land forces to a port, buys
//! fleets there to carry them (2 land units a fleet), boards the strongest units (a
//! king first), sails for the landing place nearest the town it wants and lands; empty
//! fleets sail back to a port where units wait.

use super::super::data::{data, Place, Power, UnitType};
use super::super::moves::{check_embark, Embarkation};
use super::super::state::Identity;
use super::super::turn::pieces::{is_fleet, is_king, surroundings};
use super::distance::{sea_steps, steps, FAR};
use super::forces::{fighting_worth, keeping_worth};
use super::simple::Ctx;

/// Land steps count this much more than a fleet's (T6: fleets move 8, land units 2-3).
const LAND_STEP_WEIGHT: u16 = 3;

/// Every place where cargo may go ashore (17.10): coastal, port or river land squares
/// and a port box.
fn landing_places() -> &'static [Place] {
    static PLACES: std::sync::OnceLock<Vec<Place>> = std::sync::OnceLock::new();
    PLACES.get_or_init(find_landing_places)
}

fn find_landing_places() -> Vec<Place> {
    use super::super::moves::geometry::fleet_may_be_in;
    let map = &data().map;
    let mut out: Vec<Place> = super::super::data::grid()
        .squares()
        .filter(|&sq| map.is_land(sq) && fleet_may_be_in(sq))
        .map(Place::Square)
        .collect();
    out.extend(
        map.boxes
            .iter()
            .filter(|b| b.port)
            .map(|b| Place::Box(b.id)),
    );
    out
}

impl Ctx<'_> {
    /// How far, in fleet steps plus weighted land steps, `power`'s fleets in `from` are
    /// from putting a force into `town`.
    fn crossing(&self, power: Power, from: Place, town: Place) -> u16 {
        landing_places()
            .iter()
            .filter_map(|&l| {
                let sea = sea_steps(power, from, l);
                let land = steps(l, town);
                (sea != FAR && land != FAR)
                    .then(|| u16::from(sea) + LAND_STEP_WEIGHT * u16::from(land))
            })
            .min()
            .unwrap_or(u16::MAX)
    }

    /// The town over the water that a force of `power` in `here` would sail for: one
    /// worth having that no land path reaches. None when there is none.
    pub(super) fn sea_goal(
        &self,
        power: Power,
        here: Place,
        force: f64,
        king: bool,
    ) -> Option<Place> {
        self.best_crossing(power, here, force, king, true)
    }

    /// The town most worth a crossing from `here` for a force of `force` strength, for
    /// its cost in fleet and land steps; `unreachable_only` keeps only towns no land
    /// path reaches.
    fn best_crossing(
        &self,
        power: Power,
        here: Place,
        force: f64,
        king: bool,
        unreachable_only: bool,
    ) -> Option<Place> {
        let mut best: Option<(f64, Place)> = None;
        for (town, feudal) in super::simple::towns(self.s) {
            if unreachable_only && steps(here, town) != FAR {
                continue;
            }
            let cost = self.crossing(power, here, town);
            if cost == u16::MAX {
                continue;
            }
            let v = self.want(power, town, feudal, force, king) / (1.0 + f64::from(cost) / 4.0);
            if v > 0.0 && best.is_none_or(|(b, _)| v > b) {
                best = Some((v, town));
            }
        }
        best.map(|(_, t)| t)
    }

    /// Whether land units of `power` may board fleets in `place` as in a port (17.6).
    fn is_port_for(&self, power: Power, place: Place) -> bool {
        let around = surroundings(self.s, power);
        check_embark(power, place, 1, &[UnitType::Fyrd], &around) == Ok(Embarkation::Port)
    }

    fn fleets_at(&self, power: Power, place: Place) -> usize {
        self.s.stack(place, power).map_or(0, |s| {
            s.units.iter().filter(|u| is_fleet(&u.identity)).count()
        })
    }

    /// The port a land force with nothing to win on its own shore walks to: the nearest
    /// by land, one with the power's fleets first. None when it stands in one already.
    pub(super) fn embark_goal(
        &self,
        power: Power,
        here: Place,
        force: f64,
        king: bool,
    ) -> Option<Place> {
        self.sea_goal(power, here, force, king)?;
        if self.is_port_for(power, here) {
            return None;
        }
        let mut best: Option<(f64, Place)> = None;
        for &port in landing_places() {
            let d = steps(here, port);
            if d == FAR || !self.is_port_for(power, port) {
                continue;
            }
            let fleets = if self.fleets_at(power, port) > 0 {
                2.0
            } else {
                1.0
            };
            let v = fleets / (1.0 + f64::from(d));
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, port));
            }
        }
        best.map(|(_, p)| p)
    }

    /// Land units of `power` in `place` still to move that want to cross the sea.
    fn waiting(&self, power: Power, place: Place) -> Vec<(u16, &Identity)> {
        let moved = &self.s.player_turn.movement.moved;
        let aboard = super::super::turn::movement::aboard(self.s);
        let Some(stack) = self.s.stack(place, power) else {
            return Vec::new();
        };
        let units: Vec<(u16, &Identity)> = stack
            .units
            .iter()
            .filter(|u| !is_fleet(&u.identity) && !moved.contains(&u.id) && !aboard.contains(&u.id))
            .map(|u| (u.id, &*u.identity))
            .collect();
        let force: f64 = units.iter().map(|(_, i)| fighting_worth(i)).sum();
        let king = units.iter().any(|(_, i)| is_king(i));
        if units.is_empty() || self.goal(power, place, force, king).is_some() {
            return Vec::new();
        }
        if self.sea_goal(power, place, force, king).is_none() {
            return Vec::new();
        }
        units
    }

    /// A port of the power's where land units wait with too few fleets to carry them.
    fn ferry_goal(&self, power: Power, from: Place) -> Option<Place> {
        self.s
            .forces
            .keys()
            .copied()
            .filter(|&p| p != from && self.is_port_for(power, p))
            .filter(|&p| {
                let waiting = self.waiting(power, p).len();
                waiting > 2 * self.fleets_at(power, p)
            })
            .filter(|&p| sea_steps(power, from, p) != FAR)
            .min_by_key(|&p| sea_steps(power, from, p))
    }

    /// The cargo's strength, whether a king is aboard, and where the fleets are.
    fn cargo(&self, power: Power) -> Option<(f64, bool, Place)> {
        let m = self.s.player_turn.movement.moving.as_ref()?;
        let stack = self.s.stack(m.place, power)?;
        let aboard = stack.units.iter().filter(|u| m.cargo.contains(&u.id));
        let force = aboard.clone().map(|u| fighting_worth(&u.identity)).sum();
        let king = aboard.clone().any(|u| is_king(&u.identity));
        Some((force, king, m.place))
    }

    /// Boarding `unit`: the strongest first, a king before all; only where the units
    /// have a town to win over the water.
    pub(super) fn board(&self, power: Power, unit: u16) -> f64 {
        let Some(m) = self.s.player_turn.movement.moving.as_ref() else {
            return -5.0;
        };
        let waiting = self.waiting(power, m.place);
        match waiting.iter().find(|(id, _)| *id == unit) {
            Some((_, identity)) => 3.0 + keeping_worth(identity).min(25.0) / 10.0,
            None => -1.0,
        }
    }

    /// Where the loaded fleets are bound: the town the cargo wants.
    fn cargo_goal(&self, power: Power) -> Option<Place> {
        let (force, king, here) = self.cargo(power)?;
        self.best_crossing(power, here, force, king, false)
    }

    /// Landing the cargo here: once no step brings the fleets nearer its town.
    pub(super) fn land(&self, power: Power) -> f64 {
        let Some(m) = self.s.player_turn.movement.moving.as_ref() else {
            return -5.0;
        };
        let Some(goal) = self.cargo_goal(power) else {
            return 1.0;
        };
        let here = self.crossing(power, m.place, goal);
        let better = self
            .fleet_steps()
            .any(|to| self.crossing(power, to, goal) < here);
        if better {
            -1.0
        } else {
            4.0
        }
    }

    fn fleet_steps(&self) -> impl Iterator<Item = Place> + '_ {
        let from = self.s.player_turn.movement.moving.as_ref().map(|m| m.place);
        self.legal.iter().filter_map(move |a| match a {
            super::super::G1066Action::Movement(
                super::super::turn::movement::MovementAction::Step { from: f, to, .. },
            ) if Some(*f) == from => Some(*to),
            _ => None,
        })
    }

    /// A step of the moving fleets: with cargo towards its town, empty towards a port
    /// where units wait.
    pub(super) fn fleet_step(&self, power: Power, from: Place, to: Place) -> f64 {
        let Some(m) = self.s.player_turn.movement.moving.as_ref() else {
            return -2.0;
        };
        if !m.cargo.is_empty() {
            let Some(goal) = self.cargo_goal(power) else {
                return -1.0;
            };
            let gain = f64::from(self.crossing(power, from, goal))
                - f64::from(self.crossing(power, to, goal));
            return if gain > 0.0 { 1.0 + gain } else { gain - 1.0 };
        }
        if !self.waiting(power, from).is_empty() && m.steps == 0 {
            // Units wait here to board: board first.
            return -1.0;
        }
        match self.ferry_goal(power, from) {
            Some(q) => {
                let gain =
                    f64::from(sea_steps(power, from, q)) - f64::from(sea_steps(power, to, q));
                if gain > 0.0 {
                    1.0 + gain
                } else {
                    gain - 1.0
                }
            }
            None => -1.0,
        }
    }

    /// Halting the fleets: not while a step brings them nearer where they are bound.
    pub(super) fn fleet_halt(&self, power: Power) -> f64 {
        let Some(here) = self.s.player_turn.movement.moving.as_ref().map(|m| m.place) else {
            return -5.0;
        };
        let better = self
            .fleet_steps()
            .any(|to| self.fleet_step(power, here, to) > 0.0);
        if better {
            -0.5
        } else {
            3.0
        }
    }

    /// Buying a fleet where land units wait to cross with too few fleets to carry them.
    pub(super) fn fleet_buy(&self, power: Power, place: Place) -> f64 {
        let waiting = self.waiting(power, place).len();
        if waiting > 2 * self.fleets_at(power, place) && self.is_port_for(power, place) {
            2.5
        } else {
            -2.0
        }
    }
}
