package org.skald.app

import androidx.compose.foundation.BorderStroke
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.CardDefaults
import androidx.compose.material3.DropdownMenu
import androidx.compose.material3.DropdownMenuItem
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedCard
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import skald.app.AppViewModel
import skald.app.HintView
import skald.app.PlayPhase
import skald.app.PlayState
import skald.app.PlayViewModel
import skald.paint.Palette
import uniffi.skald_ffi.SceneCard

/**
 * The play screen. While the device is passed it shows only whom to pass it to; then what
 * that person missed; then the board with the panel: the prompt, the buttons, their
 * cards, the odds of the ready action, what just happened and the dice log with rule
 * numbers, the hint and undo, and a menu to the history and the saves.
 */
@Composable
fun PlayScreen(app: AppViewModel, model: PlayViewModel) {
    val state by model.state.collectAsState()
    when (val phase = state.phase) {
        is PlayPhase.PassTo -> HandOff(phase.person, model::confirmHandOff)
        is PlayPhase.Recap -> Recap(phase, model::dismissRecap)
        else -> BoardAndPanel(
            board = { modifier ->
                Board(
                    state.scene,
                    modifier,
                    spread = state.spread,
                    speech = model.speech,
                    onTap = model::tapBoard,
                    onLongPress = if (state.takesTaps) model::clearSelection else null,
                )
            },
            panel = { Panel(app, model, state) },
        )
    }
}

/** Nothing secret on screen: only whom to pass the device to, until they say it is them. */
@Composable
private fun HandOff(person: String, confirm: () -> Unit) {
    Column(
        Modifier
            .fillMaxSize()
            .padding(24.dp),
        horizontalAlignment = Alignment.CenterHorizontally,
        verticalArrangement = Arrangement.spacedBy(24.dp, Alignment.CenterVertically),
    ) {
        Title("Pass the device to $person")
        Button(onClick = confirm) { Text("I am $person") }
    }
}

/** What the person missed since their own last choice, shown once after the hand-off. */
@Composable
private fun Recap(phase: PlayPhase.Recap, dismiss: () -> Unit) {
    Column(
        Modifier
            .fillMaxSize()
            .verticalScroll(rememberScrollState())
            .padding(24.dp)
            .widthIn(max = 640.dp),
        verticalArrangement = Arrangement.spacedBy(4.dp),
    ) {
        Title("${phase.person}, since your last move")
        for (step in phase.steps) {
            Line("${step.who}: ${step.action}", bold = true)
            step.said.forEach { Text(it, Modifier.padding(start = 16.dp), style = MaterialTheme.typography.bodyMedium) }
        }
        Button(onClick = dismiss, modifier = Modifier.padding(top = 16.dp)) { Text("Continue") }
    }
}

@OptIn(ExperimentalLayoutApi::class)
@Composable
private fun ColumnScope.Panel(app: AppViewModel, model: PlayViewModel, state: PlayState) {
    val scene = state.scene
    Row(verticalAlignment = Alignment.CenterVertically) {
        Box(Modifier.weight(1f)) { PhaseHeading(state.phase) }
        Menu(app, state)
    }
    state.message?.let { Warning(it) }
    state.notices.forEach { Warning(it) }

    scene.status.forEach { Line(it) }
    if (scene.sides.isNotEmpty()) {
        FlowRow(horizontalArrangement = Arrangement.spacedBy(12.dp)) {
            scene.sides.forEach { side ->
                Row(verticalAlignment = Alignment.CenterVertically) {
                    Swatch(rgb(side.fill.toInt()))
                    Text(side.name, Modifier.padding(start = 4.dp), style = MaterialTheme.typography.bodyMedium)
                }
            }
        }
    }

    if (state.takesTaps) {
        Heading(scene.prompt)
        if (scene.buttons.isNotEmpty()) {
            FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                scene.buttons.forEach { button ->
                    Button(onClick = { model.press(button) }) { Text(button.label) }
                }
            }
        }
    }

    state.readyLines.forEachIndexed { i, line -> if (i == 0) Heading(line) else Line(line) }

    Cards("Your cards", scene.hand, state, model)
    Cards("To choose from", scene.offered, state, model)

    if (state.lastSaid.isNotEmpty()) {
        Heading("Just now")
        state.lastSaid.forEach { Line(it) }
    }

    if (state.takesTaps) Hint(state.hint, model)

    Row(Modifier.padding(top = 12.dp), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
        OutlinedButton(onClick = model::undo, enabled = state.canUndo) { Text("Undo") }
    }

    DiceLog(scene.log)
}

/** Who is to choose, or that the computer is moving, or how the game ended. */
@Composable
private fun PhaseHeading(phase: PlayPhase) {
    when (phase) {
        is PlayPhase.Decide -> Column {
            Text(phase.person, style = MaterialTheme.typography.titleMedium, fontWeight = FontWeight.Bold)
            Line(phase.seats.joinToString(", "))
        }
        is PlayPhase.ComputerMoving -> Column {
            Text("The computer is moving", style = MaterialTheme.typography.titleMedium)
            Line(phase.seats.joinToString(", "))
            LinearProgressIndicator(Modifier.fillMaxWidth().padding(top = 4.dp))
        }
        is PlayPhase.Over -> Column {
            Title(phase.result)
            Line(phase.detail)
        }
        is PlayPhase.Stuck -> Column {
            Text("The game cannot go on", style = MaterialTheme.typography.titleMedium)
            Warning(phase.reason)
        }
        // Not drawn with the board: the hand-off and the recap have screens of their own.
        is PlayPhase.PassTo, is PlayPhase.Recap -> Unit
    }
}

/** The way off the board: the history of this game, the saves, home. */
@Composable
private fun Menu(app: AppViewModel, state: PlayState) {
    var open by remember { mutableStateOf(false) }
    Box {
        TextButton(onClick = { open = true }) { Text("Menu") }
        DropdownMenu(expanded = open, onDismissRequest = { open = false }) {
            DropdownMenuItem(
                text = { Text("History") },
                onClick = {
                    open = false
                    app.history()
                },
                enabled = state.showsBoard,
            )
            DropdownMenuItem(
                text = { Text("Saved games") },
                onClick = {
                    open = false
                    app.showSaves()
                },
            )
            DropdownMenuItem(
                text = { Text("Home") },
                onClick = {
                    open = false
                    app.home()
                },
            )
        }
    }
}

/** A hand of cards, or the cards on offer: a card the next tap may be is tappable; the
 *  card chosen has the board's thick yellow edge of a selected counter. */
@Composable
private fun Cards(heading: String, cards: List<SceneCard>, state: PlayState, model: PlayViewModel) {
    if (cards.isEmpty()) return
    Heading(heading)
    Column(verticalArrangement = Arrangement.spacedBy(6.dp)) {
        cards.forEach { card ->
            val tappable = state.takesTaps && card.tappable
            val selected = state.isSelected(card)
            OutlinedCard(
                Modifier
                    .fillMaxWidth()
                    .clickable(enabled = tappable) { model.tapCard(card.code) },
                border = if (selected) BorderStroke(4.dp, rgb(Palette.YELLOW)) else CardDefaults.outlinedCardBorder(tappable),
            ) {
                Column(Modifier.padding(8.dp)) {
                    Text(
                        if (selected) "${card.title} (chosen)" else card.title,
                        fontWeight = FontWeight.Bold,
                        style = MaterialTheme.typography.bodyLarge,
                    )
                    Row(horizontalArrangement = Arrangement.spacedBy(6.dp)) {
                        Tag(card.kind)
                        Tag(card.owner)
                    }
                    Text(card.text, style = MaterialTheme.typography.bodyMedium)
                }
            }
        }
    }
}

/** What the computer would do in the person's place, asked for. */
@Composable
private fun Hint(hint: HintView?, model: PlayViewModel) {
    Heading("Hint")
    when (hint) {
        null -> OutlinedButton(onClick = model::askHint) { Text("What would the computer do?") }
        HintView.Thinking -> Column {
            Line("Thinking…")
            LinearProgressIndicator(Modifier.fillMaxWidth())
        }
        is HintView.Ready -> {
            Line(hint.headline, bold = true)
            hint.lines.take(5).forEach { Text(it, Modifier.padding(start = 16.dp), style = MaterialTheme.typography.bodyMedium) }
        }
        is HintView.Failed -> Warning(hint.message)
    }
}
