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
    MAX_COAST_ANCHOR_DISTANCE_PX,
    MIN_PART_AREA_PX2,
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
        # Slivers of one coast stranded inside another's half join the half around them.
        for coast in list(split):
            parts = polygons_of(split[coast])
            crumbs = [g for g in parts if g.area < MIN_PART_AREA_PX2]
            if not crumbs or len(crumbs) == len(parts):
                continue
            split[coast] = shapely.unary_union([g for g in parts if g.area >= MIN_PART_AREA_PX2], grid_size=GRID)
            for crumb in crumbs:
                other = min((c for c in split if c != coast), key=lambda c: split[c].distance(crumb))
                split[other] = shapely.unary_union([split[other], crumb], grid_size=GRID)
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
        grid_x, grid_y = np.meshgrid(np.arange(x0 + step / 2, x1, step), np.arange(y0 + step / 2, y1, step))
        flat_x, flat_y = grid_x.ravel(), grid_y.ravel()
        mask = shapely.contains_xy(geom, flat_x, flat_y)
        xs, ys = flat_x[mask], flat_y[mask]
        clearance = shapely.distance(geom.boundary, shapely.points(xs, ys)) if len(xs) else np.zeros(0)
        return cls(np.column_stack([xs, ys]) if len(xs) else np.zeros((0, 2)), np.asarray(clearance))

    def pick(self, ok: np.ndarray, target: XY) -> XY | None:
        if not ok.any():
            return None
        d = (self.xy[:, 0] - target[0]) ** 2 + (self.xy[:, 1] - target[1]) ** 2
        d = np.where(ok, d, np.inf)
        i = int(np.argmin(d))
        return float(self.xy[i, 0]), float(self.xy[i, 1])

    def pick_near(self, ok: np.ndarray, anchor: XY) -> XY | None:
        """The allowed candidate closest to ``anchor``, preferring spots below it, then beside, then above."""
        if not ok.any():
            return None
        dx, dy = self.xy[:, 0] - anchor[0], self.xy[:, 1] - anchor[1]
        cost = np.hypot(dx, dy) + np.where(dy < -2, 8.0, 0.0) + np.where(np.abs(dx) > np.abs(dy), 3.0, 0.0)
        i = int(np.argmin(np.where(ok, cost, np.inf)))
        return float(self.xy[i, 0]), float(self.xy[i, 1])

    def dist(self, xy: XY) -> np.ndarray:
        return np.hypot(self.xy[:, 0] - xy[0], self.xy[:, 1] - xy[1])


def _box_clear(box: Box, point: XY, radius: float) -> bool:
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy) >= radius


def _boxes_overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


NEAR_LABEL_PX = 3 * R + 20  # a label farther than this from its unit only if nothing closer fits
LOOSE_FIT_PX = 3.0  # a label box may spill this far over its region's edge before it goes farther away


def _place_label(
    region: BaseGeometry,
    cands: _Candidates,
    text: str,
    near: XY,
    avoid: list[tuple[XY, float]],
    soft_avoid: list[tuple[XY, float]],
    placed: list[Box],
) -> XY:
    """Where the label of ``text`` goes: close to ``near``, its box inside ``region`` (or nearly), clear of the
    ``avoid`` circles and of every label placed before; ``soft_avoid`` circles are avoided where possible."""
    x0, y0, x1, y1 = label_box(text, 0.0, 0.0)
    xs, ys = cands.xy[:, 0], cands.xy[:, 1]
    boxes = shapely.box(xs + x0, ys + y0, xs + x1, ys + y1)
    strict = np.asarray(shapely.contains(region, boxes), bool) if len(xs) else np.zeros(0, bool)
    loose = np.asarray(shapely.contains(region.buffer(LOOSE_FIT_PX), boxes), bool) if len(xs) else strict
    anywhere = np.ones(len(xs), bool)

    def clear_of(circles: list[tuple[XY, float]]) -> np.ndarray:
        ok = np.ones(len(xs), bool)
        zero = np.zeros(len(xs))
        for (px, py), rad in circles:
            dx = np.maximum.reduce([xs + x0 - px, zero, px - (xs + x1)])
            dy = np.maximum.reduce([ys + y0 - py, zero, py - (ys + y1)])
            ok &= np.hypot(dx, dy) >= rad
        return ok

    hard = clear_of(avoid)
    for bx0, by0, bx1, by1 in placed:
        hard &= ~((xs + x0 < bx1) & (bx0 < xs + x1) & (ys + y0 < by1) & (by0 < ys + y1))
    soft = clear_of(soft_avoid)
    close = cands.dist(near) <= NEAR_LABEL_PX
    stages = (
        strict & hard & soft & close, strict & hard & close, loose & hard & soft & close, loose & hard & close,
        strict & hard & soft, strict & hard, loose & hard, anywhere & hard & soft, anywhere & hard, anywhere,
    )
    for ok in stages:
        choice = cands.pick_near(ok, near)
        if choice is not None:
            return choice
    raise MapDataError(f"no room for the label {text!r}")


def _frontage(board: Board, prov: str, coast_region: BaseGeometry, seas: set[str]) -> BaseGeometry:
    """The part of ``prov``'s border along the given seas that lies in ``coast_region``."""
    region = board.regions[prov]
    lines = [region.boundary.intersection(board.regions[s].buffer(0.2)) for s in seas]
    return shapely.unary_union(lines).intersection(coast_region.buffer(0.5))


@dataclass
class _Symbols:
    """A province's symbols before labels are placed."""

    main: BaseGeometry
    cands: _Candidates
    unit: XY
    dislodged: XY
    sc: XY | None
    coast_units: dict[str, XY]
    coast_dislodged: dict[str, XY]


def _free(c: _Candidates, spacing: list[tuple[XY, float]]) -> np.ndarray:
    ok = np.ones(len(c.xy), bool)
    for xy, rad in spacing:
        ok &= c.dist(xy) >= rad
    return ok


def _coast_unit(board: Board, mapdata: MapData, prov: str, coast: str, creg: BaseGeometry, unit: XY,
                others: list[XY]) -> XY:
    """A coast's fleet: close to that coast's own waters, clear of the army's spot and the other coasts."""
    seas, shores = coast_seas(mapdata, prov)[coast]
    front = _frontage(board, prov, creg, seas)
    if front.is_empty:
        front = _frontage(board, prov, creg, seas | shores)
    cc = _Candidates.inside(creg)
    if not len(cc.xy):
        raise MapDataError(f"{prov}/{coast}: coast region too small")
    near = np.asarray(shapely.distance(front, shapely.points(cc.xy))) if not front.is_empty else np.zeros(len(cc.xy))
    # Aim at the stretch of that coast nearest the middle of the coast's half of the province.
    mid = shapely.ops.nearest_points(front, creg.centroid)[0] if not front.is_empty else creg.representative_point()
    ok = (cc.clearance >= R) & (near <= MAX_COAST_ANCHOR_DISTANCE_PX - 6) & (cc.dist(unit) >= 2 * R + 2)
    for other in others:
        ok &= cc.dist(other) >= 2 * R + 2
    choice = cc.pick(ok, (mid.x, mid.y)) or cc.pick(
        (cc.clearance >= R * 0.6) & (near <= MAX_COAST_ANCHOR_DISTANCE_PX - 2), (mid.x, mid.y)
    )
    if choice is None:
        # A narrow coast (an isthmus): the roomiest spot near those waters.
        close = near <= MAX_COAST_ANCHOR_DISTANCE_PX - 2
        if close.any():
            i = int(np.argmax(np.where(close, cc.clearance, -1.0)))
            choice = float(cc.xy[i, 0]), float(cc.xy[i, 1])
    if choice is None:
        raise MapDataError(f"{prov}/{coast}: no room for a fleet near that coast")
    return choice


def _offset_spot(c: _Candidates, base: np.ndarray, origin: XY, toward: XY, tiers: tuple[tuple[float, float], ...],
                 also: np.ndarray | None = None) -> XY | None:
    """The candidate nearest ``origin + toward`` at least ``lo`` from ``origin`` with ``clear`` room, trying
    each (clear, lo) tier in turn."""
    target = (origin[0] + toward[0], origin[1] + toward[1])
    d = c.dist(origin)
    for clear, lo in tiers:
        ok = base & (c.clearance >= clear) & (d >= lo)
        if also is not None:
            ok &= also
        spot = c.pick(ok, target)
        if spot is not None:
            return spot
    return None


def _symbols(board: Board, mapdata: MapData, pid: str, coasts: dict[str, dict[str, BaseGeometry]]) -> _Symbols:
    p = mapdata.provinces[pid]
    main = max(polygons_of(board.regions[pid]), key=lambda g: g.area)
    cands = _Candidates.inside(main)
    if not len(cands.xy):
        raise MapDataError(f"{pid}: region too small to hold anything")
    best = polylabel(main, tolerance=0.5)
    unit: XY = (best.x, best.y)
    coast_units: dict[str, XY] = {}
    for coast in p.coasts:
        coast_units[coast] = _coast_unit(board, mapdata, pid, coast, coasts[pid][coast], unit,
                                         list(coast_units.values()))
    base = _free(cands, [(xy, 2 * R) for xy in coast_units.values()])
    dislodged = _offset_spot(cands, base, unit, (1.6 * R, -1.6 * R), ((R, 1.4 * R), (0.6 * R, 1.2 * R), (0.3 * R, R)))
    if dislodged is None:
        dislodged = cands.pick(np.ones(len(cands.xy), bool), (unit[0] + R, unit[1] - R)) or unit
    sc: XY | None = None
    if p.is_supply_center:
        sc = _offset_spot(cands, base, unit, (-1.6 * R, 1.2 * R),
                          ((SC_RADIUS + 2, R + SC_RADIUS + 3), (SC_RADIUS, R + SC_RADIUS + 1), (1.0, R)),
                          also=cands.dist(dislodged) >= R + SC_RADIUS)
        if sc is None:
            sc = cands.pick(cands.dist(unit) >= R, (unit[0] - R, unit[1] + R)) or unit
    coast_dislodged: dict[str, XY] = {}
    for coast in p.coasts:
        cc = _Candidates.inside(max(polygons_of(coasts[pid][coast]), key=lambda g: g.area))
        cu = coast_units[coast]
        spacing = [(unit, 2 * R), (dislodged, 2 * R)] + [(xy, 2 * R) for c, xy in coast_units.items() if c != coast]
        if sc is not None:
            spacing.append((sc, R + SC_RADIUS + 1))
        spot = _offset_spot(cc, _free(cc, spacing), cu, (1.6 * R, -1.6 * R), ((R, 1.4 * R), (0.5 * R, 1.2 * R), (0.0, R)))
        coast_dislodged[coast] = spot or cu
    return _Symbols(main, cands, unit, dislodged, sc, coast_units, coast_dislodged)


def place_anchors(
    board: Board, mapdata: MapData, coasts: dict[str, dict[str, BaseGeometry]]
) -> dict[str, ProvinceAnchors]:
    """Every passable province's anchors: all symbols first, then the labels around them (smallest first)."""
    order = sorted((p.id for p in mapdata.provinces.values() if p.is_passable), key=lambda p: board.regions[p].area)
    symbols = {pid: _symbols(board, mapdata, pid, coasts) for pid in order}
    # Circles no label may cover (units, fleets on coasts, supply centres), and ones to keep clear of if possible.
    solid: list[tuple[XY, float]] = []
    faint: list[tuple[XY, float]] = []
    for sym in symbols.values():
        solid.append((sym.unit, R + 1))
        solid.extend((xy, R + 1) for xy in sym.coast_units.values())
        if sym.sc is not None:
            solid.append((sym.sc, SC_RADIUS + 1))
        faint.append((sym.dislodged, R))
        faint.extend((xy, R) for xy in sym.coast_dislodged.values())

    def nearby(circles: list[tuple[XY, float]], geom: BaseGeometry) -> list[tuple[XY, float]]:
        x0, y0, x1, y1 = geom.bounds
        pad = 2 * NEAR_LABEL_PX
        return [c for c in circles if x0 - pad <= c[0][0] <= x1 + pad and y0 - pad <= c[0][1] <= y1 + pad]

    placed_labels: list[Box] = []
    result: dict[str, ProvinceAnchors] = {}
    for pid in order:
        sym = symbols[pid]
        label = _place_label(sym.main, sym.cands, label_text(pid), sym.unit, nearby(solid, sym.main),
                             nearby(faint, sym.main), placed_labels)
        placed_labels.append(label_box(label_text(pid), *label))
        anchors = ProvinceAnchors(sym.unit, sym.dislodged, sym.sc, label)
        for coast in mapdata.provinces[pid].coasts:
            creg = coasts[pid][coast]
            cmain = max(polygons_of(creg), key=lambda g: g.area)
            cu = sym.coast_units[coast]
            clabel = _place_label(cmain, _Candidates.inside(cmain), label_text(coast), cu, nearby(solid, cmain),
                                  nearby(faint, cmain), placed_labels)
            placed_labels.append(label_box(label_text(coast), *clabel))
            anchors.coasts[coast] = CoastAnchors(creg, cu, sym.coast_dislodged[coast], clabel)
        result[pid] = anchors
    return result
