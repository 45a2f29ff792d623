"""Minor powers in map.json: read with their units, absent by default, and refused by name when wrong."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engine.mapdata import MapData, MinorPowerInfo, load_map
from engine.resources import MAPS_DIR
from engine.types import MapDataError, UnitType


def _standard_with(minor_powers: Any) -> dict[str, Any]:
    data = copy.deepcopy(json.loads((MAPS_DIR / "standard" / "map.json").read_text(encoding="utf-8")))
    data["minor_powers"] = minor_powers
    return data


def test_the_standard_board_has_none() -> None:
    assert load_map("standard").minor_powers == {}


def test_minor_powers_are_read() -> None:
    board = MapData.from_dict(_standard_with([
        {"id": "spain", "name": "Spain", "units": ["A SPA"]},
        {"id": "DENMARK", "units": ["F DEN"]},
    ]))
    assert board.minor_powers["SPAIN"] == MinorPowerInfo("SPAIN", "Spain", ((UnitType.ARMY, "SPA"),))
    assert board.minor_powers["DENMARK"].name == "Denmark"
    assert board.minor_powers["DENMARK"].start_units == ((UnitType.FLEET, "DEN"),)
    assert "SPAIN" not in board.powers  # nobody plays them


@pytest.mark.parametrize("entries, problem", [
    ({"id": "SPAIN"}, "must be a list"),
    (["SPAIN"], "minor_powers[0]: must be an object with an 'id'"),
    ([{"id": "SPAIN", "units": ["A SPA"], "colour": "red"}], "unknown field 'colour'"),
    ([{"id": "FRANCE", "units": ["A SPA"]}], "the id FRANCE is already a power's"),
    ([{"id": "SPAIN", "units": ["A SPA"]}, {"id": "spain", "units": ["A POR"]}], "the id SPAIN"),
    ([{"id": "SPAIN", "units": []}], "'units' must list at least one unit"),
    ([{"id": "SPAIN", "units": ["Q SPA"]}], "'Q SPA' is not a unit"),
    ([{"id": "SPAIN", "units": ["A"]}], "'A' is not a unit"),
    ([{"id": "SPAIN", "units": ["F MAD"]}], "F MAD can't stand there"),
    ([{"id": "SPAIN", "units": ["A GAS"]}], "A GAS is not on a neutral centre"),
    ([{"id": "SPAIN", "units": ["A PAR"]}], "A PAR is not on a neutral centre"),
    ([{"id": "SPAIN", "units": ["A SPA"]}, {"id": "IBERIA", "units": ["F SPA/NC"]}], "SPAIN already starts a unit in SPA"),
    ([{"id": "SPAIN", "name": 3, "units": ["A SPA"]}], "'name' must be text"),
])
def test_bad_minor_powers_are_refused_by_name(entries: Any, problem: str) -> None:
    with pytest.raises(MapDataError) as caught:
        MapData.from_dict(_standard_with(entries))
    assert problem in str(caught.value)
