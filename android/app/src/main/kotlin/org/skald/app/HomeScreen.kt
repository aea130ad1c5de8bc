package org.skald.app

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import skald.app.AppViewModel

/** Home: continue the last game, start a new one, or look at the saves. */
@Composable
fun HomeScreen(app: AppViewModel) {
    val saves by app.saves.state.collectAsState()
    Column(
        Modifier
            .fillMaxSize()
            .verticalScroll(rememberScrollState())
            .padding(24.dp),
        horizontalAlignment = Alignment.CenterHorizontally,
        verticalArrangement = Arrangement.spacedBy(12.dp, Alignment.CenterVertically),
    ) {
        Title("Skald")
        Line("Viking-age board wargames, against the computer or passing the device around.")
        val buttons = Modifier.widthIn(max = 420.dp).fillMaxWidth()
        saves.last?.let { last ->
            Button(onClick = app::continueLast, modifier = buttons) {
                Column(horizontalAlignment = Alignment.CenterHorizontally) {
                    Text("Continue: ${last.name}")
                    Text(last.progress)
                }
            }
        }
        Button(onClick = app::newGame, modifier = buttons) { Text("New game") }
        OutlinedButton(onClick = app::showSaves, modifier = buttons) { Text("Saved games (${saves.saves.size})") }
        saves.recovery?.let { Warning(it) }
        saves.message?.let { Warning(it) }
    }
}
