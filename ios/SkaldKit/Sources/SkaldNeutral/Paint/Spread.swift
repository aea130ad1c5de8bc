import SkaldFFI

/// A crowded stack opened out: its counters side by side, each wider than a finger, over
/// the board where the stack stands, so that a person can choose the one they meant. Fury
/// draws a stack as counters six map units apart, narrower than a fingertip even at the
/// viewport's greatest zoom, so zooming alone cannot tell which counter a tap meant.
/// The core decides when to open one (`GameTable.spreadAt`, through `Reach`); a tap on a tile
/// sends the core that target, a tap anywhere else closes the spread and sends nothing.
///
/// It keeps map units only: its tiles are laid out anew for each viewport, so a pan or a
/// zoom while it is open keeps it by the stack.
public struct Spread: Equatable {
    /// The middle of the stack, in map units.
    public var anchor: Pt
    /// What each tile chooses, in the order shown: the counters as the scene draws them
    /// (bottom first), then the cell itself when the next tap may be it.
    public var choices: [Target]

    /// A tile's side in fingers: a little wider than a finger, with room for a counter's text.
    public static let tile: Float = 1.25
    /// The gap between tiles in fingers: a finger on one tile does not reach the next.
    public static let gap: Float = 0.25

    public init(anchor: Pt, choices: [Target]) {
        self.anchor = anchor
        self.choices = choices
    }

    /// The panel behind the tiles and the tiles, in screen pixels, for a finger `finger` pixels wide.
    public func layout(_ viewport: Viewport, finger: Float) -> SpreadLayout {
        let side = finger * Spread.tile
        let gap = finger * Spread.gap
        let room = viewport.viewWidth - 2 * gap
        let fit = Int(((room + gap) / (side + gap)).rounded(.down))
        let columns = min(max(fit, 1), max(1, choices.count))
        let rows = max(1, (choices.count + columns - 1) / columns)
        let width = Float(columns) * side + Float(columns - 1) * gap + 2 * gap
        let height = Float(rows) * side + Float(rows - 1) * gap + 2 * gap
        // Centred on the stack, moved in to stay wholly on screen where it fits.
        let at = viewport.toScreen(anchor)
        let left = Spread.within(at.x - width / 2, extent: width, view: viewport.viewWidth)
        let top = Spread.within(at.y - height / 2, extent: height, view: viewport.viewHeight)
        let tiles = choices.enumerated().map { i, target in
            SpreadTile(target: target, left: left + gap + Float(i % columns) * (side + gap),
                       top: top + gap + Float(i / columns) * (side + gap), side: side)
        }
        return SpreadLayout(left: left, top: top, width: width, height: height, tiles: tiles)
    }

    /// The choice whose tile is under a tap at `screen`, or nil (a tap beside the tiles).
    public func choiceAt(_ screen: Pt, viewport: Viewport, finger: Float) -> Target? {
        layout(viewport, finger: finger).tiles.first { $0.contains(screen) }?.target
    }

    private static func within(_ start: Float, extent: Float, view: Float) -> Float {
        extent >= view ? 0 : min(max(start, 0), view - extent)
    }
}

/// Where a spread is drawn, in screen pixels.
public struct SpreadLayout: Equatable {
    public var left: Float
    public var top: Float
    public var width: Float
    public var height: Float
    public var tiles: [SpreadTile]
}

/// One choice of a spread: a square `side` pixels wide from (`left`, `top`).
public struct SpreadTile: Equatable {
    public var target: Target
    public var left: Float
    public var top: Float
    public var side: Float

    public var centre: Pt { Pt(left + side / 2, top + side / 2) }

    public func contains(_ p: Pt) -> Bool {
        p.x >= left && p.x <= left + side && p.y >= top && p.y <= top + side
    }
}
