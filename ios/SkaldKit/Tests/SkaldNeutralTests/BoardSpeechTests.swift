import SkaldFFI
import SkaldNeutral
import XCTest

/// What VoiceOver says of a point of the board, asked of the core.
final class BoardSpeechTests: XCTestCase {
    func testACounterIsSaidFirstThenItsCellAndWhatElseStandsThere() throws {
        let table = try Games.furyBasic()
        let scene = table.scene()
        let speech = BoardSpeech(table)
        // The biggest stack on the map: its top counter, then the hex, then the others, top first.
        let stack = try XCTUnwrap(biggestStack(scene))
        XCTAssertGreaterThanOrEqual(stack.count, 2)
        let top = stack.last!
        let cell = try XCTUnwrap(scene.cells.first { $0.label == top.cell })
        let said = try XCTUnwrap(speech.at(top.at.x, top.at.y))
        let expected = "\(top.speech). \(cell.speech). Also there: " + stack.dropLast().reversed().map(\.speech).joined(separator: "; ")
        XCTAssertTrue(said.hasPrefix(expected), "said: \(said)\nexpected: \(expected)")
        XCTAssertNil(speech.at(-50, -50))
        XCTAssertNil(speech.at(.nan, 0))
    }

    func testAnEmptyCellIsItsOwnWordsAndSaysWhenItMayBeTapped() throws {
        let table = try Games.furyBasic()
        _ = try table.press(press: try XCTUnwrap(table.scene().buttons.first { $0.label == "ship" }).press)
        let scene = table.scene()
        let speech = BoardSpeech(table)
        let coast = try XCTUnwrap(scene.highlights.next.compactMap { t -> String? in
            if case let .cell(label) = t { return label }
            return nil
        }.first)
        let cell = try XCTUnwrap(scene.cells.first { $0.label == coast })
        XCTAssertEqual(speech.at(cell.centre.x, cell.centre.y), "\(cell.speech), may be tapped next.")
        XCTAssertEqual(speech.of(.cell(label: coast)), "\(cell.speech), may be tapped next")
        let inland = try XCTUnwrap(scene.cells.first { c in
            !scene.highlights.next.contains(.cell(label: c.label)) && !scene.pieces.contains { $0.cell == c.label }
                && !scene.markers.contains { $0.cell == c.label }
        })
        XCTAssertEqual(speech.at(inland.centre.x, inland.centre.y), "\(inland.speech).")
        // One spot for each cell a fitted view shows, each saying what its centre holds.
        let view = Viewport.fit(mapWidth: scene.width, mapHeight: scene.height, viewWidth: 1080, viewHeight: 1500)!
        let spots = speech.spots(scene, viewport: view)
        XCTAssertEqual(spots.count, scene.cells.count)
        let spot = try XCTUnwrap(spots.first { $0.at == Pt(cell.centre.x, cell.centre.y) })
        XCTAssertEqual(spot.text, speech.at(cell.centre.x, cell.centre.y))
        // Zoomed in, only the cells on screen.
        XCTAssertLessThan(speech.spots(scene, viewport: view.zoomOnto(Pt(cell.centre.x, cell.centre.y), factor: 6)).count, spots.count / 4)
    }

    func testASpreadsTilesAreSaidByWhatTheyChooseAndTappedAtTheirMiddle() throws {
        let table = try Games.furyBasic()
        let scene = table.scene()
        let speech = BoardSpeech(table)
        let stack = try XCTUnwrap(biggestStack(scene))
        let cell = try XCTUnwrap(scene.cells.first { $0.label == stack[0].cell })
        let choices = stack.map { Target.piece(code: $0.code) } + [.cell(label: cell.label)]
        let spread = Spread(anchor: Pt(cell.centre.x, cell.centre.y), choices: choices)
        let view = Viewport.fit(mapWidth: scene.width, mapHeight: scene.height, viewWidth: 1080, viewHeight: 1500)!
        let spots = speech.tiles(spread, viewport: view, finger: 60)
        let tiles = Array(spots.dropLast())
        XCTAssertEqual(tiles.map(\.text), choices.map { speech.of($0) })
        // A double tap on a tile's spot chooses that tile's target.
        XCTAssertEqual(tiles.map { spread.choiceAt(view.toScreen($0.at), viewport: view, finger: 60) }, choices)
        // The last spot closes the spread: a finger high, on screen, beside the tiles, and
        // a double tap there chooses nothing.
        let close = try XCTUnwrap(spots.last)
        XCTAssertEqual(close.text, "Close, choosing none of these")
        XCTAssertEqual(close.height, 60)
        XCTAssertTrue(close.top >= 0 && close.top + close.height <= view.viewHeight)
        XCTAssertNil(spread.choiceAt(view.toScreen(close.at), viewport: view, finger: 60))
        // With no room above or below the panel, the panel's own bottom margin.
        let tall = Viewport.fit(mapWidth: scene.width, mapHeight: scene.height, viewWidth: 1080, viewHeight: 160)!
        let squeezed = try XCTUnwrap(speech.tiles(spread, viewport: tall, finger: 60).last)
        XCTAssertEqual(squeezed.height, 60 * Spread.gap)
        XCTAssertNil(spread.choiceAt(tall.toScreen(squeezed.at), viewport: tall, finger: 60))
    }

    /// The counters of the biggest stack on the map, bottom first.
    private func biggestStack(_ scene: BoardScene) -> [ScenePiece]? {
        let onMap = scene.pieces.filter { p in scene.cells.contains { $0.label == p.cell } }
        return Dictionary(grouping: onMap, by: \.cell).values.max { $0.count < $1.count }
    }
}
