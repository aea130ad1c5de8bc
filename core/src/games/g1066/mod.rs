//! 1066: End of the Dark Ages: four powers (Anglo-Saxons, Normans, Vikings, Britons)
//! fighting over a square-grid map of Britain with campaign markers and a Battle Board.
//!
//! Data first (`core/data/g1066/*.json`, loaded and checked in [`data`]); the state,
//! set-up, initiative bids and views; the rules of movement ([`moves`]); the Battle
//! Board ([`battle`]); the game-turn sequence with victory ([`sequence`]); each phase of
//! a player turn ([`turn`]); and the contract in this file. `RULINGS.md` lists every
//! ruling and what is not yet in the game.

pub mod battle;
pub mod data;

// Game state, options, set-up, initiative and views (rules 1.0-8.5, 27.0, T4).
pub mod action_words;
pub mod actions;
pub mod ai;
pub mod chits;
pub mod describe;
pub mod initiative;
pub mod keys;
pub mod marks;
pub mod moves;
pub mod negotiation;
#[cfg(test)]
mod negotiation_tests;
pub mod notation;
pub mod options;
pub mod position_check;
pub mod render;
pub mod rules;
pub mod scene;
mod scene_battle;
pub mod sequence;
#[cfg(test)]
mod sequence_tests;
pub mod setup;
pub mod state;
#[cfg(test)]
mod state_tests;
pub mod targets;
pub mod turn;
pub mod view;

#[cfg(test)]
mod tests;

pub use actions::{Action as G1066Action, Event as G1066Event};
pub use options::G1066Options;
pub use state::State as G1066State;
pub use view::G1066View;

use crate::engine::{
    Chance, Game, GameEvent, Marks, Notation, NotationError, OptionalRule, Presentation, RuleError,
    ScenarioInfo, Seat, Standing, Target, Turn,
};

pub struct G1066;

impl Game for G1066 {
    const ID: &'static str = "g1066";
    const NAME: &'static str = "1066: End of the Dark Ages";
    /// 2: an Oath of Fealty after a Spy chooses its marker (AM3), so a log written under 1
    /// may replay differently; such saves go on under the current rules.
    const RULES_VERSION: u32 = 2;
    /// The search overrules the simple player only two standard errors clear of it: a
    /// decision's playouts here are few (the normal level's 300 ms buys perhaps fifteen of
    /// 24 decisions at about 0.8 ms each, an estimate), and with no
    /// margin their noise broke up the simple player's marches (ai/STRENGTH.md: the
    /// search Normans won 0 of 22 against the simple Anglo-Saxons that way).
    const SEARCH_CONFIDENCE: f64 = 2.0;

    type Options = G1066Options;
    type State = G1066State;
    type Action = G1066Action;
    type Event = G1066Event;
    type View = G1066View;

    fn scenarios() -> Vec<ScenarioInfo> {
        options::SCENARIOS
            .iter()
            .map(|(id, name, summary)| ScenarioInfo { id, name, summary })
            .collect()
    }

    fn options(scenario: &str) -> Result<G1066Options, String> {
        G1066Options::for_scenario(scenario)
    }

    fn check_options(options: &G1066Options) -> Result<(), String> {
        options::check_options(options)
    }

    fn optional_rules() -> &'static [OptionalRule] {
        &options::OPTIONAL_RULES
    }

    fn enable_rule(options: &mut G1066Options, id: &str) -> Result<(), String> {
        options.enable(id)
    }

    fn options_of(state: &G1066State) -> &G1066Options {
        &state.options
    }

    /// Seat i is named after the power it starts with (4.1, 27.1).
    fn seat_names(options: &G1066Options) -> Vec<&'static str> {
        options.seat_powers().iter().map(|p| p.key()).collect()
    }

    fn setup_with(options: &G1066Options, chance: Chance) -> G1066State {
        setup::setup_with(options, chance)
    }

    fn to_act(state: &G1066State) -> Turn {
        rules::to_act(state)
    }

    fn legal_actions(state: &G1066State, seat: Seat) -> Vec<G1066Action> {
        rules::legal_actions(state, seat)
    }

    fn apply(
        state: &mut G1066State,
        seat: Seat,
        action: &G1066Action,
    ) -> Result<Vec<GameEvent<G1066Event>>, RuleError> {
        rules::apply(state, seat, action)
    }

    fn targets(state: &G1066State, action: &G1066Action) -> Vec<Target> {
        targets::targets(state, action)
    }

    /// Uniform over the legal actions, except that the random player makes no deals
    /// (22.2): it passes, declines and withdraws. Drawn at random, deals give powers
    /// away and end games by agreement in the first months, and a random baseline
    /// would measure nothing; the deals are tested by their own cases.
    fn random_action(state: &G1066State, seat: Seat, rng: &mut Chance) -> Option<G1066Action> {
        let mut actions = rules::legal_actions(state, seat);
        if state.phase == state::Phase::Negotiations {
            if let Some(no_deal) = actions.iter().find(|a| negotiation::refuses(a)) {
                // The one roll the single choice of passing took before deals were
                // built, so that seeded random games stay the games they were.
                rng.roll(1);
                return Some(no_deal.clone());
            }
        }
        if actions.is_empty() {
            return None;
        }
        let i = rng.roll(u32::try_from(actions.len()).unwrap_or(u32::MAX)) as usize - 1;
        Some(actions.swap_remove(i.min(actions.len() - 1)))
    }

    fn simple_action(state: &G1066State, seat: Seat, rng: &mut Chance) -> Option<G1066Action> {
        ai::simple_action(state, seat, rng)
    }

    fn evaluate(state: &G1066State, seat: Seat) -> f64 {
        ai::evaluate(state, seat)
    }

    /// Set-up (27.4) is left to the simple player: where a counter starts matters months
    /// later, past a search's horizon.
    /// So are the negotiations (22.2): the simple player's answers weigh what a deal
    /// gives, and the search makes no offers of its own.
    fn worth_searching(state: &G1066State, _: Seat) -> bool {
        !matches!(
            state.phase,
            state::Phase::Setup | state::Phase::Negotiations
        )
    }

    /// "Always pass": play no battle marker when the Battle Board offers a window to
    /// the seat (8.13, 15.21: Charge, Maneuver, Shield Wall, Feigned Flight), and no
    /// counter march when a phasing force steps next to the seat's (16.7).
    fn standing_pass(state: &G1066State, seat: Seat) -> Option<G1066Action> {
        let pass = G1066Action::Combat(turn::combat::CombatAction::Battle(
            battle::BattleAction::Pass,
        ));
        rules::legal_actions(state, seat).into_iter().find(|a| {
            *a == pass
                || matches!(
                    a,
                    G1066Action::Movement(turn::movement::MovementAction::NoCounterMarch { .. })
                )
        })
    }

    fn describe(event: &G1066Event) -> String {
        describe::describe(event)
    }

    fn marks(event: &G1066Event) -> Marks {
        marks::marks(event)
    }

    fn view(state: &G1066State, seats: &[Seat]) -> G1066View {
        view::view(state, seats)
    }

    fn resample(view: &G1066View, rng: &mut Chance) -> G1066State {
        view::resample(view, rng)
    }

    fn chance(state: &G1066State) -> &Chance {
        &state.chance
    }

    fn chance_mut(state: &mut G1066State) -> &mut Chance {
        &mut state.chance
    }

    fn action_is_secret(state: &G1066State, action: &G1066Action) -> bool {
        rules::action_is_secret(state, action)
    }

    fn check_position(state: &G1066State) -> Result<(), String> {
        position_check::check(state)
    }

    /// Each player's feudal points occupied now (23.2 (2)): public, since who occupies a
    /// square is. Whether a king stands in a royal town is not shown: his counter may
    /// be face down.
    fn standing(state: &G1066State) -> Vec<Standing> {
        let mut out = vec![Standing {
            seat: None,
            key: "turn",
            value: state.turn.to_string(),
            rule: "3.1",
        }];
        out.extend(
            sequence::victory_checks(state)
                .into_iter()
                .map(|c| Standing {
                    seat: Some(c.seat),
                    key: "feudal",
                    value: c.feudal.to_string(),
                    rule: "23.2",
                }),
        );
        out
    }

    fn progress(state: &G1066State) -> String {
        format!(
            "{}, {}",
            describe::month(state.turn),
            describe::phase_title(&state.phase)
        )
    }
}

impl Notation for G1066 {
    fn format_action(state: &G1066State, action: &G1066Action) -> String {
        notation::format_action(state, action)
    }

    fn parse_action(state: &G1066State, text: &str) -> Result<G1066Action, NotationError> {
        notation::parse_action(state, text)
    }

    fn format_position(state: &G1066State) -> String {
        notation::format_position(state)
    }

    fn parse_position(text: &str, seed: u64) -> Result<G1066State, NotationError> {
        notation::parse_position(text, seed)
    }

    fn format_view(view: &G1066View) -> String {
        notation::format_position(&view.state)
    }
}

impl Presentation for G1066 {
    fn render(view: &G1066View) -> String {
        render::render(view)
    }

    fn render_screen(view: &G1066View) -> String {
        render::screen(view)
    }

    fn board(view: &G1066View) -> crate::engine::scene::Board {
        scene::board(view)
    }

    fn action_words(state: &G1066State, _seat: Seat, action: &G1066Action) -> Option<String> {
        action_words::action_words(state, action)
    }
}
