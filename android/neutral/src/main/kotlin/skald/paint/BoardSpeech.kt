package skald.paint

import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.Table
import uniffi.skald_ffi.Target
import uniffi.skald_ffi.wordsCloseSpread

/**
 * What a screen reader (TalkBack, VoiceOver, the desktop's tooltips) says of the board
 * (issue 12), asked of the core for the game on [table]: the words the core gives every
 * cell, counter and marker, with what the touch layer says of them (selected, or a
 * choice for the next tap). Only where the words go on the screen is worked out here.
 */
class BoardSpeech(private val table: Table) {
    /**
     * What is at a point of the map (map units): the counter under it first, then the
     * cell and the rest of what stands there. Null where there is nothing (off the map).
     */
    fun at(x: Float, y: Float): String? = table.describeAt(x, y)

    /** What one choice of a spread is, in words: the counter, or the cell. */
    fun of(target: Target): String = table.describeTarget(target) ?: target.toString()

    /** A spot for a screen reader's explore-by-touch (screen pixels), saying what is in
     *  it; [at] is where a double tap taps (map units). */
    data class Spot(val text: String, val left: Float, val top: Float, val width: Float, val height: Float, val at: Pt)

    /** One spot per tile of an open [spread], saying what the tile chooses; a double tap
     *  taps the tile's middle. While a spread is open its tiles are what can be chosen.
     *  Last, a spot that closes the spread choosing nothing: a finger taps beside the
     *  tiles for that, and a screen reader needs a spot to say so (the core's words). */
    fun tiles(spread: Spread, viewport: Viewport, finger: Float): List<Spot> {
        val layout = spread.layout(viewport, finger)
        val tiles = layout.tiles.map { t ->
            Spot(of(t.target), t.left, t.top, t.side, t.side, viewport.toMap(t.centre))
        }
        return tiles + close(layout, viewport, finger)
    }

    /** A strip a finger high beside the spread's panel, below it where there is room, else
     *  above it, else along the panel's own bottom margin, which no tile covers. */
    private fun close(layout: SpreadLayout, viewport: Viewport, finger: Float): Spot {
        val below = layout.top + layout.height
        val (top, height) = when {
            below + finger <= viewport.viewHeight -> below to finger
            layout.top - finger >= 0f -> (layout.top - finger) to finger
            else -> {
                val margin = finger * Spread.GAP
                (below - margin) to margin
            }
        }
        val centre = Pt(layout.left + layout.width / 2, top + height / 2)
        return Spot(wordsCloseSpread(), layout.left, top, layout.width, height, viewport.toMap(centre))
    }

    /** Every cell [viewport] shows of [scene], saying what stands at its centre, where a
     *  double tap taps (one call to the core for all of them). */
    fun spots(scene: Scene, viewport: Viewport): List<Spot> {
        val said = table.cellSpeech().associate { it.label to it.text }
        return scene.cells.mapNotNull { cell ->
            val points = (listOf(cell.outline) + cell.parts).flatten()
            if (points.isEmpty()) return@mapNotNull null
            val a = viewport.toScreen(Pt(points.minOf { it.x }, points.minOf { it.y }))
            val b = viewport.toScreen(Pt(points.maxOf { it.x }, points.maxOf { it.y }))
            val left = a.x.coerceAtLeast(0f)
            val top = a.y.coerceAtLeast(0f)
            val right = b.x.coerceAtMost(viewport.viewWidth)
            val bottom = b.y.coerceAtMost(viewport.viewHeight)
            if (right <= left || bottom <= top) return@mapNotNull null
            val text = said[cell.label] ?: return@mapNotNull null
            Spot(text, left, top, right - left, bottom - top, Pt(cell.centre.x, cell.centre.y))
        }
    }
}
