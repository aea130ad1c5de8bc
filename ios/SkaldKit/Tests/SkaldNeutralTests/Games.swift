import Foundation
import SkaldFFI
import SkaldNeutral

/// Save folders and games for the tests: each in a temporary folder of its own.
enum Games {
    static func folder(_ prefix: String = "skald-test") throws -> SaveFolder {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return try SaveFolder.open(folder: dir.path)
    }

    /// A new game with Ann in the first seat and the simple computer in the others,
    /// played on until it is Ann's turn: for the painter's tests.
    static func start(_ game: String, _ scenario: String) throws -> GameTable {
        let seats = catalogue().first { $0.id == game }!.scenarios.first { $0.id == scenario }!.seats
        let players: [SeatPlayer] = seats.indices.map { $0 == 0 ? .person(name: "Ann") : .computer(skill: "simple") }
        let table = try folder("skald-paint").newGame(choice: NewGame(game: game, scenario: scenario, seats: players, name: ""))
        while true {
            switch table.screen() {
            case .computerToMove: _ = try table.computerStep()
            case .handOff: _ = try table.confirmHandoff()
            default: return table
            }
        }
    }

    /// From home through the new-game screen to a Fury game against the computer at the
    /// easy level, as a person would start one: the play screen's model, or nil (with the
    /// route it reached) when a screen did not come.
    static func playAgainstEasy(_ app: AppViewModel) -> (PlayViewModel?, Route) {
        app.newGame()
        guard case let .newGame(newGame) = app.route.value else { return (nil, app.route.value) }
        newGame.setComputer(1, level: "easy")
        app.start(newGame)
        guard case let .play(play) = app.route.value else { return (nil, app.route.value) }
        return (play, app.route.value)
    }

    static func furyBasic() throws -> GameTable { try start("fury", "basic") }

    static func v878Standard() throws -> GameTable { try start("v878", "standard") }
}
