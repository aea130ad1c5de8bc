package skald.paint

/**
 * Dash patterns for the canvas's round-capped lines. The SVG's dashes have flat ends; a
 * round cap adds half the line's width at each end of every dash, so each pattern here
 * is shortened by one width on and lengthened by one width off, to look the same.
 */
internal object Dashes {
    /** Round dots one `width` across, two widths apart centre to centre (the SVG's
     *  "4 4" on a 4-wide line: a dotted outline). A dash of almost no length still gets
     *  its two round caps, which make the dot. */
    fun dotted(width: Float): FloatArray = floatArrayOf(width * 0.01f, width * 2f)

    /** Dashes `on` long with gaps `off`, in pixels as they look (caps included). */
    fun dashed(on: Float, off: Float, width: Float): FloatArray =
        floatArrayOf((on - width).coerceAtLeast(width * 0.01f), off + width)
}
