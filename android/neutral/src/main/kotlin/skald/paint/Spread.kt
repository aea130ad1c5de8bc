package skald.paint

import kotlin.math.ceil
import kotlin.math.floor
import uniffi.skald_ffi.Target

/**
 * A crowded stack opened out (issue 12): its counters side by side, each wider than a
 * finger, over the board where the stack stands, so that a person can choose the one
 * they meant. Fury draws a stack as counters six map units apart: five pixels on a phone
 * with the whole map in view, and still narrower than a fingertip at the most the
 * viewport zooms (six times), so zooming alone cannot make a tap there say which counter
 * it meant.
 * [Reach] decides when to open one; a tap on a tile sends the core that target, a tap
 * anywhere else closes the spread and sends nothing.
 *
 * It keeps map units only (where the stack stands, what it offers): its tiles are laid
 * out anew for each viewport, so a pan or a zoom while it is open keeps it by the stack.
 */
data class Spread(
    /** The middle of the stack, in map units. */
    val anchor: Pt,
    /** What each tile chooses, in the order shown: the counters as the scene draws them
     *  (bottom first), then the cell itself when the next tap may be it. */
    val choices: List<Target>,
) {
    /** The panel behind the tiles and the tiles, in screen pixels, for a finger [finger] pixels wide. */
    fun layout(viewport: Viewport, finger: Float): SpreadLayout {
        val side = finger * TILE
        val gap = finger * GAP
        val room = viewport.viewWidth - 2 * gap
        val columns = floor((room + gap) / (side + gap)).toInt().coerceIn(1, maxOf(1, choices.size))
        val rows = ceil(choices.size / columns.toFloat()).toInt().coerceAtLeast(1)
        val width = columns * side + (columns - 1) * gap + 2 * gap
        val height = rows * side + (rows - 1) * gap + 2 * gap
        // Centred on the stack, moved in to stay wholly on screen where it fits.
        val at = viewport.toScreen(anchor)
        val left = within(at.x - width / 2, width, viewport.viewWidth)
        val top = within(at.y - height / 2, height, viewport.viewHeight)
        val tiles = choices.mapIndexed { i, target ->
            SpreadTile(target, left + gap + (i % columns) * (side + gap), top + gap + (i / columns) * (side + gap), side)
        }
        return SpreadLayout(left, top, width, height, tiles)
    }

    /** The choice whose tile is under a tap at [screen], or null (a tap beside the tiles). */
    fun choiceAt(screen: Pt, viewport: Viewport, finger: Float): Target? =
        layout(viewport, finger).tiles.firstOrNull { it.contains(screen) }?.target

    private fun within(start: Float, extent: Float, view: Float): Float =
        if (extent >= view) 0f else start.coerceIn(0f, view - extent)

    companion object {
        /** A tile's side in fingers: a little wider than a finger, room for a counter's text. */
        const val TILE = 1.25f

        /** The gap between tiles in fingers: a finger on one tile does not reach the next. */
        const val GAP = 0.25f
    }
}

/** Where a spread is drawn, in screen pixels. */
data class SpreadLayout(val left: Float, val top: Float, val width: Float, val height: Float, val tiles: List<SpreadTile>)

/** One choice of a spread: a square [side] pixels wide from ([left], [top]). */
data class SpreadTile(val target: Target, val left: Float, val top: Float, val side: Float) {
    val centre: Pt get() = Pt(left + side / 2, top + side / 2)

    fun contains(p: Pt): Boolean = p.x >= left && p.x <= left + side && p.y >= top && p.y <= top + side
}
