//! A 1066 game's options: how many players, which power the third player takes, how
//! long the game runs on the T4 turn chart, and the optional rules 24.0-26.0.

use super::data::{data, Power};
use crate::engine::OptionalRule;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct G1066Options {
    /// 2, 3 or 4 players (1.0).
    pub players: u8,
    /// With 3 players, the power the third player takes: Vikings or Britons (brief 4.4).
    /// None with 2 or 4 players.
    pub third_power: Option<Power>,
    /// The last game turn on the T4 chart (1 = January .. 12 = December; 27.2 plays all
    /// twelve). The game always starts in January.
    pub last_turn: u8,
    /// 24.0 Command Control (optional rule).
    pub command_control: bool,
    /// 25.0 Overrun (optional rule).
    pub overrun: bool,
    /// 26.0 Sieges (optional rule).
    pub sieges: bool,
    /// The seven towns the brief adds beyond the set-up lists (G1, `extra` in map.json).
    pub extra_towns: bool,
}

/// The scenarios: one per table size (27.1 assigns powers; brief 4.4 says which).
pub const SCENARIOS: [(&str, &str, &str); 4] = [
    (
        "two_players",
        "Two players",
        "Normans against Anglo-Saxons; Vikings and Britons start neutral.",
    ),
    (
        "three_players_vikings",
        "Three players, Vikings",
        "Normans, Anglo-Saxons and Vikings; the Britons start neutral.",
    ),
    (
        "three_players_britons",
        "Three players, Britons",
        "Normans, Anglo-Saxons and Britons; the Vikings start neutral.",
    ),
    (
        "four_players",
        "Four players",
        "Every power has a player; nobody is neutral.",
    ),
];

/// The rulebook's optional rules (24.0-26.0), off unless the players choose them.
pub const OPTIONAL_RULES: [OptionalRule; 3] = [
    OptionalRule {
        id: "command_control",
        name: "Command Control",
        rule: "24.0",
        summary: "Before a force moves, a die plus one leader's value: 1-2 it stays, \
                  6 or more it gets one more movement point.",
    },
    OptionalRule {
        id: "overrun",
        name: "Overrun",
        rule: "25.0",
        summary: "A land force ten times stronger than the units in a square it \
                  enters destroys them for one more movement point, with no battle.",
    },
    OptionalRule {
        id: "sieges",
        name: "Sieges",
        rule: "26.0",
        summary: "Enemies may share a held castle's square without a battle, and a \
                  beaten force in its own castle may stay instead of retreating.",
    },
];

impl G1066Options {
    /// Switches an optional rule of [`OPTIONAL_RULES`] on.
    pub fn enable(&mut self, id: &str) -> Result<(), String> {
        match id {
            "command_control" => self.command_control = true,
            "overrun" => self.overrun = true,
            "sieges" => self.sieges = true,
            _ => {
                let ids: Vec<&str> = OPTIONAL_RULES.iter().map(|r| r.id).collect();
                return Err(format!(
                    "1066 has no optional rule '{id}' (there are: {})",
                    ids.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// The options of a scenario: the whole year, optional rules off, extra towns on.
    pub fn for_scenario(id: &str) -> Result<G1066Options, String> {
        let (players, third_power) = match id {
            "two_players" => (2, None),
            "three_players_vikings" => (3, Some(Power::Vikings)),
            "three_players_britons" => (3, Some(Power::Britons)),
            "four_players" => (4, None),
            _ => {
                let ids: Vec<&str> = SCENARIOS.iter().map(|s| s.0).collect();
                return Err(format!(
                    "no 1066 scenario '{id}' (there are: {})",
                    ids.join(", ")
                ));
            }
        };
        Ok(G1066Options {
            players,
            third_power,
            last_turn: data().tables.fixed.game_turns,
            command_control: false,
            overrun: false,
            sieges: false,
            extra_towns: true,
        })
    }

    /// The powers the players start with, in seat order: seat 0 is the Normans, seat 1
    /// the Anglo-Saxons, then the third power (3 players) or Vikings and Britons (4).
    pub fn seat_powers(&self) -> Vec<Power> {
        match (self.players, self.third_power) {
            (4, _) => Power::ALL.to_vec(),
            (3, Some(third)) => vec![Power::Normans, Power::AngloSaxons, third],
            _ => vec![Power::Normans, Power::AngloSaxons],
        }
    }
}

/// Refuses options the rules do not allow, naming the rule.
pub fn check_options(o: &G1066Options) -> Result<(), String> {
    if !(2..=4).contains(&o.players) {
        return Err(format!("rule 1.0: 2, 3 or 4 players, not {}", o.players));
    }
    match (o.players, o.third_power) {
        (3, Some(Power::Vikings | Power::Britons)) => {}
        (3, _) => {
            return Err(
                "rule 4.3 (brief 4.4): the third player takes the Vikings or the Britons".into(),
            )
        }
        (_, Some(_)) => {
            return Err("rule 4.3 (brief 4.4): a third power is chosen only for 3 players".into())
        }
        _ => {}
    }
    let months = data().tables.turns.months.len();
    if o.last_turn == 0 || usize::from(o.last_turn) > months {
        return Err(format!(
            "rule 27.2 (T4): the game ends on turn 1 to {months}, not {}",
            o.last_turn
        ));
    }
    Ok(())
}
