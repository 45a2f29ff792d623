"""The 1815 board: every fact the rules force holds on the loaded map (one data file, one case per fact), and the
board is whole: centres add up, units stand on their centres, every crossing the drawing lacks is explained."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.geometry.adjacency import load_exceptions
from engine.geometry.load import load_geometry
from engine.mapdata import MapData, load_map
from engine.types import Terrain, UnitType, province_of

FACTS_FILE = Path(__file__).parent / "data" / "maps" / "1815_facts.json"
FACTS: list[dict[str, Any]] = json.loads(FACTS_FILE.read_text(encoding="utf-8"))["facts"]


@pytest.fixture(scope="module")
def board() -> MapData:
    return load_map("1815")


def _fact_id(fact: dict[str, Any]) -> str:
    parts = [fact["fact"]] + [str(fact[k]) for k in ("id", "a", "b", "power") if k in fact]
    return "-".join(parts)


def _fleet_pair(board: MapData, a: str, b: str) -> bool:
    return any(province_of(x) == b for loc in board.coast_locations(a) for x in board.fleet_adjacent(loc)) \
        if not board.provinces[a].is_sea else b in board.fleet_adjacent_provinces(a)


def check_fact(board: MapData, fact: dict[str, Any]) -> None:
    kind = fact["fact"]
    if kind == "centres":
        assert len(board.supply_centers) == fact["count"]
    elif kind == "victory":
        assert board.victory_centers == fact["count"]
    elif kind == "powers":
        assert sorted(board.powers) == fact["ids"]
    elif kind == "named":
        province = board.provinces[fact["id"]]
        assert province.name == fact["name"]
        assert board.lookup(fact["name"]) == fact["id"]
        if "terrain" in fact:
            assert province.terrain is Terrain(fact["terrain"])
    elif kind == "names":
        for name in fact["names"]:
            assert board.lookup(name) == fact["id"], name
    elif kind == "fleet_edge":
        assert _fleet_pair(board, fact["a"], fact["b"]) and _fleet_pair(board, fact["b"], fact["a"])
    elif kind == "no_army_edge":
        assert fact["b"] not in board.army_adjacent(fact["a"])
    elif kind == "half_strength":
        flagged = sorted(sorted(edge) for edge, info in board.edge_attributes.items() if info.half_strength)
        assert flagged == sorted(sorted(e) for e in fact["edges"])
    elif kind == "red_arrow":
        a, b, sea = fact["a"], fact["b"], fact["sea"]
        assert b in board.army_adjacent(a) and a in board.army_adjacent(b)
        assert _fleet_pair(board, a, b)
        info = board.edge_info(a, b)
        assert info.intervening_sea == sea and info.passage == "red-arrow"
        # The intervening fleet stands next to both ends, so it can hold, support or deny there.
        assert _fleet_pair(board, sea, a) and _fleet_pair(board, sea, b)
    elif kind == "apart_but_for_arrows":
        missing = {frozenset((e.a, e.b)) for e in load_exceptions("1815") if e.kind == "missing"}
        for a, b in fact["pairs"]:
            assert frozenset((a, b)) in missing
            assert board.edge_info(a, b).intervening_sea is not None
    elif kind == "home":
        assert set(fact["centres"]) <= set(board.powers[fact["power"]].home_centers)
    elif kind == "start_unit":
        letter, loc = fact["unit"].split()
        assert (UnitType(letter), loc) in board.powers[fact["power"]].start_units
    elif kind == "neutral":
        assert set(fact["centres"]) <= set(board.neutral_centers)
    elif kind == "minor_units":
        assert sum(len(m.start_units) for m in board.minor_powers.values()) >= fact["at_least"]
    else:
        raise AssertionError(f"unknown fact kind {kind!r} in {FACTS_FILE.name}")


@pytest.mark.parametrize("fact", FACTS, ids=[_fact_id(f) for f in FACTS])
def test_forced_fact(board: MapData, fact: dict[str, Any]) -> None:
    check_fact(board, fact)


def test_a_broken_fact_is_caught(board: MapData) -> None:
    # The checks themselves can fail: a fact the board doesn't honour is reported.
    with pytest.raises(AssertionError):
        check_fact(board, {"fact": "fleet_edge", "a": "BOM", "b": "ATL"})
    with pytest.raises(AssertionError):
        check_fact(board, {"fact": "red_arrow", "a": "LON", "b": "PIC", "sea": "ENG"})
    with pytest.raises(AssertionError):
        check_fact(board, {"fact": "no_army_edge", "a": "LON", "b": "LVP"})


def test_centres_add_up(board: MapData) -> None:
    homes = [c for p in board.powers.values() for c in p.home_centers]
    assert len(homes) == len(set(homes))
    assert set(homes).isdisjoint(board.neutral_centers)
    assert set(homes) | set(board.neutral_centers) == set(board.supply_centers)


def test_every_power_starts_with_one_unit_per_home_centre(board: MapData) -> None:
    for power in board.powers.values():
        places = sorted(province_of(loc) for _, loc in power.start_units)
        assert places == sorted(power.home_centers), power.id


def test_minor_units_hold_distinct_neutral_centres(board: MapData) -> None:
    places = [province_of(loc) for m in board.minor_powers.values() for _, loc in m.start_units]
    assert len(places) == len(set(places))
    assert set(places) <= set(board.neutral_centers)
    assert set(board.minor_powers).isdisjoint(board.powers)


def test_every_province_is_reachable(board: MapData) -> None:
    passable = {p for p, v in board.provinces.items() if v.is_passable}
    assert set(board.distances_from(["LON"])) == passable


def test_codes_are_three_letters_and_names_unique(board: MapData) -> None:
    assert all(len(p) == 3 and p.isalpha() for p in board.provinces)
    names = [p.name.lower() for p in board.provinces.values()]
    assert len(names) == len(set(names))
    # Every alias leads to its own province: no alias is taken by another province's name or code.
    for p in board.provinces.values():
        for alias in p.aliases:
            assert board.lookup(alias) == p.id, (p.id, alias)


def test_only_the_listed_crossings_lack_a_drawn_border(board: MapData) -> None:
    listed = {frozenset((e.a, e.b)) for e in load_exceptions("1815")}
    special = {edge for edge, info in board.edge_attributes.items()
               if info.half_strength or info.intervening_sea is not None}
    assert listed == special


def test_each_red_arrow_and_the_cape_route_is_drawn(board: MapData) -> None:
    geometry = load_geometry("1815")
    arrows = {edge for edge, info in board.edge_attributes.items() if info.intervening_sea is not None}
    drawn = set()
    for decoration in geometry.decorations:
        if decoration.kind == "crossing":
            ends = frozenset(geometry.location_at(*pt) for pt in (decoration.points[0], decoration.points[-1]))
            assert ends in arrows, decoration.id
            drawn.add(ends)
    assert drawn == arrows
    cape = [d for d in geometry.decorations if d.kind == "sea-route"]
    # One stub leaves the Atlantic and one the South Arabian Sea, each at the board's lower edge.
    assert sorted(geometry.location_at(*d.points[0]) for d in cape) == ["ATL", "SAS"]
    assert all(d.points[-1][1] >= geometry.height - 1 for d in cape)


def test_every_minor_unit_has_a_drawn_place(board: MapData) -> None:
    geometry = load_geometry("1815")
    for minor in board.minor_powers.values():
        for kind, loc in minor.start_units:
            assert geometry.location_at(*geometry.provinces[loc].unit) == loc, (minor.id, kind.value, loc)
