//! Tests of the Combat Phase (15.1, 15.18-15.20) around the Battle Board.

use super::super::actions::{Action, Event};
use super::super::battle::{BattleAction, BoardBox, DecisionKind, Outcome};
use super::super::data::tables::PlayerPhase;
use super::super::data::{square, Place, Power, UnitType};
use super::super::rules::{apply, legal_actions, to_act};
use super::super::state::State;
use super::super::state_tests::unit;
use super::combat::{CombatAction, CombatEvent};
use super::test_position::{gold, open_phase, position, seat, snapshot};
use crate::engine::{GameEvent, Turn};

fn at(name: &str) -> Place {
    Place::Square(square(name).unwrap_or_else(|| panic!("no square {name}")))
}

fn put(s: &mut State, sq: &str, power: Power, t: UnitType, n: usize) {
    for _ in 0..n {
        s.add_unit(at(sq), power, unit(t), Vec::new());
    }
}

fn count(s: &State, sq: &str, p: Power) -> usize {
    s.stack(at(sq), p).map_or(0, |st| st.units.len())
}

/// Plays the battle out with plain choices: every unit to the Centre, no moves, no
/// markers, each unit attacking the first target offered.
fn fight_out(s: &mut State) -> Vec<GameEvent<Event>> {
    let mut events = Vec::new();
    for _ in 0..500 {
        if s.player_turn.combat.fight.is_none() {
            return events;
        }
        let Turn::Decide(seats) = to_act(s) else {
            panic!("over")
        };
        let who = seats[0];
        let offered = legal_actions(s, who);
        let pick = |want: &dyn Fn(&BattleAction) -> bool| {
            offered.iter().find(|a| match a {
                Action::Combat(CombatAction::Battle(b)) => want(b),
                _ => false,
            })
        };
        let a = pick(&|b| *b == BattleAction::Deploy(BoardBox::Centre))
            .or_else(|| pick(&|b| *b == BattleAction::Roll))
            .or_else(|| pick(&|b| *b == BattleAction::Pass))
            .or_else(|| pick(&|b| matches!(b, BattleAction::Target(_))))
            .or_else(|| {
                // Movement rounds: stay put; combat and pursuit: attack.
                let kind = s
                    .player_turn
                    .combat
                    .fight
                    .as_ref()
                    .and_then(|f| f.battle.to_decide())
                    .map(|d| d.kind);
                if kind == Some(DecisionKind::Move) {
                    pick(&|b| *b == BattleAction::EndRound)
                } else {
                    None
                }
            })
            .or_else(|| pick(&|b| matches!(b, BattleAction::Select(_))))
            .or_else(|| pick(&|b| *b == BattleAction::EndRound))
            .cloned()
            .unwrap_or_else(|| panic!("no battle choice in {offered:?}"));
        events.extend(apply(s, who, &a).expect("legal"));
    }
    panic!("battle did not end");
}

fn outcome(events: &[GameEvent<Event>]) -> Option<(Outcome, Vec<u16>)> {
    events.iter().find_map(|e| match &e.kind {
        Event::Combat(CombatEvent::BattleEnds { outcome, lost, .. }) => {
            Some((*outcome, lost.clone()))
        }
        _ => None,
    })
}

fn fight(s: &mut State, sq: &str) -> Vec<GameEvent<Event>> {
    let n = seat(s, Power::Normans);
    apply(
        s,
        n,
        &Action::Combat(CombatAction::Fight {
            power: Power::Normans,
            place: at(sq),
        }),
    )
    .expect("legal")
}

#[test]
fn g1066_15_1_combat_is_mandatory_where_enemies_share_a_square() {
    let mut s = position(Vec::new(), |s| {
        put(s, "F13", Power::Normans, UnitType::Knight, 1);
        put(s, "F13", Power::AngloSaxons, UnitType::Fyrd, 1);
        put(s, "F14", Power::Normans, UnitType::Knight, 1);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Combat);
    let n = seat(&s, Power::Normans);
    let before = snapshot(&s);
    let err = apply(
        &mut s,
        n,
        &Action::EndPhase {
            power: Power::Normans,
        },
    )
    .expect_err("battle owed");
    assert_eq!(err.rule, "15.1");
    assert_eq!(snapshot(&s), before);
    assert_eq!(
        legal_actions(&s, n),
        vec![Action::Combat(CombatAction::Fight {
            power: Power::Normans,
            place: at("F13"),
        })]
    );
    let err = apply(
        &mut s,
        n,
        &Action::Combat(CombatAction::Fight {
            power: Power::Normans,
            place: at("F14"),
        }),
    )
    .expect_err("no enemy in London");
    assert_eq!(err.rule, "15.1");
}

#[test]
fn g1066_15_18_the_winner_keeps_the_square_and_picks_its_spoils() {
    // Two housecarls (attack 3 each: 6) lose to three knights rolling nothing but sixes:
    // T5 gives the winner one pick for a beaten total of 6, the loser loses none.
    let mut s = position(gold(10), |s| {
        put(s, "F13", Power::Normans, UnitType::Knight, 3);
        put(s, "F13", Power::AngloSaxons, UnitType::Housecarl, 2);
        s.power_mut(Power::AngloSaxons).hand.0 = gold(2);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Combat);
    s.chance.script_rolls(&[6; 60]);
    let begun = fight(&mut s, "F13");
    assert!(begun.iter().any(|e| e.kind
        == Event::Combat(CombatEvent::BattleBegins {
            place: at("F13"),
            attacker: Power::Normans,
            defenders: vec![Power::AngloSaxons],
            defense_bonus: 0,
            castle: false,
        })));
    // 7.2: both sides are shown to everyone as the battle begins.
    let everyone = s.seats();
    assert!(s
        .stacks_at(at("F13"))
        .iter()
        .flat_map(|st| st.units.iter())
        .all(|u| everyone.iter().all(|x| u.seen_by.contains(x))));
    let events = fight_out(&mut s);
    let (result, lost) = outcome(&events).expect("battle over");
    assert_eq!(result.winner(), Some(super::super::battle::Side::Attacker));
    assert_eq!(lost.len(), 2);
    assert_eq!(count(&s, "F13", Power::AngloSaxons), 0);
    assert_eq!(count(&s, "F13", Power::Normans), 3);
    assert_eq!(s.power(Power::Normans).hand.len(), 1);
    assert_eq!(s.power(Power::AngloSaxons).hand.len(), 2);
    assert!(s.player_turn.combat.retreat.is_none());
    let n = seat(&s, Power::Normans);
    assert_eq!(
        legal_actions(&s, n),
        vec![Action::EndPhase {
            power: Power::Normans
        }]
    );
}

#[test]
fn g1066_15_16_a_draw_sends_the_attacker_back_one_square() {
    // A one-turn battle (a 1 in winter) of misses: the attacker falls back (15.19).
    let mut s = position(gold(10), |s| {
        put(s, "F13", Power::Normans, UnitType::Fyrd, 2);
        put(s, "F13", Power::AngloSaxons, UnitType::Fyrd, 1);
        put(s, "G13", Power::AngloSaxons, UnitType::Fyrd, 1);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Combat);
    s.chance.script_rolls(&[1; 60]);
    fight(&mut s, "F13");
    let events = fight_out(&mut s);
    assert_eq!(outcome(&events), Some((Outcome::Draw, Vec::new())));
    let r = s.player_turn.combat.retreat.clone().expect("retreat owed");
    assert_eq!((r.power, r.from), (Power::Normans, at("F13")));
    let n = seat(&s, Power::Normans);
    let offered = legal_actions(&s, n);
    // No EndPhase while the retreat is owed; F12, F14, E13 and G13 are open by land.
    let mut to: Vec<Place> = offered
        .iter()
        .map(|a| match a {
            Action::Combat(CombatAction::Retreat { to, .. }) => *to,
            other => panic!("{other:?}"),
        })
        .collect();
    to.sort();
    let mut want = vec![at("F12"), at("F14"), at("E13"), at("G13")];
    want.sort();
    assert_eq!(to, want);
    // Into G13's one enemy fyrd: one of the two is lost and the other must go on.
    apply(
        &mut s,
        n,
        &Action::Combat(CombatAction::Retreat {
            power: Power::Normans,
            to: at("G13"),
        }),
    )
    .expect("legal");
    assert_eq!(count(&s, "G13", Power::Normans), 1);
    let r = s.player_turn.combat.retreat.clone().expect("again");
    assert_eq!(r.from, at("G13"));
    apply(
        &mut s,
        n,
        &Action::Combat(CombatAction::Retreat {
            power: Power::Normans,
            to: at("G12"),
        }),
    )
    .expect("legal");
    assert_eq!(count(&s, "G12", Power::Normans), 1);
    assert_eq!(count(&s, "F13", Power::Normans), 0);
    assert!(s.player_turn.combat.retreat.is_none());
    // No spoils on a draw.
    assert!(s.power(Power::Normans).hand.is_empty());
    assert!(legal_actions(&s, n).contains(&Action::EndPhase {
        power: Power::Normans
    }));
}

#[test]
fn g1066_15_18_a_beaten_total_of_eleven_or_more_costs_the_loser_a_marker() {
    // Four housecarls (12) against five knights rolling sixes: T5 11-15 gives the
    // winner two picks and takes one marker from the loser.
    let mut s = position(gold(10), |s| {
        put(s, "F13", Power::Normans, UnitType::Knight, 5);
        put(s, "F13", Power::AngloSaxons, UnitType::Housecarl, 4);
        s.power_mut(Power::AngloSaxons).hand.0 = gold(3);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Combat);
    s.chance.script_rolls(&[6; 80]);
    fight(&mut s, "F13");
    let events = fight_out(&mut s);
    let (result, lost) = outcome(&events).expect("battle over");
    assert_eq!(result.winner(), Some(super::super::battle::Side::Attacker));
    assert_eq!(lost.len(), 4);
    assert_eq!(s.power(Power::AngloSaxons).hand.len(), 2);
    assert_eq!(s.power(Power::Normans).hand.len(), 2);
    assert!(events.iter().any(|e| e.kind
        == Event::Combat(CombatEvent::SpoilsLost {
            power: Power::AngloSaxons,
            count: 1
        })));
}

#[test]
fn g1066_15_13_the_defender_takes_the_better_of_ground_and_castle() {
    // F13 is clear (0); the Anglo-Saxons hold its castle (+T3 castle defense) and
    // cannot panic there (20.5).
    let mut s = position(Vec::new(), |s| {
        put(s, "F13", Power::Normans, UnitType::Knight, 1);
        put(s, "F13", Power::AngloSaxons, UnitType::Fyrd, 1);
        s.castles.push(super::super::state::Castle {
            square: square("F13").expect("F13"),
            holder: Some(Power::AngloSaxons),
        });
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Combat);
    let events = fight(&mut s, "F13");
    let castle_defense = super::super::data::data().tables.terrain.castle.defense;
    assert!(events.iter().any(|e| e.kind
        == Event::Combat(CombatEvent::BattleBegins {
            place: at("F13"),
            attacker: Power::Normans,
            defenders: vec![Power::AngloSaxons],
            defense_bonus: castle_defense,
            castle: true,
        })));
    let f = s.player_turn.combat.fight.as_ref().expect("fight");
    assert_eq!(
        f.battle.panic_state(super::super::battle::Side::Defender).0,
        None
    );
}

#[test]
fn g1066_18_3_a_side_with_two_leaders_names_its_commander_a_king_must_command() {
    // Odo (1) and Alan (2) attack a fyrd in F13: the Normans name Odo, and the battle
    // then counts his value for their markers. With William there, there is no choice.
    let mut s = position(gold(2), |s| {
        s.add_unit(
            at("F13"),
            Power::Normans,
            super::super::state_tests::leader("odo"),
            Vec::new(),
        );
        s.add_unit(
            at("F13"),
            Power::Normans,
            super::super::state_tests::leader("alan"),
            Vec::new(),
        );
        put(s, "F13", Power::AngloSaxons, UnitType::Fyrd, 1);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Combat);
    let n = seat(&s, Power::Normans);
    let ids: Vec<u16> = s
        .stack(at("F13"), Power::Normans)
        .expect("leaders")
        .units
        .iter()
        .map(|u| u.id)
        .collect();
    let fight = Action::Combat(CombatAction::Fight {
        power: Power::Normans,
        place: at("F13"),
    });
    apply(&mut s, n, &fight).expect("fight");
    assert!(
        s.player_turn.combat.fight.is_none(),
        "not before the commander"
    );
    let offered = legal_actions(&s, n);
    let want: Vec<Action> = ids
        .iter()
        .map(|&leader| {
            Action::Combat(CombatAction::Command {
                power: Power::Normans,
                leader,
            })
        })
        .collect();
    assert_eq!(offered, want);
    let before = snapshot(&s);
    let e = apply(
        &mut s,
        n,
        &Action::Combat(CombatAction::Command {
            power: Power::Normans,
            leader: 999,
        }),
    )
    .expect_err("not a leader there");
    assert_eq!(e.rule, "18.3");
    assert_eq!(snapshot(&s), before);
    apply(&mut s, n, &want[0]).expect("Odo commands");
    // The fyrd's side has no leader, so the battle begins at once.
    let f = s.player_turn.combat.fight.as_ref().expect("battle");
    let commander = f.battle.commander(super::super::battle::Side::Attacker);
    assert_eq!(commander.map(|id| id.0), Some(u32::from(ids[0])));

    let mut s = position(gold(2), |s| {
        s.add_unit(
            at("F13"),
            Power::Normans,
            super::super::state_tests::leader("william"),
            Vec::new(),
        );
        s.add_unit(
            at("F13"),
            Power::Normans,
            super::super::state_tests::leader("alan"),
            Vec::new(),
        );
        put(s, "F13", Power::AngloSaxons, UnitType::Fyrd, 1);
    });
    open_phase(&mut s, Power::Normans, PlayerPhase::Combat);
    apply(&mut s, n, &fight).expect("fight");
    assert!(
        s.player_turn.combat.fight.is_some(),
        "the king commands, no question"
    );
}

/// Three players, Normans, Anglo-Saxons and Vikings in that order, in the Normans'
/// Combat Phase with nothing on the board.
fn three_players_at_combat(setup: impl FnOnce(&mut State)) -> State {
    let mut s = super::super::sequence_tests::at_negotiations("three_players_vikings");
    s.order = vec![Power::Normans, Power::AngloSaxons, Power::Vikings];
    s.forces.clear();
    s.castles.clear();
    for p in Power::ALL {
        s.power_mut(p).hand.0.clear();
    }
    setup(&mut s);
    open_phase(&mut s, Power::Normans, PlayerPhase::Combat);
    s
}

fn put_leader(s: &mut State, sq: &str, power: Power, id: &str) -> u16 {
    let n = s.next_unit;
    s.add_unit(
        at(sq),
        power,
        super::super::state::Identity::Leader(id.to_string()),
        Vec::new(),
    );
    n
}

/// G3.15: the Anglo-Saxons and the Vikings defend F13 together. Harald (3) outranks
/// Morcar/Edwin (2): he commands, the Vikings decide for the side (CB1), and nobody
/// names a commander. T5's loss of 3 markers is split by starting strength: Vikings
/// 7 (Harald's thegn 2 + his value 3, a thegn 2), Anglo-Saxons 6 (Morcar/Edwin's
/// thegn 2 + 2, two fyrd): the larger share rounds down, 1, the rest, 2, to the other.
#[test]
fn g1066_g3_15_allied_defenders_the_highest_leader_commands_and_losses_are_shared() {
    let mut harald = 0;
    let mut s = three_players_at_combat(|s| {
        put(s, "F13", Power::Normans, UnitType::Knight, 3);
        put_leader(s, "F13", Power::AngloSaxons, "morcar_edwin");
        put(s, "F13", Power::AngloSaxons, UnitType::Fyrd, 2);
        harald = put_leader(s, "F13", Power::Vikings, "harald");
        put(s, "F13", Power::Vikings, UnitType::Thegn, 1);
    });
    fight(&mut s, "F13");
    assert!(s.player_turn.combat.naming.is_none());
    let f = s
        .player_turn
        .combat
        .fight
        .as_ref()
        .expect("the battle opened");
    assert_eq!(f.defenders, vec![Power::Vikings, Power::AngloSaxons]);
    assert_eq!(
        f.battle.commander(super::super::battle::Side::Defender),
        Some(super::super::battle::UnitId(u32::from(harald)))
    );
    assert_eq!(
        super::combat::loss_shares(f, super::super::battle::Side::Defender, 3),
        vec![(Power::Vikings, 1), (Power::AngloSaxons, 2)]
    );
    // The Vikings' player decides the defending side's deployment.
    let Turn::Decide(seats) = to_act(&s) else {
        panic!("a decision")
    };
    assert_eq!(seats, vec![seat(&s, Power::Vikings)]);
}

/// G3.15: leaders of equal value: the player with more units there commands.
#[test]
fn g1066_g3_15_equal_leaders_the_larger_force_commands() {
    let mut harold = 0;
    let mut s = three_players_at_combat(|s| {
        put(s, "F13", Power::Normans, UnitType::Knight, 3);
        put_leader(s, "F13", Power::Vikings, "harald");
        harold = put_leader(s, "F13", Power::AngloSaxons, "harold");
        put(s, "F13", Power::AngloSaxons, UnitType::Fyrd, 2);
    });
    fight(&mut s, "F13");
    let f = s
        .player_turn
        .combat
        .fight
        .as_ref()
        .expect("the battle opened");
    assert_eq!(f.defenders, vec![Power::AngloSaxons, Power::Vikings]);
    assert_eq!(
        f.battle.commander(super::super::battle::Side::Defender),
        Some(super::super::battle::UnitId(u32::from(harold)))
    );
}

/// G3.15, 15.19: a beaten allied side retreats power by power, the deciding power
/// first; the winner's picks wait for the last retreat.
#[test]
fn g1066_g3_15_every_beaten_allied_power_retreats_in_turn() {
    let mut s = three_players_at_combat(|s| {
        // Only Gold Points to pick, so no Event interrupts the picks.
        s.pool.0 = gold(5);
        put(s, "F13", Power::Normans, UnitType::Knight, 3);
        put(s, "F13", Power::Vikings, UnitType::Thegn, 1);
        put(s, "F13", Power::AngloSaxons, UnitType::Fyrd, 1);
    });
    let mut events = Vec::new();
    super::combat::next_retreat(
        &mut s,
        at("F13"),
        vec![Power::Vikings, Power::AngloSaxons],
        Some((Power::Normans, 2)),
        &mut events,
    );
    let retreating = |s: &State| s.player_turn.combat.retreat.as_ref().map(|r| r.power);
    assert_eq!(retreating(&s), Some(Power::Vikings));
    let v = seat(&s, Power::Vikings);
    apply(
        &mut s,
        v,
        &Action::Combat(CombatAction::Retreat {
            power: Power::Vikings,
            to: at("F12"),
        }),
    )
    .expect("the Vikings fall back");
    assert_eq!(count(&s, "F12", Power::Vikings), 1);
    assert_eq!(retreating(&s), Some(Power::AngloSaxons));
    assert!(s.player_turn.combat.picks.is_empty());
    let a = seat(&s, Power::AngloSaxons);
    apply(
        &mut s,
        a,
        &Action::Combat(CombatAction::Retreat {
            power: Power::AngloSaxons,
            to: at("E13"),
        }),
    )
    .expect("the Anglo-Saxons fall back");
    assert_eq!(count(&s, "E13", Power::AngloSaxons), 1);
    assert_eq!(retreating(&s), None);
    assert_eq!(count(&s, "F13", Power::AngloSaxons), 0);
    // Only now the Normans pick their two markers (15.18).
    assert_eq!(s.power(Power::Normans).hand.len(), 2);
}

/// Knights and fyrd sharing F13, whose castle `holder` holds; Sieges on (26.0).
fn siege(holder: Power) -> State {
    let mut s = position(gold(10), |s| {
        put(s, "F13", Power::Normans, UnitType::Fyrd, 2);
        put(s, "F13", Power::AngloSaxons, UnitType::Fyrd, 1);
        s.castles.push(super::super::state::Castle {
            square: square("F13").expect("square"),
            holder: Some(holder),
        });
    });
    s.options.sieges = true;
    open_phase(&mut s, Power::Normans, PlayerPhase::Combat);
    s
}

#[test]
fn g1066_26_2_a_held_castle_square_is_fought_only_by_choice() {
    let mut s = siege(Power::AngloSaxons);
    let n = seat(&s, Power::Normans);
    let end = Action::EndPhase {
        power: Power::Normans,
    };
    assert_eq!(
        legal_actions(&s, n),
        vec![
            Action::Combat(CombatAction::Fight {
                power: Power::Normans,
                place: at("F13"),
            }),
            end.clone(),
        ]
    );
    // Nobody controls the town they share (26.2).
    assert_eq!(s.occupier(at("F13")), None);
    let mut without = s.clone();
    without.options.sieges = false;
    assert_eq!(apply(&mut without, n, &end).expect_err("owed").rule, "15.1");
    apply(&mut s, n, &end).expect("the siege goes on without a battle");
    assert_eq!(count(&s, "F13", Power::Normans), 2);
    assert_eq!(count(&s, "F13", Power::AngloSaxons), 1);
}

#[test]
fn g1066_26_1_a_beaten_force_in_its_castle_need_not_retreat() {
    // The Normans hold the castle; their attack is a one-turn draw of misses, and the
    // attacker must fall back (15.16) but may stay behind its walls.
    let mut s = siege(Power::Normans);
    s.chance.script_rolls(&[1; 60]);
    fight(&mut s, "F13");
    let events = fight_out(&mut s);
    assert_eq!(outcome(&events), Some((Outcome::Draw, Vec::new())));
    let n = seat(&s, Power::Normans);
    let stay = Action::Combat(CombatAction::Retreat {
        power: Power::Normans,
        to: at("F13"),
    });
    let offered = legal_actions(&s, n);
    assert_eq!(offered.first(), Some(&stay));
    assert!(
        offered.len() > 1,
        "falling back is still allowed: {offered:?}"
    );
    let events = apply(&mut s, n, &stay).expect("stays");
    assert!(events.iter().any(|e| e.kind
        == Event::Combat(CombatEvent::HeldCastle {
            power: Power::Normans,
            place: at("F13"),
        })));
    assert!(s.player_turn.combat.retreat.is_none());
    assert_eq!(count(&s, "F13", Power::Normans), 2);
    // The Anglo-Saxons, who do not hold it, could not have stayed.
    let mut other = siege(Power::Normans);
    other.player_turn.combat.retreat = Some(super::combat::Retreat {
        power: Power::AngloSaxons,
        from: at("F13"),
        spoils: None,
        then: Vec::new(),
        battle: Some(at("F13")),
    });
    let a = seat(&other, Power::AngloSaxons);
    let theirs = legal_actions(&other, a);
    assert!(!theirs.iter().any(|x| matches!(
        x,
        Action::Combat(CombatAction::Retreat { to, .. }) if *to == at("F13")
    )));
    assert!(!theirs.is_empty());
}
