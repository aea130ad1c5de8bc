//! The simple 1066 player (issue 10, issue 14): rules of thumb a new player finds
//! sensible, for every power.
//!
//! Every decision scores each legal action with a cheap rule of thumb (no action is
//! tried on a copy of the state) and takes the best, the first listed on a tie. Ending
//! a phase or passing scores 0, so a phase always ends once nothing scores above it.
//! The rules:
//!
//! - **Towns are the game** (23.2). Forces march on the town best worth having for its
//!   distance: an empty town, a rival's town they outnumber, a town of their own that a
//!   rival force threatens; a king heads for a royal town. A force leaves its weakest
//!   unit behind in a town it would otherwise empty, and a lone garrison stays.
//! - **No neutral is woken** (4.4, 4.5): its square is never entered, its towns never
//!   vassalized, since the power would go to another player.
//! - **Battles at good odds**: a rival stack is entered only by a force half as strong
//!   again (a castle counting for its holder).
//! - **Gold** (8.13): two are kept for provisioning and bids, the rest buys the
//!   strongest unit for its price where a town is threatened or a king stands.
//! - **Losses** (attrition, starvation, 9.6) take the weakest counter, never a king.
//! - **The Battle Board** is `battle.rs`; **deals** (22.2) are `deals.rs`.

use super::super::chits::{gold_in, Chit, GOLD};
use super::super::data::{data, Place, Power, UnitType};
use super::super::sequence::royal_towns;
use super::super::state::{Identity, State};
use super::super::turn::campaign::CampaignAction;
use super::super::turn::combat::{owed, CombatAction};
use super::super::turn::movement::MovementAction;
use super::super::turn::negation::{NegationAction, Pending};
use super::super::turn::phase_markers::MarkerAction;
use super::super::turn::pieces::{is_fleet, is_king};
use super::super::turn::pillage::PillageAction;
use super::super::turn::provision::ProvisionAction;
use super::super::turn::recruit::RecruitAction;
use super::super::turn::vassalage::VassalageAction;
use super::super::G1066Action as Action;
use super::battle;
use super::distance::{steps, FAR};
use super::forces::{
    enemy_strength, fighting_worth, holds_king, hostile, keeping_worth, land_units, neutral_in,
    same_player, strength,
};
use crate::board::square::Square;
use crate::engine::{Chance, Seat};
use std::collections::BTreeSet;

/// Gold kept back from recruiting: provisioning (9.4) and the next bid (6.1).
const GOLD_RESERVE: u32 = 2;
/// How much stronger a force must be to attack a stack (castles count for the holder).
const ATTACK_ODDS: f64 = 1.5;
/// How far a rival force reaches to threaten a town, in land steps.
const THREAT_STEPS: u8 = 3;
/// Sieges (26.2): a held castle's square is attacked at this strength against the
/// defence (the castle counting half again), or left besieged.
const SIEGE_ODDS: f64 = 2.0;
/// Sieges (26.1): what staying behind the walls is worth over falling back.
const STAY_IN_CASTLE: f64 = 3.0;

/// The simple player's action for `seat`, or None when it has no legal action.
pub fn simple_action(state: &State, seat: Seat, _rng: &mut Chance) -> Option<Action> {
    let legal = super::super::rules::legal_actions(state, seat);
    if legal.is_empty() {
        return None;
    }
    let ctx = Ctx::new(state, seat, &legal);
    let mut best: Option<(f64, usize)> = None;
    for (i, a) in legal.iter().enumerate() {
        let s = ctx.score(a);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, i));
        }
    }
    best.and_then(|(_, i)| legal.get(i).cloned())
}

/// What the scores read, found once per decision.
pub(super) struct Ctx<'a> {
    pub(super) s: &'a State,
    seat: Seat,
    pub(super) legal: &'a [Action],
    royal: &'static BTreeSet<Square>,
}

/// A town's printed feudal value, 0 once pillaged or when the option leaves it out.
fn town_feudal(state: &State, place: Place) -> u8 {
    let Place::Square(sq) = place else {
        return 0;
    };
    match data().map.town(sq) {
        Some(t) if (state.options.extra_towns || !t.extra) && !state.pillaged.contains(&sq) => {
            t.feudal
        }
        _ => 0,
    }
}

pub(super) fn towns(state: &State) -> impl Iterator<Item = (Place, u8)> + '_ {
    data()
        .map
        .towns
        .iter()
        .map(|t| Place::Square(t.square))
        .map(|p| (p, town_feudal(state, p)))
        .filter(|(_, f)| *f > 0)
}

impl<'a> Ctx<'a> {
    fn new(s: &'a State, seat: Seat, legal: &'a [Action]) -> Ctx<'a> {
        Ctx {
            s,
            seat,
            legal,
            royal: royal_towns(),
        }
    }

    fn score(&self, a: &Action) -> f64 {
        match a {
            Action::Deploy { identity, place } => self.deploy(identity, *place),
            Action::DeployCastle { square } => {
                let place = Place::Square(*square);
                f64::from(town_feudal(self.s, place)) + self.royal_bonus(place, 2.0)
            }
            Action::Bid { power, bid } => {
                let gold = gold_in(&self.s.power(*power).hand);
                let want = if gold >= 4 { 1 } else { 0 };
                -(f64::from(bid.gold) - f64::from(want)).abs() - if bid.papal { 3.0 } else { 0.0 }
            }
            Action::Pass { .. } | Action::EndPhase { .. } => 0.0,
            Action::Deal(d) => super::deals::score(self.s, self.seat, d),
            Action::Campaign(c) => self.campaign(c),
            Action::Marker(m) => self.marker(m),
            Action::Negation(n) => self.negation(n),
            Action::Provision(p) => self.provision(p),
            Action::Recruit(r) => self.recruit(r),
            Action::Vassalage(v) => self.vassalage(v),
            Action::Movement(m) => self.movement(m),
            Action::Combat(c) => self.combat(c),
            Action::Pillage(p) => self.pillage(p),
        }
    }

    fn royal_bonus(&self, place: Place, bonus: f64) -> f64 {
        match place {
            Place::Square(sq) if self.royal.contains(&sq) => bonus,
            _ => 0.0,
        }
    }

    /// Set-up (27.4): kings to royal towns, the other counters spread over the towns.
    fn deploy(&self, identity: &Identity, place: Place) -> f64 {
        let Some(d) = &self.s.deploy else {
            return 0.0;
        };
        let mut v = f64::from(town_feudal(self.s, place));
        if is_king(identity) {
            v += self.royal_bonus(place, 10.0);
        }
        v - 1.2 * land_units(self.s, place, d.power) as f64
    }

    fn campaign(&self, c: &CampaignAction) -> f64 {
        match c {
            CampaignAction::Return { chit, .. } => -chit_worth(*chit),
            CampaignAction::AttritionLoss {
                power, place, unit, ..
            } => -self.unit_worth(*place, *power, *unit),
            CampaignAction::Rebellion { negate, .. } => {
                if *negate {
                    1.0
                } else {
                    0.0
                }
            }
            // 8.13: hire a rival's unpaid stack at the lowest price, gold to spare.
            CampaignAction::TakeOver { power, gold } => {
                let held = gold_in(&self.s.power(*power).hand);
                let least = self
                    .s
                    .player_turn
                    .campaign
                    .takeover
                    .as_ref()
                    .map_or(1, |t| t.best.map_or(1, |(_, g)| g + 1));
                if *gold == least && held >= u32::from(*gold) + 2 {
                    1.0
                } else {
                    -1.0
                }
            }
            CampaignAction::NoTakeOver { .. } => 0.0,
            CampaignAction::Pay { power, place, pay } => {
                let worth = strength(self.s, *place, *power);
                let keep = worth >= 4.0 || holds_king(self.s, *place, *power);
                match (pay, keep) {
                    (true, true) => 1.0,
                    (true, false) => -1.0,
                    (false, _) => 0.0,
                }
            }
        }
    }

    fn marker(&self, m: &MarkerAction) -> f64 {
        match m {
            MarkerAction::HolyRomanEmpire { .. } => 2.0,
            MarkerAction::OathOfFealty { power, target } => {
                if hostile(self.s, *target, *power) {
                    1.0 + 0.05 * self.s.power(*target).hand.len() as f64
                } else {
                    -5.0
                }
            }
            MarkerAction::Assassin { power, unit } => {
                match self.s.units().find(|(_, _, u)| u.id == *unit) {
                    Some((_, owner, u)) if hostile(self.s, owner, *power) => {
                        1.0 + if is_king(&u.identity) { 3.0 } else { 0.0 }
                    }
                    _ => -5.0,
                }
            }
            // A Spy is kept to guard the king against an Assassin (8.13 Spy 3).
            MarkerAction::SpyStacks { .. } | MarkerAction::SpyHand { .. } => -0.5,
            // Papal Intervention is worth more as the marker it fetches (the simple
            // player never bids it).
            MarkerAction::PapalSwap { .. } => 1.0,
            MarkerAction::SwapPick { chit, .. } | MarkerAction::OathPick { chit, .. } => {
                swap_worth(*chit)
            }
            // Our own units back from a rival, or a rival's vassals taken from him.
            MarkerAction::Defection { power, place, from } => {
                let ours = self
                    .s
                    .stack(*place, *from)
                    .is_some_and(|s| s.units.iter().any(|u| same_player(self.s, u.owner, *power)));
                if ours || hostile(self.s, *from, *power) {
                    1.5
                } else {
                    -5.0
                }
            }
        }
    }

    /// 8.13: a Papal Intervention (or a Spy) against a play aimed at this player: an
    /// Assassin at its leader, an Oath or a Spy at its hand, a counter march against
    /// its force; or against a negation of its own play.
    fn negation(&self, n: &NegationAction) -> f64 {
        let NegationAction::Negate { power, .. } = n else {
            return 0.0;
        };
        let Some(w) = self.s.player_turn.negation.window.as_ref() else {
            return -1.0;
        };
        let Some(top) = w.chain.last() else {
            return -1.0;
        };
        if w.chain.len() > 1 {
            // The chain's last play negates the one before; win back our own.
            let before = &w.chain[w.chain.len() - 2];
            return if same_player(self.s, before.power, *power) {
                1.0
            } else {
                -1.0
            };
        }
        if !hostile(self.s, top.power, *power) {
            return -1.0;
        }
        let mine = |p: Power| same_player(self.s, p, *power);
        match &w.play {
            Pending::Marker(MarkerAction::Assassin { unit, .. }) => {
                match self.s.units().find(|(_, _, u)| u.id == *unit) {
                    Some((_, owner, u)) if mine(owner) => {
                        if is_king(&u.identity) {
                            3.0
                        } else {
                            0.5
                        }
                    }
                    _ => -1.0,
                }
            }
            Pending::Marker(
                MarkerAction::OathOfFealty { target, .. } | MarkerAction::SpyHand { target, .. },
            ) if mine(*target) => 0.5,
            _ => -1.0,
        }
    }

    fn provision(&self, p: &ProvisionAction) -> f64 {
        match p {
            // One gold feeds the whole place (9.4): worth it for more than one mouth.
            ProvisionAction::Pay { power, place } => {
                let over = super::super::turn::provision::hungry(self.s, *power)
                    .into_iter()
                    .find(|(at, _)| at == place)
                    .map_or(0, |(_, n)| n);
                2.0 * f64::from(over) - 1.5
            }
            ProvisionAction::Starve {
                power, place, unit, ..
            } => -self.unit_worth(*place, *power, *unit),
        }
    }

    fn unit_worth(&self, place: Place, power: Power, id: u16) -> f64 {
        self.s
            .stack(place, power)
            .and_then(|s| s.units.iter().find(|u| u.id == id))
            .map_or(0.0, |u| keeping_worth(&u.identity))
    }

    fn purse(&self, power: Power) -> u32 {
        gold_in(&self.s.power(power).hand) + u32::from(self.s.player_turn.recruit.call_points)
    }

    fn recruit(&self, r: &RecruitAction) -> f64 {
        match r {
            RecruitAction::Buy { power, unit, place } => {
                if *unit == UnitType::Fleet {
                    return self.fleet_buy(*power, *place);
                }
                let price = data()
                    .tables
                    .recruiting
                    .units
                    .get(unit)
                    .map_or(1, |p| u32::from(p.gold));
                let prepaid = self
                    .s
                    .player_turn
                    .recruit
                    .prepaid
                    .get(unit)
                    .copied()
                    .unwrap_or(0)
                    > 0;
                let points = u32::from(self.s.player_turn.recruit.call_points);
                if !prepaid && points < price && self.purse(*power) < price + GOLD_RESERVE {
                    return -1.0;
                }
                let worth = fighting_worth(&Identity::Unit(*unit));
                let danger = self.threat(*place, *power) - strength(self.s, *place, *power);
                1.0 + worth / f64::from(price.max(1))
                    + if danger > 0.0 { 1.0 } else { 0.0 }
                    + if holds_king(self.s, *place, *power) {
                        0.5
                    } else {
                        0.0
                    }
            }
            RecruitAction::CallToArms { power } => {
                let pressed = towns(self.s).any(|(t, _)| {
                    self.s.occupier(t) == Some(*power) && self.threat(t, *power) > 0.0
                });
                if pressed || self.s.turn >= 3 {
                    1.5
                } else {
                    -1.0
                }
            }
            RecruitAction::Castle { power, square } => {
                let place = Place::Square(*square);
                let f = f64::from(town_feudal(self.s, place));
                if self.purse(*power) < 1 + GOLD_RESERVE || self.threat(place, *power) <= 0.0 {
                    -1.0
                } else {
                    0.5 * f
                }
            }
            RecruitAction::ClearPillage { power, square } => {
                let f = data().map.town(*square).map_or(0, |t| t.feudal);
                if self.purse(*power) < 1 + u32::from(f) + GOLD_RESERVE {
                    -1.0
                } else {
                    f64::from(f) - 0.5
                }
            }
            RecruitAction::Rally { identity, .. } => 1.0 + 0.5 * keeping_worth(identity).min(8.0),
            RecruitAction::Tostig { power, place } => {
                // He counts as a king for victory (18.10): with the strongest stack.
                3.0 + self.royal_bonus(*place, 2.0) + strength(self.s, *place, *power) / 20.0
            }
        }
    }

    fn vassalage(&self, v: &VassalageAction) -> f64 {
        match v {
            VassalageAction::Declare { power, square } => {
                let place = Place::Square(*square);
                let Some(defender) = self
                    .s
                    .stacks_at(place)
                    .iter()
                    .map(|s| s.power)
                    .find(|p| *p != *power)
                else {
                    return -5.0;
                };
                if !hostile(self.s, defender, *power) {
                    return -10.0;
                }
                let points: u32 = self
                    .s
                    .power(*power)
                    .hand
                    .iter()
                    .filter(|c| c.is("vassalage"))
                    .map(|c| u32::from(c.value))
                    .sum();
                if points < 3 {
                    return -1.0;
                }
                f64::from(town_feudal(self.s, place)) + 1.0
                    - 0.7 * land_units(self.s, place, defender) as f64
            }
            // Every point helps the die (11.2); the simple player commits them all.
            VassalageAction::Commit { ones, twos, .. } => f64::from(*ones) + 2.0 * f64::from(*twos),
        }
    }

    fn pillage(&self, p: &PillageAction) -> f64 {
        let PillageAction::Pillage {
            power,
            square,
            burn_castle,
        } = p;
        let place = Place::Square(*square);
        // A pillaged town counts for nobody (23.2): only a rival's home town, far from
        // the end, is worth denying for the markers it loots (19.2).
        let rival_home = data().setup.powers.iter().any(|ps| {
            hostile(self.s, ps.power, *power)
                && data().setup.squares_held(ps.power).contains(square)
        });
        let early = self.s.turn + 3 <= self.s.options.last_turn;
        let f = town_feudal(self.s, place);
        if rival_home && early && f > 0 && !self.royal.contains(square) {
            1.0 + if *burn_castle { 0.1 } else { 0.0 }
        } else {
            -1.0
        }
    }

    fn combat(&self, c: &CombatAction) -> f64 {
        match c {
            CombatAction::Fight { power, place } => {
                if owed(self.s, *power).contains(place) {
                    0.0
                } else {
                    // 26.2: a castle's square is fought only at good odds.
                    let odds =
                        strength(self.s, *place, *power) / self.defended(*place, *power).max(1.0);
                    if odds >= SIEGE_ODDS {
                        0.5
                    } else {
                        -0.5
                    }
                }
            }
            CombatAction::Battle(b) => battle::score(self.s, b),
            CombatAction::Retreat { power, to } => {
                let stays = self
                    .s
                    .player_turn
                    .combat
                    .retreat
                    .as_ref()
                    .is_some_and(|r| r.from == *to);
                // 26.1: staying in one's castle keeps the town and its walls.
                let castle = if stays { STAY_IN_CASTLE } else { 0.0 };
                castle
                    + 2.0 * land_units(self.s, *to, *power).min(1) as f64
                    + 0.5 * f64::from(town_feudal(self.s, *to))
                    - 0.3 * self.threat(*to, *power)
            }
            // 18.3: the best leader commands (his value is the battle markers' limit).
            CombatAction::Command { leader, .. } => self
                .s
                .units()
                .find(|(_, _, u)| u.id == *leader)
                .and_then(|(_, _, u)| match &*u.identity {
                    Identity::Leader(id) => data().units.leader(id).map(|l| f64::from(l.value)),
                    _ => None,
                })
                .unwrap_or(0.0),
        }
    }

    /// The strongest rival land stack within reach of `place`.
    fn threat(&self, place: Place, power: Power) -> f64 {
        self.s
            .forces
            .keys()
            .filter(|&&p| steps(p, place) <= THREAT_STEPS)
            .map(|&p| enemy_strength(self.s, p, power))
            .fold(0.0, f64::max)
    }

    /// What a town is worth going to for a force of `power` with `force` strength.
    pub(super) fn want(
        &self,
        power: Power,
        town: Place,
        feudal: u8,
        force: f64,
        king: bool,
    ) -> f64 {
        let f = f64::from(feudal);
        let mut v = match self.s.occupier(town) {
            Some(p) if same_player(self.s, p, power) => {
                let deficit = self.threat(town, power) - strength(self.s, town, power);
                if deficit > 0.0 {
                    0.8 * f + 0.2 * deficit
                } else {
                    0.0
                }
            }
            Some(p) if hostile(self.s, p, power) => {
                if force >= ATTACK_ODDS * self.defended(town, power) + 1.0 {
                    1.5 * f + 1.0
                } else {
                    0.0
                }
            }
            Some(_) => return 0.0,
            None if !self.s.stacks_at(town).is_empty() => return 0.0,
            None => 1.2 * f + 0.5,
        };
        if king && !holds_king(self.s, town, power) {
            let held_or_free = matches!(self.s.occupier(town), Some(p) if same_player(self.s, p, power))
                || self.s.occupier(town).is_none()
                || v > 0.0;
            if held_or_free {
                v += self.royal_bonus(town, 8.0);
            }
        }
        v
    }

    /// The rival strength in `place`, a castle counting half again for its holder (20.5).
    fn defended(&self, place: Place, power: Power) -> f64 {
        let e = enemy_strength(self.s, place, power);
        let castle = place
            .square()
            .and_then(|sq| self.s.castle_at(sq))
            .is_some_and(|c| c.holder.is_some_and(|h| hostile(self.s, h, power)));
        if castle {
            1.5 * e
        } else {
            e
        }
    }

    /// The town a force of `power` in `here` heads for, or None to stay.
    pub(super) fn goal(&self, power: Power, here: Place, force: f64, king: bool) -> Option<Place> {
        let mut best: Option<(f64, Place)> = None;
        for (town, feudal) in towns(self.s) {
            let d = steps(here, town);
            if d == FAR {
                continue;
            }
            let v = self.want(power, town, feudal, force, king) / (1.0 + f64::from(d));
            if v > 0.0 && best.is_none_or(|(b, _)| v > b) {
                best = Some((v, town));
            }
        }
        best.map(|(_, t)| t)
    }

    fn movement(&self, m: &MovementAction) -> f64 {
        let moving = self.s.player_turn.movement.moving.as_ref();
        match m {
            MovementAction::Muster {
                power,
                place,
                fleets,
            } => {
                // A little less than what the force then does, so that a step straight
                // away wins when no garrison must stay behind.
                let muster = MovementAction::Muster {
                    power: *power,
                    place: *place,
                    fleets: *fleets,
                };
                self.muster_value(&Action::Movement(muster)) - 0.1
            }
            MovementAction::ForcedMarch { .. } => -1.0,
            MovementAction::Board { power, unit } => self.board(*power, *unit),
            MovementAction::Land { power } => self.land(*power),
            MovementAction::CounterMarch {
                power,
                from,
                fleets,
            } => self.counter_march(*power, *from, *fleets),
            MovementAction::NoCounterMarch { .. } => 0.0,
            MovementAction::Leave { power, unit } => {
                let Some(m) = moving else { return -5.0 };
                let here = m.place;
                // A king stays in the royal town he holds (23.2) while the rest go on.
                let king_here = self.s.stack(here, *power).is_some_and(|s| {
                    s.units
                        .iter()
                        .any(|u| u.id == *unit && (is_king(&u.identity) || is_tostig(&u.identity)))
                });
                if king_here && self.royal_bonus(here, 1.0) > 0.0 && !m.fleets {
                    return 5.0;
                }
                let staying = self.s.stack(here, *power).map_or(0, |s| {
                    s.units.iter().filter(|u| !m.units.contains(&u.id)).count()
                });
                if staying > 0 || town_feudal(self.s, here) == 0 || m.fleets {
                    return -5.0;
                }
                let weakest = self.s.stack(here, *power).and_then(|s| {
                    s.units
                        .iter()
                        .filter(|u| m.units.contains(&u.id))
                        .min_by(|a, b| {
                            keeping_worth(&a.identity).total_cmp(&keeping_worth(&b.identity))
                        })
                        .map(|u| u.id)
                });
                if weakest == Some(*unit) {
                    4.0
                } else {
                    -5.0
                }
            }
            MovementAction::Step { power, from, to } => {
                let started = moving.is_some_and(|m| m.place == *from && m.power == *power);
                if started && moving.is_some_and(|m| m.fleets) {
                    return self.fleet_step(*power, *from, *to);
                }
                let mover = if started { Mover::Moving } else { Mover::Fresh };
                self.step(*power, *from, *to, mover)
            }
            MovementAction::Halt { power } => {
                let Some(m) = moving else { return -5.0 };
                if m.fleets {
                    return self.fleet_halt(*power);
                }
                let (force, king) = self.moving_force(*power, m.place, Some(&m.units));
                let goal = self
                    .goal(*power, m.place, force, king)
                    .or_else(|| self.embark_goal(*power, m.place, force, king));
                match goal {
                    Some(g) if g != m.place => -0.5,
                    _ => 3.0,
                }
            }
        }
    }

    /// What a muster leads to: the best step the force can then take, found by making
    /// the muster (and the garrison left or the units boarded after it) on a copy and
    /// scoring the force's own choices there. So a muster is worth just what the force
    /// then does, and no muster is undone by another one for ever (a muster that steps
    /// nowhere moves nobody, 14.3).
    /// 16.7: a counter march only with twice the strength of the force it meets (the
    /// battle that follows is the enemy's attack, 16.8), and never with a king, who
    /// keeps to his town.
    fn counter_march(&self, power: Power, from: Place, fleets: bool) -> f64 {
        let Some(w) = self.s.player_turn.counter.window.as_ref() else {
            return -1.0;
        };
        if fleets || holds_king(self.s, from, power) {
            return -1.0;
        }
        let mine = strength(self.s, from, power);
        let theirs = enemy_strength(self.s, w.square, power);
        if mine >= 2.0 * theirs + 1.0 {
            2.0
        } else {
            -1.0
        }
    }

    fn muster_value(&self, muster: &Action) -> f64 {
        let mut t = self.s.clone();
        if super::super::rules::apply(&mut t, self.seat, muster).is_err() {
            return -5.0;
        }
        // A few garrisons and boardings at most; each is a stepping stone to a step.
        for _ in 0..8 {
            let Some(place) = t.player_turn.movement.moving.as_ref().map(|m| m.place) else {
                return -1.0;
            };
            let legal = super::super::rules::legal_actions(&t, self.seat);
            let ctx = Ctx {
                s: &t,
                seat: self.seat,
                legal: &legal,
                royal: self.royal,
            };
            let own = legal.iter().filter(|a| match a {
                Action::Movement(MovementAction::Step { from, .. }) => *from == place,
                Action::Movement(MovementAction::Leave { .. } | MovementAction::Board { .. }) => {
                    true
                }
                _ => false,
            });
            let best = own
                .map(|a| (ctx.score(a), a))
                .fold(None::<(f64, &Action)>, |b, (v, a)| match b {
                    Some((bv, _)) if bv >= v => b,
                    _ => Some((v, a)),
                });
            match best {
                Some((
                    v,
                    a @ Action::Movement(
                        MovementAction::Leave { .. } | MovementAction::Board { .. },
                    ),
                )) if v > 0.0 => {
                    let a = a.clone();
                    if super::super::rules::apply(&mut t, self.seat, &a).is_err() {
                        return -1.0;
                    }
                }
                Some((v, _)) => return v,
                None => return -1.0,
            }
        }
        -1.0
    }

    /// The strength of the land units of `power` in `place` that move (all unmoved ones
    /// when `units` is None), and whether a king is among them.
    fn moving_force(&self, power: Power, place: Place, units: Option<&Vec<u16>>) -> (f64, bool) {
        let moved = &self.s.player_turn.movement.moved;
        let Some(stack) = self.s.stack(place, power) else {
            return (0.0, false);
        };
        let movers = stack.units.iter().filter(|u| match units {
            Some(ids) => ids.contains(&u.id),
            None => !moved.contains(&u.id) && !is_fleet(&u.identity),
        });
        movers.fold((0.0, false), |(s, k), u| {
            (
                s + fighting_worth(&u.identity),
                k || is_king(&u.identity) || is_tostig(&u.identity),
            )
        })
    }

    /// A step of `power`'s force from `from` into `to`, taken by `mover`.
    fn step(&self, power: Power, from: Place, to: Place, mover: Mover) -> f64 {
        let moving = self.s.player_turn.movement.moving.as_ref();
        let fresh = mover == Mover::Fresh;
        let units = match mover {
            Mover::Moving => moving.map(|m| &m.units),
            Mover::Fresh => None,
        };
        let (force, king) = self.moving_force(power, from, units);
        if force <= 0.0 {
            // Only fleets would go: they carry nobody yet (RULINGS "Not yet").
            return -2.0;
        }
        if neutral_in(self.s, to) {
            return -30.0;
        }
        let enemy = self.defended(to, power);
        if enemy > 0.0 && force < ATTACK_ODDS * enemy + 1.0 {
            return -20.0;
        }
        // Nothing to win on this shore: walk to a port to cross (`sea.rs`).
        let Some(goal) = self
            .goal(power, from, force, king)
            .or_else(|| self.embark_goal(power, from, force, king))
        else {
            return -1.0;
        };
        if goal == from {
            return -1.0;
        }
        let gain = f64::from(steps(from, goal)) - f64::from(steps(to, goal));
        let mut v = if gain > 0.0 { 2.0 * gain } else { gain - 1.0 };
        if to == goal {
            v += 1.0;
        }
        if enemy > 0.0 {
            v += 1.0;
        }
        if king && self.royal_bonus(from, 1.0) > 0.0 && town_feudal(self.s, from) > 0 {
            // The king keeps his royal town: muster, leave him, and march on.
            v -= 6.0;
        }
        if fresh {
            // Marching off would empty a town the power holds: muster first and leave
            // a garrison, or keep a lone garrison where it is.
            let here = land_units(self.s, from, power);
            let holds = town_feudal(self.s, from) > 0 && self.s.occupier(from) == Some(power);
            if holds && here >= 1 {
                v -= if here == 1 { 2.5 } else { 5.0 };
            }
        } else if let Some(m) = moving.filter(|_| mover == Mover::Moving) {
            let left = land_units(self.s, from, power).saturating_sub(m.units.len());
            if town_feudal(self.s, from) > 0
                && left == 0
                && self.s.occupier(from) == Some(power)
                && m.units.len() == 1
                && m.steps == 0
            {
                v -= 2.5;
            }
        }
        v
    }
}

/// Who would take a step: the force moving now, or the unmoved units of a place with
/// no moving force (mustered by the step itself).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mover {
    Moving,
    Fresh,
}

fn is_tostig(identity: &Identity) -> bool {
    matches!(identity, Identity::Leader(id)
        if data().units.leader(id).is_some_and(|l| l.victory_king))
}

/// What a campaign marker in the hand is worth keeping (8.7 sends back the least).
fn chit_worth(chit: Chit) -> f64 {
    if chit.is(GOLD) || chit.is("vassalage") {
        1.0 + f64::from(chit.value)
    } else if chit.is_event() {
        -1.0
    } else {
        1.5
    }
}

/// What a marker fetched by a Papal Intervention is worth to the simple player.
fn swap_worth(chit: Chit) -> f64 {
    let Some(m) = chit.marker() else {
        return 0.0;
    };
    match m.id.as_str() {
        "holy_roman_empire" => 2.0,
        "oath_of_fealty" => 1.2,
        "rally" => 1.0,
        "assassin" => 0.9,
        "forced_march" => 0.8,
        "vassalage" => 0.4 * f64::from(chit.value),
        _ => 0.3,
    }
}
