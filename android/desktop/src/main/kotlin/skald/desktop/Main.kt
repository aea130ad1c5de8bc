package skald.desktop

import java.io.File
import javax.swing.SwingUtilities
import kotlin.system.exitProcess
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.SupervisorJob
import skald.app.AppViewModel
import uniffi.skald_ffi.LogLevel
import uniffi.skald_ffi.LogSink
import uniffi.skald_ffi.SaveFolder
import uniffi.skald_ffi.setLogSink

/**
 * Skald's desktop window (issue 12): the app's neutral Kotlin and the same bindings as
 * Android, in Swing. `--data DIR` chooses the saves' folder (default ~/.local/share/skald-desktop);
 * `--selftest DIR` drives the window with a robot as a person would and writes its
 * screenshots there (see SelfTest.kt), exiting 0 when every check passed.
 */
fun main(args: Array<String>) {
    val data = args.valueAfter("--data") ?: "${System.getProperty("user.home")}/.local/share/skald-desktop"
    val selfTest = args.valueAfter("--selftest")
    setLogSink(
        object : LogSink {
            override fun write(level: LogLevel, target: String, message: String) {
                System.err.println("skald ${level.name.lowercase()} $target: $message")
            }
        },
        LogLevel.INFO,
    )
    File(data).mkdirs()
    val folder = SaveFolder.open(data)
    if (selfTest != null) {
        exitProcess(SelfTest(folder, File(selfTest)).run())
    }
    SwingUtilities.invokeLater {
        val scope = CoroutineScope(SupervisorJob() + Edt)
        SkaldWindow(AppViewModel(folder, scope), scope).isVisible = true
    }
}

private fun Array<String>.valueAfter(flag: String): String? = indexOf(flag).takeIf { it >= 0 }?.let { getOrNull(it + 1) }
