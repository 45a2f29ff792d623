"""Where Chancellery's data files (maps, icons) are: ``resources/`` beside the packages in a source
checkout, or the ``chancellery_resources`` package a wheel installs; and the map folders a variant
brings from elsewhere (an installed plug-in, a test fixture), registered by map id."""
from __future__ import annotations

import importlib.util
from pathlib import Path


def _find() -> Path:
    beside = Path(__file__).resolve().parent.parent / "resources"
    if (beside / "maps").is_dir():
        return beside
    spec = importlib.util.find_spec("chancellery_resources")
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return beside  # not found: callers report the missing file by name


RESOURCES = _find()
MAPS_DIR = RESOURCES / "maps"
ICONS_DIR = RESOURCES / "icons"

# Map folders outside ``MAPS_DIR``, by map id (``Variant.map_folder`` registers its own).
_MAP_FOLDERS: dict[str, Path] = {}


def add_map_folder(map_id: str, folder: Path) -> None:
    """Make ``folder`` (holding ``map.json``, and ``geometry.json`` and ``icons/`` when it has them) the
    folder of map ``map_id``. Raises :class:`ValueError` when the id is already another folder's: two
    variants can't give one map id two boards."""
    folder = Path(folder).resolve()
    known = _MAP_FOLDERS.get(map_id)
    if known is not None and known != folder:
        raise ValueError(f"map {map_id!r} is already the folder {known}, not {folder}")
    if known is None and (MAPS_DIR / map_id).is_dir() and (MAPS_DIR / map_id).resolve() != folder:
        raise ValueError(f"map {map_id!r} is a built-in map; a variant's own folder needs another id")
    _MAP_FOLDERS[map_id] = folder


def map_folder(map_id: str) -> Path:
    """The folder of map ``map_id``: a registered one, else ``resources/maps/<map_id>`` (which may not exist:
    callers report the missing file by name)."""
    return _MAP_FOLDERS.get(map_id) or MAPS_DIR / map_id


def added_map_folders() -> dict[str, Path]:
    """The map folders registered from outside ``resources/maps``, by map id."""
    return dict(_MAP_FOLDERS)


def map_folders() -> dict[str, Path]:
    """Every map's folder by id: the built-in ones and the registered ones."""
    found = {p.parent.name: p.parent for p in MAPS_DIR.glob("*/map.json")}
    return found | _MAP_FOLDERS
