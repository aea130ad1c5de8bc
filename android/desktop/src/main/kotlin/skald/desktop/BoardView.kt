package skald.desktop

import java.awt.Graphics
import java.awt.Graphics2D
import java.awt.Point
import java.awt.event.MouseAdapter
import java.awt.event.MouseEvent
import java.awt.event.MouseWheelEvent
import javax.swing.JComponent
import javax.swing.ToolTipManager
import kotlin.math.abs
import kotlin.math.pow
import skald.paint.BoardSpeech
import skald.paint.Pt
import skald.paint.ScenePainter
import skald.paint.Spread
import skald.paint.SpreadPainter
import skald.paint.Viewport
import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.Target

/**
 * The board in the window: the neutral painter over Java2D, the mouse for a finger (a
 * click taps, a drag pans) and the wheel for pinch-zoom; a crowded stack the play screen
 * opened out is drawn over it. It keeps only its viewport: [onTap] gets the click in
 * pixels with the viewport, and the play screen's model decides what it was aimed at
 * (the core, what it means). The tooltip says what is under the mouse, as a screen
 * reader would.
 */
class BoardView(
    private val onTap: ((Pt, Viewport) -> Unit)? = null,
    /** What the board says of a point (the play screen's; a picture of the past has none). */
    private val speech: BoardSpeech? = null,
) : JComponent() {
    private var scene: Scene? = null
    private var spread: Spread? = null
    private var viewport: Viewport? = null
    private var pressedAt: Point? = null
    private var dragged = false

    init {
        name = "board"
        val mouse = object : MouseAdapter() {
            override fun mousePressed(e: MouseEvent) {
                pressedAt = e.point
                dragged = false
            }

            override fun mouseDragged(e: MouseEvent) {
                val from = pressedAt ?: return
                val dx = (e.x - from.x).toFloat()
                val dy = (e.y - from.y).toFloat()
                // A few pixels of tremor are still a click, as a finger's tap is.
                if (!dragged && abs(dx) + abs(dy) < DRAG_SLOP) return
                dragged = true
                viewport = viewport?.panBy(dx, dy)
                pressedAt = e.point
                repaint()
            }

            override fun mouseReleased(e: MouseEvent) {
                if (!dragged && pressedAt != null) {
                    currentViewport()?.let { v -> onTap?.invoke(Pt(e.x.toFloat(), e.y.toFloat()), v) }
                }
                pressedAt = null
            }

            override fun mouseWheelMoved(e: MouseWheelEvent) {
                val factor = ZOOM_STEP.pow(-e.preciseWheelRotation.toFloat())
                viewport = viewport?.zoomAt(factor, Pt(e.x.toFloat(), e.y.toFloat()))
                repaint()
            }
        }
        addMouseListener(mouse)
        addMouseMotionListener(mouse)
        addMouseWheelListener(mouse)
        ToolTipManager.sharedInstance().registerComponent(this)
    }

    /** The scene to draw, and the stack opened out over it if any. */
    fun show(next: Scene, opened: Spread? = null) {
        val old = scene
        scene = next
        spread = opened
        // A new board (another game, or the history's) is fitted anew; the same board keeps its zoom.
        if (old == null || old.width != next.width || old.height != next.height) viewport = null
        repaint()
    }

    /** Zooms so that [factor] times the fitted scale shows around a map point. */
    fun zoomOnto(x: Float, y: Float, factor: Float) {
        viewport = currentViewport()?.zoomOnto(Pt(x, y), factor)
        repaint()
    }

    /** Where a map point is on the screen now (for the self-test's robot, as an eye finds a counter). */
    fun screenPointOf(x: Float, y: Float): Point? {
        val at = currentViewport()?.toScreen(Pt(x, y)) ?: return null
        val origin = locationOnScreen
        return Point(origin.x + at.x.toInt(), origin.y + at.y.toInt())
    }

    /** What is at a point of the board (pixels in this view), in words: the tooltip, and
     *  what a screen reader is given. */
    fun speechAt(x: Int, y: Int): String? {
        val said = speech ?: return null
        if (scene == null) return null
        val at = currentViewport()?.toMap(Pt(x.toFloat(), y.toFloat())) ?: return null
        return said.at(at.x, at.y)
    }

    override fun getToolTipText(e: MouseEvent): String? = speechAt(e.x, e.y)

    /** Where the open spread's tile for [target] is on the screen (for the self-test's robot). */
    fun tileOnScreen(target: Target): Point? {
        val v = currentViewport() ?: return null
        val tile = spread?.layout(v, FINGER)?.tiles?.firstOrNull { it.target == target } ?: return null
        val origin = locationOnScreen
        return Point(origin.x + tile.centre.x.toInt(), origin.y + tile.centre.y.toInt())
    }

    private fun currentViewport(): Viewport? {
        val s = scene ?: return null
        if (width <= 0 || height <= 0) return null
        val v = viewport
        viewport = when {
            v == null -> Viewport.fit(s.width, s.height, width.toFloat(), height.toFloat())
            v.viewWidth != width.toFloat() || v.viewHeight != height.toFloat() -> v.resized(width.toFloat(), height.toFloat())
            else -> v
        }
        return viewport
    }

    override fun paintComponent(g: Graphics) {
        val g2 = g.create() as Graphics2D
        try {
            g2.color = Widgets.PAPER
            g2.fillRect(0, 0, width, height)
            val s = scene ?: return
            val v = currentViewport() ?: return
            val canvas = Java2DCanvas(g2)
            ScenePainter.paint(s, canvas, v)
            spread?.let { SpreadPainter.paint(s, it, canvas, v, FINGER) }
        } finally {
            g2.dispose()
        }
    }

    companion object {
        /** A finger's width for the mouse that stands in for one: about what a fingertip
         *  covers on a phone, so that the window asks where a phone would ask. */
        const val FINGER = 40f
        private const val DRAG_SLOP = 6
        private const val ZOOM_STEP = 1.25f
    }
}
