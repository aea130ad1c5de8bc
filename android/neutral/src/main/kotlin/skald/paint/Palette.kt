package skald.paint

/**
 * The colours the painter adds to a scene's own, as 0xRRGGBB. The first eight are the
 * Okabe-Ito colours the core's `palette` uses (people with the common colour-vision
 * deficiencies tell them apart), so that highlights and arrows match the core's pictures.
 */
object Palette {
    const val BLACK = 0x000000
    const val ORANGE = 0xe69f00
    const val SKY_BLUE = 0x56b4e9
    const val BLUISH_GREEN = 0x009e73
    const val YELLOW = 0xf0e442
    const val BLUE = 0x0072b2
    const val VERMILLION = 0xd55e00
    const val REDDISH_PURPLE = 0xcc79a7
    const val WHITE = 0xffffff

    /** Behind the map, where no cell is. */
    const val BACKGROUND = 0xfafaf7

    /** Every cell's edge: grey, so that highlights' black outlines stand out. */
    const val CELL_EDGE = 0x6b6b6b

    /** A counter's edge when it is neither selected nor the next tap. */
    const val COUNTER_EDGE = 0x333333

    /** Hex numbers: grey on light terrain, near-white on dark. */
    const val LABEL_ON_LIGHT = 0x555555
    const val LABEL_ON_DARK = 0xf0f0f0

    /** A cell's name (a house, a shire): dark brown, like ink on a printed map. */
    const val CAPTION = 0x3b2a1a

    /** Black or white, whichever reads better on `fill`, by its luminance. */
    fun inkOn(fill: Int): Int {
        val r = (fill shr 16) and 0xff
        val g = (fill shr 8) and 0xff
        val b = fill and 0xff
        val luminance = 0.2126f * r + 0.7152f * g + 0.0722f * b
        return if (luminance > 140f) BLACK else WHITE
    }
}
