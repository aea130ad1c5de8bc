import SkaldFFI
@testable import SkaldNeutral
import XCTest

/// The new-game, saves, history and navigation models over the real core.
final class ScreensTests: XCTestCase {
    func testTheCatalogueOffersEveryGameWithItsScenariosAndSeats() throws {
        let games = catalogue()
        XCTAssertEqual(games.map(\.id), ["fury", "v878", "g1066"])
        for game in games {
            XCTAssertFalse(game.name.isEmpty)
            XCTAssertFalse(game.scenarios.isEmpty, game.id)
            XCTAssertTrue(game.scenarios.allSatisfy { !$0.seats.isEmpty }, game.id)
        }
        XCTAssertEqual(levels(), ["easy", "normal", "hard"])
    }

    func testTheNewGameScreenOffersEveryGameAndStartsTheChosenSeating() throws {
        let model = NewGameViewModel(games: catalogue(), levels: levels())
        let s = model.state.value
        // One person against the computer at the middle level, by default.
        XCTAssertEqual(s.seats, [SeatChoice(seat: "viking", label: "Viking", person: true, name: "Player 1", level: "normal"),
                                 SeatChoice(seat: "villager", label: "Villager", person: false, name: "", level: "normal")])
        // Each seat is named as the saves list names it (the core's words).
        XCTAssertEqual(s.seats.map(\.summary), ["Viking: Player 1", "Villager: computer (normal)"])
        XCTAssertNil(s.problem)
        model.chooseGame(1)
        XCTAssertEqual(model.state.value.seats,
                       [SeatChoice(seat: "housecarl", label: "Housecarl", person: true, name: "Player 1", level: "normal"),
                        SeatChoice(seat: "thegn", label: "Thegn", person: false, name: "", level: "normal"),
                        SeatChoice(seat: "norsemen", label: "Norsemen", person: false, name: "", level: "normal"),
                        SeatChoice(seat: "berserker", label: "Berserker", person: false, name: "", level: "normal")])
        XCTAssertEqual(model.state.value.seats.map(\.summary),
                       ["Housecarl: Player 1", "Thegn: computer (normal)", "Norsemen: computer (normal)", "Berserker: computer (normal)"])
        model.setPerson(0, name: " ")
        XCTAssertEqual(model.state.value.problem, "Who plays Housecarl? Type a name or choose the computer")
        model.chooseGame(7)
        XCTAssertEqual(model.state.value.game, 1)
        model.chooseGame(0)
        model.setComputer(1, level: "hard")
        model.setComputer(1, level: "grandmaster")
        XCTAssertEqual(model.state.value.seats[1].summary, "Villager: computer (hard)")
        model.setPerson(1, name: "")
        XCTAssertEqual(model.state.value.problem, "Who plays Villager? Type a name or choose the computer")
        model.setComputer(1, level: "hard")
        model.setPerson(0, name: "  ")
        XCTAssertNil(model.start(in: try Games.folder()))
        XCTAssertEqual(model.state.value.error, "Who plays Viking? Type a name or choose the computer")
        model.setPerson(0, name: " Ann ")
        model.setName("Ann's raid")
        let folder = try Games.folder()
        XCTAssertNotNil(model.start(in: folder))
        XCTAssertNil(model.state.value.error)
        let saves = try folder.saves()
        XCTAssertEqual(saves.count, 1)
        XCTAssertEqual(saves.first?.name, "Ann's raid")
        XCTAssertEqual(saves.first?.seats, "viking=person:Ann,villager=computer:hard")
    }

    func testAGameOrScenarioTheCoreDoesNotKnowHasNoSeats() throws {
        XCTAssertEqual(newGameSeats(game: "chess", scenario: "basic"), [])
        XCTAssertEqual(newGameSeats(game: "fury", scenario: "no-such"), [])
        let chess = GameEntry(id: "chess", name: "Chess",
                              scenarios: [ScenarioEntry(id: "basic", name: "Basic", summary: "", seats: ["white", "black"])],
                              optionalRules: [])
        let model = NewGameViewModel(games: [chess], levels: levels())
        XCTAssertEqual(model.state.value.seats, [])
        XCTAssertNil(model.state.value.problem)
        XCTAssertNil(model.start(in: try Games.folder()))
        XCTAssertNotNil(model.state.value.error)
    }

    func testTheSavesScreenRenamesExportsImportsAndDeletes() throws {
        let folder = try Games.folder()
        _ = try folder.newGame(choice: NewGame(game: "fury", scenario: "basic",
                                               seats: [.person(name: "Ann"), .computer(skill: "simple")], name: "first"))
        let saves = SavesViewModel(folder)
        let id = try XCTUnwrap(saves.state.value.last).id
        saves.rename(id, to: "renamed raid")
        XCTAssertEqual(saves.state.value.saves.map(\.name), ["renamed raid"])
        XCTAssertEqual(saves.state.value.message, "renamed")
        let backup = try XCTUnwrap(saves.exportBackup(id))
        let replay = try XCTUnwrap(saves.exportReplay(id, seats: ["viking"]))
        XCTAssertNotEqual(backup, replay)
        XCTAssertNil(saves.exportReplay(id, seats: ["nobody"]))
        XCTAssertTrue(saves.state.value.message?.contains("nobody") ?? false)
        let copy = try XCTUnwrap(saves.importBackup(backup))
        XCTAssertEqual(saves.state.value.saves.count, 2)
        saves.delete(copy)
        XCTAssertEqual(saves.state.value.saves.map(\.id), [id])
        XCTAssertEqual(saves.state.value.message, "deleted")
    }

    func testGarbageIsAnsweredWithErrorsNotCrashes() throws {
        let folder = try Games.folder()
        _ = try folder.newGame(choice: NewGame(game: "fury", scenario: "basic",
                                               seats: [.person(name: "Ann"), .computer(skill: "simple")], name: ""))
        let saves = SavesViewModel(folder)
        let id = try XCTUnwrap(saves.state.value.last).id
        // A backup that is not one, a save that is not there, a blank name: each in words.
        for (what, attempt) in [("import", { _ = saves.importBackup("not a backup") }),
                                ("delete", { saves.delete(999_999) }),
                                ("rename", { saves.rename(id, to: "   ") }),
                                ("export", { _ = saves.exportBackup(999_999) })] as [(String, () -> Void)] {
            saves.refresh()
            attempt()
            let message = try XCTUnwrap(saves.state.value.message, what)
            XCTAssertFalse(message.isEmpty, what)
        }
        XCTAssertEqual(saves.state.value.saves.map(\.id), [id])
        XCTAssertEqual(saves.replaySeats(999_999), [])
        // The core's typed errors reach Swift as `SkaldError`, with the core's words.
        XCTAssertThrowsError(try folder.newGame(choice: NewGame(game: "chess", scenario: "basic", seats: [], name: ""))) {
            guard case .BadInput = $0 as? SkaldError else { return XCTFail("\($0)") }
            XCTAssertFalse(words($0).isEmpty)
        }
        XCTAssertThrowsError(try folder.newGame(choice: NewGame(game: "fury", scenario: "basic",
                                                                seats: [.person(name: "Ann")], name: "")))
        XCTAssertThrowsError(try folder.openGame(id: 424_242))
        XCTAssertThrowsError(try SaveFolder.open(folder: "/proc/no/such/folder"))
        // A new-game screen the core refuses stays put with the reason.
        let model = NewGameViewModel(games: catalogue(), levels: ["easy", "unheard-of"])
        model.setComputer(1, level: "unheard-of")
        XCTAssertNil(model.start(in: folder))
        XCTAssertNotNil(model.state.value.error)
        // A tap off the map, and a card that is not in the hand, are refused in words.
        let play = PlayViewModel(table: try folder.openGame(id: id))
        play.tapMap(-1e6, .nan)
        play.tapCard("no such card")
        XCTAssertNotNil(play.state.value.message)
        play.close()
    }

    func testTheSavesListNamesGamesScenariosAndSeatsAsPeopleReadThem() throws {
        let folder = try Games.folder()
        _ = try folder.newGame(choice: NewGame(game: "fury", scenario: "basic",
                                               seats: [.person(name: "Ann"), .computer(skill: "hard")], name: ""))
        let saves = SavesViewModel(folder)
        let save = try XCTUnwrap(saves.state.value.last)
        let basic = try XCTUnwrap(catalogue().first { $0.id == "fury" }?.scenarios.first { $0.id == "basic" })
        // The lines are the core's (bindings/src/words.rs), the same on every platform.
        XCTAssertEqual(save.gameLine, "The Fury of the Norsemen, Basic Game")
        XCTAssertEqual(save.gameLine, "The Fury of the Norsemen, \(basic.name)")
        XCTAssertEqual(save.seatsLine, "Viking: Ann, Villager: Computer (hard)")
        // Named after its game and scenario, the save does not say them twice; where it
        // stands is in words, not the notation's phase ids.
        XCTAssertEqual(save.name, save.gameLine)
        XCTAssertEqual(save.progressLine, save.progress)
        XCTAssertNotNil(save.progress.range(of: #"^(Set-up|Turn \d+), [A-Z]"#, options: .regularExpression), save.progress)
        // Named otherwise, it says its game before where it stands.
        saves.rename(save.id, to: "Ann's raid")
        let renamed = try XCTUnwrap(saves.state.value.last)
        XCTAssertEqual(renamed.name, "Ann's raid")
        XCTAssertEqual(renamed.progressLine, "The Fury of the Norsemen, Basic Game: \(save.progress)")
        // The replay is offered from the save's own seats, each as a person reads it.
        let seats = saves.replaySeats(save.id)
        XCTAssertEqual(seats.map(\.choice), ["Viking: Ann", "Villager: Computer (hard)"])
        XCTAssertEqual(seats.map(\.seat), ["viking", "villager"])
        XCTAssertFalse(try XCTUnwrap(saves.exportReplay(save.id, seat: seats[0])).isEmpty)
    }

    func testTheHistoryStepsThroughTheGameAndContinuesFromAStep() async throws {
        let folder = try Games.folder()
        let play = PlayViewModel(table: try folder.newGame(choice: NewGame(
            game: "fury", scenario: "basic", seats: [.person(name: "Ann"), .computer(skill: "simple")], name: "")))
        _ = await play.settled()
        play.press(try XCTUnwrap(play.state.value.scene.buttons.first { $0.label == "ship" }))
        let hex = try XCTUnwrap(play.state.value.scene.cells.first { $0.label == "0802" })
        play.tapMap(hex.centre.x, hex.centre.y)
        _ = await play.settled()
        let history = try HistoryViewModel(play.table)
        XCTAssertTrue(history.state.value.atEnd)
        XCTAssertEqual(history.state.value.lines.prefix(3).map(\.action), ["setup default", "end", "ship 0802"])
        history.select(0)
        XCTAssertTrue(history.state.value.atStart)
        XCTAssertEqual(history.state.value.caption, "the start")
        history.back()
        XCTAssertEqual(history.state.value.step, 0)
        history.forward()
        history.forward()
        XCTAssertEqual(history.state.value.step, 2)
        XCTAssertEqual(history.state.value.caption, "2. villager (computer): end Villager set-up")
        history.forward()
        XCTAssertEqual(history.state.value.caption, "3. viking (Ann): beach a Ship at 0802")
        XCTAssertNotNil(history.continueHere(name: "again"))
        XCTAssertEqual(try folder.saves().count, 2)
        play.close()
    }

    func testTheAppGoesFromHomeToAGameAndBackAndContinuesIt() async throws {
        let app = AppViewModel(folder: try Games.folder(), computerPause: 0)
        XCTAssertEqual(app.route.value, .home)
        XCTAssertNil(app.saves.state.value.last)
        app.continueLast()
        XCTAssertEqual(app.route.value, .home)
        let (started, route) = Games.playAgainstEasy(app)
        guard let play = started else { return XCTFail("\(route)") }
        let first = await play.settled()
        XCTAssertTrue(first.phase.isDecide)
        app.history()
        guard case .history = app.route.value else { return XCTFail("\(app.route.value)") }
        XCTAssertTrue(app.back())
        XCTAssertEqual(app.route.value, .play(play))
        XCTAssertTrue(app.back())
        XCTAssertEqual(app.route.value, .home)
        let last = try XCTUnwrap(app.saves.state.value.last)
        XCTAssertEqual(last.game, "fury")
        // The saves from a game leave it: nothing holds its model then, so its table is freed.
        weak var left: PlayViewModel?
        do {
            app.continueLast()
            guard case let .play(again) = app.route.value else { return XCTFail("\(app.route.value)") }
            let reopened = await again.settled()
            XCTAssertEqual(reopened.scene.pieces, play.state.value.scene.pieces)
            left = again
        }
        app.showSaves()
        XCTAssertEqual(app.route.value, .saves)
        XCTAssertNil(left, "the game left is let go")
        app.continueLast()
        guard case .play = app.route.value else { return XCTFail("\(app.route.value)") }
        app.close()
        XCTAssertEqual(app.route.value, .home)
        app.showSaves()
        XCTAssertTrue(app.back())
        XCTAssertFalse(app.back())
    }

    func testStateChangesReachAnObserverUntilItIsCancelledAndAStream() async throws {
        let app = AppViewModel(folder: try Games.folder(), computerPause: 0)
        var seen: [Route] = []
        let observation = app.route.observe { seen.append($0) }
        app.newGame()
        app.back()
        observation.cancel()
        app.showSaves()
        XCTAssertEqual(seen.count, 2)
        XCTAssertEqual(seen.last, .home)
        // A stream starts with the value now, then each new one.
        var values = app.route.values.makeAsyncIterator()
        let now = await values.next()
        XCTAssertEqual(now, .saves)
        app.home()
        let next = await values.next()
        XCTAssertEqual(next, .home)
    }
}
