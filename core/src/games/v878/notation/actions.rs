//! 878 actions: one line each, the verb first (`march euruic-north_riding norsemen=3`).

use super::{
    army_text, card_text, kind_text, leader_text, parse_card, parse_faction, parse_kind,
    parse_leader, parse_path, parse_shire, path_text, shire_text, spot_text,
};
use crate::board::area::AreaId;
use crate::engine::notation::{number, read_action, Fault, Form, Verb};
use crate::engine::NotationError;
use crate::games::v878::actions::{Army, At, Spot, V878Action};
use crate::games::v878::state::V878State;

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

/// Reads one action, resolving Leaders against `state`. Case and extra whitespace do not
/// matter; a shire may be given by id, printed or modern name.
pub fn parse_action(state: &V878State, text: &str) -> Result<V878Action, NotationError> {
    read_action(text, &VERBS, state)
}

type Read = fn(&mut Form, &V878State) -> Result<V878Action, Fault>;

const fn verb(word: &'static str, usage: &'static str, read: Read) -> Verb<V878State, V878Action> {
    Verb { word, usage, read }
}

/// The verbs and their forms (kept in step with docs/notation.md).
const VERBS: [Verb<V878State, V878Action>; 23] = [
    verb("pick", "pick CARD", |f, _| {
        Ok(V878Action::Pick {
            card: f.take(parse_card)?,
        })
    }),
    verb("default-deck", "default-deck", |_, _| {
        Ok(V878Action::DefaultDeck)
    }),
    verb("place", "place SHIRE N", place),
    verb("place-leader", "place-leader LEADER N", place_leader),
    verb("alfred", "alfred SHIRE", |f, _| {
        Ok(V878Action::PlaceAlfred {
            shire: f.rest(shire_of)?,
        })
    }),
    verb("play", "play CARD", |f, _| {
        Ok(V878Action::PlayCard {
            card: f.take(parse_card)?,
        })
    }),
    verb("march", "march PATH FACTION=N ...", march),
    verb("raid", "raid PATH", |f, _| {
        Ok(V878Action::Raid {
            path: f.rest(|w| parse_path(&w.join(" ")))?,
        })
    }),
    verb("step", "step LEADER SHIRE", step),
    verb("board", "board LEADER FACTION N", board),
    verb("alight", "alight LEADER FACTION N", board),
    verb("halt", "halt LEADER", |f, s| {
        Ok(V878Action::Halt {
            leader: f.take(|w| parse_leader(s, w))?,
        })
    }),
    verb("fight", "fight SHIRE", |f, _| {
        Ok(V878Action::Fight {
            shire: f.rest(shire_of)?,
        })
    }),
    verb("fyrd", "fyrd yes|no", |f, _| {
        Ok(V878Action::CallFyrd {
            call: f.choose(&["no", "yes"])? == 1,
        })
    }),
    verb("hit", "hit KIND map|card LEADER", hit),
    verb("flee", "flee map|card LEADER", |f, s| {
        Ok(V878Action::Flee {
            spot: read_spot(f, s)?,
        })
    }),
    verb(
        "leader-retreat",
        "leader-retreat SHIRE|stay",
        leader_retreat,
    ),
    verb("command", "command map|card LEADER SHIRE|keep", command),
    verb("event", "event CARD [SHIRE|card LEADER]", event),
    verb("block", "block SHIRE", |f, _| {
        Ok(V878Action::Block {
            shire: f.rest(shire_of)?,
        })
    }),
    verb("pass", "pass", |_, _| Ok(V878Action::Pass)),
    verb("danegeld", "danegeld berserker|norsemen", |f, _| {
        Ok(V878Action::PayDanegeld {
            berserker: f.choose(&["norsemen", "berserker"])? == 1,
        })
    }),
    verb("end", "end", |_, _| Ok(V878Action::End)),
];

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
        army[f as usize] = number(value, "unit count")?;
    }
    Ok(army)
}

/// A spot: `map`, or `card` and a Leader.
fn read_spot(f: &mut Form, state: &V878State) -> Result<Spot, Fault> {
    if f.words.keyword("map") {
        return Ok(Spot::Map);
    }
    if f.words.peek_is("card") && f.words.peek_nth(1).is_some() {
        f.words.next();
        return Ok(Spot::Card(f.take(|w| parse_leader(state, w))?));
    }
    Err(f.with_usage("expected a spot: 'map', or 'card' and a Leader".to_string()))
}

/// `place SHIRE N`: the shire's name may run over several words.
fn place(f: &mut Form, _: &V878State) -> Result<V878Action, Fault> {
    let at = f.words.number() + 1;
    let words = f.words.rest();
    let [name @ .., n] = &words[..] else {
        return Err(f.wrong());
    };
    if name.is_empty() {
        return Err(f.wrong());
    }
    let shire = shire_of(name).map_err(|e| Fault::at(at, e))?;
    let n = number(n, "unit count").map_err(|e| Fault::at(at + name.len(), e))?;
    Ok(V878Action::Place { shire, n })
}

fn place_leader(f: &mut Form, s: &V878State) -> Result<V878Action, Fault> {
    Ok(V878Action::PlaceOnLeader {
        leader: f.take(|w| parse_leader(s, w))?,
        n: f.take(|w| number(w, "unit count"))?,
    })
}

/// `march PATH ARMY`: the path ends at the first `FACTION=N` word.
fn march(f: &mut Form, _: &V878State) -> Result<V878Action, Fault> {
    let at = f.words.number() + 1;
    let words = f.words.rest();
    let split = words
        .iter()
        .position(|w| w.contains('='))
        .unwrap_or(words.len());
    if split == 0 {
        return Err(f.wrong());
    }
    let path = parse_path(&words[..split].join(" ")).map_err(|e| Fault::at(at, e))?;
    let army = parse_army(&words[split..]).map_err(|e| Fault::at(at + split, e))?;
    Ok(V878Action::March { path, army })
}

fn step(f: &mut Form, s: &V878State) -> Result<V878Action, Fault> {
    Ok(V878Action::LeaderStep {
        leader: f.take(|w| parse_leader(s, w))?,
        to: f.rest(shire_of)?,
    })
}

/// `board` and `alight`: the same words, the verb tells which.
fn board(f: &mut Form, s: &V878State) -> Result<V878Action, Fault> {
    let leader = f.take(|w| parse_leader(s, w))?;
    let faction = f.take(parse_faction)?;
    let n = f.take(|w| number(w, "unit count"))?;
    Ok(if f.verb == "board" {
        V878Action::Board { leader, faction, n }
    } else {
        V878Action::Alight { leader, faction, n }
    })
}

fn hit(f: &mut Form, s: &V878State) -> Result<V878Action, Fault> {
    Ok(V878Action::TakeHit {
        kind: f.take(parse_kind)?,
        spot: read_spot(f, s)?,
    })
}

fn leader_retreat(f: &mut Form, _: &V878State) -> Result<V878Action, Fault> {
    if f.words.left() == 1 && f.words.keyword("stay") {
        return Ok(V878Action::LeaderRetreat { to: None });
    }
    Ok(V878Action::LeaderRetreat {
        to: Some(f.rest(shire_of)?),
    })
}

/// `command keep` stands for `command map keep`.
fn command(f: &mut Form, s: &V878State) -> Result<V878Action, Fault> {
    if f.words.left() == 1 && f.words.keyword("keep") {
        return Ok(V878Action::Command {
            spot: Spot::Map,
            to: None,
        });
    }
    let spot = read_spot(f, s)?;
    let to = if f.words.left() == 1 && f.words.keyword("keep") {
        None
    } else {
        Some(f.rest(shire_of)?)
    };
    Ok(V878Action::Command { spot, to })
}

fn event(f: &mut Form, s: &V878State) -> Result<V878Action, Fault> {
    let card = f.take(parse_card)?;
    if f.words.left() == 0 {
        return Ok(V878Action::PlayEvent { card });
    }
    let at = if f.words.left() == 2 && f.words.keyword("card") {
        At::Leader(f.take(|w| parse_leader(s, w))?)
    } else {
        At::Shire(f.rest(shire_of)?)
    };
    Ok(V878Action::PlayEventAt { card, at })
}
