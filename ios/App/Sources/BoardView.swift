import SkaldFFI
import SkaldNeutral
import SwiftUI

/// The board: the scene painted through the neutral painter, a tap sent to the play model
/// (which asks the core what it meant), a drag to pan and a pinch to zoom. The viewport
/// is the only state kept here; its maths are the neutral `Viewport`'s.
struct BoardView: View {
    let scene: BoardScene
    let spread: Spread?
    /// What VoiceOver says of each cell on screen, from the core; nil for a board that only shows.
    let speech: BoardSpeech?
    /// A tap at a point of the view, with the viewport it was made through and the finger's width.
    let onTap: (Pt, Viewport, Float) -> Void
    /// A finger's width in points: Apple's smallest comfortable target.
    private let finger: Float = 44

    @State private var viewport: Viewport?
    @State private var dragged = CGSize.zero
    @State private var pinched: CGFloat = 1

    init(scene: BoardScene, spread: Spread?, speech: BoardSpeech? = nil,
         onTap: @escaping (Pt, Viewport, Float) -> Void = { _, _, _ in }) {
        self.scene = scene
        self.spread = spread
        self.speech = speech
        self.onTap = onTap
    }

    var body: some View {
        GeometryReader { geometry in
            Canvas { context, size in
                guard let view = viewport ?? fitted(size) else { return }
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
            .onChange(of: geometry.size) { size in
                viewport = viewport?.resized(width: Float(size.width), height: Float(size.height))
            }
            .accessibilityElement(children: .contain)
            .accessibilityLabel("Board")
            .accessibilityChildren { spots(geometry.size) }
        }
    }

    /// One element per tile of an open spread, else per cell on screen, saying what is
    /// there; activating it taps its centre.
    @ViewBuilder private func spots(_ size: CGSize) -> some View {
        if let speech, let view = current(size) {
            let spots = spread.map { speech.tiles($0, viewport: view, finger: finger) }
                ?? speech.spots(scene, viewport: view)
            ForEach(spots.indices, id: \.self) { i in
                let spot = spots[i]
                Rectangle()
                    .frame(width: CGFloat(spot.width), height: CGFloat(spot.height))
                    .position(x: CGFloat(spot.left + spot.width / 2), y: CGFloat(spot.top + spot.height / 2))
                    .accessibilityLabel(spot.text)
                    .accessibilityAction { onTap(view.toScreen(spot.at), view, finger) }
            }
        }
    }

    private func fitted(_ size: CGSize) -> Viewport? {
        Viewport.fit(mapWidth: scene.width, mapHeight: scene.height, viewWidth: Float(size.width), viewHeight: Float(size.height))
    }

    private func current(_ size: CGSize) -> Viewport? { viewport ?? fitted(size) }

    /// A drag moves the map by what it moved since the last change.
    private func pan(_ size: CGSize) -> some Gesture {
        DragGesture(minimumDistance: 8)
            .onChanged { drag in
                let step = CGSize(width: drag.translation.width - dragged.width, height: drag.translation.height - dragged.height)
                dragged = drag.translation
                viewport = current(size)?.panBy(Float(step.width), Float(step.height))
            }
            .onEnded { _ in dragged = .zero }
    }

    /// A pinch scales about the view's centre (MagnificationGesture gives no focus point).
    private func zoom(_ size: CGSize) -> some Gesture {
        MagnificationGesture()
            .onChanged { scale in
                let factor = Float(scale / pinched)
                pinched = scale
                viewport = current(size)?.zoomAt(factor, focus: Pt(Float(size.width) / 2, Float(size.height) / 2))
            }
            .onEnded { _ in pinched = 1 }
    }
}
