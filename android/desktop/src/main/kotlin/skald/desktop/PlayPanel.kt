package skald.desktop

import java.awt.BorderLayout
import java.awt.CardLayout
import java.awt.Color
import java.awt.Dimension
import java.awt.FlowLayout
import java.awt.GridBagLayout
import javax.swing.BorderFactory
import javax.swing.JComponent
import javax.swing.JLabel
import javax.swing.JPanel
import javax.swing.JScrollPane
import javax.swing.ScrollPaneConstants
import kotlinx.coroutines.CoroutineScope
import skald.app.HintView
import skald.app.PlayPhase
import skald.app.PlayState
import skald.app.PlayViewModel
import skald.app.heading
import skald.paint.Palette
import uniffi.skald_ffi.SceneCard

/**
 * The play screen: the board, and beside it what the person needs to decide (the prompt,
 * the buttons, their cards, the odds of the ready action, what just happened and the dice
 * log with rule numbers), hint, undo and the way to the history. While the device is
 * passed the board is hidden behind the hand-off card.
 */
class PlayPanel(
    private val model: PlayViewModel,
    scope: CoroutineScope,
    private val onHistory: () -> Unit,
    private val onHome: () -> Unit,
) : JPanel(BorderLayout()) {
    val board = BoardView({ at, viewport -> model.tapBoard(at, viewport, BoardView.FINGER) }, model.speech)
    private val centre = JPanel(CardLayout())
    private val handOff = JPanel(GridBagLayout())
    private val recap = JPanel(BorderLayout())
    private val side = Column()

    init {
        name = "play"
        centre.add(board, BOARD)
        centre.add(handOff, HAND_OFF)
        centre.add(recap, RECAP)
        add(centre, BorderLayout.CENTER)
        val scroll = JScrollPane(
            side.apply { border = BorderFactory.createEmptyBorder(10, 12, 10, 12) },
            ScrollPaneConstants.VERTICAL_SCROLLBAR_AS_NEEDED,
            ScrollPaneConstants.HORIZONTAL_SCROLLBAR_NEVER,
        )
        scroll.preferredSize = Dimension(SIDE_WIDTH, 600)
        scroll.verticalScrollBar.unitIncrement = 16
        add(scroll, BorderLayout.EAST)
        scope.observe(model.state, ::draw)
    }

    private fun draw(state: PlayState) {
        val cards = centre.layout as CardLayout
        when (val phase = state.phase) {
            is PlayPhase.PassTo -> {
                drawHandOff(phase.person)
                cards.show(centre, HAND_OFF)
            }
            is PlayPhase.Recap -> {
                drawRecap(phase)
                cards.show(centre, RECAP)
            }
            else -> {
                board.show(state.scene, state.spread)
                cards.show(centre, BOARD)
            }
        }
        drawSide(state)
    }

    private fun drawHandOff(person: String) {
        handOff.removeAll()
        handOff.add(
            Widgets.column(
                Widgets.title(PlayPhase.PassTo(person).heading).apply { name = "handoff-title" },
                Widgets.gap(),
                JLabel("Nothing secret is shown until $person says it is them."),
                Widgets.gap(20),
                Widgets.button("I am $person", "confirm-handoff") { model.confirmHandOff() },
            ),
        )
        handOff.revalidate()
        handOff.repaint()
    }

    private fun drawRecap(phase: PlayPhase.Recap) {
        recap.removeAll()
        val lines = Widgets.column(Widgets.title(phase.heading), Widgets.gap())
        for (step in phase.steps) {
            lines.add(Widgets.wrapped("${step.who}: ${step.action}", bold = true))
            step.said.forEach { lines.add(Widgets.wrapped("   $it")) }
        }
        lines.add(Widgets.gap(16))
        lines.add(Widgets.button("Continue", "dismiss-recap") { model.dismissRecap() })
        lines.border = BorderFactory.createEmptyBorder(24, 24, 24, 24)
        recap.add(JScrollPane(lines), BorderLayout.CENTER)
        recap.revalidate()
        recap.repaint()
    }

    private fun drawSide(state: PlayState) {
        side.removeAll()
        val scene = state.scene
        when (val phase = state.phase) {
            is PlayPhase.Over -> {
                side.add(Widgets.title(phase.heading).apply { name = "result" })
                side.add(Widgets.wrapped(phase.detail))
            }
            is PlayPhase.Stuck -> side.add(Widgets.wrapped(phase.heading, colour = Widgets.WARN))
            else -> side.add(Widgets.heading(state.phase.heading))
        }
        if (state.showsBoard) {
            scene.status.forEach { side.add(Widgets.wrapped(it)) }
            side.add(sides(state))
            if (state.takesTaps) side.add(Widgets.wrapped(scene.prompt, "prompt", bold = true))
            state.message?.let { side.add(Widgets.wrapped(it, "message", colour = Widgets.WARN)) }
            if (state.takesTaps && scene.buttons.isNotEmpty()) {
                side.add(flow(scene.buttons.map { b -> Widgets.button(b.label, "button:${b.label}") { model.press(b) } }))
            }
            state.readyLines.forEachIndexed { i, line ->
                // The first line names the action, the second the odds (the self-test reads it).
                side.add(if (i == 0) Widgets.heading(line) else Widgets.wrapped(line, if (i == 1) "odds" else null))
            }
            if (scene.ready != null) side.add(Widgets.wrapped("Tap the last piece again or press confirm."))
            cards("Your cards", scene.hand, state)
            cards("To choose from", scene.offered, state)
            if (state.lastSaid.isNotEmpty()) {
                side.add(Widgets.heading("Just now"))
                state.lastSaid.forEach { side.add(Widgets.wrapped(it)) }
            }
            hint(state)
            if (scene.log.isNotEmpty()) {
                side.add(Widgets.heading("Dice and events"))
                state.logLines.forEach { side.add(Widgets.wrapped(it)) }
            }
        }
        state.notices.forEach { side.add(Widgets.wrapped(it, colour = Widgets.WARN)) }
        side.add(Widgets.gap(14))
        side.add(
            flow(
                listOf(
                    Widgets.button("Undo", "undo") { model.undo() }.apply { isEnabled = state.canUndo && state.showsBoard },
                    Widgets.button("History", "history") { onHistory() }.apply { isEnabled = state.showsBoard },
                    Widgets.button("Home", "home") { onHome() },
                ),
            ),
        )
        side.revalidate()
        side.repaint()
    }

    private fun hint(state: PlayState) {
        if (!state.takesTaps) return
        side.add(Widgets.heading("Hint"))
        when (val hint = state.hint) {
            null -> side.add(flow(listOf(Widgets.button("What would the computer do?", "hint") { model.askHint() })))
            HintView.Thinking -> side.add(Widgets.wrapped("Thinking…"))
            is HintView.Ready -> {
                side.add(Widgets.wrapped(hint.headline, "hint-answer", bold = true))
                hint.lines.take(5).forEach { side.add(Widgets.wrapped("   $it")) }
            }
            is HintView.Failed -> side.add(Widgets.wrapped(hint.message, colour = Widgets.WARN))
        }
    }

    private fun cards(heading: String, cards: List<SceneCard>, state: PlayState) {
        if (cards.isEmpty()) return
        side.add(Widgets.heading(heading))
        for (card in cards) {
            val selected = state.isSelected(card)
            val mark = if (selected) " (chosen)" else ""
            val text = "<html><b>${card.title}</b>$mark (${card.kind}, ${card.ownerName})<br>${card.text}</html>"
            side.add(
                Widgets.button(text, "card:${card.code}") { model.tapCard(card.code) }.apply {
                    // Every card stays readable; the ones a tap may choose now are outlined,
                    // as a highlighted cell is on the board, and the one chosen has the
                    // board's thick yellow edge for a selected counter.
                    isEnabled = state.takesTaps
                    border = when {
                        selected -> BorderFactory.createCompoundBorder(
                            BorderFactory.createLineBorder(Color.BLACK, 1),
                            BorderFactory.createLineBorder(Color(Palette.YELLOW), 5),
                        )
                        card.tappable -> BorderFactory.createLineBorder(Color.BLACK, 3)
                        else -> border
                    }
                    putClientProperty(SELECTED, selected)
                    toolTipText = card.speech
                    horizontalAlignment = javax.swing.SwingConstants.LEFT
                    maximumSize = Dimension(SIDE_WIDTH - 40, 400)
                },
            )
        }
    }

    /** The colours of the sides, as the board uses them. */
    private fun sides(state: PlayState): JComponent = flow(
        state.scene.sides.map { side ->
            JLabel(side.name).apply {
                icon = Swatch(Color(side.fill.toInt()))
                iconTextGap = 4
            }
        },
    )

    private fun flow(parts: List<JComponent>): JComponent = JPanel(WrapLayout(FlowLayout.LEFT, 4, 4)).apply {
        isOpaque = false
        parts.forEach { add(it) }
        maximumSize = Dimension(SIDE_WIDTH, Int.MAX_VALUE)
    }

    companion object {
        private const val BOARD = "board"
        private const val HAND_OFF = "handoff"
        private const val RECAP = "recap"
        private const val SIDE_WIDTH = 400

        /** A card button's client property: whether it is the card chosen (the self-test reads it). */
        const val SELECTED = "skald.selected"
    }
}
