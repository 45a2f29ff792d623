"""Load a map's committed ``geometry.json`` for drawing and hit-testing. Pure Python: no shapely at run time.

The format (see ``docs/map-geometry.md``) stores regions as MULTIPOLYGON = list of polygons; polygon = list of
rings (exterior first, then holes); ring = flat ``[x0, y0, x1, y1, ...]``, implicitly closed. Map units are
pixels at scale 1 with ``y`` growing downward.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..jsonfile import read_json
from ..resources import map_folder
from ..types import MapDataError
from .rules import DECORATION_KINDS, GEOMETRY_FORMAT, GEOMETRY_FORMAT_VERSION

Ring = list[float]
PolygonRings = list[Ring]
MultiPolygon = list[PolygonRings]
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class CoastGeometry:
    region: MultiPolygon
    unit: Point
    dislodged: Point
    label: Point


@dataclass(frozen=True, slots=True)
class ProvinceGeometry:
    id: str
    region: MultiPolygon
    unit: Point
    dislodged: Point
    sc: Point | None
    label: Point
    coasts: dict[str, CoastGeometry] = field(default_factory=dict)
    bbox: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Decoration:
    kind: str  # one of DECORATION_KINDS
    id: str
    points: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class Geometry:
    map_id: str
    width: float
    height: float
    wrap_x: bool
    sea: MultiPolygon | None
    land: MultiPolygon
    impassable: dict[str, MultiPolygon]
    provinces: dict[str, ProvinceGeometry]
    decorations: tuple[Decoration, ...]
    wrap_y: bool = False  # the top and bottom edges meet too (a torus: Age of Discovery's generated maps)

    def location_at(self, x: float, y: float) -> str | None:
        """The location under a map point: ``"SPA/NC"`` inside a coast's click region, else the province code."""
        if self.wrap_x and self.width > 0:
            x %= self.width
        if self.wrap_y and self.height > 0:
            y %= self.height
        for pid, prov in self.provinces.items():
            x0, y0, x1, y1 = prov.bbox
            if not (x0 <= x <= x1 and y0 <= y <= y1) or not contains(prov.region, x, y):
                continue
            for coast, cg in prov.coasts.items():
                if contains(cg.region, x, y):
                    return f"{pid}/{coast}"
            return pid
        return None


def contains(region: MultiPolygon, x: float, y: float) -> bool:
    """Even-odd point-in-polygon over every ring of ``region`` (holes included)."""
    inside = False
    for polygon in region:
        for ring in polygon:
            n = len(ring) // 2
            if n < 3:
                continue
            jx, jy = ring[-2], ring[-1]
            for k in range(n):
                ix, iy = ring[2 * k], ring[2 * k + 1]
                if (iy > y) != (jy > y) and x < (jx - ix) * (y - iy) / (jy - iy) + ix:
                    inside = not inside
                jx, jy = ix, iy
    return inside


def bounds(region: MultiPolygon) -> tuple[float, float, float, float]:
    xs = [v for polygon in region for v in polygon[0][0::2]] if region else [0.0]
    ys = [v for polygon in region for v in polygon[0][1::2]] if region else [0.0]
    return min(xs), min(ys), max(xs), max(ys)


class _Reader:
    """Shape checks with messages that say where the file is wrong."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, what: str) -> MapDataError:
        return MapDataError(f"{self.source}: {where}: {what}")

    def number(self, value: Any, where: str) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(where, f"expected a number, got {value!r}")
        return float(value)

    def point(self, value: Any, where: str) -> Point:
        if not isinstance(value, list) or len(value) != 2:
            raise self.fail(where, f"expected [x, y], got {value!r}")
        return self.number(value[0], where), self.number(value[1], where)

    def multipolygon(self, value: Any, where: str) -> MultiPolygon:
        if not isinstance(value, list):
            raise self.fail(where, "expected a list of polygons")
        for i, polygon in enumerate(value):
            if not isinstance(polygon, list) or not polygon:
                raise self.fail(f"{where}[{i}]", "expected a non-empty list of rings")
            for j, ring in enumerate(polygon):
                if not isinstance(ring, list) or len(ring) < 6 or len(ring) % 2:
                    raise self.fail(f"{where}[{i}][{j}]", "a ring is a flat list of at least three x, y pairs")
        return value


def parse_geometry(doc: Any, source: str = "geometry") -> Geometry:
    """Validate and wrap a parsed geometry document."""
    r = _Reader(source)
    if not isinstance(doc, dict) or doc.get("format") != GEOMETRY_FORMAT:
        raise MapDataError(f"{source}: not a Chancellery geometry file (format must be {GEOMETRY_FORMAT!r})")
    if doc.get("format_version") != GEOMETRY_FORMAT_VERSION:
        raise MapDataError(f"{source}: unsupported geometry format_version {doc.get('format_version')!r}")
    for key in ("map", "width", "height", "background", "provinces"):
        if key not in doc:
            raise r.fail(key, "missing")
    background = doc["background"]
    if not isinstance(background, dict) or "land" not in background:
        raise r.fail("background", "expected {'sea': ..., 'land': ...}")
    sea = background.get("sea")
    provinces: dict[str, ProvinceGeometry] = {}
    if not isinstance(doc["provinces"], dict):
        raise r.fail("provinces", "expected an object keyed by province code")
    for pid, p in doc["provinces"].items():
        where = f"provinces.{pid}"
        if not isinstance(p, dict):
            raise r.fail(where, "expected an object")
        try:
            region = r.multipolygon(p["region"], f"{where}.region")
            coasts: dict[str, CoastGeometry] = {}
            for c, cg in (p.get("coasts") or {}).items():
                cw = f"{where}.coasts.{c}"
                coasts[c] = CoastGeometry(
                    r.multipolygon(cg["region"], f"{cw}.region"),
                    r.point(cg["unit"], f"{cw}.unit"),
                    r.point(cg["dislodged"], f"{cw}.dislodged"),
                    r.point(cg["label"], f"{cw}.label"),
                )
            provinces[pid] = ProvinceGeometry(
                id=pid,
                region=region,
                unit=r.point(p["unit"], f"{where}.unit"),
                dislodged=r.point(p["dislodged"], f"{where}.dislodged"),
                sc=None if p.get("sc") is None else r.point(p["sc"], f"{where}.sc"),
                label=r.point(p["label"], f"{where}.label"),
                coasts=coasts,
                bbox=bounds(region),
            )
        except (KeyError, TypeError) as exc:
            raise r.fail(where, f"missing or malformed field {exc}") from exc
    impassable_doc = doc.get("impassable") or {}
    if not isinstance(impassable_doc, dict):
        raise r.fail("impassable", "expected an object keyed by province code")
    decorations = []
    for i, d in enumerate(doc.get("decorations") or []):
        if not isinstance(d, dict) or d.get("kind") not in DECORATION_KINDS or not isinstance(d.get("points"), list):
            raise r.fail(f"decorations[{i}]", f"expected {{'kind': {'|'.join(DECORATION_KINDS)}, 'id': ..., "
                                              "'points': [...]}")
        decorations.append(Decoration(d["kind"], str(d.get("id", "")),
                                      tuple(r.point(pt, f"decorations[{i}].points") for pt in d["points"])))
    return Geometry(
        map_id=str(doc["map"]),
        width=r.number(doc["width"], "width"),
        height=r.number(doc["height"], "height"),
        wrap_x=bool(doc.get("wrap_x", False)),
        sea=None if sea is None else r.multipolygon(sea, "background.sea"),
        land=r.multipolygon(background["land"], "background.land"),
        impassable={k: r.multipolygon(v, f"impassable.{k}") for k, v in impassable_doc.items()},
        provinces=provinces,
        decorations=tuple(decorations),
        wrap_y=bool(doc.get("wrap_y", False)),
    )


def read_geometry(path: Path) -> Geometry:
    """Read a geometry file (uncached)."""
    return parse_geometry(read_json(path, MapDataError), str(path))


def has_geometry(map_id: str) -> bool:
    return (map_folder(map_id) / "geometry.json").is_file()


@lru_cache(maxsize=8)
def load_geometry(map_id: str) -> Geometry:
    """The geometry of a map (``resources/maps/<map_id>/`` or a variant's own folder; cached per map id)."""
    path = map_folder(map_id) / "geometry.json"
    if not path.is_file():
        raise MapDataError(f"map {map_id!r} has no geometry ({path} doesn't exist)")
    return read_geometry(path)
