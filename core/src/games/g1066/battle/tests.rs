//! Battle Board tests: each sets a position, fixes the dice, acts and checks exact
//! values. Named after the rule they check.

use super::*;
use crate::games::g1066::data::{Power, UnitType};
use BattleAction as A;
use BoardBox::{Centre, Left, Reserve, Right};
use Side::{Attacker, Defender};

fn unit(id: u32, ty: UnitType) -> BattleUnit {
    BattleUnit::of_type(UnitId(id), Power::Normans, ty).expect("T7 has every type")
}

fn leader(id: u32, ty: UnitType, value: u8, king: bool) -> BattleUnit {
    let mut u = unit(id, ty);
    u.leader = Some(LeaderTag { value, king });
    u
}

fn fleet(id: u32, cargo: &[(u32, UnitType)]) -> BattleUnit {
    let mut f = unit(id, UnitType::Fleet);
    f.cargo = cargo
        .iter()
        .map(|&(cid, ty)| Cargo {
            id: UnitId(cid),
            unit_type: ty,
            attack: unit(cid, ty).attack,
            leader: None,
        })
        .collect();
    f
}

/// A battle and its dice.
struct Fight {
    b: Battle,
    c: Chance,
    boxes: [Vec<BoardBox>; 2],
}

impl Fight {
    /// A battle whose units stand as listed; `new` only, nothing deployed yet.
    fn setup(
        att: Vec<(BattleUnit, BoardBox)>,
        def: Vec<(BattleUnit, BoardBox)>,
        f: impl FnOnce(&mut BattleSetup),
    ) -> Fight {
        let mut s = BattleSetup::default();
        s.attacker.units = att.iter().map(|(u, _)| u.clone()).collect();
        s.defender.units = def.iter().map(|(u, _)| u.clone()).collect();
        f(&mut s);
        Fight {
            b: Battle::new(s).expect("a valid set-up"),
            c: Chance::new(7),
            boxes: [
                att.iter().map(|(_, b)| *b).collect(),
                def.iter().map(|(_, b)| *b).collect(),
            ],
        }
    }

    /// Deploys both sides as listed and rolls `length` for the battle turns.
    fn start(
        att: Vec<(BattleUnit, BoardBox)>,
        def: Vec<(BattleUnit, BoardBox)>,
        length: u32,
        f: impl FnOnce(&mut BattleSetup),
    ) -> Fight {
        let mut fight = Fight::setup(att, def, f);
        fight.deploy();
        fight.dice(&[length]);
        fight.act(Attacker, A::Roll);
        fight
    }

    fn deploy(&mut self) {
        for side in [Defender, Attacker] {
            for b in self.boxes[side.index()].clone() {
                self.act(side, A::Deploy(b));
            }
        }
    }

    fn dice(&mut self, faces: &[u32]) {
        self.c.script_rolls(faces);
    }

    fn act(&mut self, side: Side, a: BattleAction) -> Vec<BattleEvent> {
        match self.b.apply(side, &a, &mut self.c) {
            Ok(ev) => ev,
            Err(e) => panic!("{a:?} by {side:?} refused: {e}"),
        }
    }

    fn refused(&mut self, side: Side, a: BattleAction) -> String {
        let before = format!("{:?}", self.b);
        let r = self.b.apply(side, &a, &mut self.c);
        assert_eq!(
            before,
            format!("{:?}", self.b),
            "a refused action changed nothing"
        );
        match r {
            Err(e) => e.rule.to_string(),
            Ok(ev) => panic!("{a:?} was accepted: {ev:?}"),
        }
    }

    fn decision(&self) -> Option<Decision> {
        self.b.to_decide()
    }

    /// One whole attack with scripted dice; every scripted die must be used.
    fn attack(&mut self, side: Side, unit: u32, target: u32, faces: &[u32]) -> Vec<BattleEvent> {
        self.dice(faces);
        self.act(side, A::Select(UnitId(unit)));
        let ev = self.act(side, A::Target(UnitId(target)));
        assert_eq!(self.c.scripted_left(), 0, "dice left over: {ev:?}");
        ev
    }
}

fn began(ev: &[BattleEvent]) -> Option<(u8, u8, AttackKind)> {
    ev.iter().find_map(|e| match e {
        BattleEvent::AttackBegan {
            dice,
            defense,
            kind,
            ..
        } => Some((*dice, *defense, *kind)),
        _ => None,
    })
}

fn id(n: u32) -> UnitId {
    UnitId(n)
}

// ---- 15.2, 15.5: deployment and length --------------------------------------------

#[test]
fn g1066_15_5_the_centre_must_not_be_left_empty() {
    let mut f = Fight::setup(
        vec![(unit(1, UnitType::Knight), Centre)],
        vec![
            (unit(11, UnitType::Thegn), Left),
            (unit(12, UnitType::Fyrd), Right),
        ],
        |_| {},
    );
    // 15.2, G3.23: the defender deploys first, unit by unit in the order given.
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Defender,
            kind: DecisionKind::Deploy { unit: id(11) }
        })
    );
    assert_eq!(
        f.b.legal(Defender),
        vec![
            A::Deploy(Left),
            A::Deploy(Centre),
            A::Deploy(Right),
            A::Deploy(Reserve)
        ]
    );
    assert!(f.b.legal(Attacker).is_empty());
    f.act(Defender, A::Deploy(Left));
    // The last unit must fill the empty centre.
    assert_eq!(f.b.legal(Defender), vec![A::Deploy(Centre)]);
    assert_eq!(f.refused(Defender, A::Deploy(Right)), "15.5");
    f.act(Defender, A::Deploy(Centre));
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Attacker,
            kind: DecisionKind::Deploy { unit: id(1) }
        })
    );
}

#[test]
fn g1066_15_2_battle_length_is_a_die_plus_one_in_summer_at_most_six() {
    for (summer, die, turns) in [(false, 4, 4), (true, 3, 4), (true, 6, 6), (false, 6, 6)] {
        let mut f = Fight::setup(
            vec![(unit(1, UnitType::Thegn), Centre)],
            vec![(unit(11, UnitType::Thegn), Centre)],
            |s| s.summer = summer,
        );
        f.deploy();
        assert_eq!(
            f.decision(),
            Some(Decision {
                side: Attacker,
                kind: DecisionKind::LengthRoll
            })
        );
        f.dice(&[die]);
        let ev = f.act(Attacker, A::Roll);
        let bonus = u8::from(summer);
        assert_eq!(
            ev[0],
            BattleEvent::LengthRolled {
                die: die as u8,
                summer_bonus: bonus,
                turns
            }
        );
        assert_eq!(f.b.turns(), Some(turns));
        assert_eq!(f.b.turn(), 1);
    }
}

#[test]
fn g1066_15_2_wrong_side_or_wrong_kind_of_choice_is_refused() {
    let mut f = Fight::setup(
        vec![(unit(1, UnitType::Thegn), Centre)],
        vec![(unit(11, UnitType::Thegn), Centre)],
        |_| {},
    );
    assert_eq!(f.refused(Attacker, A::Deploy(Centre)), "15.2");
    assert_eq!(f.refused(Defender, A::Roll), "15.2");
}

#[test]
fn g1066_15_1_bad_set_ups_are_refused_with_their_rule() {
    let rule = |s: BattleSetup| Battle::new(s).map(|_| ()).map_err(|e| e.rule.to_string());
    let mut s = BattleSetup::default();
    s.attacker.units = vec![unit(1, UnitType::Thegn)];
    assert_eq!(rule(s.clone()), Err("15.1".to_string()));
    s.defender.units = vec![unit(1, UnitType::Thegn)];
    assert_eq!(rule(s.clone()), Err("15.2".to_string()));
    let mut carrier = unit(11, UnitType::Thegn);
    carrier.cargo = fleet(0, &[(12, UnitType::Fyrd)]).cargo;
    s.defender.units = vec![carrier];
    assert_eq!(rule(s.clone()), Err("17.16".to_string()));
    s.defender.units = vec![fleet(
        11,
        &[
            (12, UnitType::Fyrd),
            (13, UnitType::Fyrd),
            (14, UnitType::Fyrd),
        ],
    )];
    assert_eq!(rule(s.clone()), Err("17.5".to_string()));
    s.defender.units = vec![fleet(11, &[(12, UnitType::Fyrd), (13, UnitType::Fyrd)])];
    assert_eq!(rule(s), Ok(()));
}

// ---- 15.6: movement rounds ----------------------------------------------------------

#[test]
fn g1066_15_6_movement_round_limits_and_knights_to_reserve() {
    let mut f = Fight::start(
        vec![
            (unit(1, UnitType::Knight), Centre),
            (unit(2, UnitType::Thegn), Left),
            (unit(3, UnitType::Fyrd), Reserve),
            (unit(4, UnitType::Thegn), Right),
        ],
        vec![
            (unit(11, UnitType::Thegn), Centre),
            (unit(12, UnitType::Thegn), Right),
        ],
        3,
        |_| {},
    );
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Attacker,
            kind: DecisionKind::Move
        })
    );
    // Thegn 2 (Left) faces the defender's Right, which is held: it may not fall back.
    // Thegn 4 (Right) faces the empty defender Left: it may.
    assert_eq!(
        f.b.legal(Attacker),
        vec![
            A::Select(id(1)),
            A::Select(id(3)),
            A::Select(id(4)),
            A::EndRound
        ]
    );
    assert_eq!(f.refused(Attacker, A::Select(id(2))), "15.6");
    // A reserve unit goes to any front box, never elsewhere.
    f.act(Attacker, A::Select(id(3)));
    assert_eq!(
        f.b.legal(Attacker),
        vec![A::MoveTo(Left), A::MoveTo(Centre), A::MoveTo(Right)]
    );
    let ev = f.act(Attacker, A::MoveTo(Left));
    assert_eq!(
        ev,
        vec![BattleEvent::Moved {
            side: Attacker,
            unit: id(3),
            from: Reserve,
            to: Left
        }]
    );
    // One box a round: the fyrd that just moved cannot move on.
    assert_eq!(f.refused(Attacker, A::Select(id(3))), "15.6");
    // A knight leaves the front even when faced; no sideways step.
    f.act(Attacker, A::Select(id(1)));
    assert_eq!(f.b.legal(Attacker), vec![A::MoveTo(Reserve)]);
    assert_eq!(f.refused(Attacker, A::MoveTo(Left)), "15.6");
    f.act(Attacker, A::MoveTo(Reserve));
    f.act(Attacker, A::EndRound);
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Attacker,
            kind: DecisionKind::Attack
        })
    );
}

// ---- 15.8-15.12: combat -------------------------------------------------------------

#[test]
fn g1066_15_8_one_die_per_attack_point_and_rolling_stops_at_the_kill() {
    let mut f = Fight::start(
        vec![(unit(1, UnitType::Knight), Centre)],
        vec![
            (unit(11, UnitType::Thegn), Centre),
            (unit(12, UnitType::Thegn), Centre),
            (unit(13, UnitType::Thegn), Reserve),
        ],
        2,
        |_| {},
    );
    f.act(Attacker, A::EndRound);
    assert_eq!(f.b.legal(Attacker), vec![A::Select(id(1)), A::EndRound]);
    // Knight attack 3 against thegn defense 2: T2 hits on 5-6. The second die kills,
    // and the third is never rolled.
    let ev = f.attack(Attacker, 1, 11, &[2, 5]);
    assert_eq!(
        ev[..4],
        [
            BattleEvent::AttackBegan {
                side: Attacker,
                attacker: id(1),
                target: id(11),
                dice: 3,
                defense: 2,
                kind: AttackKind::Front
            },
            BattleEvent::AttackDie {
                face: 2,
                hit: false
            },
            BattleEvent::AttackDie { face: 5, hit: true },
            BattleEvent::Eliminated {
                side: Defender,
                unit: id(11),
                cargo: vec![],
                loss: 2,
                losses: 2
            },
        ]
    );
    // 15.10: the knight has attacked this round; the round passes to the defender.
    assert_eq!(f.b.panic_state(Defender), (Some(3), 2));
    assert_eq!(f.decision().map(|d| d.side), Some(Defender));
}

#[test]
fn g1066_15_8_all_dice_miss_and_the_target_lives() {
    let mut f = Fight::start(
        vec![(unit(1, UnitType::Thegn), Centre)],
        vec![
            (unit(11, UnitType::Fyrd), Centre),
            (unit(12, UnitType::Fyrd), Centre),
        ],
        1,
        |_| {},
    );
    // Fyrd defense 1: hits on 4+. Two misses.
    let ev = f.attack(Attacker, 1, 11, &[3, 1]);
    assert_eq!(
        ev[..3],
        [
            BattleEvent::AttackBegan {
                side: Attacker,
                attacker: id(1),
                target: id(11),
                dice: 2,
                defense: 1,
                kind: AttackKind::Front
            },
            BattleEvent::AttackDie {
                face: 3,
                hit: false
            },
            BattleEvent::AttackDie {
                face: 1,
                hit: false
            },
        ]
    );
    // The round passes to the defender, whose movement round begins.
    assert_eq!(
        ev[3],
        BattleEvent::RoundBegan {
            turn: 1,
            side: Defender,
            kind: RoundKind::Movement
        }
    );
    assert!(f.b.units(Defender).iter().all(|u| u.alive));
}

#[test]
fn g1066_15_9_units_attack_only_the_box_opposite() {
    let mut f = Fight::start(
        vec![
            (unit(1, UnitType::Thegn), Left),
            (unit(2, UnitType::Fyrd), Centre),
        ],
        vec![
            (unit(11, UnitType::Fyrd), Right),
            (unit(12, UnitType::Fyrd), Centre),
            (unit(13, UnitType::Fyrd), Left),
        ],
        1,
        |_| {},
    );
    // Left faces the enemy Right (15.9).
    f.act(Attacker, A::Select(id(1)));
    assert_eq!(f.b.legal(Attacker), vec![A::Target(id(11))]);
    assert_eq!(f.refused(Attacker, A::Target(id(12))), "15.9");
    assert_eq!(f.refused(Attacker, A::Target(id(13))), "15.9");
}

#[test]
fn g1066_15_11_flank_attack_adds_a_die() {
    let mut f = Fight::start(
        vec![
            (unit(1, UnitType::Knight), Right),
            (unit(2, UnitType::Thegn), Centre),
        ],
        vec![
            (unit(11, UnitType::Thegn), Centre),
            (unit(12, UnitType::Thegn), Centre),
            (unit(13, UnitType::Thegn), Right),
        ],
        1,
        |_| {},
    );
    f.act(Attacker, A::EndRound);
    // The knight on the Right faces the empty defender Left and may strike the centre
    // next to it with 3 + 1 dice (15.11's example).
    f.act(Attacker, A::Select(id(1)));
    assert_eq!(
        f.b.legal(Attacker),
        vec![A::Target(id(11)), A::Target(id(12))]
    );
    f.dice(&[1, 1, 1, 6]);
    let ev = f.act(Attacker, A::Target(id(11)));
    assert_eq!(began(&ev), Some((4, 2, AttackKind::Flank)));
    assert_eq!(f.c.scripted_left(), 0);
    // 15.10: one attack a unit a round.
    assert_eq!(f.b.legal(Attacker), vec![A::Select(id(2)), A::EndRound]);
    assert_eq!(f.refused(Attacker, A::Select(id(1))), "15.10");
}

#[test]
fn g1066_15_11_left_and_right_are_not_adjacent() {
    let mut f = Fight::start(
        vec![
            (unit(1, UnitType::Knight), Left),
            (unit(2, UnitType::Thegn), Centre),
        ],
        vec![
            (unit(11, UnitType::Thegn), Centre),
            (unit(12, UnitType::Thegn), Left),
        ],
        1,
        |_| {},
    );
    f.act(Attacker, A::EndRound);
    // Attacker Left faces the empty defender Right; next to it is only the centre, so
    // the defender's Left is out of reach.
    f.act(Attacker, A::Select(id(1)));
    assert_eq!(f.b.legal(Attacker), vec![A::Target(id(11))]);
    assert_eq!(f.refused(Attacker, A::Target(id(12))), "15.9");
}

#[test]
fn g1066_15_12_reserve_attacked_only_when_the_front_is_empty_and_never_attacks() {
    let mut f = Fight::start(
        vec![
            (unit(1, UnitType::Thegn), Centre),
            (unit(2, UnitType::Thegn), Centre),
            (unit(4, UnitType::Thegn), Reserve),
        ],
        vec![
            (unit(11, UnitType::Fyrd), Centre),
            (unit(12, UnitType::Fyrd), Reserve),
            (unit(13, UnitType::Fyrd), Reserve),
        ],
        1,
        |_| {},
    );
    f.act(Attacker, A::EndRound);
    assert_eq!(f.refused(Attacker, A::Select(id(4))), "15.12");
    // While the centre holds, the reserve is out of reach.
    f.act(Attacker, A::Select(id(1)));
    assert_eq!(f.refused(Attacker, A::Target(id(12))), "15.9");
    f.dice(&[4]);
    f.act(Attacker, A::Target(id(11)));
    // The defender's front is empty now: thegn 2 strikes the reserve with 2 + 1 dice.
    f.act(Attacker, A::Select(id(2)));
    assert_eq!(
        f.b.legal(Attacker),
        vec![A::Target(id(12)), A::Target(id(13))]
    );
    f.dice(&[1, 2, 3]);
    let ev = f.act(Attacker, A::Target(id(12)));
    assert_eq!(began(&ev), Some((3, 1, AttackKind::Reserve)));
    assert_eq!(f.c.scripted_left(), 0);
}

// ---- 15.13, 15.14, 17.17: defense -----------------------------------------------------

#[test]
fn g1066_15_13_terrain_bonus_for_the_defender_capped_at_4_never_for_fleets() {
    let mut f = Fight::start(
        vec![
            (unit(1, UnitType::Thegn), Centre),
            (unit(2, UnitType::Thegn), Left),
            (unit(3, UnitType::Thegn), Right),
        ],
        vec![
            (unit(11, UnitType::Thegn), Centre),
            (unit(12, UnitType::Knight), Right),
            (fleet(13, &[]), Left),
        ],
        1,
        |s| s.defense_bonus = 2,
    );
    // Thegn 2 + 2 = 4 (15.13's castle example); knight 3 + 2 capped at 4 (15.14);
    // the fleet keeps its 1 (17.17).
    assert_eq!(f.b.modified_defense(Defender, id(11)), 4);
    assert_eq!(f.b.modified_defense(Defender, id(12)), 4);
    assert_eq!(f.b.modified_defense(Defender, id(13)), 1);
    // The attacker never has the bonus (G3.1).
    assert_eq!(f.b.modified_defense(Attacker, id(1)), 2);
    // At 4, a 6 is a D that a second die of 4+ confirms (T2): 6 then 3 is no kill.
    f.dice(&[6, 3, 5]);
    f.act(Attacker, A::Select(id(1)));
    let ev = f.act(Attacker, A::Target(id(11)));
    assert_eq!(
        ev[..4],
        [
            BattleEvent::AttackBegan {
                side: Attacker,
                attacker: id(1),
                target: id(11),
                dice: 2,
                defense: 4,
                kind: AttackKind::Front
            },
            BattleEvent::AttackDie { face: 6, hit: true },
            BattleEvent::ConfirmDie {
                face: 3,
                confirmed: false
            },
            BattleEvent::AttackDie {
                face: 5,
                hit: false
            },
        ]
    );
}

// ---- 15.16: panic, destruction, time ------------------------------------------------

#[test]
fn g1066_15_16_panic_level_is_half_of_attack_and_leaders_rounded_up() {
    let f = Fight::setup(
        vec![
            (leader(1, UnitType::Knight, 2, false), Centre),
            (unit(2, UnitType::Knight), Left),
            (unit(3, UnitType::Fyrd), Right),
        ],
        vec![
            (unit(11, UnitType::Thegn), Centre),
            (unit(12, UnitType::Fyrd), Centre),
        ],
        |_| {},
    );
    // Attacker 3 + 2 + 3 + 1 = 9 -> 5; defender 2 + 1 = 3 -> 2.
    assert_eq!(f.b.panic_state(Attacker), (Some(5), 0));
    assert_eq!(f.b.panic_state(Defender), (Some(2), 0));
}

#[test]
fn g1066_15_16_losses_reaching_the_level_panic_the_side_and_start_the_pursuit() {
    let mut f = Fight::start(
        vec![
            (unit(1, UnitType::Thegn), Centre),
            (unit(2, UnitType::Thegn), Centre),
        ],
        vec![
            (unit(11, UnitType::Thegn), Centre),
            (unit(12, UnitType::Fyrd), Centre),
            (unit(13, UnitType::Fyrd), Reserve),
        ],
        3,
        |_| {},
    );
    // Defender strength 4, level 2: losing the thegn (2) panics it.
    let ev = f.attack(Attacker, 1, 11, &[6]);
    assert_eq!(
        ev[1..],
        [
            BattleEvent::AttackDie { face: 6, hit: true },
            BattleEvent::Eliminated {
                side: Defender,
                unit: id(11),
                cargo: vec![],
                loss: 2,
                losses: 2
            },
            BattleEvent::Panicked {
                side: Defender,
                losses: 2,
                level: 2
            },
            BattleEvent::PursuitBegan { winner: Attacker },
        ]
    );
    // The round ends at once: thegn 2 does not get its combat-round attack; both
    // thegns pursue.
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Attacker,
            kind: DecisionKind::Pursue
        })
    );
    assert_eq!(
        f.b.legal(Attacker),
        vec![A::Select(id(1)), A::Select(id(2)), A::EndRound]
    );
}

#[test]
fn g1066_15_16_a_side_wiped_out_loses_without_pursuit() {
    let mut f = Fight::start(
        vec![(unit(1, UnitType::Knight), Centre)],
        vec![(unit(11, UnitType::Fyrd), Centre)],
        3,
        |_| {},
    );
    f.act(Attacker, A::EndRound);
    let ev = f.attack(Attacker, 1, 11, &[4]);
    assert_eq!(
        ev.last(),
        Some(&BattleEvent::BattleOver {
            outcome: Outcome::Destroyed { winner: Attacker }
        })
    );
    let r = f.b.result().expect("over");
    assert_eq!(r.retreat, None);
    assert_eq!(r.defender.lost, vec![id(11)]);
    assert_eq!(r.attacker.survivors, vec![id(1)]);
}

#[test]
fn g1066_15_16_draw_when_time_runs_out() {
    // Two empty fleets a side: nobody has attack strength, nobody may leave the front.
    let mut f = Fight::setup(
        vec![(fleet(1, &[]), Centre)],
        vec![(fleet(11, &[]), Centre)],
        |_| {},
    );
    f.deploy();
    f.dice(&[2]);
    let ev = f.act(Attacker, A::Roll);
    assert_eq!(f.b.turn(), 2);
    assert_eq!(
        ev.last(),
        Some(&BattleEvent::BattleOver {
            outcome: Outcome::Draw
        })
    );
    let rounds = ev
        .iter()
        .filter(|e| matches!(e, BattleEvent::RoundBegan { .. }))
        .count();
    assert_eq!(rounds, 8, "two battle turns of four rounds");
    let r = f.b.result().expect("over");
    assert_eq!(r.outcome, Outcome::Draw);
    assert_eq!(r.retreat, Some(Attacker));
    assert_eq!(
        r.spoils,
        Spoils {
            winner_picks: 0,
            loser_loses: 0
        }
    );
    assert_eq!(f.b.to_decide(), None);
    assert_eq!(f.refused(Attacker, A::EndRound), "15.16");
}

#[test]
fn g1066_g3_25_a_side_of_panic_level_0_panics_at_its_first_loss() {
    let mut f = Fight::start(
        vec![(unit(1, UnitType::Thegn), Centre)],
        vec![(fleet(11, &[]), Centre), (fleet(12, &[]), Centre)],
        1,
        |_| {},
    );
    assert_eq!(f.b.panic_state(Defender), (Some(0), 0));
    let ev = f.attack(Attacker, 1, 11, &[5]);
    assert!(ev.contains(&BattleEvent::Panicked {
        side: Defender,
        losses: 0,
        level: 0
    }));
}

// ---- 15.17: pursuit -------------------------------------------------------------------

fn pursuit_fight() -> Fight {
    // Defender: a knight and thegns; losing thegn 11 (2 of strength 9, level 5) does not
    // panic, so the attacker kills two thegns.
    let mut f = Fight::start(
        vec![
            (unit(1, UnitType::Thegn), Centre),
            (unit(2, UnitType::Knight), Centre),
            (unit(3, UnitType::Fyrd), Reserve),
        ],
        vec![
            (unit(11, UnitType::Thegn), Centre),
            (unit(12, UnitType::Thegn), Centre),
            (unit(13, UnitType::Knight), Reserve),
            (unit(14, UnitType::Fyrd), Reserve),
            (unit(15, UnitType::Fyrd), Reserve),
        ],
        2,
        |_| {},
    );
    assert_eq!(f.b.panic_state(Defender), (Some(5), 0));
    f.act(Attacker, A::EndRound);
    f.attack(Attacker, 1, 11, &[6]);
    f.attack(Attacker, 2, 12, &[5]);
    assert_eq!(f.b.panic_state(Defender), (Some(5), 4));
    f
}

#[test]
fn g1066_15_17_pursuit_dice_double_triple_and_knights_only_on_knights() {
    let mut f = pursuit_fight();
    // Defender's turn: fyrd 14 moves up; the attacker's thegn kills nobody; then the
    // attacker's next turn the fyrd dies and the defender (4 + 1 = 5) panics.
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Defender,
            kind: DecisionKind::Move
        })
    );
    f.act(Defender, A::Select(id(14)));
    f.act(Defender, A::MoveTo(Centre));
    f.act(Defender, A::EndRound);
    f.attack(Defender, 14, 1, &[1]);
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Attacker,
            kind: DecisionKind::Move
        })
    );
    f.act(Attacker, A::EndRound);
    let ev = f.attack(Attacker, 1, 14, &[4]);
    assert!(ev.contains(&BattleEvent::PursuitBegan { winner: Attacker }));
    // Every winner pursues, the reserve fyrd included; only the knight may strike the
    // panicking knight.
    f.act(Attacker, A::Select(id(1)));
    assert_eq!(f.b.legal(Attacker), vec![A::Target(id(15))]);
    assert_eq!(f.refused(Attacker, A::Target(id(13))), "15.17");
    // Thegn attack 2, doubled: 4 dice.
    f.dice(&[1, 1, 1, 1]);
    let ev = f.act(Attacker, A::Target(id(15)));
    assert_eq!(
        began(&ev).map(|b| (b.0, b.2)),
        Some((4, AttackKind::Pursuit))
    );
    // Knight against the panicking knight: exactly 2 dice.
    f.act(Attacker, A::Select(id(2)));
    assert_eq!(
        f.b.legal(Attacker),
        vec![A::Target(id(13)), A::Target(id(15))]
    );
    f.dice(&[1, 1]);
    let ev = f.act(Attacker, A::Target(id(13)));
    assert_eq!(
        began(&ev).map(|b| (b.0, b.2)),
        Some((2, AttackKind::Pursuit))
    );
    assert_eq!(f.c.scripted_left(), 0);
}

#[test]
fn g1066_15_17_a_pursuing_knight_rolls_three_times_its_dice() {
    let mut f = Fight::start(
        vec![(unit(1, UnitType::Knight), Centre)],
        vec![
            (unit(11, UnitType::Thegn), Centre),
            (unit(12, UnitType::Fyrd), Centre),
        ],
        2,
        |_| {},
    );
    f.act(Attacker, A::EndRound);
    f.attack(Attacker, 1, 11, &[5]);
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Attacker,
            kind: DecisionKind::Pursue
        })
    );
    f.act(Attacker, A::Select(id(1)));
    f.dice(&[1; 9]);
    let ev = f.act(Attacker, A::Target(id(12)));
    assert_eq!(began(&ev).map(|b| b.0), Some(9));
    assert_eq!(
        ev.last(),
        Some(&BattleEvent::BattleOver {
            outcome: Outcome::Panic { winner: Attacker }
        })
    );
    let r = f.b.result().expect("over");
    assert_eq!(r.retreat, Some(Defender));
    assert_eq!(r.defender.survivors, vec![id(12)]);
}

// ---- 15.18: spoils --------------------------------------------------------------------

#[test]
fn g1066_15_18_spoils_follow_the_defeated_force_strength() {
    for (strength, picks, loses) in [
        (26, 5, 2),
        (21, 4, 2),
        (20, 3, 1),
        (16, 3, 1),
        (15, 2, 1),
        (11, 2, 1),
        (10, 1, 0),
        (6, 1, 0),
        (5, 0, 0),
        (0, 0, 0),
    ] {
        let mut target = unit(11, UnitType::Fyrd);
        target.attack = strength;
        let mut f = Fight::start(
            vec![(unit(1, UnitType::Knight), Centre)],
            vec![(target, Centre)],
            1,
            |_| {},
        );
        f.act(Attacker, A::EndRound);
        f.attack(Attacker, 1, 11, &[6]);
        let r = f.b.result().expect("over");
        assert_eq!(r.outcome, Outcome::Destroyed { winner: Attacker });
        assert_eq!(r.defender.strength, u16::from(strength));
        assert_eq!(
            r.spoils,
            Spoils {
                winner_picks: picks,
                loser_loses: loses
            },
            "strength {strength}"
        );
    }
}

// ---- 15.21, 18.3-18.5, 8.13: battle markers ------------------------------------------

fn marker_fight(att_value: u8, def_value: u8, hand: MarkerHand) -> Fight {
    Fight::start(
        vec![
            (leader(1, UnitType::Knight, att_value, false), Left),
            (unit(2, UnitType::Knight), Left),
            (unit(3, UnitType::Thegn), Centre),
        ],
        vec![
            (leader(11, UnitType::Thegn, def_value, false), Right),
            (unit(12, UnitType::Thegn), Centre),
            (unit(13, UnitType::Thegn), Centre),
            (unit(14, UnitType::Fyrd), Centre),
        ],
        3,
        |s| {
            s.attacker.markers = hand;
            s.defender.markers = hand;
        },
    )
}

fn full_hand() -> MarkerHand {
    MarkerHand {
        charge: 1,
        maneuver: 2,
        shield_wall: 1,
        feigned_flight: 1,
    }
}

#[test]
fn g1066_15_21_windows_are_offered_whether_or_not_a_marker_is_held() {
    let mut f = marker_fight(1, 1, MarkerHand::default());
    f.act(Attacker, A::EndRound);
    // Brief 4.2: both sides are asked; with nothing in hand the only choice is to pass.
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Attacker,
            kind: DecisionKind::OpeningMarker
        })
    );
    assert_eq!(f.b.legal(Attacker), vec![A::Pass]);
    assert_eq!(f.refused(Attacker, A::Charge(Left)), "15.21");
    f.act(Attacker, A::Pass);
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Defender,
            kind: DecisionKind::AnswerMarker
        })
    );
    assert_eq!(f.b.legal(Defender), vec![A::Pass]);
    f.act(Defender, A::Pass);
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Attacker,
            kind: DecisionKind::Attack
        })
    );
}

#[test]
fn g1066_8_13_charge_adds_a_die_for_each_unit_in_its_box() {
    let mut f = marker_fight(2, 1, full_hand());
    f.act(Attacker, A::EndRound);
    assert_eq!(
        f.b.legal(Attacker),
        vec![
            A::Charge(Left),
            A::Charge(Centre),
            A::Charge(Right),
            A::Maneuver(Left),
            A::Maneuver(Right),
            A::Pass
        ]
    );
    let ev = f.act(Attacker, A::Charge(Left));
    assert_eq!(
        ev,
        vec![BattleEvent::MarkerPlayed {
            side: Attacker,
            marker: BattleMarker::Charge,
            into: Some(Left)
        }]
    );
    f.act(Defender, A::Pass);
    // Knight 2 on the Left: 3 + 1. Thegn 3 in the centre: 2, no charge.
    f.act(Attacker, A::Select(id(2)));
    f.dice(&[1, 1, 1, 1]);
    assert_eq!(
        began(&f.act(Attacker, A::Target(id(11)))).map(|b| b.0),
        Some(4)
    );
    f.act(Attacker, A::Select(id(3)));
    f.dice(&[1, 1]);
    assert_eq!(
        began(&f.act(Attacker, A::Target(id(12)))).map(|b| b.0),
        Some(2)
    );
    assert_eq!(f.b.hand(Attacker).charge, 0);
    assert_eq!(
        f.b.played(Attacker),
        &[PlayedMarker {
            marker: BattleMarker::Charge,
            cancelled: false
        }]
    );
}

#[test]
fn g1066_8_13_maneuver_two_dice_a_knight_one_for_others_and_its_cancel() {
    let mut f = marker_fight(3, 2, full_hand());
    f.act(Attacker, A::EndRound);
    f.act(Attacker, A::Maneuver(Left));
    // The defender may cancel it with its own Maneuver (and still Shield Wall).
    assert_eq!(
        f.b.legal(Defender),
        vec![A::ShieldWall, A::CancelManeuver, A::Pass]
    );
    f.act(Defender, A::Pass);
    f.act(Attacker, A::Select(id(2)));
    f.dice(&[1; 5]);
    assert_eq!(
        began(&f.act(Attacker, A::Target(id(11)))).map(|b| b.0),
        Some(5)
    );
    // Next battle turn: the cancel.
    let mut f = marker_fight(3, 2, full_hand());
    f.act(Attacker, A::EndRound);
    f.act(Attacker, A::Maneuver(Left));
    let ev = f.act(Defender, A::CancelManeuver);
    assert_eq!(
        ev[1],
        BattleEvent::MarkerCancelled {
            side: Attacker,
            marker: BattleMarker::Maneuver,
            by: BattleMarker::Maneuver
        }
    );
    // The answer took no slot: Shield Wall is still open to the defender.
    assert_eq!(f.b.legal(Defender), vec![A::ShieldWall, A::Pass]);
    f.act(Defender, A::Pass);
    f.act(Attacker, A::Select(id(2)));
    f.dice(&[1; 3]);
    assert_eq!(
        began(&f.act(Attacker, A::Target(id(11)))).map(|b| b.0),
        Some(3)
    );
    assert_eq!(
        f.b.played(Attacker),
        &[PlayedMarker {
            marker: BattleMarker::Maneuver,
            cancelled: true
        }]
    );
}

#[test]
fn g1066_8_13_shield_wall_saves_foot_on_1_to_3_and_feigned_flight_cancels_it() {
    let mut f = marker_fight(1, 1, full_hand());
    f.act(Attacker, A::EndRound);
    f.act(Attacker, A::Pass);
    f.act(Defender, A::ShieldWall);
    // The attacker's commander may still answer: Feigned Flight does not need the slot.
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Attacker,
            kind: DecisionKind::FeignedFlightWindow
        })
    );
    f.act(Attacker, A::Pass);
    // Thegn 12 hit on a 6, wall die 2: saved; the next die hits again, wall die 5: lost.
    let ev = f.attack(Attacker, 3, 12, &[6, 2, 6, 5]);
    assert_eq!(
        ev[1..6],
        [
            BattleEvent::AttackDie { face: 6, hit: true },
            BattleEvent::SaveDie {
                unit: id(12),
                save: Save::ShieldWall,
                face: 2,
                saved: true
            },
            BattleEvent::AttackDie { face: 6, hit: true },
            BattleEvent::SaveDie {
                unit: id(12),
                save: Save::ShieldWall,
                face: 5,
                saved: false
            },
            BattleEvent::Eliminated {
                side: Defender,
                unit: id(12),
                cargo: vec![],
                loss: 2,
                losses: 2
            },
        ]
    );
    // Feigned Flight: the wall is gone and no save die is rolled.
    let mut f = marker_fight(2, 1, full_hand());
    f.act(Attacker, A::EndRound);
    f.act(Attacker, A::Pass);
    f.act(Defender, A::ShieldWall);
    let ev = f.act(Attacker, A::FeignedFlight);
    assert_eq!(
        ev[1],
        BattleEvent::MarkerCancelled {
            side: Defender,
            marker: BattleMarker::ShieldWall,
            by: BattleMarker::FeignedFlight
        }
    );
    let ev = f.attack(Attacker, 3, 12, &[6]);
    assert!(ev.contains(&BattleEvent::Eliminated {
        side: Defender,
        unit: id(12),
        cargo: vec![],
        loss: 2,
        losses: 2
    }));
}

#[test]
fn g1066_15_21_no_more_markers_than_the_commander_value_one_per_round() {
    let mut f = marker_fight(1, 3, full_hand());
    f.act(Attacker, A::EndRound);
    f.act(Attacker, A::Charge(Left));
    // Defender plays Shield Wall in the attacker's round; it may not also open its own
    // slot twice in that round.
    f.act(Defender, A::ShieldWall);
    // The attacker's one marker is spent (value 1): no Feigned Flight window.
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Attacker,
            kind: DecisionKind::Attack
        })
    );
    f.act(Attacker, A::EndRound);
    // Defender's own round (nobody may move, so straight to combat): its slot is
    // fresh, 15.21 counting per combat round.
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Defender,
            kind: DecisionKind::OpeningMarker
        })
    );
    f.act(Defender, A::Maneuver(Right));
    // The attacker is at its limit: no answer window at all.
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Defender,
            kind: DecisionKind::Attack
        })
    );
    assert_eq!(f.b.played(Defender).len(), 2);
}

#[test]
fn g1066_18_5_no_markers_once_the_commander_falls() {
    let mut f = marker_fight(2, 2, full_hand());
    f.act(Attacker, A::EndRound);
    f.act(Attacker, A::Pass);
    f.act(Defender, A::Pass);
    // Leader 11 (value 2) on the defender's Right: the rally die 3 fails.
    let ev = f.attack(Attacker, 1, 11, &[6, 3]);
    assert!(ev.contains(&BattleEvent::SaveDie {
        unit: id(11),
        save: Save::LeaderRally,
        face: 3,
        saved: false
    }));
    assert_eq!(f.b.commander(Defender), Some(id(11)));
    f.act(Attacker, A::EndRound);
    // Defender's round (no movement possible): no opening window without the
    // commander; the attacker may still answer with a Shield Wall.
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Attacker,
            kind: DecisionKind::AnswerMarker
        })
    );
    f.act(Attacker, A::Pass);
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Defender,
            kind: DecisionKind::Attack
        })
    );
}

#[test]
fn g1066_18_6_a_leader_rallies_on_a_die_up_to_his_value() {
    let mut f = marker_fight(2, 2, MarkerHand::default());
    f.act(Attacker, A::EndRound);
    f.act(Attacker, A::Pass);
    f.act(Defender, A::Pass);
    let ev = f.attack(Attacker, 1, 11, &[6, 2, 1, 1]);
    assert_eq!(
        ev[2],
        BattleEvent::SaveDie {
            unit: id(11),
            save: Save::LeaderRally,
            face: 2,
            saved: true
        }
    );
    assert!(f.b.units(Defender)[0].alive);
}

#[test]
fn g1066_18_4_a_king_commands_else_the_highest_value() {
    let f = Fight::setup(
        vec![
            (leader(1, UnitType::Knight, 3, false), Centre),
            (leader(2, UnitType::Knight, 2, true), Left),
        ],
        vec![
            (leader(11, UnitType::Thegn, 1, false), Centre),
            (leader(12, UnitType::Thegn, 2, false), Left),
            (leader(13, UnitType::Thegn, 2, false), Left),
        ],
        |_| {},
    );
    assert_eq!(f.b.commander(Attacker), Some(id(2)));
    assert_eq!(f.b.commander(Defender), Some(id(12)));
    let mut s = BattleSetup::default();
    s.attacker.units = vec![
        leader(1, UnitType::Knight, 3, false),
        leader(2, UnitType::Knight, 2, true),
    ];
    s.attacker.commander = Some(id(1));
    s.defender.units = vec![unit(11, UnitType::Thegn)];
    assert_eq!(
        Battle::new(s.clone()).map(|_| ()).map_err(|e| e.rule),
        Err("18.4".into())
    );
    s.attacker.commander = Some(id(9));
    assert_eq!(
        Battle::new(s).map(|_| ()).map_err(|e| e.rule),
        Err("18.3".into())
    );
}

// ---- 17.15, 17.16: fleets ---------------------------------------------------------------

#[test]
fn g1066_17_15_at_sea_the_attacker_rolls_for_contact_first() {
    let setup = |f: &mut BattleSetup| f.all_sea = true;
    let mut f = Fight::setup(
        vec![(fleet(1, &[(2, UnitType::Thegn)]), Centre)],
        vec![(fleet(11, &[]), Centre)],
        setup,
    );
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Attacker,
            kind: DecisionKind::HighSeasRoll
        })
    );
    f.dice(&[4]);
    let ev = f.act(Attacker, A::Roll);
    assert_eq!(
        ev,
        vec![
            BattleEvent::HighSeasRolled {
                die: 4,
                contact: false
            },
            BattleEvent::BattleOver {
                outcome: Outcome::Missed
            }
        ]
    );
    let r = f.b.result().expect("over");
    assert_eq!(
        (r.outcome, r.retreat, r.spoils),
        (Outcome::Missed, None, Spoils::default())
    );
    let mut f = Fight::setup(
        vec![(fleet(1, &[(2, UnitType::Thegn)]), Centre)],
        vec![(fleet(11, &[]), Centre)],
        setup,
    );
    f.dice(&[3]);
    f.act(Attacker, A::Roll);
    assert_eq!(
        f.decision(),
        Some(Decision {
            side: Defender,
            kind: DecisionKind::Deploy { unit: id(11) }
        })
    );
}

#[test]
fn g1066_17_16_a_fleet_fights_with_its_cargo_and_takes_it_down() {
    let mut f = Fight::start(
        vec![(
            fleet(1, &[(2, UnitType::Thegn), (3, UnitType::Fyrd)]),
            Centre,
        )],
        vec![
            (fleet(11, &[(12, UnitType::Knight)]), Centre),
            (unit(13, UnitType::Thegn), Centre),
        ],
        1,
        |s| s.defense_bonus = 1,
    );
    // Attack = cargo 2 + 1; the defending fleet keeps defense 1 (17.17).
    let ev = f.attack(Attacker, 1, 11, &[1, 4]);
    assert_eq!(began(&ev), Some((3, 1, AttackKind::Front)));
    assert!(ev.contains(&BattleEvent::Eliminated {
        side: Defender,
        unit: id(11),
        cargo: vec![id(12)],
        loss: 3,
        losses: 3
    }));
    // Defender strength 3 + 2 = 5, level 3: the loss of the fleet and its knight panics it.
    assert!(ev.contains(&BattleEvent::Panicked {
        side: Defender,
        losses: 3,
        level: 3
    }));
}

// ---- 20.5: castles --------------------------------------------------------------------

#[test]
fn g1066_20_5_castle_save_die_and_no_panic() {
    let mut f = Fight::start(
        vec![(unit(1, UnitType::Knight), Centre)],
        vec![
            (unit(11, UnitType::Fyrd), Centre),
            (unit(12, UnitType::Fyrd), Centre),
        ],
        1,
        |s| {
            s.castle = true;
            s.defense_bonus = 2;
        },
    );
    assert_eq!(f.b.panic_state(Defender), (None, 0));
    f.act(Attacker, A::EndRound);
    // Fyrd 1 + 2 = 3: hits on 6. Castle die 4 saves, the next hit's castle die 3 does not.
    let ev = f.attack(Attacker, 1, 11, &[6, 4, 6, 3]);
    assert_eq!(
        ev[1..6],
        [
            BattleEvent::AttackDie { face: 6, hit: true },
            BattleEvent::SaveDie {
                unit: id(11),
                save: Save::Castle,
                face: 4,
                saved: true
            },
            BattleEvent::AttackDie { face: 6, hit: true },
            BattleEvent::SaveDie {
                unit: id(11),
                save: Save::Castle,
                face: 3,
                saved: false
            },
            BattleEvent::Eliminated {
                side: Defender,
                unit: id(11),
                cargo: vec![],
                loss: 1,
                losses: 1
            },
        ]
    );
    // Half its strength lost, and no panic: the battle goes on.
    assert!(!ev.iter().any(|e| matches!(e, BattleEvent::Panicked { .. })));
    assert!(f.b.result().is_none());
}

// ---- Random battles ---------------------------------------------------------------------

fn random_unit(id: &mut u32, pick: &mut Chance) -> BattleUnit {
    *id += 1;
    let types = [
        UnitType::Knight,
        UnitType::Housecarl,
        UnitType::Thegn,
        UnitType::Fyrd,
        UnitType::Berserker,
        UnitType::Fleet,
    ];
    let ty = types[(pick.roll(6) - 1) as usize];
    let mut u = unit(*id, ty);
    if ty == UnitType::Fleet {
        for _ in 0..pick.roll(3) - 1 {
            *id += 1;
            let cty = types[(pick.roll(5) - 1) as usize];
            u.cargo.push(Cargo {
                id: UnitId(*id),
                unit_type: cty,
                attack: unit(*id, cty).attack,
                leader: None,
            });
        }
    } else if pick.roll(4) == 1 {
        u.leader = Some(LeaderTag {
            value: pick.roll(3) as u8,
            king: pick.roll(4) == 1,
        });
    }
    u
}

fn random_side(id: &mut u32, pick: &mut Chance) -> BattleSide {
    let n = pick.roll(6);
    let mut units: Vec<BattleUnit> = (0..n).map(|_| random_unit(id, pick)).collect();
    // At most one king a side.
    let mut king = false;
    for u in &mut units {
        if let Some(l) = &mut u.leader {
            l.king &= !king;
            king |= l.king;
        }
    }
    let m = |p: &mut Chance| (p.roll(3) - 1) as u8;
    BattleSide {
        units,
        markers: MarkerHand {
            charge: m(pick),
            maneuver: m(pick),
            shield_wall: m(pick),
            feigned_flight: m(pick),
        },
        commander: None,
    }
}

#[test]
fn g1066_15_0_random_battles_always_end_and_legal_actions_are_accepted() {
    let mut pick = Chance::new(1066);
    let mut dice = Chance::new(878);
    let mut outcomes = [0u32; 4];
    for _ in 0..2000 {
        let mut id = 0;
        let setup = BattleSetup {
            attacker: random_side(&mut id, &mut pick),
            defender: random_side(&mut id, &mut pick),
            defense_bonus: (pick.roll(3) - 1) as u8,
            castle: pick.roll(4) == 1,
            summer: pick.roll(2) == 1,
            all_sea: pick.roll(6) == 1,
        };
        let total = id as usize;
        let mut b = Battle::new(setup).expect("random set-ups are valid");
        let mut steps = 0;
        while let Some(d) = b.to_decide() {
            steps += 1;
            assert!(steps < 5000, "battle did not end");
            assert!(b.legal(d.side.other()).is_empty());
            let legal = b.legal(d.side);
            assert!(!legal.is_empty(), "no legal action for {d:?}");
            let a = legal[(pick.roll(legal.len() as u32) - 1) as usize];
            if let Err(e) = b.apply(d.side, &a, &mut dice) {
                panic!("legal {a:?} refused for {d:?}: {e}");
            }
        }
        let r = b.result().expect("over");
        for side in Side::BOTH {
            let s = r.side(side);
            assert!(s.losses <= s.strength);
            assert!(s.markers_played.len() <= 3);
        }
        let lost = r.attacker.lost.len() + r.defender.lost.len();
        let kept = r.attacker.survivors.len() + r.defender.survivors.len();
        assert_eq!(lost + kept, total);
        if let Some(w) = r.outcome.winner() {
            assert!(!r.side(w).survivors.is_empty());
        }
        outcomes[match r.outcome {
            Outcome::Missed => 0,
            Outcome::Destroyed { .. } => 1,
            Outcome::Panic { .. } => 2,
            Outcome::Draw => 3,
        }] += 1;
    }
    // Every ending happens somewhere in 2,000 battles.
    assert!(outcomes.iter().all(|&n| n > 0), "{outcomes:?}");
}

#[test]
fn g1066_8_13_battle_marker_numbers_come_from_the_data() {
    use super::numbers::{charge_dice, maneuver_dice, shield_wall_save_max};
    let m = &crate::games::g1066::data::data().markers;
    for (id, name) in [
        ("charge", "dice_per_unit"),
        ("maneuver", "dice_per_knight"),
        ("maneuver", "dice_per_other"),
        ("shield_wall", "save_max"),
    ] {
        assert!(m.number(id, name).is_some(), "{id}.{name} missing");
    }
    assert_eq!(
        (
            charge_dice(),
            maneuver_dice(true),
            maneuver_dice(false),
            shield_wall_save_max()
        ),
        (1, 2, 1, 3)
    );
    for marker in [
        BattleMarker::Charge,
        BattleMarker::Maneuver,
        BattleMarker::ShieldWall,
        BattleMarker::FeignedFlight,
    ] {
        assert!(m.get(marker.data_id()).is_some());
    }
}
