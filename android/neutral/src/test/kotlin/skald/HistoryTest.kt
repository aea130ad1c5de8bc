package skald

import java.nio.file.Files
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue
import uniffi.skald_ffi.LogLevel
import uniffi.skald_ffi.LogSink
import uniffi.skald_ffi.NewGame
import uniffi.skald_ffi.SaveFolder
import uniffi.skald_ffi.Screen
import uniffi.skald_ffi.SeatPlayer
import uniffi.skald_ffi.SkaldException
import uniffi.skald_ffi.logLine
import uniffi.skald_ffi.setLogSink

/** History, continuing from a step, export and import, and the log sink, through the
 *  generated Kotlin (issue 12). */
class HistoryTest {
    private fun folder() = SaveFolder.open(Files.createTempDirectory("skald-history").toString())

    private fun annWithHerShip(folder: SaveFolder) = folder.newGame(
        NewGame("fury", "basic", listOf(SeatPlayer.Person("Ann"), SeatPlayer.Computer("simple")), "Ann's raid"),
    ).also { table ->
        while (table.screen() is Screen.ComputerToMove) table.computerStep()
        table.act("viking", "ship 0802")
    }

    @Test
    fun theHistoryListsTheStepsAndAGameContinuesFromOne() {
        val folder = folder()
        val table = annWithHerShip(folder)
        val history = table.history()
        assertEquals(listOf("setup default", "end", "ship 0802"), history.map { it.action })
        // What the screens show: the actions in words, the phase by its title.
        assertEquals(
            listOf("set up the rest of the village by the default layout", "end Villager set-up", "beach a Ship at 0802"),
            history.map { it.words },
        )
        assertTrue("[4.0] Set-up, Viking set-up" in history[1].said, history[1].said.toString())
        assertEquals("Ann", history.last().by)
        assertEquals(table.scene().pieces, table.historyScene(3u).pieces)
        assertFailsWith<SkaldException.Refused> { table.historyScene(4u) }
        val again = table.continueFrom(2u, "again")
        assertTrue(again.scene().buttons.any { it.label == "ship" })
        assertEquals(2, folder.saves().size)
    }

    @Test
    fun aBackupMovesToAnotherFolderAndAReplayIsRefused() {
        val folder = folder()
        val table = annWithHerShip(folder)
        val id = folder.saves().first().id
        val other = folder()
        val imported = other.openGame(other.importBackup(folder.exportBackup(id)))
        while (imported.screen() is Screen.HandOff) imported.confirmHandoff()
        assertEquals(table.history(), imported.history())
        assertFailsWith<SkaldException.BadInput> { other.importBackup(folder.exportReplay(id, listOf("viking"))) }
        assertFailsWith<SkaldException.BadInput> { other.importBackup("not a file") }
        assertEquals(1, other.saves().size)
    }

    @Test
    fun theCoresLogReachesTheAppsSink() {
        val lines = mutableListOf<Triple<LogLevel, String, String>>()
        setLogSink(
            object : LogSink {
                override fun write(level: LogLevel, target: String, message: String) {
                    synchronized(lines) { lines.add(Triple(level, target, message)) }
                }
            },
            LogLevel.INFO,
        )
        logLine(LogLevel.WARN, "from Kotlin")
        logLine(LogLevel.DEBUG, "too quiet")
        synchronized(lines) {
            assertTrue(Triple(LogLevel.WARN, "app", "from Kotlin") in lines, "$lines")
            assertTrue(lines.none { it.third == "too quiet" })
        }
    }
}
