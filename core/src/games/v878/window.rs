//! The battle-Event window that opens each battle (8.0, G16 step 1): which Events of a
//! faction's cards count as battle Events now, and which factions are asked.

use super::data::{data, CardKind, Event as Ev, Faction, Window};
use super::state::{Card, V878State};

/// Battle Events the rules play (events.rs).
pub fn handled(e: Ev) -> bool {
    matches!(
        e,
        Ev::Spy
            | Ev::Danegeld
            | Ev::Archers
            | Ev::Ambush
            | Ev::FeignedRetreat
            | Ev::ShieldWall
            | Ev::VikingFort
            | Ev::SurpriseAttack
            | Ev::PBurh
            | Ev::PSaxonShieldWall
            | Ev::PBattleFrenzy
    )
}

/// The battle Event of a faction's card, if it may be played in the active faction's
/// Turn (the card's edge colours).
pub fn battle_event(state: &V878State, f: Faction, card: Card) -> Option<Ev> {
    let active = state.active()?;
    match data().card(f, card)?.kind {
        CardKind::Event {
            event,
            window: Window::Battle,
            edges,
        } if edges.contains(active) => Some(event),
        _ => None,
    }
}

/// Factions to ask at the start of a battle: those whose deck holds a battle Event for
/// this Turn that is not already face up in their discards (public knowledge only).
pub fn window_factions(state: &V878State) -> Vec<Faction> {
    let mut order: Vec<Faction> = Vec::new();
    if let Some(a) = state.active() {
        order.push(a);
    }
    order.extend(
        Faction::ALL
            .into_iter()
            .filter(|f| Some(*f) != state.active()),
    );
    order
        .into_iter()
        .filter(|&f| {
            super::cards::possible_deck(state, f).iter().any(|&c| {
                battle_event(state, f, c).is_some_and(handled)
                    && !state.faction(f).discard.contains(&c)
            })
        })
        .collect()
}
