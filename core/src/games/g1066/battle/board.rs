//! Which boxes face which (15.9), flank adjacency (15.11, G3.5) and the reserve
//! exception (15.12): who a unit may attack from where it stands.

use super::numbers::{FLANK_DICE, RESERVE_DICE};
use super::{AttackKind, Battle, BoardBox, Side, UnitId};

/// The enemy box directly facing `b` (15.9): left faces right, centre faces centre.
pub(super) fn opposite(b: BoardBox) -> Option<BoardBox> {
    match b {
        BoardBox::Left => Some(BoardBox::Right),
        BoardBox::Centre => Some(BoardBox::Centre),
        BoardBox::Right => Some(BoardBox::Left),
        BoardBox::Reserve => None,
    }
}

/// Front boxes next to `b` on the same half (G3.5): the centre touches both wings, the
/// wings touch only the centre.
pub(super) fn adjacent(b: BoardBox) -> &'static [BoardBox] {
    match b {
        BoardBox::Left | BoardBox::Right => &[BoardBox::Centre],
        BoardBox::Centre => &[BoardBox::Left, BoardBox::Right],
        BoardBox::Reserve => &[],
    }
}

impl Battle {
    /// Living units of `side` in box `b`.
    pub(super) fn in_box(&self, side: Side, b: BoardBox) -> Vec<UnitId> {
        self.side(side)
            .pieces
            .iter()
            .filter(|p| p.alive && p.at == Some(b))
            .map(|p| p.unit.id)
            .collect()
    }

    pub(super) fn box_empty(&self, side: Side, b: BoardBox) -> bool {
        !self
            .side(side)
            .pieces
            .iter()
            .any(|p| p.alive && p.at == Some(b))
    }

    /// What a unit of `side` standing in `from` may attack in a combat round, and the
    /// extra dice: the box opposite (15.9); if it is empty, the occupied boxes next to
    /// it (15.11); if the whole enemy front is empty, the reserve (15.12). Units in the
    /// reserve never attack.
    pub(super) fn targets_from(&self, side: Side, from: BoardBox) -> (Vec<UnitId>, AttackKind, u8) {
        let enemy = side.other();
        let Some(facing) = opposite(from) else {
            return (Vec::new(), AttackKind::Front, 0);
        };
        if !self.box_empty(enemy, facing) {
            return (self.in_box(enemy, facing), AttackKind::Front, 0);
        }
        if BoardBox::FRONT.iter().all(|&b| self.box_empty(enemy, b)) {
            return (
                self.in_box(enemy, BoardBox::Reserve),
                AttackKind::Reserve,
                RESERVE_DICE,
            );
        }
        let flank: Vec<UnitId> = adjacent(facing)
            .iter()
            .flat_map(|&b| self.in_box(enemy, b))
            .collect();
        (flank, AttackKind::Flank, FLANK_DICE)
    }
}
