import SkaldNeutral
import XCTest

/// Pan and zoom: map units to pixels and back, a pinch that keeps its focus, and the
/// limits that keep the map in view. Fury's map (1220 by 1685 units) on a phone.
final class ViewportTests: XCTestCase {
    private let phone = Viewport.fit(mapWidth: 1220, mapHeight: 1685, viewWidth: 1080, viewHeight: 1920)!

    func testFitShowsTheWholeMapCentredAsLargeAsTheViewAllows() throws {
        // The width decides on a tall phone: 1080 / 1220 pixels a unit.
        XCTAssertEqual(phone.scale, 1080 / 1220)
        XCTAssertEqual(phone.left, 0)
        assertNear((1920 - 1685 * 1080 / 1220) / 2, phone.top, "top")
        XCTAssertEqual(phone.zoom, 1)
        XCTAssertEqual(phone.toScreen(Pt(0, 0)), Pt(0, phone.top))
        assertNear(Pt(1080, 1920 - phone.top), phone.toScreen(Pt(1220, 1685)), "far corner")
        // A wide window: the height decides, and the map is centred across.
        let wide = try XCTUnwrap(Viewport.fit(mapWidth: 1220, mapHeight: 1685, viewWidth: 2000, viewHeight: 1000))
        XCTAssertEqual(wide.scale, 1000 / 1685)
        assertNear((2000 - 1220 * wide.scale) / 2, wide.left, "left")
        XCTAssertEqual(wide.top, 0)
        // A view not laid out yet has no viewport.
        XCTAssertNil(Viewport.fit(mapWidth: 1220, mapHeight: 1685, viewWidth: 0, viewHeight: 100))
    }

    func testToMapUndoesToScreenAnywhereAtAnyZoom() {
        let views = [phone, phone.zoomAt(2.5, focus: Pt(300, 700)), phone.zoomOnto(Pt(1000, 200), factor: 6).panBy(-40, 75)]
        for view in views {
            for x: Float in [0, 17.5, 610, 1219] {
                for y: Float in [0, 3.25, 842, 1685] {
                    assertNear(Pt(x, y), view.toMap(view.toScreen(Pt(x, y))), "(\(x), \(y)) through \(view)")
                }
            }
        }
    }

    func testZoomAtKeepsTheMapPointUnderTheFocus() {
        let focus = Pt(540, 960)
        let under = phone.toMap(focus)
        let twice = phone.zoomAt(2, focus: focus)
        assertNear(2, twice.zoom, "zoom")
        assertNear(under, twice.toMap(focus), "under the centre")
        // Off centre, zoomed in further and out again, while the map still covers the view.
        let aside = Pt(300, 1200)
        let underAside = twice.toMap(aside)
        let more = twice.zoomAt(1.5, focus: aside)
        assertNear(3, more.zoom, "zoom")
        assertNear(underAside, more.toMap(aside), "under the pinch")
        let less = more.zoomAt(0.8, focus: aside)
        assertNear(2.4, less.zoom, "zoom")
        assertNear(underAside, less.toMap(aside), "under the pinch, zooming out")
    }

    func testZoomStaysBetweenFittedAndSixTimesIt() {
        XCTAssertEqual(phone.zoomAt(100, focus: Pt(540, 960)).scale, Viewport.maxZoom * phone.fittedScale)
        XCTAssertEqual(phone.zoomAt(3, focus: Pt(100, 100)).zoomAt(0.01, focus: Pt(900, 100)), phone)
        XCTAssertEqual(phone.zoomAt(0, focus: Pt(540, 960)), phone)
        XCTAssertEqual(phone.zoomAt(.nan, focus: Pt(540, 960)), phone)
        assertNear(Viewport.maxZoom, phone.zoomOnto(Pt(610, 842), factor: 50).zoom, "most")
        XCTAssertEqual(phone.zoomOnto(Pt(610, 842), factor: 0.2).scale, phone.fittedScale)
    }

    func testTheMapCannotBePannedOutOfView() {
        // Fitted, a drag moves nothing: the whole map is already in view.
        XCTAssertEqual(phone.panBy(500, -300), phone)
        let zoomed = phone.zoomAt(3, focus: Pt(540, 960))
        // Dragged far right and down, the map's top left corner stops at the view's.
        XCTAssertEqual(zoomed.panBy(1e6, 1e6).toScreen(Pt(0, 0)), Pt(0, 0))
        // Far the other way, its bottom right corner stops at the view's.
        assertNear(Pt(1080, 1920), zoomed.panBy(-1e6, -1e6).toScreen(Pt(1220, 1685)), "bottom right")
        XCTAssertEqual(zoomed.panBy(.nan, 3), zoomed)
        // A small drag moves the map by as much.
        let dragged = zoomed.panBy(-30, 20)
        assertNear(zoomed.left - 30, dragged.left, "left")
        assertNear(zoomed.top + 20, dragged.top, "top")
        // Zoomed just enough that the map is wider (by 54 pixels) but not taller than the
        // view: it pans across to either edge and stays centred down.
        let slightly = phone.zoomAt(1.05, focus: Pt(540, 960)).panBy(-1e6, -1e6)
        assertNear((1920 - 1685 * slightly.scale) / 2, slightly.top, "centred down")
        assertNear(1080 - 1220 * slightly.scale, slightly.left, "across")
        XCTAssertEqual(slightly.panBy(1e6, 0).left, 0)
    }

    func testZoomOntoCentresAPointUnlessTheMapWouldLeaveTheView() {
        let middle = phone.zoomOnto(Pt(610, 842), factor: 3)
        assertNear(3, middle.zoom, "zoom")
        assertNear(Pt(540, 960), middle.toScreen(Pt(610, 842)), "centred")
        // A corner cannot come to the centre: the map's corner stays at the view's.
        let corner = phone.zoomOnto(Pt(20, 20), factor: 3)
        XCTAssertEqual(corner.toScreen(Pt(0, 0)), Pt(0, 0))
        let shown = corner.visibleMap()
        XCTAssertEqual(shown.left, 0)
        assertNear(1080 / corner.scale, shown.right, "right")
    }

    func testAResizedViewKeepsItsCentreAndZoom() {
        let turned = phone.zoomOnto(Pt(400, 900), factor: 2).resized(width: 1000, height: 1500)
        assertNear(2, turned.zoom, "zoom")
        XCTAssertEqual(turned.fittedScale, 1000 / 1220)
        assertNear(Pt(400, 900), turned.toMap(Pt(500, 750)), "centre")
    }
}
