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
use serde::{Deserialize, Serialize};

/// The markers of this module, played by the phasing power.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MarkerAction {
    /// 8.13: Holy Roman Empire Intervenes, once the picks are drawn.
    HolyRomanEmpire { power: Power },
    /// 8.13: Oath of Fealty against a rival power's hand.
    OathOfFealty { power: Power, target: Power },
    /// 8.13: the Assassin against a leader of another player the power's player has seen.
    Assassin { power: Power, unit: u16 },
    /// 8.13 Spy (1): every counter in the other players' squares on the map is shown
    /// to the power's player.
    SpyStacks { power: Power },
    /// 8.13 Spy (2): the hands of `target`'s player are shown to the power's player.
    SpyHand { power: Power, target: Power },
    /// 8.13 Papal Intervention (1), in one's own Campaign Marker Phase: the marker is
    /// exchanged for an Action marker of the player's choice from the pool
    /// ([`MarkerAction::SwapPick`] names it, in secret).
    PapalSwap { power: Power },
    /// The Action marker taken from the pool for the Papal Intervention.
    SwapPick { power: Power, chit: Chit },
    /// 8.13 Oath of Fealty played after a Spy showed the target's hand (AM3): the
    /// marker the power takes, chosen instead of drawn (in secret).
    OathPick { power: Power, chit: Chit },
    /// 8.13 Defection: the control marker of `from` in `place` is lifted.
    Defection {
        power: Power,
        place: super::super::data::Place,
        from: Power,
    },
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
    /// An Action marker was played face up; the other players may negate it.
    Played { power: Power, marker: String },
    /// `power` played `with` against the `against` power's `marker`.
    Negated {
        power: Power,
        with: String,
        against: Power,
        marker: String,
    },
    /// The chain is settled: the first play takes effect or goes back unplayed.
    Settled {
        power: Power,
        marker: String,
        stands: bool,
    },
    /// A play that stood could no longer be made (what it needed changed meanwhile):
    /// the marker is spent for nothing.
    Fizzled {
        power: Power,
        marker: String,
        why: String,
    },
    /// Spy (1): the other players' counters on the map were shown to the power's player.
    SpiedStacks { power: Power },
    /// Spy (2): whose hands were looked at (what all see).
    SpiedHand { power: Power, target: Power },
    /// What they held (the spying player only).
    SpiedHandChits {
        power: Power,
        target: Power,
        chits: Vec<Chit>,
    },
    /// Papal Intervention exchanged for a marker from the pool (all see that).
    Swapped { power: Power },
    /// Which marker was taken (its player only).
    SwappedFor { power: Power, chit: Chit },
    /// Defection: `units` in `place` left the `from` power for their owners.
    Defected {
        power: Power,
        place: super::super::data::Place,
        from: Power,
        units: Vec<u16>,
    },
}

pub const HRE: &str = "holy_roman_empire";
pub const OATH: &str = "oath_of_fealty";
pub const ASSASSIN: &str = "assassin";
pub const SPY: &str = "spy";
pub use super::super::chits::PAPAL;

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
    if holds(state, power, PAPAL) {
        out.push(Action::from(MarkerAction::PapalSwap { power }));
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
        && t.combat.naming.is_none()
        && t.combat.retreat.is_none()
        && t.combat.picks.is_empty()
        && t.pillage.picks.is_empty()
        && t.vassalage.attempt.is_none()
        && t.markers.swap.is_none()
        && t.markers.oath.is_none()
        && t.counter.window.is_none()
        && t.movement
            .moving
            .as_ref()
            .is_none_or(|m| m.cargo.is_empty())
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

/// The Assassin, the Spy and Defection, offered at any quiet moment of the power's own
/// player turn (AM4, SP1, DF1).
pub fn offered_any_time(state: &State, power: Power) -> Vec<Action> {
    if !quiet(state) {
        return Vec::new();
    }
    let mut out = Vec::new();
    if holds(state, power, ASSASSIN) {
        out.extend(
            assassin_targets(state, power)
                .into_iter()
                .map(|unit| Action::from(MarkerAction::Assassin { power, unit })),
        );
    }
    if holds(state, power, super::defection::DEFECTION) {
        out.extend(
            super::defection::targets(state)
                .into_iter()
                .map(|(place, from)| Action::from(MarkerAction::Defection { power, place, from })),
        );
    }
    out.extend(spy_plays(state, power));
    out
}

/// The Spy's two looks, if the power holds one (8.13).
pub fn spy_plays(state: &State, power: Power) -> Vec<Action> {
    let mut out = Vec::new();
    if holds(state, power, SPY) {
        out.push(Action::from(MarkerAction::SpyStacks { power }));
        out.extend(
            spy_targets(state, power)
                .into_iter()
                .map(|target| Action::from(MarkerAction::SpyHand { power, target })),
        );
    }
    out
}

/// One power of each other player: a Spy looks at all the hands of that player (8.13).
pub fn spy_targets(state: &State, power: Power) -> Vec<Power> {
    let me = state.controller(power);
    let mut seen: Vec<Seat> = Vec::new();
    let mut out = Vec::new();
    for p in Power::ALL {
        if let Some(c) = state.controller(p).filter(|c| Some(*c) != me) {
            if !seen.contains(&c) {
                seen.push(c);
                out.push(p);
            }
        }
    }
    out
}

/// The Action markers in the pool a Papal Intervention may be exchanged for, one of
/// each kind and value (8.13: the player sorts through the pool).
pub fn swap_choices(state: &State) -> Vec<Chit> {
    let mut out: Vec<Chit> = state
        .pool
        .iter()
        .copied()
        // Not another Papal Intervention: the exchange would only go round.
        .filter(|c| c.is_action() && !c.is(PAPAL))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// While a Papal Intervention waits for its pick, or an Oath for its choice, the pick
/// is all its player may do.
pub fn swap_pending(state: &State) -> Option<Power> {
    state
        .player_turn
        .markers
        .swap
        .or(state.player_turn.markers.oath.map(|(p, _)| p))
}

/// The markers an Oath that may choose (AM3) can take: the target's, once each.
fn oath_choices(state: &State) -> Vec<Chit> {
    let Some((_, target)) = state.player_turn.markers.oath else {
        return Vec::new();
    };
    let mut out: Vec<Chit> = state.power(target).hand.iter().copied().collect();
    out.sort();
    out.dedup();
    out
}

pub fn swap_picks(state: &State) -> Vec<Action> {
    if let Some((power, _)) = state.player_turn.markers.oath {
        return oath_choices(state)
            .into_iter()
            .map(|chit| Action::from(MarkerAction::OathPick { power, chit }))
            .collect();
    }
    let Some(power) = swap_pending(state) else {
        return Vec::new();
    };
    swap_choices(state)
        .into_iter()
        .map(|chit| Action::from(MarkerAction::SwapPick { power, chit }))
        .collect()
}

/// What the phase markers of this player turn left pending (public).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerState {
    /// A Papal Intervention played for an exchange, its pick still to make.
    #[serde(default)]
    pub swap: Option<Power>,
    /// Spy looks at hands this player turn: the spying power and the power looked at
    /// (its player's hands were all shown). An Oath against that player may then choose.
    #[serde(default)]
    pub looked: Vec<(Power, Power)>,
    /// An Oath of Fealty that stood, its marker still to choose: the power and its
    /// target (AM3).
    #[serde(default)]
    pub oath: Option<(Power, Power)>,
}

/// "Any time in the game turn" (8.13 Spy, SP1): a quiet moment of one's own player
/// turn, or one's own say in the Mutual Negotiations Phase with no deal on the table.
fn check_spy_moment(state: &State, seat: Seat, power: Power) -> Result<(), RuleError> {
    if state.phase == super::super::state::Phase::Negotiations {
        let own_say = super::super::sequence::acting_power(state) == Some(power)
            && state.controller(power) == Some(seat)
            && state.talks.deal.is_none();
        return if own_say {
            Ok(())
        } else {
            Err(RuleError::new(
                "8.13",
                "in the negotiations a Spy is played in one's own say, with no deal on the table",
            ))
        };
    }
    check_own_quiet(state, seat, power, "Spy")
}

/// The player turn's own power at a quiet moment: when the Spy and the Assassin may be
/// played.
fn check_own_quiet(state: &State, seat: Seat, power: Power, name: &str) -> Result<(), RuleError> {
    match super::current(state) {
        Some((p, _)) if p == power && state.controller(p) == Some(seat) => {}
        _ => {
            return Err(RuleError::new(
                "8.13",
                format!("the {name} is played in one's own player turn"),
            ))
        }
    }
    if !quiet(state) {
        return Err(RuleError::new(
            "8.13",
            format!("finish what is under way before playing the {name}"),
        ));
    }
    Ok(())
}

/// 8.13 Spy (1): the spying player sees every counter of the other players' stacks on
/// the map (boxes are off the map); a counter once seen stays seen (MV4).
fn spy_stacks(
    state: &mut State,
    power: Power,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    let played = take_played(state, power, SPY)?;
    put_back(&mut state.pool, played);
    let Some(me) = state.controller(power) else {
        return Ok(());
    };
    let controllers: Vec<Option<Seat>> = state.powers.iter().map(|p| p.controller).collect();
    for (place, stacks) in state.forces.iter_mut() {
        if !matches!(place, super::super::data::Place::Square(_)) {
            continue;
        }
        for stack in stacks.iter_mut() {
            let theirs = controllers[stack.power as usize].is_some_and(|c| c != me);
            if !theirs {
                continue;
            }
            for u in stack.units.iter_mut() {
                if !u.seen_by.contains(&me) {
                    u.seen_by.push(me);
                }
            }
        }
    }
    events.push(GameEvent::public(
        "8.13",
        MarkerEvent::SpiedStacks { power },
    ));
    Ok(())
}

/// 8.13 Spy (2): the hands of the target's player, shown to the spying player only.
fn spy_hand(
    state: &mut State,
    power: Power,
    target: Power,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    if !spy_targets(state, power).contains(&target) {
        return Err(RuleError::new(
            "8.13",
            format!(
                "a Spy looks at another player's markers, not the {}'",
                target.name()
            ),
        ));
    }
    let played = take_played(state, power, SPY)?;
    put_back(&mut state.pool, played);
    state.player_turn.markers.looked.push((power, target));
    events.push(GameEvent::public(
        "8.13",
        MarkerEvent::SpiedHand { power, target },
    ));
    let their_seat = state.controller(target);
    let mut chits: Vec<Chit> = Power::ALL
        .into_iter()
        .filter(|&p| state.controller(p) == their_seat)
        .flat_map(|p| state.power(p).hand.iter().copied().collect::<Vec<_>>())
        .collect();
    chits.sort();
    events.push(private(
        state,
        &[power],
        MarkerEvent::SpiedHandChits {
            power,
            target,
            chits,
        },
    ));
    Ok(())
}

/// 8.13 Papal Intervention (1): the marker goes to the pool once the pick is made.
fn papal_swap(
    state: &mut State,
    power: Power,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    if !holds(state, power, PAPAL) {
        return Err(RuleError::new(
            "8.13",
            "that needs a Papal Intervention marker in hand",
        ));
    }
    if swap_choices(state).is_empty() {
        return Err(RuleError::new(
            "8.13",
            "there is no Action marker in the pool to exchange it for",
        ));
    }
    state.player_turn.markers.swap = Some(power);
    events.push(GameEvent::public("8.13", MarkerEvent::Swapped { power }));
    Ok(())
}

fn swap_pick(
    state: &mut State,
    seat: Seat,
    power: Power,
    chit: Chit,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    if state.player_turn.markers.swap != Some(power) || state.controller(power) != Some(seat) {
        return Err(RuleError::new(
            "8.13",
            "no Papal Intervention of theirs waits for an exchange",
        ));
    }
    let Some(i) = state
        .pool
        .iter()
        .position(|c| *c == chit && swap_choices(state).contains(c))
    else {
        return Err(RuleError::new(
            "8.13",
            "the exchange takes an Action marker that is in the pool",
        ));
    };
    let taken = state.pool.remove(i);
    let played = take_played(state, power, PAPAL)?;
    put_back(&mut state.pool, played);
    put_back(&mut state.power_mut(power).hand, taken);
    state.player_turn.markers.swap = None;
    events.push(private(
        state,
        &[power],
        MarkerEvent::SwappedFor { power, chit: taken },
    ));
    Ok(())
}

fn assassin(
    state: &mut State,
    seat: Seat,
    power: Power,
    unit: u16,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    check_own_quiet(state, seat, power, "Assassin")?;
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
    let mut events = Vec::new();
    let power = match *action {
        MarkerAction::HolyRomanEmpire { power }
        | MarkerAction::OathOfFealty { power, .. }
        | MarkerAction::PapalSwap { power } => power,
        MarkerAction::Assassin { power, unit } => {
            assassin(state, seat, power, unit, &mut events)?;
            return Ok(events);
        }
        MarkerAction::SpyStacks { power } => {
            check_spy_moment(state, seat, power)?;
            spy_stacks(state, power, &mut events)?;
            return Ok(events);
        }
        MarkerAction::SpyHand { power, target } => {
            check_spy_moment(state, seat, power)?;
            spy_hand(state, power, target, &mut events)?;
            return Ok(events);
        }
        MarkerAction::SwapPick { power, chit } => {
            swap_pick(state, seat, power, chit, &mut events)?;
            return Ok(events);
        }
        MarkerAction::OathPick { power, chit } => {
            oath_pick(state, seat, power, chit, &mut events)?;
            return Ok(events);
        }
        MarkerAction::Defection { power, place, from } => {
            check_own_quiet(state, seat, power, "Defection")?;
            super::defection::defect(state, power, place, from, &mut events)?;
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
    match *action {
        MarkerAction::HolyRomanEmpire { power } => holy_roman_empire(state, power, &mut events)?,
        MarkerAction::OathOfFealty { power, target } => {
            oath_of_fealty(state, power, target, &mut events)?
        }
        MarkerAction::PapalSwap { power } => papal_swap(state, power, &mut events)?,
        _ => {}
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
    extra_picks(state, power, usize::from(roll), "8.13", events);
    put_back(&mut state.pool, played);
    Ok(())
}

/// Picks outside the Campaign Marker Phase (8.13 Holy Roman Empire, 22.3): up to `n`
/// markers, none beyond the hand limit (PL5); an Event picked is "no event" and goes
/// back once all are drawn, so it cannot be picked again at once.
pub fn extra_picks(
    state: &mut State,
    power: Power,
    n: usize,
    rule: &'static str,
    events: &mut Vec<GameEvent<Event>>,
) {
    let mut no_event: Vec<Chit> = Vec::new();
    for _ in 0..n {
        if state.power(power).hand.len() >= hand_limit(state) {
            break;
        }
        let Some(&chit) = draw_n(state, 1).first() else {
            break;
        };
        if chit.is_event() {
            events.push(GameEvent::public(
                rule,
                MarkerEvent::NoEvent { power, chit },
            ));
            no_event.push(chit);
        } else {
            put_back(&mut state.power_mut(power).hand, chit);
            events.push(GameEvent::public(rule, CampaignEvent::Picked { power }));
            let mut seats: Vec<Seat> = state.controller(power).into_iter().collect();
            seats.dedup();
            events.push(GameEvent::private(
                seats,
                rule,
                CampaignEvent::PickedChit { power, chit },
            ));
        }
    }
    for chit in no_event {
        put_back(&mut state.pool, chit);
    }
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
    // AM3: played with a Spy that showed the target's player's hands, the Oath
    // chooses its marker instead of drawing one.
    let their_seat = state.controller(target);
    let looked = state
        .player_turn
        .markers
        .looked
        .iter()
        .any(|&(spy, seen)| spy == power && state.controller(seen) == their_seat);
    if looked {
        state.player_turn.markers.oath = Some((power, target));
        return Ok(());
    }
    let i = ((state.chance.roll(held) - 1) as usize).min(held as usize - 1);
    take_oath_marker(state, power, target, i, events);
    Ok(())
}

/// The Oath's marker, the `i`th of the target's hand, changes hands: both players
/// learn which it was; the others only that one changed hands.
fn take_oath_marker(
    state: &mut State,
    power: Power,
    target: Power,
    i: usize,
    events: &mut Vec<GameEvent<Event>>,
) {
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
}

/// AM3: the marker an Oath played after a Spy takes, chosen from the target's hand.
fn oath_pick(
    state: &mut State,
    seat: Seat,
    power: Power,
    chit: Chit,
    events: &mut Vec<GameEvent<Event>>,
) -> Result<(), RuleError> {
    let Some((by, target)) = state.player_turn.markers.oath else {
        return Err(RuleError::new(
            "8.13",
            "no Oath of Fealty of theirs waits for its choice",
        ));
    };
    if by != power || state.controller(power) != Some(seat) {
        return Err(RuleError::new(
            "8.13",
            format!("the {} choose what their Oath takes", by.name()),
        ));
    }
    let Some(i) = state.power(target).hand.iter().position(|c| *c == chit) else {
        return Err(RuleError::new(
            "8.13",
            format!("the {} hold no such marker", target.name()),
        ));
    };
    state.player_turn.markers.oath = None;
    take_oath_marker(state, power, target, i, events);
    Ok(())
}
