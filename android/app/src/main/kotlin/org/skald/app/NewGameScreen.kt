package org.skald.app

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.selection.selectable
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.RadioButton
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.unit.dp
import skald.app.AppViewModel
import skald.app.NewGameState
import skald.app.NewGameViewModel

/** New game: the game, its scenario, who plays each seat, and the save's name. */
@Composable
fun NewGameScreen(app: AppViewModel, model: NewGameViewModel) {
    val state by model.state.collectAsState()
    Column(
        Modifier
            .fillMaxSize()
            .verticalScroll(rememberScrollState())
            .padding(16.dp)
            .widthIn(max = 640.dp),
    ) {
        Title("New game")
        Heading("Game")
        state.games.forEachIndexed { i, game ->
            Choice(game.name, selected = i == state.game) { model.chooseGame(i) }
        }
        Heading("Scenario")
        state.chosenGame.scenarios.forEachIndexed { i, scenario ->
            Choice(scenario.name, selected = i == state.scenario) { model.chooseScenario(i) }
        }
        Line(state.chosenScenario.summary)
        Heading("Who plays")
        state.seats.forEachIndexed { i, _ -> Seat(state, i, model) }
        Heading("Name of the save")
        // The field keeps its own text (typing through a StateFlow loses the caret); each
        // change goes to the model.
        var name by remember { mutableStateOf(state.name) }
        OutlinedTextField(
            value = name,
            onValueChange = {
                name = it
                model.setName(it)
            },
            modifier = Modifier.fillMaxWidth(),
            singleLine = true,
            label = { Text("Optional") },
        )
        state.error?.let {
            Heading("Cannot start yet")
            Warning(it)
        }
        Row(Modifier.padding(top = 16.dp), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
            Button(onClick = { app.start(model) }) { Text("Start") }
            OutlinedButton(onClick = { app.back() }) { Text("Back") }
        }
    }
}

/** One seat: a person by name, or the computer at one of the levels. */
@OptIn(ExperimentalLayoutApi::class)
@Composable
private fun Seat(state: NewGameState, index: Int, model: NewGameViewModel) {
    val seat = state.seats[index]
    // Per game and scenario, as the seats are (the model sets them anew on a change).
    var name by remember(state.game, state.scenario, index) { mutableStateOf(seat.name) }
    Text(seat.label, Modifier.padding(top = 8.dp), style = MaterialTheme.typography.titleSmall)
    Choice("a person", selected = seat.person) { model.setPerson(index, name) }
    if (seat.person) {
        OutlinedTextField(
            value = name,
            onValueChange = {
                name = it
                model.setPerson(index, it)
            },
            modifier = Modifier.fillMaxWidth().padding(start = 48.dp),
            singleLine = true,
            label = { Text("Name") },
        )
    }
    Choice("the computer", selected = !seat.person) { model.setComputer(index, seat.level) }
    if (!seat.person) {
        FlowRow(Modifier.padding(start = 48.dp)) {
            state.levels.forEach { level ->
                Choice(level, selected = level == seat.level) { model.setComputer(index, level) }
            }
        }
    }
}

/** A radio button with its words, the whole row tappable. */
@Composable
private fun Choice(label: String, selected: Boolean, onSelect: () -> Unit) {
    Row(
        Modifier
            .selectable(selected = selected, onClick = onSelect, role = Role.RadioButton)
            .padding(vertical = 2.dp, horizontal = 4.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        RadioButton(selected = selected, onClick = null)
        Text(label, Modifier.padding(start = 8.dp))
    }
}
