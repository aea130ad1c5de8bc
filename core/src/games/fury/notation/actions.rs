//! Fury actions: one line each, the verb first (`move VI03+VC01 0803-0804`).

use super::{code_of, codes_of, label, parse_hex, parse_path, parse_unit, parse_units, path_text};
use crate::engine::notation::{read_action, Fault, Form, Verb};
use crate::engine::NotationError;
use crate::games::fury::actions::{FuryAction, TransferTo, Units};
use crate::games::fury::state::FuryState;

/// One action as one short line, e.g. `move VI03+VC01 0803-0804`.
pub fn format_action(state: &FuryState, a: &FuryAction) -> String {
    let code = |id| code_of(state, id);
    let codes = |ids: &Units, sep| codes_of(state, ids.as_slice(), sep);
    match *a {
        FuryAction::Place { unit, hex } => format!("place {} {}", code(unit), label(hex)),
        FuryAction::SetupDefault => "setup default".to_string(),
        FuryAction::PlaceShip { hex } => format!("ship {}", label(hex)),
        FuryAction::Move {
            units,
            path,
            embark,
        } => format!(
            "{} {} {}",
            if embark { "embark" } else { "move" },
            codes(&units, "+"),
            path_text(&path)
        ),
        FuryAction::Transfer { from, to, items } => {
            let to = match to {
                TransferTo::Unit(u) => code(u),
                TransferTo::Ship(h) => format!("ship {}", label(h)),
            };
            format!("transfer {} > {to} : {}", code(from), codes(&items, ","))
        }
        FuryAction::Abandon { item } => format!("abandon {}", code(item)),
        FuryAction::Attack { hex, spare } if spare.is_empty() => format!("attack {}", label(hex)),
        FuryAction::Attack { hex, spare } => {
            format!("attack {} spare {}", label(hex), codes(&spare, "+"))
        }
        FuryAction::Archery { shooters, target } => {
            format!("archery {} {}", codes(&shooters, "+"), label(target))
        }
        FuryAction::Capture { captor, target } => {
            format!("capture {} {}", code(captor), code(target))
        }
        FuryAction::Wrath { invoker, target } => {
            format!("wrath {} {}", code(invoker), label(target))
        }
        FuryAction::BurnShip { hex } => format!("burn {}", label(hex)),
        FuryAction::SetFire { hex } => format!("fire {}", label(hex)),
        FuryAction::Retreat { unit, to } => {
            let to = to.map_or_else(|| "off".to_string(), label);
            format!("retreat {} {to}", code(unit))
        }
        FuryAction::LeaderRoll { leader, roll } => {
            format!(
                "leader-roll {} {}",
                code(leader),
                if roll { "yes" } else { "no" }
            )
        }
        FuryAction::WrathRetreat {
            unit,
            path,
            off_map,
        } => format!(
            "wrath-retreat {} {}{}",
            code(unit),
            path_text(&path),
            if off_map { " off" } else { "" }
        ),
        FuryAction::End => "end".to_string(),
    }
}

/// Reads one action, resolving unit codes against `state`. Case and extra whitespace do
/// not matter.
pub fn parse_action(state: &FuryState, text: &str) -> Result<FuryAction, NotationError> {
    read_action(text, &VERBS, state)
}

type Read = fn(&mut Form, &FuryState) -> Result<FuryAction, Fault>;

const fn verb(word: &'static str, usage: &'static str, read: Read) -> Verb<FuryState, FuryAction> {
    Verb { word, usage, read }
}

/// The verbs and their forms (kept in step with docs/notation.md).
const VERBS: [Verb<FuryState, FuryAction>; 17] = [
    verb("place", "place UNIT HEX", place),
    verb("setup", "setup default", setup),
    verb("ship", "ship HEX", ship),
    verb("move", "move UNITS PATH", move_units),
    verb("embark", "embark UNITS PATH", embark),
    verb(
        "transfer",
        "transfer UNIT > UNIT|ship HEX : UNITS",
        transfer,
    ),
    verb("abandon", "abandon UNIT", abandon),
    verb("attack", "attack HEX [spare UNITS]", attack),
    verb("archery", "archery UNITS HEX", archery),
    verb("capture", "capture UNIT UNIT", capture),
    verb("wrath", "wrath UNIT HEX", wrath),
    verb("burn", "burn HEX", burn),
    verb("fire", "fire HEX", fire),
    verb("retreat", "retreat UNIT HEX|off", retreat),
    verb("leader-roll", "leader-roll UNIT yes|no", leader_roll),
    verb(
        "wrath-retreat",
        "wrath-retreat UNIT PATH [off]",
        wrath_retreat,
    ),
    verb("end", "end", |_, _| Ok(FuryAction::End)),
];

fn place(f: &mut Form, s: &FuryState) -> Result<FuryAction, Fault> {
    Ok(FuryAction::Place {
        unit: f.take(|w| parse_unit(s, w))?,
        hex: f.take(parse_hex)?,
    })
}

fn setup(f: &mut Form, _: &FuryState) -> Result<FuryAction, Fault> {
    f.choose(&["default"])?;
    Ok(FuryAction::SetupDefault)
}

fn ship(f: &mut Form, _: &FuryState) -> Result<FuryAction, Fault> {
    Ok(FuryAction::PlaceShip {
        hex: f.take(parse_hex)?,
    })
}

fn move_units(f: &mut Form, s: &FuryState) -> Result<FuryAction, Fault> {
    Ok(FuryAction::Move {
        units: f.take(|w| parse_units(s, w))?,
        path: f.take(parse_path)?,
        embark: false,
    })
}

fn embark(f: &mut Form, s: &FuryState) -> Result<FuryAction, Fault> {
    Ok(FuryAction::Move {
        units: f.take(|w| parse_units(s, w))?,
        path: f.take(parse_path)?,
        embark: true,
    })
}

/// `transfer FROM > TO : ITEMS`, where TO is a unit or `ship HEX`.
fn transfer(f: &mut Form, s: &FuryState) -> Result<FuryAction, Fault> {
    let from = f.take(|w| parse_unit(s, w))?;
    f.choose(&[">"])?;
    let to = if f.words.keyword("ship") {
        TransferTo::Ship(f.take(parse_hex)?)
    } else if f.words.peek_nth(1).is_some_and(|w| w != ":") {
        // Two words before the ':' that are not `ship HEX`.
        return Err(f.wrong());
    } else {
        TransferTo::Unit(f.take(|w| parse_unit(s, w))?)
    };
    f.choose(&[":"])?;
    Ok(FuryAction::Transfer {
        from,
        to,
        items: f.take(|w| parse_units(s, w))?,
    })
}

fn abandon(f: &mut Form, s: &FuryState) -> Result<FuryAction, Fault> {
    Ok(FuryAction::Abandon {
        item: f.take(|w| parse_unit(s, w))?,
    })
}

fn attack(f: &mut Form, s: &FuryState) -> Result<FuryAction, Fault> {
    let hex = f.take(parse_hex)?;
    let spare = if f.words.keyword("spare") {
        f.take(|w| parse_units(s, w))?
    } else {
        Units::new()
    };
    Ok(FuryAction::Attack { hex, spare })
}

fn archery(f: &mut Form, s: &FuryState) -> Result<FuryAction, Fault> {
    Ok(FuryAction::Archery {
        shooters: f.take(|w| parse_units(s, w))?,
        target: f.take(parse_hex)?,
    })
}

fn capture(f: &mut Form, s: &FuryState) -> Result<FuryAction, Fault> {
    Ok(FuryAction::Capture {
        captor: f.take(|w| parse_unit(s, w))?,
        target: f.take(|w| parse_unit(s, w))?,
    })
}

fn wrath(f: &mut Form, s: &FuryState) -> Result<FuryAction, Fault> {
    Ok(FuryAction::Wrath {
        invoker: f.take(|w| parse_unit(s, w))?,
        target: f.take(parse_hex)?,
    })
}

fn burn(f: &mut Form, _: &FuryState) -> Result<FuryAction, Fault> {
    Ok(FuryAction::BurnShip {
        hex: f.take(parse_hex)?,
    })
}

fn fire(f: &mut Form, _: &FuryState) -> Result<FuryAction, Fault> {
    Ok(FuryAction::SetFire {
        hex: f.take(parse_hex)?,
    })
}

fn retreat(f: &mut Form, s: &FuryState) -> Result<FuryAction, Fault> {
    let unit = f.take(|w| parse_unit(s, w))?;
    let to = if f.words.keyword("off") {
        None
    } else {
        Some(f.take(parse_hex)?)
    };
    Ok(FuryAction::Retreat { unit, to })
}

fn leader_roll(f: &mut Form, s: &FuryState) -> Result<FuryAction, Fault> {
    Ok(FuryAction::LeaderRoll {
        leader: f.take(|w| parse_unit(s, w))?,
        roll: f.choose(&["no", "yes"])? == 1,
    })
}

fn wrath_retreat(f: &mut Form, s: &FuryState) -> Result<FuryAction, Fault> {
    Ok(FuryAction::WrathRetreat {
        unit: f.take(|w| parse_unit(s, w))?,
        path: f.take(parse_path)?,
        off_map: f.words.keyword("off"),
    })
}
