package skald.paint

import uniffi.skald_ffi.Point

/**
 * One painting of a scene: the canvas, the viewport, and the part of the map on screen,
 * with what every layer needs to go from map units to pixels and to skip what is off
 * screen (a phone paints up to 60 times a second while a finger pans).
 */
internal class Frame(val canvas: BoardCanvas, val viewport: Viewport) {
    private val visible = viewport.visibleMap()
    private val scale = viewport.scale

    /** A length in map units (a line's width, a font size) in pixels. */
    fun px(mapLength: Float): Float = mapLength * scale

    fun screen(p: Point): Pt = Pt(p.x * scale + viewport.left, p.y * scale + viewport.top)

    fun screen(x: Float, y: Float): Pt = Pt(x * scale + viewport.left, y * scale + viewport.top)

    fun screen(points: List<Point>): List<Pt> = points.map(::screen)

    /** Whether anything within `margin` map units of the points' bounding box is on screen. */
    fun shows(points: List<Point>, margin: Float): Boolean {
        if (points.isEmpty()) return false
        var minX = Float.POSITIVE_INFINITY
        var minY = Float.POSITIVE_INFINITY
        var maxX = Float.NEGATIVE_INFINITY
        var maxY = Float.NEGATIVE_INFINITY
        for (p in points) {
            if (p.x < minX) minX = p.x
            if (p.x > maxX) maxX = p.x
            if (p.y < minY) minY = p.y
            if (p.y > maxY) maxY = p.y
        }
        return visible.meets(minX - margin, minY - margin, maxX + margin, maxY + margin)
    }

    /** Whether a box `halfWidth` by `halfHeight` map units either side of `at` is on screen. */
    fun shows(at: Point, halfWidth: Float, halfHeight: Float = halfWidth): Boolean =
        shows(at.x, at.y, halfWidth, halfHeight)

    fun shows(x: Float, y: Float, halfWidth: Float, halfHeight: Float): Boolean =
        visible.meets(x - halfWidth, y - halfHeight, x + halfWidth, y + halfHeight)

    /**
     * The largest font size up to `size` pixels at which `text` is at most `width`
     * pixels wide, measured with the canvas's own font (fonts differ between platforms,
     * so an estimate per character would overflow on one and waste room on another).
     */
    fun fitted(text: String, size: Float, width: Float, bold: Boolean = false): Float {
        val measured = canvas.textWidth(text, size, bold)
        return if (measured > width && measured > 0f) size * width / measured else size
    }
}
