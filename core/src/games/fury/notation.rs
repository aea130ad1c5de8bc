//! The text form of Fury actions and positions: what saves, logs, tests, the terminal and
//! the FFI exchange. `docs/notation.md` describes it for people; this module is the
//! reference.
//!
//! Nothing here panics, whatever the input: every malformed text is a [`NotationError`]
//! that says what is wrong (and, for a position, on which line).

use super::actions::{FuryAction, Path, Small, TransferTo, Units, MAX_PATH};
use super::data::{data, CrtResult};
use super::options::FuryOptions;
use super::state::{Finish, FuryState, HexSet, Pending, Phase, Place, Ship, Unit, UnitId};
use super::units::{Kind, Side};
use crate::board::Hex;
use crate::engine::text::{finish_fields, quote};
use crate::engine::{Chance, NotationError};
use std::collections::BTreeMap;

// ---------------------------------------------------------------------------------------
// Shared pieces: hexes, unit codes, lists.

/// The action forms, for error messages (and kept in step with docs/notation.md).
const FORMS: [(&str, &str); 17] = [
    ("place", "place UNIT HEX"),
    ("setup", "setup default"),
    ("ship", "ship HEX"),
    ("move", "move UNITS PATH"),
    ("embark", "embark UNITS PATH"),
    ("transfer", "transfer UNIT > UNIT|ship HEX : UNITS"),
    ("abandon", "abandon UNIT"),
    ("attack", "attack HEX [spare UNITS]"),
    ("archery", "archery UNITS HEX"),
    ("capture", "capture UNIT UNIT"),
    ("wrath", "wrath UNIT HEX"),
    ("burn", "burn HEX"),
    ("fire", "fire HEX"),
    ("retreat", "retreat UNIT HEX|off"),
    ("leader-roll", "leader-roll UNIT yes|no"),
    ("wrath-retreat", "wrath-retreat UNIT PATH [off]"),
    ("end", "end"),
];

fn label(h: Hex) -> String {
    data().grid.label(h)
}

fn parse_hex(tok: &str) -> Result<Hex, String> {
    data().grid.parse(tok).ok_or_else(|| {
        format!("bad hex label '{tok}' (expected four digits CCRR of a hex on the map, like 0814)")
    })
}

/// The code of a unit; a unit id the state does not have is written `?N` (which no parser
/// accepts), so that formatting never panics.
fn code_of(state: &FuryState, id: UnitId) -> String {
    match state.units.get(id.0 as usize) {
        Some(u) => u.code(),
        None => format!("?{}", id.0),
    }
}

fn codes_of(state: &FuryState, ids: &[UnitId], sep: &str) -> String {
    ids.iter()
        .map(|&id| code_of(state, id))
        .collect::<Vec<_>>()
        .join(sep)
}

fn path_text(path: &[Hex]) -> String {
    path.iter().map(|&h| label(h)).collect::<Vec<_>>().join("-")
}

/// Splits a unit code (`VI03`, any case) into its kind and ordinal.
fn split_code(tok: &str) -> Result<(Kind, u8), String> {
    let b = tok.as_bytes();
    let shaped = (3..=5).contains(&b.len())
        && b[..2].iter().all(u8::is_ascii_alphabetic)
        && b[2..].iter().all(u8::is_ascii_digit);
    if !shaped {
        return Err(format!(
            "bad unit code '{tok}' (expected two letters and a number, like VI03)"
        ));
    }
    // Only ASCII from here on, so slicing by byte is safe.
    let upper = tok.to_ascii_uppercase();
    let kind = Kind::from_code(&upper[..2])
        .ok_or_else(|| format!("unknown unit kind '{}' in '{tok}'", &upper[..2]))?;
    let ordinal = upper[2..]
        .parse::<u8>()
        .map_err(|_| format!("unit number too large in '{tok}'"))?;
    Ok((kind, ordinal))
}

/// A unit of this state by its code.
fn parse_unit(state: &FuryState, tok: &str) -> Result<UnitId, String> {
    let (kind, ordinal) = split_code(tok)?;
    state
        .ids()
        .find(|&id| {
            let u = state.unit(id);
            u.kind == kind && u.ordinal == ordinal
        })
        .ok_or_else(|| format!("unknown unit code '{tok}': this game has no such unit"))
}

fn capacity<T: Copy + Default, const N: usize>(_: &Small<T, N>) -> usize {
    N
}

/// A list of units joined by `+` (or `,`).
fn parse_units(state: &FuryState, tok: &str) -> Result<Units, String> {
    let parts: Vec<&str> = tok.split(['+', ',']).collect();
    let max = capacity(&Units::new());
    if parts.len() > max {
        return Err(format!(
            "too many units in '{tok}': {} given, at most {max}",
            parts.len()
        ));
    }
    let mut ids = Vec::with_capacity(parts.len());
    for p in parts {
        if p.is_empty() {
            return Err(format!("empty unit code in list '{tok}'"));
        }
        ids.push(parse_unit(state, p)?);
    }
    Units::from_slice(&ids).ok_or_else(|| format!("too many units in '{tok}' (at most {max})"))
}

/// Hex labels joined by `-`.
fn parse_path(tok: &str) -> Result<Path, String> {
    let parts: Vec<&str> = tok.split('-').collect();
    if parts.len() > MAX_PATH {
        return Err(format!(
            "path '{tok}' is too long: {} hexes, at most {MAX_PATH}",
            parts.len()
        ));
    }
    let mut hexes = Vec::with_capacity(parts.len());
    for p in parts {
        if p.is_empty() {
            return Err(format!("empty step in path '{tok}'"));
        }
        hexes.push(parse_hex(p)?);
    }
    Path::from_slice(&hexes).ok_or_else(|| format!("path '{tok}' is too long (at most {MAX_PATH})"))
}

fn crt_name(r: CrtResult) -> &'static str {
    match r {
        CrtResult::AE => "AE",
        CrtResult::AR => "AR",
        CrtResult::DR => "DR",
        CrtResult::DE => "DE",
        CrtResult::EX => "EX",
    }
}

fn parse_crt(tok: &str) -> Result<CrtResult, String> {
    match tok.to_ascii_uppercase().as_str() {
        "AE" => Ok(CrtResult::AE),
        "AR" => Ok(CrtResult::AR),
        "DR" => Ok(CrtResult::DR),
        "DE" => Ok(CrtResult::DE),
        "EX" => Ok(CrtResult::EX),
        _ => Err(format!(
            "bad combat result '{tok}' (expected AE, AR, DR, DE or EX)"
        )),
    }
}

fn parse_phase(tok: &str) -> Result<Phase, String> {
    Phase::from_name(&tok.to_ascii_lowercase()).ok_or_else(|| {
        let names: Vec<&str> = Phase::ALL.iter().map(|p| p.name()).collect();
        format!(
            "unknown phase '{tok}' (expected one of {})",
            names.join(", ")
        )
    })
}

fn parse_num<T: std::str::FromStr>(tok: &str, what: &str) -> Result<T, String> {
    tok.parse::<T>()
        .map_err(|_| format!("bad {what} '{tok}' (expected a small whole number)"))
}

// ---------------------------------------------------------------------------------------
// Actions.

/// One action as one short line, e.g. `move VI03+VC01 0803-0804`.
pub fn format_action(state: &FuryState, a: &FuryAction) -> String {
    match *a {
        FuryAction::Place { unit, hex } => {
            format!("place {} {}", code_of(state, unit), label(hex))
        }
        FuryAction::SetupDefault => "setup default".to_string(),
        FuryAction::PlaceShip { hex } => format!("ship {}", label(hex)),
        FuryAction::Move {
            units,
            path,
            embark,
        } => format!(
            "{} {} {}",
            if embark { "embark" } else { "move" },
            codes_of(state, units.as_slice(), "+"),
            path_text(path.as_slice())
        ),
        FuryAction::Transfer { from, to, items } => {
            let to = match to {
                TransferTo::Unit(u) => code_of(state, u),
                TransferTo::Ship(h) => format!("ship {}", label(h)),
            };
            format!(
                "transfer {} > {} : {}",
                code_of(state, from),
                to,
                codes_of(state, items.as_slice(), ",")
            )
        }
        FuryAction::Abandon { item } => format!("abandon {}", code_of(state, item)),
        FuryAction::Attack { hex, spare } => {
            if spare.is_empty() {
                format!("attack {}", label(hex))
            } else {
                format!(
                    "attack {} spare {}",
                    label(hex),
                    codes_of(state, spare.as_slice(), "+")
                )
            }
        }
        FuryAction::Archery { shooters, target } => format!(
            "archery {} {}",
            codes_of(state, shooters.as_slice(), "+"),
            label(target)
        ),
        FuryAction::Capture { captor, target } => format!(
            "capture {} {}",
            code_of(state, captor),
            code_of(state, target)
        ),
        FuryAction::Wrath { invoker, target } => {
            format!("wrath {} {}", code_of(state, invoker), label(target))
        }
        FuryAction::BurnShip { hex } => format!("burn {}", label(hex)),
        FuryAction::SetFire { hex } => format!("fire {}", label(hex)),
        FuryAction::Retreat { unit, to } => format!(
            "retreat {} {}",
            code_of(state, unit),
            match to {
                Some(h) => label(h),
                None => "off".to_string(),
            }
        ),
        FuryAction::LeaderRoll { leader, roll } => format!(
            "leader-roll {} {}",
            code_of(state, leader),
            if roll { "yes" } else { "no" }
        ),
        FuryAction::WrathRetreat {
            unit,
            path,
            off_map,
        } => format!(
            "wrath-retreat {} {}{}",
            code_of(state, unit),
            path_text(path.as_slice()),
            if off_map { " off" } else { "" }
        ),
        FuryAction::End => "end".to_string(),
    }
}

/// Splits an action line into words. Whitespace around the list and path joiners (`+`,
/// `,`, `-`) is dropped, and `>` and `:` always stand alone, so `VI03 + VC01`,
/// `0803 - 0804` and `VI03>VI05:TR02` all read as intended.
fn action_words(text: &str) -> Vec<String> {
    let mut out = String::with_capacity(text.len() + 8);
    let mut glued = false;
    for c in text.chars() {
        match c {
            '+' | ',' | '-' => {
                while out.ends_with(char::is_whitespace) {
                    out.pop();
                }
                out.push(c);
                glued = true;
            }
            '>' | ':' => {
                out.push(' ');
                out.push(c);
                out.push(' ');
                glued = false;
            }
            c if c.is_whitespace() => {
                if !glued {
                    out.push(' ');
                }
            }
            c => {
                out.push(c);
                glued = false;
            }
        }
    }
    out.split_whitespace().map(str::to_string).collect()
}

/// Reads one action, resolving unit codes against `state`. Case and extra whitespace do
/// not matter.
pub fn parse_action(state: &FuryState, text: &str) -> Result<FuryAction, NotationError> {
    parse_action_inner(state, text).map_err(NotationError::new)
}

fn parse_action_inner(state: &FuryState, text: &str) -> Result<FuryAction, String> {
    let words = action_words(text);
    let Some(first) = words.first() else {
        return Err("empty action".to_string());
    };
    let verb = first.to_ascii_lowercase();
    let Some(&(_, usage)) = FORMS.iter().find(|(v, _)| *v == verb) else {
        let verbs: Vec<&str> = FORMS.iter().map(|(v, _)| *v).collect();
        return Err(format!(
            "unknown action '{first}' (expected one of: {})",
            verbs.join(", ")
        ));
    };
    let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
    let lower: Vec<String> = args.iter().map(|a| a.to_ascii_lowercase()).collect();
    let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
    let wrong = || format!("'{verb}' is written '{usage}', not '{}'", words.join(" "));
    let u = |tok: &str| parse_unit(state, tok);

    let action = match verb.as_str() {
        "place" => {
            let [unit, hex] = args[..] else {
                return Err(wrong());
            };
            FuryAction::Place {
                unit: u(unit)?,
                hex: parse_hex(hex)?,
            }
        }
        "setup" => match lower[..] {
            ["default"] => FuryAction::SetupDefault,
            _ => return Err(wrong()),
        },
        "ship" => {
            let [hex] = args[..] else {
                return Err(wrong());
            };
            FuryAction::PlaceShip {
                hex: parse_hex(hex)?,
            }
        }
        "move" | "embark" => {
            let [units, path] = args[..] else {
                return Err(wrong());
            };
            FuryAction::Move {
                units: parse_units(state, units)?,
                path: parse_path(path)?,
                embark: verb == "embark",
            }
        }
        "transfer" => {
            // transfer FROM > TO : ITEMS, where TO is a unit or `ship HEX`.
            let (Some(gt), Some(colon)) = (
                args.iter().position(|a| *a == ">"),
                args.iter().position(|a| *a == ":"),
            ) else {
                return Err(wrong());
            };
            if gt != 1 || colon + 2 != args.len() {
                return Err(wrong());
            }
            let to = match (&args[gt + 1..colon], &lower[gt + 1..colon]) {
                ([unit], _) => TransferTo::Unit(u(unit)?),
                ([_, hex], ["ship", _]) => TransferTo::Ship(parse_hex(hex)?),
                _ => return Err(wrong()),
            };
            FuryAction::Transfer {
                from: u(args[0])?,
                to,
                items: parse_units(state, args[colon + 1])?,
            }
        }
        "abandon" => {
            let [item] = args[..] else {
                return Err(wrong());
            };
            FuryAction::Abandon { item: u(item)? }
        }
        "attack" => match (&args[..], &lower[..]) {
            ([hex], _) => FuryAction::Attack {
                hex: parse_hex(hex)?,
                spare: Units::new(),
            },
            ([hex, _, spare], [_, "spare", _]) => FuryAction::Attack {
                hex: parse_hex(hex)?,
                spare: parse_units(state, spare)?,
            },
            _ => return Err(wrong()),
        },
        "archery" => {
            let [shooters, target] = args[..] else {
                return Err(wrong());
            };
            FuryAction::Archery {
                shooters: parse_units(state, shooters)?,
                target: parse_hex(target)?,
            }
        }
        "capture" => {
            let [captor, target] = args[..] else {
                return Err(wrong());
            };
            FuryAction::Capture {
                captor: u(captor)?,
                target: u(target)?,
            }
        }
        "wrath" => {
            let [invoker, target] = args[..] else {
                return Err(wrong());
            };
            FuryAction::Wrath {
                invoker: u(invoker)?,
                target: parse_hex(target)?,
            }
        }
        "burn" => {
            let [hex] = args[..] else {
                return Err(wrong());
            };
            FuryAction::BurnShip {
                hex: parse_hex(hex)?,
            }
        }
        "fire" => {
            let [hex] = args[..] else {
                return Err(wrong());
            };
            FuryAction::SetFire {
                hex: parse_hex(hex)?,
            }
        }
        "retreat" => {
            let [unit, to] = args[..] else {
                return Err(wrong());
            };
            FuryAction::Retreat {
                unit: u(unit)?,
                to: if lower[1] == "off" {
                    None
                } else {
                    Some(parse_hex(to)?)
                },
            }
        }
        "leader-roll" => {
            let [leader, _] = args[..] else {
                return Err(wrong());
            };
            let roll = match lower[1] {
                "yes" => true,
                "no" => false,
                _ => return Err(wrong()),
            };
            FuryAction::LeaderRoll {
                leader: u(leader)?,
                roll,
            }
        }
        "wrath-retreat" => {
            let (unit, path, off_map) = match (&args[..], &lower[..]) {
                ([unit, path], _) => (*unit, *path, false),
                ([unit, path, _], [_, _, "off"]) => (*unit, *path, true),
                _ => return Err(wrong()),
            };
            FuryAction::WrathRetreat {
                unit: u(unit)?,
                path: parse_path(path)?,
                off_map,
            }
        }
        "end" => {
            if !args.is_empty() {
                return Err(wrong());
            }
            FuryAction::End
        }
        _ => return Err(wrong()),
    };
    Ok(action)
}

// ---------------------------------------------------------------------------------------
// Positions.

const HEADER: &str = "fury position";

fn side_name(side: Option<Side>) -> &'static str {
    match side {
        Some(Side::Viking) => "viking",
        Some(Side::Villager) => "villager",
        None => "none",
    }
}

fn hexset_text(set: &HexSet) -> String {
    if set.is_empty() {
        "none".to_string()
    } else {
        set.iter().map(label).collect::<Vec<_>>().join(" ")
    }
}

fn ship_text(ship: &Ship) -> String {
    format!(
        "{}{} landed={} embarked={}",
        match ship.hex {
            Some(h) => label(h),
            None => "unplaced".to_string(),
        },
        if ship.destroyed { " destroyed" } else { "" },
        ship.landed,
        ship.embarked
    )
}

fn pending_text(state: &FuryState, p: &Pending) -> String {
    match *p {
        Pending::Retreat { unit } => format!("retreat {}", code_of(state, unit)),
        Pending::LeaderRoll { leader, result } => {
            format!(
                "leader-roll {} {}",
                code_of(state, leader),
                crt_name(result)
            )
        }
        Pending::WrathRetreat { unit, from } => {
            format!(
                "wrath-retreat {} from {}",
                code_of(state, unit),
                label(from)
            )
        }
    }
}

fn place_text(state: &FuryState, place: Place) -> String {
    match place {
        Place::Unplaced => "unplaced".to_string(),
        Place::Aboard => "aboard".to_string(),
        Place::OnMap(h) => label(h),
        Place::Held(by) => format!("held {}", code_of(state, by)),
        Place::Embarked(ship) => format!("embarked {}", ship as u16 + 1),
        Place::Eliminated => "eliminated".to_string(),
        Place::Lost => "lost".to_string(),
    }
}

fn unit_text(state: &FuryState, u: &Unit) -> String {
    let mut line = format!("{} {}", u.code(), place_text(state, u.place));
    let flags = [
        (u.moved, "moved"),
        (u.attacked, "attacked"),
        (u.defended, "defended"),
        (u.engaged, "engaged"),
        (u.capture_tried, "capture-tried"),
        (u.wrath_used, "wrath-used"),
        (u.must_leave, "must-leave"),
        (u.from_stables, "from-stables"),
        (u.preset, "preset"),
    ];
    for (set, name) in flags {
        if set {
            line.push(' ');
            line.push_str(name);
        }
    }
    if let Some((turn, phase)) = u.stunned_until {
        line.push_str(&format!(" stunned-until={turn}/{}", phase.name()));
    }
    line
}

/// The whole position except the chance stream, one fact per line (see
/// docs/notation.md). The same state always gives the same text.
pub fn format_position(state: &FuryState) -> String {
    let o = &state.options;
    let scenario = match data().scenarios.get(o.scenario as usize) {
        Some(s) => s.id.clone(),
        None => format!("?{}", o.scenario),
    };
    let mut lines = vec![
        HEADER.to_string(),
        format!("scenario {scenario}"),
        format!(
            "options leader-value={} unreturned={}",
            o.leader_value,
            if o.unreturned_counts_eliminated {
                "with-eliminated"
            } else {
                "on-map"
            }
        ),
        format!("turn {} {}", state.turn, state.phase.name()),
        format!("lock {}", if state.lock_lifted { "lifted" } else { "on" }),
        format!(
            "ships {}",
            if state.ships.is_empty() {
                "none".to_string()
            } else {
                state
                    .ships
                    .iter()
                    .map(ship_text)
                    .collect::<Vec<_>>()
                    .join(" | ")
            }
        ),
        format!("fired {}", hexset_text(&state.fired)),
        format!("sacked {}", hexset_text(&state.sacked)),
        format!("attacked {}", hexset_text(&state.attacked_hexes)),
        format!("transfers {}", state.transfers),
        format!(
            "pending {}",
            if state.pending.is_empty() {
                "none".to_string()
            } else {
                state
                    .pending
                    .iter()
                    .map(|p| pending_text(state, p))
                    .collect::<Vec<_>>()
                    .join(" ; ")
            }
        ),
        match &state.finish {
            None => "finish none".to_string(),
            Some(f) => format!(
                "finish winner={} result={} detail={}",
                side_name(f.winner),
                quote(&f.result),
                quote(&f.detail)
            ),
        },
        "units".to_string(),
    ];
    lines.extend(state.units.iter().map(|u| unit_text(state, u)));
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// True when two states hold the same position: every field but the chance stream.
pub fn same_position(a: &FuryState, b: &FuryState) -> bool {
    // Destructured so that a new field cannot be forgotten here.
    let FuryState {
        options,
        turn,
        phase,
        lock_lifted,
        units,
        ships,
        fired,
        sacked,
        attacked_hexes,
        transfers,
        pending,
        finish,
        chance: _,
    } = a;
    *options == b.options
        && *turn == b.turn
        && *phase == b.phase
        && *lock_lifted == b.lock_lifted
        && *units == b.units
        && *ships == b.ships
        && *fired == b.fired
        && *sacked == b.sacked
        && *attacked_hexes == b.attacked_hexes
        && *transfers == b.transfers
        && *pending == b.pending
        && *finish == b.finish
}

fn parse_hexset(rest: &str) -> Result<HexSet, String> {
    let mut set = HexSet::default();
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.len() == 1 && words[0].eq_ignore_ascii_case("none") {
        return Ok(set);
    }
    for w in words {
        set.insert(parse_hex(w)?);
    }
    Ok(set)
}

fn parse_ship(part: &str) -> Result<Ship, String> {
    let words: Vec<&str> = part.split_whitespace().collect();
    let Some((first, rest)) = words.split_first() else {
        return Err("empty ship entry between '|'".to_string());
    };
    let hex = if first.eq_ignore_ascii_case("unplaced") {
        None
    } else {
        Some(parse_hex(first)?)
    };
    let mut ship = Ship {
        hex,
        destroyed: false,
        landed: 0,
        embarked: 0,
    };
    let mut seen: Vec<String> = Vec::new();
    for w in rest {
        let lw = w.to_ascii_lowercase();
        let key = lw.split('=').next().unwrap_or("").to_string();
        if seen.contains(&key) {
            return Err(format!("ship field '{key}' given twice"));
        }
        seen.push(key);
        match lw.split_once('=') {
            None if lw == "destroyed" => ship.destroyed = true,
            Some(("landed", n)) => ship.landed = parse_num(n, "landed count")?,
            Some(("embarked", n)) => ship.embarked = parse_num(n, "embarked count")?,
            _ => {
                return Err(format!(
                    "unknown ship field '{w}' (expected destroyed, landed=N, embarked=N)"
                ))
            }
        }
    }
    Ok(ship)
}

fn parse_options(rest: &str, options: &mut FuryOptions) -> Result<(), String> {
    let mut seen: Vec<String> = Vec::new();
    for w in rest.split_whitespace() {
        let lw = w.to_ascii_lowercase();
        let Some((key, value)) = lw.split_once('=') else {
            return Err(format!("option '{w}' is not written key=value"));
        };
        if seen.iter().any(|k| k == key) {
            return Err(format!("option '{key}' given twice"));
        }
        seen.push(key.to_string());
        match (key, value) {
            ("leader-value", n) => options.leader_value = parse_num(n, "leader-value")?,
            ("unreturned", "on-map") => options.unreturned_counts_eliminated = false,
            ("unreturned", "with-eliminated") => options.unreturned_counts_eliminated = true,
            _ => {
                return Err(format!(
                    "unknown option '{w}' (expected leader-value=N, \
                     unreturned=on-map|with-eliminated)"
                ))
            }
        }
    }
    Ok(())
}

fn parse_finish(rest: &str) -> Result<Option<Finish>, String> {
    let winner = |v: &str| match v {
        "viking" => Some(Some(Side::Viking)),
        "villager" => Some(Some(Side::Villager)),
        "none" => Some(None),
        _ => None,
    };
    Ok(
        finish_fields(rest, winner, "viking|villager|none")?.map(|(winner, result, detail)| {
            Finish {
                winner,
                result,
                detail,
            }
        }),
    )
}

fn parse_pending(codes: &BTreeMap<(Kind, u8), u16>, part: &str) -> Result<Pending, String> {
    let words: Vec<&str> = part.split_whitespace().collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
    let unit = |tok: &str| resolve(codes, tok);
    match (&words[..], &lower[..]) {
        ([_, u], ["retreat", _]) => Ok(Pending::Retreat { unit: unit(u)? }),
        ([_, u, r], ["leader-roll", _, _]) => Ok(Pending::LeaderRoll {
            leader: unit(u)?,
            result: parse_crt(r)?,
        }),
        ([_, u, _, h], ["wrath-retreat", _, "from", _]) => Ok(Pending::WrathRetreat {
            unit: unit(u)?,
            from: parse_hex(h)?,
        }),
        _ => Err(format!(
            "bad pending decision '{}' (expected 'retreat UNIT', 'leader-roll UNIT RESULT' \
             or 'wrath-retreat UNIT from HEX')",
            part.trim()
        )),
    }
}

fn resolve(codes: &BTreeMap<(Kind, u8), u16>, tok: &str) -> Result<UnitId, String> {
    let key = split_code(tok)?;
    codes
        .get(&key)
        .map(|&i| UnitId(i))
        .ok_or_else(|| format!("unknown unit code '{tok}': no such unit under 'units'"))
}

fn parse_place(
    codes: &BTreeMap<(Kind, u8), u16>,
    ships: usize,
    words: &mut std::slice::Iter<&str>,
) -> Result<Place, String> {
    let Some(&first) = words.next() else {
        return Err(
            "the unit has no place (expected a hex, unplaced, aboard, held CODE, \
                    embarked N, eliminated or lost)"
                .to_string(),
        );
    };
    Ok(match first.to_ascii_lowercase().as_str() {
        "unplaced" => Place::Unplaced,
        "aboard" => Place::Aboard,
        "eliminated" => Place::Eliminated,
        "lost" => Place::Lost,
        "held" => {
            let by = words
                .next()
                .ok_or("'held' needs the code of the escorting unit")?;
            Place::Held(resolve(codes, by)?)
        }
        "embarked" => {
            let n = words.next().ok_or("'embarked' needs a ship number")?;
            let n: u16 = parse_num(n, "ship number")?;
            if n == 0 || n as usize > ships {
                return Err(format!(
                    "embarked on ship {n}, but the ships line lists {ships} (numbered from 1)"
                ));
            }
            Place::Embarked((n - 1) as u8)
        }
        _ => Place::OnMap(parse_hex(first).map_err(|e| {
            format!("{e}; a place is a hex, unplaced, aboard, held CODE, embarked N, eliminated or lost")
        })?),
    })
}

fn parse_flag(unit: &mut Unit, word: &str) -> Result<(), String> {
    let lw = word.to_ascii_lowercase();
    let flag = match lw.as_str() {
        "moved" => &mut unit.moved,
        "attacked" => &mut unit.attacked,
        "defended" => &mut unit.defended,
        "engaged" => &mut unit.engaged,
        "capture-tried" => &mut unit.capture_tried,
        "wrath-used" => &mut unit.wrath_used,
        "must-leave" => &mut unit.must_leave,
        "from-stables" => &mut unit.from_stables,
        "preset" => &mut unit.preset,
        _ => {
            let Some(when) = lw.strip_prefix("stunned-until=") else {
                return Err(format!(
                    "unknown unit flag '{word}' (expected moved, attacked, defended, engaged, \
                     capture-tried, wrath-used, must-leave, from-stables, preset, \
                     stunned-until=TURN/PHASE)"
                ));
            };
            let Some((turn, phase)) = when.split_once('/') else {
                return Err(format!("'{word}' should be stunned-until=TURN/PHASE"));
            };
            if unit.stunned_until.is_some() {
                return Err("flag 'stunned-until' given twice".to_string());
            }
            unit.stunned_until = Some((parse_num(turn, "turn")?, parse_phase(phase)?));
            return Ok(());
        }
    };
    if *flag {
        return Err(format!("flag '{lw}' given twice"));
    }
    *flag = true;
    Ok(())
}

/// Reads a position written by [`format_position`] (or by hand: blank lines and lines
/// starting with `#` are skipped; case does not matter outside quoted texts). The state's
/// chance stream is seeded with `seed`.
pub fn parse_position(text: &str, seed: u64) -> Result<FuryState, NotationError> {
    parse_position_inner(text, seed)
        .map_err(|(line, msg)| NotationError::new(format!("line {line}: {msg}")))
}

fn parse_position_inner(text: &str, seed: u64) -> Result<FuryState, (usize, String)> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));

    let Some((n, first)) = lines.next() else {
        return Err((1, format!("empty position (expected '{HEADER}' first)")));
    };
    let head: Vec<String> = first
        .split_whitespace()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    if head != ["fury", "position"] {
        return Err((n, format!("expected '{HEADER}', found '{first}'")));
    }

    let mut scenario: Option<u8> = None;
    let mut options = FuryOptions::default();
    let mut turn: Option<(u8, Phase)> = None;
    let mut lock_lifted = false;
    let mut ships: Vec<Ship> = Vec::new();
    let mut fired = HexSet::default();
    let mut sacked = HexSet::default();
    let mut attacked_hexes = HexSet::default();
    let mut transfers = 0u8;
    let mut pending_line: Option<(usize, &str)> = None;
    let mut finish: Option<Finish> = None;
    let mut seen: Vec<String> = Vec::new();
    let mut units_line: Option<usize> = None;
    let mut unit_lines: Vec<(usize, &str)> = Vec::new();

    for (n, line) in lines {
        if units_line.is_some() {
            unit_lines.push((n, line));
            continue;
        }
        let (key, rest) = match line.split_once(char::is_whitespace) {
            Some((k, r)) => (k, r.trim()),
            None => (line, ""),
        };
        let key = key.to_ascii_lowercase();
        if seen.contains(&key) {
            return Err((n, format!("'{key}' given twice")));
        }
        let at = |e: String| (n, e);
        match key.as_str() {
            "scenario" => {
                let index = data()
                    .scenarios
                    .iter()
                    .position(|s| s.id.eq_ignore_ascii_case(rest))
                    .ok_or_else(|| {
                        let ids: Vec<&str> =
                            data().scenarios.iter().map(|s| s.id.as_str()).collect();
                        (
                            n,
                            format!(
                                "unknown scenario '{rest}' (expected one of {})",
                                ids.join(", ")
                            ),
                        )
                    })?;
                scenario = Some(index as u8);
            }
            "options" => parse_options(rest, &mut options).map_err(at)?,
            "turn" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                let [t, p] = words[..] else {
                    return Err((n, "expected 'turn N PHASE'".to_string()));
                };
                turn = Some((
                    parse_num(t, "turn").map_err(at)?,
                    parse_phase(p).map_err(at)?,
                ));
            }
            "lock" => {
                lock_lifted = match rest.to_ascii_lowercase().as_str() {
                    "lifted" => true,
                    "on" => false,
                    _ => {
                        return Err((
                            n,
                            format!("expected 'lock on' or 'lock lifted', not '{rest}'"),
                        ))
                    }
                }
            }
            "ships" => {
                if !rest.eq_ignore_ascii_case("none") {
                    for part in rest.split('|') {
                        ships.push(parse_ship(part).map_err(at)?);
                    }
                    if ships.len() > u8::MAX as usize + 1 {
                        return Err((n, "too many ships".to_string()));
                    }
                }
            }
            "fired" => fired = parse_hexset(rest).map_err(at)?,
            "sacked" => sacked = parse_hexset(rest).map_err(at)?,
            "attacked" => attacked_hexes = parse_hexset(rest).map_err(at)?,
            "transfers" => transfers = parse_num(rest, "transfer count").map_err(at)?,
            "pending" => pending_line = Some((n, rest)),
            "finish" => finish = parse_finish(rest).map_err(at)?,
            "units" => {
                if !rest.is_empty() {
                    return Err((
                        n,
                        "'units' stands alone; one unit per line follows it".into(),
                    ));
                }
                units_line = Some(n);
            }
            _ => {
                return Err((
                    n,
                    format!(
                        "unknown line '{line}' (expected scenario, options, turn, lock, ships, \
                         fired, sacked, attacked, transfers, pending, finish or units, and \
                         unit lines after 'units')"
                    ),
                ))
            }
        }
        seen.push(key);
    }

    let last = text.lines().count().max(1);
    let Some(scenario) = scenario else {
        return Err((last, "the position has no 'scenario' line".to_string()));
    };
    options.scenario = scenario;
    let Some((turn, phase)) = turn else {
        return Err((last, "the position has no 'turn' line".to_string()));
    };
    if units_line.is_none() {
        return Err((last, "the position has no 'units' line".to_string()));
    }

    // Units: codes first, so that a unit may be held by one listed after it.
    let mut codes: BTreeMap<(Kind, u8), u16> = BTreeMap::new();
    let mut units: Vec<Unit> = Vec::with_capacity(unit_lines.len());
    for &(n, line) in &unit_lines {
        let code = line.split_whitespace().next().unwrap_or("");
        let (kind, ordinal) = split_code(code).map_err(|e| (n, e))?;
        if units.len() > u16::MAX as usize {
            return Err((n, "too many units".to_string()));
        }
        if codes.insert((kind, ordinal), units.len() as u16).is_some() {
            return Err((n, format!("unit {code} is listed twice")));
        }
        units.push(Unit::new(kind, ordinal, Place::Unplaced));
    }
    for (unit, &(n, line)) in units.iter_mut().zip(&unit_lines) {
        let words: Vec<&str> = line.split_whitespace().skip(1).collect();
        let mut words = words.iter();
        let at = |e: String| (n, format!("{}: {e}", unit_code_text(line)));
        unit.place = parse_place(&codes, ships.len(), &mut words).map_err(at)?;
        for w in words {
            parse_flag(unit, w).map_err(at)?;
        }
    }

    let mut pending = Vec::new();
    if let Some((n, rest)) = pending_line {
        if !rest.eq_ignore_ascii_case("none") {
            for part in rest.split(';') {
                pending.push(parse_pending(&codes, part).map_err(|e| (n, e))?);
            }
        }
    }

    Ok(FuryState {
        options,
        turn,
        phase,
        lock_lifted,
        units,
        ships,
        fired,
        sacked,
        attacked_hexes,
        transfers,
        pending,
        finish,
        chance: Chance::new(seed),
    })
}

fn unit_code_text(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

// ---------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn h(label: &str) -> Hex {
        data().grid.parse(label).expect("test hex on the map")
    }

    fn blank_state(units: Vec<Unit>) -> FuryState {
        FuryState {
            options: FuryOptions::default(),
            turn: 0,
            phase: Phase::VillagerSetup,
            lock_lifted: false,
            units,
            ships: Vec::new(),
            fired: HexSet::default(),
            sacked: HexSet::default(),
            attacked_hexes: HexSet::default(),
            transfers: 0,
            pending: Vec::new(),
            finish: None,
            chance: Chance::new(0),
        }
    }

    /// A small cast: VI01 VI03 VI05 VC01 VA01 VA02 MI03 KN01 BI01 PR01 WO04 TR02 AN05 CT01.
    fn cast() -> FuryState {
        let list = [
            (Kind::Infantry, 1, Place::OnMap(h("0803"))),
            (Kind::Infantry, 3, Place::OnMap(h("0803"))),
            (Kind::Infantry, 5, Place::OnMap(h("0804"))),
            (Kind::Chief, 1, Place::OnMap(h("0803"))),
            (Kind::Archer, 1, Place::OnMap(h("0810"))),
            (Kind::Archer, 2, Place::OnMap(h("0810"))),
            (Kind::Militia, 3, Place::Unplaced),
            (Kind::Knight, 1, Place::OnMap(h("1010"))),
            (Kind::Bishop, 1, Place::OnMap(h("0814"))),
            (Kind::Priest, 1, Place::OnMap(h("0814"))),
            (Kind::Woman, 4, Place::OnMap(h("0805"))),
            (Kind::Treasure, 2, Place::Held(UnitId(1))),
            (Kind::Animal, 5, Place::Held(UnitId(1))),
            (Kind::ChurchTreasure, 1, Place::OnMap(h("0814"))),
        ];
        blank_state(
            list.into_iter()
                .map(|(k, o, p)| Unit::new(k, o, p))
                .collect(),
        )
    }

    fn id(s: &FuryState, code: &str) -> UnitId {
        s.find_code(code).expect("test unit")
    }

    fn units(s: &FuryState, codes: &[&str]) -> Units {
        Units::from_slice(&codes.iter().map(|c| id(s, c)).collect::<Vec<_>>()).unwrap()
    }

    fn path(labels: &[&str]) -> Path {
        Path::from_slice(&labels.iter().map(|l| h(l)).collect::<Vec<_>>()).unwrap()
    }

    /// Every variant, with the text it must print as.
    fn every_action(s: &FuryState) -> Vec<(FuryAction, &'static str)> {
        vec![
            (
                FuryAction::Place {
                    unit: id(s, "MI03"),
                    hex: h("0913"),
                },
                "place MI03 0913",
            ),
            (FuryAction::SetupDefault, "setup default"),
            (FuryAction::PlaceShip { hex: h("0802") }, "ship 0802"),
            (
                FuryAction::Move {
                    units: units(s, &["VI03"]),
                    path: path(&["0802", "0803", "0804"]),
                    embark: false,
                },
                "move VI03 0802-0803-0804",
            ),
            (
                FuryAction::Move {
                    units: units(s, &["VI03", "VC01"]),
                    path: path(&["0803", "0804"]),
                    embark: false,
                },
                "move VI03+VC01 0803-0804",
            ),
            (
                FuryAction::Move {
                    units: units(s, &["VI03"]),
                    path: path(&["0804", "0803", "0802"]),
                    embark: true,
                },
                "embark VI03 0804-0803-0802",
            ),
            (
                FuryAction::Transfer {
                    from: id(s, "VI03"),
                    to: TransferTo::Unit(id(s, "VI05")),
                    items: units(s, &["TR02", "AN05"]),
                },
                "transfer VI03 > VI05 : TR02,AN05",
            ),
            (
                FuryAction::Transfer {
                    from: id(s, "VI03"),
                    to: TransferTo::Ship(h("0802")),
                    items: units(s, &["TR02"]),
                },
                "transfer VI03 > ship 0802 : TR02",
            ),
            (
                FuryAction::Abandon {
                    item: id(s, "AN05"),
                },
                "abandon AN05",
            ),
            (
                FuryAction::Attack {
                    hex: h("0814"),
                    spare: Units::new(),
                },
                "attack 0814",
            ),
            (
                FuryAction::Attack {
                    hex: h("0814"),
                    spare: units(s, &["BI01"]),
                },
                "attack 0814 spare BI01",
            ),
            (
                FuryAction::Attack {
                    hex: h("1010"),
                    spare: units(s, &["KN01", "BI01"]),
                },
                "attack 1010 spare KN01+BI01",
            ),
            (
                FuryAction::Archery {
                    shooters: units(s, &["VA01", "VA02"]),
                    target: h("0812"),
                },
                "archery VA01+VA02 0812",
            ),
            (
                FuryAction::Capture {
                    captor: id(s, "VI03"),
                    target: id(s, "WO04"),
                },
                "capture VI03 WO04",
            ),
            (
                FuryAction::Wrath {
                    invoker: id(s, "PR01"),
                    target: h("0806"),
                },
                "wrath PR01 0806",
            ),
            (FuryAction::BurnShip { hex: h("0802") }, "burn 0802"),
            (FuryAction::SetFire { hex: h("0813") }, "fire 0813"),
            (
                FuryAction::Retreat {
                    unit: id(s, "VI03"),
                    to: Some(h("0805")),
                },
                "retreat VI03 0805",
            ),
            (
                FuryAction::Retreat {
                    unit: id(s, "VI03"),
                    to: None,
                },
                "retreat VI03 off",
            ),
            (
                FuryAction::LeaderRoll {
                    leader: id(s, "KN01"),
                    roll: true,
                },
                "leader-roll KN01 yes",
            ),
            (
                FuryAction::LeaderRoll {
                    leader: id(s, "KN01"),
                    roll: false,
                },
                "leader-roll KN01 no",
            ),
            (
                FuryAction::WrathRetreat {
                    unit: id(s, "VI03"),
                    path: path(&["0806", "0705", "0704"]),
                    off_map: false,
                },
                "wrath-retreat VI03 0806-0705-0704",
            ),
            (
                FuryAction::WrathRetreat {
                    unit: id(s, "VI03"),
                    path: path(&["0102", "0101"]),
                    off_map: true,
                },
                "wrath-retreat VI03 0102-0101 off",
            ),
            (FuryAction::End, "end"),
        ]
    }

    #[test]
    fn fury_notation_every_action_round_trips() {
        let s = cast();
        for (action, text) in every_action(&s) {
            assert_eq!(format_action(&s, &action), text);
            assert_eq!(parse_action(&s, text), Ok(action), "{text}");
        }
    }

    #[test]
    fn fury_notation_actions_forgive_case_and_spacing() {
        let s = cast();
        let cases = [
            (
                "  MOVE vi03 + Vc01   0803 - 0804  ",
                "move VI03+VC01 0803-0804",
            ),
            (
                "Transfer VI03>vi05:TR02, an05",
                "transfer VI03 > VI05 : TR02,AN05",
            ),
            (
                "transfer vi03 >SHIP 0802: tr02",
                "transfer VI03 > ship 0802 : TR02",
            ),
            ("ATTACK 0814 SPARE bi01", "attack 0814 spare BI01"),
            ("attack 1010 spare KN01,BI01", "attack 1010 spare KN01+BI01"),
            ("\tretreat VI03 OFF\n", "retreat VI03 off"),
            ("Leader-Roll kn01 Yes", "leader-roll KN01 yes"),
            (
                "wrath-retreat VI03 0102 -0101 Off",
                "wrath-retreat VI03 0102-0101 off",
            ),
            ("Setup DEFAULT", "setup default"),
            (" END ", "end"),
        ];
        for (input, canonical) in cases {
            let a = parse_action(&s, input).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(format_action(&s, &a), canonical, "{input}");
        }
    }

    fn err(s: &FuryState, text: &str) -> String {
        match parse_action(s, text) {
            Ok(a) => panic!("'{text}' parsed as {a:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn fury_notation_action_errors_say_what_is_wrong() {
        let s = cast();
        assert!(err(&s, "").contains("empty action"));
        assert!(err(&s, "   ").contains("empty action"));
        let e = err(&s, "charge VI03 0804");
        assert!(
            e.contains("unknown action 'charge'") && e.contains("move"),
            "{e}"
        );
        assert!(err(&s, "move VI99 0803-0804").contains("unknown unit code 'VI99'"));
        assert!(err(&s, "move XX01 0803-0804").contains("unknown unit kind 'XX'"));
        assert!(err(&s, "move V 0803-0804").contains("bad unit code 'V'"));
        assert!(err(&s, "place MI03 08x3").contains("bad hex label '08x3'"));
        assert!(err(&s, "place MI03 9999").contains("bad hex label '9999'"));
        assert!(err(&s, "move VI03 0803--0804").contains("empty step"));
        let long = vec!["0803"; MAX_PATH + 1].join("-");
        let e = err(&s, &format!("move VI03 {long}"));
        assert!(e.contains("too long") && e.contains("17 hexes"), "{e}");
        let many = "VI01+VI03+VI05+VC01+VA01+VA02+KN01+BI01+PR01";
        assert!(err(&s, &format!("move {many} 0803")).contains("too many units"));
        let e = err(&s, "place MI03");
        assert!(e.contains("place UNIT HEX"), "{e}");
        assert!(err(&s, "leader-roll KN01 maybe").contains("yes|no"));
        assert!(err(&s, "end now").contains("'end'"));
        assert!(err(&s, "transfer VI03 VI05 TR02").contains("transfer UNIT >"));
        assert!(err(&s, "transfer VI03 > boat 0802 : TR02").contains("transfer UNIT >"));
        assert!(err(&s, "setup random").contains("setup default"));
        // Codes that are not ASCII must not reach byte slicing anywhere.
        assert!(err(&s, "abandon Vé01").contains("bad unit code"));
        assert!(err(&s, "abandon ééé").contains("bad unit code"));
    }

    /// A position that uses every place, flag, pending kind, ship field and option.
    fn rich_position() -> FuryState {
        let mut s = cast();
        s.options = FuryOptions {
            scenario: 1,
            leader_value: 2,
            unreturned_counts_eliminated: true,
        };
        s.turn = 3;
        s.phase = Phase::VikingCombat;
        s.lock_lifted = true;
        s.ships = vec![
            Ship {
                hex: Some(h("0802")),
                destroyed: false,
                landed: 23,
                embarked: 0,
            },
            Ship {
                hex: Some(h("0603")),
                destroyed: true,
                landed: 4,
                embarked: 2,
            },
            Ship {
                hex: None,
                destroyed: false,
                landed: 0,
                embarked: 0,
            },
        ];
        s.fired.insert(h("0813"));
        s.fired.insert(h("0912"));
        s.sacked.insert(h("0913"));
        s.attacked_hexes.insert(h("0814"));
        s.transfers = 1;
        let vi01 = id(&s, "VI01");
        let u = s.unit_mut(vi01);
        u.moved = true;
        u.attacked = true;
        u.defended = true;
        u.engaged = true;
        u.capture_tried = true;
        u.wrath_used = true;
        u.must_leave = true;
        u.from_stables = true;
        u.preset = true;
        u.stunned_until = Some((4, Phase::VikingCombat));
        let set = |s: &mut FuryState, code: &str, place: Place| {
            let i = id(s, code);
            s.unit_mut(i).place = place;
        };
        set(&mut s, "VI05", Place::Aboard);
        set(&mut s, "VA02", Place::Embarked(1));
        set(&mut s, "MI03", Place::Eliminated);
        set(&mut s, "WO04", Place::Lost);
        // Held by a unit listed after it.
        let ct01 = id(&s, "CT01");
        set(&mut s, "PR01", Place::Held(ct01));
        let ct = id(&s, "CT01");
        s.unit_mut(ct).preset = true;
        let an = id(&s, "AN05");
        s.unit_mut(an).from_stables = true;
        s.pending = vec![
            Pending::Retreat {
                unit: id(&s, "MI03"),
            },
            Pending::LeaderRoll {
                leader: id(&s, "KN01"),
                result: CrtResult::DE,
            },
            Pending::WrathRetreat {
                unit: id(&s, "VI03"),
                from: h("0806"),
            },
            Pending::LeaderRoll {
                leader: id(&s, "BI01"),
                result: CrtResult::DR,
            },
        ];
        s.finish = Some(Finish {
            winner: Some(Side::Viking),
            result: "Viking victory".to_string(),
            detail: "18 units of loot; a \"quoted\" word,\n a tab\t, a back\\slash, é, \u{7}"
                .to_string(),
        });
        s
    }

    fn assert_round_trip(s: &FuryState) {
        let text = format_position(s);
        let back = parse_position(&text, 7).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert!(same_position(s, &back), "not the same position:\n{text}");
        assert_eq!(format_position(&back), text);
    }

    #[test]
    fn fury_notation_rich_position_round_trips() {
        let s = rich_position();
        let text = format_position(&s);
        assert!(
            text.starts_with("fury position\nscenario advanced\n"),
            "{text}"
        );
        assert!(text.contains(
            "\nships 0802 landed=23 embarked=0 | 0603 destroyed landed=4 embarked=2 | \
             unplaced landed=0 embarked=0\n"
        ));
        assert!(text.contains(
            "\npending retreat MI03 ; leader-roll KN01 DE ; wrath-retreat VI03 from 0806 ; \
             leader-roll BI01 DR\n"
        ));
        assert!(text.contains(
            "\nVI01 0803 moved attacked defended engaged capture-tried wrath-used must-leave \
             from-stables preset stunned-until=4/viking-combat\n"
        ));
        assert!(text.contains("\nVA02 embarked 2\n"));
        assert!(text.contains("\nPR01 held CT01\n"));
        assert!(text.contains("\nfinish winner=viking result=\"Viking victory\" detail="));
        assert_round_trip(&s);
    }

    #[test]
    fn fury_notation_each_place_and_flag_round_trips_alone() {
        let places = [
            Place::Unplaced,
            Place::Aboard,
            Place::OnMap(h("1518")),
            Place::Held(UnitId(0)),
            Place::Embarked(0),
            Place::Eliminated,
            Place::Lost,
        ];
        for place in places {
            let mut s = cast();
            s.ships.push(Ship {
                hex: Some(h("0802")),
                destroyed: false,
                landed: 0,
                embarked: 1,
            });
            s.units[5].place = place;
            assert_round_trip(&s);
        }
        for flag in 0..10 {
            let mut s = cast();
            let u = &mut s.units[2];
            match flag {
                0 => u.moved = true,
                1 => u.attacked = true,
                2 => u.defended = true,
                3 => u.engaged = true,
                4 => u.capture_tried = true,
                5 => u.wrath_used = true,
                6 => u.must_leave = true,
                7 => u.from_stables = true,
                8 => u.preset = true,
                _ => u.stunned_until = Some((12, Phase::Over)),
            }
            assert_round_trip(&s);
        }
    }

    #[test]
    fn fury_notation_finish_and_empty_parts_round_trip() {
        let mut s = cast();
        assert!(format_position(&s).contains("\nfinish none\n"));
        assert!(format_position(&s).contains("\npending none\n"));
        assert!(format_position(&s).contains("\nships none\n"));
        assert!(format_position(&s).contains("\nfired none\n"));
        assert_round_trip(&s);
        for winner in [None, Some(Side::Viking), Some(Side::Villager)] {
            s.finish = Some(Finish {
                winner,
                result: String::new(),
                detail: "  spaces at both ends  ".to_string(),
            });
            assert_round_trip(&s);
        }
        s.units.clear();
        assert_round_trip(&s);
        for (i, _) in data().scenarios.iter().enumerate() {
            s.options.scenario = i as u8;
            assert_round_trip(&s);
        }
    }

    const DOC: &str = include_str!("../../../../docs/notation.md");

    /// The Fury section of docs/notation.md.
    fn doc_section() -> &'static str {
        let start = DOC
            .find("## Fury of the Norsemen")
            .expect("Fury section in the doc");
        let rest = &DOC[start..];
        let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
        &rest[..end]
    }

    #[test]
    fn fury_notation_doc_examples_read_back() {
        let section = doc_section();
        // Every example in the last column of the action table.
        let table = section
            .split("### Actions")
            .nth(1)
            .and_then(|t| t.split("### Positions").next())
            .expect("action table");
        let s = cast();
        let mut examples = 0;
        for row in table
            .lines()
            .filter(|l| l.starts_with("| ") && l.ends_with("` |"))
        {
            let cell = row.trim_end_matches(" |").rsplit(" | ").next().unwrap();
            let example = cell.trim_matches('`');
            let a = parse_action(&s, example).unwrap_or_else(|e| panic!("{example}: {e}"));
            assert_eq!(format_action(&s, &a), example);
            examples += 1;
        }
        assert_eq!(examples, 21);
        // The example position, which must also be printed exactly as shown.
        let block = section
            .split("```\n")
            .find(|b| b.starts_with("fury position"))
            .expect("example position");
        let p = parse_position(block, 0).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(format_position(&p), block);
        assert_eq!(p.units.len(), 14);
        assert_eq!(p.units[8].place, Place::Embarked(1));
    }

    #[test]
    fn fury_notation_hand_written_position_parses() {
        let text = "
            # a hand-written position
            FURY POSITION
            scenario Basic
            turn 3 Viking-Combat
            lock lifted
            ships 0802 landed=23|0603 destroyed
            fired 0813 0912
            pending retreat mi03;leader-roll KN01 de
            finish winner=Villager result=\"Village saved\"
            units
            VI01 0803 moved attacked engaged
            TR01 held VI01
            CT01 0814 preset
            MI03 eliminated
            KN01 1010
            WO03 embarked 1
            VI09 aboard stunned-until=4/viking-combat
        ";
        let s = parse_position(text, 1).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.options, FuryOptions::default());
        assert_eq!((s.turn, s.phase), (3, Phase::VikingCombat));
        assert!(s.lock_lifted);
        assert_eq!(s.ships.len(), 2);
        assert_eq!(s.ships[1].embarked, 0);
        assert!(s.ships[1].destroyed);
        assert_eq!(s.fired.len(), 2);
        assert!(s.sacked.is_empty());
        assert_eq!(s.pending.len(), 2);
        assert_eq!(s.units.len(), 7);
        assert_eq!(s.units[1].place, Place::Held(UnitId(0)));
        assert_eq!(s.units[5].place, Place::Embarked(0));
        assert_eq!(s.units[6].stunned_until, Some((4, Phase::VikingCombat)));
        let f = s.finish.clone().unwrap();
        assert_eq!(f.winner, Some(Side::Villager));
        assert_eq!(f.result, "Village saved");
        assert_eq!(f.detail, "");
        assert_round_trip(&s);
    }

    fn pos_err(text: &str) -> String {
        match parse_position(text, 0) {
            Ok(_) => panic!("parsed:\n{text}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn fury_notation_position_errors_name_the_line() {
        let good = format_position(&rich_position());
        let replace = |from: &str, to: &str| {
            assert!(good.contains(from), "{from}");
            good.replacen(from, to, 1)
        };
        let line_of =
            |text: &str, needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
        assert!(pos_err("").contains("empty position"));
        assert!(pos_err("chess position\n").contains("line 1: expected 'fury position'"));
        let t = replace("lock lifted", "weather fine");
        let e = pos_err(&t);
        assert!(
            e.contains(&format!(
                "line {}: unknown line 'weather fine'",
                line_of(&t, "weather")
            )),
            "{e}"
        );
        let t = replace("turn 3 viking-combat", "turn 3 lunch");
        assert!(pos_err(&t).contains("line 4: unknown phase 'lunch'"));
        let t = replace("turn 3 viking-combat", "turn 300 viking-combat");
        assert!(pos_err(&t).contains("line 4: bad turn '300'"));
        let t = replace("scenario advanced", "scenario chess");
        assert!(pos_err(&t).contains("line 2: unknown scenario 'chess'"));
        let t = replace("fired 0813 0912", "fired 0813 99");
        assert!(pos_err(&t).contains("bad hex label '99'"));
        let t = replace("VA02 embarked 2", "VA02 embarked 4");
        let e = pos_err(&t);
        assert!(
            e.contains(&format!(
                "line {}: VA02: embarked on ship 4",
                line_of(&t, "VA02")
            )),
            "{e}"
        );
        let t = replace("PR01 held CT01", "PR01 held CT07");
        assert!(pos_err(&t).contains("unknown unit code 'CT07'"));
        let t = replace("PR01 held CT01", "PR01 0814 sleepy");
        assert!(pos_err(&t).contains("unknown unit flag 'sleepy'"));
        let t = replace("PR01 held CT01", "PR01");
        assert!(pos_err(&t).contains("PR01: the unit has no place"));
        let t = replace("PR01 held CT01", "PR01 0814 moved moved");
        assert!(pos_err(&t).contains("flag 'moved' given twice"));
        let t = replace("PR01 held CT01", "VI03 0814");
        assert!(pos_err(&t).contains("unit VI03 is listed twice"));
        let t = replace("PR01 held CT01", "ZZ01 0814");
        assert!(pos_err(&t).contains("unknown unit kind 'ZZ'"));
        let t = replace("transfers 1", "transfers 1\ntransfers 2");
        assert!(pos_err(&t).contains("'transfers' given twice"));
        let t = replace("leader-roll KN01 DE", "leader-roll KN01 XX");
        assert!(pos_err(&t).contains("bad combat result 'XX'"));
        let t = replace("retreat MI03", "retreat");
        assert!(pos_err(&t).contains("bad pending decision"));
        let t = replace("\\u{7}\"\n", "\\u{7}\n");
        assert!(pos_err(&t).contains("line 12: a quoted text is not closed"));
        let t = replace("\\u{7}", "\\u{zz}");
        assert!(pos_err(&t).contains("line 12: bad escape"));
        let t = replace("\\u{7}", "\\q");
        assert!(pos_err(&t).contains("line 12: bad escape '\\q'"));
        let t = replace("winner=viking", "winner=danes");
        assert!(pos_err(&t).contains("bad winner 'danes'"));
        let t = replace("unreturned=with-eliminated", "unreturned=sometimes");
        assert!(pos_err(&t).contains("line 3: unknown option 'unreturned=sometimes'"));
        let t = replace("leader-value=2", "leader-value=2 leader-value=3");
        assert!(pos_err(&t).contains("line 3: option 'leader-value' given twice"));
        let t = replace("landed=23", "landed=2300");
        assert!(pos_err(&t).contains("bad landed count '2300'"));
        let t = replace("\nunits\n", "\n");
        assert!(pos_err(&t).contains("unknown line 'VI01"));
        let t = good.split("\nunits\n").next().unwrap().to_string();
        assert!(pos_err(&t).contains("no 'units' line"));
        let t = replace("scenario advanced\n", "");
        assert!(pos_err(&t).contains("no 'scenario' line"));
    }

    // --- property tests ---------------------------------------------------------------

    fn any_hex() -> impl Strategy<Value = Hex> {
        let g = &data().grid;
        (1..=g.cols, 1..=g.rows).prop_map(|(c, r)| Hex::new(c, r))
    }

    fn any_phase() -> impl Strategy<Value = Phase> {
        prop::sample::select(Phase::ALL.to_vec())
    }

    fn any_crt() -> impl Strategy<Value = CrtResult> {
        prop::sample::select(vec![
            CrtResult::AE,
            CrtResult::AR,
            CrtResult::DR,
            CrtResult::DE,
            CrtResult::EX,
        ])
    }

    fn any_side() -> impl Strategy<Value = Option<Side>> {
        prop::sample::select(vec![None, Some(Side::Viking), Some(Side::Villager)])
    }

    /// Random positions: up to 12 units of distinct codes with random places and flags,
    /// random ships, markers, pending decisions and finish.
    fn any_position() -> impl Strategy<Value = FuryState> {
        let unit_keys = prop::collection::btree_set(
            (prop::sample::select(Kind::ALL.to_vec()), any::<u8>()),
            0..12,
        );
        let ships = prop::collection::vec(
            (
                prop::option::of(any_hex()),
                any::<bool>(),
                any::<u8>(),
                any::<u8>(),
            ),
            0..4,
        );
        let scenario = 0..data().scenarios.len() as u8;
        let options = (scenario, any::<u8>(), any::<bool>());
        let header = (
            options,
            any::<u8>(),
            any_phase(),
            any::<bool>(),
            ships,
            prop::collection::vec(any_hex(), 0..5),
            prop::collection::vec(any_hex(), 0..5),
            prop::collection::vec(any_hex(), 0..5),
            any::<u8>(),
            prop::option::of((any_side(), any::<String>(), any::<String>())),
        );
        (unit_keys, header).prop_flat_map(|(keys, header)| {
            let n = keys.len();
            let nships = header.4.len();
            let per_unit = prop::collection::vec(
                (
                    0u8..7,
                    any_hex(),
                    0..n.max(1),
                    0..nships.max(1),
                    any::<[bool; 9]>(),
                    prop::option::of((any::<u8>(), any_phase())),
                ),
                n,
            );
            let pending = prop::collection::vec(
                (0u8..3, 0..n.max(1), any_crt(), any_hex()),
                if n == 0 { 0..1 } else { 0..5 },
            );
            (Just(keys), Just(header), per_unit, pending)
        })
        .prop_map(|(keys, header, per_unit, pending)| {
            let (options, turn, phase, lock, ships, fired, sacked, attacked, transfers, finish) =
                header;
            let mut s = blank_state(Vec::new());
            s.options = FuryOptions {
                scenario: options.0,
                leader_value: options.1,
                unreturned_counts_eliminated: options.2,
            };
            s.turn = turn;
            s.phase = phase;
            s.lock_lifted = lock;
            s.ships = ships
                .into_iter()
                .map(|(hex, destroyed, landed, embarked)| Ship {
                    hex,
                    destroyed,
                    landed,
                    embarked,
                })
                .collect();
            let has_ships = !s.ships.is_empty();
            for hx in fired {
                s.fired.insert(hx);
            }
            for hx in sacked {
                s.sacked.insert(hx);
            }
            for hx in attacked {
                s.attacked_hexes.insert(hx);
            }
            s.transfers = transfers;
            s.finish = finish.map(|(winner, result, detail)| Finish {
                winner,
                result,
                detail,
            });
            for ((kind, ordinal), (p, hex, by, ship, flags, stun)) in keys.into_iter().zip(per_unit)
            {
                let place = match p {
                    0 => Place::Unplaced,
                    1 => Place::Aboard,
                    2 => Place::OnMap(hex),
                    3 => Place::Held(UnitId(by as u16)),
                    4 if has_ships => Place::Embarked(ship as u8),
                    5 => Place::Eliminated,
                    _ => Place::Lost,
                };
                let mut u = Unit::new(kind, ordinal, place);
                u.moved = flags[0];
                u.attacked = flags[1];
                u.defended = flags[2];
                u.engaged = flags[3];
                u.capture_tried = flags[4];
                u.wrath_used = flags[5];
                u.must_leave = flags[6];
                u.from_stables = flags[7];
                u.preset = flags[8];
                u.stunned_until = stun;
                s.units.push(u);
            }
            s.pending = pending
                .into_iter()
                .map(|(k, who, result, from)| {
                    let unit = UnitId(who as u16);
                    match k {
                        0 => Pending::Retreat { unit },
                        1 => Pending::LeaderRoll {
                            leader: unit,
                            result,
                        },
                        _ => Pending::WrathRetreat { unit, from },
                    }
                })
                .collect();
            s
        })
    }

    fn any_action(s: &FuryState) -> BoxedStrategy<FuryAction> {
        let n = s.units.len() as u16;
        let unit = (0..n).prop_map(UnitId);
        let list = prop::collection::vec(unit.clone(), 1..=8)
            .prop_map(|v| Units::from_slice(&v).unwrap())
            .boxed();
        let spare =
            prop::collection::vec(unit.clone(), 0..=8).prop_map(|v| Units::from_slice(&v).unwrap());
        let path = prop::collection::vec(any_hex(), 1..=MAX_PATH)
            .prop_map(|v| Path::from_slice(&v).unwrap())
            .boxed();
        prop_oneof![
            (unit.clone(), any_hex()).prop_map(|(unit, hex)| FuryAction::Place { unit, hex }),
            Just(FuryAction::SetupDefault),
            any_hex().prop_map(|hex| FuryAction::PlaceShip { hex }),
            (list.clone(), path.clone(), any::<bool>()).prop_map(|(units, path, embark)| {
                FuryAction::Move {
                    units,
                    path,
                    embark,
                }
            }),
            (
                unit.clone(),
                unit.clone(),
                any_hex(),
                any::<bool>(),
                list.clone()
            )
                .prop_map(|(from, u, hex, ship, items)| FuryAction::Transfer {
                    from,
                    to: if ship {
                        TransferTo::Ship(hex)
                    } else {
                        TransferTo::Unit(u)
                    },
                    items,
                }),
            unit.clone().prop_map(|item| FuryAction::Abandon { item }),
            (any_hex(), spare).prop_map(|(hex, spare)| FuryAction::Attack { hex, spare }),
            (list, any_hex())
                .prop_map(|(shooters, target)| FuryAction::Archery { shooters, target }),
            (unit.clone(), unit.clone())
                .prop_map(|(captor, target)| FuryAction::Capture { captor, target }),
            (unit.clone(), any_hex())
                .prop_map(|(invoker, target)| FuryAction::Wrath { invoker, target }),
            any_hex().prop_map(|hex| FuryAction::BurnShip { hex }),
            any_hex().prop_map(|hex| FuryAction::SetFire { hex }),
            (unit.clone(), prop::option::of(any_hex()))
                .prop_map(|(unit, to)| FuryAction::Retreat { unit, to }),
            (unit.clone(), any::<bool>())
                .prop_map(|(leader, roll)| FuryAction::LeaderRoll { leader, roll }),
            (unit, path, any::<bool>()).prop_map(|(unit, path, off_map)| {
                FuryAction::WrathRetreat {
                    unit,
                    path,
                    off_map,
                }
            }),
            Just(FuryAction::End),
        ]
        .boxed()
    }

    /// Words the parsers know, so that random text also reaches their deeper branches.
    const VOCABULARY: &[&str] = &[
        "fury",
        "position",
        "scenario",
        "basic",
        "advanced",
        "options",
        "leader-value=1",
        "unreturned=with-eliminated",
        "unreturned=on-map",
        "turn",
        "3",
        "0",
        "300",
        "viking-combat",
        "over",
        "lock",
        "lifted",
        "on",
        "ships",
        "|",
        ";",
        "none",
        "unplaced",
        "destroyed",
        "landed=2",
        "embarked=",
        "embarked",
        "fired",
        "sacked",
        "attacked",
        "transfers",
        "pending",
        "retreat",
        "leader-roll",
        "wrath-retreat",
        "from",
        "DE",
        "finish",
        "winner=viking",
        "result=\"",
        "detail=\"a\\u{41}\"",
        "\\u{d800}",
        "\\",
        "\"",
        "units",
        "\n",
        "\n",
        "\n",
        "VI01",
        "VI03",
        "KN01",
        "XX01",
        "Vé01",
        "held",
        "aboard",
        "lost",
        "eliminated",
        "1",
        "256",
        "moved",
        "stunned-until=4/over",
        "stunned-until=/",
        "0802",
        "0802-0803",
        "-",
        "+",
        ",",
        ">",
        ":",
        "place",
        "setup",
        "default",
        "ship",
        "move",
        "embark",
        "abandon",
        "attack",
        "spare",
        "archery",
        "capture",
        "wrath",
        "burn",
        "end",
        "off",
        "yes",
        "no",
        "é",
        "\u{2028}",
        "#",
        "=",
    ];

    /// Every legal action, position and view of random games of every scenario prints,
    /// reads back to the same value and prints the same again (see engine::notation::record).
    #[test]
    fn fury_notation_random_play_of_every_scenario_round_trips() {
        let rec = crate::engine::notation::record::record_for_test::<super::super::Fury>(2, 20_000);
        assert!(rec.positions > 200 && rec.actions > 2000, "{rec:?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn fury_notation_garbage_never_panics(text in "\\PC{0,80}", bytes in ".{0,40}") {
            let s = cast();
            let _ = parse_action(&s, &text);
            let _ = parse_action(&s, &bytes);
            let _ = parse_position(&text, 0);
            let _ = parse_position(&format!("fury position\n{bytes}"), 0);
        }

        #[test]
        fn fury_notation_word_salad_never_panics(
            words in prop::collection::vec(prop::sample::select(VOCABULARY.to_vec()), 0..40),
            joiner in prop::sample::select(vec![" ", "", "\n", "  \t"]),
        ) {
            let s = cast();
            let text = words.join(joiner);
            let _ = parse_action(&s, &text);
            let _ = parse_position(&text, 0);
            let _ = parse_position(&format!("fury position\n{text}"), 0);
            let _ = parse_position(&format!("fury position\nscenario basic\nturn 1 over\n{text}"), 0);
        }

        #[test]
        fn fury_notation_damaged_positions_never_panic(
            cut in 0usize..2000,
            len in 0usize..40,
            insert in "\\PC{0,6}",
        ) {
            let text = format_position(&rich_position());
            let chars: Vec<char> = text.chars().collect();
            let start = cut.min(chars.len());
            let end = (start + len).min(chars.len());
            let damaged: String = chars[..start]
                .iter()
                .chain(insert.chars().collect::<Vec<_>>().iter())
                .chain(chars[end..].iter())
                .collect();
            if let Ok(s) = parse_position(&damaged, 0) {
                // Whatever still parses prints back as a position that reads the same.
                let again = format_position(&s);
                let back = parse_position(&again, 0).unwrap();
                prop_assert!(same_position(&s, &back));
            }
        }

        #[test]
        fn fury_notation_random_positions_round_trip(s in any_position()) {
            let text = format_position(&s);
            let back = parse_position(&text, 3);
            prop_assert!(back.is_ok(), "{:?}\n{}", back.err(), text);
            let back = back.unwrap();
            prop_assert!(same_position(&s, &back), "{}", text);
            prop_assert_eq!(format_position(&back), text);
        }

        #[test]
        fn fury_notation_random_actions_round_trip(
            (s, a) in any_position()
                .prop_filter("needs units", |s| !s.units.is_empty())
                .prop_flat_map(|s| { let a = any_action(&s); (Just(s), a) })
        ) {
            let text = format_action(&s, &a);
            prop_assert_eq!(parse_action(&s, &text), Ok(a), "{}", text);
            prop_assert_eq!(parse_action(&s, &text.to_ascii_lowercase()), Ok(a));
        }
    }
}
