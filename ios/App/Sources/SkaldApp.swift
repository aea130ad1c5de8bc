import SkaldFFI
import SkaldNeutral
import SwiftUI

/// The app: one save folder in Application Support, the core's log in os_log, and the
/// screens the neutral `AppViewModel` routes between.
///
/// Nothing is done when the app goes to the background: every action is saved as it is
/// played, and a suspended app's threads (the computer's, the hint's) stop with it and go
/// on when it comes back, on the screen it left.
@main
struct SkaldApp: App {
    @StateObject private var holder = AppHolder()

    var body: some Scene {
        WindowGroup {
            if let app = holder.app {
                RootView(app: app)
            } else {
                // Without a folder for saves there is no game to play: say why.
                VStack(spacing: 16) {
                    Text("Skald").font(.largeTitle.bold())
                    Text(holder.openError ?? "").foregroundStyle(.red)
                }
                .padding()
            }
        }
    }
}

/// Owns the app's model for the life of the process.
@MainActor
final class AppHolder: ObservableObject {
    /// Nil when the saves could not be opened; `openError` says why.
    let app: AppViewModel?
    let openError: String?

    init() {
        #if DEBUG
        setLogSink(sink: OSLogSink(), level: .debug)
        #else
        setLogSink(sink: OSLogSink(), level: .info)
        #endif
        do {
            let support = try FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask,
                                                      appropriateFor: nil, create: true)
            let folder = support.appending(path: "saves", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            app = AppViewModel(folder: try SaveFolder.open(folder: folder.path(percentEncoded: false)))
            openError = nil
        } catch {
            app = nil
            openError = AppHolder.words(error)
        }
    }

    /// The core's message for its own errors (SkaldNeutral's `words(_:)` is internal),
    /// the system's description for the others.
    private static func words(_ error: Error) -> String {
        switch error as? SkaldError {
        case let .BadInput(message)?, let .Refused(message)?, let .Storage(message)?:
            return message
        case nil:
            return error.localizedDescription
        }
    }
}
