"""Shapely geometry to and from the geometry file's MULTIPOLYGON notation.

MULTIPOLYGON = list of polygons; polygon = list of rings, exterior first then holes; ring = flat list
``[x0, y0, x1, y1, ...]``, implicitly closed (the first point is not repeated). Exteriors run clockwise on screen
(``y`` down) and holes counter-clockwise.
"""
from __future__ import annotations

from typing import Any

from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from .rules import COORD_DECIMALS

Flat = list[float]
EncodedMultiPolygon = list[list[Flat]]


def polygons_of(geom: BaseGeometry | None) -> list[Polygon]:
    """The non-empty polygon parts of any geometry (collections are searched, lines and points dropped)."""
    if geom is None or geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if hasattr(geom, "geoms"):
        out: list[Polygon] = []
        for g in geom.geoms:
            out.extend(polygons_of(g))
        return out
    return []


def _ring(coords: Any) -> Flat:
    flat: Flat = []
    pts = list(coords)[:-1]  # drop the repeated closing point
    prev: tuple[float, float] | None = None
    for x, y in pts:
        p = (round(x, COORD_DECIMALS), round(y, COORD_DECIMALS))
        if p != prev:
            flat.extend(p)
            prev = p
    if len(flat) >= 4 and flat[-2:] == flat[:2]:
        del flat[-2:]
    return flat


def encode_multipolygon(geom: BaseGeometry | None) -> EncodedMultiPolygon:
    result: EncodedMultiPolygon = []
    for poly in polygons_of(geom):
        # Counter-clockwise in raw coordinates, which a y-down screen shows clockwise.
        poly = orient(poly, 1.0)
        rings = [_ring(poly.exterior.coords)] + [_ring(r.coords) for r in poly.interiors]
        rings = [r for r in rings if len(r) >= 6]
        if rings and len(rings[0]) >= 6:
            result.append(rings)
    return result


def decode_multipolygon(data: EncodedMultiPolygon) -> MultiPolygon:
    polys = []
    for rings in data:
        pairs = [list(zip(r[0::2], r[1::2])) for r in rings]
        polys.append(Polygon(pairs[0], pairs[1:]))
    return MultiPolygon(polys)


def round_point(x: float, y: float) -> list[float]:
    return [round(x, COORD_DECIMALS), round(y, COORD_DECIMALS)]
