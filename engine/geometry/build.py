"""Build ``resources/maps/<id>/geometry.json`` from the map's graph, its seeds and its cropped coastline.

Reads only files inside the map's own directory (``map.json``, ``seeds.json``, ``source/coastline.geojson``), so
it re-runs from a fresh clone. The output format is documented in ``docs/map-geometry.md``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shapely.geometry import box

from ..mapdata import MAPS_DIR, MapData, load_map
from ..types import MapDataError
from .anchors import ProvinceAnchors, coast_regions, place_anchors
from .coastline import load_coastline
from .config import BuildConfig, load_config
from .encode import encode_multipolygon, round_point
from .partition import Board, partition
from .rules import GEOMETRY_FORMAT, GEOMETRY_FORMAT_VERSION


@dataclass
class BuildResult:
    document: dict[str, Any]
    notes: list[str]


def load_mapdata(map_id: str, maps_dir: Path = MAPS_DIR) -> MapData:
    """The map's graph; from ``maps_dir`` when it isn't the shipped maps folder."""
    if maps_dir == MAPS_DIR:
        return load_map(map_id)
    path = maps_dir / map_id / "map.json"
    try:
        return MapData.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError) as exc:
        raise MapDataError(f"{path} can't be read: {exc}") from exc


def geometry_path(map_id: str, maps_dir: Path = MAPS_DIR) -> Path:
    return maps_dir / map_id / "geometry.json"


def _decorations(config: BuildConfig, mapdata: MapData, anchors: dict[str, ProvinceAnchors]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for spec in config.decorations:
        if spec.path:
            pts = [config.frame.latlon_to_pixels(p) for p in spec.path]
        else:
            provs = list(spec.provinces)
            if spec.extra_key is not None:
                listed = mapdata.extra.get(spec.extra_key)
                if not isinstance(listed, list) or not all(isinstance(x, str) for x in listed):
                    raise MapDataError(f"decoration {spec.id}: map.json extra has no province list {spec.extra_key!r}")
                provs = [x.upper() for x in listed]
            unknown = [p for p in provs if p not in anchors]
            if unknown:
                raise MapDataError(f"decoration {spec.id}: unknown or impassable province(s) {', '.join(unknown)}")
            pts = [anchors[p].unit for p in provs]
        out.append({"kind": spec.kind, "id": spec.id, "points": [round_point(x, y) for x, y in pts]})
    return out


def build_geometry(map_id: str, maps_dir: Path = MAPS_DIR) -> BuildResult:
    """Compute the geometry document of ``map_id`` (nothing is written)."""
    config = load_config(map_id, maps_dir)
    mapdata = load_mapdata(map_id, maps_dir)
    board: Board = partition(config, mapdata, load_coastline(map_id, maps_dir))
    coasts = coast_regions(board, mapdata, config)
    anchors = place_anchors(board, mapdata, coasts)
    provinces: dict[str, Any] = {}
    impassable: dict[str, Any] = {}
    for pid in sorted(mapdata.provinces):
        prov = mapdata.provinces[pid]
        region = encode_multipolygon(board.regions[pid])
        if not prov.is_passable:
            impassable[pid] = region
            continue
        a = anchors[pid]
        entry: dict[str, Any] = {
            "region": region,
            "unit": round_point(*a.unit),
            "dislodged": round_point(*a.dislodged),
            "sc": round_point(*a.sc) if a.sc is not None else None,
            "label": round_point(*a.label),
        }
        if a.coasts:
            entry["coasts"] = {
                c: {
                    "region": encode_multipolygon(ca.region),
                    "unit": round_point(*ca.unit),
                    "dislodged": round_point(*ca.dislodged),
                    "label": round_point(*ca.label),
                }
                for c, ca in sorted(a.coasts.items())
            }
        provinces[pid] = entry
    doc: dict[str, Any] = {
        "format": GEOMETRY_FORMAT,
        "format_version": GEOMETRY_FORMAT_VERSION,
        "map": map_id,
        "width": round(board.width, 1),
        "height": round(board.height, 1),
        "wrap_x": config.wrap_x,
        "background": {
            "sea": encode_multipolygon(box(0, 0, board.width, board.height)),
            "land": encode_multipolygon(board.land),
        },
        "impassable": impassable,
        "provinces": provinces,
        "decorations": _decorations(config, mapdata, anchors),
    }
    return BuildResult(doc, board.notes)


def dump_geometry(doc: dict[str, Any]) -> str:
    """Compact JSON, one province per line so diffs between builds stay readable."""
    head = {k: v for k, v in doc.items() if k not in ("provinces", "impassable", "background", "decorations")}
    lines = ["{" + json.dumps(head, separators=(",", ":"))[1:-1] + ","]
    lines.append('"background":' + json.dumps(doc["background"], separators=(",", ":")) + ",")
    lines.append('"impassable":{')
    imp = list(doc["impassable"].items())
    for i, (k, v) in enumerate(imp):
        lines.append(json.dumps(k) + ":" + json.dumps(v, separators=(",", ":")) + ("," if i < len(imp) - 1 else ""))
    lines.append("},")
    lines.append('"provinces":{')
    provs = list(doc["provinces"].items())
    for i, (k, v) in enumerate(provs):
        lines.append(json.dumps(k) + ":" + json.dumps(v, separators=(",", ":")) + ("," if i < len(provs) - 1 else ""))
    lines.append("},")
    lines.append('"decorations":' + json.dumps(doc["decorations"], separators=(",", ":")))
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_geometry(map_id: str, maps_dir: Path = MAPS_DIR) -> tuple[Path, int, list[str]]:
    """Build and write ``geometry.json``; returns (path, bytes written, builder notes)."""
    result = build_geometry(map_id, maps_dir)
    text = dump_geometry(result.document)
    path = geometry_path(map_id, maps_dir)
    path.write_text(text, encoding="utf-8")
    return path, len(text.encode("utf-8")), result.notes
