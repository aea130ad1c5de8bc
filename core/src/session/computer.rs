//! The computer's seats: a random legal action, the game's simple player, or the search
//! player at a level, behind a small trait. They never read the state: the random player
//! sees only the legal actions, the simple player a position drawn from its own seat's
//! view ([`GameBox::simple_action`]), the search player that seat's view
//! ([`GameBox::search`]), so none can learn another seat's secret.
//!
//! The search player keeps no stream of its own: the seed of each search is worked out
//! from the session's seed, the decision's place in the game (how many actions stand
//! before it) and the seat, so the same position always gets the same search, whether it
//! is run on the caller's thread or another, and a search cancelled halfway leaves
//! nothing behind that could change a later one.

use super::seating::Skill;
use crate::ai::search::{Budget, Level};
use crate::engine::hash::StableHasher;
use crate::engine::{ActionEntry, Chance, GameBox, SearchAdvice, Seat};
use std::hash::Hasher;
use std::sync::atomic::AtomicBool;

/// Chooses the computer's action for a seat.
pub trait ComputerPlayer: Send {
    /// The index in `legal` (the seat's legal actions in `game`) of the action to take;
    /// None when there is nothing to take. `place` is how many actions stand in the
    /// game before this decision.
    fn choose(
        &mut self,
        game: &dyn GameBox,
        seat: Seat,
        legal: &[ActionEntry],
        place: u64,
    ) -> Option<usize>;
}

/// Salts that keep the computer's searches and the hints apart: the same position gives
/// them different (but each fixed) seeds.
pub const COMPUTER_SALT: u64 = 0xc0de_5ea2_c4ed_0010;
pub const HINT_SALT: u64 = 0x4141_5ea2_c4ed_0020;

/// The seed of a search: the session's seed, a salt, the decision's place in the game
/// and the seat, hashed with the build-independent [`StableHasher`].
pub fn position_seed(session_seed: u64, salt: u64, place: u64, seat: Seat) -> u64 {
    let mut hasher = StableHasher::default();
    hasher.write_u64(session_seed);
    hasher.write_u64(salt);
    hasher.write_u64(place);
    hasher.write_u8(seat.0);
    hasher.finish()
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
    fn choose(&mut self, _: &dyn GameBox, _: Seat, legal: &[ActionEntry], _: u64) -> Option<usize> {
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
    fn choose(
        &mut self,
        game: &dyn GameBox,
        seat: Seat,
        legal: &[ActionEntry],
        _: u64,
    ) -> Option<usize> {
        let action = game.simple_action(seat, &mut self.guesses, &mut self.chance)?;
        legal.iter().position(|a| a.notation == action)
    }
}

/// The search player at one level: plain data (its level, its budget, the session's
/// seed), so that a copy can think on another thread and choose exactly what this one
/// would.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchPlayer {
    level: Level,
    budget: Budget,
    session_seed: u64,
}

impl SearchPlayer {
    /// The search at `level`, with the level's budget.
    pub fn new(level: Level, session_seed: u64) -> SearchPlayer {
        SearchPlayer {
            level,
            budget: level.budget(),
            session_seed,
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The same player with another budget (tests: one without a time cap, so that the
    /// choice does not depend on the clock).
    pub fn with_budget(self, budget: Budget) -> SearchPlayer {
        SearchPlayer { budget, ..self }
    }

    /// The seed of its search for `seat` at `place` in the game.
    pub fn seed_at(&self, place: u64, seat: Seat) -> u64 {
        position_seed(self.session_seed, COMPUTER_SALT, place, seat)
    }

    /// What it would do for `seat` at `place`, from the seat's view only, following
    /// `kept`, the plan it chose earlier in this phase (`ai::plans`); None when the
    /// seat has no legal action or `cancel` was set.
    pub fn advise(
        &self,
        game: &dyn GameBox,
        seat: Seat,
        place: u64,
        cancel: &AtomicBool,
        kept: Option<u32>,
    ) -> Option<SearchAdvice> {
        game.search(seat, &self.budget, self.seed_at(place, seat), cancel, kept)
    }
}

impl ComputerPlayer for SearchPlayer {
    fn choose(
        &mut self,
        game: &dyn GameBox,
        seat: Seat,
        legal: &[ActionEntry],
        place: u64,
    ) -> Option<usize> {
        // Through this trait the player has no memory: no plan is kept between
        // decisions (the session keeps them: `Session::step_computer`).
        let advice = self.advise(game, seat, place, &AtomicBool::new(false), None)?;
        legal.iter().position(|a| a.notation == advice.action)
    }
}

/// The computer players of a session, one per skill.
pub struct Computers {
    random: RandomPlayer,
    simple: SimplePlayer,
    /// The search at each level, in [`Level::ALL`] order.
    search: [SearchPlayer; 3],
}

impl Computers {
    /// Players whose choices follow from the session's seed.
    pub fn from_session_seed(seed: u64) -> Computers {
        Computers {
            random: RandomPlayer::from_session_seed(seed),
            simple: SimplePlayer::from_session_seed(seed),
            search: Level::ALL.map(|level| SearchPlayer::new(level, seed)),
        }
    }

    /// The player of a skill.
    pub fn of(&mut self, skill: Skill) -> &mut dyn ComputerPlayer {
        match skill {
            Skill::Random => &mut self.random,
            Skill::Simple => &mut self.simple,
            Skill::Easy | Skill::Normal | Skill::Hard => {
                &mut self.search[level_index(skill.level().unwrap_or(Level::Normal))]
            }
        }
    }

    /// The search player of a level.
    pub fn search(&self, level: Level) -> SearchPlayer {
        self.search[level_index(level)]
    }

    /// Gives a level another budget.
    pub fn set_budget(&mut self, level: Level, budget: Budget) {
        let player = &mut self.search[level_index(level)];
        *player = player.with_budget(budget);
    }
}

fn level_index(level: Level) -> usize {
    match level {
        Level::Easy => 0,
        Level::Normal => 1,
        Level::Hard => 2,
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
            let pick = a.choose(game.as_ref(), Seat(0), &legal, 0).unwrap();
            assert!(pick < 7);
            assert_eq!(b.choose(game.as_ref(), Seat(0), &legal, 0), Some(pick));
        }
        assert_eq!(a.choose(game.as_ref(), Seat(0), &[], 0), None);
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
            let pick = a.choose(game.as_ref(), seats[0], &legal, 0).unwrap();
            assert_eq!(b.choose(game.as_ref(), seats[0], &legal, 0), Some(pick));
            game.play(seats[0], &legal[pick].notation).unwrap();
        }
    }
}
