//! Garbage through the exports (issue 12): random calls from four threads at once on
//! shared games and one save folder (bad seats and ids, made-up actions and buttons,
//! taps anywhere, undo and hand-off at any moment, a game whose save was deleted under
//! it) get answers or errors, never a panic or a hang. Now and then a legal action is
//! played so that the games move on. `SKALD_GARBAGE_CALLS` sets the number of calls
//! (100,000 by default; a million was run for the note).

use skald_ffi::*;
use std::sync::Arc;

/// A small deterministic generator: the calls need variety, not quality.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn float(&mut self) -> f32 {
        match self.below(10) {
            0 => f32::NAN,
            1 => f32::INFINITY,
            2 => -1e30,
            _ => self.below(2_000) as f32 - 200.0,
        }
    }
    fn word(&mut self) -> String {
        [
            "end", "ship", "pass", "attack", "", "fly", "é", "0802", "VI01", "11",
        ][self.below(10) as usize]
            .to_string()
    }
}

fn game(lib: &SaveFolder, game: &str, scenario: &str, seats: &[&str]) -> Arc<Table> {
    lib.new_game(NewGame {
        game: game.into(),
        scenario: scenario.into(),
        seats: seats
            .iter()
            .map(|s| match *s {
                "computer" => SeatPlayer::Computer {
                    skill: "simple".into(),
                },
                name => SeatPlayer::Person { name: name.into() },
            })
            .collect(),
        name: String::new(),
        rules: Vec::new(),
    })
    .expect("a new game")
}

/// One random call; Ok or Err are both answers.
fn call(dice: &mut Dice, lib: &SaveFolder, table: &Arc<Table>, seats: &[&str]) {
    let seat = || seats[0].to_string();
    match dice.below(18) {
        0..=3 => {
            let _ = table.tap(dice.float(), dice.float());
        }
        4 | 5 => {
            let target = match dice.below(4) {
                0 => Target::Word { word: dice.word() },
                1 => Target::Piece { code: dice.word() },
                2 => Target::Cell { label: dice.word() },
                _ => Target::Count {
                    count: dice.next() as u32,
                },
            };
            let press = match dice.below(5) {
                0 => Press::Confirm,
                1 => Press::Clear,
                _ => Press::Tap { target },
            };
            let _ = table.press(press);
        }
        6 => {
            let name = ["viking", "villager", "norsemen", "nobody", ""][dice.below(5) as usize];
            let _ = table.act(name.into(), dice.word());
        }
        7 => {
            let _ = table.legal_actions(dice.word());
        }
        8 => {
            let _ = table.confirm_handoff();
        }
        9 => {
            let _ = table.undo();
        }
        10 => {
            let id = dice.below(1_000) + 1_000;
            let _ = lib.open_game(id);
            let _ = lib.rename(id, dice.word());
            let _ = lib.delete(id);
        }
        11 => {
            let _ = table.screen();
            let _ = table.can_undo();
            let target = Target::Piece { code: dice.word() };
            let _ = table.aim(target.clone());
            let _ = table.describe_target(target);
            let _ = table.describe_at(dice.float(), dice.float());
            let _ = table.spread_at(dice.float(), dice.float(), dice.float());
            if dice.below(20) == 0 {
                let _ = table.cell_speech();
            }
        }
        12 if dice.below(20) == 0 => {
            let _ = table.scene();
        }
        13 | 14 => match table.screen() {
            Screen::ComputerToMove { .. } => {
                let _ = table.computer_step();
            }
            Screen::Decide { seats, .. } => {
                if let Ok(legal) = table.legal_actions(seats[0].clone()) {
                    if !legal.is_empty() {
                        let pick = dice.below(legal.len() as u64) as usize;
                        let _ = table.act(seats[0].clone(), legal[pick].clone());
                    }
                }
            }
            _ => {}
        },
        15 => {
            let _ = table.legal_actions(seat());
        }
        16 => {
            if dice.below(20) == 0 {
                let _ = table.history();
            }
            let _ = table.history_scene(dice.below(40) as u32);
            // Past the end only: a real step would add a save to the folder.
            let _ = table.continue_from(u32::MAX - dice.below(9) as u32, dice.word());
            let _ = table.set_always_pass(dice.word(), dice.below(2) == 0);
            let _ = table.standing_orders();
            let _ = table.notices();
        }
        _ => {
            let id = dice.below(1_000) + 1_000;
            let _ = lib.export_backup(id);
            let _ = lib.export_replay(id, vec![dice.word(), seat()]);
            let _ = lib.import_backup(dice.word());
            let _ = lib.recovery();
        }
    }
}

#[test]
fn ffi_garbage_random_calls_from_four_threads_get_answers_never_a_panic() {
    let calls: u64 = std::env::var("SKALD_GARBAGE_CALLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let dir = tempfile::tempdir().unwrap();
    let lib = SaveFolder::open(dir.path().to_string_lossy().into_owned()).unwrap();
    let fury_seats = ["Ann", "computer"];
    let v878_seats = ["Ann", "Bo", "Ann", "Bo"];
    let fury = game(&lib, "fury", "basic", &fury_seats);
    let v878 = game(&lib, "v878", "standard", &v878_seats);
    // A game whose save is deleted under it: every later save fails, and says so.
    let orphan = game(&lib, "fury", "advanced", &["Cy", "Di"]);
    let orphan_id = lib.saves().unwrap().iter().map(|s| s.id).max().unwrap();
    lib.delete(orphan_id).unwrap();

    let started: Vec<String> = lib
        .saves()
        .unwrap()
        .into_iter()
        .map(|s| s.progress)
        .collect();

    let threads: Vec<_> = (0..4u64)
        .map(|t| {
            let lib = lib.clone();
            let (table, seats): (Arc<Table>, Vec<&'static str>) = match t {
                0 => (fury.clone(), fury_seats.to_vec()),
                1 => (v878.clone(), v878_seats.to_vec()),
                2 => (orphan.clone(), vec!["Cy", "Di"]),
                _ => (fury.clone(), fury_seats.to_vec()),
            };
            std::thread::spawn(move || {
                let mut dice = Dice(0x9e37_79b9_7f4a_7c15 ^ (t + 1));
                for _ in 0..calls / 4 {
                    call(&mut dice, &lib, &table, &seats);
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("no thread panicked");
    }
    // The folder still lists the two games that were not deleted, undamaged.
    let saves = lib.saves().unwrap();
    assert_eq!(saves.len(), 2, "{saves:?}");
    assert!(saves.iter().all(|s| s.damaged.is_none()), "{saves:?}");
    // The legal actions among the garbage moved both games on.
    assert!(
        saves.iter().all(|s| !started.contains(&s.progress)),
        "{saves:?} {started:?}"
    );
    for save in saves {
        lib.open_game(save.id).expect("each save opens again");
    }
}
