//! Event cards (8.0 and the card clarifications). This module has the battle Events,
//! played in the window at the start of each battle (G16): every faction that could
//! hold a playable card is asked in turn, whatever it holds (brief §4.3 c), so being
//! asked reveals nothing.

use super::data::{data, CardKind, Event as Ev, Faction, Side, Window};
use super::state::{extra, Card, Pending, Stage, V878State};
use crate::engine::{Event, RuleError};

/// Battle Events this module plays. The others (Spy) are listed in RULINGS.md.
fn handled(e: Ev) -> bool {
    matches!(
        e,
        Ev::Danegeld
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
fn battle_event(state: &V878State, f: Faction, card: Card) -> Option<Ev> {
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
    let d = data();
    let scenario = &d.scenarios()[state.options.scenario as usize];
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
            d.scenario_deck(scenario, f).iter().any(|&c| {
                battle_event(state, f, c).is_some_and(handled)
                    && !state.faction(f).discard.contains(&c)
            })
        })
        .collect()
}

/// Why this card may not be played now, if it may not.
pub fn play_error(state: &V878State, f: Faction, card: Card) -> Option<RuleError> {
    let Some(b) = state.battle else {
        return Some(RuleError::new(
            "8.0",
            "battle Events are played at the start of a battle",
        ));
    };
    if state.pending.first() != Some(&Pending::Window { faction: f }) {
        return Some(RuleError::new(
            "8.0",
            "it is not your window to play an Event",
        ));
    }
    if !state.faction(f).hand.contains(&card) {
        return Some(RuleError::new(
            "8.0",
            format!("card {card:02} is not in your hand"),
        ));
    }
    let Some(e) = battle_event(state, f, card).filter(|e| handled(*e)) else {
        return Some(RuleError::new(
            "8.0",
            format!("card {card:02} cannot be played in this battle"),
        ));
    };
    if b.played & (1 << e as u32) != 0 {
        return Some(RuleError::new(
            "8.0",
            "each Event type is played at most once per battle",
        ));
    }
    let shire = b.shire;
    let has = |g: Faction| state.present(shire, g) > 0;
    let ok = match e {
        Ev::VikingFort => has(f),
        Ev::FeignedRetreat | Ev::ShieldWall => has(Faction::Norsemen),
        Ev::Ambush | Ev::PSaxonShieldWall => has(Faction::Thegn),
        Ev::Archers | Ev::Danegeld => has(Faction::Housecarl),
        Ev::SurpriseAttack | Ev::PBattleFrenzy => has(Faction::Berserker),
        Ev::PBurh => b.attacker == Side::Viking && data().is_city(shire),
        _ => false,
    };
    if !ok {
        return Some(RuleError::new(
            "8.0",
            format!(
                "{} needs the right units in this battle",
                data().event_info(e).name
            ),
        ));
    }
    None
}

pub fn playable(state: &V878State, f: Faction) -> Vec<Card> {
    state
        .faction(f)
        .hand
        .iter()
        .copied()
        .filter(|c| play_error(state, f, *c).is_none())
        .collect()
}

pub fn play(state: &mut V878State, f: Faction, card: Card) -> Result<Vec<Event>, RuleError> {
    if let Some(e) = play_error(state, f, card) {
        return Err(e);
    }
    let e = battle_event(state, f, card).ok_or(RuleError::new("8.0", "not a battle Event"))?;
    let fs = state.faction_mut(f);
    fs.hand.retain(|c| *c != card);
    fs.discard.push(card);
    let Some(mut b) = state.battle else {
        return Err(RuleError::new("8.0", "no battle"));
    };
    b.played |= 1 << e as u32;
    match e {
        Ev::VikingFort => b.fort = true,
        Ev::PBurh => b.burh = true,
        Ev::PSaxonShieldWall => b.saxon_shield = true,
        Ev::ShieldWall => state.effects.shield_wall = true,
        Ev::Danegeld => state.effects.danegeld = true,
        Ev::FeignedRetreat => b.extras |= extra::FEIGNED_RETREAT,
        Ev::SurpriseAttack => b.extras |= extra::SURPRISE_ATTACK,
        Ev::Ambush => b.extras |= extra::AMBUSH,
        Ev::Archers => b.extras |= extra::ARCHERS,
        Ev::PBattleFrenzy => b.extras |= extra::BATTLE_FRENZY,
        _ => {}
    }
    state.battle = Some(b);
    Ok(vec![Event::public(
        "8.0",
        format!(
            "the {} play {} ({card:02})",
            f.name(),
            data().event_info(e).name
        ),
    )])
}

pub fn pass(state: &mut V878State, f: Faction) -> Result<Vec<Event>, RuleError> {
    if state.pending.first() != Some(&Pending::Window { faction: f }) {
        return Err(RuleError::new("8.0", "no window is open for you"));
    }
    state.pending.remove(0);
    Ok(Vec::new())
}

/// Danegeld (CC item 103, G29): 1 Berserker, or up to 2 Norsemen, go back to their
/// stockpiles before the battle.
pub fn pay_danegeld(
    state: &mut V878State,
    f: Faction,
    berserker: bool,
) -> Result<Vec<Event>, RuleError> {
    if state.pending.first() != Some(&Pending::Danegeld { faction: f }) {
        return Err(RuleError::new("CC-103", "no Danegeld is due from you"));
    }
    let b = state.battle.ok_or(RuleError::new("CC-103", "no battle"))?;
    let (kind, want) = if berserker {
        (Faction::Berserker, 1)
    } else {
        (Faction::Norsemen, 2)
    };
    let n = state.present(b.shire, kind).min(want);
    if n == 0 {
        return Err(RuleError::new(
            "G29",
            format!("no {} to give up", kind.name()),
        ));
    }
    for _ in 0..n {
        let i = b.shire.0 as usize;
        if state.map[i][kind as usize] > 0 {
            state.map[i][kind as usize] -= 1;
        } else if let Some(l) = state
            .leaders
            .iter_mut()
            .find(|l| l.shire() == Some(b.shire) && l.troops[kind as usize] > 0)
        {
            l.troops[kind as usize] -= 1;
        }
        state.faction_mut(kind).stock += 1;
    }
    state.pending.remove(0);
    Ok(vec![Event::public(
        "CC-103",
        format!("Danegeld: {n} {} go home", kind.name()),
    )])
}

/// Moves the battle past the Window stage (G16 steps 2-3): the Fyrd, then Danegeld.
pub fn after_windows(state: &mut V878State) {
    let Some(mut b) = state.battle else { return };
    match b.stage {
        Stage::Windows => {
            b.stage = Stage::Fyrd;
            state.battle = Some(b);
            let english =
                state.present(b.shire, Faction::Housecarl) + state.present(b.shire, Faction::Thegn);
            if b.attacker == Side::Viking
                && data().is_city(b.shire)
                && english > 0
                && state.fyrd_stock > 0
            {
                let faction = super::battle::decider(state, b.shire, Side::English);
                state.pending.push(Pending::Fyrd { faction });
            }
        }
        Stage::Fyrd => {
            b.stage = Stage::Danegeld;
            state.battle = Some(b);
            let vikings = state.present(b.shire, Faction::Norsemen)
                + state.present(b.shire, Faction::Berserker);
            if state.effects.danegeld && b.attacker == Side::Viking && vikings > 0 {
                let faction = super::battle::decider(state, b.shire, Side::Viking);
                state.pending.push(Pending::Danegeld { faction });
            }
        }
        Stage::Danegeld => {
            b.stage = Stage::Extras;
            state.battle = Some(b);
        }
        Stage::Extras | Stage::Exchange => {}
    }
}
