package org.skald.app

import android.app.Application
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.viewModelScope
import skald.app.AppViewModel

/**
 * Keeps the app's [AppViewModel] across configuration changes (the device turned), in
 * the activity's androidx ViewModel with its viewModelScope. The view-model's calls
 * come from the main thread; the computer and the hint think on Dispatchers.Default.
 */
class SkaldHolder(application: Application) : AndroidViewModel(application) {
    private val saves = (application as SkaldApplication).saves

    /** Null when the saves could not be opened; [openError] says why. */
    val app: AppViewModel? = saves.getOrNull()?.let { AppViewModel(it, viewModelScope) }

    val openError: String? = saves.exceptionOrNull()?.let { it.message ?: it.toString() }

    override fun onCleared() {
        // The activity is finishing: the computer stops thinking and the game's handle is
        // freed. (viewModelScope ends with this holder; the saves folder stays open.)
        app?.close()
    }
}
