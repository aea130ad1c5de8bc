//! The words of every 878 event (`V878::describe`): the one place where a
//! `V878Event` becomes text. Case files' `expect-events` lines match this text.

use super::cards::cards_text;
use super::data::{data, Face, Faction, Invade};
use super::happenings::{Guard, Onto, Unit, V878Event as E};
use super::march::army_text;
use super::scene::card_title;
use super::state::Card;
use crate::board::area::AreaId;

fn shire(s: AreaId) -> String {
    data().shire(s).map(|x| x.name.clone()).unwrap_or_default()
}

fn route(path: &[AreaId]) -> String {
    let names: Vec<String> = path.iter().map(|s| shire(*s)).collect();
    names.join(" - ")
}

/// A Leader by his Invasion card number (0: Alfred the Great).
pub fn leader(card: u8) -> String {
    super::data::leader_name(card)
}

fn face(face: &Face) -> &'static str {
    match face {
        Face::Hit => "Hit",
        Face::Flee => "Flee",
        Face::Command => "Command",
        Face::Blank => "blank",
    }
}

fn faces(faces: &[Face]) -> String {
    let v: Vec<&str> = faces.iter().map(face).collect();
    v.join(", ")
}

fn event_name(e: super::data::Event) -> String {
    data().event_info(e).name.clone()
}

/// A faction's cards as their titles read ("Movement 3x2, Rebellion and Danegeld"),
/// for people; the number where a card has no title (an unknown card, `00`).
fn card_titles(faction: Faction, cards: &[Card]) -> String {
    let titles: Vec<String> = cards
        .iter()
        .map(|&c| card_title(faction, c).map_or_else(|| format!("card {c:02}"), str::to_string))
        .collect();
    match titles.split_last() {
        None => "no card".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// Other words for people where [`describe`] writes notation, which case files match
/// (`V878::describe_for_people`): a phase by its title ("Movement Phase (3.0)"), not
/// its id; cards by their titles, not their numbers (a Fyrd card's number says
/// nothing to a person: what it raises does). None where the text has no notation.
pub fn for_people(event: &E) -> Option<String> {
    Some(match event {
        E::PhaseBegins { phase } => phase.title().to_string(),
        E::HandHolds { faction, cards } => {
            format!(
                "the {} hold {}",
                faction.name(),
                card_titles(*faction, cards)
            )
        }
        E::EventsOnlyHand { faction, cards } => format!(
            "the {} show a hand of Events only ({}) and draw again",
            faction.name(),
            card_titles(*faction, cards)
        ),
        E::MovementCard {
            faction,
            card,
            armies,
            shires,
            ..
        } => format!(
            "the {} play {}: {armies} armies, {shires} shires each",
            faction.name(),
            card_titles(*faction, &[*card])
        ),
        E::DeckAdded { faction, cards } => format!(
            "the {} add {} to their deck",
            faction.name(),
            card_titles(*faction, cards)
        ),
        E::FyrdJoin { n, .. } => format!("a Fyrd card: {n} Fyrd join the battle"),
        E::FyrdRise { n, .. } => format!("a Fyrd card: {n} Fyrd rise"),
        _ => return None,
    })
}

pub fn describe(event: &E) -> String {
    match event {
        E::GameOpens { round, first } => {
            format!(
                "Round {round} begins; the {} take the first Turn",
                first.name()
            )
        }
        E::TurnBegins {
            round,
            turn,
            faction,
        } => format!("Round {round}, Turn {turn}: the {}", faction.name()),
        E::PhaseBegins { phase } => format!("{} phase", phase.name()),
        E::NoMovementCard { faction } => format!(
            "the {} have no Movement card to play and move nothing",
            faction.name()
        ),
        E::RoundEnds { round } => format!("Round {round} ends"),
        E::GameOver { result, detail, .. } => format!("{result}: {detail}"),
        E::Plundered {
            cities,
            taken,
            markers,
        } => format!("the Vikings plunder {cities} cities: {taken} of {markers} markers taken"),
        E::Drew { faction, n } => format!("the {} draw {n} card(s)", faction.name()),
        E::HandHolds { faction, cards } => {
            format!("the {} hold {}", faction.name(), cards_text(cards))
        }
        E::EventsOnlyHand { faction, cards } => format!(
            "the {} show a hand of Events only ({}) and draw again",
            faction.name(),
            cards_text(cards)
        ),
        E::MovementCard {
            faction,
            card,
            treaty,
            armies,
            shires,
        } => format!(
            "the {} play {} ({card:02}): {armies} armies, {shires} shires each",
            faction.name(),
            if *treaty {
                "the Treaty card"
            } else {
                "a Movement card"
            }
        ),
        // Version 1 printed "GameEvent card(s)" here (a slip of a renaming): fixed.
        E::DeckChosen { faction, n } => {
            format!("the {} choose {n} Event card(s)", faction.name())
        }
        E::DeckAdded { faction, cards } => format!(
            "the {} add {} to their deck",
            faction.name(),
            cards_text(cards)
        ),
        E::InvasionCard { card } => format!(
            "Invasion card: {}",
            data()
                .invasion_card(*card)
                .map(|c| c.title.clone())
                .unwrap_or_else(|| format!("{card:02}"))
        ),
        E::LeaderReady {
            leader: card,
            norsemen,
            berserker,
        } => {
            let info = data().invasion_card(*card);
            let title = info
                .map(|c| c.title.clone())
                .unwrap_or_else(|| format!("{card:02}"));
            let from = match info.map(|c| c.invade) {
                Some(Invade::Sea(s)) => format!("from the {}", data().sea_naming(s).modern),
                Some(Invade::AnyCoast) => "on any coast".to_string(),
                Some(Invade::Reinforcements) | None => String::new(),
            };
            format!("{title}: {norsemen} Norsemen and {berserker} Berserker ready to invade {from}")
        }
        E::NoPlaceForReinforcements { kind } => format!(
            "no place for the {} reinforcements: they stay in the stockpile",
            kind.name()
        ),
        E::Reinforce { faction, n, city } => {
            format!("{n} {} reinforce {}", faction.name(), shire(*city))
        }
        E::RaidGathers {
            norsemen,
            berserker,
        } => format!("a raid army gathers at sea: {norsemen} Norsemen, {berserker} Berserker"),
        E::Levied { faction, n, city } => {
            format!("{n} {} levied in {}", faction.name(), shire(*city))
        }
        E::Placed { kind, n, onto } => {
            let at = match onto {
                Onto::Shire(s) => shire(*s),
                Onto::Card(l) => format!("the card of {}", leader(*l)),
            };
            format!("{n} {} placed on {at}", kind.name())
        }
        E::AlfredEnters {
            shire: s,
            housecarl,
            thegn,
        } => format!(
            "Alfred the Great enters at {} with {housecarl} Housecarl and {thegn} Thegn",
            shire(*s)
        ),
        E::March {
            faction,
            path,
            army,
        } => format!(
            "the {} march {} ({})",
            faction.name(),
            route(path),
            army_text(army)
        ),
        E::RaidLands { path } => format!("the raid army lands and marches {}", route(path)),
        E::LeaderMoves {
            leader: l,
            to,
            landing,
        } => format!(
            "{} {} {}",
            leader(*l),
            if *landing { "lands at" } else { "moves to" },
            shire(*to)
        ),
        E::Boards {
            leader: l,
            kind,
            n,
            shire: s,
            on,
        } => format!(
            "{n} {} {} {}'s card in {}",
            kind.name(),
            if *on { "join" } else { "leave" },
            leader(*l),
            shire(*s)
        ),
        E::LeaderHalts { leader: l } => format!("{} ends his move", leader(*l)),
        E::MarkerTaken { shire: s } => {
            format!("the Vikings take {}: a marker leaves the track", shire(*s))
        }
        E::MarkerReturned { shire: s } => {
            format!(
                "{} is English again: its marker returns to the track",
                shire(*s)
            )
        }
        E::BattleBegins { shire: s, attacker } => {
            format!("battle in {}: the {} attack", shire(*s), attacker.name())
        }
        E::FyrdDeclined => "the English do not call the Fyrd".to_string(),
        E::FyrdDeckEmpty => "no Fyrd card is left".to_string(),
        E::FyrdJoin { card, n } => format!("Fyrd card {card:02}: {n} Fyrd join the battle"),
        E::LeaderMoveSpent { .. } => {
            "the Leader's first roll did not clear the shire: one move is spent".to_string()
        }
        E::Roll { faction, faces: f } => {
            format!(
                "the {} roll {}: {}",
                faction.name(),
                dice(f.len()),
                faces(f)
            )
        }
        E::FyrdRoll { faces: f } => format!("the Fyrd roll {}: {}", dice(f.len()), faces(f)),
        E::HitIgnored { by } => {
            let why = match by {
                Guard::VikingFort => "Viking Fort",
                Guard::ShieldWall => "Shield Wall",
                Guard::Burh => "Burh",
                Guard::SaxonShieldWall => "Saxon Shield Wall",
            };
            format!("{why}: one Hit is ignored")
        }
        E::FyrdFleeHome { n } => format!("{n} Fyrd flee home"),
        E::UnitHit { unit } => format!(
            "a {} unit is hit",
            match unit {
                Unit::Faction(f) => f.name(),
                Unit::Fyrd => "Fyrd",
            }
        ),
        E::UnitFlees { faction } => format!("a {} unit flees", faction.name()),
        E::CommandsKept { faction } => {
            format!("the {} keep their remaining Commands", faction.name())
        }
        E::Withdraws { faction, to } => {
            format!("a {} unit withdraws to {}", faction.name(), shire(*to))
        }
        E::LeaderWithdraws { leader: l } => format!("{} withdraws with it", leader(*l)),
        E::FyrdGoHome { n } => format!("{n} Fyrd go home"),
        E::BattleWon { side, shire: s } => format!("the {} hold {}", side.name(), shire(*s)),
        E::ShireLeftEmpty { shire: s } => format!("{} is left empty (G34)", shire(*s)),
        E::NoBattle { shire: s } => format!(
            "Danegeld leaves no Viking in {}: no battle is fought",
            shire(*s)
        ),
        E::LeaderDefeated { leader: l } => format!("{} is defeated", leader(*l)),
        E::LeaderStands => "the Leader stands his ground".to_string(),
        E::LeaderRetreats { leader: l, to } => {
            format!("{} retreats to {} with his card", leader(*l), shire(*to))
        }
        E::HitsBecomeFlees { hits } => format!("{hits} Hit(s) become Flees"),
        E::EventPlayed {
            faction,
            event,
            card,
        } => format!(
            "the {} play {} ({card:02})",
            faction.name(),
            event_name(*event)
        ),
        E::Danegeld { kind, n } => format!("Danegeld: {n} {} go home", kind.name()),
        E::SpyArrives { faction, army } => format!(
            "the {} Spy brings {} into the battle",
            faction.name(),
            army_text(army)
        ),
        E::SaxonFleetGuards { shire: s } => format!("the Saxon fleet guards {}", shire(*s)),
        E::Conversion {
            norsemen, thegn, ..
        } => format!("{norsemen} Norsemen convert; {thegn} Thegn take their place"),
        E::Levy { n, .. } => format!("{n} Thegn are levied"),
        E::Arrive { kind, n, .. } => format!("{n} {} arrive", kind.name()),
        E::RebellionLoss { kind } => {
            format!("rebellion: a {} unit is driven out", kind.name())
        }
        E::FyrdRise { card, n } => format!("Fyrd card {card:02}: {n} Fyrd rise"),
        E::FreedCity { n, city } => {
            format!("{n} Housecarl reinforce the freed {}", shire(*city))
        }
    }
}

impl std::fmt::Display for super::happenings::V878Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&describe(self))
    }
}

/// "1 die", "3 dice".
fn dice(n: usize) -> String {
    match n {
        1 => "1 die".to_string(),
        n => format!("{n} dice"),
    }
}
