//! 878 positions: `v878 position`, then one line per part of the state (printing).

use super::{card_text, cards_text, leader_name, leader_text, shire_text, KINDS};
use crate::board::area::AreaId;
use crate::engine::notation::join_or;
use crate::engine::text::quote;
use crate::games::v878::data::{data, Event as CardEvent, Faction};
use crate::games::v878::options::V878Options;
use crate::games::v878::state::{
    extra, Battle, FactionState, Finish, Leader, LeaderPlace, MoveBudget, Pending, Stage, Troops,
    TurnEffects, V878State,
};

pub(super) const HEADER: &str = "v878 position";

/// The kinds with units, as `kind=n` words (empty when there are none).
fn troops_text(t: &Troops) -> String {
    KINDS
        .iter()
        .zip(t.iter())
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{k}={n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn with_words(head: String, tail: &str) -> String {
    if tail.is_empty() {
        head
    } else {
        format!("{head} {tail}")
    }
}

fn faction_line(f: Faction, fs: &FactionState) -> String {
    // Destructured so that a new field cannot be forgotten here.
    let FactionState {
        hand,
        deck,
        discard,
        treaty_played,
        stock,
        fled,
    } = fs;
    format!(
        "faction {} hand={} deck={} discard={} treaty={} stock={stock} fled={fled}",
        f.key(),
        cards_text(hand),
        cards_text(deck),
        cards_text(discard),
        if *treaty_played { "played" } else { "no" },
    )
}

fn leader_place_text(place: LeaderPlace) -> String {
    match place {
        LeaderPlace::Waiting => "waiting".to_string(),
        LeaderPlace::OffMap => "off-map".to_string(),
        LeaderPlace::OnMap(s) => shire_text(s),
        LeaderPlace::Defeated => "defeated".to_string(),
    }
}

fn leader_line(l: &Leader) -> String {
    let Leader {
        card,
        place,
        troops,
        moves_left,
        moving,
        done,
        shifted: _,
    } = l;
    let mut line = with_words(
        format!(
            "leader {} {}",
            leader_name(*card),
            leader_place_text(*place)
        ),
        &troops_text(troops),
    );
    if *moves_left > 0 {
        line.push_str(&format!(" moves={moves_left}"));
    }
    if *moving {
        line.push_str(" moving");
    }
    if *done {
        line.push_str(" done");
    }
    line
}

/// `shifted LEADER boarded=KIND+... alighted=KIND+...`: the factions whose units
/// boarded or left his card this Turn before he moved (`Shifted`), when there are any.
/// A line of its own, so that the Leader's line reads as it always did.
fn shifted_line(l: &Leader) -> Option<String> {
    if l.shifted.is_empty() {
        return None;
    }
    let mut line = format!("shifted {}", leader_name(l.card));
    for (word, set) in [
        ("boarded", l.shifted.boarded),
        ("alighted", l.shifted.alighted),
    ] {
        if !set.is_empty() {
            let kinds: Vec<&str> = set.iter().map(|f| f.key()).collect();
            line.push_str(&format!(" {word}={}", kinds.join("+")));
        }
    }
    Some(line)
}

fn budget_line(b: &Option<MoveBudget>) -> String {
    match b {
        None => "budget none".to_string(),
        Some(MoveBudget {
            card,
            armies_left,
            shires,
        }) => format!(
            "budget card={} armies={armies_left} shires={shires}",
            card_text(*card)
        ),
    }
}

pub(super) const STAGES: [(Stage, &str); 5] = [
    (Stage::Windows, "windows"),
    (Stage::Fyrd, "fyrd"),
    (Stage::Danegeld, "danegeld"),
    (Stage::Extras, "extras"),
    (Stage::Exchange, "exchange"),
];

fn stage_name(stage: Stage) -> &'static str {
    // Exhaustive, so that a new stage cannot be forgotten in STAGES.
    match stage {
        Stage::Windows | Stage::Fyrd | Stage::Danegeld | Stage::Extras | Stage::Exchange => STAGES
            .iter()
            .find(|(s, _)| *s == stage)
            .map_or("?", |(_, n)| n),
    }
}

/// Names of the event bits of `Battle::played`: bit `e as u32` is event `e`.
pub(super) fn event_bit_names() -> Vec<&'static str> {
    let mut names = vec![""; 32];
    for e in CardEvent::ALL {
        if let Some(slot) = names.get_mut(e as usize) {
            *slot = e.key();
        }
    }
    names
}

/// Names of the bits of `Battle::extras`.
pub(super) fn extra_bit_names() -> Vec<&'static str> {
    let mut names = vec![""; 8];
    for (bit, name) in [
        (extra::FEIGNED_RETREAT, "feigned_retreat"),
        (extra::SURPRISE_ATTACK, "surprise_attack"),
        (extra::AMBUSH, "ambush"),
        (extra::ARCHERS, "archers"),
        (extra::BATTLE_FRENZY, "battle_frenzy"),
    ] {
        if let Some(slot) = names.get_mut(bit.trailing_zeros() as usize) {
            *slot = name;
        }
    }
    names
}

/// The set bits of `bits` by name, joined by `,`; a bit without a name by its number.
fn bits_text(bits: u32, names: &[&str]) -> String {
    (0..32u32)
        .filter(|i| bits & (1 << i) != 0)
        .map(|i| match names.get(i as usize) {
            Some(n) if !n.is_empty() => n.to_string(),
            _ => i.to_string(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

pub(super) const BATTLE_FLAGS: [&str; 7] = [
    "english-rolled",
    "attacker-rolled",
    "charge-check",
    "fort",
    "burh",
    "saxon-shield",
    "shield-wall-used",
];

fn battle_line(state: &V878State) -> String {
    let Some(b) = &state.battle else {
        return "battle none".to_string();
    };
    let mut line = format!(
        "battle {} attacker={} roller={} stage={}",
        shire_text(b.shire),
        b.attacker.key(),
        b.roller.key(),
        stage_name(b.stage)
    );
    if let Some(i) = b.leader {
        line.push_str(&format!(" leader={}", leader_text(state, i)));
    }
    if b.played != 0 {
        line.push_str(&format!(
            " played={}",
            bits_text(b.played, &event_bit_names())
        ));
    }
    if b.extras != 0 {
        let extras = bits_text(b.extras as u32, &extra_bit_names());
        line.push_str(&format!(" extras={extras}"));
    }
    for (set, name) in battle_flags(b).iter().zip(BATTLE_FLAGS) {
        if *set {
            line.push(' ');
            line.push_str(name);
        }
    }
    line
}

/// The flags of a battle, in the order of [`BATTLE_FLAGS`].
pub(super) fn battle_flags(b: &Battle) -> [bool; 7] {
    // Destructured so that a new field cannot be forgotten here.
    let Battle {
        shire: _,
        attacker: _,
        roller: _,
        english_rolled,
        attacker_rolled,
        leader: _,
        charge_check,
        stage: _,
        played: _,
        extras: _,
        fort,
        burh,
        saxon_shield,
        shield_wall_used,
    } = *b;
    [
        english_rolled,
        attacker_rolled,
        charge_check,
        fort,
        burh,
        saxon_shield,
        shield_wall_used,
    ]
}

/// Shires of a bit set over `AreaId`s; a bit that is no shire of the map is written as
/// its number.
fn shire_bits_text(bits: u64) -> String {
    let v: Vec<String> = (0..64u16)
        .filter(|i| bits & (1 << i) != 0)
        .map(|i| match data().shire(AreaId(i)) {
            Some(s) => s.id.clone(),
            None => i.to_string(),
        })
        .collect();
    v.join(",")
}

fn effects_line(effects: &TurnEffects) -> String {
    // Destructured so that a new field cannot be forgotten here.
    let TurnEffects {
        shield_wall,
        danegeld,
        blocked,
        viking_ships,
        forced_march,
        rebellion,
    } = effects;
    let mut words: Vec<String> = Vec::new();
    if *shield_wall {
        words.push("shield-wall".into());
    }
    if *danegeld {
        words.push("danegeld".into());
    }
    if *viking_ships {
        words.push("viking-ships".into());
    }
    if let Some(f) = forced_march {
        words.push(format!("forced-march={}", f.key()));
    }
    if *blocked != 0 {
        words.push(format!("blocked={}", shire_bits_text(*blocked)));
    }
    if let Some(shire) = rebellion {
        words.push(format!("rebellion={}", shire_text(*shire)));
    }
    if words.is_empty() {
        "effects none".to_string()
    } else {
        format!("effects {}", words.join(" "))
    }
}

fn pending_text(p: &Pending) -> String {
    match *p {
        Pending::Place {
            faction,
            kind,
            left,
            purpose,
        } => format!(
            "place {} {} {left} {}",
            faction.key(),
            kind.key(),
            purpose.name()
        ),
        Pending::PlaceAlfred { faction } => format!("alfred {}", faction.key()),
        Pending::Fyrd { faction } => format!("fyrd {}", faction.key()),
        Pending::ChooseDeck { faction, left } => {
            format!("choose-deck {} {left}", faction.key())
        }
        Pending::Window { faction } => format!("window {}", faction.key()),
        Pending::Danegeld { faction } => format!("danegeld {}", faction.key()),
        Pending::Blocks { faction, left } => format!("blocks {} {left}", faction.key()),
        Pending::Spy { faction } => format!("spy {}", faction.key()),
        Pending::Rebellion { faction, shire } => {
            format!("rebellion {} {}", faction.key(), shire_text(shire))
        }
        Pending::Hits {
            faction,
            hits,
            berserker_first,
        } => format!(
            "hits {} {hits}{}",
            faction.key(),
            if berserker_first {
                " berserker-first"
            } else {
                ""
            }
        ),
        Pending::LeaderRetreat {
            faction,
            hits,
            berserker_first,
        } => format!(
            "leader-retreat {} {hits}{}",
            faction.key(),
            if berserker_first {
                " berserker-first"
            } else {
                ""
            }
        ),
        Pending::Flee { faction, left } => format!("flee {} {left}", faction.key()),
        Pending::Command { faction, left } => format!("command {} {left}", faction.key()),
    }
}

fn shire_list(ids: impl Iterator<Item = AreaId>) -> String {
    let v: Vec<String> = ids.map(shire_text).collect();
    if v.is_empty() {
        "-".to_string()
    } else {
        v.join(",")
    }
}

fn numbers_text(v: &[u8]) -> String {
    cards_text(v)
}

/// The whole position except the chance stream, one fact per line (see
/// docs/notation.md). The same state always gives the same text. A view's state prints
/// the cards hidden from its seats as `??`.
pub fn format_position(state: &V878State) -> String {
    let mut lines = head_lines(state);
    for (f, fs) in Faction::ALL.iter().zip(state.factions.iter()) {
        lines.push(faction_line(*f, fs));
    }
    lines.extend(state.leaders.iter().map(leader_line));
    lines.extend(state.leaders.iter().filter_map(shifted_line));
    lines.extend(deck_lines(state));
    lines.push(battle_line(state));
    lines.push(format!(
        "pending {}",
        join_or(&state.pending, " ; ", "none", pending_text)
    ));
    lines.push(finish_line(&state.finish));
    for (word, rows) in [("troops", &state.map), ("moved", &state.moved)] {
        for (i, t) in rows.iter().enumerate() {
            let text = troops_text(t);
            if !text.is_empty() {
                lines.push(format!("{word} {} {text}", shire_text(AreaId(i as u16))));
            }
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// The header, options, round, order, phase, budget and effects lines.
fn head_lines(state: &V878State) -> Vec<String> {
    let V878Options {
        scenario,
        share_allied_hands,
        printed_decks,
    } = &state.options;
    let scenario = match data().scenarios().get(*scenario as usize) {
        Some(s) => s.id.clone(),
        None => format!("?{scenario}"),
    };
    let hands = if *share_allied_hands {
        "shared"
    } else {
        "secret"
    };
    let decks = if *printed_decks { "printed" } else { "known" };
    vec![
        HEADER.to_string(),
        format!("scenario {scenario}"),
        format!("options hands={hands} decks={decks}"),
        format!("round {}", state.round),
        format!(
            "order {}",
            join_or(&state.order, " ", "none", |f| f.key().to_string())
        ),
        format!("phase {}", state.phase.name()),
        budget_line(&state.budget),
        effects_line(&state.effects),
    ]
}

/// The invasion, fyrd, markers and raiders lines.
fn deck_lines(state: &V878State) -> Vec<String> {
    let on = state
        .marked
        .iter()
        .enumerate()
        .filter(|(_, m)| **m)
        .map(|(i, _)| AreaId(i as u16));
    let raiders = troops_text(&state.raiders);
    vec![
        format!(
            "invasion deck={} drawn={}",
            numbers_text(&state.invasion),
            numbers_text(&state.invasion_drawn)
        ),
        format!(
            "fyrd deck={} discard={} stock={}",
            numbers_text(&state.fyrd_deck),
            numbers_text(&state.fyrd_discard),
            state.fyrd_stock
        ),
        format!(
            "markers total={} on={} plundered={}",
            state.markers,
            shire_list(on),
            state.plundered
        ),
        format!(
            "raiders {}",
            if raiders.is_empty() { "none" } else { &raiders }
        ),
    ]
}

fn finish_line(finish: &Option<Finish>) -> String {
    match finish {
        None => "finish none".to_string(),
        Some(Finish {
            winner,
            result,
            detail,
        }) => format!(
            "finish winner={} result={} detail={}",
            winner.key(),
            quote(result),
            quote(detail)
        ),
    }
}
