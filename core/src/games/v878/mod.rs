//! 878 Vikings: Invasions of England (Academy Games, 2017): four factions on two
//! sides, hidden hands, random turn order, Leaders, battles with faction dice.
//!
//! Data first (`core/data/v878/`), rules as small modules, the contract in this file.
//! Every gap the rulebook leaves is a ruling listed in `RULINGS.md`.

pub mod action_words;
pub mod actions;
pub mod ai;
pub mod battle;
pub mod cards;
pub mod control;
pub mod data;
pub mod describe;
pub mod events;
pub mod happenings;
pub mod march;
pub mod marks;
pub mod notation;
pub mod options;
pub mod position_check;
pub mod preview;
pub mod queries;
pub mod render;
pub mod rules;
pub mod scene;
pub mod screen;
pub mod setup;
pub mod standing;
pub mod state;
pub mod targets;
pub mod turn;
pub mod view;
pub mod window;

pub use actions::V878Action;
pub use data::Faction;
pub use happenings::V878Event;
pub use options::V878Options;
pub use state::V878State;
pub use view::V878View;

use crate::engine::{
    Chance, Game, GameEvent, Marks, Notation, NotationError, Outcome, Preview, RuleError,
    ScenarioInfo, Seat, Standing, Target, Turn,
};

pub struct V878;

/// The scenarios implemented so far (the others are listed in RULINGS.md as not yet).
const PLAYABLE: [&str; 4] = [
    "standard",
    "advanced",
    "northumbrian_raids",
    "alfreds_gambit",
];

impl Game for V878 {
    const ID: &'static str = "v878";
    const NAME: &'static str = "878 Vikings: Invasions of England";
    const RULES_VERSION: u32 = 2;
    /// Halving 16 root candidates on common draws: at the easy level the Danes won
    /// 24.8% of 125 games against the simple English instead of the tree's 8.8%; at 300
    /// iterations about as often as the tree (`core/src/ai/STRENGTH.md`), in less time.
    const SEARCH_ROOT: crate::engine::SearchRoot =
        crate::engine::SearchRoot::Halving { candidates: 16 };

    type Options = V878Options;
    type State = V878State;
    type Action = V878Action;
    type Event = V878Event;
    type View = V878View;

    fn scenarios() -> Vec<ScenarioInfo> {
        data::data()
            .scenarios()
            .iter()
            .filter(|s| PLAYABLE.contains(&s.id.as_str()))
            .map(|s| ScenarioInfo {
                id: s.id.as_str(),
                name: s.name.as_str(),
                summary: s.summary.as_str(),
            })
            .collect()
    }

    fn options(scenario: &str) -> Result<V878Options, String> {
        if !PLAYABLE.contains(&scenario) {
            return Err(format!(
                "the 878 scenario '{scenario}' is not playable yet (playable: {})",
                PLAYABLE.join(", ")
            ));
        }
        V878Options::for_scenario(scenario)
    }

    fn check_options(options: &V878Options) -> Result<(), String> {
        let all = data::data().scenarios();
        match all.get(options.scenario as usize) {
            Some(s) if PLAYABLE.contains(&s.id.as_str()) => Ok(()),
            Some(s) => Err(format!("the 878 scenario '{}' is not playable", s.id)),
            None => Err(format!(
                "878 scenario number {} does not exist (there are {})",
                options.scenario,
                all.len()
            )),
        }
    }

    fn options_of(state: &V878State) -> &V878Options {
        &state.options
    }

    fn seat_names(_: &V878Options) -> Vec<&'static str> {
        Faction::ALL.iter().map(|f| f.key()).collect()
    }

    fn setup_with(options: &V878Options, chance: Chance) -> V878State {
        setup::initial_state(options, chance)
    }

    fn to_act(state: &V878State) -> Turn {
        if let Some(f) = &state.finish {
            return Turn::Over(Outcome {
                winners: f.winner.factions().iter().map(|x| Seat(*x as u8)).collect(),
                result: f.result.clone(),
                detail: f.detail.clone(),
            });
        }
        match rules::deciding(state) {
            Some(f) => Turn::Decide(vec![Seat(f as u8)]),
            None => Turn::Decide(Vec::new()),
        }
    }

    fn legal_actions(state: &V878State, seat: Seat) -> Vec<V878Action> {
        match Faction::ALL.get(seat.0 as usize) {
            Some(f) => rules::legal_actions(state, *f),
            None => Vec::new(),
        }
    }

    fn apply(
        state: &mut V878State,
        seat: Seat,
        action: &V878Action,
    ) -> Result<Vec<GameEvent<V878Event>>, RuleError> {
        let f = *Faction::ALL
            .get(seat.0 as usize)
            .ok_or_else(|| RuleError::new("Setup 1", "878 has four seats"))?;
        rules::apply(state, f, action)
    }

    fn preview(state: &V878State, seat: Seat, action: &V878Action) -> Option<Preview> {
        preview::preview(state, Faction::ALL.get(seat.0 as usize).copied()?, action)
    }

    fn targets(state: &V878State, action: &V878Action) -> Vec<Target> {
        targets::targets(state, action)
    }

    /// The same draw as the default (one roll over the whole listing), building only
    /// the chosen march's path.
    fn random_action(state: &V878State, seat: Seat, rng: &mut Chance) -> Option<V878Action> {
        rules::random_action(state, *Faction::ALL.get(seat.0 as usize)?, rng)
    }
    fn simple_action(state: &V878State, seat: Seat, rng: &mut Chance) -> Option<V878Action> {
        ai::simple_action(state, *Faction::ALL.get(seat.0 as usize)?, rng)
    }

    fn evaluate(state: &V878State, seat: Seat) -> f64 {
        ai::evaluate(state, seat)
    }

    fn describe(event: &V878Event) -> String {
        describe::describe(event)
    }

    fn describe_for_people(event: &V878Event) -> Option<String> {
        describe::for_people(event)
    }

    fn marks(event: &V878Event) -> Marks {
        marks::marks(event)
    }

    fn chance(state: &V878State) -> &Chance {
        &state.chance
    }

    fn chance_mut(state: &mut V878State) -> &mut Chance {
        &mut state.chance
    }

    fn view(state: &V878State, seats: &[Seat]) -> V878View {
        view::view(state, seats)
    }

    fn resample(view: &V878View, rng: &mut Chance) -> V878State {
        view::resample(view, rng)
    }

    /// The Advanced Setup's deck picks (item 18) are left to the simple player: a card
    /// chosen now is played rounds later, past a search's horizon.
    fn worth_searching(state: &V878State, _: Seat) -> bool {
        !matches!(
            state.pending.first(),
            Some(state::Pending::ChooseDeck { .. })
        )
    }

    /// Units that boarded a Leader's card before he moved are not put back before he
    /// moves, nor alighted units taken up again (`state::Shifted`): the only way an 878
    /// Turn could go round in circles.
    fn search_actions(state: &V878State, seat: Seat) -> Vec<V878Action> {
        let mut actions = Self::legal_actions(state, seat);
        actions.retain(|a| !march::takes_back_a_shift(state, a));
        actions
    }

    /// "Always pass": decline an Event window (8.0, brief §4.3) or the Fyrd call.
    fn standing_pass(state: &V878State, seat: Seat) -> Option<V878Action> {
        let f = *Faction::ALL.get(seat.0 as usize)?;
        match state.pending.first()? {
            state::Pending::Window { faction } if *faction == f => Some(V878Action::Pass),
            _ => None,
        }
    }

    /// Advanced Setup (item 18): which Events a faction puts in its Draw Deck is its
    /// secret, whether picked one by one or completed with the default choice.
    fn action_is_secret(_: &V878State, action: &V878Action) -> bool {
        matches!(action, V878Action::Pick { .. } | V878Action::DefaultDeck)
    }

    fn standing(state: &V878State) -> Vec<Standing> {
        standing::standing(state)
    }

    fn progress(state: &V878State) -> String {
        let mut text = format!("Round {}", render::roman(state.round));
        if let Some(f) = state.active() {
            text.push_str(&format!(", {}", f.name()));
        }
        text.push_str(&format!(", {}", state.phase.title()));
        text
    }

    fn check_position(state: &V878State) -> Result<(), String> {
        position_check::check(state)
    }
}
#[cfg(test)]
mod tests;

impl Notation for V878 {
    fn format_action(state: &V878State, action: &V878Action) -> String {
        notation::format_action(state, action)
    }

    fn parse_action(state: &V878State, text: &str) -> Result<V878Action, NotationError> {
        notation::parse_action(state, text)
    }

    fn format_position(state: &V878State) -> String {
        notation::format_position(state)
    }

    fn parse_position(text: &str, seed: u64) -> Result<V878State, NotationError> {
        notation::parse_position(text, seed)
    }

    fn format_view(view: &V878View) -> String {
        notation::format_position(&view.state)
    }

    fn parse_dice(text: &str) -> Result<Vec<u32>, NotationError> {
        standing::parse_dice(text)
    }
}
