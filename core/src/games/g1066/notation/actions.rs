//! 1066 actions: one line each, the verb first, then the power that acts (a player may
//! play two powers, 4.6), then what the action is about (`step normans C6-D6`).

use super::{
    board_box_text, chit_text, identity_text, parse_board_box, parse_chit, parse_identity,
    parse_place, parse_power, parse_square, parse_unit, parse_unit_type, place_text, square_text,
    unit_text,
};
use crate::engine::notation::{number, read_action, Fault, Form, Verb};
use crate::engine::NotationError;
use crate::games::g1066::actions::Action;
use crate::games::g1066::battle::types::{BattleAction, UnitId};
use crate::games::g1066::keys::unit_key;
use crate::games::g1066::negotiation::{DealAction, Term};
use crate::games::g1066::state::{Bid, State};
use crate::games::g1066::turn::campaign::CampaignAction;
use crate::games::g1066::turn::combat::CombatAction;
use crate::games::g1066::turn::movement::MovementAction;
use crate::games::g1066::turn::negation::NegationAction;
use crate::games::g1066::turn::phase_markers::MarkerAction;
use crate::games::g1066::turn::pillage::PillageAction;
use crate::games::g1066::turn::provision::ProvisionAction;
use crate::games::g1066::turn::recruit::RecruitAction;
use crate::games::g1066::turn::vassalage::VassalageAction;

fn flag(on: bool, word: &str) -> String {
    if on {
        format!(" {word}")
    } else {
        String::new()
    }
}

/// A deal's term as its words after `term POWER` (`give 2`, `end-game nobody`).
pub fn term_text(t: Term) -> String {
    match t {
        Term::Give(n) => format!("give {n}"),
        Term::Ask(n) => format!("ask {n}"),
        Term::Transfer(p) => format!("transfer {}", p.key()),
        Term::Neutral(p) => format!("neutral {}", p.key()),
        Term::NoAttack(n) => format!("no-attack {n}"),
        Term::EndGame(Some(p)) => format!("end-game {}", p.key()),
        Term::EndGame(None) => "end-game nobody".to_string(),
    }
}

fn read_term(f: &mut Form) -> Result<Term, Fault> {
    let kinds = [
        "give",
        "ask",
        "transfer",
        "neutral",
        "no-attack",
        "end-game",
    ];
    Ok(match f.choose(&kinds)? {
        0 => Term::Give(f.take(|w| number(w, "markers"))?),
        1 => Term::Ask(f.take(|w| number(w, "markers"))?),
        2 => Term::Transfer(f.take(parse_power)?),
        3 => Term::Neutral(f.take(parse_power)?),
        4 => Term::NoAttack(f.take(|w| number(w, "game turns"))?),
        _ => Term::EndGame(if opt(f, "nobody") {
            None
        } else {
            Some(f.take(parse_power)?)
        }),
    })
}

/// One action as one line, e.g. `muster normans normandy fleets`.
pub fn format_action(_: &State, a: &Action) -> String {
    match a {
        Action::Deploy { identity, place } => {
            format!("deploy {} {}", identity_text(identity), place_text(*place))
        }
        Action::DeployCastle { square } => format!("deploy-castle {}", square_text(*square)),
        Action::Bid { power, bid } => {
            format!(
                "bid {} {}{}",
                power.key(),
                bid.gold,
                flag(bid.papal, "papal")
            )
        }
        Action::Pass { power } => format!("pass {}", power.key()),
        Action::EndPhase { power } => format!("end {}", power.key()),
        Action::Deal(d) => match d {
            DealAction::Open { power, with } => format!("deal {} {}", power.key(), with.key()),
            DealAction::Add { power, term } => format!("term {} {}", power.key(), term_text(*term)),
            DealAction::Offer { power } => format!("offer {}", power.key()),
            DealAction::Withdraw { power } => format!("withdraw {}", power.key()),
            DealAction::Answer { power, accept } => format!(
                "answer {} {}",
                power.key(),
                if *accept { "accept" } else { "decline" }
            ),
            DealAction::HandOver { power, chit } => {
                format!("hand-over {} {}", power.key(), chit_text(*chit))
            }
        },
        Action::Campaign(c) => match c {
            CampaignAction::Return { power, chit } => {
                format!("return {} {}", power.key(), chit_text(*chit))
            }
            CampaignAction::TakeOver { power, gold } => {
                format!("take-over {} {gold}", power.key())
            }
            CampaignAction::NoTakeOver { power } => format!("no-take-over {}", power.key()),
            CampaignAction::AttritionLoss { power, place, unit } => format!(
                "attrition {} {} {}",
                power.key(),
                place_text(*place),
                unit_text(*unit)
            ),
            CampaignAction::Rebellion { power, negate } => format!(
                "rebellion {} {}",
                power.key(),
                if *negate { "negate" } else { "accept" }
            ),
            CampaignAction::Pay { power, place, pay } => format!(
                "demand {} {} {}",
                power.key(),
                place_text(*place),
                if *pay { "pay" } else { "refuse" }
            ),
        },
        Action::Marker(m) => match m {
            MarkerAction::HolyRomanEmpire { power } => {
                format!("holy-roman-empire {}", power.key())
            }
            MarkerAction::OathOfFealty { power, target } => {
                format!("oath {} {}", power.key(), target.key())
            }
            MarkerAction::Assassin { power, unit } => {
                format!("assassin {} {}", power.key(), unit_text(*unit))
            }
            MarkerAction::SpyStacks { power } => format!("spy-stacks {}", power.key()),
            MarkerAction::SpyHand { power, target } => {
                format!("spy-hand {} {}", power.key(), target.key())
            }
            MarkerAction::PapalSwap { power } => format!("papal-swap {}", power.key()),
            MarkerAction::Defection { power, place, from } => format!(
                "defection {} {} {}",
                power.key(),
                place_text(*place),
                from.key()
            ),
            MarkerAction::SwapPick { power, chit } => {
                format!("papal-pick {} {}", power.key(), chit_text(*chit))
            }
            MarkerAction::OathPick { power, chit } => {
                format!("oath-pick {} {}", power.key(), chit_text(*chit))
            }
        },
        Action::Negation(n) => match n {
            NegationAction::Negate { power, with } => format!("negate {} {with}", power.key()),
            NegationAction::LetStand { power } => format!("let-stand {}", power.key()),
        },
        Action::Provision(p) => match p {
            ProvisionAction::Pay { power, place } => {
                format!("provision {} {}", power.key(), place_text(*place))
            }
            ProvisionAction::Starve { power, place, unit } => format!(
                "starve {} {} {}",
                power.key(),
                place_text(*place),
                unit_text(*unit)
            ),
        },
        Action::Recruit(r) => match r {
            RecruitAction::Buy { power, unit, place } => format!(
                "buy {} {} {}",
                power.key(),
                unit_key(*unit),
                place_text(*place)
            ),
            RecruitAction::CallToArms { power } => format!("call-to-arms {}", power.key()),
            RecruitAction::Castle { power, square } => {
                format!("build-castle {} {}", power.key(), square_text(*square))
            }
            RecruitAction::ClearPillage { power, square } => {
                format!("clear-pillage {} {}", power.key(), square_text(*square))
            }
            RecruitAction::Rally {
                power,
                identity,
                place,
            } => format!(
                "rally {} {} {}",
                power.key(),
                identity_text(identity),
                place_text(*place)
            ),
            RecruitAction::Tostig { power, place } => {
                format!("tostig {} {}", power.key(), place_text(*place))
            }
        },
        Action::Vassalage(v) => match v {
            VassalageAction::Declare { power, square } => {
                format!("vassalage {} {}", power.key(), square_text(*square))
            }
            VassalageAction::Commit { power, ones, twos } => {
                format!("commit {} {ones} {twos}", power.key())
            }
        },
        Action::Movement(m) => match m {
            MovementAction::Muster {
                power,
                place,
                fleets,
            } => format!(
                "muster {} {}{}",
                power.key(),
                place_text(*place),
                flag(*fleets, "fleets")
            ),
            MovementAction::ForcedMarch {
                power,
                place,
                fleets,
            } => format!(
                "forced-march {} {}{}",
                power.key(),
                place_text(*place),
                flag(*fleets, "fleets")
            ),
            MovementAction::Leave { power, unit } => {
                format!("leave {} {}", power.key(), unit_text(*unit))
            }
            MovementAction::Step { power, from, to } => format!(
                "step {} {}-{}",
                power.key(),
                place_text(*from),
                place_text(*to)
            ),
            MovementAction::Halt { power } => format!("halt {}", power.key()),
            MovementAction::Board { power, unit } => {
                format!("board {} {}", power.key(), unit_text(*unit))
            }
            MovementAction::Land { power } => format!("land {}", power.key()),
            MovementAction::CounterMarch {
                power,
                from,
                fleets,
            } => format!(
                "counter-march {} {}{}",
                power.key(),
                place_text(*from),
                flag(*fleets, "fleets")
            ),
            MovementAction::NoCounterMarch { power } => {
                format!("no-counter-march {}", power.key())
            }
        },
        Action::Combat(c) => match c {
            CombatAction::Fight { power, place } => {
                format!("fight {} {}", power.key(), place_text(*place))
            }
            CombatAction::Retreat { power, to } => {
                format!("retreat {} {}", power.key(), place_text(*to))
            }
            CombatAction::Battle(b) => format!("battle {}", battle_text(b)),
            CombatAction::Command { power, leader } => {
                format!("command {} {}", power.key(), unit_text(*leader))
            }
        },
        Action::Pillage(PillageAction::Pillage {
            power,
            square,
            burn_castle,
        }) => format!(
            "pillage {} {}{}",
            power.key(),
            square_text(*square),
            flag(*burn_castle, "burn")
        ),
    }
}

/// A decision on the Battle Board, after the word `battle`.
fn battle_text(b: &BattleAction) -> String {
    let unit = |u: &UnitId| u16::try_from(u.0).map(unit_text).unwrap_or_default();
    match b {
        BattleAction::Roll => "roll".to_string(),
        BattleAction::Deploy(to) => format!("deploy {}", board_box_text(*to)),
        BattleAction::Select(u) => format!("select {}", unit(u)),
        BattleAction::MoveTo(to) => format!("move {}", board_box_text(*to)),
        BattleAction::Target(u) => format!("target {}", unit(u)),
        BattleAction::EndRound => "end-round".to_string(),
        BattleAction::Charge(at) => format!("charge {}", board_box_text(*at)),
        BattleAction::Maneuver(at) => format!("maneuver {}", board_box_text(*at)),
        BattleAction::CancelManeuver => "cancel-maneuver".to_string(),
        BattleAction::ShieldWall => "shield-wall".to_string(),
        BattleAction::FeignedFlight => "feigned-flight".to_string(),
        BattleAction::Pass => "pass".to_string(),
    }
}

type Read = fn(&mut Form, &State) -> Result<Action, Fault>;

fn verb(word: &'static str, usage: &'static str, read: Read) -> Verb<State, Action> {
    Verb { word, usage, read }
}

/// Reads one action; case and extra spaces do not matter.
pub fn parse_action(state: &State, text: &str) -> Result<Action, NotationError> {
    read_action(text, &verbs(), state)
}

/// Whether the next word is `word` (then it is read).
fn opt(f: &mut Form, word: &str) -> bool {
    f.words.keyword(word)
}

fn verbs() -> Vec<Verb<State, Action>> {
    vec![
        verb("deploy", "deploy COUNTER PLACE", |f, _| {
            let identity = f.take(parse_identity)?;
            let place = f.take(parse_place)?;
            Ok(Action::Deploy { identity, place })
        }),
        verb("deploy-castle", "deploy-castle SQUARE", |f, _| {
            let square = f.take(parse_square)?;
            Ok(Action::DeployCastle { square })
        }),
        verb("bid", "bid POWER GOLD [papal]", |f, _| {
            let power = f.take(parse_power)?;
            let gold = f.take(|w| number(w, "gold"))?;
            let papal = opt(f, "papal");
            Ok(Action::Bid {
                power,
                bid: Bid { gold, papal },
            })
        }),
        verb("pass", "pass POWER", |f, _| {
            Ok(Action::Pass {
                power: f.take(parse_power)?,
            })
        }),
        verb("deal", "deal POWER OTHER-POWER", |f, _| {
            let power = f.take(parse_power)?;
            let with = f.take(parse_power)?;
            Ok(DealAction::Open { power, with }.into())
        }),
        verb(
            "term",
            "term POWER give N|ask N|transfer POWER|neutral POWER|no-attack TURNS|end-game POWER|nobody",
            |f, _| {
                let power = f.take(parse_power)?;
                let term = read_term(f)?;
                Ok(DealAction::Add { power, term }.into())
            },
        ),
        verb("offer", "offer POWER", |f, _| {
            Ok(DealAction::Offer {
                power: f.take(parse_power)?,
            }
            .into())
        }),
        verb("withdraw", "withdraw POWER", |f, _| {
            Ok(DealAction::Withdraw {
                power: f.take(parse_power)?,
            }
            .into())
        }),
        verb("answer", "answer POWER accept|decline", |f, _| {
            let power = f.take(parse_power)?;
            let accept = f.choose(&["decline", "accept"])? == 1;
            Ok(DealAction::Answer { power, accept }.into())
        }),
        verb("hand-over", "hand-over POWER MARKER", |f, _| {
            let power = f.take(parse_power)?;
            let chit = f.take(parse_chit)?;
            Ok(DealAction::HandOver { power, chit }.into())
        }),
        verb("end", "end POWER", |f, _| {
            Ok(Action::EndPhase {
                power: f.take(parse_power)?,
            })
        }),
        verb("return", "return POWER MARKER", |f, _| {
            let power = f.take(parse_power)?;
            let chit = f.take(parse_chit)?;
            Ok(CampaignAction::Return { power, chit }.into())
        }),
        verb("attrition", "attrition POWER PLACE COUNTER", |f, _| {
            let power = f.take(parse_power)?;
            let place = f.take(parse_place)?;
            let unit = f.take(parse_unit)?;
            Ok(CampaignAction::AttritionLoss { power, place, unit }.into())
        }),
        verb("rebellion", "rebellion POWER negate|accept", |f, _| {
            let power = f.take(parse_power)?;
            let negate = f.choose(&["accept", "negate"])? == 1;
            Ok(CampaignAction::Rebellion { power, negate }.into())
        }),
        verb("demand", "demand POWER PLACE pay|refuse", |f, _| {
            let power = f.take(parse_power)?;
            let place = f.take(parse_place)?;
            let pay = f.choose(&["refuse", "pay"])? == 1;
            Ok(CampaignAction::Pay { power, place, pay }.into())
        }),
        verb("take-over", "take-over POWER GOLD", |f, _| {
            let power = f.take(parse_power)?;
            let gold = f.take(|w| number(w, "gold bid"))?;
            Ok(CampaignAction::TakeOver { power, gold }.into())
        }),
        verb("no-take-over", "no-take-over POWER", |f, _| {
            let power = f.take(parse_power)?;
            Ok(CampaignAction::NoTakeOver { power }.into())
        }),
        verb("holy-roman-empire", "holy-roman-empire POWER", |f, _| {
            let power = f.take(parse_power)?;
            Ok(MarkerAction::HolyRomanEmpire { power }.into())
        }),
        verb("oath", "oath POWER TARGET-POWER", |f, _| {
            let power = f.take(parse_power)?;
            let target = f.take(parse_power)?;
            Ok(MarkerAction::OathOfFealty { power, target }.into())
        }),
        verb("spy-stacks", "spy-stacks POWER", |f, _| {
            let power = f.take(parse_power)?;
            Ok(MarkerAction::SpyStacks { power }.into())
        }),
        verb("spy-hand", "spy-hand POWER TARGET-POWER", |f, _| {
            let power = f.take(parse_power)?;
            let target = f.take(parse_power)?;
            Ok(MarkerAction::SpyHand { power, target }.into())
        }),
        verb("defection", "defection POWER PLACE CONTROLLING-POWER", |f, _| {
            let power = f.take(parse_power)?;
            let place = f.take(parse_place)?;
            let from = f.take(parse_power)?;
            Ok(MarkerAction::Defection { power, place, from }.into())
        }),
        verb("papal-swap", "papal-swap POWER", |f, _| {
            let power = f.take(parse_power)?;
            Ok(MarkerAction::PapalSwap { power }.into())
        }),
        verb("papal-pick", "papal-pick POWER MARKER", |f, _| {
            let power = f.take(parse_power)?;
            let chit = f.take(parse_chit)?;
            Ok(MarkerAction::SwapPick { power, chit }.into())
        }),
        verb("oath-pick", "oath-pick POWER MARKER", |f, _| {
            let power = f.take(parse_power)?;
            let chit = f.take(parse_chit)?;
            Ok(MarkerAction::OathPick { power, chit }.into())
        }),
        verb("negate", "negate POWER papal_intervention|spy", |f, _| {
            let power = f.take(parse_power)?;
            let with = f.take(|w| match w {
                "papal_intervention" | "spy" => Ok(w.to_string()),
                _ => Err(format!(
                    "a marker is negated with papal_intervention or spy, not '{w}'"
                )),
            })?;
            Ok(Action::Negation(NegationAction::Negate { power, with }))
        }),
        verb("let-stand", "let-stand POWER", |f, _| {
            let power = f.take(parse_power)?;
            Ok(Action::Negation(NegationAction::LetStand { power }))
        }),
        verb("assassin", "assassin POWER COUNTER", |f, _| {
            let power = f.take(parse_power)?;
            let unit = f.take(parse_unit)?;
            Ok(MarkerAction::Assassin { power, unit }.into())
        }),
        verb("provision", "provision POWER PLACE", |f, _| {
            let power = f.take(parse_power)?;
            let place = f.take(parse_place)?;
            Ok(ProvisionAction::Pay { power, place }.into())
        }),
        verb("starve", "starve POWER PLACE COUNTER", |f, _| {
            let power = f.take(parse_power)?;
            let place = f.take(parse_place)?;
            let unit = f.take(parse_unit)?;
            Ok(ProvisionAction::Starve { power, place, unit }.into())
        }),
        verb("buy", "buy POWER UNIT-TYPE PLACE", |f, _| {
            let power = f.take(parse_power)?;
            let unit = f.take(parse_unit_type)?;
            let place = f.take(parse_place)?;
            Ok(RecruitAction::Buy { power, unit, place }.into())
        }),
        verb("call-to-arms", "call-to-arms POWER", |f, _| {
            let power = f.take(parse_power)?;
            Ok(RecruitAction::CallToArms { power }.into())
        }),
        verb("build-castle", "build-castle POWER SQUARE", |f, _| {
            let power = f.take(parse_power)?;
            let square = f.take(parse_square)?;
            Ok(RecruitAction::Castle { power, square }.into())
        }),
        verb("clear-pillage", "clear-pillage POWER SQUARE", |f, _| {
            let power = f.take(parse_power)?;
            let square = f.take(parse_square)?;
            Ok(RecruitAction::ClearPillage { power, square }.into())
        }),
        verb("rally", "rally POWER COUNTER PLACE", |f, _| {
            let power = f.take(parse_power)?;
            let identity = f.take(parse_identity)?;
            let place = f.take(parse_place)?;
            Ok(RecruitAction::Rally {
                power,
                identity,
                place,
            }
            .into())
        }),
        verb("tostig", "tostig POWER PLACE", |f, _| {
            let power = f.take(parse_power)?;
            let place = f.take(parse_place)?;
            Ok(RecruitAction::Tostig { power, place }.into())
        }),
        verb("vassalage", "vassalage POWER SQUARE", |f, _| {
            let power = f.take(parse_power)?;
            let square = f.take(parse_square)?;
            Ok(VassalageAction::Declare { power, square }.into())
        }),
        verb("commit", "commit POWER ONES TWOS", |f, _| {
            let power = f.take(parse_power)?;
            let ones = f.take(|w| number(w, "count of 1-point markers"))?;
            let twos = f.take(|w| number(w, "count of 2-point markers"))?;
            Ok(VassalageAction::Commit { power, ones, twos }.into())
        }),
        verb("muster", "muster POWER PLACE [fleets]", |f, _| {
            let power = f.take(parse_power)?;
            let place = f.take(parse_place)?;
            let fleets = opt(f, "fleets");
            Ok(MovementAction::Muster {
                power,
                place,
                fleets,
            }
            .into())
        }),
        verb("forced-march", "forced-march POWER PLACE [fleets]", |f, _| {
            let power = f.take(parse_power)?;
            let place = f.take(parse_place)?;
            let fleets = opt(f, "fleets");
            Ok(MovementAction::ForcedMarch {
                power,
                place,
                fleets,
            }
            .into())
        }),
        verb("leave", "leave POWER COUNTER", |f, _| {
            let power = f.take(parse_power)?;
            let unit = f.take(parse_unit)?;
            Ok(MovementAction::Leave { power, unit }.into())
        }),
        verb("step", "step POWER FROM-TO", |f, _| {
            let power = f.take(parse_power)?;
            let (from, to) = f.take(|w| {
                let (a, b) = w
                    .split_once('-')
                    .ok_or_else(|| format!("a step is written FROM-TO, not '{w}'"))?;
                Ok((parse_place(a)?, parse_place(b)?))
            })?;
            Ok(MovementAction::Step { power, from, to }.into())
        }),
        verb("halt", "halt POWER", |f, _| {
            let power = f.take(parse_power)?;
            Ok(MovementAction::Halt { power }.into())
        }),
        verb("board", "board POWER COUNTER", |f, _| {
            let power = f.take(parse_power)?;
            let unit = f.take(parse_unit)?;
            Ok(MovementAction::Board { power, unit }.into())
        }),
        verb("land", "land POWER", |f, _| {
            let power = f.take(parse_power)?;
            Ok(MovementAction::Land { power }.into())
        }),
        verb("counter-march", "counter-march POWER FROM [fleets]", |f, _| {
            let power = f.take(parse_power)?;
            let from = f.take(parse_place)?;
            let fleets = opt(f, "fleets");
            Ok(MovementAction::CounterMarch {
                power,
                from,
                fleets,
            }
            .into())
        }),
        verb("no-counter-march", "no-counter-march POWER", |f, _| {
            let power = f.take(parse_power)?;
            Ok(MovementAction::NoCounterMarch { power }.into())
        }),
        verb("fight", "fight POWER PLACE", |f, _| {
            let power = f.take(parse_power)?;
            let place = f.take(parse_place)?;
            Ok(CombatAction::Fight { power, place }.into())
        }),
        verb("command", "command POWER COUNTER", |f, _| {
            let power = f.take(parse_power)?;
            let leader = f.take(parse_unit)?;
            Ok(CombatAction::Command { power, leader }.into())
        }),
        verb("retreat", "retreat POWER PLACE", |f, _| {
            let power = f.take(parse_power)?;
            let to = f.take(parse_place)?;
            Ok(CombatAction::Retreat { power, to }.into())
        }),
        verb(
            "battle",
            "battle roll|pass|end-round|shield-wall|feigned-flight|cancel-maneuver|deploy BOX|move BOX|charge BOX|maneuver BOX|select COUNTER|target COUNTER",
            |f, _| Ok(CombatAction::Battle(read_battle(f)?).into()),
        ),
        verb("pillage", "pillage POWER SQUARE [burn]", |f, _| {
            let power = f.take(parse_power)?;
            let square = f.take(parse_square)?;
            let burn_castle = opt(f, "burn");
            Ok(PillageAction::Pillage {
                power,
                square,
                burn_castle,
            }
            .into())
        }),
    ]
}

fn read_battle(f: &mut Form) -> Result<BattleAction, Fault> {
    const WORDS: [&str; 12] = [
        "roll",
        "pass",
        "end-round",
        "shield-wall",
        "feigned-flight",
        "cancel-maneuver",
        "deploy",
        "move",
        "charge",
        "maneuver",
        "select",
        "target",
    ];
    let unit = |w: &str| parse_unit(w).map(|u| UnitId(u32::from(u)));
    Ok(match f.choose(&WORDS)? {
        0 => BattleAction::Roll,
        1 => BattleAction::Pass,
        2 => BattleAction::EndRound,
        3 => BattleAction::ShieldWall,
        4 => BattleAction::FeignedFlight,
        5 => BattleAction::CancelManeuver,
        6 => BattleAction::Deploy(f.take(parse_board_box)?),
        7 => BattleAction::MoveTo(f.take(parse_board_box)?),
        8 => BattleAction::Charge(f.take(parse_board_box)?),
        9 => BattleAction::Maneuver(f.take(parse_board_box)?),
        10 => BattleAction::Select(f.take(unit)?),
        _ => BattleAction::Target(f.take(unit)?),
    })
}
