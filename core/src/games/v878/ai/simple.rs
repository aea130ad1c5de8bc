//! The simple 878 player (issue 10): rules of thumb a new player finds sensible.
//!
//! Every decision scores each legal action with a cheap rule of thumb (no action is
//! tried on a copy of the state) and takes the best, the first listed on a tie; ending
//! the phase or passing is always scored, so a Turn always goes on. The rules:
//!
//! - **Cities first.** The Vikings want City Shires without English units (4.6), the
//!   English want them back and want one of their units in each city they fear for, so
//!   that the Fyrd may be called there (4.7).
//! - **Strong armies.** A battle is offered only with good odds (`odds::win_chance`);
//!   a shire is not left empty when it is a city the side holds.
//! - **Leaders** (5.1, 5.2) land where a weak city waits, chain battles while the odds
//!   hold, and leave a kind of unit behind in a city they take before they move on.
//! - **Cards.** Event cards are played when they can matter (a battle neither sure nor
//!   hopeless, a Rebellion or Conversion that frees a city); the Movement card with the
//!   most armies and shires; the Treaty (7.1) only from Round IV and only while the
//!   markers favour the side, or when no other Movement card is left.
//! - **Losses** (4.2): Fyrd, then units beyond the dice a faction owns, then the
//!   weaker die. **Retreats** (4.4, AG 121): Commands out and a Leader's retreat only
//!   from a battle that is going badly.

use super::super::actions::{At, Spot, V878Action};
use super::super::data::{data, CardKind, Event as Ev, Faction, Side, Victory};
use super::super::rules;
use super::super::state::{LeaderPlace, Pending, Phase, Purpose, V878State, FYRD};
use super::odds::{self, dist, forces, total, win_chance, Forces};
use super::variants::Plan;
use crate::board::area::AreaId;
use crate::engine::Chance;

/// The simple player's action for `f`, or None when it has no legal action.
pub fn simple_action(state: &V878State, f: Faction, rng: &mut Chance) -> Option<V878Action> {
    simple_action_with(state, f, &Plan::default(), rng)
}

/// The simple player's action for `f` when it plays by `plan`.
pub fn simple_action_with(
    state: &V878State,
    f: Faction,
    plan: &Plan,
    _rng: &mut Chance,
) -> Option<V878Action> {
    let legal = rules::legal_actions(state, f);
    if legal.is_empty() {
        return None;
    }
    let ctx = Ctx::new(state, f, plan);
    let mut best: Option<(f64, usize)> = None;
    for (i, a) in legal.iter().enumerate() {
        let s = ctx.score(a);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, i));
        }
    }
    best.and_then(|(_, i)| legal.get(i).cloned())
}

/// What every score reads, found once per decision.
struct Ctx<'a> {
    s: &'a V878State,
    f: Faction,
    /// The rules of thumb's weights (`variants.rs`; the default unless a search chose).
    plan: &'a Plan,
    side: Side,
    /// Forces of each side in every shire (by `Side as usize`).
    here: Vec<[Forces; 2]>,
    /// How much each shire is worth reaching for this side (cities to take or save).
    pull: Vec<f64>,
    /// The strongest enemy force within two shires of each shire.
    threat: Vec<u32>,
}

fn val(side: Side) -> usize {
    side as usize
}

impl<'a> Ctx<'a> {
    fn new(s: &'a V878State, f: Faction, plan: &'a Plan) -> Ctx<'a> {
        let d = data();
        let n = d.shires().len();
        let side = f.side();
        let mut here = vec![[[0u32; 5]; 2]; n];
        for id in d.ids() {
            let i = id.0 as usize;
            if i < n {
                here[i] = [forces(s, id, Side::English), forces(s, id, Side::Viking)];
            }
        }
        let enemy = side.other();
        let mut threat = vec![0u32; n];
        for a in d.ids() {
            let mut t = 0u32;
            for b in d.ids() {
                if dist(a, b) <= 2 {
                    t = t.max(total(&here[b.0 as usize][val(enemy)]));
                }
            }
            threat[a.0 as usize] = t;
        }
        let mut ctx = Ctx {
            s,
            f,
            plan,
            side,
            here,
            pull: vec![0.0; n],
            threat,
        };
        // What each city is worth going for, then each shire's pull: the best city
        // value over the distance to it.
        let want: Vec<(AreaId, f64)> = d
            .cities()
            .iter()
            .filter(|c| s.may_enter(side, **c))
            .map(|&c| (c, ctx.want(c)))
            .collect();
        for id in d.ids() {
            let mut p = 0.0f64;
            for &(c, w) in &want {
                let k = dist(id, c);
                if k < u8::MAX {
                    p = p.max(w / (1.0 + k as f64));
                }
            }
            ctx.pull[id.0 as usize] = p;
        }
        ctx
    }

    fn mine(&self, shire: AreaId) -> Forces {
        self.here
            .get(shire.0 as usize)
            .map(|r| r[val(self.side)])
            .unwrap_or_default()
    }
    fn theirs(&self, shire: AreaId) -> Forces {
        self.here
            .get(shire.0 as usize)
            .map(|r| r[val(self.side.other())])
            .unwrap_or_default()
    }
    fn threat(&self, shire: AreaId) -> u32 {
        self.threat.get(shire.0 as usize).copied().unwrap_or(0)
    }
    fn pull(&self, shire: AreaId) -> f64 {
        self.pull.get(shire.0 as usize).copied().unwrap_or(0.0)
    }

    /// How much a city is worth going to for this side now.
    fn want(&self, c: AreaId) -> f64 {
        let d = data();
        let rc = if d.is_reinforcement_city(c) { 1.0 } else { 0.0 };
        let enemy = total(&self.theirs(c)) as f64;
        let own = total(&self.mine(c)) as f64;
        match self.side {
            Side::Viking => {
                if self.s.occupies(c, Side::Viking) && enemy == 0.0 {
                    0.0
                } else {
                    (6.0 + rc * (1.0 + self.plan.reinforce) - 0.4 * enemy).max(1.0)
                }
            }
            Side::English => {
                if self.s.marked.get(c.0 as usize).copied().unwrap_or(false) {
                    (7.0 + rc - 0.3 * enemy).max(1.5)
                } else {
                    // A city in danger wants defenders up to the threat near it.
                    let need = self.threat(c) as f64 * 0.6 - own;
                    if need > 0.0 {
                        (2.0 + rc + need * 0.3).min(6.0)
                    } else {
                        0.0
                    }
                }
            }
        }
    }

    /// Forces of our side as a battle would see them if `extra` joined at `shire`.
    fn with(&self, shire: AreaId, extra: &Forces) -> Forces {
        let mut m = self.mine(shire);
        for k in 0..5 {
            m[k] += extra[k];
        }
        m
    }

    /// The enemy in `shire` as our attack there would meet it: the Fyrd the English
    /// may call to a City with a Housecarl or Thegn (4.7) are added, two of them.
    fn defence(&self, shire: AreaId) -> Forces {
        let mut t = self.theirs(shire);
        if self.side == Side::Viking && data().is_city(shire) && t[0] + t[1] > 0 {
            t[FYRD] += (self.s.fyrd_stock as u32).min(2);
        }
        t
    }

    /// Alfred's Gambit: a defeated Leader loses the game (AG 125).
    fn gambit(&self) -> bool {
        let sc = &data().scenarios()[self.s.options.scenario as usize];
        matches!(sc.victory, Victory::Gambit { .. })
    }

    fn is_city(&self, shire: AreaId) -> bool {
        data().is_city(shire)
    }

    /// A city this side holds: a Viking marker, or (English) a city without Vikings.
    fn holds_city(&self, shire: AreaId) -> bool {
        self.is_city(shire)
            && match self.side {
                Side::Viking => self.s.occupies(shire, Side::Viking),
                Side::English => !self.s.occupies(shire, Side::Viking),
            }
    }

    /// What taking `shire` from the enemy (or into our hands) brings.
    fn gain(&self, shire: AreaId) -> f64 {
        let d = data();
        let rc = if d.is_reinforcement_city(shire) {
            1.5
        } else {
            0.0
        };
        let kill = total(&self.theirs(shire)) as f64 * 0.35;
        if self.is_city(shire) && !self.holds_city(shire) {
            8.0 + rc + kill
        } else if self.is_city(shire) {
            // Clearing enemies out of a city we still count as ours.
            4.0 + rc + kill
        } else {
            kill + 0.5
        }
    }

    /// The value of sending `army` to `to` (after the march or step), not counting
    /// what is left behind.
    fn arrive(&self, to: AreaId, army: &Forces) -> f64 {
        let size = total(army) as f64;
        let enemy = self.defence(to);
        if total(&enemy) > 0 {
            let p = win_chance(&self.with(to, army), &enemy);
            let lose = size * 0.6 + 2.0;
            // Even a won battle costs about as many units as the enemy had.
            let cost = total(&enemy) as f64 * 0.5;
            // Alfred's Gambit: beating the other side's Leader wins at once (AG 125).
            let leader = if self.gambit() && self.s.leader_in(to, self.side.other()) {
                25.0
            } else {
                0.0
            };
            p * (self.gain(to) + leader - cost) - (1.0 - p) * lose * self.plan.caution - 1.5
                + self.plan.dare
        } else if self.is_city(to) && !self.holds_city(to) {
            // An empty city the enemy holds cannot exist (markers follow occupation);
            // for the Vikings this is an English city to mark: a small army is enough.
            9.0 - 0.15 * size
        } else if self.side == Side::English && self.is_city(to) {
            let own = total(&self.mine(to)) as f64;
            let need = (self.threat(to) as f64 * 0.7 - own).max(0.0);
            let fyrd_ready = if own == 0.0 { 1.5 } else { 0.0 };
            need.min(size) * 0.5 + fyrd_ready + 0.3 * self.pull(to)
        } else if self.plan.gather > 0.0 && total(&self.mine(to)) > 0 {
            self.pull(to) + self.plan.gather * total(&self.mine(to)) as f64
        } else {
            self.pull(to)
        }
    }

    /// What marching `army` out of `from` costs there.
    fn leave(&self, from: AreaId, army: &Forces) -> f64 {
        let now = total(&self.mine(from));
        let after = now.saturating_sub(total(army));
        let enemy_here = total(&self.theirs(from)) > 0;
        if enemy_here {
            // Leaving a battle to come: what stays must still win.
            return if after == 0 { 2.0 } else { 3.0 };
        }
        let mut cost = self.pull(from) * 0.3;
        if self.is_city(from) && self.holds_city(from) {
            if after == 0 {
                cost += match self.side {
                    Side::Viking => self.plan.hold,
                    Side::English => 1.5 + (self.threat(from) > 0) as u8 as f64 * 2.5,
                };
            } else if self.threat(from) > after {
                let short = (self.threat(from) - after).min(total(army)) as f64;
                cost += short * 0.4;
            }
        }
        cost
    }

    fn score(&self, a: &V878Action) -> f64 {
        match self.s.pending.first().copied() {
            Some(p) => self.score_pending(p, a),
            None => match self.s.phase {
                Phase::Reinforcements => self.score_reinforcements(a),
                Phase::Leaders => self.score_leaders(a),
                Phase::Movement => self.score_movement(a),
                Phase::Battles => self.score_battles(a),
                Phase::Setup | Phase::Over => 0.0,
            },
        }
    }

    // ------------------------------------------------------------ decisions due

    fn score_pending(&self, p: Pending, a: &V878Action) -> f64 {
        match (p, a) {
            (Pending::Place { left, purpose, .. }, V878Action::Place { shire, n }) => {
                self.place_value(Some(*shire), None, purpose) + self.count_pref(purpose, *n, left)
            }
            (Pending::Place { left, purpose, .. }, V878Action::PlaceOnLeader { leader, n }) => {
                self.place_value(None, Some(*leader), purpose) + self.count_pref(purpose, *n, left)
            }
            (Pending::PlaceAlfred { .. }, V878Action::PlaceAlfred { shire }) => {
                self.alfred_value(*shire)
            }
            (Pending::ChooseDeck { .. }, V878Action::DefaultDeck) => 1.0,
            (Pending::Fyrd { .. }, V878Action::CallFyrd { call }) => *call as u8 as f64,
            (
                Pending::Hits { .. } | Pending::Rebellion { .. },
                V878Action::TakeHit { kind, spot },
            ) => -self.loss(*kind as usize, *spot),
            (Pending::Flee { .. }, V878Action::Flee { spot }) => -self.loss(self.f as usize, *spot),
            (Pending::Command { .. }, V878Action::Command { spot, to }) => {
                self.command_value(*spot, *to)
            }
            (Pending::LeaderRetreat { .. }, V878Action::LeaderRetreat { to }) => {
                let p = self.battle_chance();
                let line = if self.gambit() { 0.5 } else { 0.3 };
                match to {
                    None => 0.0,
                    Some(t) => (line - p) * 10.0 + 0.01 * total(&self.mine(*t)) as f64,
                }
            }
            (Pending::Window { .. }, V878Action::PlayEvent { card }) => self.event_value(*card),
            (Pending::Window { .. }, V878Action::Pass) => 0.0,
            (Pending::Blocks { .. }, V878Action::Block { shire }) => self.block_value(*shire),
            (Pending::Blocks { .. }, V878Action::Pass) => 0.0,
            (Pending::Spy { .. }, V878Action::March { path, army }) => {
                let from = path.first().copied().unwrap_or(AreaId(0));
                let f = army_forces(army);
                0.5 * total(&f) as f64 - self.leave(from, &f) * 0.5
            }
            (Pending::Spy { .. }, V878Action::Pass) => 0.0,
            (Pending::Danegeld { .. }, V878Action::PayDanegeld { berserker }) => {
                // Lose the Norsemen unless they are the last of them.
                let n = self.battle_mine()[Faction::Norsemen as usize];
                match (*berserker, n) {
                    (false, 0..=1) => 0.5,
                    (false, _) => 1.0,
                    (true, _) => 0.7,
                }
            }
            _ => -1.0,
        }
    }

    /// Setup units go one at a time (so they spread where they are needed); the other
    /// placements all at once.
    fn count_pref(&self, purpose: Purpose, n: u8, left: u8) -> f64 {
        match purpose {
            Purpose::Extra => -(n as f64) * 0.01,
            _ => {
                if n == left {
                    0.05
                } else {
                    0.0
                }
            }
        }
    }

    fn place_value(&self, shire: Option<AreaId>, leader: Option<u8>, purpose: Purpose) -> f64 {
        let d = data();
        if let Some(i) = leader {
            let Some(l) = self.s.leaders.get(i as usize) else {
                return -1.0;
            };
            let carried: u32 = l.troops.iter().map(|x| *x as u32).sum();
            return match (self.side, l.place) {
                // The army that will fight most: a Leader on the map.
                (Side::Viking, LeaderPlace::OnMap(_)) => 6.0 + carried as f64 * 0.01,
                (Side::Viking, _) => 5.0 + carried as f64 * 0.01,
                (Side::English, _) => 4.0 + carried as f64 * 0.01,
            };
        }
        let Some(s) = shire else { return -1.0 };
        let own = total(&self.mine(s)) as f64;
        let threat = self.threat(s) as f64;
        match self.side {
            Side::English => {
                let city = if d.is_reinforcement_city(s) {
                    3.0
                } else if d.is_city(s) {
                    2.0
                } else {
                    0.0
                };
                // Set-up: where an invasion may land (no Vikings yet), and cities
                // short of defenders.
                let coast = if purpose == Purpose::Extra && d.is_coastal(s) {
                    1.0
                } else {
                    0.0
                };
                let need = (threat * 0.5 - own).max(0.0) * 0.3;
                city + coast + need - own * 0.4 + self.pull(s) * 0.2
            }
            Side::Viking => {
                let enemy_near = threat;
                (if d.is_city(s) { 3.0 } else { 1.0 }) + enemy_near * 0.1 - own * 0.02
            }
        }
    }

    fn alfred_value(&self, shire: AreaId) -> f64 {
        let d = data();
        let mut v = total(&self.mine(shire)) as f64 * 0.1;
        for &m in d.neighbours(shire) {
            if self.s.marked.get(m.0 as usize).copied().unwrap_or(false) {
                v += 3.0 - 0.1 * total(&self.theirs(m)) as f64;
            }
        }
        v + self.threat(shire) as f64 * 0.05
    }

    /// Our side's forces in the battle being fought.
    fn battle_mine(&self) -> Forces {
        self.s
            .battle
            .map(|b| self.mine(b.shire))
            .unwrap_or_default()
    }

    /// Our side's chance in the battle being fought.
    fn battle_chance(&self) -> f64 {
        match self.s.battle {
            Some(b) => win_chance(&self.mine(b.shire), &self.theirs(b.shire)),
            None => 0.5,
        }
    }

    /// What losing one unit of `kind` from `spot` costs: a unit beyond the dice its
    /// faction owns costs only itself; one within them costs a die too. Fyrd cost
    /// least (they go home after the battle anyway, 4.7). From the spot that has most.
    fn loss(&self, kind: usize, spot: Spot) -> f64 {
        let here = self.battle_mine();
        let n = here.get(kind).copied().unwrap_or(0);
        let base = if kind == FYRD { 0.2 } else { 1.0 };
        let die = if n <= odds::owned(kind) {
            odds::die_value(kind).max(0.0) * 4.0
        } else {
            0.0
        };
        let at_spot = match (self.s.battle, spot) {
            (Some(b), Spot::Map) => self.s.map[b.shire.0 as usize][kind] as f64,
            (_, Spot::Card(i)) => self
                .s
                .leaders
                .get(i as usize)
                .map(|l| l.troops[kind] as f64)
                .unwrap_or(0.0),
            _ => 0.0,
        };
        base + die - at_spot * 0.01
    }

    fn command_value(&self, spot: Spot, to: Option<AreaId>) -> f64 {
        let p = self.battle_chance();
        match to {
            None => 0.0,
            Some(t) => {
                // Get out of a battle going badly, towards our own strength.
                let keep = (0.3 - p) * 10.0;
                let card = matches!(spot, Spot::Card(_)) as u8 as f64 * 0.05;
                keep + 0.01 * total(&self.mine(t)) as f64 - card
            }
        }
    }

    /// An Event is played when the battle is neither sure nor hopeless; outside a
    /// battle (Saxon Navy) when a Viking Leader or army may come from the sea.
    fn event_value(&self, _card: u8) -> f64 {
        if self.s.battle.is_none() {
            return 1.0;
        }
        let p = self.battle_chance();
        if (0.08..0.93).contains(&p) {
            1.0
        } else {
            -0.5
        }
    }

    /// Saxon Navy: close the coastal cities the Vikings could take, weakest first.
    fn block_value(&self, shire: AreaId) -> f64 {
        let d = data();
        let city = if d.is_city(shire) { 2.0 } else { 0.3 };
        let own = total(&self.mine(shire)) as f64;
        let near = self.threat(shire) as f64;
        city + near * 0.05 - own * 0.05
            + self
                .s
                .leaders
                .iter()
                .any(|l| l.place == LeaderPlace::OffMap && l.side() == Side::Viking)
                as u8 as f64
                * d.is_city(shire) as u8 as f64
    }

    // ------------------------------------------------------------ phases

    fn score_reinforcements(&self, a: &V878Action) -> f64 {
        let d = data();
        match a {
            V878Action::PlayEventAt { card, at } => {
                let Some(kind) = d.card(self.f, *card).map(|c| c.kind) else {
                    return -1.0;
                };
                match kind.event() {
                    Some(e) => 10.0 + self.event_at_value(e, *at),
                    None => -1.0,
                }
            }
            V878Action::PlayCard { card } => self.movement_card_value(*card),
            V878Action::End => 0.0,
            _ => -1.0,
        }
    }

    fn event_at_value(&self, e: Ev, at: At) -> f64 {
        let d = data();
        match (e, at) {
            (Ev::Rebellion, At::Shire(s)) | (Ev::ReligiousConversion, At::Shire(s)) => {
                let v = total(&self.theirs(s)) as f64;
                let removed = if e == Ev::Rebellion { 1.0 } else { 2.0 };
                let left = (v - removed).max(0.0);
                let city = if d.is_city(s) { 4.0 } else { 0.5 };
                // Worth it where few Vikings are left to fight the new units.
                if left <= 3.0 {
                    city + 2.0 - left
                } else {
                    -20.0
                }
            }
            (Ev::PLevy, At::Shire(s)) => 1.0 + self.threat(s) as f64 * 0.2,
            (_, At::Leader(i)) => match self.s.leaders.get(i as usize).map(|l| l.place) {
                Some(LeaderPlace::OnMap(_)) => 2.0,
                _ => 1.0,
            },
            (_, At::Shire(s)) => 1.0 + self.threat(s) as f64 * 0.1,
        }
    }

    /// Movement cards by what they move; the Treaty (7.1) only when it pays.
    fn movement_card_value(&self, card: u8) -> f64 {
        let d = data();
        let Some(kind) = d.card(self.f, card).map(|c| c.kind) else {
            return -1.0;
        };
        let Some((armies, shires)) = kind.movement() else {
            return -1.0;
        };
        let base = armies as f64 * 1.0 + shires as f64 * 0.6;
        if !matches!(kind, CardKind::Treaty { .. }) {
            return base;
        }
        let sc = &d.scenarios()[self.s.options.scenario as usize];
        let ahead = match sc.victory {
            Victory::Standard { treaty_markers, .. } => {
                let m = self.s.markers_on_map();
                match self.side {
                    Side::English => m < treaty_markers,
                    Side::Viking => m >= treaty_markers,
                }
            }
            _ => true,
        };
        if ahead && self.s.round >= 4 {
            base + 20.0
        } else {
            // Kept back: played only when nothing else can be.
            base - 20.0
        }
    }

    fn score_leaders(&self, a: &V878Action) -> f64 {
        match a {
            V878Action::LeaderStep { leader, to } => self.step_value(*leader, *to),
            V878Action::Board {
                leader,
                faction,
                n: _,
            } => self.board_value(*leader, *faction),
            V878Action::Alight {
                leader,
                faction,
                n: _,
            } => self.alight_value(*leader, *faction),
            V878Action::Halt { .. } => 0.3,
            V878Action::End => 0.0,
            _ => -1.0,
        }
    }

    fn card_forces(&self, leader: u8) -> Forces {
        let mut f = [0u32; 5];
        if let Some(l) = self.s.leaders.get(leader as usize) {
            for (x, n) in f.iter_mut().zip(l.troops) {
                *x = n as u32;
            }
        }
        f
    }

    fn step_value(&self, leader: u8, to: AreaId) -> f64 {
        let Some(l) = self.s.leaders.get(leader as usize) else {
            return -1.0;
        };
        let army = self.card_forces(leader);
        let mut v = self.arrive(to, &army);
        let enemy = self.defence(to);
        if total(&enemy) > 0 {
            // A Leader beaten with his card is lost (5.2), and in Alfred's Gambit so
            // is the game.
            let p = win_chance(&self.with(to, &army), &enemy);
            v -= (1.0 - p)
                * if self.gambit() {
                    40.0
                } else {
                    self.plan.leader_risk
                };
        }
        if let LeaderPlace::OnMap(here) = l.place {
            // What he leaves: his units on the map there stay; his card goes.
            let stay = total(&self.mine(here)).saturating_sub(total(&army));
            if stay == 0 {
                v -= self.leave(here, &army);
            }
            // Only worth going where the pull is greater.
            if total(&self.defence(to)) == 0 && (self.holds_city(to) || !self.is_city(to)) {
                v -= self.pull(here);
            }
        } else {
            v += 1.0;
        }
        v
    }

    /// Board the units in the Leader's shire before he sets out, unless they are what
    /// holds a city there.
    fn board_value(&self, leader: u8, kind: Faction) -> f64 {
        let Some(l) = self.s.leaders.get(leader as usize) else {
            return -1.0;
        };
        let Some(here) = l.shire() else { return -1.0 };
        if l.moving || l.done || self.s.phase != Phase::Leaders {
            return -1.0;
        }
        let i = here.0 as usize;
        let others: u32 = odds::kinds(self.side)
            .iter()
            .filter(|k| **k != kind as usize)
            .map(|k| self.s.map[i][*k] as u32)
            .sum();
        if self.is_city(here) && others == 0 && self.side == Side::Viking {
            return -1.0;
        }
        if total(&self.theirs(here)) > 0 {
            return -1.0;
        }
        1.0
    }

    /// Before he goes on (or sets out), a Leader leaves one kind of his units (not the
    /// one that moves him) in a city he holds that would be left empty.
    fn alight_value(&self, leader: u8, kind: Faction) -> f64 {
        let Some(l) = self.s.leaders.get(leader as usize) else {
            return -1.0;
        };
        let Some(here) = l.shire() else { return -1.0 };
        let can_go = if l.moving {
            l.moves_left > 0
        } else {
            !l.done
                && self
                    .s
                    .budget
                    .is_some_and(|b| b.armies_left > 0 && b.shires > 0)
        };
        if !can_go || kind == self.f || self.side != Side::Viking {
            return -1.0;
        }
        // He leaves the smaller part of his army, never the part that moves him.
        if l.troops[self.f as usize] == 0
            || !self.is_city(here)
            || l.troops[kind as usize] > l.troops[self.f as usize]
        {
            return -1.0;
        }
        let on_map = self.s.map[here.0 as usize];
        let map_units: u32 = odds::kinds(self.side)
            .iter()
            .map(|k| on_map[*k] as u32)
            .sum();
        if map_units > 0 || total(&self.theirs(here)) > 0 {
            return -1.0;
        }
        // Worth it if he has somewhere good to go on to.
        let d = data();
        let mut army = self.card_forces(leader);
        army[kind as usize] = 0;
        let best = d
            .neighbours(here)
            .iter()
            .filter(|m| self.s.may_enter(self.side, **m))
            .map(|m| self.arrive(*m, &army))
            .fold(f64::MIN, f64::max);
        if best > 2.0 {
            2.0
        } else {
            -1.0
        }
    }

    fn score_movement(&self, a: &V878Action) -> f64 {
        match a {
            V878Action::March { path, army } => {
                let (Some(&from), Some(&to)) = (path.first(), path.last()) else {
                    return -1.0;
                };
                let f = army_forces(army);
                self.arrive(to, &f) - self.leave(from, &f) - 0.5
            }
            V878Action::Raid { path } => {
                let Some(&to) = path.last() else { return -1.0 };
                let mut f = [0u32; 5];
                for (x, n) in f.iter_mut().zip(self.s.raiders).take(4) {
                    *x = n as u32;
                }
                self.arrive(to, &f) + self.plan.raid
            }
            V878Action::End => 0.0,
            _ => -1.0,
        }
    }

    fn score_battles(&self, a: &V878Action) -> f64 {
        match a {
            V878Action::Fight { shire } => win_chance(&self.mine(*shire), &self.theirs(*shire)),
            V878Action::End => 0.0,
            _ => -1.0,
        }
    }
}

fn army_forces(army: &[u8; 4]) -> Forces {
    [
        army[0] as u32,
        army[1] as u32,
        army[2] as u32,
        army[3] as u32,
        0,
    ]
}
