#!/usr/bin/env python3
"""Draws 878's England as data: core/data/v878/shapes.json (issue 11).

The brief gives the shires' borders (G1) and which shires touch which sea (G3), not
their shapes. This script takes Natural Earth's public-domain coastline (the npm
package `world-atlas`, fetched with `npm pack`), cuts out England, Wales and the edge
of Scotland, and divides the land among generator points: each shire owns a point at
its town and a few helpers. A shire is the union of its points' Voronoi cells. The
helper points are nudged by a small random search until the drawing's borders are
exactly the rules' borders and each shire touches exactly its seas. The sea around the
land is split into the four zones at Dover (G3), Land's End and St David's Head.

Run: `python3 -m venv venv && venv/bin/pip install -r requirements.txt &&
venv/bin/python make_shapes.py` from this folder. It checks its own result the way the
Rust test does and refuses to write a drawing that breaks a rule.
"""

import json
import math
import os
import random
import subprocess
import sys
import time

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.ops import polylabel

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
MAP_JSON = os.path.join(ROOT, "core", "data", "v878", "map.json")
OUT_JSON = os.path.join(ROOT, "core", "data", "v878", "shapes.json")
CACHE = os.path.join(HERE, ".cache")
ATLAS = "world-atlas@2.0.2"

# The window on the world, in degrees, and the map's width in map units.
LON0, LON1, LAT0, LAT1 = -5.85, 1.85, 49.88, 55.85
WIDTH = 1000.0
COS = math.cos(math.radians((LAT0 + LAT1) / 2))
K = WIDTH / ((LON1 - LON0) * COS)
HEIGHT = round((LAT1 - LAT0) * K, 1)

# A border shorter than this (map units) is a corner, not a border (the Rust test's
# threshold is lower, so that rounding never flips a verdict).
MIN_BORDER = 12.0
TOUCH = 1.0

# Generator points, (lat, lon): the first of each is the town, where the label goes
# when it fits; the rest shape the shire. Wales and Scotland are land off the board.
SEEDS = {
    "bernicia": [(55.25, -1.95), (55.55, -1.85)],
    "carleol": [(54.89, -2.93), (54.95, -2.55)],
    "dunholm": [(54.78, -1.57), (54.65, -1.9)],
    "westmorland": [(54.33, -2.75), (54.55, -3.35), (54.7, -3.2)],
    "north_riding": [(54.34, -1.43), (54.45, -0.75)],
    "euruic": [(53.96, -1.08), (54.0, -0.45), (53.8, -0.6), (53.75, -0.1)],
    "elmet": [(53.8, -1.55), (53.62, -0.75), (53.55, -0.9), (53.5, -1.4), (53.38, -2.05)],
    "mameceaster": [(53.48, -2.24), (53.8, -2.7), (53.45, -2.9)],
    "legacaestir": [(53.19, -2.89), (53.35, -3.05), (53.05, -2.5)],
    "pecsaetan": [(52.92, -1.47), (53.25, -1.85)],
    "snotingaham": [(52.95, -1.15), (53.25, -1.0)],
    "lincylene": [(53.23, -0.54), (53.35, -0.2), (53.15, -0.05), (52.85, -0.35), (53.6, -0.4), (53.57, -0.15)],
    "liccidfeld": [(52.68, -1.83), (52.85, -2.1)],
    "lygeraceastre": [(52.64, -1.13), (52.75, -0.95)],
    "wreocensaete": [(52.71, -2.75), (52.45, -2.6)],
    "hereford": [(52.06, -2.72)],
    "hwicce": [(52.19, -2.22), (52.28, -1.58), (52.1, -1.75)],
    "gleawceaster": [(51.86, -2.24), (51.7, -2.0), (51.65, -2.5)],
    "northamtun": [(52.24, -0.9), (52.45, -0.55), (52.6, -0.3)],
    "ciltern": [(51.82, -0.81), (51.8, -0.2), (51.68, -0.45)],
    "fens": [(52.67, 0.16), (52.8, 0.1)],
    "aelmham": [(52.75, 0.94), (52.65, 1.5)],
    "theodford": [(52.41, 0.75)],
    "sudfolc": [(52.06, 1.15), (52.3, 1.45), (52.2, 0.8)],
    "grantebrycg": [(52.2, 0.12), (52.15, 0.45)],
    "eastseaxe": [(51.73, 0.47), (51.89, 0.9)],
    "lundenwic": [(51.51, -0.12), (51.52, 0.25), (51.5, -0.4)],
    "cantuarabyrg": [(51.28, 1.08), (51.25, 0.6), (51.42, 0.45), (51.4, 0.3)],
    "sudrige": [(51.24, -0.57), (51.3, -0.05), (51.44, 0.25), (51.42, -0.45)],
    "seolesiae": [(50.73, -0.79), (50.9, 0.2)],
    "uintancaestir": [(51.06, -1.31), (50.85, -1.5)],
    "bearruc": [(51.45, -0.97), (51.5, -1.4)],
    "oxnaford": [(51.75, -1.26)],
    "wiltunscir": [(51.08, -1.86), (51.35, -1.95)],
    "dornsaete": [(50.71, -2.44), (50.8, -2.0), (50.78, -2.9)],
    "sumorsaete": [(51.05, -2.73), (51.38, -2.7), (51.35, -2.4), (50.95, -3.2)],
    "athelney": [(51.12, -3.1), (51.15, -3.45)],
    "glastingaburh": [(51.25, -2.85)],
    "exanceaster": [(50.72, -3.53), (51.0, -3.9), (50.45, -3.8), (50.85, -3.2)],
    "cornwalas": [(50.47, -4.72), (50.2, -5.3)],
    "wales": [
        (52.4, -4.0), (53.2, -4.1), (52.9, -3.6), (51.8, -4.9), (51.95, -3.4),
        (51.6, -3.5), (51.65, -3.05), (52.35, -3.2),
    ],
    "scotland": [
        (55.1, -3.6), (55.45, -2.95), (55.62, -2.4), (55.8, -2.3), (55.2, -4.5),
        (55.6, -4.2),
    ],
}
OFF_BOARD = {"wales": "Wales", "scotland": "Scotland"}

# Where the seas are cut, (lat, lon) from a point on land out past the window's edge,
# and a point well inside each zone.
CUTS = [
    [(51.14, 1.30), (51.10, 1.45), (50.80, 2.20)],  # Dover (G3): North Sea / Channel
    [(50.07, -5.68), (50.07, -5.75), (50.0, -6.5)],  # Land's End: Channel / Severn Sea
    [(51.90, -5.25), (51.90, -5.35), (51.95, -6.5)],  # St David's: Severn / Irish Sea
]
ZONE_POINTS = {
    "north": (53.5, 1.5),
    "channel": (50.3, -1.0),
    "severn": (51.3, -4.5),
    "irish": (54.0, -4.0),
}


def xy(lat, lon):
    return ((lon - LON0) * COS * K, (LAT1 - lat) * K)


def fetch_atlas():
    path = os.path.join(CACHE, "package", "land-10m.json")
    if not os.path.exists(path):
        os.makedirs(CACHE, exist_ok=True)
        out = subprocess.run(
            ["npm", "pack", ATLAS, "--silent"], cwd=CACHE, check=True,
            capture_output=True, text=True,
        ).stdout.strip().splitlines()[-1]
        subprocess.run(["tar", "xzf", out], cwd=CACHE, check=True)
    with open(path) as f:
        return json.load(f)


def land_polygons(topo):
    """The land as shapely polygons in degrees (TopoJSON: quantized, delta-coded arcs)."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(ids):
        pts = []
        for i in ids:
            a = arcs[i] if i >= 0 else arcs[~i][::-1]
            pts.extend(a if not pts else a[1:])
        return pts

    window = box(LON0 - 0.5, LAT0 - 0.5, LON1 + 0.5, LAT1 + 0.5)
    out = []
    for geom in topo["objects"]["land"]["geometries"]:
        polys = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        for rings in polys:
            shell = ring(rings[0])
            lons = [p[0] for p in shell]
            lats = [p[1] for p in shell]
            if max(lons) < LON0 - 0.5 or min(lons) > LON1 + 0.5:
                continue
            if max(lats) < LAT0 - 0.5 or min(lats) > LAT1 + 0.5:
                continue
            p = Polygon(shell, [ring(r) for r in rings[1:]]).buffer(0)
            if p.intersects(window):
                out.append(p)
    return out


def project(geom):
    return shapely.transform(
        geom, lambda c: [xy(lat, lon) for lon, lat in c]
    )


def rules():
    with open(MAP_JSON) as f:
        m = json.load(f)
    shires = [s["id"] for s in m["shires"]]
    borders = {frozenset(b) for b in m["borders"]}
    seas = {s["id"]: set(s["seas"]) for s in m["shires"]}
    return m, shires, borders, seas


class World:
    def __init__(self):
        topo = fetch_atlas()
        frame = box(0, 0, WIDTH, HEIGHT)
        land = [project(p).intersection(frame) for p in land_polygons(topo)]
        land = [g for p in land for g in getattr(p, "geoms", [p]) if g.area > 0]
        land.sort(key=lambda p: -p.area)
        self.frame = frame
        self.mainland = land[0].simplify(0.4)
        man = Point(*xy(54.23, -4.53))
        ireland_x = xy(54.5, -5.45)[0]
        self.islands = []
        self.foreign = []
        for p in land[1:]:
            if p.area < 25:
                continue
            c = p.centroid
            france = c.x > xy(51.0, 1.3)[0] and c.y > xy(51.0, 1.3)[1]
            ireland = c.x < ireland_x + 5 and c.y < xy(53.9, 0)[1]
            if p.distance(man) < 5 or ireland or france:
                self.foreign.append(p.simplify(0.4))
            else:
                self.islands.append(p.simplify(0.4))
        all_land = shapely.union_all([self.mainland] + self.islands + self.foreign)
        sea = frame.difference(all_land)
        cuts = []
        for cut in CUTS:
            line = LineString([xy(*p) for p in cut])
            cuts.append(line.buffer(0.05, cap_style="flat"))
        sea = sea.difference(shapely.union_all(cuts))
        self.zones = {}
        parts = list(getattr(sea, "geoms", [sea]))
        for key, (lat, lon) in ZONE_POINTS.items():
            pt = Point(*xy(lat, lon))
            found = [p for p in parts if p.contains(pt)]
            assert len(found) == 1, key
            self.zones[key] = found[0]
        # Each zone's coast: its boundary where it meets the land.
        self.coasts = {
            k: z.boundary.intersection(self.mainland.buffer(0.01))
            for k, z in self.zones.items()
        }
        shapely.prepare(self.mainland)
        self.coast_samples = {}
        for k, line in self.coasts.items():
            mids, segs = [], []
            for part in getattr(line, "geoms", [line]):
                if part.geom_type != "LineString":
                    continue
                part = shapely.segmentize(part, 1.0)
                c = np.array(part.coords)
                mids.append((c[1:] + c[:-1]) / 2)
                segs.append(np.hypot(*(c[1:] - c[:-1]).T))
            self.coast_samples[k] = (np.concatenate(mids), np.concatenate(segs))


POINTS_JSON = os.path.join(HERE, "points.json")


def save_points(owners, pts):
    """The nudged points, so that the next run starts where this one stopped."""
    out = {}
    for o, (x, y) in zip(owners, pts):
        out.setdefault(o, []).append([round(x, 2), round(y, 2)])
    with open(POINTS_JSON, "w") as f:
        json.dump(out, f, indent=0)


def owners_and_points(seeds):
    if os.path.exists(POINTS_JSON) and not os.environ.get("FRESH"):
        with open(POINTS_JSON) as f:
            saved = json.load(f)
        owners, pts = [], []
        for key, ps in saved.items():
            for x, y in ps:
                owners.append(key)
                pts.append((x, y))
        return owners, pts
    return fresh_points(seeds)


# Estuaries whose two banks are in shires that do not border (G1), while the shire
# upstream of the tip is inland (G3): the three must meet in one point, at the tip.
# Each: a box (lat, lon) holding the tip, the sea it opens on, and the shires upstream,
# on the north bank and on the south bank.
ESTUARIES = [
    ((53.6, -1.0, 53.8, -0.5), "north", "elmet", "euruic", "lincylene"),
    ((51.4, -0.3, 51.6, 0.5), "north", "sudrige", "lundenwic", "cantuarabyrg"),
]
TIP = 5.0


def estuary_points(world):
    """Three points the same distance from the estuary's tip (its westmost coast
    point), so that the tip is their Voronoi corner: upstream to the west, one bank's
    point north-east of it and the other's south-east, mirrored about the east-going
    channel so that the bisector between the banks runs down the water."""
    out = []
    for (lat0, lon0, lat1, lon1), sea, west, north, south in ESTUARIES:
        x0, y1 = xy(lat0, lon0)
        x1, y0 = xy(lat1, lon1)
        mid, _ = world.coast_samples[sea]
        inside = mid[(mid[:, 0] > x0) & (mid[:, 0] < x1) & (mid[:, 1] > y0) & (mid[:, 1] < y1)]
        coast = shapely.get_coordinates(world.coasts[sea])
        near = coast[(coast[:, 0] > x0) & (coast[:, 0] < x1) & (coast[:, 1] > y0) & (coast[:, 1] < y1)]
        assert len(inside) and len(near), west
        tx, ty = near[near[:, 0].argmin()]
        c, s = math.cos(math.radians(60)), math.sin(math.radians(60))
        out.append((west, (tx - TIP, ty)))
        out.append((north, (tx + TIP * c, ty - TIP * s)))
        out.append((south, (tx + TIP * c, ty + TIP * s)))
    return out


def fresh_points(seeds):
    """Every shire also gets helpers beside its town for the search to move."""
    owners, pts = [], []
    for key, ps in seeds.items():
        for lat, lon in ps:
            owners.append(key)
            pts.append(xy(lat, lon))
        if key not in OFF_BOARD:
            x, y = xy(*ps[0])
            for dx, dy in [(6, 4), (-5, -6)]:
                owners.append(key)
                pts.append((x + dx, y + dy))
    return owners, pts


def measure(world, owners, pts):
    """Border lengths between owners (on the mainland) and coast lengths per zone, by
    sampling: a border is measured at points 1 unit apart, a coast by which generator
    point is nearest each of its short pieces (that is the Voronoi cell it lies in)."""
    cells = voronoi(world, pts)
    tree = shapely.STRtree(cells)
    left, right = tree.query(cells, predicate="intersects")
    keep = (left < right) & (np.array(owners)[left] != np.array(owners)[right])
    left, right = left[keep], right[keep]
    edges = shapely.intersection(np.array(cells)[left], np.array(cells)[right])
    lengths = shapely.length(edges)
    borders = {}
    coords = shapely.get_coordinates(edges, return_index=True)
    ends = {}
    for (x, y), g in zip(*coords):
        ends.setdefault(g, []).append((x, y))
    xs, ys, owner_of = [], [], []
    for g, c in ends.items():
        n = lengths[g]
        if n <= 0:
            continue
        k = max(2, int(n))
        t = np.linspace(0.0, 1.0, k)
        (ax, ay), (bx, by) = c[0], c[-1]
        xs.append(ax + (bx - ax) * t)
        ys.append(ay + (by - ay) * t)
        owner_of.append(np.full(k, g))
    if xs:
        g = np.concatenate(owner_of)
        inside = shapely.contains_xy(world.mainland, np.concatenate(xs), np.concatenate(ys))
        share = np.bincount(g, weights=inside, minlength=len(edges))
        count = np.bincount(g, minlength=len(edges))
        for e in np.nonzero(share)[0]:
            key = frozenset((owners[left[e]], owners[right[e]]))
            borders[key] = borders.get(key, 0.0) + lengths[e] * share[e] / count[e]
    coasts = {}
    p = np.array(pts)
    p2 = (p * p).sum(axis=1)
    for z, (mid, seg) in world.coast_samples.items():
        near = (p2[None, :] - 2 * mid @ p.T).argmin(axis=1)
        per = np.bincount(near, weights=seg, minlength=len(pts))
        for i in np.nonzero(per)[0]:
            key = (owners[i], z)
            coasts[key] = coasts.get(key, 0.0) + per[i]
    return borders, coasts


def voronoi(world, pts):
    diagram = shapely.voronoi_polygons(
        MultiPoint(pts), extend_to=world.frame.buffer(200), ordered=True
    )
    return list(diagram.geoms)


def cost(world, owners, pts, want_borders, want_seas):
    borders, coasts = measure(world, owners, pts)
    c = 0.0
    bad = []
    keys = set(borders) | want_borders
    for k in keys:
        if any(o in OFF_BOARD for o in k):
            continue
        have = borders.get(k, 0.0)
        if k in want_borders and have < MIN_BORDER:
            c += MIN_BORDER - have + 5
            bad.append(("missing", tuple(sorted(k)), round(have, 1)))
        elif k not in want_borders and have > 0:
            c += have + 5
            bad.append(("extra", tuple(sorted(k)), round(have, 1)))
    for shire, seas in want_seas.items():
        for z in world.zones:
            have = coasts.get((shire, z), 0.0)
            if z in seas and have < MIN_BORDER:
                c += MIN_BORDER - have + 5
                bad.append(("dry", shire, z, round(have, 1)))
            elif z not in seas and have > 0:
                c += have + 5
                bad.append(("wet", shire, z, round(have, 1)))
    return c, bad


def tidy(world, owners, pts, want_borders, want_seas, free, passes):
    """Draws each helper point a third of the way back towards its town wherever that
    breaks nothing more, so that shires do not keep the long arms the search gave them."""
    best, _ = cost(world, owners, pts, want_borders, want_seas)
    town = {}
    for i in range(free):
        town.setdefault(owners[i], pts[i])
    for _ in range(passes):
        moved = 0
        for i in range(1, free):
            if owners[i] != owners[i - 1] or owners[i] in OFF_BOARD:
                continue
            old = pts[i]
            tx, ty = town[owners[i]]
            new = (old[0] + (tx - old[0]) / 3, old[1] + (ty - old[1]) / 3)
            if math.dist(old, new) < 2:
                continue
            pts[i] = new
            c, _ = cost(world, owners, pts, want_borders, want_seas)
            if c <= best:
                best, moved = c, moved + 1
            else:
                pts[i] = old
        print(f"tidy: {moved} points drawn in, cost {best:.1f}", file=sys.stderr)


def search(world, owners, pts, want_borders, want_seas, rounds, free, rng):
    """Nudges helper points (never a town, never a fixed point, never off the land)
    while that helps."""
    t = time.time()
    best, bad = cost(world, owners, pts, want_borders, want_seas)
    movable = [i for i in range(1, free) if owners[i] == owners[i - 1]]
    for r in range(rounds):
        if best == 0:
            break
        # Mostly move a point of a shire that a fault names.
        named = {o for f in bad for o in (f[1] if isinstance(f[1], tuple) else (f[1],))}
        near = [j for j in movable if owners[j] in named]
        i = rng.choice(near if near and rng.random() < 0.8 else movable)
        step = rng.choice([4.0, 10.0, 25.0])
        old = pts[i]
        new = (old[0] + rng.gauss(0, step), old[1] + rng.gauss(0, step))
        if not world.mainland.contains(Point(new)):
            continue
        pts[i] = new
        c, b = cost(world, owners, pts, want_borders, want_seas)
        if c <= best:
            best, bad = c, b
        else:
            pts[i] = old
    print(f"cost {best:.1f} after {rounds} rounds, {time.time() - t:.0f} s: {bad}",
          file=sys.stderr)
    return best, bad


def main():
    m, shires, want_borders, want_seas = rules()
    world = World()
    assert set(SEEDS) == set(shires) | set(OFF_BOARD)
    owners, pts = owners_and_points(SEEDS)
    free = len(pts)
    for o, p in estuary_points(world):
        owners.append(o)
        pts.append(p)
    rounds = int(os.environ.get("ROUNDS", "4000"))
    if os.environ.get("TIDY"):
        tidy(world, owners, pts, want_borders, want_seas, free, int(os.environ["TIDY"]))
    rng = random.Random(878)
    draft = OUT_JSON + ".draft"
    done = 0
    while True:
        # The drawing is judged as written, the way the Rust test judges it.
        write(world, m, owners, pts, draft)
        faults = verify(draft)
        if not faults:
            os.replace(draft, OUT_JSON)
            save_points(owners[:free], pts[:free])
            print(f"wrote {OUT_JSON}: it keeps every border and coast of the rules",
                  file=sys.stderr)
            return
        if done >= rounds:
            os.remove(draft)
            sys.exit(f"the drawing still breaks the rules: {faults}")
        search(world, owners, pts, want_borders, want_seas, 200, free, rng)
        save_points(owners[:free], pts[:free])
        done += 200


def write(world, m, owners, pts, path):
    cells = voronoi(world, pts)
    regions = {}
    for o, c in zip(owners, cells):
        regions.setdefault(o, []).append(c)
    mains = {o: shapely.union_all(cs).intersection(world.mainland) for o, cs in regions.items()}
    islands = {o: [] for o in regions}
    for isl in world.islands:
        c = isl.representative_point()
        o = next(o for o, cs in regions.items() if any(x.contains(c) for x in cs))
        islands[o].append(isl)
    keys = list(regions)
    # A shire is one piece of the mainland: a stray piece of a Voronoi cell across an
    # estuary goes to the shire around it (the one it shares the longest border with).
    pieces = {o: sorted(getattr(g, "geoms", [g]), key=lambda p: -p.area) for o, g in mains.items()}
    largest = {o: ps[0] for o, ps in pieces.items() if ps}
    for o, ps in pieces.items():
        for stray in ps[1:]:
            edge = stray.boundary.buffer(0.05)
            host = max(
                (k for k in largest if k != o),
                key=lambda k: largest[k].boundary.intersection(edge).length,
            )
            largest[host] = shapely.union_all([largest[host], stray])
    geoms = []
    for o in keys:
        main = largest[o]
        parts = [g for g in getattr(main, "geoms", [main]) if g.area > 1]
        geoms.append(shapely.MultiPolygon(parts + islands[o]))
    zone_keys = list(world.zones)
    coverage = geoms + [world.zones[z] for z in zone_keys] + world.foreign
    coverage = shapely.coverage_simplify(coverage, 1.2)
    coverage = [shapely.set_precision(g, 0.1) for g in coverage]

    def rings(g):
        polys = [p for p in getattr(g, "geoms", [g]) if p.geom_type == "Polygon" and p.area > 2]
        polys.sort(key=lambda p: -p.area)
        return [[[round(x, 1), round(y, 1)] for x, y in p.exterior.coords[:-1]] for p in polys]

    def point(p):
        return [round(p.x, 1), round(p.y, 1)]

    shire_out = {}
    seeds = {o: xy(*SEEDS[o][0]) for o in keys}
    for o, g in zip(keys, coverage[: len(keys)]):
        main = max(getattr(g, "geoms", [g]), key=lambda p: p.area)
        label = polylabel(main, 0.5)
        town = Point(seeds[o])
        if not main.buffer(-6).contains(town):
            town = label
        r = math.sqrt(main.area / math.pi)
        pieces = Point(label.x, label.y + min(22.0, r * 0.45))
        if not main.contains(pieces):
            pieces = label
        entry = {"polygons": rings(g), "label": point(label), "town": point(town), "pieces": point(pieces)}
        shire_out[o] = entry
    sea_out = {}
    for z, g in zip(zone_keys, coverage[len(keys): len(keys) + len(zone_keys)]):
        sea_out[z] = {"polygons": rings(g), "label": [round(v, 1) for v in xy(*ZONE_POINTS[z])]}
    foreign = [r for g in coverage[len(keys) + len(zone_keys):] for r in rings(g)]
    out = {
        "_about": (
            "Outlines of 878's shires and sea zones in map units (x right, y down), made by "
            "tools/v878-shapes/make_shapes.py from Natural Earth's public-domain coastline "
            "(world-atlas 2.0.2, 1:10m land). Borders follow the rules (G1, G3), not real "
            "counties. Each area: polygons (largest first; the rest are islands), the label "
            "point, the town and where its pieces stand. Wales and Scotland are land off the "
            "board; 'other_land' is Ireland, Man and France."
        ),
        "width": WIDTH,
        "height": HEIGHT,
        "shires": {o: shire_out[o] for o in keys if o not in OFF_BOARD},
        "off_board": {o: dict(shire_out[o], name=OFF_BOARD[o]) for o in keys if o in OFF_BOARD},
        "seas": sea_out,
        "other_land": foreign,
    }
    text = json.dumps(out, ensure_ascii=False, separators=(",", ":"))
    # One area a line, so that a diff shows which area changed.
    for sep in ('"shires":{', '"off_board":{', '"seas":{'):
        text = text.replace(sep, sep + "\n")
    text = text.replace('},"', '},\n"')
    with open(path, "w") as f:
        f.write(text + "\n")



def verify(path=OUT_JSON):
    """Checks the written drawing as the Rust test does (G1, G3): two shires share a
    border of length 5 or more exactly when adjacent (else at most a 1-unit corner);
    a sea zone touches exactly its coastal shires. Returns the faults."""
    with open(path) as f:
        out = json.load(f)
    _, shires, borders, seas = rules()

    def geom(area):
        return shapely.MultiPolygon([Polygon(r) for r in area["polygons"]])

    g = {k: geom(v) for k, v in out["shires"].items()}
    z = {k: geom(v) for k, v in out["seas"].items()}

    def segments(area):
        out = []
        for ring in area["polygons"]:
            for i in range(len(ring)):
                out.append((ring[i], ring[(i + 1) % len(ring)]))
        return out

    segs = {k: segments(v) for k, v in list(out["shires"].items()) + list(out["seas"].items())}

    def shared(ka, kb, tol=0.25):
        """Length along which the outlines run together (as the Rust test measures)."""
        total = 0.0
        for p, q in segs[ka]:
            dx, dy = q[0] - p[0], q[1] - p[1]
            n = math.hypot(dx, dy)
            if n < 1e-9:
                continue
            ux, uy = dx / n, dy / n
            for r, t in segs[kb]:
                if (min(r[0], t[0]) > max(p[0], q[0]) + tol or max(r[0], t[0]) < min(p[0], q[0]) - tol
                        or min(r[1], t[1]) > max(p[1], q[1]) + tol
                        or max(r[1], t[1]) < min(p[1], q[1]) - tol):
                    continue
                if abs((r[0] - p[0]) * uy - (r[1] - p[1]) * ux) > tol:
                    continue
                if abs((t[0] - p[0]) * uy - (t[1] - p[1]) * ux) > tol:
                    continue
                a0 = (r[0] - p[0]) * ux + (r[1] - p[1]) * uy
                a1 = (t[0] - p[0]) * ux + (t[1] - p[1]) * uy
                lo, hi = max(min(a0, a1), 0.0), min(max(a0, a1), n)
                if hi > lo:
                    total += hi - lo
        return total

    faults = []
    for i, a in enumerate(shires):
        for b in shires[i + 1:]:
            if not g[a].buffer(1).intersects(g[b]):
                n = 0.0
            else:
                n = shared(a, b)
            adj = frozenset((a, b)) in borders
            if adj != (n >= 5) or (not adj and n > 1):
                faults.append((a, b, adj, round(n, 1)))
        for k, zone in z.items():
            n = shared(k, a) if g[a].buffer(1).intersects(zone) else 0.0
            on = k in seas[a]
            if on != (n >= 5) or (not on and n > 1):
                faults.append((a, k, on, round(n, 1)))
    return faults


if __name__ == "__main__":
    main()
