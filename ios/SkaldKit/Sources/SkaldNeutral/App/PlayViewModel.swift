import Foundation
import SkaldFFI

/// The play screen: the board, the prompt and buttons, the hand-off and its recap, undo
/// and hint, and the computer's moves, over one `GameTable`. It holds no rule: the core decides
/// what a tap means and what may be seen; this keeps the state a screen draws and runs the
/// computer off the caller's thread.
///
/// Calls come from the UI; the computer's moves and the hint are worked out on the core's
/// own threads and awaited in tasks of their own, and their results arrive through
/// `state`. A hint is cancelled when the person taps, plays, undoes or leaves; one that
/// arrives for a position gone by is dropped. `computerPause` holds each computer move
/// back (seconds) so that a person can follow it.
public final class PlayViewModel: @unchecked Sendable {
    public let table: GameTable
    public let state: StateCell<PlayState>
    /// What VoiceOver says of the board, from the core.
    public let speech: BoardSpeech

    private let computerPause: Double
    // Recursive: back() closes a spread through the same guarded path as a tap.
    private let lock = NSRecursiveLock()
    private var computer: Task<Void, Never>?
    private var computerRun = 0
    private var thinking: ComputerMove?
    private var hintRequest: HintRequest?
    private var hintTask: Task<Void, Never>?

    public init(table: GameTable, computerPause: Double = 0) {
        self.table = table
        self.computerPause = computerPause
        speech = BoardSpeech(table)
        state = StateCell(PlayViewModel.read(table, table.screen()))
        locked { settle() }
    }

    /// A tap on the board at a point in map units (the viewport turns pixels into them).
    public func tapMap(_ x: Float, _ y: Float) {
        touch { try table.tap(x: x, y: y) }
    }

    /// A finger's tap on the board at `screen` pixels, the board shown through `viewport`,
    /// the finger `finger` pixels wide: what a shell calls. With a spread open, a tap on one
    /// of its tiles sends that choice to the core and any other tap only closes it. A tap
    /// that may mean more than one counter opens their stack as a spread and sends nothing
    /// (`Reach`); any other goes to the core at its map point, as `tapMap`.
    public func tapBoard(_ screen: Pt, viewport: Viewport, finger: Float) {
        guarded {
            let now = state.value
            if let open = now.spread {
                publish { $0.spread = nil }
                // By its target, not a point: the person named it, and a point on a counter
                // deep in the stack is on those lying over it as well.
                if let target = open.choiceAt(screen, viewport: viewport, finger: finger) {
                    touch { try table.press(press: .tap(target: target)) }
                }
                return
            }
            if now.takesTaps, let spread = Reach.spreadFor(table, viewport: viewport, screen: screen, finger: finger) {
                publish { $0.spread = spread; $0.message = nil }
            } else {
                let at = viewport.toMap(screen)
                tapMap(at.x, at.y)
            }
        }
    }

    /// Closes an open spread without choosing.
    public func closeSpread() {
        guarded { publish { $0.spread = nil } }
    }

    /// The back gesture during play: an open spread closes, else a choice begun is cleared;
    /// true if it did either, false when there was nothing to take back on the board (back
    /// then leaves the game).
    public func back() -> Bool {
        locked {
            let now = state.value
            if now.spread != nil {
                closeSpread()
            } else if now.hasSelection {
                clearSelection()
            } else {
                return false
            }
            return true
        }
    }

    /// A button of the scene.
    public func press(_ button: SceneButton) {
        touch { try table.press(press: button.press) }
    }

    /// A card of the hand (or one on offer), tapped in its tray.
    public func tapCard(_ code: String) {
        touch { try table.press(press: .tap(target: .card(code: code))) }
    }

    /// Clears the selection.
    public func clearSelection() {
        touch { try table.press(press: .clear) }
    }

    /// The person the device was passed to says it is them.
    public func confirmHandOff() {
        guarded {
            let person = try table.confirmHandoff()
            let steps = try table.recap().map(RecapLine.init)
            if steps.isEmpty {
                settle()
            } else {
                publish { $0.phase = .recap(person: person, steps: steps); $0.message = nil }
            }
        }
    }

    /// The recap is read: on to the board.
    public func dismissRecap() {
        guarded { settle() }
    }

    /// Takes back the holder's last action (and the computer's after it).
    public func undo() {
        guarded {
            stopHint()
            stopComputer()
            try table.undo()
            settle(lastSaid: [])
        }
    }

    /// Asks what the computer would do in the holder's place, from the holder's view. The
    /// search runs on the core's thread and blocks nothing; a tap, an undo or leaving
    /// cancels it, and a hint for a position gone by is never shown.
    public func askHint() {
        let request: HintRequest? = locked {
            guard case .decide = state.value.phase, hintRequest == nil else { return nil }
            do {
                let request = try table.startHint()
                hintRequest = request
                publish { $0.hint = .thinking }
                return request
            } catch {
                let message = words(error)
                publish { $0.hint = .failed(message) }
                return nil
            }
        }
        guard let request else { return }
        let task = Task.detached { [weak self] in
            // nil when cancelled, or when the game moved on before it came.
            let hint = await request.outcome()
            self?.hintArrived(hint, for: request)
        }
        locked { if hintRequest === request { hintTask = task } }
    }

    /// Waits until the hint asked for has come or was cancelled (for tests).
    public func hintIdle() async {
        while let task = locked({ hintTask }) {
            await task.value
            locked { if hintTask == task { hintTask = nil } }
        }
    }

    /// Shows a message on the play screen (an error from a screen opened over it).
    public func say(_ message: String) {
        guarded { publish { $0.message = message } }
    }

    /// Waits until the computer has stopped moving (for tests, and a shell's "skip").
    public func idle() async {
        while let running = locked({ computer }) {
            await running.value
            locked { if computer == running { computer = nil } }
        }
    }

    /// The person leaves the game: the computer and the hint stop thinking. The table stays
    /// open.
    public func close() {
        locked {
            stopComputer()
            stopHint()
        }
    }

    // MARK: - Calls to the core

    private func touch(_ call: () throws -> TapOutcome) {
        guarded {
            guard state.value.takesTaps else {
                publish { $0.message = wordsNotYourTurn() }
                return
            }
            // A hint is for the position it was asked in: a tap moves on from it.
            stopHint()
            switch try call() {
            case let .played(_, said): settle(lastSaid: said)
            case let .nothing(why): settle(message: why)
            default: settle()
            }
        }
    }

    /// Runs a call to the core; a refusal or a storage error becomes the message.
    private func guarded(_ call: () throws -> Void) {
        locked {
            do {
                try call()
            } catch {
                var next = PlayViewModel.read(table, table.screen())
                next.message = words(error)
                state.set(next)
            }
        }
    }

    /// Reads the game anew after anything changed, and sets the computer going if it is its move.
    private func settle(message: String? = nil, lastSaid: [String]? = nil) {
        let screen = table.screen()
        var next = PlayViewModel.read(table, screen)
        next.message = message
        next.lastSaid = lastSaid ?? state.value.lastSaid
        state.set(next)
        if case .computerToMove = screen, computer == nil { startComputer() }
    }

    private static func read(_ table: GameTable, _ screen: Screen) -> PlayState {
        let phase: PlayPhase
        switch screen {
        case let .handOff(to): phase = .passTo(person: to)
        case let .decide(person, seats): phase = .decide(person: person, seats: seats)
        case let .computerToMove(seats): phase = .computerMoving(seats: seats)
        case let .over(result, detail): phase = .over(result: result, detail: detail)
        case let .stuck(reason): phase = .stuck(reason: reason)
        }
        return PlayState(phase: phase, scene: table.scene(), canUndo: table.canUndo(), notices: table.notices())
    }

    private func publish(_ change: (inout PlayState) -> Void) {
        state.update { s in var s = s; change(&s); return s }
    }

    // MARK: - The hint

    private func hintArrived(_ hint: Hint?, for request: HintRequest) {
        locked {
            guard hintRequest === request else { return }
            hintRequest = nil
            hintTask = nil
            if state.value.hint == .thinking { publish { $0.hint = hint.map(HintView.ready) } }
        }
    }

    /// Cancels the hint being worked out (the core's search stops; a Swift task's
    /// cancellation would not reach it); its answer is dropped.
    private func stopHint() {
        hintRequest?.cancel()
        hintRequest = nil
        hintTask = nil
        // One already shown goes too: it was for the position the person moves on from (or
        // leaves), however quickly it came.
        if state.value.hint != nil { publish { $0.hint = nil } }
    }

    // MARK: - The computer

    /// The computer's moves, one after another until a person is to choose.
    private func startComputer() {
        computerRun += 1
        let run = computerRun
        computer = Task.detached { [weak self] in
            await self?.playComputer(run: run)
        }
    }

    private func playComputer(run: Int) async {
        while !Task.isCancelled {
            // Whether to go on, and the end of this run when not, in one step: a person's
            // call in between then finds no computer running and starts a new one.
            let going: Bool = locked {
                if case .computerToMove = table.screen() { return true }
                if computerRun == run { computer = nil }
                return false
            }
            guard going else { return }
            if computerPause > 0 {
                try? await Task.sleep(nanoseconds: UInt64(computerPause * 1_000_000_000))
            }
            do {
                guard let said = try await playOneComputerMove() else { break }
                locked {
                    if !Task.isCancelled {
                        var next = PlayViewModel.read(table, table.screen())
                        next.lastSaid = said
                        state.set(next)
                    }
                }
            } catch {
                let message = words(error)
                locked { publish { $0.message = message } }
                break
            }
        }
        locked { if computerRun == run { computer = nil } }
    }

    private enum ComputerStep {
        case cancelled
        case played([String])
        case thinking(ComputerMove)
    }

    /// One move: thought out on the core's own thread when it needs thought; nil if cancelled.
    private func playOneComputerMove() async throws -> [String]? {
        // Under the lock with the cancel check: an undo (which cancels under the same lock)
        // either comes first and nothing starts, or finds the move in `thinking`.
        let step: ComputerStep = try locked {
            if Task.isCancelled { return .cancelled }
            if let move = try table.think() {
                thinking = move
                return .thinking(move)
            }
            return .played(try table.computerStep())
        }
        switch step {
        case .cancelled: return nil
        case let .played(said): return said
        case let .thinking(move):
            defer { locked { if thinking === move { thinking = nil } } }
            return try await move.finish()
        }
    }

    /// Cancels the computer's move: a Swift task's cancellation does not reach a Rust
    /// future, so the move's own handle is told as well.
    private func stopComputer() {
        thinking?.cancel()
        computer?.cancel()
        computer = nil
        computerRun += 1
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
