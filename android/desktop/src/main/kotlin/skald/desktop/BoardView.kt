package skald.desktop

import java.awt.Graphics
import java.awt.Graphics2D
import java.awt.Point
import java.awt.event.MouseAdapter
import java.awt.event.MouseEvent
import java.awt.event.MouseWheelEvent
import javax.swing.JComponent
import kotlin.math.abs
import kotlin.math.pow
import skald.paint.Pt
import skald.paint.ScenePainter
import skald.paint.Viewport
import uniffi.skald_ffi.Scene

/**
 * The board in the window: the neutral painter over Java2D, the mouse for a finger (a
 * click taps, a drag pans) and the wheel for pinch-zoom. It keeps only its viewport;
 * what a tap means is the core's business ([onTap] gets map units).
 */
class BoardView(private val onTap: (Float, Float) -> Unit) : JComponent() {
    private var scene: Scene? = null
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
                    val at = viewport?.toMap(Pt(e.x.toFloat(), e.y.toFloat()))
                    if (at != null) onTap(at.x, at.y)
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
    }

    fun show(next: Scene) {
        val old = scene
        scene = next
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
            ScenePainter.paint(s, Java2DCanvas(g2), v)
        } finally {
            g2.dispose()
        }
    }

    private companion object {
        const val DRAG_SLOP = 6
        const val ZOOM_STEP = 1.25f
    }
}
