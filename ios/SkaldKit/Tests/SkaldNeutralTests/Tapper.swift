import SkaldFFI
import SkaldNeutral
import XCTest

/// A person who plays only by taps, as a finger would: on the board where the core says a
/// counter or a cell can be reached (`GameTable.aim`), and on the buttons and cards the scene
/// offers. It picks among the targets the scene highlights for a next tap, and confirms a
/// ready action. Seeded, so that a test plays the same choices every time.
struct Tapper {
    private var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// One tap or press for the scene the model shows now.
    mutating func tapOnce(_ model: PlayViewModel) {
        let scene = model.state.value.scene
        if scene.ready != nil, let confirm = scene.buttons.first(where: { $0.press == .confirm }) {
            model.press(confirm)
            return
        }
        // Waypoints only choose another path for a ready action; there is none here.
        let next = scene.highlights.next.filter { if case .via = $0 { return false } else { return true } }
        precondition(!next.isEmpty, "nothing to tap: \(scene.prompt)")
        tap(model, scene, next[Int(random.next() % UInt64(next.count))])
    }

    private func tap(_ model: PlayViewModel, _ scene: BoardScene, _ target: Target) {
        switch target {
        case .piece, .cell:
            // Where a finger reaches it as drawn: a counter's visible part, a cell's part clear of counters.
            guard let at = model.table.aim(target: target) else {
                preconditionFailure("the core cannot aim at \(target)")
            }
            model.tapMap(at.x, at.y)
        case let .card(code):
            model.tapCard(code)
        default:
            guard let button = scene.buttons.first(where: { $0.press == .tap(target: target) }) else {
                preconditionFailure("no button for \(target)")
            }
            model.press(button)
        }
    }
}

/// SplitMix64: Swift's library has no seeded generator, and a test's game must repeat.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

extension PlayViewModel {
    /// The state once the computer has stopped moving.
    func settled() async -> PlayState {
        await idle()
        return state.value
    }
}

extension PlayPhase {
    var isDecide: Bool {
        if case .decide = self { return true }
        return false
    }
}
