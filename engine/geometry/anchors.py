"""Click regions per coast and anchor points (unit, dislodged unit, supply centre, label) for each province.

Coast regions split a multi-coast province by which coast is nearer: each coast is represented by the stretch of
province border it alone has (its own seas, and the coastal neighbours only it reaches), and every point of the
province goes to the coast whose stretch is closest. ``coast_seeds`` in ``seeds.json`` may replace that with hand
placed points.

Anchors are chosen from a 2 px grid of candidate points inside the region: the unit at the point farthest from
the edge, the other symbols near it without overlapping, the label box wholly inside the region where it fits.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import MultiPoint, Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from ..mapdata import MapData
from ..types import MapDataError, province_of
from .config import BuildConfig
from .encode import polygons_of
from .partition import GRID, Board
from .rules import (
    LABEL_HEIGHT,
    MAX_COAST_ANCHOR_DISTANCE_PX,
    SC_RADIUS,
    UNIT_RADIUS,
    label_box,
    label_text,
)

XY = tuple[float, float]
Box = tuple[float, float, float, float]
R = UNIT_RADIUS


@dataclass
class CoastAnchors:
    region: BaseGeometry
    unit: XY
    dislodged: XY
    label: XY


@dataclass
class ProvinceAnchors:
    unit: XY
    dislodged: XY
    sc: XY | None
    label: XY
    coasts: dict[str, CoastAnchors] = field(default_factory=dict)


# --- coast regions ------------------------------------------------------------------------------------------


def coast_seas(mapdata: MapData, prov: str) -> dict[str, tuple[set[str], set[str]]]:
    """Per coast of ``prov``: (sea neighbours, coastal-province neighbours) a fleet there reaches."""
    result: dict[str, tuple[set[str], set[str]]] = {}
    for coast in mapdata.provinces[prov].coasts:
        seas: set[str] = set()
        shores: set[str] = set()
        for loc in mapdata.fleet_adjacent(f"{prov}/{coast}"):
            other = province_of(loc)
            (seas if mapdata.provinces[other].is_sea else shores).add(other)
        result[coast] = (seas, shores)
    return result


def _sample(line: BaseGeometry, step: float) -> list[XY]:
    points: list[XY] = []
    for part in getattr(line, "geoms", [line]):
        if part.geom_type not in ("LineString", "LinearRing") or part.length == 0:
            continue
        count = max(1, int(part.length // step))
        points.extend((p.x, p.y) for p in (part.interpolate(i / count, normalized=True) for i in range(count + 1)))
    return points


def coast_regions(board: Board, mapdata: MapData, config: BuildConfig) -> dict[str, dict[str, BaseGeometry]]:
    """Each multi-coast province's region split into one click region per coast."""
    result: dict[str, dict[str, BaseGeometry]] = {}
    for prov, p in mapdata.provinces.items():
        if not p.coasts:
            continue
        region = board.regions[prov]
        labelled: list[tuple[str, XY]] = []
        override = config.coast_seeds.get(prov)
        if override:
            if set(override) != set(p.coasts):
                raise MapDataError(f"coast_seeds.{prov}: give points for exactly the coasts {', '.join(p.coasts)}")
            for coast, pts in override.items():
                labelled.extend((coast, config.frame.latlon_to_pixels(pt)) for pt in pts)
        else:
            reach = coast_seas(mapdata, prov)
            boundary = region.boundary
            for coast, (seas, shores) in reach.items():
                others_seas = set().union(*(reach[c][0] for c in reach if c != coast))
                others_shores = set().union(*(reach[c][1] for c in reach if c != coast))
                own = [board.regions[s] for s in (seas - others_seas) | (shores - others_shores)]
                if not own:
                    own = [board.regions[s] for s in seas]
                for geom in own:
                    labelled.extend((coast, xy) for xy in _sample(boundary.intersection(geom.buffer(0.2)), 2.0))
        coasts_seen = {c for c, _ in labelled}
        if coasts_seen != set(p.coasts):
            missing = ", ".join(sorted(set(p.coasts) - coasts_seen))
            raise MapDataError(f"{prov}: can't tell where coast(s) {missing} are (no border with their seas)")
        unique: dict[XY, str] = {}
        for coast, xy in labelled:
            unique.setdefault((round(xy[0], 2), round(xy[1], 2)), coast)
        pts = list(unique)
        cells = shapely.voronoi_polygons(MultiPoint(pts), extend_to=region.envelope.buffer(50))
        per_coast: dict[str, list[BaseGeometry]] = {c: [] for c in p.coasts}
        tree = shapely.STRtree([Point(xy) for xy in pts])
        for cell in cells.geoms:
            hits = tree.query(cell, predicate="contains")
            if len(hits):
                per_coast[unique[pts[int(hits[0])]]].append(cell)
        split: dict[str, BaseGeometry] = {}
        for coast, cs in per_coast.items():
            split[coast] = shapely.intersection(shapely.unary_union(cs), region, grid_size=GRID)
        result[prov] = split
    return result


# --- anchors ---------------------------------------------------------------------------------------------------


@dataclass
class _Candidates:
    xy: np.ndarray  # (n, 2)
    clearance: np.ndarray  # distance to the region's edge

    @classmethod
    def inside(cls, geom: BaseGeometry, step: float = 2.0) -> _Candidates:
        x0, y0, x1, y1 = geom.bounds
        xs, ys = np.meshgrid(np.arange(x0 + step / 2, x1, step), np.arange(y0 + step / 2, y1, step))
        xs, ys = xs.ravel(), ys.ravel()
        mask = shapely.contains_xy(geom, xs, ys)
        xs, ys = xs[mask], ys[mask]
        clearance = shapely.distance(geom.boundary, shapely.points(xs, ys)) if len(xs) else np.zeros(0)
        return cls(np.column_stack([xs, ys]) if len(xs) else np.zeros((0, 2)), np.asarray(clearance))

    def pick(self, ok: np.ndarray, target: XY) -> XY | None:
        if not ok.any():
            return None
        d = (self.xy[:, 0] - target[0]) ** 2 + (self.xy[:, 1] - target[1]) ** 2
        d = np.where(ok, d, np.inf)
        i = int(np.argmin(d))
        return float(self.xy[i, 0]), float(self.xy[i, 1])

    def dist(self, xy: XY) -> np.ndarray:
        return np.hypot(self.xy[:, 0] - xy[0], self.xy[:, 1] - xy[1])


def _box_clear(box: Box, point: XY, radius: float) -> bool:
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy) >= radius


def _boxes_overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _place_label(
    region: BaseGeometry,
    cands: _Candidates,
    text: str,
    target: XY,
    avoid: list[tuple[XY, float]],
    soft_avoid: list[tuple[XY, float]],
    placed: list[Box],
) -> XY:
    """The candidate nearest ``target`` whose label box fits inside ``region`` and clears the given circles."""
    x0, y0, x1, y1 = label_box(text, 0.0, 0.0)
    xs, ys = cands.xy[:, 0], cands.xy[:, 1]
    boxes = shapely.box(xs + x0, ys + y0, xs + x1, ys + y1)
    fits = shapely.contains(region, boxes) if len(xs) else np.zeros(0, bool)
    center_in = np.ones(len(xs), bool)

    def clear_of(circles: list[tuple[XY, float]]) -> np.ndarray:
        ok = np.ones(len(xs), bool)
        for (px, py), rad in circles:
            dx = np.maximum.reduce([xs + x0 - px, np.zeros(len(xs)), px - (xs + x1)])
            dy = np.maximum.reduce([ys + y0 - py, np.zeros(len(xs)), py - (ys + y1)])
            ok &= np.hypot(dx, dy) >= rad
        return ok

    def free_of_labels() -> np.ndarray:
        ok = np.ones(len(xs), bool)
        for bx0, by0, bx1, by1 in placed:
            ok &= ~((xs + x0 < bx1) & (bx0 < xs + x1) & (ys + y0 < by1) & (by0 < ys + y1))
        return ok

    hard = clear_of(avoid) & free_of_labels()
    for ok in (fits & hard & clear_of(soft_avoid), fits & hard, center_in & hard & clear_of(soft_avoid), center_in & hard):
        choice = cands.pick(ok, target)
        if choice is not None:
            return choice
    choice = cands.pick(center_in, target)
    if choice is None:
        raise MapDataError(f"no room for the label {text!r}")
    return choice


def _frontage(board: Board, prov: str, coast_region: BaseGeometry, seas: set[str]) -> BaseGeometry:
    """The part of ``prov``'s border along the given seas that lies in ``coast_region``."""
    region = board.regions[prov]
    lines = [region.boundary.intersection(board.regions[s].buffer(0.2)) for s in seas]
    return shapely.unary_union(lines).intersection(coast_region.buffer(0.5))


def place_anchors(
    board: Board, mapdata: MapData, coasts: dict[str, dict[str, BaseGeometry]]
) -> dict[str, ProvinceAnchors]:
    result: dict[str, ProvinceAnchors] = {}
    placed_labels: list[Box] = []
    order = sorted(
        (p for p in mapdata.provinces.values() if p.is_passable), key=lambda p: board.regions[p.id].area
    )
    for p in order:
        region = board.regions[p.id]
        main = max(polygons_of(region), key=lambda g: g.area)
        cands = _Candidates.inside(main)
        if not len(cands.xy):
            raise MapDataError(f"{p.id}: region too small to hold anything")
        best = polylabel(main, tolerance=0.5)
        unit: XY = (best.x, best.y)
        # Coast units first: they must sit near their own waters, the rest fits around them.
        coast_units: dict[str, XY] = {}
        reach = coast_seas(mapdata, p.id) if p.coasts else {}
        frontages: dict[str, BaseGeometry] = {}
        for coast in p.coasts:
            creg = coasts[p.id][coast]
            front = _frontage(board, p.id, creg, reach[coast][0])
            if front.is_empty:
                front = _frontage(board, p.id, creg, reach[coast][0] | reach[coast][1])
            frontages[coast] = front
            cc = _Candidates.inside(creg)
            if not len(cc.xy):
                raise MapDataError(f"{p.id}/{coast}: coast region too small")
            near = np.asarray(shapely.distance(front, shapely.points(cc.xy))) if not front.is_empty else \
                np.zeros(len(cc.xy))
            # Aim at the stretch of that coast nearest the middle of the coast's half of the province.
            middle = creg.centroid
            mid = shapely.ops.nearest_points(front, middle)[0] if not front.is_empty else creg.representative_point()
            ok = (cc.clearance >= R) & (near <= MAX_COAST_ANCHOR_DISTANCE_PX - 6) & (cc.dist(unit) >= 2 * R + 2)
            for other in coast_units.values():
                ok &= cc.dist(other) >= 2 * R + 2
            choice = cc.pick(ok, (mid.x, mid.y)) or cc.pick(
                (cc.clearance >= R * 0.6) & (near <= MAX_COAST_ANCHOR_DISTANCE_PX - 2), (mid.x, mid.y)
            )
            if choice is None:
                raise MapDataError(f"{p.id}/{coast}: no room for a fleet near that coast")
            coast_units[coast] = choice
        taken: list[tuple[XY, float]] = [(xy, 2 * R) for xy in coast_units.values()]

        def free(c: _Candidates, spacing: list[tuple[XY, float]]) -> np.ndarray:
            ok = np.ones(len(c.xy), bool)
            for xy, rad in spacing:
                ok &= c.dist(xy) >= rad
            return ok

        d_unit = cands.dist(unit)
        base = free(cands, taken)
        dislodged = None
        for clear, lo in ((R, 1.4 * R), (0.6 * R, 1.2 * R), (0.3 * R, R)):
            dislodged = cands.pick(base & (cands.clearance >= clear) & (d_unit >= lo), (unit[0] + 1.6 * R, unit[1] - 1.6 * R))
            if dislodged is not None:
                break
        if dislodged is None:
            dislodged = cands.pick(np.ones(len(cands.xy), bool), (unit[0] + R, unit[1] - R))
        assert dislodged is not None
        sc: XY | None = None
        if p.is_supply_center:
            d_dis = cands.dist(dislodged)
            for clear, lo in ((SC_RADIUS + 2, R + SC_RADIUS + 3), (SC_RADIUS, R + SC_RADIUS + 1), (1.0, R)):
                sc = cands.pick(
                    base & (cands.clearance >= clear) & (d_unit >= lo) & (d_dis >= R + SC_RADIUS),
                    (unit[0] - 1.6 * R, unit[1] + 1.2 * R),
                )
                if sc is not None:
                    break
            if sc is None:
                sc = cands.pick(d_unit >= R, (unit[0] - R, unit[1] + R)) or unit
        avoid = [(unit, R + 1)] + [(xy, R + 1) for xy in coast_units.values()]
        if sc is not None:
            avoid.append((sc, SC_RADIUS + 1))
        label = _place_label(
            main, cands, label_text(p.id), (unit[0], unit[1] + 2 * R + LABEL_HEIGHT / 2), avoid,
            [(dislodged, R)], placed_labels,
        )
        placed_labels.append(label_box(label_text(p.id), *label))
        anchors = ProvinceAnchors(unit, dislodged, sc, label)
        for coast in p.coasts:
            creg = coasts[p.id][coast]
            cmain = max(polygons_of(creg), key=lambda g: g.area)
            cc = _Candidates.inside(cmain)
            cu = coast_units[coast]
            spacing = [(unit, 2 * R), (dislodged, 2 * R)] + [(xy, 2 * R) for c, xy in coast_units.items() if c != coast]
            if sc is not None:
                spacing.append((sc, R + SC_RADIUS + 1))
            cbase = free(cc, spacing)
            lb = label_box(label_text(p.id), *label)
            cbase &= np.array([_box_clear(lb, (float(x), float(y)), R) for x, y in cc.xy], bool)
            cdis = None
            for clear, lo in ((R, 1.4 * R), (0.5 * R, 1.2 * R), (0.0, R)):
                cdis = cc.pick(cbase & (cc.clearance >= clear) & (cc.dist(cu) >= lo), (cu[0] + 1.6 * R, cu[1] - 1.6 * R))
                if cdis is not None:
                    break
            cdis = cdis or cu
            cavoid = [(unit, R + 1), (cu, R + 1)] + [(xy, R + 1) for xy in coast_units.values()]
            if sc is not None:
                cavoid.append((sc, SC_RADIUS + 1))
            clabel = _place_label(
                cmain, cc, label_text(coast), (cu[0], cu[1] + R + LABEL_HEIGHT / 2 + 2), cavoid,
                [(dislodged, R), (cdis, R)], placed_labels,
            )
            placed_labels.append(label_box(label_text(coast), *clabel))
            anchors.coasts[coast] = CoastAnchors(creg, cu, cdis, clabel)
        result[p.id] = anchors
    return result
