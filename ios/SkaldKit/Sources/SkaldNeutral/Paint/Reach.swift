import SkaldFFI

/// What a finger may have meant by a tap on the board, asked of the core
/// (`GameTable.spreadAt`) before the tap is sent, so that every app reads the board's geometry
/// the same way. A finger is a disc `finger` pixels wide: when it covers the visible parts
/// of two or more counters and any of them may be tapped next, the core answers with the
/// stack to open out as a `Spread`; otherwise the tap goes to the core as it is.
public enum Reach {
    /// The spread to open for a tap at `screen` (pixels), or nil when the aim is clear.
    public static func spreadFor(_ table: GameTable, viewport: Viewport, screen: Pt, finger: Float) -> Spread? {
        let at = viewport.toMap(screen)
        guard let open = table.spreadAt(x: at.x, y: at.y, radius: finger / 2 / viewport.scale) else { return nil }
        return Spread(anchor: Pt(open.anchor.x, open.anchor.y), choices: open.choices)
    }
}
