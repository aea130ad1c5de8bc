import SkaldFFI
import SkaldNeutral
import SwiftUI

/// The board: the scene painted through the neutral painter, a tap sent to the play model
/// (which asks the core what it meant), a drag to pan and a pinch to zoom about the pinch.
/// The viewport is the only state kept here; its maths are the neutral `Viewport`'s.
struct BoardView: View {
    let scene: BoardScene
    let spread: Spread?
    /// What VoiceOver says of each cell on screen, from the core; nil for a board that only shows.
    let speech: BoardSpeech?
    /// A tap at a point of the view, with the viewport it was made through and the finger's width.
    let onTap: (Pt, Viewport, Float) -> Void
    /// A finger's width in points: Apple's smallest comfortable target.
    private let finger: Float = 44

    /// The viewport as the last gesture left it; nil until the first one (the map fitted).
    @State private var viewport: Viewport?
    /// Where the drag under way started and how far it had moved at its last change.
    @State private var dragged: (start: CGPoint, moved: CGSize)?
    /// Where the pinch under way started and its magnification at its last change.
    @State private var pinched: (start: CGPoint, scale: CGFloat)?
    @Environment(\.accessibilityVoiceOverEnabled) private var voiceOver

    init(scene: BoardScene, spread: Spread?, speech: BoardSpeech? = nil,
         onTap: @escaping (Pt, Viewport, Float) -> Void = { _, _, _ in }) {
        self.scene = scene
        self.spread = spread
        self.speech = speech
        self.onTap = onTap
    }

    var body: some View {
        GeometryReader { geometry in
            // Read here, in the view's update, so that a new viewport redraws the canvas.
            let view = current(geometry.size)
            Canvas { context, _ in
                guard let view else { return }
                let canvas = GraphicsCanvas(context)
                ScenePainter.paint(scene, on: canvas, viewport: view)
                if let spread {
                    SpreadPainter.paint(scene, spread: spread, on: canvas, viewport: view, finger: finger)
                }
            }
            .gesture(pan(geometry.size).simultaneously(with: zoom(geometry.size)))
            .simultaneousGesture(SpatialTapGesture().onEnded { tap in
                guard let view = current(geometry.size) else { return }
                onTap(Pt(tap.location), view, finger)
            })
            .accessibilityElement(children: .contain)
            .accessibilityLabel("Board")
            .accessibilityChildren { spots(geometry.size, view) }
        }
        .clipped()
    }

    /// With VoiceOver on, one element per tile of an open spread, else per cell on screen,
    /// saying what is there; activating it taps its centre. Not asked of the core otherwise.
    @ViewBuilder private func spots(_ size: CGSize, _ view: Viewport?) -> some View {
        if voiceOver, let speech, let view {
            let elements = spread.map { speech.tiles($0, viewport: view, finger: finger) }
                ?? speech.spots(scene, viewport: view)
            ZStack(alignment: .topLeading) {
                ForEach(elements.indices, id: \.self) { i in
                    let spot = elements[i]
                    Rectangle()
                        .frame(width: CGFloat(spot.width), height: CGFloat(spot.height))
                        .position(x: CGFloat(spot.left + spot.width / 2), y: CGFloat(spot.top + spot.height / 2))
                        .accessibilityLabel(spot.text)
                        .accessibilityAction { onTap(view.toScreen(spot.at), view, finger) }
                }
            }
            .frame(width: size.width, height: size.height)
        }
    }

    /// The viewport for a view of this size: the whole map fitted at first and for a map of
    /// another size, the same map point at the centre after the view changed size (the
    /// device turned); nil while the view or the map has no size.
    private func current(_ size: CGSize) -> Viewport? {
        let width = Float(size.width), height = Float(size.height)
        guard let kept = viewport, kept.mapWidth == scene.width, kept.mapHeight == scene.height else {
            return Viewport.fit(mapWidth: scene.width, mapHeight: scene.height, viewWidth: width, viewHeight: height)
        }
        if kept.viewWidth != width || kept.viewHeight != height {
            return kept.resized(width: width, height: height)
        }
        return kept
    }

    /// A drag moves the map by what it moved since its last change (a drag that was
    /// cancelled before it ended leaves nothing behind: the next one starts elsewhere).
    private func pan(_ size: CGSize) -> some Gesture {
        DragGesture(minimumDistance: 8)
            .onChanged { drag in
                let before = dragged.flatMap { $0.start == drag.startLocation ? $0.moved : nil } ?? .zero
                dragged = (drag.startLocation, drag.translation)
                let dx = drag.translation.width - before.width
                let dy = drag.translation.height - before.height
                viewport = current(size)?.panBy(Float(dx), Float(dy))
            }
            .onEnded { _ in dragged = nil }
    }

    /// A pinch scales about where it began, by what it scaled since its last change.
    private func zoom(_ size: CGSize) -> some Gesture {
        MagnifyGesture()
            .onChanged { pinch in
                let before = pinched.flatMap { $0.start == pinch.startLocation ? $0.scale : nil } ?? 1
                pinched = (pinch.startLocation, pinch.magnification)
                guard before > 0 else { return }
                let factor = Float(pinch.magnification / before)
                viewport = current(size)?.zoomAt(factor, focus: Pt(pinch.startLocation))
            }
            .onEnded { _ in pinched = nil }
    }
}
