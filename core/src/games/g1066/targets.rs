//! What each 1066 action touches, in the order a person taps them: the stack or counter,
//! the square, the marker played, a button's word. A seat playing two powers (4.6)
//! first taps the power.

use super::actions::Action;
use super::battle::types::BattleAction;
use super::data::{data, Power};
use super::keys::{place_key, unit_key};
use super::negotiation::{DealAction, Term};
use super::notation::{board_box_text, chit_text};
use super::state::{Identity, State};
use super::turn::campaign::CampaignAction;
use super::turn::combat::CombatAction;
use super::turn::movement::MovementAction;
use super::turn::negation::NegationAction;
use super::turn::phase_markers::MarkerAction;
use super::turn::pillage::PillageAction;
use super::turn::provision::ProvisionAction;
use super::turn::recruit::RecruitAction;
use super::turn::vassalage::VassalageAction;
use crate::engine::Target;

fn piece(u: u16) -> Target {
    Target::Piece(format!("u{u}"))
}

fn cell(place: super::data::Place) -> Target {
    Target::Cell(place_key(place))
}

fn square(sq: crate::board::square::Square) -> Target {
    Target::Cell(super::data::label(sq))
}

fn card(id: &str) -> Target {
    Target::Card(id.to_string())
}

/// A counter's kind as a button's word: a unit type's key or a leader's id.
fn identity_word(identity: &Identity) -> &'static str {
    match identity {
        Identity::Unit(u) => unit_key(*u),
        Identity::Leader(id) => data()
            .units
            .leader(id)
            .map(|l| l.id.as_str())
            .unwrap_or("leader"),
        Identity::Unknown => "unknown",
    }
}

/// The power's word when its player plays more than one power.
fn who(state: &State, power: Power) -> Vec<Target> {
    let seat = state.controller(power).or_else(|| state.deployer(power));
    match seat {
        Some(seat) if state.powers_of(seat).len() > 1 => vec![Target::Word(power.key())],
        _ => Vec::new(),
    }
}

fn with(mut first: Vec<Target>, rest: impl IntoIterator<Item = Target>) -> Vec<Target> {
    first.extend(rest);
    first
}

/// A deal's term as buttons: its word, then its number or power.
fn term_targets(term: Term) -> Vec<Target> {
    let w = Target::Word;
    let n = |k: u8| Target::Count(u32::from(k));
    match term {
        Term::Give(k) => vec![w("give"), n(k)],
        Term::Ask(k) => vec![w("ask"), n(k)],
        Term::Transfer(p) => vec![w("transfer"), w(p.key())],
        Term::Neutral(p) => vec![w("neutral"), w(p.key())],
        Term::NoAttack(k) => vec![w("no-attack"), n(k)],
        Term::EndGame(Some(p)) => vec![w("end-game"), w(p.key())],
        Term::EndGame(None) => vec![w("end-game"), w("nobody")],
    }
}

pub fn targets(state: &State, action: &Action) -> Vec<Target> {
    let w = Target::Word;
    match action {
        Action::Deploy { identity, place } => vec![w(identity_word(identity)), cell(*place)],
        Action::DeployCastle { square: sq } => vec![w("castle"), square(*sq)],
        Action::Bid { power, bid } => {
            let mut t = with(who(state, *power), [Target::Count(u32::from(bid.gold))]);
            if bid.papal {
                t.push(w("papal"));
            }
            t
        }
        Action::Pass { power } => with(who(state, *power), [w("pass")]),
        Action::EndPhase { power } => with(who(state, *power), [w("end")]),
        Action::Deal(d) => match d {
            DealAction::Open { power, with: other } => {
                with(who(state, *power), [w("deal"), w(other.key())])
            }
            DealAction::Add { power, term } => with(who(state, *power), term_targets(*term)),
            DealAction::Offer { power } => with(who(state, *power), [w("offer")]),
            DealAction::Withdraw { power } => with(who(state, *power), [w("withdraw")]),
            DealAction::Answer { power, accept } => with(
                who(state, *power),
                [w(if *accept { "accept" } else { "decline" })],
            ),
            DealAction::HandOver { power, chit } => with(
                who(state, *power),
                [w("hand-over"), Target::Card(chit_text(*chit))],
            ),
        },
        Action::Campaign(c) => match c {
            CampaignAction::Return { power, chit } => {
                with(who(state, *power), [w("return"), card(&chit_text(*chit))])
            }
            CampaignAction::TakeOver { power, gold } => with(
                who(state, *power),
                [w("take-over"), Target::Count(u32::from(*gold))],
            ),
            CampaignAction::NoTakeOver { power } => with(who(state, *power), [w("no-take-over")]),
            CampaignAction::AttritionLoss { power, unit, .. } => {
                with(who(state, *power), [piece(*unit)])
            }
            CampaignAction::Rebellion { power, negate } => with(
                who(state, *power),
                [w(if *negate { "negate" } else { "accept" })],
            ),
            CampaignAction::Pay { power, place, pay } => with(
                who(state, *power),
                [cell(*place), w(if *pay { "pay" } else { "refuse" })],
            ),
        },
        Action::Marker(m) => match m {
            MarkerAction::HolyRomanEmpire { power } => {
                with(who(state, *power), [card("holy_roman_empire")])
            }
            MarkerAction::OathOfFealty { power, target } => with(
                who(state, *power),
                [card("oath_of_fealty"), w(target.key())],
            ),
            MarkerAction::Assassin { power, unit } => {
                with(who(state, *power), [card("assassin"), piece(*unit)])
            }
            MarkerAction::SpyStacks { power } => {
                with(who(state, *power), [card("spy"), w("stacks")])
            }
            MarkerAction::SpyHand { power, target } => {
                with(who(state, *power), [card("spy"), w(target.key())])
            }
            MarkerAction::Defection { power, place, from } => with(
                who(state, *power),
                [card("defection"), cell(*place), w(from.key())],
            ),
            MarkerAction::PapalSwap { power } => {
                with(who(state, *power), [card("papal_intervention")])
            }
            MarkerAction::SwapPick { power, chit } => with(
                who(state, *power),
                [w("pick"), Target::Card(chit_text(*chit))],
            ),
            MarkerAction::OathPick { power, chit } => with(
                who(state, *power),
                [w("take"), Target::Card(chit_text(*chit))],
            ),
        },
        Action::Negation(n) => match n {
            NegationAction::Negate { power, with: m } => {
                with(who(state, *power), [w("negate"), card(m)])
            }
            NegationAction::LetStand { power } => with(who(state, *power), [w("let-stand")]),
        },
        Action::Provision(p) => match p {
            ProvisionAction::Pay { power, place } => {
                with(who(state, *power), [w("pay"), cell(*place)])
            }
            ProvisionAction::Starve { power, unit, .. } => with(who(state, *power), [piece(*unit)]),
        },
        Action::Recruit(r) => match r {
            RecruitAction::Buy { power, unit, place } => {
                with(who(state, *power), [w(unit_key(*unit)), cell(*place)])
            }
            RecruitAction::CallToArms { power } => with(who(state, *power), [w("call-to-arms")]),
            RecruitAction::Castle { power, square: sq } => {
                with(who(state, *power), [w("castle"), square(*sq)])
            }
            RecruitAction::ClearPillage { power, square: sq } => {
                with(who(state, *power), [w("clear-pillage"), square(*sq)])
            }
            RecruitAction::Rally {
                power,
                identity,
                place,
            } => with(
                who(state, *power),
                [card("rally"), w(identity_word(identity)), cell(*place)],
            ),
            RecruitAction::Tostig { power, place } => {
                with(who(state, *power), [card("tostig"), cell(*place)])
            }
        },
        Action::Vassalage(v) => match v {
            VassalageAction::Declare { power, square: sq } => {
                with(who(state, *power), [w("vassalage"), square(*sq)])
            }
            VassalageAction::Commit { power, ones, twos } => with(
                who(state, *power),
                [
                    Target::Count(u32::from(*ones)),
                    Target::Count(u32::from(*twos)),
                ],
            ),
        },
        Action::Movement(m) => match m {
            MovementAction::Muster {
                power,
                place,
                fleets,
            } => {
                let mut t = with(who(state, *power), [w("muster"), cell(*place)]);
                if *fleets {
                    t.push(w("fleets"));
                }
                t
            }
            MovementAction::ForcedMarch {
                power,
                place,
                fleets,
            } => {
                let mut t = with(who(state, *power), [card("forced_march"), cell(*place)]);
                if *fleets {
                    t.push(w("fleets"));
                }
                t
            }
            MovementAction::Leave { power, unit } => {
                with(who(state, *power), [w("leave"), piece(*unit)])
            }
            MovementAction::Step { power, from, to } => {
                with(who(state, *power), [cell(*from), cell(*to)])
            }
            MovementAction::Halt { power } => with(who(state, *power), [w("halt")]),
            MovementAction::Board { power, unit } => {
                with(who(state, *power), [w("board"), piece(*unit)])
            }
            MovementAction::Land { power } => with(who(state, *power), [w("land")]),
            MovementAction::CounterMarch {
                power,
                from,
                fleets,
            } => {
                let mut t = with(who(state, *power), [card("forced_march"), cell(*from)]);
                if *fleets {
                    t.push(w("fleets"));
                }
                t
            }
            MovementAction::NoCounterMarch { power } => {
                with(who(state, *power), [w("no-counter-march")])
            }
        },
        Action::Combat(c) => match c {
            CombatAction::Fight { power, place } => {
                with(who(state, *power), [w("fight"), cell(*place)])
            }
            CombatAction::Retreat { power, to } => {
                with(who(state, *power), [w("retreat"), cell(*to)])
            }
            CombatAction::Battle(b) => battle(state, b),
            CombatAction::Command { power, leader } => {
                with(who(state, *power), [w("command"), piece(*leader)])
            }
        },
        Action::Pillage(PillageAction::Pillage {
            power,
            square: sq,
            burn_castle,
        }) => {
            let mut t = with(who(state, *power), [w("pillage"), square(*sq)]);
            if *burn_castle {
                t.push(w("burn"));
            }
            t
        }
    }
}

/// On the Battle Board: the unit, the box, the marker played. A unit deploys or moves
/// by a tap on its side's box in the scene (`scene_battle`: `d-centre`).
fn battle(state: &State, b: &BattleAction) -> Vec<Target> {
    let w = Target::Word;
    let unit = |u: &super::battle::types::UnitId| Target::Piece(format!("u{}", u.0));
    let deciding = state
        .player_turn
        .combat
        .fight
        .as_ref()
        .and_then(|f| f.battle.to_decide())
        .map(|d| d.side);
    match b {
        BattleAction::Roll => vec![w("roll")],
        BattleAction::Deploy(to) | BattleAction::MoveTo(to) => match deciding {
            Some(side) => vec![Target::Cell(super::scene_battle::box_label(side, *to))],
            None => vec![w(board_box_text(*to))],
        },
        BattleAction::Select(u) | BattleAction::Target(u) => vec![unit(u)],
        BattleAction::EndRound => vec![w("end-round")],
        BattleAction::Charge(at) => vec![card("charge"), w(board_box_text(*at))],
        BattleAction::Maneuver(at) => vec![card("maneuver"), w(board_box_text(*at))],
        BattleAction::CancelManeuver => vec![card("maneuver")],
        BattleAction::ShieldWall => vec![card("shield_wall")],
        BattleAction::FeignedFlight => vec![card("feigned_flight")],
        BattleAction::Pass => vec![w("pass")],
    }
}
