import Foundation
import SkaldFFI

// A save as the saves screen words it, the same on every platform: names people read,
// from the core (the catalogue's titles, the seats capitalised, "Computer (hard)"), never
// the ids the calls take.

extension SaveEntry {
    /// "The Fury of the Norsemen, Basic Game".
    public var gameLine: String { "\(gameName), \(scenarioName)" }

    /// "The Fury of the Norsemen, Basic Game: Turn 3, Viking movement (5.0)", or only where
    /// it stands when the save is named after its game and scenario (as an unnamed game is).
    public var progressLine: String {
        name.trimmingCharacters(in: .whitespaces) == gameLine ? progress : "\(gameLine): \(progress)"
    }

    /// "Viking: Ann, Villager: Computer (hard)"; the saved text if the seating did not read.
    public var seatsLine: String {
        seatList.isEmpty ? seats : seatList.map(\.choice).joined(separator: ", ")
    }
}

extension SavedSeat {
    /// One seat and who plays it, as the seats line and a replay's chooser say it: "Viking: Ann".
    public var choice: String { "\(name): \(player)" }
}
