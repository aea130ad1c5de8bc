import SkaldFFI
import SkaldNeutral
import SwiftUI

/// The play screen: the hand-off while the device is passed, else the board with the
/// prompt, the scene's buttons, the hand, and undo, hint, history and home. Every word
/// and every choice comes from the play model's state.
struct PlayView: View {
    let model: PlayViewModel
    let app: AppViewModel
    @StateObject private var state: Watched<PlayState>

    init(model: PlayViewModel, app: AppViewModel) {
        self.model = model
        self.app = app
        _state = StateObject(wrappedValue: Watched(model.state))
    }

    var body: some View {
        let s = state.value
        Group {
            if s.showsBoard {
                board(s)
            } else {
                HandOffView(phase: s.phase, confirm: model.confirmHandOff, dismissRecap: model.dismissRecap)
            }
        }
        .navigationTitle(s.phase.heading)
        .toolbar {
            ToolbarItemGroup(placement: .bottomBar) {
                Button("Undo", action: model.undo).disabled(!s.canUndo || !s.takesTaps)
                Button("Hint", action: model.askHint).disabled(!s.takesTaps)
                Button("History", action: app.history)
                Button("Home", action: app.home)
            }
        }
    }

    private func board(_ s: PlayState) -> some View {
        VStack(spacing: 8) {
            BoardView(scene: s.scene, spread: s.spread, speech: model.speech) { screen, viewport, finger in
                model.tapBoard(screen, viewport: viewport, finger: finger)
            }
            Text(s.scene.prompt).font(.headline)
            if let message = s.message { Text(message).foregroundStyle(.red) }
            ForEach(s.notices + s.lastSaid + s.readyLines, id: \.self) { Text($0).font(.footnote) }
            if let hint = s.hint { HintLines(hint: hint) }
            ScrollView(.horizontal) {
                HStack {
                    ForEach(s.scene.buttons, id: \.self) { button in
                        Button(button.label) { model.press(button) }.buttonStyle(.bordered).disabled(!s.takesTaps)
                    }
                }
            }
            if !s.scene.hand.isEmpty { HandView(cards: s.scene.hand, state: s, tap: model.tapCard) }
        }
        .padding(.horizontal)
    }
}

/// The hint while it is worked out and once it is there.
private struct HintLines: View {
    let hint: HintView

    var body: some View {
        switch hint {
        case .thinking: ProgressView("Thinking…")
        case let .failed(why): Text(why).foregroundStyle(.red)
        case .ready:
            if let headline = hint.headline { Text(headline).bold() }
            ForEach(hint.lines, id: \.self) { Text($0).font(.footnote) }
        }
    }
}

/// The cards in the holder's hand, the one chosen marked; a tappable card is a button.
private struct HandView: View {
    let cards: [SceneCard]
    let state: PlayState
    let tap: (String) -> Void

    var body: some View {
        ScrollView(.horizontal) {
            HStack {
                ForEach(cards, id: \.code) { card in
                    Button { tap(card.code) } label: {
                        VStack(alignment: .leading) {
                            Text(card.title).bold()
                            Text(card.text).font(.caption)
                        }
                        .padding(8)
                        .frame(width: 160, alignment: .leading)
                        .background(RoundedRectangle(cornerRadius: 8)
                            .stroke(state.isSelected(card) ? Color.yellow : Color.secondary, lineWidth: state.isSelected(card) ? 4 : 1))
                    }
                    .disabled(!card.tappable || !state.takesTaps)
                    .accessibilityLabel(card.speech)
                }
            }
        }
    }
}
