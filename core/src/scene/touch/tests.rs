//! The touch model on small hand-made action lists (the generic test in
//! `core/tests/touch.rs` plays every game's actions by taps).

use super::*;

fn piece(code: &str) -> Target {
    Target::Piece(code.into())
}
fn cell(label: &str) -> Target {
    Target::Cell(label.into())
}
fn via(label: &str) -> Target {
    Target::Via(label.into())
}

fn entry(notation: &str, targets: Vec<Target>) -> ActionEntry {
    ActionEntry {
        notation: notation.into(),
        targets,
    }
}

/// Two units in one hex that may move alone or together, a short and a long path to
/// 0803, an attack that needs its odds looked at, and the end of the phase.
fn legal() -> Vec<ActionEntry> {
    vec![
        entry("move A 0801-0802", vec![piece("A"), cell("0802")]),
        entry(
            "move A 0801-0802-0803",
            vec![piece("A"), cell("0803"), via("0802")],
        ),
        entry(
            "move A 0801-0702-0703-0803",
            vec![piece("A"), cell("0803"), via("0702"), via("0703")],
        ),
        entry(
            "move A 0801-0701-0803",
            vec![piece("A"), cell("0803"), via("0701")],
        ),
        entry(
            "move A,B 0801-0802",
            vec![piece("A"), piece("B"), cell("0802")],
        ),
        entry("attack 0901", vec![cell("0901"), Target::Word("attack")]),
        entry("end", vec![Target::Word("end")]),
    ]
}

fn no_confirm(_: usize) -> bool {
    false
}

#[test]
fn a_move_with_one_path_is_taken_on_the_destination_tap() {
    let legal = legal();
    let mut touch = Touch::new();
    assert_eq!(
        touch.tap(&legal, &[piece("A")], no_confirm),
        Outcome::Narrowed
    );
    let h = touch.highlights(&legal);
    assert_eq!(h.selected, vec![piece("A")]);
    assert_eq!(h.next, vec![cell("0802"), cell("0803"), piece("B")]);
    assert_eq!(h.ready, None);
    assert_eq!(
        touch.tap(&legal, &[cell("0802")], no_confirm),
        Outcome::Commit { action: 0 }
    );
    assert!(touch.selected().is_empty());
}

#[test]
fn the_pieces_of_a_stack_are_tapped_in_any_order() {
    let legal = legal();
    let mut touch = Touch::new();
    touch.tap(&legal, &[piece("B"), cell("0801")], no_confirm);
    assert_eq!(touch.selected(), &[piece("B")]);
    assert_eq!(touch.highlights(&legal).next, vec![piece("A")]);
    touch.tap(&legal, &[piece("A"), cell("0801")], no_confirm);
    assert_eq!(
        touch.tap(&legal, &[cell("0802")], no_confirm),
        Outcome::Commit { action: 4 }
    );
}

#[test]
fn of_several_paths_the_shortest_is_ready_and_a_waypoint_changes_it() {
    let legal = legal();
    let mut touch = Touch::new();
    touch.tap(&legal, &[piece("A")], no_confirm);
    assert_eq!(
        touch.tap(&legal, &[cell("0803")], no_confirm),
        Outcome::Ready { action: 1 }
    );
    let h = touch.highlights(&legal);
    assert_eq!(h.ready, Some(1));
    assert_eq!(
        h.next,
        vec![via("0802"), via("0702"), via("0703"), via("0701")]
    );
    // 0703 is on one path only.
    assert_eq!(
        touch.tap(&legal, &[cell("0703")], no_confirm),
        Outcome::Ready { action: 2 }
    );
    // Tapping the destination again takes the chosen path.
    assert_eq!(
        touch.tap(&legal, &[cell("0803")], no_confirm),
        Outcome::Commit { action: 2 }
    );
}

#[test]
fn an_action_with_odds_waits_for_a_second_tap() {
    let legal = legal();
    let mut touch = Touch::new();
    let confirm = |i: usize| i == 5;
    assert_eq!(
        touch.tap(&legal, &[cell("0901")], confirm),
        Outcome::Narrowed
    );
    assert_eq!(touch.highlights(&legal).next, vec![Target::Word("attack")]);
    assert_eq!(
        touch.tap(&legal, &[Target::Word("attack")], confirm),
        Outcome::Ready { action: 5 }
    );
    assert_eq!(touch.confirm(&legal), Outcome::Commit { action: 5 });
    assert_eq!(
        touch.confirm(&legal),
        Outcome::Nothing {
            why: "nothing is ready to confirm".into()
        }
    );
}

#[test]
fn a_selected_piece_tapped_again_leaves_the_selection() {
    let legal = legal();
    let mut touch = Touch::new();
    touch.tap(&legal, &[piece("A")], no_confirm);
    touch.tap(&legal, &[piece("B")], no_confirm);
    assert_eq!(
        touch.tap(&legal, &[piece("A")], no_confirm),
        Outcome::Narrowed
    );
    assert_eq!(touch.selected(), &[piece("B")]);
    assert_eq!(
        touch.tap(&legal, &[piece("B")], no_confirm),
        Outcome::Narrowed
    );
    assert!(touch.selected().is_empty());
}

#[test]
fn a_tap_that_leads_nowhere_says_why_and_clears() {
    let legal = legal();
    let mut touch = Touch::new();
    touch.tap(&legal, &[piece("A")], no_confirm);
    assert_eq!(
        touch.tap(&legal, &[cell("1212")], no_confirm),
        Outcome::Nothing {
            why: "nothing can be done at 1212 now".into()
        }
    );
    assert!(touch.selected().is_empty());
    assert_eq!(
        touch.tap(&legal, &[], no_confirm),
        Outcome::Nothing {
            why: "nothing there to tap".into()
        }
    );
}

#[test]
fn a_tap_that_does_not_lead_on_starts_a_new_selection() {
    let legal = legal();
    let mut touch = Touch::new();
    touch.tap(&legal, &[piece("A")], no_confirm);
    assert_eq!(
        touch.tap(&legal, &[Target::Word("end")], no_confirm),
        Outcome::Commit { action: 6 }
    );
}
