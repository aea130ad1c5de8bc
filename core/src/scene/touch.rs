//! The one touch model (issue 11): a person's taps narrow a seat's legal actions, one
//! target at a time, until one action is left to take. It reads nothing but the targets
//! each game lists for its actions (`Game::targets`, in tap order), so no game writes
//! touch code, and it works on the erased interface's [`ActionEntry`] lists, as the apps
//! will.
//!
//! How taps are matched against an action's targets:
//! - The required targets (every target but a path's waypoints, [`Target::Via`]) are
//!   tapped in the order the game lists them, except that a run of pieces next to each
//!   other in that list (the units of a stack that move or attack together) may be
//!   tapped in any order.
//! - Tapping a selected piece again takes it out of the selection.
//! - When every required target of some action is tapped, that action is *ready*. It is
//!   taken at once when it is the only action the taps can still lead to and it needs
//!   no confirmation (the caller says which do: those with odds to look at first).
//!   Otherwise the ready action is shown; tapping the last target again (or
//!   [`Touch::confirm`]) takes it, and tapping a waypoint of another ready action (a
//!   path through that cell) chooses that one instead. Of several ready actions the
//!   default is the one with the fewest waypoints (the shortest path), then the first
//!   listed.
//! - A tap that fits none of the actions left starts a new selection if it fits some
//!   action on its own; otherwise nothing can be done there: the selection is cleared
//!   and the outcome says why.
//!
//! A tap is given as everything under the finger, most specific first (a piece, then
//! the cell it stands in), and the first that fits is used. No tap fails: every tap
//! selects, narrows, readies, commits, or says why nothing happens.

use crate::engine::{ActionEntry, Target};

/// What one tap did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The tap was taken in; more taps are needed ([`Touch::highlights`] says which).
    Narrowed,
    /// Every required target of this action (an index into the legal list) is tapped:
    /// confirm to take it, or tap on to change it.
    Ready { action: usize },
    /// Take this action: the touch layer has cleared its selection.
    Commit { action: usize },
    /// Nothing can be done with that tap: the selection was cleared.
    Nothing { why: String },
}

/// What the scene highlights for the current selection.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Highlights {
    /// The targets tapped so far, in order.
    pub selected: Vec<Target>,
    /// Every target a next tap may be: the pieces, cells, cards, counts and buttons
    /// that lead on to some legal action, and, while an action is ready, the cells
    /// whose waypoints would choose another ready action (as `Target::Via`).
    pub next: Vec<Target>,
    /// The ready action, if every required target of one is tapped.
    pub ready: Option<usize>,
}

/// One seat's selection: the targets tapped so far. Clear it whenever the legal
/// actions change (after any action is taken, by anyone).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Touch {
    /// Required targets tapped, in the order tapped.
    taps: Vec<Target>,
    /// Waypoint labels tapped while an action was ready, in the order tapped.
    vias: Vec<String>,
}

/// How a list of taps fits one action's required targets.
#[derive(Debug, PartialEq, Eq)]
enum Fit {
    /// Every required target is tapped.
    Complete,
    /// The taps are a beginning of the action's; these may come next.
    Partial(Vec<Target>),
}

impl Touch {
    pub fn new() -> Touch {
        Touch::default()
    }

    /// Forgets the selection.
    pub fn clear(&mut self) {
        self.taps.clear();
        self.vias.clear();
    }

    /// The targets tapped so far.
    pub fn selected(&self) -> &[Target] {
        &self.taps
    }

    /// One tap. `under` is everything under the finger, most specific first;
    /// `needs_confirm(i)` says whether legal action `i` must be confirmed before it is
    /// taken even when nothing else is left (an attack whose odds the person should see).
    pub fn tap(
        &mut self,
        legal: &[ActionEntry],
        under: &[Target],
        needs_confirm: impl Fn(usize) -> bool,
    ) -> Outcome {
        if under.is_empty() {
            return self.nothing("nothing there to tap".into());
        }
        if let Some(ready) = self.ready(legal) {
            // Tapping the last target again confirms the ready action.
            if self.taps.last().is_some_and(|last| under.contains(last)) {
                self.clear();
                return Outcome::Commit { action: ready };
            }
            // A waypoint of another ready action chooses that path.
            for t in under {
                if let Target::Cell(label) | Target::Via(label) = t {
                    let mut vias = self.vias.clone();
                    vias.push(label.clone());
                    if self.default_ready(legal, &vias).is_some() {
                        self.vias = vias;
                        return self.settle(legal, &needs_confirm);
                    }
                }
            }
        }
        // A selected piece tapped again leaves the selection (the topmost one under
        // the finger only: a counter lying under it is not what was tapped).
        if let Some(t) = under.first() {
            if matches!(t, Target::Piece(_)) {
                if let Some(at) = self.taps.iter().position(|s| s == t) {
                    let mut taps = self.taps.clone();
                    taps.remove(at);
                    if taps.is_empty() {
                        self.clear();
                        return Outcome::Narrowed;
                    }
                    if any_fits(legal, &taps) {
                        self.taps = taps;
                        self.vias.clear();
                        return self.settle(legal, &needs_confirm);
                    }
                }
            }
        }
        // The tap leads on from the selection...
        for t in under {
            let mut taps = self.taps.clone();
            taps.push(t.clone());
            if any_fits(legal, &taps) {
                self.taps = taps;
                self.vias.clear();
                return self.settle(legal, &needs_confirm);
            }
        }
        // ...or starts a new one.
        for t in under {
            let taps = vec![t.clone()];
            if any_fits(legal, &taps) {
                self.taps = taps;
                self.vias.clear();
                return self.settle(legal, &needs_confirm);
            }
        }
        let why = match under.first() {
            Some(Target::Piece(code)) => format!("{code} has nothing it can do now"),
            Some(Target::Cell(label) | Target::Via(label)) => {
                format!("nothing can be done at {label} now")
            }
            Some(Target::Card(number)) => format!("card {number} cannot be used now"),
            Some(Target::Word(word)) => format!("'{word}' is not a choice now"),
            Some(Target::Count(n)) => format!("{n} is not a choice now"),
            Some(Target::Direction(d)) => format!("facing {d} is not a choice now"),
            None => "nothing there to tap".into(),
        };
        self.nothing(why)
    }

    /// Takes the ready action, if there is one; otherwise changes nothing.
    pub fn confirm(&mut self, legal: &[ActionEntry]) -> Outcome {
        match self.ready(legal) {
            Some(action) => {
                self.clear();
                Outcome::Commit { action }
            }
            None => Outcome::Nothing {
                why: "nothing is ready to confirm".into(),
            },
        }
    }

    /// What to highlight now.
    pub fn highlights(&self, legal: &[ActionEntry]) -> Highlights {
        let ready = self.ready(legal);
        let mut next: Vec<Target> = Vec::new();
        let mut add = |t: Target| {
            if !next.contains(&t) {
                next.push(t);
            }
        };
        for entry in legal {
            if let Some(Fit::Partial(more)) = fit(&entry.targets, &self.taps) {
                more.into_iter().for_each(&mut add);
            }
        }
        if ready.is_some() {
            for entry in legal {
                if fit(&entry.targets, &self.taps) == Some(Fit::Complete)
                    && is_subsequence(&self.vias, &vias_of(entry))
                {
                    for label in vias_of(entry) {
                        if !self.vias.contains(&label) {
                            add(Target::Via(label));
                        }
                    }
                }
            }
        }
        Highlights {
            selected: self.taps.clone(),
            next,
            ready,
        }
    }

    /// The ready action: of the actions whose required targets are all tapped and
    /// whose waypoints include the ones tapped, the one with the fewest waypoints, then
    /// the first listed.
    fn ready(&self, legal: &[ActionEntry]) -> Option<usize> {
        if self.taps.is_empty() {
            return None;
        }
        self.default_ready(legal, &self.vias)
    }

    fn default_ready(&self, legal: &[ActionEntry], vias: &[String]) -> Option<usize> {
        legal
            .iter()
            .enumerate()
            .filter(|(_, e)| fit(&e.targets, &self.taps) == Some(Fit::Complete))
            .map(|(i, e)| (i, vias_of(e)))
            .filter(|(_, own)| is_subsequence(vias, own))
            .min_by_key(|(i, own)| (own.len(), *i))
            .map(|(i, _)| i)
    }

    /// After a tap was taken in: commit when one action is left and it needs no
    /// confirmation, else say whether one is ready.
    fn settle(&mut self, legal: &[ActionEntry], needs_confirm: &impl Fn(usize) -> bool) -> Outcome {
        let Some(ready) = self.ready(legal) else {
            return Outcome::Narrowed;
        };
        let left = legal
            .iter()
            .filter(|e| fit(&e.targets, &self.taps).is_some())
            .count();
        if left == 1 && !needs_confirm(ready) {
            self.clear();
            return Outcome::Commit { action: ready };
        }
        Outcome::Ready { action: ready }
    }

    fn nothing(&mut self, why: String) -> Outcome {
        self.clear();
        Outcome::Nothing { why }
    }
}

fn any_fits(legal: &[ActionEntry], taps: &[Target]) -> bool {
    legal.iter().any(|e| fit(&e.targets, taps).is_some())
}

/// The labels of an action's waypoints, in order.
fn vias_of(entry: &ActionEntry) -> Vec<String> {
    entry
        .targets
        .iter()
        .filter_map(|t| match t {
            Target::Via(label) => Some(label.clone()),
            _ => None,
        })
        .collect()
}

/// Whether `part` appears in `whole` in the same order (not necessarily side by side).
fn is_subsequence(part: &[String], whole: &[String]) -> bool {
    let mut rest = whole.iter();
    part.iter().all(|p| rest.any(|w| w == p))
}

/// How `taps` fit an action's targets (see the module notes), or None.
fn fit(targets: &[Target], taps: &[Target]) -> Option<Fit> {
    let required: Vec<&Target> = targets.iter().filter(|t| t.is_required()).collect();
    let (mut i, mut t) = (0, 0);
    while t < taps.len() {
        let first = required.get(i)?;
        if !matches!(first, Target::Piece(_)) {
            if **first != taps[t] {
                return None;
            }
            i += 1;
            t += 1;
            continue;
        }
        // A run of pieces: tapped in any order.
        let end = required[i..]
            .iter()
            .position(|r| !matches!(r, Target::Piece(_)))
            .map_or(required.len(), |n| i + n);
        let run = &required[i..end];
        let mut used = vec![false; run.len()];
        let mut taken = 0;
        while t < taps.len() && taken < run.len() {
            let Some(k) = (0..run.len()).find(|&k| !used[k] && *run[k] == taps[t]) else {
                break;
            };
            used[k] = true;
            taken += 1;
            t += 1;
        }
        if taken < run.len() {
            if t < taps.len() {
                return None;
            }
            let rest = (0..run.len()).filter(|&k| !used[k]).map(|k| run[k].clone());
            return Some(Fit::Partial(rest.collect()));
        }
        i = end;
    }
    match required.get(i) {
        None => Some(Fit::Complete),
        Some(Target::Piece(_)) => {
            let run = required[i..]
                .iter()
                .take_while(|r| matches!(r, Target::Piece(_)))
                .map(|r| (*r).clone());
            Some(Fit::Partial(run.collect()))
        }
        Some(next) => Some(Fit::Partial(vec![(*next).clone()])),
    }
}

#[cfg(test)]
mod tests;
