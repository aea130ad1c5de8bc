//! What one tap costs an app (issue 12; target under 2 ms median per game): a tap on a
//! piece through the export, then the new scene built and lowered into the buffer that
//! crosses to Kotlin or Swift (what the generated code reads), then the selection
//! cleared. Mid-game positions: 60 actions into a game played by one person on every
//! seat. Prints each scene's size on the wire once.
//!
//! `cargo bench -p skald-ffi --bench crossing`.

use criterion::{criterion_group, criterion_main, Criterion};
use skald_ffi::*;
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

/// A game 60 actions in, with one person on every seat, and a piece the person may tap.
fn mid_game(lib: &SaveFolder, game: &str, scenario: &str, seats: usize) -> (Arc<Table>, Point) {
    let table = lib
        .new_game(NewGame {
            game: game.into(),
            scenario: scenario.into(),
            seats: (0..seats)
                .map(|_| SeatPlayer::Person { name: "Ann".into() })
                .collect(),
            name: String::new(),
            rules: Vec::new(),
        })
        .expect("a new game");
    let mut step = 0usize;
    loop {
        match table.screen() {
            Screen::HandOff { .. } => {
                table.confirm_handoff().expect("hand-off");
            }
            // A forced action (the only legal one) is taken for the person.
            Screen::ComputerToMove { .. } => {
                table.computer_step().expect("a forced action");
                continue;
            }
            _ => {}
        }
        let Screen::Decide { seats, .. } = table.screen() else {
            panic!("the game ended early: {:?}", table.screen());
        };
        let scene = table.scene();
        let piece = scene.highlights.next.iter().find_map(|t| match t {
            Target::Piece { code } => scene.pieces.iter().find(|p| &p.code == code),
            _ => None,
        });
        if step >= 60 {
            if let Some(piece) = piece {
                return (table.clone(), piece.at);
            }
        }
        let legal = table.legal_actions(seats[0].clone()).expect("legal");
        table
            .act(seats[0].clone(), legal[(step * 7) % legal.len()].clone())
            .expect("a legal action");
        step += 1;
    }
}

fn crossing(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a folder");
    let lib = SaveFolder::open(dir.path().to_string_lossy().into_owned()).expect("saves");
    let mut group = c.benchmark_group("crossing");
    group.measurement_time(Duration::from_secs(5));
    for (game, scenario, seats) in [("fury", "basic", 2), ("v878", "standard", 4)] {
        let (table, at) = mid_game(&lib, game, scenario, seats);
        let wire = <Scene as uniffi::Lower<skald_ffi::UniFfiTag>>::lower(table.scene());
        println!("{game}: a scene is {} bytes on the wire", wire.len());
        wire.destroy();
        group.bench_function(format!("tap_to_scene_{game}"), |b| {
            b.iter(|| {
                let outcome = table.tap(at.x, at.y).expect("a tap");
                let scene = table.scene();
                let wire = <Scene as uniffi::Lower<skald_ffi::UniFfiTag>>::lower(scene);
                black_box((outcome, wire.len()));
                wire.destroy();
                table.press(Press::Clear).expect("clear");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, crossing);
criterion_main!(benches);
