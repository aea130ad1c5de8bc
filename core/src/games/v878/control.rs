//! City control and the Victory Track (4.6): markers follow Viking occupation at rest.

use super::data::{data, Side};
use super::happenings::{Happening, V878Event as E};
use super::queries::Presence;
use super::state::V878State;

/// Puts a marker on every City Shire the Vikings hold with no English units in it, and
/// takes markers back from cities the Vikings have left (4.6, G23).
pub fn update_markers(state: &mut V878State) -> Vec<Happening> {
    let d = data();
    let mut events = Vec::new();
    let plunder = d.scenarios()[state.options.scenario as usize].plunder;
    // Markers change nobody's units, so who is where is found once.
    let here = Presence::of(state);
    for &city in d.cities() {
        let i = city.0 as usize;
        let vikings = here.occupies(city, Side::Viking);
        let english = here.holds(city, Side::English);
        if state.marked[i] && !vikings {
            state.marked[i] = false;
            events.push(Happening::public("4.6", E::MarkerReturned { shire: city }));
        } else if !state.marked[i]
            && vikings
            && !english
            && !plunder
            && state.markers_on_map() < state.markers
        {
            state.marked[i] = true;
            events.push(Happening::public("4.6", E::MarkerTaken { shire: city }));
        }
    }
    events
}
