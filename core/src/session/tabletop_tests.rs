use super::*;
use crate::engine::Target;
use crate::games::registry;
use crate::session::{Player, Seating, Skill};

/// Fury's Basic Game with Ann as the Viking against the simple Villager.
fn fury_against_the_computer() -> Tabletop {
    let seating =
        Seating::new(vec![Player::person("Ann"), Player::Computer(Skill::Simple)]).unwrap();
    let session = Session::new("fury", "basic", 7, seating, "", None, 0).unwrap();
    let mut table = Tabletop::new(session);
    // The Villager sets up first (4.0).
    run_computer(&mut table);
    table
}

fn centre_of(table: &Tabletop, label: &str) -> Point {
    table.scene().board.centre_of(label).unwrap()
}

/// Places the Viking's Ship in 0802 as a person does: the `ship` button, then the hex.
fn place_the_ship(table: &mut Tabletop) -> TapResult {
    let ship = Press::Tap(Target::Word("ship"));
    assert_eq!(table.press(&ship, 0).unwrap(), TapResult::Narrowed);
    let at = centre_of(table, "0802");
    table.tap(at, 0).unwrap()
}

/// Plays the computer's moves until a person is to decide or to take the device.
fn run_computer(table: &mut Tabletop) {
    while matches!(table.session().screen(), Screen::ComputerToMove { .. }) {
        table.step_computer(0).unwrap();
    }
}

#[test]
fn tabletop_a_tap_on_a_ship_hex_places_the_ship_and_the_log_shows_it() {
    let mut table = fury_against_the_computer();
    assert_eq!(table.deciding_seat(), Some(Seat(0)));
    let before_count = table.session().timeline().standing_count();
    let before = table.scene();
    assert_eq!(before.highlights.next, vec![Target::Word("ship")]);
    assert_eq!(before.buttons[0].label, "ship");
    let result = place_the_ship(&mut table);
    let TapResult::Played { action, events } = result else {
        panic!("expected the ship to be placed, got {result:?}");
    };
    assert_eq!(action, "ship 0802");
    assert!(!events.is_empty());
    let after = table.scene();
    assert!(after.highlights.selected.is_empty());
    // The scene's log starts with the events of the Viking's own choice.
    assert_eq!(after.log[0].text, events[0].text);
    assert_eq!(
        table.session().timeline().standing_count(),
        before_count + 1
    );
}

#[test]
fn tabletop_a_tap_off_the_map_does_nothing_and_says_why() {
    let mut table = fury_against_the_computer();
    let hash = table.session().game().state_hash();
    let count = table.session().timeline().standing_count();
    let result = table.tap(Point::new(-50.0, -50.0), 0).unwrap();
    assert_eq!(
        result,
        TapResult::Nothing {
            why: "nothing there to tap".into()
        }
    );
    assert_eq!(table.session().game().state_hash(), hash);
    assert_eq!(table.session().timeline().standing_count(), count);
}

#[test]
fn tabletop_a_piece_tapped_is_selected_and_clear_forgets_it() {
    let mut table = fury_against_the_computer();
    place_the_ship(&mut table);
    run_computer(&mut table);
    // The Viking's units are to land or move now: tap the first one that has a move.
    let scene = table.scene();
    let piece = scene
        .highlights
        .next
        .iter()
        .find_map(|t| match t {
            Target::Piece(code) => scene.board.pieces.iter().find(|p| &p.code == code),
            _ => None,
        })
        .unwrap_or_else(|| panic!("a piece to tap in {:?}", scene.highlights.next))
        .clone();
    let result = table.tap(piece.at, 0).unwrap();
    assert!(
        matches!(result, TapResult::Narrowed | TapResult::Ready { .. }),
        "{result:?}"
    );
    let selected = table.scene().highlights.selected;
    assert!(
        matches!(selected.first(), Some(Target::Piece(_))),
        "{selected:?}"
    );
    assert_eq!(table.press(&Press::Clear, 0).unwrap(), TapResult::Narrowed);
    assert!(table.scene().highlights.selected.is_empty());
}

#[test]
fn tabletop_a_button_that_fits_nothing_changes_nothing() {
    let mut table = fury_against_the_computer();
    let count = table.session().timeline().standing_count();
    // Every Ship must be placed before the set-up ends (3.3): `end` is no choice yet.
    let result = table.press(&Press::Tap(Target::Word("end")), 0).unwrap();
    assert_eq!(
        result,
        TapResult::Nothing {
            why: "'end' is not a choice now".into()
        }
    );
    let result = table.press(&Press::Confirm, 0).unwrap();
    assert_eq!(
        result,
        TapResult::Nothing {
            why: "nothing is ready to confirm".into()
        }
    );
    assert_eq!(table.session().timeline().standing_count(), count);
}

#[test]
fn tabletop_undo_takes_back_the_tap_and_rereads_the_log() {
    let mut table = fury_against_the_computer();
    let count = table.session().timeline().standing_count();
    // Before Ann's first choice the log holds all that happened: the Villager's set-up.
    let log_before = table.scene().log;
    assert!(!log_before.is_empty());
    place_the_ship(&mut table);
    assert_ne!(table.scene().log, log_before);
    assert!(table.session().can_undo());
    table.undo(0).unwrap();
    assert_eq!(table.session().timeline().standing_count(), count);
    assert_eq!(table.scene().log, log_before);
}

#[test]
fn tabletop_878_handoff_scene_shows_no_hand_and_taps_wait_for_the_person() {
    // Two people: Ann the Danes, Bo the English; the device starts with nobody.
    let seating = Seating::new(vec![
        Player::person("Ann"),
        Player::person("Ann"),
        Player::person("Bo"),
        Player::person("Bo"),
    ])
    .unwrap();
    let session = Session::new("v878", "standard", 3, seating, "", None, 0).unwrap();
    let mut table = Tabletop::new(session);
    let Screen::HandOff { to } = table.session().screen() else {
        panic!("expected a hand-off first");
    };
    let waiting = table.scene();
    assert!(waiting.board.hand.is_empty(), "{:?}", waiting.board.hand);
    assert_eq!(waiting.seat, None);
    assert!(waiting.highlights.next.is_empty());
    let result = table.tap(Point::new(100.0, 100.0), 0).unwrap();
    assert_eq!(
        result,
        TapResult::Nothing {
            why: format!("the device is to be passed to {to} first")
        }
    );
    table.confirm_handoff().unwrap();
    let holding = table.scene();
    let seats = table.session().seating().seats_of(&to);
    let names = table.session().seat_names();
    assert!(!holding.board.hand.is_empty());
    assert!(holding
        .board
        .hand
        .iter()
        .all(|card| seats.iter().any(|s| names[s.0 as usize] == card.owner)));
}

#[test]
fn tabletop_history_scene_shows_each_step_with_its_events_and_nothing_to_tap() {
    let mut table = fury_against_the_computer();
    let TapResult::Played { events, .. } = place_the_ship(&mut table) else {
        panic!("the ship was not placed");
    };
    let steps = table.session().timeline().standing_count() as u32;
    let ship_step = table.history_scene(steps).unwrap();
    assert_eq!(ship_step.seat, None);
    assert!(ship_step.buttons.is_empty());
    assert!(ship_step.highlights.next.is_empty());
    let texts: Vec<&str> = ship_step.log.iter().map(|l| l.text.as_str()).collect();
    let played: Vec<&str> = events.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(texts, played);
    // The last step's board is the live board; the step before differs from it.
    assert_eq!(ship_step.board, table.scene().board);
    assert_ne!(
        table.history_scene(steps - 1).unwrap().board,
        ship_step.board
    );
    assert!(table.history_scene(0).unwrap().log.is_empty());
    assert!(matches!(
        table.history_scene(steps + 1),
        Err(SessionError::NoSuchStep { .. })
    ));
}

#[test]
fn tabletop_the_ready_action_reads_in_words_and_confirms_by_its_notation() {
    let mut table = fury_against_the_computer();
    place_the_ship(&mut table);
    run_computer(&mut table);
    // Taps on what the scene offers, spread over its targets, until an action waits
    // for a confirm (a stack's move, an attack).
    let mut ready = None;
    for turn in 0..400usize {
        run_computer(&mut table);
        let scene = table.scene();
        let next: Vec<&Target> = scene
            .highlights
            .next
            .iter()
            .filter(|t| !matches!(t, Target::Via(_)) && !scene.highlights.selected.contains(t))
            .collect();
        let press = match next.len() {
            0 => Press::Clear,
            n => Press::Tap(next[turn * 7 % n].clone()),
        };
        if let TapResult::Ready { action, words } = table.press(&press, 0).unwrap() {
            ready = Some((action, words));
            break;
        }
    }
    let (action, words) = ready.expect("an action waiting for a confirm");
    let seat = table.deciding_seat().unwrap();
    assert_eq!(
        words,
        registry::action_words(table.session().game(), seat, &action)
    );
    // "land VI02 at 0802 and move to 0503", not "move VI02 0802-0703-0603-0503".
    assert_ne!(words, action);
    let scene = table.scene();
    let shown = scene.ready.as_ref().expect("a ready action in the scene");
    assert_eq!((&shown.notation, &shown.words), (&action, &words));
    assert_eq!(
        scene.prompt,
        format!("Viking: {words}? Tap again or confirm")
    );
    // Confirming plays the notation.
    let TapResult::Played { action: played, .. } = table.press(&Press::Confirm, 0).unwrap() else {
        panic!("expected the action to be played");
    };
    assert_eq!(played, action);
}
