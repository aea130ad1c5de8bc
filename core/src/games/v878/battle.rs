//! Battles (4.0-4.7, 5.2): the defender rolls first, then the sides alternate until one
//! is gone; Hits are taken by the other side, Flees and Commands by the roller's own
//! factions; the Berserker rule, the Fyrd, and the Leader's move cost.

use super::actions::Spot;
use super::cards;
use super::data::{data, Face, Faction, Side};
use super::happenings::{Guard, Happening, Unit, V878Event as E};
use super::state::{extra, Battle, LeaderPlace, Pending, Stage, V878State, FYRD};
use super::window;
use crate::board::area::AreaId;
use crate::engine::RuleError;

fn name(s: AreaId) -> String {
    data().shire(s).map(|x| x.name.clone()).unwrap_or_default()
}

/// Shires where both sides have units: each must be fought in the Battle Phase (4.0).
pub fn battle_shires(state: &V878State) -> Vec<AreaId> {
    let here = super::queries::Presence::of(state);
    data()
        .ids()
        .filter(|s| here.holds(*s, Side::English) && here.holds(*s, Side::Viking))
        .collect()
}

pub fn start(state: &mut V878State, shire: AreaId, leader: Option<u8>) -> Vec<Happening> {
    let Some(active) = state.active() else {
        return Vec::new();
    };
    let attacker = active.side();
    state.battle = Some(Battle::opening(shire, attacker, leader));
    let mut events = vec![Happening::public(
        "4.0",
        E::BattleBegins { shire, attacker },
    )];
    // 8.0, G16: first every faction that could hold a battle Event is asked; Danegeld
    // and then the Fyrd (4.7) follow (after_windows).
    for faction in window::window_factions(state) {
        state.pending.push(Pending::Window { faction });
    }
    events.extend(advance(state));
    events
}

pub fn fight(
    state: &mut V878State,
    f: Faction,
    shire: AreaId,
) -> Result<Vec<Happening>, RuleError> {
    if state.phase != super::state::Phase::Battles
        || state.active() != Some(f)
        || state.battle.is_some()
    {
        return Err(RuleError::new(
            "4.0",
            "battles are fought in the Battle Phase of your Turn",
        ));
    }
    if !battle_shires(state).contains(&shire) {
        return Err(RuleError::new(
            "4.0",
            format!("there is no battle in {}", name(shire)),
        ));
    }
    Ok(start(state, shire, None))
}

pub fn call_fyrd(
    state: &mut V878State,
    f: Faction,
    call: bool,
) -> Result<Vec<Happening>, RuleError> {
    if state.pending.first() != Some(&Pending::Fyrd { faction: f }) {
        return Err(RuleError::new("4.7", "no Fyrd call is due from you"));
    }
    state.pending.remove(0);
    let Some(b) = state.battle else {
        return Ok(Vec::new());
    };
    if !call {
        return Ok(vec![Happening::public("4.7", E::FyrdDeclined)]);
    }
    let Some((card, value)) = cards::draw_fyrd(state) else {
        return Ok(vec![Happening::public("4.7", E::FyrdDeckEmpty)]);
    };
    let n = value.min(state.fyrd_stock);
    state.fyrd_stock -= n;
    state.map[b.shire.0 as usize][FYRD] += n;
    Ok(vec![Happening::public("4.7", E::FyrdJoin { card, n })])
}

/// Drops battle decisions that can no longer be taken because the units they concern
/// have all left the shire (e.g. with a retreating Leader, AG 121).
fn prune(state: &mut V878State) {
    let Some(b) = state.battle else { return };
    while let Some(&p) = state.pending.first() {
        let stale = match p {
            Pending::Flee { faction, .. } | Pending::Command { faction, .. } => {
                state.present(b.shire, faction) == 0
            }
            Pending::Hits { faction, .. } => state.side_strength(b.shire, faction.side()) == 0,
            _ => false,
        };
        if !stale {
            break;
        }
        state.pending.remove(0);
    }
}

/// Rolls and resolves until a decision is due or the battle is over.
pub fn advance(state: &mut V878State) -> Vec<Happening> {
    prune(state);
    let mut events = Vec::new();
    while state.pending.is_empty() {
        let Some(mut b) = state.battle else {
            break;
        };
        if b.charge_check {
            b.charge_check = false;
            if state.side_strength(b.shire, b.attacker.other()) > 0 {
                if let Some(l) = b.leader.and_then(|i| state.leaders.get_mut(i as usize)) {
                    l.moves_left = l.moves_left.saturating_sub(1);
                    let leader = l.card;
                    events.push(Happening::public("5.2", E::LeaderMoveSpent { leader }));
                }
            }
            state.battle = Some(b);
        }
        let attackers = state.side_strength(b.shire, b.attacker) > 0;
        let defenders = state.side_strength(b.shire, b.attacker.other()) > 0;
        if !attackers || !defenders {
            events.extend(end(state));
            break;
        }
        match b.stage {
            Stage::Windows | Stage::Fyrd | Stage::Danegeld => after_windows(state),
            Stage::Extras => {
                if b.extras == 0 {
                    b.stage = Stage::Exchange;
                    state.battle = Some(b);
                } else {
                    let bit = b.extras & b.extras.wrapping_neg();
                    b.extras &= !bit;
                    state.battle = Some(b);
                    events.extend(extra_roll(state, bit));
                }
            }
            Stage::Exchange => {
                let side = b.roller;
                events.extend(roll(state, side, &side.factions(), Mode::All, true));
            }
        }
    }
    events
}

/// Which results of a roll count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    All,
    /// Feigned Retreat: only Flees count.
    FleesOnly,
    /// Archers: Flees are ignored.
    NoFlees,
}

/// The extra rolls of battle Events (G16 step 5).
fn extra_roll(state: &mut V878State, bit: u8) -> Vec<Happening> {
    let english = Side::English.factions();
    let viking = Side::Viking.factions();
    match bit {
        extra::FEIGNED_RETREAT => roll(state, Side::English, &english, Mode::FleesOnly, false),
        extra::SURPRISE_ATTACK => roll(state, Side::Viking, &viking, Mode::All, false),
        extra::AMBUSH => roll(state, Side::English, &english, Mode::All, false),
        extra::ARCHERS => roll(state, Side::English, &english, Mode::NoFlees, false),
        extra::BATTLE_FRENZY => roll(state, Side::Viking, &[Faction::Berserker], Mode::All, false),
        _ => Vec::new(),
    }
}

/// One roll of a side's `factions` (and the Fyrd for the English). `normal`: a roll
/// of the exchange, which passes the turn to roll to the other side and may cost an
/// attacking Leader a move (5.2); extra Event rolls do neither.
fn roll(
    state: &mut V878State,
    side: Side,
    factions: &[Faction],
    mode: Mode,
    normal: bool,
) -> Vec<Happening> {
    let Some(mut b) = state.battle else {
        return Vec::new();
    };
    let shire = b.shire;
    let d = data();
    let mut events = Vec::new();
    let mut hits = 0u8;
    let mut flees: Vec<(Faction, u8)> = Vec::new();
    let mut commands: Vec<(Faction, u8)> = Vec::new();
    for &f in factions {
        let present = state.present(shire, f);
        if present == 0 {
            continue;
        }
        let dice = d.dice(f);
        let n = present.min(dice.owned);
        let mut faces = Vec::with_capacity(n as usize);
        let (mut h, mut fl, mut c) = (0u8, 0u8, 0u8);
        for _ in 0..n {
            let face = dice.faces[(state.chance.roll(6) - 1) as usize];
            match face {
                Face::Hit => h += 1,
                Face::Flee => fl += 1,
                Face::Command => c += 1,
                Face::Blank => {}
            }
            faces.push(face);
        }
        events.push(Happening::public("4.1", E::Roll { faction: f, faces }));
        hits += h;
        if fl > 0 {
            flees.push((f, fl));
        }
        if c > 0 {
            commands.push((f, c));
        }
    }
    let mut fyrd_flee = 0u8;
    if side == Side::English
        && factions.contains(&Faction::Housecarl)
        && state.map[shire.0 as usize][FYRD] > 0
    {
        let dice = d.fyrd_dice();
        let n = state.map[shire.0 as usize][FYRD].min(dice.owned);
        let mut faces = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let face = dice.faces[(state.chance.roll(6) - 1) as usize];
            match face {
                Face::Hit => hits += 1,
                Face::Flee => fyrd_flee += 1,
                _ => {}
            }
            faces.push(face);
        }
        events.push(Happening::public("4.7", E::FyrdRoll { faces }));
    }
    match mode {
        Mode::FleesOnly => {
            hits = 0;
            commands.clear();
        }
        Mode::NoFlees => {
            flees.clear();
            fyrd_flee = 0;
        }
        Mode::All => {}
    }
    hits = cancel_hits(state, &mut b, side, hits, &mut events);
    // 4.5, G17: the first English roll that can score Hits carries the Berserker rule.
    let can_hit = mode != Mode::FleesOnly;
    let berserker_first = side == Side::English
        && can_hit
        && !b.english_rolled
        && hits > 0
        && state.present(shire, Faction::Berserker) > 0;
    if side == Side::English && can_hit {
        b.english_rolled = true;
    }
    if normal {
        if side == b.attacker && !b.attacker_rolled {
            b.attacker_rolled = true;
            b.charge_check = b.leader.is_some();
        }
        b.roller = side.other();
    }
    state.battle = Some(b);
    // 4.4: Hits and Flees first, then Commands. AG 121: in Alfred's Gambit a side
    // with its Leader here may first retreat him, turning its Hits into Flees.
    let leader_here = state.leaders.iter().any(|l| {
        l.shire() == Some(shire)
            && l.side() == side
            && side.factions().iter().any(|f| l.troops[*f as usize] > 0)
    });
    let gambit = data().scenarios()[state.options.scenario as usize].leader_retreat;
    if normal && gambit && leader_here && !retreat_targets(state, side, shire).is_empty() {
        let faction = state.decider(shire, side);
        state.pending.push(Pending::LeaderRetreat {
            faction,
            hits,
            berserker_first,
        });
    } else if hits > 0 {
        let faction = state.decider(shire, side.other());
        state.pending.push(Pending::Hits {
            faction,
            hits,
            berserker_first,
        });
    }
    if fyrd_flee > 0 {
        let n = fyrd_flee.min(state.map[shire.0 as usize][FYRD]);
        state.map[shire.0 as usize][FYRD] -= n;
        state.fyrd_stock += n;
        events.push(Happening::public("4.7", E::FyrdFleeHome { n }));
    }
    for (faction, left) in flees {
        state.pending.push(Pending::Flee { faction, left });
    }
    for (faction, left) in commands {
        state.pending.push(Pending::Command { faction, left });
    }
    events
}

/// Hits ignored by Viking Fort, Shield Wall, P-Burh and P-Saxon Shield Wall.
fn cancel_hits(
    state: &V878State,
    b: &mut Battle,
    side: Side,
    mut hits: u8,
    events: &mut Vec<Happening>,
) -> u8 {
    let cancel = |by: Guard, hits: &mut u8, events: &mut Vec<Happening>| {
        if *hits > 0 {
            *hits -= 1;
            events.push(Happening::public("8.0", E::HitIgnored { by }));
        }
    };
    match side {
        Side::English => {
            if b.fort {
                cancel(Guard::VikingFort, &mut hits, events);
            }
            if state.effects.shield_wall
                && !b.shield_wall_used
                && hits > 0
                && state.present(b.shire, Faction::Norsemen) > 0
            {
                b.shield_wall_used = true;
                cancel(Guard::ShieldWall, &mut hits, events);
            }
        }
        Side::Viking => {
            if b.burh {
                cancel(Guard::Burh, &mut hits, events);
            }
            if b.saxon_shield && hits > 0 {
                b.saxon_shield = false;
                cancel(Guard::SaxonShieldWall, &mut hits, events);
            }
        }
    }
    hits
}

/// Units of `kind` (a faction index, or FYRD) at a spot of the battle shire.
fn at_spot(state: &V878State, shire: AreaId, kind: usize, spot: Spot) -> u8 {
    match spot {
        Spot::Map => state.map[shire.0 as usize][kind],
        Spot::Card(i) => match state.leaders.get(i as usize) {
            Some(l) if l.shire() == Some(shire) => l.troops[kind],
            _ => 0,
        },
    }
}

fn remove_at(state: &mut V878State, shire: AreaId, kind: usize, spot: Spot) {
    match spot {
        Spot::Map => state.map[shire.0 as usize][kind] -= 1,
        Spot::Card(i) => state.leaders[i as usize].troops[kind] -= 1,
    }
}

/// The spots of the battle shire: the map and each Leader card there.
pub fn spots(state: &V878State, shire: AreaId) -> Vec<Spot> {
    let mut v = vec![Spot::Map];
    for (i, l) in state.leaders.iter().enumerate() {
        if l.shire() == Some(shire) {
            v.push(Spot::Card(i as u8));
        }
    }
    v
}

pub fn take_hit(
    state: &mut V878State,
    f: Faction,
    kind: u8,
    spot: Spot,
) -> Result<Vec<Happening>, RuleError> {
    let Some(Pending::Hits {
        faction,
        hits,
        berserker_first,
    }) = state.pending.first().copied()
    else {
        return Err(RuleError::new("4.2", "no Hits are waiting to be taken"));
    };
    let b = state
        .battle
        .ok_or_else(|| RuleError::new("4.2", "no battle"))?;
    if faction != f {
        return Err(RuleError::new(
            "G15",
            format!("the {} choose these casualties", faction.name()),
        ));
    }
    let receiving = f.side();
    let k = kind as usize;
    let kind_side = if k == FYRD {
        Some(Side::English)
    } else {
        Faction::ALL.get(k).map(|x| x.side())
    };
    if kind_side != Some(receiving) || at_spot(state, b.shire, k, spot) == 0 {
        return Err(RuleError::new("4.2", "no such unit of your side there"));
    }
    if berserker_first
        && k != Faction::Berserker as usize
        && state.present(b.shire, Faction::Berserker) > 0
    {
        return Err(RuleError::new(
            "4.5",
            "the first Hit of the first English roll must remove a Berserker",
        ));
    }
    remove_at(state, b.shire, k, spot);
    let unit = if k == FYRD {
        state.fyrd_stock += 1;
        Unit::Fyrd
    } else {
        let kf = Faction::ALL[k];
        state.faction_mut(kf).stock += 1;
        Unit::Faction(kf)
    };
    let left = hits - 1;
    if left == 0 || state.side_strength(b.shire, receiving) == 0 {
        state.pending.remove(0);
    } else if let Some(Pending::Hits {
        hits,
        berserker_first,
        ..
    }) = state.pending.first_mut()
    {
        *hits = left;
        *berserker_first = false;
    }
    Ok(vec![Happening::public(
        if berserker_first { "4.5" } else { "4.2" },
        E::UnitHit { unit },
    )])
}

pub fn flee(state: &mut V878State, f: Faction, spot: Spot) -> Result<Vec<Happening>, RuleError> {
    let Some(Pending::Flee { faction, left }) = state.pending.first().copied() else {
        return Err(RuleError::new("4.3", "no Flee is waiting"));
    };
    let b = state
        .battle
        .ok_or_else(|| RuleError::new("4.3", "no battle"))?;
    if faction != f || at_spot(state, b.shire, f as usize, spot) == 0 {
        return Err(RuleError::new("4.3", "no unit of yours there"));
    }
    remove_at(state, b.shire, f as usize, spot);
    state.faction_mut(f).fled += 1;
    finish_step(state, f, left, b.shire);
    Ok(vec![Happening::public("4.3", E::UnitFlees { faction: f })])
}

fn finish_step(state: &mut V878State, f: Faction, left: u8, shire: AreaId) {
    if left <= 1 || state.present(shire, f) == 0 {
        state.pending.remove(0);
    } else {
        match state.pending.first_mut() {
            Some(Pending::Flee { left: l, .. }) | Some(Pending::Command { left: l, .. }) => {
                *l = left - 1
            }
            _ => {}
        }
    }
}

/// Shires a Command can send a unit to: next to the battle, holding units of its side
/// (4.4), and open to its side.
pub fn command_targets(state: &V878State, f: Faction, shire: AreaId) -> Vec<AreaId> {
    data()
        .neighbours(shire)
        .iter()
        .copied()
        .filter(|n| state.side_strength(*n, f.side()) > 0 && state.may_enter(f.side(), *n))
        .collect()
}

pub fn command(
    state: &mut V878State,
    f: Faction,
    spot: Spot,
    to: Option<AreaId>,
) -> Result<Vec<Happening>, RuleError> {
    let Some(Pending::Command { faction, left }) = state.pending.first().copied() else {
        return Err(RuleError::new("4.4", "no Command is waiting"));
    };
    let b = state
        .battle
        .ok_or_else(|| RuleError::new("4.4", "no battle"))?;
    if faction != f {
        return Err(RuleError::new("4.4", "not your Command"));
    }
    let Some(to) = to else {
        state.pending.remove(0);
        return Ok(vec![Happening::public(
            "4.4",
            E::CommandsKept { faction: f },
        )]);
    };
    if at_spot(state, b.shire, f as usize, spot) == 0
        || !command_targets(state, f, b.shire).contains(&to)
    {
        return Err(RuleError::new(
            "4.4",
            "a Command moves one of your units to a next shire held by your side",
        ));
    }
    remove_at(state, b.shire, f as usize, spot);
    state.map[to.0 as usize][f as usize] += 1;
    // 3.1: a unit that leaves a battle by Command has moved this Turn.
    state.moved[to.0 as usize][f as usize] += 1;
    let mut events = vec![Happening::public("4.4", E::Withdraws { faction: f, to })];
    // 5.2: if the last friendly unit of a Leader's card leaves, the Leader may go too.
    if let Spot::Card(i) = spot {
        let l = &state.leaders[i as usize];
        let side = f.side();
        let empty = side.factions().iter().all(|g| l.troops[*g as usize] == 0);
        if empty && state.side_strength(b.shire, side) == 0 {
            // He did not win (5.2): he moves no further this Turn.
            let l = &mut state.leaders[i as usize];
            l.place = LeaderPlace::OnMap(to);
            l.moves_left = 0;
            let leader = l.card;
            events.push(Happening::public("5.2", E::LeaderWithdraws { leader }));
        }
    }
    finish_step(state, f, left, b.shire);
    Ok(events)
}

fn end(state: &mut V878State) -> Vec<Happening> {
    let Some(b) = state.battle.take() else {
        return Vec::new();
    };
    let mut events = Vec::new();
    let winner = if state.side_strength(b.shire, Side::English) > 0 {
        Some(Side::English)
    } else if state.side_strength(b.shire, Side::Viking) > 0 {
        Some(Side::Viking)
    } else {
        None
    };
    let fyrd = state.map[b.shire.0 as usize][FYRD];
    if fyrd > 0 {
        state.map[b.shire.0 as usize][FYRD] = 0;
        state.fyrd_stock += fyrd;
        events.push(Happening::public("4.7", E::FyrdGoHome { n: fyrd }));
    }
    if b.stage == Stage::Danegeld && winner == Some(Side::English) {
        // G16 step 2, G29: Danegeld left no Viking, so no battle is fought (no Fyrd).
        events.push(Happening::public("G29", E::NoBattle { shire: b.shire }));
    } else {
        events.push(Happening::public(
            "4.0",
            match winner {
                Some(side) => E::BattleWon {
                    side,
                    shire: b.shire,
                },
                None => E::ShireLeftEmpty { shire: b.shire },
            },
        ));
    }
    events.extend(defeat_leaders(state));
    events
}

/// 5.2: a Leader with no friendly units on his card and none in his shire is defeated.
pub fn defeat_leaders(state: &mut V878State) -> Vec<Happening> {
    let mut events = Vec::new();
    for i in 0..state.leaders.len() {
        let l = &state.leaders[i];
        let Some(shire) = l.shire() else { continue };
        let side = l.side();
        let on_card = side.factions().iter().any(|f| l.troops[*f as usize] > 0);
        if !on_card && state.side_strength(shire, side) == 0 {
            state.leaders[i].place = LeaderPlace::Defeated;
            let leader = state.leaders[i].card;
            events.push(Happening::public("5.2", E::LeaderDefeated { leader }));
        }
    }
    events
}

/// AG 121, G26: shires a side's Leader may retreat into: next to the battle, free of
/// enemy units, open to the side.
pub fn retreat_targets(state: &V878State, side: Side, shire: AreaId) -> Vec<AreaId> {
    data()
        .neighbours(shire)
        .iter()
        .copied()
        .filter(|n| state.side_strength(*n, side.other()) == 0 && state.may_enter(side, *n))
        .collect()
}

/// AG 121: the rolling side keeps its Leader in the battle (its Hits strike), or
/// retreats him with his card to `to` (its Hits become Flees of its own units).
pub fn leader_retreat(
    state: &mut V878State,
    f: Faction,
    to: Option<AreaId>,
) -> Result<Vec<Happening>, RuleError> {
    let Some(Pending::LeaderRetreat {
        faction,
        hits,
        berserker_first,
    }) = state.pending.first().copied()
    else {
        return Err(RuleError::new("AG-121", "no Leader retreat is open"));
    };
    let b = state
        .battle
        .ok_or_else(|| RuleError::new("AG-121", "no battle"))?;
    if faction != f {
        return Err(RuleError::new("AG-121", "not your decision"));
    }
    let side = f.side();
    let Some(to) = to else {
        state.pending.remove(0);
        if hits > 0 {
            let receiver = state.decider(b.shire, side.other());
            state.pending.insert(
                0,
                Pending::Hits {
                    faction: receiver,
                    hits,
                    berserker_first,
                },
            );
        }
        return Ok(vec![Happening::public("AG-121", E::LeaderStands)]);
    };
    if !retreat_targets(state, side, b.shire).contains(&to) {
        return Err(RuleError::new(
            "AG-121",
            "the Leader retreats to a next shire free of the enemy",
        ));
    }
    state.pending.remove(0);
    let mut events = Vec::new();
    for i in 0..state.leaders.len() {
        if state.leaders[i].shire() == Some(b.shire) && state.leaders[i].side() == side {
            state.leaders[i].place = LeaderPlace::OnMap(to);
            let leader = state.leaders[i].card;
            events.push(Happening::public(
                "AG-121",
                E::LeaderRetreats { leader, to },
            ));
        }
    }
    if hits > 0 && state.present(b.shire, f) > 0 {
        state.pending.insert(
            0,
            Pending::Flee {
                faction: f,
                left: hits,
            },
        );
        events.push(Happening::public("AG-121", E::HitsBecomeFlees { hits }));
    }
    Ok(events)
}

/// Moves the battle past the Window stage (G16 steps 2-3): Danegeld first (the card
/// acts before each battle), then the Fyrd (they join at the beginning of the battle).
/// A Danegeld that leaves no Viking in the shire ends it before the Fyrd are asked:
/// `battle::advance` stops when a side is gone (G29).
pub fn after_windows(state: &mut V878State) {
    let Some(mut b) = state.battle else { return };
    match b.stage {
        Stage::Windows => {
            b.stage = Stage::Danegeld;
            state.battle = Some(b);
            let vikings = state.present(b.shire, Faction::Norsemen)
                + state.present(b.shire, Faction::Berserker);
            if state.effects.danegeld && b.attacker == Side::Viking && vikings > 0 {
                let faction = state.decider(b.shire, Side::Viking);
                state.pending.push(Pending::Danegeld { faction });
            }
        }
        Stage::Danegeld => {
            b.stage = Stage::Fyrd;
            state.battle = Some(b);
            let english =
                state.present(b.shire, Faction::Housecarl) + state.present(b.shire, Faction::Thegn);
            if b.attacker == Side::Viking
                && data().is_city(b.shire)
                && english > 0
                && state.fyrd_stock > 0
            {
                let faction = state.decider(b.shire, Side::English);
                state.pending.push(Pending::Fyrd { faction });
            }
        }
        Stage::Fyrd => {
            b.stage = Stage::Extras;
            state.battle = Some(b);
        }
        Stage::Extras | Stage::Exchange => {}
    }
}
