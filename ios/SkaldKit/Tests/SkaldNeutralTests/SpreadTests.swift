import SkaldFFI
import SkaldNeutral
import XCTest

/// A crowded stack opened out: its tiles laid out and painted. When a tap opens one is the
/// core's to say (bindings/src/reach.rs and its tests; `BoardTapTests` through the model),
/// on a map laid out as Fury's: square cells 80 map units wide, counters 40 wide, a stack
/// drawn six units apart. A small phone's 600 pixels over 800 map units: counters 30
/// pixels wide, 4.5 apart, as Fury's are on a phone with the whole map in view; a finger
/// 40 pixels wide.
final class SpreadTests: XCTestCase {
    private let finger: Float = 40
    private let phone = Viewport.fit(mapWidth: 800, mapHeight: 800, viewWidth: 600, viewHeight: 900)!

    private func cell(_ label: String, _ col: Int, _ row: Int) -> SceneCell {
        let x = Float(col) * 80, y = Float(row) * 80
        return SceneCell(label: label, outline: [Point(x: x, y: y), Point(x: x + 80, y: y), Point(x: x + 80, y: y + 80), Point(x: x, y: y + 80)],
                         parts: [], centre: Point(x: x + 40, y: y + 40), labelAt: nil, terrain: "clear", fill: 0xdddddd,
                         caption: nil, speech: "\(label), clear")
    }

    private func counter(_ code: String, _ cell: SceneCell, _ offset: Float) -> ScenePiece {
        ScenePiece(code: code, cell: cell.label, at: Point(x: cell.centre.x + offset, y: cell.centre.y + offset), size: 40,
                   fill: 0x336699, ink: 0xffffff, title: code, values: "2-4", flags: [], spent: false, holding: false, speech: "Warrior \(code)")
    }

    /// A stack of `n` in cell 0101 (bottom first), a lone counter in 0301.
    private func board(_ n: Int, next: [Target], selected: [Target] = []) -> BoardScene {
        let stackCell = cell("0101", 1, 1), loneCell = cell("0301", 3, 1)
        let spread = 6 * Float(n - 1)
        let stack = (0..<n).map { counter("VI0\($0 + 1)", stackCell, spread / 2 - 6 * Float($0)) }
        let cells = (0..<10).flatMap { c in
            (0..<10).map { r in
                c == 1 && r == 1 ? stackCell : c == 3 && r == 1 ? loneCell : cell(String(format: "%02d%02d", c, r), c, r)
            }
        }
        return BoardScene(width: 800, height: 800, cells: cells, showLabels: true, lines: [], pieces: stack + [counter("VA01", loneCell, 0)],
                     markers: [], captions: [], sides: [], status: [], hand: [], offered: [], seat: "viking",
                     highlights: Highlights(selected: selected, next: next), path: [], buttons: [], prompt: "", ready: nil,
                     log: [], arrows: [])
    }

    private func pieces(_ codes: String...) -> [Target] { codes.map { .piece(code: $0) } }

    func testTheTilesAreWiderThanAFingerApartOnScreenAndNearTheStack() {
        let spread = Spread(anchor: Pt(120, 120), choices: pieces("VI01", "VI02", "VI03", "VI04", "VI05", "VI06") + [.cell(label: "0101")])
        let layout = spread.layout(phone, finger: finger)
        XCTAssertEqual(layout.tiles.count, 7)
        for t in layout.tiles {
            XCTAssertGreaterThanOrEqual(t.side, finger)
            XCTAssertTrue(t.left >= layout.left && t.left + t.side <= layout.left + layout.width)
            XCTAssertTrue(layout.left >= 0 && layout.left + layout.width <= phone.viewWidth)
            // The choice under each tile's middle is that tile's; beside the tiles, none.
            XCTAssertEqual(spread.choiceAt(t.centre, viewport: phone, finger: finger), t.target)
        }
        for (a, b) in zip(layout.tiles, layout.tiles.dropFirst()) where a.top == b.top {
            XCTAssertGreaterThanOrEqual(b.left - (a.left + a.side), finger * Spread.gap - 1e-3)
        }
        XCTAssertNil(spread.choiceAt(Pt(layout.left + 1, layout.top + 1), viewport: phone, finger: finger))
        XCTAssertNil(spread.choiceAt(Pt(590, 890), viewport: phone, finger: finger))
        // Near the stack's corner of the map, moved in to stay on screen.
        let anchor = phone.toScreen(Pt(120, 120))
        XCTAssertTrue(layout.top <= anchor.y && layout.top + layout.height >= anchor.y)
        // A narrow view wraps the tiles into rows.
        let narrow = Viewport.fit(mapWidth: 800, mapHeight: 800, viewWidth: 200, viewHeight: 300)!
        XCTAssertGreaterThan(Set(spread.layout(narrow, finger: finger).tiles.map(\.top)).count, 1)
    }

    func testTheSpreadIsPaintedOverTheBoardWithTheBoardsOwnCounters() {
        let scene = board(3, next: pieces("VI01", "VI03"), selected: pieces("VI02"))
        let spread = Spread(anchor: Pt(120, 120), choices: pieces("VI01", "VI02", "VI03"))
        let canvas = RecordingCanvas()
        SpreadPainter.paint(scene, spread: spread, on: canvas, viewport: phone, finger: finger)
        let layout = spread.layout(phone, finger: finger)
        let boxes = canvas.calls.compactMap(\.roundRect)
        XCTAssertEqual(boxes[0], .init(left: layout.left, top: layout.top, width: layout.width, height: layout.height, radius: 6,
                                       fill: Palette.background, stroke: Palette.black, strokeWidth: 2))
        // Each counter a tile's size in its own colour, with the board's edges: VI02 selected
        // (yellow), VI01 and VI03 the next tap (black), as on the map.
        let counters = Array(boxes.dropFirst())
        XCTAssertEqual(counters.map { [$0.left, $0.top, $0.width] }, layout.tiles.map { [$0.left, $0.top, $0.side] })
        XCTAssertEqual(counters.map(\.stroke), [Palette.black, Palette.yellow, Palette.black])
        XCTAssertTrue(counters.allSatisfy { $0.fill == 0x336699 })
        XCTAssertEqual(canvas.calls.compactMap(\.text).map(\.text).filter { $0.hasPrefix("VI") }, ["VI01", "VI02", "VI03"])
    }

    func testTheCellItselfIsATileInItsOwnColour() {
        let scene = board(2, next: pieces("VI01") + [.cell(label: "0101")])
        let spread = Spread(anchor: Pt(120, 120), choices: pieces("VI01", "VI02") + [.cell(label: "0101")])
        let canvas = RecordingCanvas()
        SpreadPainter.paint(scene, spread: spread, on: canvas, viewport: phone, finger: finger)
        let tile = spread.layout(phone, finger: finger).tiles[2]
        XCTAssertEqual(canvas.calls.compactMap(\.roundRect).last,
                       .init(left: tile.left, top: tile.top, width: tile.side, height: tile.side, radius: 6,
                             fill: 0xdddddd, stroke: Palette.black, strokeWidth: 3))
        XCTAssertEqual(canvas.calls.compactMap(\.text).last?.text, "0101")
    }
}
