import SkaldFFI
@testable import SkaldNeutral
import XCTest

/// The play screen's model over real games through the generated bindings.
final class PlayViewModelTests: XCTestCase {
    private func play(_ game: String, _ scenario: String, _ seats: SeatPlayer...) throws -> PlayViewModel {
        let table = try Games.folder("skald-play").newGame(choice: NewGame(game: game, scenario: scenario, seats: seats, name: ""))
        return PlayViewModel(table: table)
    }

    func testAWholeFuryGameIsPlayedByTapsAgainstTheComputer() async throws {
        let model = try play("fury", "basic", .person(name: "Ann"), .computer(skill: "simple"))
        var tapper = Tapper(seed: 7)
        var taps = 0
        while await model.settled().phase.isDecide {
            tapper.tapOnce(model)
            taps += 1
            // A highlighted target is always taken in: nothing tapped is refused.
            XCTAssertNil(model.state.value.message, "tap \(taps) refused")
            if model.state.value.message != nil { return }
            guard taps < 20_000 else { return XCTFail("the game did not end") }
        }
        guard case let .over(result, _) = model.state.value.phase else {
            return XCTFail("not over: \(model.state.value.phase)")
        }
        XCTAssertFalse(result.isEmpty)
        // Every one of Ann's actions came from taps, and the save holds the whole game.
        let history = try model.table.history()
        let annsActions = history.filter { $0.by == "Ann" }.count
        XCTAssertTrue((10...taps).contains(annsActions), "Ann played \(annsActions) actions with \(taps) taps")
        XCTAssertTrue(history.contains { $0.by == "computer" })
        print("fury basic by taps: \(taps) taps, \(annsActions) actions of Ann's, \(history.count) in all: \(result)")
    }

    func testATwoPersonGameHandsTheDeviceOverWithNothingSecretOnScreen() async throws {
        let model = try play("v878", "standard", .person(name: "Ann"), .person(name: "Ann"), .person(name: "Bo"), .person(name: "Bo"))
        var tapper = Tapper(seed: 3)
        var handOffs = 0
        var taps = 0
        while handOffs < 3 && taps < 5_000 {
            let state = await model.settled()
            switch state.phase {
            case let .passTo(person):
                handOffs += 1
                // While the device is passed: no hand, no buttons, nothing to tap.
                XCTAssertTrue(state.scene.hand.isEmpty)
                XCTAssertTrue(state.scene.buttons.isEmpty)
                XCTAssertNil(state.scene.seat)
                XCTAssertFalse(state.showsBoard)
                XCTAssertFalse(state.takesTaps)
                model.tapMap(state.scene.width / 2, state.scene.height / 2)
                XCTAssertEqual(model.state.value.message, wordsNotYourTurn())
                model.confirmHandOff()
                if case let .recap(who, steps) = model.state.value.phase {
                    XCTAssertEqual(who, person)
                    XCTAssertFalse(steps.isEmpty)
                    // Nothing of another seat's secret: a hidden action is only said to be one.
                    XCTAssertFalse(model.state.value.showsBoard)
                    model.dismissRecap()
                }
                guard case let .decide(decider, _) = model.state.value.phase else {
                    return XCTFail("after the hand-off: \(model.state.value.phase)")
                }
                XCTAssertEqual(decider, person)
            case .decide:
                tapper.tapOnce(model)
                taps += 1
            default:
                return XCTFail("unexpected \(state.phase)")
            }
        }
        XCTAssertEqual(handOffs, 3)
    }

    func testUndoTakesBackTheLastActionAndAHintIsFromTheHoldersView() async throws {
        let model = try play("fury", "basic", .person(name: "Ann"), .computer(skill: "simple"))
        let before = await model.settled()
        XCTAssertTrue(before.phase.isDecide)
        model.press(try XCTUnwrap(before.scene.buttons.first { $0.label == "ship" }))
        let hex = try XCTUnwrap(model.state.value.scene.cells.first { $0.label == "0802" })
        model.tapMap(hex.centre.x, hex.centre.y)
        let placed = model.state.value
        XCTAssertTrue(placed.canUndo)
        XCTAssertTrue(try model.table.history().contains { $0.action == "ship 0802" && $0.by == "Ann" })
        XCTAssertFalse(placed.lastSaid.isEmpty)
        model.undo()
        let undone = await model.settled()
        XCTAssertEqual(undone.scene.pieces, before.scene.pieces)
        XCTAssertEqual(undone.scene.highlights.next, [.word(word: "ship")])

        model.askHint()
        await model.hintIdle()
        let hint = model.state.value.hint
        guard case let .ready(ready) = hint else { return XCTFail("no hint: \(String(describing: hint))") }
        XCTAssertEqual(ready.seat, "viking")
        XCTAssertTrue(ready.action.hasPrefix("ship "), ready.action)
        XCTAssertFalse(hint!.lines.isEmpty)
    }

    func testAHintIsInWordsAndATapAnUndoOrLeavingCancelsIt() async throws {
        let model = try play("fury", "basic", .person(name: "Ann"), .computer(skill: "simple"))
        let start = await model.settled()
        // Asked for, it does not block: the model says it is thinking at once.
        model.askHint()
        XCTAssertNotNil(model.state.value.hint)
        await model.hintIdle()
        guard case let .ready(ready) = model.state.value.hint else {
            return XCTFail("no hint: \(String(describing: model.state.value.hint))")
        }
        // In words, the notation kept to play it.
        let cell = String(ready.action.dropFirst("ship ".count))
        XCTAssertEqual(ready.words, "beach a Ship at \(cell)")
        XCTAssertEqual(model.state.value.hint?.headline, "The computer would beach a Ship at \(cell)")
        XCTAssertEqual(model.state.value.hint?.lines, ["beach a Ship at \(cell) (by rule of thumb)"])

        // A tap while it is worked out cancels it; its answer, late, is never shown.
        model.askHint()
        model.press(try XCTUnwrap(start.scene.buttons.first { $0.label == "ship" }))
        XCTAssertNil(model.state.value.hint)
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertNil(model.state.value.hint)
        model.clearSelection()

        // So does an undo: the hint was for the position taken back.
        let hex = try XCTUnwrap(model.state.value.scene.cells.first { $0.label == "0802" })
        model.press(try XCTUnwrap(model.state.value.scene.buttons.first { $0.label == "ship" }))
        model.tapMap(hex.centre.x, hex.centre.y)
        let placed = await model.settled()
        XCTAssertTrue(placed.phase.isDecide)
        model.askHint()
        model.undo()
        let undone = await model.settled()
        XCTAssertNil(undone.hint)
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertNil(model.state.value.hint)
        XCTAssertEqual(model.state.value.scene.pieces, start.scene.pieces)

        // And leaving the screen.
        model.askHint()
        model.close()
        XCTAssertNil(model.state.value.hint)
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertNil(model.state.value.hint)

        // Asked again, it comes for the position as it is.
        model.askHint()
        await model.hintIdle()
        guard case let .ready(again) = model.state.value.hint else {
            return XCTFail("no hint: \(String(describing: model.state.value.hint))")
        }
        XCTAssertEqual(again, ready)
    }

    func testTheReadyActionReadsInWords() async throws {
        let model = try play("fury", "basic", .person(name: "Ann"), .computer(skill: "simple"))
        var tapper = Tapper(seed: 5)
        var taps = 0
        while await model.settled().scene.ready == nil, taps < 500 {
            tapper.tapOnce(model)
            taps += 1
        }
        let state = model.state.value
        let ready = try XCTUnwrap(state.scene.ready, "no action waited for a confirm in \(taps) taps")
        XCTAssertNotEqual(ready.words, ready.action)
        XCTAssertEqual(state.readyLines.first, "Ready: \(ready.words)")
        XCTAssertTrue(state.scene.prompt.hasSuffix("\(ready.words)? Tap again or confirm"), state.scene.prompt)
    }

    func testTheComputerThinksOffTheCallersThreadAndUndoStopsIt() async throws {
        // The Villager at the easy level searches (on the core's thread) for its set-up and
        // moves; the person's undo cancels whatever it was thinking.
        let model = try play("fury", "basic", .computer(skill: "easy"), .person(name: "Bo"))
        let first = await model.settled()
        XCTAssertEqual(first.phase, .decide(person: "Bo", seats: ["villager"]))
        var tapper = Tapper(seed: 11)
        var moves = 0
        func computerActions() throws -> Int { try model.table.history().filter { $0.by == "computer" }.count }
        while try computerActions() < 3 && moves < 500 {
            guard await model.settled().phase.isDecide else { break }
            tapper.tapOnce(model)
            moves += 1
        }
        XCTAssertGreaterThanOrEqual(try computerActions(), 3)
        // Undo takes Bo's last action back, or (past a die roll) is refused with the reason.
        let standing = await model.settled()
        let steps = try model.table.history().count
        model.undo()
        let after = await model.settled()
        XCTAssertTrue(after.phase.isDecide)
        if standing.canUndo {
            XCTAssertLessThan(try model.table.history().count, steps)
        } else {
            XCTAssertNotNil(after.message)
        }
        model.close()
    }

    func testUndoWhileTheComputerThinksCancelsItsMove() async throws {
        // The computer moves with a pause, so that the undo comes while it is still at it:
        // nothing of that move is played after the undo.
        let table = try Games.folder("skald-cancel").newGame(choice: NewGame(
            game: "fury", scenario: "basic", seats: [.person(name: "Ann"), .computer(skill: "easy")], name: ""))
        let model = PlayViewModel(table: table, computerPause: 0.2)
        let start = await model.settled()
        model.press(try XCTUnwrap(start.scene.buttons.first { $0.label == "ship" }))
        let hex = try XCTUnwrap(model.state.value.scene.cells.first { $0.label == "0802" })
        model.tapMap(hex.centre.x, hex.centre.y)
        var tapper = Tapper(seed: 2)
        while case .decide = model.state.value.phase { tapper.tapOnce(model) }
        guard case .computerMoving = model.state.value.phase else {
            return XCTFail("the computer should be moving: \(model.state.value.phase)")
        }
        model.undo()
        let after = await model.settled()
        XCTAssertTrue(after.phase.isDecide, "\(after.phase)")
        XCTAssertNil(after.message)
        model.close()
    }
}
