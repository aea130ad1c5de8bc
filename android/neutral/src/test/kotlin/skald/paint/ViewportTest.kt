package skald.paint

import kotlin.math.abs
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

/** Pan and zoom: map units to pixels and back, a pinch that keeps its focus, and the
 *  limits that keep the map in view. Fury's map (1220 by 1685 units) on a phone. */
class ViewportTest {
    private val phone = Viewport.fit(1220f, 1685f, 1080f, 1920f)

    private fun assertNear(expected: Float, actual: Float, what: String) =
        assertTrue(abs(expected - actual) <= 1e-3f * maxOf(1f, abs(expected)), "$what: expected $expected, was $actual")

    private fun assertNear(expected: Pt, actual: Pt, what: String) {
        assertNear(expected.x, actual.x, "$what x")
        assertNear(expected.y, actual.y, "$what y")
    }

    @Test
    fun fitShowsTheWholeMapCentredAsLargeAsTheViewAllows() {
        // The width decides on a tall phone: 1080 / 1220 pixels a unit.
        assertEquals(1080f / 1220f, phone.scale)
        assertEquals(0f, phone.left)
        assertNear((1920f - 1685f * 1080f / 1220f) / 2, phone.top, "top")
        assertEquals(1f, phone.zoom)
        assertEquals(Pt(0f, phone.top), phone.toScreen(Pt(0f, 0f)))
        assertNear(Pt(1080f, 1920f - phone.top), phone.toScreen(Pt(1220f, 1685f)), "far corner")
        // A wide window: the height decides, and the map is centred across.
        val wide = Viewport.fit(1220f, 1685f, 2000f, 1000f)
        assertEquals(1000f / 1685f, wide.scale)
        assertNear((2000f - 1220f * wide.scale) / 2, wide.left, "left")
        assertEquals(0f, wide.top)
        assertFailsWith<IllegalArgumentException> { Viewport.fit(1220f, 1685f, 0f, 100f) }
    }

    @Test
    fun toMapUndoesToScreenAnywhereAtAnyZoom() {
        val views = listOf(
            phone,
            phone.zoomAt(2.5f, Pt(300f, 700f)),
            phone.zoomOnto(Pt(1000f, 200f), 6f).panBy(-40f, 75f),
        )
        for (view in views) {
            for (x in listOf(0f, 17.5f, 610f, 1219f)) for (y in listOf(0f, 3.25f, 842f, 1685f)) {
                val p = Pt(x, y)
                assertNear(p, view.toMap(view.toScreen(p)), "$p through $view")
            }
        }
    }

    @Test
    fun zoomAtKeepsTheMapPointUnderTheFocus() {
        val focus = Pt(540f, 960f)
        val under = phone.toMap(focus)
        val twice = phone.zoomAt(2f, focus)
        assertNear(2f, twice.zoom, "zoom")
        assertNear(under, twice.toMap(focus), "under the centre")
        // Off centre, zoomed in further and out again, while the map still covers the view.
        val aside = Pt(300f, 1200f)
        val underAside = twice.toMap(aside)
        val more = twice.zoomAt(1.5f, aside)
        assertNear(3f, more.zoom, "zoom")
        assertNear(underAside, more.toMap(aside), "under the pinch")
        val less = more.zoomAt(0.8f, aside)
        assertNear(2.4f, less.zoom, "zoom")
        assertNear(underAside, less.toMap(aside), "under the pinch, zooming out")
    }

    @Test
    fun zoomStaysBetweenFittedAndSixTimesIt() {
        assertEquals(Viewport.MAX_ZOOM * phone.fittedScale, phone.zoomAt(100f, Pt(540f, 960f)).scale)
        assertEquals(phone, phone.zoomAt(3f, Pt(100f, 100f)).zoomAt(0.01f, Pt(900f, 100f)))
        assertEquals(phone, phone.zoomAt(0f, Pt(540f, 960f)))
        assertEquals(phone, phone.zoomAt(Float.NaN, Pt(540f, 960f)))
        assertNear(Viewport.MAX_ZOOM, phone.zoomOnto(Pt(610f, 842f), 50f).zoom, "most")
        assertEquals(phone.fittedScale, phone.zoomOnto(Pt(610f, 842f), 0.2f).scale)
    }

    @Test
    fun theMapCannotBePannedOutOfView() {
        // Fitted, a drag moves nothing: the whole map is already in view.
        assertEquals(phone, phone.panBy(500f, -300f))
        val zoomed = phone.zoomAt(3f, Pt(540f, 960f))
        // Dragged far right and down, the map's top left corner stops at the view's.
        val topLeft = zoomed.panBy(1e6f, 1e6f)
        assertEquals(Pt(0f, 0f), topLeft.toScreen(Pt(0f, 0f)))
        // Far the other way, its bottom right corner stops at the view's.
        val bottomRight = zoomed.panBy(-1e6f, -1e6f)
        assertNear(Pt(1080f, 1920f), bottomRight.toScreen(Pt(1220f, 1685f)), "bottom right")
        assertEquals(zoomed, zoomed.panBy(Float.NaN, 3f))
        // A small drag moves the map by as much.
        val dragged = zoomed.panBy(-30f, 20f)
        assertNear(zoomed.left - 30f, dragged.left, "left")
        assertNear(zoomed.top + 20f, dragged.top, "top")
        // Zoomed just enough that the map is wider (by 54 pixels) but not taller than the
        // view: it pans across to either edge and stays centred down.
        val slightly = phone.zoomAt(1.05f, Pt(540f, 960f)).panBy(-1e6f, -1e6f)
        assertNear((1920f - 1685f * slightly.scale) / 2, slightly.top, "centred down")
        assertNear(1080f - 1220f * slightly.scale, slightly.left, "across")
        assertEquals(0f, slightly.panBy(1e6f, 0f).left)
    }

    @Test
    fun zoomOntoCentresAPointUnlessTheMapWouldLeaveTheView() {
        val middle = phone.zoomOnto(Pt(610f, 842f), 3f)
        assertNear(3f, middle.zoom, "zoom")
        assertNear(Pt(540f, 960f), middle.toScreen(Pt(610f, 842f)), "centred")
        // A corner cannot come to the centre: the map's corner stays at the view's.
        val corner = phone.zoomOnto(Pt(20f, 20f), 3f)
        assertEquals(Pt(0f, 0f), corner.toScreen(Pt(0f, 0f)))
        val shown = corner.visibleMap()
        assertEquals(0f, shown.left)
        assertNear(1080f / corner.scale, shown.right, "right")
    }

    @Test
    fun aResizedViewKeepsItsCentreAndZoom() {
        val zoomed = phone.zoomOnto(Pt(400f, 900f), 2f)
        val turned = zoomed.resized(1000f, 1500f)
        assertNear(2f, turned.zoom, "zoom")
        assertEquals(1000f / 1220f, turned.fittedScale)
        assertNear(Pt(400f, 900f), turned.toMap(Pt(500f, 750f)), "centre")
    }
}
