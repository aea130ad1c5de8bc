//! The text form of 878 actions and positions: what saves, logs, tests, the terminal and
//! the FFI exchange. `docs/notation.md` (section "878 Vikings") describes it for people;
//! this module is the reference.
//!
//! Nothing here panics, whatever the input: every malformed text is a [`NotationError`]
//! that says what is wrong (and, for a position, on which line).

use super::actions::{Army, At, Spot, V878Action};
use super::data::{data, Event as CardEvent, Faction, Side};
use super::options::V878Options;
use super::state::{
    extra, Battle, Card, FactionState, Finish, Leader, LeaderPlace, MoveBudget, Pending, Phase,
    Purpose, Stage, Troops, TurnEffects, V878State, UNKNOWN,
};
use crate::board::area::AreaId;
use crate::engine::text::{finish_fields, quote};
use crate::engine::{Chance, NotationError};

// ---------------------------------------------------------------------------------------
// Shared pieces: shires, Leaders, factions, cards, spots.

/// The action forms, for error messages (and kept in step with docs/notation.md).
const FORMS: [(&str, &str); 23] = [
    ("pick", "pick CARD"),
    ("default-deck", "default-deck"),
    ("place", "place SHIRE N"),
    ("place-leader", "place-leader LEADER N"),
    ("alfred", "alfred SHIRE"),
    ("play", "play CARD"),
    ("march", "march PATH FACTION=N ..."),
    ("raid", "raid PATH"),
    ("step", "step LEADER SHIRE"),
    ("board", "board LEADER FACTION N"),
    ("alight", "alight LEADER FACTION N"),
    ("halt", "halt LEADER"),
    ("fight", "fight SHIRE"),
    ("fyrd", "fyrd yes|no"),
    ("hit", "hit KIND map|card LEADER"),
    ("flee", "flee map|card LEADER"),
    ("leader-retreat", "leader-retreat SHIRE|stay"),
    ("command", "command map|card LEADER SHIRE|keep"),
    ("event", "event CARD [SHIRE|card LEADER]"),
    ("block", "block SHIRE"),
    ("pass", "pass"),
    ("danegeld", "danegeld berserker|norsemen"),
    ("end", "end"),
];

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

/// Shires joined by `-`. A printed or modern name may itself hold hyphens
/// (`Grantebrycg-scīr`): the longest run of parts that names a shire is taken first.
fn parse_path(tok: &str) -> Result<Vec<AreaId>, String> {
    let parts: Vec<&str> = tok.split('-').collect();
    if parts.len() > MAX_PARTS {
        return Err(format!(
            "path '{tok}' is too long: {} parts, at most {MAX_PARTS}",
            parts.len()
        ));
    }
    if parts.iter().any(|p| p.trim().is_empty()) {
        return Err(format!("empty step in path '{tok}'"));
    }
    let mut path = Vec::with_capacity(parts.len());
    let mut i = 0;
    while i < parts.len() {
        let mut found = None;
        for j in (i + 1..=parts.len()).rev() {
            if let Some(id) = data().find(&parts[i..j].join("-")) {
                found = Some((id, j));
                break;
            }
        }
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

fn parse_cards(tok: &str) -> Result<Vec<Card>, String> {
    if tok.is_empty() || tok == "-" {
        return Ok(Vec::new());
    }
    let parts: Vec<&str> = tok.split(',').collect();
    if parts.len() > u8::MAX as usize {
        return Err(format!("too many cards in '{tok}'"));
    }
    parts.into_iter().map(parse_card).collect()
}

fn spot_text(state: &V878State, spot: Spot) -> String {
    match spot {
        Spot::Map => "map".to_string(),
        Spot::Card(i) => format!("card {}", leader_text(state, i)),
    }
}

/// A spot from the front of `args` (`map`, or `card LEADER`), and the words after it.
fn parse_spot<'a>(state: &V878State, args: &'a [&'a str]) -> Result<(Spot, &'a [&'a str]), String> {
    match args {
        [first, rest @ ..] if first.eq_ignore_ascii_case("map") => Ok((Spot::Map, rest)),
        [first, leader, rest @ ..] if first.eq_ignore_ascii_case("card") => {
            Ok((Spot::Card(parse_leader(state, leader)?), rest))
        }
        _ => Err("expected a spot: 'map', or 'card' and a Leader".to_string()),
    }
}

fn parse_num<T: std::str::FromStr>(tok: &str, what: &str) -> Result<T, String> {
    let digits = !tok.is_empty() && tok.bytes().all(|b| b.is_ascii_digit());
    match tok.parse::<T>() {
        Ok(n) if digits => Ok(n),
        _ => Err(format!(
            "bad {what} '{tok}' (expected a small whole number)"
        )),
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

// ---------------------------------------------------------------------------------------
// Actions.

/// One action as one short line, e.g. `march euruic-north_riding norsemen=3`.
pub fn format_action(state: &V878State, a: &V878Action) -> String {
    match a {
        V878Action::Pick { card } => format!("pick {}", card_text(*card)),
        V878Action::DefaultDeck => "default-deck".to_string(),
        V878Action::Place { shire, n } => format!("place {} {n}", shire_text(*shire)),
        V878Action::PlaceOnLeader { leader, n } => {
            format!("place-leader {} {n}", leader_text(state, *leader))
        }
        V878Action::PlaceAlfred { shire } => format!("alfred {}", shire_text(*shire)),
        V878Action::PlayCard { card } => format!("play {}", card_text(*card)),
        V878Action::March { path, army } => {
            let army = army_text(army);
            if army.is_empty() {
                format!("march {}", path_text(path))
            } else {
                format!("march {} {army}", path_text(path))
            }
        }
        V878Action::Raid { path } => format!("raid {}", path_text(path)),
        V878Action::LeaderStep { leader, to } => {
            format!("step {} {}", leader_text(state, *leader), shire_text(*to))
        }
        V878Action::Board { leader, faction, n } => format!(
            "board {} {} {n}",
            leader_text(state, *leader),
            faction.key()
        ),
        V878Action::Alight { leader, faction, n } => format!(
            "alight {} {} {n}",
            leader_text(state, *leader),
            faction.key()
        ),
        V878Action::Halt { leader } => format!("halt {}", leader_text(state, *leader)),
        V878Action::Fight { shire } => format!("fight {}", shire_text(*shire)),
        V878Action::CallFyrd { call } => format!("fyrd {}", if *call { "yes" } else { "no" }),
        V878Action::TakeHit { kind, spot } => {
            format!("hit {} {}", kind_text(*kind), spot_text(state, *spot))
        }
        V878Action::Flee { spot } => format!("flee {}", spot_text(state, *spot)),
        V878Action::LeaderRetreat { to } => match to {
            Some(shire) => format!("leader-retreat {}", shire_text(*shire)),
            None => "leader-retreat stay".to_string(),
        },
        V878Action::Command { spot, to } => match (spot, to) {
            (Spot::Map, None) => "command keep".to_string(),
            (spot, None) => format!("command {} keep", spot_text(state, *spot)),
            (spot, Some(to)) => {
                format!("command {} {}", spot_text(state, *spot), shire_text(*to))
            }
        },
        V878Action::PlayEvent { card } => format!("event {}", card_text(*card)),
        V878Action::PlayEventAt { card, at } => match at {
            At::Shire(shire) => format!("event {} {}", card_text(*card), shire_text(*shire)),
            At::Leader(i) => format!("event {} card {}", card_text(*card), leader_text(state, *i)),
        },
        V878Action::Block { shire } => format!("block {}", shire_text(*shire)),
        V878Action::Pass => "pass".to_string(),
        V878Action::PayDanegeld { berserker } => format!(
            "danegeld {}",
            if *berserker { "berserker" } else { "norsemen" }
        ),
        V878Action::End => "end".to_string(),
    }
}

/// Splits an action line into words. Whitespace around the joiners `-`, `=` and `,` is
/// dropped, so `euruic - dunholm` and `norsemen = 3` read as intended.
fn action_words(text: &str) -> Vec<String> {
    let mut out = String::with_capacity(text.len() + 8);
    let mut glued = false;
    for c in text.chars() {
        match c {
            '-' | '=' | ',' => {
                while out.ends_with(char::is_whitespace) {
                    out.pop();
                }
                out.push(c);
                glued = true;
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

/// Reads one action, resolving Leaders against `state`. Case and extra whitespace do not
/// matter; a shire may be given by id, printed or modern name.
pub fn parse_action(state: &V878State, text: &str) -> Result<V878Action, NotationError> {
    parse_action_inner(state, text).map_err(NotationError::new)
}

/// A shire named by the remaining words (a name may hold spaces: `north riding`).
fn shire_of(words: &[&str]) -> Result<AreaId, String> {
    if words.is_empty() {
        return Err("a shire is missing".to_string());
    }
    parse_shire(&words.join(" "))
}

fn parse_army(words: &[&str]) -> Result<Army, String> {
    let mut army: Army = [0; 4];
    let mut seen = [false; 4];
    for w in words {
        let Some((key, value)) = w.split_once('=') else {
            return Err(format!(
                "army part '{w}' is not written FACTION=N (like norsemen=3)"
            ));
        };
        let f = parse_faction(key)?;
        if std::mem::replace(&mut seen[f as usize], true) {
            return Err(format!("faction '{}' given twice in the army", f.key()));
        }
        army[f as usize] = parse_num(value, "unit count")?;
    }
    Ok(army)
}

fn parse_action_inner(state: &V878State, text: &str) -> Result<V878Action, String> {
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
    let with_usage = |e: String| format!("{e}; '{verb}' is written '{usage}'");

    let action = match verb.as_str() {
        "pick" => {
            let [card] = args[..] else {
                return Err(wrong());
            };
            V878Action::Pick {
                card: parse_card(card)?,
            }
        }
        "default-deck" => {
            if !args.is_empty() {
                return Err(wrong());
            }
            V878Action::DefaultDeck
        }
        "place" => {
            let [name @ .., n] = &args[..] else {
                return Err(wrong());
            };
            if name.is_empty() {
                return Err(wrong());
            }
            V878Action::Place {
                shire: shire_of(name)?,
                n: parse_num(n, "unit count")?,
            }
        }
        "place-leader" => {
            let [leader, n] = args[..] else {
                return Err(wrong());
            };
            V878Action::PlaceOnLeader {
                leader: parse_leader(state, leader)?,
                n: parse_num(n, "unit count")?,
            }
        }
        "alfred" => {
            if args.is_empty() {
                return Err(wrong());
            }
            V878Action::PlaceAlfred {
                shire: shire_of(&args)?,
            }
        }
        "play" => {
            let [card] = args[..] else {
                return Err(wrong());
            };
            V878Action::PlayCard {
                card: parse_card(card)?,
            }
        }
        "march" => {
            let split = args
                .iter()
                .position(|w| w.contains('='))
                .unwrap_or(args.len());
            if split == 0 {
                return Err(wrong());
            }
            V878Action::March {
                path: parse_path(&args[..split].join(" "))?,
                army: parse_army(&args[split..])?,
            }
        }
        "raid" => {
            if args.is_empty() {
                return Err(wrong());
            }
            V878Action::Raid {
                path: parse_path(&args.join(" "))?,
            }
        }
        "step" => {
            let [leader, to @ ..] = &args[..] else {
                return Err(wrong());
            };
            if to.is_empty() {
                return Err(wrong());
            }
            V878Action::LeaderStep {
                leader: parse_leader(state, leader)?,
                to: shire_of(to)?,
            }
        }
        "board" | "alight" => {
            let [leader, faction, n] = args[..] else {
                return Err(wrong());
            };
            let leader = parse_leader(state, leader)?;
            let faction = parse_faction(faction)?;
            let n = parse_num(n, "unit count")?;
            if verb == "board" {
                V878Action::Board { leader, faction, n }
            } else {
                V878Action::Alight { leader, faction, n }
            }
        }
        "halt" => {
            let [leader] = args[..] else {
                return Err(wrong());
            };
            V878Action::Halt {
                leader: parse_leader(state, leader)?,
            }
        }
        "fight" => {
            if args.is_empty() {
                return Err(wrong());
            }
            V878Action::Fight {
                shire: shire_of(&args)?,
            }
        }
        "fyrd" => match lower[..] {
            ["yes"] => V878Action::CallFyrd { call: true },
            ["no"] => V878Action::CallFyrd { call: false },
            _ => return Err(wrong()),
        },
        "hit" => {
            let [kind, rest @ ..] = &args[..] else {
                return Err(wrong());
            };
            let kind = parse_kind(kind)?;
            let (spot, rest) = parse_spot(state, rest).map_err(with_usage)?;
            if !rest.is_empty() {
                return Err(wrong());
            }
            V878Action::TakeHit { kind, spot }
        }
        "flee" => {
            let (spot, rest) = parse_spot(state, &args).map_err(with_usage)?;
            if !rest.is_empty() {
                return Err(wrong());
            }
            V878Action::Flee { spot }
        }
        "leader-retreat" => match &lower[..] {
            [] => return Err(wrong()),
            ["stay"] => V878Action::LeaderRetreat { to: None },
            _ => V878Action::LeaderRetreat {
                to: Some(shire_of(&args)?),
            },
        },
        "command" => {
            if lower[..] == ["keep"] {
                V878Action::Command {
                    spot: Spot::Map,
                    to: None,
                }
            } else {
                let (spot, rest) = parse_spot(state, &args).map_err(with_usage)?;
                let to = match rest {
                    [] => return Err(wrong()),
                    [keep] if keep.eq_ignore_ascii_case("keep") => None,
                    name => Some(shire_of(name)?),
                };
                V878Action::Command { spot, to }
            }
        }
        "event" => {
            let [card, at @ ..] = &args[..] else {
                return Err(wrong());
            };
            let card = parse_card(card)?;
            match at {
                [] => V878Action::PlayEvent { card },
                [first, leader] if first.eq_ignore_ascii_case("card") => V878Action::PlayEventAt {
                    card,
                    at: At::Leader(parse_leader(state, leader)?),
                },
                name => V878Action::PlayEventAt {
                    card,
                    at: At::Shire(shire_of(name)?),
                },
            }
        }
        "block" => {
            if args.is_empty() {
                return Err(wrong());
            }
            V878Action::Block {
                shire: shire_of(&args)?,
            }
        }
        "pass" => {
            if !args.is_empty() {
                return Err(wrong());
            }
            V878Action::Pass
        }
        "danegeld" => match lower[..] {
            ["berserker"] => V878Action::PayDanegeld { berserker: true },
            ["norsemen"] => V878Action::PayDanegeld { berserker: false },
            _ => return Err(wrong()),
        },
        "end" => {
            if !args.is_empty() {
                return Err(wrong());
            }
            V878Action::End
        }
        _ => return Err(wrong()),
    };
    Ok(action)
}

// ---------------------------------------------------------------------------------------
// Positions.

const HEADER: &str = "v878 position";

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

const STAGES: [(Stage, &str); 5] = [
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

fn parse_stage(tok: &str) -> Result<Stage, String> {
    let lower = tok.to_ascii_lowercase();
    STAGES
        .iter()
        .find(|(_, n)| *n == lower)
        .map(|(s, _)| *s)
        .ok_or_else(|| {
            let names: Vec<&str> = STAGES.iter().map(|(_, n)| *n).collect();
            format!(
                "unknown stage '{tok}' (expected one of {})",
                names.join(", ")
            )
        })
}

/// Names of the event bits of `Battle::played`: bit `e as u32` is event `e`.
fn event_bit_names() -> Vec<&'static str> {
    let mut names = vec![""; 32];
    for e in CardEvent::ALL {
        if let Some(slot) = names.get_mut(e as usize) {
            *slot = e.key();
        }
    }
    names
}

/// Names of the bits of `Battle::extras`.
fn extra_bit_names() -> Vec<&'static str> {
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

fn parse_bits(tok: &str, names: &[&str], width: u32, what: &str) -> Result<u32, String> {
    let mut bits = 0u32;
    if tok.is_empty() || tok == "-" {
        return Ok(0);
    }
    for part in tok.split(',') {
        let lower = part.to_ascii_lowercase();
        let bit = match names.iter().position(|n| !n.is_empty() && *n == lower) {
            Some(i) => i as u32,
            None => match parse_num::<u32>(part, what) {
                Ok(i) if i < width => i,
                _ => {
                    let known: Vec<&str> =
                        names.iter().copied().filter(|n| !n.is_empty()).collect();
                    return Err(format!(
                        "unknown {what} '{part}' (expected {})",
                        known.join(", ")
                    ));
                }
            },
        };
        if bits & (1 << bit) != 0 {
            return Err(format!("{what} '{part}' given twice"));
        }
        bits |= 1 << bit;
    }
    Ok(bits)
}

const BATTLE_FLAGS: [&str; 7] = [
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
    // Destructured so that a new field cannot be forgotten here.
    let Battle {
        shire,
        attacker,
        roller,
        english_rolled,
        attacker_rolled,
        leader,
        charge_check,
        stage,
        played,
        extras,
        fort,
        burh,
        saxon_shield,
        shield_wall_used,
    } = b;
    let mut line = format!(
        "battle {} attacker={} roller={} stage={}",
        shire_text(*shire),
        attacker.key(),
        roller.key(),
        stage_name(*stage)
    );
    if let Some(i) = leader {
        line.push_str(&format!(" leader={}", leader_text(state, *i)));
    }
    if *played != 0 {
        line.push_str(&format!(
            " played={}",
            bits_text(*played, &event_bit_names())
        ));
    }
    if *extras != 0 {
        line.push_str(&format!(
            " extras={}",
            bits_text(*extras as u32, &extra_bit_names())
        ));
    }
    let flags = [
        *english_rolled,
        *attacker_rolled,
        *charge_check,
        *fort,
        *burh,
        *saxon_shield,
        *shield_wall_used,
    ];
    for (set, name) in flags.iter().zip(BATTLE_FLAGS) {
        if *set {
            line.push(' ');
            line.push_str(name);
        }
    }
    line
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

fn parse_shire_bits(tok: &str) -> Result<u64, String> {
    let mut bits = 0u64;
    if tok.is_empty() || tok == "-" {
        return Ok(0);
    }
    for part in tok.split(',') {
        let i = if !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()) {
            match part.parse::<u16>() {
                Ok(i) if i < 64 => i,
                _ => return Err(format!("bad shire number '{part}' (at most 63)")),
            }
        } else {
            parse_shire(part)?.0
        };
        if i >= 64 {
            return Err(format!("shire '{part}' cannot be blocked (ids above 63)"));
        }
        if bits & (1 << i) != 0 {
            return Err(format!("shire '{part}' given twice"));
        }
        bits |= 1 << i;
    }
    Ok(bits)
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

fn parse_effects(words: &[&str]) -> Result<TurnEffects, String> {
    if let [none] = words {
        if none.eq_ignore_ascii_case("none") {
            return Ok(TurnEffects::default());
        }
    }
    let fields = Fields::read(
        words,
        &["forced-march", "blocked", "rebellion"],
        &["shield-wall", "danegeld", "viking-ships"],
    )?;
    Ok(TurnEffects {
        shield_wall: fields.has("shield-wall"),
        danegeld: fields.has("danegeld"),
        blocked: fields.get("blocked").map_or(Ok(0), parse_shire_bits)?,
        viking_ships: fields.has("viking-ships"),
        forced_march: fields.get("forced-march").map(parse_faction).transpose()?,
        rebellion: fields.get("rebellion").map(parse_shire).transpose()?,
    })
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
    // Destructured so that a new field cannot be forgotten here.
    let V878State {
        options,
        round,
        order,
        phase,
        factions,
        map,
        moved,
        leaders,
        invasion,
        invasion_drawn,
        fyrd_deck,
        fyrd_discard,
        fyrd_stock,
        marked,
        raiders,
        plundered,
        markers,
        budget,
        effects,
        battle: _,
        pending,
        finish,
        chance: _,
    } = state;
    let V878Options {
        scenario,
        share_allied_hands,
        printed_decks,
    } = options;
    let scenario = match data().scenarios().get(*scenario as usize) {
        Some(s) => s.id.clone(),
        None => format!("?{scenario}"),
    };
    let mut lines = vec![
        HEADER.to_string(),
        format!("scenario {scenario}"),
        format!(
            "options hands={} decks={}",
            if *share_allied_hands {
                "shared"
            } else {
                "secret"
            },
            if *printed_decks { "printed" } else { "known" }
        ),
        format!("round {round}"),
        format!(
            "order {}",
            if order.is_empty() {
                "none".to_string()
            } else {
                order.iter().map(|f| f.key()).collect::<Vec<_>>().join(" ")
            }
        ),
        format!("phase {}", phase.name()),
        budget_line(budget),
        effects_line(effects),
    ];
    for (f, fs) in Faction::ALL.iter().zip(factions.iter()) {
        lines.push(faction_line(*f, fs));
    }
    lines.extend(leaders.iter().map(leader_line));
    lines.push(format!(
        "invasion deck={} drawn={}",
        numbers_text(invasion),
        numbers_text(invasion_drawn)
    ));
    lines.push(format!(
        "fyrd deck={} discard={} stock={fyrd_stock}",
        numbers_text(fyrd_deck),
        numbers_text(fyrd_discard)
    ));
    let on = marked
        .iter()
        .enumerate()
        .filter(|(_, m)| **m)
        .map(|(i, _)| AreaId(i as u16));
    lines.push(format!(
        "markers total={markers} on={} plundered={plundered}",
        shire_list(on)
    ));
    let raiders = troops_text(raiders);
    lines.push(format!(
        "raiders {}",
        if raiders.is_empty() { "none" } else { &raiders }
    ));
    lines.push(battle_line(state));
    lines.push(format!(
        "pending {}",
        if pending.is_empty() {
            "none".to_string()
        } else {
            pending
                .iter()
                .map(pending_text)
                .collect::<Vec<_>>()
                .join(" ; ")
        }
    ));
    lines.push(match finish {
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
    });
    for (word, rows) in [("troops", map), ("moved", moved)] {
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

/// True when two states hold the same position: every field but the chance stream.
pub fn same_position(a: &V878State, b: &V878State) -> bool {
    // Destructured so that a new field cannot be forgotten here.
    let V878State {
        options,
        round,
        order,
        phase,
        factions,
        map,
        moved,
        leaders,
        invasion,
        invasion_drawn,
        fyrd_deck,
        fyrd_discard,
        fyrd_stock,
        marked,
        raiders,
        plundered,
        markers,
        budget,
        effects,
        battle,
        pending,
        finish,
        chance: _,
    } = a;
    *options == b.options
        && *round == b.round
        && *order == b.order
        && *phase == b.phase
        && *factions == b.factions
        && *map == b.map
        && *moved == b.moved
        && *leaders == b.leaders
        && *invasion == b.invasion
        && *invasion_drawn == b.invasion_drawn
        && *fyrd_deck == b.fyrd_deck
        && *fyrd_discard == b.fyrd_discard
        && *fyrd_stock == b.fyrd_stock
        && *marked == b.marked
        && *raiders == b.raiders
        && *plundered == b.plundered
        && *markers == b.markers
        && *budget == b.budget
        && *effects == b.effects
        && *battle == b.battle
        && *pending == b.pending
        && *finish == b.finish
}

/// `key=value` words of a line, each key at most once and one of `keys`; bare words
/// (flags) are returned apart, in order.
struct Fields<'a> {
    values: Vec<(String, &'a str)>,
    flags: Vec<String>,
}

impl<'a> Fields<'a> {
    fn read(words: &[&'a str], keys: &[&str], flags: &[&str]) -> Result<Fields<'a>, String> {
        let mut out = Fields {
            values: Vec::new(),
            flags: Vec::new(),
        };
        for w in words {
            match w.split_once('=') {
                Some((k, v)) => {
                    let k = k.to_ascii_lowercase();
                    if !keys.contains(&k.as_str()) {
                        return Err(format!(
                            "unknown field '{w}' (expected {})",
                            keys.iter()
                                .map(|k| format!("{k}=..."))
                                .chain(flags.iter().map(|f| f.to_string()))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ));
                    }
                    if out.values.iter().any(|(seen, _)| *seen == k) {
                        return Err(format!("field '{k}' given twice"));
                    }
                    out.values.push((k, v));
                }
                None => {
                    let f = w.to_ascii_lowercase();
                    if !flags.contains(&f.as_str()) {
                        return Err(format!(
                            "unknown word '{w}' (expected {})",
                            keys.iter()
                                .map(|k| format!("{k}=..."))
                                .chain(flags.iter().map(|f| f.to_string()))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ));
                    }
                    if out.flags.contains(&f) {
                        return Err(format!("flag '{f}' given twice"));
                    }
                    out.flags.push(f);
                }
            }
        }
        Ok(out)
    }
    fn get(&self, key: &str) -> Option<&'a str> {
        self.values.iter().find(|(k, _)| k == key).map(|(_, v)| *v)
    }
    fn has(&self, flag: &str) -> bool {
        self.flags.iter().any(|f| f == flag)
    }
}

/// `kind=n` words into troops; each kind once.
fn parse_troops(words: &[&str]) -> Result<Troops, String> {
    let fields = Fields::read(words, &KINDS, &[])?;
    let mut t: Troops = [0; 5];
    for (i, k) in KINDS.iter().enumerate() {
        if let Some(v) = fields.get(k) {
            t[i] = parse_num(v, "unit count")?;
        }
    }
    Ok(t)
}

fn parse_faction_line(words: &[&str]) -> Result<(Faction, FactionState), String> {
    let Some((f, rest)) = words.split_first() else {
        return Err(
            "expected 'faction NAME hand=... deck=... discard=... treaty=... \
                    stock=N fled=N'"
                .to_string(),
        );
    };
    let f = parse_faction(f)?;
    let fields = Fields::read(
        rest,
        &["hand", "deck", "discard", "treaty", "stock", "fled"],
        &[],
    )?;
    let cards = |k: &str| fields.get(k).map_or(Ok(Vec::new()), parse_cards);
    let num = |k: &str| fields.get(k).map_or(Ok(0), |v| parse_num(v, k));
    let treaty_played = match fields.get("treaty").map(|v| v.to_ascii_lowercase()) {
        None => false,
        Some(v) if v == "no" => false,
        Some(v) if v == "played" => true,
        Some(v) => return Err(format!("bad treaty '{v}' (expected no or played)")),
    };
    Ok((
        f,
        FactionState {
            hand: cards("hand")?,
            deck: cards("deck")?,
            discard: cards("discard")?,
            treaty_played,
            stock: num("stock")?,
            fled: num("fled")?,
        },
    ))
}

fn parse_leader_line(words: &[&str]) -> Result<Leader, String> {
    let [name, place, rest @ ..] = words else {
        return Err("expected 'leader NAME PLACE [KIND=N ...] [moves=N] [moving] [done]'".into());
    };
    let card = parse_leader_card(name)?;
    let place = match place.to_ascii_lowercase().as_str() {
        "waiting" => LeaderPlace::Waiting,
        "off-map" => LeaderPlace::OffMap,
        "defeated" => LeaderPlace::Defeated,
        _ => LeaderPlace::OnMap(parse_shire(place).map_err(|e| {
            format!("{e}; a Leader's place is a shire, waiting, off-map or defeated")
        })?),
    };
    let mut keys: Vec<&str> = KINDS.to_vec();
    keys.push("moves");
    let fields = Fields::read(rest, &keys, &["moving", "done"])?;
    let mut troops: Troops = [0; 5];
    for (i, k) in KINDS.iter().enumerate() {
        if let Some(v) = fields.get(k) {
            troops[i] = parse_num(v, "unit count")?;
        }
    }
    Ok(Leader {
        card,
        place,
        troops,
        moves_left: fields
            .get("moves")
            .map_or(Ok(0), |v| parse_num(v, "moves"))?,
        moving: fields.has("moving"),
        done: fields.has("done"),
    })
}

fn parse_budget(words: &[&str]) -> Result<Option<MoveBudget>, String> {
    if let [none] = words {
        if none.eq_ignore_ascii_case("none") {
            return Ok(None);
        }
    }
    let fields = Fields::read(words, &["card", "armies", "shires"], &[])?;
    let (Some(card), Some(armies), Some(shires)) = (
        fields.get("card"),
        fields.get("armies"),
        fields.get("shires"),
    ) else {
        return Err("expected 'budget none' or 'budget card=CARD armies=N shires=N'".into());
    };
    Ok(Some(MoveBudget {
        card: parse_card(card)?,
        armies_left: parse_num(armies, "army count")?,
        shires: parse_num(shires, "shire count")?,
    }))
}

fn parse_battle(leaders: &[Leader], words: &[&str]) -> Result<Option<Battle>, String> {
    match words {
        [none] if none.eq_ignore_ascii_case("none") => Ok(None),
        [shire, rest @ ..] => {
            let fields = Fields::read(
                rest,
                &["attacker", "roller", "stage", "leader", "played", "extras"],
                &BATTLE_FLAGS,
            )?;
            let (Some(attacker), Some(roller)) = (fields.get("attacker"), fields.get("roller"))
            else {
                return Err("a battle needs attacker=SIDE and roller=SIDE".into());
            };
            let leader = match fields.get("leader") {
                None => None,
                Some(tok) => {
                    let card = parse_leader_card(tok)?;
                    Some(find_leader(leaders, card).ok_or_else(|| {
                        format!(
                            "battle leader '{}' is not among the 'leader' lines",
                            leader_name(card)
                        )
                    })?)
                }
            };
            let played = match fields.get("played") {
                None => 0,
                Some(tok) => parse_bits(tok, &event_bit_names(), 32, "event")?,
            };
            let extras = match fields.get("extras") {
                None => 0,
                Some(tok) => parse_bits(tok, &extra_bit_names(), 8, "extra roll")? as u8,
            };
            Ok(Some(Battle {
                shire: parse_shire(shire)?,
                attacker: parse_side(attacker)?,
                roller: parse_side(roller)?,
                english_rolled: fields.has("english-rolled"),
                attacker_rolled: fields.has("attacker-rolled"),
                leader,
                charge_check: fields.has("charge-check"),
                stage: fields
                    .get("stage")
                    .map_or(Ok(Stage::Exchange), parse_stage)?,
                played,
                extras,
                fort: fields.has("fort"),
                burh: fields.has("burh"),
                saxon_shield: fields.has("saxon-shield"),
                shield_wall_used: fields.has("shield-wall-used"),
            }))
        }
        [] => Err("expected 'battle none' or 'battle SHIRE attacker=SIDE roller=SIDE ...'".into()),
    }
}

fn parse_pending(part: &str) -> Result<Pending, String> {
    let words: Vec<&str> = part.split_whitespace().collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
    let bad = || {
        format!(
            "bad pending decision '{}' (expected 'place FACTION KIND N PURPOSE', \
             'alfred FACTION', 'fyrd FACTION', 'window FACTION', 'danegeld FACTION', \
             'blocks FACTION N', 'spy FACTION', 'rebellion FACTION SHIRE', \
             'choose-deck FACTION N', 'leader-retreat FACTION N [berserker-first]', \
             'hits FACTION N [berserker-first]', 'flee FACTION N' or 'command FACTION N')",
            part.trim()
        )
    };
    Ok(match (&words[..], &lower[..]) {
        ([_, f, k, n, p], ["place", ..]) => Pending::Place {
            faction: parse_faction(f)?,
            kind: parse_faction(k)?,
            left: parse_num(n, "unit count")?,
            purpose: Purpose::from_name(&p.to_ascii_lowercase()).ok_or_else(|| {
                let names: Vec<&str> = Purpose::ALL.iter().map(|p| p.name()).collect();
                format!(
                    "unknown purpose '{p}' (expected one of {})",
                    names.join(", ")
                )
            })?,
        },
        ([_, f], ["alfred", _]) => Pending::PlaceAlfred {
            faction: parse_faction(f)?,
        },
        ([_, f], ["fyrd", _]) => Pending::Fyrd {
            faction: parse_faction(f)?,
        },
        ([_, f], ["window", _]) => Pending::Window {
            faction: parse_faction(f)?,
        },
        ([_, f], ["danegeld", _]) => Pending::Danegeld {
            faction: parse_faction(f)?,
        },
        ([_, f, n], ["blocks", ..]) => Pending::Blocks {
            faction: parse_faction(f)?,
            left: parse_num(n, "shire count")?,
        },
        ([_, f, n], ["choose-deck", ..]) => Pending::ChooseDeck {
            faction: parse_faction(f)?,
            left: parse_num(n, "card count")?,
        },
        ([_, f], ["spy", _]) => Pending::Spy {
            faction: parse_faction(f)?,
        },
        ([_, f, shire], ["rebellion", ..]) => Pending::Rebellion {
            faction: parse_faction(f)?,
            shire: parse_shire(shire)?,
        },
        ([_, f, n], ["hits", ..]) => Pending::Hits {
            faction: parse_faction(f)?,
            hits: parse_num(n, "hit count")?,
            berserker_first: false,
        },
        ([_, f, n, _], ["hits", _, _, "berserker-first"]) => Pending::Hits {
            faction: parse_faction(f)?,
            hits: parse_num(n, "hit count")?,
            berserker_first: true,
        },
        ([_, f, n], ["leader-retreat", ..]) => Pending::LeaderRetreat {
            faction: parse_faction(f)?,
            hits: parse_num(n, "hit count")?,
            berserker_first: false,
        },
        ([_, f, n, _], ["leader-retreat", _, _, "berserker-first"]) => Pending::LeaderRetreat {
            faction: parse_faction(f)?,
            hits: parse_num(n, "hit count")?,
            berserker_first: true,
        },
        ([_, f, n], ["flee", ..]) => Pending::Flee {
            faction: parse_faction(f)?,
            left: parse_num(n, "unit count")?,
        },
        ([_, f, n], ["command", ..]) => Pending::Command {
            faction: parse_faction(f)?,
            left: parse_num(n, "unit count")?,
        },
        _ => return Err(bad()),
    })
}

fn parse_finish(rest: &str) -> Result<Option<Finish>, String> {
    let winner = |v: &str| parse_side(v).ok();
    Ok(
        finish_fields(rest, winner, "english|viking")?.map(|(winner, result, detail)| Finish {
            winner,
            result,
            detail,
        }),
    )
}

/// `-`, or shires joined by `,`.
fn parse_shire_list(tok: &str) -> Result<Vec<AreaId>, String> {
    if tok.is_empty() || tok == "-" {
        return Ok(Vec::new());
    }
    let parts: Vec<&str> = tok.split(',').collect();
    if parts.len() > MAX_PARTS {
        return Err(format!("too many shires in '{tok}'"));
    }
    parts.into_iter().map(parse_shire).collect()
}

/// Reads a position written by [`format_position`] (or by hand: blank lines and lines
/// starting with `#` are skipped; case does not matter outside quoted texts; header lines
/// left out take their defaults). The state's chance stream is seeded with `seed`.
pub fn parse_position(text: &str, seed: u64) -> Result<V878State, NotationError> {
    parse_position_inner(text, seed)
        .map_err(|(line, msg)| NotationError::new(format!("line {line}: {msg}")))
}

/// Line keys that appear at most once.
const SINGLE: [&str; 14] = [
    "scenario", "options", "round", "order", "phase", "budget", "effects", "invasion", "fyrd",
    "markers", "raiders", "battle", "pending", "finish",
];

fn parse_position_inner(text: &str, seed: u64) -> Result<V878State, (usize, String)> {
    let d = data();
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
    if head != ["v878", "position"] {
        return Err((n, format!("expected '{HEADER}', found '{first}'")));
    }

    let shires = d.shires().len();
    let mut scenario: Option<u8> = None;
    let mut share_allied_hands = false;
    let mut printed_decks = false;
    let mut round = 1u8;
    let mut order: Vec<Faction> = Vec::new();
    let mut phase: Option<Phase> = None;
    let mut budget: Option<MoveBudget> = None;
    let mut effects = TurnEffects::default();
    let mut factions: [FactionState; 4] = std::array::from_fn(|_| FactionState {
        hand: Vec::new(),
        deck: Vec::new(),
        discard: Vec::new(),
        treaty_played: false,
        stock: 0,
        fled: 0,
    });
    let mut faction_seen = [false; 4];
    let mut leaders: Vec<Leader> = Vec::new();
    let mut invasion: Vec<u8> = Vec::new();
    let mut invasion_drawn: Vec<u8> = Vec::new();
    let mut fyrd_deck: Vec<u8> = Vec::new();
    let mut fyrd_discard: Vec<u8> = Vec::new();
    let mut fyrd_stock = 0u8;
    let mut marked = vec![false; shires];
    let mut markers: Option<u8> = None;
    let mut raiders: Troops = [0; 5];
    let mut plundered = 0u8;
    let mut battle_line: Option<(usize, Vec<&str>)> = None;
    let mut pending: Vec<Pending> = Vec::new();
    let mut finish: Option<Finish> = None;
    let mut map: Vec<Troops> = vec![[0; 5]; shires];
    let mut moved: Vec<Troops> = vec![[0; 5]; shires];
    let mut map_seen = vec![false; shires];
    let mut moved_seen = vec![false; shires];
    let mut seen: Vec<String> = Vec::new();

    for (n, line) in lines {
        let (key, rest) = match line.split_once(char::is_whitespace) {
            Some((k, r)) => (k, r.trim()),
            None => (line, ""),
        };
        let key = key.to_ascii_lowercase();
        if SINGLE.contains(&key.as_str()) {
            if seen.contains(&key) {
                return Err((n, format!("'{key}' given twice")));
            }
            seen.push(key.clone());
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let at = |e: String| (n, e);
        match key.as_str() {
            "scenario" => {
                let index = d
                    .scenarios()
                    .iter()
                    .position(|s| s.id.eq_ignore_ascii_case(rest))
                    .ok_or_else(|| {
                        let ids: Vec<&str> = d.scenarios().iter().map(|s| s.id.as_str()).collect();
                        (
                            n,
                            format!(
                                "unknown scenario '{rest}' (expected one of {})",
                                ids.join(", ")
                            ),
                        )
                    })?;
                scenario = Some(u8::try_from(index).map_err(|_| (n, "too many scenarios".into()))?);
            }
            "options" => {
                let fields = Fields::read(&words, &["hands", "decks"], &[]).map_err(at)?;
                printed_decks = match fields.get("decks").map(|v| v.to_ascii_lowercase()) {
                    None => false,
                    Some(v) if v == "known" => false,
                    Some(v) if v == "printed" => true,
                    Some(v) => {
                        return Err((n, format!("bad decks '{v}' (expected known or printed)")))
                    }
                };
                share_allied_hands = match fields.get("hands").map(|v| v.to_ascii_lowercase()) {
                    None => false,
                    Some(v) if v == "secret" => false,
                    Some(v) if v == "shared" => true,
                    Some(v) => {
                        return Err((n, format!("bad hands '{v}' (expected secret or shared)")))
                    }
                };
            }
            "round" => {
                let [r] = words[..] else {
                    return Err((n, "expected 'round N'".to_string()));
                };
                round = parse_num(r, "round").map_err(at)?;
            }
            "order" => {
                if !(words.len() == 1 && words[0].eq_ignore_ascii_case("none")) {
                    for w in &words {
                        let f = parse_faction(w).map_err(at)?;
                        if order.contains(&f) {
                            return Err((n, format!("faction '{}' twice in the order", f.key())));
                        }
                        order.push(f);
                    }
                }
            }
            "phase" => {
                let [p] = words[..] else {
                    return Err((n, "expected 'phase NAME'".to_string()));
                };
                phase = Some(Phase::from_name(&p.to_ascii_lowercase()).ok_or_else(|| {
                    let names: Vec<&str> = Phase::ALL.iter().map(|p| p.name()).collect();
                    (
                        n,
                        format!("unknown phase '{p}' (expected one of {})", names.join(", ")),
                    )
                })?);
            }
            "budget" => budget = parse_budget(&words).map_err(at)?,
            "effects" => effects = parse_effects(&words).map_err(at)?,
            "faction" => {
                let (f, fs) = parse_faction_line(&words).map_err(at)?;
                if std::mem::replace(&mut faction_seen[f as usize], true) {
                    return Err((n, format!("faction '{}' given twice", f.key())));
                }
                factions[f as usize] = fs;
            }
            "leader" => {
                let l = parse_leader_line(&words).map_err(at)?;
                if leaders.iter().any(|o| o.card == l.card) {
                    return Err((n, format!("Leader {} is listed twice", leader_name(l.card))));
                }
                if leaders.len() > u8::MAX as usize {
                    return Err((n, "too many Leaders".to_string()));
                }
                leaders.push(l);
            }
            "invasion" => {
                let fields = Fields::read(&words, &["deck", "drawn"], &[]).map_err(at)?;
                let cards = |k: &str| fields.get(k).map_or(Ok(Vec::new()), parse_cards);
                invasion = cards("deck").map_err(at)?;
                invasion_drawn = cards("drawn").map_err(at)?;
            }
            "fyrd" => {
                let fields =
                    Fields::read(&words, &["deck", "discard", "stock"], &[]).map_err(at)?;
                let cards = |k: &str| fields.get(k).map_or(Ok(Vec::new()), parse_cards);
                fyrd_deck = cards("deck").map_err(at)?;
                fyrd_discard = cards("discard").map_err(at)?;
                fyrd_stock = fields
                    .get("stock")
                    .map_or(Ok(0), |v| parse_num(v, "Fyrd stock"))
                    .map_err(at)?;
            }
            "markers" => {
                let fields =
                    Fields::read(&words, &["total", "on", "plundered"], &[]).map_err(at)?;
                if let Some(t) = fields.get("total") {
                    markers = Some(parse_num(t, "marker total").map_err(at)?);
                }
                if let Some(p) = fields.get("plundered") {
                    plundered = parse_num(p, "plundered count").map_err(at)?;
                }
                for s in parse_shire_list(fields.get("on").unwrap_or("-")).map_err(at)? {
                    if let Some(m) = marked.get_mut(s.0 as usize) {
                        if std::mem::replace(m, true) {
                            return Err((n, format!("shire '{}' marked twice", shire_text(s))));
                        }
                    }
                }
            }
            "raiders" => {
                if !(words.len() == 1 && words[0].eq_ignore_ascii_case("none")) {
                    raiders = parse_troops(&words).map_err(at)?;
                }
            }
            "battle" => battle_line = Some((n, words)),
            "pending" => {
                if !rest.eq_ignore_ascii_case("none") {
                    for part in rest.split(';') {
                        pending.push(parse_pending(part).map_err(at)?);
                    }
                }
            }
            "finish" => finish = parse_finish(rest).map_err(at)?,
            "troops" | "moved" => {
                let Some((shire, kinds)) = words.split_first() else {
                    return Err((n, format!("expected '{key} SHIRE KIND=N ...'")));
                };
                let s = parse_shire(shire).map_err(at)?.0 as usize;
                let (rows, seen_rows) = if key == "troops" {
                    (&mut map, &mut map_seen)
                } else {
                    (&mut moved, &mut moved_seen)
                };
                let (Some(row), Some(was)) = (rows.get_mut(s), seen_rows.get_mut(s)) else {
                    return Err((n, format!("unknown shire '{shire}'")));
                };
                if std::mem::replace(was, true) {
                    return Err((n, format!("'{key} {shire}' given twice")));
                }
                *row = parse_troops(kinds).map_err(at)?;
            }
            _ => {
                return Err((
                    n,
                    format!(
                        "unknown line '{line}' (expected scenario, options, round, order, \
                         phase, budget, effects, faction, leader, invasion, fyrd, markers, \
                         raiders, battle, \
                         pending, finish, troops or moved)"
                    ),
                ))
            }
        }
    }

    let last = text.lines().count().max(1);
    let Some(scenario) = scenario else {
        return Err((last, "the position has no 'scenario' line".to_string()));
    };
    let Some(phase) = phase else {
        return Err((last, "the position has no 'phase' line".to_string()));
    };
    let battle = match battle_line {
        None => None,
        Some((n, words)) => parse_battle(&leaders, &words).map_err(|e| (n, e))?,
    };
    let markers = markers.unwrap_or_else(|| {
        d.scenarios()
            .get(scenario as usize)
            .map_or(0, |s| s.markers.total)
    });

    Ok(V878State {
        options: V878Options {
            scenario,
            share_allied_hands,
            printed_decks,
        },
        round,
        order,
        phase,
        factions,
        map,
        moved,
        leaders,
        invasion,
        invasion_drawn,
        fyrd_deck,
        fyrd_discard,
        fyrd_stock,
        marked,
        raiders,
        plundered,
        markers,
        budget,
        effects,
        battle,
        pending,
        finish,
        chance: Chance::new(seed),
    })
}

// ---------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::super::V878;
    use super::*;
    use crate::engine::{Game, Seat, Turn};
    use proptest::prelude::*;

    fn s(name: &str) -> AreaId {
        data().find(name).expect("test shire on the map")
    }

    fn standard() -> V878Options {
        V878Options::for_scenario("standard").expect("standard scenario")
    }

    /// The standard game just set up (English extra units to place).
    fn fresh(seed: u64) -> V878State {
        V878::setup(&standard(), seed)
    }

    fn idx(state: &V878State, card: u8) -> u8 {
        find_leader(&state.leaders, card).expect("test Leader")
    }

    /// Every variant, with the text it must print as.
    fn every_action(st: &V878State) -> Vec<(V878Action, &'static str)> {
        let l01 = idx(st, 1);
        let alfred = idx(st, 0);
        vec![
            (
                V878Action::Place {
                    shire: s("uintancaestir"),
                    n: 2,
                },
                "place uintancaestir 2",
            ),
            (
                V878Action::PlaceOnLeader { leader: l01, n: 3 },
                "place-leader L01 3",
            ),
            (
                V878Action::PlaceAlfred {
                    shire: s("uintancaestir"),
                },
                "alfred uintancaestir",
            ),
            (V878Action::PlayCard { card: 4 }, "play 04"),
            (V878Action::PlayCard { card: 1 }, "play 01"),
            (
                V878Action::March {
                    path: vec![s("euruic"), s("north_riding"), s("dunholm")],
                    army: [0, 0, 3, 1],
                },
                "march euruic-north_riding-dunholm norsemen=3 berserker=1",
            ),
            (
                V878Action::March {
                    path: vec![s("lundenwic"), s("eastseaxe")],
                    army: [2, 1, 0, 0],
                },
                "march lundenwic-eastseaxe housecarl=2 thegn=1",
            ),
            (
                V878Action::Raid {
                    path: vec![s("bernicia"), s("dunholm")],
                },
                "raid bernicia-dunholm",
            ),
            (
                V878Action::LeaderStep {
                    leader: l01,
                    to: s("dunholm"),
                },
                "step L01 dunholm",
            ),
            (
                V878Action::Board {
                    leader: l01,
                    faction: Faction::Norsemen,
                    n: 2,
                },
                "board L01 norsemen 2",
            ),
            (
                V878Action::Alight {
                    leader: alfred,
                    faction: Faction::Thegn,
                    n: 1,
                },
                "alight alfred thegn 1",
            ),
            (V878Action::Halt { leader: l01 }, "halt L01"),
            (V878Action::Fight { shire: s("euruic") }, "fight euruic"),
            (V878Action::CallFyrd { call: true }, "fyrd yes"),
            (V878Action::CallFyrd { call: false }, "fyrd no"),
            (
                V878Action::TakeHit {
                    kind: Faction::Berserker as u8,
                    spot: Spot::Map,
                },
                "hit berserker map",
            ),
            (
                V878Action::TakeHit {
                    kind: FYRD_KIND,
                    spot: Spot::Map,
                },
                "hit fyrd map",
            ),
            (
                V878Action::TakeHit {
                    kind: Faction::Norsemen as u8,
                    spot: Spot::Card(l01),
                },
                "hit norsemen card L01",
            ),
            (V878Action::Flee { spot: Spot::Map }, "flee map"),
            (
                V878Action::Flee {
                    spot: Spot::Card(l01),
                },
                "flee card L01",
            ),
            (
                V878Action::Command {
                    spot: Spot::Map,
                    to: Some(s("euruic")),
                },
                "command map euruic",
            ),
            (
                V878Action::Command {
                    spot: Spot::Card(alfred),
                    to: Some(s("sudrige")),
                },
                "command card alfred sudrige",
            ),
            (
                V878Action::Command {
                    spot: Spot::Map,
                    to: None,
                },
                "command keep",
            ),
            (
                V878Action::Command {
                    spot: Spot::Card(l01),
                    to: None,
                },
                "command card L01 keep",
            ),
            (V878Action::PlayEvent { card: 11 }, "event 11"),
            (
                V878Action::PlayEventAt {
                    card: 9,
                    at: At::Shire(s("euruic")),
                },
                "event 09 euruic",
            ),
            (
                V878Action::PlayEventAt {
                    card: 15,
                    at: At::Leader(l01),
                },
                "event 15 card L01",
            ),
            (
                V878Action::Block {
                    shire: s("cantuarabyrg"),
                },
                "block cantuarabyrg",
            ),
            (V878Action::Pass, "pass"),
            (
                V878Action::PayDanegeld { berserker: true },
                "danegeld berserker",
            ),
            (
                V878Action::PayDanegeld { berserker: false },
                "danegeld norsemen",
            ),
            (V878Action::Pick { card: 13 }, "pick 13"),
            (
                V878Action::LeaderRetreat {
                    to: Some(s("north_riding")),
                },
                "leader-retreat north_riding",
            ),
            (
                V878Action::LeaderRetreat { to: None },
                "leader-retreat stay",
            ),
            (V878Action::DefaultDeck, "default-deck"),
            (V878Action::End, "end"),
        ]
    }

    use super::super::state::FYRD;
    const FYRD_KIND: u8 = FYRD as u8;

    /// Every variant of the action type appears in `every_action` (checked by a match
    /// that fails to compile when a variant is added).
    fn variant_index(a: &V878Action) -> usize {
        match a {
            V878Action::Place { .. } => 0,
            V878Action::PlaceOnLeader { .. } => 1,
            V878Action::PlaceAlfred { .. } => 2,
            V878Action::PlayCard { .. } => 3,
            V878Action::March { .. } => 4,
            V878Action::LeaderStep { .. } => 5,
            V878Action::Board { .. } => 6,
            V878Action::Alight { .. } => 7,
            V878Action::Halt { .. } => 8,
            V878Action::Fight { .. } => 9,
            V878Action::CallFyrd { .. } => 10,
            V878Action::TakeHit { .. } => 11,
            V878Action::Flee { .. } => 12,
            V878Action::Command { .. } => 13,
            V878Action::PlayEvent { .. } => 14,
            V878Action::Pass => 15,
            V878Action::PayDanegeld { .. } => 16,
            V878Action::End => 17,
            V878Action::PlayEventAt { .. } => 18,
            V878Action::Block { .. } => 19,
            V878Action::Raid { .. } => 20,
            V878Action::Pick { .. } => 21,
            V878Action::DefaultDeck => 22,
            V878Action::LeaderRetreat { .. } => 23,
        }
    }

    #[test]
    fn v878_notation_every_action_round_trips() {
        let st = fresh(1);
        let mut covered = [false; 24];
        for (action, text) in every_action(&st) {
            covered[variant_index(&action)] = true;
            assert_eq!(format_action(&st, &action), text);
            assert_eq!(parse_action(&st, text), Ok(action.clone()), "{text}");
            assert_eq!(
                parse_action(&st, &text.to_ascii_uppercase()),
                Ok(action),
                "{text}"
            );
        }
        assert!(covered.iter().all(|c| *c), "{covered:?}");
    }

    #[test]
    fn v878_notation_actions_forgive_case_spacing_and_names() {
        let st = fresh(1);
        let cases = [
            (
                "  MARCH York - North Riding - Durham  Norsemen = 3 berserker=1 ",
                "march euruic-north_riding-dunholm norsemen=3 berserker=1",
            ),
            ("place Winchester 2", "place uintancaestir 2"),
            ("place UINTANCÆSTIR 2", "place uintancaestir 2"),
            ("Place West Riding 1", "place elmet 1"),
            ("fight Grantebrycg-scīr", "fight grantebrycg"),
            (
                "march Grantebrycg-scīr-Lundenwic thegn=2",
                "march grantebrycg-lundenwic thegn=2",
            ),
            ("alfred Winchester", "alfred uintancaestir"),
            ("Alfred   uintancaestir", "alfred uintancaestir"),
            ("place-leader l1 3", "place-leader L01 3"),
            ("place-leader Halfdan 3", "place-leader L01 3"),
            ("step ivar durham", "step L02 dunholm"),
            ("step IvarTheBoneless durham", "step L02 dunholm"),
            ("board Alfred thegn 1", "board alfred thegn 1"),
            ("event 09 north riding", "event 09 north_riding"),
            ("event 15 CARD halfdan", "event 15 card L01"),
            ("block Canterbury", "block cantuarabyrg"),
            ("play 4", "play 04"),
            ("hit Fyrd MAP", "hit fyrd map"),
            ("hit norsemen card halfdan", "hit norsemen card L01"),
            ("command map york", "command map euruic"),
            ("command map keep", "command keep"),
            ("COMMAND KEEP", "command keep"),
            ("fyrd YES", "fyrd yes"),
            ("Event 11", "event 11"),
            (" END ", "end"),
        ];
        for (input, canonical) in cases {
            let a = parse_action(&st, input).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(format_action(&st, &a), canonical, "{input}");
        }
    }

    fn err(st: &V878State, text: &str) -> String {
        match parse_action(st, text) {
            Ok(a) => panic!("'{text}' parsed as {a:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn v878_notation_action_errors_say_what_is_wrong() {
        let st = fresh(1);
        assert!(err(&st, "").contains("empty action"));
        assert!(err(&st, " \t ").contains("empty action"));
        let e = err(&st, "charge euruic");
        assert!(
            e.contains("unknown action 'charge'") && e.contains("march"),
            "{e}"
        );
        assert!(err(&st, "fight atlantis").contains("unknown shire 'atlantis'"));
        assert!(err(&st, "march euruic-atlantis norsemen=1").contains("unknown shire 'atlantis'"));
        assert!(err(&st, "march euruic--dunholm norsemen=1").contains("empty step"));
        assert!(err(&st, "march norsemen=1").contains("march PATH"));
        assert!(err(&st, "march euruic-dunholm danes=1").contains("unknown faction 'danes'"));
        assert!(err(&st, "march euruic-dunholm norsemen").contains("unknown shire"));
        assert!(err(&st, "march euruic-dunholm norsemen=1 norsemen=2").contains("given twice"));
        assert!(err(&st, "march euruic-dunholm norsemen=300").contains("bad unit count '300'"));
        assert!(err(&st, "place uintancaestir").contains("place SHIRE N"));
        assert!(err(&st, "place 2").contains("place SHIRE N"));
        assert!(err(&st, "place uintancaestir x1").contains("bad unit count 'x1'"));
        assert!(err(&st, "play 00").contains("bad card '00'"));
        assert!(err(&st, "play four").contains("bad card 'four'"));
        assert!(err(&st, "play 04 05").contains("play CARD"));
        assert!(err(&st, "step L09 dunholm").contains("no Leader 'L09'"));
        assert!(err(&st, "step L999 dunholm").contains("too large"));
        assert!(err(&st, "step bob dunholm").contains("bad Leader 'bob'"));
        assert!(err(&st, "step L01").contains("step LEADER SHIRE"));
        assert!(err(&st, "board L01 fyrd 2").contains("unknown faction 'fyrd'"));
        assert!(err(&st, "hit danes map").contains("unknown unit kind 'danes'"));
        let e = err(&st, "hit norsemen deck");
        assert!(
            e.contains("expected a spot") && e.contains("hit KIND"),
            "{e}"
        );
        assert!(err(&st, "hit norsemen map now").contains("hit KIND"));
        assert!(err(&st, "flee card").contains("expected a spot"));
        assert!(err(&st, "command map").contains("command map|card"));
        assert!(err(&st, "fyrd maybe").contains("yes|no"));
        assert!(err(&st, "danegeld gold").contains("berserker|norsemen"));
        assert!(err(&st, "end now").contains("'end'"));
        assert!(err(&st, "pass on").contains("'pass'"));
        // Text that is not ASCII must not reach byte slicing anywhere.
        assert!(err(&st, "step Lé1 dunholm").contains("bad Leader"));
        assert!(err(&st, "play ééé").contains("bad card"));
    }

    /// A position that uses every field, flag, pending kind and battle part.
    fn rich_position() -> V878State {
        let mut st = fresh(3);
        st.options.share_allied_hands = true;
        st.round = 4;
        st.order = vec![Faction::Thegn, Faction::Berserker];
        st.phase = Phase::Battles;
        st.budget = Some(MoveBudget {
            card: 4,
            armies_left: 1,
            shires: 3,
        });
        st.effects = TurnEffects {
            shield_wall: true,
            danegeld: true,
            blocked: 1 << s("cantuarabyrg").0 | 1 << s("exanceaster").0,
            viking_ships: true,
            forced_march: Some(Faction::Housecarl),
            rebellion: Some(s("lundenwic")),
        };
        st.factions[0].discard = vec![2, 9];
        st.factions[0].treaty_played = true;
        st.factions[1].hand.clear();
        st.factions[2].fled = 3;
        st.factions[3].stock = 0;
        st.map[s("euruic").0 as usize] = [2, 1, 4, 3, 5];
        st.moved[s("euruic").0 as usize] = [0, 0, 4, 0, 0];
        st.moved[s("cornwalas").0 as usize] = [0, 1, 0, 0, 0];
        let l01 = idx(&st, 1) as usize;
        st.leaders[l01].place = LeaderPlace::OnMap(s("euruic"));
        st.leaders[l01].moves_left = 2;
        st.leaders[l01].moving = true;
        st.leaders[l01].done = true;
        st.leaders[l01].troops[FYRD] = 1;
        let alfred = idx(&st, 0) as usize;
        st.leaders[alfred].place = LeaderPlace::OnMap(s("uintancaestir"));
        st.leaders[alfred].troops = [3, 2, 0, 0, 0];
        let l02 = idx(&st, 2) as usize;
        st.leaders[l02].place = LeaderPlace::Defeated;
        st.invasion_drawn = vec![2];
        st.invasion.retain(|c| *c != 2);
        st.fyrd_discard = vec![st.fyrd_deck.pop().unwrap()];
        st.fyrd_stock = 17;
        st.marked[s("euruic").0 as usize] = true;
        st.marked[s("dunholm").0 as usize] = true;
        st.markers = 15;
        st.raiders = [0, 0, 6, 2, 0];
        st.plundered = 2;
        st.battle = Some(Battle {
            shire: s("euruic"),
            attacker: Side::Viking,
            roller: Side::English,
            english_rolled: true,
            attacker_rolled: true,
            leader: Some(l01 as u8),
            charge_check: true,
            stage: Stage::Extras,
            played: 1 << (CardEvent::Archers as u32) | 1 << (CardEvent::ShieldWall as u32),
            extras: extra::AMBUSH | extra::ARCHERS,
            fort: true,
            burh: true,
            saxon_shield: true,
            shield_wall_used: true,
        });
        st.pending = vec![
            Pending::Place {
                faction: Faction::Norsemen,
                kind: Faction::Berserker,
                left: 2,
                purpose: Purpose::Invaders,
            },
            Pending::PlaceAlfred {
                faction: Faction::Housecarl,
            },
            Pending::Fyrd {
                faction: Faction::Thegn,
            },
            Pending::Window {
                faction: Faction::Berserker,
            },
            Pending::Danegeld {
                faction: Faction::Norsemen,
            },
            Pending::Blocks {
                faction: Faction::Housecarl,
                left: 2,
            },
            Pending::Spy {
                faction: Faction::Thegn,
            },
            Pending::ChooseDeck {
                faction: Faction::Berserker,
                left: 4,
            },
            Pending::Rebellion {
                faction: Faction::Berserker,
                shire: s("euruic"),
            },
            Pending::Hits {
                faction: Faction::Thegn,
                hits: 3,
                berserker_first: true,
            },
            Pending::Hits {
                faction: Faction::Norsemen,
                hits: 1,
                berserker_first: false,
            },
            Pending::LeaderRetreat {
                faction: Faction::Norsemen,
                hits: 2,
                berserker_first: true,
            },
            Pending::LeaderRetreat {
                faction: Faction::Housecarl,
                hits: 1,
                berserker_first: false,
            },
            Pending::Flee {
                faction: Faction::Housecarl,
                left: 2,
            },
            Pending::Command {
                faction: Faction::Berserker,
                left: 1,
            },
        ];
        st.finish = Some(Finish {
            winner: Side::English,
            result: "English victory".to_string(),
            detail: "a \"quoted\" word,\n a tab\t, a back\\slash, é, \u{7}".to_string(),
        });
        st
    }

    fn assert_round_trip(st: &V878State) {
        let text = format_position(st);
        let back = parse_position(&text, 7).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert!(same_position(st, &back), "not the same position:\n{text}");
        assert_eq!(format_position(&back), text);
    }

    #[test]
    fn v878_notation_rich_position_round_trips() {
        let st = rich_position();
        let text = format_position(&st);
        assert!(
            text.starts_with(
                "v878 position\nscenario standard\noptions hands=shared decks=known\nround 4\n"
            ),
            "{text}"
        );
        for line in [
            "order thegn berserker",
            "phase battles",
            "budget card=04 armies=1 shires=3",
            "effects shield-wall danegeld viking-ships forced-march=housecarl \
             blocked=cantuarabyrg,exanceaster rebellion=lundenwic",
            "leader L01 euruic norsemen=17 berserker=8 fyrd=1 moves=2 moving done",
            "leader alfred uintancaestir housecarl=3 thegn=2",
            "leader L02 defeated",
            "markers total=15 on=dunholm,euruic plundered=2",
            "raiders norsemen=6 berserker=2",
            "battle euruic attacker=viking roller=english stage=extras leader=L01 \
             played=archers,shield_wall extras=ambush,archers english-rolled attacker-rolled \
             charge-check fort burh saxon-shield shield-wall-used",
            "pending place norsemen berserker 2 invaders ; alfred housecarl ; fyrd thegn ; \
             window berserker ; danegeld norsemen ; blocks housecarl 2 ; spy thegn ; \
             choose-deck berserker 4 ; \
             rebellion berserker euruic ; hits thegn 3 berserker-first ; \
             hits norsemen 1 ; leader-retreat norsemen 2 berserker-first ; \
             leader-retreat housecarl 1 ; flee housecarl 2 ; command berserker 1",
            "troops euruic housecarl=2 thegn=1 norsemen=4 berserker=3 fyrd=5",
            "moved euruic norsemen=4",
            "moved cornwalas thegn=1",
        ] {
            assert!(text.lines().any(|l| l == line), "{line}\nnot in\n{text}");
        }
        assert!(text.contains("\nfaction housecarl hand="));
        assert!(text.contains(" discard=02,09 treaty=played "));
        assert!(text.contains("\nfaction thegn hand=- deck="));
        assert!(text.contains("\nfinish winner=english result=\"English victory\" detail="));
        assert_round_trip(&st);
    }

    #[test]
    fn v878_notation_each_part_round_trips_alone() {
        let base = fresh(4);
        assert_round_trip(&base);
        let text = format_position(&base);
        for line in [
            "budget none",
            "effects none",
            "battle none",
            "pending place housecarl housecarl 4 extra ; place thegn thegn 4 extra",
            "finish none",
            "order none",
            "phase setup",
        ] {
            assert!(text.lines().any(|l| l == line), "{line}\nnot in\n{text}");
        }
        for stage in [
            Stage::Windows,
            Stage::Fyrd,
            Stage::Danegeld,
            Stage::Extras,
            Stage::Exchange,
        ] {
            let mut st = base.clone();
            st.battle = Some(Battle {
                shire: s("lundenwic"),
                attacker: Side::English,
                roller: Side::Viking,
                english_rolled: false,
                attacker_rolled: false,
                leader: None,
                charge_check: false,
                stage,
                played: 0,
                extras: 0,
                fort: false,
                burh: false,
                saxon_shield: false,
                shield_wall_used: false,
            });
            assert_round_trip(&st);
        }
        for (i, flag) in BATTLE_FLAGS.iter().enumerate() {
            let mut st = rich_position();
            let b = st.battle.as_mut().unwrap();
            let flags = [
                &mut b.english_rolled,
                &mut b.attacker_rolled,
                &mut b.charge_check,
                &mut b.fort,
                &mut b.burh,
                &mut b.saxon_shield,
                &mut b.shield_wall_used,
            ];
            for (j, f) in flags.into_iter().enumerate() {
                *f = i == j;
            }
            assert!(format_position(&st).contains(flag));
            assert_round_trip(&st);
        }
        for place in [
            LeaderPlace::Waiting,
            LeaderPlace::OffMap,
            LeaderPlace::OnMap(s("cornwalas")),
            LeaderPlace::Defeated,
        ] {
            let mut st = base.clone();
            st.leaders[3].place = place;
            assert_round_trip(&st);
        }
        for purpose in Purpose::ALL {
            let mut st = base.clone();
            st.pending = vec![Pending::Place {
                faction: Faction::Berserker,
                kind: Faction::Norsemen,
                left: 9,
                purpose,
            }];
            assert_round_trip(&st);
        }
        for phase in Phase::ALL {
            let mut st = base.clone();
            st.phase = phase;
            assert_round_trip(&st);
        }
        let mut st = base.clone();
        st.options.printed_decks = true;
        assert!(format_position(&st).contains("\noptions hands=secret decks=printed\n"));
        assert_round_trip(&st);
        // Bits without a name print as their number.
        let mut st = rich_position();
        let b = st.battle.as_mut().unwrap();
        b.played = 1 << 31;
        b.extras = 1 << 7;
        assert!(format_position(&st).contains(" played=31 extras=7 "));
        assert_round_trip(&st);
        // Nothing at all.
        let mut st = base.clone();
        st.leaders.clear();
        st.pending.clear();
        st.factions.iter_mut().for_each(|f| {
            f.hand.clear();
            f.deck.clear();
        });
        st.map.iter_mut().for_each(|t| *t = [0; 5]);
        st.invasion.clear();
        st.fyrd_deck.clear();
        st.finish = Some(Finish {
            winner: Side::Viking,
            result: String::new(),
            detail: "  spaces at both ends  ".to_string(),
        });
        assert_round_trip(&st);
    }

    /// Steps a game with random legal actions, calling `visit` on each state reached.
    fn walk(seed: u64, max: u32, mut visit: impl FnMut(&V878State, u32)) {
        let mut st = fresh(seed);
        let mut rng = Chance::new(seed ^ 0x0bad_cafe);
        for i in 0..max {
            visit(&st, i);
            let seat = match V878::to_act(&st) {
                Turn::Over(_) => return,
                Turn::Decide(seats) => match seats.first() {
                    Some(s) => *s,
                    None => return,
                },
            };
            let Some(a) = V878::random_action(&st, seat, &mut rng) else {
                return;
            };
            V878::apply(&mut st, seat, &a).expect("a legal action applies");
        }
    }

    #[test]
    fn v878_notation_positions_and_actions_from_random_play_round_trip() {
        let mut positions = 0;
        let mut actions = 0;
        for seed in 0..16 {
            walk(seed, 4000, |st, i| {
                if i % 3 != 0 {
                    return;
                }
                assert_round_trip(st);
                positions += 1;
                if let Turn::Decide(seats) = V878::to_act(st) {
                    for seat in seats {
                        for a in V878::legal_actions(st, seat) {
                            let text = format_action(st, &a);
                            assert_eq!(parse_action(st, &text), Ok(a), "{text}");
                            actions += 1;
                        }
                        // A view prints and reads back too, its hidden cards as `??`.
                        assert_round_trip(&V878::view(st, &[seat]).state);
                    }
                }
            });
        }
        assert!(positions > 300 && actions > 3000, "{positions} {actions}");
    }

    #[test]
    fn v878_notation_replayed_actions_reach_the_same_positions() {
        // play_random's log, printed and read back action by action, replays the game.
        let played = crate::ai::simulate::play_random::<V878>(&standard(), 9, 100_000);
        assert!(played.outcome.is_some(), "{:?}", played.stuck);
        let mut st = fresh(9);
        for (seat, a) in &played.actions {
            let text = format_action(&st, a);
            let back = parse_action(&st, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
            V878::apply(&mut st, *seat, &back).expect("replayed action applies");
        }
        assert!(matches!(V878::to_act(&st), Turn::Over(_)));
        assert_round_trip(&st);
    }

    #[test]
    fn v878_notation_view_shows_hidden_cards_as_question_marks() {
        let st = fresh(5);
        let view = V878::view(&st, &[Seat(Faction::Housecarl as u8)]);
        let text = format_position(&view.state);
        let line = |key: &str| {
            text.lines()
                .find(|l| l.starts_with(key))
                .unwrap_or_else(|| panic!("{key} in\n{text}"))
                .to_string()
        };
        // Own hand shown, by number; every deck order hidden.
        let own = line("faction housecarl ");
        let hand = cards_text(&st.factions[0].hand);
        assert!(!hand.contains("??"));
        assert!(own.contains(&format!("hand={hand} ")), "{own}");
        assert!(own.contains("deck=??,??"), "{own}");
        for f in ["thegn", "norsemen", "berserker"] {
            let l = line(&format!("faction {f} "));
            assert!(l.contains("hand=??,??,?? deck=??,"), "{l}");
            let digits = l
                .split_whitespace()
                .filter(|w| w.starts_with("hand=") || w.starts_with("deck="))
                .any(|w| w.bytes().any(|b| b.is_ascii_digit()));
            assert!(!digits, "a hidden card shows its number: {l}");
        }
        assert!(line("invasion ").starts_with("invasion deck=??,"));
        assert!(line("fyrd ").starts_with("fyrd deck=??,"));
        // The true position shows them all; the view reads back to itself.
        assert!(!format_position(&st).contains("??"));
        assert_round_trip(&view.state);
        // Shared hands: the ally's hand shows too.
        let mut shared = st.clone();
        shared.options.share_allied_hands = true;
        let v = V878::view(&shared, &[Seat(Faction::Housecarl as u8)]);
        let text = format_position(&v.state);
        let thegn = text
            .lines()
            .find(|l| l.starts_with("faction thegn "))
            .unwrap();
        assert!(
            thegn.contains(&format!("hand={} ", cards_text(&st.factions[1].hand))),
            "{thegn}"
        );
    }

    const DOC: &str = include_str!("../../../../docs/notation.md");

    /// The 878 section of docs/notation.md.
    fn doc_section() -> &'static str {
        let start = DOC.find("## 878 Vikings").expect("878 section in the doc");
        let rest = &DOC[start..];
        let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
        &rest[..end]
    }

    #[test]
    fn v878_notation_doc_examples_read_back() {
        let section = doc_section();
        let table = section
            .split("### Actions")
            .nth(1)
            .and_then(|t| t.split("### Positions").next())
            .expect("action table");
        let st = fresh(1);
        let mut examples = 0;
        for row in table
            .lines()
            .filter(|l| l.starts_with("| ") && l.ends_with("` |"))
        {
            let cell = row.trim_end_matches(" |").rsplit(" | ").next().unwrap();
            let example = cell.trim_matches('`');
            let a = parse_action(&st, example).unwrap_or_else(|e| panic!("{example}: {e}"));
            assert_eq!(format_action(&st, &a), example);
            examples += 1;
        }
        assert!(examples >= 20, "{examples}");
        let block = section
            .split("```\n")
            .find(|b| b.starts_with("v878 position"))
            .expect("example position");
        let p = parse_position(block, 0).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(format_position(&p), block);
    }

    #[test]
    fn v878_notation_hand_written_position_takes_defaults() {
        let text = "
            # a hand-written position
            V878 POSITION
            scenario Standard
            phase Movement
            order norsemen
            Faction Norsemen hand=04,12 stock=5
            leader L01 York norsemen=3
            troops Winchester housecarl=2
            troops North_Riding norsemen=1
            markers on=euruic
        ";
        let st = parse_position(text, 1).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(st.options, standard());
        assert_eq!(st.round, 1);
        assert_eq!(st.phase, Phase::Movement);
        assert_eq!(st.active(), Some(Faction::Norsemen));
        assert_eq!(st.factions[2].hand, vec![4, 12]);
        assert_eq!(st.factions[2].stock, 5);
        assert!(st.factions[0].hand.is_empty());
        assert_eq!(st.leaders.len(), 1);
        assert_eq!(st.leaders[0].place, LeaderPlace::OnMap(s("euruic")));
        assert_eq!(st.map[s("uintancaestir").0 as usize], [2, 0, 0, 0, 0]);
        assert_eq!(st.map[s("north_riding").0 as usize], [0, 0, 1, 0, 0]);
        assert_eq!(st.markers, 17);
        assert_eq!(st.markers_on_map(), 1);
        assert!(st.battle.is_none() && st.pending.is_empty() && st.finish.is_none());
        assert_eq!(st.map.len(), data().shires().len());
        assert_round_trip(&st);
    }

    fn pos_err(text: &str) -> String {
        match parse_position(text, 0) {
            Ok(_) => panic!("parsed:\n{text}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn v878_notation_position_errors_name_the_line() {
        let good = format_position(&rich_position());
        let replace = |from: &str, to: &str| {
            assert!(good.contains(from), "{from}");
            good.replacen(from, to, 1)
        };
        let line_of =
            |text: &str, needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
        assert!(pos_err("").contains("empty position"));
        assert!(pos_err("fury position\n").contains("line 1: expected 'v878 position'"));
        let t = replace("round 4", "weather fine");
        assert!(pos_err(&t).contains("line 4: unknown line 'weather fine'"));
        let t = replace("round 4", "round 400");
        assert!(pos_err(&t).contains("line 4: bad round '400'"));
        let t = replace("phase battles", "phase lunch");
        assert!(pos_err(&t).contains("unknown phase 'lunch'"));
        let t = replace("scenario standard", "scenario chess");
        assert!(pos_err(&t).contains("line 2: unknown scenario 'chess'"));
        let t = replace("hands=shared", "hands=open");
        assert!(pos_err(&t).contains("bad hands 'open'"));
        let t = replace("order thegn berserker", "order thegn thegn");
        assert!(pos_err(&t).contains("twice in the order"));
        let t = replace("discard=02,09", "discard=02,xx");
        let e = pos_err(&t);
        assert!(
            e.contains(&format!(
                "line {}: bad card 'xx'",
                line_of(&t, "discard=02,xx")
            )),
            "{e}"
        );
        let t = replace("treaty=played", "treaty=maybe");
        assert!(pos_err(&t).contains("bad treaty 'maybe'"));
        let t = replace("faction thegn", "faction danes");
        assert!(pos_err(&t).contains("unknown faction 'danes'"));
        let t = replace("faction thegn", "faction housecarl");
        assert!(pos_err(&t).contains("faction 'housecarl' given twice"));
        let t = replace("leader L02 defeated", "leader L01 defeated");
        assert!(pos_err(&t).contains("Leader L01 is listed twice"));
        let t = replace("leader L02 defeated", "leader L02 atlantis");
        assert!(pos_err(&t).contains("unknown shire 'atlantis'"));
        let t = replace("leader L02 defeated", "leader L02 defeated sleepy");
        assert!(pos_err(&t).contains("unknown word 'sleepy'"));
        let t = replace("moving done", "moving moving");
        assert!(pos_err(&t).contains("flag 'moving' given twice"));
        let t = replace("stage=extras", "stage=lunch");
        assert!(pos_err(&t).contains("unknown stage 'lunch'"));
        let t = replace("played=archers", "played=archery");
        assert!(pos_err(&t).contains("unknown event 'archery'"));
        let t = replace("extras=ambush", "extras=ambush,ambush");
        assert!(pos_err(&t).contains("given twice"));
        let t = replace("leader=L01", "leader=L07x");
        assert!(pos_err(&t).contains("bad Leader 'L07x'"));
        let t = replace("attacker=viking", "attacker=danes");
        assert!(pos_err(&t).contains("unknown side 'danes'"));
        let t = replace("hits thegn 3 berserker-first", "hits thegn lots");
        assert!(pos_err(&t).contains("bad hit count 'lots'"));
        let t = replace("flee housecarl 2", "run housecarl 2");
        assert!(pos_err(&t).contains("bad pending decision 'run housecarl 2'"));
        let t = replace(" invaders ;", " conquest ;");
        assert!(pos_err(&t).contains("unknown purpose 'conquest'"));
        let t = replace("troops euruic", "troops atlantis");
        assert!(pos_err(&t).contains("unknown shire 'atlantis'"));
        let t = replace("moved cornwalas", "moved euruic");
        assert!(pos_err(&t).contains("'moved euruic' given twice"));
        let t = replace("norsemen=4 berserker=3", "norsemen=4 norsemen=3");
        assert!(pos_err(&t).contains("field 'norsemen' given twice"));
        let t = replace("plundered=2", "plundered=x");
        assert!(pos_err(&t).contains("bad plundered count 'x'"));
        let t = replace("raiders norsemen=6", "raiders danes=6");
        assert!(pos_err(&t).contains("unknown field 'danes=6'"));
        let t = replace("on=dunholm,euruic", "on=dunholm,dunholm");
        assert!(pos_err(&t).contains("marked twice"));
        let t = replace("effects shield-wall danegeld", "effects gold");
        assert!(pos_err(&t).contains("unknown word 'gold'"));
        let t = replace("forced-march=housecarl", "forced-march=danes");
        assert!(pos_err(&t).contains("unknown faction 'danes'"));
        let t = replace("blocked=cantuarabyrg", "blocked=64,cantuarabyrg");
        assert!(pos_err(&t).contains("bad shire number '64'"));
        let t = replace("effects shield-wall danegeld", "effects gold");
        assert!(pos_err(&t).contains("unknown word 'gold'"));
        let t = replace("budget card=04 armies=1 shires=3", "budget card=04");
        assert!(pos_err(&t).contains("budget card=CARD armies=N shires=N"));
        let t = replace("\\u{7}\"\n", "\\u{7}\n");
        assert!(pos_err(&t).contains("a quoted text is not closed"));
        let t = replace("winner=english", "winner=danes");
        assert!(pos_err(&t).contains("bad winner 'danes'"));
        let t = replace("round 4", "round 4\nround 5");
        assert!(pos_err(&t).contains("line 5: 'round' given twice"));
        let t = replace("scenario standard\n", "");
        assert!(pos_err(&t).contains("no 'scenario' line"));
        let t = replace("phase battles\n", "");
        assert!(pos_err(&t).contains("no 'phase' line"));
        let t = good
            .lines()
            .filter(|l| !l.starts_with("leader L01 "))
            .collect::<Vec<_>>()
            .join("\n");
        assert!(pos_err(&t).contains("battle leader 'L01' is not among the 'leader' lines"));
    }

    // --- property tests ---------------------------------------------------------------

    /// Words the parsers know, so that random text also reaches their deeper branches.
    const VOCABULARY: &[&str] = &[
        "v878",
        "position",
        "scenario",
        "standard",
        "options",
        "hands=shared",
        "round",
        "4",
        "0",
        "300",
        "order",
        "none",
        "phase",
        "movement",
        "budget",
        "card=04",
        "armies=2",
        "shires=",
        "effects",
        "shield-wall",
        "faction",
        "housecarl",
        "thegn",
        "norsemen",
        "berserker",
        "fyrd",
        "hand=04,??",
        "deck=-",
        "discard=",
        "treaty=played",
        "stock=3",
        "leader",
        "alfred",
        "L01",
        "L9",
        "L300",
        "waiting",
        "off-map",
        "defeated",
        "moves=2",
        "moving",
        "done",
        "invasion",
        "drawn=01",
        "markers",
        "total=17",
        "on=euruic,",
        "battle",
        "attacker=viking",
        "roller=english",
        "stage=windows",
        "played=archers,31",
        "extras=ambush,99",
        "leader=L01",
        "fort",
        "pending",
        "place",
        "extra",
        "hits",
        "berserker-first",
        ";",
        "window",
        "danegeld",
        "flee",
        "command",
        "finish",
        "winner=english",
        "result=\"",
        "detail=\"a\\u{41}\"",
        "\\u{d800}",
        "\\",
        "\"",
        "troops",
        "moved",
        "euruic",
        "north riding",
        "york",
        "Grantebrycg-scīr",
        "-",
        "=",
        ",",
        "\n",
        "\n",
        "\n",
        "place-leader",
        "play",
        "march",
        "step",
        "board",
        "alight",
        "halt",
        "fight",
        "yes",
        "no",
        "hit",
        "map",
        "card",
        "keep",
        "event",
        "pass",
        "end",
        "??",
        "é",
        "\u{2028}",
        "#",
        "Æ",
        "þ",
        "blocks",
        "spy",
        "rebellion",
        "block",
        "viking-ships",
        "forced-march=thegn",
        "blocked=euruic,63",
        "raid",
        "raiders",
        "plundered=2",
        "pick",
        "default-deck",
        "choose-deck",
        "leader-retreat",
        "stay",
    ];

    /// Every legal action, position and view of random games of every scenario prints,
    /// reads back to the same value and prints the same again (see engine::notation::record).
    #[test]
    fn v878_notation_random_play_of_every_scenario_round_trips() {
        let rec = crate::engine::notation::record::record_for_test::<super::super::V878>(2, 20_000);
        assert!(rec.positions > 200 && rec.actions > 2000, "{rec:?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn v878_notation_garbage_never_panics(text in "\\PC{0,80}", bytes in ".{0,40}") {
            let st = fresh(0);
            let _ = parse_action(&st, &text);
            let _ = parse_action(&st, &bytes);
            let _ = parse_position(&text, 0);
            let _ = parse_position(&format!("v878 position\n{bytes}"), 0);
        }

        #[test]
        fn v878_notation_word_salad_never_panics(
            words in prop::collection::vec(prop::sample::select(VOCABULARY.to_vec()), 0..40),
            joiner in prop::sample::select(vec![" ", "", "\n", "  \t", "-", ","]),
        ) {
            let st = fresh(0);
            let text = words.join(joiner);
            let _ = parse_action(&st, &text);
            let _ = parse_position(&text, 0);
            let _ = parse_position(&format!("v878 position\n{text}"), 0);
            let _ = parse_position(
                &format!("v878 position\nscenario standard\nphase battles\n{text}"),
                0,
            );
        }

        #[test]
        fn v878_notation_damaged_positions_never_panic(
            cut in 0usize..4000,
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
            if let Ok(st) = parse_position(&damaged, 0) {
                // Whatever still parses prints back as a position that reads the same.
                let again = format_position(&st);
                let back = parse_position(&again, 0).unwrap();
                prop_assert!(same_position(&st, &back));
                prop_assert_eq!(format_position(&back), again);
            }
        }

        #[test]
        fn v878_notation_random_actions_round_trip(
            kind in 0u8..24,
            shires in prop::collection::vec(0..data().shires().len() as u16, 1..8),
            leader in 0u8..8,
            n in any::<u8>(),
            army in any::<[u8; 4]>(),
            card in any::<u8>(),
            flag in any::<bool>(),
            unit in 0u8..5,
        ) {
            let st = fresh(2);
            let shire = AreaId(shires[0]);
            let spot = if flag { Spot::Map } else { Spot::Card(leader) };
            let faction = Faction::ALL[(unit % 4) as usize];
            let a = match kind {
                0 => V878Action::Place { shire, n },
                1 => V878Action::PlaceOnLeader { leader, n },
                2 => V878Action::PlaceAlfred { shire },
                3 => V878Action::PlayCard { card },
                4 => V878Action::March {
                    path: shires.iter().map(|&i| AreaId(i)).collect(),
                    army,
                },
                5 => V878Action::LeaderStep { leader, to: shire },
                6 => V878Action::Board { leader, faction, n },
                7 => V878Action::Alight { leader, faction, n },
                8 => V878Action::Halt { leader },
                9 => V878Action::Fight { shire },
                10 => V878Action::CallFyrd { call: flag },
                11 => V878Action::TakeHit { kind: unit, spot: Spot::Card(leader) },
                12 => V878Action::Flee { spot },
                13 => V878Action::Command { spot, to: if n % 2 == 0 { None } else { Some(shire) } },
                14 => V878Action::PlayEvent { card },
                15 => V878Action::Pass,
                16 => V878Action::PayDanegeld { berserker: flag },
                17 => V878Action::PlayEventAt {
                    card,
                    at: if flag { At::Shire(shire) } else { At::Leader(leader) },
                },
                18 => V878Action::Block { shire },
                19 => V878Action::Raid {
                    path: shires.iter().map(|&i| AreaId(i)).collect(),
                },
                20 => V878Action::Pick { card },
                21 => V878Action::DefaultDeck,
                22 => V878Action::LeaderRetreat { to: if flag { Some(shire) } else { None } },
                _ => V878Action::End,
            };
            let text = format_action(&st, &a);
            prop_assert_eq!(parse_action(&st, &text), Ok(a.clone()), "{}", text);
            prop_assert_eq!(parse_action(&st, &text.to_ascii_uppercase()), Ok(a), "{}", text);
        }
    }
}
