/// A point on the screen (or in map units, where a function says so).
public struct Pt: Equatable, Hashable, Sendable {
    public var x: Float
    public var y: Float

    public init(_ x: Float, _ y: Float) {
        self.x = x
        self.y = y
    }
}

/// Where a line of text stands relative to its x (not `Anchor`, which SwiftUI has).
public enum TextAnchor: Sendable {
    case start, middle, end
}

/// A colour as 0xRRGGBB, opaque: the scene's own colours come across the bindings so.
public typealias Rgb = UInt32

/// The few drawing calls the scene painter needs, in screen pixels. Each platform
/// implements it once (a SwiftUI `GraphicsContext` in the app, a recording canvas in the
/// tests); nothing in it knows a game.
public protocol BoardCanvas: AnyObject {
    /// A closed polygon, filled and/or outlined; `dash` is on-off lengths in pixels.
    func polygon(_ points: [Pt], fill: Rgb?, stroke: Rgb?, strokeWidth: Float, dash: [Float]?)

    /// An open line through the points, with round caps and joins.
    func polyline(_ points: [Pt], colour: Rgb, width: Float, dash: [Float]?)

    func roundRect(left: Float, top: Float, width: Float, height: Float, radius: Float,
                   fill: Rgb?, stroke: Rgb?, strokeWidth: Float)

    func circle(centre: Pt, radius: Float, fill: Rgb?, stroke: Rgb?, strokeWidth: Float)

    /// One line of text whose baseline starts (or is centred, or ends) at `at`.
    func text(_ text: String, at: Pt, size: Float, colour: Rgb, anchor: TextAnchor, bold: Bool)

    /// How wide `text` is drawn at `size` pixels, in the canvas's own font.
    func textWidth(_ text: String, size: Float, bold: Bool) -> Float
}

extension BoardCanvas {
    // The painter's usual calls, without the arguments that are most often left out.
    func polygon(_ points: [Pt], fill: Rgb?, stroke: Rgb?, strokeWidth: Float) {
        polygon(points, fill: fill, stroke: stroke, strokeWidth: strokeWidth, dash: nil)
    }

    func polyline(_ points: [Pt], colour: Rgb, width: Float) {
        polyline(points, colour: colour, width: width, dash: nil)
    }

    func text(_ text: String, at: Pt, size: Float, colour: Rgb, anchor: TextAnchor = .start) {
        self.text(text, at: at, size: size, colour: colour, anchor: anchor, bold: false)
    }
}
