/// Which part of the map the view shows, and how large: screen = map * scale + (left, top).
/// A value: every change returns a new viewport, already held within the limits, so a
/// shell keeps one and swaps it on each gesture.
///
/// The limits: the scale stays between the fitted one (the whole map in the view) and
/// `maxZoom` times it; along each axis the map either covers the view (when larger than
/// the view there) or sits centred in it, so no gesture can lose the map.
public struct Viewport: Equatable, Sendable {
    public var mapWidth: Float
    public var mapHeight: Float
    public var viewWidth: Float
    public var viewHeight: Float
    /// Screen pixels per map unit.
    public var scale: Float
    /// Where the map's origin lands on the screen.
    public var left: Float
    public var top: Float

    /// How far in a person may zoom: Fury's counters' values, 7 to 10 pixels high on a
    /// phone with the whole map fitted, are then about as large as a finger.
    public static let maxZoom: Float = 6

    public init(mapWidth: Float, mapHeight: Float, viewWidth: Float, viewHeight: Float,
                scale: Float, left: Float, top: Float) {
        self.mapWidth = mapWidth
        self.mapHeight = mapHeight
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.scale = scale
        self.left = left
        self.top = top
    }

    /// The whole map, as large as the view allows, centred in it; nil when either has no size
    /// (a view not laid out yet).
    public static func fit(mapWidth: Float, mapHeight: Float, viewWidth: Float, viewHeight: Float) -> Viewport? {
        guard mapWidth > 0, mapHeight > 0, viewWidth > 0, viewHeight > 0 else { return nil }
        let s = fittedScale(mapWidth, mapHeight, viewWidth, viewHeight)
        return Viewport(mapWidth: mapWidth, mapHeight: mapHeight, viewWidth: viewWidth, viewHeight: viewHeight,
                        scale: s, left: (viewWidth - mapWidth * s) / 2, top: (viewHeight - mapHeight * s) / 2)
    }

    /// The scale at which the whole map fits the view.
    public var fittedScale: Float { Viewport.fittedScale(mapWidth, mapHeight, viewWidth, viewHeight) }

    /// How many times larger than fitted the map is drawn (1 when fitted).
    public var zoom: Float { scale / fittedScale }

    public func toScreen(_ map: Pt) -> Pt { Pt(map.x * scale + left, map.y * scale + top) }

    public func toMap(_ screen: Pt) -> Pt { Pt((screen.x - left) / scale, (screen.y - top) / scale) }

    /// The part of the map on screen, in map units.
    public func visibleMap() -> MapRect {
        let a = toMap(Pt(0, 0))
        let b = toMap(Pt(viewWidth, viewHeight))
        return MapRect(left: a.x, top: a.y, right: b.x, bottom: b.y)
    }

    /// Scaled by `factor` about `focus` (a pinch's centre): the map point under the focus
    /// stays under it, unless the limits push the map back.
    public func zoomAt(_ factor: Float, focus: Pt) -> Viewport {
        guard factor > 0, factor.isFinite else { return self }
        let under = toMap(focus)
        let s = clampScale(scale * factor)
        var next = self
        next.scale = s
        next.left = focus.x - under.x * s
        next.top = focus.y - under.y * s
        return next.held()
    }

    /// Moved by a drag of (dx, dy) screen pixels.
    public func panBy(_ dx: Float, _ dy: Float) -> Viewport {
        guard dx.isFinite, dy.isFinite else { return self }
        var next = self
        next.left += dx
        next.top += dy
        return next.held()
    }

    /// `factor` times the fitted scale, with `map` (map units) at the view's centre as near
    /// as the limits allow: to show a piece or a cell up close.
    public func zoomOnto(_ map: Pt, factor: Float) -> Viewport {
        let s = clampScale(fittedScale * factor)
        var next = self
        next.scale = s
        next.left = viewWidth / 2 - map.x * s
        next.top = viewHeight / 2 - map.y * s
        return next.held()
    }

    /// The same map point at the view's centre and the same zoom in a view of a new size
    /// (the device turned, a panel opened).
    public func resized(width: Float, height: Float) -> Viewport {
        guard width > 0, height > 0 else { return self }
        let centre = toMap(Pt(viewWidth / 2, viewHeight / 2))
        var next = self
        next.viewWidth = width
        next.viewHeight = height
        let s = next.fittedScale * zoom
        next.scale = s
        next.left = width / 2 - centre.x * s
        next.top = height / 2 - centre.y * s
        return next.held()
    }

    private func clampScale(_ s: Float) -> Float {
        min(max(s, fittedScale), fittedScale * Viewport.maxZoom)
    }

    /// This viewport moved back within the limits.
    private func held() -> Viewport {
        var next = self
        next.scale = clampScale(scale)
        next.left = Viewport.heldOffset(left, extent: mapWidth * next.scale, view: viewWidth)
        next.top = Viewport.heldOffset(top, extent: mapHeight * next.scale, view: viewHeight)
        return next
    }

    private static func fittedScale(_ mapWidth: Float, _ mapHeight: Float, _ viewWidth: Float, _ viewHeight: Float) -> Float {
        min(viewWidth / mapWidth, viewHeight / mapHeight)
    }

    /// Along one axis: the map (`extent` pixels long) centred when it fits the view (within
    /// half a pixel, which rounding may leave at the fitted scale), else with no gap between
    /// its edges and the view's.
    private static func heldOffset(_ offset: Float, extent: Float, view: Float) -> Float {
        if extent <= view + 0.5 { return (view - extent) / 2 }
        return min(max(offset, view - extent), 0)
    }
}

/// A rectangle in map units, for telling what is on screen.
public struct MapRect: Equatable, Sendable {
    public var left: Float
    public var top: Float
    public var right: Float
    public var bottom: Float

    /// Whether a box from (minX, minY) to (maxX, maxY) touches this rectangle.
    public func meets(minX: Float, minY: Float, maxX: Float, maxY: Float) -> Bool {
        maxX >= left && minX <= right && maxY >= top && minY <= bottom
    }
}
