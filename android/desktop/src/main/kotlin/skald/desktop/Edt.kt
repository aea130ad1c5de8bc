package skald.desktop

import javax.swing.SwingUtilities
import kotlin.coroutines.CoroutineContext
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.launch

/**
 * Swing's event thread as a coroutine dispatcher: what the view-models publish from the
 * computer's thread is drawn here (kotlinx-coroutines-swing is not among the tools).
 */
object Edt : CoroutineDispatcher() {
    override fun dispatch(context: CoroutineContext, block: Runnable) {
        if (SwingUtilities.isEventDispatchThread()) block.run() else SwingUtilities.invokeLater(block)
    }

    override fun isDispatchNeeded(context: CoroutineContext): Boolean = !SwingUtilities.isEventDispatchThread()
}

/** Draws every value of [flow] on the event thread until [scope] ends. */
fun <T> CoroutineScope.observe(flow: StateFlow<T>, draw: (T) -> Unit): Job = launch(Edt) {
    flow.collect { draw(it) }
}
