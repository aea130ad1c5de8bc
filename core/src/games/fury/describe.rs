//! The words for every Fury event (`Fury::describe`): the one place that turns what
//! happened into text, when someone reads it.

use super::data::data;
use super::events::{FlightEnd, FuryEvent, Receiver, Rouser, UnitCode, Wander, WrathResult};
use super::state::Phase;
use super::units::unit_names;
use crate::board::Hex;

fn label(hex: Hex) -> String {
    data().grid.label(hex)
}

fn joined(units: &[UnitCode], sep: &str) -> String {
    units
        .iter()
        .map(|u| u.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

fn route(path: &[Hex]) -> String {
    path.iter().map(|&h| label(h)).collect::<Vec<_>>().join("-")
}

/// Where the game stands, as people read it: "Set-up, Villager set-up", "Turn 3, Viking
/// combat (7.0)" (a list of saves, the status line, an event that starts a phase).
pub fn when(turn: u8, phase: Phase) -> String {
    match turn {
        0 => format!("Set-up, {}", phase.title()),
        turn => format!("Turn {turn}, {}", phase.title()),
    }
}

/// Units as people read them: "Infantry and Berserker", "2 Infantry and Chief" (see
/// [`unit_names`]).
pub fn names(units: &[UnitCode]) -> String {
    unit_names(units.iter().map(|u| u.kind))
}

/// The verb for these units: `one` for a single unit, `many` for more.
fn verb<'a>(units: &[UnitCode], one: &'a str, many: &'a str) -> &'a str {
    if units.len() == 1 {
        one
    } else {
        many
    }
}

/// Other words for people where [`describe`] writes notation, which case files match
/// (`Fury::describe_for_people`): a phase by its title, not its id; a move by where it
/// began and ended, not its route of hexes; units by their kinds' names ("Infantry and
/// Berserker"), not their codes; a combat result in words ("defenders eliminated"),
/// not the table's code. None where the text has no notation to replace.
pub fn for_people(event: &FuryEvent) -> Option<String> {
    let one = |u: &UnitCode| u.kind.name();
    Some(match event {
        FuryEvent::PhaseBegins { turn, phase } => when(*turn, *phase),
        FuryEvent::Moved {
            units,
            path,
            landing,
        } => moved_words(units, path, *landing),
        FuryEvent::Placed { unit, hex } => format!("{} placed in {}", one(unit), label(*hex)),
        FuryEvent::Reembarked { unit, hex, loot } => {
            let mut text = format!("{} re-embarks at {}", one(unit), label(*hex));
            if !loot.is_empty() {
                text.push_str(&format!(" with {}", names(loot)));
            }
            text
        }
        FuryEvent::PerishedInFire { unit } => {
            format!("{} could not leave the Fire and perishes", one(unit))
        }
        FuryEvent::Transferred { from, items, to } => {
            let to = match to {
                Receiver::Unit(u) if u.kind == from.kind => format!("to another {}", one(u)),
                Receiver::Unit(u) => format!("to {}", one(u)),
                Receiver::Ship(h) => format!("aboard the Ship at {}", label(*h)),
            };
            format!("{} hands {} {to}", one(from), names(items))
        }
        FuryEvent::Abandoned { item } => {
            format!("{} is abandoned and reverts to the Villager", one(item))
        }
        FuryEvent::AnimalWanders { animal, roll, went } => {
            let name = direction(*roll);
            let who = one(animal);
            match went {
                Wander::OffMap => format!("{who} rolls {roll} ({name}) and wanders off the map"),
                Wander::Stays(h) => {
                    format!("{who} rolls {roll} ({name}) and stays in {}", label(*h))
                }
                Wander::To(h) => {
                    format!("{who} rolls {roll} ({name}) and wanders to {}", label(*h))
                }
            }
        }
        FuryEvent::Attack {
            attackers,
            defenders,
            hex,
            attack,
            defence,
            doubled,
            odds,
            shifted,
            roll,
            result,
        } => {
            let mut text = format!(
                "{} {} {} in {}: {attack} to {defence}{} = {}",
                names(attackers),
                verb(attackers, "attacks", "attack"),
                names(defenders),
                label(*hex),
                if *doubled { " (defence doubled)" } else { "" },
                odds.label()
            );
            if let Some(to) = shifted {
                text.push_str(&format!(", Leader shift to {}", to.label()));
            }
            text.push_str(&format!("; roll {roll}: {}", result.words()));
            text
        }
        FuryEvent::AttackUndefended {
            attackers,
            defenders,
            hex,
        } => format!(
            "{} {} {} in {}: no defence, all eliminated",
            names(attackers),
            verb(attackers, "attacks", "attack"),
            names(defenders),
            label(*hex)
        ),
        FuryEvent::Archery {
            shooters,
            defenders,
            hex,
            attack,
            defence,
            doubled,
            odds,
            roll,
            result,
        } => format!(
            "{} {} {} in {}: {attack} to {defence}{} = {}; roll {roll}: {}",
            names(shooters),
            verb(shooters, "shoots at", "shoot at"),
            names(defenders),
            label(*hex),
            if *doubled { " (defence doubled)" } else { "" },
            odds.label(),
            result.words()
        ),
        FuryEvent::ArcheryUndefended {
            shooters,
            defenders,
            hex,
        } => format!(
            "{} {} {} in {}: no defence, all eliminated",
            names(shooters),
            verb(shooters, "shoots at", "shoot at"),
            names(defenders),
            label(*hex)
        ),
        FuryEvent::Eliminated { unit } => format!("{} is eliminated", one(unit)),
        FuryEvent::Retreated { unit, to } => {
            format!("{} retreats to {}", one(unit), label(*to))
        }
        FuryEvent::RetreatedOffMap { unit } => {
            format!("{} retreats off the map and is lost", one(unit))
        }
        FuryEvent::CannotRetreat { unit } => format!("{} cannot retreat", one(unit)),
        FuryEvent::LeaderRoll {
            leader,
            roll,
            stays,
        } => format!(
            "Leader roll for {}: {roll}, {}",
            one(leader),
            if *stays {
                "it stays and may be Captured"
            } else {
                "it shares its stack's fate"
            }
        ),
        FuryEvent::LeaderRollDeclined { leader } => {
            format!("no Leader roll: {} shares its stack's fate", one(leader))
        }
        FuryEvent::Wrath {
            invoker,
            target,
            roll,
            result,
        } => format!(
            "{} calls Divine Wrath on {}: roll {roll}, {}",
            one(invoker),
            label(*target),
            wrath_words(*result)
        ),
        FuryEvent::Flight { unit, path, end } => flight_words(one(unit), path, *end),
        FuryEvent::Capture {
            captor,
            target,
            attack,
            defence,
            odds,
            roll,
            captured,
        } => format!(
            "{} tries to Capture {}: {attack} to {defence} = {}; roll {roll}: {}",
            one(captor),
            target.kind.a_name(),
            odds.label(),
            if *captured { "Captured" } else { "no effect" }
        ),
        FuryEvent::PutToTheSword { unit } => format!("{} is put to the sword", one(unit)),
        FuryEvent::LeftBehind { unit, hex } => format!(
            "{} is left behind in {} and reverts to the Villager",
            one(unit),
            label(*hex)
        ),
        FuryEvent::Sacked { hex, roll, found } => match found {
            Some(t) => format!("{} is sacked: roll {roll}, {} found", label(*hex), one(t)),
            None => format!("{} is sacked: roll {roll}, nothing found", label(*hex)),
        },
        FuryEvent::TakesTreasure { unit, treasure } => {
            format!("{} takes {}", one(unit), one(treasure))
        }
        FuryEvent::CarriesOffTreasure { unit, treasure } => format!(
            "{} takes {}, which leaves the game",
            one(unit),
            one(treasure)
        ),
        // No codes here: the notation reads well as it is.
        FuryEvent::DefaultLayout
        | FuryEvent::ShipBeached { .. }
        | FuryEvent::GameOver { .. }
        | FuryEvent::Roused { .. }
        | FuryEvent::ArcheryIgnores { .. }
        | FuryEvent::Fire { .. }
        | FuryEvent::ShipFired { .. }
        | FuryEvent::ShipDestroyed { .. }
        | FuryEvent::VillagerWinsAtOnce => return None,
    })
}

/// "Infantry and Chief land at 0802 and move to 0804", "Militia moves from 0803 to 0905".
fn moved_words(units: &[UnitCode], path: &[Hex], landing: bool) -> String {
    let who = names(units);
    let (land, moves) = if units.len() == 1 {
        ("lands", "moves")
    } else {
        ("land", "move")
    };
    let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
        return format!("{who} {moves}");
    };
    match (landing, path.len()) {
        (true, 1) => format!("{who} {land} at {}", label(first)),
        (true, _) => format!(
            "{who} {land} at {} and {moves} to {}",
            label(first),
            label(last)
        ),
        (false, _) => format!("{who} {moves} from {} to {}", label(first), label(last)),
    }
}

/// A flight from Divine Wrath by where it began and ended (the path starts in the
/// unit's hex): "Infantry flees from 0802 to 1001".
fn flight_words(who: &str, path: &[Hex], end: FlightEnd) -> String {
    let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
        return format!("{who} flees");
    };
    let (from, to) = (label(first), label(last));
    match end {
        FlightEnd::Safe => format!("{who} flees from {from} to {to}"),
        FlightEnd::OffMap => format!("{who} flees from {from} off the map"),
        FlightEnd::Trapped if first == last => {
            format!("{who} flees from {from} and finds nowhere to stop")
        }
        FlightEnd::Trapped => format!("{who} flees from {from} to {to} and finds nowhere to stop"),
    }
}

/// The direction indicator's name for a roll (H-DIR): 1 N, 2 NE, ... 6 NW.
fn direction(roll: u32) -> String {
    data()
        .tables
        .direction_indicator
        .get((roll as usize).wrapping_sub(1))
        .cloned()
        .unwrap_or_default()
}

fn wrath_words(result: WrathResult) -> &'static str {
    match result {
        WrathResult::Destroyed => "all Vikings there are destroyed",
        WrathResult::Flee => "the Vikings there flee 6 hexes, stunned for a turn",
        WrathResult::NoEffect => "no effect",
    }
}

pub fn describe(event: &FuryEvent) -> String {
    match event {
        FuryEvent::Placed { unit, hex } => format!("{unit} placed in {}", label(*hex)),
        FuryEvent::DefaultLayout => {
            "the Villager sets up the rest of the village by the default layout".into()
        }
        FuryEvent::ShipBeached { hex } => format!("a Viking Ship beaches at {}", label(*hex)),
        FuryEvent::PhaseBegins { turn, phase } => format!("turn {turn}: {}", phase.name()),
        FuryEvent::GameOver { result, detail, .. } => format!("game over: {result} ({detail})"),
        FuryEvent::Moved {
            units,
            path,
            landing,
        } => format!(
            "{} {} {}",
            joined(units, "+"),
            if *landing { "lands and moves" } else { "moves" },
            route(path)
        ),
        FuryEvent::Roused { by } => match by {
            Rouser::Move => "a Viking moved next to a Villager combatant: the village is roused",
            Rouser::Attack => "the Vikings attack: the village is roused",
            Rouser::Archery => "Viking arrows fall on the village: it is roused",
            Rouser::LeaderCapture => {
                "a Capture is tried on a Villager Leader: the village is roused"
            }
            Rouser::Fire => "the village sees the smoke and is roused",
        }
        .into(),
        FuryEvent::Reembarked { unit, hex, loot } => {
            let mut text = format!("{unit} re-embarks at {}", label(*hex));
            if !loot.is_empty() {
                text.push_str(&format!(" with {}", joined(loot, ", ")));
            }
            text
        }
        FuryEvent::PerishedInFire { unit } => {
            format!("{unit} could not leave the Fire and perishes")
        }
        FuryEvent::Transferred { from, items, to } => {
            let to = match to {
                Receiver::Unit(u) => format!("to {u}"),
                Receiver::Ship(h) => format!("aboard the Ship at {}", label(*h)),
            };
            format!("{from} hands {} {to}", joined(items, ", "))
        }
        FuryEvent::Abandoned { item } => format!("{item} is abandoned and reverts to the Villager"),
        FuryEvent::AnimalWanders { animal, roll, went } => {
            let name = direction(*roll);
            match went {
                Wander::OffMap => format!("{animal} rolls {roll} ({name}) and wanders off the map"),
                Wander::Stays(h) => {
                    format!("{animal} rolls {roll} ({name}) and stays in {}", label(*h))
                }
                Wander::To(h) => {
                    format!(
                        "{animal} rolls {roll} ({name}) and wanders to {}",
                        label(*h)
                    )
                }
            }
        }
        FuryEvent::Attack {
            attackers,
            defenders,
            hex,
            attack,
            defence,
            doubled,
            odds,
            shifted,
            roll,
            result,
        } => {
            let mut text = format!(
                "{} attack {} in {}: {attack} to {defence}{} = {}",
                joined(attackers, "+"),
                joined(defenders, "+"),
                label(*hex),
                if *doubled { " (defence doubled)" } else { "" },
                odds.label()
            );
            if let Some(to) = shifted {
                text.push_str(&format!(", Leader shift to {}", to.label()));
            }
            text.push_str(&format!("; roll {roll}: {result:?}"));
            text
        }
        FuryEvent::AttackUndefended {
            attackers,
            defenders,
            hex,
        } => format!(
            "{} attack {} in {}: no defence, all eliminated",
            joined(attackers, "+"),
            joined(defenders, "+"),
            label(*hex)
        ),
        FuryEvent::Archery {
            shooters,
            defenders,
            hex,
            attack,
            defence,
            doubled,
            odds,
            roll,
            result,
        } => format!(
            "{} shoot at {} in {}: {attack} to {defence}{} = {}; roll {roll}: {result:?}",
            joined(shooters, "+"),
            joined(defenders, "+"),
            label(*hex),
            if *doubled { " (defence doubled)" } else { "" },
            odds.label()
        ),
        FuryEvent::ArcheryUndefended {
            shooters,
            defenders,
            hex,
        } => format!(
            "{} shoot at {} in {}: no defence, all eliminated",
            joined(shooters, "+"),
            joined(defenders, "+"),
            label(*hex)
        ),
        FuryEvent::ArcheryIgnores { .. } => "Archery ignores that result: no effect".into(),
        FuryEvent::Eliminated { unit } => format!("{unit} is eliminated"),
        FuryEvent::Retreated { unit, to } => format!("{unit} retreats to {}", label(*to)),
        FuryEvent::RetreatedOffMap { unit } => format!("{unit} retreats off the map and is lost"),
        FuryEvent::CannotRetreat { unit } => format!("{unit} cannot retreat"),
        FuryEvent::LeaderRoll {
            leader,
            roll,
            stays,
        } => format!(
            "Leader roll for {leader}: {roll}, {}",
            if *stays {
                "it stays and may be Captured"
            } else {
                "it shares its stack's fate"
            }
        ),
        FuryEvent::LeaderRollDeclined { leader } => {
            format!("no Leader roll: {leader} shares its stack's fate")
        }
        FuryEvent::Wrath {
            invoker,
            target,
            roll,
            result,
        } => format!(
            "{invoker} calls Divine Wrath on {}: roll {roll}, {}",
            label(*target),
            wrath_words(*result)
        ),
        FuryEvent::Flight { unit, path, end } => match end {
            FlightEnd::Safe => format!("{unit} flees {}", route(path)),
            FlightEnd::OffMap => format!("{unit} flees {} off the map", route(path)),
            FlightEnd::Trapped => format!("{unit} flees {} and finds nowhere to stop", route(path)),
        },
        FuryEvent::Capture {
            captor,
            target,
            attack,
            defence,
            odds,
            roll,
            captured,
        } => format!(
            "{captor} tries to Capture {target}: {attack} to {defence} = {}; roll {roll}: {}",
            odds.label(),
            if *captured { "Captured" } else { "no effect" }
        ),
        FuryEvent::PutToTheSword { unit } => format!("{unit} is put to the sword"),
        FuryEvent::LeftBehind { unit, hex } => format!(
            "{unit} is left behind in {} and reverts to the Villager",
            label(*hex)
        ),
        FuryEvent::Sacked { hex, roll, found } => match found {
            Some(t) => format!(
                "{} is sacked: roll {roll}, Treasure found ({t})",
                label(*hex)
            ),
            None => format!("{} is sacked: roll {roll}, nothing found", label(*hex)),
        },
        FuryEvent::TakesTreasure { unit, treasure } => format!("{unit} takes {treasure}"),
        FuryEvent::CarriesOffTreasure { unit, treasure } => {
            format!("{unit} takes {treasure}, which leaves the game")
        }
        FuryEvent::Fire {
            hex,
            roll,
            need,
            burns,
        } => format!(
            "Fire in {}: roll {roll} (needs 1-{need}), {}",
            label(*hex),
            if *burns { "it burns" } else { "it fails" }
        ),
        FuryEvent::ShipFired { hex, roll, burns } => format!(
            "the Ship at {} is fired: roll {roll}, {}",
            label(*hex),
            if *burns {
                "it burns"
            } else {
                "it does not catch"
            }
        ),
        FuryEvent::ShipDestroyed { hex } => {
            format!("the Viking Ship at {} is destroyed", label(*hex))
        }
        FuryEvent::VillagerWinsAtOnce => {
            "the Villager wins at once: the raiders have no way home".into()
        }
    }
}
