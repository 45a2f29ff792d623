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


def _power(data: dict[str, Any], power_id: str) -> dict[str, Any]:
    return next(pw for pw in data["powers"] if pw["id"] == power_id)


def test_centre_points_sheet_capital_and_home_areas_are_read() -> None:
    data = _standard()
    for p in data["provinces"]:
        if p["id"] == "LON":
            p.update({"points": 2, "sheet": "europe"})
    _power(data, "ENGLAND").update({"capital": "LON", "home_areas": ["YOR", "WAL"]})
    board = MapData.from_dict(data)
    assert (board.provinces["LON"].points, board.provinces["LON"].sheet) == (2, "europe")
    assert board.provinces["PAR"].points is None and board.provinces["PAR"].sheet is None
    england = board.powers["ENGLAND"]
    assert (england.capital, england.home_areas) == ("LON", ("YOR", "WAL"))
    assert board.powers["FRANCE"].capital is None and board.powers["FRANCE"].home_areas == ()


@pytest.mark.parametrize("province, power, problem", [
    ({"id": "LON", "points": "two"}, {}, "'points' must be an integer"),
    ({"id": "YOR", "points": 1}, {}, "'points' is for supply centres"),
    ({"id": "LON", "points": 0}, {}, "'points' is for supply centres and at least 1"),
    ({"id": "LON", "sheet": 3}, {}, "'sheet' must be text"),
    ({}, {"capital": "PAR"}, "capital PAR is not one of its home centres"),
    ({}, {"capital": 7}, "'capital' must be a province code"),
    ({}, {"home_areas": ["EDI"]}, "home area EDI is not a land area without a centre"),
    ({}, {"home_areas": ["NTH"]}, "home area NTH is not a land area"),
    ({}, {"homes": ["YOR"]}, "unknown field 'homes'"),
])
def test_bad_points_sheet_capital_and_home_areas_are_named(
        province: dict[str, Any], power: dict[str, Any], problem: str) -> None:
    data = _standard()
    for p in data["provinces"]:
        if p["id"] == province.get("id"):
            p.update(province)
    _power(data, "ENGLAND").update(power)
    with pytest.raises(MapDataError, match=problem):
        MapData.from_dict(data)
