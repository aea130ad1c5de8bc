//! The computer's seats: a random legal action, or the game's simple player, behind a
//! small trait so that the search player can take its place. They never read the state:
//! the random player sees only the legal actions, the simple player a position drawn
//! from its own seat's view ([`GameBox::simple_action`]), so neither can learn another
//! seat's secret.

use super::seating::Skill;
use crate::engine::{ActionEntry, Chance, GameBox, Seat};

/// Chooses the computer's action for a seat.
pub trait ComputerPlayer: Send {
    /// The index in `legal` (the seat's legal actions in `game`) of the action to take;
    /// None when there is nothing to take.
    fn choose(&mut self, game: &dyn GameBox, seat: Seat, legal: &[ActionEntry]) -> Option<usize>;
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
    fn choose(&mut self, _game: &dyn GameBox, _seat: Seat, legal: &[ActionEntry]) -> Option<usize> {
        let count = u32::try_from(legal.len()).ok().filter(|&n| n > 0)?;
        let face = self.chance.roll(count);
        Some(face as usize - 1)
    }
}

/// The game's simple player, with its own streams for its guesses at what its seat may
/// not see and for its own choices.
pub struct SimplePlayer {
    guesses: Chance,
    chance: Chance,
}

impl SimplePlayer {
    pub fn from_session_seed(seed: u64) -> SimplePlayer {
        SimplePlayer {
            guesses: Chance::new(seed.rotate_left(41) ^ 0x9e55_5e5d_0b5e_44e1),
            chance: Chance::new(seed.rotate_left(7) ^ 0x51a9_1e00_c0de_0d0e),
        }
    }
}

impl ComputerPlayer for SimplePlayer {
    fn choose(&mut self, game: &dyn GameBox, seat: Seat, legal: &[ActionEntry]) -> Option<usize> {
        let action = game.simple_action(seat, &mut self.guesses, &mut self.chance)?;
        legal.iter().position(|a| a.notation == action)
    }
}

/// The computer players of a session, one per skill.
pub struct Computers {
    random: RandomPlayer,
    simple: SimplePlayer,
}

impl Computers {
    /// Players whose choices follow from the session's seed.
    pub fn from_session_seed(seed: u64) -> Computers {
        Computers {
            random: RandomPlayer::from_session_seed(seed),
            simple: SimplePlayer::from_session_seed(seed),
        }
    }

    /// The player of a skill.
    pub fn of(&mut self, skill: Skill) -> &mut dyn ComputerPlayer {
        match skill {
            Skill::Random => &mut self.random,
            Skill::Simple => &mut self.simple,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(n: usize) -> Vec<ActionEntry> {
        (0..n)
            .map(|i| ActionEntry {
                notation: format!("a{i}"),
                targets: Vec::new(),
            })
            .collect()
    }

    #[test]
    fn session_random_player_picks_inside_the_list_and_repeats_by_seed() {
        let game = crate::games::registry::find("fury")
            .unwrap()
            .new_game("basic", 1)
            .unwrap();
        let legal = entries(7);
        let mut a = RandomPlayer::from_session_seed(11);
        let mut b = RandomPlayer::from_session_seed(11);
        for _ in 0..200 {
            let pick = a.choose(game.as_ref(), Seat(0), &legal).unwrap();
            assert!(pick < 7);
            assert_eq!(b.choose(game.as_ref(), Seat(0), &legal), Some(pick));
        }
        assert_eq!(a.choose(game.as_ref(), Seat(0), &[]), None);
    }

    #[test]
    fn session_simple_player_picks_a_legal_action_and_repeats_by_seed() {
        let mut game = crate::games::registry::find("v878")
            .unwrap()
            .new_game("standard", 5)
            .unwrap();
        let mut a = SimplePlayer::from_session_seed(3);
        let mut b = SimplePlayer::from_session_seed(3);
        for _ in 0..300 {
            let crate::engine::Turn::Decide(seats) = game.to_act() else {
                break;
            };
            let legal = game.legal_actions(seats[0]);
            let pick = a.choose(game.as_ref(), seats[0], &legal).unwrap();
            assert_eq!(b.choose(game.as_ref(), seats[0], &legal), Some(pick));
            game.play(seats[0], &legal[pick].notation).unwrap();
        }
    }
}
