package skald.desktop

import java.awt.BasicStroke
import java.awt.Color
import java.awt.Font
import java.awt.Graphics2D
import java.awt.GraphicsEnvironment
import java.awt.RenderingHints
import java.awt.Shape
import java.awt.geom.Ellipse2D
import java.awt.geom.Path2D
import java.awt.geom.RoundRectangle2D
import skald.paint.Anchor
import skald.paint.BoardCanvas
import skald.paint.Pt

/**
 * The board canvas over Java2D, for the desktop window and its pictures: antialiased,
 * lines with round caps and joins, text in DejaVu Sans (android/tools.sh installs it)
 * or, where it is missing, Java's logical sans-serif font.
 */
class Java2DCanvas(private val g: Graphics2D) : BoardCanvas {
    init {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON)
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON)
        // Fractional widths, so that text measured at a size is as wide when drawn at it.
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON)
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE)
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY)
    }

    override fun polygon(points: List<Pt>, fill: Int?, stroke: Int?, strokeWidth: Float, dash: FloatArray?) {
        if (points.size < 2) return
        val path = path(points).apply { closePath() }
        paint(path, fill, stroke, strokeWidth, dash)
    }

    override fun polyline(points: List<Pt>, colour: Int, width: Float, dash: FloatArray?) {
        if (points.size < 2) return
        paint(path(points), null, colour, width, dash)
    }

    override fun roundRect(left: Float, top: Float, width: Float, height: Float, radius: Float, fill: Int?, stroke: Int?, strokeWidth: Float) {
        // Java2D's arc sizes are the corner's diameter.
        paint(RoundRectangle2D.Float(left, top, width, height, 2 * radius, 2 * radius), fill, stroke, strokeWidth, null)
    }

    override fun circle(centre: Pt, radius: Float, fill: Int?, stroke: Int?, strokeWidth: Float) {
        paint(Ellipse2D.Float(centre.x - radius, centre.y - radius, 2 * radius, 2 * radius), fill, stroke, strokeWidth, null)
    }

    override fun text(text: String, at: Pt, size: Float, colour: Int, anchor: Anchor, bold: Boolean) {
        if (text.isEmpty() || !(size > 0f)) return
        val font = font(size, bold)
        val x = when (anchor) {
            Anchor.START -> at.x
            Anchor.MIDDLE -> at.x - width(text, font) / 2
            Anchor.END -> at.x - width(text, font)
        }
        g.font = font
        g.color = Color(colour)
        g.drawString(text, x, at.y)
    }

    override fun textWidth(text: String, size: Float, bold: Boolean): Float =
        if (text.isEmpty() || !(size > 0f)) 0f else width(text, font(size, bold))

    private fun width(text: String, font: Font): Float =
        font.getStringBounds(text, g.fontRenderContext).width.toFloat()

    private fun font(size: Float, bold: Boolean): Font = (if (bold) BOLD else PLAIN).deriveFont(size)

    private fun path(points: List<Pt>) = Path2D.Float().apply {
        moveTo(points[0].x, points[0].y)
        for (i in 1 until points.size) lineTo(points[i].x, points[i].y)
    }

    private fun paint(shape: Shape, fill: Int?, stroke: Int?, strokeWidth: Float, dash: FloatArray?) {
        if (fill != null) {
            g.color = Color(fill)
            g.fill(shape)
        }
        if (stroke != null && strokeWidth > 0f) {
            g.color = Color(stroke)
            g.stroke = stroke(strokeWidth, dash)
            g.draw(shape)
        }
    }

    private fun stroke(width: Float, dash: FloatArray?): BasicStroke {
        // BasicStroke refuses a pattern with a negative length or nothing but zeros:
        // such a pattern is drawn solid rather than not at all.
        val pattern = dash?.takeIf { d -> d.isNotEmpty() && d.all { it >= 0f && it.isFinite() } && d.any { it > 0f } }
        return BasicStroke(width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 10f, pattern, 0f)
    }

    companion object {
        /** The family every picture is set in, when the machine has it. */
        const val FAMILY = "DejaVu Sans"

        private val family: String by lazy {
            val installed = GraphicsEnvironment.getLocalGraphicsEnvironment().availableFontFamilyNames
            if (FAMILY in installed) FAMILY else Font.SANS_SERIF
        }
        private val PLAIN: Font by lazy { Font(family, Font.PLAIN, 1) }
        private val BOLD: Font by lazy { Font(family, Font.BOLD, 1) }

        /** The family text is drawn in here: DejaVu Sans or the logical "SansSerif". */
        val familyInUse: String get() = family
    }
}
