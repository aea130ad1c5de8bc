package skald.paint

import kotlin.math.abs
import uniffi.skald_ffi.Point
import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.SceneCell
import uniffi.skald_ffi.ScenePiece

/*
 * What lies under a point of the map, in map units, as the core's hit-test sees it
 * (`hit` in core/src/scene/compose.rs: a counter's square, a cell's polygons). The core
 * alone says what a tap means; the device asks this only to decide what a finger may have
 * aimed at before it sends a tap, and what to say of a point to a screen reader.
 */

internal fun ScenePiece.covers(x: Float, y: Float): Boolean =
    abs(x - at.x) <= size / 2 && abs(y - at.y) <= size / 2

/** Whether two counters' squares overlap: they are one stack to the eye. */
internal fun ScenePiece.overlaps(other: ScenePiece): Boolean =
    abs(at.x - other.at.x) < (size + other.size) / 2 && abs(at.y - other.at.y) < (size + other.size) / 2

/** The counter drawn on top at a point, if any (a later piece lies on top). */
internal fun Scene.topPieceAt(x: Float, y: Float): ScenePiece? = pieces.lastOrNull { it.covers(x, y) }

internal fun Scene.cellAt(x: Float, y: Float): SceneCell? = cells.firstOrNull { it.contains(x, y) }

internal fun SceneCell.contains(x: Float, y: Float): Boolean =
    inside(outline, x, y) || parts.any { inside(it, x, y) }

/** Even-odd ray casting, as the core's `polygon_contains`. */
private fun inside(polygon: List<Point>, x: Float, y: Float): Boolean {
    var result = false
    var j = polygon.size - 1
    for (i in polygon.indices) {
        val a = polygon[i]
        val b = polygon[j]
        if ((a.y > y) != (b.y > y) && x < (b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x) result = !result
        j = i
    }
    return result
}
