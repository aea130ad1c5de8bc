//! The board as text for a terminal, as a view's seats may see it: the map as a grid
//! of squares (terrain, who stands there, castles, pillage), the off-map boxes, each
//! power's standing, the counters the seats may look at, and a battle under way.

use super::data::{data, label, BoxId, Place, Power};
use super::describe::{month, phase_title};
use super::notation::{board_box_text, chit_text, identity_text};
use super::sequence::victory_checks;
use super::state::{Identity, Stack, State};
use super::view::G1066View;
use crate::board::square::Square;
use crate::engine::Seat;

/// The letter a power's stacks show on the map.
pub fn initial(p: Power) -> char {
    match p {
        Power::Normans => 'N',
        Power::AngloSaxons => 'A',
        Power::Vikings => 'V',
        Power::Britons => 'B',
    }
}

/// The whole board: what `board` prints.
pub fn render(view: &G1066View) -> String {
    let mut out = screen(view);
    let s = &view.state;
    out.push_str("\nOther forces:\n");
    for (place, stacks) in &s.forces {
        for stack in stacks {
            if !mine(s, &view.seats, stack.power) {
                out.push_str(&stack_line(s, &view.seats, *place, stack));
            }
        }
    }
    out
}

/// What a terminal shows before each decision: the map, the powers, the seats' own
/// forces and any battle.
pub fn screen(view: &G1066View) -> String {
    let s = &view.state;
    let mut out = format!(
        "1066, {} (game turn {} of {}): {}\n",
        month(s.turn),
        s.turn,
        s.options.last_turn,
        phase_title(&s.phase)
    );
    out.push_str(&map(s));
    out.push_str(&powers(s, &view.seats));
    let battle = battle(s);
    if !view.seats.is_empty() {
        out.push_str("Your forces:\n");
        let room = 47usize.saturating_sub(out.lines().count() + battle.lines().count() + 1);
        let mut lines = Vec::new();
        for (place, stacks) in &s.forces {
            for stack in stacks.iter().filter(|st| mine(s, &view.seats, st.power)) {
                lines.extend(
                    stack_line(s, &view.seats, *place, stack)
                        .lines()
                        .map(str::to_string),
                );
            }
        }
        if lines.len() > room {
            let keep = room.saturating_sub(1);
            let more = lines.len() - keep;
            lines.truncate(keep);
            lines.push(format!(
                "  ... {more} lines more ('board' shows everything)"
            ));
        }
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out.push_str(&battle);
    out
}

fn mine(s: &State, seats: &[Seat], p: Power) -> bool {
    s.controller(p).is_some_and(|c| seats.contains(&c))
}

/// The grid: each square's terrain letter (T3 legend), the powers there with their
/// counter counts, `#` for a castle and `*` for a pillaged square.
fn map(s: &State) -> String {
    let d = data();
    let mut out = String::from("    ");
    for c in 1..=d.map.cols {
        let l = label(Square::new(c, 1));
        out.push_str(&format!("{:<7}", l.trim_end_matches('1')));
    }
    out.push('\n');
    let legend: Vec<(char, super::data::Terrain)> =
        d.map.legend.iter().map(|(k, v)| (*k, *v)).collect();
    for r in 1..=d.map.rows {
        out.push_str(&format!("{r:>2}  "));
        for c in 1..=d.map.cols {
            let sq = Square::new(c, r);
            let terrain = d.map.terrain(sq);
            let letter = legend
                .iter()
                .find(|(_, t)| Some(*t) == terrain)
                .map(|(k, _)| *k)
                .unwrap_or(' ');
            let mut cell = String::from(letter);
            for st in s.stacks_at(Place::Square(sq)) {
                cell.push(initial(st.power));
                cell.push_str(&st.units.len().to_string());
            }
            if s.castle_at(sq).is_some() {
                cell.push('#');
            }
            if s.pillaged.contains(&sq) {
                cell.push('*');
            }
            out.push_str(&format!("{cell:<7}"));
        }
        out.push('\n');
    }
    let boxes: Vec<String> = [BoxId::Normandy, BoxId::Norway]
        .iter()
        .map(|b| {
            let stacks: Vec<String> = s
                .stacks_at(Place::Box(*b))
                .iter()
                .map(|st| format!("{}{}", initial(st.power), st.units.len()))
                .collect();
            format!(
                "{}: {}",
                b.key(),
                if stacks.is_empty() {
                    "-".to_string()
                } else {
                    stacks.join(" ")
                }
            )
        })
        .collect();
    out.push_str(&format!("    off the map: {}\n", boxes.join("  ")));
    out.push_str(
        "    ~ sea  . clear  f forest  m mountain  s swamp  T town  L large town\n    # castle  * pillaged\n",
    );
    out
}

/// One line per power: who plays it, its counters, its markers and the feudal points
/// its player occupies (23.2); then the markers in the seats' own hands.
fn powers(s: &State, seats: &[Seat]) -> String {
    let checks = victory_checks(s);
    let mut out = String::new();
    let mut hands = String::new();
    for p in Power::ALL {
        let ps = s.power(p);
        let who = match ps.controller {
            Some(seat) => format!("player {}", seat.0 + 1),
            None => "neutral".to_string(),
        };
        let counters = s.units().filter(|(_, q, _)| *q == p).count();
        let feudal = ps
            .controller
            .and_then(|seat| checks.iter().find(|c| c.seat == seat))
            .map(|c| format!("  feudal {}/20 (23.2)", c.feudal))
            .unwrap_or_default();
        out.push_str(&format!(
            "{:<12} {who:<9} {counters:>2} counters {:>2} markers{feudal}\n",
            p.name(),
            ps.hand.len()
        ));
        if mine(s, seats, p) && !ps.hand.is_empty() {
            hands.push_str(&wrap(
                &format!("{} hold: {}", p.name(), hand_text(&ps.hand)),
                80,
            ));
        }
    }
    out.push_str(&hands);
    out
}

/// A hand as its markers, the same ones counted once (`gold_point_1 x3, spy`).
fn hand_text(hand: &[super::chits::Chit]) -> String {
    let mut parts: Vec<(String, usize)> = Vec::new();
    for c in hand {
        let t = chit_text(*c);
        match parts.iter_mut().find(|(x, _)| *x == t) {
            Some((_, n)) => *n += 1,
            None => parts.push((t, 1)),
        }
    }
    parts
        .iter()
        .map(|(t, n)| {
            if *n > 1 {
                format!("{t} x{n}")
            } else {
                t.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Text broken into lines of at most `width` characters at spaces, the later lines
/// indented.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let body = text.trim_start();
    let mut line = text[..text.len() - body.len()].to_string();
    let indent = line.len();
    for word in body.split(' ') {
        if line.len() > indent && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line = format!("    {word}");
        } else {
            if line.len() > indent {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A stack: its place, power and counters grouped by what they are where the seats may
/// look (`?` where they may not), each with its id (`thegn u29 u30; ? u31`); wrapped
/// to 80 characters.
fn stack_line(s: &State, seats: &[Seat], place: Place, stack: &Stack) -> String {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for u in &stack.units {
        let seen = s.sees_unit(seats, stack.power, u) || *u.identity != Identity::Unknown;
        let what = if seen {
            identity_text(&u.identity)
        } else {
            "?".to_string()
        };
        let id = format!("u{}", u.id);
        match groups.iter_mut().find(|(w, _)| *w == what) {
            Some((_, ids)) => ids.push(id),
            None => groups.push((what, vec![id])),
        }
    }
    let units: Vec<String> = groups
        .iter()
        .map(|(what, ids)| format!("{what} {}", ids.join(" ")))
        .collect();
    wrap(
        &format!(
            "  {:<8} {:<12} {}",
            super::keys::place_key(place),
            stack.power.name(),
            units.join("; ")
        ),
        80,
    )
}

/// The Battle Board of a battle under way: each side's units by box.
fn battle(s: &State) -> String {
    let Some(f) = &s.player_turn.combat.fight else {
        return String::new();
    };
    let b = &f.battle;
    let mut out = format!(
        "Battle in {} (turn {}{}): the {} attack\n",
        super::keys::place_key(f.place),
        b.turn(),
        b.turns().map(|t| format!(" of {t}")).unwrap_or_default(),
        f.attacker.name()
    );
    for side in super::battle::types::Side::BOTH {
        let (panic, losses) = b.panic_state(side);
        let units = b.units(side);
        let mut boxes: Vec<String> = Vec::new();
        let in_box = |at: Option<super::battle::types::BoardBox>| -> Vec<String> {
            units
                .iter()
                .filter(|u| u.alive && u.at == at)
                .map(|u| format!("u{}", u.id.0))
                .collect()
        };
        for bx in super::battle::types::BoardBox::ALL {
            let ids = in_box(Some(bx));
            if !ids.is_empty() {
                boxes.push(format!("{} {}", board_box_text(bx), ids.join(" ")));
            }
        }
        let unplaced = in_box(None);
        if !unplaced.is_empty() {
            boxes.push(format!("to place {}", unplaced.join(" ")));
        }
        out.push_str(&wrap(
            &format!(
                "  {:?} (losses {losses}{}): {}",
                side,
                panic
                    .map(|p| format!(", panics at {p}"))
                    .unwrap_or_default(),
                boxes.join("; ")
            ),
            80,
        ));
    }
    out
}
