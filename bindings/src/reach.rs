//! The board's geometry for a device's questions about a point (issue 12), answered by
//! the core (`skald_core::scene::reach`) so that neither app re-implements it: where a
//! finger aims to reach a counter or a cell, whether a finger's tap on a crowded stack
//! should open the stack out for the person to choose, and what a screen reader says.
//! Map units, as the scene's.

use crate::scene::{core_target, point, target, Point, Target};
use crate::table::{words_now, Table};
use skald_core::engine::scene::Point as CorePoint;
use skald_core::scene::reach;

/// A crowded stack to open out: show `choices` side by side near `anchor`; a tap on one
/// is `Table::press(Press.Tap(choice))`.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct StackSpread {
    /// The middle of the stack, in map units.
    pub anchor: Point,
    /// The stack's counters as drawn (bottom first), then the cell when the next tap may
    /// be it.
    pub choices: Vec<Target>,
}

/// What a screen reader says of one cell: what stands at its centre, top counter first.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct CellSpeech {
    pub label: String,
    pub text: String,
}

fn finite(x: f32, y: f32) -> Option<CorePoint> {
    (x.is_finite() && y.is_finite()).then_some(CorePoint::new(x, y))
}

#[uniffi::export]
impl Table {
    /// The stack to open out for a finger's tap at (`x`, `y`), the finger `radius` map
    /// units wide either side (half its width on screen, over the zoom): Some when the
    /// finger touches two or more counters and any counter of their stack may be tapped
    /// next; None when the tap is clear (send it with `tap`).
    pub fn spread_at(&self, x: f32, y: f32, radius: f32) -> Option<StackSpread> {
        let at = finite(x, y)?;
        let radius = if radius.is_finite() {
            radius.max(0.0)
        } else {
            0.0
        };
        let (board, highlights) = self.tabletop().board_now();
        reach::spread(&board, &highlights.next, at, radius).map(|s| StackSpread {
            anchor: point(s.anchor),
            choices: s.choices.into_iter().map(target).collect(),
        })
    }

    /// Where a finger taps to reach `target` on the board as drawn (a counter's visible
    /// part, a cell's part clear of counters); None when the board has no such piece or
    /// cell, or the target is not on the board (a card, a button's word).
    pub fn aim(&self, target: Target) -> Option<Point> {
        let t = self.tabletop();
        let target = core_target(target, &words_now(&t))?;
        let (board, _) = t.board_now();
        reach::aim(&board, &target).map(point)
    }

    /// What a screen reader says of a point of the board: the counter on top there, then
    /// the cell and the rest of what stands in it, each marked "selected" or "may be
    /// tapped next" as the touch layer says. None where there is nothing.
    pub fn describe_at(&self, x: f32, y: f32) -> Option<String> {
        let at = finite(x, y)?;
        let (board, highlights) = self.tabletop().board_now();
        reach::describe(&board, &highlights, at)
    }

    /// What one counter or cell is, in words with its mark (a spread's choice).
    pub fn describe_target(&self, target: Target) -> Option<String> {
        let t = self.tabletop();
        let target = core_target(target, &words_now(&t))?;
        let (board, highlights) = t.board_now();
        reach::describe_target(&board, &highlights, &target)
    }

    /// What a screen reader says of every cell, at its centre (one call for the whole
    /// board: explore-by-touch needs them all at once).
    pub fn cell_speech(&self) -> Vec<CellSpeech> {
        let (board, highlights) = self.tabletop().board_now();
        board
            .cells
            .iter()
            .filter_map(|c| {
                reach::describe(&board, &highlights, c.centre).map(|text| CellSpeech {
                    label: c.label.clone(),
                    text,
                })
            })
            .collect()
    }
}
