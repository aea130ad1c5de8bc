//! The text form of 878 actions and positions: what saves, logs, tests, the terminal and
//! the FFI exchange. `docs/notation.md` (section "878 Vikings") describes it for people;
//! this module is the reference. It keeps only 878's grammar: words, numbers, lists,
//! fields and errors come from the shared toolkit [`crate::engine::notation`].
//!
//! Nothing here panics, whatever the input: every malformed text is a [`NotationError`]
//! that says what is wrong (and, for a position, on which line). A position that reads
//! but breaks the rules is refused by [`super::position_check`].

mod actions;
mod position;
mod read;

pub use actions::{format_action, parse_action};
pub use position::format_position;
pub use read::{parse_position, read_position};

use super::actions::{Army, Spot};
use super::data::{data, Faction, Side};
use super::state::{Card, Leader, V878State, UNKNOWN};
use crate::board::area::AreaId;
use crate::engine::notation::ListOf;
#[cfg(test)]
use {
    super::actions::{At, V878Action},
    super::data::Event as CardEvent,
    super::options::V878Options,
    super::state::{
        extra, Battle, Finish, LeaderPlace, MoveBudget, Pending, Phase, Purpose, Stage, TurnEffects,
    },
    crate::engine::Chance,
    position::BATTLE_FLAGS,
};

// ---------------------------------------------------------------------------------------
// Shared pieces: shires, Leaders, factions, cards, spots.

/// Unit kinds as written: the four factions, then the Fyrd (the `Troops` order).
const KINDS: [&str; 5] = ["housecarl", "thegn", "norsemen", "berserker", "fyrd"];

/// Paths and lists longer than this are refused before any work is done on them.
const MAX_PARTS: usize = 64;

/// A shire by its data id; an id the map does not have is written `?N` (which no parser
/// accepts), so that formatting never panics.
fn shire_text(id: AreaId) -> String {
    match data().shire(id) {
        Some(s) => s.id.clone(),
        None => format!("?{}", id.0),
    }
}

/// A shire by id, printed name or modern name (any case; Old English letters may be
/// spelt out, spaces and hyphens do not matter).
fn parse_shire(tok: &str) -> Result<AreaId, String> {
    data().find(tok).ok_or_else(|| {
        format!(
            "unknown shire '{tok}' (expected a shire id like uintancaestir, or its printed or \
             modern name)"
        )
    })
}

/// A path: shires joined by `-`.
const PATH: ListOf = ListOf {
    seps: &['-'],
    max: MAX_PARTS,
    items: "parts",
    item: "step",
};

/// Shires joined by `-`. A printed or modern name may itself hold hyphens
/// (`Grantebrycg-scīr`): the longest run of parts that names a shire is taken first.
fn parse_path(tok: &str) -> Result<Vec<AreaId>, String> {
    let parts = PATH.split(tok)?;
    let mut path = Vec::with_capacity(parts.len());
    let mut i = 0;
    while i < parts.len() {
        let found = (i + 1..=parts.len())
            .rev()
            .find_map(|j| data().find(&parts[i..j].join("-")).map(|id| (id, j)));
        let Some((id, next)) = found else {
            return Err(parse_shire(parts[i].trim())
                .err()
                .unwrap_or_else(|| format!("bad path '{tok}'")));
        };
        path.push(id);
        i = next;
    }
    Ok(path)
}

fn path_text(path: &[AreaId]) -> String {
    path.iter()
        .map(|&s| shire_text(s))
        .collect::<Vec<_>>()
        .join("-")
}

/// A Leader by his card: `alfred` for Alfred the Great, `LNN` for the Viking Leader of
/// Invasion card NN.
pub fn leader_name(card: u8) -> String {
    if card == 0 {
        "alfred".to_string()
    } else {
        format!("L{card:02}")
    }
}

/// The Leader at an index of the state's list; an index it does not have is `?N`.
fn leader_text(state: &V878State, index: u8) -> String {
    match state.leaders.get(index as usize) {
        Some(l) => leader_name(l.card),
        None => format!("?{index}"),
    }
}

/// Lower-case ASCII letters and digits only (`Björn Ironside` → `bjornironside`).
fn fold_name(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars().flat_map(char::to_lowercase) {
        match c {
            'ö' | 'ó' | 'ō' => out.push('o'),
            c if c.is_ascii_alphanumeric() => out.push(c),
            _ => {}
        }
    }
    out
}

/// The card of a Leader written `alfred`, `LNN`, or the Leader's name from his Invasion
/// card (whole, or its first word: `halfdan`, `ivar`, `ivartheboneless`).
fn parse_leader_card(tok: &str) -> Result<u8, String> {
    let lower = tok.to_ascii_lowercase();
    if lower == "alfred" || fold_name(tok) == "alfredthegreat" {
        return Ok(0);
    }
    if let Some(digits) = lower.strip_prefix('l') {
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return digits
                .parse::<u8>()
                .map_err(|_| format!("Leader number too large in '{tok}'"));
        }
    }
    let folded = fold_name(tok);
    if !folded.is_empty() {
        for c in data().invasion_cards() {
            let Some(name) = &c.leader else { continue };
            let first = name.split_whitespace().next().unwrap_or("");
            if fold_name(name) == folded || fold_name(first) == folded {
                return Ok(c.number);
            }
        }
    }
    Err(format!(
        "bad Leader '{tok}' (expected alfred, or L and the Invasion card number, like L01)"
    ))
}

/// The index of a Leader of this state.
fn parse_leader(state: &V878State, tok: &str) -> Result<u8, String> {
    let card = parse_leader_card(tok)?;
    find_leader(&state.leaders, card)
        .ok_or_else(|| format!("no Leader '{}' in this game", leader_name(card)))
}

fn find_leader(leaders: &[Leader], card: u8) -> Option<u8> {
    leaders
        .iter()
        .position(|l| l.card == card)
        .and_then(|i| u8::try_from(i).ok())
}

fn parse_faction(tok: &str) -> Result<Faction, String> {
    Faction::from_key(&tok.to_ascii_lowercase()).ok_or_else(|| {
        format!("unknown faction '{tok}' (expected housecarl, thegn, norsemen or berserker)")
    })
}

fn parse_side(tok: &str) -> Result<Side, String> {
    Side::from_key(&tok.to_ascii_lowercase())
        .ok_or_else(|| format!("unknown side '{tok}' (expected english or viking)"))
}

fn kind_text(kind: u8) -> String {
    match KINDS.get(kind as usize) {
        Some(k) => k.to_string(),
        None => format!("?{kind}"),
    }
}

fn parse_kind(tok: &str) -> Result<u8, String> {
    let lower = tok.to_ascii_lowercase();
    KINDS
        .iter()
        .position(|k| *k == lower)
        .map(|i| i as u8)
        .ok_or_else(|| {
            format!(
                "unknown unit kind '{tok}' (expected housecarl, thegn, norsemen, berserker or \
                 fyrd)"
            )
        })
}

/// A card as two digits; a card hidden from the viewer as `??`.
fn card_text(card: Card) -> String {
    if card == UNKNOWN {
        "??".to_string()
    } else {
        format!("{card:02}")
    }
}

fn parse_card(tok: &str) -> Result<Card, String> {
    if tok == "??" {
        return Ok(UNKNOWN);
    }
    let ok = !tok.is_empty() && tok.len() <= 3 && tok.bytes().all(|b| b.is_ascii_digit());
    match tok.parse::<u8>() {
        Ok(n) if ok && n != UNKNOWN => Ok(n),
        _ => Err(format!(
            "bad card '{tok}' (expected a card number like 04, or ?? for a hidden card)"
        )),
    }
}

fn cards_text(cards: &[Card]) -> String {
    if cards.is_empty() {
        "-".to_string()
    } else {
        cards
            .iter()
            .map(|&c| card_text(c))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Cards joined by `,`; `-` (or nothing) for none.
const CARDS: ListOf = ListOf {
    seps: &[','],
    max: u8::MAX as usize,
    items: "cards",
    item: "card",
};

fn parse_cards(tok: &str) -> Result<Vec<Card>, String> {
    if tok.is_empty() || tok == "-" {
        return Ok(Vec::new());
    }
    CARDS.read(tok, parse_card)
}

fn spot_text(state: &V878State, spot: Spot) -> String {
    match spot {
        Spot::Map => "map".to_string(),
        Spot::Card(i) => format!("card {}", leader_text(state, i)),
    }
}

fn army_text(army: &Army) -> String {
    Faction::ALL
        .iter()
        .filter(|f| army[**f as usize] > 0)
        .map(|f| format!("{}={}", f.key(), army[*f as usize]))
        .collect::<Vec<_>>()
        .join(" ")
}
#[cfg(test)]
mod tests;
