//! A 1066 action as people read it after its seat's name (`G1066::action_words`): "the
//! Normans march from Rouen (H18) to Dives-sur-Mer (G18)" where the notation says `step
//! normans H18-G18`. The apps show it for actions played for a seat (the computer's, a
//! standing order's), in the recap after a hand-off, for the action a person's taps made
//! ready and for the hint's; notation stays for saves, case files and the terminal.
//! Actions of the Battle Board and the negotiations keep their notation for now.

use super::actions::Action;
use super::data::{data, label, Place, Power};
use super::describe::phase_title;
use super::keys::place_key;
use super::state::State;
use super::turn::combat::CombatAction;
use super::turn::movement::MovementAction;
use super::turn::pillage::PillageAction;
use super::turn::provision::ProvisionAction;
use crate::board::square::Square;

/// "Rouen (H18)", or the square's label where there is no town; a box by its name.
fn place(p: Place) -> String {
    match p {
        Place::Square(sq) => square(sq),
        Place::Box(_) => place_key(p),
    }
}

fn square(sq: Square) -> String {
    match data().map.town(sq) {
        Some(t) => format!("{} ({})", t.name, label(sq)),
        None => label(sq),
    }
}

fn force(fleets: bool) -> &'static str {
    if fleets {
        "fleets"
    } else {
        "land units"
    }
}

/// The words for `action` in `state` (the game just before it); None keeps the notation.
pub fn action_words(state: &State, action: &Action) -> Option<String> {
    let the = |p: &Power| format!("the {}", p.name());
    Some(match action {
        Action::DeployCastle { square: sq } => format!("place a castle in {}", square(*sq)),
        Action::Pass { power } => format!("{}: no deal this round (22.1)", the(power)),
        Action::EndPhase { .. } => format!("end the {} (3.2)", phase_title(&state.phase)),
        Action::Movement(m) => movement(state, m)?,
        Action::Combat(c) => match c {
            CombatAction::Fight { power, place: p } => {
                format!("{} fight the battle in {} (15.20)", the(power), place(*p))
            }
            CombatAction::Retreat { power, to } => {
                let from = state.player_turn.combat.retreat.as_ref().map(|r| r.from);
                if from == Some(*to) {
                    format!(
                        "{} stay in their castle in {} (26.1)",
                        the(power),
                        place(*to)
                    )
                } else {
                    format!("{} fall back into {} (15.19)", the(power), place(*to))
                }
            }
            CombatAction::Command { power, leader } => {
                format!("{} name u{leader} their commander (18.3)", the(power))
            }
            CombatAction::Battle(_) => return None,
        },
        Action::Pillage(PillageAction::Pillage {
            power,
            square: sq,
            burn_castle,
        }) => format!(
            "{} pillage {}{} (19.2)",
            the(power),
            square(*sq),
            if *burn_castle {
                " and burn its castle"
            } else {
                ""
            }
        ),
        Action::Provision(ProvisionAction::Pay { power, place: p }) => {
            format!(
                "{} pay a gold to feed their units in {} (9.4)",
                the(power),
                place(*p)
            )
        }
        Action::Provision(ProvisionAction::Starve {
            power,
            place: p,
            unit,
        }) => {
            format!("{} let u{unit} in {} starve (9.6)", the(power), place(*p))
        }
        _ => return None,
    })
}

fn movement(state: &State, m: &MovementAction) -> Option<String> {
    let the = |p: &Power| format!("the {}", p.name());
    Some(match m {
        MovementAction::Muster {
            power,
            place: p,
            fleets,
        } => format!(
            "{} gather their {} in {} (14.1)",
            the(power),
            force(*fleets),
            place(*p)
        ),
        MovementAction::ForcedMarch {
            power,
            place: p,
            fleets,
        } => format!(
            "{} play a Forced March: their {} in {} move again (16.2)",
            the(power),
            force(*fleets),
            place(*p)
        ),
        MovementAction::Leave { power, unit } => {
            let at = state.player_turn.movement.moving.as_ref().map(|m| m.place);
            match at {
                Some(p) => format!("{} leave u{unit} in {} (14.5)", the(power), place(p)),
                None => format!("{} leave u{unit} behind (14.5)", the(power)),
            }
        }
        MovementAction::Step { power, from, to } => {
            format!(
                "{} march from {} to {} (14.1)",
                the(power),
                place(*from),
                place(*to)
            )
        }
        MovementAction::Halt { power } => format!("{} halt (14.3)", the(power)),
        MovementAction::Board { power, unit } => {
            format!("{} take u{unit} aboard their fleets (17.5)", the(power))
        }
        MovementAction::Land { power } => {
            format!("{} land the fleets' cargo (17.10)", the(power))
        }
        MovementAction::CounterMarch {
            power,
            from,
            fleets,
        } => format!(
            "{} play a Forced March: their {} in {} counter march (16.7)",
            the(power),
            force(*fleets),
            place(*from)
        ),
        MovementAction::NoCounterMarch { power } => {
            format!("{} let the move go on (16.7)", the(power))
        }
    })
}
