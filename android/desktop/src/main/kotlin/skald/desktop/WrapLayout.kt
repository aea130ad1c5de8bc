package skald.desktop

import java.awt.Container
import java.awt.Dimension
import java.awt.FlowLayout

/**
 * A FlowLayout that reports the height of all its rows, so that a row of buttons wider
 * than the side panel wraps onto more lines instead of running off its edge.
 */
class WrapLayout(align: Int, hgap: Int, vgap: Int) : FlowLayout(align, hgap, vgap) {
    override fun preferredLayoutSize(target: Container): Dimension = size(target, preferred = true)

    override fun minimumLayoutSize(target: Container): Dimension = size(target, preferred = false)

    private fun size(target: Container, preferred: Boolean): Dimension {
        val insets = target.insets
        val available = (target.parent?.width?.takeIf { it > 0 } ?: target.width).takeIf { it > 0 } ?: Int.MAX_VALUE
        val maxWidth = available - insets.left - insets.right - hgap * 2
        var width = 0
        var height = 0
        var rowWidth = 0
        var rowHeight = 0
        for (c in target.components) {
            if (!c.isVisible) continue
            val d = if (preferred) c.preferredSize else c.minimumSize
            if (rowWidth > 0 && rowWidth + hgap + d.width > maxWidth) {
                width = maxOf(width, rowWidth)
                height += rowHeight + vgap
                rowWidth = 0
                rowHeight = 0
            }
            rowWidth += (if (rowWidth > 0) hgap else 0) + d.width
            rowHeight = maxOf(rowHeight, d.height)
        }
        width = maxOf(width, rowWidth)
        height += rowHeight
        return Dimension(width + insets.left + insets.right + hgap * 2, height + insets.top + insets.bottom + vgap * 2)
    }
}
