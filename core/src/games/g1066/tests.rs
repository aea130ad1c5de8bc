//! Checks of the 1066 data against the rules brief's claims (G1-G3, T1-T10).

use super::data::forces::{MarkerKind, Recruiters};
use super::data::map::{BorderTerrain, LeaveCost};
use super::data::tables::{CrtResult, GamePhase, PlayerPhase, Season};
use super::data::*;
use crate::board::square::Square;
use std::collections::BTreeSet;

fn sq(label: &str) -> Square {
    square(label).unwrap_or_else(|| panic!("no square {label}"))
}

fn labels(squares: &[Square]) -> Vec<String> {
    squares.iter().map(|&s| label(s)).collect()
}

/// Land squares reachable from `start` by orthogonal land steps.
fn land_component(map: &Map, start: Square) -> BTreeSet<Square> {
    let mut seen = BTreeSet::from([start]);
    let mut todo = vec![start];
    while let Some(s) = todo.pop() {
        for n in map.land_neighbours(s) {
            if seen.insert(n) {
                todo.push(n);
            }
        }
    }
    seen
}

#[test]
fn g1066_embedded_data_loads() {
    let d = load().expect("embedded data");
    assert_eq!((d.map.cols, d.map.rows), (10, 19));
    assert_eq!(d.map.grid.len(), 19);
    assert!(d.map.source.contains("G1"));
    assert_eq!(data().map.towns.len(), 40);
}

#[test]
fn g1066_g1_edinburgh_is_c6() {
    let map = &data().map;
    let e = map.town_named("Edinburgh").expect("Edinburgh");
    assert_eq!(label(e.square), "C6");
    assert_eq!(e.feudal, 2);
    assert_eq!(e.size, Terrain::LargeTown);
    assert!(!e.extra);
    assert!(e.source.as_deref().unwrap_or("").contains("2.1"));
    assert_eq!(map.terrain(sq("C6")), Some(Terrain::LargeTown));
}

#[test]
fn g1066_g1_feudal_values() {
    let map = &data().map;
    let feudal = |n: &str| map.town_named(n).map(|t| t.feudal);
    for (name, v) in [
        ("London", 3),
        ("York", 3),
        ("Rouen", 3),
        ("Lincoln", 2),
        ("Norwich", 2),
        ("Winchester", 2),
        ("Dover", 1),
    ] {
        assert_eq!(feudal(name), Some(v), "{name}");
    }
    let large: Vec<&str> = map
        .towns
        .iter()
        .filter(|t| t.size == Terrain::LargeTown)
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(
        large,
        [
            "Edinburgh",
            "York",
            "Lincoln",
            "Norwich",
            "Winchester",
            "London",
            "Rouen"
        ]
    );
    let extra: Vec<&str> = map
        .towns
        .iter()
        .filter(|t| t.extra)
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(
        extra,
        [
            "Inverness",
            "Aberdeen",
            "Perth",
            "Bamburgh",
            "Bangor",
            "Leicester",
            "St Davids"
        ]
    );
    assert!(map.towns.iter().filter(|t| t.extra).all(|t| t.feudal == 1));
}

#[test]
fn g1066_g1_every_town_on_its_own_land_square() {
    let map = &data().map;
    let mut seen = BTreeSet::new();
    for t in &map.towns {
        assert!(map.is_land(t.square), "{}", t.name);
        assert_eq!(map.terrain(t.square), Some(t.size), "{}", t.name);
        assert!(seen.insert(t.square), "{} shares a square", t.name);
    }
    let town_squares = grid()
        .squares()
        .filter(|&s| map.terrain(s).is_some_and(Terrain::is_town))
        .count();
    assert_eq!(town_squares, 40);
    assert_eq!(map.regions.len(), 13);
    let solway = map.regions.iter().find(|r| r.name == "Solway Firth");
    assert_eq!(solway.map(|r| label(r.square)).as_deref(), Some("C8"));
}

#[test]
fn g1066_g1_britain_land_connected_and_apart_from_france() {
    let map = &data().map;
    let britain = land_component(map, sq("C6"));
    let france = land_component(map, sq("H18"));
    assert!(britain.is_disjoint(&france));
    let land: BTreeSet<Square> = grid().squares().filter(|&s| map.is_land(s)).collect();
    let both: BTreeSet<Square> = britain.union(&france).copied().collect();
    assert_eq!(both, land, "land outside Britain and France");
    assert_eq!((britain.len(), france.len(), land.len()), (70, 24, 94));
    for name in [
        "London",
        "Inverness",
        "St Davids",
        "Exeter",
        "Dover",
        "Carlisle",
    ] {
        let t = map.town_named(name).expect(name);
        assert!(britain.contains(&t.square), "{name}");
    }
    for name in ["Rouen", "Boulogne", "Cherbourg", "Treguier", "Avranches"] {
        let t = map.town_named(name).expect(name);
        assert!(france.contains(&t.square), "{name}");
    }
    assert!(britain.iter().all(|s| s.row <= 16));
}

#[test]
fn g1066_g1_all_sea_sides() {
    let map = &data().map;
    let sides: Vec<String> = map
        .sea_sides
        .iter()
        .map(|s| format!("{}|{}", label(s.between[0]), label(s.between[1])))
        .collect();
    assert_eq!(sides, ["B14|B15", "C14|C15", "C14|D14", "C5|C6", "G13|G14"]);
    assert!(map.is_sea_side(sq("C6"), sq("C5")));
    assert_eq!(labels(&map.land_neighbours(sq("C6"))), ["D6", "C7", "B6"]);
    assert_eq!(labels(&map.land_neighbours(sq("C14"))), ["C13", "B14"]);
    assert!(map.is_coastal(sq("C6")));
    assert!(map.is_coastal(sq("G14")));
    assert!(!map.is_coastal(sq("F14")));
    assert!(!map.is_coastal(sq("E9")));
    assert_eq!(map.sea_sides[3].name, "Firth of Forth");
}

#[test]
fn g1066_g1_ports_coastal_or_on_a_river() {
    let map = &data().map;
    assert_eq!(map.ports.len(), 13);
    for &p in &map.ports {
        assert!(map.town(p).is_some(), "{}", label(p));
        assert!(map.is_coastal(p) || map.on_river(p), "{}", label(p));
    }
    // London and York are inland ports on rivers (17.3).
    for inland in ["F14", "E9"] {
        assert!(map.is_port(sq(inland)) && !map.is_coastal(sq(inland)));
        assert!(map.on_river(sq(inland)));
    }
    assert!(!map.is_port(sq("D8")));
}

#[test]
fn g1066_g1_rivers_and_roads_are_chains() {
    let map = &data().map;
    for c in map.rivers.iter().chain(&map.roads) {
        for w in c.chain.windows(2) {
            assert_eq!(grid().distance_orthogonal(w[0], w[1]), 1, "{}", c.name);
        }
        assert!(c.chain.iter().all(|&s| map.is_land(s)), "{}", c.name);
    }
    for r in &map.rivers {
        assert!(map.is_coastal(r.chain[0]), "mouth of {}", r.name);
    }
    let thames = &map.rivers[0];
    assert_eq!(thames.name, "Thames");
    assert_eq!(labels(&thames.chain), ["G14", "F14", "E14", "E13"]);
    assert!(map.river_link(sq("F14"), sq("G14")));
    assert!(!map.river_link(sq("G14"), sq("E14")));
    assert!(map.river_link(sq("F11"), sq("F10")));
    assert_eq!(map.rivers.len(), 5);
    assert_eq!(map.roads.len(), 7);
    let watling = &map.roads[0];
    assert_eq!(watling.chain.len(), 9);
    assert!(map.road_link(sq("D6"), sq("C6")));
    assert!(!map.road_link(sq("C6"), sq("C5")));
    assert!(map
        .roads
        .iter()
        .all(|r| r.chain.windows(2).all(|w| !map.is_sea_side(w[0], w[1]))));
}

#[test]
fn g1066_g1_off_map_boxes() {
    let map = &data().map;
    let normandy = map.off_map_box(BoxId::Normandy).expect("Normandy");
    assert_eq!(normandy.name, "Normandy");
    assert_eq!(normandy.power, Power::Normans);
    assert_eq!((normandy.feudal, normandy.port), (5, false));
    assert_eq!(normandy.border_terrain, BorderTerrain::Land);
    assert_eq!(
        labels(&normandy.borders),
        ["D19", "E19", "F19", "G19", "H19", "I19", "J19"]
    );
    assert_eq!(
        (normandy.enter_mp, normandy.leave_mp),
        (1, LeaveCost::Terrain)
    );
    let norway = map.off_map_box(BoxId::Norway).expect("Norway");
    assert_eq!(norway.power, Power::Vikings);
    assert_eq!((norway.feudal, norway.port), (10, true));
    assert_eq!(norway.border_terrain, BorderTerrain::Sea);
    assert_eq!(norway.borders.len(), 16);
    assert!(norway.borders.iter().all(|&s| !map.is_land(s)));
    assert_eq!((norway.enter_mp, norway.leave_mp), (5, LeaveCost::Fixed(5)));
    assert!(norway.source.contains("21.3"));
    assert_eq!(BoxId::Norway.key(), "norway");
}

#[test]
fn g1066_t1_recruiting_costs() {
    let r = &data().tables.recruiting;
    let cost = |u| r.units.get(&u).map(|p| (p.gold, p.buys));
    assert_eq!(cost(UnitType::Knight), Some((2, 1)));
    assert_eq!(cost(UnitType::Housecarl), Some((2, 1)));
    assert_eq!(cost(UnitType::Thegn), Some((1, 1)));
    assert_eq!(cost(UnitType::Fyrd), Some((1, 2)));
    assert_eq!(cost(UnitType::Berserker), Some((2, 1)));
    assert_eq!(cost(UnitType::Fleet), Some((2, 1)));
    assert_eq!((r.castle.gold, r.castle.max_per_turn), (1, 1));
    assert!(r.remove_pillage.plus_feudal && r.remove_pillage.gold == 1);
    assert!(r.source.contains("T1") && r.castle.source.contains("20.2"));
    assert!(r.remove_pillage.source.contains("G3.9"));
}

#[test]
fn g1066_t2_crt_kill_chances_in_36() {
    let crt = &data().tables.crt;
    assert_eq!(crt.defense_cap, 4);
    let chances: Vec<Option<u8>> = (1..=5).map(|d| crt.kill_chance_in_36(d)).collect();
    assert_eq!(chances, [Some(18), Some(12), Some(6), Some(3), Some(3)]);
    let four = crt.row(4).expect("row 4");
    assert_eq!(
        (four.hit_from, four.result, four.confirm_from),
        (6, CrtResult::D, Some(4))
    );
    let three = crt.row(3).expect("row 3");
    assert_eq!(
        (three.hit_from, three.result, three.confirm_from),
        (6, CrtResult::E, None)
    );
    assert_eq!(crt.source, "T2 [F]");
}

#[test]
fn g1066_t3_terrain_effects() {
    let t = &data().tables.terrain;
    let map = &data().map;
    let london = map.town_named("London").expect("London");
    assert_eq!(t.forage(Terrain::LargeTown, london.feudal), Some(5));
    assert_eq!(t.forage(Terrain::Town, 1), Some(3));
    assert_eq!(t.forage(Terrain::Clear, 3), Some(2));
    assert_eq!(t.forage(Terrain::Sea, 0), Some(0));
    let row = |x| t.row(x).expect("terrain row");
    assert_eq!(row(Terrain::Sea).move_cost, None);
    assert_eq!(
        (row(Terrain::Town).move_cost, row(Terrain::Town).halts),
        (Some(1), false)
    );
    for halting in [Terrain::Forest, Terrain::Swamp, Terrain::Mountain] {
        assert!(row(halting).halts, "{halting:?}");
    }
    let defense: Vec<u8> = [
        Terrain::Clear,
        Terrain::Town,
        Terrain::LargeTown,
        Terrain::Forest,
        Terrain::Swamp,
        Terrain::Mountain,
    ]
    .map(|x| row(x).defense)
    .to_vec();
    assert_eq!(defense, [0, 1, 1, 1, 1, 2]);
    assert!(row(Terrain::Town)
        .source
        .as_deref()
        .unwrap_or("")
        .contains("erratum"));
    assert_eq!((t.road_move_halves, t.road_cancels_halt), (1, true));
    assert_eq!(
        (t.castle.forage_plus, t.castle.defense, t.castle.save_from),
        (1, 2, 4)
    );
    assert_eq!(t.pillaged.forage, 0);
    assert!(t.pillaged.castle_still_adds && !t.pillaged.summer_adds);
    let s = &t.summer;
    assert_eq!(
        (s.land_ma_plus, s.land_forage_plus, s.battle_turns_plus),
        (1, 1, 1)
    );
    assert!(t.source.contains("T3") && t.castle.source.contains("20.5"));
    assert!(t.pillaged.source.contains("G3.10") && s.source.contains("9.9"));
}

#[test]
fn g1066_t4_turn_chart() {
    let turns = &data().tables.turns;
    assert_eq!(turns.months.len(), 12);
    assert_eq!(turns.months[0].month, "January");
    assert_eq!(turns.months[11].month, "December");
    let summer: Vec<u8> = (1..=12)
        .filter(|&t| turns.season(t) == Some(Season::Summer))
        .collect();
    assert_eq!(summer, [4, 5, 6, 7, 8, 9]);
    assert_eq!(turns.season(13), None);
    assert_eq!(
        turns.game_turn_phases,
        [
            GamePhase::Initiative,
            GamePhase::Negotiations,
            GamePhase::PlayerTurns,
            GamePhase::EndOfTurn
        ]
    );
    assert_eq!(turns.player_turn_phases.len(), 7);
    assert_eq!(turns.player_turn_phases[0], PlayerPhase::CampaignMarker);
    assert_eq!(turns.player_turn_phases[6], PlayerPhase::Pillage);
    assert!(turns.source.contains("T4"));
}

#[test]
fn g1066_t5_battle_spoils() {
    let s = &data().tables.spoils;
    let got: Vec<Option<(u8, u8)>> = [40, 26, 25, 21, 20, 16, 15, 11, 10, 6, 5, 1, 0]
        .iter()
        .map(|&t| s.for_total(t))
        .collect();
    let want = [
        (5, 2),
        (5, 2),
        (4, 2),
        (4, 2),
        (3, 1),
        (3, 1),
        (2, 1),
        (2, 1),
        (1, 0),
        (1, 0),
        (0, 0),
        (0, 0),
        (0, 0),
    ]
    .map(Some);
    assert_eq!(got, want);
    assert!(s.source.contains("15.18"));
}

#[test]
fn g1066_t6_fixed_numbers() {
    let f = &data().tables.fixed;
    assert_eq!(
        [2, 3, 4, 5].map(|p| f.hand_limit(p)),
        [Some(18), Some(12), Some(9), None]
    );
    let start: Vec<u8> = Power::ALL.iter().map(|p| f.starting_markers[p]).collect();
    assert_eq!(start, [6, 4, 3, 2]);
    assert_eq!((f.picks_divisor, f.panic_divisor), (5, 2));
    assert_eq!((f.battle_turns_die, f.battle_turns_max), (6, 6));
    assert_eq!(
        (f.fleet_capacity, f.cargo_min_ma, f.high_seas_battle_max),
        (2, 1, 3)
    );
    let cc = &f.command_control;
    assert_eq!(
        (cc.no_move_max, cc.move_max, cc.enhanced_ma_plus),
        (2, 5, 1)
    );
    assert_eq!((f.overrun.ratio, f.overrun.extra_mp), (10, 1));
    assert_eq!(f.victory.min_feudal, 20);
    assert_eq!(f.victory.king_town_feudal, [2, 3]);
    assert_eq!(f.game_turns, 12);
    assert_eq!(f.provision_gold_per_square, 1);
    assert!(f.source.contains("T6") && cc.source.contains("24"));
    assert!(f.overrun.source.contains("25") && f.victory.source.contains("23.2"));
}

#[test]
fn g1066_t7_unit_types_and_counter_mix() {
    let u = &data().units;
    let stats = |t| {
        let s = u.stats(t).expect("stats");
        (s.attack, s.defense, s.ma, s.naval)
    };
    assert_eq!(stats(UnitType::Knight), (3, 3, 3, false));
    assert_eq!(stats(UnitType::Housecarl), (3, 3, 2, false));
    assert_eq!(stats(UnitType::Thegn), (2, 2, 2, false));
    assert_eq!(stats(UnitType::Fyrd), (1, 1, 2, false));
    assert_eq!(stats(UnitType::Berserker), (4, 2, 2, false));
    assert_eq!(stats(UnitType::Fleet), (0, 1, 8, true));
    let hc = u.stats(UnitType::Housecarl).expect("housecarl");
    assert_eq!(hc.recruiters, Recruiters::Only(vec![Power::AngloSaxons]));
    assert!(hc.may_recruit(Power::AngloSaxons) && !hc.may_recruit(Power::Normans));
    let bz = u.stats(UnitType::Berserker).expect("berserker");
    assert!(bz.may_recruit(Power::Vikings) && !bz.may_recruit(Power::Britons));
    assert!(u
        .stats(UnitType::Fyrd)
        .expect("fyrd")
        .may_recruit(Power::Britons));
    assert!(u.stats(UnitType::Thegn).expect("thegn").source.is_some());
    let mix = &u.counter_mix;
    let totals: Vec<u32> = Power::ALL
        .iter()
        .map(|p| mix.powers[p].values().map(|&n| u32::from(n)).sum())
        .collect();
    assert_eq!(totals, [26, 37, 22, 18]);
    assert_eq!(mix.limit(Power::Normans, UnitType::Knight), 6);
    assert_eq!(mix.limit(Power::Normans, UnitType::Housecarl), 0);
    assert_eq!(mix.limit(Power::AngloSaxons, UnitType::Fyrd), 22);
    assert_eq!(
        (mix.castles, mix.pillage, mix.control_per_power),
        (10, 20, 6)
    );
    assert!(mix.source.contains("10.7") && u.types.source.contains("T7"));
}

#[test]
fn g1066_t8_leaders() {
    let u = &data().units;
    assert_eq!(u.leaders.rows.len(), 8);
    let kings: Vec<&str> = u
        .leaders
        .rows
        .iter()
        .filter(|l| l.king)
        .map(|l| l.name.as_str())
        .collect();
    assert_eq!(kings, ["William", "Harold", "Harald Hardrada"]);
    let value = |id: &str| u.leader(id).map(|l| (l.value, l.unit));
    assert_eq!(value("william"), Some((3, UnitType::Knight)));
    assert_eq!(value("odo"), Some((1, UnitType::Knight)));
    assert_eq!(value("alan"), Some((2, UnitType::Knight)));
    assert_eq!(value("harold"), Some((3, UnitType::Housecarl)));
    assert_eq!(value("morcar_edwin"), Some((2, UnitType::Thegn)));
    assert_eq!(value("malcolm"), Some((2, UnitType::Thegn)));
    let malcolm = u.leader("malcolm").expect("Malcolm");
    assert_eq!((malcolm.power, malcolm.king), (Some(Power::Britons), false));
    let tostig = u.leader("tostig").expect("Tostig");
    assert_eq!(tostig.power, None);
    assert!(tostig.victory_king && tostig.from_pool && !tostig.king);
    assert!(tostig.source.as_deref().unwrap_or("").contains("18.10"));
    assert!(u.leaders.source.contains("T8"));
}

#[test]
fn g1066_t9_setup_squares_are_named_land_towns() {
    let d = data();
    assert_eq!(d.setup.order, Power::ALL);
    for ps in &d.setup.powers {
        assert!(ps.source.starts_with("27."));
        for g in &ps.groups {
            assert!(g.count > 0);
            for place in &g.places {
                match place {
                    Place::Square(s) => {
                        assert!(d.map.is_land(*s), "{}", label(*s));
                        assert!(d.map.town(*s).is_some(), "{}", label(*s));
                    }
                    Place::Box(b) => assert_eq!(*b, BoxId::Norway),
                }
            }
            if g.placing == Placing::OneEach {
                assert_eq!(usize::from(g.count), g.places.len());
            }
        }
    }
    let held: Vec<usize> = Power::ALL
        .iter()
        .map(|&p| d.setup_squares(p).len())
        .collect();
    assert_eq!(held, [8, 18, 0, 7]);
    let vikings = d.setup.of(Power::Vikings).expect("Vikings");
    assert_eq!(vikings.neutral_set_up_by, Some(Power::Normans));
    assert_eq!(
        d.setup.of(Power::Normans).and_then(|p| p.neutral_set_up_by),
        None
    );
    let castles = &d.setup.of(Power::Normans).expect("Normans").groups[6];
    assert_eq!(
        (&castles.piece, castles.count, castles.placing),
        (&Piece::Castle, 3, Placing::Distinct)
    );
    let fleet = [UnitType::Fleet].map(|u| Power::ALL.map(|p| d.setup.unit_count(p, u)));
    assert_eq!(fleet, [[1, 1, 3, 0]]);
    assert_eq!(d.setup.unit_count(Power::AngloSaxons, UnitType::Fyrd), 18);
    assert!(d.setup.source.contains("T9"));
    for p in Power::ALL {
        for u in UnitType::ALL {
            assert!(d.setup.unit_count(p, u) <= u32::from(d.units.counter_mix.limit(p, u)));
        }
    }
}

#[test]
fn g1066_t9_starting_feudal_and_picks() {
    let d = data();
    let feudal = Power::ALL.map(|p| d.starting_feudal(p));
    assert_eq!(feudal, [10, 25, 0, 8]);
    assert_eq!(Power::ALL.map(|p| d.box_feudal(p)), [5, 0, 10, 0]);
    assert_eq!(Power::ALL.map(|p| d.starting_picks(p)), [5, 6, 3, 2]);
    let leaders: Vec<&str> = d.setup.leaders_of(Power::Normans).collect();
    assert_eq!(leaders, ["william", "odo", "alan"]);
    assert_eq!(Power::AngloSaxons.name(), "Anglo-Saxons");
}

#[test]
fn g1066_t10_campaign_markers() {
    let m = &data().markers;
    assert_eq!(m.total(), 80);
    let by_kind = |k| -> u32 {
        m.markers
            .iter()
            .filter(|x| x.kind == k)
            .map(|x| u32::from(x.count))
            .sum()
    };
    assert_eq!(
        [
            MarkerKind::Action,
            MarkerKind::Battle,
            MarkerKind::Event,
            MarkerKind::Counter
        ]
        .map(by_kind),
        [58, 11, 10, 1]
    );
    let count = |id: &str| m.get(id).map(|x| x.count);
    assert_eq!(count("gold_point"), Some(24));
    assert_eq!(count("forced_march"), Some(8));
    assert_eq!(count("comet"), Some(1));
    let vassalage = m.get("vassalage").expect("vassalage");
    let values: Vec<(u8, u8)> = vassalage
        .values
        .iter()
        .map(|v| (v.value, v.count))
        .collect();
    assert_eq!(values, [(1, 6), (2, 4)]);
    assert!(m.get("comet").is_some_and(|c| c.once_per_game));
    let tostig = m.get("tostig").expect("tostig");
    assert_eq!(tostig.leader.as_deref(), Some("tostig"));
    assert_eq!(tostig.name, "Tostig");
    assert!(m
        .markers
        .iter()
        .all(|x| !x.label.is_empty() && x.label.len() < 80));
    assert!(m.source.contains("T10"));
}

/// The numbers of 8.13's explanations, as the rulebook prints them.
#[test]
fn g1066_8_13_marker_numbers() {
    let m = &data().markers;
    let n = |id: &str, name: &str| m.number(id, name);
    assert_eq!(n("assassin", "kill_from"), Some(6));
    assert_eq!(n("holy_roman_empire", "extra_pick_dice"), Some(1));
    assert_eq!(n("charge", "dice_per_unit"), Some(1));
    assert_eq!(
        (
            n("maneuver", "dice_per_knight"),
            n("maneuver", "dice_per_other")
        ),
        (Some(2), Some(1))
    );
    // Shield Wall cancels on 1-3, the reverse of the castle save (4-6, 20.5).
    assert_eq!(n("shield_wall", "save_max"), Some(3));
    assert_eq!(n("shield_wall", "save_from"), None);
    let castle = &data().tables.terrain.castle;
    assert_eq!((castle.save_from, castle.no_panic), (4, true));
    assert_eq!(
        ["min_stack", "loss_max", "loss_max_after_call_to_arms"].map(|k| n("attrition", k)),
        [Some(2), Some(1), Some(2)]
    );
    assert_eq!(
        [
            "winter_sea_loss_from",
            "winter_coast_loss_from",
            "summer_sea_loss_from"
        ]
        .map(|k| n("storms", k)),
        [Some(4), Some(6), Some(6)]
    );
    assert_eq!(
        ["min_stack", "gold_per_stack", "mutiny_loss_max"].map(|k| n("troops_demand_more_pay", k)),
        [Some(5), Some(1), Some(3)]
    );
    assert_eq!(n("comet", "anything"), None);
}

fn broken(file: DataFile, from: &str, to: &str) -> DataError {
    let mut texts = [
        EMBEDDED.map.to_string(),
        EMBEDDED.tables.to_string(),
        EMBEDDED.units.to_string(),
        EMBEDDED.setup.to_string(),
        EMBEDDED.markers.to_string(),
    ];
    let i = file as usize;
    assert!(texts[i].contains(from), "{from}");
    texts[i] = texts[i].replacen(from, to, 1);
    let src = Sources {
        map: &texts[0],
        tables: &texts[1],
        units: &texts[2],
        setup: &texts[3],
        markers: &texts[4],
    };
    parse(&src).expect_err("should fail")
}

#[test]
fn g1066_broken_json_names_file_and_item() {
    let e = broken(DataFile::Map, "\"cols\": 10,", "\"cols\": 10");
    assert_eq!(e.file, DataFile::Map);
    assert!(e.item.starts_with("line "), "{e}");
    assert!(
        e.to_string().starts_with("data/g1066/map.json: line "),
        "{e}"
    );

    let e = broken(
        DataFile::Map,
        "\"C6\", \"name\": \"Edinburgh\"",
        "\"C5\", \"name\": \"Edinburgh\"",
    );
    assert_eq!((e.file, e.item.as_str()), (DataFile::Map, "town Edinburgh"));
    assert!(e.problem.contains("C5"), "{e}");

    let e = broken(DataFile::Map, "\"square\": \"B3\"", "\"square\": \"K3\"");
    assert!(e.problem.contains("\"K3\""), "{e}");

    let e = broken(DataFile::Map, "\"F10\", \"E10\", \"E9\"", "\"F10\", \"E9\"");
    assert_eq!(e.item, "river Ouse");

    let e = broken(DataFile::Map, "\"I16\", \"H17\"", "\"F12\", \"H17\"");
    assert_eq!(e.item, "port F12");

    let e = broken(
        DataFile::Tables,
        "\"defense\": 3, \"hit_from\": 6",
        "\"defense\": 3, \"hit_from\": 7",
    );
    assert_eq!(
        (e.file, e.item.as_str()),
        (DataFile::Tables, "crt defense 3")
    );

    let e = broken(DataFile::Units, "\"id\": \"odo\"", "\"id\": \"william\"");
    assert_eq!(
        (e.file, e.item.as_str()),
        (DataFile::Units, "leader william")
    );

    let e = broken(DataFile::Setup, "\"count\": 7", "\"count\": 6");
    assert_eq!(
        (e.file, e.item.as_str()),
        (DataFile::Setup, "britons group 2")
    );

    let e = broken(
        DataFile::Setup,
        "\"count\": 2, \"placing\": \"any\"",
        "\"count\": 9, \"placing\": \"any\"",
    );
    assert_eq!(e.item, "normans Knight");

    let e = broken(DataFile::Markers, "\"count\": 6 }", "\"count\": 5 }");
    assert_eq!(
        (e.file, e.item.as_str()),
        (DataFile::Markers, "marker vassalage")
    );
    assert_eq!(DataFile::Markers.file_name(), "markers.json");

    let e = broken(DataFile::Markers, "\"save_max\": 3", "\"save_max\": 7");
    assert_eq!(
        (e.file, e.item.as_str(), e.problem.as_str()),
        (
            DataFile::Markers,
            "marker shield_wall",
            "save_max is not a die face 1-6"
        )
    );
}

#[test]
fn g1066_24_0_to_26_0_optional_rules_are_chosen_when_the_game_starts() {
    let entry = crate::games::registry::find("g1066").expect("g1066");
    let ids: Vec<&str> = entry.optional_rules().iter().map(|r| r.id).collect();
    assert_eq!(ids, vec!["command_control", "overrun", "sieges"]);
    let game = entry
        .new_game_with_rules("two_players", &["overrun".to_string()], 1)
        .expect("with overrun");
    let options: super::options::G1066Options =
        serde_json::from_str(&game.options_json()).expect("options");
    assert!(options.overrun && !options.command_control && !options.sieges);
    let err = entry
        .new_game_with_rules("two_players", &["catapults".to_string()], 1)
        .err()
        .expect("no such rule");
    assert!(err.contains("no optional rule 'catapults'"), "{err}");
}
