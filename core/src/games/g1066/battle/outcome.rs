//! The end of a battle (15.16, 15.18): who won, what each side lost and kept, which
//! markers went back to the pool, who retreats, and the spoils of T5.

use super::{Battle, BattleResult, Outcome, Phase, Side, SideReport, Spoils, UnitId};
use crate::games::g1066::data::data;

pub(super) fn result(b: &Battle) -> Option<BattleResult> {
    let Phase::Over(outcome) = b.phase else {
        return None;
    };
    let report = |side: Side| {
        let s = b.side(side);
        let ids = |alive: bool| -> Vec<UnitId> {
            s.pieces
                .iter()
                .filter(|p| p.alive == alive)
                .flat_map(|p| std::iter::once(p.unit.id).chain(p.unit.cargo.iter().map(|c| c.id)))
                .collect()
        };
        SideReport {
            lost: ids(false),
            survivors: ids(true),
            markers_played: s.played.clone(),
            strength: s.strength,
            panic_level: s.panic_level,
            losses: s.losses,
        }
    };
    let attacker = report(Side::Attacker);
    let defender = report(Side::Defender);
    let (retreat, spoils) = match outcome.winner() {
        // 15.18: the loser's survivors retreat; the spoils are read from the defeated
        // force's starting attack plus leader values.
        Some(winner) => {
            let loser = winner.other();
            let loser_report = if loser == Side::Attacker {
                &attacker
            } else {
                &defender
            };
            let retreat = (!loser_report.survivors.is_empty()).then_some(loser);
            let (winner_picks, loser_loses) = data()
                .tables
                .spoils
                .for_total(loser_report.strength)
                .unwrap_or((0, 0));
            (
                retreat,
                Spoils {
                    winner_picks,
                    loser_loses,
                },
            )
        }
        // 15.16 case 3: a draw sends the attacker back and moves no markers.
        None if outcome == Outcome::Draw => (Some(Side::Attacker), Spoils::default()),
        None => (None, Spoils::default()),
    };
    Some(BattleResult {
        outcome,
        retreat,
        spoils,
        attacker,
        defender,
    })
}
