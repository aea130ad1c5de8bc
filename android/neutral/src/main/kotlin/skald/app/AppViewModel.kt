package skald.app

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.skald_ffi.GameEntry
import uniffi.skald_ffi.SaveFolder
import uniffi.skald_ffi.SkaldException
import uniffi.skald_ffi.Table
import uniffi.skald_ffi.catalogue
import uniffi.skald_ffi.levels

/** The screen the app shows, with the model behind it. */
sealed interface Route {
    /** Continue the last game, start a new one, or look at the saves. */
    data object Home : Route

    data class NewGame(val model: NewGameViewModel) : Route

    /** The board; also the hand-off screen and its recap, which belong to a game. */
    data class Play(val model: PlayViewModel) : Route

    /** The game so far, over the game being played (back returns to it). */
    data class History(val model: HistoryViewModel, val play: PlayViewModel) : Route

    data object Saves : Route
}

/**
 * The app's screens and the way between them (issue 12), the same for every platform: a
 * shell draws [route] and sends the person's choices here. One game is open at a time;
 * leaving it stops the computer and frees its handle.
 */
class AppViewModel(
    private val folder: SaveFolder,
    private val scope: CoroutineScope,
    private val worker: CoroutineDispatcher = Dispatchers.Default,
    private val computerPauseMillis: Long = 400,
    private val games: List<GameEntry> = catalogue(),
    private val levels: List<String> = levels(),
) {
    val saves = SavesViewModel(folder)

    private val mutableRoute = MutableStateFlow<Route>(Route.Home)
    val route: StateFlow<Route> = mutableRoute.asStateFlow()

    fun newGame() = go(Route.NewGame(NewGameViewModel(games, levels)))

    /** Starts the game the new-game screen chose; stays there with the reason if refused. */
    fun start(model: NewGameViewModel) {
        model.start(folder)?.let(::play)
    }

    fun continueLast() {
        saves.state.value.last?.let { open(it.id) }
    }

    fun open(id: ULong) {
        try {
            play(folder.openGame(id))
        } catch (e: SkaldException) {
            saves.refresh(e.message)
        }
    }

    /** The saves; a game being played is left (it is saved) and the computer stops. */
    fun showSaves() {
        leaveOpenGame()
        saves.refresh()
        go(Route.Saves)
    }

    /** The history of the game being played. */
    fun history() {
        val play = (route.value as? Route.Play)?.model ?: return
        try {
            go(Route.History(HistoryViewModel(play.table), play))
        } catch (e: SkaldException) {
            play.say(e.message ?: "the history could not be read")
        }
    }

    /** A new game from the step the history shows; the game it came from is left as saved. */
    fun continueFrom(history: HistoryViewModel, name: String) {
        val from = (route.value as? Route.History)?.play ?: return
        val table = history.continueHere(name) ?: return
        leave(from)
        play(table)
    }

    /**
     * One step back; false at home (the shell may then close the app). During play, a
     * stack opened out is closed and then a choice begun is cleared before the game is
     * left: back is what a person presses to take back a wrong tap.
     */
    fun back(): Boolean {
        when (val now = route.value) {
            Route.Home -> return false
            is Route.History -> go(Route.Play(now.play))
            is Route.Play -> if (!now.model.back()) home()
            else -> {
                saves.refresh()
                go(Route.Home)
            }
        }
        return true
    }

    /** Home at once, from any screen (a "Home" button): a game being played is left as saved. */
    fun home() {
        leaveOpenGame()
        saves.refresh()
        go(Route.Home)
    }

    /** Leaves the game on screen, if any (it is saved): its computer stops, its handle is freed. */
    private fun leaveOpenGame() {
        when (val now = route.value) {
            is Route.Play -> leave(now.model)
            is Route.History -> leave(now.play)
            else -> {}
        }
    }

    /** The app is closing: the open game stops thinking and its handle is freed. */
    fun close() {
        when (val now = route.value) {
            is Route.Play -> leave(now.model)
            is Route.History -> leave(now.play)
            else -> return
        }
        go(Route.Home)
    }

    private fun play(table: Table) = go(Route.Play(PlayViewModel(table, scope, worker, computerPauseMillis)))

    private fun leave(play: PlayViewModel) {
        play.close()
        play.table.destroy()
    }

    private fun go(next: Route) {
        mutableRoute.value = next
    }
}
