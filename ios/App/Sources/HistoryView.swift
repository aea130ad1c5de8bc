import SkaldNeutral
import SwiftUI

/// The game so far: the board at any step, stepped back and forth, and a new game
/// continued from the step shown.
struct HistoryView: View {
    let model: HistoryViewModel
    let continueFrom: (String) -> Void
    @StateObject private var state: Watched<HistoryState>
    @State private var name = ""

    init(model: HistoryViewModel, continueFrom: @escaping (String) -> Void) {
        self.model = model
        self.continueFrom = continueFrom
        _state = StateObject(wrappedValue: Watched(model.state))
    }

    var body: some View {
        let s = state.value
        VStack(spacing: 8) {
            BoardView(scene: s.scene, spread: nil)
            Text(s.caption).font(.headline)
            if let message = s.message { Text(message).foregroundStyle(.red) }
            HStack {
                // Not "Back": the navigation bar's Back returns to the game.
                Button("Previous", action: model.back).disabled(s.atStart)
                Slider(value: Binding(get: { Double(s.step) }, set: { model.select(Int($0.rounded())) }),
                       in: 0...Double(max(s.lines.count, 1)), step: 1)
                    .disabled(s.lines.isEmpty)
                    .accessibilityValue(s.caption)
                Button("Next", action: model.forward).disabled(s.atEnd)
            }
            HStack {
                TextField("Name of the new game", text: $name)
                Button("Continue from here") { continueFrom(name) }
            }
        }
        .padding()
        .navigationTitle("History")
    }
}
