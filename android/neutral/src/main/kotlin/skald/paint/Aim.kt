package skald.paint

import kotlin.math.abs
import uniffi.skald_ffi.Scene

/**
 * Where a finger aims at a counter, in map units: the point of its square nearest its
 * centre that no counter drawn after it covers (a counter deep in a stack shows only a
 * strip). Its centre when nothing covers it; null when the scene has no such piece.
 * Test players use it to tap as a person would; the core's hit-test takes the topmost
 * counter under the finger.
 */
fun aimAt(scene: Scene, code: String): Pt? {
    val index = scene.pieces.indexOfFirst { it.code == code }
    if (index < 0) return null
    val piece = scene.pieces[index]
    val above = scene.pieces.drop(index + 1)
    val half = piece.size / 2
    val steps = (0..8).map { -half + 1 + it * (piece.size - 2) / 8 }
    return steps.flatMap { dx -> steps.map { dy -> Pt(piece.at.x + dx, piece.at.y + dy) } }
        .filter { p -> above.none { o -> abs(p.x - o.at.x) <= o.size / 2 && abs(p.y - o.at.y) <= o.size / 2 } }
        .minByOrNull { p -> abs(p.x - piece.at.x) + abs(p.y - piece.at.y) }
        ?: Pt(piece.at.x, piece.at.y)
}
