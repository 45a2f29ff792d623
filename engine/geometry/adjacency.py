"""Which provinces a geometry shows as neighbours, compared with the map's declared graph.

Two regions are neighbours when they share at least ``MIN_BORDER_PX`` of boundary. The graph side is the union of
army and fleet edges at province level; impassable provinces take no part. Known differences (canals, straits, land
bridges) are listed with a reason in ``resources/maps/<id>/geometry_exceptions.json``.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shapely import affinity
from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree

from ..mapdata import MAPS_DIR, MapData
from ..types import MapDataError, province_of
from .rules import MIN_BORDER_PX

Pair = tuple[str, str]


def _pair(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


def declared_pairs(mapdata: MapData) -> set[Pair]:
    pairs: set[Pair] = set()
    for a, b in mapdata.army_edges + mapdata.fleet_edges:
        pa, pb = province_of(a), province_of(b)
        if pa != pb:
            pairs.add(_pair(pa, pb))
    return pairs


def shared_lengths(regions: dict[str, BaseGeometry], wrap_width: float | None = None,
                   wrap_height: float | None = None) -> dict[Pair, float]:
    """Length of boundary each pair of touching regions shares (pairs sharing nothing are left out).

    With ``wrap_width`` the board's right edge continues at its left edge, with ``wrap_height`` its bottom
    edge at its top edge: regions meeting across such a seam count as touching too.
    """
    ids = sorted(regions)
    geoms = [regions[i] for i in ids]
    grown = [g.buffer(0.2) for g in geoms]
    tree = STRtree(grown)
    result: dict[Pair, float] = {}
    for i, g in enumerate(geoms):
        boundary = g.boundary
        for j in tree.query(g, predicate="intersects"):
            if j <= i:
                continue
            length = boundary.intersection(grown[j]).length
            if length > 0:
                result[(ids[i], ids[j])] = length
    for axis, span in ((0, wrap_width), (1, wrap_height)):
        if not span:
            continue
        for i, g in enumerate(geoms):
            if g.bounds[2 + axis] < span - 0.05:
                continue
            shifted = affinity.translate(g, xoff=-span if axis == 0 else 0.0, yoff=-span if axis == 1 else 0.0)
            boundary = shifted.boundary
            for j in tree.query(shifted, predicate="intersects"):
                if j == i:
                    continue
                length = boundary.intersection(grown[j]).length
                if length > 0:
                    pair = _pair(ids[i], ids[j])
                    result[pair] = result.get(pair, 0.0) + length
    return result


@dataclass(frozen=True, slots=True)
class GeometryException:
    a: str
    b: str
    kind: str  # "missing": in the graph, not drawn touching; "extra": drawn touching, not in the graph
    why: str

    @property
    def pair(self) -> Pair:
        return _pair(self.a, self.b)


def exceptions_path(map_id: str, maps_dir: Path = MAPS_DIR) -> Path:
    return maps_dir / map_id / "geometry_exceptions.json"


def load_exceptions(map_id: str, maps_dir: Path = MAPS_DIR) -> list[GeometryException]:
    """The map's listed differences between drawing and graph; no file means none."""
    path = exceptions_path(map_id, maps_dir)
    if not path.exists():
        return []
    try:
        doc: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise MapDataError(f"{path} can't be read: {exc}") from exc
    items = doc.get("exceptions") if isinstance(doc, dict) else None
    if not isinstance(items, list):
        raise MapDataError(f"{path}: expected {{'exceptions': [...]}}")
    result = []
    for i, item in enumerate(items):
        if (
            not isinstance(item, dict)
            or not isinstance(item.get("between"), list)
            or len(item["between"]) != 2
            or item.get("kind") not in ("missing", "extra")
            or not isinstance(item.get("why"), str)
            or not item["why"].strip()
        ):
            raise MapDataError(
                f"{path}: exceptions[{i}] needs 'between': [A, B], 'kind': 'missing'|'extra' and a 'why'"
            )
        a, b = (str(x).upper() for x in item["between"])
        result.append(GeometryException(a, b, item["kind"], item["why"]))
    return result


@dataclass(frozen=True, slots=True)
class AdjacencyReport:
    missing: list[Pair]  # declared, but the regions don't share a border
    extra: list[Pair]  # regions share a border, but the graph has no edge
    stale: list[GeometryException]  # listed exceptions that no longer happen
    lengths: dict[Pair, float]

    @property
    def ok(self) -> bool:
        return not (self.missing or self.extra or self.stale)

    def lines(self) -> list[str]:
        out = [f"{a}-{b}: neighbours in the graph, but their regions share only "
               f"{self.lengths.get((a, b), 0.0):.1f} px of border" for a, b in self.missing]
        out += [f"{a}-{b}: regions share {self.lengths.get((a, b), 0.0):.1f} px of border, "
                f"but the graph has no edge" for a, b in self.extra]
        out += [f"exception {e.a}-{e.b} ({e.kind}) is listed but doesn't occur" for e in self.stale]
        return out


def compare_adjacency(
    regions: dict[str, BaseGeometry],
    mapdata: MapData,
    exceptions: Sequence[GeometryException] = (),
    wrap_width: float | None = None,
    wrap_height: float | None = None,
) -> AdjacencyReport:
    """Compare the neighbours ``regions`` show (passable provinces only) with ``mapdata``'s graph."""
    passable = {p: g for p, g in regions.items() if p in mapdata.provinces and mapdata.provinces[p].is_passable}
    lengths = shared_lengths(passable, wrap_width, wrap_height)
    drawn = {p for p, length in lengths.items() if length >= MIN_BORDER_PX}
    declared = declared_pairs(mapdata)
    excused_missing = {e.pair for e in exceptions if e.kind == "missing"}
    excused_extra = {e.pair for e in exceptions if e.kind == "extra"}
    missing = sorted(declared - drawn - excused_missing)
    extra = sorted(drawn - declared - excused_extra)
    stale = [e for e in exceptions if (e.kind == "missing" and (e.pair in drawn or e.pair not in declared))
             or (e.kind == "extra" and (e.pair not in drawn or e.pair in declared))]
    return AdjacencyReport(missing, extra, stale, lengths)
