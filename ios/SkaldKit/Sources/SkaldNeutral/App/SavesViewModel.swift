import SkaldFFI

public struct SavesState {
    /// Newest first; damaged saves are listed with their reason and cannot be opened.
    public var saves: [SaveEntry] = []
    /// What was repaired when the saves were opened after a crash.
    public var recovery: String?
    /// The last error or confirmation, in words.
    public var message: String?

    /// The game "continue" opens: the newest save that is not damaged.
    public var last: SaveEntry? { saves.first { $0.damaged == nil } }
}

/// The saves as the home and saves screens show them: continue the last game, rename,
/// delete, export (a full backup, or a replay of what some seats saw) and import. Exports
/// are text: the shell writes or shares the file.
public final class SavesViewModel {
    private let folder: SaveFolder
    public let state: StateCell<SavesState>

    public init(_ folder: SaveFolder) {
        self.folder = folder
        state = StateCell(SavesState(recovery: folder.recovery()))
        refresh()
    }

    public func refresh(message: String? = nil) {
        answer {
            let saves = try folder.saves()
            state.update { s in var s = s; s.saves = saves; s.message = message; return s }
        }
    }

    public func rename(_ id: UInt64, to name: String) {
        answer {
            try folder.rename(id: id, name: name)
            refresh(message: "renamed")
        }
    }

    public func delete(_ id: UInt64) {
        answer {
            try folder.delete(id: id)
            refresh(message: "deleted")
        }
    }

    /// The whole save, seed and every secret included: for moving it to another device.
    public func exportBackup(_ id: UInt64) -> String? { answer { try folder.exportBackup(id: id) } }

    /// What `seats` (by id) saw of the game, to share without giving away the others' secrets.
    public func exportReplay(_ id: UInt64, seats: [String]) -> String? {
        answer { try folder.exportReplay(id: id, seats: seats) }
    }

    /// What one seat, chosen from `replaySeats`, saw of the game.
    public func exportReplay(_ id: UInt64, seat: SavedSeat) -> String? { exportReplay(id, seats: [seat.seat]) }

    /// The seats a replay of save `id` may be seen from, as its line lists them (a chooser
    /// shows `choice`); empty for an unknown or damaged save.
    public func replaySeats(_ id: UInt64) -> [SavedSeat] {
        state.value.saves.first { $0.id == id }?.seatList ?? []
    }

    /// A backup back as a save: its id, or nil with the reason in the state.
    public func importBackup(_ text: String) -> UInt64? {
        guard let id = answer({ try folder.importBackup(text: text) }) else { return nil }
        refresh(message: "imported")
        return id
    }

    @discardableResult
    private func answer<T>(_ call: () throws -> T) -> T? {
        do {
            return try call()
        } catch {
            let message = words(error)
            state.update { s in var s = s; s.message = message; return s }
            return nil
        }
    }
}
