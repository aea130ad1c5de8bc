//! An 878 action as people read it after its seat's name (`V878::action_words`): "march
//! 2 Thegn from LUNDENWIC to Ciltern-sǣtan" where the notation says `march
//! lundenwic-ciltern thegn=2`. The apps show it for actions played for a seat (the
//! computer's, a standing order's), the action a person's taps made ready and the hint's;
//! notation stays for saves, case files and the terminal.

use super::actions::{At, Spot, V878Action as A};
use super::data::{data, leader_name, Faction};
use super::march::army_text;
use super::scene::card_title;
use super::state::{Phase, V878State};
use crate::board::area::AreaId;
use crate::engine::Seat;

fn shire(s: AreaId) -> String {
    data()
        .shire(s)
        .map_or_else(|| format!("?{}", s.0), |x| x.name.clone())
}

fn leader(state: &V878State, index: u8) -> String {
    state
        .leaders
        .get(index as usize)
        .map_or_else(|| format!("Leader ?{index}"), |l| leader_name(l.card))
}

/// " on Halfdan's card", or nothing for the map.
fn spot(state: &V878State, at: Spot) -> String {
    match at {
        Spot::Map => String::new(),
        Spot::Card(i) => format!(" on {}'s card", leader(state, i)),
    }
}

/// "card 03 (Movement 3x3)": a faction's card by its number and title.
fn card(faction: Option<Faction>, number: u8) -> String {
    match faction.and_then(|f| card_title(f, number)) {
        Some(title) => format!("card {number:02} ({title})"),
        None => format!("card {number:02}"),
    }
}

/// Units of a battle die's kind: a faction's, or the Fyrd.
fn kind(k: u8) -> &'static str {
    Faction::ALL.get(k as usize).map_or("Fyrd", |f| f.name())
}

/// The words for `action`, taken by `seat` in `state` (the game just before it).
pub fn action_words(state: &V878State, seat: Seat, action: &A) -> String {
    let faction = Faction::ALL.get(seat.0 as usize).copied();
    let units = faction.map_or("units", |f| f.name());
    match action {
        A::Place { shire: s, n } => format!("place {n} {units} in {}", shire(*s)),
        A::PlaceOnLeader { leader: l, n } => {
            format!("place {n} {units} on {}'s card", leader(state, *l))
        }
        A::PlaceAlfred { shire: s } => format!("place Alfred the Great in {}", shire(*s)),
        A::Pick { card: c } => format!("add {} to the deck", card(faction, *c)),
        A::DefaultDeck => "complete the deck with the default cards".into(),
        A::PlayCard { card: c } => format!("play {}", card(faction, *c)),
        A::March { path, army } => {
            let (Some(from), Some(to)) = (path.first(), path.last()) else {
                return "march".into();
            };
            let army = army_text(army);
            let with = if army.is_empty() {
                String::new()
            } else {
                format!(" {army}")
            };
            format!("march{with} from {} to {}", shire(*from), shire(*to))
        }
        A::Raid { path } => match (path.first(), path.last()) {
            (Some(a), Some(b)) if a != b => format!(
                "land the raid army at {} and march to {}",
                shire(*a),
                shire(*b)
            ),
            (Some(a), _) => format!("land the raid army at {}", shire(*a)),
            _ => "land the raid army".into(),
        },
        A::LeaderStep { leader: l, to } => {
            format!("move {} to {}", leader(state, *l), shire(*to))
        }
        A::Board {
            leader: l,
            faction: f,
            n,
        } => format!("put {n} {} on {}'s card", f.name(), leader(state, *l)),
        A::Alight {
            leader: l,
            faction: f,
            n,
        } => format!("take {n} {} off {}'s card", f.name(), leader(state, *l)),
        A::Halt { leader: l } => format!("end {}'s move", leader(state, *l)),
        A::Fight { shire: s } => format!("fight the battle in {}", shire(*s)),
        A::CallFyrd { call: true } => "call the Fyrd".into(),
        A::CallFyrd { call: false } => "do not call the Fyrd".into(),
        A::LeaderRetreat { to: Some(s) } => format!("retreat the Leader to {}", shire(*s)),
        A::LeaderRetreat { to: None } => "keep the Leader in the shire".into(),
        A::TakeHit { kind: k, spot: at } => {
            format!("take a Hit on a {} unit{}", kind(*k), spot(state, *at))
        }
        A::Flee { spot: at } => format!("send a {units} unit{} fleeing", spot(state, *at)),
        A::Command {
            to: Some(to),
            spot: at,
        } => format!(
            "command a {units} unit{} to {}",
            spot(state, *at),
            shire(*to)
        ),
        A::Command { to: None, .. } => "keep the remaining Commands".into(),
        A::PlayEvent { card: c } => format!("play {}", card(faction, *c)),
        A::PlayEventAt { card: c, at } => {
            let at = match at {
                At::Shire(s) => format!("in {}", shire(*s)),
                At::Leader(i) => format!("on {}'s card", leader(state, *i)),
            };
            format!("play {} {at}", card(faction, *c))
        }
        A::Block { shire: s } => format!("close the coast of {}", shire(*s)),
        A::Pass => "play no Event".into(),
        A::PayDanegeld { berserker: true } => "pay Danegeld with 1 Berserker".into(),
        A::PayDanegeld { berserker: false } => "pay Danegeld with Norsemen".into(),
        A::End => match state.phase {
            Phase::Setup => "end the set-up".into(),
            phase => format!("end the {}", phase.title()),
        },
    }
}
