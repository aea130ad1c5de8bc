//! Checks a position read from text against the rules that every position reached by
//! play obeys, so that a hand-written position (a case file, a bug report) that breaks
//! them is refused with the rule instead of being played on. Each error starts with
//! `rule N:` and says what is wrong where.
//!
//! - markers follow occupation at rest (4.6, G23): a position must be one that the
//!   game's own marker update ([`super::control::update_markers`]) leaves as it is;
//!   markers only on City Shires, and no more on the map than the game has;
//! - every unit is a component of the box: the units of a faction (Reinforcement
//!   Stockpile, Fled Units, map, Leader cards, the raid army) and the Fyrd units (stock,
//!   map) never outnumber those of the components (Setup; the Fyrd, Setup 6);
//! - every shire and Leader named exists: a Leader is Alfred or the Leader of an
//!   Invasion card, and a shire closed by the Saxon Navy is a coastal shire of the map.

use super::control::update_markers;
use super::data::{data, Faction, Side};
use super::state::{V878State, FYRD};
use crate::board::area::AreaId;

/// Ok, or the first rule the position breaks.
pub fn check(state: &V878State) -> Result<(), String> {
    names(state)?;
    components(state)?;
    markers(state)
}

fn shire_name(i: usize) -> String {
    data()
        .shires()
        .get(i)
        .map_or_else(|| format!("shire {i}"), |s| s.id.clone())
}

fn names(state: &V878State) -> Result<(), String> {
    let d = data();
    for l in &state.leaders {
        let known = l.card == 0 || d.invasion_cards().iter().any(|c| c.number == l.card);
        if !known {
            return Err(format!(
                "rule 5.0: there is no Leader L{:02}: a Leader is alfred or the Leader of an \
                 Invasion card",
                l.card
            ));
        }
    }
    let blocked = state.effects.blocked;
    for i in (0..64u16).filter(|i| blocked & (1 << i) != 0) {
        let coastal = d.shire(AreaId(i)).is_some() && d.is_coastal(AreaId(i));
        if !coastal {
            return Err(format!(
                "rule Saxon Navy (brief item 102): it closes {}, which is not a coastal shire of the map",
                d.shire(AreaId(i)).map_or_else(|| format!("shire {i}"), |s| s.id.clone())
            ));
        }
    }
    Ok(())
}

/// Units of each kind (the four factions, then the Fyrd) anywhere in the game.
fn units_in_game(state: &V878State) -> [u32; 5] {
    let mut n = [0u32; 5];
    let mut add = |t: &[u8; 5]| {
        for (k, v) in t.iter().enumerate() {
            n[k] += *v as u32;
        }
    };
    state.map.iter().for_each(&mut add);
    state.leaders.iter().for_each(|l| add(&l.troops));
    add(&state.raiders);
    for f in Faction::ALL {
        let fs = state.faction(f);
        n[f as usize] += fs.stock as u32 + fs.fled as u32;
    }
    n[FYRD] += state.fyrd_stock as u32;
    n
}

fn components(state: &V878State) -> Result<(), String> {
    let d = data();
    let n = units_in_game(state);
    for f in Faction::ALL {
        let (have, box_) = (n[f as usize], d.units(f) as u32);
        if have > box_ {
            return Err(format!(
                "rule Setup: the position holds {have} {} units (stockpile, fled, map, Leader \
                 cards and raiders), but the game has {box_}",
                f.key()
            ));
        }
    }
    let (have, box_) = (n[FYRD], d.fyrd_units() as u32);
    if have > box_ {
        return Err(format!(
            "rule Setup 6: the position holds {have} Fyrd units (stock and map), but the game \
             has {box_}"
        ));
    }
    Ok(())
}

fn markers(state: &V878State) -> Result<(), String> {
    let d = data();
    if let Some(i) =
        (0..state.marked.len()).find(|&i| state.marked[i] && !d.is_city(AreaId(i as u16)))
    {
        return Err(format!(
            "rule 4.6: {} holds a Viking Control Marker, but it is not a City Shire",
            shire_name(i)
        ));
    }
    let on = state.markers_on_map();
    if on > state.markers {
        return Err(format!(
            "rule 4.6: {on} markers are on the map, but the game has {}",
            state.markers
        ));
    }
    let mut settled = state.clone();
    let _ = update_markers(&mut settled);
    let Some(i) = (0..state.marked.len()).find(|&i| settled.marked[i] != state.marked[i]) else {
        return Ok(());
    };
    let city = AreaId(i as u16);
    Err(if state.marked[i] {
        format!(
            "rule 4.6 (G23): {} holds a marker, but no Viking unit or Leader occupies it",
            shire_name(i)
        )
    } else {
        let english = state.side_strength(city, Side::English);
        format!(
            "rule 4.6 (G23): the Vikings occupy {} with {english} English units there and \
             markers left on the track, so it must hold a marker",
            shire_name(i)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::super::notation::{format_position, parse_position};
    use super::super::{V878Options, V878};
    use crate::engine::Game;

    fn standard() -> String {
        format_position(&V878::setup(
            &V878Options::for_scenario("standard").unwrap(),
            1,
        ))
    }

    fn refused(text: &str) -> String {
        match parse_position(text, 0) {
            Ok(_) => panic!("accepted:\n{text}"),
            Err(e) => e.to_string(),
        }
    }

    fn position(lines: &str) -> String {
        format!("v878 position\nscenario standard\nphase movement\norder norsemen\n{lines}")
    }

    #[test]
    fn v878_4_6_a_marker_needs_a_viking_in_its_city() {
        let e = refused(&position("markers on=euruic\ntroops euruic thegn=1\n"));
        assert!(
            e.contains("rule 4.6 (G23): euruic holds a marker, but no Viking"),
            "{e}"
        );
        let ok = position("markers on=euruic\ntroops euruic norsemen=1\n");
        assert!(parse_position(&ok, 0).is_ok());
        // A Viking Leader alone holds it too.
        let ok = position("markers on=euruic\nleader L01 euruic\n");
        assert!(parse_position(&ok, 0).is_ok());
    }

    #[test]
    fn v878_4_6_a_city_the_vikings_hold_alone_takes_a_marker() {
        let e = refused(&position("troops euruic norsemen=2\n"));
        assert!(
            e.contains("rule 4.6 (G23): the Vikings occupy euruic with 0 English"),
            "{e}"
        );
        // Not while English units share the city, nor once the track is empty.
        let ok = position("troops euruic norsemen=2 thegn=1\n");
        assert!(parse_position(&ok, 0).is_ok());
        let ok = position(
            "markers total=1 on=dunholm\ntroops euruic norsemen=2\ntroops dunholm norsemen=1\n",
        );
        assert!(parse_position(&ok, 0).is_ok());
    }

    #[test]
    fn v878_4_6_markers_only_on_cities_and_no_more_than_the_game_has() {
        let e = refused(&position(
            "markers on=north_riding\ntroops north_riding norsemen=1\n",
        ));
        assert!(
            e.contains("rule 4.6: north_riding holds a Viking Control Marker, but it is not"),
            "{e}"
        );
        let e = refused(&position(
            "markers total=1 on=euruic,dunholm\ntroops euruic norsemen=1\ntroops dunholm norsemen=1\n",
        ));
        assert!(
            e.contains("rule 4.6: 2 markers are on the map, but the game has 1"),
            "{e}"
        );
    }

    #[test]
    fn v878_setup_more_units_than_the_components_are_refused() {
        let e = refused(&position(
            "faction housecarl stock=20\ntroops lundenwic housecarl=1\n",
        ));
        assert!(
            e.contains("rule Setup: the position holds 21 housecarl units"),
            "{e}"
        );
        let e = refused(&position(
            "faction norsemen fled=30\nleader L01 off-map norsemen=11\n",
        ));
        assert!(e.contains("holds 41 norsemen units"), "{e}");
        let e = refused(&position("fyrd stock=9\ntroops lundenwic fyrd=2\n"));
        assert!(
            e.contains("rule Setup 6: the position holds 11 Fyrd units"),
            "{e}"
        );
    }

    #[test]
    fn v878_names_shires_and_leaders_that_exist() {
        let e = refused(&position("leader L09 waiting\n"));
        assert!(e.contains("rule 5.0: there is no Leader L09"), "{e}");
        let e = refused(&position("effects blocked=63\n"));
        assert!(e.contains("which is not a coastal shire of the map"), "{e}");
        // Units in a shire that does not exist cannot even be written.
        let e = refused(&position("troops atlantis norsemen=1\n"));
        assert!(e.contains("unknown shire 'atlantis'"), "{e}");
    }

    #[test]
    fn v878_positions_the_game_prints_are_accepted() {
        for s in V878::scenarios() {
            let st = V878::setup(&V878Options::for_scenario(s.id).unwrap(), 2);
            assert!(parse_position(&format_position(&st), 0).is_ok(), "{}", s.id);
        }
        assert!(parse_position(&standard(), 0).is_ok());
    }
}
