import Foundation
import SkaldFFI

/// Which part of the play screen the device shows now.
public enum PlayPhase: Equatable {
    /// Pass the device to `person`: nothing secret is on screen until they confirm.
    case passTo(person: String)
    /// What `person` missed since their own last choice, shown once after the hand-off.
    case recap(person: String, steps: [RecapLine])
    /// `person` decides for `seats`: the board takes taps, the buttons presses.
    case decide(person: String, seats: [String])
    /// The computer (or a standing order) plays for `seats`; the board only shows.
    case computerMoving(seats: [String])
    case over(result: String, detail: String)
    /// The game cannot go on (a bug in the rules): said, never hidden.
    case stuck(reason: String)

    /// What the play screen says above everything else in this phase (the core's words).
    public var heading: String {
        switch self {
        case let .decide(person, seats): return screenHeading(screen: .decide(person: person, seats: seats))
        case let .computerMoving(seats): return screenHeading(screen: .computerToMove(seats: seats))
        case let .over(result, detail): return screenHeading(screen: .over(result: result, detail: detail))
        case let .stuck(reason): return screenHeading(screen: .stuck(reason: reason))
        case let .passTo(person): return screenHeading(screen: .handOff(to: person))
        case let .recap(person, _): return recapHeading(person: person)
        }
    }
}

/// One step of a recap as the hand-off screen lists it.
public struct RecapLine: Equatable {
    public var who: String
    public var action: String
    public var said: [String]

    /// The core's words: in words, not notation; another seat's secret action only as
    /// that something was done.
    init(_ step: RecapStep) {
        who = step.who
        action = step.actionLine
        said = step.said
    }
}

/// The hint, while it is worked out and once it is there.
public enum HintView: Equatable {
    case thinking
    case ready(Hint)
    case failed(String)

    /// What the computer would do, in words ("The computer would move Infantry from 0802 to
    /// 0503"); nil until the hint is there.
    public var headline: String? {
        guard case let .ready(hint) = self else { return nil }
        return hint.headline
    }

    /// The candidates as a person reads them: each action in words with its estimated win
    /// chance (the core's words).
    public var lines: [String] {
        guard case let .ready(hint) = self else { return [] }
        return hint.lines
    }
}

/// Everything the play screen draws.
public struct PlayState {
    public var phase: PlayPhase
    /// The board as the holder may see it (the public board while a hand-off waits).
    public var scene: BoardScene
    /// Why the last tap or press did nothing, or what went wrong; nil when all is well.
    public var message: String?
    /// What the last action did (the person's or the computer's), each line with its rule.
    public var lastSaid: [String] = []
    public var canUndo = false
    public var hint: HintView?
    /// Things to tell the person that are not errors (a save repaired on opening).
    public var notices: [String] = []
    /// A crowded stack opened out for the person to choose a counter, drawn over the board.
    public var spread: Spread?

    /// Whether taps and buttons go to the game now.
    public var takesTaps: Bool {
        if case .decide = phase { return true }
        return false
    }

    /// Whether the board may be shown: never while the device is being passed.
    public var showsBoard: Bool {
        switch phase {
        case .passTo, .recap: return false
        default: return true
        }
    }

    /// Whether the person has begun a choice (a piece, a card tapped): back clears it first.
    public var hasSelection: Bool { takesTaps && !scene.highlights.selected.isEmpty }

    /// Whether this card of the hand (or on offer) is tapped into the choice being made.
    public func isSelected(_ card: SceneCard) -> Bool {
        card.owner == scene.seat && scene.highlights.selected.contains(.card(code: card.code))
    }

    /// The ready action in words and its odds, each outcome with its chance, as lines to
    /// show; empty when none is ready.
    public var readyLines: [String] { scene.ready?.lines ?? [] }

    /// The dice log, oldest first, each line with its rule and the dice as they fell (the
    /// core's lines).
    public var logLines: [String] { scene.log.map(\.line) }
}
