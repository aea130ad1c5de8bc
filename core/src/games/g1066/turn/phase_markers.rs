//! Action markers played in one's own Campaign Marker Phase once the picks are drawn
//! (8.13): Holy Roman Empire Intervenes (a die's worth of extra picks, Events among them
//! "no event") and Oath of Fealty (one marker taken at random from a rival's hand);
//! and the Assassin, played at any quiet moment of one's own player turn (AM4).
//! Papal Intervention's and the Spy's negation of them is not built yet (RULINGS "Not
//! yet").

use super::super::actions::{Action, Event};
use super::super::chits::{put_back, Chit};
use super::super::data::tables::PlayerPhase;
use super::super::data::{data, Power};
use super::super::state::{Identity, State};
use super::campaign::{pick_one, CampaignEvent};
use super::phasing;
use super::pieces::{draw_n, hand_limit, remove_unit};
use crate::engine::{GameEvent, RuleError, Seat};

/// The markers of this module, played by the phasing power.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarkerAction {
    /// 8.13: Holy Roman Empire Intervenes, once the picks are drawn.
    HolyRomanEmpire { power: Power },
    /// 8.13: Oath of Fealty against a rival power's hand.
    OathOfFealty { power: Power, target: Power },
    /// 8.13: the Assassin against a leader of another player the power's player has seen.
    Assassin { power: Power, unit: u16 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarkerEvent {
    /// Holy Roman Empire Intervenes: the die for extra picks.
    ExtraPicks { power: Power, roll: u8 },
    /// An Event picked by the Holy Roman Empire counts as no event (shown, put back).
    NoEvent { power: Power, chit: Chit },
    /// Oath of Fealty: a marker changed hands (what all see).
    OathTaken { power: Power, from: Power },
    /// Which marker (both players concerned).
    OathTakenChit {
        power: Power,
        from: Power,
        chit: Chit,
    },
    /// The Assassin's die: on `killed` the leader leaves the map; otherwise his power
    /// picks a marker.
    Assassination {
        power: Power,
        unit: u16,
        roll: u8,
        killed: bool,
    },
}

pub const HRE: &str = "holy_roman_empire";
pub const OATH: &str = "oath_of_fealty";
pub const ASSASSIN: &str = "assassin";

fn holds(state: &State, power: Power, id: &str) -> bool {
    state.power(power).hand.iter().any(|c| c.is(id))
}

/// The rival powers an Oath may take from: another player's, with a marker in hand.
pub fn oath_targets(state: &State, power: Power) -> Vec<Power> {
    let me = state.controller(power);
    Power::ALL
        .into_iter()
        .filter(|&p| state.controller(p).is_some_and(|c| Some(c) != me))
        .filter(|&p| !state.power(p).hand.is_empty())
        .collect()
}

/// What the phasing power may play now: only in its Campaign Marker Phase with every
/// pick drawn and no Event waiting (8.13).
pub fn offered(state: &State, power: Power) -> Vec<Action> {
    if super::campaign::may_end(state, power).is_err() {
        return Vec::new();
    }
    let mut out = Vec::new();
    if holds(state, power, HRE) {
        out.push(Action::from(MarkerAction::HolyRomanEmpire { power }));
    }
    if holds(state, power, OATH) {
        out.extend(
            oath_targets(state, power)
                .into_iter()
                .map(|target| Action::from(MarkerAction::OathOfFealty { power, target })),
        );
    }
    out
}

/// Nothing is under way that another player or an Event waits on: no battle, retreat,
/// attempt, pick or answer (AM4).
fn quiet(state: &State) -> bool {
    let t = &state.player_turn;
    t.campaign.pending.is_none()
        && t.campaign.owed == 0
        && t.campaign.to_return == 0
        && t.combat.fight.is_none()
        && t.combat.retreat.is_none()
        && t.combat.picks.is_empty()
        && t.pillage.picks.is_empty()
        && t.vassalage.attempt.is_none()
}

/// Leaders of other players the power's player has seen (7.2), where they stand.
pub fn assassin_targets(state: &State, power: Power) -> Vec<u16> {
    let Some(me) = state.controller(power) else {
        return Vec::new();
    };
    state
        .units()
        .filter(|(_, p, u)| {
            state.controller(*p).is_some_and(|c| c != me)
                && matches!(&*u.identity, Identity::Leader(_))
                && u.seen_by.contains(&me)
        })
        .map(|(_, _, u)| u.id)
        .collect()
}

/// The Assassin, offered at any quiet moment of the power's own player turn.
pub fn offered_any_time(state: &State, power: Power) -> Vec<Action> {
    if !quiet(state) || !holds(state, power, ASSASSIN) {
        return Vec::new();
    }
    assassin_targets(state, power)
        .into_iter()
        .map(|unit| Action::from(MarkerAction::Assassin { power, unit }))
        .collect()
}

fn assassin(
    state: &mut State,
    seat: Seat,
    power: Power,
    unit: u16,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    match super::current(state) {
        Some((p, _)) if p == power && state.controller(p) == Some(seat) => {}
        _ => {
            return Err(RuleError::new(
                "8.13",
                "the Assassin is played in one's own player turn",
            ))
        }
    }
    if !quiet(state) {
        return Err(RuleError::new(
            "8.13",
            "finish what is under way before playing the Assassin",
        ));
    }
    if !assassin_targets(state, power).contains(&unit) {
        return Err(RuleError::new(
            "8.13",
            "the Assassin needs a leader of another player that has been seen",
        ));
    }
    let played = take_played(state, power, ASSASSIN)?;
    put_back(&mut state.pool, played);
    let Some((place, victim)) = state
        .units()
        .find(|(_, _, u)| u.id == unit)
        .map(|(place, p, _)| (place, p))
    else {
        return Ok(());
    };
    let kill_from = data().markers.number(ASSASSIN, "kill_from").unwrap_or(6);
    let roll = u8::try_from(state.chance.roll(6)).unwrap_or(u8::MAX);
    let killed = roll >= kill_from;
    events.push(GameEvent::public(
        "8.13",
        MarkerEvent::Assassination {
            power,
            unit,
            roll,
            killed,
        },
    ));
    if killed {
        remove_unit(state, place, unit);
        return Ok(());
    }
    // The spared leader's power picks one marker (PL5 at the limit).
    pick_one(state, victim, "8.13", events);
    Ok(())
}

pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &MarkerAction,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let power = match *action {
        MarkerAction::HolyRomanEmpire { power } | MarkerAction::OathOfFealty { power, .. } => power,
        MarkerAction::Assassin { power, unit } => {
            let mut events = Vec::new();
            assassin(state, seat, power, unit, &mut events)?;
            return Ok(events);
        }
    };
    let p = phasing(state, seat, PlayerPhase::CampaignMarker, "8.13")?;
    if p != power {
        return Err(RuleError::new(
            "8.13",
            format!("it is the {}' campaign marker phase", p.name()),
        ));
    }
    if super::campaign::may_end(state, power).is_err() {
        return Err(RuleError::new(
            "8.13",
            "draw the phase's picks, and answer its Events, before playing a marker",
        ));
    }
    let mut events = Vec::new();
    match *action {
        MarkerAction::HolyRomanEmpire { power } => holy_roman_empire(state, power, &mut events)?,
        MarkerAction::OathOfFealty { power, target } => {
            oath_of_fealty(state, power, target, &mut events)?
        }
        MarkerAction::Assassin { .. } => {}
    }
    Ok(events)
}

/// Takes the played marker out of the hand; the caller puts it back in the pool (8.9).
fn take_played(state: &mut State, power: Power, id: &str) -> Result<Chit, RuleError> {
    let hand = &mut state.power_mut(power).hand;
    let Some(i) = hand.iter().position(|c| c.is(id)) else {
        return Err(RuleError::new(
            "8.13",
            format!("that needs a {id} marker in hand"),
        ));
    };
    Ok(hand.remove(i))
}

fn private(state: &State, powers: &[Power], e: impl Into<Event>) -> GameEvent<Event> {
    let mut seats: Vec<Seat> = powers.iter().filter_map(|&p| state.controller(p)).collect();
    seats.dedup();
    GameEvent::private(seats, "8.13", e)
}

/// 8.13 Holy Roman Empire Intervenes: a die, then that many picks; an Event picked is
/// "no event" and goes back once all are drawn; nothing beyond the hand limit (PL5).
pub fn holy_roman_empire(
    state: &mut State,
    power: Power,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    // Back in the pool once its own picks are drawn, so that it cannot pick itself.
    let played = take_played(state, power, HRE)?;
    let dice = data().markers.number(HRE, "extra_pick_dice").unwrap_or(1);
    let roll: u32 = (0..dice).map(|_| state.chance.roll(6)).sum();
    let roll = u8::try_from(roll).unwrap_or(u8::MAX);
    events.push(GameEvent::public(
        "8.13",
        MarkerEvent::ExtraPicks { power, roll },
    ));
    let mut no_event: Vec<Chit> = Vec::new();
    for _ in 0..roll {
        if state.power(power).hand.len() >= hand_limit(state) {
            break;
        }
        let Some(&chit) = draw_n(state, 1).first() else {
            break;
        };
        if chit.is_event() {
            events.push(GameEvent::public(
                "8.13",
                MarkerEvent::NoEvent { power, chit },
            ));
            no_event.push(chit);
        } else {
            put_back(&mut state.power_mut(power).hand, chit);
            events.push(GameEvent::public("8.13", CampaignEvent::Picked { power }));
            events.push(private(
                state,
                &[power],
                CampaignEvent::PickedChit { power, chit },
            ));
        }
    }
    for chit in no_event.into_iter().chain([played]) {
        put_back(&mut state.pool, chit);
    }
    Ok(())
}

/// 8.13 Oath of Fealty: one marker at random from the target's hand into the player's.
/// Both players learn which it was; the others only that one changed hands.
pub fn oath_of_fealty(
    state: &mut State,
    power: Power,
    target: Power,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    if !oath_targets(state, power).contains(&target) {
        return Err(RuleError::new(
            "8.13",
            format!(
                "the Oath takes from another player's power holding markers, not the {}",
                target.name()
            ),
        ));
    }
    let played = take_played(state, power, OATH)?;
    put_back(&mut state.pool, played);
    let held = u32::try_from(state.power(target).hand.len()).unwrap_or(0);
    if held == 0 {
        return Ok(());
    }
    let i = ((state.chance.roll(held) - 1) as usize).min(held as usize - 1);
    let chit = state.power_mut(target).hand.remove(i);
    put_back(&mut state.power_mut(power).hand, chit);
    events.push(GameEvent::public(
        "8.13",
        MarkerEvent::OathTaken {
            power,
            from: target,
        },
    ));
    events.push(private(
        state,
        &[power, target],
        MarkerEvent::OathTakenChit {
            power,
            from: target,
            chit,
        },
    ));
    Ok(())
}
