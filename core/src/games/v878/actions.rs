//! Every decision an 878 faction can take, as a small value. Movement is whole armies
//! along a path; a Leader moves one shire at a time because he may pick up, drop off
//! and fight on the way (5.1, 5.2).

use super::data::Faction;
use super::state::Card;
use crate::board::area::AreaId;

/// Where a unit stands in a shire: on the map, or on the card of the Leader there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    Map,
    /// On the card of this Leader (index into the state's `leaders`).
    Card(u8),
}

/// What a Reinforcements Phase Event aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum At {
    Shire(AreaId),
    /// The card of this Leader (index into the state's `leaders`).
    Leader(u8),
}

/// Units of the four factions (Housecarl, Thegn, Norsemen, Berserker).
pub type Army = [u8; 4];

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum V878Action {
    /// Put `n` units of a faction in a shire (Setup 4, fled units 2.3, a short
    /// stockpile 2.1).
    Place { shire: AreaId, n: u8 },
    /// Put `n` fled units on a Leader's card (2.3).
    PlaceOnLeader { leader: u8, n: u8 },
    /// Place Alfred the Great in a shire (2.2).
    PlaceAlfred { shire: AreaId },
    /// Advanced Setup: put this Event card in the Draw Deck (item 18), secretly.
    Pick { card: Card },
    /// Advanced Setup: complete the Draw Deck with the default choice of the data.
    DefaultDeck,
    /// Play a Movement or Treaty card from the hand (2.4, 7.1).
    PlayCard { card: Card },
    /// Move an army of units standing in the first shire along a path (3.0, 3.1).
    March { path: Vec<AreaId>, army: Army },
    /// Northumbrian Raids: the raid army lands on the first shire of the path (which
    /// costs one move) and marches on along it (NR 110).
    Raid { path: Vec<AreaId> },
    /// A Leader moves one shire (landing from the sea when off the map, 5.1).
    LeaderStep { leader: u8, to: AreaId },
    /// Units of a faction step from the shire onto the Leader's card (5.1).
    Board { leader: u8, faction: Faction, n: u8 },
    /// Units of a faction step off the Leader's card into his shire (5.1).
    Alight { leader: u8, faction: Faction, n: u8 },
    /// The Leader ends his move.
    Halt { leader: u8 },
    /// Fight the battle in this shire next (4.0: the active faction chooses the order).
    Fight { shire: AreaId },
    /// The English draw a Fyrd card for this battle, or not (4.7).
    CallFyrd { call: bool },
    /// AG 121: retreat the side's Leader with his card to a next shire, or stay (`None`).
    LeaderRetreat { to: Option<AreaId> },
    /// Remove one unit of a faction (Fyrd included) as a casualty (4.2).
    TakeHit { kind: u8, spot: Spot },
    /// Send one of the faction's own units from this spot to Fled Units (4.3).
    Flee { spot: Spot },
    /// Move one of the faction's own units from this spot to an adjacent shire held by
    /// its side, or decline the rest of its Commands (4.4).
    Command { spot: Spot, to: Option<AreaId> },
    /// Play an Event card from the hand: in the open window (8.0), or in the faction's
    /// own Movement or Leader Phase (Viking Ships, Forced March).
    PlayEvent { card: Card },
    /// Play a Reinforcements Phase Event aimed at a shire or a Leader's card.
    PlayEventAt { card: Card, at: At },
    /// Saxon Navy: close one more coastal shire.
    Block { shire: AreaId },
    /// Play no (more) Event in this window.
    Pass,
    /// Danegeld: give up 1 Berserker (`berserker`) or up to 2 Norsemen (CC item 103).
    PayDanegeld { berserker: bool },
    /// End the phase.
    End,
}
