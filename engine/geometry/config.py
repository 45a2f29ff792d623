"""Read and validate a map's hand-made builder input, ``resources/maps/<id>/seeds.json``.

The format is documented in ``docs/map-geometry.md``. Every error names the offending entry.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..mapdata import MAPS_DIR
from ..types import MapDataError
from .projection import Frame, projection_from_spec
from .rules import DECORATION_KINDS

LatLon = tuple[float, float]

SEEDS_FORMAT = "chancellery-seeds"


@dataclass(frozen=True, slots=True)
class Shape:
    """A hand-drawn edit in geographic coordinates: a polygon, a widened line, or a point picking a landmass."""

    why: str
    polygon: tuple[LatLon, ...] = ()
    line: tuple[LatLon, ...] = ()
    width_px: float = 3.0
    at: LatLon | None = None


@dataclass(frozen=True, slots=True)
class SeedPath:
    """A run of seed points along a line, spaced ``step_px`` apart once projected."""

    points: tuple[LatLon, ...]
    step_px: float


@dataclass(frozen=True, slots=True)
class Guide:
    """A border drawn by hand: seed pairs straddle the line so the Voronoi cut follows it.

    ``inside``/``outside`` name the provinces on either side of a closed ``outline`` (``left``/``right`` for an
    open ``line``, seen walking along it); a side left as ``None`` goes to whichever province has the nearest
    ordinary seed.
    """

    points: tuple[LatLon, ...]
    closed: bool
    left: str | None  # inside, for an outline
    right: str | None  # outside, for an outline
    step_px: float = 5.0
    offset_px: float = 2.0


@dataclass(frozen=True, slots=True)
class KeptLake:
    province: str
    at: LatLon


@dataclass(frozen=True, slots=True)
class DecorationSpec:
    kind: str
    id: str
    path: tuple[LatLon, ...] = ()  # geographic points
    provinces: tuple[str, ...] = ()  # or: through these provinces' unit anchors
    extra_key: str | None = None  # or: through the provinces listed in map.json "extra"[key]


@dataclass(slots=True)
class BuildConfig:
    map_id: str
    frame: Frame
    wrap_x: bool = False  # the board's left and right edges are the same meridian (world maps)
    simplify_px: float = 0.7
    min_island_px2: float = 6.0
    attach_island_px: float = 5.0
    add_land: list[Shape] = field(default_factory=list)
    remove_land: list[Shape] = field(default_factory=list)
    grow: list[Shape] = field(default_factory=list)  # land inside the polygon is fattened by width_px
    unplayable: list[Shape] = field(default_factory=list)
    kept_lakes: list[KeptLake] = field(default_factory=list)
    seeds: dict[str, list[LatLon | SeedPath]] = field(default_factory=dict)
    guides: list[Guide] = field(default_factory=list)
    coast_seeds: dict[str, dict[str, list[LatLon]]] = field(default_factory=dict)
    decorations: list[DecorationSpec] = field(default_factory=list)


def _latlon(value: Any, where: str) -> LatLon:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    ):
        raise MapDataError(f"{where}: expected [lat, lon], got {value!r}")
    lat, lon = float(value[0]), float(value[1])
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        raise MapDataError(f"{where}: [lat, lon] out of range: {value!r}")
    return lat, lon


def _latlons(value: Any, where: str, minimum: int) -> tuple[LatLon, ...]:
    if not isinstance(value, list) or len(value) < minimum:
        raise MapDataError(f"{where}: expected a list of at least {minimum} [lat, lon] points")
    return tuple(_latlon(v, f"{where}[{i}]") for i, v in enumerate(value))


def _number(obj: dict[str, Any], key: str, default: float, where: str) -> float:
    value = obj.get(key, default)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
        raise MapDataError(f"{where}: {key!r} must be a non-negative number, got {value!r}")
    return float(value)


def _shape(value: Any, where: str) -> Shape:
    if not isinstance(value, dict) or not isinstance(value.get("why"), str):
        raise MapDataError(f"{where}: each edit is an object with a 'why' text")
    kinds = [k for k in ("polygon", "line", "at") if k in value]
    if len(kinds) != 1:
        raise MapDataError(f"{where}: give exactly one of 'polygon', 'line' or 'at'")
    kind = kinds[0]
    if kind == "polygon":
        return Shape(value["why"], polygon=_latlons(value["polygon"], f"{where}.polygon", 3),
                     width_px=_number(value, "width_px", 0.0, where))
    if kind == "line":
        return Shape(value["why"], line=_latlons(value["line"], f"{where}.line", 2),
                     width_px=_number(value, "width_px", 3.0, where))
    return Shape(value["why"], at=_latlon(value["at"], f"{where}.at"))


def parse_config(map_id: str, doc: Any) -> BuildConfig:
    """Validate a parsed ``seeds.json`` document."""
    if not isinstance(doc, dict) or doc.get("format") != SEEDS_FORMAT:
        raise MapDataError(f"seeds for {map_id!r}: not a seeds file (format must be {SEEDS_FORMAT!r})")
    frame_spec = doc.get("frame")
    if not isinstance(frame_spec, dict):
        raise MapDataError(f"seeds for {map_id!r}: 'frame' must be an object")
    projection = projection_from_spec(doc.get("projection"))
    width = _number(frame_spec, "width", 0, "frame")
    if width < 100:
        raise MapDataError("frame: 'width' must be at least 100 pixels")
    frame = Frame.from_corners(
        projection,
        _latlon(frame_spec.get("top_left"), "frame.top_left"),
        _latlon(frame_spec.get("bottom_right"), "frame.bottom_right"),
        width,
    )
    params = doc.get("parameters", {})
    if not isinstance(params, dict):
        raise MapDataError("'parameters' must be an object")
    wrap_x = frame_spec.get("wrap_x", False)
    if not isinstance(wrap_x, bool):
        raise MapDataError("frame: 'wrap_x' must be true or false")
    config = BuildConfig(
        map_id=map_id,
        frame=frame,
        wrap_x=wrap_x,
        simplify_px=_number(params, "simplify_px", 0.7, "parameters"),
        min_island_px2=_number(params, "min_island_px2", 6.0, "parameters"),
        attach_island_px=_number(params, "attach_island_px", 5.0, "parameters"),
    )
    edits = doc.get("edits", {})
    if not isinstance(edits, dict):
        raise MapDataError("'edits' must be an object")
    for key in ("add_land", "remove_land", "grow", "unplayable"):
        items = edits.get(key, [])
        if not isinstance(items, list):
            raise MapDataError(f"edits.{key} must be a list")
        target: list[Shape] = getattr(config, key)
        for i, item in enumerate(items):
            target.append(_shape(item, f"edits.{key}[{i}]"))
    for i, item in enumerate(doc.get("kept_lakes", [])):
        if not isinstance(item, dict) or not isinstance(item.get("province"), str):
            raise MapDataError(f"kept_lakes[{i}]: expected {{'province': CODE, 'at': [lat, lon]}}")
        config.kept_lakes.append(KeptLake(item["province"].upper(), _latlon(item.get("at"), f"kept_lakes[{i}].at")))
    seeds = doc.get("seeds")
    if not isinstance(seeds, dict) or not seeds:
        raise MapDataError(f"seeds for {map_id!r}: 'seeds' must be a non-empty object of province -> points")
    for prov, items in seeds.items():
        if not isinstance(items, list) or not items:
            raise MapDataError(f"seeds.{prov}: expected a non-empty list of [lat, lon] points or paths")
        parsed: list[LatLon | SeedPath] = []
        for i, item in enumerate(items):
            where = f"seeds.{prov}[{i}]"
            if isinstance(item, dict):
                parsed.append(SeedPath(_latlons(item.get("path"), f"{where}.path", 2),
                                       _number(item, "step_px", 12.0, where) or 12.0))
            else:
                parsed.append(_latlon(item, where))
        config.seeds[prov.upper()] = parsed
    for i, item in enumerate(doc.get("guides", [])):
        where = f"guides[{i}]"
        if not isinstance(item, dict) or ("outline" in item) == ("line" in item):
            raise MapDataError(f"{where}: give either 'outline' (closed) or 'line' (open)")
        closed = "outline" in item
        pts = _latlons(item["outline" if closed else "line"], where, 3 if closed else 2)
        sides = ("inside", "outside") if closed else ("left", "right")
        named: list[str | None] = []
        for side in sides:
            value = item.get(side)
            if value is not None and not isinstance(value, str):
                raise MapDataError(f"{where}.{side}: expected a province code or null")
            named.append(value.upper() if isinstance(value, str) else None)
        config.guides.append(Guide(pts, closed, named[0], named[1],
                                   _number(item, "step_px", 5.0, where) or 5.0,
                                   _number(item, "offset_px", 2.0, where) or 2.0))
    for prov, coasts in doc.get("coast_seeds", {}).items():
        if not isinstance(coasts, dict):
            raise MapDataError(f"coast_seeds.{prov}: expected an object of coast -> points")
        config.coast_seeds[prov.upper()] = {
            c.upper(): list(_latlons(pts, f"coast_seeds.{prov}.{c}", 1)) for c, pts in coasts.items()
        }
    for i, item in enumerate(doc.get("decorations", [])):
        where = f"decorations[{i}]"
        if not isinstance(item, dict) or item.get("kind") not in DECORATION_KINDS or not isinstance(
            item.get("id"), str
        ):
            raise MapDataError(f"{where}: expected {{'kind': {'|'.join(DECORATION_KINDS)}, 'id': ..., ...}}")
        if "path" in item:
            config.decorations.append(DecorationSpec(item["kind"], item["id"],
                                                     path=_latlons(item["path"], f"{where}.path", 2)))
        elif "provinces" in item:
            provs = item["provinces"]
            if not isinstance(provs, list) or len(provs) < 2 or not all(isinstance(p, str) for p in provs):
                raise MapDataError(f"{where}.provinces: expected a list of at least two province codes")
            config.decorations.append(DecorationSpec(item["kind"], item["id"],
                                                     provinces=tuple(p.upper() for p in provs)))
        elif isinstance(item.get("extra_key"), str):
            config.decorations.append(DecorationSpec(item["kind"], item["id"], extra_key=item["extra_key"]))
        else:
            raise MapDataError(f"{where}: give 'path', 'provinces' or 'extra_key'")
    return config


def seeds_path(map_id: str, maps_dir: Path = MAPS_DIR) -> Path:
    return maps_dir / map_id / "seeds.json"


def load_config(map_id: str, maps_dir: Path = MAPS_DIR) -> BuildConfig:
    path = seeds_path(map_id, maps_dir)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MapDataError(f"map {map_id!r} has no builder input ({path} can't be read: {exc.strerror})") from exc
    except json.JSONDecodeError as exc:
        raise MapDataError(f"{path} is not valid JSON: {exc}") from exc
    return parse_config(map_id, doc)
