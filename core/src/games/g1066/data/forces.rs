//! Units and leaders (T7, T8), the set-up (T9) and the campaign markers (T10).

use super::{label, square, BoxId, DataError, DataFile, Map, Power};
use crate::board::square::Square;
use serde::{Deserialize, Deserializer};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitType {
    Knight,
    Housecarl,
    Thegn,
    Fyrd,
    Berserker,
    Fleet,
}

impl UnitType {
    pub const ALL: [UnitType; 6] = [
        UnitType::Knight,
        UnitType::Housecarl,
        UnitType::Thegn,
        UnitType::Fyrd,
        UnitType::Berserker,
        UnitType::Fleet,
    ];
}

/// The word "all" in `recruiters`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Everyone {
    All,
}

/// Who may recruit a type: every power, or only those listed.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Recruiters {
    All(Everyone),
    Only(Vec<Power>),
}

#[derive(Clone, Debug, Deserialize)]
pub struct UnitStats {
    pub unit: UnitType,
    pub attack: u8,
    pub defense: u8,
    /// Winter movement allowance; land units get +1 in summer (9.9).
    pub ma: u8,
    pub naval: bool,
    pub recruiters: Recruiters,
    #[serde(default)]
    pub source: Option<String>,
}

impl UnitStats {
    pub fn may_recruit(&self, power: Power) -> bool {
        match &self.recruiters {
            Recruiters::All(_) => true,
            Recruiters::Only(list) => list.contains(&power),
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct UnitTypes {
    pub source: String,
    pub rows: Vec<UnitStats>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CounterMix {
    pub source: String,
    pub powers: BTreeMap<Power, BTreeMap<UnitType, u8>>,
    pub castles: u8,
    pub pillage: u8,
    pub control_per_power: u8,
}

impl CounterMix {
    pub fn limit(&self, power: Power, unit: UnitType) -> u8 {
        self.powers
            .get(&power)
            .and_then(|m| m.get(&unit))
            .copied()
            .unwrap_or(0)
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct Leader {
    pub id: String,
    pub name: String,
    /// None for Tostig, who serves whoever draws him.
    pub power: Option<Power>,
    /// The type he fights as (18.9).
    pub unit: UnitType,
    pub king: bool,
    /// Counts as a king for victory only (Tostig, 18.10).
    #[serde(default)]
    pub victory_king: bool,
    /// Enters from the marker pool (Tostig).
    #[serde(default)]
    pub from_pool: bool,
    pub value: u8,
    #[serde(default)]
    pub source: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Leaders {
    pub source: String,
    pub rows: Vec<Leader>,
}

/// The units file.
#[derive(Clone, Debug, Deserialize)]
pub struct Units {
    pub types: UnitTypes,
    pub counter_mix: CounterMix,
    pub leaders: Leaders,
}

impl Units {
    pub fn stats(&self, unit: UnitType) -> Option<&UnitStats> {
        self.types.rows.iter().find(|r| r.unit == unit)
    }
    pub fn leader(&self, id: &str) -> Option<&Leader> {
        self.leaders.rows.iter().find(|l| l.id == id)
    }

    pub fn check(&self) -> Result<(), DataError> {
        let err = |item: String, problem: &str| DataError::new(DataFile::Units, item, problem);
        for u in UnitType::ALL {
            if self.types.rows.iter().filter(|r| r.unit == u).count() != 1 {
                return Err(err(format!("unit {u:?}"), "must appear exactly once"));
            }
        }
        for p in Power::ALL {
            if !self.counter_mix.powers.contains_key(&p) {
                return Err(err(format!("counter_mix {}", p.key()), "missing"));
            }
        }
        let mut ids = BTreeSet::new();
        for l in &self.leaders.rows {
            if !ids.insert(l.id.as_str()) {
                return Err(err(format!("leader {}", l.id), "id used twice"));
            }
            if l.power.is_none() != l.from_pool {
                return Err(err(
                    format!("leader {}", l.id),
                    "only a pool leader has no power",
                ));
            }
        }
        Ok(())
    }
}

/// What a set-up group places.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    Unit(UnitType),
    Leader(String),
    Castle,
}

/// How a group's pieces spread over its places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Placing {
    /// One piece in each place.
    OneEach,
    /// Any combination of the places.
    Any,
    /// Each in a different place.
    Distinct,
}

/// A map square or an off-map box, written as a label or the box's key. Ordered squares
/// first, then boxes, so that maps keyed by places list them in a fixed order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    Square(Square),
    Box(BoxId),
}

impl<'de> Deserialize<'de> for Place {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        match s.as_str() {
            "normandy" => Ok(Place::Box(BoxId::Normandy)),
            "norway" => Ok(Place::Box(BoxId::Norway)),
            _ => square(&s)
                .map(Place::Square)
                .ok_or_else(|| serde::de::Error::custom(format!("no place {s:?}"))),
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct SetupGroup {
    pub piece: Piece,
    pub count: u8,
    pub placing: Placing,
    pub places: Vec<Place>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct PowerSetup {
    pub power: Power,
    pub source: String,
    /// Who deploys the power when it is neutral (27.7, 27.8).
    #[serde(default)]
    pub neutral_set_up_by: Option<Power>,
    pub groups: Vec<SetupGroup>,
}

/// The set-up file (T9).
#[derive(Clone, Debug, Deserialize)]
pub struct Setup {
    pub source: String,
    pub order: Vec<Power>,
    pub powers: Vec<PowerSetup>,
}

impl Setup {
    pub fn of(&self, power: Power) -> Option<&PowerSetup> {
        self.powers.iter().find(|p| p.power == power)
    }
    /// Ids of the leaders a power sets up.
    pub fn leaders_of(&self, power: Power) -> impl Iterator<Item = &str> {
        self.of(power).into_iter().flat_map(|p| {
            p.groups.iter().filter_map(|g| match &g.piece {
                Piece::Leader(id) => Some(id.as_str()),
                _ => None,
            })
        })
    }
    /// Map squares certainly occupied at set-up (one-each groups and single places).
    pub fn squares_held(&self, power: Power) -> BTreeSet<Square> {
        let groups = self.of(power).into_iter().flat_map(|p| &p.groups);
        groups
            .filter(|g| g.piece != Piece::Castle)
            .filter(|g| g.placing == Placing::OneEach || g.places.len() == 1)
            .flat_map(|g| &g.places)
            .filter_map(|p| match p {
                Place::Square(sq) => Some(*sq),
                Place::Box(_) => None,
            })
            .collect()
    }
    /// Units of a type a power sets up.
    pub fn unit_count(&self, power: Power, unit: UnitType) -> u32 {
        let groups = self.of(power).into_iter().flat_map(|p| &p.groups);
        groups
            .filter(|g| g.piece == Piece::Unit(unit))
            .map(|g| u32::from(g.count))
            .sum()
    }

    pub fn check(&self, map: &Map, units: &Units) -> Result<(), DataError> {
        let err = |item: String, problem: String| DataError::new(DataFile::Setup, item, problem);
        if self.order != Power::ALL.to_vec() || self.powers.len() != 4 {
            return Err(err("order".into(), "must list each power once".into()));
        }
        for ps in &self.powers {
            for (i, g) in ps.groups.iter().enumerate() {
                let item = format!("{} group {}", ps.power.key(), i + 1);
                let fits = match g.placing {
                    Placing::OneEach => usize::from(g.count) == g.places.len(),
                    Placing::Distinct => usize::from(g.count) <= g.places.len(),
                    Placing::Any => !g.places.is_empty(),
                };
                if g.count == 0 || !fits {
                    return Err(err(item, "count does not fit the places".into()));
                }
                if let Piece::Leader(id) = &g.piece {
                    if units.leader(id).is_none_or(|l| l.power != Some(ps.power)) {
                        return Err(err(item, format!("no leader {id:?} of this power")));
                    }
                }
                for place in &g.places {
                    match place {
                        Place::Square(sq) if map.town(*sq).is_none() => {
                            return Err(err(item, format!("{} is not a town", label(*sq))));
                        }
                        Place::Box(b)
                            if map.off_map_box(*b).is_none_or(|x| x.power != ps.power) =>
                        {
                            return Err(err(item, format!("box {} is not this power's", b.key())));
                        }
                        _ => {}
                    }
                }
            }
            for u in UnitType::ALL {
                let (n, max) = (
                    self.unit_count(ps.power, u),
                    units.counter_mix.limit(ps.power, u),
                );
                if n > u32::from(max) {
                    return Err(err(
                        format!("{} {u:?}", ps.power.key()),
                        format!("{n} set up, counter-mix has {max}"),
                    ));
                }
            }
        }
        Ok(())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkerKind {
    Action,
    Battle,
    Event,
    /// A counter mixed into the pool (Tostig).
    Counter,
}

#[derive(Clone, Copy, Debug, Deserialize)]
pub struct ValueCount {
    pub value: u8,
    pub count: u8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Marker {
    pub id: String,
    pub name: String,
    pub kind: MarkerKind,
    pub count: u8,
    /// Point values printed on the markers, where they have one.
    #[serde(default)]
    pub values: Vec<ValueCount>,
    /// The numbers its explanation uses (8.13), by name: dice thresholds ("..._from": the
    /// lowest die that succeeds, "..._max": the highest), stack sizes, dice and gold.
    #[serde(default)]
    pub numbers: BTreeMap<String, u8>,
    /// A short reminder of what it does, in our own words.
    pub label: String,
    #[serde(default)]
    pub once_per_game: bool,
    /// The leader this pool item brings (Tostig).
    #[serde(default)]
    pub leader: Option<String>,
}

/// The markers file (T10).
#[derive(Clone, Debug, Deserialize)]
pub struct Markers {
    pub source: String,
    pub markers: Vec<Marker>,
}

impl Markers {
    pub fn get(&self, id: &str) -> Option<&Marker> {
        self.markers.iter().find(|m| m.id == id)
    }
    /// A named number of a marker's explanation.
    pub fn number(&self, id: &str, name: &str) -> Option<u8> {
        self.get(id).and_then(|m| m.numbers.get(name)).copied()
    }
    pub fn total(&self) -> u32 {
        self.markers.iter().map(|m| u32::from(m.count)).sum()
    }

    pub fn check(&self, units: &Units) -> Result<(), DataError> {
        let err = |item: String, problem: &str| DataError::new(DataFile::Markers, item, problem);
        let mut ids = BTreeSet::new();
        for m in &self.markers {
            let item = format!("marker {}", m.id);
            if !ids.insert(m.id.as_str()) {
                return Err(err(item, "id used twice"));
            }
            if m.count == 0 || m.label.is_empty() {
                return Err(err(item, "needs a count and a label"));
            }
            let valued: u32 = m.values.iter().map(|v| u32::from(v.count)).sum();
            if !m.values.is_empty() && valued != u32::from(m.count) {
                return Err(err(item, "values do not add up to the count"));
            }
            // Die thresholds are named "..._from" or "..._max" and must be a face of a d6.
            let bad_die = m.numbers.iter().find(|(k, &v)| {
                (k.ends_with("_from") || k.ends_with("_max")) && !(1..=6).contains(&v)
            });
            if let Some((k, _)) = bad_die {
                return Err(err(item, &format!("{k} is not a die face 1-6")));
            }
            if let Some(id) = &m.leader {
                if units.leader(id).is_none_or(|l| !l.from_pool) {
                    return Err(err(item, "names no pool leader"));
                }
            }
        }
        Ok(())
    }
}
