"""A variant may bring its map folder from anywhere (an installed plug-in's package data, a test fixture):
``Variant.map_folder`` registers it for the variant's ``map_id``, and the engine finds the board there."""
from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

import pytest

from engine import resources
from engine.mapdata import available_maps, load_map
from engine.resources import MAPS_DIR, add_map_folder, map_folder
from engine.types import MapDataError
from engine.variants import Variant

BOARD = {
    "format": "chancellery-map", "format_version": 1, "id": "elsewhere", "name": "Elsewhere",
    "start_phase": "S1901M", "victory_centers": 1,
    "powers": [{"id": "ONE", "home_centers": ["HOM"], "units": ["A HOM"]}],
    "provinces": [{"id": "HOM", "name": "Home", "terrain": "land", "supply_center": True},
                  {"id": "AWA", "name": "Away", "terrain": "land"}],
    "army_edges": [["HOM", "AWA"]], "fleet_edges": [],
}


@pytest.fixture
def folders(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registrations made by a test are forgotten after it."""
    monkeypatch.setattr(resources, "_MAP_FOLDERS", dict(resources._MAP_FOLDERS))


def _board_folder(tmp_path: Path, map_id: str) -> Path:
    folder = tmp_path / "somewhere" / "board"
    folder.mkdir(parents=True)
    (folder / "map.json").write_text(json.dumps(BOARD | {"id": map_id}))
    return folder


def test_a_variant_class_registers_its_own_map_folder(tmp_path: Path, folders: None) -> None:
    folder = _board_folder(tmp_path, "test-elsewhere")

    class Elsewhere(Variant):
        id: ClassVar[str] = "test-elsewhere"
        map_id: ClassVar[str] = "test-elsewhere"
        map_folder: ClassVar[Path | None] = folder

    assert map_folder("test-elsewhere") == folder.resolve()
    board = Elsewhere().board
    assert board.name == "Elsewhere" and set(board.provinces) == {"HOM", "AWA"}
    assert load_map("test-elsewhere") is board
    assert "test-elsewhere" in available_maps() and "standard" in available_maps()
    assert Elsewhere().initial_state().units["HOM"].power == "ONE"


def test_built_in_maps_stay_in_resources_and_a_missing_map_is_named(folders: None) -> None:
    assert map_folder("standard") == MAPS_DIR / "standard"
    with pytest.raises(MapDataError, match="no map 'test-nowhere'"):
        load_map("test-nowhere")


def test_one_map_id_cannot_name_two_folders(tmp_path: Path, folders: None) -> None:
    folder = _board_folder(tmp_path, "test-twice")
    add_map_folder("test-twice", folder)
    add_map_folder("test-twice", folder)  # the same folder again is harmless (a module imported twice)
    with pytest.raises(ValueError, match="already the folder"):
        add_map_folder("test-twice", tmp_path)
    with pytest.raises(ValueError, match="built-in map"):
        add_map_folder("standard", folder)
    assert map_folder("standard") == MAPS_DIR / "standard"
