//! The Battle Board in the scene (15.5): while a battle is fought, a panel beside the
//! grid shows each side's four boxes (left, centre, right, reserve) with the counters
//! deployed in them, face up (7.2: every counter in a battle is shown), the commanders
//! marked, and a status line per side with its panic level and losses (15.16).
//! Counters keep their map codes (`u12`), so tapping one on the board is tapping it.

use super::battle::{BoardBox, Side};
use super::data::{data, Power};
use super::keys::place_key;
use super::notation::{board_box_text, identity_text};
use super::scene::{centre, face, name_at, outline, power_ink, tint, Look, TOP};
use super::state::{Identity, State};
use crate::engine::scene::{Board, Cell, Piece, Point};

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    }
}

/// The label of a Battle Board box in the scene, short enough to print in the box:
/// `a-left` for the attacker's left, `d-reserve` for the defender's reserve.
pub fn box_label(side: Side, b: BoardBox) -> String {
    let s = match side {
        Side::Attacker => "a",
        Side::Defender => "d",
    };
    format!("{s}-{}", board_box_text(b))
}

/// The words printed in a box: its side and name, shortened where they would not fit.
fn caption(side: Side, b: BoardBox) -> String {
    match b {
        BoardBox::Reserve => format!("{}. reserve", &side_word(side)[..3]),
        _ => format!("{} {}", side_word(side), board_box_text(b)),
    }
}

/// The top-left corner, width and height of a side's box: the attacker's column
/// first, the boxes from left to reserve downwards.
fn box_rect(look: &Look, side: Side, b: BoardBox) -> (f32, f32, f32, f32) {
    let at = look.battle_board;
    let left = f32::from(data().map.cols) * look.square + look.gap + at.at[0];
    let col = f32::from(u8::from(side == Side::Defender));
    let row = BoardBox::ALL.iter().position(|x| *x == b).unwrap_or(0) as f32;
    (
        left + col * at.width,
        at.at[1] + row * at.height,
        at.width,
        at.height,
    )
}

/// Draws the Battle Board of the battle under way, if any.
pub fn draw(s: &State, look: &Look, board: &mut Board) {
    let Some(f) = &s.player_turn.combat.fight else {
        return;
    };
    let powers = [
        (Side::Attacker, f.attacker),
        (
            Side::Defender,
            f.defenders.first().copied().unwrap_or(f.attacker),
        ),
    ];
    let (fill, _) = tint(look, "box");
    for (side, power) in powers {
        for b in BoardBox::ALL {
            let r = box_rect(look, side, b);
            let here = f
                .battle
                .units(side)
                .into_iter()
                .filter(|u| u.alive && u.at == Some(b))
                .count();
            board.cells.push(Cell {
                label: box_label(side, b),
                outline: outline(r),
                parts: Vec::new(),
                centre: centre(r),
                label_at: Some(name_at(r)),
                terrain: "battle_box".into(),
                fill,
                caption: Some(caption(side, b)),
                speech: format!(
                    "the {}' {} box on the Battle Board, the {} side, {here} counters (15.5)",
                    power.name(),
                    board_box_text(b),
                    side_word(side)
                ),
            });
        }
        pieces(s, look, side, power, board);
        let (level, losses) = f.battle.panic_state(side);
        board.status.push(format!(
            "Battle in {}, {} {}: losses {losses}, panic at {} (15.16)",
            place_key(f.place),
            side_word(side),
            power.name(),
            level.map_or("never (a castle, 20.5)".to_string(), |l| l.to_string())
        ));
    }
}

/// The side's living, deployed counters in their boxes, laid out in rows.
fn pieces(s: &State, look: &Look, side: Side, power: Power, board: &mut Board) {
    let Some(f) = &s.player_turn.combat.fight else {
        return;
    };
    let size = look.counter;
    let commander = f.battle.commander(side);
    for b in BoardBox::ALL {
        let (x, y, w, _) = box_rect(look, side, b);
        let per_row = ((w - 4.0) / size).floor().max(1.0) as usize;
        let units = f.battle.units(side);
        let here = units.iter().filter(|u| u.alive && u.at == Some(b));
        for (k, u) in here.enumerate() {
            let id = u16::try_from(u.id.0).unwrap_or(u16::MAX);
            let (owner, identity) = s
                .units()
                .find(|(_, _, unit)| unit.id == id)
                .map_or((power, Identity::Unknown), |(_, p, unit)| {
                    (p, (*unit.identity).clone())
                });
            let (fill, ink) = power_ink(look, owner);
            let (title, values) = face(look, &identity);
            let mut flags = Vec::new();
            if commander == Some(u.id) {
                flags.push("commander".to_string());
            }
            let at = Point::new(
                x + 2.0 + size / 2.0 + (k % per_row) as f32 * size,
                y + TOP + size / 2.0 + (k / per_row) as f32 * size,
            );
            board.pieces.push(Piece {
                code: format!("u{id}"),
                cell: box_label(side, b),
                at,
                size,
                fill,
                ink,
                title,
                values,
                speech: format!(
                    "the {}' u{id} {} in the {} box{}",
                    owner.name(),
                    identity_text(&identity),
                    board_box_text(b),
                    if flags.is_empty() { "" } else { ", commander" }
                ),
                flags,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::actions::Action;
    use super::super::battle::BattleAction;
    use super::super::data::tables::PlayerPhase;
    use super::super::data::{Power, UnitType};
    use super::super::rules::apply;
    use super::super::scene::board;
    use super::super::turn::combat::CombatAction;
    use super::super::turn::test_position::{at, open_phase, position, put, seat};
    use super::super::view::view;
    use super::*;

    /// 15.5: while a battle is fought the scene shows both sides' four boxes, and a
    /// deployed counter stands in its box, face up, under its map code.
    #[test]
    fn g1066_15_5_scene_shows_the_battle_board_with_its_boxes() {
        let mut fyrd = Vec::new();
        let mut s = position(Vec::new(), |s| {
            put(s, "F13", Power::Normans, UnitType::Knight, 1);
            fyrd = put(s, "F13", Power::AngloSaxons, UnitType::Fyrd, 1);
        });
        open_phase(&mut s, Power::Normans, PlayerPhase::Combat);
        let n = seat(&s, Power::Normans);
        let fight = CombatAction::Fight {
            power: Power::Normans,
            place: at("F13"),
        };
        apply(&mut s, n, &Action::Combat(fight)).expect("battle");
        let before = board(&view(&s, &[n]));
        let boxes: Vec<&str> = before
            .cells
            .iter()
            .map(|c| c.label.as_str())
            .filter(|l| l.starts_with("a-") || l.starts_with("d-"))
            .collect();
        assert_eq!(
            boxes,
            vec![
                "a-left",
                "a-centre",
                "a-right",
                "a-reserve",
                "d-left",
                "d-centre",
                "d-right",
                "d-reserve"
            ]
        );
        // The defender deploys first (15.2): its fyrd to the centre.
        let a = seat(&s, Power::AngloSaxons);
        let deploy = CombatAction::Battle(BattleAction::Deploy(BoardBox::Centre));
        // A tap on the defender's centre box deploys there.
        assert_eq!(
            super::super::targets::targets(&s, &Action::Combat(deploy.clone())),
            vec![crate::engine::Target::Cell("d-centre".into())]
        );
        apply(&mut s, a, &Action::Combat(deploy)).expect("deploy");
        let after = board(&view(&s, &[n]));
        let code = format!("u{}", fyrd[0]);
        let on_board: Vec<&Piece> = after
            .pieces
            .iter()
            .filter(|p| p.code == code && p.cell == "d-centre")
            .collect();
        assert_eq!(on_board.len(), 1);
        assert_eq!(on_board[0].title, "Fy");
        assert!(after
            .status
            .iter()
            .any(|l| l.starts_with("Battle in F13, defender Anglo-Saxons: losses 0")));
    }
}
