"""Map geometry: province shapes and anchor points drawn from real coastlines.

* :mod:`.load` reads a map's committed ``geometry.json`` (pure Python; what the app uses at run time).
* :mod:`.build`, :mod:`.partition`, :mod:`.anchors` make that file from ``seeds.json`` and the cropped
  coastline; :mod:`.check` verifies it; :mod:`.cli` holds the ``chancellery maps ...`` commands. These need
  shapely and numpy and are imported only by those tools.

See ``docs/map-geometry.md``.
"""
from __future__ import annotations

from .load import Geometry, ProvinceGeometry, has_geometry, load_geometry, read_geometry

__all__ = ["Geometry", "ProvinceGeometry", "has_geometry", "load_geometry", "read_geometry"]
