package skald.app

import java.nio.file.Files
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.runBlocking
import uniffi.skald_ffi.NewGame
import uniffi.skald_ffi.SaveFolder
import uniffi.skald_ffi.SeatPlayer
import uniffi.skald_ffi.Target
import uniffi.skald_ffi.wordsNotYourTurn

/** The play screen's model (issue 12) over real games through the generated bindings. */
class PlayViewModelTest {
    private val scope = CoroutineScope(SupervisorJob() + Dispatchers.Default)

    private fun folder() = SaveFolder.open(Files.createTempDirectory("skald-play").toString())

    private fun play(game: String, scenario: String, vararg seats: SeatPlayer) =
        PlayViewModel(folder().newGame(NewGame(game, scenario, seats.toList(), "")), scope)

    private fun PlayViewModel.settled(): PlayState = runBlocking {
        idle()
        state.value
    }

    @Test
    fun aWholeFuryGameIsPlayedByTapsAgainstTheComputer() {
        val model = play("fury", "basic", SeatPlayer.Person("Ann"), SeatPlayer.Computer("simple"))
        val tapper = Tapper(seed = 7)
        var taps = 0
        while (model.settled().phase is PlayPhase.Decide) {
            val before = model.state.value.scene
            tapper.tapOnce(model)
            taps++
            if (model.state.value.message != null) {
                println("refused: ${model.state.value.message}; prompt ${before.prompt}; next ${before.highlights.next}; selected ${before.highlights.selected}; ready ${before.ready}")
            }
            // A highlighted target is always taken in: nothing tapped is refused.
            assertNull(model.state.value.message, "tap $taps refused: ${model.state.value.message}")
            if (taps > 19_990) {
                val sc = model.state.value.scene
                println("tap $taps: ${sc.prompt}; next ${sc.highlights.next}; selected ${sc.highlights.selected}; ready ${sc.ready}; buttons ${sc.buttons.map { it.label }}")
            }
            check(taps < 20_000) { "the game did not end" }
        }
        val over = assertIs<PlayPhase.Over>(model.state.value.phase)
        assertTrue(over.result.isNotBlank())
        // Every one of Ann's actions came from taps, and the save holds the whole game.
        val history = model.table.history()
        val annsActions = history.count { it.by == "Ann" }
        assertTrue(annsActions in 10..taps, "Ann played $annsActions actions with $taps taps")
        assertTrue(history.any { it.by == "computer" })
        println("fury basic by taps: $taps taps, $annsActions actions of Ann's, ${history.size} in all: ${over.result}")
    }

    @Test
    fun aTwoPersonGameHandsTheDeviceOverWithNothingSecretOnScreen() {
        val model = play(
            "v878", "standard",
            SeatPlayer.Person("Ann"), SeatPlayer.Person("Ann"), SeatPlayer.Person("Bo"), SeatPlayer.Person("Bo"),
        )
        val tapper = Tapper(seed = 3)
        var handOffs = 0
        var taps = 0
        while (handOffs < 3 && taps < 5_000) {
            val state = model.settled()
            when (val phase = state.phase) {
                is PlayPhase.PassTo -> {
                    handOffs++
                    // While the device is passed: no hand, no buttons, nothing to tap.
                    assertTrue(state.scene.hand.isEmpty())
                    assertTrue(state.scene.buttons.isEmpty())
                    assertNull(state.scene.seat)
                    assertTrue(!state.showsBoard && !state.takesTaps)
                    model.tapMap(state.scene.width / 2, state.scene.height / 2)
                    assertEquals(wordsNotYourTurn(), model.state.value.message)
                    model.confirmHandOff()
                    val after = model.state.value.phase
                    if (after is PlayPhase.Recap) {
                        assertEquals(phase.person, after.person)
                        assertTrue(after.steps.isNotEmpty())
                        model.dismissRecap()
                    }
                    val decide = assertIs<PlayPhase.Decide>(model.state.value.phase)
                    assertEquals(phase.person, decide.person)
                }
                is PlayPhase.Decide -> {
                    tapper.tapOnce(model)
                    taps++
                }
                else -> error("unexpected $phase")
            }
        }
        assertEquals(3, handOffs)
    }

    @Test
    fun undoTakesBackTheLastActionAndAHintIsFromTheHoldersView() {
        val model = play("fury", "basic", SeatPlayer.Person("Ann"), SeatPlayer.Computer("simple"))
        val before = model.settled()
        assertIs<PlayPhase.Decide>(before.phase)
        model.press(before.scene.buttons.first { it.label == "ship" })
        val hex = model.state.value.scene.cells.first { it.label == "0802" }
        model.tapMap(hex.centre.x, hex.centre.y)
        val placed = model.state.value
        assertTrue(placed.canUndo)
        assertTrue(model.table.history().any { it.action == "ship 0802" && it.by == "Ann" })
        assertTrue(placed.lastSaid.isNotEmpty(), "${placed.lastSaid}")
        model.undo()
        val undone = model.settled()
        assertEquals(before.scene.pieces, undone.scene.pieces)
        assertEquals(listOf<Target>(Target.Word("ship")), undone.scene.highlights.next)

        model.askHint()
        runBlocking { model.hintIdle() }
        val ready = assertIs<HintView.Ready>(model.state.value.hint)
        assertEquals("viking", ready.hint.seat)
        assertTrue(ready.hint.action.startsWith("ship "), ready.hint.action)
        assertTrue(ready.lines.isNotEmpty())
    }

    @Test
    fun aHintIsInWordsAndATapAnUndoOrLeavingCancelsIt() {
        val model = play("fury", "basic", SeatPlayer.Person("Ann"), SeatPlayer.Computer("simple"))
        val start = model.settled()
        // Asked for, it does not block: the model says it is thinking at once.
        model.askHint()
        assertTrue(model.state.value.hint != null)
        runBlocking { model.hintIdle() }
        val ready = assertIs<HintView.Ready>(model.state.value.hint)
        // In words, the notation kept to play it.
        val cell = ready.hint.action.removePrefix("ship ")
        assertEquals("beach a Ship at $cell", ready.hint.words)
        assertEquals("The computer would beach a Ship at $cell", ready.headline)
        assertEquals(listOf("beach a Ship at $cell (by rule of thumb)"), ready.lines)

        // A tap while it is worked out cancels it; its answer, late, is never shown.
        model.askHint()
        model.press(start.scene.buttons.first { it.label == "ship" })
        assertNull(model.state.value.hint)
        Thread.sleep(300)
        assertNull(model.state.value.hint)
        model.clearSelection()

        // So does an undo: the hint was for the position taken back.
        val hex = model.state.value.scene.cells.first { it.label == "0802" }
        model.press(model.state.value.scene.buttons.first { it.label == "ship" })
        model.tapMap(hex.centre.x, hex.centre.y)
        assertIs<PlayPhase.Decide>(model.settled().phase)
        model.askHint()
        model.undo()
        assertNull(model.settled().hint)
        Thread.sleep(300)
        assertNull(model.state.value.hint)
        assertEquals(start.scene.pieces, model.state.value.scene.pieces)

        // And leaving the screen.
        model.askHint()
        model.close()
        assertNull(model.state.value.hint)
        Thread.sleep(300)
        assertNull(model.state.value.hint)

        // Asked again, it comes for the position as it is.
        model.askHint()
        runBlocking { model.hintIdle() }
        assertEquals(ready.hint, assertIs<HintView.Ready>(model.state.value.hint).hint)
    }

    @Test
    fun theReadyActionReadsInWords() {
        val model = play("fury", "basic", SeatPlayer.Person("Ann"), SeatPlayer.Computer("simple"))
        val tapper = Tapper(seed = 5)
        var taps = 0
        while (model.settled().scene.ready == null && taps < 500) {
            tapper.tapOnce(model)
            taps++
        }
        val state = model.state.value
        val ready = assertNotNull(state.scene.ready, "no action waited for a confirm in $taps taps")
        assertTrue(ready.words != ready.action, ready.words)
        assertEquals("Ready: ${ready.words}", state.readyLines.first())
        assertTrue(state.scene.prompt.endsWith("${ready.words}? Tap again or confirm"), state.scene.prompt)
    }

    @Test
    fun theComputerThinksOffTheCallersThreadAndUndoStopsIt() {
        // The Villager at the easy level searches (on the core's thread) for its set-up
        // and moves; the person's undo cancels whatever it was thinking.
        val model = play("fury", "basic", SeatPlayer.Computer("easy"), SeatPlayer.Person("Bo"))
        val first = model.settled()
        assertIs<PlayPhase.Decide>(first.phase)
        assertEquals(listOf("villager"), (first.phase as PlayPhase.Decide).seats)
        val tapper = Tapper(seed = 11)
        var moves = 0
        while (model.table.history().count { it.by == "computer" } < 3 && moves < 500) {
            if (model.settled().phase !is PlayPhase.Decide) break
            tapper.tapOnce(model)
            moves++
        }
        assertTrue(model.table.history().count { it.by == "computer" } >= 3)
        // Undo takes Bo's last action back, or (past a die roll) is refused with the reason.
        val standing = model.settled()
        val steps = model.table.history().size
        model.undo()
        val after = model.settled()
        assertIs<PlayPhase.Decide>(after.phase)
        if (standing.canUndo) assertTrue(model.table.history().size < steps) else assertNotNull(after.message)
        model.close()
    }
}
