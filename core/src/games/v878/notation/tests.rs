use super::super::V878;
use super::*;
use crate::engine::position::same_position;
use crate::engine::{Game, Seat, Turn};
use proptest::prelude::*;

fn s(name: &str) -> AreaId {
    data().find(name).expect("test shire on the map")
}

fn standard() -> V878Options {
    V878Options::for_scenario("standard").expect("standard scenario")
}

/// The standard game just set up (English extra units to place).
fn fresh(seed: u64) -> V878State {
    V878::setup(&standard(), seed)
}

fn idx(state: &V878State, card: u8) -> u8 {
    find_leader(&state.leaders, card).expect("test Leader")
}

/// Every variant, with the text it must print as.
fn every_action(st: &V878State) -> Vec<(V878Action, &'static str)> {
    let l01 = idx(st, 1);
    let alfred = idx(st, 0);
    vec![
        (
            V878Action::Place {
                shire: s("uintancaestir"),
                n: 2,
            },
            "place uintancaestir 2",
        ),
        (
            V878Action::PlaceOnLeader { leader: l01, n: 3 },
            "place-leader L01 3",
        ),
        (
            V878Action::PlaceAlfred {
                shire: s("uintancaestir"),
            },
            "alfred uintancaestir",
        ),
        (V878Action::PlayCard { card: 4 }, "play 04"),
        (V878Action::PlayCard { card: 1 }, "play 01"),
        (
            V878Action::March {
                path: vec![s("euruic"), s("north_riding"), s("dunholm")],
                army: [0, 0, 3, 1],
            },
            "march euruic-north_riding-dunholm norsemen=3 berserker=1",
        ),
        (
            V878Action::March {
                path: vec![s("lundenwic"), s("eastseaxe")],
                army: [2, 1, 0, 0],
            },
            "march lundenwic-eastseaxe housecarl=2 thegn=1",
        ),
        (
            V878Action::Raid {
                path: vec![s("bernicia"), s("dunholm")],
            },
            "raid bernicia-dunholm",
        ),
        (
            V878Action::LeaderStep {
                leader: l01,
                to: s("dunholm"),
            },
            "step L01 dunholm",
        ),
        (
            V878Action::Board {
                leader: l01,
                faction: Faction::Norsemen,
                n: 2,
            },
            "board L01 norsemen 2",
        ),
        (
            V878Action::Alight {
                leader: alfred,
                faction: Faction::Thegn,
                n: 1,
            },
            "alight alfred thegn 1",
        ),
        (V878Action::Halt { leader: l01 }, "halt L01"),
        (V878Action::Fight { shire: s("euruic") }, "fight euruic"),
        (V878Action::CallFyrd { call: true }, "fyrd yes"),
        (V878Action::CallFyrd { call: false }, "fyrd no"),
        (
            V878Action::TakeHit {
                kind: Faction::Berserker as u8,
                spot: Spot::Map,
            },
            "hit berserker map",
        ),
        (
            V878Action::TakeHit {
                kind: FYRD_KIND,
                spot: Spot::Map,
            },
            "hit fyrd map",
        ),
        (
            V878Action::TakeHit {
                kind: Faction::Norsemen as u8,
                spot: Spot::Card(l01),
            },
            "hit norsemen card L01",
        ),
        (V878Action::Flee { spot: Spot::Map }, "flee map"),
        (
            V878Action::Flee {
                spot: Spot::Card(l01),
            },
            "flee card L01",
        ),
        (
            V878Action::Command {
                spot: Spot::Map,
                to: Some(s("euruic")),
            },
            "command map euruic",
        ),
        (
            V878Action::Command {
                spot: Spot::Card(alfred),
                to: Some(s("sudrige")),
            },
            "command card alfred sudrige",
        ),
        (
            V878Action::Command {
                spot: Spot::Map,
                to: None,
            },
            "command keep",
        ),
        (
            V878Action::Command {
                spot: Spot::Card(l01),
                to: None,
            },
            "command card L01 keep",
        ),
        (V878Action::PlayEvent { card: 11 }, "event 11"),
        (
            V878Action::PlayEventAt {
                card: 9,
                at: At::Shire(s("euruic")),
            },
            "event 09 euruic",
        ),
        (
            V878Action::PlayEventAt {
                card: 15,
                at: At::Leader(l01),
            },
            "event 15 card L01",
        ),
        (
            V878Action::Block {
                shire: s("cantuarabyrg"),
            },
            "block cantuarabyrg",
        ),
        (V878Action::Pass, "pass"),
        (
            V878Action::PayDanegeld { berserker: true },
            "danegeld berserker",
        ),
        (
            V878Action::PayDanegeld { berserker: false },
            "danegeld norsemen",
        ),
        (V878Action::Pick { card: 13 }, "pick 13"),
        (
            V878Action::LeaderRetreat {
                to: Some(s("north_riding")),
            },
            "leader-retreat north_riding",
        ),
        (
            V878Action::LeaderRetreat { to: None },
            "leader-retreat stay",
        ),
        (V878Action::DefaultDeck, "default-deck"),
        (V878Action::End, "end"),
    ]
}

use super::super::state::FYRD;
const FYRD_KIND: u8 = FYRD as u8;

/// Every variant of the action type appears in `every_action` (checked by a match
/// that fails to compile when a variant is added).
fn variant_index(a: &V878Action) -> usize {
    match a {
        V878Action::Place { .. } => 0,
        V878Action::PlaceOnLeader { .. } => 1,
        V878Action::PlaceAlfred { .. } => 2,
        V878Action::PlayCard { .. } => 3,
        V878Action::March { .. } => 4,
        V878Action::LeaderStep { .. } => 5,
        V878Action::Board { .. } => 6,
        V878Action::Alight { .. } => 7,
        V878Action::Halt { .. } => 8,
        V878Action::Fight { .. } => 9,
        V878Action::CallFyrd { .. } => 10,
        V878Action::TakeHit { .. } => 11,
        V878Action::Flee { .. } => 12,
        V878Action::Command { .. } => 13,
        V878Action::PlayEvent { .. } => 14,
        V878Action::Pass => 15,
        V878Action::PayDanegeld { .. } => 16,
        V878Action::End => 17,
        V878Action::PlayEventAt { .. } => 18,
        V878Action::Block { .. } => 19,
        V878Action::Raid { .. } => 20,
        V878Action::Pick { .. } => 21,
        V878Action::DefaultDeck => 22,
        V878Action::LeaderRetreat { .. } => 23,
    }
}

#[test]
fn v878_notation_every_action_round_trips() {
    let st = fresh(1);
    let mut covered = [false; 24];
    for (action, text) in every_action(&st) {
        covered[variant_index(&action)] = true;
        assert_eq!(format_action(&st, &action), text);
        assert_eq!(parse_action(&st, text), Ok(action.clone()), "{text}");
        assert_eq!(
            parse_action(&st, &text.to_ascii_uppercase()),
            Ok(action),
            "{text}"
        );
    }
    assert!(covered.iter().all(|c| *c), "{covered:?}");
}

#[test]
fn v878_notation_actions_forgive_case_spacing_and_names() {
    let st = fresh(1);
    let cases = [
        (
            "  MARCH York - North Riding - Durham  Norsemen = 3 berserker=1 ",
            "march euruic-north_riding-dunholm norsemen=3 berserker=1",
        ),
        ("place Winchester 2", "place uintancaestir 2"),
        ("place UINTANCÆSTIR 2", "place uintancaestir 2"),
        ("Place West Riding 1", "place elmet 1"),
        ("fight Grantebrycg-scīr", "fight grantebrycg"),
        (
            "march Grantebrycg-scīr-Lundenwic thegn=2",
            "march grantebrycg-lundenwic thegn=2",
        ),
        ("alfred Winchester", "alfred uintancaestir"),
        ("Alfred   uintancaestir", "alfred uintancaestir"),
        ("place-leader l1 3", "place-leader L01 3"),
        ("place-leader Halfdan 3", "place-leader L01 3"),
        ("step ivar durham", "step L02 dunholm"),
        ("step IvarTheBoneless durham", "step L02 dunholm"),
        ("board Alfred thegn 1", "board alfred thegn 1"),
        ("event 09 north riding", "event 09 north_riding"),
        ("event 15 CARD halfdan", "event 15 card L01"),
        ("block Canterbury", "block cantuarabyrg"),
        ("play 4", "play 04"),
        ("hit Fyrd MAP", "hit fyrd map"),
        ("hit norsemen card halfdan", "hit norsemen card L01"),
        ("command map york", "command map euruic"),
        ("command map keep", "command keep"),
        ("COMMAND KEEP", "command keep"),
        ("fyrd YES", "fyrd yes"),
        ("Event 11", "event 11"),
        (" END ", "end"),
    ];
    for (input, canonical) in cases {
        let a = parse_action(&st, input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(format_action(&st, &a), canonical, "{input}");
    }
}

fn err(st: &V878State, text: &str) -> String {
    match parse_action(st, text) {
        Ok(a) => panic!("'{text}' parsed as {a:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn v878_notation_action_errors_say_what_is_wrong() {
    let st = fresh(1);
    assert!(err(&st, "").contains("empty action"));
    assert!(err(&st, " \t ").contains("empty action"));
    let e = err(&st, "charge euruic");
    assert!(
        e.contains("unknown action 'charge'") && e.contains("march"),
        "{e}"
    );
    assert!(err(&st, "fight atlantis").contains("unknown shire 'atlantis'"));
    assert!(err(&st, "march euruic-atlantis norsemen=1").contains("unknown shire 'atlantis'"));
    assert!(err(&st, "march euruic--dunholm norsemen=1").contains("empty step"));
    assert!(err(&st, "march norsemen=1").contains("march PATH"));
    assert!(err(&st, "march euruic-dunholm danes=1").contains("unknown faction 'danes'"));
    assert!(err(&st, "march euruic-dunholm norsemen").contains("unknown shire"));
    assert!(err(&st, "march euruic-dunholm norsemen=1 norsemen=2").contains("given twice"));
    assert!(err(&st, "march euruic-dunholm norsemen=300").contains("bad unit count '300'"));
    assert!(err(&st, "place uintancaestir").contains("place SHIRE N"));
    assert!(err(&st, "place 2").contains("place SHIRE N"));
    assert!(err(&st, "place uintancaestir x1").contains("bad unit count 'x1'"));
    assert!(err(&st, "play 00").contains("bad card '00'"));
    assert!(err(&st, "play four").contains("bad card 'four'"));
    assert!(err(&st, "play 04 05").contains("play CARD"));
    assert!(err(&st, "step L09 dunholm").contains("no Leader 'L09'"));
    assert!(err(&st, "step L999 dunholm").contains("too large"));
    assert!(err(&st, "step bob dunholm").contains("bad Leader 'bob'"));
    assert!(err(&st, "step L01").contains("step LEADER SHIRE"));
    assert!(err(&st, "board L01 fyrd 2").contains("unknown faction 'fyrd'"));
    assert!(err(&st, "hit danes map").contains("unknown unit kind 'danes'"));
    let e = err(&st, "hit norsemen deck");
    assert!(
        e.contains("expected a spot") && e.contains("hit KIND"),
        "{e}"
    );
    assert!(err(&st, "hit norsemen map now").contains("hit KIND"));
    assert!(err(&st, "flee card").contains("expected a spot"));
    assert!(err(&st, "command map").contains("command map|card"));
    assert!(err(&st, "fyrd maybe").contains("yes|no"));
    assert!(err(&st, "danegeld gold").contains("berserker|norsemen"));
    assert!(err(&st, "end now").contains("'end'"));
    assert!(err(&st, "pass on").contains("'pass'"));
    // Text that is not ASCII must not reach byte slicing anywhere.
    assert!(err(&st, "step Lé1 dunholm").contains("bad Leader"));
    assert!(err(&st, "play ééé").contains("bad card"));
}

/// A position that uses every field, flag, pending kind and battle part.
fn rich_position() -> V878State {
    let mut st = fresh(3);
    st.options.share_allied_hands = true;
    st.round = 4;
    st.order = vec![Faction::Thegn, Faction::Berserker];
    st.phase = Phase::Battles;
    st.budget = Some(MoveBudget {
        card: 4,
        armies_left: 1,
        shires: 3,
    });
    st.effects = TurnEffects {
        shield_wall: true,
        danegeld: true,
        blocked: 1 << s("cantuarabyrg").0 | 1 << s("exanceaster").0,
        viking_ships: true,
        forced_march: Some(Faction::Housecarl),
        rebellion: Some(s("lundenwic")),
    };
    st.factions[0].discard = vec![2, 9];
    st.factions[0].treaty_played = true;
    st.factions[1].hand.clear();
    st.factions[2].fled = 3;
    st.factions[3].stock = 0;
    st.map[s("euruic").0 as usize] = [2, 1, 4, 3, 5];
    st.moved[s("euruic").0 as usize] = [0, 0, 4, 0, 0];
    st.moved[s("cornwalas").0 as usize] = [0, 1, 0, 0, 0];
    let l01 = idx(&st, 1) as usize;
    st.leaders[l01].place = LeaderPlace::OnMap(s("euruic"));
    st.leaders[l01].moves_left = 2;
    st.leaders[l01].moving = true;
    st.leaders[l01].done = true;
    st.leaders[l01].troops[FYRD] = 1;
    let alfred = idx(&st, 0) as usize;
    st.leaders[alfred].place = LeaderPlace::OnMap(s("uintancaestir"));
    st.leaders[alfred].troops = [3, 2, 0, 0, 0];
    st.leaders[alfred].shifted.mark(Faction::Thegn, true);
    st.leaders[alfred].shifted.mark(Faction::Housecarl, false);
    let l02 = idx(&st, 2) as usize;
    st.leaders[l02].place = LeaderPlace::Defeated;
    st.invasion_drawn = vec![2];
    st.invasion.retain(|c| *c != 2);
    st.fyrd_discard = vec![st.fyrd_deck.pop().unwrap()];
    st.fyrd_stock = 17;
    st.marked[s("euruic").0 as usize] = true;
    st.marked[s("dunholm").0 as usize] = true;
    st.markers = 15;
    st.raiders = [0, 0, 6, 2, 0];
    st.plundered = 2;
    st.battle = Some(Battle {
        shire: s("euruic"),
        attacker: Side::Viking,
        roller: Side::English,
        english_rolled: true,
        attacker_rolled: true,
        leader: Some(l01 as u8),
        charge_check: true,
        stage: Stage::Extras,
        played: 1 << (CardEvent::Archers as u32) | 1 << (CardEvent::ShieldWall as u32),
        extras: extra::AMBUSH | extra::ARCHERS,
        fort: true,
        burh: true,
        saxon_shield: true,
        shield_wall_used: true,
    });
    st.pending = vec![
        Pending::Place {
            faction: Faction::Norsemen,
            kind: Faction::Berserker,
            left: 2,
            purpose: Purpose::Invaders,
        },
        Pending::PlaceAlfred {
            faction: Faction::Housecarl,
        },
        Pending::Fyrd {
            faction: Faction::Thegn,
        },
        Pending::Window {
            faction: Faction::Berserker,
        },
        Pending::Danegeld {
            faction: Faction::Norsemen,
        },
        Pending::Blocks {
            faction: Faction::Housecarl,
            left: 2,
        },
        Pending::Spy {
            faction: Faction::Thegn,
        },
        Pending::ChooseDeck {
            faction: Faction::Berserker,
            left: 4,
        },
        Pending::Rebellion {
            faction: Faction::Berserker,
            shire: s("euruic"),
        },
        Pending::Hits {
            faction: Faction::Thegn,
            hits: 3,
            berserker_first: true,
        },
        Pending::Hits {
            faction: Faction::Norsemen,
            hits: 1,
            berserker_first: false,
        },
        Pending::LeaderRetreat {
            faction: Faction::Norsemen,
            hits: 2,
            berserker_first: true,
        },
        Pending::LeaderRetreat {
            faction: Faction::Housecarl,
            hits: 1,
            berserker_first: false,
        },
        Pending::Flee {
            faction: Faction::Housecarl,
            left: 2,
        },
        Pending::Command {
            faction: Faction::Berserker,
            left: 1,
        },
    ];
    st.finish = Some(Finish {
        winner: Side::English,
        result: "English victory".to_string(),
        detail: "a \"quoted\" word,\n a tab\t, a back\\slash, é, \u{7}".to_string(),
    });
    st
}

fn assert_round_trip(st: &V878State) {
    let text = format_position(st);
    let back = read_position(&text, 7).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(same_position(st, &back), "not the same position:\n{text}");
    assert_eq!(format_position(&back), text);
}

#[test]
fn v878_notation_rich_position_round_trips() {
    let st = rich_position();
    let text = format_position(&st);
    assert!(
        text.starts_with(
            "v878 position\nscenario standard\noptions hands=shared decks=known\nround 4\n"
        ),
        "{text}"
    );
    for line in [
        "order thegn berserker",
        "phase battles",
        "budget card=04 armies=1 shires=3",
        "effects shield-wall danegeld viking-ships forced-march=housecarl \
         blocked=cantuarabyrg,exanceaster rebellion=lundenwic",
        "leader L01 euruic norsemen=17 berserker=8 fyrd=1 moves=2 moving done",
        "leader alfred uintancaestir housecarl=3 thegn=2",
        "shifted alfred boarded=thegn alighted=housecarl",
        "leader L02 defeated",
        "markers total=15 on=dunholm,euruic plundered=2",
        "raiders norsemen=6 berserker=2",
        "battle euruic attacker=viking roller=english stage=extras leader=L01 \
         played=archers,shield_wall extras=ambush,archers english-rolled attacker-rolled \
         charge-check fort burh saxon-shield shield-wall-used",
        "pending place norsemen berserker 2 invaders ; alfred housecarl ; fyrd thegn ; \
         window berserker ; danegeld norsemen ; blocks housecarl 2 ; spy thegn ; \
         choose-deck berserker 4 ; \
         rebellion berserker euruic ; hits thegn 3 berserker-first ; \
         hits norsemen 1 ; leader-retreat norsemen 2 berserker-first ; \
         leader-retreat housecarl 1 ; flee housecarl 2 ; command berserker 1",
        "troops euruic housecarl=2 thegn=1 norsemen=4 berserker=3 fyrd=5",
        "moved euruic norsemen=4",
        "moved cornwalas thegn=1",
    ] {
        assert!(text.lines().any(|l| l == line), "{line}\nnot in\n{text}");
    }
    assert!(text.contains("\nfaction housecarl hand="));
    assert!(text.contains(" discard=02,09 treaty=played "));
    assert!(text.contains("\nfaction thegn hand=- deck="));
    assert!(text.contains("\nfinish winner=english result=\"English victory\" detail="));
    assert_round_trip(&st);
}

#[test]
fn v878_notation_each_part_round_trips_alone() {
    let base = fresh(4);
    assert_round_trip(&base);
    let text = format_position(&base);
    for line in [
        "budget none",
        "effects none",
        "battle none",
        "pending place housecarl housecarl 4 extra ; place thegn thegn 4 extra",
        "finish none",
        "order none",
        "phase setup",
    ] {
        assert!(text.lines().any(|l| l == line), "{line}\nnot in\n{text}");
    }
    for stage in [
        Stage::Windows,
        Stage::Fyrd,
        Stage::Danegeld,
        Stage::Extras,
        Stage::Exchange,
    ] {
        let mut st = base.clone();
        st.battle = Some(Battle {
            stage,
            ..Battle::opening(s("lundenwic"), Side::English, None)
        });
        assert_round_trip(&st);
    }
    for (i, flag) in BATTLE_FLAGS.iter().enumerate() {
        let mut st = rich_position();
        let b = st.battle.as_mut().unwrap();
        let flags = [
            &mut b.english_rolled,
            &mut b.attacker_rolled,
            &mut b.charge_check,
            &mut b.fort,
            &mut b.burh,
            &mut b.saxon_shield,
            &mut b.shield_wall_used,
        ];
        for (j, f) in flags.into_iter().enumerate() {
            *f = i == j;
        }
        assert!(format_position(&st).contains(flag));
        assert_round_trip(&st);
    }
    for place in [
        LeaderPlace::Waiting,
        LeaderPlace::OffMap,
        LeaderPlace::OnMap(s("cornwalas")),
        LeaderPlace::Defeated,
    ] {
        let mut st = base.clone();
        st.leaders[3].place = place;
        assert_round_trip(&st);
    }
    for purpose in Purpose::ALL {
        let mut st = base.clone();
        st.pending = vec![Pending::Place {
            faction: Faction::Berserker,
            kind: Faction::Norsemen,
            left: 9,
            purpose,
        }];
        assert_round_trip(&st);
    }
    for phase in Phase::ALL {
        let mut st = base.clone();
        st.phase = phase;
        assert_round_trip(&st);
    }
    let mut st = base.clone();
    st.options.printed_decks = true;
    assert!(format_position(&st).contains("\noptions hands=secret decks=printed\n"));
    assert_round_trip(&st);
    // Bits without a name print as their number.
    let mut st = rich_position();
    let b = st.battle.as_mut().unwrap();
    b.played = 1 << 31;
    b.extras = 1 << 7;
    assert!(format_position(&st).contains(" played=31 extras=7 "));
    assert_round_trip(&st);
    // Nothing at all.
    let mut st = base.clone();
    st.leaders.clear();
    st.pending.clear();
    st.factions.iter_mut().for_each(|f| {
        f.hand.clear();
        f.deck.clear();
    });
    st.map.iter_mut().for_each(|t| *t = [0; 5]);
    st.invasion.clear();
    st.fyrd_deck.clear();
    st.finish = Some(Finish {
        winner: Side::Viking,
        result: String::new(),
        detail: "  spaces at both ends  ".to_string(),
    });
    assert_round_trip(&st);
}

/// Steps a game with random legal actions, calling `visit` on each state reached.
fn walk(seed: u64, max: u32, mut visit: impl FnMut(&V878State, u32)) {
    let mut st = fresh(seed);
    let mut rng = Chance::new(seed ^ 0x0bad_cafe);
    for i in 0..max {
        visit(&st, i);
        let seat = match V878::to_act(&st) {
            Turn::Over(_) => return,
            Turn::Decide(seats) => match seats.first() {
                Some(s) => *s,
                None => return,
            },
        };
        let Some(a) = V878::random_action(&st, seat, &mut rng) else {
            return;
        };
        V878::apply(&mut st, seat, &a).expect("a legal action applies");
    }
}

#[test]
fn v878_notation_positions_and_actions_from_random_play_round_trip() {
    let mut positions = 0;
    let mut actions = 0;
    for seed in 0..16 {
        walk(seed, 4000, |st, i| {
            if i % 3 != 0 {
                return;
            }
            assert_round_trip(st);
            positions += 1;
            if let Turn::Decide(seats) = V878::to_act(st) {
                for seat in seats {
                    for a in V878::legal_actions(st, seat) {
                        let text = format_action(st, &a);
                        assert_eq!(parse_action(st, &text), Ok(a), "{text}");
                        actions += 1;
                    }
                    // A view prints and reads back too, its hidden cards as `??`.
                    assert_round_trip(&V878::view(st, &[seat]).state);
                }
            }
        });
    }
    assert!(positions > 300 && actions > 3000, "{positions} {actions}");
}

#[test]
fn v878_notation_replayed_actions_reach_the_same_positions() {
    // play_random's log, printed and read back action by action, replays the game.
    let played = crate::ai::simulate::play_random::<V878>(&standard(), 9, 100_000);
    assert!(played.outcome.is_some(), "{:?}", played.stuck);
    let mut st = fresh(9);
    for (seat, a) in &played.actions {
        let text = format_action(&st, a);
        let back = parse_action(&st, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        V878::apply(&mut st, *seat, &back).expect("replayed action applies");
    }
    assert!(matches!(V878::to_act(&st), Turn::Over(_)));
    assert_round_trip(&st);
}

#[test]
fn v878_notation_view_shows_hidden_cards_as_question_marks() {
    let st = fresh(5);
    let view = V878::view(&st, &[Seat(Faction::Housecarl as u8)]);
    let text = format_position(&view.state);
    let line = |key: &str| {
        text.lines()
            .find(|l| l.starts_with(key))
            .unwrap_or_else(|| panic!("{key} in\n{text}"))
            .to_string()
    };
    // Own hand shown, by number; every deck order hidden.
    let own = line("faction housecarl ");
    let hand = cards_text(&st.factions[0].hand);
    assert!(!hand.contains("??"));
    assert!(own.contains(&format!("hand={hand} ")), "{own}");
    assert!(own.contains("deck=??,??"), "{own}");
    for f in ["thegn", "norsemen", "berserker"] {
        let l = line(&format!("faction {f} "));
        assert!(l.contains("hand=??,??,?? deck=??,"), "{l}");
        let digits = l
            .split_whitespace()
            .filter(|w| w.starts_with("hand=") || w.starts_with("deck="))
            .any(|w| w.bytes().any(|b| b.is_ascii_digit()));
        assert!(!digits, "a hidden card shows its number: {l}");
    }
    assert!(line("invasion ").starts_with("invasion deck=??,"));
    assert!(line("fyrd ").starts_with("fyrd deck=??,"));
    // The true position shows them all; the view reads back to itself.
    assert!(!format_position(&st).contains("??"));
    assert_round_trip(&view.state);
    // Shared hands: the ally's hand shows too.
    let mut shared = st.clone();
    shared.options.share_allied_hands = true;
    let v = V878::view(&shared, &[Seat(Faction::Housecarl as u8)]);
    let text = format_position(&v.state);
    let thegn = text
        .lines()
        .find(|l| l.starts_with("faction thegn "))
        .unwrap();
    assert!(
        thegn.contains(&format!("hand={} ", cards_text(&st.factions[1].hand))),
        "{thegn}"
    );
}

const DOC: &str = include_str!("../../../../../docs/notation.md");

/// The 878 section of docs/notation.md.
fn doc_section() -> &'static str {
    let start = DOC.find("## 878 Vikings").expect("878 section in the doc");
    let rest = &DOC[start..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    &rest[..end]
}

#[test]
fn v878_notation_doc_examples_read_back() {
    let section = doc_section();
    let table = section
        .split("### Actions")
        .nth(1)
        .and_then(|t| t.split("### Positions").next())
        .expect("action table");
    let st = fresh(1);
    let mut examples = 0;
    for row in table
        .lines()
        .filter(|l| l.starts_with("| ") && l.ends_with("` |"))
    {
        let cell = row.trim_end_matches(" |").rsplit(" | ").next().unwrap();
        let example = cell.trim_matches('`');
        let a = parse_action(&st, example).unwrap_or_else(|e| panic!("{example}: {e}"));
        assert_eq!(format_action(&st, &a), example);
        examples += 1;
    }
    assert!(examples >= 20, "{examples}");
    let block = section
        .split("```\n")
        .find(|b| b.starts_with("v878 position"))
        .expect("example position");
    let p = parse_position(block, 0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(format_position(&p), block);
}

#[test]
fn v878_notation_hand_written_position_takes_defaults() {
    let text = "
        # a hand-written position
        V878 POSITION
        scenario Standard
        phase Movement
        order norsemen
        Faction Norsemen hand=04,12 stock=5
        leader L01 York norsemen=3
        troops Winchester housecarl=2
        troops North_Riding norsemen=1
        markers on=euruic
    ";
    let st = parse_position(text, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(st.options, standard());
    assert_eq!(st.round, 1);
    assert_eq!(st.phase, Phase::Movement);
    assert_eq!(st.active(), Some(Faction::Norsemen));
    assert_eq!(st.factions[2].hand, vec![4, 12]);
    assert_eq!(st.factions[2].stock, 5);
    assert!(st.factions[0].hand.is_empty());
    assert_eq!(st.leaders.len(), 1);
    assert_eq!(st.leaders[0].place, LeaderPlace::OnMap(s("euruic")));
    assert_eq!(st.map[s("uintancaestir").0 as usize], [2, 0, 0, 0, 0]);
    assert_eq!(st.map[s("north_riding").0 as usize], [0, 0, 1, 0, 0]);
    assert_eq!(st.markers, 17);
    assert_eq!(st.markers_on_map(), 1);
    assert!(st.battle.is_none() && st.pending.is_empty() && st.finish.is_none());
    assert_eq!(st.map.len(), data().shires().len());
    assert_round_trip(&st);
}

fn pos_err(text: &str) -> String {
    match parse_position(text, 0) {
        Ok(_) => panic!("parsed:\n{text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn v878_notation_position_errors_name_the_line() {
    let good = format_position(&rich_position());
    let replace = |from: &str, to: &str| {
        assert!(good.contains(from), "{from}");
        good.replacen(from, to, 1)
    };
    let line_of =
        |text: &str, needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    assert!(pos_err("").contains("empty position"));
    assert!(pos_err("fury position\n").contains("line 1: expected 'v878 position'"));
    let t = replace("round 4", "weather fine");
    assert!(pos_err(&t).contains("line 4: unknown line 'weather fine'"));
    let t = replace("round 4", "round 400");
    assert!(pos_err(&t).contains("line 4: bad round '400'"));
    let t = replace("phase battles", "phase lunch");
    assert!(pos_err(&t).contains("unknown phase 'lunch'"));
    let t = replace("scenario standard", "scenario chess");
    assert!(pos_err(&t).contains("line 2: unknown scenario 'chess'"));
    let t = replace("hands=shared", "hands=open");
    assert!(pos_err(&t).contains("bad hands 'open'"));
    let t = replace("order thegn berserker", "order thegn thegn");
    assert!(pos_err(&t).contains("twice in the order"));
    let t = replace("discard=02,09", "discard=02,xx");
    let e = pos_err(&t);
    assert!(
        e.contains(&format!(
            "line {}: bad card 'xx'",
            line_of(&t, "discard=02,xx")
        )),
        "{e}"
    );
    let t = replace("treaty=played", "treaty=maybe");
    assert!(pos_err(&t).contains("bad treaty 'maybe'"));
    let t = replace("faction thegn", "faction danes");
    assert!(pos_err(&t).contains("unknown faction 'danes'"));
    let t = replace("faction thegn", "faction housecarl");
    assert!(pos_err(&t).contains("faction 'housecarl' given twice"));
    let t = replace("leader L02 defeated", "leader L01 defeated");
    assert!(pos_err(&t).contains("Leader L01 is listed twice"));
    let t = replace("leader L02 defeated", "leader L02 atlantis");
    assert!(pos_err(&t).contains("unknown shire 'atlantis'"));
    let t = replace("leader L02 defeated", "leader L02 defeated sleepy");
    assert!(pos_err(&t).contains("unknown word 'sleepy'"));
    let t = replace("moving done", "moving moving");
    assert!(pos_err(&t).contains("flag 'moving' given twice"));
    let t = replace("stage=extras", "stage=lunch");
    assert!(pos_err(&t).contains("unknown stage 'lunch'"));
    let t = replace("played=archers", "played=archery");
    assert!(pos_err(&t).contains("unknown event 'archery'"));
    let t = replace("extras=ambush", "extras=ambush,ambush");
    assert!(pos_err(&t).contains("given twice"));
    let t = replace("leader=L01", "leader=L07x");
    assert!(pos_err(&t).contains("bad Leader 'L07x'"));
    let t = replace("attacker=viking", "attacker=danes");
    assert!(pos_err(&t).contains("unknown side 'danes'"));
    let t = replace("hits thegn 3 berserker-first", "hits thegn lots");
    assert!(pos_err(&t).contains("bad hit count 'lots'"));
    let t = replace("flee housecarl 2", "run housecarl 2");
    assert!(pos_err(&t).contains("bad pending decision 'run housecarl 2'"));
    let t = replace(" invaders ;", " conquest ;");
    assert!(pos_err(&t).contains("unknown purpose 'conquest'"));
    let t = replace("troops euruic", "troops atlantis");
    assert!(pos_err(&t).contains("unknown shire 'atlantis'"));
    let t = replace("moved cornwalas", "moved euruic");
    assert!(pos_err(&t).contains("'moved euruic' given twice"));
    let t = replace("norsemen=4 berserker=3", "norsemen=4 norsemen=3");
    assert!(pos_err(&t).contains("field 'norsemen' given twice"));
    let t = replace("plundered=2", "plundered=x");
    assert!(pos_err(&t).contains("bad plundered count 'x'"));
    let t = replace("raiders norsemen=6", "raiders danes=6");
    assert!(pos_err(&t).contains("unknown field 'danes=6'"));
    let t = replace("on=dunholm,euruic", "on=dunholm,dunholm");
    assert!(pos_err(&t).contains("marked twice"));
    let t = replace("effects shield-wall danegeld", "effects gold");
    assert!(pos_err(&t).contains("unknown word 'gold'"));
    let t = replace("forced-march=housecarl", "forced-march=danes");
    assert!(pos_err(&t).contains("unknown faction 'danes'"));
    let t = replace("blocked=cantuarabyrg", "blocked=64,cantuarabyrg");
    assert!(pos_err(&t).contains("bad shire number '64'"));
    let t = replace("effects shield-wall danegeld", "effects gold");
    assert!(pos_err(&t).contains("unknown word 'gold'"));
    let t = replace("budget card=04 armies=1 shires=3", "budget card=04");
    assert!(pos_err(&t).contains("budget card=CARD armies=N shires=N"));
    let t = replace("\\u{7}\"\n", "\\u{7}\n");
    assert!(pos_err(&t).contains("a quoted text is not closed"));
    let t = replace("winner=english", "winner=danes");
    assert!(pos_err(&t).contains("bad winner 'danes'"));
    let t = replace("round 4", "round 4\nround 5");
    assert!(pos_err(&t).contains("line 5: 'round' given twice"));
    let t = replace("scenario standard\n", "");
    assert!(pos_err(&t).contains("no 'scenario' line"));
    let t = replace("phase battles\n", "");
    assert!(pos_err(&t).contains("no 'phase' line"));
    let t = good
        .lines()
        .filter(|l| !l.starts_with("leader L01 "))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(pos_err(&t).contains("battle leader 'L01' is not among the 'leader' lines"));
}

// --- property tests ---------------------------------------------------------------

/// Words the parsers know, so that random text also reaches their deeper branches.
const VOCABULARY: &[&str] = &[
    "v878",
    "position",
    "scenario",
    "standard",
    "options",
    "hands=shared",
    "round",
    "4",
    "0",
    "300",
    "order",
    "none",
    "phase",
    "movement",
    "budget",
    "card=04",
    "armies=2",
    "shires=",
    "effects",
    "shield-wall",
    "faction",
    "housecarl",
    "thegn",
    "norsemen",
    "berserker",
    "fyrd",
    "hand=04,??",
    "deck=-",
    "discard=",
    "treaty=played",
    "stock=3",
    "leader",
    "shifted",
    "boarded=norsemen+berserker",
    "alighted=thegn",
    "alfred",
    "L01",
    "L9",
    "L300",
    "waiting",
    "off-map",
    "defeated",
    "moves=2",
    "moving",
    "done",
    "invasion",
    "drawn=01",
    "markers",
    "total=17",
    "on=euruic,",
    "battle",
    "attacker=viking",
    "roller=english",
    "stage=windows",
    "played=archers,31",
    "extras=ambush,99",
    "leader=L01",
    "fort",
    "pending",
    "place",
    "extra",
    "hits",
    "berserker-first",
    ";",
    "window",
    "danegeld",
    "flee",
    "command",
    "finish",
    "winner=english",
    "result=\"",
    "detail=\"a\\u{41}\"",
    "\\u{d800}",
    "\\",
    "\"",
    "troops",
    "moved",
    "euruic",
    "north riding",
    "york",
    "Grantebrycg-scīr",
    "-",
    "=",
    ",",
    "\n",
    "\n",
    "\n",
    "place-leader",
    "play",
    "march",
    "step",
    "board",
    "alight",
    "halt",
    "fight",
    "yes",
    "no",
    "hit",
    "map",
    "card",
    "keep",
    "event",
    "pass",
    "end",
    "??",
    "é",
    "\u{2028}",
    "#",
    "Æ",
    "þ",
    "blocks",
    "spy",
    "rebellion",
    "block",
    "viking-ships",
    "forced-march=thegn",
    "blocked=euruic,63",
    "raid",
    "raiders",
    "plundered=2",
    "pick",
    "default-deck",
    "choose-deck",
    "leader-retreat",
    "stay",
];

/// Every legal action, position and view of random games of every scenario prints,
/// reads back to the same value and prints the same again (see engine::notation::record).
#[test]
fn v878_notation_random_play_of_every_scenario_round_trips() {
    let rec = crate::engine::notation::record::record_for_test::<super::super::V878>(2, 20_000);
    assert!(rec.positions > 200 && rec.actions > 2000, "{rec:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn v878_notation_garbage_never_panics(text in "\\PC{0,80}", bytes in ".{0,40}") {
        let st = fresh(0);
        let _ = parse_action(&st, &text);
        let _ = parse_action(&st, &bytes);
        let _ = parse_position(&text, 0);
        let _ = parse_position(&format!("v878 position\n{bytes}"), 0);
    }

    #[test]
    fn v878_notation_word_salad_never_panics(
        words in prop::collection::vec(prop::sample::select(VOCABULARY.to_vec()), 0..40),
        joiner in prop::sample::select(vec![" ", "", "\n", "  \t", "-", ","]),
    ) {
        let st = fresh(0);
        let text = words.join(joiner);
        let _ = parse_action(&st, &text);
        let _ = parse_position(&text, 0);
        let _ = parse_position(&format!("v878 position\n{text}"), 0);
        let _ = parse_position(
            &format!("v878 position\nscenario standard\nphase battles\n{text}"),
            0,
        );
    }

    #[test]
    fn v878_notation_damaged_positions_never_panic(
        cut in 0usize..4000,
        len in 0usize..40,
        insert in "\\PC{0,6}",
    ) {
        let text = format_position(&rich_position());
        let chars: Vec<char> = text.chars().collect();
        let start = cut.min(chars.len());
        let end = (start + len).min(chars.len());
        let damaged: String = chars[..start]
            .iter()
            .chain(insert.chars().collect::<Vec<_>>().iter())
            .chain(chars[end..].iter())
            .collect();
        if let Ok(st) = read_position(&damaged, 0) {
            // Whatever still parses prints back as a position that reads the same.
            let again = format_position(&st);
            let back = read_position(&again, 0).unwrap();
            prop_assert!(same_position(&st, &back));
            prop_assert_eq!(format_position(&back), again);
        }
    }

    #[test]
    fn v878_notation_random_actions_round_trip(
        kind in 0u8..24,
        shires in prop::collection::vec(0..data().shires().len() as u16, 1..8),
        leader in 0u8..8,
        n in any::<u8>(),
        army in any::<[u8; 4]>(),
        card in any::<u8>(),
        flag in any::<bool>(),
        unit in 0u8..5,
    ) {
        let st = fresh(2);
        let shire = AreaId(shires[0]);
        let spot = if flag { Spot::Map } else { Spot::Card(leader) };
        let faction = Faction::ALL[(unit % 4) as usize];
        let a = match kind {
            0 => V878Action::Place { shire, n },
            1 => V878Action::PlaceOnLeader { leader, n },
            2 => V878Action::PlaceAlfred { shire },
            3 => V878Action::PlayCard { card },
            4 => V878Action::March {
                path: shires.iter().map(|&i| AreaId(i)).collect(),
                army,
            },
            5 => V878Action::LeaderStep { leader, to: shire },
            6 => V878Action::Board { leader, faction, n },
            7 => V878Action::Alight { leader, faction, n },
            8 => V878Action::Halt { leader },
            9 => V878Action::Fight { shire },
            10 => V878Action::CallFyrd { call: flag },
            11 => V878Action::TakeHit { kind: unit, spot: Spot::Card(leader) },
            12 => V878Action::Flee { spot },
            13 => V878Action::Command { spot, to: if n % 2 == 0 { None } else { Some(shire) } },
            14 => V878Action::PlayEvent { card },
            15 => V878Action::Pass,
            16 => V878Action::PayDanegeld { berserker: flag },
            17 => V878Action::PlayEventAt {
                card,
                at: if flag { At::Shire(shire) } else { At::Leader(leader) },
            },
            18 => V878Action::Block { shire },
            19 => V878Action::Raid {
                path: shires.iter().map(|&i| AreaId(i)).collect(),
            },
            20 => V878Action::Pick { card },
            21 => V878Action::DefaultDeck,
            22 => V878Action::LeaderRetreat { to: if flag { Some(shire) } else { None } },
            _ => V878Action::End,
        };
        let text = format_action(&st, &a);
        prop_assert_eq!(parse_action(&st, &text), Ok(a.clone()), "{}", text);
        prop_assert_eq!(parse_action(&st, &text.to_ascii_uppercase()), Ok(a), "{}", text);
    }
}
