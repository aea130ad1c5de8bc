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

    private fun tap(model: PlayViewModel, scene: Scene, target: Target) {
        when (target) {
            // Where a finger reaches it as drawn: a counter's visible part, a cell's part clear of counters.
            is Target.Piece, is Target.Cell -> model.table.aim(target)!!.let { model.tapMap(it.x, it.y) }
            is Target.Card -> model.tapCard(target.code)
            else -> model.press(scene.buttons.first { it.press == Press.Tap(target) })
        }
    }
}
