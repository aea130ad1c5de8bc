package skald.paint

/**
 * A canvas that keeps every call, for tests to read back what the painter drew, in
 * order. Text is as wide as 0.6 em a character, so that fitted sizes can be checked
 * exactly without a font.
 */
class RecordingCanvas : BoardCanvas {
    sealed class Call {
        data class Polygon(val points: List<Pt>, val fill: Int?, val stroke: Int?, val width: Float, val dash: List<Float>?) : Call()
        data class Polyline(val points: List<Pt>, val colour: Int, val width: Float, val dash: List<Float>?) : Call()
        data class RoundRect(val left: Float, val top: Float, val width: Float, val height: Float, val radius: Float, val fill: Int?, val stroke: Int?, val strokeWidth: Float) : Call()
        data class Circle(val centre: Pt, val radius: Float, val fill: Int?, val stroke: Int?, val width: Float) : Call()
        data class Text(val text: String, val at: Pt, val size: Float, val colour: Int, val anchor: Anchor, val bold: Boolean) : Call()
    }

    val calls = mutableListOf<Call>()

    override fun polygon(points: List<Pt>, fill: Int?, stroke: Int?, strokeWidth: Float, dash: FloatArray?) {
        calls += Call.Polygon(points, fill, stroke, strokeWidth, dash?.toList())
    }

    override fun polyline(points: List<Pt>, colour: Int, width: Float, dash: FloatArray?) {
        calls += Call.Polyline(points, colour, width, dash?.toList())
    }

    override fun roundRect(left: Float, top: Float, width: Float, height: Float, radius: Float, fill: Int?, stroke: Int?, strokeWidth: Float) {
        calls += Call.RoundRect(left, top, width, height, radius, fill, stroke, strokeWidth)
    }

    override fun circle(centre: Pt, radius: Float, fill: Int?, stroke: Int?, strokeWidth: Float) {
        calls += Call.Circle(centre, radius, fill, stroke, strokeWidth)
    }

    override fun text(text: String, at: Pt, size: Float, colour: Int, anchor: Anchor, bold: Boolean) {
        calls += Call.Text(text, at, size, colour, anchor, bold)
    }

    override fun textWidth(text: String, size: Float, bold: Boolean): Float = EM_PER_CHAR * size * text.length

    inline fun <reified T : Call> all(): List<T> = calls.filterIsInstance<T>()

    companion object {
        const val EM_PER_CHAR = 0.6f
    }
}
