"""Where the drawing layer finds its files (see :mod:`engine.resources`)."""
from __future__ import annotations

from pathlib import Path

from engine.resources import ICONS_DIR, MAPS_DIR, RESOURCES as RESOURCES_DIR, added_map_folders, map_folder

__all__ = ["ICONS_DIR", "MAPS_DIR", "RESOURCES_DIR", "added_map_folders", "geometry_path"]


def geometry_path(map_id: str) -> Path:
    """``resources/maps/<map_id>/geometry.json``, or in the folder a variant registered for the map."""
    return map_folder(map_id) / "geometry.json"
