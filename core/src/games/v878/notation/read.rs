//! 878 positions (reading): every line by its key, then the battle (which names
//! Leaders), then the rule checks of [`position_check`].

use super::position::{event_bit_names, extra_bit_names, BATTLE_FLAGS, HEADER, STAGES};
use super::{
    find_leader, leader_name, parse_card, parse_cards, parse_faction, parse_leader_card,
    parse_shire, parse_side, shire_text, KINDS, MAX_PARTS,
};
use crate::board::area::AreaId;
use crate::engine::notation::{number, FieldSpec, Fields, Line, LineFault, Lines, ListOf, Once};
use crate::engine::text::finish_fields;
use crate::engine::Hidden;
use crate::engine::{Chance, NotationError};
use crate::games::v878::data::{data, Faction, FactionSet};
use crate::games::v878::options::V878Options;
use crate::games::v878::position_check;
use crate::games::v878::state::{
    Battle, FactionState, Finish, Leader, LeaderPlace, MoveBudget, Pending, Phase, Purpose,
    Shifted, Stage, Troops, TurnEffects, V878State,
};

/// `kind=n` words into troops; each kind once.
fn parse_troops(words: &[&str]) -> Result<Troops, String> {
    let fields = Fields::read(words, &FieldSpec::new(&KINDS, &[]))?;
    let mut t: Troops = [0; 5];
    for (i, k) in KINDS.iter().enumerate() {
        if let Some(v) = fields.get(k) {
            t[i] = number(v, "unit count")?;
        }
    }
    Ok(t)
}

fn parse_faction_line(words: &[&str]) -> Result<(Faction, FactionState), String> {
    let Some((f, rest)) = words.split_first() else {
        return Err(
            "expected 'faction NAME hand=... deck=... discard=... treaty=... \
                    stock=N fled=N'"
                .to_string(),
        );
    };
    let f = parse_faction(f)?;
    let spec = FieldSpec::new(&["hand", "deck", "discard", "treaty", "stock", "fled"], &[]);
    let fields = Fields::read(rest, &spec)?;
    let cards = |k: &str| fields.get(k).map_or(Ok(Vec::new()), parse_cards);
    let num = |k: &str| fields.get(k).map_or(Ok(0), |v| number(v, k));
    let treaty_played = match fields.get("treaty").map(|v| v.to_ascii_lowercase()) {
        None => false,
        Some(v) if v == "no" => false,
        Some(v) if v == "played" => true,
        Some(v) => return Err(format!("bad treaty '{v}' (expected no or played)")),
    };
    Ok((
        f,
        FactionState {
            hand: Hidden(cards("hand")?),
            deck: Hidden(cards("deck")?),
            discard: cards("discard")?,
            treaty_played,
            stock: num("stock")?,
            fled: num("fled")?,
        },
    ))
}

fn parse_leader_line(words: &[&str]) -> Result<Leader, String> {
    let [name, place, rest @ ..] = words else {
        return Err("expected 'leader NAME PLACE [KIND=N ...] [moves=N] [moving] [done]'".into());
    };
    let card = parse_leader_card(name)?;
    let place = match place.to_ascii_lowercase().as_str() {
        "waiting" => LeaderPlace::Waiting,
        "off-map" => LeaderPlace::OffMap,
        "defeated" => LeaderPlace::Defeated,
        _ => LeaderPlace::OnMap(parse_shire(place).map_err(|e| {
            format!("{e}; a Leader's place is a shire, waiting, off-map or defeated")
        })?),
    };
    let mut keys: Vec<&str> = KINDS.to_vec();
    keys.push("moves");
    let fields = Fields::read(rest, &FieldSpec::new(&keys, &["moving", "done"]))?;
    let mut troops: Troops = [0; 5];
    for (i, k) in KINDS.iter().enumerate() {
        if let Some(v) = fields.get(k) {
            troops[i] = number(v, "unit count")?;
        }
    }
    Ok(Leader {
        card,
        place,
        troops,
        moves_left: fields.get("moves").map_or(Ok(0), |v| number(v, "moves"))?,
        moving: fields.has("moving"),
        done: fields.has("done"),
        shifted: Shifted::default(),
    })
}

/// `shifted LEADER [boarded=KIND+...] [alighted=KIND+...]`: the Leader's card and what
/// shifted before he moved (`Shifted`).
fn parse_shifted_line(words: &[&str]) -> Result<(u8, Shifted), String> {
    let [name, rest @ ..] = words else {
        return Err("expected 'shifted LEADER [boarded=KIND+...] [alighted=KIND+...]'".into());
    };
    let card = parse_leader_card(name)?;
    let fields = Fields::read(rest, &FieldSpec::new(&["boarded", "alighted"], &[]))?;
    Ok((
        card,
        Shifted {
            boarded: faction_set(fields.get("boarded"))?,
            alighted: faction_set(fields.get("alighted"))?,
        },
    ))
}

/// `norsemen+berserker`: the factions of a `shifted` line's `boarded=` / `alighted=`.
fn faction_set(value: Option<&str>) -> Result<FactionSet, String> {
    let mut set = FactionSet::EMPTY;
    for word in value.into_iter().flat_map(|v| v.split('+')) {
        set = set.with(parse_faction(word)?);
    }
    Ok(set)
}

fn parse_budget(words: &[&str]) -> Result<Option<MoveBudget>, String> {
    if let [none] = words {
        if none.eq_ignore_ascii_case("none") {
            return Ok(None);
        }
    }
    let fields = Fields::read(words, &FieldSpec::new(&["card", "armies", "shires"], &[]))?;
    let (Some(card), Some(armies), Some(shires)) = (
        fields.get("card"),
        fields.get("armies"),
        fields.get("shires"),
    ) else {
        return Err("expected 'budget none' or 'budget card=CARD armies=N shires=N'".into());
    };
    Ok(Some(MoveBudget {
        card: parse_card(card)?,
        armies_left: number(armies, "army count")?,
        shires: number(shires, "shire count")?,
    }))
}

fn parse_battle(leaders: &[Leader], words: &[&str]) -> Result<Option<Battle>, String> {
    match words {
        [none] if none.eq_ignore_ascii_case("none") => Ok(None),
        [shire, rest @ ..] => {
            let keys = ["attacker", "roller", "stage", "leader", "played", "extras"];
            let fields = Fields::read(rest, &FieldSpec::new(&keys, &BATTLE_FLAGS))?;
            let (Some(attacker), Some(roller)) = (fields.get("attacker"), fields.get("roller"))
            else {
                return Err("a battle needs attacker=SIDE and roller=SIDE".into());
            };
            let leader = match fields.get("leader") {
                None => None,
                Some(tok) => {
                    let card = parse_leader_card(tok)?;
                    Some(find_leader(leaders, card).ok_or_else(|| {
                        format!(
                            "battle leader '{}' is not among the 'leader' lines",
                            leader_name(card)
                        )
                    })?)
                }
            };
            let played = match fields.get("played") {
                None => 0,
                Some(tok) => parse_bits(tok, &event_bit_names(), 32, "event")?,
            };
            let extras = match fields.get("extras") {
                None => 0,
                Some(tok) => parse_bits(tok, &extra_bit_names(), 8, "extra roll")? as u8,
            };
            Ok(Some(Battle {
                shire: parse_shire(shire)?,
                attacker: parse_side(attacker)?,
                roller: parse_side(roller)?,
                english_rolled: fields.has("english-rolled"),
                attacker_rolled: fields.has("attacker-rolled"),
                leader,
                charge_check: fields.has("charge-check"),
                stage: fields
                    .get("stage")
                    .map_or(Ok(Stage::Exchange), parse_stage)?,
                played,
                extras,
                fort: fields.has("fort"),
                burh: fields.has("burh"),
                saxon_shield: fields.has("saxon-shield"),
                shield_wall_used: fields.has("shield-wall-used"),
            }))
        }
        [] => Err("expected 'battle none' or 'battle SHIRE attacker=SIDE roller=SIDE ...'".into()),
    }
}

const PENDING_FORMS: &str = "'place FACTION KIND N PURPOSE', 'alfred FACTION', \
     'fyrd FACTION', 'window FACTION', 'danegeld FACTION', 'blocks FACTION N', \
     'spy FACTION', 'rebellion FACTION SHIRE', 'choose-deck FACTION N', \
     'leader-retreat FACTION N [berserker-first]', 'hits FACTION N [berserker-first]', \
     'flee FACTION N' or 'command FACTION N'";

fn parse_purpose(tok: &str) -> Result<Purpose, String> {
    Purpose::from_name(&tok.to_ascii_lowercase()).ok_or_else(|| {
        let names: Vec<&str> = Purpose::ALL.iter().map(|p| p.name()).collect();
        format!(
            "unknown purpose '{tok}' (expected one of {})",
            names.join(", ")
        )
    })
}

/// One pending decision: its kind, the faction, then what the kind needs.
fn parse_pending(part: &str) -> Result<Pending, String> {
    let words: Vec<&str> = part.split_whitespace().collect();
    let bad = || {
        format!(
            "bad pending decision '{}' (expected {PENDING_FORMS})",
            part.trim()
        )
    };
    let Some((kind, args)) = words.split_first() else {
        return Err(bad());
    };
    let kind = kind.to_ascii_lowercase();
    let faction = || parse_faction(args[0]);
    Ok(match (kind.as_str(), args.len()) {
        ("place", 4) => Pending::Place {
            faction: faction()?,
            kind: parse_faction(args[1])?,
            left: number(args[2], "unit count")?,
            purpose: parse_purpose(args[3])?,
        },
        ("alfred", 1) => Pending::PlaceAlfred {
            faction: faction()?,
        },
        ("fyrd", 1) => Pending::Fyrd {
            faction: faction()?,
        },
        ("window", 1) => Pending::Window {
            faction: faction()?,
        },
        ("danegeld", 1) => Pending::Danegeld {
            faction: faction()?,
        },
        ("spy", 1) => Pending::Spy {
            faction: faction()?,
        },
        _ => return counted(&kind, args).unwrap_or_else(|| Err(bad())),
    })
}

/// The pending decisions that carry a count (and the Berserker flag).
fn counted(kind: &str, args: &[&str]) -> Option<Result<Pending, String>> {
    let read = || -> Result<Option<Pending>, String> {
        let faction = || parse_faction(args[0]);
        let n = |what: &str| number(args[1], what);
        let flagged = args.len() == 3 && args[2].eq_ignore_ascii_case("berserker-first");
        Ok(Some(match (kind, args.len()) {
            ("blocks", 2) => Pending::Blocks {
                faction: faction()?,
                left: n("shire count")?,
            },
            ("choose-deck", 2) => Pending::ChooseDeck {
                faction: faction()?,
                left: n("card count")?,
            },
            ("rebellion", 2) => Pending::Rebellion {
                faction: faction()?,
                shire: parse_shire(args[1])?,
            },
            ("hits", 2) | ("hits", 3) if args.len() == 2 || flagged => Pending::Hits {
                faction: faction()?,
                hits: n("hit count")?,
                berserker_first: flagged,
            },
            ("leader-retreat", 2) | ("leader-retreat", 3) if args.len() == 2 || flagged => {
                Pending::LeaderRetreat {
                    faction: faction()?,
                    hits: n("hit count")?,
                    berserker_first: flagged,
                }
            }
            ("flee", 2) => Pending::Flee {
                faction: faction()?,
                left: n("unit count")?,
            },
            ("command", 2) => Pending::Command {
                faction: faction()?,
                left: n("unit count")?,
            },
            _ => return Ok(None),
        }))
    };
    read().transpose()
}

fn parse_finish(rest: &str) -> Result<Option<Finish>, String> {
    let winner = |v: &str| parse_side(v).ok();
    Ok(
        finish_fields(rest, winner, "english|viking")?.map(|(winner, result, detail)| Finish {
            winner,
            result,
            detail,
        }),
    )
}

/// Shires joined by `,`.
const SHIRES: ListOf = ListOf {
    seps: &[','],
    max: MAX_PARTS,
    items: "shires",
    item: "shire",
};

/// `-`, or shires joined by `,`.
fn parse_shire_list(tok: &str) -> Result<Vec<AreaId>, String> {
    if tok.is_empty() || tok == "-" {
        return Ok(Vec::new());
    }
    SHIRES.read(tok, parse_shire)
}

fn parse_stage(tok: &str) -> Result<Stage, String> {
    let lower = tok.to_ascii_lowercase();
    STAGES
        .iter()
        .find(|(_, n)| *n == lower)
        .map(|(s, _)| *s)
        .ok_or_else(|| {
            let names: Vec<&str> = STAGES.iter().map(|(_, n)| *n).collect();
            format!(
                "unknown stage '{tok}' (expected one of {})",
                names.join(", ")
            )
        })
}

fn parse_bits(tok: &str, names: &[&str], width: u32, what: &str) -> Result<u32, String> {
    let mut bits = 0u32;
    if tok.is_empty() || tok == "-" {
        return Ok(0);
    }
    for part in tok.split(',') {
        let lower = part.to_ascii_lowercase();
        let bit = match names.iter().position(|n| !n.is_empty() && *n == lower) {
            Some(i) => i as u32,
            None => match number::<u32>(part, what) {
                Ok(i) if i < width => i,
                _ => {
                    let known: Vec<&str> =
                        names.iter().copied().filter(|n| !n.is_empty()).collect();
                    return Err(format!(
                        "unknown {what} '{part}' (expected {})",
                        known.join(", ")
                    ));
                }
            },
        };
        if bits & (1 << bit) != 0 {
            return Err(format!("{what} '{part}' given twice"));
        }
        bits |= 1 << bit;
    }
    Ok(bits)
}

fn parse_shire_bits(tok: &str) -> Result<u64, String> {
    let mut bits = 0u64;
    if tok.is_empty() || tok == "-" {
        return Ok(0);
    }
    for part in tok.split(',') {
        let i = if !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()) {
            match part.parse::<u16>() {
                Ok(i) if i < 64 => i,
                _ => return Err(format!("bad shire number '{part}' (at most 63)")),
            }
        } else {
            parse_shire(part)?.0
        };
        if i >= 64 {
            return Err(format!("shire '{part}' cannot be blocked (ids above 63)"));
        }
        if bits & (1 << i) != 0 {
            return Err(format!("shire '{part}' given twice"));
        }
        bits |= 1 << i;
    }
    Ok(bits)
}

fn parse_effects(words: &[&str]) -> Result<TurnEffects, String> {
    if let [none] = words {
        if none.eq_ignore_ascii_case("none") {
            return Ok(TurnEffects::default());
        }
    }
    let spec = FieldSpec::new(
        &["forced-march", "blocked", "rebellion"],
        &["shield-wall", "danegeld", "viking-ships"],
    );
    let fields = Fields::read(words, &spec)?;
    Ok(TurnEffects {
        shield_wall: fields.has("shield-wall"),
        danegeld: fields.has("danegeld"),
        blocked: fields.get("blocked").map_or(Ok(0), parse_shire_bits)?,
        viking_ships: fields.has("viking-ships"),
        forced_march: fields.get("forced-march").map(parse_faction).transpose()?,
        rebellion: fields.get("rebellion").map(parse_shire).transpose()?,
    })
}

/// Reads a position written by [`super::format_position`] (or by hand: blank lines and
/// lines starting with `#` are skipped; case does not matter outside quoted texts; lines
/// left out take their defaults), and refuses it if it breaks the rules
/// ([`position_check`]). The state's chance stream is seeded with `seed`.
pub fn parse_position(text: &str, seed: u64) -> Result<V878State, NotationError> {
    let state = read_position(text, seed)?;
    position_check::check(&state).map_err(NotationError::new)?;
    Ok(state)
}

/// Lines that appear at most once.
const SINGLE: [&str; 14] = [
    "scenario", "options", "round", "order", "phase", "budget", "effects", "invasion", "fyrd",
    "markers", "raiders", "battle", "pending", "finish",
];

/// Reads a position without checking it against the rules (the notation alone).
pub fn read_position(text: &str, seed: u64) -> Result<V878State, NotationError> {
    let lines = Lines::read(text, HEADER)?;
    let mut r = Reader::new(seed);
    let mut once = Once::default();
    for line in &lines.lines {
        if SINGLE.contains(&line.key.as_str()) {
            once.check(line)?;
        }
        r.line(line)?;
    }
    let scenario = lines.required(r.scenario, "scenario")?;
    let phase = lines.required(r.phase, "phase")?;
    let battle = match &r.battle_line {
        None => None,
        Some(line) => parse_battle(&r.state.leaders, &line.list()).map_err(|e| line.fault(e))?,
    };
    for line in &r.shifted {
        let (card, shifted) = parse_shifted_line(&line.list()).map_err(|e| line.fault(e))?;
        let Some(l) = r.state.leaders.iter_mut().find(|l| l.card == card) else {
            let e = format!("Leader {} has no 'leader' line", leader_name(card));
            return Err(line.fault(e).into());
        };
        if !l.shifted.is_empty() {
            let e = format!("'shifted {}' given twice", leader_name(card));
            return Err(line.fault(e).into());
        }
        l.shifted = shifted;
    }
    let total = data().scenarios().get(scenario as usize);
    let mut state = r.state;
    state.options.scenario = scenario;
    state.phase = phase;
    state.battle = battle;
    state.markers = r
        .markers
        .unwrap_or_else(|| total.map_or(0, |s| s.markers.total));
    Ok(state)
}

/// The lines read so far, into a state with every default.
struct Reader<'t> {
    state: V878State,
    scenario: Option<u8>,
    phase: Option<Phase>,
    markers: Option<u8>,
    factions: [bool; 4],
    troops: [Vec<bool>; 2],
    battle_line: Option<Line<'t>>,
    /// `shifted` lines, applied once every Leader is read.
    shifted: Vec<Line<'t>>,
}

impl<'t> Reader<'t> {
    fn new(seed: u64) -> Reader<'t> {
        let shires = data().shires().len();
        let faction = || FactionState {
            hand: Hidden(Vec::new()),
            deck: Hidden(Vec::new()),
            discard: Vec::new(),
            treaty_played: false,
            stock: 0,
            fled: 0,
        };
        let state = V878State {
            options: V878Options {
                scenario: 0,
                share_allied_hands: false,
                printed_decks: false,
            },
            round: 1,
            order: Vec::new(),
            phase: Phase::Setup,
            factions: std::array::from_fn(|_| faction()),
            map: vec![[0; 5]; shires],
            moved: vec![[0; 5]; shires],
            leaders: Vec::new(),
            invasion: Hidden(Vec::new()),
            invasion_drawn: Vec::new(),
            fyrd_deck: Hidden(Vec::new()),
            fyrd_discard: Vec::new(),
            fyrd_stock: 0,
            marked: vec![false; shires],
            raiders: [0; 5],
            plundered: 0,
            markers: 0,
            budget: None,
            effects: TurnEffects::default(),
            battle: None,
            pending: Vec::new(),
            finish: None,
            chance: Chance::new(seed),
        };
        Reader {
            state,
            scenario: None,
            phase: None,
            markers: None,
            factions: [false; 4],
            troops: [vec![false; shires], vec![false; shires]],
            battle_line: None,
            shifted: Vec::new(),
        }
    }

    fn line(&mut self, line: &Line<'t>) -> Result<(), LineFault> {
        let words = line.list();
        let at = |e: String| line.fault(e);
        let st = &mut self.state;
        match line.key.as_str() {
            "scenario" => self.scenario = Some(read_scenario(line.rest).map_err(at)?),
            "options" => read_options(&words, &mut st.options).map_err(at)?,
            "round" => st.round = read_round(&words).map_err(at)?,
            "order" => st.order = read_order(&words).map_err(at)?,
            "phase" => self.phase = Some(read_phase(&words).map_err(at)?),
            "budget" => st.budget = parse_budget(&words).map_err(at)?,
            "effects" => st.effects = parse_effects(&words).map_err(at)?,
            "faction" => self.faction(line, &words)?,
            "leader" => self.leader(line, &words)?,
            "invasion" => read_invasion(&words, st).map_err(at)?,
            "fyrd" => read_fyrd(&words, st).map_err(at)?,
            "markers" => self.markers = read_markers(&words, st).map_err(at)?,
            "raiders" => st.raiders = read_raiders(&words).map_err(at)?,
            "battle" => self.battle_line = Some(line.clone()),
            "shifted" => self.shifted.push(line.clone()),
            "pending" => st.pending = read_pending(line.rest).map_err(at)?,
            "finish" => st.finish = parse_finish(line.rest).map_err(at)?,
            "troops" | "moved" => self.troops(line, &words)?,
            _ => {
                return Err(at(format!(
                    "unknown line '{}' (expected scenario, options, round, order, phase, \
                     budget, effects, faction, leader, shifted, invasion, fyrd, markers, \
                     raiders, battle, pending, finish, troops or moved)",
                    line.text
                )))
            }
        }
        Ok(())
    }

    fn faction(&mut self, line: &Line, words: &[&str]) -> Result<(), LineFault> {
        let (f, fs) = parse_faction_line(words).map_err(|e| line.fault(e))?;
        if std::mem::replace(&mut self.factions[f as usize], true) {
            return Err(line.fault(format!("faction '{}' given twice", f.key())));
        }
        self.state.factions[f as usize] = fs;
        Ok(())
    }

    fn leader(&mut self, line: &Line, words: &[&str]) -> Result<(), LineFault> {
        let l = parse_leader_line(words).map_err(|e| line.fault(e))?;
        let leaders = &mut self.state.leaders;
        if leaders.iter().any(|o| o.card == l.card) {
            let e = format!("Leader {} is listed twice", leader_name(l.card));
            return Err(line.fault(e));
        }
        if leaders.len() > u8::MAX as usize {
            return Err(line.fault("too many Leaders"));
        }
        leaders.push(l);
        Ok(())
    }

    /// A `troops` or `moved` line: one per shire.
    fn troops(&mut self, line: &Line, words: &[&str]) -> Result<(), LineFault> {
        let key = &line.key;
        let Some((shire, kinds)) = words.split_first() else {
            return Err(line.fault(format!("expected '{key} SHIRE KIND=N ...'")));
        };
        let s = parse_shire(shire).map_err(|e| line.fault(e))?.0 as usize;
        let moved = key == "moved";
        let rows = if moved {
            &mut self.state.moved
        } else {
            &mut self.state.map
        };
        let (Some(row), Some(was)) = (rows.get_mut(s), self.troops[moved as usize].get_mut(s))
        else {
            return Err(line.fault(format!("unknown shire '{shire}'")));
        };
        if std::mem::replace(was, true) {
            return Err(line.fault(format!("'{key} {shire}' given twice")));
        }
        *row = parse_troops(kinds).map_err(|e| line.fault(e))?;
        Ok(())
    }
}

fn read_scenario(rest: &str) -> Result<u8, String> {
    let scenarios = data().scenarios();
    let index = scenarios
        .iter()
        .position(|s| s.id.eq_ignore_ascii_case(rest));
    let ids: Vec<&str> = scenarios.iter().map(|s| s.id.as_str()).collect();
    let Some(index) = index else {
        return Err(format!(
            "unknown scenario '{rest}' (expected one of {})",
            ids.join(", ")
        ));
    };
    u8::try_from(index).map_err(|_| "too many scenarios".to_string())
}

/// `key=value` with one of two values (any case), `default` when the key is left out.
fn choice(fields: &Fields, key: &str, no: &str, yes: &str) -> Result<bool, String> {
    match fields.get(key).map(|v| v.to_ascii_lowercase()) {
        None => Ok(false),
        Some(v) if v == no => Ok(false),
        Some(v) if v == yes => Ok(true),
        Some(v) => Err(format!("bad {key} '{v}' (expected {no} or {yes})")),
    }
}

fn read_options(words: &[&str], options: &mut V878Options) -> Result<(), String> {
    let fields = Fields::read(words, &FieldSpec::new(&["hands", "decks"], &[]))?;
    options.printed_decks = choice(&fields, "decks", "known", "printed")?;
    options.share_allied_hands = choice(&fields, "hands", "secret", "shared")?;
    Ok(())
}

fn read_round(words: &[&str]) -> Result<u8, String> {
    let [r] = words[..] else {
        return Err("expected 'round N'".to_string());
    };
    number(r, "round")
}

fn is_none(words: &[&str]) -> bool {
    words.len() == 1 && words[0].eq_ignore_ascii_case("none")
}

fn read_order(words: &[&str]) -> Result<Vec<Faction>, String> {
    let mut order = Vec::new();
    if is_none(words) {
        return Ok(order);
    }
    for w in words {
        let f = parse_faction(w)?;
        if order.contains(&f) {
            return Err(format!("faction '{}' twice in the order", f.key()));
        }
        order.push(f);
    }
    Ok(order)
}

fn read_phase(words: &[&str]) -> Result<Phase, String> {
    let [p] = words[..] else {
        return Err("expected 'phase NAME'".to_string());
    };
    Phase::from_name(&p.to_ascii_lowercase()).ok_or_else(|| {
        let names: Vec<&str> = Phase::ALL.iter().map(|p| p.name()).collect();
        format!("unknown phase '{p}' (expected one of {})", names.join(", "))
    })
}

fn read_invasion(words: &[&str], st: &mut V878State) -> Result<(), String> {
    let fields = Fields::read(words, &FieldSpec::new(&["deck", "drawn"], &[]))?;
    *st.invasion = fields.read_or("deck", Vec::new(), parse_cards)?;
    st.invasion_drawn = fields.read_or("drawn", Vec::new(), parse_cards)?;
    Ok(())
}

fn read_fyrd(words: &[&str], st: &mut V878State) -> Result<(), String> {
    let spec = FieldSpec::new(&["deck", "discard", "stock"], &[]);
    let fields = Fields::read(words, &spec)?;
    *st.fyrd_deck = fields.read_or("deck", Vec::new(), parse_cards)?;
    st.fyrd_discard = fields.read_or("discard", Vec::new(), parse_cards)?;
    st.fyrd_stock = fields.read_or("stock", 0, |v| number(v, "Fyrd stock"))?;
    Ok(())
}

/// The markers line; the total when it is given.
fn read_markers(words: &[&str], st: &mut V878State) -> Result<Option<u8>, String> {
    let spec = FieldSpec::new(&["total", "on", "plundered"], &[]);
    let fields = Fields::read(words, &spec)?;
    let total = fields
        .get("total")
        .map(|t| number(t, "marker total"))
        .transpose()?;
    st.plundered = fields.read_or("plundered", 0, |p| number(p, "plundered count"))?;
    for s in parse_shire_list(fields.get("on").unwrap_or("-"))? {
        if let Some(m) = st.marked.get_mut(s.0 as usize) {
            if std::mem::replace(m, true) {
                return Err(format!("shire '{}' marked twice", shire_text(s)));
            }
        }
    }
    Ok(total)
}

fn read_raiders(words: &[&str]) -> Result<Troops, String> {
    if is_none(words) {
        return Ok([0; 5]);
    }
    parse_troops(words)
}

fn read_pending(rest: &str) -> Result<Vec<Pending>, String> {
    if rest.eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    rest.split(';').map(parse_pending).collect()
}
