"""A schematic board for a map that has no ``geometry.json`` yet: provinces as Voronoi cells of a
force-directed layout of the adjacency graph, coasts as slices of their province.

It lets every variant be played (and the GUI be tested) before its real artwork exists. The layout is
seeded, so the same map always gives the same picture.
"""
from __future__ import annotations

import math
from functools import cache
from typing import Any

import numpy as np
import shapely
from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from app.drawing import BoardGeometry, geometry_from_dict
from engine.mapdata import MapData, load_map

WIDTH, HEIGHT = 1200.0, 860.0
MARGIN = 30.0


def _layout(board: MapData, seed: int = 1901) -> dict[str, tuple[float, float]]:
    """Fruchterman–Reingold layout of the provinces, scaled into the board rectangle."""
    ids = sorted(p for p, v in board.provinces.items() if v.is_passable)
    index = {p: i for i, p in enumerate(ids)}
    n = len(ids)
    adjacency = np.zeros((n, n))
    for p in ids:
        for q in board.any_adjacent(p):
            if q in index:
                adjacency[index[p], index[q]] = 1.0
    rng = np.random.default_rng(seed)
    pos = rng.uniform(-1.0, 1.0, size=(n, 2))
    k = math.sqrt(4.0 / max(n, 1))
    temperature = 0.25
    for _ in range(400):
        delta = pos[:, None, :] - pos[None, :, :]
        dist = np.sqrt((delta**2).sum(axis=2)) + 1e-9
        repulse = (k * k / dist**2)[:, :, None] * delta
        attract = (adjacency * dist / k)[:, :, None] * delta
        disp = (repulse - attract).sum(axis=1)
        length = np.sqrt((disp**2).sum(axis=1)) + 1e-9
        pos += disp / length[:, None] * np.minimum(length, temperature)[:, None]
        pos = np.clip(pos, -1.5, 1.5)
        temperature = max(0.002, temperature * 0.985)
    lo, hi = pos.min(axis=0), pos.max(axis=0)
    span = np.where(hi - lo > 1e-9, hi - lo, 1.0)
    unit = (pos - lo) / span
    xy = np.column_stack([MARGIN + unit[:, 0] * (WIDTH - 2 * MARGIN), MARGIN + unit[:, 1] * (HEIGHT - 2 * MARGIN)])
    # Lloyd relaxation: move each point to its cell's centroid, evening out the cell sizes that the
    # force layout leaves crowded at the edges while keeping neighbours next to each other.
    frame = box(0, 0, WIDTH, HEIGHT)
    for _ in range(40):
        cells = shapely.voronoi_polygons(MultiPoint([tuple(p) for p in xy]), extend_to=frame, ordered=True)
        centroids = [cells.geoms[i].intersection(frame).centroid for i in range(n)]
        xy = np.array([[c.x, c.y] for c in centroids])
    return {p: (float(xy[i, 0]), float(xy[i, 1])) for p, i in index.items()}


def _ring(coords: Any) -> list[float]:
    flat: list[float] = []
    for x, y in list(coords)[:-1]:
        flat.extend((round(x, 2), round(y, 2)))
    return flat


def _multipolygon(area: BaseGeometry) -> list[list[list[float]]]:
    polygons = [area] if isinstance(area, Polygon) else [g for g in getattr(area, "geoms", []) if isinstance(g, Polygon)]
    return [[_ring(p.exterior.coords), *(_ring(h.coords) for h in p.interiors)] for p in polygons if not p.is_empty]


def _inside(area: BaseGeometry, x: float, y: float, fallback: tuple[float, float]) -> list[float]:
    return [round(x, 2), round(y, 2)] if area.contains(Point(x, y)) else [round(fallback[0], 2), round(fallback[1], 2)]


def schematic_geometry_dict(board: MapData) -> dict[str, Any]:
    """``geometry.json`` data for ``board`` (format ``chancellery-geometry`` version 1)."""
    points = _layout(board)
    ids = list(points)
    frame = box(0, 0, WIDTH, HEIGHT)
    cells = shapely.voronoi_polygons(MultiPoint([points[p] for p in ids]), extend_to=frame, ordered=True)
    areas = {p: cells.geoms[i].intersection(frame) for i, p in enumerate(ids)}
    unit_size = 0.34 * math.sqrt(float(np.median([a.area for a in areas.values()])))
    provinces: dict[str, Any] = {}
    for pid in ids:
        area = areas[pid]
        prov = board.provinces[pid]
        x, y = points[pid]
        entry: dict[str, Any] = {
            "region": _multipolygon(area),
            "unit": [round(x, 2), round(y, 2)],
            "dislodged": _inside(area, x + 0.45 * unit_size, y + 0.45 * unit_size, (x, y)),
            "label": _inside(area, x, y - 0.8 * unit_size, (x, y)),
            "sc": _inside(area, x, y + 0.85 * unit_size, (x, y)) if prov.is_supply_center else None,
            "terrain": "sea" if prov.is_sea else ("coast" if prov.is_coastal else "land"),
        }
        if prov.coasts:
            entry["coasts"] = _coast_slices(board, pid, area, points, unit_size)
        provinces[pid] = entry
    return {
        "format": "chancellery-geometry",
        "format_version": 1,
        "map": board.id,
        "width": WIDTH,
        "height": HEIGHT,
        "wrap_x": False,
        "provinces": provinces,
        "unit_size": round(unit_size, 3),
    }


def _coast_slices(board: MapData, pid: str, area: BaseGeometry, points: dict[str, tuple[float, float]],
                  unit_size: float) -> dict[str, Any]:
    """Each coast is the part of the province facing the seas it touches."""
    x, y = points[pid]
    anchors: dict[str, tuple[float, float]] = {}
    reach = 0.75 * unit_size
    for loc in board.coast_locations(pid):
        coast = loc.split("/", 1)[1]
        neighbours = [points[q.split("/", 1)[0]] for q in board.fleet_adjacent(loc) if q.split("/", 1)[0] in points]
        if neighbours:
            dx = sum(nx for nx, _ in neighbours) / len(neighbours) - x
            dy = sum(ny for _, ny in neighbours) / len(neighbours) - y
        else:
            dx, dy = 1.0, 0.0
        length = math.hypot(dx, dy) or 1.0
        anchors[coast] = (x + dx / length * reach, y + dy / length * reach)
    seeds = [(x, y), *anchors.values()]
    local = shapely.voronoi_polygons(MultiPoint(seeds), extend_to=area.envelope.buffer(1.0), ordered=True)
    out: dict[str, Any] = {}
    for i, (coast, (cx, cy)) in enumerate(anchors.items(), start=1):
        region = local.geoms[i].intersection(area)
        if region.is_empty:
            region = Point(cx, cy).buffer(unit_size * 0.4).intersection(area)
        centre = region.representative_point()
        unit = (cx, cy) if region.contains(Point(cx, cy)) else (centre.x, centre.y)
        out[coast] = {
            "region": _multipolygon(region),
            "unit": [round(unit[0], 2), round(unit[1], 2)],
            "dislodged": _inside(region, unit[0] + 0.35 * unit_size, unit[1] + 0.35 * unit_size, unit),
            "label": _inside(region, unit[0], unit[1] + 0.55 * unit_size, unit),
        }
    return out


@cache
def schematic_geometry(map_id: str) -> BoardGeometry:
    """The schematic board of ``resources/maps/<map_id>/map.json`` (built once per process)."""
    board = load_map(map_id)
    sea = [p for p, v in board.provinces.items() if v.is_sea]
    return geometry_from_dict(schematic_geometry_dict(board), sea_provinces=sea)
