"""Where Chancellery's data files (maps, icons) are: ``resources/`` beside the packages in a source
checkout, or the ``chancellery_resources`` package a wheel installs."""
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
