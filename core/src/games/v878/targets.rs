//! What each 878 action touches, in tap order (the contract's `Game::targets`): a
//! shire or a Leader first, then what to take (a faction's units and how many, a
//! card), then the button that confirms.

use super::actions::{At, Spot, V878Action};
use super::data::{data, Faction};
use super::state::{Card, V878State, FYRD};
use crate::board::area::AreaId;
use crate::engine::Target;

fn cell(id: AreaId) -> Target {
    Target::Cell(match data().shire(id) {
        Some(s) => s.id.clone(),
        None => format!("?{}", id.0),
    })
}

/// A Leader by the name the notation gives him (`alfred`, `L03`).
fn leader(state: &V878State, index: u8) -> Target {
    Target::Piece(match state.leaders.get(index as usize) {
        Some(l) => super::notation::leader_name(l.card),
        None => format!("?{index}"),
    })
}

fn card(card: Card) -> Target {
    Target::Card(format!("{card:02}"))
}

fn spot(state: &V878State, spot: Spot) -> Target {
    match spot {
        Spot::Map => Target::Word("map"),
        Spot::Card(i) => leader(state, i),
    }
}

/// A unit kind by its key: a faction, or the Fyrd.
fn kind(kind: u8) -> Target {
    match Faction::ALL.get(kind as usize) {
        Some(f) => Target::Word(f.key()),
        None if kind as usize == FYRD => Target::Word("fyrd"),
        None => Target::Word("?"),
    }
}

/// Units of a faction stepping onto or off a Leader's card: the Leader, the faction,
/// how many, then the button.
fn units_on_card(
    state: &V878State,
    l: u8,
    faction: Faction,
    n: u8,
    word: &'static str,
) -> [Target; 4] {
    [
        leader(state, l),
        Target::Word(faction.key()),
        Target::Count(u32::from(n)),
        Target::Word(word),
    ]
}

pub fn targets(state: &V878State, action: &V878Action) -> Vec<Target> {
    use V878Action as A;
    let mut out = Vec::new();
    match action {
        A::Place { shire, n } => out.extend([cell(*shire), Target::Count(u32::from(*n))]),
        A::PlaceOnLeader { leader: l, n } => {
            out.extend([leader(state, *l), Target::Count(u32::from(*n))])
        }
        A::PlaceAlfred { shire } => out.extend([Target::Piece("alfred".into()), cell(*shire)]),
        A::Pick { card: c } => out.extend([card(*c), Target::Word("pick")]),
        A::DefaultDeck => out.push(Target::Word("default deck")),
        A::PlayCard { card: c } => out.extend([card(*c), Target::Word("play")]),
        A::March { path, army } => {
            out.extend(path.first().map(|&s| cell(s)));
            for (f, &n) in Faction::ALL.iter().zip(army.iter()) {
                if n > 0 {
                    out.extend([Target::Word(f.key()), Target::Count(u32::from(n))]);
                }
            }
            if path.len() > 1 {
                out.extend(path.last().map(|&s| cell(s)));
            }
            if path.len() > 2 {
                out.extend(path[1..path.len() - 1].iter().map(|&s| match cell(s) {
                    Target::Cell(label) => Target::Via(label),
                    other => other,
                }));
            }
        }
        A::Raid { path } => {
            out.push(Target::Word("raid"));
            out.extend(path.iter().map(|&s| cell(s)));
        }
        A::LeaderStep { leader: l, to } => out.extend([leader(state, *l), cell(*to)]),
        A::Board {
            leader: l,
            faction,
            n,
        } => out.extend(units_on_card(state, *l, *faction, *n, "board")),
        A::Alight {
            leader: l,
            faction,
            n,
        } => out.extend(units_on_card(state, *l, *faction, *n, "alight")),
        A::Halt { leader: l } => out.extend([leader(state, *l), Target::Word("halt")]),
        A::Fight { shire } => out.extend([cell(*shire), Target::Word("fight")]),
        A::CallFyrd { call } => out.push(Target::Word(if *call {
            "call the fyrd"
        } else {
            "no fyrd"
        })),
        A::LeaderRetreat { to } => match to {
            Some(s) => out.extend([Target::Word("retreat"), cell(*s)]),
            None => out.push(Target::Word("stay")),
        },
        A::TakeHit { kind: k, spot: s } => {
            out.extend([kind(*k), spot(state, *s), Target::Word("hit")])
        }
        A::Flee { spot: s } => out.extend([spot(state, *s), Target::Word("flee")]),
        A::Command { spot: s, to } => {
            out.push(spot(state, *s));
            out.push(match to {
                Some(shire) => cell(*shire),
                None => Target::Word("no more commands"),
            });
        }
        A::PlayEvent { card: c } => out.extend([card(*c), Target::Word("play")]),
        A::PlayEventAt { card: c, at } => {
            out.push(card(*c));
            out.push(match at {
                At::Shire(s) => cell(*s),
                At::Leader(l) => leader(state, *l),
            });
        }
        A::Block { shire } => out.extend([cell(*shire), Target::Word("block")]),
        A::Pass => out.push(Target::Word("pass")),
        A::PayDanegeld { berserker } => out.push(Target::Word(if *berserker {
            "give a berserker"
        } else {
            "give norsemen"
        })),
        A::End => out.push(Target::Word("end")),
    }
    out
}
