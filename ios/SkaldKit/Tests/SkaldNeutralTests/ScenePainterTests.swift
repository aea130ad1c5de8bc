import SkaldFFI
import SkaldNeutral
import XCTest

/// The painter on real scenes from the bindings (a new Fury Basic Game, a new 878 Standard
/// game), read back through a recording canvas: what is drawn, where, in which colour and
/// order, as the SVG renderer draws it.
final class ScenePainterTests: XCTestCase {
    typealias Call = RecordingCanvas.Call

    /// Ann's first decision in Fury: where to put the Ship (the villager has set up).
    private static let fury: BoardScene = try! Games.furyBasic().scene()

    /// Fury after Ann pressed `ship`: the coastal hexes are the next tap.
    private static let furyShip: BoardScene = {
        let table = try! Games.furyBasic()
        _ = try! table.press(press: table.scene().buttons.first { $0.label == "ship" }!.press)
        return table.scene()
    }()

    /// 878's Housecarl setting up: shires to tap, control markers, an island.
    private static let v878: BoardScene = try! Games.v878Standard().scene()

    private var fury: BoardScene { Self.fury }
    private var v878: BoardScene { Self.v878 }

    private func fitted(_ scene: BoardScene) -> Viewport {
        Viewport.fit(mapWidth: scene.width, mapHeight: scene.height, viewWidth: 1080, viewHeight: 1500)!
    }

    private func paint(_ scene: BoardScene, _ view: Viewport? = nil) -> [Call] {
        let canvas = RecordingCanvas()
        ScenePainter.paint(scene, on: canvas, viewport: view ?? fitted(scene))
        return canvas.calls
    }

    private func at(_ view: Viewport, _ p: Point) -> Pt { view.toScreen(Pt(p.x, p.y)) }

    private func at(_ view: Viewport, _ x: Float, _ y: Float) -> Pt { view.toScreen(Pt(x, y)) }

    /// The size the painter should fit text to, with the recording canvas's widths.
    private func fit(_ text: String, _ size: Float, _ width: Float) -> Float {
        let measured = RecordingCanvas.emPerChar * size * Float(text.count)
        return measured > width ? size * width / measured : size
    }

    private func checkCells(_ scene: BoardScene) {
        let view = fitted(scene)
        let calls = paint(scene, view)
        // The view's background first, then every polygon of every cell, in order, with its
        // fill and a grey edge one map unit wide.
        XCTAssertEqual(calls[0], .polygon(points: [Pt(0, 0), Pt(1080, 0), Pt(1080, 1500), Pt(0, 1500)],
                                          fill: Palette.background, stroke: nil, width: 0, dash: nil))
        let cells: [Call] = scene.cells.flatMap { cell in
            ([cell.outline] + cell.parts).map { polygon in
                Call.polygon(points: polygon.map { at(view, $0) }, fill: cell.fill, stroke: Palette.cellEdge,
                             width: view.scale, dash: nil)
            }
        }
        XCTAssertEqual(Array(calls[1..<(1 + cells.count)]), cells)
        // Nothing else is drawn in a cell's edge colour.
        XCTAssertEqual(calls.filter { $0.polygon?.stroke == Palette.cellEdge }.count, cells.count)
        // Lines over the cells, in their own colours and widths.
        let lines: [Call] = scene.lines.map { line in
            .polyline(points: line.points.map { at(view, $0) }, colour: line.colour, width: line.width * view.scale, dash: nil)
        }
        XCTAssertEqual(Array(calls[(1 + cells.count)..<(1 + cells.count + lines.count)]), lines)
    }

    func testEveryFuryHexIsDrawnWithItsFillThenTheRoadsAndRivers() {
        XCTAssertEqual(fury.cells.count, 440)
        XCTAssertFalse(fury.lines.isEmpty)
        checkCells(fury)
    }

    func testEvery878ShireIsDrawnWithItsFillIslandsIncluded() {
        XCTAssertTrue(v878.cells.contains { !$0.parts.isEmpty }, "the Isle of Wight and others are parts")
        checkCells(v878)
    }

    /// Each counter: its square, then its title above its bold values, both within it.
    private func checkCounters(_ scene: BoardScene) {
        let view = fitted(scene)
        let calls = paint(scene, view)
        guard var i = calls.firstIndex(where: { $0.roundRect != nil }) else { return XCTFail("no counters") }
        for p in scene.pieces {
            let side = p.size * view.scale
            let corner = at(view, p.at.x - p.size / 2, p.at.y - p.size / 2)
            XCTAssertEqual(calls[i], .roundRect(left: corner.x, top: corner.y, width: side, height: side, radius: 3 * view.scale,
                                                fill: p.fill, stroke: Palette.counterEdge, strokeWidth: view.scale), p.code)
            i += 1
            var texts: [(String, Pt, Float, Bool)] = []
            if p.values.isEmpty {
                let size = fit(p.title, p.size * 0.42 * view.scale, side * 0.9)
                let centre = at(view, p.at)
                texts.append((p.title, Pt(centre.x, centre.y + size * 0.36), size, false))
            } else {
                texts.append((p.title, at(view, p.at.x, p.at.y - p.size * 0.12), fit(p.title, p.size * 0.28 * view.scale, side * 0.92), false))
                texts.append((p.values, at(view, p.at.x, p.at.y + p.size * 0.3), fit(p.values, p.size * 0.3 * view.scale, side * 0.92), true))
            }
            for (text, where_, size, bold) in texts {
                guard let drawn = calls[i].text else { return XCTFail("\(p.code): \(calls[i])") }
                i += 1
                XCTAssertEqual(drawn.text, text, p.code)
                assertNear(where_, drawn.at, "\(p.code) \(text)")
                assertNear(size, drawn.size, "\(p.code) \(text) size")
                XCTAssertEqual(drawn.colour, p.ink)
                XCTAssertEqual(drawn.anchor, .middle)
                XCTAssertEqual(drawn.bold, bold)
                // Inside the square: as wide as measured, its caps 0.75 em above the baseline.
                let half = RecordingCanvas.emPerChar * drawn.size * Float(drawn.text.count) / 2
                XCTAssertTrue(drawn.at.x - half >= corner.x - 1e-3 && drawn.at.x + half <= corner.x + side + 1e-3, "\(p.code) \(text) across")
                XCTAssertTrue(drawn.at.y - 0.75 * drawn.size >= corner.y && drawn.at.y <= corner.y + side, "\(p.code) \(text) down")
            }
        }
    }

    func testEveryFuryCounterShowsItsTitleAndValuesInsideItsSquare() {
        XCTAssertGreaterThan(fury.pieces.count, 50)
        XCTAssertTrue(fury.pieces.contains { $0.values.isEmpty }, "Treasure counters have a title alone")
        XCTAssertTrue(fury.pieces.contains { $0.values.count >= 8 }, "regulars' values are long and shrink to fit")
        checkCounters(fury)
    }

    func testEvery878BlockShowsItsTitleAndStrengthInsideItsSquare() {
        XCTAssertFalse(v878.pieces.isEmpty)
        checkCounters(v878)
    }

    func testTheCellsTheNextTapMayBeGetAHeavyBlackOutline() throws {
        for scene in [Self.furyShip, v878] {
            let view = fitted(scene)
            let calls = paint(scene, view)
            let next = scene.highlights.next.compactMap { target -> String? in
                if case let .cell(label) = target { return label }
                return nil
            }
            XCTAssertGreaterThanOrEqual(next.count, 5, "next: \(scene.highlights.next)")
            let outlines = calls.filter { $0.polygon != nil && $0.polygon?.fill == nil }
            let expected: [Call] = try next.flatMap { label -> [Call] in
                let cell = try XCTUnwrap(scene.cells.first { $0.label == label })
                return ([cell.outline] + cell.parts).map { polygon in
                    .polygon(points: polygon.map { at(view, $0) }, fill: nil, stroke: Palette.black, width: 4 * view.scale, dash: nil)
                }
            }
            XCTAssertEqual(outlines, expected)
            // Over the cells and lines, under every word.
            let first = try XCTUnwrap(calls.firstIndex(of: expected[0]))
            XCTAssertFalse(calls[..<first].contains { $0.text != nil })
            XCTAssertFalse(calls[first...].contains {
                guard let line = $0.polyline else { return false }
                return line.colour != Palette.white && line.colour != Palette.black
            })
        }
    }

    func testACellAPathMayPassThroughGetsADottedPurpleOutline() throws {
        var scene = fury
        scene.highlights = Highlights(selected: [], next: [.via(label: "0805")])
        let view = fitted(scene)
        let cell = try XCTUnwrap(scene.cells.first { $0.label == "0805" })
        let width = 4 * view.scale
        let outlines = paint(scene, view).filter { $0.polygon != nil && $0.polygon?.fill == nil }
        XCTAssertEqual(outlines, [.polygon(points: cell.outline.map { at(view, $0) }, fill: nil, stroke: Palette.reddishPurple,
                                           width: width, dash: [width * 0.01, width * 2])])
    }

    func testTheSelectedCounterIsOutlinedYellowAndTheNextTapBlack() {
        let selected = fury.pieces[0].code, next = fury.pieces[5].code
        var scene = fury
        scene.highlights = Highlights(selected: [.piece(code: selected)], next: [.piece(code: next)])
        let view = fitted(scene)
        let squares = paint(scene, view).compactMap(\.roundRect)
        XCTAssertEqual(squares.count, scene.pieces.count)
        for (piece, square) in zip(scene.pieces, squares) {
            let (edge, width): (Rgb, Float) = piece.code == selected ? (Palette.yellow, 4)
                : piece.code == next ? (Palette.black, 3) : (Palette.counterEdge, 1)
            XCTAssertEqual(square.stroke, edge, piece.code)
            XCTAssertEqual(square.strokeWidth, width * view.scale, piece.code)
        }
    }

    func testASpentUnitHasAWhiteDotAndOneHoldingLootAYellowDot() {
        var scene = fury
        // (spent, holding) as the core reads them from the game's flags.
        let marks: [(Bool, Bool)] = [(true, false), (true, true), (false, true)]
        for i in scene.pieces.indices {
            (scene.pieces[i].spent, scene.pieces[i].holding) = i < marks.count ? marks[i] : (false, false)
        }
        let view = fitted(scene)
        let dots = paint(scene, view).compactMap(\.circle)
        func dot(_ p: ScenePiece, _ side: Float, _ fill: Rgb) -> Call.Circle {
            Call.Circle(centre: at(view, p.at.x + side * p.size / 2 * 0.7, p.at.y - p.size / 2 * 0.7),
                        radius: p.size * 0.1 * view.scale, fill: fill, stroke: Palette.black, width: view.scale)
        }
        let a = scene.pieces[0], b = scene.pieces[1], c = scene.pieces[2]
        XCTAssertEqual(dots, [dot(a, 1, Palette.white), dot(b, 1, Palette.white), dot(b, -1, Palette.yellow), dot(c, -1, Palette.yellow)])
    }

    func testFuryHexNumbersSitAtTheTopOfEachHexLightOnWoods() {
        XCTAssertTrue(fury.showLabels)
        let view = fitted(fury)
        let texts = paint(fury, view).compactMap(\.text)
        let labels = texts.filter { $0.size == 10 * view.scale }
        XCTAssertEqual(labels.count, fury.cells.count)
        for (cell, text) in zip(fury.cells, labels) {
            let top = cell.outline.map(\.y).min()!
            let ink = cell.terrain == "woods" ? Palette.labelOnDark : Palette.labelOnLight
            XCTAssertEqual(text, Call.Text(text: cell.label, at: at(view, cell.centre.x, top + 11), size: 10 * view.scale,
                                           colour: ink, anchor: .middle, bold: false))
        }
        XCTAssertTrue(fury.cells.contains { $0.terrain == "woods" })
        // Buildings' names in bold brown, after every hex number.
        let houses = fury.cells.filter { $0.caption != nil }
        XCTAssertFalse(houses.isEmpty)
        XCTAssertEqual(texts.filter { $0.colour == Palette.caption }, houses.map {
            Call.Text(text: $0.caption!, at: at(view, $0.centre.x, $0.centre.y + 4), size: 11 * view.scale,
                      colour: Palette.caption, anchor: .middle, bold: true)
        })
    }

    func testShiresShowTheirNamesWhereTheSceneSaysAndNoIds() {
        XCTAssertFalse(v878.showLabels)
        let view = fitted(v878)
        let texts = paint(v878, view).compactMap(\.text)
        let ids = Set(v878.cells.map(\.label))
        let captions = Set(v878.cells.compactMap(\.caption))
        XCTAssertFalse(texts.contains { ids.contains($0.text) && !captions.contains($0.text) })
        let named = v878.cells.filter { $0.caption != nil }
        XCTAssertTrue(named.contains { $0.labelAt != nil } && named.contains { $0.labelAt == nil })
        let expected = named.map { cell -> Call.Text in
            let p = cell.labelAt ?? cell.centre
            return Call.Text(text: cell.caption!, at: at(view, p.x, p.y + 4), size: 11 * view.scale,
                             colour: Palette.caption, anchor: .middle, bold: true)
        }
        XCTAssertEqual(texts.filter { $0.colour == Palette.caption }, expected)
        // The seas' and lands' names from the left end of their baselines, in black.
        let seas = v878.captions.map {
            Call.Text(text: $0.text, at: at(view, $0.at), size: $0.size * view.scale, colour: Palette.black, anchor: .start, bold: false)
        }
        XCTAssertFalse(seas.isEmpty)
        XCTAssertTrue(seas.allSatisfy(texts.contains))
    }

    func testMarkersLieOverTheCountersWithTextInInkThatReads() throws {
        let view = fitted(v878)
        let calls = paint(v878, view)
        XCTAssertGreaterThanOrEqual(v878.markers.count, 10)
        var i = try XCTUnwrap(calls.lastIndex { $0.roundRect?.stroke == Palette.counterEdge }) + 1
        // Past the last counter's texts.
        while calls[i].text != nil { i += 1 }
        for m in v878.markers {
            let w = m.size * 1.8, h = m.size * 0.8
            let corner = at(view, m.at.x - w / 2, m.at.y - h / 2)
            XCTAssertEqual(calls[i], .roundRect(left: corner.x, top: corner.y, width: w * view.scale, height: h * view.scale,
                                                radius: 3 * view.scale, fill: m.fill, stroke: Palette.black, strokeWidth: view.scale), m.text)
            i += 1
            if m.text.isEmpty { continue }
            let drawn = try XCTUnwrap(calls[i].text)
            i += 1
            XCTAssertEqual(drawn, Call.Text(text: m.text, at: at(view, m.at.x, m.at.y + m.size * 0.18), size: drawn.size,
                                            colour: Palette.inkOn(m.fill), anchor: .middle, bold: false))
            assertNear(fit(m.text, m.size * 0.5 * view.scale, w * 0.9 * view.scale), drawn.size, "\(m.text) size")
        }
        XCTAssertEqual(i, calls.count)
    }

    func testArrowsRingsAndTheReadyPathAreDrawnAsTheSvgDrawsThem() throws {
        let c = { (label: String) in self.fury.cells.first { $0.label == label }!.centre }
        var scene = fury
        scene.arrows = [SceneArrow(kind: .move, points: [c("0802"), c("0803"), c("0804")]),
                        SceneArrow(kind: .attack, points: [c("1013")])]
        scene.path = [c("0905"), c("1005")]
        let view = fitted(scene)
        let s = view.scale
        let calls = paint(scene, view)
        // The ring, cased in white, under the first counter.
        let ring: [Call] = [.circle(centre: at(view, c("1013")), radius: 30 * s, fill: nil, stroke: Palette.white, width: 9 * s),
                            .circle(centre: at(view, c("1013")), radius: 30 * s, fill: nil, stroke: Palette.vermillion, width: 5 * s)]
        let ringAt = try XCTUnwrap(calls.firstIndex(of: ring[0]))
        XCTAssertEqual(Array(calls[ringAt..<(ringAt + 2)]), ring)
        XCTAssertLessThan(ringAt, try XCTUnwrap(calls.firstIndex { $0.roundRect != nil }))
        // Then, after everything else, the move arrow and the path: five calls.
        let tail = Array(calls.suffix(5))
        let move = scene.arrows[0].points.map { at(view, $0) }
        XCTAssertEqual(tail[0], .polyline(points: move, colour: Palette.white, width: 9 * s, dash: nil))
        XCTAssertEqual(tail[1], .polyline(points: move, colour: Palette.reddishPurple, width: 5 * s, dash: nil))
        let head = try XCTUnwrap(tail[2].polygon)
        XCTAssertEqual(head.fill, Palette.reddishPurple)
        XCTAssertEqual(head.stroke, Palette.white)
        // Its tip 5.25 units past the end, along the last leg (straight down: 0803 to 0804).
        assertNear(at(view, c("0804").x, c("0804").y + 5.25), head.points[0], "move tip")
        let base = hypot(head.points[1].x - head.points[2].x, head.points[1].y - head.points[2].y)
        assertNear(17.5 * s, base, "head's base")
        let path = try XCTUnwrap(tail[3].polyline)
        XCTAssertEqual(path.points, [at(view, c("0905")), at(view, c("1005"))])
        XCTAssertEqual(path.colour, Palette.black)
        // Dashes that look 10 on and 6 off once their round caps are on.
        let dash = try XCTUnwrap(path.dash)
        XCTAssertEqual(dash.count, 2)
        assertNear(5 * s, dash[0], "dash")
        assertNear(11 * s, dash[1], "gap")
        let pathHead = try XCTUnwrap(tail[4].polygon)
        XCTAssertEqual(pathHead.fill, Palette.black)
        XCTAssertNil(pathHead.stroke)
        let from = c("0905"), to = c("1005")
        let length = hypot(to.x - from.x, to.y - from.y)
        assertNear(at(view, to.x + (to.x - from.x) / length * 4, to.y + (to.y - from.y) / length * 4), pathHead.points[0], "path tip")
    }

    func testZoomedInOnlyWhatIsOnScreenIsDrawnAndEverythingIsLarger() throws {
        let fit = fitted(fury)
        let piece = try XCTUnwrap(fury.pieces.first { !$0.values.isEmpty && $0.cell == "0905" })
        let view = fit.zoomOnto(Pt(piece.at.x, piece.at.y), factor: 4)
        let calls = paint(fury, view)
        let drawn = Set(calls.compactMap { $0.polygon?.stroke == Palette.cellEdge ? $0.polygon?.points : nil })
        var skipped = 0
        for cell in fury.cells {
            let points = cell.outline.map { at(view, $0) }
            let isDrawn = drawn.contains(points)
            if points.contains(where: { (0...1080).contains($0.x) && (0...1500).contains($0.y) }) {
                XCTAssertTrue(isDrawn, "\(cell.label) is on screen")
            }
            let xs = points.map(\.x), ys = points.map(\.y)
            if xs.max()! < -2 || xs.min()! > 1082 || ys.max()! < -2 || ys.min()! > 1502 {
                XCTAssertFalse(isDrawn, "\(cell.label) is off screen")
                skipped += 1
            }
        }
        XCTAssertGreaterThan(skipped, fury.cells.count / 2)
        // Four times the size: the hex numbers, the counters and their edges.
        let label = try XCTUnwrap(calls.compactMap(\.text).first { $0.text == "0905" })
        assertNear(40 * fit.scale, label.size, "label")
        let square = try XCTUnwrap(calls.compactMap(\.roundRect).first { abs($0.left - at(view, piece.at.x - 20, 0).x) < 0.01 })
        assertNear(4 * 40 * fit.scale, square.width, "counter")
        assertNear(4 * fit.scale, square.strokeWidth, "counter's edge")
        XCTAssertLessThan(calls.compactMap(\.roundRect).count, fury.pieces.count / 2)
    }
}
