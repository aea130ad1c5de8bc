import SkaldFFI
import SkaldNeutral
import SwiftUI

/// The play screen: the hand-off while the device is passed, else the board beside (or
/// above) a panel with the prompt, the scene's buttons, the cards, what just happened, the
/// hint and the dice log; undo, hint, history and home in the toolbar. Every word and every
/// choice comes from the play model's state.
struct PlayView: View {
    let model: PlayViewModel
    let app: AppViewModel
    @StateObject private var state: Watched<PlayState>
    @Environment(\.verticalSizeClass) private var verticalSizeClass

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
                // Undo also stops the computer's move under way.
                Button("Undo", action: model.undo).disabled(!s.canUndo || !s.showsBoard)
                Button("Hint", action: model.askHint).disabled(!s.takesTaps)
                // Nothing of the game is shown while the device is being passed.
                Button("History", action: app.history).disabled(!s.showsBoard)
                Button("Home", action: app.home)
            }
        }
    }

    /// The board above the panel, or beside it when the screen is short (a phone on its side).
    private func board(_ s: PlayState) -> some View {
        let layout = verticalSizeClass == .compact ? AnyLayout(HStackLayout(spacing: 8)) : AnyLayout(VStackLayout(spacing: 8))
        return layout {
            BoardView(scene: s.scene, spread: s.spread, speech: model.speech) { screen, viewport, finger in
                model.tapBoard(screen, viewport: viewport, finger: finger)
            }
            ScrollView {
                PanelView(state: s, press: model.press, tapCard: model.tapCard)
                    .frame(maxWidth: .infinity, alignment: .leading)
            }
        }
        .padding(.horizontal)
    }
}

/// Everything beside the board, in the order the Android shell shows it.
private struct PanelView: View {
    let state: PlayState
    let press: (SceneButton) -> Void
    let tapCard: (String) -> Void

    var body: some View {
        let s = state
        VStack(alignment: .leading, spacing: 8) {
            if case .computerMoving = s.phase { ProgressView() }
            if let message = s.message { Text(message).foregroundStyle(.red) }
            Lines(lines: s.notices).foregroundStyle(.red)
            Lines(lines: s.scene.status)
            if s.takesTaps {
                Text(s.scene.prompt).font(.headline)
                ScrollView(.horizontal) {
                    HStack {
                        ForEach(s.scene.buttons.indices, id: \.self) { i in
                            let button = s.scene.buttons[i]
                            Button(button.label) { press(button) }.buttonStyle(.bordered)
                        }
                    }
                }
            }
            Lines(lines: s.readyLines)
            CardsView(cards: s.scene.hand, state: s, tap: tapCard)
            CardsView(cards: s.scene.offered, state: s, tap: tapCard)
            Lines(lines: s.lastSaid)
            if s.takesTaps, let hint = s.hint { HintLines(hint: hint) }
            if !s.logLines.isEmpty {
                DisclosureGroup("Dice log") { Lines(lines: s.logLines) }
            }
        }
    }
}

/// Lines of the core's words, each in its place (two may read the same).
private struct Lines: View {
    let lines: [String]

    var body: some View {
        ForEach(lines.indices, id: \.self) { i in
            Text(lines[i]).font(.footnote).frame(maxWidth: .infinity, alignment: .leading)
        }
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
            Lines(lines: hint.lines)
        }
    }
}

/// Cards in the holder's hand, or on offer and in no hand; the one chosen with the board's
/// yellow edge of a selected counter; a card the next tap may be is a button.
private struct CardsView: View {
    let cards: [SceneCard]
    let state: PlayState
    let tap: (String) -> Void

    var body: some View {
        if !cards.isEmpty {
            ScrollView(.horizontal) {
                HStack {
                    ForEach(cards, id: \.code) { card in
                        let selected = state.isSelected(card)
                        Button { tap(card.code) } label: {
                            VStack(alignment: .leading) {
                                Text(card.title).bold()
                                Text(card.text).font(.caption)
                            }
                            .padding(8)
                            .frame(width: 160, alignment: .leading)
                            .background(RoundedRectangle(cornerRadius: 8)
                                .stroke(selected ? Color(rgb: Palette.yellow) : Color.secondary, lineWidth: selected ? 4 : 1))
                        }
                        .disabled(!card.tappable || !state.takesTaps)
                        .accessibilityLabel(card.speech)
                        .accessibilityAddTraits(selected ? .isSelected : [])
                    }
                }
            }
        }
    }
}
