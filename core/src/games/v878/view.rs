//! What a set of seats may see (Setup 2, §4.2 of the brief): every hand but theirs (and
//! their allies' when hands are shared) is hidden, every deck order is hidden from all,
//! and the chance stream never leaves the state. `resample` deals the unseen cards
//! at random, for the search player.

use super::data::{data, Faction};
use super::state::{V878State, UNKNOWN};
use crate::engine::position::masked;
use crate::engine::{Chance, Conceal, Hidden, Seat, Secrets};

/// A view: a copy of the state with every card the seats may not see replaced by
/// `UNKNOWN` (counts stay: hand sizes and deck sizes are public).
#[derive(Clone, Debug)]
pub struct V878View {
    pub state: V878State,
    pub seats: Vec<Seat>,
}

/// Factions whose hands these seats see.
pub fn sees_hand(state: &V878State, seats: &[Seat], f: Faction) -> bool {
    seats.iter().any(|s| {
        let Some(&viewer) = Faction::ALL.get(s.0 as usize) else {
            return false;
        };
        viewer == f || (state.options.share_allied_hands && viewer.ally() == f)
    })
}

/// Who sees each hidden part (the one place that says it; shared code masks).
impl Secrets for V878State {
    fn secrets(&mut self, seats: &[Seat], visit: &mut dyn FnMut(bool, &mut dyn Conceal)) {
        // While the Advanced decks are being picked (item 18) a faction knows its own
        // picks; they are not shuffled yet, so no order is given away.
        let building = self
            .pending
            .iter()
            .any(|p| matches!(p, super::state::Pending::ChooseDeck { .. }));
        let seen: Vec<bool> = Faction::ALL
            .iter()
            .map(|&f| sees_hand(self, seats, f))
            .collect();
        for (fs, see) in self.factions.iter_mut().zip(seen) {
            visit(see, &mut fs.hand);
            visit(see && building, &mut fs.deck);
        }
        visit(false, &mut self.invasion);
        visit(false, &mut self.fyrd_deck);
    }
}

/// A view: the position with every card the seats may not see as `UNKNOWN` (the
/// hidden lists' lengths stay: hand and deck sizes are public), and no chance stream.
pub fn view(state: &V878State, seats: &[Seat]) -> V878View {
    let mut v = masked(state, seats);
    v.chance = Chance::new(0);
    V878View {
        state: v,
        seats: seats.to_vec(),
    }
}

/// Deals every unknown card from the cards the viewer cannot account for, keeping the
/// Invasion deck's B-before-C structure; a new chance stream is drawn from `rng`.
pub fn resample(view: &V878View, rng: &mut Chance) -> V878State {
    let d = data();
    let mut s = view.state.clone();
    let scenario = &d.scenarios()[s.options.scenario as usize];
    for f in Faction::ALL {
        let all = super::cards::possible_deck(&s, f);
        let fs = s.faction(f);
        let mut unseen: Vec<u8> = all
            .into_iter()
            .filter(|c| !fs.hand.contains(c) && !fs.discard.contains(c) && !fs.deck.contains(c))
            .filter(|c| !(fs.treaty_played && d.card(f, *c).is_some_and(|k| k.kind.is_treaty())))
            .collect();
        rng.shuffle(&mut unseen);
        let fs = s.faction_mut(f);
        for slot in fs.hand.iter_mut().chain(fs.deck.iter_mut()) {
            if *slot == UNKNOWN {
                *slot = unseen.pop().unwrap_or(UNKNOWN);
            }
        }
    }
    // Invasion cards not yet drawn, B before C (the order of the piles is public).
    let mut invasion = Vec::new();
    if scenario.invasion_deck {
        for back in d.invasion_order() {
            let mut pile: Vec<u8> = d
                .invasion_cards()
                .iter()
                .filter(|c| c.back == *back && !s.invasion_drawn.contains(&c.number))
                .map(|c| c.number)
                .collect();
            rng.shuffle(&mut pile);
            invasion.extend(pile);
        }
    }
    invasion.truncate(s.invasion.len());
    s.invasion = Hidden(invasion);
    let mut fyrd: Vec<u8> = scenario
        .fyrd_cards
        .numbers()
        .filter(|c| !s.fyrd_discard.contains(c))
        .collect();
    rng.shuffle(&mut fyrd);
    fyrd.truncate(s.fyrd_deck.len());
    s.fyrd_deck = Hidden(fyrd);
    let seed = (rng.roll(u32::MAX) as u64) << 32 | rng.roll(u32::MAX) as u64;
    s.chance = Chance::new(seed);
    s
}
