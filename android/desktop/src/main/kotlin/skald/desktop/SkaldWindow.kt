package skald.desktop

import java.awt.BorderLayout
import java.awt.Dimension
import java.awt.event.ActionEvent
import java.awt.event.KeyEvent
import java.awt.event.WindowAdapter
import java.awt.event.WindowEvent
import javax.swing.JComponent
import javax.swing.AbstractAction
import javax.swing.JFrame
import javax.swing.KeyStroke
import javax.swing.WindowConstants
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import skald.app.AppViewModel
import skald.app.Route

/**
 * The desktop window: one screen at a time, as the app's route says. Each screen watches
 * its model in a scope of its own, ended when the person goes elsewhere.
 */
class SkaldWindow(val app: AppViewModel, private val appScope: CoroutineScope) : JFrame("Skald") {
    /** The screen shown now (the self-test reads it). */
    var screen: JComponent? = null
        private set
    private var screenScope: CoroutineScope? = null

    init {
        defaultCloseOperation = WindowConstants.DISPOSE_ON_CLOSE
        minimumSize = Dimension(900, 640)
        size = Dimension(1280, 800)
        contentPane.layout = BorderLayout()
        addWindowListener(
            object : WindowAdapter() {
                override fun windowClosed(e: WindowEvent) {
                    // Leaving the window leaves the game: the computer stops thinking.
                    app.close()
                    appScope.cancel()
                }
            },
        )
        // Escape is the desktop's back gesture: a stack opened out closes, a choice begun
        // is cleared, and only then is the screen left (AppViewModel.back).
        rootPane.getInputMap(JComponent.WHEN_IN_FOCUSED_WINDOW).put(KeyStroke.getKeyStroke(KeyEvent.VK_ESCAPE, 0), BACK)
        rootPane.actionMap.put(
            BACK,
            object : AbstractAction() {
                override fun actionPerformed(e: ActionEvent) {
                    app.back()
                }
            },
        )
        appScope.observe(app.route, ::show)
    }

    private fun show(route: Route) {
        screenScope?.cancel()
        val scope = CoroutineScope(SupervisorJob(appScope.coroutineContext[Job]) + Edt)
        screenScope = scope
        val next: JComponent = when (route) {
            Route.Home -> HomePanel(app, scope)
            is Route.NewGame -> NewGamePanel(app, route.model, scope)
            is Route.Play -> PlayPanel(route.model, scope, onHistory = app::history, onHome = app::home)
            is Route.History -> HistoryPanel(app, route.model, scope)
            Route.Saves -> SavesPanel(app, scope)
        }
        contentPane.removeAll()
        contentPane.add(next, BorderLayout.CENTER)
        screen = next
        contentPane.revalidate()
        contentPane.repaint()
    }
}

private const val BACK = "back"
