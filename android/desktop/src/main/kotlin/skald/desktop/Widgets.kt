package skald.desktop

import java.awt.Color
import java.awt.Component
import java.awt.Dimension
import java.awt.Font
import javax.swing.BorderFactory
import javax.swing.Box
import javax.swing.BoxLayout
import javax.swing.JButton
import javax.swing.JComponent
import javax.swing.JLabel
import javax.swing.JPanel
import javax.swing.JTextArea

/** The few widget shapes every screen uses, so they look alike. */
internal object Widgets {
    val INK = Color(0x222222)
    val WARN = Color(0xB03A00)
    val PAPER = Color(0xFAFAF7)

    fun button(label: String, name: String = label, action: () -> Unit) = JButton(label).apply {
        this.name = name
        isFocusPainted = false
        addActionListener { action() }
    }

    fun title(text: String) = JLabel(text).apply {
        font = font.deriveFont(Font.BOLD, 22f)
        alignmentX = Component.LEFT_ALIGNMENT
    }

    /** Text that wraps at the panel's width and may be long (a prompt, a card, a log line). */
    fun wrapped(text: String, name: String? = null, colour: Color = INK, bold: Boolean = false) = WrappedText(text).apply {
        this.name = name
        lineWrap = true
        wrapStyleWord = true
        isEditable = false
        isOpaque = false
        foreground = colour
        border = BorderFactory.createEmptyBorder(2, 0, 2, 0)
        font = (if (bold) font.deriveFont(Font.BOLD) else font).deriveFont(14f)
        alignmentX = Component.LEFT_ALIGNMENT
    }

    /** A vertical column of components, left-aligned. */
    fun column(vararg parts: JComponent): JPanel = Column().apply { parts.forEach { add(it) } }

    fun gap(height: Int = 10): JComponent = Box.createVerticalStrut(height) as JComponent

    fun heading(text: String) = JLabel(text).apply {
        font = font.deriveFont(Font.BOLD, 15f)
        alignmentX = Component.LEFT_ALIGNMENT
        border = BorderFactory.createEmptyBorder(8, 0, 2, 0)
    }
}

/**
 * Components one under another at their preferred heights, all left-aligned, as wide as
 * the scroll pane showing it: wrapped text then knows its width and so its height.
 */
internal class Column : JPanel(), javax.swing.Scrollable {
    init {
        layout = BoxLayout(this, BoxLayout.Y_AXIS)
        isOpaque = false
    }

    override fun addImpl(comp: Component, constraints: Any?, index: Int) {
        (comp as? JComponent)?.alignmentX = Component.LEFT_ALIGNMENT
        super.addImpl(comp, constraints, index)
    }

    override fun getPreferredScrollableViewportSize(): Dimension = preferredSize

    override fun getScrollableUnitIncrement(visible: java.awt.Rectangle, orientation: Int, direction: Int) = 16

    override fun getScrollableBlockIncrement(visible: java.awt.Rectangle, orientation: Int, direction: Int) = visible.height

    override fun getScrollableTracksViewportWidth() = true

    override fun getScrollableTracksViewportHeight() = false
}

/** Wrapped text that a column gives its own height only, never the column's spare room. */
internal class WrappedText(text: String) : JTextArea(text) {
    override fun getMaximumSize(): Dimension = Dimension(Int.MAX_VALUE, preferredSize.height)
}
