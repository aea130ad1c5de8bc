//! Event cards (8.0 and the card clarifications). This module has the battle Events,
//! played in the window at the start of each battle (G16): every faction that could
//! hold a playable card is asked in turn, whatever it holds (brief §4.3 c), so being
//! asked reveals nothing.

use super::actions::{Army, At, V878Action};
use super::data::{data, CardKind, Event as Ev, Faction, Side, Window};
use super::happenings::{Happening, Onto, V878Event as E};
use super::state::{extra, Card, Pending, Phase, V878State};
use super::window::{battle_event, handled};
use crate::board::area::AreaId;
use crate::engine::RuleError;

/// Why a battle Event card may not be played now (`play_error` words it).
#[derive(Clone, Copy)]
enum Unplayable {
    NoBattle,
    NotYourWindow,
    NotInHand,
    NotForThisBattle,
    PlayedAlready,
    Units(Ev),
}

/// Why this card may not be played now, if it may not.
pub fn play_error(state: &V878State, f: Faction, card: Card) -> Option<RuleError> {
    let why = unplayable(state, f, card)?;
    Some(match why {
        Unplayable::NoBattle => {
            RuleError::new("8.0", "battle Events are played at the start of a battle")
        }
        Unplayable::NotYourWindow => {
            RuleError::new("8.0", "it is not your window to play an Event")
        }
        Unplayable::NotInHand => {
            RuleError::new("8.0", format!("card {card:02} is not in your hand"))
        }
        Unplayable::NotForThisBattle => RuleError::new(
            "8.0",
            format!("card {card:02} cannot be played in this battle"),
        ),
        Unplayable::PlayedAlready => {
            RuleError::new("8.0", "each Event type is played at most once per battle")
        }
        Unplayable::Units(e) => RuleError::new(
            "8.0",
            format!(
                "{} needs the right units in this battle",
                data().event_info(e).name
            ),
        ),
    })
}

/// `play_error` without the words: the listing asks it of every card in the hand.
fn unplayable(state: &V878State, f: Faction, card: Card) -> Option<Unplayable> {
    let Some(b) = state.battle else {
        return Some(Unplayable::NoBattle);
    };
    if state.pending.first() != Some(&Pending::Window { faction: f }) {
        return Some(Unplayable::NotYourWindow);
    }
    if !state.faction(f).hand.contains(&card) {
        return Some(Unplayable::NotInHand);
    }
    let Some(e) = battle_event(state, f, card).filter(|e| handled(*e)) else {
        return Some(Unplayable::NotForThisBattle);
    };
    if b.played & (1 << e as u32) != 0 {
        return Some(Unplayable::PlayedAlready);
    }
    let shire = b.shire;
    let has = |g: Faction| state.present(shire, g) > 0;
    let ok = match e {
        Ev::VikingFort => has(f),
        Ev::FeignedRetreat | Ev::ShieldWall => has(Faction::Norsemen),
        Ev::Ambush | Ev::PSaxonShieldWall => has(Faction::Thegn),
        Ev::Spy => b.attacker == Side::Viking && !spy_marches(state, b.shire).is_empty(),
        Ev::Archers | Ev::Danegeld => has(Faction::Housecarl),
        Ev::SurpriseAttack | Ev::PBattleFrenzy => has(Faction::Berserker),
        Ev::PBurh => b.attacker == Side::Viking && data().is_city(shire),
        _ => false,
    };
    if !ok {
        return Some(Unplayable::Units(e));
    }
    None
}

pub fn playable(state: &V878State, f: Faction) -> Vec<Card> {
    state
        .faction(f)
        .hand
        .iter()
        .copied()
        .filter(|c| unplayable(state, f, *c).is_none())
        .collect()
}

/// Plays an Event card in whatever window is open: a battle's, the Saxon Navy window
/// at the start of a Viking Turn's moves, or the faction's own Movement/Leader Phase.
pub fn play(state: &mut V878State, f: Faction, card: Card) -> Result<Vec<Happening>, RuleError> {
    match (state.pending.first(), state.battle) {
        (Some(Pending::Window { .. }), Some(_)) => play_battle(state, f, card),
        (Some(Pending::Window { .. }), None) => play_saxon_navy(state, f, card),
        (None, None) => play_own_movement(state, f, card),
        _ => Err(RuleError::new("8.0", "no Event can be played now")),
    }
}

fn play_battle(state: &mut V878State, f: Faction, card: Card) -> Result<Vec<Happening>, RuleError> {
    if let Some(e) = play_error(state, f, card) {
        return Err(e);
    }
    let e =
        battle_event(state, f, card).ok_or_else(|| RuleError::new("8.0", "not a battle Event"))?;
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
        Ev::Spy => state.pending.insert(1, Pending::Spy { faction: f }),
        _ => {}
    }
    state.battle = Some(b);
    Ok(vec![Happening::public(
        "8.0",
        E::EventPlayed {
            faction: f,
            event: e,
            card,
        },
    )])
}

/// Passes: closes the faction's Event window, ends the Saxon Navy choice early, or
/// forgoes the Spy's move.
pub fn pass(state: &mut V878State, f: Faction) -> Result<Vec<Happening>, RuleError> {
    match state.pending.first() {
        Some(Pending::Window { faction })
        | Some(Pending::Blocks { faction, .. })
        | Some(Pending::Spy { faction })
            if *faction == f =>
        {
            state.pending.remove(0);
            Ok(Vec::new())
        }
        _ => Err(RuleError::new("8.0", "nothing to pass on")),
    }
}

/// Danegeld (CC item 103, G29): 1 Berserker, or up to 2 Norsemen, go back to their
/// stockpiles before the battle.
pub fn pay_danegeld(
    state: &mut V878State,
    f: Faction,
    berserker: bool,
) -> Result<Vec<Happening>, RuleError> {
    if state.pending.first() != Some(&Pending::Danegeld { faction: f }) {
        return Err(RuleError::new("CC-103", "no Danegeld is due from you"));
    }
    let b = state
        .battle
        .ok_or_else(|| RuleError::new("CC-103", "no battle"))?;
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
    Ok(vec![Happening::public("CC-103", E::Danegeld { kind, n })])
}

// ---- Spy (CC item 99, G28) ----

/// The Spy's possible moves into the battle: one army with a Thegn, from one shire, up
/// to 2 shires, never through a Viking-occupied shire; one path per source and army.
pub fn spy_marches(state: &V878State, battle: AreaId) -> Vec<V878Action> {
    let d = data();
    let mut out = Vec::new();
    for from in d.ids() {
        if from == battle || state.map[from.0 as usize][Faction::Thegn as usize] == 0 {
            continue;
        }
        let path = if d.adjacent(from, battle) {
            Some(vec![from, battle])
        } else {
            d.neighbours(from)
                .iter()
                .copied()
                .find(|m| {
                    d.adjacent(*m, battle)
                        && !state.occupies(*m, Side::Viking)
                        && state.may_enter(Side::English, *m)
                })
                .map(|m| vec![from, m, battle])
        };
        let Some(path) = path else { continue };
        let t = state.map[from.0 as usize];
        let mut army: Army = [0; 4];
        army[Faction::Thegn as usize] = t[Faction::Thegn as usize];
        out.push(V878Action::March {
            path: path.clone(),
            army,
        });
        if t[Faction::Housecarl as usize] > 0 {
            army[Faction::Housecarl as usize] = t[Faction::Housecarl as usize];
            out.push(V878Action::March { path, army });
        }
    }
    out
}

pub fn spy_march(
    state: &mut V878State,
    f: Faction,
    path: &[AreaId],
    army: Army,
) -> Result<Vec<Happening>, RuleError> {
    let b = state
        .battle
        .ok_or_else(|| RuleError::new("CC-99", "no battle"))?;
    let d = data();
    let ok_path = path.len() >= 2
        && path.len() <= 3
        && path.last() == Some(&b.shire)
        && path.windows(2).all(|w| d.adjacent(w[0], w[1]))
        && path[1..path.len() - 1]
            .iter()
            .all(|m| !state.occupies(*m, Side::Viking) && state.may_enter(Side::English, *m));
    let from = path[0];
    let units_ok = army[Faction::Thegn as usize] > 0
        && army[Faction::Norsemen as usize] == 0
        && army[Faction::Berserker as usize] == 0
        && Side::English
            .factions()
            .iter()
            .all(|g| army[*g as usize] <= state.map[from.0 as usize][*g as usize]);
    if !ok_path || !units_ok {
        return Err(RuleError::new(
            "CC-99",
            "the Spy moves one army with a Thegn up to 2 shires into the battle",
        ));
    }
    for g in Side::English.factions() {
        let n = army[g as usize];
        state.map[from.0 as usize][g as usize] -= n;
        state.map[b.shire.0 as usize][g as usize] += n;
    }
    state.pending.remove(0);
    Ok(vec![Happening::public(
        "CC-99",
        E::SpyArrives { faction: f, army },
    )])
}

// ---- Saxon Navy (CC item 102, G24) ----

/// Whether the Housecarl is asked about Saxon Navy at the start of this Viking Turn's
/// moves: its deck holds the card and it is not face up in the discards.
pub fn saxon_navy_window(state: &V878State) -> bool {
    state.active().is_some_and(|a| a.side() == Side::Viking)
        && super::cards::possible_deck(state, Faction::Housecarl)
            .iter()
            .any(|&c| {
                movement_event(state, Faction::Housecarl, c) == Some(Ev::SaxonNavy)
                    && !state.faction(Faction::Housecarl).discard.contains(&c)
            })
}

fn movement_event(state: &V878State, f: Faction, card: Card) -> Option<Ev> {
    let active = state.active()?;
    match data().card(f, card)?.kind {
        CardKind::Event {
            event,
            window: Window::Movement,
            edges,
        } if edges.contains(active) => Some(event),
        _ => None,
    }
}

fn play_saxon_navy(
    state: &mut V878State,
    f: Faction,
    card: Card,
) -> Result<Vec<Happening>, RuleError> {
    if state.pending.first() != Some(&Pending::Window { faction: f })
        || !state.faction(f).hand.contains(&card)
        || movement_event(state, f, card) != Some(Ev::SaxonNavy)
    {
        return Err(RuleError::new("CC-102", "Saxon Navy is not playable now"));
    }
    let fs = state.faction_mut(f);
    fs.hand.retain(|c| *c != card);
    fs.discard.push(card);
    let left = data().scenarios()[state.options.scenario as usize].saxon_navy_shires;
    state
        .pending
        .insert(1, Pending::Blocks { faction: f, left });
    Ok(vec![Happening::public(
        "CC-102",
        E::EventPlayed {
            faction: f,
            event: Ev::SaxonNavy,
            card,
        },
    )])
}

/// Saxon Navy cards the faction may play in the open window.
pub fn saxon_navy_playable(state: &V878State, f: Faction) -> Vec<Card> {
    if state.battle.is_some() || state.pending.first() != Some(&Pending::Window { faction: f }) {
        return Vec::new();
    }
    state
        .faction(f)
        .hand
        .iter()
        .copied()
        .filter(|c| movement_event(state, f, *c) == Some(Ev::SaxonNavy))
        .collect()
}

pub fn block(
    state: &mut V878State,
    f: Faction,
    shire: AreaId,
) -> Result<Vec<Happening>, RuleError> {
    let Some(&Pending::Blocks { faction, left }) = state.pending.first() else {
        return Err(RuleError::new("CC-102", "no shires are being closed"));
    };
    if faction != f || !data().is_coastal(shire) || state.effects.is_blocked(shire) || shire.0 >= 64
    {
        return Err(RuleError::new(
            "CC-102",
            "choose a coastal shire not yet closed",
        ));
    }
    state.effects.blocked |= 1 << shire.0;
    if left <= 1 {
        state.pending.remove(0);
    } else if let Some(Pending::Blocks { left, .. }) = state.pending.first_mut() {
        *left -= 1;
    }
    Ok(vec![Happening::public(
        "CC-102",
        E::SaxonFleetGuards { shire },
    )])
}

// ---- Events in the faction's own Movement or Leader Phase ----

fn play_own_movement(
    state: &mut V878State,
    f: Faction,
    card: Card,
) -> Result<Vec<Happening>, RuleError> {
    if state.active() != Some(f) || !matches!(state.phase, Phase::Movement | Phase::Leaders) {
        return Err(RuleError::new(
            "8.0",
            "this Event is played in your own Movement Phase",
        ));
    }
    if !state.faction(f).hand.contains(&card) {
        return Err(RuleError::new(
            "8.0",
            format!("card {card:02} is not in your hand"),
        ));
    }
    let e = movement_event(state, f, card);
    let event = match e {
        Some(Ev::VikingShips) if !state.effects.viking_ships => {
            state.effects.viking_ships = true;
            Ev::VikingShips
        }
        Some(Ev::PForcedMarch) if state.effects.forced_march.is_none() => {
            state.effects.forced_march = Some(f);
            Ev::PForcedMarch
        }
        _ => {
            return Err(RuleError::new(
                "8.0",
                format!("card {card:02} cannot be played now"),
            ))
        }
    };
    let fs = state.faction_mut(f);
    fs.hand.retain(|c| *c != card);
    fs.discard.push(card);
    Ok(vec![Happening::public(
        "8.0",
        E::EventPlayed {
            faction: f,
            event,
            card,
        },
    )])
}

/// Cards a faction may play in its own Movement or Leader Phase now.
pub fn own_movement_playable(state: &V878State, f: Faction) -> Vec<Card> {
    if state.active() != Some(f) || !matches!(state.phase, Phase::Movement | Phase::Leaders) {
        return Vec::new();
    }
    state
        .faction(f)
        .hand
        .iter()
        .copied()
        .filter(|&c| match movement_event(state, f, c) {
            Some(Ev::VikingShips) => !state.effects.viking_ships,
            Some(Ev::PForcedMarch) => state.effects.forced_march.is_none(),
            _ => false,
        })
        .collect()
}

// ---- Reinforcements Phase Events ----

fn reinforcement_event(state: &V878State, f: Faction, card: Card) -> Option<Ev> {
    let active = state.active()?;
    match data().card(f, card)?.kind {
        CardKind::Event {
            event,
            window: Window::Reinforcements,
            edges,
        } if edges.contains(active) && active == f => Some(event),
        _ => None,
    }
}

/// Where a Reinforcements Event may aim now (empty: it cannot be played).
pub fn targets(state: &V878State, f: Faction, card: Card) -> Vec<At> {
    let d = data();
    if state.phase != Phase::Reinforcements || state.active() != Some(f) || state.battle.is_some() {
        return Vec::new();
    }
    let Some(e) = reinforcement_event(state, f, card) else {
        return Vec::new();
    };
    let leaders_in_play = || {
        state
            .leaders
            .iter()
            .enumerate()
            .filter(|(_, l)| {
                l.side() == Side::Viking
                    && matches!(
                        l.place,
                        super::state::LeaderPlace::OnMap(_) | super::state::LeaderPlace::OffMap
                    )
            })
            .map(|(i, _)| At::Leader(i as u8))
            .collect::<Vec<At>>()
    };
    match e {
        Ev::ReligiousConversion => d
            .ids()
            .filter(|s| state.present(*s, Faction::Norsemen) > 0)
            .map(At::Shire)
            .collect(),
        Ev::Rebellion => d
            .ids()
            .filter(|s| {
                state.map[s.0 as usize][Faction::Norsemen as usize]
                    + state.map[s.0 as usize][Faction::Berserker as usize]
                    > 0
            })
            .map(At::Shire)
            .collect(),
        Ev::PLevy => d
            .cities()
            .iter()
            .copied()
            .filter(|c| !state.occupies(*c, Side::Viking))
            .map(At::Shire)
            .collect(),
        Ev::PNorseReinforcements | Ev::PBerserkerReinforcements => {
            let mut v = leaders_in_play();
            v.extend(
                d.coastal_cities()
                    .iter()
                    .copied()
                    .filter(|c| state.occupies(*c, Side::Viking))
                    .map(At::Shire),
            );
            v
        }
        _ => Vec::new(),
    }
}

pub fn play_at(
    state: &mut V878State,
    f: Faction,
    card: Card,
    at: At,
) -> Result<Vec<Happening>, RuleError> {
    if !state.faction(f).hand.contains(&card) || !targets(state, f, card).contains(&at) {
        return Err(RuleError::new(
            "8.0",
            format!("card {card:02} cannot be played there now"),
        ));
    }
    let e = reinforcement_event(state, f, card)
        .ok_or_else(|| RuleError::new("8.0", "not a Reinforcements Event"))?;
    let fs = state.faction_mut(f);
    fs.hand.retain(|c| *c != card);
    fs.discard.push(card);
    let mut events = vec![Happening::public(
        "8.0",
        E::EventPlayed {
            faction: f,
            event: e,
            card,
        },
    )];
    let add = |state: &mut V878State, kind: Faction, n: u8, at: At| -> u8 {
        let n = n.min(state.faction(kind).stock);
        state.faction_mut(kind).stock -= n;
        match at {
            At::Shire(s) => state.map[s.0 as usize][kind as usize] += n,
            At::Leader(i) => state.leaders[i as usize].troops[kind as usize] += n,
        }
        n
    };
    match (e, at) {
        (Ev::ReligiousConversion, At::Shire(s)) => {
            // G18: 1 or 2 Norsemen go (from the map first), then 2 Thegn come.
            let mut removed = 0;
            while removed < 2 && state.present(s, Faction::Norsemen) > 0 {
                let i = s.0 as usize;
                if state.map[i][Faction::Norsemen as usize] > 0 {
                    state.map[i][Faction::Norsemen as usize] -= 1;
                } else if let Some(l) = state
                    .leaders
                    .iter_mut()
                    .find(|l| l.shire() == Some(s) && l.troops[Faction::Norsemen as usize] > 0)
                {
                    l.troops[Faction::Norsemen as usize] -= 1;
                }
                state.faction_mut(Faction::Norsemen).stock += 1;
                removed += 1;
            }
            let n = add(state, Faction::Thegn, 2, at);
            events.push(Happening::public(
                "CC-98",
                E::Conversion {
                    shire: s,
                    norsemen: removed,
                    thegn: n,
                },
            ));
            if state.side_strength(s, Side::Viking) > 0 {
                events.extend(super::battle::start(state, s, None));
            }
        }
        (Ev::Rebellion, At::Shire(s)) => {
            let faction = state.decider(s, Side::Viking);
            state
                .pending
                .insert(0, Pending::Rebellion { faction, shire: s });
        }
        (Ev::PLevy, At::Shire(shire)) => {
            let n = add(state, Faction::Thegn, 2, at);
            events.push(Happening::public("P-Levy", E::Levy { shire, n }));
        }
        (Ev::PNorseReinforcements, _) => {
            let kind = Faction::Norsemen;
            let n = add(state, kind, 3, at);
            let onto = onto(state, at);
            events.push(Happening::public("P-Norse", E::Arrive { kind, n, onto }));
        }
        (Ev::PBerserkerReinforcements, _) => {
            let kind = Faction::Berserker;
            let n = add(state, kind, 2, at);
            let onto = onto(state, at);
            events.push(Happening::public(
                "P-Berserker",
                E::Arrive { kind, n, onto },
            ));
        }
        _ => return Err(RuleError::new("8.0", "that Event does not aim there")),
    }
    Ok(events)
}

/// Where aimed units went, with a Leader named by his card.
fn onto(state: &V878State, at: At) -> Onto {
    match at {
        At::Shire(s) => Onto::Shire(s),
        At::Leader(i) => Onto::Card(state.leaders.get(i as usize).map_or(0, |l| l.card)),
    }
}

/// Rebellion, after the Vikings chose their lost unit (`kind`): the Fyrd rise and the
/// English attack at once; the Fyrd leave after the battle (CC item 101).
pub fn rebellion(
    state: &mut V878State,
    f: Faction,
    kind: Faction,
) -> Result<Vec<Happening>, RuleError> {
    let Some(&Pending::Rebellion { faction, shire }) = state.pending.first() else {
        return Err(RuleError::new("CC-101", "no Rebellion is waiting"));
    };
    let i = shire.0 as usize;
    if faction != f || kind.side() != Side::Viking || state.map[i][kind as usize] == 0 {
        return Err(RuleError::new(
            "CC-101",
            "the Vikings give up one of their units on the map there",
        ));
    }
    state.pending.remove(0);
    state.map[i][kind as usize] -= 1;
    state.faction_mut(kind).stock += 1;
    state.effects.rebellion = Some(shire);
    let mut events = vec![Happening::public("CC-101", E::RebellionLoss { kind })];
    if let Some((card, value)) = super::cards::draw_fyrd(state) {
        let n = value.min(state.fyrd_stock);
        state.fyrd_stock -= n;
        state.map[i][super::state::FYRD] += n;
        events.push(Happening::public("CC-101", E::FyrdRise { card, n }));
    }
    if state.side_strength(shire, Side::Viking) > 0 && state.side_strength(shire, Side::English) > 0
    {
        events.extend(super::battle::start(state, shire, None));
    } else {
        let fyrd = state.map[i][super::state::FYRD];
        state.map[i][super::state::FYRD] = 0;
        state.fyrd_stock += fyrd;
    }
    Ok(events)
}

/// The legal actions of the pending decisions this module opens.
pub fn pending_options(state: &V878State, p: Pending, out: &mut Vec<V878Action>) {
    match p {
        Pending::Blocks { .. } => {
            for &s in data().coastal_shires() {
                if !state.effects.is_blocked(s) {
                    out.push(V878Action::Block { shire: s });
                }
            }
            out.push(V878Action::Pass);
        }
        Pending::Spy { .. } => {
            if let Some(b) = state.battle {
                out.extend(spy_marches(state, b.shire));
            }
            out.push(V878Action::Pass);
        }
        Pending::Rebellion { shire, .. } => {
            for kind in Side::Viking.factions() {
                if state.map[shire.0 as usize][kind as usize] > 0 {
                    out.push(V878Action::TakeHit {
                        kind: kind as u8,
                        spot: super::actions::Spot::Map,
                    });
                }
            }
        }
        _ => {}
    }
}

/// After a Rebellion, once its battle is over: a freed Reinforcement City receives the
/// Housecarl's pictured units, and fled Housecarl may come back there (CC item 101).
pub fn after_rebellion(state: &mut V878State) -> Vec<Happening> {
    let Some(city) = state.effects.rebellion else {
        return Vec::new();
    };
    if state.battle.is_some() || !state.pending.is_empty() {
        return Vec::new();
    }
    state.effects.rebellion = None;
    let d = data();
    if !d.is_reinforcement_city(city) || state.occupies(city, Side::Viking) {
        return Vec::new();
    }
    let f = Faction::Housecarl;
    let n = d.reinforcements(city, f).min(state.faction(f).stock);
    let mut events = Vec::new();
    if n > 0 {
        state.faction_mut(f).stock -= n;
        state.map[city.0 as usize][f as usize] += n;
        events.push(Happening::public("CC-101", E::FreedCity { n, city }));
    }
    if state.faction(f).fled > 0 {
        let left = state.faction(f).fled;
        state.pending.push(Pending::Place {
            faction: f,
            kind: f,
            left,
            purpose: super::state::Purpose::Fled,
        });
    }
    events
}
