package skald.app

import kotlin.random.Random
import uniffi.skald_ffi.Press
import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.Target

/**
 * A person who plays only by taps, as a finger would: on the board where the scene puts
 * a piece or a cell, and on the buttons and cards it offers. It picks among the targets
 * the scene highlights for a next tap, and confirms a ready action. Seeded, so a test
 * plays the same game every time.
 */
class Tapper(seed: Int) {
    private val random = Random(seed)

    /** One tap or press for the scene the model shows now. */
    fun tapOnce(model: PlayViewModel) {
        val scene = model.state.value.scene
        if (scene.ready != null) {
            model.press(scene.buttons.first { it.press == Press.Confirm })
            return
        }
        // Waypoints only choose another path for a ready action; there is none here.
        val next = scene.highlights.next.filter { it !is Target.Via }
        check(next.isNotEmpty()) { "nothing to tap: ${scene.prompt}" }
        tap(model, scene, next[random.nextInt(next.size)])
    }

    /**
     * A point of the piece's counter that no counter drawn after it covers: where a
     * finger aims at a counter lying in a stack. Its centre if nothing covers it.
     */
    private fun visiblePart(scene: Scene, code: String): Pair<Float, Float> {
        val index = scene.pieces.indexOfFirst { it.code == code }
        val piece = scene.pieces[index]
        val above = scene.pieces.drop(index + 1)
        val half = piece.size / 2
        fun covered(x: Float, y: Float) = above.any { p ->
            Math.abs(x - p.at.x) <= p.size / 2 && Math.abs(y - p.at.y) <= p.size / 2
        }
        val steps = (0..8).map { -half + 1 + it * (piece.size - 2) / 8 }
        val free = steps.flatMap { dx -> steps.map { dy -> piece.at.x + dx to piece.at.y + dy } }
            .filter { (x, y) -> !covered(x, y) }
            .minByOrNull { (x, y) -> Math.abs(x - piece.at.x) + Math.abs(y - piece.at.y) }
        return free ?: (piece.at.x to piece.at.y)
    }

    private fun tap(model: PlayViewModel, scene: Scene, target: Target) {
        when (target) {
            is Target.Piece -> visiblePart(scene, target.code).let { model.tapMap(it.first, it.second) }
            is Target.Cell -> scene.cells.first { it.label == target.label }.centre.let { model.tapMap(it.x, it.y) }
            is Target.Card -> model.tapCard(target.code)
            else -> model.press(scene.buttons.first { it.press == Press.Tap(target) })
        }
    }
}
