//! Plans for the simple 878 player: the weights of its rules of thumb, as knobs (issue
//! 10). `Plan::default()` is the simple player as it always played; every other plan
//! changes a few of the Vikings' rules of thumb: how readily they offer battle, how much
//! a held City must keep a garrison, whether armies gather before they strike, which
//! cities they reach for. Measured alone and as a portfolio for the search (Fury's gain
//! came from one), none made the search stronger than weighing single moves with the
//! default as its playouts: `ai/STRENGTH.md`, "Plan variants of the simple Danes".

/// How the simple player weighs its moves. Every field at its default is the simple
/// player of `simple.rs` (the figures in STRENGTH.md were measured with it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// Added to the value of offering battle (a march or step into enemies): above 0
    /// the army attacks at worse odds, below 0 it waits for better ones.
    pub dare: f64,
    /// How much a lost battle's cost (the army and a bit more) weighs against its gain.
    pub caution: f64,
    /// What leaving a City the Vikings hold without a unit costs (its marker goes at
    /// the next occupation check, 4.6), in the units of a battle's gain (a City: 8).
    pub hold: f64,
    /// Worth, per unit already there, of marching to a shire where our units stand
    /// without enemies: armies gather before they strike (0: only the cities pull).
    pub gather: f64,
    /// Added to the worth of a Reinforcement City (4.1: new units land there).
    pub reinforce: f64,
    /// What a Viking Leader's defeat with his card costs beyond the battle (5.2).
    pub leader_risk: f64,
    /// Added to the worth of a raid (Northumbrian Raids: markers plundered).
    pub raid: f64,
}

impl Default for Plan {
    fn default() -> Self {
        Plan {
            dare: 0.0,
            caution: 1.0,
            hold: 9.0,
            gather: 0.0,
            reinforce: 0.0,
            leader_risk: 5.0,
            raid: 3.0,
        }
    }
}

/// Every plan measured, by name, the default first (only the measurement asks for them:
/// no portfolio of plans plays 878 better than the search of single moves).
#[cfg(test)]
pub fn named_plans() -> Vec<(&'static str, Plan)> {
    let d = Plan::default();
    vec![
        ("default", d),
        ("bold", Plan { dare: 2.0, ..d }),
        (
            "reckless",
            Plan {
                dare: 4.0,
                caution: 0.5,
                ..d
            },
        ),
        ("wary", Plan { dare: -2.0, ..d }),
        ("roam", Plan { hold: 3.0, ..d }),
        ("garrison", Plan { hold: 15.0, ..d }),
        ("gather", Plan { gather: 0.5, ..d }),
        (
            "gather-bold",
            Plan {
                gather: 0.5,
                dare: 2.0,
                ..d
            },
        ),
        (
            "reinforce",
            Plan {
                reinforce: 3.0,
                ..d
            },
        ),
        (
            "leaders-bold",
            Plan {
                leader_risk: 1.0,
                dare: 1.0,
                ..d
            },
        ),
        ("plunder", Plan { raid: 6.0, ..d }),
        ("dare-6", Plan { dare: 6.0, ..d }),
        ("dare-10", Plan { dare: 10.0, ..d }),
        (
            "berserk",
            Plan {
                dare: 6.0,
                caution: 0.25,
                ..d
            },
        ),
        (
            "berserk-leaders",
            Plan {
                dare: 6.0,
                caution: 0.25,
                leader_risk: 0.0,
                ..d
            },
        ),
        (
            "reckless-gather",
            Plan {
                dare: 4.0,
                caution: 0.5,
                gather: 0.5,
                ..d
            },
        ),
        (
            "reckless-roam",
            Plan {
                dare: 4.0,
                caution: 0.5,
                hold: 3.0,
                ..d
            },
        ),
        (
            "gather-garrison",
            Plan {
                gather: 0.5,
                hold: 15.0,
                ..d
            },
        ),
    ]
}
