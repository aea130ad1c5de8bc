//! What a set of seats may see (7.0; brief 4.1 and 4.5): their own counters and hands
//! in full; every other stack as its place, power and count, plus whatever of it was
//! revealed to them (7.2); hand sizes; the pool as a count; another power's sealed bid
//! only as "a bid is in". `resample` draws a full state that looks to those seats
//! exactly like the view: the only state a computer player is given.

use super::chits::{all_chits, Chit, PAPAL};
use super::data::forces::Piece;
use super::data::{data, Place, Power, UnitType};
use super::state::{Identity, State};
use crate::engine::position::masked;
use crate::engine::{Chance, Conceal, Seat, Secrets};
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
pub struct G1066View {
    pub state: State,
    pub seats: Vec<Seat>,
}

/// Who sees each hidden part: the one place that says it (shared code masks).
impl Secrets for State {
    fn secrets(&mut self, seats: &[Seat], visit: &mut dyn FnMut(bool, &mut dyn Conceal)) {
        let plays = |c: Option<Seat>| c.is_some_and(|s| seats.contains(&s));
        let controllers: Vec<Option<Seat>> = self.powers.iter().map(|p| p.controller).collect();
        // AM3: while an Oath chooses after a Spy, its player has seen the target
        // player's hands and chooses from them.
        let oath_seen = self
            .player_turn
            .markers
            .oath
            .filter(|&(by, _)| plays(controllers[by as usize]))
            .and_then(|(_, target)| controllers[target as usize]);
        for ps in self.powers.iter_mut() {
            // 7.1, 8.2: a hand is its player's alone.
            let shown = oath_seen.is_some() && ps.controller == oath_seen;
            visit(plays(ps.controller) || shown, &mut ps.hand);
        }
        // 8.2: nobody looks into the pool, but the player of a Papal Intervention
        // exchange sorts through it to choose (8.13, SP2).
        let sorting = self
            .player_turn
            .markers
            .swap
            .and_then(|p| controllers[p as usize]);
        visit(plays(sorting), &mut self.pool);
        if let Some(d) = self.deploy.as_mut() {
            visit(seats.contains(&d.seat), &mut d.units);
        }
        for (power, bid) in self.bids.iter_mut() {
            visit(plays(controllers[*power as usize]), bid);
        }
        // 11.2: the markers put face down in a vassalage attempt are their side's.
        if let Some(a) = self.player_turn.vassalage.attempt.as_mut() {
            let sides = [
                (controllers[a.attacker as usize], a.attack.as_mut()),
                (controllers[a.defender as usize], a.defence.as_mut()),
            ];
            for (controller, chits) in sides {
                if let Some(chits) = chits {
                    visit(plays(controller), chits);
                }
            }
        }
        for stacks in self.forces.values_mut() {
            for stack in stacks.iter_mut() {
                let mine = plays(controllers[stack.power as usize]);
                for u in stack.units.iter_mut() {
                    // VA6: a counter won as a vassal is still known to its owner's player.
                    // VA7: a fleet is known as a fleet to all (it sails and stops by the
                    // sea's rules, 12.3, 14.9), and a fleet is all it can be.
                    let seen = mine
                        || plays(controllers[u.owner as usize])
                        || u.seen_by.iter().any(|s| seats.contains(s))
                        || *u.identity == Identity::Unit(UnitType::Fleet);
                    visit(seen, &mut u.identity);
                }
            }
        }
    }
}

/// The view of `seats`: the position with what they may not see concealed, and no
/// chance stream.
pub fn view(state: &State, seats: &[Seat]) -> G1066View {
    let mut v = masked(state, seats);
    v.chance = Chance::new(0);
    G1066View {
        state: v,
        seats: seats.to_vec(),
    }
}

/// A full state consistent with the view; the unseen parts are drawn from `rng`.
pub fn resample(view: &G1066View, rng: &mut Chance) -> State {
    let mut s = view.state.clone();
    deal_markers(&mut s, rng);
    guess_bids(&mut s, rng);
    guess_units(&mut s, rng);
    let seed = (u64::from(rng.roll(u32::MAX)) << 32) | u64::from(rng.roll(u32::MAX));
    s.chance = Chance::new(seed);
    s
}

/// Removes one of each of `known` from `all` (a multiset difference).
fn without<T: PartialEq>(mut all: Vec<T>, known: impl IntoIterator<Item = T>) -> Vec<T> {
    for k in known {
        if let Some(i) = all.iter().position(|x| *x == k) {
            all.swap_remove(i);
        }
    }
    all
}

/// The markers nobody in the view can account for, dealt at random into the unknown
/// places of the hands and the pool (its composition is all markers less those seen).
fn deal_markers(s: &mut State, rng: &mut Chance) {
    let known: Vec<Chit> = s
        .powers
        .iter()
        .flat_map(|p| p.hand.iter().copied())
        .filter(|c| !c.is_unknown())
        // Played Events and the Comet are face up, out of the pool (8.9).
        .chain(s.events_out.iter().copied())
        .chain(s.out_of_game.iter().copied())
        .chain(committed(s).into_iter().filter(|c| !c.is_unknown()))
        .chain(s.pool.iter().copied().filter(|c| !c.is_unknown()))
        .collect();
    let mut unseen = without(all_chits(), known);
    rng.shuffle(&mut unseen);
    // Face-down vassalage markers are Vassalage markers (11.2): dealt from those first.
    if let Some(a) = s.player_turn.vassalage.attempt.as_mut() {
        for chits in [a.attack.as_mut(), a.defence.as_mut()]
            .into_iter()
            .flatten()
        {
            for slot in chits.0.iter_mut().filter(|c| c.is_unknown()) {
                let at = unseen
                    .iter()
                    .position(|c| c.is("vassalage"))
                    .or(if unseen.is_empty() { None } else { Some(0) });
                if let Some(i) = at {
                    *slot = unseen.swap_remove(i);
                }
            }
        }
    }
    for ps in s.powers.iter_mut() {
        if ps.hand.iter().any(|c| c.is_unknown()) {
            for slot in ps.hand.iter_mut().filter(|c| c.is_unknown()) {
                *slot = unseen.pop().unwrap_or(Chit::UNKNOWN);
            }
            ps.hand.sort();
        }
    }
    for slot in s.pool.iter_mut().filter(|c| c.is_unknown()) {
        *slot = unseen.pop().unwrap_or(Chit::UNKNOWN);
    }
    s.pool.sort();
}

/// The markers face down in a vassalage attempt.
pub fn committed(s: &State) -> Vec<Chit> {
    s.player_turn
        .vassalage
        .attempt
        .iter()
        .flat_map(|a| [a.attack.as_ref(), a.defence.as_ref()])
        .flatten()
        .flat_map(|h| h.0.iter().copied())
        .collect()
}

/// A sealed bid of another power: any bid its (guessed) hand allows.
fn guess_bids(s: &mut State, rng: &mut Chance) {
    let powers: Vec<Power> = s.bids.keys().copied().collect();
    for p in powers {
        let known = s.bids.get(&p).is_some_and(|b| b.0 .0.is_some());
        if known {
            continue;
        }
        let held = u32::from(super::initiative::gold_held(s, p));
        let gold = u8::try_from(rng.roll(held + 1) - 1).unwrap_or(0);
        let has_papal = s.power(p).hand.iter().any(|c| c.is(PAPAL));
        let papal = has_papal && rng.roll(2) == 2;
        if let Some(b) = s.bids.get_mut(&p) {
            b.0 .0 = Some(super::state::Bid { gold, papal });
        }
    }
}

/// The counters a power is publicly known to have in play: its T9 set-up pieces
/// (later slices add what recruiting and losses make public).
fn roster(power: Power) -> Vec<Identity> {
    let mut out = Vec::new();
    for g in data().setup.of(power).into_iter().flat_map(|p| &p.groups) {
        let id = match &g.piece {
            Piece::Unit(t) => Identity::Unit(*t),
            Piece::Leader(l) => Identity::Leader(l.clone()),
            Piece::Castle => continue,
        };
        out.extend((0..g.count).map(|_| id.clone()));
    }
    out
}

/// Counters of the power's counter-mix beyond its roster, for guesses the roster
/// cannot cover (10.7: the mix is a hard limit).
fn spare_counters(power: Power, roster: &[Identity]) -> Vec<Identity> {
    let mix = &data().units.counter_mix;
    let mut out = Vec::new();
    for t in UnitType::ALL {
        let used = roster.iter().filter(|i| **i == Identity::Unit(t)).count();
        let left = usize::from(mix.limit(power, t)).saturating_sub(used);
        out.extend((0..left).map(|_| Identity::Unit(t)));
    }
    out
}

/// Whether a counter could stand there: fleets only where fleets go (17.2, 21.7).
fn plausible(id: &Identity, place: Option<Place>) -> bool {
    if *id != Identity::Unit(UnitType::Fleet) {
        return true;
    }
    let map = &data().map;
    match place {
        None => true,
        Some(Place::Box(b)) => map.off_map_box(b).is_some_and(|x| x.port),
        Some(Place::Square(sq)) => {
            !map.is_land(sq) || map.is_coastal(sq) || map.is_port(sq) || map.on_river(sq)
        }
    }
}

/// One face-down counter whose identity the view hides: where it stands (None for a
/// set-up piece not yet placed) and how to reach it.
struct Slot {
    owner: Power,
    place: Option<Place>,
    at: SlotAt,
}

enum SlotAt {
    Unit(Place, usize, usize),
    Deploy(usize),
}

/// Gives every hidden counter an identity drawn from what its power may have there.
fn guess_units(s: &mut State, rng: &mut Chance) {
    let mut slots: Vec<Slot> = Vec::new();
    let mut seen: BTreeMap<Power, Vec<Identity>> = BTreeMap::new();
    for (&place, stacks) in &s.forces {
        for (si, stack) in stacks.iter().enumerate() {
            for (ui, u) in stack.units.iter().enumerate() {
                if *u.identity == Identity::Unknown {
                    slots.push(Slot {
                        owner: u.owner,
                        place: Some(place),
                        at: SlotAt::Unit(place, si, ui),
                    });
                } else {
                    seen.entry(u.owner).or_default().push((*u.identity).clone());
                }
            }
        }
    }
    if let Some(d) = &s.deploy {
        for (i, id) in d.units.iter().enumerate() {
            if *id == Identity::Unknown {
                slots.push(Slot {
                    owner: d.power,
                    place: None,
                    at: SlotAt::Deploy(i),
                });
            } else {
                seen.entry(d.power).or_default().push(id.clone());
            }
        }
    }
    if slots.is_empty() {
        return;
    }
    // Where fleets cannot be are filled first, so the fleets end where they may.
    slots.sort_by_key(|sl| plausible(&Identity::Unit(UnitType::Fleet), sl.place));
    let mut pools: BTreeMap<Power, Vec<Identity>> = BTreeMap::new();
    for p in Power::ALL {
        let r = roster(p);
        let mut cands = without(r.clone(), seen.remove(&p).unwrap_or_default());
        rng.shuffle(&mut cands);
        let mut spare = spare_counters(p, &r);
        rng.shuffle(&mut spare);
        cands.extend(spare);
        pools.insert(p, cands);
    }
    for sl in slots {
        let Some(cands) = pools.get_mut(&sl.owner) else {
            continue;
        };
        // Every fleet is in view (VA7): a hidden counter is a land unit or a leader.
        let pick = cands
            .iter()
            .position(|c| {
                (sl.place.is_none() || *c != Identity::Unit(UnitType::Fleet))
                    && plausible(c, sl.place)
            })
            .or(if cands.is_empty() { None } else { Some(0) });
        let id = pick
            .map(|i| cands.remove(i))
            .unwrap_or(Identity::Unit(UnitType::Fyrd));
        match sl.at {
            SlotAt::Unit(place, si, ui) => {
                if let Some(u) = s
                    .forces
                    .get_mut(&place)
                    .and_then(|st| st.get_mut(si))
                    .and_then(|st| st.units.get_mut(ui))
                {
                    *u.identity = id;
                }
            }
            SlotAt::Deploy(i) => {
                if let Some(slot) = s.deploy.as_mut().and_then(|d| d.units.get_mut(i)) {
                    *slot = id;
                }
            }
        }
    }
    if let Some(d) = s.deploy.as_mut() {
        d.units.sort();
    }
}
