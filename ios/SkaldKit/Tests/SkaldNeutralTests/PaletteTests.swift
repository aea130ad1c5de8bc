import SkaldNeutral
import XCTest

/// Ink on a fill: black on light colours, white on dark ones, by luminance.
final class PaletteTests: XCTestCase {
    func testInkIsBlackOnLightFillsAndWhiteOnDarkOnes() {
        for light: Rgb in [Palette.white, Palette.yellow, Palette.orange, Palette.skyBlue, Palette.reddishPurple, 0xeef2d8, 0x8fc3ea] {
            XCTAssertEqual(Palette.inkOn(light), Palette.black, "on \(String(light, radix: 16))")
        }
        // Fury's woods (0x5e9c74) are just dark enough for white.
        for dark: Rgb in [Palette.black, Palette.blue, Palette.vermillion, Palette.bluishGreen, 0x5e9c74] {
            XCTAssertEqual(Palette.inkOn(dark), Palette.white, "on \(String(dark, radix: 16))")
        }
    }
}
