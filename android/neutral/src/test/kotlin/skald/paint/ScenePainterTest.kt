package skald.paint

import kotlin.math.abs
import kotlin.math.hypot
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import skald.paint.RecordingCanvas.Call
import uniffi.skald_ffi.ArrowKind
import uniffi.skald_ffi.Highlights
import uniffi.skald_ffi.Point
import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.SceneArrow
import uniffi.skald_ffi.ScenePiece
import uniffi.skald_ffi.Target

/**
 * The painter on real scenes from the bindings (a new Fury Basic Game, a new 878
 * Standard game), read back through a recording canvas: what is drawn, where, in which
 * colour and order, as the SVG renderer draws it.
 */
class ScenePainterTest {
    companion object {
        /** Ann's first decision in Fury: where to put the Ship (the villager has set up). */
        private val fury: Scene by lazy { Games.furyBasic().scene() }

        /** Fury after Ann pressed `ship`: the coastal hexes are the next tap. */
        private val furyShip: Scene by lazy {
            Games.furyBasic().let { table ->
                table.press(table.scene().buttons.first { it.label == "ship" }.press)
                table.scene()
            }
        }

        /** 878's Housecarl setting up: shires to tap, control markers, an island. */
        private val v878: Scene by lazy { Games.v878Standard().scene() }
    }

    private fun fitted(scene: Scene) = Viewport.fit(scene.width, scene.height, 1080f, 1500f)

    private fun paint(scene: Scene, view: Viewport = fitted(scene)) =
        RecordingCanvas().also { ScenePainter.paint(scene, it, view) }.calls

    private fun Viewport.at(p: Point) = toScreen(Pt(p.x, p.y))

    private fun Viewport.at(x: Float, y: Float) = toScreen(Pt(x, y))

    private fun polygons(cellsOf: List<List<Point>>, view: Viewport) = cellsOf.map { poly -> poly.map { view.at(it) } }

    private fun assertNear(expected: Float, actual: Float, what: String) =
        assertTrue(abs(expected - actual) <= 1e-3f * maxOf(1f, abs(expected)), "$what: expected $expected, was $actual")

    private fun assertNear(expected: Pt, actual: Pt, what: String) {
        assertNear(expected.x, actual.x, "$what x")
        assertNear(expected.y, actual.y, "$what y")
    }

    /** The size the painter should fit text to, with the recording canvas's widths. */
    private fun fit(text: String, size: Float, width: Float): Float {
        val measured = RecordingCanvas.EM_PER_CHAR * size * text.length
        return if (measured > width) size * width / measured else size
    }

    private fun checkCells(scene: Scene) {
        val view = fitted(scene)
        val calls = paint(scene, view)
        // The view's background first, then every polygon of every cell, in order, with
        // its fill and a grey edge one map unit wide.
        assertEquals(
            Call.Polygon(listOf(Pt(0f, 0f), Pt(1080f, 0f), Pt(1080f, 1500f), Pt(0f, 1500f)), Palette.BACKGROUND, null, 0f, null),
            calls[0],
        )
        val expected = scene.cells.flatMap { cell ->
            polygons(listOf(cell.outline) + cell.parts, view).map {
                Call.Polygon(it, cell.fill.toInt(), Palette.CELL_EDGE, view.scale, null)
            }
        }
        assertEquals<List<Call>>(expected, calls.subList(1, 1 + expected.size))
        // Nothing else is drawn in a cell's edge colour.
        assertEquals(expected.size, calls.count { it is Call.Polygon && it.stroke == Palette.CELL_EDGE })
        // Lines over the cells, in their own colours and widths.
        val lines = scene.lines.map { line -> Call.Polyline(line.points.map { view.at(it) }, line.colour.toInt(), line.width * view.scale, null) }
        assertEquals<List<Call>>(lines, calls.subList(1 + expected.size, 1 + expected.size + lines.size))
    }

    @Test
    fun everyFuryHexIsDrawnWithItsFillThenTheRoadsAndRivers() {
        assertEquals(440, fury.cells.size)
        assertTrue(fury.lines.isNotEmpty())
        checkCells(fury)
    }

    @Test
    fun every878ShireIsDrawnWithItsFillIslandsIncluded() {
        assertTrue(v878.cells.any { it.parts.isNotEmpty() }, "the Isle of Wight and others are parts")
        checkCells(v878)
    }

    /** Each counter: its square, then its title above its bold values, both within it. */
    private fun checkCounters(scene: Scene) {
        val view = fitted(scene)
        val calls = paint(scene, view)
        var i = calls.indexOfFirst { it is Call.RoundRect }
        for (p in scene.pieces) {
            val side = p.size * view.scale
            val corner = view.at(p.at.x - p.size / 2, p.at.y - p.size / 2)
            assertEquals(
                Call.RoundRect(corner.x, corner.y, side, side, 3f * view.scale, p.fill.toInt(), Palette.COUNTER_EDGE, view.scale),
                calls[i++], p.code,
            )
            val texts = if (p.values.isEmpty()) {
                val size = fit(p.title, p.size * 0.42f * view.scale, side * 0.9f)
                listOf(Call.Text(p.title, view.at(p.at).let { Pt(it.x, it.y + size * 0.36f) }, size, p.ink.toInt(), Anchor.MIDDLE, false))
            } else {
                listOf(
                    Call.Text(p.title, view.at(p.at.x, p.at.y - p.size * 0.12f), fit(p.title, p.size * 0.28f * view.scale, side * 0.92f), p.ink.toInt(), Anchor.MIDDLE, false),
                    Call.Text(p.values, view.at(p.at.x, p.at.y + p.size * 0.3f), fit(p.values, p.size * 0.3f * view.scale, side * 0.92f), p.ink.toInt(), Anchor.MIDDLE, true),
                )
            }
            for (text in texts) {
                val drawn = calls[i++] as Call.Text
                assertEquals(text.text, drawn.text, p.code)
                assertNear(text.at, drawn.at, "${p.code} ${text.text}")
                assertNear(text.size, drawn.size, "${p.code} ${text.text} size")
                assertEquals(text.copy(at = drawn.at, size = drawn.size), drawn)
                // Inside the square: as wide as measured, its caps 0.75 em above the baseline.
                val half = RecordingCanvas.EM_PER_CHAR * drawn.size * drawn.text.length / 2
                assertTrue(drawn.at.x - half >= corner.x && drawn.at.x + half <= corner.x + side, "${p.code} ${drawn.text} across")
                assertTrue(drawn.at.y - 0.75f * drawn.size >= corner.y && drawn.at.y <= corner.y + side, "${p.code} ${drawn.text} down")
            }
        }
    }

    @Test
    fun everyFuryCounterShowsItsTitleAndValuesInsideItsSquare() {
        assertTrue(fury.pieces.size > 50)
        assertTrue(fury.pieces.any { it.values.isEmpty() }, "Treasure counters have a title alone")
        assertTrue(fury.pieces.any { it.values.length >= 8 }, "regulars' values are long and shrink to fit")
        checkCounters(fury)
    }

    @Test
    fun every878BlockShowsItsTitleAndStrengthInsideItsSquare() {
        assertTrue(v878.pieces.isNotEmpty())
        checkCounters(v878)
    }

    @Test
    fun theCellsTheNextTapMayBeGetAHeavyBlackOutline() {
        for (scene in listOf(furyShip, v878)) {
            val view = fitted(scene)
            val calls = paint(scene, view)
            val next = scene.highlights.next.filterIsInstance<Target.Cell>().map { it.label }
            assertTrue(next.size >= 5, "next: ${scene.highlights.next}")
            val outlines = calls.filterIsInstance<Call.Polygon>().filter { it.fill == null }
            val expected = next.flatMap { label ->
                val cell = scene.cells.first { it.label == label }
                polygons(listOf(cell.outline) + cell.parts, view).map { Call.Polygon(it, null, Palette.BLACK, 4f * view.scale, null) }
            }
            assertEquals(expected, outlines)
            // Over the cells and lines, under every word.
            val first = calls.indexOf(expected.first())
            assertTrue(calls.subList(0, first).none { it is Call.Text })
            assertTrue(calls.subList(first, calls.size).none { it is Call.Polyline && it.colour != Palette.WHITE && it.colour != Palette.BLACK })
        }
    }

    @Test
    fun aCellAPathMayPassThroughGetsADottedPurpleOutline() {
        val scene = fury.copy(highlights = Highlights(emptyList(), listOf(Target.Via("0805"))))
        val view = fitted(scene)
        val cell = scene.cells.first { it.label == "0805" }
        val width = 4f * view.scale
        val outline = paint(scene, view).filterIsInstance<Call.Polygon>().single { it.fill == null }
        assertEquals(Call.Polygon(cell.outline.map { view.at(it) }, null, Palette.REDDISH_PURPLE, width, listOf(width * 0.01f, width * 2f)), outline)
    }

    @Test
    fun theSelectedCounterIsOutlinedYellowAndTheNextTapBlack() {
        val (selected, next) = fury.pieces[0].code to fury.pieces[5].code
        val scene = fury.copy(highlights = Highlights(listOf(Target.Piece(selected)), listOf(Target.Piece(next))))
        val view = fitted(scene)
        val squares = paint(scene, view).filterIsInstance<Call.RoundRect>()
        assertEquals(scene.pieces.size, squares.size)
        for ((piece, square) in scene.pieces.zip(squares)) {
            val (edge, width) = when (piece.code) {
                selected -> Palette.YELLOW to 4f
                next -> Palette.BLACK to 3f
                else -> Palette.COUNTER_EDGE to 1f
            }
            assertEquals(edge, square.stroke, piece.code)
            assertEquals(width * view.scale, square.strokeWidth, piece.code)
        }
    }

    @Test
    fun aSpentUnitHasAWhiteDotAndOneHoldingLootAYellowDot() {
        fun flagged(p: ScenePiece, i: Int) = when (i) {
            0 -> p.copy(spent = true, holding = false)
            1 -> p.copy(spent = true, holding = true)
            2 -> p.copy(spent = false, holding = true)
            else -> p.copy(spent = false, holding = false)
        }
        val scene = fury.copy(pieces = fury.pieces.mapIndexed { i, p -> flagged(p, i) })
        val view = fitted(scene)
        val dots = paint(scene, view).filterIsInstance<Call.Circle>()
        fun dot(p: ScenePiece, side: Float, fill: Int) = Call.Circle(
            view.at(p.at.x + side * p.size / 2 * 0.7f, p.at.y - p.size / 2 * 0.7f),
            p.size * 0.1f * view.scale, fill, Palette.BLACK, view.scale,
        )
        val (a, b, c) = scene.pieces
        assertEquals(
            listOf(dot(a, 1f, Palette.WHITE), dot(b, 1f, Palette.WHITE), dot(b, -1f, Palette.YELLOW), dot(c, -1f, Palette.YELLOW)),
            dots,
        )
    }

    @Test
    fun furyHexNumbersSitAtTheTopOfEachHexLightOnWoods() {
        assertTrue(fury.showLabels)
        val view = fitted(fury)
        val texts = paint(fury, view).filterIsInstance<Call.Text>().filter { it.size == 10f * view.scale }
        assertEquals(fury.cells.size, texts.size)
        for ((cell, text) in fury.cells.zip(texts)) {
            val top = cell.outline.minOf { it.y }
            val ink = if (cell.terrain == "woods") Palette.LABEL_ON_DARK else Palette.LABEL_ON_LIGHT
            assertEquals(Call.Text(cell.label, view.at(cell.centre.x, top + 11f), 10f * view.scale, ink, Anchor.MIDDLE, false), text)
        }
        assertTrue(fury.cells.any { it.terrain == "woods" })
        // Buildings' names in bold brown, after every hex number.
        val houses = fury.cells.filter { it.caption != null }
        assertTrue(houses.isNotEmpty())
        val captions = paint(fury, view).filterIsInstance<Call.Text>().filter { it.colour == Palette.CAPTION }
        assertEquals(
            houses.map { Call.Text(it.caption!!, view.at(it.centre.x, it.centre.y + 4f), 11f * view.scale, Palette.CAPTION, Anchor.MIDDLE, true) },
            captions,
        )
    }

    @Test
    fun shiresShowTheirNamesWhereTheSceneSaysAndNoIds() {
        assertTrue(!v878.showLabels)
        val view = fitted(v878)
        val texts = paint(v878, view).filterIsInstance<Call.Text>()
        val ids = v878.cells.map { it.label }.toSet()
        assertTrue(texts.none { it.text in ids && it.text !in v878.cells.mapNotNull { c -> c.caption } })
        val named = v878.cells.filter { it.caption != null }
        assertTrue(named.any { it.labelAt != null } && named.any { it.labelAt == null })
        val expected = named.map {
            val at = it.labelAt ?: it.centre
            Call.Text(it.caption!!, view.at(at.x, at.y + 4f), 11f * view.scale, Palette.CAPTION, Anchor.MIDDLE, true)
        }
        assertEquals(expected, texts.filter { it.colour == Palette.CAPTION })
        // The seas' and lands' names from the left end of their baselines, in black.
        val seas = v878.captions.map { Call.Text(it.text, view.at(it.at), it.size * view.scale, Palette.BLACK, Anchor.START, false) }
        assertTrue(seas.isNotEmpty())
        assertTrue(texts.containsAll(seas))
    }

    @Test
    fun markersLieOverTheCountersWithTextInInkThatReads() {
        val view = fitted(v878)
        val calls = paint(v878, view)
        assertTrue(v878.markers.size >= 10)
        var i = calls.indexOfLast { it is Call.RoundRect && it.stroke == Palette.COUNTER_EDGE } + 1
        // Past the last counter's texts.
        while (calls[i] is Call.Text) i++
        for (m in v878.markers) {
            val (w, h) = m.size * 1.8f to m.size * 0.8f
            val corner = view.at(m.at.x - w / 2, m.at.y - h / 2)
            assertEquals(
                Call.RoundRect(corner.x, corner.y, w * view.scale, h * view.scale, 3f * view.scale, m.fill.toInt(), Palette.BLACK, view.scale),
                calls[i++], m.text,
            )
            if (m.text.isEmpty()) continue
            val ink = Palette.inkOn(m.fill.toInt())
            val drawn = calls[i++] as Call.Text
            assertEquals(Call.Text(m.text, view.at(m.at.x, m.at.y + m.size * 0.18f), drawn.size, ink, Anchor.MIDDLE, false), drawn)
            assertNear(fit(m.text, m.size * 0.5f * view.scale, w * 0.9f * view.scale), drawn.size, "${m.text} size")
        }
        assertEquals(calls.size, i)
    }

    @Test
    fun arrowsRingsAndTheReadyPathAreDrawnAsTheSvgDrawsThem() {
        val c = { label: String -> fury.cells.first { it.label == label }.centre }
        val scene = fury.copy(
            arrows = listOf(
                SceneArrow(ArrowKind.MOVE, listOf(c("0802"), c("0803"), c("0804"))),
                SceneArrow(ArrowKind.ATTACK, listOf(c("1013"))),
            ),
            path = listOf(c("0905"), c("1005")),
        )
        val view = fitted(scene)
        val s = view.scale
        val calls = paint(scene, view)
        // The ring, cased in white, under the first counter.
        val ring = listOf(
            Call.Circle(view.at(c("1013")), 30f * s, null, Palette.WHITE, 9f * s),
            Call.Circle(view.at(c("1013")), 30f * s, null, Palette.VERMILLION, 5f * s),
        )
        val ringAt = calls.indexOf(ring[0])
        assertEquals<List<Call>>(ring, calls.subList(ringAt, ringAt + 2))
        assertTrue(ringAt < calls.indexOfFirst { it is Call.RoundRect })
        // Then, after everything else, the move arrow and the path: five calls.
        val tail = calls.takeLast(5)
        val move = scene.arrows[0].points.map { view.at(it) }
        assertEquals(Call.Polyline(move, Palette.WHITE, 9f * s, null), tail[0])
        assertEquals(Call.Polyline(move, Palette.REDDISH_PURPLE, 5f * s, null), tail[1])
        val head = tail[2] as Call.Polygon
        assertEquals(Palette.REDDISH_PURPLE, head.fill)
        assertEquals(Palette.WHITE, head.stroke)
        // Its tip 5.25 units past the end, along the last leg (straight down: 0803 to 0804).
        assertNear(view.at(c("0804").x, c("0804").y + 5.25f), head.points[0], "move tip")
        assertNear(17.5f * s, hypot(head.points[1].x - head.points[2].x, head.points[1].y - head.points[2].y), "head's base")
        val path = tail[3] as Call.Polyline
        assertEquals(listOf(view.at(c("0905")), view.at(c("1005"))), path.points)
        assertEquals(Palette.BLACK, path.colour)
        // Dashes that look 10 on and 6 off once their round caps are on.
        assertEquals(2, path.dash!!.size)
        assertNear(5f * s, path.dash!![0], "dash")
        assertNear(11f * s, path.dash!![1], "gap")
        val pathHead = tail[4] as Call.Polygon
        assertEquals(Palette.BLACK, pathHead.fill)
        assertEquals(null, pathHead.stroke)
        val (from, to) = c("0905") to c("1005")
        val len = hypot(to.x - from.x, to.y - from.y)
        assertNear(view.at(to.x + (to.x - from.x) / len * 4f, to.y + (to.y - from.y) / len * 4f), pathHead.points[0], "path tip")
    }

    @Test
    fun zoomedInOnlyWhatIsOnScreenIsDrawnAndEverythingIsLarger() {
        val fit = fitted(fury)
        val piece = fury.pieces.first { it.values.isNotEmpty() && it.cell == "0905" }
        val view = fit.zoomOnto(Pt(piece.at.x, piece.at.y), 4f)
        val calls = paint(fury, view)
        val drawn = calls.filterIsInstance<Call.Polygon>().filter { it.stroke == Palette.CELL_EDGE }.map { it.points }.toSet()
        val onScreen = { p: Pt -> p.x in 0f..1080f && p.y in 0f..1500f }
        var skipped = 0
        for (cell in fury.cells) {
            val points = cell.outline.map { view.at(it) }
            val isDrawn = points in drawn
            if (points.any(onScreen)) assertTrue(isDrawn, "${cell.label} is on screen")
            val (xs, ys) = points.map { it.x } to points.map { it.y }
            if (xs.max() < -2f || xs.min() > 1082f || ys.max() < -2f || ys.min() > 1502f) {
                assertTrue(!isDrawn, "${cell.label} is off screen")
                skipped++
            }
        }
        assertTrue(skipped > fury.cells.size / 2, "skipped $skipped")
        // Four times the size: the hex numbers, the counters and their edges.
        val label = calls.filterIsInstance<Call.Text>().first { it.text == "0905" }
        assertNear(40f * fit.scale, label.size, "label")
        val square = calls.filterIsInstance<Call.RoundRect>().first { abs(it.left - view.at(piece.at.x - 20f, 0f).x) < 0.01f }
        assertNear(4f * 40f * fit.scale, square.width, "counter")
        assertNear(4f * fit.scale, square.strokeWidth, "counter's edge")
        assertTrue(calls.filterIsInstance<Call.RoundRect>().size < fury.pieces.size / 2)
    }
}
