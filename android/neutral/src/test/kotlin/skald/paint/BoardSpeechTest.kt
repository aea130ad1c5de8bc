package skald.paint

import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.ScenePiece
import uniffi.skald_ffi.Target

/** What a screen reader says of a point of the board (issue 12), asked of the core. */
class BoardSpeechTest {
    @Test
    fun aCounterIsSaidFirstThenItsCellAndWhatElseStandsThere() {
        val table = Games.furyBasic()
        val scene = table.scene()
        val speech = BoardSpeech(table)
        // The Villagers' biggest stack: its top counter, then the hex, then the others, top first.
        val stack = biggestStack(scene)
        assertTrue(stack.size >= 2)
        val top = stack.last()
        val cell = scene.cells.first { it.label == top.cell }
        val said = assertNotNull(speech.at(top.at.x, top.at.y))
        val expected = "${top.speech}. ${cell.speech}. Also there: " + stack.dropLast(1).reversed().joinToString("; ") { it.speech }
        assertTrue(said.startsWith(expected), "said: $said\nexpected: $expected")
        assertNull(speech.at(-50f, -50f))
        assertNull(speech.at(Float.NaN, 0f))
    }

    @Test
    fun anEmptyCellIsItsOwnWordsAndSaysWhenItMayBeTapped() {
        val table = Games.furyBasic()
        val before = table.scene()
        table.press(before.buttons.first { it.label == "ship" }.press)
        val scene = table.scene()
        val speech = BoardSpeech(table)
        val coast = scene.highlights.next.filterIsInstance<Target.Cell>().first().label
        val cell = scene.cells.first { it.label == coast }
        assertEquals("${cell.speech}, may be tapped next.", speech.at(cell.centre.x, cell.centre.y))
        assertEquals("${cell.speech}, may be tapped next", speech.of(Target.Cell(coast)))
        val inland = scene.cells.first { c -> Target.Cell(c.label) !in scene.highlights.next && scene.pieces.none { it.cell == c.label } && scene.markers.none { it.cell == c.label } }
        assertEquals("${inland.speech}.", speech.at(inland.centre.x, inland.centre.y))
        // One spot for each cell a fitted view shows, each saying what its centre holds.
        val view = Viewport.fit(scene.width, scene.height, 1080f, 1500f)
        val spots = speech.spots(scene, view)
        assertEquals(scene.cells.size, spots.size)
        val spot = spots.first { it.at == Pt(cell.centre.x, cell.centre.y) }
        assertEquals(speech.at(cell.centre.x, cell.centre.y), spot.text)
        // Zoomed in, only the cells on screen.
        assertTrue(speech.spots(scene, view.zoomOnto(Pt(cell.centre.x, cell.centre.y), 6f)).size < spots.size / 4)
    }

    @Test
    fun aSpreadsTilesAreSaidByWhatTheyChooseAndTappedAtTheirMiddle() {
        val table = Games.furyBasic()
        val scene = table.scene()
        val speech = BoardSpeech(table)
        val stack = biggestStack(scene)
        val cell = scene.cells.first { it.label == stack[0].cell }
        val choices = stack.map { Target.Piece(it.code) } + Target.Cell(cell.label)
        val spread = Spread(Pt(cell.centre.x, cell.centre.y), choices)
        val view = Viewport.fit(scene.width, scene.height, 1080f, 1500f)
        val spots = speech.tiles(spread, view, 60f)
        val tiles = spots.dropLast(1)
        assertEquals(choices.map { speech.of(it) }, tiles.map { it.text })
        // A double tap on a tile's spot chooses that tile's target.
        assertEquals(choices, tiles.map { spread.choiceAt(view.toScreen(it.at), view, 60f) })
        // The last spot closes the spread: a finger high, on screen, beside the tiles, and
        // a double tap there chooses nothing.
        val close = spots.last()
        assertEquals("Close, choosing none of these", close.text)
        assertEquals(60f, close.height)
        assertTrue(close.top >= 0f && close.top + close.height <= view.viewHeight)
        assertNull(spread.choiceAt(view.toScreen(close.at), view, 60f))
        // With no room above or below the panel, the panel's own bottom margin.
        val tall = Viewport.fit(scene.width, scene.height, 1080f, 160f)
        val squeezed = speech.tiles(spread, tall, 60f).last()
        assertEquals(60f * Spread.GAP, squeezed.height)
        assertNull(spread.choiceAt(tall.toScreen(squeezed.at), tall, 60f))
    }

    /** The counters of the biggest stack on the map, bottom first. */
    private fun biggestStack(scene: Scene): List<ScenePiece> =
        scene.pieces.filter { p -> scene.cells.any { it.label == p.cell } }.groupBy { it.cell }.values.maxBy { it.size }
}
