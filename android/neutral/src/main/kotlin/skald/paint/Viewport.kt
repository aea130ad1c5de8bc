package skald.paint

/**
 * Which part of the map the view shows, and how large: screen = map * scale + (left, top).
 * Immutable: every change returns a new viewport, already held within the limits, so the
 * platform shells keep one value and swap it on each gesture.
 *
 * The limits: the scale stays between the fitted one (the whole map in the view) and
 * [MAX_ZOOM] times it; along each axis the map either covers the view (when it is larger
 * than the view there) or sits centred in it, so the map is never panned out of view and
 * no gesture can lose it.
 */
data class Viewport(
    val mapWidth: Float,
    val mapHeight: Float,
    val viewWidth: Float,
    val viewHeight: Float,
    /** Screen pixels per map unit. */
    val scale: Float,
    /** Where the map's origin lands on the screen. */
    val left: Float,
    val top: Float,
) {
    /** The scale at which the whole map fits the view. */
    val fittedScale: Float
        get() = fittedScale(mapWidth, mapHeight, viewWidth, viewHeight)

    /** How many times larger than fitted the map is drawn (1 when fitted). */
    val zoom: Float
        get() = scale / fittedScale

    fun toScreen(map: Pt): Pt = Pt(map.x * scale + left, map.y * scale + top)

    fun toMap(screen: Pt): Pt = Pt((screen.x - left) / scale, (screen.y - top) / scale)

    /** The part of the map on screen, in map units, as (left, top, right, bottom). */
    fun visibleMap(): MapRect {
        val a = toMap(Pt(0f, 0f))
        val b = toMap(Pt(viewWidth, viewHeight))
        return MapRect(a.x, a.y, b.x, b.y)
    }

    /** Scaled by `factor` about `focus` (a pinch's centre): the map point under the
     *  focus stays under it, unless the limits push the map back. */
    fun zoomAt(factor: Float, focus: Pt): Viewport {
        if (!(factor > 0f) || factor.isInfinite()) return this
        val under = toMap(focus)
        val s = (scale * factor).coerceIn(fittedScale, fittedScale * MAX_ZOOM)
        return copy(scale = s, left = focus.x - under.x * s, top = focus.y - under.y * s).held()
    }

    /** Moved by a drag of (dx, dy) screen pixels. */
    fun panBy(dx: Float, dy: Float): Viewport {
        if (!dx.isFinite() || !dy.isFinite()) return this
        return copy(left = left + dx, top = top + dy).held()
    }

    /** `factor` times the fitted scale, with `map` (in map units) at the view's centre as
     *  near as the limits allow: to show a piece or a cell up close. */
    fun zoomOnto(map: Pt, factor: Float): Viewport {
        val s = (fittedScale * factor).coerceIn(fittedScale, fittedScale * MAX_ZOOM)
        return copy(scale = s, left = viewWidth / 2 - map.x * s, top = viewHeight / 2 - map.y * s).held()
    }

    /** The same map point at the view's centre and the same zoom in a view of a new size
     *  (the device turned, a panel opened). */
    fun resized(width: Float, height: Float): Viewport {
        val centre = toMap(Pt(viewWidth / 2, viewHeight / 2))
        return copy(viewWidth = width, viewHeight = height).let { v ->
            val s = v.fittedScale * zoom
            v.copy(scale = s, left = width / 2 - centre.x * s, top = height / 2 - centre.y * s).held()
        }
    }

    /** This viewport moved back within the limits. */
    private fun held(): Viewport {
        val s = scale.coerceIn(fittedScale, fittedScale * MAX_ZOOM)
        return copy(
            scale = s,
            left = heldOffset(left, mapWidth * s, viewWidth),
            top = heldOffset(top, mapHeight * s, viewHeight),
        )
    }

    companion object {
        /** How far in a person may zoom: Fury's counters' values, 7 to 10 pixels high on
         *  a phone with the whole map fitted, are then about as large as a finger. */
        const val MAX_ZOOM = 6f

        /** The whole map, as large as the view allows, centred in it. */
        fun fit(mapWidth: Float, mapHeight: Float, viewWidth: Float, viewHeight: Float): Viewport {
            require(mapWidth > 0f && mapHeight > 0f && viewWidth > 0f && viewHeight > 0f) {
                "map and view must have a size: map $mapWidth x $mapHeight, view $viewWidth x $viewHeight"
            }
            val s = fittedScale(mapWidth, mapHeight, viewWidth, viewHeight)
            return Viewport(
                mapWidth, mapHeight, viewWidth, viewHeight, s,
                (viewWidth - mapWidth * s) / 2, (viewHeight - mapHeight * s) / 2,
            )
        }

        private fun fittedScale(mapWidth: Float, mapHeight: Float, viewWidth: Float, viewHeight: Float) =
            minOf(viewWidth / mapWidth, viewHeight / mapHeight)

        /** Along one axis: the map (`extent` pixels long) centred when it fits the view
         *  (within half a pixel, which rounding may leave at the fitted scale), else with
         *  no gap between its edges and the view's. */
        private fun heldOffset(offset: Float, extent: Float, view: Float): Float =
            if (extent <= view + 0.5f) (view - extent) / 2 else offset.coerceIn(view - extent, 0f)
    }
}

/** A rectangle in map units, for telling what is on screen. */
data class MapRect(val left: Float, val top: Float, val right: Float, val bottom: Float) {
    /** Whether a box from (minX, minY) to (maxX, maxY) touches this rectangle. */
    fun meets(minX: Float, minY: Float, maxX: Float, maxY: Float): Boolean =
        maxX >= left && minX <= right && maxY >= top && minY <= bottom
}
