package skald.app

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.isActive
import kotlinx.coroutines.launch
import skald.paint.BoardSpeech
import skald.paint.Pt
import skald.paint.Reach
import skald.paint.Viewport
import uniffi.skald_ffi.ComputerMove
import uniffi.skald_ffi.HintRequest
import uniffi.skald_ffi.Press
import uniffi.skald_ffi.SceneButton
import uniffi.skald_ffi.Screen
import uniffi.skald_ffi.SkaldException
import uniffi.skald_ffi.Table
import uniffi.skald_ffi.TapOutcome
import uniffi.skald_ffi.Target
import uniffi.skald_ffi.wordsNotYourTurn

/**
 * The play screen (issue 12): the board, the prompt and buttons, the hand-off and its
 * recap, undo and hint, and the computer's moves, over one [Table]. It holds no rule: the
 * core decides what a tap means and what may be seen; this only keeps the state a screen
 * draws and runs the computer off the UI thread.
 *
 * Calls come from the UI thread; the computer's moves and the hint are worked out on the
 * core's own threads and awaited on [worker], and their results arrive through [state]
 * (a StateFlow, safe to read from any thread). A hint is cancelled when the person taps,
 * plays, undoes or leaves; one that arrives for a position gone by is dropped.
 * [computerPauseMillis] holds each computer move back so that a person can follow it.
 */
class PlayViewModel(
    val table: Table,
    private val scope: CoroutineScope,
    private val worker: CoroutineDispatcher = Dispatchers.Default,
    private val computerPauseMillis: Long = 0,
) : AutoCloseable {
    private val lock = Any()
    private val mutableState = MutableStateFlow(read(table.screen()))
    val state: StateFlow<PlayState> = mutableState.asStateFlow()

    private var computer: Job? = null
    private var thinking: ComputerMove? = null
    private var hintJob: Job? = null
    private var hintRequest: HintRequest? = null

    /** What a screen reader says of the board, from the core. */
    val speech = BoardSpeech(table)

    init {
        settle()
    }

    /** A tap on the board at a point in map units (the viewport turns pixels into them). */
    fun tapMap(x: Float, y: Float) = touch { table.tap(x, y) }

    /**
     * A finger's tap on the board at [screen] pixels, the board shown through [viewport],
     * the finger [finger] pixels wide: what a shell calls. With a spread open, a tap on
     * one of its tiles sends that choice to the core and any other tap only closes it. A
     * tap that may mean more than one counter opens their stack as a spread and sends
     * nothing ([Reach]); any other goes to the core at its map point, as [tapMap].
     */
    fun tapBoard(screen: Pt, viewport: Viewport, finger: Float) = guarded {
        val now = state.value
        val open = now.spread
        if (open != null) {
            publish(now.copy(spread = null))
            // By its target, not a point: the person named it, and a point on a counter
            // deep in the stack is on those lying over it as well.
            open.choiceAt(screen, viewport, finger)?.let { target -> touch { table.press(Press.Tap(target)) } }
            return@guarded
        }
        val spread = if (now.takesTaps) Reach.spreadFor(table, viewport, screen, finger) else null
        if (spread != null) {
            publish(now.copy(spread = spread, message = null))
        } else {
            val at = viewport.toMap(screen)
            tapMap(at.x, at.y)
        }
    }

    /** Closes an open spread without choosing. */
    fun closeSpread() = guarded { publish(state.value.copy(spread = null)) }

    /**
     * The back gesture during play: an open spread closes, else a choice begun is
     * cleared; true if it did either, false when there was nothing to undo on the board
     * (back then leaves the game).
     */
    fun back(): Boolean = synchronized(lock) {
        val now = state.value
        when {
            now.spread != null -> closeSpread()
            now.hasSelection -> clearSelection()
            else -> return@synchronized false
        }
        true
    }

    /** A button of the scene. */
    fun press(button: SceneButton) = touch { table.press(button.press) }

    /** A card of the hand (or one on offer), tapped in its tray. */
    fun tapCard(code: String) = touch { table.press(Press.Tap(Target.Card(code))) }

    /** Clears the selection (the back gesture on the board). */
    fun clearSelection() = touch { table.press(Press.Clear) }

    /** The person the device was passed to says it is them. */
    fun confirmHandOff() = guarded {
        val person = table.confirmHandoff()
        val steps = table.recap().map(RecapLine::of)
        if (steps.isEmpty()) {
            settle()
        } else {
            publish(state.value.copy(phase = PlayPhase.Recap(person, steps), message = null))
        }
    }

    /** The recap is read: on to the board. */
    fun dismissRecap() = guarded { settle() }

    /** Takes back the holder's last action (and the computer's after it). */
    fun undo() = guarded {
        stopHint()
        stopComputer()
        table.undo()
        settle(lastSaid = emptyList())
    }

    /**
     * Asks what the computer would do in the holder's place, from the holder's view. The
     * search runs on the core's thread and does not block this one; a tap, an undo or
     * leaving cancels it, and a hint for a position gone by is never shown.
     */
    fun askHint() = synchronized(lock) {
        if (state.value.phase !is PlayPhase.Decide || hintRequest != null) return@synchronized
        val request = try {
            table.startHint()
        } catch (e: SkaldException) {
            publish(state.value.copy(hint = HintView.Failed(e.message ?: "no hint")))
            return@synchronized
        }
        hintRequest = request
        publish(state.value.copy(hint = HintView.Thinking))
        hintJob = scope.launch(worker) {
            try {
                // None when cancelled, or when the game moved on before it came.
                val hint = request.outcome()
                synchronized(lock) {
                    if (hintRequest === request) {
                        hintRequest = null
                        hintJob = null
                        if (state.value.hint == HintView.Thinking) {
                            publish(state.value.copy(hint = hint?.let { HintView.Ready(it) }))
                        }
                    }
                }
            } finally {
                request.destroy()
            }
        }
    }

    /** Shows a message on the play screen (an error from a screen opened over it). */
    fun say(message: String) = guarded { publish(state.value.copy(message = message)) }

    /** Waits until the computer has stopped moving (for tests, and a shell's "skip"). */
    suspend fun idle() {
        while (true) {
            val job = synchronized(lock) { computer } ?: return
            job.join()
            synchronized(lock) { if (computer === job) computer = null }
        }
    }

    /** Waits until the hint asked for has come or was cancelled (for tests). */
    suspend fun hintIdle() {
        synchronized(lock) { hintJob }?.join()
    }

    /** The person leaves the game: the computer and the hint stop thinking. The table stays open. */
    override fun close() {
        stopComputer()
        stopHint()
    }

    private fun touch(call: () -> TapOutcome) = guarded {
        if (!state.value.takesTaps) {
            publish(state.value.copy(message = wordsNotYourTurn()))
            return@guarded
        }
        // A hint is for the position it was asked in: a tap moves on from it.
        stopHint()
        when (val outcome = call()) {
            is TapOutcome.Played -> settle(lastSaid = outcome.said)
            is TapOutcome.Nothing -> settle(message = outcome.why)
            else -> settle()
        }
    }

    /** Runs a call to the core; a refusal or a storage error becomes the message. */
    private fun guarded(call: () -> Unit) {
        synchronized(lock) {
            try {
                call()
            } catch (e: SkaldException) {
                publish(read(table.screen()).copy(message = e.message))
            }
        }
    }

    /** Reads the game anew after anything changed, and sets the computer going if it is its move. */
    private fun settle(message: String? = null, lastSaid: List<String>? = null) {
        val screen = table.screen()
        val next = read(screen).copy(message = message, lastSaid = lastSaid ?: state.value.lastSaid)
        publish(next)
        if (screen is Screen.ComputerToMove && computer?.isActive != true) startComputer()
    }

    private fun read(screen: Screen): PlayState = PlayState(
        phase = when (screen) {
            is Screen.HandOff -> PlayPhase.PassTo(screen.to)
            is Screen.Decide -> PlayPhase.Decide(screen.person, screen.seats)
            is Screen.ComputerToMove -> PlayPhase.ComputerMoving(screen.seats)
            is Screen.Over -> PlayPhase.Over(screen.result, screen.detail)
            is Screen.Stuck -> PlayPhase.Stuck(screen.reason)
        },
        scene = table.scene(),
        canUndo = table.canUndo(),
        notices = table.notices(),
    )

    private fun publish(next: PlayState) {
        mutableState.value = next
    }

    /** The computer's moves, one after another until a person is to choose. */
    private fun startComputer() {
        computer = scope.launch(worker) {
            while (isActive) {
                if (synchronized(lock) { table.screen() } !is Screen.ComputerToMove) break
                if (computerPauseMillis > 0) delay(computerPauseMillis)
                val said = try {
                    playOneComputerMove() ?: break
                } catch (e: SkaldException) {
                    synchronized(lock) { publish(state.value.copy(message = e.message)) }
                    break
                }
                synchronized(lock) {
                    if (isActive) publish(read(table.screen()).copy(lastSaid = said))
                }
            }
        }
    }

    /** One move: thought out on the core's own thread when it needs thought. None if cancelled. */
    private suspend fun playOneComputerMove(): List<String>? {
        val move = synchronized(lock) { table.think().also { thinking = it } }
            ?: return synchronized(lock) { table.computerStep() }
        return try {
            move.finish()
        } finally {
            synchronized(lock) { thinking = null }
            move.destroy()
        }
    }

    /** Cancels the hint being worked out (the core's search stops); its answer is dropped,
     *  and one already shown goes too: it was for the position the person moves on from
     *  (or leaves), however quickly it came. */
    private fun stopHint() {
        synchronized(lock) {
            hintRequest?.cancel()
            hintRequest = null
            hintJob = null
            if (state.value.hint != null) publish(state.value.copy(hint = null))
        }
    }

    private fun stopComputer() {
        synchronized(lock) {
            thinking?.cancel()
            computer?.cancel()
            computer = null
        }
    }
}
