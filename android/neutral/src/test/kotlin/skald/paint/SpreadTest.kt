package skald.paint

import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue
import skald.paint.RecordingCanvas.Call
import uniffi.skald_ffi.Highlights
import uniffi.skald_ffi.Point
import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.SceneCell
import uniffi.skald_ffi.ScenePiece
import uniffi.skald_ffi.Target

/**
 * A crowded stack opened out (issue 12): its tiles laid out and painted. When a tap opens
 * one is the core's to say (`reach.rs` and its tests; [BoardTapTest] through the model),
 * on a map laid out as Fury's: square cells 80 map units wide, counters 40 wide, a stack
 * drawn six units apart, up and left, as `stack_at` in core/src/games/fury/scene.rs.
 * A small phone's 600 pixels over 800 map units: counters 30 pixels wide, 4.5 apart, as
 * Fury's counters are on a phone with the whole map in view; a finger 40 pixels wide.
 */
class SpreadTest {
    private val finger = 40f

    private fun cell(label: String, col: Int, row: Int): SceneCell {
        val (x, y) = col * 80f to row * 80f
        val outline = listOf(Point(x, y), Point(x + 80f, y), Point(x + 80f, y + 80f), Point(x, y + 80f))
        return SceneCell(label, outline, emptyList(), Point(x + 40f, y + 40f), null, "clear", 0xdddddd.toUInt(), null, "$label, clear")
    }

    private fun counter(code: String, cell: SceneCell, offset: Float) = ScenePiece(
        code, cell.label, Point(cell.centre.x + offset, cell.centre.y + offset), 40f,
        0x336699.toUInt(), 0xffffff.toUInt(), code, "2-4", emptyList(), false, false, "Warrior $code",
    )

    /** A stack of [n] in cell 0101 (bottom first, down and right), a lone counter in 0301. */
    private fun board(n: Int, next: List<Target>, selected: List<Target> = emptyList()): Scene {
        val stackCell = cell("0101", 1, 1)
        val loneCell = cell("0301", 3, 1)
        val spread = 6f * (n - 1)
        val stack = (0 until n).map { i -> counter("VI0${i + 1}", stackCell, spread / 2 - 6f * i) }
        return Scene(
            width = 800f, height = 800f,
            cells = (0 until 10).flatMap { c -> (0 until 10).map { r -> if (c == 1 && r == 1) stackCell else if (c == 3 && r == 1) loneCell else cell("%02d%02d".format(c, r), c, r) } },
            showLabels = true, lines = emptyList(), pieces = stack + counter("VA01", loneCell, 0f), markers = emptyList(),
            captions = emptyList(), sides = emptyList(), status = emptyList(), hand = emptyList(), offered = emptyList(),
            seat = "viking", highlights = Highlights(selected, next), path = emptyList(), buttons = emptyList(),
            prompt = "", ready = null, log = emptyList(), arrows = emptyList(),
        )
    }

    private val phone = Viewport.fit(800f, 800f, 600f, 900f)

    private fun Viewport.at(p: Point) = toScreen(Pt(p.x, p.y))

    private fun pieces(vararg codes: String) = codes.map { Target.Piece(it) }

    @Test
    fun theTilesAreWiderThanAFingerApartOnScreenAndNearTheStack() {
        val spread = Spread(Pt(120f, 120f), pieces("VI01", "VI02", "VI03", "VI04", "VI05", "VI06") + Target.Cell("0101"))
        val layout = spread.layout(phone, finger)
        assertEquals(7, layout.tiles.size)
        for (t in layout.tiles) {
            assertTrue(t.side >= finger, "a tile ${t.side} wide")
            assertTrue(t.left >= layout.left && t.left + t.side <= layout.left + layout.width)
            assertTrue(layout.left >= 0f && layout.left + layout.width <= phone.viewWidth)
            // The choice under each tile's middle is that tile's; beside the tiles, none.
            assertEquals(t.target, spread.choiceAt(t.centre, phone, finger))
        }
        layout.tiles.zipWithNext { a, b -> if (a.top == b.top) assertTrue(b.left - (a.left + a.side) >= finger * Spread.GAP - 1e-3f) }
        assertNull(spread.choiceAt(Pt(layout.left + 1f, layout.top + 1f), phone, finger))
        assertNull(spread.choiceAt(Pt(590f, 890f), phone, finger))
        // Near the stack's corner of the map, moved in to stay on screen.
        val anchor = phone.at(Point(120f, 120f))
        assertTrue(layout.top <= anchor.y && layout.top + layout.height >= anchor.y)
        // A narrow view wraps the tiles into rows.
        val narrow = Viewport.fit(800f, 800f, 200f, 300f)
        val rows = spread.layout(narrow, finger).tiles.map { it.top }.distinct()
        assertTrue(rows.size > 1, "rows at $rows")
    }

    @Test
    fun theSpreadIsPaintedOverTheBoardWithTheBoardsOwnCounters() {
        val scene = board(3, pieces("VI01", "VI03"), selected = pieces("VI02"))
        val spread = Spread(Pt(120f, 120f), pieces("VI01", "VI02", "VI03"))
        val canvas = RecordingCanvas()
        SpreadPainter.paint(scene, spread, canvas, phone, finger)
        val layout = spread.layout(phone, finger)
        val boxes = canvas.all<Call.RoundRect>()
        assertEquals(Call.RoundRect(layout.left, layout.top, layout.width, layout.height, 6f, Palette.BACKGROUND, Palette.BLACK, 2f), boxes[0])
        // Each counter a tile's size in its own colour, with the board's edges: VI02 selected
        // (yellow), VI01 and VI03 the next tap (black), as on the map.
        val counters = boxes.drop(1)
        assertEquals(layout.tiles.map { Triple(it.left, it.top, it.side) }, counters.map { Triple(it.left, it.top, it.width) })
        assertEquals(listOf(Palette.BLACK, Palette.YELLOW, Palette.BLACK), counters.map { it.stroke })
        assertTrue(counters.all { it.fill == 0x336699 })
        assertEquals(listOf("VI01", "VI02", "VI03"), canvas.all<Call.Text>().filter { it.text.startsWith("VI") }.map { it.text })
    }
}
