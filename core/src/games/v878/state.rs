//! The state of an 878 game: the map, the four factions' hands, decks and stockpiles,
//! the Leaders, the hidden decks, the round and turn, the battle in progress and the
//! decisions it is waiting for.

use super::data::{Faction, FactionSet, Side};
use crate::board::area::AreaId;
use crate::engine::{Chance, Hidden};

/// Units by kind: Housecarl, Thegn, Norsemen, Berserker (the faction order), then Fyrd.
pub type Troops = [u8; 5];
pub const FYRD: usize = 4;

/// A card number of a faction's deck (1-19); 0 stands for a card the viewer may not
/// see (in a view, never in a true state).
pub type Card = u8;
/// 0 is also `Card::default()`, which is what `engine::position::Conceal` puts in a
/// hidden list.
pub const UNKNOWN: Card = 0;

#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct FactionState {
    /// Secret to the other side (and to the ally unless hands are shared).
    pub hand: Hidden<Vec<Card>>,
    /// Draw order: secret to everyone, the owner included.
    pub deck: Hidden<Vec<Card>>,
    /// Played cards, face up (the Treaty card is kept apart: `treaty_played`).
    pub discard: Vec<Card>,
    pub treaty_played: bool,
    /// Reinforcement Stockpile (2.0, 2.1).
    pub stock: u8,
    /// Units in the Fled Units space (2.3, 4.3).
    pub fled: u8,
}

/// Where a Leader is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum LeaderPlace {
    /// Not yet in play (an Invasion card not drawn, Alfred before Round V).
    Waiting,
    /// In play, off the map: an invading army not landed yet (5.1, G21).
    OffMap,
    OnMap(AreaId),
    /// Defeated and out of the game (5.2).
    Defeated,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Leader {
    /// Invasion card number (1-7), or 0 for Alfred the Great.
    pub card: u8,
    pub place: LeaderPlace,
    /// Units on the Leader's card (Fyrd never).
    pub troops: Troops,
    /// Shire moves left this Turn once the Leader has started moving (5.1).
    pub moves_left: u8,
    /// Started moving this Turn (it counts as one of the card's armies, 3.3).
    pub moving: bool,
    /// Finished moving this Turn.
    pub done: bool,
    /// Which factions' units boarded or left the card before he moved this Turn.
    /// Left out of the data when empty, so positions stored before it existed read and
    /// hash as they did.
    #[serde(default, skip_serializing_if = "Shifted::is_empty")]
    pub shifted: Shifted,
}

/// Factions whose units boarded, or alighted from, a Leader's card this Turn before he
/// moved. The rules let units shift both ways before he moves as often as the player
/// likes (5.1), and boarding units then putting the same units back changes nothing: a
/// search that followed noise between such moves could go on for ever. The search
/// therefore takes each faction one way only until he moves
/// ([`crate::engine::Game::search_actions`]); people keep the rulebook's freedom. No
/// position is lost that way: any run of shifts in one shire nets to a count one way.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Shifted {
    pub boarded: FactionSet,
    pub alighted: FactionSet,
}

impl Shifted {
    pub fn mark(&mut self, f: Faction, boarding: bool) {
        if boarding {
            self.boarded = self.boarded.with(f);
        } else {
            self.alighted = self.alighted.with(f);
        }
    }
    pub fn is_empty(&self) -> bool {
        self.boarded.is_empty() && self.alighted.is_empty()
    }
}

impl Leader {
    pub fn side(&self) -> Side {
        if self.card == 0 {
            Side::English
        } else {
            Side::Viking
        }
    }
    pub fn shire(&self) -> Option<AreaId> {
        match self.place {
            LeaderPlace::OnMap(s) => Some(s),
            _ => None,
        }
    }
}

/// The phases of a faction's Turn (1.2), plus the set-up and the end.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Setup 4/5: each English faction places its additional units.
    Setup,
    Reinforcements,
    Leaders,
    Movement,
    Battles,
    Over,
}

impl Phase {
    pub const ALL: [Phase; 6] = [
        Phase::Setup,
        Phase::Reinforcements,
        Phase::Leaders,
        Phase::Movement,
        Phase::Battles,
        Phase::Over,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "setup",
            Phase::Reinforcements => "reinforcements",
            Phase::Leaders => "leaders",
            Phase::Movement => "movement",
            Phase::Battles => "battles",
            Phase::Over => "over",
        }
    }
    /// The phase as a person reads it, with its rule (1.2): a list of saves and the
    /// status line show it, where the notation's name would be a code.
    pub fn title(self) -> &'static str {
        match self {
            Phase::Setup => "Setup",
            Phase::Reinforcements => "Reinforcement Phase (2.0)",
            Phase::Leaders => "Leader Phase (5.0)",
            Phase::Movement => "Movement Phase (3.0)",
            Phase::Battles => "Battle Phase (4.0)",
            Phase::Over => "Game over",
        }
    }
    pub fn from_name(name: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// The Movement (or Treaty) card played this Turn and what is left of it (3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct MoveBudget {
    pub card: Card,
    pub armies_left: u8,
    pub shires: u8,
}

/// A battle being fought (4.0, 5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Battle {
    pub shire: AreaId,
    /// The active faction's side (4.0).
    pub attacker: Side,
    /// The side that rolls next.
    pub roller: Side,
    /// The English have made their first roll (for the Berserker rule, 4.5).
    pub english_rolled: bool,
    /// The attacking side has made its first roll (for the Leader move cost, 5.2).
    pub attacker_rolled: bool,
    /// A Leader that started this battle by moving in (index into `leaders`).
    pub leader: Option<u8>,
    /// The attacker's first roll has been made and its results are being applied: when
    /// they are, a Leader that did not clear the shire loses a move (5.2).
    pub charge_check: bool,
    /// Where the battle is in the pre-battle sequence (G16).
    pub stage: Stage,
    /// Event types played in this battle, as bits of `data::Event as u32` (8.0: each at
    /// most once per battle).
    pub played: u32,
    /// Extra rolls still to make before the exchange, as `Extra` bits (G16 step 5).
    pub extras: u8,
    /// Viking Fort: the Vikings ignore one Hit of each English roll (CC item 94).
    pub fort: bool,
    /// P-Burh: the English defending a City ignore one Hit of each Viking roll.
    pub burh: bool,
    /// P-Saxon Shield Wall: the Vikings' first Hit of this battle is ignored.
    pub saxon_shield: bool,
    /// Shield Wall has already cancelled its one Hit in this battle (CC item 97).
    pub shield_wall_used: bool,
}

impl Battle {
    /// A battle as it opens (4.0): `attacker`'s side against the other, which rolls
    /// first; nothing rolled or played yet, every Event window still to come.
    pub fn opening(shire: AreaId, attacker: Side, leader: Option<u8>) -> Battle {
        Battle {
            shire,
            attacker,
            roller: attacker.other(),
            english_rolled: false,
            attacker_rolled: false,
            leader,
            charge_check: false,
            stage: Stage::Windows,
            played: 0,
            extras: 0,
            fort: false,
            burh: false,
            saxon_shield: false,
            shield_wall_used: false,
        }
    }
}

/// Steps of the pre-battle sequence (G16), then the exchange of rolls. The steps run
/// Windows, Danegeld, Fyrd, Extras (rules version 2; version 1 asked for the Fyrd before
/// Danegeld). The variants keep their version-1 order, so a position's state hash and
/// its notation (`stage=`) read as before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Stage {
    /// Factions are asked, one by one, whether they play a battle Event.
    Windows,
    /// The Fyrd call (4.7), after Danegeld.
    Fyrd,
    /// Danegeld removals (CC item 103, G29), before the Fyrd.
    Danegeld,
    Extras,
    Exchange,
}

/// Extra rolls before a battle, in the order G16 resolves them.
pub mod extra {
    pub const FEIGNED_RETREAT: u8 = 1;
    pub const SURPRISE_ATTACK: u8 = 2;
    pub const AMBUSH: u8 = 4;
    pub const ARCHERS: u8 = 8;
    pub const BATTLE_FRENZY: u8 = 16;
}

/// Effects that last for the rest of the active faction's Turn.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct TurnEffects {
    /// Shield Wall: in every battle with a Norsemen unit the first English Hit is
    /// ignored (CC item 97).
    pub shield_wall: bool,
    /// Danegeld: before each battle the attacking Vikings give up units (CC item 103).
    pub danegeld: bool,
    /// Saxon Navy: coastal shires Viking armies and Leaders may not enter this Turn, as
    /// bits of `AreaId` (CC item 102).
    pub blocked: u64,
    /// Viking Ships played and not yet used: one army with a Norsemen unit may make one
    /// move along a sea coast (CC item 96).
    pub viking_ships: bool,
    /// P-Forced March played by this faction and not yet used: one of its armies may
    /// move one shire further.
    pub forced_march: Option<Faction>,
    /// Rebellion was raised here this Turn: once the Vikings are gone, a Reinforcement
    /// City gets the Housecarl's reinforcements and fled units (CC item 101).
    pub rebellion: Option<AreaId>,
}

impl TurnEffects {
    pub fn is_blocked(&self, shire: AreaId) -> bool {
        shire.0 < 64 && self.blocked & (1 << shire.0) != 0
    }
}

/// Why units are being placed, which decides where they may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Purpose {
    /// Setup 4/5: the English factions' additional units.
    Extra,
    /// 2.3: fled units re-entering.
    Fled,
    /// 2.1: a short stockpile; the faction chooses which Reinforcement Cities get units.
    Short,
    /// Invasion card 04: Viking Reinforcements onto Leader cards on the map or
    /// Viking-controlled coastal shires (CC item 91).
    Invaders,
    /// Alfred's Gambit: Viking income onto Guthrum's card or any Viking-held shire
    /// (AG 119).
    Income,
}

impl Purpose {
    pub const ALL: [Purpose; 5] = [
        Purpose::Extra,
        Purpose::Fled,
        Purpose::Short,
        Purpose::Invaders,
        Purpose::Income,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Purpose::Extra => "extra",
            Purpose::Fled => "fled",
            Purpose::Short => "short",
            Purpose::Invaders => "invaders",
            Purpose::Income => "income",
        }
    }
    pub fn from_name(name: &str) -> Option<Purpose> {
        Purpose::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// A decision that arose in the middle of a Turn and must be taken before play goes
/// on, by the faction named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Pending {
    /// `faction` places `left` units of `kind`.
    Place {
        faction: Faction,
        kind: Faction,
        left: u8,
        purpose: Purpose,
    },
    /// 2.2: the faction places Alfred in an English-controlled Reinforcement City.
    PlaceAlfred { faction: Faction },
    /// The Advanced Setup (item 18): the faction secretly picks `left` more Event cards
    /// for its Draw Deck.
    ChooseDeck { faction: Faction, left: u8 },
    /// 4.7: the English may draw a Fyrd card for this battle.
    Fyrd { faction: Faction },
    /// 4.2: the receiving side removes `hits` units; `berserker_first` under 4.5.
    Hits {
        faction: Faction,
        hits: u8,
        berserker_first: bool,
    },
    /// The start of a battle: the faction may play battle Events, or pass (8.0). Every
    /// faction that could hold such a card is asked, whatever it holds.
    Window { faction: Faction },
    /// Danegeld in force: the attacking Vikings remove 1 Berserker or up to 2 Norsemen.
    Danegeld { faction: Faction },
    /// Saxon Navy: the Housecarl chooses up to `left` more coastal shires to close.
    Blocks { faction: Faction, left: u8 },
    /// Spy: the Thegn may move one army with a Thegn up to 2 shires into the battle.
    Spy { faction: Faction },
    /// Rebellion: the Vikings choose the unit they lose in this shire; then the Fyrd
    /// rise there and fight (CC item 101).
    Rebellion { faction: Faction, shire: AreaId },
    /// AG 121: the rolling side may retreat its Leader; then its `hits` become Flees.
    LeaderRetreat {
        faction: Faction,
        hits: u8,
        berserker_first: bool,
    },
    /// 4.3: the faction moves `left` of its units from the battle to Fled Units.
    Flee { faction: Faction, left: u8 },
    /// 4.4: the faction may move `left` of its units to adjacent friendly shires.
    Command { faction: Faction, left: u8 },
}

impl Pending {
    pub fn faction(&self) -> Faction {
        match *self {
            Pending::Place { faction, .. }
            | Pending::PlaceAlfred { faction }
            | Pending::ChooseDeck { faction, .. }
            | Pending::Fyrd { faction }
            | Pending::Window { faction }
            | Pending::Danegeld { faction }
            | Pending::Blocks { faction, .. }
            | Pending::Spy { faction }
            | Pending::Rebellion { faction, .. }
            | Pending::Hits { faction, .. }
            | Pending::LeaderRetreat { faction, .. }
            | Pending::Flee { faction, .. }
            | Pending::Command { faction, .. } => faction,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Finish {
    pub winner: Side,
    pub result: String,
    pub detail: String,
}

/// The position is every field but the chance stream (`engine::position`); who sees
/// each `Hidden` part is said in `view.rs`.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct V878State {
    pub options: super::options::V878Options,
    /// 1..=7 (I-VII).
    pub round: u8,
    /// Factions whose Turn has begun this Round, in order; the last is active.
    pub order: Vec<Faction>,
    pub phase: Phase,
    pub factions: [FactionState; 4],
    /// Units standing in each shire (by `AreaId`), not counting those on Leader cards.
    pub map: Vec<Troops>,
    /// Units in each shire that have moved this Turn (3.1: once per Turn).
    pub moved: Vec<Troops>,
    pub leaders: Vec<Leader>,
    /// Invasion cards still to draw, top first: secret to everyone.
    pub invasion: Hidden<Vec<u8>>,
    /// Invasion cards drawn so far, in order (public).
    pub invasion_drawn: Vec<u8>,
    /// Fyrd cards still to draw, top first: secret to everyone.
    pub fyrd_deck: Hidden<Vec<u8>>,
    pub fyrd_discard: Vec<u8>,
    pub fyrd_stock: u8,
    /// City Shires holding a Viking Control Marker (4.6).
    pub marked: Vec<bool>,
    /// Northumbrian Raids: the raid army waiting off the map (NR 110).
    pub raiders: Troops,
    /// Northumbrian Raids: markers taken off the track so far (NR 111).
    pub plundered: u8,
    /// Markers in the game (17 in the standard game).
    pub markers: u8,
    pub budget: Option<MoveBudget>,
    pub effects: TurnEffects,
    pub battle: Option<Battle>,
    pub pending: Vec<Pending>,
    pub finish: Option<Finish>,
    #[serde(skip)]
    pub chance: Chance,
}

impl V878State {
    /// Makes this state a copy of `source`, reusing this state's allocations (apply
    /// works on a copy it keeps from one action to the next). Every field is named,
    /// so a new field cannot be left out.
    pub fn copy_from(&mut self, source: &V878State) {
        let V878State {
            options,
            round,
            order,
            phase,
            factions,
            map,
            moved,
            leaders,
            invasion,
            invasion_drawn,
            fyrd_deck,
            fyrd_discard,
            fyrd_stock,
            marked,
            raiders,
            plundered,
            markers,
            budget,
            effects,
            battle,
            pending,
            finish,
            chance,
        } = source;
        self.options.clone_from(options);
        self.round = *round;
        self.order.clone_from(order);
        self.phase = *phase;
        for (mine, theirs) in self.factions.iter_mut().zip(factions) {
            let FactionState {
                hand,
                deck,
                discard,
                treaty_played,
                stock,
                fled,
            } = theirs;
            mine.hand.0.clone_from(&hand.0);
            mine.deck.0.clone_from(&deck.0);
            mine.discard.clone_from(discard);
            mine.treaty_played = *treaty_played;
            mine.stock = *stock;
            mine.fled = *fled;
        }
        self.map.clone_from(map);
        self.moved.clone_from(moved);
        self.leaders.clone_from(leaders);
        self.invasion.0.clone_from(&invasion.0);
        self.invasion_drawn.clone_from(invasion_drawn);
        self.fyrd_deck.0.clone_from(&fyrd_deck.0);
        self.fyrd_discard.clone_from(fyrd_discard);
        self.fyrd_stock = *fyrd_stock;
        self.marked.clone_from(marked);
        self.raiders = *raiders;
        self.plundered = *plundered;
        self.markers = *markers;
        self.budget = *budget;
        self.effects = *effects;
        self.battle = *battle;
        self.pending.clone_from(pending);
        self.finish.clone_from(finish);
        self.chance.clone_from(chance);
    }

    pub fn active(&self) -> Option<Faction> {
        self.order.last().copied()
    }
    pub fn faction(&self, f: Faction) -> &FactionState {
        &self.factions[f as usize]
    }
    pub fn faction_mut(&mut self, f: Faction) -> &mut FactionState {
        &mut self.factions[f as usize]
    }
    pub fn troops(&self, shire: AreaId) -> &Troops {
        &self.map[shire.0 as usize]
    }
    /// Units of a side in a shire, on the map and on Leader cards there.
    /// (One pass over the Leaders for both factions of the side.)
    pub fn side_strength(&self, shire: AreaId, side: Side) -> u32 {
        let [a, b] = side.factions();
        let here = &self.map[shire.0 as usize];
        let mut n = here[a as usize] as u32 + here[b as usize] as u32;
        if side == Side::English {
            n += here[FYRD] as u32;
        }
        for l in &self.leaders {
            if l.shire() == Some(shire) {
                n += l.troops[a as usize] as u32 + l.troops[b as usize] as u32;
            }
        }
        n
    }
    /// Units of a faction in a shire, on the map and on Leader cards there (5.2).
    pub fn present(&self, shire: AreaId, f: Faction) -> u8 {
        let on_cards: u8 = self
            .leaders
            .iter()
            .filter(|l| l.shire() == Some(shire))
            .map(|l| l.troops[f as usize])
            .sum();
        self.map[shire.0 as usize][f as usize] + on_cards
    }
    /// Is a Leader of this side in the shire?
    pub fn leader_in(&self, shire: AreaId, side: Side) -> bool {
        self.leaders
            .iter()
            .any(|l| l.shire() == Some(shire) && l.side() == side)
    }
    /// Does the side occupy the shire (units, or a Leader for the Vikings)?
    pub fn occupies(&self, shire: AreaId, side: Side) -> bool {
        self.side_strength(shire, side) > 0 || self.leader_in(shire, side)
    }
    pub fn markers_on_map(&self) -> u8 {
        self.marked.iter().filter(|m| **m).count() as u8
    }
}
