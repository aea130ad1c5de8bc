//! Questions about a position that several rule modules ask (battles, marches, Event
//! cards), kept below all of them so that none has to reach into another.

use super::data::{data, Faction, Side};
use super::state::V878State;
use crate::board::area::AreaId;

impl V878State {
    /// Who of a side decides for it (G15): the active faction if it is on that side,
    /// else the faction with more units in the battle, the 3-dice faction on a tie.
    pub fn decider(&self, shire: AreaId, side: Side) -> Faction {
        if let Some(a) = self.active() {
            if a.side() == side {
                return a;
            }
        }
        let [small, big] = match side {
            Side::English => [Faction::Housecarl, Faction::Thegn],
            Side::Viking => [Faction::Berserker, Faction::Norsemen],
        };
        if self.present(shire, small) > self.present(shire, big) {
            small
        } else {
            big
        }
    }

    /// May an army of `side` enter this shire at all (3.2, marshes; scenario regions)?
    pub fn may_enter(&self, side: Side, shire: AreaId) -> bool {
        let d = data();
        let sc = &d.scenarios()[self.options.scenario as usize];
        if d.is_marsh(shire) && !sc.marsh_access.allows(side) {
            return false;
        }
        d.kingdom(shire).is_some_and(|k| sc.region_allows(k))
    }
}
