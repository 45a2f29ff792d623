"""Turn coastlines and seed points into province regions (pixel space, shapely).

Land is divided among land provinces and water among sea provinces. Each landmass (and each separate body of
water) is split only among the seeds standing on it, by a Voronoi diagram of those seeds, so no province reaches
across a strait to a shore it has no seed on. All cuts go through one noded line network, so neighbouring regions
share their border exactly. Afterwards:

* a piece cut off from its own seeds (a Voronoi cell reaching across a bay) joins the neighbour it shares most
  border with;
* a landmass without seeds joins the province within ``attach_island_px`` of it (Sicily, Funen), or stays as
  unplayable land drawn on the board (Ireland, Corsica);
* a body of water without seeds (a lagoon the simplification closed off) joins the land around it.
"""
from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree

from ..mapdata import MapData
from ..types import MapDataError, Terrain
from .coastline import ANTARCTICA, LAKE, LAND, CoastPolygon
from .config import BuildConfig, Guide, LatLon, SeedPath, Shape
from .encode import polygons_of
from .rules import MIN_PART_AREA_PX2

GRID = 0.1  # every coordinate of the result sits on this grid
MAX_LAGOON_PX2 = 2500.0  # a seedless body of water bigger than this is a mistake in the seeds, not a lagoon


@dataclass(frozen=True, slots=True)
class Seed:
    province: str
    x: float
    y: float
    where: str  # for messages: "seeds.LON[2] (51.50, -0.10)"
    soft: bool = False  # a guide seed: dropped quietly where it falls in the wrong medium


@dataclass
class Board:
    """The partitioned board in pixels."""

    width: float
    height: float
    land: BaseGeometry  # all land drawn (provinces, impassable land, unplayable land)
    regions: dict[str, BaseGeometry]  # every province's region, impassable ones included
    unplayable: BaseGeometry
    seeds: dict[str, list[Seed]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # what the builder decided on its own (islands, lagoons)


def _fmt(lat: float, lon: float) -> str:
    return f"({lat:.2f}, {lon:.2f})"


def seed_points(config: BuildConfig) -> dict[str, list[Seed]]:
    """Every seed in pixels; paths are spread into points ``step_px`` apart."""
    frame = config.frame
    result: dict[str, list[Seed]] = {}
    for prov, items in config.seeds.items():
        out: list[Seed] = []
        for i, item in enumerate(items):
            if isinstance(item, SeedPath):
                line = LineString([frame.latlon_to_pixels(p) for p in item.points])
                count = max(1, int(line.length // item.step_px))
                for k in range(count + 1):
                    pt = line.interpolate(k / count, normalized=True)
                    lon, lat = frame.to_lonlat(pt.x, pt.y)
                    out.append(Seed(prov, pt.x, pt.y, f"seeds.{prov}[{i}] path point {k} {_fmt(lat, lon)}"))
            else:
                x, y = frame.latlon_to_pixels(item)
                out.append(Seed(prov, x, y, f"seeds.{prov}[{i}] {_fmt(*item)}"))
        result[prov] = out
    for i, guide in enumerate(config.guides):
        _add_guide_seeds(result, guide, i, config)
    return result


def _add_guide_seeds(result: dict[str, list[Seed]], guide: Guide, index: int, config: BuildConfig) -> None:
    frame = config.frame
    pts = [frame.latlon_to_pixels(p) for p in guide.points]
    if guide.closed:
        pts.append(pts[0])
    line = LineString(pts)
    outline = Polygon(pts) if guide.closed else None
    plain = [(s.province, s.x, s.y) for ss in result.values() for s in ss if not s.soft]
    count = max(1, int(line.length // guide.step_px))
    for k in range(count + 1):
        d = line.length * k / count
        a = line.interpolate(max(0.0, d - 0.5))
        b = line.interpolate(min(line.length, d + 0.5))
        dx, dy = b.x - a.x, b.y - a.y
        norm = math.hypot(dx, dy) or 1.0
        # Left of the walking direction on a y-down screen is (dy, -dx).
        nx, ny = dy / norm * guide.offset_px, -dx / norm * guide.offset_px
        mid = line.interpolate(d)
        sides = [((mid.x + nx, mid.y + ny), guide.left), ((mid.x - nx, mid.y - ny), guide.right)]
        if outline is not None and not outline.contains(Point(sides[0][0])):
            # For an outline, "left" means inside whichever way the ring runs.
            sides = [(sides[1][0], guide.left), (sides[0][0], guide.right)]
        for (x, y), owner in sides:
            if owner is None:
                others = [(px - x) ** 2 + (py - y) ** 2 for prov, px, py in plain
                          if prov not in (guide.left, guide.right)]
                owner = [p for p, _, _ in plain if p not in (guide.left, guide.right)][int(np.argmin(others))]
            lon, lat = frame.to_lonlat(x, y)
            result.setdefault(owner, []).append(
                Seed(owner, x, y, f"guides[{index}] point {k} {_fmt(lat, lon)}", soft=True))


def _shape_geometry(shape: Shape, config: BuildConfig) -> BaseGeometry:
    frame = config.frame
    if shape.polygon:
        return shapely.make_valid(Polygon([frame.latlon_to_pixels(p) for p in shape.polygon]))
    if shape.line:
        return LineString([frame.latlon_to_pixels(p) for p in shape.line]).buffer(shape.width_px / 2)
    raise MapDataError(f"edit {shape.why!r}: a point can't be added or removed, only a polygon or a line")


def _project(poly: Polygon, config: BuildConfig) -> Polygon:
    projected = Polygon(config.frame.ring_to_pixels(list(poly.exterior.coords)))
    return projected if projected.is_valid else shapely.make_valid(projected)


def _at_point(at: LatLon, config: BuildConfig) -> Point:
    return Point(config.frame.latlon_to_pixels(at))


def prepare_land(
    config: BuildConfig, coast: list[CoastPolygon], seeds: dict[str, list[Seed]],
    sea_lakes: frozenset[str] = frozenset(),
) -> tuple[BaseGeometry, dict[str, BaseGeometry]]:
    """All land in the frame after edits and simplification, and the lakes kept as (impassable) provinces.

    A kept lake named for a sea province (``sea_lakes``) stays open water instead: its seas' seeds divide it.
    """
    frame_box = box(0, 0, config.frame.width, config.frame.height)
    work_box = frame_box.buffer(30, join_style="mitre")  # simplify beyond the frame, then cut: no edge artefacts
    land_parts: list[BaseGeometry] = []
    lakes: list[Polygon] = []
    for cp in coast:
        if cp.level in (LAND, ANTARCTICA):
            projected = _project(cp.lonlat, config)
            if projected.intersects(work_box):
                land_parts.append(projected.intersection(work_box))
        elif cp.level == LAKE:
            lakes.append(cp.lonlat)
    land = shapely.unary_union(land_parts)
    for shape in config.add_land:
        land = land.union(_shape_geometry(shape, config))
    for shape in config.remove_land:
        land = land.difference(_shape_geometry(shape, config))
    for shape in config.grow:
        # Small islands and narrow straits a printed board would draw bolder: fatten the land in an area.
        area = _shape_geometry(shape, config)
        land = land.union(land.intersection(area).buffer(shape.width_px).intersection(area))
    land = shapely.simplify(land, config.simplify_px, preserve_topology=True)
    kept: dict[str, BaseGeometry] = {}
    opened: list[BaseGeometry] = []
    for lake in config.kept_lakes:
        lon_lat = Point(lake.at[1], lake.at[0])
        found = [p for p in lakes if p.contains(lon_lat)]
        if not found:
            raise MapDataError(f"kept_lakes {lake.province}: no lake in the coastline contains {_fmt(*lake.at)}")
        geom = shapely.simplify(_project(found[0], config), config.simplify_px, preserve_topology=True)
        if lake.province in sea_lakes:
            opened.append(geom)
            continue
        kept[lake.province] = shapely.set_precision(geom.intersection(frame_box), GRID)
    land = shapely.set_precision(land.intersection(frame_box), GRID)
    if kept or opened:
        lakes_out = shapely.unary_union(list(kept.values()) + opened)
        land = shapely.set_precision(land.difference(lakes_out), GRID)
    # Crumbs of land nobody stands on would only clutter the board.
    all_seeds = [Point(s.x, s.y) for ss in seeds.values() for s in ss]
    seed_tree = STRtree(all_seeds) if all_seeds else None
    keep = []
    for part in polygons_of(land):
        if part.area >= config.min_island_px2 or (
            seed_tree is not None and len(seed_tree.query(part, predicate="contains"))
        ):
            keep.append(part)
    return shapely.set_precision(shapely.unary_union(keep), GRID), kept


def partition(config: BuildConfig, mapdata: MapData, coast: list[CoastPolygon]) -> Board:
    """Divide the board among the provinces of ``mapdata``."""
    seeds = seed_points(config)
    provinces = mapdata.provinces
    sea_lakes = frozenset(k.province for k in config.kept_lakes
                          if k.province in provinces and provinces[k.province].terrain is Terrain.SEA)
    kept_lake_ids = {k.province for k in config.kept_lakes} - sea_lakes
    problems: list[str] = []
    for prov in seeds:
        if prov not in provinces:
            problems.append(f"seeds.{prov}: no such province on map {mapdata.id!r}")
        elif prov in kept_lake_ids:
            problems.append(f"seeds.{prov}: this province is a kept lake and takes no seeds")
    for prov, p in provinces.items():
        if prov not in seeds and prov not in kept_lake_ids:
            problems.append(f"province {prov} ({p.name}) has no seeds")
    for lake in kept_lake_ids:
        if lake not in provinces or provinces[lake].terrain is not Terrain.IMPASSABLE:
            problems.append(f"kept_lakes {lake}: must be an impassable or sea province of the map")
    if problems:
        raise MapDataError("; ".join(problems))

    land, lakes = prepare_land(config, coast, seeds, sea_lakes)
    width, height = config.frame.width, config.frame.height
    frame_box = box(0, 0, width, height)

    unplayable_parts: list[BaseGeometry] = []
    for shape in config.unplayable:
        if shape.at is not None:
            pt = _at_point(shape.at, config)
            hit = [p for p in polygons_of(land) if p.contains(pt)]
            if not hit:
                raise MapDataError(f"unplayable {shape.why!r}: no land at {_fmt(*shape.at)}")
            unplayable_parts.extend(hit)
        else:
            unplayable_parts.append(land.intersection(_shape_geometry(shape, config)))
    unplayable = shapely.set_precision(shapely.unary_union(unplayable_parts), GRID) if unplayable_parts else Polygon()
    playable = shapely.set_precision(land.difference(unplayable), GRID) if unplayable_parts else land
    lake_union = shapely.unary_union(list(lakes.values())) if lakes else Polygon()
    water = shapely.set_precision(frame_box.difference(land).difference(lake_union), GRID)

    # Each seed must stand in its own medium.
    is_sea = {p: provinces[p].terrain is Terrain.SEA for p in seeds}
    for prov in list(seeds):
        medium, name = (water, "water") if is_sea[prov] else (playable, "playable land")
        kept_seeds = []
        for s in seeds[prov]:
            pt = Point(s.x, s.y)
            if s.soft:
                if medium.contains(pt):
                    kept_seeds.append(s)
                continue
            kept_seeds.append(s)
            if not medium.contains(pt):
                # Suggest a spot a little inside the right medium.
                inner = medium.buffer(-2)
                target = inner if not inner.is_empty else medium
                near = shapely.ops.nearest_points(target, pt)[0]
                lon, lat = config.frame.to_lonlat(near.x, near.y)
                problems.append(f"{s.where} is not in {name} ({medium.distance(pt):.1f} px away; "
                                f"try [{lat:.2f}, {lon:.2f}])")
        seeds[prov] = kept_seeds
    if problems:
        raise MapDataError("; ".join(problems))

    land_comps = polygons_of(playable)
    water_comps = polygons_of(water)
    comp_list = [(c, False) for c in land_comps] + [(c, True) for c in water_comps]
    comp_seeds: list[list[Seed]] = [[] for _ in comp_list]
    comp_tree = STRtree([c for c, _ in comp_list])
    for prov, ss in seeds.items():
        for s in ss:
            pt = Point(s.x, s.y)
            for idx in comp_tree.query(pt, predicate="within"):
                if comp_list[idx][1] == is_sea[prov]:
                    comp_seeds[idx].append(s)
                    break

    lines: list[BaseGeometry] = [frame_box.boundary, land.boundary]
    if not unplayable.is_empty:
        lines.append(unplayable.boundary)
    if not lake_union.is_empty:
        lines.append(lake_union.boundary)
    for (comp, _), cs in zip(comp_list, comp_seeds):
        pts = {(round(s.x, 3), round(s.y, 3)) for s in cs}
        if len({s.province for s in cs}) < 2 or len(pts) < 2:
            continue
        env = comp.envelope.buffer(50)
        edges = shapely.voronoi_polygons(MultiPoint(sorted(pts)), extend_to=env, only_edges=True)
        clipped = edges.intersection(comp)
        if not clipped.is_empty:
            lines.append(clipped)
    noded = shapely.unary_union(lines, grid_size=GRID)
    faces = [f for f in polygons_of(shapely.polygonize(list(getattr(noded, "geoms", [noded])))) if f.area > 0]

    face_owner: dict[str, list[Polygon]] = defaultdict(list)
    orphan_comp_faces: dict[int, list[Polygon]] = defaultdict(list)
    lake_faces: dict[str, list[Polygon]] = defaultdict(list)
    unplayable_faces: list[Polygon] = []
    loose_faces: list[Polygon] = []
    comp_xy = [np.array([(s.x, s.y) for s in cs]) if cs else None for cs in comp_seeds]
    for face in faces:
        rp = face.representative_point()
        placed = False
        for idx in comp_tree.query(rp, predicate="within"):
            cs = comp_seeds[idx]
            if cs:
                xy = comp_xy[idx]
                assert xy is not None
                closest = int(np.argmin((xy[:, 0] - rp.x) ** 2 + (xy[:, 1] - rp.y) ** 2))
                face_owner[cs[closest].province].append(face)
            else:
                orphan_comp_faces[idx].append(face)
            placed = True
            break
        if placed:
            continue
        for lake_id, lake in lakes.items():
            if lake.contains(rp):
                lake_faces[lake_id].append(face)
                placed = True
                break
        if not placed and not unplayable.is_empty and unplayable.contains(rp):
            unplayable_faces.append(face)
            placed = True
        if not placed:
            loose_faces.append(face)  # a hairline left between snapped lines: goes to a neighbour below

    regions: dict[str, BaseGeometry] = {
        p: shapely.unary_union(fs, grid_size=GRID) for p, fs in face_owner.items()
    }
    for lake_id, fs in lake_faces.items():
        regions[lake_id] = shapely.unary_union(fs, grid_size=GRID)
    notes: list[str] = []
    for face in loose_faces:
        best = _best_neighbour(face, regions, lambda p: True)
        if best is not None:
            regions[best] = shapely.unary_union([regions[best], face], grid_size=GRID)
    _reassign_orphans(regions, seeds, is_sea, notes)

    # Seedless landmasses and bodies of water.
    unplayable_geoms: list[BaseGeometry] = [shapely.unary_union(unplayable_faces, grid_size=GRID)] \
        if unplayable_faces else []
    for idx, fs in sorted(orphan_comp_faces.items()):
        comp, comp_is_sea = comp_list[idx]
        piece = shapely.unary_union(fs, grid_size=GRID)
        c = comp.representative_point()
        lon, lat = config.frame.to_lonlat(c.x, c.y)
        if comp_is_sea:
            best = _best_neighbour(piece, regions, lambda p: not is_sea.get(p, False) and p not in lakes)
            if best is None and comp.area <= MAX_LAGOON_PX2 and any(
                g.distance(piece) < 0.05 for g in unplayable_geoms + list(orphan_land_pieces(orphan_comp_faces, comp_list))
            ):
                unplayable_geoms.append(piece)
                notes.append(f"lagoon at {_fmt(lat, lon)} ({comp.area:.0f} px²) filled as unplayable land")
                continue
            if best is None or comp.area > MAX_LAGOON_PX2:
                raise MapDataError(
                    f"water at {_fmt(lat, lon)} ({comp.area:.0f} px²) has no sea seed: add one or fill it"
                )
            regions[best] = shapely.unary_union([regions[best], piece], grid_size=GRID)
            notes.append(f"lagoon at {_fmt(lat, lon)} ({comp.area:.0f} px²) filled into {best}")
        else:
            nearest: str | None = None
            dist = float("inf")
            for pid, reg in regions.items():
                if is_sea.get(pid, False) or pid in lakes or provinces[pid].terrain is Terrain.IMPASSABLE:
                    continue
                d = reg.distance(comp)
                if d < dist:
                    nearest, dist = pid, d
            if nearest is not None and dist <= config.attach_island_px:
                regions[nearest] = shapely.unary_union([regions[nearest], piece], grid_size=GRID)
                notes.append(f"island at {_fmt(lat, lon)} ({comp.area:.0f} px²) joins {nearest}")
            else:
                unplayable_geoms.append(piece)
                notes.append(f"island at {_fmt(lat, lon)} ({comp.area:.0f} px²) drawn as unplayable land")
    unplayable_all = shapely.unary_union(unplayable_geoms, grid_size=GRID) if unplayable_geoms else Polygon()
    _absorb_crumbs(regions)
    # The background land is rebuilt from the very faces the regions are made of, so both agree exactly.
    land = shapely.unary_union(
        [g for p, g in regions.items() if not is_sea.get(p, False) and p not in lakes] + [unplayable_all],
        grid_size=GRID,
    )
    missing = [p for p in provinces if p not in regions]
    if missing:
        raise MapDataError(f"no region came out for {', '.join(missing)} (their seeds are all cut off)")
    return Board(width, height, land, regions, unplayable_all, seeds, notes)


def orphan_land_pieces(faces: dict[int, list[Polygon]], comps: list[tuple[Polygon, bool]]) -> list[BaseGeometry]:
    """The seedless landmasses (faces grouped per landmass)."""
    return [shapely.unary_union(fs) for idx, fs in faces.items() if not comps[idx][1]]


def _best_neighbour(
    piece: BaseGeometry, regions: dict[str, BaseGeometry], allowed: Callable[[str], bool]
) -> str | None:
    best, best_len = None, 0.0
    grown = piece.buffer(0.05)
    for p, reg in regions.items():
        if not allowed(p) or not reg.intersects(grown):
            continue
        length = reg.boundary.intersection(grown).length
        if length > best_len:
            best, best_len = p, length
    return best


def _absorb_crumbs(regions: dict[str, BaseGeometry]) -> None:
    """Parts too small to see or click (snapping leftovers) join the neighbour sharing most border."""
    for prov in sorted(regions):
        parts = polygons_of(regions[prov])
        crumbs = [p for p in parts if p.area < MIN_PART_AREA_PX2]
        if not crumbs or len(crumbs) == len(parts):
            continue
        regions[prov] = shapely.unary_union([p for p in parts if p.area >= MIN_PART_AREA_PX2], grid_size=GRID)
        def other(p: str, owner: str = prov) -> bool:
            return p != owner

        for crumb in crumbs:
            best = _best_neighbour(crumb, regions, other)
            if best is not None:
                regions[best] = shapely.unary_union([regions[best], crumb], grid_size=GRID)


def _reassign_orphans(
    regions: dict[str, BaseGeometry], seeds: dict[str, list[Seed]], is_sea: dict[str, bool], notes: list[str]
) -> None:
    """Give every piece cut off from its province's seeds to the same-medium neighbour sharing most border."""
    for _ in range(10):
        changed = False
        for prov in sorted(regions):
            if prov not in seeds:
                continue
            parts = polygons_of(regions[prov])
            if len(parts) < 2:
                continue
            pts = [Point(s.x, s.y) for s in seeds[prov]]
            keep: list[Polygon] = []
            orphans: list[Polygon] = []
            for part in parts:
                (keep if any(part.covers(pt) for pt in pts) else orphans).append(part)
            def same_medium(p: str, owner: str = prov) -> bool:
                return p != owner and p in seeds and is_sea.get(p) == is_sea.get(owner)

            for part in orphans:
                best = _best_neighbour(part, regions, same_medium)
                if best is None:
                    keep.append(part)  # an island of its own province: kept as it is
                    continue
                regions[best] = shapely.unary_union([regions[best], part], grid_size=GRID)
                c = part.representative_point()
                notes.append(f"piece of {prov} near ({c.x:.0f}, {c.y:.0f}) px ({part.area:.0f} px²) given to {best}")
                changed = True
            regions[prov] = shapely.unary_union(keep, grid_size=GRID)
        if not changed:
            return
