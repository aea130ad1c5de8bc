//! Movement (3.0-3.3) and Leader movement (5.1): armies move along paths, Leaders
//! one shire at a time, picking up and dropping off units, landing from the sea.

use super::actions::{Army, V878Action};
use super::battle;
use super::data::{data, Faction, Invade, Side};
use super::happenings::{Happening, V878Event as E};
use super::state::{LeaderPlace, Phase, V878State};
use crate::board::area::AreaId;
use crate::engine::RuleError;

fn scenario(state: &V878State) -> &'static super::data::Scenario {
    &data().scenarios()[state.options.scenario as usize]
}

/// May an army or Leader of `side` march into this shire this Turn? Marshes and
/// regions as `may_enter`, and Saxon Navy closes coastal shires to the Vikings.
pub fn may_march_into(state: &V878State, side: Side, shire: AreaId) -> bool {
    state.may_enter(side, shire) && !(side == Side::Viking && state.effects.is_blocked(shire))
}

/// Viking Ships (CC item 96): a move from a coastal shire to another on the same sea.
pub fn sea_link(a: AreaId, b: AreaId) -> bool {
    let d = data();
    a != b && d.seas(a).iter().any(|s| d.on_coast(b, *s))
}

fn name(s: AreaId) -> String {
    data()
        .shire(s)
        .map(|x| x.name.clone())
        .unwrap_or_else(|| format!("#{}", s.0))
}

/// Units of a faction in a shire that have not moved this Turn.
fn unmoved(state: &V878State, shire: AreaId, f: Faction) -> u8 {
    let i = shire.0 as usize;
    state.map[i][f as usize].saturating_sub(state.moved[i][f as usize])
}

pub fn march(
    state: &mut V878State,
    f: Faction,
    path: &[AreaId],
    army: Army,
) -> Result<Vec<Happening>, RuleError> {
    if state.phase != Phase::Movement || state.active() != Some(f) {
        return Err(RuleError::new(
            "3.0",
            "armies move in the Movement Phase of their Turn",
        ));
    }
    let side = f.side();
    let budget = state
        .budget
        .ok_or_else(|| RuleError::new("2.4", "no Movement card was played"))?;
    if budget.armies_left == 0 {
        return Err(RuleError::new(
            "3.1",
            "the Movement card has no armies left",
        ));
    }
    let (&from, rest) = path
        .split_first()
        .ok_or_else(|| RuleError::new("3.1", "empty path"))?;
    if rest.is_empty() {
        return Err(RuleError::new(
            "3.1",
            "an army must move at least one shire",
        ));
    }
    let forced = state.effects.forced_march == Some(f);
    let limit = budget.shires as usize + forced as usize;
    if rest.len() > limit {
        return Err(RuleError::new(
            "3.1",
            format!("the card allows {} shires per army", budget.shires),
        ));
    }
    if army[f as usize] == 0 {
        return Err(RuleError::new(
            "3.0",
            format!("the army needs at least one {} unit", f.name()),
        ));
    }
    for g in Faction::ALL {
        let n = army[g as usize];
        if n > 0 && g.side() != side {
            return Err(RuleError::new("3.0", "an army is of one side"));
        }
        if n > unmoved(state, from, g) {
            return Err(RuleError::new(
                "3.1",
                format!("not that many unmoved {} in {}", g.name(), name(from)),
            ));
        }
    }
    let d = data();
    let ships = state.effects.viking_ships && army[Faction::Norsemen as usize] > 0;
    let mut sailed = false;
    let mut prev = from;
    for (i, &next) in rest.iter().enumerate() {
        let known = d.shire(next).is_some();
        let by_land = known && d.adjacent(prev, next);
        let by_sea = known && !by_land && ships && !sailed && sea_link(prev, next);
        if !by_land && !by_sea {
            return Err(RuleError::new(
                "3.1",
                format!("{} is not next to {}", name(next), name(prev)),
            ));
        }
        sailed |= by_sea;
        if !may_march_into(state, side, next) {
            return Err(RuleError::new(
                "3.2",
                format!("armies may not enter {}", name(next)),
            ));
        }
        if i + 1 < rest.len() && state.occupies(next, side.other()) {
            return Err(RuleError::new(
                "3.1",
                format!("the army must stop on entering {}", name(next)),
            ));
        }
        prev = next;
    }
    let to = prev;
    for g in Faction::ALL {
        let n = army[g as usize];
        state.map[from.0 as usize][g as usize] -= n;
        state.map[to.0 as usize][g as usize] += n;
        state.moved[to.0 as usize][g as usize] += n;
    }
    if let Some(b) = state.budget.as_mut() {
        b.armies_left -= 1;
    }
    if sailed {
        state.effects.viking_ships = false;
    }
    if forced && rest.len() > budget.shires as usize {
        state.effects.forced_march = None;
    }
    Ok(vec![Happening::public(
        "3.1",
        E::March {
            faction: f,
            path: path.to_vec(),
            army,
        },
    )])
}

pub fn army_text(army: &Army) -> String {
    let v: Vec<String> = Faction::ALL
        .iter()
        .filter(|g| army[**g as usize] > 0)
        .map(|g| format!("{} {}", army[*g as usize], g.name()))
        .collect();
    v.join(", ")
}

/// Shires an army of `side` can end in from `from` within `steps`, with one path each.
pub fn reachable(state: &V878State, side: Side, from: AreaId, steps: u8) -> Vec<Vec<AreaId>> {
    reachable_by(state, side, from, steps, false)
}

/// As `reachable`; with `sea`, one step may follow a sea coast (Viking Ships).
pub fn reachable_by(
    state: &V878State,
    side: Side,
    from: AreaId,
    steps: u8,
    sea: bool,
) -> Vec<Vec<AreaId>> {
    reach(&MarchView::of(state, side), from, steps, sea)
}

/// What a march search asks of each shire for one side, found once per listing: may
/// the side march in (5.0 may_enter, Blocks), and does the other side hold it (a march
/// stops on entering); the same as bits of `AreaId` for the shires below 64.
struct MarchView {
    enter: Vec<bool>,
    enemy: Vec<bool>,
    enter_bits: u64,
    enemy_bits: u64,
}

impl MarchView {
    fn of(state: &V878State, side: Side) -> MarchView {
        let d = data();
        let n = d.shires().len();
        let mut v = MarchView {
            enter: vec![false; n],
            enemy: vec![false; n],
            enter_bits: 0,
            enemy_bits: 0,
        };
        let here = super::queries::Presence::of(state);
        for id in d.ids() {
            let i = id.0 as usize;
            if i < n {
                v.enter[i] = may_march_into(state, side, id);
                v.enemy[i] = here.occupies(id, side.other());
                if i < 64 {
                    v.enter_bits |= (v.enter[i] as u64) << i;
                    v.enemy_bits |= (v.enemy[i] as u64) << i;
                }
            }
        }
        v
    }
}

/// Each shire's land neighbours as bits of `AreaId`, found once from the map (for maps
/// of at most 64 shires: `reach_count`).
fn land_bits() -> &'static [u64] {
    static BITS: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    BITS.get_or_init(|| {
        let d = data();
        d.ids()
            .map(|here| {
                d.neighbours(here)
                    .iter()
                    .filter(|m| m.0 < 64)
                    .fold(0u64, |bits, m| bits | 1 << m.0)
            })
            .collect()
    })
}

/// How many paths `reach_tree` finds, without finding them. By land each shire is
/// reached by the first path to it, so which shires are reached does not depend on
/// the order of the search: a breadth-first search over bits counts them. A search
/// with a sea step (whether a path may still sail depends on which path came first)
/// and maps too large for the bits are counted by `reach_tree` itself.
fn reach_count(view: &MarchView, from: AreaId, steps: u8, sea: bool) -> usize {
    let bits = land_bits();
    if sea || view.enter.len() > 64 || bits.len() > 64 || from.0 >= 64 {
        return reach_tree(view, from, steps, sea).len();
    }
    let mut seen = 1u64 << from.0;
    let mut frontier = seen;
    for step in 0..steps {
        // The origin always moves on; a path ends on entering a shire the other side
        // holds.
        let mut grow = if step == 0 {
            frontier
        } else {
            frontier & !view.enemy_bits
        };
        let mut next = 0u64;
        while grow != 0 {
            let k = grow.trailing_zeros() as usize;
            grow &= grow - 1;
            next |= bits.get(k).copied().unwrap_or(0);
        }
        next &= view.enter_bits & !seen;
        if next == 0 {
            break;
        }
        seen |= next;
        frontier = next;
    }
    seen.count_ones() as usize - 1
}

/// For each shire, the shires a Viking Ship step reaches from it that are not its
/// land neighbours (in id order), found once from the map.
fn sea_steps() -> &'static [Vec<AreaId>] {
    static STEPS: std::sync::OnceLock<Vec<Vec<AreaId>>> = std::sync::OnceLock::new();
    STEPS.get_or_init(|| {
        let d = data();
        let mut all = vec![Vec::new(); d.shires().len()];
        for here in d.ids() {
            if let Some(row) = all.get_mut(here.0 as usize) {
                *row = d
                    .ids()
                    .filter(|m| !d.adjacent(here, *m) && sea_link(here, *m))
                    .collect();
            }
        }
        all
    })
}

/// Breadth first, one step per round, in the order of the paths found: each shire is
/// reached once, by the first path to it; a path ends on entering a shire the other
/// side holds; at most one step of a path follows the sea.
fn reach(view: &MarchView, from: AreaId, steps: u8, sea: bool) -> Vec<Vec<AreaId>> {
    let tree = reach_tree(view, from, steps, sea);
    (0..tree.len()).map(|j| tree.path(j)).collect()
}

/// The paths a march search found, in the order found, kept as a tree: each path is
/// the path it extends (or the origin) and one more shire, so the search itself
/// allocates no path; `path(j)` writes one out.
struct Reached {
    from: AreaId,
    /// For each path: its last shire, the path it extends, its length in shires.
    nodes: Vec<(AreaId, Option<u16>, u8)>,
}

impl Reached {
    fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The `j`-th path found, from the origin on.
    fn path(&self, j: usize) -> Vec<AreaId> {
        let Some(&(_, _, len)) = self.nodes.get(j) else {
            return Vec::new();
        };
        let mut p = vec![self.from; len as usize];
        let mut at = Some(j as u16);
        for slot in p.iter_mut().skip(1).rev() {
            let Some(&(shire, parent, _)) = at.and_then(|k| self.nodes.get(k as usize)) else {
                break;
            };
            *slot = shire;
            at = parent;
        }
        p
    }
}

/// `reach`, with the paths kept as a tree (see `Reached`).
fn reach_tree(view: &MarchView, from: AreaId, steps: u8, sea: bool) -> Reached {
    let d = data();
    let n = d.shires().len();
    let mut seen = vec![false; n];
    if let Some(s) = seen.get_mut(from.0 as usize) {
        *s = true;
    }
    let mut out = Reached {
        from,
        nodes: Vec::new(),
    };
    // Whether each path has used its sea step; the frontier indexes the paths.
    let mut sailed: Vec<bool> = Vec::new();
    let mut frontier: Vec<Option<u16>> = vec![None];
    let mut next_frontier: Vec<Option<u16>> = Vec::new();
    let none: &[AreaId] = &[];
    for _ in 0..steps {
        next_frontier.clear();
        for &at in &frontier {
            let (here, len) = match at {
                Some(j) => {
                    let (shire, _, len) = out.nodes[j as usize];
                    (shire, len)
                }
                None => (from, 1),
            };
            if len > 1 && view.enemy[here.0 as usize] {
                continue;
            }
            let has_sailed = at.is_some_and(|j| sailed[j as usize]);
            let by_sea = if sea && !has_sailed {
                sea_steps()
                    .get(here.0 as usize)
                    .map_or(none, |v| v.as_slice())
            } else {
                none
            };
            let land = d.neighbours(here);
            for (k, &m) in land.iter().chain(by_sea).enumerate() {
                let mi = m.0 as usize;
                if seen[mi] || !view.enter[mi] {
                    continue;
                }
                seen[mi] = true;
                out.nodes.push((m, at, len.saturating_add(1)));
                sailed.push(has_sailed || k >= land.len());
                next_frontier.push(Some((out.nodes.len() - 1) as u16));
            }
        }
        std::mem::swap(&mut frontier, &mut next_frontier);
    }
    out
}

/// Units shifting between a Leader's card and his shire in the Movement Phase (5.1).
fn legal_shifts(state: &V878State, f: Faction, out: &mut Vec<V878Action>) {
    for (i, l) in state.leaders.iter().enumerate() {
        let Some(shire) = l.shire() else { continue };
        if l.side() != f.side() {
            continue;
        }
        shift_offers(state, f, i as u8, shire, out);
    }
}

pub fn legal_marches(state: &V878State, f: Faction, out: &mut Vec<V878Action>) {
    marches(state, f, out, None);
}

/// Marches left out of a listing, counted, and how to write out any one of them: the
/// listing with `deferred` holds every other action, and the marches would stand in
/// it as runs of consecutive actions (one run per origin and army).
#[derive(Default)]
pub struct Deferred {
    runs: Vec<Run>,
    total: usize,
}

/// The marches of one army from one shire: `count` paths, which the listing would
/// show from position `at` of what it holds without the deferred marches.
struct Run {
    at: usize,
    count: usize,
    from: AreaId,
    army: Army,
    steps: u8,
    sea: bool,
}

impl Deferred {
    /// How many marches were left out.
    pub fn count(&self) -> usize {
        self.total
    }

    /// The action at position `i` of the whole listing, given `listed`, the actions
    /// the listing held (all but the deferred marches), in the state it was made from.
    pub fn take(
        &self,
        state: &V878State,
        f: Faction,
        i: usize,
        mut listed: Vec<V878Action>,
    ) -> Option<V878Action> {
        let mut before = 0;
        for run in &self.runs {
            let start = run.at + before;
            if i < start {
                break;
            }
            if i < start + run.count {
                let view = MarchView::of(state, f.side());
                let path = reach_tree(&view, run.from, run.steps, run.sea).path(i - start);
                return Some(V878Action::March {
                    path,
                    army: run.army,
                });
            }
            before += run.count;
        }
        let k = i.checked_sub(before)?;
        (k < listed.len()).then(|| listed.swap_remove(k))
    }
}

/// `legal_marches`; with `deferred`, the marches are only counted, in `deferred`,
/// which can write out any one of them.
pub fn marches(
    state: &V878State,
    f: Faction,
    out: &mut Vec<V878Action>,
    mut deferred: Option<&mut Deferred>,
) {
    if state.phase == Phase::Movement {
        legal_shifts(state, f, out);
    }
    let Some(budget) = state.budget else { return };
    if budget.armies_left == 0 {
        return;
    }
    let side = f.side();
    let ally = f.ally();
    let steps = budget.shires + (state.effects.forced_march == Some(f)) as u8;
    let mut view: Option<MarchView> = None;
    for from in data().ids() {
        let own = unmoved(state, from, f);
        if own == 0 {
            continue;
        }
        // The armies offered: all the faction's unmoved units, those with all the
        // ally's, and a single unit.
        let mut armies = [[0u8; 4]; 3];
        let mut n_armies = 0;
        let mut all = [0u8; 4];
        all[f as usize] = own;
        armies[n_armies] = all;
        n_armies += 1;
        let allied = unmoved(state, from, ally);
        if allied > 0 {
            let mut both = all;
            both[ally as usize] = allied;
            armies[n_armies] = both;
            n_armies += 1;
        }
        if own > 1 {
            let mut one = [0u8; 4];
            one[f as usize] = 1;
            armies[n_armies] = one;
            n_armies += 1;
        }
        // The paths depend on the army only through its Ships (by land, by sea).
        let mut found: [Option<Reached>; 2] = [None, None];
        let mut counted: [Option<usize>; 2] = [None, None];
        for army in &armies[..n_armies] {
            let sea = state.effects.viking_ships && army[Faction::Norsemen as usize] > 0;
            let view = view.get_or_insert_with(|| MarchView::of(state, side));
            if let Some(d) = deferred.as_deref_mut() {
                let count = *counted[sea as usize]
                    .get_or_insert_with(|| reach_count(view, from, steps, sea));
                if count > 0 {
                    d.runs.push(Run {
                        at: out.len(),
                        count,
                        from,
                        army: *army,
                        steps,
                        sea,
                    });
                    d.total += count;
                }
                continue;
            }
            let paths =
                found[sea as usize].get_or_insert_with(|| reach_tree(view, from, steps, sea));
            out.reserve(paths.len());
            for j in 0..paths.len() {
                out.push(V878Action::March {
                    path: paths.path(j),
                    army: *army,
                });
            }
        }
    }
}

// ---- Leaders (5.1) ----

fn leader_check(state: &V878State, f: Faction, leader: u8) -> Result<(), RuleError> {
    match leader_refusal(state, f, leader) {
        Some((rule, why)) => Err(RuleError::new(rule, why)),
        None => Ok(()),
    }
}

/// `leader_check`'s rule and reason, made into an error only when one is returned (the
/// listing asks it of every Leader).
fn leader_refusal(
    state: &V878State,
    f: Faction,
    leader: u8,
) -> Option<(&'static str, &'static str)> {
    if state.phase != Phase::Leaders || state.active() != Some(f) {
        return Some((
            "5.0",
            "Leaders move in the Leader Phase of their side's Turn",
        ));
    }
    let Some(l) = state.leaders.get(leader as usize) else {
        return Some(("5.1", "no such Leader"));
    };
    if l.side() != f.side() || !matches!(l.place, LeaderPlace::OnMap(_) | LeaderPlace::OffMap) {
        return Some(("5.1", "not a Leader of your side in play"));
    }
    if l.done {
        return Some(("5.1", "that Leader has finished moving this Turn"));
    }
    None
}

/// 5.1: units move between a Leader's card and his shire before, as and after he moves
/// in the Leader Phase, and at any time in the Movement Phase.
fn shift_check(state: &V878State, f: Faction, leader: u8) -> Result<(), RuleError> {
    if state.phase != Phase::Movement {
        return leader_check(state, f, leader);
    }
    if state.active() != Some(f) {
        return Err(RuleError::new("5.1", "it is not your Turn"));
    }
    match state.leaders.get(leader as usize) {
        Some(l) if l.side() == f.side() && l.shire().is_some() => Ok(()),
        _ => Err(RuleError::new(
            "5.1",
            "not a Leader of your side on the map",
        )),
    }
}

pub fn leader_step(
    state: &mut V878State,
    f: Faction,
    leader: u8,
    to: AreaId,
) -> Result<Vec<Happening>, RuleError> {
    leader_check(state, f, leader)?;
    let d = data();
    let side = f.side();
    let li = leader as usize;
    if state.leaders[li].troops[f as usize] == 0 {
        return Err(RuleError::new(
            "5.1",
            format!("the Leader carries no {} unit", f.name()),
        ));
    }
    if d.shire(to).is_none() || !may_march_into(state, side, to) {
        return Err(RuleError::new(
            "3.2",
            format!("the Leader may not enter {}", name(to)),
        ));
    }
    let mut sailed = false;
    match state.leaders[li].place {
        LeaderPlace::OffMap => {
            let invade = d.invasion_card(state.leaders[li].card).map(|c| c.invade);
            let ok = match invade {
                Some(Invade::Sea(sea)) => d.on_coast(to, sea),
                Some(Invade::AnyCoast) => d.is_coastal(to),
                _ => false,
            };
            if !ok {
                return Err(RuleError::new(
                    "5.1",
                    format!("this army cannot land at {}", name(to)),
                ));
            }
        }
        LeaderPlace::OnMap(here) => {
            // G31: with Viking Ships a Leader's move may follow a sea coast.
            let ships = state.effects.viking_ships
                && state.leaders[li].troops[Faction::Norsemen as usize] > 0;
            sailed = !d.adjacent(here, to) && ships && sea_link(here, to);
            if !d.adjacent(here, to) && !sailed {
                return Err(RuleError::new(
                    "5.1",
                    format!("{} is not next to {}", name(to), name(here)),
                ));
            }
        }
        _ => return Err(RuleError::new("5.1", "the Leader is not in play")),
    }
    if !state.leaders[li].moving {
        let budget = state
            .budget
            .ok_or_else(|| RuleError::new("2.4", "no Movement card was played"))?;
        if budget.armies_left == 0 {
            return Err(RuleError::new(
                "3.3",
                "the Movement card has no armies left for this Leader",
            ));
        }
        if let Some(b) = state.budget.as_mut() {
            b.armies_left -= 1;
        }
        let bonus = if state.leaders[li].card == 0 {
            scenario(state).alfred_bonus_moves
        } else {
            0
        };
        let l = &mut state.leaders[li];
        l.moving = true;
        l.moves_left = budget.shires + bonus;
    }
    if state.leaders[li].moves_left == 0 {
        return Err(RuleError::new("5.1", "the Leader has no moves left"));
    }
    let landing = state.leaders[li].place == LeaderPlace::OffMap;
    if sailed {
        state.effects.viking_ships = false;
    }
    let l = &mut state.leaders[li];
    l.moves_left -= 1;
    l.place = LeaderPlace::OnMap(to);
    let mut events = vec![Happening::public(
        "5.1",
        E::LeaderMoves {
            leader: state.leaders[li].card,
            to,
            landing,
        },
    )];
    if state.side_strength(to, side.other()) > 0 {
        events.extend(battle::start(state, to, Some(leader)));
    }
    Ok(events)
}

pub fn board(
    state: &mut V878State,
    f: Faction,
    leader: u8,
    kind: Faction,
    n: u8,
    on: bool,
) -> Result<Vec<Happening>, RuleError> {
    shift_check(state, f, leader)?;
    let li = leader as usize;
    let Some(shire) = state.leaders[li].shire() else {
        return Err(RuleError::new("5.1", "the Leader is off the map"));
    };
    if kind.side() != f.side() || n == 0 {
        return Err(RuleError::new(
            "5.1",
            "only your side's units, at least one",
        ));
    }
    let i = shire.0 as usize;
    if on {
        if unmoved(state, shire, kind) < n {
            return Err(RuleError::new("5.1", "not that many unmoved units here"));
        }
        state.map[i][kind as usize] -= n;
        state.leaders[li].troops[kind as usize] += n;
    } else {
        if state.leaders[li].troops[kind as usize] < n {
            return Err(RuleError::new("5.1", "not that many units on the card"));
        }
        state.leaders[li].troops[kind as usize] -= n;
        state.map[i][kind as usize] += n;
        if state.leaders[li].moving {
            // 5.1: units that moved with the Leader may not move again this Turn.
            state.moved[i][kind as usize] += n;
        }
    }
    if !state.leaders[li].moving {
        // Remembered for the search (`V878::search_actions`): see `Shifted`.
        state.leaders[li].shifted.mark(kind, on);
    }
    Ok(vec![Happening::public(
        "5.1",
        E::Boards {
            leader: state.leaders[li].card,
            kind,
            n,
            shire,
            on,
        },
    )])
}

pub fn halt(state: &mut V878State, f: Faction, leader: u8) -> Result<Vec<Happening>, RuleError> {
    leader_check(state, f, leader)?;
    state.leaders[leader as usize].done = true;
    Ok(vec![Happening::public(
        "5.1",
        E::LeaderHalts {
            leader: state.leaders[leader as usize].card,
        },
    )])
}

/// Whether `action` shifts units back the other way before their Leader has moved:
/// alighting a faction that boarded this Turn, or boarding one that alighted
/// (`state::Shifted`). Legal (5.1), and changes nothing a player wants.
pub fn takes_back_a_shift(state: &V878State, action: &V878Action) -> bool {
    let (leader, faction, boarding) = match *action {
        V878Action::Board {
            leader, faction, ..
        } => (leader, faction, true),
        V878Action::Alight {
            leader, faction, ..
        } => (leader, faction, false),
        _ => return false,
    };
    state.leaders.get(leader as usize).is_some_and(|l| {
        !l.moving
            && if boarding {
                l.shifted.alighted.contains(faction)
            } else {
                l.shifted.boarded.contains(faction)
            }
    })
}

pub fn legal_leader_actions(state: &V878State, f: Faction, out: &mut Vec<V878Action>) {
    let d = data();
    for (i, l) in state.leaders.iter().enumerate() {
        let leader = i as u8;
        if leader_refusal(state, f, leader).is_some() {
            continue;
        }
        let can_start = l.moving || state.budget.is_some_and(|b| b.armies_left > 0);
        let moves = if l.moving {
            l.moves_left
        } else {
            state.budget.map(|b| b.shires).unwrap_or(0)
        };
        if l.troops[f as usize] > 0 && can_start && moves > 0 {
            let targets: Vec<AreaId> = match l.place {
                LeaderPlace::OnMap(here) => d.neighbours(here).to_vec(),
                LeaderPlace::OffMap => match d.invasion_card(l.card).map(|c| c.invade) {
                    Some(Invade::Sea(sea)) => d.coast(sea).to_vec(),
                    Some(Invade::AnyCoast) => d.coastal_shires().to_vec(),
                    _ => Vec::new(),
                },
                _ => Vec::new(),
            };
            let mut targets = targets;
            if let (LeaderPlace::OnMap(here), true) = (
                l.place,
                state.effects.viking_ships && l.troops[Faction::Norsemen as usize] > 0,
            ) {
                targets.extend(
                    d.ids()
                        .filter(|m| !d.adjacent(here, *m) && sea_link(here, *m)),
                );
            }
            for to in targets {
                if may_march_into(state, f.side(), to) {
                    out.push(V878Action::LeaderStep { leader, to });
                }
            }
        }
        if let Some(shire) = l.shire() {
            shift_offers(state, f, leader, shire, out);
        }
        if l.moving {
            out.push(V878Action::Halt { leader });
        }
    }
}

// ---- Northumbrian Raids: the raid army (NR 110, G25) ----

fn raid_seas(state: &V878State) -> Vec<super::data::Sea> {
    scenario(state)
        .raid_army
        .as_ref()
        .map(|r| r.enter_from.clone())
        .unwrap_or_default()
}

/// Shires the raid army may land on.
fn raid_landings(state: &V878State) -> Vec<AreaId> {
    let d = data();
    let seas = raid_seas(state);
    d.coastal_shires()
        .iter()
        .copied()
        .filter(|s| {
            seas.iter().any(|sea| d.on_coast(*s, *sea)) && may_march_into(state, Side::Viking, *s)
        })
        .collect()
}

fn raid_check(state: &V878State, f: Faction) -> Result<(u8, u8), RuleError> {
    if state.phase != Phase::Movement || state.active() != Some(f) || f.side() != Side::Viking {
        return Err(RuleError::new(
            "NR-110",
            "the raid army moves in a Viking Movement Phase",
        ));
    }
    let raid = scenario(state)
        .raid_army
        .as_ref()
        .ok_or_else(|| RuleError::new("NR-110", "there is no raid army in this scenario"))?;
    if state.raiders[f as usize] == 0 {
        return Err(RuleError::new(
            "NR-110",
            format!("the raid army holds no {} unit", f.name()),
        ));
    }
    let budget = state
        .budget
        .ok_or_else(|| RuleError::new("2.4", "no Movement card was played"))?;
    if raid.uses_army_slot && budget.armies_left == 0 {
        return Err(RuleError::new(
            "G25",
            "the raid army needs one of the card's armies",
        ));
    }
    let steps = budget.shires.saturating_sub(raid.landing_costs_move as u8);
    Ok((steps, budget.shires))
}

pub fn raid(
    state: &mut V878State,
    f: Faction,
    path: &[AreaId],
) -> Result<Vec<Happening>, RuleError> {
    let (steps, _) = raid_check(state, f)?;
    let d = data();
    let (&land, rest) = path
        .split_first()
        .ok_or_else(|| RuleError::new("NR-110", "empty path"))?;
    if !raid_landings(state).contains(&land) {
        return Err(RuleError::new(
            "NR-110",
            format!("the raid army cannot land at {}", name(land)),
        ));
    }
    if rest.len() > steps as usize || (!rest.is_empty() && state.occupies(land, Side::English)) {
        return Err(RuleError::new("3.1", "the raid army cannot go that far"));
    }
    let mut prev = land;
    for (i, &next) in rest.iter().enumerate() {
        if d.shire(next).is_none()
            || !d.adjacent(prev, next)
            || !may_march_into(state, Side::Viking, next)
        {
            return Err(RuleError::new(
                "3.1",
                format!("{} is not next to {}", name(next), name(prev)),
            ));
        }
        if i + 1 < rest.len() && state.occupies(next, Side::English) {
            return Err(RuleError::new(
                "3.1",
                format!("the army must stop on entering {}", name(next)),
            ));
        }
        prev = next;
    }
    let army = state.raiders;
    state.raiders = [0; 5];
    for (k, n) in army.iter().enumerate().take(4) {
        state.map[prev.0 as usize][k] += n;
        state.moved[prev.0 as usize][k] += n;
    }
    if scenario(state)
        .raid_army
        .as_ref()
        .is_some_and(|r| r.uses_army_slot)
    {
        if let Some(b) = state.budget.as_mut() {
            b.armies_left -= 1;
        }
    }
    Ok(vec![Happening::public(
        "NR-110",
        E::RaidLands {
            path: path.to_vec(),
        },
    )])
}

pub fn legal_raids(state: &V878State, f: Faction, out: &mut Vec<V878Action>) {
    let Ok((steps, _)) = raid_check(state, f) else {
        return;
    };
    for land in raid_landings(state) {
        out.push(V878Action::Raid { path: vec![land] });
        if state.occupies(land, Side::English) {
            continue;
        }
        for tail in reachable(state, Side::Viking, land, steps) {
            out.push(V878Action::Raid { path: tail });
        }
    }
}

/// Offers to move every unmoved unit of the side onto a Leader's card, or all it
/// carries of a kind off it (5.1).
fn shift_offers(
    state: &V878State,
    f: Faction,
    leader: u8,
    shire: AreaId,
    out: &mut Vec<V878Action>,
) {
    let carried = state.leaders[leader as usize].troops;
    for kind in f.side().factions() {
        let free = unmoved(state, shire, kind);
        if free > 0 {
            out.push(V878Action::Board {
                leader,
                faction: kind,
                n: free,
            });
        }
        let n = carried[kind as usize];
        if n > 0 {
            out.push(V878Action::Alight {
                leader,
                faction: kind,
                n,
            });
        }
    }
}
