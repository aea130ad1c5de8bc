/// The colours the painter adds to a scene's own. The first nine are the Okabe-Ito
/// colours the core's palette uses (told apart by people with the common colour-vision
/// deficiencies), so that highlights and arrows match the core's pictures.
public enum Palette {
    public static let black: Rgb = 0x000000
    public static let orange: Rgb = 0xe69f00
    public static let skyBlue: Rgb = 0x56b4e9
    public static let bluishGreen: Rgb = 0x009e73
    public static let yellow: Rgb = 0xf0e442
    public static let blue: Rgb = 0x0072b2
    public static let vermillion: Rgb = 0xd55e00
    public static let reddishPurple: Rgb = 0xcc79a7
    public static let white: Rgb = 0xffffff

    /// Behind the map, where no cell is.
    public static let background: Rgb = 0xfafaf7

    /// Every cell's edge: grey, so that the highlights' black outlines stand out.
    public static let cellEdge: Rgb = 0x6b6b6b

    /// A counter's edge when it is neither selected nor the next tap.
    public static let counterEdge: Rgb = 0x333333

    /// Hex numbers: grey on light terrain, near-white on dark.
    public static let labelOnLight: Rgb = 0x555555
    public static let labelOnDark: Rgb = 0xf0f0f0

    /// A cell's name (a house, a shire): dark brown, like ink on a printed map.
    public static let caption: Rgb = 0x3b2a1a

    /// Black or white, whichever reads better on `fill`, by its luminance.
    public static func inkOn(_ fill: Rgb) -> Rgb {
        let r = Float((fill >> 16) & 0xff)
        let g = Float((fill >> 8) & 0xff)
        let b = Float(fill & 0xff)
        let luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
        return luminance > 140 ? black : white
    }
}
