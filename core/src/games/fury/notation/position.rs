//! Fury positions: `fury position`, header lines, then `units` and one line per unit.

use super::{code_of, crt_name, label, parse_crt, parse_hex, parse_phase, split_code};
use crate::engine::notation::{join_or, number, FieldSpec, Fields, Line, LineFault, Lines, Once};
use crate::engine::text::{finish_fields, quote};
use crate::engine::{Chance, NotationError};
use crate::games::fury::data::data;
use crate::games::fury::options::FuryOptions;
use crate::games::fury::position_check;
use crate::games::fury::state::{
    Finish, FuryState, HexSet, Pending, Phase, Place, Ship, Unit, UnitId,
};
use crate::games::fury::units::{Kind, Side};
use std::collections::BTreeMap;

const HEADER: &str = "fury position";

fn side_name(side: Option<Side>) -> &'static str {
    match side {
        Some(Side::Viking) => "viking",
        Some(Side::Villager) => "villager",
        None => "none",
    }
}

fn hexset_text(set: &HexSet) -> String {
    join_or(&set.iter().collect::<Vec<_>>(), " ", "none", |&h| label(h))
}

fn ship_text(ship: &Ship) -> String {
    format!(
        "{}{} landed={} embarked={}",
        ship.hex.map_or_else(|| "unplaced".to_string(), label),
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

/// The unit flags, in the order they are printed.
const FLAGS: [&str; 9] = [
    "moved",
    "attacked",
    "defended",
    "engaged",
    "capture-tried",
    "wrath-used",
    "must-leave",
    "from-stables",
    "preset",
];

fn flags_of(u: &Unit) -> [bool; 9] {
    [
        u.moved,
        u.attacked,
        u.defended,
        u.engaged,
        u.capture_tried,
        u.wrath_used,
        u.must_leave,
        u.from_stables,
        u.preset,
    ]
}

fn unit_text(state: &FuryState, u: &Unit) -> String {
    let mut line = format!("{} {}", u.code(), place_text(state, u.place));
    for (set, name) in flags_of(u).into_iter().zip(FLAGS) {
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

fn finish_text(finish: &Option<Finish>) -> String {
    match finish {
        None => "finish none".to_string(),
        Some(f) => format!(
            "finish winner={} result={} detail={}",
            side_name(f.winner),
            quote(&f.result),
            quote(&f.detail)
        ),
    }
}

/// The whole position except the chance stream, one fact per line (see
/// docs/notation.md). The same state always gives the same text.
pub fn format_position(state: &FuryState) -> String {
    let o = &state.options;
    let scenario = match data().scenarios.get(o.scenario as usize) {
        Some(s) => s.id.clone(),
        None => format!("?{}", o.scenario),
    };
    let unreturned = if o.unreturned_counts_eliminated {
        "with-eliminated"
    } else {
        "on-map"
    };
    let mut lines = vec![
        HEADER.to_string(),
        format!("scenario {scenario}"),
        format!(
            "options leader-value={} unreturned={unreturned}",
            o.leader_value
        ),
        format!("turn {} {}", state.turn, state.phase.name()),
        format!("lock {}", if state.lock_lifted { "lifted" } else { "on" }),
        format!("ships {}", join_or(&state.ships, " | ", "none", ship_text)),
        format!("fired {}", hexset_text(&state.fired)),
        format!("sacked {}", hexset_text(&state.sacked)),
        format!("attacked {}", hexset_text(&state.attacked_hexes)),
        format!("transfers {}", state.transfers),
        format!(
            "pending {}",
            join_or(&state.pending, " ; ", "none", |p| pending_text(state, p))
        ),
        finish_text(&state.finish),
        "units".to_string(),
    ];
    lines.extend(state.units.iter().map(|u| unit_text(state, u)));
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// Reads a position written by [`format_position`] (or by hand: blank lines and lines
/// starting with `#` are skipped; case does not matter outside quoted texts), and refuses
/// it if it breaks the rules ([`position_check`]). The state's chance stream is seeded
/// with `seed`.
pub fn parse_position(text: &str, seed: u64) -> Result<FuryState, NotationError> {
    let state = read_position(text, seed)?;
    position_check::check(&state).map_err(NotationError::new)?;
    Ok(state)
}

/// Reads a position without checking it against the rules (the notation alone).
pub fn read_position(text: &str, seed: u64) -> Result<FuryState, NotationError> {
    let lines = Lines::read(text, HEADER)?;
    let split = lines.lines.iter().position(|l| l.key == "units");
    let (head, units) = lines.lines.split_at(split.unwrap_or(lines.lines.len()));
    let mut h = Header::default();
    let mut once = Once::default();
    for line in head {
        once.check(line)?;
        h.read(line)?;
    }
    let scenario = lines.required(h.scenario, "scenario")?;
    let (turn, phase) = lines.required(h.turn, "turn")?;
    let (units_line, unit_lines) = lines.required(units.split_first(), "units")?;
    if !units_line.rest.is_empty() {
        return Err(units_line
            .fault("'units' stands alone; one unit per line follows it")
            .into());
    }
    let (codes, units) = read_units(unit_lines, h.ships.len())?;
    let pending = match &h.pending {
        Some(line) => read_pending(&codes, line)?,
        None => Vec::new(),
    };
    Ok(FuryState {
        options: FuryOptions {
            scenario,
            ..h.options
        },
        turn,
        phase,
        lock_lifted: h.lock_lifted,
        units,
        ships: h.ships,
        fired: h.fired,
        sacked: h.sacked,
        attacked_hexes: h.attacked,
        transfers: h.transfers,
        pending,
        finish: h.finish,
        chance: Chance::new(seed),
    })
}

/// The header lines read so far.
#[derive(Default)]
struct Header<'t> {
    scenario: Option<u8>,
    options: FuryOptions,
    turn: Option<(u8, Phase)>,
    lock_lifted: bool,
    ships: Vec<Ship>,
    fired: HexSet,
    sacked: HexSet,
    attacked: HexSet,
    transfers: u8,
    /// Read once the units are known.
    pending: Option<Line<'t>>,
    finish: Option<Finish>,
}

impl<'t> Header<'t> {
    fn read(&mut self, line: &Line<'t>) -> Result<(), LineFault> {
        let rest = line.rest;
        let at = |e: String| line.fault(e);
        match line.key.as_str() {
            "scenario" => self.scenario = Some(read_scenario(rest).map_err(at)?),
            "options" => self.options = read_options(&line.list()).map_err(at)?,
            "turn" => self.turn = Some(read_turn(&line.list()).map_err(at)?),
            "lock" => self.lock_lifted = read_lock(rest).map_err(at)?,
            "ships" => self.ships = read_ships(rest).map_err(at)?,
            "fired" => self.fired = read_hexset(rest).map_err(at)?,
            "sacked" => self.sacked = read_hexset(rest).map_err(at)?,
            "attacked" => self.attacked = read_hexset(rest).map_err(at)?,
            "transfers" => self.transfers = number(rest, "transfer count").map_err(at)?,
            "pending" => self.pending = Some(line.clone()),
            "finish" => self.finish = read_finish(rest).map_err(at)?,
            _ => {
                return Err(at(format!(
                    "unknown line '{}' (expected scenario, options, turn, lock, ships, \
                     fired, sacked, attacked, transfers, pending, finish or units, and \
                     unit lines after 'units')",
                    line.text
                )))
            }
        }
        Ok(())
    }
}

fn read_scenario(rest: &str) -> Result<u8, String> {
    let scenarios = &data().scenarios;
    let index = scenarios
        .iter()
        .position(|s| s.id.eq_ignore_ascii_case(rest));
    let ids: Vec<&str> = scenarios.iter().map(|s| s.id.as_str()).collect();
    index.and_then(|i| u8::try_from(i).ok()).ok_or_else(|| {
        format!(
            "unknown scenario '{rest}' (expected one of {})",
            ids.join(", ")
        )
    })
}

const OPTIONS: FieldSpec =
    FieldSpec::new(&["leader-value", "unreturned"], &[]).named("option", "option");

fn read_options(words: &[&str]) -> Result<FuryOptions, String> {
    let fields = Fields::read(words, &OPTIONS)?;
    let mut options = FuryOptions::default();
    if let Some(n) = fields.get("leader-value") {
        options.leader_value = number(n, "leader-value")?;
    }
    match fields
        .get("unreturned")
        .map(|v| v.to_ascii_lowercase())
        .as_deref()
    {
        None => {}
        Some("on-map") => options.unreturned_counts_eliminated = false,
        Some("with-eliminated") => options.unreturned_counts_eliminated = true,
        Some(v) => {
            return Err(format!(
                "unknown option 'unreturned={v}' (expected leader-value=N, \
                 unreturned=on-map|with-eliminated)"
            ))
        }
    }
    Ok(options)
}

fn read_turn(words: &[&str]) -> Result<(u8, Phase), String> {
    let [t, p] = words[..] else {
        return Err("expected 'turn N PHASE'".to_string());
    };
    Ok((number(t, "turn")?, parse_phase(p)?))
}

fn read_lock(rest: &str) -> Result<bool, String> {
    match rest.to_ascii_lowercase().as_str() {
        "lifted" => Ok(true),
        "on" => Ok(false),
        _ => Err(format!("expected 'lock on' or 'lock lifted', not '{rest}'")),
    }
}

fn read_ships(rest: &str) -> Result<Vec<Ship>, String> {
    if rest.eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    let ships = rest
        .split('|')
        .map(read_ship)
        .collect::<Result<Vec<_>, _>>()?;
    if ships.len() > u8::MAX as usize + 1 {
        return Err("too many ships".to_string());
    }
    Ok(ships)
}

const SHIP: FieldSpec =
    FieldSpec::new(&["landed", "embarked"], &["destroyed"]).named("ship field", "ship field");

fn read_ship(part: &str) -> Result<Ship, String> {
    let words: Vec<&str> = part.split_whitespace().collect();
    let Some((first, rest)) = words.split_first() else {
        return Err("empty ship entry between '|'".to_string());
    };
    let hex = if first.eq_ignore_ascii_case("unplaced") {
        None
    } else {
        Some(parse_hex(first)?)
    };
    let fields = Fields::read(rest, &SHIP)?;
    Ok(Ship {
        hex,
        destroyed: fields.has("destroyed"),
        landed: fields.read_or("landed", 0, |n| number(n, "landed count"))?,
        embarked: fields.read_or("embarked", 0, |n| number(n, "embarked count"))?,
    })
}

fn read_hexset(rest: &str) -> Result<HexSet, String> {
    let mut set = HexSet::default();
    if rest.eq_ignore_ascii_case("none") {
        return Ok(set);
    }
    for w in rest.split_whitespace() {
        set.insert(parse_hex(w)?);
    }
    Ok(set)
}

fn read_finish(rest: &str) -> Result<Option<Finish>, String> {
    let winner = |v: &str| match v {
        "viking" => Some(Some(Side::Viking)),
        "villager" => Some(Some(Side::Villager)),
        "none" => Some(None),
        _ => None,
    };
    let fields = finish_fields(rest, winner, "viking|villager|none")?;
    Ok(fields.map(|(winner, result, detail)| Finish {
        winner,
        result,
        detail,
    }))
}

type Codes = BTreeMap<(Kind, u8), u16>;

/// The unit lines: codes first, so that a unit may be held by one listed after it.
fn read_units(lines: &[Line], ships: usize) -> Result<(Codes, Vec<Unit>), LineFault> {
    let mut codes = Codes::new();
    let mut units: Vec<Unit> = Vec::with_capacity(lines.len());
    for line in lines {
        let code = line.text.split_whitespace().next().unwrap_or("");
        let (kind, ordinal) = split_code(code).map_err(|e| line.fault(e))?;
        if units.len() > u16::MAX as usize {
            return Err(line.fault("too many units"));
        }
        if codes.insert((kind, ordinal), units.len() as u16).is_some() {
            return Err(line.fault(format!("unit {code} is listed twice")));
        }
        units.push(Unit::new(kind, ordinal, Place::Unplaced));
    }
    for (unit, line) in units.iter_mut().zip(lines) {
        let words: Vec<&str> = line.text.split_whitespace().skip(1).collect();
        let code = line.text.split_whitespace().next().unwrap_or("");
        let at = |e: String| line.fault(format!("{code}: {e}"));
        let (place, flags) = read_place(&codes, ships, &words).map_err(at)?;
        read_flags(unit, flags).map_err(at)?;
        unit.place = place;
    }
    Ok((codes, units))
}

fn resolve(codes: &Codes, tok: &str) -> Result<UnitId, String> {
    let key = split_code(tok)?;
    codes
        .get(&key)
        .map(|&i| UnitId(i))
        .ok_or_else(|| format!("unknown unit code '{tok}': no such unit under 'units'"))
}

/// A unit's place, and the words after it.
fn read_place<'w>(
    codes: &Codes,
    ships: usize,
    words: &'w [&'w str],
) -> Result<(Place, &'w [&'w str]), String> {
    let Some((&first, rest)) = words.split_first() else {
        return Err(
            "the unit has no place (expected a hex, unplaced, aboard, held CODE, \
                    embarked N, eliminated or lost)"
                .to_string(),
        );
    };
    let simple = match first.to_ascii_lowercase().as_str() {
        "unplaced" => Some(Place::Unplaced),
        "aboard" => Some(Place::Aboard),
        "eliminated" => Some(Place::Eliminated),
        "lost" => Some(Place::Lost),
        "held" | "embarked" => None,
        _ => Some(Place::OnMap(parse_hex(first).map_err(|e| {
            format!(
                "{e}; a place is a hex, unplaced, aboard, held CODE, embarked N, eliminated \
                 or lost"
            )
        })?)),
    };
    if let Some(place) = simple {
        return Ok((place, rest));
    }
    let Some((&arg, rest)) = rest.split_first() else {
        return Err(if first.eq_ignore_ascii_case("held") {
            "'held' needs the code of the escorting unit".to_string()
        } else {
            "'embarked' needs a ship number".to_string()
        });
    };
    if first.eq_ignore_ascii_case("held") {
        return Ok((Place::Held(resolve(codes, arg)?), rest));
    }
    let n: u16 = number(arg, "ship number")?;
    if n == 0 || n as usize > ships {
        return Err(format!(
            "embarked on ship {n}, but the ships line lists {ships} (numbered from 1)"
        ));
    }
    Ok((Place::Embarked((n - 1) as u8), rest))
}

const UNIT_FLAGS: FieldSpec =
    FieldSpec::new(&["stunned-until"], &FLAGS).named("unit flag", "unit flag");

fn read_flags(unit: &mut Unit, words: &[&str]) -> Result<(), String> {
    let fields = Fields::read(words, &UNIT_FLAGS)?;
    let [moved, attacked, defended, engaged, capture_tried, wrath_used, must_leave, from_stables, preset] =
        FLAGS.map(|f| fields.has(f));
    *unit = Unit {
        moved,
        attacked,
        defended,
        engaged,
        capture_tried,
        wrath_used,
        must_leave,
        from_stables,
        preset,
        stunned_until: None,
        ..*unit
    };
    if let Some(when) = fields.get("stunned-until") {
        let Some((turn, phase)) = when.split_once('/') else {
            return Err(format!(
                "'stunned-until={when}' should be stunned-until=TURN/PHASE"
            ));
        };
        unit.stunned_until = Some((number(turn, "turn")?, parse_phase(phase)?));
    }
    Ok(())
}

fn read_pending(codes: &Codes, line: &Line) -> Result<Vec<Pending>, LineFault> {
    if line.rest.eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    line.rest
        .split(';')
        .map(|part| read_decision(codes, part).map_err(|e| line.fault(e)))
        .collect()
}

fn read_decision(codes: &Codes, part: &str) -> Result<Pending, String> {
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
