import SkaldNeutral
import SwiftUI

/// Draws the screen the app's route names, with a back button where there is a way back.
struct RootView: View {
    let app: AppViewModel
    @StateObject private var route: Watched<Route>

    init(app: AppViewModel) {
        self.app = app
        _route = StateObject(wrappedValue: Watched(app.route))
    }

    var body: some View {
        NavigationStack {
            screen
                .toolbar {
                    if route.value != .home {
                        ToolbarItem(placement: .topBarLeading) {
                            Button("Back") { app.back() }
                        }
                    }
                }
                .navigationBarTitleDisplayMode(.inline)
        }
    }

    @ViewBuilder private var screen: some View {
        switch route.value {
        case .home:
            HomeView(app: app)
        case let .newGame(model):
            NewGameView(model: model) { app.start(model) }
        case let .play(model):
            PlayView(model: model, app: app).id(ObjectIdentifier(model))
        case let .history(model, _):
            HistoryView(model: model) { name in app.continueFrom(model, name: name) }
        case .saves:
            SavesView(app: app)
        }
    }
}
