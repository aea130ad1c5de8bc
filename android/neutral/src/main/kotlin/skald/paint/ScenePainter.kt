package skald.paint

import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.Target

/**
 * Draws a scene's map onto any [BoardCanvas], as the core's SVG renderer
 * (`core/src/scene/svg.rs`) draws it, so that an app's board and the gallery's pictures
 * look alike. The text panel below the SVG's map is not drawn here: the apps show it as
 * widgets.
 *
 * Layers, bottom to top: cells; roads and rivers; the outlines of cells the next tap may
 * be; cell labels and captions; the map's captions; rings for fights inside one cell;
 * the counters; markers; the last move's and attack's arrows; the ready action's path.
 * The scene is in map units; sizes and widths are scaled by the viewport, so zooming in
 * enlarges the counters' text as it enlarges the counters.
 */
object ScenePainter {
    /** Cells' outlines and the heavy outline of a cell the next tap may be, in map units. */
    private const val CELL_EDGE_WIDTH = 1f
    private const val NEXT_CELL_WIDTH = 4f

    /** Hex numbers: their size and their baseline below the hex's top, in map units. */
    private const val LABEL_SIZE = 10f
    private const val LABEL_DROP = 11f
    private const val CAPTION_SIZE = 11f
    private const val CAPTION_DROP = 4f

    fun paint(scene: Scene, canvas: BoardCanvas, viewport: Viewport) {
        val frame = Frame(canvas, viewport)
        // The whole view first, in the SVG's background: the map's edges are ragged
        // (half hexes, coasts), and a phone repaints every pixel each frame.
        canvas.polygon(
            listOf(Pt(0f, 0f), Pt(viewport.viewWidth, 0f), Pt(viewport.viewWidth, viewport.viewHeight), Pt(0f, viewport.viewHeight)),
            Palette.BACKGROUND, null, 0f,
        )
        cells(scene, frame)
        lines(scene, frame)
        nextCells(scene, frame)
        labels(scene, frame)
        mapCaptions(scene, frame)
        Arrows.rings(scene, frame)
        Counters.pieces(scene, frame)
        Counters.markers(scene, frame)
        Arrows.arrows(scene, frame)
        Arrows.readyPath(scene, frame)
    }

    private fun cells(scene: Scene, frame: Frame) {
        val edge = frame.px(CELL_EDGE_WIDTH)
        for (cell in scene.cells) {
            val fill = cell.fill.toInt()
            for (polygon in listOf(cell.outline) + cell.parts) {
                if (!frame.shows(polygon, CELL_EDGE_WIDTH)) continue
                frame.canvas.polygon(frame.screen(polygon), fill, Palette.CELL_EDGE, edge)
            }
        }
    }

    private fun lines(scene: Scene, frame: Frame) {
        for (line in scene.lines) {
            if (line.points.size < 2 || !frame.shows(line.points, line.width)) continue
            frame.canvas.polyline(frame.screen(line.points), line.colour.toInt(), frame.px(line.width))
        }
    }

    /** A cell the next tap may be gets a heavy black outline; a cell a path may pass
     *  through (tapping it chooses that path) a dotted purple one; a cell already chosen
     *  (where a force starts) a yellow one, as a chosen counter's edge is. */
    private fun nextCells(scene: Scene, frame: Frame) {
        val width = frame.px(NEXT_CELL_WIDTH)
        // A move's destinations may be a hundred of Fury's 440 hexes: look them up once.
        val byLabel by lazy { scene.cells.associateBy { it.label } }
        val chosen = scene.highlights.selected.filterIsInstance<Target.Cell>()
        for (target in chosen + scene.highlights.next) {
            val (label, colour, dash) = when (target) {
                is Target.Cell -> Triple(target.label, if (target in chosen) Palette.YELLOW else Palette.BLACK, null)
                is Target.Via -> Triple(target.label, Palette.REDDISH_PURPLE, Dashes.dotted(width))
                else -> continue
            }
            val cell = byLabel[label] ?: continue
            for (polygon in listOf(cell.outline) + cell.parts) {
                if (!frame.shows(polygon, NEXT_CELL_WIDTH)) continue
                frame.canvas.polygon(frame.screen(polygon), null, colour, width, dash)
            }
        }
    }

    /** Labels and captions after every polygon and outline, so that none covers them. */
    private fun labels(scene: Scene, frame: Frame) {
        for (cell in scene.cells) {
            val at = cell.labelAt ?: cell.centre
            if (scene.showLabels) {
                // At the top of the hex, clear of the counters in its middle.
                val top = cell.outline.minOfOrNull { it.y }?.coerceAtMost(cell.centre.y) ?: cell.centre.y
                val y = top + LABEL_DROP
                if (frame.shows(cell.centre.x, y, textReach(cell.label, LABEL_SIZE), LABEL_SIZE)) {
                    val ink = if (Palette.inkOn(cell.fill.toInt()) == Palette.WHITE) Palette.LABEL_ON_DARK else Palette.LABEL_ON_LIGHT
                    frame.canvas.text(cell.label, frame.screen(cell.centre.x, y), frame.px(LABEL_SIZE), ink, Anchor.MIDDLE)
                }
            }
            val caption = cell.caption ?: continue
            if (!frame.shows(at, textReach(caption, CAPTION_SIZE), CAPTION_SIZE)) continue
            frame.canvas.text(
                caption, frame.screen(at.x, at.y + CAPTION_DROP), frame.px(CAPTION_SIZE), Palette.CAPTION,
                Anchor.MIDDLE, bold = true,
            )
        }
    }

    /** Words on the map itself (a sea's name), from the left end of their baseline. */
    private fun mapCaptions(scene: Scene, frame: Frame) {
        for (caption in scene.captions) {
            val reach = 2 * textReach(caption.text, caption.size)
            if (!frame.shows(caption.at, reach, caption.size)) continue
            frame.canvas.text(caption.text, frame.screen(caption.at), frame.px(caption.size), Palette.BLACK)
        }
    }

    /** How far, in map units, text may reach either side of its middle: generous (no
     *  font is wider than 0.7 em a character on average), since it only decides whether
     *  the text may be on screen. */
    private fun textReach(text: String, size: Float): Float = 0.35f * size * text.length
}
