package org.skald.app

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.addCallback
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.viewModels

/** The one activity: the app's screens in Compose, as the route says. */
class MainActivity : ComponentActivity() {
    private val holder: SkaldHolder by viewModels()

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        enableEdgeToEdge()
        // Back is one screen back; at home it closes the app.
        onBackPressedDispatcher.addCallback(this) {
            if (holder.app?.back() != true) finish()
        }
        setContent {
            SkaldApp(holder)
        }
    }
}
