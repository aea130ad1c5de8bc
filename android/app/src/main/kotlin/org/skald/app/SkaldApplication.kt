package org.skald.app

import android.app.Application
import android.content.pm.ApplicationInfo
import android.util.Log
import java.io.File
import uniffi.skald_ffi.LogLevel
import uniffi.skald_ffi.LogSink
import uniffi.skald_ffi.SaveFolder
import uniffi.skald_ffi.setLogSink

/**
 * The process: the core's log goes to logcat from the start, and the saves folder is
 * opened once (its database allows one opener at a time, and an activity may be created
 * again while the process lives on).
 */
class SkaldApplication : Application() {
    /** The saves in filesDir/saves, or why they could not be opened. */
    val saves: Result<SaveFolder> by lazy {
        runCatching { SaveFolder.open(File(filesDir, "saves").apply { mkdirs() }.absolutePath) }
    }

    override fun onCreate() {
        super.onCreate()
        val debuggable = (applicationInfo.flags and ApplicationInfo.FLAG_DEBUGGABLE) != 0
        setLogSink(Logcat, if (debuggable) LogLevel.DEBUG else LogLevel.INFO)
    }

    /** The core's log lines (and any panic's message, with where it happened) in logcat. */
    private object Logcat : LogSink {
        private const val TAG = "skald"

        override fun write(level: LogLevel, target: String, message: String) {
            val line = "$target: $message"
            when (level) {
                LogLevel.ERROR -> Log.e(TAG, line)
                LogLevel.WARN -> Log.w(TAG, line)
                LogLevel.INFO -> Log.i(TAG, line)
                LogLevel.DEBUG -> Log.d(TAG, line)
                LogLevel.TRACE -> Log.v(TAG, line)
            }
        }
    }
}
