//! The Combat Phase (3.2 f, 15.1-15.20): every square where the phasing power's units
//! share a square with another player's units is fought, in the order the attacker
//! picks (15.20), on the Battle Board of `battle/`. The battle's own decisions are
//! passed through to whichever side decides; when it ends, the dead leave the map, the
//! markers played go back to the pool, the side that must retreats one square (15.19)
//! and the spoils change hands (15.18, T5).
//!
//! Battle markers stay in the powers' hands, where views hide them: the stored battle
//! holds none, and is lent them for each decision (`live`).

use super::super::actions::{Action, Event};
use super::super::battle::commander_choices;
use super::super::battle::{
    Battle, BattleAction, BattleMarker, BattleResult, BattleSetup, BattleSide, BattleUnit,
    MarkerHand, Outcome, Side, UnitId,
};
use super::super::chits::put_back;
use super::super::data::tables::PlayerPhase;
use super::super::data::{data, Place, Power, UnitType};
use super::super::moves::geometry::check_passage;
use super::super::moves::{check_coalition, Force};
use super::super::state::{Identity, State};
use super::campaign::{pending_actions, pick_one, Pick};
use super::phasing;
use super::pieces::{
    join_stack, lose_random, remove_unit, reveal_all, summer, surroundings, sync_castles,
};
use crate::engine::{GameEvent, RuleError, Seat};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatState {
    /// Squares fought this phase.
    pub fought: Vec<Place>,
    /// The battle being fought.
    pub fight: Option<Fight>,
    /// Survivors who must retreat before the phase goes on (15.19).
    pub retreat: Option<Retreat>,
    /// Spoils still to pick, in order (15.18).
    pub picks: Vec<Power>,
    /// A battle whose commanders are still being named (18.3).
    #[serde(default)]
    pub naming: Option<Naming>,
}

/// 18.3: before a battle each side's player names its commander, attacker first, when
/// it has a choice (two or more leaders, no king).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Naming {
    pub place: Place,
    pub attacker: Power,
    /// The attacker's commander, once named (None: not yet, or no choice).
    pub attacker_commander: Option<u16>,
    /// Whether the attacker has named (or had no choice).
    pub attacker_done: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    pub place: Place,
    pub attacker: Power,
    /// The powers on the other side; the first one's player decides and holds the
    /// markers (CB1).
    pub defenders: Vec<Power>,
    pub battle: Battle,
    /// Battle decisions taken so far.
    pub actions: u32,
}

/// Survivors who must step back one square (15.19).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Retreat {
    pub power: Power,
    pub from: Place,
    /// Campaign markers the battle's winner picks once the retreat is done (15.18).
    pub spoils: Option<(Power, u8)>,
    /// The other beaten powers, to retreat from the battle's square next (G3.15).
    #[serde(default)]
    pub then: Vec<Power>,
    /// The battle's square (None in positions written before G3.15's retreats: the
    /// square the retreat starts from).
    #[serde(default)]
    pub battle: Option<Place>,
}

/// The phase's own decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CombatAction {
    /// 15.20: the attacker picks the next square to fight.
    Fight { power: Power, place: Place },
    /// A decision on the Battle Board, by the side whose turn it is.
    Battle(BattleAction),
    /// 15.19: the retreating player picks the square his survivors fall back to.
    Retreat { power: Power, to: Place },
    /// 18.3: the side's player names this leader of his in the battle its commander.
    Command { power: Power, leader: u16 },
}

/// What the phase's decisions did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CombatEvent {
    BattleBegins {
        place: Place,
        attacker: Power,
        defenders: Vec<Power>,
        defense_bonus: u8,
        castle: bool,
    },
    /// One event of the Battle Board, as it happened.
    Board(super::super::battle::BattleEvent),
    /// 15.18: the battle is over and its dead are off the map.
    /// 18.3: a side's player named its commander.
    CommanderNamed { power: Power, leader: u16 },
    BattleEnds {
        place: Place,
        outcome: Outcome,
        lost: Vec<u16>,
    },
    /// 15.18, T5: the loser's markers lost at random.
    SpoilsLost { power: Power, count: u8 },
    /// 15.19: survivors fell back into `to`.
    Retreated {
        power: Power,
        from: Place,
        to: Place,
        units: Vec<u16>,
    },
    /// 26.1 (Sieges): the beaten force stayed in the castle it holds.
    HeldCastle { power: Power, place: Place },
    /// 15.19: units lost retreating into other players' units, or with nowhere to go.
    RetreatLosses {
        power: Power,
        place: Place,
        units: Vec<u16>,
    },
}

fn err(rule: &'static str, why: impl Into<String>) -> RuleError {
    RuleError::new(rule, why)
}

/// The squares where the phasing power must still fight (15.1): its units and another
/// player's units together, but for a castle's square under Sieges (26.2).
pub fn owed(state: &State, power: Power) -> Vec<Place> {
    contested(state, power)
        .into_iter()
        .filter(|&place| !besieged(state, place))
        .collect()
}

/// 26.2 (Sieges, optional): a castle held by one of the powers in its square lets
/// enemies share the square without a battle; the phasing player may still fight it.
pub fn besieged(state: &State, place: Place) -> bool {
    state.options.sieges
        && place
            .square()
            .and_then(|sq| state.castle_at(sq))
            .and_then(|c| c.holder)
            .is_some_and(|h| state.stack(place, h).is_some_and(|st| !st.units.is_empty()))
}

/// 26.1 (Sieges): the power holds the castle of `place`, so its force there need not
/// retreat.
fn holds_castle(state: &State, power: Power, place: Place) -> bool {
    state.options.sieges
        && place
            .square()
            .and_then(|sq| state.castle_at(sq))
            .is_some_and(|c| c.holder == Some(power))
}

/// The squares the phasing power may fight in this phase: its units and another
/// player's units together, not yet fought. Neutral units fight only once their power
/// has joined a player (4.4): a move into their square has already made it belligerent.
pub fn contested(state: &State, power: Power) -> Vec<Place> {
    let me = state.controller(power);
    state
        .forces
        .iter()
        .filter(|(place, _)| !state.player_turn.combat.fought.contains(place))
        .filter(|(_, stacks)| {
            stacks
                .iter()
                .any(|s| s.power == power && !s.units.is_empty())
                && stacks.iter().any(|s| {
                    let theirs = state.controller(s.power);
                    s.power != power && !s.units.is_empty() && theirs.is_some() && theirs != me
                })
        })
        .map(|(&p, _)| p)
        .collect()
}

fn battle_markers(state: &State, power: Power) -> MarkerHand {
    let hand = &state.power(power).hand;
    let n = |m: BattleMarker| {
        u8::try_from(hand.iter().filter(|c| c.is(m.data_id())).count()).unwrap_or(u8::MAX)
    };
    MarkerHand {
        charge: n(BattleMarker::Charge),
        maneuver: n(BattleMarker::Maneuver),
        shield_wall: n(BattleMarker::ShieldWall),
        feigned_flight: n(BattleMarker::FeignedFlight),
    }
}

/// The power whose hand serves a side.
fn side_power(f: &Fight, side: Side) -> Power {
    match side {
        Side::Attacker => f.attacker,
        Side::Defender => f.defenders.first().copied().unwrap_or(f.attacker),
    }
}

/// The stored battle lent the markers its sides hold.
fn live(state: &State, f: &Fight) -> Battle {
    let mut b = f.battle.clone();
    for side in Side::BOTH {
        b.set_hand(side, battle_markers(state, side_power(f, side)));
    }
    b
}

fn board_units(state: &State, place: Place, power: Power) -> Vec<BattleUnit> {
    state.stack(place, power).map_or(Vec::new(), |s| {
        s.units
            .iter()
            .filter_map(|u| {
                let id = UnitId(u32::from(u.id));
                match &*u.identity {
                    Identity::Unit(t) => BattleUnit::of_type(id, power, *t),
                    Identity::Leader(l) => data()
                        .units
                        .leader(l)
                        .and_then(|leader| BattleUnit::of_leader(id, power, leader)),
                    Identity::Unknown => None,
                }
            })
            .collect()
    })
}

/// Who decides now: the seat of the battle's deciding side, or of the retreating
/// power, or of an Event being answered.
pub fn waiting(state: &State, power: Power) -> Option<Vec<Seat>> {
    if let Some(seats) = super::campaign::waiting(state, power) {
        return Some(seats);
    }
    let c = &state.player_turn.combat;
    if let Some(r) = &c.retreat {
        return Some(state.controller(r.power).into_iter().collect());
    }
    if let Some((power, _)) = naming_now(state) {
        return Some(state.controller(power).into_iter().collect());
    }
    let f = c.fight.as_ref()?;
    let d = f.battle.to_decide()?;
    Some(
        state
            .controller(side_power(f, d.side))
            .into_iter()
            .collect(),
    )
}

pub fn legal_actions(state: &State, power: Power, seat: Seat) -> Vec<Action> {
    if let Some(acts) = pending_actions(state, seat) {
        return acts;
    }
    let c = &state.player_turn.combat;
    if let Some(r) = &c.retreat {
        if state.controller(r.power) != Some(seat) {
            return Vec::new();
        }
        return retreat_choices(state, r.power, r.from)
            .into_iter()
            .map(|to| Action::from(CombatAction::Retreat { power: r.power, to }))
            .collect();
    }
    if let Some((power, choices)) = naming_now(state) {
        if state.controller(power) != Some(seat) {
            return Vec::new();
        }
        return choices
            .into_iter()
            .map(|leader| Action::from(CombatAction::Command { power, leader }))
            .collect();
    }
    if let Some(f) = &c.fight {
        let b = live(state, f);
        let Some(d) = b.to_decide() else {
            return Vec::new();
        };
        if state.controller(side_power(f, d.side)) != Some(seat) {
            return Vec::new();
        }
        return b
            .legal(d.side)
            .into_iter()
            .map(|a| Action::from(CombatAction::Battle(a)))
            .collect();
    }
    if !c.picks.is_empty() {
        return Vec::new();
    }
    contested(state, power)
        .into_iter()
        .map(|place| Action::from(CombatAction::Fight { power, place }))
        .collect()
}

pub fn may_end(state: &State, power: Power) -> Result<(), RuleError> {
    let c = &state.player_turn.combat;
    if state.player_turn.campaign.pending.is_some() {
        return Err(err("8.8", "an Event is still being resolved"));
    }
    if c.fight.is_some() || c.naming.is_some() {
        return Err(err("15.2", "a battle is being fought"));
    }
    if c.retreat.is_some() {
        return Err(err("15.19", "the beaten force has not retreated yet"));
    }
    if !c.picks.is_empty() {
        return Err(err("15.18", "the spoils are not all picked yet"));
    }
    match owed(state, power).first() {
        Some(place) => Err(err(
            "15.1",
            format!("combat is mandatory: the battle in {place} is not fought"),
        )),
        None => Ok(()),
    }
}

pub fn begin(_state: &mut State, _power: Power, _events: &mut Vec<GameEvent<Event>>) {}

pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &CombatAction,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let fighting_now = busy(state) && !matches!(action, CombatAction::Fight { .. });
    if !fighting_now && !matches!(super::current(state), Some((_, PlayerPhase::Combat))) {
        return Err(err("15.1", "this is not a combat phase"));
    }
    let mut events = Vec::new();
    match *action {
        CombatAction::Fight { power, place } => {
            let p = phasing(state, seat, PlayerPhase::Combat, "15.20")?;
            if p != power {
                return Err(err("15.20", format!("it is the {}' combat", p.name())));
            }
            let c = &state.player_turn.combat;
            if c.fight.is_some() || c.naming.is_some() || c.retreat.is_some() || !c.picks.is_empty()
            {
                return Err(err("15.20", "finish the battle under way first"));
            }
            if state.player_turn.campaign.pending.is_some() {
                return Err(err("8.8", "an Event is still being resolved"));
            }
            if !contested(state, power).contains(&place) {
                return Err(err(
                    "15.1",
                    format!("there is no battle to fight in {place}"),
                ));
            }
            start(state, power, place, &mut events)?;
        }
        CombatAction::Battle(a) => {
            let Some(f) = state.player_turn.combat.fight.as_ref() else {
                return Err(err("15.2", "no battle is being fought"));
            };
            let mut b = live(state, f);
            let Some(d) = b.to_decide() else {
                return Err(err("15.2", "the battle is over"));
            };
            let power = side_power(f, d.side);
            if state.controller(power) != Some(seat) {
                return Err(err("15.2", "the other side decides now"));
            }
            let before = b.hand(d.side);
            let board = b.apply(d.side, &a, &mut state.chance)?;
            spend_markers(state, power, before, b.hand(d.side));
            for side in Side::BOTH {
                b.set_hand(side, MarkerHand::default());
            }
            events.extend(
                board
                    .into_iter()
                    .map(|e| public("15.2", CombatEvent::Board(e))),
            );
            if let Some(f) = state.player_turn.combat.fight.as_mut() {
                f.battle = b;
                f.actions = f.actions.saturating_add(1);
            }
            finish_battle(state, &mut events);
        }
        CombatAction::Retreat { power, to } => {
            let Some(r) = state.player_turn.combat.retreat.clone() else {
                return Err(err("15.19", "nobody is retreating"));
            };
            if r.power != power || state.controller(power) != Some(seat) {
                return Err(err("15.19", "only the beaten force's player retreats it"));
            }
            if to == r.from && holds_castle(state, power, to) {
                // 26.1: the beaten force stays in its castle.
                state.player_turn.combat.retreat = None;
                events.push(public("26.1", CombatEvent::HeldCastle { power, place: to }));
                retreat_done(state, &r, &mut events);
            } else if !retreat_squares(state, power, r.from).contains(&to) {
                return Err(err(
                    "15.19",
                    format!("the survivors in {} cannot fall back into {to}", r.from),
                ));
            } else {
                retreat_into(state, r, to, &mut events);
            }
        }
        CombatAction::Command { power, leader } => {
            let Some((now, choices)) = naming_now(state) else {
                return Err(err("18.3", "no commander is being named"));
            };
            if now != power || state.controller(power) != Some(seat) {
                return Err(err(
                    "18.3",
                    format!("the {} name their commander now", now.name()),
                ));
            }
            if !choices.contains(&leader) {
                return Err(err(
                    "18.3",
                    format!("u{leader} is not a leader of theirs in this battle"),
                ));
            }
            name_commander(state, power, leader, &mut events)?;
        }
    }
    continue_draws(state, &mut events);
    Ok(events)
}

fn public(rule: &'static str, e: CombatEvent) -> GameEvent<Event> {
    GameEvent::public(rule, e)
}

/// 15.2 step 1: both forces as they go to the board, the defending powers first.
fn sides(state: &State, power: Power, place: Place) -> (Vec<Power>, BattleSetup) {
    let me = state.controller(power);
    let defenders: Vec<Power> = state
        .stacks_at(place)
        .iter()
        .filter(|s| s.power != power && !s.units.is_empty())
        .filter(|s| state.controller(s.power).is_some_and(|c| Some(c) != me))
        .map(|s| s.power)
        .collect();
    let mut defenders = defenders;
    let mut defending_units: Vec<BattleUnit> = defenders
        .iter()
        .flat_map(|&d| board_units(state, place, d))
        .collect();
    let allied_commander = allied_defence(&mut defenders, &mut defending_units);
    let sq = place.square();
    let castle = sq
        .and_then(|sq| state.castle_at(sq))
        .is_some_and(|c| c.holder.is_some_and(|h| defenders.contains(&h)));
    let tables = &data().tables.terrain;
    let terrain_bonus = sq
        .and_then(|sq| data().map.terrain(sq))
        .and_then(|t| tables.row(t))
        .map_or(0, |r| r.defense);
    // 15.13: one bonus, the better of the ground and a castle the defender holds.
    let castle_bonus = if castle { tables.castle.defense } else { 0 };
    let defense_bonus = terrain_bonus.max(castle_bonus);
    let all_sea = sq.is_some_and(|sq| !data().map.is_land(sq));
    (
        defenders,
        BattleSetup {
            attacker: BattleSide {
                units: board_units(state, place, power),
                markers: MarkerHand::default(),
                commander: None,
            },
            defender: BattleSide {
                units: defending_units,
                markers: MarkerHand::default(),
                commander: allied_commander,
            },
            defense_bonus,
            castle,
            summer: summer(state),
            all_sea,
        },
    )
}

/// G3.15: the units of several players defend as one side. Its commander is the
/// highest-value leader among them, a tie going to the player with more units there,
/// and that leader's power decides for the side and lends it its markers (CB1): it is
/// put first. Without a leader the power with the most units is first. Returns the
/// commander when there are several defending players (no one names him, 18.3).
fn allied_defence(defenders: &mut [Power], units: &mut [BattleUnit]) -> Option<UnitId> {
    if defenders.len() < 2 {
        return None;
    }
    let count = |p: Power| units.iter().filter(|u| u.power == p).count();
    let best = units
        .iter()
        .filter_map(|u| u.leader.map(|l| (l.value, count(u.power), u.id, u.power)))
        .max_by_key(|&(value, n, id, _)| (value, n, std::cmp::Reverse(id)));
    let first = match best {
        Some((_, _, _, p)) => p,
        None => defenders
            .iter()
            .copied()
            .max_by_key(|&p| (count(p), std::cmp::Reverse(p as u8)))
            .unwrap_or(defenders[0]),
    };
    if let Some(i) = defenders.iter().position(|&p| p == first) {
        defenders[..=i].rotate_right(1);
    }
    // The side's units keep their order, the deciding power's first (B2 deploys them
    // in the order listed).
    units.sort_by_key(|u| u.power != first);
    best.map(|(_, _, id, _)| id)
}

/// The defending side's choice of commander: none when it is fixed (G3.15).
fn defender_choices(setup: &BattleSetup) -> Vec<UnitId> {
    if setup.defender.commander.is_some() {
        return Vec::new();
    }
    commander_choices(&setup.defender)
}

/// The side of the naming under way that names now, and its choices.
fn naming_now(state: &State) -> Option<(Power, Vec<u16>)> {
    let n = state.player_turn.combat.naming.as_ref()?;
    let (defenders, setup) = sides(state, n.attacker, n.place);
    let ids = |choices: Vec<UnitId>| -> Vec<u16> {
        choices
            .into_iter()
            .filter_map(|id| u16::try_from(id.0).ok())
            .collect()
    };
    if !n.attacker_done {
        return Some((n.attacker, ids(commander_choices(&setup.attacker))));
    }
    Some((*defenders.first()?, ids(defender_choices(&setup))))
}

/// 18.3: one side's commander is named; once both are, the battle begins.
fn name_commander(
    state: &mut State,
    power: Power,
    leader: u16,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    let Some(mut n) = state.player_turn.combat.naming.clone() else {
        return Ok(());
    };
    events.push(public(
        "18.3",
        CombatEvent::CommanderNamed { power, leader },
    ));
    if n.attacker_done {
        state.player_turn.combat.naming = None;
        return open_battle(
            state,
            n.attacker,
            n.place,
            n.attacker_commander,
            Some(leader),
            events,
        );
    }
    n.attacker_done = true;
    n.attacker_commander = Some(leader);
    let (_, setup) = sides(state, n.attacker, n.place);
    if defender_choices(&setup).is_empty() {
        state.player_turn.combat.naming = None;
        return open_battle(state, n.attacker, n.place, Some(leader), None, events);
    }
    state.player_turn.combat.naming = Some(n);
    Ok(())
}

/// Whether a battle, its retreat or its spoils are under way (in any phase: a
/// Defection's battle is fought at once, DF1).
pub fn busy(state: &State) -> bool {
    let c = &state.player_turn.combat;
    c.fight.is_some() || c.naming.is_some() || c.retreat.is_some() || !c.picks.is_empty()
}

/// A battle that must be fought at once, outside the Combat Phase's choice of squares
/// (8.13 Defection): `power` attacks in `place`.
pub fn start_now(
    state: &mut State,
    power: Power,
    place: Place,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    start(state, power, place, events)
}

/// 15.2 step 1, with the commanders named where a side had a choice (18.3).
fn start(
    state: &mut State,
    power: Power,
    place: Place,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    let (defenders, setup) = sides(state, power, place);
    // 22.3: a battle against a player who was promised peace breaks the promise.
    super::super::negotiation::check_attack(state, power, &defenders, events);
    // Every counter on the board is shown (7.2) before anyone names a commander.
    reveal_all(state, place);
    let attacker_chooses = !commander_choices(&setup.attacker).is_empty();
    if attacker_chooses || !defender_choices(&setup).is_empty() {
        state.player_turn.combat.naming = Some(Naming {
            place,
            attacker: power,
            attacker_commander: None,
            attacker_done: !attacker_chooses,
        });
        return Ok(());
    }
    open_battle(state, power, place, None, None, events)
}

fn open_battle(
    state: &mut State,
    power: Power,
    place: Place,
    attacker_commander: Option<u16>,
    defender_commander: Option<u16>,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    let (defenders, mut setup) = sides(state, power, place);
    setup.attacker.commander = attacker_commander.map(|id| UnitId(u32::from(id)));
    if let Some(id) = defender_commander {
        setup.defender.commander = Some(UnitId(u32::from(id)));
    }
    let (defense_bonus, castle) = (setup.defense_bonus, setup.castle);
    let battle = Battle::new(setup)?;
    reveal_all(state, place);
    state.player_turn.combat.fought.push(place);
    events.push(public(
        "15.2",
        CombatEvent::BattleBegins {
            place,
            attacker: power,
            defenders: defenders.clone(),
            defense_bonus,
            castle,
        },
    ));
    state.player_turn.combat.fight = Some(Fight {
        place,
        attacker: power,
        defenders,
        battle,
        actions: 0,
    });
    Ok(())
}

/// Markers the battle took from a side go from its power's hand to the pool (8.9).
fn spend_markers(state: &mut State, power: Power, before: MarkerHand, after: MarkerHand) {
    for m in [
        BattleMarker::Charge,
        BattleMarker::Maneuver,
        BattleMarker::ShieldWall,
        BattleMarker::FeignedFlight,
    ] {
        for _ in 0..before.count(m).saturating_sub(after.count(m)) {
            let hand = &mut state.power_mut(power).hand;
            if let Some(i) = hand.iter().position(|c| c.is(m.data_id())) {
                let c = hand.remove(i);
                put_back(&mut state.pool, c);
            }
        }
    }
}

/// Once the battle is over: the dead leave the map, the loser loses markers, and the
/// retreat or the winner's picks come next.
fn finish_battle(state: &mut State, events: &mut Vec<GameEvent<Event>>) {
    let Some(f) = state.player_turn.combat.fight.as_ref() else {
        return;
    };
    let Some(result) = f.battle.result() else {
        return;
    };
    let Some(f) = state.player_turn.combat.fight.take() else {
        return;
    };
    let lost: Vec<u16> = [&result.attacker, &result.defender]
        .iter()
        .flat_map(|r| r.lost.iter())
        .filter_map(|id| u16::try_from(id.0).ok())
        .collect();
    for &id in &lost {
        remove_unit(state, f.place, id);
    }
    sync_castles(state);
    events.push(public(
        "15.18",
        CombatEvent::BattleEnds {
            place: f.place,
            outcome: result.outcome,
            lost: lost.clone(),
        },
    ));
    let spoils = spoils(state, &f, &result, events);
    // 17.15: after a miss at sea the attacker's fleets sail off as if retreating (CB3).
    let retreat_side = match result.outcome {
        Outcome::Missed => Some(Side::Attacker),
        _ => result.retreat,
    };
    // G3.15: every power of the beaten side falls back, the deciding one first.
    let retreating: Vec<Power> = match retreat_side {
        Some(Side::Attacker) => vec![f.attacker],
        Some(Side::Defender) => f.defenders.clone(),
        None => Vec::new(),
    };
    next_retreat(state, f.place, retreating, spoils, events);
}

/// Starts the retreat of the first of `powers` still in `place`; once none is left the
/// winner's picks are owed (15.18).
pub(super) fn next_retreat(
    state: &mut State,
    place: Place,
    mut powers: Vec<Power>,
    spoils: Option<(Power, u8)>,
    events: &mut Vec<GameEvent<Event>>,
) {
    while !powers.is_empty() {
        let power = powers.remove(0);
        if state.stack(place, power).is_none() {
            continue;
        }
        let r = Retreat {
            power,
            from: place,
            spoils,
            then: powers.clone(),
            battle: Some(place),
        };
        if retreat_choices(state, power, place).is_empty() {
            eliminate_all(state, &r, events);
            continue;
        }
        state.player_turn.combat.retreat = Some(r);
        return;
    }
    owe_picks(state, spoils);
}

/// One power's retreat is over: the next beaten power's begins, or the picks are owed.
fn retreat_done(state: &mut State, r: &Retreat, events: &mut Vec<GameEvent<Event>>) {
    next_retreat(
        state,
        r.battle.unwrap_or(r.from),
        r.then.clone(),
        r.spoils,
        events,
    );
}

/// 15.18, T5: the loser loses markers at once; the winner's picks are returned to be
/// drawn after the retreat.
fn spoils(
    state: &mut State,
    f: &Fight,
    result: &BattleResult,
    events: &mut Vec<GameEvent<Event>>,
) -> Option<(Power, u8)> {
    let winner = result.outcome.winner()?;
    for (loser_power, n) in loss_shares(f, winner.other(), result.spoils.loser_loses) {
        let lost = lose_random(state, loser_power, usize::from(n));
        if !lost.is_empty() {
            events.push(public(
                "15.18",
                CombatEvent::SpoilsLost {
                    power: loser_power,
                    count: u8::try_from(lost.len()).unwrap_or(u8::MAX),
                },
            ));
        }
    }
    (result.spoils.winner_picks > 0).then(|| (side_power(f, winner), result.spoils.winner_picks))
}

/// T5's marker loss split between the losing side's powers (G3.15): in proportion to
/// each one's attack strength at the start, the larger shares rounded down (in their
/// favour) and what is left to the smallest. One power: all of it.
pub(super) fn loss_shares(f: &Fight, side: Side, n: u8) -> Vec<(Power, u8)> {
    let powers: Vec<Power> = match side {
        Side::Attacker => vec![f.attacker],
        Side::Defender => f.defenders.clone(),
    };
    let strength = |p: Power| -> u32 {
        f.battle
            .units(side)
            .iter()
            .filter_map(|u| f.battle.unit(u.id))
            .filter(|(_, bu, _, _)| bu.power == p)
            .map(|(_, bu, _, _)| u32::from(bu.board_attack()) + u32::from(bu.leader_values()))
            .sum()
    };
    let mut shares: Vec<(Power, u32)> = powers.iter().map(|&p| (p, strength(p))).collect();
    // Largest first; equal shares in the side's order.
    shares.sort_by_key(|&(_, st)| std::cmp::Reverse(st));
    let total: u32 = shares.iter().map(|(_, st)| st).sum();
    let mut left = n;
    let mut out = Vec::new();
    for (i, &(p, st)) in shares.iter().enumerate() {
        let part = if i + 1 == shares.len() || total == 0 {
            left
        } else {
            u8::try_from(u32::from(n) * st / total)
                .unwrap_or(u8::MAX)
                .min(left)
        };
        left -= part;
        if part > 0 {
            out.push((p, part));
        }
        if total == 0 {
            break;
        }
    }
    out
}

fn owe_picks(state: &mut State, spoils: Option<(Power, u8)>) {
    if let Some((power, n)) = spoils {
        state
            .player_turn
            .combat
            .picks
            .extend(std::iter::repeat_n(power, usize::from(n)));
    }
}

/// The squares next to `from` the power's survivors may fall back into (15.19): open
/// to every kind among them (land units by land, fleets by water), a friendly box
/// only (14.13, 21.1), never beside a coalition partner (12.4).
/// Where the beaten force of `power` in `from` may go: a square of 15.19, or staying in
/// the castle it holds there under Sieges (26.1).
fn retreat_choices(state: &State, power: Power, from: Place) -> Vec<Place> {
    let mut out = retreat_squares(state, power, from);
    if holds_castle(state, power, from) {
        out.insert(0, from);
    }
    out
}

fn retreat_squares(state: &State, power: Power, from: Place) -> Vec<Place> {
    let Some(stack) = state.stack(from, power) else {
        return Vec::new();
    };
    let types: Vec<UnitType> = stack
        .units
        .iter()
        .filter_map(|u| super::pieces::unit_type(&u.identity))
        .collect();
    let (fleets, land): (Vec<UnitType>, Vec<UnitType>) =
        types.into_iter().partition(|t| *t == UnitType::Fleet);
    let forces: Vec<Force> = [land, fleets]
        .iter()
        .filter(|units| !units.is_empty())
        .filter_map(|units| Force::of_units(power, units, &[], false).ok())
        .collect();
    let around = surroundings(state, power);
    from.neighbours()
        .into_iter()
        .filter(|&to| forces.iter().all(|f| check_passage(f, from, to).is_ok()))
        .filter(|&to| match to {
            Place::Square(sq) => check_coalition(sq, &around).is_ok(),
            Place::Box(_) => true,
        })
        .collect()
}

/// 15.19: nowhere to go: every survivor is lost.
fn eliminate_all(state: &mut State, r: &Retreat, events: &mut Vec<GameEvent<Event>>) {
    let units: Vec<u16> = state
        .stack(r.from, r.power)
        .map(|s| s.units.iter().map(|u| u.id).collect())
        .unwrap_or_default();
    for &id in &units {
        remove_unit(state, r.from, id);
    }
    sync_castles(state);
    events.push(public(
        "15.19",
        CombatEvent::RetreatLosses {
            power: r.power,
            place: r.from,
            units,
        },
    ));
}

/// 15.19: the survivors step into `to`; other players' units there cost one survivor
/// each (chosen by die, CB4) and the rest must fall back again.
fn retreat_into(state: &mut State, r: Retreat, to: Place, events: &mut Vec<GameEvent<Event>>) {
    let units: Vec<u16> = state
        .stack(r.from, r.power)
        .map(|s| s.units.iter().map(|u| u.id).collect())
        .unwrap_or_default();
    let me = state.controller(r.power);
    let others: usize = state
        .stacks_at(to)
        .iter()
        .filter(|s| s.power != r.power && state.controller(s.power) != me)
        .map(|s| s.units.len())
        .sum();
    for &id in &units {
        if let Some((_, u)) = remove_unit(state, r.from, id) {
            join_stack(state, to, r.power, vec![u]);
        }
    }
    events.push(public(
        "15.19",
        CombatEvent::Retreated {
            power: r.power,
            from: r.from,
            to,
            units: units.clone(),
        },
    ));
    state.player_turn.combat.retreat = None;
    sync_castles(state);
    if others == 0 {
        retreat_done(state, &r, events);
        return;
    }
    let mut left = units;
    let mut lost = Vec::new();
    for _ in 0..others.min(left.len()) {
        let n = u32::try_from(left.len()).unwrap_or(1);
        let i = (state.chance.roll(n) - 1) as usize;
        let id = left.remove(i.min(left.len() - 1));
        remove_unit(state, to, id);
        lost.push(id);
    }
    events.push(public(
        "15.19",
        CombatEvent::RetreatLosses {
            power: r.power,
            place: to,
            units: lost,
        },
    ));
    if left.is_empty() {
        retreat_done(state, &r, events);
        return;
    }
    let again = Retreat {
        from: to,
        ..r.clone()
    };
    if retreat_squares(state, r.power, to).is_empty() {
        eliminate_all(state, &again, events);
        retreat_done(state, &again, events);
    } else {
        state.player_turn.combat.retreat = Some(again);
    }
}

/// Draws the spoils owed one at a time until done or an Event needs an answer.
pub fn continue_draws(state: &mut State, events: &mut Vec<GameEvent<Event>>) {
    while state.player_turn.campaign.pending.is_none()
        && state.player_turn.combat.retreat.is_none()
        && !state.player_turn.combat.picks.is_empty()
    {
        let power = state.player_turn.combat.picks.remove(0);
        if pick_one(state, power, "15.18", events) == Pick::PoolEmpty {
            state.player_turn.combat.picks.clear();
        }
    }
}
