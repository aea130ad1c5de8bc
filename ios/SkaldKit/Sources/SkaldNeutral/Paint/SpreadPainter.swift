import SkaldFFI

/// Draws an open `Spread` over the painted board: a panel where the stack stands, each
/// counter on it as the board draws it (with its selected or next-tap edge) but a finger
/// wide, and the cell itself as a tile in its own colour, outlined as a cell the next tap
/// may be. Everything here is in screen pixels.
public enum SpreadPainter {
    private static let panelEdge: Float = 2
    private static let corner: Float = 6

    public static func paint(_ scene: BoardScene, spread: Spread, on canvas: BoardCanvas, viewport: Viewport, finger: Float) {
        let layout = spread.layout(viewport, finger: finger)
        canvas.roundRect(left: layout.left, top: layout.top, width: layout.width, height: layout.height, radius: corner,
                         fill: Palette.background, stroke: Palette.black, strokeWidth: panelEdge)
        // Tiles are drawn one map unit to a pixel, so the counters' own proportions hold.
        let pixels = Viewport(mapWidth: viewport.viewWidth, mapHeight: viewport.viewHeight, viewWidth: viewport.viewWidth,
                              viewHeight: viewport.viewHeight, scale: 1, left: 0, top: 0)
        let frame = Frame(canvas: canvas, viewport: pixels)
        let marks = Counters.Marks(scene)
        for tile in layout.tiles {
            switch tile.target {
            case let .piece(code):
                guard var piece = scene.pieces.first(where: { $0.code == code }) else { continue }
                let edge = marks.edge(code)
                piece.at = Point(x: tile.centre.x, y: tile.centre.y)
                piece.size = tile.side
                Counters.piece(piece, edge: edge.colour, edgeWidth: edge.width, frame)
            case let .cell(label), let .via(label):
                cell(scene, label: label, tile: tile, frame)
            default:
                continue
            }
        }
    }

    /// The cell as a tile: its fill, a heavy black edge (a next tap), its name or label.
    private static func cell(_ scene: BoardScene, label: String, tile: SpreadTile, _ frame: Frame) {
        let cell = scene.cells.first { $0.label == label }
        let fill = cell?.fill ?? Palette.background
        frame.canvas.roundRect(left: tile.left, top: tile.top, width: tile.side, height: tile.side, radius: corner,
                               fill: fill, stroke: Palette.black, strokeWidth: 3)
        let text = cell?.caption ?? label
        let size = frame.fitted(text, size: tile.side * 0.3, width: tile.side * 0.9)
        frame.canvas.text(text, at: Pt(tile.centre.x, tile.centre.y + size * 0.36), size: size,
                          colour: Palette.inkOn(fill), anchor: .middle)
    }
}
