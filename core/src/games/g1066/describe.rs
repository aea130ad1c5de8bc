//! Events in words, for the terminal's news and the apps' history: one line each, the
//! counters by their public ids (`u12`) and places by their labels.

use super::actions::Event;
use super::battle::types::{BattleEvent, Outcome, RoundKind, Side};
use super::chits::Chit;
use super::data::tables::PlayerPhase;
use super::data::{data, Place, Power};
use super::keys::place_key;
use super::negotiation::{DealEvent, Term};
use super::notation::{battle_marker_text, board_box_text, chit_text, identity_text};
use super::state::{Phase, State};
use super::turn::campaign::CampaignEvent;
use super::turn::combat::CombatEvent;
use super::turn::movement::MovementEvent;
use super::turn::phase_markers::MarkerEvent;
use super::turn::pillage::PillageEvent;
use super::turn::provision::ProvisionEvent;
use super::turn::recruit::RecruitEvent;
use super::turn::vassalage::VassalageEvent;
use crate::board::square::Square;
use crate::engine::Seat;

fn at(place: &Place) -> String {
    place_key(*place)
}

fn sq(square: &Square) -> String {
    super::data::label(*square)
}

fn units(ids: &[u16]) -> String {
    if ids.is_empty() {
        return "no counters".to_string();
    }
    ids.iter()
        .map(|u| format!("u{u}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn marker_name(chit: Chit) -> String {
    chit.marker()
        .map(|m| match m.values.is_empty() {
            true => m.name.clone(),
            false => format!("{} ({})", m.name, chit.value),
        })
        .unwrap_or_else(|| chit_text(chit))
}

/// The name of a player-turn phase, as the rulebook titles it (3.2).
pub fn phase_name(step: PlayerPhase) -> &'static str {
    match step {
        PlayerPhase::CampaignMarker => "Campaign Marker Phase",
        PlayerPhase::Provisioning => "Provisioning Phase",
        PlayerPhase::Recruiting => "Recruiting Phase",
        PlayerPhase::Vassalage => "Vassalage Phase",
        PlayerPhase::Movement => "Movement Phase",
        PlayerPhase::Combat => "Combat Phase",
        PlayerPhase::Pillage => "Pillage Phase",
    }
}

/// The game's phase in words.
pub fn phase_title(phase: &Phase) -> String {
    match phase {
        Phase::Setup => "Deployment".to_string(),
        Phase::Initiative => "Initiative Determination".to_string(),
        Phase::Negotiations => "Mutual Negotiations".to_string(),
        Phase::PlayerTurn { power, step } => format!("{} {}", power.name(), phase_name(*step)),
        Phase::GameOver => "Game over".to_string(),
    }
}

/// The month of a game turn on the T4 chart.
pub fn month(turn: u8) -> String {
    data()
        .tables
        .turns
        .months
        .iter()
        .find(|m| m.turn == turn)
        .map(|m| format!("{} 1066", m.month))
        .unwrap_or_else(|| format!("turn {turn}"))
}

fn yes(b: bool, yes: &str, no: &str) -> String {
    if b { yes } else { no }.to_string()
}

pub fn describe(event: &Event) -> String {
    match event {
        Event::Deployed { power, place } => {
            format!(
                "the {} placed a counter face down in {}",
                power.name(),
                at(place)
            )
        }
        Event::DeployedAs {
            power,
            identity,
            place,
        } => format!(
            "the {} placed {} in {}",
            power.name(),
            identity_text(identity),
            at(place)
        ),
        Event::CastlePlaced { power, square } => {
            format!("the {} placed a castle in {}", power.name(), sq(square))
        }
        Event::MarkersDrawn { power, count } => {
            format!("the {} drew {count} campaign markers", power.name())
        }
        Event::MarkerDrawn { power, chit } => {
            format!("the {} drew {}", power.name(), marker_name(*chit))
        }
        Event::EventPutBack { power, chit } => format!(
            "the {} put back {} (no Events at set-up) and drew again",
            power.name(),
            marker_name(*chit)
        ),
        Event::BidIn { power } => format!("the {} put down a sealed bid", power.name()),
        Event::BidsRevealed { bids } => {
            let all: Vec<String> = bids
                .iter()
                .map(|(p, b)| {
                    format!(
                        "{} {} gold{}",
                        p.name(),
                        b.gold,
                        yes(b.papal, " and Papal Intervention", "")
                    )
                })
                .collect();
            format!("the bids: {}", all.join("; "))
        }
        Event::TieRoll { rolls } => {
            let all: Vec<String> = rolls
                .iter()
                .map(|(p, r)| format!("{} {r}", p.name()))
                .collect();
            format!("tied bids roll off: {}", all.join(", "))
        }
        Event::Initiative { first, order } => {
            let all: Vec<&str> = order.iter().map(|p| p.name()).collect();
            format!(
                "the {} have the initiative; order: {}",
                first.name(),
                all.join(", ")
            )
        }
        Event::BidReturned { power, gold, papal } => format!(
            "the {}' bid ({gold} gold{}) goes back to the pool",
            power.name(),
            yes(*papal, ", Papal Intervention", "")
        ),
        Event::PhaseBegins { phase } => format!("{} begins", phase_title(phase)),
        Event::Passed { power } => format!("the {} make no deal", power.name()),
        Event::TurnBegins { turn } => format!("game turn {turn} begins: {}", month(*turn)),
        Event::GameOver => "the last game turn is over".to_string(),
        Event::NeutralJoins {
            power,
            violator,
            seat,
            roll,
        } => format!(
            "the {} were attacked by the {} and join player {}{}",
            power.name(),
            violator.name(),
            seat.0 + 1,
            roll.map(|r| format!(" (die {r})")).unwrap_or_default()
        ),
        Event::Deal(e) => deal(e),
        Event::Campaign(e) => campaign(e),
        Event::Marker(e) => marker(e),
        Event::Provision(e) => provision(e),
        Event::Recruit(e) => recruit(e),
        Event::Vassalage(e) => vassalage(e),
        Event::Movement(e) => movement(e),
        Event::Combat(e) => combat(e),
        Event::Pillage(e) => pillage(e),
    }
}

fn deal(e: &DealEvent) -> String {
    match e {
        DealEvent::Opened { from, to } => {
            format!("the {} open a deal with the {}", from.name(), to.name())
        }
        DealEvent::Added { power, term } => {
            format!("the {} add a term: {}", power.name(), term_words(*term))
        }
        DealEvent::Offered { deal } => {
            let terms: Vec<String> = deal
                .terms
                .iter()
                .map(|&t| term_text(deal.from, deal.to, t))
                .collect();
            format!(
                "the {} offer the {}: {}",
                deal.from.name(),
                deal.to.name(),
                terms.join(", ")
            )
        }
        DealEvent::Withdrawn { power } => format!("the {} withdraw their deal", power.name()),
        DealEvent::Answered { power, accept } => format!(
            "the {} {} the deal",
            power.name(),
            yes(*accept, "accept", "decline")
        ),
        DealEvent::HandedOver { from, to } => {
            format!("the {} hand a marker to the {}", from.name(), to.name())
        }
        DealEvent::HandedOverChit { from, to, chit } => format!(
            "the {} hand {} to the {}",
            from.name(),
            marker_name(*chit),
            to.name()
        ),
        DealEvent::ControlPasses { power, seat } => format!(
            "the {} are now played by player {}",
            power.name(),
            seat.0 + 1
        ),
        DealEvent::BackToNeutral { power, returned } => format!(
            "the {} go back to neutrality; {returned} markers return to the pool",
            power.name()
        ),
        DealEvent::PactMade { pact } => format!(
            "players {} and {} promise not to attack each other until the end of {}",
            pact.seats[0].0 + 1,
            pact.seats[1].0 + 1,
            month(pact.until)
        ),
        DealEvent::EndedByAgreement { victor } => match victor {
            Some(p) => format!("the game ends by agreement: the {}' player wins", p.name()),
            None => "the game ends by agreement with no winner".to_string(),
        },
        DealEvent::PactBroken {
            violator,
            by,
            against,
            ..
        } => format!(
            "the {} attack the {}: player {} breaks a promise (22.3)",
            by.name(),
            against.name(),
            violator.0 + 1
        ),
        DealEvent::PenaltyLost { power, count } => format!(
            "the {} lose {count} markers at random for the broken promise",
            power.name()
        ),
        DealEvent::PenaltyRoll { power, roll } => {
            format!("the {} roll {roll} and pick as many markers", power.name())
        }
    }
}

fn markers(n: u8) -> String {
    if n == 1 {
        "1 marker".to_string()
    } else {
        format!("{n} markers")
    }
}

fn turns(n: u8) -> String {
    if n == 1 {
        "1 game turn".to_string()
    } else {
        format!("{n} game turns")
    }
}

/// A term as a button or log says it, without the parties' names.
fn term_words(t: Term) -> String {
    match t {
        Term::Give(n) => format!("give {}", markers(n)),
        Term::Ask(n) => format!("ask {}", markers(n)),
        Term::Transfer(p) => format!("the {} change player", p.name()),
        Term::Neutral(p) => format!("the {} go back to neutrality", p.name()),
        Term::NoAttack(n) => format!("no attacks for {}", turns(n)),
        Term::EndGame(Some(p)) => format!("end the game, the {}' player winning", p.name()),
        Term::EndGame(None) => "end the game with no winner".to_string(),
    }
}

fn campaign(e: &CampaignEvent) -> String {
    match e {
        CampaignEvent::Value {
            power,
            leaders,
            feudal,
            picks,
        } => format!(
            "the {}' campaign value: leaders {leaders} + feudal {feudal}: {picks} picks",
            power.name()
        ),
        CampaignEvent::MustReturn { power, count } => format!(
            "the {} must put {count} markers back before drawing",
            power.name()
        ),
        CampaignEvent::Returned { power } => {
            format!("the {} put a marker back in the pool", power.name())
        }
        CampaignEvent::ReturnedChit { power, chit } => {
            format!("the {} put back {}", power.name(), marker_name(*chit))
        }
        CampaignEvent::Picked { power } => format!("the {} picked a marker", power.name()),
        CampaignEvent::PickedChit { power, chit } => {
            format!("the {} picked {}", power.name(), marker_name(*chit))
        }
        CampaignEvent::HandFull { power } => {
            format!("the {}' hand is full: the pick is lost", power.name())
        }
        CampaignEvent::EventPicked { power, chit } => {
            format!("the {} drew the Event {}", power.name(), marker_name(*chit))
        }
        CampaignEvent::Storm {
            power,
            place,
            unit,
            roll,
            sunk,
        } => format!(
            "storm: the {} fleet u{unit} in {} rolls {roll}: {}",
            power.name(),
            at(place),
            yes(*sunk, "sunk", "survives")
        ),
        CampaignEvent::CometRedraw {
            power,
            returned,
            count,
        } => format!(
            "the Comet: the {} return {returned} markers and draw {count}",
            power.name()
        ),
        CampaignEvent::AttritionRoll { place, roll, loss } => format!(
            "attrition in {} rolls {roll}: {}",
            at(place),
            yes(*loss, "a unit is lost", "no loss")
        ),
        CampaignEvent::UnitLost {
            power,
            place,
            unit,
            rule_event,
        } => format!(
            "the {} lose u{unit} in {} ({rule_event})",
            power.name(),
            at(place)
        ),
        CampaignEvent::RebellionStrikes {
            power,
            feudal,
            tie_rolls,
        } => {
            let ties = if tie_rolls.is_empty() {
                String::new()
            } else {
                let r: Vec<String> = tie_rolls
                    .iter()
                    .map(|(p, r)| format!("{} {r}", p.name()))
                    .collect();
                format!(" (tie rolls: {})", r.join(", "))
            };
            format!(
                "rebellion strikes the {}, feudal value {feudal}{ties}",
                power.name()
            )
        }
        CampaignEvent::RebellionStopped { power } => {
            format!(
                "the {} stop the rebellion with a Vassalage marker",
                power.name()
            )
        }
        CampaignEvent::RebellionLoss { power, roll, lost } => format!(
            "rebellion: the {} roll {roll} and lose {lost} units",
            power.name()
        ),
        CampaignEvent::Paid { power, place } => {
            format!("the {} pay the troops in {}", power.name(), at(place))
        }
        CampaignEvent::ForHire { power, place } => format!(
            "the {} do not pay the troops in {}: another player may pay them and take \
             them over (8.13)",
            power.name(),
            at(place)
        ),
        CampaignEvent::HireBid { power, gold } => {
            format!("the {} bid {gold} gold for the troops", power.name())
        }
        CampaignEvent::HireDeclined { power } => {
            format!("the {} bid no more for the troops", power.name())
        }
        CampaignEvent::Hired {
            power,
            from,
            place,
            gold,
            units: u,
        } => format!(
            "the {} pay {gold} gold and take over {} of the {} in {}",
            power.name(),
            units(u),
            from.name(),
            at(place)
        ),
        CampaignEvent::Mutiny {
            place,
            unit,
            roll,
            lost,
        } => format!(
            "mutiny in {}: u{unit} rolls {roll}: {}",
            at(place),
            yes(*lost, "it deserts", "it stays")
        ),
    }
}

fn marker(e: &MarkerEvent) -> String {
    match e {
        MarkerEvent::ExtraPicks { power, roll } => format!(
            "the Holy Roman Empire intervenes: the {} roll {roll} extra picks",
            power.name()
        ),
        MarkerEvent::NoEvent { power, chit } => format!(
            "the {} drew {}: under the Holy Roman Empire it is no event",
            power.name(),
            marker_name(*chit)
        ),
        MarkerEvent::OathTaken { power, from } => format!(
            "Oath of Fealty: the {} take a marker from the {}",
            power.name(),
            from.name()
        ),
        MarkerEvent::OathTakenChit { power, from, chit } => format!(
            "Oath of Fealty: the {} take {} from the {}",
            power.name(),
            marker_name(*chit),
            from.name()
        ),
        MarkerEvent::Assassination {
            power,
            unit,
            roll,
            killed,
        } => format!(
            "the {}' Assassin strikes at u{unit}: rolls {roll}, {}",
            power.name(),
            yes(*killed, "the leader is killed", "he escapes")
        ),
        MarkerEvent::Played { power, marker } => format!(
            "the {} play {}: the other players may negate it (8.13)",
            power.name(),
            named(marker)
        ),
        MarkerEvent::Negated {
            power,
            with,
            against,
            marker,
        } => format!(
            "the {} play {} to negate the {}' {}",
            power.name(),
            named(with),
            against.name(),
            named(marker)
        ),
        MarkerEvent::Settled {
            power,
            marker,
            stands,
        } => format!(
            "the {}' {} {}",
            power.name(),
            named(marker),
            yes(
                *stands,
                "stands and takes effect",
                "is negated and goes back to the pool"
            )
        ),
        MarkerEvent::Fizzled { power, marker, why } => format!(
            "the {}' {} stood, but can no longer be played ({why}): it goes back to the pool",
            power.name(),
            named(marker)
        ),
        MarkerEvent::SpiedStacks { power } => format!(
            "the {}' Spy looks at every other player's counters on the map",
            power.name()
        ),
        MarkerEvent::SpiedHand { power, target } => format!(
            "the {}' Spy looks at the markers of the {}' player",
            power.name(),
            target.name()
        ),
        MarkerEvent::SpiedHandChits {
            power,
            target,
            chits,
        } => {
            let list: Vec<String> = chits.iter().map(|c| marker_name(*c)).collect();
            format!(
                "the {}' Spy sees in the {}' player's hand: {}",
                power.name(),
                target.name(),
                if list.is_empty() {
                    "nothing".to_string()
                } else {
                    list.join(", ")
                }
            )
        }
        MarkerEvent::Defected {
            power,
            place,
            from,
            units: u,
        } => format!(
            "the {}' Defection: {} in {} leave the {} for their own powers",
            power.name(),
            units(u),
            at(place),
            from.name()
        ),
        MarkerEvent::Swapped { power } => format!(
            "the {} exchange a Papal Intervention for an Action marker from the pool",
            power.name()
        ),
        MarkerEvent::SwappedFor { power, chit } => format!(
            "the {} take {} from the pool for their Papal Intervention",
            power.name(),
            marker_name(*chit)
        ),
    }
}

/// A marker's printed name from its id.
fn named(id: &str) -> String {
    super::turn::negation::marker_name(id)
}

fn provision(e: &ProvisionEvent) -> String {
    match e {
        ProvisionEvent::Hungry { power, place, over } => format!(
            "the {} in {} are {over} units past what the land feeds",
            power.name(),
            at(place)
        ),
        ProvisionEvent::Paid { power, place } => {
            format!("the {} pay a gold to feed {}", power.name(), at(place))
        }
        ProvisionEvent::Starved { power, place, unit } => {
            format!(
                "the {} lose u{unit} in {} to hunger",
                power.name(),
                at(place)
            )
        }
    }
}

fn recruit(e: &RecruitEvent) -> String {
    match e {
        RecruitEvent::Placed {
            power,
            place,
            unit,
            gold,
            call_points,
        } => format!(
            "the {} raise u{unit} in {} ({gold} gold, {call_points} call-to-arms points)",
            power.name(),
            at(place)
        ),
        RecruitEvent::PlacedAs {
            power,
            unit,
            identity,
        } => format!(
            "the {}' u{unit} is {}",
            power.name(),
            identity_text(identity)
        ),
        RecruitEvent::CalledToArms {
            power,
            roll,
            occupied_roll,
            king,
            points,
        } => format!(
            "the {} call to arms: die {roll}{}, king {king}: {points} points",
            power.name(),
            occupied_roll
                .map(|r| format!(", occupied-land die {r}"))
                .unwrap_or_default()
        ),
        RecruitEvent::CastleBuilt { power, square } => {
            format!("the {} build a castle in {}", power.name(), sq(square))
        }
        RecruitEvent::PillageCleared {
            power,
            square,
            gold,
        } => format!(
            "the {} pay {gold} gold to clear the pillage of {}",
            power.name(),
            sq(square)
        ),
        RecruitEvent::Rallied {
            power,
            place,
            king_roll,
            restored,
        } => format!(
            "the {} rally in {}{}: {}",
            power.name(),
            at(place),
            king_roll
                .map(|r| format!(" (king's die {r})"))
                .unwrap_or_default(),
            yes(*restored, "the counter returns", "nothing returns")
        ),
        RecruitEvent::TostigEnters { power, place, unit } => {
            format!(
                "Tostig joins the {} in {} as u{unit}",
                power.name(),
                at(place)
            )
        }
    }
}

fn vassalage(e: &VassalageEvent) -> String {
    match e {
        VassalageEvent::Declared {
            attacker,
            defender,
            square,
        } => format!(
            "the {} try to win the {} in {} as vassals",
            attacker.name(),
            defender.name(),
            sq(square)
        ),
        VassalageEvent::KingShown { square, unit } => format!(
            "a king, u{unit}, stands in {}: the attempt lapses",
            sq(square)
        ),
        VassalageEvent::Committed { power, count } => format!(
            "the {} lay {count} Vassalage markers face down",
            power.name()
        ),
        VassalageEvent::Resolved {
            attack_points,
            defence_points,
            attack_dice,
            defence_dice,
            won,
        } => format!(
            "vassalage: {attack_points} points roll {:?} against {defence_points} rolling {:?}: {}",
            attack_dice,
            defence_dice,
            yes(*won, "won", "failed")
        ),
        VassalageEvent::Vassals {
            power,
            square,
            units: u,
        } => format!(
            "{} in {} become vassals of the {}",
            units(u),
            sq(square),
            power.name()
        ),
    }
}

fn movement(e: &MovementEvent) -> String {
    match e {
        MovementEvent::Mustered {
            power,
            place,
            units: u,
            forced,
        } => format!(
            "the {} {} {} in {}",
            power.name(),
            yes(*forced, "force-march", "muster"),
            units(u),
            at(place)
        ),
        MovementEvent::Stepped {
            power,
            from,
            to,
            units: u,
            mp_left,
        } => format!(
            "the {} move {} from {} to {} ({} MP left)",
            power.name(),
            units(u),
            at(from),
            at(to),
            half_mp(*mp_left)
        ),
        MovementEvent::LeftBehind { power, place, unit } => {
            format!("the {} leave u{unit} in {}", power.name(), at(place))
        }
        MovementEvent::MoveEnded { power, place, rule } => {
            format!(
                "the {}' force stops in {} ({rule})",
                power.name(),
                at(place)
            )
        }
        MovementEvent::Revealed { place } => {
            format!("every counter in {} is turned face up", at(place))
        }
        MovementEvent::Boarded { power, place, unit } => {
            format!(
                "the {} take u{unit} aboard their fleets in {}",
                power.name(),
                at(place)
            )
        }
        MovementEvent::Landed {
            power,
            place,
            units: u,
        } => format!("the {} land {} in {}", power.name(), units(u), at(place)),
        MovementEvent::CounterMarched {
            power,
            from,
            to,
            units: u,
        } => format!(
            "the {} play a Forced March: {} counter march from {} into {} (16.7)",
            power.name(),
            units(u),
            at(from),
            at(to)
        ),
        MovementEvent::NoCounterMarch { power } => {
            format!("the {} do not counter march", power.name())
        }
        MovementEvent::CommandRoll {
            power,
            roll,
            leader,
            modifier,
        } => match leader {
            Some(l) => format!(
                "the {}' command check: die {roll}, +{modifier} for u{l} (24.2)",
                power.name()
            ),
            None => format!(
                "the {}' command check: die {roll}, no leader (24.2)",
                power.name()
            ),
        },
        MovementEvent::Commanded {
            power,
            place,
            result,
        } => format!(
            "the {}' force in {}: {} (24.1)",
            power.name(),
            at(place),
            result.name()
        ),
        MovementEvent::Overrun {
            power,
            place,
            units: u,
            mp_left,
        } => format!(
            "the {} overrun {} in {} ({} MP left, 25.1)",
            power.name(),
            units(u),
            at(place),
            half_mp(*mp_left)
        ),
    }
}

fn side(s: &Side) -> &'static str {
    match s {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    }
}

fn outcome(o: &Outcome) -> String {
    match o {
        Outcome::Missed => "the fleets missed each other at sea".to_string(),
        Outcome::Destroyed { winner } => format!("the {} wiped out the enemy", side(winner)),
        Outcome::Panic { winner } => format!("the enemy of the {} panicked", side(winner)),
        Outcome::Draw => "time ran out: a draw".to_string(),
    }
}

fn combat(e: &CombatEvent) -> String {
    match e {
        CombatEvent::CommanderNamed { power, leader } => {
            format!("the {} name u{leader} their commander (18.3)", power.name())
        }
        CombatEvent::BattleBegins {
            place,
            attacker,
            defenders,
            defense_bonus,
            castle,
        } => {
            let d: Vec<&str> = defenders.iter().map(|p| p.name()).collect();
            format!(
                "battle in {}: the {} attack the {}{}{}",
                at(place),
                attacker.name(),
                d.join(" and "),
                if *defense_bonus > 0 {
                    format!(", defence +{defense_bonus}")
                } else {
                    String::new()
                },
                yes(*castle, ", castle", "")
            )
        }
        CombatEvent::Board(b) => board(b),
        CombatEvent::BattleEnds {
            place,
            outcome: o,
            lost,
        } => format!(
            "the battle in {} is over: {}; lost {}",
            at(place),
            outcome(o),
            units(lost)
        ),
        CombatEvent::SpoilsLost { power, count } => {
            format!("the {} lose {count} markers as spoils", power.name())
        }
        CombatEvent::Retreated {
            power,
            from,
            to,
            units: u,
        } => format!(
            "the {} retreat {} from {} to {}",
            power.name(),
            units(u),
            at(from),
            at(to)
        ),
        CombatEvent::RetreatLosses {
            power,
            place,
            units: u,
        } => format!(
            "the {} lose {} retreating into {}",
            power.name(),
            units(u),
            at(place)
        ),
        CombatEvent::HeldCastle { power, place } => format!(
            "the {} stay in their castle in {} (26.1)",
            power.name(),
            at(place)
        ),
    }
}

fn board(e: &BattleEvent) -> String {
    match e {
        BattleEvent::HighSeasRolled { die, contact } => format!(
            "fleets at sea roll {die}: {}",
            yes(*contact, "contact", "they miss")
        ),
        BattleEvent::Deployed { side: s, unit, to } => format!(
            "the {} deploys u{} in the {} box",
            side(s),
            unit.0,
            board_box_text(*to)
        ),
        BattleEvent::LengthRolled {
            die,
            summer_bonus,
            turns,
        } => format!("battle length: die {die} + summer {summer_bonus}: {turns} turns"),
        BattleEvent::RoundBegan {
            turn,
            side: s,
            kind,
        } => format!(
            "battle turn {turn}: the {}'s {} round",
            side(s),
            match kind {
                RoundKind::Movement => "movement",
                RoundKind::Combat => "combat",
            }
        ),
        BattleEvent::Moved {
            side: s,
            unit,
            from,
            to,
        } => format!(
            "the {} moves u{} from {} to {}",
            side(s),
            unit.0,
            board_box_text(*from),
            board_box_text(*to)
        ),
        BattleEvent::MarkerPlayed {
            side: s,
            marker,
            into,
        } => format!(
            "the {} plays {}{}",
            side(s),
            battle_marker_text(*marker),
            into.map(|b| format!(" on the {} box", board_box_text(b)))
                .unwrap_or_default()
        ),
        BattleEvent::MarkerCancelled {
            side: s,
            marker,
            by,
        } => format!(
            "the {}'s {} is cancelled by {}",
            side(s),
            battle_marker_text(*marker),
            battle_marker_text(*by)
        ),
        BattleEvent::Passed { side: s } => format!("the {} plays nothing", side(s)),
        BattleEvent::AttackBegan {
            side: s,
            attacker,
            target,
            dice,
            defense,
            kind,
        } => format!(
            "the {}'s u{} attacks u{} ({kind:?}): {dice} dice against defence {defense}",
            side(s),
            attacker.0,
            target.0
        ),
        BattleEvent::AttackDie { face, hit } => {
            format!("attack die {face}: {}", yes(*hit, "hit", "miss"))
        }
        BattleEvent::ConfirmDie { face, confirmed } => format!(
            "confirming die {face}: {}",
            yes(*confirmed, "confirmed", "not confirmed")
        ),
        BattleEvent::SaveDie {
            unit,
            save,
            face,
            saved,
        } => format!(
            "u{} tries a {save:?} save: {face}, {}",
            unit.0,
            yes(*saved, "saved", "fails")
        ),
        BattleEvent::Eliminated {
            side: s,
            unit,
            cargo,
            loss,
            losses,
        } => format!(
            "the {} loses u{}{} (loss {loss}, {losses} in all)",
            side(s),
            unit.0,
            if cargo.is_empty() {
                String::new()
            } else {
                format!(" with {} cargo", cargo.len())
            }
        ),
        BattleEvent::Panicked {
            side: s,
            losses,
            level,
        } => format!(
            "the {} panics: losses {losses} reach its panic level {level}",
            side(s)
        ),
        BattleEvent::PursuitBegan { winner } => format!("the {} pursues", side(winner)),
        BattleEvent::BattleOver { outcome: o } => outcome(o),
    }
}

fn pillage(e: &PillageEvent) -> String {
    match e {
        PillageEvent::Attempt {
            power,
            square,
            roll,
            pillaged,
        } => format!(
            "the {} try to pillage {}: rolls {roll}, {}",
            power.name(),
            sq(square),
            yes(*pillaged, "pillaged", "fails")
        ),
        PillageEvent::CastleBurned { square } => {
            format!("the castle in {} is burned", sq(square))
        }
    }
}

/// The powers' names as the seats' names say them (for lists).
pub fn power_names(powers: &[Power]) -> String {
    powers
        .iter()
        .map(|p| p.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Half movement points as a person reads them: `3`, `2.5`.
fn half_mp(halves: u16) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

/// The promises in force, as a person reads them.
pub fn pact_lines(state: &State) -> Vec<String> {
    state
        .pacts
        .iter()
        .filter(|p| p.until >= state.turn)
        .map(|p| {
            let names = |s: Seat| power_names(&state.powers_of(s));
            format!(
                "Promise: {} and {} attack each other not, to the end of {} (22.2, 22.3)",
                names(p.seats[0]),
                names(p.seats[1]),
                month(p.until)
            )
        })
        .collect()
}

/// A term in words.
pub fn term_text(deal_from: Power, deal_to: Power, term: Term) -> String {
    match term {
        Term::Give(n) => format!("the {} give {}", deal_from.name(), markers(n)),
        Term::Ask(n) => format!("the {} give {}", deal_to.name(), markers(n)),
        Term::Transfer(p) => format!("the {} change player", p.name()),
        Term::Neutral(p) => format!("the {} go back to neutrality", p.name()),
        Term::NoAttack(1) => "no attacks between them this game turn".to_string(),
        Term::NoAttack(n) => format!("no attacks between them for {n} game turns"),
        Term::EndGame(Some(p)) => format!("the game ends, the {}' player wins", p.name()),
        Term::EndGame(None) => "the game ends, nobody wins".to_string(),
    }
}

/// The deal on the table, as a person reads it.
pub fn deal_line(state: &State) -> Option<String> {
    let d = state.talks.deal.as_ref()?;
    let terms: Vec<String> = d
        .terms
        .iter()
        .map(|&t| term_text(d.from, d.to, t))
        .collect();
    let stage = if let Some(&(giver, _, n)) = d.owed.first() {
        format!(
            "accepted; the {} choose {} to hand over",
            giver.name(),
            markers(n)
        )
    } else if let Some(p) = d.answering.first() {
        format!("offered; the {} answer", p.name())
    } else {
        "being drafted".to_string()
    };
    Some(format!(
        "Deal of the {} with the {}: {}; {stage} (22.2)",
        d.from.name(),
        d.to.name(),
        if terms.is_empty() {
            "no terms yet".to_string()
        } else {
            terms.join(", ")
        },
    ))
}
