import SkaldNeutral
import SwiftUI

/// Continue the last game, start a new one, or look at the saves.
struct HomeView: View {
    let app: AppViewModel
    @StateObject private var saves: Watched<SavesState>

    init(app: AppViewModel) {
        self.app = app
        _saves = StateObject(wrappedValue: Watched(app.saves.state))
    }

    var body: some View {
        VStack(spacing: 16) {
            Text("Skald").font(.largeTitle.bold())
            if let last = saves.value.last {
                Button { app.continueLast() } label: {
                    VStack {
                        Text("Continue")
                        Text(last.progressLine).font(.footnote).foregroundStyle(.secondary)
                    }
                }
                .buttonStyle(.borderedProminent)
            }
            Button("New game") { app.newGame() }.buttonStyle(.bordered)
            Button("Saves") { app.showSaves() }.buttonStyle(.bordered)
            if let recovery = saves.value.recovery { Text(recovery).font(.footnote) }
            if let message = saves.value.message { Text(message).foregroundStyle(.red) }
        }
        .padding()
        .navigationTitle("Skald")
    }
}
