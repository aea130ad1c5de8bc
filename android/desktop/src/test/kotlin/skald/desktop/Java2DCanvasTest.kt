package skald.desktop

import java.awt.image.BufferedImage
import java.io.File
import kotlin.math.abs
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import skald.paint.Anchor
import skald.paint.Pt

/** The Java2D canvas on its own: its font, text where the painter asks for it, and
 *  shapes in the colours given. */
class Java2DCanvasTest {
    companion object {
        init {
            System.setProperty("java.awt.headless", "true")
        }
    }

    private fun image(draw: (Java2DCanvas) -> Unit): BufferedImage {
        val image = BufferedImage(300, 80, BufferedImage.TYPE_INT_RGB)
        val g = image.createGraphics()
        try {
            val canvas = Java2DCanvas(g)
            canvas.roundRect(0f, 0f, 300f, 80f, 0f, 0xffffff, null, 0f)
            draw(canvas)
        } finally {
            g.dispose()
        }
        return image
    }

    /** The columns where any pixel is darker than mid-grey. */
    private fun inkColumns(image: BufferedImage): List<Int> =
        (0 until image.width).filter { x -> (0 until image.height).any { y -> image.getRGB(x, y) and 0xff < 128 } }

    @Test
    fun textIsSetInDejaVuSansWhereItIsInstalled() {
        // android/tools.sh installs it (Debian's fonts-dejavu-core).
        if (File("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf").exists()) {
            assertEquals("DejaVu Sans", Java2DCanvas.familyInUse)
        }
    }

    @Test
    fun textStandsWhereItsAnchorSaysAndIsAsWideAsMeasured() {
        lateinit var canvas: Java2DCanvas
        var measured = 0f
        for (anchor in Anchor.entries) {
            val columns = inkColumns(image { c ->
                canvas = c
                measured = c.textWidth("4-3-4 Inf", 30f, bold = true)
                c.text("4-3-4 Inf", Pt(150f, 60f), 30f, 0x000000, anchor, bold = true)
            })
            val (first, last) = columns.first().toFloat() to columns.last() + 1f
            // Glyphs' ink sits a little inside their advance: within 3 pixels of it.
            val (expectedFirst, expectedLast) = when (anchor) {
                Anchor.START -> 150f to 150f + measured
                Anchor.MIDDLE -> 150f - measured / 2 to 150f + measured / 2
                Anchor.END -> 150f - measured to 150f
            }
            assertTrue(abs(first - expectedFirst) <= 3f && abs(last - expectedLast) <= 3f, "$anchor: ink from $first to $last, measured $measured")
        }
        // Twice the size, twice the width; bold wider than plain.
        assertEquals(2 * canvas.textWidth("Knight", 12f), canvas.textWidth("Knight", 24f), 0.01f)
        assertTrue(canvas.textWidth("Knight", 12f, bold = true) > canvas.textWidth("Knight", 12f))
        assertEquals(0f, canvas.textWidth("", 12f))
    }

    @Test
    fun shapesAreFilledAndOutlinedInTheirColours() {
        val image = image { c ->
            c.polygon(listOf(Pt(10f, 10f), Pt(90f, 10f), Pt(90f, 70f), Pt(10f, 70f)), 0x0072b2, 0x000000, 4f)
            c.circle(Pt(150f, 40f), 25f, 0xf0e442, null, 0f)
            c.polyline(listOf(Pt(200f, 40f), Pt(290f, 40f)), 0xd55e00, 6f)
            // A pattern Java2D would refuse is drawn solid rather than throwing.
            c.polyline(listOf(Pt(200f, 70f), Pt(290f, 70f)), 0xcc79a7, 4f, floatArrayOf(0f, 0f))
        }
        assertEquals(0x0072b2, image.getRGB(50, 40) and 0xffffff)
        assertEquals(0x000000, image.getRGB(10, 40) and 0xffffff)
        assertEquals(0xf0e442, image.getRGB(150, 40) and 0xffffff)
        assertEquals(0xd55e00, image.getRGB(245, 40) and 0xffffff)
        assertEquals(0xcc79a7, image.getRGB(245, 70) and 0xffffff)
        assertEquals(0xffffff, image.getRGB(245, 55) and 0xffffff)
    }
}
