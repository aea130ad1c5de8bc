//! Where an 878 game stands for victory now (7.0, 7.1 and the scenarios' own counts),
//! and the battle dice written by their faces for rule case files.

use super::data::{data, Face, Faction, Victory};
use super::state::V878State;
use crate::engine::{NotationError, Standing};

/// The figures the game's victory check counts, if it were made now.
pub fn standing(state: &V878State) -> Vec<Standing> {
    let figure = |key, value: u8, rule| Standing {
        seat: None,
        key,
        value: value.to_string(),
        rule,
    };
    let scenario = &data().scenarios()[state.options.scenario as usize];
    let mut out = vec![figure("round", state.round, "1.0")];
    out.push(match scenario.victory {
        Victory::Plunder { .. } => figure("plundered", state.plundered, "NR 111"),
        Victory::Gambit { .. } => figure("viking-markers", state.markers_on_map(), "AG 123"),
        Victory::Standard { .. } => figure("viking-cities", state.markers_on_map(), "7.0"),
    });
    out
}

/// Die faces as a case file writes them: a die kind (`housecarl`, `thegn`, `norsemen`,
/// `berserker`, `fyrd`), then face names (`hit`, `command`, `flee`, `blank`) of that
/// kind's die; plain numbers are faces of the d6 behind it. A name stands for the first
/// side of that die showing it (the dice's faces are data, G7).
pub fn parse_dice(text: &str) -> Result<Vec<u32>, NotationError> {
    let d = data();
    let mut die: Option<(&str, &[Face; 6])> = None;
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        let lower = word.to_ascii_lowercase();
        if let Ok(n) = lower.parse::<u32>() {
            if !(1..=6).contains(&n) {
                return Err(NotationError::new(format!("a die face is 1 to 6, not {n}")));
            }
            out.push(n);
        } else if lower == "fyrd" {
            die = Some(("fyrd", &d.fyrd_dice().faces));
        } else if let Some(f) = Faction::from_key(&lower) {
            die = Some((f.key(), &d.dice(f).faces));
        } else {
            let face = face_named(&lower).ok_or_else(|| {
                NotationError::new(format!(
                    "'{word}' is neither a die kind (housecarl, thegn, norsemen, berserker, fyrd), a face (hit, command, flee, blank) nor a number"
                ))
            })?;
            let (kind, faces) = die.ok_or_else(|| {
                NotationError::new(format!(
                    "name the die before its faces: e.g. `norsemen {lower}`"
                ))
            })?;
            let side = faces
                .iter()
                .position(|f| *f == face)
                .ok_or_else(|| NotationError::new(format!("the {kind} die has no {lower} face")))?;
            out.push(side as u32 + 1);
        }
    }
    Ok(out)
}

fn face_named(word: &str) -> Option<Face> {
    match word {
        "hit" => Some(Face::Hit),
        "command" => Some(Face::Command),
        "flee" => Some(Face::Flee),
        "blank" => Some(Face::Blank),
        _ => None,
    }
}
