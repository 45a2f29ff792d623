"""Typed attributes of borders and provinces in map.json: read, checked, and absent by default."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engine.mapdata import NO_EDGE_INFO, EdgeInfo, MapData, load_map
from engine.resources import MAPS_DIR
from engine.types import MapDataError


def _standard() -> dict[str, Any]:
    return json.loads((MAPS_DIR / "standard" / "map.json").read_text(encoding="utf-8"))


def _with(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(_standard())
    for key, value in changes.items():
        data[key] = value
    return data


def test_the_standard_board_has_no_typed_attributes() -> None:
    board = load_map("standard")
    assert board.edge_info("PAR", "BUR") is NO_EDGE_INFO
    assert board.provinces["STP"].continent is None and not board.provinces["STP"].freezes


def test_edge_and_province_attributes_are_read() -> None:
    data = _with(edge_attributes=[
        {"edge": ["PIE", "TYR"], "half_strength": True},
        {"edge": ["ROM", "APU"], "intervening_sea": "TYS", "passage": "red-arrow"},
        {"edge": ["BOT", "STP/SC"], "canal": True},
    ])
    for p in data["provinces"]:
        if p["id"] == "STP":
            p.update({"continent": "europe", "number": 52, "city": "Saint Petersburg", "freezes": True})
    board = MapData.from_dict(data)
    assert board.edge_info("TYR", "PIE") == EdgeInfo(half_strength=True)
    assert board.edge_info("APU", "ROM") == EdgeInfo(intervening_sea="TYS", passage="red-arrow")
    assert board.edge_info("STP/SC", "BOT").canal
    assert board.edge_info("PAR", "BUR") is NO_EDGE_INFO
    stp = board.provinces["STP"]
    assert (stp.continent, stp.number, stp.city, stp.freezes) == ("europe", 52, "Saint Petersburg", True)


@pytest.mark.parametrize("entry, problem", [
    ({"edge": ["PAR", "MOS"]}, "PAR-MOS is not a border"),
    ({"edge": ["PIE", "TYR"], "strength": 0.5}, "unknown field 'strength'"),
    ({"edge": ["PIE", "TYR"], "half_strength": "yes"}, "must be true or false"),
    ({"edge": ["ROM", "APU"], "intervening_sea": "BUR"}, "not a sea of the map"),
    ({"edge": "PIE-TYR"}, "'edge' must be two locations"),
])
def test_bad_edge_attributes_are_named(entry: dict[str, Any], problem: str) -> None:
    with pytest.raises(MapDataError, match=problem):
        MapData.from_dict(_with(edge_attributes=[entry]))


def test_bad_province_attributes_are_named() -> None:
    data = _standard()
    data["provinces"][0]["number"] = "twelve"
    with pytest.raises(MapDataError, match="'number' must be an integer"):
        MapData.from_dict(data)
    data = _standard()
    data["provinces"][0]["frozen"] = True
    with pytest.raises(MapDataError, match="unknown field 'frozen'"):
        MapData.from_dict(data)


def test_owner_polar_and_waterway_are_read() -> None:
    data = _with(edge_attributes=[{"edge": ["MOS", "STP"], "waterway": "Volga-Baltic"}])
    for p in data["provinces"]:
        if p["id"] == "STP":
            p.update({"owner": "RUSSIA", "polar": "arctic"})
    board = MapData.from_dict(data)
    stp = board.provinces["STP"]
    assert (stp.owner, stp.polar) == ("RUSSIA", "arctic")
    assert board.provinces["MOS"].owner is None and board.provinces["MOS"].polar is None
    assert board.edge_info("STP", "MOS").waterway == "Volga-Baltic"
    assert board.edge_info("PAR", "BUR").waterway is None


@pytest.mark.parametrize("change, problem", [
    ({"owner": "ATLANTIS"}, "owner 'ATLANTIS' is not a power of the map"),
    ({"polar": "tropical"}, "'polar' must be one of arctic, antarctic"),
    ({"polar": 1}, "'polar' must be text"),
])
def test_bad_owner_and_polar_are_named(change: dict[str, Any], problem: str) -> None:
    data = _with()
    for p in data["provinces"]:
        if p["id"] == "STP":
            p.update(change)
    with pytest.raises(MapDataError, match=problem):
        MapData.from_dict(data)


def test_a_waterway_must_be_text() -> None:
    with pytest.raises(MapDataError, match="'waterway' must be text"):
        MapData.from_dict(_with(edge_attributes=[{"edge": ["MOS", "STP"], "waterway": 3}]))
