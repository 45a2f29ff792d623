"""Map projections from longitude/latitude (degrees) to board pixels, and back.

A board is a rectangle in projected coordinates: :class:`Frame` fixes it from two geographic corners and a pixel
width, and maps projected units to pixels with ``y`` growing downward. Spherical formulas are plenty at board
scale. Pure Python (the builder calls it point by point on already-small coordinate lists).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..types import MapDataError

_QUARTER_PI = math.pi / 4


class Projection:
    """Forward and inverse projection on the unit sphere (radians in, plane units out)."""

    kind: str

    def forward(self, lon: float, lat: float) -> tuple[float, float]:
        raise NotImplementedError

    def inverse(self, x: float, y: float) -> tuple[float, float]:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class LambertConformalConic(Projection):
    """Conic, conformal: the usual choice for mid-latitude regions wider than tall (Europe)."""

    lon0: float
    lat0: float
    lat1: float
    lat2: float
    kind: str = "lcc"

    def _constants(self) -> tuple[float, float, float]:
        p1, p2, p0 = (math.radians(v) for v in (self.lat1, self.lat2, self.lat0))
        if abs(p1 - p2) < 1e-9:
            n = math.sin(p1)
        else:
            n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
                math.tan(_QUARTER_PI + p2 / 2) / math.tan(_QUARTER_PI + p1 / 2)
            )
        f = math.cos(p1) * math.tan(_QUARTER_PI + p1 / 2) ** n / n
        rho0 = f / math.tan(_QUARTER_PI + p0 / 2) ** n
        return n, f, rho0

    def forward(self, lon: float, lat: float) -> tuple[float, float]:
        n, f, rho0 = self._cached()
        phi = math.radians(max(-89.9, min(89.9, lat)))
        rho = f / math.tan(_QUARTER_PI + phi / 2) ** n
        theta = n * math.radians(lon - self.lon0)
        return rho * math.sin(theta), rho0 - rho * math.cos(theta)

    def inverse(self, x: float, y: float) -> tuple[float, float]:
        n, f, rho0 = self._cached()
        dy = rho0 - y
        rho = math.copysign(math.hypot(x, dy), n)
        theta = math.atan2(x, dy) if n > 0 else math.atan2(-x, -dy)
        lat = 2 * math.atan((f / rho) ** (1 / n)) - math.pi / 2
        return self.lon0 + math.degrees(theta / n), math.degrees(lat)

    def _cached(self) -> tuple[float, float, float]:
        cache = _LCC_CACHE.get(self)
        if cache is None:
            cache = _LCC_CACHE[self] = self._constants()
        return cache


_LCC_CACHE: dict[LambertConformalConic, tuple[float, float, float]] = {}


@dataclass(frozen=True, slots=True)
class Miller(Projection):
    """Miller cylindrical: Mercator-like near the equator, milder toward the poles (wide tropical boards)."""

    lon0: float
    kind: str = "miller"

    def forward(self, lon: float, lat: float) -> tuple[float, float]:
        phi = math.radians(max(-89.0, min(89.0, lat)))
        return math.radians(lon - self.lon0), 1.25 * math.log(math.tan(_QUARTER_PI + 0.4 * phi))

    def inverse(self, x: float, y: float) -> tuple[float, float]:
        return self.lon0 + math.degrees(x), math.degrees(2.5 * math.atan(math.exp(0.8 * y)) - 0.625 * math.pi)


@dataclass(frozen=True, slots=True)
class Equirectangular(Projection):
    """Plate carrée with a standard parallel: degrees are straight lines, true scale at ``lat_ts``."""

    lon0: float
    lat_ts: float = 0.0
    kind: str = "equirectangular"

    def forward(self, lon: float, lat: float) -> tuple[float, float]:
        return math.radians(lon - self.lon0) * math.cos(math.radians(self.lat_ts)), math.radians(lat)

    def inverse(self, x: float, y: float) -> tuple[float, float]:
        return self.lon0 + math.degrees(x / math.cos(math.radians(self.lat_ts))), math.degrees(y)


_KINDS: dict[str, tuple[type[Projection], tuple[str, ...]]] = {
    "lcc": (LambertConformalConic, ("lon0", "lat0", "lat1", "lat2")),
    "miller": (Miller, ("lon0",)),
    "equirectangular": (Equirectangular, ("lon0", "lat_ts")),
}


def projection_from_spec(spec: Any) -> Projection:
    """Build a projection from its ``seeds.json`` description, e.g. ``{"kind": "lcc", "lon0": 15, ...}``."""
    if not isinstance(spec, dict) or spec.get("kind") not in _KINDS:
        raise MapDataError(f"projection: 'kind' must be one of {sorted(_KINDS)}, got {spec!r}")
    cls, names = _KINDS[spec["kind"]]
    args: dict[str, float] = {}
    for name in names:
        value = spec.get(name, 0.0 if name == "lat_ts" else None)
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise MapDataError(f"projection {spec['kind']}: {name!r} must be a number, got {value!r}")
        args[name] = float(value)
    return cls(**args)


@dataclass(frozen=True, slots=True)
class Frame:
    """The board rectangle: projected extent plus the scale to pixels (``y`` down, origin top left)."""

    projection: Projection
    x0: float
    y_top: float
    scale: float
    width: float
    height: float

    @classmethod
    def from_corners(
        cls, projection: Projection, top_left: Sequence[float], bottom_right: Sequence[float], width: float
    ) -> Frame:
        """``top_left``/``bottom_right`` are ``[lat, lon]``; the rectangle spans them in projected space."""
        (lat_a, lon_a), (lat_b, lon_b) = top_left, bottom_right
        xa, ya = projection.forward(lon_a, lat_a)
        xb, yb = projection.forward(lon_b, lat_b)
        if xb <= xa or ya <= yb:
            raise MapDataError("frame: top_left must lie above and left of bottom_right once projected")
        scale = width / (xb - xa)
        return cls(projection, xa, ya, scale, float(width), round((ya - yb) * scale, 1))

    def to_pixels(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self.projection.forward(lon, lat)
        return (x - self.x0) * self.scale, (self.y_top - y) * self.scale

    def to_lonlat(self, px: float, py: float) -> tuple[float, float]:
        return self.projection.inverse(px / self.scale + self.x0, self.y_top - py / self.scale)

    def latlon_to_pixels(self, point: Sequence[float]) -> tuple[float, float]:
        """``[lat, lon]`` (the order ``seeds.json`` uses) to pixels."""
        return self.to_pixels(point[1], point[0])

    def ring_to_pixels(self, lonlat: Sequence[Sequence[float]]) -> list[tuple[float, float]]:
        """A ring of GeoJSON ``[lon, lat]`` pairs to pixels."""
        fwd: Callable[[float, float], tuple[float, float]] = self.to_pixels
        return [fwd(p[0], p[1]) for p in lonlat]

    def lonlat_bounds(self, margin_deg: float = 1.0, samples: int = 200) -> tuple[float, float, float, float]:
        """Smallest lon/lat box holding the frame (sampled along its border), widened by ``margin_deg``."""
        pts: list[tuple[float, float]] = []
        for i in range(samples + 1):
            t = i / samples
            for px, py in ((t * self.width, 0.0), (t * self.width, self.height), (0.0, t * self.height),
                           (self.width, t * self.height)):
                pts.append(self.to_lonlat(px, py))
        lons = [p[0] for p in pts]
        lats = [p[1] for p in pts]
        return (min(lons) - margin_deg, max(-90.0, min(lats) - margin_deg),
                max(lons) + margin_deg, min(90.0, max(lats) + margin_deg))


__all__ = ["Equirectangular", "Frame", "LambertConformalConic", "Miller", "Projection", "projection_from_spec"]
