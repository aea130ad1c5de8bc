package skald.desktop

import java.awt.Dimension
import java.awt.FlowLayout
import java.awt.GridBagLayout
import javax.swing.ButtonGroup
import javax.swing.JCheckBox
import javax.swing.JComboBox
import javax.swing.JLabel
import javax.swing.JPanel
import javax.swing.JRadioButton
import javax.swing.JTextField
import javax.swing.event.DocumentEvent
import javax.swing.event.DocumentListener
import kotlinx.coroutines.CoroutineScope
import skald.app.AppViewModel
import skald.app.NewGameState
import skald.app.NewGameViewModel

/** New game: the game, its scenario, who plays each seat, its optional rules, and the save's name. */
class NewGamePanel(
    private val app: AppViewModel,
    private val model: NewGameViewModel,
    scope: CoroutineScope,
) : JPanel(GridBagLayout()) {
    private val column = Widgets.column()
    private var drawn: Pair<Int, Int>? = null
    private val error = Widgets.wrapped("", "error", colour = Widgets.WARN)

    init {
        name = "new-game-screen"
        background = Widgets.PAPER
        add(column)
        scope.observe(model.state, ::draw)
    }

    private fun draw(state: NewGameState) {
        error.text = state.error ?: ""
        // The form is built again only when the game or scenario changes, so that typing
        // a name does not lose the text field's caret.
        if (drawn == state.game to state.scenario) return
        drawn = state.game to state.scenario
        column.removeAll()
        column.add(Widgets.title("New game"))
        column.add(Widgets.gap())
        column.add(row("Game", combo("game", state.games.map { it.name }, state.game, model::chooseGame)))
        column.add(
            row("Scenario", combo("scenario", state.chosenGame.scenarios.map { it.name }, state.scenario, model::chooseScenario)),
        )
        column.add(Widgets.wrapped(state.chosenScenario.summary).apply { maximumSize = Dimension(560, 200) })
        column.add(Widgets.heading("Who plays"))
        state.seats.indices.forEach { i -> column.add(seatRow(state, i)) }
        if (state.chosenGame.optionalRules.isNotEmpty()) {
            column.add(Widgets.heading("Optional rules"))
            state.chosenGame.optionalRules.forEach { rule ->
                column.add(
                    JCheckBox("${rule.name} (${rule.rule})", rule.id in state.rules).apply {
                        name = "rule:${rule.id}"
                        isOpaque = false
                        toolTipText = rule.summary
                        addActionListener { this@NewGamePanel.model.setRule(rule.id, isSelected) }
                    },
                )
                column.add(Widgets.wrapped(rule.summary).apply { maximumSize = Dimension(560, 60) })
            }
        }
        column.add(Widgets.heading("Name of the save"))
        column.add(text("save-name", state.name, model::setName))
        column.add(Widgets.gap())
        column.add(error)
        column.add(
            JPanel(FlowLayout(FlowLayout.LEFT, 0, 0)).apply {
                isOpaque = false
                add(Widgets.button("Start", "start") { app.start(model) })
                add(Widgets.button("Back", "back") { app.back() })
            },
        )
        column.revalidate()
        column.repaint()
    }

    /**
     * A seat: a person by name, or the computer at a level. The row shows the seat as
     * people read it (the core's label, "Viking"); its widgets are named by the seat's id.
     */
    private fun seatRow(state: NewGameState, index: Int): JPanel {
        val choice = state.seats[index]
        val seat = choice.seat
        val person = JRadioButton("person", choice.person).apply { name = "seat:$seat:person"; isOpaque = false }
        val computer = JRadioButton("computer", !choice.person).apply { name = "seat:$seat:computer"; isOpaque = false }
        ButtonGroup().apply { add(person); add(computer) }
        // Typing a name makes the seat a person's.
        val nameField = text("seat:$seat:name", choice.name) {
            model.setPerson(index, it)
            person.isSelected = true
        }
        val level = combo("seat:$seat:level", state.levels, state.levels.indexOf(choice.level).coerceAtLeast(0)) {
            model.setComputer(index, state.levels[it])
        }
        person.addActionListener { model.setPerson(index, nameField.text) }
        computer.addActionListener { model.setComputer(index, level.selectedItem as String) }
        return row(choice.label, person, nameField, computer, level)
    }

    private fun row(label: String, vararg parts: java.awt.Component) = JPanel(FlowLayout(FlowLayout.LEFT, 6, 2)).apply {
        isOpaque = false
        add(JLabel(label).apply { preferredSize = Dimension(90, preferredSize.height) })
        parts.forEach { add(it) }
    }

    private fun combo(name: String, items: List<String>, selected: Int, choose: (Int) -> Unit) =
        JComboBox(items.toTypedArray()).apply {
            this.name = name
            if (selected in items.indices) selectedIndex = selected
            addActionListener { choose(selectedIndex) }
        }

    private fun text(name: String, value: String, change: (String) -> Unit) = JTextField(value, 16).apply {
        this.name = name
        maximumSize = Dimension(260, preferredSize.height)
        document.addDocumentListener(
            object : DocumentListener {
                override fun insertUpdate(e: DocumentEvent) = change(text)

                override fun removeUpdate(e: DocumentEvent) = change(text)

                override fun changedUpdate(e: DocumentEvent) = change(text)
            },
        )
    }
}
