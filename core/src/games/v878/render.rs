//! A plain-text summary of an 878 game for the seats of a view: the Round and turn
//! order, the phase and Movement card, the Victory Track, the shires of each kingdom
//! with what stands in them, the Leaders, the factions' stockpiles and hands, the
//! battle being fought and the decision due. No colours or control characters, so it
//! can be piped or logged.
//!
//! It reads only the view: hands the seats may not see are hidden there already (their
//! cards are `UNKNOWN`), and this drawing never prints a card number for a hand it is
//! not shown, whatever the view holds.

use super::data::{data, CardKind, Faction, Invade, Kingdom, Side, Victory};
use super::notation::leader_name;
use super::state::{
    Battle, Card, Leader, LeaderPlace, Pending, Purpose, Stage, V878State, UNKNOWN,
};
use super::view::{sees_hand, V878View};
use crate::board::area::AreaId;
use crate::engine::Presentation;
use std::fmt::Write;

/// Lines longer than this are wrapped.
const WRAP: usize = 100;

/// Unit kinds, short: Housecarl, Thegn, Norsemen, Berserker, Fyrd (the `Troops` order).
const SHORT: [&str; 5] = ["Housecarl", "Thegn", "Norsemen", "Berserker", "Fyrd"];

/// The whole summary, ending with a newline.
pub fn render(view: &V878View) -> String {
    let st = &view.state;
    let mut lines: Vec<String> = Vec::new();
    lines.push(header(view));
    lines.push(turn_line(st));
    lines.push(budget_line(st));
    if let Some(l) = effects_line(st) {
        lines.push(l);
    }
    lines.extend(victory_lines(st));
    if let Some(l) = finish_line(st) {
        lines.push(l);
    }
    lines.extend(decision_lines(st));
    lines.extend(battle_lines(st));
    lines.push(String::new());
    lines.extend(map_lines(st));
    lines.push(String::new());
    lines.extend(leader_lines(st));
    lines.push(String::new());
    lines.extend(faction_lines(view));
    lines.extend(deck_lines(st));
    let mut out = String::new();
    for l in lines {
        push_wrapped(&mut out, &l);
    }
    out
}

// ---------------------------------------------------------------------------------------
// Names

pub(super) fn roman(n: u8) -> String {
    match n {
        1 => "I".into(),
        2 => "II".into(),
        3 => "III".into(),
        4 => "IV".into(),
        5 => "V".into(),
        6 => "VI".into(),
        7 => "VII".into(),
        n => n.to_string(),
    }
}

/// A shire as `EURUIC (York)`; an id the map does not have as `shire ?N`.
fn shire_name(id: AreaId) -> String {
    match data().shire(id) {
        Some(s) => format!("{} ({})", s.name, s.modern),
        None => format!("shire ?{}", id.0),
    }
}

/// A shire by its notation id and modern name: `euruic (York)`.
fn shire_full(id: AreaId) -> String {
    match data().shire(id) {
        Some(s) => format!("{} ({})", s.id, s.modern),
        None => format!("shire ?{}", id.0),
    }
}

pub(super) fn leader_title(card: u8) -> String {
    if card == 0 {
        return "Alfred the Great".to_string();
    }
    match data().invasion_card(card) {
        Some(c) => c.leader.clone().unwrap_or_else(|| c.title.clone()),
        None => format!("Leader {card}"),
    }
}

fn leader_at(st: &V878State, index: u8) -> String {
    match st.leaders.get(index as usize) {
        Some(l) => format!("{} ({})", leader_title(l.card), leader_name(l.card)),
        None => format!("Leader ?{index}"),
    }
}

fn troops_text(t: &[u8]) -> String {
    let v: Vec<String> = SHORT
        .iter()
        .zip(t.iter())
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    v.join(", ")
}

fn card_num(c: Card) -> String {
    if c == UNKNOWN {
        "??".to_string()
    } else {
        format!("{c:02}")
    }
}

/// A card the viewer may see, with what it does: `04 (Movement 1x4)`, `11 (Danegeld)`.
pub(super) fn card_described(f: Faction, c: Card) -> String {
    if c == UNKNOWN {
        return "??".to_string();
    }
    let what = match data().card(f, c).map(|k| k.kind) {
        Some(CardKind::Treaty { armies, shires }) => format!("Treaty {armies}x{shires}"),
        Some(CardKind::Movement { armies, shires }) => format!("Movement {armies}x{shires}"),
        Some(CardKind::Event { event, .. }) => data().event_info(event).name.clone(),
        None => "unknown card".to_string(),
    };
    format!("{c:02} ({what})")
}

pub(super) fn plural(n: impl Into<u32>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

// ---------------------------------------------------------------------------------------
// Status

fn header(view: &V878View) -> String {
    let st = &view.state;
    let d = data();
    let scenario = d.scenarios().get(st.options.scenario as usize);
    let name = scenario.map_or("unknown scenario", |s| s.name.as_str());
    let rounds = scenario.map_or(7, |s| s.rounds);
    let seats: Vec<&str> = view
        .seats
        .iter()
        .map(|s| Faction::ALL.get(s.0 as usize).map_or("?", |f| f.name()))
        .collect();
    format!(
        "878 Vikings: {name} | Round {} of {} | seen by {}",
        roman(st.round),
        roman(rounds),
        if seats.is_empty() {
            "nobody (public view)".to_string()
        } else {
            seats.join(", ")
        }
    )
}

fn turn_line(st: &V878State) -> String {
    let order: Vec<&str> = st.order.iter().map(|f| f.name()).collect();
    let active = match st.active() {
        Some(f) => format!("the {} ({})", f.name(), f.side().name()),
        None => "nobody".to_string(),
    };
    format!(
        "Turn {} of 4: {active} | order so far: {} | phase {}",
        st.order.len(),
        if order.is_empty() {
            "none".to_string()
        } else {
            order.join(", ")
        },
        st.phase.name()
    )
}

fn budget_line(st: &V878State) -> String {
    match st.budget {
        None => "Movement card: none played".to_string(),
        Some(b) => format!(
            "Movement card {}: {} left, up to {} each",
            card_num(b.card),
            plural(b.armies_left, "army", "armies"),
            plural(b.shires, "shire", "shires")
        ),
    }
}

pub(super) fn effects_line(st: &V878State) -> Option<String> {
    let e = &st.effects;
    let mut parts: Vec<String> = Vec::new();
    if e.shield_wall {
        parts.push("Shield Wall".into());
    }
    if e.danegeld {
        parts.push("Danegeld".into());
    }
    if e.viking_ships {
        parts.push("Viking Ships (unused)".into());
    }
    if let Some(shire) = e.rebellion {
        parts.push(format!("Rebellion raised in {}", shire_name(shire)));
    }
    if let Some(f) = e.forced_march {
        parts.push(format!("Forced March of the {} (unused)", f.name()));
    }
    let blocked: Vec<String> = data()
        .ids()
        .filter(|s| e.is_blocked(*s))
        .map(shire_name)
        .collect();
    if !blocked.is_empty() {
        parts.push(format!("Saxon Navy closes {}", blocked.join(", ")));
    }
    if parts.is_empty() {
        None
    } else {
        Some(format!("In force this Turn: {}", parts.join("; ")))
    }
}

fn victory_lines(st: &V878State) -> Vec<String> {
    let d = data();
    let on_map = st.markers_on_map();
    let mut first = format!(
        "Victory Track: {on_map} of {} Viking Control Markers on the map",
        st.markers
    );
    if let Some(s) = d.scenarios().get(st.options.scenario as usize) {
        match s.victory {
            Victory::Standard {
                conquest_markers,
                treaty_markers,
                treaty_from_round,
            } => {
                let _ = write!(
                    first,
                    " (Viking conquest at {conquest_markers}; after a Treaty from Round {} or \
                     at the end, {treaty_markers} win for the Vikings; none: English victory)",
                    roman(treaty_from_round)
                );
            }
            Victory::Plunder { markers } => {
                let _ = write!(first, " (the Vikings must pull {markers})");
            }
            Victory::Gambit { markers_at_end } => {
                let _ = write!(first, " ({markers_at_end} on the map after the last Round)");
            }
        }
    }
    if st.plundered > 0 {
        let _ = write!(first, "; {} pulled from the track by raids", st.plundered);
    }
    let held: Vec<String> = st
        .marked
        .iter()
        .enumerate()
        .filter(|(_, m)| **m)
        .map(|(i, _)| shire_name(AreaId(i as u16)))
        .collect();
    vec![
        first,
        format!(
            "Viking-held cities: {}",
            if held.is_empty() {
                "none".to_string()
            } else {
                held.join(", ")
            }
        ),
    ]
}

pub(super) fn finish_line(st: &V878State) -> Option<String> {
    st.finish.as_ref().map(|f| {
        format!(
            "GAME OVER: {} ({} win): {}",
            f.result,
            f.winner.name(),
            f.detail
        )
    })
}

fn purpose_text(p: Purpose) -> &'static str {
    match p {
        Purpose::Extra => "additional set-up units (Setup 4)",
        Purpose::Fled => "fled units coming back (2.3)",
        Purpose::Short => "reinforcements from a short stockpile (2.1)",
        Purpose::Invaders => "Viking Reinforcements of Invasion card 04 (2.0)",
        Purpose::Income => "Viking income (Alfred's Gambit)",
    }
}

fn pending_text(p: &Pending) -> String {
    match *p {
        Pending::Place {
            kind,
            left,
            purpose,
            ..
        } => format!(
            "place {} {} units: {}",
            left,
            kind.name(),
            purpose_text(purpose)
        ),
        Pending::PlaceAlfred { .. } => {
            "place Alfred the Great in an English-held Reinforcement City (2.2)".to_string()
        }
        Pending::Fyrd { .. } => "call the Fyrd for this battle, or not (4.7)".to_string(),
        Pending::ChooseDeck { left, .. } => format!(
            "pick {} more for the Draw Deck (Advanced Setup)",
            plural(left, "Event card", "Event cards")
        ),
        Pending::Window { .. } => "play a battle Event, or pass (8.0)".to_string(),
        Pending::Danegeld { .. } => "pay the Danegeld: 1 Berserker or up to 2 Norsemen".to_string(),
        Pending::Blocks { left, .. } => format!(
            "Saxon Navy: close up to {} more",
            plural(left, "coastal shire", "coastal shires")
        ),
        Pending::Spy { .. } => {
            "Spy: may move one army with a Thegn up to 2 shires into the battle".to_string()
        }
        Pending::Rebellion { shire, .. } => format!(
            "Rebellion in {}: choose the Viking unit lost there",
            shire_name(shire)
        ),
        Pending::Hits {
            hits,
            berserker_first,
            ..
        } => format!(
            "take {} (4.2){}",
            plural(hits, "Hit", "Hits"),
            if berserker_first {
                ", Berserker first (4.5)"
            } else {
                ""
            }
        ),
        Pending::LeaderRetreat {
            hits,
            berserker_first,
            ..
        } => format!(
            "retreat the Leader with his card, or stay and take {}{}",
            plural(hits, "Hit", "Hits"),
            if berserker_first {
                ", Berserker first"
            } else {
                ""
            }
        ),
        Pending::Flee { left, .. } => {
            format!("send {} to Fled Units (4.3)", plural(left, "unit", "units"))
        }
        Pending::Command { left, .. } => format!(
            "may move {} to adjacent friendly shires (4.4)",
            plural(left, "unit", "units")
        ),
    }
}

pub(super) fn decision_lines(st: &V878State) -> Vec<String> {
    if st.finish.is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    match st.pending.first() {
        Some(p) => {
            out.push(format!(
                "To decide: the {}: {}",
                p.faction().name(),
                pending_text(p)
            ));
            for p in st.pending.iter().skip(1) {
                out.push(format!(
                    "  then the {}: {}",
                    p.faction().name(),
                    pending_text(p)
                ));
            }
        }
        None => match st.active() {
            Some(f) => out.push(format!(
                "To decide: the {}: their {} phase",
                f.name(),
                st.phase.name()
            )),
            None => out.push("To decide: nobody".to_string()),
        },
    }
    out
}

fn stage_text(s: Stage) -> &'static str {
    match s {
        Stage::Windows => "Events may be played",
        Stage::Fyrd => "the Fyrd may be called",
        Stage::Danegeld => "Danegeld",
        Stage::Extras => "extra rolls",
        Stage::Exchange => "exchange of rolls",
    }
}

pub(super) fn battle_lines(st: &V878State) -> Vec<String> {
    let Some(b) = &st.battle else {
        return Vec::new();
    };
    let Battle {
        shire,
        attacker,
        roller,
        leader,
        stage,
        played,
        extras,
        fort,
        burh,
        saxon_shield,
        shield_wall_used,
        ..
    } = *b;
    let mut out = vec![format!(
        "Battle in {}: the {} attack; {}; the {} roll next",
        shire_name(shire),
        attacker.name(),
        stage_text(stage),
        roller.name()
    )];
    let mut sides = Vec::new();
    for side in Side::ALL {
        let mut t = [0u8; 5];
        for f in side.factions() {
            t[f as usize] = if data().shire(shire).is_some() {
                st.present(shire, f)
            } else {
                0
            };
        }
        if side == Side::English {
            t[4] = st.map.get(shire.0 as usize).map_or(0, |m| m[4]);
        }
        let text = troops_text(&t);
        sides.push(format!(
            "{}: {}",
            side.name(),
            if text.is_empty() { "none".into() } else { text }
        ));
    }
    out.push(format!("  {}", sides.join(" | ")));
    let mut notes: Vec<String> = Vec::new();
    if let Some(i) = leader {
        notes.push(format!("{} moved in", leader_at(st, i)));
    }
    let events: Vec<String> = super::data::Event::ALL
        .iter()
        .filter(|e| (**e as u32) < 32 && played & (1 << (**e as u32)) != 0)
        .map(|e| data().event_info(*e).name.clone())
        .collect();
    if !events.is_empty() {
        notes.push(format!("Events played: {}", events.join(", ")));
    }
    if extras != 0 {
        notes.push(format!(
            "{} to come",
            plural(extras.count_ones(), "extra roll", "extra rolls")
        ));
    }
    for (on, text) in [
        (fort, "Viking Fort"),
        (burh, "Burh"),
        (saxon_shield, "Saxon Shield Wall"),
        (shield_wall_used, "Shield Wall used"),
    ] {
        if on {
            notes.push(text.to_string());
        }
    }
    if !notes.is_empty() {
        out.push(format!("  {}", notes.join("; ")));
    }
    out
}

// ---------------------------------------------------------------------------------------
// The map, kingdom by kingdom

fn map_lines(st: &V878State) -> Vec<String> {
    let d = data();
    let mut out = vec![
        "Shires with units, Leaders or markers ([C] city, [R] reinforcement city, [M] marsh, \
         [V] Viking Control Marker)"
            .to_string(),
    ];
    for k in Kingdom::ALL {
        let naming = d.kingdom_naming(k);
        let mut rows = Vec::new();
        for &id in d.shires_of(k) {
            if let Some(row) = shire_row(st, id) {
                rows.push(row);
            }
        }
        out.push(format!(
            "{} ({}){}",
            naming.modern,
            naming.name,
            if rows.is_empty() { ": empty" } else { "" }
        ));
        out.extend(rows);
    }
    out
}

fn shire_row(st: &V878State, id: AreaId) -> Option<String> {
    let d = data();
    let troops = st.map.get(id.0 as usize).copied().unwrap_or([0; 5]);
    let marked = st.marked.get(id.0 as usize).copied().unwrap_or(false);
    let leaders: Vec<String> = st
        .leaders
        .iter()
        .filter(|l| l.shire() == Some(id))
        .map(|l| format!("{} ({})", leader_title(l.card), leader_name(l.card)))
        .collect();
    if troops.iter().all(|n| *n == 0) && leaders.is_empty() && !marked {
        return None;
    }
    let mut tags = String::new();
    if d.is_city(id) {
        tags.push_str("[C]");
    }
    if d.is_reinforcement_city(id) {
        tags.push_str("[R]");
    }
    if d.is_marsh(id) {
        tags.push_str("[M]");
    }
    if marked {
        tags.push_str("[V]");
    }
    let english = troops_text(&[troops[0], troops[1], 0, 0, troops[4]]);
    let vikings = troops_text(&[0, 0, troops[2], troops[3], 0]);
    let mut parts = Vec::new();
    if !english.is_empty() {
        parts.push(english);
    }
    if !vikings.is_empty() {
        parts.push(vikings);
    }
    if !leaders.is_empty() {
        parts.push(format!("Leader {}", leaders.join(", ")));
    }
    let moved = st.moved.get(id.0 as usize).copied().unwrap_or([0; 5]);
    let moved_text = troops_text(&moved);
    if !moved_text.is_empty() {
        parts.push(format!("moved this Turn: {moved_text}"));
    }
    let width = d
        .ids()
        .map(|s| shire_full(s).chars().count())
        .max()
        .unwrap_or(0);
    let name = shire_full(id);
    let pad = width.saturating_sub(name.chars().count());
    Some(format!(
        "  {name}{} {tags:<9} {}",
        " ".repeat(pad),
        parts.join(" | ")
    ))
}

// ---------------------------------------------------------------------------------------
// Leaders, factions, decks

fn leader_place(l: &Leader) -> String {
    match l.place {
        LeaderPlace::Waiting => {
            if l.card == 0 {
                "not yet arrived".to_string()
            } else {
                "not yet drawn".to_string()
            }
        }
        LeaderPlace::OffMap => {
            let from = match data().invasion_card(l.card).map(|c| c.invade) {
                Some(Invade::Sea(sea)) => {
                    format!(", lands from the {}", data().sea_naming(sea).modern)
                }
                Some(Invade::AnyCoast) => ", lands on any coast".to_string(),
                _ => String::new(),
            };
            format!("off the map{from}")
        }
        LeaderPlace::OnMap(s) => format!("at {}", shire_name(s)),
        LeaderPlace::Defeated => "defeated".to_string(),
    }
}

fn leader_lines(st: &V878State) -> Vec<String> {
    let mut out = vec!["Leaders".to_string()];
    for l in &st.leaders {
        // The leaderless Viking Reinforcements card is a Leader only in name.
        if l.card != 0
            && data()
                .invasion_card(l.card)
                .is_some_and(|c| c.invade == Invade::Reinforcements)
            && l.place == LeaderPlace::Waiting
            && l.troops.iter().all(|n| *n == 0)
        {
            continue;
        }
        let mut line = format!(
            "  {:<7} {}: {}",
            leader_name(l.card),
            leader_title(l.card),
            leader_place(l)
        );
        let troops = troops_text(&l.troops);
        if !troops.is_empty() {
            let _ = write!(line, "; card holds {troops}");
        }
        if l.moving {
            let _ = write!(
                line,
                "; moving, {} left",
                plural(l.moves_left, "move", "moves")
            );
        }
        if l.done {
            line.push_str("; done for this Turn");
        }
        out.push(line);
    }
    if st.leaders.is_empty() {
        out.push("  none".to_string());
    }
    out
}

fn faction_lines(view: &V878View) -> Vec<String> {
    let st = &view.state;
    let mut out = vec!["Factions".to_string()];
    for f in Faction::ALL {
        let Some(fs) = st.factions.get(f as usize) else {
            continue;
        };
        let shown = sees_hand(st, &view.seats, f);
        let hand = if fs.hand.is_empty() {
            "no cards".to_string()
        } else if shown {
            let cards: Vec<String> = fs.hand.iter().map(|c| card_described(f, *c)).collect();
            format!(
                "{}: {}",
                plural(fs.hand.len() as u32, "card", "cards"),
                cards.join(", ")
            )
        } else {
            format!("{} (hidden)", plural(fs.hand.len() as u32, "card", "cards"))
        };
        let discard: Vec<String> = fs.discard.iter().map(|c| card_num(*c)).collect();
        out.push(format!(
            "  {:<9} ({}, {}): hand {hand} | deck {} | discard {} | stockpile {} | fled {}{}",
            f.name(),
            f.side().name(),
            f.colour(),
            fs.deck.len(),
            if discard.is_empty() {
                "none".to_string()
            } else {
                discard.join(" ")
            },
            fs.stock,
            fs.fled,
            if fs.treaty_played {
                " | Treaty of Wedmore played"
            } else {
                ""
            }
        ));
    }
    out
}

fn deck_lines(st: &V878State) -> Vec<String> {
    let drawn: Vec<String> = st
        .invasion_drawn
        .iter()
        .map(|c| match data().invasion_card(*c) {
            Some(info) => format!("{} {}", card_num(*c), info.title),
            None => card_num(*c),
        })
        .collect();
    let discard: Vec<String> = st.fyrd_discard.iter().map(|c| card_num(*c)).collect();
    let mut out = Vec::new();
    let raiders = troops_text(&st.raiders);
    if !raiders.is_empty() {
        out.push(format!("Raid army waiting off the map: {raiders}"));
    }
    out.extend([
        format!(
            "Invasion deck: {} left; drawn: {}",
            plural(st.invasion.len() as u32, "card", "cards"),
            if drawn.is_empty() {
                "none".to_string()
            } else {
                drawn.join(", ")
            }
        ),
        format!(
            "Fyrd: {} in the deck, discards {}, {} Fyrd units in stock",
            st.fyrd_deck.len(),
            if discard.is_empty() {
                "none".to_string()
            } else {
                discard.join(" ")
            },
            st.fyrd_stock
        ),
    ]);
    out
}

/// Appends a line, wrapped at spaces to `WRAP` characters (continuations indented).
fn push_wrapped(out: &mut String, line: &str) {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let mut current = line[..indent].to_string();
    let mut fresh = true;
    for word in line[indent..].split(' ') {
        let len = current.chars().count();
        if !fresh && len + 1 + word.chars().count() > WRAP {
            out.push_str(current.trim_end());
            out.push('\n');
            current = " ".repeat(indent + 4);
            current.push_str(word);
        } else {
            if !fresh {
                current.push(' ');
            }
            current.push_str(word);
            fresh = false;
        }
    }
    out.push_str(current.trim_end());
    out.push('\n');
}

impl Presentation for super::V878 {
    fn render(view: &super::V878View) -> String {
        render(view)
    }
    fn render_screen(view: &super::V878View) -> String {
        super::screen::render_screen(view)
    }
    fn board(view: &super::V878View) -> crate::engine::scene::Board {
        super::scene::board(view)
    }
    fn action_words(
        state: &V878State,
        seat: crate::engine::Seat,
        action: &super::actions::V878Action,
    ) -> Option<String> {
        Some(super::action_words::action_words(state, seat, action))
    }
}

#[cfg(test)]
mod tests {
    use super::super::notation::parse_position;
    use super::super::V878;
    use super::*;
    use crate::engine::{Chance, Game, Seat, Turn};

    const MID_BATTLE: &str = "
        v878 position
        scenario standard
        round 3
        order thegn norsemen
        phase battles
        budget card=03 armies=0 shires=3
        effects shield-wall blocked=cantuarabyrg rebellion=lundenwic
        faction housecarl hand=04,13,17 deck=02,03 discard=05 stock=9
        faction thegn hand=06,12 deck=01 discard=07 stock=18 fled=2
        faction norsemen hand=08,11,02 deck=05,06 discard=04 stock=0 fled=1
        faction berserker hand=03,10,14 deck=07 discard=09 treaty=played
        leader alfred uintancaestir housecarl=3 thegn=2
        leader L01 euruic norsemen=6 berserker=3 moves=1 moving
        leader L02 off-map norsemen=14 berserker=6
        leader L03 defeated
        leader L04 waiting
        invasion deck=05,06 drawn=02,03
        fyrd deck=01,02 discard=13 stock=4
        markers total=17 on=dunholm,carleol
        battle euruic attacker=viking roller=english stage=exchange leader=L01 played=shield_wall attacker-rolled fort
        pending hits thegn 2 berserker-first ; command norsemen 1
        troops dunholm norsemen=4
        troops carleol berserker=1
        troops euruic housecarl=1 thegn=2 fyrd=3
        troops north_riding norsemen=2 berserker=1
        troops fens thegn=1
        moved north_riding norsemen=2
    ";

    fn mid_battle() -> V878State {
        parse_position(MID_BATTLE, 0).unwrap_or_else(|e| panic!("{e}"))
    }

    fn seat(f: Faction) -> Seat {
        Seat(f as u8)
    }

    /// The drawing with wrapped lines joined again (continuations start with 4 spaces).
    fn draw(view: &V878View) -> String {
        let mut out = String::new();
        for l in render(view).lines() {
            if l.starts_with("    ") {
                out.pop();
                out.push(' ');
                out.push_str(l.trim_start());
            } else {
                out.push_str(l);
            }
            out.push('\n');
        }
        out
    }

    #[test]
    fn v878_render_shows_the_board_for_its_seats() {
        let st = mid_battle();
        let out = draw(&V878::view(&st, &[seat(Faction::Norsemen)]));
        for want in [
            "878 Vikings: Standard Game | Round III of VII | seen by Norsemen",
            "Turn 2 of 4: the Norsemen (Vikings) | order so far: Thegn, Norsemen | phase battles",
            "Movement card 03: 0 armies left, up to 3 shires each",
            "Shield Wall",
            "Saxon Navy closes CANTUARABYRG (Canterbury)",
            "Rebellion raised in LUNDENWIC (London)",
            "Victory Track: 2 of 17 Viking Control Markers on the map (Viking conquest at",
            "Viking-held cities: CARLEOL (Carlisle), DŪNHOLM (Durham)",
            "To decide: the Thegn: take 2 Hits (4.2), Berserker first (4.5)",
            "then the Norsemen: may move 1 unit to adjacent friendly shires (4.4)",
            "Battle in EURUIC (York): the Vikings attack; exchange of rolls; the English roll next",
            "English: Housecarl 1, Thegn 2, Fyrd 3 | Vikings: Norsemen 6, Berserker 3",
            "Halfdan (L01) moved in; Events played: Shield Wall; Viking Fort",
            "Northumbria (Norþhymbra Rīce)",
            "East Anglia (Ēast Engla Rīce)",
            "Wessex (Westsexea Rīce)",
            "Mercia (Miercna Rīce): empty",
            "L01     Halfdan: at EURUIC (York); card holds Norsemen 6, Berserker 3; moving, 1 move left",
            "L02     Ivar the Boneless: off the map, lands from the North Sea; card holds Norsemen 14",
            "L03     Björn Ironside: defeated",
            "alfred  Alfred the Great: at UINTANCÆSTIR (Winchester); card holds Housecarl 3, Thegn 2",
            "Norsemen  (Vikings, black): hand 3 cards: 08 (Feigned Retreat), 11 (P-Norse \
             Reinforcements), 02 (Movement 2x4) | deck 2",
            "| deck 2 | discard 04 | stockpile 0 | fled 1",
            "Berserker (Vikings, red): hand 3 cards (hidden) | deck 1 | discard 09 | stockpile 0 | fled 0 | Treaty of Wedmore played",
            "Invasion deck: 2 cards left; drawn: 02 Ivar the Boneless's Army, 03",
            "Fyrd: 2 in the deck, discards 13, 4 Fyrd units in stock",
        ] {
            assert!(out.contains(want), "missing: {want}\n{out}");
        }
        // Shires: only those with something in them, tagged.
        let line = |id: &str| {
            out.lines()
                .find(|l| l.trim_start().starts_with(&format!("{id} ")))
                .unwrap_or_else(|| panic!("no line for {id}\n{out}"))
                .to_string()
        };
        let york = line("euruic");
        assert!(york.contains("[C][R]"), "{york}");
        assert!(
            york.contains("Housecarl 1, Thegn 2, Fyrd 3 | Leader Halfdan (L01)"),
            "{york}"
        );
        assert!(line("dunholm").contains("[C][V]"));
        assert!(line("fens").contains("[M]"));
        assert!(
            line("north_riding").contains("Norsemen 2, Berserker 1 | moved this Turn: Norsemen 2")
        );
        assert!(line("uintancaestir").contains("Leader Alfred the Great (alfred)"));
        assert!(
            !out.contains("\noxnaford "),
            "an empty shire is listed:\n{out}"
        );
        // The leaderless Invasion card 04 is no Leader to list.
        assert!(!out.contains("L04 "), "{out}");
    }

    /// Every card number that may appear in a faction's hand.
    fn hand_numbers(out: &str, faction: Faction) -> Vec<String> {
        let line = out
            .lines()
            .find(|l| l.trim_start().starts_with(faction.name()))
            .unwrap_or_else(|| panic!("no line for {}\n{out}", faction.name()));
        let hand = line.split(" | deck").next().unwrap_or("");
        hand.split(|c: char| !c.is_ascii_digit())
            .filter(|w| w.len() == 2)
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn v878_render_does_not_reveal_a_hidden_hand() {
        let st = mid_battle();
        let view = V878::view(&st, &[seat(Faction::Housecarl)]);
        let out = draw(&view);
        assert_eq!(hand_numbers(&out, Faction::Housecarl), ["04", "13", "17"]);
        for f in [Faction::Thegn, Faction::Norsemen, Faction::Berserker] {
            assert!(hand_numbers(&out, f).is_empty(), "{}\n{out}", f.name());
        }
        assert!(out.contains("Thegn     (English, green): hand 2 cards (hidden)"));
        // A view that still held the numbers (it never should) would not print them.
        let mut leaky = view.clone();
        *leaky.state.factions[2].hand = vec![8, 11, 2];
        assert_eq!(draw(&leaky), out);
        // Shared hands show the ally's.
        let mut shared = st.clone();
        shared.options.share_allied_hands = true;
        let out = draw(&V878::view(&shared, &[seat(Faction::Housecarl)]));
        assert_eq!(hand_numbers(&out, Faction::Thegn), ["06", "12"]);
        assert!(hand_numbers(&out, Faction::Norsemen).is_empty());
    }

    /// Changing what a seat may not see changes nothing in its drawing.
    #[test]
    fn v878_render_depends_only_on_what_the_seats_see() {
        let mut rng = Chance::new(11);
        let mut checked = 0;
        for seed in 0..8 {
            let mut st = V878::setup(&V878::options("standard").unwrap(), seed);
            for step in 0..600 {
                let Turn::Decide(seats) = V878::to_act(&st) else {
                    break;
                };
                let Some(&who) = seats.first() else { break };
                if step % 7 == 0 {
                    for f in Faction::ALL {
                        let viewer = [seat(f)];
                        let out = render(&V878::view(&st, &viewer));
                        let mut other = st.clone();
                        for g in Faction::ALL.into_iter().filter(|g| *g != f) {
                            let fs = &mut other.factions[g as usize];
                            // Swap hand and deck cards, and reverse the deck.
                            let n = fs.hand.len().min(fs.deck.len());
                            for i in 0..n {
                                std::mem::swap(&mut fs.hand[i], &mut fs.deck[i]);
                            }
                            fs.deck.reverse();
                        }
                        other.invasion.reverse();
                        other.fyrd_deck.reverse();
                        assert_eq!(render(&V878::view(&other, &viewer)), out);
                        checked += 1;
                    }
                }
                let Some(a) = V878::random_action(&st, who, &mut rng) else {
                    break;
                };
                V878::apply(&mut st, who, &a).expect("legal action");
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn v878_render_is_plain_and_fits_the_terminal() {
        let st = mid_battle();
        for seats in [
            vec![],
            vec![seat(Faction::Thegn)],
            Faction::ALL.map(seat).to_vec(),
        ] {
            let out = render(&V878::view(&st, &seats));
            assert!(out.ends_with('\n'));
            for l in out.lines() {
                assert!(l.chars().count() <= WRAP, "too long: {l}");
                assert!(
                    !l.chars().any(|c| c.is_control()),
                    "control character: {l:?}"
                );
                assert_eq!(l, l.trim_end(), "trailing space: {l:?}");
            }
        }
        let public = draw(&V878::view(&st, &[]));
        assert!(public.contains("seen by nobody (public view)"));
        for f in Faction::ALL {
            assert!(hand_numbers(&public, f).is_empty(), "{public}");
        }
    }

    #[test]
    fn v878_render_shows_the_end_and_the_set_up() {
        let st = V878::setup(&V878::options("standard").unwrap(), 2);
        let out = draw(&V878::view(&st, &[seat(Faction::Thegn)]));
        assert!(out.contains("phase setup"), "{out}");
        assert!(out.contains("To decide: the Housecarl: place 4 Housecarl units: additional set-up units (Setup 4)"), "{out}");
        assert!(out.contains("Movement card: none played"));
        let mut over = mid_battle();
        over.finish = Some(super::super::state::Finish {
            winner: Side::English,
            result: "English victory".into(),
            detail: "no city under Viking control at the end of Round III".into(),
        });
        let out = draw(&V878::view(&over, &[]));
        assert!(out.contains(
            "GAME OVER: English victory (English win): no city under Viking control at the end of Round III"
        ), "{out}");
        assert!(!out.contains("To decide"), "{out}");
    }

    #[test]
    fn v878_render_survives_broken_states() {
        let mut st = mid_battle();
        st.round = 0;
        st.options.scenario = 200;
        st.leaders.push(Leader {
            card: 99,
            place: LeaderPlace::OnMap(AreaId(999)),
            troops: [1, 0, 0, 0, 0],
            moves_left: 0,
            moving: false,
            done: true,
            shifted: Default::default(),
        });
        if let Some(b) = st.battle.as_mut() {
            b.shire = AreaId(998);
            b.leader = Some(77);
            b.played = u32::MAX;
            b.extras = u8::MAX;
        }
        st.budget.as_mut().unwrap().card = UNKNOWN;
        st.marked.push(true);
        st.map.truncate(3);
        st.moved.clear();
        st.pending.push(Pending::Rebellion {
            faction: Faction::Housecarl,
            shire: AreaId(500),
        });
        st.factions[0].hand.push(UNKNOWN);
        st.factions[0].hand.push(99);
        st.fyrd_discard.push(UNKNOWN);
        st.invasion_drawn.push(42);
        st.order.clear();
        let out = draw(&V878::view(&st, &[seat(Faction::Housecarl), Seat(9)]));
        assert!(out.contains("Leader ?77"), "{out}");
        assert!(out.contains("shire ?998"), "{out}");
        assert!(out.contains("99 (unknown card)"), "{out}");
        assert!(out.contains("??"), "{out}");
        st.leaders.clear();
        st.battle = None;
        let out = render(&V878::view(&st, &[]));
        assert!(out.contains("Leaders\n  none"), "{out}");
    }

    /// A sample drawing, for reading with `--nocapture`.
    #[test]
    fn v878_render_writes_a_sample() {
        let out = render(&V878::view(&mid_battle(), &[seat(Faction::Norsemen)]));
        println!("{out}");
        assert!(out.lines().count() > 30);
    }
}
