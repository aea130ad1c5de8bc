package org.skald.app

import android.app.Application
import android.util.Log
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.viewModelScope
import kotlinx.coroutines.CoroutineExceptionHandler
import kotlinx.coroutines.plus
import skald.app.AppViewModel

/**
 * Keeps the app's [AppViewModel] across configuration changes (the device turned), in
 * the activity's androidx ViewModel with its viewModelScope. The view-model's calls
 * come from the main thread; the computer and the hint think on Dispatchers.Default.
 */
class SkaldHolder(application: Application) : AndroidViewModel(application) {
    private val saves = (application as SkaldApplication).saves

    /**
     * The scope the computer's moves and the hint run in: viewModelScope (ended with this
     * holder), where an exception a coroutine does not catch goes to logcat instead of
     * ending the process. The view-model turns the core's refusals into messages itself;
     * what is left is a call racing a game being left (its table freed while the
     * computer's loop was between two calls) or a bug, neither worth a crash of the app
     * whose game is saved after every action.
     */
    private val scope = viewModelScope + CoroutineExceptionHandler { _, e ->
        Log.e("skald", "the computer or the hint stopped: $e", e)
    }

    /** Null when the saves could not be opened; [openError] says why. */
    val app: AppViewModel? = saves.getOrNull()?.let { AppViewModel(it, scope) }

    val openError: String? = saves.exceptionOrNull()?.let { it.message ?: it.toString() }

    override fun onCleared() {
        // The activity is finishing: the computer stops thinking and the game's handle is
        // freed. (viewModelScope ends with this holder; the saves folder stays open.)
        app?.close()
    }
}
