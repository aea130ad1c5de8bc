package org.skald.app

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.gestures.detectTransformGestures
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clipToBounds
import androidx.compose.ui.input.pointer.pointerInput
import skald.paint.Pt
import skald.paint.ScenePainter
import skald.paint.Viewport
import uniffi.skald_ffi.Scene

/**
 * The board: the neutral painter over Compose, a tap sent on in map units (what it means
 * is the core's business), one finger to pan and two to pinch-zoom. It keeps only its
 * viewport; a long press calls [onLongPress] (the play screen clears the selection).
 */
@Composable
fun Board(
    scene: Scene,
    modifier: Modifier = Modifier,
    onTap: ((Float, Float) -> Unit)? = null,
    onLongPress: (() -> Unit)? = null,
) {
    // A new board (another game, the history's) is fitted anew; the same board keeps its zoom.
    val viewport = remember(scene.width, scene.height) { mutableStateOf<Viewport?>(null) }
    val current by rememberUpdatedState(scene)
    val tap by rememberUpdatedState(onTap)
    val longPress by rememberUpdatedState(onLongPress)
    val fonts = remember { TextPaints() }
    Canvas(
        modifier
            .clipToBounds()
            .pointerInput(viewport) {
                detectTransformGestures { centroid, pan, zoom, _ ->
                    val v = viewFor(viewport.value, current, size.width.toFloat(), size.height.toFloat())
                        ?: return@detectTransformGestures
                    viewport.value = v.zoomAt(zoom, Pt(centroid.x, centroid.y)).panBy(pan.x, pan.y)
                }
            }
            .pointerInput(viewport) {
                detectTapGestures(
                    onLongPress = { longPress?.invoke() },
                    onTap = { at ->
                        val v = viewFor(viewport.value, current, size.width.toFloat(), size.height.toFloat())
                        if (v != null) {
                            val map = v.toMap(Pt(at.x, at.y))
                            tap?.invoke(map.x, map.y)
                        }
                    },
                )
            },
    ) {
        val v = viewFor(viewport.value, scene, size.width, size.height) ?: return@Canvas
        ScenePainter.paint(scene, ComposeCanvas(this, fonts), v)
    }
}

/** The viewport for a view of this size: the whole map fitted at first, the same map
 *  point at the centre after the view changed size (the device turned). Null while the
 *  view or the map has no size. */
private fun viewFor(kept: Viewport?, scene: Scene, width: Float, height: Float): Viewport? = when {
    !(width > 0f && height > 0f && scene.width > 0f && scene.height > 0f) -> null
    kept == null -> Viewport.fit(scene.width, scene.height, width, height)
    kept.viewWidth != width || kept.viewHeight != height -> kept.resized(width, height)
    else -> kept
}
