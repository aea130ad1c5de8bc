package org.skald.app

import android.content.Context
import android.content.Intent
import android.net.Uri
import android.text.format.DateUtils
import androidx.activity.compose.rememberLauncherForActivityResult
import androidx.activity.result.contract.ActivityResultContracts
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.DropdownMenu
import androidx.compose.material3.DropdownMenuItem
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedCard
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberCoroutineScope
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalContext
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import skald.app.AppViewModel
import uniffi.skald_ffi.SaveEntry
import uniffi.skald_ffi.SavedSeat

/**
 * The saved games: open, rename, delete, export (a full backup, or one seat's replay, as
 * text through the share sheet) and import (a backup chosen with the system's document
 * picker).
 */
@Composable
fun SavesScreen(app: AppViewModel) {
    val state by app.saves.state.collectAsState()
    val context = LocalContext.current
    val scope = rememberCoroutineScope()
    var renaming by remember { mutableStateOf<SaveEntry?>(null) }
    var deleting by remember { mutableStateOf<SaveEntry?>(null) }
    val importer = rememberLauncherForActivityResult(ActivityResultContracts.OpenDocument()) { uri ->
        if (uri != null) {
            scope.launch {
                val text = withContext(Dispatchers.IO) { read(context, uri) }
                if (text != null) app.saves.importBackup(text) else app.saves.refresh("that file could not be read")
            }
        }
    }

    Column(
        Modifier
            .fillMaxSize()
            .verticalScroll(rememberScrollState())
            .padding(16.dp),
        verticalArrangement = Arrangement.spacedBy(8.dp),
    ) {
        Title("Saved games")
        state.recovery?.let { Warning(it) }
        state.message?.let { Warning(it) }
        Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
            // Any type: a backup shared through another app may come back with any name.
            OutlinedButton(onClick = { importer.launch(arrayOf("*/*")) }) { Text("Import a backup…") }
            TextButton(onClick = { app.back() }) { Text("Back") }
        }
        if (state.saves.isEmpty()) Line("No saved games yet.")
        state.saves.forEach { save ->
            SaveCard(
                save,
                open = { app.open(save.id) },
                rename = { renaming = save },
                delete = { deleting = save },
                export = { app.saves.exportBackup(save.id)?.let { share(context, save.name, it) } },
                replaySeats = app.saves.replaySeats(save.id),
                exportReplay = { seat ->
                    app.saves.exportReplay(save.id, seat)?.let { share(context, "${save.name}: ${seat.choice}", it) }
                },
            )
        }
    }

    renaming?.let { save ->
        var name by remember(save.id) { mutableStateOf(save.name) }
        AlertDialog(
            onDismissRequest = { renaming = null },
            title = { Text("Rename") },
            text = {
                OutlinedTextField(value = name, onValueChange = { name = it }, singleLine = true, modifier = Modifier.fillMaxWidth())
            },
            confirmButton = {
                TextButton(onClick = {
                    renaming = null
                    app.saves.rename(save.id, name)
                }) { Text("Rename") }
            },
            dismissButton = { TextButton(onClick = { renaming = null }) { Text("Cancel") } },
        )
    }

    deleting?.let { save ->
        AlertDialog(
            onDismissRequest = { deleting = null },
            title = { Text("Delete ${save.name}?") },
            text = { Text("The saved game is gone for good; export a backup first to keep it.") },
            confirmButton = {
                TextButton(onClick = {
                    deleting = null
                    app.saves.delete(save.id)
                }) { Text("Delete") }
            },
            dismissButton = { TextButton(onClick = { deleting = null }) { Text("Cancel") } },
        )
    }
}

@OptIn(ExperimentalLayoutApi::class)
@Composable
private fun SaveCard(
    save: SaveEntry,
    open: () -> Unit,
    rename: () -> Unit,
    delete: () -> Unit,
    export: () -> Unit,
    replaySeats: List<SavedSeat>,
    exportReplay: (SavedSeat) -> Unit,
) {
    OutlinedCard(Modifier.fillMaxWidth()) {
        Column(Modifier.padding(12.dp), verticalArrangement = Arrangement.spacedBy(2.dp)) {
            Text(save.name, style = MaterialTheme.typography.titleMedium, fontWeight = FontWeight.Bold)
            val damaged = save.damaged
            if (damaged != null) {
                // Damaged saves are listed with their reason and cannot be opened.
                Warning(damaged)
                TextButton(onClick = delete) { Text("Delete") }
            } else {
                Line(save.progressLine)
                Line(save.seatsLine)
                Text(
                    DateUtils.getRelativeTimeSpanString(save.updated.toLong() * 1000).toString(),
                    style = MaterialTheme.typography.bodySmall,
                )
                FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    Button(onClick = open) { Text("Open") }
                    TextButton(onClick = rename) { Text("Rename") }
                    TextButton(onClick = export) { Text("Export") }
                    if (replaySeats.isNotEmpty()) ReplayMenu(replaySeats, exportReplay)
                    TextButton(onClick = delete) { Text("Delete") }
                }
            }
        }
    }
}

/** A seat's replay to share with the other players: the save's seats as people read them. */
@Composable
private fun ReplayMenu(seats: List<SavedSeat>, exportReplay: (SavedSeat) -> Unit) {
    var open by remember { mutableStateOf(false) }
    Box {
        TextButton(onClick = { open = true }) { Text("Share a replay…") }
        DropdownMenu(expanded = open, onDismissRequest = { open = false }) {
            seats.forEach { seat ->
                DropdownMenuItem(
                    text = { Text(seat.choice) },
                    onClick = {
                        open = false
                        exportReplay(seat)
                    },
                )
            }
        }
    }
}

/** A backup out through the share sheet, as plain text (to mail, a chat, a file). */
private fun share(context: Context, title: String, text: String) {
    val send = Intent(Intent.ACTION_SEND).apply {
        type = "text/plain"
        putExtra(Intent.EXTRA_SUBJECT, title)
        putExtra(Intent.EXTRA_TEXT, text)
    }
    context.startActivity(Intent.createChooser(send, title))
}

/** The text of a chosen document, or null when it cannot be read. */
private fun read(context: Context, uri: Uri): String? = try {
    context.contentResolver.openInputStream(uri)?.use { it.bufferedReader().readText() }
} catch (e: Exception) {
    null
}
