package skald.app

import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.skald_ffi.HistoryLine
import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.SkaldException
import uniffi.skald_ffi.Table

data class HistoryState(
    /** Every action still standing, oldest first, as the holder may see it. */
    val lines: List<HistoryLine>,
    /** The board after this many actions (0: the start). */
    val step: Int,
    val scene: Scene,
    val message: String? = null,
) {
    val atStart: Boolean get() = step == 0
    val atEnd: Boolean get() = step == lines.size

    /** The step being looked at, as its line reads ("12. viking (Ann): move Infantry from ..."). */
    val caption: String
        get() = lines.getOrNull(step - 1)?.let { line ->
            "${line.number}. ${line.seat} (${line.by}${if (line.forced) ", only legal action" else ""}): " +
                (line.words ?: "a hidden choice")
        } ?: "the start"
}

/**
 * History and replay (issue 12): the game so far, the board at any step with that
 * step's dice and arrows, and a new game continued from one of them. Only what the
 * device's holder may see: the core filters every line and scene.
 */
class HistoryViewModel(private val table: Table) {
    private val mutableState: MutableStateFlow<HistoryState>
    val state: StateFlow<HistoryState>

    init {
        val lines = table.history()
        mutableState = MutableStateFlow(HistoryState(lines, lines.size, table.historyScene(lines.size.toUInt())))
        state = mutableState.asStateFlow()
    }

    fun select(step: Int) {
        val s = state.value
        val wanted = step.coerceIn(0, s.lines.size)
        mutableState.value = try {
            s.copy(step = wanted, scene = table.historyScene(wanted.toUInt()), message = null)
        } catch (e: SkaldException) {
            s.copy(message = e.message)
        }
    }

    fun back() = select(state.value.step - 1)

    fun forward() = select(state.value.step + 1)

    /** A new game from the step looked at: fresh dice, hidden cards dealt again. */
    fun continueHere(name: String): Table? = try {
        table.continueFrom(state.value.step.toUInt(), name)
    } catch (e: SkaldException) {
        mutableState.value = state.value.copy(message = e.message)
        null
    }
}
