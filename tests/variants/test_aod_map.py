"""The Age of Discovery map generator: deterministic per seed, connected, fair (the criteria in
engine/variants/emg/aod_map.py), its drawing agreeing with its graph, and the variant playable through the
engine and the JSON contract."""
from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import pytest

import engine
from engine.contract import centers_by_power, units_by_power
from engine.game import Game
from engine.mapdata import MapData
from engine.types import ChancelleryError, UnitType
from engine.variants import find_variant
from engine.variants.emg.aod_map import (CELL_PX, MIN_START_DISTANCE, GeneratedMap, MapGenerationError, cell_outline,
                                         fairness_problems, generate)

QUICK = [(seed, players) for players in (9, 12, 16, 20) for seed in (0, 7)]
SWEEP = [(seed, players) for players in range(9, 21) for seed in range(6)]


def _reach(adjacency: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = {start}, deque([start])
    while todo:
        for b in adjacency[todo.popleft()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


def map_problems(made: GeneratedMap) -> list[str]:
    board = MapData.from_dict(made.map_doc)  # the map checker: every field, edge and power
    problems = fairness_problems(made)
    every = {p: set(board.any_adjacent(p)) for p in board.provinces}
    if _reach(every, next(iter(every))) != set(every):
        problems.append("the board is not connected")
    by_sea = {p: {q for q in board.fleet_adjacent(p)} for p in board.locations(UnitType.FLEET)}
    if _reach(by_sea, next(iter(by_sea))) != set(by_sea):
        problems.append("some seas or coasts can't be reached by fleets")
    cols, rows = made.columns, made.rows
    for area in made.areas:
        if not 1 <= len(area.cells) <= 3:
            problems.append(f"area {area.id} has {len(area.cells)} cells")
        cells = set(area.cells)
        linked = {area.cells[0]}
        for _ in range(3):
            linked |= {n for c, r in linked for n in (((c + 1) % cols, r), ((c - 1) % cols, r), (c, (r + 1) % rows),
                                                       (c, (r - 1) % rows)) if n in cells}
        if linked != cells:
            problems.append(f"area {area.id}'s cells don't hang together")
        touches_sea = any(board.provinces[n].is_sea for n in board.any_adjacent(area.id))
        if area.terrain != "sea" and (area.terrain == "coast") != touches_sea:
            problems.append(f"area {area.id} is {area.terrain} but {'touches' if touches_sea else 'misses'} the sea")
    if [a.number for a in made.areas] != list(range(1, len(made.areas) + 1)):
        problems.append("areas are not numbered 1..N")
    return problems


@pytest.mark.parametrize("seed,players", QUICK)
def test_generated_maps_are_connected_and_fair(seed: int, players: int) -> None:
    assert map_problems(generate(seed, players)) == []


@pytest.mark.slow
@pytest.mark.parametrize("seed,players", SWEEP)
def test_every_player_count_over_many_seeds(seed: int, players: int) -> None:
    assert map_problems(generate(seed, players)) == []


def test_a_seed_always_makes_the_same_map_and_another_seed_another() -> None:
    first, again, other = generate(5, 11), generate(5, 11), generate(6, 11)
    assert first.map_doc == again.map_doc and first.geometry_doc == again.geometry_doc
    assert first.map_doc["army_edges"] != other.map_doc["army_edges"]


def test_player_counts_outside_nine_to_twenty_are_refused() -> None:
    for players in (8, 21):
        with pytest.raises(MapGenerationError, match="9 to 20 players"):
            generate(1, players)


def test_the_fairness_check_finds_an_unfair_home() -> None:
    made = generate(2, 9)
    doc = json.loads(json.dumps(made.map_doc))
    doc["powers"][0]["units"] = doc["powers"][0]["units"][:1]  # one power loses its corps
    unfair = GeneratedMap(made.seed, made.players, made.columns, made.rows, made.areas, doc, made.geometry_doc)
    assert any("not an army and a corps" in p for p in fairness_problems(unfair))
    assert MIN_START_DISTANCE >= 4


@pytest.mark.parametrize("seed,players", [(0, 9), (3, 12), (1, 20)])
def test_the_drawing_agrees_with_the_graph(tmp_path: Path, seed: int, players: int) -> None:
    pytest.importorskip("shapely")
    from engine.geometry.check import check_geometry

    made = generate(seed, players)
    folder = tmp_path / made.map_id
    folder.mkdir()
    (folder / "map.json").write_text(json.dumps(made.map_doc), encoding="utf-8")
    (folder / "geometry.json").write_text(json.dumps(made.geometry_doc), encoding="utf-8")
    assert check_geometry(made.map_id, tmp_path) == []


def test_the_drawing_check_sees_a_missing_border_across_the_seam(tmp_path: Path) -> None:
    """Adjacency across the top-bottom seam counts only with wrap_y: without it the check reports it missing."""
    pytest.importorskip("shapely")
    from engine.geometry.check import check_geometry

    made = generate(0, 9)
    folder = tmp_path / made.map_id
    folder.mkdir()
    geometry = dict(made.geometry_doc, wrap_y=False)
    (folder / "map.json").write_text(json.dumps(made.map_doc), encoding="utf-8")
    (folder / "geometry.json").write_text(json.dumps(geometry), encoding="utf-8")
    assert any("missing" in p or "not drawn" in p or "border" in p for p in check_geometry(made.map_id, tmp_path))


def test_cell_outlines() -> None:
    s = CELL_PX
    assert cell_outline([(0, 0)]) == [[[0.0, 0.0, s, 0.0, s, s, 0.0, s]]]
    ell = cell_outline([(0, 0), (0, 1), (1, 1)])
    assert len(ell) == 1 and len(ell[0][0]) == 12  # one ring of six corners
    pinch = cell_outline([(0, 0), (1, 1)])
    assert len(pinch) == 2  # squares meeting at a corner are two polygons
    ring = cell_outline([(c, r) for c in range(3) for r in range(3) if (c, r) != (1, 1)])
    assert len(ring) == 1 and len(ring[0]) == 2  # an outer ring and the hole


def test_the_variant_takes_seed_and_players_and_plays_a_turn() -> None:
    variant = find_variant("age_of_discovery", {"seed": 4, "players": 9})
    assert [spec.name for spec in variant.option_specs] == ["victory_centers", "victory_vote", "victory_turns",
                                                          "victory_percent", "seed", "players"]
    assert variant.victory_centers == 36 == len(variant.board.supply_centers)
    assert len(variant.powers) == 9 and variant.map_id == "aod_9_4"
    with pytest.raises(ChancelleryError, match="players"):
        find_variant("age_of_discovery", {"seed": 4, "players": 21})
    game = Game.new(variant)
    power = variant.powers[0]
    army = next(u for u in game.state.units.values() if u.power == power and u.type is UnitType.ARMY)
    dest = sorted(a for a in variant.board.army_adjacent(army.loc) if a not in game.state.units
                  and a not in game.state.centers)[0]
    game.set_orders(power, [f"MO {army.loc} {dest}"])
    game.process()
    assert game.state.units[dest] == army.__class__(power, UnitType.ARMY, dest)
    assert game.state.extra["owned"][dest] == power  # the unowned area entered is taken (RG-MAP-9)
    assert game.state.phase.type.name == "MOVEMENT"  # no retreat or adjustment phase


def test_the_contract_adjudicates_an_age_of_discovery_turn() -> None:
    variant = find_variant("age_of_discovery", {"seed": 4, "players": 9})
    start = variant.initial_state()
    power = variant.powers[1]
    army = next(u for u in start.units.values() if u.power == power and u.type is UnitType.ARMY)
    answer = engine.adjudicate({"variant": "age_of_discovery", "options": {"seed": 4, "players": 9},
                                "phase": "S1901M", "units": units_by_power(start.units.values()),
                                "centers": centers_by_power(start.centers), "orders": {power: [f"UU {army.loc}", "DW " + variant.powers[2]]}})
    by_order = {e["order"]: e["result"] for e in answer["orders"]}
    assert by_order[f"DW {variant.powers[2]}"] == "fails"  # no war on the first turn
    assert by_order[f"UU {army.loc}"] == "invalid"  # a 2-point unit can't be upgraded: refused when read
    assert answer["next_phase"] == "F1901M"


def test_spies_in_age_of_discovery_are_twelve_and_go_two_areas_beyond_what_is_known() -> None:
    """RG-AOD-3/8/9: twelve spies, no further than two areas from known areas; the map remembers every area
    a power has seen."""
    from engine.types import OrderError

    variant = find_variant("age_of_discovery", {"seed": 4, "players": 9})
    game = Game.new(variant)
    power = variant.powers[0]
    state = game.state
    known = variant.visible_areas(state, power)
    distance = variant.board.distances_from(sorted(known))
    near = sorted((a for a, d in distance.items() if d == 2), key=int)[:12]
    far = next(a for a, d in sorted(distance.items()) if d == 3)
    assert variant.validate(variant.parse("SP " + " ".join(near)), state, power)
    with pytest.raises(OrderError, match="too far"):
        variant.validate(variant.parse(f"SP {far}"), state, power)
    with pytest.raises(OrderError, match="at most 12 spies"):
        variant.validate(variant.parse("SP " + " ".join(sorted(distance, key=int)[:13])), state, power)
    game.set_orders(power, ["SP " + " ".join(near)])
    game.process()
    remembered = set(game.state.extra["known"][power])
    assert known | set(near) <= remembered
    assert set(variant.view_for(game.state, power).extra["known"]) == {power}


def test_a_game_saved_and_loaded_keeps_its_map_relations_and_memory(tmp_path: Path) -> None:
    from engine.savefile import load_game, save_game

    variant = find_variant("age_of_discovery", {"seed": 4, "players": 9})
    game = Game.new(variant)
    first, second = variant.powers[:2]
    game.set_orders(first, [f"DA {second}"])
    game.set_orders(second, [f"DA {first}"])
    game.process()
    assert game.state.extra["relations"] == {f"{first} {second}": "ally"}
    save_game(game, tmp_path / "aod.json")
    loaded = load_game(tmp_path / "aod.json")
    assert loaded.variant.map_id == "aod_9_4" and loaded.variant.options["players"] == 9
    assert loaded.state == game.state


def test_each_power_names_areas_by_its_own_coordinates() -> None:
    """RG-AOD-5/7: X Y names count from each power's own origin; spies may target ``XXYY`` mixed with ids."""
    from engine.variants.emg.aod_map import area_at, coordinates

    variant = find_variant("age_of_discovery", {"seed": 4, "players": 9})
    extra = variant.board.extra
    first, second = variant.powers[:2]
    start = next(loc for kind, loc in variant.board.powers[first].start_units if kind is UnitType.ARMY)
    assert coordinates(extra, first, start) == (1, 1)
    assert coordinates(extra, first, start) != coordinates(extra, second, start)
    for area in list(variant.board.provinces)[:60]:
        x, y = coordinates(extra, first, area)
        assert area_at(extra, first, x, y) == area
    state = variant.initial_state()
    neighbour = sorted(variant.board.any_adjacent(start), key=int)[0]
    spies = variant.validate(variant.parse(f"SP 0101 {neighbour}"), state, first)
    assert spies.areas == (start, neighbour)  # type: ignore[attr-defined]
