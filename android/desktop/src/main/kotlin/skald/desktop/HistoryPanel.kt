package skald.desktop

import java.awt.BorderLayout
import java.awt.Dimension
import java.awt.FlowLayout
import javax.swing.JList
import javax.swing.JPanel
import javax.swing.JScrollPane
import javax.swing.JSlider
import javax.swing.ListSelectionModel
import kotlinx.coroutines.CoroutineScope
import skald.app.AppViewModel
import skald.app.HistoryState
import skald.app.HistoryViewModel

/** History and replay: the steps in a list, the board at the chosen one, and "continue from here". */
class HistoryPanel(
    private val app: AppViewModel,
    private val model: HistoryViewModel,
    scope: CoroutineScope,
) : JPanel(BorderLayout()) {
    val board = BoardView()
    private val steps = JList<String>().apply {
        name = "steps"
        selectionMode = ListSelectionModel.SINGLE_SELECTION
    }
    private val slider = JSlider(0, 0, 0).apply { name = "step" }
    private val caption = Widgets.wrapped("", "caption", bold = true)
    private val message = Widgets.wrapped("", colour = Widgets.WARN)
    private var drawing = false

    init {
        name = "history"
        add(board, BorderLayout.CENTER)
        val side = JPanel(BorderLayout()).apply { preferredSize = Dimension(400, 600) }
        side.add(Widgets.column(Widgets.title("History"), caption, message), BorderLayout.NORTH)
        side.add(JScrollPane(steps), BorderLayout.CENTER)
        side.add(
            Widgets.column(
                slider,
                JPanel(FlowLayout(FlowLayout.LEFT)).apply {
                    isOpaque = false
                    add(Widgets.button("◀", "step-back") { model.back() })
                    add(Widgets.button("▶", "step-forward") { model.forward() })
                },
                JPanel(FlowLayout(FlowLayout.LEFT)).apply {
                    isOpaque = false
                    add(Widgets.button("Continue from here", "continue-from") { app.continueFrom(model, "") })
                    add(Widgets.button("Back to the game", "back") { app.back() })
                },
            ),
            BorderLayout.SOUTH,
        )
        add(side, BorderLayout.EAST)
        steps.addListSelectionListener { if (!drawing && !it.valueIsAdjusting) model.select(steps.selectedIndex) }
        slider.addChangeListener { if (!drawing) model.select(slider.value) }
        scope.observe(model.state, ::draw)
    }

    private fun draw(state: HistoryState) {
        drawing = true
        try {
            val items = listOf("the start") + state.lines.map { line ->
                "${line.number}. ${line.seat} (${line.by}): ${line.words ?: "a hidden choice"}"
            }
            if (steps.model.size != items.size) steps.setListData(items.toTypedArray())
            steps.selectedIndex = state.step
            steps.ensureIndexIsVisible(state.step)
            slider.maximum = state.lines.size
            slider.value = state.step
            caption.text = state.caption
            message.text = state.message ?: ""
            board.show(state.scene)
        } finally {
            drawing = false
        }
    }
}
