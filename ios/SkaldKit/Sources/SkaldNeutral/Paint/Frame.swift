import SkaldFFI

/// One painting of a scene: the canvas, the viewport and the part of the map on screen,
/// with what every layer needs to go from map units to pixels and to skip what is off
/// screen (a phone repaints up to 60 times a second while a finger pans).
struct Frame {
    let canvas: BoardCanvas
    let viewport: Viewport
    private let visible: MapRect
    private let scale: Float

    init(canvas: BoardCanvas, viewport: Viewport) {
        self.canvas = canvas
        self.viewport = viewport
        visible = viewport.visibleMap()
        scale = viewport.scale
    }

    /// A length in map units (a line's width, a font size) in pixels.
    func px(_ mapLength: Float) -> Float { mapLength * scale }

    func screen(_ p: Point) -> Pt { Pt(p.x * scale + viewport.left, p.y * scale + viewport.top) }

    func screen(_ x: Float, _ y: Float) -> Pt { Pt(x * scale + viewport.left, y * scale + viewport.top) }

    func screen(_ points: [Point]) -> [Pt] { points.map { screen($0) } }

    /// Whether anything within `margin` map units of the points' bounding box is on screen.
    func shows(_ points: [Point], margin: Float) -> Bool {
        guard !points.isEmpty else { return false }
        var minX = Float.infinity, minY = Float.infinity
        var maxX = -Float.infinity, maxY = -Float.infinity
        for p in points {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        return visible.meets(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }

    /// Whether a box `halfWidth` by `halfHeight` map units either side of `at` is on screen.
    func shows(_ at: Point, halfWidth: Float, halfHeight: Float? = nil) -> Bool {
        shows(at.x, at.y, halfWidth: halfWidth, halfHeight: halfHeight ?? halfWidth)
    }

    func shows(_ x: Float, _ y: Float, halfWidth: Float, halfHeight: Float) -> Bool {
        visible.meets(minX: x - halfWidth, minY: y - halfHeight, maxX: x + halfWidth, maxY: y + halfHeight)
    }

    /// The largest font size up to `size` pixels at which `text` is at most `width` pixels
    /// wide, measured with the canvas's own font: fonts differ between platforms, so an
    /// estimate per character would overflow on one and waste room on another.
    func fitted(_ text: String, size: Float, width: Float, bold: Bool = false) -> Float {
        let measured = canvas.textWidth(text, size: size, bold: bold)
        return measured > width && measured > 0 ? size * width / measured : size
    }
}
