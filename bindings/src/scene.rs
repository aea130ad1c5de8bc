//! The scene as the apps paint it (issue 12): the core's scene in records, so that an
//! app's painter reads what to draw and nothing else. Map units throughout (the board's
//! `width` by `height`, from the top left); an app scales them to its canvas and gives
//! taps back in the same units. Colours are `0xRRGGBB`.

use crate::words;
use skald_core::engine::scene as core_scene;
use skald_core::engine::{OutcomeOdds, Preview, Probability, Target as CoreTarget};
use skald_core::scene as touch;

#[derive(Clone, Copy, Debug, PartialEq, uniffi::Record)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

/// What a tap may choose: a piece, a cell, a waypoint, a card, a count, a facing or a
/// button's word.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum Target {
    Piece {
        code: String,
    },
    Cell {
        label: String,
    },
    /// A cell a path may pass through: tapping it chooses that path.
    Via {
        label: String,
    },
    Card {
        code: String,
    },
    Count {
        count: u32,
    },
    Direction {
        facing: String,
    },
    Word {
        word: String,
    },
}

#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct SceneCell {
    pub label: String,
    pub outline: Vec<Point>,
    /// More polygons of the same cell (an island of a shire), drawn and tapped alike.
    pub parts: Vec<Vec<Point>>,
    pub centre: Point,
    /// Where its name goes when not at the centre.
    pub label_at: Option<Point>,
    pub terrain: String,
    pub fill: u32,
    pub caption: Option<String>,
    pub speech: String,
}

#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct SceneLine {
    pub kind: String,
    pub points: Vec<Point>,
    pub colour: u32,
    pub width: f32,
}

#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct ScenePiece {
    pub code: String,
    pub cell: String,
    /// The centre of its counter; `size` is the counter's side.
    pub at: Point,
    pub size: f32,
    pub fill: u32,
    pub ink: u32,
    pub title: String,
    pub values: String,
    /// How it stands (`moved`, `stunned`, `holds 2`), in the game's words.
    pub flags: Vec<String>,
    /// It has done its part this phase (moved, attacked, stunned): a white dot.
    pub spent: bool,
    /// It holds something (loot, a captive): a yellow dot.
    pub holding: bool,
    pub speech: String,
}

#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct SceneMarker {
    pub cell: Option<String>,
    pub at: Point,
    pub size: f32,
    pub kind: String,
    pub text: String,
    pub fill: u32,
    pub speech: String,
}

/// Words drawn on the map from `at`, the left end of their baseline.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct SceneCaption {
    pub at: Point,
    pub text: String,
    pub size: f32,
}

#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct SideKey {
    pub name: String,
    pub fill: u32,
}

#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct SceneCard {
    /// What tapping it is: `Target::Card { code }`.
    pub code: String,
    /// The seat id whose hand holds it (`anglo_saxons`).
    pub owner: String,
    /// That seat as people read it (`Anglo-Saxons`).
    pub owner_name: String,
    pub title: String,
    pub kind: String,
    /// What it does and when, with its rule.
    pub text: String,
    pub speech: String,
    /// Whether the next tap may be this card.
    pub tappable: bool,
}

/// What the touch layer has selected and what may be tapped next.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct Highlights {
    pub selected: Vec<Target>,
    pub next: Vec<Target>,
}

/// What a button does: pass it back to `Table::press` as it is.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum Press {
    Tap { target: Target },
    Confirm,
    Clear,
}

#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct SceneButton {
    pub label: String,
    pub press: Press,
}

/// One outcome of an action chance decides, and how likely it is.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct OutcomeChance {
    pub outcome: String,
    /// From 0 to 1.
    pub chance: f64,
    /// As a person reads it: "4 in 6 (67%)", or an estimate with its interval.
    pub said: String,
}

/// The odds of the ready action, before the person commits to it.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct Odds {
    /// The rule that decides it.
    pub rule: String,
    /// How the odds are reckoned, in the game's words.
    pub reckoning: String,
    /// Most likely first.
    pub outcomes: Vec<OutcomeChance>,
}

/// The action every tap so far leads to: tap its last target again or confirm.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct ReadyAction {
    /// The action in notation: an identifier, not for people to read.
    pub action: String,
    /// The action as people read it ("move Infantry from 0802 to 0804"): what to show.
    pub words: String,
    pub odds: Option<Odds>,
    /// What to show of it, as lines: "Ready: move Infantry from 0802 to 0804", then, with
    /// odds, "Odds (7.3): 4 against 2, 2-1" and each outcome indented with its chance.
    pub lines: Vec<String>,
}

/// One line of the dice log.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct LogLine {
    pub rule: String,
    pub text: String,
    /// The dice rolled, as their faces read.
    pub dice: Vec<String>,
    /// The line to show: "[7.2] Infantry attacks Militia in 0905: 4 to 1 = 4-1; roll 5:
    /// defenders eliminated (dice: 5)".
    pub line: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum ArrowKind {
    Move,
    Attack,
}

/// From its first point to its last; one point alone is a ring (a fight in one cell).
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct SceneArrow {
    pub kind: ArrowKind,
    pub points: Vec<Point>,
}

/// Everything to draw for whoever holds the device, as their seats may see it.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct Scene {
    pub width: f32,
    pub height: f32,
    pub cells: Vec<SceneCell>,
    /// Whether cells show their labels (hex numbers read off a printed map).
    pub show_labels: bool,
    pub lines: Vec<SceneLine>,
    /// In drawing order: a later piece lies on top.
    pub pieces: Vec<ScenePiece>,
    pub markers: Vec<SceneMarker>,
    pub captions: Vec<SceneCaption>,
    pub sides: Vec<SideKey>,
    /// Turn, phase and score, each with its rule: beside the map.
    pub status: Vec<String>,
    pub hand: Vec<SceneCard>,
    /// Cards to choose from that are in no hand.
    pub offered: Vec<SceneCard>,
    /// The seat the holder decides for now, if any.
    pub seat: Option<String>,
    pub highlights: Highlights,
    /// The ready action's path, cell centre to cell centre (empty when none).
    pub path: Vec<Point>,
    pub buttons: Vec<SceneButton>,
    pub prompt: String,
    pub ready: Option<ReadyAction>,
    /// What happened lately that the holder may know, oldest first.
    pub log: Vec<LogLine>,
    pub arrows: Vec<SceneArrow>,
}

pub(crate) fn point(p: core_scene::Point) -> Point {
    Point { x: p.x, y: p.y }
}

fn points(ps: Vec<core_scene::Point>) -> Vec<Point> {
    ps.into_iter().map(point).collect()
}

fn colour(c: core_scene::Rgb) -> u32 {
    (u32::from(c.0) << 16) | (u32::from(c.1) << 8) | u32::from(c.2)
}

pub(crate) fn target(t: CoreTarget) -> Target {
    match t {
        CoreTarget::Piece(code) => Target::Piece { code },
        CoreTarget::Cell(label) => Target::Cell { label },
        CoreTarget::Via(label) => Target::Via { label },
        CoreTarget::Card(code) => Target::Card { code },
        CoreTarget::Count(count) => Target::Count { count },
        CoreTarget::Direction(facing) => Target::Direction { facing },
        CoreTarget::Word(word) => Target::Word {
            word: word.to_string(),
        },
    }
}

/// The core's target for an app's, if it is one the core can name: a button's word
/// must be one of the words the game's actions use (the core keeps them as constants).
pub(crate) fn core_target(t: Target, legal_words: &[&'static str]) -> Option<CoreTarget> {
    Some(match t {
        Target::Piece { code } => CoreTarget::Piece(code),
        Target::Cell { label } => CoreTarget::Cell(label),
        Target::Via { label } => CoreTarget::Via(label),
        Target::Card { code } => CoreTarget::Card(code),
        Target::Count { count } => CoreTarget::Count(count),
        Target::Direction { facing } => CoreTarget::Direction(facing),
        Target::Word { word } => CoreTarget::Word(legal_words.iter().find(|w| **w == word)?),
    })
}

pub(crate) fn core_press(p: Press, legal_words: &[&'static str]) -> Option<touch::Press> {
    Some(match p {
        Press::Tap { target } => touch::Press::Tap(core_target(target, legal_words)?),
        Press::Confirm => touch::Press::Confirm,
        Press::Clear => touch::Press::Clear,
    })
}

fn card(c: core_scene::HandCard) -> SceneCard {
    SceneCard {
        code: c.code,
        owner_name: skald_core::engine::seat_label(&c.owner),
        owner: c.owner,
        title: c.title,
        kind: c.kind,
        text: c.text,
        speech: c.speech,
        tappable: c.tappable,
    }
}

fn chance(p: &Probability) -> f64 {
    match *p {
        Probability::Exact { favourable, total } => f64::from(favourable) / f64::from(total.max(1)),
        Probability::Estimated { p, .. } => p,
    }
}

/// The ready action's lines to show (`ReadyAction::lines`).
fn ready_lines(action_words: &str, odds: Option<&Odds>) -> Vec<String> {
    let mut lines = vec![words::ready(action_words)];
    if let Some(o) = odds {
        lines.push(words::odds_line(&o.rule, &o.reckoning));
        lines.extend(
            o.outcomes
                .iter()
                .map(|c| words::outcome_line(&c.outcome, &c.said)),
        );
    }
    lines
}

fn odds(preview: Preview) -> Odds {
    Odds {
        rule: preview.rule.to_string(),
        reckoning: preview.odds,
        outcomes: preview
            .outcomes
            .into_iter()
            .map(
                |OutcomeOdds {
                     outcome,
                     probability,
                 }| OutcomeChance {
                    outcome,
                    chance: chance(&probability),
                    said: probability.to_string(),
                },
            )
            .collect(),
    }
}

impl Scene {
    pub(crate) fn from_core(scene: touch::Scene, seat_names: &[&'static str]) -> Scene {
        let touch::Scene {
            board,
            seat,
            highlights,
            path,
            buttons,
            prompt,
            ready,
            log,
            arrows,
        } = scene;
        Scene {
            width: board.width,
            height: board.height,
            cells: board
                .cells
                .into_iter()
                .map(|c| SceneCell {
                    label: c.label,
                    outline: points(c.outline),
                    parts: c.parts.into_iter().map(points).collect(),
                    centre: point(c.centre),
                    label_at: c.label_at.map(point),
                    terrain: c.terrain,
                    fill: colour(c.fill),
                    caption: c.caption,
                    speech: c.speech,
                })
                .collect(),
            show_labels: board.show_labels,
            lines: board
                .lines
                .into_iter()
                .map(|l| SceneLine {
                    kind: l.kind,
                    points: points(l.points),
                    colour: colour(l.colour),
                    width: l.width,
                })
                .collect(),
            pieces: board
                .pieces
                .into_iter()
                .map(|p| ScenePiece {
                    spent: p.is_spent(),
                    holding: p.is_holding(),
                    code: p.code,
                    cell: p.cell,
                    at: point(p.at),
                    size: p.size,
                    fill: colour(p.fill),
                    ink: colour(p.ink),
                    title: p.title,
                    values: p.values,
                    flags: p.flags,
                    speech: p.speech,
                })
                .collect(),
            markers: board
                .markers
                .into_iter()
                .map(|m| SceneMarker {
                    cell: m.cell,
                    at: point(m.at),
                    size: m.size,
                    kind: m.kind,
                    text: m.text,
                    fill: colour(m.fill),
                    speech: m.speech,
                })
                .collect(),
            captions: board
                .captions
                .into_iter()
                .map(|c| SceneCaption {
                    at: point(c.at),
                    text: c.text,
                    size: c.size,
                })
                .collect(),
            sides: board
                .sides
                .into_iter()
                .map(|s| SideKey {
                    name: s.name,
                    fill: colour(s.fill),
                })
                .collect(),
            status: board.status,
            hand: board.hand.into_iter().map(card).collect(),
            offered: board.offered.into_iter().map(card).collect(),
            seat: seat.and_then(|s| seat_names.get(s.0 as usize).map(|n| n.to_string())),
            highlights: Highlights {
                selected: highlights.selected.into_iter().map(target).collect(),
                next: highlights.next.into_iter().map(target).collect(),
            },
            path: points(path),
            buttons: buttons
                .into_iter()
                .map(|b| SceneButton {
                    label: b.label,
                    press: match b.press {
                        touch::Press::Tap(t) => Press::Tap { target: target(t) },
                        touch::Press::Confirm => Press::Confirm,
                        touch::Press::Clear => Press::Clear,
                    },
                })
                .collect(),
            prompt,
            ready: ready.map(|r| {
                let odds = r.preview.map(odds);
                ReadyAction {
                    lines: ready_lines(&r.words, odds.as_ref()),
                    action: r.notation,
                    words: r.words,
                    odds,
                }
            }),
            log: log
                .into_iter()
                .map(|l| LogLine {
                    line: words::log_line(&l.rule, &l.text, &l.dice),
                    rule: l.rule,
                    text: l.text,
                    dice: l.dice,
                })
                .collect(),
            arrows: arrows
                .into_iter()
                .map(|a| SceneArrow {
                    kind: match a.kind {
                        touch::ArrowKind::Move => ArrowKind::Move,
                        touch::ArrowKind::Attack => ArrowKind::Attack,
                    },
                    points: points(a.points),
                })
                .collect(),
        }
    }
}
