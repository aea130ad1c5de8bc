import SkaldFFI

/// What VoiceOver says of the board, asked of the core for the game on `table`: the words
/// the core gives every cell, counter and marker, with what the touch layer says of them
/// (selected, or a choice for the next tap). Only where the words go on screen is worked
/// out here.
public final class BoardSpeech {
    private let table: GameTable

    public init(_ table: GameTable) {
        self.table = table
    }

    /// What is at a point of the map (map units): the counter under it first, then the
    /// cell and the rest of what stands there; nil off the map.
    public func at(_ x: Float, _ y: Float) -> String? { table.describeAt(x: x, y: y) }

    /// What one choice of a spread is, in words: the counter, or the cell.
    public func of(_ target: Target) -> String { table.describeTarget(target: target) ?? "\(target)" }

    /// A spot for VoiceOver's explore-by-touch (screen pixels), saying what is in it; `at`
    /// is where a double tap taps (map units).
    public struct Spot: Equatable {
        public var text: String
        public var left: Float
        public var top: Float
        public var width: Float
        public var height: Float
        public var at: Pt
    }

    /// One spot per tile of an open `spread`, saying what the tile chooses; a double tap
    /// taps the tile's middle. While a spread is open its tiles are what can be chosen.
    /// Last, a spot that closes the spread choosing nothing: a finger taps beside the
    /// tiles for that, and VoiceOver needs a spot to say so (the core's words).
    public func tiles(_ spread: Spread, viewport: Viewport, finger: Float) -> [Spot] {
        let layout = spread.layout(viewport, finger: finger)
        let tiles = layout.tiles.map { tile in
            Spot(text: of(tile.target), left: tile.left, top: tile.top, width: tile.side, height: tile.side,
                 at: viewport.toMap(tile.centre))
        }
        return tiles + [close(layout, viewport: viewport, finger: finger)]
    }

    /// A strip a finger high beside the spread's panel, below it where there is room, else
    /// above it, else along the panel's own bottom margin, which no tile covers.
    private func close(_ layout: SpreadLayout, viewport: Viewport, finger: Float) -> Spot {
        let below = layout.top + layout.height
        let top: Float, height: Float
        if below + finger <= viewport.viewHeight {
            (top, height) = (below, finger)
        } else if layout.top - finger >= 0 {
            (top, height) = (layout.top - finger, finger)
        } else {
            let margin = finger * Spread.gap
            (top, height) = (below - margin, margin)
        }
        let centre = Pt(layout.left + layout.width / 2, top + height / 2)
        return Spot(text: wordsCloseSpread(), left: layout.left, top: top, width: layout.width, height: height,
                    at: viewport.toMap(centre))
    }

    /// Every cell `viewport` shows of `scene`, saying what stands at its centre (one call to
    /// the core for all of them).
    public func spots(_ scene: BoardScene, viewport: Viewport) -> [Spot] {
        let said = Dictionary(table.cellSpeech().map { ($0.label, $0.text) }, uniquingKeysWith: { first, _ in first })
        return scene.cells.compactMap { cell in
            let points = ([cell.outline] + cell.parts).flatMap { $0 }
            guard let minX = points.map(\.x).min(), let minY = points.map(\.y).min(),
                  let maxX = points.map(\.x).max(), let maxY = points.map(\.y).max() else { return nil }
            let a = viewport.toScreen(Pt(minX, minY))
            let b = viewport.toScreen(Pt(maxX, maxY))
            let left = max(a.x, 0), top = max(a.y, 0)
            let right = min(b.x, viewport.viewWidth), bottom = min(b.y, viewport.viewHeight)
            guard right > left, bottom > top, let text = said[cell.label] else { return nil }
            return Spot(text: text, left: left, top: top, width: right - left, height: bottom - top,
                        at: Pt(cell.centre.x, cell.centre.y))
        }
    }
}
