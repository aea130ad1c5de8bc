package skald.app

import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.skald_ffi.SaveEntry
import uniffi.skald_ffi.SaveFolder
import uniffi.skald_ffi.SavedSeat
import uniffi.skald_ffi.SkaldException

data class SavesState(
    /** Newest first; damaged saves are listed with their reason and cannot be opened. */
    val saves: List<SaveEntry> = emptyList(),
    /** What was repaired when the saves were opened after a crash. */
    val recovery: String? = null,
    /** The last error or confirmation, in words. */
    val message: String? = null,
) {
    /** The game "continue" opens: the newest save that is not damaged. */
    val last: SaveEntry? get() = saves.firstOrNull { it.damaged == null }
}

/**
 * The saves as the home and saves screens show them (issue 12): continue the last game,
 * rename, delete, export (a full backup, or a replay of what some seats saw) and import.
 * Exports are text: the shell writes or shares the file.
 */
class SavesViewModel(private val folder: SaveFolder) {
    private val mutableState = MutableStateFlow(SavesState(recovery = folder.recovery()))
    val state: StateFlow<SavesState> = mutableState.asStateFlow()

    init {
        refresh()
    }

    fun refresh(message: String? = null) = guarded {
        mutableState.value = state.value.copy(saves = folder.saves(), message = message)
    }

    fun rename(id: ULong, name: String) = guarded {
        folder.rename(id, name)
        refresh("renamed")
    }

    fun delete(id: ULong) = guarded {
        folder.delete(id)
        refresh("deleted")
    }

    /** The whole save, seed and every secret included: for moving it to another device. */
    fun exportBackup(id: ULong): String? = answer { folder.exportBackup(id) }

    /** What [seats] (by id) saw of the game, to share without giving away the others' secrets. */
    fun exportReplay(id: ULong, seats: List<String>): String? = answer { folder.exportReplay(id, seats) }

    /** The seats a replay of save [id] may be seen from, as its line lists them (a chooser
     *  shows [choice]); empty for an unknown or damaged save. */
    fun replaySeats(id: ULong): List<SavedSeat> = state.value.saves.firstOrNull { it.id == id }?.seatList.orEmpty()

    /** What one seat, chosen from [replaySeats], saw of the game. */
    fun exportReplay(id: ULong, seat: SavedSeat): String? = exportReplay(id, listOf(seat.seat))

    /** A backup back as a save; its id, or null with the reason in the state. */
    fun importBackup(text: String): ULong? = answer { folder.importBackup(text) }?.also { refresh("imported") }

    private fun <T> answer(call: () -> T): T? = try {
        call()
    } catch (e: SkaldException) {
        mutableState.value = state.value.copy(message = e.message)
        null
    }

    private fun guarded(call: () -> Unit) {
        answer(call)
    }
}
