package org.skald.app

import android.view.accessibility.AccessibilityManager
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.gestures.detectTransformGestures
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.offset
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.Composable
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.saveable.listSaver
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clipToBounds
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.layout.onSizeChanged
import androidx.compose.ui.platform.LocalContext
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.IntOffset
import androidx.compose.ui.unit.IntSize
import androidx.compose.ui.unit.dp
import kotlin.math.roundToInt
import skald.paint.BoardSpeech
import skald.paint.Pt
import skald.paint.ScenePainter
import skald.paint.Spread
import skald.paint.SpreadPainter
import skald.paint.Viewport
import uniffi.skald_ffi.Scene

/** A fingertip's width: 7 mm (44 dp at 160 dp an inch), the size below which a tap on a
 *  crowded stack opens it out instead of guessing (skald.paint.Reach). */
private val FINGER = 44.dp

/**
 * The board: the neutral painter over Compose, a crowded stack opened out over it
 * ([spread]), one finger to pan and two to pinch-zoom. A tap goes to [onTap] in pixels
 * with the viewport and the finger's width: the play screen's model decides what it was
 * aimed at, the core what it means. It keeps only its viewport; a long press calls
 * [onLongPress] (the play screen clears the selection). With TalkBack's explore by touch
 * on, every cell on screen (and every tile of a spread) is a node that says what is there
 * ([speech], from the core; a picture of the past has none).
 */
@Composable
fun Board(
    scene: Scene,
    modifier: Modifier = Modifier,
    spread: Spread? = null,
    speech: BoardSpeech? = null,
    onTap: ((Pt, Viewport, Float) -> Unit)? = null,
    onLongPress: (() -> Unit)? = null,
) {
    // A new board (another game, the history's) is fitted anew; the same board keeps its
    // zoom, also when the device turns (the activity is made anew: saved, not remembered).
    val viewport = rememberSaveable(scene.width, scene.height, stateSaver = ViewportSaver) { mutableStateOf<Viewport?>(null) }
    val current by rememberUpdatedState(scene)
    val tap by rememberUpdatedState(onTap)
    val longPress by rememberUpdatedState(onLongPress)
    val fonts = remember { TextPaints() }
    val finger = with(LocalDensity.current) { FINGER.toPx() }
    var boxSize by remember { mutableStateOf(IntSize.Zero) }
    val context = LocalContext.current
    // Whether TalkBack's explore by touch is on, followed while the board is shown (it
    // may be turned on or off with the app open).
    val accessibility = remember(context) { context.getSystemService(AccessibilityManager::class.java) }
    var exploring by remember(accessibility) { mutableStateOf(accessibility?.isTouchExplorationEnabled == true) }
    DisposableEffect(accessibility) {
        val listener = AccessibilityManager.TouchExplorationStateChangeListener { on -> exploring = on }
        accessibility?.addTouchExplorationStateChangeListener(listener)
        onDispose { accessibility?.removeTouchExplorationStateChangeListener(listener) }
    }
    Box(modifier.clipToBounds().onSizeChanged { boxSize = it }) {
        Canvas(
            Modifier
                .matchParentSize()
                .pointerInput(viewport, finger) {
                    detectTransformGestures { centroid, pan, zoom, _ ->
                        val v = viewFor(viewport.value, current, size.width.toFloat(), size.height.toFloat())
                            ?: return@detectTransformGestures
                        viewport.value = v.zoomAt(zoom, Pt(centroid.x, centroid.y)).panBy(pan.x, pan.y)
                    }
                }
                .pointerInput(viewport, finger) {
                    detectTapGestures(
                        onLongPress = { longPress?.invoke() },
                        onTap = { at ->
                            val v = viewFor(viewport.value, current, size.width.toFloat(), size.height.toFloat())
                            if (v != null) tap?.invoke(Pt(at.x, at.y), v, finger)
                        },
                    )
                },
        ) {
            val v = viewFor(viewport.value, scene, size.width, size.height) ?: return@Canvas
            val canvas = ComposeCanvas(this, fonts)
            ScenePainter.paint(scene, canvas, v)
            spread?.let { SpreadPainter.paint(scene, it, canvas, v, finger) }
        }
        if (exploring && speech != null) {
            val v = viewFor(viewport.value, scene, boxSize.width.toFloat(), boxSize.height.toFloat())
            if (v != null) SpokenSpots(scene, speech, spread, v, finger) { at -> tap?.invoke(at, v, finger) }
        }
    }
}

/**
 * Invisible nodes for explore by touch: a spread's tiles while one is open, else every
 * cell on screen, each saying what is there (BoardSpeech); a double tap taps its middle.
 */
@Composable
private fun SpokenSpots(scene: Scene, speech: BoardSpeech, spread: Spread?, v: Viewport, finger: Float, tapAt: (Pt) -> Unit) {
    val density = LocalDensity.current
    val spots = if (spread != null) {
        speech.tiles(spread, v, finger)
    } else {
        remember(scene, v) { speech.spots(scene, v) }
    }
    for (spot in spots) {
        Box(
            Modifier
                .offset { IntOffset(spot.left.roundToInt(), spot.top.roundToInt()) }
                .size(with(density) { spot.width.toDp() }, with(density) { spot.height.toDp() })
                .semantics {
                    contentDescription = spot.text
                    onClick {
                        tapAt(v.toScreen(spot.at))
                        true
                    }
                },
        )
    }
}

/** A viewport kept across the activity being made anew (the device turned), as its seven numbers. */
private val ViewportSaver = listSaver<Viewport?, Float>(
    save = { v -> v?.run { listOf(mapWidth, mapHeight, viewWidth, viewHeight, scale, left, top) } ?: emptyList() },
    restore = { n -> if (n.size == 7) Viewport(n[0], n[1], n[2], n[3], n[4], n[5], n[6]) else null },
)

/** The viewport for a view of this size: the whole map fitted at first, the same map
 *  point at the centre after the view changed size (the device turned). Null while the
 *  view or the map has no size. */
private fun viewFor(kept: Viewport?, scene: Scene, width: Float, height: Float): Viewport? = when {
    !(width > 0f && height > 0f && scene.width > 0f && scene.height > 0f) -> null
    kept == null -> Viewport.fit(scene.width, scene.height, width, height)
    kept.viewWidth != width || kept.viewHeight != height -> kept.resized(width, height)
    else -> kept
}
