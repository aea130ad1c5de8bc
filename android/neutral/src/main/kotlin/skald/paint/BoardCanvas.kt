package skald.paint

/** A point on the screen (or in map units, where a function says so). */
data class Pt(val x: Float, val y: Float)

/** Where a line of text stands relative to its x. */
enum class Anchor { START, MIDDLE, END }

/**
 * The few drawing calls the scene painter needs, in screen pixels, with colours as
 * 0xRRGGBB (opaque). Each platform implements it once: Java2D on the desktop, a Compose
 * `DrawScope` on Android, a SwiftUI `GraphicsContext` on iOS. Nothing in it knows a game.
 */
interface BoardCanvas {
    /** A closed polygon, filled and/or outlined; `dash` is on-off lengths in pixels. */
    fun polygon(points: List<Pt>, fill: Int?, stroke: Int?, strokeWidth: Float, dash: FloatArray? = null)

    /** An open line through the points, with round caps and joins. */
    fun polyline(points: List<Pt>, colour: Int, width: Float, dash: FloatArray? = null)

    fun roundRect(left: Float, top: Float, width: Float, height: Float, radius: Float, fill: Int?, stroke: Int?, strokeWidth: Float)

    fun circle(centre: Pt, radius: Float, fill: Int?, stroke: Int?, strokeWidth: Float)

    /** One line of text whose baseline starts (or is centred, or ends) at `at`. */
    fun text(text: String, at: Pt, size: Float, colour: Int, anchor: Anchor = Anchor.START, bold: Boolean = false)

    /** How wide `text` is drawn at `size` pixels. */
    fun textWidth(text: String, size: Float, bold: Boolean = false): Float

    /** A picture the app ships, by name, into a rectangle (unused by the boards so far). */
    fun image(name: String, left: Float, top: Float, width: Float, height: Float) {}
}
