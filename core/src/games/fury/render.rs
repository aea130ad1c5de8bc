//! A plain-text drawing of a Fury game for a player: a status line, the staggered map of
//! the brief (GAP-01, "Staggered rendering"), a legend, then every unit and marker by
//! code. No colours or control characters, so it can be piped or logged.
//!
//! Each map row prints on two lines: the high columns on the first, the low ones (half a
//! hex lower) on the second. A cell is the terrain glyph of the brief, replaced by `##`
//! for a Fire and `SH`/`sh` for a Ship/wreck, then what stands there: `V2` (Viking
//! units), `v3` (Villager units other than Treasure), `+` (someone there holds captives or
//! loot), `$` (Treasure lying there, not held).

use super::data::{data, Building, Terrain};
use super::state::{FuryState, Pending, Place, UnitId};
use super::units::{Kind, Side};
use crate::board::{Hex, LowColumns};
use crate::engine::Presentation;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Width of the row label at the left of the map (`r01  `).
const LABEL_WIDTH: usize = 5;
/// Horizontal distance between two neighbouring columns; a column's cells are twice as
/// far apart, so a cell may use up to `2 * PITCH - 1` characters. Three, as in the
/// brief's drawing (GAP-01): the map is 67 characters wide and fits an 80-column
/// terminal.
const PITCH: usize = 3;
/// Lines longer than this are wrapped (the map itself stays within it): an 80-column
/// terminal.
const WRAP: usize = 80;

/// The whole drawing, ending with a newline: the status, the map, its legend and the
/// lists of what stands where.
pub fn render(state: &FuryState) -> String {
    let mut out = String::new();
    out.push_str(&short_header(state));
    out.push('\n');
    out.push_str(&map(state));
    out.push_str(LEGEND);
    for line in status_lines(state) {
        push_wrapped(&mut out, &line);
    }
    out
}

/// What is shown before each decision, in 47 rows of at most 80 characters: a short
/// status, one line of column numbers, the map, and one line of what is pending, the
/// ships and the Fires. The legend and the lists of units are in [`render`] (the
/// terminal's `board`).
pub fn render_screen(state: &FuryState) -> String {
    let mut out = String::new();
    out.push_str(&short_header(state));
    out.push('\n');
    out.push_str(&both_column_numbers());
    out.push_str(&map_rows(state));
    let mut status: Vec<String> = pending_line(state).into_iter().collect();
    status.extend(finish_line(state));
    status.push(format!(
        "{} | fired {} | sacked {}",
        ships_summary(state),
        state.fired.len(),
        state.sacked.len()
    ));
    for line in status {
        push_wrapped(&mut out, &line);
    }
    out
}

/// The Ships in a few words: "Ships: 0802 afloat (landed 3)".
fn ships_summary(state: &FuryState) -> String {
    if state.ships.is_empty() {
        return "Ships: none".to_string();
    }
    let items: Vec<String> = state
        .ships
        .iter()
        .map(|s| {
            let at = s.hex.map_or("unplaced".to_string(), |h| h.to_string());
            let fate = if s.destroyed { "wrecked" } else { "afloat" };
            format!("{at} {fate} (landed {})", s.landed)
        })
        .collect();
    format!("Ships: {}", items.join(", "))
}

const LEGEND: &str = concat!(
    "Terrain: ~~ sea  c. coast  c= coast road  == road  .. clear  f. farm\n",
    "         F* farm(Animal)  WW woods  h. keep hill  e. enclosure  B. house\n",
    "         B* house(Woman)  KK keep  MM manor  CH church  MO monastery\n",
    "         ST stables  GR granary\n",
    "Markers: ## fire  SH ship  sh wreck  V2 two Viking units  v3 three Villager\n",
    "         units  + holding loot  $ Treasure  * 10 or more\n",
);

// ---------------------------------------------------------------------------------------
// Status line

/// The status in under 80 characters, in words as the apps say it (the phase's title
/// names whose phase it is and its rule): "Basic Game | Turn 3 of 12, Viking combat
/// (7.0) | lock lifted (5.7)"; during set-up, "Basic Game | Viking set-up | ...".
fn short_header(state: &FuryState) -> String {
    let when = match state.turn {
        0 => state.phase.title().to_string(),
        t => format!(
            "Turn {t} of {}, {}",
            data().tables.turns,
            state.phase.title()
        ),
    };
    // "Scenario III: Hagar's Folly" is known by its title alone here, to fit the line.
    let name = &state.options.scenario().name;
    let title = name.split_once(": ").map_or(name.as_str(), |(_, t)| t);
    format!("{title} | {when} | {}", lock_text(state))
}

fn lock_text(state: &FuryState) -> &'static str {
    if !state.options.scenario().mobility_lock {
        "no lock (13.3)"
    } else if state.lock_lifted {
        "lock lifted (5.7)"
    } else {
        "lock in force (5.7)"
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Viking => "Viking",
        Side::Villager => "Villager",
    }
}

// ---------------------------------------------------------------------------------------
// The map

fn map(state: &FuryState) -> String {
    let (first, second) = column_parities();
    let mut out = column_header(first);
    out.push_str(&column_header(second));
    out.push_str(&map_rows(state));
    out
}

/// Every column's number on one line (they are 3 characters apart).
fn both_column_numbers() -> String {
    let mut line = " ".repeat(LABEL_WIDTH);
    for col in 1..=data().grid.cols {
        place_at(&mut line, cell_x(col), &format!("{col:02}"));
    }
    format!("{}\n", line.trim_end())
}

/// The map's rows, two lines each (the odd columns, then the even ones, staggered).
fn map_rows(state: &FuryState) -> String {
    let grid = &data().grid;
    let contents = hex_contents(state);
    let mut out = String::new();
    let (first, second) = column_parities();
    for row in 1..=grid.rows {
        for (parity, label) in [(first, format!("r{row:02}")), (second, String::new())] {
            let mut line = format!("{label:<LABEL_WIDTH$}");
            for col in (1..=grid.cols).filter(|c| c % 2 == parity) {
                let h = Hex::new(col, row);
                let cell = cell_text(state, h, contents.get(&h));
                place_at(&mut line, cell_x(col), &cell);
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}

/// Parity (col % 2) of the columns printed on a row's first line, then on its second.
fn column_parities() -> (i16, i16) {
    match data().grid.low {
        LowColumns::Even => (1, 0),
        LowColumns::Odd => (0, 1),
    }
}

fn column_header(parity: i16) -> String {
    let mut line = " ".repeat(LABEL_WIDTH);
    for col in (1..=data().grid.cols).filter(|c| c % 2 == parity) {
        place_at(&mut line, cell_x(col), &format!("{col:02}"));
    }
    format!("{}\n", line.trim_end())
}

/// Character position of a column's cells on its line.
fn cell_x(col: i16) -> usize {
    LABEL_WIDTH + (col.max(1) as usize - 1) * PITCH
}

/// Writes `text` at character position `x` of an ASCII line, padding with spaces.
fn place_at(line: &mut String, x: usize, text: &str) {
    if line.len() < x {
        line.push_str(&" ".repeat(x - line.len()));
    }
    line.truncate(x);
    line.push_str(text);
}

/// What stands in one hex, counted for its map cell.
#[derive(Default)]
struct Content {
    vikings: usize,
    villagers: usize,
    loose_treasure: bool,
    holding: bool,
}

fn hex_contents(state: &FuryState) -> BTreeMap<Hex, Content> {
    let mut map: BTreeMap<Hex, Content> = BTreeMap::new();
    for id in state.ids() {
        let unit = state.unit(id);
        if let Place::OnMap(h) = unit.place {
            let c = map.entry(h).or_default();
            match unit.side() {
                Side::Viking => c.vikings += 1,
                Side::Villager if unit.kind.is_treasure() => c.loose_treasure = true,
                Side::Villager => c.villagers += 1,
            }
            c.holding |= state.held_by(id).next().is_some();
        }
    }
    map
}

fn cell_text(state: &FuryState, h: Hex, content: Option<&Content>) -> String {
    let mut cell = ground_glyph(state, h).to_string();
    let Some(c) = content else {
        return cell;
    };
    cell.push_str(&count_mark('V', c.vikings));
    cell.push_str(&count_mark('v', c.villagers));
    if c.holding {
        cell.push('+');
    }
    if c.loose_treasure {
        cell.push('$');
    }
    cell
}

fn count_mark(letter: char, n: usize) -> String {
    match n {
        0 => String::new(),
        1..=9 => format!("{letter}{n}"),
        _ => format!("{letter}*"),
    }
}

/// The glyph of a hex with its markers: a Fire, then a Ship, then the terrain.
fn ground_glyph(state: &FuryState, h: Hex) -> &'static str {
    if state.fired.contains(h) {
        return "##";
    }
    let ships: Vec<_> = state.ships.iter().filter(|s| s.hex == Some(h)).collect();
    if ships.iter().any(|s| !s.destroyed) {
        return "SH";
    }
    if !ships.is_empty() {
        return "sh";
    }
    terrain_glyph(h)
}

fn terrain_glyph(h: Hex) -> &'static str {
    let d = data();
    let Some(t) = d.terrain(h) else {
        return "??";
    };
    if d.is_road(h) {
        return if t == Terrain::Coastline { "c=" } else { "==" };
    }
    match t {
        Terrain::Clear => "..",
        Terrain::Sea => "~~",
        Terrain::Coastline => "c.",
        Terrain::Farmland { starred: false } => "f.",
        Terrain::Farmland { starred: true } => "F*",
        Terrain::Woods => "WW",
        Terrain::KeepHill => "h.",
        Terrain::ManorEnclosure => "e.",
        Terrain::Building(b) => building_glyph(b),
    }
}

fn building_glyph(b: Building) -> &'static str {
    match b {
        Building::Keep => "KK",
        Building::Manor => "MM",
        Building::Church => "CH",
        Building::Monastery => "MO",
        Building::Stables => "ST",
        Building::Granary => "GR",
        Building::House { starred: false } => "B.",
        Building::House { starred: true } => "B*",
    }
}

fn terrain_name(h: Hex) -> &'static str {
    let d = data();
    let Some(t) = d.terrain(h) else {
        return "off the map";
    };
    if d.is_road(h) {
        return if t == Terrain::Coastline {
            "coastline road"
        } else {
            "road"
        };
    }
    match t {
        Terrain::Clear => "clear",
        Terrain::Sea => "sea",
        Terrain::Coastline => "coastline",
        Terrain::Farmland { starred: false } => "farmland",
        Terrain::Farmland { starred: true } => "starred farmland",
        Terrain::Woods => "woods",
        Terrain::KeepHill => "keep hill",
        Terrain::ManorEnclosure => "manor enclosure",
        Terrain::Building(b) => building_name(b),
    }
}

fn building_name(b: Building) -> &'static str {
    match b {
        Building::Keep => "keep",
        Building::Manor => "manor",
        Building::Church => "church",
        Building::Monastery => "monastery",
        Building::Stables => "stables",
        Building::Granary => "granary",
        Building::House { starred: false } => "house",
        Building::House { starred: true } => "starred house",
    }
}

// ---------------------------------------------------------------------------------------
// The lists under the map

fn status_lines(state: &FuryState) -> Vec<String> {
    let mut lines = Vec::new();
    lines.extend(pending_line(state));
    lines.extend(finish_line(state));
    lines.push("Occupied hexes:".to_string());
    lines.extend(occupied_lines(state));
    lines.extend(off_map_lines(state));
    lines.push(ships_line(state));
    lines.push(hex_set_line("Fired", state.fired.iter()));
    lines.push(hex_set_line("Sacked", state.sacked.iter()));
    lines
}

fn pending_line(state: &FuryState) -> Option<String> {
    if state.pending.is_empty() {
        return None;
    }
    let items: Vec<String> = state
        .pending
        .iter()
        .map(|p| pending_text(state, p))
        .collect();
    Some(format!("Pending: {}", items.join("; ")))
}

fn pending_text(state: &FuryState, p: &Pending) -> String {
    match *p {
        Pending::Retreat { unit } => format!("retreat {}", code_of(state, unit)),
        Pending::LeaderRoll { leader, result } => {
            format!("leader roll for {} ({result:?})", code_of(state, leader))
        }
        Pending::WrathRetreat { unit, from } => {
            format!("wrath retreat of {} from {from}", code_of(state, unit))
        }
    }
}

fn finish_line(state: &FuryState) -> Option<String> {
    let f = state.finish.as_ref()?;
    let winner = f.winner.map_or("nobody", side_name);
    Some(
        format!("Game over: {} wins. {} {}", winner, f.result, f.detail)
            .trim_end()
            .to_string(),
    )
}

/// A unit's code, or `#n?` for an id that names no unit.
fn code_of(state: &FuryState, id: UnitId) -> String {
    match state.units.get(id.0 as usize) {
        Some(u) => u.code(),
        None => format!("#{}?", id.0),
    }
}

/// Ids sorted for display: by kind (Vikings first), then number.
fn sorted(state: &FuryState, mut ids: Vec<UnitId>) -> Vec<UnitId> {
    ids.sort_by_key(|&id| (state.unit(id).kind, state.unit(id).ordinal, id));
    ids
}

fn occupied_lines(state: &FuryState) -> Vec<String> {
    let mut by_hex: BTreeMap<Hex, Vec<UnitId>> = BTreeMap::new();
    for id in state.ids() {
        if let Place::OnMap(h) = state.unit(id).place {
            by_hex.entry(h).or_default().push(id);
        }
    }
    if by_hex.is_empty() {
        return vec!["  none".to_string()];
    }
    by_hex
        .into_iter()
        .map(|(h, ids)| occupied_line(state, h, ids))
        .collect()
}

fn occupied_line(state: &FuryState, h: Hex, ids: Vec<UnitId>) -> String {
    let units: Vec<String> = sorted(state, ids)
        .into_iter()
        .map(|id| unit_token(state, id, true))
        .collect();
    format!("{} ({}): {}", h, hex_descriptor(state, h), units.join(" "))
}

/// Terrain name plus the markers on the hex.
fn hex_descriptor(state: &FuryState, h: Hex) -> String {
    let mut parts = vec![terrain_name(h).to_string()];
    for (i, ship) in state.ships.iter().enumerate() {
        if ship.hex == Some(h) {
            let wreck = if ship.destroyed { " wreck" } else { "" };
            parts.push(format!("ship {}{wreck}", i + 1));
        }
    }
    if state.fired.contains(h) {
        parts.push("fired".to_string());
    }
    if state.sacked.contains(h) {
        parts.push("sacked".to_string());
    }
    parts.join(", ")
}

/// `VI01`, with its flags `(moved,stunned)` if asked, and `[holding TR01 AN03]`.
fn unit_token(state: &FuryState, id: UnitId, with_flags: bool) -> String {
    let mut s = state.unit(id).code();
    let flags = if with_flags {
        unit_flags(state, id)
    } else {
        Vec::new()
    };
    if !flags.is_empty() {
        let _ = write!(s, "({})", flags.join(","));
    }
    let held: Vec<UnitId> = state.held_by(id).filter(|&h| h != id).collect();
    if !held.is_empty() {
        let codes: Vec<String> = sorted(state, held)
            .iter()
            .map(|&h| state.unit(h).code())
            .collect();
        let _ = write!(s, " [holding {}]", codes.join(" "));
    }
    s
}

fn unit_flags(state: &FuryState, id: UnitId) -> Vec<&'static str> {
    let u = state.unit(id);
    let flags = [
        (u.moved, "moved"),
        (u.attacked, "attacked"),
        (u.defended, "defended"),
        (u.engaged, "engaged"),
        (u.capture_tried, "capture-tried"),
        (state.is_stunned(id), "stunned"),
        (u.must_leave, "must-leave"),
        (u.wrath_used, "wrath-used"),
        (u.from_stables, "stables"),
        (u.preset, "preset"),
    ];
    flags.into_iter().filter(|f| f.0).map(|f| f.1).collect()
}

/// Units that are not on the map in their own right, by where they are.
fn off_map_lines(state: &FuryState) -> Vec<String> {
    let mut lines = Vec::new();
    let of = |pred: &dyn Fn(Place) -> bool| -> Vec<UnitId> {
        state
            .ids()
            .filter(|&id| pred(state.unit(id).place))
            .collect()
    };
    let unplaced = of(&|p| p == Place::Unplaced);
    if !unplaced.is_empty() {
        lines.push(unit_list_line(state, "Unplaced", unplaced));
    }
    lines.push(unit_list_line(
        state,
        "Aboard (not yet landed)",
        of(&|p| p == Place::Aboard),
    ));
    lines.extend(embarked_lines(state));
    lines.push(unit_list_line(
        state,
        "Eliminated",
        of(&|p| p == Place::Eliminated),
    ));
    lines.push(unit_list_line(state, "Lost", of(&|p| p == Place::Lost)));
    lines.extend(stray_held_line(state));
    lines
}

fn embarked_lines(state: &FuryState) -> Vec<String> {
    let mut by_ship: BTreeMap<u8, Vec<UnitId>> = BTreeMap::new();
    for id in state.ids() {
        if let Place::Embarked(ship) = state.unit(id).place {
            by_ship.entry(ship).or_default().push(id);
        }
    }
    if by_ship.is_empty() {
        return vec!["Embarked: none".to_string()];
    }
    by_ship
        .into_iter()
        .map(|(ship, ids)| {
            let missing = if (ship as usize) < state.ships.len() {
                ""
            } else {
                " (no such ship)"
            };
            unit_list_line(
                state,
                &format!("Embarked on ship {}{missing}", ship as usize + 1),
                ids,
            )
        })
        .collect()
}

/// Held units whose escort is itself held or is no unit: they show under no one.
fn stray_held_line(state: &FuryState) -> Option<String> {
    let strays: Vec<String> = state
        .ids()
        .filter_map(|id| match state.unit(id).place {
            Place::Held(escort) if !escort_is_listed(state, escort) => Some(format!(
                "{} (by {})",
                state.unit(id).code(),
                code_of(state, escort)
            )),
            _ => None,
        })
        .collect();
    (!strays.is_empty()).then(|| format!("Held out of sight: {}", strays.join(" ")))
}

/// Whether an escort is shown in some list (and so shows its held units).
fn escort_is_listed(state: &FuryState, escort: UnitId) -> bool {
    state
        .units
        .get(escort.0 as usize)
        .is_some_and(|u| !matches!(u.place, Place::Held(_)))
}

/// `Label: VI01-VI16 VC01 [holding TR01]`, or `Label: none`. Runs of consecutive numbers
/// of one kind that hold nothing are shortened to `VI01-VI16`.
fn unit_list_line(state: &FuryState, label: &str, ids: Vec<UnitId>) -> String {
    if ids.is_empty() {
        return format!("{label}: none");
    }
    let mut tokens: Vec<String> = Vec::new();
    let mut run: Option<(Kind, u8, u8)> = None;
    for id in sorted(state, ids) {
        let u = state.unit(id);
        let plain = state.held_by(id).next().is_none();
        match run {
            Some((k, first, last))
                if plain && k == u.kind && last.checked_add(1) == Some(u.ordinal) =>
            {
                run = Some((k, first, u.ordinal));
            }
            _ => {
                tokens.extend(run.take().map(run_text));
                if plain {
                    run = Some((u.kind, u.ordinal, u.ordinal));
                } else {
                    tokens.push(unit_token(state, id, false));
                }
            }
        }
    }
    tokens.extend(run.map(run_text));
    format!("{label}: {}", tokens.join(" "))
}

fn run_text((kind, first, last): (Kind, u8, u8)) -> String {
    match last - first {
        0 => format!("{}{first:02}", kind.code()),
        1 => format!("{c}{first:02} {c}{last:02}", c = kind.code()),
        _ => format!("{c}{first:02}-{c}{last:02}", c = kind.code()),
    }
}

fn ships_line(state: &FuryState) -> String {
    if state.ships.is_empty() {
        return "Ships: none".to_string();
    }
    let items: Vec<String> = state
        .ships
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let at = s
                .hex
                .map_or("not placed".to_string(), |h| format!("at {h}"));
            let fate = if s.destroyed { "destroyed" } else { "afloat" };
            format!(
                "{} {at}, {fate}, landed {}, re-embarked {}",
                i + 1,
                s.landed,
                s.embarked
            )
        })
        .collect();
    format!("Ships: {}", items.join("; "))
}

fn hex_set_line(label: &str, hexes: impl Iterator<Item = Hex>) -> String {
    let list: Vec<String> = hexes.map(|h| h.to_string()).collect();
    if list.is_empty() {
        format!("{label}: none")
    } else {
        format!("{label}: {}", list.join(" "))
    }
}

/// Appends a line, wrapped at spaces to `WRAP` columns with a four-space indent.
fn push_wrapped(out: &mut String, line: &str) {
    let mut current = String::new();
    for word in line.split(' ') {
        if !current.trim().is_empty() && current.len() + 1 + word.len() > WRAP {
            out.push_str(current.trim_end());
            out.push('\n');
            current = "   ".to_string();
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    out.push_str(current.trim_end());
    out.push('\n');
}

impl Presentation for super::Fury {
    fn render(view: &super::FuryView) -> String {
        render(&view.state)
    }
    fn render_screen(view: &super::FuryView) -> String {
        render_screen(&view.state)
    }
    fn board(view: &super::FuryView) -> crate::engine::scene::Board {
        super::scene::board(view)
    }
    fn action_words(
        state: &FuryState,
        seat: crate::engine::Seat,
        action: &super::FuryAction,
    ) -> Option<String> {
        let side = super::units::Side::of_seat(seat);
        Some(super::action_words::action_words(state, side, action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Chance;
    use crate::games::fury::options::FuryOptions;
    use crate::games::fury::state::{Finish, HexSet, Phase, Ship, Unit};

    fn hex(s: &str) -> Hex {
        data().grid.parse(s).expect("test hex")
    }

    fn empty_state() -> FuryState {
        FuryState {
            options: FuryOptions::default(),
            turn: 0,
            phase: Phase::VillagerSetup,
            lock_lifted: false,
            units: Vec::new(),
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

    fn add(state: &mut FuryState, kind: Kind, place: Place) -> UnitId {
        let ordinal = state.units.iter().filter(|u| u.kind == kind).count() as u8 + 1;
        state.units.push(Unit::new(kind, ordinal, place));
        UnitId(state.units.len() as u16 - 1)
    }

    /// The Basic Game as set up by 3.3 with the default Villager layout, the Ship at
    /// 0802 and every Viking aboard.
    fn basic_setup() -> FuryState {
        let d = data();
        let mut s = empty_state();
        s.turn = 1;
        s.phase = Phase::VikingMovement;
        let scenario = s.options.scenario();
        for (&kind, &n) in &scenario.viking {
            for _ in 0..n {
                add(&mut s, kind, Place::Aboard);
            }
        }
        for (key, hexes) in &d.fixed_setup {
            let kind = match key.as_str() {
                "stables_animals" => Kind::Animal,
                other => Kind::from_key(other).expect("setup kind"),
            };
            for &h in hexes {
                let id = add(&mut s, kind, Place::OnMap(h));
                s.unit_mut(id).preset = kind.is_treasure();
                s.unit_mut(id).from_stables = key == "stables_animals";
            }
        }
        for &h in &d.monastery_treasure.default {
            let id = add(&mut s, Kind::Treasure, Place::OnMap(h));
            s.unit_mut(id).preset = true;
        }
        for (&kind, &n) in &scenario.villager {
            let placed = s.units.iter().filter(|u| u.kind == kind).count();
            let free = d
                .free_setup
                .get(&kind)
                .map(|f| f.default.clone())
                .unwrap_or_default();
            for h in free.into_iter().take((n as usize).saturating_sub(placed)) {
                add(&mut s, kind, Place::OnMap(h));
            }
        }
        for h in d.grid.hexes() {
            match d.terrain(h) {
                Some(Terrain::Building(Building::House { starred: true })) => {
                    add(&mut s, Kind::Woman, Place::OnMap(h));
                }
                Some(Terrain::Farmland { starred: true }) => {
                    add(&mut s, Kind::Animal, Place::OnMap(h));
                }
                _ => {}
            }
        }
        s.ships.push(Ship {
            hex: Some(hex("0802")),
            destroyed: false,
            landed: 0,
            embarked: 0,
        });
        s
    }

    /// The setup a few turns on: some Vikings ashore, one holding loot, a Fire.
    fn mid_game() -> FuryState {
        let mut s = basic_setup();
        s.turn = 3;
        s.phase = Phase::VikingCombat;
        s.lock_lifted = true;
        let vi01 = s.find_code("VI01").expect("VI01");
        let vc01 = s.find_code("VC01").expect("VC01");
        s.unit_mut(vi01).place = Place::OnMap(hex("0803"));
        s.unit_mut(vi01).moved = true;
        s.unit_mut(vc01).place = Place::OnMap(hex("0803"));
        let tr = s.find_code("TR01").expect("TR01");
        s.unit_mut(tr).place = Place::Held(vi01);
        s.unit_mut(tr).preset = false;
        let an = s.find_code("AN03").expect("AN03");
        s.unit_mut(an).place = Place::Held(vi01);
        let vi02 = s.find_code("VI02").expect("VI02");
        s.unit_mut(vi02).place = Place::OnMap(hex("0909"));
        s.unit_mut(vi02).must_leave = true;
        s.fired.insert(hex("0909"));
        s.sacked.insert(hex("0909"));
        let vi03 = s.find_code("VI03").expect("VI03");
        s.unit_mut(vi03).place = Place::OnMap(hex("0802"));
        let va01 = s.find_code("VA01").expect("VA01");
        s.unit_mut(va01).place = Place::Eliminated;
        let vb01 = s.find_code("VB01").expect("VB01");
        s.unit_mut(vb01).place = Place::Embarked(0);
        let wo01 = s.find_code("WO01").expect("WO01");
        s.unit_mut(wo01).place = Place::Held(vb01);
        s.ships[0].landed = 4;
        s.ships[0].embarked = 1;
        s
    }

    /// The lines of the map proper (after the status line and the two column headers).
    fn map_lines(out: &str) -> Vec<&str> {
        out.lines().skip(3).take(44).collect()
    }

    #[test]
    fn fury_render_has_two_lines_per_row_and_headers() {
        let out = render(&basic_setup());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            "Basic Game | Turn 1 of 12, Viking movement (5.0) | lock in force (5.7)"
        );
        assert!(lines[1].starts_with("     01    03    05"), "{}", lines[1]);
        assert!(
            lines[2].starts_with("        02    04    06"),
            "{}",
            lines[2]
        );
        let map = map_lines(&out);
        assert_eq!(map.len(), 44);
        for (i, line) in map.iter().enumerate() {
            if i % 2 == 0 {
                assert!(line.starts_with(&format!("r{:02}  ", i / 2 + 1)), "{line}");
            } else {
                assert!(line.starts_with("        "), "{line}");
            }
        }
        assert!(lines[47].starts_with("Terrain: ~~ sea"), "{}", lines[47]);
        assert_eq!(
            out.lines()
                .filter(|l| l.starts_with('r') && l.as_bytes()[1].is_ascii_digit())
                .count(),
            22
        );
    }

    #[test]
    fn fury_render_shows_terrain_glyphs() {
        let out = render(&empty_state());
        let map = map_lines(&out);
        // 0101: row 1, odd column, first line, first cell.
        assert_eq!(&map[0][5..7], "~~");
        // 0802 is the coast road (row 2, even column 08, second line), at 5 + 7 * 3.
        assert_eq!(&map[3][26..28], "c=");
        // 0814 Church, 0211 Keep, 1320 Granary, 0905 starred farmland, 1501 woods.
        assert_eq!(&map[27][26..28], "CH");
        assert_eq!(&map[21][8..10], "KK");
        assert_eq!(&map[38][41..43], "GR");
        assert_eq!(&map[8][29..31], "F*");
        assert_eq!(&map[0][47..49], "WW");
        // The brief's drawing, glyph for glyph, on the row of the Keep spur.
        let glyphs: Vec<&str> = map[18].split_whitespace().collect();
        assert_eq!(
            glyphs,
            ["r10", "..", "..", "..", "==", "..", "..", "f.", "F*", "..", ".."]
        );
        let glyphs: Vec<&str> = map[19].split_whitespace().collect();
        assert_eq!(
            glyphs,
            ["h.", "..", "==", "==", "..", "..", "f.", "..", "..", ".."]
        );
    }

    /// The drawing of the brief (GAP-01, "Staggered rendering"), which spaces its cells
    /// more tightly: the glyphs must be the same, line for line.
    const BRIEF_MAP: [&str; 46] = [
        "     01    03    05    07    09    11    13    15    17    19",
        "        02    04    06    08    10    12    14    16    18    20",
        "r01  ~~    ~~    ~~    ~~    c.    ..    ..    WW    WW    WW",
        "        ~~    ~~    ~~    ~~    ..    ..    ..    WW    WW    WW",
        "r02  ~~    ~~    ~~    c.    c.    ..    ..    WW    WW    WW",
        "        ~~    ~~    ~~    c=    ..    ..    ..    WW    WW    WW",
        "r03  ~~    ~~    c.    c.    ..    ..    ..    WW    WW    WW",
        "        ~~    ~~    c.    ==    ..    ..    ..    WW    WW    WW",
        "r04  ~~    ~~    c.    ..    ..    ..    ..    WW    WW    WW",
        "        ~~    c.    ..    ==    ..    ..    ..    WW    WW    WW",
        "r05  ~~    c.    ..    ..    F*    f.    ..    WW    WW    WW",
        "        ~~    ..    ..    ==    f.    ..    ..    WW    WW    WW",
        "r06  ~~    c.    ..    ..    f.    f.    ..    WW    WW    WW",
        "        c.    e.    ..    ==    F*    ..    ..    WW    WW    WW",
        "r07  c.    e.    e.    ==    ..    F*    ..    ..    WW    WW",
        "        ..    MM    ==    ==    f.    ..    ..    ..    WW    WW",
        "r08  ..    e.    e.    ..    ..    ..    f.    ..    ..    WW",
        "        ..    e.    ..    ==    ..    F*    f.    ..    ..    WW",
        "r09  ..    ..    ..    ..    B.    ..    F*    f.    ..    ..",
        "        ..    ..    B.    ==    ..    f.    F*    ..    ..    ..",
        "r10  ..    ..    ..    ==    ..    ..    f.    F*    ..    ..",
        "        h.    ..    ==    ==    ..    ..    f.    ..    ..    ..",
        "r11  h.    h.    ==    B*    ..    B*    ..    ..    ..    ..",
        "        KK    h.    ..    ==    ..    B.    ..    ..    ..    ..",
        "r12  h.    KK    ..    ..    ==    ==    ..    ..    ..    ..",
        "        KK    h.    ..    ==    ==    ..    ..    ..    ..    ..",
        "r13  h.    h.    ..    B*    B*    ==    ==    ..    ..    ..",
        "        h.    ..    ..    ..    B*    ==    ..    ..    ..    ..",
        "r14  ..    ..    ..    ..    ..    ..    ==    ..    ..    WW",
        "        ..    ..    ..    CH    B*    ..    ==    ..    ..    WW",
        "r15  ..    ..    ..    B*    B*    ..    ..    ==    ..    WW",
        "        ..    ..    ..    ..    ..    B*    ==    ..    ..    WW",
        "r16  WW    ..    ..    ..    ..    ..    B.    ==    MO    ..",
        "        ..    ..    ..    B*    ..    ..    ..    ==    MO    WW",
        "r17  WW    ..    ..    ..    ..    ..    ..    ==    MO    ..",
        "        WW    ..    ..    ..    f.    ..    ==    ..    ..    ..",
        "r18  WW    WW    ..    ..    F*    f.    ..    ST    ..    ..",
        "        WW    ..    ..    ..    f.    f.    ==    f.    ..    ..",
        "r19  WW    WW    ..    ..    f.    F*    ..    ..    f.    ..",
        "        WW    WW    ..    ..    F*    F*    ==    F*    f.    ..",
        "r20  WW    WW    WW    ..    ..    f.    GR    ..    F*    ..",
        "        WW    WW    ..    ..    ..    ..    ..    f.    f.    ..",
        "r21  WW    WW    WW    ..    ..    ..    ..    ..    ..    ..",
        "        WW    WW    WW    ..    ..    ..    ..    ..    ..    ..",
        "r22  WW    WW    WW    ..    ..    ..    ..    ..    ..    ..",
        "        WW    WW    WW    ..    ..    ..    ..    ..    ..    ..",
    ];

    #[test]
    fn fury_render_map_matches_the_brief() {
        let out = render(&empty_state());
        let ours: Vec<&str> = out.lines().skip(1).take(46).collect();
        assert_eq!(ours.len(), BRIEF_MAP.len());
        for (a, b) in ours.iter().zip(BRIEF_MAP) {
            let a: Vec<&str> = a.split_whitespace().collect();
            let b: Vec<&str> = b.split_whitespace().collect();
            assert_eq!(a, b);
        }
    }

    #[test]
    fn fury_render_puts_a_viking_in_its_cell() {
        let mut s = empty_state();
        add(&mut s, Kind::Infantry, Place::OnMap(hex("0803")));
        add(&mut s, Kind::Militia, Place::OnMap(hex("0711")));
        add(&mut s, Kind::Militia, Place::OnMap(hex("0711")));
        let out = render(&s);
        let map = map_lines(&out);
        // 0803: row 3, even column: second line of row 3; column 8 at 5 + 7 * 3 = 26.
        assert_eq!(&map[5][26..30], "==V1");
        assert_eq!(map[5].matches("V1").count(), 1);
        assert!(!map[4].contains("V1"));
        // 0711: row 11, odd column: first line of row 11, at 5 + 6 * 3 = 23.
        assert_eq!(&map[20][23..27], "B*v2");
        assert!(out.contains("\n0803 (road): VI01\n"), "{out}");
        assert!(out.contains("\n0711 (starred house): MI01 MI02\n"), "{out}");
    }

    #[test]
    fn fury_render_lists_held_treasure_and_flags() {
        let s = mid_game();
        let out = render(&s);
        assert!(
            out.contains("\n0803 (road): VI01(moved) [holding AN03 TR01] VC01\n"),
            "{out}"
        );
        assert!(
            out.contains("\n0909 (house, fired, sacked): VI02(must-leave)\n"),
            "{out}"
        );
        assert!(
            out.contains("\n0802 (coastline road, ship 1): VI03\n"),
            "{out}"
        );
        assert!(
            out.contains("\nEmbarked on ship 1: VB01 [holding WO01]\n"),
            "{out}"
        );
        assert!(out.contains("\nEliminated: VA01\n"), "{out}");
        assert!(
            out.contains("\nAboard (not yet landed): VI04-VI16 VA02-VA05 VB02 VC02\n"),
            "{out}"
        );
        assert!(
            out.contains("\nShips: 1 at 0802, afloat, landed 4, re-embarked 1\n"),
            "{out}"
        );
        assert!(out.contains("\nFired: 0909\nSacked: 0909\n"), "{out}");
        assert!(out
            .lines()
            .next()
            .unwrap_or("")
            .ends_with("| lock lifted (5.7)"));
        let map = map_lines(&out);
        assert_eq!(&map[5][26..31], "==V2+");
        assert_eq!(&map[3][26..30], "SHV1");
        assert_eq!(&map[16][29..33], "##V1");
    }

    #[test]
    fn fury_render_is_plain_and_fits_the_terminal() {
        for s in [empty_state(), basic_setup(), mid_game()] {
            let out = render(&s);
            for line in out.lines() {
                assert!(line.len() <= 80, "too long: {line}");
                assert!(line.bytes().all(|b| (b' '..=b'~').contains(&b)), "{line}");
            }
        }
    }

    /// Before each decision the terminal shows the screen version: with the last
    /// events (two lines) and the prompt it must fit an 80x50 terminal.
    #[test]
    fn fury_render_screen_fits_80_by_47() {
        for s in [empty_state(), basic_setup(), mid_game()] {
            let out = render_screen(&s);
            assert!(
                out.lines().count() <= 47,
                "{} rows:\n{out}",
                out.lines().count()
            );
            for line in out.lines() {
                assert!(line.len() <= 80, "too long: {line}");
            }
            assert!(out.contains("Ships: "), "{out}");
            assert!(!out.contains("Occupied hexes"), "{out}");
        }
    }

    #[test]
    fn fury_render_survives_broken_states() {
        let mut s = mid_game();
        let vi05 = s.find_code("VI05").expect("VI05");
        let ab = s.find_code("AB01").expect("AB01");
        let tr = s.find_code("TR02").expect("TR02");
        let wo = s.find_code("WO02").expect("WO02");
        let an = s.find_code("AN05").expect("AN05");
        s.unit_mut(vi05).place = Place::Eliminated;
        s.unit_mut(tr).place = Place::Held(vi05);
        s.unit_mut(ab).place = Place::Held(UnitId(999));
        s.unit_mut(wo).place = Place::Held(wo);
        s.unit_mut(an).place = Place::OnMap(Hex::new(40, -3));
        s.units
            .push(Unit::new(Kind::Militia, 99, Place::Embarked(7)));
        s.units
            .push(Unit::new(Kind::Infantry, 77, Place::OnMap(hex("0101"))));
        s.units
            .push(Unit::new(Kind::Monk, 250, Place::OnMap(hex("0101"))));
        for _ in 0..12 {
            add(&mut s, Kind::Militia, Place::OnMap(hex("1010")));
        }
        s.ships.push(Ship {
            hex: None,
            destroyed: true,
            landed: 255,
            embarked: 255,
        });
        s.pending.push(Pending::Retreat { unit: UnitId(4000) });
        s.finish = Some(Finish {
            winner: None,
            result: "draw".into(),
            detail: String::new(),
        });
        s.turn = 200;
        s.phase = Phase::Over;
        let out = render(&s);
        assert!(
            out.contains("\nEliminated: VI05 [holding TR02] VA01\n"),
            "{out}"
        );
        assert!(
            out.contains("Held out of sight: AB01 (by #999?) WO02 (by WO02)"),
            "{out}"
        );
        assert!(out.contains("\n40-3 (off the map): AN05\n"), "{out}");
        assert!(
            out.contains("Embarked on ship 8 (no such ship): MI99"),
            "{out}"
        );
        assert!(out.contains("Pending: retreat #4000?"), "{out}");
        assert!(out.contains("Game over: nobody wins. draw"), "{out}");
        assert!(out.contains("..v*"), "{out}");
        assert!(out.contains("~~V1v1"), "{out}");
    }

    #[test]
    fn fury_render_writes_a_sample() {
        let mut text = render(&basic_setup());
        text.push_str("\n----------------------------------------------------------------\n\n");
        text.push_str(&render(&mid_game()));
        std::fs::write("/tmp/fury_render_sample.txt", &text).expect("write sample");
        assert!(text.contains("\n0814 (church): "));
    }
}
