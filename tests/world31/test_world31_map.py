"""The World Diplomacy (31 countries) board honours every fact its rules state: each start unit of the rules'
table stands on its province with its coast and terrain, the order examples' moves are adjacencies, and the
canals, waterways, Israel, the polar circles and the east-west wrap are where the rules put them. The facts are
data (``world31_facts.json``); the map is loaded as the engine loads it, and set up through a test-only variant."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from world31_map_variant import World31MapVariant

from engine.game import Game
from engine.geometry.load import load_geometry
from engine.mapdata import load_map
from engine.types import Terrain, Unit, UnitType

FACTS = json.loads((Path(__file__).parent / "world31_facts.json").read_text(encoding="utf-8"))
BOARD = load_map("world31")
CONTINENTS = ("NA", "SA", "EP", "AF", "ME", "AS", "OC", "AA")


def seed_units() -> list[tuple[str, str, str, int, str | None]]:
    """(country, kind, continent, number, coast) for every unit of the rules' start table."""
    out = []
    for country, items in FACTS["start"].items():
        tag = None
        for item in items.split(","):
            m = re.fullmatch(r"\s*(?:\{(\w\w)\}\s*)?([AF])\s+(\d+)(?:\s*\((\w+)\))?\s*", item)
            assert m, item
            tag = m.group(1) or tag
            assert tag is not None
            out.append((country, m.group(2), tag, int(m.group(3)), m.group(4)))
    return out


UNITS = seed_units()


def area(continent: str, number: int) -> str:
    """The province a continent tag and number name, looked up by its typed attributes."""
    found = [p.id for p in BOARD.provinces.values() if p.continent == continent and p.number == number]
    assert len(found) == 1, f"{{{continent}}} {number}: {found}"
    return found[0]


def test_the_start_table_has_the_rules_counts() -> None:
    counts = FACTS["unit_counts"]
    assert len(UNITS) == counts["units"]
    assert sum(u[1] == "F" for u in UNITS) == counts["fleets"]
    assert sum(u[1] == "A" for u in UNITS) == counts["armies"]
    assert len(FACTS["countries"]) == len(BOARD.powers) == 31


@pytest.mark.parametrize("unit", UNITS, ids=lambda u: f"{u[0]} {{{u[2]}}} {u[1]} {u[3]}")
def test_each_start_unit_stands_where_the_rules_say(unit: tuple[str, str, str, int, str | None]) -> None:
    country, kind, continent, number, coast = unit
    prov = area(continent, number)
    loc = f"{prov}/{coast.upper()}" if coast else prov
    power = BOARD.powers[FACTS["countries"][country]]
    assert (UnitType(kind), loc) in power.start_units
    terrain = BOARD.provinces[prov].terrain
    assert terrain is (Terrain.COAST if kind == "F" else terrain) and terrain is not Terrain.SEA
    if kind == "F":
        assert BOARD.fleet_adjacent(loc), f"a fleet on {loc} can't move anywhere"
    assert prov in power.home_centers and BOARD.provinces[prov].owner == power.id
    assert BOARD.provinces[prov].city, f"home centre {prov} has no city"


def test_every_power_starts_with_exactly_the_rules_units() -> None:
    expected: dict[str, set[str]] = {}
    for country, kind, continent, number, coast in UNITS:
        loc = area(continent, number) + (f"/{coast.upper()}" if coast else "")
        expected.setdefault(FACTS["countries"][country], set()).add(f"{kind} {loc}")
    actual = {pid: {f"{k.value} {loc}" for k, loc in p.start_units} for pid, p in BOARD.powers.items()}
    assert actual == expected


def test_land_areas_are_numbered_per_continent_and_seas_are_not() -> None:
    for p in BOARD.provinces.values():
        if p.is_sea:
            assert p.continent is None and p.number is None and p.id.isalpha()
        else:
            assert p.continent in CONTINENTS and isinstance(p.number, int)
            assert p.id == f"{p.continent}{p.number}"
            assert f"{{{p.continent.lower()}}} {p.number}" in p.aliases
    assert {p.continent for p in BOARD.provinces.values() if p.is_land} == set(CONTINENTS)


def test_named_areas_are_the_rules_places() -> None:
    for pid, name in FACTS["named_areas"].items():
        assert BOARD.provinces[pid].name == name


@pytest.mark.parametrize("example", FACTS["example_orders"], ids=lambda e: e["order"])
def test_the_rules_order_examples_are_legal_moves(example: dict[str, str]) -> None:
    assert example["to"] in BOARD.fleet_adjacent(example["from"])
    assert BOARD.provinces[example["to"]].is_sea


def test_the_build_example_is_a_british_home_centre() -> None:
    ex = FACTS["build_example"]
    assert ex["province"] in BOARD.powers[ex["power"]].home_centers
    assert BOARD.provinces[ex["province"]].is_coastal


def test_new_york_has_a_lake_coast_and_an_atlantic_coast() -> None:
    ny = FACTS["new_york"]
    assert set(BOARD.provinces[ny["area"]].coasts) == set(ny["coasts"])
    north, south = BOARD.fleet_adjacent(ny["area"] + "/NC"), BOARD.fleet_adjacent(ny["area"] + "/SC")
    assert set(ny["north_seas"]) <= north and not set(ny["north_seas"]) & south
    assert set(ny["south_seas"]) <= south and not set(ny["south_seas"]) & north


@pytest.mark.parametrize("canal", FACTS["canals"], ids=lambda c: c["passage"])
def test_canal_areas_join_their_seas(canal: dict) -> None:
    prov = canal["area"]
    assert BOARD.provinces[prov].is_coastal
    for sea in canal["seas"]:
        assert sea in BOARD.fleet_adjacent(prov)
        info = BOARD.edge_info(prov, sea)
        assert info.canal and info.passage == canal["passage"]


@pytest.mark.parametrize("pair", FACTS["closed_seas"], ids=lambda p: f"{p[0]}-{p[1]}")
def test_seas_a_canal_joins_do_not_touch(pair: list[str]) -> None:
    a, b, _why = pair
    assert b not in BOARD.fleet_adjacent(a)


def test_the_volga_canal_joins_the_black_sea_and_the_caspian() -> None:
    rostov, volga = FACTS["volga_canal"]["ends"]
    black, caspian = FACTS["volga_canal"]["seas"]
    assert volga in BOARD.fleet_adjacent(rostov)
    assert BOARD.edge_info(rostov, volga).canal and BOARD.edge_info(rostov, volga).passage == "volga"
    assert black in BOARD.fleet_adjacent(rostov) and caspian in BOARD.fleet_adjacent(volga)
    # The Caspian is otherwise closed: its only routes for fleets are its shores.
    assert all(not BOARD.provinces[x].is_sea for x in BOARD.fleet_adjacent(caspian))


@pytest.mark.parametrize("name", ["St. Lawrence Seaway", "Mississippi River"])
def test_waterways_run_along_their_areas_between_their_waters(name: str) -> None:
    pairs = FACTS["waterways"][name]
    for a, b in pairs:
        assert b in BOARD.fleet_adjacent(a)
        assert BOARD.edge_info(a, b).waterway == name
    start, end = FACTS["waterways"]["ends"][name]
    # A fleet can go from one end to the other along the waterway's areas.
    chain = {x for pair in pairs for x in pair}
    reach, frontier = {start}, [start]
    while frontier:
        here = frontier.pop()
        for nxt in BOARD.fleet_adjacent(here):
            if nxt not in reach and (nxt in chain or nxt == end):
                reach.add(nxt)
                frontier.append(nxt)
    assert end in reach


def test_israel_is_reached_by_fleets_from_the_eastern_mediterranean_only() -> None:
    isr = FACTS["israel"]
    assert BOARD.provinces[isr["area"]].is_coastal
    assert BOARD.fleet_adjacent(isr["area"]) == frozenset(isr["fleet_from"])
    for sea in isr["never_from"]:
        assert isr["area"] not in BOARD.fleet_adjacent(sea)


def test_panama_is_the_only_fleet_link_between_the_american_oceans() -> None:
    atlantic, pacific = set(FACTS["panama_atlantic_seas"]), set(FACTS["panama_pacific_seas"])
    both = [loc for loc in BOARD.provinces if not BOARD.provinces[loc].is_sea and not BOARD.provinces[loc].coasts
            and BOARD.provinces[loc].is_coastal
            and BOARD.fleet_adjacent(loc) & atlantic and BOARD.fleet_adjacent(loc) & pacific]
    assert both == ["SA57"]
    assert not any(BOARD.fleet_adjacent(s) & pacific for s in atlantic)


@pytest.mark.parametrize("route", ["over_the_top", "round_the_bottom"])
def test_fleets_can_go_over_the_top_and_round_the_bottom_of_the_americas(route: str) -> None:
    seas = FACTS[route]
    for a, b in zip(seas, seas[1:]):
        assert b in BOARD.fleet_adjacent(a), f"{a}-{b}"


def test_polar_circles() -> None:
    for pid in FACTS["arctic"]:
        assert BOARD.provinces[pid].polar == "arctic", pid
    for pid in FACTS["antarctic"]:
        assert BOARD.provinces[pid].polar == "antarctic", pid
    for pid in FACTS["temperate"]:
        assert BOARD.provinces[pid].polar is None, pid
    assert all(p.polar == "antarctic" for p in BOARD.provinces.values() if p.continent == "AA")


def test_initial_ownership_and_cities() -> None:
    for p in BOARD.provinces.values():
        if p.owner is not None:
            assert p.is_land and p.owner in BOARD.powers
    for pw in BOARD.powers.values():
        owned = {p.id for p in BOARD.provinces.values() if p.owner == pw.id}
        assert set(pw.home_centers) <= owned
    assert sum(1 for p in BOARD.provinces.values() if p.city) > 250


def test_the_board_wraps_east_west() -> None:
    geometry = load_geometry("world31")
    assert geometry.wrap_x
    # The Bering Sea lies across the seam; the two North Pacific zones meet across it.
    assert "NPE" in BOARD.fleet_adjacent("NPW")
    bering_parts = geometry.provinces["BER"].region
    assert len(bering_parts) >= 2 and min(min(p[0][0::2]) for p in bering_parts) < 1.0
    assert max(max(p[0][0::2]) for p in bering_parts) > geometry.width - 1.0


def test_the_board_sets_up_and_plays_a_phase_under_standard_rules() -> None:
    game = Game.new(World31MapVariant())
    state = game.state
    assert str(state.phase).startswith("W2000")
    assert len(state.units) == 132
    assert sum(u.type is UnitType.FLEET for u in state.units.values()) == 76


def test_legal_orders_on_the_world_board_under_standard_rules_search_chains_without_the_chain_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A map of more convoying seas than the table of every convoy chain can hold (the World's 112) lists
    its legal orders by the general search: the standard text tables, which need that table, are never
    built for it (they once grew to many gigabytes), and the answer is the typed options'."""
    import engine.option_texts as option_texts
    from engine.options import legal_orders_for_state, legal_orders_json_for_state
    from engine.validate import chain_table_fits

    def refuse(board: object) -> None:
        raise AssertionError("the chain table was built for a map too large for it")

    monkeypatch.setattr(option_texts, "convoy_chains", refuse)
    assert not chain_table_fits(BOARD)
    variant = World31MapVariant()
    start = variant.initial_state()
    # A fleet put at sea beside an army on the coast, so that convoys are among the options.
    army = next(u for u in start.units.values() if u.type is UnitType.ARMY and BOARD.provinces[u.loc].is_coastal)
    sea = next(p for p in sorted(BOARD.provinces) if BOARD.provinces[p].can_convoy and not BOARD.provinces[p].coasts
               and p not in start.units and BOARD.reaches_province(UnitType.FLEET, p, army.loc))
    state = start.replace(units={**start.units, sea: Unit(army.power, UnitType.FLEET, sea)})
    texts = legal_orders_for_state(variant, state)
    typed = {power: {slot: [str(o) for o in orders] for slot, orders in per.items()}
             for power, per in variant.legal_orders(state).items()}
    assert texts == typed
    assert legal_orders_json_for_state(variant, state) == json.dumps(texts)
    assert any(" C A " in text for per in texts.values() for options in per.values() for text in options)
