import Foundation
import SkaldFFI

/// Who plays one seat, as the new-game screen edits it.
public struct SeatChoice: Equatable {
    /// The seat's id (`viking`): what the calls take, never what to show.
    public var seat: String
    /// The seat as people read it (`Viking`), as the saves list names it: what to show (the core's words).
    public var label: String
    public var person: Bool
    /// The person's name when `person`; kept while the seat is the computer's, for going back.
    public var name: String
    /// The computer's level when not `person`.
    public var level: String

    public init(seat: String, label: String, person: Bool, name: String, level: String) {
        self.seat = seat
        self.label = label
        self.person = person
        self.name = name
        self.level = level
    }

    init(_ seat: NewSeat) {
        self.init(seat: seat.seat, label: seat.label, person: seat.person, name: seat.name, level: seat.level)
    }

    func player() -> SeatPlayer { person ? .person(name: trimmedName) : .computer(skill: level) }

    /// As the seat's row reads: "Viking: Ann" or "Villager: computer (normal)" (the core's words).
    public var summary: String { newSeatSummary(seat: newSeat) }

    var newSeat: NewSeat { NewSeat(seat: seat, label: label, person: person, name: name, level: level) }

    var trimmedName: String { name.trimmingCharacters(in: .whitespacesAndNewlines) }
}

public struct NewGameState {
    public var games: [GameEntry]
    public var levels: [String]
    public var game = 0
    public var scenario = 0
    public var seats: [SeatChoice] = []
    /// What the saves list will call it; blank: the game's name and scenario.
    public var name = ""
    public var error: String?

    public var chosenGame: GameEntry { games[game] }
    public var chosenScenario: ScenarioEntry { chosenGame.scenarios[scenario] }

    /// Why the game cannot start yet, in words (the core's); nil when it can.
    public var problem: String? { newGameProblem(seats: seats.map(\.newSeat)) }
}

/// The new-game screen: a game, one of its scenarios, who plays each seat (a person by
/// name, or the computer at a level) and the save's name. The choices come from the core's
/// catalogue; starting the game is the core's call.
public final class NewGameViewModel {
    public let state: StateCell<NewGameState>

    public init(games: [GameEntry], levels: [String]) {
        var initial = NewGameState(games: games, levels: levels)
        initial.seats = NewGameViewModel.defaultSeats(initial, game: 0, scenario: 0)
        state = StateCell(initial)
    }

    public func chooseGame(_ index: Int) {
        update { s in
            guard s.games.indices.contains(index) else { return }
            s.game = index
            s.scenario = 0
            s.seats = NewGameViewModel.defaultSeats(s, game: index, scenario: 0)
            s.error = nil
        }
    }

    public func chooseScenario(_ index: Int) {
        update { s in
            guard s.chosenGame.scenarios.indices.contains(index) else { return }
            s.scenario = index
            s.seats = NewGameViewModel.defaultSeats(s, game: s.game, scenario: index)
            s.error = nil
        }
    }

    /// The seat is played by a person called `name`.
    public func setPerson(_ seat: Int, name: String) {
        updateSeat(seat) { $0.person = true; $0.name = name }
    }

    /// The seat is played by the computer at `level` (one of the core's levels).
    public func setComputer(_ seat: Int, level: String) {
        guard state.value.levels.contains(level) else { return }
        updateSeat(seat) { $0.person = false; $0.level = level }
    }

    public func setName(_ name: String) {
        update { $0.name = name }
    }

    /// Starts the game and its save; nil (with the error in the state) if the core refuses.
    public func start(in folder: SaveFolder) -> GameTable? {
        let s = state.value
        if let problem = s.problem {
            update { $0.error = problem }
            return nil
        }
        do {
            return try folder.newGame(choice: NewGame(
                game: s.chosenGame.id, scenario: s.chosenScenario.id, seats: s.seats.map { $0.player() },
                name: s.name.trimmingCharacters(in: .whitespacesAndNewlines)))
        } catch {
            let message = words(error)
            update { $0.error = message }
            return nil
        }
    }

    private func updateSeat(_ index: Int, _ change: (inout SeatChoice) -> Void) {
        update { s in
            guard s.seats.indices.contains(index) else { return }
            change(&s.seats[index])
            s.error = nil
        }
    }

    private func update(_ change: (inout NewGameState) -> Void) {
        state.update { s in var s = s; change(&s); return s }
    }

    /// The core's starting seats for the game and scenario: one person against the computer.
    private static func defaultSeats(_ state: NewGameState, game: Int, scenario: Int) -> [SeatChoice] {
        let chosen = state.games[game]
        return newGameSeats(game: chosen.id, scenario: chosen.scenarios[scenario].id).map { SeatChoice($0) }
    }
}
