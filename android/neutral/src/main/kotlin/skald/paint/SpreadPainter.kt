package skald.paint

import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.Target

/**
 * Draws an open [Spread] over the painted board: a panel where the stack stands, each
 * counter on it as the board draws it (with its selected or next-tap edge) but a finger
 * wide, and the cell itself as a tile in its own colour, outlined as a cell the next tap
 * may be. Everything here is in screen pixels.
 */
object SpreadPainter {
    private const val PANEL_EDGE = 2f
    private const val CORNER = 6f

    fun paint(scene: Scene, spread: Spread, canvas: BoardCanvas, viewport: Viewport, finger: Float) {
        val layout = spread.layout(viewport, finger)
        canvas.roundRect(layout.left, layout.top, layout.width, layout.height, CORNER, Palette.BACKGROUND, Palette.BLACK, PANEL_EDGE)
        // Tiles are drawn one map unit to a pixel, so the counters' own proportions hold.
        val frame = Frame(canvas, Viewport(viewport.viewWidth, viewport.viewHeight, viewport.viewWidth, viewport.viewHeight, 1f, 0f, 0f))
        val marks = Counters.Marks(scene)
        for (tile in layout.tiles) {
            when (val target = tile.target) {
                is Target.Piece -> {
                    val piece = scene.pieces.firstOrNull { it.code == target.code } ?: continue
                    val (edge, width) = marks.edge(piece.code)
                    val at = tile.centre
                    Counters.piece(piece.copy(at = uniffi.skald_ffi.Point(at.x, at.y), size = tile.side), edge, width, frame)
                }
                is Target.Cell, is Target.Via -> cell(scene, tile, canvas, frame)
                else -> {}
            }
        }
    }

    /** The cell as a tile: its fill, a heavy black edge (a next tap), its name or label. */
    private fun cell(scene: Scene, tile: SpreadTile, canvas: BoardCanvas, frame: Frame) {
        val label = when (val t = tile.target) {
            is Target.Cell -> t.label
            is Target.Via -> t.label
            else -> return
        }
        val cell = scene.cells.firstOrNull { it.label == label }
        val fill = cell?.fill?.toInt() ?: Palette.BACKGROUND
        canvas.roundRect(tile.left, tile.top, tile.side, tile.side, CORNER, fill, Palette.BLACK, 3f)
        val text = cell?.caption ?: label
        val size = frame.fitted(text, tile.side * 0.3f, tile.side * 0.9f)
        canvas.text(text, Pt(tile.centre.x, tile.centre.y + size * 0.36f), size, Palette.inkOn(fill), Anchor.MIDDLE)
    }
}
