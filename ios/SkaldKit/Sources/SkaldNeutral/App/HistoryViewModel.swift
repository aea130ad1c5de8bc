import SkaldFFI

public struct HistoryState {
    /// Every action still standing, oldest first, as the holder may see it.
    public var lines: [HistoryLine]
    /// The board after this many actions (0: the start).
    public var step: Int
    public var scene: BoardScene
    public var message: String?

    public var atStart: Bool { step == 0 }
    public var atEnd: Bool { step == lines.count }

    /// The step being looked at, as its line reads ("12. viking (Ann): move Infantry from ...").
    public var caption: String {
        guard step >= 1, step <= lines.count else { return "the start" }
        let line = lines[step - 1]
        return "\(line.number). \(line.seat) (\(line.by)\(line.forced ? ", only legal action" : "")): "
            + (line.words ?? "a hidden choice")
    }
}

/// History and replay: the game so far, the board at any step with that step's dice and
/// arrows, and a new game continued from one of them. Only what the device's holder may
/// see: the core filters every line and scene.
public final class HistoryViewModel {
    private let table: GameTable
    public let state: StateCell<HistoryState>

    public init(_ table: GameTable) throws {
        self.table = table
        let lines = try table.history()
        state = StateCell(HistoryState(lines: lines, step: lines.count,
                                       scene: try table.historyScene(step: UInt32(lines.count))))
    }

    public func select(_ step: Int) {
        let s = state.value
        let wanted = min(max(step, 0), s.lines.count)
        var next = s
        do {
            next.scene = try table.historyScene(step: UInt32(wanted))
            next.step = wanted
            next.message = nil
        } catch {
            next.message = words(error)
        }
        state.set(next)
    }

    public func back() { select(state.value.step - 1) }

    public func forward() { select(state.value.step + 1) }

    /// A new game from the step looked at: fresh dice, hidden cards dealt again.
    public func continueHere(name: String) -> GameTable? {
        do {
            return try table.continueFrom(step: UInt32(state.value.step), name: name)
        } catch {
            var s = state.value
            s.message = words(error)
            state.set(s)
            return nil
        }
    }
}
