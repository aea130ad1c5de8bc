package skald.desktop

import java.awt.BorderLayout
import java.awt.FlowLayout
import java.io.File
import javax.swing.JFileChooser
import javax.swing.JLabel
import javax.swing.JOptionPane
import javax.swing.JPanel
import javax.swing.JScrollPane
import kotlinx.coroutines.CoroutineScope
import skald.app.AppViewModel
import skald.app.SavesState
import uniffi.skald_ffi.SaveEntry
import uniffi.skald_ffi.SavedSeat

/** The saved games: open, rename, delete, export (backup or one seat's replay), import. */
class SavesPanel(private val app: AppViewModel, scope: CoroutineScope) : JPanel(BorderLayout()) {
    private val list = Widgets.column()

    init {
        name = "saves-screen"
        background = Widgets.PAPER
        add(JScrollPane(list.apply { border = javax.swing.BorderFactory.createEmptyBorder(16, 16, 16, 16) }), BorderLayout.CENTER)
        add(
            JPanel(FlowLayout(FlowLayout.LEFT)).apply {
                add(Widgets.button("Import a backup…", "import") { importBackup() })
                add(Widgets.button("Back", "back") { app.back() })
            },
            BorderLayout.SOUTH,
        )
        scope.observe(app.saves.state, ::draw)
    }

    private fun draw(state: SavesState) {
        list.removeAll()
        list.add(Widgets.title("Saved games"))
        state.message?.let { list.add(Widgets.wrapped(it, colour = Widgets.WARN)) }
        if (state.saves.isEmpty()) list.add(JLabel("No saved games yet."))
        state.saves.forEach { list.add(row(it)) }
        list.revalidate()
        list.repaint()
    }

    private fun row(save: SaveEntry): JPanel {
        val row = JPanel(FlowLayout(FlowLayout.LEFT, 6, 2)).apply { isOpaque = false }
        val damaged = save.damaged
        if (damaged != null) {
            row.add(JLabel("Save ${save.id} cannot be opened: $damaged"))
            row.add(Widgets.button("Delete", "delete:${save.id}") { app.saves.delete(save.id) })
            return row
        }
        row.add(
            JLabel("<html><b>${html(save.name)}</b><br>${html(save.progressLine)}<br>${html(save.seatsLine)}</html>").apply {
                name = "save-line:${save.id}"
            },
        )
        row.add(Widgets.button("Open", "open:${save.id}") { app.open(save.id) })
        row.add(
            Widgets.button("Rename", "rename:${save.id}") {
                JOptionPane.showInputDialog(this, "New name", save.name)?.let { app.saves.rename(save.id, it) }
            },
        )
        row.add(
            Widgets.button("Delete", "delete:${save.id}") {
                val sure = JOptionPane.showConfirmDialog(this, "Delete ${save.name}?", "Delete", JOptionPane.YES_NO_OPTION)
                if (sure == JOptionPane.YES_OPTION) app.saves.delete(save.id)
            },
        )
        row.add(Widgets.button("Export backup…", "export:${save.id}") { export(save, null) })
        val seats = app.saves.replaySeats(save.id)
        if (seats.isNotEmpty()) {
            row.add(
                Widgets.button("Export a seat's replay…", "replay:${save.id}") {
                    // A choice of the save's seats as people read them ("Viking: Ann"), never a typed id.
                    val choices = seats.map(::SeatChoice).toTypedArray()
                    val seat = JOptionPane.showInputDialog(
                        this, "Whose view?", "Replay", JOptionPane.QUESTION_MESSAGE, null, choices, choices[0],
                    ) as SeatChoice? ?: return@button
                    export(save, seat.seat)
                },
            )
        }
        return row
    }

    private fun export(save: SaveEntry, seat: SavedSeat?) {
        val text = if (seat == null) app.saves.exportBackup(save.id) else app.saves.exportReplay(save.id, seat)
        text ?: return
        val chooser = JFileChooser().apply { selectedFile = File("${save.name.ifBlank { "skald" }}.skald") }
        if (chooser.showSaveDialog(this) == JFileChooser.APPROVE_OPTION) {
            chooser.selectedFile.writeText(text)
            app.saves.refresh("written to ${chooser.selectedFile}")
        }
    }

    private fun importBackup() {
        val chooser = JFileChooser()
        if (chooser.showOpenDialog(this) == JFileChooser.APPROVE_OPTION) {
            app.saves.importBackup(chooser.selectedFile.readText())
        }
    }
}

/** A seat in the replay's chooser: a combo box shows an item's toString. */
private class SeatChoice(val seat: SavedSeat) {
    override fun toString() = seat.choice
}

/** Names are people's text: shown as typed, not read as HTML. */
private fun html(text: String) = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
