import SkaldFFI

/// What happened lately and what is about to: a ring round a fight inside one cell, the
/// last move (purple) and attack (vermillion) as arrows in a white casing that reads over
/// any terrain, and the ready action's path, dashed black, over them. Sizes in map units,
/// as the SVG renderer's.
enum Arrows {
    private static let casing: Float = 9
    private static let stroke: Float = 5
    private static let ringRadius: Float = 30

    /// The SVG's arrowheads (its markers), in map units: how far the tip reaches past the
    /// line's end, how far back the base sits, how far either side its corners are.
    private struct Head {
        let tip: Float
        let back: Float
        let half: Float
        let casing: Float
    }

    private static let arrowhead = Head(tip: 5.25, back: 12.25, half: 8.75, casing: 1.75)
    private static let pathHead = Head(tip: 4, back: 16, half: 10, casing: 0)

    /// The path's dashes as they look, in map units.
    private static let dashOn: Float = 10
    private static let dashOff: Float = 6

    /// Under the counters, so that a ring shows round the stack without hiding a value.
    static func rings(_ scene: BoardScene, _ frame: Frame) {
        for arrow in scene.arrows {
            guard arrow.points.count == 1, let at = arrow.points.first,
                  frame.shows(at, halfWidth: ringRadius + casing) else { continue }
            let centre = frame.screen(at)
            let r = frame.px(ringRadius)
            frame.canvas.circle(centre: centre, radius: r, fill: nil, stroke: Palette.white, strokeWidth: frame.px(casing))
            frame.canvas.circle(centre: centre, radius: r, fill: nil, stroke: Palette.vermillion, strokeWidth: frame.px(stroke))
        }
    }

    static func arrows(_ scene: BoardScene, _ frame: Frame) {
        for arrow in scene.arrows {
            guard arrow.points.count >= 2, frame.shows(arrow.points, margin: arrowhead.back) else { continue }
            let colour: Rgb
            switch arrow.kind {
            case .move: colour = Palette.reddishPurple
            case .attack: colour = Palette.vermillion
            }
            let line = frame.screen(arrow.points)
            frame.canvas.polyline(line, colour: Palette.white, width: frame.px(casing))
            frame.canvas.polyline(line, colour: colour, width: frame.px(stroke))
            head(arrow.points, arrowhead, fill: colour, casing: Palette.white, frame)
        }
    }

    static func readyPath(_ scene: BoardScene, _ frame: Frame) {
        guard scene.path.count >= 2, frame.shows(scene.path, margin: pathHead.back) else { return }
        let width = frame.px(stroke)
        frame.canvas.polyline(frame.screen(scene.path), colour: Palette.black, width: width,
                              dash: Dashes.dashed(on: frame.px(dashOn), off: frame.px(dashOff), width: width))
        head(scene.path, pathHead, fill: Palette.black, casing: nil, frame)
    }

    /// A triangle at the line's end, pointing along its last segment of any length.
    private static func head(_ points: [Point], _ head: Head, fill: Rgb, casing: Rgb?, _ frame: Frame) {
        guard let end = points.last,
              let from = points.dropLast().last(where: { $0.x != end.x || $0.y != end.y }) else { return }
        let length = ((end.x - from.x) * (end.x - from.x) + (end.y - from.y) * (end.y - from.y)).squareRoot()
        let dx = (end.x - from.x) / length
        let dy = (end.y - from.y) / length
        let baseX = end.x - dx * head.back
        let baseY = end.y - dy * head.back
        let triangle = [
            frame.screen(end.x + dx * head.tip, end.y + dy * head.tip),
            frame.screen(baseX - dy * head.half, baseY + dx * head.half),
            frame.screen(baseX + dy * head.half, baseY - dx * head.half),
        ]
        frame.canvas.polygon(triangle, fill: fill, stroke: casing, strokeWidth: frame.px(head.casing))
    }
}
