//! Campaign markers as pieces (8.0): a hand or the pool is a list of [`Chit`]s, and a
//! draw from the pool is chance (8.2: picked at random, unseen).

use super::data::data;
use super::data::forces::{Marker, MarkerKind};
use crate::engine::Chance;
use serde::{Deserialize, Serialize};

/// One campaign marker: its kind (1 + its index in `markers.json`; 0 is "unknown", what
/// a hidden hand shows to others) and its printed value (Gold 1, Vassalage 1 or 2,
/// otherwise 0). Markers of the same kind and value are interchangeable.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Chit {
    pub kind: u8,
    pub value: u8,
}

impl Chit {
    pub const UNKNOWN: Chit = Chit { kind: 0, value: 0 };

    /// The chit of the marker with this id and value, if the data has one.
    pub fn of(id: &str, value: u8) -> Option<Chit> {
        let i = data().markers.markers.iter().position(|m| m.id == id)?;
        let kind = u8::try_from(i + 1).ok()?;
        Some(Chit { kind, value })
    }

    /// The marker's data, None for an unknown chit.
    pub fn marker(self) -> Option<&'static Marker> {
        let i = usize::from(self.kind).checked_sub(1)?;
        data().markers.markers.get(i)
    }

    pub fn is_unknown(self) -> bool {
        self.kind == 0
    }

    /// Whether this is the marker with this id.
    pub fn is(self, id: &str) -> bool {
        self.marker().is_some_and(|m| m.id == id)
    }

    /// An Action marker (8.13: the kind printed on it; Gold Points and Vassalage
    /// markers are Action markers too).
    pub fn is_action(self) -> bool {
        self.marker().is_some_and(|m| m.kind == MarkerKind::Action)
    }

    /// An Event marker (8.8).
    pub fn is_event(self) -> bool {
        self.marker().is_some_and(|m| m.kind == MarkerKind::Event)
    }
}

/// Marker ids the rules in this slice name.
pub const GOLD: &str = "gold_point";
pub const PAPAL: &str = "papal_intervention";

/// Every campaign marker of the game (T10), in the data's order: the pool at the start.
pub fn all_chits() -> Vec<Chit> {
    let mut out = Vec::new();
    for (i, m) in data().markers.markers.iter().enumerate() {
        let Ok(kind) = u8::try_from(i + 1) else {
            continue;
        };
        if m.values.is_empty() {
            out.extend((0..m.count).map(|_| Chit { kind, value: 0 }));
        } else {
            for v in &m.values {
                out.extend((0..v.count).map(|_| Chit {
                    kind,
                    value: v.value,
                }));
            }
        }
    }
    out.sort();
    out
}

/// Gold points in a hand (8.13 Gold Point: each marker is worth its printed value).
pub fn gold_in(hand: &[Chit]) -> u32 {
    hand.iter()
        .filter(|c| c.is(GOLD))
        .map(|c| u32::from(c.value))
        .sum()
}

/// Picks one marker from the pool at random (8.2); None when the pool is empty.
pub fn draw(pool: &mut Vec<Chit>, chance: &mut Chance) -> Option<Chit> {
    let n = u32::try_from(pool.len()).ok().filter(|&n| n > 0)?;
    let i = (chance.roll(n) - 1) as usize;
    Some(pool.remove(i.min(pool.len() - 1)))
}

/// Puts a marker back; the pool is kept sorted, so only its composition is data.
pub fn put_back(pool: &mut Vec<Chit>, chit: Chit) {
    let at = pool.partition_point(|c| *c < chit);
    pool.insert(at, chit);
}

/// Takes `n` markers matching `pred` out of a hand; None (and the hand unchanged) when
/// it holds fewer.
pub fn take(hand: &mut Vec<Chit>, n: usize, pred: impl Fn(Chit) -> bool) -> Option<Vec<Chit>> {
    if hand.iter().filter(|c| pred(**c)).count() < n {
        return None;
    }
    let mut taken = Vec::with_capacity(n);
    while taken.len() < n {
        let i = hand.iter().position(|c| pred(*c))?;
        taken.push(hand.remove(i));
    }
    Some(taken)
}
