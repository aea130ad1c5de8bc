package org.skald.app

import android.content.ActivityNotFoundException
import android.content.Context
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
import androidx.compose.runtime.saveable.rememberSaveable
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
 * The saved games: open, rename, delete, export (a full backup, or one seat's replay,
 * written to a file the person chooses with the system's document picker, from which
 * they keep or share it) and import (a backup chosen with the same picker).
 *
 * Exports go to a file, not as text through the share sheet: an intent's extras travel
 * in one binder transaction (1 MB, shared), and a replay of a whole game is larger (a
 * Fury game's is about 2 MB), which would end the app in startActivity. The core's
 * export and import replay the game, so they run off the main thread.
 */
@Composable
fun SavesScreen(app: AppViewModel) {
    val state by app.saves.state.collectAsState()
    val context = LocalContext.current
    val scope = rememberCoroutineScope()
    var renaming by remember { mutableStateOf<SaveEntry?>(null) }
    var deleting by remember { mutableStateOf<SaveEntry?>(null) }
    // The export asked for while the picker is open (the save's id; the seat's id for a
    // replay, none for a backup): saved, since the activity may be made anew meanwhile.
    var exportId by rememberSaveable { mutableStateOf<Long?>(null) }
    var exportSeat by rememberSaveable { mutableStateOf<String?>(null) }
    val importer = rememberLauncherForActivityResult(ActivityResultContracts.OpenDocument()) { uri ->
        if (uri != null) {
            scope.launch {
                val text = withContext(Dispatchers.IO) { read(context, uri) }
                if (text == null) {
                    app.saves.refresh("that file could not be read")
                } else {
                    withContext(Dispatchers.IO) { app.saves.importBackup(text) }
                }
            }
        }
    }
    val exporter = rememberLauncherForActivityResult(ActivityResultContracts.CreateDocument(EXPORT_TYPE)) { uri ->
        val id = exportId?.toULong()
        val seat = exportSeat
        exportId = null
        exportSeat = null
        if (uri != null && id != null) {
            scope.launch {
                val written = withContext(Dispatchers.IO) {
                    // Null, with the reason in the saves' state, when the core refuses.
                    val text = if (seat == null) app.saves.exportBackup(id) else app.saves.exportReplay(id, listOf(seat))
                    text?.let { write(context, uri, it) }
                }
                when (written) {
                    true -> app.saves.refresh("exported")
                    false -> app.saves.refresh("that file could not be written")
                    null -> {}
                }
            }
        }
    }
    fun export(save: SaveEntry, seat: SavedSeat?) {
        exportId = save.id.toLong()
        exportSeat = seat?.seat
        val base = if (seat == null) save.name else "${save.name}, ${seat.name}"
        launchPicker(app, onFailure = { exportId = null; exportSeat = null }) { exporter.launch(fileName(base)) }
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
            OutlinedButton(onClick = { launchPicker(app) { importer.launch(arrayOf("*/*")) } }) { Text("Import a backup…") }
            TextButton(onClick = { app.back() }) { Text("Back") }
        }
        if (state.saves.isEmpty()) Line("No saved games yet.")
        state.saves.forEach { save ->
            SaveCard(
                save,
                open = { app.open(save.id) },
                rename = { renaming = save },
                delete = { deleting = save },
                export = { export(save, null) },
                replaySeats = app.saves.replaySeats(save.id),
                exportReplay = { seat -> export(save, seat) },
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

/** What an export is written as: the core's JSON, under the desktop's `.skald` name; as
 *  bytes, so that no document provider adds an extension of its own. */
private const val EXPORT_TYPE = "application/octet-stream"

/** The largest file an import reads: a backup of a long game is some 100 KB; a larger
 *  file is not a backup, and reading it whole could exhaust the app's memory. */
private const val MAX_IMPORT_BYTES = 16 * 1024 * 1024

/** The name the picker proposes for an export: the save's, without a folder separator. */
private fun fileName(base: String): String = "${base.ifBlank { "skald" }.replace('/', '_')}.skald"

/** Starts one of the system's document pickers; a device without one (some TVs, devices
 *  locked down) is told so in the saves' message, not ended. */
private inline fun launchPicker(app: AppViewModel, onFailure: () -> Unit = {}, launch: () -> Unit) {
    try {
        launch()
    } catch (e: ActivityNotFoundException) {
        onFailure()
        app.saves.refresh("this device has no document picker")
    }
}

/** Writes an export to the document chosen; false when it cannot be written. */
private fun write(context: Context, uri: Uri, text: String): Boolean = try {
    // The document is the picker's new, empty one: the plain write mode, which every
    // provider takes.
    val out = context.contentResolver.openOutputStream(uri)
    out?.use { it.write(text.toByteArray(Charsets.UTF_8)) }
    out != null
} catch (e: Exception) {
    false
}

/** The text of a chosen document, or null when it cannot be read or is too large to be a backup. */
private fun read(context: Context, uri: Uri): String? = try {
    context.contentResolver.openInputStream(uri)?.use { input ->
        val bytes = java.io.ByteArrayOutputStream()
        val buffer = ByteArray(64 * 1024)
        while (true) {
            val n = input.read(buffer)
            if (n < 0) break
            bytes.write(buffer, 0, n)
            if (bytes.size() > MAX_IMPORT_BYTES) return null
        }
        bytes.toString(Charsets.UTF_8.name())
    }
} catch (e: Exception) {
    null
}
