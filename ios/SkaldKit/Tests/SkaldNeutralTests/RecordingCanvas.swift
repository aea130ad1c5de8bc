import SkaldNeutral

/// A canvas that keeps every call, for tests to read back what the painter drew, in order.
/// Text is 0.6 em a character wide, so that fitted sizes can be checked without a font.
final class RecordingCanvas: BoardCanvas {
    enum Call: Equatable {
        case polygon(points: [Pt], fill: Rgb?, stroke: Rgb?, width: Float, dash: [Float]?)
        case polyline(points: [Pt], colour: Rgb, width: Float, dash: [Float]?)
        case roundRect(left: Float, top: Float, width: Float, height: Float, radius: Float,
                       fill: Rgb?, stroke: Rgb?, strokeWidth: Float)
        case circle(centre: Pt, radius: Float, fill: Rgb?, stroke: Rgb?, width: Float)
        case text(String, at: Pt, size: Float, colour: Rgb, anchor: TextAnchor, bold: Bool)
    }

    static let emPerChar: Float = 0.6

    private(set) var calls: [Call] = []

    func polygon(_ points: [Pt], fill: Rgb?, stroke: Rgb?, strokeWidth: Float, dash: [Float]?) {
        calls.append(.polygon(points: points, fill: fill, stroke: stroke, width: strokeWidth, dash: dash))
    }

    func polyline(_ points: [Pt], colour: Rgb, width: Float, dash: [Float]?) {
        calls.append(.polyline(points: points, colour: colour, width: width, dash: dash))
    }

    func roundRect(left: Float, top: Float, width: Float, height: Float, radius: Float,
                   fill: Rgb?, stroke: Rgb?, strokeWidth: Float) {
        calls.append(.roundRect(left: left, top: top, width: width, height: height, radius: radius,
                                fill: fill, stroke: stroke, strokeWidth: strokeWidth))
    }

    func circle(centre: Pt, radius: Float, fill: Rgb?, stroke: Rgb?, strokeWidth: Float) {
        calls.append(.circle(centre: centre, radius: radius, fill: fill, stroke: stroke, width: strokeWidth))
    }

    func text(_ text: String, at: Pt, size: Float, colour: Rgb, anchor: TextAnchor, bold: Bool) {
        calls.append(.text(text, at: at, size: size, colour: colour, anchor: anchor, bold: bold))
    }

    func textWidth(_ text: String, size: Float, bold: Bool) -> Float {
        RecordingCanvas.emPerChar * size * Float(text.count)
    }
}

/// The calls of one kind, unpacked, for the tests' filters.
extension RecordingCanvas.Call {
    struct Polygon: Equatable { var points: [Pt]; var fill: Rgb?; var stroke: Rgb?; var width: Float; var dash: [Float]? }
    struct Polyline: Equatable { var points: [Pt]; var colour: Rgb; var width: Float; var dash: [Float]? }
    struct RoundRect: Equatable {
        var left, top, width, height, radius: Float
        var fill, stroke: Rgb?
        var strokeWidth: Float
    }
    struct Circle: Equatable { var centre: Pt; var radius: Float; var fill, stroke: Rgb?; var width: Float }
    struct Text: Equatable { var text: String; var at: Pt; var size: Float; var colour: Rgb; var anchor: TextAnchor; var bold: Bool }

    var polygon: Polygon? {
        if case let .polygon(p, f, s, w, d) = self { return Polygon(points: p, fill: f, stroke: s, width: w, dash: d) }
        return nil
    }

    var polyline: Polyline? {
        if case let .polyline(p, c, w, d) = self { return Polyline(points: p, colour: c, width: w, dash: d) }
        return nil
    }

    var roundRect: RoundRect? {
        if case let .roundRect(l, t, w, h, r, f, s, sw) = self {
            return RoundRect(left: l, top: t, width: w, height: h, radius: r, fill: f, stroke: s, strokeWidth: sw)
        }
        return nil
    }

    var circle: Circle? {
        if case let .circle(c, r, f, s, w) = self { return Circle(centre: c, radius: r, fill: f, stroke: s, width: w) }
        return nil
    }

    var text: Text? {
        if case let .text(t, a, s, c, an, b) = self { return Text(text: t, at: a, size: s, colour: c, anchor: an, bold: b) }
        return nil
    }
}
