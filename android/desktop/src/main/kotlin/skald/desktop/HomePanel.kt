package skald.desktop

import java.awt.GridBagLayout
import javax.swing.JPanel
import kotlinx.coroutines.CoroutineScope
import skald.app.AppViewModel

/** Home: continue the last game, start a new one, or look at the saves. */
class HomePanel(app: AppViewModel, scope: CoroutineScope) : JPanel(GridBagLayout()) {
    private val column = Widgets.column()

    init {
        name = "home"
        background = Widgets.PAPER
        add(column)
        scope.observe(app.saves.state) { saves ->
            column.removeAll()
            column.add(Widgets.title("Skald"))
            column.add(Widgets.wrapped("Viking-age board wargames, against the computer or passing the device around."))
            column.add(Widgets.gap(20))
            val last = saves.last
            if (last != null) {
                column.add(Widgets.button("Continue: ${last.name} (${last.progress})", "continue") { app.continueLast() })
                column.add(Widgets.gap())
            }
            column.add(Widgets.button("New game", "new-game") { app.newGame() })
            column.add(Widgets.gap())
            column.add(Widgets.button("Saved games (${saves.saves.size})", "saves") { app.showSaves() })
            saves.recovery?.let { column.add(Widgets.wrapped(it, colour = Widgets.WARN)) }
            saves.message?.let { column.add(Widgets.wrapped(it, colour = Widgets.WARN)) }
            column.revalidate()
            column.repaint()
        }
    }
}
