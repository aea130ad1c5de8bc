//! Serde writing for the data's keys that the game state holds (`Power`, `UnitType`,
//! `Place`, `PlayerPhase`). The data types only read (the loader needs no more); the
//! state is written out too (positions as data, digests), so it writes them here in the
//! very spelling the loader reads, and a written position reads back as the same value.

use super::data::tables::PlayerPhase;
use super::data::{label, BoxId, Place, Power, UnitType};
use serde::{Serialize, Serializer};

impl Serialize for Power {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

/// The snake_case key the units file uses for a type.
pub fn unit_key(unit: UnitType) -> &'static str {
    match unit {
        UnitType::Knight => "knight",
        UnitType::Housecarl => "housecarl",
        UnitType::Thegn => "thegn",
        UnitType::Fyrd => "fyrd",
        UnitType::Berserker => "berserker",
        UnitType::Fleet => "fleet",
    }
}

impl Serialize for UnitType {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(unit_key(*self))
    }
}

/// A place as the set-up file writes it: a square's label or a box's key.
pub fn place_key(place: Place) -> String {
    match place {
        Place::Square(sq) => label(sq),
        Place::Box(b) => b.key().to_string(),
    }
}

impl Serialize for Place {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&place_key(*self))
    }
}

impl Serialize for BoxId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl Serialize for PlayerPhase {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            PlayerPhase::CampaignMarker => "campaign_marker",
            PlayerPhase::Provisioning => "provisioning",
            PlayerPhase::Recruiting => "recruiting",
            PlayerPhase::Vassalage => "vassalage",
            PlayerPhase::Movement => "movement",
            PlayerPhase::Combat => "combat",
            PlayerPhase::Pillage => "pillage",
        })
    }
}
