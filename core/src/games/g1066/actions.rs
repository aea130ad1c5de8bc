//! What a seat may decide and what happened, as values. Later phases add variants.

use super::chits::Chit;
use super::data::{Place, Power};
use super::negotiation::{DealAction, DealEvent};
use super::state::{Bid, Identity, Phase};
use super::turn::campaign::{CampaignAction, CampaignEvent};
use super::turn::combat::{CombatAction, CombatEvent};
use super::turn::movement::{MovementAction, MovementEvent};
use super::turn::negation::NegationAction;
use super::turn::phase_markers::{MarkerAction, MarkerEvent};
use super::turn::pillage::{PillageAction, PillageEvent};
use super::turn::provision::{ProvisionAction, ProvisionEvent};
use super::turn::recruit::{RecruitAction, RecruitEvent};
use super::turn::vassalage::{VassalageAction, VassalageEvent};
use crate::board::square::Square;
use crate::engine::Seat;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Places one face-down set-up counter (27.4-27.8, D4): secret, since it names the
    /// counter.
    Deploy {
        identity: Identity,
        place: Place,
    },
    /// Places one set-up castle (27.5, 27.6): public, castles are open markers.
    DeployCastle {
        square: Square,
    },
    /// A sealed initiative bid for one of the seat's powers (6.1, 6.3; G3.14: each
    /// power bids its own gold).
    Bid {
        power: Power,
        bid: Bid,
    },
    /// The power makes no deal in this Mutual Negotiations Phase (22.1).
    Pass {
        power: Power,
    },
    /// The phasing power is done with the current phase of its player turn (3.2).
    EndPhase {
        power: Power,
    },
    /// Drafting, offering, answering and carrying out a deal (22.2).
    Deal(DealAction),
    /// Decisions inside the phases of a player turn (3.2 a-g), one type per phase.
    Campaign(CampaignAction),
    /// Action markers played in one's own Campaign Marker Phase (8.13).
    Marker(MarkerAction),
    /// Answers while a played Action marker may be negated (8.13).
    Negation(NegationAction),
    Provision(ProvisionAction),
    Recruit(RecruitAction),
    Vassalage(VassalageAction),
    Movement(MovementAction),
    Combat(CombatAction),
    Pillage(PillageAction),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A face-down counter was placed (what everyone sees).
    Deployed {
        power: Power,
        place: Place,
    },
    /// Which counter it was (its deployer only).
    DeployedAs {
        power: Power,
        identity: Identity,
        place: Place,
    },
    CastlePlaced {
        power: Power,
        square: Square,
    },
    /// A power's starting markers are in its hand: the count (everyone).
    MarkersDrawn {
        power: Power,
        count: u8,
    },
    /// One marker drawn (its player only).
    MarkerDrawn {
        power: Power,
        chit: Chit,
    },
    /// An Event drawn at set-up goes back unplayed and is replaced (27.3; its player).
    EventPutBack {
        power: Power,
        chit: Chit,
    },
    /// A power has put down its sealed bid (what everyone sees).
    BidIn {
        power: Power,
    },
    /// All bids turned up together (6.1).
    BidsRevealed {
        bids: Vec<(Power, Bid)>,
    },
    /// One round of the tie roll-off among the tied powers (6.2).
    TieRoll {
        rolls: Vec<(Power, u8)>,
    },
    /// The first player and the order of player turns this game turn (6.1).
    Initiative {
        first: Power,
        order: Vec<Power>,
    },
    /// Bid markers back in the pool (6.1; G3.26 for Papal Intervention).
    BidReturned {
        power: Power,
        gold: u8,
        papal: bool,
    },
    PhaseBegins {
        phase: Phase,
    },
    /// A power passed in the negotiations (22.1).
    Passed {
        power: Power,
    },
    /// A new game turn (month) begins (3.2 (4)).
    TurnBegins {
        turn: u8,
    },
    /// The last game turn is over; the outcome is judged (23.2).
    GameOver,
    /// A neutral power was attacked and passes to `seat` (4.4, 4.5); `roll` is the die
    /// that chose between two players in a three-player game.
    NeutralJoins {
        power: Power,
        violator: Power,
        seat: Seat,
        roll: Option<u8>,
    },
    /// Deals made, carried out and broken (22.2, 22.3).
    Deal(DealEvent),
    /// What happened inside the phases of a player turn, one type per phase.
    Campaign(CampaignEvent),
    Marker(MarkerEvent),
    Provision(ProvisionEvent),
    Recruit(RecruitEvent),
    Vassalage(VassalageEvent),
    Movement(MovementEvent),
    Combat(CombatEvent),
    Pillage(PillageEvent),
}

macro_rules! phase_types {
    ($($variant:ident: $action:ty, $event:ty;)*) => {$(
        impl From<$action> for Action {
            fn from(a: $action) -> Action {
                Action::$variant(a)
            }
        }
        impl From<$event> for Event {
            fn from(e: $event) -> Event {
                Event::$variant(e)
            }
        }
    )*};
}

phase_types! {
    Deal: DealAction, DealEvent;
    Campaign: CampaignAction, CampaignEvent;
    Marker: MarkerAction, MarkerEvent;
    Provision: ProvisionAction, ProvisionEvent;
    Recruit: RecruitAction, RecruitEvent;
    Vassalage: VassalageAction, VassalageEvent;
    Movement: MovementAction, MovementEvent;
    Combat: CombatAction, CombatEvent;
    Pillage: PillageAction, PillageEvent;
}
