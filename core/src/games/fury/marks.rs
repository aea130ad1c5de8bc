//! What the scene draws of a Fury event (issue 11): the die of every roll for the dice
//! log, and the arrows of the last move and attack. Pieces by their counter codes and
//! hexes by their map numbers, as the board names them.

use super::data::data;
use super::events::{FuryEvent, UnitCode};
use crate::board::Hex;
use crate::engine::{Arrow, Marks};

fn codes(units: &[UnitCode]) -> Vec<String> {
    units.iter().map(|u| u.to_string()).collect()
}

fn label(hex: Hex) -> String {
    data().grid.label(hex)
}

fn die(roll: u32) -> Vec<String> {
    vec![roll.to_string()]
}

pub fn marks(event: &FuryEvent) -> Marks {
    use FuryEvent as E;
    let (dice, arrow) = match event {
        E::Moved { units, path, .. } if path.len() >= 2 => (
            Vec::new(),
            Some(Arrow::Move {
                pieces: codes(units),
                path: path.iter().map(|&h| label(h)).collect(),
            }),
        ),
        E::Flight { unit, path, .. } if path.len() >= 2 => (
            Vec::new(),
            Some(Arrow::Move {
                pieces: codes(std::slice::from_ref(unit)),
                path: path.iter().map(|&h| label(h)).collect(),
            }),
        ),
        E::Attack {
            attackers,
            hex,
            roll,
            ..
        } => (
            die(*roll),
            Some(Arrow::Attack {
                pieces: codes(attackers),
                cell: label(*hex),
            }),
        ),
        E::Archery {
            shooters,
            hex,
            roll,
            ..
        } => (
            die(*roll),
            Some(Arrow::Attack {
                pieces: codes(shooters),
                cell: label(*hex),
            }),
        ),
        E::AttackUndefended { attackers, hex, .. } => (
            Vec::new(),
            Some(Arrow::Attack {
                pieces: codes(attackers),
                cell: label(*hex),
            }),
        ),
        E::ArcheryUndefended { shooters, hex, .. } => (
            Vec::new(),
            Some(Arrow::Attack {
                pieces: codes(shooters),
                cell: label(*hex),
            }),
        ),
        E::Wrath {
            invoker,
            target,
            roll,
            ..
        } => (
            die(*roll),
            Some(Arrow::Attack {
                pieces: codes(std::slice::from_ref(invoker)),
                cell: label(*target),
            }),
        ),
        E::AnimalWanders { roll, .. }
        | E::LeaderRoll { roll, .. }
        | E::Capture { roll, .. }
        | E::Sacked { roll, .. }
        | E::Fire { roll, .. }
        | E::ShipFired { roll, .. } => (die(*roll), None),
        _ => (Vec::new(), None),
    };
    Marks { dice, arrow }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fury::data::CrtResult;
    use crate::games::fury::events::Odds;

    fn hex(label: &str) -> Hex {
        data().grid.parse(label).unwrap()
    }

    #[test]
    fn fury_7_4_an_attack_shows_its_die_and_an_arrow_to_the_hex_attacked() {
        let attack = FuryEvent::Attack {
            attackers: vec![
                UnitCode::parse("VI01").unwrap(),
                UnitCode::parse("VI02").unwrap(),
            ],
            defenders: vec![UnitCode::parse("MI05").unwrap()],
            hex: hex("0915"),
            attack: 8,
            defence: 3,
            doubled: false,
            odds: Odds::TwoToOne,
            shifted: None,
            roll: 5,
            result: CrtResult::DR,
        };
        assert_eq!(
            marks(&attack),
            Marks {
                dice: vec!["5".into()],
                arrow: Some(Arrow::Attack {
                    pieces: vec!["VI01".into(), "VI02".into()],
                    cell: "0915".into()
                }),
            }
        );
    }

    #[test]
    fn fury_5_1_a_move_shows_its_path_and_a_standstill_shows_nothing() {
        let moved = FuryEvent::Moved {
            units: vec![UnitCode::parse("VI01").unwrap()],
            path: vec![hex("0802"), hex("0803"), hex("0903")],
            landing: true,
        };
        assert_eq!(
            marks(&moved).arrow,
            Some(Arrow::Move {
                pieces: vec!["VI01".into()],
                path: vec!["0802".into(), "0803".into(), "0903".into()],
            })
        );
        assert!(marks(&moved).dice.is_empty());
        let stayed = FuryEvent::Moved {
            units: vec![UnitCode::parse("VI01").unwrap()],
            path: vec![hex("0802")],
            landing: false,
        };
        assert_eq!(marks(&stayed), Marks::default());
        let sacked = FuryEvent::Sacked {
            hex: hex("0814"),
            roll: 2,
            found: None,
        };
        assert_eq!(
            marks(&sacked),
            Marks {
                dice: vec!["2".into()],
                arrow: None
            }
        );
    }
}
