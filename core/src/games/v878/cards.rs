//! Faction cards and the two shared decks: drawing with the re-draw rule (Setup 2, 6.0,
//! G13), playing the Movement or Treaty card (2.4, 7.1), the Invasion deck (2.0) and
//! the Fyrd deck (4.7, G11).

use super::data::{data, Faction};
use super::happenings::{Happening, V878Event as E};
use super::state::{Card, LeaderPlace, MoveBudget, V878State};
use crate::engine::{Audience, RuleError};

pub const HAND: usize = 3;

fn is_move_card(f: Faction, card: Card) -> bool {
    data()
        .card(f, card)
        .is_some_and(|c| c.kind.is_movement() || c.kind.is_treaty())
}

/// Draws back up to three cards; a hand with no Movement or Treaty card is shown to
/// all, shuffled back and drawn again, until legal or until no such card is left in
/// hand and deck (G13). Discards are never reshuffled (6.0).
pub fn draw_up(state: &mut V878State, f: Faction) -> Vec<Happening> {
    let mut events = Vec::new();
    loop {
        let mut drew = 0;
        while state.faction(f).hand.len() < HAND {
            let Some(card) = state.faction_mut(f).deck.pop() else {
                break;
            };
            state.faction_mut(f).hand.push(card);
            drew += 1;
        }
        if drew > 0 {
            events.push(Happening::public(
                "6.0",
                E::Drew {
                    faction: f,
                    n: drew,
                },
            ));
            events.push(Happening {
                audience: Audience::Only(vec![crate::engine::Seat(f as u8)]),
                rule: "6.0",
                kind: E::HandHolds {
                    faction: f,
                    cards: state.faction(f).hand.to_vec(),
                },
            });
        }
        let fs = state.faction(f);
        let legal = fs.hand.iter().any(|c| is_move_card(f, *c));
        let any_left = fs.deck.iter().any(|c| is_move_card(f, *c));
        if legal || !any_left || fs.hand.is_empty() {
            return events;
        }
        events.push(Happening::public(
            "6.0",
            E::EventsOnlyHand {
                faction: f,
                cards: fs.hand.to_vec(),
            },
        ));
        let mut deck = std::mem::take(&mut state.faction_mut(f).deck);
        deck.append(&mut state.faction_mut(f).hand);
        state.chance.shuffle(&mut deck);
        state.faction_mut(f).deck = deck;
    }
}

pub fn cards_text(cards: &[Card]) -> String {
    let v: Vec<String> = cards.iter().map(|c| format!("{c:02}")).collect();
    v.join(" ")
}

/// Plays the Turn's Movement card (or the Treaty card as one: 7.1).
pub fn play_card(
    state: &mut V878State,
    f: Faction,
    card: Card,
) -> Result<Vec<Happening>, RuleError> {
    if !state.faction(f).hand.contains(&card) {
        return Err(RuleError::new(
            "2.4",
            format!("card {card:02} is not in the {} hand", f.name()),
        ));
    }
    let info = data()
        .card(f, card)
        .ok_or_else(|| RuleError::new("2.4", "no such card"))?;
    let Some((armies, shires)) = info.kind.movement() else {
        return Err(RuleError::new(
            "2.4",
            format!("card {card:02} is not a Movement card"),
        ));
    };
    let treaty = info.kind.is_treaty();
    let fs = state.faction_mut(f);
    fs.hand.retain(|c| *c != card);
    if treaty {
        fs.treaty_played = true;
    } else {
        fs.discard.push(card);
    }
    state.budget = Some(MoveBudget {
        card,
        armies_left: armies,
        shires,
    });
    Ok(vec![Happening::public(
        if treaty { "7.1" } else { "2.4" },
        E::MovementCard {
            faction: f,
            card,
            treaty,
            armies,
            shires,
        },
    )])
}

/// Puts an Invasion card's Leader in play, off the map, with its army from the
/// stockpiles (2.0; a short stockpile gives what is left).
pub fn bring_in_leader(state: &mut V878State, card: u8) -> Vec<Happening> {
    let Some(info) = data().invasion_card(card) else {
        return Vec::new();
    };
    let Some(i) = state.leaders.iter().position(|l| l.card == card) else {
        return Vec::new();
    };
    let n = info.norsemen.min(state.faction(Faction::Norsemen).stock);
    let b = info.berserker.min(state.faction(Faction::Berserker).stock);
    state.faction_mut(Faction::Norsemen).stock -= n;
    state.faction_mut(Faction::Berserker).stock -= b;
    let l = &mut state.leaders[i];
    l.place = LeaderPlace::OffMap;
    l.troops[Faction::Norsemen as usize] += n;
    l.troops[Faction::Berserker as usize] += b;
    vec![Happening::public(
        "2.0",
        E::LeaderReady {
            leader: card,
            norsemen: n,
            berserker: b,
        },
    )]
}

/// The next Fyrd card's value, reshuffling the discards when the deck is empty (G11).
pub fn draw_fyrd(state: &mut V878State) -> Option<(u8, u8)> {
    if state.fyrd_deck.is_empty() {
        let mut pile = std::mem::take(&mut state.fyrd_discard);
        state.chance.shuffle(&mut pile);
        *state.fyrd_deck = pile;
    }
    let card = state.fyrd_deck.pop()?;
    state.fyrd_discard.push(card);
    Some((card, data().fyrd_card(card).unwrap_or(0)))
}

/// Shuffles every faction's Draw Deck and deals the opening hands (Setup 2).
pub fn deal_all(state: &mut V878State) -> Vec<Happening> {
    let mut events = Vec::new();
    for f in Faction::ALL {
        let mut deck = std::mem::take(&mut state.faction_mut(f).deck);
        state.chance.shuffle(&mut deck);
        state.faction_mut(f).deck = deck;
        events.extend(draw_up(state, f));
    }
    events
}

/// Event cards a faction may still pick for its Advanced deck.
pub fn pickable(state: &V878State, f: Faction) -> Vec<Card> {
    let scenario = &data().scenarios()[state.options.scenario as usize];
    let super::data::DeckRule::Choice { from, .. } = &scenario.deck else {
        return Vec::new();
    };
    from.iter()
        .copied()
        .filter(|c| !state.faction(f).deck.contains(c))
        .collect()
}

/// Item 18: one secret pick, or the rest by the default deck; when the last faction
/// completes its deck, every deck is shuffled and the hands dealt.
pub fn pick(
    state: &mut V878State,
    f: Faction,
    card: Option<Card>,
) -> Result<Vec<Happening>, RuleError> {
    let Some(&super::state::Pending::ChooseDeck { faction, left }) = state.pending.first() else {
        return Err(RuleError::new("Setup 18", "no deck is being built"));
    };
    if faction != f {
        return Err(RuleError::new(
            "Setup 18",
            "another faction is building its deck",
        ));
    }
    let mut added = Vec::new();
    match card {
        Some(c) => {
            if !pickable(state, f).contains(&c) {
                return Err(RuleError::new(
                    "Setup 18",
                    format!("card {c:02} cannot be picked"),
                ));
            }
            state.faction_mut(f).deck.push(c);
            added.push(c);
        }
        None => {
            let scenario = &data().scenarios()[state.options.scenario as usize];
            let default = data().scenario_deck(scenario, f);
            for c in default {
                if added.len() as u8 >= left {
                    break;
                }
                if !state.faction(f).deck.contains(&c) && pickable(state, f).contains(&c) {
                    state.faction_mut(f).deck.push(c);
                    added.push(c);
                }
            }
            // The default may overlap earlier picks: fill up in card order.
            for c in pickable(state, f) {
                if added.len() as u8 >= left {
                    break;
                }
                state.faction_mut(f).deck.push(c);
                added.push(c);
            }
        }
    }
    let done = added.len() as u8 >= left;
    if done {
        state.pending.remove(0);
    } else if let Some(super::state::Pending::ChooseDeck { left: l, .. }) =
        state.pending.first_mut()
    {
        *l -= added.len() as u8;
    }
    let mut events = vec![
        Happening::public(
            "Setup 18",
            E::DeckChosen {
                faction: f,
                n: added.len() as u8,
            },
        ),
        Happening {
            audience: Audience::Only(vec![crate::engine::Seat(f as u8)]),
            rule: "Setup 18",
            kind: E::DeckAdded {
                faction: f,
                cards: added,
            },
        },
    ];
    let building = state
        .pending
        .iter()
        .any(|p| matches!(p, super::state::Pending::ChooseDeck { .. }));
    if done && !building {
        events.extend(deal_all(state));
    }
    Ok(events)
}

/// Every card a faction's Draw Deck may hold, as far as the other factions know: the
/// whole choice for an Advanced deck (its picks are secret), else the scenario's deck.
pub fn possible_deck(state: &V878State, f: Faction) -> Vec<Card> {
    let d = data();
    let scenario = &d.scenarios()[state.options.scenario as usize];
    match &scenario.deck {
        super::data::DeckRule::Choice { fixed, from, .. } => {
            fixed.iter().chain(from).copied().collect()
        }
        _ => starting_deck(state, f),
    }
}

/// The Draw Deck a faction starts with when it is not chosen: the scenario's, except
/// that the standard game uses the known-text decks unless `printed_decks` (G9).
pub fn starting_deck(state: &V878State, f: Faction) -> Vec<Card> {
    let d = data();
    let scenario = &d.scenarios()[state.options.scenario as usize];
    let printed =
        matches!(&scenario.deck, super::data::DeckRule::Named { name } if name == "standard");
    if printed && !state.options.printed_decks {
        if let Some(deck) = d.deck("known_text", f) {
            return deck.to_vec();
        }
    }
    d.scenario_deck(scenario, f)
}
