//! What the terminal shows of an 878 game before each decision, in at most 47 rows of
//! 80 characters (the contract's `render_screen`): the Round and turn, the Victory
//! Track, the decision due and the battle being fought, every shire with something in
//! it (packed by kingdom, units as letters), the Leaders in play, each faction's hand
//! and stockpile, and the decks. Lists that do not decide the next move (discard
//! piles, Leaders not yet drawn by name, card names of the Invasion deck) are counted
//! or shortened here and given whole by `render` (the terminal's `board`).
//!
//! Like `render` it reads only the view: a hand the seats may not see is `UNKNOWN`
//! there, and is printed as a count.

use super::data::{data, CardKind, Faction, Invade, Kingdom, Victory};
use super::notation::leader_name;
use super::render::{
    battle_lines, card_described, decision_lines, effects_line, finish_line, leader_title, plural,
    roman,
};
use super::state::{Card, LeaderPlace, V878State};
use super::view::{sees_hand, V878View};
use crate::board::area::AreaId;

/// The screen's width and height.
pub const WIDTH: usize = 80;
pub const HEIGHT: usize = 47;

/// Unit kinds as one letter each, in the `Troops` order.
const LETTER: [&str; 5] = ["H", "T", "N", "B", "F"];

/// The screen, ending with a newline.
pub fn render_screen(view: &V878View) -> String {
    let st = &view.state;
    let mut lines: Vec<String> = Vec::new();
    let mut add = |text: String| lines.extend(wrapped(&text));
    add(status_line(view));
    add(order_line(st));
    if let Some(l) = effects_line(st) {
        add(l);
    }
    add(victory_line(st));
    if let Some(l) = finish_line(st) {
        add(l);
    }
    for l in decision_lines(st) {
        add(l);
    }
    for l in battle_lines(st) {
        add(l);
    }
    add(
        "Map: H Housecarl, T Thegn, N Norsemen, B Berserker, F Fyrd; [C] city, [R] \
         reinforcement city, [M] marsh, [V] Viking Control Marker, * moved"
            .to_string(),
    );
    for l in map_lines(st) {
        add(l);
    }
    for l in leader_lines(st) {
        add(l);
    }
    for l in faction_lines(view) {
        add(l);
    }
    add(deck_line(st));
    let mut out = String::new();
    for l in lines {
        out.push_str(&l);
        out.push('\n');
    }
    out
}

fn status_line(view: &V878View) -> String {
    let st = &view.state;
    let scenario = data().scenarios().get(st.options.scenario as usize);
    let name = scenario.map_or("unknown scenario", |s| s.name.as_str());
    let rounds = scenario.map_or(7, |s| s.rounds);
    let active = match st.active() {
        Some(f) => format!("the {}", f.name()),
        None => "nobody".to_string(),
    };
    format!(
        "878 {name} | Round {} of {} | Turn {} of 4: {active} | {}",
        roman(st.round),
        roman(rounds),
        st.order.len(),
        st.phase.name()
    )
}

fn order_line(st: &V878State) -> String {
    let order: Vec<&str> = st.order.iter().map(|f| f.name()).collect();
    let budget = match st.budget {
        None => "no Movement card played".to_string(),
        Some(b) => format!(
            "Movement card {:02}: {} left, up to {} each",
            b.card,
            plural(b.armies_left, "army", "armies"),
            plural(b.shires, "shire", "shires")
        ),
    };
    format!(
        "Order so far: {} | {budget}",
        if order.is_empty() {
            "none".to_string()
        } else {
            order.join(", ")
        }
    )
}

fn victory_line(st: &V878State) -> String {
    let mut line = format!(
        "Victory Track: {} of {} markers on the map",
        st.markers_on_map(),
        st.markers
    );
    if let Some(s) = data().scenarios().get(st.options.scenario as usize) {
        line.push_str(&match s.victory {
            Victory::Standard {
                conquest_markers,
                treaty_markers,
                treaty_from_round,
            } => format!(
                " (Vikings win at {conquest_markers}, or {treaty_markers} after a Treaty from \
                 Round {} or at the end)",
                roman(treaty_from_round)
            ),
            Victory::Plunder { markers } => format!(" (the Vikings must pull {markers})"),
            Victory::Gambit { markers_at_end } => {
                format!(" ({markers_at_end} on the map after the last Round)")
            }
        });
    }
    if st.plundered > 0 {
        line.push_str(&format!("; {} pulled by raids", st.plundered));
    }
    line
}

/// Units as letters and counts: `H3 T2 N5`; moved ones starred (`N5*`).
fn troops(units: &[u8; 5], moved: &[u8; 5]) -> String {
    let parts: Vec<String> = (0..5)
        .filter(|&k| units[k] > 0)
        .map(|k| {
            let star = if moved[k] > 0 { "*" } else { "" };
            format!("{}{}{star}", LETTER[k], units[k])
        })
        .collect();
    parts.join(" ")
}

/// One shire with something in it: `euruic[CR] H1 T1 L01`; None when it is empty.
fn shire_cell(st: &V878State, id: AreaId) -> Option<String> {
    let d = data();
    let units = st.map.get(id.0 as usize).copied().unwrap_or([0; 5]);
    let moved = st.moved.get(id.0 as usize).copied().unwrap_or([0; 5]);
    let marked = st.marked.get(id.0 as usize).copied().unwrap_or(false);
    let leaders: Vec<String> = st
        .leaders
        .iter()
        .filter(|l| l.shire() == Some(id))
        .map(|l| leader_name(l.card))
        .collect();
    if units.iter().all(|n| *n == 0) && leaders.is_empty() && !marked {
        return None;
    }
    let mut tags = String::new();
    for (on, tag) in [
        (d.is_city(id), 'C'),
        (d.is_reinforcement_city(id), 'R'),
        (d.is_marsh(id), 'M'),
        (marked, 'V'),
    ] {
        if on {
            tags.push(tag);
        }
    }
    let name = d.shire(id).map_or(format!("?{}", id.0), |s| s.id.clone());
    let mut cell = if tags.is_empty() {
        name
    } else {
        format!("{name}[{tags}]")
    };
    let units = troops(&units, &moved);
    if !units.is_empty() {
        cell.push(' ');
        cell.push_str(&units);
    }
    for l in leaders {
        cell.push(' ');
        cell.push_str(&l);
    }
    Some(cell)
}

/// Each kingdom's shires with something in them, packed into lines.
fn map_lines(st: &V878State) -> Vec<String> {
    let d = data();
    let mut out = Vec::new();
    for k in Kingdom::ALL {
        let cells: Vec<String> = d
            .shires_of(k)
            .iter()
            .filter_map(|&id| shire_cell(st, id))
            .collect();
        let head = format!("{}:", d.kingdom_naming(k).modern);
        if cells.is_empty() {
            out.push(format!("{head} empty"));
        } else {
            out.extend(packed(&head, &cells, "  "));
        }
    }
    out
}

/// The Leaders in play one a line; those still waiting or defeated in one line.
fn leader_lines(st: &V878State) -> Vec<String> {
    let mut out = Vec::new();
    let (mut waiting, mut defeated) = (Vec::new(), Vec::new());
    for l in &st.leaders {
        let name = leader_name(l.card);
        let reinforcements = data()
            .invasion_card(l.card)
            .is_some_and(|c| c.invade == Invade::Reinforcements);
        let place = match l.place {
            LeaderPlace::Waiting => {
                // The leaderless Viking Reinforcements card is a Leader only in name.
                if !(reinforcements && l.troops.iter().all(|n| *n == 0)) {
                    waiting.push(name);
                }
                continue;
            }
            LeaderPlace::Defeated => {
                defeated.push(name);
                continue;
            }
            LeaderPlace::OffMap => match data().invasion_card(l.card).map(|c| c.invade) {
                Some(Invade::Sea(sea)) => {
                    format!(
                        "off the map, lands from the {}",
                        data().sea_naming(sea).modern
                    )
                }
                Some(Invade::AnyCoast) => "off the map, lands on any coast".to_string(),
                _ => "off the map".to_string(),
            },
            LeaderPlace::OnMap(s) => format!(
                "at {}",
                data()
                    .shire(s)
                    .map_or(format!("?{}", s.0), |x| x.id.clone())
            ),
        };
        let mut line = format!("  {name} {}: {place}", leader_title(l.card));
        let units = troops(&l.troops, &[0; 5]);
        if !units.is_empty() {
            line.push_str(&format!("; card {units}"));
        }
        if l.moving {
            line.push_str(&format!(
                "; moving, {} left",
                plural(l.moves_left, "move", "moves")
            ));
        }
        if l.done {
            line.push_str("; done this Turn");
        }
        out.push(line);
    }
    let mut rest = Vec::new();
    if !waiting.is_empty() {
        rest.push(format!("not yet in play: {}", waiting.join(" ")));
    }
    if !defeated.is_empty() {
        rest.push(format!("defeated: {}", defeated.join(" ")));
    }
    let head = if out.is_empty() && rest.is_empty() {
        "Leaders: none".to_string()
    } else if rest.is_empty() {
        "Leaders:".to_string()
    } else {
        format!("Leaders: {}", rest.join(" | "))
    };
    out.insert(0, head);
    out
}

/// A line per faction: its hand (cards with what they do, if the viewer may see it),
/// deck, discards and stockpile.
fn faction_lines(view: &V878View) -> Vec<String> {
    let st = &view.state;
    let mut out = Vec::new();
    for f in Faction::ALL {
        let Some(fs) = st.factions.get(f as usize) else {
            continue;
        };
        let hand = if fs.hand.is_empty() {
            "no cards".to_string()
        } else if sees_hand(st, &view.seats, f) {
            let cards: Vec<String> = fs.hand.iter().map(|c| card_short(f, *c)).collect();
            cards.join(", ")
        } else {
            format!("{} (hidden)", plural(fs.hand.len() as u32, "card", "cards"))
        };
        let mut line = format!(
            "{:<9} hand {hand} | deck {}, discard {}, stock {}",
            f.name(),
            fs.deck.len(),
            fs.discard.len(),
            fs.stock
        );
        if fs.fled > 0 {
            line.push_str(&format!(", fled {}", fs.fled));
        }
        if fs.treaty_played {
            line.push_str(" | Treaty played");
        }
        out.push(line);
    }
    out
}

/// A card in a hand the viewer sees, short: `05 Move 2x2`, `13 Viking Fort`.
fn card_short(f: Faction, c: Card) -> String {
    match data().card(f, c).map(|k| k.kind) {
        Some(CardKind::Movement { armies, shires }) => format!("{c:02} Move {armies}x{shires}"),
        Some(CardKind::Treaty { armies, shires }) => format!("{c:02} Treaty {armies}x{shires}"),
        Some(CardKind::Event { event, .. }) => format!("{c:02} {}", data().event_info(event).name),
        None => card_described(f, c),
    }
}

fn deck_line(st: &V878State) -> String {
    let mut line = format!(
        "Invasion deck {} left, {} drawn | Fyrd deck {}, {} discarded, {} units in stock",
        st.invasion.len(),
        st.invasion_drawn.len(),
        st.fyrd_deck.len(),
        st.fyrd_discard.len(),
        st.fyrd_stock
    );
    let raiders = troops(&st.raiders, &[0; 5]);
    if !raiders.is_empty() {
        line.push_str(&format!(" | raid army waiting: {raiders}"));
    }
    line
}

/// Cells after a head, two spaces apart, packed into lines of the width; continuation
/// lines indented.
fn packed(head: &str, cells: &[String], indent: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = head.to_string();
    for cell in cells {
        if line.chars().count() + 2 + cell.chars().count() > WIDTH && line.trim() != head {
            out.push(std::mem::replace(&mut line, format!("{indent}{cell}")));
        } else {
            line.push_str("  ");
            line.push_str(cell);
        }
    }
    out.push(line);
    out
}

/// A line wrapped at spaces to the width, continuation lines indented by four more.
fn wrapped(line: &str) -> Vec<String> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let mut out = Vec::new();
    let mut current = line[..indent].to_string();
    let mut fresh = true;
    for word in line[indent..].split(' ') {
        if !fresh && current.chars().count() + 1 + word.chars().count() > WIDTH {
            out.push(current.trim_end().to_string());
            current = format!("{}{word}", " ".repeat(indent + 4));
        } else {
            if !fresh {
                current.push(' ');
            }
            current.push_str(word);
            fresh = false;
        }
    }
    out.push(current.trim_end().to_string());
    out
}

#[cfg(test)]
mod tests {
    use super::super::V878;
    use super::*;
    use crate::engine::{Chance, Game, Seat, Turn};

    /// The screen at every 7th decision of random games of every scenario, for one
    /// seat's view and for all seats.
    fn screens(seeds: std::ops::Range<u64>) -> Vec<(String, Vec<Seat>, V878State)> {
        let mut out = Vec::new();
        for scenario in V878::scenarios() {
            let options = V878::options(scenario.id).unwrap();
            for seed in seeds.clone() {
                let mut st = V878::setup(&options, seed);
                let mut rng = Chance::new(seed + 100);
                for step in 0..2_000 {
                    let Turn::Decide(seats) = V878::to_act(&st) else {
                        break;
                    };
                    if step % 7 == 0 {
                        out.push((scenario.id.to_string(), vec![seats[0]], st.clone()));
                        out.push((
                            scenario.id.to_string(),
                            (0..4).map(Seat).collect(),
                            st.clone(),
                        ));
                    }
                    let Some(a) = V878::random_action(&st, seats[0], &mut rng) else {
                        break;
                    };
                    V878::apply(&mut st, seats[0], &a).unwrap();
                }
                out.push((scenario.id.to_string(), vec![Seat(0)], st.clone()));
            }
        }
        out
    }

    #[test]
    fn v878_render_screen_fits_80_by_47_in_every_scenario() {
        let mut tallest = 0;
        for (scenario, seats, st) in screens(0..6) {
            let screen = render_screen(&V878::view(&st, &seats));
            let rows: Vec<&str> = screen.lines().collect();
            tallest = tallest.max(rows.len());
            assert!(
                rows.len() <= HEIGHT,
                "{scenario}: {} rows\n{screen}",
                rows.len()
            );
            for row in rows {
                assert!(row.chars().count() <= WIDTH, "{scenario}: too wide: {row}");
            }
        }
        assert!(
            tallest >= 20,
            "the screens were suspiciously short ({tallest} rows)"
        );
    }

    #[test]
    fn v878_render_screen_shows_every_occupied_shire_and_no_hidden_hand() {
        for (scenario, seats, st) in screens(0..2) {
            let view = V878::view(&st, &seats);
            let screen = render_screen(&view);
            for id in data().ids() {
                let units = st.map[id.0 as usize];
                if units.iter().any(|n| *n > 0) {
                    let name = &data().shire(id).unwrap().id;
                    assert!(
                        screen.contains(&format!("  {name}")),
                        "{scenario}: {name} is missing\n{screen}"
                    );
                }
            }
            for f in Faction::ALL {
                let fs = &st.factions[f as usize];
                let line = screen
                    .lines()
                    .find(|l| l.starts_with(f.name()))
                    .unwrap_or_else(|| panic!("no line for {}", f.name()));
                if !sees_hand(&st, &seats, f) && !fs.hand.is_empty() {
                    assert!(line.contains("(hidden)"), "{scenario}: {line}");
                }
            }
        }
    }
}
