package org.skald.app

import android.graphics.Paint
import android.graphics.Typeface
import androidx.compose.ui.geometry.CornerRadius
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.PathEffect
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.StrokeJoin
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Fill
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.drawIntoCanvas
import androidx.compose.ui.graphics.nativeCanvas
import skald.paint.Anchor
import skald.paint.BoardCanvas
import skald.paint.Pt

/** A colour of the core's (0xRRGGBB, opaque) as Compose's. */
fun rgb(colour: Int): Color = Color(0xFF000000.toInt() or (colour and 0xFFFFFF))

/**
 * The board canvas over a Compose [DrawScope], in its pixels: polygons and lines as
 * Compose paths with round caps and joins, text on the platform canvas with a [Paint],
 * whose `drawText` takes the baseline as BoardCanvas does and whose `measureText` gives
 * the width at the very size drawn.
 */
class ComposeCanvas(private val scope: DrawScope, private val fonts: TextPaints) : BoardCanvas {
    override fun polygon(points: List<Pt>, fill: Int?, stroke: Int?, strokeWidth: Float, dash: FloatArray?) {
        if (points.size < 2) return
        val path = path(points).apply { close() }
        if (fill != null) scope.drawPath(path, rgb(fill), style = Fill)
        if (stroke != null && strokeWidth > 0f) scope.drawPath(path, rgb(stroke), style = stroke(strokeWidth, dash))
    }

    override fun polyline(points: List<Pt>, colour: Int, width: Float, dash: FloatArray?) {
        if (points.size < 2 || !(width > 0f)) return
        scope.drawPath(path(points), rgb(colour), style = stroke(width, dash))
    }

    override fun roundRect(left: Float, top: Float, width: Float, height: Float, radius: Float, fill: Int?, stroke: Int?, strokeWidth: Float) {
        val topLeft = Offset(left, top)
        val size = Size(width, height)
        val corner = CornerRadius(radius, radius)
        if (fill != null) scope.drawRoundRect(color = rgb(fill), topLeft = topLeft, size = size, cornerRadius = corner, style = Fill)
        if (stroke != null && strokeWidth > 0f) {
            scope.drawRoundRect(color = rgb(stroke), topLeft = topLeft, size = size, cornerRadius = corner, style = stroke(strokeWidth, null))
        }
    }

    override fun circle(centre: Pt, radius: Float, fill: Int?, stroke: Int?, strokeWidth: Float) {
        val at = Offset(centre.x, centre.y)
        if (fill != null) scope.drawCircle(color = rgb(fill), radius = radius, center = at, style = Fill)
        if (stroke != null && strokeWidth > 0f) {
            scope.drawCircle(color = rgb(stroke), radius = radius, center = at, style = stroke(strokeWidth, null))
        }
    }

    override fun text(text: String, at: Pt, size: Float, colour: Int, anchor: Anchor, bold: Boolean) {
        if (text.isEmpty() || !(size > 0f)) return
        val paint = fonts.paint(size, bold).apply {
            color = 0xFF000000.toInt() or (colour and 0xFFFFFF)
            textAlign = when (anchor) {
                Anchor.START -> Paint.Align.LEFT
                Anchor.MIDDLE -> Paint.Align.CENTER
                Anchor.END -> Paint.Align.RIGHT
            }
        }
        scope.drawIntoCanvas { it.nativeCanvas.drawText(text, at.x, at.y, paint) }
    }

    override fun textWidth(text: String, size: Float, bold: Boolean): Float =
        if (text.isEmpty() || !(size > 0f)) 0f else fonts.paint(size, bold).measureText(text)

    private fun path(points: List<Pt>) = Path().apply {
        moveTo(points[0].x, points[0].y)
        for (i in 1 until points.size) lineTo(points[i].x, points[i].y)
    }

    private fun stroke(width: Float, dash: FloatArray?) = Stroke(
        width = width,
        cap = StrokeCap.Round,
        join = StrokeJoin.Round,
        pathEffect = dashes(dash)?.let { PathEffect.dashPathEffect(it, 0f) },
    )

    /** On-off lengths as the platform takes them (an even count of them); a pattern it
     *  would refuse (negative, all zero) is drawn solid rather than not at all. */
    private fun dashes(dash: FloatArray?): FloatArray? {
        val d = dash?.takeIf { p -> p.isNotEmpty() && p.all { it >= 0f && it.isFinite() } && p.any { it > 0f } } ?: return null
        return if (d.size % 2 == 0) d else d + d
    }
}

/**
 * The two text paints the board draws with (the platform's sans-serif, plain and bold),
 * kept across frames. Used on the main thread only, one call at a time.
 */
class TextPaints {
    private val plain = Paint(Paint.ANTI_ALIAS_FLAG or Paint.SUBPIXEL_TEXT_FLAG).apply { typeface = Typeface.DEFAULT }
    private val bold = Paint(Paint.ANTI_ALIAS_FLAG or Paint.SUBPIXEL_TEXT_FLAG).apply { typeface = Typeface.DEFAULT_BOLD }

    fun paint(size: Float, isBold: Boolean): Paint = (if (isBold) bold else plain).apply { textSize = size }
}
