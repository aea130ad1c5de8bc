import SkaldFFI
import SkaldNeutral
import SwiftUI

/// The app: one save folder in Application Support, the core's log in os_log, and the
/// screens the neutral `AppViewModel` routes between.
@main
struct SkaldApp: App {
    @StateObject private var holder = AppHolder()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            RootView(app: holder.app)
                .onChange(of: scenePhase) { phase in
                    // Every action is saved as it is played; leaving stops the computer.
                    if phase == .background { holder.app.close() }
                }
        }
    }
}

/// Owns the app's model for the life of the process.
@MainActor
final class AppHolder: ObservableObject {
    let app: AppViewModel

    init() {
        setLogSink(sink: OSLogSink(), level: .info)
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("saves", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            app = AppViewModel(folder: try SaveFolder.open(folder: folder.path))
        } catch {
            // Without a folder for saves there is no app to show; say why in the crash log.
            fatalError("the saves folder could not be opened: \(error)")
        }
    }
}
