import SkaldFFI
import SkaldNeutral
import XCTest

/// The play screen's taps as a finger makes them: a crowded stack opened out instead of a
/// guess, the card chosen marked, and back taking back a choice before it leaves the game.
/// Real games through the bindings.
final class BoardTapTests: XCTestCase {
    /// A finger on a phone, and a phone-sized view of the whole map.
    private let finger: Float = 40

    private func play(_ seats: [SeatPlayer], game: String = "fury", scenario: String = "basic") throws -> PlayViewModel {
        PlayViewModel(table: try Games.folder("skald-board").newGame(choice: NewGame(game: game, scenario: scenario, seats: seats, name: "")))
    }

    private func isPiece(_ target: Target) -> Bool {
        if case .piece = target { return true }
        return false
    }

    /// Bo's Villagers in Fury once they may move: stacks of up to five set up in the buildings.
    private func villagersMoving() async throws -> PlayViewModel {
        let model = try play([.computer(skill: "simple"), .person(name: "Bo")])
        let setup = await model.settled()
        model.press(try XCTUnwrap(setup.scene.buttons.first { $0.label == "setup default" }))
        while await !model.settled().scene.highlights.next.contains(where: isPiece) {
            // The Villagers are locked in place until the Vikings raise the alarm (5.7): Bo
            // ends each phase until they may move.
            let scene = model.state.value.scene
            model.press(try XCTUnwrap(scene.buttons.first { $0.label == "end" }, scene.prompt))
        }
        return model
    }

    /// The most crowded cell holding a counter that may be tapped next, and every counter in
    /// it, bottom first. The game's seed comes from the clock, so which Villagers may move
    /// differs from run to run; a cell of two or more with one of them movable is always
    /// there (the default set-up stacks Militia with the Women in the houses).
    private func crowdedCell(_ state: PlayState) -> [ScenePiece] {
        let next = Set(state.scene.highlights.next)
        return Dictionary(grouping: state.scene.pieces, by: \.cell).values
            .filter { cell in cell.count >= 2 && cell.contains { next.contains(.piece(code: $0.code)) } }
            .max { $0.count < $1.count } ?? []
    }

    func testATapOnACrowdedStackOpensItAndSendsNothingThenATapOnACounterChoosesIt() async throws {
        let model = try await villagersMoving()
        let before = model.state.value
        let stack = crowdedCell(before)
        XCTAssertGreaterThanOrEqual(stack.count, 2, "a stack to open: \(stack.map(\.code))")
        let view = Viewport.fit(mapWidth: before.scene.width, mapHeight: before.scene.height, viewWidth: 1080, viewHeight: 1500)!
        let top = try XCTUnwrap(stack.last)
        let topOnScreen = view.toScreen(Pt(top.at.x, top.at.y))
        let steps = try model.table.history().count
        // Fitted on a phone, a counter is 35 pixels and the next one shows 5: open it out.
        model.tapBoard(topOnScreen, viewport: view, finger: finger)
        let opened = model.state.value
        let spread = try XCTUnwrap(opened.spread)
        XCTAssertTrue(stack.allSatisfy { spread.choices.contains(.piece(code: $0.code)) }, "\(spread.choices)")
        // Nothing reached the core: no selection, no action.
        XCTAssertEqual(opened.scene, before.scene)
        XCTAssertEqual(try model.table.history().count, steps)
        // The lowest counter that may be tapped next, chosen from its tile.
        let meant = try XCTUnwrap(stack.map { Target.piece(code: $0.code) }.first { before.scene.highlights.next.contains($0) })
        let tile = try XCTUnwrap(spread.layout(view, finger: finger).tiles.first { $0.target == meant })
        model.tapBoard(tile.centre, viewport: view, finger: finger)
        let chosen = model.state.value
        XCTAssertNil(chosen.spread)
        XCTAssertEqual(chosen.scene.highlights.selected, [meant])
        XCTAssertNil(chosen.message)

        // Back clears the choice first; with nothing chosen it has nothing to take back.
        XCTAssertTrue(model.back())
        XCTAssertTrue(model.state.value.scene.highlights.selected.isEmpty)
        XCTAssertFalse(model.back())
        // A tap beside the tiles only closes the spread; back closes it too.
        model.tapBoard(topOnScreen, viewport: view, finger: finger)
        XCTAssertNotNil(model.state.value.spread)
        model.tapBoard(Pt(1079, 1499), viewport: view, finger: finger)
        XCTAssertNil(model.state.value.spread)
        XCTAssertTrue(model.state.value.scene.highlights.selected.isEmpty)
        model.tapBoard(topOnScreen, viewport: view, finger: finger)
        XCTAssertTrue(model.back())
        XCTAssertNil(model.state.value.spread)
        XCTAssertEqual(try model.table.history().count, steps)
    }

    func testZoomedInATapOnTheTopCounterGoesStraightToTheCore() async throws {
        let model = try await villagersMoving()
        let scene = model.state.value.scene
        let next = Set(scene.highlights.next)
        let movable = Dictionary(grouping: scene.pieces.filter { next.contains(.piece(code: $0.code)) }, by: \.cell).values
        let top = try XCTUnwrap(movable.max { $0.count < $1.count }?.last)
        // Six times the fitted zoom: the top counter is 212 pixels wide, a finger in its middle is clear.
        let view = Viewport.fit(mapWidth: scene.width, mapHeight: scene.height, viewWidth: 1080, viewHeight: 1500)!
            .zoomOnto(Pt(top.at.x, top.at.y), factor: 6)
        model.tapBoard(view.toScreen(Pt(top.at.x, top.at.y)), viewport: view, finger: finger)
        XCTAssertNil(model.state.value.spread)
        XCTAssertEqual(model.state.value.scene.highlights.selected, [.piece(code: top.code)])
    }

    func testTheCardChosenIsMarkedAndBackPutsItBack() async throws {
        let model = try play([.person(name: "Ann"), .computer(skill: "simple"), .computer(skill: "simple"), .computer(skill: "simple")],
                             game: "v878", scenario: "standard")
        var tapper = Tapper(seed: 5)
        var taps = 0
        func cardToTap(_ state: PlayState) -> SceneCard? {
            state.scene.highlights.selected.isEmpty ? state.scene.hand.first { $0.tappable } : nil
        }
        while cardToTap(await model.settled()) == nil {
            XCTAssertTrue(model.state.value.phase.isDecide)
            tapper.tapOnce(model)
            taps += 1
            guard taps < 2_000 else { return XCTFail("no card to play in \(taps) taps") }
        }
        let card = try XCTUnwrap(cardToTap(model.state.value))
        XCTAssertFalse(model.state.value.isSelected(card))
        model.tapCard(card.code)
        let chosen = model.state.value
        XCTAssertNil(chosen.message)
        XCTAssertEqual(chosen.scene.hand.filter(chosen.isSelected).map(\.code), [card.code])
        XCTAssertTrue(chosen.hasSelection)
        // Back puts the card back in the hand, unchosen, and stays in the game.
        XCTAssertTrue(model.back())
        XCTAssertFalse(model.state.value.scene.hand.contains(where: model.state.value.isSelected))
        XCTAssertTrue(model.state.value.phase.isDecide)
    }

    func testBackInTheAppClearsAChoiceBeforeLeavingTheGame() async throws {
        let app = AppViewModel(folder: try Games.folder("skald-back"), computerPause: 0)
        let (started, route) = Games.playAgainstEasy(app)
        guard let play = started else { return XCTFail("\(route)") }
        let first = await play.settled()
        play.press(try XCTUnwrap(first.scene.buttons.first { $0.label == "ship" }))
        XCTAssertTrue(play.state.value.hasSelection)
        XCTAssertTrue(app.back())
        XCTAssertEqual(app.route.value, .play(play))
        XCTAssertFalse(play.state.value.hasSelection)
        XCTAssertTrue(app.back())
        XCTAssertEqual(app.route.value, .home)
        // Home leaves at once, a choice begun or not.
        app.continueLast()
        guard case let .play(again) = app.route.value else { return XCTFail("\(app.route.value)") }
        let s = await again.settled()
        again.press(try XCTUnwrap(s.scene.buttons.first { $0.label == "ship" }))
        app.home()
        XCTAssertEqual(app.route.value, .home)
    }
}
