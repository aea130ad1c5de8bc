import SkaldNeutral
import SwiftUI

/// The painter's `BoardCanvas` over a SwiftUI `GraphicsContext`: paths for the shapes,
/// resolved `Text` for the words, measured with the same font that draws them.
final class GraphicsCanvas: BoardCanvas {
    // A GraphicsContext is a value that draws into the Canvas it came from; a copy draws
    // there too.
    private let context: GraphicsContext

    init(_ context: GraphicsContext) {
        self.context = context
    }

    func polygon(_ points: [Pt], fill: Rgb?, stroke: Rgb?, strokeWidth: Float, dash: [Float]?) {
        var path = Path()
        path.addLines(points.map(\.cg))
        path.closeSubpath()
        draw(path, fill: fill, stroke: stroke, width: strokeWidth, dash: dash)
    }

    func polyline(_ points: [Pt], colour: Rgb, width: Float, dash: [Float]?) {
        var path = Path()
        path.addLines(points.map(\.cg))
        draw(path, fill: nil, stroke: colour, width: width, dash: dash)
    }

    func roundRect(left: Float, top: Float, width: Float, height: Float, radius: Float,
                   fill: Rgb?, stroke: Rgb?, strokeWidth: Float) {
        let rect = CGRect(x: CGFloat(left), y: CGFloat(top), width: CGFloat(width), height: CGFloat(height))
        // Circular corners, as the SVG's rx draws them (SwiftUI's default is continuous).
        draw(Path(roundedRect: rect, cornerRadius: CGFloat(radius), style: .circular), fill: fill, stroke: stroke, width: strokeWidth, dash: nil)
    }

    func circle(centre: Pt, radius: Float, fill: Rgb?, stroke: Rgb?, strokeWidth: Float) {
        let r = CGFloat(radius)
        let rect = CGRect(x: CGFloat(centre.x) - r, y: CGFloat(centre.y) - r, width: 2 * r, height: 2 * r)
        draw(Path(ellipseIn: rect), fill: fill, stroke: stroke, width: strokeWidth, dash: nil)
    }

    func text(_ text: String, at: Pt, size: Float, colour: Rgb, anchor: TextAnchor, bold: Bool) {
        var resolved = context.resolve(Text(text).font(font(size, bold)))
        resolved.shading = .color(Color(rgb: colour))
        let measured = resolved.measure(in: CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        let shift: CGFloat
        switch anchor {
        case .start: shift = 0
        case .middle: shift = measured.width / 2
        case .end: shift = measured.width
        }
        // The painter gives a baseline; SwiftUI places a text by its box.
        let baseline = resolved.firstBaseline(in: measured)
        let origin = CGPoint(x: CGFloat(at.x) - shift, y: CGFloat(at.y) - baseline)
        context.draw(resolved, in: CGRect(origin: origin, size: measured))
    }

    func textWidth(_ text: String, size: Float, bold: Bool) -> Float {
        let resolved = context.resolve(Text(text).font(font(size, bold)))
        return Float(resolved.measure(in: CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)).width)
    }

    private func font(_ size: Float, _ bold: Bool) -> Font {
        .system(size: CGFloat(size), weight: bold ? .bold : .regular)
    }

    private func draw(_ path: Path, fill: Rgb?, stroke: Rgb?, width: Float, dash: [Float]?) {
        if let fill { context.fill(path, with: .color(Color(rgb: fill))) }
        if let stroke, width > 0 {
            let style = StrokeStyle(lineWidth: CGFloat(width), lineCap: .round, lineJoin: .round,
                                    dash: dash?.map { CGFloat($0) } ?? [])
            context.stroke(path, with: .color(Color(rgb: stroke)), style: style)
        }
    }
}

extension Color {
    /// A colour from the core's 0xRRGGBB.
    init(rgb: Rgb) {
        self.init(red: Double((rgb >> 16) & 0xff) / 255, green: Double((rgb >> 8) & 0xff) / 255, blue: Double(rgb & 0xff) / 255)
    }
}

extension Pt {
    var cg: CGPoint { CGPoint(x: CGFloat(x), y: CGFloat(y)) }

    init(_ point: CGPoint) {
        self.init(Float(point.x), Float(point.y))
    }
}
