//! What happens in an 878 game, as values: the game's `Game::Event`. Each variant is one
//! kind of happening with its fields (factions, shires, units, dice faces, Hits, cards);
//! the rule that made it happen and its audience travel beside it in the engine's
//! `GameEvent`. Nothing here is text: `describe.rs` words every variant, and only when
//! someone reads it. (The Event *cards* are `data::Event` and `events.rs`.)
//!
//! Leaders are named by their Invasion card number (0 for Alfred the Great), as the
//! notation names them, never by their place in the state's list.

use super::actions::Army;
use super::data::{Event as EventCard, Face, Faction, Side};
use super::state::{Card, Phase};
use crate::board::area::AreaId;
use serde::{Deserialize, Serialize};

/// An 878 event with its rule and audience.
pub type Happening = crate::engine::GameEvent<V878Event>;

/// A kind of unit: one of the four factions', or the Fyrd.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    Faction(Faction),
    Fyrd,
}

/// Where placed units went: a shire, or the card of a Leader (by his card number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Onto {
    Shire(AreaId),
    Card(u8),
}

/// What made a Hit not count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Guard {
    /// Viking Fort (CC item 94): one Hit of each English roll.
    VikingFort,
    /// Shield Wall (CC item 97): the first English Hit of a battle with Norsemen.
    ShieldWall,
    /// P-Burh: one Hit of each Viking roll against English defending a City.
    Burh,
    /// P-Saxon Shield Wall: the Vikings' first Hit of the battle.
    SaxonShieldWall,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "happened", rename_all = "snake_case")]
pub enum V878Event {
    // ---- Rounds, Turns and phases (1.0, 1.2, 6.1, 7.0) ----
    /// The game opens (Setup 8, or the scenario's first Turn).
    GameOpens {
        round: u8,
        first: Faction,
    },
    /// A faction's Turn begins (its cube is drawn, 1.0).
    TurnBegins {
        round: u8,
        turn: u8,
        faction: Faction,
    },
    /// The active faction's Turn moves on to a phase (1.2).
    PhaseBegins {
        phase: Phase,
    },
    /// G13: no Movement card to play.
    NoMovementCard {
        faction: Faction,
    },
    RoundEnds {
        round: u8,
    },
    /// 7.0, G14, AG 125: the result and why.
    GameOver {
        winner: Side,
        result: String,
        detail: String,
    },
    /// NR 111: the Vikings plunder the cities they hold.
    Plundered {
        cities: u8,
        taken: u8,
        markers: u8,
    },

    // ---- Cards (Setup 2, 2.4, 6.0, 7.1, Setup 18) ----
    /// Cards drawn into a hand (the count is public).
    Drew {
        faction: Faction,
        n: u8,
    },
    /// The whole hand after a draw: for its owner only.
    HandHolds {
        faction: Faction,
        cards: Vec<Card>,
    },
    /// 6.0: a hand of Events only is shown to all and drawn again.
    EventsOnlyHand {
        faction: Faction,
        cards: Vec<Card>,
    },
    /// 2.4, 7.1: the Turn's Movement card, or the Treaty card as one.
    MovementCard {
        faction: Faction,
        card: Card,
        treaty: bool,
        armies: u8,
        shires: u8,
    },
    /// Setup 18: how many Events a faction put in its deck (public).
    DeckChosen {
        faction: Faction,
        n: u8,
    },
    /// Setup 18: which ones (for the faction only).
    DeckAdded {
        faction: Faction,
        cards: Vec<Card>,
    },

    // ---- Reinforcements (2.0-2.3) ----
    /// 2.0: an Invasion card without a Leader (card 04).
    InvasionCard {
        card: u8,
    },
    /// 2.0: an invading Leader comes into play off the map with his army.
    LeaderReady {
        leader: u8,
        norsemen: u8,
        berserker: u8,
    },
    /// G22: Viking Reinforcements with nowhere to go stay in the stockpile.
    NoPlaceForReinforcements {
        kind: Faction,
    },
    /// 2.1: English reinforcements in a Reinforcement City.
    Reinforce {
        faction: Faction,
        n: u8,
        city: AreaId,
    },
    /// NR 110: the raid army gathers off the map.
    RaidGathers {
        norsemen: u8,
        berserker: u8,
    },
    /// NR 109: the English city levies.
    Levied {
        faction: Faction,
        n: u8,
        city: AreaId,
    },
    /// Units placed from a pending placement (extras, fled units, a short stockpile,
    /// Viking Reinforcements, scenario income).
    Placed {
        kind: Faction,
        n: u8,
        onto: Onto,
    },
    /// 2.2: Alfred the Great enters.
    AlfredEnters {
        shire: AreaId,
        housecarl: u8,
        thegn: u8,
    },

    // ---- Movement and Leaders (3.1, 5.1) ----
    /// 3.1: an army moves along its path.
    March {
        faction: Faction,
        path: Vec<AreaId>,
        army: Army,
    },
    /// NR 110: the raid army lands and moves.
    RaidLands {
        path: Vec<AreaId>,
    },
    /// 5.1: a Leader moves one shire, or lands from off the map.
    LeaderMoves {
        leader: u8,
        to: AreaId,
        landing: bool,
    },
    /// 5.1: units step onto (`on`) or off a Leader's card.
    Boards {
        leader: u8,
        kind: Faction,
        n: u8,
        shire: AreaId,
        on: bool,
    },
    /// 5.1: a Leader ends his move.
    LeaderHalts {
        leader: u8,
    },

    // ---- City markers (4.6) ----
    MarkerTaken {
        shire: AreaId,
    },
    MarkerReturned {
        shire: AreaId,
    },

    // ---- Battles (4.0-4.7, 5.2, AG 121) ----
    BattleBegins {
        shire: AreaId,
        attacker: Side,
    },
    FyrdDeclined,
    FyrdDeckEmpty,
    /// 4.7: the Fyrd card drawn and how many Fyrd came (the stockpile may be short).
    FyrdJoin {
        card: Card,
        n: u8,
    },
    /// 5.2: the attacking Leader's first roll did not clear the shire.
    LeaderMoveSpent {
        leader: u8,
    },
    /// 4.1: a faction's dice, each face in the order rolled.
    Roll {
        faction: Faction,
        faces: Vec<Face>,
    },
    /// 4.7: the Fyrd's dice.
    FyrdRoll {
        faces: Vec<Face>,
    },
    /// One Hit of a roll does not count.
    HitIgnored {
        by: Guard,
    },
    /// 4.7: Fyrd Flees send Fyrd back to the Fyrd stockpile at once.
    FyrdFleeHome {
        n: u8,
    },
    /// 4.2, 4.5: one unit taken as a casualty.
    UnitHit {
        unit: Unit,
    },
    /// 4.3: one unit to the Fled Units space.
    UnitFlees {
        faction: Faction,
    },
    /// 4.4: the faction declines the rest of its Commands.
    CommandsKept {
        faction: Faction,
    },
    /// 4.4: one unit withdraws by a Command.
    Withdraws {
        faction: Faction,
        to: AreaId,
    },
    /// 5.2: a Leader goes with the last unit of his card.
    LeaderWithdraws {
        leader: u8,
    },
    /// 4.7: the Fyrd leave after the battle.
    FyrdGoHome {
        n: u8,
    },
    /// 4.0: one side is left.
    BattleWon {
        side: Side,
        shire: AreaId,
    },
    /// G34: a roll left neither side.
    ShireLeftEmpty {
        shire: AreaId,
    },
    /// G16 step 2, G29: Danegeld left no Viking, so no battle is fought.
    NoBattle {
        shire: AreaId,
    },
    /// 5.2: a Leader with no friendly units on his card or in his shire.
    LeaderDefeated {
        leader: u8,
    },
    /// AG 121: the side keeps its Leader in the battle.
    LeaderStands,
    /// AG 121: the Leader retreats with his card.
    LeaderRetreats {
        leader: u8,
        to: AreaId,
    },
    /// AG 121: the retreating side's Hits become its own Flees.
    HitsBecomeFlees {
        hits: u8,
    },

    // ---- Event cards (8.0 and the card clarifications) ----
    /// An Event card played.
    EventPlayed {
        faction: Faction,
        event: EventCard,
        card: Card,
    },
    /// CC item 103, G29: Viking units given up before the battle.
    Danegeld {
        kind: Faction,
        n: u8,
    },
    /// CC item 99: the Spy's army joins the battle.
    SpyArrives {
        faction: Faction,
        army: Army,
    },
    /// CC item 102: a coastal shire closed by the Saxon Navy.
    SaxonFleetGuards {
        shire: AreaId,
    },
    /// CC item 98: Norsemen removed and Thegn placed.
    Conversion {
        shire: AreaId,
        norsemen: u8,
        thegn: u8,
    },
    /// P-Levy: Thegn placed in a City.
    Levy {
        shire: AreaId,
        n: u8,
    },
    /// P-Norse and P-Berserker Reinforcements.
    Arrive {
        kind: Faction,
        n: u8,
        onto: Onto,
    },
    /// CC item 101: the Viking unit lost to a Rebellion.
    RebellionLoss {
        kind: Faction,
    },
    /// CC item 101: the Fyrd rise for a Rebellion.
    FyrdRise {
        card: Card,
        n: u8,
    },
    /// CC item 101: a freed Reinforcement City gets the Housecarl's units.
    FreedCity {
        n: u8,
        city: AreaId,
    },
}
