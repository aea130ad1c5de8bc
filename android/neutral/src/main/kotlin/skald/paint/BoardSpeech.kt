package skald.paint

import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.SceneCell
import uniffi.skald_ffi.ScenePiece
import uniffi.skald_ffi.Target

/**
 * What a screen reader (TalkBack, VoiceOver, the desktop's tooltips) says of a point of
 * the board (issue 12), built from the words the core already gives every cell, counter
 * and marker (their `speech`), with what the touch layer says of them: selected, or a
 * choice for the next tap. No game's words are written here.
 */
object BoardSpeech {
    /**
     * What is at a point of the map (map units): the counter under it first, then the
     * cell and the rest of what stands there. Null where there is nothing (off the map).
     * "Viking Warrior VI01, ..., may be tapped next. 0915, clear. Also there: ...".
     */
    fun at(scene: Scene, x: Float, y: Float): String? {
        val top = scene.topPieceAt(x, y)
        val cell = scene.cellAt(x, y) ?: top?.let { p -> scene.cells.firstOrNull { it.label == p.cell } }
        if (top == null && cell == null) return null
        val sentences = mutableListOf<String>()
        top?.let { sentences += piece(scene, it) }
        if (cell != null) {
            sentences += cellWords(scene, cell)
            val others = scene.pieces.filter { it.cell == cell.label && it != top }.asReversed()
            if (others.isNotEmpty()) {
                sentences += (if (top == null) "In it: " else "Also there: ") + others.joinToString("; ") { piece(scene, it) }
            }
            scene.markers.filter { it.cell == cell.label }.forEach { sentences += it.speech }
        }
        return sentences.joinToString(". ") { it.trimEnd('.') } + "."
    }

    /** A spot for a screen reader's explore-by-touch: one per cell on screen (screen pixels),
     *  saying what is in it; [at] is where a double tap taps (the cell's centre, map units). */
    data class Spot(val text: String, val left: Float, val top: Float, val width: Float, val height: Float, val at: Pt)

    /** Every cell the viewport shows, with what [at] says of its centre. */
    fun spots(scene: Scene, viewport: Viewport): List<Spot> = scene.cells.mapNotNull { cell ->
        val points = (listOf(cell.outline) + cell.parts).flatten()
        if (points.isEmpty()) return@mapNotNull null
        val a = viewport.toScreen(Pt(points.minOf { it.x }, points.minOf { it.y }))
        val b = viewport.toScreen(Pt(points.maxOf { it.x }, points.maxOf { it.y }))
        val left = a.x.coerceAtLeast(0f)
        val top = a.y.coerceAtLeast(0f)
        val right = b.x.coerceAtMost(viewport.viewWidth)
        val bottom = b.y.coerceAtMost(viewport.viewHeight)
        if (right <= left || bottom <= top) return@mapNotNull null
        val text = at(scene, cell.centre.x, cell.centre.y) ?: return@mapNotNull null
        Spot(text, left, top, right - left, bottom - top, Pt(cell.centre.x, cell.centre.y))
    }

    /** What one choice of a spread is, in words: the counter, or the cell. */
    fun of(scene: Scene, target: Target): String = when (target) {
        is Target.Piece -> scene.pieces.firstOrNull { it.code == target.code }?.let { piece(scene, it) } ?: target.code
        is Target.Cell -> scene.cells.firstOrNull { it.label == target.label }?.let { cellWords(scene, it) } ?: target.label
        is Target.Via -> scene.cells.firstOrNull { it.label == target.label }?.let { cellWords(scene, it) } ?: target.label
        else -> target.toString()
    }

    private fun piece(scene: Scene, p: ScenePiece): String = p.speech + mark(scene, Target.Piece(p.code))

    private fun cellWords(scene: Scene, cell: SceneCell): String =
        cell.speech + mark(scene, Target.Cell(cell.label)).ifEmpty { mark(scene, Target.Via(cell.label)) }

    private fun mark(scene: Scene, target: Target): String = when (target) {
        in scene.highlights.selected -> ", selected"
        is Target.Via -> if (target in scene.highlights.next) ", a way to go through" else ""
        in scene.highlights.next -> ", may be tapped next"
        else -> ""
    }
}
