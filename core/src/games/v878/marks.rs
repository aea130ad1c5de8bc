//! What the scene draws of an 878 event (issue 11): every die of a battle roll for the
//! dice log, each face by its key, and the arrow of the last march. Shires by their
//! ids and armies by their counters' codes (`shire/faction`), as the board names them.

use super::data::{data, Face};
use super::happenings::V878Event;
use crate::board::area::AreaId;
use crate::engine::{Arrow, Marks};

fn label(id: AreaId) -> String {
    match data().shire(id) {
        Some(s) => s.id.clone(),
        None => format!("?{}", id.0),
    }
}

fn face(face: &Face) -> String {
    match face {
        Face::Hit => "hit",
        Face::Flee => "flee",
        Face::Command => "command",
        Face::Blank => "blank",
    }
    .to_string()
}

fn path(path: &[AreaId]) -> Vec<String> {
    path.iter().map(|&a| label(a)).collect()
}

pub fn marks(event: &V878Event) -> Marks {
    use V878Event as E;
    match event {
        E::Roll { faces, .. } | E::FyrdRoll { faces } => Marks {
            dice: faces.iter().map(face).collect(),
            arrow: None,
        },
        // 3.1: the army's counter stands in the shire it ended in.
        E::March {
            faction,
            path: shires,
            ..
        } if shires.len() >= 2 => Marks {
            dice: Vec::new(),
            arrow: Some(Arrow::Move {
                pieces: shires
                    .last()
                    .map(|&end| format!("{}/{}", label(end), faction.key()))
                    .into_iter()
                    .collect(),
                path: path(shires),
            }),
        },
        E::RaidLands { path: shires } if shires.len() >= 2 => Marks {
            dice: Vec::new(),
            arrow: Some(Arrow::Move {
                pieces: Vec::new(),
                path: path(shires),
            }),
        },
        _ => Marks::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::v878::data::Faction;

    fn shire(name: &str) -> AreaId {
        data().find(name).unwrap()
    }

    #[test]
    fn v878_4_1_a_roll_shows_each_face_in_the_order_rolled() {
        let roll = V878Event::Roll {
            faction: Faction::Norsemen,
            faces: vec![Face::Hit, Face::Flee, Face::Command, Face::Hit],
        };
        assert_eq!(marks(&roll).dice, vec!["hit", "flee", "command", "hit"]);
        assert_eq!(marks(&roll).arrow, None);
    }

    #[test]
    fn v878_3_1_a_march_shows_its_path_to_the_army_at_its_end() {
        let a = shire("wiltunscir");
        let b = shire("dornsaete");
        let march = V878Event::March {
            faction: Faction::Norsemen,
            path: vec![a, b],
            army: [3, 0, 0, 0],
        };
        let (ka, kb) = (label(a), label(b));
        assert_eq!(
            marks(&march).arrow,
            Some(Arrow::Move {
                pieces: vec![format!("{kb}/norsemen")],
                path: vec![ka, kb],
            })
        );
    }
}
