//! Preparation for play (Setup boxes 1-11): decks and opening hands, English units,
//! stockpiles, the Fyrd, the Invasion deck with Halfdan's host, the markers.

use super::cards;
use super::data::{data, AlfredRule, Back, DeckRule, Faction, Side};
use super::happenings::{Happening, V878Event as E};
use super::options::V878Options;
use super::state::{FactionState, Leader, LeaderPlace, Pending, Phase, Purpose, Troops, V878State};
use crate::engine::{Chance, Hidden};

/// The starting state; the English then place their additional units (Setup 4/5).
pub fn initial_state(options: &V878Options, mut chance: Chance) -> V878State {
    let d = data();
    let scenario = &d.scenarios()[options.scenario as usize];
    let n = d.shires().len();
    let mut map: Vec<Troops> = vec![[0; 5]; n];
    for id in d.ids() {
        for f in Side::English.factions() {
            map[id.0 as usize][f as usize] = d.scenario_setup_units(scenario, id, f);
        }
    }
    let factions = Faction::ALL.map(|f| {
        let on_map: u32 = map.iter().map(|t| t[f as usize] as u32).sum();
        FactionState {
            hand: Hidden(Vec::new()),
            deck: Hidden(Vec::new()),
            discard: Vec::new(),
            treaty_played: false,
            stock: d.units(f).saturating_sub(on_map as u8),
            fled: 0,
        }
    });
    let mut fyrd_deck: Vec<u8> = scenario.fyrd_cards.numbers().collect();
    chance.shuffle(&mut fyrd_deck);
    let mut leaders = vec![Leader {
        card: 0,
        place: LeaderPlace::Waiting,
        troops: [0; 5],
        moves_left: 0,
        moving: false,
        done: false,
        shifted: Default::default(),
    }];
    let mut invasion = Vec::new();
    if scenario.invasion_deck {
        for back in d.invasion_order() {
            let mut pile: Vec<u8> = d
                .invasion_cards()
                .iter()
                .filter(|c| c.back == *back)
                .map(|c| c.number)
                .collect();
            chance.shuffle(&mut pile);
            invasion.extend(pile);
        }
        for c in d.invasion_cards() {
            leaders.push(Leader {
                card: c.number,
                place: LeaderPlace::Waiting,
                troops: [0; 5],
                moves_left: 0,
                moving: false,
                done: false,
                shifted: Default::default(),
            });
        }
    }
    let mut state = V878State {
        options: options.clone(),
        round: 1,
        order: Vec::new(),
        phase: Phase::Setup,
        factions,
        map,
        moved: vec![[0; 5]; n],
        leaders,
        invasion: Hidden(invasion),
        invasion_drawn: Vec::new(),
        fyrd_deck: Hidden(fyrd_deck),
        fyrd_discard: Vec::new(),
        fyrd_stock: d.fyrd_units(),
        marked: vec![false; n],
        raiders: [0; 5],
        plundered: 0,
        markers: scenario.markers.total,
        budget: None,
        effects: Default::default(),
        battle: None,
        pending: Vec::new(),
        finish: None,
        chance,
    };
    // Setup 9: card A (Halfdan) is laid face up with its army, ready to invade.
    if scenario.invasion_deck {
        if let Some(a) = d.invasion_cards().iter().find(|c| c.back == Back::A) {
            let _ = cards::bring_in_leader(&mut state, a.number);
        }
    }
    // A scenario's Leader already on the map (AG 115), and its markers there (AG 117).
    if let Some(start) = scenario.start_leader {
        if !state.leaders.iter().any(|l| l.card == start.card) {
            state.leaders.push(Leader {
                card: start.card,
                place: LeaderPlace::Waiting,
                troops: [0; 5],
                moves_left: 0,
                moving: false,
                done: false,
                shifted: Default::default(),
            });
        }
        let _ = cards::bring_in_leader(&mut state, start.card);
        if let Some(l) = state.leaders.iter_mut().find(|l| l.card == start.card) {
            l.place = LeaderPlace::OnMap(start.shire);
        }
    }
    for s in &scenario.markers.map {
        state.marked[s.0 as usize] = true;
    }
    if let AlfredRule::Starts { .. } = scenario.alfred {
        state.pending.push(Pending::PlaceAlfred {
            faction: Faction::Housecarl,
        });
    }
    if let DeckRule::Choice { fixed, choose, .. } = &scenario.deck {
        // Item 18: each faction first picks its Events, in secret; the decks are
        // shuffled and dealt once all four are complete (cards::deal_all).
        for f in Faction::ALL {
            *state.faction_mut(f).deck = fixed.clone();
            state.pending.push(Pending::ChooseDeck {
                faction: f,
                left: *choose,
            });
        }
    } else {
        for f in Faction::ALL {
            *state.faction_mut(f).deck = cards::starting_deck(&state, f);
        }
        cards::deal_all(&mut state);
    }
    for f in Side::English.factions() {
        if scenario.extra_units.count > 0 {
            state.pending.push(Pending::Place {
                faction: f,
                kind: f,
                left: scenario.extra_units.count.min(state.faction(f).stock),
                purpose: Purpose::Extra,
            });
        }
    }
    state
}

/// The opening events worth showing (the rest of set-up is visible on the board).
pub fn opening_events(state: &V878State) -> Vec<Happening> {
    vec![Happening::public(
        "Setup",
        E::GameOpens {
            round: state.round,
            first: data().scenarios()[state.options.scenario as usize].first_turn,
        },
    )]
}
