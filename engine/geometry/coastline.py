"""Coastline input: the one-off crop from GSHHG, and reading the cropped copy a map ships with.

``crop_coastline`` is a maintainer step: it reads a full GSHHS GeoJSON file (path given by the caller), keeps only
what falls inside a map's frame, simplifies it to what the board's scale can show and writes
``resources/maps/<id>/source/coastline.geojson``. The builder then reads only that small file.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import Polygon, box, shape

from ..mapdata import MAPS_DIR
from ..types import MapDataError
from .config import BuildConfig

# GSHHS levels: 1 land, 2 lake, 3 island in a lake, 4 pond on such an island, 5 Antarctica (its ice front; land).
LAND, LAKE, ISLAND_IN_LAKE, POND, ANTARCTICA = 1, 2, 3, 4, 5


@dataclass(frozen=True, slots=True)
class CoastPolygon:
    level: int
    id: str
    lonlat: Polygon  # exterior only, GeoJSON [lon, lat] order


def coastline_path(map_id: str, maps_dir: Path = MAPS_DIR) -> Path:
    return maps_dir / map_id / "source" / "coastline.geojson"


def _read_features(path: Path) -> list[dict[str, Any]]:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MapDataError(f"coastline file {path} can't be read: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise MapDataError(f"coastline file {path} is not valid JSON: {exc}") from exc
    if not isinstance(doc, dict) or not isinstance(doc.get("features"), list):
        raise MapDataError(f"coastline file {path} is not a GeoJSON FeatureCollection")
    features: list[dict[str, Any]] = doc["features"]
    return features


def _polygons_of(feature: dict[str, Any], path: Path) -> tuple[int, str, list[Polygon]]:
    try:
        level = int(feature["properties"]["level"])
        ident = str(feature["properties"].get("id", ""))
        geom = shape(feature["geometry"])
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise MapDataError(f"coastline file {path}: malformed feature ({exc!r})") from exc
    if geom.geom_type == "Polygon":
        parts = [geom]
    elif geom.geom_type == "MultiPolygon":
        parts = list(geom.geoms)
    else:
        raise MapDataError(f"coastline file {path}: feature {ident!r} is a {geom.geom_type}, not a polygon")
    return level, ident, [Polygon(p.exterior) for p in parts]


def crop_coastline(source: Path, config: BuildConfig, out: Path | None = None) -> tuple[Path, int, int]:
    """Crop GSHHS polygons to ``config``'s frame and write them; returns (path, polygons, bytes)."""
    frame = config.frame
    west, south, east, north = frame.lonlat_bounds(margin_deg=1.0)
    clip = box(west, south, east, north)
    # Pixels per degree of latitude near the middle of the board sets the simplification step (half of the
    # builder's own tolerance, so the builder's simplification is the one that shows).
    mid_lon, mid_lat = frame.to_lonlat(frame.width / 2, frame.height / 2)
    _, y_a = frame.to_pixels(mid_lon, mid_lat - 0.5)
    _, y_b = frame.to_pixels(mid_lon, mid_lat + 0.5)
    px_per_deg = abs(y_a - y_b)
    tolerance = max(config.simplify_px, 0.3) / 2 / px_per_deg
    min_area_deg2 = config.min_island_px2 / 4 / px_per_deg**2
    features = []
    for feature in _read_features(source):
        level, ident, polys = _polygons_of(feature, source)
        if level not in (LAND, LAKE, ISLAND_IN_LAKE, POND, ANTARCTICA):
            continue
        for poly in polys:
            if not poly.intersects(clip):
                continue
            if not poly.is_valid:  # GSHHS's Antarctica ring touches itself along the ice shelves
                poly = poly.buffer(0)
            cropped = poly if clip.contains(poly) else poly.intersection(clip)
            cropped = shapely.simplify(cropped, tolerance, preserve_topology=True)
            parts = [cropped] if cropped.geom_type == "Polygon" else [
                g for g in getattr(cropped, "geoms", []) if g.geom_type == "Polygon"
            ]
            for part in parts:
                if part.is_empty or part.area < min_area_deg2:
                    continue
                ring = [[round(x, 3), round(y, 3)] for x, y in part.exterior.coords]
                features.append({
                    "type": "Feature",
                    "properties": {"level": level, "id": ident},
                    "geometry": {"type": "Polygon", "coordinates": [ring]},
                })
    out = out or coastline_path(config.map_id)
    out.parent.mkdir(parents=True, exist_ok=True)
    doc = {
        "type": "FeatureCollection",
        "note": "GSHHG shorelines (LGPL-3.0), cropped to this board and simplified; see ../SOURCES.md",
        "features": features,
    }
    text = json.dumps(doc, separators=(",", ":"))
    out.write_text(text + "\n", encoding="utf-8")
    return out, len(features), len(text) + 1


def load_coastline(map_id: str, maps_dir: Path = MAPS_DIR) -> list[CoastPolygon]:
    """The cropped coastline a map ships with (``source/coastline.geojson``)."""
    path = coastline_path(map_id, maps_dir)
    result: list[CoastPolygon] = []
    for feature in _read_features(path):
        level, ident, polys = _polygons_of(feature, path)
        result.extend(CoastPolygon(level, ident, p) for p in polys)
    return result
