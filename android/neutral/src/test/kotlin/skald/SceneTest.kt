package skald

import java.nio.file.Files
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertTrue
import uniffi.skald_ffi.NewGame
import uniffi.skald_ffi.Press
import uniffi.skald_ffi.SaveFolder
import uniffi.skald_ffi.Screen
import uniffi.skald_ffi.SeatPlayer
import uniffi.skald_ffi.TapOutcome
import uniffi.skald_ffi.Target

/** The play screen through the generated Kotlin (issue 12): the scene a painter reads,
 *  a button and a tap that place Fury's Ship, taps anywhere answered, and what a tap to
 *  a new scene costs on the JVM (printed, not asserted). */
class SceneTest {
    private fun annAgainstTheComputer() = SaveFolder.open(
        Files.createTempDirectory("skald-scene").toString(),
    ).newGame(
        NewGame("fury", "basic", listOf(SeatPlayer.Person("Ann"), SeatPlayer.Computer("simple")), ""),
    ).also { table ->
        while (table.screen() is Screen.ComputerToMove) table.computerStep()
    }

    @Test
    fun theShipIsPlacedByItsButtonAndATapOnItsHex() {
        val table = annAgainstTheComputer()
        val scene = table.scene()
        assertEquals("viking", scene.seat)
        assertEquals(listOf<Target>(Target.Word("ship")), scene.highlights.next)
        val ship = scene.buttons.first { it.label == "ship" }
        assertIs<TapOutcome.Narrowed>(table.press(ship.press))
        val hex = table.scene().cells.first { it.label == "0802" }
        val played = assertIs<TapOutcome.Played>(table.tap(hex.centre.x, hex.centre.y))
        assertEquals("ship 0802", played.action)
        assertTrue(table.scene().highlights.selected.isEmpty())
    }

    @Test
    fun tapsAnywhereChangeNothing() {
        val table = annAgainstTheComputer()
        val before = table.boardText()
        for ((x, y) in listOf(Float.NaN to 0f, -1e30f to 1e30f, -5f to -5f)) {
            assertIs<TapOutcome.Nothing>(table.tap(x, y))
        }
        assertIs<TapOutcome.Nothing>(table.press(Press.Tap(Target.Word("fly"))))
        assertIs<TapOutcome.Nothing>(table.press(Press.Confirm))
        assertEquals(before, table.boardText())
    }

    @Test
    fun aTapToANewSceneIsTimed() {
        val table = annAgainstTheComputer()
        val hex = table.scene().cells.first { it.label == "0802" }
        val times = LongArray(200) {
            val start = System.nanoTime()
            table.tap(hex.centre.x, hex.centre.y)
            val scene = table.scene()
            val took = System.nanoTime() - start
            assertTrue(scene.cells.isNotEmpty())
            table.press(Press.Clear)
            took
        }
        times.sort()
        println("fury set-up: a tap to a new scene on the JVM, median %.3f ms".format(times[100] / 1e6))
    }
}
