//! The Round and Turn sequence (1.0-1.2): random turn order, the Reinforcements Phase
//! (2.0-2.4), phase changes, the Draw Phase (6.0) and the end of each Round (6.1, 7.0).

use super::cards;
use super::control;
use super::data::{data, AlfredRule, Faction, Invade, Side, Victory};
use super::happenings::{Happening, Onto, V878Event as E};
use super::state::{Finish, LeaderPlace, Pending, Phase, Purpose, V878State};
use crate::board::area::AreaId;
use crate::engine::RuleError;

fn scenario(state: &V878State) -> &'static super::data::Scenario {
    &data().scenarios()[state.options.scenario as usize]
}

/// Starts Round `state.round`'s next Turn: the first faction of Round I is fixed
/// (Setup 8); every other Turn draws a cube from those left in the bag (1.0).
pub fn next_turn(state: &mut V878State) -> Vec<Happening> {
    let left: Vec<Faction> = Faction::ALL
        .into_iter()
        .filter(|f| !state.order.contains(f))
        .collect();
    let first = scenario(state).first_turn;
    let f = if state.round == 1 && state.order.is_empty() && left.contains(&first) {
        first
    } else {
        left[state.chance.roll(left.len() as u32) as usize - 1]
    };
    begin_turn(state, f)
}

fn begin_turn(state: &mut V878State, f: Faction) -> Vec<Happening> {
    state.order.push(f);
    state.phase = Phase::Reinforcements;
    state.budget = None;
    state.effects = Default::default();
    for m in state.moved.iter_mut() {
        *m = [0; 5];
    }
    for l in state.leaders.iter_mut() {
        l.moving = false;
        l.done = false;
        l.moves_left = 0;
        l.shifted = Default::default();
    }
    let mut events = vec![Happening::public(
        "1.0",
        E::TurnBegins {
            round: state.round,
            turn: state.order.len() as u8,
            faction: f,
        },
    )];
    events.extend(reinforcements(state, f));
    events
}

fn reinforcements(state: &mut V878State, f: Faction) -> Vec<Happening> {
    let d = data();
    let mut events = Vec::new();
    events.extend(scenario_income(state, f));
    match f.side() {
        Side::Viking => {
            let first_viking = state
                .order
                .iter()
                .filter(|o| o.side() == Side::Viking)
                .count()
                == 1;
            if first_viking && state.round > 1 && !state.invasion.is_empty() {
                let card = state.invasion.remove(0);
                state.invasion_drawn.push(card);
                let info = d.invasion_card(card);
                if info.is_some_and(|i| i.invade == Invade::Reinforcements) {
                    let info = info.expect("checked");
                    events.push(Happening::public("2.0", E::InvasionCard { card }));
                    for (kind, n) in [
                        (Faction::Norsemen, info.norsemen),
                        (Faction::Berserker, info.berserker),
                    ] {
                        let n = n.min(state.faction(kind).stock);
                        if n > 0 && !destinations(state, kind, Purpose::Invaders).is_empty() {
                            state.pending.push(Pending::Place {
                                faction: f,
                                kind,
                                left: n,
                                purpose: Purpose::Invaders,
                            });
                        } else if n > 0 {
                            events.push(Happening::public(
                                "G22",
                                E::NoPlaceForReinforcements { kind },
                            ));
                        }
                    }
                } else {
                    events.extend(cards::bring_in_leader(state, card));
                }
            }
        }
        Side::English => {
            let mut wanted: Vec<(AreaId, u8)> = Vec::new();
            // NR 109: a scenario's English reinforce only from its region's cities
            // (Carlisle and York in Northumbrian Raids).
            let sc = scenario(state);
            for &city in d.reinforcement_cities() {
                let n = d.reinforcements(city, f);
                let in_region = d.kingdom(city).is_some_and(|k| sc.region_allows(k));
                if n > 0 && in_region && !state.occupies(city, Side::Viking) {
                    wanted.push((city, n));
                }
            }
            let total: u32 = wanted.iter().map(|w| w.1 as u32).sum();
            let stock = state.faction(f).stock as u32;
            if total <= stock {
                for (city, n) in wanted {
                    state.map[city.0 as usize][f as usize] += n;
                    state.faction_mut(f).stock -= n;
                    events.push(Happening::public(
                        "2.1",
                        E::Reinforce {
                            faction: f,
                            n,
                            city,
                        },
                    ));
                }
            } else if stock > 0 {
                state.pending.push(Pending::Place {
                    faction: f,
                    kind: f,
                    left: stock as u8,
                    purpose: Purpose::Short,
                });
            }
            if alfred_due(state) {
                state.pending.push(Pending::PlaceAlfred { faction: f });
            }
        }
    }
    if state.faction(f).fled > 0 && !destinations(state, f, Purpose::Fled).is_empty() {
        let left = state.faction(f).fled;
        state.pending.push(Pending::Place {
            faction: f,
            kind: f,
            left,
            purpose: Purpose::Fled,
        });
    }
    events
}

/// Scenario income at the start of the Reinforcements Phase: the raid army of
/// Northumbrian Raids (NR 110) and its English city levies (NR 109).
fn scenario_income(state: &mut V878State, f: Faction) -> Vec<Happening> {
    let d = data();
    let sc = scenario(state);
    let mut events = Vec::new();
    if let (Side::Viking, Some(raid)) = (f.side(), &sc.raid_army) {
        let mut got = [0u8; 2];
        for (k, (kind, n)) in [
            (Faction::Norsemen, raid.norsemen),
            (Faction::Berserker, raid.berserker),
        ]
        .into_iter()
        .enumerate()
        {
            let n = n.min(state.faction(kind).stock);
            state.faction_mut(kind).stock -= n;
            state.raiders[kind as usize] += n;
            got[k] = n;
        }
        events.push(Happening::public(
            "NR-110",
            E::RaidGathers {
                norsemen: got[0],
                berserker: got[1],
            },
        ));
    }
    if let (Side::Viking, Some(income)) = (f.side(), sc.viking_income) {
        let n = match f {
            Faction::Berserker => income.berserker_per_turn,
            _ => {
                let held = d
                    .cities()
                    .iter()
                    .filter(|c| state.occupies(**c, Side::Viking))
                    .count() as u8;
                income.norsemen_per_city.saturating_mul(held)
            }
        };
        let n = n.min(state.faction(f).stock);
        if n > 0 && !destinations(state, f, Purpose::Income).is_empty() {
            state.pending.push(Pending::Place {
                faction: f,
                kind: f,
                left: n,
                purpose: Purpose::Income,
            });
        }
    }
    if let (Side::English, Some(income)) = (f.side(), sc.english_city_income) {
        for &city in d.cities() {
            let in_region =
                !income.region_only || d.kingdom(city).is_some_and(|k| sc.region_allows(k));
            if !in_region || state.occupies(city, Side::Viking) {
                continue;
            }
            let n = income.per_city.min(state.faction(f).stock);
            if n > 0 {
                state.faction_mut(f).stock -= n;
                state.map[city.0 as usize][f as usize] += n;
                events.push(Happening::public(
                    "NR-109",
                    E::Levied {
                        faction: f,
                        n,
                        city,
                    },
                ));
            }
        }
    }
    events
}

/// 2.2, G33: Alfred enters with the first English Turn of his Round, or as soon after
/// as an English-controlled Reinforcement City exists.
pub fn alfred_due(state: &V878State) -> bool {
    let AlfredRule::Arrives { round } = scenario(state).alfred else {
        return false;
    };
    state.round >= round
        && state
            .leaders
            .iter()
            .any(|l| l.card == 0 && l.place == LeaderPlace::Waiting)
        && !alfred_shires(state).is_empty()
}

pub fn alfred_shires(state: &V878State) -> Vec<AreaId> {
    if let AlfredRule::Starts { shires } = &scenario(state).alfred {
        return shires.clone();
    }
    data()
        .reinforcement_cities()
        .iter()
        .copied()
        .filter(|c| !state.occupies(*c, Side::Viking))
        .collect()
}

/// Where units placed for a purpose may go: shires, and Leader cards (as `None` shire
/// with the Leader index).
pub fn destinations(state: &V878State, kind: Faction, purpose: Purpose) -> Vec<Target> {
    let d = data();
    let sc = scenario(state);
    let mut out = Vec::new();
    // Placing changes no units until it is done, so who is where is found once.
    let here = super::queries::Presence::of(state);
    let leader_cards = |out: &mut Vec<Target>, on_map_only: bool| {
        for (i, l) in state.leaders.iter().enumerate() {
            let in_play = match l.place {
                LeaderPlace::OnMap(_) => true,
                LeaderPlace::OffMap => !on_map_only,
                _ => false,
            };
            if in_play && l.side() == kind.side() {
                out.push(Target::Leader(i as u8));
            }
        }
    };
    match (purpose, kind.side()) {
        (Purpose::Extra, _) => {
            for id in d.ids() {
                let ok_kingdom = sc
                    .extra_units
                    .kingdom
                    .is_none_or(|k| d.kingdom(id) == Some(k));
                let ok_city =
                    !sc.extra_units.reinforcement_cities_only || d.is_reinforcement_city(id);
                let ok_control =
                    !sc.extra_units.english_controlled_only || !here.occupies(id, Side::Viking);
                if ok_kingdom && ok_city && ok_control {
                    out.push(Target::Shire(id));
                }
            }
            if sc.extra_units.alfred_card {
                leader_cards(&mut out, false);
            }
        }
        (Purpose::Fled, Side::Viking) => {
            leader_cards(&mut out, false);
            for &c in d.coastal_cities() {
                if here.occupies(c, Side::Viking) {
                    out.push(Target::Shire(c));
                }
            }
        }
        (Purpose::Fled, Side::English) => {
            for &c in d.reinforcement_cities() {
                // As for reinforcements: only cities of the scenario's region.
                let in_region = d.kingdom(c).is_some_and(|k| sc.region_allows(k));
                if in_region && !here.occupies(c, Side::Viking) {
                    out.push(Target::Shire(c));
                }
            }
            leader_cards(&mut out, true);
        }
        (Purpose::Short, _) => {
            for &c in d.reinforcement_cities() {
                let in_region = d.kingdom(c).is_some_and(|k| sc.region_allows(k));
                if d.reinforcements(c, kind) > 0 && in_region && !here.occupies(c, Side::Viking) {
                    out.push(Target::Shire(c));
                }
            }
        }
        (Purpose::Income, _) => {
            if sc.viking_income.is_some_and(|i| i.to_leader_card) {
                leader_cards(&mut out, true);
            }
            if sc.viking_income.is_some_and(|i| i.to_viking_shires) {
                for id in d.ids() {
                    if here.holds(id, Side::Viking) {
                        out.push(Target::Shire(id));
                    }
                }
            }
        }
        (Purpose::Invaders, _) => {
            leader_cards(&mut out, true);
            for &c in d.coastal_shires() {
                if here.occupies(c, Side::Viking) {
                    out.push(Target::Shire(c));
                }
            }
        }
    }
    out
}

/// A place units can be put.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Shire(AreaId),
    Leader(u8),
}

pub fn place(
    state: &mut V878State,
    faction: Faction,
    target: Target,
    n: u8,
) -> Result<Vec<Happening>, RuleError> {
    let Some(&Pending::Place {
        faction: decider,
        kind,
        left,
        purpose,
    }) = state.pending.first()
    else {
        return Err(RuleError::new("2.3", "no units are waiting to be placed"));
    };
    if decider != faction {
        return Err(RuleError::new("2.3", "another faction places these units"));
    }
    if n == 0 || n > left {
        return Err(RuleError::new(
            "2.3",
            format!("place between 1 and {left} units"),
        ));
    }
    if !destinations(state, kind, purpose).contains(&target) {
        return Err(RuleError::new(
            rule_of(purpose),
            "units may not be placed there",
        ));
    }
    match purpose {
        Purpose::Fled => state.faction_mut(kind).fled -= n,
        _ => {
            let stock = state.faction(kind).stock;
            if stock < n {
                return Err(RuleError::new("2.0", "the stockpile is short"));
            }
            state.faction_mut(kind).stock -= n;
        }
    }
    let onto = match target {
        Target::Shire(s) => {
            state.map[s.0 as usize][kind as usize] += n;
            Onto::Shire(s)
        }
        Target::Leader(i) => {
            state.leaders[i as usize].troops[kind as usize] += n;
            Onto::Card(state.leaders[i as usize].card)
        }
    };
    if n == left {
        state.pending.remove(0);
    } else if let Some(Pending::Place { left, .. }) = state.pending.first_mut() {
        *left -= n;
    }
    Ok(vec![Happening::public(
        rule_of(purpose),
        E::Placed { kind, n, onto },
    )])
}

fn rule_of(purpose: Purpose) -> &'static str {
    match purpose {
        Purpose::Extra => "Setup 4",
        Purpose::Fled => "2.3",
        Purpose::Short => "2.1",
        Purpose::Invaders => "2.0",
        Purpose::Income => "AG-119",
    }
}

/// The Leader at place `i` of the state's list, by name.
pub fn leader_name(state: &V878State, i: u8) -> String {
    let card = state.leaders.get(i as usize).map(|l| l.card).unwrap_or(0);
    super::describe::leader(card)
}

pub fn place_alfred(
    state: &mut V878State,
    faction: Faction,
    shire: AreaId,
) -> Result<Vec<Happening>, RuleError> {
    if state.pending.first() != Some(&Pending::PlaceAlfred { faction }) {
        return Err(RuleError::new("2.2", "Alfred is not arriving now"));
    }
    if !alfred_shires(state).contains(&shire) {
        return Err(RuleError::new(
            "2.2",
            "Alfred enters in an English-controlled Reinforcement City",
        ));
    }
    state.pending.remove(0);
    let army = data().alfred();
    let mut troops = [0u8; 5];
    for f in Side::English.factions() {
        let n = army.get(f).min(state.faction(f).stock);
        state.faction_mut(f).stock -= n;
        troops[f as usize] = n;
    }
    if let Some(l) = state.leaders.iter_mut().find(|l| l.card == 0) {
        l.place = LeaderPlace::OnMap(shire);
        l.troops = troops;
    }
    Ok(vec![Happening::public(
        "2.2",
        E::AlfredEnters {
            shire,
            housecarl: troops[Faction::Housecarl as usize],
            thegn: troops[Faction::Thegn as usize],
        },
    )])
}

/// After the Movement card: the Leader Phase if the side has a Leader the active
/// faction can move (5.1), else the Movement Phase.
pub fn after_card(state: &mut V878State) -> Vec<Happening> {
    let Some(f) = state.active() else {
        return Vec::new();
    };
    let has_leader = state.leaders.iter().any(|l| {
        l.side() == f.side()
            && matches!(l.place, LeaderPlace::OnMap(_) | LeaderPlace::OffMap)
            && l.troops[f as usize] > 0
    });
    state.phase = if has_leader {
        Phase::Leaders
    } else {
        Phase::Movement
    };
    // G24: Saxon Navy is played at the start of a Viking Turn's moves.
    if super::events::saxon_navy_window(state) {
        state.pending.push(Pending::Window {
            faction: Faction::Housecarl,
        });
    }
    vec![Happening::public(
        "1.2",
        E::PhaseBegins { phase: state.phase },
    )]
}

/// The active faction ends its current phase.
pub fn end_phase(state: &mut V878State, f: Faction) -> Result<Vec<Happening>, RuleError> {
    if state.active() != Some(f) || !state.pending.is_empty() || state.battle.is_some() {
        return Err(RuleError::new("1.2", "it is not your phase to end"));
    }
    match state.phase {
        Phase::Reinforcements => {
            let can_play = state
                .faction(f)
                .hand
                .iter()
                .any(|c| data().card(f, *c).is_some_and(|k| k.kind.is_movement()));
            if can_play {
                return Err(RuleError::new("2.4", "a Movement card must be played"));
            }
            let mut events = vec![Happening::public("G13", E::NoMovementCard { faction: f })];
            state.phase = Phase::Movement;
            state.budget = None;
            events.extend(end_phase(state, f)?);
            Ok(events)
        }
        Phase::Leaders => {
            for l in state.leaders.iter_mut() {
                if l.moving {
                    l.done = true;
                }
            }
            state.phase = Phase::Movement;
            Ok(vec![Happening::public(
                "1.2",
                E::PhaseBegins {
                    phase: Phase::Movement,
                },
            )])
        }
        Phase::Movement => {
            state.phase = Phase::Battles;
            Ok(vec![Happening::public(
                "1.2",
                E::PhaseBegins {
                    phase: Phase::Battles,
                },
            )])
        }
        Phase::Battles => {
            if let Some(s) = super::battle::battle_shires(state).first() {
                return Err(RuleError::new(
                    "4.0",
                    format!(
                        "the battle in {} must be fought",
                        data().shires()[s.0 as usize].name
                    ),
                ));
            }
            let mut events = cards::draw_up(state, f);
            events.extend(end_turn(state));
            Ok(events)
        }
        Phase::Setup | Phase::Over => Err(RuleError::new("1.2", "no phase to end")),
    }
}

fn end_turn(state: &mut V878State) -> Vec<Happening> {
    state.budget = None;
    if state.order.len() < 4 {
        return next_turn(state);
    }
    let mut events = vec![Happening::public(
        "6.1",
        E::RoundEnds { round: state.round },
    )];
    events.extend(plunder(state));
    if let Some(finish) = round_end_result(state) {
        events.push(Happening::public("7.0", game_over(&finish)));
        state.finish = Some(finish);
        state.phase = Phase::Over;
        return events;
    }
    state.round += 1;
    state.order.clear();
    events.extend(next_turn(state));
    events
}

/// NR 111: at the end of each Round one marker leaves the track for each City Shire
/// the Vikings hold.
fn plunder(state: &mut V878State) -> Vec<Happening> {
    if !scenario(state).plunder {
        return Vec::new();
    }
    let held = data()
        .cities()
        .iter()
        .filter(|c| state.occupies(**c, Side::Viking))
        .count() as u8;
    let left = state.markers.saturating_sub(state.plundered);
    let n = held.min(left);
    state.plundered += n;
    vec![Happening::public(
        "NR-111",
        E::Plundered {
            cities: n,
            taken: state.plundered,
            markers: state.markers,
        },
    )]
}

/// 7.0, 7.1, G14: the checks at the end of a Round.
pub fn round_end_result(state: &V878State) -> Option<Finish> {
    let sc = scenario(state);
    let on_map = state.markers_on_map();
    if let Victory::Gambit { markers_at_end } = sc.victory {
        let detail = format!(
            "{on_map} of {} markers on the map after Round {}",
            state.markers, state.round
        );
        if on_map >= state.markers {
            return Some(Finish {
                winner: Side::Viking,
                result: "Viking victory".into(),
                detail,
            });
        }
        if on_map == 0 {
            return Some(Finish {
                winner: Side::English,
                result: "English victory".into(),
                detail,
            });
        }
        if state.round >= sc.rounds {
            let winner = if on_map >= markers_at_end {
                Side::Viking
            } else {
                Side::English
            };
            let result = if winner == Side::Viking {
                "Viking victory"
            } else {
                "English victory"
            };
            return Some(Finish {
                winner,
                result: result.into(),
                detail,
            });
        }
        return None;
    }
    if let Victory::Plunder { markers } = sc.victory {
        let detail = format!(
            "{} of {markers} markers plundered after Round {}",
            state.plundered, state.round
        );
        if state.plundered >= markers {
            return Some(Finish {
                winner: Side::Viking,
                result: "Viking victory".into(),
                detail,
            });
        }
        if state.round >= sc.rounds {
            return Some(Finish {
                winner: Side::English,
                result: "English victory".into(),
                detail,
            });
        }
        return None;
    }
    let Victory::Standard {
        conquest_markers,
        treaty_markers,
        treaty_from_round,
    } = sc.victory
    else {
        return None;
    };
    let win = |winner: Side, result: &str, detail: String| Finish {
        winner,
        result: result.into(),
        detail,
    };
    if on_map >= conquest_markers {
        return Some(win(Side::Viking, "Viking conquest", format!("{on_map} cities under Viking control at the end of Round {} ({conquest_markers} needed)", state.round)));
    }
    if on_map == 0 {
        return Some(win(
            Side::English,
            "English victory: no Viking city",
            format!(
                "no city under Viking control at the end of Round {}",
                state.round
            ),
        ));
    }
    let treaty = Side::ALL
        .iter()
        .any(|s| s.factions().iter().all(|f| state.faction(*f).treaty_played));
    let last = state.round >= sc.rounds;
    if (treaty && state.round >= treaty_from_round) || last {
        let how = if treaty {
            "Treaty of Wedmore"
        } else {
            "end of Round VII"
        };
        let detail =
            format!("{how}: {on_map} cities under Viking control ({treaty_markers} needed)");
        return Some(match (on_map >= treaty_markers, treaty) {
            (true, true) => win(Side::Viking, "Viking victory by Treaty", detail),
            (false, true) => win(Side::English, "English victory by Treaty", detail),
            (true, false) => win(Side::Viking, "Viking victory after Round VII", detail),
            (false, false) => win(Side::English, "English victory after Round VII", detail),
        });
    }
    None
}

fn game_over(finish: &Finish) -> E {
    E::GameOver {
        winner: finish.winner,
        result: finish.result.clone(),
        detail: finish.detail.clone(),
    }
}

/// Markers follow occupation after every action.
pub fn settle(state: &mut V878State) -> Vec<Happening> {
    control::update_markers(state)
}

/// AG 125: in Alfred's Gambit, the side whose Leader is defeated loses at once.
pub fn gambit_leader_check(state: &mut V878State) -> Vec<Happening> {
    if state.finish.is_some() || !matches!(scenario(state).victory, Victory::Gambit { .. }) {
        return Vec::new();
    }
    let lost = state
        .leaders
        .iter()
        .find(|l| l.place == LeaderPlace::Defeated)
        .map(|l| (l.side(), l.card));
    let Some((loser, card)) = lost else {
        return Vec::new();
    };
    let winner = loser.other();
    let result = match winner {
        Side::Viking => "Viking victory",
        Side::English => "English victory",
    };
    let finish = Finish {
        winner,
        result: result.into(),
        detail: format!(
            "{}, Leader of the {}, is defeated",
            super::data::leader_name(card),
            loser.name()
        ),
    };
    let e = Happening::public("AG-125", game_over(&finish));
    state.finish = Some(finish);
    state.phase = Phase::Over;
    state.pending.clear();
    state.battle = None;
    vec![e]
}
