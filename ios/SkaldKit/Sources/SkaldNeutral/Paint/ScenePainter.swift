import SkaldFFI

/// Draws a scene's map onto any `BoardCanvas` as the core's SVG renderer
/// (core/src/scene/svg.rs) draws it, so that the app's board and the gallery's pictures
/// look alike. The text panel below the SVG's map is not drawn here: the app shows it as
/// views.
///
/// Layers, bottom to top: cells; roads and rivers; the outlines of cells the next tap may
/// be; cell labels and captions; the map's captions; rings for fights inside one cell; the
/// counters; markers; the last move's and attack's arrows; the ready action's path. The
/// scene is in map units; sizes and widths are scaled by the viewport, so zooming in
/// enlarges the counters' text with the counters.
public enum ScenePainter {
    /// Cells' outlines and the heavy outline of a cell the next tap may be, in map units.
    private static let cellEdgeWidth: Float = 1
    private static let nextCellWidth: Float = 4

    /// Hex numbers: their size and their baseline below the hex's top, in map units.
    private static let labelSize: Float = 10
    private static let labelDrop: Float = 11
    private static let captionSize: Float = 11
    private static let captionDrop: Float = 4

    public static func paint(_ scene: BoardScene, on canvas: BoardCanvas, viewport: Viewport) {
        let frame = Frame(canvas: canvas, viewport: viewport)
        // The whole view first, in the SVG's background: the map's edges are ragged (half
        // hexes, coasts), and a phone repaints every pixel each frame.
        canvas.polygon([Pt(0, 0), Pt(viewport.viewWidth, 0), Pt(viewport.viewWidth, viewport.viewHeight),
                        Pt(0, viewport.viewHeight)], fill: Palette.background, stroke: nil, strokeWidth: 0)
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

    private static func cells(_ scene: BoardScene, _ frame: Frame) {
        let edge = frame.px(cellEdgeWidth)
        for cell in scene.cells {
            for polygon in [cell.outline] + cell.parts where frame.shows(polygon, margin: cellEdgeWidth) {
                frame.canvas.polygon(frame.screen(polygon), fill: cell.fill, stroke: Palette.cellEdge, strokeWidth: edge)
            }
        }
    }

    private static func lines(_ scene: BoardScene, _ frame: Frame) {
        for line in scene.lines where line.points.count >= 2 && frame.shows(line.points, margin: line.width) {
            frame.canvas.polyline(frame.screen(line.points), colour: line.colour, width: frame.px(line.width))
        }
    }

    /// A cell the next tap may be gets a heavy black outline; a cell a path may pass
    /// through (tapping it chooses that path) a dotted purple one.
    private static func nextCells(_ scene: BoardScene, _ frame: Frame) {
        let width = frame.px(nextCellWidth)
        // A cell already chosen (where a force starts) is outlined yellow, as a chosen
        // counter's edge is.
        let chosen = scene.highlights.selected.filter { if case .cell = $0 { return true } else { return false } }
        guard !scene.highlights.next.isEmpty || !chosen.isEmpty else { return }
        // A move's destinations may be a hundred of Fury's 440 hexes: look them up once.
        let byLabel = Dictionary(scene.cells.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
        for target in chosen + scene.highlights.next {
            let label: String, colour: Rgb, dash: [Float]?
            switch target {
            case let .cell(l): (label, colour, dash) = (l, chosen.contains(target) ? Palette.yellow : Palette.black, nil)
            case let .via(l): (label, colour, dash) = (l, Palette.reddishPurple, Dashes.dotted(width))
            default: continue
            }
            guard let cell = byLabel[label] else { continue }
            for polygon in [cell.outline] + cell.parts where frame.shows(polygon, margin: nextCellWidth) {
                frame.canvas.polygon(frame.screen(polygon), fill: nil, stroke: colour, strokeWidth: width, dash: dash)
            }
        }
    }

    /// Labels and captions after every polygon and outline, so that none covers them.
    private static func labels(_ scene: BoardScene, _ frame: Frame) {
        for cell in scene.cells {
            let at = cell.labelAt ?? cell.centre
            if scene.showLabels {
                // At the top of the hex, clear of the counters in its middle.
                let top = min(cell.outline.map(\.y).min() ?? cell.centre.y, cell.centre.y)
                let y = top + labelDrop
                if frame.shows(cell.centre.x, y, halfWidth: textReach(cell.label, labelSize), halfHeight: labelSize) {
                    let ink = Palette.inkOn(cell.fill) == Palette.white ? Palette.labelOnDark : Palette.labelOnLight
                    frame.canvas.text(cell.label, at: frame.screen(cell.centre.x, y), size: frame.px(labelSize),
                                      colour: ink, anchor: .middle)
                }
            }
            guard let caption = cell.caption,
                  frame.shows(at, halfWidth: textReach(caption, captionSize), halfHeight: captionSize) else { continue }
            frame.canvas.text(caption, at: frame.screen(at.x, at.y + captionDrop), size: frame.px(captionSize),
                              colour: Palette.caption, anchor: .middle, bold: true)
        }
    }

    /// Words on the map itself (a sea's name), from the left end of their baseline.
    private static func mapCaptions(_ scene: BoardScene, _ frame: Frame) {
        for caption in scene.captions {
            let reach = 2 * textReach(caption.text, caption.size)
            guard frame.shows(caption.at, halfWidth: reach, halfHeight: caption.size) else { continue }
            frame.canvas.text(caption.text, at: frame.screen(caption.at), size: frame.px(caption.size), colour: Palette.black)
        }
    }

    /// How far, in map units, text may reach either side of its middle: generous (no font
    /// averages wider than 0.7 em a character), since it only decides whether the text may
    /// be on screen.
    private static func textReach(_ text: String, _ size: Float) -> Float { 0.35 * size * Float(text.count) }
}
