//! What a computer seat remembers between its decisions: the plan of the game's
//! portfolio ([`crate::engine::Game::plans`]) it chose at the start of a phase, so that
//! the rest of the phase's moves follow it ([`super::search::search_keeping`]).
//!
//! The memory is keyed by the game's progress line ([`crate::engine::Game::progress`]):
//! a new phase, or a new turn, starts without a plan and the search chooses again. It is
//! the computer's own reasoning about its own seat, never another seat's secret; the
//! session forgets it whenever the game goes back (undo, continue from), and a game
//! opened again starts without it (the next decision chooses afresh).

use crate::engine::Seat;

/// The plan each computer seat follows in the phase it was chosen in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlanMemory {
    kept: Vec<Kept>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Kept {
    seat: Seat,
    progress: String,
    plan: u32,
}

impl PlanMemory {
    /// The plan `seat` chose in the phase `progress` names, if it chose one there.
    pub fn kept(&self, seat: Seat, progress: &str) -> Option<u32> {
        self.kept
            .iter()
            .find(|k| k.seat == seat && k.progress == progress)
            .map(|k| k.plan)
    }

    /// Remembers what a search for `seat` in phase `progress` said it follows (None:
    /// no plan, and any earlier one is dropped).
    pub fn remember(&mut self, seat: Seat, progress: &str, plan: Option<u32>) {
        self.kept.retain(|k| k.seat != seat);
        if let Some(plan) = plan {
            self.kept.push(Kept {
                seat,
                progress: progress.to_string(),
                plan,
            });
        }
    }

    /// Forgets every seat's plan (the game went back).
    pub fn forget(&mut self) {
        self.kept.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_is_kept_for_its_seat_and_phase_only() {
        let mut memory = PlanMemory::default();
        memory.remember(Seat(0), "Turn 1, Viking movement (5.0)", Some(2));
        assert_eq!(
            memory.kept(Seat(0), "Turn 1, Viking movement (5.0)"),
            Some(2)
        );
        assert_eq!(memory.kept(Seat(0), "Turn 1, Viking combat (7.0)"), None);
        assert_eq!(memory.kept(Seat(1), "Turn 1, Viking movement (5.0)"), None);
        memory.remember(Seat(1), "Turn 1, Viking movement (5.0)", Some(1));
        memory.remember(Seat(0), "Turn 1, Viking combat (7.0)", Some(3));
        assert_eq!(memory.kept(Seat(0), "Turn 1, Viking movement (5.0)"), None);
        assert_eq!(memory.kept(Seat(0), "Turn 1, Viking combat (7.0)"), Some(3));
        assert_eq!(
            memory.kept(Seat(1), "Turn 1, Viking movement (5.0)"),
            Some(1)
        );
        memory.remember(Seat(1), "Turn 1, Viking movement (5.0)", None);
        assert_eq!(memory.kept(Seat(1), "Turn 1, Viking movement (5.0)"), None);
        memory.forget();
        assert_eq!(memory.kept(Seat(0), "Turn 1, Viking combat (7.0)"), None);
    }
}
