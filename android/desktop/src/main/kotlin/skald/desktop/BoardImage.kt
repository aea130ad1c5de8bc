package skald.desktop

import java.awt.image.BufferedImage
import java.io.File
import javax.imageio.ImageIO
import skald.paint.ScenePainter
import skald.paint.Viewport
import uniffi.skald_ffi.Scene

/**
 * A scene's map painted into an image: for the desktop window's screenshots and for
 * tests that look at pixels. Without a viewport the whole map is fitted and centred.
 */
fun boardImage(scene: Scene, width: Int, height: Int, viewport: Viewport? = null): BufferedImage {
    require(width > 0 && height > 0) { "an image needs a size, not $width x $height" }
    val image = BufferedImage(width, height, BufferedImage.TYPE_INT_RGB)
    val g = image.createGraphics()
    try {
        val view = viewport ?: Viewport.fit(scene.width, scene.height, width.toFloat(), height.toFloat())
        ScenePainter.paint(scene, Java2DCanvas(g), view)
    } finally {
        g.dispose()
    }
    return image
}

/** Writes the image as a PNG, making its folder if need be. */
fun writePng(image: BufferedImage, file: File) {
    file.absoluteFile.parentFile?.mkdirs()
    check(ImageIO.write(image, "png", file)) { "no PNG writer for $file" }
}
