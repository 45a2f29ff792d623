"""The Global Diplomacy board: every fact the EMG rules force holds on the loaded map (one data file, one case
per fact), and the board is whole: numbers unique, centres valued, starts within supply, every area reachable."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.geometry.adjacency import load_exceptions
from engine.mapdata import MapData, load_map
from engine.types import Terrain, UnitType, province_of

MAP_ID = "global1890"
FACTS_FILE = Path(__file__).parent / "data" / "maps" / f"{MAP_ID}_facts.json"
FACTS: list[dict[str, Any]] = json.loads(FACTS_FILE.read_text(encoding="utf-8"))["facts"]
UNIT_POINTS = {UnitType.ARMY: 2, UnitType.FLEET: 2, UnitType.CORPS: 1, UnitType.SQUADRON: 1}


@pytest.fixture(scope="module")
def board() -> MapData:
    return load_map(MAP_ID)


def _area(board: MapData, number: int) -> str:
    """The area's code, found by its number as the rules write it (``7``), through the parser's own lookup."""
    code = board.lookup(str(number))
    assert code is not None and board.provinces[code].number == number, number
    return code


def _power(board: MapData, name: str) -> str:
    return next(p.id for p in board.powers.values() if p.name == name)


def _fact_id(fact: dict[str, Any]) -> str:
    return "-".join([fact["fact"]] + [str(fact[k]) for k in ("number", "a", "b", "power") if k in fact])


def check_fact(board: MapData, fact: dict[str, Any]) -> None:
    kind = fact["fact"]
    if kind == "powers":
        assert sorted(p.name for p in board.powers.values()) == fact["names"]
    elif kind == "sheets":
        assert sorted({p.sheet for p in board.provinces.values() if p.is_passable}) == fact["names"]
    elif kind in ("named", "area", "terrain", "centre"):
        province = board.provinces[_area(board, fact["number"])]
        if "name" in fact:
            assert province.name == fact["name"] and board.lookup(fact["name"]) == province.id
        if "terrain" in fact:
            assert province.terrain is Terrain(fact["terrain"])
        if kind == "centre":
            assert province.is_supply_center
            if "points" in fact:
                assert province.points == fact["points"]
    elif kind == "capital":
        assert board.powers[_power(board, fact["power"])].capital == _area(board, fact["number"])
    elif kind == "owner":
        area = _area(board, fact["number"])
        power = board.powers[_power(board, fact["power"])]
        assert area in power.home_centers + power.home_areas
    elif kind == "unowned":
        area = _area(board, fact["number"])
        assert all(area not in p.home_centers + p.home_areas for p in board.powers.values())
        assert all(province_of(loc) != area for p in board.powers.values() for _, loc in p.start_units)
    elif kind == "start_unit":
        unit = (UnitType(fact["unit"]), _area(board, fact["number"]))
        assert unit in board.powers[_power(board, fact["power"])].start_units
    elif kind in ("army_edge", "no_army_edge"):
        a, b = _area(board, fact["a"]), _area(board, fact["b"])
        touching = b in board.army_adjacent(a) and a in board.army_adjacent(b)
        assert touching is (kind == "army_edge")
    elif kind in ("fleet_edge", "no_fleet_edge"):
        a, b = _area(board, fact["a"]), _area(board, fact["b"])
        sailing = b in board.fleet_adjacent(a) and a in board.fleet_adjacent(b)
        assert sailing is (kind == "fleet_edge")
    else:
        raise AssertionError(f"unknown fact kind {kind!r} in {FACTS_FILE.name}")


@pytest.mark.parametrize("fact", FACTS, ids=[_fact_id(f) for f in FACTS])
def test_forced_fact(board: MapData, fact: dict[str, Any]) -> None:
    check_fact(board, fact)


def test_a_broken_fact_is_caught(board: MapData) -> None:
    # The checks themselves can fail: a fact the board doesn't honour is reported.
    with pytest.raises(AssertionError):
        check_fact(board, {"fact": "fleet_edge", "a": 90, "b": 92})
    with pytest.raises(AssertionError):
        check_fact(board, {"fact": "army_edge", "a": 14, "b": 17})
    with pytest.raises(AssertionError):
        check_fact(board, {"fact": "centre", "number": 148, "points": 2})
    with pytest.raises(AssertionError):
        check_fact(board, {"fact": "unowned", "number": 41})


def test_every_passable_area_has_a_unique_number_and_a_sheet(board: MapData) -> None:
    areas = [p for p in board.provinces.values() if p.is_passable]
    numbers = [p.number for p in areas]
    assert None not in numbers and len(numbers) == len(set(numbers))
    assert all(p.sheet for p in areas)
    # Sea areas are numbered from 200 and land areas below, as in every example of the rules.
    assert all((p.number >= 200) == p.is_sea for p in areas)


def test_centres_are_worth_one_or_two_points_and_every_power_has_a_capital(board: MapData) -> None:
    assert {board.provinces[c].points for c in board.supply_centers} == {1, 2}
    for power in board.powers.values():
        assert power.capital in power.home_centers and board.provinces[power.capital].points == 2, power.id
    # The rules package reads the one-point centres from extra as well: both say the same.
    ones = {c for c in board.supply_centers if board.provinces[c].points == 1}
    assert set(board.extra["one_point_centres"]) == ones


def test_owned_areas_add_up(board: MapData) -> None:
    owned = [a for p in board.powers.values() for a in p.home_centers + p.home_areas]
    assert len(owned) == len(set(owned))
    homes = {c for p in board.powers.values() for c in p.home_centers}
    assert homes | set(board.neutral_centers) == set(board.supply_centers)
    assert homes.isdisjoint(board.neutral_centers)
    assert board.extra["home_areas"] == {p.id: list(p.home_areas) for p in board.powers.values()}


def test_each_power_starts_within_its_supply_points_on_its_own_land(board: MapData) -> None:
    for power in board.powers.values():
        supply = sum(board.provinces[c].points or 0 for c in power.home_centers)
        upkeep = sum(UNIT_POINTS[kind] for kind, _ in power.start_units)
        assert upkeep <= supply, power.id
        own = set(power.home_centers + power.home_areas)
        assert {province_of(loc) for _, loc in power.start_units} <= own, power.id
    places = [province_of(loc) for p in board.powers.values() for _, loc in p.start_units]
    assert len(places) == len(set(places))


def test_every_area_is_reachable(board: MapData) -> None:
    passable = {p for p, v in board.provinces.items() if v.is_passable}
    assert set(board.distances_from([_area(board, 7)])) == passable


def test_the_only_border_the_drawing_lacks_is_the_suez_canal(board: MapData) -> None:
    listed = {frozenset((e.a, e.b)) for e in load_exceptions(MAP_ID)}
    canals = {edge for edge, info in board.edge_attributes.items() if info.canal}
    assert listed == canals == {frozenset(("231", "243"))}
