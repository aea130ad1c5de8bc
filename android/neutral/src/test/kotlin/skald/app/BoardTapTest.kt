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
import skald.paint.Pt
import skald.paint.Viewport
import uniffi.skald_ffi.NewGame
import uniffi.skald_ffi.SaveFolder
import uniffi.skald_ffi.ScenePiece
import uniffi.skald_ffi.SeatPlayer
import uniffi.skald_ffi.Target

/**
 * The play screen's taps as a finger makes them (issue 12): a crowded stack opened out
 * instead of a guess, the card chosen marked, and back taking back a choice before it
 * leaves the game. Real games through the bindings.
 */
class BoardTapTest {
    private val scope = CoroutineScope(SupervisorJob() + Dispatchers.Default)

    /** A finger on the desktop's board, and a phone-sized view of the whole map. */
    private val finger = 40f

    private fun play(vararg seats: SeatPlayer, game: String = "fury", scenario: String = "basic") = PlayViewModel(
        SaveFolder.open(Files.createTempDirectory("skald-board").toString()).newGame(NewGame(game, scenario, seats.toList(), "")),
        scope,
    )

    private fun PlayViewModel.settled(): PlayState = runBlocking {
        idle()
        state.value
    }

    /** Bo's Villagers in Fury once they may move: stacks of up to five set up in the buildings. */
    private fun villagersMoving(): PlayViewModel {
        val model = play(SeatPlayer.Computer("simple"), SeatPlayer.Person("Bo"))
        val setup = model.settled()
        model.press(setup.scene.buttons.first { it.label == "setup default" })
        while (model.settled().scene.highlights.next.none { it is Target.Piece }) {
            // The Villagers are locked in place until the Vikings raise the alarm (5.7):
            // Bo ends each phase until they may move.
            val end = assertNotNull(model.state.value.scene.buttons.firstOrNull { it.label == "end" }, model.state.value.scene.prompt)
            model.press(end)
        }
        return model
    }

    /** The cell with the most counters that may be tapped next, and those counters. */
    private fun crowdedStack(state: PlayState): List<ScenePiece> {
        val next = state.scene.highlights.next
        return state.scene.pieces.filter { Target.Piece(it.code) in next }.groupBy { it.cell }.values.maxBy { it.size }
    }

    /**
     * The most crowded cell holding a counter that may be tapped next, and every counter in
     * it, bottom first. The game's seed comes from the clock, so which Villagers may move
     * differs from run to run; a cell of two or more with one of them movable is always there
     * (the default set-up stacks Militia with the Women in the houses).
     */
    private fun crowdedCell(state: PlayState): List<ScenePiece> {
        val next = state.scene.highlights.next
        return state.scene.pieces.groupBy { it.cell }.values
            .filter { cell -> cell.size >= 2 && cell.any { Target.Piece(it.code) in next } }
            .maxBy { it.size }
    }

    @Test
    fun aTapOnACrowdedStackOpensItAndSendsNothingThenATapOnACounterChoosesIt() {
        val model = villagersMoving()
        val before = model.state.value
        val stack = crowdedCell(before)
        assertTrue(stack.size >= 2, "a stack to open: ${stack.map { it.code }}")
        val view = Viewport.fit(before.scene.width, before.scene.height, 1080f, 1500f)
        val top = stack.last()
        val steps = model.table.history().size
        // Fitted on a phone, a counter is 35 pixels and the next one shows 5: open it out.
        model.tapBoard(view.toScreen(Pt(top.at.x, top.at.y)), view, finger)
        val opened = model.state.value
        val spread = assertNotNull(opened.spread)
        assertTrue(spread.choices.containsAll(stack.map { Target.Piece(it.code) }), "${spread.choices}")
        // Nothing reached the core: no selection, no action.
        assertEquals(before.scene, opened.scene)
        assertEquals(steps, model.table.history().size)
        // The lowest counter that may be tapped next (below the top, it showed only a
        // strip when there is one), chosen from its tile.
        val next = before.scene.highlights.next
        val meant = stack.map { Target.Piece(it.code) }.first { it in next }
        val tile = spread.layout(view, finger).tiles.first { it.target == meant }
        model.tapBoard(tile.centre, view, finger)
        val chosen = model.state.value
        assertNull(chosen.spread)
        assertEquals(listOf<Target>(meant), chosen.scene.highlights.selected)
        assertNull(chosen.message)

        // Back clears the choice first; with nothing chosen it has nothing to take back.
        assertTrue(model.back())
        assertTrue(model.state.value.scene.highlights.selected.isEmpty())
        assertFalse(model.back())
        // A tap beside the tiles only closes the spread; back closes it too.
        model.tapBoard(view.toScreen(Pt(top.at.x, top.at.y)), view, finger)
        assertNotNull(model.state.value.spread)
        model.tapBoard(Pt(1079f, 1499f), view, finger)
        assertNull(model.state.value.spread)
        assertTrue(model.state.value.scene.highlights.selected.isEmpty())
        model.tapBoard(view.toScreen(Pt(top.at.x, top.at.y)), view, finger)
        assertTrue(model.back())
        assertNull(model.state.value.spread)
        assertEquals(steps, model.table.history().size)
    }

    @Test
    fun zoomedInATapOnTheTopCounterGoesStraightToTheCore() {
        val model = villagersMoving()
        val stack = crowdedStack(model.state.value)
        val top = stack.last()
        val scene = model.state.value.scene
        // Six times the fitted zoom: the top counter is 212 pixels wide, a finger in its middle is clear.
        val view = Viewport.fit(scene.width, scene.height, 1080f, 1500f).zoomOnto(Pt(top.at.x, top.at.y), 6f)
        model.tapBoard(view.toScreen(Pt(top.at.x, top.at.y)), view, finger)
        assertNull(model.state.value.spread)
        assertEquals(listOf<Target>(Target.Piece(top.code)), model.state.value.scene.highlights.selected)
    }

    @Test
    fun theCardChosenIsMarkedAndBackPutsItBack() {
        val model = play(
            SeatPlayer.Person("Ann"), SeatPlayer.Computer("simple"), SeatPlayer.Computer("simple"), SeatPlayer.Computer("simple"),
            game = "v878", scenario = "standard",
        )
        val tapper = Tapper(seed = 5)
        var taps = 0
        fun cardToTap(state: PlayState) = state.scene.hand.firstOrNull { it.tappable }
            ?.takeIf { state.scene.highlights.selected.isEmpty() }
        while (cardToTap(model.settled()) == null) {
            assertIs<PlayPhase.Decide>(model.state.value.phase)
            tapper.tapOnce(model)
            check(++taps < 2_000) { "no card to play in $taps taps" }
        }
        val card = assertNotNull(cardToTap(model.state.value))
        assertFalse(model.state.value.isSelected(card))
        model.tapCard(card.code)
        val chosen = model.state.value
        assertNull(chosen.message)
        val marked = chosen.scene.hand.filter { chosen.isSelected(it) }
        assertEquals(listOf(card.code), marked.map { it.code })
        assertTrue(chosen.hasSelection)
        // Back puts the card back in the hand, unchosen, and stays in the game.
        assertTrue(model.back())
        assertTrue(model.state.value.scene.hand.none { model.state.value.isSelected(it) })
        assertIs<PlayPhase.Decide>(model.state.value.phase)
    }

    @Test
    fun backInTheAppClearsAChoiceBeforeLeavingTheGame() {
        val app = AppViewModel(SaveFolder.open(Files.createTempDirectory("skald-back").toString()), scope, computerPauseMillis = 0)
        app.newGame()
        val newGame = assertIs<Route.NewGame>(app.route.value).model
        newGame.setComputer(1, "easy")
        app.start(newGame)
        val play = assertIs<Route.Play>(app.route.value).model
        val first = play.settled()
        play.press(first.scene.buttons.first { it.label == "ship" })
        assertTrue(play.state.value.hasSelection)
        assertTrue(app.back())
        assertEquals(play, assertIs<Route.Play>(app.route.value).model)
        assertFalse(play.state.value.hasSelection)
        assertTrue(app.back())
        assertEquals(Route.Home, app.route.value)
        // Home leaves at once, a choice begun or not.
        app.continueLast()
        val again = assertIs<Route.Play>(app.route.value).model
        val s = again.settled()
        again.press(s.scene.buttons.first { it.label == "ship" })
        app.home()
        assertEquals(Route.Home, app.route.value)
    }
}
