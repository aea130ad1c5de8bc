package org.skald.app

import androidx.activity.compose.BackHandler
import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.safeDrawingPadding
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import skald.app.AppViewModel
import skald.app.Route

/** The app: the screen the route names, inside the system bars and clear of the keyboard. */
@Composable
fun SkaldApp(holder: SkaldHolder) {
    MaterialTheme(colorScheme = if (isSystemInDarkTheme()) darkColorScheme() else lightColorScheme()) {
        Surface(Modifier.fillMaxSize()) {
            Box(Modifier.safeDrawingPadding()) {
                val app = holder.app
                if (app == null) {
                    CannotOpen(holder.openError)
                } else {
                    Screens(app)
                }
            }
        }
    }
}

@Composable
private fun Screens(app: AppViewModel) {
    val route by app.route.collectAsState()
    // Back is one step back on every screen but home (AppViewModel.back is false only
    // there); at home no callback is enabled, so the system leaves the app as it does
    // for any app (moving the task back, with the predictive back animation) instead of
    // the app finishing itself.
    BackHandler(enabled = route != Route.Home) { app.back() }
    when (val now = route) {
        Route.Home -> HomeScreen(app)
        is Route.NewGame -> NewGameScreen(app, now.model)
        is Route.Play -> PlayScreen(app, now.model)
        is Route.History -> HistoryScreen(app, now.model)
        Route.Saves -> SavesScreen(app)
    }
}

/** The saves could not be opened (a newer app's format, a full disk): said, never hidden. */
@Composable
private fun CannotOpen(reason: String?) {
    Column(Modifier.padding(24.dp), verticalArrangement = Arrangement.spacedBy(12.dp)) {
        Title("Skald cannot open its saved games")
        reason?.let { Warning(it) }
    }
}
