//! Building 878 positions for rule tests: the standard game after set-up, a bare map to
//! put troops and Leaders on, turns started with a chosen cube, fixed dice.
#![allow(dead_code)] // each test file uses some of these helpers

use super::super::actions::{Army, Spot, V878Action};
use super::super::control;
use super::super::data::{data, Face, Faction};
pub use super::super::happenings::{Happening, V878Event};
use super::super::rules;
use super::super::state::{LeaderPlace, Pending, Phase, V878State, FYRD};
use super::super::turn;
use super::super::{V878Options, V878};
use crate::board::area::AreaId;
use crate::engine::{Game, RuleError, Scripted};

pub const HC: Faction = Faction::Housecarl;
pub const TH: Faction = Faction::Thegn;
pub const NO: Faction = Faction::Norsemen;
pub const BE: Faction = Faction::Berserker;

/// A shire by its map id (or printed or modern name).
pub fn sh(id: &str) -> AreaId {
    data().find(id).unwrap_or_else(|| panic!("no shire {id}"))
}

pub fn options() -> V878Options {
    V878::options("standard").unwrap()
}

/// The standard game as set up by `seed`, the English additional units still to place.
pub fn dealt(seed: u64) -> V878State {
    V878::setup(&options(), seed)
}

/// The standard game after set-up, the English additional units placed by explicit
/// actions (Housecarl: 2 in Winchester and 2 in London; Thegn: 4 in York): the
/// Norsemen's first Turn of Round I has begun.
pub fn standard(seed: u64) -> V878State {
    let mut s = dealt(seed);
    act(&mut s, HC, &place("uintancaestir", 2));
    act(&mut s, HC, &place("lundenwic", 2));
    act(&mut s, TH, &place("euruic", 4));
    s
}

/// A standard game with an empty map: every unit back in its stockpile, every Leader
/// waiting with an empty card, no marker on the map, no Movement card played, nothing
/// pending; Round `round`, with `active` the only faction to have drawn its cube, in
/// `phase`. Hands and decks are as dealt. Tests then put only what they need.
pub fn bare(round: u8, active: Faction, phase: Phase) -> V878State {
    let mut s = standard(1);
    clear(&mut s);
    s.round = round;
    s.order = vec![active];
    s.phase = phase;
    s
}

/// Empties the board: every unit (on the map, on Leader cards, fled, raiding) back to
/// its stockpile, every Leader waiting, no marker on the map, nothing pending, no
/// Movement card, no effect in force.
pub fn clear(s: &mut V878State) {
    for i in 0..s.map.len() {
        for f in Faction::ALL {
            let n = s.map[i][f as usize];
            s.faction_mut(f).stock += n;
        }
        s.fyrd_stock += s.map[i][FYRD];
        s.map[i] = [0; 5];
        s.moved[i] = [0; 5];
        s.marked[i] = false;
    }
    for i in 0..s.leaders.len() {
        for f in Faction::ALL {
            let n = s.leaders[i].troops[f as usize];
            s.faction_mut(f).stock += n;
        }
        let l = &mut s.leaders[i];
        l.troops = [0; 5];
        l.place = LeaderPlace::Waiting;
        l.moves_left = 0;
        l.moving = false;
        l.done = false;
    }
    for f in Faction::ALL {
        let fled = s.faction(f).fled;
        let raid = s.raiders[f as usize];
        let fs = s.faction_mut(f);
        fs.stock += fled + raid;
        fs.fled = 0;
    }
    s.raiders = [0; 5];
    s.budget = None;
    s.pending.clear();
    s.battle = None;
    s.finish = None;
    s.effects = Default::default();
}

/// Puts `n` units of a faction in a shire, from its stockpile.
pub fn put(s: &mut V878State, shire: &str, kind: Faction, n: u8) {
    let id = sh(shire);
    s.faction_mut(kind).stock -= n;
    s.map[id.0 as usize][kind as usize] += n;
}

/// Puts `n` Fyrd in a shire, from the Fyrd stockpile.
pub fn put_fyrd(s: &mut V878State, shire: &str, n: u8) {
    let id = sh(shire);
    s.fyrd_stock -= n;
    s.map[id.0 as usize][FYRD] += n;
}

/// Units of `kind` (a faction, or `FYRD`) standing on the map in a shire.
pub fn at(s: &V878State, shire: &str, kind: usize) -> u8 {
    s.map[sh(shire).0 as usize][kind]
}

/// The index of the Leader of an Invasion card (0 for Alfred the Great).
pub fn leader_ix(s: &V878State, card: u8) -> u8 {
    s.leaders
        .iter()
        .position(|l| l.card == card)
        .unwrap_or_else(|| panic!("no Leader card {card}")) as u8
}

/// Brings a Leader into play at `place` with units from the stockpiles on his card:
/// `troops` is Housecarl, Thegn, Norsemen, Berserker.
pub fn leader(s: &mut V878State, card: u8, place: LeaderPlace, troops: Army) -> u8 {
    let i = leader_ix(s, card);
    for f in Faction::ALL {
        s.faction_mut(f).stock -= troops[f as usize];
        s.leaders[i as usize].troops[f as usize] += troops[f as usize];
    }
    s.leaders[i as usize].place = place;
    i
}

pub fn on_map(shire: &str) -> LeaderPlace {
    LeaderPlace::OnMap(sh(shire))
}

/// Sets a faction's hand; its deck becomes the other cards of 01-12, in order (the top,
/// drawn first, is the last).
pub fn hand(s: &mut V878State, f: Faction, cards: &[u8]) {
    let fs = s.faction_mut(f);
    *fs.hand = cards.to_vec();
    *fs.deck = (1..=12).filter(|c| !cards.contains(c)).collect();
    fs.discard.clear();
}

/// A bare Round-`round` Turn of `f` that has just played Movement card `card` (the
/// phase is then the Leader Phase if `f` can move a Leader, else the Movement Phase).
/// Leaders to move must be put before: use `bare` and `play` for that.
pub fn moving(round: u8, f: Faction, card: u8) -> V878State {
    let mut s = bare(round, f, Phase::Reinforcements);
    play(&mut s, f, card);
    s
}

/// The active faction plays card `card`, put in its hand first; a window it opens for
/// other factions' Events (Saxon Navy) is passed.
pub fn play(s: &mut V878State, f: Faction, card: u8) -> Vec<Happening> {
    if !s.faction(f).hand.contains(&card) {
        s.faction_mut(f).hand.push(card);
    }
    let mut events = act(s, f, &V878Action::PlayCard { card });
    events.extend(pass_windows(s));
    events
}

/// Starts the next Turn with `f`'s cube drawn, after `before` have had theirs this Round.
pub fn begin(s: &mut V878State, before: &[Faction], f: Faction) -> Vec<Happening> {
    s.order = before.to_vec();
    let left: Vec<Faction> = Faction::ALL
        .into_iter()
        .filter(|g| !before.contains(g))
        .collect();
    let face = left.iter().position(|g| *g == f).expect("cube in the bag") as u32 + 1;
    s.chance.script_rolls(&[face]);
    let events = turn::next_turn(s);
    assert_eq!(s.active(), Some(f));
    events
}

/// Markers follow occupation (as after every action): for positions built by hand.
pub fn settle_markers(s: &mut V878State) {
    control::update_markers(s);
}

/// Every faction asked in an Event window (the start of a battle, the start of a Viking
/// Turn's moves) plays no Event (8.0).
pub fn pass_windows(s: &mut V878State) -> Vec<Happening> {
    let mut events = Vec::new();
    while let Some(Pending::Window { faction }) = s.pending.first().copied() {
        events.extend(act(s, faction, &V878Action::Pass));
    }
    events
}

/// Plays out the active faction's Turn without moving or fighting: pending placements
/// go to the first place offered, the first Movement card in hand is played, and every
/// phase is ended.
pub fn pass_turn(s: &mut V878State) {
    let f = s.active().expect("a Turn under way");
    let (round, turn) = (s.round, s.order.len());
    while s.finish.is_none() && s.round == round && s.order.len() == turn {
        let who = rules::deciding(s).expect("someone decides");
        let options = legal(s, who);
        let a = if matches!(s.pending.first(), Some(Pending::Window { .. })) {
            V878Action::Pass
        } else if who != f || !s.pending.is_empty() {
            options.first().cloned().expect("a legal action")
        } else {
            options
                .iter()
                .find(|a| matches!(a, V878Action::PlayCard { .. }))
                .cloned()
                .unwrap_or(V878Action::End)
        };
        act(s, who, &a);
    }
}

pub fn dice(s: &mut V878State, faces: &[u32]) {
    s.chance.script_rolls(faces);
}

/// The next shuffle puts the old items in this order (indices into the old list).
pub fn shuffle_order(s: &mut V878State, order: &[u32]) {
    s.chance.script([Scripted::Order(order.to_vec())]);
}

pub fn act(s: &mut V878State, f: Faction, a: &V878Action) -> Vec<Happening> {
    rules::apply(s, f, a).unwrap_or_else(|e| panic!("{a:?} by the {}: {e}", f.name()))
}

/// An action that must be refused: checks that nothing changed and returns the error.
pub fn refuse(s: &mut V878State, f: Faction, a: &V878Action) -> RuleError {
    let before = V878::state_hash(s);
    let e = rules::apply(s, f, a).expect_err(&format!("{a:?} should be refused"));
    assert_eq!(
        before,
        V878::state_hash(s),
        "a refused action changed the state"
    );
    e
}

pub fn legal(s: &V878State, f: Faction) -> Vec<V878Action> {
    rules::legal_actions(s, f)
}

pub fn is_legal(s: &V878State, f: Faction, a: &V878Action) -> bool {
    legal(s, f).contains(a)
}

/// The events as people read them, `[rule] text` (for the tests of `describe` wording).
pub fn texts(events: &[Happening]) -> Vec<String> {
    events.iter().map(|e| e.to_string()).collect()
}

/// The event values, without rule and audience.
pub fn kinds(events: &[Happening]) -> Vec<V878Event> {
    events.iter().map(|e| e.kind.clone()).collect()
}

/// The event of this rule and value is among the events.
pub fn has(events: &[Happening], rule: &str, kind: &V878Event) -> bool {
    events.iter().any(|e| e.rule == rule && e.kind == *kind)
}

/// The dice rolls (a faction's or the Fyrd's) among some events, in order.
pub fn rolls(events: &[Happening]) -> Vec<V878Event> {
    events
        .iter()
        .filter(|e| matches!(e.kind, V878Event::Roll { .. } | V878Event::FyrdRoll { .. }))
        .map(|e| e.kind.clone())
        .collect()
}

/// A faction's roll with these faces, by their first letters: `H`it, `F`lee,
/// `C`ommand, `-` blank.
pub fn roll(faction: Faction, faces: &str) -> V878Event {
    V878Event::Roll {
        faction,
        faces: face_list(faces),
    }
}

/// The Fyrd's roll with these faces (as in `roll`).
pub fn fyrd_roll(faces: &str) -> V878Event {
    V878Event::FyrdRoll {
        faces: face_list(faces),
    }
}

fn face_list(faces: &str) -> Vec<Face> {
    faces
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            'H' => Face::Hit,
            'F' => Face::Flee,
            'C' => Face::Command,
            '-' => Face::Blank,
            _ => panic!("no die face '{c}'"),
        })
        .collect()
}

// ---- actions ----

pub fn place(shire: &str, n: u8) -> V878Action {
    V878Action::Place {
        shire: sh(shire),
        n,
    }
}

pub fn march(path: &[&str], army: Army) -> V878Action {
    V878Action::March {
        path: path.iter().map(|p| sh(p)).collect(),
        army,
    }
}

pub fn step(leader: u8, to: &str) -> V878Action {
    V878Action::LeaderStep { leader, to: sh(to) }
}

pub fn fight(shire: &str) -> V878Action {
    V878Action::Fight { shire: sh(shire) }
}

/// A casualty of `kind` (a faction, or `FYRD`) from the map.
pub fn hit(kind: usize) -> V878Action {
    V878Action::TakeHit {
        kind: kind as u8,
        spot: Spot::Map,
    }
}

pub fn hit_on(kind: usize, leader: u8) -> V878Action {
    V878Action::TakeHit {
        kind: kind as u8,
        spot: Spot::Card(leader),
    }
}

pub const FLEE: V878Action = V878Action::Flee { spot: Spot::Map };

/// Declines the rest of a faction's Commands.
pub const KEEP: V878Action = V878Action::Command {
    spot: Spot::Map,
    to: None,
};

pub fn command(to: &str) -> V878Action {
    V878Action::Command {
        spot: Spot::Map,
        to: Some(sh(to)),
    }
}

pub const END: V878Action = V878Action::End;

pub const H: usize = Faction::Housecarl as usize;
pub const T: usize = Faction::Thegn as usize;
pub const N: usize = Faction::Norsemen as usize;
pub const B: usize = Faction::Berserker as usize;
pub const F: usize = FYRD;
