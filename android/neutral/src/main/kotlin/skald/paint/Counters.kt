package skald.paint

import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.ScenePiece
import uniffi.skald_ffi.Target

/**
 * The counters (a square with the unit's short name above its values, as printed) and
 * the markers laid over them (a Fire, a Ship, a control marker). Proportions are the
 * SVG renderer's, as fractions of the counter's side.
 */
internal object Counters {
    private const val CORNER = 3f

    /** A counter's edge, by what the touch layer says of it: selected, the next tap, or neither. */
    private const val SELECTED_WIDTH = 4f
    private const val NEXT_WIDTH = 3f
    private const val PLAIN_WIDTH = 1f

    fun pieces(scene: Scene, frame: Frame) {
        val marks = Marks(scene)
        for (piece in scene.pieces) {
            // The widest edge and the dots reach a little past the square.
            if (!frame.shows(piece.at, piece.size / 2 + SELECTED_WIDTH)) continue
            val (edge, width) = marks.edge(piece.code)
            piece(piece, edge, width, frame)
        }
    }

    /** A counter's edge colour and width (in map units), by what the touch layer says of it. */
    class Marks(scene: Scene) {
        private val selected = scene.highlights.selected.mapNotNullTo(HashSet()) { (it as? Target.Piece)?.code }
        private val next = scene.highlights.next.mapNotNullTo(HashSet()) { (it as? Target.Piece)?.code }

        fun edge(code: String): Pair<Int, Float> = when (code) {
            in selected -> Palette.YELLOW to SELECTED_WIDTH
            in next -> Palette.BLACK to NEXT_WIDTH
            else -> Palette.COUNTER_EDGE to PLAIN_WIDTH
        }
    }

    /** One counter, its square centred on `p.at`, `p.size` wide, in the frame's map units. */
    fun piece(p: ScenePiece, edge: Int, edgeWidth: Float, frame: Frame) {
        val canvas = frame.canvas
        val half = p.size / 2
        val corner = frame.screen(p.at.x - half, p.at.y - half)
        val side = frame.px(p.size)
        canvas.roundRect(corner.x, corner.y, side, side, frame.px(CORNER), p.fill.toInt(), edge, frame.px(edgeWidth))
        val ink = p.ink.toInt()
        if (p.values.isEmpty()) {
            // A counter without values (a captive, a tray's counter) has room for its
            // title alone, centred and larger.
            val size = frame.fitted(p.title, frame.px(p.size * 0.42f), side * 0.9f)
            canvas.text(p.title, frame.screen(p.at.x, p.at.y).let { Pt(it.x, it.y + size * 0.36f) }, size, ink, Anchor.MIDDLE)
        } else {
            val titleSize = frame.fitted(p.title, frame.px(p.size * 0.28f), side * 0.92f)
            canvas.text(p.title, frame.screen(p.at.x, p.at.y - p.size * 0.12f), titleSize, ink, Anchor.MIDDLE)
            val valuesSize = frame.fitted(p.values, frame.px(p.size * 0.3f), side * 0.92f, bold = true)
            canvas.text(p.values, frame.screen(p.at.x, p.at.y + p.size * 0.3f), valuesSize, ink, Anchor.MIDDLE, bold = true)
        }
        val dot = frame.px(p.size * 0.1f)
        // A spent unit shows a white dot in its top right corner; one holding something
        // (loot, a captive) a yellow dot in its top left.
        if (p.spent) {
            canvas.circle(frame.screen(p.at.x + half * 0.7f, p.at.y - half * 0.7f), dot, Palette.WHITE, Palette.BLACK, frame.px(1f))
        }
        if (p.holding) {
            canvas.circle(frame.screen(p.at.x - half * 0.7f, p.at.y - half * 0.7f), dot, Palette.YELLOW, Palette.BLACK, frame.px(1f))
        }
    }

    /** Over the counters: markers sit at a hex's edge, clear of the values. */
    fun markers(scene: Scene, frame: Frame) {
        for (m in scene.markers) {
            val (w, h) = m.size * 1.8f to m.size * 0.8f
            if (!frame.shows(m.at, w / 2 + 1f, h / 2 + 1f)) continue
            val corner = frame.screen(m.at.x - w / 2, m.at.y - h / 2)
            val fill = m.fill.toInt()
            frame.canvas.roundRect(corner.x, corner.y, frame.px(w), frame.px(h), frame.px(CORNER), fill, Palette.BLACK, frame.px(1f))
            if (m.text.isEmpty()) continue
            // Fitted as well, which the SVG does not: a wider font than its Noto Sans
            // would push "Sacked" past the marker's ends.
            val size = frame.fitted(m.text, frame.px(m.size * 0.5f), frame.px(w * 0.9f))
            frame.canvas.text(m.text, frame.screen(m.at.x, m.at.y + m.size * 0.18f), size, Palette.inkOn(fill), Anchor.MIDDLE)
        }
    }
}
