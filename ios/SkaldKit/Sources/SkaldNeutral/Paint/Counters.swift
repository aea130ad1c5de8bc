import SkaldFFI

/// The counters (a square with the unit's short name above its values, as printed) and
/// the markers laid over them (a Fire, a Ship, a control marker). Proportions are the SVG
/// renderer's, as fractions of the counter's side.
enum Counters {
    private static let corner: Float = 3

    /// A counter's edge width by what the touch layer says of it, in map units.
    private static let selectedWidth: Float = 4
    private static let nextWidth: Float = 3
    private static let plainWidth: Float = 1


    static func pieces(_ scene: BoardScene, _ frame: Frame) {
        let marks = Marks(scene)
        for piece in scene.pieces {
            // The widest edge and the dots reach a little past the square.
            guard frame.shows(piece.at, halfWidth: piece.size / 2 + selectedWidth) else { continue }
            let edge = marks.edge(piece.code)
            self.piece(piece, edge: edge.colour, edgeWidth: edge.width, frame)
        }
    }

    /// A counter's edge colour and width (map units), by what the touch layer says of it:
    /// selected, the next tap, or neither.
    struct Marks {
        private let selected: Set<String>
        private let next: Set<String>

        init(_ scene: BoardScene) {
            selected = Set(scene.highlights.selected.compactMap(Marks.pieceCode))
            next = Set(scene.highlights.next.compactMap(Marks.pieceCode))
        }

        func edge(_ code: String) -> (colour: Rgb, width: Float) {
            if selected.contains(code) { return (Palette.yellow, Counters.selectedWidth) }
            if next.contains(code) { return (Palette.black, Counters.nextWidth) }
            return (Palette.counterEdge, Counters.plainWidth)
        }

        private static func pieceCode(_ target: Target) -> String? {
            if case let .piece(code) = target { return code }
            return nil
        }
    }

    /// One counter, its square centred on `p.at`, `p.size` wide, in the frame's map units.
    static func piece(_ p: ScenePiece, edge: Rgb, edgeWidth: Float, _ frame: Frame) {
        let canvas = frame.canvas
        let half = p.size / 2
        let topLeft = frame.screen(p.at.x - half, p.at.y - half)
        let side = frame.px(p.size)
        canvas.roundRect(left: topLeft.x, top: topLeft.y, width: side, height: side, radius: frame.px(corner),
                         fill: p.fill, stroke: edge, strokeWidth: frame.px(edgeWidth))
        if p.values.isEmpty {
            // A counter without values (a captive, a tray's counter) has room for its title
            // alone, centred and larger.
            let size = frame.fitted(p.title, size: frame.px(p.size * 0.42), width: side * 0.9)
            let centre = frame.screen(p.at.x, p.at.y)
            canvas.text(p.title, at: Pt(centre.x, centre.y + size * 0.36), size: size, colour: p.ink, anchor: .middle)
        } else {
            let titleSize = frame.fitted(p.title, size: frame.px(p.size * 0.28), width: side * 0.92)
            canvas.text(p.title, at: frame.screen(p.at.x, p.at.y - p.size * 0.12), size: titleSize,
                        colour: p.ink, anchor: .middle)
            let valuesSize = frame.fitted(p.values, size: frame.px(p.size * 0.3), width: side * 0.92, bold: true)
            canvas.text(p.values, at: frame.screen(p.at.x, p.at.y + p.size * 0.3), size: valuesSize,
                        colour: p.ink, anchor: .middle, bold: true)
        }
        let dot = frame.px(p.size * 0.1)
        // A spent unit shows a white dot in its top right corner; one holding something
        // (loot, a captive) a yellow dot in its top left.
        if p.spent {
            canvas.circle(centre: frame.screen(p.at.x + half * 0.7, p.at.y - half * 0.7), radius: dot,
                          fill: Palette.white, stroke: Palette.black, strokeWidth: frame.px(1))
        }
        if p.holding {
            canvas.circle(centre: frame.screen(p.at.x - half * 0.7, p.at.y - half * 0.7), radius: dot,
                          fill: Palette.yellow, stroke: Palette.black, strokeWidth: frame.px(1))
        }
    }

    /// Over the counters: markers sit at a hex's edge, clear of the values.
    static func markers(_ scene: BoardScene, _ frame: Frame) {
        for m in scene.markers {
            let w = m.size * 1.8
            let h = m.size * 0.8
            guard frame.shows(m.at, halfWidth: w / 2 + 1, halfHeight: h / 2 + 1) else { continue }
            let topLeft = frame.screen(m.at.x - w / 2, m.at.y - h / 2)
            frame.canvas.roundRect(left: topLeft.x, top: topLeft.y, width: frame.px(w), height: frame.px(h),
                                   radius: frame.px(corner), fill: m.fill, stroke: Palette.black, strokeWidth: frame.px(1))
            guard !m.text.isEmpty else { continue }
            // Fitted as well, which the SVG does not need: a font wider than its Noto Sans
            // would push "Sacked" past the marker's ends.
            let size = frame.fitted(m.text, size: frame.px(m.size * 0.5), width: frame.px(w * 0.9))
            frame.canvas.text(m.text, at: frame.screen(m.at.x, m.at.y + m.size * 0.18), size: size,
                              colour: Palette.inkOn(m.fill), anchor: .middle)
        }
    }
}
