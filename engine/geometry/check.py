"""Check a map's ``geometry.json`` against its graph and against the drawing rules in :mod:`.rules`.

Every problem is reported as one line naming the province (and coast) concerned; an empty list means the
geometry is fine. Needs shapely (a build/test-time tool, not used by the app at run time).
"""
from __future__ import annotations

import itertools
from pathlib import Path

import shapely
from shapely.geometry import Point, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel
from shapely.strtree import STRtree
from shapely.validation import explain_validity

from ..mapdata import MAPS_DIR, MapData, load_map
from ..types import MapDataError
from .adjacency import compare_adjacency, load_exceptions
from .anchors import coast_seas
from .encode import decode_multipolygon, polygons_of
from .load import Geometry, read_geometry
from .rules import (
    MAX_COAST_ANCHOR_DISTANCE_PX,
    geometry_byte_budget,
    MAX_OVERLAP_PX2,
    MIN_PART_AREA_PX2,
    MIN_PROVINCE_AREA_PX2,
    MIN_PROVINCE_THICKNESS_PX,
    SC_RADIUS,
    UNIT_RADIUS,
    label_box,
    label_text,
)

AREA_TOLERANCE_PX2 = 2.0  # coverage and containment slack: rounding to 0.1 px moves edges by a hair


def _region_problems(name: str, geom: BaseGeometry, width: float, height: float) -> list[str]:
    problems: list[str] = []
    if geom.is_empty:
        return [f"{name}: region is empty"]
    if not geom.is_valid:
        problems.append(f"{name}: region is not valid ({explain_validity(geom)})")
        geom = shapely.make_valid(geom)
    x0, y0, x1, y1 = geom.bounds
    if x0 < -0.05 or y0 < -0.05 or x1 > width + 0.05 or y1 > height + 0.05:
        problems.append(f"{name}: region reaches outside the board ({x0:.1f}, {y0:.1f}, {x1:.1f}, {y1:.1f})")
    for part in polygons_of(geom):
        if part.area < MIN_PART_AREA_PX2:
            c = part.representative_point()
            problems.append(f"{name}: crumb of {part.area:.2f} px² at ({c.x:.0f}, {c.y:.0f})")
    return problems


def _inside(geom: BaseGeometry, xy: tuple[float, float]) -> bool:
    return bool(geom.buffer(0.05).covers(Point(xy)))


def check_loaded(geometry: Geometry, mapdata: MapData, map_id: str, maps_dir: Path = MAPS_DIR) -> list[str]:
    """All problems of an already-read geometry."""
    problems: list[str] = []
    width, height = geometry.width, geometry.height
    passable = {p for p, v in mapdata.provinces.items() if v.is_passable}
    impassable = set(mapdata.provinces) - passable
    for pid in sorted(passable - set(geometry.provinces)):
        problems.append(f"{pid}: no region in provinces")
    for pid in sorted(set(geometry.provinces) - passable):
        problems.append(f"{pid}: in provinces but not a passable province of map {mapdata.id!r}")
    for pid in sorted(impassable - set(geometry.impassable)):
        problems.append(f"{pid}: impassable province without a region in impassable")
    for pid in sorted(set(geometry.impassable) - impassable):
        problems.append(f"{pid}: in impassable but not an impassable province of map {mapdata.id!r}")
    if problems:
        return problems

    regions: dict[str, BaseGeometry] = {}
    for pid, pg in geometry.provinces.items():
        regions[pid] = decode_multipolygon(pg.region)
    for pid, mp in geometry.impassable.items():
        regions[pid] = decode_multipolygon(mp)
    for pid, geom in sorted(regions.items()):
        problems += _region_problems(pid, geom, width, height)
        if geom.is_empty or not geom.is_valid:
            continue
        if pid in passable:
            if geom.area < MIN_PROVINCE_AREA_PX2:
                problems.append(f"{pid}: region is a sliver ({geom.area:.0f} px² < {MIN_PROVINCE_AREA_PX2:.0f})")
            main = max(polygons_of(geom), key=lambda g: g.area)
            thickness = main.exterior.distance(polylabel(main, tolerance=0.5)) if main.area else 0.0
            if thickness < MIN_PROVINCE_THICKNESS_PX:
                problems.append(f"{pid}: region is too thin (widest spot {2 * thickness:.1f} px across)")
    if any(not g.is_valid for g in regions.values()):
        return problems

    # Overlaps.
    ids = sorted(regions)
    tree = STRtree([regions[i] for i in ids])
    for i, pid in enumerate(ids):
        for j in tree.query(regions[pid], predicate="intersects"):
            if j <= i:
                continue
            area = regions[pid].intersection(regions[ids[j]]).area
            if area > MAX_OVERLAP_PX2:
                problems.append(f"{pid} and {ids[j]} overlap by {area:.1f} px²")

    # Land and water are fully and exactly shared out.
    land = decode_multipolygon(geometry.land)
    frame = box(0, 0, width, height)
    lakes = shapely.unary_union([regions[p] for p in impassable]) if impassable else shapely.Polygon()
    water = frame.difference(land).difference(lakes)
    seas = shapely.unary_union([regions[p] for p in passable if mapdata.provinces[p].is_sea])
    gap = water.difference(seas).area
    spill = seas.difference(water).area
    if gap > AREA_TOLERANCE_PX2 * 10 or spill > AREA_TOLERANCE_PX2 * 10:
        problems.append(f"sea regions don't match the water: {gap:.0f} px² of water in no sea, "
                        f"{spill:.0f} px² of sea on land")
    for pid in sorted(passable):
        if mapdata.provinces[pid].is_sea:
            continue
        outside = regions[pid].difference(land).area
        if outside > AREA_TOLERANCE_PX2:
            problems.append(f"{pid}: {outside:.0f} px² of its region lie off the land")

    # Coasts and anchors.
    boxes: list[tuple[str, tuple[float, float, float, float]]] = []
    symbols: list[tuple[str, tuple[float, float], float]] = []
    for pid in sorted(geometry.provinces):
        pg = geometry.provinces[pid]
        prov = mapdata.provinces[pid]
        region = regions[pid]
        for what, xy in (("unit", pg.unit), ("dislodged", pg.dislodged), ("label", pg.label)):
            if not _inside(region, xy):
                problems.append(f"{pid}: {what} anchor {xy} is outside its region")
        if prov.is_supply_center != (pg.sc is not None):
            problems.append(f"{pid}: supply-centre anchor {'missing' if pg.sc is None else 'given for a non-centre'}")
        if pg.sc is not None:
            if not _inside(region, pg.sc):
                problems.append(f"{pid}: sc anchor {pg.sc} is outside its region")
            symbols.append((f"{pid} sc", pg.sc, SC_RADIUS))
        symbols.append((f"{pid} unit", pg.unit, UNIT_RADIUS))
        boxes.append((pid, label_box(label_text(pid), *pg.label)))
        if set(pg.coasts) != set(prov.coasts):
            problems.append(f"{pid}: coast regions {sorted(pg.coasts)} but the map has coasts {sorted(prov.coasts)}")
            continue
        if not prov.coasts:
            continue
        reach = coast_seas(mapdata, pid)
        coast_geoms: dict[str, BaseGeometry] = {}
        for coast, cg in sorted(pg.coasts.items()):
            name = f"{pid}/{coast}"
            creg = decode_multipolygon(cg.region)
            coast_geoms[coast] = creg
            problems += _region_problems(name, creg, width, height)
            if creg.is_empty or not creg.is_valid:
                continue
            if creg.difference(region).area > AREA_TOLERANCE_PX2:
                problems.append(f"{name}: coast region reaches outside {pid}")
            for what, xy in (("unit", cg.unit), ("dislodged", cg.dislodged), ("label", cg.label)):
                if not _inside(creg, xy):
                    problems.append(f"{name}: {what} anchor {xy} is outside the coast region")
            seas = reach[coast][0]
            front = shapely.unary_union([region.boundary.intersection(regions[s].buffer(0.2)) for s in seas])
            if front.is_empty:
                problems.append(f"{name}: {pid} doesn't touch any sea of this coast ({', '.join(sorted(seas))})")
            else:
                d = front.distance(Point(cg.unit))
                if d > MAX_COAST_ANCHOR_DISTANCE_PX:
                    problems.append(f"{name}: fleet anchor is {d:.0f} px from that coast's waters "
                                    f"(at most {MAX_COAST_ANCHOR_DISTANCE_PX:.0f})")
            symbols.append((f"{name} unit", cg.unit, UNIT_RADIUS))
            boxes.append((name, label_box(label_text(coast), *cg.label)))
        valid = [g for g in coast_geoms.values() if g.is_valid and not g.is_empty]
        for (ca, ga), (cb, gb) in itertools.combinations(sorted(coast_geoms.items()), 2):
            if ga.is_valid and gb.is_valid and ga.intersection(gb).area > MAX_OVERLAP_PX2:
                problems.append(f"{pid}: coast regions {ca} and {cb} overlap")
        if valid and abs(shapely.unary_union(valid).area - region.area) > AREA_TOLERANCE_PX2:
            problems.append(f"{pid}: its coast regions don't cover the whole province")

    for (na, ba), (nb, bb) in itertools.combinations(boxes, 2):
        if ba[0] < bb[2] and bb[0] < ba[2] and ba[1] < bb[3] and bb[1] < ba[3]:
            problems.append(f"labels of {na} and {nb} collide")
    for name, b in boxes:
        owner = name.split("/")[0]
        for sname, (x, y), rad in symbols:
            if sname.split()[0].split("/")[0] == owner:
                continue  # inside one small province the builder does its best; neighbours must stay clear
            dx = max(b[0] - x, 0.0, x - b[2])
            dy = max(b[1] - y, 0.0, y - b[3])
            if dx * dx + dy * dy < rad * rad * 0.999:
                problems.append(f"label of {name} is covered by the {sname} symbol")

    for i, dec in enumerate(geometry.decorations):
        for x, y in dec.points:
            if not (0 <= x <= width and 0 <= y <= height):
                problems.append(f"decoration {dec.id or i}: point ({x}, {y}) is off the board")

    report = compare_adjacency(regions, mapdata, load_exceptions(map_id, maps_dir),
                               width if geometry.wrap_x else None, height if geometry.wrap_y else None)
    problems += report.lines()
    return problems


def check_geometry(map_id: str, maps_dir: Path = MAPS_DIR) -> list[str]:
    """All problems of ``resources/maps/<map_id>/geometry.json``; empty when it's fine."""
    path = maps_dir / map_id / "geometry.json"
    try:
        size = path.stat().st_size
    except OSError as exc:
        return [f"map {map_id!r} has no geometry ({path}: {exc.strerror})"]
    problems: list[str] = []
    try:
        geometry = read_geometry(path)
        mapdata = load_map(map_id) if maps_dir == MAPS_DIR else _mapdata_at(maps_dir, map_id)
    except MapDataError as exc:
        return problems + [str(exc)]
    budget = geometry_byte_budget(len(mapdata.provinces))
    if size > budget:
        problems.append(f"{path.name} is {size} bytes (at most {budget})")
    if geometry.map_id != map_id:
        problems.append(f"{path.name} says it is map {geometry.map_id!r}")
    return problems + check_loaded(geometry, mapdata, map_id, maps_dir)


def _mapdata_at(maps_dir: Path, map_id: str) -> MapData:
    from .build import load_mapdata

    return load_mapdata(map_id, maps_dir)
