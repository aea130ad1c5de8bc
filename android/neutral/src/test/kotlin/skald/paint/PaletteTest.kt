package skald.paint

import kotlin.test.Test
import kotlin.test.assertEquals

/** Ink on a fill: black on light colours, white on dark ones, by luminance. */
class PaletteTest {
    @Test
    fun inkIsBlackOnLightFillsAndWhiteOnDarkOnes() {
        for (light in listOf(Palette.WHITE, Palette.YELLOW, Palette.ORANGE, Palette.SKY_BLUE, Palette.REDDISH_PURPLE, 0xeef2d8, 0x8fc3ea)) {
            assertEquals(Palette.BLACK, Palette.inkOn(light), "on %06x".format(light))
        }
        // Fury's woods (0x5e9c74) are just dark enough for white.
        for (dark in listOf(Palette.BLACK, Palette.BLUE, Palette.VERMILLION, Palette.BLUISH_GREEN, 0x5e9c74)) {
            assertEquals(Palette.WHITE, Palette.inkOn(dark), "on %06x".format(dark))
        }
    }
}
