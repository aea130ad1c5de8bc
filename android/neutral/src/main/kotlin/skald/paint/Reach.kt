package skald.paint

import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.ScenePiece
import uniffi.skald_ffi.Target

/**
 * What a finger may have meant by a tap on the board (issue 12): the device's one guess,
 * made before the tap reaches the core, and only to ask the person when the guess is
 * not clear. A finger is a disc [finger] pixels wide, not a point: when the disc covers
 * the visible parts of two or more counters and any of them may be tapped next, the tap
 * is not sent; the stack is opened out as a [Spread] instead. Otherwise the tap goes to
 * the core as it is, which decides what it means as always.
 *
 * This follows the counters as drawn, at the zoom they are drawn: zoomed in far enough,
 * a tap in the middle of a counter is clear and goes straight through.
 */
object Reach {
    /** How many sample points across the finger's width (an odd number: one at its centre). */
    private const val SAMPLES = 9

    /** The spread to open for a tap at [screen] (pixels), or null when the aim is clear. */
    fun spreadFor(scene: Scene, viewport: Viewport, screen: Pt, finger: Float): Spread? {
        val at = viewport.toMap(screen)
        val meant = countersUnder(scene, at, finger / 2 / viewport.scale)
        if (meant.size < 2) return null
        val stack = withStackMates(scene, meant)
        val next = scene.highlights.next
        // Only a choice among counters that may be tapped next is worth asking about.
        if (stack.none { Target.Piece(it.code) in next }) return null
        val choices = stack.map<ScenePiece, Target> { Target.Piece(it.code) }.toMutableList()
        // The cell itself, when the next tap may be it: the finger may have meant it too.
        val cells = (listOfNotNull(scene.cellAt(at.x, at.y)?.label) + stack.map { it.cell }).distinct()
        for (label in cells) {
            listOf(Target.Cell(label), Target.Via(label)).firstOrNull { it in next }?.let(choices::add)
        }
        val anchor = Pt(stack.map { it.at.x }.average().toFloat(), stack.map { it.at.y }.average().toFloat())
        return Spread(anchor, choices)
    }

    /** The counters whose visible parts a finger of [radius] map units at [at] touches: the
     *  top counter at each of a grid of points across the finger's disc. */
    private fun countersUnder(scene: Scene, at: Pt, radius: Float): Set<ScenePiece> {
        val found = LinkedHashSet<ScenePiece>()
        val half = SAMPLES / 2
        for (i in -half..half) for (j in -half..half) {
            if (i * i + j * j > half * half) continue
            val x = at.x + radius * i / half
            val y = at.y + radius * j / half
            scene.topPieceAt(x, y)?.let(found::add)
        }
        return found
    }

    /** The counters and every counter of the same cell lying on them, as the scene draws
     *  them (bottom first): a stack is opened whole, even where the finger missed a counter. */
    private fun withStackMates(scene: Scene, meant: Set<ScenePiece>): List<ScenePiece> {
        val stack = meant.toMutableSet()
        var grown = true
        while (grown) {
            grown = false
            for (p in scene.pieces) {
                if (p !in stack && stack.any { it.cell == p.cell && it.overlaps(p) }) {
                    stack += p
                    grown = true
                }
            }
        }
        return scene.pieces.filter { it in stack }
    }
}
