"""Where the drawing layer finds its files (see :mod:`engine.resources`)."""
from __future__ import annotations

from pathlib import Path

from engine.resources import ICONS_DIR, MAPS_DIR, RESOURCES as RESOURCES_DIR

__all__ = ["ICONS_DIR", "MAPS_DIR", "RESOURCES_DIR", "geometry_path"]


def geometry_path(map_id: str) -> Path:
    """``resources/maps/<map_id>/geometry.json``."""
    return MAPS_DIR / map_id / "geometry.json"
