//! The contract's entry points for 878: who decides, the legal actions of a faction,
//! and applying an action (all or nothing).

use super::actions::{Spot, V878Action};
use super::battle;
use super::cards;
use super::data::{data, Faction};
use super::events;
use super::happenings::Happening;
use super::march;
use super::state::{Pending, Phase, V878State, FYRD};
use super::turn::{self, Target};
use crate::engine::RuleError;

/// The faction whose decision is due, if any.
pub fn deciding(state: &V878State) -> Option<Faction> {
    if state.finish.is_some() {
        return None;
    }
    match state.pending.first() {
        Some(p) => Some(p.faction()),
        None if state.phase == Phase::Setup => None,
        None => state.active(),
    }
}

pub fn legal_actions(state: &V878State, f: Faction) -> Vec<V878Action> {
    listing(state, f, None)
}

/// A random legal action, the one the default draw (uniform over `legal_actions`, one
/// roll) would take from the same stream, without listing the marches not chosen: in
/// the Movement Phase they are most of the listing's work, and only their number is
/// needed for the roll. (For `Game::random_action`; the same games as the default, as
/// a test checks.)
pub fn random_action(
    state: &V878State,
    f: Faction,
    rng: &mut crate::engine::Chance,
) -> Option<V878Action> {
    let mut deferred = march::Deferred::default();
    let listed = listing(state, f, Some(&mut deferred));
    let n = listed.len() + deferred.count();
    if n == 0 {
        return None;
    }
    let i = rng.roll(n as u32) as usize - 1;
    deferred.take(state, f, i, listed)
}

/// `legal_actions`; with `deferred`, the marches are left out and counted there.
fn listing(
    state: &V878State,
    f: Faction,
    deferred: Option<&mut march::Deferred>,
) -> Vec<V878Action> {
    let mut out = Vec::new();
    if deciding(state) != Some(f) {
        return out;
    }
    if let Some(&p) = state.pending.first() {
        pending_options(state, p, &mut out);
        return out;
    }
    match state.phase {
        Phase::Reinforcements => {
            for &c in &state.faction(f).hand {
                if data().card(f, c).is_some_and(|k| k.kind.is_movement()) {
                    out.push(V878Action::PlayCard { card: c });
                }
                for at in events::targets(state, f, c) {
                    out.push(V878Action::PlayEventAt { card: c, at });
                }
            }
        }
        Phase::Leaders => {
            march::legal_leader_actions(state, f, &mut out);
            for card in events::own_movement_playable(state, f) {
                out.push(V878Action::PlayEvent { card });
            }
        }
        Phase::Movement => {
            march::marches(state, f, &mut out, deferred);
            march::legal_raids(state, f, &mut out);
            for card in events::own_movement_playable(state, f) {
                out.push(V878Action::PlayEvent { card });
            }
        }
        Phase::Battles => {
            for shire in battle::battle_shires(state) {
                out.push(V878Action::Fight { shire });
            }
        }
        Phase::Setup | Phase::Over => {}
    }
    if end_allowed(state, f) {
        out.push(V878Action::End);
    }
    out
}

fn end_allowed(state: &V878State, f: Faction) -> bool {
    match state.phase {
        Phase::Reinforcements => !state
            .faction(f)
            .hand
            .iter()
            .any(|c| data().card(f, *c).is_some_and(|k| k.kind.is_movement())),
        Phase::Battles => battle::battle_shires(state).is_empty(),
        Phase::Leaders | Phase::Movement => true,
        Phase::Setup | Phase::Over => false,
    }
}

fn pending_options(state: &V878State, p: Pending, out: &mut Vec<V878Action>) {
    match p {
        Pending::Place {
            kind,
            left,
            purpose,
            ..
        } => {
            for t in turn::destinations(state, kind, purpose) {
                // Every count `apply` accepts, from one unit to all that are left.
                for n in 1..=left {
                    out.push(match t {
                        Target::Shire(shire) => V878Action::Place { shire, n },
                        Target::Leader(leader) => V878Action::PlaceOnLeader { leader, n },
                    });
                }
            }
        }
        Pending::ChooseDeck { faction, .. } => {
            for card in cards::pickable(state, faction) {
                out.push(V878Action::Pick { card });
            }
            out.push(V878Action::DefaultDeck);
        }
        Pending::PlaceAlfred { .. } => {
            for shire in turn::alfred_shires(state) {
                out.push(V878Action::PlaceAlfred { shire });
            }
        }
        Pending::Fyrd { .. } => {
            out.push(V878Action::CallFyrd { call: true });
            out.push(V878Action::CallFyrd { call: false });
        }
        Pending::Window { faction } => {
            let cards = if state.battle.is_some() {
                events::playable(state, faction)
            } else {
                events::saxon_navy_playable(state, faction)
            };
            for card in cards {
                out.push(V878Action::PlayEvent { card });
            }
            out.push(V878Action::Pass);
        }
        Pending::Blocks { .. } | Pending::Spy { .. } | Pending::Rebellion { .. } => {
            events::pending_options(state, p, out)
        }
        Pending::Danegeld { .. } => {
            let Some(b) = state.battle else { return };
            if state.present(b.shire, Faction::Berserker) > 0 {
                out.push(V878Action::PayDanegeld { berserker: true });
            }
            if state.present(b.shire, Faction::Norsemen) > 0 {
                out.push(V878Action::PayDanegeld { berserker: false });
            }
        }
        Pending::Hits {
            faction,
            berserker_first,
            ..
        } => {
            let Some(b) = state.battle else { return };
            let mut kinds: Vec<usize> = faction
                .side()
                .factions()
                .iter()
                .map(|f| *f as usize)
                .collect();
            if faction.side() == super::data::Side::English {
                kinds.push(FYRD);
            }
            let forced = berserker_first && state.present(b.shire, Faction::Berserker) > 0;
            for spot in battle::spots(state, b.shire) {
                for &k in &kinds {
                    if forced && k != Faction::Berserker as usize {
                        continue;
                    }
                    let here = match spot {
                        Spot::Map => state.map[b.shire.0 as usize][k],
                        Spot::Card(i) => state.leaders[i as usize].troops[k],
                    };
                    if here > 0 {
                        out.push(V878Action::TakeHit {
                            kind: k as u8,
                            spot,
                        });
                    }
                }
            }
        }
        Pending::LeaderRetreat { faction, .. } => {
            out.push(V878Action::LeaderRetreat { to: None });
            if let Some(b) = state.battle {
                for to in battle::retreat_targets(state, faction.side(), b.shire) {
                    out.push(V878Action::LeaderRetreat { to: Some(to) });
                }
            }
        }
        Pending::Flee { faction, .. } => {
            let Some(b) = state.battle else { return };
            for spot in battle::spots(state, b.shire) {
                let here = match spot {
                    Spot::Map => state.map[b.shire.0 as usize][faction as usize],
                    Spot::Card(i) => state.leaders[i as usize].troops[faction as usize],
                };
                if here > 0 {
                    out.push(V878Action::Flee { spot });
                }
            }
        }
        Pending::Command { faction, .. } => {
            let Some(b) = state.battle else { return };
            out.push(V878Action::Command {
                spot: Spot::Map,
                to: None,
            });
            let targets = battle::command_targets(state, faction, b.shire);
            for spot in battle::spots(state, b.shire) {
                let here = match spot {
                    Spot::Map => state.map[b.shire.0 as usize][faction as usize],
                    Spot::Card(i) => state.leaders[i as usize].troops[faction as usize],
                };
                if here > 0 {
                    for &to in &targets {
                        out.push(V878Action::Command { spot, to: Some(to) });
                    }
                }
            }
        }
    }
}

/// Applies an action atomically: on error the state is untouched.
pub fn apply(
    state: &mut V878State,
    f: Faction,
    action: &V878Action,
) -> Result<Vec<Happening>, RuleError> {
    if deciding(state) != Some(f) {
        return Err(RuleError::new(
            "1.2",
            format!("no decision is due from the {}", f.name()),
        ));
    }
    check_ids(state, action)?;
    // All or nothing: a copy of the state is kept, which replaces it again if the rules
    // refuse the action. The copy is made in the allocations of the one kept from the
    // previous action (one per thread), not in new ones, and the state itself is
    // played on, so that neither is moved.
    BACKUP.with(|b| match &mut *b.borrow_mut() {
        Some(backup) => backup.copy_from(state),
        slot => *slot = Some(state.clone()),
    });
    let result = dispatch(state, f, action).map(|mut events| {
        events.extend(settle(state));
        events
    });
    if result.is_err() {
        BACKUP.with(|b| {
            if let Some(backup) = &mut *b.borrow_mut() {
                std::mem::swap(state, backup);
            }
        });
    }
    result
}

thread_local! {
    /// The copy of the state `apply` puts back if the action is refused; its
    /// allocations are reused by the next `apply` on this thread. What it holds
    /// between two calls is never read: `copy_from` overwrites every field.
    static BACKUP: std::cell::RefCell<Option<V878State>> = const { std::cell::RefCell::new(None) };
}

fn dispatch(
    state: &mut V878State,
    f: Faction,
    action: &V878Action,
) -> Result<Vec<Happening>, RuleError> {
    let pending = state.pending.first().copied();
    let fits = matches!(
        (pending, action),
        (None, _)
            | (
                Some(Pending::Place { .. }),
                V878Action::Place { .. } | V878Action::PlaceOnLeader { .. }
            )
            | (
                Some(Pending::PlaceAlfred { .. }),
                V878Action::PlaceAlfred { .. }
            )
            | (Some(Pending::Fyrd { .. }), V878Action::CallFyrd { .. })
            | (
                Some(Pending::ChooseDeck { .. }),
                V878Action::Pick { .. } | V878Action::DefaultDeck
            )
            | (
                Some(Pending::Window { .. }),
                V878Action::PlayEvent { .. } | V878Action::Pass
            )
            | (
                Some(Pending::Danegeld { .. }),
                V878Action::PayDanegeld { .. }
            )
            | (
                Some(Pending::Blocks { .. }),
                V878Action::Block { .. } | V878Action::Pass
            )
            | (
                Some(Pending::Spy { .. }),
                V878Action::March { .. } | V878Action::Pass
            )
            | (Some(Pending::Rebellion { .. }), V878Action::TakeHit { .. })
            | (Some(Pending::Hits { .. }), V878Action::TakeHit { .. })
            | (
                Some(Pending::LeaderRetreat { .. }),
                V878Action::LeaderRetreat { .. }
            )
            | (Some(Pending::Flee { .. }), V878Action::Flee { .. })
            | (Some(Pending::Command { .. }), V878Action::Command { .. })
    );

    if !fits {
        return Err(RuleError::new("1.2", "another decision is due first"));
    }
    match action {
        V878Action::Place { shire, n } => turn::place(state, f, Target::Shire(*shire), *n),
        V878Action::PlaceOnLeader { leader, n } => {
            turn::place(state, f, Target::Leader(*leader), *n)
        }
        V878Action::PlaceAlfred { shire } => turn::place_alfred(state, f, *shire),
        V878Action::Pick { card } => cards::pick(state, f, Some(*card)),
        V878Action::DefaultDeck => cards::pick(state, f, None),
        V878Action::PlayCard { card } => {
            if state.phase != Phase::Reinforcements {
                return Err(RuleError::new(
                    "2.4",
                    "the Movement card is played at the end of the Reinforcements Phase",
                ));
            }
            let mut events = cards::play_card(state, f, *card)?;
            events.extend(turn::after_card(state));
            Ok(events)
        }
        V878Action::March { path, army } => match pending {
            Some(Pending::Spy { .. }) => events::spy_march(state, f, path, *army),
            _ => march::march(state, f, path, *army),
        },
        V878Action::Raid { path } => march::raid(state, f, path),
        V878Action::LeaderStep { leader, to } => march::leader_step(state, f, *leader, *to),
        V878Action::Board { leader, faction, n } => {
            march::board(state, f, *leader, *faction, *n, true)
        }
        V878Action::Alight { leader, faction, n } => {
            march::board(state, f, *leader, *faction, *n, false)
        }
        V878Action::Halt { leader } => march::halt(state, f, *leader),
        V878Action::Fight { shire } => battle::fight(state, f, *shire),
        V878Action::CallFyrd { call } => battle::call_fyrd(state, f, *call),
        V878Action::TakeHit { kind, spot } => match pending {
            Some(Pending::Rebellion { .. }) => {
                let k = *Faction::ALL
                    .get(*kind as usize)
                    .ok_or_else(|| RuleError::new("CC-101", "not a faction"))?;
                events::rebellion(state, f, k)
            }
            _ => battle::take_hit(state, f, *kind, *spot),
        },
        V878Action::Flee { spot } => battle::flee(state, f, *spot),
        V878Action::LeaderRetreat { to } => battle::leader_retreat(state, f, *to),
        V878Action::Command { spot, to } => battle::command(state, f, *spot, *to),
        V878Action::PlayEvent { card } => events::play(state, f, *card),
        V878Action::PlayEventAt { card, at } => events::play_at(state, f, *card, *at),
        V878Action::Block { shire } => events::block(state, f, *shire),
        V878Action::Pass => events::pass(state, f),
        V878Action::PayDanegeld { berserker } => events::pay_danegeld(state, f, *berserker),
        V878Action::End => turn::end_phase(state, f),
    }
}

/// What follows any action without a decision: battles roll on, markers follow the
/// Vikings, set-up ends when the English have placed their units, and the Movement
/// card is due once reinforcements are placed.
fn settle(state: &mut V878State) -> Vec<Happening> {
    let mut events = Vec::new();
    if state.battle.is_some() {
        events.extend(battle::advance(state));
    }
    events.extend(battle::defeat_leaders(state));
    events.extend(turn::gambit_leader_check(state));
    events.extend(events::after_rebellion(state));
    events.extend(turn::settle(state));
    if state.phase == Phase::Setup && state.pending.is_empty() {
        events.extend(turn::next_turn(state));
        events.extend(turn::settle(state));
    }
    // G33: Alfred may become due once the Reinforcements events have resolved.
    if state.phase == Phase::Reinforcements
        && state.pending.is_empty()
        && state
            .active()
            .is_some_and(|a| a.side() == super::data::Side::English)
        && turn::alfred_due(state)
    {
        if let Some(a) = state.active() {
            state.pending.push(Pending::PlaceAlfred { faction: a });
        }
    }
    events
}

/// Refuses an action naming a shire, Leader or unit kind that does not exist, before
/// any rule looks at it (bad input from a caller must never reach an index).
fn check_ids(state: &V878State, action: &V878Action) -> Result<(), RuleError> {
    use super::actions::{At, Spot};
    let shires = data().shires().len();
    let leaders = state.leaders.len();
    let shire_ok = |s: &crate::board::area::AreaId| (s.0 as usize) < shires;
    let leader_ok = |l: u8| (l as usize) < leaders;
    let spot_ok = |s: &Spot| match s {
        Spot::Map => true,
        Spot::Card(l) => leader_ok(*l),
    };
    let ok = match action {
        V878Action::Place { shire, .. }
        | V878Action::PlaceAlfred { shire }
        | V878Action::Fight { shire }
        | V878Action::Block { shire } => shire_ok(shire),
        V878Action::March { path, .. } | V878Action::Raid { path } => path.iter().all(shire_ok),
        V878Action::PlaceOnLeader { leader, .. }
        | V878Action::Halt { leader }
        | V878Action::Board { leader, .. }
        | V878Action::Alight { leader, .. } => leader_ok(*leader),
        V878Action::LeaderStep { leader, to } => leader_ok(*leader) && shire_ok(to),
        V878Action::TakeHit { kind, spot } => {
            (*kind as usize) <= super::state::FYRD && spot_ok(spot)
        }
        V878Action::Flee { spot } => spot_ok(spot),
        V878Action::Command { spot, to } => spot_ok(spot) && to.as_ref().is_none_or(shire_ok),
        V878Action::PlayEventAt { at, .. } => match at {
            At::Shire(s) => shire_ok(s),
            At::Leader(l) => leader_ok(*l),
        },
        V878Action::LeaderRetreat { to } => to.as_ref().is_none_or(shire_ok),
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        Err(RuleError::new(
            "1.2",
            "the action names a shire, Leader or unit that does not exist",
        ))
    }
}

#[cfg(test)]
#[path = "listing_check.rs"]
mod listing_check;
