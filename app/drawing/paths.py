"""Where the drawing layer finds its files: the repository's ``resources`` folder."""
from __future__ import annotations

from pathlib import Path

RESOURCES_DIR = Path(__file__).resolve().parents[2] / "resources"
ICONS_DIR = RESOURCES_DIR / "icons"
MAPS_DIR = RESOURCES_DIR / "maps"


def geometry_path(map_id: str) -> Path:
    """``resources/maps/<map_id>/geometry.json``."""
    return MAPS_DIR / map_id / "geometry.json"
