//! Bad input never crashes: actions with out-of-range units, shires, Leaders, cards and
//! counts, sent by any seat at positions reached by random play, are refused (or, when
//! they happen to be legal, applied) without a panic, and a refused one changes nothing.

use skald_core::board::area::AreaId;
use skald_core::engine::{Chance, Game, Seat, Turn};
use skald_core::games::v878::actions::{At, Spot};
use skald_core::games::v878::{Faction, V878Action, V878};

fn junk(r: &mut Chance) -> V878Action {
    let n = |r: &mut Chance, k: u32| (r.roll(k) - 1) as u8;
    let shire = |r: &mut Chance| AreaId((r.roll(60) - 1) as u16);
    let spot = |r: &mut Chance| {
        if r.roll(2) == 1 {
            Spot::Map
        } else {
            Spot::Card(n(r, 12))
        }
    };
    let faction = |r: &mut Chance| Faction::ALL[(r.roll(4) - 1) as usize];
    match r.roll(22) {
        1 => V878Action::Place {
            shire: shire(r),
            n: n(r, 30),
        },
        2 => V878Action::PlaceOnLeader {
            leader: n(r, 12),
            n: n(r, 30),
        },
        3 => V878Action::PlaceAlfred { shire: shire(r) },
        4 => V878Action::PlayCard { card: n(r, 25) },
        5 => V878Action::March {
            path: (0..r.roll(5)).map(|_| shire(r)).collect(),
            army: [n(r, 9), n(r, 9), n(r, 9), n(r, 9)],
        },
        6 => V878Action::LeaderStep {
            leader: n(r, 12),
            to: shire(r),
        },
        7 => V878Action::Board {
            leader: n(r, 12),
            faction: faction(r),
            n: n(r, 30),
        },
        8 => V878Action::Alight {
            leader: n(r, 12),
            faction: faction(r),
            n: n(r, 30),
        },
        9 => V878Action::Halt { leader: n(r, 12) },
        10 => V878Action::Fight { shire: shire(r) },
        11 => V878Action::CallFyrd {
            call: r.roll(2) == 1,
        },
        12 => V878Action::TakeHit {
            kind: n(r, 9),
            spot: spot(r),
        },
        13 => V878Action::Flee { spot: spot(r) },
        14 => V878Action::Command {
            spot: spot(r),
            to: Some(shire(r)),
        },
        15 => V878Action::PlayEvent { card: n(r, 25) },
        16 => V878Action::PlayEventAt {
            card: n(r, 25),
            at: if r.roll(2) == 1 {
                At::Shire(shire(r))
            } else {
                At::Leader(n(r, 12))
            },
        },
        17 => V878Action::Block { shire: shire(r) },
        18 => V878Action::Raid {
            path: (0..r.roll(4)).map(|_| shire(r)).collect(),
        },
        19 => V878Action::Pick { card: n(r, 25) },
        20 => V878Action::LeaderRetreat { to: Some(shire(r)) },
        21 => V878Action::PayDanegeld {
            berserker: r.roll(2) == 1,
        },
        _ => V878Action::Pass,
    }
}

#[test]
fn v878_bad_actions_never_panic_and_change_nothing() {
    let mut tried = 0;
    for scenario in [
        "standard",
        "advanced",
        "northumbrian_raids",
        "alfreds_gambit",
    ] {
        let options = V878::options(scenario).unwrap();
        for seed in 0..15 {
            let mut s = V878::setup(&options, seed);
            let mut r = Chance::new(seed + 99);
            while let Turn::Decide(seats) = V878::to_act(&s) {
                for _ in 0..6 {
                    let seat = Seat((r.roll(6) - 1) as u8);
                    let a = junk(&mut r);
                    let mut probe = s.clone();
                    let before = V878::state_hash(&probe);
                    if V878::apply(&mut probe, seat, &a).is_err() {
                        assert_eq!(
                            V878::state_hash(&probe),
                            before,
                            "{a:?} was refused but changed the state"
                        );
                    }
                    tried += 1;
                }
                let a = V878::random_action(&s, seats[0], &mut r).unwrap();
                V878::apply(&mut s, seats[0], &a).unwrap();
            }
        }
    }
    assert!(tried > 10_000);
}

mod fury {
    use skald_core::board::Hex;
    use skald_core::engine::{Chance, Game, Seat, Turn};
    use skald_core::games::fury::actions::{Path, TransferTo, Units};
    use skald_core::games::fury::state::UnitId;
    use skald_core::games::fury::{Fury, FuryAction};

    fn junk(r: &mut Chance) -> FuryAction {
        let unit = |r: &mut Chance| UnitId((r.roll(200) - 1) as u16);
        let hex = |r: &mut Chance| Hex::new(r.roll(26) as i16 - 3, r.roll(28) as i16 - 3);
        let units = |r: &mut Chance| {
            let mut u = Units::new();
            for _ in 0..r.roll(3) {
                let _ = u.push(unit(r));
            }
            u
        };
        let path = |r: &mut Chance| {
            let mut p = Path::new();
            for _ in 0..r.roll(6) {
                let _ = p.push(hex(r));
            }
            p
        };
        match r.roll(16) {
            1 => FuryAction::Place {
                unit: unit(r),
                hex: hex(r),
            },
            2 => FuryAction::PlaceShip { hex: hex(r) },
            3 => FuryAction::Move {
                units: units(r),
                path: path(r),
                embark: r.roll(2) == 1,
            },
            4 => FuryAction::Transfer {
                from: unit(r),
                to: TransferTo::Unit(unit(r)),
                items: units(r),
            },
            5 => FuryAction::Transfer {
                from: unit(r),
                to: TransferTo::Ship(hex(r)),
                items: units(r),
            },
            6 => FuryAction::Abandon { item: unit(r) },
            7 => FuryAction::Attack {
                hex: hex(r),
                spare: units(r),
            },
            8 => FuryAction::Archery {
                shooters: units(r),
                target: hex(r),
            },
            9 => FuryAction::Capture {
                captor: unit(r),
                target: unit(r),
            },
            10 => FuryAction::Wrath {
                invoker: unit(r),
                target: hex(r),
            },
            11 => FuryAction::BurnShip { hex: hex(r) },
            12 => FuryAction::SetFire { hex: hex(r) },
            13 => FuryAction::Retreat {
                unit: unit(r),
                to: Some(hex(r)),
            },
            14 => FuryAction::LeaderRoll {
                leader: unit(r),
                roll: true,
            },
            15 => FuryAction::WrathRetreat {
                unit: unit(r),
                path: path(r),
                off_map: r.roll(2) == 1,
            },
            _ => FuryAction::SetupDefault,
        }
    }

    #[test]
    fn fury_bad_actions_never_panic_and_change_nothing() {
        let mut tried = 0;
        for scenario in ["basic", "advanced"] {
            let options = Fury::options(scenario).unwrap();
            for seed in 0..4 {
                let mut s = Fury::setup(&options, seed);
                let mut r = Chance::new(seed + 7);
                while let Turn::Decide(seats) = Fury::to_act(&s) {
                    for _ in 0..3 {
                        let seat = Seat((r.roll(3) - 1) as u8);
                        let a = junk(&mut r);
                        let mut probe = s.clone();
                        let before = Fury::state_hash(&probe);
                        if Fury::apply(&mut probe, seat, &a).is_err() {
                            assert_eq!(
                                Fury::state_hash(&probe),
                                before,
                                "{a:?} was refused but changed the state"
                            );
                        }
                        tried += 1;
                    }
                    let a = Fury::random_action(&s, seats[0], &mut r).unwrap();
                    Fury::apply(&mut s, seats[0], &a).unwrap();
                }
            }
        }
        assert!(tried > 5_000);
    }
}
