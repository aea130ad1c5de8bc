//! The preview through the erased interface, as the terminal and the apps ask for it:
//! by notation, for the seat to act, and never for text that is not a legal action.

use skald_core::engine::{Probability, Seat};
use skald_core::games::registry;

const HOUSE_FIGHT: &str = "fury position
scenario basic
turn 1 viking-combat
ships 0802 landed=1 embarked=0
units
VI01 0915
MI05 0915
";

#[test]
fn fury_7_2_preview_by_notation_through_the_erased_game() {
    let game = registry::find("fury")
        .unwrap()
        .game_at_position(HOUSE_FIGHT, 1)
        .unwrap();
    let preview = game
        .preview(Seat(0), "attack 0915")
        .expect("odds of a legal attack");
    assert_eq!(preview.rule, "7.2");
    assert_eq!(preview.odds, "4 to 2 (defence doubled) = 2-1");
    let sixths: u32 = preview
        .outcomes
        .iter()
        .map(|o| match o.probability {
            Probability::Exact {
                favourable,
                total: 6,
            } => favourable,
            other => panic!("one die decides an attack, not {other:?}"),
        })
        .sum();
    assert_eq!(sixths, 6);
    // Not legal now, not an action, or not this seat's: no preview, and no panic.
    assert_eq!(game.preview(Seat(0), "attack 0101"), None);
    assert_eq!(game.preview(Seat(0), "frobnicate"), None);
    assert_eq!(game.preview(Seat(1), "attack 0915"), None);
    assert_eq!(game.preview(Seat(0), "end"), None);
}
