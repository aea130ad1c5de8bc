package org.skald.app

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.viewModels

/** The one activity: the app's screens in Compose, as the route says. */
class MainActivity : ComponentActivity() {
    private val holder: SkaldHolder by viewModels()

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        enableEdgeToEdge()
        // Back is one screen back (SkaldApp's BackHandler); at home the system's own back
        // leaves the app, with its predictive animation.
        setContent {
            SkaldApp(holder)
        }
    }
}
