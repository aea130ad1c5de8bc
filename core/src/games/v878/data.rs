//! The embedded data files of 878 Vikings (map, cards and components, scenarios),
//! parsed once and checked when first used.
//!
//! Most of the board and many card values are house fills of the rules brief (ids G1-G11);
//! they live in `data/v878/*.json` so that the printed values can replace them without
//! touching code. The checks below hold the data to the shape the rules rely on.

use crate::board::area::{AreaGraph, AreaId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::OnceLock;

const MAP_JSON: &str = include_str!("../../../data/v878/map.json");
const CARDS_JSON: &str = include_str!("../../../data/v878/cards.json");
const SCENARIOS_JSON: &str = include_str!("../../../data/v878/scenarios.json");

/// Shires on the board (brief §2.5).
pub const SHIRE_COUNT: u16 = 40;
/// City Shires, one per Victory Track space and Viking Control Marker.
pub const CITY_COUNT: u8 = 17;
/// Marsh Shires: the Fens and the two Somerset marshes.
pub const MARSH_COUNT: u8 = 3;
/// Shires on the coast of at least one sea.
pub const COASTAL_COUNT: u8 = 24;
/// Faction cards 01-19.
pub const FACTION_CARDS: u8 = 19;
/// Cards in a faction's Draw Deck.
pub const DECK_SIZE: u8 = 12;
/// Faces of every battle die.
pub const DIE_FACES: u8 = 6;
/// Fyrd cards 01-16.
pub const FYRD_CARD_COUNT: u8 = 16;
/// Viking Invasion (leader) cards 01-07.
pub const INVASION_CARD_COUNT: u8 = 7;
/// The Round Track runs I-VII.
pub const MAX_ROUNDS: u8 = 7;

/// The two sides of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    English,
    Viking,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::English, Side::Viking];

    pub fn other(self) -> Side {
        match self {
            Side::English => Side::Viking,
            Side::Viking => Side::English,
        }
    }
    /// The side's two factions, English first as in `Faction::ALL`.
    pub fn factions(self) -> [Faction; 2] {
        match self {
            Side::English => [Faction::Housecarl, Faction::Thegn],
            Side::Viking => [Faction::Norsemen, Faction::Berserker],
        }
    }
    pub fn key(self) -> &'static str {
        match self {
            Side::English => "english",
            Side::Viking => "viking",
        }
    }
    pub fn from_key(key: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|s| s.key() == key)
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::English => "English",
            Side::Viking => "Vikings",
        }
    }
}

/// The four factions, always all played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Faction {
    Housecarl,
    Thegn,
    Norsemen,
    Berserker,
}

impl Faction {
    pub const ALL: [Faction; 4] = [
        Faction::Housecarl,
        Faction::Thegn,
        Faction::Norsemen,
        Faction::Berserker,
    ];

    pub fn side(self) -> Side {
        match self {
            Faction::Housecarl | Faction::Thegn => Side::English,
            Faction::Norsemen | Faction::Berserker => Side::Viking,
        }
    }
    /// The allied faction of the same side.
    pub fn ally(self) -> Faction {
        match self {
            Faction::Housecarl => Faction::Thegn,
            Faction::Thegn => Faction::Housecarl,
            Faction::Norsemen => Faction::Berserker,
            Faction::Berserker => Faction::Norsemen,
        }
    }
    pub fn key(self) -> &'static str {
        match self {
            Faction::Housecarl => "housecarl",
            Faction::Thegn => "thegn",
            Faction::Norsemen => "norsemen",
            Faction::Berserker => "berserker",
        }
    }
    pub fn from_key(key: &str) -> Option<Faction> {
        Faction::ALL.into_iter().find(|f| f.key() == key)
    }
    pub fn name(self) -> &'static str {
        match self {
            Faction::Housecarl => "Housecarl",
            Faction::Thegn => "Thegn",
            Faction::Norsemen => "Norsemen",
            Faction::Berserker => "Berserker",
        }
    }
    /// Colour of the faction's units, cube and card edges.
    pub fn colour(self) -> &'static str {
        match self {
            Faction::Housecarl => "blue",
            Faction::Thegn => "green",
            Faction::Norsemen => "black",
            Faction::Berserker => "red",
        }
    }
}

/// A set of factions, as the edge colours of an Event card.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct FactionSet(u8);

impl FactionSet {
    pub const EMPTY: FactionSet = FactionSet(0);

    pub fn of(factions: &[Faction]) -> FactionSet {
        factions
            .iter()
            .fold(FactionSet::EMPTY, |set, &f| set.with(f))
    }
    pub fn with(self, f: Faction) -> FactionSet {
        FactionSet(self.0 | (1 << f as u8))
    }
    pub fn contains(self, f: Faction) -> bool {
        self.0 & (1 << f as u8) != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn len(self) -> u8 {
        self.0.count_ones() as u8
    }
    /// Members in `Faction::ALL` order.
    pub fn iter(self) -> impl Iterator<Item = Faction> {
        Faction::ALL.into_iter().filter(move |&f| self.contains(f))
    }
}

/// The four kingdoms of the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kingdom {
    Northumbria,
    Mercia,
    EastAnglia,
    Wessex,
}

impl Kingdom {
    pub const ALL: [Kingdom; 4] = [
        Kingdom::Northumbria,
        Kingdom::Mercia,
        Kingdom::EastAnglia,
        Kingdom::Wessex,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Kingdom::Northumbria => "northumbria",
            Kingdom::Mercia => "mercia",
            Kingdom::EastAnglia => "east_anglia",
            Kingdom::Wessex => "wessex",
        }
    }
    pub fn from_key(key: &str) -> Option<Kingdom> {
        Kingdom::ALL.into_iter().find(|k| k.key() == key)
    }
}

/// The four seas, which leader cards name as invasion routes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sea {
    North,
    Channel,
    Irish,
    Severn,
}

impl Sea {
    pub const ALL: [Sea; 4] = [Sea::North, Sea::Channel, Sea::Irish, Sea::Severn];

    pub fn key(self) -> &'static str {
        match self {
            Sea::North => "north",
            Sea::Channel => "channel",
            Sea::Irish => "irish",
            Sea::Severn => "severn",
        }
    }
    pub fn from_key(key: &str) -> Option<Sea> {
        Sea::ALL.into_iter().find(|s| s.key() == key)
    }
}

/// One face of a battle die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Face {
    Hit,
    Command,
    Flee,
    /// Fyrd dice only: no effect.
    Blank,
}

/// The phase an Event card is played in. Movement and Battle events may also be played in
/// the Leader Phase when a Leader moves or battles (§8.0): that is a rule, not data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Window {
    Reinforcements,
    Movement,
    Battle,
}

/// Every event type on the faction cards. `P*` variants are placeholders of the brief for
/// cards whose text is unknown (G9); `V878Data::event_info` says which are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    Rebellion,
    SaxonNavy,
    Danegeld,
    Archers,
    ReligiousConversion,
    Spy,
    Ambush,
    FeignedRetreat,
    ShieldWall,
    VikingShips,
    VikingFort,
    SurpriseAttack,
    PForcedMarch,
    PBurh,
    PLevy,
    PSaxonShieldWall,
    PNorseReinforcements,
    PBerserkerReinforcements,
    PBattleFrenzy,
}

impl Event {
    pub const ALL: [Event; 19] = [
        Event::Rebellion,
        Event::SaxonNavy,
        Event::Danegeld,
        Event::Archers,
        Event::ReligiousConversion,
        Event::Spy,
        Event::Ambush,
        Event::FeignedRetreat,
        Event::ShieldWall,
        Event::VikingShips,
        Event::VikingFort,
        Event::SurpriseAttack,
        Event::PForcedMarch,
        Event::PBurh,
        Event::PLevy,
        Event::PSaxonShieldWall,
        Event::PNorseReinforcements,
        Event::PBerserkerReinforcements,
        Event::PBattleFrenzy,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Event::Rebellion => "rebellion",
            Event::SaxonNavy => "saxon_navy",
            Event::Danegeld => "danegeld",
            Event::Archers => "archers",
            Event::ReligiousConversion => "religious_conversion",
            Event::Spy => "spy",
            Event::Ambush => "ambush",
            Event::FeignedRetreat => "feigned_retreat",
            Event::ShieldWall => "shield_wall",
            Event::VikingShips => "viking_ships",
            Event::VikingFort => "viking_fort",
            Event::SurpriseAttack => "surprise_attack",
            Event::PForcedMarch => "p_forced_march",
            Event::PBurh => "p_burh",
            Event::PLevy => "p_levy",
            Event::PSaxonShieldWall => "p_saxon_shield_wall",
            Event::PNorseReinforcements => "p_norse_reinforcements",
            Event::PBerserkerReinforcements => "p_berserker_reinforcements",
            Event::PBattleFrenzy => "p_battle_frenzy",
        }
    }
    pub fn from_key(key: &str) -> Option<Event> {
        Event::ALL.into_iter().find(|e| e.key() == key)
    }
}

/// What a faction card does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardKind {
    /// Card 01, Treaty of Wedmore: played as a Movement card, then laid face up (§7.1).
    Treaty { armies: u8, shires: u8 },
    /// Cards 02-07: at most `armies` armies, each moving at most `shires` shires.
    Movement { armies: u8, shires: u8 },
    /// Cards 08-19: playable in `window`, in the Turn of a faction in `edges`.
    Event {
        event: Event,
        window: Window,
        edges: FactionSet,
    },
}

impl CardKind {
    /// Treaty and Movement cards both count as the Turn's Movement card (§2.4).
    pub fn is_movement(self) -> bool {
        matches!(self, CardKind::Treaty { .. } | CardKind::Movement { .. })
    }
    pub fn is_treaty(self) -> bool {
        matches!(self, CardKind::Treaty { .. })
    }
    /// (armies, shires) of a Treaty or Movement card.
    pub fn movement(self) -> Option<(u8, u8)> {
        match self {
            CardKind::Treaty { armies, shires } | CardKind::Movement { armies, shires } => {
                Some((armies, shires))
            }
            CardKind::Event { .. } => None,
        }
    }
    pub fn event(self) -> Option<Event> {
        match self {
            CardKind::Event { event, .. } => Some(event),
            _ => None,
        }
    }
}

/// One faction card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    pub faction: Faction,
    pub number: u8,
    pub kind: CardKind,
}

/// Name and placeholder status of an event type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventInfo {
    pub name: String,
    /// Made up by the brief to stand for an unknown card text (name starts "P-").
    pub placeholder: bool,
    /// The card-clarification item of the brief giving a known event's text.
    pub item: Option<u8>,
}

/// A kind of battle die: how many a faction owns (its cap per roll) and its six faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dice {
    pub owned: u8,
    pub faces: [Face; 6],
}

impl Dice {
    /// How many faces show `face`.
    pub fn count(&self, face: Face) -> u8 {
        self.faces.iter().filter(|&&f| f == face).count() as u8
    }
}

/// Units of the two English factions (reinforcement pictures, set-up icons).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EnglishUnits {
    pub housecarl: u8,
    pub thegn: u8,
}

impl EnglishUnits {
    /// The count for `faction`; always 0 for a Viking faction.
    pub fn get(self, faction: Faction) -> u8 {
        match faction {
            Faction::Housecarl => self.housecarl,
            Faction::Thegn => self.thegn,
            _ => 0,
        }
    }
    pub fn total(self) -> u8 {
        self.housecarl + self.thegn
    }
}

/// An Old English name as printed (or proposed) and its modern equivalent.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Naming {
    pub name: String,
    pub modern: String,
}

/// One shire of the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shire {
    /// Stable ASCII id, also the shire's name in the `AreaGraph`.
    pub id: String,
    /// Printed name (capitals for cities) or proposed Old English label.
    pub name: String,
    pub modern: String,
    pub kingdom: Kingdom,
    pub city: bool,
    pub marsh: bool,
    /// Seas the shire is on the coast of; empty inland.
    pub seas: Vec<Sea>,
    /// Units pictured for reinforcement; all zero unless a Reinforcement City.
    pub reinforcements: EnglishUnits,
    /// English set-up icons.
    pub setup: EnglishUnits,
}

impl Shire {
    pub fn is_coastal(&self) -> bool {
        !self.seas.is_empty()
    }
    pub fn is_reinforcement_city(&self) -> bool {
        self.city && self.reinforcements.total() > 0
    }
}

/// The back letter of an invasion card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Back {
    A,
    B,
    C,
}

/// Where an invasion card's units come in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Invade {
    /// The leader lands on a shire on this sea's coast.
    Sea(Sea),
    /// The leader lands on any coastal shire.
    AnyCoast,
    /// Card 04: no leader; the units go on leader cards on the map or Viking-held coastal
    /// shires.
    Reinforcements,
}

/// One Viking Invasion card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvasionCard {
    pub number: u8,
    pub back: Back,
    pub title: String,
    /// None for the leaderless Viking Reinforcements card.
    pub leader: Option<String>,
    pub norsemen: u8,
    pub berserker: u8,
    pub invade: Invade,
    /// A house fill of the brief (G10), not a known card.
    pub fill: bool,
}

/// Alfred's Army card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct AlfredArmy {
    pub housecarl: u8,
    pub thegn: u8,
    /// The Round in whose first English Turn he arrives in the standard game.
    pub arrives_round: u8,
}

impl AlfredArmy {
    pub fn get(self, faction: Faction) -> u8 {
        match faction {
            Faction::Housecarl => self.housecarl,
            Faction::Thegn => self.thegn,
            _ => 0,
        }
    }
}

/// How each faction's Draw Deck is made.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DeckRule {
    /// The deck of this name in cards.json, per faction.
    Named { name: String },
    /// The same card numbers for every faction.
    Same { cards: Vec<u8> },
    /// The Advanced Setup: `fixed` plus any `choose` of `from`; `default` names the deck
    /// used when no choice is made.
    Choice {
        fixed: Vec<u8>,
        choose: u8,
        from: Vec<u8>,
        default: String,
    },
}

impl DeckRule {
    /// Whether a faction's chosen deck obeys the rule (Named/Same: exactly those cards).
    pub fn allows(&self, data: &V878Data, faction: Faction, deck: &[u8]) -> bool {
        let mut got = deck.to_vec();
        got.sort_unstable();
        match self {
            DeckRule::Named { name } => data.deck(name, faction).is_some_and(|d| {
                let mut want = d.to_vec();
                want.sort_unstable();
                want == got
            }),
            DeckRule::Same { cards } => {
                let mut want = cards.clone();
                want.sort_unstable();
                want == got
            }
            DeckRule::Choice {
                fixed,
                choose,
                from,
                ..
            } => {
                let mut seen = BTreeSet::new();
                got.iter().all(|n| seen.insert(*n))
                    && fixed.iter().all(|n| seen.contains(n))
                    && got.iter().filter(|n| from.contains(n)).count() == *choose as usize
                    && got.iter().all(|n| fixed.contains(n) || from.contains(n))
            }
        }
    }
}

/// Which set-up icons a scenario uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnglishSetup {
    /// Only icons in this kingdom (None: all).
    pub kingdom: Option<Kingdom>,
    /// Icons in these shires are not used.
    pub exclude: Vec<AreaId>,
}

/// The units each English faction adds after the icons (Setup 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct ExtraUnits {
    pub count: u8,
    /// Only in this kingdom (None: anywhere).
    pub kingdom: Option<Kingdom>,
    pub reinforcement_cities_only: bool,
    pub english_controlled_only: bool,
    /// May also go on Alfred's card.
    pub alfred_card: bool,
}

/// A range of Fyrd card numbers, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct FyrdRange {
    pub from: u8,
    pub to: u8,
}

impl FyrdRange {
    pub fn contains(self, n: u8) -> bool {
        (self.from..=self.to).contains(&n)
    }
    pub fn numbers(self) -> impl Iterator<Item = u8> {
        self.from..=self.to
    }
}

/// A Viking leader card laid on the map at set-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartLeader {
    /// Invasion card number; its units go on it.
    pub card: u8,
    pub shire: AreaId,
}

/// When and where Alfred enters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AlfredRule {
    /// With the first English Turn of this Round (§2.2).
    Arrives { round: u8 },
    /// Not in this scenario.
    Absent,
    /// On the map from set-up, in one of these shires.
    Starts { shires: Vec<AreaId> },
}

/// The Viking Control Markers at set-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Markers {
    pub total: u8,
    /// Spaces 1..=track of the Victory Track hold a marker.
    pub track: u8,
    /// Shires holding a marker.
    pub map: Vec<AreaId>,
}

/// Who may enter Marsh Shires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarshAccess {
    None,
    English,
    All,
}

impl MarshAccess {
    pub fn allows(self, side: Side) -> bool {
        match self {
            MarshAccess::None => false,
            MarshAccess::English => side == Side::English,
            MarshAccess::All => true,
        }
    }
}

/// Extra English units per controlled City Shire each English Reinforcements Phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct CityIncome {
    pub per_city: u8,
    /// Count only cities of the scenario's movement region.
    pub region_only: bool,
}

/// The army each Viking faction receives per Turn in a raid scenario.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct RaidArmy {
    pub norsemen: u8,
    pub berserker: u8,
    /// It must first land on a shire on one of these coasts.
    pub enter_from: Vec<Sea>,
    /// It takes one of the Movement card's armies.
    pub uses_army_slot: bool,
    /// Landing costs one shire move.
    pub landing_costs_move: bool,
}

/// Viking income without invasions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct VikingIncome {
    /// Berserker units on each Berserker Turn.
    pub berserker_per_turn: u8,
    /// Norsemen units per Viking-held City Shire on each Norsemen Turn.
    pub norsemen_per_city: u8,
    pub to_leader_card: bool,
    pub to_viking_shires: bool,
}

/// How a scenario is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum Victory {
    /// §7: conquest at `conquest_markers`, English at none on the map; the Treaty test
    /// from `treaty_from_round` with `treaty_markers` for the Vikings.
    Standard {
        conquest_markers: u8,
        treaty_markers: u8,
        treaty_from_round: u8,
    },
    /// Northumbrian Raids: the Vikings must pull `markers` by the last Round.
    Plunder { markers: u8 },
    /// Alfred's Gambit: `markers_at_end` on the map after the last Round; all on the map or
    /// all on the track at any Round's end; a defeated Leader loses at once.
    Gambit { markers_at_end: u8 },
}

/// One way to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    pub id: String,
    pub name: String,
    /// One line for the list of scenarios, in our words.
    pub summary: String,
    pub year: u16,
    pub rounds: u8,
    pub first_turn: Faction,
    pub deck: DeckRule,
    pub english_setup: EnglishSetup,
    pub extra_units: ExtraUnits,
    pub fyrd_cards: FyrdRange,
    pub invasion_deck: bool,
    pub start_leader: Option<StartLeader>,
    pub alfred: AlfredRule,
    pub markers: Markers,
    /// Armies may only move into shires of this kingdom.
    pub movement_region: Option<Kingdom>,
    pub marsh_access: MarshAccess,
    pub english_city_income: Option<CityIncome>,
    pub raid_army: Option<RaidArmy>,
    pub viking_income: Option<VikingIncome>,
    /// Markers never go on the map; they are pulled from the track at Round ends.
    pub plunder: bool,
    /// A side may retreat its Leader after rolling, its Hits becoming Flees.
    pub leader_retreat: bool,
    pub alfred_bonus_moves: u8,
    pub saxon_navy_shires: u8,
    pub victory: Victory,
}

impl Scenario {
    /// Whether an army may move into `kingdom` at all.
    pub fn region_allows(&self, kingdom: Kingdom) -> bool {
        self.movement_region.is_none() || self.movement_region == Some(kingdom)
    }
}

/// Everything in the 878 data files, checked.
#[derive(Debug)]
pub struct V878Data {
    graph: AreaGraph,
    shires: Vec<Shire>,
    kingdoms: Vec<Naming>,
    seas: Vec<Naming>,
    by_kingdom: [Vec<AreaId>; 4],
    coasts: [Vec<AreaId>; 4],
    coastal: Vec<AreaId>,
    cities: Vec<AreaId>,
    coastal_cities: Vec<AreaId>,
    reinforcement_cities: Vec<AreaId>,
    /// Folded id, name and modern name of each shire.
    lookup: BTreeMap<String, AreaId>,
    ceolwulf_region: Vec<AreaId>,
    units: [u8; 4],
    fyrd_units: u8,
    dice: [Dice; 4],
    fyrd_dice: Dice,
    events: BTreeMap<Event, EventInfo>,
    /// Cards 01-19 of each faction, card n at n-1.
    cards: [Vec<Card>; 4],
    pairs: Vec<(u8, u8)>,
    decks: BTreeMap<String, [Vec<u8>; 4]>,
    /// Fyrd card n at n-1.
    fyrd_cards: Vec<u8>,
    invasion: Vec<InvasionCard>,
    invasion_order: Vec<Back>,
    alfred: AlfredArmy,
    scenarios: Vec<Scenario>,
}

impl V878Data {
    // --- map ---

    /// The shires as an area graph; `AreaId`s index `shires()`.
    pub fn graph(&self) -> &AreaGraph {
        &self.graph
    }
    pub fn shires(&self) -> &[Shire] {
        &self.shires
    }
    pub fn shire(&self, id: AreaId) -> Option<&Shire> {
        self.shires.get(id.0 as usize)
    }
    /// A shire by id, printed name or modern name, ignoring case, spaces, hyphens and the
    /// Old English letters (Æ = ae, þ = th, long vowels as plain).
    pub fn find(&self, name: &str) -> Option<AreaId> {
        self.lookup.get(&fold(name)).copied()
    }
    /// Every shire id in order.
    pub fn ids(&self) -> impl Iterator<Item = AreaId> {
        self.graph.ids()
    }
    pub fn neighbours(&self, id: AreaId) -> &[AreaId] {
        self.graph.neighbours(id)
    }
    pub fn adjacent(&self, a: AreaId, b: AreaId) -> bool {
        self.graph.adjacent(a, b)
    }
    pub fn kingdom(&self, id: AreaId) -> Option<Kingdom> {
        self.shire(id).map(|s| s.kingdom)
    }
    pub fn kingdom_naming(&self, k: Kingdom) -> &Naming {
        &self.kingdoms[k as usize]
    }
    pub fn sea_naming(&self, s: Sea) -> &Naming {
        &self.seas[s as usize]
    }
    /// The shires of a kingdom, in id order.
    pub fn shires_of(&self, k: Kingdom) -> &[AreaId] {
        &self.by_kingdom[k as usize]
    }
    /// The City Shires of a kingdom, in id order.
    pub fn cities_of(&self, k: Kingdom) -> impl Iterator<Item = AreaId> + '_ {
        self.shires_of(k)
            .iter()
            .copied()
            .filter(|&id| self.is_city(id))
    }
    pub fn is_city(&self, id: AreaId) -> bool {
        self.shire(id).is_some_and(|s| s.city)
    }
    pub fn is_marsh(&self, id: AreaId) -> bool {
        self.shire(id).is_some_and(|s| s.marsh)
    }
    pub fn is_reinforcement_city(&self, id: AreaId) -> bool {
        self.shire(id).is_some_and(Shire::is_reinforcement_city)
    }
    pub fn is_coastal(&self, id: AreaId) -> bool {
        self.shire(id).is_some_and(Shire::is_coastal)
    }
    /// Seas the shire is on the coast of (empty inland or for an unknown id).
    pub fn seas(&self, id: AreaId) -> &[Sea] {
        self.shire(id).map_or(&[], |s| s.seas.as_slice())
    }
    pub fn on_coast(&self, id: AreaId, sea: Sea) -> bool {
        self.seas(id).contains(&sea)
    }
    /// Shires on the coast of `sea`, in id order.
    pub fn coast(&self, sea: Sea) -> &[AreaId] {
        &self.coasts[sea as usize]
    }
    /// Shires on any coast, in id order.
    pub fn coastal_shires(&self) -> &[AreaId] {
        &self.coastal
    }
    pub fn cities(&self) -> &[AreaId] {
        &self.cities
    }
    /// Coastal City Shires: where Viking fled units may re-enter (§2.3).
    pub fn coastal_cities(&self) -> &[AreaId] {
        &self.coastal_cities
    }
    pub fn reinforcement_cities(&self) -> &[AreaId] {
        &self.reinforcement_cities
    }
    pub fn marshes(&self) -> impl Iterator<Item = AreaId> + '_ {
        self.ids().filter(|&id| self.is_marsh(id))
    }
    /// Units of `faction` pictured in the shire for its own Reinforcements Phase.
    pub fn reinforcements(&self, id: AreaId, faction: Faction) -> u8 {
        self.shire(id).map_or(0, |s| s.reinforcements.get(faction))
    }
    /// Sum over all Reinforcement Cities: a faction's income per Round when the English
    /// hold them all.
    pub fn reinforcements_total(&self, faction: Faction) -> u8 {
        self.shires
            .iter()
            .map(|s| s.reinforcements.get(faction))
            .sum()
    }
    /// Set-up icons of `faction` in the shire.
    pub fn setup_units(&self, id: AreaId, faction: Faction) -> u8 {
        self.shire(id).map_or(0, |s| s.setup.get(faction))
    }
    pub fn setup_total(&self, faction: Faction) -> u8 {
        self.shires.iter().map(|s| s.setup.get(faction)).sum()
    }
    /// Set-up icons of `faction` in the shire that the scenario uses.
    pub fn scenario_setup_units(&self, scenario: &Scenario, id: AreaId, faction: Faction) -> u8 {
        let rule = &scenario.english_setup;
        let used = (rule.kingdom.is_none() || rule.kingdom == self.kingdom(id))
            && !rule.exclude.contains(&id);
        if used {
            self.setup_units(id, faction)
        } else {
            0
        }
    }
    /// The Ceolwulf Event Region of the map key (no rule uses it; empty by default).
    pub fn ceolwulf_region(&self) -> &[AreaId] {
        &self.ceolwulf_region
    }

    // --- components ---

    /// Units of a faction in the box.
    pub fn units(&self, faction: Faction) -> u8 {
        self.units[faction as usize]
    }
    pub fn fyrd_units(&self) -> u8 {
        self.fyrd_units
    }
    pub fn dice(&self, faction: Faction) -> &Dice {
        &self.dice[faction as usize]
    }
    pub fn fyrd_dice(&self) -> &Dice {
        &self.fyrd_dice
    }
    pub fn alfred(&self) -> AlfredArmy {
        self.alfred
    }

    // --- faction cards ---

    /// Card `number` (1-19) of a faction.
    pub fn card(&self, faction: Faction, number: u8) -> Option<&Card> {
        let i = (number as usize).checked_sub(1)?;
        self.cards[faction as usize].get(i)
    }
    /// Cards 01-19 of a faction in order.
    pub fn cards(&self, faction: Faction) -> &[Card] {
        &self.cards[faction as usize]
    }
    /// (armies, shires) of a faction's Treaty or Movement card.
    pub fn movement(&self, faction: Faction, number: u8) -> Option<(u8, u8)> {
        self.card(faction, number)?.kind.movement()
    }
    pub fn event_info(&self, event: Event) -> &EventInfo {
        // Every event is checked present when the data is loaded.
        &self.events[&event]
    }
    /// The twin of an event card (n and n+6 are the same event), if any.
    pub fn pair_of(&self, number: u8) -> Option<u8> {
        self.pairs.iter().find_map(|&(a, b)| {
            if a == number {
                Some(b)
            } else if b == number {
                Some(a)
            } else {
                None
            }
        })
    }
    /// A named deck of cards.json (`standard`, `known_text`) for a faction.
    pub fn deck(&self, name: &str, faction: Faction) -> Option<&[u8]> {
        self.decks.get(name).map(|d| d[faction as usize].as_slice())
    }
    pub fn deck_names(&self) -> impl Iterator<Item = &str> {
        self.decks.keys().map(String::as_str)
    }
    /// The deck a faction uses in a scenario when no one chooses (the default of a choice).
    pub fn scenario_deck(&self, scenario: &Scenario, faction: Faction) -> Vec<u8> {
        match &scenario.deck {
            DeckRule::Named { name } | DeckRule::Choice { default: name, .. } => {
                self.deck(name, faction).unwrap_or(&[]).to_vec()
            }
            DeckRule::Same { cards } => cards.clone(),
        }
    }

    // --- Fyrd and invasion cards ---

    /// Fyrd units on Fyrd card `number` (1-16).
    pub fn fyrd_card(&self, number: u8) -> Option<u8> {
        let i = (number as usize).checked_sub(1)?;
        self.fyrd_cards.get(i).copied()
    }
    /// Fyrd values of cards 01-16 in order.
    pub fn fyrd_cards(&self) -> &[u8] {
        &self.fyrd_cards
    }
    /// Invasion card `number` (1-7).
    pub fn invasion_card(&self, number: u8) -> Option<&InvasionCard> {
        let i = (number as usize).checked_sub(1)?;
        self.invasion.get(i)
    }
    pub fn invasion_cards(&self) -> &[InvasionCard] {
        &self.invasion
    }
    /// Order of the shuffled piles from the top of the Invasion Deck (B over C).
    pub fn invasion_order(&self) -> &[Back] {
        &self.invasion_order
    }

    // --- scenarios ---

    pub fn scenarios(&self) -> &[Scenario] {
        &self.scenarios
    }
    pub fn scenario(&self, id: &str) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }
}

/// The 878 data, parsed and checked on first use.
/// A Leader's name by his Invasion card number (0: Alfred the Great).
pub fn leader_name(card: u8) -> String {
    if card == 0 {
        "Alfred the Great".to_string()
    } else {
        data()
            .invasion_card(card)
            .and_then(|c| c.leader.clone())
            .unwrap_or_else(|| format!("Leader {card}"))
    }
}

pub fn data() -> &'static V878Data {
    static DATA: OnceLock<V878Data> = OnceLock::new();
    DATA.get_or_init(|| match load() {
        Ok(d) => d,
        // The data is compiled in and checked by tests; a failure here is a build defect.
        Err(e) => panic!("embedded 878 data is invalid: {e}"),
    })
}

/// Lower-cases and drops all but letters and digits, spelling the Old English letters
/// out in ASCII, so that "UINTANCÆSTIR", "Uintancaestir" and "uintancaestir" agree.
fn fold(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars().flat_map(char::to_lowercase) {
        match c {
            'æ' | 'ǣ' | 'ǽ' => out.push_str("ae"),
            'þ' | 'ð' => out.push_str("th"),
            'ā' | 'á' => out.push('a'),
            'ē' | 'é' => out.push('e'),
            'ī' | 'í' => out.push('i'),
            'ō' | 'ó' | 'ö' => out.push('o'),
            'ū' | 'ú' => out.push('u'),
            'ȳ' | 'ý' => out.push('y'),
            c if c.is_ascii_alphanumeric() => out.push(c),
            _ => {}
        }
    }
    out
}

// --- file shapes ---

#[derive(Deserialize)]
struct MapFile {
    kingdoms: Vec<NamedFile<Kingdom>>,
    seas: Vec<NamedFile<Sea>>,
    shires: Vec<ShireFile>,
    borders: Vec<(String, String)>,
    cities: BTreeMap<String, CityFile>,
    #[serde(default)]
    ceolwulf_region: Vec<String>,
}

#[derive(Deserialize)]
struct NamedFile<T> {
    id: T,
    name: String,
    modern: String,
}

#[derive(Deserialize)]
struct ShireFile {
    id: String,
    name: String,
    modern: String,
    kingdom: Kingdom,
    city: bool,
    marsh: bool,
    seas: Vec<Sea>,
}

#[derive(Deserialize)]
struct CityFile {
    reinforcements: BTreeMap<Faction, u8>,
    setup: BTreeMap<Faction, u8>,
}

#[derive(Deserialize)]
struct CardsFile {
    units: BTreeMap<String, u8>,
    dice: BTreeMap<String, DiceFile>,
    events: BTreeMap<Event, EventFile>,
    pairs: Vec<(u8, u8)>,
    factions: BTreeMap<Faction, FactionFile>,
    decks: BTreeMap<String, BTreeMap<Faction, Vec<u8>>>,
    fyrd_cards: BTreeMap<String, u8>,
    invasion: Vec<InvasionFile>,
    invasion_order: Vec<Back>,
    alfred: AlfredArmy,
}

#[derive(Deserialize)]
struct DiceFile {
    owned: u8,
    faces: Vec<Face>,
}

#[derive(Deserialize)]
struct EventFile {
    name: String,
    placeholder: bool,
    item: Option<u8>,
}

#[derive(Deserialize)]
struct FactionFile {
    colour: String,
    cards: Vec<CardFile>,
}

#[derive(Deserialize)]
struct CardFile {
    n: u8,
    kind: String,
    armies: Option<u8>,
    shires: Option<u8>,
    event: Option<Event>,
    window: Option<Window>,
    edges: Option<Vec<Faction>>,
}

#[derive(Deserialize)]
struct InvasionFile {
    n: u8,
    back: Back,
    title: String,
    leader: Option<String>,
    norsemen: u8,
    berserker: u8,
    invade: String,
    fill: bool,
}

#[derive(Deserialize)]
struct ScenariosFile {
    scenarios: Vec<ScenarioFile>,
}

#[derive(Deserialize)]
struct ScenarioFile {
    id: String,
    name: String,
    summary: String,
    year: u16,
    rounds: u8,
    first_turn: Faction,
    deck: DeckRule,
    english_setup: EnglishSetupFile,
    extra_units: ExtraUnits,
    fyrd_cards: FyrdRange,
    invasion_deck: bool,
    start_leader: Option<StartLeaderFile>,
    alfred: AlfredFile,
    markers: MarkersFile,
    movement_region: Option<Kingdom>,
    marsh_access: MarshAccess,
    english_city_income: Option<CityIncome>,
    raid_army: Option<RaidArmy>,
    viking_income: Option<VikingIncome>,
    plunder: bool,
    leader_retreat: bool,
    alfred_bonus_moves: u8,
    saxon_navy_shires: u8,
    victory: Victory,
}

#[derive(Deserialize)]
struct EnglishSetupFile {
    kingdom: Option<Kingdom>,
    exclude: Vec<String>,
}

#[derive(Deserialize)]
struct StartLeaderFile {
    card: u8,
    shire: String,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum AlfredFile {
    Arrives { round: u8 },
    Absent,
    Starts { shires: Vec<String> },
}

#[derive(Deserialize)]
struct MarkersFile {
    total: u8,
    track: u8,
    map: Vec<String>,
}

fn load() -> Result<V878Data, String> {
    load_from(MAP_JSON, CARDS_JSON, SCENARIOS_JSON)
}

/// Parses and checks the three files; the error names the file and the fault.
fn load_from(map: &str, cards: &str, scenarios: &str) -> Result<V878Data, String> {
    let map: MapFile = serde_json::from_str(map).map_err(|e| format!("map.json: {e}"))?;
    let mut d = load_map(map).map_err(|e| format!("map.json: {e}"))?;
    let cards: CardsFile = serde_json::from_str(cards).map_err(|e| format!("cards.json: {e}"))?;
    load_cards(&mut d, cards).map_err(|e| format!("cards.json: {e}"))?;
    let sf: ScenariosFile =
        serde_json::from_str(scenarios).map_err(|e| format!("scenarios.json: {e}"))?;
    for s in sf.scenarios {
        let id = s.id.clone();
        let s = load_scenario(&d, s).map_err(|e| format!("scenarios.json, {id}: {e}"))?;
        if d.scenario(&s.id).is_some() {
            return Err(format!("scenarios.json: scenario {id} appears twice"));
        }
        d.scenarios.push(s);
    }
    Ok(d)
}

/// Orders `list` by its enum ids, requiring each of `all` exactly once.
fn by_enum<T: Copy + PartialEq + std::fmt::Debug>(
    what: &str,
    list: Vec<NamedFile<T>>,
    all: &[T],
) -> Result<Vec<Naming>, String> {
    if list.len() != all.len() {
        return Err(format!("{} {what}, expected {}", list.len(), all.len()));
    }
    let mut out = Vec::new();
    for want in all {
        let item = list
            .iter()
            .find(|n| n.id == *want)
            .ok_or(format!("{what} lacks {want:?}"))?;
        out.push(Naming {
            name: item.name.clone(),
            modern: item.modern.clone(),
        });
    }
    Ok(out)
}

/// Whether every area of `members` can reach every other without leaving `members`.
fn connected(graph: &AreaGraph, members: &[AreaId]) -> bool {
    let Some(&start) = members.first() else {
        return true;
    };
    let mut seen = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        for &n in graph.neighbours(at) {
            if members.contains(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen.len() == members.len()
}

fn english_units(what: &str, m: &BTreeMap<Faction, u8>) -> Result<EnglishUnits, String> {
    if let Some(f) = m.keys().find(|f| f.side() != Side::English) {
        return Err(format!("{what} names the Viking faction {}", f.key()));
    }
    Ok(EnglishUnits {
        housecarl: m.get(&Faction::Housecarl).copied().unwrap_or(0),
        thegn: m.get(&Faction::Thegn).copied().unwrap_or(0),
    })
}

fn load_map(map: MapFile) -> Result<V878Data, String> {
    let kingdoms = by_enum("kingdoms", map.kingdoms, &Kingdom::ALL)?;
    let seas = by_enum("seas", map.seas, &Sea::ALL)?;

    if map.shires.len() != SHIRE_COUNT as usize {
        return Err(format!(
            "{} shires, the brief has {SHIRE_COUNT}",
            map.shires.len()
        ));
    }
    let names: Vec<String> = map.shires.iter().map(|s| s.id.clone()).collect();
    let index: BTreeMap<&str, AreaId> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), AreaId(i as u16)))
        .collect();
    let id_of = |s: &str| index.get(s).copied().ok_or(format!("unknown shire {s:?}"));

    let mut edges = Vec::new();
    let mut seen = BTreeSet::new();
    for (a, b) in &map.borders {
        let (x, y) = (id_of(a)?, id_of(b)?);
        if x == y {
            return Err(format!("shire {a} borders itself"));
        }
        if !seen.insert((x.min(y), x.max(y))) {
            return Err(format!("border {a}-{b} listed twice"));
        }
        edges.push((x, y));
    }
    let graph = AreaGraph::new(names.clone(), &edges)?;
    // AreaGraph stores both directions; check that it agrees with itself all the same.
    for a in graph.ids() {
        for &b in graph.neighbours(a) {
            if !graph.adjacent(b, a) {
                return Err(format!("border {}-{} is one-way", a.0, b.0));
            }
        }
    }
    let all: Vec<AreaId> = graph.ids().collect();
    if !connected(&graph, &all) {
        return Err("the shires are not all connected".into());
    }

    let mut shires = Vec::new();
    let mut cities_left: BTreeSet<&str> = map.cities.keys().map(String::as_str).collect();
    for s in &map.shires {
        let mut seas_seen = BTreeSet::new();
        if let Some(sea) = s.seas.iter().find(|sea| !seas_seen.insert(**sea)) {
            return Err(format!("{} lists the sea {} twice", s.id, sea.key()));
        }
        if s.city && s.marsh {
            return Err(format!("{} is both a city and a marsh", s.id));
        }
        let (reinforcements, setup) = match map.cities.get(&s.id) {
            Some(c) if s.city => {
                cities_left.remove(s.id.as_str());
                (
                    english_units(&format!("{} reinforcements", s.id), &c.reinforcements)?,
                    english_units(&format!("{} setup", s.id), &c.setup)?,
                )
            }
            Some(_) => return Err(format!("{} has city data but is not a city", s.id)),
            None if s.city => return Err(format!("city {} has no entry in cities", s.id)),
            None => (EnglishUnits::default(), EnglishUnits::default()),
        };
        shires.push(Shire {
            id: s.id.clone(),
            name: s.name.clone(),
            modern: s.modern.clone(),
            kingdom: s.kingdom,
            city: s.city,
            marsh: s.marsh,
            seas: s.seas.clone(),
            reinforcements,
            setup,
        });
    }
    if let Some(c) = cities_left.first() {
        return Err(format!("cities names {c}, which is not a shire"));
    }

    let ids_where = |f: &dyn Fn(&Shire) -> bool| -> Vec<AreaId> {
        shires
            .iter()
            .enumerate()
            .filter(|(_, s)| f(s))
            .map(|(i, _)| AreaId(i as u16))
            .collect()
    };
    let by_kingdom = Kingdom::ALL.map(|k| ids_where(&|s| s.kingdom == k));
    let coasts = Sea::ALL.map(|sea| ids_where(&|s| s.seas.contains(&sea)));
    let coastal = ids_where(&Shire::is_coastal);
    let cities = ids_where(&|s| s.city);
    let coastal_cities = ids_where(&|s| s.city && s.is_coastal());
    let reinforcement_cities = ids_where(&Shire::is_reinforcement_city);
    let marshes = ids_where(&|s| s.marsh);

    for (k, members) in Kingdom::ALL.iter().zip(&by_kingdom) {
        if members.is_empty() {
            return Err(format!("kingdom {} has no shires", k.key()));
        }
        if !connected(&graph, members) {
            return Err(format!("kingdom {} is not connected", k.key()));
        }
    }
    for (sea, coast) in Sea::ALL.iter().zip(&coasts) {
        if coast.is_empty() {
            return Err(format!("no shire is on the coast of the {} sea", sea.key()));
        }
    }
    let counts = [
        ("City Shires", cities.len(), CITY_COUNT as usize),
        ("Marsh Shires", marshes.len(), MARSH_COUNT as usize),
        ("coastal shires", coastal.len(), COASTAL_COUNT as usize),
    ];
    for (what, got, want) in counts {
        if got != want {
            return Err(format!("{got} {what}, the brief has {want}"));
        }
    }
    if reinforcement_cities.is_empty() {
        return Err("no Reinforcement City".into());
    }

    let mut lookup = BTreeMap::new();
    for (i, s) in shires.iter().enumerate() {
        for key in [&s.id, &s.name, &s.modern] {
            let folded = fold(key);
            if folded.is_empty() {
                return Err(format!("{} has an empty name", s.id));
            }
            if let Some(other) = lookup.insert(folded, AreaId(i as u16)) {
                if other.0 as usize != i {
                    return Err(format!(
                        "the name {key:?} of {} also names {}",
                        s.id, shires[other.0 as usize].id
                    ));
                }
            }
        }
    }
    let ceolwulf_region = map
        .ceolwulf_region
        .iter()
        .map(|s| id_of(s))
        .collect::<Result<Vec<_>, _>>()?;

    let no_dice = Dice {
        owned: 0,
        faces: [Face::Blank; 6],
    };
    Ok(V878Data {
        graph,
        shires,
        kingdoms,
        seas,
        by_kingdom,
        coasts,
        coastal,
        cities,
        coastal_cities,
        reinforcement_cities,
        lookup,
        ceolwulf_region,
        units: [0; 4],
        fyrd_units: 0,
        dice: [no_dice; 4],
        fyrd_dice: no_dice,
        events: BTreeMap::new(),
        cards: Default::default(),
        pairs: Vec::new(),
        decks: BTreeMap::new(),
        fyrd_cards: Vec::new(),
        invasion: Vec::new(),
        invasion_order: Vec::new(),
        alfred: AlfredArmy {
            housecarl: 0,
            thegn: 0,
            arrives_round: 0,
        },
        scenarios: Vec::new(),
    })
}

fn load_dice(key: &str, f: &DiceFile, fyrd: bool) -> Result<Dice, String> {
    let faces: [Face; 6] = f
        .faces
        .as_slice()
        .try_into()
        .map_err(|_| format!("{key} dice have {} faces, not {DIE_FACES}", f.faces.len()))?;
    let dice = Dice {
        owned: f.owned,
        faces,
    };
    if dice.owned == 0 {
        return Err(format!("{key} owns no dice"));
    }
    let (banned, needed): (Face, &[Face]) = if fyrd {
        (Face::Command, &[Face::Hit, Face::Flee])
    } else {
        (Face::Blank, &[Face::Hit, Face::Command, Face::Flee])
    };
    if dice.count(banned) > 0 {
        return Err(format!("{key} dice may not show {banned:?}"));
    }
    if let Some(face) = needed.iter().find(|&&face| dice.count(face) == 0) {
        return Err(format!("{key} dice lack a {face:?} face"));
    }
    Ok(dice)
}

fn load_card(faction: Faction, c: &CardFile) -> Result<Card, String> {
    let at = format!("{} card {:02}", faction.key(), c.n);
    let want = match c.n {
        1 => "treaty",
        2..=7 => "movement",
        _ => "event",
    };
    if c.kind != want {
        return Err(format!(
            "{at} is {:?}; card {:02} must be {want}",
            c.kind, c.n
        ));
    }
    let kind = if want == "event" {
        let (Some(event), Some(window), Some(edges)) = (c.event, c.window, &c.edges) else {
            return Err(format!("{at} needs event, window and edges"));
        };
        if edges.is_empty() {
            return Err(format!("{at} has no edge colour"));
        }
        CardKind::Event {
            event,
            window,
            edges: FactionSet::of(edges),
        }
    } else {
        let (Some(armies), Some(shires)) = (c.armies, c.shires) else {
            return Err(format!("{at} needs armies and shires"));
        };
        if armies == 0 || shires == 0 {
            return Err(format!("{at} moves nothing"));
        }
        if want == "treaty" {
            CardKind::Treaty { armies, shires }
        } else {
            CardKind::Movement { armies, shires }
        }
    };
    Ok(Card {
        faction,
        number: c.n,
        kind,
    })
}

fn load_cards(d: &mut V878Data, f: CardsFile) -> Result<(), String> {
    for faction in Faction::ALL {
        d.units[faction as usize] = *f
            .units
            .get(faction.key())
            .ok_or(format!("units lacks {}", faction.key()))?;
    }
    d.fyrd_units = *f.units.get("fyrd").ok_or("units lacks fyrd")?;
    if let Some(k) = f
        .units
        .keys()
        .find(|k| k.as_str() != "fyrd" && Faction::from_key(k).is_none())
    {
        return Err(format!("units names unknown {k}"));
    }

    for faction in Faction::ALL {
        let file = f
            .dice
            .get(faction.key())
            .ok_or(format!("dice lacks {}", faction.key()))?;
        d.dice[faction as usize] = load_dice(faction.key(), file, false)?;
    }
    d.fyrd_dice = load_dice("fyrd", f.dice.get("fyrd").ok_or("dice lacks fyrd")?, true)?;
    for (i, a) in Faction::ALL.iter().enumerate() {
        for b in &Faction::ALL[i + 1..] {
            let mix = |f: &Faction| {
                let mut faces = d.dice[*f as usize].faces;
                faces.sort_unstable();
                faces
            };
            if mix(a) == mix(b) {
                return Err(format!(
                    "{} and {} dice have the same faces; each faction's mix is its own",
                    a.key(),
                    b.key()
                ));
            }
        }
    }

    for e in Event::ALL {
        let info = f
            .events
            .get(&e)
            .ok_or(format!("events lacks {}", e.key()))?;
        if info.placeholder != info.name.starts_with("P-") {
            return Err(format!(
                "event {}: a placeholder's name, and only a placeholder's, starts with P-",
                e.key()
            ));
        }
        d.events.insert(
            e,
            EventInfo {
                name: info.name.clone(),
                placeholder: info.placeholder,
                item: info.item,
            },
        );
    }

    for faction in Faction::ALL {
        let file = f
            .factions
            .get(&faction)
            .ok_or(format!("factions lacks {}", faction.key()))?;
        if file.colour != faction.colour() {
            return Err(format!("{} colour is {}", faction.key(), file.colour));
        }
        if file.cards.len() != FACTION_CARDS as usize {
            return Err(format!(
                "{} has {} cards, not {FACTION_CARDS}",
                faction.key(),
                file.cards.len()
            ));
        }
        let mut cards = Vec::new();
        for (i, c) in file.cards.iter().enumerate() {
            if c.n as usize != i + 1 {
                return Err(format!(
                    "{} cards must run 01-{FACTION_CARDS} in order; found {:02} at place {}",
                    faction.key(),
                    c.n,
                    i + 1
                ));
            }
            cards.push(load_card(faction, c)?);
        }
        d.cards[faction as usize] = cards;
    }

    let mut paired = BTreeSet::new();
    for &(a, b) in &f.pairs {
        if b != a + 6 || !(8..=13).contains(&a) || !paired.insert(a) {
            return Err(format!("pair {a}/{b} is not one of 08/14 ... 13/19"));
        }
        for faction in Faction::ALL {
            if d.card(faction, a).map(|c| c.kind) != d.card(faction, b).map(|c| c.kind) {
                return Err(format!(
                    "{} cards {a:02} and {b:02} differ, though a pair",
                    faction.key()
                ));
            }
        }
    }
    if paired.len() != 6 {
        return Err("pairs must list 08/14 to 13/19".into());
    }
    d.pairs = f.pairs;

    for (name, by_faction) in &f.decks {
        let mut decks: [Vec<u8>; 4] = Default::default();
        for faction in Faction::ALL {
            let deck = by_faction
                .get(&faction)
                .ok_or(format!("deck {name} lacks {}", faction.key()))?;
            check_deck(d, faction, deck).map_err(|e| format!("deck {name}: {e}"))?;
            if deck.len() != DECK_SIZE as usize {
                return Err(format!(
                    "deck {name} of {} has {} cards, not {DECK_SIZE}",
                    faction.key(),
                    deck.len()
                ));
            }
            decks[faction as usize] = deck.clone();
        }
        d.decks.insert(name.clone(), decks);
    }
    if !d.decks.contains_key("standard") {
        return Err("no standard deck".into());
    }

    if f.fyrd_cards.len() != FYRD_CARD_COUNT as usize {
        return Err(format!(
            "{} Fyrd cards, not {FYRD_CARD_COUNT}",
            f.fyrd_cards.len()
        ));
    }
    for n in 1..=FYRD_CARD_COUNT {
        let v = *f
            .fyrd_cards
            .get(&format!("{n:02}"))
            .ok_or(format!("Fyrd card {n:02} missing"))?;
        if v == 0 || v > d.fyrd_units {
            return Err(format!(
                "Fyrd card {n:02} adds {v}; it must add 1 to {}",
                d.fyrd_units
            ));
        }
        d.fyrd_cards.push(v);
    }

    if f.invasion.len() != INVASION_CARD_COUNT as usize {
        return Err(format!(
            "{} invasion cards, not {INVASION_CARD_COUNT}",
            f.invasion.len()
        ));
    }
    for (i, c) in f.invasion.into_iter().enumerate() {
        if c.n as usize != i + 1 {
            return Err(format!(
                "invasion cards must run 01-07 in order, found {:02}",
                c.n
            ));
        }
        let invade = match c.invade.as_str() {
            "any" => Invade::AnyCoast,
            "reinforcements" => Invade::Reinforcements,
            s => Invade::Sea(Sea::from_key(s).ok_or(format!(
                "invasion card {:02} invades from unknown {s:?}",
                c.n
            ))?),
        };
        if c.leader.is_some() == (invade == Invade::Reinforcements) {
            return Err(format!(
                "invasion card {:02}: a leader card invades, the reinforcements card has no leader",
                c.n
            ));
        }
        if c.norsemen > d.units(Faction::Norsemen) || c.berserker > d.units(Faction::Berserker) {
            return Err(format!(
                "invasion card {:02} needs more units than exist",
                c.n
            ));
        }
        d.invasion.push(InvasionCard {
            number: c.n,
            back: c.back,
            title: c.title,
            leader: c.leader,
            norsemen: c.norsemen,
            berserker: c.berserker,
            invade,
            fill: c.fill,
        });
    }
    if d.invasion.iter().filter(|c| c.back == Back::A).count() != 1 {
        return Err("exactly one invasion card has back A".into());
    }
    for back in &f.invasion_order {
        if *back == Back::A || !d.invasion.iter().any(|c| c.back == *back) {
            return Err(format!(
                "invasion_order names {back:?}, not a shuffled pile"
            ));
        }
    }
    d.invasion_order = f.invasion_order;

    let a = f.alfred;
    if a.housecarl > d.units(Faction::Housecarl) || a.thegn > d.units(Faction::Thegn) {
        return Err("Alfred's army needs more units than exist".into());
    }
    if !(1..=MAX_ROUNDS).contains(&a.arrives_round) {
        return Err(format!("Alfred arrives in Round {}", a.arrives_round));
    }
    d.alfred = a;
    Ok(())
}

/// A deck must name existing cards, each at most once, and hold a Movement or Treaty card.
fn check_deck(d: &V878Data, faction: Faction, deck: &[u8]) -> Result<(), String> {
    let mut seen = BTreeSet::new();
    for &n in deck {
        if d.card(faction, n).is_none() {
            return Err(format!("{} has no card {n:02}", faction.key()));
        }
        if !seen.insert(n) {
            return Err(format!("{} card {n:02} listed twice", faction.key()));
        }
    }
    let moves = deck
        .iter()
        .filter_map(|&n| d.card(faction, n))
        .any(|c| c.kind.is_movement());
    if !moves {
        return Err(format!("{} deck has no Movement card", faction.key()));
    }
    Ok(())
}

fn load_scenario(d: &V878Data, s: ScenarioFile) -> Result<Scenario, String> {
    let id_of = |name: &String| d.graph.find(name).ok_or(format!("unknown shire {name:?}"));
    let ids = |v: &Vec<String>| v.iter().map(id_of).collect::<Result<Vec<_>, _>>();

    if !(1..=MAX_ROUNDS).contains(&s.rounds) {
        return Err(format!("{} Rounds; the track has {MAX_ROUNDS}", s.rounds));
    }
    match &s.deck {
        DeckRule::Named { name } => {
            if !d.decks.contains_key(name) {
                return Err(format!("no deck named {name}"));
            }
        }
        DeckRule::Same { cards } => {
            for faction in Faction::ALL {
                check_deck(d, faction, cards)?;
            }
        }
        DeckRule::Choice {
            fixed,
            choose,
            from,
            default,
        } => {
            for faction in Faction::ALL {
                check_deck(d, faction, fixed)?;
                for n in from {
                    if d.card(faction, *n).is_none() || fixed.contains(n) {
                        return Err(format!("choice card {n:02} is missing or also fixed"));
                    }
                }
                let deck = d
                    .deck(default, faction)
                    .ok_or(format!("no deck named {default}"))?;
                if !s.deck.allows(d, faction, deck) {
                    return Err(format!(
                        "the default deck {default} of {} breaks the choice rule",
                        faction.key()
                    ));
                }
            }
            if *choose as usize > from.len() {
                return Err(format!("choose {choose} of {} cards", from.len()));
            }
        }
    }
    let fy = s.fyrd_cards;
    if fy.from == 0 || fy.from > fy.to || fy.to > FYRD_CARD_COUNT {
        return Err(format!(
            "Fyrd cards {}-{} are not within 01-{FYRD_CARD_COUNT}",
            fy.from, fy.to
        ));
    }
    let start_leader = match s.start_leader {
        Some(l) => {
            let card = d
                .invasion_card(l.card)
                .ok_or(format!("no invasion card {:02}", l.card))?;
            if card.leader.is_none() {
                return Err(format!("invasion card {:02} has no leader", l.card));
            }
            Some(StartLeader {
                card: l.card,
                shire: id_of(&l.shire)?,
            })
        }
        None => None,
    };
    let alfred = match s.alfred {
        AlfredFile::Arrives { round } => {
            if !(1..=s.rounds).contains(&round) {
                return Err(format!("Alfred arrives in Round {round}"));
            }
            AlfredRule::Arrives { round }
        }
        AlfredFile::Absent => AlfredRule::Absent,
        AlfredFile::Starts { shires } => {
            if shires.is_empty() {
                return Err("Alfred starts nowhere".into());
            }
            AlfredRule::Starts {
                shires: ids(&shires)?,
            }
        }
    };
    let markers = Markers {
        total: s.markers.total,
        track: s.markers.track,
        map: ids(&s.markers.map)?,
    };
    if markers.track as usize + markers.map.len() != markers.total as usize
        || markers.total > CITY_COUNT
    {
        return Err(format!(
            "markers: {} on the track and {} on the map make not {} (at most {CITY_COUNT})",
            markers.track,
            markers.map.len(),
            markers.total
        ));
    }
    if let Some(m) = markers.map.iter().find(|&&m| !d.is_city(m)) {
        return Err(format!("a marker starts on {}, not a city", m.0));
    }
    let needed = match s.victory {
        Victory::Standard {
            conquest_markers,
            treaty_markers,
            treaty_from_round,
        } => {
            if !(1..=s.rounds).contains(&treaty_from_round) {
                return Err(format!("Treaty checked from Round {treaty_from_round}"));
            }
            conquest_markers.max(treaty_markers)
        }
        Victory::Plunder { markers } => markers,
        Victory::Gambit { markers_at_end } => markers_at_end,
    };
    if needed > markers.total {
        return Err(format!(
            "victory needs {needed} markers of {}",
            markers.total
        ));
    }
    if s.raid_army
        .as_ref()
        .is_some_and(|r| r.enter_from.is_empty())
    {
        return Err("the raid army enters from no sea".into());
    }
    Ok(Scenario {
        id: s.id,
        name: s.name,
        summary: s.summary,
        year: s.year,
        rounds: s.rounds,
        first_turn: s.first_turn,
        deck: s.deck,
        english_setup: EnglishSetup {
            kingdom: s.english_setup.kingdom,
            exclude: ids(&s.english_setup.exclude)?,
        },
        extra_units: s.extra_units,
        fyrd_cards: s.fyrd_cards,
        invasion_deck: s.invasion_deck,
        start_leader,
        alfred,
        markers,
        movement_region: s.movement_region,
        marsh_access: s.marsh_access,
        english_city_income: s.english_city_income,
        raid_army: s.raid_army,
        viking_income: s.viking_income,
        plunder: s.plunder,
        leader_retreat: s.leader_retreat,
        alfred_bonus_moves: s.alfred_bonus_moves,
        saxon_navy_shires: s.saxon_navy_shires,
        victory: s.victory,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(name: &str) -> AreaId {
        data()
            .find(name)
            .unwrap_or_else(|| panic!("no shire {name}"))
    }

    #[test]
    fn v878_data_loads_with_the_brief_counts() {
        let d = data();
        assert_eq!(d.shires().len(), SHIRE_COUNT as usize);
        assert_eq!(d.graph().len(), SHIRE_COUNT as usize);
        assert_eq!(d.cities().len(), CITY_COUNT as usize);
        assert_eq!(d.marshes().count(), MARSH_COUNT as usize);
        assert_eq!(d.coastal_shires().len(), COASTAL_COUNT as usize);
        let borders: usize = d.ids().map(|a| d.neighbours(a).len()).sum::<usize>() / 2;
        assert_eq!(borders, 87);
        assert_eq!(d.coast(Sea::North).len(), 11);
        assert_eq!(d.coast(Sea::Channel).len(), 6);
        assert_eq!(d.coast(Sea::Severn).len(), 6);
        assert_eq!(d.coast(Sea::Irish).len(), 4);
        assert_eq!(d.coastal_cities().len(), 12);
        assert_eq!(d.reinforcement_cities().len(), 10);
        for k in Kingdom::ALL {
            assert!(!d.shires_of(k).is_empty());
        }
        let per_kingdom = Kingdom::ALL.map(|k| d.cities_of(k).count());
        assert_eq!(per_kingdom, [4, 5, 3, 5]);
    }

    #[test]
    fn v878_data_find_by_id_printed_and_modern_name() {
        let d = data();
        let w = id("uintancaestir");
        assert_eq!(d.find("UINTANCÆSTIR"), Some(w));
        assert_eq!(d.find(" Winchester "), Some(w));
        assert_eq!(d.find("DŪNHOLM"), d.find("dunholm"));
        assert_eq!(d.find("Norþ Riding"), d.find("north_riding"));
        assert_eq!(d.find("Atlantis"), None);
        assert_eq!(d.shire(w).map(|s| s.name.as_str()), Some("UINTANCÆSTIR"));
        assert_eq!(d.graph().name(w), Some("uintancaestir"));
        assert_eq!(d.kingdom(w), Some(Kingdom::Wessex));
        assert_eq!(d.kingdom_naming(Kingdom::Wessex).modern, "Wessex");
        assert_eq!(d.sea_naming(Sea::Severn).modern, "Severn Sea");
        assert!(d.ceolwulf_region().is_empty());
    }

    #[test]
    fn v878_data_elmham_thetford_adjacent() {
        let d = data();
        let (elmham, thetford) = (id("Elmham"), id("Thetford"));
        assert!(d.adjacent(elmham, thetford) && d.adjacent(thetford, elmham));
        assert!(d.is_city(elmham) && d.is_city(thetford));
        assert!(d.on_coast(elmham, Sea::North));
        assert!(!d.is_coastal(thetford));
    }

    #[test]
    fn v878_data_ivar_example_path() {
        // Ivar lands on a coastal city A, goes on to shire B, then takes city C.
        let d = data();
        let (a, b, c) = (id("dunholm"), id("north_riding"), id("euruic"));
        assert!(d.is_city(a) && d.on_coast(a, Sea::North));
        assert!(!d.is_city(b));
        assert!(d.is_city(c));
        assert!(d.adjacent(a, b) && d.adjacent(b, c));
        assert!(!d.adjacent(a, c));
    }

    #[test]
    fn v878_data_wessex_cities_and_marsh_free_connectivity() {
        let d = data();
        let wessex = d.shires_of(Kingdom::Wessex);
        assert_eq!(d.cities_of(Kingdom::Wessex).count(), 5);
        let dry: Vec<AreaId> = wessex.iter().copied().filter(|&s| !d.is_marsh(s)).collect();
        let start = id("uintancaestir");
        let mut seen = BTreeSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some(at) = queue.pop_front() {
            for &n in d.neighbours(at) {
                if dry.contains(&n) && seen.insert(n) {
                    queue.push_back(n);
                }
            }
        }
        assert_eq!(seen.len(), dry.len());
        // The Somerset marshes are the Wessex marshes, both on the Severn Sea.
        let marshes: Vec<AreaId> = wessex.iter().copied().filter(|&s| d.is_marsh(s)).collect();
        assert_eq!(marshes, [id("athelney"), id("glastingaburh")]);
        assert!(marshes.iter().all(|&m| d.on_coast(m, Sea::Severn)));
        assert!(d.is_marsh(id("fens")));
    }

    #[test]
    fn v878_data_each_kingdom_and_the_whole_map_connected() {
        let d = data();
        let all: Vec<AreaId> = d.ids().collect();
        assert!(connected(d.graph(), &all));
        for k in Kingdom::ALL {
            assert!(connected(d.graph(), d.shires_of(k)), "{k:?}");
        }
        for a in d.ids() {
            assert!(!d.adjacent(a, a));
            for &b in d.neighbours(a) {
                assert!(d.adjacent(b, a));
            }
        }
    }

    #[test]
    fn v878_data_reinforcements_per_round() {
        let d = data();
        assert_eq!(d.reinforcements_total(Faction::Housecarl), 5);
        assert_eq!(d.reinforcements_total(Faction::Thegn), 10);
        assert_eq!(d.reinforcements_total(Faction::Norsemen), 0);
        let w = id("Winchester");
        assert!(d.is_reinforcement_city(w));
        assert_eq!(d.reinforcements(w, Faction::Housecarl), 2);
        for name in ["Carlisle", "York"] {
            assert!(d.is_reinforcement_city(id(name)), "{name}");
        }
        assert!(!d.is_reinforcement_city(id("Durham")));
        assert!(!d.is_reinforcement_city(id("elmet")));
    }

    #[test]
    fn v878_data_setup_totals_and_stockpiles() {
        let d = data();
        let standard = d.scenario("standard").expect("standard scenario");
        assert_eq!(d.setup_total(Faction::Thegn), 17);
        assert_eq!(d.setup_total(Faction::Housecarl), 4);
        assert_eq!(d.setup_units(id("Chester"), Faction::Thegn), 1);
        let extra = standard.extra_units.count;
        assert_eq!(extra, 4);
        let stock = |f: Faction| d.units(f) - d.setup_total(f) - extra;
        assert_eq!(stock(Faction::Housecarl), 12);
        assert_eq!(stock(Faction::Thegn), 19);
    }

    #[test]
    fn v878_data_components() {
        let d = data();
        let units = Faction::ALL.map(|f| d.units(f));
        assert_eq!(units, [20, 40, 40, 20]);
        assert_eq!(d.fyrd_units(), 10);
        let owned = Faction::ALL.map(|f| d.dice(f).owned);
        assert_eq!(owned, [2, 3, 3, 2]);
        assert_eq!(d.fyrd_dice().owned, 2);
        for f in Faction::ALL {
            assert_eq!(d.dice(f).faces.len(), DIE_FACES as usize);
            assert_eq!(d.dice(f).count(Face::Blank), 0);
            assert_eq!(f.ally().side(), f.side());
            assert_eq!(Faction::from_key(f.key()), Some(f));
            assert!(f.side().factions().contains(&f));
        }
        assert_eq!(d.fyrd_dice().count(Face::Command), 0);
        let alfred = d.alfred();
        assert_eq!(
            (alfred.housecarl, alfred.thegn, alfred.arrives_round),
            (4, 3, 5)
        );
    }

    #[test]
    fn v878_data_cards_and_pairs() {
        let d = data();
        for f in Faction::ALL {
            assert_eq!(d.cards(f).len(), FACTION_CARDS as usize);
            for n in 1..=FACTION_CARDS {
                let card = d.card(f, n).expect("card");
                assert_eq!((card.faction, card.number), (f, n));
                assert_eq!(card.kind.is_treaty(), n == 1);
                assert_eq!(card.kind.is_movement(), n <= 7);
            }
            assert!(d.card(f, 0).is_none() && d.card(f, 20).is_none());
            for n in 8..=13 {
                assert_eq!(d.pair_of(n), Some(n + 6));
                assert_eq!(d.pair_of(n + 6), Some(n));
                assert_eq!(
                    d.card(f, n).map(|c| c.kind),
                    d.card(f, n + 6).map(|c| c.kind)
                );
            }
        }
        assert_eq!(d.pair_of(7), None);
        let saxon_navy = d.card(Faction::Housecarl, 10).expect("card").kind;
        assert_eq!(
            saxon_navy,
            CardKind::Event {
                event: Event::SaxonNavy,
                window: Window::Movement,
                edges: FactionSet::of(&[Faction::Norsemen, Faction::Berserker]),
            }
        );
        let fort = d.card(Faction::Norsemen, 13).and_then(|c| c.kind.event());
        assert_eq!(fort, Some(Event::VikingFort));
        assert!(d.event_info(Event::PForcedMarch).placeholder);
        assert!(!d.event_info(Event::Spy).placeholder);
        assert_eq!(d.event_info(Event::Spy).item, Some(99));
    }

    #[test]
    fn v878_data_movement_card_anchors() {
        let d = data();
        assert_eq!(d.movement(Faction::Berserker, 2), Some((2, 4)));
        assert_eq!(d.movement(Faction::Berserker, 1), Some((2, 4)));
        assert!(d
            .card(Faction::Berserker, 1)
            .is_some_and(|c| c.kind.is_treaty()));
        assert_eq!(d.movement(Faction::Housecarl, 2), Some((3, 2)));
        assert_eq!(d.movement(Faction::Thegn, 2), Some((3, 2)));
        assert_eq!(d.movement(Faction::Norsemen, 2), Some((2, 4)));
        assert_eq!(d.movement(Faction::Norsemen, 8), None);
    }

    #[test]
    fn v878_data_decks() {
        let d = data();
        let standard: Vec<u8> = (1..=12).collect();
        let advanced = d.scenario("advanced").expect("advanced scenario");
        for f in Faction::ALL {
            assert_eq!(d.deck("standard", f), Some(standard.as_slice()));
            let known = d.deck("known_text", f).expect("known_text deck");
            assert!(advanced.deck.allows(d, f, known));
            assert!(!advanced.deck.allows(d, f, &standard[..11]));
            assert_eq!(d.scenario_deck(advanced, f), known);
        }
        // Known-text decks hold placeholders only where the Berserker has too few known events.
        for f in [Faction::Housecarl, Faction::Thegn, Faction::Norsemen] {
            let known = d.deck("known_text", f).expect("deck");
            let placeholders = known
                .iter()
                .filter_map(|&n| d.card(f, n)?.kind.event())
                .filter(|&e| d.event_info(e).placeholder)
                .count();
            assert_eq!(placeholders, 0, "{f:?}");
        }
    }

    #[test]
    fn v878_data_invasion_deck_structure() {
        let d = data();
        let cards = d.invasion_cards();
        assert_eq!(cards.len(), INVASION_CARD_COUNT as usize);
        let backs =
            [Back::A, Back::B, Back::C].map(|b| cards.iter().filter(|c| c.back == b).count());
        assert_eq!(backs, [1, 3, 3]);
        assert_eq!(d.invasion_order(), [Back::B, Back::C]);
        let halfdan = d.invasion_card(1).expect("card 01");
        assert_eq!(halfdan.back, Back::A);
        assert_eq!((halfdan.norsemen, halfdan.berserker), (17, 8));
        assert_eq!(halfdan.invade, Invade::Sea(Sea::North));
        let bjorn = d.invasion_card(3).expect("card 03");
        assert_eq!((bjorn.norsemen, bjorn.berserker), (11, 4));
        assert_eq!(bjorn.invade, Invade::Sea(Sea::North));
        let reinforcements = d.invasion_card(4).expect("card 04");
        assert_eq!(reinforcements.leader, None);
        assert_eq!(reinforcements.invade, Invade::Reinforcements);
        assert_eq!((reinforcements.norsemen, reinforcements.berserker), (9, 2));
        let guthrum = d.invasion_card(5).expect("card 05");
        assert_eq!(guthrum.invade, Invade::AnyCoast);
        assert_eq!(guthrum.back, Back::C);
        // A and B cards, drawn in Rounds I-IV, land only from the North Sea (or bring no leader).
        for c in cards.iter().filter(|c| c.back != Back::C) {
            assert!(matches!(
                c.invade,
                Invade::Sea(Sea::North) | Invade::Reinforcements
            ));
        }
        assert!(d.invasion_card(0).is_none() && d.invasion_card(8).is_none());
    }

    #[test]
    fn v878_data_fyrd_cards() {
        let d = data();
        let values = d.fyrd_cards();
        assert_eq!(values.len(), FYRD_CARD_COUNT as usize);
        let sum: u16 = values.iter().map(|&v| v as u16).sum();
        assert_eq!(sum, 45);
        // Mean 45 / 16 = 2.81, which is 2.8 to one decimal.
        assert_eq!((sum * 10 + 8) / 16, 28);
        assert_eq!(d.fyrd_card(1), Some(1));
        assert_eq!(d.fyrd_card(16), Some(5));
        assert_eq!(d.fyrd_card(17), None);
        assert!(values.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn v878_data_scenarios() {
        let d = data();
        let ids: Vec<&str> = d.scenarios().iter().map(|s| s.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "standard",
                "advanced",
                "northumbrian_raids",
                "alfreds_gambit"
            ]
        );
        for s in d.scenarios() {
            assert_eq!(s.first_turn, Faction::Norsemen);
        }

        let nr = d.scenario("northumbrian_raids").expect("NR");
        assert_eq!(nr.rounds, 3);
        assert_eq!(
            nr.deck,
            DeckRule::Same {
                cards: vec![2, 3, 4, 8, 9]
            }
        );
        assert_eq!((nr.fyrd_cards.from, nr.fyrd_cards.to), (7, 14));
        assert!(!nr.invasion_deck && nr.plunder && nr.start_leader.is_none());
        assert_eq!(nr.alfred, AlfredRule::Absent);
        assert_eq!((nr.markers.total, nr.markers.track), (7, 7));
        assert_eq!(nr.movement_region, Some(Kingdom::Northumbria));
        assert!(!nr.region_allows(Kingdom::Mercia));
        let nr_setup = |f| {
            d.ids()
                .map(|s| d.scenario_setup_units(nr, s, f))
                .sum::<u8>()
        };
        assert_eq!(
            (nr_setup(Faction::Thegn), nr_setup(Faction::Housecarl)),
            (4, 1)
        );
        let raid = nr.raid_army.as_ref().expect("raid army");
        assert_eq!((raid.norsemen, raid.berserker), (4, 2));
        assert_eq!(raid.enter_from, [Sea::North, Sea::Irish]);
        assert_eq!(nr.victory, Victory::Plunder { markers: 7 });

        let ag = d.scenario("alfreds_gambit").expect("AG");
        assert_eq!(
            ag.deck,
            DeckRule::Same {
                cards: vec![4, 5, 6, 10, 12]
            }
        );
        assert_eq!((ag.fyrd_cards.from, ag.fyrd_cards.to), (4, 13));
        assert_eq!(ag.extra_units.count, 3);
        assert!(ag.extra_units.alfred_card && ag.extra_units.reinforcement_cities_only);
        let guthrum = ag.start_leader.expect("Guthrum");
        assert_eq!((guthrum.card, guthrum.shire), (5, id("Winchester")));
        assert_eq!(
            ag.alfred,
            AlfredRule::Starts {
                shires: vec![id("athelney"), id("glastingaburh")]
            }
        );
        assert_eq!(ag.markers.map, [id("Winchester")]);
        assert_eq!(
            ag.markers.total as usize,
            d.cities_of(Kingdom::Wessex).count()
        );
        assert!(ag.marsh_access.allows(Side::English) && !ag.marsh_access.allows(Side::Viking));
        assert!(!d
            .scenario("standard")
            .expect("standard")
            .marsh_access
            .allows(Side::English));
        assert_eq!((ag.alfred_bonus_moves, ag.saxon_navy_shires), (1, 1));
        let ag_thegn: Vec<AreaId> = d
            .ids()
            .filter(|&s| d.scenario_setup_units(ag, s, Faction::Thegn) > 0)
            .collect();
        let mut want = ["Selsey", "Oxford", "Exeter", "Canterbury"]
            .map(id)
            .to_vec();
        want.sort();
        assert_eq!(ag_thegn, want);
        assert!(d
            .ids()
            .all(|s| d.scenario_setup_units(ag, s, Faction::Housecarl) == 0));
        // The extra units' Wessex Reinforcement Cities other than Winchester.
        let ag_cities: Vec<AreaId> = d
            .cities_of(Kingdom::Wessex)
            .filter(|&s| d.is_reinforcement_city(s) && s != guthrum.shire)
            .collect();
        assert_eq!(ag_cities, [id("Canterbury"), id("Exeter")]);
    }

    #[test]
    fn v878_data_load_refuses_bad_files() {
        let map_with = |from: &str, to: &str| MAP_JSON.replacen(from, to, 1);
        let err = |map: &str, cards: &str| load_from(map, cards, SCENARIOS_JSON).unwrap_err();

        let self_loop = map_with(r#"["bernicia", "carleol"]"#, r#"["bernicia", "bernicia"]"#);
        assert!(err(&self_loop, CARDS_JSON).contains("borders itself"));
        let twice = map_with(r#"["bernicia", "carleol"]"#, r#"["dunholm", "bernicia"]"#);
        assert!(err(&twice, CARDS_JSON).contains("twice"));
        // Cutting Cornwall's only border leaves it unreachable.
        let cut = map_with(
            r#"["exanceaster", "cornwalas"]"#,
            r#"["dornsaete", "bearruc"]"#,
        );
        assert!(err(&cut, CARDS_JSON).contains("connected"));
        let no_city = map_with(r#""city": true"#, r#""city": false"#);
        assert!(err(&no_city, CARDS_JSON).contains("not a city"));

        let no_card = CARDS_JSON.replacen(r#"{ "n": 19,"#, r#"{ "n": 20,"#, 1);
        assert!(err(MAP_JSON, &no_card).contains("in order"));
        let five_faces = CARDS_JSON.replacen(
            r#""hit", "hit", "hit", "command","#,
            r#""hit", "hit", "command","#,
            1,
        );
        assert!(err(MAP_JSON, &five_faces).contains("faces"));
        let bad_deck = CARDS_JSON.replacen(
            "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]",
            "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 21]",
            1,
        );
        assert!(err(MAP_JSON, &bad_deck).contains("no card 21"));
        let bad_scenario = SCENARIOS_JSON.replacen(
            r#""cards": [2, 3, 4, 8, 9]"#,
            r#""cards": [2, 3, 4, 8, 30]"#,
            1,
        );
        assert!(load_from(MAP_JSON, CARDS_JSON, &bad_scenario).is_err());
    }
}
