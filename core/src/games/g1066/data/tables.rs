//! Tables T1-T6: recruiting costs, the CRT, terrain effects, the turn chart, battle
//! spoils and the fixed numbers.

use super::{DataError, DataFile, Power, Terrain, UnitType};
use serde::Deserialize;
use std::collections::BTreeMap;

/// Gold buys `buys` units for `gold` points (fyrd: 1 point buys two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct Price {
    pub gold: u8,
    pub buys: u8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CastlePrice {
    pub gold: u8,
    pub max_per_turn: u8,
    pub source: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct PillageRemoval {
    pub gold: u8,
    /// The square's printed feudal value is added to `gold`.
    pub plus_feudal: bool,
    pub source: String,
}

/// T1 (10.2).
#[derive(Clone, Debug, Deserialize)]
pub struct Recruiting {
    pub source: String,
    pub units: BTreeMap<UnitType, Price>,
    pub castle: CastlePrice,
    pub remove_pillage: PillageRemoval,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CrtResult {
    /// Eliminated.
    E,
    /// Disrupted: eliminated once confirmed (T2 [F]).
    D,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CrtRow {
    pub defense: u8,
    /// Lowest die that hits.
    pub hit_from: u8,
    pub result: CrtResult,
    /// Lowest confirmation die that turns a D into an elimination.
    #[serde(default)]
    pub confirm_from: Option<u8>,
}

/// T2: one die per attack point against the target's modified defense.
#[derive(Clone, Debug, Deserialize)]
pub struct Crt {
    pub source: String,
    pub defense_cap: u8,
    pub rows: Vec<CrtRow>,
}

impl Crt {
    /// The row for a modified defense (capped).
    pub fn row(&self, defense: u8) -> Option<&CrtRow> {
        let d = defense.min(self.defense_cap);
        self.rows.iter().find(|r| r.defense == d)
    }
    /// Chance in 36 that one die eliminates a target of this defense.
    pub fn kill_chance_in_36(&self, defense: u8) -> Option<u8> {
        let r = self.row(defense)?;
        let hit = 7 - r.hit_from;
        let confirm = r.confirm_from.map_or(6, |c| 7 - c);
        Some(hit * confirm)
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct TerrainRow {
    pub terrain: Terrain,
    /// None: land units may not enter.
    pub move_cost: Option<u8>,
    /// Entering off-road ends the move (14.7).
    pub halts: bool,
    pub forage: u8,
    /// The town's feudal value is added to `forage` (erratum).
    pub forage_plus_feudal: bool,
    pub defense: u8,
    #[serde(default)]
    pub source: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CastleEffects {
    pub forage_plus: u8,
    pub defense: u8,
    /// Lowest die that cancels an E or D (20.5).
    pub save_from: u8,
    /// A side defending in a castle it controls never panics (20.5, T6).
    pub no_panic: bool,
    pub source: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct PillagedEffects {
    pub forage: u8,
    pub castle_still_adds: bool,
    pub summer_adds: bool,
    pub source: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct SummerEffects {
    pub land_ma_plus: u8,
    pub land_forage_plus: u8,
    pub battle_turns_plus: u8,
    pub source: String,
}

/// T3.
#[derive(Clone, Debug, Deserialize)]
pub struct TerrainTable {
    pub source: String,
    pub kinds: Vec<TerrainRow>,
    /// Cost in half MP of a step along a road.
    pub road_move_halves: u8,
    pub road_cancels_halt: bool,
    pub castle: CastleEffects,
    pub pillaged: PillagedEffects,
    pub summer: SummerEffects,
}

impl TerrainTable {
    pub fn row(&self, t: Terrain) -> Option<&TerrainRow> {
        self.kinds.iter().find(|r| r.terrain == t)
    }
    /// Winter forage of an unpillaged square without a castle.
    pub fn forage(&self, t: Terrain, feudal: u8) -> Option<u8> {
        let r = self.row(t)?;
        Some(r.forage + if r.forage_plus_feudal { feudal } else { 0 })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Season {
    Winter,
    Summer,
}

#[derive(Clone, Debug, Deserialize)]
pub struct TurnRow {
    pub turn: u8,
    pub month: String,
    pub season: Season,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GamePhase {
    Initiative,
    Negotiations,
    PlayerTurns,
    EndOfTurn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerPhase {
    CampaignMarker,
    Provisioning,
    Recruiting,
    Vassalage,
    Movement,
    Combat,
    Pillage,
}

/// T4.
#[derive(Clone, Debug, Deserialize)]
pub struct Turns {
    pub source: String,
    pub months: Vec<TurnRow>,
    pub game_turn_phases: Vec<GamePhase>,
    pub player_turn_phases: Vec<PlayerPhase>,
}

impl Turns {
    pub fn season(&self, turn: u8) -> Option<Season> {
        self.months
            .iter()
            .find(|m| m.turn == turn)
            .map(|m| m.season)
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct SpoilsRow {
    pub min: u16,
    pub max: Option<u16>,
    pub winner_picks: u8,
    pub loser_loses: u8,
}

/// T5, indexed by the defeated force's starting attack plus leader values.
#[derive(Clone, Debug, Deserialize)]
pub struct Spoils {
    pub source: String,
    pub rows: Vec<SpoilsRow>,
}

impl Spoils {
    /// (winner picks, loser loses).
    pub fn for_total(&self, total: u16) -> Option<(u8, u8)> {
        self.rows
            .iter()
            .find(|r| total >= r.min && r.max.is_none_or(|m| total <= m))
            .map(|r| (r.winner_picks, r.loser_loses))
    }
}

#[derive(Clone, Copy, Debug, Deserialize)]
pub struct HandLimit {
    pub players: u8,
    pub limit: u8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CommandControl {
    pub no_move_max: u8,
    pub move_max: u8,
    pub enhanced_ma_plus: u8,
    pub source: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Overrun {
    pub ratio: u8,
    pub extra_mp: u8,
    pub source: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Victory {
    pub min_feudal: u8,
    /// Printed feudal values of the large towns a king must hold.
    pub king_town_feudal: Vec<u8>,
    pub source: String,
}

/// T6.
#[derive(Clone, Debug, Deserialize)]
pub struct Fixed {
    pub source: String,
    pub hand_limit: Vec<HandLimit>,
    pub starting_markers: BTreeMap<Power, u8>,
    pub picks_divisor: u8,
    pub panic_divisor: u8,
    pub battle_turns_die: u8,
    pub battle_turns_max: u8,
    pub fleet_capacity: u8,
    pub cargo_min_ma: u8,
    /// Highest die at sea that brings on a battle (17.15).
    pub high_seas_battle_max: u8,
    pub command_control: CommandControl,
    pub overrun: Overrun,
    pub victory: Victory,
    pub game_turns: u8,
    pub provision_gold_per_square: u8,
}

impl Fixed {
    pub fn hand_limit(&self, players: u8) -> Option<u8> {
        self.hand_limit
            .iter()
            .find(|h| h.players == players)
            .map(|h| h.limit)
    }
}

/// The tables file.
#[derive(Clone, Debug, Deserialize)]
pub struct Tables {
    pub recruiting: Recruiting,
    pub crt: Crt,
    pub terrain: TerrainTable,
    pub turns: Turns,
    pub spoils: Spoils,
    pub fixed: Fixed,
}

fn err(item: impl Into<String>, problem: impl Into<String>) -> DataError {
    DataError::new(DataFile::Tables, item, problem)
}

impl Tables {
    pub fn check(&self) -> Result<(), DataError> {
        if let Some(u) = UnitType::ALL
            .iter()
            .find(|u| !self.recruiting.units.contains_key(u))
        {
            return Err(err(format!("recruiting {u:?}"), "missing"));
        }
        if self.recruiting.units.values().any(|p| p.buys == 0) {
            return Err(err("recruiting", "a price buys no unit"));
        }
        for d in 1..=self.crt.defense_cap {
            let r = self
                .crt
                .row(d)
                .ok_or_else(|| err(format!("crt defense {d}"), "missing"))?;
            let confirm_ok = r.confirm_from.is_none_or(|c| (1..=6).contains(&c));
            if !(1..=6).contains(&r.hit_from) || !confirm_ok {
                return Err(err(format!("crt defense {d}"), "dice must be 1-6"));
            }
            if (r.result == CrtResult::D) != r.confirm_from.is_some() {
                return Err(err(
                    format!("crt defense {d}"),
                    "only a D needs a confirmation die",
                ));
            }
        }
        for t in [
            Terrain::Sea,
            Terrain::Clear,
            Terrain::Forest,
            Terrain::Mountain,
            Terrain::Swamp,
            Terrain::Town,
            Terrain::LargeTown,
        ] {
            if self.terrain.kinds.iter().filter(|r| r.terrain == t).count() != 1 {
                return Err(err(format!("terrain {t:?}"), "must appear exactly once"));
            }
        }
        let turns: Vec<u8> = self.turns.months.iter().map(|m| m.turn).collect();
        if turns != (1..=self.fixed.game_turns).collect::<Vec<_>>() {
            return Err(err("turns", "must run 1 to game_turns in order"));
        }
        self.check_spoils()?;
        if let Some(p) = Power::ALL
            .iter()
            .find(|p| !self.fixed.starting_markers.contains_key(p))
        {
            return Err(err(format!("starting_markers {}", p.key()), "missing"));
        }
        if self.fixed.picks_divisor == 0 || self.fixed.panic_divisor == 0 {
            return Err(err("fixed", "a divisor is 0"));
        }
        Ok(())
    }

    /// Spoils rows must run down from the open top row to 0 without gaps.
    fn check_spoils(&self) -> Result<(), DataError> {
        let mut above: Option<u16> = None;
        for (i, r) in self.spoils.rows.iter().enumerate() {
            let item = format!("spoils row {}", i + 1);
            let fits = match (i, above) {
                (0, _) => r.max.is_none(),
                (_, Some(next)) => r.max.is_some_and(|m| m + 1 == next && m >= r.min),
                _ => false,
            };
            if !fits {
                return Err(err(item, "rows must be contiguous, highest first"));
            }
            above = Some(r.min);
        }
        if above != Some(0) {
            return Err(err("spoils", "the last row must start at 0"));
        }
        Ok(())
    }
}
