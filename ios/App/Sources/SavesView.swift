import SkaldFFI
import SkaldNeutral
import SwiftUI
import UniformTypeIdentifiers

/// The saves, newest first: open, rename, delete, share a backup or a replay of what one
/// seat saw, and import a backup. Exports are text the share sheet takes.
struct SavesView: View {
    let app: AppViewModel
    @StateObject private var state: Watched<SavesState>
    @State private var renaming: SaveEntry?
    @State private var newName = ""
    @State private var importing = false
    @State private var shared: SharedText?

    init(app: AppViewModel) {
        self.app = app
        _state = StateObject(wrappedValue: Watched(app.saves.state))
    }

    var body: some View {
        let saves = app.saves
        List {
            if let message = state.value.message { Text(message).foregroundStyle(.secondary) }
            ForEach(state.value.saves, id: \.id) { save in
                row(save)
                    .swipeActions {
                        Button("Delete", role: .destructive) { saves.delete(save.id) }
                        Button("Rename") { newName = save.name; renaming = save }
                    }
            }
        }
        .navigationTitle("Saves")
        .toolbar { Button("Import") { importing = true } }
        .alert("Rename", isPresented: Binding(get: { renaming != nil }, set: { if !$0 { renaming = nil } })) {
            TextField("Name", text: $newName)
            Button("Rename") { if let save = renaming { saves.rename(save.id, to: newName) } }
            Button("Cancel", role: .cancel) {}
        }
        .sheet(item: $shared) { text in
            ShareLink("Share \(text.title)", item: text.text)
                .padding()
                .presentationDetents([.height(120)])
        }
        .fileImporter(isPresented: $importing, allowedContentTypes: [.plainText, .json]) { result in
            // A file that cannot be read is said where the core's errors are.
            do {
                let url = try result.get()
                let scoped = url.startAccessingSecurityScopedResource()
                defer { if scoped { url.stopAccessingSecurityScopedResource() } }
                let text = try String(contentsOf: url, encoding: .utf8)
                _ = saves.importBackup(text)
            } catch CocoaError.userCancelled {
                // Nothing chosen: nothing to say.
            } catch {
                saves.refresh(message: error.localizedDescription)
            }
        }
    }

    private func row(_ save: SaveEntry) -> some View {
        VStack(alignment: .leading) {
            Button(save.name) { app.open(save.id) }.disabled(save.damaged != nil)
            Text(save.progressLine).font(.footnote)
            Text(save.seatsLine).font(.footnote).foregroundStyle(.secondary)
            if let damaged = save.damaged { Text(damaged).font(.footnote).foregroundStyle(.red) }
            HStack {
                // Exported when asked for, not on every redraw of the list.
                Button("Backup") { shared = app.saves.exportBackup(save.id).map { SharedText(title: "backup", text: $0) } }
                Menu("Replay") {
                    ForEach(app.saves.replaySeats(save.id), id: \.seat) { seat in
                        Button(seat.choice) {
                            shared = app.saves.exportReplay(save.id, seat: seat).map { SharedText(title: "replay", text: $0) }
                        }
                    }
                }
            }
            .buttonStyle(.borderless)
            .font(.footnote)
        }
    }
}

/// Text on its way to the share sheet.
private struct SharedText: Identifiable {
    let id = UUID()
    let title: String
    let text: String
}
