package skald.paint

import kotlin.math.hypot
import uniffi.skald_ffi.ArrowKind
import uniffi.skald_ffi.Point
import uniffi.skald_ffi.Scene

/**
 * What happened lately and what is about to: a ring round a fight inside one cell, the
 * last move (purple) and attack (vermillion) as arrows in a white casing that reads over
 * any terrain, and the ready action's path, dashed black, over them. Sizes in map units,
 * as the SVG renderer's.
 */
internal object Arrows {
    private const val CASING = 9f
    private const val STROKE = 5f
    private const val RING_RADIUS = 30f

    /** The SVG's arrowheads (its markers), in map units: how far the tip reaches past the
     *  line's end, how far back the base sits, how far either side its corners are. */
    private val ARROWHEAD = Head(tip = 5.25f, back = 12.25f, half = 8.75f, casing = 1.75f)
    private val PATH_HEAD = Head(tip = 4f, back = 16f, half = 10f, casing = 0f)

    /** The path's dashes as they look, in map units. */
    private const val DASH_ON = 10f
    private const val DASH_OFF = 6f

    private class Head(val tip: Float, val back: Float, val half: Float, val casing: Float)

    /** Under the counters, so that a ring shows round the stack without hiding a value. */
    fun rings(scene: Scene, frame: Frame) {
        for (arrow in scene.arrows) {
            val at = arrow.points.singleOrNull() ?: continue
            if (!frame.shows(at, RING_RADIUS + CASING)) continue
            val centre = frame.screen(at)
            val r = frame.px(RING_RADIUS)
            frame.canvas.circle(centre, r, null, Palette.WHITE, frame.px(CASING))
            frame.canvas.circle(centre, r, null, Palette.VERMILLION, frame.px(STROKE))
        }
    }

    fun arrows(scene: Scene, frame: Frame) {
        for (arrow in scene.arrows) {
            if (arrow.points.size < 2 || !frame.shows(arrow.points, ARROWHEAD.back)) continue
            val colour = when (arrow.kind) {
                ArrowKind.MOVE -> Palette.REDDISH_PURPLE
                ArrowKind.ATTACK -> Palette.VERMILLION
            }
            val line = frame.screen(arrow.points)
            frame.canvas.polyline(line, Palette.WHITE, frame.px(CASING))
            frame.canvas.polyline(line, colour, frame.px(STROKE))
            head(arrow.points, ARROWHEAD, colour, Palette.WHITE, frame)
        }
    }

    fun readyPath(scene: Scene, frame: Frame) {
        if (scene.path.size < 2 || !frame.shows(scene.path, PATH_HEAD.back)) return
        val width = frame.px(STROKE)
        frame.canvas.polyline(
            frame.screen(scene.path), Palette.BLACK, width,
            Dashes.dashed(frame.px(DASH_ON), frame.px(DASH_OFF), width),
        )
        head(scene.path, PATH_HEAD, Palette.BLACK, null, frame)
    }

    /** A triangle at the line's end, pointing along its last segment of any length. */
    private fun head(points: List<Point>, head: Head, fill: Int, casing: Int?, frame: Frame) {
        val end = points.last()
        val from = points.asReversed().drop(1).firstOrNull { it.x != end.x || it.y != end.y } ?: return
        val length = hypot(end.x - from.x, end.y - from.y)
        val (dx, dy) = (end.x - from.x) / length to (end.y - from.y) / length
        val baseX = end.x - dx * head.back
        val baseY = end.y - dy * head.back
        val triangle = listOf(
            frame.screen(end.x + dx * head.tip, end.y + dy * head.tip),
            frame.screen(baseX - dy * head.half, baseY + dx * head.half),
            frame.screen(baseX + dy * head.half, baseY - dx * head.half),
        )
        frame.canvas.polygon(triangle, fill, casing, frame.px(head.casing))
    }
}
