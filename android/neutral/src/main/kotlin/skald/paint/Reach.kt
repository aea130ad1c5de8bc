package skald.paint

import uniffi.skald_ffi.Table

/**
 * What a finger may have meant by a tap on the board (issue 12): asked of the core
 * (`Table.spreadAt`) before the tap is sent, so that both apps read the board's geometry
 * the same way. A finger is a disc [finger] pixels wide, not a point: when the disc covers
 * the visible parts of two or more counters and any of them may be tapped next, the tap
 * is not sent; the stack is opened out as a [Spread] instead. Otherwise the tap goes to
 * the core as it is, which decides what it means as always.
 *
 * The core follows the counters as drawn, at the zoom they are drawn: zoomed in far
 * enough, a tap in the middle of a counter is clear and goes straight through.
 */
object Reach {
    /** The spread to open for a tap at [screen] (pixels), or null when the aim is clear. */
    fun spreadFor(table: Table, viewport: Viewport, screen: Pt, finger: Float): Spread? {
        val at = viewport.toMap(screen)
        val open = table.spreadAt(at.x, at.y, finger / 2 / viewport.scale) ?: return null
        return Spread(Pt(open.anchor.x, open.anchor.y), open.choices)
    }
}
