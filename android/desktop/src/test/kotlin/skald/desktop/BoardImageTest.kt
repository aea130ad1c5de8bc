package skald.desktop

import java.awt.image.BufferedImage
import java.io.File
import java.nio.file.Files
import javax.imageio.ImageIO
import kotlin.math.floor
import kotlin.math.hypot
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import skald.paint.Pt
import skald.paint.Viewport
import uniffi.skald_ffi.NewGame
import uniffi.skald_ffi.Point
import uniffi.skald_ffi.SaveFolder
import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.SceneCell
import uniffi.skald_ffi.Screen
import uniffi.skald_ffi.SeatPlayer
import uniffi.skald_ffi.Target
import uniffi.skald_ffi.catalogue

/**
 * Real scenes painted by Java2D into PNGs (under target/jvm-pictures/, to look at) and
 * read back pixel by pixel: cells in their fills, counters in theirs with their text
 * drawn, the next tap's outline black; also zoomed in, as a phone shows a stack.
 */
class BoardImageTest {
    companion object {
        init {
            System.setProperty("java.awt.headless", "true")
        }

        private val pictures = File(System.getenv("CARGO_TARGET_DIR") ?: "target", "jvm-pictures")

        /** A new game with Ann in the first seat and the simple computer in the others,
         *  played on to Ann's first decision. */
        private fun start(game: String, scenario: String) = catalogue().first { it.id == game }.scenarios
            .first { it.id == scenario }.seats.indices
            .map { if (it == 0) SeatPlayer.Person("Ann") else SeatPlayer.Computer("simple") }
            .let { players ->
                SaveFolder.open(Files.createTempDirectory("skald-image").toString())
                    .newGame(NewGame(game, scenario, players, ""))
            }.also { table ->
                while (true) {
                    when (table.screen()) {
                        is Screen.ComputerToMove -> table.computerStep()
                        is Screen.HandOff -> table.confirmHandoff()
                        else -> break
                    }
                }
            }

        private val fury: Scene by lazy { start("fury", "basic").scene() }
        private val furyShip: Scene by lazy {
            start("fury", "basic").let { table ->
                table.press(table.scene().buttons.first { it.label == "ship" }.press)
                table.scene()
            }
        }
        private val v878: Scene by lazy { start("v878", "standard").scene() }
    }

    /** A phone's screen, upright. */
    private val width = 1080
    private val height = 1500

    private fun painted(scene: Scene, name: String, viewport: Viewport? = null): BufferedImage {
        val image = boardImage(scene, width, height, viewport)
        val file = File(pictures, "$name.png")
        writePng(image, file)
        // What was written reads back the same.
        val back = ImageIO.read(file)
        assertEquals(image.getRGB(width / 2, height / 2), back.getRGB(width / 2, height / 2))
        return image
    }

    /** The colour of the pixel at a map point, or null when it is off the image. */
    private fun BufferedImage.at(view: Viewport, x: Float, y: Float): Int? {
        val p = view.toScreen(Pt(x, y))
        val (px, py) = floor(p.x).toInt() to floor(p.y).toInt()
        if (px !in 0 until width || py !in 0 until height) return null
        return getRGB(px, py) and 0xffffff
    }

    /** Whether two colours are alike, channel by channel: text's pixels are blended. */
    private fun alike(a: Int, b: Int) = (0..16 step 8).all { kotlin.math.abs((a shr it and 0xff) - (b shr it and 0xff)) < 48 }

    private fun inside(polygon: List<Point>, x: Float, y: Float): Boolean {
        var inside = false
        var j = polygon.size - 1
        for (i in polygon.indices) {
            val (a, b) = polygon[i] to polygon[j]
            if ((a.y > y) != (b.y > y) && x < (b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x) inside = !inside
            j = i
        }
        return inside
    }

    private fun distanceToSegment(x: Float, y: Float, a: Point, b: Point): Float {
        val (dx, dy) = (b.x - a.x) to (b.y - a.y)
        val length2 = dx * dx + dy * dy
        val t = if (length2 == 0f) 0f else (((x - a.x) * dx + (y - a.y) * dy) / length2).coerceIn(0f, 1f)
        return hypot(x - (a.x + t * dx), y - (a.y + t * dy))
    }

    private fun nearEdge(polygon: List<Point>, x: Float, y: Float, margin: Float) =
        polygon.indices.any { distanceToSegment(x, y, polygon[it], polygon[(it + 1) % polygon.size]) < margin }

    /**
     * A point of the cell, in map units, where nothing but its fill is drawn: inside its
     * outline, well clear of its edges (and the next tap's heavy outline on them), of
     * other cells, lines, counters, markers and words. Null when it has none.
     */
    private fun clearSpot(scene: Scene, cell: SceneCell): Point? {
        val offsets = listOf(0f to 0f, 0f to 18f, 0f to -18f, 18f to 0f, -18f to 0f, 25f to 25f, -25f to 25f, 25f to -25f, -25f to -25f)
        return offsets.map { (dx, dy) -> Point(cell.centre.x + dx, cell.centre.y + dy) }.firstOrNull { p ->
            val (x, y) = p.x to p.y
            inside(cell.outline, x, y) && !nearEdge(cell.outline, x, y, 8f) &&
                scene.cells.none { other ->
                    (listOf(other.outline) + other.parts).any { it !== cell.outline && inside(it, x, y) }
                } &&
                scene.lines.none { line -> line.points.zipWithNext().any { (a, b) -> distanceToSegment(x, y, a, b) < line.width / 2 + 4f } } &&
                scene.pieces.none { kotlin.math.abs(it.at.x - x) < it.size / 2 + 4f && kotlin.math.abs(it.at.y - y) < it.size / 2 + 4f } &&
                scene.markers.none { kotlin.math.abs(it.at.x - x) < it.size + 4f && kotlin.math.abs(it.at.y - y) < it.size / 2 + 4f } &&
                scene.cells.none { c ->
                    val caption = c.caption ?: return@none false
                    val at = c.labelAt ?: c.centre
                    kotlin.math.abs(at.x - x) < 0.4f * 11f * caption.length + 4f && y > at.y - 12f && y < at.y + 12f
                } &&
                scene.cells.none { c ->
                    val top = c.outline.minOf { it.y }
                    scene.showLabels && kotlin.math.abs(c.centre.x - x) < 20f && y > top && y < top + 16f
                } &&
                scene.captions.none { c -> x > c.at.x - 4f && x < c.at.x + 0.7f * c.size * c.text.length + 4f && y > c.at.y - c.size - 4f && y < c.at.y + 8f }
        }
    }

    private fun checkCellFills(scene: Scene, image: BufferedImage, view: Viewport, atLeast: Int) {
        var checked = 0
        for (cell in scene.cells) {
            val spot = clearSpot(scene, cell) ?: continue
            val colour = image.at(view, spot.x, spot.y) ?: continue
            assertEquals(
                "%06x".format(cell.fill.toInt()), "%06x".format(colour),
                "${cell.label} at (${spot.x}, ${spot.y})",
            )
            checked++
        }
        assertTrue(checked >= atLeast, "only $checked cells had a clear spot")
    }

    /**
     * Each counter on the image not covered by a later one: its fill where no text is
     * (between its title and its values, or above a title alone), and its text drawn
     * (pixels in or near its ink within its square).
     */
    private fun checkCounters(scene: Scene, image: BufferedImage, view: Viewport, atLeast: Int) {
        var checked = 0
        for ((i, p) in scene.pieces.withIndex()) {
            val (x, y) = if (p.values.isEmpty()) p.at.x to p.at.y - 0.3f * p.size else p.at.x - 0.38f * p.size to p.at.y + 0.0125f * p.size
            val corner = view.toScreen(Pt(p.at.x - p.size / 2, p.at.y - p.size / 2))
            val side = p.size * view.scale
            if (corner.x < 0 || corner.y < 0 || corner.x + side >= width || corner.y + side >= height) continue
            val covered = scene.pieces.drop(i + 1).any { later ->
                kotlin.math.abs(later.at.x - p.at.x) < (later.size + p.size) / 2 + 4f &&
                    kotlin.math.abs(later.at.y - p.at.y) < (later.size + p.size) / 2 + 4f
            } || scene.markers.any { kotlin.math.abs(it.at.x - p.at.x) < it.size + p.size / 2 + 2f && kotlin.math.abs(it.at.y - p.at.y) < it.size / 2 + p.size / 2 + 2f }
            if (covered) continue
            assertEquals("%06x".format(p.fill.toInt()), "%06x".format(image.at(view, x, y)), "${p.code}'s counter")
            assertTrue(!alike(p.fill.toInt(), p.ink.toInt()), "${p.code}'s ink must differ from its fill for the count below")
            var ink = 0
            for (py in corner.y.toInt() + 2 until (corner.y + side).toInt() - 2) {
                for (px in corner.x.toInt() + 2 until (corner.x + side).toInt() - 2) {
                    if (alike(image.getRGB(px, py) and 0xffffff, p.ink.toInt())) ink++
                }
            }
            assertTrue(ink >= 4, "${p.code}: $ink pixels of its ink")
            checked++
        }
        assertTrue(checked >= atLeast, "only $checked counters checked")
    }

    private fun fitted(scene: Scene) = Viewport.fit(scene.width, scene.height, width.toFloat(), height.toFloat())

    @Test
    fun furyBasicCellsAndCountersShowTheirColours() {
        val image = painted(fury, "fury-basic")
        checkCellFills(fury, image, fitted(fury), atLeast = 200)
        checkCounters(fury, image, fitted(fury), atLeast = 40)
    }

    @Test
    fun v878StandardShiresAndBlocksShowTheirColours() {
        val image = painted(v878, "v878-standard")
        checkCellFills(v878, image, fitted(v878), atLeast = 20)
        checkCounters(v878, image, fitted(v878), atLeast = 15)
    }

    @Test
    fun theHexesTheShipMayGoToAreOutlinedInBlack() {
        val view = fitted(furyShip)
        val image = painted(furyShip, "fury-ship")
        val next = furyShip.highlights.next.filterIsInstance<Target.Cell>().map { it.label }.toSet()
        assertTrue(next.size >= 5)
        for (cell in furyShip.cells) {
            // The middle of the hex's bottom edge, far from its own number at its top.
            val (a, b) = cell.outline.sortedBy { it.y }.takeLast(2).let { it[0] to it[1] }
            val edge = image.at(view, (a.x + b.x) / 2, (a.y + b.y) / 2)!!
            if (cell.label in next) {
                assertEquals(0x000000, edge, "${cell.label}'s edge")
            } else if (furyShip.cells.none { it.label in next && it.outline.any { p -> hypot(p.x - a.x, p.y - a.y) < 1f } } &&
                furyShip.cells.none { it.caption != null && hypot(it.centre.x - a.x, it.centre.y - a.y) < 60f }
            ) {
                // Not next to a highlighted hex nor under a building's name: the thin grey edge.
                assertTrue((edge shr 16) + (edge shr 8 and 0xff) + (edge and 0xff) > 200, "${cell.label}'s edge is grey, not black: %06x".format(edge))
            }
        }
    }

    @Test
    fun zoomedInTheCountersAreLargerAndStillTheirColours() {
        val piece = fury.pieces.first { it.cell == "0905" }
        val view = fitted(fury).zoomOnto(Pt(piece.at.x, piece.at.y), 3f)
        val image = painted(fury, "fury-basic-zoom3", view)
        checkCellFills(fury, image, view, atLeast = 20)
        checkCounters(fury, image, view, atLeast = 3)
        val shire = v878.cells.first { it.label == "liccidfeld" || it.caption == "LICCIDFELD" }
        val zoomed878 = fitted(v878).zoomOnto(Pt(shire.centre.x, shire.centre.y), 3f)
        val image878 = painted(v878, "v878-standard-zoom3", zoomed878)
        checkCellFills(v878, image878, zoomed878, atLeast = 5)
        checkCounters(v878, image878, zoomed878, atLeast = 3)
    }
}
