//! The computer's seats: for now a random legal action, behind a small trait so that a
//! real player can take its place. It sees only the legal actions, never the state, so
//! it cannot learn another seat's secret.

use crate::engine::{ActionEntry, Chance, Seat};

/// Chooses the computer's action for a seat from its legal actions.
pub trait ComputerPlayer: Send {
    /// The index in `legal` of the action to take; None when there is nothing to take.
    fn choose(&mut self, seat: Seat, legal: &[ActionEntry]) -> Option<usize>;
}

/// A random legal action, drawn from its own chance stream (never the game's, so the
/// game's dice do not depend on what the computer chose).
pub struct RandomPlayer {
    chance: Chance,
}

impl RandomPlayer {
    /// A random player whose choices follow from the session's seed.
    pub fn from_session_seed(seed: u64) -> RandomPlayer {
        RandomPlayer {
            chance: Chance::new(seed.rotate_left(23) ^ 0x5e55_10c0_4d0c_0a1e),
        }
    }
}

impl ComputerPlayer for RandomPlayer {
    fn choose(&mut self, _seat: Seat, legal: &[ActionEntry]) -> Option<usize> {
        let count = u32::try_from(legal.len()).ok().filter(|&n| n > 0)?;
        let face = self.chance.roll(count);
        Some(face as usize - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(n: usize) -> Vec<ActionEntry> {
        (0..n)
            .map(|i| ActionEntry {
                notation: format!("a{i}"),
            })
            .collect()
    }

    #[test]
    fn session_random_player_picks_inside_the_list_and_repeats_by_seed() {
        let legal = entries(7);
        let mut a = RandomPlayer::from_session_seed(11);
        let mut b = RandomPlayer::from_session_seed(11);
        for _ in 0..200 {
            let pick = a.choose(Seat(0), &legal).unwrap();
            assert!(pick < 7);
            assert_eq!(b.choose(Seat(0), &legal), Some(pick));
        }
        assert_eq!(a.choose(Seat(0), &[]), None);
    }
}
