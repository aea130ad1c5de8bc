package skald.app

import uniffi.skald_ffi.SaveEntry
import uniffi.skald_ffi.SavedSeat

/*
 * A save as the saves screen words it, the same on every platform: names people read,
 * from the core (the catalogue's titles, the seats capitalised, "Computer (hard)"), never
 * the ids the calls take.
 */

/** "The Fury of the Norsemen, Basic Game". */
val SaveEntry.gameLine: String
    get() = "$gameName, $scenarioName"

/** "The Fury of the Norsemen, Basic Game: Turn 3, Viking movement (5.0)", or only where
 *  it stands when the save is named after its game and scenario (as an unnamed game is). */
val SaveEntry.progressLine: String
    get() = if (name.trim() == gameLine) progress else "$gameLine: $progress"

/** "Viking: Ann, Villager: Computer (hard)"; the saved text if the seating did not read. */
val SaveEntry.seatsLine: String
    get() = if (seatList.isEmpty()) seats else seatList.joinToString(", ") { it.choice }

/** One seat and who plays it, as the seats line and a replay's chooser say it: "Viking: Ann". */
val SavedSeat.choice: String
    get() = "$name: $player"
