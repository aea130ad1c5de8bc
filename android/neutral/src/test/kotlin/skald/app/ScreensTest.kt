package skald.app

import java.nio.file.Files
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.runBlocking
import uniffi.skald_ffi.GameEntry
import uniffi.skald_ffi.SaveFolder
import uniffi.skald_ffi.ScenarioEntry
import uniffi.skald_ffi.SeatPlayer
import uniffi.skald_ffi.catalogue
import uniffi.skald_ffi.levels
import uniffi.skald_ffi.newGameSeats

/** The new-game, saves, history and navigation models (issue 12) over the real core. */
class ScreensTest {
    private val scope = CoroutineScope(SupervisorJob() + Dispatchers.Default)

    private fun folder() = SaveFolder.open(Files.createTempDirectory("skald-screens").toString())

    @Test
    fun theNewGameScreenOffersEveryGameAndStartsTheChosenSeating() {
        val model = NewGameViewModel(catalogue(), levels())
        val s = model.state.value
        assertEquals(listOf("fury", "v878", "g1066"), s.games.map { it.id })
        assertEquals(listOf("easy", "normal", "hard"), s.levels)
        // One person against the computer at the middle level, by default.
        assertEquals(
            listOf(
                SeatChoice("viking", "Viking", true, "Player 1", "normal"),
                SeatChoice("villager", "Villager", false, "", "normal"),
            ),
            s.seats,
        )
        // Each seat is named as the saves list names it (the core's words).
        assertEquals(listOf("Viking: Player 1", "Villager: computer (normal)"), s.seats.map { it.summary })
        assertNull(s.problem)
        model.chooseGame(1)
        assertEquals(
            listOf(
                SeatChoice("housecarl", "Housecarl", true, "Player 1", "normal"),
                SeatChoice("thegn", "Thegn", false, "", "normal"),
                SeatChoice("norsemen", "Norsemen", false, "", "normal"),
                SeatChoice("berserker", "Berserker", false, "", "normal"),
            ),
            model.state.value.seats,
        )
        assertEquals(
            listOf("Housecarl: Player 1", "Thegn: computer (normal)", "Norsemen: computer (normal)", "Berserker: computer (normal)"),
            model.state.value.seats.map { it.summary },
        )
        model.setPerson(0, " ")
        assertEquals("Who plays Housecarl? Type a name or choose the computer", model.state.value.problem)
        model.chooseGame(7)
        assertEquals(1, model.state.value.game)
        model.chooseGame(0)
        model.setComputer(1, "hard")
        model.setComputer(1, "grandmaster")
        assertEquals("Villager: computer (hard)", model.state.value.seats[1].summary)
        model.setPerson(1, "")
        assertEquals("Who plays Villager? Type a name or choose the computer", model.state.value.problem)
        model.setComputer(1, "hard")
        model.setPerson(0, "  ")
        assertNull(model.start(folder()))
        assertEquals("Who plays Viking? Type a name or choose the computer", model.state.value.error)
        model.setPerson(0, " Ann ")
        model.setName("Ann's raid")
        val folder = folder()
        val table = assertNotNull(model.start(folder))
        assertNull(model.state.value.error)
        val save = folder.saves().single()
        assertEquals("Ann's raid", save.name)
        assertEquals("viking=person:Ann,villager=computer:hard", save.seats)
        table.destroy()
    }

    @Test
    fun theNewGameScreenSwitchesTheGamesOptionalRulesOn() {
        val model = NewGameViewModel(catalogue(), levels())
        assertTrue(model.state.value.chosenGame.optionalRules.isEmpty(), "Fury has none")
        model.setRule("overrun", true)
        assertTrue(model.state.value.rules.isEmpty(), "not a rule of Fury")
        model.chooseGame(2)
        assertEquals(
            listOf("command_control" to "24.0", "overrun" to "25.0", "sieges" to "26.0"),
            model.state.value.chosenGame.optionalRules.map { it.id to it.rule },
        )
        model.setRule("sieges", true)
        model.setRule("overrun", true)
        model.setRule("sieges", false)
        model.setRule("catapults", true)
        assertEquals(setOf("overrun"), model.state.value.rules)
        val table = assertNotNull(model.start(folder()), model.state.value.error)
        table.destroy()
        // Another game starts with none.
        model.chooseGame(0)
        assertTrue(model.state.value.rules.isEmpty())
    }

    @Test
    fun aGameOrScenarioTheCoreDoesNotKnowHasNoSeats() {
        assertTrue(newGameSeats("chess", "basic").isEmpty())
        assertTrue(newGameSeats("fury", "no-such").isEmpty())
        val chess = GameEntry("chess", "Chess", listOf(ScenarioEntry("basic", "Basic", "", listOf("white", "black"))), emptyList())
        val model = NewGameViewModel(listOf(chess), levels())
        assertTrue(model.state.value.seats.isEmpty())
        assertNull(model.state.value.problem)
        assertNull(model.start(folder()))
        assertNotNull(model.state.value.error)
    }

    @Test
    fun theSavesScreenRenamesExportsImportsAndDeletes() {
        val folder = folder()
        folder.newGame(uniffi.skald_ffi.NewGame("fury", "basic", listOf(SeatPlayer.Person("Ann"), SeatPlayer.Computer("simple")), "first")).destroy()
        val saves = SavesViewModel(folder)
        val id = assertNotNull(saves.state.value.last).id
        saves.rename(id, "renamed raid")
        assertEquals("renamed raid", saves.state.value.saves.single().name)
        val backup = assertNotNull(saves.exportBackup(id))
        val replay = assertNotNull(saves.exportReplay(id, listOf("viking")))
        assertTrue(backup != replay)
        assertNull(saves.exportReplay(id, listOf("nobody")))
        assertTrue(saves.state.value.message!!.contains("nobody"))
        val copy = assertNotNull(saves.importBackup(backup))
        assertEquals(2, saves.state.value.saves.size)
        assertNull(saves.importBackup("not a backup"))
        saves.delete(copy)
        assertEquals(listOf(id), saves.state.value.saves.map { it.id })
        saves.delete(999_999u)
        assertEquals(listOf(id), saves.state.value.saves.map { it.id })
        assertNotNull(saves.state.value.message)
    }

    @Test
    fun theSavesListNamesGamesScenariosAndSeatsAsPeopleReadThem() {
        val folder = folder()
        folder.newGame(uniffi.skald_ffi.NewGame("fury", "basic", listOf(SeatPlayer.Person("Ann"), SeatPlayer.Computer("hard")), "")).destroy()
        val saves = SavesViewModel(folder)
        val save = assertNotNull(saves.state.value.last)
        val basic = catalogue().first { it.id == "fury" }.scenarios.first { it.id == "basic" }
        // The lines are the core's (bindings/src/words.rs), the same on every platform.
        assertEquals("The Fury of the Norsemen, Basic Game", save.gameLine)
        assertEquals("The Fury of the Norsemen, ${basic.name}", save.gameLine)
        assertEquals("Viking: Ann, Villager: Computer (hard)", save.seatsLine)
        // Named after its game and scenario, the save does not say them twice; where it
        // stands is in words, not the notation's phase ids.
        assertEquals(save.gameLine, save.name)
        assertEquals(save.progress, save.progressLine)
        assertTrue(save.progress.matches(Regex("(Set-up|Turn \\d+), [A-Z].*")), save.progress)
        // Named otherwise, it says its game before where it stands.
        saves.rename(save.id, "Ann's raid")
        val renamed = assertNotNull(saves.state.value.last)
        assertEquals("Ann's raid", renamed.name)
        assertEquals("The Fury of the Norsemen, Basic Game: ${save.progress}", renamed.progressLine)
        // The replay is offered from the save's own seats, each as a person reads it.
        val seats = saves.replaySeats(save.id)
        assertEquals(listOf("Viking: Ann", "Villager: Computer (hard)"), seats.map { it.choice })
        assertEquals(listOf("viking", "villager"), seats.map { it.seat })
        val replay = assertNotNull(saves.exportReplay(save.id, seats[0]))
        assertTrue(replay.isNotBlank())
        assertEquals(emptyList(), saves.replaySeats(999_999u))
    }

    @Test
    fun theHistoryStepsThroughTheGameAndContinuesFromAStep() {
        val folder = folder()
        val play = PlayViewModel(
            folder.newGame(uniffi.skald_ffi.NewGame("fury", "basic", listOf(SeatPlayer.Person("Ann"), SeatPlayer.Computer("simple")), "")),
            scope,
        )
        runBlocking { play.idle() }
        play.press(play.state.value.scene.buttons.first { it.label == "ship" })
        val hex = play.state.value.scene.cells.first { it.label == "0802" }
        play.tapMap(hex.centre.x, hex.centre.y)
        runBlocking { play.idle() }
        val history = HistoryViewModel(play.table)
        val s = history.state.value
        assertTrue(s.atEnd)
        assertEquals(listOf("setup default", "end", "ship 0802"), s.lines.take(3).map { it.action })
        history.select(0)
        assertTrue(history.state.value.atStart)
        assertEquals("the start", history.state.value.caption)
        history.back()
        assertEquals(0, history.state.value.step)
        history.forward()
        history.forward()
        assertEquals(2, history.state.value.step)
        assertEquals("2. villager (computer): end Villager set-up", history.state.value.caption)
        history.forward()
        assertEquals("3. viking (Ann): beach a Ship at 0802", history.state.value.caption)
        val again = assertNotNull(history.continueHere("again"))
        assertEquals(2, folder.saves().size)
        again.destroy()
    }

    @Test
    fun theAppGoesFromHomeToAGameAndBackAndContinuesIt() {
        val app = AppViewModel(folder(), scope, computerPauseMillis = 0)
        assertEquals(Route.Home, app.route.value)
        assertNull(app.saves.state.value.last)
        app.continueLast()
        assertEquals(Route.Home, app.route.value)
        app.newGame()
        val newGame = assertIs<Route.NewGame>(app.route.value).model
        newGame.setComputer(1, "easy")
        app.start(newGame)
        val play = assertIs<Route.Play>(app.route.value).model
        runBlocking { play.idle() }
        assertIs<PlayPhase.Decide>(play.state.value.phase)
        app.history()
        assertIs<Route.History>(app.route.value)
        assertTrue(app.back())
        assertEquals(play, assertIs<Route.Play>(app.route.value).model)
        assertTrue(app.back())
        assertEquals(Route.Home, app.route.value)
        val last = assertNotNull(app.saves.state.value.last)
        assertEquals("fury", last.game)
        app.continueLast()
        val again = assertIs<Route.Play>(app.route.value).model
        runBlocking { again.idle() }
        assertEquals(play.state.value.scene.pieces, again.state.value.scene.pieces)
        // The saves from a game leave it: its handle is freed, so it can no longer be called.
        app.showSaves()
        assertEquals(Route.Saves, app.route.value)
        kotlin.test.assertFails { again.table.screen() }
        app.continueLast()
        val third = assertIs<Route.Play>(app.route.value).model
        app.close()
        assertEquals(Route.Home, app.route.value)
        kotlin.test.assertFails { third.table.screen() }
        app.showSaves()
        assertTrue(app.back())
        assertFalse(app.back())
    }
}
