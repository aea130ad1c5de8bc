//! The embedded data files of 1066, parsed once and checked when first used.
//!
//! The rulebook prints almost none of the game's numbers; most of them are fills of the
//! rules brief (`shared/rules/g1066.md`, tags [F], ids G1-G3, T1-T10). They live in
//! `data/g1066/*.json` so that printed values can replace them without touching code.
//! [`parse`] turns the five files into [`G1066Data`] and holds them to the shape the
//! rules rely on; any problem comes back as a [`DataError`] naming the file and item.

pub mod forces;
pub mod map;
pub mod tables;

pub use forces::{Leader, Markers, Piece, Place, Placing, Setup, UnitType, Units};
pub use map::{BoxId, Map, Terrain};
pub use tables::Tables;

use crate::board::square::{Square, SquareGrid};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use std::collections::BTreeSet;
use std::fmt;
use std::sync::OnceLock;

/// Columns A-J, west to east.
pub const COLS: i16 = 10;
/// Rows 1-19, north to south.
pub const ROWS: i16 = 19;

/// The map's square grid, labelled like "C6".
pub fn grid() -> SquareGrid {
    SquareGrid::new(COLS, ROWS)
}

/// A square by its printed label, if it is on the map.
pub fn square(label: &str) -> Option<Square> {
    grid().parse(label)
}

/// A square's printed label.
pub fn label(sq: Square) -> String {
    grid().label(sq)
}

/// The four powers, in the set-up order of 27.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Power {
    Normans,
    AngloSaxons,
    Vikings,
    Britons,
}

impl Power {
    pub const ALL: [Power; 4] = [
        Power::Normans,
        Power::AngloSaxons,
        Power::Vikings,
        Power::Britons,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Power::Normans => "normans",
            Power::AngloSaxons => "anglo_saxons",
            Power::Vikings => "vikings",
            Power::Britons => "britons",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Power::Normans => "Normans",
            Power::AngloSaxons => "Anglo-Saxons",
            Power::Vikings => "Vikings",
            Power::Britons => "Britons",
        }
    }
}

/// The five data files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataFile {
    Map,
    Tables,
    Units,
    Setup,
    Markers,
}

impl DataFile {
    pub fn file_name(self) -> &'static str {
        match self {
            DataFile::Map => "map.json",
            DataFile::Tables => "tables.json",
            DataFile::Units => "units.json",
            DataFile::Setup => "setup.json",
            DataFile::Markers => "markers.json",
        }
    }
}

/// What is wrong with the data: the file, the item in it, and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    pub file: DataFile,
    /// The item at fault ("town Edinburgh", "road Dere Street"), or the JSON position.
    pub item: String,
    pub problem: String,
}

impl DataError {
    pub fn new(file: DataFile, item: impl Into<String>, problem: impl Into<String>) -> Self {
        DataError {
            file,
            item: item.into(),
            problem: problem.into(),
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "data/g1066/{}: {}: {}",
            self.file.file_name(),
            self.item,
            self.problem
        )
    }
}

impl std::error::Error for DataError {}

/// The text of the five files.
#[derive(Clone, Copy, Debug)]
pub struct Sources<'a> {
    pub map: &'a str,
    pub tables: &'a str,
    pub units: &'a str,
    pub setup: &'a str,
    pub markers: &'a str,
}

/// The files compiled into the crate.
pub const EMBEDDED: Sources<'static> = Sources {
    map: include_str!("../../../data/g1066/map.json"),
    tables: include_str!("../../../data/g1066/tables.json"),
    units: include_str!("../../../data/g1066/units.json"),
    setup: include_str!("../../../data/g1066/setup.json"),
    markers: include_str!("../../../data/g1066/markers.json"),
};

/// All of 1066's data, checked.
#[derive(Clone, Debug)]
pub struct G1066Data {
    pub map: Map,
    pub tables: Tables,
    pub units: Units,
    pub setup: Setup,
    pub markers: Markers,
}

impl G1066Data {
    /// Squares a power's set-up certainly occupies: every square of a one-each group and
    /// the single square of a group with one place.
    pub fn setup_squares(&self, power: Power) -> BTreeSet<Square> {
        self.setup.squares_held(power)
    }

    /// Feudal value of the towns the power occupies at set-up (off-map boxes apart).
    pub fn starting_feudal(&self, power: Power) -> u32 {
        self.setup_squares(power)
            .into_iter()
            .filter_map(|sq| self.map.town(sq))
            .map(|t| u32::from(t.feudal))
            .sum()
    }

    /// Feudal value of the off-map box the power always controls (21.8).
    pub fn box_feudal(&self, power: Power) -> u32 {
        self.map
            .boxes
            .iter()
            .filter(|b| b.power == power)
            .map(|b| u32::from(b.feudal))
            .sum()
    }

    /// Campaign markers picked per turn at set-up (8.4, 8.5): leader values set up plus
    /// occupied feudal plus the power's box, divided by 5 and rounded up.
    pub fn starting_picks(&self, power: Power) -> u32 {
        let leaders: u32 = self
            .setup
            .leaders_of(power)
            .filter_map(|id| self.units.leader(id))
            .map(|l| u32::from(l.value))
            .sum();
        let total = leaders + self.starting_feudal(power) + self.box_feudal(power);
        total.div_ceil(u32::from(self.tables.fixed.picks_divisor))
    }
}

/// Parses and checks the five files.
pub fn parse(src: &Sources<'_>) -> Result<G1066Data, DataError> {
    let mut map: Map = json(DataFile::Map, src.map)?;
    map.check()?;
    let tables: Tables = json(DataFile::Tables, src.tables)?;
    tables.check()?;
    let units: Units = json(DataFile::Units, src.units)?;
    units.check()?;
    let setup: Setup = json(DataFile::Setup, src.setup)?;
    setup.check(&map, &units)?;
    let markers: Markers = json(DataFile::Markers, src.markers)?;
    markers.check(&units)?;
    Ok(G1066Data {
        map,
        tables,
        units,
        setup,
        markers,
    })
}

/// Parses and checks the embedded files.
pub fn load() -> Result<G1066Data, DataError> {
    parse(&EMBEDDED)
}

/// The 1066 data, parsed and checked on first use.
pub fn data() -> &'static G1066Data {
    static DATA: OnceLock<G1066Data> = OnceLock::new();
    DATA.get_or_init(|| match load() {
        Ok(d) => d,
        // The data is compiled in and checked by tests; a failure here is a build defect.
        Err(e) => panic!("embedded 1066 data is invalid: {e}"),
    })
}

fn json<T: for<'de> Deserialize<'de>>(file: DataFile, text: &str) -> Result<T, DataError> {
    serde_json::from_str(text).map_err(|e| {
        DataError::new(
            file,
            format!("line {} column {}", e.line(), e.column()),
            e.to_string(),
        )
    })
}

/// Serde helpers reading square labels.
pub(crate) mod labels {
    use super::*;

    fn one<E: serde::de::Error>(text: &str) -> Result<Square, E> {
        square(text).ok_or_else(|| E::custom(format!("no square {text:?} on the map")))
    }

    pub fn sq<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        one(&String::deserialize(d)?)
    }

    pub fn squares<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Square>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|s| one(s))
            .collect()
    }

    pub fn pair<'de, D: Deserializer<'de>>(d: D) -> Result<[Square; 2], D::Error> {
        let v = squares(d)?;
        <[Square; 2]>::try_from(v)
            .map_err(|v| D::Error::custom(format!("a side needs 2 squares, not {}", v.len())))
    }
}
