//! The history screen (issue 12): the game step by step as the holder may see it, the
//! board at any step, and a new game continued from one of them.

use crate::clock::{fresh_seed, now};
use crate::error::SkaldError;
use crate::scene::Scene;
use crate::table::{line, Table};
use std::sync::Arc;

/// One action of the history, as the device's holder may see it.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct HistoryLine {
    /// 1 for the first action; the board after it is `history_scene(number)`.
    pub number: u32,
    pub seat: String,
    /// The person's name, or "computer".
    pub by: String,
    /// Taken for the person because it was their only legal action.
    pub forced: bool,
    /// The action in notation; None when it is another seat's secret.
    pub action: Option<String>,
    /// The action as people read it after the seat's name ("end Viking movement (5.0)"
    /// where the notation says `end`): what to show. None when it is another seat's
    /// secret.
    pub words: Option<String>,
    /// What happened, each line with its rule.
    pub said: Vec<String>,
}

/// One of the holder's seats and its standing order.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct StandingOrder {
    pub seat: String,
    /// Decline this seat's response windows (reactions, interceptions) without asking
    /// or passing the device.
    pub always_pass: bool,
}

#[uniffi::export]
impl Table {
    /// Every action still standing, oldest first, as the holder may see it (the public
    /// view while a hand-off waits).
    pub fn history(&self) -> Result<Vec<HistoryLine>, SkaldError> {
        let t = self.tabletop();
        let steps = t.session().history(t.viewer_seats())?.steps;
        Ok(steps
            .into_iter()
            .map(|step| HistoryLine {
                number: step.number,
                seat: step.seat_name,
                by: step.by,
                forced: step.forced,
                action: step.action,
                words: step.words,
                said: step.events.into_iter().map(line).collect(),
            })
            .collect())
    }

    /// The board after `step` actions (0: the start) with that step's dice and arrows,
    /// as the holder may see it. Nothing in it is tappable.
    pub fn history_scene(&self, step: u32) -> Result<Scene, SkaldError> {
        let t = self.tabletop();
        let scene = t.history_scene(step)?;
        Ok(Scene::from_core(scene, t.session().seat_names()))
    }

    /// A new game, with a save of its own, from this game after `step` actions: what no
    /// seat knew then is dealt again and the dice from there on are new, so this game's
    /// future is not replayed. The same people sit at the same seats; this game and its
    /// save are untouched. `name`: what the saves list calls it (blank: the game's name).
    pub fn continue_from(&self, step: u32, name: String) -> Result<Arc<Table>, SkaldError> {
        let session = self
            .tabletop()
            .session()
            .continue_from(step, fresh_seed(), &name, now())?;
        log::info!("continued from step {step} as a new game");
        Ok(Table::new(session))
    }

    /// The standing orders of the seats of the person holding the device.
    pub fn standing_orders(&self) -> Vec<StandingOrder> {
        let t = self.tabletop();
        let s = t.session();
        let Some(holder) = s.holder() else {
            return Vec::new();
        };
        s.seating()
            .seats_of(holder)
            .into_iter()
            .map(|seat| StandingOrder {
                seat: s.seat_name(seat).to_string(),
                always_pass: s.always_pass(seat),
            })
            .collect()
    }

    /// Sets or clears "always pass" for one of the holder's seats; kept in the save.
    pub fn set_always_pass(&self, seat: String, on: bool) -> Result<(), SkaldError> {
        let mut t = self.tabletop();
        let seat = Table::seat_named(t.session(), &seat)?;
        Ok(t.set_always_pass(seat, on)?)
    }
}
