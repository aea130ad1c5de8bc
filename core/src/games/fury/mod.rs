//! The Fury of the Norsemen (Metagaming, 1980): a Viking raid on a village, two sides.
//!
//! Data first (`core/data/fury/`), rules as small modules, the contract in this file.
//! Every gap the rulebook leaves is a ruling listed in `RULINGS.md`.

pub mod action_words;
pub mod actions;
pub mod ai;
pub mod capture;
pub mod combat;
pub mod data;
pub mod describe;
pub mod events;
pub mod fire;
pub mod flow;
mod loan;
pub mod marks;
pub mod movement;
pub mod notation;
pub mod occupancy;
pub mod options;
pub mod position_check;
pub mod preview;
pub mod queries;
pub mod render;
pub mod rules;
pub mod scene;
pub mod setup;
pub mod state;
pub mod targets;
pub mod treasure;
pub mod units;
pub mod victory;
pub mod wrath;

#[cfg(test)]
mod tests;

pub use actions::FuryAction;
pub use events::FuryEvent;
pub use options::FuryOptions;
pub use state::FuryState;
pub use units::Side;

use crate::engine::{
    Chance, Conceal, Game, GameEvent, Marks, Notation, NotationError, Outcome, Preview, RuleError,
    ScenarioInfo, Seat, Secrets, Standing, Target, Turn,
};

pub struct Fury;

/// What a seat sees: Fury hides nothing but the dice to come, so a view is the whole
/// position with a blank chance stream.
#[derive(Clone, Debug)]
pub struct FuryView {
    pub state: FuryState,
}

impl Game for Fury {
    const ID: &'static str = "fury";
    const NAME: &'static str = "The Fury of the Norsemen";
    const RULES_VERSION: u32 = 3;
    /// Measured (core/src/ai/STRENGTH.md): Basic Viking at 100 iterations against the
    /// simple Villager, 40 games, ended with loot 10.05 with a margin of 2 standard
    /// errors and 2.52 with none; the simple Viking's own is 8.20.
    const SEARCH_CONFIDENCE: f64 = 2.0;
    /// The Viking's plans (`ai::variants::portfolio`) are compared by playing the game
    /// out to its end (about 400 decisions, 5-10 ms): a plan's gain comes over turns,
    /// and the result scores it exactly. Measured (core/src/ai/STRENGTH.md, "Plans
    /// kept for a phase"): a horizon of 160 decisions chose no better than the simple
    /// Viking; playouts to the end won 18 and 23 of 40 games.
    const PLAN_HORIZON: u32 = 10_000;

    type Options = FuryOptions;
    type State = FuryState;
    type Action = FuryAction;
    type Event = FuryEvent;
    type View = FuryView;

    fn scenarios() -> Vec<ScenarioInfo> {
        data::data()
            .scenarios
            .iter()
            .map(|s| ScenarioInfo {
                id: s.id.as_str(),
                name: s.name.as_str(),
                summary: s.summary.as_str(),
            })
            .collect()
    }

    fn options(scenario: &str) -> Result<FuryOptions, String> {
        FuryOptions::for_scenario(scenario)
    }

    fn check_options(options: &FuryOptions) -> Result<(), String> {
        let known = data::data().scenarios.len();
        if options.scenario as usize >= known {
            return Err(format!(
                "Fury scenario number {} does not exist (there are {known})",
                options.scenario
            ));
        }
        Ok(())
    }

    fn options_of(state: &FuryState) -> &FuryOptions {
        &state.options
    }

    fn seat_names(_: &FuryOptions) -> Vec<&'static str> {
        vec!["viking", "villager"]
    }

    fn setup_with(options: &FuryOptions, chance: Chance) -> FuryState {
        setup::initial_state(options, chance)
    }

    fn to_act(state: &FuryState) -> Turn {
        if let Some(f) = &state.finish {
            return Turn::Over(Outcome {
                winners: f.winner.map(|s| vec![s.seat()]).unwrap_or_default(),
                result: f.result.clone(),
                detail: f.detail.clone(),
            });
        }
        match rules::deciding(state) {
            Some(side) => Turn::Decide(vec![side.seat()]),
            None => Turn::Decide(Vec::new()),
        }
    }

    fn legal_actions(state: &FuryState, seat: Seat) -> Vec<FuryAction> {
        match Side::of_seat(seat) {
            Some(side) => rules::legal_actions(state, side),
            None => Vec::new(),
        }
    }

    fn apply(
        state: &mut FuryState,
        seat: Seat,
        action: &FuryAction,
    ) -> Result<Vec<GameEvent<FuryEvent>>, RuleError> {
        let side = Side::of_seat(seat).ok_or(RuleError::new("1.0", "Fury has two seats"))?;
        rules::apply(state, side, action)
    }

    fn describe(event: &FuryEvent) -> String {
        describe::describe(event)
    }

    fn describe_for_people(event: &FuryEvent) -> Option<String> {
        describe::for_people(event)
    }

    fn marks(event: &FuryEvent) -> Marks {
        marks::marks(event)
    }

    fn preview(state: &FuryState, seat: Seat, action: &FuryAction) -> Option<Preview> {
        preview::preview(state, Side::of_seat(seat)?, action)
    }

    fn targets(state: &FuryState, action: &FuryAction) -> Vec<Target> {
        targets::targets(state, action)
    }

    fn random_action(state: &FuryState, seat: Seat, rng: &mut Chance) -> Option<FuryAction> {
        rules::random_action(state, Side::of_seat(seat)?, rng)
    }

    fn simple_action(state: &FuryState, seat: Seat, rng: &mut Chance) -> Option<FuryAction> {
        ai::simple::simple_action(state, Side::of_seat(seat)?, rng)
    }

    /// The Viking's plans (`ai::variants::portfolio`), weighed by the halving root.
    fn plans(state: &FuryState, seat: Seat) -> u32 {
        Side::of_seat(seat).map_or(0, |side| ai::simple::plans(state, side))
    }

    fn plan_action(
        state: &FuryState,
        seat: Seat,
        plan: u32,
        rng: &mut Chance,
    ) -> Option<FuryAction> {
        ai::simple::plan_action(state, Side::of_seat(seat)?, plan, rng)
    }

    fn evaluate(state: &FuryState, seat: Seat) -> f64 {
        ai::evaluate::evaluate(state, seat)
    }

    fn chance(state: &FuryState) -> &Chance {
        &state.chance
    }

    fn chance_mut(state: &mut FuryState) -> &mut Chance {
        &mut state.chance
    }

    fn view(state: &FuryState, _seats: &[Seat]) -> FuryView {
        let mut state = state.clone();
        state.chance = Chance::new(0);
        FuryView { state }
    }

    fn resample(view: &FuryView, rng: &mut Chance) -> FuryState {
        let mut state = view.state.clone();
        let seed = (rng.roll(u32::MAX) as u64) << 32 | rng.roll(u32::MAX) as u64;
        state.chance = Chance::new(seed);
        state
    }

    /// Setting up (3.3) is left to the simple player: where a unit starts shows in the
    /// evaluation only turns later, far past a search's horizon.
    fn worth_searching(state: &FuryState, _: Seat) -> bool {
        !matches!(
            state.phase,
            state::Phase::VillagerSetup | state::Phase::VikingSetup
        )
    }

    /// The search weighs every legal action but letting Treasure go where an equal one
    /// lies (H-TRS-1): the escort takes the other at once, so the swap changes nothing,
    /// and a search that found it as good as anything could swap back and forth for
    /// ever.
    fn search_actions(state: &FuryState, seat: Seat) -> Vec<FuryAction> {
        let mut actions = Self::legal_actions(state, seat);
        actions.retain(|a| match a {
            FuryAction::Abandon { item } => !treasure::abandon_only_swaps(state, *item),
            _ => true,
        });
        actions
    }

    /// In the Divine Wrath window (H-DW a) "always pass" ends the window.
    fn standing_pass(state: &FuryState, seat: Seat) -> Option<FuryAction> {
        let villager = Side::of_seat(seat) == Some(Side::Villager);
        (villager && state.phase == state::Phase::WrathWindow && state.pending.is_empty())
            .then_some(FuryAction::End)
    }

    fn standing(state: &FuryState) -> Vec<Standing> {
        victory::standing(state)
    }

    fn progress(state: &FuryState) -> String {
        describe::when(state.turn, state.phase)
    }

    fn check_position(state: &FuryState) -> Result<(), String> {
        position_check::check(state)
    }
}

/// Fury has no hidden information (every counter is face up, 3.0): no part to mask.
impl Secrets for FuryState {
    fn secrets(&mut self, _: &[Seat], _: &mut dyn FnMut(bool, &mut dyn Conceal)) {}
}

impl Notation for Fury {
    fn format_action(state: &FuryState, action: &FuryAction) -> String {
        notation::format_action(state, action)
    }

    fn parse_action(state: &FuryState, text: &str) -> Result<FuryAction, NotationError> {
        notation::parse_action(state, text)
    }

    fn format_position(state: &FuryState) -> String {
        notation::format_position(state)
    }

    fn parse_position(text: &str, seed: u64) -> Result<FuryState, NotationError> {
        notation::parse_position(text, seed)
    }

    fn format_view(view: &FuryView) -> String {
        notation::format_position(&view.state)
    }
}
