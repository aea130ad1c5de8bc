package org.skald.app

import androidx.compose.foundation.background
import androidx.compose.foundation.border
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import uniffi.skald_ffi.LogLine

/** A screen's title. */
@Composable
fun Title(text: String, modifier: Modifier = Modifier) {
    Text(text, modifier, style = MaterialTheme.typography.headlineSmall)
}

/** A part's heading inside a screen. */
@Composable
fun Heading(text: String) {
    Spacer(Modifier.height(12.dp))
    Text(text, style = MaterialTheme.typography.titleSmall, fontWeight = FontWeight.Bold)
    Spacer(Modifier.height(4.dp))
}

/** Something gone wrong or to be noticed: a refusal, an error, a repaired save. */
@Composable
fun Warning(text: String) {
    Text(text, color = MaterialTheme.colorScheme.error, style = MaterialTheme.typography.bodyMedium)
}

@Composable
fun Line(text: String, bold: Boolean = false) {
    Text(text, style = MaterialTheme.typography.bodyMedium, fontWeight = if (bold) FontWeight.Bold else null)
}

/** A small square of a side's colour, beside its name. */
@Composable
fun Swatch(colour: Color) {
    Box(
        Modifier
            .size(14.dp)
            .background(colour)
            .border(1.dp, Color.DarkGray),
    )
}

/** A short word set apart, as a rule's number or a die's face. */
@Composable
fun Tag(text: String) {
    Text(
        text,
        Modifier
            .background(MaterialTheme.colorScheme.secondaryContainer, MaterialTheme.shapes.extraSmall)
            .padding(horizontal = 4.dp),
        style = MaterialTheme.typography.labelMedium,
        color = MaterialTheme.colorScheme.onSecondaryContainer,
    )
}

/** The dice log: each line with its rule's number, and the dice as their faces read. */
@OptIn(ExperimentalLayoutApi::class)
@Composable
fun DiceLog(lines: List<LogLine>) {
    if (lines.isEmpty()) return
    Heading("Dice and events")
    lines.forEach { line ->
        FlowRow(
            Modifier.padding(vertical = 2.dp),
            horizontalArrangement = Arrangement.spacedBy(6.dp),
            verticalArrangement = Arrangement.spacedBy(2.dp),
        ) {
            Tag(line.rule)
            Text(line.text, style = MaterialTheme.typography.bodyMedium)
            line.dice.forEach { Tag(it) }
        }
    }
}

/**
 * The board with its panel of words and buttons: side by side when the screen is wider
 * than high (a tablet, a phone turned), else the board above and the panel below.
 */
@Composable
fun BoardAndPanel(board: @Composable (Modifier) -> Unit, panel: @Composable ColumnScope.() -> Unit) {
    BoxWithConstraints(Modifier.fillMaxSize()) {
        if (maxWidth > maxHeight) {
            Row(Modifier.fillMaxSize()) {
                board(Modifier.weight(1f).fillMaxHeight())
                Column(
                    Modifier
                        .width(minOf(maxWidth * 0.4f, 420.dp))
                        .fillMaxHeight()
                        .verticalScroll(rememberScrollState())
                        .padding(12.dp),
                    content = panel,
                )
            }
        } else {
            Column(Modifier.fillMaxSize()) {
                board(Modifier.weight(1.2f).fillMaxWidth())
                Column(
                    Modifier
                        .weight(1f)
                        .fillMaxWidth()
                        .verticalScroll(rememberScrollState())
                        .padding(12.dp),
                    content = panel,
                )
            }
        }
    }
}
