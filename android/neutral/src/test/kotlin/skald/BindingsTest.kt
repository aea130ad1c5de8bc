package skald

import java.nio.file.Files
import kotlinx.coroutines.runBlocking
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertIs
import kotlin.test.assertNull
import kotlin.test.assertTrue
import uniffi.skald_ffi.SaveFolder
import uniffi.skald_ffi.NewGame
import uniffi.skald_ffi.Screen
import uniffi.skald_ffi.SeatPlayer
import uniffi.skald_ffi.SkaldException
import uniffi.skald_ffi.catalogue
import uniffi.skald_ffi.levels

/** The generated bindings on the JVM against the host library (issue 12): what the
 *  app's screens will call, and garbage answered with typed errors. */
class BindingsTest {
    private fun folder(): SaveFolder =
        SaveFolder.open(Files.createTempDirectory("skald-test").toString())

    private fun people(game: String, scenario: String, seats: Int) = NewGame(
        game, scenario, List(seats) { SeatPlayer.Person(listOf("Ann", "Bo")[it % 2]) }, "test",
    )

    @Test
    fun catalogueListsEveryGameWithItsSeats() {
        val games = catalogue()
        assertEquals(listOf("fury", "v878", "g1066"), games.map { it.id })
        val basic = games[0].scenarios.first { it.id == "basic" }
        assertEquals(listOf("viking", "villager"), basic.seats)
        assertEquals(listOf("easy", "normal", "hard"), levels())
    }

    @Test
    fun aGameIsHandedOverPlayedUndoneRenamedAndDeleted() {
        val lib = folder()
        val table = lib.newGame(people("fury", "basic", 2))
        val handOff = assertIs<Screen.HandOff>(table.screen())
        assertEquals(handOff.to, table.confirmHandoff())
        val decide = assertIs<Screen.Decide>(table.screen())
        val seat = decide.seats.first()
        val legal = table.legalActions(seat)
        assertTrue(legal.isNotEmpty())
        table.act(seat, legal.first())
        assertTrue(table.canUndo())
        table.undo()
        assertEquals(legal, table.legalActions(seat))

        val saves = lib.saves()
        assertEquals(listOf("test"), saves.map { it.name })
        lib.rename(saves[0].id, "Ann and Bo")
        assertEquals("Ann and Bo", lib.saves()[0].name)
        table.destroy()
        assertIs<Screen.HandOff>(lib.openGame(saves[0].id).screen())
        lib.delete(saves[0].id)
        assertTrue(lib.saves().isEmpty())
    }

    @Test
    fun garbageIsATypedErrorNotACrash() {
        val lib = folder()
        assertFailsWith<SkaldException.BadInput> { lib.newGame(people("chess", "basic", 2)) }
        assertFailsWith<SkaldException.BadInput> { lib.newGame(people("fury", "basic", 3)) }
        assertFailsWith<SkaldException.BadInput> { lib.openGame(999uL) }
        assertFailsWith<SkaldException.BadInput> { lib.delete(999uL) }
        val table = lib.newGame(people("v878", "standard", 4))
        assertFailsWith<SkaldException.Refused> { table.act("norsemen", "pass") }
        table.confirmHandoff()
        val seat = assertIs<Screen.Decide>(table.screen()).seats.first()
        assertFailsWith<SkaldException.BadInput> { table.act("nobody", "pass") }
        val before = table.boardText()
        val refused = assertFailsWith<SkaldException.Refused> { table.act(seat, "fly to the moon") }
        assertTrue(!refused.message.isNullOrBlank())
        assertEquals(before, table.boardText())
    }

    private fun againstTheComputer() = NewGame(
        "fury", "basic", listOf(SeatPlayer.Person("Ann"), SeatPlayer.Computer("easy")), "",
    )

    @Test
    fun theComputerMovesOffTheCallersThreadAndCanBeCancelled() = runBlocking {
        val table = folder().newGame(againstTheComputer())
        val before = table.boardText()
        val first = table.think()!!
        first.cancel()
        assertNull(first.finish())
        assertEquals(before, table.boardText())
        var moves = 0
        while (table.screen() is Screen.ComputerToMove) {
            val thinking = table.think()
            val said = if (thinking != null) thinking.finish()!! else table.computerStep()
            assertTrue(said[0].startsWith("Villager: "), said.toString())
            moves += 1
            assertTrue(moves < 100)
        }
        assertEquals(Screen.Decide("Ann", listOf("viking")), table.screen())
    }
}
