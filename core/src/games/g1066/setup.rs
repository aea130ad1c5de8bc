//! Set-up (27.0, T9 in `setup.json`): the fixed placements, then each power's open
//! choices as actions of its deployer, one piece at a time, in the order N, AS, V, B
//! (27.4); neutral powers are placed by the Normans' player (27.7, 27.8, D8). When the
//! last piece is down every belligerent power draws its starting markers (27.3) and the
//! first Initiative Determination Phase begins.

use super::actions::{Action, Event};
use super::chits::{all_chits, draw, put_back, Chit};
use super::data::forces::{Piece, Placing, PowerSetup, SetupGroup};
use super::data::{data, label, Place, Power};
use super::options::G1066Options;
use super::state::{Deployment, Identity, Phase, PowerState, State};
use crate::board::square::Square;
use crate::engine::{Chance, GameEvent, Hidden, RuleError, Seat};
use std::collections::{BTreeMap, BTreeSet};

/// The identity a set-up group's unit or leader piece has (None for castles).
fn identity_of(piece: &Piece) -> Option<Identity> {
    match piece {
        Piece::Unit(t) => Some(Identity::Unit(*t)),
        Piece::Leader(id) => Some(Identity::Leader(id.clone())),
        Piece::Castle => None,
    }
}

/// A group the set-up places by itself: one piece in each place, or only one place.
fn is_fixed(g: &SetupGroup) -> bool {
    g.placing == Placing::OneEach || g.places.len() == 1
}

/// The starting state: fixed pieces down, the first power with a choice to deploy.
pub fn setup_with(options: &G1066Options, chance: Chance) -> State {
    let mut powers: [PowerState; 4] = Default::default();
    for (i, p) in options.seat_powers().into_iter().enumerate() {
        powers[p as usize].controller = u8::try_from(i).ok().map(Seat);
    }
    let mut state = State {
        options: options.clone(),
        turn: 1,
        phase: Phase::Setup,
        order: Vec::new(),
        powers,
        forces: BTreeMap::new(),
        next_unit: 0,
        castles: Vec::new(),
        pillaged: BTreeSet::new(),
        pool: Hidden(all_chits()),
        deploy: None,
        bids: BTreeMap::new(),
        negotiated: Vec::new(),
        talks: Default::default(),
        pacts: Vec::new(),
        events_out: Vec::new(),
        out_of_game: Vec::new(),
        player_turn: Default::default(),
        chance,
    };
    for ps in &data().setup.powers {
        place_fixed(&mut state, ps);
    }
    // Nothing is drawn for events here: the opening events come from `apply`.
    let _ = next_deployment(&mut state, None);
    state
}

/// The pieces of the groups that need no choice.
fn place_fixed(state: &mut State, ps: &PowerSetup) {
    let seen = neutral_witness(state, ps.power);
    for g in ps.groups.iter().filter(|g| is_fixed(g)) {
        let places: Vec<Place> = match (g.placing, g.places.first()) {
            (Placing::OneEach, _) => g.places.clone(),
            (_, Some(&only)) => vec![only; usize::from(g.count)],
            (_, None) => Vec::new(),
        };
        for place in places {
            match identity_of(&g.piece) {
                Some(id) => state.add_unit(place, ps.power, id, seen.clone()),
                None => {
                    if let Place::Square(square) = place {
                        add_castle(state, square, ps.power);
                    }
                }
            }
        }
    }
}

/// A neutral's counters are seen by the player who set them up (27.7, 27.8).
fn neutral_witness(state: &State, power: Power) -> Vec<Seat> {
    match state.controller(power) {
        Some(_) => Vec::new(),
        None => state.deployer(power).into_iter().collect(),
    }
}

fn add_castle(state: &mut State, square: Square, power: Power) {
    state.castles.push(super::state::Castle {
        square,
        holder: Some(power),
    });
    state.castles.sort_by_key(|c| c.square);
}

/// The pieces of a power that its deployer still places.
fn open_pieces(power: Power) -> (Vec<Identity>, u8) {
    let mut units = Vec::new();
    let mut castles = 0u8;
    let groups = data().setup.of(power).into_iter().flat_map(|p| &p.groups);
    for g in groups.filter(|g| !is_fixed(g)) {
        match identity_of(&g.piece) {
            Some(id) => units.extend((0..g.count).map(|_| id.clone())),
            None => castles = castles.saturating_add(g.count),
        }
    }
    units.sort();
    (units, castles)
}

/// Moves on to the next power (after `after` in the 27.4 order) with pieces to place;
/// when there is none, set-up ends.
fn next_deployment(state: &mut State, after: Option<Power>) -> Vec<GameEvent<Event>> {
    let order = &data().setup.order;
    let start = after
        .and_then(|p| order.iter().position(|&q| q == p))
        .map_or(0, |i| i + 1);
    for &power in order.iter().skip(start) {
        let (units, castles) = open_pieces(power);
        let Some(seat) = state.deployer(power) else {
            continue;
        };
        if units.is_empty() && castles == 0 {
            continue;
        }
        state.deploy = Some(Deployment {
            power,
            seat,
            units: Hidden(units),
            castles,
        });
        return Vec::new();
    }
    state.deploy = None;
    finish_setup(state)
}

/// 27.3: each belligerent power draws its starting markers. Neutrals draw none (4.3)
/// until they join a player (G3.13).
fn finish_setup(state: &mut State) -> Vec<GameEvent<Event>> {
    let mut events = Vec::new();
    for &power in &data().setup.order {
        draw_starting_markers(state, power, &mut events);
    }
    state.phase = Phase::Initiative;
    events.push(GameEvent::public(
        "3.2",
        Event::PhaseBegins {
            phase: Phase::Initiative,
        },
    ));
    events
}

/// 27.3, G3.13: the power draws its starting markers; an Event drawn goes back unplayed
/// and another is drawn (D11: the Events are set aside until the power's draw is done,
/// so the same one cannot come straight back). Nothing for a neutral power.
pub fn draw_starting_markers(state: &mut State, power: Power, events: &mut Vec<GameEvent<Event>>) {
    let Some(seat) = state.controller(power) else {
        return;
    };
    let want = data()
        .tables
        .fixed
        .starting_markers
        .get(&power)
        .copied()
        .unwrap_or(0);
    let mut kept = 0u8;
    let mut set_aside: Vec<Chit> = Vec::new();
    while kept < want {
        let Some(chit) = draw(&mut state.pool, &mut state.chance) else {
            break;
        };
        events.push(GameEvent::private(
            vec![seat],
            "27.3",
            Event::MarkerDrawn { power, chit },
        ));
        if chit.is_event() {
            events.push(GameEvent::private(
                vec![seat],
                "27.3",
                Event::EventPutBack { power, chit },
            ));
            set_aside.push(chit);
        } else {
            state.power_mut(power).hand.push(chit);
            kept += 1;
        }
    }
    for chit in set_aside {
        put_back(&mut state.pool, chit);
    }
    state.power_mut(power).hand.sort();
    events.push(GameEvent::public(
        "27.3",
        Event::MarkersDrawn { power, count: kept },
    ));
}

/// The group of the deploying power that places this identity by choice.
fn group_for<'a>(power: Power, identity: &Identity) -> Option<&'a SetupGroup> {
    let ps = data().setup.of(power)?;
    ps.groups
        .iter()
        .filter(|g| !is_fixed(g))
        .find(|g| identity_of(&g.piece).as_ref() == Some(identity))
}

fn castle_group(power: Power) -> Option<&'static SetupGroup> {
    let ps = data().setup.of(power)?;
    ps.groups
        .iter()
        .find(|g| !is_fixed(g) && g.piece == Piece::Castle)
}

/// The rule of a power's deployment list (27.5 for the Normans ...).
fn list_rule(power: Power) -> &'static str {
    data()
        .setup
        .of(power)
        .map(|p| p.source.as_str())
        .unwrap_or("27.4")
}

/// The deployment in progress, if `seat` is the one placing it.
fn my_deployment(state: &State, seat: Seat) -> Result<&Deployment, RuleError> {
    if state.phase != Phase::Setup {
        return Err(RuleError::new("27.1", "set-up is over"));
    }
    let d = state
        .deploy
        .as_ref()
        .ok_or_else(|| RuleError::new("27.4", "nothing is left to deploy"))?;
    if d.seat != seat {
        return Err(RuleError::new(
            "27.4",
            format!(
                "the {} are being set up, by seat {}",
                d.power.name(),
                d.seat.0
            ),
        ));
    }
    Ok(d)
}

/// Every placement the seat may make now.
pub fn legal_deployments(state: &State, seat: Seat) -> Vec<Action> {
    let Ok(d) = my_deployment(state, seat) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut kinds: Vec<&Identity> = d.units.iter().collect();
    kinds.dedup();
    for id in kinds {
        if let Some(g) = group_for(d.power, id) {
            for &place in &g.places {
                if distinct_ok(state, d.power, g, id, place) {
                    out.push(Action::Deploy {
                        identity: id.clone(),
                        place,
                    });
                }
            }
        }
    }
    if d.castles > 0 {
        if let Some(g) = castle_group(d.power) {
            for place in &g.places {
                if let Place::Square(square) = *place {
                    if state.castle_at(square).is_none() {
                        out.push(Action::DeployCastle { square });
                    }
                }
            }
        }
    }
    out
}

/// A `distinct` unit group puts each piece in a different place (D4).
fn distinct_ok(state: &State, power: Power, g: &SetupGroup, id: &Identity, place: Place) -> bool {
    g.placing != Placing::Distinct
        || state
            .stack(place, power)
            .is_none_or(|s| s.units.iter().all(|u| *u.identity != *id))
}

/// Places one face-down counter.
pub fn deploy(
    state: &mut State,
    seat: Seat,
    identity: &Identity,
    place: Place,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let d = my_deployment(state, seat)?;
    let power = d.power;
    let rule = list_rule(power);
    let Some(at) = d.units.iter().position(|u| u == identity) else {
        return Err(RuleError::new(
            rule,
            format!("the {} have no {identity:?} left to place", power.name()),
        ));
    };
    let g = group_for(power, identity)
        .ok_or_else(|| RuleError::new(rule, "that piece has no set-up places"))?;
    if !g.places.contains(&place) {
        return Err(RuleError::new(
            rule,
            format!(
                "{identity:?} may not be set up in {}",
                super::keys::place_key(place)
            ),
        ));
    }
    if !distinct_ok(state, power, g, identity, place) {
        return Err(RuleError::new(rule, "these pieces go one to a place"));
    }
    let seen = neutral_witness(state, power);
    if let Some(d) = state.deploy.as_mut() {
        d.units.remove(at);
    }
    state.add_unit(place, power, identity.clone(), seen);
    let mut events = vec![
        GameEvent::public("27.4", Event::Deployed { power, place }),
        GameEvent::private(
            vec![seat],
            "27.4",
            Event::DeployedAs {
                power,
                identity: identity.clone(),
                place,
            },
        ),
    ];
    events.extend(after_piece(state, power));
    Ok(events)
}

/// Places one set-up castle: one to a square (12.5, 20.3).
pub fn deploy_castle(
    state: &mut State,
    seat: Seat,
    square: Square,
) -> Result<Vec<GameEvent<Event>>, RuleError> {
    let d = my_deployment(state, seat)?;
    let power = d.power;
    let rule = list_rule(power);
    if d.castles == 0 {
        return Err(RuleError::new(rule, "no castle is left to place"));
    }
    let ok = castle_group(power).is_some_and(|g| g.places.contains(&Place::Square(square)));
    if !ok {
        return Err(RuleError::new(
            rule,
            format!("a castle may not be set up in {}", label(square)),
        ));
    }
    if state.castle_at(square).is_some() {
        return Err(RuleError::new(
            "12.5",
            format!("{} already has a castle: one per square", label(square)),
        ));
    }
    if let Some(d) = state.deploy.as_mut() {
        d.castles -= 1;
    }
    add_castle(state, square, power);
    let mut events = vec![GameEvent::public(
        "27.4",
        Event::CastlePlaced { power, square },
    )];
    events.extend(after_piece(state, power));
    Ok(events)
}

/// After a piece: the next power deploys once this one is done.
fn after_piece(state: &mut State, power: Power) -> Vec<GameEvent<Event>> {
    let done = state
        .deploy
        .as_ref()
        .is_none_or(|d| d.units.is_empty() && d.castles == 0);
    if done {
        next_deployment(state, Some(power))
    } else {
        Vec::new()
    }
}
