package org.skald.app

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.Button
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Slider
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
import androidx.compose.ui.unit.dp
import kotlin.math.roundToInt
import skald.app.AppViewModel
import skald.app.HistoryViewModel

/**
 * History and replay: the board after any step (with that step's dice and arrows), a
 * slider and buttons to step through, and a new game continued from the step shown.
 * Back returns to the game.
 */
@Composable
fun HistoryScreen(app: AppViewModel, model: HistoryViewModel) {
    val state by model.state.collectAsState()
    var name by remember { mutableStateOf("") }
    BoardAndPanel(
        board = { modifier -> Board(state.scene, modifier) },
        panel = {
            Title("History")
            Line(state.caption, bold = true)
            state.message?.let { Warning(it) }
            if (state.lines.isNotEmpty()) {
                Slider(
                    value = state.step.toFloat(),
                    onValueChange = { value ->
                        val step = value.roundToInt()
                        if (step != state.step) model.select(step)
                    },
                    valueRange = 0f..state.lines.size.toFloat(),
                    steps = (state.lines.size - 1).coerceAtLeast(0),
                    modifier = Modifier.fillMaxWidth(),
                )
            }
            Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                OutlinedButton(onClick = model::back, enabled = !state.atStart) { Text("◀") }
                OutlinedButton(onClick = model::forward, enabled = !state.atEnd) { Text("▶") }
            }
            DiceLog(state.scene.log)
            Heading("Continue from here")
            Line("A new saved game from the step shown, with fresh dice and hidden cards dealt again; this game stays as saved.")
            OutlinedTextField(
                value = name,
                onValueChange = { name = it },
                modifier = Modifier.fillMaxWidth(),
                singleLine = true,
                label = { Text("Name of the new save (optional)") },
            )
            Row(Modifier.padding(top = 8.dp), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                Button(onClick = { app.continueFrom(model, name) }) { Text("Continue from here") }
                TextButton(onClick = { app.back() }) { Text("Back to the game") }
            }
        },
    )
}
