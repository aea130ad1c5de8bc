/// Dash patterns for the canvas's round-capped lines. The SVG's dashes have flat ends; a
/// round cap adds half the line's width at each end of every dash, so each pattern here
/// is one width shorter on and one width longer off, to look the same.
enum Dashes {
    /// Round dots one `width` across, two widths apart centre to centre (the SVG's "4 4"
    /// on a 4-wide line). A dash of almost no length still gets its two round caps.
    static func dotted(_ width: Float) -> [Float] { [width * 0.01, width * 2] }

    /// Dashes `on` long with gaps `off`, in pixels as they look (caps included).
    static func dashed(on: Float, off: Float, width: Float) -> [Float] {
        [max(on - width, width * 0.01), off + width]
    }
}
