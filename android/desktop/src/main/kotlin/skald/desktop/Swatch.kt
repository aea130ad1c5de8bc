package skald.desktop

import java.awt.Color
import java.awt.Component
import java.awt.Graphics
import javax.swing.Icon

/** A small square of a side's colour, beside its name. */
class Swatch(private val colour: Color, private val size: Int = 14) : Icon {
    override fun paintIcon(c: Component?, g: Graphics, x: Int, y: Int) {
        g.color = colour
        g.fillRect(x, y, size, size)
        g.color = Color.DARK_GRAY
        g.drawRect(x, y, size - 1, size - 1)
    }

    override fun getIconWidth() = size

    override fun getIconHeight() = size
}
